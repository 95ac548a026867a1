"""Retry belongs to the adapter, keyed on the outcome.

Once every result declares its class, retrying is mechanical. ``success`` and ``empty`` are
returned at once (an empty is settled: asking again re-learns nothing). A ``partial`` is not
retried; it may be resumed from its cursor. A permanent access failure surfaces after one
attempt. A transient one is retried with capped exponential backoff and full jitter, waiting at
least as long as the upstream's ``Retry-After``, within an overall deadline and a shared token
budget. When the retries run out the result is the last ``access_failure``, never an ``empty``.

Sleeping, the clock and the random source are injected, so tests and notebooks never wait.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from ._text import clip, exception_text
from .envelope import Envelope, Failure, FailureCode, FailureKind, Outcome, RetryStop
from .guard import clean
from .observe import ActiveCall, attempt_async, attempt_sync, current_call, new_call_id, registered
from .trace import Decision, TraceRecord, emit, heard, record_for

__all__ = [
    "RetryBudget",
    "RetryPolicy",
    "execution_failure",
    "with_retry",
    "with_retry_async",
]

T = TypeVar("T")

#: Beyond this many doublings every ceiling is the cap; avoids float overflow in 2.0**n.
_MAX_DOUBLINGS = 1023

#: The longest exception text kept in an ``execution`` failure's detail.
_EXECUTION_DETAIL_MAX_CHARS = 300


def _check_int(name: str, value: object, minimum: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be an int, got {type(value).__name__} {value!r}")
    if value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value}")


def _check_seconds(name: str, value: object, *, positive: bool = False) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{name} must be a number of seconds, got {type(value).__name__}")
    if not math.isfinite(value) or value < 0 or (positive and value == 0):
        bound = "> 0" if positive else ">= 0"
        raise ValueError(f"{name} must be finite and {bound}, got {value!r}")


class RetryBudget:
    """A token bucket shared by all retries of a client, as in AWS SDKs' "standard" mode.

    Each retry takes tokens (``retry_cost``, or ``timeout_cost`` after a timeout, which is a
    costlier sign of trouble); each successful call gives ``success_refund`` back, up to
    ``capacity``. When an upstream is down, the bucket drains and retries stop fleet-wide
    instead of multiplying the load. Thread-safe.
    """

    def __init__(
        self,
        capacity: int = 500,
        retry_cost: int = 5,
        timeout_cost: int = 10,
        success_refund: int = 1,
    ) -> None:
        _check_int("capacity", capacity, 0)
        _check_int("retry_cost", retry_cost, 0)
        _check_int("timeout_cost", timeout_cost, 0)
        _check_int("success_refund", success_refund, 0)
        self.capacity = capacity
        self.retry_cost = retry_cost
        self.timeout_cost = timeout_cost
        self.success_refund = success_refund
        self._available = capacity
        self._lock = threading.Lock()

    @property
    def available(self) -> int:
        """The tokens left."""
        with self._lock:
            return self._available

    def cost_of(self, failure: Failure) -> int:
        """The tokens a retry after ``failure`` takes."""
        return self.timeout_cost if failure.code is FailureCode.TIMEOUT else self.retry_cost

    def try_acquire(self, failure: Failure) -> bool:
        """Take the tokens for one retry after ``failure``, if there are enough.

        Args:
            failure: The failure about to be retried.

        Returns:
            ``True`` (tokens taken) or ``False`` (nothing taken: do not retry).
        """
        cost = self.cost_of(failure)
        with self._lock:
            if self._available < cost:
                return False
            self._available -= cost
            return True

    def refund(self) -> None:
        """Give back ``success_refund`` tokens after a successful call, up to ``capacity``."""
        with self._lock:
            self._available = min(self.capacity, self._available + self.success_refund)

    def __repr__(self) -> str:
        return f"RetryBudget(available={self.available}/{self.capacity})"


@dataclass(frozen=True)
class RetryPolicy:
    """How a transient access failure is retried: bounded, jittered, within a deadline.

    The delay before retry ``n`` (0 for the first retry) is ``uniform(0, min(cap, base * 2**n))``
    with ``jitter`` ("full jitter"), else the ceiling itself; with ``respect_retry_after`` it is at
    least the failure's ``retry_after_s``. A ``retry_after_s`` above ``max_retry_after_s``, or a
    delay that would pass ``deadline_s``, ends the retries instead of sleeping.
    """

    max_attempts: int = 3
    """Total calls, the first included (``1`` = never retry)."""
    backoff_base_s: float = 0.2
    backoff_cap_s: float = 20.0
    deadline_s: float | None = None
    """Overall bound on the time spent, sleeps included, measured from the first call."""
    jitter: bool = True
    respect_retry_after: bool = True
    max_retry_after_s: float = 60.0
    budget: RetryBudget | None = None
    seed: int | None = None
    """Seed of the jitter's random source, for reproducible schedules (notebooks, tests)."""

    def __post_init__(self) -> None:
        _check_int("max_attempts", self.max_attempts, 1)
        _check_seconds("backoff_base_s", self.backoff_base_s)
        _check_seconds("backoff_cap_s", self.backoff_cap_s)
        if self.backoff_cap_s < self.backoff_base_s:
            raise ValueError(
                f"backoff_cap_s ({self.backoff_cap_s}) must be >= backoff_base_s "
                f"({self.backoff_base_s})"
            )
        if self.deadline_s is not None:
            _check_seconds("deadline_s", self.deadline_s, positive=True)
        _check_seconds("max_retry_after_s", self.max_retry_after_s)
        for flag in ("jitter", "respect_retry_after"):
            if not isinstance(getattr(self, flag), bool):
                raise ValueError(f"{flag} must be True or False, got {getattr(self, flag)!r}")
        if self.budget is not None and not isinstance(self.budget, RetryBudget):
            raise ValueError(f"budget must be a RetryBudget or None, got {self.budget!r}")
        if self.seed is not None:
            _check_int("seed", self.seed, -(2**63))

    def rng(self) -> random.Random:
        """A fresh random source: seeded from ``seed`` when set, so each run repeats."""
        return random.Random(self.seed)

    def ceiling_s(self, retry_index: int) -> float:
        """The largest backoff before retry ``retry_index`` (0-based): ``min(cap, base * 2**n)``."""
        _check_int("retry_index", retry_index, 0)
        doublings = min(retry_index, _MAX_DOUBLINGS)
        return min(self.backoff_cap_s, self.backoff_base_s * 2.0**doublings)

    def backoff_s(self, retry_index: int, rng: random.Random) -> float:
        """The backoff before retry ``retry_index`` (0-based), before any ``Retry-After``.

        Args:
            retry_index: 0 for the first retry, 1 for the second, …
            rng: The random source for the jitter (unused without jitter).

        Returns:
            A delay in ``[0, ceiling_s(retry_index)]``.
        """
        ceiling = self.ceiling_s(retry_index)
        return rng.uniform(0.0, ceiling) if self.jitter else ceiling

    def delays(self, rng: random.Random | None = None) -> tuple[float, ...]:
        """The backoff schedule of every retry this policy allows, for plotting.

        Args:
            rng: The jitter's random source; defaults to :meth:`rng`.

        Returns:
            ``max_attempts - 1`` delays in seconds (``Retry-After`` not included).
        """
        source = rng if rng is not None else self.rng()
        return tuple(self.backoff_s(n, source) for n in range(self.max_attempts - 1))

    def max_total_sleep_s(self) -> float:
        """An upper bound on the total time :func:`with_retry` sleeps under this policy.

        Each sleep is at most ``max(ceiling_s(n), max_retry_after_s)`` (only the ceiling when
        ``Retry-After`` is ignored), and there are at most ``max_attempts - 1`` of them; with a
        deadline the total is also at most ``deadline_s``.

        Returns:
            The bound in seconds.
        """
        floor_s = self.max_retry_after_s if self.respect_retry_after else 0.0
        bound = sum(max(self.ceiling_s(n), floor_s) for n in range(self.max_attempts - 1))
        return bound if self.deadline_s is None else min(bound, self.deadline_s)


