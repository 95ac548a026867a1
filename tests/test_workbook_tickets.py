"""Notebook 03's teaching aids: the ticket vocabulary, its displays, and the checks of 03.1–03.3."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from pydantic import ValidationError

from tool_outcomes import FieldStatus, NAReason, TriState, not_applicable, present, validate_fields
from tool_outcomes.workbook import CheckStatus, check
from tool_outcomes.workbook.nb03.exercises import T2_FIELDS
from tool_outcomes.workbook.nb03.tickets import TICKET_FIELDS, Action, states_table, to_payload

# -- to_payload ----------------------------------------------------------------------------------


def test_payload_puts_identifiers_first_and_fields_in_sibling_status_form() -> None:
    """Identifiers stay plain; each field becomes its JSON status object, n/a with a null value."""
    payload = to_payload(
        {"resolved": present(False), "refund_issued": not_applicable(NAReason.NO_PERMISSION)},
        ticket_id="t_1",
    )
    assert list(payload) == ["ticket_id", "resolved", "refund_issued"]
    assert payload["resolved"] == {"status": "present", "value": False, "reason": None}
    assert payload["refund_issued"] == {
        "status": "not_applicable",
        "value": None,
        "reason": "no_permission",
    }
    assert validate_fields(payload) == []


@pytest.mark.parametrize("bare", [False, None, "", {"status": "present", "value": True}], ids=repr)
def test_payload_refuses_a_field_that_is_not_a_tristate(bare: object) -> None:
    """A bare value where a three-state field belongs is a TypeError naming the field."""
    with pytest.raises(TypeError, match=r"^account_manager: expected present"):
        to_payload({"account_manager": bare})  # type: ignore[dict-item]


def test_payload_refuses_a_name_used_twice() -> None:
    """A name that is both an identifier and a field would silently lose one of them."""
    with pytest.raises(ValueError, match="resolved: both an identifier and a field"):
        to_payload({"resolved": present(True)}, resolved="yes")


# -- states_table --------------------------------------------------------------------------------


def test_states_table_shows_wire_values_and_aligned_columns() -> None:
    """Values print as JSON, a missing reason as '-', and every column lines up."""
    table = states_table(
        [
            ("resolved", present(False), "still open"),
            ("account_manager", present("dana@example.com"), "business account"),
            ("customer_vip", not_applicable(NAReason.FETCH_FAILED), "VIP service timed out"),
        ]
    )
    lines = table.splitlines()
    assert lines[0].split() == ["field", "status", "value", "reason", "when"]
    assert set(lines[1]) == {"-", " "}
    assert lines[2].split() == ["resolved", "present", "false", "-", "still", "open"]
    assert '"dana@example.com"' in lines[3]
    assert lines[4].split()[:4] == ["customer_vip", "not_applicable", "null", "fetch_failed"]
    starts = {line.index(line.split()[1]) for line in (lines[0], *lines[2:])}
    assert len(starts) == 1, "the status column starts at the same place on every line"
    assert all(line == line.rstrip() for line in lines)


def test_states_table_of_nothing_is_the_header() -> None:
    """No rows still gives a readable header and rule, not an error."""
    header = states_table([]).splitlines()[0]
    assert header.split() == ["field", "status", "value", "reason", "when"]


# -- the actions ---------------------------------------------------------------------------------


def test_actions_are_a_closed_set_of_strings() -> None:
    """The agent's next steps are exactly these five, each a string on the wire."""
    assert [a.value for a in Action] == [
        "use_value",
        "ask_for_scope",
        "retry_once_then_drop",
        "drop_question",
        "reject_field",
    ]
    with pytest.raises(ValueError, match="'escalate' is not a valid Action"):
        Action("escalate")


# -- the checks of notebook 03 -------------------------------------------------------------------

ROUTE: dict[NAReason, Action] = {
    NAReason.FETCH_FAILED: Action.RETRY_ONCE_THEN_DROP,
    NAReason.NO_PERMISSION: Action.ASK_FOR_SCOPE,
    NAReason.NOT_REQUESTED: Action.DROP_QUESTION,
    NAReason.OUT_OF_SCOPE: Action.DROP_QUESTION,
}


def route_by_validator(field_name: str, field: object) -> Action:
    """The notebook's solution: validate_fields (naming the field) first, then state, reason."""
    if validate_fields({field_name: field}, fields=[field_name]):
        return Action.REJECT_FIELD
    assert isinstance(field, Mapping)  # fields= refused anything else
    if field["status"] == FieldStatus.PRESENT:
        return Action.USE_VALUE
    return ROUTE[NAReason(field["reason"])]


