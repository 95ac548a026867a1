"""Step 5, pagination: how many the source holds, and whether more remain than this page.

A page is not the whole answer. Upstreams say so in their own words: an RFC 8288 ``Link``
header with ``rel="next"``, GitLab's ``X-Next-Page``, Stripe's ``has_more``, a DRF ``next`` URL,
OData's ``@odata.nextLink``, Google's ``nextPageToken``, AWS's ``NextToken`` and
``IsTruncated``, DynamoDB's ``LastEvaluatedKey``, Relay's ``pageInfo.hasNextPage``, a page
number below the page count (Cloudflare ``result_info``, Algolia ``nbPages``, Laravel
``last_page``), Jira's ``isLast: false``, PagerDuty's ``more: true``, GitHub's
``incomplete_results``, or simply a total above what came back.

Totals are read with care. Unambiguous names (``total_count``, ``nbHits``, ``numFound`` …)
count wherever they sit next to a collection; ``total`` and ``count`` count only beside paging
companions, because on a record they are a price or a quantity. :func:`judge_coverage` gathers
that evidence, with what a convention reported, into the envelope's coverage and outcome.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import parse_qsl, urlencode, urljoin, urlsplit

from tool_outcomes._numbers import parse_count
from tool_outcomes.envelope import (
    MAX_CURSOR_CHARS,
    Coverage,
    Envelope,
    FailureCode,
    FailureKind,
    Outcome,
    TruncatedBy,
)

from ._collection import (
    AMBIGUOUS_TOTAL_KEYS,
    GERRIT_MORE,
    INCOMPLETE_FLAGS,
    MORE_FLAGS,
    NEXT_TOKEN_KEYS,
    NEXT_URL_KEYS,
    NO_MORE_FLAGS,
    PAGING_BOX_KEYS,
    PAGING_BOXES,
    TOTAL_KEYS,
    Collection,
    aggregate_names,
    all_missing,
    count_names,
    counted_zero,
    ergast_data,
    find_collection,
    found,
    has_paging_companions,
    itis_none,
    no_more,
    no_report_data,
    null_inside,
    refused_items,
    resolve_path,
    stac_context,
    status_envelope,
    typed_listing,
    wrapped_pages,
)
from ._decisions import ArrayText, Contact, Document, Uncounted
from ._exchange import Exchange
from ._headers import (
    count_in_headers,
    header_names,
    page_in_headers,
    trakt_pages,
    trakt_total,
)
from ._messages import error_message
from ._verdicts import (
    FailureVerdict,
    PartialVerdict,
    Verdict,
    as_count,
    refused_batch,
    some_refused,
    within,
)

__all__ = [
    "PAGE_COUNTERS",
    "Evidence",
    "Total",
    "declared_pages",
    "find_total",
    "header_evidence",
    "header_total",
    "judge_coverage",
    "page_evidence",
]

_P = FailureKind.PERMANENT

#: (page number key, page count key, number of the first page): more pages remain while the
#: page is not the last. Algolia and Spring count pages from 0, the others from 1.
PAGE_COUNTERS: tuple[tuple[str, str, int], ...] = (
    ("current_page", "last_page", 1),  # Laravel
    ("current_page", "total_pages", 1),  # Fractal meta.pagination
    ("page", "total_pages", 1),  # Cloudflare result_info, Intercom pages
    ("page", "totalPages", 1),  # Meilisearch (page/hitsPerPage mode)
    ("currentPage", "totalPages", 1),
    ("CurrentPage", "TotalPages", 1),  # Spark's D.Pagination
    ("currentPage", "pagesCount", 1),  # Shlink's pagination (https://api-spec.shlink.io/)
    ("currentPage", "lastPage", 1),  # Lemon Squeezy meta.page (JSON:API)
    ("page", "nbPages", 0),  # Algolia
    ("page", "pageCount", 1),  # Xero's pagination block
    ("number", "totalPages", 0),  # Spring Data page
    ("page", "pages", 1),  # Slack's paging (files.list, search.*)
    ("page", "page_count", 1),  # Slack search's pagination
    ("page", "num_pages", 1),  # Dropbox Sign's list_info
    ("PageNumber", "NumberOfPages", 1),  # Campaign Monitor's paged results
    ("page_number", "page_count", 1),  # Zoom's page_number pages
    # Elastic App Search's meta.page: current (from 1) of total_pages
    # (https://www.elastic.co/guide/en/app-search/current/api-reference.html)
    ("current", "total_pages", 1),
    ("@CurrentPage", "@TotalPages", 1),  # Fortnox's MetaInformation
    ("page", "max_page", 1),  # Onyphe's search pages (https://www.onyphe.io/documentation/api)
    ("currentPage", "numberOfPages", 1),  # BreweryDB's listings
    ("page", "total_page", 1),  # TikTok for Business's page_info
)
#: Member names of a ``next`` object that say where the next page starts.
_NEXT_OBJECT_KEYS: tuple[str, ...] = (
    "href", "after", "starting_after", "link", "url", "page",
    "uri", "offset",  # Asana's next_page {offset, path, uri}
    "@href",  # Travis CI's @pagination.next
)  # fmt: skip
_AWS_CURSORS: tuple[str, ...] = ("NextContinuationToken", "NextMarker", "NextToken", "nextToken")


@dataclass(frozen=True)
class Total:
    """The source's own count, and whether it is only a lower bound (ES ``relation: gte``) or
    an estimate (Meilisearch's ``estimatedTotalHits``, Algolia's ``nbHits`` beside
    ``exhaustiveNbHits: false``)."""

    value: int
    lower_bound: bool = False
    estimate: bool = False


#: Totals their APIs document as estimates: Meilisearch's offset/limit mode says
#: ``estimatedTotalHits`` (its page mode's ``totalHits`` is exhaustive).
_ESTIMATED_TOTAL_KEYS = frozenset({"estimatedTotalHits", "totalEstimatedMatches"})


def _estimated(box: Mapping[str, Any], key: str) -> bool:
    """Whether the total under ``key`` in ``box`` is documented as an estimate: Algolia's
    ``exhaustiveNbHits: false`` (or ``exhaustive.nbHits: false``) says ``nbHits`` is one."""
    if key in _ESTIMATED_TOTAL_KEYS:
        return True
    if key != "nbHits":
        return False
    exhaustive = box.get("exhaustive")
    nb_hits = exhaustive.get("nbHits") if isinstance(exhaustive, dict) else None
    return box.get("exhaustiveNbHits") is False or nb_hits is False


def _as_total(value: object) -> Total | None:
    if isinstance(value, dict):  # Elasticsearch 7+: {"value": 10000, "relation": "gte"}
        count = as_count(value.get("value"))
        return None if count is None else Total(count, value.get("relation") == "gte")
    count = as_count(value)
    if count is None and isinstance(value, str) and (more := _MORE_THAN.fullmatch(value)):
        # A count written as more than a number: OpenAQ v3's meta.found answers ">5" beside a
        # full page of five when more match than it counted (https://docs.openaq.org/): at
        # least one more than it names, a lower bound.
        return Total(int(more[1]) + 1, lower_bound=True)
    return None if count is None else Total(count)


_MORE_THAN = re.compile(r"\s*>\s*([0-9]{1,15})\s*")


def find_total(
    body: object,
    collection: Collection | None,
    total: str | None,
    boxes: list[Mapping[str, Any]] | None = None,
) -> Total | str | None:
    """The source's total count.

    Args:
        body: The decoded JSON value.
        collection: The collection found, if any; auto-detection looks beside it.
        total: An explicit dotted path, or ``None`` to auto-detect: only next to a collection,
            and ``total`` / ``count`` only where paging companions say the object is a page.
        boxes: ``_containers(body, collection)``, when the caller has them.

    Returns:
        The total; ``None`` when unknown (an explicit path that is absent means the source did
        not count, which is allowed); or a ``str`` when an explicit path holds a non-count.
    """
    if total is not None:
        value = resolve_path(body, total)
        if not found(value) or value is None or _uncounted(value):
            return None
        found_total = _as_total(value)
        return found_total or f"total path {total!r} holds {value!r:.60}, not a count"
    if collection is None:
        return None
    if collection.count_key is not None and collection.parent is not None:
        own = _as_total(collection.parent.get(collection.count_key))
        if own is not None:
            return own
    if collection.parent is not None:
        name = collection.where.rpartition(".")[2]
        aggregated = _aggregate_count(collection.parent, name)
        if aggregated is not None:
            return aggregated
        # A total named for the list beside it: Plaid's transactions and total_transactions,
        # "the total number of transactions available within the date range specified"
        # (https://plaid.com/docs/api/products/transactions/#transactionsget), Discourse's
        # notifications and total_rows_notifications, Spoonacular's menuItems and
        # totalMenuItems (:func:`count_names`).
        parent = collection.parent
        counts = count_names(name) if name else ()
        counted = next((parent[n] for n in counts if parent.get(n) is not None), None)
        named = _as_total(counted) if counted is not None else None
        if named is not None:
            return named
    meta = _meta(body)
    for box in _containers(body, collection) if boxes is None else boxes:
        psn = "totalItemCount" in box and ("nextOffset" in box or "previousOffset" in box)
        if psn and (counted := _as_total(box["totalItemCount"])) is not None:
            # PlayStation Network's lists: totalItemCount beside nextOffset and previousOffset
            # (https://andshrew.github.io/PlayStation-Trophies/#/APIv2). (Elsewhere it may count
            # what a record holds: Microsoft Graph's mail folder and its totalItemCount.)
            return counted
        if "current" in box and box.keys() <= _PAGE_COUNT_BOX:
            # A box of its page and the number of pages, {"current": 2, "total": 2}: API-Sports'
            # paging, Cronofy's pages (beside its next_page,
            # https://docs.cronofy.com/developers/api/events/read-events/).
            continue
        listing = (
            has_paging_companions(box)
            or _bare_listing(box, collection)
            or box.get("resourceType") == "Bundle"  # "If search, the total number of matches"
        )
        keys = TOTAL_KEYS + (AMBIGUOUS_TOTAL_KEYS if listing else ())
        if box is meta and not listing:
            # A top-level meta's total counts the listing beside it: DigitalOcean's
            # {"droplets": [...], "meta": {"total": 25}} ("the total number of items",
            # https://docs.digitalocean.com/reference/api/digitalocean/#section/Introduction/Meta),
            # ActiveCampaign's {"dealStages": [...], "meta": {"total": "110"}}. Its count may
            # be this page's (Datadog's catalog: {"count": 100} beside 100 items and a next).
            keys = _TOTAL_KEYS_BUT_COUNT
        lightspeed = isinstance(body, dict) and box is body.get("@attributes")
        counts_the_query = box is meta or lightspeed
        if box is not collection.parent and box is not body and not counts_the_query:
            # In a paging box of its own, "count" is the page size (Calendly's pagination,
            # Slack's paging) or this page's count (Fractal's meta.pagination, Cloudflare's
            # result_info), never the total; a top-level meta's is (JSON:API: Drupal, Kitsu),
            # and Lightspeed Retail's @attributes' (the query's, beside the page's offset).
            keys = _TOTAL_KEYS_BUT_COUNT if listing else TOTAL_KEYS
        elif "end_of_stream" in box or ("end_time" in box and "next_page" in box):
            # A Zendesk incremental export's count is "the number of items in this page" (the
            # export runs on until its end_of_stream, with no total): 1,000 on a full page.
            # Its time-based pages answered before end_of_stream was added say where the next
            # starts by end_time beside next_page, with the same count.
            keys = _TOTAL_KEYS_BUT_COUNT
        elif "isTruncated" in box:
            # Apify's key-value store keys: count is this page's, beside isTruncated
            # (https://docs.apify.com/api/v2/key-value-store-keys-get); the listing has no total.
            keys = _TOTAL_KEYS_BUT_COUNT
        for key in keys:
            if key in box and (found_total := _as_total(box[key])) is not None:
                if box is collection.parent and _sums_its_items(collection.items, key, found_total):
                    return None  # it counts what the entries hold, not the entries
                if _estimated(box, key):
                    return Total(found_total.value, found_total.lower_bound, estimate=True)
                return found_total
        context = stac_context(box) or {}
        if (found_total := _as_total(context.get("matched"))) is not None:
            return found_total
    return None


def _sums_its_items(items: list[Any], key: str, total: Total) -> bool:
    """Whether a total is the sum of the same count in each entry of the list beside it: a
    listing of groups, each counting its own, the total counting what the groups hold (MLB's
    schedule, ``{"totalItems": 8, "dates": [{"date": …, "totalItems": 4, "games": [...]}, …]}``,
    https://statsapi.mlb.com/docs/). Its entries are then not what it counts."""
    if key in _AMOUNT_NAMES or not items or total.lower_bound:
        return False
    if type(items[0]) is not dict or key not in items[0]:  # most lists: not at the first entry
        return False
    if not all(type(i) is dict for i in items):
        return False
    counts = [as_count(i.get(key)) for i in items]
    return None not in counts and sum(c for c in counts if c is not None) == total.value


#: Count names an entry may hold as a value of its own (an invoice's ``total``): never read
#: as the entry counting what it holds.
_AMOUNT_NAMES = frozenset({"total", "count", "size", "length"})
_TOTAL_KEYS_BUT_COUNT = TOTAL_KEYS + tuple(k for k in AMBIGUOUS_TOTAL_KEYS if k != "count")
#: The members of a box that counts pages, not items: its page, their number, the next's.
_PAGE_COUNT_BOX = frozenset({"current", "total", "next_page", "previous_page"})


def _aggregate_count(parent: Mapping[str, Any], name: str) -> Total | None:
    """How many rows match, as Hasura's aggregate beside the list ``name`` counts them:
    ``name_aggregate.aggregate.count`` (v2) or ``nameAggregate._count`` (v3)."""
    v2, v3 = aggregate_names(name)
    box = parent.get(v2)
    if isinstance(box, dict) and isinstance(inner := box.get("aggregate"), dict):
        return _as_total(inner.get("count"))
    box = parent.get(v3)
    return _as_total(box.get("_count")) if isinstance(box, dict) else None


def _meta(body: object) -> object:
    return body.get("meta") if isinstance(body, dict) else None


#: A count the source says it did not make: Paddle's ``estimated_total`` is ``-1`` "when
#: counting is skipped or unavailable"
#: (https://developer.paddle.com/api-reference/about/pagination).
_NOT_COUNTED: tuple[int, ...] = (-1,)


def _uncounted(value: object) -> bool:
    return type(value) is int and value in _NOT_COUNTED


def _bare_listing(box: Mapping[str, Any], collection: Collection) -> bool:
    # {"total": 240, "items": [...]} and nothing else: an object that holds only the list and
    # its count describes nothing but the list. A record says more about itself (an id, a
    # currency, a cart_id), and then "total" stays money unless paging companions appear.
    if box is not collection.parent:
        return False
    own = collection.where.rpartition(".")[2]
    # (A search's facet counts beside its hits say nothing of a record: Shodan's
    # {"matches": [...], "facets": {...}, "total": N}, https://developer.shodan.io/api; nor
    # does the region a search covered, Yelp's {"businesses": [...], "total": N, "region": …},
    # https://docs.developer.yelp.com/reference/v3_business_search.)
    return set(box) <= {own, *AMBIGUOUS_TOTAL_KEYS, *TOTAL_KEYS, "facets", "region"}


def _containers(body: object, collection: Collection | None) -> list[Mapping[str, Any]]:
    """Where pagination may live: beside the collection, at the top, and in paging boxes."""
    out: list[Mapping[str, Any]] = []
    if collection is not None and collection.parent is not None:
        out.append(collection.parent)
    if isinstance(body, dict) and all(body is not c for c in out):
        out.append(body)
    if collection is None:
        return out
    if isinstance(body, dict) and body.get("type") == "FeatureCollection":
        # GeoJSON's foreign members of the collection: ArcGIS puts its flags there.
        properties = body.get("properties")
        if isinstance(properties, dict):
            out.append(properties)
    for base in [*out, *_ancestors(body, collection.where)]:
        if "pageInfo" in base and _numbered_page_info(base["pageInfo"]):
            # Overseerr's (and Jellyseerr's) listings: pageInfo {page, pages, pageSize,
            # results} beside results (https://api-docs.overseerr.dev/). (Relay's pageInfo is
            # read as its own; YouTube's {totalResults, resultsPerPage} counts an estimate.)
            out.append(base["pageInfo"])
        metadata = base.get("metadata") if "metadata" in base else None
        page = metadata.get("page") if isinstance(metadata, dict) else None
        if isinstance(page, dict) and all(page is not c for c in out):
            # Datadog's listings: metadata.page {total_count, total_filtered_count} beside
            # data (its SLOs, https://docs.datadoghq.com/api/latest/service-level-objectives/#get-all-slos).
            out.append(page)
        if PAGING_BOX_KEYS.isdisjoint(base):  # most objects hold no paging box at all
            continue
        for key in PAGING_BOXES:
            box = base.get(key)
            if not isinstance(box, dict):
                continue
            inner = [box] + [box.get(k) for k in _INNER_BOXES if k in box]
            for candidate in inner:
                if isinstance(candidate, dict) and all(candidate is not c for c in out):
                    out.append(candidate)
    return out


def _numbered_page_info(info: object) -> bool:
    return isinstance(info, dict) and type(info.get("page")) is int and "pages" in info


def _ancestors(body: object, where: str) -> list[Mapping[str, Any]]:
    """The objects between the body and the collection's parent along its path, whose paging
    boxes may page it: Untappd's ``response.pagination.next_url`` beside
    ``response.checkins.items`` (https://untappd.com/api/docs). Most paths have none."""
    parts = where.split(".")[:-2]
    out: list[Mapping[str, Any]] = []
    node = body
    for part in parts:
        node = node.get(part) if isinstance(node, dict) else None
        if not isinstance(node, dict):
            break
        out.append(node)
    return out


#: Boxes inside a paging box: the paging boxes, and openFDA's ``meta.results`` (``{"skip": 0,
#: "limit": 1, "total": 1063}``, https://open.fda.gov/apis/anatomy-of-a-response/).
_INNER_BOXES = (*PAGING_BOXES, "results")


@dataclass(frozen=True)
class Evidence:
    """One piece of evidence that more exists than was returned."""

    truncated_by: TruncatedBy
    detail: str
    next_cursor: str | None = None


def page_evidence(
    body: object,
    collection: Collection | None,
    base_url: str | None,
    boxes: list[Mapping[str, Any]] | None = None,
) -> list[Evidence]:
    """Every sign in the body that the answer is a page or flagged incomplete.

    Args:
        body: The decoded JSON value.
        collection: The collection found, if any.
        base_url: The request URL, to resolve relative next-page URLs against.
        boxes: ``_containers(body, collection)``, when the caller has them.

    Returns:
        The evidence, upstream flags first, then next-page signs, in table order.
    """
    flags: list[Evidence] = []
    pages: list[Evidence] = []
    listing = typed_listing(body)
    if collection is not None and listing is not None and listing.next_cursor is not None:
        cursor = _cursor(resolve_path(body, listing.next_cursor))
        if cursor is not None:
            pages.append(Evidence(TruncatedBy.NEXT_PAGE, f"{listing.next_cursor} present", cursor))
    said_no_more: str | None = None
    workos = _workos_cursor(body, base_url) if collection is not None else None
    if workos is not None:
        pages.append(workos)
    matrix = _matrix_end(body, base_url) if collection is not None else None
    if matrix is not None:
        pages.append(matrix)
    zulip = _zulip_window(body, base_url) if collection is not None else None
    if zulip is not None:
        pages.append(zulip)
    more = _reddit_more(collection) or _gerrit_more(collection)
    if more is not None:
        flags.append(Evidence(TruncatedBy.UPSTREAM_FLAG, more))
    search = (_web_search_more(body) or _ergast_more(body)) if collection is not None else None
    if search is not None:
        pages.append(search)
    for box in _containers(body, collection) if boxes is None else boxes:
        pages.extend(_next_page_signs(box, collection, base_url))
        if collection is not None:
            pages.extend(_listing_signs(box, collection, base_url))
            said_no_more = said_no_more or _at_last_position(box)
        if _FLAG_KEYS.isdisjoint(box):
            continue
        for key in INCOMPLETE_FLAGS:
            if box.get(key) is True:
                flags.append(Evidence(TruncatedBy.UPSTREAM_FLAG, f"{key}: true"))
        said_no_more = said_no_more or no_more(box)
    if collection is None:
        # A wrapper of several pages (Spotify's search for two types): each page's own next.
        for key, inner in wrapped_pages(body):
            assert inner.parent is not None  # wrapped_pages hands out pages inside their object
            signs = []
            for box in _containers(inner.parent, inner):  # Slack's: the page's own paging box
                signs += _next_page_signs(box, inner, base_url)
                signs += _listing_signs(box, inner, base_url)
            pages.extend(
                Evidence(e.truncated_by, f"{key}: {e.detail}", e.next_cursor) for e in signs
            )
        if len({e.next_cursor for e in pages}) > 1:
            # One cursor resumes one page: with several, none resumes "the rest".
            pages = [Evidence(e.truncated_by, e.detail) for e in pages]
    # The source's explicit "this is the last" outranks a next link in the same body (Zendesk
    # fills links.next on every cursor page; its exports name where the next poll starts).
    return flags if said_no_more is not None else flags + pages


#: Every member :func:`_next_page_signs` reads in a box (a test holds it to the function): a
#: box holding none of them has no such sign, and most bodies hold none.
_NEXT_PAGE_SIGN_KEYS = frozenset(
    {
        *NEXT_TOKEN_KEYS, *_AWS_CURSORS, *NEXT_URL_KEYS, *MORE_FLAGS, "IsTruncated", "isTruncated",
        "LastEvaluatedKey", "next_page", "end_of_stream", "response_metadata", "pageInfo",
        "nextPage", "next_offset", "nextOffset", "pending",
        "continue", "query-continue",
    }
)  # fmt: skip
#: Every member :func:`page_evidence` reads in a box outside the two sign readers.
_FLAG_KEYS = frozenset({*INCOMPLETE_FLAGS, *(key for key, _ in NO_MORE_FLAGS)})


#: (this position, the last position) pairs a paging box may hold.
_LAST_POSITIONS = (("offset", "last_offset"), ("number", "last_number"))


def _at_last_position(box: Mapping[str, Any]) -> str | None:
    """Where a paging box puts this page at its last position: Datadog fills ``links.next`` on
    every page, last included, beside ``meta.pagination`` ``{"offset": 0, "last_offset": 0,
    "next_offset": 100, "total": 3}`` (https://docs.datadoghq.com/api/latest/teams/)."""
    for here, last in _LAST_POSITIONS:
        if last not in box:
            continue
        position, final = as_count(box.get(here)), as_count(box[last])
        if position is not None and final is not None and position >= final:
            return f"{here} {position} at {last} {final}"
    return None


def _reddit_more(collection: Collection | None) -> str | None:
    """Reddit's comment trees end with a ``{"kind": "more", "data": {"count": 332, "children":
    [ids]}}`` stub for the comments it left out, to be fetched through ``/api/morechildren``
    (https://praw.readthedocs.io/en/stable/code_overview/models/more.html). Only the last item
    is looked at: that is where Reddit puts it."""
    items = collection.items if collection is not None else None
    last = items[-1] if items else None
    if not isinstance(last, dict) or last.get("kind") != "more":
        return None
    data = last.get("data")
    left = data.get("children") if isinstance(data, dict) else None
    if not isinstance(left, list) or not left:
        return None  # a "continue this thread" stub names no comment left out here
    count = as_count(data.get("count")) if isinstance(data, dict) else None
    return f"more: {count if count is not None else len(left)} comments not loaded"


def _web_search_more(body: object) -> Evidence | None:
    """A web search API's own "more follow", outside any paging box: Google's Custom Search
    names the next page in ``queries.nextPage`` ("metadata representing the next page of
    results, if applicable", its ``startIndex`` the next ``start``,
    https://developers.google.com/custom-search/v1/reference/rest/v1/Search), Brave's Search
    says ``query.more_results_available``
    (https://api-dashboard.search.brave.com/app/documentation/web-search/responses)."""
    if not isinstance(body, dict):
        return None
    queries = body.get("queries") if body.get("kind") == "customsearch#search" else None
    following = queries.get("nextPage") if isinstance(queries, dict) else None
    if isinstance(following, list) and following and isinstance(following[0], dict):
        start = following[0].get("startIndex")
        cursor = str(start) if type(start) is int else None
        return Evidence(TruncatedBy.NEXT_PAGE, "queries.nextPage present", cursor)
    query = body.get("query") if body.get("type") == "search" else None
    if isinstance(query, dict) and query.get("more_results_available") is True:
        return Evidence(TruncatedBy.NEXT_PAGE, "query.more_results_available: true")
    return None


def _ergast_more(body: object) -> Evidence | None:
    """Ergast's (and Jolpica-F1's) ``MRData`` page: ``limit`` and ``offset`` beside a ``total``
    that counts the query's result rows, not the entries of its table (a race holds many
    results): more follow while ``offset + limit`` is short of it, the next from that offset
    (https://github.com/jolpica/jolpica-f1/blob/main/docs/README.md)."""
    box = ergast_data(body)
    if box is None:
        return None
    limit, offset, total = (as_count(box.get(k)) for k in ("limit", "offset", "total"))
    if limit is None or offset is None or total is None or offset + limit >= total:
        return None
    said = f"MRData: offset {offset} + limit {limit} short of its total of {total} rows"
    return Evidence(TruncatedBy.NEXT_PAGE, said, str(offset + limit))


def _gerrit_more(collection: Collection | None) -> str | None:
    """Gerrit's "more match beyond this page", on its last entity (:data:`GERRIT_MORE`)."""
    items = collection.items if collection is not None else None
    last = items[-1] if items else None
    if not isinstance(last, dict):
        return None
    said = (key for key in GERRIT_MORE if last.get(key) is True)
    return next((f"{key}: true on the last item" for key in said), None)


def _not_after(next_page: object, page: object) -> bool:
    """Whether a numbered next page is no page after this one: Hetzner DNS's last page says
    ``{"page": 1, "next_page": 1, "last_page": 1}``; Currencycloud's names no page with ``-1``
    (``{"current_page": 1, "next_page": -1, "previous_page": -1}``,
    https://developer.currencycloud.com/guides/integration-guides/pagination/)."""
    if type(next_page) is int and next_page < 0:
        return True
    after, current = as_count(next_page), as_count(page)
    return after is not None and current is not None and after <= current


def _full_datadog_page(
    box: Mapping[str, Any], offset: object, collection: Collection | None
) -> bool:
    """Whether a Datadog ``meta.pagination`` (``{"offset", "size", "next_offset"}``, the next
    offset the offset plus the size) sits beside a page holding as many items as its size."""
    size, start = box.get("size"), box.get("offset")
    if type(offset) is not int or type(size) is not int or type(start) is not int:
        return False
    if size <= 0 or offset != start + size or collection is None:
        return False
    return len(collection.items) >= size


def _page_number(box: Mapping[str, Any]) -> object:
    """The number a paging box gives its own page (``page``, or ``current_page`` as
    Currencycloud and Harvest spell it)."""
    return box.get("page", box.get("current_page"))


def _mediawiki_continue(box: Mapping[str, Any]) -> list[Evidence]:
    """MediaWiki's continuation: ``{"continue": {"sroffset": 10, "continue": "-||"}}`` says
    "there is more data"; the next request adds those values to its query, until an answer has
    no ``continue`` (https://www.mediawiki.org/wiki/API:Continue). Before 1.26 the values sat in
    ``query-continue``, one object per module. The cursor is the values as a query string."""
    current = box.get("continue")
    if isinstance(current, dict) and isinstance(current.get("continue"), str) and len(current) > 1:
        values = {k: v for k, v in current.items() if isinstance(v, str | int)}
        return [Evidence(TruncatedBy.NEXT_PAGE, "continue present", urlencode(values))]
    legacy = box.get("query-continue")
    if isinstance(legacy, dict) and legacy and all(isinstance(v, dict) for v in legacy.values()):
        values = {
            k: v
            for module in legacy.values()
            for k, v in module.items()
            if isinstance(v, str | int)
        }
        if values:
            return [Evidence(TruncatedBy.NEXT_PAGE, "query-continue present", urlencode(values))]
    return []


def _next_page_signs(
    box: Mapping[str, Any], collection: Collection | None, base_url: str | None
) -> list[Evidence]:
    """Signs that name the next page in terms no record uses."""
    out: list[Evidence] = []
    if _NEXT_PAGE_SIGN_KEYS.isdisjoint(box):
        return out
    # AWS: IsTruncated is the listing's own verdict; false overrides any stale marker.
    aws_done = box.get("IsTruncated") is False
    for key in NEXT_TOKEN_KEYS:
        cursor = _cursor(box.get(key))
        if cursor is not None and not (aws_done and key in _AWS_CURSORS):
            out.append(Evidence(TruncatedBy.NEXT_PAGE, f"{key} present", cursor))
    if box.get("IsTruncated") is True:
        cursors = [c for c in map(_cursor, (box.get(k) for k in _AWS_CURSORS)) if c is not None]
        cursor = cursors[0] if cursors else None
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "IsTruncated: true", cursor or _last_key(box)))
    if box.get("isTruncated") is True:
        # Apify's key-value store keys: isTruncated, the next page from nextExclusiveStartKey
        # (https://docs.apify.com/api/v2/key-value-store-keys-get).
        cursor = _cursor(box.get("nextExclusiveStartKey"))
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "isTruncated: true", cursor))
    last_key = box.get("LastEvaluatedKey")  # DynamoDB Query/Scan: absent on the last page
    if isinstance(last_key, dict) and last_key:
        cursor = json.dumps(last_key, sort_keys=True, separators=(",", ":"))
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "LastEvaluatedKey present", cursor))
    page = box.get("next_page")  # Zendesk and others: the next page's URL, or its number
    if isinstance(page, dict):  # Asana: {"offset", "path", "uri"}, null on the last page
        target, is_url = _next_target(page)
        if target is not None:
            out.append(_named("next_page present", target, is_url, base_url))
    elif (cursor := _cursor(page)) is not None and not _not_after(page, _page_number(box)):
        is_url = isinstance(page, str) and _looks_like_a_url(page)
        out.append(_named("next_page present", cursor, is_url, base_url))
    # Chargebee: "if there are more resources, a next_offset is returned" beside the list, a
    # string to pass back as offset (https://apidocs.chargebee.com/docs/api/v1/list-ops);
    # Datadog's meta.pagination sends its next_offset, a number, on every page.
    offset = box.get("next_offset")
    if isinstance(offset, str) and offset:
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "next_offset present", offset))
    elif _full_datadog_page(box, offset, collection):
        # Datadog's next_offset is "equal to page size added to the current offset", there
        # on the last page too (https://docs.datadoghq.com/api/latest/incidents/): a page
        # holding as many as its size may have more after it; a shorter one is the last.
        said = f"a full page of {box['size']} beside next_offset {offset}"
        out.append(Evidence(TruncatedBy.NEXT_PAGE, said, str(offset)))
    pending = box.get("pending")
    if type(pending) is int and pending > 0 and "last_seq" in box:
        # CouchDB's changes feed: "pending", the "count of remaining items in the feed", beside
        # last_seq, where the next request starts (since=)
        # (https://docs.couchdb.org/en/stable/api/database/changes.html).
        said = f"pending: {pending} changes after last_seq"
        out.append(Evidence(TruncatedBy.NEXT_PAGE, said, _cursor(box["last_seq"])))
    following = box.get("nextOffset")
    if type(following) is int and following > 0:
        # PlayStation Network's lists: nextOffset only while more follow, beside
        # previousOffset and totalItemCount (https://andshrew.github.io/PlayStation-Trophies/#/APIv2).
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "nextOffset present", str(following)))
    # Lichess's paginator: {"currentPage": 1, "maxPerPage": 15, "currentPageResults": [...],
    # "nbResults": 324545, "previousPage": null, "nextPage": 2}, nextPage null on the last
    # (https://lichess.org/api, its paginated lists: team search, broadcasts).
    numbered = _cursor(box.get("nextPage"))
    if numbered is not None and not _not_after(box.get("nextPage"), box.get("currentPage")):
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "nextPage present", numbered))
    if box.get("end_of_stream") is False and _cursor(box.get("next_page")) is None:
        # Zendesk's cursor-based incremental export: more follows from after_url/after_cursor.
        after = _cursor(box.get("after_url"))
        if after is not None:
            out.append(_page("end_of_stream: false", after, base_url))
        else:
            cursor = _cursor(box.get("after_cursor"))
            out.append(Evidence(TruncatedBy.NEXT_PAGE, "end_of_stream: false", cursor))
    out += _mediawiki_continue(box)
    meta = box.get("response_metadata")  # Slack
    if isinstance(meta, dict) and (cursor := _cursor(meta.get("next_cursor"))) is not None:
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "response_metadata.next_cursor", cursor))
    for key in NEXT_URL_KEYS:
        if isinstance(url := box.get(key), str) and url:
            out.append(_page(f"{key} present", url, base_url))
    for key in MORE_FLAGS:
        if box.get(key) is True or box.get(key) == "true":  # Sift writes it as a word
            # Zendesk's after_cursor, Dropbox's cursor (a string), else Stripe's last id.
            # (Airtable's webhook payloads: a number; Pipedrive's next_start, Eventbrite's
            # continuation.)
            cursor = next(
                (c for k in _MORE_CURSORS if (c := _cursor(box.get(k))) is not None), None
            )
            if cursor is None and key in _RESUME_OFFSET_FLAGS:
                cursor = _cursor(box.get("offset"))  # HubSpot's legacy APIs: where to resume
            cursor = cursor or _last_id(collection)
            if _names_a_page(box.get("next")):  # a URL (or a link object holding one)
                # Paddle: has_more beside the next URL to follow ("always use the pre-built next
                # URL"); that URL, read next, names the cursor.
                cursor = None
            out.append(Evidence(TruncatedBy.NEXT_PAGE, f"{key}: true", cursor))
    info = box.get("pageInfo")  # Relay connections
    if isinstance(info, dict) and info.get("hasNextPage") is True:
        cursor = _cursor(info.get("endCursor"))
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "pageInfo.hasNextPage: true", cursor))
    return out


