"""Alarms: a failure rate over a sliding window; a callback once when it crosses, once as it clears.

:class:`~tool_outcomes.OutcomeCounter` answers "what is the rate?" when asked; an alarm asks it
for you on every call. A :class:`RateAlarm` *is* an outcome counter (pass it as a tool's
``counter=``, feed it from a :class:`~tool_outcomes.CounterHandler`, or register its
:attr:`~RateAlarm.listener` to see every call through every integration) that also keeps, per
tool, the calls of the last ``window_s`` seconds and what share of them matched its
:class:`Watch`. When at least ``min_count`` calls are in the window and the share reaches
``threshold``, ``on_change`` is called once with a firing :class:`AlarmEvent`; when the share
falls back below it, once more with a cleared one.

A watch says what to count and what a spike of it means, as the first seed reads field reasons:
a spike of ``not_applicable`` with reason ``fetch_failed`` is an upstream outage, with reason
``no_permission`` a scope misconfiguration (:data:`REASON_READINGS`)::

    alarm = RateAlarm(Watch.reason(NAReason.NO_PERMISSION), threshold=0.2, on_change=page)
    add_listener(alarm.listener)
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from pydantic import BaseModel

from .envelope import Envelope, FailureCode, Outcome
from .fields import FieldStatus, NAReason, TriState
from .observe import CallListener, CallResult
from .trace import UNKNOWN_TOOL, OutcomeCounter

__all__ = ["REASON_READINGS", "AlarmEvent", "RateAlarm", "Watch"]

alarm_logger = logging.getLogger("tool_outcomes.alarm")

#: What a spike of ``not_applicable`` fields with each reason most likely means.
REASON_READINGS: Mapping[NAReason, str] = {
    NAReason.FETCH_FAILED: "upstream outage: the source is not answering",
    NAReason.NO_PERMISSION: "scope misconfiguration: the tool's identity lacks a scope it needs",
    NAReason.NOT_REQUESTED: "caller change: these fields are no longer being asked for",
    NAReason.OUT_OF_SCOPE: "data change: more entities fall outside these fields' scope",
}

#: What a spike of a failure code most likely means, where one reading fits.
_CODE_READINGS: Mapping[FailureCode, str] = {
    FailureCode.SCHEMA: "schema regression: the upstream's format no longer matches the model",
    FailureCode.UNAUTHORIZED: "credential problem: the tool's token expired or was revoked",
    FailureCode.FORBIDDEN: "scope misconfiguration: the tool's identity lost access",
    FailureCode.RATE_LIMITED: "quota pressure: the upstream is throttling this tool",
    FailureCode.INVALID_ARGUMENTS: "caller regression: models send arguments the tool refuses",
}

_REASON_VALUES = frozenset(r.value for r in NAReason)

#: How deep into an envelope's data the reason watch looks for three-state fields.
_MAX_DEPTH = 4


@dataclass(frozen=True)
class Watch:
    """What an alarm counts as a bad call, and what a spike of them means.

    Build one with a constructor: :meth:`validation_failures`, :meth:`access_failures`,
    :meth:`outcomes`, :meth:`failure_codes` or :meth:`reason`.
    """

    label: str
    """What is counted, in a few words (``"access failures"``)."""
    reading: str
    """What a spike most likely means."""
    outcomes: frozenset[Outcome] = frozenset()
    codes: frozenset[FailureCode] = frozenset()
    na_reason: NAReason | None = None

    @classmethod
    def validation_failures(cls) -> Watch:
        """Results the declared model rejected (code ``schema``): silent regressions otherwise."""
        return cls.failure_codes(FailureCode.SCHEMA)

    @classmethod
    def access_failures(cls) -> Watch:
        """Every ``access_failure``, whatever its code."""
        return cls(
            "access failures",
            "the upstream is failing: no usable contact for these calls",
            outcomes=frozenset({Outcome.ACCESS_FAILURE}),
        )

    @classmethod
    def outcomes_of(cls, *outcomes: Outcome) -> Watch:
        """Calls whose outcome is any of ``outcomes`` (``partial`` and ``empty``, say)."""
        chosen = frozenset(Outcome(o) for o in outcomes)
        if not chosen:
            raise ValueError("Watch.outcomes_of() needs at least one outcome")
        label = " or ".join(sorted(o.value for o in chosen))
        return cls(label, f"a rise in {label} answers", outcomes=chosen)

    @classmethod
    def failure_codes(cls, *codes: FailureCode) -> Watch:
        """Access failures with any of ``codes``."""
        chosen = frozenset(FailureCode(c) for c in codes)
        if not chosen:
            raise ValueError("Watch.failure_codes() needs at least one code")
        label = " or ".join(sorted(c.value for c in chosen))
        (first, *others) = chosen
        reading = _CODE_READINGS.get(first) if not others else None
        return cls(f"{label} failures", reading or f"a rise in {label} failures", codes=chosen)

    @classmethod
    def reason(cls, reason: NAReason) -> Watch:
        """Calls whose data holds a ``not_applicable`` field with ``reason``."""
        reason = NAReason(reason)
        label = f"not_applicable/{reason.value} fields"
        return cls(label, REASON_READINGS[reason], na_reason=reason)

    def matches(self, env: Envelope[Any]) -> bool:
        """Whether one call's envelope counts as bad for this watch."""
        if self.na_reason is not None:
            return self.na_reason in _reasons(env.data, _MAX_DEPTH)
        code = env.failure.code if env.failure is not None else None
        return self.matches_values(env.outcome, code) or False

    def matches_values(self, outcome: Outcome, code: FailureCode | None) -> bool | None:
        """The same from an outcome and a code alone; ``None`` when the data is needed."""
        if self.na_reason is not None:
            return None
        return outcome in self.outcomes or (code is not None and code in self.codes)


