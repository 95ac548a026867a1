"""Dialects: how well-known upstreams report failure or truncation inside a 2xx JSON body.

A 200 only says the HTTP exchange worked. Slack says ``ok: false``, GraphQL puts ``errors``
beside (or instead of) ``data``, Elasticsearch says ``timed_out: true`` or counts failed shards,
JSON-RPC answers ``error``, RFC 9457 sends a problem document. Each detector below reads one
dialect from its own specification and returns a verdict, or ``None`` when the body is not
evidence of anything. They run in order (:data:`DETECTORS`); the first verdict wins.

False positives are the failure mode to fear: ``error: null``, ``errors: []``,
``timed_out: false`` and ``_shards.failed: 0`` are not evidence, and every detector checks
the value, never just the key.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .envelope import FailureCode, FailureKind, TruncatedBy
from .statuses import status_rule

__all__ = [
    "DETECTORS",
    "GRAPHQL_CODES",
    "JSONRPC_CODES",
    "SLACK_ERRORS",
    "FailureVerdict",
    "PartialVerdict",
    "Unwrap",
    "Verdict",
    "as_count",
    "detect",
    "error_message",
]

_T = FailureKind.TRANSIENT
_P = FailureKind.PERMANENT


@dataclass(frozen=True)
class FailureVerdict:
    """The body reports that the call failed: an access failure."""

    code: FailureCode
    kind: FailureKind
    detail: str
    dialect: str


@dataclass(frozen=True)
class PartialVerdict:
    """The body reports that the answer is incomplete."""

    truncated_by: TruncatedBy
    detail: str
    dialect: str
    dropped: tuple[str, ...] = field(default=())


@dataclass(frozen=True)
class Unwrap:
    """The body is an envelope around the real result (JSON-RPC ``result``): judge that."""

    body: object
    dialect: str


Verdict = FailureVerdict | PartialVerdict | Unwrap


def as_count(value: object) -> int | None:
    """A non-negative count from JSON: an int, or a string of digits (Google sends those).

    Args:
        value: Any decoded JSON value.

    Returns:
        The count, or ``None`` for anything else (bools, floats, negatives, long digit runs).
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if value >= 0 else None
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 18:
        return int(value)
    return None


def _status_from(body: Mapping[str, Any], *keys: str) -> int | None:
    """The first HTTP-like status (100–599) found under ``keys``."""
    for key in keys:
        number = as_count(body.get(key))
        if number is not None and 100 <= number <= 599:
            return number
    return None


def _is_set(value: object) -> bool:
    """True for a value that actually reports something (not null, false, 0, "", [], {})."""
    if value is None or isinstance(value, bool):
        return value is True
    if isinstance(value, int | float):
        return value != 0
    return not (isinstance(value, str | list | dict) and not value)


def _failure_from_status(status: int | None, detail: str, dialect: str) -> FailureVerdict:
    """A failure keyed on an HTTP status found in the body; upstream_error when there is none."""
    rule = status_rule(status) if status is not None and status >= 400 else None
    if rule is None:
        return FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, detail, dialect)
    return FailureVerdict(rule.code, rule.kind, detail, dialect)


def _kind_from_status(status: int | None) -> FailureKind:
    rule = status_rule(status) if status is not None and status >= 400 else None
    return _P if rule is None else rule.kind


# -- JSON-RPC 2.0 -------------------------------------------------------------------------------

#: JSON-RPC 2.0 §5.1 pre-defined error codes.
JSONRPC_CODES: dict[int, tuple[FailureCode, FailureKind]] = {
    -32700: (FailureCode.BAD_REQUEST, _P),  # parse error: the server could not parse our JSON
    -32600: (FailureCode.BAD_REQUEST, _P),  # invalid request object
    -32601: (FailureCode.BAD_REQUEST, _P),  # method not found
    -32602: (FailureCode.BAD_REQUEST, _P),  # invalid params
    -32603: (FailureCode.SERVER_ERROR, _T),  # internal error
}
# -32000..-32099 are "reserved for implementation-defined server-errors": the spec gives them
# no retry semantics, so they (and application codes) are upstream_error, permanent. A caller
# that knows its server's codes maps them itself.


def _jsonrpc(body: object, content_type: str) -> Verdict | None:
    if not isinstance(body, dict) or body.get("jsonrpc") != "2.0":
        return None
    error = body.get("error")
    if error is not None:
        code = error.get("code") if isinstance(error, dict) else None
        message = error.get("message") if isinstance(error, dict) else None
        mapped = JSONRPC_CODES.get(code) if isinstance(code, int) else None
        failure_code, kind = mapped or (FailureCode.UPSTREAM_ERROR, _P)
        detail = f"JSON-RPC error {code}: {message}" if message else f"JSON-RPC error {code}"
        return FailureVerdict(failure_code, kind, detail, "jsonrpc")
    if "result" in body:
        return Unwrap(body["result"], "jsonrpc")
    if "method" in body:
        return None  # a request or notification object, not a response: judge it as data
    return FailureVerdict(
        FailureCode.UPSTREAM_ERROR, _P, "JSON-RPC response with neither result nor error", "jsonrpc"
    )


