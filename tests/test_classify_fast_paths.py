"""The classifier's fast paths answer exactly as the slow ways they replace.

``decode_json`` reads bodies with pydantic-core's parser and falls back to ``json`` for anything
that parser refuses; these properties compare it with ``decode_json_stdlib`` (``json.loads`` and a
walk of the tree), value for value and reason for reason, on JSON text, near-JSON text and bytes.
An exchange's headers answer lookups from an index; they must answer as ``httpx.Headers`` does.
"""

from __future__ import annotations

import json
import math
import sys

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tool_outcomes.classify._body import _blank
from tool_outcomes.classify._exchange import Exchange, Options
from tool_outcomes.classify._json import (
    MAX_JSON_DEPTH,
    decode_json,
    decode_json_finite,
    decode_json_stdlib,
    finite,
)

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(-(10**80), 10**80)
    | st.floats()
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=20,
)
NUMBERS = st.from_regex(r"\A-?(0|[1-9][0-9]{0,30})(\.[0-9]{1,30})?([eE][+-]?[0-9]{1,4})?\Z")
PIECES = st.sampled_from(
    ['"\\ud800"', '"\\udc00"', '"\\ud83d\\ude00"', "NaN", "-Infinity", "[", "]", "{", "}", ",", ":"]
) | st.sampled_from(
    ['"a"', "1", "-0", "1e400", "\ufeff", " ", "\t", "\n", "\x0c", "\x00", '"\\u0000"', "tru"]
)


def _same(body: bytes) -> None:
    fast, reference = decode_json(body), decode_json_stdlib(body)
    assert fast[1] == reference[1]
    assert repr(fast[0]) == repr(reference[0])  # repr: NaN never equals itself, -0.0 does 0.0
    assert _types(fast[0]) == _types(reference[0])
    # The body step's decode-then-make-finite, walk skipped where it can be, answers the same.
    value, problem, repairs = decode_json_finite(body)
    expected_value, expected_repairs = finite(reference[0]) if reference[1] is None else (None, ())
    assert (repr(value), problem, repairs) == (repr(expected_value), reference[1], expected_repairs)


def _types(value: object) -> object:
    if isinstance(value, list):
        return [_types(v) for v in value]
    if isinstance(value, dict):
        return {k: _types(v) for k, v in value.items()}
    return type(value)


@given(value=JSON_VALUES, indent=st.sampled_from([None, 1]), ascii_only=st.booleans())
def test_json_text_decodes_to_the_same_value(
    value: object, indent: int | None, ascii_only: bool
) -> None:
    """Any JSON text Python writes decodes to the same value, with the same types."""
    _same(json.dumps(value, indent=indent, ensure_ascii=ascii_only).encode())


@given(number=NUMBERS)
def test_numbers_decode_to_the_same_float_or_int(number: str) -> None:
    """Every JSON number spelling reads as the same int or correctly rounded float."""
    _same(number.encode())
    _same(f"[{number}]".encode())


@given(pieces=st.lists(PIECES, max_size=12))
def test_near_json_gets_the_same_verdict_and_reason(pieces: list[str]) -> None:
    """Text assembled from JSON's own pieces, valid or not, gets the same value or reason."""
    _same("".join(pieces).encode())


@given(body=st.binary(max_size=40))
def test_any_bytes_get_the_same_verdict_and_reason(body: bytes) -> None:
    """Arbitrary bytes (invalid UTF-8, control bytes, BOMs) get the same value or reason."""
    _same(body)


@pytest.mark.parametrize(
    "number",
    ["1e400", "-1E+0400", "1" * 250 + "e99", "1" * 199 + "e99", "9" * 320, "2e308", "1e-400"],
)
def test_numbers_that_overflow_are_made_null_as_before(number: str) -> None:
    """A number too large for a float is found and made null with its repair, as the walk does."""
    _same(f'{{"a": [{number}], "b": "x"}}'.encode())
    _same(number.encode())


@pytest.mark.parametrize("levels", [MAX_JSON_DEPTH - 2, MAX_JSON_DEPTH - 1, MAX_JSON_DEPTH, 201])
@pytest.mark.parametrize("inner", ["", "1", '{"a": 1}'])
def test_nesting_at_the_depth_limit_gets_the_same_answer(levels: int, inner: str) -> None:
    """Around the 200-level limit, deep bodies are accepted and refused exactly as before."""
    _same(("[" * levels + inner + "]" * levels).encode())
    _same(('{"k":' * levels + (inner or "0") + "}" * levels).encode())


def test_a_lowered_int_digit_limit_is_still_honoured() -> None:
    """A program that lowers Python's int digit limit gets the same refusal of long numbers."""
    before = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(640)
    try:
        value, problem = decode_json(b"9" * 1000)
    finally:
        sys.set_int_max_str_digits(before)
    assert value is None
    assert problem is not None
    assert "not JSON" in problem


def test_nan_and_infinity_are_floats() -> None:
    """Python servers' NaN and Infinity decode as floats, as the standard library reads them."""
    value, problem = decode_json(b"[NaN, Infinity, -Infinity]")
    assert problem is None
    assert math.isnan(value[0])
    assert value[1:] == [math.inf, -math.inf]


HEADER_NAMES = st.sampled_from(["Content-Type", "content-type", "Link", "X-Total-Count", "Date"])
RAW_NAMES = HEADER_NAMES.map(str.encode)
# Bytes: what a server sends. Non-ASCII ones make httpx fall back to UTF-8, then Latin-1.
HEADER_VALUES = st.lists(st.integers(32, 255), max_size=6).map(bytes)


@given(
    pairs=st.lists(st.tuples(RAW_NAMES, HEADER_VALUES), max_size=6),
    asked=st.lists(HEADER_NAMES | st.sampled_from(["LINK", "x-total-count", "Missing"])),
)
def test_exchange_headers_answer_as_httpx_headers(
    pairs: list[tuple[bytes, bytes]], asked: list[str]
) -> None:
    """Any header name, repeated or in any case, reads the same value httpx would give."""
    given_headers = httpx.Headers(pairs)
    exchange = Exchange(200, given_headers, b"", Options())
    for name in asked:
        assert exchange.headers.get(name) == httpx.Headers(pairs).get(name)
        assert exchange.headers.get(name, "-") == httpx.Headers(pairs).get(name, "-")


def test_exchange_headers_follow_a_change() -> None:
    """Setting or removing a header after a lookup is seen by the next lookup."""
    exchange = Exchange(200, httpx.Headers({"Link": "<a>"}), b"", Options())
    assert exchange.headers.get("link") == "<a>"
    exchange.headers["Link"] = "<b>"
    assert exchange.headers.get("link") == "<b>"
    exchange.headers.update({"X-Total-Count": "3"})
    assert exchange.headers.get("x-total-count") == "3"
    del exchange.headers["link"]
    assert exchange.headers.get("link") is None


@given(
    body=st.binary(max_size=12)
    | st.lists(
        st.sampled_from([b"\xef\xbb\xbf", b" ", b"\t", b"\n", b"[", b'"', b"a", b"\x00"])
    ).map(b"".join)
)
def test_a_blank_body_is_found_as_stripping_it_finds_it(body: bytes) -> None:
    """The blank check skips the copy for the usual first bytes, with the same answer."""
    assert _blank(body) == (not body.removeprefix(b"\xef\xbb\xbf").strip())
