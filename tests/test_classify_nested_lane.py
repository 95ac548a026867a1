"""Decoded items validated in strict Python mode answer exactly as their JSON text would.

A body's collection nested in an object (``{"results": [...], "count": n}``) is decoded once
for the conventions and paging rules; its items are then validated as the decoder returned them,
in pydantic's strict Python mode, where the result model is made of plain JSON types
(``FastPlan.python``), instead of being serialised again and validated as JSON. These properties
classify the same responses with that lane and without it and require the same envelope, field
for field, on bodies that need repair, hold NaN, big numbers, extra fields, wrong types and
booleans where numbers are declared; and they compare the two validations directly.
"""

from __future__ import annotations

import importlib
import json
import math
from typing import Annotated, Any, Literal
from unittest import mock

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from pydantic.dataclasses import dataclass as pydantic_dataclass
from typing_extensions import TypedDict

from tool_outcomes import Envelope, Outcome, Rejection, Repaired, classify_parts
from tool_outcomes.repair import repair_by_walk, repair_decoded
from tool_outcomes.shapes import fast_plan

# The module (``tool_outcomes.repair`` as an attribute is the function of that name).
repair_module = importlib.import_module("tool_outcomes.repair")


class Item(BaseModel):
    id: int
    name: str
    score: float


class Loose(BaseModel):
    id: int | None = None
    tags: list[str] = []
    meta: dict[str, int] = {}
    kind: Literal["a", "b", 1] = "a"


class Aliased(BaseModel):
    user_id: str = Field(alias="userId")


class Open(BaseModel):
    model_config = ConfigDict(extra="allow")

    id: int


class Bounded(BaseModel):
    id: Annotated[int, Field(ge=0)]
    name: Annotated[str, Field(max_length=4)] = ""


class Row(TypedDict):
    id: int
    score: float


class Checked(BaseModel):
    """An after-validator may read ``info.mode``: not a plain JSON type, the usual way."""

    id: Annotated[int, AfterValidator(lambda n: n)]


@pydantic_dataclass
class Point:
    """Strict Python mode wants a dataclass instance: not a plain JSON type."""

    id: int


class Either(BaseModel):
    id: int


#: Models of plain JSON types (the lane takes them) and others (it must leave them alone).
MODELS: list[Any] = [
    list[Item],
    list[Loose],
    list[Aliased],
    list[Open],
    list[Bounded],
    list[Row],
    list[dict[str, Any]],
    list[Any],
    list[int],
    list[float],
    list[bool],
    list[Item | None],
    list[Checked],
    list[Point],
    list[Either | dict[str, int]],
    list[int | str],
    Item,
    dict[str, Item],
]

SCALARS = st.sampled_from(
    [None, True, False, 0, 1, -7, 18, 2**64, 10**30, 1.5, 18.0, -0.0, 1e300]
) | st.sampled_from(["", "x", "18", "18.0", " 42 ", "NaN", "a", "b", "userId"])
KEYS = ["id", "name", "score", "tags", "meta", "kind", "userId", "user_id", "extra"]
JSON_VALUES = st.recursive(
    SCALARS
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(KEYS), inner),
    max_leaves=12,
)
ITEMS = st.fixed_dictionaries(
    {
        "id": st.integers(-5, 5) | SCALARS,
        "name": st.text(max_size=5) | SCALARS,
        "score": st.floats(allow_nan=False, allow_infinity=False) | st.integers(0, 3) | SCALARS,
    },
    optional={
        "tags": st.lists(st.text(max_size=3) | SCALARS, max_size=2),
        "userId": st.text(max_size=3),
        "extra": SCALARS,
        "kind": st.sampled_from(["a", "b", "c", 1, True]),
    },
)
#: Raw JSON spellings a serializer would never write: NaN, overflow, duplicate keys, escapes.
PIECES = st.sampled_from(
    [
        "NaN",
        "Infinity",
        "-Infinity",
        "1e400",
        "9" * 320,
        '{"id": 1, "id": "x"}',
        '{"id": "x", "id": 1, "name": "n", "score": 1}',
        '{"id": 1, "name": "\\u00e9\\/", "score": 2}',
        '{"id": true, "name": "n", "score": false}',
        '{"id": 1.0, "name": "n", "score": 1}',
        '{"userId": "u"}',
        "[1, 2]",
        "{}",
        '"s"',
        "null",
    ]
)


def _classify(body: bytes, model: Any, *, lane: bool, **options: Any) -> Envelope[Any]:
    def call() -> Envelope[Any]:
        return classify_parts(
            200,
            httpx.Headers({"content-type": "application/json"}),
            body,
            url="https://api.test/items?page=1",
            method="GET",
            result_model=model,
            tool="t",
            **options,
        )

    if lane:
        return call()
    with mock.patch.object(repair_module, "_valid_in_python", return_value=None):
        return call()


def _fields(env: Envelope[Any]) -> tuple[Any, ...]:
    data = env.data
    return (
        env.outcome,
        repr(data),
        type(data),
        [type(item) for item in data] if isinstance(data, list | tuple) else None,
        env.coverage,
        env.failure,
        env.repairs,
        env.target,
    )


