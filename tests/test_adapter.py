"""The tool adapter: classify, repair, retry, breaker, trace and count, sync and async alike."""

from __future__ import annotations

import asyncio
import io
import json
import logging
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from pydantic import BaseModel, field_validator

from tool_outcomes import (
    CircuitBreaker,
    Envelope,
    FailureCode,
    FailureKind,
    Outcome,
    OutcomeCounter,
    RepairKind,
    RetryPolicy,
    Tool,
    TruncatedBy,
    tool,
)
from tool_outcomes.testing import FakeClock
from tool_outcomes.workbook import scenarios

NO_RETRY = RetryPolicy(max_attempts=1)
RETRY3 = RetryPolicy(max_attempts=3, backoff_base_s=0.1, backoff_cap_s=1.0, seed=7)


class Query(BaseModel):
    q: str = "x"


class Widget(BaseModel):
    id: int
    name: str


def http_tool(name: str, policy: RetryPolicy = NO_RETRY, **kwargs: Any) -> Tool[Query, Any]:
    """A request-building tool aimed at one mocked scenario."""
    scenario = scenarios.get_scenario(name)
    options = {**scenario.classify_kwargs, **kwargs}

    @tool(args=Query, name=name, policy=policy, **options)
    def fetch(args: Query) -> httpx.Request:
        return httpx.Request(scenario.method, scenario.url)

    return fetch


# Scenarios whose answer depends on how the body is read: the adapter streams it itself.
READ_BY_ADAPTER = {"truncated_stream": Outcome.PARTIAL}
# Exception-only fixtures about request construction, not something an upstream does.
NOT_UPSTREAM = {"invalid_url"}
SCENARIOS = [n for n in scenarios.scenario_names() if n not in NOT_UPSTREAM]


def expected(name: str) -> Outcome:
    return READ_BY_ADAPTER.get(name, scenarios.get_scenario(name).expected_outcome)


@pytest.mark.parametrize("name", SCENARIOS)
def test_every_scenario_lands_on_its_outcome_through_the_sync_adapter(name: str) -> None:
    """Each mocked upstream, called through the adapter once, lands on its expected outcome."""
    with scenarios.client(name) as http:
        env = http_tool(name).call(client=http)
    assert env.outcome is expected(name), env
    assert env.attempts == 1
    assert env.tool == name


@pytest.mark.parametrize("name", SCENARIOS)
@pytest.mark.asyncio
async def test_every_scenario_lands_on_its_outcome_through_the_async_adapter(name: str) -> None:
    """The async adapter agrees with the sync one on every scenario."""
    async with scenarios.async_client(name) as http:
        env = await http_tool(name).acall(client=http)
    assert env.outcome is expected(name), env


def test_a_stream_cut_mid_way_keeps_the_complete_items() -> None:
    """JSON lines then a dropped connection: partial, with every complete line and no more."""
    with scenarios.client("truncated_stream") as http:
        env = http_tool("truncated_stream").call(client=http)
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert env.coverage.truncated_by is TruncatedBy.STREAM_ERROR
    assert env.data is not None
    assert [item["id"] for item in env.data] == [1, 2, 3]


def test_flaky_upstream_succeeds_after_retries_with_injected_sleep() -> None:
    """A transient failure is retried; the envelope counts every call made."""
    fake = FakeClock()
    with scenarios.client("flaky", flaky_failures=2) as http:
        env = http_tool("flaky", RETRY3).call(client=http, sleep=fake.sleep, clock=fake)
    assert env.outcome is Outcome.SUCCESS
    assert env.attempts == 3
    assert len(fake.sleeps) == 2
    assert all(s >= 1.0 for s in fake.sleeps), "Retry-After: 1 must be honoured"


def test_exhausted_retries_are_access_failures_never_empty() -> None:
    """An outage that outlasts the retries ends as the last access failure, not as []."""
    fake = FakeClock()
    policy = RetryPolicy(max_attempts=3, max_retry_after_s=60.0, seed=1)
    with scenarios.client("outage") as http:
        env = http_tool("outage", policy).call(client=http, sleep=fake.sleep, clock=fake)
    assert env.outcome is Outcome.ACCESS_FAILURE
    assert env.failure is not None
    assert env.failure.code is FailureCode.SERVER_ERROR
    assert env.attempts == 3
    assert env.data is None


