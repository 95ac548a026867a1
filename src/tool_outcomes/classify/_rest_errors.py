"""REST error bodies: the conventions by which upstreams report a failed call inside a 2xx body.

RFC 9457 sends a problem document; Cloudflare says ``success: false``; JSend ``status: "error"``;
Google APIs send their error envelope ``{"error": {"code": 403, "status": "PERMISSION_DENIED"}}``;
Anthropic ``{"type": "error", "error": {"type": "overloaded_error"}}``; Reddit
``{"json": {"errors": [["USER_REQUIRED", …]]}}``; and many APIs answer a
body that holds nothing but an error. Some APIs answer every call with a 200 and put their own
status in the body, each in its own words: Zuora's ``reasons``, Vonage's ``status``, Deezer's
and Moodle's error codes, OpenWeather's ``cod``, TikTok's ``code``, VirusTotal's
``response_code``, a Trino query's ``FAILED`` state; batches that refuse items say which
(Uploadcare's ``problems``, Firebase's per-token ``error``); a Google list names what it could
not reach (AIP-217). Each rule checks values, never bare keys: ``errors: []`` and ``error:
null`` are not evidence of anything.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from tool_outcomes.envelope import FailureCode, FailureKind, TruncatedBy

from ._messages import error_message, graph_api_error
from ._status import names_rate_limit, status_rule
from ._verdicts import (
    INFLUXDB_STATEMENT,
    FailureVerdict,
    PartialVerdict,
    Unwrap,
    Verdict,
    as_count,
    failure_from_status,
    is_set,
    kind_from_status,
    refused_batch,
    some_refused,
    status_from,
)

__all__ = [
    "AI_VENDOR_ERRORS",
    "DEEZER_ERRORS",
    "ERROR_BEARING_KEYS",
    "ERROR_ONLY_KEYS",
    "GOOGLE_STATUSES",
    "INTUIT_FAULTS",
    "REDDIT_ERRORS",
    "TWITTER_PROBLEM_TYPES",
    "VK_ERRORS",
    "VONAGE_STATUSES",
    "ZUORA_CATEGORIES",
    "acs_sms",
    "ai_vendor_error",
    "alchemer",
    "api_sports",
    "authorize_net",
    "cloudflare",
    "deezer",
    "dhl_multi_status",
    "error_only",
    "errors_beside_done",
    "etherscan",
    "fcm_multicast",
    "gigya",
    "google_error",
    "google_maps_status",
    "google_unreachable",
    "intuit_fault",
    "jsend",
    "kaltura",
    "loqate",
    "meta_status",
    "moodle",
    "openweather",
    "postmen",
    "problem_details",
    "problems",
    "reddit",
    "reports_error",
    "result_false",
    "status_entries",
    "tiktok_business",
    "trino",
    "twitter_v2",
    "virustotal_v2",
    "vk",
    "vonage",
    "vulners",
    "zoho_people",
    "zuora",
]

_T = FailureKind.TRANSIENT
_P = FailureKind.PERMANENT


# -- RFC 9457 problem details -------------------------------------------------------------------


def problem_details(body: object, content_type: str) -> Verdict | None:
    if content_type != "application/problem+json" or not isinstance(body, dict):
        return None
    return failure_from_status(status_from(body, "status"), _problem_text(body), "problem+json")


def _problem_text(body: Mapping[str, Any]) -> str:
    parts = [body.get(k) for k in ("title", "detail")]
    text = ": ".join(p for p in parts if isinstance(p, str) and p)
    return text or "problem details with no title"


# -- Cloudflare v4 and JSend --------------------------------------------------------------------


def cloudflare(body: object, content_type: str) -> Verdict | None:
    """Cloudflare v4 (and look-alikes): ``success: false`` with errors; ``true`` is no evidence."""
    # {"success": false, "errors": [{"code": 10000, "message": ...}], "result": null}
    if not isinstance(body, dict):
        return None
    flag = body.get("success")
    said = is_set(body.get("errors")) or is_set(body.get("error"))
    if flag is not False and not (said and type(flag) is int and flag == 0):
        # 0 for false only beside an error's words: {"success": 0, "error": "invalid pair"},
        # the answer of the exchange APIs modelled on BTC-e's (Liqui, WEX, YoBit).
        return None
    if not said and not _bare_reply(body) and not _error_data(body):
        # Without errors, only a reply that is nothing but the flag and its words: Postmark's
        # spam check answers a failure with {"success": false, "message": "SpamAssassin error
        # occured"} (https://spamcheck.postmarkapp.com/doc); a record such as {"id": 7,
        # "success": false, "message": …} is a job that failed, read as it is.
        return None
    status = status_from(body, "status", "status_code", "statusCode", "code")
    words = error_message(body) or next(
        (body[k] for k in _WORD_KEYS if isinstance(body.get(k), str) and body[k]), None
    )
    detail = f"false: {words or 'no message'}"  # after the dialect, "success: "
    if isinstance(code := body.get("code"), str) and code in _SNOWFLAKE_THROTTLES:
        return FailureVerdict(FailureCode.RATE_LIMITED, _T, detail, "success")
    if isinstance(code := body.get("errorCode"), str) and code.startswith("tooMany"):
        return FailureVerdict(FailureCode.RATE_LIMITED, _T, detail, "success")
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, kind_from_status(status), detail, "success")


def result_false(body: object, content_type: str) -> Verdict | None:
    """``{"result": false, "code": "405"}``: a reply of nothing but its verdict and an HTTP
    status of 400 or more (a ``false`` alone, or beside words, may be a check's "no")."""
    if not isinstance(body, dict) or body.get("result") is not False or body.get("success"):
        return None
    if body.keys() == {"result", "detail"} and isinstance(body["detail"], str):
        # Weblate's repository operations: {"result": false, "detail": "Push is disabled for
        # …"} (https://docs.weblate.org/en/latest/api.html, the repository endpoint).
        return FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, f"false: {body['detail']}", "result")
    if not set(body) <= _REPLY_KEYS | {"result"}:
        return None
    status = status_from(body, *_STATUS_KEYS)
    if status is None or status < 400:
        return None
    detail = f"false: {error_message(body) or f'code {status}'}"
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, kind_from_status(status), detail, "result")


def _bare_reply(body: Mapping[str, Any]) -> bool:
    """A reply of nothing but its verdict and its words, and at most an empty ``result``:
    Bittrex's ``{"success": false, "message": "INVALID_MARKET", "result": null}``, the shape
    many exchange APIs copied (its v1.1 API answered every call with success, message and
    result); the words may be the fields refused (``{"market": ["… is invalid"]}``)."""
    word_key = next((k for k in _WORD_KEYS if k in body), "message")
    words = body.get(word_key)
    if not (isinstance(words, str) or (isinstance(words, dict) and words)):
        return False
    # Polymarket's refused order: {"success": false, "orderID": null, "errorMsg": "Insufficient
    # balance"} (https://docs.polymarket.com/developers/CLOB/orders/create-order)
    # (IPQualityScore's spent quota: {"success": false, "message": …, "request_id": …},
    # https://www.ipqualityscore.com/documentation/proxy-detection-api/response-parameters)
    # (Tuya's cloud API stamps a refusal with its time and trace id: {"code": 1010, "msg":
    # "token invalid", "success": false, "t": 1683763106616, "tid": "8e0f…"},
    # https://developer.tuya.com/en/docs/iot/error-code?id=K989ruxx88swc.)
    return all(
        k in _REPLY_KEYS
        or k == word_key
        or k in _REQUEST_IDS
        or body[k] in (None, [], {}, "")
        or (k in _REPLY_STAMPS and isinstance(body[k], int | str))
        for k in body
    )


_REQUEST_IDS = frozenset({"request_id", "requestId", "tid"})
#: The time a reply was made, beside its verdict: Tuya's ``t``, a timestamp.
_REPLY_STAMPS = frozenset({"t", "timestamp"})
#: Snowflake's codes for "too many requests at once: try again later"
#: (https://docs.snowflake.com/en/developer-guide/sql-api/handling-responses).
_SNOWFLAKE_THROTTLES = frozenset({"000610", "000611"})


def _error_data(body: Mapping[str, Any]) -> bool:
    """A reply whose ``data`` holds only the error's details beside its words: Snowflake's
    ``{"success": false, "code": "001003", "message": …, "data": {"errorCode": "001003",
    "sqlState": "42000", "queryId": …}}``, or its login refused with what to do next
    (``"data": {"nextAction": "RETRY_LOGIN", "authnMethod": …}``)."""
    data = body.get("data")
    if not isinstance(data, dict) or not (
        "errorCode" in data or "sqlState" in data or "nextAction" in data
    ):
        return False
    return _bare_reply({k: v for k, v in body.items() if k != "data"})


#: Where a bare reply puts its words: ``message``, Polymarket's ``errorMsg``, Tuya's ``msg``.
#: (Subaru's STARLINK API words its refusal as a code alone: {"success": false, "errorCode":
#: "invalidAccount", "data": null, "dataName": null}, its tooMany… codes a throttle.)
_WORD_KEYS = ("message", "errorMsg", "error_msg", "msg", "errorCode")


#: Zuora's error categories, the last two digits of a v1 reason's eight-digit code
#: (https://developer.zuora.com/docs/guides/error-codes, "Error Category Codes").
ZUORA_CATEGORIES: dict[int, tuple[FailureCode, FailureKind]] = {
    10: (FailureCode.FORBIDDEN, _P),  # permission or access denied
    11: (FailureCode.UNAUTHORIZED, _P),  # authentication failed
    20: (FailureCode.BAD_REQUEST, _P),  # invalid format or value
    21: (FailureCode.BAD_REQUEST, _P),  # unknown field in request
    22: (FailureCode.BAD_REQUEST, _P),  # missing required field
    23: (FailureCode.BAD_REQUEST, _P),  # missing required parameter
    30: (FailureCode.CONFLICT, _P),  # rule restriction: a business rule refused it
    40: (FailureCode.NOT_FOUND, _P),  # not found
    45: (FailureCode.BAD_REQUEST, _P),  # unsupported request
    50: (FailureCode.CONFLICT, _T),  # locking contention: "retry later"
    60: (FailureCode.SERVER_ERROR, _T),  # internal error
    61: (FailureCode.SERVER_ERROR, _T),  # temporary error
    70: (FailureCode.RATE_LIMITED, _T),  # request exceeded limit
    90: (FailureCode.BAD_REQUEST, _P),  # malformed request
}
#: The Actions and CRUD calls' error codes that are not the request's fault
#: (https://docs.zuora.com/en/zuora-platform/integration/apis/soap-api/error-handling/errors).
_ZUORA_ERRORS: dict[str, tuple[FailureCode, FailureKind]] = {
    "INVALID_LOGIN": (FailureCode.UNAUTHORIZED, _P),
    "INVALID_SESSION": (FailureCode.UNAUTHORIZED, _P),
    "LOCK_COMPETITION": (FailureCode.CONFLICT, _T),
    "REQUEST_EXCEEDED_LIMIT": (FailureCode.RATE_LIMITED, _T),
    "SERVER_UNAVAILABLE": (FailureCode.SERVER_ERROR, _T),
    "TEMPORARY_ERROR": (FailureCode.SERVER_ERROR, _T),
    "UNKNOWN_ERROR": (FailureCode.SERVER_ERROR, _T),
}


def zuora(body: object, content_type: str) -> Verdict | None:
    """Zuora answers a failed call with a 200 ("HTTP 200 doesn't mean your call succeeded, you
    have to read the response body", https://developer.zuora.com/docs/guides/error-handling):
    ``{"success": false, "processId": …, "reasons": [{"code": 53100320, "message": …}]}`` from
    the v1 API, keyed on the code's category; ``{"Success": false, "Errors": [{"Code":
    "INVALID_ID", "Message": …}]}`` from its Actions and CRUD calls."""
    if not isinstance(body, dict):
        return None
    if body.get("success") is False and isinstance(reasons := body.get("reasons"), list):
        code = _zuora_first(reasons, "code")
        if type(code) is not int:
            return None
        decided = ZUORA_CATEGORIES.get(code % 100, (FailureCode.UPSTREAM_ERROR, _P))
        return _zuora_failure(reasons, "code", "message", decided)
    if body.get("Success") is False and isinstance(errors := body.get("Errors"), list):
        name = _zuora_first(errors, "Code")
        if not isinstance(name, str):
            return None
        decided = _ZUORA_ERRORS.get(name, (FailureCode.BAD_REQUEST, _P))
        return _zuora_failure(errors, "Code", "Message", decided)
    return None


def success_false_words(body: object, content_type: str) -> Verdict | None:
    """``{"Success": false}`` beside its words, as .NET-style APIs spell it: StatusCake's v1
    ``{"Success": false, "Message": "Required Data is Missing.", "Issues": {…}}`` and its
    ``{"ErrNo": 0, "Error": "Can not access account…"}`` (https://www.statuscake.com/api/v1/):
    the call refused, whatever the status. Only beside the failure's own members."""
    if not isinstance(body, dict) or not body.keys() <= _SUCCESS_FALSE_KEYS:
        return None
    refused = body.get("Success") is False or (
        body.keys() == {"ErrNo", "Error"} and type(body.get("ErrNo")) is int
    )
    words = body.get("Message") if isinstance(body.get("Message"), str) else body.get("Error")
    if not refused or not isinstance(words, str) or not words:
        return None
    kind = _T if names_rate_limit(words) else _P
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, kind, words, "Success: false")


_SUCCESS_FALSE_KEYS = frozenset({"Success", "Message", "Error", "ErrNo", "Issues", "Input"})


def _zuora_first(listed: list[Any], key: str) -> object:
    """``key`` of the first of Zuora's listed reasons or errors (``None`` when it has none)."""
    return listed[0].get(key) if listed and isinstance(listed[0], dict) else None


def _zuora_failure(
    listed: list[Any], code: str, message: str, decided: tuple[FailureCode, FailureKind]
) -> FailureVerdict:
    said = "; ".join(f"{e.get(code)} {e.get(message)}" for e in listed if isinstance(e, dict))
    return FailureVerdict(*decided, said, "zuora")


#: Where an envelope's ``meta`` puts the words beside its status: Tumblr's ``msg``, Instagram's
#: legacy ``error_message``.
_META_WORDS = ("msg", "error_message", "message")


def meta_status(body: object, content_type: str) -> Verdict | None:
    """An envelope whose ``meta`` carries the call's own HTTP status and its words: Tumblr's
    ``{"meta": {"status": 504, "msg": "Gateway Timeout"}, "response": …}`` ("the meta object
    contains the HTTP status code and message", https://github.com/tumblr/docs/blob/master/api.md#response-format)
    and Instagram's legacy ``{"meta": {"code": 400, "error_type": …, "error_message": …}}``.
    A status below 400 is no evidence; a status without words is not read (a record's ``meta``
    may count things)."""
    meta = body.get("meta") if isinstance(body, dict) else None
    if not isinstance(meta, dict):
        return None
    status = status_from(meta, "status", "code")
    if status is None or status < 400:
        return None
    words = _first_words(meta, _META_WORDS)
    if words is None:
        return None
    kind = meta.get("error_type")
    said = f"{status} {kind}: {words}" if isinstance(kind, str) and kind else f"{status} {words}"
    return failure_from_status(status, said, "meta")


#: UniFi Network's error words under ``meta.msg`` that name a login refused or missing, or a
#: right the account lacks (the controller's ``api.err.*`` messages as its clients read them:
#: https://ubntwiki.com/products/software/unifi-controller/api, and aiounifi's errors).
_UNIFI_ERRORS: dict[str, tuple[FailureCode, FailureKind]] = {
    "api.err.LoginRequired": (FailureCode.UNAUTHORIZED, _P),
    "api.err.Invalid": (FailureCode.UNAUTHORIZED, _P),
    "api.err.Ubic2faTokenRequired": (FailureCode.UNAUTHORIZED, _P),
    "api.err.2FaTokenRequired": (FailureCode.UNAUTHORIZED, _P),
    "api.err.NoPermission": (FailureCode.FORBIDDEN, _P),
    "api.err.NoSiteContext": (FailureCode.NOT_FOUND, _P),
}


def unifi(body: object, content_type: str) -> Verdict | None:
    """UniFi Network's envelope, ``{"meta": {"rc": "ok" | "error", "msg": …}, "data": […]}``:
    ``rc`` "error" is the call refused in a 200, ``msg`` naming why (``api.err.LoginRequired``)
    (https://ubntwiki.com/products/software/unifi-controller/api)."""
    meta = body.get("meta") if isinstance(body, dict) else None
    if not isinstance(meta, dict) or meta.get("rc") != "error":
        return None
    msg = meta.get("msg")
    said = msg if isinstance(msg, str) and msg else "no msg"
    code, kind = _UNIFI_ERRORS.get(said, (FailureCode.UPSTREAM_ERROR, _P))
    return FailureVerdict(code, kind, f"meta.rc error: {said}", "unifi")


#: What Juniper Mist's inventory changes answer beside the devices done and refused.
_MIST_CHANGES = frozenset({"op", "success", "error", "reason", "added", "duplicated"})


def mist_inventory(body: object, content_type: str) -> Verdict | None:
    """Juniper Mist's inventory changes, ``{"op": "assign", "success": [mac…], "error": [mac…],
    "reason": [why…]}``: each device done or refused, ``reason`` saying why for each refused
    (the OrgInventoryChanges schema of Mist's OpenAPI description,
    https://github.com/Mist-Automation-Programmability/mist_openapi).
    Some refused is a partial answer; all of them, the failure."""
    if not isinstance(body, dict) or not set(body) <= _MIST_CHANGES or "op" not in body:
        return None
    done, refused = body.get("success"), body.get("error")
    if not isinstance(done, list) or not isinstance(refused, list) or not refused:
        return None
    reasons = body.get("reason")
    reasons = reasons if isinstance(reasons, list) else []
    dropped = tuple(
        f"{device}: {reasons[n]}" if n < len(reasons) else str(device)
        for n, device in enumerate(refused)
    )
    of = len(done) + len(refused)
    return refused_batch(dropped, of, "devices refused", "mist", FailureCode.UPSTREAM_ERROR, _P)


#: Vonage's (Nexmo's) status codes in a 200, shared by its SMS, Verify and Number Insight APIs:
#: 0 is success; 1 throttled, 5 an internal error (both worth another try), 2 and 3 a request
#: it refused, 4 invalid credentials (https://developer.vonage.com/en/messaging/sms/guides/troubleshooting-sms,
#: https://developer.vonage.com/en/api/verify, https://developer.vonage.com/en/api/number-insight).
VONAGE_STATUSES: dict[int, tuple[FailureCode, FailureKind]] = {
    1: (FailureCode.RATE_LIMITED, _T),
    2: (FailureCode.BAD_REQUEST, _P),
    3: (FailureCode.BAD_REQUEST, _P),
    4: (FailureCode.UNAUTHORIZED, _P),
    5: (FailureCode.SERVER_ERROR, _T),
}
#: Number Insight's "lookup not returned" statuses: the answer holds what was found, not all
#: of it ("Not all parameters are available").
_VONAGE_INCOMPLETE = frozenset({43, 44, 45})
_VONAGE_WORDS = ("error_text", "error-text", "status_message")


def vonage(body: object, content_type: str) -> Verdict | None:
    """Vonage's older APIs answer a failed call with a 200 whose body says so: ``{"status":
    "10", "error_text": …}`` (Verify, Number Insight: a non-zero status with its words), an SMS
    batch ``{"message-count": "2", "messages": [{"status": "0"}, {"status": "1", "error-text":
    "Throttled"}]}`` (each message its own status: some failed is a partial answer, all a
    failure), the Numbers API's ``{"error-code": "420", "error-code-label": "method failed"}``
    (``"200"`` is its success)."""
    if not isinstance(body, dict):
        return None
    code = body.get("error-code")
    if isinstance(code, str) and isinstance(body.get("error-code-label"), str):
        status = as_count(code)
        if status is None or status == 200:
            return None
        said = f"error-code {code}: {body['error-code-label']}"
        return failure_from_status(status, said, "vonage")
    messages = body.get("messages")
    if "message-count" in body and isinstance(messages, list) and messages:
        statuses = [as_count(m.get("status")) if isinstance(m, dict) else None for m in messages]
        if any(status is None for status in statuses):
            return None
        failed = [(i, m) for i, m in enumerate(messages) if statuses[i]]
        if not failed:
            return None
        first_status, first = statuses[failed[0][0]], failed[0][1]
        said = f"status {first_status}: {_vonage_words(first) or 'no message'}"
        dropped = tuple(f"messages.{i}: {_vonage_words(m) or 'failed'}" for i, m in failed)
        failure = _vonage_failure(first_status, said)
        return some_refused(dropped, len(messages), "messages not sent", "vonage", failure)
    words = _vonage_words(body)
    status = as_count(body.get("status"))
    if words is None or not status:
        return None
    said = f"status {status}: {words}"
    if status in _VONAGE_INCOMPLETE:
        return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, said, "vonage")
    return _vonage_failure(status, said)


def _vonage_words(box: Mapping[str, Any]) -> str | None:
    return _first_words(box, _VONAGE_WORDS)


def _first_words(box: Mapping[str, Any], keys: tuple[str, ...]) -> str | None:
    """The first non-empty text ``box`` holds under one of ``keys``, in their order."""
    return next((w for k in keys if isinstance(w := box.get(k), str) and w), None)


def _vonage_failure(status: int | None, said: str) -> FailureVerdict:
    code, kind = VONAGE_STATUSES.get(status or 0, (FailureCode.UPSTREAM_ERROR, _P))
    return FailureVerdict(code, kind, said, "vonage")


#: Deezer's error codes, sent in a 200 (https://developers.deezer.com/api/errors). 800, "no
#: data", names the looked-up item as not there.
DEEZER_ERRORS: dict[int, tuple[FailureCode, FailureKind]] = {
    4: (FailureCode.RATE_LIMITED, _T),  # quota
    100: (FailureCode.BAD_REQUEST, _P),  # items limit exceeded
    200: (FailureCode.FORBIDDEN, _P),  # permission
    300: (FailureCode.UNAUTHORIZED, _P),  # invalid token
    500: (FailureCode.BAD_REQUEST, _P),  # a wrong parameter, not an HTTP 500
    501: (FailureCode.BAD_REQUEST, _P),  # a missing parameter
    600: (FailureCode.BAD_REQUEST, _P),  # an invalid query
    700: (FailureCode.SERVER_ERROR, _T),  # service busy
    800: (FailureCode.NOT_FOUND, _P),  # no data
    901: (FailureCode.FORBIDDEN, _P),  # individual account not allowed
}


def deezer(body: object, content_type: str) -> Verdict | None:
    """Deezer's error in a 200: ``{"error": {"type": "DataException", "message": "no data",
    "code": 800}}``. Its codes are its own (500 is a wrong parameter), so they are read here,
    before Google's envelope would take them for HTTP statuses."""
    if not isinstance(body, dict) or set(body) != {"error"}:
        return None
    error = body["error"]
    if not isinstance(error, dict):
        return None
    kind, code = error.get("type"), error.get("code")
    if not isinstance(kind, str) or not kind.endswith("Exception") or type(code) is not int:
        return None
    said = f"{kind} {code}: {error_message(body) or 'no message'}"
    graph = graph_api_error(error)  # Facebook's, which Deezer's shape copies, beside its trace id
    if graph is not None:
        return FailureVerdict(*graph, said, "graph_api")
    failure, failure_kind = DEEZER_ERRORS.get(code, (FailureCode.UPSTREAM_ERROR, _P))
    return FailureVerdict(failure, failure_kind, said, "deezer")


def problems(body: object, content_type: str) -> Verdict | None:
    """Uploadcare's batch calls answer 200 with ``problems`` (each item it could not process,
    with why) beside ``result`` (the items it did): "See problems and result"
    (https://uploadcare.com/api-refs/rest-api/v0.7.0/#tag/File/operation/filesStoring). Every
    item refused is a failure; some of them, a partial answer."""
    if not isinstance(body, dict):
        return None
    refused, done = body.get("problems"), body.get("result")
    if not isinstance(refused, dict) or not refused or not isinstance(done, list):
        return None
    if not all(isinstance(why, str) for why in refused.values()):
        return None
    dropped = tuple(f"{item}: {why}" for item, why in refused.items())
    failure = FailureVerdict(FailureCode.BAD_REQUEST, _P, "; ".join(dropped), "problems")
    return some_refused(dropped, len(refused) + len(done), "items refused", "problems", failure)


def figma_dev_resources(body: object, content_type: str) -> Verdict | None:
    """Figma's dev resources calls create or update several at once and answer 200 with what
    they did (``links_created`` / ``links_updated``) beside ``errors``, one entry with its
    ``error`` for each they could not
    (https://www.figma.com/developers/api#dev-resources-endpoints): every one refused is a
    failure; some of them, a partial answer."""
    if not isinstance(body, dict) or len(body) != 2:
        return None
    done = next((body[k] for k in _FIGMA_DONE if k in body), None)
    errors = body.get("errors")
    if not isinstance(done, list) or not isinstance(errors, list) or not errors:
        return None
    if not all(isinstance(e, dict) and isinstance(e.get("error"), str) for e in errors):
        return None
    dropped = tuple(f"errors.{i}: {e['error']}" for i, e in enumerate(errors))
    failure = FailureVerdict(FailureCode.BAD_REQUEST, _P, "; ".join(dropped), "figma")
    of = len(done) + len(errors)
    return some_refused(dropped, of, "dev resources refused", "figma", failure)


#: Where Figma's dev resources calls list what they did (the API's own names, and its OpenAPI
#: description's).
_FIGMA_DONE = ("links_created", "links_updated", "linksCreated", "linksUpdated")


#: Marketo's record statuses that say a record was not processed (each with its ``reasons``).
_MARKETO_REFUSED = frozenset({"skipped", "failed"})


def _is_one_of(value: object, names: frozenset[str]) -> bool:
    """Whether ``value`` is one of ``names`` (a list or an object, unhashable, is none)."""
    return isinstance(value, str) and value in names


#: Marketo's record-level codes that name the record's absence or a clash
#: (https://experienceleague.adobe.com/en/docs/marketo-developer/marketo/rest/error-codes).
_MARKETO_CODES: dict[str, FailureCode] = {
    "1004": FailureCode.NOT_FOUND,  # lead not found
    "1013": FailureCode.NOT_FOUND,  # object not found
    "1005": FailureCode.CONFLICT,  # lead already exists
    "1007": FailureCode.CONFLICT,  # multiple leads match the lookup criteria
}


