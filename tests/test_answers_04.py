"""Notebook 04's exercises turn down the wrong answers a participant would plausibly try."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from pydantic import BaseModel

from tool_outcomes import (
    Failure,
    FailureCode,
    FailureKind,
    Outcome,
    RetryPolicy,
    classify_http,
    tool,
)
from tool_outcomes.testing import FakeClock
from tool_outcomes.workbook.nb04 import warehouse
from tool_outcomes.workbook.nb04.exercises import NOT_FOUND_ENDPOINTS, PREDICT_SCENARIOS
from tool_outcomes.workbook.scenarios import get_scenario
from wrong_answers import assert_fails, assert_passes

S, E, P, A = Outcome.SUCCESS, Outcome.EMPTY, Outcome.PARTIAL, Outcome.ACCESS_FAILURE
ACME = {"ok": None, "partial": P, "error": A}


def _acme_status(response: httpx.Response) -> str | None:
    """Acme's ``status``, or None when the body is empty, not a JSON object, or has none."""
    body = response.json() if response.content else None
    status = body.get("status") if isinstance(body, dict) else None
    return status if isinstance(status, str) else None


def classify_acme(response: httpx.Response) -> Outcome:
    """The reference answer to 04.1: the HTTP evidence first, then Acme's documented status."""
    generic = classify_http(response, items="hits", total="hits_total")
    if generic.outcome is A:
        return A
    status = _acme_status(response)
    if status not in ACME:
        return A
    return ACME[status] or generic.outcome


def _counts_by_hand(response: httpx.Response) -> Outcome:
    # A different road to the same rules: no classify_http, every check written out.
    if not 200 <= response.status_code < 300:
        return A
    try:
        body = response.json()
    except ValueError:
        return A
    status = body.get("status") if isinstance(body, dict) else None
    hits = body.get("hits") if isinstance(body, dict) else None
    if status not in ACME or not isinstance(hits, list):
        return A
    if status != "ok":
        return ACME[status] or A
    return P if body.get("hits_total", 0) > len(hits) else (S if hits else E)


SETTINGS = {name: setting for name, (setting, _hint) in NOT_FOUND_ENDPOINTS.items()}
PREDICTIONS = tuple(get_scenario(name).expected_outcome for name, _hint in PREDICT_SCENARIOS)


def test_the_reference_answers_pass() -> None:
    """The notebook's answers (and a hand-written classifier that obeys the docs) pass."""
    assert_passes("04.1", classify_acme)
    assert_passes("04.1", _counts_by_hand)
    assert_passes("04.2", SETTINGS)
    assert_passes("04.3", PREDICTIONS)


def _old_reference(response: httpx.Response) -> Outcome:
    # Before issue 8: reads response.json().get(...) without asking whether there is an object.
    generic = classify_http(response, items="hits", total="hits_total")
    if generic.outcome is A:
        return A
    status = response.json().get("status")
    return A if status not in ACME else ACME[status] or generic.outcome


def _lax_about_the_status(response: httpx.Response) -> Outcome:
    generic = classify_http(response, items="hits", total="hits_total")
    if generic.outcome is A:
        return A
    return ACME.get(_acme_status(response) or "") or generic.outcome


def _body_before_http(response: httpx.Response) -> Outcome:
    status = _acme_status(response)
    if status in ("partial", "error"):
        return ACME[status] or A
    return classify_http(response, items="hits", total="hits_total").outcome


def _generic_only(response: httpx.Response) -> Outcome:
    return classify_http(response, items="hits", total="hits_total").outcome


def _status_only(response: httpx.Response) -> Outcome:
    return {"ok": S, "partial": P}.get(_acme_status(response) or "", A)


def _no_paths(response: httpx.Response) -> Outcome:
    generic = classify_http(response)
    if generic.outcome is A:
        return A
    status = _acme_status(response)
    return A if status not in ACME else ACME[status] or generic.outcome


def _error_means_nothing(response: httpx.Response) -> Outcome:
    outcome = classify_acme(response)
    return E if _acme_status(response) == "error" and response.is_success else outcome


