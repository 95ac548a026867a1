"""Collections and pagination: where the items are, how many exist, and whether more remain.

A page is not the whole answer. Upstreams say so in their own words: an RFC 8288 ``Link``
header with ``rel="next"``, Stripe's ``has_more``, a DRF ``next`` URL, OData's
``@odata.nextLink``, Google's ``nextPageToken``, Relay's ``pageInfo.hasNextPage``, GitHub's
``incomplete_results``, or simply a total above what came back. This module finds the
collection in a body and gathers that evidence; ``classify`` turns it into coverage.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin

from .dialects import as_count
from .envelope import TruncatedBy
from .redact import redact_url

__all__ = [
    "COLLECTION_KEYS",
    "TOTAL_KEYS",
    "Collection",
    "Evidence",
    "Total",
    "find_collection",
    "find_total",
    "next_link",
    "page_evidence",
    "resolve_path",
]

#: Well-known keys that hold a response's collection, when their value is a list.
COLLECTION_KEYS: tuple[str, ...] = (
    "items", "results", "data", "value", "records", "entries", "edges", "nodes",
    # Slack Web API list methods
    "messages", "members", "channels", "files", "users", "usergroups", "reminders", "bookmarks",
)  # fmt: skip

#: Keys that hold the source's total count (ints, digit strings, or ES ``{"value", "relation"}``).
TOTAL_KEYS: tuple[str, ...] = (
    "total", "total_count", "totalCount", "count", "totalResults", "total_results",
    "totalItems", "totalSize", "@odata.count", "odata.count",
)  # fmt: skip

#: Keys whose non-empty value is an opaque cursor or page token for the next page.
NEXT_TOKEN_KEYS: tuple[str, ...] = (
    "nextPageToken", "next_page_token", "nextCursor", "next_cursor", "nextToken", "NextToken",
)  # fmt: skip
#: Keys whose value is the URL of the next page.
NEXT_URL_KEYS: tuple[str, ...] = (
    "@odata.nextLink", "odata.nextLink", "nextLink", "nextRecordsUrl", "next_page_url",
)  # fmt: skip
#: Boolean flags meaning "there is more than this page".
MORE_FLAGS: tuple[str, ...] = ("has_more", "hasMore")
#: Boolean flags meaning "the upstream itself says this answer is incomplete".
INCOMPLETE_FLAGS: tuple[str, ...] = ("incomplete_results", "incompleteSearch", "truncated")

_MISSING = object()


def resolve_path(body: object, path: str) -> object:
    """Follow a dotted path (``"hits.hits"``, ``"results.0.items"``) into decoded JSON.

    Args:
        body: The decoded JSON value.
        path: Keys joined by ``.``; a segment of digits indexes a list. ``""`` is the body.

    Returns:
        The value, or a private sentinel (see :func:`_found`) when a step is missing.
    """
    value = body
    for step in path.split(".") if path else ():
        if isinstance(value, dict) and step in value:
            value = value[step]
        elif isinstance(value, list) and step.isascii() and step.isdigit() and len(step) < 10:
            index = int(step)
            if index >= len(value):
                return _MISSING
            value = value[index]
        else:
            return _MISSING
    return value


def _found(value: object) -> bool:
    return value is not _MISSING


@dataclass(frozen=True)
class Collection:
    """The items of a response, and the object that held them (where pagination lives)."""

    items: list[Any]
    parent: Mapping[str, Any] | None
    where: str


def _unique_list(root: Mapping[str, Any], where: str) -> Collection | None:
    lists = [k for k in COLLECTION_KEYS if isinstance(root.get(k), list)]
    if len(lists) != 1:
        return None  # none, or ambiguous: treat the body as one record
    return Collection(root[lists[0]], root, f"{where}{lists[0]}")


def find_collection(body: object, items: str | None) -> Collection | str | None:
    """Find the collection in a decoded body.

    Args:
        body: The decoded JSON value.
        items: An explicit dotted path, or ``None`` to auto-detect.

    Returns:
        The collection; ``None`` when the body is a single record; or a ``str`` explaining why
        an explicit ``items`` path does not lead to a list (a schema failure).
    """
    if items is not None:
        value = resolve_path(body, items)
        if not _found(value):
            return f"items path {items!r} is not in the body"
        if not isinstance(value, list):
            kind = "null" if value is None else type(value).__name__
            return f"items path {items!r} holds {kind}, not a list"
        parent_path = items.rpartition(".")[0]
        parent = resolve_path(body, parent_path) if "." in items else body
        return Collection(value, parent if isinstance(parent, dict) else None, items)
    if isinstance(body, list):
        return Collection(body, None, "")
    if not isinstance(body, dict):
        return None
    hits = body.get("hits")  # Elasticsearch / OpenSearch
    if isinstance(hits, dict) and isinstance(hits.get("hits"), list):
        return Collection(hits["hits"], hits, "hits.hits")
    root, where = body, ""
    if "data" in body and set(body) <= {"data", "errors", "extensions"}:
        # GraphQL: descend through single-field selections to the connection they lead to.
        for _ in range(4):
            node = root.get("data") if root is body else None
            if node is None and len(root) == 1:
                node = next(iter(root.values()))
            if not isinstance(node, dict):
                break
            where += next(k for k, v in root.items() if v is node) + "."
            root = node
    return _unique_list(root, where) or _page_shaped(root, where)


#: Members that only a page of a larger listing has (Jira's startAt/maxResults, Zendesk's
#: next_page, the cursor keys). Their presence makes a lone list the collection, whatever its
#: name. "total" and "next" are left out: on a record they may be a price or a chapter.
PAGE_MARKERS = frozenset(
    {
        "startAt", "maxResults", "per_page", "page_size", "pageSize", "next_page",
        "total_count", "totalCount", "totalResults", "totalItems", "totalSize",
        "@odata.count", *MORE_FLAGS,
    }
) | set(NEXT_TOKEN_KEYS) | set(NEXT_URL_KEYS)  # fmt: skip


def _page_shaped(root: Mapping[str, Any], where: str) -> Collection | None:
    lists = [k for k, v in root.items() if isinstance(v, list)]
    if len(lists) != 1 or not PAGE_MARKERS & set(root):
        return None
    return Collection(root[lists[0]], root, f"{where}{lists[0]}")


@dataclass(frozen=True)
class Total:
    """The source's own count, and whether it is only a lower bound (ES ``relation: gte``)."""

    value: int
    lower_bound: bool = False


