"""Dialects: how well-known upstreams report failure or truncation inside a 2xx JSON body.

A 200 only says the HTTP exchange worked. GraphQL puts ``errors`` beside (or instead of)
``data``, Elasticsearch says ``timed_out: true`` or counts failed shards, its ``_bulk`` says
``errors: true`` and its ``_msearch`` errors per sub-search, Solr flags ``partialResults``,
JSON-RPC answers ``error``, RFC 9457 sends a problem document; the plainer error-in-a-200
conventions (Slack, Cloudflare, Google, Anthropic …) live in ``errors_in_200``. Each detector
reads one dialect from its own specification and returns a verdict, or ``None`` when the body
is not evidence of anything. They run in order (:data:`DETECTORS`); the first verdict wins.

False positives are the failure mode to fear: ``error: null``, ``errors: []``,
``errors: false``, ``timed_out: false``, ``partialResults: false`` and ``_shards.failed: 0``
are not evidence, and every detector checks the value, never just the key.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .envelope import FailureCode, FailureKind, TruncatedBy
from .errors_in_200 import (
    SLACK_ERRORS,
    ai_vendor_error,
    cloudflare,
    error_only,
    google_error,
    jsend,
    slack,
)
from .verdicts import (
    FailureVerdict,
    PartialVerdict,
    Unwrap,
    Verdict,
    as_count,
    error_message,
    failure_from_status,
    is_set,
    status_from,
)

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
    return failure_from_status(status_from(body, "status"), _problem_text(body), "problem+json")


def _problem_text(body: Mapping[str, Any]) -> str:
    parts = [body.get(k) for k in ("title", "detail")]
    text = ": ".join(p for p in parts if isinstance(p, str) and p)
    return text or "problem details with no title"


# -- Elasticsearch / OpenSearch -----------------------------------------------------------------


def _elasticsearch_error(body: object, content_type: str) -> Verdict | None:
    # {"error": {"root_cause": [...], "type": ..., "reason": ...}, "status": 400}
    if not isinstance(body, dict) or not set(body) <= {"error", "status"}:
        return None
    error, status = body.get("error"), status_from(body, "status")
    shaped = isinstance(error, dict) and bool({"type", "reason", "root_cause"} & set(error))
    if status is None or not (shaped or (isinstance(error, str) and error)):
        return None
    return failure_from_status(status, error_message(body) or "search error", "elasticsearch")


def _elasticsearch_flags(body: object, content_type: str) -> Verdict | None:
    # A search that stopped early reports in hits.total what it counted before it stopped,
    # not what the index holds, so every verdict here marks its counts as cut.
    if not isinstance(body, dict):
        return None
    shards, clusters = body.get("_shards"), body.get("_clusters")
    dropped = _failed_shards(shards) + _skipped_clusters(clusters)
    if body.get("timed_out") is True:
        detail = "the search timed out; hits are what was collected in time"
        return PartialVerdict(
            TruncatedBy.UPSTREAM_TIMEOUT, detail, "elasticsearch", dropped, counts_cut=True
        )
    if dropped:
        detail = "part of the index was not searched"
        return PartialVerdict(
            TruncatedBy.SHARD_FAILURE, detail, "elasticsearch", dropped, counts_cut=True
        )
    if body.get("terminated_early") is True:
        detail = "the search stopped early (terminate_after)"
        return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, detail, "elasticsearch", counts_cut=True)
    return None


def _failed_shards(shards: object) -> tuple[str, ...]:
    if not isinstance(shards, dict):
        return ()
    failed = as_count(shards.get("failed"))
    failures = shards.get("failures")
    failures = [f for f in failures if isinstance(f, dict)] if isinstance(failures, list) else []
    if not failed and not failures:  # failed: 0 and no failure reports: every shard answered
        return ()
    out: list[str] = []
    for failure in failures:
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


def _elasticsearch_msearch(body: object, content_type: str) -> Verdict | None:
    # _msearch: {"took": 5, "responses": [{...search...}, {"error": {...}, "status": 404}]}.
    # Each sub-search succeeds or fails on its own; some failed is a partial, all is a failure.
    if not isinstance(body, dict) or not set(body) <= {"took", "responses"}:
        return None
    responses = body.get("responses")
    if not isinstance(responses, list) or not all(isinstance(r, dict) for r in responses):
        return None
    failed = [(i, r) for i, r in enumerate(responses) if is_set(r.get("error"))]
    cut = [(i, r) for i, r in enumerate(responses) if _elasticsearch_flags(r, content_type)]
    if failed and len(failed) == len(responses):
        first = failed[0][1]
        return failure_from_status(
            status_from(first, "status"), error_message(first) or "every search failed", "msearch"
        )
    dropped = tuple(f"responses.{i}: {error_message(r) or 'error'}" for i, r in failed)
    dropped += tuple(f"responses.{i}: timed out or lost shards" for i, _ in cut)
    if not dropped:
        return None
    detail = f"{len(failed) + len(cut)} of {len(responses)} searches failed or were cut"
    return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, detail, "msearch", dropped)


def _elasticsearch_bulk(body: object, content_type: str) -> Verdict | None:
    # _bulk answers 200 with errors: true when some actions failed; each item says which.
    if not isinstance(body, dict) or body.get("errors") is not True:
        return None
    items = body.get("items")
    if not isinstance(items, list):
        return None
    dropped: list[str] = []
    for index, item in enumerate(items):
        action = next(iter(item.values()), None) if isinstance(item, dict) and item else None
        if isinstance(action, dict) and is_set(action.get("error")):
            dropped.append(f"items.{index}: {error_message(action) or 'error'}")
    detail = f"{len(dropped)} of {len(items)} bulk actions failed"
    return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, detail, "bulk", tuple(dropped))


# -- Solr -----------------------------------------------------------------------------------------


def _solr(body: object, content_type: str) -> Verdict | None:
    # {"responseHeader": {"status": 0, "QTime": 1, "partialResults": true}, "response": {...}}
    if not isinstance(body, dict):
        return None
    header = body.get("responseHeader")
    if not isinstance(header, dict) or ("QTime" not in header and "status" not in header):
        return None
    status = header.get("status")
    if isinstance(status, int) and not isinstance(status, bool) and status != 0:
        detail = f"responseHeader.status {status}: {error_message(body) or 'no message'}"
        return failure_from_status(status, detail, "solr")
    if header.get("partialResults") is True:
        # timeAllowed ran out or a shard was tolerated away: numFound counts only what was seen.
        detail = "partialResults: true (timeAllowed or a tolerated shard failure)"
        return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, detail, "solr", counts_cut=True)
    return None


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
    # GitHub's errors[].type values.
    "INSUFFICIENT_SCOPES": (FailureCode.FORBIDDEN, _P),
    "MAX_NODE_LIMIT_EXCEEDED": (FailureCode.BAD_REQUEST, _P),
    # Hasura (lower-case with hyphens, normalised), Shopify and other servers.
    "ACCESS_DENIED": (FailureCode.FORBIDDEN, _P),
    "VALIDATION_FAILED": (FailureCode.BAD_REQUEST, _P),
    "UNAUTHORIZED": (FailureCode.UNAUTHORIZED, _P),
    "BAD_REQUEST": (FailureCode.BAD_REQUEST, _P),
    "PERSISTED_QUERY_NOT_FOUND": (FailureCode.BAD_REQUEST, _P),
    "OPERATION_RESOLUTION_FAILURE": (FailureCode.BAD_REQUEST, _P),
    "INTERNAL_ERROR": (FailureCode.SERVER_ERROR, _T),
    "SERVICE_UNAVAILABLE": (FailureCode.SERVER_ERROR, _T),
    "TIMEOUT": (FailureCode.TIMEOUT, _T),
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
    # data null or absent: the request failed before or during execution. Data whose every
    # field is null (GitHub's {"repository": null} beside NOT_FOUND) carries nothing either.
    if _carries_nothing(body.get("data")):
        code, kind = next(
            (GRAPHQL_CODES[c] for c in map(_graphql_code, errors) if c in GRAPHQL_CODES),
            (FailureCode.UPSTREAM_ERROR, _P),
        )
        return FailureVerdict(code, kind, "; ".join(messages), "graphql")
    detail = f"{len(errors)} field error(s); data is incomplete"
    return PartialVerdict(TruncatedBy.FIELD_ERRORS, detail, "graphql", tuple(messages))


def _carries_nothing(data: object) -> bool:
    if isinstance(data, dict):
        return all(_carries_nothing(v) for v in data.values())
    return data is None


def _graphql_code(error: Mapping[str, Any]) -> str | None:
    extensions = error.get("extensions")
    code = extensions.get("code") if isinstance(extensions, dict) else None
    code = code if isinstance(code, str) else error.get("type")
    return code.upper().replace("-", "_") if isinstance(code, str) else None


def _graphql_error_text(error: Mapping[str, Any]) -> str:
    path = error.get("path")
    where = ".".join(str(p) for p in path) if isinstance(path, list) and path else ""
    code = _graphql_code(error)
    text = f"{error['message']} ({code})" if code else str(error["message"])
    return f"{where}: {text}" if where else text


#: The detectors, in the order they are tried. Failures come before flags so that an error
#: body is never read as a partial answer.
DETECTORS: tuple[tuple[str, Callable[[object, str], Verdict | None]], ...] = (
    ("jsonrpc", _jsonrpc),
    ("problem+json", _problem),
    ("elasticsearch_error", _elasticsearch_error),
    ("graphql", _graphql),
    ("slack", slack),
    ("cloudflare", cloudflare),
    ("jsend", jsend),
    ("google_error", google_error),
    ("ai_vendor_error", ai_vendor_error),
    ("error_only", error_only),
    ("solr", _solr),
    ("elasticsearch_msearch", _elasticsearch_msearch),
    ("elasticsearch_bulk", _elasticsearch_bulk),
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
