"""Shape-only repair: each repair is applied and recorded, everything else is a rejection."""

from __future__ import annotations

import copy
import dataclasses
from collections import Counter
from decimal import Decimal
from typing import Any, NotRequired

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import AliasChoices, AliasPath, BaseModel, ConfigDict, Field, TypeAdapter
from typing_extensions import TypedDict  # pydantic needs this one before Python 3.12

from tool_outcomes import Rejection, Repair, Repaired, RepairKind, repair

# -- models --------------------------------------------------------------------------------------


class Item(BaseModel):
    name: str
    price: float
    qty: int = 1


class Weather(BaseModel):
    model_config = ConfigDict(extra="forbid")

    temp_c: float = Field(validation_alias=AliasChoices("temp_c", "temperature_c"))
    conditions: str


class Listing(BaseModel):
    items: list[Item]


class Flags(BaseModel):
    active: bool


class Priced(BaseModel):
    amount: Decimal


class Account(BaseModel):
    user_id: str = Field(alias="userId")


class Nested(BaseModel):
    city: str = Field(validation_alias=AliasPath("address", "city"))


class Positive(BaseModel):
    n: int = Field(gt=0)


class Open(BaseModel):
    model_config = ConfigDict(extra="allow")

    id: str


class Row(TypedDict):
    a: int
    b: NotRequired[float]


@dataclasses.dataclass
class Point:
    x: int
    y: int = 0


class Line(BaseModel):
    sku: str = Field(validation_alias=AliasChoices("sku", "SKU"))
    price: float
    qty: int


class Cart(BaseModel):
    lines: list[Line]


def _kinds(repairs: tuple[Repair, ...]) -> list[tuple[RepairKind, str, str]]:
    return [(r.kind, r.path, r.detail) for r in repairs]


C, W, D, A = (
    RepairKind.COERCED_NUMBER,
    RepairKind.WRAPPED_IN_LIST,
    RepairKind.DROPPED_UNKNOWN_FIELD,
    RepairKind.MAPPED_ALIAS,
)

# -- each repair -----------------------------------------------------------------------------------

REPAIRS: list[tuple[str, object, Any, object, list[tuple[RepairKind, str, str]]]] = [
    (
        "float from string",
        {"temp_c": "18.0", "conditions": "clear"},
        Weather,
        Weather(temp_c=18.0, conditions="clear"),
        [(C, "temp_c", "'18.0' -> 18.0")],
    ),
    ("int from padded string", " 42 ", int, 42, [(C, "", "' 42 ' -> 42")]),
    ("int from integral string", "18.0", int, 18, [(C, "", "'18.0' -> 18")]),
    ("int from exponent", "1e3", int, 1000, [(C, "", "'1e3' -> 1000")]),
    ("int from integral float", 18.0, int, 18, [(C, "", "18.0 -> 18")]),
    ("float from exponent", "-2.5E2", float, -250.0, [(C, "", "'-2.5E2' -> -250.0")]),
    (
        "decimal from padded string",
        {"amount": " 1.50 "},
        Priced,
        Priced(amount=Decimal("1.50")),
        [(C, "amount", "' 1.50 ' -> '1.50'")],
    ),
    (
        "lone object wrapped",
        {"items": {"name": "a", "price": 1}},
        Listing,
        Listing(items=[Item(name="a", price=1)]),
        [(W, "items", "lone object -> list of one")],
    ),
    (
        "lone object at the root",
        {"name": "a", "price": 2},
        list[Item],
        [Item(name="a", price=2)],
        [(W, "", "lone object -> list of one")],
    ),
    (
        "unknown field dropped despite forbid",
        {"temp_c": 1, "conditions": "c", "wind": 3},
        Weather,
        Weather(temp_c=1, conditions="c"),
        [(D, "wind", "dropped 'wind'")],
    ),
    (
        "one record per dropped field",
        {"name": "a", "price": 1, "x": 1, "y": 2},
        Item,
        Item(name="a", price=1),
        [(D, "x", "dropped 'x'"), (D, "y", "dropped 'y'")],
    ),
    (
        "alias choice mapped",
        {"temperature_c": 20, "conditions": "c"},
        Weather,
        Weather(temp_c=20, conditions="c"),
        [(A, "temp_c", "'temperature_c' -> 'temp_c'")],
    ),
    (
        "plain alias mapped",
        {"userId": "u1"},
        Account,
        Account(userId="u1"),
        [(A, "user_id", "'userId' -> 'user_id'")],
    ),
    ("field name accepted without a record", {"user_id": "u1"}, Account, Account(userId="u1"), []),
    (
        "alias path mapped",
        {"address": {"city": "Oslo"}},
        Nested,
        Nested(address={"city": "Oslo"}),
        [(A, "city", "'address.city' -> 'city'")],
    ),
    (
        "unresolved alias path is an unknown key",
        {"city": "Oslo", "address": {"zip": "0150"}},
        Nested,
        Nested(address={"city": "Oslo"}),
        [(D, "address", "dropped 'address'")],
    ),
    ("extra allowed is kept", {"id": "1", "note": "n"}, Open, Open(id="1", note="n"), []),
    (
        "typed dict",
        {"a": "7", "b": "0.5", "c": 0},
        Row,
        {"a": 7, "b": 0.5},
        [(C, "a", "'7' -> 7"), (C, "b", "'0.5' -> 0.5"), (D, "c", "dropped 'c'")],
    ),
    (
        "dataclass",
        {"x": "3", "z": 1},
        Point,
        Point(x=3),
        [(C, "x", "'3' -> 3"), (D, "z", "dropped 'z'")],
    ),
    (
        "nested paths in lists",
        {"items": [{"name": "a", "price": 1}, {"name": "b", "price": "2"}]},
        Listing,
        Listing(items=[Item(name="a", price=1), Item(name="b", price=2)]),
        [(C, "items.1.price", "'2' -> 2.0")],
    ),
    (
        "dict of models",
        {"k": {"name": "a", "price": "1"}},
        dict[str, Item],
        {"k": Item(name="a", price=1)},
        [(C, "k.price", "'1' -> 1.0")],
    ),
    ("optional takes the repair", "5", int | None, 5, [(C, "", "'5' -> 5")]),
    ("optional keeps null", None, int | None, None, []),
    ("union prefers the arm that needs no repair", "42", int | str, "42", []),
    ("int accepted where float declared", 3, float, 3.0, []),
]


