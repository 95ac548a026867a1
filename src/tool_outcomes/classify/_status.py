"""Step 2, the status: what the final HTTP status says before anyone reads the body.

RFC 9110 gives every status class a meaning; a few codes carry more (``429`` and ``503`` say
"later", ``501`` says "never"). :data:`STATUS_RULES` is the whole policy for errors: a status that
is not listed falls back to its class. A ``403`` or ``400`` that says it is a throttle is one: by
GitHub's spent-quota headers, a message naming a rate limit, or an error code in the body
(:data:`THROTTLING_CODES`: AWS answers a throttle with 400, Google's older APIs with 403).
A ``2xx`` is left to the body, except where the status alone decides: ``204`` and ``205`` carry
no content by definition (a verified nothing to a read, an acknowledged write to a write),
``202`` to a read says the answer is not ready yet, and any other ``2xx`` answering a ``HEAD`` is
a ``success`` whose headers are the answer.
:func:`judge_status` returns the finished envelope, or ``None`` to go on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl

import httpx

from tool_outcomes.envelope import Effect, Envelope, FailureCode, FailureKind, Outcome

from ._exchange import Exchange
from ._headers import throttled
from ._json import decode_json
from ._messages import error_message, graph_api_error
from ._soap import soap_fault_in

__all__ = [
    "EXISTING_ID_KEYS",
    "QUOTA_CODES",
    "STATUS_RULES",
    "THROTTLING_CODES",
    "StatusRule",
    "error_codes",
    "judge_status",
    "names_rate_limit",
    "status_rule",
]

_T = FailureKind.TRANSIENT
_P = FailureKind.PERMANENT


@dataclass(frozen=True)
class StatusRule:
    """How one HTTP status is classified when it is the final response."""

    code: FailureCode
    kind: FailureKind
    why: str


#: Statuses whose meaning differs from the default of their class (see :func:`status_rule`).
STATUS_RULES: dict[int, StatusRule] = {
    # 304 answers a conditional request: the caller's cached copy is the answer (§15.4.5).
    304: StatusRule(
        FailureCode.PROTOCOL,
        _P,
        "the caller's cached copy is current; this response carries no data "
        "(answer the conditional request from that cache)",
    ),
    # 4xx: the request was refused. Permanent unless the refusal itself says "later".
    401: StatusRule(FailureCode.UNAUTHORIZED, _P, "no valid credentials (RFC 9110 §15.5.2)"),
    403: StatusRule(FailureCode.FORBIDDEN, _P, "credentials valid but not allowed (§15.5.4)"),
    404: StatusRule(FailureCode.NOT_FOUND, _P, "no such resource (§15.5.5)"),
    # The request conflicts with the resource's current state (it exists already, its version
    # moved on): the same request meets the same state again.
    409: StatusRule(FailureCode.CONFLICT, _P, "conflicts with the resource's state (§15.5.10)"),
    407: StatusRule(FailureCode.UNAUTHORIZED, _P, "the proxy wants credentials (§15.5.8)"),
    408: StatusRule(FailureCode.TIMEOUT, _T, "server gave up waiting; may repeat (§15.5.9)"),
    410: StatusRule(FailureCode.NOT_FOUND, _P, "gone for good (§15.5.11)"),
    # RFC 8470 §5.2: the request arrived in TLS early data; the client may simply retry it
    # once the handshake has completed, so asking again does help.
    # RFC 4918 §11.3: the resource is locked, until its lock is released (Okta answers 423
    # E0000239 "Policy priorities are being reconciled. Please try again later.").
    423: StatusRule(FailureCode.CONFLICT, _T, "locked until its lock is released (RFC 4918)"),
    425: StatusRule(FailureCode.PROTOCOL, _T, "too early: retry after the handshake (RFC 8470)"),
    429: StatusRule(FailureCode.RATE_LIMITED, _T, "too many requests (RFC 6585 §4)"),
    451: StatusRule(FailureCode.FORBIDDEN, _P, "denied because of a legal demand (RFC 7725)"),
    # 5xx registered as temporary conditions.
    500: StatusRule(FailureCode.SERVER_ERROR, _T, "unexpected server condition (§15.6.1)"),
    502: StatusRule(FailureCode.SERVER_ERROR, _T, "bad gateway: upstream reply invalid (§15.6.3)"),
    503: StatusRule(FailureCode.SERVER_ERROR, _T, "temporary overload or maintenance (§15.6.4)"),
    504: StatusRule(FailureCode.TIMEOUT, _T, "gateway timed out waiting upstream (§15.6.5)"),
    # RFC 4918 §11.5: "This condition is considered to be temporary."
    507: StatusRule(FailureCode.SERVER_ERROR, _T, "insufficient storage, temporary (RFC 4918)"),
    # Cloudflare's origin errors: the edge could not get a good answer from the origin right
    # now (unknown error, origin down, origin unreachable); a later attempt can succeed.
    520: StatusRule(FailureCode.SERVER_ERROR, _T, "origin returned an unknown error (Cloudflare)"),
    521: StatusRule(FailureCode.SERVER_ERROR, _T, "origin refused the edge (Cloudflare)"),
    522: StatusRule(FailureCode.TIMEOUT, _T, "connection to origin timed out (Cloudflare)"),
    523: StatusRule(FailureCode.SERVER_ERROR, _T, "origin unreachable (Cloudflare)"),
    524: StatusRule(FailureCode.TIMEOUT, _T, "origin accepted but did not answer (Cloudflare)"),
    # 529 "site is overloaded": used by several APIs for load shedding; load passes.
    529: StatusRule(FailureCode.SERVER_ERROR, _T, "upstream overloaded, shedding load"),
    # 5xx that describe a fixed property of the server, not a passing condition: asking
    # again gets the same answer, so they are permanent.
    501: StatusRule(FailureCode.SERVER_ERROR, _P, "method not implemented (§15.6.2)"),
    505: StatusRule(FailureCode.PROTOCOL, _P, "HTTP version not supported (§15.6.6)"),
    506: StatusRule(FailureCode.SERVER_ERROR, _P, "negotiation misconfigured (RFC 2295)"),
    508: StatusRule(FailureCode.SERVER_ERROR, _P, "loop in the server's config (RFC 5842)"),
    510: StatusRule(FailureCode.BAD_REQUEST, _P, "request lacks a required extension (RFC 2774)"),
    511: StatusRule(FailureCode.UNAUTHORIZED, _P, "network login (captive portal) (RFC 6585)"),
}

#: The default for a status class when the status is not in :data:`STATUS_RULES`.
_CLASS_RULES: dict[int, StatusRule] = {
    1: StatusRule(FailureCode.PROTOCOL, _P, "an interim 1xx is not a final response"),
    3: StatusRule(FailureCode.PROTOCOL, _P, "a redirect the client did not follow"),
    4: StatusRule(FailureCode.BAD_REQUEST, _P, "the request was refused: fix the arguments"),
    # An unregistered 5xx makes no promise that the condition passes; the registered
    # temporary ones are listed above, so the rest surface at once instead of burning retries.
    5: StatusRule(FailureCode.SERVER_ERROR, _P, "server error with no promise it is temporary"),
}

_OUT_OF_RANGE = StatusRule(FailureCode.PROTOCOL, _P, "not an HTTP status (outside 100–599)")


def status_rule(status: int) -> StatusRule | None:
    """The classification of a final HTTP status.

    Args:
        status: The status code as received.

    Returns:
        ``None`` for 2xx (the body decides); otherwise the rule: a listed status, else the
        default of its class; a number outside 100–599 is a protocol failure.
    """
    if not 100 <= status <= 599:
        return _OUT_OF_RANGE
    if 200 <= status <= 299:
        return None
    return STATUS_RULES.get(status) or _CLASS_RULES[status // 100]


_THROTTLED_402 = StatusRule(FailureCode.RATE_LIMITED, _T, "402 with a quota that resets")


def _quota_resets(value: object) -> bool:
    """Whether an error body's ``rate`` says no request is left until a reset it names."""
    rate = value.get("rate") if isinstance(value, dict) else None
    if not isinstance(rate, dict):
        return False
    remaining, reset = rate.get("remaining"), rate.get("reset")
    return remaining == 0 and type(remaining) is int and type(reset) is int and reset > 0


