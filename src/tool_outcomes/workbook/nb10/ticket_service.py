"""The capstone's upstream: a mocked helpdesk "ticket service" that mixes conventions and failures.

Notebook 10 asks the learner to wrap this service end to end with ``tool_outcomes.tool``. The
learner reads its documentation (``ticket_service.md`` beside this file, shown by
:func:`documentation`), never this code, just as one would for a real API. The service is an
``httpx.MockTransport`` handler, deterministic and in-process:

* ``GET /api/v2/projects`` lists projects (the notebook's worked example);
* ``GET /api/v2/projects/{project}/tickets/search?text=&limit=&cursor=`` pages through the
  tickets whose subject matches, with a ``total_matches`` over all pages, a ``next_cursor``, a
  depth cap of 50 matches, and an ``incomplete_results`` flag when its index timed out;
* tickets carry three-state fields (``refund_issued`` needs the ``billing:read`` scope) and
  some are legacy records (``ticket_id``, ``title``, ``priority`` as a string) or damaged ones
  (no id at all);
* around it, the world misbehaves per scenario: an SSO proxy's HTML login page in a ``200``,
  ``503`` and ``429`` with ``Retry-After`` before (or instead of) an answer.

A :class:`Scenario` is one call of the search tool in one such world: its arguments and its
:class:`Conditions`. :func:`service_client` gives an ``httpx.Client`` on a fresh service for a
scenario; the :class:`TicketService` behind it keeps a log of every request it served (and, when
given a clock, when), so a scorecard can tell how often and how patiently a tool asked.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

import httpx
from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "BASE_URL",
    "DOCUMENTATION_PATH",
    "PAGE_DEPTH_CAP",
    "SCENARIOS",
    "Conditions",
    "Documentation",
    "Refusal",
    "Scenario",
    "SearchTickets",
    "Served",
    "TicketService",
    "documentation",
    "get_scenario",
    "scenario_names",
    "served_answer",
    "service_client",
]

#: Where the service lives (a mocked host: nothing leaves the machine).
BASE_URL = "https://desk.example.test/api/v2"
_HOST = "desk.example.test"
_PREFIX = "/api/v2"

#: The documentation a learner reads instead of this module.
DOCUMENTATION_PATH = Path(__file__).with_name("ticket_service.md")

#: A search serves only its first this-many matches, over all its pages.
PAGE_DEPTH_CAP = 50
_DEFAULT_LIMIT = 10
_MAX_LIMIT = 50
_SEARCH_PARAMETERS = ("text", "limit", "cursor")
_CURSOR = re.compile(r"^c([2-9]|[1-9][0-9]+)$")
_SEARCH_PATH = re.compile(rf"^{_PREFIX}/projects/(?P<project>[^/]+)/tickets/search$")

_LOGIN_PAGE = (
    "<!DOCTYPE html><html><head><title>Sign in · Example Corp SSO</title></head>"
    '<body><form action="https://sso.example.test/login" method="post">'
    '<input name="username"><input name="password" type="password">'
    "<button>Sign in</button></form></body></html>"
)


class SearchTickets(BaseModel):
    """The search tool's arguments: which project, which words, and which page."""

    model_config = ConfigDict(extra="forbid")

    project: str = Field(pattern=r"^[A-Z]{2,10}$", description="The project key, e.g. 'DESK'.")
    text: str = Field(min_length=1, description="Words to look for in ticket subjects.")
    limit: int = Field(default=_DEFAULT_LIMIT, ge=1, le=_MAX_LIMIT, description="Tickets a page.")
    cursor: str | None = Field(default=None, description="The previous page's next_cursor.")


# -- the world: projects and tickets, as the service stores them ----------------------------------


def _present(value: object) -> dict[str, object]:
    return {"status": "present", "value": value, "reason": None}


def _not_applicable(reason: str) -> dict[str, object]:
    return {"status": "not_applicable", "value": None, "reason": reason}


_DANA = "dana@example.com"
_LEE = "lee@example.com"