@pytest.mark.parametrize("name", ["empty", "truncated_page_total", "lying_html_200"])
def test_empty_partial_and_permanent_are_never_retried(name: str) -> None:
    """Only a transient access failure earns a second call."""
    calls: list[httpx.Request] = []
    inner = scenarios.transport(name)

    def counting(request: httpx.Request) -> httpx.Response:
        calls.append(request)
        return inner.handle_request(request)

    with httpx.Client(transport=httpx.MockTransport(counting)) as http:
        env = http_tool(name, RETRY3).call(client=http, sleep=FakeClock().sleep)
    assert len(calls) == 1
    assert env.attempts == 1


def test_invalid_arguments_are_a_permanent_invalid_arguments_failure_and_never_run() -> None:
    """Arguments that fail their model never reach the upstream."""
    ran: list[object] = []

    class Args(BaseModel):
        limit: int

    @tool(args=Args)
    def search(args: Args) -> list[int]:
        ran.append(args)
        return [1]

    env = search.call(limit="many")
    assert env.outcome is Outcome.ACCESS_FAILURE
    assert env.failure is not None
    assert env.failure.code is FailureCode.INVALID_ARGUMENTS
    assert env.failure.kind is FailureKind.PERMANENT
    assert "limit" in env.failure.detail
    assert ran == []


@pytest.mark.parametrize(
    ("returned", "outcome", "count"),
    [
        ([{"id": 1, "name": "a"}, {"id": 2, "name": "b"}], Outcome.SUCCESS, 2),
        ([], Outcome.EMPTY, 0),
        (None, Outcome.EMPTY, 0),
    ],
)
def test_a_plain_function_result_is_classified_by_what_it_returned(
    returned: Any, outcome: Outcome, count: int
) -> None:
    """A callable's list is success or a verified empty; coverage counts what came back."""

    @tool(args=Query, result=list[Widget])
    def lookup(args: Query) -> Any:
        return returned

    env = lookup.call()
    assert env.outcome is outcome
    assert env.coverage is not None
    assert env.coverage.returned == count


def test_a_function_result_is_repaired_and_every_repair_is_listed() -> None:
    """A numeric string and a lone object are repaired, and the envelope says so."""

    @tool(args=Query, result=list[Widget])
    def lookup(args: Query) -> Any:
        return {"id": "7", "name": "gear", "colour": "red"}

    env = lookup.call()
    assert env.outcome is Outcome.SUCCESS
    assert env.data == [Widget(id=7, name="gear")]
    kinds = {r.kind for r in env.repairs}
    assert kinds == {
        RepairKind.COERCED_NUMBER,
        RepairKind.WRAPPED_IN_LIST,
        RepairKind.DROPPED_UNKNOWN_FIELD,
    }


def test_a_missing_required_field_is_a_schema_rejection() -> None:
    """Repair never invents meaning: a record without its name is rejected, naming the field."""

    @tool(args=Query, result=Widget)
    def lookup(args: Query) -> Any:
        return {"id": 7}

    env = lookup.call()
    assert env.outcome is Outcome.ACCESS_FAILURE
    assert env.failure is not None
    assert env.failure.code is FailureCode.SCHEMA
    assert "name" in env.failure.detail


@pytest.mark.parametrize(
    ("error", "code", "kind"),
    [
        (TimeoutError("slow"), FailureCode.TIMEOUT, FailureKind.TRANSIENT),
        (ConnectionRefusedError("no"), FailureCode.CONNECT, FailureKind.TRANSIENT),
        (PermissionError("denied"), FailureCode.FORBIDDEN, FailureKind.PERMANENT),
        (KeyError("boom"), FailureCode.EXECUTION, FailureKind.PERMANENT),
        (httpx.ReadTimeout("slow"), FailureCode.TIMEOUT, FailureKind.TRANSIENT),
    ],
)
def test_a_function_that_raises_is_an_access_failure(
    error: Exception, code: FailureCode, kind: FailureKind
) -> None:
    """The handler's exception is the upstream's failure: classified, never raised."""

    @tool(args=Query, policy=NO_RETRY)
    def lookup(args: Query) -> Any:
        raise error

    env = lookup.call()
    assert env.outcome is Outcome.ACCESS_FAILURE
    assert env.failure is not None
    assert (env.failure.code, env.failure.kind) == (code, kind)