def marketo_records(body: object, content_type: str) -> Verdict | None:
    """Marketo's record-level errors: a 200 with ``success: true`` whose ``result`` gives each
    record's ``status``, a record not processed being ``skipped`` with its ``reasons``
    (``[{"code": "1003", "message": …}]``; "Record-Level: these errors are included in the
    "result" array … with the "status" field and "reasons" array",
    https://experienceleague.adobe.com/en/docs/marketo-developer/marketo/rest/error-codes).
    Every record refused is a failure; some of them, a partial answer."""
    if not isinstance(body, dict) or body.get("success") is not True or "requestId" not in body:
        return None
    records = body.get("result")
    if not isinstance(records, list) or not records:
        return None
    dropped: list[str] = []
    codes: set[str] = set()
    for n, record in enumerate(records):
        if not isinstance(record, dict) or not _is_one_of(record.get("status"), _MARKETO_REFUSED):
            continue
        reasons = record.get("reasons")
        first = reasons[0] if isinstance(reasons, list) and reasons else None
        if not isinstance(first, dict):
            continue
        code, words = str(first.get("code", "")), first.get("message")
        codes.add(code)
        name = record.get("id", n)
        dropped.append(f"record {name}: {code} {words if isinstance(words, str) else ''}".strip())
    if not dropped:
        return None
    mapped = {_MARKETO_CODES.get(code, FailureCode.BAD_REQUEST) for code in codes}
    code = mapped.pop() if len(mapped) == 1 else FailureCode.BAD_REQUEST
    failure = FailureVerdict(code, _P, "; ".join(dropped), "marketo")
    return some_refused(tuple(dropped), len(records), "records skipped", "marketo", failure)


def mailerlite_batch(body: object, content_type: str) -> Verdict | None:
    """MailerLite's batch endpoint answers 200 with how many of its requests succeeded and
    failed, and each one's own ``code`` and ``body`` in ``responses``
    (https://developers.mailerlite.com/api/batching): every request failed is a failure (keyed
    on their status when they share one); some of them, a partial answer."""
    if not isinstance(body, dict):
        return None
    failed, responses = body.get("failed"), body.get("responses")
    if type(failed) is not int or failed <= 0 or type(body.get("successful")) is not int:
        return None
    if not isinstance(responses, list) or not responses:
        return None
    dropped, statuses = [], set()
    for n, answer in enumerate(responses):
        status = as_count(answer.get("code")) if isinstance(answer, dict) else None
        if status is None or status < 400:
            continue
        statuses.add(status)
        inner = answer.get("body")
        words = error_message(inner) if isinstance(inner, dict) else None
        dropped.append(f"request {n}: {status} {words or ''}".strip())
    if not dropped:
        return None
    detail = "; ".join(dropped)
    shared = statuses.pop() if len(statuses) == 1 else None
    failure = failure_from_status(shared, detail, "mailerlite")
    return some_refused(tuple(dropped), len(responses), "requests failed", "mailerlite", failure)


def keyed_code(
    body: object,
    code_key: str,
    words_key: str,
    codes: Mapping[int, tuple[FailureCode, FailureKind]],
    dialect: str,
) -> FailureVerdict | None:
    """A reply whose integer ``code_key`` is 0 on success and names the failure otherwise,
    ``words_key`` saying why; keyed on ``codes``, an upstream error for a code it does not
    name (WeChat's ``errcode``, Bybit's ``retCode``, Intuit's ``ErrorCode``)."""
    if not isinstance(body, dict):
        return None
    code, words = body.get(code_key), body.get(words_key)
    if type(code) is not int or code == 0 or not isinstance(words, str):
        return None
    failure, kind = codes.get(code, (FailureCode.UPSTREAM_ERROR, _P))
    return FailureVerdict(failure, kind, f"{code_key} {code}: {words or 'no message'}", dialect)


#: Bybit's retCodes that name what failed (https://bybit-exchange.github.io/docs/v5/error);
#: the others are its refusal of the request (a parameter, a balance, an order's state).
_BYBIT_CODES: dict[int, tuple[FailureCode, FailureKind]] = {
    10000: (FailureCode.SERVER_ERROR, _T),  # server timeout
    10002: (FailureCode.BAD_REQUEST, _P),  # the request's time is outside recv_window
    10003: (FailureCode.UNAUTHORIZED, _P),  # invalid API key
    10004: (FailureCode.UNAUTHORIZED, _P),  # invalid signature
    10005: (FailureCode.FORBIDDEN, _P),  # the key lacks the permission
    10006: (FailureCode.RATE_LIMITED, _T),  # too many visits
    10007: (FailureCode.UNAUTHORIZED, _P),  # authentication failed
    10010: (FailureCode.FORBIDDEN, _P),  # the request's IP is not bound to the key
    10016: (FailureCode.SERVER_ERROR, _T),  # internal error, or the service restarting
    10018: (FailureCode.RATE_LIMITED, _T),  # the IP's rate limit
    10429: (FailureCode.RATE_LIMITED, _T),  # system-level frequency protection
    33004: (FailureCode.UNAUTHORIZED, _P),  # the API key has expired
}


def bybit_reply(body: object, content_type: str) -> Verdict | None:
    """Bybit's v5 answer: every call a 200 whose ``retCode`` is 0 on success; any other names
    the failure, ``retMsg`` saying why (``{"retCode": 10001, "retMsg": "params error", "result":
    {}, "retExtInfo": {}, "time": …}``, https://bybit-exchange.github.io/docs/v5/intro)."""
    return keyed_code(body, "retCode", "retMsg", _BYBIT_CODES, "bybit")


#: OKX's codes that name what failed (https://www.okx.com/docs-v5/en/#error-code): the
#: service busy or down, its rate limit, and the API key's refusals (50100 to 50119).
_OKX_CODES: dict[str, tuple[FailureCode, FailureKind]] = {
    "50001": (FailureCode.SERVER_ERROR, _T),  # service temporarily unavailable
    "50004": (FailureCode.SERVER_ERROR, _T),  # endpoint request timeout
    "50011": (FailureCode.RATE_LIMITED, _T),  # rate limit reached
    "50013": (FailureCode.SERVER_ERROR, _T),  # system busy
    "50026": (FailureCode.SERVER_ERROR, _T),  # system error, try again later
    "50061": (FailureCode.RATE_LIMITED, _T),  # the sub-account's order rate limit
    **{str(code): (FailureCode.UNAUTHORIZED, _P) for code in range(50100, 50120)},
}
_OKX_KEYS = frozenset({"code", "msg", "data", "inTime", "outTime"})


def okx_reply(body: object, content_type: str) -> Verdict | None:
    """OKX's v5 answer: ``{"code": "0", "msg": "", "data": [...]}``. ``"1"``: every operation
    failed; ``"2"``: a batch partly done, each item's ``sCode`` (``"0"`` when done) and ``sMsg``
    saying which; any other code names the failure (https://www.okx.com/docs-v5/en/#error-code)."""
    if not isinstance(body, dict) or not body.keys() <= _OKX_KEYS:
        return None
    code, words, data = body.get("code"), body.get("msg"), body.get("data")
    if not (isinstance(code, str) and code.isdigit() and isinstance(words, str)):
        return None
    if code == "0" or not isinstance(data, list):
        return None
    refused = [
        f"data.{n}: {item.get('sCode')} {item.get('sMsg') or ''}".strip()
        for n, item in enumerate(data)
        if isinstance(item, dict) and item.get("sCode") not in (None, "0", "")
    ]
    if code == "2" and refused:
        return some_refused(tuple(refused), len(data), "operations failed", "okx", _OKX_FAILED)
    failure, kind = _OKX_CODES.get(code, (FailureCode.UPSTREAM_ERROR, _P))
    first = next((item.get("sMsg") for item in data if isinstance(item, dict)), None)
    why = f"{words}: {first}" if isinstance(first, str) and first else words or "no message"
    return FailureVerdict(failure, kind, f"code {code}: {why}", "okx")


_OKX_FAILED = FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, "every operation failed", "okx")


def not_canceled(body: object, content_type: str) -> Verdict | None:
    """Polymarket's cancel answers ``{"canceled": [ids], "not_canceled": {id: why}}``: some not
    canceled is a partial answer, none canceled a failure
    (https://docs.polymarket.com/developers/CLOB/orders/cancel-orders)."""
    if not isinstance(body, dict) or body.keys() != {"canceled", "not_canceled"}:
        return None
    done, left = body["canceled"], body["not_canceled"]
    if not isinstance(done, list) or not isinstance(left, dict) or not left:
        return None
    refused = tuple(f"not_canceled: {key}: {why}" for key, why in left.items())
    failure = FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, "; ".join(refused), "polymarket")
    return some_refused(refused, len(done) + len(left), "not canceled", "polymarket", failure)


def _dropbox_tags(value: object) -> list[str]:
    """A Dropbox union's chain of tags: ``{".tag": "path", "path": {".tag": "not_found"}}`` is
    ``["path", "not_found"]``."""
    chain: list[str] = []
    while isinstance(value, dict) and isinstance(tag := value.get(".tag"), str) and len(chain) < 8:
        chain.append(tag)
        value = value.get(tag)
    return chain


def _dropbox_failure(chain: list[str], said: str) -> FailureVerdict:
    if "not_found" in chain:
        return FailureVerdict(FailureCode.NOT_FOUND, _P, said, "dropbox")
    if "conflict" in chain:
        return FailureVerdict(FailureCode.CONFLICT, _P, said, "dropbox")
    if "too_many_write_operations" in chain or "too_many_files" in chain:
        return FailureVerdict(FailureCode.RATE_LIMITED, _T, said, "dropbox")
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, said, "dropbox")


def dropbox_job(body: object, content_type: str) -> Verdict | None:
    """Dropbox's job status (``save_url/check_job_status``, every ``*_batch/check``): ``{".tag":
    "in_progress"}`` is not the answer yet (ask again), ``{".tag": "failed", "failed": {...}}``
    the job failed, saying why
    (https://www.dropbox.com/developers/documentation/http/documentation#files-save_url-check_job_status)."""
    if not isinstance(body, dict):
        return None
    tag = body.get(".tag")
    if tag == "in_progress" and body.keys() == {".tag"}:
        said = "in_progress: the job is not done yet; ask again later"
        return FailureVerdict(FailureCode.UPSTREAM_ERROR, _T, said, "dropbox")
    if tag == "failed" and body.keys() == {".tag", "failed"}:
        chain = _dropbox_tags(body["failed"])
        return _dropbox_failure(chain, f"failed: {'/'.join(chain) or 'no reason'}")
    return None


def dropbox_entries(body: object, content_type: str) -> Verdict | None:
    """A Dropbox batch's ``entries``, one per item, each tagged ``success`` or ``failure`` with
    its reason (``delete_batch/check``, ``create_folder_batch``, ``get_thumbnail_batch``): some
    refused is a partial answer, every one a failure keyed on its reason."""
    entries = body.get("entries") if isinstance(body, dict) else None
    if not isinstance(entries, list) or not entries:
        return None
    tags = [entry.get(".tag") if isinstance(entry, dict) else None for entry in entries]
    if "failure" not in tags or not all(tag in ("success", "failure") for tag in tags):
        return None
    refused, chains = [], []
    for n, entry in enumerate(entries):
        if entry.get(".tag") == "failure":
            chain = _dropbox_tags(entry.get("failure"))
            chains.append(chain)
            refused.append(f"entries.{n}: {'/'.join(chain) or 'failure'}")
    failure = _dropbox_failure(chains[0], "; ".join(refused[:3]))
    return some_refused(tuple(refused), len(entries), "entries failed", "dropbox", failure)


#: AMap's (Gaode's) infocodes that name what failed (https://lbs.amap.com/api/webservice/guide/tools/info).
_AMAP_CODES: dict[str, tuple[FailureCode, FailureKind]] = {
    "10001": (FailureCode.UNAUTHORIZED, _P),  # INVALID_USER_KEY
    "10002": (FailureCode.FORBIDDEN, _P),  # SERVICE_NOT_AVAILABLE to this key
    "10003": (FailureCode.RATE_LIMITED, _P),  # DAILY_QUERY_OVER_LIMIT
    "10004": (FailureCode.RATE_LIMITED, _T),  # ACCESS_TOO_FREQUENT
    "10005": (FailureCode.FORBIDDEN, _P),  # INVALID_USER_IP
    "10006": (FailureCode.FORBIDDEN, _P),  # INVALID_USER_DOMAIN
    "10009": (FailureCode.UNAUTHORIZED, _P),  # USERKEY_PLAT_NOMATCH
    "10010": (FailureCode.RATE_LIMITED, _T),  # IP_QUERY_OVER_LIMIT
    "10014": (FailureCode.RATE_LIMITED, _T),  # QPS_HAS_EXCEEDED_THE_LIMIT
    "10019": (FailureCode.RATE_LIMITED, _T),  # CUQPS_HAS_EXCEEDED_THE_LIMIT
}


def amap_status(body: object, content_type: str) -> Verdict | None:
    """AMap's web services answer every call with a 200 whose ``status`` is ``"1"`` on
    success and ``"0"`` on failure, ``info`` and ``infocode`` saying which (``{"status": "0",
    "info": "INVALID_USER_KEY", "infocode": "10001"}``)."""
    if not isinstance(body, dict) or body.get("status") != "0":
        return None
    code, info = body.get("infocode"), body.get("info")
    if not isinstance(code, str) or not code.isdigit() or code == "10000":
        return None
    failure, kind = _AMAP_CODES.get(code, (FailureCode.UPSTREAM_ERROR, _P))
    said = f"infocode {code}: {info}" if isinstance(info, str) and info else f"infocode {code}"
    return FailureVerdict(failure, kind, said, "amap")


def mapquest_info(body: object, content_type: str) -> Verdict | None:
    """MapQuest's ``info.statuscode``: 0 on success; 400 a bad request, 403 a key refused, 500
    an unknown error, its ``messages`` saying why
    (https://developer.mapquest.com/documentation/api/geocoding/)."""
    info = body.get("info") if isinstance(body, dict) else None
    if not isinstance(info, dict) or not isinstance(info.get("messages"), list):
        return None
    code = info.get("statuscode")
    if type(code) is not int or code == 0:
        return None
    words = "; ".join(str(m) for m in info["messages"][:3] if isinstance(m, str))
    return failure_from_status(code, f"statuscode {code}: {words or 'no message'}", "mapquest")


def overpass_remark(body: object, content_type: str) -> Verdict | None:
    """Overpass API: a query that ran out of time or memory answers 200 with a ``remark``,
    ``"runtime error: Query timed out in \"query\" at line 3 after 25 seconds."``, beside the
    elements found until then (https://wiki.openstreetmap.org/wiki/Overpass_API/Overpass_QL#Settings):
    none, a failure worth another try; some, a partial answer."""
    if not isinstance(body, dict) or not isinstance(remark := body.get("remark"), str):
        return None
    if not remark.startswith("runtime error") or not isinstance(body.get("elements"), list):
        return None
    said = remark[:200]
    if not body["elements"]:
        return FailureVerdict(FailureCode.UPSTREAM_ERROR, _T, said, "overpass")
    return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, said, "overpass")


#: Last.fm's error codes that name what failed (https://www.last.fm/api/errorcodes).
_LASTFM_ERRORS: dict[int, tuple[FailureCode, FailureKind]] = {
    4: (FailureCode.UNAUTHORIZED, _P),  # authentication failed
    6: (FailureCode.BAD_REQUEST, _P),  # invalid parameters
    8: (FailureCode.SERVER_ERROR, _T),  # operation failed: "most likely the backend service"
    9: (FailureCode.UNAUTHORIZED, _P),  # invalid session key
    10: (FailureCode.UNAUTHORIZED, _P),  # invalid API key
    11: (FailureCode.SERVER_ERROR, _T),  # service offline
    14: (FailureCode.UNAUTHORIZED, _P),  # unauthorized token
    16: (FailureCode.SERVER_ERROR, _T),  # temporarily unavailable, "please try again"
    26: (FailureCode.FORBIDDEN, _P),  # suspended API key
    29: (FailureCode.RATE_LIMITED, _T),  # rate limit exceeded
}


def lastfm_error(body: object, content_type: str) -> Verdict | None:
    """Last.fm's API (and Libre.fm's copy of it) answers a failure with a 200 whose body is its
    code and words, ``{"error": 6, "message": "Invalid parameters …", "links": []}``."""
    if not isinstance(body, dict) or not body.keys() <= {"error", "message", "links"}:
        return None
    code, words = body.get("error"), body.get("message")
    if type(code) is not int or code <= 0 or not isinstance(words, str):
        return None
    failure, kind = _LASTFM_ERRORS.get(code, (FailureCode.UPSTREAM_ERROR, _P))
    return FailureVerdict(failure, kind, f"error {code}: {words}", "lastfm")


def partial_error(body: object, content_type: str) -> Verdict | None:
    """Azure Monitor's query APIs (Log Analytics, Application Insights) answer a query that
    failed in part with its tables beside an ``error`` of code ``PartialError``: "results may
    be incorrect or incomplete" (https://learn.microsoft.com/en-us/azure/azure-monitor/logs/api/errors)."""
    if not isinstance(body, dict) or not isinstance(body.get("tables"), list):
        return None
    error = body.get("error")
    if not isinstance(error, dict) or error.get("code") != "PartialError":
        return None
    words = error.get("message")
    said = f"PartialError: {words}" if isinstance(words, str) and words else "PartialError"
    return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, said, "azure monitor")


def shipengine_rates(body: object, content_type: str) -> Verdict | None:
    """ShipEngine's rate request answers in ``rate_response`` whose ``status`` is ``working``,
    ``completed``, ``partial`` or ``error``, its ``errors`` saying why
    (https://www.shipengine.com/docs/rates/): ``error``, a failure; ``partial``, some carriers'
    rates missing."""
    rates = body.get("rate_response") if isinstance(body, dict) else None
    if not isinstance(rates, dict) or rates.get("status") not in ("error", "partial"):
        return None
    errors = rates.get("errors")
    listed = errors if isinstance(errors, list) else []
    said = "; ".join(filter(None, (error_message(e) for e in listed[:3]))) or "no message"
    if rates["status"] == "partial":
        dropped = tuple(
            f"rate_response.errors.{n}: {error_message(e) or 'error'}" for n, e in enumerate(listed)
        )
        return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, said, "shipengine", dropped)
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, f"status error: {said}", "shipengine")


#: Azure AI Language's document error codes that are not the document's fault.
_AZURE_DOCUMENT_ERRORS: dict[str, tuple[FailureCode, FailureKind]] = {
    "TooManyRequests": (FailureCode.RATE_LIMITED, _T),
    "InternalServerError": (FailureCode.SERVER_ERROR, _T),
    "ServiceUnavailable": (FailureCode.SERVER_ERROR, _T),
}


def document_errors(body: object, content_type: str) -> Verdict | None:
    """Azure AI Language (Text Analytics) answers a request on several documents with the
    results in ``documents`` and each refused one in ``errors``, ``{"id": "2", "error":
    {"code": "InvalidArgument", …}}`` (https://learn.microsoft.com/en-us/rest/api/language/):
    some refused is a partial answer naming each, every one a failure."""
    if not isinstance(body, dict) or not isinstance(done := body.get("documents"), list):
        return None
    errors = body.get("errors")
    if not isinstance(errors, list) or not errors:
        return None
    refused = []
    for entry in errors:
        error = entry.get("error") if isinstance(entry, dict) else None
        if not isinstance(error, dict) or "id" not in entry:
            return None
        refused.append(
            (str(error.get("code") or "error"), f"{entry['id']}: {error_message(error)}")
        )
    dropped = tuple(f"errors.{said}" for _, said in refused)
    failure, kind = _AZURE_DOCUMENT_ERRORS.get(refused[0][0], (FailureCode.BAD_REQUEST, _P))
    every = FailureVerdict(failure, kind, "; ".join(dropped[:3]), "azure language")
    return some_refused(
        dropped, len(done) + len(refused), "documents refused", "azure language", every
    )


def failed_items(body: object, content_type: str) -> Verdict | None:
    """Smartsheet's bulk operations with ``allowPartialSuccess``: ``{"message":
    "PARTIAL_SUCCESS", "resultCode": 3, "result": [done], "failedItems": [{"index": 1,
    "error": {"errorCode": 1036, "message": …}}]}``
    (https://developers.smartsheet.com/api/smartsheet/guides/advanced-topics/bulk-operations):
    some failed is a partial answer naming each; none done, a failure."""
    if not isinstance(body, dict) or not isinstance(failed := body.get("failedItems"), list):
        return None
    if not failed or not all(isinstance(item, dict) for item in failed):
        return None
    done = body.get("result")
    dropped = tuple(
        f"failedItems.{item.get('index', n)}: {error_message(item.get('error')) or 'failed'}"
        for n, item in enumerate(failed)
    )
    every = FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, "; ".join(dropped[:3]), "smartsheet")
    count = len(done) if isinstance(done, list) else 0
    return some_refused(dropped, count + len(failed), "items failed", "smartsheet", every)


def lastfm_scrobbles(body: object, content_type: str) -> Verdict | None:
    """Last.fm's scrobble answer counts what it took: ``{"scrobbles": {"@attr": {"accepted":
    "0", "ignored": "1"}, "scrobble": {…, "ignoredMessage": {"code": "1", "#text": …}}}}``
    (https://www.last.fm/api/show/track.scrobble): every one ignored is a failure; some, a
    partial answer."""
    scrobbles = body.get("scrobbles") if isinstance(body, dict) else None
    if not isinstance(scrobbles, dict) or not isinstance(counts := scrobbles.get("@attr"), dict):
        return None
    accepted, ignored = as_count(counts.get("accepted")), as_count(counts.get("ignored"))
    if accepted is None or not ignored:
        return None
    listed = scrobbles.get("scrobble")
    entries = listed if isinstance(listed, list) else [listed]
    dropped = tuple(
        f"scrobble.{n}: {message.get('#text') or message.get('code')}"
        for n, entry in enumerate(entries)
        if isinstance(entry, dict)
        and isinstance(message := entry.get("ignoredMessage"), dict)
        and message.get("code") not in (None, "0", 0)
    ) or (f"{ignored} ignored",)
    every = FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, "; ".join(dropped[:3]), "lastfm")
    if not accepted:
        return every
    return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, f"{ignored} ignored", "lastfm", dropped)


#: WeChat's, WeCom's and DingTalk's errcodes that name what failed (the others are the upstream's
#: own refusal): WeChat's global return codes
#: (https://developers.weixin.qq.com/doc/offiaccount/en/Getting_Started/Global_Return_Code.html),
#: WeCom's (https://developer.work.weixin.qq.com/document/path/90313).
_ERRCODES: dict[int, tuple[FailureCode, FailureKind]] = {
    -1: (FailureCode.SERVER_ERROR, _T),  # "system busy, try again later"
    40001: (FailureCode.UNAUTHORIZED, _P),  # invalid credential or access_token
    40013: (FailureCode.UNAUTHORIZED, _P),  # invalid appid / corpid
    40014: (FailureCode.UNAUTHORIZED, _P),  # invalid access_token
    40125: (FailureCode.UNAUTHORIZED, _P),  # invalid appsecret
    41001: (FailureCode.UNAUTHORIZED, _P),  # access_token missing
    42001: (FailureCode.UNAUTHORIZED, _P),  # access_token expired
    45009: (FailureCode.RATE_LIMITED, _P),  # the daily quota of this API is spent
    45011: (FailureCode.RATE_LIMITED, _T),  # too frequent: "API minute-quota reached"
    45033: (FailureCode.RATE_LIMITED, _T),  # too many concurrent calls (WeCom)
    46004: (FailureCode.NOT_FOUND, _P),  # no such user
    48001: (FailureCode.FORBIDDEN, _P),  # the API is not authorized for this account
    50001: (FailureCode.FORBIDDEN, _P),  # the user is not authorized for this API
}


def errcode_reply(body: object, content_type: str) -> Verdict | None:
    """WeChat's (and WeCom's, DingTalk's) answer to every call is a 200 whose ``errcode`` is 0
    on success; any other names the failure, ``errmsg`` saying why (``{"errcode": 40001,
    "errmsg": "invalid credential, access_token is invalid or not latest"}``)."""
    return keyed_code(body, "errcode", "errmsg", _ERRCODES, "wechat")


def errcode_partial(body: object, content_type: str) -> Verdict | None:
    """A WeChat or WeCom call on several items that went through (``errcode: 0``) for some of
    them only, naming the others: WeCom's ``fail_list`` (the recipients a message template could
    not reach) and ``invaliduser`` / ``invalidparty`` / ``invalidtag`` ("if some recipients do
    not exist … the message is still sent, and the invalid ones are returned",
    https://developer.work.weixin.qq.com/document/path/90236), an ``err_*_list`` of the items
    refused, with their own ``errcode``, beside those done, and a ``result_list`` whose entries
    each carry their ``err_msg`` (``"ok"`` when done). Every item refused is a failure; some of
    them, a partial answer."""
    if not isinstance(body, dict) or body.get("errcode") != 0:
        return None
    dropped: list[str] = []
    done = 0
    results = body.get("result_list")
    if isinstance(results, list):
        for n, entry in enumerate(results):
            said = entry.get("err_msg") if isinstance(entry, dict) else None
            if isinstance(said, str) and said.lower() not in ("ok", ""):
                dropped.append(f"result_list.{n}: {said}")
            else:
                done += 1
    for key, value in body.items():
        if key == "fail_list" or (key.startswith("err_") and key.endswith("_list")):
            if isinstance(value, list):
                dropped += [f"{key}: {_wechat_item(item)}" for item in value]
        elif key in _WECOM_INVALID and isinstance(value, str) and value.strip("|"):
            dropped += [f"{key}: {name}" for name in value.split("|") if name]
        elif key.endswith("_list") and isinstance(value, list) and key != "result_list":
            done += len(value)
    if not dropped:
        return None
    if done == 0 and isinstance(results, list):
        detail = "; ".join(dropped)
        return FailureVerdict(FailureCode.BAD_REQUEST, _P, detail, "wechat")
    return PartialVerdict(
        TruncatedBy.UPSTREAM_FLAG, f"{len(dropped)} refused", "wechat", tuple(dropped)
    )


#: WeCom's message sending: the recipients it could not reach, as "a|b" (the others got it).
_WECOM_INVALID = frozenset({"invaliduser", "invalidparty", "invalidtag", "unlicenseduser"})


def _wechat_item(item: object) -> str:
    if isinstance(item, dict):
        name = next((item[k] for k in ("sn", "openid", "userid", "id") if k in item), None)
        words = item.get("errmsg")
        return " ".join(str(part) for part in (name, words) if part is not None) or "refused"
    return str(item)


