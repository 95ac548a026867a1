"""An invisible failure must still leave a trace: one structured record per decision.

A confident false absence throws nothing, so the adapter writes down every access failure, every
truncation and every retry decision at the moment it happens: which tool, against what target
(credentials redacted), what came back, which attempt, and what the retry policy did about it.
Records go through the standard :mod:`logging` machinery under the ``"tool_outcomes"`` logger,
with the structured fields in ``record.tool_outcomes``, so any log pipeline can query them.

:class:`OutcomeCounter` keeps an in-memory tally per tool (outcomes, failure codes, the
validation failure rate worth alerting on); :class:`CounterHandler` feeds one from the log.
"""

from __future__ import annotations

import logging
import threading
from collections import Counter
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any

from ._text import clip
from .envelope import Effect, Envelope, FailureCode, FailureKind, Outcome
from .redact import redact_text, redact_url

__all__ = [
    "UNKNOWN_TOOL",
    "CounterHandler",
    "Decision",
    "OutcomeCounter",
    "TraceRecord",
    "emit",
    "heard",
    "level_for",
    "logger",
    "record_for",
]

logger = logging.getLogger("tool_outcomes")
# A library never prints on its own: until the application configures logging, records go
# nowhere (logging's last-resort handler would otherwise write warnings to stderr).
logger.addHandler(logging.NullHandler())

#: The tally key for envelopes that do not name their tool.
UNKNOWN_TOOL = "<unknown>"

#: Free-text details in the one-line message are cut to this many characters.
_MESSAGE_DETAIL_MAX_CHARS = 120


class Decision(StrEnum):
    """What the adapter did with one outcome. Every decision leaves exactly one record."""

    RETRY = "retry"
    """A transient access failure: sleep, then call again."""
    GIVE_UP = "give_up"
    """Attempts ran out, or the upstream asked for a longer wait than the policy allows."""
    BUDGET_EXHAUSTED = "budget_exhausted"
    """The shared retry budget refused another retry."""
    DEADLINE_EXCEEDED = "deadline_exceeded"
    """The next sleep would pass the overall deadline."""
    CIRCUIT_OPEN = "circuit_open"
    """The circuit breaker refused the call; retrying now would only hammer it."""
    NOT_RETRYABLE = "not_retryable"
    """A permanent failure, or a partial (resume it from its cursor): returned as is."""
    DONE = "done"
    """A complete answer (success or empty) was returned."""
    BREAKER_STATE = "breaker_state"
    """A circuit breaker changed state."""


@dataclass(frozen=True)
class TraceRecord:
    """One decision, as the structured fields a log query needs. Credentials never appear."""

    tool: str | None
    target: str | None
    outcome: Outcome | None
    failure_code: FailureCode | None
    failure_kind: FailureKind | None
    http_status: int | None
    attempt: int | None
    decision: Decision
    retry_after_s: float | None = None
    sleep_s: float | None = None
    elapsed_s: float | None = None
    detail: str = ""
    method: str | None = None
    """The method of a write (``None`` for a read)."""
    effect: Effect | None = None
    """For a failure: whether it may have changed something upstream."""
    idempotency_key: str | None = None
    """The key every attempt of a keyed call carried (never part of the target)."""

    def __post_init__(self) -> None:
        # Redact here, not only in record_for, so no way of building a record can leak.
        if self.target is not None:
            object.__setattr__(self, "target", redact_url(self.target))
        object.__setattr__(self, "detail", redact_text(self.detail))

    def as_dict(self) -> dict[str, Any]:
        """The record as plain JSON-ready values (enums as their strings).

        Returns:
            A new ``dict`` with one key per field, in declaration order; the write fields
            (``method``, ``effect``, ``idempotency_key``) only when set, so a read's record is
            what it always was.
        """
        return {
            key: value.value if isinstance(value, StrEnum) else value
            for key, value in asdict(self).items()
            if value is not None or key not in _WRITE_FIELDS
        }

    def message(self) -> str:
        """The deterministic one-line form, e.g.

        ``search_tickets access_failure timeout/transient attempt=1 decision=retry sleep_s=0.4``.

        Returns:
            Space-separated fields in a fixed order; fields that are ``None`` are left out.
        """
        parts = [self.tool or "-"]
        if self.outcome is not None:
            parts.append(self.outcome.value)
        if self.failure_code is not None and self.failure_kind is not None:
            parts.append(f"{self.failure_code.value}/{self.failure_kind.value}")
        numbers: tuple[tuple[str, float | int | None], ...] = (
            ("http", self.http_status),
            ("attempt", self.attempt),
        )
        parts.extend(f"{name}={value}" for name, value in numbers if value is not None)
        parts.append(f"decision={self.decision.value}")
        writes = (("method", self.method), ("effect", self.effect), ("key", self.idempotency_key))
        parts.extend(f"{name}={value}" for name, value in writes if value is not None)
        timings = (
            ("sleep_s", self.sleep_s),
            ("retry_after_s", self.retry_after_s),
            ("elapsed_s", self.elapsed_s),
        )
        parts.extend(f"{name}={_fmt_s(value)}" for name, value in timings if value is not None)
        if self.target is not None:
            parts.append(f"target={self.target}")
        if self.detail:
            parts.append(f"detail={clip(self.detail, _MESSAGE_DETAIL_MAX_CHARS)!r}")
        return " ".join(parts)


