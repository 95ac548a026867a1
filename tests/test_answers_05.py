"""Notebook 05's checks fail the plausible wrong answers, with a hint and without the answer."""

from __future__ import annotations

import re

import pytest
from pydantic import AliasChoices, BaseModel, ConfigDict, Field, ValidationError

from tool_outcomes import Rejection, Repaired, repair
from tool_outcomes.workbook import CheckStatus, check
from tool_outcomes.workbook.nb05.exercises import (
    DIRECT_HINT,
    PAYLOADS,
    UNKNOWN_FIELD_HINT,
    V2_REPLIES,
)
from tool_outcomes.workbook.nb05.stock_lookup import StockLevel

# -- 05.1 ----------------------------------------------------------------------------------------

REFERENCE_05_1: dict[str, type] = {
    name: type(repair(payload, StockLevel)) for name, payload in PAYLOADS.items()
}


def test_the_05_1_payloads_mix_repairs_and_rejections() -> None:
    """Neither verdict alone can pass: at least three payloads are repaired and three rejected."""
    verdicts = list(REFERENCE_05_1.values())
    assert verdicts.count(Repaired) >= 3
    assert verdicts.count(Rejection) >= 3


WRONG_05_1: dict[str, object] = {
    "everything repaired": dict.fromkeys(PAYLOADS, Repaired),
    "everything rejected": dict.fromkeys(PAYLOADS, Rejection),
    "rounds 7.5 into an int": {**REFERENCE_05_1, "d": Repaired},
    "reads 'false' as a boolean": {**REFERENCE_05_1, "e": Repaired},
    "defaults the missing flag": {**REFERENCE_05_1, "g": Repaired},
    "unwraps a list of one": {**REFERENCE_05_1, "b": Repaired},
    "turns a numeric sku into text": {**REFERENCE_05_1, "h": Repaired},
    "ignores the declared alias": {**REFERENCE_05_1, "a": Rejection},
    "strings instead of the classes": {name: cls.__name__ for name, cls in REFERENCE_05_1.items()},
    "a payload left out": {k: v for k, v in REFERENCE_05_1.items() if k != "c"},
    "a payload that is not there": {**REFERENCE_05_1, "z": Repaired},
    "a list, not a dict": list(REFERENCE_05_1.values()),
}

#: Answers of the wrong form: their failure is about the form, with the form's hint, not a
#: hint about one payload's verdict.
WRONG_FORM_05_1 = (
    "strings instead of the classes",
    "a payload left out",
    "a payload that is not there",
    "a list, not a dict",
)


def test_the_reference_answer_to_05_1_passes() -> None:
    """The classes repair() really returns are the answer the check accepts."""
    assert check("05.1", REFERENCE_05_1).status is CheckStatus.PASS


@pytest.mark.parametrize("answer", WRONG_05_1.values(), ids=WRONG_05_1.keys())
def test_wrong_predictions_for_05_1_fail_with_a_hint(answer: object) -> None:
    """Each wrong prediction is a FAIL with a hint; a value answer's line never names the answer."""
    result = check("05.1", answer)
    line = repr(result)
    assert result.status is CheckStatus.FAIL, line
    assert "(hint: " in line
    assert "expected" not in line


@pytest.mark.parametrize("wrong", WRONG_FORM_05_1)
def test_an_answer_of_the_wrong_form_gets_the_form_hint(wrong: str) -> None:
    """A type or key mistake is named as such, never blamed on the first payload's verdict."""
    line = repr(check("05.1", WRONG_05_1[wrong]))
    assert "case 1 (the answer's form)" in line
    assert "one entry per payload" in line
    assert "declaration" not in line  # payload a's hint


def test_strings_for_classes_are_named_as_such() -> None:
    """The line says which prediction is not a class, quoting what was given."""
    line = repr(check("05.1", WRONG_05_1["strings instead of the classes"]))
    assert "the prediction for 'a' is 'Repaired', not Repaired or Rejection" in line


# -- 05.2 ----------------------------------------------------------------------------------------

QTY = Field(validation_alias=AliasChoices("quantity", "qty"))


class ReferenceV2(BaseModel):
    model_config = ConfigDict(extra="forbid")

    sku: str
    quantity: int = QTY
    unit_price: float = Field(validation_alias=AliasChoices("unit_price", "price_eur"))
    discontinued: bool


class SubclassV2(StockLevel):
    unit_price: float = Field(validation_alias=AliasChoices("unit_price", "price_eur"))


