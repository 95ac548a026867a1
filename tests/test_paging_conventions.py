"""Paging conventions, each written from its API's own documentation, judged twice: with the
``items=`` / ``total=`` a tool author declares, and with nothing declared (the classifier finds
the collection, the total and the next page by itself).

Each case names the page it was written from. First, middle, last and empty pages, with and
without a total; the expectation is what the documentation says the page means. The guards at the
end are records and pages whose members happen to be called ``previous``, ``has_more`` or
``pageInfo`` with values that say nothing: they keep the outcome they had.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

from tool_outcomes import Envelope, Outcome, TruncatedBy, classify_http

OC, TB = Outcome, TruncatedBy

PADDLE = "https://developer.paddle.com/api-reference/about/pagination"
LEMON = "https://docs.lemonsqueezy.com/api/getting-started/requests"
GITLAB = "https://docs.gitlab.com/api/rest/#pagination"
MASTODON = "https://docs.joinmastodon.org/api/guidelines/#pagination"
MASTODON_SEARCH = "https://docs.joinmastodon.org/methods/search/"
STRIPE = "https://docs.stripe.com/api/pagination"
STRIPE_SEARCH = "https://docs.stripe.com/api/pagination/search"
POSTGREST = "https://docs.postgrest.org/en/stable/references/api/pagination_count.html"
SPOTIFY_CURSOR = "https://developer.spotify.com/documentation/web-api/reference/get-followed"
SPOTIFY_FEATURED = (
    "https://developer.spotify.com/documentation/web-api/reference/get-featured-playlists"
)
STAC = "https://github.com/radiantearth/stac-api-spec/tree/main/item-search#pagination"
RELAY = "https://relay.dev/graphql/connections.htm"
GITHUB_GRAPHQL = "https://docs.github.com/en/graphql/guides/using-pagination-in-the-graphql-api"
ZENDESK = "https://developer.zendesk.com/api-reference/introduction/pagination/"
ELASTIC = (
    "https://www.elastic.co/guide/en/elasticsearch/reference/current/paginate-search-results.html"
)
GOOGLE_BOOKS = "https://developers.google.com/books/docs/v1/using#pagination"


@dataclass(frozen=True)
class Case:
    """One documented response, what its API says it means, and the paths an author declares."""

    id: str
    doc: str
    url: str
    body: Any
    outcome: Outcome
    items: str | None = None
    total: str | None = None
    headers: dict[str, str] = field(default_factory=dict)
    status: int = 200
    method: str = "GET"
    offset: int | None = None
    """``coverage.offset`` with the declared paths, checked when given."""
    cursor: str | None = None
    """``coverage.next_cursor`` in both modes, checked when given."""


def ids(n: int, start: int = 0, key: str = "id") -> list[dict[str, Any]]:
    """``n`` items of a listing."""
    return [{key: f"x{i}"} for i in range(start, start + n)]


def paddle(items: list[Any], *, after: str, has_more: bool, estimated: int) -> dict[str, Any]:
    """A Paddle Billing list page: ``data`` and ``meta.pagination``, whose ``next`` is always
    sent, ``has_more`` says whether it leads anywhere."""
    pagination = {
        "per_page": 2,
        "next": f"https://api.paddle.example.test/customers?after={after}&per_page=2",
        "has_more": has_more,
        "estimated_total": estimated,
    }
    return {"data": items, "meta": {"request_id": "9f3c", "pagination": pagination}}


def lemon(items: list[Any], page: int, last: int, total: int) -> dict[str, Any]:
    """A Lemon Squeezy (JSON:API) list page: ``links.next`` only while more follows."""
    base = "https://api.lemonsqueezy.example.test/v1/orders?page%5Bsize%5D=2&page%5Bnumber%5D="
    links = {"first": f"{base}1", "last": f"{base}{last}"}
    if page < last:
        links["next"] = f"{base}{page + 1}"
    if page > 1:
        links["prev"] = f"{base}{page - 1}"
    first = (page - 1) * 2 + 1 if items else None
    meta = {
        "currentPage": page,
        "from": first,
        "lastPage": last,
        "perPage": 2,
        "to": None if first is None else first + len(items) - 1,
        "total": total,
    }
    data = [{"type": "orders", "id": item["id"], "attributes": {"total": 1999}} for item in items]
    return {"meta": {"page": meta}, "jsonapi": {"version": "1.0"}, "links": links, "data": data}


def gitlab_headers(page: int, pages: int, total: int, per_page: int = 3) -> dict[str, str]:
    """GitLab's offset-pagination headers; ``X-Next-Page`` is empty on the last page."""
    return {
        "x-page": str(page),
        "x-per-page": str(per_page),
        "x-next-page": str(page + 1) if page < pages else "",
        "x-prev-page": str(page - 1) if page > 1 else "",
        "x-total": str(total),
        "x-total-pages": str(pages),
    }


