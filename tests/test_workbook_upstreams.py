"""Notebook 04's teaching aids (evidence tables, the Acme Search upstream) and its exercises."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from tool_outcomes import (
    Coverage,
    Envelope,
    Failure,
    FailureCode,
    FailureKind,
    Outcome,
    TruncatedBy,
    classify_http,
)
from tool_outcomes.classify import STATUS_RULES, TRANSPORT_RULES
from tool_outcomes.workbook import CheckStatus, check
from tool_outcomes.workbook.nb04.exercises import NOT_FOUND_ENDPOINTS, PREDICT_SCENARIOS
from tool_outcomes.workbook.nb04.upstreams import (
    ACME_DOC_EXAMPLES,
    ACME_URL,
    acme_response,
    classified,
    evidence,
    evidence_rows,
    evidence_table,
    naive_cell,
    raw_view,
    status_table,
    transport_table,
)
from tool_outcomes.workbook.scenarios import came_back, get_scenario, naive_tool

# -- one-line readings of an exchange -------------------------------------------------------------

_REQUEST = httpx.Request("GET", "https://x.example.test/")


@pytest.mark.parametrize(
    ("result", "text"),
    [
        (
            httpx.Response(200, headers={"content-type": "text/html; charset=utf-8"}),
            "200 text/html",
        ),
        (httpx.Response(204), "204 (no type)"),
        (
            httpx.Response(429, headers={"content-type": "application/json", "retry-after": "7"}),
            "429 application/json, Retry-After 7",
        ),
        (httpx.ReadTimeout("slow", request=_REQUEST), "ReadTimeout (raised)"),
        (ValueError("boom"), "ValueError (raised)"),
    ],
)
def test_came_back_names_the_status_and_type_or_the_exception(result: Any, text: str) -> None:
    """What the transport produced reads as a status and media type, or an exception's name."""
    assert came_back(result) == text


_FAILED = Envelope[Any](
    outcome=Outcome.ACCESS_FAILURE,
    failure=Failure(code=FailureCode.TIMEOUT, kind=FailureKind.TRANSIENT, detail="no reply"),
)
_CUT = Envelope[Any](
    outcome=Outcome.PARTIAL,
    data=[1],
    coverage=Coverage(returned=1, total=3, truncated_by=TruncatedBy.NEXT_PAGE, detail="has_more"),
)
_WHOLE = Envelope[Any](outcome=Outcome.SUCCESS, data=[1, 2], coverage=Coverage(returned=2))
_BARE = Envelope[Any](outcome=Outcome.SUCCESS, data={"id": 1})


@pytest.mark.parametrize(
    ("env", "word", "why"),
    [
        (_FAILED, "access_failure/timeout", "no reply"),
        (_CUT, "partial (next_page)", "has_more"),
        (_WHOLE, "success", "2 returned"),
        (_BARE, "success", ""),
    ],
)
def test_classified_and_evidence_read_one_envelope(env: Envelope[Any], word: str, why: str) -> None:
    """The outcome word carries the failure code or the cut's cause; the evidence its detail."""
    assert classified(env) == word
    assert evidence(env) == why


# -- the tables ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "cells"),
    [
        ("ok", ("200 application/json", "success")),
        ("timeout", ("ReadTimeout (raised)", "access_failure/timeout")),
        ("lying_html_200", ("200 text/html", "access_failure/invalid_body")),
        ("es_timed_out", ("200 application/json", "partial (upstream_timeout)")),
        ("silently_truncated_gzip", ("200 application/json", "access_failure/invalid_body")),
    ],
)
def test_evidence_rows_classify_with_each_scenarios_own_options(
    name: str, cells: tuple[str, str]
) -> None:
    """A row is the exchange, what the naive tool returns, and the outcome the catalogue expects."""
    (row,) = evidence_rows(name)
    scenario = get_scenario(name)
    assert (row.came_back, row.classified) == cells
    assert row.naive == naive_tool(scenario)
    assert row.envelope.outcome is scenario.expected_outcome


def test_evidence_table_has_a_header_and_one_line_per_scenario_in_order() -> None:
    """The table lists the scenarios as given, each line starting with the scenario's name."""
    names = ("rate_limited", "empty", "drf_next_page")
    lines = evidence_table(*names).splitlines()
    assert lines[0].split() == ["scenario", "came", "back", "naive", "tool", "hands", "over",
                                "classified", "evidence"]  # fmt: skip
    assert [line.split()[0] for line in lines[1:]] == list(names)
    assert "retry" not in lines[0]


def test_long_cells_are_clipped_with_an_ellipsis() -> None:
    """A long naive value or detail ends in an ellipsis instead of stretching the table."""
    table = evidence_table("ok", "truncated_stream")
    assert "3 items: [{'id': 1, 'name': '…" in table
    assert "peer closed connection without sending com…" in table
    assert all(len(line) < 200 for line in table.splitlines())


