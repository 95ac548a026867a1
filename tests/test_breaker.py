"""The outcome-aware circuit breaker: what counts, when it trips, how it probes and recovers."""

from __future__ import annotations

import asyncio
import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from tool_outcomes import (
    BreakerState,
    CircuitBreaker,
    Coverage,
    Envelope,
    Failure,
    FailureCode,
    FailureKind,
    Outcome,
    TruncatedBy,
)
from tool_outcomes.breaker import NOT_UPSTREAM_HEALTH
from tool_outcomes.testing import FakeClock


def trace_of(record: logging.LogRecord) -> dict[str, Any]:
    """The structured trace fields a record carries (as logging's ``extra`` attaches them)."""
    fields: dict[str, Any] = getattr(record, "tool_outcomes")  # noqa: B009 -- not a static attr
    return fields


def fail(
    code: FailureCode = FailureCode.SERVER_ERROR, kind: FailureKind = FailureKind.TRANSIENT
) -> Envelope[Any]:
    """An access failure with the given code."""
    return Envelope[Any](outcome=Outcome.ACCESS_FAILURE, failure=Failure(code=code, kind=kind))


SUCCESS = Envelope[Any](outcome=Outcome.SUCCESS, data=[1])
EMPTY = Envelope[Any](outcome=Outcome.EMPTY, data=[])
PARTIAL = Envelope[Any](
    outcome=Outcome.PARTIAL,
    data=[1],
    coverage=Coverage(returned=1, total=4, truncated_by=TruncatedBy.SHARD_FAILURE),
)


class Upstream:
    """Counts its calls (thread-safely) and returns a fixed envelope."""

    def __init__(self, env: Envelope[Any]) -> None:
        self.env = env
        self.calls = 0
        self._lock = threading.Lock()

    def __call__(self) -> Envelope[Any]:
        with self._lock:
            self.calls += 1
        return self.env


def feed(breaker: CircuitBreaker, *envs: Envelope[Any]) -> None:
    """Pass each envelope through the breaker as an upstream result."""
    for env in envs:
        breaker.call(lambda env=env: env)  # type: ignore[misc]


def tripped(threshold: int = 3, reset_timeout_s: float = 10.0, **kwargs: Any) -> CircuitBreaker:
    """A breaker on a fake clock, already opened at t=0."""
    breaker = CircuitBreaker(threshold, reset_timeout_s, clock=FakeClock(), **kwargs)
    feed(breaker, *[fail()] * threshold)
    assert state_of(breaker) is BreakerState.OPEN
    return breaker


def state_of(breaker: CircuitBreaker) -> BreakerState:
    """The breaker's state, read afresh (a call, so type checkers do not pin it)."""
    return breaker.state


def clock_of(breaker: CircuitBreaker) -> FakeClock:
    """The fake clock a test breaker runs on."""
    clock = breaker._clock
    assert isinstance(clock, FakeClock)
    return clock


# -- what counts -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "failure",
    [
        fail(FailureCode.SERVER_ERROR),
        fail(FailureCode.TIMEOUT),
        fail(FailureCode.CONNECT),
        fail(FailureCode.RATE_LIMITED),
        fail(FailureCode.UPSTREAM_ERROR, FailureKind.PERMANENT),  # a lying 200: ok=false
        fail(FailureCode.INVALID_BODY, FailureKind.PERMANENT),  # a lying 200: HTML page
        fail(FailureCode.SCHEMA, FailureKind.PERMANENT),
        fail(FailureCode.UNAUTHORIZED, FailureKind.PERMANENT),
        fail(FailureCode.EXECUTION, FailureKind.PERMANENT),
    ],
    ids=lambda env: env.failure.code.value,
)
def test_consecutive_access_failures_open_the_breaker(failure: Envelope[Any]) -> None:
    """threshold consecutive access failures (lying 200s included) trip it, one fewer does not."""
    breaker = CircuitBreaker(failure_threshold=3, clock=FakeClock())
    feed(breaker, failure, failure)
    assert state_of(breaker) is BreakerState.CLOSED
    feed(breaker, failure)
    assert state_of(breaker) is BreakerState.OPEN


