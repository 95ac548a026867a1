"""Notebook 02's exercises turn down the wrong answers a participant would plausibly try."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tool_outcomes import Coverage, Envelope, Outcome, TruncatedBy
from tool_outcomes.workbook.four_outcomes import Invariant, Situation, Ticket, make_tickets
from wrong_answers import assert_fails, assert_passes

S, E, P, A = Outcome.SUCCESS, Outcome.EMPTY, Outcome.PARTIAL, Outcome.ACCESS_FAILURE


def pick_outcome(situation: Situation) -> Outcome:
    """The reference answer to 02.1: contact, then completeness, then whether anything came."""
    if not situation.made_contact:
        return A
    more_at_source = situation.total is not None and situation.total > situation.returned
    if situation.cut_off or more_at_source:
        return P
    return S if situation.returned > 0 else E


def first_page(
    tickets: list[Ticket],
    *,
    data: list[Ticket] | None = None,
    returned: int | None = None,
    total: int | None = 180,
    next_cursor: str | None = "c2",
    evidence: TruncatedBy | None = TruncatedBy.TOTAL_EXCEEDS_RETURNED,
    outcome: Outcome = P,
) -> Envelope[list[Ticket]]:
    """The reference answer to 02.2; each keyword replaces one part with a participant's slip."""
    data = tickets if data is None else data
    return Envelope[list[Ticket]](
        outcome=outcome,
        data=data,
        coverage=Coverage(
            returned=len(data) if returned is None else returned,
            total=total,
            next_cursor=next_cursor,
            truncated_by=evidence,
        ),
        tool="search_tickets",
    )


def test_the_reference_answers_pass() -> None:
    """The notebook's answers pass (either piece of page evidence is honest for 02.2)."""
    assert_passes("02.1", pick_outcome)
    assert_passes("02.2", first_page)
    assert_passes("02.2", lambda tickets: first_page(tickets, evidence=TruncatedBy.NEXT_PAGE))
    assert_passes("02.3", Invariant.ONLY_FAILURES_CARRY_FAILURE)


def _count_first(situation: Situation) -> Outcome:
    # Looks at what came back before asking whether the tool made contact at all.
    if situation.returned == 0:
        return E
    return pick_outcome(situation)


def _ignores_the_cut(situation: Situation) -> Outcome:
    return (
        pick_outcome(
            Situation(
                situation.describe, situation.made_contact, situation.returned, situation.total
            )
        )
        if situation.made_contact
        else A
    )


def _ignores_the_count(situation: Situation) -> Outcome:
    if not situation.made_contact:
        return A
    if situation.cut_off:
        return P
    return S if situation.returned else E


def _no_count_is_a_cut(situation: Situation) -> Outcome:
    if situation.made_contact and situation.total is None:
        return P
    return pick_outcome(situation)


WRONG_PICKS: list[tuple[str, Callable[[Situation], object], str]] = [
    ("hard-coded-success", lambda situation: S, "no ticket back, the index counts 0"),
    ("counts-before-contact", _count_first, "no ticket back, the index counts 40"),
    ("ignores-the-cut", _ignores_the_cut, "with a next cursor"),
    ("ignores-the-count", _ignores_the_count, "the index counts 180"),
    ("no-count-means-cut", _no_count_is_a_cut, "no count given"),
    ("a-string-not-the-enum", lambda situation: pick_outcome(situation).value, "a str"),
]


@pytest.mark.parametrize(
    ("answer", "caught_by"),
    [pytest.param(answer, caught_by, id=name) for name, answer, caught_by in WRONG_PICKS],
)
def test_02_1_turns_down_wrong_pickers(
    answer: Callable[[Situation], object], caught_by: str
) -> None:
    """Hard-coding, ignoring contact, the cut or the count, or a string all fail."""
    assert_fails("02.1", answer, caught_by=caught_by)


_PAGE_1 = make_tickets(25)

WRONG_PAGES: list[tuple[str, Callable[[list[Ticket]], Any], str]] = [
    (
        "ignores-its-argument",
        lambda tickets: first_page(tickets, data=make_tickets(25)),
        "(the data, for 25 other tickets): data holds 25 tickets, but not the ones passed in",
    ),
    (
        "hard-coded-page-of-the-notebook",
        lambda tickets: first_page(_PAGE_1),
        "(the data, for 25 other tickets)",
    ),
    (
        "calls-it-a-success",
        lambda tickets: first_page(tickets, outcome=S),
        "raised ValidationError",
    ),
    ("names-no-evidence", lambda tickets: first_page(tickets, evidence=None), "ValidationError"),
    (
        "wrong-evidence",
        lambda tickets: first_page(tickets, evidence=TruncatedBy.UPSTREAM_TIMEOUT),
        "coverage.truncated_by is TruncatedBy.UPSTREAM_TIMEOUT",
    ),
    ("forgets-the-total", lambda tickets: first_page(tickets, total=None), "coverage.total"),
    ("forgets-the-cursor", lambda tickets: first_page(tickets, next_cursor=None), "next_cursor"),
    ("wrong-cursor", lambda tickets: first_page(tickets, next_cursor="p2"), "next_cursor"),
    ("returned-is-the-total", lambda tickets: first_page(tickets, returned=180), "returned"),
    (
        "hard-coded-returned",
        lambda tickets: first_page(tickets, returned=25),
        "(coverage.returned, for a page of 10 tickets)",
    ),
    ("the-tickets-alone", lambda tickets: tickets, "expected an Envelope, got a list"),
]


@pytest.mark.parametrize(
    ("answer", "caught_by"),
    [pytest.param(answer, caught_by, id=name) for name, answer, caught_by in WRONG_PAGES],
)
def test_02_2_turns_down_wrong_first_pages(
    answer: Callable[[list[Ticket]], Any], caught_by: str
) -> None:
    """Ignoring the tickets passed in, a wrong class, a wrong coverage part: each one fails."""
    assert_fails("02.2", answer, caught_by=caught_by, hides=("TOTAL_EXCEEDS", "NEXT_PAGE"))


@pytest.mark.parametrize(
    "answer",
    [
        Invariant.EMPTY_HAS_NO_ITEMS,
        Invariant.FAILURE_NEEDS_A_REASON,
        Invariant.FAILURE_CARRIES_NO_DATA,
        "only_failures_carry_failure",
    ],
)
def test_02_3_turns_down_wrong_invariants(answer: object) -> None:
    """Another rule, or the right name as a string, fails without naming the broken rule."""
    assert_fails("02.3", answer, hides=("ONLY_FAILURES_CARRY_FAILURE",))


def _completeness_first(situation: Situation) -> Outcome:
    """Asks about completeness before contact (the order the issue reported as passing)."""
    more_at_source = situation.total is not None and situation.total > situation.returned
    if situation.cut_off or more_at_source:
        return P
    if not situation.made_contact:
        return A
    return S if situation.returned > 0 else E


@given(
    made_contact=st.booleans(),
    returned=st.integers(0, 50),
    extra=st.one_of(st.none(), st.integers(0, 50)),
    cut_off=st.booleans(),
)
def test_02_1_cannot_tell_the_order_of_the_questions_apart(
    made_contact: bool, returned: int, extra: int | None, cut_off: bool
) -> None:
    """A Situation without contact holds no count, item or cut (it refuses them), so asking
    about completeness first gives the same class for every situation that can exist: the
    order is taught in the text, and no check could catch it."""
    total = None if extra is None else returned + extra
    try:
        situation = Situation("any", made_contact, returned, total, cut_off)
    except ValueError:
        return  # evidence without contact: no such situation
    assert _completeness_first(situation) is pick_outcome(situation)
