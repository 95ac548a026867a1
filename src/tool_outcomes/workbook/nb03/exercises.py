"""Exercises of notebook 03 (registered on import by :mod:`tool_outcomes.workbook.exercises`).

* 03.1 ``ticket_t2``: encode the ticket response the notebook describes in prose; checked for
  shape, a clean ``validate_fields``, and the state and reason of each of the four fields.
* 03.2 ``next_action``: route one field of a JSON response to an :class:`Action`; checked on
  hidden cases, valid and broken fields alike.
* 03.3 ``misreported``: name the fields of a response that validates clean but contradicts the
  upstream log (the validator checks that states agree, never that they are true).

Failure messages say what is wrong with the learner's value, never what the right one is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from pydantic import ValidationError

from tool_outcomes.fields import NAReason, TriState, not_applicable, present, validate_fields
from tool_outcomes.workbook.checks import AnswerKind, Case, exercise

from .tickets import TICKET_FIELDS, Action

__all__: list[str] = []  # nothing to import from here: the definitions register themselves


# -- 03.1 encode a ticket ------------------------------------------------------------------------

T2_ID = "t_2"
#: Ticket t_2 as the notebook describes it: each field, what happened upstream, the right state.
T2_FIELDS: tuple[tuple[str, str, TriState[Any]], ...] = (
    ("resolved", "the ticket is still open", present(False)),
    ("refund_issued", "the token lacks billing:read", not_applicable(NAReason.NO_PERMISSION)),
    ("customer_vip", "the VIP service timed out", not_applicable(NAReason.FETCH_FAILED)),
    ("account_manager", "an individual customer", not_applicable(NAReason.OUT_OF_SCOPE)),
)


def _as_json(value: object) -> object:
    """A field as it goes on the wire: a TriState is dumped, anything else is taken as is."""
    return value.model_dump(mode="json") if isinstance(value, TriState) else value


def _response(result: object) -> dict[str, object]:
    if not isinstance(result, Mapping):
        raise TypeError(f"expected a dict (the JSON response), got {type(result).__name__}")
    return {str(k): _as_json(v) for k, v in result.items()}


def _t2_shape(result: object) -> str | None:
    if not isinstance(result, Mapping):
        return f"expected a dict (the JSON response), got {type(result).__name__}"
    response = _response(result)
    if response.get("ticket_id") != T2_ID:
        return f"ticket_id should be {T2_ID!r}, got {response.get('ticket_id')!r}"
    missing = [name for name in TICKET_FIELDS if name not in response]
    if missing:
        return f"no {missing[0]!r} field"
    extra = sorted(set(response) - {"ticket_id", *TICKET_FIELDS})
    return f"unexpected entry {extra[0]!r}" if extra else None


def _t2_clean(result: object) -> str | None:
    response = _response(result)
    bare = [name for name in TICKET_FIELDS if not isinstance(response.get(name), Mapping)]
    if bare:
        return f"{bare[0]} is {response.get(bare[0])!r}, not a three-state field"
    errors = validate_fields(response)
    return f"validate_fields says {errors[0]!r}" if errors else None


def _t2_field(name: str, expected: TriState[Any]) -> Callable[[object], str | None]:
    def verify(result: object) -> str | None:
        raw = _response(result).get(name)
        try:
            got = TriState[Any].model_validate(raw)
        except ValidationError:
            return f"{raw!r} is not a valid three-state field"
        if got == expected:
            return None
        if expected.is_present and not got.is_present:
            return f"got {got!r}, but the tool did read this field"
        if expected.is_present:
            return f"got {got!r}, which is not what the source said"
        if got.is_present:
            return f"got {got!r}: a value nobody observed"
        return f"got {got!r}: right state, wrong reason"

    return verify


@exercise(
    "03.1",
    name="ticket_t2",
    hint=(
        "for each field ask: was it read, was the caller allowed to see it, does it exist for "
        "this customer, did the source answer? Only a field that was read has a value"
    ),
    why=(
        "A field is present only when it was read; otherwise it is not_applicable with the reason "
        "that tells the agent what to do next."
    ),
)
def _ticket_t2() -> Iterator[Case]:
    yield Case(verify=_t2_shape, describe="the response's entries")
    yield Case(verify=_t2_clean, describe="validate_fields on the response")
    for name, situation, state in T2_FIELDS:
        yield Case(verify=_t2_field(name, state), describe=f"{name}: {situation}")


# -- 03.2 route one field ------------------------------------------------------------------------

_FALSE_IS_AN_ANSWER = "false is an answer the source gave: it is used like any other value"
_BROKEN = "validate the field first: a field that breaks the contract is never acted on"

#: (field name, field as JSON, what it is, the next action, a hint for this case or None).
_ROUTING: tuple[tuple[str, object, str, Action, str | None], ...] = (
    (
        "resolved",
        {"status": "present", "value": True, "reason": None},
        "present and true",
        Action.USE_VALUE,
        None,
    ),
    (
        "customer_vip",
        {"status": "present", "value": False, "reason": None},
        "present and false",
        Action.USE_VALUE,
        _FALSE_IS_AN_ANSWER,
    ),
    (
        "account_manager",
        {"status": "present", "value": "dana@example.com"},
        "present, with no reason key",
        Action.USE_VALUE,
        None,
    ),
    (
        "refund_issued",
        {"status": "not_applicable", "value": None, "reason": "no_permission"},
        "no_permission",
        Action.ASK_FOR_SCOPE,
        "retrying without the scope gets the same refusal",
    ),
    (
        "customer_vip",
        {"status": "not_applicable", "value": None, "reason": "fetch_failed"},
        "fetch_failed",
        Action.RETRY_ONCE_THEN_DROP,
        None,
    ),
    (
        "customer_vip",
        {"status": "not_applicable", "reason": "fetch_failed"},
        "fetch_failed, with no value key",
        Action.RETRY_ONCE_THEN_DROP,
        "a missing value key on a not-applicable field is fine: null is the default",
    ),
    (
        "account_manager",
        {"status": "not_applicable", "value": None, "reason": "out_of_scope"},
        "out_of_scope",
        Action.DROP_QUESTION,
        "there is nothing to retry and nobody to escalate to",
    ),
    (
        "refund_issued",
        {"status": "not_applicable", "value": None, "reason": "not_requested"},
        "not_requested",
        Action.DROP_QUESTION,
        None,
    ),
    (
        "account_manager",
        False,
        "a bare false",
        Action.REJECT_FIELD,
        "a bare false has no status to route on: it is not a three-state field",
    ),
    ("resolved", None, "a bare null", Action.REJECT_FIELD, None),
    (
        "account_manager",
        {"email": "dana@example.com"},
        "an object with no status",
        Action.REJECT_FIELD,
        "an object without status, value or reason is not a three-state field either: "
        "validate_fields reports it only when fields= names it",
    ),
    (
        "account_manager",
        {"status": "not_applicable", "value": False, "reason": "fetch_failed"},
        "not applicable, carrying false",
        Action.REJECT_FIELD,
        _BROKEN,
    ),
    (
        "refund_issued",
        {"status": "present", "value": False, "reason": "no_permission"},
        "present, carrying a reason",
        Action.REJECT_FIELD,
        _BROKEN,
    ),
    (
        "resolved",
        {"status": "maybe", "value": True},
        "an unknown status",
        Action.REJECT_FIELD,
        None,
    ),
    (
        "customer_vip",
        {"status": "not_applicable", "value": None, "reason": "busy"},
        "an unknown reason",
        Action.REJECT_FIELD,
        None,
    ),
)


@exercise(
    "03.2",
    name="next_action",
    hint=(
        "check the field first with validate_fields({field_name: field}, fields=[field_name]), "
        "which also refuses anything that is not a status object; "
        "a present field's value is used; a not-applicable one is routed by its reason"
    ),
    why=(
        "The next action follows from the field's state and reason, not from its value alone: a "
        "present false is an answer, a not_applicable is a reason to ask, wait or stop."
    ),
)
def _next_action() -> Iterator[Case]:
    for name, field, what, action, hint in _ROUTING:
        yield Case(args=(name, field), expected=action, describe=f"{name}, {what}", hint=hint)


# -- 03.3 the lie the validator cannot see -------------------------------------------------------

#: The fields of ticket t_3's response whose state contradicts the upstream log.
T3_MISREPORTED = frozenset({"refund_issued", "account_manager"})


def _misreported(result: object) -> str | None:
    if not isinstance(result, set | frozenset | list | tuple) or not all(
        isinstance(name, str) for name in result
    ):
        return f"expected a set of field names, got {result!r}"
    named = set(result)
    unknown = sorted(named - set(TICKET_FIELDS))
    if unknown:
        return f"{unknown[0]!r} is not a field of the ticket"
    truthful = sorted(named - T3_MISREPORTED)
    if truthful:
        return f"{truthful[0]!r} is in your set, but its state agrees with the log"
    if named != T3_MISREPORTED:
        return "your set misses a field whose state contradicts the log"
    return None


@exercise(
    "03.3",
    name="misreported",
    hint="compare each field with what the log says happened upstream, not with the validator",
    answer=AnswerKind.VALUE,
    why=(
        "A record can validate and still misreport: the validator checks the shape, the upstream "
        "log tells what happened."
    ),
)
def _misreported_fields() -> Iterator[Case]:
    yield Case(verify=_misreported, describe="the fields of t_3 that misreport the log")