_HTTP_420 = StatusRule(FailureCode.RATE_LIMITED, _T, "rate limited (Twitter v1, Cloudinary)")
_THROTTLED_403 = StatusRule(FailureCode.RATE_LIMITED, _T, "403 saying it is a rate limit")
# An error message that names a rate limit ("API rate limit exceeded", "secondary rate limit").
_RATE_LIMIT_WORDS = re.compile(r"\brate[ -]?limit", re.IGNORECASE)


def names_rate_limit(message: str) -> bool:
    """Whether an error message names a rate limit ("Rate limit exceeded", "API rate-limit")."""
    return _RATE_LIMIT_WORDS.search(message) is not None


_ERROR_BODY_PARSE_LIMIT = 256 * 1024  # error bodies larger than this are not parsed for a message

#: Error codes that say "throttled" in the body of a ``400`` or ``403``: AWS answers a throttle
#: with 400 and a code (the codes botocore's retry handler treats as throttling), Google's older
#: APIs with 403 and ``error.errors[].reason``. Each is a wait, not a refusal.
THROTTLING_CODES = frozenset(
    {
        "Throttling", "ThrottlingException", "ThrottledException", "RequestThrottledException",
        "TooManyRequestsException", "ProvisionedThroughputExceededException",
        "TransactionInProgressException", "RequestLimitExceeded", "BandwidthLimitExceeded",
        "LimitExceededException", "RequestThrottled", "SlowDown", "PriorRequestNotComplete",
        "EC2ThrottledException",
        "rateLimitExceeded", "userRateLimitExceeded",  # Google
    }
)  # fmt: skip
#: The same, with the codes of APIs that throttle with another status: Transloadit answers 413
#: with ``"error": "RATE_LIMIT_REACHED"`` and ``info.retryIn``, the seconds to wait
#: (https://transloadit.com/docs/api/rate-limiting/).
_BODY_THROTTLE_CODES = THROTTLING_CODES | {
    "RATE_LIMIT_REACHED",
    # Duffel: "rate_limit_exceeded", "retry your request after … ratelimit-reset"
    # (https://duffel.com/docs/api/overview/errors)
    "rate_limit_exceeded",
    "rate_limit_error",
}
#: Google's reasons for a spent daily quota: rate limited, but not a wait a retry loop should
#: make ("do not retry without fixing the problem"): it comes back when the quota resets.
QUOTA_CODES = frozenset({"quotaExceeded", "dailyLimitExceeded", "dailyLimitExceededUnreg"})
_THROTTLE_CODE = StatusRule(FailureCode.RATE_LIMITED, _T, "an error code that names a throttle")
_QUOTA_CODE = StatusRule(FailureCode.RATE_LIMITED, _P, "an error code that names a spent quota")
_XML_CODE = re.compile(r"<Code>\s*([A-Za-z0-9_.]{1,100})\s*</Code>")

