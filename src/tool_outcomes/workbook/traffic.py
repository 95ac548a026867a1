"""A simulated day of tool traffic for notebook 07, read back from the trace it leaves.

Two tools built with :func:`tool_outcomes.tool`, ``search_tickets`` and ``get_invoice``, are
called all day against mocked upstreams whose behaviour follows the simulated hour: mostly
answers, some empties and cut-off pages, the odd timeout that a retry absorbs, and the
:class:`Event` s of a :class:`DaySpec`:

* an **outage** (``EventKind.OUTAGE``): the upstream answers ``503`` to every attempt;
* a **scope misconfiguration** (``EventKind.SCOPE``): a deploy swapped in a credential without
  the scope the tool needs, so every call gets ``403``;
* a **schema regression** (``EventKind.SCHEMA``): a release drops a required field from a share
  of the replies, which the adapter rejects (code ``schema``).

:func:`simulate_day` runs one day and returns a :class:`Day`: the trace the adapter wrote (every
record of the ``tool_outcomes`` logger, captured by :func:`capture_trace`) and one
:class:`~tool_outcomes.OutcomeCounter` per hour, fed each call's final envelope. Everything is
deterministic: the calls come from a seeded random source, time is a
:class:`~tool_outcomes.testing.FakeClock` (retries sleep on it; nothing waits), and each captured
record is stamped with the simulated time, never the wall clock.

The rest are queries over the trace, the way an operator reads a log: :func:`outcome_rates` and
:func:`reason_rates` per hour, with :data:`REASON_BY_CODE` saying which reason (notebook 03's
``fetch_failed`` or ``no_permission``) a failure code stands for. :func:`plot_rates` and
:func:`plot_validation` draw them; they import matplotlib when called, never at import.
"""

from __future__ import annotations

import logging
import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

import httpx
from pydantic import BaseModel, ConfigDict

from tool_outcomes.adapter import Tool, tool
from tool_outcomes.envelope import Envelope, FailureCode, FailureKind, Outcome
from tool_outcomes.fields import NAReason
from tool_outcomes.retry import RetryPolicy
from tool_outcomes.testing import FakeClock
from tool_outcomes.trace import Decision, OutcomeCounter, TraceRecord

from .four_outcomes import Ticket, make_tickets

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = [
    "DAILY_LOAD",
    "FLAT_LOAD",
    "HOURS",
    "INVOICE",
    "MONDAY",
    "REASON_BY_CODE",
    "SEARCH",
    "TOOLS",
    "Day",
    "DaySpec",
    "Event",
    "EventKind",
    "Incident",
    "Invoice",
    "TraceCapture",
    "TraceEntry",
    "calls",
    "calls_per_hour",
    "capture_trace",
    "outcome_rates",
    "plot_rates",
    "plot_validation",
    "rates_table",
    "reason_for",
    "reason_rates",
    "simulate_day",
    "validation_rates",
    "validation_table",
]

HOURS = 24
_SECONDS_PER_HOUR = 3600

#: The two tools of the simulated day.
SEARCH = "search_tickets"
INVOICE = "get_invoice"
TOOLS: Final = (SEARCH, INVOICE)

#: Share of the peak traffic in each hour of the day: quiet nights, busy office hours.
DAILY_LOAD: Final = (
    0.25, 0.2, 0.2, 0.2, 0.25, 0.35, 0.5, 0.7, 0.9, 1.0, 1.0, 1.0,
    0.95, 1.0, 1.0, 1.0, 0.95, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3,
)  # fmt: skip
#: The same traffic in every hour.
FLAT_LOAD: Final = (1.0,) * HOURS