@pytest.mark.parametrize("code", sorted(NOT_UPSTREAM_HEALTH))
def test_caller_errors_and_refusals_are_not_counted(code: FailureCode) -> None:
    """A bad request, a not-found or the breaker's own refusal says nothing about the upstream."""
    breaker = CircuitBreaker(failure_threshold=2, clock=FakeClock())
    feed(breaker, fail(), *[fail(code, FailureKind.PERMANENT)] * 5)
    assert breaker.stats.consecutive_failures == 1
    feed(breaker, fail())
    assert state_of(breaker) is BreakerState.OPEN


@pytest.mark.parametrize("answer", [SUCCESS, EMPTY], ids=["success", "empty"])
def test_complete_answers_are_not_failures_and_reset_the_count(answer: Envelope[Any]) -> None:
    """A success or a confirmed empty is healthy contact: the consecutive count starts over."""
    breaker = CircuitBreaker(failure_threshold=3, clock=FakeClock())
    feed(breaker, fail(), fail(), answer, fail(), fail())
    assert state_of(breaker) is BreakerState.CLOSED
    assert breaker.stats.consecutive_failures == 2


def test_partial_neither_counts_nor_resets() -> None:
    """A cut-off answer is contact but no proof of health: the count is left where it was."""
    breaker = CircuitBreaker(failure_threshold=3, clock=FakeClock())
    feed(breaker, fail(), fail(), PARTIAL)
    assert breaker.stats.consecutive_failures == 2
    feed(breaker, fail())
    assert state_of(breaker) is BreakerState.OPEN


# -- open, half-open, closed -------------------------------------------------------------------


def test_an_open_breaker_refuses_without_calling_upstream() -> None:
    """While open, calls get a transient circuit_open failure and the upstream is not touched."""
    breaker = tripped(reset_timeout_s=10.0, name="search")
    clock_of(breaker).now_s = 4.0
    upstream = Upstream(SUCCESS)
    env = breaker.call(upstream)
    assert upstream.calls == 0
    assert env.outcome is Outcome.ACCESS_FAILURE
    assert env.failure is not None
    assert (env.failure.code, env.failure.kind) == (FailureCode.CIRCUIT_OPEN, FailureKind.TRANSIENT)
    assert env.failure.retry_after_s == pytest.approx(6.0)
    assert env.tool == "search"
    assert breaker.allow() is not None


def test_the_breaker_goes_half_open_after_the_reset_timeout() -> None:
    """Once reset_timeout_s has passed since opening, the breaker reads half-open."""
    breaker = tripped(reset_timeout_s=10.0)
    clock_of(breaker).now_s = 9.999
    assert state_of(breaker) is BreakerState.OPEN
    clock_of(breaker).now_s = 10.0
    assert state_of(breaker) is BreakerState.HALF_OPEN


@pytest.mark.parametrize("answer", [SUCCESS, EMPTY], ids=["success", "empty"])
def test_a_healthy_probe_closes_the_breaker(answer: Envelope[Any]) -> None:
    """A half-open probe that comes back success or empty closes the breaker."""
    breaker = tripped()
    clock_of(breaker).now_s = 10.0
    upstream = Upstream(answer)
    assert breaker.call(upstream) == answer
    assert upstream.calls == 1
    assert state_of(breaker) is BreakerState.CLOSED
    assert breaker.stats.consecutive_failures == 0