# The IETF Idempotency-Key draft (§2.7): a key reused with another payload is a 422 (Stripe:
# a 400 of type idempotency_error), a retry while the key's first request is still being
# processed a 409. Either body names idempotency (a problem type, a title, an error type).
_IDEMPOTENCY_WORD = re.compile(rb"idempoten", re.IGNORECASE)
_KEY_REUSED = StatusRule(
    FailureCode.CONFLICT, _P, "the idempotency key was already used with another payload"
)
_KEY_OUTSTANDING = StatusRule(
    FailureCode.CONFLICT,
    _T,
    "a request with this idempotency key is still being processed: it may yet take effect",
)
#: Where a conflict's body names what it conflicts with (the existing resource's id), in order.
EXISTING_ID_KEYS = (
    "existing_id",
    "existingId",
    "conflicting_id",
    "conflictingId",
    "resource_id",
    "resourceId",
    "id",
)
_EXISTING_ID_MAX_CHARS = 200


def judge_status(ex: Exchange) -> Envelope[Any] | None:
    """The envelope the status alone decides, or ``None`` when the body must be read.

    Args:
        ex: The exchange.

    Returns:
        An access failure for a non-2xx status (a confirmed empty for 404/410 when the caller
        declared ``not_found="empty"``), the outcome of a 2xx that carries no content, or
        ``None``.
    """
    status, headers = ex.status, ex.headers
    # 420 is no registered status, but sent for a rate limit: Twitter v1's "Enhance Your Calm",
    # Cloudinary's "Rate limited" (https://cloudinary.com/documentation/admin_api#error_handling).
    # (Only as the response's status: a body's own "420" is its API's code, Vonage's say.)
    rule = _HTTP_420 if status == 420 else status_rule(status)
    if rule is None:
        return _no_content(ex)
    if status == 404 and not ex.writes and _JOB_RESULT.search(ex.url or ""):
        # DatoCMS's asynchronous jobs: GET /job-results/:id "will return a 404 Not found as
        # long as the task is still in progress" (https://www.datocms.com/docs/content-management-api/async-jobs).
        detail = "HTTP 404 for a job's result: the job is not done yet; ask again later"
        return ex.fail(FailureCode.UPSTREAM_ERROR, _T, detail)
    if status in (404, 410) and ex.options.not_found == "empty":
        missing = (
            (_container_missing(ex.body) or _route_missing(ex.body)) if status == 404 else None
        )
        if missing is not None:
            # The lookup never ran: what is missing is where it looks (or the route it asked
            # by), not what it looked for.
            return ex.fail(FailureCode.NOT_FOUND, _P, f"HTTP 404: {missing}")
        return ex.no_data(Outcome.EMPTY, f"HTTP {status}")
    in_range = 100 <= status <= 599
    detail = f"HTTP {status} {_reason(status)}".rstrip() if in_range else f"HTTP status {status}"
    if status == 304 and ex.writes:
        # A 304 answers only a conditional GET or HEAD (RFC 9110 §15.4.5); answering a write it
        # can only say the write left nothing to change: Mailjet's "the PUT request didn't
        # affect any record" (https://dev.mailjet.com/docs/email-api/email_api_overview/status_codes).
        return ex.acknowledged("HTTP 304 Not Modified: nothing to change")
    if 300 <= status <= 399 and ex.writes and _payu_order(ex.body):
        # PayU's order create answers 302 Found with the order it made, status.statusCode
        # "SUCCESS" (or a WARNING_CONTINUE_… asking the buyer for 3DS or the CVV), its Location
        # the page where the buyer pays (https://developers.payu.com/europe/api/#tag/Order/operation/create-an-order):
        # the write taken, its body the answer.
        return None
    if 300 <= status <= 399 and not ex.writes and _names_its_location(ex):
        # A read answered with where its answer is, in the body as in Location: Buildkite's
        # artifact download "returns a 302 response to a URL for downloading an artifact",
        # {"url": "https://s3…"} (https://buildkite.com/docs/apis/rest-api/artifacts): that URL
        # is the answer, not a redirect the client failed to follow.
        return None
    if 300 <= status <= 399:
        return ex.fail(rule.code, rule.kind, f"{detail}: {_redirect(ex, rule)}")
    value = _error_body(ex.body)
    message = error_message(value)
    if status >= 500 and (fault := soap_fault_in(ex.body)) is not None:
        # SOAP 1.1 sends every fault with a 500 (§6.2): the fault's code, not the status, says
        # whether sending it again can help (:mod:`._soap`).
        code, kind, said = fault
        return ex.fail(code, kind, f"{detail}: {said}")
    if status >= 500 and (refused := _online_exception(value)) is not None:
        # Dexcom Share answers a refused login or a lost session with a 500 whose body names
        # it: {"Code": "AccountPasswordInvalid", "SubCode": "<OnlineException …>"}
        # (https://gagebenne.github.io/pydexcom/pydexcom.html): no retry mends that.
        return ex.fail(refused, _P, f"{detail}: {message}" if message else detail)
    if status == 409:
        tags, summary = _dropbox_error(value)
        if tags & _DROPBOX_NOT_FOUND or any(t.endswith("_not_found") for t in tags):
            if ex.options.not_found == "empty":  # what a lookup declares its confirmed none
                why = f"HTTP 409 {summary}"
                return ex.no_data(Outcome.EMPTY, why)
            rule = _DROPBOX_ABSENT
        elif tags & _DROPBOX_BUSY:
            rule = _DROPBOX_RETRY
        message = message or summary or None
    if status == 400 and _alma_not_found(value):
        # Ex Libris Alma answers a lookup that found nothing with a 400 whose errorList says so:
        # 401689 "No items found for barcode …", 401861 "User with identifier … was not found"
        # (https://developers.exlibrisgroup.com/alma/apis/, each endpoint's error codes).
        if ex.options.not_found == "empty":
            return ex.no_data(Outcome.EMPTY, f"HTTP 400: {message}" if message else "HTTP 400")
        rule = _ALMA_ABSENT
    if status == 422 and (keyed := _postmark_rule(value)) is not None:
        if keyed is _POSTMARK_ABSENT and ex.options.not_found == "empty":
            return ex.no_data(Outcome.EMPTY, f"HTTP 422: {message}" if message else "HTTP 422")
        rule = keyed
    if status in (400, 401, 403) and (problem := _oauth_problem(ex.body)) is not None:
        # OAuth 1.0a's Problem Reporting: a form-encoded oauth_problem, its advice beside it;
        # Xero's "rate limit exceeded" in a 401 is a wait, not a credential refused
        # (https://developer.xero.com/documentation/guides/oauth2/limits/).
        message = problem
        if _RATE_LIMIT_WORDS.search(problem):
            rule = _THROTTLED_OAUTH
    if status in (400, 401) and isinstance(value, dict) and _oauth_wait(value.get("error")):
        # OAuth's "ask again": the device flow's authorization_pending and slow_down (RFC 8628
        # §3.5, "the client should continue polling"), DPoP's use_dpop_nonce with the nonce to
        # send (RFC 9449 §8).
        rule = _OAUTH_POLL
    if status == 402 and (throttled(headers) or _quota_resets(value)):
        # A quota spent until it resets is a wait, not a payment asked for: OpenCage answers
        # 402 "quota exceeded" with {"rate": {"remaining": 0, "reset": …}}
        # (https://opencagedata.com/api#codes).
        rule = _THROTTLED_402
    if status == 403 and (throttled(headers) or _RATE_LIMIT_WORDS.search(message or "")):
        # GitHub and others answer an exhausted rate limit with 403, not 429 (docs: "403 or
        # 429, and x-ratelimit-remaining is 0", or a message naming the secondary rate limit):
        # that is a wait, not a missing permission.
        rule = _THROTTLED_403
    busy_words = status == 409 and _BUSY_WORDS.search((message or "")[:300]) is not None
    graph = (
        graph_api_error(value.get("error"))
        if 400 <= status < 500 and isinstance(value, dict)
        else None
    )
    if graph is not None:
        # Facebook's Graph API answers its rate limits and temporary errors with a 400 as
        # often as a 200 (code 613, 4, 1200: https://developers.facebook.com/docs/graph-api/guides/error-handling).
        rule = StatusRule(*graph, "a Graph API error code worth another try")
    if status == 400 and _MERAKI_BUSY.search((message or "")[:300]):
        # Meraki answers a network deleted while another is, and an action batch over its limit
        # of five running, with a 400 that asks to be retried: its Python library waits and
        # sends them again (https://developer.cisco.com/meraki/api-v1/errors; the library's
        # meraki/session/base.py, _is_network_delete_concurrency and _is_action_batch_concurrency).
        rule = _BUSY
    if status == 409 and (busy_words or not _BUSY_CODES.isdisjoint(error_codes(value))):
        # "Another operation on this or dependent resource is in progress": wait for it and
        # retry (Azure: https://learn.microsoft.com/en-us/azure/azure-resource-manager/troubleshooting/common-deployment-errors;
        # AWS's ConcurrentModificationException).
        rule = _BUSY
    if status in (400, 403, 413):
        codes = set(error_codes(value))
        if codes & QUOTA_CODES:
            rule = _QUOTA_CODE
        elif codes & _BODY_THROTTLE_CODES:
            rule = _THROTTLE_CODE
    more: dict[str, Any] = {}
    if status in (400, 409, 422) and _IDEMPOTENCY_WORD.search(ex.body[:_IDEMPOTENCY_READ]):
        rule = _KEY_OUTSTANDING if status == 409 else _KEY_REUSED
        if rule is _KEY_OUTSTANDING:
            more["effect"] = Effect.UNKNOWN if ex.writes else Effect.NONE
    if rule.code is FailureCode.CONFLICT:
        detail = f"{detail} ({rule.why})" if rule is not STATUS_RULES[409] else detail
        existing = existing_id(value, ex.headers)
        if existing is not None:
            message = f"{message}; existing: {existing}" if message else f"existing: {existing}"
    return ex.fail(rule.code, rule.kind, f"{detail}: {message}" if message else detail, **more)