class AliasOnly(BaseModel):
    sku: str
    quantity: int = QTY
    unit_price: float = Field(alias="price_eur")
    discontinued: bool


class Renamed(BaseModel):
    sku: str
    quantity: int = QTY
    price_eur: float
    discontinued: bool


class OptionalPrice(BaseModel):
    sku: str
    quantity: int = QTY
    unit_price: float | None = Field(
        default=None, validation_alias=AliasChoices("unit_price", "price_eur")
    )
    discontinued: bool


class DefaultedPrice(BaseModel):
    sku: str
    quantity: int = QTY
    unit_price: float = Field(default=0.0, validation_alias=AliasChoices("unit_price", "price_eur"))
    discontinued: bool


class LostQty(BaseModel):
    sku: str
    quantity: int
    unit_price: float = Field(validation_alias=AliasChoices("unit_price", "price_eur"))
    discontinued: bool


class ValidationAliasOnly(StockLevel):
    unit_price: float = Field(validation_alias="price_eur")


@pytest.mark.parametrize("model", [ReferenceV2, SubclassV2], ids=["AliasChoices", "subclass"])
def test_declared_aliases_pass_05_2(model: type[BaseModel]) -> None:
    """A copy or a subclass that declares both names on the field passes."""
    assert check("05.2", lambda: model).status is CheckStatus.PASS


@pytest.mark.parametrize(
    "model", [AliasOnly, ValidationAliasOnly], ids=["alias=", "validation_alias="]
)
def test_only_the_new_name_fails_05_2_on_the_models_own_validation(model: type[BaseModel]) -> None:
    """Such a model passes through repair (which also reads a field's own name), not alone."""
    with pytest.raises(ValidationError):
        model.model_validate(dict(V2_REPLIES[0][1]))
    result = check("05.2", lambda: model)
    assert result.status is CheckStatus.FAIL
    assert "validated by the model alone" in repr(result)
    assert f"(hint: {DIRECT_HINT})" in repr(result)


WRONG_05_2: dict[str, object] = {
    "StockLevel unchanged": StockLevel,
    "field renamed to price_eur": Renamed,
    "price made optional": OptionalPrice,
    "price defaulted to 0": DefaultedPrice,
    "the qty alias dropped": LostQty,
    "an instance, not a class": ReferenceV2(sku="x", qty=1, unit_price=1.0, discontinued=False),
    "a dict of aliases": {"price_eur": "unit_price"},
    "only the new name, as alias=": AliasOnly,
    "only the new name, as validation_alias=": ValidationAliasOnly,
}


@pytest.mark.parametrize("model", WRONG_05_2.values(), ids=WRONG_05_2.keys())
def test_wrong_models_for_05_2_fail_with_a_hint(model: object) -> None:
    """Each wrong model is a FAIL whose hint points at the rule, never at the declaration."""
    result = check("05.2", lambda: model)
    line = repr(result)
    assert result.status is CheckStatus.FAIL, line
    assert "(hint: " in line
    assert "AliasChoices(" not in line
    assert not re.search(r"validation_alias\s*=", line)


def test_the_05_2_cases_include_replies_that_must_be_rejected() -> None:
    """The check proves the field stays required, not only that the new name is read."""
    assert sum(price is None for _, _, price, _ in V2_REPLIES) >= 3
    assert any("price_eur" in reply for _, reply, price, _ in V2_REPLIES if price is not None)


class CopyWithoutForbid(BaseModel):
    """A copy of StockLevel that forgot its model_config: unknown fields slip through."""

    sku: str
    quantity: int = QTY
    unit_price: float = Field(validation_alias=AliasChoices("unit_price", "price_eur"))
    discontinued: bool


class SubclassAllowingExtra(StockLevel):
    """A subclass that loosens the rule on unknown fields."""

    model_config = ConfigDict(extra="allow")
    unit_price: float = Field(validation_alias=AliasChoices("unit_price", "price_eur"))


@pytest.mark.parametrize("model", [CopyWithoutForbid, SubclassAllowingExtra])
def test_a_model_that_takes_unknown_fields_fails_05_2(model: type[BaseModel]) -> None:
    """StockLevel's refusal of unknown fields is probed: a model that drops it fails."""
    result = check("05.2", lambda: model)
    line = repr(result)
    assert result.status is CheckStatus.FAIL, line
    assert "(a version 1 reply with a field no version declares, model alone)" in line
    assert "accepted a field StockLevel does not declare" in line
    assert f"(hint: {UNKNOWN_FIELD_HINT})" in line
    assert "extra=" not in line
