"""The conformance kit: check_tool passes correct tools and names the fault each wrong one hides.

Every tool here is checked through the public kit only (``tool_outcomes.testing``): request
builders through a mounted :class:`FaultTransport`, plain functions through respx, sync and
async alike, each call on a fake clock.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from tool_outcomes import (
    BreakerState,
    CircuitBreaker,
    Envelope,
    FailureCode,
    FailureKind,
    Outcome,
    OutcomeCounter,
    RetryPolicy,
    Tool,
    tool,
)
from tool_outcomes.testing import (
    FAULTS,
    LIBRARY_EXCEPTIONS,
    ConformanceReport,
    FaultTransport,
    Scope,
    Verdict,
    assert_outcome,
    check_tool,
    conformance_problem,
    raise_as,
)
from tool_outcomes.workbook import scenarios

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
URL = "https://api.example.test/search"

Mode = Literal["sync", "async"]
MODES: tuple[Mode, ...] = ("sync", "async")


class Query(BaseModel):
    q: str


class Item(BaseModel):
    id: int
    name: str


#: A Django REST Framework page: the shape most of these tools are declared for.
PAGE = {
    "count": 2,
    "next": None,
    "previous": None,
    "results": [{"id": 1, "name": "bolt"}, {"id": 2, "name": "nut"}],
}
#: The same items nested one level deeper, with no total: a tool must name the path.
NESTED = {"data": {"rows": [{"id": 1, "name": "bolt"}, {"id": 2, "name": "nut"}]}, "meta": {}}


# -- the tools under test -------------------------------------------------------------------------


def request_builder(mode: Mode, **options: Any) -> Tool[Query, Any]:
    """A search tool that builds its request; the adapter sends it."""
    if mode == "sync":

        def search(args: Query) -> httpx.Request:
            return httpx.Request("GET", URL, params={"q": args.q})

        return tool(args=Query, **options)(search)

    async def asearch(args: Query) -> httpx.Request:
        return httpx.Request("GET", URL, params={"q": args.q})

    return tool(args=Query, **options)(asearch)


def plain_handler(mode: Mode, **options: Any) -> Tool[Query, Any]:
    """A search tool whose handler sends its own request and returns the response."""
    if mode == "sync":

        def search(args: Query) -> httpx.Response:
            return httpx.get(URL, params={"q": args.q})

        return tool(args=Query, **options)(search)

    async def asearch(args: Query) -> httpx.Response:
        async with httpx.AsyncClient() as client:
            return await client.get(URL, params={"q": args.q})

    return tool(args=Query, **options)(asearch)


def swallowing(mode: Mode) -> Callable[..., Any]:
    """The seed's naive tool: any exception becomes ``[]``."""
    if mode == "sync":

        def search(q: str) -> list[Any]:
            try:
                return list(httpx.get(URL, params={"q": q}).json()["results"])
            except Exception:
                return []

        return search

    async def asearch(q: str) -> list[Any]:
        try:
            async with httpx.AsyncClient() as client:
                response = await client.get(URL, params={"q": q})
            return list(response.json()["results"])
        except Exception:
            return []

    return asearch


CORRECT: dict[str, Any] = {"result": list[Item], "items": "results", "total": "count"}


def _ran(report: ConformanceReport) -> list[str]:
    return [row.name for row in report.rows if row.verdict is not Verdict.SKIP]


# -- correct tools pass ---------------------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("build", [request_builder, plain_handler], ids=["builder", "plain"])
def test_a_correctly_declared_tool_passes_every_fault(
    mode: Mode, build: Callable[..., Tool[Query, Any]]
) -> None:
    """A tool declared for its body passes every fault that concerns it, derived ones included."""
    report = check_tool(build(mode, **CORRECT), {"q": "bolt"}, success_body=PAGE)
    assert report.ok, str(report)
    ran = _ran(report)
    assert {"timeout", "lying_html_200", "not_found_404", "your_page_items_emptied"} <= set(ran)
    assert len(ran) >= 55


def test_an_unannotated_request_builder_passes_too() -> None:
    """A builder not annotated to return a Request is routed like a plain function: same rows."""

    @tool(args=Query, **CORRECT)
    def search(args):  # type: ignore[no-untyped-def]
        return httpx.Request("GET", URL, params={"q": args.q})

    report = check_tool(search, {"q": "bolt"}, success_body=PAGE)
    assert report.ok, str(report)
    assert report["raises_timeout_error"].verdict is Verdict.SKIP


