"""Notebook 02's teaching aids and exercises: the invariant names match the real validator,
sample data and situations are deterministic and refuse bad input, and the checks tell a right
answer from the usual wrong ones without printing a value answer."""

from __future__ import annotations

import re
from typing import Any

import pytest
from pydantic import ValidationError

from tool_outcomes import Coverage, Envelope, Failure, Outcome, TruncatedBy
from tool_outcomes.workbook import CheckStatus, check
from tool_outcomes.workbook.four_outcomes import (
    INVARIANT_RULES,
    Invariant,
    Situation,
    Ticket,
    coverage_table,
    invariant_table,
    make_tickets,
)
from tool_outcomes.workbook.nb02.exercises import (
    FIRST_PAGE_CURSOR,
    SEARCH_TOTAL,
    SITUATIONS,
)

TIMEOUT: dict[str, Any] = {"code": "timeout", "kind": "transient"}
CUT: dict[str, Any] = {"returned": 2, "total": 5, "truncated_by": "total_exceeds_returned"}

# invariant -> (a payload that breaks only it, the same payload repaired, words of the refusal)
VIOLATIONS: dict[Invariant, tuple[dict[str, Any], dict[str, Any], str]] = {
    Invariant.FAILURE_NEEDS_A_REASON: (
        {"outcome": "access_failure"},
        {"outcome": "access_failure", "failure": TIMEOUT},
        "access_failure needs a failure",
    ),
    Invariant.FAILURE_CARRIES_NO_DATA: (
        {"outcome": "access_failure", "failure": TIMEOUT, "data": []},
        {"outcome": "access_failure", "failure": TIMEOUT},
        "access_failure carries no data",
    ),
    Invariant.ONLY_FAILURES_CARRY_FAILURE: (
        {"outcome": "empty", "data": [], "failure": TIMEOUT},
        {"outcome": "empty", "data": []},
        "empty carries no failure",
    ),
    Invariant.PARTIAL_NAMES_ITS_CUT: (
        {"outcome": "partial", "data": [1, 2], "coverage": {"returned": 2, "total": 5}},
        {"outcome": "partial", "data": [1, 2], "coverage": CUT},
        "partial needs coverage.truncated_by",
    ),
    Invariant.EMPTY_HAS_NO_ITEMS: (
        {"outcome": "empty", "data": ["TCK-1"]},
        {"outcome": "empty", "data": []},
        "empty carries items",
    ),
    Invariant.SUCCESS_IS_COMPLETE: (
        {"outcome": "success", "data": [1, 2], "coverage": {"returned": 2, "total": 5}},
        {"outcome": "success", "data": [1, 2], "coverage": {"returned": 2, "total": 2}},
        "success claims 2 of 5 items",
    ),
}


def test_every_invariant_is_named_worded_and_demonstrated() -> None:
    """Each invariant has one sentence of wording, a line in the table and a violation below."""
    assert set(INVARIANT_RULES) == set(Invariant) == set(VIOLATIONS)
    lines = invariant_table().splitlines()
    assert [line.split()[0] for line in lines] == [f"Invariant.{i.name}" for i in Invariant]


@pytest.mark.parametrize("invariant", list(VIOLATIONS))
def test_each_invariant_name_matches_a_refusal_of_the_real_validator(invariant: Invariant) -> None:
    """The validator refuses the violation with matching words and accepts it repaired."""
    broken, repaired, words = VIOLATIONS[invariant]
    with pytest.raises(ValidationError, match=re.escape(words)):
        Envelope[Any].model_validate(broken)
    assert Envelope[Any].model_validate(repaired).outcome is Outcome(repaired["outcome"])


