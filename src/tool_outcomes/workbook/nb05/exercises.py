"""Exercises of notebook 05 (registered on import by :mod:`tool_outcomes.workbook.exercises`).

* ``05.1 repair_or_reject`` — a value: for each payload of :data:`PAYLOADS`, the class
  :func:`~tool_outcomes.repair` returns for it against
  :class:`~tool_outcomes.workbook.nb05.stock_lookup.StockLevel` (``Repaired`` or ``Rejection``),
  predicted before running it. The expected classes come from ``repair`` itself; case 1 checks
  the answer's form (a dict of every payload name to one of the two classes), so that a type or
  key mistake gets a hint of its own.
* ``05.2 stock_level_v2`` — a function returning a model class: ``StockLevel`` again, taught that
  version 2 of the warehouse API renamed ``unit_price`` to ``price_eur``. The check runs ``repair``
  with the learner's model over old and new replies, and over replies that must still be rejected,
  and validates a version 1 reply with the model alone (``repair`` also finds a field under its
  own name; other code does not).

Failure lines say what is wrong with the learner's answer, never what the right one is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from types import MappingProxyType
from typing import Any

from pydantic import BaseModel, ValidationError

from tool_outcomes._text import clip
from tool_outcomes.envelope import RepairKind
from tool_outcomes.repair import Rejection, Repaired, repair
from tool_outcomes.workbook.checks import AnswerKind, Case, exercise

from .stock_lookup import StockLevel

__all__ = ["DIRECT_HINT", "PAYLOADS", "UNKNOWN_FIELD_HINT", "V2_FIELD", "V2_REPLIES"]

# -- 05.1 ----------------------------------------------------------------------------------------

_RECORD = {"sku": "C-7", "quantity": 7, "unit_price": 3.0, "discontinued": False}

#: The replies 05.1 shows, by name, with a hint for a wrong prediction about each.
_PAYLOADS_AND_HINTS: tuple[tuple[str, object, str], ...] = (
    (
        "a",
        {"sku": "C-7", "qty": 4, "unit_price": 2.5, "discontinued": False},
        "read the model's declaration: under which names may quantity arrive?",
    ),
    (
        "b",
        [dict(_RECORD)],
        "repair wraps a lone object where a list is declared; what would the opposite have to "
        "choose?",
    ),
    (
        "c",
        {"sku": "C-7", "quantity": "7", "unit_price": "3", "discontinued": True},
        "numbers written as text: would reading them change any value?",
    ),
    (
        "d",
        {"sku": "C-7", "quantity": "7.5", "unit_price": 3.0, "discontinued": False},
        "quantity is declared an int: would making this one an int change it?",
    ),
    (
        "e",
        {"sku": "C-7", "quantity": 7, "unit_price": 3.0, "discontinued": "false"},
        "one type is never coerced, whatever the text says",
    ),
    (
        "f",
        {**_RECORD, "aisle": 14, "updated": "2024-05-01"},
        "fields nobody asked for carry no part of the answer",
    ),
    (
        "g",
        {"sku": "C-7", "quantity": 7, "unit_price": 3.0},
        "a field that is not there has no shape to fix: something would have to be invented",
    ),
    (
        "h",
        {**_RECORD, "sku": 7},
        "an identifier that arrives as a number may already have lost something on the way",
    ),
)

#: The payloads of 05.1 by name, as the notebook shows them.
PAYLOADS: Mapping[str, object] = MappingProxyType(
    {name: payload for name, payload, _ in _PAYLOADS_AND_HINTS}
)

_VERDICTS = (Repaired, Rejection)


#: What a case says while the answer's form (case 1) is wrong: it was not checked.
_NOT_CHECKED = "not checked until the answer has the form case 1 asks for"

_FORM_HINT = (
    "a dict with one entry per payload, a to h, each set to the class Repaired or the class "
    "Rejection, not their names"
)


def _form_problem(result: object) -> str | None:
    """What is wrong with the answer's form (a dict of payload name -> class), if anything."""
    if not isinstance(result, Mapping):
        return f"the answer is a {_kind(result)}, not a dict of payload name -> class"
    unknown = sorted(str(key) for key in result if key not in PAYLOADS)
    if unknown:
        return f"{unknown[0]!r} is not one of the payloads"
    left_out = [name for name in PAYLOADS if name not in result]
    if left_out:
        return f"no prediction for payload {left_out[0]!r}"
    for name in PAYLOADS:
        if result[name] not in _VERDICTS:
            shown = clip(repr(result[name]), 40)
            return f"the prediction for {name!r} is {shown}, not Repaired or Rejection"
    return None