def test_a_breaker_and_a_counter_see_nothing_of_the_check() -> None:
    """Each fault is its own call: the tool's breaker never opens, its counter counts nothing."""
    breaker = CircuitBreaker(failure_threshold=1)
    counter = OutcomeCounter()
    search = request_builder("sync", breaker=breaker, counter=counter, **CORRECT)
    report = check_tool(search, {"q": "x"}, faults=["timeout", "outage_503", "rate_limited"])
    assert report.ok, str(report)
    assert breaker.state is BreakerState.CLOSED
    assert counter.total("search") == 0


def test_a_plain_function_without_respx_is_refused_with_the_fix(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """respx stays optional: without it, driving a plain function says what to install."""
    monkeypatch.setitem(sys.modules, "respx", None)
    with pytest.raises(ImportError, match="pip install respx"):
        check_tool(swallowing("sync"), {"q": "x"}, faults=["timeout"])
    builder = check_tool(request_builder("sync", **CORRECT), {"q": "x"}, faults=["timeout"])
    assert builder.ok


def test_a_plain_function_meets_the_library_exceptions() -> None:
    """Only a plain function meets the library rows; a request builder skips them, saying why."""
    names = [row[0] for row in LIBRARY_EXCEPTIONS]
    plain = check_tool(plain_handler("sync", **CORRECT), {"q": "x"}, faults=names)
    builder = check_tool(request_builder("sync", **CORRECT), {"q": "x"}, faults=names)
    assert plain.ok, str(plain)
    assert _ran(plain) == names
    assert [row.verdict for row in builder.rows] == [Verdict.SKIP] * len(names)
    assert "request builder" in builder.rows[0].why


# -- wrong tools fail, on a row that names the fault and says why ---------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_a_function_that_swallows_a_timeout_fails_as_timeout_became_empty(mode: Mode) -> None:
    """The seed's example: a swallowed timeout shows as a failing row, 'timeout became empty'."""
    report = check_tool(swallowing(mode), {"q": "bolt"}, success_body=PAGE)
    row = report["timeout"]
    assert row.verdict is Verdict.FAIL
    assert row.got == "empty (0 items)"
    assert row.why.startswith("timeout became empty")
    assert not report.ok
    assert row in report.failures
    assert "timeout became empty" in str(report)


#: (what is wrong, the tool's declaration, its success body, the fault that catches it, the
#: words its row must say).
WRONG = [
    pytest.param(
        {},
        NESTED,
        "your_page_items_emptied",
        "every page reads as one record",
        id="items-path-missing-every-page-one-record",
    ),
    pytest.param(
        {"items": "results", "total": "count", "not_found": "empty"},
        PAGE,
        "not_found_404",
        "not found 404 became empty",
        id="search-declared-not-found-empty",
    ),
    pytest.param(
        {"result": list[Item], "items": "data.rows"},
        {"data": {"rows": [{"id": "not a number", "label": "bolt"}]}},
        "your_success_body",
        "your success body became access_failure/schema",
        id="result-model-rejects-the-real-body",
    ),
    pytest.param(
        {"items": "data"},
        NESTED,
        "your_success_body",
        "items path 'data' holds dict",
        id="items-path-names-an-object",
    ),
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(("options", "body", "fault", "says"), WRONG)
def test_a_wrongly_declared_tool_fails_on_the_fault_that_shows_it(
    mode: Mode, options: dict[str, Any], body: Any, fault: str, says: str
) -> None:
    """Each wrong declaration fails its row, sync and async, and the row says why."""
    report = check_tool(request_builder(mode, **options), {"q": "bolt"}, success_body=body)
    row = report[fault]
    assert row.verdict is Verdict.FAIL, str(report)
    assert says in row.why
    assert len(row.why) < 300, "a row's why is one sentence"
    assert row.name in str(report)
    assert row.why in str(report)


def test_a_total_under_its_own_name_is_found_through_the_declaration() -> None:
    """A total the usual names miss is raised and zeroed where the tool's `total=` points."""
    body = {"total_matches": 2, "tickets": [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]}
    declared = request_builder("sync", items="tickets", total="total_matches")
    undeclared = request_builder("sync", items="tickets")
    report = check_tool(declared, {"q": "x"}, success_body=body)
    assert report.ok, str(report)
    assert report["your_page_total_above_returned"].verdict is Verdict.PASS
    skipped = check_tool(undeclared, {"q": "x"}, success_body=body)
    assert (
        skipped["your_page_total_above_returned"].why == "your success body states no total count"
    )


def test_the_workbook_s_reference_capstone_tool_passes_the_kit() -> None:
    """Notebook 10's reference tool, checked on the ticket service's own answer, passes."""
    from tool_outcomes.workbook.nb10 import ticket_scorecard, ticket_service

    scenario = ticket_service.get_scenario("single_page")
    report = check_tool(
        ticket_scorecard.reference_tool(),
        dict(scenario.args),
        success_body=ticket_service.served_answer(scenario),
    )
    assert report.ok, str(report)
    assert len(report.passed) >= 55


def test_a_lookup_may_declare_a_404_empty() -> None:
    """Given one record as its body, a lookup meets the lookup 404 and skips the search one."""

    class ById(BaseModel):
        id: str

    @tool(args=ById, not_found="empty")
    def user(args: ById) -> httpx.Request:
        return httpx.Request("GET", f"https://api.example.test/users/{args.id}")

    report = check_tool(user, {"id": "u_1"}, success_body={"id": "u_1", "name": "Ada"})
    assert report.ok, str(report)
    assert report["not_found_lookup"].verdict is Verdict.PASS
    assert report["not_found_404"].verdict is Verdict.SKIP
    assert report["your_page_items_emptied"].why == "your success body is one record, not a page"


def test_a_write_meets_the_write_faults_and_skips_the_read_ones() -> None:
    """A POST's 2xx is acknowledged whatever its body; a timeout may be declared permanent."""

    class NewIssue(BaseModel):
        title: str

    @tool(args=NewIssue)
    def create(args: NewIssue) -> httpx.Request:
        return httpx.Request("POST", "https://api.example.test/issues", json=args.model_dump())

    report = check_tool(create, {"title": "x"})
    assert report.ok, str(report)
    assert report["write_acknowledged_204"].verdict is Verdict.PASS
    assert report["lying_html_200"].verdict is Verdict.SKIP
    assert report["timeout"].verdict is Verdict.PASS
    assert report["timeout"].got == "access_failure/timeout/permanent"


def test_retries_run_on_a_fake_clock() -> None:
    """A transient fault is retried per the tool's policy, an hour's backoff and all, at once."""
    policy = RetryPolicy(max_attempts=4, backoff_base_s=3600, backoff_cap_s=7200, jitter=False)
    report = check_tool(
        request_builder("sync", policy=policy, **CORRECT), {"q": "x"}, faults=["timeout"]
    )
    env = report["timeout"].envelope
    assert env is not None
    assert env.attempts == 4


def test_the_client_factory_builds_the_client_a_builder_sends_on() -> None:
    """A tool that relies on its client's base URL is checked on a client the caller builds."""

    @tool(args=Query, **CORRECT)
    def search(args: Query) -> httpx.Request:
        return httpx.Request("GET", "/search", params={"q": args.q})

    def factory(transport: FaultTransport) -> httpx.Client:
        return httpx.Client(transport=transport, base_url="https://api.example.test")

    report = check_tool(search, {"q": "x"}, success_body=PAGE, client_factory=factory)
    assert report.ok, str(report)


@pytest.mark.asyncio
async def test_check_tool_runs_inside_a_running_event_loop() -> None:
    """From a notebook or an async test, an async tool is checked on a loop of its own."""
    report = check_tool(plain_handler("async", **CORRECT), {"q": "x"}, faults=["timeout"])
    assert report["timeout"].verdict is Verdict.PASS


def test_a_call_that_raises_is_a_failing_row() -> None:
    """A programming error (an async client for a sync tool) fails the row, naming the error."""

    def wrong_client(transport: FaultTransport) -> httpx.AsyncClient:
        return httpx.AsyncClient(transport=transport)

    report = check_tool(
        request_builder("sync"), {"q": "x"}, faults=["timeout"], client_factory=wrong_client
    )
    assert report["timeout"].verdict is Verdict.FAIL
    assert report["timeout"].why == (
        "the call raised TypeError: client_factory made a AsyncClient: "
        "a sync tool sends on a Client"
    )


def test_a_tool_that_sends_nothing_says_the_fault_never_reached_it() -> None:
    """A function that never calls httpx cannot meet a fault; its row says so."""

    def offline(q: str) -> list[Any]:
        return []

    row = check_tool(offline, {"q": "x"}, faults=["timeout"])["timeout"]
    assert row.verdict is Verdict.FAIL
    assert "sent no request through httpx" in row.why


def test_conformance_problem_is_none_for_a_correct_tool_and_names_the_first_fault() -> None:
    """The notebook check: None when nothing failed, else the first failing fault in a sentence."""
    faults = ["timeout", "lying_html_200"]
    good = request_builder("sync", **CORRECT)
    assert conformance_problem(good, {"q": "x"}, faults=faults) is None
    problem = conformance_problem(swallowing("sync"), {"q": "x"}, faults=faults)
    assert problem is not None
    assert problem.startswith("timeout: expected access_failure/timeout/transient, got empty")
    assert "1 more faults failed too" in problem


def test_the_report_reads_as_a_table_and_as_html() -> None:
    """str() is the summary, a table of the rows that ran, and the skipped ones by reason."""
    faults = ["timeout", "stripe_has_more", "your_page_items_emptied"]
    report = check_tool(swallowing("sync"), {"q": "x"}, faults=faults)
    lines = str(report).splitlines()
    assert lines[0] == "search: 0 of 1 faults declared correctly, 1 failed, 2 skipped"
    assert lines[2].startswith("FAIL  timeout")
    assert any(line.startswith("skipped (1): another API's body") for line in lines)
    page = report._repr_html_()
    assert "<table" in page
    assert "timeout became empty" in page
    assert "another API&#x27;s body" in page


# -- the catalogue --------------------------------------------------------------------------------


def test_every_fixture_is_a_fault_with_the_fixture_s_expectation() -> None:
    """The fixtures stay the single source: each file is a fault expecting what the file says."""
    files = sorted(FIXTURES.glob("*.json"))
    assert files
    for path in files:
        spec = json.loads(path.read_text(encoding="utf-8"))
        fault = FAULTS[spec["name"]]
        expect = spec["expect"]
        assert (fault.expect.outcome, fault.expect.code, fault.expect.kind) == (
            Outcome(expect["outcome"]),
            expect["code"] and FailureCode(expect["code"]),
            expect["kind"],
        ), path.name
        assert fault.description == spec["description"]
        assert fault.origin == f"fixtures/{path.name}"


def test_the_catalogue_holds_the_issue_s_transport_faults() -> None:
    """Refused, DNS, the four timeouts, a disconnect, a cut stream, gzip twice, redirects."""
    wanted = {
        "refused": FailureCode.CONNECT,
        "dns_failure": FailureCode.CONNECT,
        "connect_timeout": FailureCode.TIMEOUT,
        "timeout": FailureCode.TIMEOUT,
        "pool_timeout": FailureCode.TIMEOUT,
        "write_timeout": FailureCode.TIMEOUT,
        "server_disconnected": FailureCode.NETWORK,
        "truncated_stream": FailureCode.NETWORK,
        "silently_truncated_gzip": FailureCode.INVALID_BODY,
        "bad_gzip": FailureCode.PROTOCOL,
        "too_many_redirects": FailureCode.PROTOCOL,
        "redirect_loop": FailureCode.PROTOCOL,
    }
    assert {name: FAULTS[name].expect.code for name in wanted} == wanted


def test_every_fault_has_a_name_a_sentence_and_an_expectation() -> None:
    """Names are unique snake_case, descriptions one sentence, failures carry code and kind."""
    assert len(FAULTS) == len(set(FAULTS)) > 100
    for name, fault in FAULTS.items():
        assert fault.name == name
        assert name.replace("_", "").isalnum()
        assert name.islower()
        assert fault.description.endswith(".")
        assert fault.description[0].isupper()
        if fault.expect.outcome is Outcome.ACCESS_FAILURE:
            assert fault.expect.code is not None, name
            assert fault.expect.kind is not None, name


def test_the_catalogue_serves_what_the_workbook_serves() -> None:
    """A scenario fault on any URL answers as the workbook's scenario does on its own host."""
    for name in ("lying_html_200", "rate_limited", "es_timed_out", "no_content_204"):
        scenario = scenarios.get_scenario(name)
        with httpx.Client(transport=FaultTransport(name)) as client:
            ours = client.get("https://anywhere.example.test/x?y=1")
        theirs = scenarios.fetch(scenario)
        assert isinstance(theirs, httpx.Response)
        assert (ours.status_code, ours.content) == (theirs.status_code, theirs.content)


def test_an_unknown_fault_name_suggests_close_ones() -> None:
    with pytest.raises(KeyError, match="did you mean timeout"):
        FAULTS["timeuot"]


# -- the transport --------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_the_fault_transport_serves_any_url_sync_and_async(mode: Mode) -> None:
    """One transport, any URL, either client: the fault's exception is raised on the request."""
    transport = FaultTransport("timeout")

    def get() -> None:
        with httpx.Client(transport=transport) as client:
            client.get("https://one.example.test/a")

    async def aget() -> None:
        async with httpx.AsyncClient(transport=transport) as client:
            await client.get("http://two.example.test/b")

    with pytest.raises(httpx.ReadTimeout):
        get() if mode == "sync" else asyncio.run(aget())
    assert len(transport.requests) == 1


@pytest.mark.parametrize(
    ("fault", "body", "problem"),
    [
        ("your_page_items_emptied", None, "pass success_body="),
        ("your_page_items_emptied", {"id": 1, "lines": [{"sku": "a"}]}, "one record"),
        ("your_page_total_above_returned", {"results": [{"id": 1}]}, "no total count"),
    ],
)
def test_a_derived_fault_says_what_it_needs(fault: str, body: Any, problem: str) -> None:
    """A fault made from a success body refuses to be built without one it can be made from."""
    with pytest.raises(ValueError, match=problem):
        FaultTransport(fault, success_body=body)


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        (b"<html>", "not JSON"),
        ([], "is empty"),
        ({"when": object()}, "no JSON form"),
    ],
)
def test_a_success_body_that_cannot_serve_is_refused(body: Any, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        check_tool(request_builder("sync"), {"q": "x"}, success_body=body)


def _served(fault: str, body: Any, **options: Any) -> httpx.Response:
    transport = FaultTransport(fault, success_body=body, **options)
    with httpx.Client(transport=transport) as client:
        response = client.get(URL)
        response.read()
        return response


def test_the_derived_pages_change_the_collection_the_total_and_the_next_link() -> None:
    """Next link in the header and the body's own field; total raised; emptied with totals 0."""
    more = _served("your_page_with_next_link", PAGE)
    assert more.links["next"]["url"] == f"{URL}?page=2"
    assert more.json()["next"] == f"{URL}?page=2"
    assert _served("your_page_total_above_returned", PAGE).json()["count"] == 102
    assert _served("your_page_items_emptied", PAGE).json() == {
        "count": 0,
        "next": None,
        "previous": None,
        "results": [],
    }
    flags = {"has_more": False, "data": [{"id": 1}], "paging": {"isLast": True}}
    assert _served("your_page_with_next_link", flags).json()["has_more"] is True
    assert _served("your_page_with_next_link", flags).json()["paging"]["isLast"] is False


@pytest.mark.parametrize(
    ("body", "items", "emptied"),
    [
        ([{"id": 1}], None, []),
        (NESTED, None, {"data": {"rows": []}, "meta": {}}),
        (
            {"hits": {"total": {"value": 1}, "hits": [{"_id": "a"}]}, "aggs": [{"k": 1}]},
            "hits.hits",
            {"hits": {"total": {"value": 0}, "hits": []}, "aggs": [{"k": 1}]},
        ),
        (
            {"facets": [{"k": 1}, {"k": 2}], "items": [{"id": 1}]},
            "items",
            {"facets": [{"k": 1}, {"k": 2}], "items": []},
        ),
    ],
    ids=["bare-list", "nested", "es-total-value", "declared-items"],
)
def test_the_collection_is_found_or_named(body: Any, items: str | None, emptied: Any) -> None:
    """The largest list of objects outside a record is the collection, unless one is named."""
    assert _served("your_page_items_emptied", body, items=items).json() == emptied


def test_the_cut_body_breaks_mid_stream() -> None:
    """Half the body arrives, then the peer drops: reading it raises RemoteProtocolError."""
    with (
        httpx.Client(transport=FaultTransport("your_body_cut_mid_stream", success_body=PAGE)) as c,
        pytest.raises(httpx.RemoteProtocolError),
    ):
        c.get(URL)


@st.composite
def pages(draw: st.DrawFn) -> tuple[dict[str, Any], str]:
    """A page of objects under some key, beside an optional total and next link."""
    key = draw(st.sampled_from(["results", "items", "data", "records", "entries"]))
    names = st.text(alphabet="abcdefghij", min_size=1, max_size=8)
    items = draw(st.lists(st.fixed_dictionaries({"id": st.integers(), "name": names}), min_size=1))
    page: dict[str, Any] = {key: items}
    if draw(st.booleans()):
        page["total"] = len(items)
    if draw(st.booleans()):
        page["next"] = None
    return page, key


@settings(max_examples=15, deadline=None)
@given(pages())
def test_any_page_passes_when_its_tool_names_its_items(page_and_key: tuple[Any, str]) -> None:
    """For any page of objects, a tool that names its items meets every fault made from it."""
    page, key = page_and_key
    derived = list(FAULTS.where(Scope.YOUR_BODY))
    report = check_tool(
        request_builder("sync", result=list[Item], items=key),
        {"q": "x"},
        success_body=page,
        faults=derived,
    )
    assert report.ok, str(report)


# -- assert_outcome -------------------------------------------------------------------------------


def _failed() -> Envelope[Any]:
    return Envelope[Any].failed(
        FailureCode.TIMEOUT, FailureKind.TRANSIENT, "read timed out", tool="t"
    )


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"outcome": "empty"}, "tool 't': outcome is access_failure, not empty"),
        ({"outcome": "access_failure", "code": "connect"}, "code timeout, not code connect"),
        ({"outcome": "access_failure", "kind": "permanent"}, "kind transient, not kind permanent"),
        ({"outcome": "partial", "cursor": "p2"}, "next_cursor is None, not 'p2'"),
    ],
)
def test_assert_outcome_says_what_differed(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(AssertionError, match="read timed out") as raised:
        assert_outcome(_failed(), **kwargs)
    assert message in str(raised.value)


def test_assert_outcome_passes_on_a_match_and_takes_a_fault() -> None:
    env = _failed()
    assert_outcome(env, Outcome.ACCESS_FAILURE, code="timeout", kind="transient")
    assert_outcome(env, FAULTS["timeout"])
    with pytest.raises(AssertionError, match=r"fault 'refused': .*code timeout, not code connect"):
        assert_outcome(env, FAULTS["refused"])
    with pytest.raises(ValueError):
        assert_outcome(env, "gone")


# -- raise_as -------------------------------------------------------------------------------------


def test_raise_as_raises_a_fresh_instance_of_a_class_and_an_instance_as_given() -> None:
    fetch = raise_as(TimeoutError)
    with pytest.raises(TimeoutError) as first:
        fetch("any", arguments=1)
    with pytest.raises(TimeoutError) as second:
        fetch()
    assert first.value is not second.value
    error = ConnectionResetError(104, "reset")
    with pytest.raises(ConnectionResetError) as third:
        raise_as(error)()
    assert third.value is error
    with pytest.raises(TypeError):
        raise_as("TimeoutError")  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "description", "make", "expect"), LIBRARY_EXCEPTIONS)