_IDEMPOTENCY_READ = 4096
_BUSY_CODES = frozenset(
    {
        "AnotherOperationInProgress", "OperationInProgress", "ResourceBusy",
        "ConcurrentModificationException", "OperationNotAllowedWhileInProgress",
        "StateNotReady",  # Fingerprint: "resource is not mutable yet, try again"
    }
)  # fmt: skip
_BUSY = StatusRule(FailureCode.CONFLICT, _T, "another operation on the resource is in progress")
#: A 409's words for a state that passes: the work it conflicts with "still in progress"
#: (GoCD's, https://api.gocd.org/current/#error-codes: 409 "the resource is locked"), or
#: Smartcar's vehicle "temporarily unable to perform your request" (asleep, charging: its
#: VEHICLE_STATE errors, https://smartcar.com/docs/errors/v2.0/vehicle-state/).
_BUSY_WORDS = re.compile(r"\b(?:(?:still|already) in progress|temporarily unable)\b", re.IGNORECASE)
#: A 202's words asking for the same call again (FullContact's), read in its first KiB.
_ASKED_AGAIN = re.compile(rb"\bretry your (?:query|request)\b", re.IGNORECASE)
_ASKED_AGAIN_READ = 1024
#: Meraki's 400s that its own library sends again (see judge_status).
_MERAKI_BUSY = re.compile(
    r"\bconcurrent requests to delete networks\b|\bconcurrently executing batches\b", re.IGNORECASE
)
_OAUTH_WAIT = frozenset({"authorization_pending", "slow_down", "use_dpop_nonce"})