def route_by_validator_without_fields(field_name: str, field: object) -> Action:
    """What the old prose led to: validate_fields skips an object that has no status at all."""
    if not isinstance(field, Mapping) or validate_fields({field_name: field}):
        return Action.REJECT_FIELD
    if field["status"] == FieldStatus.PRESENT:
        return Action.USE_VALUE
    return ROUTE[NAReason(field["reason"])]


def route_by_model(field_name: str, field: object) -> Action:
    """Another honest solution: let the TriState model refuse what it cannot represent."""
    try:
        state = TriState[Any].model_validate(field)
    except ValidationError:
        return Action.REJECT_FIELD
    return Action.USE_VALUE if state.reason is None else ROUTE[state.reason]


def route_without_validating(field_name: str, field: Any) -> Action:
    """The bug 03.2 exists to catch: trusting the status without checking the field."""
    if field["status"] == "present":
        return Action.USE_VALUE
    return ROUTE[NAReason(field["reason"])]


def t2_response() -> dict[str, Any]:
    """The right answer to 03.1, built from the exercise's own table."""
    return to_payload({name: state for name, _, state in T2_FIELDS}, ticket_id="t_2")


def test_the_routing_exercise_accepts_both_honest_solutions() -> None:
    """Validating with validate_fields or with the TriState model passes every hidden case."""
    assert check("03.2", route_by_validator).status is CheckStatus.PASS
    assert check("03.2", route_by_model).status is CheckStatus.PASS


@pytest.mark.parametrize(
    ("answer", "fragment"),
    [
        (route_without_validating, "a bare false"),
        (route_by_validator_without_fields, "an object with no status): raised KeyError"),
        (lambda name, field: "use_value", "(a str, not Action)"),
        (lambda name, field: Action.USE_VALUE, "no_permission"),
    ],
    ids=[
        "trusts the status",
        "skips objects without status",
        "plain strings",
        "always uses the value",
    ],
)
def test_the_routing_exercise_fails_dishonest_solutions(answer: object, fragment: str) -> None:
    """Skipping validation, answering with strings, or ignoring the reason each fail the check."""
    result = check("03.2", answer)
    assert result.status is CheckStatus.FAIL
    assert fragment in repr(result)


def test_the_encoding_exercise_accepts_json_or_tristate_fields() -> None:
    """03.1 passes for the JSON payload and for the same fields left as TriState objects."""
    as_tristates = {"ticket_id": "t_2"} | {name: state for name, _, state in T2_FIELDS}
    assert check("03.1", t2_response).status is CheckStatus.PASS
    assert check("03.1", lambda: as_tristates).status is CheckStatus.PASS


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"refund_issued": present(False)}, "a value nobody observed"),
        ({"customer_vip": not_applicable(NAReason.OUT_OF_SCOPE)}, "right state, wrong reason"),
        ({"resolved": present(True)}, "not what the source said"),
        ({"resolved": not_applicable(NAReason.FETCH_FAILED)}, "the tool did read this field"),
        ({"account_manager": False}, "account_manager is False, not a three-state field"),
        ({"ticket_id": "t_1"}, "ticket_id should be 't_2'"),
    ],
    ids=["false for no permission", "wrong reason", "wrong value", "n/a for a read", "bare", "id"],
)
def test_the_encoding_exercise_names_what_is_wrong_without_the_answer(
    change: dict[str, object], fragment: str
) -> None:
    """Each kind of mistake fails with a message about the learner's value, never the fix."""
    response = t2_response() | change
    result = check("03.1", lambda: response)
    assert result.status is CheckStatus.FAIL
    assert fragment in repr(result)
    assert "not_applicable('no_permission')" not in repr(result)


def test_the_t2_answer_has_every_field_and_validates() -> None:
    """The exercise's own answer covers the four ticket fields and is a clean response."""
    assert tuple(name for name, _, _ in T2_FIELDS) == TICKET_FIELDS
    assert validate_fields(t2_response()) == []
    assert {state.status for _, _, state in T2_FIELDS} == set(FieldStatus)


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        ({"refund_issued", "account_manager"}, CheckStatus.PASS),
        (["account_manager", "refund_issued"], CheckStatus.PASS),
        ({"refund_issued"}, CheckStatus.FAIL),
        ({"refund_issued", "account_manager", "resolved"}, CheckStatus.FAIL),
        ({"billing_country"}, CheckStatus.FAIL),
        ("refund_issued", CheckStatus.FAIL),
        (..., CheckStatus.TODO),
    ],
    ids=["set", "list", "one missing", "one too many", "unknown field", "a string", "stub"],
)
def test_the_misreport_exercise_wants_exactly_the_lying_fields(
    answer: object, status: CheckStatus
) -> None:
    """03.3 passes only for the two fields that contradict the log, in any collection."""
    assert check("03.3", answer).status is status
