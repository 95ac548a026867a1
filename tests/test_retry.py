"""Retry keyed on the outcome: each rule on its own, for with_retry and with_retry_async."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import pytest

from tool_outcomes import (
    Coverage,
    Decision,
    Envelope,
    Failure,
    FailureCode,
    FailureKind,
    Outcome,
    RetryBudget,
    RetryPolicy,
    TruncatedBy,
    with_retry,
    with_retry_async,
)
from tool_outcomes.testing import FakeClock

# -- fakes: a scripted upstream, a clock that only moves when told ----------------------------


def fail(
    code: FailureCode = FailureCode.SERVER_ERROR,
    kind: FailureKind = FailureKind.TRANSIENT,
    *,
    retry_after_s: float | None = None,
    detail: str = "",
) -> Envelope[Any]:
    """An access failure with the given code and kind."""
    return Envelope[Any](
        outcome=Outcome.ACCESS_FAILURE,
        failure=Failure(code=code, kind=kind, retry_after_s=retry_after_s, detail=detail),
        tool="search_tickets",
    )


SUCCESS = Envelope[Any](outcome=Outcome.SUCCESS, data=[1, 2], tool="search_tickets")
EMPTY = Envelope[Any](outcome=Outcome.EMPTY, data=[], tool="search_tickets")
PARTIAL = Envelope[Any](
    outcome=Outcome.PARTIAL,
    data=[1],
    coverage=Coverage(
        returned=1, total=5, next_cursor="p2", truncated_by=TruncatedBy.TOTAL_EXCEEDS_RETURNED
    ),
    tool="search_tickets",
)


@dataclass
class Upstream:
    """Returns (or raises) its script in order, repeating the last item; each call takes time."""

    script: list[Any]
    clock: FakeClock
    call_s: float = 0.0
    calls: int = 0

    def __call__(self) -> Envelope[Any]:
        item = self.script[min(self.calls, len(self.script) - 1)]
        self.calls += 1
        self.clock.advance(self.call_s)
        if isinstance(item, BaseException):
            raise item
        return item  # type: ignore[no-any-return]


Run = Callable[..., Envelope[Any]]


@pytest.fixture(params=["sync", "async"])
def run(request: pytest.FixtureRequest) -> Run:
    """Run the retry loop through with_retry or with_retry_async, with the fake clock."""

    def _run(upstream: Upstream, policy: RetryPolicy, **kwargs: Any) -> Envelope[Any]:
        clock = upstream.clock
        if request.param == "sync":
            return with_retry(upstream, policy, sleep=clock.sleep, clock=clock, **kwargs)

        async def call() -> Envelope[Any]:
            return upstream()

        return asyncio.run(
            with_retry_async(call, policy, sleep=clock.asleep, clock=clock, **kwargs)
        )

    return _run


@pytest.fixture(autouse=True)
def _capture_every_trace_record(caplog: pytest.LogCaptureFixture) -> None:
    """Let caplog see every decision, DEBUG (success) included."""
    caplog.set_level(logging.DEBUG, logger="tool_outcomes")


def decisions(caplog: pytest.LogCaptureFixture) -> list[str]:
    """The decisions traced, in order."""
    return [r.tool_outcomes["decision"] for r in caplog.records if hasattr(r, "tool_outcomes")]


# -- outcomes that are never retried -----------------------------------------------------------


@pytest.mark.parametrize("answer", [SUCCESS, EMPTY], ids=["success", "empty"])
def test_complete_answers_are_returned_at_once(run: Run, answer: Envelope[Any]) -> None:
    """A success or an empty is returned after one call, with no sleep."""
    upstream = Upstream([answer, fail()], FakeClock())
    env = run(upstream, RetryPolicy(max_attempts=5))
    assert (env, upstream.calls, upstream.clock.sleeps) == (answer, 1, [])


def test_empty_is_never_retried(run: Run) -> None:
    """A confirmed empty is settled: it is never retried, even when a retry would succeed."""
    upstream = Upstream([EMPTY, SUCCESS], FakeClock())
    env = run(upstream, RetryPolicy(max_attempts=5))
    assert env.outcome is Outcome.EMPTY
    assert upstream.calls == 1


def test_partial_is_not_retried(run: Run) -> None:
    """A partial is returned as is, cursor intact, so it can be resumed rather than re-asked."""
    upstream = Upstream([PARTIAL, SUCCESS], FakeClock())
    env = run(upstream, RetryPolicy(max_attempts=5))
    assert env == PARTIAL
    assert env.coverage is not None
    assert env.coverage.next_cursor == "p2"
    assert upstream.calls == 1


@pytest.mark.parametrize(
    "code",
    [
        FailureCode.UNAUTHORIZED,
        FailureCode.FORBIDDEN,
        FailureCode.BAD_REQUEST,
        FailureCode.NOT_FOUND,
        FailureCode.SCHEMA,
        FailureCode.EXECUTION,
    ],
)
def test_permanent_failure_surfaces_after_one_attempt(run: Run, code: FailureCode) -> None:
    """A permanent access failure fails the same way every time: one call, no sleep."""
    upstream = Upstream([fail(code, FailureKind.PERMANENT), SUCCESS], FakeClock())
    env = run(upstream, RetryPolicy(max_attempts=5))
    assert env.failure is not None
    assert env.failure.code is code
    assert (env.attempts, upstream.calls, upstream.clock.sleeps) == (1, 1, [])


def test_circuit_open_is_not_retried(run: Run, caplog: pytest.LogCaptureFixture) -> None:
    """A breaker's refusal ends the loop at once: waiting it out would queue callers as probes."""
    refusal = fail(FailureCode.CIRCUIT_OPEN, retry_after_s=3.0)
    upstream = Upstream([refusal, SUCCESS], FakeClock())
    env = run(upstream, RetryPolicy(max_attempts=5))
    assert (env, upstream.calls) == (refusal, 1)
    assert decisions(caplog) == [Decision.CIRCUIT_OPEN]