def test_a_failing_probe_reopens_the_breaker() -> None:
    """A half-open probe that fails reopens the breaker, and the reset timer starts over."""
    breaker = tripped(reset_timeout_s=10.0)
    clock = clock_of(breaker)
    clock.now_s = 12.0
    feed(breaker, fail(FailureCode.TIMEOUT))
    assert state_of(breaker) is BreakerState.OPEN
    clock.now_s = 21.0
    assert state_of(breaker) is BreakerState.OPEN
    clock.now_s = 22.0
    assert state_of(breaker) is BreakerState.HALF_OPEN
    assert breaker.stats.times_opened == 2


def test_a_neutral_probe_frees_its_slot_and_stays_half_open() -> None:
    """A partial (or a caller error) from a probe decides nothing: the next caller may probe."""
    breaker = tripped()
    clock_of(breaker).now_s = 10.0
    feed(breaker, PARTIAL, fail(FailureCode.BAD_REQUEST, FailureKind.PERMANENT))
    assert state_of(breaker) is BreakerState.HALF_OPEN
    assert breaker.allow() is None


@pytest.mark.parametrize("max_calls", [1, 2, 3])
def test_half_open_admits_only_its_probes(max_calls: int) -> None:
    """Half-open lets half_open_max_calls probes in flight, and refuses the rest."""
    breaker = tripped(half_open_max_calls=max_calls)
    clock_of(breaker).now_s = 10.0
    admitted = [breaker.allow() for _ in range(max_calls + 2)]
    assert admitted[:max_calls] == [None] * max_calls
    refusals = admitted[max_calls:]
    assert all(r is not None and r.failure is not None for r in refusals)
    assert all(r.failure.code is FailureCode.CIRCUIT_OPEN for r in refusals if r and r.failure)


def test_a_result_from_before_a_state_change_is_ignored() -> None:
    """A slow call admitted while closed cannot close a breaker that opened meanwhile."""
    breaker = CircuitBreaker(failure_threshold=1, reset_timeout_s=10.0, clock=FakeClock())

    def slow_success() -> Envelope[Any]:
        feed(breaker, fail())  # another caller trips the breaker while this one is in flight
        clock_of(breaker).now_s = 10.0  # and it is half-open by the time this one returns
        return SUCCESS

    breaker.call(slow_success)
    assert state_of(breaker) is BreakerState.HALF_OPEN


def test_a_raising_call_is_an_execution_failure_and_counts() -> None:
    """A call that raises is classified (execution, permanent) and counted, not propagated."""
    breaker = CircuitBreaker(failure_threshold=1, clock=FakeClock())

    def boom() -> Envelope[Any]:
        raise RuntimeError("boom")

    env = breaker.call(boom)
    assert env.failure is not None
    assert env.failure.code is FailureCode.EXECUTION
    assert state_of(breaker) is BreakerState.OPEN


def test_an_interrupted_probe_frees_its_slot() -> None:
    """A probe interrupted by a BaseException propagates it and lets the next caller probe."""
    breaker = tripped()
    clock_of(breaker).now_s = 10.0

    class Interrupted(BaseException):
        pass

    def interrupted() -> Envelope[Any]:
        raise Interrupted

    with pytest.raises(Interrupted):
        breaker.call(interrupted)
    assert breaker.allow() is None


def test_record_refuses_what_is_not_an_envelope() -> None:
    """Feeding record() anything but an Envelope is a TypeError, not a silent miscount."""
    breaker = CircuitBreaker()
    with pytest.raises(TypeError, match="Envelope"):
        breaker.record({"outcome": "success"})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"failure_threshold": 0}, "failure_threshold"),
        ({"failure_threshold": 2.0}, "failure_threshold"),
        ({"half_open_max_calls": 0}, "half_open_max_calls"),
        ({"reset_timeout_s": -1.0}, "reset_timeout_s"),
        ({"reset_timeout_s": float("nan")}, "reset_timeout_s"),
        ({"clock": 0.0}, "clock must be callable"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict[str, Any], message: str) -> None:
    """A breaker that cannot mean anything sensible is a ValueError naming the argument."""
    with pytest.raises(ValueError, match=message):
        CircuitBreaker(**kwargs)