#: Amazon's Product Advertising API 5.0 error codes that name what failed
#: (https://webservices.amazon.com/paapi5/documentation/troubleshooting/error-messages.html).
_PAAPI_CODES: dict[str, tuple[FailureCode, FailureKind]] = {
    "NoResults": (FailureCode.NOT_FOUND, _P),  # "no results found for your request"
    "InvalidParameterValue": (FailureCode.BAD_REQUEST, _P),
    "InvalidParameterCombination": (FailureCode.BAD_REQUEST, _P),
    "MissingParameter": (FailureCode.BAD_REQUEST, _P),
    "InvalidPartnerTag": (FailureCode.BAD_REQUEST, _P),
    "InvalidAssociate": (FailureCode.FORBIDDEN, _P),
    "AccessDenied": (FailureCode.FORBIDDEN, _P),
    "AccessDeniedAwsUsers": (FailureCode.FORBIDDEN, _P),
    "UnrecognizedClient": (FailureCode.UNAUTHORIZED, _P),
    "InvalidSignature": (FailureCode.UNAUTHORIZED, _P),
    "IncompleteSignature": (FailureCode.UNAUTHORIZED, _P),
    "TooManyRequests": (FailureCode.RATE_LIMITED, _T),
    "RequestThrottled": (FailureCode.RATE_LIMITED, _T),
    "InternalFailure": (FailureCode.SERVER_ERROR, _T),
}
#: What a PA-API answer holds beside its Errors when part of the request was answered.
_PAAPI_RESULTS = frozenset({"ItemsResult", "SearchResult", "VariationsResult", "BrowseNodesResult"})


def paapi_errors(body: object, content_type: str) -> Verdict | None:
    """Amazon's Product Advertising API 5.0: ``{"Errors": [{"__type":
    "com.amazon.paapi5#ErrorData", "Code": …, "Message": …}]}``, in a 200 as in a 4xx
    (https://webservices.amazon.com/paapi5/documentation/processing-of-errors.html): alone, the
    call failed (keyed on the first code; ``NoResults`` is a lookup's "nothing there"); beside a
    result, the items it names were not returned (a partial answer)."""
    if not isinstance(body, dict):
        return None
    errors = body.get("Errors")
    if not isinstance(errors, list) or not errors or not isinstance(errors[0], dict):
        return None
    if not all(isinstance(e, dict) and isinstance(e.get("Code"), str) for e in errors):
        return None
    said = tuple(f"{e['Code']}: {e.get('Message') or 'no message'}" for e in errors)
    if not _PAAPI_RESULTS.isdisjoint(body):
        return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, "; ".join(said), "paapi", said)
    code, kind = _PAAPI_CODES.get(errors[0]["Code"], (FailureCode.UPSTREAM_ERROR, _P))
    return FailureVerdict(code, kind, "; ".join(said), "paapi")


#: Flickr's error codes that say more than "the call failed": the API-wide ones
#: (https://www.flickr.com/services/api/flickr.photos.search.html, "Error Codes").
_FLICKR_CODES: dict[int, tuple[FailureCode, FailureKind]] = {
    95: (FailureCode.FORBIDDEN, _P),  # SSL is required
    96: (FailureCode.UNAUTHORIZED, _P),  # invalid signature
    97: (FailureCode.UNAUTHORIZED, _P),  # missing signature
    98: (FailureCode.UNAUTHORIZED, _P),  # login failed / invalid auth token
    99: (FailureCode.FORBIDDEN, _P),  # user not logged in / insufficient permissions
    100: (FailureCode.UNAUTHORIZED, _P),  # invalid API key
    105: (FailureCode.SERVER_ERROR, _T),  # service currently unavailable
    106: (FailureCode.SERVER_ERROR, _T),  # write operation failed: "temporary"
    112: (FailureCode.BAD_REQUEST, _P),  # method not found
}


def flickr_stat(body: object, content_type: str) -> Verdict | None:
    """Flickr's JSON answers say ``"stat": "fail"`` with the error's ``code`` and ``message``
    (https://www.flickr.com/services/api/response.json.html), in a 200: codes 1-94 are the
    method's own (a photo not found is 1 for most methods), the others API-wide."""
    if not isinstance(body, dict) or body.get("stat") != "fail":
        return None
    code, words = as_count(body.get("code")), body.get("message")
    if code is None or not isinstance(words, str):
        return None
    failure, kind = _FLICKR_CODES.get(code, (FailureCode.BAD_REQUEST, _P))
    if code == 1 and "not found" in words.lower():
        # A lookup method's own code 1, "Photo not found", "User not found"
        # (https://www.flickr.com/services/api/flickr.photos.getInfo.html).
        failure = FailureCode.NOT_FOUND
    return FailureVerdict(failure, kind, f"{code}: {words or 'no message'}", "flickr")


def influxdb_statements(body: object, content_type: str) -> Verdict | None:
    """InfluxDB 1.x answers a query with one result per statement, and a statement that failed
    with its ``error`` in a 200: ``{"results": [{"statement_id": 0, "error": "database not
    found: db"}]}`` (https://docs.influxdata.com/influxdb/v1/tools/api/#query-http-endpoint).
    Every statement failed is a failure; some of them, a partial answer."""
    results = body.get("results") if isinstance(body, dict) and len(body) == 1 else None
    if not isinstance(results, list) or not results:
        return None
    if not all(isinstance(r, dict) and r.keys() <= _INFLUX_RESULT for r in results):
        return None
    refused = [(i, r["error"]) for i, r in enumerate(results) if isinstance(r.get("error"), str)]
    if not refused:
        return None
    dropped = tuple(f"results.{i}: {error}" for i, error in refused)
    failure = FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, "; ".join(dropped), "influxdb")
    return some_refused(dropped, len(results), "statements failed", "influxdb", failure)


#: What an InfluxDB 1.x statement result may hold.
_INFLUX_RESULT = INFLUXDB_STATEMENT | {"error"}


def world_bank(body: object) -> Verdict | None:
    """The World Bank's Indicators API answers with an array, and a refused call with an array
    of one object whose ``message`` lists what it refused, in a 200: ``[{"message": [{"id":
    "120", "key": "Invalid value", "value": "The provided parameter value is not valid"}]}]``
    (https://datahelpdesk.worldbank.org/knowledgebase/articles/889392-about-the-indicators-api-documentation,
    its error codes: 105 "service currently unavailable", 199 an unexpected error; the others
    name a request it cannot answer). The one rule that reads a top-level array."""
    if type(body) is not list or len(body) != 1:
        return None
    only = body[0]
    messages = only.get("message") if isinstance(only, dict) and len(only) == 1 else None
    if not isinstance(messages, list) or not messages:
        return None
    if not all(isinstance(m, dict) and {"id", "key"} <= m.keys() for m in messages):
        return None
    said = "; ".join(f"{m['id']} {m['key']}: {m.get('value') or ''}".rstrip(": ") for m in messages)
    code, kind = _WORLD_BANK_ERRORS.get(str(messages[0]["id"]), (FailureCode.BAD_REQUEST, _P))
    return FailureVerdict(code, kind, said, "world_bank")


#: The World Bank's error codes that are not the request's fault.
_WORLD_BANK_ERRORS: dict[str, tuple[FailureCode, FailureKind]] = {
    "100": (FailureCode.UNAUTHORIZED, _P),  # invalid API key (the v1 API's)
    "105": (FailureCode.SERVER_ERROR, _T),  # service currently unavailable
    "199": (FailureCode.SERVER_ERROR, _T),  # unexpected error
}


def africastalking_sms(body: object, content_type: str) -> Verdict | None:
    """Africa's Talking answers an SMS send with ``SMSMessageData``: its ``Message`` and one
    entry per recipient whose ``statusCode`` of 400 or more says it was not sent (402
    InvalidSenderId, 405 InsufficientBalance, 500 InternalServerError …), and no recipient at
    all when it sent nothing (``{"Message": "InvalidSenderId", "Recipients": []}``)
    (https://developers.africastalking.com/docs/sms/sending/bulk): every message refused is a
    failure; some of them, a partial answer."""
    data = body.get("SMSMessageData") if isinstance(body, dict) and len(body) == 1 else None
    if not isinstance(data, dict):
        return None
    said, recipients = data.get("Message"), data.get("Recipients")
    if not isinstance(said, str) or not isinstance(recipients, list):
        return None
    if not recipients:
        if said.startswith("Sent to"):
            return None
        return FailureVerdict(FailureCode.BAD_REQUEST, _P, said, "africastalking")
    codes = [r.get("statusCode") if isinstance(r, dict) else None for r in recipients]
    refused = [(i, c) for i, c in enumerate(codes) if type(c) is int and c >= 400]
    if not refused:
        return None
    dropped = tuple(
        f"Recipients.{i}: {recipients[i].get('status') or 'statusCode'} {c}" for i, c in refused
    )
    server = refused[0][1] >= 500
    code, kind = (FailureCode.SERVER_ERROR, _T) if server else (FailureCode.BAD_REQUEST, _P)
    failure = FailureVerdict(code, kind, "; ".join(dropped), "africastalking")
    return some_refused(dropped, len(recipients), "messages not sent", "africastalking", failure)


def withings(body: object, content_type: str) -> Verdict | None:
    """Withings answers every call with 200 and its own ``status`` beside the ``body``: 0 is
    "operation was successful", any other a failure, with its ``error`` words
    (https://developer.withings.com/api-reference/#section/Response-status): 100, 101, 102,
    200 and 401 an authentication refused, 601 "too many requests"."""
    if not isinstance(body, dict) or not set(body) <= _WITHINGS_MEMBERS or "body" not in body:
        return None
    status = body.get("status")
    if type(status) is not int or status == 0:
        return None
    code, kind = _WITHINGS_STATUSES.get(status, (FailureCode.UPSTREAM_ERROR, _P))
    said = body.get("error")
    detail = f"status {status}" + (f": {said}" if isinstance(said, str) and said else "")
    return FailureVerdict(code, kind, detail, "withings")


#: What every Withings answer holds.
_WITHINGS_MEMBERS = frozenset({"status", "body", "error"})
#: Withings' statuses that say more than "the call failed".
_WITHINGS_STATUSES: dict[int, tuple[FailureCode, FailureKind]] = {
    **dict.fromkeys((100, 101, 102, 200, 401), (FailureCode.UNAUTHORIZED, _P)),
    601: (FailureCode.RATE_LIMITED, _T),
}


def acs_sms(body: object, content_type: str) -> Verdict | None:
    """Azure Communication Services' SMS send answers with one result per recipient, each
    ``successful`` or not with its own ``httpStatusCode`` and ``errorMessage``
    (https://learn.microsoft.com/en-us/rest/api/communication/sms/send): every message refused
    is a failure; some of them, a partial answer."""
    results = body.get("value") if isinstance(body, dict) and len(body) == 1 else None
    if not isinstance(results, list) or not results:
        return None
    if not all(
        isinstance(r, dict) and isinstance(r.get("successful"), bool) and "httpStatusCode" in r
        for r in results
    ):
        return None
    refused = [(i, r) for i, r in enumerate(results) if r["successful"] is False]
    if not refused:
        return None
    dropped = tuple(f"value.{i}: {_acs_words(r)}" for i, r in refused)
    status = status_from(refused[0][1], "httpStatusCode")
    failure = failure_from_status(status, "; ".join(dropped), "acs_sms")
    return some_refused(dropped, len(results), "messages not sent", "acs_sms", failure)


def _acs_words(result: Mapping[str, Any]) -> str:
    words = result.get("errorMessage")
    return words if isinstance(words, str) and words else f"status {result['httpStatusCode']}"


#: What every answer of SAP Customer Data Cloud (Gigya) holds, a refused call's included.
_GIGYA_MEMBERS = frozenset({"callId", "errorCode", "statusCode"})


def gigya(body: object, content_type: str) -> Verdict | None:
    """SAP Customer Data Cloud (Gigya) answers with a 200 whose ``errorCode`` is 0 for success
    and any other number for an error, ``statusCode`` naming the HTTP status it stands for
    (``{"callId": …, "errorCode": 403042, "errorMessage": "Invalid LoginID", "statusCode":
    403, …}``, https://developers.gigya.com/display/GD/Response+Codes+and+Errors)."""
    if not isinstance(body, dict) or not body.keys() >= _GIGYA_MEMBERS:
        return None
    code = body["errorCode"]
    if type(code) is not int or code == 0:
        return None
    words = body.get("errorMessage")
    detail = f"{code}: {words}" if isinstance(words, str) and words else str(code)
    return failure_from_status(status_from(body, "statusCode"), detail, "gigya")


#: Loqate's account errors (https://docs.loqate.com/loqate-basics/faq, "key errors"); a code of
#: 1000 or more is a method's own: the request's arguments refused.
_LOQATE_ERRORS: dict[str, tuple[FailureCode, FailureKind]] = {
    "-1": (FailureCode.SERVER_ERROR, _T),  # unknown error
    "2": (FailureCode.UNAUTHORIZED, _P),  # unknown key
    "3": (FailureCode.RATE_LIMITED, _P),  # account out of credit
    "8": (FailureCode.RATE_LIMITED, _P),  # key daily limit exceeded
    "9": (FailureCode.RATE_LIMITED, _T),  # surge protector running
    "10": (FailureCode.RATE_LIMITED, _T),  # surge protector triggered
    "16": (FailureCode.UNAUTHORIZED, _P),  # key expired
}
_LOQATE_ROW = frozenset({"Error", "Description", "Cause", "Resolution"})


def loqate(body: object, content_type: str) -> Verdict | None:
    """Loqate (Addressy, Canada Post's AddressComplete) answers a failed call with a 200 whose
    ``Items`` holds one row: ``{"Error": "1001", "Description": …, "Cause": …, "Resolution":
    …}`` (https://docs.loqate.com/api-reference/address-capture/retrieve); its older JSON
    services (PostcodeAnywhere's ``json.ws``) answer the same row in a bare array, which the
    pipeline asks of it too."""
    items = body.get("Items") if isinstance(body, dict) and len(body) == 1 else body
    if not isinstance(items, list) or len(items) != 1:
        return None
    row = items[0]
    if (
        not isinstance(row, dict)
        or not row.keys() >= _LOQATE_ROW
        or not isinstance(row["Error"], str)
    ):
        return None
    code = row["Error"]
    mapped = _LOQATE_ERRORS.get(code)
    if mapped is None:
        number = as_count(code)
        high = number is not None and number >= 1000
        mapped = (FailureCode.BAD_REQUEST, _P) if high else (FailureCode.FORBIDDEN, _P)
    words = row.get("Description")
    detail = f"Error {code}: {words}" if isinstance(words, str) and words else f"Error {code}"
    return FailureVerdict(*mapped, detail, "loqate")


#: VK's error codes that say more than "failed" (https://dev.vk.com/en/reference/errors).
VK_ERRORS: dict[int, tuple[FailureCode, FailureKind]] = {
    1: (FailureCode.SERVER_ERROR, _T),  # unknown error: "try again later"
    5: (FailureCode.UNAUTHORIZED, _P),  # user authorization failed
    6: (FailureCode.RATE_LIMITED, _T),  # too many requests per second
    9: (FailureCode.RATE_LIMITED, _T),  # flood control
    10: (FailureCode.SERVER_ERROR, _T),  # internal server error
    15: (FailureCode.FORBIDDEN, _P),  # access denied
    29: (FailureCode.RATE_LIMITED, _P),  # the method's daily limit
    100: (FailureCode.BAD_REQUEST, _P),  # a parameter missing or invalid
    104: (FailureCode.NOT_FOUND, _P),  # not found
}


def vk(body: object, content_type: str) -> Verdict | None:
    """VK's API answers every call with a 200: ``{"response": …}``, or ``{"error":
    {"error_code": 6, "error_msg": "Too many requests per second", "request_params": [...]}}``
    (https://dev.vk.com/en/reference/errors)."""
    error = body.get("error") if isinstance(body, dict) and len(body) == 1 else None
    if not isinstance(error, dict) or "request_params" not in error:
        return None
    code, words = error.get("error_code"), error.get("error_msg")
    if type(code) is not int or not isinstance(words, str):
        return None
    mapped = VK_ERRORS.get(code, (FailureCode.UPSTREAM_ERROR, _P))
    return FailureVerdict(*mapped, f"{code}: {words}", "vk")


def alchemer(body: object, content_type: str) -> Verdict | None:
    """Alchemer's (SurveyGizmo's) API says how a call went in ``result_ok``; a failed one
    answers ``{"result_ok": false, "code": 429, "message": "Please wait for other requests to
    complete"}`` (https://apihelp.alchemer.com/help/api-response-codes)."""
    if not isinstance(body, dict) or body.get("result_ok") is not False:
        return None
    words = body.get("message")
    if not isinstance(words, str) or not set(body) <= {"result_ok", "code", "message"}:
        return None
    return failure_from_status(status_from(body, "code"), words or "result_ok: false", "alchemer")


def kaltura(body: object, content_type: str) -> Verdict | None:
    """Kaltura answers a failed call with a 200 holding a ``KalturaAPIException``: ``{"code":
    "ENTRY_ID_NOT_FOUND", "message": …, "objectType": "KalturaAPIException"}``, under
    ``result.error`` in its OTT API (https://developer.kaltura.com/api-docs/Overview, "Error
    handling")."""
    if not isinstance(body, dict):
        return None
    result = body.get("result")
    error = result.get("error") if isinstance(result, dict) and len(body) <= 2 else body
    if not isinstance(error, dict) or error.get("objectType") != "KalturaAPIException":
        return None
    code, words = error.get("code"), error.get("message")
    code = code if isinstance(code, str) else ""
    detail = f"{code}: {words}" if isinstance(words, str) and words else code or "exception"
    if "KS" in code.split("_") or "Invalid KS" in str(words):
        return FailureVerdict(FailureCode.UNAUTHORIZED, _P, detail, "kaltura")
    if code.endswith("_NOT_FOUND"):
        return FailureVerdict(FailureCode.NOT_FOUND, _P, detail, "kaltura")
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, detail, "kaltura")


def dhl_multi_status(body: object, content_type: str) -> Verdict | None:
    """DHL's Parcel DE Shipping API answers a batch with ``207 Multi-Status`` (``{"status":
    {"statusCode": 207, "detail": "1 of 2 shipments successfully created."}, "items": [...]}``)
    and one ``sstatus`` per shipment, ``200``/``OK`` for the ones done
    (https://developer.dhl.com/api-reference/parcel-de-shipping-post-parcel-germany-v2): some
    refused is a partial answer, all of them a failure."""
    status = body.get("status") if isinstance(body, dict) else None
    items = body.get("items") if isinstance(body, dict) else None
    if not isinstance(status, dict) or status.get("statusCode") != 207:
        return None
    if not isinstance(items, list) or not items:
        return None
    if not all(isinstance(i, dict) and isinstance(i.get("sstatus"), dict) for i in items):
        return None
    refused = [(n, i["sstatus"]) for n, i in enumerate(items) if not _dhl_done(i["sstatus"])]
    if not refused:
        return None
    dropped = tuple(f"items.{n}: {_dhl_words(s)}" for n, s in refused)
    failure = failure_from_status(
        status_from(refused[0][1], "statusCode"), "; ".join(dropped), "dhl"
    )
    return some_refused(dropped, len(items), "shipments refused", "dhl", failure)


def _dhl_done(sstatus: Mapping[str, Any]) -> bool:
    return sstatus.get("statusCode") in (200, 201) or sstatus.get("title") == "OK"


def _dhl_words(sstatus: Mapping[str, Any]) -> str:
    words = [w for w in (sstatus.get("title"), sstatus.get("detail")) if isinstance(w, str) and w]
    return ": ".join(words) or f"status {sstatus.get('statusCode')}"


def postmen(body: object, content_type: str) -> Verdict | None:
    """Postmen (AfterShip's shipping API) says how a call went in ``meta``: ``{"code": 4153,
    "message": "Item does not exist.", "details": [], "retryable": false}``, 200 when it worked
    (https://docs.postmen.com/errors.html)."""
    meta = body.get("meta") if isinstance(body, dict) else None
    if not isinstance(meta, dict) or "retryable" not in meta:
        return None
    code, words = meta.get("code"), meta.get("message")
    if type(code) is not int or code == 200 or not isinstance(words, str):
        return None
    kind = _T if meta["retryable"] is True else _P
    if code == 4153:  # "Item does not exist."
        return FailureVerdict(FailureCode.NOT_FOUND, kind, f"{code}: {words}", "postmen")
    failure = FailureCode.SERVER_ERROR if code >= 5000 else FailureCode.UPSTREAM_ERROR
    return FailureVerdict(failure, kind, f"{code}: {words}", "postmen")


#: Zoho People's "No records found" (https://www.zoho.com/people/api/error-codes.html).
_ZOHO_PEOPLE_NONE = 7024


def zoho_people(body: object, content_type: str) -> Verdict | None:
    """Zoho People answers in ``{"response": {..., "status": 0 or 1}}``: 1 with its ``errors``
    (``{"code": 7024, "message": "No records found"}``) is a failed call, except 7024, an
    answer with nothing in it (https://www.zoho.com/people/api/error-codes.html)."""
    response = body.get("response") if isinstance(body, dict) and len(body) == 1 else None
    if not isinstance(response, dict) or response.get("status") != 1:
        return None
    errors = response.get("errors")
    error = errors[0] if isinstance(errors, list) and errors else errors
    if not isinstance(error, dict) or type(error.get("code")) is not int:
        return None
    if error["code"] == _ZOHO_PEOPLE_NONE:
        return Unwrap([], "zoho_people", "response.result")
    words = error.get("message")
    detail = f"{error['code']}: {words}" if isinstance(words, str) and words else str(error["code"])
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, detail, "zoho_people")


#: Firebase Cloud Messaging's legacy per-token errors worth another try (the others are the
#: request's or the token's: https://firebase.google.com/docs/cloud-messaging/http-server-ref).
_FCM_TRANSIENT: dict[str, tuple[FailureCode, FailureKind]] = {
    "Unavailable": (FailureCode.SERVER_ERROR, _T),
    "InternalServerError": (FailureCode.SERVER_ERROR, _T),
    "DeviceMessageRateExceeded": (FailureCode.RATE_LIMITED, _T),
    "TopicsMessageRateExceeded": (FailureCode.RATE_LIMITED, _T),
}


def fcm_multicast(body: object, content_type: str) -> Verdict | None:
    """Firebase Cloud Messaging's legacy send: a 200 whose ``failure`` counts the messages "that
    could not be processed", each refused token's result an ``error`` (``NotRegistered``,
    ``InvalidRegistration`` …) beside the others' ``message_id``. Every message refused is a
    failure; some of them, a partial answer."""
    if not isinstance(body, dict) or "multicast_id" not in body:
        return None
    failed, results = as_count(body.get("failure")), body.get("results")
    if not failed or not isinstance(results, list):
        return None
    errors = [
        (i, r["error"])
        for i, r in enumerate(results)
        if isinstance(r, dict) and isinstance(r.get("error"), str)
    ]
    if not errors:
        return None
    dropped = tuple(f"results.{i}: {error}" for i, error in errors)
    code, kind = _FCM_TRANSIENT.get(errors[0][1], (FailureCode.BAD_REQUEST, _P))
    failure = FailureVerdict(code, kind, "; ".join(dropped), "fcm")
    return some_refused(dropped, len(results), "messages not sent", "fcm", failure)


def virustotal_v2(body: object, content_type: str) -> Verdict | None:
    """VirusTotal's v2 API answers every lookup with a 200 whose ``response_code`` says whether
    the item was found: 1 present, 0 "not present in VirusTotal's dataset", -2 "still queued for
    analysis" (https://docs.virustotal.com/v2.0/reference/api-responses). Its 0 names the looked-up
    item as not there (a declared lookup's ``empty``); -2 is an answer not ready yet."""
    if not isinstance(body, dict) or not isinstance(words := body.get("verbose_msg"), str):
        return None
    code = body.get("response_code")
    if code == 0 and type(code) is int:
        return FailureVerdict(FailureCode.NOT_FOUND, _P, words, "virustotal")
    if code == -2 and type(code) is int:
        return FailureVerdict(FailureCode.UPSTREAM_ERROR, _T, words, "virustotal")
    return None


#: Moodle's web-service error codes that name the caller's token or a missing record.
_MOODLE_ERRORS: dict[str, tuple[FailureCode, FailureKind]] = {
    "invalidtoken": (FailureCode.UNAUTHORIZED, _P),
    "accessexception": (FailureCode.FORBIDDEN, _P),
    "nopermissions": (FailureCode.FORBIDDEN, _P),
    "invalidrecord": (FailureCode.NOT_FOUND, _P),
    "invalidparameter": (FailureCode.BAD_REQUEST, _P),
}


def moodle(body: object, content_type: str) -> Verdict | None:
    """Moodle's web services catch every exception and answer it with a 200 whose body is
    ``{"exception": "moodle_exception", "errorcode": "invalidtoken", "message": …}``
    (https://docs.moodle.org/dev/Errors_handling_in_web_services)."""
    if not isinstance(body, dict):
        return None
    exception, code = body.get("exception"), body.get("errorcode")
    if not isinstance(exception, str) or not exception or not isinstance(code, str):
        return None
    failure, kind = _MOODLE_ERRORS.get(code, (FailureCode.UPSTREAM_ERROR, _P))
    said = f"{exception} {code}: {error_message(body) or 'no message'}"
    return FailureVerdict(failure, kind, said, "moodle")


def openweather(body: object, content_type: str) -> Verdict | None:
    """OpenWeather puts the call's own status in ``cod`` beside its ``message``, in every body
    (``{"cod": "404", "message": "city not found"}``), an answer in a 200 included
    (https://openweathermap.org/faq#error401 lists its codes). A ``cod`` of 400 or more is a
    failure by that status; its 404 names the looked-up place as not there."""
    if not isinstance(body, dict) or not isinstance(body.get("message"), str | None):
        return None
    status = status_from(body, "cod")
    if status is None or status < 400:
        return None
    return failure_from_status(status, error_message(body) or f"cod {status}", "openweather")


def trino(body: object, content_type: str) -> Verdict | None:
    """Trino's (and Presto's) client protocol: a query document holds ``error`` "if the query
    has failed", with its ``errorType`` (https://trino.io/docs/current/develop/client-protocol.html)."""
    if not isinstance(body, dict) or not isinstance(stats := body.get("stats"), dict):
        return None
    error = body.get("error")
    if stats.get("state") != "FAILED" or not isinstance(error, dict):
        return None
    kind = error.get("errorType")
    failure, failure_kind = (
        (FailureCode.BAD_REQUEST, _P)
        if kind == "USER_ERROR"
        else (FailureCode.SERVER_ERROR, _T)
        if kind in ("INTERNAL_ERROR", "INSUFFICIENT_RESOURCES", "EXTERNAL")
        else (FailureCode.UPSTREAM_ERROR, _P)
    )
    said = f"{error.get('errorName') or kind}: {error_message(body) or 'query failed'}"
    return FailureVerdict(failure, failure_kind, said, "trino")