# -- transient failures ------------------------------------------------------------------------


def test_transient_failure_is_retried_until_it_succeeds(run: Run) -> None:
    """Transient failures are retried, sleeping between calls, until an answer arrives."""
    upstream = Upstream([fail(), fail(FailureCode.TIMEOUT), SUCCESS], FakeClock())
    env = run(upstream, RetryPolicy(max_attempts=3))
    assert env.outcome is Outcome.SUCCESS
    assert (env.attempts, upstream.calls, len(upstream.clock.sleeps)) == (3, 3, 2)


def test_exhausted_retries_are_access_failures(run: Run, caplog: pytest.LogCaptureFixture) -> None:
    """When attempts run out the result is the last access_failure, with attempts == max."""
    script = [fail(detail=f"call {n}") for n in range(1, 5)]
    upstream = Upstream([*script, EMPTY], FakeClock())
    env = run(upstream, RetryPolicy(max_attempts=4))
    assert env == script[-1].model_copy(update={"attempts": 4})
    assert upstream.calls == 4
    assert decisions(caplog) == [Decision.RETRY] * 3 + [Decision.GIVE_UP]


@pytest.mark.parametrize(
    ("policy", "retry_after_s", "expected_sleep_s"),
    [
        (RetryPolicy(jitter=False, backoff_base_s=0.2), 7.0, 7.0),
        (RetryPolicy(jitter=False, backoff_base_s=5.0), 1.0, 5.0),
        (RetryPolicy(jitter=False, backoff_base_s=0.2, respect_retry_after=False), 7.0, 0.2),
        (RetryPolicy(jitter=False, backoff_base_s=0.2, max_retry_after_s=7.0), 7.0, 7.0),
    ],
    ids=["retry-after-longer", "backoff-longer", "retry-after-ignored", "at-the-maximum"],
)
def test_retry_after_is_honoured(
    run: Run, policy: RetryPolicy, retry_after_s: float, expected_sleep_s: float
) -> None:
    """The sleep is max(backoff, Retry-After), unless the policy says to ignore Retry-After."""
    limited = fail(FailureCode.RATE_LIMITED, retry_after_s=retry_after_s)
    upstream = Upstream([limited, SUCCESS], FakeClock())
    env = run(upstream, policy)
    assert env.outcome is Outcome.SUCCESS
    assert upstream.clock.sleeps == [expected_sleep_s]