def execution_failure(
    exc: BaseException | str, *, tool: str | None = None, target: str | None = None
) -> Envelope[Any]:
    """The access failure for a tool call that raised (or returned something not an envelope).

    Args:
        exc: The exception, or a description of what went wrong.
        tool: The tool's name.
        target: What was called (stored as given; redact it before if it may hold secrets).

    Returns:
        An ``access_failure`` with code ``execution``, kind ``permanent`` (the same code would
        raise again) and the redacted exception text as its detail.
    """
    text = exc if isinstance(exc, str) else exception_text(exc)
    text = clip(clean(text), _EXECUTION_DETAIL_MAX_CHARS)
    return Envelope[Any].failed(
        FailureCode.EXECUTION, FailureKind.PERMANENT, text, tool=tool, target=target
    )


def checked_envelope(result: object, tool: str | None, target: str | None = None) -> Envelope[Any]:
    """``result`` if it is an envelope, else the execution failure saying what came instead."""
    if isinstance(result, Envelope):
        return result
    return execution_failure(
        f"the call returned {type(result).__name__}, not an Envelope", tool=tool, target=target
    )


@dataclass(frozen=True)
class _Step:
    decision: Decision
    sleep_s: float | None = None
    note: str | None = None
    stop: RetryStop | None = None
    """What stopped the retries, when it was not the policy's own count or wait (those show in
    ``attempts`` and ``retry_after_s``)."""