_VERCEL_PAGINATION = frozenset({"count", "next", "prev"})
_MORE_FLAG_KEYS = frozenset(MORE_FLAGS)
#: "More" flags whose box's ``offset`` is where the next page resumes, not where this one
#: starts: HubSpot's legacy APIs, "use the offset returned … to get the next page"
#: (https://legacydocs.hubspot.com/docs/methods/companies/get-all-companies).
_RESUME_OFFSET_FLAGS = frozenset({"hasMore", "has-more"})
#: Where a "more" flag's box names the resume point, in the order read.
_MORE_CURSORS: tuple[str, ...] = (
    "after_cursor", "cursor", "next_start", "continuation",
    "vid-offset",  # HubSpot v1's contact lists: "pass it as vidOffset to get the next page"
    "end_cursor",  # Reddit's mod notes: has_next_page beside end_cursor
    "endCursor",  # Samsara's pagination: hasNextPage beside endCursor
)  # fmt: skip

#: How a next-page member written as a URL starts. Stripe's search sends ``next_page`` as an
#: opaque token to pass back as ``page`` (https://docs.stripe.com/api/pagination/search);
#: resolved against the request as a relative URL it would name a page that does not exist.
_URL_STARTS: tuple[str, ...] = ("http://", "https://", "/", "?")