# -- RFC 9457 problem details -------------------------------------------------------------------


def _problem(body: object, content_type: str) -> Verdict | None:
    if content_type != "application/problem+json" or not isinstance(body, dict):
        return None
    return _failure_from_status(_status_from(body, "status"), _problem_text(body), "problem+json")


def _problem_text(body: Mapping[str, Any]) -> str:
    parts = [body.get(k) for k in ("title", "detail")]
    text = ": ".join(p for p in parts if isinstance(p, str) and p)
    return text or "problem details with no title"


# -- Elasticsearch / OpenSearch -----------------------------------------------------------------


def _elasticsearch_error(body: object, content_type: str) -> Verdict | None:
    # {"error": {"root_cause": [...], "type": ..., "reason": ...}, "status": 400}
    if not isinstance(body, dict) or not set(body) <= {"error", "status"}:
        return None
    error, status = body.get("error"), _status_from(body, "status")
    shaped = isinstance(error, dict) and bool({"type", "reason", "root_cause"} & set(error))
    if status is None or not (shaped or (isinstance(error, str) and error)):
        return None
    return _failure_from_status(status, error_message(body) or "search error", "elasticsearch")


def _elasticsearch_flags(body: object, content_type: str) -> Verdict | None:
    if not isinstance(body, dict):
        return None
    shards, clusters = body.get("_shards"), body.get("_clusters")
    dropped = _failed_shards(shards) + _skipped_clusters(clusters)
    if body.get("timed_out") is True:
        detail = "the search timed out; hits are what was collected in time"
        return PartialVerdict(TruncatedBy.UPSTREAM_TIMEOUT, detail, "elasticsearch", dropped)
    if dropped:
        return PartialVerdict(
            TruncatedBy.SHARD_FAILURE,
            "part of the index was not searched",
            "elasticsearch",
            dropped,
        )
    if body.get("terminated_early") is True:
        detail = "the search stopped early (terminate_after)"
        return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, detail, "elasticsearch")
    return None


def _failed_shards(shards: object) -> tuple[str, ...]:
    if not isinstance(shards, dict):
        return ()
    failed = as_count(shards.get("failed"))
    if not failed:
        return ()
    out: list[str] = []
    failures = shards.get("failures")
    for failure in failures if isinstance(failures, list) else []:
        if not isinstance(failure, dict):
            continue
        reason = failure.get("reason")
        why = (
            ": ".join(str(reason[k]) for k in ("type", "reason") if k in reason)
            if isinstance(reason, dict)
            else str(reason)
        )
        out.append(f"index {failure.get('index')} shard {failure.get('shard')}: {why}")
    return tuple(out) or (f"{failed} of {shards.get('total')} shards failed",)


def _skipped_clusters(clusters: object) -> tuple[str, ...]:
    # Cross-cluster search: a skipped or failed remote cluster contributed no hits.
    if not isinstance(clusters, dict):
        return ()
    lost = sum(as_count(clusters.get(k)) or 0 for k in ("skipped", "failed", "partial"))
    return (f"{lost} of {clusters.get('total')} clusters skipped or failed",) if lost else ()


# -- GraphQL (spec §7.1 Response Format) -----------------------------------------------------------

#: ``errors[].extensions.code`` (Apollo and most servers) or ``errors[].type`` (GitHub).
GRAPHQL_CODES: dict[str, tuple[FailureCode, FailureKind]] = {
    "UNAUTHENTICATED": (FailureCode.UNAUTHORIZED, _P),
    "FORBIDDEN": (FailureCode.FORBIDDEN, _P),
    "RATE_LIMITED": (FailureCode.RATE_LIMITED, _T),
    "THROTTLED": (FailureCode.RATE_LIMITED, _T),
    "GRAPHQL_PARSE_FAILED": (FailureCode.BAD_REQUEST, _P),
    "GRAPHQL_VALIDATION_FAILED": (FailureCode.BAD_REQUEST, _P),
    "BAD_USER_INPUT": (FailureCode.BAD_REQUEST, _P),
    "NOT_FOUND": (FailureCode.NOT_FOUND, _P),
    "INTERNAL_SERVER_ERROR": (FailureCode.SERVER_ERROR, _T),
}
_GRAPHQL_MEMBERS = frozenset({"data", "errors", "extensions"})


