"""Tools that are not httpx: SDK and database exceptions, ToolFailure, errors=, other clients.

A plain handler that raises a library's exception, declares a failure, or returns a
``requests.Response`` gets the outcome its source documents, is retried exactly when that is
transient, and reads right in ``to_text``; sync and async alike.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import requests
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from test_libraries import CASES, requests_response
from tool_outcomes import (
    Envelope,
    Failure,
    FailureCode,
    FailureKind,
    Outcome,
    RetryPolicy,
    Tool,
    ToolFailure,
    classify_parts,
    to_text,
    tool,
)
from tool_outcomes.testing import FakeClock

RETRY3 = RetryPolicy(max_attempts=3, backoff_base_s=0.1, backoff_cap_s=1.0, seed=3)


class Query(BaseModel):
    q: str = "refund"
    api_key: str = "sk-live-abcdef123456"


def without_call_id(env: Envelope[Any]) -> Envelope[Any]:
    """The envelope but for its call id, which is new on every call."""
    return env.model_copy(update={"call_id": None})


def counting_tool(produce: Callable[[], Any], **options: Any) -> tuple[Tool[Query, Any], list[int]]:
    """A sync and an async handler in one: each call appends to ``calls`` and produces."""
    calls: list[int] = []

    def handler(args: Query) -> Any:
        calls.append(1)
        return produce()

    return tool(args=Query, name="lookup", policy=RETRY3, **options)(handler), calls


def counting_async_tool(
    produce: Callable[[], Any], **options: Any
) -> tuple[Tool[Query, Any], list[int]]:
    calls: list[int] = []

    async def handler(args: Query) -> Any:
        calls.append(1)
        await asyncio.sleep(0)
        return produce()

    return tool(args=Query, name="lookup", policy=RETRY3, **options)(handler), calls


def run(tool_: Tool[Query, Any], mode: str) -> Envelope[Any]:
    clock = FakeClock()
    if mode == "sync":
        return tool_.call(Query(), sleep=clock.sleep, clock=clock)
    return asyncio.run(tool_.acall(Query(), sleep=clock.asleep, clock=clock))


def make_tool(
    mode: str, produce: Callable[[], Any], **options: Any
) -> tuple[Tool[Query, Any], list[int]]:
    return (counting_tool if mode == "sync" else counting_async_tool)(produce, **options)


def raiser(exc: BaseException) -> Callable[[], Any]:
    def produce() -> Any:
        raise exc

    return produce


MODES = ["sync", "async"]


# -- library exceptions raised by a plain handler -------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name", CASES)
def test_a_handler_raising_a_library_exception_is_classified_and_retried_only_when_transient(
    name: str, mode: str, tmp_path: Path
) -> None:
    """The library's documented code and kind; three attempts when transient, one otherwise."""
    case = CASES[name]
    exc = case.make(tmp_path / "db.sqlite")
    lookup, calls = make_tool(mode, raiser(exc))
    env = run(lookup, mode)
    assert env.outcome is Outcome.ACCESS_FAILURE
    assert env.failure is not None
    assert (env.failure.code, env.failure.kind) == (case.code, case.kind), env.failure.detail
    assert case.says in env.failure.detail
    assert len(calls) == env.attempts == (3 if case.kind is FailureKind.TRANSIENT else 1)
    assert env.target == "lookup(q='refund', api_key='[REDACTED]')"
    text = to_text(env)
    assert text.startswith("NO ANSWER")
    assert case.says in text
    assert ("The failure is transient" in text) == (case.kind is FailureKind.TRANSIENT)
    says_no_retry = "Do not retry" in text or "Neither retrying" in text
    assert says_no_retry == (case.kind is FailureKind.PERMANENT)
    assert "sk-live-abcdef123456" not in text


# -- ToolFailure ----------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_a_declared_transient_failure_is_classified_as_declared_and_retried_after_its_wait(
    mode: str,
) -> None:
    """ToolFailure's code, kind, detail, status and wait reach the envelope; the wait is honoured."""
    declared = ToolFailure("rate_limited", "transient", "quota window full", retry_after_s=5,
                           http_status=429)  # fmt: skip
    lookup, calls = make_tool(mode, raiser(declared))
    clock = FakeClock()
    if mode == "sync":
        env = lookup.call(Query(), sleep=clock.sleep, clock=clock)
    else:
        env = asyncio.run(lookup.acall(Query(), sleep=clock.asleep, clock=clock))
    assert env.failure == Failure(
        code=FailureCode.RATE_LIMITED, kind=FailureKind.TRANSIENT, detail="quota window full",
        http_status=429, retry_after_s=5.0,
    )  # fmt: skip
    assert len(calls) == 3
    assert all(sleep >= 5.0 for sleep in clock.sleeps)
    assert "quota window full" in to_text(env)


