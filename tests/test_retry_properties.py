"""Properties of the retry loop for any upstream script and any policy, sync and async."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field, replace
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from tool_outcomes import (
    Coverage,
    Envelope,
    Failure,
    FailureCode,
    FailureKind,
    Outcome,
    RetryBudget,
    RetryPolicy,
    RetryStop,
    TruncatedBy,
    with_retry,
    with_retry_async,
)

# Sleeps are compared with the deadline through a float clock; allow for rounding only.
_FLOAT_SLACK_S = 1e-9


class Boom(RuntimeError):
    """What a misbehaving call raises."""

    def __init__(self) -> None:
        super().__init__("raised by the upstream script")


@dataclass
class World:
    """A fake upstream script plus the clock it runs on. Each call takes ``call_s`` seconds."""

    script: list[Envelope[Any] | Boom]
    call_s: float
    now_s: float = 0.0
    returned: list[Envelope[Any] | Boom] = field(default_factory=list)
    sleeps: list[float] = field(default_factory=list)

    def clock(self) -> float:
        return self.now_s

    def call(self) -> Envelope[Any]:
        item = self.script[len(self.returned) % len(self.script)]
        self.returned.append(item)
        self.now_s += self.call_s
        if isinstance(item, Boom):
            raise item
        return item

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now_s += seconds

    async def acall(self) -> Envelope[Any]:
        return self.call()

    async def asleep(self, seconds: float) -> None:
        self.sleep(seconds)


# Mostly short Retry-After values, sometimes far beyond any sensible maximum.
_RETRY_AFTER_S = st.none() | st.floats(0.0, 10.0) | st.floats(0.0, 200.0)


def _failure(code: FailureCode, kind: FailureKind, retry_after_s: float | None) -> Envelope[Any]:
    return Envelope[Any](
        outcome=Outcome.ACCESS_FAILURE,
        failure=Failure(code=code, kind=kind, retry_after_s=retry_after_s),
    )


failures = st.builds(
    _failure, st.sampled_from(FailureCode), st.sampled_from(FailureKind), _RETRY_AFTER_S
)
transient_failures = st.builds(
    _failure,
    st.sampled_from([FailureCode.TIMEOUT, FailureCode.SERVER_ERROR, FailureCode.RATE_LIMITED]),
    st.just(FailureKind.TRANSIENT),
    _RETRY_AFTER_S,
)
answers = st.sampled_from(
    [
        Envelope[Any](outcome=Outcome.SUCCESS, data=["a"]),
        Envelope[Any](outcome=Outcome.EMPTY, data=[]),
        Envelope[Any](
            outcome=Outcome.PARTIAL,
            data=["a"],
            coverage=Coverage(returned=1, total=3, truncated_by=TruncatedBy.NEXT_PAGE),
        ),
    ]
)


@st.composite
def steps(draw: st.DrawFn) -> Envelope[Any] | Boom:
    """One upstream reply. Transient failures dominate, so that long retry runs are common."""
    roll = draw(st.integers(0, 99))
    if roll < 70:
        return draw(transient_failures)
    if roll < 85:
        return draw(failures)
    return draw(answers) if roll < 95 else Boom()


@st.composite
def policies(draw: st.DrawFn) -> RetryPolicy:
    """Any valid policy, budget included or not."""
    base = draw(st.floats(min_value=0.0, max_value=2.0))
    return RetryPolicy(
        max_attempts=draw(st.integers(min_value=1, max_value=8)),
        backoff_base_s=base,
        backoff_cap_s=base + draw(st.floats(min_value=0.0, max_value=30.0)),
        deadline_s=draw(st.none() | st.floats(min_value=0.01, max_value=100.0)),
        jitter=draw(st.booleans()),
        respect_retry_after=draw(st.booleans()),
        max_retry_after_s=draw(st.just(60.0) | st.floats(min_value=0.0, max_value=120.0)),
        budget=draw(
            st.none()
            | st.builds(RetryBudget, capacity=st.integers(0, 100), retry_cost=st.integers(0, 12))
        ),
        seed=draw(st.integers(0, 2**32)),
    )


worlds = st.builds(
    World,
    script=st.lists(steps(), min_size=1, max_size=10),
    call_s=st.floats(min_value=0.0, max_value=2.0),
)


def _check(world: World, policy: RetryPolicy, env: Envelope[Any]) -> None:
    """Every claim the retry loop makes about its result, for one run."""
    calls = len(world.returned)
    last = world.returned[-1]
    refused_retry = (
        calls > 1
        and isinstance(last, Envelope)
        and last.failure is not None
        and last.failure.code is FailureCode.CIRCUIT_OPEN
    )
    # A breaker's refusal of a retry answers nothing: the failure before it is the result.
    answered = calls - 1 if refused_retry else calls
    result = world.returned[answered - 1]

    assert 1 <= env.attempts == answered <= policy.max_attempts
    # The result is the last thing the upstream gave, attempts updated: nothing invented.
    if isinstance(result, Boom):
        assert env.failure is not None
        assert (env.failure.code, env.failure.kind) == (
            FailureCode.EXECUTION,
            FailureKind.PERMANENT,
        )
    else:
        expected = result.model_copy(update={"attempts": answered})
        stop = env.failure.stopped_by if env.failure is not None else None
        if stop is not None:  # what stopped the retries is recorded; nothing else changes
            assert result.failure is not None
            assert stop is (RetryStop.CIRCUIT_OPEN if refused_retry else stop)
            assert stop in (RetryStop.BUDGET, RetryStop.DEADLINE, RetryStop.CIRCUIT_OPEN)
            stopped = result.failure.model_copy(update={"stopped_by": stop})
            expected = expected.model_copy(update={"failure": stopped})
        assert env == expected
    # Never an empty unless the upstream itself said empty.
    if env.outcome is Outcome.EMPTY:
        assert isinstance(last, Envelope)
        assert last.outcome is Outcome.EMPTY
    # Only transient access failures were ever retried.
    for earlier in world.returned[:-1]:
        assert isinstance(earlier, Envelope)
        assert earlier.failure is not None
        assert earlier.failure.kind is FailureKind.TRANSIENT
        assert earlier.failure.code is not FailureCode.CIRCUIT_OPEN
    # One sleep per retry, and the total stays within the stated bound.
    assert len(world.sleeps) == calls - 1
    assert sum(world.sleeps) <= policy.max_total_sleep_s() + _FLOAT_SLACK_S
    if policy.deadline_s is not None and world.sleeps:
        # A sleep is only taken if it ends by the deadline: the last one started before it.
        assert world.now_s - world.call_s <= policy.deadline_s + _FLOAT_SLACK_S


def _quiet() -> None:
    # Thousands of WARNING trace records would only slow the run down.
    logging.getLogger("tool_outcomes").disabled = True


def _loud() -> None:
    logging.getLogger("tool_outcomes").disabled = False


@given(world=worlds, policy=policies())
def test_retry_never_invents_an_answer_nor_overruns_its_bounds(
    world: World, policy: RetryPolicy
) -> None:
    """For any upstream and policy, with_retry returns the upstream's last word within bounds."""
    _quiet()
    try:
        env = with_retry(world.call, policy, sleep=world.sleep, clock=world.clock)
    finally:
        _loud()
    _check(world, policy, env)


