"""The envelope: every invariant refused by name, every valid outcome constructible."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from tool_outcomes import (
    RAW_SAMPLE_MAX_CHARS,
    Coverage,
    Envelope,
    Failure,
    FailureCode,
    FailureKind,
    Outcome,
    Repair,
    RepairKind,
    TruncatedBy,
)


class Item(BaseModel):
    name: str


TIMEOUT = Failure(code=FailureCode.TIMEOUT, kind=FailureKind.TRANSIENT, detail="read timed out")
CUT = Coverage(returned=3, total=10, truncated_by=TruncatedBy.TOTAL_EXCEEDS_RETURNED)

# -- invariants --------------------------------------------------------------------------------

REFUSED: list[tuple[str, dict[str, Any], str]] = [
    ("access_failure without failure", {"outcome": "access_failure"}, "needs a failure"),
    (
        "access_failure with data",
        {"outcome": "access_failure", "failure": TIMEOUT, "data": [1]},
        "carries no data",
    ),
    (
        "access_failure with coverage",
        {"outcome": "access_failure", "failure": TIMEOUT, "coverage": Coverage(returned=0)},
        "carries no coverage",
    ),
    ("success with failure", {"outcome": "success", "failure": TIMEOUT}, "success carries no"),
    ("empty with failure", {"outcome": "empty", "failure": TIMEOUT}, "empty carries no failure"),
    (
        "partial with failure",
        {"outcome": "partial", "coverage": CUT, "failure": TIMEOUT},
        "no fail",
    ),
    ("partial without coverage", {"outcome": "partial", "data": [1]}, "partial needs a coverage"),
    (
        "partial without evidence",
        {"outcome": "partial", "coverage": Coverage(returned=3, total=10)},
        "truncated_by",
    ),
    ("empty with returned items", {"outcome": "empty", "coverage": Coverage(returned=2)}, "not 0"),
    ("empty with items in data", {"outcome": "empty", "data": [1]}, "carries items"),
    ("empty with keys in data", {"outcome": "empty", "data": {"a": 1}}, "carries items"),
    (
        "success with total above returned",
        {"outcome": "success", "coverage": Coverage(returned=3, total=10)},
        "that is a partial",
    ),
    ("success with truncation", {"outcome": "success", "coverage": CUT}, "that is a partial"),
    (
        "partial whose coverage counts more items than its data holds",
        {"outcome": "partial", "data": [1], "coverage": CUT},
        "coverage.returned is 3 but data holds 1 items",
    ),
    (
        "success whose coverage counts fewer items than its data holds",
        {"outcome": "success", "data": (1, 2), "coverage": Coverage(returned=1)},
        "coverage.returned is 1 but data holds 2 items",
    ),
    (
        "empty with an empty list but returned items",
        {"outcome": "empty", "data": [], "coverage": Coverage(returned=2)},
        "data holds 0 items",
    ),
    ("unknown outcome", {"outcome": "maybe"}, "Input should be"),
    ("missing outcome", {"data": [1]}, "Field required"),
    ("zero attempts", {"outcome": "success", "attempts": 0}, "greater than or equal to 1"),
    ("unknown field", {"outcome": "success", "status": "ok"}, "Extra inputs"),
]


@pytest.mark.parametrize(
    ("fields", "message"), [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED]
)
def test_each_invariant_is_refused_with_a_clear_message(
    fields: dict[str, Any], message: str
) -> None:
    """An envelope that would contradict its own outcome cannot be constructed."""
    with pytest.raises(ValidationError, match=message):
        Envelope[Any](**fields)


VALID: list[tuple[str, dict[str, Any]]] = [
    ("success with data", {"outcome": "success", "data": [1, 2]}),
    (
        "success with full coverage",
        {"outcome": "success", "coverage": Coverage(returned=2, total=2)},
    ),
    ("empty bare", {"outcome": "empty"}),
    (
        "empty with an empty list",
        {"outcome": "empty", "data": [], "coverage": Coverage(returned=0)},
    ),
    ("partial with evidence", {"outcome": "partial", "data": [1, 2, 3], "coverage": CUT}),
    (
        "a record counted as one",
        {"outcome": "success", "data": {"id": 1, "tags": [1, 2]}, "coverage": Coverage(returned=1)},
    ),
    (
        "a byte range counted in bytes",
        {
            "outcome": "partial",
            "data": "abcd",
            "coverage": Coverage(returned=4, truncated_by=TruncatedBy.PARTIAL_CONTENT),
        },
    ),
    ("a list without coverage", {"outcome": "success", "data": [1, 2, 3]}),
    ("access_failure with failure", {"outcome": "access_failure", "failure": TIMEOUT}),
]


@pytest.mark.parametrize("fields", [c[1] for c in VALID], ids=[c[0] for c in VALID])
def test_each_valid_outcome_is_constructible(fields: dict[str, Any]) -> None:
    """Every outcome has a valid form, and it keeps the outcome it was given."""
    env = Envelope[Any](**fields)
    assert env.outcome == Outcome(fields["outcome"])
    assert env.made_contact is (env.outcome is not Outcome.ACCESS_FAILURE)


def test_envelopes_are_frozen() -> None:
    """An envelope's outcome cannot be changed after the fact."""
    env = Envelope[Any](outcome=Outcome.SUCCESS, data=[1])
    with pytest.raises(ValidationError, match="frozen"):
        env.outcome = Outcome.EMPTY  # type: ignore[misc]