def _same(body: bytes, model: Any, **options: Any) -> None:
    with_lane = _classify(body, model, lane=True, **options)
    without = _classify(body, model, lane=False, **options)
    assert _fields(with_lane) == _fields(without)


@given(
    items=st.lists(ITEMS, max_size=4) | st.lists(JSON_VALUES, max_size=4),
    model=st.sampled_from(MODELS),
    count=st.none() | st.integers(0, 6),
)
def test_a_nested_collection_gets_the_same_envelope_with_the_lane_and_without(
    items: list[Any], model: Any, count: int | None
) -> None:
    """Any items under ``results``, any model, with or without a count: the same envelope."""
    body = {"results": items} if count is None else {"results": items, "count": count}
    _same(json.dumps(body).encode(), model, items="results", total="count")
    _same(json.dumps(body).encode(), model)  # the collection inferred


@given(pieces=st.lists(PIECES, max_size=5), model=st.sampled_from(MODELS))
def test_near_json_items_get_the_same_envelope(pieces: list[str], model: Any) -> None:
    """NaN, infinities, overflowing numbers, duplicate keys, escapes, wrong types: the same."""
    body = '{"results": [' + ", ".join(pieces) + '], "count": 3}'
    _same(body.encode(), model, items="results", total="count")


@given(record=ITEMS | JSON_VALUES, model=st.sampled_from([Item, Loose, Open, Bounded, Row]))
def test_a_single_record_gets_the_same_envelope(record: Any, model: Any) -> None:
    """A record inside a wrapper, read from its decoded object: the same envelope."""
    _same(json.dumps({"data": record, "meta": {"v": 1}}).encode(), model, items=None)
    _same(json.dumps({"item": record}).encode(), model)


def _answer(result: Repaired[Any] | Rejection) -> tuple[Any, ...]:
    repairs = tuple((r.kind, r.path, r.detail) for r in result.repairs)
    if isinstance(result, Repaired):
        return ("repaired", repr(result.value), type(result.value), repairs)
    return ("rejected", result.missing, result.invalid, result.detail, repairs)


def _finite(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, list):
        return all(_finite(v) for v in value)
    if isinstance(value, dict):
        return all(_finite(v) for v in value.values())
    return True


@given(
    value=st.lists(ITEMS | JSON_VALUES, max_size=4) | ITEMS | JSON_VALUES,
    model=st.sampled_from(MODELS),
)
def test_strict_python_validation_answers_as_the_json_text(value: Any, model: Any) -> None:
    """For decoded, finite JSON: the lane's answer is the general answer and the walk's."""
    decoded = json.loads(json.dumps(value))
    if not _finite(decoded):
        return
    lane = repair_decoded(decoded, model, finite=True)
    assert _answer(lane) == _answer(repair_decoded(decoded, model))
    assert _answer(lane) == _answer(repair_by_walk(decoded, model))


@pytest.mark.parametrize(
    ("model", "python"),
    [
        (list[Item], True),
        (list[Loose], True),
        (list[Row], True),
        (list[Item | None], True),
        (list[Any], True),
        (list[Checked], False),  # a validator function
        (list[Point], False),  # a dataclass
        (list[Either | dict[str, int]], False),  # a union: smart mode ranks arms per mode
        (list[int | str], False),
        (list[tuple[int, int]], False),  # a tuple
        (list[Literal[Outcome.EMPTY]], False),  # an enum literal
    ],
)
def test_the_lane_takes_only_plain_json_models(model: Any, python: bool) -> None:
    """The plan says which models the lane may take; the rest keep the general path."""
    plan = fast_plan(model)
    assert plan is not None
    assert plan.python is python


def test_the_lane_validates_decoded_items_without_serialising_them() -> None:
    """A valid nested body: the items are validated as decoded, never turned back into text."""
    body = json.dumps(
        {"results": [{"id": i, "name": f"n{i}", "score": i / 7} for i in range(3)], "count": 3}
    ).encode()
    with mock.patch.object(repair_module, "to_json", side_effect=AssertionError("serialised")):
        env = _classify(body, list[Item], lane=True, items="results", total="count")
    assert env.outcome is Outcome.SUCCESS
    assert env.data == [Item(id=i, name=f"n{i}", score=i / 7) for i in range(3)]
    assert env.coverage is not None
    assert env.coverage.total == 3


def test_items_that_need_repair_still_get_their_repairs() -> None:
    """An item the lane refuses takes the usual way: walked, repaired, recorded."""
    body = b'{"results": [{"id": "7", "name": "a", "score": 1, "extra": 1}], "count": 1}'
    env = _classify(body, list[Item], lane=True, items="results", total="count")
    assert env.outcome is Outcome.SUCCESS
    assert env.data == [Item(id=7, name="a", score=1.0)]
    assert sorted(r.path for r in env.repairs) == ["0.extra", "0.id"]