def _ticket(
    ticket_id: str,
    subject: str,
    status: str,
    priority: int,
    refund: bool,
    manager: dict[str, object],
) -> dict[str, object]:
    return {
        "id": ticket_id,
        "subject": subject,
        "status": status,
        "priority": priority,
        "refund_issued": _present(refund),
        "account_manager": manager,
    }


def _legacy(
    ticket_id: str | None, title: str, status: str, priority: str, legacy_ref: str
) -> dict[str, object]:
    record: dict[str, object] = {} if ticket_id is None else {"ticket_id": ticket_id}
    record |= {
        "title": title,
        "status": status,
        "priority": priority,
        "legacy_ref": legacy_ref,
        "refund_issued": _present(False),
        "account_manager": _not_applicable("out_of_scope"),
    }
    return record


def _generated(first: int, count: int, phrases: tuple[str, ...]) -> tuple[dict[str, object], ...]:
    """``count`` ordinary tickets numbered from ``first``, their fields cycling in a fixed way."""
    statuses = ("open", "pending", "closed")
    managers = (_present(_DANA), _not_applicable("out_of_scope"), _present(_LEE))
    return tuple(
        _ticket(
            f"TCK-{first + n}",
            f"{phrases[n % len(phrases)]} (order {40_100 + n})",
            statuses[n % 3],
            n % 4 + 1,
            n % 5 == 2,
            managers[n % 3],
        )
        for n in range(count)
    )


@dataclass(frozen=True)
class _Matches:
    """What a search for one text finds: the records in rank order, and whether it timed out."""

    records: tuple[dict[str, object], ...] = ()
    timed_out: bool = False


_PRINTER = (
    _ticket("TCK-1001", "Printer driver crashes at login", "open", 2, False, _present(_DANA)),
    _ticket(
        "TCK-1002", "Printer offline after update", "pending", 3, False,
        _not_applicable("out_of_scope"),
    ),
    _ticket("TCK-1003", "Refund for a broken printer", "closed", 1, True, _present(_LEE)),
    _ticket(
        "TCK-1004", "Printer prints blank pages", "open", 4, False,
        _not_applicable("fetch_failed"),
    ),
)  # fmt: skip

# Legacy records among v2 ones; then a damaged record (no id at all) between two good ones.
_PASSWORD = (
    _ticket("TCK-1101", "Password reset link expired", "open", 2, False, _present(_DANA)),
    _legacy("TCK-0412", "Password reset email never arrives", "closed", "3", "OTRS-77812"),
    _legacy("TCK-0415", "Cannot change password", "open", "1", "OTRS-77950"),
)
_EXPORT = (
    _ticket("TCK-1201", "CSV export times out", "open", 2, False, _present(_LEE)),
    _legacy(None, "Export to PDF loses images", "pending", "2", "OTRS-78003"),
    _ticket("TCK-1203", "Export button missing", "closed", 3, True, _present(_DANA)),
)

#: What each search text finds in project DESK; any other text finds nothing.
_DESK_SEARCHES: Mapping[str, _Matches] = MappingProxyType(
    {
        "printer": _Matches(_PRINTER),
        "refund": _Matches(
            _generated(
                2001,
                23,
                ("Refund not received", "Refund issued twice", "Refund to an expired card"),
            )
        ),
        "error": _Matches(
            _generated(3001, 180, ("Error 500 at checkout", "Error on the invoice page"))
        ),
        "password": _Matches(_PASSWORD),
        "export": _Matches(_EXPORT),
        "invoice": _Matches(timed_out=True),
    }
)

#: Project key -> that project's searches.
_PROJECTS: Mapping[str, Mapping[str, _Matches]] = MappingProxyType(
    {"DESK": _DESK_SEARCHES, "OPS": MappingProxyType({})}
)
_PROJECT_LIST = (
    {"key": "DESK", "name": "Customer support", "open_tickets": 37, "lead": _present(_DANA)},
    {
        "project_key": "OPS",
        "name": "Operations",
        "open_tickets": "12",
        "lead": _not_applicable("out_of_scope"),
    },
)


