"""An outcome-aware circuit breaker: it counts classified outcomes, not exceptions.

A naive breaker counts exceptions, so a 200 full of HTML looks healthy and a confirmed empty
looks like trouble. This one reads the envelope. An ``access_failure`` counts against the
upstream's health (a lying 200, ``upstream_error`` or ``invalid_body``, included), except where
the failure says nothing about the upstream (see :data:`NOT_UPSTREAM_HEALTH`). ``success`` and
``empty`` are healthy contact: they reset the consecutive count and close a half-open breaker.
``partial`` is neutral: contact was made, but a cut-off answer (a shard failure, an upstream
timeout flag) is no proof of health either.

``failure_threshold`` consecutive failures open the breaker. While open, calls are refused
without touching the upstream, with a transient ``circuit_open`` failure whose ``retry_after_s``
is the time until half-open. After ``reset_timeout_s`` it lets ``half_open_max_calls`` probes
through: a healthy probe closes it, a failing probe reopens it.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar

from .envelope import Envelope, FailureCode, FailureKind, Outcome
from .retry import checked_envelope, execution_failure
from .trace import Decision, TraceRecord, emit

__all__ = [
    "NOT_UPSTREAM_HEALTH",
    "BreakerState",
    "BreakerStats",
    "CircuitBreaker",
]

T = TypeVar("T")


class BreakerState(StrEnum):
    """Where a circuit breaker stands."""

    CLOSED = "closed"
    """Calls go through; consecutive failures are counted."""
    OPEN = "open"
    """Calls are refused without touching the upstream."""
    HALF_OPEN = "half_open"
    """A limited number of probe calls go through to test the upstream."""


#: Access failures that are not counted against the upstream's health, and why. They neither
#: count nor reset the consecutive count.
NOT_UPSTREAM_HEALTH: Mapping[FailureCode, str] = {
    FailureCode.CIRCUIT_OPEN: "the breaker's own refusal: the upstream was never called",
    FailureCode.BAD_REQUEST: "the caller's arguments were refused: fix the call, not the upstream",
    FailureCode.NOT_FOUND: "the caller asked for something absent: a fact about the arguments",
}


class _Verdict(StrEnum):
    FAILURE = "failure"
    HEALTHY = "healthy"
    NEUTRAL = "neutral"


_VERDICT_BY_OUTCOME: Mapping[Outcome, _Verdict] = {
    Outcome.SUCCESS: _Verdict.HEALTHY,
    Outcome.EMPTY: _Verdict.HEALTHY,
    Outcome.PARTIAL: _Verdict.NEUTRAL,
    Outcome.ACCESS_FAILURE: _Verdict.FAILURE,
}


def _verdict(env: Envelope[Any]) -> _Verdict:
    if env.failure is not None and env.failure.code in NOT_UPSTREAM_HEALTH:
        return _Verdict.NEUTRAL
    return _VERDICT_BY_OUTCOME[env.outcome]


#: Opening is the news worth a warning; recovering steps are routine.
_LEVEL_BY_NEW_STATE: Mapping[BreakerState, int] = {
    BreakerState.OPEN: logging.WARNING,
    BreakerState.HALF_OPEN: logging.INFO,
    BreakerState.CLOSED: logging.INFO,
}

#: State-change records collected under the lock, emitted after it is released.
_Pending = list[tuple[TraceRecord, int]]


@dataclass(frozen=True)
class BreakerStats:
    """A consistent snapshot of a breaker's counters."""

    state: BreakerState
    consecutive_failures: int
    admitted: int
    """Calls let through to the upstream (probes included)."""
    refused: int
    """Calls refused with ``circuit_open``."""
    failures_counted: int
    """Outcomes counted as failures (each one raised the consecutive count or reopened)."""
    times_opened: int


@dataclass(frozen=True)
class _Ticket:
    """Which state generation admitted a call, and whether it was a half-open probe."""

    generation: int
    probe: bool


