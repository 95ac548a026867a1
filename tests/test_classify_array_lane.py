"""A JSON array body validated straight from its text answers exactly as decoding it first does.

With a result model and no ``items`` / ``total`` path, the body step hands a top-level array on
undecoded (``_array_as_is``) and the last step validates it from its text instead of decoding it
and repairing the decoded value. These
properties classify the same responses with that lane and without it and require the same
envelope, field for field; and they check the premise the lane rests on: no later step reads
anything from an array body but its length.
"""

from __future__ import annotations

import json
from typing import Any
from unittest import mock

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, Field

from tool_outcomes import Envelope, Outcome, classify_parts
from tool_outcomes.classify import _body, _envelope
from tool_outcomes.classify._collection import find_collection
from tool_outcomes.classify._conventions import CONVENTIONS
from tool_outcomes.classify._pagination import find_total, page_evidence
from tool_outcomes.repair import valid_json_as_is


class Item(BaseModel):
    id: int
    name: str
    score: float


class Loose(BaseModel):
    id: int | None = None
    tags: list[str] = []
    meta: dict[str, int] = {}


class Aliased(BaseModel):
    user_id: str = Field(alias="userId")


class Anything(BaseModel):
    id: int
    extra: Any = None


MODELS: list[Any] = [
    list[Item],
    list[Loose],
    list[Aliased],
    list[Anything],
    list[int],
    list[float],
    list[str],
    list[int | str],
    list[dict[str, int]],
    list[list[int]],
    tuple[int, ...],
    set[int],
    Item,
    int,
]

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**30), 10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6)
    | st.sampled_from(["id", "name", "score", "tags", "meta", "userId", "user_id"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(["id", "name", "score", "tags", "meta", "userId", "extra", "x"]),
            inner,
            max_size=4,
        )
    ),
    max_leaves=16,
)
ITEMS = st.fixed_dictionaries(
    {
        "id": st.integers(-5, 5) | st.sampled_from([1.5, "7", None]),
        "name": st.text(max_size=5),
        "score": st.floats(allow_nan=False, allow_infinity=False) | st.integers(0, 3),
    },
    optional={"tags": st.lists(st.text(max_size=3), max_size=2), "x": st.integers()},
)
PIECES = st.sampled_from(
    [
        '"\\ud800"',
        '"\\ud83d\\ude00"',
        "NaN",
        "Infinity",
        "1e400",
        "1e5",
        "-0",
        "1.0",
        '{"id": 1, "id": "x"}',
        '{"id": "x", "id": 1, "name": "n", "score": 1}',
        '{"userId": "u"}',
        '{"user_id": "u"}',
        '{"a": 1, "a": "b"}',
        "[1, 2]",
        "[",
        "]",
        ",",
        "{}",
        '"s"',
        "\ufeff",
        " ",
    ]
)
HEADERS = st.sampled_from(
    [
        {"content-type": "application/json"},
        {"content-type": "application/json", "x-total-count": "500"},
        {"content-type": "application/json", "x-total-count": "0"},
        {"content-type": "application/json", "link": '<https://api.test/items?page=2>; rel="next"'},
        {"content-type": "application/json", "content-range": "items 0-1/9"},
        {"content-type": "text/html"},
        {},
    ]
)


def _classify(body: bytes, headers: dict[str, str], model: Any, *, lane: bool) -> Envelope[Any]:
    def call() -> Envelope[Any]:
        return classify_parts(
            200,
            httpx.Headers(headers),
            body,
            url="https://api.test/items?page=1",
            method="GET",
            result_model=model,
            tool="t",
        )

    if lane:
        return call()
    with mock.patch.object(_body, "_array_as_is", return_value=None):
        return call()


def _fields(env: Envelope[Any]) -> tuple[Any, ...]:
    return (
        env.outcome,
        repr(env.data),
        type(env.data),
        [type(item) for item in env.data] if isinstance(env.data, list | tuple) else None,
        env.coverage,
        env.failure,
        env.repairs,
        env.target,
    )