@pytest.mark.parametrize("mode", MODES)
def test_a_declared_permanent_failure_surfaces_at_once(mode: str) -> None:
    """A permanent ToolFailure is one attempt, with its own words."""
    lookup, calls = make_tool(
        mode, raiser(ToolFailure(FailureCode.NOT_FOUND, "permanent", "no such ticket"))
    )
    env = run(lookup, mode)
    assert env.failure is not None
    assert (env.failure.code, env.failure.kind, env.failure.detail) == (
        FailureCode.NOT_FOUND, FailureKind.PERMANENT, "no such ticket",
    )  # fmt: skip
    assert len(calls) == 1


@pytest.mark.parametrize(
    ("args", "kwargs", "match"),
    [
        (("slow", "transient", "x"), {}, "unknown failure code 'slow'"),
        (("timeout", "maybe", "x"), {}, "unknown failure kind 'maybe'"),
        (("timeout", "transient", "x"), {"retry_after_s": -1}, "retry_after_s"),
        (("timeout", "transient", "x"), {"http_status": 99}, "http_status"),
    ],
)
def test_a_tool_failure_outside_the_closed_sets_is_a_clear_error(
    args: tuple[str, str, str], kwargs: dict[str, Any], match: str
) -> None:
    """An unknown code or kind, a negative wait or an impossible status is refused at once."""
    with pytest.raises(ValueError, match=match):
        ToolFailure(*args, **kwargs)


def test_a_tool_failure_says_its_detail() -> None:
    """str() and the properties are the declaration."""
    exc = ToolFailure("timeout", "transient", "the warehouse did not answer", retry_after_s=1.5)
    assert str(exc) == "the warehouse did not answer"
    assert (exc.code, exc.kind, exc.retry_after_s, exc.http_status) == (
        FailureCode.TIMEOUT, FailureKind.TRANSIENT, 1.5, None,
    )  # fmt: skip


# -- errors= --------------------------------------------------------------------------------------


class StoreError(Exception):
    def __init__(self, message: str, retryable: bool) -> None:
        super().__init__(message)
        self.retryable = retryable


class QuotaSpent(StoreError):
    pass


def retryable_only(exc: BaseException) -> Failure | None:
    if isinstance(exc, StoreError) and exc.retryable:
        return Failure(
            code=FailureCode.SERVER_ERROR, kind=FailureKind.TRANSIENT, detail=f"store: {exc}"
        )
    return None


ERRORS: dict[type[BaseException], Any] = {
    QuotaSpent: (FailureCode.RATE_LIMITED, FailureKind.PERMANENT),
    StoreError: retryable_only,
    requests.exceptions.ReadTimeout: ("timeout", "permanent"),  # declared beats the library row
}


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    ("exc", "code", "kind", "attempts"),
    [
        (QuotaSpent("daily quota", retryable=True), FailureCode.RATE_LIMITED, FailureKind.PERMANENT, 1),
        (StoreError("shard moving", retryable=True), FailureCode.SERVER_ERROR, FailureKind.TRANSIENT, 3),
        (StoreError("bad query", retryable=False), FailureCode.EXECUTION, FailureKind.PERMANENT, 1),
        (requests.exceptions.ReadTimeout("read timed out"), FailureCode.TIMEOUT, FailureKind.PERMANENT, 1),
        (requests.exceptions.ConnectTimeout("connect timed out"), FailureCode.TIMEOUT, FailureKind.TRANSIENT, 3),
    ],
    ids=["most specific class first", "callable decides", "None falls through",
         "declared before the library rule", "undeclared: the library rule"],
)  # fmt: skip
def test_errors_mappings_come_first_in_mro_order_and_none_falls_through(
    mode: str, exc: BaseException, code: FailureCode, kind: FailureKind, attempts: int
) -> None:
    """errors= is read along the MRO before the built-in rules; a None hands on."""
    lookup, calls = make_tool(mode, raiser(exc), errors=ERRORS)
    env = run(lookup, mode)
    assert env.failure is not None
    assert (env.failure.code, env.failure.kind) == (code, kind)
    assert len(calls) == attempts


