"""RPC conventions: JSON-RPC 2.0 and GraphQL, whose 2xx bodies carry the call's own verdict.

A JSON-RPC response holds either ``result`` (the answer, judged as the body) or ``error`` (a
failure keyed by its code, §5.1); a GraphQL response holds ``data`` and ``errors`` side by side:
errors with no data is a failure, errors beside data is a partial answer (spec §7.1).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tool_outcomes.envelope import FailureCode, FailureKind, TruncatedBy

from ._status import names_rate_limit, status_rule
from ._verdicts import (
    FailureVerdict,
    PartialVerdict,
    Unwrap,
    Verdict,
    as_count,
    refused_batch,
    status_from,
)

__all__ = [
    "GRAPHQL_CODES",
    "JSONRPC_CODES",
    "graphql",
    "graphql_user_errors",
    "jsonrpc",
    "jsonrpc_batch",
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


def jsonrpc(body: object, content_type: str) -> Verdict | None:
    if not isinstance(body, dict) or body.get("jsonrpc") != "2.0":
        return None
    error = body.get("error")
    if error is not None:
        code = error.get("code") if isinstance(error, dict) else None
        message = error.get("message") if isinstance(error, dict) else None
        mapped = JSONRPC_CODES.get(code) if isinstance(code, int) else None
        failure_code, kind = mapped or (FailureCode.UPSTREAM_ERROR, _P)
        detail = f"JSON-RPC error {code}: {message}" if message else f"JSON-RPC error {code}"
        named = (
            _server_error_name(error)
            if isinstance(code, int) and -32099 <= code <= -32000
            else None
        )
        if named is not None and named.endswith("OverLimitException"):
            # A server error named for a spent quota: Geotab's OverLimitException, "API calls
            # quota exceeded" (https://developers.geotab.com/myGeotab/guides/concepts/#result-and-rate-limits).
            return FailureVerdict(FailureCode.RATE_LIMITED, _T, f"{detail} ({named})", "jsonrpc")
        return FailureVerdict(failure_code, kind, detail, "jsonrpc")
    if "result" in body:
        return Unwrap(body["result"], "jsonrpc")
    if "method" in body:
        return None  # a request or notification object, not a response: judge it as data
    return FailureVerdict(
        FailureCode.UPSTREAM_ERROR, _P, "JSON-RPC response with neither result nor error", "jsonrpc"
    )


def _server_error_name(error: dict[str, Any]) -> str | None:
    """The name a JSON-RPC server error (-32000 to -32099) gives itself: ``data.type``, or its
    first ``errors[].name`` (Geotab's MyGeotab)."""
    data = error.get("data")
    named = data.get("type") if isinstance(data, dict) else None
    listed = error.get("errors")
    if named is None and isinstance(listed, list) and listed and isinstance(listed[0], dict):
        named = listed[0].get("name")
    return named if isinstance(named, str) else None


def jsonrpc_batch(body: object) -> Verdict | None:
    """A JSON-RPC 2.0 batch's answer: an array of response objects, each its own ``result`` or
    ``error`` (https://www.jsonrpc.org/specification#batch): some errors are a partial answer
    naming each ``id``; every one an error, a failure keyed on the first."""
    if not isinstance(body, list) or not body:
        return None
    if not all(isinstance(r, dict) and r.get("jsonrpc") == "2.0" and "id" in r for r in body):
        return None
    failed = [(r, v) for r in body if isinstance(v := jsonrpc(r, ""), FailureVerdict)]
    if not failed:
        return None
    dropped = tuple(f"id {r.get('id')}: {v.detail}" for r, v in failed)
    first = failed[0][1]
    return refused_batch(dropped, len(body), "calls failed", "jsonrpc", first.code, first.kind)


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
    # monday.com's limits (https://developer.monday.com/api-reference/docs/rate-limits): the
    # per-minute complexity budget comes back, the daily call limit at midnight UTC.
    "COMPLEXITY_BUDGET_EXHAUSTED": (FailureCode.RATE_LIMITED, _T),
    "TOO_MANY_REQUESTS": (FailureCode.RATE_LIMITED, _T),  # New Relic's errorClass
    "DAILY_LIMIT_EXCEEDED": (FailureCode.RATE_LIMITED, _P),
    # Federation routers' own limits: WunderGraph Cosmo's RATE_LIMIT_EXCEEDED
    # (https://cosmo-docs.wundergraph.com/router/security/rate-limiting), Apollo Router's
    # REQUEST_RATE_LIMITED (https://www.apollographql.com/docs/graphos/routing/errors).
    "RATE_LIMIT_EXCEEDED": (FailureCode.RATE_LIMITED, _T),
    "REQUEST_RATE_LIMITED": (FailureCode.RATE_LIMITED, _T),
    # Linear's limits (https://linear.app/developers/rate-limiting): extensions.code RATELIMITED.
    "RATELIMITED": (FailureCode.RATE_LIMITED, _T),
    # Apollo Router's timeouts: "GATEWAY_TIMEOUT" when a subgraph or the router timed out
    # (https://www.apollographql.com/docs/graphos/routing/performance/traffic-shaping#timeouts).
    # A server's failure it names in its answer, not this call's own timeout: answering a
    # mutation it is no write acknowledged (what a 2xx whose answer timed out being read is).
    "GATEWAY_TIMEOUT": (FailureCode.SERVER_ERROR, _T),
}
_GRAPHQL_MEMBERS = frozenset({"data", "errors", "extensions"})