@pytest.mark.parametrize(
    ("raw", "model", "expected", "repairs"),
    [case[1:] for case in REPAIRS],
    ids=[case[0] for case in REPAIRS],
)
def test_shape_repairs_are_applied_and_recorded(
    raw: object, model: Any, expected: object, repairs: list[tuple[RepairKind, str, str]]
) -> None:
    """Each shape-only repair yields the validated value and exactly the repairs applied."""
    result = repair(raw, model)
    assert isinstance(result, Repaired), result
    assert result.value == expected
    assert _kinds(result.repairs) == repairs


# -- each rejection --------------------------------------------------------------------------------

REJECTIONS: list[tuple[str, object, Any, tuple[str, ...], tuple[str, ...], str]] = [
    (
        "missing required field",
        {"conditions": "c"},
        Weather,
        ("temp_c",),
        (),
        "missing required field 'temp_c'",
    ),
    (
        "missing and invalid named together",
        {"name": "x", "qty": "lots"},
        Item,
        ("price",),
        ("qty",),
        "missing required field 'price'; 'qty': not a number ('lots')",
    ),
    ("null for a non-optional field", {"name": None, "price": 1}, Item, (), ("name",), "null"),
    ("non-integral string for int", "18.5", int, (), ("",), "not a whole number"),
    ("non-integral float for int", 18.5, int, (), ("",), "not a whole number"),
    ("NaN is not a number", "NaN", float, (), ("",), "not a number"),
    ("inf is not a number", "inf", float, (), ("",), "not a number"),
    ("float NaN is not finite", float("nan"), float, (), ("",), "not a finite number"),
    ("empty string is not a number", "", int, (), ("",), "not a number"),
    ("trailing letters", "12abc", float, (), ("",), "not a number"),
    ("locale separators are ambiguous", "1,000", int, (), ("",), "not a number"),
    ("decimal NaN", {"amount": "NaN"}, Priced, (), ("amount",), "not a number"),
    ("overflowing float", "1e999", float, (), ("",), "out of range"),
    ("huge integer", "1e9999", int, (), ("",), "out of range"),
    ("bool from string", {"active": "true"}, Flags, (), ("active",), "never coerced"),
    ("bool from number", {"active": 1}, Flags, (), ("active",), "never coerced"),
    ("bool is not an int", True, int, (), ("",), "not an integer"),
    ("number is not text", 42, str, (), ("",), "a number where text is declared"),
    ("wrong container", "a", list[Item], (), ("",), "valid array"),
    ("list for a model", [1], Item, (), ("",), "should be an object"),
    ("lone object not wrapped for scalars", {"x": 1}, list[int], (), ("",), "valid array"),
    (
        "nested path",
        {"items": [{"name": "a", "price": 1}, {"name": "b"}]},
        Listing,
        ("items.1.price",),
        (),
        "missing required field 'items.1.price'",
    ),
    (
        "conflicting aliases",
        {"temp_c": 1, "temperature_c": 2, "conditions": "c"},
        Weather,
        (),
        ("temp_c",),
        "different values",
    ),
    ("union with no matching arm", [1], int | str, (), ("",), "matches none of"),
    ("text where a list is declared", {"items": "x"}, Listing, (), ("items",), "valid array"),
    ("constraints still enforced", {"n": "-1"}, Positive, (), ("n",), "greater than 0"),
    ("unserialisable input", {"name": object(), "price": 1}, Item, (), ("name",), "not text"),
    ("not JSON at all", object(), Item, (), ("",), "not JSON-like"),
    ("non-text keys", {(2, 3): "b"}, dict[str, str], (), ("(2, 3)",), "is not text"),
]