def test_retry_after_beyond_the_maximum_gives_up(
    run: Run, caplog: pytest.LogCaptureFixture
) -> None:
    """An upstream asking for a longer wait than max_retry_after_s is given up on, not slept on."""
    limited = fail(FailureCode.RATE_LIMITED, retry_after_s=120.0)
    upstream = Upstream([limited, SUCCESS], FakeClock())
    env = run(upstream, RetryPolicy(max_retry_after_s=60.0))
    assert (env, upstream.calls, upstream.clock.sleeps) == (limited, 1, [])
    assert decisions(caplog) == [Decision.GIVE_UP]


def test_deadline_is_never_passed(run: Run, caplog: pytest.LogCaptureFixture) -> None:
    """When the next sleep would pass the deadline the loop stops instead of sleeping."""
    clock = FakeClock()
    upstream = Upstream([fail(retry_after_s=0.6)], clock, call_s=0.1)
    env = run(upstream, RetryPolicy(max_attempts=10, deadline_s=1.0))
    # call (0.1) + sleep (0.6) + call (0.1) = 0.8; another 0.6 would reach 1.4 > 1.0.
    assert (env.outcome, env.attempts, clock.sleeps) == (Outcome.ACCESS_FAILURE, 2, [0.6])
    assert clock.now_s <= 1.0
    assert decisions(caplog) == [Decision.RETRY, Decision.DEADLINE_EXCEEDED]


def test_budget_exhaustion_returns_at_once(run: Run, caplog: pytest.LogCaptureFixture) -> None:
    """A refused budget ends the retries at once with the failure in hand."""
    budget = RetryBudget(capacity=7, retry_cost=5)
    upstream = Upstream([fail()], FakeClock())
    env = run(upstream, RetryPolicy(max_attempts=10, budget=budget))
    assert (env.outcome, env.attempts, len(upstream.clock.sleeps)) == (Outcome.ACCESS_FAILURE, 2, 1)
    assert budget.available == 2
    assert decisions(caplog) == [Decision.RETRY, Decision.BUDGET_EXHAUSTED]


@pytest.mark.parametrize("answer", [SUCCESS, EMPTY], ids=["success", "empty"])
def test_complete_answers_refund_the_budget(run: Run, answer: Envelope[Any]) -> None:
    """A call that ends in a complete answer gives success_refund tokens back."""
    budget = RetryBudget(capacity=20, retry_cost=5, success_refund=1)
    upstream = Upstream([fail(), answer], FakeClock())
    run(upstream, RetryPolicy(budget=budget))
    assert budget.available == 20 - 5 + 1


def test_seeded_jitter_is_reproducible(run: Run) -> None:
    """The same seed gives the same schedule; each delay stays under its ceiling."""
    policy = RetryPolicy(max_attempts=6, seed=7)
    schedules = []
    for _ in range(2):
        upstream = Upstream([fail()], FakeClock())
        run(upstream, policy)
        schedules.append(upstream.clock.sleeps)
    assert schedules[0] == schedules[1] == list(policy.delays())
    assert all(0 <= s <= policy.ceiling_s(n) for n, s in enumerate(schedules[0]))
    other = Upstream([fail()], FakeClock())
    run(other, RetryPolicy(max_attempts=6, seed=8))
    assert other.clock.sleeps != schedules[0]


def test_an_injected_rng_drives_the_jitter(run: Run) -> None:
    """An explicit random source takes precedence over the policy's seed."""
    upstream = Upstream([fail()], FakeClock())
    run(upstream, RetryPolicy(max_attempts=4, seed=1), rng=random.Random(99))
    assert upstream.clock.sleeps == list(RetryPolicy(max_attempts=4).delays(random.Random(99)))


@pytest.mark.parametrize(
    "raised",
    [RuntimeError("boom: Bearer sk-secret-canary-1234"), KeyError("missing"), ValueError()],
)
def test_a_raising_call_becomes_an_execution_failure(run: Run, raised: Exception) -> None:
    """A call that raises is an access_failure (execution, permanent), never a crash."""
    upstream = Upstream([raised, SUCCESS], FakeClock())
    env = run(upstream, RetryPolicy(max_attempts=5), tool="search_tickets")
    assert env.outcome is Outcome.ACCESS_FAILURE
    assert env.failure is not None
    assert (env.failure.code, env.failure.kind) == (FailureCode.EXECUTION, FailureKind.PERMANENT)
    assert env.failure.detail.startswith(type(raised).__name__)
    assert "sk-secret-canary-1234" not in env.failure.detail
    assert (env.tool, env.attempts, upstream.calls) == ("search_tickets", 1, 1)