def graphql(body: object, content_type: str) -> Verdict | None:
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
            None,
        ) or _extension_status(errors)
        if code is FailureCode.UPSTREAM_ERROR and (
            _response_waits(body.get("extensions"))
            or all(names_rate_limit(e["message"]) for e in errors)
        ):
            # A router's limit with no code (Cosmo with its statistics hidden answers only
            # "Rate limit exceeded" beside null data): a throttle, as a 403 saying so is.
            code, kind = FailureCode.RATE_LIMITED, _T
        if code is FailureCode.NOT_FOUND and "data" not in body:
            # No data at all is a request error, raised before execution (§7.1.2): nothing was
            # looked up, so no node is missing. Hasura's "not-found" names a session variable
            # its permissions needed (https://hasura.io/docs/latest/api-reference/graphql-api/overview/).
            code = FailureCode.BAD_REQUEST
        return FailureVerdict(code, kind, "; ".join(messages), "graphql")
    if all(_not_found_at_a_null(body["data"], e) for e in errors):
        # The node looked up is missing, the fields asked beside it answered: GitHub's
        # repository { hasIssuesEnabled, issue(number:) } names the issue NOT_FOUND at its path,
        # null there (https://docs.github.com/en/graphql/reference/objects#repository). The
        # lookup found nothing, as a REST 404 says (declared not_found="empty": that empty);
        # an item of a list missing is a part of the answer missing (not read here).
        return FailureVerdict(FailureCode.NOT_FOUND, _P, "; ".join(messages), "graphql")
    detail = f"{len(errors)} field error(s); data is incomplete"
    return PartialVerdict(TruncatedBy.FIELD_ERRORS, detail, "graphql", tuple(messages))


def _not_found_at_a_null(data: object, error: Mapping[str, Any]) -> bool:
    """Whether ``error`` is NOT_FOUND and its ``path`` (field names only: no list index) leads
    through ``data`` to a null."""
    path = error.get("path")
    if _graphql_code(error) != "NOT_FOUND" or not isinstance(path, list) or not path:
        return False
    node = data
    for step in path:
        if not isinstance(step, str) or not isinstance(node, dict) or step not in node:
            return False
        node = node[step]
    return node is None