def _looks_like_a_url(value: str) -> bool:
    return value.lower().startswith(_URL_STARTS)


#: Flags that say whether this is the last page, read when false: the flag, the member of the
#: same box where this page starts (the next one resumes past its items), and whether it is read
#: only without a next link beside it. Jira's isLast ("whether this is the last page"), resumed
#: at startAt; Jira Service Management's isLastPage, resumed at start; ClickUp's tasks'
#: last_page (https://developer.clickup.com/reference/gettasks), resumed at the request's page
#: + 1 (Laravel's last_page is a number: never false).
_NOT_LAST_FLAGS: tuple[tuple[str, str | None, bool], ...] = (
    ("isLast", "startAt", False),
    ("isLastPage", "start", True),
    ("last_page", None, True),
    # WeCom: "is_last", whether this is the last of the list, beside next_cursor
    # (https://developer.work.weixin.qq.com/document/path/92124)
    ("is_last", None, True),
    # GBIF: endOfRecords false beside offset and limit, "true if this is the last page"
    # (https://techdocs.gbif.org/en/openapi/)
    ("endOfRecords", "offset", True),
)

#: Cursors read only beside a collection (on a record, a "bookmark" is the record's own).
_BESIDE_CURSORS = ("bookmark", "cursor_string", "continuationToken", "next_batch")

#: Page counts a listing may send without its own page's number, left to the request's
#: ``page``: SecurityTrails' DNS history answers ``{"pages": 5, "records": [...]}`` to
#: ``?page=1`` (https://docs.securitytrails.com/reference/history-dns). ``pages`` alone may be
#: a record's (a book's), so it counts only beside a ``page`` the request sent; the others
#: name nothing but pages, and a request without one asked for the first.
_PAGE_COUNT_ONLY = ("total_pages", "totalPages", "page_count", "num_pages", "pageCount", "pages")
_PAGE_NUMBERS = frozenset({"page", "current_page", "currentPage", "number", "page_number"})
#: Every member whose presence can make :func:`_listing_signs` find a sign (the others it
#: reads, it reads beside one of these; a test holds the set to the function).
_LISTING_SIGN_KEYS = frozenset(
    {
        "next", "links", "_links", "more", "offset", "cursor", "scroll_param", "metadata",
        "last_indexes",
        "next_id", "meta", "next-cursor", "hasNext", "next_page_params", "paging", "token",
        "after", "nextCursorMark", *_BESIDE_CURSORS,
        *(flag for flag, _, _ in _NOT_LAST_FLAGS),
        *(p for p, _, _ in PAGE_COUNTERS),
        *_PAGE_COUNT_ONLY,
    }
)  # fmt: skip


#: A paging box that names all four pages on every page, the last included: Mailgun's.
_EVERY_PAGE_LINKS = ("first", "last", "next", "previous")


def _spent_links(box: Mapping[str, Any], collection: Collection) -> bool:
    """Whether a box that names its first, last, next and previous pages on every page (Mailgun:
    "next and previous URLs are always returned") says no page follows: an empty page ends the
    listing ("traverse until an empty result page is reached",
    https://documentation.mailgun.com/docs/mailgun/user-manual/events/), and a next page that is
    the last page's URL is this one ("you have reached the last page … if the next page URL is
    equal to the last page URL", https://documentation.mailgun.com/en/latest/api-suppressions.html)."""
    links = [box.get(key) for key in _EVERY_PAGE_LINKS]
    if not all(isinstance(link, str) and link for link in links):
        return False
    return not collection.items or box["next"] == box["last"]


def _all_in(box: Mapping[str, Any], collection: Collection) -> bool:
    """Whether a Solr-style page holds every item its query counts (``total``, or Solr's
    ``numFound`` at the top or in its ``response``)."""
    response = box.get("response")
    counts = (
        box.get("total"),
        box.get("numFound"),
        response.get("numFound") if isinstance(response, dict) else None,
    )
    count = next((c for c in map(as_count, counts) if c is not None), None)
    return count is not None and len(collection.items) >= count


#: A cursor of Figma's library listings: where the page before and the page after start.
_FIGMA_CURSOR = frozenset({"before", "after"})
_DUFFEL_META = frozenset({"after", "limit", "before"})


def _cursors_after(box: object) -> str | None:
    """The ``cursors.after`` a paging box names (GoCardless's ``meta``, Supercell's ``paging``)."""
    cursors = box.get("cursors") if isinstance(box, dict) else None
    return _cursor(cursors.get("after")) if isinstance(cursors, dict) else None


def _listing_signs(
    box: Mapping[str, Any], collection: Collection, base_url: str | None
) -> list[Evidence]:
    """Signs that name the next page only next to a collection: on a record, "next" may be a
    chapter, "offset" a time zone and "page" a page of a book."""
    out: list[Evidence] = []
    # OpenStack (Nova, Neutron, Cinder): a listing's <resource>_links, beside it, holds the
    # next page's link ("servers_links": [{"rel": "next", "href": "…?marker=…"}],
    # https://docs.openstack.org/api-guide/compute/paginated_collections.html).
    where = collection.where
    own = _link_to(box.get(f"{where}_links"), "rel", "next", "href") if where else None
    if own is not None:
        out.append(_page(f'{where}_links rel "next"', own, base_url))
    fhir = _fhir_link(box, "next")
    if fhir is not None:
        out.append(_page('link relation "next"', fhir, base_url))
    view = box.get("hydra:view") if collection.where == "hydra:member" else None
    hydra_next = view.get("hydra:next") if isinstance(view, dict) else None
    if isinstance(hydra_next, str) and hydra_next:
        # A Hydra collection's view names its next page in hydra:next, left out of the last
        # (https://www.hydra-cg.com/spec/latest/core/#collections).
        out.append(_page('hydra:view "hydra:next"', hydra_next, base_url))
    if "opensearch:totalResults" in box:
        # OpenSearch in JSON (Elsevier's Scopus): link objects name their relation in "@ref"
        # and their target in "@href" (https://dev.elsevier.com/documentation/ScopusSearchAPI.wadl).
        opensearch = _link_to(box.get("link"), "@ref", "next", "@href")
        if opensearch is not None:
            out.append(_page('link @ref "next"', opensearch, base_url))
    if _LISTING_SIGN_KEYS.isdisjoint(box):
        return out
    # DRF's "next", JSON:API's links.next, HAL's _links.next.href, HubSpot's paging.next.after,
    # DigitalOcean's links.pages.next.
    links, hal = box.get("links"), box.get("_links")
    pages = links.get("pages") if isinstance(links, dict) else None
    for value, why in (
        (None if _spent_links(box, collection) else box.get("next"), "next"),
        (links.get("next") if isinstance(links, dict) else None, "links.next"),
        (hal.get("next") if isinstance(hal, dict) else None, "_links.next"),
        (pages.get("next") if isinstance(pages, dict) else None, "links.pages.next"),
    ):
        target, is_url = _next_target(value)
        if target is not None and why == "_links.next" and isinstance(hal, dict):
            target = _under_base(target, hal.get("base"))
        if target is not None:
            out.append(_named(why, target, is_url, base_url))
    if type(box.get("next")) is int and "count" in box and box.keys() <= _VERCEL_PAGINATION:
        # Vercel's pagination {count, next, prev}: next "the timestamp that must be used to
        # request the next page" (as until), null on the last
        # (https://vercel.com/docs/rest-api#pagination).
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "next present", str(box["next"])))
    links_list = links if isinstance(links, list) else []  # OGC API - Features, STAC
    for link in links_list:
        # PayPal's v1 HATEOAS links name the next page "next_page"
        # (https://developer.paypal.com/api/rest/responses/#link-hateoaslinks).
        if not isinstance(link, dict):
            continue
        rel = link.get("rel")
        if rel is None and link.get("type") == "next":
            # Navitia names a link's relation in its type: {"href": …?start_page=1, "type":
            # "next"} (https://doc.navitia.io/#paging).
            rel = "next"
        if isinstance(rel, str) and rel in _NEXT_RELS:
            # (Clever names the link's target uri: https://dev.clever.com/docs/paging-and-limits.)
            target = _cursor(link.get("href")) or _cursor(link.get("uri"))
            posted = _posted_body(link)
            if target is not None and posted is not None:
                out.append(Evidence(TruncatedBy.NEXT_PAGE, 'links rel "next" (POST)', posted))
                break
            if target is not None:
                out.append(_page(f'links rel "{rel}"', target, base_url))
                break
    # Solr's cursors (Best Buy's searches too): nextCursorMark on every page; "if the
    # nextCursorMark returned is the same as the cursorMark sent, there are no more results"
    # (https://solr.apache.org/guide/solr/latest/query-guide/pagination-of-results.html).
    mark = _cursor(box.get("nextCursorMark"))
    sent = _split(base_url)[1].get("cursorMark") if mark is not None else None
    if mark is not None and mark != sent and not (sent in (None, "*") and _all_in(box, collection)):
        # (A first page that holds every item the query counts is all of it: Best Buy sends a
        # new mark beside all 16 stores of a 16-store search.)
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "nextCursorMark present", mark))
    # PayPal's v1 payment list: "next_id: the identifier of the next element", passed back as
    # start_id (https://developer.paypal.com/api/deprecated/payments/v1/payment-list).
    next_id = _cursor(box.get("next_id"))
    if next_id is not None:
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "next_id present", next_id))
    # GoCardless: meta.cursors.after names the next page, null at the end
    # (https://developer.gocardless.com/api-reference/#overview-cursor-pagination).
    after = _cursors_after(box.get("meta"))
    if after is not None:
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "meta.cursors.after present", after))
    # Supercell's APIs (Clash of Clans, Clash Royale, Brawl Stars): {"items": [...], "paging":
    # {"cursors": {"after": …}}}, the after marker "found from the response, inside the 'paging'
    # property" while more follows (https://developer.clashofclans.com/#/documentation). Only
    # beside items: Facebook's data lists send cursors.after on their last page too.
    paging = box.get("paging") if collection.where == "items" else None
    after = _cursors_after(paging)
    if after is not None and isinstance(paging, dict) and "next" not in paging:
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "paging.cursors.after present", after))
    # "Is this the last page?" answered false: more follows (:data:`_NOT_LAST_FLAGS`).
    for flag, start_key, alone in _NOT_LAST_FLAGS:
        if box.get(flag) is False and not (alone and out):
            start = as_count(box.get(start_key)) if start_key is not None else None
            cursor = str(start + len(collection.items)) if start is not None else None
            out.append(Evidence(TruncatedBy.NEXT_PAGE, f"{flag}: false", cursor))
    if box.get("more") is True:  # PagerDuty: "if true, there are additional results"
        offset, limit = as_count(box.get("offset")), as_count(box.get("limit"))
        cursor = str(offset + limit) if offset is not None and limit is not None else None
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "more: true", cursor))
    offset = box.get("offset")  # Airtable: an opaque string; a number is the current position
    if isinstance(offset, str) and offset and parse_count(offset) is None:
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "offset cursor present", offset))
    # Algolia's browse, Twitch's pagination, Bluesky's feeds: the next page's cursor, left out
    # of the last page ("the last page of the response does not return a cursor attribute",
    # https://www.algolia.com/doc/rest-api/search/#tag/Search/operation/browse). Where a flag
    # says more follows (Dropbox's has_more), the flag's sign carries it instead.
    # Disqus: a cursor object whose hasNext says whether more follows, its next the cursor to
    # pass back (https://disqus.com/api/docs/cursors/); next is filled on the last page too.
    cursor = box.get("cursor")
    if isinstance(cursor, dict) and cursor.get("hasNext") is True:
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "cursor.hasNext", _cursor(cursor.get("next"))))
    # Phabricator's Conduit: a search's cursor {"limit", "after", "before", "order"}; "if after
    # is not null, there are more results" to ask for with it
    # (https://secure.phabricator.com/book/phabricator/article/conduit/, "Paging"). Figma's
    # library listings send a cursor of only {before, after}, after left out of the last page
    # (its ResponseCursor, https://www.figma.com/developers/api#library-items-endpoints).
    after = None
    if isinstance(cursor, dict) and ("limit" in cursor or cursor.keys() <= _FIGMA_CURSOR):
        after = _cursor(cursor.get("after"))
    if after is not None:
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "cursor.after present", after))
    # Kew's POWO sends its cursor on every page, the last included: a cursor that is the one
    # sent, or one beside a page number at its count of pages, names no page after this one
    # (https://github.com/RBGKew/pykew#search, Solr's cursorMark).
    if (
        isinstance(cursor, str)
        and cursor
        and _MORE_FLAG_KEYS.isdisjoint(box)
        and not (_cursor_sent_back(cursor, base_url) or _at_last_page_number(box))
    ):
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "cursor present", cursor))
    # Kubernetes: a list's metadata.continue "is set if there are more results"
    # (https://kubernetes.io/docs/reference/using-api/api-concepts/#retrieving-large-results-sets-in-chunks).
    metadata = box.get("metadata")
    more = metadata.get("continue") if isinstance(metadata, dict) else None
    if isinstance(more, str) and more:
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "metadata.continue present", more))
    # LinkedIn's Marketing searches: the next page's token "is returned in metadata field of the
    # search response" (https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads/cursor-based-pagination).
    token = metadata.get("nextPageToken") if isinstance(metadata, dict) else None
    if isinstance(token, str) and token:
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "metadata.nextPageToken present", token))
    # OpenFEC's keyset pages: pagination.last_indexes, the values to send for the next page,
    # null on the last (https://api.open.fec.gov/developers/).
    last = box.get("last_indexes")
    if isinstance(last, dict) and any(v is not None for v in last.values()):
        query = urlencode({k: v for k, v in last.items() if isinstance(v, str | int | float)})
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "last_indexes present", query or None))
    # Intercom's scroll: "keep calling with the scroll_param until no data comes back"
    # (https://developers.intercom.com/docs/references/rest-api/api.intercom.io/companies/
    # scrolloverallcompanies): a page with items may have more after it, an empty one ends it.
    scroll = _cursor(box.get("scroll_param"))
    if scroll is not None and collection.items:
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "scroll_param present", scroll))
    # Crossref's deep paging sends next-cursor on every page, the last included: a page with
    # items may have more after it, an empty one ends it ("the end of the result set is reached
    # when you receive an empty items list", https://github.com/CrossRef/rest-api-doc#deep-paging-with-cursors).
    deep = _cursor(box.get("next-cursor"))
    if deep is not None and collection.items:
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "next-cursor present", deep))
    # USAspending's page_metadata: "hasNext: whether another page exists", next its number
    # (https://github.com/fedspendingtransparency/usaspending-api, api_contracts).
    if box.get("hasNext") is True:
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "hasNext: true", _cursor(box.get("next"))))
    # A number as next, past where this page starts: Semantic Scholar's "next", the offset of
    # the next batch, "absent when no more data exists" (https://api.semanticscholar.org/api-docs/graph).
    numbered = box.get("next")
    if type(numbered) is int and "hasNext" not in box:
        start_key = next((k for k in ("offset", "page") if as_count(box.get(k)) is not None), None)
        if start_key is not None and not _not_after(numbered, box[start_key]):
            detail = f"next {numbered} after {start_key} {box[start_key]}"
            out.append(Evidence(TruncatedBy.NEXT_PAGE, detail, str(numbered)))
    # A cursor beside the items, named its API's way, null or absent on the last page:
    # Pinterest's bookmark (https://developers.pinterest.com/docs/api/v5/#tag/Pagination),
    # osu!'s cursor_string (https://osu.ppy.sh/docs/#cursorstring), the continuationToken of
    # Xbox Live's pagingInfo and Sonatype Nexus's listings.
    for key in _BESIDE_CURSORS:
        named = box.get(key)
        if isinstance(named, str) and named:
            out.append(Evidence(TruncatedBy.NEXT_PAGE, f"{key} present", named))
    # Duffel: meta {"limit", "before", "after"}; "if meta.after isn't null … there are more
    # results", asked with ?after= (https://duffel.com/docs/api/overview/pagination). Its
    # schema requires none of them: a meta of its after and limit alone says the same.
    if "after" in box and "limit" in box and ("before" in box or box.keys() <= _DUFFEL_META):
        after = _cursor(box.get("after"))
        if after is not None:
            out.append(Evidence(TruncatedBy.NEXT_PAGE, "after present", after))
    # Semantic Scholar's bulk search: {"total": N, "token": "…", "data": [...]}, the token to
    # send for the next batch, null on the last (https://api.semanticscholar.org/api-docs/graph,
    # "paper bulk search").
    token = box.get("token")
    if isinstance(token, str) and token and "total" in box:
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "token present", token))
    # Blockscout's v2 API: next_page_params, the query of the next page, null on the last
    # (https://docs.blockscout.com/devs/apis/rest).
    params = box.get("next_page_params")
    if isinstance(params, dict) and params:
        query = urlencode({k: v for k, v in params.items() if isinstance(v, str | int | float)})
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "next_page_params present", query or None))
    # API-Sports (API-Football): paging {"current": 3, "total": 35} counts pages.
    paging = box.get("paging")
    if isinstance(paging, dict) and paging.keys() == {"current", "total"}:
        page, pages = as_count(paging["current"]), as_count(paging["total"])
        if page is not None and pages is not None and 1 <= page < pages:
            detail = f"paging.current {page} of paging.total {pages}"
            out.append(Evidence(TruncatedBy.NEXT_PAGE, detail, str(page + 1)))
    counted = False
    for page_key, page, count_key, pages, nth in _page_counts(box):
        counted = True
        if nth < pages:
            detail = f"{page_key} {page} of {count_key} {pages}"
            out.append(Evidence(TruncatedBy.NEXT_PAGE, detail, str(page + 1)))
            break
    if not counted and box is collection.parent:
        out += _asked_page_of(box, base_url)
    return out