#: The decision for every outcome that is never retried.
_FINAL_BY_OUTCOME: dict[Outcome, Decision] = {
    Outcome.SUCCESS: Decision.DONE,
    Outcome.EMPTY: Decision.DONE,
    Outcome.PARTIAL: Decision.RETURN_PARTIAL,
}


_FINAL_STEPS = {outcome: _Step(decision) for outcome, decision in _FINAL_BY_OUTCOME.items()}


class _Jitter:
    """The jitter's random source, made on first use: a call that never retries seeds none."""

    def __init__(self, policy: RetryPolicy, rng: random.Random | None) -> None:
        self._policy = policy
        self._rng = rng

    def source(self) -> random.Random:
        if self._rng is None:
            self._rng = self._policy.rng()
        return self._rng


def _decide(
    env: Envelope[Any], attempt: int, elapsed_s: float, policy: RetryPolicy, jitter: _Jitter
) -> _Step:
    """The one place the retry rules live; with_retry and with_retry_async only run them."""
    final = _FINAL_STEPS.get(env.outcome)
    if final is not None:
        if env.outcome is not Outcome.PARTIAL and policy.budget is not None:
            policy.budget.refund()
        return final
    failure = env.failure
    assert failure is not None  # the Envelope validator guarantees it for access_failure
    if failure.code is FailureCode.CIRCUIT_OPEN:
        # Waiting out the breaker inside a retry loop would queue every caller up as a probe.
        return _Step(Decision.CIRCUIT_OPEN, stop=RetryStop.CIRCUIT_OPEN)
    if failure.kind is FailureKind.PERMANENT:
        return _Step(Decision.NOT_RETRYABLE)
    if attempt >= policy.max_attempts:
        return _Step(
            Decision.GIVE_UP,
            note=f"{attempt} of {policy.max_attempts} attempts made",
        )
    delay_s = policy.backoff_s(attempt - 1, jitter.source())
    retry_after_s = failure.retry_after_s
    if policy.respect_retry_after and retry_after_s is not None:
        if retry_after_s > policy.max_retry_after_s:
            return _Step(
                Decision.GIVE_UP,
                note=f"retry_after_s={retry_after_s:g} exceeds "
                f"max_retry_after_s={policy.max_retry_after_s:g}",
            )
        delay_s = max(delay_s, retry_after_s)
    if policy.deadline_s is not None and elapsed_s + delay_s > policy.deadline_s:
        return _Step(
            Decision.DEADLINE_EXCEEDED,
            note=f"sleeping {delay_s:.3g} s would pass deadline_s={policy.deadline_s:g}",
            stop=RetryStop.DEADLINE,
        )
    if policy.budget is not None and not policy.budget.try_acquire(failure):
        return _Step(
            Decision.BUDGET_EXHAUSTED,
            note=f"retry budget ran out ({policy.budget.available} tokens left)",
            stop=RetryStop.BUDGET,
        )
    return _Step(Decision.RETRY, sleep_s=delay_s)


