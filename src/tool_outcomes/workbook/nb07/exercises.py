"""Exercises of notebook 07 (registered on import by :mod:`tool_outcomes.workbook.exercises`).

* ``07.1 find_incident`` — a function from one day's trace (a sequence of
  :class:`~tool_outcomes.workbook.traffic.TraceEntry`) to the
  :class:`~tool_outcomes.workbook.traffic.Incident` it shows: which tool, which reason
  (``fetch_failed`` for an outage, ``no_permission`` for a scope problem) and which hours. It is
  checked on days the notebook never shows, each with one incident among everyday noise; on
  one of them the outage reached only part of the calls, beside hours with a few failures.
* ``07.2 validation_alert`` — a function ``(counter, tool) -> bool``: page someone when, in one
  hour's :class:`~tool_outcomes.OutcomeCounter`, the tool made at least :data:`MIN_CALLS` calls
  and more than :data:`BUDGET` of them were rejected by the result model.

Failure lines say what is wrong with the learner's answer, never what the right one is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cache

from tool_outcomes.envelope import FailureCode, Outcome
from tool_outcomes.fields import NAReason
from tool_outcomes.trace import OutcomeCounter
from tool_outcomes.workbook.checks import Case, exercise
from tool_outcomes.workbook.traffic import (
    FLAT_LOAD,
    INVOICE,
    SEARCH,
    DaySpec,
    Event,
    EventKind,
    Incident,
    TraceEntry,
    simulate_day,
)

__all__ = ["BUDGET", "INCIDENT_DAYS", "MIN_CALLS", "window"]

# -- 07.1 ----------------------------------------------------------------------------------------


def _day(name: str, seed: int, *events: Event, invoice_calls: int = 4) -> DaySpec:
    peak_calls = ((SEARCH, 4), (INVOICE, invoice_calls))
    return DaySpec(name, seed, events=events, peak_calls=peak_calls, load=FLAT_LOAD)


#: The partial outage: a share of the billing servers down for two hours, a few failures in the
#: hour before and the hour after. Seed 61 gives 2 of 10, 7, 7 and 2 of 10 calls failed: a
#: threshold of "every call" misses the incident, one of "any failure" takes in the noise.
_PARTIAL_OUTAGE = _day(
    "Saturday",
    61,
    Event(EventKind.OUTAGE, INVOICE, 7, 7, share=0.25),
    Event(EventKind.OUTAGE, INVOICE, 8, 9, share=0.65),
    Event(EventKind.OUTAGE, INVOICE, 10, 10, share=0.2),
    invoice_calls=10,
)
_PARTIAL_HINT = (
    "on this day the outage did not take every call, and the hours around it had a few "
    "failures of the same reason: which hours had most of the tool's calls failing?"
)

#: An outage whose edges sit on the rule's threshold: of 20 calls an hour, seed 95 gives 10
#: (exactly half), 11, 19 and 7 failed in hours 13 to 16. "More than half" takes hours 14 and 15;
#: "half or more" (or any threshold below half) takes hour 13 too, and a threshold of 0.6 or
#: above loses hour 14.
_EDGE_OUTAGE = _day(
    "Sunday",
    95,
    Event(EventKind.OUTAGE, INVOICE, 13, 13, share=0.5),
    Event(EventKind.OUTAGE, INVOICE, 14, 14, share=0.55),
    Event(EventKind.OUTAGE, INVOICE, 15, 15, share=0.9),
    Event(EventKind.OUTAGE, INVOICE, 16, 16, share=0.45),
    invoice_calls=20,
)
_EDGE_HINT = (
    "read the rule's words again: an hour belongs to the incident when more than half of the "
    "tool's calls in it failed for the reason; look closely at the hours at the spike's edges"
)


#: The days 07.1 is checked on, each with the one incident its trace shows (and a hint for the
#: day, where one helps).
INCIDENT_DAYS: tuple[tuple[DaySpec, Incident, str | None], ...] = (
    (
        _day("Tuesday", 31, Event(EventKind.OUTAGE, SEARCH, 10, 12)),
        Incident(SEARCH, NAReason.FETCH_FAILED, 10, 12),
        None,
    ),
    (
        _day("Wednesday", 32, Event(EventKind.SCOPE, INVOICE, 15, 16)),
        Incident(INVOICE, NAReason.NO_PERMISSION, 15, 16),
        None,
    ),
    (
        _day("Thursday", 33, Event(EventKind.SCOPE, SEARCH, 4, 6)),
        Incident(SEARCH, NAReason.NO_PERMISSION, 4, 6),
        None,
    ),
    (
        _day("Friday", 34, Event(EventKind.OUTAGE, INVOICE, 20, 20)),
        Incident(INVOICE, NAReason.FETCH_FAILED, 20, 20),
        None,
    ),
    (_PARTIAL_OUTAGE, Incident(INVOICE, NAReason.FETCH_FAILED, 8, 9), _PARTIAL_HINT),
    (_EDGE_OUTAGE, Incident(INVOICE, NAReason.FETCH_FAILED, 14, 15), _EDGE_HINT),
)


@cache
def _trace(spec: DaySpec) -> tuple[TraceEntry, ...]:
    # One simulation per day and process: a re-run check cell does not pay for it again.
    return simulate_day(spec).trace


def _incident_verifier(expected: Incident) -> Callable[[object], str | None]:
    def verify(result: object) -> str | None:
        if not isinstance(result, Incident):
            return f"expected an Incident, got {type(result).__name__}"
        if result.tool != expected.tool:
            return f"the calls of {result.tool!r} were not the ones that failed together"
        if result.reason is not expected.reason:
            return f"the failure codes in the spike do not stand for {result.reason.value}"
        if (result.first_hour, result.last_hour) != (expected.first_hour, expected.last_hour):
            return f"hours {result.first_hour}..{result.last_hour} are not the spike's hours"
        return None

    return verify


@exercise(
    "07.1",
    name="find_incident",
    hint=(
        "a spike is most of one tool's calls in an hour failing for one reason, not a single "
        "failed call: read each tool's reason rates hour by hour"
    ),
    why=(
        "An incident is more than half of one tool's calls failing for one reason in an hour: "
        "rates per tool and reason separate it from the noise beside it."
    ),
)
def _find_incident() -> Iterator[Case]:
    for spec, incident, hint in INCIDENT_DAYS:
        yield Case(
            args=(_trace(spec),),
            describe=f"{spec.name}'s trace",
            verify=_incident_verifier(incident),
            hint=hint,
        )


# -- 07.2 ----------------------------------------------------------------------------------------

#: The share of an hour's calls the result model may reject before anyone is paged.
BUDGET = 0.05
#: Fewer calls than this in an hour say too little to page anyone.
MIN_CALLS = 10


def window(*tallies: tuple[str, int, int, int]) -> OutcomeCounter:
    """One hour's counter, from ``(tool, answers, rejections, other failures)`` per tool.

    Args:
        tallies: For each tool: calls that succeeded, calls rejected by the result model
            (code ``schema``), and calls that failed otherwise (code ``server_error``).

    Returns:
        A fresh :class:`~tool_outcomes.OutcomeCounter` holding those calls.
    """
    counter = OutcomeCounter()
    for tool, answers, rejections, failures in tallies:
        for _ in range(answers):
            counter.observe_outcome(tool, Outcome.SUCCESS)
        for _ in range(rejections):
            counter.observe_outcome(tool, Outcome.ACCESS_FAILURE, FailureCode.SCHEMA)
        for _ in range(failures):
            counter.observe_outcome(tool, Outcome.ACCESS_FAILURE, FailureCode.SERVER_ERROR)
    return counter


_FEW = "count the calls first: how many does the rule need before it may page?"
_EDGE = "read the rule's words again: 'at least' MIN_CALLS, 'more than' BUDGET"
_MIXED = (SEARCH, 6, 6, 0), (INVOICE, 24, 0, 0)

#: (the hour's tallies, the tool asked about, what it is, whether to page, a hint when wrong).
_ALERT_CASES: Sequence[tuple[tuple[tuple[str, int, int, int], ...], str, str, bool, str | None]] = (
    (((INVOICE, 24, 0, 0),), INVOICE, "24 calls, none rejected", False, None),
    (((INVOICE, 20, 4, 0),), INVOICE, "24 calls, 4 rejected", True, None),
    (((INVOICE, 23, 1, 0),), INVOICE, "24 calls, 1 rejected", False, None),
    (((INVOICE, 5, 1, 0),), INVOICE, "6 calls, 1 rejected", False, _FEW),
    (
        ((INVOICE, 0, 0, 24),),
        INVOICE,
        "24 calls, all failed with HTTP 503",
        False,
        "an outage is an access failure, but no reply reached the result model",
    ),
    (
        _MIXED,
        INVOICE,
        "get_invoice, in an hour when search_tickets had half its calls rejected",
        False,
        "the rule is about the tool it is asked about",
    ),
    (_MIXED, SEARCH, "search_tickets, half of its 12 calls rejected", True, None),
    (((INVOICE, 8, 1, 0),), INVOICE, "9 calls, 1 rejected", False, _EDGE),
    (((INVOICE, 9, 1, 0),), INVOICE, "10 calls, 1 rejected", True, _EDGE),
    (((INVOICE, 19, 1, 0),), INVOICE, "20 calls, 1 rejected", False, _EDGE),
    (((INVOICE, 94, 6, 0),), INVOICE, "100 calls, 6 rejected", True, None),
    ((), INVOICE, "an hour with no calls at all", False, _FEW),
)


@exercise(
    "07.2",
    name="validation_alert",
    hint=(
        "two conditions, both on the tool asked about: enough calls in the hour, and the share "
        "of them the result model rejected above the budget; 'Counting outcomes' lists what "
        "the counter can tell you"
    ),
    why=(
        "Page on a share, not a count, and only when the hour has enough calls to mean something, "
        "for the tool asked about alone."
    ),
)
def _validation_alert() -> Iterator[Case]:
    for tallies, tool, what, expected, hint in _ALERT_CASES:
        # A fresh counter per case: an answer that resets or feeds one harms only itself.
        yield Case(args=(window(*tallies), tool), expected=expected, describe=what, hint=hint)