# -- the conditions a call meets ------------------------------------------------------------------


@dataclass(frozen=True)
class Refusal:
    """An answer the service gives instead of serving the call: a status with a Retry-After."""

    status: int
    retry_after_s: int
    error: str
    message: str

    def response(self) -> httpx.Response:
        """The refusal as the service sends it."""
        return httpx.Response(
            self.status,
            json={"error": self.error, "message": self.message},
            headers={"retry-after": str(self.retry_after_s)},
        )


@dataclass(frozen=True)
class Conditions:
    """The world one call meets.

    Args:
        billing_scope: Whether the caller's token has ``billing:read`` (else refunds are hidden).
        sso_session_expired: The SSO proxy answers every call with its HTML login page.
        refusals_first: Served in order, one per request, before the service answers normally.
        refuse_always: Served for every request instead of an answer.
    """

    billing_scope: bool = True
    sso_session_expired: bool = False
    refusals_first: tuple[Refusal, ...] = ()
    refuse_always: Refusal | None = None


@dataclass(frozen=True)
class Served:
    """One request the service saw, when it saw it, and the status it answered."""

    at_s: float | None
    method: str
    path: str
    params: tuple[tuple[str, str], ...]
    status: int
    retry_after_s: int | None = None


class TicketService:
    """The service itself: a handler for ``httpx.MockTransport``, one world per instance.

    Args:
        conditions: What the world is like for the calls this instance serves.
        clock: Read at each request to time-stamp the log (a ``FakeClock`` in a scorecard).
    """

    def __init__(
        self, conditions: Conditions | None = None, *, clock: Callable[[], float] | None = None
    ) -> None:
        self.conditions = conditions if conditions is not None else Conditions()
        self.clock = clock
        self.log: list[Served] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        response = self._answer(request)
        retry_after = response.headers.get("retry-after")
        self.log.append(
            Served(
                at_s=None if self.clock is None else self.clock(),
                method=request.method,
                path=request.url.path,
                params=tuple(request.url.params.multi_items()),
                status=response.status_code,
                retry_after_s=None if retry_after is None else int(retry_after),
            )
        )
        return response

    def _answer(self, request: httpx.Request) -> httpx.Response:
        if request.url.host != _HOST:
            message = f"could not resolve host {request.url.host!r}"
            raise httpx.ConnectError(message, request=request)
        conditions = self.conditions
        if conditions.sso_session_expired:
            return httpx.Response(
                200, text=_LOGIN_PAGE, headers={"content-type": "text/html; charset=utf-8"}
            )
        if len(self.log) < len(conditions.refusals_first):
            return conditions.refusals_first[len(self.log)].response()
        if conditions.refuse_always is not None:
            return conditions.refuse_always.response()
        if request.method != "GET":
            return _error(405, "method_not_allowed", f"{request.method} is not allowed: use GET")
        path = request.url.path
        if path == f"{_PREFIX}/projects":
            return httpx.Response(200, json={"projects": list(_PROJECT_LIST)})
        match = _SEARCH_PATH.match(path)
        if match is None:
            return _error(404, "no_route", f"no route for GET {path}")
        return self._search(match["project"], request.url.params)

    def _search(self, project: str, params: httpx.QueryParams) -> httpx.Response:
        searches = _PROJECTS.get(project)
        if searches is None:
            return _error(404, "no_such_project", f"no project {project!r}")
        unknown = sorted(set(params) - set(_SEARCH_PARAMETERS))
        if unknown:
            expected = ", ".join(_SEARCH_PARAMETERS)
            return _error(400, "bad_parameter", f"unknown parameter {unknown[0]!r} ({expected})")
        text = params.get("text", "").strip()
        if not text:
            return _error(400, "bad_parameter", "text is required")
        limit_text = params.get("limit") or str(_DEFAULT_LIMIT)
        if not limit_text.isdigit() or not 1 <= int(limit_text) <= _MAX_LIMIT:
            return _error(400, "bad_parameter", f"limit must be 1 to {_MAX_LIMIT}: {limit_text!r}")
        limit = int(limit_text)
        found = searches.get(" ".join(text.lower().split()), _Matches())
        reachable = min(len(found.records), PAGE_DEPTH_CAP)
        cursor = params.get("cursor") or None
        page = 1
        if cursor is not None:
            cursor_match = _CURSOR.match(cursor)
            page = int(cursor_match[1]) if cursor_match else 0
            if page == 0 or (page - 1) * limit >= reachable:
                return _error(400, "bad_parameter", f"this search never gave out cursor {cursor!r}")
        start = (page - 1) * limit
        end = min(start + limit, reachable)
        tickets = [self._as_seen(record) for record in found.records[start:end]]
        return httpx.Response(
            200,
            json={
                "tickets": tickets,
                "total_matches": len(found.records),
                "next_cursor": f"c{page + 1}" if end < reachable else None,
                "incomplete_results": found.timed_out,
            },
        )

    def _as_seen(self, record: Mapping[str, object]) -> dict[str, object]:
        """A record as this caller may see it: refunds hidden without ``billing:read``."""
        seen = dict(record)
        if not self.conditions.billing_scope and "refund_issued" in seen:
            seen["refund_issued"] = _not_applicable("no_permission")
        return seen