def _verdict_verifier(name: str, payload: object) -> Callable[[object], str | None]:
    expected = type(repair(payload, StockLevel))

    def verify(result: object) -> str | None:
        if _form_problem(result) is not None:
            return _NOT_CHECKED
        assert isinstance(result, Mapping)  # _form_problem said so
        got = result[name]
        return None if got is expected else f"{got.__name__} is not what repair() returns here"

    return verify


@exercise(
    "05.1",
    name="repair_or_reject",
    hint="repair fixes shape (a number's spelling, a lone object, unknown keys, a declared "
    "alias) and nothing that would need a guess",
    answer=AnswerKind.VALUE,
    why=(
        "repair changes shape only (a number's spelling, a lone object, unknown keys, a declared "
        "alias); anything that would need a guess is rejected."
    ),
)
def _repair_or_reject() -> Iterator[Case]:
    yield Case(describe="the answer's form", verify=_form_problem, hint=_FORM_HINT)
    for name, payload, hint in _PAYLOADS_AND_HINTS:
        yield Case(describe=f"payload {name}", verify=_verdict_verifier(name, payload), hint=hint)


# -- 05.2 ----------------------------------------------------------------------------------------

#: The field version 2 of the warehouse API renamed, and its new name.
V2_FIELD = ("unit_price", "price_eur")

_V1 = {"sku": "D-1", "quantity": 2, "unit_price": 1.5, "discontinued": False}

#: Replies from both versions: (what it is, the reply, the unit_price a repair must find, or None
#: when the reply must be rejected, and a hint for this case).
V2_REPLIES: tuple[tuple[str, dict[str, Any], float | None, str | None], ...] = (
    ("a version 1 reply", _V1, 1.5, "version 1 replies still arrive: keep the old name working"),
    (
        "a version 2 reply",
        {"sku": "D-2", "quantity": 2, "price_eur": 1.75, "discontinued": False},
        1.75,
        "declare the new name on the field, so that repair maps it and records that it did",
    ),
    (
        "a version 2 reply with the price as text",
        {"sku": "D-3", "quantity": 2, "price_eur": "2.10", "discontinued": False},
        2.1,
        None,
    ),
    (
        "a version 2 reply that also says qty",
        {"sku": "D-4", "qty": 9, "price_eur": 0.5, "discontinued": True},
        0.5,
        "StockLevel already accepted qty for quantity: version 2 did not take that away",
    ),
    (
        "a reply with no price under either name",
        {"sku": "D-5", "quantity": 2, "discontinued": False},
        None,
        "a price that is not there must not become a value: keep the field required",
    ),
    (
        "a reply with two different prices",
        {"sku": "D-6", "quantity": 2, "unit_price": 1.5, "price_eur": 1.6, "discontinued": False},
        None,
        "when both names arrive with different values, repair refuses to pick one: let it",
    ),
    (
        "a version 2 reply whose price is null",
        {"sku": "D-7", "quantity": 2, "price_eur": None, "discontinued": False},
        None,
        "null is not a price: keep the field a required float",
    ),
)


_MODEL_HINT = (
    "stock_level_v2 returns a pydantic model class, not an instance, with the fields of "
    "StockLevel under their names"
)