def _reasons(data: object, depth: int) -> set[NAReason]:
    """The reasons of every ``not_applicable`` field in ``data``: models, dicts, lists."""
    found: set[NAReason] = set()
    if depth < 0 or data is None:
        return found
    if isinstance(data, TriState):
        if data.status is FieldStatus.NOT_APPLICABLE and data.reason is not None:
            found.add(data.reason)
        return found
    children: Iterable[object] = ()
    if isinstance(data, BaseModel):
        children = (getattr(data, name) for name in type(data).model_fields)
    elif isinstance(data, Mapping):
        if data.get("status") == FieldStatus.NOT_APPLICABLE.value:
            reason = data.get("reason")
            if isinstance(reason, str) and reason in _REASON_VALUES:
                found.add(NAReason(reason))
            return found
        children = data.values()
    elif isinstance(data, list | tuple):
        children = data
    for child in children:
        found |= _reasons(child, depth - 1)
    return found


@dataclass(frozen=True)
class AlarmEvent:
    """An alarm crossing its threshold (``firing``) or falling back below it (not ``firing``)."""

    name: str
    tool: str
    firing: bool
    matched: int
    """Calls in the window that matched the watch."""
    total: int
    """Calls in the window."""
    threshold: float
    window_s: float
    label: str
    reading: str
    at_s: float
    """The alarm's clock when it happened."""

    @property
    def rate(self) -> float:
        """``matched / total`` (0.0 for an empty window)."""
        return self.matched / self.total if self.total else 0.0

    def message(self) -> str:
        """One deterministic line, e.g. ``ALARM tickets: 6 of 10 calls in 60 s had ... (60% >=
        50%): upstream outage: ...``."""
        head = "ALARM" if self.firing else "CLEARED"
        compare = ">=" if self.firing else "<"
        return (
            f"{head} {self.name} [{self.tool}]: {self.matched} of {self.total} calls in the last "
            f"{self.window_s:g} s had {self.label} ({self.rate:.0%} {compare} "
            f"{self.threshold:.0%})" + (f": {self.reading}" if self.firing else "")
        )


class _Window:
    """One tool's calls in the window: (time, matched), with running counts."""

    __slots__ = ("calls", "firing", "matched")

    def __init__(self) -> None:
        self.calls: deque[tuple[float, bool]] = deque()
        self.matched = 0
        self.firing = False

    def add(self, now_s: float, matched: bool) -> None:
        self.calls.append((now_s, matched))
        self.matched += matched

    def evict(self, before_s: float) -> None:
        calls = self.calls
        while calls and calls[0][0] <= before_s:
            _, matched = calls.popleft()
            self.matched -= matched