def _no_hits_means_empty(response: httpx.Response) -> Outcome:
    outcome = classify_acme(response)
    body = response.json() if response.content else None
    no_hits = isinstance(body, dict) and body.get("hits") == []
    return E if no_hits and outcome is P else outcome


WRONG_ACME: list[tuple[str, Callable[[httpx.Response], Any], str]] = [
    ("hard-coded-success", lambda response: S, "(ok, no hits, hits_total 0)"),
    ("classify-http-alone", _generic_only, "expected Outcome.PARTIAL, got Outcome.SUCCESS"),
    ("acme-status-alone", _status_only, "(ok, no hits, hits_total 0)"),
    ("no-items-or-total-paths", _no_paths, "(ok, 10 hits of 57)"),
    ("lax-about-an-undocumented-status", _lax_about_the_status, "(3 hits of 3 and no status)"),
    ("acme-body-before-the-http-status", _body_before_http, "(HTTP 500 whose body says partial"),
    ("crashes-on-a-json-null", _old_reference, "(a JSON null in a 200): raised AttributeError"),
    ("error-in-a-200-is-nothing", _error_means_nothing, "(error in a 200)"),
    ("no-hits-is-always-empty", _no_hits_means_empty, "(ok, no hits, hits_total 12)"),
]


@pytest.mark.parametrize(
    ("answer", "caught_by"),
    [pytest.param(answer, caught_by, id=name) for name, answer, caught_by in WRONG_ACME],
)
def test_04_1_turns_down_wrong_acme_classifiers(
    answer: Callable[[httpx.Response], Any], caught_by: str
) -> None:
    """Shortcuts on the status, the shape, the HTTP or an odd body each fail on their case."""
    assert_fails("04.1", answer, caught_by=caught_by)


def test_04_1_turns_down_an_envelope_for_an_outcome() -> None:
    """The exercise asks for the Outcome; handing back the whole envelope is named as wrong."""
    assert_fails(
        "04.1",
        lambda response: classify_http(response, items="hits", total="hits_total"),
        caught_by="Envelope[Any], not Outcome)",
    )


@pytest.mark.parametrize(
    ("answer", "caught_by"),
    [
        (dict.fromkeys(SETTINGS, "failure"), "(get_invoice): 'failure' is not the setting"),
        (dict.fromkeys(SETTINGS, "empty"), "(search_invoices): 'empty' is not the setting"),
        (SETTINGS | {"get_repo_file": "empty"}, "(get_repo_file)"),
        (SETTINGS | {"list_customer_orders": "empty"}, "(list_customer_orders)"),
        (SETTINGS | {"get_widget_v1": "empty"}, "(get_widget_v1)"),
        (SETTINGS | {"get_invoice": True}, "True is not a setting"),
        (SETTINGS | {"get_invoice": "Empty"}, "'Empty' is not a setting"),
        (list(SETTINGS.values()), "expected a dict"),
    ],
)
def test_04_2_turns_down_wrong_not_found_settings(answer: object, caught_by: str) -> None:
    """Hard-coding either setting, a wrong one per endpoint, or a wrong type fails."""
    assert_fails("04.2", answer, caught_by=caught_by)


def _predicted(**changes: object) -> tuple[object, ...]:
    names = [name for name, _hint in PREDICT_SCENARIOS]
    return tuple(
        changes.get(name, outcome) for name, outcome in zip(names, PREDICTIONS, strict=True)
    )


@pytest.mark.parametrize(
    ("answer", "caught_by"),
    [
        ((S,) * len(PREDICTIONS), "(slack_channel_not_found)"),
        (_predicted(es_total_gte=S), "(es_total_gte)"),
        (_predicted(null_body=A), "(null_body)"),
        (_predicted(stripe_has_more_false=P), "(stripe_has_more_false)"),
        (_predicted(github_tree_truncated=S), "(github_tree_truncated)"),
        (tuple(outcome.value for outcome in PREDICTIONS), "is not an Outcome"),
        (PREDICTIONS[:-1], "expected 6 predictions"),
    ],
)
def test_04_3_turns_down_wrong_predictions(answer: object, caught_by: str) -> None:
    """All-success, one wrong class, strings or a short tuple fail without the right class."""
    assert_fails("04.3", answer, caught_by=caught_by)