# -- the closed outcome enum -------------------------------------------------------------------


def test_outcome_is_a_closed_str_enum() -> None:
    """Exactly four outcomes exist, they compare as their strings, and no fifth one parses."""
    assert [o.value for o in Outcome] == ["success", "empty", "partial", "access_failure"]
    assert isinstance(Outcome.EMPTY, str)
    assert f"{Outcome.EMPTY}" == "empty"
    with pytest.raises(ValueError, match="'unknown' is not a valid Outcome"):
        Outcome("unknown")


def _resolve(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    """Follow ``$ref`` (and single-entry ``allOf``) into ``$defs``."""
    while True:
        if "$ref" in node:
            node = schema["$defs"][node["$ref"].rsplit("/", 1)[-1]]
        elif len(node.get("allOf", [])) == 1:
            node = node["allOf"][0]
        else:
            return node


@pytest.mark.parametrize("data_type", [Item, list[Item], dict[str, Any], Any])
def test_json_schema_outcome_is_a_required_enum_of_four(data_type: Any) -> None:
    """The exported JSON Schema makes ``outcome`` required and one of exactly four values."""
    schema = Envelope[data_type].model_json_schema()
    assert "outcome" in schema["required"]
    outcome = _resolve(schema, schema["properties"]["outcome"])
    assert sorted(outcome["enum"]) == sorted(o.value for o in Outcome)


# -- parts ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sample", "expected"),
    [
        ("x" * RAW_SAMPLE_MAX_CHARS, "x" * RAW_SAMPLE_MAX_CHARS),
        ("x" * 40_000, "x" * (RAW_SAMPLE_MAX_CHARS - 1) + "…"),
        (b"<html>" * 1000, ("<html>" * 100)[: RAW_SAMPLE_MAX_CHARS - 1] + "…"),
        (b"ok \xff", "ok \ufffd"),
        (None, None),
    ],
    ids=["at the cap", "long text", "long bytes", "invalid utf-8", "absent"],
)
def test_raw_sample_is_capped_and_decoded(sample: str | bytes | None, expected: str | None) -> None:
    """What came back is kept as at most 500 characters of text, bytes decoded."""
    failure = Failure(code=FailureCode.INVALID_BODY, kind=FailureKind.PERMANENT, raw_sample=sample)
    assert failure.raw_sample == expected
    assert len(failure.raw_sample or "") <= RAW_SAMPLE_MAX_CHARS


def test_coverage_total_below_returned_is_refused() -> None:
    """A source cannot hold fewer items than it returned."""
    with pytest.raises(ValidationError, match=r"coverage.total \(2\) is below coverage.returned"):
        Coverage(returned=3, total=2)


def test_coverage_offset_past_the_total_is_refused() -> None:
    """The items before a page and the page itself fit in the source's total."""
    with pytest.raises(ValidationError, match=r"coverage.offset \(52\) \+ returned \(6\)"):
        Coverage(returned=6, total=56, offset=52)
    with pytest.raises(ValidationError):
        Coverage(returned=1, offset=-1)


@given(
    before=st.integers(min_value=0, max_value=10_000),
    returned=st.integers(min_value=1, max_value=10_000),
    after=st.integers(min_value=0, max_value=10_000),
)
def test_a_later_page_is_a_success_only_when_nothing_comes_after_it(
    before: int, returned: int, after: int
) -> None:
    """For any page, missing counts only what comes after it; success needs that to be 0."""
    total = before + returned + after
    coverage = Coverage(returned=returned, total=total, offset=before)
    assert coverage.missing == after
    data = [Item(name=str(i)) for i in range(returned)]
    if after == 0:
        env = Envelope[list[Item]](outcome=Outcome.SUCCESS, data=data, coverage=coverage)
        assert env.coverage is not None
        assert env.coverage.missing == 0
    else:
        with pytest.raises(ValidationError, match="that is a partial"):
            Envelope[list[Item]](outcome=Outcome.SUCCESS, data=data, coverage=coverage)


