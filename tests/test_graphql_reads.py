"""A GraphQL query sent by POST is a read: its failures changed nothing, and an answer that
cannot be read is not a write acknowledged.

GraphQL over HTTP sends every operation by POST; "query" is "a read-only fetch"
(https://spec.graphql.org/October2021/#sec-Language.Operations). Only the request's own
document decides: its operation (chosen by ``operationName`` among several), with strings,
block strings and comments skipped and brackets counted.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from tool_outcomes import Effect, FailureCode, Outcome, RetryPolicy, classify_http, tool
from tool_outcomes.classify._graphql_request import is_query
from tool_outcomes.testing import FakeClock

URL = "https://api.example.test/graphql"
MAINTENANCE = "<html><head><title>Down for maintenance</title></head></html>"


def body(document: str, **more: Any) -> bytes:
    return json.dumps({"query": document, **more}).encode()


@pytest.mark.parametrize(
    ("sent", "query"),
    [
        (body("{ viewer { login } }"), True),  # the shorthand: a selection set alone
        (body("query Q($n: Int = 5) { repo(first: $n) { mutation: name } }"), True),
        (body('query { search(q: "mutation { x }") { id } }'), True),
        (body('query { a(x: """mutation { }""") }'), True),
        (body("# mutation here\nquery { a }"), True),
        (body("query Q($f: F = {a: {b: 1}}) { a }"), True),
        (body("fragment F on User { id } query { viewer { ...F } }"), True),
        (body("query A { a } mutation B { b }", operationName="A"), True),
        (json.dumps([{"query": "{ a }"}, {"query": "query { b }"}]).encode(), True),
        (body("mutation M { addStar(input: {}) { clientMutationId } }"), False),
        (body("query A { a } mutation B { b }", operationName="B"), False),
        (body("query A { a } mutation B { b }"), False),  # no operationName to choose one
        (body("query A { a }", operationName="Nope"), False),
        (body("subscription { a }"), False),
        (json.dumps([{"query": "{ a }"}, {"query": "mutation { b }"}]).encode(), False),
        (json.dumps({"extensions": {"persistedQuery": {"sha256Hash": "ab"}}}).encode(), False),
        (body("query { a "), False),  # unbalanced
        (body("type Query { a: Int }"), False),  # a schema, not a request
        (b'{"query": ', False),
        (b"", False),
        (None, False),
    ],
)
def test_only_a_request_whose_operation_is_a_query_is_one(sent: bytes | None, query: bool) -> None:
    assert is_query(sent) is query


@given(st.text(max_size=200))
def test_any_document_is_read_without_raising(document: str) -> None:
    assert is_query(body(document)) in (True, False)


def post(document: str, status: int = 200, **response: Any) -> httpx.Response:
    request = httpx.Request("POST", URL, content=body(document))
    return httpx.Response(status, request=request, **response)


def test_an_unreadable_answer_to_a_query_is_a_failure_not_a_write_acknowledged() -> None:
    env = classify_http(post("query { shop { name } }", html=MAINTENANCE))
    assert env.outcome is Outcome.ACCESS_FAILURE
    assert env.failure is not None
    assert env.failure.code is FailureCode.INVALID_BODY
    assert env.method is None
    # A mutation's 2xx still acknowledges the write, whatever came with it.
    written = classify_http(post("mutation { tagsAdd(id: 1) { node { id } } }", html=MAINTENANCE))
    assert written.outcome is Outcome.SUCCESS
    assert written.method == "POST"


def test_a_failed_query_changed_nothing_a_failed_mutation_may_have() -> None:
    read = classify_http(post("query { shop { name } }", 503))
    assert read.failure is not None
    assert read.failure.effect is Effect.NONE
    written = classify_http(post("mutation { a }", 503))
    assert written.failure is not None
    assert written.failure.effect is Effect.UNKNOWN


def test_a_query_that_timed_out_changed_nothing() -> None:
    for document, effect in (("{ a }", Effect.NONE), ("mutation { a }", Effect.UNKNOWN)):
        request = httpx.Request("POST", URL, content=body(document))
        env = classify_http(httpx.ReadTimeout("read timed out", request=request))
        assert env.failure is not None
        assert env.failure.effect is effect, document


class NoArgs(BaseModel):
    pass


class Shop(BaseModel):
    data: dict[str, Any]


def graphql_tool(document: str) -> Any:
    policy = RetryPolicy(max_attempts=3, backoff_base_s=0.1, backoff_cap_s=1.0, seed=7)

    @tool(args=NoArgs, result=Shop, name="shop", policy=policy)
    def shop(args: NoArgs) -> httpx.Request:
        return httpx.Request("POST", URL, json={"query": document})

    return shop


def flaky() -> tuple[httpx.MockTransport, list[int]]:
    """A GraphQL endpoint that times out once, then answers."""
    calls: list[int] = []

    def respond(request: httpx.Request) -> httpx.Response:
        calls.append(1)
        if len(calls) == 1:
            raise httpx.ReadTimeout("read timed out", request=request)
        return httpx.Response(200, json={"data": {"shop": {"name": "x"}}})

    return httpx.MockTransport(respond), calls


def test_the_adapter_retries_a_query_that_timed_out_and_never_a_mutation() -> None:
    transport, calls = flaky()
    with httpx.Client(transport=transport) as http:
        env = graphql_tool("query { shop { name } }").call(client=http, sleep=FakeClock().sleep)
    assert env.outcome is Outcome.SUCCESS
    assert (env.attempts, len(calls)) == (2, 2)
    transport, calls = flaky()
    with httpx.Client(transport=transport) as http:
        env = graphql_tool("mutation { shopUpdate { id } }").call(
            client=http, sleep=FakeClock().sleep
        )
    assert env.outcome is Outcome.ACCESS_FAILURE
    assert env.failure is not None
    assert env.failure.effect is Effect.UNKNOWN
    assert (env.attempts, len(calls)) == (1, 1)
