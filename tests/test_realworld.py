"""Real-world responses, modelled on public API documentation, classify by each API's own rules.

Every row is one response as its API documents it (status, headers, body) and what that API
says it means: a page with more to come, a complete answer, a verified nothing, a record, or a
failure dressed as a 200. The row id names the API. A row's expectation comes from the API's
documented semantics, never from what the classifier happened to do.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tool_outcomes import Envelope, FailureCode, FailureKind, Outcome, TruncatedBy, classify_http

C, TB, OC = FailureCode, TruncatedBy, Outcome
T, P = FailureKind.TRANSIENT, FailureKind.PERMANENT
URL = "https://api.example.test/v1/things?q=x"
JSON = {"content-type": "application/json"}
#: Where each paged API's rows are asked: a next link is offered to the model only on the
#: request's own origin (tests/test_hostile.py), as every one of these APIs sends it.
ORIGINS = {
    "github_issues_link_next": "https://api.github.com/repositories/1/issues",
    "shopify_link_page_info": "https://shop.myshopify.com/admin/api/2024-01/products.json?limit=2",
    "zendesk_offset_next_page": "https://x.zendesk.com/api/v2/tickets.json",
    "msgraph_next_link": "https://graph.microsoft.com/v1.0/users",
    "bitbucket_paginated_next": "https://api.bitbucket.org/2.0/repositories/team",
    "zendesk_incremental_cursor_after_url": "https://z.example.test/api/v2/incremental/tickets/cursor.json",
    "mailgun_events_page_with_items": "https://api.mailgun.net/v3/example.com/events?limit=2",
    "paypal_billing_plans_rel_next_page": "https://api.paypal.com/v1/payments/billing-plans?page_size=2",
    "datadog_teams_first_of_two_pages": "https://api.datadoghq.com/api/v2/team?page[limit]=2",
    "twitter_v1_search_next_results": "https://api.twitter.com/1.1/search/tweets.json?q=tweepy",
    "zendesk_incremental_time_count_is_this_page": (
        "https://z.example.test/api/v2/incremental/tickets.json?start_time=1"
    ),
    "ogc_features_links_rel_next_number_matched": "https://geo.example.test/items?limit=2",
    "stac_item_search_context_matched": "https://stac.example.test/search",
    "spotify_search_paging_object_in_a_wrapper": (
        "https://api.spotify.example.test/v1/search?q=abba&offset=0&limit=2"
    ),
    "confluence_links_next": "https://x.atlassian.net/wiki/rest/api/content?limit=2",
    "sentry_link_next_results_true": "https://sentry.io/api/0/organizations/",
    "sentry_link_next_results_false": "https://sentry.io/api/0/organizations/",
    "sentry_link_next_results_false_empty": "https://sentry.io/api/0/organizations/",
    "jsm_links_next_is_last_page_false": (
        "https://x.atlassian.net/rest/servicedeskapi/organization?start=1&limit=1"
    ),
    "intercom_last_page_of_total_pages": "https://api.intercom.io/contacts?per_page=5",
    "slack_files_list_first_of_pages": "https://slack.com/api/files.list?count=1&page=1",
    "constant_contact_v2_next_link": "https://api.constantcontact.com/v2/contacts?limit=2",
    "instagram_legacy_pagination_next_url": "https://api.instagram.com/v1/users/self/media/liked",
    "slack_files_list_last_of_pages": "https://slack.com/api/files.list?count=1&page=2",
}
#: Sentry sends a next and a previous link on every page; ``results`` says whether the page
#: each names holds anything (https://docs.sentry.io/api/pagination/).
SENTRY_LINK = (
    '<https://sentry.io/api/0/organizations/?&cursor=1:-1:1>; rel="previous"; results="false";'
    ' cursor="1:-1:1", <https://sentry.io/api/0/organizations/?&cursor=1:1:0>; rel="next";'
    ' results="{more}"; cursor="1:1:0"'
)


@dataclass(frozen=True)
class Row:
    """One documented response and what its API says it means."""

    id: str
    body: Any
    outcome: Outcome
    returned: int | None = None
    total: int | None = None
    cursor: bool = False
    truncated_by: TruncatedBy | None = None
    code: FailureCode | None = None
    kind: FailureKind | None = None
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    url: str = URL
    offset: int | None = None
    """Items before this page (``coverage.offset``), checked when given."""


def ok(id_: str, body: Any, returned: int, total: int | None = None, **more: Any) -> Row:
    """A complete answer (success, or empty when nothing came back)."""
    outcome = OC.EMPTY if returned == 0 else OC.SUCCESS
    return Row(id_, body, outcome, returned, total, **more)


def page(
    id_: str,
    body: Any,
    returned: int,
    by: TruncatedBy = TB.NEXT_PAGE,
    total: int | None = None,
    *,
    cursor: bool = True,
    **more: Any,
) -> Row:
    """A partial answer: one page, or an answer the upstream flagged as incomplete."""
    return Row(id_, body, OC.PARTIAL, returned, total, cursor, by, **more)


def fail(id_: str, body: Any, code: FailureCode, kind: FailureKind, **more: Any) -> Row:
    """An access failure, whatever the status said."""
    return Row(id_, body, OC.ACCESS_FAILURE, code=code, kind=kind, **more)


def es_search(hits: int, total: Any, **top: Any) -> dict[str, Any]:
    """An Elasticsearch / OpenSearch _search response."""
    return {
        "took": 5,
        "timed_out": False,
        "_shards": {"total": 5, "successful": 5, "skipped": 0, "failed": 0},
        "hits": {"total": total, "max_score": 1.0, "hits": [{"_id": str(i)} for i in range(hits)]},
        **top,
    }


def crossref_works(items: list[dict[str, Any]]) -> dict[str, Any]:
    """A Crossref /works answer in its message envelope, asked with deep paging."""
    return {
        "status": "ok",
        "message-type": "work-list",
        "message-version": "1.0.0",
        "message": {
            "facets": {},
            "next-cursor": "DnF1ZXJ5VGhlbkZldGNoBQ",
            "total-results": 454,
            "items": items,
            "items-per-page": 2,
            "query": {"start-index": 0, "search-terms": "widget"},
        },
    }


TWILIO_ACCOUNT = "/2010-04-01/Accounts/ACaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
TWILIO_CALLS = f"{TWILIO_ACCOUNT}/Calls.json"
TWILIO_NUMBERS = f"{TWILIO_ACCOUNT}/AvailablePhoneNumbers"


XERO = {
    "Id": "e7d8a5b6-1d1c-4b4a-9d3e-7f0c2b1a9e8d",
    "Status": "OK",
    "ProviderName": "Example Partner",
    "DateTimeUTC": "/Date(1550793549392)/",
}
QB_TIME = "2024-01-01T10:00:00.000-07:00"


def intuit_fault(
    message: str, code: str, kind: str = "ValidationFault", **more: str
) -> dict[str, Any]:
    """QuickBooks Online's ``Fault``, one error in it."""
    return {"Fault": {"Error": [{"Message": message, "code": code, **more}], "type": kind}}


QUICKBOOKS_QUERY = (
    "https://quickbooks.api.intuit.com/v3/company/1/query?query=select%20*%20from%20Invoice"
)


def datadog(items: int, offset: int, last_offset: int, total: int) -> dict[str, Any]:
    """A Datadog v2 page: its next link is sent on every page, its pagination says where."""
    base = "https://api.datadoghq.com/api/v2/team"
    pagination = {
        "offset": offset, "first_offset": 0, "prev_offset": 0, "next_offset": offset + 2,
        "last_offset": last_offset, "limit": 2, "type": "offset_limit", "total": total,
    }  # fmt: skip
    return {
        "data": [{"id": f"t{i}", "type": "team"} for i in range(items)],
        "meta": {"pagination": pagination},
        "links": {"self": base, "next": f"{base}?page[offset]={offset + 2}&page[limit]=2"},
    }


def dropbox_sign(page: int, items: int) -> dict[str, Any]:
    """Page ``page`` of a Dropbox Sign listing of three, two a page."""
    info = {"page": page, "num_pages": 2, "num_results": 3, "page_size": 2}
    return {"list_info": info, "signature_requests": [{"id": f"s{i}"} for i in range(items)]}


def mailgun(next_page: str, last_page: str) -> dict[str, str]:
    """Mailgun's paging box, sent whole on every page."""
    base = "https://api.mailgun.net/v3/example.com/events/"
    return {
        "first": f"{base}p1",
        "last": f"{base}{last_page}",
        "next": f"{base}{next_page}",
        "previous": f"{base}p0",
    }


def two(key: str = "id") -> list[dict[str, Any]]:
    """Two items of a listing."""
    return [{key: "a1"}, {key: "a2"}]


def slack_files(page: int) -> dict[str, Any]:
    """Page ``page`` of a Slack ``files.list`` of two files, one a page (``count``)."""
    paging = {"count": 1, "total": 2, "page": page, "pages": 2}
    return {"ok": True, "files": [{"id": f"F{page}"}], "paging": paging}


def slack_search(page: int, matches: int) -> dict[str, Any]:
    """A Slack ``search.messages`` answer of five matches, two a page
    (https://docs.slack.dev/reference/methods/search.messages)."""
    paging = {"count": 2, "total": 5, "page": page, "pages": 3}
    pagination = {"total_count": 5, "page": page, "per_page": 2, "page_count": 3}
    found = {"matches": two()[:matches], "paging": paging, "pagination": pagination, "total": 5}
    return {"ok": True, "query": "x", "messages": found}