@pytest.mark.parametrize(
    ("items", "cell"),
    [
        ([], "[]"),
        ([{"id": 1}], "1 item: [{'id': 1}]"),
        ([1, 2], "2 items: [1, 2]"),
        ([{"name": "x" * 40}], "1 item: [{'name': 'xxxxxxxxxx…"),
    ],
)
def test_naive_cell_shows_the_count_and_the_value_shortened(items: list[Any], cell: str) -> None:
    """A naive value reads as [] or its count and repr, clipped to one cell's width."""
    assert naive_cell(items) == cell


@pytest.mark.parametrize(
    ("name", "cell"),
    [
        ("lying_html_200", "[]"),  # .json() raises on the HTML page; the except returns []
        ("slack_has_more", "[]"),  # the items sit under a key the naive tool never reads
        ("odata_next_link", "[]"),
        ("json_as_text_plain", "1 item: [{'id': 1}]"),
    ],
)
def test_the_naive_column_is_what_the_naive_tool_returns(name: str, cell: str) -> None:
    """The table's naive column is naive_tool's real return value, not the fixture's prose."""
    (line,) = evidence_table(name).splitlines()[1:]
    assert f"  {cell}  " in line
    assert naive_cell(naive_tool(name)) == cell


@pytest.mark.parametrize("function", [evidence_rows, evidence_table, status_table])
def test_tables_need_something_to_show(function: Any) -> None:
    """Asking for a table of nothing is a clear error, not an empty table."""
    with pytest.raises(ValueError, match="at least one"):
        function()


def test_status_table_reads_the_status_rules_and_the_class_defaults() -> None:
    """Listed statuses show their rule; 2xx says the body decides; 418 falls back to 4xx."""
    rows = {
        line.split()[0]: line.split()[1:3]
        for line in status_table(200, 429, 501, 418).splitlines()[1:]
    }
    assert rows["200"] == ["-", "-"]
    assert rows["429"] == [STATUS_RULES[429].code.value, STATUS_RULES[429].kind.value]
    assert rows["501"] == ["server_error", "permanent"]
    assert rows["418"] == ["bad_request", "permanent"]


def test_transport_table_lists_every_rule_in_table_order() -> None:
    """Every exception class of TRANSPORT_RULES appears once, in the table's own order."""
    lines = transport_table().splitlines()[1:]
    names = [line.split()[0] for line in lines]
    assert len(names) == len(TRANSPORT_RULES)
    assert names[0] == "httpx.TimeoutException"
    assert names[-1] == "BaseException"
    assert "TimeoutError" in names


@pytest.mark.parametrize(
    ("name", "first_line", "body"),
    [
        ("null_body", "HTTP 200, content-type: application/json", "null"),
        ("no_content_204", "HTTP 204, content-type: (none)", "(no body)"),
        ("slack_channel_not_found", "HTTP 200, content-type: application/json",
         '{"ok": false, "error": "channel_not_found"}'),
    ],
)  # fmt: skip
def test_raw_view_shows_what_was_sent_without_classifying(
    name: str, first_line: str, body: str
) -> None:
    """The raw view is the status and content type, then the body as sent."""
    assert raw_view(name) == f"{first_line}\n{body}"


def test_raw_view_of_a_transport_failure_names_the_exception() -> None:
    """A scenario that raises has no body to show, only the exception."""
    assert raw_view("timeout") == "raised httpx.ReadTimeout"


# -- Acme Search -----------------------------------------------------------------------------------


def test_acme_response_is_a_json_reply_to_the_search_request() -> None:
    """A dict body goes out as JSON with its request attached, so the classifier sees the URL."""
    response = acme_response({"status": "ok", "hits": [], "hits_total": 0}, query="nut")
    assert response.headers["content-type"] == "application/json"
    assert response.json() == {"status": "ok", "hits": [], "hits_total": 0}
    assert str(response.request.url) == f"{ACME_URL}?q=nut"


def test_acme_response_sends_text_as_is_with_the_headers_given() -> None:
    """A str body is sent unchanged, and given headers override the default type."""
    response = acme_response("<html/>", status=503, headers={"content-type": "text/html"})
    assert (response.status_code, response.text) == (503, "<html/>")
    assert response.headers["content-type"] == "text/html"


@pytest.mark.parametrize(
    ("status", "generic"),
    [("ok", Outcome.SUCCESS), ("partial", Outcome.SUCCESS), ("error", Outcome.EMPTY)],
)
def test_the_generic_classifier_misreads_acmes_own_status(status: str, generic: Outcome) -> None:
    """Told only the paths, classify_http reads Acme's shape and misses its status."""
    body = ACME_DOC_EXAMPLES[status]
    assert json.loads(json.dumps(body)) == body  # the docs' examples are plain JSON
    env = classify_http(acme_response(body), items="hits", total="hits_total")
    assert env.outcome is generic


# -- the exercises ---------------------------------------------------------------------------------