def relay(nodes: int, *, more: bool, total: int, earlier: bool) -> dict[str, Any]:
    """A GitHub GraphQL connection page: ``totalCount`` counts the whole connection."""
    info = {"hasNextPage": more, "hasPreviousPage": earlier, "endCursor": "Y3Vyc29yOjM="}
    issues = {"totalCount": total, "pageInfo": info, "nodes": ids(nodes, key="number")}
    return {"data": {"repository": {"issues": issues}}}


def stac_features(n: int, start: int = 0) -> list[dict[str, Any]]:
    """``n`` STAC items."""
    return [
        {"type": "Feature", "id": f"S2_{i}", "geometry": None, "properties": {}}
        for i in range(start, start + n)
    ]


STAC_NEXT_BODY = {"collections": ["sentinel-2"], "limit": 2, "token": "next:S2_1"}

CASES: list[Case] = [
    # -- Paddle Billing: meta.pagination.next is sent even on the last page; has_more decides.
    # estimated_total is exact up to 100,000 and -1 "when counting is skipped".
    Case(
        "paddle_first_page_has_more",
        PADDLE,
        "https://api.paddle.example.test/customers?per_page=2",
        paddle(ids(2), after="x1", has_more=True, estimated=5),
        OC.PARTIAL,
        "data",
        "meta.pagination.estimated_total",
        cursor="https://api.paddle.example.test/customers?after=x1&per_page=2",
    ),
    Case(
        "paddle_last_page_after_a_cursor",
        PADDLE,
        "https://api.paddle.example.test/customers?after=x3&per_page=2",
        paddle(ids(1, 4), after="x4", has_more=False, estimated=5),
        OC.SUCCESS,
        "data",
        "meta.pagination.estimated_total",
        offset=4,
    ),
    Case(
        "paddle_only_page",
        PADDLE,
        "https://api.paddle.example.test/customers",
        paddle(ids(2), after="x1", has_more=False, estimated=2),
        OC.SUCCESS,
        "data",
        "meta.pagination.estimated_total",
    ),
    Case(
        "paddle_counting_skipped",
        PADDLE,
        "https://api.paddle.example.test/customers?after=x3",
        paddle(ids(2, 4), after="x5", has_more=False, estimated=-1),
        OC.SUCCESS,
        "data",
        "meta.pagination.estimated_total",
    ),
    Case(
        "paddle_nothing_matched",
        PADDLE,
        "https://api.paddle.example.test/customers?email=nobody%40example.test",
        paddle([], after="", has_more=False, estimated=0),
        OC.EMPTY,
        "data",
        "meta.pagination.estimated_total",
    ),
    # -- Lemon Squeezy: JSON:API links (no next on the last page) and meta.page.
    Case(
        "lemon_squeezy_first_page",
        LEMON,
        "https://api.lemonsqueezy.example.test/v1/orders?page[size]=2",
        lemon(ids(2), 1, 3, 5),
        OC.PARTIAL,
        "data",
        "meta.page.total",
    ),
    Case(
        "lemon_squeezy_last_page_reaches_total",
        LEMON,
        "https://api.lemonsqueezy.example.test/v1/orders?page%5Bnumber%5D=3&page%5Bsize%5D=2",
        lemon(ids(1), 3, 3, 5),
        OC.SUCCESS,
        "data",
        "meta.page.total",
        offset=4,
    ),
    Case(
        "lemon_squeezy_only_page",
        LEMON,
        "https://api.lemonsqueezy.example.test/v1/stores",
        lemon(ids(2), 1, 1, 2),
        OC.SUCCESS,
        "data",
        "meta.page.total",
    ),
    Case(
        "lemon_squeezy_nothing_matched",
        LEMON,
        "https://api.lemonsqueezy.example.test/v1/orders?filter[user_email]=nobody",
        lemon([], 1, 1, 0),
        OC.EMPTY,
        "data",
        "meta.page.total",
    ),
    Case(  # a first page whose links block lost its next: the page count still says more
        "lemon_squeezy_page_below_last_page",
        LEMON,
        "https://api.lemonsqueezy.example.test/v1/orders",
        {**lemon(ids(2), 1, 3, 5), "links": {}},
        OC.PARTIAL,
        "data",
        "meta.page.total",
    ),
    # -- GitLab offset pagination: headers say the page, its size and the total.
    Case(
        "gitlab_middle_page",
        GITLAB,
        "https://gitlab.example.test/api/v4/projects/8/issues?per_page=3&page=2",
        ids(3),
        OC.PARTIAL,
        headers=gitlab_headers(2, 3, 8),
        cursor="3",
    ),
    Case(
        "gitlab_last_page",
        GITLAB,
        "https://gitlab.example.test/api/v4/projects/8/issues?per_page=3&page=3",
        ids(2),
        OC.SUCCESS,
        headers=gitlab_headers(3, 3, 8),
        offset=6,
    ),
    Case(  # the page number only in the headers (a client that sends it another way)
        "gitlab_last_page_said_by_x_page",
        GITLAB,
        "https://gitlab.example.test/api/v4/projects/8/issues",
        ids(2),
        OC.SUCCESS,
        headers=gitlab_headers(3, 3, 8),
        offset=6,
    ),
    Case(  # keyset pagination: a Link rel="next" while more follows, no totals
        "gitlab_keyset_next",
        GITLAB,
        "https://gitlab.example.test/api/v4/projects?pagination=keyset&per_page=2&order_by=id",
        ids(2),
        OC.PARTIAL,
        headers={
            "link": "<https://gitlab.example.test/api/v4/projects?pagination=keyset&per_page=2"
            '&order_by=id&id_after=42>; rel="next"'
        },
    ),
    Case(
        "gitlab_keyset_last",
        GITLAB,
        "https://gitlab.example.test/api/v4/projects?pagination=keyset&per_page=2&id_after=42",
        ids(1),
        OC.SUCCESS,
    ),
    # -- Mastodon: Link with max_id (older, rel="next") and min_id (newer, rel="prev").
    Case(
        "mastodon_page_with_older_results",
        MASTODON,
        "https://mastodon.example.test/api/v1/blocks?limit=2",
        ids(2),
        OC.PARTIAL,
        headers={
            "link": '<https://mastodon.example.test/api/v1/blocks?limit=2&max_id=99>; rel="next",'
            ' <https://mastodon.example.test/api/v1/blocks?limit=2&min_id=120>; rel="prev"'
        },
        cursor="https://mastodon.example.test/api/v1/blocks?limit=2&max_id=99",
    ),
    Case(
        "mastodon_oldest_page",
        MASTODON,
        "https://mastodon.example.test/api/v1/blocks?limit=2&max_id=99",
        ids(1),
        OC.SUCCESS,
        headers={"link": '<https://mastodon.example.test/api/v1/blocks?min_id=98>; rel="prev"'},
    ),
    Case(
        "mastodon_search_found_nothing_of_any_kind",
        MASTODON_SEARCH,
        "https://mastodon.example.test/api/v2/search?q=zzzz",
        {"accounts": [], "statuses": [], "hashtags": []},
        OC.EMPTY,
    ),
    Case(
        "mastodon_search_found_an_account",
        MASTODON_SEARCH,
        "https://mastodon.example.test/api/v2/search?q=gargron",
        {"accounts": ids(1), "statuses": [], "hashtags": []},
        OC.SUCCESS,
    ),
    # -- Stripe list (has_more; the next page starts after the last id) and search (next_page
    # is a token passed back as page=; total_count only with expand[]=total_count).
    Case(
        "stripe_list_has_more",
        STRIPE,
        "https://api.stripe.com/v1/customers?limit=2",
        {"object": "list", "url": "/v1/customers", "has_more": True, "data": ids(2)},
        OC.PARTIAL,
        "data",
        cursor="x1",
    ),
    Case(
        "stripe_list_last_page",
        STRIPE,
        "https://api.stripe.com/v1/customers?limit=2&starting_after=x1",
        {"object": "list", "url": "/v1/customers", "has_more": False, "data": ids(1, 2)},
        OC.SUCCESS,
        "data",
    ),
    Case(
        "stripe_search_next_page_token",
        STRIPE_SEARCH,
        "https://api.stripe.com/v1/customers/search?query=email%3A%27a%27&limit=2",
        {
            "object": "search_result",
            "url": "/v1/customers/search",
            "has_more": True,
            "next_page": "WzE2OTA5ODc2NTRd",
            "data": ids(2),
        },
        OC.PARTIAL,
        "data",
        cursor="WzE2OTA5ODc2NTRd",
    ),
    Case(
        "stripe_search_last_page_with_total_count",
        STRIPE_SEARCH,
        "https://api.stripe.com/v1/customers/search?query=x&page=WzE2OTA5ODc2NTRd"
        "&expand[]=total_count",
        {
            "object": "search_result",
            "url": "/v1/customers/search",
            "has_more": False,
            "next_page": None,
            "total_count": 3,
            "data": ids(1, 2),
        },
        OC.SUCCESS,
        "data",
        "total_count",
        offset=2,
    ),
    # -- PostgREST: Content-Range on a 206 for every counted range but the whole.
    Case(
        "postgrest_206_first_range",
        POSTGREST,
        "https://db.example.test/people?select=id&offset=0&limit=50",
        ids(50),
        OC.PARTIAL,
        status=206,
        headers={"content-range": "0-49/250"},
    ),
    Case(
        "postgrest_206_last_range",
        POSTGREST,
        "https://db.example.test/people?select=id&offset=200&limit=50",
        ids(50, 200),
        OC.SUCCESS,
        status=206,
        headers={"content-range": "200-249/250"},
        offset=200,
    ),
    Case(  # asked with a Range header: only Content-Range says where the page starts
        "postgrest_206_last_range_asked_by_header",
        POSTGREST,
        "https://db.example.test/people?select=id",
        ids(50, 200),
        OC.SUCCESS,
        status=206,
        headers={"content-range": "200-249/250"},
        offset=200,
    ),
    Case(  # the last range says 50 items, 10 came: the rest was neither here nor offered
        "postgrest_206_last_range_short_of_its_width",
        POSTGREST,
        "https://db.example.test/people?select=id&offset=200&limit=50",
        ids(10, 200),
        OC.PARTIAL,
        status=206,
        headers={"content-range": "200-249/250"},
    ),
    Case(
        "postgrest_206_unknown_total",
        POSTGREST,
        "https://db.example.test/people?select=id&offset=200&limit=50",
        ids(50, 200),
        OC.PARTIAL,
        status=206,
        headers={"content-range": "200-249/*"},
    ),
    # -- Spotify cursor-based paging (followed artists): next null on the last page, reached
    # with ?after=<cursor>; total counts every followed artist.
    Case(
        "spotify_followed_artists_first_page",
        SPOTIFY_CURSOR,
        "https://api.spotify.example.test/v1/me/following?type=artist&limit=2",
        {
            "artists": {
                "href": "https://api.spotify.example.test/v1/me/following?type=artist&limit=2",
                "items": ids(2),
                "limit": 2,
                "next": "https://api.spotify.example.test/v1/me/following?type=artist&after=x1"
                "&limit=2",
                "cursors": {"after": "x1"},
                "total": 3,
            }
        },
        OC.PARTIAL,
        "artists.items",
        "artists.total",
    ),
    Case(
        "spotify_followed_artists_last_page",
        SPOTIFY_CURSOR,
        "https://api.spotify.example.test/v1/me/following?type=artist&after=x1&limit=2",
        {
            "artists": {
                "href": "https://api.spotify.example.test/v1/me/following?type=artist&after=x1",
                "items": ids(1, 2),
                "limit": 2,
                "next": None,
                "cursors": {"after": None},
                "total": 3,
            }
        },
        OC.SUCCESS,
        "artists.items",
        "artists.total",
        offset=2,
    ),
    # -- Spotify's featured playlists: a caption beside the paging object.
    Case(
        "spotify_featured_playlists_caption_beside_a_page",
        SPOTIFY_FEATURED,
        "https://api.spotify.example.test/v1/browse/featured-playlists?limit=2",
        {
            "message": "Popular Playlists",
            "playlists": {
                "href": "https://api.spotify.example.test/v1/browse/featured-playlists?limit=2",
                "items": ids(2),
                "limit": 2,
                "next": "https://api.spotify.example.test/v1/browse/featured-playlists?offset=2"
                "&limit=2",
                "offset": 0,
                "previous": None,
                "total": 12,
            },
        },
        OC.PARTIAL,
        "playlists.items",
        "playlists.total",
    ),
    # -- STAC item search paged by POST: the next link carries the body to send.
    Case(
        "stac_post_search_next_link_carries_a_body",
        STAC,
        "https://stac.example.test/search",
        {
            "type": "FeatureCollection",
            "features": stac_features(2),
            "links": [
                {"rel": "root", "href": "https://stac.example.test/"},
                {
                    "rel": "next",
                    "href": "https://stac.example.test/search",
                    "method": "POST",
                    "body": STAC_NEXT_BODY,
                    "merge": False,
                },
            ],
            "numberMatched": 5,
            "numberReturned": 2,
        },
        OC.PARTIAL,
        "features",
        "numberMatched",
        method="POST",
        cursor=json.dumps(STAC_NEXT_BODY, sort_keys=True, separators=(",", ":")),
    ),
    Case(
        "stac_post_search_last_page",
        STAC,
        "https://stac.example.test/search",
        {
            "type": "FeatureCollection",
            "features": stac_features(1, 4),
            "links": [
                {"rel": "root", "href": "https://stac.example.test/"},
                {
                    "rel": "previous",
                    "href": "https://stac.example.test/search",
                    "method": "POST",
                    "body": {"collections": ["sentinel-2"], "limit": 2, "token": "prev:S2_4"},
                },
            ],
            "numberMatched": 5,
            "numberReturned": 1,
        },
        OC.SUCCESS,
        "features",
        "numberMatched",
        method="POST",
        offset=4,
    ),
    Case(
        "stac_get_search_last_page_with_context",
        STAC,
        "https://stac.example.test/search?collections=sentinel-2&limit=2&token=next:S2_3",
        {
            "type": "FeatureCollection",
            "features": stac_features(1, 4),
            "links": [
                {
                    "rel": "prev",
                    "href": "https://stac.example.test/search?limit=2&token=prev:S2_4",
                }
            ],
            "context": {"returned": 1, "limit": 2, "matched": 5},
        },
        OC.SUCCESS,
        "features",
        "context.matched",
        offset=4,
    ),
    # -- STAC / OGC API /collections: the listing beside its links array, paged by rel "next".
    Case(
        "stac_collections_page_with_a_next_link",
        STAC,
        "https://stac.example.test/collections?limit=2",
        {
            "collections": [{"id": "sentinel-2", "type": "Collection", "links": []}] * 2,
            "links": [
                {"rel": "root", "href": "https://stac.example.test/"},
                {"rel": "next", "href": "https://stac.example.test/collections?limit=2&offset=2"},
            ],
        },
        OC.PARTIAL,
        "collections",
        cursor="https://stac.example.test/collections?limit=2&offset=2",
    ),
    Case(
        "stac_collections_all_of_them",
        STAC,
        "https://stac.example.test/collections",
        {
            "collections": [{"id": "sentinel-2", "type": "Collection", "links": []}],
            "links": [{"rel": "self", "href": "https://stac.example.test/collections"}],
        },
        OC.SUCCESS,
        "collections",
    ),
    Case(
        "stac_collections_none",
        STAC,
        "https://stac.example.test/collections",
        {
            "collections": [],
            "links": [{"rel": "self", "href": "https://stac.example.test/collections"}],
        },
        OC.EMPTY,
        "collections",
    ),
    # -- GraphQL Relay connections: hasNextPage false is the last page; totalCount counts
    # the whole connection (the after: cursor travels in the POST body, unseen).
    Case(
        "relay_first_page_with_total_count",
        GITHUB_GRAPHQL,
        "https://api.github.com/graphql",
        relay(2, more=True, total=3, earlier=False),
        OC.PARTIAL,
        "data.repository.issues.nodes",
        "data.repository.issues.totalCount",
        method="POST",
        cursor="Y3Vyc29yOjM=",
    ),
    Case(
        "relay_last_page_with_total_count",
        GITHUB_GRAPHQL,
        "https://api.github.com/graphql",
        relay(1, more=False, total=3, earlier=True),
        OC.SUCCESS,
        "data.repository.issues.nodes",
        "data.repository.issues.totalCount",
        method="POST",
        offset=2,
    ),
    Case(  # graphene's connections say hasPreviousPage: false when paging forward
        "relay_last_page_of_edges_without_has_previous_page",
        RELAY,
        "https://swapi.example.test/graphql",
        {
            "data": {
                "allFilms": {
                    "totalCount": 6,
                    "pageInfo": {"hasNextPage": False, "hasPreviousPage": False},
                    "edges": [{"node": {"title": "A"}}, {"node": {"title": "B"}}],
                }
            }
        },
        OC.SUCCESS,
        "data.allFilms.edges",
        "data.allFilms.totalCount",
        method="POST",
        offset=4,
    ),
    Case(
        "relay_connection_with_nothing",
        RELAY,
        "https://swapi.example.test/graphql",
        {"data": {"allFilms": {"totalCount": 0, "pageInfo": {"hasNextPage": False}, "edges": []}}},
        OC.EMPTY,
        "data.allFilms.edges",
        "data.allFilms.totalCount",
        method="POST",
    ),
    # -- Zendesk offset pagination: next_page null on the last page, previous_page its URL; the
    # request names its page but not always its size (100 by default).
    Case(
        "zendesk_offset_last_page_without_per_page",
        ZENDESK,
        "https://x.zendesk.example.test/api/v2/tickets.json?page=3",
        {
            "tickets": ids(1, 200),
            "next_page": None,
            "previous_page": "https://x.zendesk.example.test/api/v2/tickets.json?page=2",
            "count": 201,
        },
        OC.SUCCESS,
        "tickets",
        "count",
        offset=200,
    ),
    Case(
        "zendesk_search_last_page",
        ZENDESK,
        "https://x.zendesk.example.test/api/v2/search.json?page=2&query=type%3Aticket",
        {
            "results": ids(1, 100),
            "facets": None,
            "next_page": None,
            "previous_page": "https://x.zendesk.example.test/api/v2/search.json?page=1"
            "&query=type%3Aticket",
            "count": 101,
        },
        OC.SUCCESS,
        "results",
        "count",
        offset=100,
    ),
    Case(  # the first page of a search: next_page names the rest
        "zendesk_search_first_page",
        ZENDESK,
        "https://x.zendesk.example.test/api/v2/search.json?query=type%3Aticket",
        {
            "results": ids(2),
            "facets": None,
            "next_page": "https://x.zendesk.example.test/api/v2/search.json?page=2"
            "&query=type%3Aticket",
            "previous_page": None,
            "count": 3,
        },
        OC.PARTIAL,
        "results",
        "count",
    ),
    # -- Elasticsearch from/size paging: from is the offset of the page's first hit.
    Case(
        "elasticsearch_from_size_last_page",
        ELASTIC,
        "https://es.example.test/logs/_search?q=level:error&from=4&size=2",
        {
            "took": 1,
            "timed_out": False,
            "_shards": {"total": 1, "successful": 1, "skipped": 0, "failed": 0},
            "hits": {
                "total": {"value": 5, "relation": "eq"},
                "max_score": 1.0,
                "hits": ids(1, 4, key="_id"),
            },
        },
        OC.SUCCESS,
        "hits.hits",
        "hits.total.value",
        offset=4,
    ),
    # -- Google Books: a search with no match leaves items out and says totalItems: 0.
    Case(
        "google_books_search_with_no_match",
        GOOGLE_BOOKS,
        "https://www.googleapis.example.test/books/v1/volumes?q=zzzzqqq",
        {"kind": "books#volumes", "totalItems": 0},
        OC.EMPTY,
        "items",
        "totalItems",
    ),
]