# -- 04.4 -----------------------------------------------------------------------------------------


class Sku(BaseModel):
    sku: str


def warehouse_failure(exc: BaseException) -> Failure | None:
    """The reference answer to 04.4: the SDK's documented exceptions, most specific first."""
    detail = str(exc)
    if isinstance(exc, warehouse.QuotaExhausted):
        return Failure(code=FailureCode.RATE_LIMITED, kind=FailureKind.PERMANENT, detail=detail)
    if isinstance(exc, warehouse.Throttled):
        return Failure(
            code=FailureCode.RATE_LIMITED,
            kind=FailureKind.TRANSIENT,
            detail=detail,
            retry_after_s=exc.retry_in_s,
        )
    if isinstance(exc, warehouse.SkuNotFound):
        return Failure(code=FailureCode.NOT_FOUND, kind=FailureKind.PERMANENT, detail=detail)
    if isinstance(exc, warehouse.Unavailable):
        return Failure(code=FailureCode.SERVER_ERROR, kind=FailureKind.TRANSIENT, detail=detail)
    return None


def _throttle_first(exc: BaseException) -> Failure | None:
    if isinstance(exc, warehouse.Throttled):
        wait = exc.retry_in_s
        return Failure(code="rate_limited", kind="transient", retry_after_s=wait)
    return warehouse_failure(exc)


def _no_wait(exc: BaseException) -> Failure | None:
    found = warehouse_failure(exc)
    return None if found is None else found.model_copy(update={"retry_after_s": None})


def _catch_all(exc: BaseException) -> Failure | None:
    found = warehouse_failure(exc)
    return found or Failure(code=FailureCode.EXECUTION, kind=FailureKind.PERMANENT)


def _unknown_is_transient(exc: BaseException) -> Failure | None:
    found = warehouse_failure(exc)
    if found is None and isinstance(exc, warehouse.WarehouseError):
        return Failure(code=FailureCode.SERVER_ERROR, kind=FailureKind.TRANSIENT)
    return found


WRONG_WAREHOUSE: list[tuple[str, Callable[[BaseException], Any], str]] = [
    ("hard-coded-none", lambda exc: None, "(Throttled, retry in 4 s)"),
    ("a-quota-is-just-a-throttle", _throttle_first, "(QuotaExhausted, resets in 10 h)"),
    ("ignores-the-sdks-wait", _no_wait, "is not the wait the SDK asked for"),
    ("catch-all-execution", _catch_all, "(a WarehouseError its docs do not explain)"),
    ("unknown-is-transient", _unknown_is_transient, "(a WarehouseError its docs do not explain)"),
    ("returns-a-pair", lambda exc: (FailureCode.TIMEOUT, FailureKind.TRANSIENT), "got tuple"),
]


def test_04_4_the_reference_mapping_passes_and_keeps_the_built_in_rules() -> None:
    """The answer passes; as errors={Exception: answer}, a locked database is still transient."""
    assert_passes("04.4", warehouse_failure)

    @tool(args=Sku, errors={Exception: warehouse_failure}, policy=RetryPolicy(max_attempts=2))
    def stock(args: Sku) -> int:
        raise sqlite3.OperationalError("database is locked")

    clock = FakeClock()
    env = stock.call(sku="A-1", sleep=clock.sleep, clock=clock)
    assert env.failure is not None
    assert (env.failure.code, env.failure.kind, env.attempts) == (
        FailureCode.TIMEOUT,
        FailureKind.TRANSIENT,
        2,
    )


@pytest.mark.parametrize(
    ("answer", "caught_by"),
    [pytest.param(answer, caught_by, id=name) for name, answer, caught_by in WRONG_WAREHOUSE],
)
def test_04_4_turns_down_wrong_mappings(
    answer: Callable[[BaseException], Any], caught_by: str
) -> None:
    """A missing wait, a quota read as a throttle, a catch-all: each fails on its case."""
    assert_fails("04.4", answer, caught_by=caught_by)
