"""Headers that qualify a status: how long to wait, and which part of a whole arrived.

``Retry-After`` (RFC 9110 §10.2.3) and the rate-limit headers say how long to wait before asking
again; ``Content-Range`` (RFC 9110 §14.4) says which part of a whole a ``206`` (or a PostgREST
``200``) carries, and ``X-Total-Count`` how many items the whole holds. Each parser takes the
header's text and returns a number or ``None``: it never raises, whatever the upstream sent.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime

from tool_outcomes._numbers import parse_count, parse_seconds

__all__ = [
    "PAGE_HEADERS",
    "RATE_LIMIT_REMAINING",
    "RATE_LIMIT_RESET",
    "RATE_LIMIT_RESET_MAX_S",
    "TOTAL_HEADERS",
    "ContentRange",
    "count_in_headers",
    "page_in_headers",
    "parse_content_range",
    "parse_http_date",
    "parse_rate_limit_reset",
    "parse_retry_after",
    "quota_spent",
    "range_reaches_the_end",
    "throttled",
    "trakt_pages",
    "trakt_total",
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


#: The wait a ``Retry-After`` of more digits than a count holds (10**18 seconds and up) reads
#: as: valid delta-seconds, longer than any retry policy waits.
RETRY_AFTER_BEYOND_S = 1e18
_DELTA_SECONDS = re.compile(r"[0-9]+")


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
    # delta-seconds is 1*DIGIT; a decimal fraction is not in the grammar but some send one.
    seconds = parse_seconds(text)
    if seconds is not None:
        return seconds
    if _DELTA_SECONDS.fullmatch(text):
        # More digits than any count holds: valid delta-seconds, and longer than any wait (read
        # by its length, never converted, so no digit limit or float overflow is reached).
        return RETRY_AFTER_BEYOND_S
    deadline = parse_http_date(text)
    if deadline is None:
        return None
    reference = parse_http_date(date) or _aware((now or _utc_now)())
    try:
        seconds = (deadline - reference).total_seconds()
    except OverflowError:
        return None
    return max(0.0, seconds)


# -- rate-limit headers ---------------------------------------------------------------------------

#: Where APIs say how much of their rate-limit window is left: GitHub's (and most APIs')
#: ``X-RateLimit-*``, Twitter's ``X-Rate-Limit-*``, the IETF draft's ``RateLimit-*``.
RATE_LIMIT_REMAINING: tuple[str, ...] = (
    "x-ratelimit-remaining",
    "x-rate-limit-remaining",
    "ratelimit-remaining",
)
#: Where they say when the window resets: UTC epoch seconds (GitHub, Twitter) or seconds from
#: now (Reddit, the IETF draft); a value below :data:`_EPOCH_FLOOR_S` is read as seconds from now.
RATE_LIMIT_RESET: tuple[str, ...] = ("x-ratelimit-reset", "x-rate-limit-reset", "ratelimit-reset")
#: The longest wait a rate-limit reset may ask for. Request windows reset within the hour
#: (GitHub's primary limit, Twitter's 15 minutes, Reddit's 10); a reset further off is a daily
#: quota or a clock that disagrees with ours, and waiting it out is beyond any retry.
RATE_LIMIT_RESET_MAX_S = 3600.0
# Below this a reset is not an epoch time but seconds from now.
_EPOCH_FLOOR_S = 1_000_000_000
_RESET_MAX_DIGITS = 12


def quota_spent(headers: Mapping[str, str]) -> bool:
    """Whether a rate-limit header says no requests are left in the window.

    Args:
        headers: The response headers (case-insensitive mapping such as ``httpx.Headers``).

    Returns:
        True when a :data:`RATE_LIMIT_REMAINING` header is ``0`` (``0.0`` as Reddit sends it).
    """
    for name in RATE_LIMIT_REMAINING:
        value = str(headers.get(name, "")).strip()
        if parse_seconds(value, max_digits=_RESET_MAX_DIGITS) == 0:
            return True
    return False


def throttled(headers: Mapping[str, str]) -> bool:
    """True when a response's headers say it was throttled: Retry-After, or a spent quota.

    Args:
        headers: The response headers (case-insensitive mapping such as ``httpx.Headers``).

    Returns:
        Whether ``Retry-After`` is present or :func:`quota_spent`.
    """
    return "retry-after" in headers or quota_spent(headers)


def parse_rate_limit_reset(
    headers: Mapping[str, str],
    *,
    date: str | None = None,
    now: Callable[[], datetime] | None = None,
) -> float | None:
    """Seconds until the rate-limit window resets, at most :data:`RATE_LIMIT_RESET_MAX_S`.

    Only a throttled response's wait: a reset header rides on every response of APIs that
    send one, and on a 500 or a 404 it says nothing about when to ask again.

    Args:
        headers: The response headers; the first :data:`RATE_LIMIT_RESET` header that is a
            number is read, as an epoch time or as seconds from now.
        date: The response's ``Date`` header, the reference clock for an epoch time.
        now: Clock used when there is no usable ``Date`` header.

    Returns:
        Non-negative seconds (a reset in the past gives ``0.0``), or ``None`` when no reset
        header is a number.
    """
    for name in RATE_LIMIT_RESET:
        number = parse_seconds(str(headers.get(name, "")), max_digits=_RESET_MAX_DIGITS)
        if number is None:
            continue
        if number < _EPOCH_FLOOR_S:
            return min(number, RATE_LIMIT_RESET_MAX_S)
        # An epoch time: measured against the server's Date (else our clock) as plain numbers,
        # so a reset in the year 33658 is a long wait, never a datetime out of range.
        reference = parse_http_date(date) or _aware((now or _utc_now)())
        seconds = int(number) - reference.timestamp()
        return min(max(0.0, seconds), RATE_LIMIT_RESET_MAX_S)
    return None


def _aware(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


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


# -- a total in the headers ---------------------------------------------------------------------

#: Response headers that carry the source's total (GitLab, JSON Server and many others;
#: WordPress and WooCommerce send ``X-WP-Total``, "the total number of records in the
#: collection", https://developer.wordpress.org/rest-api/using-the-rest-api/pagination/).
TOTAL_HEADERS: tuple[str, ...] = (
    "x-total-count", "x-total", "x-wp-total",
    # Pivotal Tracker's X-Tracker-Pagination-Total (https://www.pivotaltracker.com/help/api#Paginating_List_Responses),
    # Yii 2's REST X-Pagination-Total-Count (https://www.yiiframework.com/doc/guide/2.0/en/rest-quick-start)
    "x-tracker-pagination-total", "x-pagination-total-count",
    "total_count",  # Gitee's v5 lists (https://gitee.com/api/v5/swagger)
    # NASA CMR's search: "CMR-Hits: the number of total hits" whatever the format
    # (https://cmr.earthdata.nasa.gov/search/site/docs/search/api.html#headers)
    "cmr-hits",
    # Gandi v5's lists: Total-Count, "the total number of items in the collection"
    # (https://api.gandi.net/docs/reference/)
    "total-count",
    # Apify's dataset items, a bare array with X-Apify-Pagination-Offset, -Limit, -Count and
    # -Total (https://docs.apify.com/api/v2/dataset-items-get)
    "x-apify-pagination-total",
)  # fmt: skip


def header_names(headers: Mapping[str, str]) -> AbstractSet[str] | None:
    """The lower-cased names of ``headers`` when they hold them indexed (the exchange's own
    headers), else ``None``: a step reading several rare headers asks first whether any is
    there."""
    names = getattr(headers, "names", None)
    return names() if callable(names) else None


def count_in_headers(headers: Mapping[str, str]) -> int | None:
    """The source's total as the response headers give it, whatever the body holds.

    Args:
        headers: The response headers (case-insensitive, such as ``httpx.Headers``).

    Returns:
        ``X-Total-Count`` / ``X-Total`` (GitLab), else the complete length of an items
        ``Content-Range`` (PostgREST ``0-24/573``), else ``None``.
    """
    names = header_names(headers)
    if names is not None and names.isdisjoint(_COUNT_HEADERS):
        return None  # (most responses carry none of them)
    for name in TOTAL_HEADERS:
        given = headers.get(name)
        count = None if given is None else parse_count(str(given).strip())
        if count is not None:
            return count
    content_range = parse_content_range(headers.get("content-range"))
    if content_range is not None and content_range.unit != "bytes":
        return content_range.complete
    return None


_COUNT_HEADERS = frozenset({*TOTAL_HEADERS, "content-range"})


def trakt_pages(headers: Mapping[str, str]) -> tuple[int, int] | None:
    """Trakt's ``X-Pagination-Page`` (from 1) and ``X-Pagination-Page-Count``, "total number
    of pages" (https://docs.trakt.tv/docs/pagination); ``None`` when either is missing."""
    counted = headers.get("x-pagination-page-count")  # (most responses send none)
    pages = None if counted is None else parse_count(str(counted).strip())
    if pages is None:
        return None
    page = parse_count(str(headers.get("x-pagination-page", "")).strip())
    return None if page is None else (page, pages)