def test_a_non_envelope_result_becomes_an_execution_failure(run: Run) -> None:
    """A call returning something other than an Envelope is classified, not trusted."""
    upstream = Upstream([[]], FakeClock())
    env = run(upstream, RetryPolicy())
    assert env.failure is not None
    assert env.failure.code is FailureCode.EXECUTION
    assert "list" in env.failure.detail


# -- sync/async specifics ----------------------------------------------------------------------


@pytest.mark.asyncio
async def test_async_retry_awaits_the_injected_sleep() -> None:
    """Inside a running loop, with_retry_async awaits the injected sleep, never a real one."""
    clock = FakeClock()
    script = iter([fail(), fail(), SUCCESS])

    async def call() -> Envelope[Any]:
        await asyncio.sleep(0)  # a real suspension point, as an httpx call would have
        return next(script)

    env = await with_retry_async(call, RetryPolicy(jitter=False), sleep=clock.asleep, clock=clock)
    assert (env.outcome, env.attempts, clock.sleeps) == (Outcome.SUCCESS, 3, [0.2, 0.4])


@pytest.mark.asyncio
async def test_async_cancellation_propagates() -> None:
    """Cancelling the awaiting task cancels the retry loop; it is not turned into a failure."""
    started = asyncio.Event()

    async def call() -> Envelope[Any]:
        started.set()
        await asyncio.Event().wait()
        raise AssertionError("unreachable")

    task = asyncio.ensure_future(with_retry_async(call, RetryPolicy()))
    await started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


def test_policy_must_be_a_retry_policy() -> None:
    """Passing something else as the policy is a clear TypeError, before any call."""
    with pytest.raises(TypeError, match="RetryPolicy"):
        with_retry(lambda: SUCCESS, {"max_attempts": 3})  # type: ignore[arg-type]


# -- the policy itself ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"max_attempts": 0}, "max_attempts must be >= 1"),
        ({"max_attempts": 2.5}, "max_attempts must be an int"),
        ({"max_attempts": True}, "max_attempts must be an int"),
        ({"backoff_base_s": -1.0}, "backoff_base_s must be finite and >= 0"),
        ({"backoff_base_s": float("nan")}, "backoff_base_s must be finite"),
        ({"backoff_cap_s": float("inf")}, "backoff_cap_s must be finite"),
        ({"backoff_base_s": 5.0, "backoff_cap_s": 1.0}, "backoff_cap_s .* must be >= backoff_base"),
        ({"deadline_s": 0}, "deadline_s must be finite and > 0"),
        ({"deadline_s": "10"}, "deadline_s must be a number of seconds"),
        ({"max_retry_after_s": -5}, "max_retry_after_s must be finite and >= 0"),
        ({"jitter": "yes"}, "jitter must be True or False"),
        ({"budget": 500}, "budget must be a RetryBudget"),
        ({"seed": "abc"}, "seed must be an int"),
    ],
)
def test_bad_policies_are_refused_with_a_clear_message(
    kwargs: dict[str, Any], message: str
) -> None:
    """A policy that cannot mean anything sensible is a ValueError naming the argument."""
    with pytest.raises(ValueError, match=message):
        RetryPolicy(**kwargs)


def test_backoff_without_jitter_doubles_up_to_the_cap() -> None:
    """Without jitter the schedule is base * 2**n, capped."""
    policy = RetryPolicy(max_attempts=8, backoff_base_s=0.5, backoff_cap_s=10.0, jitter=False)
    assert policy.delays() == (0.5, 1.0, 2.0, 4.0, 8.0, 10.0, 10.0)


def test_very_late_retries_do_not_overflow() -> None:
    """A retry index far past any float exponent still yields the cap, not an OverflowError."""
    policy = RetryPolicy(jitter=False, backoff_cap_s=30.0)
    assert policy.backoff_s(100_000, random.Random(0)) == 30.0


