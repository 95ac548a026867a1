"""HTTP status semantics: what a status code says about retrying, and the headers that qualify it.

RFC 9110 gives every status class a meaning; a few codes carry more (``429`` and ``503`` say
"later", ``501`` says "never"). The table below is the whole policy: a status that is not listed
falls back to its class. ``Retry-After`` and ``Content-Range`` are parsed here too, because they
only mean something next to a status.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import format_datetime, parsedate_to_datetime

from .envelope import FailureCode, FailureKind

__all__ = [
    "STATUS_RULES",
    "ContentRange",
    "StatusRule",
    "parse_content_range",
    "parse_http_date",
    "parse_rate_limit_reset",
    "parse_retry_after",
    "status_rule",
    "throttled",
]

_T = FailureKind.TRANSIENT
_P = FailureKind.PERMANENT


@dataclass(frozen=True)
class StatusRule:
    """How one HTTP status is classified when it is the final response."""

    code: FailureCode
    kind: FailureKind
    why: str


#: Statuses whose meaning differs from the default of their class (see :func:`status_rule`).
STATUS_RULES: dict[int, StatusRule] = {
    # 4xx: the request was refused. Permanent unless the refusal itself says "later".
    401: StatusRule(FailureCode.UNAUTHORIZED, _P, "no valid credentials (RFC 9110 §15.5.2)"),
    403: StatusRule(FailureCode.FORBIDDEN, _P, "credentials valid but not allowed (§15.5.4)"),
    404: StatusRule(FailureCode.NOT_FOUND, _P, "no such resource (§15.5.5)"),
    407: StatusRule(FailureCode.UNAUTHORIZED, _P, "the proxy wants credentials (§15.5.8)"),
    408: StatusRule(FailureCode.TIMEOUT, _T, "server gave up waiting; may repeat (§15.5.9)"),
    410: StatusRule(FailureCode.NOT_FOUND, _P, "gone for good (§15.5.11)"),
    # RFC 8470 §5.2: the request arrived in TLS early data; the client may simply retry it
    # once the handshake has completed, so asking again does help.
    425: StatusRule(FailureCode.PROTOCOL, _T, "too early: retry after the handshake (RFC 8470)"),
    429: StatusRule(FailureCode.RATE_LIMITED, _T, "too many requests (RFC 6585 §4)"),
    # 5xx registered as temporary conditions.
    500: StatusRule(FailureCode.SERVER_ERROR, _T, "unexpected server condition (§15.6.1)"),
    502: StatusRule(FailureCode.SERVER_ERROR, _T, "bad gateway: upstream reply invalid (§15.6.3)"),
    503: StatusRule(FailureCode.SERVER_ERROR, _T, "temporary overload or maintenance (§15.6.4)"),
    504: StatusRule(FailureCode.TIMEOUT, _T, "gateway timed out waiting upstream (§15.6.5)"),
    # RFC 4918 §11.5: "This condition is considered to be temporary."
    507: StatusRule(FailureCode.SERVER_ERROR, _T, "insufficient storage, temporary (RFC 4918)"),
    # Cloudflare's origin errors: the edge could not get a good answer from the origin right
    # now (unknown error, origin down, origin unreachable); a later attempt can succeed.
    520: StatusRule(FailureCode.SERVER_ERROR, _T, "origin returned an unknown error (Cloudflare)"),
    521: StatusRule(FailureCode.SERVER_ERROR, _T, "origin refused the edge (Cloudflare)"),
    522: StatusRule(FailureCode.TIMEOUT, _T, "connection to origin timed out (Cloudflare)"),
    523: StatusRule(FailureCode.SERVER_ERROR, _T, "origin unreachable (Cloudflare)"),
    524: StatusRule(FailureCode.TIMEOUT, _T, "origin accepted but did not answer (Cloudflare)"),
    # 529 "site is overloaded": used by several APIs for load shedding; load passes.
    529: StatusRule(FailureCode.SERVER_ERROR, _T, "upstream overloaded, shedding load"),
    # 5xx that describe a fixed property of the server, not a passing condition: asking
    # again gets the same answer, so they are permanent.
    501: StatusRule(FailureCode.SERVER_ERROR, _P, "method not implemented (§15.6.2)"),
    505: StatusRule(FailureCode.PROTOCOL, _P, "HTTP version not supported (§15.6.6)"),
    506: StatusRule(FailureCode.SERVER_ERROR, _P, "negotiation misconfigured (RFC 2295)"),
    508: StatusRule(FailureCode.SERVER_ERROR, _P, "loop in the server's config (RFC 5842)"),
    510: StatusRule(FailureCode.BAD_REQUEST, _P, "request lacks a required extension (RFC 2774)"),
    511: StatusRule(FailureCode.UNAUTHORIZED, _P, "network login (captive portal) (RFC 6585)"),
}

#: The default for a status class when the status is not in :data:`STATUS_RULES`.
_CLASS_RULES: dict[int, StatusRule] = {
    1: StatusRule(FailureCode.PROTOCOL, _P, "an interim 1xx is not a final response"),
    3: StatusRule(FailureCode.PROTOCOL, _P, "a redirect the client did not follow"),
    4: StatusRule(FailureCode.BAD_REQUEST, _P, "the request was refused: fix the arguments"),
    # An unregistered 5xx makes no promise that the condition passes; the registered
    # temporary ones are listed above, so the rest surface at once instead of burning retries.
    5: StatusRule(FailureCode.SERVER_ERROR, _P, "server error with no promise it is temporary"),
}

_OUT_OF_RANGE = StatusRule(FailureCode.PROTOCOL, _P, "not an HTTP status (outside 100–599)")


def status_rule(status: int) -> StatusRule | None:
    """The classification of a final HTTP status.

    Args:
        status: The status code as received.

    Returns:
        ``None`` for 2xx (the body decides); otherwise the rule: a listed status, else the
        default of its class; a number outside 100–599 is a protocol failure.
    """
    if not 100 <= status <= 599:
        return _OUT_OF_RANGE
    if 200 <= status <= 299:
        return None
    return STATUS_RULES.get(status) or _CLASS_RULES[status // 100]


# -- Retry-After (RFC 9110 §10.2.3) -------------------------------------------------------------

# delta-seconds is 1*DIGIT; a decimal fraction is not in the grammar but some servers send one.
_DELTA_SECONDS = re.compile(r"\d+(?:\.\d+)?")


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
    if _DELTA_SECONDS.fullmatch(text):
        seconds = float(text)  # float(), not int(): no digit-count limit, huge means inf
        return seconds if math.isfinite(seconds) else None
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
    if value is None or not value.strip().isdigit() or len(value.strip()) > 12:
        return None
    epoch = int(value.strip())
    if epoch < _EPOCH_FLOOR_S:
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
    r"(?:(?P<first>\d{1,18})-(?P<last>\d{1,18})|\*)"
    r"/(?P<complete>\d{1,18}|\*)\s*"
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
