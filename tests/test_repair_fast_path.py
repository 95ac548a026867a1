"""Repair's fast path answers exactly as the walk does: same value, same repairs, same rejection.

``repair`` skips the walk when strict validation proves a value needs no repair. These
properties compare it, on values built to be valid, nearly valid and not valid at all, with
``repair_by_walk`` (the walk alone), for models chosen to reach every corner the fast path has to
decline: aliases, extras, unions, Decimal, validators, recursion.
"""

from __future__ import annotations

import dataclasses
import datetime
import enum
import json
from decimal import Decimal
from typing import Annotated, Any, Literal, NotRequired, get_args, get_origin, get_type_hints

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import (
    AfterValidator,
    AliasChoices,
    AliasPath,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    field_validator,
)
from typing_extensions import TypedDict

from tool_outcomes import Rejection, Repaired, repair
from tool_outcomes.repair import repair_by_walk, repair_decoded

# -- models that reach each corner -----------------------------------------------------------------


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


class Item(BaseModel):
    id: int
    name: str
    score: float


class Optionals(BaseModel):
    a: int | None = None
    b: str = "x"
    tags: list[str] = []
    flag: bool = False


class Aliased(BaseModel):
    user_id: str = Field(alias="userId")
    v: int = Field(default=0, validation_alias=AliasChoices("v", "value"))


class AliasClash(BaseModel):
    """One field's alias is another field's name: the walk flags both given."""

    a: int = Field(default=0, validation_alias=AliasChoices("a", "b"))
    b: int = 0


class PathAlias(BaseModel):
    city: str = Field(default="", validation_alias=AliasPath("address", "city"))
    address: dict[str, str] = {}


class Open(BaseModel):
    model_config = ConfigDict(extra="allow")

    id: int


class Closed(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: int


class Priced(BaseModel):
    amount: Decimal


class Row(TypedDict):
    a: int
    b: NotRequired[float]


class Short(TypedDict):
    x: int


class Long(TypedDict):
    x: int
    y: int


@dataclasses.dataclass
class Point:
    x: int
    y: int = 0


class Tree(BaseModel):
    label: str
    children: list[Tree] = []


class One(BaseModel):
    x: int


class Two(BaseModel):
    x: int
    y: int


class Typed(BaseModel):
    kind: Literal["a", "b"]
    colour: Colour
    when: datetime.date


class Padded(BaseModel):
    """A before-validator reshapes input, so the walk must see it first."""

    n: int

    @field_validator("n", mode="before")
    @classmethod
    def _strip(cls, value: object) -> object:
        return value.strip() if isinstance(value, str) else value


class Checked(BaseModel):
    """After-validators and constraints only check: the fast path may take it."""

    n: Annotated[int, AfterValidator(lambda n: n), Field(gt=-5)]


class Reshaped(BaseModel):
    m: Annotated[int, BeforeValidator(lambda m: m)] = 0


class Lax(BaseModel):
    n: int = Field(default=0, strict=False)


class Holder(BaseModel):
    """Models inside a model and a list of them: unknown keys to drop at every level."""

    item: Item
    items: list[Item] = []
    note: str | None = None


MODELS: list[Any] = [
    Item,
    list[Item],
    Holder,
    list[Holder],
    Item | None,
    dict[str, Item],
    Optionals,
    Aliased,
    AliasClash,
    PathAlias,
    Open,
    Closed,
    Priced,
    Row,
    Short | Long,
    list[Short | Long],
    Point,
    Tree,
    One | Two,
    Typed,
    Padded,
    Checked,
    Reshaped,
    Lax,
    int,
    float,
    str,
    bool,
    int | str,
    list[int | str],
    tuple[int, str],
    set[int],
    list[Any],
    Decimal,
]

# -- values near each model ---------------------------------------------------------------------

SCALARS = st.sampled_from(
    [None, True, False, 0, 1, -7, 18, 2**70, 1.5, 18.0, -0.0, "", "x", "18", "18.0", " 42 "]
) | st.sampled_from(
    ["1e3", "NaN", "a", "b", "red", "2024-01-31", "1,000", float("nan"), float("inf")]
)
KEYS = [
    "id", "name", "score", "a", "b", "x", "y", "v", "value", "userId", "user_id", "extra",
    "item", "items", "note",
]  # fmt: skip
JSON = st.recursive(
    SCALARS | st.integers() | st.floats() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(KEYS), inner),
    max_leaves=12,
)
_SCALAR_VALUES: dict[Any, st.SearchStrategy[Any]] = {
    int: st.integers(-(2**40), 2**40),
    float: st.floats() | st.integers(-100, 100),
    str: st.text(max_size=6),
    bool: st.booleans(),
    Decimal: st.sampled_from(["1.50", " 2 ", "1_000", "x"]) | st.integers(0, 9),
    datetime.date: st.sampled_from(["2024-01-31", "2024-13-01", 5]),
    Colour: st.sampled_from(["red", "blue", "green"]),
    Any: JSON,
}