def _graphql(body: object, content_type: str) -> Verdict | None:
    # §7.1: the response map holds only data, errors and extensions, and every error has a
    # message. Requiring both keeps JSON:API error documents and ordinary records out.
    if not isinstance(body, dict) or not set(body) <= _GRAPHQL_MEMBERS:
        return None
    errors = body.get("errors")
    if not isinstance(errors, list) or not errors:
        return None
    if not all(isinstance(e, dict) and isinstance(e.get("message"), str) for e in errors):
        return None
    messages = [_graphql_error_text(e) for e in errors]
    if body.get("data") is None:  # null or absent: the request failed before or during execution
        code, kind = next(
            (GRAPHQL_CODES[c] for c in map(_graphql_code, errors) if c in GRAPHQL_CODES),
            (FailureCode.UPSTREAM_ERROR, _P),
        )
        return FailureVerdict(code, kind, "; ".join(messages), "graphql")
    detail = f"{len(errors)} field error(s); data is incomplete"
    return PartialVerdict(TruncatedBy.FIELD_ERRORS, detail, "graphql", tuple(messages))


def _graphql_code(error: Mapping[str, Any]) -> str | None:
    extensions = error.get("extensions")
    code = extensions.get("code") if isinstance(extensions, dict) else None
    code = code if isinstance(code, str) else error.get("type")
    return code.upper() if isinstance(code, str) else None


def _graphql_error_text(error: Mapping[str, Any]) -> str:
    path = error.get("path")
    where = ".".join(str(p) for p in path) if isinstance(path, list) and path else ""
    return f"{where}: {error['message']}" if where else str(error["message"])


# -- Slack Web API (and Telegram's Bot API, which shares ok: false) -------------------------

#: Slack ``error`` strings whose meaning is not "the upstream failed for its own reasons".
SLACK_ERRORS: dict[str, tuple[FailureCode, FailureKind]] = {
    "ratelimited": (FailureCode.RATE_LIMITED, _T),
    "rate_limited": (FailureCode.RATE_LIMITED, _T),
    "invalid_auth": (FailureCode.UNAUTHORIZED, _P),
    "not_authed": (FailureCode.UNAUTHORIZED, _P),
    "token_revoked": (FailureCode.UNAUTHORIZED, _P),
    "token_expired": (FailureCode.UNAUTHORIZED, _P),
    "account_inactive": (FailureCode.UNAUTHORIZED, _P),
    "missing_scope": (FailureCode.FORBIDDEN, _P),
    "not_allowed_token_type": (FailureCode.FORBIDDEN, _P),
    "no_permission": (FailureCode.FORBIDDEN, _P),
    "ekm_access_denied": (FailureCode.FORBIDDEN, _P),
    "access_denied": (FailureCode.FORBIDDEN, _P),
    "internal_error": (FailureCode.SERVER_ERROR, _T),
    "fatal_error": (FailureCode.SERVER_ERROR, _T),
    "service_unavailable": (FailureCode.SERVER_ERROR, _T),
    "request_timeout": (FailureCode.SERVER_ERROR, _T),
    "invalid_arguments": (FailureCode.BAD_REQUEST, _P),
    "invalid_cursor": (FailureCode.BAD_REQUEST, _P),
}


def _slack(body: object, content_type: str) -> Verdict | None:
    if not isinstance(body, dict) or body.get("ok") is not False:
        return None
    error, description = body.get("error"), body.get("description")
    if isinstance(error, str) and error:
        code, kind = SLACK_ERRORS.get(error, (FailureCode.UPSTREAM_ERROR, _P))
        if error.endswith("_not_found") and error not in SLACK_ERRORS:
            code = FailureCode.NOT_FOUND
        return FailureVerdict(code, kind, f"ok: false, error: {error}", "slack")
    if isinstance(description, str):  # Telegram: {"ok": false, "error_code": 429, ...}
        status = _status_from(body, "error_code")
        return _failure_from_status(status, f"ok: false: {description}", "telegram")
    if set(body) <= _SLACK_ENVELOPE_KEYS:  # nothing but the envelope: a failure with no reason
        return FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, "ok: false", "slack")
    return None


_SLACK_ENVELOPE_KEYS = frozenset({"ok", "error", "warning", "response_metadata"})


# -- Other error-in-a-200 conventions -------------------------------------------------------------


def _cloudflare(body: object, content_type: str) -> Verdict | None:
    # {"success": false, "errors": [{"code": 10000, "message": ...}], "result": null}
    if not isinstance(body, dict) or body.get("success") is not False:
        return None
    if not (_is_set(body.get("errors")) or _is_set(body.get("error"))):
        return None
    status = _status_from(body, "status", "status_code", "statusCode", "code")
    detail = f"success: false: {error_message(body) or 'no message'}"
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, _kind_from_status(status), detail, "success")


_JSEND_KEYS = frozenset({"status", "data", "message", "code"})