def _asked_page_of(box: Mapping[str, Any], base_url: str | None) -> list[Evidence]:
    """A next page where the box counts pages and the request's own ``page`` (counted from
    1) is below the count."""
    asked = _asked_page(box, base_url)
    if asked is None or asked[0] >= asked[2]:
        return []
    page, count_key, pages = asked
    detail = f"request page {page} of {count_key} {pages}"
    return [Evidence(TruncatedBy.NEXT_PAGE, detail, str(page + 1))]


def _asked_page(box: Mapping[str, Any], base_url: str | None) -> tuple[int, str, int] | None:
    """``(page, count key, page count)`` where the box counts pages without naming its own
    page, the page being the request's ``page`` (counted from 1; the first when it sent none,
    except beside ``pages``, which a record may hold); ``None`` when that does not hold."""
    count_key = next((key for key in _PAGE_COUNT_ONLY if key in box), None)
    if count_key is None or not _PAGE_NUMBERS.isdisjoint(box):
        return None
    if not _NEXT_PAGE_SIGN_KEYS.isdisjoint(box):
        return None  # a box that names its next page itself (Zoom's next_page_token) says where
    pages = as_count(box[count_key])
    query = _split(base_url)[1] if base_url and "?" in base_url else {}
    if pages is None or (count_key == "pages" and "page" not in query):
        return None
    if any(query.get(key) for key in _CONTINUATION_PARAMS):
        return None  # a later page asked by cursor: its number is unknown
    page = _request_page(query)
    return None if page is None else (page, count_key, pages)


def _request_page(query: Mapping[str, str]) -> int | None:
    """The page a request asked for by its ``page`` (counted from 1; the first when it sent
    none), or ``None`` when that is no page number."""
    page = parse_count(query["page"]) if "page" in query else 1
    return None if page is None or page < 1 else page


#: Every page count :data:`PAGE_COUNTERS` reads.
_COUNTED_PAGES = frozenset(count_key for _, count_key, _ in PAGE_COUNTERS)


def _page_counts(box: Mapping[str, Any]) -> Iterator[tuple[str, int, str, int, int]]:
    """Each page counter the box fills (:data:`PAGE_COUNTERS`): ``(page key, page, count key,
    page count, which page it is counting from 1)``."""
    if _COUNTED_PAGES.isdisjoint(box):  # most boxes name no page count: nothing to read
        return
    for page_key, count_key, first in PAGE_COUNTERS:
        if count_key not in box or page_key not in box:
            continue
        page, pages = as_count(box[page_key]), as_count(box[count_key])
        if page is not None and pages is not None:
            # A page numbered 0 is counted from 0, whatever the table says; so are NatureServe's
            # (resultsSummary's page beside recordsPerPage, https://explorer.natureserve.org/api-docs/).
            if page == 0 or "recordsPerPage" in box:
                first = 0
            yield page_key, page, count_key, pages, page - first + 1


def _posted_body(link: Mapping[str, Any]) -> str | None:
    """The resume point of a next link that is a POST: its ``body``, as compact JSON.

    STAC API item search pages a POST search with ``{"rel": "next", "method": "POST", "href":
    <the search endpoint>, "body": {..., "token": ...}}``
    (https://github.com/radiantearth/stac-api-spec/tree/main/item-search#pagination): the href
    is the endpoint already asked, the body is what moves on to the next page."""
    method, body = link.get("method"), link.get("body")
    if not isinstance(method, str) or method.upper() != "POST" or not isinstance(body, dict):
        return None
    if not body:
        return None
    return json.dumps(body, sort_keys=True, separators=(",", ":"))


def _under_base(target: str, base: object) -> str:
    """A ``_links.next`` path read under the ``_links.base`` beside it, as Confluence's v1
    REST API writes them: base ``https://x.atlassian.net/wiki`` with next ``/rest/api/content?
    start=25`` is ``https://x.atlassian.net/wiki/rest/api/content?start=25``
    (https://developer.atlassian.com/server/confluence/pagination-in-the-rest-api/). A path
    that already starts with the base's path (Confluence v2: ``/wiki/api/v2/pages?cursor=``)
    is relative to the site, as RFC 3986 reads it."""
    if not isinstance(base, str) or not target.startswith("/") or target.startswith("//"):
        return target
    try:
        prefix = urlsplit(base).path.rstrip("/")
    except ValueError:
        return target
    if not prefix or target == prefix or target.startswith(prefix + "/"):
        return target
    return base.rstrip("/") + target


def _next_target(value: object) -> tuple[str | None, bool]:
    """The next page named by a ``next`` member: a URL string, or an object holding one.

    A string that is not a URL or a path (``http(s)://``, ``/``, ``?``) is an opaque cursor,
    offered as it is, never resolved against the request's URL: Auth0's checkpoint paging sends
    ``next`` as a value to pass back as ``from`` ("Opaque identifier for use with the from query
    parameter for the next page of results", https://auth0.github.io/node-auth0/interfaces/
    management.Management.ListConnectionsCheckpointPaginatedResponseContent.html), Pinecone's
    list pagination a token to pass back as ``paginationToken``."""
    if isinstance(value, str):
        return (value or None), _looks_like_a_url(value)
    if not isinstance(value, dict):
        return None, False
    for key in _NEXT_OBJECT_KEYS:
        target = _cursor(value.get(key))
        if target is not None:
            return target, key in ("href", "link", "url", "uri", "@href")
    return None, False


def header_total(headers: Mapping[str, str], collection: Collection | None) -> int | None:
    """The source's total from response headers, for a collection.

    Args:
        headers: The response headers (case-insensitive, such as ``httpx.Headers``).
        collection: The collection found; without one a header total counts nothing here.

    Returns:
        What :func:`~._headers.count_in_headers` reads, when there is a collection.
    """
    if collection is None:
        return None
    counted = count_in_headers(headers)
    return trakt_total(headers) if counted is None else counted


def declared_pages(ex: Exchange, contact: Contact) -> Contact:
    """A whole body that is all its data (declared text or bytes, JSON lines) whose headers
    name a next page is one page of more: UniProt answers its TSV, FASTA and JSON-lines
    searches with a ``Link`` header, ``rel="next"``, while more follow
    (https://www.uniprot.org/help/pagination). Nothing in such a body is read for pages."""
    coverage = contact.coverage
    if contact.outcome is not Outcome.SUCCESS or not isinstance(coverage, Coverage):
        return contact
    found = header_evidence(ex.headers, ex.url)
    if not found:
        return contact
    first = found[0]
    paged = Coverage(
        returned=coverage.returned,
        next_cursor=first.next_cursor,
        truncated_by=first.truncated_by,
        detail=f"{first.detail}; {coverage.detail}" if coverage.detail else first.detail,
    )
    return replace(contact, outcome=Outcome.PARTIAL, coverage=paged)


def header_evidence(headers: Mapping[str, str], base_url: str | None) -> list[Evidence]:
    """Next-page signs in response headers: RFC 8288 ``Link`` and GitLab's ``X-Next-Page``.

    Args:
        headers: The response headers.
        base_url: The request URL, for relative link targets.

    Returns:
        The evidence; an empty ``X-Next-Page`` (GitLab's last page) is none.
    """
    out: list[Evidence] = []
    names = header_names(headers)
    azure = base_url is not None and any(host in base_url for host in _AZURE_TABLE_HOSTS)
    if names is not None and names.isdisjoint(_PAGING_HEADERS) and not azure:
        return out  # (most responses carry none of them)
    link = _next_link_target(headers.get("link"))
    if link is not None:
        out.append(_page('Link rel="next"', link, base_url))
    next_page = str(headers.get("x-next-page", "")).strip()
    if next_page:
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "X-Next-Page header", next_page[:200]))
    # Oracle Cloud: "If the opc-next-page header appears in the response, additional pages of
    # results remain" (its value is the next request's page parameter,
    # https://docs.oracle.com/en-us/iaas/Content/API/Concepts/usingapi.htm#nine).
    token = str(headers.get("opc-next-page", "")).strip()
    if token:
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "opc-next-page header", token[:200]))
    # Quaderno: "X-Pages-HasMore: true" and the next page's address in X-Pages-NextPage
    # (https://developers.quaderno.io/api/#section/Pagination).
    following = str(headers.get("x-pages-nextpage", "")).strip()
    if following or str(headers.get("x-pages-hasmore", "")).strip().lower() == "true":
        out.append(
            Evidence(TruncatedBy.NEXT_PAGE, "X-Pages-HasMore header", following[:200] or None)
        )
    # Gitee's v5 lists: total_page beside the page the request asked for (from 1)
    # (https://gitee.com/api/v5/swagger).
    pages = parse_count(str(headers.get("total_page", "")).strip())
    if pages is not None:
        asked = _request_page(_split(base_url)[1])
        if asked is not None and asked < pages:
            detail = f"request page {asked} of total_page {pages}"
            out.append(Evidence(TruncatedBy.NEXT_PAGE, detail, str(asked + 1)))
    # Lokalise's cursor pagination: X-Pagination-Next-Cursor, "empty if there are no more
    # pages" (https://developers.lokalise.com/reference/api-pagination).
    cursor = str(headers.get("x-pagination-next-cursor", "")).strip()
    if cursor:
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "X-Pagination-Next-Cursor header", cursor[:200]))
    # Modern Treasury's lists: X-After-Cursor, "the after_cursor to pass for the next page",
    # absent on the last (https://docs.moderntreasury.com/platform/reference/pagination).
    after = str(headers.get("x-after-cursor", "")).strip()
    if after:
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "X-After-Cursor header", after[:200]))
    # Azure Table storage and Cosmos DB: "if the x-ms-continuation-NextPartitionKey (…
    # NextRowKey, NextTableName) headers are returned, there are more results"
    # (https://learn.microsoft.com/en-us/rest/api/storageservices/query-timeout-and-pagination).
    continuation = sorted(
        (name, str(value).strip())
        for name, value in (headers.items() if azure else ())
        if name.lower().startswith("x-ms-continuation") and str(value).strip()
    )
    if continuation:
        token = "&".join(f"{name.lower()}={value}" for name, value in continuation)
        out.append(Evidence(TruncatedBy.NEXT_PAGE, "x-ms-continuation headers", token[:300]))
    # Trakt: "X-Pagination-Page-Count: total number of pages" beside X-Pagination-Page
    # (https://docs.trakt.tv/docs/pagination): a page below the count has pages after it.
    paged = trakt_pages(headers)
    if paged is not None and 1 <= paged[0] < paged[1]:
        page, pages = paged
        detail = f"X-Pagination-Page {page} of X-Pagination-Page-Count {pages}"
        out.append(Evidence(TruncatedBy.NEXT_PAGE, detail, str(page + 1)))
    return out