class RateAlarm(OutcomeCounter):
    """A failure-rate alarm over a sliding window, per tool; an :class:`OutcomeCounter` too.

    Args:
        watch: What counts as a bad call, and what a spike means.
        threshold: The share of bad calls in the window, in ``(0, 1]``, that fires the alarm.
        min_count: The fewest calls in the window before it may fire (one bad call of one is
            no rate).
        window_s: How far back the window reaches, in seconds.
        tool: Watch this tool only; by default every tool has its own window and state.
        on_change: Called with an :class:`AlarmEvent` once per crossing and once per clearing.
            An exception it raises is logged, never raised into the call it was judging.
        clock: Monotonic seconds (inject a ``FakeClock`` in tests).
        name: The alarm's name in its events (defaults to the watch's label).
    """

    def __init__(
        self,
        watch: Watch,
        *,
        threshold: float,
        min_count: int = 10,
        window_s: float = 300.0,
        tool: str | None = None,
        on_change: Callable[[AlarmEvent], object] | None = None,
        clock: Callable[[], float] = time.monotonic,
        name: str | None = None,
    ) -> None:
        if not isinstance(watch, Watch):
            raise TypeError(f"watch must be a Watch, got {type(watch).__name__}")
        if isinstance(threshold, bool) or not 0 < threshold <= 1:
            raise ValueError(f"threshold must be in (0, 1], got {threshold!r}")
        if isinstance(min_count, bool) or not isinstance(min_count, int) or min_count < 1:
            raise ValueError(f"min_count must be an int >= 1, got {min_count!r}")
        if isinstance(window_s, bool) or not window_s > 0:
            raise ValueError(f"window_s must be > 0 seconds, got {window_s!r}")
        super().__init__()
        self.watch = watch
        self.threshold = float(threshold)
        self.min_count = min_count
        self.window_s = float(window_s)
        self.tool = tool
        self.on_change = on_change
        self.name = name or watch.label
        self._clock = clock
        self._windows: dict[str, _Window] = {}
        self._alarm_lock = threading.Lock()

    # -- feeding it ------------------------------------------------------------------------------

    def observe(self, env: Envelope[Any], *, tool: str | None = None) -> None:
        """Count one call's final envelope (what ``@tool(counter=alarm)`` does)."""
        key = tool or env.tool or UNKNOWN_TOOL
        code = env.failure.code if env.failure is not None else None
        OutcomeCounter.observe_outcome(self, key, env.outcome, code)
        self._judge(key, self.watch.matches(env))

    def observe_outcome(
        self, tool: str, outcome: Outcome, failure_code: FailureCode | None = None
    ) -> None:
        """Count one outcome given as values (a :class:`~tool_outcomes.CounterHandler` does).

        A watch on field reasons needs the data, so values alone only tally it.
        """
        super().observe_outcome(tool, outcome, failure_code)
        code = FailureCode(failure_code) if failure_code is not None else None
        matched = self.watch.matches_values(Outcome(outcome), code)
        if matched is not None:
            self._judge(tool, matched)

    @cached_property
    def listener(self) -> CallListener:
        """A listener feeding this alarm every finished call: ``add_listener(alarm.listener)``."""
        return _AlarmListener(self)

    # -- reading it ------------------------------------------------------------------------------

    def firing(self, tool: str | None = None) -> bool:
        """Whether the alarm is firing for ``tool`` (for any tool when ``None``)."""
        with self._alarm_lock:
            if tool is not None:
                window = self._windows.get(tool)
                return window is not None and window.firing
            return any(w.firing for w in self._windows.values())

    def window_rate(self, tool: str) -> float:
        """The share of ``tool``'s calls in the window that matched (0.0 with none)."""
        with self._alarm_lock:
            window = self._windows.get(tool)
            if window is None:
                return 0.0
            window.evict(self._clock() - self.window_s)
            return window.matched / len(window.calls) if window.calls else 0.0

    # -- the rule --------------------------------------------------------------------------------

    def _judge(self, tool: str, matched: bool) -> None:
        if self.tool is not None and tool != self.tool:
            return
        with self._alarm_lock:
            now_s = self._clock()
            window = self._windows.setdefault(tool, _Window())
            window.evict(now_s - self.window_s)
            window.add(now_s, matched)
            total = len(window.calls)
            rate = window.matched / total
            if not window.firing and total >= self.min_count and rate >= self.threshold:
                window.firing = True
            elif window.firing and rate < self.threshold:
                window.firing = False
            else:
                return
            event = AlarmEvent(
                name=self.name,
                tool=tool,
                firing=window.firing,
                matched=window.matched,
                total=total,
                threshold=self.threshold,
                window_s=self.window_s,
                label=self.watch.label,
                reading=self.watch.reading,
                at_s=now_s,
            )
        self._announce(event)

    def _announce(self, event: AlarmEvent) -> None:
        alarm_logger.log(logging.WARNING if event.firing else logging.INFO, event.message())
        if self.on_change is None:
            return
        try:
            self.on_change(event)
        except Exception:
            alarm_logger.exception("alarm %r: on_change raised; the call is unaffected", self.name)

    def __repr__(self) -> str:
        return (
            f"RateAlarm({self.name!r}, threshold={self.threshold:g}, min_count={self.min_count}, "
            f"window_s={self.window_s:g})"
        )


class _AlarmListener(CallListener):
    def __init__(self, alarm: RateAlarm) -> None:
        self.alarm = alarm

    def call_finished(self, result: CallResult) -> None:
        self.alarm.observe(result.envelope, tool=result.call.tool)
