"""The ticket-search tool the integration tests drive through each agent framework.

One ``@tool`` over a mocked upstream whose answer depends on the query: the five upstream cases
of issue 13 (results, an empty list, page 1 of 180, a 503, an HTML login page with status 200),
arguments the tool itself refuses, and an upstream's own HTTP 400 (which must not read as those).
Each case says what the model and the application must receive, so every framework's test
asserts the same expectations.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import httpx
from pydantic import BaseModel

from tool_outcomes import FailureCode, Outcome, RetryPolicy, Tool, tool

UPSTREAM = "http://tickets.internal/api/tickets/"
LOGIN_PAGE = (
    "<!doctype html><html><head><title>Sign in · Helpdesk</title></head>"
    "<body><form action='/login'>…</form></body></html>"
)


class Search(BaseModel):
    query: str
    limit: int = 20
    cursor: str | None = None


class Ticket(BaseModel):
    id: int
    subject: str


def upstream(request: httpx.Request) -> httpx.Response:
    """The helpdesk: its answer is chosen by the query (and the cursor, for the second page)."""
    query = request.url.params.get("search", "")
    if request.url.params.get("page") == "2":
        results = [{"id": i, "subject": f"invoice #{i}"} for i in range(25, 50)]
        page = {"count": 180, "next": f"{UPSTREAM}?page=3&search=invoice"}
        return httpx.Response(200, json={**page, "results": results})
    match query:
        case "refund":
            results = [{"id": 1, "subject": "refund for order 7"}, {"id": 2, "subject": "refund"}]
            return httpx.Response(200, json={"count": 2, "next": None, "results": results})
        case "unicorn":
            return httpx.Response(200, json={"count": 0, "next": None, "results": []})
        case "invoice":
            results = [{"id": i, "subject": f"invoice #{i}"} for i in range(25)]
            page = {"count": 180, "next": f"{UPSTREAM}?page=2&search=invoice"}
            return httpx.Response(200, json={**page, "results": results})
        case "outage":
            return httpx.Response(503, text="upstream unavailable")
        case "session":
            return httpx.Response(200, text=LOGIN_PAGE, headers={"content-type": "text/html"})
        case "malformed":
            return httpx.Response(400, json={"detail": "page_size must be at most 100"})
    return httpx.Response(500, text=f"unexpected query {query!r}")


def make_tool(*, target: Any = "path") -> Tool[Search, list[Ticket]]:
    """The ticket search: one attempt per call (no sleeping), its cursor argument declared, and
    its internal host kept from the model (``target="path"``)."""

    @tool(
        args=Search,
        result=list[Ticket],
        items="results",
        total="count",
        cursor="cursor",
        target=target,
        policy=RetryPolicy(max_attempts=1),
    )
    def search_tickets(args: Search) -> httpx.Request:
        """Search helpdesk tickets by text."""
        if args.cursor is not None:  # a next-page URL, reduced to its path and query
            return httpx.Request("GET", httpx.URL(UPSTREAM).join(args.cursor))
        return httpx.Request(
            "GET", UPSTREAM, params={"search": args.query, "page_size": args.limit}
        )

    return search_tickets


def sync_client() -> httpx.Client:
    return httpx.Client(transport=httpx.MockTransport(upstream))


def async_client() -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.MockTransport(upstream))


@dataclass(frozen=True)
class Case:
    """One call the model makes, and what each side must receive."""

    name: str
    arguments: dict[str, Any]
    outcome: Outcome
    code: FailureCode | None
    model_reads: str  # a phrase the model's text must contain
    returned: int | None = None


CASES: tuple[Case, ...] = (
    Case("results", {"query": "refund"}, Outcome.SUCCESS, None, "OK: 2 results.", 2),
    Case(
        "empty",
        {"query": "unicorn"},
        Outcome.EMPTY,
        None,
        "The source was searched and nothing matched.",
        0,
    ),
    Case(
        "page_1_of_180",
        {"query": "invoice"},
        Outcome.PARTIAL,
        None,
        'call "search_tickets" again with the same arguments and cursor set to',
        25,
    ),
    Case(
        "unavailable",
        {"query": "outage"},
        Outcome.ACCESS_FAILURE,
        FailureCode.SERVER_ERROR,
        "may succeed if retried later",
    ),
    Case(
        "login_page",
        {"query": "session"},
        Outcome.ACCESS_FAILURE,
        FailureCode.INVALID_BODY,
        "most likely a login page",
    ),
    Case(
        "invalid_arguments",
        {"query": "refund", "limit": "many"},
        Outcome.ACCESS_FAILURE,
        FailureCode.INVALID_ARGUMENTS,
        "Fix exactly those and call again",
    ),
    Case(
        "upstream_400",
        {"query": "malformed"},
        Outcome.ACCESS_FAILURE,
        FailureCode.BAD_REQUEST,
        "Do not retry with the same arguments.",
    ),
)
CASE_IDS = [case.name for case in CASES]


def check_envelope(case: Case, env: Any) -> None:
    """The application's envelope says what the case says: outcome, code, count."""
    assert env.outcome is case.outcome, env
    if case.code is None:
        assert env.failure is None
    else:
        assert env.failure is not None
        assert env.failure.code is case.code
    if case.returned is not None:
        assert env.coverage is not None
        assert env.coverage.returned == case.returned


def check_text(case: Case, text: str) -> None:
    """The model's words say what the case says, and never the internal host."""
    assert case.model_reads in text, text
    assert "tickets.internal" not in text
    if case.code is FailureCode.INVALID_ARGUMENTS:
        assert "limit" in text