def _oauth_wait(error: object) -> bool:
    return isinstance(error, str) and error in _OAUTH_WAIT


_OAUTH_POLL = StatusRule(FailureCode.BAD_REQUEST, _T, "OAuth asks the client to ask again")
_THROTTLED_OAUTH = StatusRule(FailureCode.RATE_LIMITED, _T, "oauth_problem names a rate limit")


def _oauth_problem(body: bytes) -> str | None:
    """The words of an OAuth 1.0a problem report, ``oauth_problem=token_rejected&
    oauth_problem_advice=…`` (https://wiki.oauth.net/w/page/12238543/ProblemReporting)."""
    if not body.startswith(b"oauth_problem=") or len(body) > 4096:
        return None
    fields = dict(parse_qsl(body.decode("latin-1"), keep_blank_values=True))
    problem = fields.get("oauth_problem", "").strip()
    advice = fields.get("oauth_problem_advice", "").strip()
    return f"oauth_problem: {problem}" + (f" ({advice})" if advice else "") if problem else None


_JOB_RESULT = re.compile(r"^https?://[^/?#]+/job-results/[^/?#]+/?(?:[?#]|$)")

# Dropbox API v2 answers every endpoint's own error with a 409 naming it in tags, "path/
# not_found/.." in error_summary beside the same chain in error's ".tag"s ("409: Endpoint-specific
# error. Look to the JSON response body for the specifics of the error",
# https://www.dropbox.com/developers/documentation/http/documentation#error-handling).
_DROPBOX_NOT_FOUND = frozenset({"not_found", "no_account"})
_DROPBOX_BUSY = frozenset({"too_many_write_operations", "too_many_files"})
_DROPBOX_ABSENT = StatusRule(FailureCode.NOT_FOUND, _P, "Dropbox: nothing at that path or id")
_DROPBOX_RETRY = StatusRule(FailureCode.RATE_LIMITED, _T, "Dropbox: too many writes at once")


# Postmark answers its own errors with 422 and {"ErrorCode": N, "Message": "..."}, keyed on the
# code (https://postmarkapp.com/developer/api/overview#error-codes): 10 a bad or missing token,
# 100 maintenance, 407 a bounce and 701 a message that is not there.
_ALMA_ABSENT = StatusRule(FailureCode.NOT_FOUND, _P, "Alma: no such record")
_NOT_FOUND_WORDS = re.compile(r"\bnot found\b|^No \w+(?: \w+)? found\b", re.IGNORECASE)