def _body_tool(
    body: bytes, content_type: str, cap: int
) -> tuple[Tool[Query, Any], httpx.MockTransport]:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, headers={"content-type": content_type}, content=body)

    @tool(args=Query, policy=NO_RETRY, max_body_bytes=cap)
    def fetch(args: Query) -> httpx.Request:
        return httpx.Request("GET", "https://big.upstream.test/items")

    return fetch, httpx.MockTransport(handler)


def test_a_json_document_past_the_byte_cap_is_too_large() -> None:
    """Past the cap a JSON document cannot be judged: a permanent too_large failure."""
    body = json.dumps([{"id": i, "name": "x" * 50} for i in range(100)]).encode()
    fetch, transport = _body_tool(body, "application/json", cap=1024)
    with httpx.Client(transport=transport) as http:
        env = fetch.call(client=http)
    assert env.outcome is Outcome.ACCESS_FAILURE
    assert env.failure is not None
    assert env.failure.code is FailureCode.TOO_LARGE
    assert env.failure.kind is FailureKind.PERMANENT


def test_a_json_lines_stream_past_the_byte_cap_is_partial_with_the_items_read() -> None:
    """Past the cap a JSON-lines stream keeps the complete lines it read, and says it was cut."""
    lines = [json.dumps({"id": i, "name": "x" * 50}).encode() for i in range(100)]
    body = b"\n".join(lines) + b"\n"
    fetch, transport = _body_tool(body, "application/x-ndjson", cap=1024)
    with httpx.Client(transport=transport) as http:
        env = fetch.call(client=http)
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert env.coverage.truncated_by is TruncatedBy.SIZE_CAP
    assert 0 < env.coverage.returned < 100
    assert sum(len(line) + 1 for line in lines[: env.coverage.returned]) <= 1024