def slack_search_all(messages: int, total: int) -> dict[str, Any]:
    """A Slack ``search.all`` answer: one page per kind, ``posts`` a bare count and list
    (https://docs.slack.dev/reference/methods/search.all)."""
    pages = max(1, -(-total // 2)) if total else 0
    paging = {"count": 2, "total": total, "page": 1, "pages": pages}
    found = {"total": total, "paging": paging, "matches": two()[:messages]}
    files = {"total": 0, "paging": {"count": 2, "total": 0, "page": 1, "pages": 0}, "matches": []}
    return {
        "ok": True, "query": "x", "messages": found, "files": files,
        "posts": {"total": 0, "matches": []},
    }  # fmt: skip


GH_LINK_NEXT = (
    '<https://api.github.com/repositories/1/issues?page=2>; rel="next", '
    '<https://api.github.com/repositories/1/issues?page=5>; rel="last"'
)
GH_LINK_LAST = (
    '<https://api.github.com/repositories/1/issues?page=1>; rel="first", '
    '<https://api.github.com/repositories/1/issues?page=4>; rel="prev"'
)
SHOPIFY_NEXT = (
    "<https://shop.myshopify.com/admin/api/2024-01/products.json?limit=2&page_info=hijgklmn>; "
    'rel="next"'
)
SHOPIFY_PREV = (
    "<https://shop.myshopify.com/admin/api/2024-01/products.json?limit=2&page_info=abcdef>; "
    'rel="previous"'
)
ES_FAILURE = {
    "shard": 1,
    "index": "logs",
    "node": "n1",
    "reason": {"type": "node_not_connected_exception", "reason": "[n1] Node not connected"},
}


def anthropic(kind: str) -> dict[str, Any]:
    """Anthropic's error body."""
    return {"type": "error", "error": {"type": kind, "message": "..."}, "request_id": "req_1"}


def google(code: int, status: str) -> dict[str, Any]:
    """Google's AIP-193 error envelope."""
    return {"error": {"code": code, "message": "...", "status": status}}


ROWS: list[Row] = [
    # -- GitHub REST and GraphQL
    # https://docs.github.com/en/rest/using-the-rest-api/using-pagination-in-the-rest-api
    page("github_issues_link_next", two(), 2, headers={"link": GH_LINK_NEXT}),
    ok("github_issues_last_page", two(), 2, headers={"link": GH_LINK_LAST}),
    page(
        "github_search_incomplete_results",
        {"total_count": 5000, "incomplete_results": True, "items": two()},
        2,
        TB.UPSTREAM_FLAG,
        5000,
        cursor=False,
    ),
    ok(
        "github_search_no_match", {"total_count": 0, "incomplete_results": False, "items": []}, 0, 0
    ),
    fail(
        "github_bad_credentials_401",
        {"message": "Bad credentials", "documentation_url": "https://docs.github.com/rest"},
        C.UNAUTHORIZED,
        P,
        status=401,
    ),
    fail(
        "github_rate_limit_403",
        {"message": "API rate limit exceeded for 1.2.3.4."},
        C.RATE_LIMITED,
        T,
        status=403,
        headers={"x-ratelimit-remaining": "0", "x-ratelimit-reset": "1700000060"},
    ),
    fail(
        "github_graphql_not_found",
        {
            "data": {"repository": None},
            "errors": [
                {
                    "type": "NOT_FOUND",
                    "path": ["repository"],
                    "locations": [{"line": 1, "column": 9}],
                    "message": "Could not resolve to a Repository with the name 'o/x'.",
                }
            ],
        },
        C.NOT_FOUND,
        P,
    ),
    fail(
        "github_graphql_rate_limited",
        {"errors": [{"type": "RATE_LIMITED", "message": "API rate limit exceeded"}]},
        C.RATE_LIMITED,
        T,
    ),
    fail(
        "github_graphql_insufficient_scopes",
        {"data": None, "errors": [{"type": "INSUFFICIENT_SCOPES", "message": "needs read:org"}]},
        C.FORBIDDEN,
        P,
    ),
    page(
        "github_graphql_field_error",
        {
            "data": {"viewer": {"login": "octo", "email": None}},
            "errors": [{"type": "FORBIDDEN", "path": ["viewer", "email"], "message": "private"}],
        },
        1,
        TB.FIELD_ERRORS,
        cursor=False,
    ),
    # -- GitLab: pagination headers
    page(
        "gitlab_x_next_page",
        two(),
        2,
        total=57,
        headers={"x-next-page": "2", "x-page": "1", "x-per-page": "2", "x-total": "57"},
    ),
    ok(
        "gitlab_last_page",
        two(),
        2,
        2,
        headers={"x-next-page": "", "x-page": "1", "x-per-page": "20", "x-total": "2"},
    ),
    # -- Shopify: cursor pagination in the Link header
    # https://shopify.dev/docs/api/usage/pagination-rest
    page("shopify_link_page_info", {"products": two()}, 2, headers={"link": SHOPIFY_NEXT}),
    ok("shopify_last_page", {"products": two()}, 2, headers={"link": SHOPIFY_PREV}),
    # -- Stripe
    page(
        "stripe_list_has_more",
        {"object": "list", "url": "/v1/charges", "has_more": True, "data": two()},
        2,
    ),
    ok(
        "stripe_list_last",
        {"object": "list", "url": "/v1/charges", "has_more": False, "data": two()},
        2,
    ),
    ok(
        "stripe_invoice_record",
        {
            "id": "in_1",
            "object": "invoice",
            "total": 5000,
            "currency": "usd",
            "lines": {"object": "list", "data": two(), "has_more": False},
        },
        1,
    ),
    # -- Slack Web API
    page(
        "slack_history_next_cursor",
        {
            "ok": True,
            "messages": two("ts"),
            "has_more": True,
            "pin_count": 0,
            "response_metadata": {"next_cursor": "bmV4dF90czoxNTEyMDg1ODYxMDAwNTQz"},
        },
        2,
    ),
    ok(
        "slack_history_last",
        {
            "ok": True,
            "messages": two("ts"),
            "has_more": False,
            "response_metadata": {"next_cursor": ""},
        },
        2,
    ),
    fail("slack_invalid_auth", {"ok": False, "error": "invalid_auth"}, C.UNAUTHORIZED, P),
    fail("slack_ratelimited", {"ok": False, "error": "ratelimited"}, C.RATE_LIMITED, T),
    # -- Notion
    page(
        "notion_query_has_more",
        {
            "object": "list",
            "results": two(),
            "next_cursor": "fe2cc560-036c-44cd-90e8-294d5a74cebc",
            "has_more": True,
            "type": "page_or_database",
            "page_or_database": {},
        },
        2,
    ),
    ok(
        "notion_query_end",
        {"object": "list", "results": two(), "next_cursor": None, "has_more": False},
        2,
    ),
    # -- Zendesk: offset and cursor pagination
    # https://developer.zendesk.com/api-reference/introduction/pagination/
    page(
        "zendesk_offset_next_page",
        {
            "tickets": two(),
            "next_page": "https://x.zendesk.com/api/v2/tickets.json?page=2",
            "previous_page": None,
            "count": 250,
        },
        2,
        total=250,
    ),
    page(
        "zendesk_cursor_has_more",
        {
            "tickets": two(),
            "meta": {"has_more": True, "after_cursor": "xxx", "before_cursor": "yyy"},
            "links": {"next": "https://x.zendesk.com/api/v2/tickets.json?page[after]=xxx"},
        },
        2,
    ),
    ok(
        "zendesk_cursor_end",
        {
            "tickets": two(),
            "meta": {"has_more": False, "after_cursor": None, "before_cursor": "yyy"},
            "links": {"next": None, "prev": "https://x.zendesk.com/api/v2/tickets.json"},
        },
        2,
    ),
    # -- Atlassian: Jira and Confluence
    # https://developer.atlassian.com/cloud/jira/platform/rest/v3/intro/#pagination
    # https://developer.atlassian.com/server/confluence/pagination-in-the-rest-api/
    # https://developer.atlassian.com/cloud/confluence/rest/v2/intro/#using
    page(
        "jira_search_first_page",
        {"startAt": 0, "maxResults": 2, "total": 120, "issues": two()},
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        120,
        cursor=False,
    ),
    ok("jira_search_complete", {"startAt": 0, "maxResults": 50, "total": 2, "issues": two()}, 2, 2),
    page(
        "confluence_links_next",
        {
            "results": two(),
            "start": 0,
            "limit": 2,
            "size": 2,
            "_links": {"base": "https://x.atlassian.net/wiki", "next": "/rest/api/content?start=2"},
        },
        2,
    ),
    ok(
        "confluence_last",
        {"results": two(), "start": 0, "limit": 25, "size": 2, "_links": {"self": "x"}},
        2,
    ),
    # -- Salesforce SOQL
    # https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/dome_query.htm
    page(
        "salesforce_query_more",
        {
            "totalSize": 3000,
            "done": False,
            "nextRecordsUrl": "/services/data/v59.0/query/01g-2000",
            "records": two(),
        },
        2,
        total=3000,
    ),
    ok("salesforce_query_done", {"totalSize": 2, "done": True, "records": two()}, 2, 2),
    # -- HubSpot CRM v3
    # https://developers.hubspot.com/docs/api/crm/search
    page(
        "hubspot_paging_next_after",
        {"results": two(), "paging": {"next": {"after": "NTI1Cg%3D%3D", "link": "?after=NTI1"}}},
        2,
    ),
    page(
        "hubspot_search_total",
        {"total": 250, "results": two(), "paging": {"next": {"after": "2"}}},
        2,
        total=250,
    ),
    ok("hubspot_last", {"results": two()}, 2),
    # -- Airtable: https://airtable.com/developers/web/api/list-records
    page("airtable_offset", {"records": two(), "offset": "itrHRvZ6x/recXyz"}, 2),
    ok("airtable_last", {"records": two()}, 2),
    # https://airtable.com/developers/web/api/list-bases: any one list beside its offset
    page(
        "airtable_bases_offset", {"bases": [{"id": "appLkNDICXNqxSDhG"}], "offset": "itr23/app"}, 1
    ),
    # https://airtable.com/developers/web/api/list-webhook-payloads
    page(
        "airtable_webhook_payloads_might_have_more",
        {"cursor": 6, "mightHaveMore": True, "payloads": [{"baseTransactionNumber": 4}] * 5},
        5,
    ),
    ok(
        "airtable_webhook_payloads_done",
        {"cursor": 6, "mightHaveMore": False, "payloads": [{"baseTransactionNumber": 4}] * 5},
        5,
    ),
    # -- Twilio: next_page_uri (2010 API) or meta.next_page_url (v1 and later), null on the last
    # https://www.twilio.com/docs/usage/twilios-response#response-formats-list-paging-information
    page(
        "twilio_calls_next_page_uri",
        {
            "calls": two("sid"),
            "start": 0,
            "end": 1,
            "page": 0,
            "page_size": 2,
            "first_page_uri": f"{TWILIO_CALLS}?PageSize=2&Page=0",
            "previous_page_uri": None,
            "next_page_uri": f"{TWILIO_CALLS}?PageSize=2&Page=1&PageToken=PACA0001",
            "uri": f"{TWILIO_CALLS}?PageSize=2&Page=0",
        },
        2,
        url=f"https://api.twilio.com{TWILIO_CALLS}?PageSize=2",
    ),
    ok(
        "twilio_calls_next_page_uri_null",
        {
            "calls": two("sid"),
            "start": 2,
            "end": 3,
            "page": 1,
            "page_size": 2,
            "first_page_uri": f"{TWILIO_CALLS}?PageSize=2&Page=0",
            "previous_page_uri": f"{TWILIO_CALLS}?PageSize=2&Page=0&PageToken=PBCA0001",
            "next_page_uri": None,
            "uri": f"{TWILIO_CALLS}?PageSize=2&Page=1&PageToken=PACA0001",
        },
        2,
        url=f"https://api.twilio.com{TWILIO_CALLS}?PageSize=2&Page=1&PageToken=PACA0001",
    ),
    page(
        "twilio_v1_meta_next_page_url",
        {
            "services": two("sid"),
            "meta": {
                "page": 0,
                "page_size": 2,
                "first_page_url": "https://verify.twilio.com/v2/Services?PageSize=2&Page=0",
                "previous_page_url": None,
                "url": "https://verify.twilio.com/v2/Services?PageSize=2&Page=0",
                "next_page_url": "https://verify.twilio.com/v2/Services?PageSize=2&Page=1&PageToken=PAVA1",
                "key": "services",
            },
        },
        2,
        url="https://verify.twilio.com/v2/Services?PageSize=2",
    ),
    ok(
        "twilio_v1_meta_next_page_url_null",
        {
            "services": two("sid"),
            "meta": {
                "page": 0,
                "page_size": 50,
                "first_page_url": "https://verify.twilio.com/v2/Services?PageSize=50&Page=0",
                "previous_page_url": None,
                "url": "https://verify.twilio.com/v2/Services?PageSize=50&Page=0",
                "next_page_url": None,
                "key": "services",
            },
        },
        2,
        url="https://verify.twilio.com/v2/Services?PageSize=50",
    ),
    # Unpaged: the list beside its own uri, relative to https://api.twilio.com; none to offer is
    # an empty list (https://www.twilio.com/docs/phone-numbers/api/availablephonenumber-resource).
    ok(
        "twilio_available_phone_numbers_none",
        {"available_phone_numbers": [], "uri": f"{TWILIO_NUMBERS}/US/Mobile.json"},
        0,
        url=f"https://api.twilio.com{TWILIO_NUMBERS}/US/Mobile.json",
    ),
    ok(
        "twilio_available_phone_numbers",
        {"available_phone_numbers": two("phone_number"), "uri": f"{TWILIO_NUMBERS}/US/Local.json"},
        2,
        url=f"https://api.twilio.com{TWILIO_NUMBERS}/US/Local.json",
    ),
    ok(
        "twilio_available_countries_none",
        {"countries": [], "uri": f"{TWILIO_NUMBERS}.json"},
        0,
        url=f"https://api.twilio.com{TWILIO_NUMBERS}.json",
    ),
    # -- Gmail: a list method whose query matches nothing leaves "messages" out
    # https://developers.google.com/gmail/api/reference/rest/v1/users.messages/list
    ok(
        "gmail_messages_none",
        {"resultSizeEstimate": 0},
        0,
        url="https://gmail.googleapis.com/gmail/v1/users/me/messages?q=from:nobody",
    ),
    page(
        "gmail_messages_next_page_token",
        {"messages": two(), "nextPageToken": "0934", "resultSizeEstimate": 201},
        2,
        url="https://gmail.googleapis.com/gmail/v1/users/me/messages?q=x",
    ),
    # -- DocuSign: no envelopes changed, and no "envelopes" member
    # https://developers.docusign.com/docs/esign-rest-api/reference/envelopes/envelopes/liststatuschanges/
    ok(
        "docusign_envelopes_none",
        {"resultSetSize": "0", "totalSetSize": "0", "startPosition": "0", "endPosition": "-1"},
        0,
        url="https://demo.docusign.net/restapi/v2.1/accounts/1/envelopes?from_date=2024-01-01",
    ),
    # -- OData v2 (SAP Gateway): {"d": {"results": [...], "__count": "5", "__next": "…"}}
    # https://www.odata.org/documentation/odata-version-2-0/json-format/
    page(
        "odata_v2_next",
        {
            "d": {
                "results": two("ID"),
                "__count": "5",
                "__next": "https://sap.example.test/odata/Products?$inlinecount=allpages&$skiptoken=2",
            }
        },
        2,
        total=5,
        url="https://sap.example.test/odata/Products?$inlinecount=allpages",
    ),
    ok(
        "odata_v2_last",
        {"d": {"results": two("ID"), "__count": "2"}},
        2,
        2,
        url="https://sap.example.test/odata/Products?$inlinecount=allpages",
    ),
    ok("odata_v2_none", {"d": {"results": []}}, 0, url="https://sap.example.test/odata/Products"),
    # -- Xero: every answer inside {"Id", "Status", "ProviderName", "DateTimeUTC"}
    # https://developer.xero.com/documentation/api/accounting/invoices
    ok(
        "xero_invoices",
        {**XERO, "Invoices": two("InvoiceID")},
        2,
        url="https://api.xero.com/api.xro/2.0/Invoices?page=1",
    ),
    page(
        "xero_invoices_page_of_page_count",
        {
            **XERO,
            "pagination": {"page": 1, "pageSize": 2, "pageCount": 3, "itemCount": 6},
            "Invoices": two("InvoiceID"),
        },
        2,
        total=6,  # itemCount: the total number of items (Xero's pagination)
        url="https://api.xero.com/api.xro/2.0/Invoices?page=1&pageSize=2",
    ),
    ok(
        "xero_invoices_last_of_page_count",
        {
            **XERO,
            "pagination": {"page": 3, "pageSize": 2, "pageCount": 3, "itemCount": 6},
            "Invoices": two("InvoiceID"),
        },
        2,
        total=6,  # itemCount: the total number of items (Xero's pagination)
        url="https://api.xero.com/api.xro/2.0/Invoices?page=3&pageSize=2",
    ),
    ok(
        "xero_invoices_none",
        {**XERO, "Invoices": []},
        0,
        url="https://api.xero.com/api.xro/2.0/Invoices?where=Status%3D%22PAID%22",
    ),
    # -- QuickBooks Online: the query's one list inside QueryResponse, an empty one for none
    # https://developer.intuit.com/app/developer/qbo/docs/learn/explore-the-quickbooks-online-api/data-queries
    ok(
        "quickbooks_query",
        {
            "QueryResponse": {"Invoice": two("Id"), "startPosition": 1, "maxResults": 2},
            "time": QB_TIME,
        },
        2,
        url=QUICKBOOKS_QUERY,
    ),
    ok(
        "quickbooks_query_none",
        {"QueryResponse": {}, "time": QB_TIME},
        0,
        url=QUICKBOOKS_QUERY,
    ),
    # "200 OK … the response body may contain a <Fault> element that identifies the error"
    # (https://developer.intuit.com/app/developer/qbo/docs/develop/troubleshooting/error-codes)
    fail(
        "quickbooks_validation_fault_in_200",
        {**intuit_fault("Object Not Found", "610", Detail="Inactive"), "time": QB_TIME},
        C.BAD_REQUEST,
        P,
        url=QUICKBOOKS_QUERY,
    ),
    fail(
        "quickbooks_query_response_fault",
        {"QueryResponse": intuit_fault("Error parsing query", "4000"), "time": QB_TIME},
        C.BAD_REQUEST,
        P,
        url=QUICKBOOKS_QUERY,
    ),
    fail(  # an upload answers each attachment: every one faulted, nothing was attached
        "quickbooks_upload_every_attachment_faulted",
        {"AttachableResponse": [intuit_fault("Object Not Found", "6000")], "time": QB_TIME},
        C.BAD_REQUEST,
        P,
        url=QUICKBOOKS_QUERY,
    ),
    ok(
        "quickbooks_upload_attached",
        {"AttachableResponse": [{"Attachable": {"Id": "5"}}], "time": QB_TIME},
        1,
        url=QUICKBOOKS_QUERY,
    ),
    fail(
        "quickbooks_system_fault_in_200",
        {**intuit_fault("Service is down", "3001", "SystemFault"), "time": QB_TIME},
        C.SERVER_ERROR,
        T,
        url=QUICKBOOKS_QUERY,
    ),
    ok(  # SELECT COUNT(*): the answer is the count, one record
        "quickbooks_query_count",
        {"QueryResponse": {"totalCount": 5}, "time": QB_TIME},
        1,
        url=QUICKBOOKS_QUERY,
    ),
    # -- WordPress and WooCommerce: X-WP-Total counts the collection, X-WP-TotalPages its pages
    # https://developer.wordpress.org/rest-api/using-the-rest-api/pagination/
    page(
        "wordpress_x_wp_total",
        two(),
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        total=6,
        cursor=False,
        headers={"x-wp-total": "6", "x-wp-totalpages": "3"},
        url="https://example.org/wp-json/wp/v2/posts?per_page=2",
    ),
    ok(
        "wordpress_x_wp_total_last_page",
        two(),
        2,
        6,
        headers={"x-wp-total": "6", "x-wp-totalpages": "3"},
        url="https://example.org/wp-json/wp/v2/posts?per_page=2&page=3",
        offset=4,
    ),
    # -- SendGrid v3: _metadata.next, "if this field isn't present, you're at the end"
    # https://www.twilio.com/docs/sendgrid/api-reference/lists/get-all-lists
    page(
        "sendgrid_metadata_next",
        {
            "result": two(),
            "_metadata": {
                "self": "https://api.sendgrid.com/v3/marketing/lists?page_size=2",
                "next": "https://api.sendgrid.com/v3/marketing/lists?page_size=2&page_token=Mg",
                "count": 6,
            },
        },
        2,
        url="https://api.sendgrid.com/v3/marketing/lists?page_size=2",
    ),
    ok(
        "sendgrid_metadata_without_next",
        {
            "result": two(),
            "_metadata": {
                "prev": "https://api.sendgrid.com/v3/marketing/lists?page_size=2&page_token=MQ",
                "self": "https://api.sendgrid.com/v3/marketing/lists?page_size=2&page_token=Mg",
                "count": 6,
            },
        },
        2,
        url="https://api.sendgrid.com/v3/marketing/lists?page_size=2&page_token=Mg",
    ),
    # -- ClickUp tasks: last_page false while more follow (https://developer.clickup.com/reference/gettasks)
    page(
        "clickup_last_page_false",
        {"tasks": two(), "last_page": False},
        2,
        cursor=False,
        url="https://api.clickup.com/api/v2/list/9/task?page=0",
    ),
    ok(
        "clickup_last_page_true",
        {"tasks": two(), "last_page": True},
        2,
        url="https://api.clickup.com/api/v2/list/9/task?page=1",
    ),
    # -- Relay's node field: "if no such object exists, the field returns null"
    # (https://relay.dev/graphql/objectidentification.htm); a query sent by GET is a read
    # (https://graphql.github.io/graphql-over-http/draft/#sec-GET). No record came back.
    ok(
        "relay_node_null",
        {"data": {"node": None}},
        0,
        url="https://api.example.test/graphql?query=%7Bnode(id%3A%22x%22)%7Bid%7D%7D",
    ),
    # -- Sentry: a next link on every page, results="false" when it names an empty one
    page(
        "sentry_link_next_results_true",
        two(),
        2,
        headers={"link": SENTRY_LINK.format(more="true")},
    ),
    ok(
        "sentry_link_next_results_false",
        two(),
        2,
        headers={"link": SENTRY_LINK.format(more="false")},
    ),
    ok(
        "sentry_link_next_results_false_empty",
        [],
        0,
        headers={"link": SENTRY_LINK.format(more="false")},
    ),
    # -- Algolia browse: a cursor while more follows, none on the last page
    # https://www.algolia.com/doc/rest-api/search/#tag/Search/operation/browse
    page("algolia_browse_cursor", {"hits": two("objectID"), "cursor": "AgA3MjY0"}, 2),
    ok("algolia_browse_last", {"hits": two("objectID"), "nbHits": 2, "page": 0}, 2, 2),
    # -- Twitch Helix: pagination.cursor; "the object is empty if there are no more pages"
    # https://dev.twitch.tv/docs/api/guide/#pagination
    page("twitch_pagination_cursor", {"data": two(), "pagination": {"cursor": "eyJiIjpudWxs"}}, 2),
    ok("twitch_pagination_empty", {"data": two(), "pagination": {}}, 2),
    # -- Dropbox list_folder: a cursor on every page, has_more says whether to continue
    # https://www.dropbox.com/developers/documentation/http/documentation#files-list_folder
    page(
        "dropbox_has_more_cursor", {"entries": two(), "cursor": "ZtkX9_EHj3x7", "has_more": True}, 2
    ),
    ok(
        "dropbox_has_more_false", {"entries": two(), "cursor": "ZtkX9_EHj3x7", "has_more": False}, 2
    ),
    # -- HubSpot v1 contact lists: has-more and vid-offset
    # https://legacydocs.hubspot.com/docs/methods/contacts/get_contacts
    page(  # the vid-offset is the next page's vidOffset: the cursor
        "hubspot_v1_has_more",
        {"contacts": two("vid"), "has-more": True, "vid-offset": 3714024},
        2,
    ),
    ok(
        "hubspot_v1_has_more_false", {"contacts": two("vid"), "has-more": False, "vid-offset": 7}, 2
    ),
    # -- Jira Service Management: isLastPage, _links.next, and an _expands list beside values
    # https://developer.atlassian.com/cloud/jira/service-desk/rest/intro/#pagination
    page(
        "jsm_links_next_is_last_page_false",
        {
            "_expands": [],
            "size": 1,
            "start": 1,
            "limit": 1,
            "isLastPage": False,
            "_links": {
                "base": "https://x.atlassian.net/rest/servicedeskapi",
                "next": "https://x.atlassian.net/rest/servicedeskapi/organization?start=2&limit=1",
            },
            "values": [{"id": "1", "name": "Charlie Cakes Franchises"}],
        },
        1,
    ),
    page(
        "jsm_is_last_page_false_without_a_link",
        {"_expands": [], "size": 2, "start": 0, "limit": 2, "isLastPage": False, "values": two()},
        2,
    ),
    ok(
        "jsm_is_last_page_true_beside_a_next_link",
        {
            "size": 2,
            "start": 4,
            "limit": 2,
            "isLastPage": True,
            "_links": {"next": "https://x.atlassian.net/rest/servicedeskapi/organization?start=6"},
            "values": two(),
        },
        2,
    ),
    # -- Jira search with validateQuery=warn: warningMessages is about the query, not its items
    # https://developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-issue-search/
    page(
        "jira_search_warning_messages",
        {
            "startAt": 0,
            "maxResults": 50,
            "total": 120,
            "issues": [{"id": str(i), "key": f"P-{i}"} for i in range(50)],
            "warningMessages": ["The value 'XYZ' does not exist for the field 'Foo'."],
        },
        50,
        TB.TOTAL_EXCEEDS_RETURNED,
        120,
        cursor=False,
    ),
    # -- Intercom: pages.page of total_pages, page size per_page
    # https://developers.intercom.com/docs/build-an-integration/learn-more/rest-apis/pagination
    ok(
        "intercom_last_page_of_total_pages",
        {
            "type": "list",
            "data": two(),
            "total_count": 7,
            "pages": {"type": "pages", "page": 2, "per_page": 5, "total_pages": 2},
        },
        2,
        7,
        offset=5,
    ),
    # -- Slack files.list: paging {count (the page size), total, page, pages}
    # https://docs.slack.dev/reference/methods/files.list
    page("slack_files_list_first_of_pages", slack_files(1), 1, total=2),
    # https://docs.slack.dev/reference/methods/search.messages: the page sits under "messages",
    # beside the call's own scalars
    page(
        "slack_search_messages_wrapped_page",
        slack_search(1, 2),
        2,
        total=5,
        url="https://slack.com/api/search.messages?query=x&count=2&page=1",
    ),
    ok("slack_files_list_last_of_pages", slack_files(2), 1, 2, offset=1),
    # -- A page past the end: nothing here, and the request starts at or after the last item
    # https://www.elastic.co/guide/en/elasticsearch/reference/current/paginate-search-results.html
    ok(
        "elasticsearch_from_past_the_total",
        es_search(0, {"value": 25, "relation": "eq"}),
        0,
        25,
        url="https://es.example.test/logs/_search?from=30&size=10",
    ),
    ok(
        "elasticsearch_scroll_spent",
        {"_scroll_id": "DXF1ZXJ5", **es_search(0, {"value": 25, "relation": "eq"})},
        0,
        25,
        offset=25,
        url="https://es.example.test/_search/scroll?scroll=1m&scroll_id=DXF1ZXJ5",
    ),
    page(
        "elasticsearch_scroll_batch_with_hits",
        {"_scroll_id": "DXF1ZXJ5", **es_search(5, {"value": 25, "relation": "eq"})},
        5,
        TB.TOTAL_EXCEEDS_RETURNED,
        25,
        cursor=False,
        url="https://es.example.test/_search/scroll?scroll=1m&scroll_id=DXF1ZXJ5",
    ),
    ok(
        "algolia_page_past_nb_pages",
        {"hits": [], "nbHits": 45, "page": 5, "nbPages": 3, "hitsPerPage": 15},
        0,
        45,
    ),
    ok(
        "spotify_cursor_page_after_the_last",
        {"artists": {"items": [], "next": None, "total": 56, "cursors": {"after": None}}},
        0,
        56,
        offset=56,
        url="https://api.spotify.example.test/v1/me/following?type=artist&after=0I2XqVXqHScX",
    ),
    # Intercom's scroll: "keep calling with the scroll_param until no data comes back"
    # https://developers.intercom.com/docs/references/rest-api/api.intercom.io/companies/scrolloverallcompanies
    page(
        "intercom_scroll_page",
        {"type": "list", "data": two(), "pages": None, "scroll_param": "25b649f7-4d33"},
        2,
    ),
    page(
        "intercom_scroll_companies_page",
        {"type": "company.list", "scroll_param": "25b649f7-4d33", "companies": two()},
        2,
    ),
    ok(
        "intercom_scroll_spent",
        {"type": "list", "data": [], "pages": None, "scroll_param": "25b649f7-4d33"},
        0,
        url="https://api.intercom.io/companies/scroll?scroll_param=25b649f7-4d33",
    ),
    # -- Kubernetes: metadata.continue while more remain
    # https://kubernetes.io/docs/reference/using-api/api-concepts/#retrieving-large-results-sets-in-chunks
    page(
        "kubernetes_metadata_continue",
        {
            "kind": "PodList",
            "apiVersion": "v1",
            "metadata": {
                "resourceVersion": "10245",
                "continue": "ENCODED",
                "remainingItemCount": 8,
            },
            "items": [{"metadata": {"name": "a"}}, {"metadata": {"name": "b"}}],
        },
        2,
    ),
    ok(
        "kubernetes_last_chunk",
        {
            "kind": "PodList",
            "apiVersion": "v1",
            "metadata": {"resourceVersion": "1"},
            "items": two(),
        },
        2,
    ),
    # -- Square: a cursor beside the list, left out of the last page
    # https://developer.squareup.com/docs/build-basics/common-api-patterns/pagination
    page("square_cursor", {"customers": two(), "cursor": "CAEaJwolMTg2NzM5"}, 2),
    ok("square_last", {"customers": two()}, 2),
    # -- Box: marker-based paging
    # https://developer.box.com/guides/api-calls/pagination/marker-based/
    page("box_next_marker", {"entries": two(), "limit": 1000, "next_marker": "JV9IRGZmie"}, 2),
    ok("box_next_marker_null", {"entries": two(), "limit": 1000, "next_marker": None}, 2),
    # -- Asana: next_page {offset, path, uri}, null on the last page
    # https://developers.asana.com/docs/pagination
    page(
        "asana_next_page_object",
        {
            "data": two("gid"),
            "next_page": {
                "offset": "eyJ0eXAiOJiKV1iQLCJhbGciOiJIUzI1NiJ9",
                "path": "/tasks?project=1&limit=2&offset=eyJ0eXAi",
                "uri": "https://app.asana.com/api/1.0/tasks?project=1&limit=2&offset=eyJ0eXAi",
            },
        },
        2,
        url="https://app.asana.com/api/1.0/tasks?project=1&limit=2",
    ),
    ok("asana_next_page_null", {"data": two("gid"), "next_page": None}, 2),
    # -- Pipedrive: additional_data.pagination.more_items_in_collection, next_start
    # https://pipedrive.readme.io/docs/core-api-concepts-pagination
    page(
        "pipedrive_more_items_in_collection",
        {
            "success": True,
            "data": two(),
            "additional_data": {
                "pagination": {
                    "start": 0,
                    "limit": 2,
                    "more_items_in_collection": True,
                    "next_start": 2,
                }
            },
        },
        2,
    ),
    ok(
        "pipedrive_no_more_items",
        {
            "success": True,
            "data": two(),
            "additional_data": {
                "pagination": {"start": 2, "limit": 2, "more_items_in_collection": False}
            },
        },
        2,
    ),
    # Nothing to list: "data": null beside its own "no more" (read without an items path too).
    ok(
        "pipedrive_no_items_data_null",
        {
            "success": True,
            "data": None,
            "additional_data": {
                "pagination": {"start": 0, "limit": 100, "more_items_in_collection": False}
            },
        },
        0,
    ),
    # -- Eventbrite: pagination.has_more_items with a continuation
    # https://www.eventbrite.com/platform/docs/api-basics
    page(
        "eventbrite_has_more_items",
        {
            "pagination": {
                "object_count": 4,
                "continuation": "AEtFRyiWxkOSpQmL",
                "page_count": 2,
                "page_size": 2,
                "has_more_items": True,
                "page_number": 1,
            },
            "events": two(),
        },
        2,
    ),
    # -- DigitalOcean: links.pages.next
    # https://docs.digitalocean.com/reference/api/digitalocean/#section/Introduction/Links-and-Pagination
    page(
        "digitalocean_links_pages_next",
        {
            "droplets": two(),
            "links": {
                "pages": {
                    "last": "https://api.digitalocean.com/v2/droplets?page=2&per_page=2",
                    "next": "https://api.digitalocean.com/v2/droplets?page=2&per_page=2",
                }
            },
            "meta": {"total": 4},
        },
        2,
        total=4,
        url="https://api.digitalocean.com/v2/droplets?page=1&per_page=2",
    ),
    ok(
        "digitalocean_empty_with_meta_total",
        {"droplets": [], "links": {}, "meta": {"total": 0}},
        0,
        0,
    ),
    # A top-level meta's total counts the listing beside it (DigitalOcean's, above;
    # ActiveCampaign's, a string); its count may be the page's own (Datadog's catalog).
    page(
        "activecampaign_meta_total",
        {"dealStages": two(), "meta": {"total": "110"}},
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        total=110,
        cursor=False,
    ),
    ok(
        "datadog_meta_count_is_the_pages",
        {"data": two(), "meta": {"count": 2, "includeCount": 0}},
        2,
    ),
    # Auth0's include_totals=true: the list beside start, limit, length and total
    # (https://auth0.com/docs/manage-users/user-accounts/user-search/view-search-results-by-page).
    page(
        "auth0_include_totals_first_page",
        {"keys": two("kid"), "start": 0, "limit": 2, "length": 2, "total": 5},
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        total=5,
        cursor=False,
    ),
    ok(
        "auth0_include_totals_none",
        {"client_grants": [], "start": 0, "limit": 50, "total": 0},
        0,
        0,
    ),
    # Braze: one list beside the answer's own message
    # (https://www.braze.com/docs/api/endpoints/email/get_list_hard_bounced_emails).
    ok("braze_hard_bounces_none", {"emails": [], "message": "success"}, 0),
    ok("braze_hard_bounces", {"emails": two("email"), "message": "success"}, 2),
    # Campaign Monitor's paged results (https://www.campaignmonitor.com/api/v3-3/campaigns/):
    # PageNumber of NumberOfPages, TotalNumberOfRecords the total.
    page(
        "campaign_monitor_first_of_pages",
        {
            "Results": two("EmailAddress"),
            "ResultsOrderedBy": "email",
            "OrderDirection": "asc",
            "PageNumber": 1,
            "PageSize": 2,
            "RecordsOnThisPage": 2,
            "TotalNumberOfRecords": 5,
            "NumberOfPages": 3,
        },
        2,
        total=5,
    ),
    ok(
        "campaign_monitor_last_page",
        {
            "Results": two("EmailAddress"),
            "PageNumber": 3,
            "PageSize": 2,
            "RecordsOnThisPage": 2,
            "TotalNumberOfRecords": 6,
            "NumberOfPages": 3,
        },
        2,
        6,
        offset=4,
    ),
    # Amazon SP-API v0: the answer under payload, its NextToken beside the list ("If NextToken
    # is returned, pass the value of NextToken to the next request"; the Fulfillment Inbound
    # v0 reference, https://developer-docs.amazon.com/sp-api/docs/fulfillment-inbound-api-v0-reference).
    page(
        "sp_api_payload_next_token",
        {"payload": {"ShipmentData": two("ShipmentId"), "NextToken": "NjI1MTI2"}},
        2,
    ),
    # Zoom: page_number of page_count, total_records the total
    # (https://developers.zoom.us/docs/api/using-zoom-apis/#pagination).
    page(
        "zoom_page_number_of_page_count",
        {"page_count": 3, "page_number": 1, "page_size": 2, "total_records": 5, "users": two()},
        2,
        total=5,
    ),
    ok(
        "zoom_last_page_number",
        {
            "page_count": 3,
            "page_number": 3,
            "page_size": 2,
            "total_records": 5,
            "users": [{"id": "e"}],
        },
        1,
        5,
        offset=4,
    ),
    # Crossref's deep paging: cursor=* asks for the first page; next-cursor is on every page,
    # the last included, and an empty items list ends it; total-results counts the query.
    # https://github.com/CrossRef/rest-api-doc#deep-paging-with-cursors
    page(
        "crossref_deep_paging_first_page",
        crossref_works(two("DOI")),
        2,
        total=454,
        url="https://api.crossref.org/works?query=widget&cursor=*&rows=2",
    ),
    ok(
        "crossref_deep_paging_end",
        crossref_works([]),
        0,
        454,
        url="https://api.crossref.org/works?query=widget&cursor=DnF1ZXJ5VGhlbkZldGNo&rows=2",
    ),
    # ORCID's search: num-found counts the matches, result null when none
    # (https://info.orcid.org/documentation/api-tutorials/api-tutorial-searching-the-orcid-registry/).
    ok("orcid_search_none_found", {"result": None, "num-found": 0}, 0, 0),
    page(
        "orcid_search_first_rows",
        {"result": two("orcid-identifier"), "num-found": 10242},
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        total=10242,
        cursor=False,
    ),
    # Oracle Cloud: "If the opc-next-page header appears in the response, additional pages of
    # results remain" (https://docs.oracle.com/en-us/iaas/Content/API/Concepts/usingapi.htm#nine);
    # Object Storage's ListObjects names where a truncated listing resumes in nextStartWith
    # (https://docs.oracle.com/en-us/iaas/api/#/en/objectstorage/20160918/ListObjects/).
    page("oci_opc_next_page_header", two("name"), 2, headers={"opc-next-page": "AAAAAAAA"}),
    page("oci_list_objects_next_start_with", {"nextStartWith": "ob10", "objects": two("name")}, 2),
    # Chargebee: a next_offset beside the list when more resources exist, a string to pass back
    # as offset (https://apidocs.chargebee.com/docs/api/v1/list-ops); Datadog's numeric
    # next_offset in meta.pagination is "page size added to the current offset", on every page
    # (https://docs.datadoghq.com/api/latest/incidents/): beside a page as full as its size it
    # may name more, beside a shorter page nothing.
    page("chargebee_list_next_offset", {"list": two(), "next_offset": '["1781857944000","34"]'}, 2),
    ok("chargebee_list_last_page", {"list": two()}, 2),
    # Round 30's samples, each from its API's documentation.
    # Shlink's pagination: currentPage against pagesCount (https://api-spec.shlink.io/).
    ok(
        "shlink_last_page_of_pages_count",
        {
            "shortUrls": {
                "data": [{"shortCode": "a"}, {"shortCode": "b"}],
                "pagination": {
                    "currentPage": 5,
                    "pagesCount": 5,
                    "itemsPerPage": 10,
                    "itemsInCurrentPage": 2,
                    "totalItems": 42,
                },
            }
        },
        2,
        total=42,
        url="https://s.test/rest/v3/short-urls?page=5",
    ),
    # Round 29's samples, each from its API's documentation.
    # Quaderno: its paging in headers (https://developers.quaderno.io/api/#section/Pagination).
    page(
        "quaderno_pages_has_more",
        [{"id": 1}, {"id": 2}],
        2,
        headers={
            "X-Pages-HasMore": "true",
            "X-Pages-NextPage": "https://q.test/api/invoices?page=2",
        },
        url="https://q.test/api/invoices.json",
    ),
    # Gitee's v5 lists: total_page and total_count headers (https://gitee.com/api/v5/swagger).
    page(
        "gitee_total_page_header",
        [{"id": 1}, {"id": 2}],
        2,
        total=7,
        headers={"total_page": "4", "total_count": "7"},
        url="https://gitee.com/api/v5/repos/o/r/issues?page=1&per_page=2",
    ),
    # NASA CMR's page_size=0 asks for the hit count alone
    # (https://cmr.earthdata.nasa.gov/search/site/docs/search/api.html): one record, the count.
    ok(
        "cmr_page_size_zero_count",
        {"hits": 652, "took": 5, "items": []},
        1,
        url="https://cmr.earthdata.nasa.gov/search/granules.umm_json?page_size=0&short_name=X",
    ),
    # Matrix's public rooms: next_batch, "absence … means there are no more results"
    # (https://spec.matrix.org/v1.11/client-server-api/#get_matrixclientv3publicrooms).
    page(
        "matrix_public_rooms_next_batch",
        {
            "chunk": [{"room_id": "!a:example.org"}, {"room_id": "!b:example.org"}],
            "next_batch": "p190q",
            "prev_batch": "p1902",
        },
        2,
        url="https://example.org/_matrix/client/v3/publicRooms?limit=2",
    ),
    # A room's messages: the events in chunk, end "omitted when there are no more events"
    # (https://spec.matrix.org/v1.11/client-server-api/#get_matrixclientv3roomsroomidmessages).
    page(
        "matrix_room_messages_end_present",
        {"chunk": two(), "start": "t47429-4392820", "end": "t47409-4357353"},
        2,
        url="https://example.org/_matrix/client/v3/rooms/!r:example.org/messages?dir=b&limit=2",
    ),
    ok(
        "matrix_room_messages_end_omitted",
        {"chunk": two(), "start": "t47409-4357353", "state": []},
        2,
        url="https://example.org/_matrix/client/v3/rooms/!r:example.org/messages?dir=b&limit=5",
    ),
    # PubNub App Context: a next cursor on every page with items; totalCount (asked with
    # count=true) equal to what came back is the whole listing (https://www.pubnub.com/docs/sdks/rest-api).
    ok(
        "pubnub_app_context_every_item_beside_next",
        {"status": 200, "data": two(), "totalCount": 2, "next": "Mw"},
        2,
        2,
        url="https://ps.pndsn.com/v2/objects/sub-c-1/channels?count=true&limit=10",
    ),
    page(
        "pubnub_app_context_more_than_returned",
        {"status": 200, "data": two(), "totalCount": 5, "next": "Mw"},
        2,
        total=5,
        url="https://ps.pndsn.com/v2/objects/sub-c-1/channels?count=true&limit=2",
    ),
    # Hydra collections in JSON-LD's prefixed form (API Platform: Sylius): hydra:member,
    # hydra:totalItems, hydra:view's hydra:next (https://www.hydra-cg.com/spec/latest/core/#collections,
    # https://api-platform.com/docs/core/pagination/).
    page(
        "hydra_collection_view_next",
        {
            "@context": "/api/contexts/Order",
            "@id": "/api/orders",
            "@type": "hydra:Collection",
            "hydra:totalItems": 5,
            "hydra:member": two(),
            "hydra:view": {
                "@id": "/api/orders?page=1",
                "@type": "hydra:PartialCollectionView",
                "hydra:first": "/api/orders?page=1",
                "hydra:last": "/api/orders?page=3",
                "hydra:next": "/api/orders?page=2",
            },
        },
        2,
        total=5,
        url="https://shop.example.test/api/orders?page=1&itemsPerPage=2",
    ),
    ok(
        "hydra_collection_last_page",
        {
            "@type": "hydra:Collection",
            "hydra:totalItems": 4,
            "hydra:member": two(),
            "hydra:view": {"@id": "/api/orders?page=2", "hydra:previous": "/api/orders?page=1"},
        },
        2,
        4,
        offset=2,
        url="https://shop.example.test/api/orders?page=2&itemsPerPage=2",
    ),
    ok(
        "hydra_collection_empty",
        {"@type": "hydra:Collection", "hydra:totalItems": 0, "hydra:member": []},
        0,
        0,
        url="https://shop.example.test/api/orders",
    ),
    # A Spring Data page (lexoffice's lists): content beside totalElements, totalPages, number,
    # size, first, last (https://developers.lexoffice.io/docs/#paging-of-resources).
    page(
        "spring_page_first_of_three",
        {
            "content": two(),
            "totalElements": 6,
            "totalPages": 3,
            "number": 0,
            "size": 2,
            "first": True,
            "sort": [{"property": "voucherDate", "direction": "DESC"}],
            "last": False,
        },
        2,
        total=6,
        url="https://api.lexoffice.io/v1/voucherlist?page=0&size=2",
    ),
    ok(
        "spring_page_last",
        {
            "content": two(),
            "totalElements": 6,
            "totalPages": 3,
            "number": 2,
            "size": 2,
            "first": False,
            "last": True,
        },
        2,
        6,
        offset=4,
        url="https://api.lexoffice.io/v1/voucherlist?page=2&size=2",
    ),
    ok(
        "spring_page_none",
        {"content": [], "totalElements": 0, "totalPages": 0, "number": 0, "size": 25, "last": True},
        0,
        0,
        url="https://api.lexoffice.io/v1/voucherlist?page=0&size=25",
    ),
    # SmartRecruiters: nextPageId, passed back as pageId, while more follows
    # (https://developers.smartrecruiters.com/).
    page(
        "smartrecruiters_next_page_id",
        {"limit": 2, "nextPageId": "MTAzOTU4NTAy", "content": two()},
        2,
        url="https://api.smartrecruiters.com/user-api/v201804/users?limit=2",
    ),
    ok(
        "smartrecruiters_last_page_without_next_page_id",
        {"limit": 2, "content": two()},
        2,
        url="https://api.smartrecruiters.com/user-api/v201804/users?limit=2&pageId=MTAz",
    ),
    # PubNub's envelope: the answer in payload beside status, message, service and error
    # (https://www.pubnub.com/docs/sdks/rest-api).
    ok(
        "pubnub_payload_channel_group_without_channels",
        {
            "status": 200,
            "message": "OK",
            "payload": {"channels": [], "group": "cg1"},
            "service": "channel-registry",
            "error": False,
        },
        0,
        url="https://ps.pndsn.com/v1/channel-registration/sub-key/sub-c-1/channel-group/cg1",
    ),
    ok(
        "pubnub_payload_channel_group_channels",
        {
            "status": 200,
            "message": "OK",
            "payload": {"channels": ["a", "b"], "group": "cg1"},
            "service": "channel-registry",
            "error": False,
        },
        2,
        url="https://ps.pndsn.com/v1/channel-registration/sub-key/sub-c-1/channel-group/cg1",
    ),
    # Ex Libris Alma: a list beside total_record_count, left out when it is 0
    # (https://developers.exlibrisgroup.com/alma/apis/).
    page(
        "alma_items_below_total_record_count",
        {"item": two(), "total_record_count": 4},
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        4,
        cursor=False,
        url="https://api-na.hosted.exlibrisgroup.com/almaws/v1/bibs/99/holdings/ALL/items?limit=2",
    ),
    ok(
        "alma_list_left_out_at_zero",
        {"total_record_count": 0},
        0,
        0,
        url="https://api-na.hosted.exlibrisgroup.com/almaws/v1/bibs/99/holdings/22/items",
    ),
    # Supercell's APIs (Clash of Clans): items beside paging.cursors.after while more follows
    # (https://developer.clashofclans.com/#/documentation).
    page(
        "clash_of_clans_paging_cursors_after",
        {"items": two(), "paging": {"cursors": {"after": "eyJwb3MiOjIwfQ"}}},
        2,
        url="https://api.clashofclans.com/v1/locations/global/rankings/players?limit=2",
    ),
    ok(
        "clash_of_clans_paging_cursors_last",
        {"items": two(), "paging": {"cursors": {}}},
        2,
        url="https://api.clashofclans.com/v1/locations/global/rankings/players?limit=2",
    ),
    # Facebook's data lists name their next page in paging.next; cursors.after alone is no page
    # (https://developers.facebook.com/docs/graph-api/results).
    ok(
        "facebook_data_paging_cursors_without_next",
        {"data": two(), "paging": {"cursors": {"before": "QVFI", "after": "QVFH"}}},
        2,
        url="https://graph.facebook.com/v19.0/me/accounts",
    ),
    # BioThings (MyGene, MyVariant): a search's hits beside its total and max_score
    # (https://docs.mygene.info/en/latest/doc/query_service.html#returned-object).
    page(
        "biothings_hits_below_total",
        {"took": 13, "total": 4976, "max_score": 10.8, "hits": two()},
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        4976,
        cursor=False,
        url="https://myvariant.info/v1/query?q=BRAF&size=2",
    ),
    # NCBI E-utilities esearch in JSON: esearchresult's idlist and its count
    # (https://www.ncbi.nlm.nih.gov/books/NBK25499/#chapter4.ESearch).
    page(
        "ncbi_esearch_idlist_below_count",
        {
            "header": {"type": "esearch", "version": "0.3"},
            "esearchresult": {
                "count": "40362",
                "retmax": "2",
                "retstart": "0",
                "idlist": ["1", "2"],
            },
        },
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        40362,
        cursor=False,
        url="https://eutils.ncbi.nlm.nih.gov/entrez/eutils/esearch.fcgi?db=pubmed&retmode=json&term=x",
    ),
    # EBI QuickGO: numberOfHits, the search's total, beside results and pageInfo
    # (https://www.ebi.ac.uk/QuickGO/api/index.html).
    page(
        "quickgo_results_below_number_of_hits",
        {
            "numberOfHits": 279,
            "results": two(),
            "pageInfo": {"resultsPerPage": 2, "current": 1, "total": 140},
        },
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        279,
        cursor=False,
        url="https://www.ebi.ac.uk/QuickGO/services/annotation/search?geneProductId=P15056&limit=2",
    ),
    # Google Analytics Data API: rows (left out when none) and rowCount, the query's total
    # (https://developers.google.com/analytics/devguides/reporting/data/v1/rest/v1beta/RunReportResponse).
    page(
        "ga4_run_report_rows_below_row_count",
        {
            "dimensionHeaders": [{"name": "date"}],
            "metricHeaders": [{"name": "screenPageViews", "type": "TYPE_INTEGER"}],
            "rows": two(),
            "rowCount": 3,
            "metadata": {"currencyCode": "USD", "timeZone": "Europe/Warsaw"},
            "kind": "analyticsData#runReport",
        },
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        3,
        cursor=False,
        url="https://analyticsdata.googleapis.com/v1beta/properties/1:runReport",
    ),
    ok(
        "ga4_batch_of_one_report_without_rows",
        {
            "kind": "analyticsData#batchRunReports",
            "reports": [
                {
                    "dimensionHeaders": [{"name": "date"}],
                    "metricHeaders": [{"name": "activeUsers", "type": "TYPE_INTEGER"}],
                    "rowCount": 0,
                    "kind": "analyticsData#runReport",
                }
            ],
        },
        0,
        0,
        url="https://analyticsdata.googleapis.com/v1beta/properties/1:batchRunReports",
    ),
    # Zulip's messages: a window that did not reach the newest message of the narrow
    # (https://zulip.com/api/get-messages).
    page(
        "zulip_messages_found_newest_false",
        {
            "result": "success",
            "msg": "",
            "messages": two(),
            "anchor": 0,
            "found_anchor": False,
            "found_newest": False,
            "found_oldest": True,
            "history_limited": False,
        },
        2,
        cursor=False,
        url="https://x.zulipchat.com/api/v1/messages?anchor=oldest&num_before=0&num_after=2",
    ),
    # Round 28's samples, each from its API's documentation.
    # Askbot's questions: count and pages beside them, the page the request's
    # (https://askbot.org/doc/api.html).
    ok(
        "askbot_last_page_by_request_page",
        {"count": 2, "pages": 2, "questions": [{"id": 2, "title": "b"}]},
        1,
        url="https://ask.example.test/api/v1/questions/?page=2",
    ),
    # Spark (Flexmls): the D envelope and its Pagination
    # (https://sparkplatform.com/docs/overview/api_responses).
    page(
        "spark_d_results_pagination",
        {
            "D": {
                "Success": True,
                "Results": [{"Id": "1"}, {"Id": "2"}],
                "Pagination": {"TotalRows": 78, "PageSize": 2, "TotalPages": 39, "CurrentPage": 1},
            }
        },
        2,
        total=78,
        url="https://sparkapi.com/v1/listings?_limit=2",
    ),
    # Untappd: the meta of its code and timings, the listing in response
    # (https://untappd.com/api/docs).
    ok(
        "untappd_meta_response_none",
        {
            "meta": {"code": 200, "response_time": {"time": 0.1, "measure": "seconds"}},
            "notifications": [],
            "response": {"checkins": []},
        },
        0,
        url="https://api.untappd.com/v4/user/checkins/someone",
    ),
    # Round 27's samples, each from its API's documentation.
    # Lokalise's cursor pagination (https://developers.lokalise.com/reference/api-pagination).
    page(
        "lokalise_next_cursor_header",
        {"project_id": "p", "keys": [{"key_id": 1}, {"key_id": 2}]},
        2,
        headers={"X-Pagination-Next-Cursor": "eyIxIjoyfQ", "X-Pagination-Limit": "2"},
        url="https://api.lokalise.com/api2/projects/p/keys?limit=2&pagination=cursor",
    ),
    # LinkedIn's searches (https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads/cursor-based-pagination).
    page(
        "linkedin_metadata_next_page_token",
        {
            "metadata": {"nextPageToken": "DgFM1V9r"},
            "elements": [{"id": 1}, {"id": 2}],
            "paging": {"count": 2, "start": 0, "links": []},
        },
        2,
        url="https://api.linkedin.com/rest/adAccounts?q=search&pageSize=2",
    ),
    # OpenFEC's keyset pages (https://api.open.fec.gov/developers/).
    page(
        "openfec_last_indexes",
        {
            "api_version": "1.0",
            "results": [{"sub_id": 1}, {"sub_id": 2}],
            "pagination": {"last_indexes": {"last_index": 63048025}, "per_page": 2},
        },
        2,
        url="https://api.open.fec.gov/v1/schedules/schedule_a/",
    ),
    # Fingerprint's visits (https://dev.fingerprint.com/reference/getvisits).
    page(
        "fingerprint_pagination_key",
        {
            "visitorId": "v",
            "visits": [{"requestId": "a"}, {"requestId": "b"}],
            "paginationKey": "1655373953086",
        },
        2,
        url="https://api.fpjs.io/visitors/v?limit=2",
    ),
    # Sift's decisions list (https://developers.sift.com/docs/curl/decisions-api/decisions-list).
    page(
        "sift_has_more_word_next_ref",
        {
            "data": [{"id": "a"}, {"id": "b"}],
            "has_more": "true",
            "next_ref": "https://api.sift.com/v3/accounts/A/decisions?from=2",
        },
        2,
        url="https://api.sift.com/v3/accounts/A/decisions?limit=2",
    ),
    # Songkick's resultsPage (https://www.songkick.com/developer/response-objects).
    page(
        "songkick_results_page",
        {
            "resultsPage": {
                "status": "ok",
                "results": {"event": [{"id": 1}, {"id": 2}]},
                "perPage": 2,
                "page": 1,
                "totalEntries": 9,
            }
        },
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        total=9,
        cursor=False,
        url="https://api.songkick.com/api/3.0/artists/1/gigography.json",
    ),
    # Ticketmaster's Discovery search with no hit: _embedded left out
    # (https://developer.ticketmaster.com/products-and-docs/apis/discovery-api/v2/).
    ok(
        "ticketmaster_hal_page_none",
        {
            "_links": {"self": {"href": "/discovery/v2/events?page=0"}},
            "page": {"size": 20, "totalElements": 0, "totalPages": 0, "number": 0},
        },
        0,
        total=0,
        url="https://app.ticketmaster.com/discovery/v2/events.json?keyword=none",
    ),
    # Ordnance Survey's Places: a header and no results when none match
    # (https://osdatahub.os.uk/docs/places/technicalSpecification).
    ok(
        "os_places_header_none",
        {"header": {"offset": 0, "totalresults": 0, "maxresults": 100}},
        0,
        total=0,
        url="https://api.os.uk/search/places/v1/postcode?postcode=XX11XX",
    ),
    # Round 26's samples, each from its API's documentation.
    # CouchDB's views: total_rows counts the view, offset where the rows start; a key range
    # selects part of it (https://docs.couchdb.org/en/stable/api/ddoc/views.html).
    page(
        "couchdb_all_docs_first_row",
        {"total_rows": 3, "offset": 0, "rows": [{"id": "a", "key": "a", "value": {}}]},
        1,
        TB.TOTAL_EXCEEDS_RETURNED,
        total=3,
        cursor=False,
        url="https://couch.example.test/db/_all_docs?limit=1",
    ),
    ok(
        "couchdb_all_docs_key_range",
        {"total_rows": 3, "offset": 0, "rows": [{"id": "a", "key": "a", "value": {}}]},
        1,
        url='https://couch.example.test/db/_all_docs?startkey="a"&endkey="a"',
    ),
    # Currencycloud: next_page -1 names no page
    # (https://developer.currencycloud.com/guides/integration-guides/pagination/).
    ok(
        "currencycloud_single_page",
        {
            "beneficiaries": [{"id": "b1"}, {"id": "b2"}],
            "pagination": {
                "total_entries": 2,
                "total_pages": 1,
                "current_page": 1,
                "per_page": 25,
                "previous_page": -1,
                "next_page": -1,
            },
        },
        2,
        total=2,
        url="https://devapi.currencycloud.com/v2/beneficiaries/find",
    ),
    # SecurityTrails' DNS history counts its pages; the page is the request's
    # (https://docs.securitytrails.com/reference/history-dns).
    page(
        "securitytrails_history_first_of_pages",
        {"type": "a/ipv4", "pages": 5, "records": [{"type": "a"}]},
        1,
        url="https://api.securitytrails.com/v1/history/example.com/dns/a?page=1",
    ),
    # Shodan's count "does not return any host results, it only returns the total number"
    # (https://developer.shodan.io/api): one record, the count.
    ok(
        "shodan_host_count",
        {"matches": [], "total": 18372973},
        1,
        url="https://api.shodan.io/shodan/host/count?query=nginx",
    ),
    # ChEMBL's page_meta (https://chembl.gitbook.io/chembl-interface-documentation/web-services/chembl-data-web-services).
    page(
        "chembl_page_meta_next",
        {
            "atc": [{"level5": "A01AA01"}],
            "page_meta": {
                "limit": 1,
                "next": "/chembl/api/data/atc?limit=1&offset=1",
                "offset": 0,
                "previous": None,
                "total_count": 5265,
            },
        },
        1,
        total=5265,
        url="https://www.ebi.ac.uk/chembl/api/data/atc.json?limit=1&offset=0",
    ),
    # NatureServe Explorer's resultsSummary counts pages from 0
    # (https://explorer.natureserve.org/api-docs/).
    ok(
        "natureserve_only_page",
        {
            "results": [{"elcode": "AFCQS01010"}],
            "resultsSummary": {"page": 0, "recordsPerPage": 20, "totalPages": 1, "totalResults": 1},
        },
        1,
        total=1,
        url="https://explorer.natureserve.org/api/data/speciesSearch",
    ),
    # osu!'s cursor_string, "to be used to fetch the next page" (https://osu.ppy.sh/docs/#cursorstring).
    page(
        "osu_beatmap_packs_cursor_string",
        {"beatmap_packs": [{"tag": "S1"}], "cursor": {"pack_id": 1}, "cursor_string": "eyJ9"},
        1,
        url="https://osu.ppy.sh/api/v2/beatmaps/packs",
    ),
    page(
        "datadog_meta_pagination_next_offset_full_page",
        {"data": two(), "meta": {"pagination": {"offset": 0, "next_offset": 2, "size": 2}}},
        2,
    ),
    ok(
        "datadog_meta_pagination_next_offset_short_page",
        {"data": two(), "meta": {"pagination": {"offset": 0, "next_offset": 3, "size": 3}}},
        2,
    ),
    # JSON:API: primary data null for a single resource that is not there (an empty to-one
    # relationship), beside its own links (https://jsonapi.org/format/#document-top-level).
    ok("jsonapi_null_data_beside_links", {"data": None, "links": {"self": "/graphs/g/group"}}, 0),
    fail(
        "jsonapi_errors_beside_null_data",
        {"data": None, "errors": [{"status": "404", "title": "Not Found"}]},
        C.UPSTREAM_ERROR,
        P,
    ),
    # Lichess's paginator: nextPage names the next page's number, null on the last; nbResults
    # counts the query (https://lichess.org/api#tag/Teams/operation/teamAll).
    page(
        "lichess_paginator_next_page",
        {
            "currentPage": 1,
            "maxPerPage": 2,
            "currentPageResults": two(),
            "nbResults": 5,
            "previousPage": None,
            "nextPage": 2,
        },
        2,
        total=5,
    ),
    ok(
        "lichess_paginator_last_page",
        {
            "currentPage": 3,
            "maxPerPage": 2,
            "currentPageResults": [{"id": "e"}],
            "nbResults": 5,
            "previousPage": 2,
            "nextPage": None,
        },
        1,
        5,
        offset=4,
    ),
    # Zoho Books: page_context's has_more_page says whether more follows
    # (https://www.zoho.com/books/api/v3/introduction/#pagination).
    page(
        "zoho_books_page_context_has_more_page",
        {
            "code": 0,
            "message": "success",
            "invoices": two("invoice_id"),
            "page_context": {"page": 1, "per_page": 2, "has_more_page": True},
        },
        2,
        cursor=False,
    ),
    ok(
        "zoho_books_page_context_none",
        {
            "code": 0,
            "message": "success",
            "taxes": [],
            "page_context": {"page": 1, "per_page": 200, "has_more_page": False},
        },
        0,
    ),
    # Travis CI v3: a collection names its own key in @type; @pagination holds its next page
    # (https://developer.travis-ci.com/resource/builds).
    page(
        "travis_pagination_next",
        {
            "@type": "builds",
            "@href": "/repo/1/builds?limit=2",
            "@representation": "standard",
            "@pagination": {
                "limit": 2,
                "offset": 0,
                "count": 41,
                "is_first": True,
                "is_last": False,
                "next": {"@href": "/repo/1/builds?limit=2&offset=2", "offset": 2, "limit": 2},
                "prev": None,
            },
            "builds": two(),
        },
        2,
        url="https://api.travis-ci.com/repo/1/builds?limit=2",
    ),
    ok(
        "travis_collection_without_pagination",
        {
            "@type": "broadcasts",
            "@href": "/broadcasts",
            "@representation": "standard",
            "broadcasts": [],
        },
        0,
    ),
    # OpenStack (Nova, Neutron, Cinder): the listing's own <key>_links holds its next page
    # (https://docs.openstack.org/api-guide/compute/paginated_collections.html).
    page(
        "openstack_resource_links_next",
        {
            "servers": two(),
            "servers_links": [
                {"href": "https://nova.example.test/v2.1/servers?limit=2&marker=a2", "rel": "next"}
            ],
        },
        2,
        url="https://nova.example.test/v2.1/servers?limit=2",
    ),
    ok(
        "openstack_resource_links_last_page",
        {"servers": two(), "servers_links": []},
        2,
        url="https://nova.example.test/v2.1/servers?limit=2&marker=a0",
    ),
    # "messages" is Slack's listing beside its ok, Rocket.Chat's beside its count; a CircleCI
    # build (v1.1, "Full details for a single build") holds its own messages: one record.
    ok(
        "circleci_build_record_with_its_messages",
        {
            "build_num": 140,
            "vcs_revision": "5dc2f1a",
            "status": "success",
            "lifecycle": "finished",
            "previous": {"build_num": 139, "status": "success"},
            "steps": [{"name": "checkout"}],
            "messages": [],
            "ssh_users": [],
        },
        1,
    ),
    page(
        "rocket_chat_messages_with_total",
        {"messages": two("_id"), "count": 2, "offset": 0, "total": 4, "success": True},
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        total=4,
        cursor=False,
    ),
    # Clever: a links entry with rel next names the next page by its uri
    # (https://dev.clever.com/docs/paging-and-limits).
    page(
        "clever_links_rel_next_uri",
        {
            "data": two(),
            "links": [
                {"rel": "self", "uri": "/v1.1/students?limit=2"},
                {"rel": "next", "uri": "/v1.1/students?limit=2&starting_after=a2"},
            ],
        },
        2,
        url="https://api.clever.com/v1.1/students?limit=2",
    ),
    # Trino's client protocol: nextUri while more results follow
    # (https://trino.io/docs/current/develop/client-protocol.html).
    page(
        "trino_next_uri",
        {
            "id": "q1",
            "nextUri": "https://trino.example.test/v1/statement/executing/q1/y/2",
            "columns": [{"name": "n", "type": "integer"}],
            "data": [[1], [2]],
            "stats": {"state": "RUNNING"},
        },
        2,
        url="https://trino.example.test/v1/statement/executing/q1/y/1",
    ),
    # FHIR search: a Bundle's entries, its link with relation next, its total; a later page
    # names the previous one; an empty searchset leaves entry out
    # (https://hl7.org/fhir/R4/http.html#paging, https://hl7.org/fhir/R4/bundle.html).
    page(
        "fhir_searchset_next_link",
        {
            "resourceType": "Bundle",
            "type": "searchset",
            "total": 5,
            "link": [
                {"relation": "self", "url": "https://fhir.example.test/r4/Patient?name=x"},
                {
                    "relation": "next",
                    "url": "https://fhir.example.test/r4?_getpages=a&_getpagesoffset=2",
                },
            ],
            "entry": [
                {"resource": {"resourceType": "Patient", "id": "1"}},
                {"resource": {"id": "2"}},
            ],
        },
        2,
        total=5,
        url="https://fhir.example.test/r4/Patient?name=x&_count=2",
    ),
    ok(
        "fhir_searchset_last_page",
        {
            "resourceType": "Bundle",
            "type": "searchset",
            "total": 5,
            "link": [{"relation": "previous", "url": "https://fhir.example.test/r4?_getpages=a"}],
            "entry": [{"resource": {"id": "5"}}],
        },
        1,
        5,
        offset=4,
        url="https://fhir.example.test/r4?_getpages=a&_getpagesoffset=4&_count=2",
    ),
    ok("fhir_searchset_none", {"resourceType": "Bundle", "type": "searchset", "total": 0}, 0, 0),
    # Disqus: cursor.hasNext says whether more follows; cursor.next is filled on the last page
    # too (https://disqus.com/api/docs/cursors/).
    page(
        "disqus_cursor_has_next",
        {
            "cursor": {"prev": None, "hasNext": True, "next": "1:0:0", "hasPrev": False},
            "response": two(),
        },
        2,
    ),
    ok(
        "disqus_cursor_last_page",
        {
            "cursor": {"prev": "0:0:1", "hasNext": False, "next": "2:0:0", "hasPrev": True},
            "response": two(),
        },
        2,
    ),
    # USAspending: page_metadata.hasNext says whether another page exists, next its number
    # (https://github.com/fedspendingtransparency/usaspending-api, its api_contracts).
    page(
        "usaspending_page_metadata_has_next",
        {
            "results": two(),
            "page_metadata": {"page": 1, "hasNext": True, "next": 2, "hasPrevious": False},
        },
        2,
    ),
    ok(
        "usaspending_page_metadata_last",
        {"results": two(), "page_metadata": {"page": 2, "hasNext": False, "next": None}},
        2,
    ),
    # Semantic Scholar: next, the offset of the next batch, absent when no more data exists
    # (https://api.semanticscholar.org/api-docs/graph).
    page("semantic_scholar_next_offset", {"offset": 0, "next": 2, "data": two()}, 2),
    ok("semantic_scholar_last_batch", {"offset": 2, "data": two()}, 2),
    ok("next_number_not_after_offset", {"offset": 4, "next": 4, "data": two()}, 2),
    # Its bulk search: the token to send for the next batch, null on the last.
    page("semantic_scholar_bulk_token", {"total": 5, "token": "PCOA3RZ", "data": two()}, 2),
    # Launchpad (lazr.restful): next_collection_link, left out of a collection's last page
    # (https://help.launchpad.net/API/Hacking).
    page(
        "launchpad_next_collection_link",
        {
            "total_size": 5,
            "start": 0,
            "next_collection_link": "https://api.launchpad.net/devel/bugs?ws.start=2&ws.size=2",
            "entries": two(),
        },
        2,
        url="https://api.launchpad.net/devel/bugs?ws.size=2",
    ),
    # TeamCity's collections: nextHref, the next batch's endpoint, when the list goes past the
    # request's count; count is this list's own (https://www.jetbrains.com/help/teamcity/rest/builds.html).
    page(
        "teamcity_next_href",
        {
            "count": 2,
            "href": "/app/rest/builds?locator=count:2",
            "nextHref": "/app/rest/builds?locator=count:2,start:2",
            "build": two(),
        },
        2,
        total=2,
    ),
    ok(
        "teamcity_last_batch",
        {
            "count": 2,
            "href": "/app/rest/builds?locator=count:2,start:2",
            "prevHref": "/app/rest/builds?locator=count:2,start:0",
            "build": two(),
        },
        2,
        total=2,
    ),
    # Marketo: a lookup that found nothing leaves result out and says so in a warning
    # (https://experienceleague.adobe.com/en/docs/marketo-developer/marketo/rest/assets/assets).
    ok(
        "marketo_asset_by_name_none",
        {
            "success": True,
            "errors": [],
            "requestId": "11d72#17d4f0450c4",
            "warnings": ["No assets found for the given search criteria."],
        },
        0,
    ),
    # Flickr: the paged box under its one member, beside stat: ok
    # (https://www.flickr.com/services/api/flickr.photos.search.html).
    page(
        "flickr_photos_page_of_pages",
        {
            "photos": {"page": 1, "pages": 3, "perpage": 2, "total": 6, "photo": two()},
            "stat": "ok",
        },
        2,
        total=6,
    ),
    ok(
        "flickr_photos_last_page",
        {
            "photos": {"page": 3, "pages": 3, "perpage": 2, "total": 6, "photo": two()},
            "stat": "ok",
        },
        2,
        total=6,
        url="https://api.flickr.com/services/rest/?method=flickr.photos.search&page=3&per_page=2",
        offset=4,
    ),
    # Solr's cursors: nextCursorMark on every page, "if the nextCursorMark returned is the same as
    # the cursorMark sent, there are no more results"
    # (https://solr.apache.org/guide/solr/latest/query-guide/pagination-of-results.html);
    # Best Buy's searches page the same way.
    page(
        "solr_next_cursor_mark",
        {
            "responseHeader": {"status": 0, "QTime": 2},
            "response": {"numFound": 5, "start": 0, "docs": two()},
            "nextCursorMark": "AoEpVkRCREIxQTE2",
        },
        2,
        total=5,
        url="https://solr.example.test/solr/books/select?q=*:*&rows=2&sort=id+asc&cursorMark=*",
    ),
    ok(
        "solr_cursor_mark_sent_back_is_the_end",
        {
            "responseHeader": {"status": 0, "QTime": 1},
            "response": {"numFound": 5, "start": 0, "docs": []},
            "nextCursorMark": "AoEpVkRCREIxQTE2",
        },
        0,
        total=5,
        url="https://solr.example.test/solr/books/select?q=*:*&rows=2&cursorMark=AoEpVkRCREIxQTE2",
    ),
    ok(
        "bestbuy_first_page_holds_every_item",
        {"nextCursorMark": "AoIIP4AAAD", "total": 2, "totalPages": 1, "products": two()},
        2,
        total=2,
        url="https://api.bestbuy.com/v1/stores?format=json&pageSize=100&cursorMark=*",
    ),
    # IBM Cloud's paginated collections: first (on every page), next and last as objects holding
    # their href, beside limit and total_count
    # (https://cloud.ibm.com/docs/api-handbook?topic=api-handbook-pagination).
    page(
        "ibm_cloud_next_href_object",
        {
            "first": {"href": "https://api.dataplatform.cloud.ibm.com/v2/spaces?limit=2"},
            "next": {"href": "https://api.dataplatform.cloud.ibm.com/v2/spaces?limit=2&start=g1"},
            "limit": 2,
            "resources": two(),
        },
        2,
        url="https://api.dataplatform.cloud.ibm.com/v2/spaces?limit=2",
    ),
    ok(
        "ibm_cloud_resources_none",
        {
            "first": {"href": "https://api.dataplatform.cloud.ibm.com/v2/spaces?limit=1"},
            "limit": 1,
            "resources": [],
        },
        0,
    ),
    # WeCom's lists: is_last, whether this is the last of the list
    # (https://developer.work.weixin.qq.com/document/path/92124).
    page(
        "wecom_is_last_false",
        {"errcode": 0, "errmsg": "ok", "info": two(), "is_last": False},
        2,
        cursor=False,
    ),
    ok("wecom_is_last_true", {"errcode": 0, "errmsg": "ok", "info": two(), "is_last": True}, 2),
    # SoundCloud: "a collection, along with a next_href property if there are additional
    # results" (https://developers.soundcloud.com/blog/pagination-updates-on-our-api).
    page(
        "soundcloud_next_href",
        {
            "collection": two(),
            "next_href": "https://api.soundcloud.com/me/followings?limit=2&cursor=1375867131926",
        },
        2,
        url="https://api.soundcloud.com/me/followings?limit=2",
    ),
    ok("soundcloud_last_page", {"collection": two(), "next_href": None}, 2),
    # Rakuten's searches: count (the query's), page and pageCount beside the items
    # (https://webservice.rakuten.co.jp/documentation/ichiba-item-search).
    page(
        "rakuten_products_page_count",
        {"count": 4416, "page": 1, "pageCount": 100, "Products": two(), "hits": 2},
        2,
        total=4416,
    ),
    ok(
        "rakuten_search_no_hit",
        {"count": 0, "page": 1, "first": 0, "last": 0, "hits": 0, "pageCount": 0},
        0,
        total=0,
    ),
    # Gong: records.totalRecords, currentPageSize, currentPageNumber and the next page's
    # cursor beside the list (https://gong.app.gong.io/settings/api/documentation#overview).
    page(
        "gong_records_cursor",
        {
            "requestId": "4al018gzaztcr8nbukw",
            "records": {
                "totalRecords": 5,
                "currentPageSize": 2,
                "currentPageNumber": 0,
                "cursor": "eyJhbGciOiJIUzI1NiJ9",
            },
            "calls": two(),
        },
        2,
        total=5,
    ),
    ok(
        "gong_records_none",
        {
            "requestId": "1aztwuefb9b8sktif0k",
            "records": {"totalRecords": 0, "currentPageSize": 0, "currentPageNumber": 0},
            "flows": [],
        },
        0,
        total=0,
    ),
    # Gong's data-privacy lookup: every list of what references the address, beside the
    # answer's own request id (https://gong.app.gong.io/settings/api/documentation#get-/v2/data-privacy/data-for-email-address).
    ok(
        "gong_data_privacy_none",
        {"requestId": "5jun07gf5lug3lgvawa", "emails": [], "calls": [], "meetings": []},
        0,
    ),
    # Apollo's searches: the one list of records beside the filters applied (breadcrumbs),
    # ids and empty lists, paged by pagination.total_entries
    # (https://docs.apollo.io/reference/organization-search).
    page(
        "apollo_search_records_beside_ids",
        {
            "breadcrumbs": [{"label": "Industry", "signal_field_name": "q", "value": "x"}],
            "partial_results_only": False,
            "pagination": {"page": 1, "per_page": 2, "total_entries": 4348, "total_pages": 2174},
            "accounts": [],
            "organizations": two(),
            "model_ids": ["5f5e", "5f5f"],
        },
        2,
        total=4348,
    ),
    ok(
        "apollo_search_none",
        {
            "tasks": [],
            "breadcrumbs": [],
            "pagination": {"page": 1, "per_page": 10, "total_entries": 0, "total_pages": 0},
            "faceting": {"person_function_facets": []},
        },
        0,
        total=0,
    ),
    # Bitbucket's commits leave pagelen out: its values and their size, the optional total
    # (https://developer.atlassian.com/cloud/bitbucket/rest/intro/#pagination).
    ok("bitbucket_values_and_size_none", {"values": [], "size": 0}, 0),
    # Namely: the listing beside a meta counting it, its links and its linked resources
    # (Namely's API description: https://gist.github.com/katienreed/19b038bdd2e67ed56e23a38d91bf5705).
    ok(
        "namely_profiles_beside_linked",
        {
            "profiles": two(),
            "meta": {"count": 2, "status": 200},
            "links": {"profiles.job_title": {"type": "job_titles", "href": "/job_titles/x"}},
            "linked": {"job_titles": [{"id": "t1"}], "groups": [{"id": "g1"}]},
        },
        2,
    ),
    # Phabricator's Conduit: a search's cursor.after, null on the last page
    # (https://secure.phabricator.com/book/phabricator/article/conduit/).
    page(
        "conduit_cursor_after",
        {
            "result": {
                "data": two(),
                "cursor": {"limit": 2, "after": "335", "before": None, "order": None},
            },
            "error_code": None,
            "error_info": None,
        },
        2,
    ),
    ok(
        "conduit_cursor_after_null",
        {
            "result": {"data": two(), "cursor": {"limit": 2, "after": None, "before": "4"}},
            "error_code": None,
            "error_info": None,
        },
        2,
    ),
    # Blockscout's v2 REST API: next_page_params, the next page's query, null on the last
    # (https://docs.blockscout.com/devs/apis/rest).
    page(
        "blockscout_next_page_params",
        {"items": two(), "next_page_params": {"block_number": 24760549, "index": 123}},
        2,
    ),
    ok("blockscout_next_page_params_null", {"items": two(), "next_page_params": None}, 2),
    # API-Sports (API-Football): paging counts pages, current of total
    # (https://www.api-football.com/documentation-v3#section/Architecture/Pagination).
    page(
        "api_sports_paging_current_of_total",
        {
            "get": "players",
            "parameters": {"page": "3"},
            "errors": [],
            "results": 2,
            "paging": {"current": 3, "total": 35},
            "response": two(),
        },
        2,
    ),
    ok(
        "api_sports_paging_last",
        {
            "get": "players",
            "errors": [],
            "results": 2,
            "paging": {"current": 35, "total": 35},
            "response": two(),
        },
        2,
    ),
    # Congress.gov: pagination.count and its next; the last, empty page counts zero beside its
    # empty list (https://github.com/LibraryOfCongress/api.congress.gov).
    ok(
        "congress_empty_page_counts_zero",
        {"pagination": {"count": 0}, "reports": [], "request": {"format": "json"}},
        0,
    ),
    # Lightspeed Retail: @attributes.count, the query's total, beside the page's offset and
    # limit, as strings (https://developers.lightspeedhq.com/retail/; its schema:
    # https://schemas.apis.io/schemas/lightspeed-pos/retail-r-series-attributes/).
    page(
        "lightspeed_attributes_count",
        {"@attributes": {"count": "5", "offset": "0", "limit": "2"}, "Item": two()},
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        5,
        cursor=False,
    ),
    ok(
        "lightspeed_attributes_last_page",
        {"@attributes": {"count": "5", "offset": "4", "limit": "2"}, "Item": [{"id": "a5"}]},
        1,
        5,
        offset=4,
        url="https://api.lightspeedapp.com/API/Account/1/Item.json?offset=4&limit=2",
    ),
    ok("lightspeed_attributes_none", {"@attributes": {"count": "0"}}, 0),
    # Europe PMC's search: hitCount, the query's total, beside resultList.result
    # (https://europepmc.org/RestfulWebService).
    page(
        "europe_pmc_hit_count",
        {"version": "6.9", "hitCount": 40, "resultList": {"result": two()}, "request": {}},
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        40,
        cursor=False,
    ),
    ok(
        "europe_pmc_no_hits",
        {"version": "6.9", "hitCount": 0, "request": {}, "resultList": {"result": []}},
        0,
        0,
    ),
    # Duffel: meta.after names the next page, null on the last
    # (https://duffel.com/docs/api/overview/pagination).
    page(
        "duffel_meta_after",
        {"meta": {"limit": 2, "before": None, "after": "g2wAAAACbQAAABA"}, "data": two()},
        2,
    ),
    ok(
        "duffel_meta_after_null",
        {"meta": {"limit": 2, "before": "g2w", "after": None}, "data": two()},
        2,
    ),
    # its schema requires none of meta's members: an after and a limit alone say the same
    page(
        "duffel_meta_after_without_before",
        {"meta": {"after": "g2wAAAACbQAAABA", "limit": 2}, "data": two()},
        2,
    ),
    ok(
        "duffel_meta_after_null_without_before",
        {"meta": {"after": None, "limit": 2}, "data": two()},
        2,
    ),
    # openFDA: meta.results.total, the query's, beside the page's skip and limit
    # (https://open.fda.gov/apis/anatomy-of-a-response/, https://open.fda.gov/apis/paging/).
    page(
        "openfda_meta_results_total",
        {
            "meta": {"terms": "t", "results": {"skip": 0, "limit": 2, "total": 1063}},
            "results": two(),
        },
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        1063,
        cursor=False,
    ),
    # Fortnox: MetaInformation's @TotalResources, @CurrentPage of @TotalPages
    # (https://api.fortnox.se/developer/parameters).
    page(
        "fortnox_meta_information_page",
        {
            "MetaInformation": {"@TotalResources": 4, "@TotalPages": 2, "@CurrentPage": 1},
            "Projects": two(),
        },
        2,
        total=4,
    ),
    ok(
        "fortnox_meta_information_none",
        {
            "MetaInformation": {"@TotalResources": 0, "@TotalPages": 0, "@CurrentPage": 1},
            "Articles": [],
        },
        0,
        0,
    ),
    # (e-conomic's pages skipped x page size, https://restdocs.e-conomic.com/#pagination, are read
    # with its total declared: test_dialects.test_economic_last_page_by_pages_skipped.)
    # WordPress.com: found, "the total number of posts matching the request", at zero beside
    # its one, empty list (https://developer.wordpress.com/docs/api/).
    ok("wordpress_com_found_zero", {"found": 0, "posts": [], "meta": {"wpcom": True}}, 0, 0),
    # HighLevel: one list beside the answer's traceId
    # (https://highlevel.stoplight.io/docs/integrations/).
    ok("highlevel_list_beside_trace_id", {"tasks": [], "traceId": "8d7e-41"}, 0),
    # VK's newsfeed: next_from, "passed to get the next array" (https://dev.vk.com/en/method/newsfeed.get).
    page(
        "vk_next_from", {"response": {"items": two(), "profiles": [], "next_from": "100/5_-1"}}, 2
    ),
    page(
        "vk_count_beside_next_from",
        {"response": {"count": 9, "items": two(), "next_from": "7"}},
        2,
        total=9,
    ),
    # Sage's SData feeds (Sage One v1): $totalResults beside $startIndex, $itemsPerPage and the
    # $resources (https://developer.sage.com/accounting/guides/efficiencies/pagination).
    page(
        "sage_sdata_total_results",
        {"$totalResults": 13, "$startIndex": 0, "$itemsPerPage": 2, "$resources": two()},
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        13,
        cursor=False,
    ),
    # Sendcloud: next and previous URLs beside the one list, no count
    # (https://sendcloud.dev/api/v2/parcels/retrieve-parcels).
    page(
        "sendcloud_next_and_previous",
        {
            "next": "https://panel.sendcloud.sc/api/v2/parcels?cursor=cD0y",
            "previous": None,
            "parcels": two(),
        },
        2,
        cursor=False,
    ),
    ok("record_with_next_and_previous_ids", {"id": 9, "next": 10, "previous": 8, "tags": ["a"]}, 1),
    # Onyphe: page of max_page (https://www.onyphe.io/documentation/api).
    page(
        "onyphe_page_of_max_page",
        {"count": 2, "max_page": 3, "page": "1", "total": 6, "results": two(), "error": 0},
        2,
        total=6,
    ),
    # A cursor beside the items, named its API's way: Pinterest's bookmark
    # (https://developers.pinterest.com/docs/api/v5/#tag/Pagination), osu!'s cursor_string
    # (https://osu.ppy.sh/docs/#cursorstring), Xbox Live's pagingInfo.continuationToken.
    page("pinterest_bookmark", {"items": two(), "bookmark": "Y2JVSG81V2sxcmNHRlpWM1"}, 2),
    ok("pinterest_bookmark_null", {"items": two(), "bookmark": None}, 2),
    page("osu_cursor_string", {"beatmap_packs": two(), "cursor_string": "eyJwYWNrX2lkIjo"}, 2),
    page(
        "xbox_paging_info_continuation",
        {"gameClips": two(), "pagingInfo": {"continuationToken": "abc", "totalRecords": 40}},
        2,
        total=40,
    ),
    ok("record_with_its_own_bookmark", {"id": "p1", "title": "t", "bookmark": "chapter 3"}, 1),
    # BreweryDB: currentPage of numberOfPages, totalResults.
    page(
        "brewerydb_current_page_of_pages",
        {"currentPage": 1, "numberOfPages": 2, "totalResults": 4, "data": two()},
        2,
        total=4,
    ),
    # Tripletex: a ListResponse's fullResultSize beside from, count and values
    # (https://tripletex.no/v2-docs/).
    page(
        "tripletex_full_result_size",
        {"fullResultSize": 5, "from": 0, "count": 2, "versionDigest": "x", "values": two()},
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        5,
        cursor=False,
    ),
    ok(
        "tripletex_none",
        {"fullResultSize": 0, "from": 0, "count": 0, "versionDigest": None, "values": []},
        0,
        0,
    ),
    # (ServiceNow's Table API pages by sysparm_offset, with its total in X-Total-Count,
    # https://www.servicenow.com/docs/bundle/xanadu-api-reference/page/integrate/inbound-rest/concept/c_TableAPI.html:
    # test_dialects.test_servicenow_sysparm_offset_places_the_last_page.)
    # Instantly v2: next_starting_after, passed back as starting_after, absent at the end
    # (https://developer.instantly.ai/api/v2).
    page("instantly_next_starting_after", {"items": two(), "next_starting_after": "6a44c1"}, 2),
    # Make: an empty list beside its pg object, which only echoes the page's limit and offset
    # (https://developers.make.com/api-documentation).
    ok("make_empty_beside_pg", {"hooks": [], "pg": {"sortBy": "id", "limit": 50, "offset": 0}}, 0),
    # -- Square: a cursor beside an unfamiliar list and a scalar of its own
    # https://developer.squareup.com/reference/square/catalog-api/search-catalog-objects
    page(
        "square_search_catalog_cursor",
        {"objects": two(), "cursor": "6ixJi6Rrj8SMFq", "latest_time": "2024-01-01T00:00:00Z"},
        2,
    ),
    # -- PagerDuty classic pagination: limit, offset, more
    # https://developer.pagerduty.com/docs/pagination
    page(
        "pagerduty_incidents_more",
        {"incidents": two(), "limit": 2, "offset": 0, "more": True, "total": None},
        2,
    ),
    ok(
        "pagerduty_incidents_no_more",
        {"incidents": two(), "limit": 2, "offset": 2, "more": False, "total": None},
        2,
    ),
    # -- Calendly: pagination.count is the page size asked for, never a total
    # https://developer.calendly.com/api-docs/ZG9jOjM2MzE2MDM4-pagination
    ok(
        "calendly_count_is_the_page_size",
        {
            "collection": [{"uri": "https://api.calendly.com/scheduled_events/A"}] * 3,
            "pagination": {
                "count": 20,
                "next_page": None,
                "previous_page": None,
                "next_page_token": None,
                "previous_page_token": None,
            },
        },
        3,
    ),
    # -- Microsoft Graph (OData)
    # https://learn.microsoft.com/en-us/graph/paging
    page(
        "msgraph_next_link",
        {
            "@odata.context": "https://graph.microsoft.com/v1.0/$metadata#users",
            "@odata.nextLink": "https://graph.microsoft.com/v1.0/users?$skiptoken=X",
            "value": two(),
        },
        2,
    ),
    ok("msgraph_count_complete", {"@odata.count": 2, "value": two()}, 2, 2),
    # -- Google Drive, Sheets and the AIP-193 error envelope
    page(
        "google_drive_next_page_token",
        {
            "kind": "drive#fileList",
            "nextPageToken": "tok",
            "incompleteSearch": False,
            "files": two(),
        },
        2,
    ),
    page(
        "google_drive_incomplete_search",
        {"kind": "drive#fileList", "incompleteSearch": True, "files": two()},
        2,
        TB.UPSTREAM_FLAG,
        cursor=False,
    ),
    # A kind naming a list (https://developers.google.com/drive/api/reference/rest/v3/changes/list,
    # permissions/list): the one list beside it is the listing, an empty one a verified nothing.
    ok(
        "google_drive_change_list_none",
        {"kind": "drive#changeList", "newStartPageToken": "105", "changes": []},
        0,
        url="https://www.googleapis.com/drive/v3/changes?pageToken=105",
    ),
    ok(
        "google_drive_change_list",
        {"kind": "drive#changeList", "newStartPageToken": "107", "changes": two("fileId")},
        2,
        url="https://www.googleapis.com/drive/v3/changes?pageToken=105",
    ),
    ok(
        "google_drive_permission_list_none",
        {"kind": "drive#permissionList", "permissions": []},
        0,
        url="https://www.googleapis.com/drive/v3/files/f1/permissions",
    ),
    ok(
        "google_sheets_values_range",
        {"range": "Sheet1!A1:B2", "majorDimension": "ROWS", "values": [["a", "b"], ["c", "d"]]},
        1,
    ),
    fail("google_permission_denied_in_200", google(403, "PERMISSION_DENIED"), C.FORBIDDEN, P),
    fail("google_unauthenticated_in_200", google(401, "UNAUTHENTICATED"), C.UNAUTHORIZED, P),
    fail("google_resource_exhausted_in_200", google(429, "RESOURCE_EXHAUSTED"), C.RATE_LIMITED, T),
    fail("google_unavailable_in_200", google(503, "UNAVAILABLE"), C.SERVER_ERROR, T),
    fail("google_deadline_exceeded_in_200", google(504, "DEADLINE_EXCEEDED"), C.TIMEOUT, T),
    fail("google_not_found_in_200", google(404, "NOT_FOUND"), C.NOT_FOUND, P),
    fail("google_invalid_argument_in_200", google(400, "INVALID_ARGUMENT"), C.BAD_REQUEST, P),
    # -- AWS: DynamoDB, Lambda, S3, CloudWatch Logs
    page(
        "dynamodb_last_evaluated_key",
        {"Items": two(), "Count": 2, "ScannedCount": 10, "LastEvaluatedKey": {"pk": {"S": "a2"}}},
        2,
    ),
    page(
        "dynamodb_filtered_page_empty_but_more",
        {"Items": [], "Count": 0, "ScannedCount": 100, "LastEvaluatedKey": {"pk": {"S": "z"}}},
        0,
    ),
    ok("dynamodb_last_page", {"Items": two(), "Count": 2, "ScannedCount": 2}, 2),
    page("aws_lambda_next_marker", {"Functions": two(), "NextMarker": "abc"}, 2),
    ok("aws_lambda_last", {"Functions": two()}, 2),
    page(
        "aws_s3_list_v2_truncated",
        {
            "IsTruncated": True,
            "Contents": two("Key"),
            "Name": "bucket",
            "MaxKeys": 2,
            "KeyCount": 2,
            "NextContinuationToken": "1ueGcxLPRx1Tr",
        },
        2,
    ),
    ok(
        "aws_s3_list_v2_done",
        {"IsTruncated": False, "Contents": two("Key"), "Name": "bucket", "KeyCount": 2},
        2,
    ),
    page(
        "aws_s3_list_v1_marker",
        {"IsTruncated": True, "Marker": "", "Contents": two("Key"), "Name": "bucket"},
        2,
    ),
    page("aws_logs_next_token", {"logGroups": two(), "nextToken": "abc"}, 2),
    # -- Twitter / X API v2
    page(
        "twitter_v2_next_token",
        {"data": two(), "meta": {"result_count": 2, "next_token": "7140dibdnow9c7btw3w"}},
        2,
    ),
    ok("twitter_v2_last", {"data": two(), "meta": {"result_count": 2}}, 2),
    # -- Laravel API resources and Fractal
    page(
        "laravel_links_next_meta_total",
        {
            "data": two(),
            "links": {"first": "/u?page=1", "last": "/u?page=3", "prev": None, "next": "/u?page=2"},
            "meta": {"current_page": 1, "last_page": 3, "per_page": 2, "total": 6},
        },
        2,
        total=6,
    ),
    ok(
        "laravel_single_page",
        {
            "data": two(),
            "links": {"first": "/u?page=1", "last": "/u?page=1", "prev": None, "next": None},
            "meta": {"current_page": 1, "last_page": 1, "per_page": 15, "total": 2},
        },
        2,
        2,
    ),
    page(
        "fractal_meta_pagination",
        {
            "data": two(),
            "meta": {
                "pagination": {
                    "total": 50,
                    "count": 2,
                    "per_page": 2,
                    "current_page": 1,
                    "total_pages": 25,
                    "links": {"next": "https://x.example.test/api/users?page=2"},
                }
            },
        },
        2,
        total=50,
    ),
    # -- HAL (and Spring Data REST)
    page(
        "hal_embedded_links_next",
        {
            "_embedded": {"orders": two()},
            "_links": {"self": {"href": "/orders"}, "next": {"href": "/orders?page=2"}},
            "total": 50,
        },
        2,
        total=50,
    ),
    page(
        "spring_hal_page_block",
        {
            "_embedded": {"people": two()},
            "_links": {"self": {"href": "/people"}},
            "page": {"size": 2, "totalElements": 10, "totalPages": 5, "number": 0},
        },
        2,
        total=10,
    ),
    ok("hal_last_page", {"_embedded": {"orders": two()}, "_links": {"self": {"href": "/o"}}}, 2),
    # -- Cloudflare v4
    page(
        "cloudflare_result_info_next",
        {
            "success": True,
            "errors": [],
            "messages": [],
            "result": two(),
            "result_info": {
                "page": 1,
                "per_page": 2,
                "count": 2,
                "total_count": 200,
                "total_pages": 100,
            },
        },
        2,
        total=200,
    ),
    ok(
        "cloudflare_single_page",
        {
            "success": True,
            "errors": [],
            "messages": [],
            "result": two(),
            "result_info": {"page": 1, "per_page": 20, "count": 2, "total_count": 2},
        },
        2,
        2,
    ),
    ok(
        "cloudflare_no_zones",
        {
            "success": True,
            "errors": [],
            "messages": [],
            "result": [],
            "result_info": {"page": 1, "per_page": 20, "count": 0, "total_count": 0},
        },
        0,
        0,
    ),
    ok(
        "cloudflare_record_result",
        {"success": True, "errors": [], "messages": [], "result": {"id": "023e", "name": "x"}},
        1,
    ),
    fail(
        "cloudflare_success_false",
        {"success": False, "errors": [{"code": 10000, "message": "Authentication error"}]},
        C.UPSTREAM_ERROR,
        P,
    ),
    # -- Search engines: Algolia, Meilisearch, Typesense, Solr
    # https://www.algolia.com/doc/api-reference/api-methods/search/
    page(
        "algolia_more_pages",
        {"hits": two("objectID"), "nbHits": 120, "page": 0, "nbPages": 60, "hitsPerPage": 2},
        2,
        total=120,
    ),
    ok(
        "algolia_single_page",
        {"hits": two("objectID"), "nbHits": 2, "page": 0, "nbPages": 1, "hitsPerPage": 20},
        2,
        2,
    ),
    # Meilisearch: estimatedTotalHits is an estimate (offset/limit mode); totalHits, in page
    # mode, is exhaustive. https://www.meilisearch.com/docs/guides/front_end/pagination
    page(
        "meilisearch_estimated_total_hits",
        {"hits": two(), "estimatedTotalHits": 66, "limit": 2, "offset": 0, "query": "x"},
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        cursor=False,
    ),
    page(
        "meilisearch_page_mode",
        {"hits": two(), "hitsPerPage": 2, "page": 1, "totalPages": 3, "totalHits": 6},
        2,
        total=6,
    ),
    ok(
        "meilisearch_no_hits",
        {"hits": [], "estimatedTotalHits": 0, "limit": 20, "offset": 0, "query": "zz"},
        0,
    ),
    page(
        "typesense_found",
        {"found": 120, "hits": two(), "out_of": 5000, "page": 1, "search_time_ms": 1},
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        120,
        cursor=False,
    ),
    ok("typesense_all_found", {"found": 2, "hits": two(), "out_of": 5000, "page": 1}, 2, 2),
    page(
        "solr_num_found",
        {
            "responseHeader": {"status": 0, "QTime": 1},
            "response": {"numFound": 100, "start": 0, "docs": two()},
        },
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        100,
        cursor=False,
    ),
    page(
        "solr_partial_results",
        {
            "responseHeader": {"status": 0, "QTime": 1000, "partialResults": True},
            "response": {"numFound": 2, "start": 0, "docs": two()},
        },
        2,
        TB.UPSTREAM_FLAG,
        cursor=False,
    ),
    fail(
        "solr_error_status_in_200",
        {
            "responseHeader": {"status": 400, "QTime": 1},
            "error": {"msg": "undefined field foo", "code": 400},
        },
        C.BAD_REQUEST,
        P,
    ),
    # -- Elasticsearch / OpenSearch
    page(
        "elasticsearch_timed_out",
        es_search(2, {"value": 2, "relation": "eq"}, timed_out=True),
        2,
        TB.UPSTREAM_TIMEOUT,
        cursor=False,
    ),
    page(
        "opensearch_shard_failures",
        es_search(
            1,
            {"value": 1, "relation": "eq"},
            _shards={"total": 5, "successful": 4, "failed": 1, "failures": [ES_FAILURE]},
        ),
        1,
        TB.SHARD_FAILURE,
        cursor=False,
    ),
    page(
        "elasticsearch_terminated_early",
        es_search(2, {"value": 2, "relation": "eq"}, terminated_early=True),
        2,
        TB.UPSTREAM_FLAG,
        cursor=False,
    ),
    page(  # relation "gte": at least 10000 match, how many is unknown (no total claimed)
        "elasticsearch_total_gte",
        es_search(2, {"value": 10000, "relation": "gte"}),
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        cursor=False,
    ),
    ok("elasticsearch_complete", es_search(2, {"value": 2, "relation": "eq"}), 2, 2),
    page(
        "elasticsearch_msearch_one_failed",
        {
            "took": 5,
            "responses": [
                es_search(1, {"value": 1, "relation": "eq"}),
                {"error": {"type": "index_not_found_exception", "reason": "no such index"}},
            ],
        },
        2,
        TB.UPSTREAM_FLAG,
        cursor=False,
    ),
    fail(
        "elasticsearch_msearch_all_failed",
        {
            "took": 1,
            "responses": [
                {"error": {"type": "index_not_found_exception", "reason": "x"}, "status": 404}
            ],
        },
        C.NOT_FOUND,
        P,
    ),
    # Microsoft Graph's JSON batching: one status per request inside the 200
    # (https://learn.microsoft.com/en-us/graph/json-batching).
    page(
        "msgraph_batch_one_request_failed",
        {
            "responses": [
                {"id": "1", "status": 200, "body": {"id": "u1"}},
                {
                    "id": "2",
                    "status": 404,
                    "body": {"error": {"code": "Request_ResourceNotFound", "message": "gone"}},
                },
            ]
        },
        2,
        TB.UPSTREAM_FLAG,
        cursor=False,
    ),
    fail(
        "msgraph_batch_every_request_failed",
        {"responses": [{"id": "1", "status": 403, "body": {"error": {"message": "denied"}}}]},
        C.FORBIDDEN,
        P,
    ),
    ok(
        "msgraph_batch_every_request_answered",
        {"responses": [{"id": "1", "status": 200, "body": {}}, {"id": "2", "status": 204}]},
        2,
    ),
    # Amazon SP-API batches: only an entry with a 200 holds a result
    # (https://developer-docs.amazon.com/sp-api/docs/product-pricing-api-v2022-05-01-reference).
    page(
        "sp_api_batch_one_entry_failed",
        {
            "responses": [
                {"status": {"statusCode": 200, "reasonPhrase": "Success"}, "body": {"asin": "B1"}},
                {
                    "status": {"statusCode": 400, "reasonPhrase": "Client Error"},
                    "body": {"errors": [{"code": "InvalidInput", "message": "bad sku"}]},
                },
            ]
        },
        2,
        TB.UPSTREAM_FLAG,
        cursor=False,
    ),
    # Meilisearch: a search over remote servers names each one that failed in remoteErrors
    # (FederatedSearchResult.remote_errors: "Errors from remote servers"); the estimated total
    # counts only the others' hits.
    page(
        "meilisearch_remote_errors",
        {
            "hits": two(),
            "limit": 20,
            "offset": 0,
            "estimatedTotalHits": 2,
            "remoteErrors": {
                "ms1": {
                    "message": "remote `ms1` could not be reached",
                    "code": "remote_could_not_send_request",
                    "type": "system",
                }
            },
        },
        2,
        TB.SHARD_FAILURE,
        cursor=False,
    ),
    # Constant Contact v2: meta.pagination.next_link, a path on the API's host, only when more
    # results exist; an empty pagination on the last page.
    # https://v2.developer.constantcontact.com/docs/developer-guides/paginated-output.html
    page(
        "constant_contact_v2_next_link",
        {"meta": {"pagination": {"next_link": "/v2/contacts?next=c3RhcnRBdD0z"}}, "results": two()},
        2,
    ),
    ok("constant_contact_v2_last_page", {"meta": {"pagination": {}}, "results": two()}, 2),
    # Instagram's legacy API: pagination.next_url names the next page, left out on the last.
    page(
        "instagram_legacy_pagination_next_url",
        {
            "pagination": {
                "next_url": "https://api.instagram.com/v1/users/self/media/liked?max_like_id=9",
                "next_max_like_id": "9",
            },
            "meta": {"code": 200},
            "data": two(),
        },
        2,
    ),
    page(
        "elasticsearch_bulk_errors",
        {
            "took": 30,
            "errors": True,
            "items": [
                {"index": {"_id": "1", "status": 201, "result": "created"}},
                {
                    "create": {
                        "_id": "2",
                        "status": 409,
                        "error": {"type": "version_conflict_engine_exception", "reason": "x"},
                    }
                },
            ],
        },
        2,
        TB.UPSTREAM_FLAG,
        cursor=False,
    ),
    ok(
        "elasticsearch_bulk_ok",
        {"took": 3, "errors": False, "items": [{"index": {"_id": "1", "status": 201}}]},
        1,
    ),
    # -- Vector and document stores: Pinecone, Weaviate, Qdrant, MongoDB Data API
    ok("pinecone_matches", {"matches": [{"id": "v1", "score": 0.9}], "namespace": "ns"}, 1),
    ok("pinecone_no_matches", {"matches": [], "namespace": ""}, 0),
    ok("weaviate_graphql_get", {"data": {"Get": {"Article": two("title")}}}, 2),
    fail(
        "weaviate_graphql_error",
        {
            "data": {"Get": {"Article": None}},
            "errors": [{"message": "no such class", "path": ["Get", "Article"]}],
        },
        C.UPSTREAM_ERROR,
        P,
    ),
    page(
        "qdrant_scroll_next_page_offset",
        {"result": {"points": two(), "next_page_offset": 3}, "status": "ok", "time": 0.001},
        2,
    ),
    ok(
        "qdrant_scroll_end",
        {"result": {"points": two(), "next_page_offset": None}, "status": "ok", "time": 0.001},
        2,
    ),
    ok("qdrant_search", {"result": [{"id": 1, "score": 0.9}], "status": "ok", "time": 0.002}, 1),
    ok("mongodb_data_api_documents", {"documents": [{"_id": "1"}]}, 1),
    ok("mongodb_data_api_no_documents", {"documents": []}, 0),
    # -- Supabase / PostgREST: Content-Range with and without a unit
    page(
        "postgrest_206_content_range",
        two(),
        2,
        TB.PARTIAL_CONTENT,
        573,
        cursor=False,
        status=206,
        headers={"content-range": "0-1/573"},
    ),
    page(
        "postgrest_200_content_range_total",
        two(),
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        40,
        cursor=False,
        headers={"content-range": "0-1/40"},
    ),
    ok("postgrest_200_whole_range", two(), 2, 2, headers={"content-range": "0-1/2"}),
    ok("postgrest_200_no_rows", [], 0, 0, headers={"content-range": "*/0"}),
    # -- Twilio and Intercom
    page(
        "twilio_next_page_uri",
        {
            "messages": two("sid"),
            "next_page_uri": "/2010-04-01/Accounts/AC1/Messages.json?Page=1&PageToken=PA1",
            "previous_page_uri": None,
            "page": 0,
            "page_size": 2,
        },
        2,
    ),
    ok(
        "twilio_last_page",
        {"messages": two("sid"), "next_page_uri": None, "page": 0, "page_size": 50},
        2,
    ),
    page(
        "intercom_pages_next",
        {
            "type": "list",
            "data": two(),
            "total_count": 4,
            "pages": {
                "type": "pages",
                "next": {"page": 2, "starting_after": "WzE3MDc"},
                "page": 1,
                "per_page": 2,
                "total_pages": 2,
            },
        },
        2,
        total=4,
    ),
    # -- Linear GraphQL (Relay pageInfo)
    page(
        "linear_page_info_next",
        {"data": {"issues": {"nodes": two(), "pageInfo": {"hasNextPage": True, "endCursor": "c"}}}},
        2,
    ),
    ok(
        "linear_page_info_last",
        {"data": {"issues": {"nodes": two(), "pageInfo": {"hasNextPage": False}}}},
        2,
    ),
    # -- Anthropic and OpenAI
    fail("anthropic_overloaded_529", anthropic("overloaded_error"), C.SERVER_ERROR, T, status=529),
    fail("anthropic_overloaded_in_200", anthropic("overloaded_error"), C.SERVER_ERROR, T),
    fail("anthropic_rate_limit_in_200", anthropic("rate_limit_error"), C.RATE_LIMITED, T),
    fail("anthropic_authentication_in_200", anthropic("authentication_error"), C.UNAUTHORIZED, P),
    fail("anthropic_permission_in_200", anthropic("permission_error"), C.FORBIDDEN, P),
    fail("anthropic_not_found_in_200", anthropic("not_found_error"), C.NOT_FOUND, P),
    fail("anthropic_invalid_request_in_200", anthropic("invalid_request_error"), C.BAD_REQUEST, P),
    fail("anthropic_api_error_in_200", anthropic("api_error"), C.SERVER_ERROR, T),
    fail(
        "openai_rate_limit_429",
        {
            "error": {
                "message": "Rate limit reached",
                "type": "requests",
                "code": "rate_limit_exceeded",
            }
        },
        C.RATE_LIMITED,
        T,
        status=429,
        headers={"retry-after": "20"},
    ),
    fail(
        "openai_invalid_request_in_200",
        {
            "error": {
                "message": "The model does not exist",
                "type": "invalid_request_error",
                "param": "model",
                "code": "model_not_found",
            }
        },
        C.BAD_REQUEST,
        P,
    ),
    ok("openai_list_models", {"object": "list", "data": [{"id": "gpt-4o", "object": "model"}]}, 1),
    # -- Django REST framework
    ok("drf_last_page", {"count": 2, "next": None, "previous": None, "results": two()}, 2, 2),
    page(
        "drf_next_page",
        {"count": 9, "next": "/things?page=2", "previous": None, "results": two()},
        2,
        total=9,
    ),
    # -- Jira (PageBean: startAt, maxResults, isLast), Bitbucket (pagelen, next), PagerDuty (more)
    page(
        "jira_page_bean_is_last_false",
        {
            "self": "https://x.atlassian.net/rest/api/3/project/search",
            "maxResults": 2,
            "startAt": 0,
            "isLast": False,
            "values": two(),
        },
        2,
    ),
    ok(
        "jira_page_bean_is_last_true",
        {"maxResults": 50, "startAt": 2, "isLast": True, "values": two()},
        2,
    ),
    page(
        "bitbucket_paginated_next",
        {
            "pagelen": 2,
            "values": two(),
            "page": 1,
            "size": 5,
            "next": "https://api.bitbucket.org/2.0/repositories/team?page=2",
        },
        2,
    ),
    ok(
        "bitbucket_paginated_last",
        {
            "pagelen": 2,
            "values": two(),
            "page": 3,
            "size": 6,
            "previous": "https://api.bitbucket.org/2.0/repositories/team?page=2",
        },
        2,
    ),
    page(
        "pagerduty_more_true",
        {"incidents": two(), "limit": 2, "offset": 0, "more": True, "total": None, "per_page": 2},
        2,
    ),
    ok(
        "pagerduty_more_false",
        {
            "incidents": two(),
            "limit": 25,
            "offset": 0,
            "more": False,
            "total": None,
            "per_page": 25,
        },
        2,
    ),
    # -- Mailchimp: total_items counts every match, whatever the page
    page(
        "mailchimp_total_items",
        {"members": two(), "total_items": 300},
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        300,
        cursor=False,
    ),
    ok("mailchimp_total_items_all", {"members": two(), "total_items": 2}, 2, 2),
    # -- throttles named by an error code in a 400 or 403 (AWS JSON protocols, Google)
    fail(
        "dynamodb_provisioned_throughput_exceeded",
        {
            "__type": "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException",
            "message": "The level of configured provisioned throughput for the table was exceeded.",
        },
        C.RATE_LIMITED,
        T,
        status=400,
        headers={"content-type": "application/x-amz-json-1.0"},
    ),
    fail(
        "aws_json_throttling_exception",
        {"__type": "ThrottlingException", "message": "Rate exceeded"},
        C.RATE_LIMITED,
        T,
        status=400,
        headers={"content-type": "application/x-amz-json-1.1"},
    ),
    # Transloadit throttles with 413 and a word in "error", info.retryIn the seconds to wait
    # (https://transloadit.com/docs/api/rate-limiting/); a 413 without it is a body too large.
    fail(
        "transloadit_rate_limit_reached",
        {"error": "RATE_LIMIT_REACHED", "message": "Request limit reached", "info": {"retryIn": 2}},
        C.RATE_LIMITED,
        T,
        status=413,
    ),
    fail(
        "a_413_that_names_no_throttle_is_too_large",
        {"error": "FILE_TOO_LARGE", "message": "The file is larger than the plan allows"},
        C.BAD_REQUEST,
        P,
        status=413,
    ),
    fail(
        "aws_validation_exception_is_not_a_throttle",
        {
            "__type": "com.amazon.coral.validate#ValidationException:http://internal.amazon.com/",
            "message": "1 validation error detected",
        },
        C.BAD_REQUEST,
        P,
        status=400,
    ),
    fail(
        "google_legacy_403_user_rate_limit_exceeded",
        {
            "error": {
                "code": 403,
                "message": "User Rate Limit Exceeded",
                "errors": [
                    {
                        "domain": "usageLimits",
                        "reason": "userRateLimitExceeded",
                        "message": "User Rate Limit Exceeded",
                    }
                ],
            }
        },
        C.RATE_LIMITED,
        T,
        status=403,
    ),
    fail(
        "youtube_403_quota_exceeded",
        {
            "error": {
                "code": 403,
                "message": "The request cannot be completed because you have exceeded your quota.",
                "errors": [
                    {
                        "domain": "youtube.quota",
                        "reason": "quotaExceeded",
                        "message": "The request cannot be completed because you have "
                        "exceeded your quota.",
                    }
                ],
            }
        },
        C.RATE_LIMITED,
        P,
        status=403,
    ),
    fail(
        "google_403_insufficient_permissions_stays_forbidden",
        {
            "error": {
                "code": 403,
                "message": "Insufficient Permission",
                "errors": [{"domain": "global", "reason": "insufficientPermissions"}],
            }
        },
        C.FORBIDDEN,
        P,
        status=403,
    ),
    # -- Twitter v2 partial errors: problems beside data
    page(
        "twitter_v2_lookup_with_a_withheld_tweet",
        {
            "data": two(),
            "errors": [
                {
                    "value": "3",
                    "detail": "Sorry, you are not authorized to see the Tweet with ids: [3].",
                    "title": "Authorization Error",
                    "resource_type": "tweet",
                    "parameter": "ids",
                    "resource_id": "3",
                    "type": "https://api.twitter.com/2/problems/not-authorized-for-resource",
                }
            ],
        },
        2,
        TB.FIELD_ERRORS,
        cursor=False,
    ),
    ok(
        "twitter_v2_lookup_with_a_tweet_that_does_not_exist",
        {
            "data": two(),
            "errors": [
                {
                    "value": "3",
                    "detail": "Could not find tweet with ids: [3].",
                    "title": "Not Found Error",
                    "resource_type": "tweet",
                    "parameter": "ids",
                    "resource_id": "3",
                    "type": "https://api.twitter.com/2/problems/resource-not-found",
                }
            ],
        },
        2,
    ),
    fail(
        "github_451_blocked_for_legal_reasons",
        {"message": "Repository access blocked", "block": {"reason": "dmca", "html_url": "x"}},
        C.FORBIDDEN,
        P,
        status=451,
    ),
    fail("slack_not_in_channel", {"ok": False, "error": "not_in_channel"}, C.FORBIDDEN, P),
    # -- records that carry a list and a money total or a quantity: never a page
    ok(
        "shop_order_record_with_money_total",
        {"id": 1, "total": 1999, "currency": "usd", "items": [{"sku": "a", "qty": 1}]},
        1,
    ),
    ok(
        "shop_cart_with_item_count",
        {"cart_id": "c1", "count": 3, "items": [{"sku": "a", "qty": 3}]},
        1,
    ),
    ok(
        "geojson_feature_collection",
        {"type": "FeatureCollection", "features": [{"type": "Feature"}, {"type": "Feature"}]},
        2,
    ),
    ok(
        "geojson_feature_record",
        {"type": "Feature", "geometry": None, "properties": {"features": ["a", "b"]}},
        1,
    ),
    ok("product_record_with_feature_list", {"name": "car", "features": ["abs", "gps"]}, 1),
    # -- An explicit "no more" outranks a next link (Zendesk cursor pagination, Salesforce)
    ok(
        "zendesk_cursor_last_page_links_next_beside_has_more_false",
        {
            "tickets": two(),
            "meta": {"has_more": False, "after_cursor": "eyJvIjoi", "before_cursor": "eyJvIjoj"},
            "links": {
                "prev": "https://z.example.test/t?page[before]=eyJ",
                "next": "https://z.example.test/t?page[after]=eyJ",
            },
        },
        2,
    ),
    page(
        "zendesk_cursor_page_has_more_true",
        {
            "tickets": two(),
            "meta": {"has_more": True, "after_cursor": "eyJvIjoi", "before_cursor": None},
            "links": {"prev": None, "next": "https://z.example.test/t?page[after]=eyJ"},
        },
        2,
    ),
    # -- Zendesk incremental exports: end_of_stream ends it; after_url continues it
    ok(
        "zendesk_incremental_time_end_of_stream_beside_next_page",
        {
            "tickets": two(),
            "next_page": "https://z.example.test/api/v2/incremental/tickets.json?start_time=1383685952",
            "count": 2,
            "end_of_stream": True,
            "end_time": 1383685952,
        },
        2,
    ),
    # Time-based: "count" is the number of items in this page, not a total (1,000 on a full
    # page), https://developer.zendesk.com/api-reference/ticketing/ticket-management/incremental_exports/
    page(
        "zendesk_incremental_time_count_is_this_page",
        {
            "tickets": two(),
            "next_page": "https://z.example.test/api/v2/incremental/tickets.json?start_time=1383685952",
            "count": 2,
            "end_of_stream": False,
            "end_time": 1383685952,
        },
        2,
    ),
    # the same, answered before end_of_stream was added: end_time beside next_page
    page(
        "zendesk_incremental_time_count_before_end_of_stream",
        {
            "tickets": two(),
            "next_page": "https://z.example.test/api/v2/incremental/tickets.json?start_time=1383685952",
            "count": 1000,
            "end_time": 1383685952,
        },
        2,
        url="https://z.example.test/api/v2/incremental/tickets.json?start_time=1",
    ),
    page(
        "zendesk_incremental_cursor_after_url",
        {
            "tickets": two(),
            "after_url": "https://z.example.test/api/v2/incremental/tickets/cursor.json?cursor=MTU3",
            "after_cursor": "MTU3",
            "before_url": None,
            "before_cursor": None,
            "end_of_stream": False,
        },
        2,
    ),
    ok(
        "zendesk_incremental_cursor_end",
        {"tickets": two(), "after_url": None, "after_cursor": "MTU3", "end_of_stream": True},
        2,
    ),
    # -- Paddle Classic: every answer is {"success": ..., "response": ...}; its list reads are
    # POSTs (https://developer.paddle.com/api-reference/subscription-api/users/listusers)
    ok("paddle_classic_list_users", {"success": True, "response": two("subscription_id")}, 2),
    ok("paddle_classic_list_users_none", {"success": True, "response": []}, 0),
    # -- Mailgun names first, last, next and previous on every page: an empty page ends it
    # (https://documentation.mailgun.com/docs/mailgun/user-manual/events/), and a next that is
    # the last is this page (https://documentation.mailgun.com/en/latest/api-suppressions.html)
    page("mailgun_events_page_with_items", {"items": two(), "paging": mailgun("p2", "p9")}, 2),
    ok("mailgun_events_empty_page_ends", {"items": [], "paging": mailgun("p2", "p9")}, 0),
    ok("mailgun_suppressions_next_is_the_last", {"items": two(), "paging": mailgun("p9", "p9")}, 2),
    # -- Postmark: {"TotalCount": …, "<Things>": [...]}, paged by count and offset
    # (https://postmarkapp.com/developer/api/bounce-api#bounces)
    page(
        "postmark_bounces_first_page",
        {"TotalCount": 13, "Bounces": [{"ID": 1}, {"ID": 2}]},
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        13,
        cursor=False,
    ),
    ok("postmark_inbound_none", {"InboundMessages": [], "TotalCount": 0}, 0, 0),
    # -- MediaWiki: a continue object means more data (https://www.mediawiki.org/wiki/API:Continue)
    page(
        "mediawiki_search_continue",
        {
            "batchcomplete": "",
            "continue": {"sroffset": 2, "continue": "-||"},
            "query": {"searchinfo": {"totalhits": 5000}, "search": two("title")},
        },
        2,
    ),
    ok(
        "mediawiki_search_last_batch",
        {"batchcomplete": "", "query": {"searchinfo": {"totalhits": 2}, "search": two("title")}},
        2,
    ),
    ok("mediawiki_search_none", {"batchcomplete": "", "query": {"search": []}}, 0),
    page(
        "mediawiki_legacy_query_continue",
        {
            "query": {"backlinks": two("title")},
            "query-continue": {"backlinks": {"blcontinue": "0|9"}},
        },
        2,
    ),
    # https://www.mediawiki.org/wiki/API:Query: a page that does not exist is marked missing
    ok(
        "mediawiki_page_missing",
        {
            "batchcomplete": "",
            "query": {"pages": {"-1": {"ns": 0, "title": "Nope", "missing": ""}}},
        },
        0,
    ),
    ok(
        "wikibase_entity_missing",
        {"entities": {"Q9": {"id": "Q9", "missing": ""}}, "success": 1},
        0,
    ),
    # "known": missing here, but a file on a shared repository (Wikimedia Commons) exists
    ok(
        "mediawiki_file_known_on_commons",
        {"query": {"pages": {"-1": {"title": "File:A.svg", "missing": "", "known": ""}}}},
        1,
    ),
    # https://www.mediawiki.org/wiki/API:Errors_and_warnings: an error in a 200, beside servedby
    fail(
        "mediawiki_error_in_200",
        {"error": {"code": "badvalue", "info": "Unrecognized value"}, "servedby": "mw1288"},
        C.BAD_REQUEST,  # the request's own error (its standard error messages)
        P,
    ),
    # -- PayPal v1: next_id to pass back as start_id
    # (https://developer.paypal.com/api/deprecated/payments/v1/payment-list), and HATEOAS links
    # whose next page is rel "next_page" (https://developer.paypal.com/api/rest/responses/#link-hateoaslinks)
    page("paypal_payments_next_id", {"payments": two(), "count": 2, "next_id": "PAY-3"}, 2),
    ok("paypal_payments_last", {"payments": two(), "count": 2}, 2, 2),
    page(
        "paypal_billing_plans_rel_next_page",
        {
            "plans": two(),
            "links": [
                {
                    "href": "https://api.paypal.com/v1/payments/billing-plans?page_size=2&page=1",
                    "rel": "next_page",
                    "method": "GET",
                }
            ],
        },
        2,
    ),
    # -- GoCardless: meta.cursors.after, null at the end
    # (https://developer.gocardless.com/api-reference/#overview-cursor-pagination)
    page(
        "gocardless_cursors_after",
        {"payments": two(), "meta": {"cursors": {"before": None, "after": "a2"}, "limit": 2}},
        2,
    ),
    ok(
        "gocardless_cursors_after_null",
        {"payments": two(), "meta": {"cursors": {"before": "a0", "after": None}, "limit": 2}},
        2,
    ),
    # Facebook's paging.cursors stay on the last page: only its paging.next names more
    # (https://developers.facebook.com/docs/graph-api/results)
    ok(
        "facebook_cursors_without_next",
        {"data": two(), "paging": {"cursors": {"before": "a", "after": "b"}}},
        2,
    ),
    # -- Hetzner DNS: meta.pagination names next_page as the page itself on the last page
    # (https://dns.hetzner.com/api-docs)
    ok(
        "hetzner_dns_last_page_next_page_is_itself",
        {
            "zones": [{"id": "z1"}],
            "meta": {
                "pagination": {
                    "page": 1,
                    "per_page": 100,
                    "previous_page": 1,
                    "next_page": 1,
                    "last_page": 1,
                    "total_entries": 1,
                }
            },
        },
        1,
        1,
    ),
    page(
        "hetzner_dns_first_of_three_pages",
        {
            "zones": [{"id": "z1"}],
            "meta": {
                "pagination": {
                    "page": 1,
                    "per_page": 1,
                    "previous_page": 1,
                    "next_page": 2,
                    "last_page": 3,
                    "total_entries": 3,
                }
            },
        },
        1,
        total=3,
    ),
    # -- Datadog: links.next on every page, the last included; meta.pagination places the page
    # (https://docs.datadoghq.com/api/latest/teams/), and the log list's nextLogId
    # (https://docs.datadoghq.com/logs/guide/collect-multiple-logs-with-pagination)
    ok("datadog_teams_last_page_beside_a_next_link", datadog(2, 0, 0, 2), 2, 2),
    ok("datadog_teams_none_beside_a_next_link", datadog(0, 0, 0, 0), 0, 0),
    page("datadog_teams_first_of_two_pages", datadog(2, 0, 2, 4), 2, total=4),
    page(
        "datadog_logs_next_log_id",
        {"status": "done", "nextLogId": "AQAAAYAeNzBY", "logs": two(), "requestId": "r1"},
        2,
    ),
    # -- Dropbox Sign: list_info's page, num_pages, num_results (the total) and page_size
    # (https://developers.hellosign.com/api/reference/operation/signatureRequestList/)
    page("dropbox_sign_first_of_two_pages", dropbox_sign(1, 2), 2, total=3),
    ok("dropbox_sign_last_of_two_pages", dropbox_sign(2, 1), 1, 3, offset=2),
    ok("dropbox_sign_page_past_the_end", dropbox_sign(19, 0), 0, 3),
    # -- Twitter v1.1 search: search_metadata.next_results is the next page's query
    # (https://developer.x.com/en/docs/x-api/v1/tweets/search/api-reference/get-search-tweets)
    page(
        "twitter_v1_search_next_results",
        {
            "statuses": two(),
            "search_metadata": {"max_id": 9, "next_results": "?max_id=5&q=tweepy", "count": 2},
        },
        2,
    ),
    # -- Reddit's mod notes: has_next_page beside end_cursor
    # (https://www.reddit.com/dev/api/#GET_api_mod_notes)
    page(
        "reddit_mod_notes_has_next_page",
        {"mod_notes": two(), "start_cursor": "a", "end_cursor": "b", "has_next_page": True},
        2,
    ),
    ok(
        "reddit_mod_notes_last",
        {"mod_notes": two(), "start_cursor": "a", "end_cursor": "b", "has_next_page": False},
        2,
    ),
    # -- Reddit's comment tree ends with a "more" stub for the comments it left out
    # (https://praw.readthedocs.io/en/stable/code_overview/models/more.html)
    page(
        "reddit_comments_more_stub",
        {
            "kind": "Listing",
            "data": {
                "children": [
                    {"kind": "t1", "data": {"id": "c1"}},
                    {"kind": "more", "data": {"count": 332, "children": ["c2", "c3"]}},
                ],
                "after": None,
                "before": None,
            },
        },
        2,
        TB.UPSTREAM_FLAG,
        cursor=False,
    ),
    # -- Slack's search.all: a page per kind beside the call's ok and query
    page("slack_search_all_first_of_pages", slack_search_all(2, 5), 1),
    ok("slack_search_all_nothing_anywhere", slack_search_all(0, 0), 0),
    # -- Kubernetes: a list's kind ends in List, its items are "items"; servers have left an
    # empty one out or sent it null (https://github.com/kubernetes/kubernetes/issues/13096)
    ok(
        "kubernetes_list_items_left_out",
        {
            "kind": "PersistentVolumeClaimList",
            "apiVersion": "v1",
            "metadata": {"resourceVersion": "7"},
        },
        0,
    ),
    ok(
        "kubernetes_list_items_null",
        {
            "kind": "PodList",
            "apiVersion": "v1",
            "metadata": {"resourceVersion": "7"},
            "items": None,
        },
        0,
    ),
    # -- links arrays with rel "next": OGC API - Features, STAC item search
    page(
        "ogc_features_links_rel_next_number_matched",
        {
            "type": "FeatureCollection",
            "features": [{"type": "Feature", "id": "a", "geometry": None, "properties": {}}] * 2,
            "links": [
                {"href": "https://geo.example.test/items?limit=2", "rel": "self"},
                {"href": "https://geo.example.test/items?limit=2&offset=2", "rel": "next"},
            ],
            "numberMatched": 10,
            "numberReturned": 2,
        },
        2,
        total=10,
    ),
    ok(
        "ogc_features_last_page_no_next_link",
        {
            "type": "FeatureCollection",
            "features": [{"type": "Feature", "id": "a", "geometry": None, "properties": {}}] * 2,
            "links": [{"href": "https://geo.example.test/items?limit=2", "rel": "self"}],
            "numberMatched": 2,
            "numberReturned": 2,
        },
        2,
        2,
    ),
    page(
        "stac_item_search_context_matched",
        {
            "type": "FeatureCollection",
            "features": [{"type": "Feature", "id": "S2A_1", "geometry": None, "properties": {}}],
            "links": [
                {"rel": "next", "href": "https://stac.example.test/search?page=2", "method": "GET"}
            ],
            "context": {"returned": 1, "limit": 1, "matched": 5},
        },
        1,
        total=5,
    ),
    # stac-server links a next page from every page with items: one that returned every
    # feature that matches is the whole listing (numberMatched, OGC API - Features 17-069r4
    # §7.15.4; context.matched, https://github.com/stac-api-extensions/context).
    ok(
        "stac_server_every_match_returned_beside_a_next_link",
        {
            "type": "FeatureCollection",
            "features": [{"type": "Feature", "id": "a"}, {"type": "Feature", "id": "b"}],
            "links": [
                {"rel": "next", "href": "https://stac.example.test/search", "method": "POST"}
            ],
            "numberMatched": 2,
            "numberReturned": 2,
            "context": {"returned": 2, "limit": 10, "matched": 2},
        },
        2,
        2,
        url="https://stac.example.test/search",
    ),
    ok(
        "ogc_features_every_match_returned_beside_a_next_link",
        {
            "type": "FeatureCollection",
            "features": [{"type": "Feature", "id": "a"}],
            "links": [{"rel": "next", "href": "https://geo.example.test/items?offset=1"}],
            "numberMatched": 1,
            "numberReturned": 1,
        },
        1,
        1,
        url="https://geo.example.test/items?limit=1",
    ),
    # https://github.com/stac-api-extensions/context: "returned" (required), "limit",
    # "matched", beside /collections as beside a search (stac-server's Earth Search).
    ok(
        "stac_collections_with_context_and_links",
        {
            "collections": [{"type": "Collection", "id": "a"}, {"type": "Collection", "id": "b"}],
            "links": [
                {"rel": "self", "href": "https://stac.example.test/v1/collections"},
                {"rel": "root", "href": "https://stac.example.test/v1"},
            ],
            "context": {"returned": 2, "limit": 100, "matched": 2},
        },
        2,
        2,
    ),
    ok(
        "stac_collections_with_empty_links_and_context",
        {"collections": two(), "links": [], "context": {"returned": 2, "matched": 2}},
        2,
        2,
    ),
    # OGC API - Features requires links; stac-server's v0 /collections sent them empty.
    ok("stac_v0_collections_with_empty_links", {"collections": two(), "links": []}, 2),
    page(
        "ogc_records_plain_links_array_page",
        {
            "records": two(),
            "links": [{"rel": "next", "href": "/collections/x/items?offset=2"}],
        },
        2,
    ),
    # -- a paging object under one wrapper key (Spotify search)
    # https://developer.spotify.com/documentation/web-api/concepts/api-calls#pagination
    page(
        "spotify_search_paging_object_in_a_wrapper",
        {
            "albums": {
                "href": "https://api.spotify.example.test/v1/search?q=abba&offset=0&limit=2",
                "items": [{"id": "a1", "name": "Arrival"}, {"id": "a2", "name": "Waterloo"}],
                "limit": 2,
                "next": "https://api.spotify.example.test/v1/search?q=abba&offset=2&limit=2",
                "offset": 0,
                "previous": None,
                "total": 40,
            }
        },
        2,
        total=40,
    ),
    ok(
        "spotify_search_wrapper_last_page",
        {
            "albums": {
                "items": [{"id": "a1"}, {"id": "a2"}],
                "limit": 2,
                "next": None,
                "offset": 0,
                "previous": None,
                "total": 2,
            }
        },
        2,
        2,
    ),
    ok("record_wrapper_without_paging_stays_a_record", {"user": {"id": 1, "roles": ["a"]}}, 1),
    # Spotify's recommendations: seeds describe the answer (one per seed, with its pool sizes),
    # tracks is it (https://developer.spotify.com/documentation/web-api/reference/get-recommendations).
    ok(
        "spotify_recommendations_none_for_the_seed",
        {
            "tracks": [],
            "seeds": [
                {
                    "initialPoolSize": 0,
                    "afterFilteringSize": 0,
                    "afterRelinkingSize": 0,
                    "id": "abc",
                    "type": "GENRE",
                    "href": None,
                }
            ],
        },
        0,
        url="https://api.spotify.example.test/v1/recommendations?seed_genres=abc",
    ),
    ok(
        "spotify_recommendations_tracks",
        {
            "tracks": two(),
            "seeds": [{"initialPoolSize": 250, "afterFilteringSize": 250, "id": "x"}],
        },
        2,
        url="https://api.spotify.example.test/v1/recommendations?seed_genres=rock",
    ),
    # Spotify's several tracks: "If an object is not found, a null value is returned in the
    # appropriate position" (https://developer.spotify.com/documentation/web-api/concepts/api-calls)
    page(
        "spotify_several_tracks_one_id_not_found",
        {"tracks": [{"id": "4iV5W9uYEdYUVa79Axb7Rh", "name": "New Noise"}, None]},
        1,
        TB.UPSTREAM_FLAG,
        cursor=False,
        url="https://api.spotify.example.test/v1/tracks?ids=4iV5W9uYEdYUVa79Axb7Rh,0000000000000000000000",
    ),
    # Spotify's search for two types: one paging object per type, each with its own next.
    # https://developer.spotify.com/documentation/web-api/reference/search
    page(
        "spotify_search_two_types_each_page_says_more",
        {
            "albums": {
                "items": two(),
                "limit": 2,
                "next": "/v1/search?offset=2",
                "offset": 0,
                "total": 9,
            },
            "artists": {"items": two(), "limit": 2, "next": None, "offset": 0, "total": 2},
        },
        1,
        url="https://api.spotify.example.test/v1/search?q=abba&type=album,artist&limit=2",
    ),
    ok(
        "spotify_search_two_types_all_read",
        {
            "albums": {"items": two(), "limit": 2, "next": None, "offset": 0, "total": 2},
            "artists": {"items": two(), "limit": 2, "next": None, "offset": 0, "total": 2},
        },
        1,
    ),
    ok(  # an album is a record: its tracks page does not make the album a page
        "spotify_album_record_with_a_tracks_page",
        {
            "id": "4aawyAB9vmqN3uQ7FjRGTy",
            "name": "Global Warming",
            "tracks": {
                "items": two(),
                "limit": 2,
                "next": "/v1/albums/4a/tracks?offset=2",
                "total": 18,
            },
        },
        1,
    ),
    # -- query-wide totals on a last page: the rest is in earlier pages, nothing follows
    ok(
        "spotify_last_page_offset_reaches_total",
        {
            "items": [{"id": i} for i in range(6)],
            "limit": 50,
            "next": None,
            "offset": 50,
            "total": 56,
        },
        6,
        56,
        url="https://api.spotify.example.test/v1/artists/x/albums?offset=50&limit=50",
        offset=50,
    ),
    # -- Salesforce query: done says whether nextRecordsUrl is worth following
    page(
        "salesforce_query_not_done",
        {
            "totalSize": 9,
            "done": False,
            "nextRecordsUrl": "/services/data/v60.0/query/01g-2000",
            "records": two(),
        },
        2,
        total=9,
    ),
    # -- Later pages of a counted listing, each as its API documents it: where the page
    # starts (the request's offset or page, a Salesforce batch locator, the body's startAt or
    # page x hitsPerPage) plus what came back reach the total, and no next page is named.
    # Jira: https://developer.atlassian.com/cloud/jira/platform/rest/v3/intro/#pagination
    ok(
        "jira_search_last_page_start_at_reaches_total",
        {
            "startAt": 100,
            "maxResults": 50,
            "total": 120,
            "issues": [{"id": str(i)} for i in range(20)],
        },
        20,
        120,
        offset=100,
    ),
    # Jira's enhanced search (/rest/api/3/search/jql): nextPageToken while more follows;
    # isLast: true on the last page, whose token is absent (JRACLOUD-92184).
    page(
        "jira_enhanced_search_next_page_token",
        {"issues": two(), "nextPageToken": "CAEaAggD", "isLast": False},
        2,
    ),
    ok("jira_enhanced_search_is_last", {"issues": two(), "isLast": True}, 2),
    ok(
        "jira_enhanced_search_is_last_outranks_a_token",
        {"issues": two(), "nextPageToken": "CAEaAggD", "isLast": True},
        2,
    ),
    # Salesforce: https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/dome_query.htm
    # the next batch lives at /query/<locator>-2000: 2,000 records come before it.
    ok(
        "salesforce_last_batch_done_reaches_total_size",
        {"totalSize": 2014, "done": True, "records": [{"Id": str(i)} for i in range(14)]},
        14,
        2014,
        url="https://na1.salesforce.example.test/services/data/v62.0/query/01gD0000002HU6KIAW-2000",
        offset=2000,
    ),
    # Algolia: https://www.algolia.com/doc/api-reference/api-methods/search/ (page from 0)
    ok(
        "algolia_last_page_page_x_hits_per_page_reaches_nb_hits",
        {"hits": two("objectID"), "nbHits": 42, "page": 2, "nbPages": 3, "hitsPerPage": 20},
        2,
        42,
        offset=40,
    ),
    page(  # exhaustiveNbHits: false: nbHits is approximate, not a total
        "algolia_approximate_nb_hits_is_not_a_total",
        {
            "hits": two("objectID"),
            "nbHits": 1200,
            "page": 0,
            "nbPages": 50,
            "hitsPerPage": 2,
            "exhaustiveNbHits": False,
        },
        2,
    ),
    page(
        "algolia_pagination_limited_last_page_stays_partial",
        {
            "hits": [{"objectID": str(i)} for i in range(20)],
            "nbHits": 5000,
            "page": 49,
            "nbPages": 50,
            "hitsPerPage": 20,
        },
        20,
        TB.TOTAL_EXCEEDS_RETURNED,
        5000,
        cursor=False,
        offset=980,
    ),
    # Zendesk offset pagination: https://developer.zendesk.com/api-reference/introduction/pagination/
    ok(
        "zendesk_offset_last_page_reaches_count",
        {
            "tickets": [{"id": i} for i in range(50)],
            "next_page": None,
            "previous_page": "https://x.zendesk.com/api/v2/tickets.json?page=2&per_page=100",
            "count": 250,
        },
        50,
        250,
        url="https://x.zendesk.com/api/v2/tickets.json?page=3&per_page=100",
        offset=200,
    ),
    # OGC API - Features: https://docs.ogc.org/is/17-069r4/17-069r4.html#_response_7
    ok(
        "ogc_features_last_page_offset_reaches_number_matched",
        {
            "type": "FeatureCollection",
            "features": [{"type": "Feature", "id": "c", "geometry": None, "properties": {}}] * 3,
            "links": [
                {"href": "https://geo.example.test/items?limit=10&offset=120", "rel": "self"}
            ],
            "numberMatched": 123,
            "numberReturned": 3,
        },
        3,
        123,
        url="https://geo.example.test/items?limit=10&offset=120",
        offset=120,
    ),
    # Spring Data REST: pages count from 0, as the page block says; the query's page=2 is
    # the third page (https://docs.spring.io/spring-data/rest/reference/paging-and-sorting.html)
    ok(
        "spring_hal_last_page_counts_pages_from_zero",
        {
            "_embedded": {"people": two()},
            "_links": {"self": {"href": "/people?page=2&size=4"}},
            "page": {"size": 4, "totalElements": 10, "totalPages": 3, "number": 2},
        },
        2,
        10,
        url="https://api.example.test/people?page=2&size=4",
        offset=8,
    ),
    # Google Books: https://developers.google.com/books/docs/v1/using#pagination (startIndex
    # counts from 0; totalItems counts the whole query)
    ok(
        "google_books_last_page_start_index_reaches_total_items",
        {"kind": "books#volumes", "totalItems": 46, "items": [{"id": str(i)} for i in range(6)]},
        6,
        46,
        url="https://www.googleapis.example.test/books/v1/volumes?q=x&startIndex=40&maxResults=20",
        offset=40,
    ),
    # Microsoft Graph: https://learn.microsoft.com/en-us/graph/paging: the last page has no
    # @odata.nextLink. Asked with a $skiptoken it is not the first page, so @odata.count counts
    # the whole query: the listing is complete, the rest on the pages before it.
    page(
        "msgraph_count_with_next_link",
        {
            "@odata.count": 12,
            "@odata.nextLink": "https://graph.microsoft.com/v1.0/users?$count=true&$top=2&$skiptoken=X",
            "value": two(),
        },
        2,
        total=12,
        url="https://graph.microsoft.com/v1.0/users?$count=true&$top=2",
    ),
    ok(
        "msgraph_skiptoken_last_page_without_next_link",
        {"@odata.count": 12, "value": two()},
        2,
        12,
        url="https://graph.microsoft.com/v1.0/users?$count=true&$top=2&$skiptoken=X",
        offset=10,
    ),
    # YouTube Data API: https://developers.google.com/youtube/v3/docs/search/list:
    # pageInfo.totalResults "is an approximation", so it is not read as a total.
    page(
        "youtube_search_next_page_token_total_is_an_estimate",
        {
            "kind": "youtube#searchListResponse",
            "nextPageToken": "CAUQAA",
            "pageInfo": {"totalResults": 1000000, "resultsPerPage": 2},
            "items": two(),
        },
        2,
    ),
    ok(
        "youtube_search_last_page_estimate_is_not_a_total",
        {
            "kind": "youtube#searchListResponse",
            "prevPageToken": "CAUQAQ",
            "pageInfo": {"totalResults": 1000000, "resultsPerPage": 2},
            "items": two(),
        },
        2,
    ),
    # Elasticsearch search_after with a point in time:
    # https://www.elastic.co/guide/en/elasticsearch/reference/current/paginate-search-results.html
    # hits.total with relation "gte" is a lower bound: the total stays unknown.
    page(
        "elasticsearch_pit_search_after_total_is_a_lower_bound",
        {
            "pit_id": "46ToAwMDaWR5BXV1aWQy",
            "took": 17,
            "timed_out": False,
            "_shards": {"total": 1, "successful": 1, "skipped": 0, "failed": 0},
            "hits": {
                "total": {"value": 10000, "relation": "gte"},
                "max_score": None,
                "hits": [{"_id": "a", "sort": [4098435132000, 4294967298]}],
            },
        },
        1,
        TB.TOTAL_EXCEEDS_RETURNED,
        cursor=False,
    ),
    # -- DocuSign's errorDetails without a code refuses nothing
    # (https://developers.docusign.com/docs/esign-rest-api/esign101/error-codes/)
    ok(
        "docusign_error_details_with_no_code_is_no_refusal",
        {"groups": [{"groupId": "1", "errorDetails": {"message": ""}}, {"groupId": "2"}]},
        2,
    ),
    # -- Mailchimp's _links, "a list of link types" beside every collection, are no items
    # (https://mailchimp.com/developer/marketing/docs/methods-parameters/#hypermedia); its
    # total_items counts the query, paged by count and offset
    # (https://mailchimp.com/developer/marketing/docs/methods-parameters/#pagination)
    page(
        "mailchimp_templates_first_page_of_total_items",
        {
            "templates": two(),
            "total_items": 121,
            "_links": [{"rel": "self", "href": "https://us3.api.mailchimp.com/3.0/templates"}],
        },
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        121,
        cursor=False,
    ),
    ok(
        "mailchimp_automations_none",
        {
            "automations": [],
            "total_items": 0,
            "_links": [
                {"rel": "self", "href": "https://us3.api.mailchimp.com/3.0/automations"},
                {"rel": "create", "href": "https://us3.api.mailchimp.com/3.0/automations"},
            ],
        },
        0,
        0,
    ),
    # -- Dropbox's list_shared_links of a user with none: an empty links array beside has_more
    # (https://www.dropbox.com/developers/documentation/http/documentation#sharing-list_shared_links)
    ok("dropbox_shared_links_none", {"links": [], "has_more": False}, 0),
    # -- FreshBooks wraps each page twice: response.result holds the list and its paging
    # (https://www.freshbooks.com/api/parameters)
    page(
        "freshbooks_categories_first_of_four_pages",
        {
            "response": {
                "result": {
                    "categories": two(),
                    "page": 1,
                    "pages": 4,
                    "per_page": 2,
                    "total": 8,
                }
            }
        },
        2,
        total=8,
    ),
    ok(
        "freshbooks_payments_none",
        {
            "response": {
                "result": {"payments": [], "page": 1, "pages": 0, "per_page": 15, "total": 0}
            }
        },
        0,
        0,
    ),
    # (Guards: an empty links array with no paging beside it is a member of a record; a record
    # keeps its identity however many wrappers it sits in.)
    ok("empty_links_in_a_record_without_paging", {"links": [], "title": "a record"}, 1),
    ok("record_wrapped_twice", {"data": {"user": {"id": 1, "page": 1, "roles": two()}}}, 1),
    # -- PayPal's transaction search with nothing in its window leaves transaction_details out
    # beside total_items 0 and its self link
    # (https://developer.paypal.com/docs/api/transaction-search/v1/)
    ok(
        "paypal_transaction_search_none_in_window",
        {
            "account_number": "ABCD1234",
            "start_date": "2026-05-15T00:00:00+0000",
            "end_date": "2026-06-15T00:00:00+0000",
            "page": 1,
            "total_items": 0,
            "total_pages": 0,
            "links": [
                {
                    "href": "https://api-m.paypal.com/v1/reporting/transactions",
                    "rel": "self",
                    "method": "GET",
                }
            ],
        },
        0,
        0,
    ),
    # -- A GraphQL mutation payload's userErrors are no items: empty, the mutation took
    # (https://shopify.dev/docs/api/admin-graphql); a server's extensions beside a null
    # lookup say nothing of it (https://shopify.dev/docs/api/usage/limits#graphql-admin-api-rate-limits)
    ok("shopify_mutation_user_errors_empty", {"data": {"customerCreate": {"userErrors": []}}}, 1),
    ok(
        "shopify_order_lookup_null_beside_query_cost",
        {
            "data": {"order": None},
            "extensions": {"cost": {"requestedQueryCost": 1, "actualQueryCost": 1}},
        },
        0,
    ),
    # -- Slack's envelope around a list of any name (https://api.slack.com/docs/pagination)
    ok(
        "slack_scheduled_messages_none",
        {"ok": True, "scheduled_messages": [], "response_metadata": {"next_cursor": ""}},
        0,
    ),
    # -- TikTok for Business: data.list beside data.page_info
    # (https://ads.tiktok.com/marketing_api/docs?id=1739314558673922)
    ok(
        "tiktok_adgroups_none",
        {
            "code": 0,
            "message": "OK",
            "request_id": "2026052619",
            "data": {
                "list": [],
                "page_info": {"page": 1, "page_size": 10, "total_page": 0, "total_number": 0},
            },
        },
        0,
        0,
    ),
    page(
        "tiktok_adgroups_first_of_three_pages",
        {
            "code": 0,
            "message": "OK",
            "request_id": "2026052619",
            "data": {
                "list": two(),
                "page_info": {"page": 1, "page_size": 2, "total_page": 3, "total_number": 6},
            },
        },
        2,
        total=6,
    ),
    # -- Figma's library listings: the one list under meta, a cursor of {before, after}
    # (https://www.figma.com/developers/api#library-items-endpoints); its dev resources
    # calls answer what they did beside errors
    # (https://www.figma.com/developers/api#dev-resources-endpoints)
    page(
        "figma_team_styles_first_page",
        {"error": False, "status": 200, "meta": {"cursor": {"after": 1878493841}, "styles": two()}},
        2,
    ),
    ok(
        "figma_team_styles_last_page",
        {"error": False, "status": 200, "meta": {"cursor": {}, "styles": two()}},
        2,
    ),
    ok(
        "figma_file_components_none",
        {"error": False, "status": 200, "meta": {"components": []}, "i18n": None},
        0,
    ),
    fail(
        "figma_dev_resources_every_one_refused",
        {
            "links_created": [],
            "errors": [{"file_key": "k", "node_id": "91:1", "error": "File not found"}],
        },
        FailureCode.BAD_REQUEST,
        FailureKind.PERMANENT,
    ),
    page(
        "figma_dev_resources_one_of_two_refused",
        {
            "links_updated": [{"id": "1"}],
            "errors": [{"id": "12345", "error": "not found or no access"}],
        },
        1,
        TB.UPSTREAM_FLAG,
        cursor=False,
    ),
    # -- TomTom's and Azure Maps' search: summary.totalResults and offset beside its results
    # (https://developer.tomtom.com/search-api/documentation/search-service/fuzzy-search)
    page(
        "tomtom_search_first_of_six",
        {
            "summary": {"query": "x", "numResults": 2, "offset": 0, "totalResults": 6},
            "results": two(),
        },
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        6,
        cursor=False,
    ),
    # -- InfluxDB 1.x: one result per statement, a failed one's error in a 200, a statement
    # that found nothing holding only its statement_id
    # (https://docs.influxdata.com/influxdb/v1/tools/api/#query-http-endpoint)
    fail(
        "influxdb_every_statement_failed",
        {"results": [{"statement_id": 0, "error": "database not found: telegraf"}]},
        FailureCode.UPSTREAM_ERROR,
        FailureKind.PERMANENT,
    ),
    page(
        "influxdb_one_of_two_statements_failed",
        {
            "results": [
                {"statement_id": 0, "series": [{"name": "cpu", "columns": ["time"], "values": []}]},
                {"statement_id": 1, "error": "error parsing query: found EOF"},
            ]
        },
        2,
        TB.UPSTREAM_FLAG,
        cursor=False,
    ),
    ok("influxdb_statement_matched_nothing", {"results": [{"statement_id": 0}]}, 0),
    ok(
        "influxdb_statement_series",
        {"results": [{"statement_id": 0, "series": [{"name": "cpu"}, {"name": "mem"}]}]},
        2,
    ),
    # -- Mailjet's listings: {"Count", "Data", "Total"}
    # (https://dev.mailjet.com/email/reference/contacts/contact/)
    page(
        "mailjet_contacts_first_of_four",
        {"Count": 2, "Data": two("ID"), "Total": 4},
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        4,
        cursor=False,
    ),
    ok("mailjet_message_history_none", {"Count": 0, "Data": [], "Total": 0}, 0, 0),
    # -- A SCIM list response's schemas are its own, never the items (RFC 7644 §3.4.2,
    # https://www.rfc-editor.org/rfc/rfc7644#section-3.4.2)
    ok(
        "scim_groups_none_matched",
        {
            "schemas": ["urn:ietf:params:scim:api:messages:2.0:ListResponse"],
            "totalResults": 0,
            "itemsPerPage": 0,
            "startIndex": 1,
            "Resources": [],
        },
        0,
        0,
    ),
    # -- The World Bank's Indicators API: an array of its paging and its rows, and a refusal
    # as an array of one message in a 200
    # (https://datahelpdesk.worldbank.org/knowledgebase/articles/889392-about-the-indicators-api-documentation)
    page(
        "world_bank_countries_first_of_149_pages",
        [{"page": 1, "pages": 149, "per_page": "2", "total": 297}, two()],
        2,
        total=297,
    ),
    ok(
        "world_bank_last_page",
        [{"page": "2", "pages": "2", "per_page": "2", "total": "4"}, two()],
        2,
        4,
    ),
    ok(
        "world_bank_indicator_no_rows",
        [{"page": 1, "pages": 0, "per_page": 50, "total": 0, "sourceid": None}, None],
        0,
        0,
    ),
    fail(
        "world_bank_invalid_value",
        [
            {
                "message": [
                    {
                        "id": "120",
                        "key": "Invalid value",
                        "value": "The provided parameter value is not valid",
                    }
                ]
            }
        ],
        FailureCode.BAD_REQUEST,
        FailureKind.PERMANENT,
    ),
    fail(
        "world_bank_service_unavailable",
        [{"message": [{"id": "105", "key": "Service currently unavailable"}]}],
        FailureCode.SERVER_ERROR,
        FailureKind.TRANSIENT,
    ),
    ok("an_array_of_a_record_and_a_list_is_two_items", [{"page": 1, "name": "x"}, two()], 2),
    ok("an_array_of_one_message_record", [{"message": "hello"}], 1),
    # -- Trakt pages by headers: X-Pagination-Page of X-Pagination-Page-Count, and
    # X-Pagination-Item-Count the items of every page (https://docs.trakt.tv/docs/pagination)
    page(
        "trakt_first_of_38_pages",
        two(),
        2,
        total=76,
        headers={
            "x-pagination-page": "1",
            "x-pagination-limit": "2",
            "x-pagination-page-count": "38",
            "x-pagination-item-count": "76",
        },
    ),
    ok(
        "trakt_last_page",
        two(),
        2,
        headers={
            "x-pagination-page": "2",
            "x-pagination-limit": "2",
            "x-pagination-page-count": "2",
            "x-pagination-item-count": "4",
        },
    ),
    # (On its last page the item count also counts what it does not hand out: a deleted
    # account's like. The page count says nothing follows: not read as a total.)
    ok(
        "trakt_only_page_counts_a_hidden_item",
        [{"liked_at": "2019-09-15T02:43:31.000Z", "user": {"username": "x"}}],
        1,
        headers={
            "x-pagination-page": "1",
            "x-pagination-limit": "10",
            "x-pagination-page-count": "1",
            "x-pagination-item-count": "2",
        },
    ),
    # -- ArcGIS: exceededTransferLimit, at the top of its Esri JSON and in its GeoJSON's
    # properties (https://developers.arcgis.com/net/api-reference/api/net/Esri.ArcGISRuntime/Esri.ArcGISRuntime.Data.FeatureQueryResult.IsTransferLimitExceeded.html)
    page(
        "arcgis_geojson_past_the_transfer_limit",
        {
            "type": "FeatureCollection",
            "features": two(),
            "properties": {"exceededTransferLimit": True},
        },
        2,
        TB.UPSTREAM_FLAG,
        cursor=False,
    ),
    # (Ergast / Jolpica's declared Races.0.Results of a round not run, "Races": [], is tested in
    # test_classify: https://github.com/jolpica/jolpica-f1/blob/main/docs/endpoints/sprint.md)
    # -- Paystack's status: false with its words and no data, in a 200 (https://paystack.com/docs/api/)
    fail(
        "paystack_status_false",
        {"status": False, "message": "Device has been commissioned already"},
        FailureCode.UPSTREAM_ERROR,
        FailureKind.PERMANENT,
    ),
    # -- Plivo's error beside its api_id (https://www.plivo.com/docs/)
    fail(
        "plivo_error_beside_api_id",
        {"api_id": "5a9f1a2c", "error": "Profile not found."},
        FailureCode.UPSTREAM_ERROR,
        FailureKind.PERMANENT,
    ),
    # -- The NPI Registry's Errors list, alone in a 200 (https://npiregistry.cms.hhs.gov/api-page)
    fail(
        "npi_registry_errors",
        {
            "Errors": [
                {
                    "description": "No valid search criteria provided",
                    "field": "generic",
                    "number": "04",
                }
            ]
        },
        FailureCode.UPSTREAM_ERROR,
        FailureKind.PERMANENT,
    ),
    # -- Twitch Helix: a search with no match sends data null, its pagination empty ("empty if
    # there are no more pages", https://dev.twitch.tv/docs/api/guide/#pagination)
    ok("twitch_search_none_data_null", {"data": None, "pagination": {}}, 0),
    page(
        "twitch_page_with_cursor",
        {"data": two(), "pagination": {"cursor": "eyJiIjpudWxsLCJhIjp7Ik9mZnNldCI6Mn19"}},
        2,
    ),
    # -- Tumblr's envelope: the call's answer in response, its status in meta
    # (https://www.tumblr.com/docs/en/api/v2#response-format)
    ok(
        "tumblr_dashboard_none",
        {"meta": {"status": 200, "msg": "OK"}, "response": {"posts": []}},
        0,
    ),
    ok(
        "tumblr_user_info_is_a_record",
        {
            "meta": {"status": 200, "msg": "OK"},
            "response": {"user": {"name": "derekg", "likes": 25, "blogs": [{"name": "a"}]}},
        },
        1,
    ),
    # -- Google Cloud Storage leaves an empty bucket's items out (proto3's JSON)
    # (https://cloud.google.com/storage/docs/json_api/v1/objects/list)
    ok(
        "gcs_objects_list_of_an_empty_bucket",
        {"kind": "storage#objects"},
        0,
        url="https://storage.googleapis.com/storage/v1/b/bucket/o",
    ),
    ok(
        "gcs_object_metadata_is_a_record",
        {"kind": "storage#object", "name": "a.txt", "bucket": "bucket", "size": "3"},
        1,
        url="https://storage.googleapis.com/storage/v1/b/bucket/o/a.txt",
    ),
    ok(
        "google_status_kind_is_a_record",
        {"kind": "androidpublisher#status", "state": "ok"},
        1,
        url="https://androidpublisher.googleapis.com/v3/x",
    ),
    ok("a_plural_kind_elsewhere_is_a_record", {"kind": "shop#objects", "note": "n"}, 1),
    # -- Bybit v5: result.nextPageCursor pages a list, nextCursor "0" means "no next page"
    # (https://bybit-exchange.github.io/docs/v5/user/page-subuid)
    page(
        "bybit_execution_list_next_page_cursor",
        {
            "retCode": 0,
            "retMsg": "OK",
            "result": {"nextPageCursor": "132766%3A2", "category": "linear", "list": two()},
            "retExtInfo": {},
            "time": 1672282722429,
        },
        2,
    ),
    ok(
        "bybit_submembers_next_cursor_zero",
        {
            "retCode": 0,
            "retMsg": "",
            "result": {"subMembers": two(), "nextCursor": "0"},
            "retExtInfo": {},
            "time": 1760388041006,
        },
        2,
    ),
    # -- Polymarket's next_cursor "LTE=" means the end
    # (https://docs.polymarket.com/developers/CLOB/trades/trades)
    ok("polymarket_trades_end_cursor", {"data": two(), "next_cursor": "LTE="}, 2),
    # -- Webflow v1: a single item comes in the listing's envelope, its total counting the
    # collection (https://developers.webflow.com/data/v1.0.0/reference/cms/items/get-item)
    ok(
        "webflow_v1_single_item_in_the_list_envelope",
        {
            "items": [{"_id": "60193876364762414ecb0da1", "name": "Test Item", "_draft": False}],
            "count": 1,
            "limit": 100,
            "offset": 0,
            "total": 6,
        },
        1,
        url="https://api.webflow.com/collections/58c9a554a118f71a388bcc89/items/60193876364762414ecb0da1",
    ),
    page(
        "webflow_v1_items_page",
        {"items": two(), "count": 2, "limit": 2, "offset": 0, "total": 6},
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        6,
        cursor=False,
        url="https://api.webflow.com/collections/58c9a554a118f71a388bcc89/items?limit=2",
    ),
    # -- Pivotal Tracker's paging headers: the offset (negative: counted back from the end),
    # the total (https://www.pivotaltracker.com/help/api#Paginating_List_Responses)
    page(
        "pivotal_tracker_first_page_by_headers",
        two(),
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        70,
        cursor=False,
        headers={"x-tracker-pagination-offset": "0", "x-tracker-pagination-total": "70"},
    ),
    ok(
        "pivotal_tracker_last_page_by_headers",
        two(),
        2,
        70,
        offset=68,
        headers={"x-tracker-pagination-offset": "68", "x-tracker-pagination-total": "70"},
    ),
    page(
        "pivotal_tracker_offset_counted_back_from_the_end",
        two(),
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        70,
        cursor=False,
        headers={"x-tracker-pagination-offset": "-4", "x-tracker-pagination-total": "70"},
    ),
    # -- Yii 2's REST pagination headers
    # (https://www.yiiframework.com/doc/guide/2.0/en/rest-quick-start)
    ok(
        "yii2_last_page_by_headers",
        two(),
        2,
        10,
        offset=8,
        headers={
            "x-pagination-total-count": "10",
            "x-pagination-current-page": "5",
            "x-pagination-per-page": "2",
        },
    ),
    page(
        "yii2_first_page_by_headers",
        two(),
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        10,
        cursor=False,
        headers={
            "x-pagination-total-count": "10",
            "x-pagination-current-page": "1",
            "x-pagination-per-page": "2",
        },
    ),
    # -- Azure Table storage names what follows in x-ms-continuation headers
    # (https://learn.microsoft.com/en-us/rest/api/storageservices/query-timeout-and-pagination)
    page(
        "azure_table_continuation_headers",
        {"odata.metadata": "m", "value": two()},
        2,
        headers={"x-ms-continuation-NextTableName": "1!48!bGlzdA--"},
        url="https://acct.table.core.windows.net/Tables?$top=2",
    ),
    # -- Azure's data-plane @nextLink
    # (https://learn.microsoft.com/en-us/rest/api/aiservices/documenttranslator/get-translations-status)
    page(
        "azure_document_translation_next_link",
        {"value": two(), "@nextLink": "https://api.example.test/v1/things?$skip=2"},
        2,
    ),
    # -- WorkOS's list_metadata (https://workos.com/docs/reference/pagination)
    page(
        "workos_list_metadata_after",
        {"object": "list", "data": two(), "list_metadata": {"before": None, "after": "g2"}},
        2,
    ),
    ok(
        "workos_list_metadata_last",
        {"object": "list", "data": two(), "list_metadata": {"before": "g1", "after": None}},
        2,
    ),
    # -- AssemblyAI's page_details (https://www.assemblyai.com/docs/api-reference/transcripts/list)
    page(
        "assemblyai_page_details_next_url",
        {
            "page_details": {
                "limit": 2,
                "result_count": 2,
                "current_url": "https://api.example.test/v1/things?limit=2",
                "prev_url": None,
                "next_url": "https://api.example.test/v1/things?limit=2&after_id=t2",
            },
            "transcripts": two(),
        },
        2,
    ),
    # -- Last.fm's @attr beside a list: page, perPage, totalPages, total (as strings)
    # (https://www.last.fm/api/show/artist.getTopAlbums)
    page(
        "lastfm_top_albums_attr_paging",
        {
            "topalbums": {
                "album": two(),
                "@attr": {"artist": "Steely Dan", "page": "1", "perPage": "2", "totalPages": "9"},
            }
        },
        2,
    ),
    # -- GBIF's endOfRecords beside offset and limit (https://techdocs.gbif.org/en/openapi/)
    page(
        "gbif_species_end_of_records_false",
        {"offset": 0, "limit": 2, "endOfRecords": False, "results": two()},
        2,
    ),
    ok(
        "gbif_species_end_of_records_true",
        {"offset": 2, "limit": 2, "endOfRecords": True, "results": two()},
        2,
    ),
    # -- UpCloud's plural wrapper (https://developers.upcloud.com/1.3/)
    ok("upcloud_routers_none", {"routers": {"router": []}}, 0),
    # -- Netatmo's envelope (https://dev.netatmo.com/apidocumentation/general)
    ok(
        "netatmo_homes_inside_body",
        {"body": {"homes": two()}, "status": "ok", "time_exec": 0.05, "time_server": 1},
        2,
    ),
    # -- Kew's POWO sends back the cursor it was sent on its last page
    # (https://github.com/RBGKew/pykew#search)
    ok(
        "powo_cursor_sent_back_on_the_last_page",
        {"totalResults": 2, "page": 1, "totalPages": 1, "cursor": "*", "results": two()},
        2,
        2,
        url="https://powo.science.kew.org/api/2/search?q=x&cursor=%2A",
    ),
    # -- Disqus's envelope (https://disqus.com/api/docs/cursors/)
    page(
        "disqus_list_posts_has_next",
        {
            "cursor": {"hasNext": True, "next": "76:0:0", "hasPrev": False},
            "code": 0,
            "response": two(),
        },
        2,
    ),
    # -- CKAN's package_search: result.results beside result.count
    # (https://docs.ckan.org/en/latest/api/index.html#ckan.logic.action.get.package_search)
    ok(
        "ckan_package_search_none",
        {
            "help": "https://demo.ckan.org/api/3/action/help_show?name=package_search",
            "success": True,
            "result": {"count": 0, "results": [], "sort": "score desc", "facets": {}},
        },
        0,
        0,
    ),
    # -- Africa's Talking's SMSMessageData, one status per recipient
    # (https://developers.africastalking.com/docs/sms/sending/bulk)
    fail(
        "africastalking_nothing_sent",
        {"SMSMessageData": {"Message": "InvalidSenderId", "Recipients": []}},
        FailureCode.BAD_REQUEST,
        FailureKind.PERMANENT,
    ),
    ok(
        "africastalking_sent",
        {
            "SMSMessageData": {
                "Message": "Sent to 1/1 Total Cost: KES 0.8000",
                "Recipients": [{"statusCode": 101, "status": "Success", "number": "+254711000000"}],
            }
        },
        1,
    ),
    page(
        "africastalking_one_of_two_refused",
        {
            "SMSMessageData": {
                "Message": "Sent to 1/2 Total Cost: KES 0.8000",
                "Recipients": [
                    {"statusCode": 101, "status": "Success", "number": "+254711000000"},
                    {"statusCode": 403, "status": "InvalidPhoneNumber", "number": "+2547"},
                ],
            }
        },
        1,
        TB.UPSTREAM_FLAG,
        cursor=False,
    ),
    # -- Withings: 200 with its own status beside the body, 0 the only success
    # (https://developer.withings.com/api-reference/#section/Response-status)
    fail(
        "withings_invalid_token",
        {"status": 401, "body": {}, "error": "XRequestID: Not provided invalid_token"},
        FailureCode.UNAUTHORIZED,
        FailureKind.PERMANENT,
    ),
    fail(
        "withings_too_many_requests",
        {"status": 601, "body": {}, "error": "Too many requests"},
        FailureCode.RATE_LIMITED,
        FailureKind.TRANSIENT,
    ),
    ok("withings_devices", {"status": 0, "body": {"devices": two()}}, 1),
    # -- 206 that answers no range request (Mastodon media still processing)
    ok(
        "mastodon_media_206_processing",
        {
            "id": "22348641",
            "type": "image",
            "url": None,
            "preview_url": "https://f.example.test/p.png",
        },
        1,
        status=206,
    ),
    # -- round 31 (help desks, catalogues, geospatial search, GraphQL engines)
    # NASA CMR: "CMR-Hits: the number of total hits" in every format; json is an Atom feed
    # whose entries are the listing
    # (https://cmr.earthdata.nasa.gov/search/site/docs/search/api.html#headers).
    page(
        "cmr_json_feed_entries_below_cmr_hits",
        {
            "feed": {
                "updated": "2024-09-24T20:34:06Z",
                "id": "https://cmr.test/x",
                "title": "ECHO granule metadata",
                "entry": two(),
            }
        },
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        163,
        cursor=False,
        headers={"cmr-hits": "163"},
        url="https://cmr.earthdata.nasa.gov/search/granules.json?short_name=X&page_size=2",
    ),
    ok(
        "cmr_json_feed_without_entries_is_empty",
        {"feed": {"updated": "2024-09-24T21:02:33Z", "id": "https://cmr.test/x", "entry": []}},
        0,
        0,
        headers={"cmr-hits": "0"},
        url="https://cmr.earthdata.nasa.gov/search/granules.json?short_name=X",
    ),
    page(
        "cmr_umm_json_items_below_cmr_hits",
        {"hits": 1404444, "took": 212, "items": two()},
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        1404444,
        cursor=False,
        headers={"cmr-hits": "1404444"},
        url="https://cmr.earthdata.nasa.gov/search/granules.umm_json?short_name=X&page_size=2",
    ),
    # OGC API - Features: numberMatched is how many features match
    # (https://docs.ogc.org/is/17-069r4/17-069r4.html#_response_7): a page with none, from
    # startindex 30 of 25, is past the end, whatever rel=next an early server still sends.
    ok(
        "ogc_features_startindex_past_number_matched_with_next_link",
        {
            "type": "FeatureCollection",
            "features": [],
            "numberMatched": 25,
            "numberReturned": 0,
            "links": [
                {"rel": "prev", "href": "https://geo.example.test/items/?startindex=20"},
                {"rel": "next", "href": "https://geo.example.test/items/?startindex=40"},
            ],
        },
        0,
        25,
        url="https://geo.example.test/collections/lakes/items?startindex=30&limit=10",
    ),
    # Hasura: "<field-name> + _aggregate" counts what the list's query matches
    # (https://hasura.io/docs/latest/queries/postgres/aggregation-queries/).
    page(
        "hasura_rows_beside_their_aggregate_count",
        {"data": {"posts": two(), "posts_aggregate": {"aggregate": {"count": 25}}}},
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        25,
        cursor=False,
        url="https://x.hasura.app/v1/graphql",
    ),
    # Apple Music's catalog search: one page per type under results, next while more follow
    # (https://developer.apple.com/documentation/applemusicapi/search-for-catalog-resources).
    page(
        "apple_music_search_a_type_with_next",
        {
            "results": {
                "albums": {
                    "href": "/v1/catalog/gb/search?types=albums",
                    "data": two(),
                    "next": "/v1/catalog/gb/search?offset=5&term=beat",
                },
                "stations": {"href": "/v1/catalog/gb/search?types=stations", "data": two()},
            },
            "meta": {"results": {"order": ["albums", "stations"]}},
        },
        1,
        url="https://api.music.apple.com/v1/catalog/gb/search?term=beat&limit=5",
    ),
    # Its charts: a list of such pages per type, one per chart, each with its own next
    # (https://developer.apple.com/documentation/applemusicapi/get-catalog-charts).
    page(
        "apple_music_charts_one_chart_with_next",
        {
            "results": {
                "songs": [
                    {
                        "chart": "most-played",
                        "name": "Top Songs",
                        "href": "/v1/catalog/gb/charts?chart=most-played&types=songs",
                        "next": "/v1/catalog/gb/charts?chart=most-played&offset=20&types=songs",
                        "data": two(),
                    }
                ],
                "albums": [
                    {
                        "chart": "most-played",
                        "name": "Top Albums",
                        "href": "/v1/catalog/gb/charts?chart=most-played&types=albums",
                        "data": two(),
                    }
                ],
            }
        },
        1,
        url="https://api.music.apple.com/v1/catalog/gb/charts?types=songs,albums",
    ),
    ok(
        "apple_music_charts_every_chart_whole",
        {
            "results": {
                "songs": [
                    {"chart": "most-played", "href": "/v1/catalog/gb/charts", "data": two()},
                    {"chart": "daily-global", "href": "/v1/catalog/gb/charts", "data": two()},
                ]
            }
        },
        1,
        url="https://api.music.apple.com/v1/catalog/gb/charts?types=songs",
    ),
    # OpenSearch in JSON (Elsevier's Scopus): the entries under the one wrapper, their total in
    # opensearch:totalResults, the next page a link whose @ref is next
    # (https://dev.elsevier.com/documentation/ScopusSearchAPI.wadl).
    page(
        "scopus_opensearch_entries_with_next",
        {
            "search-results": {
                "opensearch:totalResults": "2843502",
                "opensearch:startIndex": "0",
                "opensearch:itemsPerPage": "2",
                "link": [
                    {
                        "@ref": "self",
                        "@href": "https://api.elsevier.com/content/search/scopus?start=0",
                    },
                    {
                        "@ref": "next",
                        "@href": "https://api.elsevier.com/content/search/scopus?start=2",
                    },
                ],
                "entry": two(),
            }
        },
        2,
        total=2843502,
        url="https://api.elsevier.com/content/search/scopus?query=ecology&count=2&start=0",
    ),
    ok(
        "scopus_opensearch_last_entries",
        {
            "search-results": {
                "opensearch:totalResults": "2",
                "opensearch:startIndex": "0",
                "link": [{"@ref": "self", "@href": "https://api.elsevier.com/x"}],
                "entry": two(),
            }
        },
        2,
        2,
        url="https://api.elsevier.com/content/search/scopus?query=rare&count=25",
    ),
    # Elastic App Search: meta.page's current of total_pages
    # (https://www.elastic.co/guide/en/app-search/current/api-reference.html).
    ok(
        "app_search_last_page_of_total_pages",
        {
            "meta": {"page": {"current": 2, "total_pages": 2, "total_results": 4, "size": 2}},
            "results": two(),
        },
        2,
        4,
        url="https://x.api.swiftype.com/api/as/v1/engines/e/documents/list?page[current]=2",
    ),
    # Qualtrics v3: the answer in result, beside meta.httpStatus (https://api.qualtrics.com/).
    page(
        "qualtrics_elements_with_next_page",
        {
            "result": {
                "elements": two(),
                "nextPage": "https://co1.qualtrics.com/API/v3/x?offset=2",
            },
            "meta": {"httpStatus": "200 - OK", "requestId": "4fd9563e-f7b4"},
        },
        2,
        url="https://co1.qualtrics.com/API/v3/mailinglists",
    ),
    # Pinecone's query: the hits are matches; results is deprecated and empty
    # (https://docs.pinecone.io/reference/api/2024-07/data-plane/query).
    ok(
        "pinecone_query_matches_beside_deprecated_results",
        {"results": [], "matches": two(), "namespace": ""},
        2,
        url="https://idx.svc.pinecone.io/query",
    ),
    # Backblaze B2: nextFileName is where the next page starts, null when no more files
    # exist (https://www.backblaze.com/apidocs/b2-list-file-names).
    page(
        "b2_list_file_names_with_next_file_name",
        {"files": two("fileName"), "nextFileName": "c.txt"},
        2,
        url="https://api001.backblazeb2.com/b2api/v3/b2_list_file_names?bucketId=x",
    ),
    # Squarespace Commerce: hasNextPage false is the last page, whatever cursor is beside it
    # (https://developers.squarespace.com/commerce-apis/retrieve-all-orders).
    ok(
        "squarespace_orders_has_next_page_false_beside_a_cursor",
        {
            "result": two(),
            "pagination": {"hasNextPage": False, "nextPageCursor": "b342f536", "nextPageUrl": None},
        },
        2,
        url="https://api.squarespace.com/1.0/commerce/orders",
    ),
    # Prometheus' query answer: data.result beside data.resultType
    # (https://prometheus.io/docs/prometheus/latest/querying/api/).
    ok(
        "prometheus_empty_vector",
        {"status": "success", "data": {"resultType": "vector", "result": []}},
        0,
        url="http://prometheus.test:9090/api/v1/query?query=up",
    ),
    # GeoNames: totalResultsCount counts every match
    # (https://www.geonames.org/export/geonames-search.html).
    page(
        "geonames_search_below_total_results_count",
        {"totalResultsCount": 5981, "geonames": two("geonameId")},
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        5981,
        cursor=False,
        url="http://api.geonames.org/searchJSON?q=london&maxRows=2&username=demo",
    ),
    # DynamoDB's ListTables: "use this value as the ExclusiveStartTableName in a new request"
    # (https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_ListTables.html).
    page(
        "dynamodb_list_tables_last_evaluated_table_name",
        {"TableNames": ["Forum", "Music"], "LastEvaluatedTableName": "Music"},
        2,
        url="https://dynamodb.us-east-1.amazonaws.com/",
    ),
    # SPARQL 1.1 Query Results JSON (https://www.w3.org/TR/sparql11-results-json/).
    ok(
        "sparql_no_bindings",
        {"head": {"vars": ["item"]}, "results": {"bindings": []}},
        0,
        url="https://query.wikidata.org/sparql?query=SELECT",
    ),
    # Zendesk side-loads the records a listing refers to beside it: the listing is the list
    # named by the path (https://developer.zendesk.com/api-reference/introduction/side_loading/).
    ok(
        "zendesk_activities_beside_side_loaded_users",
        {
            "activities": two() + two(),
            "actors": [{"id": 9}],
            "users": [{"id": 9}],
            "next_page": None,
            "previous_page": None,
            "count": 4,
        },
        4,
        4,
        url="https://x.zendesk.com/api/v2/activities.json",
    ),
    # Overseerr's listings: pageInfo {page, pages, pageSize, results} beside results
    # (https://api-docs.overseerr.dev/).
    page(
        "overseerr_requests_page_one_of_two",
        {"pageInfo": {"pages": 2, "pageSize": 2, "results": 3, "page": 1}, "results": two()},
        2,
        url="https://overseerr.example.test/api/v1/request?take=2&skip=0",
    ),
    ok(
        "overseerr_requests_last_page",
        {"pageInfo": {"pages": 2, "pageSize": 2, "results": 3, "page": 2}, "results": [{"id": 3}]},
        1,
        url="https://overseerr.example.test/api/v1/request?take=2&skip=2",
    ),
    # Finicity's lists: found, displaying, moreAvailable (a word in its sandbox)
    # (https://developer.mastercard.com/open-banking-us/documentation/api-reference/).
    page(
        "finicity_transactions_more_available",
        {
            "found": 250,
            "displaying": 2,
            "moreAvailable": "true",
            "sort": "desc",
            "transactions": two(),
        },
        2,
        total=250,
        url="https://api.finicity.com/aggregation/v3/customers/1/transactions?limit=2",
    ),
    ok(
        "finicity_transactions_all_shown",
        {"found": 2, "displaying": 2, "moreAvailable": False, "transactions": two()},
        2,
        2,
        url="https://api.finicity.com/aggregation/v3/customers/1/transactions?limit=25",
    ),
    # Discourse's notifications: total_rows_notifications beside them, load_more_notifications
    # on every page, the last included (https://docs.discourse.org/).
    page(
        "discourse_notifications_of_total_rows",
        {
            "notifications": two(),
            "total_rows_notifications": 9,
            "seen_notification_id": 1,
            "load_more_notifications": "/notifications?offset=3&username=u",
        },
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        total=9,
        cursor=False,
        url="https://forum.example.test/notifications.json?limit=2&offset=1",
    ),
    # SonarQube's searches: the resource before the verb names the listing, beside the
    # records it refers to; paging.total counts it (https://next.sonarqube.com/sonarqube/web_api).
    page(
        "sonarqube_issues_search_first_page",
        {
            "total": 13,
            "p": 1,
            "ps": 2,
            "paging": {"pageIndex": 1, "pageSize": 2, "total": 13},
            "issues": two(),
            "components": [{"key": "c"}],
            "rules": [{"key": "r"}],
            "facets": [],
        },
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        total=13,
        cursor=False,
        url="https://sonarcloud.io/api/issues/search?componentKeys=p&ps=2",
    ),
    ok(
        "sonarqube_issues_search_last_page",
        {
            "total": 5,
            "p": 3,
            "ps": 2,
            "paging": {"pageIndex": 3, "pageSize": 2, "total": 5},
            "issues": [{"id": 5}],
            "components": [{"key": "c"}],
            "rules": [],
            "facets": [],
        },
        1,
        5,
        offset=4,
        url="https://sonarcloud.io/api/issues/search?componentKeys=p&ps=2&p=3",
    ),
    # Navitia's pagination, its links typed "next" (https://doc.navitia.io/#paging).
    page(
        "navitia_companies_first_page",
        {
            "pagination": {
                "start_page": 0,
                "items_on_page": 2,
                "items_per_page": 2,
                "total_result": 5,
            },
            "companies": two(),
            "disruptions": [],
            "links": [
                {
                    "href": "https://api.navitia.io/v1/coverage/fr-idf/companies?start_page=1",
                    "type": "next",
                    "templated": False,
                }
            ],
        },
        2,
        total=5,
        url="https://api.navitia.io/v1/coverage/fr-idf/companies",
    ),
    # Listen Notes' pages: has_next beside total (https://www.listennotes.com/api/docs/).
    page(
        "listen_notes_best_podcasts_has_next",
        {
            "id": 93,
            "name": "Business",
            "total": 746,
            "has_next": True,
            "page_number": 2,
            "next_page_number": 3,
            "podcasts": two(),
        },
        2,
        total=746,
        url="https://listen-api.listennotes.com/api/v2/best_podcasts?genre_id=93&page=2",
    ),
    # Flink's SQL Gateway: a PAYLOAD page with its nextResultUri
    # (https://nightlies.apache.org/flink/flink-docs-release-1.17/docs/dev/table/sql-gateway/rest/).
    page(
        "flink_sql_gateway_payload_page",
        {
            "results": {"columns": [{"name": "id"}], "data": two()},
            "resultType": "PAYLOAD",
            "nextResultUri": "/v1/sessions/s/operations/o/result/2",
        },
        2,
        url="http://localhost:8083/v1/sessions/s/operations/o/result/1",
    ),
    # Cronofy's pages count pages (https://docs.cronofy.com/developers/api/events/read-events/).
    ok(
        "cronofy_events_last_of_two_pages",
        {"pages": {"current": 2, "total": 2, "next_page": ""}, "events": two()},
        2,
        url="https://api.cronofy.com/v1/events/pages/08a07b034306679e",
    ),
    # PlayStation Network's lists (https://andshrew.github.io/PlayStation-Trophies/#/APIv2).
    page(
        "psn_trophy_titles_next_offset",
        {"trophyTitles": two(), "nextOffset": 2, "totalItemCount": 5},
        2,
        total=5,
        url="https://m.np.playstation.com/api/trophy/v1/users/me/trophyTitles?limit=2&offset=0",
    ),
    # Samsara's pagination: hasNextPage beside endCursor (https://developers.samsara.com/docs/pagination).
    page(
        "samsara_vehicles_has_next_page",
        {"data": two(), "pagination": {"endCursor": "c2", "hasNextPage": True}},
        2,
        url="https://api.samsara.com/fleet/vehicles?limit=2",
    ),
    # Motive's pagination: page_no from 1, per_page, total
    # (https://developer.gomotive.com/reference/pagination).
    ok(
        "motive_vehicles_last_page",
        {"vehicles": two(), "pagination": {"per_page": 5, "page_no": 3, "total": 12}},
        2,
        12,
        offset=10,
        url="https://api.keeptruckin.com/v1/vehicles?per_page=5&page_no=3",
    ),
    # Gandi v5's lists: a Total-Count header (https://api.gandi.net/docs/reference/).
    page(
        "gandi_domains_total_count_header",
        two(),
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        total=5,
        cursor=False,
        headers={"Total-Count": "5"},
        url="https://api.gandi.net/v5/domain/domains?page=1&per_page=2",
    ),
    # Bazaarvoice's Conversations: Results, TotalResults, Offset, Limit
    # (https://developers.bazaarvoice.com/v1.0-ConversationsAPI/reference).
    page(
        "bazaarvoice_reviews_first_page",
        {
            "Limit": 2,
            "Offset": 0,
            "TotalResults": 20,
            "Locale": "en_US",
            "Results": two(),
            "Includes": {},
            "HasErrors": False,
            "Errors": [],
        },
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        total=20,
        cursor=False,
        url="https://api.bazaarvoice.com/data/reviews.json?apiversion=5.4&Limit=2&Offset=0",
    ),
    # Plaid's /transactions/get: the accounts beside the transactions, total_transactions
    # counting the latter (https://plaid.com/docs/api/products/transactions/#transactionsget).
    page(
        "plaid_transactions_get_first_of_total",
        {
            "accounts": [{"account_id": "a1"}],
            "item": {"item_id": "i1"},
            "request_id": "r",
            "transactions": two(),
            "total_transactions": 5,
        },
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        total=5,
        cursor=False,
        url="https://sandbox.plaid.com/transactions/get",
    ),
    # Gerrit's list changes: _more_changes on the last change
    # (https://gerrit-review.googlesource.com/Documentation/rest-api-changes.html#list-changes),
    # after the )]}' line every JSON answer starts with
    # (https://gerrit-review.googlesource.com/Documentation/rest-api.html#output): sent raw below.
    # Wise's recipient accounts (https://docs.wise.com/api-docs/api-reference/recipient).
    page(
        "wise_accounts_seek_position_for_next",
        {"content": two(), "seekPositionForCurrent": 1, "seekPositionForNext": 2, "size": 2},
        2,
        url="https://api.transferwise.com/v2/accounts?size=2",
    ),
    # Personio v2's _meta.links (https://developer.personio.de/reference).
    page(
        "personio_v2_persons_next_link",
        {
            "_data": two(),
            "_meta": {"links": {"next": {"href": "https://api.personio.de/v2/persons?cursor=c2"}}},
        },
        2,
        url="https://api.personio.de/v2/persons",
    ),
    # Eve's _meta.total (https://docs.python-eve.org/en/stable/features.html#pagination).
    ok(
        "eve_last_page_reaches_total",
        {"_items": two(), "_meta": {"page": 2, "max_results": 2, "total": 4}},
        2,
        4,
        url="https://eve.example.test/people?page=2&max_results=2",
    ),
    # Datadog's SLOs: metadata.page.total_count
    # (https://docs.datadoghq.com/api/latest/service-level-objectives/#get-all-slos).
    page(
        "datadog_slos_first_page_of_total",
        {"data": two(), "errors": [], "metadata": {"page": {"total_count": 3}}},
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        total=3,
        cursor=False,
        url="https://api.datadoghq.com/api/v1/slo?limit=2",
    ),
    # OpenWeather's list beside cod (https://openweathermap.org/forecast5#JSON).
    ok(
        "openweather_find_nothing",
        {"cod": "200", "message": "accurate", "count": 0, "list": []},
        0,
        url="https://api.openweathermap.org/data/2.5/find?q=Nowhereville",
    ),
    # LinkedIn's cursor-based pagination
    # (https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads/cursor-based-pagination).
    page(
        "linkedin_ad_accounts_next_page_token",
        {"metadata": {"nextPageToken": "DgFM1V9r6aU"}, "elements": two()},
        2,
        url="https://api.linkedin.com/rest/adAccounts?q=search&pageSize=2",
    ),
    # Akamai Edge DNS's zones (https://techdocs.akamai.com/edge-dns/reference/get-zones).
    ok(
        "akamai_zones_last_page",
        {"metadata": {"page": 2, "pageSize": 2, "totalElements": 4}, "zones": two()},
        2,
        4,
        offset=2,
        url="https://akab-x.luna.akamaiapis.net/config-dns/v2/zones?page=2&pageSize=2",
    ),
    # Vercel's pagination (https://vercel.com/docs/rest-api#pagination).
    page(
        "vercel_records_next_timestamp",
        {"records": two(), "pagination": {"count": 2, "next": 1628539515285, "prev": None}},
        2,
        url="https://api.vercel.com/v4/domains/example.com/records",
    ),
    # Front's lists (https://dev.frontapp.com/docs/pagination).
    ok(
        "front_search_found_nothing",
        {"_results": [], "_total": 0, "_pagination": {"next": None}},
        0,
        0,
        url="https://api2.frontapp.com/conversations/search/is:open",
    ),
    # Helius' paginationToken (https://www.helius.dev/docs/rpc/gettransactionsforaddress).
    page(
        "helius_transactions_pagination_token",
        {"jsonrpc": "2.0", "id": "1", "result": {"data": two(), "paginationToken": "t2"}},
        2,
        url="https://mainnet.helius-rpc.com/",
    ),
    # People Data Labs' scroll_token (https://docs.peopledatalabs.com/docs/scroll-token).
    page(
        "pdl_person_search_scroll_token",
        {"status": 200, "data": two(), "total": 99, "scroll_token": "1117$12.3"},
        2,
        total=99,
        url="https://api.peopledatalabs.com/v5/person/search",
    ),
    # Bing's totalEstimatedMatches, an estimate (https://learn.microsoft.com/en-us/bing/search-apis/bing-news-search/reference/response-objects)
    # is read in tests/test_dialects.py.
    # Google's Custom Search: queries.nextPage
    # (https://developers.google.com/custom-search/v1/reference/rest/v1/Search).
    page(
        "google_cse_next_page",
        {
            "kind": "customsearch#search",
            "queries": {"request": [{"startIndex": 1}], "nextPage": [{"startIndex": 3}]},
            "items": two(),
        },
        2,
        url="https://www.googleapis.com/customsearch/v1?q=x&cx=c&num=2",
    ),
    # Brave's more_results_available
    # (https://api-dashboard.search.brave.com/app/documentation/web-search/responses) and
    # Vulners' envelope (https://vulners.com/docs/) are read in tests/test_dialects.py.
    # UserVoice's response_data (https://developer.uservoice.com/docs/api/reference/), Modern
    # Treasury's X-After-Cursor (https://docs.moderntreasury.com/platform/reference/pagination)
    # and CouchDB's pending (https://docs.couchdb.org/en/stable/api/database/changes.html) are
    # read in tests/test_dialects.py; Modern Treasury's here too:
    page(
        "modern_treasury_after_cursor_header",
        two(),
        2,
        headers={"X-After-Cursor": "Y3Vyc29yOjI"},
        url="https://app.moderntreasury.com/api/counterparties?per_page=2",
    ),
    # Ergast's MRData, whose total counts result rows across its races
    # (https://github.com/jolpica/jolpica-f1/blob/main/docs/README.md).
    page(
        "ergast_results_first_page",
        {
            "MRData": {
                "series": "f1",
                "limit": "30",
                "offset": "0",
                "total": "440",
                "RaceTable": {"season": "2023", "Races": two()},
            }
        },
        2,
        cursor=True,
        url="https://api.jolpi.ca/ergast/f1/2023/results.json",
    ),
    ok(
        "ergast_results_last_page",
        {
            "MRData": {
                "series": "f1",
                "limit": "30",
                "offset": "15",
                "total": "34",
                "RaceTable": {"constructorId": "brawn", "Races": two()},
            }
        },
        2,
        url="https://api.jolpi.ca/ergast/f1/constructors/brawn/results.json?offset=15",
    ),
    ok(
        "ergast_no_such_round",
        {
            "MRData": {
                "series": "f1",
                "limit": "30",
                "offset": "0",
                "total": "0",
                "RaceTable": {"season": "2023", "round": "99", "Races": []},
            }
        },
        0,
        url="https://api.jolpi.ca/ergast/f1/2023/99/races.json",
    ),
    # Apify's key-value store keys (https://docs.apify.com/api/v2/key-value-store-keys-get) and
    # dataset items (https://docs.apify.com/api/v2/dataset-items-get).
    page(
        "apify_keys_truncated",
        {
            "data": {
                "items": two("key"),
                "count": 2,
                "limit": 2,
                "isTruncated": True,
                "nextExclusiveStartKey": "a2",
            }
        },
        2,
        url="https://api.apify.com/v2/key-value-stores/s1/keys?limit=2",
    ),
    ok(
        "apify_keys_last",
        {
            "data": {
                "items": two("key"),
                "count": 2,
                "limit": 2,
                "isTruncated": False,
                "nextExclusiveStartKey": None,
            }
        },
        2,
        url="https://api.apify.com/v2/key-value-stores/s1/keys?limit=2",
    ),
    page(
        "apify_dataset_items_first_page",
        two(),
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        total=5,
        cursor=False,
        headers={
            "X-Apify-Pagination-Offset": "0",
            "X-Apify-Pagination-Limit": "2",
            "X-Apify-Pagination-Count": "2",
            "X-Apify-Pagination-Total": "5",
        },
        url="https://api.apify.com/v2/datasets/d1/items?limit=2",
    ),
    ok(
        "apify_dataset_items_last_page",
        two(),
        2,
        total=5,
        headers={
            "X-Apify-Pagination-Offset": "3",
            "X-Apify-Pagination-Limit": "2",
            "X-Apify-Pagination-Count": "2",
            "X-Apify-Pagination-Total": "5",
        },
        url="https://api.apify.com/v2/datasets/d1/items?offset=3&limit=2",
    ),
    # Atom feeds paged by RFC 5005 (https://www.rfc-editor.org/rfc/rfc5005) and arXiv's OpenSearch
    # counts (https://info.arxiv.org/help/api/user-manual.html) are XML: read in
    # tests/test_dialects.py.
    # MLB's schedule: the total sums each date's own (https://statsapi.mlb.com/docs/).
    ok(
        "mlb_schedule_dates_sum_the_total",
        {
            "totalItems": 8,
            "totalGames": 8,
            "dates": [
                {"date": "2022-10-11", "totalItems": 5, "games": []},
                {"date": "2022-10-12", "totalItems": 3, "games": []},
            ],
        },
        2,
        url="https://statsapi.mlb.com/api/v1/schedule?sportId=1&startDate=10/11/2022",
    ),
    # Yelp's search (https://docs.developer.yelp.com/reference/v3_business_search) and
    # Spoonacular's total<List> (https://spoonacular.com/food-api/docs).
    page(
        "yelp_search_first_page_of_total",
        {"businesses": two(), "total": 51883, "region": {"center": {"latitude": 37.7}}},
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        total=51883,
        cursor=False,
        url="https://api.yelp.com/v3/businesses/search?location=SF&limit=2",
    ),
    page(
        "spoonacular_menu_items_of_total",
        {"menuItems": two(), "totalMenuItems": 6749, "type": "menuItem", "offset": 0, "number": 2},
        2,
        TB.TOTAL_EXCEEDS_RETURNED,
        total=6749,
        cursor=False,
        url="https://api.spoonacular.com/food/menuItems/search?query=burger&number=2&offset=0",
    ),
    # UniProt's text pages by Link header (https://www.uniprot.org/help/pagination) are read in
    # tests/test_dialects.py (a row here serves JSON); Route 53's XML listings are read in
    # tests/test_xml_dialects.py
    # (https://docs.aws.amazon.com/Route53/latest/APIReference/API_ListResourceRecordSets.html).
]


def send(row: Row) -> Envelope[Any]:
    """Serve the row's response on a mock transport and classify what comes back."""
    request = httpx.Request("GET", ORIGINS.get(row.id, row.url) if row.url == URL else row.url)
    response = httpx.Response(
        row.status,
        headers={**JSON, **row.headers},
        content=json.dumps(row.body).encode(),
        request=request,
    )
    return classify_http(response)


def test_the_table_is_large_and_names_unique() -> None:
    """At least sixty documented responses, each id unique and naming its API."""
    ids = [row.id for row in ROWS]
    assert len(ids) >= 60
    assert len(set(ids)) == len(ids)


@pytest.mark.parametrize("row", ROWS, ids=[row.id for row in ROWS])
def test_real_world_responses_classify_by_their_documented_semantics(row: Row) -> None:
    """Outcome, counts, cursor and truncation (or failure code and kind) match the API's docs."""
    env = send(row)
    assert env.outcome is row.outcome, env
    if row.outcome is OC.ACCESS_FAILURE:
        assert env.failure is not None
        assert (env.failure.code, env.failure.kind) == (row.code, row.kind), env.failure.detail
        return
    coverage = env.coverage
    assert coverage is not None
    got = (coverage.returned, coverage.total, coverage.next_cursor is not None)
    assert got == (row.returned, row.total, row.cursor), coverage.detail
    assert coverage.truncated_by is row.truncated_by, coverage.detail
    if row.offset is not None:
        assert coverage.offset == row.offset, coverage.detail


# -- guards: values that look like evidence but report nothing --------------------------------

GUARDS: list[tuple[str, Any, dict[str, str]]] = [
    ("graphql_errors_empty_list", {"data": {"items": two()}, "errors": []}, {}),
    ("drf_next_null", {"count": 2, "next": None, "previous": None, "results": two()}, {}),
    ("stripe_has_more_false", {"object": "list", "has_more": False, "data": two()}, {}),
    ("google_next_page_token_empty", {"items": two(), "nextPageToken": ""}, {}),
    (
        "aws_is_truncated_false_with_stale_token",
        {"IsTruncated": False, "Contents": two("Key"), "NextContinuationToken": "stale"},
        {},
    ),
    ("dynamodb_no_last_evaluated_key", {"Items": two(), "Count": 2, "ScannedCount": 2}, {}),
    ("dynamodb_empty_last_evaluated_key", {"Items": two(), "LastEvaluatedKey": {}}, {}),
    ("elasticsearch_bulk_errors_false", {"took": 1, "errors": False, "items": two()}, {}),
    (
        "solr_partial_results_false",
        {
            "responseHeader": {"status": 0, "QTime": 1, "partialResults": False},
            "response": {"numFound": 2, "docs": two()},
        },
        {},
    ),
    ("opensearch_failures_empty", es_search(2, 2, _shards={"failed": 0, "failures": []}), {}),
    ("gitlab_x_next_page_empty", two(), {"x-next-page": ""}),
    ("twitter_meta_without_next_token", {"data": two(), "meta": {"result_count": 2}}, {}),
    (
        "cloudflare_last_page_of_pages",
        {"result": two(), "result_info": {"page": 4, "total_pages": 4}},
        {},
    ),
    ("algolia_last_page", {"hits": two(), "page": 5, "nbPages": 6, "nbHits": 2}, {}),
    ("relay_has_next_page_false", {"edges": two(), "pageInfo": {"hasNextPage": False}}, {}),
    ("slack_ok_true_error_null", {"ok": True, "error": None, "members": two()}, {}),
    (
        "meilisearch_remote_errors_empty",
        {"hits": two(), "estimatedTotalHits": 2, "remoteErrors": {}},
        {},
    ),
]


@pytest.mark.parametrize(("body", "headers"), [g[1:] for g in GUARDS], ids=[g[0] for g in GUARDS])
def test_keys_with_a_reassuring_value_are_not_evidence(body: Any, headers: dict[str, str]) -> None:
    """errors: [], next: null, has_more: false, IsTruncated: false and kin leave a success."""
    env = send(Row("guard", body, OC.SUCCESS, headers=headers))
    assert env.outcome is OC.SUCCESS, env
    assert env.coverage is not None
    assert env.coverage.returned == 2


# -- the rules behind the table, one at a time -------------------------------------------------


@pytest.mark.parametrize(
    ("body", "detail"),
    [
        ({"user": None}, "null user"),
        ({"data": None}, "null data"),
        ({"data": {"viewer": {"node": None}}}, "null data.viewer.node"),
    ],
)
def test_a_body_holding_nothing_but_a_null_is_empty(body: Any, detail: str) -> None:
    """A lookup answered with one member, null (through objects of one member each), carries no
    record, as a null body carries none: ``empty``, no data, the detail naming where."""
    env = send(Row("null_inside", body, OC.EMPTY))
    assert env.outcome is OC.EMPTY, env
    assert env.data is None
    assert env.coverage is not None
    assert (env.coverage.returned, env.coverage.detail) == (0, detail)


@pytest.mark.parametrize(
    "body",
    [
        {"events": [], "url": "https://hooks.example.com/in"},  # a webhook's configuration
        {"events": [], "uri": "https://hooks.example.com/in"},
        {"events": [], "uri": "//hooks.example.com/in"},
        {"events": [], "uri": "/hooks/1", "active": True},
        {"kind": "tasks#taskList", "id": "t1", "title": "Errands", "tags": []},  # one list's record
        {"kind": "drive#changeList", "changes": [], "removedIds": []},  # two lists: which one?
        {"success": True, "data": None},  # a null with no "no more" beside it: no listing said
        {"error": None},  # no error: not no answer
        {"user": None, "updated": "2024-01-01"},  # a null member of a record
        {"success": "true", "response": []},  # a flag that is no boolean
        {"success": True, "response": [], "plan": "pro"},  # a list beside more than the flag
        {"count": [1], "total": 2},  # two counts, no list named beside them
    ],
)
def test_a_list_is_a_listing_only_by_its_own_uri_or_a_listing_kind(body: Any) -> None:
    """Twilio's ``{"countries": [], "uri": "/2010-04-01/…"}``, Google's ``{"kind":
    "drive#changeList", "changes": []}`` and Paddle Classic's ``{"success": true, "response":
    []}`` are empty listings; a record holding a list and an
    address of somewhere else (a full URL), or more beside them, a resource whose kind names a
    list but which has an id of its own, a listing kind beside two lists, or a null collection
    with no "no more" beside it, stays one record: an empty list in it is no verified nothing."""
    env = send(Row("uri_guard", body, OC.SUCCESS))
    assert env.outcome is OC.SUCCESS, env
    assert env.coverage is not None
    assert env.coverage.returned == 1


@pytest.mark.parametrize(
    "body",
    [
        {"success": True, "errors": [], "messages": [], "result": two()},
        {"warnings": [], "result": two()},
        {"errors": [], "messages": [], "data": two()},
    ],
)
def test_error_and_message_lists_are_never_the_collection(body: Any) -> None:
    """A diagnostic list, empty or not, never stands in for the answer beside it."""
    env = send(Row("diag", body, OC.SUCCESS))
    assert env.outcome is OC.SUCCESS
    assert env.data == two()


@pytest.mark.parametrize(
    ("body", "total"),
    [
        ({"cart_id": "c1", "total": 30, "items": two()}, None),  # money beside a cart's items
        ({"cart_id": "c1", "total": 30, "items": two(), "limit": 2}, 30),  # a companion says page
        ({"total": 30, "items": two()}, 30),  # a bare listing: nothing else to be a record
        ({"total_count": 30, "widget": "w", "items": two()}, 30),  # unambiguous anywhere
    ],
)
def test_total_and_count_count_only_on_a_page(body: Any, total: int | None) -> None:
    """An ambiguous total is a page total only beside paging companions or alone with its list."""
    env = send(Row("totals", body, OC.SUCCESS))
    assert env.coverage is not None
    assert env.coverage.total == total


def test_an_explicit_total_path_is_always_a_count() -> None:
    """The caller's total path counts even where auto-detection would read money."""
    body = {"cart_id": "c1", "total": 30, "items": two()}
    response = httpx.Response(200, json=body, request=httpx.Request("GET", URL))
    env = classify_http(response, total="total")
    assert env.outcome is OC.PARTIAL
    assert env.coverage is not None
    assert (env.coverage.total, env.coverage.truncated_by) == (30, TB.TOTAL_EXCEEDS_RETURNED)


@pytest.mark.parametrize(
    "extra",
    [
        {"timed_out": True},
        {"terminated_early": True},
        {"_shards": {"total": 5, "successful": 4, "failed": 1}},
        {"_clusters": {"total": 2, "successful": 1, "skipped": 1}},
    ],
)
@pytest.mark.parametrize("relation", ["eq", "gte"])
def test_a_search_cut_short_leaves_its_total_unknown(extra: dict[str, Any], relation: str) -> None:
    """hits.total of a search that stopped early counts what it saw, so coverage.total is None."""
    env = send(Row("cut", es_search(0, {"value": 0, "relation": relation}, **extra), OC.PARTIAL))
    assert env.outcome is OC.PARTIAL
    assert env.coverage is not None
    assert (env.coverage.total, env.coverage.missing) == (None, None)
    assert "0 of" not in env.coverage.summary()
    assert "total unknown" in env.coverage.detail


# -- a throttle's wait, and its code, where the body names them -------------------------------


def _raw(status: int, body: bytes, headers: dict[str, str] | None = None) -> Envelope[Any]:
    request = httpx.Request("GET", URL)
    response = httpx.Response(status, headers=headers or JSON, content=body, request=request)
    return classify_http(response)


@pytest.mark.parametrize(
    ("body", "wait"),
    [
        # Discord: a 429 whose body gives the wait in seconds (a float).
        ({"message": "You are being rate limited.", "retry_after": 64.57, "global": False}, 64.57),
        # Telegram Bot API: error_code 429 with parameters.retry_after.
        (
            {
                "ok": False,
                "error_code": 429,
                "description": "Too Many Requests: retry after 5",
                "parameters": {"retry_after": 5},
            },
            5.0,
        ),
        ({"message": "slow down", "retry_after": 86_400 * 30}, 3600.0),  # capped at an hour
        ({"message": "slow down", "retry_after": -3}, None),
        ({"message": "slow down", "retry_after": "soon"}, None),
        ({"message": "slow down", "retry_after": True}, None),
        ({"message": "slow down", "parameters": "retry_after"}, None),
        ({"message": "slow down"}, None),
    ],
)
def test_a_throttles_body_can_name_its_wait(body: dict[str, Any], wait: float | None) -> None:
    """With no Retry-After or reset header, the wait a throttled body names is the wait."""
    env = _raw(429, json.dumps(body).encode())
    assert env.failure is not None
    assert env.failure.code is C.RATE_LIMITED
    assert env.failure.retry_after_s == wait


def test_a_retry_after_header_wins_over_the_body() -> None:
    body = json.dumps({"message": "You are being rate limited.", "retry_after": 64.57})
    env = _raw(429, body.encode(), {**JSON, "retry-after": "2"})
    assert env.failure is not None
    assert env.failure.retry_after_s == 2.0


def test_a_body_wait_is_read_only_for_a_throttle() -> None:
    """A 500 whose body happens to carry retry_after is not told to wait by it."""
    env = _raw(500, json.dumps({"message": "boom", "retry_after": 30}).encode())
    assert env.failure is not None
    assert env.failure.retry_after_s is None


@pytest.mark.parametrize(
    ("status", "code", "expected"),
    [
        (400, "Throttling", (C.RATE_LIMITED, T)),  # SQS, SNS, CloudFormation (query protocol)
        (400, "RequestLimitExceeded", (C.RATE_LIMITED, T)),  # EC2
        (400, "BandwidthLimitExceeded", (C.RATE_LIMITED, T)),
        (400, "InvalidParameterValue", (C.BAD_REQUEST, P)),
        (403, "AccessDenied", (C.FORBIDDEN, P)),
    ],
)
def test_aws_xml_error_codes_name_a_throttle(
    status: int, code: str, expected: tuple[FailureCode, FailureKind]
) -> None:
    """AWS's XML protocols put the error code in ``<Code>``; a throttling code is a wait."""
    body = (
        f'<?xml version="1.0"?><ErrorResponse><Error><Type>Sender</Type><Code>{code}</Code>'
        "<Message>Rate exceeded</Message></Error><RequestId>r1</RequestId></ErrorResponse>"
    ).encode()
    env = _raw(status, body, {"content-type": "text/xml"})
    assert env.failure is not None
    assert (env.failure.code, env.failure.kind) == expected


def test_a_throttling_word_in_a_message_is_not_a_code() -> None:
    """Only the code fields count: a 400 whose message mentions throttling stays a 400."""
    body = {"message": "Throttling settings are invalid", "code": "InvalidSetting"}
    env = _raw(400, json.dumps(body).encode())
    assert env.failure is not None
    assert (env.failure.code, env.failure.kind) == (C.BAD_REQUEST, P)


@pytest.mark.parametrize(
    ("url", "body_offset", "read"),
    [
        ("https://api.example.test/search?q=x&offset=50&limit=50", None, "request offset=50"),
        ("https://api.example.test/search?q=x&page=2&per_page=50", None, "request page=2 x 50"),
        ("https://api.example.test/search?q=x&startAt=50", None, "request startAt=50"),
        ("https://api.example.test/search?q=x", 50, "body offset: 50"),
    ],
)
def test_a_last_page_that_reaches_the_total_completes_the_listing(
    url: str, body_offset: int | None, read: str
) -> None:
    """Where the page starts plus what came back reach the total, with no next link: a
    success whose coverage says what was read (the 50 before it, on earlier pages)."""
    body: dict[str, Any] = {"total_count": 56, "items": [{"id": i} for i in range(6)]}
    if body_offset is not None:
        body["offset"] = body_offset
    response = httpx.Response(200, json=body, request=httpx.Request("GET", url))
    env = classify_http(response, items="items", total="total_count")
    coverage = env.coverage
    assert coverage is not None
    assert (env.outcome, coverage.returned, coverage.total) == (OC.SUCCESS, 6, 56)
    assert (coverage.offset, coverage.missing, coverage.truncated_by) == (50, 0, None)
    assert coverage.next_cursor is None
    assert "last page" in coverage.detail, coverage.detail
    assert read in coverage.detail, coverage.detail
    assert coverage.summary() == "6 of 56 returned after 50 on earlier pages"


@pytest.mark.parametrize(
    ("url", "body", "items"),
    [
        # https://developers.google.com/workspace/sheets/api/reference/rest/v4/spreadsheets.values
        (
            "https://sheets.googleapis.com/v4/spreadsheets/s1/values/Sheet1!D4",
            {"range": "Sheet1!D4", "majorDimension": "ROWS"},
            "values",
        ),
        (
            "https://sheets.googleapis.com/v4/spreadsheets/s1?fields=sheets.data.rowData",
            {"sheets": [{"data": [{}]}]},
            "sheets.0.data.0.rowData",
        ),
        ("https://www.googleapis.com/drive/v3/files?q=x", {"kind": "drive#fileList"}, "files"),
    ],
)
def test_a_google_api_leaves_an_empty_collection_out(url: str, body: Any, items: str) -> None:
    """Google's APIs answer in proto3's JSON mapping, which omits an empty list
    (https://protobuf.dev/programming-guides/json/): a declared collection that is not there is
    an empty one, not a schema failure."""
    request = httpx.Request("GET", url)
    env = classify_http(httpx.Response(200, json=body, request=request), items=items)
    assert env.outcome is OC.EMPTY, env
    assert env.coverage is not None
    assert env.coverage.returned == 0


@pytest.mark.parametrize(
    ("url", "body"),
    [
        ("https://api.example.test/v4/values", {"range": "Sheet1!D4"}),  # not Google: a mismatch
        ("https://googleapis.com.example.test/v4/x", {"range": "Sheet1!D4"}),
        ("https://sheets.googleapis.com/v4/x", {"values": None}),  # there, and not a list
        ("https://sheets.googleapis.com/v4/x", {"values": "A1"}),
    ],
)
def test_a_declared_collection_missing_elsewhere_is_a_schema_failure(url: str, body: Any) -> None:
    """Only a Google API's omission reads as empty; a missing or mistyped collection anywhere
    else (or a Google one that is there but holds no list) is the contract broken."""
    request = httpx.Request("GET", url)
    env = classify_http(httpx.Response(200, json=body, request=request), items="values")
    assert env.failure is not None
    assert env.failure.code is C.SCHEMA


def test_a_kubernetes_list_declared_with_its_items_left_out_is_empty() -> None:
    """Declaring ``items="items"`` on a Kubernetes list that omitted them is no schema failure;
    a kind that is no list (a ``Pod``) keeps a missing path one."""
    body = {"kind": "PodList", "apiVersion": "v1", "metadata": {"resourceVersion": "7"}}
    request = httpx.Request("GET", "https://k8s.example.test/api/v1/pods")
    env = classify_http(httpx.Response(200, json=body, request=request), items="items")
    assert env.outcome is OC.EMPTY, env
    pod = {"kind": "Pod", "apiVersion": "v1", "metadata": {"name": "web"}}
    env = classify_http(httpx.Response(200, json=pod, request=request), items="items")
    assert env.failure is not None
    assert env.failure.code is C.SCHEMA


@pytest.mark.parametrize(("more", "outcome"), [(True, OC.PARTIAL), (False, OC.SUCCESS)])
def test_a_discourse_topic_list_pages_by_more_topics_url(more: bool, outcome: Outcome) -> None:
    """Discourse's topic_list names its next page in more_topics_url, left out on the last
    (https://docs.discourse.org/#tag/Topics/operation/listLatestTopics)."""
    topics: dict[str, Any] = {"per_page": 30, "topics": two()}
    if more:
        topics["more_topics_url"] = "/latest.json?page=1"
    request = httpx.Request("GET", "https://forum.example.test/latest.json")
    body = {"users": [], "topic_list": topics}
    env = classify_http(httpx.Response(200, json=body, request=request), items="topic_list.topics")
    assert env.outcome is outcome, env
    assert env.coverage is not None
    if more:
        assert env.coverage.next_cursor == "https://forum.example.test/latest.json?page=1"


def test_a_declared_quickbooks_entity_left_out_of_its_query_response_is_empty() -> None:
    """QuickBooks answers a query matching nothing with an empty ``QueryResponse``, leaving the
    entity out: ``items="QueryResponse.Customer"`` is empty there, not a schema failure."""
    body = {"QueryResponse": {}, "time": "2024-01-01T00:00:00.000-07:00"}
    request = httpx.Request("GET", QUICKBOOKS_QUERY)
    env = classify_http(
        httpx.Response(200, json=body, request=request), items="QueryResponse.Customer"
    )
    assert env.outcome is OC.EMPTY, env
    counted = {"QueryResponse": {"totalCount": 3}, "time": "2024-01-01T00:00:00.000-07:00"}
    env = classify_http(
        httpx.Response(200, json=counted, request=request), items="QueryResponse.Customer"
    )
    assert env.failure is not None
    assert env.failure.code is C.SCHEMA  # a COUNT(*) answer, not a listing left out


#: Linode's pages: ``page``, ``pages`` and ``results``, the total; a page size left to its
#: default is in neither the request nor the answer
#: (https://techdocs.akamai.com/linode-api/reference/pagination).
LINODE_KERNELS = "https://api.linode.com/v4/linode/kernels"


@pytest.mark.parametrize(
    ("page", "pages", "outcome", "offset"),
    [(4, 4, OC.SUCCESS, 300), (2, 4, OC.PARTIAL, None), (1, 1, OC.PARTIAL, None)],
)
def test_a_page_numbered_as_its_page_count_is_the_last(
    page: int, pages: int, outcome: Outcome, offset: int | None
) -> None:
    """Page 4 of 4 with 30 of 330 and no page size asked is the last page: the earlier pages
    held the 300 before it. Page 2 of 4 has more after it; a lone page 1 of 1 holding fewer than
    its total is no later page, and stays a cut."""
    body = {"data": [{"id": i} for i in range(30)], "page": page, "pages": pages, "results": 330}
    request = httpx.Request("GET", f"{LINODE_KERNELS}?page={page}")
    env = classify_http(
        httpx.Response(200, json=body, request=request), items="data", total="results"
    )
    coverage = env.coverage
    assert coverage is not None
    assert (env.outcome, coverage.returned, coverage.total) == (outcome, 30, 330), coverage.detail
    assert coverage.offset == offset
    if outcome is OC.SUCCESS:
        assert coverage.detail.startswith(f"last page (page {page} of pages {pages})")


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("https://api.example.test/search?q=x&offset=10&limit=6", "a later page"),
        ("https://api.example.test/search?q=x&offset=0&limit=6", "source reports 56, 6 returned"),
        ("https://api.example.test/search?q=x", "source reports 56, 6 returned"),
    ],
)
def test_only_a_later_page_without_a_next_link_reads_its_total_as_query_wide(
    url: str, says: str
) -> None:
    """A first page (or one whose position is unknown) that falls short of its total is cut."""
    body = {"total_count": 56, "items": [{"id": i} for i in range(6)]}
    response = httpx.Response(200, json=body, request=httpx.Request("GET", url))
    env = classify_http(response, items="items", total="total_count")
    assert env.outcome is OC.PARTIAL
    assert env.coverage is not None
    assert env.coverage.detail is not None
    assert says in env.coverage.detail, env.coverage.detail