def judge(case: Case, *, declared: bool) -> Envelope[Any]:
    """The case's response, classified with its declared paths or with none."""
    request = httpx.Request(case.method, case.url)
    response = httpx.Response(
        case.status,
        headers={"content-type": "application/json", **case.headers},
        content=json.dumps(case.body).encode(),
        request=request,
    )
    if not declared:
        return classify_http(response)
    return classify_http(response, items=case.items, total=case.total)


def test_every_case_names_its_documentation_and_ids_are_unique() -> None:
    assert len({case.id for case in CASES}) == len(CASES)
    assert all(case.doc.startswith("https://") for case in CASES)


@pytest.mark.parametrize("declared", [True, False], ids=["declared", "inferred"])
@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_documented_pages_classify_by_their_apis_rules(case: Case, declared: bool) -> None:
    """Declared or inferred, each page is what its API's documentation says it is."""
    env = judge(case, declared=declared)
    assert env.outcome is case.outcome, env.coverage
    coverage = env.coverage
    assert coverage is not None
    if case.cursor is not None:
        assert coverage.next_cursor == case.cursor, coverage.detail
    if case.outcome is OC.PARTIAL:
        assert coverage.truncated_by is not None, coverage.detail
    if declared and case.offset is not None:
        assert coverage.offset == case.offset, coverage.detail
        assert coverage.missing == 0, coverage.detail
        assert "last page" in coverage.detail, coverage.detail