#: Which reason (notebook 03's not-applicable reasons) a failure code stands for, when it stands
#: for one: the source did not answer (``fetch_failed``), or the caller may not see the answer
#: (``no_permission``). Codes left out (a rejected reply, a refused request, a missing record)
#: are neither: a rejection by the result model is counted as the validation-failure rate.
REASON_BY_CODE: Final[Mapping[FailureCode, NAReason]] = MappingProxyType(
    {
        FailureCode.TIMEOUT: NAReason.FETCH_FAILED,
        FailureCode.CONNECT: NAReason.FETCH_FAILED,
        FailureCode.NETWORK: NAReason.FETCH_FAILED,
        FailureCode.RATE_LIMITED: NAReason.FETCH_FAILED,
        FailureCode.SERVER_ERROR: NAReason.FETCH_FAILED,
        FailureCode.UPSTREAM_ERROR: NAReason.FETCH_FAILED,
        FailureCode.PROTOCOL: NAReason.FETCH_FAILED,
        FailureCode.INVALID_BODY: NAReason.FETCH_FAILED,
        FailureCode.CIRCUIT_OPEN: NAReason.FETCH_FAILED,
        FailureCode.UNAUTHORIZED: NAReason.NO_PERMISSION,
        FailureCode.FORBIDDEN: NAReason.NO_PERMISSION,
    }
)

#: The reasons :func:`reason_rates` reports, in this order.
_REASONS: Final = (NAReason.FETCH_FAILED, NAReason.NO_PERMISSION)


def reason_for(code: FailureCode | None) -> NAReason | None:
    """The reason a failure code stands for (see :data:`REASON_BY_CODE`).

    Args:
        code: A failure code, or ``None`` for an outcome that is not a failure.

    Returns:
        ``fetch_failed``, ``no_permission``, or ``None`` when the code stands for neither.
    """
    return None if code is None else REASON_BY_CODE.get(FailureCode(code))


# -- the day's plan ------------------------------------------------------------------------------


class EventKind(StrEnum):
    """What goes wrong during an :class:`Event`."""

    OUTAGE = "outage"
    """The upstream answers 503 (Retry-After: 1) to every attempt: retries run out."""
    SCOPE = "scope"
    """The tool's credential lacks the scope it needs: 403 to every call, never retried."""
    SCHEMA = "schema"
    """The reply lacks a required field: the result model rejects it (code ``schema``)."""


@dataclass(frozen=True)
class Event:
    """Something that goes wrong for one tool, from ``first_hour`` to ``last_hour`` (inclusive).

    Args:
        kind: What goes wrong.
        tool: :data:`SEARCH` or :data:`INVOICE`.
        first_hour: The first hour affected, 0 to 23.
        last_hour: The last hour affected, ``first_hour`` to 23.
        share: The share of that tool's calls affected in those hours (a rollout reaches some
            servers first), above 0 and at most 1.
    """

    kind: EventKind
    tool: str
    first_hour: int
    last_hour: int
    share: float = 1.0

    def __post_init__(self) -> None:
        EventKind(self.kind)
        if self.tool not in TOOLS:
            raise ValueError(f"Event.tool must be one of {TOOLS}, got {self.tool!r}")
        if not 0 <= self.first_hour <= self.last_hour < HOURS:
            raise ValueError(
                f"Event hours must satisfy 0 <= first_hour <= last_hour <= 23, "
                f"got {self.first_hour}..{self.last_hour}"
            )
        if not 0 < self.share <= 1:
            raise ValueError(f"Event.share must be in (0, 1], got {self.share!r}")

    def covers(self, tool: str, hour: int) -> bool:
        """True when this event affects ``tool`` in ``hour``."""
        return tool == self.tool and self.first_hour <= hour <= self.last_hour