def _alma_not_found(value: object) -> bool:
    """Whether an Alma error body (``{"errorsExist": true, "errorList": {"error": [...]}}``)
    says, in every error, that what was looked up was not found."""
    if not isinstance(value, dict) or value.get("errorsExist") is not True:
        return False
    listed = value.get("errorList")
    errors = listed.get("error") if isinstance(listed, dict) else None
    if not isinstance(errors, list) or not errors:
        return False
    words = [e.get("errorMessage") if isinstance(e, dict) else None for e in errors]
    return all(isinstance(w, str) and _NOT_FOUND_WORDS.search(w) for w in words)


_POSTMARK_ABSENT = StatusRule(FailureCode.NOT_FOUND, _P, "Postmark: no such message or bounce")
_POSTMARK_CODES = {
    10: StatusRule(FailureCode.UNAUTHORIZED, _P, "Postmark: a bad or missing API token"),
    100: StatusRule(FailureCode.SERVER_ERROR, _T, "Postmark: down for maintenance"),
    407: _POSTMARK_ABSENT,
    701: _POSTMARK_ABSENT,
}


def _postmark_rule(value: object) -> StatusRule | None:
    """The rule Postmark's own error code in a 422 names, when it names one."""
    if not isinstance(value, dict) or value.keys() != {"ErrorCode", "Message"}:
        return None
    code = value["ErrorCode"]
    return _POSTMARK_CODES.get(code) if type(code) is int else None


def _dropbox_error(value: object) -> tuple[frozenset[str], str]:
    """The tags of a Dropbox error (``{"error_summary": "path/not_found/..", "error": {".tag":
    "path", …}}``) and its summary without the trailing dots; empty for any other body."""
    if not isinstance(value, dict):
        return frozenset(), ""
    summary, error = value.get("error_summary"), value.get("error")
    if not isinstance(summary, str) or not isinstance(error, dict) or ".tag" not in error:
        return frozenset(), ""
    tags = [tag for tag in summary.split("/") if tag and not tag.startswith(".")]
    return frozenset(tags), "/".join(tags)


def existing_id(value: object, headers: httpx.Headers) -> str | None:
    """What a conflict conflicts with, when the answer names it: an id the body gives under one
    of :data:`EXISTING_ID_KEYS` (at its top level or under ``error``), else the ``Location``
    the answer points to (RFC 9110 §15.5.10 asks a 409 to say what it conflicts with).

    Returns:
        ``"id 'tkt_1'"`` or ``"at /tickets/1"``, capped; ``None`` when nothing is named.
    """
    places = [value] if isinstance(value, dict) else []
    if isinstance(value, dict) and isinstance(value.get("error"), dict):
        places.append(value["error"])
    for place in places:
        for key in EXISTING_ID_KEYS:
            found = place.get(key)
            if isinstance(found, str | int) and not isinstance(found, bool) and str(found):
                return f"{key} {str(found)[:_EXISTING_ID_MAX_CHARS]!r}"
    location = headers.get("location") or headers.get("content-location")
    if location:
        # Whole: cut before it is redacted (by the failure's detail), a URL's user-info could
        # lose its "@" and no longer be recognised. The detail's own cap bounds it.
        return f"at {location}"
    return None


def _names_its_location(ex: Exchange) -> bool:
    """Whether a 3xx's JSON object body is nothing but the URL its ``Location`` header names
    (``{"url": …}`` beside ``Location: …``). GitHub's moved repository says more, its words
    beside the URL (``{"message": "Moved Permanently", "url": …, "documentation_url": …}``):
    a redirect, not an answer."""
    location = ex.headers.get("location")
    if not location or not ex.body.lstrip().startswith(b"{"):
        return False
    value = _error_body(ex.body)
    return isinstance(value, dict) and len(value) == 1 and next(iter(value.values())) == location


def _payu_order(body: bytes) -> bool:
    """Whether a body is PayU's created order: ``{"status": {"statusCode": "SUCCESS"},
    "redirectUri": …, "orderId": …}``."""
    if b'"redirectUri"' not in body:
        return False
    value = _error_body(body)
    if not isinstance(value, dict) or not isinstance(value.get("orderId"), str):
        return False
    status = value.get("status")
    code = status.get("statusCode") if isinstance(status, dict) else None
    return isinstance(code, str) and code in _PAYU_TAKEN


_PAYU_TAKEN = frozenset({"SUCCESS", "WARNING_CONTINUE_3DS", "WARNING_CONTINUE_CVV"})


def _redirect(ex: Exchange, rule: StatusRule) -> str:
    if ex.status == 304:  # no Location by design: it points back at the caller's own cache
        return rule.why
    location = ex.headers.get("location")
    if not location:
        return "a redirect without Location"
    return f"redirect to {location}, not followed (follow it, or read it as the answer)"


#: An Azure operation's status URL: the ``Azure-AsyncOperation`` or ``Location`` a long-running
#: operation answers with (https://learn.microsoft.com/en-us/azure/azure-resource-manager/management/async-operations).
AZURE_OPERATION = re.compile(
    r"/(?:azureasyncoperations|operationresults|operationstatuses)/", re.IGNORECASE
)