#: Every header :func:`header_evidence` reads (beside Azure's continuation headers, read on
#: Azure's hosts): a test holds the set to the function.
_PAGING_HEADERS = frozenset(
    {
        "link", "x-next-page", "opc-next-page", "x-pages-nextpage", "x-pages-hasmore",
        "total_page", "x-pagination-next-cursor", "x-pagination-page-count", "x-pagination-page",
        "x-after-cursor",
    }
)  # fmt: skip


def _last_key(box: Mapping[str, Any]) -> str | None:
    # S3 ListObjects v1 without a delimiter: the next Marker is the last Key returned.
    contents = box.get("Contents")
    if isinstance(contents, list) and contents and isinstance(contents[-1], dict):
        return _cursor(contents[-1].get("Key"))
    return None


def _zero_results(value: Mapping[str, Any]) -> str | None:
    """Google Maps Platform's ``status: "ZERO_RESULTS"``, "the search was successful but
    returned no results", whatever its list is called (``results``, ``candidates``,
    ``predictions``: https://developers.google.com/maps/documentation/places/web-service/search-find-place)."""
    if value.get("status") != "ZERO_RESULTS":
        return None
    lists = [v for v in value.values() if isinstance(v, list)]
    return "status: ZERO_RESULTS" if all(not v for v in lists) else None


def _no_match(value: Mapping[str, Any]) -> str | None:
    """GBIF's name match with ``matchType: "NONE"``, no usage matched (its ``usageKey`` and
    names left out, its ``note`` saying why): the name matched nothing
    (https://techdocs.gbif.org/en/openapi/v1/species#/Searching%20names/matchNames). With
    ``verbose=true`` the candidates it weighed come as ``alternatives``: those are an answer."""
    if value.get("matchType") != "NONE" or "usageKey" in value or "confidence" not in value:
        return None
    return None if value.get("alternatives") else "matchType: NONE"


def _declared_zero(value: Any, total_path: str | None) -> bool:
    """Whether the declared total is there and counts nothing (``0``, or ``"0"``)."""
    if total_path is None:
        return False
    counted = resolve_path(value, total_path)
    return (type(counted) is int and counted == 0) or counted == "0"


#: Where Azure Table storage and Cosmos DB answer: only there are the headers looked through
#: for a continuation (a look costs every call a pass over every header).
_AZURE_TABLE_HOSTS = (".core.windows.net", ".azure.com", ".azure.cn", ".azure.us")


def _cursor_sent_back(cursor: str, base_url: str | None) -> bool:
    return (
        base_url is not None
        and "cursor=" in base_url
        and _split(base_url)[1].get("cursor") == cursor
    )


def _at_last_page_number(box: Mapping[str, Any]) -> bool:
    page, pages = as_count(box.get("page")), as_count(box.get("totalPages", box.get("total_pages")))
    return page is not None and pages is not None and page >= pages


def _matrix_end(body: object, base_url: str | None) -> Evidence | None:
    """Matrix's paginated events: ``{"chunk": [...], "start": …, "end": …}``, ``end`` "omitted
    when there are no more events" (https://spec.matrix.org/v1.11/client-server-api/#get_matrixclientv3roomsroomidmessages);
    servers before v1.3 sent it on the last page as the ``from`` token it was asked with."""
    if not isinstance(body, dict) or not isinstance(body.get("chunk"), list):
        return None
    end = body.get("end")
    if not isinstance(end, str) or not end or not isinstance(body.get("start"), str):
        return None
    asked = _split(base_url)[1].get("from")
    return None if end == asked else Evidence(TruncatedBy.NEXT_PAGE, "end present", end)


def _zulip_window(body: object, base_url: str | None) -> Evidence | None:
    """Zulip's messages: a window around an anchor, ``found_newest`` and ``found_oldest``
    saying whether it reached the newest and the oldest message matching the narrow
    (https://zulip.com/api/get-messages). More lies in a direction the request asked for
    (``num_after``, ``num_before``) that the window did not reach; a request that says
    neither is read as asking both."""
    if not isinstance(body, dict) or "anchor" not in body:
        return None
    newest, oldest = body.get("found_newest"), body.get("found_oldest")
    if type(newest) is not bool or type(oldest) is not bool:
        return None
    query = _split(base_url)[1]
    after, before = _query_count(query, "num_after"), _query_count(query, "num_before")
    if after is None and before is None:
        after = before = 1
    if (after or 0) > 0 and not newest:
        return Evidence(TruncatedBy.NEXT_PAGE, "found_newest: false")
    if (before or 0) > 0 and not oldest:
        return Evidence(TruncatedBy.NEXT_PAGE, "found_oldest: false")
    return None


def _workos_cursor(body: object, base_url: str | None) -> Evidence | None:
    """WorkOS's list: ``{"object": "list", "data": [...], "list_metadata": {"before": …,
    "after": …}}``, each cursor null where nothing lies that way: ``after`` names more for a
    page read forwards, ``before`` for one read backwards (asked with ``before=``)
    (https://workos.com/docs/reference/pagination)."""
    if not isinstance(body, dict) or body.get("object") != "list":
        return None
    box = body.get("list_metadata", body.get("listMetadata"))
    if not isinstance(box, dict) or not {"before", "after"} <= box.keys():
        return None
    backwards = "before" in _split(base_url)[1]
    way = "before" if backwards else "after"
    cursor = _cursor(box.get(way))
    return (
        None if cursor is None else Evidence(TruncatedBy.NEXT_PAGE, f"list_metadata.{way}", cursor)
    )


#: The parameters that select part of a CouchDB view by its keys (in the query, or the body of
#: a POST): with one, the view's ``total_rows`` counts more than the query asked for.
_COUCH_KEY_FILTERS = frozenset(
    {"key", "keys", "startkey", "endkey", "start_key", "end_key", "startkey_docid", "endkey_docid"}
)


def _couch_filtered(ex: Exchange, value: object) -> bool:
    """Whether ``value`` is a CouchDB view's answer to a request that filtered it by key (a
    ``POST`` to a view is one: it is how the keys are sent)."""
    if not isinstance(value, dict) or "total_rows" not in value:
        return False
    if (ex.method or "").upper() == "POST":
        return True
    asked = {*_split(ex.url)[1], *_sent_fields(ex.request_body)}
    return not _COUCH_KEY_FILTERS.isdisjoint(asked)


#: Query parameters that set how many items a page holds: at 0, the request asked for none.
_PAGE_SIZES = (
    "size", "limit", "per_page", "rows", "pageSize", "page_size", "maxResults", "perPage",
    # JSON:API's page size (DataCite's page[size]=0 answers its total and facets alone,
    # https://support.datacite.org/docs/api-queries), Algolia's hitsPerPage=0 (facets alone)
    "page[size]", "page[limit]", "hitsPerPage",
)  # fmt: skip


def _asks_no_items(ex: Exchange) -> bool:
    """Whether the request asked for a count and no items: a path ending in ``/count`` (Shodan),
    or a page size of 0 in its query or in the JSON body it sent (Elasticsearch's ``size``).
    The URL is parsed only when its text may say so (:func:`_may_ask_no_items`)."""
    url = ex.url
    if _may_ask_no_items(url):
        path, query = _split(url)
        if path.rstrip("/").endswith("/count"):
            return True
        if any(query.get(key) == "0" for key in _PAGE_SIZES):
            return True
        if query.get("_pagination") == "count":  # Spark: "returns only the pagination count"
            return True
        if query.get("returnCountOnly", "").lower() == "true":
            # ArcGIS feature queries: "the response will only include the count (number of
            # features/records) that would be returned by a query"
            # (https://developers.arcgis.com/rest/services-reference/enterprise/query-feature-service-layer/).
            return True
    return bool(ex.request_body) and _sent_fields(ex.request_body).get("size") == 0


def _may_ask_no_items(url: str | None) -> bool:
    """Whether ``url``'s text may ask for no items as :func:`_asks_no_items` reads it: each way
    spells a ``0``, ``count`` or ``Count``, unless a percent-escape spells it (``%30``)."""
    return url is not None and ("0" in url or "count" in url or "Count" in url or "%" in url)


def _looked_up(url: str | None, collection: Collection | None) -> bool:
    """Whether the one item a listing holds is the one the URL's last path segment names."""
    if url is None or collection is None or len(collection.items) != 1:
        return False
    item = collection.items[0]
    segment = urlsplit(url).path.rstrip("/").rpartition("/")[2]
    if not isinstance(item, dict) or len(segment) < 8:  # an id, not "items" or a page number
        return False
    return any(str(item.get(key)) == segment for key in ("_id", "id", "uuid") if key in item)


def _cursor(value: object) -> str | None:
    # A cursor of 0 means "no more" in several APIs (Twitter v1.1's next_cursor; Bybit's "0",
    # "there is no next page", https://bybit-exchange.github.io/docs/v5/user/page-subuid); so
    # do "" and Polymarket's "LTE=", "-1" in base64, "means the end"
    # (https://docs.polymarket.com/developers/CLOB/trades/trades).
    if isinstance(value, str) and value and value not in _END_CURSORS:
        return value
    if isinstance(value, int) and not isinstance(value, bool) and value != 0:
        return str(value)
    return None


_END_CURSORS = frozenset({"0", "LTE="})


def _resolve(url: str, base_url: str | None) -> str:
    # RFC 8288 §3.2: a relative reference is resolved against the request's URL.
    if base_url:
        with contextlib.suppress(ValueError):
            url = urljoin(base_url, url)
    return url


_DEFAULT_PORTS = {"http": 80, "https": 443}


def withheld_because(url: str, base_url: str | None) -> str | None:
    """Why a next-page URL may not be offered as a cursor, or ``None`` when it may.

    A model (or a handler) follows the cursor it is given, with the tool's credentials: only an
    http(s) URL on the request's own origin (scheme, host and port, RFC 6454) is safe to follow.
    Without a request URL there is no origin to leave; a relative URL is then offered as it is.

    Args:
        url: The next page's URL, resolved against ``base_url``.
        base_url: The request's URL, when known.

    Returns:
        The reason, in words, or ``None``.
    """
    try:
        parts = urlsplit(url)
        scheme = parts.scheme.lower()
        if not scheme and not base_url:
            return None
        if scheme not in _DEFAULT_PORTS:
            return f"a {scheme or 'schemeless'} URL, not http(s)"
        if not base_url:
            return None
        base = urlsplit(base_url)
        mine = (scheme, (parts.hostname or ""), parts.port or _DEFAULT_PORTS[scheme])
        base_scheme = base.scheme.lower()
        theirs = (base_scheme, base.hostname or "", base.port or _DEFAULT_PORTS.get(base_scheme))
    except ValueError:
        return "not a valid URL"
    return None if mine == theirs else "on another origin than the request's"


def _named(why: str, target: str, is_url: bool, base_url: str | None) -> Evidence:
    """Next-page evidence for a target a member names: a URL (:func:`_page`), or a cursor."""
    return _page(why, target, base_url) if is_url else Evidence(TruncatedBy.NEXT_PAGE, why, target)


def _page(why: str, url: str, base_url: str | None) -> Evidence:
    """Next-page evidence for a URL: its cursor, or the reason it is withheld."""
    resolved = _resolve(url, base_url)
    reason = withheld_because(resolved, base_url)
    if reason is not None:
        return Evidence(TruncatedBy.NEXT_PAGE, f"{why} (cursor withheld: {reason})")
    return Evidence(TruncatedBy.NEXT_PAGE, why, resolved)  # the coverage redacts a URL cursor


def _last_id(collection: Collection | None) -> str | None:
    # Stripe: pass the last object's id as starting_after to get the next page.
    if collection is None or not collection.items or not isinstance(collection.items[-1], dict):
        return None
    last_id = collection.items[-1].get("id")
    return _cursor(last_id)


# -- RFC 8288 Link header ------------------------------------------------------------------------

# A link is <target> then ;-separated params whose quoted values may hold ";" and ",". A
# URI-reference holds no "<" (RFC 3986 §2), so each "<" starts at most one scan that stops at the
# next "<": linear even on "<<<<…" with no ">".
_LINK = re.compile(r'<(?P<url>[^<>]*)>(?P<params>(?:\s*;(?:[^;,"]|"[^"]*")*)*)')
_REL = re.compile(r";\s*rel\s*=\s*(?:\"(?P<q>[^\"]*)\"|(?P<t>[^\s;,]+))", re.IGNORECASE)
# Sentry's own link parameter: results="false" on a link says the page it names is empty.
_RESULTS = re.compile(r";\s*results\s*=\s*(?:\"(?P<q>[^\"]*)\"|(?P<t>[^\s;,]+))", re.IGNORECASE)


def _next_link_target(header: str | None) -> str | None:
    """The ``rel="next"`` target of a ``Link`` header as written, or ``None``.

    A next link marked ``results="false"`` names no page: Sentry sends a ``next`` link on
    every page, "even if there are no results on these pages", and its ``results`` parameter
    says whether there are (https://docs.sentry.io/api/pagination/).
    """
    if not header:
        return None
    for match in _LINK.finditer(header[:8192]):
        params = match["params"]
        for rel in _REL.finditer(params):
            relations = (rel["q"] if rel["q"] is not None else rel["t"]).lower().split()
            target = match["url"].strip()
            if "next" in relations and not _no_results(params) and not _no_target(target):
                return str(target)
    return None


#: What a server writes in a Link target when it has no page to name, its language's null:
#: Kandji's ``Link: <None>; rel="next", <None>; rel="prev"`` on every answer (its lists page
#: by limit and offset alone, https://api-docs.kandji.io/).
_NULL_TARGETS = frozenset({"", "none", "null", "nil", "undefined"})


def _no_target(target: str) -> bool:
    return target.lower() in _NULL_TARGETS


def _no_results(params: str) -> bool:
    """Whether a link's parameters say the page it names holds nothing (``results="false"``)."""
    said = _RESULTS.search(params)
    return (
        said is not None and (said["q"] if said["q"] is not None else said["t"]).lower() == "false"
    )