@dataclass(frozen=True)
class DaySpec:
    """One simulated day: its seed, its traffic, and what goes wrong.

    Args:
        name: What the day is called in printed output.
        seed: Seeds every random draw of the day: the same spec gives the same trace.
        events: What goes wrong, and when.
        peak_calls: Calls per hour at full load, per tool, as ``((tool, calls), ...)``.
        load: The share of the peak in each of the 24 hours.
    """

    name: str
    seed: int
    events: tuple[Event, ...] = ()
    peak_calls: tuple[tuple[str, int], ...] = ((SEARCH, 12), (INVOICE, 24))
    load: tuple[float, ...] = DAILY_LOAD

    def __post_init__(self) -> None:
        if len(self.load) != HOURS or not all(0 <= share <= 1 for share in self.load):
            raise ValueError(f"DaySpec.load needs {HOURS} shares between 0 and 1")
        tools = [name for name, _ in self.peak_calls]
        if sorted(tools) != sorted(TOOLS):
            raise ValueError(f"DaySpec.peak_calls needs one entry per tool {TOOLS}, got {tools}")
        if any(calls < 1 for _, calls in self.peak_calls):
            raise ValueError("DaySpec.peak_calls must be at least 1 call per hour")
        for event in self.events:
            if not isinstance(event, Event):
                raise TypeError(f"DaySpec.events holds Event objects, got {event!r}")

    def calls_in(self, tool: str, hour: int) -> int:
        """How many calls ``tool`` makes in ``hour`` (at least one)."""
        peak = dict(self.peak_calls)[tool]
        return max(1, round(peak * self.load[hour]))


#: The day notebook 07 reads: an outage of the ticket search in the morning, a deploy that
#: takes the billing scope away after lunch, and a release of the billing service that drops a
#: field from more and more replies until it is rolled back at 20:00.
MONDAY: Final = DaySpec(
    name="Monday",
    seed=100,
    events=(
        Event(EventKind.OUTAGE, SEARCH, 9, 10),
        Event(EventKind.SCOPE, INVOICE, 13, 14),
        Event(EventKind.SCHEMA, INVOICE, 16, 16, share=0.05),
        Event(EventKind.SCHEMA, INVOICE, 17, 17, share=0.2),
        Event(EventKind.SCHEMA, INVOICE, 18, 18, share=0.6),
        Event(EventKind.SCHEMA, INVOICE, 19, 19, share=1.0),
    ),
)


@dataclass(frozen=True)
class Incident:
    """What an operator reports after reading the trace: which tool, why, and which hours.

    Args:
        tool: The tool whose calls failed.
        reason: ``fetch_failed`` (the source did not answer: an outage) or ``no_permission``
            (the caller may not see it: a scope problem).
        first_hour: The first hour of the spike.
        last_hour: The last hour of the spike (the same as ``first_hour`` for a one-hour one).
    """

    tool: str
    reason: NAReason
    first_hour: int
    last_hour: int

    def __post_init__(self) -> None:
        if not isinstance(self.reason, NAReason):
            raise TypeError(
                f"Incident.reason must be an NAReason (NAReason.FETCH_FAILED, not "
                f"'fetch_failed'), got {self.reason!r}"
            )
        if not 0 <= self.first_hour <= self.last_hour < HOURS:
            raise ValueError(
                f"Incident hours must satisfy 0 <= first_hour <= last_hour <= 23, "
                f"got {self.first_hour}..{self.last_hour}"
            )


# -- the mocked upstreams ------------------------------------------------------------------------


class _Fate(StrEnum):
    """What one call meets upstream (every attempt of it)."""

    ANSWER = "answer"
    NOTHING = "nothing"
    CUT = "cut"
    SLOW_ONCE = "slow_once"
    DOWN = "down"
    DENIED = "denied"
    MALFORMED = "malformed"


#: The everyday mix of what calls meet, per tool, as (fate, weight).
_BASELINE: Final[Mapping[str, tuple[tuple[_Fate, float], ...]]] = {
    SEARCH: (
        (_Fate.ANSWER, 0.70),
        (_Fate.NOTHING, 0.15),
        (_Fate.CUT, 0.10),
        (_Fate.SLOW_ONCE, 0.03),
        (_Fate.DOWN, 0.015),
        (_Fate.DENIED, 0.005),
    ),
    INVOICE: (
        (_Fate.ANSWER, 0.905),
        (_Fate.NOTHING, 0.06),
        (_Fate.SLOW_ONCE, 0.02),
        (_Fate.DOWN, 0.005),
        (_Fate.DENIED, 0.005),
        (_Fate.MALFORMED, 0.005),
    ),
}
_FATE_OF_EVENT: Final[Mapping[EventKind, _Fate]] = {
    EventKind.OUTAGE: _Fate.DOWN,
    EventKind.SCOPE: _Fate.DENIED,
    EventKind.SCHEMA: _Fate.MALFORMED,
}