@pytest.mark.parametrize(
    ("raw", "model", "missing", "invalid", "detail"),
    [case[1:] for case in REJECTIONS],
    ids=[case[0] for case in REJECTIONS],
)
def test_what_cannot_be_repaired_is_rejected_by_name(
    raw: object,
    model: Any,
    missing: tuple[str, ...],
    invalid: tuple[str, ...],
    detail: str,
) -> None:
    """Every rejection names exactly the missing and invalid paths, in one line."""
    result = repair(raw, model)
    assert isinstance(result, Rejection), result
    assert result.missing == missing
    assert result.invalid == invalid
    assert detail in result.detail
    assert "\n" not in result.detail
    assert str(result) == result.detail


def test_rejection_keeps_the_repairs_applied_before_it() -> None:
    """A rejection still lists the repairs made on the way, so the trace is complete."""
    result = repair({"name": "x", "price": "1", "extra": 1, "qty": "1.5"}, Item)
    assert isinstance(result, Rejection)
    assert _kinds(result.repairs) == [(C, "price", "'1' -> 1.0"), (D, "extra", "dropped 'extra'")]


def test_long_rejections_stay_one_bounded_line() -> None:
    """Many problems are summarised, not dumped: the detail stays one short line."""
    result = repair([{"name": str(i)} for i in range(50)], list[Item])
    assert isinstance(result, Rejection)
    assert len(result.missing) == 50
    assert "… and 42 more" in result.detail
    assert len(result.detail) < 600


@pytest.mark.parametrize("model", [42, "Item", Item(name="a", price=1), object()])
def test_an_invalid_model_is_a_type_error(model: object) -> None:
    """Passing something that is not a type is the caller's bug and raises a clear TypeError."""
    with pytest.raises(TypeError, match="not a type pydantic can validate"):
        repair({}, model)


def test_raw_is_never_mutated() -> None:
    """Repairs are made on a copy: the caller's raw value is untouched."""
    raw = {"items": {"name": "a", "price": "1", "junk": [1, 2]}}
    before = copy.deepcopy(raw)
    assert isinstance(repair(raw, Listing), Repaired)
    assert raw == before


def test_repair_is_typed_by_its_model() -> None:
    """``repair(raw, Item)`` is ``Repaired[Item] | Rejection`` to mypy and at run time."""
    result = repair({"name": "a", "price": "3"}, Item)
    assert isinstance(result, Repaired)
    item: Item = result.value  # mypy checks this assignment
    assert item.price == 3.0


# -- properties ------------------------------------------------------------------------------------

json_scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
json_values = st.recursive(
    json_scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=20,
)
MODELS: list[Any] = [
    Item,
    Weather,
    Listing,
    Flags,
    Priced,
    Account,
    Nested,
    Open,
    Row,
    Point,
    Cart,
    list[Item],
    Item | None,
    dict[str, Item],
    int,
    float,
    bool,
    str,
    int | str,
]


@given(raw=json_values, model=st.sampled_from(MODELS))
def test_repair_never_raises_for_any_json_value(raw: object, model: Any) -> None:
    """For any JSON value and any supported model, repair returns a verdict and never raises."""
    before = copy.deepcopy(raw)
    result = repair(raw, model)
    assert isinstance(result, Repaired | Rejection)
    if isinstance(result, Rejection):
        assert result.missing or result.invalid
        assert result.detail
        assert "\n" not in result.detail
    assert repr(raw) == repr(before)  # untouched (repr, because NaN never equals itself)


finite = st.floats(allow_nan=False, allow_infinity=False)
items = st.builds(Item, name=st.text(), price=finite, qty=st.integers())
VALID: list[st.SearchStrategy[Any]] = [
    items.map(lambda i: (i, Item)),
    st.lists(items, max_size=3).map(lambda xs: (Listing(items=xs), Listing)),
    st.lists(items, max_size=3).map(lambda xs: (xs, list[Item])),
    st.builds(Weather, temp_c=finite, conditions=st.text()).map(lambda w: (w, Weather)),
    st.builds(Priced, amount=st.decimals(allow_nan=False, allow_infinity=False)).map(
        lambda p: (p, Priced)
    ),
    st.builds(Flags, active=st.booleans()).map(lambda f: (f, Flags)),
    st.dictionaries(st.text(), items, max_size=3).map(lambda d: (d, dict[str, Item])),
]