#: Evidence that is the source's own statement that this answer is incomplete.
_SOURCE_SAYS_INCOMPLETE = frozenset(
    {TruncatedBy.UPSTREAM_TIMEOUT, TruncatedBy.SHARD_FAILURE, TruncatedBy.UPSTREAM_FLAG}
)

# Truncation evidence, strongest first: what the transport saw, what the upstream flagged
# about this answer, then signs of further pages, then a bare count.
_EVIDENCE_RANK: dict[TruncatedBy, int] = {
    TruncatedBy.SIZE_CAP: 0,
    TruncatedBy.STREAM_ERROR: 0,
    TruncatedBy.PARTIAL_CONTENT: 0,
    TruncatedBy.UPSTREAM_TIMEOUT: 1,
    TruncatedBy.SHARD_FAILURE: 1,
    TruncatedBy.FIELD_ERRORS: 1,
    TruncatedBy.UPSTREAM_FLAG: 2,
    TruncatedBy.NEXT_PAGE: 3,
    TruncatedBy.TOTAL_EXCEEDS_RETURNED: 4,
}


#: Where a page starts, as the page's body says it: 0-based offsets.
_OFFSET_KEYS: tuple[str, ...] = ("offset", "startAt", "start_at", "skip", "$skip", "Offset")
#: ... and as the request's query says it (``start``: Confluence v1 and Solr; ``startIndex``:
#: Google Books). Read only beside a total, and only when the page then fits in it: ``start``
#: is a time in other APIs.
_QUERY_OFFSET_KEYS: tuple[str, ...] = (
    *_OFFSET_KEYS, "start", "startIndex", "page[offset]",
    "from",  # Elasticsearch / OpenSearch _search?from=&size= (a date elsewhere: not a count)
    "ws.start",  # Launchpad's collections (lazr.restful): ws.start and ws.size
    "sysparm_offset",  # ServiceNow's Table API: the index of the page's first record
    # WFS 2.0's STARTINDEX (0-based, https://docs.ogc.org/is/09-025r2/09-025r2.html), as early
    # OGC API - Features servers took it (pygeoapi before its "offset")
    "startindex",
)  # fmt: skip
#: Page numbers (counted from 1) and the page sizes they multiply, in a request's query;
#: JSON:API's page family (``page[number]`` x ``page[size]``: Lemon Squeezy).
_PAGE_KEYS: tuple[str, ...] = (
    "page", "page[number]",
    "page_number",  # Zoopla's listings: page_number (from 1) by page_size
    # JD Cloud's and Alibaba Cloud's OpenAPI list calls: pageNumber (PageNumber) from 1, by
    # pageSize (PageSize), beside the answer's totalCount (https://docs.jdcloud.com/,
    # https://www.alibabacloud.com/help/).
    "pageNumber", "PageNumber",
)  # fmt: skip
_SIZE_KEYS: tuple[str, ...] = (
    "per_page", "limit", "page_size", "pageSize", "size", "page[size]", "page[limit]",
    "pagelen",  # Bitbucket Cloud's
    "PageSize",  # Alibaba Cloud's
    "itemsPerPage",  # API Platform's (https://api-platform.com/docs/core/pagination/)
)  # fmt: skip
#: A page's own number and size in its body: (page key, size key, a key only that API sends
#: beside them, number of the first page). Algolia counts pages from 0, Meilisearch from 1.
_BODY_PAGES: tuple[tuple[str, str, str, int], ...] = (
    ("page", "hitsPerPage", "nbPages", 0),  # Algolia
    ("page", "hitsPerPage", "totalPages", 1),  # Meilisearch (page/hitsPerPage mode)
    ("current_page", "per_page", "current_page", 1),  # Laravel meta, Fractal pagination
    ("page", "per_page", "total_count", 1),  # Cloudflare result_info
    ("page", "per_page", "total_pages", 1),  # Intercom pages, Cloudflare result_info
    ("page", "count", "pages", 1),  # Slack's paging: count is the page size
    ("page", "per_page", "page_count", 1),  # Slack search's pagination
    ("number", "size", "totalPages", 0),  # Spring Data page
    ("currentPage", "perPage", "lastPage", 1),  # Lemon Squeezy meta.page (JSON:API)
    ("page", "page_size", "num_pages", 1),  # Dropbox Sign's list_info
    ("currentPage", "maxPerPage", "nbResults", 1),  # Lichess's paginator
    # e-conomic: pages skipped x page size (https://restdocs.e-conomic.com/#pagination).
    ("skipPages", "pageSize", "skipPages", 0),
    ("page", "page_size", "total_page", 1),  # TikTok for Business's page_info
    # Bitbucket Cloud's paginated response: page (from 1), pagelen, size the total
    # (https://developer.atlassian.com/cloud/bitbucket/rest/intro/#pagination).
    ("page", "pagelen", "pagelen", 1),
    # SonarQube's paging: pageIndex (from 1), pageSize, total
    # (https://next.sonarqube.com/sonarqube/web_api).
    ("pageIndex", "pageSize", "pageSize", 1),
    # Motive's (KeepTruckin's) pagination: page_no (from 1), per_page, total
    # (https://developer.gomotive.com/reference/pagination).
    ("page_no", "per_page", "per_page", 1),
    # Navitia's pagination: start_page (from 0), items_per_page, items_on_page, total_result
    # (https://doc.navitia.io/#paging).
    ("start_page", "items_per_page", "items_per_page", 0),
    # Eve's _meta: page (from 1), max_results, total
    # (https://docs.python-eve.org/en/stable/features.html#pagination).
    ("page", "max_results", "max_results", 1),
)
#: Query parameters that carry a cursor for a later page (never sent for the first): Microsoft
#: Graph ``$skiptoken``, Shopify ``page_info``, Google ``pageToken``, HubSpot and Stripe
#: ``after`` / ``starting_after``, JSON:API ``page[after]``, and kin. Where the page starts is
#: then unknown, but it is not the first.
_CONTINUATION_PARAMS: tuple[str, ...] = (
    "$skiptoken", "page_info", "pageToken", "page_token", "nextPageToken", "cursor", "after",
    "starting_after", "page[after]", "page[cursor]", "continuation", "marker", "next_token",
    "pagination_token", "PageToken",
    "next_page_token",  # Zoom's: the previous page's token, sent back
    "scroll_id", "scroll_param",  # Elasticsearch's scroll, Intercom's scroll: see _SCROLLS
    # openFDA: a later page asks with search_after, and only a Link header names the next
    # ("the absence of a Link header indicates you are already on the last page",
    # https://open.fda.gov/apis/paging/). Elasticsearch sends its search_after in a body.
    "search_after",
    # Solr's cursors (and Best Buy's): cursorMark=* asks the first page, any other mark a later
    # one (https://solr.apache.org/guide/solr/latest/query-guide/pagination-of-results.html).
    "cursorMark",
    # WeChat's followers: the openid to start after. Its answer's next_openid is the last one
    # pulled, on every page (not a next page); a call past the last gets count 0 and an empty
    # next_openid (https://developers.weixin.qq.com/doc/offiaccount/en/User_Management/Getting_a_User_List.html).
    "next_openid",
)  # fmt: skip
#: Continuations of a scroll: its handle is on every page, the last included, so a page with
#: items is never known to be the last by it; only an empty one ends the scroll.
_SCROLLS = frozenset({"scroll_id", "scroll_param"})
#: Where a search sent as a JSON body says its page starts (Elasticsearch ``from``, Jira's
#: ``startAt``), and the members that carry a cursor for a later page of an API that names its
#: next page whenever there is one (HubSpot CRM search ``after``, Notion ``start_cursor``,
#: stac-server's ``next`` in the body of a STAC search's POST link, and the query's own
#: continuation names). Not Elasticsearch's ``search_after``: those pages never name a next one,
#: so a later page with none is not thereby the last. A ``token`` only in pgstac's ``next:…``
#: form (:func:`_is_stac_token`): the name holds a credential as often as a cursor.
_SENT_OFFSET_KEYS: tuple[str, ...] = ("from", *_OFFSET_KEYS, "start", "startIndex")
_SENT_CONTINUATIONS: tuple[str, ...] = (
    "start_cursor", "next", *(k for k in _CONTINUATION_PARAMS if k != "search_after")
)  # fmt: skip
#: A search's JSON body is a few kilobytes; a longer one is an upload, never read for paging.
_SENT_MAX_BYTES = 65_536
#: The members a page's body says where it starts with: :func:`_position` reads a box only
#: when it holds one of them.
_BODY_POSITION_KEYS = frozenset({*_OFFSET_KEYS, *(page for page, _, _, _ in _BODY_PAGES)})
#: A STAC item search's continuation in the query of its GET next link: stac-server's ``next``
#: (read only on a page that is a GeoJSON ``FeatureCollection``: elsewhere ``next`` is often a
#: place to go after a login) and pgstac's ``token`` (only in its ``next:…`` form).
_STAC_QUERY_CONTINUATIONS: tuple[str, ...] = ("next", "token")
#: The query parameters :func:`_position` reads (a page size counts only beside a page number):
#: a query holding none of them says nothing of where its page starts (a test holds the
#: shortcut to reading every one).
_QUERY_POSITION_KEYS = frozenset(
    {*_QUERY_OFFSET_KEYS, *_PAGE_KEYS, *_CONTINUATION_PARAMS, *_STAC_QUERY_CONTINUATIONS}
)
_POSITION_NAME = re.compile(
    "|".join(re.escape(name) for name in sorted(_QUERY_POSITION_KEYS, key=len, reverse=True))
    + r"|[%\t\r\n]"
)
# Salesforce: a query's later batches live at /query/<locator>-<number of records before it>.
_SALESFORCE_BATCH = re.compile(r"/query(?:All)?/[0-9A-Za-z]{15,18}-(?P<before>[0-9]{1,9})/?$")


@dataclass(frozen=True)
class Position:
    """Where a page starts: how many items come before it, and what said so."""

    before: int | None
    said_by: str
    scroll: bool = False
    """Said by a scroll's continuation (:data:`_SCROLLS`): a later page, but never the last
    by that alone."""


def _split(url: str | None) -> tuple[str, dict[str, str]]:
    """The URL's path and its query's parameters (empty for no URL, or one that does not
    parse)."""
    if not url:
        return "", {}
    with contextlib.suppress(ValueError):
        parts = urlsplit(url)
        return parts.path, dict(parse_qsl(parts.query)) if parts.query else {}
    return "", {}


def _may_name_a_position(url: str | None) -> bool:
    """Whether ``url``'s query may name a parameter :func:`_position` reads: it spells one of
    their names, or holds a percent-escape or a character ``urlsplit`` drops (either may hide
    one). The query is the text after the first ``?`` before any ``#``, as ``urlsplit`` cuts it.
    """
    if not url:
        return False
    query = url.partition("#")[0].partition("?")[2]
    return bool(query) and _POSITION_NAME.search(query) is not None


def _query_count(query: Mapping[str, str], key: str) -> int | None:
    return parse_count(query[key]) if key in query else None


def _sent_fields(sent: bytes | None) -> Mapping[str, Any]:
    """The members of a request body sent as one JSON object (a search's ``from``, ``after``);
    empty for any other body, or one longer than a search's ever is."""
    if not sent or len(sent) > _SENT_MAX_BYTES or sent.lstrip()[:1] != b"{":
        return {}
    try:
        value = json.loads(sent)
    except (ValueError, RecursionError):
        return {}
    return value if isinstance(value, dict) else {}


def _position(
    url: str | None,
    body: object,
    collection: Collection | None,
    sent: bytes | None = None,
    boxes: list[Mapping[str, Any]] | None = None,
) -> Position | None:
    """Where this page starts: the request's own ``offset`` / ``startAt`` / ``start`` (in its
    query, or in the JSON body it sent: Elasticsearch's ``from``), the page body's ``offset`` /
    ``startAt`` or its page number x page size, the request's ``page`` x ``per_page`` (or
    ``limit``, pages counted from 1), or a Salesforce batch locator. A request that carries only
    a continuation cursor (in its query, or its JSON body: HubSpot's ``after``, a STAC search's
    ``next``) is a later page whose start is unknown (``before`` is ``None``). ``None``
    when nothing says. Only numbers and member names are read from a sent body: no value of it
    is ever repeated."""
    # Most queries name none of the parameters read below: then the query is not even parsed.
    query = _split(url)[1] if _may_name_a_position(url) else {}
    asks = bool(query) and not _QUERY_POSITION_KEYS.isdisjoint(query)
    # An offset of 0 beside a continuation cursor counts from the cursor, not from the first
    # item: openFDA's later pages say skip=0 (in the query and the body) beside search_after.
    resumed = asks and any(query.get(k) not in (None, "", "*") for k in _CONTINUATION_PARAMS)
    # A page answering a token with its own decides where it is: Semantic Scholar's bulk
    # search ignores offset and limit ("not supported", https://api.semanticscholar.org/api-docs/graph)
    # that a client may still send beside its token.
    tokened = asks and bool(query.get("token")) and isinstance(body, dict) and "token" in body
    for key in _QUERY_OFFSET_KEYS if asks and not tokened else ():
        if (offset := _query_count(query, key)) is not None and not (resumed and offset == 0):
            return Position(offset, f"request {key}={offset}")
    asked = _sent_fields(sent)
    for key in _SENT_OFFSET_KEYS:
        if (value := _sent_count(asked, key)) is not None:
            return Position(value, f"request body {key}: {value}")
    # The page's own numbering before the request's: whether pages count from 0 (Spring,
    # Algolia) or 1 is the API's to say, and a query's page number does not say it.
    if collection is None:
        boxes = []
    elif boxes is None:
        boxes = _containers(body, collection)
    for box in boxes:
        if _BODY_POSITION_KEYS.isdisjoint(box):
            continue
        for key in _OFFSET_KEYS:
            if key == "offset" and not _RESUME_OFFSET_FLAGS.isdisjoint(box):
                continue  # HubSpot's offset names the next page's start (_RESUME_OFFSET_FLAGS)
            value = box.get(key)
            if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
                if resumed and value == 0:
                    continue
                return Position(value, f"body {key}: {value}")
        for page_key, size_key, marker, first in _BODY_PAGES:
            if marker not in box or page_key not in box or size_key not in box:
                continue
            number, per = as_count(box[page_key]), as_count(box[size_key])
            if number is not None and per is not None and number >= first:
                before = (number - first) * per
                return Position(before, f"body {page_key} {number} x {size_key} {per}")
    if asks:
        page = next((n for k in _PAGE_KEYS if (n := _query_count(query, k)) is not None), None)
        size = next((n for k in _SIZE_KEYS if (n := _query_count(query, k)) is not None), None)
        if page is not None and page >= 1 and size is not None:
            return Position((page - 1) * size, f"request page={page} x {size}")
    features = isinstance(body, dict) and body.get("type") == "FeatureCollection"
    if asked and features:  # a STAC search by POST may send its page and limit in the body
        page = next((n for k in _PAGE_KEYS if (n := _sent_count(asked, k)) is not None), None)
        size = next((n for k in _SIZE_KEYS if (n := _sent_count(asked, k)) is not None), None)
        if page is not None and page >= 1 and size is not None:
            return Position((page - 1) * size, f"request body page {page} x {size}")
    batch = _SALESFORCE_BATCH.search(_split(url)[0]) if url and "/query" in url else None
    if batch is not None:
        before = int(batch["before"])
        return Position(before, f"request batch after {before} records")
    # A cursor of "*" asks for the first page of a deep paging (Crossref's cursor=*).
    token = (
        next((k for k in _CONTINUATION_PARAMS if query.get(k) not in (None, "", "*")), None)
        if asks
        else None
    )
    if token is None and asks:  # a STAC search's GET continuation (_STAC_QUERY_CONTINUATIONS)
        if features and query.get("next"):
            token = "next"
        elif _is_stac_token(query.get("token")):
            token = "token"
        elif query.get("token") and any("token" in box for box in boxes):
            # The page answers with its own token, the one to send next: the request's token
            # was the previous page's (Semantic Scholar's bulk search). Elsewhere a token in a
            # query is as often a credential.
            token = "token"
    if token is not None:
        return Position(None, f"request {token}", token in _SCROLLS)
    token = next((k for k in _SENT_CONTINUATIONS if asked.get(k)), None) if asked else None
    if token is None and _is_stac_token(asked.get("token")):
        token = "token"
    if token is None:
        return None
    return Position(None, f"request body {token}", token in _SCROLLS)