def test_coverage_summary_says_where_a_later_page_starts() -> None:
    """A later page's summary names the items before it; a first page's reads as before."""
    assert Coverage(returned=6, total=56, offset=50).summary() == (
        "6 of 56 returned after 50 on earlier pages"
    )
    assert Coverage(returned=6, total=56, offset=0).summary() == "6 of 56 returned"


@pytest.mark.parametrize(
    "fields",
    [
        {"code": "teapot", "kind": "transient"},
        {"code": "timeout", "kind": "sometimes"},
        {"code": "timeout", "kind": "transient", "http_status": 99},
        {"code": "timeout", "kind": "transient", "retry_after_s": -1},
    ],
    ids=["unknown code", "unknown kind", "impossible status", "negative retry-after"],
)
def test_failure_fields_are_closed_and_bounded(fields: dict[str, Any]) -> None:
    """A failure with an invented code or kind, or an impossible number, is refused."""
    with pytest.raises(ValidationError):
        Failure(**fields)


# -- displays ------------------------------------------------------------------------------------

DISPLAYED: list[Envelope[Any]] = [
    Envelope[Any](outcome=Outcome.SUCCESS, data=[Item(name="a")], tool="search"),
    Envelope[Any](outcome=Outcome.SUCCESS, data=Item(name="a")),
    Envelope[Any](outcome=Outcome.EMPTY, data={}, coverage=Coverage(returned=0, total=0)),
    Envelope[Any](outcome=Outcome.PARTIAL, data=[1, 2, 3], coverage=CUT, attempts=2),
    Envelope[Any](
        outcome=Outcome.ACCESS_FAILURE,
        failure=Failure(
            code=FailureCode.RATE_LIMITED,
            kind=FailureKind.TRANSIENT,
            http_status=429,
            retry_after_s=2.5,
            detail="slow\ndown",
        ),
        repairs=(Repair(kind=RepairKind.COERCED_NUMBER, path="a", detail="'1' -> 1"),),
    ),
    Envelope[Any](outcome=Outcome.SUCCESS, data="multi\nline\ntext" * 20),
]


@pytest.mark.parametrize("env", DISPLAYED, ids=[e.outcome.value for e in DISPLAYED])
def test_repr_is_deterministic_and_one_line(env: Envelope[Any]) -> None:
    """The plain-text display is one line, has no memory addresses, and is stable."""
    text = repr(env)
    assert text == repr(env.model_copy(deep=True))  # new objects, new addresses: same text
    assert text.startswith(f"Envelope(outcome={env.outcome.value}")
    assert "\n" not in text
    assert " at 0x" not in text
    assert str(env) == text


def test_repr_of_opaque_data_has_no_memory_address() -> None:
    """An arbitrary object as data is described by its type, not its default repr."""
    assert "0x" not in repr(Envelope[Any](outcome=Outcome.SUCCESS, data=object()))


@pytest.mark.parametrize("env", DISPLAYED, ids=[e.outcome.value for e in DISPLAYED])
def test_html_shows_the_outcome_badge(env: Envelope[Any]) -> None:
    """The rich display leads with the outcome as a badge."""
    html = env._repr_html_()
    assert f"{env.outcome.value}</span>" in html
    assert html.startswith("<div class='tool-outcomes-envelope'>")


def test_html_escapes_data_and_detail() -> None:
    """Markup in a tool's data or failure detail is shown as text, never rendered."""
    failing = Envelope[Any](
        outcome=Outcome.ACCESS_FAILURE,
        tool="<b>tool</b>",
        failure=Failure(code="upstream_error", kind="permanent", detail="<script>x()</script>"),
    )
    answered = Envelope[Any](outcome=Outcome.SUCCESS, data="<img src=x onerror=alert(1)>")
    assert "<script>" not in failing._repr_html_()
    assert "&lt;script&gt;x()&lt;/script&gt;" in failing._repr_html_()
    assert "&lt;b&gt;tool&lt;/b&gt;" in failing._repr_html_()
    assert "<img" not in answered._repr_html_()
    assert "&lt;img src=x" in answered._repr_html_()


# -- round trip ----------------------------------------------------------------------------------