def graphql_user_errors(body: object, content_type: str) -> Verdict | None:
    """A mutation the server refused in its own payload: Shopify answers a bad input with a 200
    whose payload's ``userErrors`` says why, its result null ("an error in the input of a
    mutation", https://shopify.dev/docs/api/admin-graphql#status_and_error_codes). Every root
    field refused is a failure; some of them, a partial answer."""
    if not isinstance(body, dict) or not set(body) <= _GRAPHQL_MEMBERS or body.get("errors"):
        return None
    data = body.get("data")
    if not isinstance(data, dict) or not data:
        return None
    refused: list[str] = []
    fields = busy = 0
    for name, payload in data.items():
        user_errors = payload.get("userErrors") if isinstance(payload, dict) else None
        if not isinstance(user_errors, list) or not user_errors:
            continue
        if not all(isinstance(e, dict) and isinstance(e.get("message"), str) for e in user_errors):
            return None
        fields += 1
        busy += all(e.get("code") == "OPERATION_IN_PROGRESS" for e in user_errors)
        refused += [f"{name}: {_user_error_text(e)}" for e in user_errors]
    if not fields:
        return None
    if fields == len(data):
        if busy == fields:
            # Shopify runs one bulk operation of each type at a time: "OPERATION_IN_PROGRESS"
            # refuses another until it ends (https://shopify.dev/docs/api/usage/bulk-operations/queries#operation-restrictions).
            text = "; ".join(refused)
            return FailureVerdict(FailureCode.CONFLICT, _T, text, "graphql userErrors")
        return FailureVerdict(FailureCode.BAD_REQUEST, _P, "; ".join(refused), "graphql userErrors")
    detail = f"{fields} of {len(data)} mutations refused"
    return PartialVerdict(TruncatedBy.FIELD_ERRORS, detail, "graphql userErrors", tuple(refused))


def _user_error_text(error: Mapping[str, Any]) -> str:
    field = error.get("field")
    where = ".".join(str(f) for f in field) if isinstance(field, list) and field else ""
    code = error.get("code")
    text = f"{error['message']} ({code})" if isinstance(code, str) and code else error["message"]
    return f"{where}: {text}" if where else str(text)


def _extension_status(errors: list[Any]) -> tuple[FailureCode, FailureKind]:
    """For codes of a server's own: the HTTP status an error's extensions carry (monday.com's
    ``status_code: 403`` beside ``UserUnauthorizedException``), or its wait before a retry
    (``retry_in_seconds``: a limit that clears, https://developer.monday.com/api-reference/docs/errors)."""
    for error in errors:
        extensions = error.get("extensions")
        if not isinstance(extensions, dict):
            continue
        status = status_from(extensions, "status_code", "statusCode", "status")
        rule = status_rule(status) if status is not None and status >= 400 else None
        if rule is not None:
            return rule.code, rule.kind
        if as_count(extensions.get("retry_in_seconds")) is not None:
            return FailureCode.RATE_LIMITED, _T
    return FailureCode.UPSTREAM_ERROR, _P


#: Where a GraphQL response's own extensions say how long to wait: Cosmo's
#: ``extensions.rateLimit.retryAfterMs`` beside its rejected request
#: (https://cosmo-docs.wundergraph.com/router/security/rate-limiting).
_WAITS = ("retryAfterMs", "retryAfter", "retry_after", "retry_in_seconds")


def _response_waits(extensions: object) -> bool:
    """Whether a response's top-level ``extensions`` (or its ``rateLimit`` within) names a wait
    before another try, or no request left in its window (``remaining: 0``)."""
    if not isinstance(extensions, dict):
        return False
    for box in (extensions, extensions.get("rateLimit")):
        if not isinstance(box, dict):
            continue
        if any(as_count(box.get(key)) is not None for key in _WAITS):
            return True
        if box is not extensions and as_count(box.get("remaining")) == 0:
            return True
    return False


def _carries_nothing(data: object) -> bool:
    if isinstance(data, dict):
        return all(_carries_nothing(v) for v in data.values())
    return data is None


def _graphql_code(error: Mapping[str, Any]) -> str | None:
    extensions = error.get("extensions")
    code = None
    if isinstance(extensions, dict):
        # New Relic's NerdGraph names it errorClass ("TOO_MANY_REQUESTS", "TIMEOUT",
        # "INTERNAL_SERVER_ERROR": https://docs.newrelic.com/docs/apis/nerdgraph/nerdgraph-usage-limits/).
        code = extensions.get("code", extensions.get("errorClass"))
    code = code if isinstance(code, str) else error.get("type")
    return code.upper().replace("-", "_") if isinstance(code, str) else None


def _graphql_error_text(error: Mapping[str, Any]) -> str:
    path = error.get("path")
    where = ".".join(str(p) for p in path) if isinstance(path, list) and path else ""
    code = _graphql_code(error)
    text = f"{error['message']} ({code})" if code else str(error["message"])
    return f"{where}: {text}" if where else text
