"""Notebook 09's checks tell plausible wrong answers from the right ones, and never give it away.

Each wrong answer below is one a participant could hand in: a table copied from the worked
example, the naive table (every field bool, every reason), a table that ignores one reason, a
retry where the scope is missing, the colleague's draft unchanged. Each must give ``[FAIL]``
with the exercise's hint, and the line must not reveal the part of the answer it is about.
The solution notebook's committed ``[PASS]`` lines prove the reference answers pass.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tool_outcomes import NAReason, Outcome
from tool_outcomes.design import (
    FieldDesign,
    FieldType,
    NextAction,
    OutcomeTable,
    Route,
    suggested_action,
)
from tool_outcomes.workbook import check
from tool_outcomes.workbook.nb09.builder import SUPPORT_TICKET
from tool_outcomes.workbook.nb09.exercises import (
    EMPLOYEE_LOOKUP,
    FLIGHT_STATUS,
    FLIGHT_STATUS_DRAFT,
)

HINT_091 = "walk each field through the text"
HINT_092 = "each problem names a field and a rule"


def _with_field(table: OutcomeTable, field_name: str, **changes: object) -> OutcomeTable:
    """``table`` with one field changed."""
    fields = tuple(
        f.model_copy(update=changes) if f.name == field_name else f for f in table.fields
    )
    return table.model_copy(update={"fields": fields})


def _naive(table: OutcomeTable) -> OutcomeTable:
    """Every field bool, every reason with its suggested action: fields × 3, and then some."""
    every_reason = tuple(Route(reason=r, action=suggested_action(r)) for r in NAReason)
    fields = tuple(FieldDesign(name=f.name, not_applicable=every_reason) for f in table.fields)
    return table.model_copy(update={"fields": fields})


def _route(reason: NAReason, action: NextAction) -> tuple[Route, ...]:
    return (Route(reason=reason, action=action),)


WRONG_091: list[tuple[str, Callable[[], object], str, tuple[str, ...]]] = [
    (
        "the worked example, copied",
        lambda: SUPPORT_TICKET,
        "case 2 (the tool's name): tool 'support_ticket' is not the tool's name",
        ("employee_lookup",),
    ),
    (
        "every field a bool with every reason",
        lambda: _naive(EMPLOYEE_LOOKUP),
        "case 5 (on_leave): on_leave: not_applicable(no_permission) cannot happen to it, says "
        "the text",
        ("fetch_failed", "retry"),
    ),
    (
        "badge_active without not_requested",
        lambda: _with_field(
            EMPLOYEE_LOOKUP,
            "badge_active",
            not_applicable=_route(NAReason.FETCH_FAILED, NextAction.RETRY_ONCE_THEN_DROP),
        ),
        "case 8 (badge_active): badge_active: a reason the text describes is missing",
        ("not_requested", "requery"),
    ),
    (
        "retrying the salary band without the scope",
        lambda: _with_field(
            EMPLOYEE_LOOKUP,
            "salary_band",
            not_applicable=_route(NAReason.NO_PERMISSION, NextAction.RETRY_ONCE_THEN_REPORT),
        ),
        "case 1 (the table's problems): the table has problems: salary_band: "
        "not_applicable(no_permission) → retry_once_then_report does not fit",
        (),  # the message lists the three actions that fit the rule; the text picks one
    ),
    (
        "escalating the leave status instead of reporting it",
        lambda: _with_field(
            EMPLOYEE_LOOKUP,
            "on_leave",
            not_applicable=_route(NAReason.FETCH_FAILED, NextAction.ESCALATE),
        ),
        "case 5 (on_leave): on_leave: not_applicable(fetch_failed) → escalate is not what "
        "comes next",
        ("retry_once_then_report",),
    ),
    (
        "a partial outcome for a lookup of one record",
        lambda: EMPLOYEE_LOOKUP.model_copy(update={"outcomes": tuple(Outcome)}),
        "case 3 (the outcome classes): outcomes success, empty, partial, access_failure: not "
        "the classes the text says this tool can produce",
        (),
    ),
    (
        "the manager as a bool",
        lambda: _with_field(EMPLOYEE_LOOKUP, "manager", type=FieldType.BOOL),
        "case 7 (manager): manager: type bool is not what the text says it holds",
        ("str",),
    ),
    (
        "the manager as a plain field: its out-of-scope state lost",
        lambda: _with_field(EMPLOYEE_LOOKUP, "manager", plain=True, not_applicable=()),
        "case 7 (manager): manager: plain=True, but the text says it can be not applicable",
        ("out_of_scope",),
    ),
    (
        "the table as JSON text instead of a table",
        lambda: EMPLOYEE_LOOKUP.to_json(),
        "case 1 (the table's problems): expected an OutcomeTable, got str",
        (),
    ),
]


def test_an_unfinished_employee_table_is_todo() -> None:
    """A stub that still raises NotImplementedError is TODO, not FAIL."""

    def employee_table() -> OutcomeTable:
        raise NotImplementedError()

    assert repr(check("09.1", employee_table)) == ("[TODO] 09.1 employee_table: not attempted yet")


WRONG_092: list[tuple[str, Callable[[], object], str, tuple[str, ...]]] = [
    (
        "the draft handed back unchanged",
        lambda: FLIGHT_STATUS_DRAFT,
        "case 1 (the table's problems): the table has problems: delayed: no state",
        ("gate_changed", "report_unknown"),
    ),
    (
        "the duplicate renamed to something else",
        lambda: _with_field(FLIGHT_STATUS, "gate_changed", name="gate_2"),
        "case 4 (the fields): no field named 'gate_changed'",
        (),
    ),
    (
        "crew notes escalated instead of reported",
        lambda: _with_field(
            FLIGHT_STATUS,
            "crew_notes",
            not_applicable=_route(NAReason.NO_PERMISSION, NextAction.ESCALATE),
        ),
        "case 8 (crew_notes): crew_notes: not_applicable(no_permission) → escalate is not what "
        "comes next",
        ("report_unknown",),
    ),
    (
        "crew notes asking for a scope that is never granted",
        lambda: _with_field(
            FLIGHT_STATUS,
            "crew_notes",
            not_applicable=_route(NAReason.NO_PERMISSION, NextAction.ASK_FOR_SCOPE),
        ),
        "case 8 (crew_notes): crew_notes: not_applicable(no_permission) → ask_for_scope is not "
        "what comes next",
        ("report_unknown",),
    ),
    (
        "delayed fixed by dropping the timeout instead of declaring it",
        lambda: _with_field(FLIGHT_STATUS, "delayed", not_applicable=()),
        "case 5 (delayed): delayed: a reason the text describes is missing",
        ("fetch_failed",),
    ),
    (
        "an empty outcome added",
        lambda: FLIGHT_STATUS.model_copy(
            update={"outcomes": (Outcome.SUCCESS, Outcome.EMPTY, Outcome.ACCESS_FAILURE)}
        ),
        "case 3 (the outcome classes): outcomes success, empty, access_failure: not the classes",
        (),
    ),
]


HINTS = {"09.1": HINT_091, "09.2": HINT_092}
WRONG = [
    pytest.param(exercise, answer, message, secrets, id=f"{exercise} {what}")
    for exercise, wrong in (("09.1", WRONG_091), ("09.2", WRONG_092))
    for what, answer, message, secrets in wrong
]


@pytest.mark.parametrize(("exercise", "answer", "message", "secrets"), WRONG)
def test_wrong_tables_fail_with_the_hint_and_not_the_answer(
    exercise: str, answer: Callable[[], object], message: str, secrets: tuple[str, ...]
) -> None:
    """Each wrong table fails at the part it gets wrong, with the hint and not the answer."""
    line = repr(check(exercise, answer))
    assert line.startswith(f"[FAIL] {exercise} <lambda>: ")
    assert message in line
    assert HINTS[exercise] in line
    for secret in secrets:
        assert secret not in line.split("; ", 1)[1], secret


def test_the_reference_tables_pass() -> None:
    """The tables the notebook's text describes pass every case (the notebook shows the same)."""
    assert repr(check("09.1", lambda: EMPLOYEE_LOOKUP)) == "[PASS] 09.1 <lambda>: 9/9 cases"
    assert repr(check("09.2", lambda: FLIGHT_STATUS)) == "[PASS] 09.2 <lambda>: 9/9 cases"
    assert EMPLOYEE_LOOKUP.case_count == 11
    assert FLIGHT_STATUS.case_count == 10
