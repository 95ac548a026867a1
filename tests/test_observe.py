"""Every call is seen: call ids, hooks on every attempt and result, truthful policy words."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import httpx
import pytest
from pydantic import BaseModel

from tool_outcomes import (
    CallInfo,
    CallListener,
    CallResult,
    CircuitBreaker,
    Decision,
    Envelope,
    FailureCode,
    FailureKind,
    Outcome,
    RetryBudget,
    RetryPolicy,
    RetryStop,
    Tool,
    TraceRecord,
    add_listener,
    framework_call,
    on_attempt,
    on_result,
    remove_listener,
    to_text,
    tool,
    with_retry,
)
from tool_outcomes.testing import FakeClock


class Query(BaseModel):
    q: str


Call = Callable[..., Envelope[Any]]


def helpdesk(*replies: httpx.Response) -> httpx.MockTransport:
    """An upstream answering ``replies`` in turn, the last one for ever after."""
    queue = list(replies)

    def answer(request: httpx.Request) -> httpx.Response:
        reply = queue.pop(0) if len(queue) > 1 else queue[0]
        # A fresh response each time: one read by a sync client cannot be sent to an async one.
        return httpx.Response(reply.status_code, headers=reply.headers, content=reply.content)

    return httpx.MockTransport(answer)


def search_tool(**options: Any) -> Tool[Query, Any]:
    @tool(args=Query, **options)
    def search(args: Query) -> httpx.Request:
        """Search."""
        return httpx.Request("GET", "https://helpdesk.example.test/search", params={"q": args.q})

    return search


@pytest.fixture(params=["sync", "async"])
def call(request: pytest.FixtureRequest) -> Call:
    """One test body for ``call`` and ``acall``: run a tool once against a scripted upstream."""

    def run(t: Tool[Query, Any], transport: httpx.MockTransport, **arguments: Any) -> Any:
        clock = FakeClock()
        if request.param == "sync":
            with httpx.Client(transport=transport) as client:
                return t.call(arguments, client=client, sleep=clock.sleep, clock=clock)

        async def go() -> Envelope[Any]:
            async with httpx.AsyncClient(transport=transport) as client:
                return await t.acall(arguments, client=client, sleep=clock.asleep, clock=clock)

        return asyncio.run(go())

    return run


@pytest.fixture
def seen() -> Iterator[tuple[list[TraceRecord], list[CallResult]]]:
    """Every attempt record and every finished call, while the test runs."""
    records: list[TraceRecord] = []
    results: list[CallResult] = []
    hooks = [on_attempt(records.append), on_result(results.append)]
    try:
        yield records, results
    finally:
        for hook in hooks:
            remove_listener(hook)


OK = httpx.Response(200, json=[{"id": 1}])
DOWN = httpx.Response(503)


# -- call ids ------------------------------------------------------------------------------------


def test_every_attempt_of_one_call_carries_its_call_id(
    call: Call, seen: tuple[list[TraceRecord], list[CallResult]]
) -> None:
    """Attempts share the call's id, which the envelope and the result hook carry too."""
    records, results = seen
    env = call(search_tool(policy=RetryPolicy(max_attempts=3)), helpdesk(DOWN, DOWN, OK), q="a")
    assert env.outcome is Outcome.SUCCESS
    assert [r.attempt for r in records] == [1, 2, 3]
    assert {r.call_id for r in records} == {env.call_id}
    (result,) = results
    assert result.call.call_id == env.call_id
    assert result.envelope is env


def test_two_calls_never_share_an_id(call: Call, seen: Any) -> None:
    """Unique across calls: each call's records carry its own id."""
    records, _ = seen
    search = search_tool()
    first, second = call(search, helpdesk(OK), q="a"), call(search, helpdesk(OK), q="a")
    assert first.call_id != second.call_id
    assert [r.call_id for r in records] == [first.call_id, second.call_id]


def test_the_status_is_recorded_on_every_attempt_successes_included(call: Call, seen: Any) -> None:
    """A success carries no failure, but its record still says what the upstream answered."""
    records, _ = seen
    call(search_tool(policy=RetryPolicy(max_attempts=2)), helpdesk(DOWN, OK), q="a")
    assert [(r.http_status, r.decision) for r in records] == [
        (503, Decision.RETRY),
        (200, Decision.DONE),
    ]


def test_the_frameworks_own_id_is_kept_as_tool_call_id(call: Call, seen: Any) -> None:
    """framework_call() hands the id to the call: envelope, records and hooks keep it."""
    records, results = seen
    with framework_call("toolu_01"):
        env = call(search_tool(), helpdesk(OK), q="a")
    after = call(search_tool(), helpdesk(OK), q="a")
    assert env.tool_call_id == "toolu_01"
    assert [r.tool_call_id for r in records] == ["toolu_01", None]
    assert results[0].call.tool_call_id == "toolu_01"
    assert after.tool_call_id is None