@pytest.mark.parametrize(
    ("policy", "bound_s"),
    [
        (RetryPolicy(max_attempts=1), 0.0),
        (RetryPolicy(max_attempts=3, respect_retry_after=False), 0.2 + 0.4),
        (RetryPolicy(max_attempts=3, max_retry_after_s=10.0), 20.0),
        (RetryPolicy(max_attempts=3, max_retry_after_s=10.0, deadline_s=15.0), 15.0),
        (RetryPolicy(max_attempts=4, backoff_cap_s=0.5, max_retry_after_s=0.3), 0.3 + 0.4 + 0.5),
    ],
)
def test_max_total_sleep_is_the_sum_of_the_largest_possible_sleeps(
    policy: RetryPolicy, bound_s: float
) -> None:
    """The stated bound is the sum of max(ceiling, max Retry-After), capped by the deadline."""
    assert policy.max_total_sleep_s() == pytest.approx(bound_s)


# -- the budget ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "cost"), [(FailureCode.TIMEOUT, 10), (FailureCode.SERVER_ERROR, 5)]
)
def test_a_retry_costs_its_tokens_and_a_timeout_costs_more(code: FailureCode, cost: int) -> None:
    """A retry takes retry_cost tokens, a retry after a timeout takes timeout_cost."""
    budget = RetryBudget()
    assert budget.try_acquire(Failure(code=code, kind=FailureKind.TRANSIENT))
    assert budget.available == 500 - cost


def test_a_refused_acquire_takes_nothing() -> None:
    """When the tokens do not cover the cost, nothing is taken and the answer is no."""
    budget = RetryBudget(capacity=9)
    timeout = Failure(code=FailureCode.TIMEOUT, kind=FailureKind.TRANSIENT)
    assert not budget.try_acquire(timeout)
    assert budget.available == 9


def test_refunds_never_exceed_capacity() -> None:
    """Refunds fill the bucket back up to its capacity and no further."""
    budget = RetryBudget(capacity=10, retry_cost=3, success_refund=2)
    assert budget.try_acquire(Failure(code=FailureCode.NETWORK, kind=FailureKind.TRANSIENT))
    for _ in range(5):
        budget.refund()
    assert budget.available == 10


@pytest.mark.parametrize(
    "kwargs",
    [{"capacity": -1}, {"retry_cost": 1.5}, {"timeout_cost": None}, {"success_refund": -2}],
)
def test_bad_budgets_are_refused(kwargs: dict[str, Any]) -> None:
    """A budget with a negative or non-integer setting is a ValueError."""
    with pytest.raises(ValueError, match=next(iter(kwargs))):
        RetryBudget(**kwargs)


def test_the_budget_is_consistent_under_threads() -> None:
    """Concurrent acquires never overdraw: exactly capacity / cost of them succeed."""
    budget = RetryBudget(capacity=500, retry_cost=5)
    failure = Failure(code=FailureCode.SERVER_ERROR, kind=FailureKind.TRANSIENT)
    with ThreadPoolExecutor(max_workers=8) as pool:
        granted = sum(pool.map(lambda _: budget.try_acquire(failure), range(400)))
    assert (granted, budget.available) == (100, 0)


def test_every_attempt_is_traced_once(run: Run, caplog: pytest.LogCaptureFixture) -> None:
    """One trace record per call, each with its attempt number and decision."""
    upstream = Upstream([fail(), fail(), SUCCESS], FakeClock())
    run(upstream, RetryPolicy())
    fields = [getattr(r, "tool_outcomes", {}) for r in caplog.records]
    assert [(f["attempt"], f["decision"]) for f in fields] == [
        (1, "retry"),
        (2, "retry"),
        (3, "done"),
    ]


def test_the_fake_clock_refuses_to_run_backwards() -> None:
    """A negative sleep or advance is a bug in the caller, reported at once."""
    clock = FakeClock()
    with pytest.raises(ValueError, match="negative"):
        clock.sleep(-1)
    with pytest.raises(ValueError, match="backwards"):
        clock.advance(-1)
    assert clock() == 0.0
