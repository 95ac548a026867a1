"""Notebook 05's stock-lookup aids: the mocked service answers as documented, and never leaks."""

from __future__ import annotations

from typing import Any

import pytest

from tool_outcomes import (
    Envelope,
    FailureCode,
    FailureKind,
    Outcome,
    Rejection,
    RepairKind,
    RetryPolicy,
    repair,
    tool,
)
from tool_outcomes.workbook.nb05.stock_lookup import (
    BROKEN_SKU,
    SLOW_SKU,
    STOCK_REPLIES,
    StockLevel,
    StockQuery,
    stock_service,
    verdict_line,
)


@tool(args=StockQuery, result=StockLevel, policy=RetryPolicy(max_attempts=1))
def get_stock(args: StockQuery) -> object:
    """The notebook's tool: the warehouse's own error is passed on, everything else validated."""
    reply = stock_service(args.sku)
    if isinstance(reply, dict) and reply.get("error") is not None:
        return Envelope[Any].failed(
            FailureCode.UPSTREAM_ERROR,
            FailureKind.TRANSIENT,
            f"the warehouse says: {reply['error']}",
        )
    return reply


# sku -> the repair kinds a valid reply needs, or None when the reply must be rejected
EXPECTED: dict[str, tuple[RepairKind, ...] | None] = {
    "B-100": (),
    "B-101": (RepairKind.COERCED_NUMBER, RepairKind.COERCED_NUMBER),
    "B-102": (RepairKind.MAPPED_ALIAS, RepairKind.DROPPED_UNKNOWN_FIELD),
    "B-103": None,  # the warehouse's error: never validated (see the test below)
    "B-104": None,
    "B-105": None,
    "B-106": None,
    "B-107": None,
    "B-108": None,
    "B-109": None,
}


def test_every_reply_is_described() -> None:
    """The table below covers the whole mocked service, so the notebook's claims are all tested."""
    assert set(EXPECTED) == set(STOCK_REPLIES)


#: The replies that are the warehouse's own error object: the handler reads them, never repair.
ERROR_REPLIES = ("B-103",)


def test_only_the_error_reply_carries_an_error() -> None:
    """The notebook reads `error` in one reply only; every other reply is a stock level's shape."""
    carrying = [
        sku
        for sku, reply in STOCK_REPLIES.items()
        if isinstance(reply, dict) and reply.get("error") is not None
    ]
    assert tuple(carrying) == ERROR_REPLIES


def test_the_warehouse_error_is_passed_on_as_a_transient_upstream_error() -> None:
    """'warehouse offline' reaches the model as the upstream's verdict, with no repair recorded."""
    env = get_stock.call(sku="B-103")
    assert env.failure is not None
    assert (env.failure.code, env.failure.kind) == (
        FailureCode.UPSTREAM_ERROR,
        FailureKind.TRANSIENT,
    )
    assert "warehouse offline" in env.failure.detail
    assert not env.repairs


def test_repair_alone_would_call_the_warehouse_error_a_shape_problem() -> None:
    """The notebook's bug table: repair rejects B-103 for missing fields, never for its error."""
    result = repair(stock_service("B-103"), StockLevel)
    assert isinstance(result, Rejection)
    assert result.missing == ("quantity", "unit_price", "discontinued")


@pytest.mark.parametrize(
    ("sku", "kinds"), [(sku, kinds) for sku, kinds in EXPECTED.items() if sku not in ERROR_REPLIES]
)
def test_each_reply_is_repaired_or_rejected_as_the_notebook_says(
    sku: str, kinds: tuple[RepairKind, ...] | None
) -> None:
    """Clean, numbers as text and an alias with a stray field pass; the rest are schema failures."""
    env = get_stock.call(sku=sku)
    if kinds is None:
        assert env.outcome is Outcome.ACCESS_FAILURE
        assert env.failure is not None
        assert (env.failure.code, env.failure.kind) == (FailureCode.SCHEMA, FailureKind.PERMANENT)
        assert env.failure.raw_sample
    else:
        assert env.outcome is Outcome.SUCCESS
        assert tuple(r.kind for r in env.repairs) == kinds


@pytest.mark.parametrize(
    ("sku", "code", "kind"),
    [
        (SLOW_SKU, FailureCode.TIMEOUT, FailureKind.TRANSIENT),
        (BROKEN_SKU, FailureCode.EXECUTION, FailureKind.PERMANENT),
        ("Z-404", FailureCode.EXECUTION, FailureKind.PERMANENT),
    ],
)
def test_a_service_that_raises_fails_at_the_execution_stage(
    sku: str, code: FailureCode, kind: FailureKind
) -> None:
    """A timeout is transient, a bug in the tool's code (or an unknown SKU) permanent."""
    env = get_stock.call(sku=sku)
    assert env.failure is not None
    assert (env.failure.code, env.failure.kind) == (code, kind)


def test_the_service_hands_out_copies() -> None:
    """A caller that mutates a reply cannot change what the next caller gets."""
    reply: Any = stock_service("B-101")
    reply["quantity"] = "changed"
    assert stock_service("B-101") == STOCK_REPLIES["B-101"]


def test_the_html_page_is_longer_than_any_raw_sample() -> None:
    """The notebook shows a page cut to 500 characters: the page must be longer than that."""
    page = stock_service("B-105")
    assert isinstance(page, str)
    assert len(page) > 2000
    env = get_stock.call(sku="B-105")
    assert env.failure is not None
    assert env.failure.raw_sample is not None
    assert len(env.failure.raw_sample) == 500


def test_verdict_line_names_the_repairs_or_the_rejection() -> None:
    """One line: no repair, the repairs applied, or what was rejected."""
    assert verdict_line(repair(stock_service("B-100"), StockLevel)) == "Repaired (no repair needed)"
    assert verdict_line(repair(stock_service("B-102"), StockLevel)) == (
        "Repaired: mapped_alias at quantity: 'qty' -> 'quantity'; "
        "dropped_unknown_field at bin: dropped 'bin'"
    )
    assert verdict_line(repair(stock_service("B-104"), StockLevel)) == (
        "Rejection: missing required field 'discontinued'"
    )


@pytest.mark.parametrize(
    ("raw", "model", "path"),
    [
        ([STOCK_REPLIES["B-100"]], StockLevel, "<root>"),
        ([STOCK_REPLIES["B-100"], STOCK_REPLIES["B-102"]], StockLevel, "<root>"),
        ({"a": [STOCK_REPLIES["B-100"]]}, dict[str, StockLevel], "a"),
    ],
)
def test_verdict_line_words_a_list_for_one_record_as_the_table_does(
    raw: object, model: Any, path: str
) -> None:
    """Not pydantic's 'Input should be an object ([…' but the rule, at the field it broke."""
    assert verdict_line(repair(raw, model)) == (
        f"Rejection: {path!r}: a list where one record is declared; not unwrapped"
    )


def test_verdict_line_refuses_what_repair_does_not_return() -> None:
    """Anything else is a clear TypeError, not a misleading line."""
    with pytest.raises(TypeError, match="expected what repair"):
        verdict_line(StockLevel(sku="x", quantity=1, unit_price=1.0, discontinued=False))  # type: ignore[arg-type]