def media_processing(body: object, content_type: str) -> Verdict | None:
    """X's (Twitter's) media upload: the upload's status holds ``processing_info``, whose
    ``state`` ``failed`` comes with the ``error`` that failed it (``{"code": 1, "name":
    "InvalidMedia", "message": "Unsupported video format"}``: the media will never be usable,
    https://developer.x.com/en/docs/x-api/v1/media/upload-media/api-reference/get-media-upload-status).
    ``pending``, ``in_progress`` and ``succeeded`` are the upload's answer, as they say."""
    if not isinstance(body, dict) or not isinstance(info := body.get("processing_info"), dict):
        return None
    if info.get("state") != "failed":
        return None
    error = info.get("error")
    name = error.get("name") if isinstance(error, dict) else None
    words = error_message(error) if isinstance(error, dict) else None
    said = f"{name or 'failed'}: {words or 'media processing failed'}"
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, said, "media processing")


#: Where a Google API's list names the locations it could not reach: AIP-217's ``unreachable``
#: (https://google.aip.dev/217), Compute Engine's ``unreachables`` on an aggregated list,
#: Bigtable's ``failedLocations`` ("instances ... may be missing").
_UNREACHABLE_KEYS = ("unreachable", "unreachables", "failedLocations")


def google_unreachable(body: object, content_type: str) -> Verdict | None:
    """A Google list whose answer leaves out what it could not reach: "the response must
    include ... repeated string unreachable" naming each resource or location left out
    (AIP-217, "Unreachable resources"). A non-empty one is a partial answer."""
    if not isinstance(body, dict):
        return None
    for key in _UNREACHABLE_KEYS:
        missed = body.get(key)
        if isinstance(missed, list) and missed and all(isinstance(m, str) for m in missed):
            detail = f"{len(missed)} location(s) unreachable; the list leaves out what they hold"
            return PartialVerdict(
                TruncatedBy.SHARD_FAILURE, detail, "google", tuple(f"{key}: {m}" for m in missed)
            )
    return None


#: What every answer of Etherscan's API holds, and of the explorers that copy it (BscScan,
#: Polygonscan, Blockscout's and Routescan's Etherscan-compatible APIs).
_ETHERSCAN_MEMBERS = frozenset({"status", "message", "result"})
#: "No transactions found", "No matching records found", "No data found": nothing matched.
_NOTHING_FOUND = re.compile(r"no\b.*\bfound\b", re.IGNORECASE)


def etherscan(body: object, content_type: str) -> Verdict | None:
    """Etherscan's API answers every call with a 200 whose ``status`` is ``"1"`` or ``"0"``:
    "An API call that encounters an error will return 0 as its status code and display the
    cause of the error under the result field" (``{"status": "0", "message": "NOTOK", "result":
    "Max rate limit reached, …"}``, https://docs.etherscan.io/resources/common-error-messages).
    A ``"0"`` whose message says nothing was found, with an empty or null ``result`` ("No
    matching records found", ``[]``), is an answer: its result is judged as the body."""
    if not isinstance(body, dict) or body.keys() != _ETHERSCAN_MEMBERS:
        return None
    message, result = body["message"], body["result"]
    if body["status"] != "0" or not isinstance(message, str):
        return None
    if result in (None, []) and _NOTHING_FOUND.match(message.strip()):
        return Unwrap(result, "etherscan")
    said = result if isinstance(result, str) and result.strip() else ""
    detail = f"{message}: {said}" if said and said != message else message or "no message"
    lowered = detail.lower()
    if "rate limit" in lowered or "try again" in lowered:
        # "Too many invalid api key attempts, please try again later": a 30-second throttle.
        code, kind = FailureCode.RATE_LIMITED, _T
    elif "api key" in lowered:
        code, kind = FailureCode.UNAUTHORIZED, _P
    elif "temporarily" in lowered:  # "Free API access is temporarily unavailable …"
        code, kind = FailureCode.SERVER_ERROR, _T
    else:
        code, kind = FailureCode.UPSTREAM_ERROR, _P
    return FailureVerdict(code, kind, f"status 0: {detail}", "etherscan")


_TIKTOK_ENVELOPE = frozenset({"code", "message", "request_id", "data"})


def tiktok_business(body: object, content_type: str) -> Verdict | None:
    """TikTok's API for Business answers every call with a 200 whose ``code`` says how it went:
    ``{"code": 40105, "message": "Access token is incorrect or has been revoked.",
    "request_id": …, "data": {}}``; 0 is OK (its return codes:
    https://business-api.tiktok.com/portal/docs?id=1737172488964097). 40100 is "requests made
    too frequently", 401xx the access token, 5xxxx the service's own trouble."""
    if not isinstance(body, dict) or "request_id" not in body or not set(body) <= _TIKTOK_ENVELOPE:
        return None
    code, words = body.get("code"), body.get("message")
    if type(code) is not int or code == 0 or not isinstance(words, str):
        return None
    if code == 40100:
        failure, kind = FailureCode.RATE_LIMITED, _T
    elif 40100 < code < 40200:
        failure, kind = FailureCode.UNAUTHORIZED, _P
    elif 50000 <= code < 60000:
        failure, kind = FailureCode.SERVER_ERROR, _T
    else:
        failure, kind = FailureCode.UPSTREAM_ERROR, _P
    return FailureVerdict(failure, kind, f"code {code}: {words}", "tiktok")


#: What every API-Sports answer holds (API-Football, API-Basketball, …).
_API_SPORTS_MEMBERS = frozenset({"get", "parameters", "errors", "results", "paging", "response"})
#: API-Sports' error names that say more than "a parameter was refused"
#: (https://www.api-football.com/documentation-v3#section/Architecture/Errors).
_API_SPORTS_ERRORS: dict[str, tuple[FailureCode, FailureKind]] = {
    "token": (FailureCode.UNAUTHORIZED, _P),  # "Error/Missing application key"
    "access": (FailureCode.FORBIDDEN, _P),  # the account is suspended
    "plan": (FailureCode.FORBIDDEN, _P),  # "Free plans do not have access to this season"
    "requests": (FailureCode.RATE_LIMITED, _P),  # the day's request limit, reset at midnight
    "rateLimit": (FailureCode.RATE_LIMITED, _T),  # too many requests per minute
}


def api_sports(body: object, content_type: str) -> Verdict | None:
    """API-Sports answers every call with a 200 whose ``errors`` says what was refused, by name
    (``{"token": "Error/Missing application key…"}``; ``[]`` when nothing was), beside an empty
    ``response``."""
    if not isinstance(body, dict) or not {"get", "errors", "response"} <= body.keys():
        return None
    errors = body["errors"]
    if not body.keys() <= _API_SPORTS_MEMBERS or not isinstance(errors, dict | list) or not errors:
        return None
    named = errors.items() if isinstance(errors, dict) else enumerate(errors)
    words = [f"{name}: {said}" if isinstance(name, str) else str(said) for name, said in named]
    code, kind = next(
        (_API_SPORTS_ERRORS[n] for n in errors if isinstance(n, str) and n in _API_SPORTS_ERRORS),
        (FailureCode.BAD_REQUEST, _P),
    )
    return FailureVerdict(code, kind, "; ".join(words), "api_sports")


#: The members of a reply that is nothing but its verdict and its words.
_REPLY_KEYS = frozenset({"success", "message", "code", "status", "status_code", "error_code"})
_JSEND_KEYS = frozenset({"status", "data", "message", "code"})

#: Authorize.net's message codes that say the merchant's credentials were refused; E00001 is
#: "An error occurred during processing. Please try again."
#: (https://developer.authorize.net/api/reference/responseCodes.html).
_AUTHORIZE_NET_AUTH = frozenset({"E00007", "E00008", "E00124"})


def authorize_net(body: object, content_type: str) -> Verdict | None:
    """Authorize.net's JSON API: every answer, a refused one included, is a 200 whose
    ``messages.resultCode`` is ``Ok`` or ``Error``, the first ``message`` saying why
    (https://developer.authorize.net/api/reference/index.html)."""
    messages = body.get("messages") if isinstance(body, dict) else None
    if not isinstance(messages, dict) or messages.get("resultCode") != "Error":
        return None
    listed = messages.get("message")
    first = listed[0] if isinstance(listed, list) and listed else listed
    first = first if isinstance(first, dict) else {}
    code, text = first.get("code"), first.get("text")
    code = code if isinstance(code, str) else ""
    said = " ".join(part for part in (code, text if isinstance(text, str) else "") if part)
    detail = f"Error: {said or 'no message'}"
    if code in _AUTHORIZE_NET_AUTH:
        return FailureVerdict(FailureCode.UNAUTHORIZED, _P, detail, "resultCode")
    if code == "E00001":
        return FailureVerdict(FailureCode.SERVER_ERROR, _T, detail, "resultCode")
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, detail, "resultCode")


#: Google Maps Platform web services answer every request with a 200 whose ``status`` says
#: what happened (Geocoding: https://developers.google.com/maps/documentation/geocoding/requests-geocoding#StatusCodes;
#: Places: https://developers.google.com/maps/documentation/places/web-service/details#PlacesDetailsStatus).
GOOGLE_MAPS_STATUSES: dict[str, tuple[FailureCode, FailureKind]] = {
    "OVER_QUERY_LIMIT": (FailureCode.RATE_LIMITED, _T),
    "OVER_DAILY_LIMIT": (FailureCode.RATE_LIMITED, _P),  # a key, billing or cap to fix first
    "REQUEST_DENIED": (FailureCode.FORBIDDEN, _P),
    "INVALID_REQUEST": (FailureCode.BAD_REQUEST, _P),
    "MAX_WAYPOINTS_EXCEEDED": (FailureCode.BAD_REQUEST, _P),
    "MAX_ROUTE_LENGTH_EXCEEDED": (FailureCode.BAD_REQUEST, _P),
    "MAX_ELEMENTS_EXCEEDED": (FailureCode.BAD_REQUEST, _P),
    "NOT_FOUND": (FailureCode.NOT_FOUND, _P),
    "UNKNOWN_ERROR": (FailureCode.SERVER_ERROR, _T),  # "may succeed if you try again"
}
#: What else a Maps answer holds: a body with anything more is not one.
_GOOGLE_MAPS_MEMBERS = frozenset(
    {
        "status", "error_message", "info_messages", "html_attributions", "results", "result",
        "candidates", "predictions", "routes", "geocoded_waypoints", "rows",
        "origin_addresses", "destination_addresses", "next_page_token", "plus_code",
        "available_travel_modes",
    }
)  # fmt: skip


def google_maps_status(body: object, content_type: str) -> Verdict | None:
    """A Google Maps Platform answer whose ``status`` names a failure (``OVER_QUERY_LIMIT``,
    ``REQUEST_DENIED``, ``INVALID_REQUEST`` …), sent with a 200 and, often, an empty
    ``results``: not "nothing found". ``OK`` and ``ZERO_RESULTS`` are answers."""
    if not isinstance(body, dict) or not set(body) <= _GOOGLE_MAPS_MEMBERS:
        return None
    status = body.get("status")
    mapped = GOOGLE_MAPS_STATUSES.get(status) if isinstance(status, str) else None
    if mapped is None:
        return None
    message = body.get("error_message")
    detail = f"{status}: {message}" if isinstance(message, str) and message else str(status)
    return FailureVerdict(*mapped, detail, "google_maps")


def jsend(body: object, content_type: str) -> Verdict | None:
    """JSend's ``status: "error"`` or ``"fail"``, in a body with only JSend's own members."""
    # JSend: {"status": "error", "message": ..., "code": ...} or {"status": "fail", "data": ...}.
    # Only these four keys: a record such as {"id": 7, "status": "error"} is a job, not a reply.
    # Paystack's flag is a boolean, "only true if the details provided could be processed and
    # no error occured while processing" (https://paystack.com/docs/api/): {"status": false,
    # "message": "Device has been commissioned already"}, its words and no data.
    # ClouDNS words it {"status": "Failed", "statusDescription": "Missing domain-name"}
    # (https://www.cloudns.net/wiki/article/134/); Rage4 {"status": false, "id": 0, "error":
    # "…"} (https://rage4.com/api).
    if not isinstance(body, dict) or not set(body) <= _JSEND_LIKE_KEYS:
        return None
    if not set(body) <= _JSEND_KEYS and not _jsend_like(body):
        return None
    flag = body.get("status")
    words = body.get("message", body.get("error"))
    refused = flag is False and isinstance(words, str) and body.get("data") is None
    failed = isinstance(flag, str) and flag.lower() in ("error", "fail", "failed")
    if not failed and not refused:
        return None
    status = status_from(body, "code")
    said = "false" if flag is False else flag
    words = error_message(body) or body.get("statusDescription")
    detail = f"status: {said}: {words if isinstance(words, str) and words else 'no message'}"
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, kind_from_status(status), detail, "jsend")


#: JSend's members and the words two of its cousins send beside their status.
_JSEND_LIKE_KEYS = _JSEND_KEYS | {"statusDescription", "error", "id", "reason"}


def _jsend_like(body: Mapping[str, Any]) -> bool:
    """ClouDNS's status beside its statusDescription alone, Bitstamp's ``{"status": "error",
    "reason": …}`` (https://www.bitstamp.net/api/), or Rage4's false status beside its error
    and an id of 0."""
    if set(body) == {"status", "statusDescription"}:
        return isinstance(body["statusDescription"], str)
    if set(body) == {"status", "reason"}:
        return isinstance(body["reason"], dict | str) and bool(body["reason"])
    return (
        body.get("status") is False and body.get("id", 0) == 0 and "statusDescription" not in body
    )


#: netcup's CCP API answers every call in one envelope, its status "success", "error",
#: "started", "pending" or "warning" beside a numeric statuscode and its two messages
#: (https://ccp.netcup.net/run/webservice/servers/endpoint.php, "Responsemessage").
_NETCUP_ENVELOPE = frozenset({"status", "statuscode", "shortmessage", "longmessage"})


def netcup_status(body: object, content_type: str) -> Verdict | None:
    """netcup's ``status: "error"`` beside its ``statuscode`` and messages, in a 200."""
    if not isinstance(body, dict) or not body.keys() >= _NETCUP_ENVELOPE:
        return None
    if body.get("status") != "error" or type(body.get("statuscode")) is not int:
        return None
    words = [w for w in (body.get("shortmessage"), body.get("longmessage")) if isinstance(w, str)]
    said = f"statuscode {body['statuscode']}: {' '.join(words) or 'error'}"
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, said, "netcup")


#: Yandex's PDD API answers {"success": "ok", …} or {"success": "error", "error": "no_auth"}
#: (https://yandex.ru/dev/pdd/doc/reference/dns-list.html); its codes that name what failed.
_PDD_CODES: dict[str, tuple[FailureCode, FailureKind]] = {
    "no_auth": (FailureCode.UNAUTHORIZED, _P),
    "bad_oauth": (FailureCode.UNAUTHORIZED, _P),
    "bad_token": (FailureCode.UNAUTHORIZED, _P),
    "no_access": (FailureCode.FORBIDDEN, _P),
    "no_such_domain": (FailureCode.NOT_FOUND, _P),
    "not_found": (FailureCode.NOT_FOUND, _P),
    "occupied": (FailureCode.CONFLICT, _P),
}


def success_word(body: object, content_type: str) -> Verdict | None:
    """A ``success`` member that is a word saying it failed (``"error"``), beside the
    ``error`` code that names why: Yandex's PDD API."""
    if not isinstance(body, dict) or body.get("success") != "error":
        return None
    code = body.get("error")
    if not isinstance(code, str) or not code:
        return None
    failure, kind = _PDD_CODES.get(code, (FailureCode.UPSTREAM_ERROR, _P))
    return FailureVerdict(failure, kind, f"success: error: {code}", "success_word")


# -- Reddit's api_type=json ---------------------------------------------------------------------

#: Reddit error names whose meaning is not "the arguments were refused".
REDDIT_ERRORS: dict[str, tuple[FailureCode, FailureKind]] = {
    "USER_REQUIRED": (FailureCode.UNAUTHORIZED, _P),  # "Please log in to do that."
    "RATELIMIT": (FailureCode.RATE_LIMITED, _T),  # "you are doing that too much. try again…"
    "SUBREDDIT_NOEXIST": (FailureCode.NOT_FOUND, _P),
}


def reddit(body: object, content_type: str) -> Verdict | None:
    """Reddit's ``{"json": {"errors": [[NAME, message, field], …]}}`` in a 200.

    Reddit answers a write (and a few reads) with ``api_type=json`` this way: an empty
    ``errors`` list is success, a non-empty one says the call failed. Each error names itself;
    :data:`REDDIT_ERRORS` maps the names that mean more than a refused argument, and otherwise an
    error that names the offending field is a ``bad_request``, one that names none an
    ``upstream_error``.
    """
    if not isinstance(body, dict) or set(body) != {"json"} or not isinstance(body["json"], dict):
        return None
    errors = body["json"].get("errors")
    if not isinstance(errors, list) or not errors or not all(map(_reddit_shaped, errors)):
        return None
    name, field = errors[0][0], errors[0][2] if len(errors[0]) > 2 else None
    if name in REDDIT_ERRORS:
        code, kind = REDDIT_ERRORS[name]
    elif name.endswith("_NOT_FOUND"):
        code, kind = FailureCode.NOT_FOUND, _P
    else:  # a named field was refused; with none named, the upstream says no more than "failed"
        code, kind = FailureCode.BAD_REQUEST if field else FailureCode.UPSTREAM_ERROR, _P
    words = "; ".join(
        f"{e[0]}: {e[1]}" if len(e) > 1 and isinstance(e[1], str) else str(e[0]) for e in errors
    )
    return FailureVerdict(code, kind, f"json.errors: {words}", "reddit")


def _reddit_shaped(error: object) -> bool:
    # [NAME, message, field]: an upper-case name first, then text or null.
    return (
        isinstance(error, list)
        and 1 <= len(error) <= 3
        and isinstance(error[0], str)
        and error[0].replace("_", "").isalnum()
        and error[0].isupper()
        and all(e is None or isinstance(e, str) for e in error[1:])
    )


# -- Twitter (X) API v2 ----------------------------------------------------------------------------

#: Where Twitter v2 (now X) problem types live: ``type`` is a URI under one of these.
TWITTER_PROBLEM_TYPES = ("https://api.twitter.com/2/problems/", "https://api.x.com/2/problems/")


def twitter_v2(body: object, content_type: str) -> Verdict | None:
    """Twitter v2's partial errors: ``errors`` beside ``data`` when some requested items failed.

    Each error is a problem whose ``type`` names what went wrong. ``resource-not-found`` says a
    requested item does not exist: a verified absence, the answer is still whole. Any other
    (``not-authorized-for-resource``, a suspended or protected account) withholds an item the
    caller asked for, so the answer is partial. A body of errors alone is judged as an error.
    """
    if not isinstance(body, dict) or body.get("data") is None:
        return None
    errors = body.get("errors")
    if not isinstance(errors, list) or not errors:
        return None
    kinds = [_twitter_problem(error) for error in errors]
    if None in kinds:
        return None
    withheld = [e for e, kind in zip(errors, kinds, strict=True) if kind != "resource-not-found"]
    if not withheld:
        return None
    words = tuple(_twitter_text(error) for error in withheld)
    detail = f"{len(withheld)} requested item(s) withheld"
    return PartialVerdict(TruncatedBy.FIELD_ERRORS, detail, "twitter", words)


def _twitter_problem(error: object) -> str | None:
    kind = error.get("type") if isinstance(error, dict) else None
    if not isinstance(kind, str):
        return None
    prefix = next((p for p in TWITTER_PROBLEM_TYPES if kind.startswith(p)), None)
    return kind.removeprefix(prefix) if prefix else None


def _twitter_text(error: Mapping[str, Any]) -> str:
    words = [error.get(key) for key in ("title", "detail")]
    return ": ".join(w for w in words if isinstance(w, str) and w) or str(error.get("type"))


# -- Google APIs (AIP-193) and AI vendors ---------------------------------------------------------

#: Google's ``error.status`` (the canonical gRPC code names, AIP-193).
GOOGLE_STATUSES: dict[str, tuple[FailureCode, FailureKind]] = {
    "PERMISSION_DENIED": (FailureCode.FORBIDDEN, _P),
    "UNAUTHENTICATED": (FailureCode.UNAUTHORIZED, _P),
    "RESOURCE_EXHAUSTED": (FailureCode.RATE_LIMITED, _T),
    "UNAVAILABLE": (FailureCode.SERVER_ERROR, _T),
    "DEADLINE_EXCEEDED": (FailureCode.TIMEOUT, _T),
    "NOT_FOUND": (FailureCode.NOT_FOUND, _P),
    "INVALID_ARGUMENT": (FailureCode.BAD_REQUEST, _P),
    "FAILED_PRECONDITION": (FailureCode.BAD_REQUEST, _P),
    "OUT_OF_RANGE": (FailureCode.BAD_REQUEST, _P),
    "ALREADY_EXISTS": (FailureCode.BAD_REQUEST, _P),
    "ABORTED": (FailureCode.SERVER_ERROR, _T),  # a concurrency conflict: retry the sequence
    "INTERNAL": (FailureCode.SERVER_ERROR, _T),
    "UNIMPLEMENTED": (FailureCode.SERVER_ERROR, _P),
    "DATA_LOSS": (FailureCode.SERVER_ERROR, _P),
}


#: The canonical codes by number (``google.rpc.Code``), as a long-running operation's ``error``
#: carries them (https://github.com/googleapis/googleapis/blob/master/google/rpc/code.proto).
GRPC_CODES: dict[int, tuple[str, FailureCode, FailureKind]] = {
    1: ("CANCELLED", FailureCode.UPSTREAM_ERROR, _P),  # cancelled by its caller
    2: ("UNKNOWN", FailureCode.SERVER_ERROR, _T),
    **{
        number: (name, *GOOGLE_STATUSES[name])
        for number, name in (
            (3, "INVALID_ARGUMENT"), (4, "DEADLINE_EXCEEDED"), (5, "NOT_FOUND"),
            (6, "ALREADY_EXISTS"), (7, "PERMISSION_DENIED"), (8, "RESOURCE_EXHAUSTED"),
            (9, "FAILED_PRECONDITION"), (10, "ABORTED"), (11, "OUT_OF_RANGE"),
            (12, "UNIMPLEMENTED"), (13, "INTERNAL"), (14, "UNAVAILABLE"), (15, "DATA_LOSS"),
            (16, "UNAUTHENTICATED"),
        )
    },
}  # fmt: skip


def google_error(body: object, content_type: str) -> Verdict | None:
    """Google's error envelope in a 2xx: ``{"error": {"code": 403, "status": ...}}``.

    The canonical ``status`` name decides (:data:`GOOGLE_STATUSES`); without one, the HTTP-like
    ``code`` does, as if it had been the response status.
    """
    if not isinstance(body, dict) or set(body) != {"error"}:
        return None
    error = body["error"]
    if not isinstance(error, dict):
        return None
    name, code = error.get("status"), status_from(error, "code")
    mapped = GOOGLE_STATUSES.get(name) if isinstance(name, str) else None
    rule = status_rule(code) if code is not None and code >= 400 else None
    if mapped is None and rule is not None:
        mapped = (rule.code, rule.kind)
    if mapped is None:
        return None
    detail = f"error {code or ''} {name if isinstance(name, str) else ''}".split()
    text = " ".join(detail) + f": {error_message(body) or 'no message'}"
    return FailureVerdict(*mapped, text, "google")


#: QuickBooks Online's fault types: "200 OK … the response body may contain a <Fault> element
#: that identifies the error" (https://developer.intuit.com/app/developer/qbo/docs/develop/troubleshooting/error-codes).
INTUIT_FAULTS: dict[str, tuple[FailureCode, FailureKind]] = {
    "ValidationFault": (FailureCode.BAD_REQUEST, _P),
    "SystemFault": (FailureCode.SERVER_ERROR, _T),
    "AuthenticationFault": (FailureCode.UNAUTHORIZED, _P),
    "AUTHENTICATION": (FailureCode.UNAUTHORIZED, _P),
    "AuthorizationFault": (FailureCode.FORBIDDEN, _P),
    "AUTHORIZATION": (FailureCode.FORBIDDEN, _P),
}


def intuit_fault(body: object, content_type: str) -> Verdict | None:
    """QuickBooks Online's ``{"Fault": {"Error": [{"Message", "Detail", "code"}], "type": …},
    "time": …}``, at the top, inside a query's ``QueryResponse`` or in every item of an
    upload's ``AttachableResponse``: a failure whatever the status, its code by the fault's type
    (:data:`INTUIT_FAULTS`)."""
    if not isinstance(body, dict):
        return None
    fault = body.get("Fault")
    if fault is None and isinstance(query := body.get("QueryResponse"), dict):
        fault = query.get("Fault")
    if fault is None and isinstance(uploads := body.get("AttachableResponse"), list) and uploads:
        # An upload answers each attachment in AttachableResponse: all faulted, nothing attached.
        faults = [item.get("Fault") if isinstance(item, dict) else None for item in uploads]
        fault = faults[0] if all(isinstance(f, dict) for f in faults) else None
    if not isinstance(fault, dict) or not isinstance(fault.get("Error"), list):
        return None
    kind = fault.get("type")
    mapped = INTUIT_FAULTS.get(kind) if isinstance(kind, str) else None
    code, failure_kind = mapped or (FailureCode.UPSTREAM_ERROR, _P)
    first = next((e for e in fault["Error"] if isinstance(e, dict)), {})
    words = [first.get(key) for key in ("code", "Message", "Detail")]
    said = ": ".join(str(w) for w in words if isinstance(w, str | int) and str(w)) or "no message"
    named = kind if isinstance(kind, str) else "(no type)"
    return FailureVerdict(code, failure_kind, f"Fault {named}: {said}", "quickbooks")


