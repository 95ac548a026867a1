"""A search sent as a JSON body says which page it asked for: the classifier reads it there.

HubSpot's CRM search and Elasticsearch's ``_search`` take their paging in the POST body
(``after``; ``from`` and ``size``) and answer with a query-wide total. Their last
page, with nothing after it, is the end of a listing the caller paged through correctly: a
``success`` whose ``coverage.offset`` counts the earlier pages, not a ``partial`` "20 missing".
A first page short of its total stays ``partial``.

Each case is written from the API's documentation and judged twice: with the ``items=`` /
``total=`` a tool author declares, and with nothing declared. Then the guards: a body that is not
one JSON object, is too long, nests too deep or names its offset with something that is not a
count is not read; a streamed body is not kept; no value of a sent body is ever repeated.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
import requests
from pydantic import BaseModel

from tool_outcomes import Envelope, Outcome, classify_http, classify_parts, tool
from tool_outcomes.evidence import Evidence
from tool_outcomes.transport import evidence_of, send_sync

HUBSPOT = "https://developers.hubspot.com/docs/api/crm/search"
ELASTIC = (
    "https://www.elastic.co/guide/en/elasticsearch/reference/current/paginate-search-results.html"
)
NOTION = "https://developers.notion.com/reference/post-database-query"
STAC = "https://github.com/radiantearth/stac-api-spec/blob/main/item-search/examples.md"
PGSTAC = "https://github.com/stac-utils/pgstac"
STAC_URL = "https://stac.example.test/v1/search"
HUBSPOT_URL = "https://api.hubapi.com/crm/v3/objects/contacts/search"
NOTION_URL = "https://api.notion.com/v1/databases/d1/query"
ELASTIC_URL = "http://127.0.0.1:9200/tickets/_search"

OC = Outcome


def _contacts(n: int, start: int = 0) -> list[dict[str, Any]]:
    return [
        {"id": str(start + i), "properties": {"email": f"c{start + i}@example.test"}}
        for i in range(n)
    ]


def _hits(n: int, start: int = 0) -> list[dict[str, Any]]:
    return [
        {
            "_index": "tickets",
            "_id": str(start + i),
            "_score": None,
            "_source": {"n": start + i},
            "sort": [start + i],
        }
        for i in range(n)
    ]


def _features(n: int, matched: int, *, next_body: dict[str, Any] | None = None) -> dict[str, Any]:
    """A STAC item search's page (a GeoJSON FeatureCollection with the context counts); its next
    link, when there is one, is a POST whose body the client sends back."""
    links: list[dict[str, Any]] = [{"rel": "root", "href": "https://stac.example.test/v1"}]
    if next_body is not None:
        links.append({"rel": "next", "method": "POST", "href": STAC_URL, "body": next_body})
    return {
        "type": "FeatureCollection",
        "numberMatched": matched,
        "numberReturned": n,
        "context": {"limit": 10, "matched": matched, "returned": n},
        "features": [{"type": "Feature", "id": f"item-{i}", "properties": {}} for i in range(n)],
        "links": links,
    }


def _es(hits: list[dict[str, Any]], total: int) -> dict[str, Any]:
    return {
        "took": 3,
        "timed_out": False,
        "_shards": {"total": 1, "successful": 1, "skipped": 0, "failed": 0},
        "hits": {"total": {"value": total, "relation": "eq"}, "max_score": None, "hits": hits},
    }


@dataclass(frozen=True)
class Case:
    id: str
    doc: str
    url: str
    sent: Any
    body: Any
    outcome: Outcome
    items: str | None = None
    total: str | None = None
    offset: int | None = None


CASES = [
    # HubSpot: "after" is the cursor of the next page (paging.next.after of the page before).
    Case("hubspot_last_page_after_cursor", HUBSPOT, HUBSPOT_URL,
         {"filterGroups": [], "limit": 10, "after": "20"},
         {"total": 25, "results": _contacts(5, 20)}, OC.SUCCESS, "results", "total", offset=20),
    Case("hubspot_first_page_next", HUBSPOT, HUBSPOT_URL, {"filterGroups": [], "limit": 10},
         {"total": 25, "results": _contacts(10), "paging": {"next": {"after": "10"}}},
         OC.PARTIAL, "results", "total"),
    Case("hubspot_middle_page_next", HUBSPOT, HUBSPOT_URL, {"limit": 10, "after": "10"},
         {"total": 25, "results": _contacts(10, 10), "paging": {"next": {"after": "20"}}},
         OC.PARTIAL, "results", "total"),
    Case("hubspot_first_page_short_of_total", HUBSPOT, HUBSPOT_URL, {"limit": 10},
         {"total": 25, "results": _contacts(10)}, OC.PARTIAL, "results", "total"),
    Case("hubspot_only_page", HUBSPOT, HUBSPOT_URL, {"limit": 10},
         {"total": 3, "results": _contacts(3)}, OC.SUCCESS, "results", "total"),
    # Elasticsearch: from + size in the body; the total counts every hit of the query.
    Case("elastic_from_reaches_total", ELASTIC, ELASTIC_URL,
         {"from": 20, "size": 10, "query": {"match_all": {}}},
         _es(_hits(5, 20), 25), OC.SUCCESS, "hits.hits", "hits.total.value", offset=20),
    Case("elastic_from_falls_short", ELASTIC, ELASTIC_URL, {"from": 10, "size": 10},
         _es(_hits(5, 10), 25), OC.PARTIAL, "hits.hits", "hits.total.value"),
    Case("elastic_first_page", ELASTIC, ELASTIC_URL, {"from": 0, "size": 10},
         _es(_hits(10), 25), OC.PARTIAL, "hits.hits", "hits.total.value"),
    # search_after pages never name a next one: a later page with none is not thereby the
    # last, and where it starts is unknown, so its total cannot say it completes the listing.
    Case("elastic_search_after_middle_page", ELASTIC, ELASTIC_URL,
         {"size": 10, "sort": [{"n": "asc"}], "search_after": [9]},
         _es(_hits(10, 10), 25), OC.PARTIAL, "hits.hits", "hits.total.value"),
    Case("elastic_search_after_last_page", ELASTIC, ELASTIC_URL,
         {"size": 10, "sort": [{"n": "asc"}], "search_after": [19]},
         _es(_hits(5, 20), 25), OC.PARTIAL, "hits.hits", "hits.total.value"),
    # Notion: start_cursor in the body; the page says has_more itself.
    Case("notion_last_page_start_cursor", NOTION, NOTION_URL,
         {"start_cursor": "c-20", "page_size": 10},
         {"object": "list", "results": _contacts(5, 20), "next_cursor": None, "has_more": False,
          "type": "page_or_database"}, OC.SUCCESS, "results"),
    # STAC item search by POST: the next link's body is sent back (stac-server names its cursor
    # `next`, pgstac a `token` of the form next:<id>); the last page names no next link.
    Case("stac_server_last_page", STAC, STAC_URL,
         {"collections": ["c"], "next": "2023-10-08,LC08,c"},
         _features(3, 13), OC.SUCCESS, "features", "numberMatched", offset=10),
    Case("stac_server_middle_page", STAC, STAC_URL, {"collections": ["c"], "next": "a"},
         _features(10, 33, next_body={"collections": ["c"], "next": "b"}),
         OC.PARTIAL, "features", "numberMatched"),
    Case("stac_first_page_short_of_total", STAC, STAC_URL, {"collections": ["c"]},
         _features(3, 13), OC.PARTIAL, "features", "numberMatched"),
    Case("pgstac_last_page_token", PGSTAC, STAC_URL,
         {"collections": ["c"], "token": "next:c:item-9"},
         _features(3, 13), OC.SUCCESS, "features", "numberMatched", offset=10),
    # A token that is not pgstac's is a credential as often as a cursor: not read.
    Case("token_not_a_stac_token", STAC, STAC_URL, {"collections": ["c"], "token": "sk-live-1"},
         _features(3, 13), OC.PARTIAL, "features", "numberMatched"),
    # Guards: an offset that is not a count is no position.
    Case("elastic_from_a_date", ELASTIC, ELASTIC_URL, {"from": "2026-01-01", "size": 10},
         _es(_hits(5), 25), OC.PARTIAL, "hits.hits", "hits.total.value"),
    Case("elastic_from_true", ELASTIC, ELASTIC_URL, {"from": True, "size": 10},
         _es(_hits(5), 25), OC.PARTIAL, "hits.hits", "hits.total.value"),
    Case("elastic_from_negative", ELASTIC, ELASTIC_URL, {"from": -20, "size": 10},
         _es(_hits(5), 25), OC.PARTIAL, "hits.hits", "hits.total.value"),
    Case("hubspot_empty_after", HUBSPOT, HUBSPOT_URL, {"limit": 10, "after": ""},
         {"total": 25, "results": _contacts(5)}, OC.PARTIAL, "results", "total"),
]  # fmt: skip


def _response(case: Case, content: bytes | None = None) -> httpx.Response:
    sent = json.dumps(case.sent).encode() if content is None else content
    request = httpx.Request(
        "POST", case.url, content=sent, headers={"content-type": "application/json"}
    )
    return httpx.Response(200, json=case.body, request=request)


def test_the_cases_name_their_documentation() -> None:
    assert {case.doc for case in CASES} == {HUBSPOT, ELASTIC, NOTION, STAC, PGSTAC}
    assert len({case.id for case in CASES}) == len(CASES)


@pytest.mark.parametrize("declared", [True, False], ids=["declared", "inferred"])
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_a_search_body_says_which_page_it_asked_for(case: Case, declared: bool) -> None:
    if declared:
        env = classify_http(_response(case), items=case.items, total=case.total)
    else:
        env = classify_http(_response(case))
    assert env.outcome is case.outcome, env.coverage
    assert env.coverage is not None
    if case.outcome is OC.SUCCESS:
        assert env.coverage.missing in (None, 0)
    if case.offset is not None:
        assert env.coverage.offset == case.offset
        assert "request body" in (env.coverage.detail or "")


def _last_page() -> Case:
    return CASES[0]


@pytest.mark.parametrize(
    "content",
    [
        b"filterGroups=&limit=10&after=20",  # a form body: not a JSON object
        b'[{"after": "20"}]',  # a JSON array
        b'{"after": "20"',  # not JSON
        b'{"after": "20", "pad": "' + b"x" * 70_000 + b'"}',  # longer than any search body
        b'{"q": ' + b"[" * 30_000 + b"]" * 30_000 + b', "after": "20"}',  # nested past recursion
    ],
    ids=["form", "array", "broken", "too_long", "too_deep"],
)
def test_a_body_that_is_not_one_json_object_is_not_read(content: bytes) -> None:
    env = classify_http(_response(_last_page(), content), items="results", total="total")
    assert env.outcome is OC.PARTIAL  # the last page, unrecognised: as before, never a crash
    assert env.coverage is not None
    assert "request body" not in (env.coverage.detail or "")


def test_no_value_of_a_sent_body_is_repeated() -> None:
    secret = "pat-na1-0123456789abcdef"
    sent = {"limit": 10, "after": secret, "password": "hunter2-x"}
    case = Case(
        "secret", HUBSPOT, HUBSPOT_URL, sent, {"total": 25, "results": _contacts(5)}, OC.SUCCESS
    )
    env = classify_http(_response(case), items="results", total="total")
    assert env.outcome is OC.SUCCESS
    text = env.model_dump_json()
    assert secret not in text
    assert "hunter2-x" not in text
    assert "request body after" in (env.coverage.detail if env.coverage else "")


def test_a_streamed_body_is_not_kept() -> None:
    def chunks() -> Iterator[bytes]:
        yield json.dumps(_last_page().sent).encode()

    request = httpx.Request("POST", HUBSPOT_URL, content=chunks())
    response = httpx.Response(200, json=_last_page().body, request=request)
    env = classify_http(response, items="results", total="total")
    assert env.outcome is OC.PARTIAL


def test_evidence_carries_the_body_the_transport_sent() -> None:
    case = _last_page()

    def upstream(request: httpx.Request) -> httpx.Response:
        assert json.loads(request.content) == case.sent
        return httpx.Response(200, json=case.body)

    with httpx.Client(transport=httpx.MockTransport(upstream)) as client:
        request = httpx.Request("POST", case.url, json=case.sent)
        read = send_sync(
            client, request, max_body_bytes=1 << 20, deadline_at=None, clock=lambda: 0.0
        )
        evidence = evidence_of(read, request)
    assert isinstance(evidence, Evidence)
    assert evidence.request_body is not None
    assert json.loads(evidence.request_body) == case.sent
    assert Evidence.of_response(200, {}, b"{}").request_body is None


class Search(BaseModel):
    after: str | None = None


class Contact(BaseModel):
    id: str


def test_a_tool_sending_its_search_as_json_gets_the_last_page_right() -> None:
    def upstream(request: httpx.Request) -> httpx.Response:
        after = json.loads(request.content).get("after")
        if after is None:
            page = {"total": 12, "results": _contacts(10), "paging": {"next": {"after": "10"}}}
        else:
            page = {"total": 12, "results": _contacts(2, 10)}
        return httpx.Response(200, json=page)

    @tool(args=Search, result=list[Contact], items="results", total="total")
    def search(args: Search) -> httpx.Request:
        body: dict[str, Any] = {"limit": 10, **({"after": args.after} if args.after else {})}
        return httpx.Request("POST", HUBSPOT_URL, json=body)

    with httpx.Client(transport=httpx.MockTransport(upstream)) as client:
        first: Envelope[Any] = search.call({}, client=client)
        last: Envelope[Any] = search.call({"after": "10"}, client=client)
    assert first.outcome is OC.PARTIAL
    assert last.outcome is OC.SUCCESS
    assert last.coverage is not None
    assert last.coverage.offset == 10
    assert last.data is not None
    assert len(last.data) == 2


def test_a_requests_response_keeps_its_sent_body() -> None:
    case = _last_page()
    prepared = requests.Request("POST", case.url, json=case.sent).prepare()
    response = requests.Response()
    response.status_code = 200
    response.headers["content-type"] = "application/json"
    response._content = json.dumps(case.body).encode()
    response.request = prepared
    response.url = case.url

    @tool(args=Search, items="results", total="total")
    def lookup(args: Search) -> requests.Response:
        return response

    env = lookup.call({})
    assert env.outcome is OC.SUCCESS
    assert env.coverage is not None
    assert env.coverage.offset == 20


@pytest.mark.parametrize("kind", [bytes, str, bytearray], ids=["bytes", "str", "bytearray"])
def test_classify_parts_takes_the_sent_body(kind: type) -> None:
    case = _last_page()
    text = json.dumps(case.sent)
    sent = text if kind is str else kind(text.encode())
    body = json.dumps(case.body).encode()
    env = classify_parts(
        200, {"content-type": "application/json"}, body, url=case.url, method="POST",
        request_body=sent, items="results", total="total",
    )  # fmt: skip
    assert env.outcome is OC.SUCCESS
    assert env.coverage is not None
    assert env.coverage.offset == 20
    without = classify_parts(
        200, {}, body, url=case.url, method="POST", items="results", total="total"
    )
    assert without.outcome is OC.PARTIAL


def test_classify_parts_refuses_a_sent_body_it_cannot_read() -> None:
    env = classify_parts(200, {}, b"{}", request_body=12345)  # type: ignore[arg-type]
    assert env.outcome is OC.ACCESS_FAILURE
    assert env.failure is not None
    assert "request_body must be bytes, str or None, got int" in env.failure.detail