class CircuitBreaker:
    """Trip on consecutive classified failures; refuse while open; probe when half-open.

    Thread-safe: every read and write of its state holds one lock. Asyncio-safe: nothing is
    awaited while the lock is held, and half-open probe slots are reserved when a call is
    admitted, so concurrent tasks cannot all probe. Trace records (decision ``breaker_state``)
    are emitted after the lock is released.

    Results are matched to the state that admitted them: a result that comes back after the
    breaker has since changed state (a slow call admitted while closed, say) is ignored.
    """

    def __init__(
        self,
        failure_threshold: int = 5,
        reset_timeout_s: float = 30.0,
        half_open_max_calls: int = 1,
        *,
        clock: Callable[[], float] = time.monotonic,
        name: str | None = None,
    ) -> None:
        for label, value in (
            ("failure_threshold", failure_threshold),
            ("half_open_max_calls", half_open_max_calls),
        ):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{label} must be an int >= 1, got {value!r}")
        if (
            isinstance(reset_timeout_s, bool)
            or not isinstance(reset_timeout_s, int | float)
            or not math.isfinite(reset_timeout_s)
            or reset_timeout_s < 0
        ):
            raise ValueError(
                f"reset_timeout_s must be finite seconds >= 0, got {reset_timeout_s!r}"
            )
        if not callable(clock):
            raise ValueError(f"clock must be callable, got {clock!r}")
        self.failure_threshold = failure_threshold
        self.reset_timeout_s = float(reset_timeout_s)
        self.half_open_max_calls = half_open_max_calls
        self.name = name
        self._clock = clock
        self._lock = threading.Lock()
        self._state = BreakerState.CLOSED
        self._generation = 0
        self._consecutive = 0
        self._opened_at_s = 0.0
        self._probes_in_flight = 0
        self._admitted = 0
        self._refused = 0
        self._failures_counted = 0
        self._times_opened = 0

    # -- state, under the lock -----------------------------------------------------------------

    def _move(self, new: BreakerState, now_s: float, pending: _Pending) -> None:
        old = self._state
        self._state = new
        self._generation += 1
        self._probes_in_flight = 0
        if new is BreakerState.OPEN:
            self._opened_at_s = now_s
            self._times_opened += 1
        if new is BreakerState.CLOSED:
            self._consecutive = 0
        record = TraceRecord(
            tool=self.name,
            target=None,
            outcome=None,
            failure_code=None,
            failure_kind=None,
            http_status=None,
            attempt=None,
            decision=Decision.BREAKER_STATE,
            detail=f"{old.value} -> {new.value}",
        )
        pending.append((record, _LEVEL_BY_NEW_STATE[new]))

    def _tick(self, now_s: float, pending: _Pending) -> None:
        # Open -> half-open is driven by time, so it happens whenever the breaker is consulted.
        if self._state is BreakerState.OPEN and now_s - self._opened_at_s >= self.reset_timeout_s:
            self._move(BreakerState.HALF_OPEN, now_s, pending)

    @staticmethod
    def _flush(pending: _Pending) -> None:
        for record, level in pending:
            emit(record, level=level)

    def _refusal(self, now_s: float) -> Envelope[Any]:
        if self._state is BreakerState.OPEN:
            wait_s = max(0.0, self._opened_at_s + self.reset_timeout_s - now_s)
            detail = f"circuit open: upstream calls refused; half-open in {wait_s:.3g} s"
            retry_after_s: float | None = wait_s
        else:
            detail = f"circuit half-open: {self._probes_in_flight} probe(s) already in flight"
            retry_after_s = None
        return Envelope[Any].failed(
            FailureCode.CIRCUIT_OPEN,
            FailureKind.TRANSIENT,
            detail,
            retry_after_s=retry_after_s,
            tool=self.name,
        )

    def _admit(self) -> tuple[Envelope[Any] | None, _Ticket]:
        pending: _Pending = []
        with self._lock:
            now_s = self._clock()
            self._tick(now_s, pending)
            ticket = _Ticket(self._generation, probe=self._state is BreakerState.HALF_OPEN)
            refusal: Envelope[Any] | None = None
            if self._state is BreakerState.CLOSED or (
                self._state is BreakerState.HALF_OPEN
                and self._probes_in_flight < self.half_open_max_calls
            ):
                self._admitted += 1
                self._probes_in_flight += int(ticket.probe)
            else:
                self._refused += 1
                refusal = self._refusal(now_s)
        self._flush(pending)
        return refusal, ticket

    def _settle(self, env: Envelope[Any], ticket: _Ticket | None) -> None:
        verdict = _verdict(env)
        pending: _Pending = []
        with self._lock:
            now_s = self._clock()
            self._tick(now_s, pending)
            if ticket is not None and ticket.generation != self._generation:
                pass  # admitted under a state that has since changed: no longer evidence
            elif self._state is BreakerState.HALF_OPEN:
                self._probes_in_flight = max(0, self._probes_in_flight - 1)
                if verdict is _Verdict.FAILURE:
                    self._failures_counted += 1
                    self._move(BreakerState.OPEN, now_s, pending)
                elif verdict is _Verdict.HEALTHY:
                    self._move(BreakerState.CLOSED, now_s, pending)
            elif self._state is BreakerState.CLOSED:
                if verdict is _Verdict.FAILURE:
                    self._failures_counted += 1
                    self._consecutive += 1
                    if self._consecutive >= self.failure_threshold:
                        self._move(BreakerState.OPEN, now_s, pending)
                elif verdict is _Verdict.HEALTHY:
                    self._consecutive = 0
            # While open, a late result changes nothing: the timer alone decides.
        self._flush(pending)

    def _abandon(self, ticket: _Ticket) -> None:
        with self._lock:
            if ticket.probe and ticket.generation == self._generation:
                self._probes_in_flight = max(0, self._probes_in_flight - 1)

    # -- public API ----------------------------------------------------------------------------

    @property
    def state(self) -> BreakerState:
        """The current state (an open breaker past its reset timeout reads as half-open)."""
        pending: _Pending = []
        with self._lock:
            self._tick(self._clock(), pending)
            state = self._state
        self._flush(pending)
        return state

    @property
    def stats(self) -> BreakerStats:
        """A consistent snapshot of the counters."""
        pending: _Pending = []
        with self._lock:
            self._tick(self._clock(), pending)
            snapshot = BreakerStats(
                state=self._state,
                consecutive_failures=self._consecutive,
                admitted=self._admitted,
                refused=self._refused,
                failures_counted=self._failures_counted,
                times_opened=self._times_opened,
            )
        self._flush(pending)
        return snapshot

    def allow(self) -> Envelope[Any] | None:
        """Ask whether one call may go to the upstream now.

        A half-open breaker reserves a probe slot for the caller, so every allowed call must be
        followed by :meth:`record` (prefer :meth:`call` / :meth:`acall`, which pair them).

        Returns:
            ``None`` to go ahead, or the ``circuit_open`` refusal envelope to return instead.
        """
        refusal, _ = self._admit()
        return refusal

    def record(self, env: Envelope[Any]) -> None:
        """Feed the outcome of an allowed call back to the breaker.

        Args:
            env: The envelope the upstream call produced. While half-open it is taken as a
                probe's result and frees its slot.
        """
        if not isinstance(env, Envelope):
            raise TypeError(f"record() takes an Envelope, got {type(env).__name__}")
        self._settle(env, None)

    def call(self, fn: Callable[[], Envelope[T]]) -> Envelope[T]:
        """Run ``fn`` through the breaker.

        Args:
            fn: Makes the upstream call and returns its envelope. If it raises an ``Exception``
                or returns something else, the result is an ``execution`` failure (counted).

        Returns:
            ``fn``'s envelope, or the ``circuit_open`` refusal without calling ``fn``.
        """
        refusal, ticket = self._admit()
        if refusal is not None:
            return refusal
        try:
            env = checked_envelope(fn(), self.name)
        except Exception as exc:  # classified, never raised: the adapter does not raise
            env = execution_failure(exc, tool=self.name)
        except BaseException:
            self._abandon(ticket)
            raise
        self._settle(env, ticket)
        return env

    async def acall(self, fn: Callable[[], Awaitable[Envelope[T]]]) -> Envelope[T]:
        """The asynchronous :meth:`call`: ``fn`` returns an awaitable of the envelope.

        Args:
            fn: Makes the upstream call.

        Returns:
            As :meth:`call`. A cancelled call frees its probe slot and propagates.
        """
        refusal, ticket = self._admit()
        if refusal is not None:
            return refusal
        try:
            env = checked_envelope(await fn(), self.name)
        except Exception as exc:
            env = execution_failure(exc, tool=self.name)
        except BaseException:  # cancellation: the probe never finished, free its slot
            self._abandon(ticket)
            raise
        self._settle(env, ticket)
        return env

    def __repr__(self) -> str:
        s = self.stats
        name = f"{self.name!r}, " if self.name is not None else ""
        return (
            f"CircuitBreaker({name}state={s.state.value}, "
            f"consecutive_failures={s.consecutive_failures}/{self.failure_threshold})"
        )