ROUND_TRIP: list[tuple[str, Envelope[list[Item]]]] = [
    ("success", Envelope[list[Item]](outcome=Outcome.SUCCESS, data=[Item(name="a")], tool="t")),
    ("empty", Envelope[list[Item]](outcome=Outcome.EMPTY, data=[], coverage=Coverage(returned=0))),
    (
        "partial",
        Envelope[list[Item]](
            outcome=Outcome.PARTIAL, data=[Item(name=n) for n in "abc"], coverage=CUT
        ),
    ),
    (
        "access_failure",
        Envelope[list[Item]](
            outcome=Outcome.ACCESS_FAILURE,
            failure=Failure(code="schema", kind="permanent", raw_sample=b"<html>"),
            attempts=3,
            repairs=(Repair(kind=RepairKind.WRAPPED_IN_LIST, path="", detail="lone object"),),
            target="https://api.example/items",
            authority="scope:read",
        ),
    ),
]


@pytest.mark.parametrize("env", [c[1] for c in ROUND_TRIP], ids=[c[0] for c in ROUND_TRIP])
def test_json_round_trip_preserves_every_outcome(env: Envelope[list[Item]]) -> None:
    """Dumping to JSON and validating back gives an equal envelope."""
    dumped = env.model_dump(mode="json")
    assert Envelope[list[Item]].model_validate(dumped) == env
    assert Envelope[list[Item]].model_validate_json(env.model_dump_json()) == env


# -- property: construct or refuse, nothing else -------------------------------------------------

COUNTS = st.none() | st.integers(min_value=-1, max_value=6)
coverages = st.none() | st.fixed_dictionaries(
    {
        "returned": st.integers(min_value=-1, max_value=5),
        "total": COUNTS,
        "truncated_by": st.none() | st.sampled_from([*(t.value for t in TruncatedBy), "bogus"]),
    }
)
failures = st.none() | st.fixed_dictionaries(
    {
        "code": st.sampled_from([*(c.value for c in FailureCode), "bogus"]),
        "kind": st.sampled_from([*(k.value for k in FailureKind), "bogus"]),
    }
)
datas = st.sampled_from([None, [], [1], {}, {"a": 1}, "", "x", 0, False])


def _coverage_is_valid(cov: dict[str, Any]) -> bool:
    total = cov["total"]
    return (
        cov["returned"] >= 0
        and (total is None or total >= max(cov["returned"], 0))
        and cov["truncated_by"] in {None, *TruncatedBy}
    )


def _failure_is_valid(failure: dict[str, Any]) -> bool:
    return failure["code"] in set(FailureCode) and failure["kind"] in set(FailureKind)


def _invariants_hold(
    outcome: Outcome, data: object, cov: dict[str, Any] | None, failure: object
) -> bool:
    """The invariants exactly as the Envelope docstring writes them."""
    items = len(data) if isinstance(data, list | dict) else None
    if outcome is Outcome.ACCESS_FAILURE:
        return failure is not None and data is None and cov is None
    if failure is not None:
        return False
    if cov is not None and isinstance(data, list | tuple) and cov["returned"] != len(data):
        return False
    if outcome is Outcome.PARTIAL:
        return cov is not None and cov["truncated_by"] is not None
    if outcome is Outcome.EMPTY:
        return (cov is None or cov["returned"] == 0) and items in (None, 0)
    if data == [] and isinstance(data, list):  # success with an empty list is an empty
        return False
    if cov is not None:  # success
        return cov["truncated_by"] is None and (
            cov["total"] is None or cov["total"] <= cov["returned"]
        )
    return True


@given(
    outcome=st.sampled_from(Outcome),
    data=datas,
    coverage=coverages,
    failure=failures,
)
def test_any_combination_constructs_a_lawful_envelope_or_is_refused(
    outcome: Outcome, data: object, coverage: dict[str, Any] | None, failure: dict[str, Any] | None
) -> None:
    """Any (outcome, data, coverage, failure) builds an envelope obeying the invariants, or a
    ValidationError: never another exception, and never a lawless envelope."""
    parts_valid = (coverage is None or _coverage_is_valid(coverage)) and (
        failure is None or _failure_is_valid(failure)
    )
    expected = parts_valid and _invariants_hold(outcome, data, coverage, failure)
    try:
        env = Envelope[Any](outcome=outcome, data=data, coverage=coverage, failure=failure)
    except ValidationError:
        assert not expected
        return
    assert expected
    assert env.outcome is outcome
    assert (env.failure is None) is (outcome is not Outcome.ACCESS_FAILURE)


def test_a_success_with_an_empty_collection_is_refused() -> None:
    """An empty list labelled success is the very ambiguity the envelope exists to remove."""
    with pytest.raises(ValueError, match="that is an empty"):
        Envelope[list[int]](outcome=Outcome.SUCCESS, data=[])
