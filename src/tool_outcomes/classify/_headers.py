"""Headers that qualify a status: how long to wait, and which part of a whole arrived.

``Retry-After`` (RFC 9110 §10.2.3) and the rate-limit headers say how long to wait before asking
again; ``Content-Range`` (RFC 9110 §14.4) says which part of a whole a ``206`` (or a PostgREST
``200``) carries. Each parser takes the header's text and returns a number or ``None``: it never
raises, whatever the upstream sent.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import format_datetime, parsedate_to_datetime

from tool_outcomes._numbers import parse_count, parse_seconds

__all__ = [
    "ContentRange",
    "parse_content_range",
    "parse_http_date",
    "parse_rate_limit_reset",
    "parse_retry_after",
    "throttled",
]

# -- Retry-After (RFC 9110 §10.2.3) -------------------------------------------------------------


def parse_http_date(value: str | None) -> datetime | None:
    """An HTTP-date (IMF-fixdate, RFC 850 or asctime form) as an aware UTC datetime.

    Args:
        value: The header value, or ``None``.

    Returns:
        The moment, or ``None`` when the value is missing or not a date.
    """
    if not value:
        return None
    try:
        moment = parsedate_to_datetime(value.strip())
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    # HTTP-dates are always GMT; the asctime form parses without a zone.
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def parse_retry_after(
    value: str | None,
    *,
    date: str | None = None,
    now: Callable[[], datetime] | None = None,
) -> float | None:
    """Seconds to wait, from a ``Retry-After`` header.

    Args:
        value: The header value: delta-seconds (a decimal is tolerated) or an HTTP-date.
        date: The response's ``Date`` header; an HTTP-date is measured against it when it
            parses, because the server's clock is the one that set the deadline.
        now: Clock used when there is no usable ``Date`` header (default: UTC wall clock).
            A naive result is taken as UTC.

    Returns:
        Non-negative seconds (a date in the past gives ``0.0``), or ``None`` when the header
        is missing or garbage.
    """
    if value is None:
        return None
    text = value.strip()
    seconds = parse_seconds(text)
    if seconds is not None:
        return seconds
    deadline = parse_http_date(text)
    if deadline is None:
        return None
    reference = parse_http_date(date)
    if reference is None:
        reference = (now or _utc_now)()
        if reference.tzinfo is None:
            reference = reference.replace(tzinfo=UTC)
    try:
        seconds = (deadline - reference).total_seconds()
    except OverflowError:
        return None
    return max(0.0, seconds)


def throttled(headers: Mapping[str, str]) -> bool:
    """True when a response carries rate-limit evidence: Retry-After, or a spent quota.

    Args:
        headers: The response headers (case-insensitive mapping such as ``httpx.Headers``).

    Returns:
        Whether ``Retry-After`` is present or ``X-RateLimit-Remaining`` is ``0``.
    """
    return "retry-after" in headers or headers.get("x-ratelimit-remaining", "").strip() == "0"


# Below this an X-RateLimit-Reset is not an epoch time (some APIs send seconds-to-reset there).
_EPOCH_FLOOR_S = 1_000_000_000


def parse_rate_limit_reset(
    value: str | None,
    *,
    date: str | None = None,
    now: Callable[[], datetime] | None = None,
) -> float | None:
    """Seconds until an ``X-RateLimit-Reset`` epoch time (GitHub, Twitter and others).

    Args:
        value: The header value: UTC epoch seconds.
        date: The response's ``Date`` header, the preferred reference clock.
        now: Clock used when there is no usable ``Date`` header.

    Returns:
        Non-negative seconds, or ``None`` when missing, not a number, or not an epoch time.
    """
    epoch = parse_count(value, max_digits=12)
    if epoch is None or epoch < _EPOCH_FLOOR_S:
        return None
    deadline = datetime.fromtimestamp(epoch, UTC)
    return parse_retry_after(format_datetime(deadline, usegmt=True), date=date, now=now)


def _utc_now() -> datetime:
    return datetime.now(UTC)


# -- Content-Range (RFC 9110 §14.4) -------------------------------------------------------------

# Eighteen digits keeps every number an int64 and far from Python's int-parsing digit limit.
# The unit is optional: PostgREST (and Supabase) send "0-24/573", counting rows.
_CONTENT_RANGE = re.compile(
    r"\s*(?:(?P<unit>[A-Za-z0-9!#$%&'*+.^_`|~-]+)\s+)?"
    r"(?:(?P<first>[0-9]{1,18})-(?P<last>[0-9]{1,18})|\*)"
    r"/(?P<complete>[0-9]{1,18}|\*)\s*"
)


@dataclass(frozen=True)
class ContentRange:
    """A parsed ``Content-Range``: ``items 0-24/100``, ``bytes 0-99/1000`` or ``0-24/573``."""

    unit: str
    """Lower-case; ``""`` when the header names none (PostgREST, which counts rows)."""
    first: int | None
    last: int | None
    complete: int | None
    """The full length in ``unit``, when the server knows it (``*`` means unknown)."""


def parse_content_range(value: str | None) -> ContentRange | None:
    """Parse a ``Content-Range`` header.

    Args:
        value: The header value, or ``None``.

    Returns:
        The range, or ``None`` when missing or unparseable (including ``last < first``).
    """
    if not value:
        return None
    match = _CONTENT_RANGE.fullmatch(value)
    if match is None:
        return None
    first = int(match["first"]) if match["first"] is not None else None
    last = int(match["last"]) if match["last"] is not None else None
    if first is not None and last is not None and last < first:
        return None
    complete = None if match["complete"] == "*" else int(match["complete"])
    return ContentRange((match["unit"] or "").lower(), first, last, complete)