def test_with_retry_on_its_own_gives_its_attempts_one_id(seen: Any) -> None:
    """Outside a tool, one with_retry loop is one call: one id for its attempts."""
    records, _ = seen
    replies = iter(
        [
            Envelope[Any].failed(FailureCode.TIMEOUT, FailureKind.TRANSIENT),
            Envelope[Any](outcome=Outcome.EMPTY),
        ]
    )
    clock = FakeClock()
    with_retry(lambda: next(replies), RetryPolicy(), sleep=clock.sleep, clock=clock)
    with_retry(lambda: Envelope[Any](outcome=Outcome.EMPTY), RetryPolicy())
    ids = [r.call_id for r in records]
    assert len(ids) == 3
    assert ids[0] == ids[1] != ids[2]


# -- hooks ---------------------------------------------------------------------------------------


class Recorder(CallListener):
    """A listener with every method, sync or async."""

    def __init__(self, asynchronous: bool) -> None:
        self.events: list[str] = []
        self.asynchronous = asynchronous

    def call_started(self, call: CallInfo) -> None:
        self.events.append(f"started {call.tool}")

    def _note(self, text: str) -> Awaitable[None] | None:
        if not self.asynchronous:
            self.events.append(text)
            return None

        async def later() -> None:
            await asyncio.sleep(0)
            self.events.append(text)

        return later()

    def attempt(self, record: TraceRecord) -> Awaitable[None] | None:
        return self._note(f"attempt {record.attempt} {record.decision.value}")

    def call_finished(self, result: CallResult) -> Awaitable[None] | None:
        return self._note(f"finished {result.envelope.outcome.value}")


@pytest.mark.parametrize("asynchronous", [False, True], ids=["sync_hooks", "async_hooks"])
def test_hooks_see_every_attempt_and_the_result_sync_or_async(
    call: Call, asynchronous: bool
) -> None:
    """A listener's methods may be plain or async: both calls run them all, in order."""
    recorder = add_listener(Recorder(asynchronous))
    try:
        call(search_tool(policy=RetryPolicy(max_attempts=2)), helpdesk(DOWN, OK), q="a")
    finally:
        remove_listener(recorder)
    assert isinstance(recorder, Recorder)
    assert recorder.events == [
        "started search",
        "attempt 1 retry",
        "attempt 2 done",
        "finished success",
    ]


class Broken(CallListener):
    """Every method raises (the async ones after their first await)."""

    def __init__(self, asynchronous: bool) -> None:
        self.asynchronous = asynchronous

    def call_started(self, call: CallInfo) -> None:
        raise RuntimeError("started hook broke")

    def _raise(self) -> Awaitable[None] | None:
        if not self.asynchronous:
            raise RuntimeError("hook broke")

        async def later() -> None:
            await asyncio.sleep(0)
            raise RuntimeError("async hook broke")

        return later()

    def attempt(self, record: TraceRecord) -> Awaitable[None] | None:
        return self._raise()

    def call_finished(self, result: CallResult) -> Awaitable[None] | None:
        return self._raise()


@pytest.mark.parametrize("asynchronous", [False, True], ids=["sync_hooks", "async_hooks"])
def test_a_hook_that_raises_is_logged_and_never_changes_the_outcome(
    call: Call, asynchronous: bool, caplog: pytest.LogCaptureFixture
) -> None:
    """The envelope is what it would have been; each broken hook leaves one error record."""
    broken = add_listener(Broken(asynchronous))
    try:
        with caplog.at_level(logging.ERROR, logger="tool_outcomes.hooks"):
            env = call(search_tool(), helpdesk(OK), q="a")
    finally:
        remove_listener(broken)
    assert env.outcome is Outcome.SUCCESS
    errors = [r for r in caplog.records if r.name == "tool_outcomes.hooks"]
    assert len(errors) == 3  # started, the one attempt, finished
    assert all(r.exc_info is not None for r in errors)


def test_remove_listener_stops_a_hook_and_add_is_idempotent() -> None:
    """A listener added twice runs once; once removed it runs no more."""
    results: list[CallResult] = []
    hook = on_result(results.append)
    add_listener(hook)
    search = search_tool()
    with httpx.Client(transport=helpdesk(OK)) as client:
        search.call({"q": "a"}, client=client)
        remove_listener(hook)
        search.call({"q": "a"}, client=client)
    assert len(results) == 1


def test_add_listener_refuses_what_is_not_a_listener() -> None:
    """A bare function is a clear TypeError: on_attempt / on_result wrap functions."""
    with pytest.raises(TypeError, match="CallListener"):
        add_listener(print)  # type: ignore[arg-type]


