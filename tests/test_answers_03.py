"""Notebook 03's exercises turn down the wrong answers a participant would plausibly try."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tool_outcomes import FieldStatus, NAReason, TriState, not_applicable, present, validate_fields
from tool_outcomes.workbook.nb03.tickets import Action, to_payload
from wrong_answers import assert_fails, assert_passes

T2: dict[str, TriState[Any]] = {
    "resolved": present(False),
    "refund_issued": not_applicable(NAReason.NO_PERMISSION),
    "customer_vip": not_applicable(NAReason.FETCH_FAILED),
    "account_manager": not_applicable(NAReason.OUT_OF_SCOPE),
}

ROUTE_BY_REASON = {
    NAReason.FETCH_FAILED: Action.RETRY_ONCE_THEN_DROP,
    NAReason.NO_PERMISSION: Action.ASK_FOR_SCOPE,
    NAReason.NOT_REQUESTED: Action.DROP_QUESTION,
    NAReason.OUT_OF_SCOPE: Action.DROP_QUESTION,
}


def next_action(
    field_name: str, field: Any, *, routes: dict[NAReason, Action] | None = None
) -> Action:
    """The reference answer to 03.2; ``routes`` swaps in a participant's routing table."""
    if validate_fields({field_name: field}, fields=[field_name]):
        return Action.REJECT_FIELD
    if field["status"] == FieldStatus.PRESENT:
        return Action.USE_VALUE
    return (routes or ROUTE_BY_REASON)[NAReason(field["reason"])]


def test_the_reference_answers_pass() -> None:
    """The notebook's answers pass, so the failures below are about what each answer gets wrong."""
    assert_passes("03.1", lambda: to_payload(T2, ticket_id="t_2"))
    assert_passes("03.2", next_action)
    assert_passes("03.3", {"refund_issued", "account_manager"})


def _t2(**changes: TriState[Any]) -> Callable[[], dict[str, Any]]:
    return lambda: to_payload(T2 | changes, ticket_id="t_2")


WRONG_T2: list[tuple[str, Callable[[], object], str]] = [
    (
        "the-naive-tool-all-false",
        _t2(
            refund_issued=present(False),
            customer_vip=present(False),
            account_manager=present(False),
        ),
        "refund_issued: the token lacks billing:read",
    ),
    (
        "every-missing-field-fetch-failed",
        _t2(
            refund_issued=not_applicable(NAReason.FETCH_FAILED),
            account_manager=not_applicable(NAReason.FETCH_FAILED),
        ),
        "right state, wrong reason",
    ),
    (
        "billing-not-requested",
        _t2(refund_issued=not_applicable(NAReason.NOT_REQUESTED)),
        "right state, wrong reason",
    ),
    ("vip-timeout-as-no", _t2(customer_vip=present(False)), "a value nobody observed"),
    (
        "open-ticket-as-unknown",
        _t2(resolved=not_applicable(NAReason.FETCH_FAILED)),
        "the tool did read this field",
    ),
    ("open-ticket-as-resolved", _t2(resolved=present(True)), "not what the source said"),
    ("no-ticket-id", lambda: to_payload(T2), "ticket_id should be"),
    (
        "bare-values",
        lambda: {"ticket_id": "t_2", "resolved": False, **dict.fromkeys(list(T2)[1:])},
        "not a three-state field",
    ),
]


@pytest.mark.parametrize(
    ("answer", "caught_by"),
    [pytest.param(answer, caught_by, id=name) for name, answer, caught_by in WRONG_T2],
)
def test_03_1_turns_down_wrong_tickets(answer: Callable[[], object], caught_by: str) -> None:
    """A false nobody observed, a wrong reason, a missing id or bare values: each fails."""
    assert_fails("03.1", answer, caught_by=caught_by, hides=("no_permission')", "out_of_scope')"))


def _routes(**changes: Action) -> dict[NAReason, Action]:
    return ROUTE_BY_REASON | {NAReason(reason): action for reason, action in changes.items()}


def _no_validation(field_name: str, field: Any) -> Action:
    if field["status"] == "present":
        return Action.USE_VALUE
    return ROUTE_BY_REASON[NAReason(field["reason"])]


def _false_is_not_an_answer(field_name: str, field: Any) -> Action:
    action = next_action(field_name, field)
    if action is Action.USE_VALUE and field["value"] is False:
        return Action.DROP_QUESTION
    return action


WRONG_ROUTES: list[tuple[str, Callable[[str, Any], object], str]] = [
    ("hard-coded-use-value", lambda name, field: Action.USE_VALUE, "no_permission"),
    ("no-validation-first", _no_validation, "a bare false"),
    ("false-is-dropped", _false_is_not_an_answer, "present and false"),
    (
        "retries-a-refusal",
        lambda name, field: next_action(
            name, field, routes=_routes(no_permission=Action.RETRY_ONCE_THEN_DROP)
        ),
        "retrying without the scope gets the same refusal",
    ),
    (
        "asks-for-what-was-not-requested",
        lambda name, field: next_action(
            name, field, routes=_routes(not_requested=Action.ASK_FOR_SCOPE)
        ),
        "not_requested",
    ),
    (
        "escalates-out-of-scope",
        lambda name, field: next_action(
            name, field, routes=_routes(out_of_scope=Action.ASK_FOR_SCOPE)
        ),
        "nothing to retry and nobody to escalate to",
    ),
    ("a-string-not-the-enum", lambda name, field: next_action(name, field).value, "a str"),
]


@pytest.mark.parametrize(
    ("answer", "caught_by"),
    [pytest.param(answer, caught_by, id=name) for name, answer, caught_by in WRONG_ROUTES],
)
def test_03_2_turns_down_wrong_routings(
    answer: Callable[[str, Any], object], caught_by: str
) -> None:
    """Hard-coding, skipping validation, dropping a real false or a wrong route per reason fail."""
    assert_fails("03.2", answer, caught_by=caught_by)


@pytest.mark.parametrize(
    ("answer", "caught_by"),
    [
        ({"account_manager"}, "misses a field"),
        ({"refund_issued"}, "misses a field"),
        ({"refund_issued", "account_manager", "customer_vip"}, "'customer_vip' is in your set"),
        (set(), "misses a field"),
        ({"billing"}, "'billing' is not a field"),
        ("refund_issued", "expected a set of field names"),
    ],
)
def test_03_3_turns_down_wrong_field_sets(answer: object, caught_by: str) -> None:
    """Too few, too many, unknown names or a bare string fail without naming the right fields."""
    hides = ("'refund_issued' is", "'account_manager' is")
    assert_fails("03.3", answer, caught_by=caught_by, hides=hides)