def test_a_next_link_keeps_a_page_with_an_offset_partial_with_its_cursor() -> None:
    """The last-page reading needs the absence of a next link: with one, the page is a page."""
    url = "https://api.example.test/search?q=x&offset=50&limit=50"
    headers = {"link": '<https://api.example.test/search?q=x&offset=100>; rel="next"'}
    body = {"total_count": 56, "items": [{"id": i} for i in range(6)]}
    response = httpx.Response(200, json=body, headers=headers, request=httpx.Request("GET", url))
    env = classify_http(response, items="items", total="total_count")
    assert env.coverage is not None
    assert (env.outcome, env.coverage.truncated_by) == (OC.PARTIAL, TB.NEXT_PAGE)
    assert env.coverage.next_cursor is not None


@pytest.mark.parametrize(
    ("request_headers", "response_headers", "outcome"),
    [
        ({}, {}, OC.SUCCESS),  # Mastodon: 206 "still processing", no range asked or named
        ({"range": "items=0-1"}, {}, OC.PARTIAL),  # a range was asked for
        ({}, {"content-range": "items 0-0/40"}, OC.PARTIAL),  # the response names its range
    ],
)
def test_a_206_is_a_cut_only_with_a_range_request_or_content_range(
    request_headers: dict[str, str], response_headers: dict[str, str], outcome: Outcome
) -> None:
    """RFC 9110 §15.3.7: 206 answers a range request and says which range it holds."""
    request = httpx.Request("GET", URL, headers=request_headers)
    response = httpx.Response(
        206, json={"id": "1", "url": None}, headers=response_headers, request=request
    )
    env = classify_http(response)
    assert env.outcome is outcome, env.coverage
    if outcome is OC.PARTIAL:
        assert env.coverage is not None
        assert env.coverage.truncated_by is TB.PARTIAL_CONTENT