def intuit_batch(body: object, content_type: str) -> Verdict | None:
    """QuickBooks Online's batch answers one ``BatchItemResponse`` per request, each holding
    its entity, its query's answer or a ``Fault``, beside the ``bId`` it was sent with
    (https://developer.intuit.com/app/developer/qbo/docs/api/accounting/all-entities/batch):
    some faulted is a partial answer naming each; every one, a failure keyed on the first."""
    items = body.get("BatchItemResponse") if isinstance(body, dict) else None
    if not isinstance(items, list) or not items or not all(isinstance(i, dict) for i in items):
        return None
    faulted = [(n, i) for n, i in enumerate(items) if isinstance(i.get("Fault"), dict)]
    if not faulted:
        return None
    said = []
    for n, item in faulted:
        verdict = intuit_fault({"Fault": item["Fault"]}, content_type)
        words = verdict.detail if isinstance(verdict, FailureVerdict) else "Fault"
        said.append(f"BatchItemResponse.{n} ({item.get('bId', n)}): {words}")
    first = intuit_fault({"Fault": faulted[0][1]["Fault"]}, content_type)
    every = (
        first
        if isinstance(first, FailureVerdict)
        else FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, said[0], "quickbooks")
    )
    return some_refused(tuple(said), len(items), "batch items faulted", "quickbooks", every)


#: Intuit's OAuth 1.0a token calls' codes that say the credentials were refused
#: (https://developer.intuit.com/app/developer/qbo/docs/develop/authentication-and-authorization/oauth-1.0a).
_INTUIT_TOKEN_CODES = dict.fromkeys((22, 24, 212, 270), (FailureCode.UNAUTHORIZED, _P))


def intuit_error_code(body: object, content_type: str) -> Verdict | None:
    """Intuit's OAuth 1.0a reconnect and disconnect answer a 200 whose ``ErrorCode`` is 0 on
    success and its ``ErrorMessage`` says why not (``{"OAuthToken": null, "ErrorMessage":
    "Token Refresh Window Out of Bounds", "ErrorCode": 212}``)."""
    return keyed_code(body, "ErrorCode", "ErrorMessage", _INTUIT_TOKEN_CODES, "intuit")


def edgar_files(body: object, content_type: str) -> Verdict | None:
    """SEC EDGAR's submissions: ``filings.recent`` holds at least a year or 1,000 filings, and
    ``filings.files`` names the JSON files holding the rest
    (https://www.sec.gov/search-filings/edgar-application-programming-interfaces): files
    named, the answer holds part of the filings."""
    filings = body.get("filings") if isinstance(body, dict) else None
    if not isinstance(filings, dict) or not isinstance(filings.get("recent"), dict):
        return None
    files = filings.get("files")
    if not isinstance(files, list) or not files:
        return None
    counts = [as_count(f.get("filingCount")) for f in files if isinstance(f, dict)]
    more = sum(c for c in counts if c is not None)
    names = tuple(f"filings.files: {f.get('name')}" for f in files if isinstance(f, dict))
    detail = f"{more} more filings in {len(files)} other file(s)"
    return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, detail, "edgar", names)


def strava_upload(body: object, content_type: str) -> Verdict | None:
    """Strava's upload status, polled "until the activity id is returned": a non-null
    ``error`` ("… duplicate of activity …") failed it (https://developers.strava.com/docs/uploads/).
    Still processing (``error`` and ``activity_id`` null) is the upload accepted, to the write
    that created it, and not the answer yet, to a read of its status (the pipeline's job rule)."""
    if (
        not isinstance(body, dict)
        or not {"error", "status", "activity_id", "id_str"} <= body.keys()
    ):
        return None
    error = body.get("error")
    if isinstance(error, str) and error:
        return FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, f"upload: {error}", "strava")
    return None  # (still processing: not done yet to a read, see _pipeline._job_not_done)


def fhir_batch(body: object, content_type: str) -> Verdict | None:
    """A FHIR ``batch-response`` (or ``transaction-response``) Bundle: each entry's
    ``response.status`` starts with its own HTTP code, each processed on its own
    (https://hl7.org/fhir/R4/http.html#transaction): some of 400 or more is a partial answer
    naming each; every one, a failure keyed on the first."""
    if not isinstance(body, dict) or body.get("resourceType") != "Bundle":
        return None
    if body.get("type") not in ("batch-response", "transaction-response"):
        return None
    entries = body.get("entry")
    if not isinstance(entries, list) or not entries:
        return None
    statuses: list[tuple[int, int, str]] = []
    for n, entry in enumerate(entries):
        response = entry.get("response") if isinstance(entry, dict) else None
        status = response.get("status") if isinstance(response, dict) else None
        code = as_count(status.split(" ", 1)[0]) if isinstance(status, str) else None
        if code is None:  # (HAPI's own summary of the batch comes as an entry with none)
            continue
        words = error_message(response.get("outcome")) if isinstance(response, dict) else None
        statuses.append((n, code, f"{status}" + (f": {words}" if words else "")))
    failed = [(n, code, said) for n, code, said in statuses if code >= 400]
    if not failed:
        return None
    dropped = tuple(f"entry.{n}: {said}" for n, _, said in failed)
    every = failure_from_status(failed[0][1], "; ".join(dropped[:3]), "fhir")
    return some_refused(dropped, len(statuses), "entries failed", "fhir", every)


#: Zulip's error codes that name what failed (https://zulip.com/api/rest-error-handling).
_ZULIP_CODES: dict[str, tuple[FailureCode, FailureKind]] = {
    "RATE_LIMIT_HIT": (FailureCode.RATE_LIMITED, _T),
    "UNAUTHORIZED": (FailureCode.UNAUTHORIZED, _P),
    "INVALID_API_KEY": (FailureCode.UNAUTHORIZED, _P),
    "USER_DEACTIVATED": (FailureCode.FORBIDDEN, _P),
    "REALM_DEACTIVATED": (FailureCode.FORBIDDEN, _P),
}


def zulip_result(body: object, content_type: str) -> Verdict | None:
    """Zulip answers ``{"result": "error", "msg": "…", "code": "BAD_REQUEST"}`` (and
    ``"result": "success"`` beside the answer, https://zulip.com/api/rest-error-handling)."""
    if not isinstance(body, dict) or body.get("result") != "error":
        return None
    words, code = body.get("msg"), body.get("code")
    if not isinstance(words, str):
        return None
    keyed = _ZULIP_CODES.get(code) if isinstance(code, str) else None
    failure, kind = keyed or (FailureCode.UPSTREAM_ERROR, _P)
    said = f"{code}: {words}" if isinstance(code, str) else words
    return FailureVerdict(failure, kind, said or "error", "zulip")


def box_zip_skipped(body: object, content_type: str) -> Verdict | None:
    """Box's zip download status counts what it skipped: ``{"total_file_count": 20,
    "downloaded_file_count": 10, "skipped_file_count": 10, "skipped_folder_count": 10, "state":
    "succeeded"}`` (https://developer.box.com/reference/get-zip-downloads-id-status/): some
    skipped is a partial download; every file skipped, a failure."""
    if not isinstance(body, dict) or not isinstance(total := body.get("total_file_count"), int):
        return None
    files, folders = body.get("skipped_file_count"), body.get("skipped_folder_count")
    skipped = [n for n in (files, folders) if type(n) is int and n > 0]
    if not skipped:
        return None
    said = f"{files or 0} files and {folders or 0} folders skipped of {total} files"
    if type(files) is int and files >= total > 0:
        return FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, said, "box")
    return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, said, "box")


#: pCloud's result codes that name what failed (https://docs.pcloud.com/errors/).
_PCLOUD_CODES: dict[int, tuple[FailureCode, FailureKind]] = {
    1000: (FailureCode.UNAUTHORIZED, _P),  # log in required
    2000: (FailureCode.UNAUTHORIZED, _P),  # log in failed
    2094: (FailureCode.UNAUTHORIZED, _P),  # invalid access_token
    2005: (FailureCode.NOT_FOUND, _P),  # directory does not exist
    2009: (FailureCode.NOT_FOUND, _P),  # file not found
    4000: (FailureCode.RATE_LIMITED, _T),  # too many login tries from this IP
    5000: (FailureCode.SERVER_ERROR, _T),  # internal error, try again later
}


def pcloud_result(body: object, content_type: str) -> Verdict | None:
    """pCloud answers every call with a 200 whose ``result`` is 0 on success; any other is the
    error, its ``error`` saying why (``{"result": 1000, "error": "Log in required."}``)."""
    if not isinstance(body, dict) or body.keys() != {"result", "error"}:
        return None
    return keyed_code(body, "result", "error", _PCLOUD_CODES, "pcloud")


#: Disqus's error codes that are not the request's fault (https://disqus.com/api/docs/errors/).
_DISQUS_CODES: dict[int, tuple[FailureCode, FailureKind]] = {
    13: (FailureCode.RATE_LIMITED, _T),  # the application's rate limit
    14: (FailureCode.RATE_LIMITED, _T),  # the user's rate limit
    15: (FailureCode.SERVER_ERROR, _T),  # internal server error
}


def disqus_code(body: object, content_type: str) -> Verdict | None:
    """Disqus answers ``{"code": 0, "response": …}``; any other code carries its words in
    ``response`` (https://disqus.com/api/docs/errors/)."""
    if not isinstance(body, dict) or body.keys() != {"code", "response"}:
        return None
    return keyed_code(body, "code", "response", _DISQUS_CODES, "disqus")


#: Anthropic's and OpenAI's ``error.type`` (and OpenAI's ``error.code``) values.
AI_VENDOR_ERRORS: dict[str, tuple[FailureCode, FailureKind]] = {
    "overloaded_error": (FailureCode.SERVER_ERROR, _T),
    "api_error": (FailureCode.SERVER_ERROR, _T),
    "server_error": (FailureCode.SERVER_ERROR, _T),
    "timeout_error": (FailureCode.TIMEOUT, _T),
    "rate_limit_error": (FailureCode.RATE_LIMITED, _T),
    "rate_limit_exceeded": (FailureCode.RATE_LIMITED, _T),
    "authentication_error": (FailureCode.UNAUTHORIZED, _P),
    "invalid_api_key": (FailureCode.UNAUTHORIZED, _P),
    "permission_error": (FailureCode.FORBIDDEN, _P),
    "billing_error": (FailureCode.FORBIDDEN, _P),
    "insufficient_quota": (FailureCode.FORBIDDEN, _P),  # billing: waiting does not help
    "not_found_error": (FailureCode.NOT_FOUND, _P),
    "invalid_request_error": (FailureCode.BAD_REQUEST, _P),
    "request_too_large": (FailureCode.BAD_REQUEST, _P),
}
_AI_VENDOR_KEYS = frozenset({"type", "error", "request_id"})


def ai_vendor_error(body: object, content_type: str) -> Verdict | None:
    """Anthropic's ``{"type": "error", "error": {"type": ...}}`` or OpenAI's ``{"error": ...}``.

    Normally the HTTP status already decides; a 2xx carrying one (a proxy, a stream's error
    event saved as JSON) is an access failure keyed on ``error.type`` (then ``error.code``).
    """
    if not isinstance(body, dict) or "error" not in body or not set(body) <= _AI_VENDOR_KEYS:
        return None
    error = body["error"]
    if not isinstance(error, dict) or ("type" in body and body["type"] != "error"):
        return None
    keys = [error.get("type"), error.get("code")]
    mapped = next(
        (AI_VENDOR_ERRORS[k] for k in keys if isinstance(k, str) and k in AI_VENDOR_ERRORS), None
    )
    if mapped is None and body.get("type") != "error":
        return None  # an OpenAI-shaped error of an unknown type: the error-only rule decides
    code, kind = mapped or (FailureCode.UPSTREAM_ERROR, _P)
    kind_name = error.get("type") if isinstance(error.get("type"), str) else "error"
    return FailureVerdict(code, kind, f"{kind_name}: {error_message(body) or 'no message'}", "api")


#: Keys an error-only body may have. A body with any other key is (also) data.
ERROR_ONLY_KEYS = frozenset(
    {
        "error", "errors", "error_description", "error_code", "error_message", "error_uri",
        "errorMessage", "errorCode", "message", "messages", "code", "status", "statusCode",
        "status_code", "detail", "details", "fault", "request_id", "requestId", "trace_id",
        "traceId", "documentation_url", "type", "title", "timestamp", "path", "reason", "hint",
        # MediaWiki: the server that answered, beside its error; with errorformat set, the
        # link to its documentation and any warnings (https://www.mediawiki.org/wiki/API:Errors_and_warnings).
        "servedby", "docref", "warnings",
        "documentation",  # Bugzilla: error, code, message and a link to its documentation
        "error_info",  # Phabricator's Conduit: error_code and error_info beside a null result
        "api_id",  # Plivo: every answer's own id, its errors' too (https://www.plivo.com/docs/)
        "Errors",  # the NPI Registry's {"Errors": [{"field", "number", "description"}]}
        # Zoopla: {"error_code": "7", "error_string": "Unknown location entered."}, with its
        # suggestion or disambiguation (https://developer.zoopla.co.uk/docs/read/Error_codes).
        "error_string", "suggestion", "disambiguation",
        # Adyen's service error: status, errorCode, message, errorType and the pspReference
        # of the request refused (https://docs.adyen.com/development-resources/response-handling).
        "errorType", "pspReference",
    }
)  # fmt: skip
#: Keys whose value, when it looks like an error (see :func:`reports_error`), is an error report.
ERROR_BEARING_KEYS = (
    "error", "errors", "error_description", "error_code", "error_message", "errorMessage",
    "errorCode", "fault", "Errors",
)  # fmt: skip
#: Error codes may be numbers; under the other keys a number is a count (``"errors": 3``).
_NUMERIC_CODE_KEYS = frozenset({"error_code", "errorCode"})
#: Words that say "no error" where an error would go.
_NO_ERROR_WORDS = frozenset({"none", "null", "nil", "ok", "false", "no", "0", "success", "n/a"})
_STATUS_KEYS = ("status", "statusCode", "status_code", "code")


def reports_error(key: str, value: object) -> bool:
    """Whether the value under an error-bearing key looks like an error, not merely its name.

    Args:
        key: One of :data:`ERROR_BEARING_KEYS`.
        value: Its value.

    Returns:
        True for ``true``, words that are not "none" or "ok", a non-empty object, a list holding
        a message or an object, and a non-zero number under an error-code key. A count
        (``"errors": 3``), a margin (``"error": 0.02``), ``null``, ``false`` or ``"none"`` is not.
    """
    if value is True:
        return True
    if isinstance(value, str):
        return bool(value.strip()) and value.strip().lower() not in _NO_ERROR_WORDS
    if isinstance(value, dict):
        return bool(value)
    if isinstance(value, list):
        return any(isinstance(item, str | dict) and item for item in value)
    if key in _NUMERIC_CODE_KEYS and isinstance(value, int) and not isinstance(value, bool):
        return value != 0
    return False


#: What a reply of a code and its words may hold besides them (see :func:`coded_reply`).
_CODED_REPLY = frozenset(
    {"code", "message", "description", "request_id", "requestId", "trace_id", "traceId"}
)


def coded_reply(body: object, content_type: str) -> Verdict | None:
    """A body that is nothing but a failing code and its words (an upstream_error).

    ``{"code": 65535, "message": …}``: Milvus's REST API answers every call with a 200 whose
    ``code`` is 0 on success and names the failure otherwise, beside its ``message``
    (https://milvus.io/api-reference/restful/v2.5.x/About.md); Vonage Video's ``{"code": -1,
    "message": "Issuer not found", "description": …}``; Zoom's ``{"code": 300, "message":
    "Validation Failed"}`` answering a write with a 200 (its error codes,
    https://developers.zoom.us/docs/api/rest/error-definitions/). A code of 0 or a 1xx or 2xx
    HTTP status is the call's success (Zoho's ``{"code": 0, "message": "The invoice has been
    deleted."}``); a code that is not a number, or words that say "ok", name no failure. Read
    after every dialect whose codes are its own (TikTok's 40105 is an authentication refused).
    """
    if not isinstance(body, dict) or not body or not set(body) <= _CODED_REPLY:
        return None
    code, words = body.get("code"), body.get("message")
    if type(code) is not int or code == 0 or 100 <= code <= 299 or not isinstance(words, str):
        return None
    words = words.strip()
    if not words or words.lower() in _NO_ERROR_WORDS:
        return None
    kind = kind_from_status(code if 400 <= code <= 599 else None)
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, kind, f"code {code}: {words}", "code")


def error_only(body: object, content_type: str) -> Verdict | None:
    """A body that holds nothing but an error report (an upstream_error; kind from any status).

    Decided by values, not key names: ``{"errors": 3, "status": "done", "message": "Imported"}``
    is a report of an import, not an error; an error-bearing key needs an error-looking value
    (:func:`reports_error`), or the body an HTTP error status.
    """
    if not isinstance(body, dict) or not body:
        return None
    members = set(body)
    for answer in ("data", "result"):  # a null answer beside the error (JSON:API, GraphQL,
        if body.get(answer, 0) is None:  # Conduit's {"result": null, "error_code": …})
            members.discard(answer)
    if members == _CONDUIT and isinstance(body["error_code"], str) and body["error_code"]:
        # Conduit's envelope is always these three: an error_code names a failed call, whatever
        # its result holds (https://secure.phabricator.com/book/phabricator/article/conduit/).
        members.discard("result")
    if not members or not members <= ERROR_ONLY_KEYS:
        return None
    if "errorType" in members and not isinstance(body["errorType"], str):
        return None  # Adyen's (and Prometheus') errorType is a word
    status = status_from(body, *_STATUS_KEYS)
    nested = body.get("error")
    if status is None and isinstance(nested, dict):  # Google: {"error": {"code": 403, ...}}
        status = status_from(nested, *_STATUS_KEYS)
    bearing = any(reports_error(k, body.get(k)) for k in ERROR_BEARING_KEYS)
    if not bearing and not (status is not None and status >= 400):
        return None
    detail = error_message(body) or "the body holds only an error"
    if "servedby" in members or "docref" in members:
        found = _mediawiki_code(body)
        if found is not None:
            code, kind = _MEDIAWIKI_CODES.get(found, (FailureCode.UPSTREAM_ERROR, _P))
            if found.startswith("internal_api_error_"):
                code, kind = FailureCode.SERVER_ERROR, _T
            return FailureVerdict(code, kind, f"{found}: {detail}", "mediawiki")
    if status is None and isinstance(nested, str) and nested.lower() in _UNAVAILABLE_WORDS:
        # A code naming the service down for now: Daybreak's Census API answers
        # {"error": "service_unavailable"} in a 200 ("try again later").
        return FailureVerdict(FailureCode.SERVER_ERROR, _T, detail, "error")
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, kind_from_status(status), detail, "error")


_CONDUIT = frozenset({"result", "error_code", "error_info"})
#: MediaWiki's error codes that say more than "refused": a replica lagging behind (``maxlag``,
#: "wait and retry", https://www.mediawiki.org/wiki/Manual:Maxlag_parameter), the wiki read-only
#: for now, a rate limit; the rights, login and token refusals; what does not exist
#: (https://www.mediawiki.org/wiki/API:Errors_and_warnings#Standard_error_messages). Any other
#: code is the request's own error.
_MEDIAWIKI_CODES: dict[str, tuple[FailureCode, FailureKind]] = {
    "maxlag": (FailureCode.SERVER_ERROR, _T),
    "readonly": (FailureCode.SERVER_ERROR, _T),
    "ratelimited": (FailureCode.RATE_LIMITED, _T),
    **dict.fromkeys(
        ("permissiondenied", "readapidenied", "writeapidenied", "blocked", "autoblocked",
         "protectedpage", "cascadeprotected", "protectednamespace"),
        (FailureCode.FORBIDDEN, _P),
    ),
    **dict.fromkeys(
        ("badtoken", "notoken", "notloggedin", "assertuserfailed", "assertbotfailed",
         "assertnameduserfailed", "mwoauth-invalid-authorization"),
        (FailureCode.UNAUTHORIZED, _P),
    ),
    **dict.fromkeys(
        ("missingtitle", "nosuchpageid", "nosuchrevid", "nosuchuser"),
        (FailureCode.NOT_FOUND, _P),
    ),
    **dict.fromkeys(
        ("badvalue", "missingparam", "invalidtitle", "unrecognizedparams", "paramempty"),
        (FailureCode.BAD_REQUEST, _P),
    ),
}  # fmt: skip


def _mediawiki_code(body: Mapping[str, Any]) -> str | None:
    """The code of a MediaWiki error: ``error.code`` (the default format), or the first of
    ``errors[].code`` (``errorformat`` given, formatversion 2)."""
    error, errors = body.get("error"), body.get("errors")
    if isinstance(error, dict) and isinstance(code := error.get("code"), str):
        return code
    first = errors[0] if isinstance(errors, list) and errors else None
    if isinstance(first, dict) and isinstance(code := first.get("code"), str):
        return code
    return None


_UNAVAILABLE_WORDS = frozenset({"service_unavailable", "serviceunavailable", "service unavailable"})


#: HAFAS's error codes, as the HAFAS client library many transit apps are built on reads them
#: (https://github.com/public-transport/hafas-client/blob/main/lib/errors.js): its access-denied,
#: not-found and invalid-request codes, and the server errors it retries. A code not named here
#: is an upstream error, permanent unless a retry is known to help.
_HAFAS_INVALID = (
    "R0001", "R0002", "PARAMETER", "H390", "H455", "H460", "H500", "H892", "H895",
    "H9260", "H9280", "H9300", "H9320", "H9360", "H9380",
)  # fmt: skip
_HAFAS_CODES: dict[str, tuple[FailureCode, FailureKind]] = {
    "AUTH": (FailureCode.UNAUTHORIZED, _P),
    "R5000": (FailureCode.FORBIDDEN, _P),
    **dict.fromkeys(
        ("LOCATION", "NO_MATCH", "H890", "H891", "H9220", "H9240", "SQ005"),
        (FailureCode.NOT_FOUND, _P),
    ),
    **dict.fromkeys(_HAFAS_INVALID, (FailureCode.BAD_REQUEST, _P)),
    **dict.fromkeys(
        ("H_UNKNOWN", "R0007", "S1", "H9230", "H9250", "TI001"), (FailureCode.SERVER_ERROR, _T)
    ),
}


def hafas_error(body: object, content_type: str) -> Verdict | None:
    """A HAFAS ``mgate.exe`` answer whose ``err`` is not ``"OK"``: the envelope's own (an
    authorization refused), or its service results' ``svcResL[].err`` beside ``errTxt``
    (``{"err": "OK", "svcResL": [{"meth": "StationBoard", "err": "H9360", "errTxt": "…"}]}``).
    Each service request of the call answers for itself: some failed is a partial answer, all
    of them the failure their codes name."""
    if not isinstance(body, dict):
        return None
    results = body.get("svcResL")
    err = body.get("err")
    if not isinstance(results, list) and not isinstance(body.get("ver"), str):
        return None  # an "err" member elsewhere is not HAFAS's
    if isinstance(err, str) and err != "OK":
        return _hafas_failure(err, body.get("errTxt"))
    if not isinstance(results, list) or not results:
        return None
    failed = [
        (n, result["err"], result.get("errTxt"))
        for n, result in enumerate(results)
        if isinstance(result, dict) and isinstance(result.get("err"), str) and result["err"] != "OK"
    ]
    if not failed:
        return None
    first = _hafas_failure(*failed[0][1:])
    dropped = tuple(f"svcResL.{n}: {code}" for n, code, _ in failed)
    return some_refused(dropped, len(results), "service requests failed", "hafas", first)


def _hafas_failure(code: str, words: object) -> FailureVerdict:
    failure, kind = _HAFAS_CODES.get(code, (FailureCode.UPSTREAM_ERROR, _P))
    said = f"{code}: {words}" if isinstance(words, str) and words else code
    return FailureVerdict(failure, kind, said, "hafas")


#: The members of Salesforce's save result, one per record of an sObject Collections write or
#: an upsert (``created``) (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_composite_sobjects_collections.htm).
_SAVE_RESULT = frozenset({"id", "success", "errors", "created"})
#: Salesforce's status codes that name what failed, as its API's ``StatusCode`` enumeration
#: spells them (https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_concepts_core_data_objects.htm#statuscode):
#: a row lock and the request limit pass; a duplicate conflicts; access and ids are refused.
_SALESFORCE_CODES: dict[str, tuple[FailureCode, FailureKind]] = {
    "UNABLE_TO_LOCK_ROW": (FailureCode.CONFLICT, _T),
    "REQUEST_LIMIT_EXCEEDED": (FailureCode.RATE_LIMITED, _T),
    "DUPLICATE_VALUE": (FailureCode.CONFLICT, _P),
    "ENTITY_IS_DELETED": (FailureCode.NOT_FOUND, _P),
    "INSUFFICIENT_ACCESS_OR_READONLY": (FailureCode.FORBIDDEN, _P),
    "INSUFFICIENT_ACCESS_ON_CROSS_REFERENCE_ENTITY": (FailureCode.FORBIDDEN, _P),
}


def salesforce_save_results(body: object) -> Verdict | None:
    """Salesforce's answer to a write on a collection of records: an array of save results,
    ``{"id": …, "success": true, "errors": []}`` or ``{"success": false, "errors":
    [{"statusCode": "MALFORMED_ID", "message": "…", "fields": []}]}``, in a 200 whatever
    each record's fate. Some refused is a partial answer naming each; every one, a failure
    keyed on the first's ``statusCode``."""
    if not isinstance(body, list) or not body:
        return None
    rows: list[tuple[int, Any]] = []
    for n, row in enumerate(body):
        if not (
            isinstance(row, dict)
            and type(row.get("success")) is bool
            and isinstance(row.get("errors"), list)
            and row.keys() <= _SAVE_RESULT
        ):
            return None
        if row["success"] is False:
            rows.append((n, row["errors"]))
    if not rows:
        return None
    refused = []
    for n, errors in rows:
        first = errors[0] if errors and isinstance(errors[0], dict) else {}
        code = first.get("statusCode")
        words = error_message(first) or "refused"
        refused.append((n, code if isinstance(code, str) else None, words))
    _, code, _ = refused[0]
    failure, kind = _SALESFORCE_CODES.get(code or "", (FailureCode.BAD_REQUEST, _P))
    dropped = tuple(f"{n}: {code + ': ' if code else ''}{words}" for n, code, words in refused)
    return refused_batch(dropped, len(body), "records refused", "salesforce", failure, kind)


#: DNSPod's status codes that name what failed (https://docs.dnspod.com/api/, "Common
#: response"): "1" is success, and the rest fail.
_DNSPOD_CODES: dict[str, tuple[FailureCode, FailureKind]] = {
    "-1": (FailureCode.UNAUTHORIZED, _P),  # login failed
    "-2": (FailureCode.RATE_LIMITED, _T),  # API usage exceeds the limit
    "-7": (FailureCode.FORBIDDEN, _P),  # no permission
    "-8": (FailureCode.RATE_LIMITED, _T),  # too many failed logins: locked for a while
    "-99": (FailureCode.SERVER_ERROR, _T),  # the service is unavailable
}
_DNSPOD_STATUS = frozenset({"code", "message", "created_at"})