def test_state_changes_are_traced(caplog: pytest.LogCaptureFixture) -> None:
    """Each state change leaves one breaker_state record; opening is a warning."""
    caplog.set_level(logging.DEBUG, logger="tool_outcomes")
    breaker = tripped(threshold=2, name="search")
    clock_of(breaker).now_s = 10.0
    feed(breaker, SUCCESS)
    changes = [
        (r.levelno, trace_of(r)["detail"])
        for r in caplog.records
        if trace_of(r)["decision"] == "breaker_state"
    ]
    assert changes == [
        (logging.WARNING, "closed -> open"),
        (logging.INFO, "open -> half_open"),
        (logging.INFO, "half_open -> closed"),
    ]
    assert all(trace_of(r)["tool"] == "search" for r in caplog.records)


# -- concurrency -------------------------------------------------------------------------------


def test_threads_hammering_a_failing_upstream_keep_counts_consistent() -> None:
    """Under threads, every call is admitted or refused, and it trips exactly once."""
    breaker = CircuitBreaker(failure_threshold=5, clock=FakeClock())
    upstream = Upstream(fail())
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(lambda _: breaker.call(upstream), range(400)))
    stats = breaker.stats
    refused = sum(1 for r in results if r.failure and r.failure.code is FailureCode.CIRCUIT_OPEN)
    assert stats.state is BreakerState.OPEN
    assert (stats.admitted, stats.refused) == (upstream.calls, refused)
    assert stats.admitted + stats.refused == 400
    # Results that land after the trip belong to the closed era and are not counted again.
    assert (stats.failures_counted, stats.times_opened) == (5, 1)


def test_threads_hammering_a_healthy_upstream_never_trip_it() -> None:
    """Under threads, a healthy upstream gets every call and the breaker stays closed."""
    breaker = CircuitBreaker(failure_threshold=1, clock=FakeClock())
    upstream = Upstream(SUCCESS)
    with ThreadPoolExecutor(max_workers=8) as pool:
        list(pool.map(lambda _: breaker.call(upstream), range(400)))
    stats = breaker.stats
    assert (stats.state, stats.admitted, stats.refused, upstream.calls) == (
        BreakerState.CLOSED,
        400,
        0,
        400,
    )


@pytest.mark.asyncio
@pytest.mark.parametrize("max_calls", [1, 3])
async def test_concurrent_tasks_cannot_all_probe(max_calls: int) -> None:
    """Of many tasks arriving at a half-open breaker, only half_open_max_calls reach upstream."""
    breaker = tripped(half_open_max_calls=max_calls)
    clock_of(breaker).now_s = 10.0
    release = asyncio.Event()
    entered = 0

    async def probe() -> Envelope[Any]:
        nonlocal entered
        entered += 1
        await release.wait()
        return SUCCESS

    tasks = [asyncio.ensure_future(breaker.acall(probe)) for _ in range(10)]
    await asyncio.sleep(0)  # let every task reach the breaker before any probe returns
    assert entered == max_calls
    release.set()
    results = await asyncio.gather(*tasks)
    assert sum(1 for r in results if r.outcome is Outcome.SUCCESS) == max_calls
    assert state_of(breaker) is BreakerState.CLOSED


@pytest.mark.asyncio
async def test_a_cancelled_probe_frees_its_slot() -> None:
    """Cancelling an in-flight probe propagates and lets the next task probe."""
    breaker = tripped()
    clock_of(breaker).now_s = 10.0
    started = asyncio.Event()

    async def hang() -> Envelope[Any]:
        started.set()
        await asyncio.Event().wait()
        raise AssertionError("unreachable")

    task = asyncio.ensure_future(breaker.acall(hang))
    await started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task

    async def healthy() -> Envelope[Any]:
        return SUCCESS

    assert (await breaker.acall(healthy)).outcome is Outcome.SUCCESS
    assert state_of(breaker) is BreakerState.CLOSED