def _sent_count(asked: Mapping[str, Any], key: str) -> int | None:
    """A whole number ``asked`` holds under ``key`` (a JSON number, never a boolean)."""
    value = asked.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def _is_stac_token(value: object) -> bool:
    """A STAC search's paging token as pgstac makes it (``next:…`` / ``prev:…``, handed back in
    the POST body its next link names): no credential looks like that."""
    return isinstance(value, str) and value.startswith(("next:", "prev:")) and len(value) > 5


def _header_position(headers: Mapping[str, str]) -> Position | None:
    """Where a page starts as its response headers say it (:func:`~._headers.page_in_headers`)."""
    said = page_in_headers(headers)
    return None if said is None else Position(said[0], said[1])


def _last_page(
    position: Position | None, evidence: list[Evidence], returned: int, count: int
) -> tuple[bool, str] | None:
    """Whether a page with no next link is the last of a query whose total counts every page.

    GitHub's search ``total_count`` and Spotify's paging ``total`` count every match; on the
    last page (``offset=50``, 6 items, total 56) the listing a model paged through is whole.

    Returns:
        ``(True, why)`` when where the page starts plus what came back reach the total: the
        listing is complete; ``(False, why)`` for a later page that falls short of it (the
        total counts the whole query, the rest is neither here nor offered); ``None`` when the
        page is the first, its position unknown, or a next page is named.
    """
    if position is None or evidence:
        return None
    start, read = position.before, position.said_by
    if returned == 0:
        # Nothing here and no next page, from a start at or past the last item the source
        # counts (Algolia's page past nbPages - 1, an offset or ES "from" beyond the total):
        # the listing ended before this page.
        if start is not None and start >= count:
            return True, (
                f"past the last item ({read}): the {count} the source counts all come before"
                " this page; no next page"
            )
        return None
    if position.scroll:  # a scroll's later page: what comes after it is not known yet
        return None
    if start is not None and start + returned >= count:
        return True, (
            f"last page ({read}): {start} before it + {returned} returned reach the query-wide"
            f" total {count}; no next page"
        )
    if start is None or start > 0:
        where = "" if start is None else f", {count - start - returned} after it not offered"
        return False, (
            f"a later page ({read}) with no next page: total {count} counts the whole query,"
            f" not this page{where}"
        )
    return None


#: Members naming the page before this one: a later page (DRF, Spotify ``previous``; JSON:API
#: ``links.prev``; HAL ``_links.prev``; Zendesk ``previous_page``; Laravel ``prev_page_url``).
_PREVIOUS_KEYS: tuple[str, ...] = ("previous", "prev")
_PREVIOUS_URL_KEYS: tuple[str, ...] = ("previous_page", "prev_page_url", "previous_page_url")
_PREVIOUS_RELS = frozenset({"prev", "previous", "previous_page"})
_NEXT_RELS = frozenset({"next", "next_page"})


def _said_last(
    body: object,
    collection: Collection,
    boxes: list[Mapping[str, Any]] | None = None,
    url: str | None = None,
) -> str | None:
    """What says this page is the last, or a later one, of a listing: the source's own "no
    more" (``has_more: false``, ``isLast: true``, ``done: true``, ``end_of_stream: true``,
    ``pageInfo.hasNextPage: false``), or a link to the page before it (``previous``,
    ``links.prev``, a ``links`` entry with ``rel: "prev"``, ``pageInfo.hasPreviousPage:
    true``), or its page number at its page count past the first (``page: 4, pages: 4``). Each
    is read by its value: ``null``, ``""`` and ``false`` say nothing. A header's
    ``rel="prev"`` is not read: the shared corpus labels GitHub's last Link page with a
    ``total_count`` and no page size in the request (rw161) a cut, and a page size in the
    request or GitLab's ``X-Page`` headers settle those pages by arithmetic instead."""
    for box in _containers(body, collection) if boxes is None else boxes:
        said = no_more(box)
        if said is not None:
            return said
        info = box.get("pageInfo")
        if isinstance(info, dict):
            # Relay: hasNextPage false is the last page (https://relay.dev/graphql/connections.htm).
            if info.get("hasNextPage") is False:
                return "pageInfo.hasNextPage: false"
            if info.get("hasPreviousPage") is True:
                return "pageInfo.hasPreviousPage: true"
        for key in _PREVIOUS_KEYS:
            if _names_a_page(box.get(key)):
                return f"{key} page named"
        for key in _PREVIOUS_URL_KEYS:
            if _names_a_page(box.get(key)):
                return f"{key} named"
        for name in ("links", "_links"):
            links = box.get(name)
            if isinstance(links, dict):
                if any(_names_a_page(links.get(rel)) for rel in _PREVIOUS_RELS):
                    return f"{name}.prev named"
                pages = links.get("pages")  # DigitalOcean: links.pages.prev
                if isinstance(pages, dict) and _names_a_page(pages.get("prev")):
                    return f"{name}.pages.prev named"
            elif isinstance(links, list):
                for link in links:
                    if (
                        isinstance(link, dict)
                        and isinstance(rel := link.get("rel"), str)
                        and rel in _PREVIOUS_RELS
                        and _cursor(link.get("href")) is not None
                    ):
                        return f'{name} rel "{link["rel"]}"'
        if _fhir_link(box, "previous") is not None:
            return 'link relation "previous"'
        for page_key, page, count_key, pages, nth in _page_counts(box):
            # The page's own number is its page count, past the first: Linode's {"page": 4,
            # "pages": 4, "results": 330} with no page size asked (the default size placed
            # the rest on pages 1 to 3, https://techdocs.akamai.com/linode-api/reference/pagination).
            if nth == pages > 1:
                return f"{page_key} {page} of {count_key} {pages}"
        if box is collection.parent and (asked := _asked_page(box, url)) is not None:
            # The same where the request names the page (Askbot's {"count", "pages",
            # "questions"} to ?page=2, https://askbot.org/doc/api.html).
            page, count_key, pages = asked
            if page == pages > 1:
                return f"request page {page} of {count_key} {pages}"
    return None


def _fhir_link(box: Mapping[str, Any], relation: str) -> str | None:
    """The URL of a FHIR Bundle's ``link`` with ``relation`` (``next``, ``previous``): its
    search paging (https://hl7.org/fhir/R4/http.html#paging)."""
    if box.get("resourceType") != "Bundle":
        return None
    return _link_to(box.get("link"), "relation", relation, "url")


def _link_to(links: object, rel_key: str, relation: str, url_key: str) -> str | None:
    """The target of the first link object in ``links`` whose ``rel_key`` is ``relation``
    (``None`` when there is none, or it names no target)."""
    if not isinstance(links, list):
        return None
    for link in links:
        if isinstance(link, dict) and link.get(rel_key) == relation:
            return _cursor(link.get(url_key))
    return None


def _names_a_page(value: object) -> bool:
    """Whether a member names another page by URL (``"v1"`` is a version, not a page), or by a
    link object holding one (HAL's ``{"href": ...}``)."""
    target, is_url = _next_target(value)
    return target is not None and is_url and _looks_like_a_url(target)


def _last_by_word(
    position: Position | None,
    evidence: list[Evidence],
    returned: int,
    count: int,
    said: str | None,
) -> tuple[tuple[bool, str], Position] | None:
    """A page whose start is unknown, with no next page, that the source calls its last or that
    names a page before it: its total counts the whole query (the issue's rule: "when a page
    has no next link but is not the first, the total is a query-wide count"), and the pages
    before it held the rest. Paddle's and Stripe's ``has_more: false`` after an ``after``
    cursor, Spotify's cursor pages, Graph's ``$skiptoken`` pages, Relay's
    ``hasNextPage: false``, STAC's POST-paged searches.

    Returns:
        ``((True, why), where the page starts)``, the start being ``count - returned`` as the
        source's "last" makes it; ``None`` when a next page is named, nothing came back, the
        page's start is known (its own arithmetic decides), or nothing (neither ``said`` nor a
        continuation cursor in the request) says it is a later or the last page.
    """
    if evidence:
        return None
    if position is not None and position.before is not None:
        return None
    if returned == 0:
        # A continuation that came back with nothing and names no next page: the stream is
        # spent (Elasticsearch's scroll "until there are no more results left to return, ie
        # the hits array is empty"; a cursor page after the last). Only the request's own
        # continuation says so: a first page with nothing in it against a total is a cut.
        if position is None or not position.said_by:
            return None
        why = (
            f"nothing after the last page ({position.said_by}): no next page; the query-wide"
            f" total {count} counts the items on earlier pages"
        )
        return (True, why), Position(count, position.said_by)
    # A request that resumes from a continuation cursor is not the first page by itself (a
    # scroll's page with items may still have more after it).
    resumed = None if position is None or position.scroll else position.said_by
    parts = [w for w in (resumed, said) if w]
    if not parts:
        return None
    read = "; ".join(parts)
    before = count - returned
    why = (
        f"last page ({read}): no next page; the query-wide total {count} counts the"
        f" {before} on earlier pages"
    )
    return (True, why), Position(before, read)


#: Writes that never carry a query: an empty list answering one is the state it left.
_STATE_WRITES = frozenset({"PUT", "PATCH", "DELETE"})
#: The last path segment of a POST that removes something, as APIs that send every call by POST
#: name it: Milvus's ``/v2/vectordb/users/drop`` answers ``{"code": 0, "data": []}``
#: (https://milvus.io/api-reference/restful/v2.5.x/v2/User%20(v2)/Drop.md).
_REMOVALS = frozenset({"drop", "delete", "remove", "destroy", "purge"})


def _removes(url: str | None) -> bool:
    """Whether a POST's URL names a removal in its last path segment."""
    if not url:
        return False
    path = url.split("?", 1)[0].split("#", 1)[0].rstrip("/")
    return path.rpartition("/")[2].lower() in _REMOVALS


def _all_matched(value: object, count: int) -> bool:
    """Whether a page says it holds every item that matches, though it names a next one: an
    OGC API or STAC page whose ``numberMatched`` and ``numberReturned`` (or its context's
    ``matched`` and ``returned``) are both ``count``, or a PubNub App Context page whose
    ``totalCount`` is, asked with ``count=true`` (its ``next`` cursor comes on every page with
    items, the end an empty page: https://www.pubnub.com/docs/sdks/rest-api)."""
    if not isinstance(value, dict):
        return False
    context = stac_context(value) or {}
    pairs = ((value.get("numberMatched"), value.get("numberReturned")),
             (context.get("matched"), context.get("returned")))  # fmt: skip
    if any(type(m) is int and type(r) is int and m == r == count for m, r in pairs):
        return True
    pubnub = value.get("totalCount")
    return type(pubnub) is int and pubnub == count and value.get("status") == 200


def _may_name_ids(url: str | None) -> bool:
    """Whether ``url`` may name an ``ids`` query parameter (spelled so, or percent-escaped):
    the listing is scanned for nulls only then, not on every call."""
    return url is not None and ("ids" in url or "%" in url)


def _ids_not_found(ex: Exchange, items: list[Any]) -> PartialVerdict | None:
    """A read of several records by id, answered one per id, a null for each not found.

    Spotify's several tracks, albums, artists, episodes, shows: "If an object is not found, a
    null value is returned in the appropriate position"
    (https://developer.spotify.com/documentation/web-api/concepts/api-calls, "Requests"). Only
    a GET naming its ``ids`` in the query, one item per id, reads so; the ids not found are
    dropped from the data and named in the coverage.
    """
    if (ex.method or "GET").upper() != "GET":
        return None
    asked = _split(ex.url)[1].get("ids", "").split(",")
    if len(asked) < 2 or len(asked) != len(items):
        return None
    missing = tuple(
        f"ids[{n}] {asked[n].strip()}: not found" for n, item in enumerate(items) if item is None
    )
    return PartialVerdict(
        TruncatedBy.UPSTREAM_FLAG, f"{len(missing)} of {len(items)} not found", "by ids", missing
    )


def status_pairs(collection: Collection) -> FailureVerdict | PartialVerdict | None:
    """A write answered with one ``[body, status]`` pair per item it was sent: WakaTime's bulk
    heartbeats, "an array of [body, status] pairs, one for each heartbeat"
    (https://wakatime.com/developers#heartbeats). Some statuses of 400 or more are a partial
    answer naming each; all of them, a failure (transient when every one is a 429 or a 5xx).
    ``None`` unless every item is such a pair."""
    items = collection.items
    if type(items[0]) is not list:
        return None
    statuses: list[int] = []
    for item in items:
        if type(item) is not list or len(item) != 2 or not isinstance(item[0], dict | None):
            return None
        status = item[1]
        if type(status) is not int or not 100 <= status <= 599:
            return None
        statuses.append(status)
    where = collection.where or "items"
    dropped = tuple(
        f"{where}.{n}: HTTP {s}" + (f": {words}" if (words := error_message(items[n][0])) else "")
        for n, s in enumerate(statuses)
        if s >= 400
    )
    if not dropped:
        return None
    failed = [s for s in statuses if s >= 400]
    again = all(s == 429 or s >= 500 for s in failed)
    code = FailureCode.RATE_LIMITED if all(s == 429 for s in failed) else FailureCode.UPSTREAM_ERROR
    failure = FailureVerdict(code, FailureKind.TRANSIENT if again else FailureKind.PERMANENT,
                             "; ".join(dropped[:3]), "bulk")  # fmt: skip
    return some_refused(dropped, len(items), "items refused", "bulk", failure)


_NOT_FOUND_ALONE = {"found": False}
_UPSTREAM = FailureCode.UPSTREAM_ERROR


#: The member an item refused one by one carries (:func:`~._collection.refused_items`), as
#: it sits in the body's text: a body without it holds no such item, and is not walked.
_REFUSED_ITEM = b'"errorDetails"'


