"""Teaching aids for notebook 05 (repair before reject): a stock-lookup tool's models and upstream.

Notebook 05 declares a result model next to a tool and watches the adapter validate what comes
back. It needs a small model with a number, a price, a flag and a declared alias
(:class:`StockLevel`), the arguments model (:class:`StockQuery`), and a mocked warehouse service
(:func:`stock_service`) whose reply for each SKU in :data:`STOCK_REPLIES` is one of the shapes an
upstream really sends: clean, numbers as strings, an alias and a stray field, an error object, a
missing flag, an HTML page, and values that only a guess could fix. The error object is the
service's documented way of saying it failed (``{"sku": …, "error": "<why>"}``, and the same call
may work later): the notebook's handler reads it before anything is validated, because it is the
upstream's verdict, not a stock level whose shape could be repaired. Two SKUs make the service
itself fail (:data:`SLOW_SKU` times out, :data:`BROKEN_SKU` hits a bug in the tool's own code), so
the notebook can set the two failure stages side by side.

:func:`verdict_line` prints what :func:`~tool_outcomes.repair` decided, in one line.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from types import MappingProxyType

from pydantic import AliasChoices, BaseModel, ConfigDict, Field

from tool_outcomes.repair import Rejection, Repaired

__all__ = [
    "BROKEN_SKU",
    "SLOW_SKU",
    "STOCK_REPLIES",
    "StockLevel",
    "StockQuery",
    "stock_service",
    "verdict_line",
]


class StockQuery(BaseModel):
    """The arguments of ``get_stock``: which part to look up."""

    sku: str


class StockLevel(BaseModel):
    """One part's stock level, as ``get_stock`` promises it to the model."""

    model_config = ConfigDict(extra="forbid")

    sku: str
    quantity: int = Field(validation_alias=AliasChoices("quantity", "qty"))
    unit_price: float
    discontinued: bool


_HTML_PAGE = (
    "<!DOCTYPE html><html><head><title>Sign in</title></head><body>"
    + "<p>Your session has expired. Please sign in again.</p>" * 200
    + "</body></html>"
)

#: What the mocked warehouse service answers for each SKU (never mutated: callers get copies).
STOCK_REPLIES: Mapping[str, object] = MappingProxyType(
    {
        "B-100": {"sku": "B-100", "quantity": 12, "unit_price": 4.5, "discontinued": False},
        "B-101": {"sku": "B-101", "quantity": "12", "unit_price": "4.50", "discontinued": False},
        "B-102": {
            "sku": "B-102",
            "qty": 3,
            "unit_price": 0.8,
            "discontinued": False,
            "bin": "A-3",
        },
        "B-103": {"sku": "B-103", "error": "warehouse offline"},
        "B-104": {"sku": "B-104", "quantity": 40, "unit_price": 1.25},
        "B-105": _HTML_PAGE,
        "B-106": {"sku": "B-106", "quantity": "12.5", "unit_price": 2.0, "discontinued": False},
        "B-107": {"sku": "B-107", "quantity": 5, "unit_price": 9.9, "discontinued": "no"},
        "B-108": {"sku": 108, "quantity": 5, "unit_price": 9.9, "discontinued": False},
        "B-109": {"sku": "B-109", "quantity": None, "unit_price": 9.9, "discontinued": False},
    }
)

#: A SKU whose lookup times out: the service raises ``TimeoutError``.
SLOW_SKU = "B-998"
#: A SKU that trips a bug in the tool's own code: it raises ``KeyError``.
BROKEN_SKU = "B-999"


def stock_service(sku: str) -> object:
    """The mocked warehouse service: the raw reply for ``sku``, exactly as the upstream sent it.

    Args:
        sku: A key of :data:`STOCK_REPLIES`, or :data:`SLOW_SKU` / :data:`BROKEN_SKU`.

    Returns:
        A deep copy of the reply (a dict, or a string for the HTML page).

    Raises:
        TimeoutError: for :data:`SLOW_SKU`.
        KeyError: for :data:`BROKEN_SKU`, and for a SKU the service does not know.
    """
    if sku == SLOW_SKU:
        raise TimeoutError("the warehouse did not answer within 5 s")
    if sku == BROKEN_SKU:
        raise KeyError("warehouse_id")  # the tool's own code reads a key that is not there
    if sku not in STOCK_REPLIES:
        raise KeyError(f"unknown sku {sku!r}")
    return copy.deepcopy(STOCK_REPLIES[sku])


# repair() leaves a list where one record is declared to pydantic, whose message quotes the
# input; the notebook's table words the rule, and so does this line.
_LIST_FOR_RECORD = re.compile(r"(?P<path>'[^']*'): Input should be an object \(\[.*?\)(?=; '|$)")
_LIST_FOR_RECORD_WORDS = r"\g<path>: a list where one record is declared; not unwrapped"


def verdict_line(result: Repaired[object] | Rejection) -> str:
    """One line saying what ``repair`` decided: the repairs applied, or what was rejected.

    Args:
        result: What :func:`tool_outcomes.repair` returned.

    Returns:
        ``"Repaired (no repair needed)"``, ``"Repaired: <repair>; <repair>"`` or
        ``"Rejection: <detail>"`` (a list where one record is declared is worded as the
        notebook's table words it, not as pydantic's message).

    Raises:
        TypeError: ``result`` is neither a ``Repaired`` nor a ``Rejection``.
    """
    if isinstance(result, Rejection):
        return f"Rejection: {_LIST_FOR_RECORD.sub(_LIST_FOR_RECORD_WORDS, result.detail)}"
    if isinstance(result, Repaired):
        if not result.repairs:
            return "Repaired (no repair needed)"
        return "Repaired: " + "; ".join(str(r) for r in result.repairs)
    raise TypeError(f"expected what repair() returns, got {type(result).__name__}")