_TICKETS_URL = "https://tickets.example.test/search"
_BILLING_URL = "https://billing.example.test/invoices"
#: The credentials the tools send; the trace must never show them.
TICKETS_API_KEY: Final = "tk-live-5d1e0c9a7b"
BILLING_TOKEN: Final = "sk-live-4f9a2c7e1b"
_QUERIES = ("refund", "login", "invoice", "export", "2fa", "dashboard")
_JSON = {"content-type": "application/json"}


class Invoice(BaseModel):
    """One invoice, as the billing service returns it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    amount: float
    currency: str


class _SearchArgs(BaseModel):
    q: str


class _InvoiceArgs(BaseModel):
    id: str


@dataclass
class _Upstream:
    """One mocked service: it answers every attempt of the current call as that call's fate."""

    name: str
    fate: _Fate = _Fate.ANSWER
    size: int = 0
    attempt: int = 0

    def begin(self, fate: _Fate, size: int) -> None:
        self.fate, self.size, self.attempt = fate, size, 0

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.attempt += 1
        fate = self.fate
        if fate is _Fate.SLOW_ONCE:
            if self.attempt == 1:
                raise httpx.ReadTimeout("timed out waiting for the reply", request=request)
            fate = _Fate.ANSWER
        if fate is _Fate.DOWN:
            body = {"error": "service unavailable"}
            return httpx.Response(503, headers={**_JSON, "retry-after": "1"}, json=body)
        if fate is _Fate.DENIED:
            return httpx.Response(403, headers=_JSON, json=self._denied(request))
        if self.name == SEARCH:
            return httpx.Response(200, headers=_JSON, json=self._search(fate))
        return self._invoice(fate, request)

    def _denied(self, request: httpx.Request) -> dict[str, str]:
        # Upstreams echo the credential they refused; the adapter must scrub it from the trace.
        if self.name == SEARCH:
            return {"error": "forbidden", "message": f"api key {TICKETS_API_KEY} may not search"}
        return {
            "error": "insufficient_scope",
            "message": f"token {BILLING_TOKEN} lacks scope invoices:read",
        }

    def _search(self, fate: _Fate) -> dict[str, Any]:
        count = 0 if fate is _Fate.NOTHING else self.size
        tickets = [t.model_dump() for t in make_tickets(count)]
        if fate is _Fate.MALFORMED:
            tickets = [{k: v for k, v in t.items() if k != "title"} for t in tickets]
        total = count + 25 if fate is _Fate.CUT else count
        return {"results": tickets, "count": total}

    def _invoice(self, fate: _Fate, request: httpx.Request) -> httpx.Response:
        invoice_id = request.url.path.rsplit("/", 1)[-1]
        if fate is _Fate.NOTHING:
            return httpx.Response(404, headers=_JSON, json={"error": "no such invoice"})
        body: dict[str, Any] = {"id": invoice_id, "amount": self.size * 12.5, "currency": "EUR"}
        if fate is _Fate.MALFORMED:
            body["amount_cents"] = round(body.pop("amount") * 100)
        return httpx.Response(200, headers=_JSON, json=body)


def _make_tools(seed: int) -> dict[str, Tool[Any, Any]]:
    policy = RetryPolicy(max_attempts=3, backoff_base_s=0.2, seed=seed)

    @tool(args=_SearchArgs, result=list[Ticket], items="results", total="count", policy=policy)
    def search_tickets(args: _SearchArgs) -> httpx.Request:
        params = {"q": args.q, "api_key": TICKETS_API_KEY}
        return httpx.Request("GET", _TICKETS_URL, params=params)

    @tool(args=_InvoiceArgs, result=Invoice, not_found="empty", policy=policy)
    def get_invoice(args: _InvoiceArgs) -> httpx.Request:
        headers = {"authorization": f"Bearer {BILLING_TOKEN}"}
        return httpx.Request("GET", f"{_BILLING_URL}/{args.id}", headers=headers)

    return {SEARCH: search_tickets, INVOICE: get_invoice}