@pytest.mark.parametrize(
    ("url", "links", "cursor"),
    [
        # Confluence v1: next is a path under _links.base (the site's /wiki context).
        (
            "https://x.atlassian.net/wiki/rest/api/content?limit=2",
            {
                "base": "https://x.atlassian.net/wiki",
                "context": "/wiki",
                "next": "/rest/api/content?limit=2&start=2",
            },
            "https://x.atlassian.net/wiki/rest/api/content?limit=2&start=2",
        ),
        # Confluence v2: next already starts with the base's path, relative to the site.
        (
            "https://x.atlassian.net/wiki/api/v2/pages?limit=2",
            {"base": "https://x.atlassian.net/wiki", "next": "/wiki/api/v2/pages?limit=2&cursor=c"},
            "https://x.atlassian.net/wiki/api/v2/pages?limit=2&cursor=c",
        ),
        # HAL without a base: resolved against the request, as before.
        (
            "https://h.example.test/api/orders",
            {"next": {"href": "/api/orders?page=2"}},
            "https://h.example.test/api/orders?page=2",
        ),
    ],
)
def test_a_links_next_path_is_read_under_its_links_base(
    url: str, links: dict[str, Any], cursor: str
) -> None:
    """Confluence's _links.next is relative to _links.base; the cursor must resume there."""
    body = {"results": two(), "_links": links}
    env = classify_http(httpx.Response(200, json=body, request=httpx.Request("GET", url)))
    assert env.coverage is not None
    assert (env.outcome, env.coverage.next_cursor) == (OC.PARTIAL, cursor)