def _acme_solution(response: httpx.Response) -> Outcome:
    meaning = {"ok": None, "partial": Outcome.PARTIAL, "error": Outcome.ACCESS_FAILURE}
    generic = classify_http(response, items="hits", total="hits_total")
    if generic.outcome is Outcome.ACCESS_FAILURE:
        return generic.outcome
    body = response.json() if response.content else None
    status = body.get("status") if isinstance(body, dict) else None
    if status not in meaning:
        return Outcome.ACCESS_FAILURE
    return meaning[status] or generic.outcome


def _acme_by_status_only(response: httpx.Response) -> Outcome:
    table = {"ok": Outcome.SUCCESS, "partial": Outcome.PARTIAL}
    return table.get(response.json().get("status"), Outcome.ACCESS_FAILURE)


def _acme_generic_only(response: httpx.Response) -> Outcome:
    return classify_http(response, items="hits", total="hits_total").outcome


def test_acme_solution_passes() -> None:
    """The notebook's worked solution passes every hidden reply."""
    assert check("04.1", _acme_solution).status is CheckStatus.PASS


@pytest.mark.parametrize(
    ("answer", "case"),
    [
        (_acme_by_status_only, "case 2 (ok, no hits, hits_total 0)"),
        (_acme_generic_only, "case 5 (partial, 2 hits)"),
        (lambda response: Outcome.SUCCESS, "case 2"),
    ],
)
def test_acme_shortcuts_fail_on_the_case_they_miss(answer: Any, case: str) -> None:
    """Trusting Acme's status alone, or the shape alone, fails where that shortcut is wrong."""
    result = check("04.1", answer)
    assert result.status is CheckStatus.FAIL
    assert case in repr(result)


_SETTINGS = {name: expected for name, (expected, _hint) in NOT_FOUND_ENDPOINTS.items()}


def test_not_found_settings_pass_with_the_documented_answers() -> None:
    """Only the lookup whose docs pin 404 to 'no such record' is empty; the rest are failures."""
    assert check("04.2", dict(_SETTINGS)).status is CheckStatus.PASS
    assert [name for name, value in _SETTINGS.items() if value == "empty"] == ["get_invoice"]


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        ({**_SETTINGS, "get_repo_file": "empty"}, "'empty' is not the setting this endpoint needs"),
        ({**_SETTINGS, "get_invoice": "Empty"}, "'Empty' is not a setting"),
        ({k: v for k, v in _SETTINGS.items() if k != "get_widget_v1"}, "no setting for"),
        ({**_SETTINGS, "get_user": "empty"}, "'get_user' is not one of the endpoints"),
        (["empty"], "expected a dict"),
    ],
)
def test_not_found_settings_failures_never_show_the_answer(answer: object, message: str) -> None:
    """A wrong setting is named as wrong, without revealing the right one."""
    result = check("04.2", answer)
    assert result.status is CheckStatus.FAIL
    assert message in repr(result)


_PREDICTIONS = tuple(get_scenario(name).expected_outcome for name, _hint in PREDICT_SCENARIOS)


def test_predictions_pass_with_the_catalogues_outcomes() -> None:
    """Predicting each scenario's recorded outcome passes, and the six span all four classes."""
    assert check("04.3", _PREDICTIONS).status is CheckStatus.PASS
    assert check("04.3", list(_PREDICTIONS)).status is CheckStatus.PASS
    assert set(_PREDICTIONS) == set(Outcome)


_NULL_BODY = [name for name, _hint in PREDICT_SCENARIOS].index("null_body")
_SLACK = [name for name, _hint in PREDICT_SCENARIOS].index("slack_channel_not_found")


def _changed(position: int, value: object) -> tuple[object, ...]:
    return tuple(value if i == position else v for i, v in enumerate(_PREDICTIONS))


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        (_changed(_NULL_BODY, "empty"), "'empty' is not an Outcome"),
        (_changed(_SLACK, Outcome.EMPTY), "Outcome.EMPTY is not the outcome"),
        (_PREDICTIONS[:-1], "expected 6 predictions"),
        ({"null_body": Outcome.EMPTY}, "expected a tuple of Outcomes"),
    ],
)
def test_wrong_predictions_are_named_without_the_answer(answer: object, message: str) -> None:
    """A string for an Outcome, the wrong class or the wrong count fails without the solution."""
    result = check("04.3", answer)
    assert result.status is CheckStatus.FAIL
    assert message in repr(result)


@pytest.mark.parametrize("exercise_id", ["04.1", "04.2", "04.3"])
def test_an_untouched_stub_is_todo(exercise_id: str) -> None:
    """The learner notebook's stubs check as TODO, not as a failure."""

    def stub(response: httpx.Response) -> Outcome:
        raise NotImplementedError()

    answer = stub if exercise_id == "04.1" else ...
    assert check(exercise_id, answer).status is CheckStatus.TODO