def _model_problem(model: object) -> str | None:
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        return f"the model is a {_kind(model)}, not a pydantic model class"
    missing = [name for name in StockLevel.model_fields if name not in model.model_fields]
    if missing:
        return f"the model has no field {missing[0]!r}: keep StockLevel's field names"
    return None


def _v2_verifier(reply: dict[str, Any], price: float | None) -> Callable[[object], str | None]:
    def verify(model: object) -> str | None:
        if _model_problem(model) is not None:
            return _NOT_CHECKED
        result = repair(reply, model)
        if price is None:
            if isinstance(result, Rejection):
                return None
            return "repair accepted it, and the model would read a price that was never sent"
        if isinstance(result, Rejection):
            return f"repair rejected it: {result.detail}"
        got = getattr(result.value, V2_FIELD[0])
        if got != price:
            return f"unit_price came out as {got!r}"
        new_name_used = V2_FIELD[1] in reply
        mapped = any(
            r.kind is RepairKind.MAPPED_ALIAS and r.path == V2_FIELD[0] for r in result.repairs
        )
        if new_name_used and not mapped:
            return "no mapped_alias repair was recorded for unit_price"
        return None

    return verify


def _verify_refuses_unknown(model: object) -> str | None:
    """A reply with a field StockLevel does not declare is refused by the model alone."""
    if _model_problem(model) is not None:
        return _NOT_CHECKED
    assert isinstance(model, type)  # _model_problem said so
    assert issubclass(model, BaseModel)
    try:
        model.model_validate(_V1 | {"aisle": 14})
    except ValidationError:
        return None
    return f"{model.__name__}.model_validate accepted a field StockLevel does not declare"


#: The hint of the case with a field no version declares.
UNKNOWN_FIELD_HINT = (
    "StockLevel refuses a field it does not declare, so that repair records each one it drops: "
    "version 2 did not change that rule"
)


def _verify_direct(model: object) -> str | None:
    """A version 1 reply must pass the model's own validation, with no repair in between."""
    if _model_problem(model) is not None:
        return _NOT_CHECKED
    assert isinstance(model, type)  # _model_problem said so
    assert issubclass(model, BaseModel)
    try:
        value = model.model_validate(_V1)
    except ValidationError as exc:
        where = ".".join(str(part) for part in exc.errors(include_url=False)[0]["loc"])
        return f"{model.__name__}.model_validate refused it (at {where or '<root>'})"
    got = getattr(value, V2_FIELD[0])
    return None if got == _V1[V2_FIELD[0]] else f"unit_price came out as {got!r}"


#: The hint of the case that validates with the model alone.
DIRECT_HINT = (
    "repair also finds a field under its own name, but other code validates with the model "
    "alone: declare every name the field may arrive under"
)


@exercise(
    "05.2",
    name="stock_level_v2",
    hint="keep every field of StockLevel and its name; give unit_price both names it may arrive "
    "under, the way quantity already has two",
    why=(
        "Both names on the field keep version 1 working and let repair record the mapping; the "
        "field stays required, so a missing price is still refused."
    ),
)
def _stock_level_v2() -> Iterator[Case]:
    yield Case(describe="the model's form", verify=_model_problem, hint=_MODEL_HINT)
    for number, (describe, reply, price, hint) in enumerate(V2_REPLIES):
        yield Case(describe=describe, verify=_v2_verifier(reply, price), hint=hint)
        if number == 0:
            yield Case(
                describe="a version 1 reply, validated by the model alone (no repair)",
                verify=_verify_direct,
                hint=DIRECT_HINT,
            )
            yield Case(
                describe="a version 1 reply with a field no version declares, model alone",
                verify=_verify_refuses_unknown,
                hint=UNKNOWN_FIELD_HINT,
            )


def _kind(value: object) -> str:
    return type(value).__name__