def _no_content(ex: Exchange) -> Envelope[Any] | None:
    if ex.headers.get("x-ms-bm-ws-info") == "1":
        # Bing Maps: "if this header is set to 1 ... the servers were overloaded ... the response
        # may be empty or incomplete: wait a few seconds and try again"
        # (https://learn.microsoft.com/en-us/bingmaps/rest-services/status-codes-and-error-handling).
        detail = f"HTTP {ex.status} with X-MS-BM-WS-INFO: 1: the service was overloaded"
        return ex.fail(FailureCode.SERVER_ERROR, _T, detail)
    if ex.status in (204, 205):  # no content by definition (RFC 9110 §15.3.5–6)
        if ex.writes:
            return ex.acknowledged(f"HTTP {ex.status}")
        if ex.status == 204 and ex.options.not_found == "empty":
            # A check whose "no" is a 404 (declared) answers "yes" with a 204: GitHub's "Check
            # if a user is blocked", "… if a repository is starred", "… if a pull request has
            # been merged" (https://docs.github.com/en/rest/users/blocking). The 404 is the
            # nothing; the 204 is the answer.
            detail = "HTTP 204 to a check whose 404 means none: yes, it is there"
            return ex.no_data(Outcome.SUCCESS, detail)
        source = str(ex.headers.get("x-terraform-get", "")).strip()
        if source:
            # The Terraform module registry answers a download with 204 and "the location of
            # the module's source code in the X-Terraform-Get header"
            # (https://developer.hashicorp.com/terraform/internals/module-registry-protocol#download-source-code-for-a-specific-module-version):
            # the header is the answer.
            return ex.no_data(Outcome.SUCCESS, f"HTTP {ex.status}: X-Terraform-Get: {source[:200]}")
        if ex.status == 204 and ex.url and AZURE_OPERATION.search(ex.url):
            # An Azure operation's status URL "returns either 200 (OK) or 204 (No Content)" when
            # the operation completes, 202 while it runs
            # (https://learn.microsoft.com/en-us/azure/azure-resource-manager/management/async-operations):
            # the 204 is the operation done, with nothing more to say.
            return ex.no_data(Outcome.SUCCESS, "HTTP 204 at an Azure operation's status: done")
        return ex.no_data(Outcome.EMPTY, f"HTTP {ex.status}")
    if ex.status == 202 and not ex.writes:
        # Accepted for processing, not completed (RFC 9110 §15.3.3). To a read that means the
        # answer is not ready: GitHub's /stats/* answer 202 {} while they compute and ask to be
        # called again. Whatever the body says, it is not the answer yet. (To a write, 202 is
        # an accepted write: its body, often a job id, is judged like any other.)
        detail = "HTTP 202 Accepted: the answer is not ready yet; ask again later"
        return ex.fail(FailureCode.UPSTREAM_ERROR, _T, detail)
    if ex.status == 202 and _ASKED_AGAIN.search(ex.body[:_ASKED_AGAIN_READ]):
        # A 202 whose own words ask for the same call again later, even to a POST that carries
        # a query: FullContact's enrich answers 202 "Queued for search. Please retry your query
        # within about 2 minutes" (https://docs.fullcontact.com/docs/http-status-codes-api).
        detail = "HTTP 202 Accepted, asking to be called again: the answer is not ready yet"
        return ex.fail(FailureCode.UPSTREAM_ERROR, _T, detail)
    if (ex.method or "").upper() == "HEAD" and 200 <= ex.status <= 299:
        # A HEAD is a GET whose answer carries no content (RFC 9110 §9.3.2): its headers are
        # the answer. An empty body says nothing about what the resource holds.
        detail = f"HTTP {ex.status} answering a HEAD: its headers are the answer, with no content"
        return ex.no_data(Outcome.SUCCESS, detail)
    return None


def _reason(status: int) -> str:
    return httpx.codes.get_reason_phrase(status)


#: A 404's words that name the index or collection looked in as missing, as Azure AI Search
#: ("The index 'x' for service 'y' was not found.",
#: https://learn.microsoft.com/en-us/rest/api/searchservice/documents/get) and Qdrant ("Not
#: found: Collection `x` doesn't exist!") write them.
_CONTAINER_MISSING = re.compile(
    r"\b(?:index|collection)\b [`'\"][^`'\"]{1,200}[`'\"].{0,200}?"
    r"(?:was not found|does not exist|doesn't exist)",
    re.IGNORECASE,
)


def _container_missing(body: bytes) -> str | None:
    """Where a 404 says the index or collection a lookup looked in does not exist (then a
    declared ``not_found="empty"``, the record's confirmed absence, does not apply): the words
    above, or Elasticsearch's ``index_not_found_exception`` ("if the index does not exist",
    https://www.elastic.co/guide/en/elasticsearch/reference/current/docs-get.html)."""
    if not body or (b"ndex" not in body and b"ollection" not in body):
        return None
    value = _error_body(body)
    error = value.get("error") if isinstance(value, dict) else None
    if isinstance(error, dict) and error.get("type") == "index_not_found_exception":
        return "index_not_found_exception"
    if not isinstance(value, dict):
        return None
    words = error_message(value) or value.get("Message")  # Azure AI Search: {"Message": …}
    if words is None:
        inner = value.get("status")  # Qdrant: {"status": {"error": "Not found: …"}}
        words = inner.get("error") if isinstance(inner, dict) else None
    if isinstance(words, str) and _CONTAINER_MISSING.search(words[:500]):
        return words[:200]
    return None