#: The fields only a write's (or a keyed call's) record carries.
_WRITE_FIELDS = frozenset({"method", "effect", "idempotency_key"})


def _fmt_s(seconds: float) -> str:
    # Millisecond resolution keeps the message stable across float noise.
    return f"{round(seconds, 3):g}"


def record_for(
    env: Envelope[Any],
    *,
    attempt: int,
    decision: Decision,
    sleep_s: float | None = None,
    elapsed_s: float | None = None,
    target: str | None = None,
    note: str | None = None,
    tool: str | None = None,
) -> TraceRecord:
    """The trace record for one envelope and the decision taken on it.

    Args:
        env: The envelope the call returned.
        attempt: Which call this was (1 for the first).
        decision: What the adapter did about it.
        sleep_s: The delay chosen before the next attempt, for a retry.
        elapsed_s: Time since the first attempt started.
        target: What was called; defaults to ``env.target``. Redacted either way.
        note: Why the decision was taken, when the envelope alone does not say
            (appended to the detail).
        tool: The tool's name when ``env.tool`` is not set.

    Returns:
        A :class:`TraceRecord` with credentials redacted from target and detail.
    """
    failure = env.failure
    detail = ""
    if failure is not None:
        detail = failure.detail
    elif env.coverage is not None and env.outcome is Outcome.PARTIAL:
        detail = env.coverage.summary()
    if note:
        detail = f"{detail}; {note}" if detail else note
    return TraceRecord(
        tool=env.tool if env.tool is not None else tool,
        target=target if target is not None else env.target,
        outcome=env.outcome,
        failure_code=failure.code if failure is not None else None,
        failure_kind=failure.kind if failure is not None else None,
        http_status=failure.http_status if failure is not None else None,
        attempt=attempt,
        decision=decision,
        retry_after_s=failure.retry_after_s if failure is not None else None,
        sleep_s=sleep_s,
        elapsed_s=elapsed_s,
        detail=detail,
        method=env.method,
        effect=failure.effect if failure is not None and env.method is not None else None,
        idempotency_key=env.idempotency_key,
    )


#: Decisions that end a call without an answer: always worth a warning.
_GIVE_UP_DECISIONS = frozenset(
    {
        Decision.GIVE_UP,
        Decision.BUDGET_EXHAUSTED,
        Decision.DEADLINE_EXCEEDED,
        Decision.CIRCUIT_OPEN,
    }
)

#: The level of a record that is neither a retry nor a give-up, by outcome.
_LEVEL_BY_OUTCOME: Mapping[Outcome | None, int] = {
    Outcome.ACCESS_FAILURE: logging.WARNING,
    Outcome.PARTIAL: logging.INFO,
    Outcome.SUCCESS: logging.DEBUG,
    Outcome.EMPTY: logging.DEBUG,
    None: logging.INFO,
}


def level_for(record: TraceRecord) -> int:
    """The logging level a record is emitted at.

    Args:
        record: The record.

    Returns:
        ``INFO`` for a retry; ``WARNING`` for any give-up and any other access failure;
        ``INFO`` for a partial; ``DEBUG`` for a success or empty; ``INFO`` otherwise.
    """
    return _level(record.decision, record.outcome)


def _level(decision: Decision, outcome: Outcome | None) -> int:
    if decision is Decision.RETRY:
        return logging.INFO
    if decision in _GIVE_UP_DECISIONS:
        return logging.WARNING
    return _LEVEL_BY_OUTCOME[outcome]


def emit(record: TraceRecord, *, level: int | None = None) -> None:
    """Log one record through :data:`logger`.

    Args:
        record: The record; its fields travel in ``extra={"tool_outcomes": record.as_dict()}``.
        level: Override the level chosen by :func:`level_for`.
    """
    logger.log(
        level if level is not None else level_for(record),
        record.message(),
        extra={"tool_outcomes": record.as_dict()},
    )


def heard(decision: Decision, outcome: Outcome | None) -> bool:
    """Whether a record of this decision would reach any handler, before one is built.

    Every handler, a :class:`CounterHandler` included, sits behind :data:`logger`, so a level
    the logger is not enabled for reaches no one: a success, logged at ``DEBUG`` under the
    default ``WARNING``, then costs this one check instead of a redacted record and its dict.

    Args:
        decision: The decision the record would carry.
        outcome: The outcome it would carry.

    Returns:
        ``True`` when :func:`emit` would pass the record on.
    """
    return logger.isEnabledFor(_level(decision, outcome))