def _check_policy(policy: object) -> RetryPolicy:
    if not isinstance(policy, RetryPolicy):
        raise TypeError(f"policy must be a RetryPolicy, got {type(policy).__name__}")
    return policy


class _Loop:
    """One retry loop's view of its call: the id its records carry, the listeners it tells."""

    __slots__ = ("active", "call_id", "listeners", "tool", "tool_call_id")

    def __init__(self, tool: str | None) -> None:
        active = current_call()
        self.active: ActiveCall | None = active
        self.tool = tool
        self.call_id: str | None
        self.tool_call_id: str | None
        if active is None:  # with_retry called on its own: the loop is the call (id made lazily)
            self.call_id, self.tool_call_id = None, None
            self.listeners = registered()
        else:
            self.call_id, self.tool_call_id = active.info.call_id, active.info.tool_call_id
            self.listeners = active.listeners

    def begin_attempt(self) -> None:
        if self.active is not None:
            self.active.http_status = None

    def record(
        self,
        env: Envelope[Any],
        attempt: int,
        step: _Step,
        elapsed_s: float,
        target: str | None,
    ) -> TraceRecord | None:
        """The attempt's record, emitted; ``None`` when no handler or listener would see it."""
        heard_by_log = heard(step.decision, env.outcome)
        if not (heard_by_log or self.listeners):  # no record is built for no listener
            return None
        if self.call_id is None:
            self.call_id = new_call_id()
        record = record_for(
            env,
            attempt=attempt,
            decision=step.decision,
            sleep_s=step.sleep_s,
            elapsed_s=elapsed_s,
            target=target,
            note=step.note,
            tool=self.tool,
            http_status=None if self.active is None else self.active.http_status,
            call_id=self.call_id,
            tool_call_id=self.tool_call_id,
        )
        if heard_by_log:
            emit(record)
        return record


def _finish(
    env: Envelope[T], attempt: int, step: _Step, previous: Envelope[T] | None
) -> Envelope[T]:
    """The envelope a loop returns: the last attempt's, saying what stopped the retries.

    A breaker that refuses a retry did not answer the question: the failure of the attempt
    that did reach the upstream is the truth, and the breaker is why no more followed.
    """
    if step.stop is RetryStop.CIRCUIT_OPEN and previous is not None:
        env, attempt = previous, attempt - 1
    elif step.stop is None or step.stop is RetryStop.CIRCUIT_OPEN:
        return env if env.attempts == attempt else env.model_copy(update={"attempts": attempt})
    failure = env.failure
    assert failure is not None  # a stop is only ever decided on an access failure
    stopped = failure.model_copy(update={"stopped_by": step.stop})
    return env.model_copy(update={"failure": stopped, "attempts": attempt})


