"""Exercises of notebook 04 (registered on import by :mod:`tool_outcomes.workbook.exercises`).

* ``04.1 classify_acme`` — a function from one Acme Search reply (an ``httpx.Response``) to its
  :class:`~tool_outcomes.envelope.Outcome`, checked on hidden replies: clean answers, the two
  traps of ``status: "ok"`` (a count above the hits, and ``[]`` with a count of zero), Acme's
  own ``partial`` and ``error``, a failed HTTP status whatever its body says, and replies Acme
  never wrote (an HTML page, a proxy's JSON, hits with no documented status, a JSON ``null``
  and an empty body in a ``200``).
* ``04.2 not_found_settings`` — a value: for each endpoint the notebook describes, the
  ``not_found`` setting (``"empty"`` or ``"failure"``) its 404 deserves.
* ``04.3 predicted_outcomes`` (optional) — a value: a tuple of the outcomes of the six mocked
  upstreams the notebook shows raw, in the order shown, predicted before classifying.
* ``04.4 warehouse_failure`` — a function ``exc -> Failure | None`` for ``@tool(errors=
  {Exception: ...})``: the Warehouse SDK's exceptions (:mod:`.warehouse`) as its docs describe
  them, a throttle's own wait included, and ``None`` for everything else (a locked SQLite
  database is the built-in rules' to judge).

Failure lines say what is wrong with the learner's answer, never what the right one is.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator, Mapping

from tool_outcomes.envelope import Failure, FailureCode, FailureKind, Outcome
from tool_outcomes.workbook.checks import AnswerKind, Case, exercise
from tool_outcomes.workbook.scenarios import get_scenario

from . import warehouse
from .upstreams import acme_response

__all__ = ["NOT_FOUND_ENDPOINTS", "PREDICT_SCENARIOS"]

_S = Outcome.SUCCESS
_E = Outcome.EMPTY
_P = Outcome.PARTIAL
_A = Outcome.ACCESS_FAILURE

# -- 04.1 ----------------------------------------------------------------------------------------

_HITS = [{"id": f"doc-{n}", "title": f"Bolt, M{n}"} for n in (4, 5, 6)]
_TEN_HITS = [{"id": f"doc-{n}", "title": f"Part {n}"} for n in range(10)]
_COUNT_HINT = "a status of ok says every shard answered, not that every hit came back: count them"
_NOT_ACME = (
    "every Acme answer carries a status its documentation names: read the body (it may not be "
    "an object at all) before you trust it"
)
_FAILED_STATUS = "a failed HTTP status is an access failure whatever the body says"
_ERROR = {"code": "query_parse_error", "message": "unbalanced quote in q"}

#: (body, HTTP status, extra headers, what the reply is, the outcome, a hint for this case).
_ACME_CASES: tuple[tuple[object, int, dict[str, str], str, Outcome, str | None], ...] = (
    ({"status": "ok", "hits": _HITS, "hits_total": 3}, 200, {}, "ok, 3 hits of 3", _S, None),
    (
        {"status": "ok", "hits": [], "hits_total": 0},
        200,
        {},
        "ok, no hits, hits_total 0",
        _E,
        "every shard answered and nothing matched: that is a verified nothing",
    ),
    (
        {"status": "ok", "hits": _TEN_HITS, "hits_total": 57},
        200,
        {},
        "ok, 10 hits of 57",
        _P,
        _COUNT_HINT,
    ),
    (
        {"status": "ok", "hits": [], "hits_total": 12},
        200,
        {},
        "ok, no hits, hits_total 12",
        _P,
        _COUNT_HINT,
    ),
    (
        {"status": "partial", "hits": _HITS[:2], "hits_total": 2},
        200,
        {},
        "partial, 2 hits",
        _P,
        None,
    ),
    (
        {"status": "partial", "hits": [], "hits_total": 0},
        200,
        {},
        "partial, no hits, hits_total 0",
        _P,
        "the shards that did not answer may hold matches: zero hits from part of the index "
        "is not a verified nothing",
    ),
    (
        {"status": "error", "hits": [], "hits_total": 0, "error": _ERROR},
        200,
        {},
        "error in a 200",
        _A,
        "Acme answers 200 even when the query did not run: read its status",
    ),
    (
        {"status": "error", "hits": [], "hits_total": 0, "error": _ERROR | {"code": "overloaded"}},
        503,
        {"retry-after": "30"},
        "HTTP 503 with an Acme error body",
        _A,
        _FAILED_STATUS,
    ),
    (
        {"status": "partial", "hits": _HITS[:1], "hits_total": 1},
        500,
        {},
        "HTTP 500 whose body says partial, with a hit",
        _A,
        _FAILED_STATUS,
    ),
    (
        {"message": "rate limit exceeded"},
        429,
        {"retry-after": "5"},
        "HTTP 429 from the gateway",
        _A,
        None,
    ),
    (
        "<html><title>Maintenance</title><body>Back soon</body></html>",
        200,
        {"content-type": "text/html"},
        "an HTML maintenance page in a 200",
        _A,
        "a body that is not JSON is not an Acme answer: let classify_http judge the HTTP first",
    ),
    (
        {"message": "no healthy upstream"},
        200,
        {},
        "a proxy's JSON with no status and no hits",
        _A,
        "every Acme answer carries status and hits: a body without them did not come from Acme",
    ),
    (
        {"hits": _HITS, "hits_total": 3},
        200,
        {},
        "3 hits of 3 and no status",
        _A,
        _NOT_ACME,
    ),
    (
        {"status": "degraded", "hits": _HITS, "hits_total": 3},
        200,
        {},
        "3 hits of 3 with a status the docs do not name",
        _A,
        _NOT_ACME,
    ),
    (None, 200, {}, "a JSON null in a 200", _A, _NOT_ACME),
    ("", 200, {"content-type": "application/json"}, "an empty body in a 200", _A, _NOT_ACME),
    (
        {"status": "ok", "hits": _HITS, "hits_total": 3, "took_ms": 12},
        200,
        {"content-type": "application/json; charset=utf-8"},
        "ok, 3 of 3, with an extra field and a charset",
        _S,
        None,
    ),
)


@exercise(
    "04.1",
    name="classify_acme",
    hint=(
        "let classify_http judge the HTTP evidence first (tell it where the hits and the count "
        "are), stop at an access failure, then map Acme's status with a small table"
    ),
    why=(
        "The classifier judges transport, status and body first; only then are the vendor's own "
        "status words mapped, so a degraded 200 is not a success."
    ),
)
def _classify_acme() -> Iterator[Case]:
    for body, status, headers, what, outcome, hint in _ACME_CASES:
        # A fresh response per case: an answer that consumes or mutates one harms only itself.
        response = acme_response(body, status=status, headers=headers)
        yield Case(args=(response,), expected=outcome, describe=what, hint=hint)


# -- 04.2 ----------------------------------------------------------------------------------------

#: The endpoints 04.2 describes: name -> (the setting its 404 deserves, a hint when it is wrong).
NOT_FOUND_ENDPOINTS: Mapping[str, tuple[str, str]] = {
    "get_invoice": (
        "empty",
        "the docs say what this 404 means, and it answers exactly the question asked",
    ),
    "search_invoices": (
        "failure",
        "a search that matches nothing answers 200 with []: what is left for a 404 to mean?",
    ),
    "list_customer_orders": (
        "failure",
        "the question was about orders; a 404 here says the customer id is wrong, not that "
        "there are no orders",
    ),
    "get_repo_file": (
        "failure",
        "this 404 also hides files the token may not see: is that a verified absence?",
    ),
    "get_widget_v1": (
        "failure",
        "a gateway that answers 404 for any path it does not route says nothing about widgets",
    ),
}
_SETTINGS = ("empty", "failure")


def _setting_verifier(endpoint: str) -> Callable[[object], str | None]:
    expected, _hint = NOT_FOUND_ENDPOINTS[endpoint]

    def verify(result: object) -> str | None:
        if not isinstance(result, Mapping):
            return f"expected a dict of endpoint -> setting, got a {type(result).__name__}"
        unknown = sorted(str(k) for k in result if k not in NOT_FOUND_ENDPOINTS)
        if unknown:
            return f"{unknown[0]!r} is not one of the endpoints"
        if endpoint not in result:
            return f"no setting for {endpoint!r}"
        got = result[endpoint]
        if got not in _SETTINGS:
            return f"{got!r} is not a setting: classify_http takes 'empty' or 'failure'"
        return None if got == expected else f"{got!r} is not the setting this endpoint needs"

    return verify


@exercise(
    "04.2",
    name="not_found_settings",
    hint=(
        "'empty' only where the docs promise a 404 means 'no such record' for the very thing "
        "the question asks for, and nothing else"
    ),
    answer=AnswerKind.VALUE,
    why=(
        "A 404 is a verified absence only where the documentation promises it for the very thing "
        "asked; anywhere else it is an access failure."
    ),
)
def _not_found_settings() -> Iterator[Case]:
    for endpoint, (_expected, hint) in NOT_FOUND_ENDPOINTS.items():
        yield Case(describe=endpoint, verify=_setting_verifier(endpoint), hint=hint)


# -- 04.3 ----------------------------------------------------------------------------------------

#: The scenarios 04.3 shows raw, in order, with a hint for a wrong prediction.
PREDICT_SCENARIOS: tuple[tuple[str, str], ...] = (
    ("stripe_has_more_false", "has_more: false is the upstream saying this page is the last"),
    ("slack_channel_not_found", "ok: false is Slack's failure flag, whatever the error's name"),
    ("es_total_gte", "compare the source's count with the hits that came back"),
    ("null_body", "a 200 whose JSON is null: contact, and nothing in it"),
    ("graphql_rate_limited", "errors and no data: the query did not run"),
    ("github_tree_truncated", "the upstream flagged its own answer as truncated"),
)


def _prediction_verifier(position: int, name: str) -> Callable[[object], str | None]:
    expected = get_scenario(name).expected_outcome

    def verify(result: object) -> str | None:
        if not isinstance(result, tuple | list):
            return f"expected a tuple of Outcomes, got a {type(result).__name__}"
        if len(result) != len(PREDICT_SCENARIOS):
            count = len(PREDICT_SCENARIOS)
            return f"expected {count} predictions, one per scenario, got {len(result)}"
        got = result[position]
        if not isinstance(got, Outcome):
            return f"{got!r} is not an Outcome (write Outcome.SUCCESS, not 'success')"
        return None if got is expected else f"Outcome.{got.name} is not the outcome"

    return verify


@exercise(
    "04.3",
    name="predicted_outcomes",
    hint="ask the classifier's questions in order: transport, status, JSON, dialect, pages",
    answer=AnswerKind.VALUE,
    why=(
        "The classifier asks its questions in a fixed order (transport, status, JSON, dialect, "
        "pages), and the first one that answers decides."
    ),
)
def _predicted_outcomes() -> Iterator[Case]:
    for position, (name, hint) in enumerate(PREDICT_SCENARIOS):
        yield Case(describe=name, verify=_prediction_verifier(position, name), hint=hint)


# -- 04.4 ----------------------------------------------------------------------------------------

_LOCKED_HINT = (
    "the built-in rules already know this exception: return None for anything the Warehouse "
    "SDK did not raise, so they can judge it"
)


def _warehouse_cases() -> tuple[tuple[BaseException, str, Failure | None, str | None], ...]:
    sdk = warehouse
    return (
        (
            sdk.Throttled("slow down", retry_in_s=4.0),
            "Throttled, retry in 4 s",
            Failure(code=FailureCode.RATE_LIMITED, kind=FailureKind.TRANSIENT, retry_after_s=4.0),
            "the SDK says how long to wait: put it in the failure's retry_after_s",
        ),
        (
            sdk.QuotaExhausted("daily quota spent", retry_in_s=36_000.0),
            "QuotaExhausted, resets in 10 h",
            Failure(code=FailureCode.RATE_LIMITED, kind=FailureKind.PERMANENT),
            "a spent quota is a Throttled too: check the more specific class first, and ask "
            "whether retrying within this call could help",
        ),
        (
            sdk.SkuNotFound("no product A-404"),
            "SkuNotFound",
            Failure(code=FailureCode.NOT_FOUND, kind=FailureKind.PERMANENT),
            None,
        ),
        (
            sdk.Unavailable("restarting"),
            "Unavailable",
            Failure(code=FailureCode.SERVER_ERROR, kind=FailureKind.TRANSIENT),
            None,
        ),
        (
            sdk.WarehouseError("E77"),
            "a WarehouseError its docs do not explain",
            None,
            "an error the docs do not explain is not yours to call transient: return None",
        ),
        (sqlite3.OperationalError("database is locked"), "a locked SQLite database", None,
         _LOCKED_HINT),
        (TimeoutError("timed out"), "a TimeoutError", None, _LOCKED_HINT),
    )  # fmt: skip


def _failure_verifier(expected: Failure | None) -> Callable[[object], str | None]:
    def verify(result: object) -> str | None:
        if expected is None:
            return None if result is None else "this one is not for your mapping to decide"
        if not isinstance(result, Failure):
            return f"expected a Failure, got {type(result).__name__}"
        if (result.code, result.kind) != (expected.code, expected.kind):
            return f"{result.code.value}/{result.kind.value} is not what the SDK's docs describe"
        if expected.retry_after_s is not None and result.retry_after_s != expected.retry_after_s:
            return f"retry_after_s={result.retry_after_s} is not the wait the SDK asked for"
        return None

    return verify


@exercise(
    "04.4",
    name="warehouse_failure",
    hint=(
        "isinstance checks from the most specific class down; Failure(code=..., kind=..., "
        "detail=str(exc), retry_after_s=...); None for anything you do not know"
    ),
    why=(
        "An SDK's own exceptions say what happened: a throttle is transient with its own wait, "
        "a spent quota is not retried; None leaves the rest to the built-in rules."
    ),
)
def _warehouse_failure() -> Iterator[Case]:
    for exc, what, expected, hint in _warehouse_cases():
        yield Case(args=(exc,), describe=what, verify=_failure_verifier(expected), hint=hint)