@given(case=st.one_of(VALID))
def test_a_valid_value_comes_back_equal_with_zero_repairs(case: tuple[Any, Any]) -> None:
    """Repair never changes meaning: any valid instance, dumped to JSON, round-trips untouched."""
    instance, model = case

    dumped = TypeAdapter(model).dump_python(instance, mode="json")
    result = repair(dumped, model)
    assert isinstance(result, Repaired), result
    assert result.value == instance
    assert result.repairs == ()


@given(
    payload=items.map(lambda i: i.model_dump(mode="json")),
    drop=st.sampled_from(["name", "price"]),
    extra=st.dictionaries(
        st.text(max_size=5).filter(lambda k: k not in {"name", "price", "qty"}),
        json_values,
        max_size=3,
    ),
)
def test_a_missing_required_field_is_a_rejection_every_time(
    payload: dict[str, Any], drop: str, extra: dict[str, Any]
) -> None:
    """For any record lacking a required key, repair rejects and names that key."""
    raw = {**payload, **extra}
    del raw[drop]
    result = repair(raw, Item)
    assert isinstance(result, Rejection)
    assert drop in result.missing
    assert f"missing required field {drop!r}" in result.detail


@st.composite
def mangled_carts(draw: st.DrawFn) -> tuple[Cart, object, Counter[tuple[RepairKind, str]]]:
    """A valid cart, its JSON mangled by shape-only changes, and the repairs they call for."""
    lines = draw(
        st.lists(st.builds(Line, sku=st.text(), price=finite, qty=st.integers()), max_size=3)
    )
    expected: Counter[tuple[RepairKind, str]] = Counter()
    raw_lines: list[dict[str, Any]] = []
    for i, line in enumerate(lines):
        raw = line.model_dump(mode="json")
        where = f"lines.{i}"
        if draw(st.booleans()):
            raw["price"] = draw(st.sampled_from([repr(line.price), f" {line.price!r} "]))
            expected[(C, f"{where}.price")] += 1
        if draw(st.booleans()):
            raw["qty"] = str(line.qty)
            expected[(C, f"{where}.qty")] += 1
        if draw(st.booleans()):
            raw["SKU"] = raw.pop("sku")
            expected[(A, f"{where}.sku")] += 1
        for key in draw(st.sets(st.sampled_from(["note", "colour", "_id"]), max_size=2)):
            raw[key] = draw(json_values)
            expected[(D, f"{where}.{key}")] += 1
        raw_lines.append(raw)
    body: object = raw_lines
    if len(raw_lines) == 1 and draw(st.booleans()):
        body = raw_lines[0]
        expected[(W, "lines")] += 1
    return Cart(lines=lines), {"lines": body}, expected


@given(case=mangled_carts())
def test_every_repair_applied_is_listed(
    case: tuple[Cart, object, Counter[tuple[RepairKind, str]]],
) -> None:
    """Whatever shape damage is done, the value comes back equal and each fix is listed once."""
    cart, raw, expected = case
    result = repair(raw, Cart)
    assert isinstance(result, Repaired), result
    assert result.value == cart
    assert Counter((r.kind, r.path) for r in result.repairs) == expected


class Tree(BaseModel):
    label: str
    children: list[Tree] = []


def _deep(levels: int) -> dict[str, Any]:
    node: dict[str, Any] = {"label": "leaf"}
    for _ in range(levels):
        node = {"label": "n", "children": [node]}
    return node


class _Hostile:
    def __repr__(self) -> str:
        raise RuntimeError("no repr for you")


WEIRD: list[tuple[str, object, Any]] = [
    ("deeply nested recursive model", _deep(5000), Tree),
    ("deeply nested list under Any", _deep(5000), list[Any]),
    ("bytes", b"\xff\xfe", Item),
    ("set", {1, 2}, list[int]),
    ("tuple of records", ({"name": "a", "price": 1},), list[Item]),
    ("hostile repr", {"name": _Hostile(), "price": 1}, Item),
    ("hostile repr at the root", _Hostile(), int),
    ("non-string keys", {1: "a", (2, 3): "b"}, dict[str, str]),
    ("decimal object", Decimal("NaN"), float),
    ("huge int string", "9" * 5000, int),
    ("tiny float string", "1e-400", float),
]


@pytest.mark.parametrize(("raw", "model"), [c[1:] for c in WEIRD], ids=[c[0] for c in WEIRD])
def test_weird_inputs_get_a_verdict_not_a_crash(raw: object, model: Any) -> None:
    """Deep nesting, non-JSON types and hostile objects give a verdict, never an exception."""
    result = repair(raw, model)
    assert isinstance(result, Repaired | Rejection)
    if isinstance(result, Rejection):
        assert result.invalid or result.missing