@pytest.mark.parametrize(
    ("mapping", "says"),
    [
        (lambda exc: 1 / 0, "raised ZeroDivisionError"),
        (lambda exc: "timeout", "returned str, not a Failure or None"),
    ],
)
def test_an_errors_function_that_misbehaves_is_an_execution_failure_that_says_so(
    mapping: Callable[[BaseException], Any], says: str
) -> None:
    """A mapping function's own bug is reported, never raised out of call()."""
    lookup, _ = counting_tool(raiser(StoreError("x", retryable=True)), errors={StoreError: mapping})
    env = run(lookup, "sync")
    assert env.failure is not None
    assert env.failure.code is FailureCode.EXECUTION
    assert says in env.failure.detail
    assert "StoreError" in env.failure.detail


@pytest.mark.parametrize(
    ("errors", "error"),
    [
        ({"StoreError": (FailureCode.TIMEOUT, FailureKind.TRANSIENT)}, TypeError),
        ({StoreError: "timeout"}, TypeError),
        ({StoreError: ("slow", "transient")}, ValueError),
        ([StoreError], TypeError),
    ],
)
def test_a_malformed_errors_mapping_is_refused_when_the_tool_is_declared(
    errors: Any, error: type[Exception]
) -> None:
    """Keys are exception classes, values (code, kind) or callables: anything else is loud."""
    with pytest.raises(error):
        tool(args=Query, errors=errors)(lambda args: [])


# -- a requests.Response (or any response-like object) returned by a handler ---------------------


def httpx_response(status: int, headers: dict[str, str], body: bytes) -> httpx.Response:
    request = httpx.Request("GET", "http://api.test/items?key=s3cret")
    return httpx.Response(status, headers=headers, content=body, request=request)


def with_request(response: requests.Response) -> requests.Response:
    prepared = requests.Request("GET", "http://api.test/items?key=s3cret").prepare()
    response.request = prepared
    return response


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    ("status", "headers", "body", "outcome", "attempts"),
    [
        (200, {"Content-Type": "application/json"}, b'{"results": [{"id": 1}], "count": 1}', Outcome.SUCCESS, 1),
        (200, {"Content-Type": "application/json"}, b'{"results": [{"id": 1}], "count": 9}', Outcome.PARTIAL, 1),
        (200, {"Content-Type": "application/json"}, b"", Outcome.EMPTY, 1),
        (503, {"Retry-After": "2"}, b"<html>down</html>", Outcome.ACCESS_FAILURE, 3),
        (401, {}, b'{"error": "bad key"}', Outcome.ACCESS_FAILURE, 1),
        (200, {"Content-Type": "text/html"}, b"<html>login</html>", Outcome.ACCESS_FAILURE, 1),
    ],
    ids=["200", "200 with more pages", "200 empty", "503", "401", "200 html"],
)  # fmt: skip
def test_a_handler_returning_a_requests_response_is_classified_as_httpx_is(
    mode: str, status: int, headers: dict[str, str], body: bytes, outcome: Outcome, attempts: int
) -> None:
    """A requests.Response gets the outcome an httpx.Response would, with the tool's options."""
    lookup, calls = make_tool(
        mode,
        lambda: with_request(requests_response(status, headers, body)),
        items="results",
        total="count",
    )
    env = run(lookup, mode)
    assert env.outcome is outcome
    assert len(calls) == attempts
    assert env.target == "http://api.test/items?key=[REDACTED]"
    twin, _ = make_tool(
        mode, lambda: httpx_response(status, headers, body), items="results", total="count"
    )
    assert without_call_id(env) == without_call_id(run(twin, mode))


def test_a_response_past_the_byte_cap_is_too_large() -> None:
    """The tool's max_body_bytes holds for any client's response, as for the adapter's reads."""
    body = json.dumps([{"id": n} for n in range(200)]).encode()
    lookup, _ = counting_tool(lambda: requests_response(200, {}, body), max_body_bytes=100)
    env = run(lookup, "sync")
    assert env.failure is not None
    assert env.failure.code is FailureCode.TOO_LARGE


def test_a_response_whose_body_cannot_be_read_is_classified_by_that_error() -> None:
    """A streamed body that broke while being read is the read's failure, not a crash."""

    class Broken:
        status_code = 200
        headers: dict[str, str] = {}  # noqa: RUF012 (a stand-in's class attribute)

        @property
        def content(self) -> bytes:
            raise requests.exceptions.ChunkedEncodingError("Connection broken")

    lookup, calls = counting_tool(Broken)
    env = run(lookup, "sync")
    assert env.failure is not None
    assert (env.failure.code, env.failure.kind) == (FailureCode.NETWORK, FailureKind.TRANSIENT)
    assert len(calls) == 3