def test_the_breaker_opens_on_an_outage_and_then_spares_the_upstream() -> None:
    """Once open, calls come back circuit_open without a request being sent."""
    sent: list[httpx.Request] = []
    inner = scenarios.transport("outage")

    def counting(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        return inner.handle_request(request)

    fake = FakeClock()
    breaker = CircuitBreaker(failure_threshold=2, reset_timeout_s=60.0, clock=fake)
    fetch = http_tool("outage", NO_RETRY, breaker=breaker)
    with httpx.Client(transport=httpx.MockTransport(counting)) as http:
        first = [fetch.call(client=http, clock=fake) for _ in range(2)]
        refused = fetch.call(client=http, clock=fake)
    assert [e.failure.code for e in first if e.failure] == [FailureCode.SERVER_ERROR] * 2
    assert refused.failure is not None
    assert refused.failure.code is FailureCode.CIRCUIT_OPEN
    assert len(sent) == 2


def test_every_final_envelope_is_counted_and_stamped_with_its_authority() -> None:
    """The counter tallies final outcomes per tool; the authority rides on every envelope."""
    counter = OutcomeCounter()
    fetch = http_tool("ok", counter=counter, authority="svc-search:read")
    with scenarios.client("ok", "empty") as http:
        env = fetch.call(client=http)
    assert env.authority == "svc-search:read"
    assert counter.counts("ok")[Outcome.SUCCESS] == 1


def test_credentials_in_the_request_never_reach_the_envelope_or_the_trace(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A secret in the query string and in a header is redacted on the envelope and in logs."""
    canary = "CANARY-s3cr3t-token"

    @tool(args=Query, policy=RETRY3)
    def fetch(args: Query) -> httpx.Request:
        return httpx.Request(
            "GET",
            f"https://outage.upstream.test/widgets?api_key={canary}",
            headers={"Authorization": f"Bearer {canary}"},
        )

    caplog.set_level(logging.DEBUG, logger="tool_outcomes")
    with scenarios.client("outage") as http:
        env = fetch.call(client=http, sleep=FakeClock().sleep)
    assert env.outcome is Outcome.ACCESS_FAILURE
    assert canary not in env.model_dump_json()
    assert canary not in caplog.text
    assert all(canary not in str(getattr(r, "tool_outcomes", "")) for r in caplog.records)
    assert env.target is not None
    assert "REDACTED" in env.target


@pytest.mark.asyncio
async def test_an_async_handler_runs_under_acall_and_is_refused_by_call() -> None:
    """`async def` handlers are awaited by acall; call says to use acall instead."""

    @tool(args=Query, result=list[int])
    async def numbers(args: Query) -> list[int]:
        return [1, 2, 3]

    env = await numbers.acall()
    assert env.outcome is Outcome.SUCCESS
    assert env.data == [1, 2, 3]
    with pytest.raises(TypeError, match="acall"):
        numbers.call()


@pytest.mark.asyncio
async def test_async_flaky_upstream_succeeds_after_retries() -> None:
    """The async adapter retries a transient failure with the injected async sleep."""
    fake = FakeClock()
    async with scenarios.async_client("flaky", flaky_failures=1) as http:
        env = await http_tool("flaky", RETRY3).acall(client=http, sleep=fake.asleep, clock=fake)
    assert env.outcome is Outcome.SUCCESS
    assert env.attempts == 2


def test_output_schema_requires_the_outcome_enum() -> None:
    """A tool's output schema is its envelope's: `outcome` is a required closed enum."""
    schema = http_tool("ok").output_schema()
    assert "outcome" in schema["required"]
    text = json.dumps(schema)
    for value in Outcome:
        assert f'"{value.value}"' in text


def test_the_returned_envelope_is_a_valid_envelope() -> None:
    """Whatever happens inside, the adapter's result re-validates as an Envelope."""
    with scenarios.client("graphql_partial") as http:
        env = http_tool("graphql_partial").call(client=http)
    assert Envelope[Any].model_validate(env.model_dump()) == env


class _StallAfter(httpx.AsyncByteStream):
    """Two JSON lines, then nothing: an upstream that stalls mid-stream."""

    async def __aiter__(self) -> AsyncIterator[bytes]:
        yield b'{"id": 1}\n{"id": 2}\n'
        await asyncio.Event().wait()  # never set: only the deadline ends this
        yield b""  # pragma: no cover


@pytest.mark.asyncio
async def test_async_deadline_mid_stream_keeps_the_lines_already_read() -> None:
    """A stream stalled past the deadline is partial with its complete lines, as in sync."""

    def handler(request: httpx.Request) -> httpx.Response:
        headers = {"content-type": "application/x-ndjson"}
        return httpx.Response(200, headers=headers, stream=_StallAfter())

    @tool(args=Query, policy=RetryPolicy(max_attempts=1, deadline_s=0.05))
    def fetch(args: Query) -> httpx.Request:
        return httpx.Request("GET", "https://stall.upstream.test/items")

    async with httpx.AsyncClient(transport=httpx.MockTransport(handler)) as http:
        env = await fetch.acall(client=http)
    assert env.outcome is Outcome.PARTIAL
    assert env.data == [{"id": 1}, {"id": 2}]
    assert env.coverage is not None
    assert env.coverage.truncated_by is TruncatedBy.STREAM_ERROR


def test_a_credential_echoed_back_by_the_upstream_is_scrubbed() -> None:
    """'invalid api key sk-…' in a 401 body does not carry the key into the envelope."""
    key = "sk-live-CANARY9876543210"

    def upstream(request: httpx.Request) -> httpx.Response:
        return httpx.Response(
            401, json={"error": f"invalid api key {request.headers['x-api-key']}"}
        )

    @tool(args=Query, policy=NO_RETRY)
    def fetch(args: Query) -> httpx.Request:
        headers = {"X-Api-Key": key, "Authorization": f"Bearer {key}"}
        return httpx.Request("GET", "https://echo.upstream.test/", headers=headers)

    with httpx.Client(transport=httpx.MockTransport(upstream)) as http:
        env = fetch.call(client=http)
    assert env.outcome is Outcome.ACCESS_FAILURE
    assert key not in env.model_dump_json()


def test_credential_like_arguments_are_masked_in_the_target() -> None:
    """Arguments named like secrets, at any depth, never reach the envelope's target."""

    class Args(BaseModel):
        q: str
        auth_token: str = "tok-CANARY-1"
        headers: dict[str, str] = {"Authorization": "CANARY-2"}

    @tool(args=Args, policy=NO_RETRY)
    def lookup(args: Args) -> Any:
        raise ConnectionError("down")

    env = lookup.call(q="x")
    assert env.target is not None
    assert "CANARY" not in env.target
    assert "q='x'" in env.target


def test_a_post_that_timed_out_is_not_sent_again() -> None:
    """A POST whose reply never came may have taken effect: it is not retried by default."""
    sent: list[httpx.Request] = []

    def upstream(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        raise httpx.ReadTimeout("no reply", request=request)

    @tool(args=Query, policy=RETRY3)
    def pay(args: Query) -> httpx.Request:
        return httpx.Request("POST", "https://pay.upstream.test/charges", json={"q": args.q})

    with httpx.Client(transport=httpx.MockTransport(upstream)) as http:
        env = pay.call(client=http, sleep=FakeClock().sleep)
    assert len(sent) == 1
    assert env.failure is not None
    assert env.failure.kind is FailureKind.PERMANENT
    assert "may have taken effect" in env.failure.detail


def test_a_post_refused_before_it_was_sent_is_retried() -> None:
    """A refused connection proves nothing happened: even a POST may be sent again."""
    sent: list[httpx.Request] = []

    def upstream(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        raise httpx.ConnectError("refused", request=request)

    @tool(args=Query, policy=RETRY3)
    def pay(args: Query) -> httpx.Request:
        return httpx.Request("POST", "https://pay.upstream.test/charges")

    with httpx.Client(transport=httpx.MockTransport(upstream)) as http:
        env = pay.call(client=http, sleep=FakeClock().sleep)
    assert len(sent) == 3
    assert env.attempts == 3


def test_a_file_upload_request_is_sent() -> None:
    """A multipart upload (a streaming request body) goes out whole."""
    seen: list[bytes] = []

    def upstream(request: httpx.Request) -> httpx.Response:
        seen.append(request.read())
        return httpx.Response(200, json={"id": 1})

    @tool(args=Query, policy=NO_RETRY)
    def upload(args: Query) -> httpx.Request:
        files = {"f": ("a.txt", io.BytesIO(b"payload-bytes"))}
        return httpx.Request("POST", "https://up.upstream.test/files", files=files)

    with httpx.Client(transport=httpx.MockTransport(upstream)) as http:
        env = upload.call(client=http)
    assert env.outcome is Outcome.SUCCESS
    assert b"payload-bytes" in seen[0]


def test_programming_errors_are_named_not_disguised() -> None:
    """A handler returning a coroutine says to use acall; the wrong client is a TypeError."""

    async def numbers(args: Query) -> list[int]:
        return [1]

    sneaky = tool(args=Query)(lambda args: numbers(args))
    env = sneaky.call()  # the coroutine is closed, not leaked: no "never awaited" warning
    assert env.failure is not None
    assert env.failure.code is FailureCode.EXECUTION
    assert "acall" in env.failure.detail
    with pytest.raises(TypeError, match=r"httpx\.Client"):
        http_tool("ok").call(client=httpx.AsyncClient())  # type: ignore[arg-type]


def test_a_validator_that_raises_type_error_is_invalid_arguments(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Whatever an argument validator raises, the call returns a traced invalid_arguments."""

    class Args(BaseModel):
        n: object

        @field_validator("n")
        @classmethod
        def as_int(cls, value: object) -> int:
            if value is None:
                raise TypeError("n must be a number, not None")  # not wrapped by pydantic
            return int(str(value))

    @tool(args=Args)
    def count(args: Args) -> int:
        return 1

    caplog.set_level(logging.DEBUG, logger="tool_outcomes")
    env = count.call(n=None)
    assert env.failure is not None
    assert env.failure.code is FailureCode.INVALID_ARGUMENTS
    assert any("invalid_arguments" in r.getMessage() for r in caplog.records)