def dnspod_status(body: object, content_type: str) -> Verdict | None:
    """DNSPod's ``{"status": {"code": "13", "message": "…", "created_at": "…"}}`` beside its
    answer, in a 200: a code other than ``"1"`` is the call's failure."""
    if not isinstance(body, dict):
        return None
    status = body.get("status")
    if not isinstance(status, dict) or status.keys() != _DNSPOD_STATUS:
        return None
    code, words = status.get("code"), status.get("message")
    if not isinstance(code, str) or code == "1" or not isinstance(words, str):
        return None
    failure, kind = _DNSPOD_CODES.get(code, (FailureCode.UPSTREAM_ERROR, _P))
    return FailureVerdict(failure, kind, f"code {code}: {words}", "dnspod")


#: POEditor's error codes that name what failed (https://poeditor.com/docs/error_codes): a
#: token refused, a throttle; the rest are the request's.
_POEDITOR_CODES: dict[str, tuple[FailureCode, FailureKind]] = {
    "4011": (FailureCode.UNAUTHORIZED, _P),  # invalid API token
    "4012": (FailureCode.FORBIDDEN, _P),  # no permission
    "4048": (FailureCode.RATE_LIMITED, _T),  # too many requests
}


def poeditor_response(body: object, content_type: str) -> Verdict | None:
    """POEditor answers every call with ``{"response": {"status": "fail", "code": "4011",
    "message": "Invalid API Token"}}`` in a 200 when it failed (https://poeditor.com/docs/api)."""
    if not isinstance(body, dict):
        return None
    reply = body.get("response")
    if not isinstance(reply, dict) or reply.get("status") != "fail":
        return None
    code, words = reply.get("code"), reply.get("message")
    if not isinstance(code, str) or not isinstance(words, str):
        return None
    failure, kind = _POEDITOR_CODES.get(code, (FailureCode.BAD_REQUEST, _P))
    return FailureVerdict(failure, kind, f"{code}: {words}", "poeditor")


#: Snapchat's Marketing API codes: E3003 and E3004 a missing entity, E2xxx a permission
#: (https://developers.snap.com/api/marketing-api/Ads-API/errors).
def snapchat_request_status(body: object, content_type: str) -> Verdict | None:
    """Snapchat's ``request_status: "ERROR"`` beside its ``request_id``, in a 200, the error in
    each sub-request's ``sub_request_error_reason`` ("Error code: E3004, message: …")."""
    if not isinstance(body, dict) or "request_id" not in body:
        return None
    status = body.get("request_status")
    if not isinstance(status, str) or status.upper() != "ERROR":
        return None
    reasons = [
        reason
        for value in body.values()
        if isinstance(value, list)
        for item in value
        if isinstance(item, dict)
        and isinstance(reason := item.get("sub_request_error_reason"), str)
    ]
    words = error_message(body) or (reasons[0] if reasons else "request_status: ERROR")
    code = _SNAP_CODE.search(words)
    failure, kind = FailureCode.BAD_REQUEST, _P
    if code is not None and code[1] in ("3003", "3004"):
        failure = FailureCode.NOT_FOUND
    elif code is not None and code[1].startswith("2"):
        failure = FailureCode.FORBIDDEN
    return FailureVerdict(failure, kind, words[:300], "snapchat")


_SNAP_CODE = re.compile(r"\bE(\d{4})\b")


def quota_limited(body: object, content_type: str) -> Verdict | None:
    """PostHog's ``/flags`` names the resources whose quota ran out in ``quotaLimited``
    (``["feature_flags"]``): no flag was evaluated (https://posthog.com/docs/api/flags). Its
    SDKs read the same list as ``quota_limited`` (posthog-go's flags response)."""
    if not isinstance(body, dict):
        return None
    limited = body.get("quotaLimited", body.get("quota_limited"))
    if not isinstance(limited, list) or not limited:
        return None
    said = "quota limited: " + ", ".join(str(x) for x in limited[:5])
    return FailureVerdict(FailureCode.RATE_LIMITED, _P, said, "quota")


def bulk_errors(body: object, content_type: str) -> Verdict | None:
    """A bulk write's answer holding what it did in one list and, in ``errors``, each item it
    refused with its HTTP ``code`` and ``message``: Lokalise's "bulk operations … return the
    errors array" beside the items created (https://developers.lokalise.com/reference/api-errors).
    Some refused is a partial answer; none done, a failure."""
    if not isinstance(body, dict):
        return None
    errors = body.get("errors")
    if not isinstance(errors, list) or not errors:
        return None
    if not all(
        isinstance(e, dict) and type(e.get("code")) is int and isinstance(e.get("message"), str)
        for e in errors
    ):
        return None
    lists = [k for k, v in body.items() if k != "errors" and isinstance(v, list)]
    if len(lists) != 1 or any(isinstance(v, dict) for v in body.values()):
        return None
    dropped = tuple(f"errors.{n}: {e['code']} {e['message']}" for n, e in enumerate(errors))
    first = errors[0]["code"]
    every = failure_from_status(first, "; ".join(dropped[:3]), "bulk")
    done = body[lists[0]]
    return some_refused(dropped, len(done) + len(errors), "items refused", "bulk", every)


def indexed_errors(body: object, content_type: str) -> Verdict | None:
    """A batch's answer that is only the items it refused, each by its ``index`` in the request:
    Identity Platform's (Firebase Auth's) ``accounts:batchDelete`` answers ``{"errors":
    [{"index": 0, "localId": "uid1", "message": "NOT_DISABLED : …"}]}``, "detailed error info
    for accounts that cannot be deleted"
    (https://cloud.google.com/identity-platform/docs/reference/rest/v1/projects.accounts/batchDelete).
    No GraphQL error carries an index: the rest of the batch was done, a partial answer."""
    if not isinstance(body, dict) or body.keys() != {"errors"}:
        return None
    errors = body["errors"]
    if not isinstance(errors, list) or not errors:
        return None
    if not all(
        isinstance(e, dict) and type(e.get("index")) is int and isinstance(e.get("message"), str)
        for e in errors
    ):
        return None
    dropped = tuple(
        f"index {e['index']}"
        + (f" {e['localId']}" if isinstance(e.get("localId"), str) else "")
        + f": {e['message']}"
        for e in errors
    )
    return PartialVerdict(
        TruncatedBy.UPSTREAM_FLAG, f"{len(dropped)} items refused", "batch", dropped
    )


#: Gemini's error reasons that pass (https://docs.gemini.com/rest-api/#error-codes).
_GEMINI_TRANSIENT = frozenset({"RateLimited", "RateLimit", "Maintenance", "System"})


def result_error(body: object, content_type: str) -> Verdict | None:
    """Gemini's ``{"result": "error", "reason": "InvalidSignature", "message": …}``, whatever
    the status (https://docs.gemini.com/rest-api/#error-codes): a failure keyed on its reason."""
    if not isinstance(body, dict) or body.get("result") != "error":
        return None
    if not body.keys() <= {"result", "reason", "message"}:
        return None
    reason, words = body.get("reason"), body.get("message")
    said = ": ".join(w for w in (reason, words) if isinstance(w, str) and w) or "result: error"
    if isinstance(reason, str) and reason in _GEMINI_TRANSIENT:
        code = (
            FailureCode.RATE_LIMITED if reason.startswith("RateLimit") else FailureCode.SERVER_ERROR
        )
        return FailureVerdict(code, _T, said, "result")
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, said, "result")


def rpc_status(body: object, content_type: str) -> Verdict | None:
    """A google.rpc.Status as a body, ``{"code": 5, "message": …, "details": [{"@type":
    "type.googleapis.com/google.rpc.ErrorInfo", …}]}`` (gRPC-to-REST gateways, FreshBooks;
    https://cloud.google.com/apis/design/errors): a failure keyed on the canonical code."""
    if not isinstance(body, dict) or not body.keys() <= {"code", "message", "details"}:
        return None
    code, details = body.get("code"), body.get("details")
    if type(code) is not int or code not in GRPC_CODES or not isinstance(details, list):
        return None
    if not details or not all(
        isinstance(d, dict)
        and str(d.get("@type", "")).startswith("type.googleapis.com/google.rpc.")
        for d in details
    ):
        return None
    name, failure, kind = GRPC_CODES[code]
    words = body.get("message")
    said = f"{name}: {words}" if isinstance(words, str) and words else name
    return FailureVerdict(failure, kind, said, "google.rpc")


def rollbar_err(body: object, content_type: str) -> Verdict | None:
    """Rollbar's API answers ``{"err": 0, "result": …}``, a failure ``{"err": 1, "message":
    "Invalid or missing project id"}`` (https://docs.rollbar.com/reference)."""
    if not isinstance(body, dict) or body.keys() != {"err", "message"}:
        return None
    err, words = body["err"], body["message"]
    if type(err) is not int or err == 0 or not isinstance(words, str) or not words:
        return None
    kind = _T if names_rate_limit(words) else _P
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, kind, words, f"err {err}")


def failures_alone(body: object, content_type: str) -> Verdict | None:
    """A batch's answer that is only the list of what failed: Descope's batch token upload
    answers ``{"failures": [{"userId": …, "errorCode": …, "reason": …}]}``, ``[]`` when every
    one was taken (https://docs.descope.com/, its management API). Some listed is a
    partial answer naming each."""
    if not isinstance(body, dict) or body.keys() != {"failures"}:
        return None
    failures = body["failures"]
    if not isinstance(failures, list) or not failures:
        return None
    if not all(isinstance(f, dict) for f in failures):
        return None
    dropped = tuple(
        f"failures.{n}: "
        + (
            " ".join(str(f[k]) for k in ("errorCode", "reason", "error", "message") if k in f)
            or "failed"
        )
        for n, f in enumerate(failures)
    )
    return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, f"{len(dropped)} failed", "failures", dropped)


def fingerprint_products(body: object, content_type: str) -> Verdict | None:
    """Fingerprint's event answers each product it ran on its own, ``{"products":
    {"identification": {"data": {…}}, "botd": {"error": {"code": "TooManyRequests", "message":
    "…"}}}}`` (https://dev.fingerprint.com/reference/getevent): some products failed is a
    partial answer naming each; all of them, a failure keyed on the first's code."""
    if not isinstance(body, dict):
        return None
    products = body.get("products")
    if not isinstance(products, dict) or not products:
        return None
    failed: list[tuple[str, dict[str, Any]]] = []
    for name, product in products.items():
        if not isinstance(product, dict) or not product.keys() <= {"data", "error"}:
            return None
        error = product.get("error")
        if isinstance(error, dict):
            failed.append((name, error))
    if not failed:
        return None
    dropped = tuple(f"{name}: {error_message(e) or e.get('code') or 'error'}" for name, e in failed)
    code = failed[0][1].get("code")
    throttled = isinstance(code, str) and ("TooManyRequests" in code or code.startswith("429"))
    failure, kind = (
        (FailureCode.RATE_LIMITED, _T) if throttled else (FailureCode.UPSTREAM_ERROR, _T)
    )
    return refused_batch(dropped, len(products), "products failed", "fingerprint", failure, kind)


#: Spark's codes that name what failed (https://sparkplatform.com/docs/supporting_documentation/error_codes):
#: the key or session refused, and the rate limit.
_SPARK_CODES: dict[int, tuple[FailureCode, FailureKind]] = {
    **dict.fromkeys((1000, 1010, 1020, 1030), (FailureCode.UNAUTHORIZED, _P)),
    1500: (FailureCode.FORBIDDEN, _P),  # the resource is not available to this key
    1550: (FailureCode.RATE_LIMITED, _T),  # over the rate limit
}


def spark_d(body: object, content_type: str) -> Verdict | None:
    """Spark (Flexmls) answers every call in ``{"D": {"Success": …, …}}``, a failure with its
    ``Code`` and ``Message`` (https://sparkplatform.com/docs/overview/api_responses)."""
    if not isinstance(body, dict) or body.keys() != {"D"}:
        return None
    reply = body["D"]
    if not isinstance(reply, dict) or reply.get("Success") is not False:
        return None
    code, words = reply.get("Code"), reply.get("Message")
    failure, kind = (
        _SPARK_CODES.get(code, (FailureCode.UPSTREAM_ERROR, _P))
        if type(code) is int
        else (FailureCode.UPSTREAM_ERROR, _P)
    )
    said = f"{code}: {words}" if isinstance(words, str) else f"Success: false ({code})"
    return FailureVerdict(failure, kind, said, "spark")


def open_food_facts(body: object, content_type: str) -> Verdict | None:
    """Open Food Facts: its v3 ``status`` (``success_with_errors``: what it could not apply
    named in ``errors``, a partial answer; ``failure``, keyed on the first error's id,
    https://openfoodfacts.github.io/openfoodfacts-server/api/ref-v3/), and its v2 lookup's
    ``{"status": 0, "status_verbose": "product not found"}``."""
    if not isinstance(body, dict):
        return None
    status = body.get("status")
    if status == 0 and isinstance(words := body.get("status_verbose"), str):
        if not body.keys() <= {"status", "status_verbose", "code"}:
            return None
        missing = "not found" in words.lower()
        code = FailureCode.NOT_FOUND if missing else FailureCode.BAD_REQUEST
        return FailureVerdict(code, _P, f"status 0: {words}", "open_food_facts")
    if status not in ("success_with_errors", "failure"):
        return None
    errors = body.get("errors")
    if not isinstance(errors, list) or not errors or not {"product", "code"} & body.keys():
        return None
    named = [_off_error(e) for e in errors]
    if status == "failure":
        first = named[0]
        code = FailureCode.NOT_FOUND if first == "product_not_found" else FailureCode.BAD_REQUEST
        return FailureVerdict(code, _P, "; ".join(named[:3]), "open_food_facts")
    dropped = tuple(f"errors.{n}: {what}" for n, what in enumerate(named))
    return PartialVerdict(
        TruncatedBy.UPSTREAM_FLAG, "success_with_errors", "open_food_facts", dropped
    )


def _off_error(error: object) -> str:
    if not isinstance(error, dict):
        return "error"
    field, message = error.get("field"), error.get("message")
    which = field.get("id") if isinstance(field, dict) else None
    what = message.get("id") if isinstance(message, dict) else None
    return ": ".join(str(x) for x in (which, what) if isinstance(x, str)) or "error"


def status_failure(body: object, content_type: str) -> Verdict | None:
    """iyzico's ``status: "failure"`` beside its ``errorCode`` and ``errorMessage``, in a 200
    whatever else the body holds ("all responses … status: success or failure",
    https://docs.iyzico.com/en/getting-started/preliminaries/error-codes)."""
    if not isinstance(body, dict) or body.get("status") != "failure":
        return None
    code, words = body.get("errorCode"), body.get("errorMessage")
    if not isinstance(code, str | int) or isinstance(code, bool) or not isinstance(words, str):
        return None
    return FailureVerdict(FailureCode.BAD_REQUEST, _P, f"{code}: {words}", "status_failure")


def listings_submission(body: object, content_type: str) -> Verdict | None:
    """Amazon SP-API's listing submission answered ``status: "INVALID"``: "the request is
    invalid and was not accepted", its ``issues`` of severity ``ERROR`` saying why
    (https://developer-docs.amazon.com/sp-api/docs/listings-items-api-v2021-08-01-reference)."""
    if not isinstance(body, dict) or body.get("status") != "INVALID" or "submissionId" not in body:
        return None
    issues = body.get("issues")
    errors = (
        [i for i in issues if isinstance(i, dict) and i.get("severity") == "ERROR"]
        if isinstance(issues, list)
        else []
    )
    said = (
        "; ".join(f"{i.get('code')}: {i.get('message')}" for i in errors[:3]) or "status: INVALID"
    )
    return FailureVerdict(FailureCode.BAD_REQUEST, _P, said, "sp_api")


#: NeverBounce's status words that report a failed call, beside its message and the call's
#: execution_time (https://developers.neverbounce.com/reference/error-handling).
_NEVERBOUNCE_FAILURES: dict[str, tuple[FailureCode, FailureKind]] = {
    "general_failure": (FailureCode.UPSTREAM_ERROR, _P),
    "auth_failure": (FailureCode.UNAUTHORIZED, _P),
    "bad_referrer": (FailureCode.FORBIDDEN, _P),
    "temp_unavail": (FailureCode.SERVER_ERROR, _T),
    "throttle_triggered": (FailureCode.RATE_LIMITED, _T),
}


def neverbounce_status(body: object, content_type: str) -> Verdict | None:
    """NeverBounce answers a failed call 200 with ``{"status": "auth_failure", "message": "…",
    "execution_time": 96}``."""
    if not isinstance(body, dict) or "execution_time" not in body:
        return None
    status = body.get("status")
    mapped = _NEVERBOUNCE_FAILURES.get(status) if isinstance(status, str) else None
    if mapped is None:
        return None
    words = body.get("message")
    return FailureVerdict(
        *mapped, f"{status}: {words if isinstance(words, str) else ''}", "neverbounce"
    )


def opensearch_feed_error(body: object, content_type: str) -> Verdict | None:
    """An OpenSearch JSON feed carrying its error in a 200: Copernicus' hub answered
    ``{"feed": {"error": {"code": "400", "message": "…SyntaxError…"}}}``
    (https://scihub.copernicus.eu/userguide/OpenSearchAPI), keyed on the code as an HTTP
    status."""
    if not isinstance(body, dict) or body.keys() != {"feed"} or not isinstance(body["feed"], dict):
        return None
    error = body["feed"].get("error")
    if not isinstance(error, dict):
        return None
    status = status_from(error, "code")
    if status is None or status < 400:
        return None
    return failure_from_status(status, error_message(error) or f"code {status}", "opensearch")


#: Dub's error codes, as its API names them (https://dub.co/docs/api-reference/errors).
_DUB_CODES: dict[str, tuple[FailureCode, FailureKind]] = {
    "not_found": (FailureCode.NOT_FOUND, _P),
    "unauthorized": (FailureCode.UNAUTHORIZED, _P),
    "forbidden": (FailureCode.FORBIDDEN, _P),
    "conflict": (FailureCode.CONFLICT, _P),
    "rate_limit_exceeded": (FailureCode.RATE_LIMITED, _T),
    "internal_server_error": (FailureCode.SERVER_ERROR, _T),
}


def bulk_array_errors(body: object) -> Verdict | None:
    """A bulk write answered with one entry per item, each refused one ``{"error": "…",
    "code": "not_found", "link": {…}}`` among the records it wrote: Dub's bulk create and update
    (https://dub.co/docs/api-reference/endpoint/bulk-create-links). Some refused is a partial
    answer naming each; all of them, a failure keyed on the first's code."""
    if not isinstance(body, list) or not body:
        return None
    refused = [
        (n, entry)
        for n, entry in enumerate(body)
        if isinstance(entry, dict)
        and isinstance(entry.get("error"), str)
        and isinstance(entry.get("code"), str)
        and len(entry) <= 3
    ]
    if not refused:
        return None
    dropped = tuple(f"{n}: {entry['code']}: {entry['error']}" for n, entry in refused)
    failure, kind = _DUB_CODES.get(refused[0][1]["code"], (FailureCode.BAD_REQUEST, _P))
    return refused_batch(dropped, len(body), "items refused", "bulk", failure, kind)


def errors_beside_done(body: object) -> Verdict | None:
    """A write answered with what it did and an ``errors`` list of what it did not, each entry
    in its own words: ZeroBounce's batch validation, ``{"email_batch": [...], "errors":
    [{"error": "…", "email_address": "…"}]}``
    (https://www.zerobounce.net/docs/email-validation-api-quickstart/v2-batch-validate-emails),
    Airtable's enterprise batches, ``{"deletedUsers": [...], "errors": [{"email": "…",
    "message": "…", "type": "…"}]}`` (https://airtable.com/developers/web/api/delete-users-by-email).
    Some listed under errors is a partial answer naming each; nothing done, a failure keyed on
    the first's words (ZeroBounce's ``"all"`` entry: the key refused or the credits spent)."""
    if not isinstance(body, dict) or len(body) != 2 or "errors" not in body:
        return None
    done = next(v for k, v in body.items() if k != "errors")
    errors = body["errors"]
    if not isinstance(done, list) or not isinstance(errors, list) or not errors:
        return None
    dropped: list[str] = []
    for n, entry in enumerate(errors):
        words = _entry_words(entry)
        if words is None:
            return None
        who = next((entry[k] for k in _ENTRY_NAMES if isinstance(entry.get(k), str)), str(n))
        dropped.append(f"{who}: {words}")
    of = len(done) + len(dropped)
    return refused_batch(tuple(dropped), of, "not done", "batch", FailureCode.UPSTREAM_ERROR, _P)


#: What names an entry of a batch's errors: the address or the id it was about.
_ENTRY_NAMES = ("email_address", "email", "id")


def _entry_words(entry: object) -> str | None:
    if not isinstance(entry, dict):
        return None
    words = entry.get("error", entry.get("message"))
    return words if isinstance(words, str) and words else None


def vulners(body: object, content_type: str) -> Verdict | None:
    """Vulners' v3 envelope, ``{"result": "OK" | "error", "data": {…}}``, its error's words and
    code in ``data`` (``{"error": "Api key scope violation", "errorCode": 158}``,
    https://vulners.com/docs/): ``"error"`` is a failure."""
    if not isinstance(body, dict) or body.get("result") != "error" or body.keys() != _VULNERS:
        return None
    data = body["data"]
    words = data.get("error") if isinstance(data, dict) else None
    if not isinstance(words, str):
        return None
    code = data.get("errorCode")
    said = f"{words} ({code})" if isinstance(code, int) else words
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, said, "vulners")


_VULNERS = frozenset({"result", "data"})


def status_entries(body: object) -> Verdict | None:
    """A batch write answered with one status per item sent, ``{"status": 202}`` or
    ``{"status": 400, "error": "…"}`` each: Honeycomb's batch events ("an array of responses",
    one per event, https://docs.honeycomb.io/api/events/). Some refused is a partial answer
    naming each; all of them, a failure keyed on the first's status."""
    if not isinstance(body, list) or not body:
        return None
    refused: list[tuple[int, int, str]] = []
    for n, entry in enumerate(body):
        if not isinstance(entry, dict) or not entry.keys() <= _STATUS_ENTRY:
            return None
        status = entry.get("status")
        if type(status) is not int or not 100 <= status <= 599:
            return None
        if status >= 400:
            words = entry.get("error")
            refused.append((n, status, words if isinstance(words, str) else f"status {status}"))
    if not refused:
        return None
    dropped = tuple(f"{n}: {status}: {words}" for n, status, words in refused)
    first = failure_from_status(refused[0][1], "", "batch")
    return refused_batch(dropped, len(body), "items refused", "batch", first.code, first.kind)


_STATUS_ENTRY = frozenset({"status", "error"})


#: UptimeRobot's error types (https://uptimerobot.com/api/legacy/: "stat": "fail" beside an
#: error object holding its type and message).
_UPTIMEROBOT_TYPES: dict[str, tuple[FailureCode, FailureKind]] = {
    "not_authorized": (FailureCode.UNAUTHORIZED, _P),
    "invalid_parameter": (FailureCode.BAD_REQUEST, _P),
    "missing_parameter": (FailureCode.BAD_REQUEST, _P),
    "not_found": (FailureCode.NOT_FOUND, _P),
}


def stat_fail_error(body: object, content_type: str) -> Verdict | None:
    """UptimeRobot's ``{"stat": "fail", "error": {"type": "invalid_parameter", "message":
    "…"}}`` in a 200, keyed on the error's type."""
    if not isinstance(body, dict) or body.get("stat") != "fail":
        return None
    error = body.get("error")
    if not isinstance(error, dict) or not isinstance(kind := error.get("type"), str):
        return None
    failure, failure_kind = _UPTIMEROBOT_TYPES.get(kind, (FailureCode.UPSTREAM_ERROR, _P))
    said = f"{kind}: {error_message(error) or 'no message'}"
    return FailureVerdict(failure, failure_kind, said, "uptimerobot")


#: Expo's push ticket errors worth another try (https://docs.expo.dev/push-notifications/sending-notifications/#individual-errors).
_EXPO_THROTTLES = frozenset({"MessageRateExceeded"})
_EXPO_TICKET = frozenset({"status", "id", "message", "details"})


def push_tickets(body: object, content_type: str) -> Verdict | None:
    """Expo's ``/push/send`` answers one ticket per message, ``{"status": "ok", "id": …}`` or
    ``{"status": "error", "message": "…", "details": {"error": "DeviceNotRegistered"}}``: some
    errors are a partial send naming each; all of them, a failure keyed on the first's code."""
    if not isinstance(body, dict):
        return None
    tickets = body.get("data")
    if not isinstance(tickets, list) or not tickets:
        return None
    if not all(
        isinstance(t, dict) and t.get("status") in ("ok", "error") and t.keys() <= _EXPO_TICKET
        for t in tickets
    ):
        return None  # (a listing of jobs, each with its own status, is no batch of tickets)
    failed = [(n, t) for n, t in enumerate(tickets) if t["status"] == "error"]
    if not failed:
        return None
    codes = [_ticket_code(t) for _, t in failed]
    dropped = tuple(
        f"data.{n}: {code or 'error'}: {t.get('message') or ''}".rstrip(": ")
        for (n, t), code in zip(failed, codes, strict=True)
    )
    throttled = codes[0] in _EXPO_THROTTLES
    failure, kind = (
        (FailureCode.RATE_LIMITED, _T) if throttled else (FailureCode.UPSTREAM_ERROR, _P)
    )
    return refused_batch(dropped, len(tickets), "messages not sent", "push_tickets", failure, kind)


def _ticket_code(ticket: dict[str, Any]) -> str | None:
    details = ticket.get("details")
    code = details.get("error") if isinstance(details, dict) else None
    return code if isinstance(code, str) else None


def succeeded_failed(body: object, content_type: str) -> Verdict | None:
    """Novu's bulk answers name what it did in ``succeeded`` and what it did not in ``failed``
    (a list, or an object of lists by reason: ``{"notFound": ["…"]}``,
    https://docs.novu.co/api-reference/topics/subscribers-addition): some failed is a partial
    answer; none succeeded, a failure."""
    if not isinstance(body, dict):
        return None
    reply = body.get("data", body)
    if not isinstance(reply, dict) or not isinstance(done := reply.get("succeeded"), list):
        return None
    failed = reply.get("failed")
    groups = failed if isinstance(failed, dict) else {"failed": failed}
    dropped = tuple(
        f"{reason}: {item}"
        for reason, items in groups.items()
        if isinstance(items, list)
        for item in items
        if isinstance(item, str | int)
    )
    if not dropped:
        return None
    missing = isinstance(failed, dict) and failed.keys() <= {"notFound"}
    code = FailureCode.NOT_FOUND if missing else FailureCode.UPSTREAM_ERROR
    every = FailureVerdict(code, _P, "; ".join(dropped[:3]), "succeeded_failed")
    return some_refused(
        dropped, len(done) + len(dropped), "items not done", "succeeded_failed", every
    )