def test_a_page_the_source_calls_the_last_says_what_it_read() -> None:
    """A last page reached by a cursor says which word made it the last, and the rest of the
    total is counted as read on earlier pages."""
    case = next(c for c in CASES if c.id == "paddle_last_page_after_a_cursor")
    coverage = judge(case, declared=True).coverage
    assert coverage is not None
    assert "request after=" not in coverage.detail  # the cursor's value is not echoed
    assert "has_more: false" in coverage.detail, coverage.detail
    assert coverage.summary() == "1 of 5 returned after 4 on earlier pages"


# -- guards: members named like paging words whose values say nothing ---------------------------

GUARDS: list[tuple[str, str, Any, dict[str, str], Outcome, str | None]] = [
    # (id, url, body, headers, outcome, total path)
    (  # a first page (offset=0) that says no more but falls short of its total: a cut
        "has_more_false_on_a_first_page_short_of_its_total",
        "https://api.example.test/v1/things?offset=0&limit=2",
        {"data": ids(2), "has_more": False, "total_count": 5},
        {},
        OC.PARTIAL,
        "total_count",
    ),
    (  # a total above the items, nothing saying later or last: a cut, as before
        "total_above_items_with_no_word_of_a_last_page",
        "https://api.example.test/v1/things",
        {"results": ids(2), "count": 9, "next": None, "previous": None},
        {},
        OC.PARTIAL,
        "count",
    ),
    (  # "previous" that is a version, not a page
        "previous_version_is_not_a_previous_page",
        "https://api.example.test/v1/things",
        {"items": ids(2), "total": 9, "previous": "v1"},
        {},
        OC.PARTIAL,
        "total",
    ),
    (  # the string "false" is not a flag
        "has_more_as_a_string_is_not_a_flag",
        "https://api.example.test/v1/things?starting_at=3",
        {"data": ids(2), "has_more": "false", "total_count": 9, "offset": 0},
        {},
        OC.PARTIAL,
        "total_count",
    ),
    (  # hasNextPage null says nothing
        "relay_has_next_page_null_says_nothing",
        "https://api.example.test/graphql",
        {"data": {"things": {"totalCount": 9, "pageInfo": {"hasNextPage": None}, "nodes": ids(2)}}},
        {},
        OC.PARTIAL,
        "data.things.totalCount",
    ),
    (  # a message beside a record is not a caption over a page
        "a_message_beside_a_record_is_no_caption",
        "https://api.example.test/v1/user",
        {"message": "welcome", "user": {"id": 1, "roles": ["a"]}},
        {},
        OC.SUCCESS,
        None,
    ),
    (  # a record of two empty lists beside a name is a record
        "record_with_empty_lists_beside_a_name",
        "https://api.example.test/v1/things/1",
        {"name": "n", "tags": [], "aliases": []},
        {},
        OC.SUCCESS,
        None,
    ),
    (  # diagnostic lists, empty, are no empty answer
        "empty_errors_and_warnings_are_not_an_empty_answer",
        "https://api.example.test/v1/things",
        {"errors": [], "warnings": []},
        {},
        OC.SUCCESS,
        None,
    ),
    (  # a record that counts nothing of something is still a record (its id says so)
        "a_record_with_a_zero_count_is_a_record",
        "https://api.example.test/v1/repos/1",
        {"id": 1, "name": "r", "total_count": 0},
        {},
        OC.SUCCESS,
        None,
    ),
    (  # "count" and "total" at zero on an object are quantities, not an empty listing
        "a_zero_quantity_is_not_an_empty_listing",
        "https://api.example.test/v1/cart",
        {"cart": "c1", "count": 0, "total": 0},
        {},
        OC.SUCCESS,
        None,
    ),
    (  # a catalog record with a links array and a list of its own is still a record
        "a_stac_catalog_is_a_record",
        "https://stac.example.test/",
        {
            "type": "Catalog",
            "id": "root",
            "description": "d",
            "conformsTo": ["https://api.stacspec.org/v1.0.0/core"],
            "links": [{"rel": "next", "href": "https://stac.example.test/x"}],
        },
        {},
        OC.SUCCESS,
        None,
    ),
    (  # the last part of a byte range is still a byte range of a document
        "a_byte_range_reaching_the_end_is_still_a_range",
        "https://files.example.test/report.json",
        {"x": 1},
        {"content-range": "bytes 100-106/107"},
        OC.PARTIAL,
        None,
    ),
]


@pytest.mark.parametrize(
    ("url", "body", "headers", "outcome", "total"),
    [g[1:] for g in GUARDS],
    ids=[g[0] for g in GUARDS],
)
def test_paging_words_are_read_by_their_values(
    url: str, body: Any, headers: dict[str, str], outcome: Outcome, total: str | None
) -> None:
    """A member called previous, has_more or pageInfo counts only with a value that says so."""
    status = 206 if "content-range" in headers else 200
    request = httpx.Request("GET", url, headers={"range": "bytes=100-"} if status == 206 else {})
    response = httpx.Response(
        status, headers={"content-type": "application/json", **headers}, json=body, request=request
    )
    env = classify_http(response) if total is None else classify_http(response, total=total)
    assert env.outcome is outcome, env.coverage