@given(world=worlds, policy=policies())
def test_async_retry_never_invents_an_answer_nor_overruns_its_bounds(
    world: World, policy: RetryPolicy
) -> None:
    """The same properties hold for with_retry_async."""
    _quiet()
    try:
        env = asyncio.run(
            with_retry_async(world.acall, policy, sleep=world.asleep, clock=world.clock)
        )
    finally:
        _loud()
    _check(world, policy, env)


def _fresh(budget: RetryBudget | None) -> RetryBudget | None:
    if budget is None:
        return None
    return RetryBudget(
        budget.capacity, budget.retry_cost, budget.timeout_cost, budget.success_refund
    )


@given(world=worlds, policy=policies())
def test_sync_and_async_decide_alike(world: World, policy: RetryPolicy) -> None:
    """Both loops make the same calls, sleep the same delays and return the same envelope."""
    twin = World(script=world.script, call_s=world.call_s)
    _quiet()
    try:
        sync_env = with_retry(world.call, policy, sleep=world.sleep, clock=world.clock)
        # A budget is shared state: the twin run gets its own, as full as the first one was.
        async_policy = replace(policy, budget=_fresh(policy.budget))
        async_env = asyncio.run(
            with_retry_async(twin.acall, async_policy, sleep=twin.asleep, clock=twin.clock)
        )
    finally:
        _loud()
    assert (sync_env, world.sleeps, len(world.returned)) == (
        async_env,
        twin.sleeps,
        len(twin.returned),
    )
