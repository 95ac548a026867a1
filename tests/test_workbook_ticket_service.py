"""The capstone's mocked ticket service: it does what its documentation says, and nothing else."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from pydantic import ValidationError

from tool_outcomes.testing import FakeClock
from tool_outcomes.workbook.nb10.ticket_service import (
    BASE_URL,
    PAGE_DEPTH_CAP,
    SCENARIOS,
    Conditions,
    Refusal,
    SearchTickets,
    TicketService,
    documentation,
    get_scenario,
    scenario_names,
    served_answer,
    service_client,
)

SEARCH = f"{BASE_URL}/projects/DESK/tickets/search"


def search(
    params: dict[str, Any], conditions: Conditions | None = None, url: str = SEARCH
) -> httpx.Response:
    with httpx.Client(transport=httpx.MockTransport(TicketService(conditions))) as client:
        return client.get(url, params=params)


def ids(response: httpx.Response) -> list[str]:
    return [t.get("id", t.get("ticket_id")) for t in response.json()["tickets"]]


# -- the documentation --------------------------------------------------------------------------


def test_the_documented_example_is_what_the_service_answers() -> None:
    """The example search answer in the documentation is the service's answer, to the byte."""
    answer = search({"text": "printer", "limit": 2}).json()
    assert documentation().example_answer() == answer


def test_the_documentation_shows_as_markdown_with_a_one_line_plain_form() -> None:
    """In JupyterLab it renders as Markdown; its text/plain form is one line naming it."""
    docs = documentation()
    assert docs._repr_markdown_().startswith("# Helpdesk API v2")
    assert "\n" not in repr(docs)
    assert repr(docs).startswith("Helpdesk API v2: the ticket service (documentation: ")


# Every error the service can give: (what to send, status, `error`), each in the docs' table.
ERRORS = [
    ({"text": "printer", "q": "x"}, None, 400, "bad_parameter"),
    ({"limit": 5}, None, 400, "bad_parameter"),
    ({"text": "printer", "limit": 0}, None, 400, "bad_parameter"),
    ({"text": "printer", "limit": 51}, None, 400, "bad_parameter"),
    ({"text": "printer", "limit": "ten"}, None, 400, "bad_parameter"),
    ({"text": "printer", "cursor": "c2"}, None, 400, "bad_parameter"),
    ({"text": "printer", "cursor": "next"}, None, 400, "bad_parameter"),
    ({"text": "printer"}, f"{BASE_URL}/projects/NOPE/tickets/search", 404, "no_such_project"),
    ({"text": "printer"}, f"{BASE_URL}/tickets/search", 404, "no_route"),
]


@pytest.mark.parametrize(("params", "url", "status", "error"), ERRORS)
def test_each_error_is_the_documented_one(
    params: dict[str, Any], url: str | None, status: int, error: str
) -> None:
    """Bad calls get the status and ``error`` the documentation's table lists for them."""
    response = search(params, url=url or SEARCH)
    assert response.status_code == status
    assert response.json()["error"] == error
    assert re.search(rf"^\| {status} \| [^\n]*`{error}`", documentation().text, re.MULTILINE)


def test_only_get_is_served() -> None:
    """Any other method is a 405, as documented."""
    with service_client() as client:
        response = client.post(SEARCH, params={"text": "printer"})
    assert response.status_code == 405
    assert response.json()["error"] == "method_not_allowed"


def test_another_host_is_not_reached() -> None:
    """A request to a host that is not the service fails as a connection error would."""
    with service_client() as client, pytest.raises(httpx.ConnectError):
        client.get("https://elsewhere.example.test/api/v2/projects")


# -- searching ----------------------------------------------------------------------------------


def test_a_search_pages_by_cursor_and_counts_every_match() -> None:
    """Each page carries the total over all pages and the cursor of the next, until the last."""
    seen: list[str] = []
    cursors: list[str | None] = []
    params: dict[str, Any] = {"text": "Refund"}
    while True:
        page = search(params).json()
        assert page["total_matches"] == 23
        seen += [t["id"] for t in page["tickets"]]
        cursors.append(page["next_cursor"])
        if page["next_cursor"] is None:
            break
        params = {"text": "refund", "cursor": page["next_cursor"]}
    assert cursors == ["c2", "c3", None]
    assert seen == [f"TCK-{2001 + n}" for n in range(23)]


def test_no_search_pages_past_its_first_fifty_matches() -> None:
    """Past the depth cap the cursor is null although the total is higher."""
    page = search({"text": "error", "limit": 50}).json()
    assert (len(page["tickets"]), page["total_matches"], page["next_cursor"]) == (50, 180, None)
    last = search({"text": "error", "limit": 10, "cursor": "c5"}).json()
    assert last["next_cursor"] is None
    assert last["tickets"][-1]["id"] == f"TCK-{3000 + PAGE_DEPTH_CAP}"
    assert search({"text": "error", "cursor": "c6"}).status_code == 400


def test_words_that_match_nothing_answer_an_empty_page() -> None:
    """A search that ran and found nothing is a 200 with no tickets and a total of zero."""
    page = search({"text": "unicorn"}).json()
    assert page == {
        "tickets": [],
        "total_matches": 0,
        "next_cursor": None,
        "incomplete_results": False,
    }


def test_a_search_that_ran_out_of_time_flags_itself() -> None:
    """The index's timeout is ``incomplete_results: true``, with what it found (nothing)."""
    page = search({"text": "invoice"}).json()
    assert page["incomplete_results"] is True
    assert page["tickets"] == []