# -- capturing the trace -------------------------------------------------------------------------

_LOGGER_NAME = "tool_outcomes"

# The trace record's fields that are closed sets, rebuilt from the strings the log carries.
_ENUM_FIELDS: Final[Mapping[str, Callable[[Any], Any]]] = {
    "outcome": Outcome,
    "failure_code": FailureCode,
    "failure_kind": FailureKind,
    "decision": Decision,
}


@dataclass(frozen=True)
class TraceEntry:
    """One captured log record: when it was written (simulated time), its level, its record.

    ``at_s`` is seconds since the simulated midnight, read from the clock the capture was given.
    """

    at_s: float
    level: str
    record: TraceRecord

    @property
    def hour(self) -> int:
        """The hour of the day the record was written in (0 to 23)."""
        return int(self.at_s // _SECONDS_PER_HOUR) % HOURS

    @property
    def ends_call(self) -> bool:
        """True for the record that says how a call ended: any decision but a retry.

        Each attempt writes one record; the ones before the last say ``retry``.
        """
        return self.record.decision not in (Decision.RETRY, Decision.BREAKER_STATE)

    def line(self) -> str:
        """``09:00:50 WARNING search_tickets access_failure …``: the time, level and message."""
        whole = int(self.at_s)
        clock = f"{whole // 3600 % HOURS:02d}:{whole // 60 % 60:02d}:{whole % 60:02d}"
        return f"{clock} {self.level:<7} {self.record.message()}"


class TraceCapture(logging.Handler):
    """A logging handler that keeps every trace record, stamped with an injected clock.

    The structured fields of a record ride in ``record.tool_outcomes``; this handler rebuilds
    the :class:`~tool_outcomes.TraceRecord` from them. It never reads the wall clock.
    """

    def __init__(self, clock: Callable[[], float]) -> None:
        super().__init__(logging.DEBUG)
        self.clock = clock
        self.entries: list[TraceEntry] = []

    def emit(self, record: logging.LogRecord) -> None:
        """Keep the record if it carries trace fields."""
        fields = getattr(record, "tool_outcomes", None)
        if not isinstance(fields, Mapping):
            return
        values = {
            key: value if value is None or key not in _ENUM_FIELDS else _ENUM_FIELDS[key](value)
            for key, value in fields.items()
        }
        self.entries.append(TraceEntry(self.clock(), record.levelname, TraceRecord(**values)))


@contextmanager
def capture_trace(clock: Callable[[], float]) -> Iterator[TraceCapture]:
    """Capture every record of the ``tool_outcomes`` logger, at every level, for a block.

    The logger is set to ``DEBUG`` (successes and empties are logged there) and stops
    propagating, so nothing reaches another handler; both are restored on exit.

    Args:
        clock: Seconds to stamp each record with (a :class:`FakeClock` in the notebook).

    Yields:
        The :class:`TraceCapture`; its ``entries`` grow as records arrive.
    """
    logger = logging.getLogger(_LOGGER_NAME)
    capture = TraceCapture(clock)
    level, propagate = logger.level, logger.propagate
    logger.addHandler(capture)
    logger.setLevel(logging.DEBUG)
    logger.propagate = False
    try:
        yield capture
    finally:
        logger.removeHandler(capture)
        logger.setLevel(level)
        logger.propagate = propagate


# -- running a day -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Day:
    """A simulated day: its plan, the trace it left, and one outcome counter per hour.

    ``counters[h]`` counted the final envelope of every call made in hour ``h``: the live
    metric an alert reads. ``trace`` is every record the adapter wrote, in order.
    """

    spec: DaySpec
    trace: tuple[TraceEntry, ...]
    counters: tuple[OutcomeCounter, ...] = field(repr=False)

    def __repr__(self) -> str:
        ended = sum(1 for entry in self.trace if entry.ends_call)
        return f"Day({self.spec.name!r}: {ended} calls, {len(self.trace)} trace records)"


def _draw(options: Sequence[tuple[_Fate, float]], rng: random.Random) -> _Fate:
    fates = [fate for fate, _ in options]
    weights = [weight for _, weight in options]
    return rng.choices(fates, weights)[0]


def _fate(spec: DaySpec, tool: str, hour: int, rng: random.Random) -> _Fate:
    """What one call meets: the first event that catches it, else the everyday mix."""
    for event in spec.events:
        if event.covers(tool, hour) and rng.random() < event.share:
            return _FATE_OF_EVENT[event.kind]
    return _draw(_BASELINE[tool], rng)


def _schedule(spec: DaySpec, hour: int) -> list[tuple[float, str]]:
    """The calls of one hour, as (seconds since midnight, tool), evenly spread and in order."""
    start = hour * _SECONDS_PER_HOUR
    planned: list[tuple[float, str]] = []
    for offset, name in zip((0.5, 0.25), TOOLS, strict=True):
        count = spec.calls_in(name, hour)
        spacing = _SECONDS_PER_HOUR / count
        planned.extend((start + (k + offset) * spacing, name) for k in range(count))
    return sorted(planned)


def simulate_day(spec: DaySpec) -> Day:
    """Run one simulated day of calls through the adapter and capture what it wrote.

    Args:
        spec: The day's seed, traffic and events.

    Returns:
        The :class:`Day`: its trace (every record, stamped with the simulated time) and its
        hourly counters. The same spec gives the same day.
    """
    rng = random.Random(spec.seed)
    clock = FakeClock()
    tools = _make_tools(spec.seed)
    upstreams = {name: _Upstream(name) for name in TOOLS}
    hosts = {httpx.URL(_TICKETS_URL).host: SEARCH, httpx.URL(_BILLING_URL).host: INVOICE}

    def route(request: httpx.Request) -> httpx.Response:
        return upstreams[hosts[request.url.host]](request)

    counters = tuple(OutcomeCounter() for _ in range(HOURS))
    with (
        httpx.Client(transport=httpx.MockTransport(route)) as client,
        capture_trace(clock) as capture,
    ):
        for hour in range(HOURS):
            for at_s, name in _schedule(spec, hour):
                if at_s > clock.now_s:
                    clock.advance(at_s - clock.now_s)
                upstreams[name].begin(_fate(spec, name, hour, rng), size=rng.randint(1, 8))
                arguments = (
                    {"q": rng.choice(_QUERIES)}
                    if name == SEARCH
                    else {"id": f"INV-{rng.randint(1000, 9999)}"}
                )
                env: Envelope[Any] = tools[name].call(
                    arguments, client=client, sleep=clock.sleep, clock=clock
                )
                counters[hour].observe(env)
    return Day(spec=spec, trace=tuple(capture.entries), counters=counters)


# -- reading the trace ---------------------------------------------------------------------------


def calls(trace: Sequence[TraceEntry], tool: str | None = None) -> list[TraceEntry]:
    """The records that say how each call ended (one per call), optionally for one tool.

    Args:
        trace: Captured records, in order.
        tool: Keep only this tool's calls; ``None`` keeps every tool's.

    Returns:
        The records whose decision is not a retry, in order.
    """
    return [e for e in trace if e.ends_call and (tool is None or e.record.tool == tool)]


def calls_per_hour(trace: Sequence[TraceEntry], tool: str | None = None) -> list[int]:
    """How many calls ended in each hour of the day.

    Returns:
        24 counts.
    """
    per_hour = Counter(entry.hour for entry in calls(trace, tool))
    return [per_hour[hour] for hour in range(HOURS)]


def _hourly_shares(
    trace: Sequence[TraceEntry], tool: str | None, key: Callable[[TraceRecord], object]
) -> dict[object, list[float]]:
    totals = calls_per_hour(trace, tool)
    seen: dict[object, Counter[int]] = {}
    for entry in calls(trace, tool):
        seen.setdefault(key(entry.record), Counter())[entry.hour] += 1
    return {
        label: [hits[h] / totals[h] if totals[h] else 0.0 for h in range(HOURS)]
        for label, hits in seen.items()
    }


def outcome_rates(
    trace: Sequence[TraceEntry], tool: str | None = None
) -> dict[Outcome, list[float]]:
    """The share of each hour's calls that ended in each outcome.

    Args:
        trace: Captured records.
        tool: One tool's calls, or every tool's.

    Returns:
        ``{outcome: 24 shares}`` for all four outcomes (0.0 in an hour with no calls).
    """
    shares = _hourly_shares(trace, tool, lambda record: record.outcome)
    return {outcome: shares.get(outcome, [0.0] * HOURS) for outcome in Outcome}


def reason_rates(
    trace: Sequence[TraceEntry], tool: str | None = None
) -> dict[NAReason, list[float]]:
    """The share of each hour's calls that ended in an access failure standing for a reason.

    Args:
        trace: Captured records.
        tool: One tool's calls, or every tool's.

    Returns:
        ``{NAReason.FETCH_FAILED: 24 shares, NAReason.NO_PERMISSION: 24 shares}``; a failure
        whose code stands for neither (see :data:`REASON_BY_CODE`) counts in neither.
    """
    shares = _hourly_shares(trace, tool, lambda record: reason_for(record.failure_code))
    return {reason: shares.get(reason, [0.0] * HOURS) for reason in _REASONS}


def validation_rates(day: Day, tool: str) -> list[float]:
    """Each hour's validation-failure rate of ``tool``, read from the day's hourly counters."""
    return [counter.validation_failure_rate(tool) for counter in day.counters]


def _percent(share: float) -> str:
    return f"{round(share * 100):>3d}"


def rates_table(trace: Sequence[TraceEntry], tool: str) -> str:
    """One tool's hourly rates as text: the numbers :func:`plot_rates` draws, in percent.

    Args:
        trace: Captured records.
        tool: The tool.

    Returns:
        A header of hours, then one line per outcome and per reason: 24 rounded percentages.
    """
    rows: list[tuple[str, Sequence[float] | Sequence[int]]] = [
        ("calls", calls_per_hour(trace, tool))
    ]
    rows += [(o.value, shares) for o, shares in outcome_rates(trace, tool).items()]
    rows += [(r.value, shares) for r, shares in reason_rates(trace, tool).items()]
    width = max(len(label) for label, _ in rows)
    lines = [f"{tool}: calls per hour, then % of those calls"]
    lines.append(f"{'hour':<{width}} " + " ".join(f"{h:>3d}" for h in range(HOURS)))
    for label, values in rows:
        cells = (f"{v:>3d}" if isinstance(v, int) else _percent(v) for v in values)
        lines.append(f"{label:<{width}} " + " ".join(cells))
    return "\n".join(lines)


def validation_table(day: Day, tool: str, hours: Sequence[int] = range(HOURS)) -> str:
    """Per hour: the calls, the rejections by the result model (code ``schema``) and the rate.

    Args:
        day: A simulated day (its hourly counters are read).
        tool: The tool.
        hours: Which hours to show.

    Returns:
        One line per hour: ``hour calls rejected rate``.
    """
    lines = ["hour  calls  rejected   rate"]
    for hour in hours:
        counter = day.counters[hour]
        rejected = counter.failure_codes(tool).get(FailureCode.SCHEMA, 0)
        rate = counter.validation_failure_rate(tool)
        lines.append(f"{hour:>4d}  {counter.total(tool):>5d}  {rejected:>8d}  {rate:>5.1%}")
    return "\n".join(lines)


# -- pictures ------------------------------------------------------------------------------------

_OUTCOME_COLOURS: Final[Mapping[Outcome, str]] = {
    Outcome.SUCCESS: "#2e7d32",
    Outcome.EMPTY: "#1565c0",
    Outcome.PARTIAL: "#ef6c00",
    Outcome.ACCESS_FAILURE: "#c62828",
}
_REASON_COLOURS: Final[Mapping[NAReason, str]] = {
    NAReason.FETCH_FAILED: "#6a1b9a",
    NAReason.NO_PERMISSION: "#00838f",
}
_FIGURE_SIZE: Final = (11.0, 6.5)


def plot_rates(trace: Sequence[TraceEntry], tools: Sequence[str], *, title: str) -> Figure:
    """Outcome shares (top row, stacked bars) and reason rates (bottom row), a column a tool.

    Args:
        trace: Captured records.
        tools: The tools to draw, one column each.
        title: The figure's title: say what the picture shows.

    Returns:
        The matplotlib figure (drawn with pyplot, so a notebook shows it on ``plt.show()``).
    """
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(
        2, len(tools), figsize=_FIGURE_SIZE, sharex=True, sharey=True, squeeze=False
    )
    hours = list(range(HOURS))
    for column, name in enumerate(tools):
        top, bottom = axes[0][column], axes[1][column]
        # Hourly numbers are drawn as one bar (or one flat step) per hour, never as a line
        # between hours: a two-hour outage is two full-height bars, not a wedge.
        stacked = [0.0] * HOURS
        for outcome, shares in outcome_rates(trace, name).items():
            pct = [100 * s for s in shares]
            top.bar(
                hours,
                pct,
                width=1.0,
                bottom=stacked,
                color=_OUTCOME_COLOURS[outcome],
                label=outcome.value,
                alpha=0.85,
            )
            stacked = [below + here for below, here in zip(stacked, pct, strict=True)]
        for reason, rates in reason_rates(trace, name).items():
            pct = [100 * r for r in rates]
            bottom.step(
                hours,
                pct,
                where="mid",
                color=_REASON_COLOURS[reason],
                label=reason.value,
                marker=".",
            )
        top.set_title(f"{name}: outcomes (share of calls)")
        bottom.set_title(f"{name}: access failures by reason")
        bottom.set_xlabel("hour of the day")
        for axis in (top, bottom):
            axis.set_xticks(range(0, HOURS, 3))
            axis.set_xlim(-0.5, HOURS - 0.5)
            axis.set_ylim(0, 102)
            axis.grid(alpha=0.3)
    for row in axes:
        row[0].set_ylabel("% of calls")
    for row in axes:
        row[-1].legend(loc="center left", bbox_to_anchor=(1.02, 0.5), fontsize="small")
    fig.suptitle(title)
    fig.tight_layout()
    return fig


def plot_validation(
    rates: Sequence[float], volume: Sequence[int], *, budget: float, title: str
) -> Figure:
    """One tool's validation-failure rate per hour, against the budget, with its call volume.

    Args:
        rates: 24 validation-failure rates (shares of calls).
        volume: 24 call counts, drawn as bars on a second axis.
        budget: The share of rejections the tool may have before anyone is paged.
        title: The figure's title: say what the picture shows.

    Returns:
        The matplotlib figure (drawn with pyplot).
    """
    import matplotlib.pyplot as plt

    fig, axis = plt.subplots(figsize=(_FIGURE_SIZE[0], 4.0))
    hours = list(range(HOURS))
    bars = axis.twinx()
    bars.bar(hours, volume, color="#b0bec5", alpha=0.5, label="calls")
    bars.set_ylabel("calls per hour")
    axis.set_zorder(bars.get_zorder() + 1)
    axis.patch.set_visible(False)
    axis.plot(hours, [100 * r for r in rates], color="#c62828", marker="o", label="rejected")
    axis.axhline(100 * budget, color="black", linestyle="--", label=f"budget {budget:.0%}")
    axis.set_xlabel("hour of the day")
    axis.set_ylabel("% of calls rejected by the result model")
    axis.set_xticks(range(0, HOURS, 3))
    axis.grid(alpha=0.3)
    handles = axis.get_legend_handles_labels()
    extra = bars.get_legend_handles_labels()
    axis.legend(handles[0] + extra[0], handles[1] + extra[1], loc="upper left")
    axis.set_title(title)
    fig.tight_layout()
    return fig