def _error(status: int, error: str, message: str) -> httpx.Response:
    return httpx.Response(status, json={"error": error, "message": message})


# -- the scenarios ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Scenario:
    """One call of the search tool in one world: what the caller asks, and what the world is like.

    Args:
        name: A short unique name (``"deploy_503"``).
        what: What happens, in a few words, for a person.
        args: The search tool's arguments (see :class:`SearchTickets`).
        conditions: The world the call meets.
    """

    name: str
    what: str
    args: Mapping[str, Any]
    conditions: Conditions = field(default_factory=Conditions)

    def service(self, clock: Callable[[], float] | None = None) -> TicketService:
        """A fresh service in this scenario's world."""
        return TicketService(self.conditions, clock=clock)


def _desk(text: str, **more: object) -> Mapping[str, Any]:
    return MappingProxyType({"project": "DESK", "text": text, **more})


_DEPLOYING = Refusal(503, 2, "deploying", "a new version is being deployed")
_THROTTLED = Refusal(429, 3, "rate_limited", "quota of 60 calls a minute spent")
_SLOW_DEPLOY = Refusal(503, 7, "deploying", "the deployment is taking a while")

#: The capstone's scenarios, in the order a scorecard lists them.
SCENARIOS: tuple[Scenario, ...] = (
    Scenario("single_page", "4 tickets match, all on one page", _desk("printer")),
    Scenario("first_page", "page 1 of a search with 23 matches", _desk("refund")),
    Scenario("next_page", "page 2 of the same search, by its cursor", _desk("refund", cursor="c2")),
    Scenario("capped_search", "180 matches; only 50 can be paged", _desk("error", limit=50)),
    Scenario("no_match", "nothing matches the words", _desk("unicorn")),
    Scenario("search_timed_out", "the index ran out of time, 0 tickets", _desk("invoice")),
    Scenario("legacy_records", "2 of 3 tickets are legacy records", _desk("password")),
    Scenario("damaged_record", "one ticket on the page has no id", _desk("export")),
    Scenario(
        "no_billing_scope",
        "the token lacks billing:read",
        _desk("printer"),
        Conditions(billing_scope=False),
    ),
    Scenario(
        "sso_login_page",
        "the SSO proxy answers with its login page",
        _desk("printer"),
        Conditions(sso_session_expired=True),
    ),
    Scenario(
        "unknown_project", "the project key does not exist", {"project": "NOPE", "text": "printer"}
    ),
    Scenario(
        "deploy_503",
        "503, Retry-After 2, then the answer",
        _desk("printer"),
        Conditions(refusals_first=(_DEPLOYING,)),
    ),
    Scenario(
        "rate_limited_twice",
        "429, Retry-After 3, twice, then the answer",
        _desk("printer"),
        Conditions(refusals_first=(_THROTTLED, _THROTTLED)),
    ),
    Scenario(
        "outage",
        "503, Retry-After 1, on every call",
        _desk("printer"),
        Conditions(refuse_always=Refusal(503, 1, "deploying", "the deployment is stuck")),
    ),
    Scenario(
        "maintenance_window",
        "503, Retry-After 45, on every call",
        _desk("printer"),
        Conditions(refuse_always=Refusal(503, 45, "maintenance", "back at 02:00 UTC")),
    ),
    # At the edge of the assistant's 20 s: the 4th attempt would answer 21 s after the first,
    # so a tool within 20 s gives up at 14 s and one allowed longer answers too late.
    Scenario(
        "slow_deploy",
        "503, Retry-After 7, 3 times, then the answer",
        _desk("printer"),
        Conditions(refusals_first=(_SLOW_DEPLOY,) * 3),
    ),
)