def near(tp: Any, depth: int = 0) -> st.SearchStrategy[Any]:
    """JSON values shaped like ``tp``: usually valid, sometimes one repair or one fault away."""
    return st.one_of(_shaped(tp, depth), _shaped(tp, depth), _shaped(tp, depth), JSON)


def _shaped(tp: Any, depth: int) -> st.SearchStrategy[Any]:
    origin, args = get_origin(tp), get_args(tp)
    if tp in _SCALAR_VALUES:
        return _SCALAR_VALUES[tp]
    if origin is Literal:
        return st.sampled_from([*args, "c"])
    if origin is Annotated:
        return near(args[0], depth)
    if origin in (list, set) or tp in (list, set):
        item = args[0] if args else Any
        listed = st.lists(near(item, depth + 1), max_size=3 if depth < 2 else 0)
        return listed | near(item, depth + 1)  # a lone item: a list of one, or not
    if origin is tuple:
        return st.tuples(*(near(a, depth + 1) for a in args)).map(list)
    if origin is dict:
        return st.dictionaries(st.text(max_size=3), near(args[1], depth + 1), max_size=2)
    if args and origin is not None:  # a union
        return st.one_of(*(near(a, depth) for a in args if a is not type(None)), st.none())
    if tp is type(None):
        return st.none()
    return _record(tp, depth)


def _record(tp: Any, depth: int) -> st.SearchStrategy[Any]:
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        fields = {
            name: info.annotation if depth < 3 else type(None)
            for name, info in tp.model_fields.items()
        }
        aliases = [a for info in tp.model_fields.values() for a in _aliases(info)]
    else:  # a dataclass or a TypedDict (NotRequired is dropped without extras)
        fields = get_type_hints(tp) if depth < 3 else dict.fromkeys(get_type_hints(tp))
        aliases = []
    keys = [*fields, *aliases, "extra"]

    @st.composite
    def build(draw: st.DrawFn) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, annotation in fields.items():
            if draw(st.integers(0, 9)) == 0:
                continue  # missing
            annotation = Tree if annotation == list[Tree] and depth > 2 else annotation
            out[name] = draw(near(annotation, depth + 1)) if depth < 3 else draw(SCALARS)
        if draw(st.integers(0, 5)) == 0:
            out[draw(st.sampled_from(keys))] = draw(SCALARS)  # an alias, an extra, a repeat
        return out

    return build()


def _aliases(info: Any) -> list[str]:
    alias = info.validation_alias if info.validation_alias is not None else info.alias
    choices = alias.choices if isinstance(alias, AliasChoices) else [alias]
    return [str(c.path[0]) if isinstance(c, AliasPath) else c for c in choices if c is not None]


@st.composite
def cases(draw: st.DrawFn) -> tuple[Any, Any]:
    model = draw(st.sampled_from(MODELS))
    return model, draw(near(model))


def _answer(result: Repaired[Any] | Rejection) -> tuple[Any, ...]:
    repairs = tuple((r.kind, r.path, r.detail) for r in result.repairs)
    if isinstance(result, Repaired):
        return ("repaired", repr(result.value), type(result.value), repairs)
    return ("rejected", result.missing, result.invalid, result.detail, repairs)


# -- the properties --------------------------------------------------------------------------------


@given(case=cases())
def test_the_fast_path_answers_exactly_as_the_walk(case: tuple[Any, Any]) -> None:
    """For any value and model, repair's answer is the walk's: value, repairs and rejection."""
    model, raw = case
    assert _answer(repair(raw, model)) == _answer(repair_by_walk(raw, model))


@given(case=cases(), wrapped=st.booleans())
def test_decoded_json_takes_the_same_answer(case: tuple[Any, Any], wrapped: bool) -> None:
    """A value read out of JSON text (or out of a part of it) gets the walk's answer too."""
    model, raw = case
    try:
        text = json.dumps({"data": raw} if wrapped else raw).encode()
    except (TypeError, ValueError):
        return  # not JSON-like at all: the decoder never hands such a value over
    decoded = json.loads(text)["data"] if wrapped else json.loads(text)
    assert _answer(repair_decoded(decoded, model)) == _answer(repair_by_walk(decoded, model))


@given(case=cases())
def test_decoded_finite_json_takes_the_same_answer_in_python_mode(case: tuple[Any, Any]) -> None:
    """The classifier's own way in (a finite decoded value, validated in strict Python mode
    where the model allows): the walk's answer, unknown keys dropped and recorded included."""
    model, raw = case
    try:
        decoded = json.loads(json.dumps(raw, allow_nan=False))
    except (TypeError, ValueError):
        return  # not finite JSON: the classifier never hands such a value over as finite
    fast = repair_decoded(decoded, model, finite=True)
    assert _answer(fast) == _answer(repair_by_walk(decoded, model))