def test_a_library_exception_row_is_what_a_plain_tool_declares(
    name: str, description: str, make: Callable[[], BaseException], expect: Any
) -> None:
    """Each row's expectation is the adapter's reading of a handler that raised it."""

    @tool(args=Query, policy=RetryPolicy(max_attempts=1))
    def fetch(args: Query) -> Any:
        return raise_as(make())()

    assert_outcome(fetch(q="x"), expect)


# -- lightness ------------------------------------------------------------------------------------


def test_the_kit_exports_exactly_its_all() -> None:
    """Every name in `tool_outcomes.testing.__all__` resolves, and no other public name exists."""
    import tool_outcomes.testing as kit

    for name in kit.__all__:
        assert getattr(kit, name) is not None
    # (pytest's assertion rewriting adds "@py_builtins" to a plugin's package: not a name.)
    public = {name for name in dir(kit) if name.isidentifier() and not name.startswith("_")}
    assert public - {"plugin"} == set(kit.__all__)


def test_importing_the_kit_loads_neither_respx_pytest_nor_the_catalogue() -> None:
    """`from tool_outcomes.testing import FakeClock` stays light: no respx, pytest or fixtures."""
    code = (
        "import sys; from tool_outcomes.testing import FakeClock, check_tool, FAULTS; "
        "print(sorted(m for m in ('respx', 'pytest', 'tool_outcomes.workbook.scenarios') "
        "if m in sys.modules)); print(repr(FAULTS))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.splitlines() == ["[]", "<FaultCatalogue: not loaded yet>"]