def test_a_total_path_may_name_a_member_with_dots() -> None:
    """total="@odata.count" reads OData's member, whose name holds a dot."""
    body = {"@odata.count": 12, "value": two(), "meta": {"odata.count": 3}}
    request = httpx.Request("GET", "https://graph.microsoft.com/v1.0/users?$count=true")
    env = classify_http(httpx.Response(200, json=body, request=request), total="@odata.count")
    assert env.coverage is not None
    assert env.coverage.total == 12
    env = classify_http(httpx.Response(200, json=body, request=request), total="meta.odata.count")
    assert env.coverage is not None
    assert env.coverage.total == 3


def test_a_lower_bound_total_never_completes_a_last_page() -> None:
    """relation "gte" says at least N: offset + returned reaching N proves nothing."""
    body = es_search(2, {"value": 10, "relation": "gte"})
    url = "https://search.example.test/logs/_search?from=8&size=2&offset=8"
    env = classify_http(httpx.Response(200, json=body, request=httpx.Request("GET", url)))
    assert env.coverage is not None
    assert (env.outcome, env.coverage.total) == (OC.PARTIAL, None)
    assert "at least 10" in env.coverage.detail


ROOT = Path(__file__).resolve().parent.parent


def test_every_api_on_the_paging_page_has_its_documented_cases() -> None:
    """Each documentation link of docs/paging.md is cited by a row here, by a case of
    tests/test_paging_conventions.py, or by a fixture."""
    page = (ROOT / "docs" / "paging.md").read_text(encoding="utf-8")
    table = page[page.index("## The conventions, API by API") :]
    urls = set(re.findall(r"\]\((https://[^)\s]+)\)", table))
    assert len(urls) >= 15
    fixtures = [json.loads(p.read_text("utf-8")) for p in (ROOT / "fixtures").glob("*.json")]
    conventions = Path(__file__).with_name("test_paging_conventions.py")
    cited = (
        Path(__file__).read_text(encoding="utf-8")
        + conventions.read_text(encoding="utf-8")
        + " ".join(f.get("documentation", "") for f in fixtures)
    )
    assert sorted(u for u in urls if u not in cited) == []