def test_legacy_and_damaged_records_are_served_as_stored() -> None:
    """Legacy names, a priority as a string, an extra field; a damaged record has no id."""
    legacy = search({"text": "password"}).json()["tickets"]
    assert set(legacy[1]) == {
        "ticket_id", "title", "status", "priority", "legacy_ref", "refund_issued",
        "account_manager",
    }  # fmt: skip
    assert legacy[1]["priority"] == "3"
    damaged = search({"text": "export"}).json()["tickets"][1]
    assert "id" not in damaged
    assert "ticket_id" not in damaged


def test_without_billing_scope_only_refunds_are_hidden() -> None:
    """A token without billing:read sees every refund as not applicable, no permission."""
    full = search({"text": "printer"}).json()["tickets"]
    hidden = search({"text": "printer"}, Conditions(billing_scope=False)).json()["tickets"]
    hidden_refund = {"status": "not_applicable", "value": None, "reason": "no_permission"}
    assert [t["refund_issued"] for t in hidden] == [hidden_refund] * len(full)
    assert [t | {"refund_issued": None} for t in hidden] == [
        t | {"refund_issued": None} for t in full
    ]


def test_the_projects_listing_mixes_old_and_new_projects() -> None:
    """``GET /projects`` lists a v2 project and one with the pre-2019 names and types."""
    with service_client() as client:
        projects = client.get(f"{BASE_URL}/projects").json()["projects"]
    assert [p.get("key", p.get("project_key")) for p in projects] == ["DESK", "OPS"]
    assert projects[1]["open_tickets"] == "12"


# -- the world around it ------------------------------------------------------------------------


def test_the_sso_proxy_answers_every_call_with_a_login_page() -> None:
    """An expired SSO session turns every call into a 200 HTML login page."""
    response = search({"text": "printer"}, Conditions(sso_session_expired=True))
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert "<form" in response.text


def test_refusals_come_first_in_order_then_the_answer() -> None:
    """``refusals_first`` are served one per request; then the service answers normally."""
    first = Refusal(503, 2, "deploying", "wait")
    second = Refusal(429, 3, "rate_limited", "slow down")
    service = TicketService(Conditions(refusals_first=(first, second)))
    with httpx.Client(transport=httpx.MockTransport(service)) as client:
        statuses = [client.get(SEARCH, params={"text": "printer"}) for _ in range(3)]
    assert [r.status_code for r in statuses] == [503, 429, 200]
    assert statuses[0].headers["retry-after"] == "2"
    assert statuses[1].json() == {"error": "rate_limited", "message": "slow down"}


def test_a_refusal_for_always_never_lets_a_call_through() -> None:
    """``refuse_always`` answers every request with the same refusal."""
    conditions = Conditions(refuse_always=Refusal(503, 45, "maintenance", "later"))
    assert {search({"text": "printer"}, conditions).status_code for _ in range(3)} == {503}


def test_the_log_records_each_request_its_time_and_its_retry_after() -> None:
    """The service's log is how a scorecard counts attempts and measures waits."""
    clock = FakeClock()
    service = TicketService(
        Conditions(refusals_first=(Refusal(503, 2, "deploying", "x"),)), clock=clock
    )
    with httpx.Client(transport=httpx.MockTransport(service)) as client:
        client.get(SEARCH, params={"text": "printer"})
        clock.advance(2.5)
        client.get(SEARCH, params={"text": "printer", "limit": 3})
    assert [(s.at_s, s.status, s.retry_after_s) for s in service.log] == [
        (0.0, 503, 2),
        (2.5, 200, None),
    ]
    assert service.log[1].params == (("text", "printer"), ("limit", "3"))
    assert service.log[1].path == "/api/v2/projects/DESK/tickets/search"


# -- the scenarios ------------------------------------------------------------------------------


def test_scenarios_have_unique_names_and_valid_arguments() -> None:
    """Every scenario is found by its name, and its arguments satisfy the tool's args model."""
    assert len(set(scenario_names())) == len(SCENARIOS) == 16
    for scenario in SCENARIOS:
        assert get_scenario(scenario.name) is scenario
        SearchTickets.model_validate(dict(scenario.args))


def test_an_unknown_scenario_name_lists_the_known_ones() -> None:
    """A typo names what exists instead of failing silently."""
    with pytest.raises(KeyError, match="known: single_page, first_page"):
        get_scenario("singel_page")


def test_the_served_answer_is_the_scenario_without_the_world_in_the_way() -> None:
    """A refusal or a proxy changes the world, not what the search finds."""
    calm = served_answer("single_page")
    for name in ("deploy_503", "rate_limited_twice", "outage", "sso_login_page"):
        assert served_answer(name) == calm
    assert served_answer("no_billing_scope") != calm
    assert served_answer("unknown_project")["error"] == "no_such_project"


def test_a_scenario_client_meets_its_world() -> None:
    """``service_client(name)`` serves that scenario's conditions, afresh each time."""
    for _ in range(2):
        with service_client("deploy_503") as client:
            statuses = [client.get(SEARCH, params={"text": "printer"}).status_code for _ in "ab"]
        assert statuses == [503, 200]


@pytest.mark.parametrize(
    "arguments",
    [
        {"project": "../admin", "text": "x"},
        {"project": "DESK", "text": ""},
        {"project": "DESK", "text": "x", "limit": 51},
        {"project": "DESK", "text": "x", "page": 2},
    ],
)
def test_the_search_arguments_refuse_what_the_service_would(arguments: dict[str, Any]) -> None:
    """A path in the project key, no words, a limit over 50, an unknown argument: refused early."""
    with pytest.raises(ValidationError):
        SearchTickets.model_validate(arguments)
