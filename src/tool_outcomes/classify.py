"""Classify an HTTP exchange into exactly one outcome, from evidence rather than shape.

``classify_http`` takes what the transport produced (an ``httpx.Response``, or the exception
raised while sending or reading) and returns an :class:`~tool_outcomes.envelope.Envelope`.
The order of questions is fixed: did the transport fail (a table keyed by exception class)?
Is the final status an error (``statuses.STATUS_RULES``)? Is the 2xx body what was promised
(JSON, not an HTML login page)? Does the body's dialect report failure or truncation
(``dialects``)? Is it a page of something larger (``pagination``)? Only when every answer is
clean is the result ``success`` or a verified ``empty``. It never raises.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, Literal

import httpx

from .bodies import BodyCut, Call, decode_json, http_extras, judge_2xx
from .dialects import error_message
from .envelope import Coverage, Envelope, Failure, FailureCode, FailureKind, Outcome
from .redact import redact_text, redact_url
from .statuses import StatusRule, status_rule, throttled
from .transport import read_sync

__all__ = ["INTERNAL_ERROR_DETAIL", "TRANSPORT_RULES", "BodyCut", "classify_http", "classify_parts"]

_T = FailureKind.TRANSIENT
_P = FailureKind.PERMANENT


TRANSPORT_RULES: dict[type[BaseException], tuple[FailureCode, FailureKind, str]] = {
    httpx.TimeoutException: (FailureCode.TIMEOUT, _T, "connect, read, write or pool timeout"),
    httpx.ConnectError: (FailureCode.CONNECT, _T, "refused, unreachable or DNS failure"),
    httpx.ProxyError: (FailureCode.CONNECT, _T, "the proxy could not reach the upstream"),
    # The server closed the connection or cut the body short: the next attempt may be whole.
    httpx.RemoteProtocolError: (FailureCode.NETWORK, _T, "server broke the HTTP exchange"),
    httpx.NetworkError: (FailureCode.NETWORK, _T, "read, write or close failed mid-exchange"),
    httpx.TransportError: (FailureCode.NETWORK, _T, "transport failed"),
    httpx.RequestError: (FailureCode.NETWORK, _T, "the request could not be completed"),
    # The client and server cannot speak to each other as configured: retrying is futile.
    httpx.LocalProtocolError: (FailureCode.PROTOCOL, _P, "client produced invalid HTTP"),
    httpx.ProtocolError: (FailureCode.PROTOCOL, _P, "HTTP protocol violated"),
    httpx.UnsupportedProtocol: (FailureCode.PROTOCOL, _P, "URL scheme not supported"),
    httpx.TooManyRedirects: (FailureCode.PROTOCOL, _P, "redirect loop"),
    httpx.DecodingError: (FailureCode.PROTOCOL, _P, "Content-Encoding could not be decoded"),
    # Caller bugs: a bad URL, a cookie clash, a stream read twice or never. Fix the code.
    httpx.InvalidURL: (FailureCode.EXECUTION, _P, "the tool built an invalid URL"),
    httpx.CookieConflict: (FailureCode.EXECUTION, _P, "ambiguous cookie lookup"),
    httpx.StreamError: (FailureCode.EXECUTION, _P, "stream used out of order"),
    httpx.HTTPError: (FailureCode.EXECUTION, _P, "unclassified httpx error"),
    # Standard-library equivalents, raised by plain-callable tools and other clients.
    TimeoutError: (FailureCode.TIMEOUT, _T, "timed out"),
    ConnectionRefusedError: (FailureCode.CONNECT, _T, "connection refused"),
    ConnectionError: (FailureCode.NETWORK, _T, "connection failed"),
    BaseException: (FailureCode.EXECUTION, _P, "the tool's own code raised"),
}

#: The detail prefix of the last-resort envelope; ordinary input never produces it.
INTERNAL_ERROR_DETAIL = "classifier internal error"

#: Media types of JSON-lines bodies: one JSON value per line, each line an item.
_THROTTLED_403 = StatusRule(FailureCode.RATE_LIMITED, _T, "403 carrying rate-limit headers")
_ERROR_BODY_PARSE_LIMIT = 256 * 1024  # error bodies larger than this are not parsed for a message


def classify_http(
    result: httpx.Response | BaseException,
    *,
    items: str | None = None,
    total: str | None = None,
    not_found: Literal["failure", "empty"] = "failure",
    result_model: Any = None,
    tool: str | None = None,
    now: Callable[[], datetime] | None = None,
) -> Envelope[Any]:
    """Classify a response, or the exception raised while getting it, into one outcome.

    Args:
        result: An ``httpx.Response`` (its body is read if it was not yet), or an exception
            raised while sending or reading (``HTTPStatusError`` is classified by its response).
        items: Dotted path to the collection in the JSON body (``"hits.hits"``); left out, a
            bare list, ``hits.hits`` or one well-known list key is the collection.
        total: Dotted path to the source's total count (``"hits.total.value"``).
        not_found: ``"empty"`` declares that 404/410 is a confirmed absence (a lookup by id).
        result_model: The type of ``data``; when given, the data goes through shape repair
            and a rejection becomes a ``schema`` access failure.
        tool: Copied onto the envelope.
        now: Clock for an HTTP-date ``Retry-After`` when the response has no ``Date``.

    Returns:
        An envelope with exactly one outcome. Never raises (an internal error becomes an
        ``execution`` access failure whose detail starts with :data:`INTERNAL_ERROR_DETAIL`).
    """
    call = Call(items, total, not_found, result_model, tool, now)
    given: object = result  # typed loosely: callers without type checking pass anything
    try:
        if isinstance(given, httpx.HTTPStatusError):
            given = given.response
        if isinstance(given, BaseException):
            return _from_exception(given, call)
        if not isinstance(given, httpx.Response):
            detail = f"classify_http needs an httpx.Response or an exception, not {type(given)}"
            return call.fail(FailureCode.EXECUTION, _P, detail)
        url = _request_url(given)
        try:
            body = given.content
        except httpx.ResponseNotRead:
            if isinstance(given.stream, httpx.AsyncByteStream) and not isinstance(
                given.stream, httpx.SyncByteStream
            ):
                detail = "an async response must be read first: await response.aread()"
                return call.fail(FailureCode.EXECUTION, _P, detail)
            read = read_sync(given)  # keeps what arrived before a broken stream
            if isinstance(read, BaseException):  # nothing arrived: the read error is the outcome
                return _from_exception(read, call)
            return _from_parts(
                given.status_code, given.headers, read.body, read.cut, read.cut_error, url, call
            )
        return _from_parts(given.status_code, given.headers, body, None, None, url, call)
    except Exception as exc:  # last resort: the property tests show ordinary input never gets here
        return _internal_error(exc, call)


def classify_parts(
    status: int,
    headers: httpx.Headers,
    body: bytes,
    *,
    cut: BodyCut | None = None,
    cut_error: BaseException | None = None,
    url: str | None = None,
    items: str | None = None,
    total: str | None = None,
    not_found: Literal["failure", "empty"] = "failure",
    result_model: Any = None,
    tool: str | None = None,
    now: Callable[[], datetime] | None = None,
) -> Envelope[Any]:
    """Classify a response the caller read itself, possibly stopped early.

    Args:
        status: The final HTTP status.
        headers: The response headers (any mapping ``httpx.Headers`` accepts).
        body: The bytes read (already content-decoded).
        cut: Why the body stopped early, or ``None`` when it is complete. A JSON-lines body
            cut early is ``partial`` (its complete lines are the items); a single JSON document
            cut by the size cap is ``too_large``, by a stream error ``network``.
        cut_error: The exception that cut the stream, for the detail.
        url: The request URL (redacted onto ``target``; resolves relative next-page links).
        items: See :func:`classify_http`.
        total: See :func:`classify_http`.
        not_found: See :func:`classify_http`.
        result_model: See :func:`classify_http`.
        tool: See :func:`classify_http`.
        now: See :func:`classify_http`.

    Returns:
        An envelope with exactly one outcome. Never raises.
    """
    call = Call(items, total, not_found, result_model, tool, now)
    try:
        return _from_parts(status, httpx.Headers(headers), body, cut, cut_error, url, call)
    except Exception as exc:  # last resort, as in classify_http
        return _internal_error(exc, call)


# -- transport ------------------------------------------------------------------------------------


def _request_url(response: httpx.Response) -> str | None:
    try:
        return str(response.request.url)
    except RuntimeError:  # httpx raises when the response was built without a request
        return None


def _transport_rule(exc: BaseException) -> tuple[FailureCode, FailureKind, str]:
    for cls in type(exc).__mro__:
        if cls in TRANSPORT_RULES:
            return TRANSPORT_RULES[cls]
    return TRANSPORT_RULES[BaseException]  # unreachable: every exception has it in its MRO


def _from_exception(exc: BaseException, call: Call) -> Envelope[Any]:
    code, kind, why = _transport_rule(exc)
    target = None
    if isinstance(exc, httpx.RequestError):
        try:
            target = redact_url(exc.request.url)
        except RuntimeError:  # raised without a request attached
            target = None
    try:
        message = str(exc)
    except Exception:  # a broken __str__ must not break classification
        message = ""
    detail = f"{type(exc).__name__}: {message}" if message else f"{type(exc).__name__} ({why})"
    call = Call(**{**call.__dict__, "target": target or call.target})
    return call.fail(code, kind, detail)


def _internal_error(exc: Exception, call: Call) -> Envelope[Any]:
    detail = f"{INTERNAL_ERROR_DETAIL}: {type(exc).__name__}: {exc!s:.300}"
    failure = Failure(code=FailureCode.EXECUTION, kind=_P, detail=redact_text(detail))
    return Envelope[Any](outcome=Outcome.ACCESS_FAILURE, failure=failure, tool=call.tool)


# -- status ---------------------------------------------------------------------------------------


def _from_parts(
    status: int,
    headers: httpx.Headers,
    body: bytes,
    cut: BodyCut | None,
    cut_error: BaseException | None,
    url: str | None,
    call: Call,
) -> Envelope[Any]:
    call = Call(**{**call.__dict__, "target": redact_url(url) if url else None})
    if call.not_found not in ("failure", "empty"):
        detail = f"not_found must be 'failure' or 'empty', not {call.not_found!r}"
        return call.fail(FailureCode.EXECUTION, _P, detail)
    rule = status_rule(status)
    if rule is None:
        return judge_2xx(status, headers, body, cut, cut_error, url, call)
    if status == 403 and throttled(headers):
        # GitHub and others answer an exhausted rate limit with 403, not 429 (docs: "403 or
        # 429, and x-ratelimit-remaining is 0"): that is a wait, not a missing permission.
        rule = _THROTTLED_403
    if status in (404, 410) and call.not_found == "empty":
        return call.envelope(Outcome.EMPTY, coverage=Coverage(returned=0, detail=f"HTTP {status}"))
    in_range = 100 <= status <= 599
    detail = f"HTTP {status} {_reason(status)}".rstrip() if in_range else f"HTTP status {status}"
    if 300 <= status <= 399:
        location = headers.get("location")
        detail += (
            f", redirect to {redact_url(location)}" if location else ", redirect without Location"
        )
    elif (message := _error_body_message(headers, body)) is not None:
        detail += f": {message}"
    return call.fail(rule.code, rule.kind, detail, **http_extras(status, headers, body, call))


def _reason(status: int) -> str:
    return httpx.codes.get_reason_phrase(status)


def _error_body_message(headers: httpx.Headers, body: bytes) -> str | None:
    if not body or len(body) > _ERROR_BODY_PARSE_LIMIT:
        return None
    value, problem = decode_json(body)
    if problem is None and value is not None:
        return error_message(value)
    return error_message(body[:4096].decode("utf-8", errors="replace"))