def trakt_total(headers: Mapping[str, str]) -> int | None:
    """Trakt's ``X-Pagination-Item-Count``, "total number of items", on a page its
    :func:`trakt_pages` say is not the last. On the last page the listing is whole by its own
    count of pages: the item count also counts what it does not hand out (the likes of a
    deleted account), so it is not read."""
    items = headers.get("x-pagination-item-count")
    paged = None if items is None else trakt_pages(headers)
    if paged is None or paged[0] >= paged[1]:
        return None
    return parse_count(str(items).strip())


# -- where a page starts, in the headers ---------------------------------------------------------

#: GitLab's offset pagination names the page it sent and the page size in headers
#: (https://docs.gitlab.com/api/rest/#pagination-link-header): ``X-Page`` counts from 1.
PAGE_HEADERS: tuple[tuple[str, str], ...] = (
    ("x-page", "x-per-page"),
    # Trakt: X-Pagination-Page (from 1) and X-Pagination-Limit, beside the page and item counts
    # (https://docs.trakt.tv/docs/pagination).
    ("x-pagination-page", "x-pagination-limit"),
    # Yii 2's REST: X-Pagination-Current-Page (from 1) and X-Pagination-Per-Page.
    ("x-pagination-current-page", "x-pagination-per-page"),
    # The headers Ruby's Pagy writes (the IUCN Red List's API v4): Current-Page (from 1) and
    # Page-Items, beside Total-Count and Total-Pages (https://api.iucnredlist.org/api-docs/index.html).
    ("current-page", "page-items"),
)
#: Pivotal Tracker names where its page starts: X-Tracker-Pagination-Offset, negative when
#: counted back from the end (https://www.pivotaltracker.com/help/api#Paginating_List_Responses).
_OFFSET_HEADER, _OFFSET_TOTAL = "x-tracker-pagination-offset", "x-tracker-pagination-total"
_APIFY_OFFSET = "x-apify-pagination-offset"