@given(
    before=st.integers(min_value=0, max_value=500),
    returned=st.integers(min_value=1, max_value=30),
    after=st.integers(min_value=0, max_value=500),
)
def test_a_page_without_a_next_link_is_complete_only_when_it_reaches_the_total(
    before: int, returned: int, after: int
) -> None:
    """For any offset page with no next link: success exactly when offset + items = total."""
    total = before + returned + after
    url = f"https://api.example.test/search?q=x&offset={before}&limit={returned}"
    body = {"total_count": total, "items": [{"id": i} for i in range(returned)]}
    env = classify_http(httpx.Response(200, json=body, request=httpx.Request("GET", url)))
    coverage = env.coverage
    assert coverage is not None
    assert (coverage.total, coverage.offset, coverage.missing) == (total, before, after)
    assert env.outcome is (OC.SUCCESS if after == 0 else OC.PARTIAL), coverage.detail
    if after and before:
        assert "a later page" in coverage.detail


# -- searches asked by POST: the page's position and its "more" flag are in the bodies ---------

MS_SEARCH = "https://graph.microsoft.com/v1.0/search/query"
MS_HITS, MS_TOTAL = "value.0.hitsContainers.0.hits", "value.0.hitsContainers.0.total"


def ms_search(hits: int, total: int, more: bool) -> dict[str, Any]:
    """A Microsoft Search answer: one hits container with its total and its "more" flag
    (https://learn.microsoft.com/en-us/graph/api/resources/searchhitscontainer)."""
    container = {
        "hits": [{"hitId": str(i), "rank": i + 1} for i in range(hits)],
        "total": total,
        "moreResultsAvailable": more,
    }
    return {"value": [{"searchTerms": ["contoso"], "hitsContainers": [container]}]}