#: A Zendesk job's status members (https://developer.zendesk.com/api-reference/ticketing/ticket-management/job_statuses/).
_ZENDESK_JOB = frozenset({"id", "url", "total", "progress", "status", "message", "results"})


def zendesk_job_results(body: object, content_type: str) -> Verdict | None:
    """A Zendesk job that ended ``completed``, one result per item it worked on, each failed one
    naming its ``error`` and ``details`` (``{"index": 1, "error": "OrganizationUpdateFailed",
    "details": "Name: … has already been taken"}``) beside those done (``"success": true``,
    https://developer.zendesk.com/api-reference/ticketing/ticket-management/job_statuses/):
    some failed is a partial answer naming each; all of them, a failure."""
    if not isinstance(body, dict):
        return None
    job = body.get("job_status", body)
    if not isinstance(job, dict) or job.get("status") != "completed":
        return None
    results = job.get("results")
    if not isinstance(results, list) or not results or not job.keys() <= _ZENDESK_JOB:
        return None
    failed = [
        (n, r)
        for n, r in enumerate(results)
        if isinstance(r, dict) and (isinstance(r.get("error"), str) or r.get("success") is False)
    ]
    if not failed:
        return None
    where = "job_status.results" if job is not body else "results"
    dropped = tuple(
        f"{where}.{n}: {r.get('error') or 'failed'}: {r.get('details') or ''}".rstrip(": ")
        for n, r in failed
    )
    return refused_batch(
        dropped, len(results), "items failed", "zendesk_job", FailureCode.UPSTREAM_ERROR, _P
    )


def batch_responses(body: object, content_type: str) -> Verdict | None:
    """Mailtrap's batch send answers ``{"success": true, "responses": [...]}``, one entry per
    message: ``{"success": true, "message_ids": [...]}`` or ``{"success": false, "errors":
    ["'from' is required"]}`` (https://api-docs.mailtrap.io/docs/mailtrap-api-docs/, batch
    send). The top-level ``success`` says the batch was read; each entry whether its message
    went: some refused is a partial send naming each; every one, a failure."""
    if not isinstance(body, dict):
        return None
    where = "responses" if "responses" in body else "results"
    entries = body.get(where)  # Bloomreach's batch: "results", its top-level success beside
    if not isinstance(entries, list):
        return None
    if not entries or not all(
        isinstance(e, dict) and isinstance(e.get("success"), bool) and e.keys() <= _BATCH_ENTRY
        for e in entries
    ):
        return None
    failed = [(n, e) for n, e in enumerate(entries) if e["success"] is False]
    if not failed:
        return None
    dropped = tuple(
        f"{where}.{n}: " + "; ".join(str(x) for x in e.get("errors") or ["not sent"])[:200]
        for n, e in failed
    )
    return refused_batch(
        dropped, len(entries), "messages not sent", "batch_responses", FailureCode.BAD_REQUEST, _P
    )


_BATCH_ENTRY = frozenset({"success", "message_ids", "errors"})


def boolean_batch(body: object) -> Verdict | None:
    """A write answered with one boolean per item it was sent, ``false`` for each it did not
    do: Swiftype Site Search's bulk create or update answers ``[true, false]``
    (https://swiftype.com/documentation/site-search/indexing#bulk-create-or-update). Some
    ``false`` is a partial answer naming each; every one, a failure."""
    if not isinstance(body, list) or not body or not all(type(b) is bool for b in body):
        return None
    dropped = tuple(f"{n}: false" for n, done in enumerate(body) if not done)
    if not dropped:
        return None
    return refused_batch(
        dropped, len(body), "items not done", "boolean_batch", FailureCode.UPSTREAM_ERROR, _P
    )


def wp_batch(body: object, content_type: str) -> Verdict | None:
    """The WordPress REST API's batch answer (WooCommerce's ``…/batch`` routes): ``{"create":
    [...], "update": [...], "delete": [...]}``, one entry per item, an item refused carrying its
    ``error`` (``{"id": 0, "error": {"code": "term_exists", "message": …, "data": {"status":
    400}}}``, https://woocommerce.github.io/woocommerce-rest-api-docs/#batch-update-product-categories):
    some refused is a partial answer naming each; every one, a failure keyed on the first's
    status."""
    if not isinstance(body, dict) or not body or not body.keys() <= _WP_BATCH_KEYS:
        return None
    entries = [(k, n, e) for k in _WP_BATCH if isinstance(body.get(k), list)
               for n, e in enumerate(body[k])]  # fmt: skip
    if not entries or not all(isinstance(e, dict) for _, _, e in entries):
        return None
    refused = [(k, n, e["error"]) for k, n, e in entries if isinstance(e.get("error"), dict)]
    if not refused:
        return None
    dropped = tuple(
        f"{k}.{n}: {error.get('code') or 'error'}: {error.get('message') or ''}".rstrip(": ")
        for k, n, error in refused
    )
    first = refused[0][2].get("data")
    status = status_from(first, "status") if isinstance(first, dict) else None
    every = failure_from_status(status, "; ".join(dropped[:3]), "wp_batch")
    return some_refused(dropped, len(entries), "items refused", "wp_batch", every)


_WP_BATCH = ("create", "update", "delete")
_WP_BATCH_KEYS = frozenset(_WP_BATCH)


def ocs(body: object, content_type: str) -> Verdict | None:
    """The Open Collaboration Services envelope of Nextcloud and ownCloud: ``{"ocs": {"meta":
    {"status": "ok", "statuscode": 100 | 200, "message": …}, "data": …}}``; a failure says
    ``status: "failure"`` and a statuscode (997 not authorised, 998 not found, 999 unknown, or
    an HTTP status in v2), in a 200 under v1
    (https://docs.nextcloud.com/server/latest/developer_manual/client_apis/OCS/ocs-api-overview.html).
    An answer that succeeded is judged as its ``data``; with nothing in it (``[]``), as the
    whole answer: a write acknowledged so (enabling an app, creating a group) did what it was
    asked, which its empty data alone would not say. Declare ``items="ocs.data"`` for a listing."""
    box = body.get("ocs") if isinstance(body, dict) and body.keys() == {"ocs"} else None
    if not isinstance(box, dict):
        return None
    meta = box.get("meta")
    if not isinstance(meta, dict) or "data" not in box:
        return None
    code = meta.get("statuscode")
    words = meta.get("message")
    said = f"statuscode {code}" + (f": {words}" if isinstance(words, str) and words else "")
    if meta.get("status") == "ok" and code in (100, 200):
        return Unwrap(box["data"], "ocs", "ocs.data") if box["data"] else None
    if meta.get("status") != "failure" and code in (100, 200, None):
        return None
    if type(code) is int and code in _OCS_CODES:
        failure, kind = _OCS_CODES[code]
        return FailureVerdict(failure, kind, said, "ocs")
    # (v2's statuscode is the HTTP status; past 599 it is none, and names nothing)
    return failure_from_status(code if type(code) is int and code <= 599 else None, said, "ocs")


_OCS_CODES: dict[int, tuple[FailureCode, FailureKind]] = {
    997: (FailureCode.UNAUTHORIZED, _P),
    998: (FailureCode.NOT_FOUND, _P),
    999: (FailureCode.UPSTREAM_ERROR, _P),
}


#: The batch answers that name each failed entry beside those done, with where the entries are.
#: AWS: SQS's and SNS's batch actions answer ``{"Successful": [...], "Failed": [{"Id", "Code",
#: "Message", "SenderFault"}]}`` (https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_SendMessageBatch.html);
#: Kinesis' PutRecords, EventBridge's PutEvents and Firehose's PutRecordBatch a count of the
#: failed beside one entry per record, a failed one with its ``ErrorCode``
#: (https://docs.aws.amazon.com/kinesis/latest/APIReference/API_PutRecords.html,
#: https://docs.aws.amazon.com/eventbridge/latest/APIReference/API_PutEvents.html,
#: https://docs.aws.amazon.com/firehose/latest/APIReference/API_PutRecordBatch.html).
_FAILED_COUNTS = (
    ("FailedRecordCount", "Records"),
    ("FailedEntryCount", "Entries"),
    ("FailedPutCount", "RequestResponses"),
)
#: Error codes of a failed entry that a later try may get through.
_BATCH_TRANSIENT = frozenset(
    {
        "ProvisionedThroughputExceededException", "ThrottlingException", "InternalFailure",
        "ServiceUnavailableException", "InternalError", "ServiceUnavailable",
    }
)  # fmt: skip
_BATCH_THROTTLES = frozenset({"ProvisionedThroughputExceededException", "ThrottlingException"})


def batch_failures(body: object, content_type: str) -> Verdict | None:
    """A batch write answered entry by entry, naming each that failed: AWS's batch actions
    (:data:`_FAILED_COUNTS`, SQS's ``Failed``) and Azure Event Grid's ``failedLockTokens``
    beside ``succeededLockTokens`` (acknowledge, release, reject, renew lock:
    https://learn.microsoft.com/en-us/rest/api/eventgrid/dataplane/acknowledge-cloud-events).
    Some failed is a partial answer naming each; all of them, a failure keyed on the first's
    code (a throttle or an internal failure transient, a sender's fault or a lost lock not)."""
    if not isinstance(body, dict):
        return None
    failed: list[tuple[str, str, bool]] = []  # (where, code, sender's fault)
    of = 0
    if isinstance(body.get("Failed"), list) and isinstance(body.get("Successful"), list):
        entries = [
            e for e in body["Failed"] if isinstance(e, dict) and isinstance(e.get("Code"), str)
        ]
        if len(entries) != len(body["Failed"]):
            return None
        failed = [(f"Failed.{e.get('Id', n)}", e["Code"], e.get("SenderFault") is True)
                  for n, e in enumerate(entries)]  # fmt: skip
        of = len(body["Successful"]) + len(entries)
    elif isinstance(body.get("failedLockTokens"), list) and isinstance(
        body.get("succeededLockTokens"), list
    ):
        tokens = body["failedLockTokens"]
        codes = [_lock_token_code(t) for t in tokens]
        if not all(codes):
            return None
        failed = [(f"failedLockTokens.{n}", str(code), True) for n, code in enumerate(codes)]
        of = len(body["succeededLockTokens"]) + len(tokens)
    else:
        for count_key, list_key in _FAILED_COUNTS:
            count, records = as_count(body.get(count_key)), body.get(list_key)
            if count and isinstance(records, list):
                failed = [
                    (f"{list_key}.{n}", e["ErrorCode"], False)
                    for n, e in enumerate(records)
                    if isinstance(e, dict) and isinstance(e.get("ErrorCode"), str)
                ]
                of = len(records)
                break
    if not failed or not of:
        return None
    dropped = tuple(f"{where}: {code}" for where, code, _ in failed)
    first, sender = failed[0][1], failed[0][2]
    if first in _BATCH_THROTTLES:
        code, kind = FailureCode.RATE_LIMITED, _T
    elif first in _BATCH_TRANSIENT and not sender:
        code, kind = FailureCode.SERVER_ERROR, _T
    else:
        code, kind = FailureCode.UPSTREAM_ERROR, _P
    return refused_batch(dropped, of, "entries failed", "batch_failures", code, kind)


def _lock_token_code(token: object) -> str | None:
    """A failed lock token's error code: ``error.code`` (Event Grid 2023-11-01) or
    ``errorCode`` (its preview, as the Azure SDK's recordings hold it)."""
    if not isinstance(token, dict):
        return None
    error = token.get("error")
    code = error.get("code") if isinstance(error, dict) else token.get("errorCode")
    return code if isinstance(code, str) and code else None


#: Prometheus' HTTP API error types (https://prometheus.io/docs/prometheus/latest/querying/api/#format-overview),
#: shared by Loki, Thanos, Mimir and VictoriaMetrics.
_PROMETHEUS_ERRORS: dict[str, tuple[FailureCode, FailureKind]] = {
    "bad_data": (FailureCode.BAD_REQUEST, _P),
    "execution": (FailureCode.BAD_REQUEST, _P),
    "not_found": (FailureCode.NOT_FOUND, _P),
    "timeout": (FailureCode.TIMEOUT, _T),
    "canceled": (FailureCode.TIMEOUT, _T),
    "unavailable": (FailureCode.SERVER_ERROR, _T),
    "internal": (FailureCode.SERVER_ERROR, _T),
}


def prometheus(body: object, content_type: str) -> Verdict | None:
    """Prometheus' envelope, ``{"status": "error", "errorType": "bad_data", "error": "…"}``,
    in whatever status it came with: a failure keyed on its ``errorType``."""
    if not isinstance(body, dict) or body.get("status") != "error":
        return None
    kind_of = body.get("errorType")
    if not isinstance(kind_of, str):
        return None
    code, kind = _PROMETHEUS_ERRORS.get(kind_of, (FailureCode.UPSTREAM_ERROR, _P))
    words = body.get("error")
    said = f"{kind_of}: {words}" if isinstance(words, str) and words else kind_of
    return FailureVerdict(code, kind, said, "prometheus")


#: Marketo's call-level error codes that are no bad request
#: (https://experienceleague.adobe.com/en/docs/marketo-developer/marketo/rest/error-codes).
_MARKETO_CALL: dict[str, tuple[FailureCode, FailureKind]] = {
    "601": (FailureCode.UNAUTHORIZED, _P),  # access token invalid
    "602": (FailureCode.UNAUTHORIZED, _P),  # access token expired
    "603": (FailureCode.FORBIDDEN, _P),  # access denied
    "604": (FailureCode.TIMEOUT, _T),  # request timed out
    "606": (FailureCode.RATE_LIMITED, _T),  # max rate limit exceeded
    "607": (FailureCode.RATE_LIMITED, _P),  # daily quota reached
    "608": (FailureCode.SERVER_ERROR, _T),  # API temporarily unavailable
    "610": (FailureCode.NOT_FOUND, _P),  # requested resource not found
    "611": (FailureCode.SERVER_ERROR, _T),  # system error
    "615": (FailureCode.RATE_LIMITED, _T),  # concurrent access limit reached
    "713": (FailureCode.SERVER_ERROR, _T),  # transient error
    "1016": (FailureCode.RATE_LIMITED, _T),  # too many imports
    "1029": (FailureCode.RATE_LIMITED, _T),  # too many jobs in queue
}


def marketo_call(body: object, content_type: str) -> Verdict | None:
    """Marketo's call-level error, a 200 with ``{"requestId": …, "success": false, "errors":
    [{"code": "606", "message": "Max rate limit '100' exceeded …"}]}``: keyed on its code
    (:data:`_MARKETO_CALL`; any other a bad request)."""
    if not isinstance(body, dict) or body.get("success") is not False or "requestId" not in body:
        return None
    errors = body.get("errors")
    first = errors[0] if isinstance(errors, list) and errors else None
    if not isinstance(first, dict) or not isinstance(code := first.get("code"), str | int):
        return None
    words = first.get("message")
    said = f"{code}: {words}" if isinstance(words, str) and words else str(code)
    failure, kind = _MARKETO_CALL.get(str(code), (FailureCode.BAD_REQUEST, _P))
    return FailureVerdict(failure, kind, said, "marketo")


def emarsys(body: object, content_type: str) -> Verdict | None:
    """Emarsys answers every call with ``replyCode`` (0 for success) and ``replyText``
    (https://dev.emarsys.com/docs/core-api-reference/): any other code is a failure, 2008
    ("no contact found") the lookup's absence."""
    if not isinstance(body, dict) or "replyText" not in body:
        return None
    code = body.get("replyCode")
    if type(code) is not int or code == 0:
        return None
    words = body.get("replyText")
    said = f"replyCode {code}: {words}" if isinstance(words, str) and words else f"replyCode {code}"
    failure = FailureCode.NOT_FOUND if code == 2008 else FailureCode.UPSTREAM_ERROR
    return FailureVerdict(failure, _P, said, "emarsys")


def success_fail_counts(body: object, content_type: str) -> Verdict | None:
    """Iterable's bulk calls count what they did and did not: ``{"successCount": 1,
    "failCount": 1, "failedUpdates": {"invalidEmails": ["…"], …}}``
    (https://api.iterable.com/api/docs#events_trackBulk): some failed is a partial answer
    naming each; none done, a failure."""
    if not isinstance(body, dict):
        return None
    done, failed = body.get("successCount"), body.get("failCount")
    if type(done) is not int or type(failed) is not int or failed <= 0:
        return None
    updates = body.get("failedUpdates")
    named = (
        [f"failedUpdates.{k}: {v}" for k, vs in updates.items() if isinstance(vs, list) for v in vs]
        if isinstance(updates, dict)
        else []
    )
    dropped = tuple(named[:failed]) if named else (f"{failed} failed",)
    every = FailureVerdict(FailureCode.BAD_REQUEST, _P, "; ".join(dropped[:3]), "iterable")
    if done == 0:
        return every
    detail = f"{failed} of {done + failed} items failed"
    return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, detail, "iterable", dropped)


def unprocessed_records(body: object, content_type: str) -> Verdict | None:
    """CleverTap's upload answers ``{"status": "partial", "processed": 2, "unprocessed":
    [{"status": "fail", "code": 509, "error": "…"}]}``, ``"fail"`` when none went
    (https://developer.clevertap.com/docs/upload-events-api): some unprocessed is a partial
    answer naming each; every one, a failure."""
    if not isinstance(body, dict) or body.get("status") not in ("partial", "fail"):
        return None
    left = body.get("unprocessed")
    if not isinstance(left, list) or not left or not all(isinstance(r, dict) for r in left):
        return None
    dropped = tuple(
        f"unprocessed.{n}: {r.get('code', '')} {r.get('error') or ''}".strip()
        for n, r in enumerate(left)
    )
    if body.get("status") == "fail":
        return FailureVerdict(FailureCode.BAD_REQUEST, _P, "; ".join(dropped[:3]), "clevertap")
    done = as_count(body.get("processed")) or 0
    detail = f"{len(left)} of {done + len(left)} records not processed"
    return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, detail, "clevertap", dropped)


def sparkpost_recipients(body: object, content_type: str) -> Verdict | None:
    """SparkPost's transmission answers how many recipients it took and refused:
    ``{"results": {"total_rejected_recipients": 1, "total_accepted_recipients": 1, "id": …}}``
    (https://developers.sparkpost.com/api/transmissions/#transmissions-post-send-inline-content):
    every one refused is a failure; some of them, a partial answer."""
    results = body.get("results") if isinstance(body, dict) else None
    if not isinstance(results, dict):
        return None
    rejected = results.get("total_rejected_recipients")
    accepted = results.get("total_accepted_recipients")
    if type(rejected) is not int or type(accepted) is not int or rejected <= 0:
        return None
    detail = f"{rejected} of {rejected + accepted} recipients rejected"
    if accepted == 0:
        return FailureVerdict(FailureCode.BAD_REQUEST, _P, detail, "sparkpost")
    return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, detail, "sparkpost", ())


def postal_error(body: object, content_type: str) -> Verdict | None:
    """Postal's envelope, ``{"status": …, "time": …, "flags": {}, "data": {…}}``, its status
    ``parameter-error`` or ``error`` with the code and message in ``data``
    (https://apiv1.postalserver.io/): the request refused, whatever the HTTP status."""
    if not isinstance(body, dict) or body.keys() != _POSTAL_KEYS:
        return None
    status = body.get("status")
    if status not in ("error", "parameter-error"):
        return None
    data = body.get("data")
    words = [data.get(k) for k in ("code", "message")] if isinstance(data, dict) else []
    said = ": ".join(w for w in words if isinstance(w, str) and w) or "no message"
    return FailureVerdict(FailureCode.BAD_REQUEST, _P, f"status {status}: {said}", "postal")


_POSTAL_KEYS = frozenset({"status", "time", "flags", "data"})


def failed_emails(body: object, content_type: str) -> Verdict | None:
    """Unisender Go's send answers the addresses it took in ``emails`` and those it did not in
    ``failed_emails``, each with its reason (https://godocs.unisender.ru/web-api-ref#email-send):
    some failed is a partial answer naming each; none sent, a failure."""
    if not isinstance(body, dict) or body.get("status") != "success":
        return None
    failed, sent = body.get("failed_emails"), body.get("emails")
    if not isinstance(failed, dict) or not failed or not isinstance(sent, list):
        return None
    dropped = tuple(f"{address}: {reason}" for address, reason in failed.items())
    every = FailureVerdict(FailureCode.BAD_REQUEST, _P, "; ".join(dropped[:3]), "unisender")
    return some_refused(dropped, len(dropped) + len(sent), "emails not sent", "unisender", every)


#: The families of a cloud API's error code, by their prefix: Tencent Cloud API 3.0's common
#: codes (https://www.tencentcloud.com/document/api/213/33281) and Volcengine's
#: (https://www.volcengine.com/docs/6369/68677), which name them the same way.
_CLOUD_CODE_FAMILIES: tuple[tuple[str, FailureCode, FailureKind], ...] = (
    ("AuthFailure", FailureCode.UNAUTHORIZED, _P),
    ("InvalidAccessKey", FailureCode.UNAUTHORIZED, _P),
    ("SignatureDoesNotMatch", FailureCode.UNAUTHORIZED, _P),
    ("UnauthorizedOperation", FailureCode.FORBIDDEN, _P),
    ("AccessDenied", FailureCode.FORBIDDEN, _P),
    ("RequestLimitExceeded", FailureCode.RATE_LIMITED, _T),
    ("FlowLimitExceeded", FailureCode.RATE_LIMITED, _T),
    ("InternalError", FailureCode.SERVER_ERROR, _T),
    ("ServiceUnavailable", FailureCode.SERVER_ERROR, _T),
    ("ResourceNotFound", FailureCode.NOT_FOUND, _P),
    ("InvalidParameter", FailureCode.BAD_REQUEST, _P),
    ("MissingParameter", FailureCode.BAD_REQUEST, _P),
    ("UnknownParameter", FailureCode.BAD_REQUEST, _P),
    ("InvalidAction", FailureCode.BAD_REQUEST, _P),
)


def _cloud_code_verdict(error: object, dialect: str) -> FailureVerdict | None:
    """A cloud API's ``{"Code": …, "Message": …}`` error, keyed on its code's family."""
    if not isinstance(error, dict) or not isinstance(code := error.get("Code"), str) or not code:
        return None
    words = error.get("Message")
    detail = f"{code}: {words}" if isinstance(words, str) and words else code
    for prefix, failure, kind in _CLOUD_CODE_FAMILIES:
        if code.startswith(prefix):
            return FailureVerdict(failure, kind, detail, dialect)
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, detail, dialect)


def tencent_cloud_error(body: object, content_type: str) -> Verdict | None:
    """Tencent Cloud API 3.0 answers every call with a 200 whose ``Response`` holds
    ``Error: {"Code", "Message"}`` when it failed
    (https://www.tencentcloud.com/document/api/213/33281)."""
    if not isinstance(body, dict) or not body.keys() <= {"Response", "RequestId"}:
        return None
    response = body.get("Response")
    return (
        _cloud_code_verdict(response.get("Error"), "tencentcloud")
        if isinstance(response, dict)
        else None
    )


def volcengine_error(body: object, content_type: str) -> Verdict | None:
    """Volcengine (BytePlus) names a failed call's ``Error: {"Code", "Message"}`` in its
    ``ResponseMetadata`` (https://www.volcengine.com/docs/6369/68677)."""
    metadata = body.get("ResponseMetadata") if isinstance(body, dict) else None
    return (
        _cloud_code_verdict(metadata.get("Error"), "volcengine")
        if isinstance(metadata, dict)
        else None
    )


def ucloud_error(body: object, content_type: str) -> Verdict | None:
    """UCloud answers every call with its ``RetCode``, ``0`` when it succeeded, a failure's
    beside its ``Message`` (https://docs.ucloud.cn/api/summary/overview)."""
    if not isinstance(body, dict) or type(code := body.get("RetCode")) is not int or code == 0:
        return None
    words = body.get("Message")
    detail = f"RetCode {code}: {words}" if isinstance(words, str) and words else f"RetCode {code}"
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, detail, "ucloud")


#: Alipay's public error codes (https://opendocs.alipay.com/common/02km9f): 10000 success.
_ALIPAY_CODES = {
    "20000": (FailureCode.SERVER_ERROR, _T),  # service unavailable
    "20001": (FailureCode.UNAUTHORIZED, _P),  # insufficient authorisation
    "40001": (FailureCode.BAD_REQUEST, _P),  # missing required parameter
    "40002": (FailureCode.BAD_REQUEST, _P),  # invalid parameter
    "40004": (FailureCode.BAD_REQUEST, _P),  # business processing failed
    "40006": (FailureCode.FORBIDDEN, _P),  # insufficient permissions
}


def alipay_error(body: object, content_type: str) -> Verdict | None:
    """Alipay's OpenAPI answers ``{"<method>_response": {"code", "msg", "sub_code",
    "sub_msg"}, "sign": …}``, its ``code`` ``"10000"`` when it succeeded
    (https://opendocs.alipay.com/common/02km9f)."""
    if not isinstance(body, dict) or not body.keys() - {"sign"}:
        return None
    names = [k for k in body if k != "sign"]
    if len(names) != 1 or not names[0].endswith("_response"):
        return None
    answer = body[names[0]]
    code = answer.get("code") if isinstance(answer, dict) else None
    if not isinstance(code, str) or code == "10000":
        return None
    sub = answer.get("sub_code")
    words = [w for w in (answer.get("msg"), sub, answer.get("sub_msg")) if isinstance(w, str) and w]
    detail = f"code {code}: " + "; ".join(words) if words else f"code {code}"
    failure, kind = _ALIPAY_CODES.get(code, (FailureCode.UPSTREAM_ERROR, _P))
    if isinstance(sub, str) and "NOT_EXIST" in sub.upper():
        failure = FailureCode.NOT_FOUND
    return FailureVerdict(failure, kind, detail, "alipay")


def taobao_error(body: object, content_type: str) -> Verdict | None:
    """Taobao's TOP API answers a refused call with ``{"error_response": {"code", "msg",
    "sub_code", "sub_msg"}}`` in place of the method's own ``…_response``; its code ``7`` is
    the call limit reached (https://open.taobao.com/doc.htm?docId=114&docType=1)."""
    if not isinstance(body, dict) or body.keys() != {"error_response"}:
        return None
    error = body["error_response"]
    code = error.get("code") if isinstance(error, dict) else None
    if not isinstance(code, int | str) or isinstance(code, bool):
        return None
    words = [error.get(k) for k in ("msg", "sub_code", "sub_msg")]
    said = "; ".join(w for w in words if isinstance(w, str) and w)
    detail = f"code {code}: {said}" if said else f"code {code}"
    if str(code) == "7":
        return FailureVerdict(FailureCode.RATE_LIMITED, _T, detail, "taobao")
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, detail, "taobao")