def _as_total(value: object) -> Total | None:
    if isinstance(value, dict):  # Elasticsearch 7+: {"value": 10000, "relation": "gte"}
        count = as_count(value.get("value"))
        return None if count is None else Total(count, value.get("relation") == "gte")
    count = as_count(value)
    return None if count is None else Total(count)


def find_total(
    body: object, collection: Collection | None, total: str | None
) -> Total | str | None:
    """The source's total count.

    Args:
        body: The decoded JSON value.
        collection: The collection found, if any; auto-detection looks beside it.
        total: An explicit dotted path, or ``None`` to auto-detect (only next to a collection,
            where a ``total`` key means a count; on a single record it may be a price).

    Returns:
        The total; ``None`` when unknown (an explicit path that is absent means the source did
        not count, which is allowed); or a ``str`` when an explicit path holds a non-count.
    """
    if total is not None:
        value = resolve_path(body, total)
        if not _found(value) or value is None:
            return None
        found = _as_total(value)
        return found or f"total path {total!r} holds {value!r:.60}, not a count"
    if collection is None:
        return None
    for container in _containers(body, collection):
        for key in TOTAL_KEYS:
            found = _as_total(container.get(key))
            if found is not None:
                return found
    return None


def _containers(body: object, collection: Collection | None) -> list[Mapping[str, Any]]:
    """Where pagination may live: beside the collection, and at the top of the body."""
    out: list[Mapping[str, Any]] = []
    if collection is not None and collection.parent is not None:
        out.append(collection.parent)
    if isinstance(body, dict) and all(body is not c for c in out):
        out.append(body)
    return out


@dataclass(frozen=True)
class Evidence:
    """One piece of evidence that more exists than was returned."""

    truncated_by: TruncatedBy
    detail: str
    next_cursor: str | None = None


def page_evidence(
    body: object, collection: Collection | None, base_url: str | None
) -> list[Evidence]:
    """Every sign in the body that the answer is a page or flagged incomplete.

    Args:
        body: The decoded JSON value.
        collection: The collection found, if any.
        base_url: The request URL, to resolve relative next-page URLs against.

    Returns:
        The evidence, upstream flags first, then next-page signs, in table order.
    """
    flags: list[Evidence] = []
    pages: list[Evidence] = []
    for box in _containers(body, collection):
        for key in INCOMPLETE_FLAGS:
            if box.get(key) is True:
                flags.append(Evidence(TruncatedBy.UPSTREAM_FLAG, f"{key}: true"))
        pages.extend(_next_page_signs(box, collection, base_url))
    return flags + pages