def test_sample_tickets_are_deterministic_and_numbered() -> None:
    """The same call gives the same tickets, ids run on from ``start``, and zero is allowed."""
    assert make_tickets(25) == make_tickets(25)
    assert [t.id for t in make_tickets(3, start=7)] == ["TCK-7", "TCK-8", "TCK-9"]
    assert make_tickets(1)[0] == Ticket(
        id="TCK-1001", title="Login fails after password reset", status="open"
    )
    assert len({t.id for t in make_tickets(180)}) == 180
    assert make_tickets(0) == []


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"count": -1}, ValueError, "count must be 0 or more"),
        ({"count": 2, "start": 0}, ValueError, "start must be 1 or more"),
        ({"count": 2.0}, TypeError, "count must be an int"),
        ({"count": True}, TypeError, "count must be an int"),
    ],
)
def test_bad_ticket_counts_are_clear_errors(
    kwargs: dict[str, Any], error: type[Exception], words: str
) -> None:
    """A count that is negative or not an int is refused, never rounded or ignored."""
    with pytest.raises(error, match=words):
        make_tickets(**kwargs)


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"made_contact": "yes"}, TypeError, "made_contact must be True or False"),
        ({"made_contact": True, "returned": -1}, TypeError, "returned must be an int"),
        ({"made_contact": True, "returned": 2.0}, TypeError, "returned must be an int"),
        ({"made_contact": True, "total": True}, TypeError, "total must be None or an int"),
        ({"made_contact": True, "cut_off": 1}, TypeError, "cut_off must be True or False"),
        ({"made_contact": True, "returned": 5, "total": 3}, ValueError, r"total \(3\) is below"),
        ({"made_contact": False, "returned": 2}, ValueError, "without contact"),
        ({"made_contact": False, "cut_off": True}, ValueError, "without contact"),
    ],
)
def test_contradictory_situations_are_refused(
    kwargs: dict[str, Any], error: type[Exception], words: str
) -> None:
    """Evidence of the wrong type or that contradicts itself cannot be described at all."""
    with pytest.raises(error, match=words):
        Situation("x", **kwargs)


# -- the exercises -------------------------------------------------------------------------------


def pick_outcome(situation: Situation) -> Outcome:
    """Reference answer to 02.1: contact, then completeness, then whether anything came back."""
    if not situation.made_contact:
        return Outcome.ACCESS_FAILURE
    more_exist = situation.total is not None and situation.total > situation.returned
    if situation.cut_off or more_exist:
        return Outcome.PARTIAL
    return Outcome.SUCCESS if situation.returned else Outcome.EMPTY


def by_shape(situation: Situation) -> Outcome:
    """The usual wrong answer: branch on how many items came back."""
    return Outcome.SUCCESS if situation.returned else Outcome.EMPTY


def ignores_counts(situation: Situation) -> Outcome:
    """A subtler wrong answer: contact first, but zero items read as empty before the count."""
    if not situation.made_contact:
        return Outcome.ACCESS_FAILURE
    if situation.returned == 0:
        return Outcome.EMPTY
    more_exist = situation.total is not None and situation.total > situation.returned
    return Outcome.PARTIAL if situation.cut_off or more_exist else Outcome.SUCCESS


def test_02_1_situations_cover_all_four_outcomes_and_the_reference_passes() -> None:
    """The hidden situations exercise every class, and the two-questions rule passes them all."""
    assert {outcome for _, outcome, _ in SITUATIONS} == set(Outcome)
    result = check("02.1", pick_outcome)
    assert result.status is CheckStatus.PASS
    assert result.passed == result.total == len(SITUATIONS)


@pytest.mark.parametrize(
    ("answer", "first_failure"),
    [
        (by_shape, "case 5 (25 tickets back, the index counts 180): expected Outcome.PARTIAL"),
        (ignores_counts, "case 7 (no ticket back, the index counts 40): expected Outcome.PARTIAL"),
        (lambda s: "empty", "case 1 (12 tickets back, the index counts 12): expected"),
    ],
    ids=["by-shape", "zero-before-count", "a-string"],
)
def test_02_1_wrong_rules_fail_on_the_first_situation_they_misread(
    answer: object, first_failure: str
) -> None:
    """Reading the shape, or zero items before the count, fails where the evidence says partial."""
    result = check("02.1", answer)
    assert result.status is CheckStatus.FAIL
    assert first_failure in repr(result)


def first_page(tickets: list[Ticket], evidence: TruncatedBy) -> Envelope[list[Ticket]]:
    """Reference answer to 02.2, with either honest piece of evidence."""
    return Envelope[list[Ticket]](
        outcome=Outcome.PARTIAL,
        data=tickets,
        coverage=Coverage(
            returned=len(tickets),
            total=SEARCH_TOTAL,
            next_cursor=FIRST_PAGE_CURSOR,
            truncated_by=evidence,
        ),
        tool="search_tickets",
    )