def page_in_headers(headers: Mapping[str, str]) -> tuple[int, str] | None:
    """How many items come before this page, as the response headers say it.

    Args:
        headers: The response headers (case-insensitive, such as ``httpx.Headers``).

    Returns:
        ``(before, what said so)``: the first item of an items (or unit-less) ``Content-Range``
        (PostgREST ``200-249/250``: 200 before it), else GitLab's ``(X-Page - 1) x X-Per-Page``;
        ``None`` when no header says (a byte range counts bytes, not items).
    """
    names = header_names(headers)
    if names is not None and names.isdisjoint(_POSITION_HEADERS):
        return None  # (most responses carry none of them)
    header = headers.get("content-range")
    offset = headers.get(_OFFSET_HEADER)
    if offset is not None:
        return _tracker_offset(str(offset).strip(), headers.get(_OFFSET_TOTAL))
    apify = headers.get(_APIFY_OFFSET)
    if apify is not None and (before := parse_count(str(apify).strip())) is not None:
        return before, f"X-Apify-Pagination-Offset {before}"
    if header is None and all(headers.get(page) is None for page, _ in PAGE_HEADERS):
        return None  # (most responses carry neither)
    content_range = parse_content_range(header)
    unit = None if content_range is None else content_range.unit
    if content_range is not None and unit != "bytes" and content_range.first is not None:
        return content_range.first, f"Content-Range {str(header).strip()[:60]}"
    for page_name, size_name in PAGE_HEADERS:
        page = parse_count(str(headers.get(page_name, "")).strip())
        size = parse_count(str(headers.get(size_name, "")).strip())
        if page is not None and size is not None and page >= 1:
            return (page - 1) * size, f"{page_name} {page} x {size_name} {size}"
    return None


#: The headers one of which a response must carry for :func:`page_in_headers` to find anything.
_POSITION_HEADERS = frozenset(
    {"content-range", _OFFSET_HEADER, _APIFY_OFFSET, *(page for page, _ in PAGE_HEADERS)}
)


def _tracker_offset(offset: str, total: str | None) -> tuple[int, str] | None:
    said = f"X-Tracker-Pagination-Offset {offset[:20]}"
    if offset.startswith("-"):  # counted back from the end: the total says from where
        back = parse_count(offset[1:])
        whole = None if total is None else parse_count(str(total).strip())
        if back is None or whole is None:
            return None
        return max(whole - back, 0), said
    before = parse_count(offset)
    return None if before is None else (before, said)


def range_reaches_the_end(value: str | None) -> bool:
    """Whether an items ``Content-Range`` holds the last part of its whole.

    PostgREST answers a counted range that is not the whole with ``206``
    (https://docs.postgrest.org/en/stable/references/api/pagination_count.html), so the last
    page of a listing, ``200-249/250``, is a 206 too: with the earlier ranges read, nothing
    of it is missing, and where it starts (200) is what the pages before it held.

    Args:
        value: The ``Content-Range`` header, or ``None``.

    Returns:
        True for a non-byte range whose last item is the whole's last (``last + 1 ==
        complete``); False otherwise (unknown complete length, ``*``, byte ranges).
    """
    content_range = parse_content_range(value)
    if content_range is None or content_range.unit == "bytes":
        return False
    last, complete = content_range.last, content_range.complete
    return last is not None and complete is not None and last + 1 == complete