class OutcomeCounter:
    """A thread-safe in-memory tally, per tool, of outcomes and failure codes.

    Feed it final envelopes with :meth:`observe` (one per tool call) or per-attempt records
    through a :class:`CounterHandler`. The rate to alert on is :meth:`validation_failure_rate`:
    schema regressions are otherwise silent.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._outcomes: dict[str, Counter[Outcome]] = {}
        self._codes: dict[str, Counter[FailureCode]] = {}

    def observe(self, env: Envelope[Any], *, tool: str | None = None) -> None:
        """Count one envelope.

        Args:
            env: The envelope.
            tool: The tally key; defaults to ``env.tool``, then :data:`UNKNOWN_TOOL`.
        """
        code = env.failure.code if env.failure is not None else None
        self.observe_outcome(tool or env.tool or UNKNOWN_TOOL, env.outcome, code)

    def observe_outcome(
        self, tool: str, outcome: Outcome, failure_code: FailureCode | None = None
    ) -> None:
        """Count one outcome given as values (what :class:`CounterHandler` does).

        Args:
            tool: The tally key.
            outcome: The outcome class.
            failure_code: The failure code, for an access failure.
        """
        outcome = Outcome(outcome)
        code = FailureCode(failure_code) if failure_code is not None else None
        with self._lock:
            self._outcomes.setdefault(tool, Counter())[outcome] += 1
            codes = self._codes.setdefault(tool, Counter())
            if code is not None:
                codes[code] += 1

    def counts(self, tool: str) -> Mapping[Outcome, int]:
        """How many of each outcome a tool returned.

        Returns:
            A new mapping with all four outcomes (zero when never seen).
        """
        with self._lock:
            seen = self._outcomes.get(tool, Counter())
            return {outcome: seen[outcome] for outcome in Outcome}

    def failure_codes(self, tool: str) -> Mapping[FailureCode, int]:
        """How many of each failure code a tool returned.

        Returns:
            A new mapping of the codes seen (never-seen codes are left out).
        """
        with self._lock:
            return dict(self._codes.get(tool, Counter()))

    def total(self, tool: str) -> int:
        """How many outcomes were counted for a tool."""
        with self._lock:
            return sum(self._outcomes.get(tool, Counter()).values())

    def rate(self, tool: str, outcome: Outcome) -> float:
        """The share of a tool's calls that had ``outcome``.

        Returns:
            A value in ``[0, 1]``; ``0.0`` when the tool has no calls yet.
        """
        with self._lock:
            seen = self._outcomes.get(tool, Counter())
            total = sum(seen.values())
            return seen[Outcome(outcome)] / total if total else 0.0

    def validation_failure_rate(self, tool: str) -> float:
        """The share of a tool's calls rejected by schema validation (code ``schema``).

        Returns:
            A value in ``[0, 1]``; ``0.0`` when the tool has no calls yet.
        """
        with self._lock:
            total = sum(self._outcomes.get(tool, Counter()).values())
            schema = self._codes.get(tool, Counter())[FailureCode.SCHEMA]
            return schema / total if total else 0.0

    def tools(self) -> tuple[str, ...]:
        """The tools seen so far, sorted."""
        with self._lock:
            return tuple(sorted(self._outcomes))

    def snapshot(self) -> dict[str, dict[str, Any]]:
        """A consistent, JSON-ready copy of every tally.

        Returns:
            ``{tool: {"total": n, "outcomes": {...}, "failure_codes": {...}}}``, keys sorted.
        """
        with self._lock:
            return {
                tool: {
                    "total": sum(self._outcomes[tool].values()),
                    "outcomes": {o.value: self._outcomes[tool][o] for o in Outcome},
                    "failure_codes": {
                        c.value: n for c, n in sorted(self._codes[tool].items()) if n
                    },
                }
                for tool in sorted(self._outcomes)
            }

    def reset(self, tool: str | None = None) -> None:
        """Forget the tallies of one tool, or of every tool when ``tool`` is ``None``."""
        with self._lock:
            if tool is None:
                self._outcomes.clear()
                self._codes.clear()
            else:
                self._outcomes.pop(tool, None)
                self._codes.pop(tool, None)


class CounterHandler(logging.Handler):
    """A :class:`logging.Handler` that tallies trace records into an :class:`OutcomeCounter`.

    It counts per attempt (every record that carries an outcome; breaker state changes are
    skipped). It sees only what the ``"tool_outcomes"`` logger lets through: successes and
    empties are logged at ``DEBUG``, partials and retries at ``INFO``, so set the logger's level
    accordingly (``logger.setLevel(logging.DEBUG)``) when those should be counted.
    """

    def __init__(self, counter: OutcomeCounter | None = None, level: int = logging.NOTSET) -> None:
        super().__init__(level)
        self.counter = counter if counter is not None else OutcomeCounter()

    def emit(self, record: logging.LogRecord) -> None:
        """Count the record's outcome, if it is a trace record with one."""
        fields = getattr(record, "tool_outcomes", None)
        if not isinstance(fields, Mapping) or fields.get("outcome") is None:
            return
        try:
            self.counter.observe_outcome(
                str(fields.get("tool") or UNKNOWN_TOOL),
                Outcome(fields["outcome"]),
                fields.get("failure_code"),
            )
        except ValueError:
            # A malformed record must not break logging; report it the logging way.
            self.handleError(record)