def judge_coverage(
    ex: Exchange, document: Document, value: Any, verdict: Verdict | None, at: str = ""
) -> Envelope[Any] | Contact:
    """The outcome of a decoded 2xx body no convention failed: success, empty or partial.

    Args:
        ex: The exchange.
        document: The decoded body (a ``206`` forces a partial).
        value: The body to judge (the decoded body, or the result a convention unwrapped).
        verdict: What the conventions concluded: a partial verdict, or ``None``.
        at: Where ``value`` sat in the body as sent (``"result"`` for a JSON-RPC result), so
            that a path declared from the body's root (``items="result"``) reads it.

    Returns:
        The judged contact (its collection, its coverage, the evidence of any cut), or the
        failure that ended it (a declared path that is not there).
    """
    forced = document.partial_content
    repairs = document.repairs
    items, total_path = within(ex.options.items, at), within(ex.options.total, at)
    null = "null body" if value is None else None
    if null is None and items is None and type(value) is dict and value == _NOT_FOUND_ALONE:
        # A lookup's answer that it found nothing, and nothing else: HMPPS Prison API's
        # active-offender lookup, Elasticsearch's document GET ({"found": false, "_id", …}).
        null = "found: false"
    if null is None and items is None and isinstance(value, dict):
        # An object with no member carries no record either: GitHub's languages of a repository
        # with none, Mastodon's translation pairs of a server with none, both maps, answer {}.
        inside = status_envelope(value)
        if inside is not value and inside in (None, {}):
            null = "empty body"  # Netatmo's {"body": {}, "status": "ok", …}: nothing in it
        else:
            null = (
                (
                    null_inside(value)
                    or itis_none(value)
                    or all_missing(value)
                    or no_report_data(value)
                    or _zero_results(value)
                    or _no_match(value)
                )
                if value
                else "empty object"
            )
    if null is not None and forced is None and verdict is None:
        lookup = ex.options.not_found == "empty" and (ex.method or "").upper() == "POST"
        if ex.writes and not lookup:
            # (A POST a tool declares a lookup, not_found="empty", answered with nothing is its
            # none: Dropbox Sign's account/verify answers {} for no such account,
            # https://developers.hellosign.com/api/reference/operation/accountVerify/.)
            article = "an" if null.startswith("empty") else "a"
            return ex.acknowledged(f"HTTP {ex.status} with {article} {null}")
        return ex.finish(Outcome.EMPTY, None, Coverage(returned=0, detail=null), repairs)
    # An array left undecoded is its own collection and holds no count or next page (what
    # find_collection, find_total and page_evidence answer for one; a test holds them to it):
    # only the headers are left to read, and the last step counts it as it validates it.
    array = isinstance(value, ArrayText)
    collection = Collection([], None, "") if array else find_collection(value, items, ex.url)
    if isinstance(collection, str) and items is not None and _declared_zero(value, total_path):
        # The declared total says none matched, and the listing was left out beside it
        # (Yahoo BOSS's placefinder {"count": "0"}, OS Names' header.totalresults: 0).
        collection = Collection([], None, items)
    counted_only = (
        (isinstance(collection, str) or (collection is not None and not collection.items))
        and type(value) is dict  # (an array is its own listing: it holds no count to answer)
        and _asks_no_items(ex)
        and not (_declared_zero(value, total_path) or counted_zero(value))
    )
    if isinstance(collection, str) and counted_only:
        collection = None  # a declared listing left out of an answer asked for no items
    if isinstance(collection, str):
        return ex.unreadable(FailureCode.SCHEMA, _P, collection)
    if counted_only:
        # A count asked for without its items (Shodan's /shodan/host/count "does not return any
        # host results, it only returns the total number", https://developer.shodan.io/api;
        # Elasticsearch's size=0, for its aggregations): the answer is the body, one record.
        collection = None
    if verdict is None and ex.status == 207 and collection is not None and collection.items:
        # A 207 answering each entry of a batch with its own HTTP status: Cronofy's batch,
        # {"batch": [{"status": 202}, {"status": 422, "data": {"errors": …}}]}
        # (https://docs.cronofy.com/developers/api/batch/).
        statuses = [i.get("status") if isinstance(i, dict) else None for i in collection.items]
        codes = [s for s in statuses if type(s) is int and 100 <= s <= 599]
        if len(codes) == len(statuses):
            where = collection.where or "items"
            refused = tuple(f"{where}.{n}: HTTP {s}" for n, s in enumerate(codes) if s >= 400)
            if refused:
                of = len(codes)
                verdict = refused_batch(refused, of, "entries refused", "207", _UPSTREAM, _P)
                if isinstance(verdict, FailureVerdict):
                    return ex.fail(verdict.code, verdict.kind, f"207: {verdict.detail}")
    if verdict is None and ex.status == 207 and isinstance(value, dict):
        # A 207 whose listing comes with the errors of what it could not read: ShipEngine's
        # carriers, one refused ("only part of the request succeeded",
        # https://www.shipengine.com/docs/errors/). With its listing empty, nothing succeeded.
        errors = value.get("errors")
        if isinstance(errors, list) and errors and all(isinstance(e, dict) for e in errors):
            listed = tuple(
                f"errors.{n}: {error_message(e) or 'error'}" for n, e in enumerate(errors)
            )
            if collection is not None and not collection.items:
                return ex.fail(FailureCode.UPSTREAM_ERROR, _P, f"HTTP 207: {'; '.join(listed[:3])}")
            verdict = PartialVerdict(
                TruncatedBy.UPSTREAM_FLAG, f"{len(listed)} errors", "207", listed
            )
    if collection is not None and collection.items and all(i is None for i in collection.items):
        # A list of nothing but nulls holds no item: ITIS writes an empty list as [null]
        # ({"acceptedNames": [null]}, https://itis.gov/web_service.html), Apollo's bulk match
        # answers each miss with a null in its place (https://docs.apollo.io/reference/bulk-people-enrichment).
        collection = replace(collection, items=[])
    elif (
        verdict is None
        and collection is not None
        and _may_name_ids(ex.url)
        and None in collection.items
    ):
        unfound = _ids_not_found(ex, collection.items)
        if unfound is not None:
            verdict = unfound
            collection = replace(collection, items=[i for i in collection.items if i is not None])
    one_by_one = verdict is None and ex.writes and isinstance(value, dict)
    if one_by_one and collection is not None and _REFUSED_ITEM in ex.body:
        # A write on several items the source answers one by one, each refused one saying why
        # (DocuSign's errorDetails, for "PUT and POST calls that process multiple items", in an
        # object): every item refused is the call's failure; some of them, a partial.
        refused = refused_items(collection)
        if refused:
            failure = FailureVerdict(FailureCode.BAD_REQUEST, _P, "; ".join(refused), "docusign")
            of = len(collection.items)
            verdict = some_refused(refused, of, "items refused", "docusign", failure)
            if isinstance(verdict, FailureVerdict):
                return ex.fail(verdict.code, verdict.kind, f"docusign: {verdict.detail}")
    if one_by_one and verdict is None and collection is not None and collection.items:
        pairs = status_pairs(collection)  # WakaTime's bulk heartbeats: [body, status] each
        if isinstance(pairs, FailureVerdict):
            return ex.fail(pairs.code, pairs.kind, f"{pairs.dialect}: {pairs.detail}")
        verdict = pairs
    boxes = None if array else _containers(value, collection)  # read by the steps below
    total = None if array or counted_only else find_total(value, collection, total_path, boxes)
    if isinstance(total, str):
        return ex.unreadable(FailureCode.SCHEMA, _P, total)
    if total is not None and collection is None and type(value) is dict and _asks_no_items(ex):
        # A count asked for alone is the answer, however many it counts: Spark's
        # _pagination=count "returns only the pagination count"
        # (https://sparkplatform.com/docs/overview/api_responses), its total declared or not.
        total = None
    if total is not None and total_path is None and _looked_up(ex.url, collection):
        # A lookup by id answered in the listing's envelope: Webflow v1's single item comes as
        # {"items": [item], "count": 1, "total": 6}, total counting the whole collection
        # (https://developers.webflow.com/data/v1.0.0/reference/cms/items/get-item).
        total = None
    if (
        total is not None
        and total_path is None
        and isinstance(value, dict)
        and ("execCompleted" in value)
    ):
        # Rundeck's execution output counts its log in bytes (totalSize), not its entries
        # (https://docs.rundeck.com/docs/api/rundeck-api.html#execution-output).
        total = None
    if total is not None and total_path is None and _couch_filtered(ex, value):
        # CouchDB's total_rows is "the number of documents in the database/view", not of the
        # rows a key range selects (https://docs.couchdb.org/en/stable/api/ddoc/views.html).
        total = None
    if total is None and document.range_total is None and not array:  # (none, for the lane)
        # GitLab's X-Total, PostgREST's Content-Range "0-24/573" (on a 200 as on a 206).
        counted = header_total(ex.headers, collection)
        total = None if counted is None else Total(counted)
    evidence = [Evidence(TruncatedBy.PARTIAL_CONTENT, forced)] if forced is not None else []
    dropped: tuple[str, ...] = ()
    if isinstance(verdict, PartialVerdict):
        evidence.append(Evidence(verdict.truncated_by, f"{verdict.dialect}: {verdict.detail}"))
        dropped = verdict.dropped
        if verdict.counts_cut and total is not None:
            # The source stopped before it finished counting (ES timed out, lost shards or
            # hit terminate_after; Solr partialResults): its total counts what it examined,
            # a lower bound of an unknown. Coverage says "unknown" rather than print a
            # "missing" figure computed from a number that was itself cut short.
            detail = f"source counted {total.value} before it stopped; total unknown"
            evidence.append(Evidence(verdict.truncated_by, detail))
            total = None
    if boxes is not None:
        evidence += page_evidence(value, collection, ex.url, boxes)
    evidence += header_evidence(ex.headers, ex.url)
    returned = len(collection.items) if collection is not None else (0 if value is None else 1)
    count = document.range_total if document.range_total is not None else None
    if count is None and total is not None:
        count = total.value
    # The source's own word that this answer is incomplete (GitHub's incomplete_results: a
    # search that hit its time limit returns what it had found by then) makes a count in its
    # body a count of what it found before it stopped: at most a lower bound of what it holds.
    flag = next((e for e in evidence if e.truncated_by in _SOURCE_SAYS_INCOMPLETE), None)
    cut_count = flag is not None and document.range_total is None
    # Where a page starts counts only against the source's total: without one there is
    # nothing it completes, and a start past the total is not a position in this count.
    position = beyond = None
    if collection is not None and count is not None:
        position = _position(ex.url, value, collection, ex.request_body, boxes)
        if position is None or position.before is None:  # PostgREST, GitLab: in the headers
            position = _header_position(ex.headers) or position
        before = None if position is None else position.before
        if before is not None and before + returned > count:
            # A start past the total is no position in this count; with nothing returned, it
            # is a page past the last item (an offset or page beyond what the source counts).
            beyond = position if returned == 0 else None
            position = None
    last = None
    # A lower bound (ES "gte") or an estimate counts no exact total: it never completes a
    # last page, and the coverage claims no total from it (the detail keeps what it said).
    lower_bound = total is not None and total.lower_bound and document.range_total is None
    estimate = total is not None and total.estimate and document.range_total is None
    start = beyond or position
    if (
        returned == 0
        and count is not None
        and start is not None
        and start.before is not None
        and start.before >= count
        and not (lower_bound or estimate or cut_count or forced)
        and evidence
        and all(e.truncated_by is TruncatedBy.NEXT_PAGE for e in evidence)
    ):
        # Nothing here, from a start at or past the last item the source counts, yet a next
        # page named: an early pygeoapi answers startindex=30 of numberMatched 25 with no
        # features and a rel=next link. numberMatched is how many features match (OGC API -
        # Features, https://docs.ogc.org/is/17-069r4/17-069r4.html#_response_7): there is
        # nothing left to read, and the link leads past the end.
        evidence = []
    if (
        count is not None
        and returned == count > 0
        and not (lower_bound or estimate or cut_count or forced)
        and evidence
        and all(e.truncated_by is TruncatedBy.NEXT_PAGE for e in evidence)
        and _all_matched(value, count)
    ):
        # Every feature that matches is here, yet a next link: stac-server adds one to every
        # page that has items, its page after the last empty. numberMatched (context.matched)
        # counts the features that match the query (OGC API - Features,
        # https://docs.ogc.org/is/17-069r4/17-069r4.html#_response_7;
        # https://github.com/stac-api-extensions/context), numberReturned those on this page:
        # equal, no page holds more.
        evidence = []
    if (
        count is not None
        and count > returned
        and not (cut_count or lower_bound or estimate or forced)
    ):
        last = _last_page(position or beyond, evidence, returned, count)
        if last is None or not last[0]:
            said = _said_last(value, collection, boxes, ex.url) if collection is not None else None
            worded = _last_by_word(position, evidence, returned, count, said)
            last, position = worded if worded is not None else (last, position)
    offset = None if position is None else position.before
    detail = ""
    if last is not None and last[0]:
        # The total counts the whole query and this page reaches it, with nothing after it:
        # the listing is complete. The coverage says what was read (offset: the items before
        # this page, read on earlier pages), so "success" claims no item it does not hold.
        detail = last[1]
    elif last is not None:
        evidence.append(Evidence(TruncatedBy.TOTAL_EXCEEDS_RETURNED, last[1]))
    elif count is not None and count > returned:
        at_least = "at least " if cut_count or lower_bound else "about " if estimate else ""
        said = f"source reports {at_least}{count}, {returned} returned"
        evidence.append(Evidence(TruncatedBy.TOTAL_EXCEEDS_RETURNED, said))
        if lower_bound or estimate:
            # Elasticsearch's hits.total with relation "gte" (track_total_hits reached): at
            # least this many match, how many is unknown; an estimate may be above or below
            # the truth. The detail keeps the figure; the coverage claims no total, so no
            # exact "missing" figure is printed from it.
            count = None
    elif count is not None and estimate:
        count = None  # an estimate no higher than what came back says nothing more
    elif count is not None and count < returned:
        count = None  # a "total" below what arrived is not a count of this collection
    elif count is not None and flag is not None and cut_count:
        # No higher than what arrived, it counts the items, not the source: "0 of 0" from a
        # search that timed out would read as "all of them".
        said = f"source counted {count} before it stopped; total unknown"
        evidence.append(Evidence(flag.truncated_by, said))
        count = None
    evidence.sort(key=lambda e: _EVIDENCE_RANK[e.truncated_by])
    offset = None if count is None else offset
    data = value if array else collection.items if collection is not None else value
    body = document if data is document.value else None  # the data is the whole body
    if not evidence:
        empty = value.empty if array else collection is not None and not collection.items
        method = "" if ex.method is None else ex.method.upper()
        if empty and (
            method in _STATE_WRITES
            or (method == "POST" and _removes(ex.url))
            or (ex.status == 201 and ex.writes and (array or isinstance(value, list)))
        ):
            # A PUT, PATCH or DELETE answered with the list it left (GitHub's "Set labels for an
            # issue" with none set answers []): the write took effect; nothing was searched.
            # (A POST may be a query in a body: GraphQL, a search; its empty list stays empty,
            # unless its path names a removal, as APIs that send every call by POST do, or it is
            # a bare [] whose status says it created what it was sent: PostgREST's upsert that
            # skipped a duplicate answers 201 [],
            # https://docs.postgrest.org/en/stable/references/api/tables_views.html#on-conflict.
            # Braze's lookup by POST answers 201 with its users: a listing in an object stays.)
            return ex.acknowledged(f"HTTP {ex.status} with an empty list")
        outcome = Outcome.EMPTY if empty else Outcome.SUCCESS
        fields: dict[str, Any] = {"total": count, "offset": offset, "detail": detail}
        # An undecoded array is counted by the last step, which builds its coverage then.
        coverage = Uncounted(fields) if array else Coverage(returned=returned, **fields)
        return ex.finish(outcome, data, coverage, repairs, body)
    cursor = next((e.next_cursor for e in evidence if e.next_cursor is not None), None)
    if cursor is not None and len(cursor) > MAX_CURSOR_CHARS:
        # A cursor cut short resumes nowhere: say it was there rather than hand out a piece.
        evidence.append(Evidence(evidence[0].truncated_by, f"a {len(cursor)}-char cursor not kept"))
        cursor = None
    fields = {
        "total": count,
        "offset": offset,
        "next_cursor": cursor,
        "truncated_by": evidence[0].truncated_by,
        "dropped": dropped,
        "detail": "; ".join(dict.fromkeys(e.detail for e in evidence)),
    }
    coverage = Uncounted(fields) if array else Coverage(returned=returned, **fields)
    return ex.finish(Outcome.PARTIAL, data, coverage, repairs, body)