def _next_page_signs(
    box: Mapping[str, Any], collection: Collection | None, base_url: str | None
) -> list[Evidence]:
    out: list[Evidence] = []
    for key in NEXT_TOKEN_KEYS:
        cursor = _cursor(box.get(key))
        if cursor is not None:
            out.append(Evidence(TruncatedBy.NEXT_PAGE, f"{key} present", cursor))
    page = box.get("next_page")  # Zendesk and others: the next page's URL, or its number
    if (cursor := _cursor(page)) is not None:
        cursor = _url(cursor, base_url) if isinstance(page, str) else cursor
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "next_page present", cursor))
    meta = box.get("response_metadata")  # Slack
    if isinstance(meta, dict) and (cursor := _cursor(meta.get("next_cursor"))) is not None:
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "response_metadata.next_cursor", cursor))
    for key in NEXT_URL_KEYS:
        if isinstance(url := box.get(key), str) and url:
            out.append(Evidence(TruncatedBy.NEXT_PAGE, f"{key} present", _url(url, base_url)))
    # DRF's "next", JSON:API's links.next and HAL's _links.next.href name the next page only
    # next to a collection; on a record, "next" may be anything (a chapter, a step).
    links, hal = box.get("links"), box.get("_links")
    if collection is not None:
        for url, why in (
            (box.get("next"), "next URL"),
            (links.get("next") if isinstance(links, dict) else None, "links.next"),
            (_href(hal.get("next")) if isinstance(hal, dict) else None, "_links.next"),
        ):
            url = _href(url)
            if isinstance(url, str) and url:
                out.append(Evidence(TruncatedBy.NEXT_PAGE, why, _url(url, base_url)))
    for key in MORE_FLAGS:
        if box.get(key) is True:
            out.append(Evidence(TruncatedBy.NEXT_PAGE, f"{key}: true", _last_id(collection)))
    info = box.get("pageInfo")  # Relay connections
    if isinstance(info, dict) and info.get("hasNextPage") is True:
        cursor = _cursor(info.get("endCursor"))
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "pageInfo.hasNextPage: true", cursor))
    return out


def _cursor(value: object) -> str | None:
    # A cursor of 0 means "no more" in several APIs (Twitter v1.1's next_cursor); so does "".
    if isinstance(value, str) and value:
        return value
    if isinstance(value, int) and not isinstance(value, bool) and value != 0:
        return str(value)
    return None


def _href(value: object) -> object:
    return value.get("href") if isinstance(value, dict) else value


def _url(url: str, base_url: str | None) -> str:
    # RFC 8288 §3.2: a relative reference is resolved against the request's URL.
    if base_url:
        with contextlib.suppress(ValueError):
            url = urljoin(base_url, url)
    return redact_url(url)


def _last_id(collection: Collection | None) -> str | None:
    # Stripe: pass the last object's id as starting_after to get the next page.
    if collection is None or not collection.items or not isinstance(collection.items[-1], dict):
        return None
    last_id = collection.items[-1].get("id")
    return _cursor(last_id)


# -- RFC 8288 Link header ------------------------------------------------------------------------

# A link is <target> then ;-separated params whose quoted values may hold ";" and ",".
_LINK = re.compile(r'<(?P<url>[^>]*)>(?P<params>(?:\s*;(?:[^;,"]|"[^"]*")*)*)')
_REL = re.compile(r";\s*rel\s*=\s*(?:\"(?P<q>[^\"]*)\"|(?P<t>[^\s;,]+))", re.IGNORECASE)


def next_link(header: str | None, base_url: str | None) -> str | None:
    """The ``rel="next"`` target of a ``Link`` header (RFC 8288), resolved and redacted.

    Args:
        header: The header value (several links, comma-separated), or ``None``.
        base_url: The request URL, for relative targets.

    Returns:
        The next page's URL, or ``None``.
    """
    if not header:
        return None
    for match in _LINK.finditer(header[:8192]):
        for rel in _REL.finditer(match["params"]):
            relations = (rel["q"] if rel["q"] is not None else rel["t"]).lower().split()
            if "next" in relations:
                return _url(match["url"].strip(), base_url)
    return None