def _jsend(body: object, content_type: str) -> Verdict | None:
    # JSend: {"status": "error", "message": ..., "code": ...} or {"status": "fail", "data": ...}.
    # Only these four keys: a record such as {"id": 7, "status": "error"} is a job, not a reply.
    if not isinstance(body, dict) or body.get("status") not in ("error", "fail"):
        return None
    if not set(body) <= _JSEND_KEYS:
        return None
    status = _status_from(body, "code")
    detail = f"status: {body['status']}: {error_message(body) or 'no message'}"
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, _kind_from_status(status), detail, "jsend")


#: Keys an error-only body may have. A body with any other key is (also) data.
ERROR_ONLY_KEYS = frozenset(
    {
        "error", "errors", "error_description", "error_code", "error_message", "error_uri",
        "errorMessage", "errorCode", "message", "messages", "code", "status", "statusCode",
        "status_code", "detail", "details", "fault", "request_id", "requestId", "trace_id",
        "traceId", "documentation_url", "type", "title", "timestamp", "path", "reason", "hint",
    }
)  # fmt: skip
#: Keys whose non-empty value is itself an error report.
ERROR_BEARING_KEYS = (
    "error", "errors", "error_description", "error_code", "error_message", "errorMessage",
    "errorCode", "fault",
)  # fmt: skip
_STATUS_KEYS = ("status", "statusCode", "status_code", "code")


def _error_only(body: object, content_type: str) -> Verdict | None:
    if not isinstance(body, dict) or not body or not set(body) <= ERROR_ONLY_KEYS:
        return None
    status = _status_from(body, *_STATUS_KEYS)
    nested = body.get("error")
    if status is None and isinstance(nested, dict):  # Google: {"error": {"code": 403, ...}}
        status = _status_from(nested, *_STATUS_KEYS)
    bearing = any(_is_set(body.get(k)) for k in ERROR_BEARING_KEYS)
    if not bearing and not (status is not None and status >= 400):
        return None
    detail = error_message(body) or "the body holds only an error"
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, _kind_from_status(status), detail, "error")


#: The detectors, in the order they are tried. Failures come before flags so that an error
#: body is never read as a partial answer.
DETECTORS: tuple[tuple[str, Callable[[object, str], Verdict | None]], ...] = (
    ("jsonrpc", _jsonrpc),
    ("problem+json", _problem),
    ("elasticsearch_error", _elasticsearch_error),
    ("graphql", _graphql),
    ("slack", _slack),
    ("cloudflare", _cloudflare),
    ("jsend", _jsend),
    ("error_only", _error_only),
    ("elasticsearch_flags", _elasticsearch_flags),
)


def detect(body: object, content_type: str = "application/json") -> Verdict | None:
    """Run :data:`DETECTORS` over a decoded 2xx body.

    Args:
        body: The decoded JSON value.
        content_type: The media type, lower-case, without parameters.

    Returns:
        The first verdict, or ``None`` when no dialect reports failure or truncation.
    """
    for _name, detector in DETECTORS:
        verdict = detector(body, content_type)
        if verdict is not None:
            return verdict
    return None


# -- error messages, for the detail of any failure -------------------------------------------------

_MESSAGE_PATHS: tuple[tuple[str, ...], ...] = (
    ("error", "message"),  # Google, OpenAI, Anthropic
    ("error", "reason"),  # Elasticsearch
    ("errors", "0", "message"),  # GraphQL, GitHub, Cloudflare
    ("errors", "0", "detail"),  # JSON:API
    ("errors", "0", "title"),
    ("error_description",),  # OAuth 2.0 (RFC 6749 §5.2)
    ("message",),
    ("detail",),  # DRF, problem details
    ("title",),
    ("description",),  # Telegram
    ("error_message",),
    ("errorMessage",),
    ("fault", "faultstring"),  # Apigee
    ("error",),  # OAuth's bare code, Spring's reason phrase
    ("error", "type"),
)
_HTML_TITLE = re.compile(r"<title[^>]*>\s*([^<]{1,200}?)\s*</title>", re.IGNORECASE)


def error_message(body: object) -> str | None:
    """The upstream's own words for an error, from the places well-known APIs put them.

    Args:
        body: A decoded JSON value, or the text of a non-JSON body.

    Returns:
        A short message (at most 300 characters), or ``None`` when there is none.
    """
    if isinstance(body, str):
        title = _HTML_TITLE.search(body[:4000])
        if title:
            return title.group(1)
        if "<" in body[:200]:
            return None  # markup without a title: the raw sample shows it
        first = body.strip().splitlines()[0] if body.strip() else ""
        return first[:300] or None
    for path in _MESSAGE_PATHS:
        value: object = body
        for step in path:
            if isinstance(value, dict):
                value = value.get(step)
            elif isinstance(value, list) and step.isdigit() and len(value) > int(step):
                value = value[int(step)]
            else:
                value = None
        if isinstance(value, str) and value.strip():
            return value.strip()[:300]
    return None