def _same(body: bytes, headers: dict[str, str], model: Any) -> None:
    assert _fields(_classify(body, headers, model, lane=True)) == _fields(
        _classify(body, headers, model, lane=False)
    )


@given(
    value=st.lists(JSON_VALUES, max_size=5) | st.lists(ITEMS, max_size=5),
    model=st.sampled_from(MODELS),
    headers=HEADERS,
    indent=st.sampled_from([None, 2]),
)
def test_an_array_gets_the_same_envelope_with_the_lane_and_without(
    value: list[Any], model: Any, headers: dict[str, str], indent: int | None
) -> None:
    """Any JSON array, for any model and headers: same outcome, data, coverage, repairs."""
    _same(json.dumps(value, indent=indent).encode(), headers, model)


@given(pieces=st.lists(PIECES, max_size=8), model=st.sampled_from(MODELS), headers=HEADERS)
def test_near_json_arrays_get_the_same_envelope(
    pieces: list[str], model: Any, headers: dict[str, str]
) -> None:
    """Duplicate keys, lone surrogates, NaN, overflowing numbers, stray brackets: the same."""
    _same(("[" + ", ".join(pieces) + "]").encode(), headers, model)
    _same(("\ufeff [" + "".join(pieces)).encode(), headers, model)


@pytest.mark.parametrize("levels", [1, 2, 3, 199, 200, 201, 202])
@pytest.mark.parametrize(
    "model", [list[Anything], list[list[int]], list[Any], list[dict[str, Any]]]
)
def test_deep_arrays_get_the_same_envelope(levels: int, model: Any) -> None:
    """Around the decoder's 200-level limit, which validation alone does not apply: the same."""
    _same(("[" * levels + "1" + "]" * levels).encode(), {}, model)
    inner = '{"id": 1, "extra": ' + "[" * levels + "]" * levels + "}"
    _same(f"[{inner}]".encode(), {}, model)


def test_the_lane_is_taken_for_a_valid_array() -> None:
    """A valid array body is validated from its text: the decoder is never called."""
    body = json.dumps([{"id": i, "name": f"n{i}", "score": i / 7} for i in range(3)]).encode()
    never = mock.Mock(side_effect=AssertionError("decoded"))
    with (
        mock.patch.object(_body, "decode_json_text", never),
        mock.patch.object(_envelope, "decode_json", never),
    ):
        env = _classify(body, {"content-type": "application/json"}, list[Item], lane=True)
    assert env.outcome is Outcome.SUCCESS
    assert env.data == [Item(id=i, name=f"n{i}", score=i / 7) for i in range(3)]


def test_an_array_that_needs_repair_is_validated_once_as_it_is() -> None:
    """When the text fails validation as it is, repair walks without validating it again."""
    body = b'[{"id": 1, "name": "a", "score": 1, "unknown": true}]'
    with mock.patch.object(_envelope, "valid_json_as_is", wraps=valid_json_as_is) as spy:
        env = _classify(body, {}, list[Item], lane=True)
    assert spy.call_count == 1
    assert env.outcome is Outcome.SUCCESS
    assert [r.path for r in env.repairs] == ["0.unknown"]


@given(value=st.lists(JSON_VALUES, max_size=5), media=st.sampled_from(["", "application/json"]))
def test_no_later_step_reads_an_array_but_its_length(value: list[Any], media: str) -> None:
    """The lane's premise: no convention reads a top-level array, and no array holds a count or
    a next page of its own (a header may, and the lane reads headers as before)."""
    assert all(convention.read(value, media) is None for convention in CONVENTIONS)
    collection = find_collection(value, None)
    assert collection is not None
    assert not isinstance(collection, str)
    assert collection.items is value
    assert find_total(value, collection, None) is None
    assert page_evidence(value, collection, "https://api.test/items") == []


@given(
    value=JSON_VALUES.filter(lambda v: not isinstance(v, dict)),
    media=st.sampled_from(["", "application/json", "application/problem+json"]),
)
def test_every_convention_reads_only_objects(value: Any, media: str) -> None:
    """The pipeline asks the conventions only about a JSON object: none reads anything else."""
    assert [c.name for c in CONVENTIONS if c.read(value, media) is not None] == []