@pytest.mark.parametrize(
    ("asked", "body", "paths", "expected"),
    [
        # The last page of a Microsoft Search: 25 before it (from), 5 here, 30 in all.
        (
            {"requests": [{"entityTypes": ["driveItem"], "from": 25, "size": 25}]},
            ms_search(5, 30, more=False),
            (MS_HITS, MS_TOTAL),
            (OC.SUCCESS, 5, 30, False),
        ),
        # More to come, the total not yet reached: a page, its flag the evidence.
        (
            {"requests": [{"entityTypes": ["driveItem"], "from": 0, "size": 25}]},
            ms_search(3, 3, more=True),
            (MS_HITS, MS_TOTAL),
            (OC.PARTIAL, 3, 3, False),
        ),
    ],
)
def test_a_microsoft_search_page_says_whether_more_results_are_available(
    asked: dict[str, Any], body: dict[str, Any], paths: tuple[str, str], expected: tuple[Any, ...]
) -> None:
    """``moreResultsAvailable`` is the hits container's own word: true is a page, false is the
    last, even when its total counts hits on earlier pages."""
    request = httpx.Request("POST", MS_SEARCH, json=asked)
    env = classify_http(
        httpx.Response(200, json=body, request=request), items=paths[0], total=paths[1]
    )
    coverage = env.coverage
    assert coverage is not None
    got = (env.outcome, coverage.returned, coverage.total, coverage.next_cursor is not None)
    assert got == expected, coverage.detail
    assert "moreResultsAvailable" in coverage.detail, coverage.detail