def with_retry(
    call: Callable[[], Envelope[T]],
    policy: RetryPolicy,
    *,
    sleep: Callable[[float], None] = time.sleep,
    clock: Callable[[], float] = time.monotonic,
    rng: random.Random | None = None,
    tool: str | None = None,
    target: str | None = None,
) -> Envelope[T]:
    """Call until the outcome says stop, retrying only transient access failures.

    Args:
        call: Makes one attempt and returns its envelope. Should never raise; if it does, or
            returns something else, the attempt is an ``execution`` (permanent) failure.
        policy: The retry rules.
        sleep: Waits between attempts (inject a recorder in tests).
        clock: Monotonic seconds, for the deadline and the trace.
        rng: The jitter's random source; defaults to ``policy.rng()``.
        tool: The tool's name, for an ``execution`` failure's envelope and for trace records
            of envelopes that do not name their tool.
        target: What was called, for the trace (redacted there); defaults to each envelope's.

    Returns:
        The last envelope the call returned, with ``attempts`` set to the number of calls made.
        It is an ``access_failure`` whenever the retries ran out: never an ``empty``; a
        transient failure's ``stopped_by`` then says what stopped them. When the circuit
        breaker refuses a retry, the failure of the last attempt that ran is returned (its
        ``stopped_by`` is ``circuit_open``), not the refusal.

    Every attempt emits exactly one trace record with the decision taken on it, carrying one
    ``call_id`` for the whole loop; listeners registered with
    :func:`~tool_outcomes.add_listener` see each record.
    """
    policy = _check_policy(policy)
    jitter = _Jitter(policy, rng)
    loop = _Loop(tool)
    start_s = clock()
    attempt = 0
    previous: Envelope[Any] | None = None
    while True:
        attempt += 1
        loop.begin_attempt()
        try:
            env: Envelope[Any] = checked_envelope(call(), tool, target)
        except Exception as exc:  # the adapter never raises; anything that does is classified
            env = execution_failure(exc, tool=tool, target=target)
        elapsed_s = clock() - start_s
        step = _decide(env, attempt, elapsed_s, policy, jitter)
        record = loop.record(env, attempt, step, elapsed_s, target)
        if record is not None and loop.listeners:
            attempt_sync(loop.listeners, record)
        if step.sleep_s is None:
            return _finish(env, attempt, step, previous)
        previous = env
        sleep(step.sleep_s)


async def asyncio_sleep(seconds: float) -> None:
    """``asyncio.sleep``, imported on first use: a program that never awaits a call never
    loads asyncio (the default ``sleep`` of :func:`with_retry_async` and ``Tool.acall``)."""
    import asyncio

    await asyncio.sleep(seconds)


async def with_retry_async(
    call: Callable[[], Awaitable[Envelope[T]]],
    policy: RetryPolicy,
    *,
    sleep: Callable[[float], Awaitable[None]] = asyncio_sleep,
    clock: Callable[[], float] = time.monotonic,
    rng: random.Random | None = None,
    tool: str | None = None,
    target: str | None = None,
) -> Envelope[T]:
    """The asynchronous :func:`with_retry`: same rules, same trace, awaited call and sleep.

    Args:
        call: Returns an awaitable of one attempt's envelope.
        policy: The retry rules.
        sleep: Awaitable wait between attempts.
        clock: Monotonic seconds, for the deadline and the trace.
        rng: The jitter's random source; defaults to ``policy.rng()``.
        tool: The tool's name, as in :func:`with_retry`.
        target: What was called, for the trace; defaults to each envelope's.

    Returns:
        As :func:`with_retry`. Cancellation is not caught: it propagates.
    """
    policy = _check_policy(policy)
    jitter = _Jitter(policy, rng)
    loop = _Loop(tool)
    start_s = clock()
    attempt = 0
    previous: Envelope[Any] | None = None
    while True:
        attempt += 1
        loop.begin_attempt()
        try:
            env: Envelope[Any] = checked_envelope(await call(), tool, target)
        except Exception as exc:  # CancelledError is a BaseException and is not caught
            env = execution_failure(exc, tool=tool, target=target)
        elapsed_s = clock() - start_s
        step = _decide(env, attempt, elapsed_s, policy, jitter)
        record = loop.record(env, attempt, step, elapsed_s, target)
        if record is not None and loop.listeners:
            await attempt_async(loop.listeners, record)
        if step.sleep_s is None:
            return _finish(env, attempt, step, previous)
        previous = env
        await sleep(step.sleep_s)