#: A 404's words that say no route answers the request's method and path, as web frameworks
#: and APIs write them, each with its method or path (a route a transit or routing API looks
#: up by id is a record): Symfony's 'No route found for "GET …"', Rails' "No route matches
#: [GET] …", Laravel's "The route … could not be found.", Fastify's "Route GET:/x not found",
#: Express's (and NestJS's) "Cannot GET /x" (in JSON, or its HTML page's <pre>), Stripe's
#: "Unrecognized request URL (GET: …)", Contentful's "The path you tried to reach is unknown …"
#: (its sys.id UnknownRoute).
_ROUTE_MISSING = re.compile(
    r"\bno route found for \"[a-z]+ "
    r"|\bno route matches \[[a-z]+\]"
    r"|\broute [a-z]+:/\S* not found"
    r"|\bthe route \S+ could not be found"
    r"|\bunrecognized request url\b"
    r"|\bpath you tried to reach is unknown\b"
    r"|(?:^|<pre>)\s*cannot (?:get|head|post|put|patch|delete|options) /",
    re.IGNORECASE,
)
#: The error ids that name a route no handler answers (Contentful's ``sys.id``).
_ROUTE_IDS = frozenset({"UnknownRoute"})


def _route_missing(body: bytes) -> str | None:
    """Where a 404 says no route answers the request, not that the record it named is absent
    (then a declared ``not_found="empty"`` does not apply: the lookup never ran)."""
    if not body or (b"oute" not in body and b"ecognized" not in body and b"annot" not in body):
        return None
    value = _error_body(body)
    if isinstance(value, dict):
        sys_block = value.get("sys")
        if isinstance(sys_block, dict) and sys_block.get("id") in _ROUTE_IDS:
            return str(sys_block["id"])
        named = next((v for k in ("code", "error") if isinstance(v := value.get(k), str)), None)
        if named in _ROUTE_IDS:
            return named
        words = error_message(value)
        # (Rails puts the routing error beside a generic "Not Found": its "exception".)
        exception = value.get("exception")
        if isinstance(exception, str) and _ROUTE_MISSING.search(exception[:500]):
            return exception[:200]
    else:
        words = value if isinstance(value, str) else None
    if isinstance(words, str) and _ROUTE_MISSING.search(words[:500]):
        return words[:200]
    return None


def _online_exception(value: object) -> FailureCode | None:
    """The failure a Dexcom Share fault names in a 5xx (its ``Code`` beside a ``SubCode``
    holding the ``<OnlineException …>`` it threw), when it is the caller's, not the server's."""
    if not isinstance(value, dict) or not isinstance(code := value.get("Code"), str):
        return None
    sub = value.get("SubCode")
    if not isinstance(sub, str) or not sub.startswith("<OnlineException"):
        return None
    if code.endswith(("PasswordInvalid", "NotFound")) or code.startswith("Session"):
        return FailureCode.UNAUTHORIZED
    if code.startswith("Invalid"):
        return FailureCode.BAD_REQUEST
    return None


def _error_body(body: bytes) -> object | None:
    """An error body as decoded JSON, else the text of its start; ``None`` when too big."""
    if not body or len(body) > _ERROR_BODY_PARSE_LIMIT:
        return None
    value: object
    value, problem = decode_json(body)
    if problem is None and value is not None:
        return value
    return body[:4096].decode("utf-8", errors="replace")


def error_codes(value: object) -> list[str]:
    """The machine-readable error codes an error body names, where documented APIs put them.

    AWS JSON protocols: ``__type`` (``"com.amazonaws.dynamodb.v20120810#ThrottlingException"``,
    read as botocore reads it), ``code`` / ``Code``, ``Error.Code``; AWS XML: ``<Code>``;
    Google: ``error.errors[].reason``; an ``error`` that is a word (Transloadit); each of a
    top-level ``errors`` list's ``code`` and ``type`` (Duffel). A value that
    is not text names nothing.
    """
    if isinstance(value, str):
        return _XML_CODE.findall(value)
    if not isinstance(value, dict):
        return []
    named = [value.get("__type"), value.get("code"), value.get("Code")]
    for key in ("Error", "error"):
        inner = value.get(key)
        if isinstance(inner, str) and key == "error":  # Transloadit: {"error": "RATE_LIMIT…"}
            named.append(inner)
        if isinstance(inner, dict):
            named += [inner.get("Code"), inner.get("code")]
            reasons = inner.get("errors")
            if isinstance(reasons, list):
                named += [r.get("reason") for r in reasons[:20] if isinstance(r, dict)]
    listed = value.get("errors")
    if isinstance(listed, list):  # Duffel: {"errors": [{"type": …, "code": …}]}
        named += [e.get(k) for e in listed[:20] if isinstance(e, dict) for k in ("code", "type")]
    return [_aws_code(code) for code in named if isinstance(code, str) and code]


def _aws_code(code: str) -> str:
    # botocore: "Code:http://internal.amazon.com/..." and "namespace#Code" both name Code.
    return code.split(":", 1)[0].rsplit("#", 1)[-1]
