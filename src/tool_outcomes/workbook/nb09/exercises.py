"""Exercises of notebook 09, the outcome-table builder: design the table of a new tool.

Both exercises hand in a function that returns an :class:`~tool_outcomes.design.OutcomeTable`.
The cases compare it with the table the notebook's text describes, part by part (problems,
tool, outcomes, fields, each field, the count), and say what is off without saying what is
right: a missing reason is "missing", never named.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from tool_outcomes.design import FieldDesign, FieldType, NextAction, OutcomeTable, Route
from tool_outcomes.envelope import Outcome
from tool_outcomes.fields import NAReason
from tool_outcomes.workbook.checks import Case, exercise

__all__ = ["EMPLOYEE_LOOKUP", "FLIGHT_STATUS", "FLIGHT_STATUS_DRAFT"]

#: 09.1: the HR assistant's employee lookup, as the notebook describes it (11 cases).
EMPLOYEE_LOOKUP = OutcomeTable(
    tool="employee_lookup",
    outcomes=(Outcome.SUCCESS, Outcome.EMPTY, Outcome.ACCESS_FAILURE),
    fields=(
        FieldDesign(
            name="on_leave",
            not_applicable=(
                Route(reason=NAReason.FETCH_FAILED, action=NextAction.RETRY_ONCE_THEN_REPORT),
            ),
        ),
        FieldDesign(
            name="salary_band",
            type=FieldType.STR,
            not_applicable=(Route(reason=NAReason.NO_PERMISSION, action=NextAction.ASK_FOR_SCOPE),),
        ),
        FieldDesign(
            name="manager",
            type=FieldType.STR,
            not_applicable=(
                Route(reason=NAReason.OUT_OF_SCOPE, action=NextAction.SAY_NOT_APPLICABLE),
            ),
        ),
        FieldDesign(
            name="badge_active",
            not_applicable=(
                Route(reason=NAReason.FETCH_FAILED, action=NextAction.RETRY_ONCE_THEN_DROP),
                Route(reason=NAReason.NOT_REQUESTED, action=NextAction.REQUERY_WITH_FIELD),
            ),
        ),
    ),
)

#: 09.2: a colleague's draft of the flight-status tool, with four problems (notebook text).
FLIGHT_STATUS_DRAFT = OutcomeTable(
    tool="flight_status",
    outcomes=(Outcome.SUCCESS, Outcome.ACCESS_FAILURE),
    fields=(
        FieldDesign(name="delayed", present=False),
        FieldDesign(
            name="gate",
            type=FieldType.STR,
            not_applicable=(Route(reason=NAReason.FETCH_FAILED),),
        ),
        FieldDesign(
            name="gate",
            not_applicable=(
                Route(reason=NAReason.FETCH_FAILED, action=NextAction.RETRY_ONCE_THEN_DROP),
            ),
        ),
        FieldDesign(
            name="crew_notes",
            type=FieldType.STR,
            not_applicable=(
                Route(reason=NAReason.NO_PERMISSION, action=NextAction.RETRY_ONCE_THEN_REPORT),
            ),
        ),
    ),
)

#: 09.2: the draft, fixed as the notebook's text intends (10 cases).
FLIGHT_STATUS = OutcomeTable(
    tool="flight_status",
    outcomes=(Outcome.SUCCESS, Outcome.ACCESS_FAILURE),
    fields=(
        FieldDesign(
            name="delayed",
            not_applicable=(
                Route(reason=NAReason.FETCH_FAILED, action=NextAction.RETRY_ONCE_THEN_REPORT),
            ),
        ),
        FieldDesign(
            name="gate",
            type=FieldType.STR,
            not_applicable=(
                Route(reason=NAReason.FETCH_FAILED, action=NextAction.RETRY_ONCE_THEN_DROP),
            ),
        ),
        FieldDesign(
            name="gate_changed",
            not_applicable=(
                Route(reason=NAReason.FETCH_FAILED, action=NextAction.RETRY_ONCE_THEN_DROP),
            ),
        ),
        FieldDesign(
            name="crew_notes",
            type=FieldType.STR,
            not_applicable=(
                Route(reason=NAReason.NO_PERMISSION, action=NextAction.REPORT_UNKNOWN),
            ),
        ),
    ),
)

Verify = Callable[[object], str | None]


def _on_table(verify: Callable[[OutcomeTable], str | None]) -> Verify:
    """Refuse anything but a table before looking at it."""

    def checked(result: object) -> str | None:
        if not isinstance(result, OutcomeTable):
            return f"expected an OutcomeTable, got {type(result).__name__}"
        return verify(result)

    return checked


def _no_problems(table: OutcomeTable) -> str | None:
    problems = table.problems()
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        return f"the table has problems: {problems[0]}{more}"
    return None


def _tool(expected: str) -> Verify:
    def verify(table: OutcomeTable) -> str | None:
        return None if table.tool == expected else f"tool {table.tool!r} is not the tool's name"

    return _on_table(verify)


def _outcomes(expected: tuple[Outcome, ...]) -> Verify:
    def verify(table: OutcomeTable) -> str | None:
        if set(table.outcomes) == set(expected):
            return None
        got = ", ".join(o.value for o in table.outcomes) or "none"
        return f"outcomes {got}: not the classes the text says this tool can produce"

    return _on_table(verify)


def _field_names(expected: OutcomeTable) -> Verify:
    def verify(table: OutcomeTable) -> str | None:
        names = [f.name for f in table.fields]
        wanted = [f.name for f in expected.fields]
        missing = [name for name in wanted if name not in names]
        if missing:
            return f"no field named {missing[0]!r}"
        extra = [name for name in names if name not in wanted]
        return f"{extra[0]!r} is not one of the tool's fields" if extra else None

    return _on_table(verify)


def _field(expected: FieldDesign) -> Verify:
    name = expected.name

    def verify(table: OutcomeTable) -> str | None:
        got = next((f for f in table.fields if f.name == name), None)
        if got is None:
            return f"no field named {name!r}"
        if got.type is not expected.type:
            return f"{name}: type {got.type.value} is not what the text says it holds"
        if got.plain is not expected.plain:
            states = "it can be not applicable" if got.plain else "it is always there"
            return f"{name}: plain={got.plain}, but the text says {states}"
        if got.present is not expected.present:
            return f"{name}: present={got.present}, but the text says otherwise"
        extra = [r for r in got.reasons() if r not in expected.reasons()]
        if extra:
            return f"{name}: not_applicable({extra[0].value}) cannot happen to it, says the text"
        if len(got.reasons()) < len(expected.reasons()):
            return f"{name}: a reason the text describes is missing"
        for reason in expected.reasons():
            route, wanted = got.route(reason), expected.route(reason)
            assert route is not None  # its reasons are the expected ones, checked above
            assert wanted is not None
            if route.action is not wanted.action:
                chosen = "no action" if route.action is None else route.action.value
                return f"{name}: not_applicable({reason.value}) → {chosen} is not what comes next"
        return None

    return _on_table(verify)


def _count(expected: int) -> Verify:
    def verify(table: OutcomeTable) -> str | None:
        count = table.case_count
        return None if count == expected else f"{count} cases is not the real count"

    return _on_table(verify)


def _design_cases(expected: OutcomeTable) -> Iterator[Case]:
    yield Case(verify=_on_table(_no_problems), describe="the table's problems")
    yield Case(verify=_tool(expected.tool), describe="the tool's name")
    yield Case(verify=_outcomes(expected.outcomes), describe="the outcome classes")
    yield Case(verify=_field_names(expected), describe="the fields")
    for field in expected.fields:
        yield Case(verify=_field(field), describe=field.name)
    yield Case(verify=_count(expected.case_count), describe="the case count")


@exercise(
    "09.1",
    name="employee_table",
    hint=(
        "walk each field through the text: what its value is, which of the four reasons "
        "can really happen to it, and what the agent does next for each"
    ),
)
def _employee_table() -> Iterator[Case]:
    yield from _design_cases(EMPLOYEE_LOOKUP)


@exercise(
    "09.2",
    name="fixed_flight_table",
    hint=(
        "each problem names a field and a rule; fix it the way the text intends, and keep "
        "what the draft already gets right"
    ),
)
def _fixed_flight_table() -> Iterator[Case]:
    yield from _design_cases(FLIGHT_STATUS)