class TextOnly:
    """A response-like object from some other client: status_code, headers, text."""

    def __init__(self, status: int, headers: dict[str, str], text: str) -> None:
        self.status_code, self.headers, self.text = status, headers, text


def test_any_object_with_status_code_headers_and_text_is_a_response() -> None:
    """The duck-typed form: no content bytes, a text body, a plain dict of headers."""
    lookup, _ = counting_tool(
        lambda: TextOnly(200, {"content-type": "application/json"}, '[{"id": 1}]')
    )
    env = run(lookup, "sync")
    assert env.outcome is Outcome.SUCCESS
    assert env.data == [{"id": 1}]


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)
_HEADERS = st.dictionaries(
    st.sampled_from(["Content-Type", "Retry-After", "Link", "X-Total-Count", "Date"]),
    st.sampled_from(["application/json", "text/html", "3", "<http://api.test/items?page=2>; rel=\"next\"", "12", "junk"]),
    max_size=3,
)  # fmt: skip


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    status=st.sampled_from([200, 201, 202, 204, 206, 301, 400, 404, 409, 429, 500, 503, 529]),
    headers=_HEADERS,
    body=st.one_of(_JSON.map(lambda v: json.dumps(v).encode()), st.binary(max_size=40)),
    options=st.fixed_dictionaries(
        {},
        optional={
            "items": st.sampled_from(["results", "hits.hits"]),
            "total": st.sampled_from(["count", "total"]),
            "not_found": st.sampled_from(["empty", "failure"]),
            "expect": st.sampled_from(["json", "text"]),
            "result": st.sampled_from([list[dict[str, Any]], dict[str, int]]),
        },
    ),
)
def test_for_any_response_a_requests_response_and_an_httpx_response_give_the_same_envelope(
    status: int, headers: dict[str, str], body: bytes, options: dict[str, Any]
) -> None:
    """Field for field, whatever the status, headers, body and the tool's options."""
    tool_a, _ = counting_tool(
        lambda: with_request(requests_response(status, headers, body)), **options
    )
    tool_b, _ = counting_tool(lambda: httpx_response(status, headers, body), **options)
    assert without_call_id(run(tool_a, "sync")) == without_call_id(run(tool_b, "sync"))


# -- tool.classify and classify_parts --------------------------------------------------------------


def test_tool_classify_applies_the_tools_options_to_a_response_the_caller_got() -> None:
    """Items, total and the result model are the tool's; nothing is retried."""
    lookup, calls = counting_tool(list, items="results", total="count", result=list[dict[str, int]])
    response = with_request(requests_response(200, {}, b'{"results": [{"id": "7"}], "count": 3}'))
    env = lookup.classify(response)
    assert env.outcome is Outcome.PARTIAL
    assert env.data == [{"id": 7}]
    assert env.coverage is not None
    assert env.coverage.total == 3
    assert env.tool == "lookup"
    assert calls == []


def test_tool_classify_reads_an_exception_through_errors_and_the_library_rules() -> None:
    """An exception the caller caught is classified as if the handler had raised it."""
    lookup, _ = counting_tool(
        list, errors={StoreError: (FailureCode.TIMEOUT, FailureKind.TRANSIENT)}
    )
    env = lookup.classify(StoreError("slow", retryable=True))
    assert env.failure is not None
    assert env.failure.code is FailureCode.TIMEOUT
    boto = lookup.classify(CASES["botocore ThrottlingException"].make(Path()))
    assert boto.failure is not None
    assert boto.failure.code is FailureCode.RATE_LIMITED
    assert boto.attempts == 1


def test_classify_parts_takes_a_requests_responses_headers_as_they_are() -> None:
    """r.headers (a CaseInsensitiveDict) needs no conversion, and means what httpx.Headers would."""
    r = requests_response(429, {"Retry-After": "4", "Content-Type": "application/json"}, b"{}")
    env = classify_parts(r.status_code, r.headers, r.content)
    twin = classify_parts(
        429, httpx.Headers({"Retry-After": "4", "Content-Type": "application/json"}), b"{}"
    )
    assert env == twin
    assert env.failure is not None
    assert env.failure.retry_after_s == 4.0


def test_classify_parts_with_unreadable_headers_is_an_execution_failure() -> None:
    """Headers no client could hold are a clear failure, never a crash."""
    env = classify_parts(200, [("only-a-name",)], b"[]")  # type: ignore[arg-type]
    assert env.failure is not None
    assert env.failure.code is FailureCode.EXECUTION
    assert "headers could not be read" in env.failure.detail