_BY_NAME: Mapping[str, Scenario] = MappingProxyType({s.name: s for s in SCENARIOS})


def scenario_names() -> tuple[str, ...]:
    """Every scenario's name, in scorecard order."""
    return tuple(_BY_NAME)


def get_scenario(name: str) -> Scenario:
    """The scenario called ``name``.

    Raises:
        KeyError: no such scenario; the message lists the known ones.
    """
    try:
        return _BY_NAME[name]
    except KeyError:
        known = ", ".join(_BY_NAME)
        raise KeyError(f"no ticket-service scenario {name!r}; known: {known}") from None


def service_client(
    scenario: str | Scenario | None = None, *, clock: Callable[[], float] | None = None
) -> httpx.Client:
    """An ``httpx.Client`` whose requests reach a fresh ticket service.

    Args:
        scenario: The world to serve (a name or a :class:`Scenario`); ``None`` for a calm one.
        clock: Time-stamps the service's log (see :class:`TicketService`).

    Returns:
        A client on an ``httpx.MockTransport``; the service is its transport's ``handler``.
    """
    if scenario is None:
        service = TicketService(clock=clock)
    else:
        chosen = get_scenario(scenario) if isinstance(scenario, str) else scenario
        service = chosen.service(clock)
    return httpx.Client(transport=httpx.MockTransport(service))


def served_answer(scenario: str | Scenario) -> Any:
    """The JSON the service answers a scenario's search with, once nothing stands in the way.

    The truth a scorecard compares a tool's data with: the scenario's arguments, its caller's
    scopes, and no SSO proxy or refusal in front.

    Args:
        scenario: A name or a :class:`Scenario`.

    Returns:
        The decoded body (a search page, or an error object for an unknown project).
    """
    chosen = get_scenario(scenario) if isinstance(scenario, str) else scenario
    calm = Conditions(billing_scope=chosen.conditions.billing_scope)
    args = SearchTickets.model_validate(dict(chosen.args))
    params = {"text": args.text, "limit": str(args.limit)}
    if args.cursor is not None:
        params["cursor"] = args.cursor
    url = f"{BASE_URL}/projects/{args.project}/tickets/search"
    response = TicketService(calm)(httpx.Request("GET", url, params=params))
    return response.json()


# -- the documentation ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Documentation:
    """The service's documentation: Markdown in JupyterLab, a one-line summary in plain text."""

    text: str

    def _repr_markdown_(self) -> str:
        return self.text

    def __repr__(self) -> str:
        title = self.text.splitlines()[0].lstrip("# ").strip()
        return f"{title} (documentation: {len(self.text.splitlines())} lines of Markdown)"

    def example_answer(self) -> Any:
        """The example search answer the documentation shows, decoded."""
        block = self.text.split("answers:\n\n```json\n", 1)[1].split("\n```", 1)[0]
        return json.loads(block)


def documentation() -> Documentation:
    """The ticket service's documentation, as a learner reads it."""
    return Documentation(DOCUMENTATION_PATH.read_text(encoding="utf-8"))
