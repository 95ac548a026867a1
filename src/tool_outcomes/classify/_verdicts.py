"""Verdicts: what a convention concludes about a 2xx body, and the helpers conventions share.

A convention (a row of ``_conventions.CONVENTIONS``) reads one upstream's own words and returns a
:class:`FailureVerdict` (the call failed), a :class:`PartialVerdict` (the answer is incomplete),
an :class:`Unwrap` (the body is an envelope around the real result), or ``None``. The helpers
here read counts and HTTP-like statuses out of JSON without ever trusting a key's mere presence.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tool_outcomes._numbers import MAX_COUNT_DIGITS, parse_count
from tool_outcomes.envelope import FailureCode, FailureKind, TruncatedBy

from ._status import status_rule

__all__ = [
    "INFLUXDB_STATEMENT",
    "FailureVerdict",
    "PartialVerdict",
    "Unwrap",
    "Verdict",
    "as_count",
    "failure_from_status",
    "is_set",
    "kind_from_status",
    "refused_batch",
    "some_refused",
    "status_from",
    "within",
]

_P = FailureKind.PERMANENT


@dataclass(frozen=True)
class FailureVerdict:
    """The body reports that the call failed: an access failure."""

    code: FailureCode
    kind: FailureKind
    detail: str
    dialect: str


@dataclass(frozen=True)
class PartialVerdict:
    """The body reports that the answer is incomplete."""

    truncated_by: TruncatedBy
    detail: str
    dialect: str
    dropped: tuple[str, ...] = field(default=())
    counts_cut: bool = False
    """The source stopped before it finished counting (a search that timed out, lost shards
    or terminated early): its total is what it counted, a lower bound, so coverage leaves the
    total unknown instead of printing a "missing" figure that is really a guess."""


@dataclass(frozen=True)
class Unwrap:
    """The body is an envelope around the real result (JSON-RPC ``result``): judge that.

    ``member`` names where the result sat: a path the caller declared from the body as sent
    (``items="result"``) is read from the result on (:func:`within`).
    """

    body: object
    dialect: str
    member: str = "result"


def within(path: str | None, prefix: str) -> str | None:
    """A declared dotted ``path`` read from the value found at ``prefix`` of the body as sent.

    ``"result.items"`` under ``"result"`` is ``"items"``; ``"result"`` itself is ``""`` (the
    value); a path that does not start there was written from the value already.
    """
    if path is None or not prefix:
        return path
    if path == prefix:
        return ""
    return path[len(prefix) + 1 :] if path.startswith(f"{prefix}.") else path


Verdict = FailureVerdict | PartialVerdict | Unwrap


def as_count(value: object) -> int | None:
    """A non-negative count from JSON: an int, or a string of digits (Google sends those).

    Args:
        value: Any decoded JSON value.

    Returns:
        The count, or ``None`` for anything else (bools, floats, negatives,
        more than ``MAX_COUNT_DIGITS`` digits).
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        # Capped as header counts are (MAX_COUNT_DIGITS): 10**30 items is no count of anything.
        return value if 0 <= value < 10**MAX_COUNT_DIGITS else None
    return parse_count(value) if isinstance(value, str) and value == value.strip() else None


def status_from(body: Mapping[str, Any], *keys: str) -> int | None:
    """The first HTTP-like status (100–599) found under ``keys``."""
    for key in keys:
        number = as_count(body.get(key))
        if number is not None and 100 <= number <= 599:
            return number
    return None


def is_set(value: object) -> bool:
    """True for a value that actually reports something (not null, false, 0, "", [], {})."""
    if value is None or isinstance(value, bool):
        return value is True
    if isinstance(value, int | float):
        return value != 0
    return not (isinstance(value, str | list | dict) and not value)


#: What an InfluxDB 1.x statement's result holds when it did not fail; a failed one holds its
#: ``error`` as well (https://docs.influxdata.com/influxdb/v1/tools/api/#query-http-endpoint).
INFLUXDB_STATEMENT = frozenset({"statement_id", "series", "messages", "partial"})


def some_refused(
    dropped: tuple[str, ...], of: int, what: str, dialect: str, failure: FailureVerdict
) -> FailureVerdict | PartialVerdict:
    """A batch that answers for each of its ``of`` items, ``dropped`` naming each refused one:
    every item refused is ``failure``; some of them, a partial answer ("2 of 5 {what}")."""
    if len(dropped) == of:
        return failure
    detail = f"{len(dropped)} of {of} {what}"
    return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, detail, dialect, dropped)


def refused_batch(
    dropped: tuple[str, ...],
    of: int,
    what: str,
    dialect: str,
    code: FailureCode,
    kind: FailureKind,
) -> FailureVerdict | PartialVerdict:
    """:func:`some_refused` where every item refused is the failure ``code`` of ``kind``, its
    words the first three refusals."""
    every = FailureVerdict(code, kind, "; ".join(dropped[:3]), dialect)
    return some_refused(dropped, of, what, dialect, every)


def failure_from_status(status: int | None, detail: str, dialect: str) -> FailureVerdict:
    """A failure keyed on an HTTP status found in the body; upstream_error when there is none."""
    rule = status_rule(status) if status is not None and status >= 400 else None
    if rule is None:
        return FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, detail, dialect)
    return FailureVerdict(rule.code, rule.kind, detail, dialect)


def kind_from_status(status: int | None) -> FailureKind:
    rule = status_rule(status) if status is not None and status >= 400 else None
    return _P if rule is None else rule.kind