def test_an_algolia_browse_page_names_its_next_cursor_even_after_a_cursor() -> None:
    """A browse request that resumed from a cursor is a later page, but the cursor its answer
    names says more follows: a page, not the last one its total would otherwise make it
    (https://www.algolia.com/doc/rest-api/search/#tag/Search/operation/browse)."""
    url = "https://X-dsn.algolia.net/1/indexes/products/browse"
    request = httpx.Request("POST", url, json={"cursor": "AgA3MjY0"})
    body = {
        "hits": [{"objectID": str(i)} for i in range(1000)],
        "cursor": "AgA3MjY1",
        "nbHits": 5000,
    }
    env = classify_http(httpx.Response(200, json=body, request=request))
    coverage = env.coverage
    assert coverage is not None
    assert (env.outcome, coverage.returned, coverage.next_cursor) == (OC.PARTIAL, 1000, "AgA3MjY1")
    last = {"hits": [{"objectID": "1"}], "nbHits": 5000}  # no cursor: the last page
    env = classify_http(httpx.Response(200, json=last, request=request))
    assert env.outcome is OC.SUCCESS, env.coverage


@pytest.mark.parametrize(
    ("page", "matches", "expected"),
    [(1, 2, (OC.PARTIAL, 2, 5, 0)), (3, 1, (OC.SUCCESS, 1, 5, 4))],
)
def test_a_slack_search_page_is_placed_by_its_own_page_count(
    page: int, matches: int, expected: tuple[Any, ...]
) -> None:
    """Page 1 of 3 is a page; page 3 of 3, two a page, reaches the total with its one match."""
    url = f"https://slack.com/api/search.messages?query=x&count=2&page={page}"
    response = httpx.Response(
        200, json=slack_search(page, matches), request=httpx.Request("GET", url)
    )
    env = classify_http(response, items="messages.matches", total="messages.pagination.total_count")
    coverage = env.coverage
    assert coverage is not None
    got = (env.outcome, coverage.returned, coverage.total, coverage.offset)
    assert got == expected, coverage.detail


@pytest.mark.parametrize(
    ("url", "body", "items", "total", "expected"),
    [
        # Square answers a list with nothing in it with {}: "customers … or an empty object
        # ({}) if none are found" (square-ruby-sdk's ListCustomersResponse).
        ("https://connect.squareup.com/v2/customers", {}, "customers", None, (OC.EMPTY, 0, None)),
        # Pipedrive sends "data": null beside its own "no more"
        # (https://pipedrive.readme.io/docs/core-api-concepts-pagination).
        (
            "https://x.pipedrive.com/api/v1/deals?start=0&limit=100",
            {
                "success": True,
                "data": None,
                "additional_data": {"pagination": {"more_items_in_collection": False}},
            },
            "data",
            None,
            (OC.EMPTY, 0, None),
        ),
        # DigitalOcean's last page at its default page size: links.pages.prev, no next
        # (https://docs.digitalocean.com/reference/api/digitalocean/#section/Introduction/Links-and-Pagination).
        (
            "https://api.digitalocean.com/v2/droplets?page=2",
            {
                "droplets": [{"id": i} for i in range(5)],
                "links": {
                    "pages": {
                        "first": "https://api.digitalocean.com/v2/droplets?page=1",
                        "prev": "https://api.digitalocean.com/v2/droplets?page=1",
                    }
                },
                "meta": {"total": 25},
            },
            "droplets",
            "meta.total",
            (OC.SUCCESS, 5, 25),
        ),
    ],
)
def test_a_declared_listing_reads_its_apis_own_empty_and_last_page(
    url: str, body: Any, items: str, total: str | None, expected: tuple[Any, ...]
) -> None:
    """A missing or null collection beside the source's own "nothing" is empty, not a
    schema failure; a previous-page link marks the last page of a counted listing."""
    response = httpx.Response(200, json=body, request=httpx.Request("GET", url))
    env = classify_http(response, items=items, total=total)
    assert env.coverage is not None, env.failure
    assert (env.outcome, env.coverage.returned, env.coverage.total) == expected, env.coverage
    absent = classify_http(
        httpx.Response(200, json={"other": 1}, request=response.request), items=items
    )
    assert env.failure is None
    assert absent.outcome is OC.ACCESS_FAILURE  # only the source's word makes it empty


def _features(n: int, matched: int, links: list[dict[str, str]] | None = None) -> dict[str, Any]:
    feature: dict[str, Any] = {"type": "Feature", "id": "S2B_4", "geometry": None, "properties": {}}
    return {
        "type": "FeatureCollection",
        "features": [feature] * n,
        "links": links or [{"rel": "root", "href": "https://stac.example.test/v1"}],
        "numberMatched": matched,
        "numberReturned": n,
    }


STAC_SEARCH = "https://stac.example.test/v1/search"


# https://github.com/radiantearth/stac-api-spec/tree/main/item-search#pagination: a GET search's
# next link carries its continuation in the query (stac-server: `next`, pgstac: `token=next:…`);
# a page reached by one with no next link is the last; stac-server's listing ends with an empty
# page (it sends a next link on every page with items).
@pytest.mark.parametrize(
    ("method", "url", "sent", "body", "expected"),
    [
        (
            "GET",
            f"{STAC_SEARCH}?collections=s2&limit=2&next=1704067200000,S2B_4,s2",
            None,
            _features(1, 5),
            (OC.SUCCESS, 1, 5, 4),
        ),
        (
            "GET",
            f"{STAC_SEARCH}?collections=s2&limit=2&token=next:s2:S2B_4",
            None,
            _features(1, 5),
            (OC.SUCCESS, 1, 5, 4),
        ),
        (
            "GET",
            f"{STAC_SEARCH}?collections=s2&limit=2&next=1704067200000,S2B_4,s2",
            None,
            _features(0, 5),
            (OC.EMPTY, 0, 5, 5),
        ),
        # The spec's POST example sends its page and limit in the body.
        (
            "POST",
            STAC_SEARCH,
            {"bbox": [-110, 39.5, -105, 40.5], "page": 3, "limit": 2},
            _features(1, 5),
            (OC.SUCCESS, 1, 5, 4),
        ),
        # Not a continuation: a `token` in any other form (a credential as often), a `next`
        # beside a body that is no FeatureCollection, a POST body's page beside one either.
        (
            "GET",
            f"{STAC_SEARCH}?limit=2&token=abc123",
            None,
            _features(1, 5),
            (OC.PARTIAL, 1, 5, None),
        ),
        (
            "GET",
            "https://api.example.test/things?next=/home",
            None,
            {"results": [1], "count": 5},
            (OC.PARTIAL, 1, 5, None),
        ),
        (
            "POST",
            "https://api.example.test/things/search",
            {"page": 3, "limit": 2},
            {"results": [1], "count": 5},
            (OC.PARTIAL, 1, 5, None),
        ),
    ],
)
def test_a_stac_search_reads_its_continuation_and_page_where_it_sends_them(
    method: str, url: str, sent: dict[str, Any] | None, body: Any, expected: tuple[Any, ...]
) -> None:
    request = httpx.Request(method, url, json=sent)
    response = httpx.Response(200, json=body, request=request)
    items, total = ("features", "numberMatched") if "features" in body else ("results", "count")
    for env in (classify_http(response, items=items, total=total), classify_http(response)):
        assert env.coverage is not None, env.failure
        coverage = env.coverage
        assert (env.outcome, coverage.returned, coverage.total, coverage.offset) == expected


@pytest.mark.parametrize(
    ("next_value", "cursor"),
    [
        # Auth0's checkpoint paging: an opaque value to pass back as from=, offered as it is.
        # https://auth0.github.io/node-auth0/interfaces/management.Management.ListConnectionsCheckpointPaginatedResponseContent.html
        ("MjAyMy0wMy0xNCAxMToxNzoxOQ", "MjAyMy0wMy0xNCAxMToxNzoxOQ"),
        ("dXNlcl9pZD11c2VyXzE=", "dXNlcl9pZD11c2VyXzE="),  # Pinecone's pagination.next
        # A URL or a path is still a link, resolved against the request's URL.
        ("/api/v2/logs?from=9", "https://tenant.auth0.example.test/api/v2/logs?from=9"),
        ("?from=9", "https://tenant.auth0.example.test/api/v2/logs?from=9"),
    ],
)
def test_a_next_that_is_not_a_url_is_an_opaque_cursor(next_value: str, cursor: str) -> None:
    request = httpx.Request("GET", "https://tenant.auth0.example.test/api/v2/logs?take=2")
    body = {"logs": two(), "next": next_value}
    env = classify_http(httpx.Response(200, json=body, request=request), items="logs")
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert env.coverage.next_cursor == cursor


@pytest.mark.parametrize(
    "body",
    [
        # Asana wraps every answer in data; a project is a record (its gid, "Globally unique
        # identifier of the resource", https://developers.asana.com/reference/getproject),
        # whatever lists it holds.
        {
            "data": {
                "gid": "1201485355022853",
                "resource_type": "project",
                "name": "Illustrations",
                "members": [{"gid": "1", "resource_type": "user"}, {"gid": "2"}],
                "followers": [{"gid": "1", "resource_type": "user"}],
            }
        },
        {"data": {"node": {"id": "I_1", "title": "x", "items": [{"id": "a"}, {"id": "b"}]}}},
    ],
)
def test_a_record_under_data_is_one_record_whatever_lists_it_holds(body: Any) -> None:
    env = classify_http(httpx.Response(200, json=body, request=httpx.Request("GET", URL)))
    assert env.outcome is Outcome.SUCCESS
    assert env.coverage is not None
    assert env.coverage.returned == 1
    assert env.data == body