def test_refused_arguments_are_one_attempt_and_one_result(call: Call, seen: Any) -> None:
    """A call whose arguments the tool refused is still seen: one record, one result."""
    records, results = seen
    env = call(search_tool(), helpdesk(OK), wrong=1)
    assert env.failure is not None
    assert env.failure.code is FailureCode.INVALID_ARGUMENTS
    assert [(r.decision, r.call_id) for r in records] == [(Decision.NOT_RETRYABLE, env.call_id)]
    assert [r.envelope for r in results] == [env]


def test_a_durations_is_measured_on_the_calls_clock(seen: Any) -> None:
    """The result's duration is the call's own clock: sleeps between attempts included."""
    _, results = seen
    clock = FakeClock()
    search = search_tool(policy=RetryPolicy(max_attempts=2, jitter=False, backoff_base_s=1.5))
    with httpx.Client(transport=helpdesk(DOWN, OK)) as client:
        search.call({"q": "a"}, client=client, sleep=clock.sleep, clock=clock)
    assert [r.duration_s for r in results] == [1.5]


# -- truthful policy words -----------------------------------------------------------------------


def test_a_breaker_refused_retry_keeps_the_real_failure(call: Call, seen: Any) -> None:
    """The 503 that did reach the upstream is returned; the breaker is why no more followed."""
    records, _ = seen
    breaker = CircuitBreaker(failure_threshold=1, reset_timeout_s=30, clock=FakeClock())
    search = search_tool(policy=RetryPolicy(max_attempts=3), breaker=breaker)
    env = call(search, helpdesk(DOWN, OK), q="a")
    assert env.failure is not None
    assert env.failure.code is FailureCode.SERVER_ERROR
    assert env.failure.http_status == 503
    assert env.failure.stopped_by is RetryStop.CIRCUIT_OPEN
    assert env.attempts == 1  # the refused attempt never reached the upstream
    assert [r.decision for r in records] == [Decision.RETRY, Decision.CIRCUIT_OPEN]
    text = to_text(env)
    assert "circuit breaker then opened and stopped further attempts" in text
    assert "refused without contacting it" not in text


def test_a_breaker_open_from_the_start_still_says_it_refused(call: Call) -> None:
    """When no attempt ran, the refusal is the truth: circuit_open, upstream not contacted."""
    breaker = CircuitBreaker(failure_threshold=1, reset_timeout_s=30, clock=FakeClock())
    search = search_tool(policy=RetryPolicy(max_attempts=1), breaker=breaker)
    call(search, helpdesk(DOWN), q="a")
    env = call(search, helpdesk(OK), q="a")
    assert env.failure is not None
    assert env.failure.code is FailureCode.CIRCUIT_OPEN
    assert env.failure.stopped_by is None
    assert "refused without contacting it" in to_text(env)


def test_a_budget_stopped_call_says_the_budget_ran_out(call: Call, seen: Any) -> None:
    """An empty budget ends the retries: the envelope and its text say so."""
    records, _ = seen
    search = search_tool(policy=RetryPolicy(max_attempts=3, budget=RetryBudget(capacity=0)))
    env = call(search, helpdesk(DOWN, OK), q="a")
    assert env.failure is not None
    assert env.failure.stopped_by is RetryStop.BUDGET
    assert env.attempts == 1
    assert [r.decision for r in records] == [Decision.BUDGET_EXHAUSTED]
    assert "retry budget ran out" in records[0].detail
    text = to_text(env)
    assert "the shared retry budget ran out" in text
    assert "may succeed if retried later" not in text


def test_a_deadline_stopped_call_says_the_deadline_left_no_time(call: Call) -> None:
    """A wait past the deadline ends the retries: the text says the deadline, not 'later'."""
    policy = RetryPolicy(max_attempts=3, deadline_s=0.1, jitter=False, backoff_base_s=1.0)
    env = call(search_tool(policy=policy), helpdesk(DOWN, OK), q="a")
    assert env.failure is not None
    assert env.failure.stopped_by is RetryStop.DEADLINE
    assert "deadline left no time for another attempt" in to_text(env)


def test_a_partials_decision_does_not_read_as_a_failure(seen: Any) -> None:
    """A partial is returned as an answer: return_partial, not not_retryable."""
    records, _ = seen
    page = httpx.Response(200, json={"results": [{"id": 1}], "count": 9})
    search = search_tool(items="results", total="count")
    with httpx.Client(transport=helpdesk(page)) as client:
        env = search.call({"q": "a"}, client=client)
    assert env.outcome is Outcome.PARTIAL
    assert [r.decision for r in records] == [Decision.RETURN_PARTIAL]