def status_error_word(body: object, content_type: str) -> Verdict | None:
    """An answer whose whole word is its ``status``, a failure's spelled ``…_ERROR``: SuperTokens'
    ``{"status": "WRONG_CREDENTIALS_ERROR"}``, ``{"status": "FIELD_ERROR", "formFields": [...]}``,
    ``{"status": "UNKNOWN_USER_ID_ERROR"}`` in a 200, ``"OK"`` when it succeeded
    (https://supertokens.com/docs, its frontend driver interface). Beside nothing but its own
    words; a state that already holds (``EMAIL_ALREADY_VERIFIED_ERROR``) is the caller's aim."""
    if not isinstance(body, dict) or not body.keys() <= _STATUS_ERROR_KEYS:
        return None
    word = body.get("status")
    if not isinstance(word, str) or not word.endswith("_ERROR") or not word.isupper():
        return None
    if "ALREADY_VERIFIED" in word:
        return None
    words = body.get("message")
    detail = f"{word}: {words}" if isinstance(words, str) and words else word
    if word == "WRONG_CREDENTIALS_ERROR" or word.startswith(("INVALID_TOKEN", "EXPIRED_")):
        return FailureVerdict(FailureCode.UNAUTHORIZED, _P, detail, "status")
    if word.startswith("UNKNOWN_"):
        return FailureVerdict(FailureCode.NOT_FOUND, _P, detail, "status")
    if "ALREADY_EXISTS" in word:
        return FailureVerdict(FailureCode.CONFLICT, _P, detail, "status")
    if word == "FIELD_ERROR":
        return FailureVerdict(FailureCode.BAD_REQUEST, _P, detail, "status")
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, detail, "status")


_STATUS_ERROR_KEYS = frozenset({"status", "message", "formFields", "reason"})


def skipped_hashes(body: object, content_type: str) -> Verdict | None:
    """HarperDB's writes answer the ids they wrote and, in ``skipped_hashes``, those they did
    not: an insert skips an id that exists, an update or a delete one that does not
    (``{"message": "updated 0 of 1 records", "update_hashes": [], "skipped_hashes": [9]}``,
    https://docs.harperdb.io/docs/developers/operations-api/nosql-operations). Some skipped is a
    partial answer naming each; every one, a failure (a conflict for an insert, not found for
    an update or a delete)."""
    if not isinstance(body, dict):
        return None
    skipped = body.get("skipped_hashes")
    done = next((body[k] for k in _HARPER_DONE if isinstance(body.get(k), list)), None)
    if not isinstance(skipped, list) or not skipped or done is None:
        return None
    dropped = tuple(f"{hash_}: skipped" for hash_ in skipped)
    code = FailureCode.CONFLICT if "inserted_hashes" in body else FailureCode.NOT_FOUND
    words = body.get("message")
    every = FailureVerdict(code, _P, words if isinstance(words, str) else dropped[0], "harperdb")
    return some_refused(dropped, len(done) + len(skipped), "records skipped", "harperdb", every)


_HARPER_DONE = ("inserted_hashes", "update_hashes", "upserted_hashes", "deleted_hashes")


def uncached_count(count: Mapping[str, Any]) -> bool:
    """Whether one of Zendesk's view counts is not cached yet: ``value`` null beside
    ``fresh: false``."""
    return count.get("value") is None and count.get("fresh") is False


def zendesk_view_counts(body: object, content_type: str) -> Verdict | None:
    """Zendesk's ticket counts of several views, some not cached yet: each such ``value`` null
    beside ``fresh: false``, "keep retrying ... until the value is no longer null"
    (https://developer.zendesk.com/api-reference/ticketing/business-rules/views/#count-tickets-in-views,
    https://support.zendesk.com/hc/en-us/articles/7428859901978). Some of them is a partial
    answer naming each view; none counted is read as a job not done (``_jobs``)."""
    counts = body.get("view_counts") if isinstance(body, dict) else None
    if not isinstance(counts, list) or len(counts) < 2:
        return None
    if not all(isinstance(c, dict) and "view_id" in c for c in counts):
        return None
    dropped = tuple(f"view {c['view_id']}: not counted yet" for c in counts if uncached_count(c))
    if not dropped or len(dropped) == len(counts):
        return None
    detail = f"{len(dropped)} of {len(counts)} view counts not cached yet"
    return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, detail, "zendesk", dropped)


def apify_batch(body: object, content_type: str) -> Verdict | None:
    """Apify's request queue batch, ``{"data": {"processedRequests": [...],
    "unprocessedRequests": [...]}}``: the unprocessed were not added and are to be sent again
    (https://docs.apify.com/api/v2/request-queue-requests-batch-post). Some left is a partial
    answer naming each; every one, a transient failure."""
    data = body.get("data") if isinstance(body, dict) else None
    if not isinstance(data, dict):
        return None
    done, left = data.get("processedRequests"), data.get("unprocessedRequests")
    if not isinstance(done, list) or not isinstance(left, list) or not left:
        return None
    dropped = tuple(
        f"unprocessedRequests.{n}: {r.get('uniqueKey') or r.get('url') or 'request'}"
        if isinstance(r, dict)
        else f"unprocessedRequests.{n}"
        for n, r in enumerate(left)
    )
    of = len(done) + len(left)
    return refused_batch(
        dropped, of, "requests not processed", "apify", FailureCode.SERVER_ERROR, _T
    )


def unprocessed_dynamodb(body: object, content_type: str) -> Verdict | None:
    """DynamoDB's batch calls answer what they did not do in ``UnprocessedItems``
    (BatchWriteItem) or ``UnprocessedKeys`` (BatchGetItem), by table, ``{}`` when all was done
    (https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_BatchWriteItem.html):
    any left is a partial answer naming each table ("retry ... with exponential backoff")."""
    if not isinstance(body, dict):
        return None
    left = body.get("UnprocessedItems", body.get("UnprocessedKeys"))
    if not isinstance(left, dict) or not left:
        return None
    dropped = tuple(f"{table}: {_unprocessed_count(v)} unprocessed" for table, v in left.items())
    return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, "unprocessed left", "dynamodb", dropped)


def _unprocessed_count(left: object) -> int:
    """How many requests a table's unprocessed entry holds: a list of write requests
    (BatchWriteItem), or ``{"Keys": [...]}`` (BatchGetItem)."""
    if isinstance(left, list):
        return len(left)
    keys = left.get("Keys") if isinstance(left, dict) else None
    return len(keys) if isinstance(keys, list) else 0


#: SwitchBot's own status codes for a request it refused (``statusCode`` in a 200; 100 is
#: success): the device offline or its hub offline may answer later; a device type or id it
#: does not know, a command it does not support, will not
#: (https://github.com/OpenWonderLabs/SwitchBotAPI#standard-http-error-codes).
_SWITCHBOT_CODES: dict[int, tuple[FailureCode, FailureKind]] = {
    151: (FailureCode.BAD_REQUEST, _P),  # device type error
    152: (FailureCode.NOT_FOUND, _P),  # device not found
    160: (FailureCode.BAD_REQUEST, _P),  # command is not supported
    161: (FailureCode.UPSTREAM_ERROR, _T),  # device offline
    171: (FailureCode.UPSTREAM_ERROR, _T),  # hub device offline
}
_SWITCHBOT_MEMBERS = frozenset({"statusCode", "body", "message"})


def switchbot(body: object, content_type: str) -> Verdict | None:
    """SwitchBot's answer, ``{"statusCode": 100, "body": {…}, "message": "success"}``: any
    ``statusCode`` but 100 is a refusal its ``message`` words (``{"statusCode": 190, "body": {},
    "message": "Requests reached the daily limit"}``), keyed on the code, a limit a throttle."""
    if not isinstance(body, dict) or body.keys() != _SWITCHBOT_MEMBERS:
        return None
    code, words = body["statusCode"], body["message"]
    if type(code) is not int or code == 100 or not isinstance(words, str):
        return None
    detail = f"statusCode {code}: {words or 'no message'}"
    if names_rate_limit(words) or "reached the daily limit" in words.lower():
        # (The daily quota of calls, 10,000, spent: the next day's calls are answered.)
        return FailureVerdict(FailureCode.RATE_LIMITED, _T, detail, "switchbot")
    if 400 <= code <= 599:  # an HTTP status in its place (401 for a token refused)
        return failure_from_status(code, detail, "switchbot")
    failure, kind = _SWITCHBOT_CODES.get(code, (FailureCode.UPSTREAM_ERROR, _P))
    return FailureVerdict(failure, kind, detail, "switchbot")


#: The Philips Hue bridge's error types (its v1 API answers each request with a list of
#: ``{"success": …}`` and ``{"error": {"type", "address", "description"}}`` entries, in a 200;
#: https://developers.meethue.com/develop/hue-api/error-messages/): 1 unauthorized user, 3
#: resource not available, 101 link button not pressed, 2/5/6/7/8/201 a body or parameter it
#: refuses, 901 an internal error.
_HUE_TYPES: dict[int, tuple[FailureCode, FailureKind]] = {
    1: (FailureCode.UNAUTHORIZED, _P),
    3: (FailureCode.NOT_FOUND, _P),
    4: (FailureCode.BAD_REQUEST, _P),
    101: (FailureCode.UNAUTHORIZED, _P),
    901: (FailureCode.SERVER_ERROR, _T),
}


def hue_results(body: object) -> Verdict | None:
    """A Hue bridge's answer (and the bridges that copy it: deCONZ, diyHue): a list of entries
    of one member each, ``success`` or ``error``. Every entry an error is a failure keyed on
    the first's type; some, a partial answer naming each refused address."""
    if not isinstance(body, list) or not body:
        return None
    errors: list[tuple[int, Mapping[str, Any]]] = []
    for n, entry in enumerate(body):
        if not isinstance(entry, dict) or len(entry) != 1:
            return None
        if isinstance(error := entry.get("error"), dict):
            if type(error.get("type")) is not int or not isinstance(error.get("description"), str):
                return None
            errors.append((n, error))
        elif "success" not in entry:
            return None
    if not errors:
        return None
    dropped = tuple(
        f"{n}: type {e['type']}: {e['description']}"
        + (f" ({e['address']})" if isinstance(e.get("address"), str) else "")
        for n, e in errors
    )
    failure, kind = _HUE_TYPES.get(errors[0][1]["type"], (FailureCode.BAD_REQUEST, _P))
    return refused_batch(dropped, len(body), "refused", "hue", failure, kind)


def plaid_not_ready(body: object, content_type: str) -> Verdict | None:
    """Plaid's ``/transactions/sync`` before the Item's transactions are pulled:
    ``transactions_update_status: "NOT_READY"`` ("the Item is pending transaction pull") beside
    nothing added and an empty ``next_cursor`` ("if transactions are not yet available",
    https://plaid.com/docs/api/products/transactions/#transactionssync): no history yet, not
    an empty one."""
    if not isinstance(body, dict) or body.get("transactions_update_status") != "NOT_READY":
        return None
    if body.get("added") or body.get("next_cursor"):
        return None
    detail = "NOT_READY: the transactions are not pulled yet; ask again later"
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, _T, detail, "transactions_update_status")


#: Netatmo's error codes a device answers in ``body.errors`` (its ``{code, id}``): 6, the
#: device is not reachable, is the one that may answer later
#: (https://dev.netatmo.com/apidocumentation/general).
_NETATMO_UNREACHABLE = 6


def netatmo_errors(body: object, content_type: str) -> Verdict | None:
    """A Netatmo answer, ``{"status": "ok", "body": {…, "errors": [{"code": 6, "id": …}]}}``,
    whose devices could not all be read (homestatus: "errors: the list of modules that could
    not be reached", https://dev.netatmo.com/apidocumentation/energy#homestatus): beside what
    was read, a partial answer naming each; with nothing read beside them, a failure."""
    if not isinstance(body, dict) or body.get("status") != "ok":
        return None
    inner = body.get("body")
    errors = inner.get("errors") if isinstance(inner, dict) else None
    if not isinstance(errors, list) or not errors or not isinstance(inner, dict):
        return None
    if not all(isinstance(e, dict) and type(e.get("code")) is int and "id" in e for e in errors):
        return None
    dropped = tuple(
        f"{e['id']}: code {e['code']}"
        + (f": {e['message']}" if isinstance(e.get("message"), str) else "")
        for e in errors
    )
    read = any(_holds_data(v) for k, v in inner.items() if k != "errors")
    if read:
        detail = f"{len(dropped)} devices not read"
        return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, detail, "netatmo", dropped)
    kind = _T if all(e["code"] == _NETATMO_UNREACHABLE for e in errors) else _P
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, kind, "; ".join(dropped[:3]), "netatmo")


def _holds_data(value: object) -> bool:
    """Whether a member holds more than an id: a record of its own, a list of them."""
    if isinstance(value, dict):
        return any(k != "id" and v not in (None, [], {}, "") for k, v in value.items())
    return value not in (None, [], "")


#: GENESIS' status codes that say nothing matched the selection: 104 "Es gibt keine Objekte
#: zum angegebenen Selektionskriterium", 103 "No objects found" (with a parameter changed).
_GENESIS_NONE = frozenset({103, 104})


def genesis(body: object, content_type: str) -> Verdict | None:
    """The GENESIS web service's answer (Destatis' GENESIS-Online, and the regional portals on
    the same software): ``{"Ident": {"Service", "Method"}, "Status": {"Code", "Content",
    "Type"}, "Parameter": {…}, "List": …}``, its ``Status`` saying what happened. A ``Type`` of
    ``Fehler`` (error) is a failure; codes 103 and 104, no objects for the selection, an empty
    answer (``List`` is then null)."""
    if not isinstance(body, dict) or not isinstance(body.get("Ident"), dict):
        return None
    status = body.get("Status")
    if not isinstance(status, dict) or type(code := status.get("Code")) is not int:
        return None
    words = status.get("Content") if isinstance(status.get("Content"), str) else ""
    if status.get("Type") in ("Fehler", "Error"):
        return FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, f"Code {code}: {words}", "genesis")
    if code in _GENESIS_NONE:
        return Unwrap([], "genesis", "List")
    return None


#: Snowflake's codes for a query still running: 333333 "Query execution in progress", 333334
#: "Asynchronous execution in progress"
#: (https://docs.snowflake.com/en/developer-guide/sql-api/handling-responses).
_SNOWFLAKE_RUNNING = frozenset({"333333", "333334"})


def snowflake_running(body: object, content_type: str) -> Verdict | None:
    """Snowflake's answer for a query still running, ``{"code": "333334", "message": …,
    "success": true, "data": {"queryId": …, "getResultUrl": …}}``: not its result yet."""
    if not isinstance(body, dict):
        return None
    code = body.get("code")
    if not isinstance(code, str) or code not in _SNOWFLAKE_RUNNING:
        return None
    data = body.get("data")
    if not isinstance(data, dict) or ("queryId" not in data and "statementHandle" not in data):
        return None
    words = body.get("message")
    said = words if isinstance(words, str) and words else f"code {code}: in progress"
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, _T, said, "snowflake")


def flink_not_ready(body: object, content_type: str) -> Verdict | None:
    """Flink's SQL Gateway: a result page asked for before it is ready, ``{"resultType":
    "NOT_READY", "nextResultUri": …}`` (ask the same URI again)
    (https://nightlies.apache.org/flink/flink-docs-release-1.17/docs/dev/table/sql-gateway/rest/)."""
    if not isinstance(body, dict) or body.get("resultType") != "NOT_READY":
        return None
    detail = "resultType NOT_READY: the result is not ready; ask again"
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, _T, detail, "flink")


def _kusto_errors(frames: list[Any]) -> list[Mapping[str, Any]]:
    """The OneApiErrors a Kusto v2 answer reports: on a completion frame (``DataSetCompletion``
    ``HasErrors``, a ``TableCompletion``), or as a row of its own inside a table's ``Rows``."""
    errors: list[Mapping[str, Any]] = []
    for frame in frames:
        said = frame.get("OneApiErrors")
        rows = frame.get("Rows")
        if isinstance(rows, list):
            said = [e for r in rows if isinstance(r, dict) for e in r.get("OneApiErrors") or []]
        for entry in said if isinstance(said, list) else ():
            error = entry.get("error") if isinstance(entry, dict) else None
            if isinstance(error, dict):
                errors.append(error)
    return errors


def kusto_frames(body: object) -> Verdict | None:
    """Azure Data Explorer's (Kusto's) v2 answer, a list of frames (``DataSetHeader``,
    ``DataTable`` …, ``DataSetCompletion``), that reports a query failure beside what it
    returned: "partial query failures" cut the result short
    (https://learn.microsoft.com/en-us/kusto/concepts/partial-query-failures,
    https://learn.microsoft.com/en-us/kusto/api/rest/response-v2). Rows of the primary result
    beside the error are a partial answer; none, a failure, transient where the error says it
    is not ``@permanent``."""
    if not isinstance(body, list) or not body:
        return None
    if not all(isinstance(f, dict) and isinstance(f.get("FrameType"), str) for f in body):
        return None
    errors = _kusto_errors(body)
    if not errors:
        return None
    said = tuple(
        f"{e.get('code')}: {e.get('@message') or e.get('message')}"[:300] for e in errors[:3]
    )
    rows = sum(
        _kusto_rows(f)
        for f in body
        if f.get("TableKind") == "PrimaryResult" or f.get("FrameType") == "TableFragment"
    )
    if rows:
        return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, "partial query failure", "kusto", said)
    kind = _T if all(e.get("@permanent") is False for e in errors) else _P
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, kind, "; ".join(said), "kusto")


def kusto_v1_exceptions(body: object, content_type: str) -> Verdict | None:
    """Kusto's v1 answer, ``{"Tables": [...], "Exceptions": ["Query execution has exceeded the
    allowed limits …"]}``: rows beside its exceptions are a partial answer, none a failure
    (https://learn.microsoft.com/en-us/kusto/api/rest/response-v1)."""
    if not isinstance(body, dict) or not isinstance(tables := body.get("Tables"), list):
        return None
    exceptions = body.get("Exceptions")
    if not isinstance(exceptions, list) or not exceptions:
        return None
    said = tuple(str(e)[:300] for e in exceptions[:3])
    rows = sum(_kusto_rows(t) for t in tables if isinstance(t, dict))
    if rows:
        return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, "partial query failure", "kusto", said)
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, "; ".join(said), "kusto")


def _kusto_rows(table: Mapping[str, Any]) -> int:
    """How many rows a Kusto table holds (each a list; an error is an object among them)."""
    rows = table.get("Rows")
    return sum(1 for r in rows if isinstance(r, list)) if isinstance(rows, list) else 0


def graphql_or_error(body: object, content_type: str) -> Verdict | None:
    """A GraphQL field that answers its result or an error type in its place, in a 200 with no
    ``errors``: Dagster's ``…OrError`` fields (``{"data": {"runOrError": {"__typename":
    "RunNotFoundError", "message": …}}}``, https://docs.dagster.io/concepts/webserver/graphql).
    A ``…NotFoundError`` is the thing looked up not found (a declared lookup's ``empty``); an
    ``Unauthorized…`` or ``Unauthenticated…`` one, a credential refused; any other error type
    a failure."""
    if not isinstance(body, dict) or body.get("errors") or not isinstance(body.get("data"), dict):
        return None
    data = body["data"]
    if len(data) != 1:
        return None
    field, value = next(iter(data.items()))
    if not isinstance(field, str) or not field.endswith("OrError") or not isinstance(value, dict):
        return None
    kind = value.get("__typename")
    if not isinstance(kind, str) or not kind.endswith("Error"):
        return None
    words = value.get("message")
    detail = f"{field}: {kind}" + (f": {words}" if isinstance(words, str) and words else "")
    if kind.endswith("NotFoundError"):
        return FailureVerdict(FailureCode.NOT_FOUND, _P, detail, "graphql")
    if kind.startswith(("Unauthorized", "Unauthenticated")):
        return FailureVerdict(FailureCode.UNAUTHORIZED, _P, detail, "graphql")
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, detail, "graphql")


def rundeck_output(body: object, content_type: str) -> Verdict | None:
    """Rundeck's execution output, its log ``entries`` beside ``completed`` and
    ``execCompleted`` (its ``offset`` and ``totalSize`` count bytes of the log, not entries,
    https://docs.rundeck.com/docs/api/rundeck-api.html#execution-output): an ``error`` is the
    log not read; ``execCompleted: false`` (the execution still runs) or ``completed: false``
    (more of the log to read) a partial answer."""
    if not isinstance(body, dict) or "execCompleted" not in body or "entries" not in body:
        return None
    error = body.get("error")
    if isinstance(error, str) and error:
        return FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, error, "rundeck")
    for flag in ("execCompleted", "completed"):
        if body.get(flag) is False:
            return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, f"{flag}: false", "rundeck")
    return None


def rdap_truncated(body: object, content_type: str) -> Verdict | None:
    """An RDAP answer (RFC 9083) that says it was cut: a notice or remark whose ``type`` is one
    of the registered "result set truncated due to …" (a search cut short) or "object truncated
    due to …" (an object returned without part of its data) values
    (https://www.rfc-editor.org/rfc/rfc9083#section-10.2.1)."""
    if not isinstance(body, dict) or "rdapConformance" not in body:
        return None
    for member in ("notices", "remarks"):
        entries = body.get(member)
        for entry in entries if isinstance(entries, list) else ():
            kind = entry.get("type") if isinstance(entry, dict) else None
            if isinstance(kind, str) and kind.lower().startswith(_RDAP_TRUNCATED):
                return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, f"{member}: {kind}", "rdap")
    return None


_RDAP_TRUNCATED = ("result set truncated", "object truncated")


def serialized_response(body: object, content_type: str) -> Verdict | None:
    """An ASP.NET ``HttpResponseMessage`` sent as the JSON of a 200 (a controller that returned
    the message as its value): ``{"Version": "1.1", "StatusCode": 412, "ReasonPhrase":
    "Precondition Failed", "Headers": [], …}``, the status it meant inside
    (https://learn.microsoft.com/en-us/dotnet/api/system.net.http.httpresponsemessage). An error
    status there is the answer's."""
    if not isinstance(body, dict) or not isinstance(body.get("ReasonPhrase"), str):
        return None
    status = body.get("StatusCode")
    if type(status) is not int or not 400 <= status <= 599:
        return None
    return failure_from_status(status, f"StatusCode {status} {body['ReasonPhrase']}", "aspnet")


def bazaarvoice_errors(body: object, content_type: str) -> Verdict | None:
    """Bazaarvoice's Conversations answers, ``HasErrors: true`` beside ``Errors`` and a
    submission's ``FormErrors.FieldErrors`` (each with its ``Code``, ``ERROR_FORM_REQUIRED``),
    and its progressive submission's ``hasErrors: true`` beside ``errors`` or
    ``response.formValidationErrors``, in a 200
    (https://developers.bazaarvoice.com/v1.0-ConversationsAPI/reference): the request
    refused."""
    if not isinstance(body, dict) or (
        body.get("HasErrors") is not True and body.get("hasErrors") is not True
    ):
        return None
    said: list[str] = []
    for entry in _bazaarvoice_entries(body):
        code = entry.get("Code", entry.get("code"))
        words = entry.get("Message", entry.get("message"))
        if isinstance(code, str) or isinstance(words, str):
            said.append(": ".join(str(p) for p in (code, words) if isinstance(p, str)))
    if not said:
        return None
    # (A top-level Errors list of Code and Message is read before, as Amazon PA-API's.)
    return FailureVerdict(FailureCode.BAD_REQUEST, _P, "; ".join(said[:3]), "bazaarvoice")


def _bazaarvoice_entries(body: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    entries: list[Any] = []
    for key in ("Errors", "errors"):
        if isinstance(listed := body.get(key), list):
            entries += listed
    form = body.get("FormErrors")
    fields = form.get("FieldErrors") if isinstance(form, dict) else None
    if isinstance(fields, dict):
        entries += list(fields.values())
    response = body.get("response")
    if isinstance(response, dict) and isinstance(
        listed := response.get("formValidationErrors"), list
    ):
        entries += listed
    return [e for e in entries if isinstance(e, dict)]


def civicrm_error(body: object, content_type: str) -> Verdict | None:
    """CiviCRM's APIv3 refusal in a 200, ``{"is_error": 1, "error_message": …, "error_code":
    …}`` (https://docs.civicrm.org/dev/en/latest/api/v3/usage/): a deadlock may pass, the
    rest (a permission, a missing record, a wrong parameter) will not."""
    if not isinstance(body, dict) or body.get("is_error") not in (1, True):
        return None
    if not body.keys() <= _CIVICRM_ERROR:
        return None
    words = body.get("error_message")
    code = body.get("error_code")
    detail = f"is_error: {words if isinstance(words, str) and words else 'no message'}"
    if isinstance(code, str) and code:
        detail = f"{detail} ({code})"
    if code == "deadlock" or (isinstance(words, str) and "deadlock" in words.lower()):
        return FailureVerdict(FailureCode.SERVER_ERROR, _T, detail, "civicrm")
    if code == "not-found":
        return FailureVerdict(FailureCode.NOT_FOUND, _P, detail, "civicrm")
    if code == "unauthorized":
        return FailureVerdict(FailureCode.FORBIDDEN, _P, detail, "civicrm")
    return FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, detail, "civicrm")


_CIVICRM_ERROR = frozenset(
    {"is_error", "error_message", "error_code", "error_field", "version", "tip", "trace",
     "debug_information", "sql", "entity", "action", "extraParams", "values", "count"}
)  # fmt: skip


_IMGUR_ENVELOPE = frozenset({"data", "success", "status"})


def imgur_failed(body: object, content_type: str) -> Verdict | None:
    """Imgur's envelope around every answer, ``{"data": …, "success": false, "status": 404}``:
    ``success: false`` is the request failed, its ``status`` the HTTP status it stands for,
    ``data.error`` why (https://apidocs.imgur.com/, "Response Format")."""
    if not isinstance(body, dict) or body.keys() != _IMGUR_ENVELOPE or body["success"] is not False:
        return None
    data = body["data"]
    words = data.get("error") if isinstance(data, dict) else None
    detail = f"success: false: {words if isinstance(words, str) and words else 'no message'}"
    return failure_from_status(status_from(body, "status"), detail, "imgur")