@given(
    extras=st.lists(
        st.sampled_from(["url", "owner", "tags", "id2", "Name"]), max_size=4, unique=True
    ),
    nested=st.booleans(),
)
def test_unknown_keys_alone_are_dropped_as_the_walk_drops_them(
    extras: list[str], nested: bool
) -> None:
    """A subset model's usual case, every item holding keys it does not declare, gets the
    walk's value and its repairs, one per key in the walk's order."""
    item = {"id": 1, "name": "a", "score": 0.5, **{key: [1, {"x": 2}] for key in extras}}
    raw: Any = {"item": item, "items": [item, item], "zz": 0} if nested else [item, item]
    model: Any = Holder if nested else list[Item]
    walked = repair_by_walk(raw, model)
    assert _answer(repair_decoded(raw, model, finite=True)) == _answer(walked)
    assert _answer(repair(raw, model)) == _answer(walked)
    assert len(walked.repairs) == len(extras) * (3 if nested else 2) + nested


@pytest.mark.parametrize(
    ("raw", "model"),
    [
        ({"id": 1, "extra": 2}, Open),  # kept: the model allows extra keys
        ({"user_id": "u", "value": 3}, Aliased),  # mapped: an alias, not an unknown key
        ({"id": 1, "extra": 2}, Closed),  # dropped even where the model forbids them
        ([{"a": 1, "extra": 2}], list[Row]),  # a TypedDict: the walk decides
        ({"label": "a", "extra": 1, "children": [{"label": "b", "x": 2}]}, Tree),  # recursion
        ({"x": 1, "z": 2}, One | Two),  # a union of two models
    ],
)
def test_unknown_keys_the_walk_keeps_or_maps_are_not_dropped(raw: object, model: Any) -> None:
    walked = _answer(repair_by_walk(raw, model))
    assert _answer(repair_decoded(raw, model, finite=True)) == walked
    assert _answer(repair(raw, model)) == walked


@pytest.mark.parametrize(
    "number", ["NaN", "Infinity", "-Infinity", "1e400", "-1E+0400", "1" * 250 + "e99", "9" * 320]
)
@pytest.mark.parametrize("model", [float, float | None, list[float], Optionals])
def test_decoded_non_finite_numbers_get_the_walks_answer(number: str, model: Any) -> None:
    """A NaN, an infinity or a number that overflows to one is judged by the walk, as before."""
    text = (f'{{"a": {number}, "b": "x"}}' if model is Optionals else number).encode()
    if model is list[float]:
        text = b"[" + text + b"]"
    decoded = json.loads(text)
    assert _answer(repair_decoded(decoded, model)) == _answer(repair_by_walk(decoded, model))


@pytest.mark.parametrize(
    ("raw", "model"),
    [
        ([{"id": 1, "name": "a", "score": 0.5}], list[Item]),
        ({"user_id": "u", "v": 2}, Aliased),
        ({"x": 1, "y": 2}, Short | Long),
        ({"label": "a", "children": [{"label": "b"}]}, Tree),
        ({"kind": "a", "colour": "red", "when": "2024-01-31"}, Typed),
    ],
)
def test_valid_values_need_no_repair_either_way(raw: object, model: Any) -> None:
    """Values that are already valid come back with no repairs, as the walk would return them."""
    fast, walked = repair(raw, model), repair_by_walk(raw, model)
    assert isinstance(fast, Repaired)
    assert fast.repairs == ()
    assert _answer(fast) == _answer(walked)


NOT_PLAIN_JSON: list[tuple[str, object, Any]] = [
    ("bytes for text", {"id": 1, "name": b"a", "score": 1.0}, Item),
    ("decimal for text", Decimal("1.5"), str),
    ("date for text", datetime.date(2024, 1, 31), str),
    ("non-text keys", {1: {"id": 1, "name": "a", "score": 1.0}}, dict[str, Item]),
    ("NaN where a float may be null", {"a": float("nan")}, Optionals),
    ("infinity in a list", [float("inf")], list[int | str]),
    ("a tuple of records", ({"id": 1, "name": "a", "score": 1.0},), list[Item]),
]


@pytest.mark.parametrize(
    ("raw", "model"), [c[1:] for c in NOT_PLAIN_JSON], ids=[c[0] for c in NOT_PLAIN_JSON]
)
def test_values_that_are_not_plain_json_get_the_walks_answer(raw: object, model: Any) -> None:
    """Python values JSON would blur (bytes, dates, odd keys, NaN) are judged by the walk."""
    assert _answer(repair(raw, model)) == _answer(repair_by_walk(raw, model))
