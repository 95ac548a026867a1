"""Exercises of notebook 02 (registered on import by :mod:`tool_outcomes.workbook.exercises`).

* ``02.1 pick_outcome`` — a function from a :class:`Situation` (evidence of one call) to its
  :class:`Outcome`, checked on situations the notebook never shows.
* ``02.2 first_page`` — a function that wraps page 1 of a search (25 of 180 tickets, next cursor
  ``"c2"``) in its envelope; the check reads outcome, data and every coverage field, and hands
  in a second page of 25 different tickets, so a function that ignores its argument fails.
* ``02.3 broken_invariant`` (optional) — a value: the :class:`Invariant` that a home-made
  envelope breaks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from tool_outcomes.envelope import Envelope, Outcome, TruncatedBy
from tool_outcomes.workbook.checks import AnswerKind, Case, exercise
from tool_outcomes.workbook.four_outcomes import Invariant, Situation, Ticket, make_tickets

__all__ = [
    "FIRST_PAGE_CURSOR",
    "FIRST_PAGE_SIZE",
    "OTHER_PAGE_START",
    "SEARCH_TOTAL",
    "SHORT_PAGE_SIZE",
    "SITUATIONS",
]

# -- 02.1 ----------------------------------------------------------------------------------------

_ZERO_WITH_MORE = "zero items with more at the source is not a verified nothing"
_ZERO_AFTER_A_CUT = "zero items from a search that was cut short is not a verified nothing"
_NO_CONTACT = "without contact there is no answer to be complete or empty: ask that question first"

#: The hidden situations of 02.1 with their classes; the notebook shows none of these.
SITUATIONS: tuple[tuple[Situation, Outcome, str | None], ...] = (
    (Situation("12 tickets back, the index counts 12", True, 12, 12), Outcome.SUCCESS, None),
    (Situation("no ticket back, the index counts 0", True, 0, 0), Outcome.EMPTY, None),
    (Situation("3 tickets back, no count given", True, 3), Outcome.SUCCESS, None),
    (Situation("no ticket back, no count given", True, 0), Outcome.EMPTY, None),
    (Situation("25 tickets back, the index counts 180", True, 25, 180), Outcome.PARTIAL, None),
    (
        Situation("25 tickets back with a next cursor, no count", True, 25, cut_off=True),
        Outcome.PARTIAL,
        None,
    ),
    (
        Situation("no ticket back, the index counts 40", True, 0, 40),
        Outcome.PARTIAL,
        _ZERO_WITH_MORE,
    ),
    (
        Situation("no ticket back, the index says it timed out", True, 0, cut_off=True),
        Outcome.PARTIAL,
        _ZERO_AFTER_A_CUT,
    ),
    (
        Situation("3 tickets back, then the stream broke", True, 3, cut_off=True),
        Outcome.PARTIAL,
        None,
    ),
    (Situation("the connection timed out", False), Outcome.ACCESS_FAILURE, _NO_CONTACT),
    (Situation("401: the token expired, body []", False), Outcome.ACCESS_FAILURE, _NO_CONTACT),
    (Situation("a 200 holding an HTML login page", False), Outcome.ACCESS_FAILURE, _NO_CONTACT),
)


@exercise(
    "02.1",
    name="pick_outcome",
    hint="ask the two questions in order: contact first, then completeness (a count or a cut), "
    "and only then whether anything came back",
    why=(
        "Contact first, then completeness, then the count: zero items is empty only once the "
        "source answered and nothing was cut off."
    ),
)
def _pick_outcome() -> Iterator[Case]:
    for situation, outcome, hint in SITUATIONS:
        yield Case(args=(situation,), expected=outcome, describe=situation.describe, hint=hint)


# -- 02.2 ----------------------------------------------------------------------------------------

#: Page 1 of the search in 02.2: how many tickets came back, how many exist, where to resume.
FIRST_PAGE_SIZE = 25
SEARCH_TOTAL = 180
FIRST_PAGE_CURSOR = "c2"

# Either is honest evidence for this page: the count says more exist, the cursor says where.
_PAGE_EVIDENCE = frozenset({TruncatedBy.TOTAL_EXCEEDS_RETURNED, TruncatedBy.NEXT_PAGE})


def _is_envelope(result: object) -> str | None:
    if isinstance(result, Envelope):
        return None
    return f"expected an Envelope, got a {type(result).__name__}"


def _evidence(result: object) -> str | None:
    if not isinstance(result, Envelope):
        return f"expected an Envelope, got a {type(result).__name__}"
    coverage = result.coverage
    if coverage is None:
        return "the envelope has no coverage"
    if coverage.truncated_by in _PAGE_EVIDENCE:
        return None
    found = coverage.truncated_by
    shown = "None" if found is None else f"TruncatedBy.{found.name}"
    return f"coverage.truncated_by is {shown}, which is not this page's evidence"


def _coverage_field(name: str, expected: object) -> Callable[[object], str | None]:
    def verify(result: object) -> str | None:
        if not isinstance(result, Envelope):
            return f"expected an Envelope, got a {type(result).__name__}"
        if result.coverage is None:
            return "the envelope has no coverage"
        found = getattr(result.coverage, name)
        if found == expected and type(found) is type(expected):
            return None
        return f"coverage.{name} is {found!r}"

    return verify


def _outcome_is_partial(result: object) -> str | None:
    if not isinstance(result, Envelope):
        return f"expected an Envelope, got a {type(result).__name__}"
    if result.outcome is Outcome.PARTIAL:
        return None
    return f"the outcome is {result.outcome.value}: this page is not the whole answer"


def _data_is_the_page(page: list[Ticket]) -> Callable[[object], str | None]:
    def verify(result: object) -> str | None:
        if not isinstance(result, Envelope):
            return f"expected an Envelope, got a {type(result).__name__}"
        if result.data == page:
            return None
        data = result.data
        if isinstance(data, list) and len(data) == len(page):
            return f"data holds {len(data)} tickets, but not the ones passed in"
        count = f"{len(data)} items" if isinstance(data, list) else type(data).__name__
        return f"data holds {count}, not the {len(page)} tickets passed in"

    return verify


#: The first ticket number of the second page 02.2 hands in (the notebook shows only page 1).
OTHER_PAGE_START = 5001
#: The size of a shorter page of the same search, which 02.2 also hands in.
SHORT_PAGE_SIZE = 10


@exercise(
    "02.2",
    name="first_page",
    hint="the page is what arrived, not the whole: say how many came back, how many the source "
    "holds, where to resume, and which TruncatedBy member is the evidence",
    why=(
        "A page is partial: returned counts what arrived, total and next_cursor say what is left, "
        "and truncated_by names the evidence of the cut."
    ),
)
def _first_page() -> Iterator[Case]:
    page = make_tickets(FIRST_PAGE_SIZE)
    checks: tuple[tuple[str, Callable[[object], str | None]], ...] = (
        ("the result", _is_envelope),
        ("the outcome", _outcome_is_partial),
        ("the data", _data_is_the_page(page)),
        ("coverage.returned", _coverage_field("returned", FIRST_PAGE_SIZE)),
        ("coverage.total", _coverage_field("total", SEARCH_TOTAL)),
        ("coverage.next_cursor", _coverage_field("next_cursor", FIRST_PAGE_CURSOR)),
        ("coverage.truncated_by", _evidence),
    )
    for describe, verify in checks:
        yield Case(args=(page,), describe=describe, verify=verify)
    # Any 25 tickets make the same page of the same search: the data is what was handed in.
    other = make_tickets(FIRST_PAGE_SIZE, start=OTHER_PAGE_START)
    yield Case(
        args=(other,),
        describe="the data, for 25 other tickets",
        verify=_data_is_the_page(other),
        hint="the envelope wraps the tickets your function is given, whichever they are",
    )
    # A shorter page of the same search: what came back is counted, not remembered.
    short = make_tickets(SHORT_PAGE_SIZE, start=OTHER_PAGE_START)
    yield Case(
        args=(short,),
        describe=f"coverage.returned, for a page of {SHORT_PAGE_SIZE} tickets",
        verify=_coverage_field("returned", SHORT_PAGE_SIZE),
        hint="coverage.returned counts the tickets your function is given, whatever their number",
    )


# -- 02.3 ----------------------------------------------------------------------------------------


@exercise(
    "02.3",
    name="broken_invariant",
    hint="look at what sits beside outcome 'empty' that only one of the four outcomes may carry",
    answer=AnswerKind.VALUE,
    why=(
        "Only access_failure may carry a failure. The validator refuses an empty that carries "
        "one, so a timeout cannot pass as a verified nothing."
    ),
)
def _broken_invariant() -> Iterator[Case]:
    yield Case(
        expected=Invariant.ONLY_FAILURES_CARRY_FAILURE,
        describe="a timeout wrapped as empty",
    )