@pytest.mark.parametrize("evidence", [TruncatedBy.TOTAL_EXCEEDS_RETURNED, TruncatedBy.NEXT_PAGE])
def test_02_2_the_page_envelope_passes_with_either_evidence(evidence: TruncatedBy) -> None:
    """A partial naming 25 of 180 and cursor c2 passes, whichever evidence it names."""
    result = check("02.2", lambda tickets: first_page(tickets, evidence))
    assert result.status is CheckStatus.PASS, repr(result)
    assert result.passed == result.total == 9


def _success_page(tickets: list[Ticket]) -> Envelope[list[Ticket]]:
    return Envelope[list[Ticket]](
        outcome=Outcome.SUCCESS, data=tickets, coverage=Coverage(returned=len(tickets))
    )


def _wrong_cursor(tickets: list[Ticket]) -> Envelope[list[Ticket]]:
    env = first_page(tickets, TruncatedBy.NEXT_PAGE)
    assert env.coverage is not None
    return env.model_copy(update={"coverage": env.coverage.model_copy(update={"next_cursor": 2})})


def _shard_failure(tickets: list[Ticket]) -> Envelope[list[Ticket]]:
    return first_page(tickets, TruncatedBy.SHARD_FAILURE)


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        (lambda tickets: {"outcome": "partial"}, "case 1 (the result): expected an Envelope"),
        (_success_page, "case 2 (the outcome): the outcome is success"),
        (lambda tickets: first_page(tickets[:3], TruncatedBy.NEXT_PAGE), "case 3 (the data)"),
        (_wrong_cursor, "case 6 (coverage.next_cursor): coverage.next_cursor is 2"),
        (
            _shard_failure,
            "case 7 (coverage.truncated_by): coverage.truncated_by is TruncatedBy.SHARD_FAILURE",
        ),
    ],
    ids=["not-an-envelope", "success", "wrong-data", "int-cursor", "wrong-evidence"],
)
def test_02_2_a_page_that_claims_too_much_or_the_wrong_thing_fails(
    answer: object, words: str
) -> None:
    """Calling the page a success, a wrong cursor type or unrelated evidence is named."""
    result = check("02.2", answer)
    assert result.status is CheckStatus.FAIL
    assert words in repr(result)


def test_02_3_names_the_invariant_without_revealing_it_on_failure() -> None:
    """The right invariant passes; a wrong one fails without printing the right one."""
    assert check("02.3", Invariant.ONLY_FAILURES_CARRY_FAILURE).status is CheckStatus.PASS
    wrong = check("02.3", Invariant.EMPTY_HAS_NO_ITEMS)
    assert wrong.status is CheckStatus.FAIL
    assert "ONLY_FAILURES_CARRY_FAILURE" not in repr(wrong)
    assert check("02.3", "only_failures_carry_failure").status is CheckStatus.FAIL


def test_02_3_the_notebook_payload_breaks_exactly_that_invariant() -> None:
    """The home-made envelope shown in the notebook is refused for carrying a failure."""
    payload = {
        "outcome": "empty",
        "data": [],
        "failure": {"code": "timeout", "kind": "transient", "detail": "no reply in 5 s"},
        "tool": "search_tickets",
    }
    with pytest.raises(ValidationError, match="empty carries no failure") as refused:
        Envelope[list[Ticket]].model_validate(payload)
    assert refused.value.error_count() == 1
    assert isinstance(Failure.model_validate(payload["failure"]), Failure)


def test_the_coverage_table_lists_every_field_with_its_default_and_meaning() -> None:
    """Each Coverage field gets one line naming it, its type, its default and some words."""
    lines = coverage_table().splitlines()
    assert lines[0].split() == ["field", "type", "default", "meaning"]
    rows = {line.split()[0]: line for line in lines[1:]}
    assert list(rows) == list(Coverage.model_fields)
    assert re.match(r"returned\s+int\s+required\s+How many", rows["returned"])
    assert re.match(r"next_cursor\s+str \| None\s+None\s+Where to resume", rows["next_cursor"])
    assert re.match(
        r"truncated_by\s+TruncatedBy \| None\s+None\s+The evidence", rows["truncated_by"]
    )
    assert "tool_outcomes." not in coverage_table()
    assert coverage_table() == coverage_table()
