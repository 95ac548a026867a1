"""The pipeline: ``classify_http`` and ``classify_parts`` ask the classifier's questions in order.

1. Did the transport fail? (``_transport``: an exception is the outcome.)
2. Does the status decide? (``_status``: an error status, or a 2xx with no content.)
3. Is the body the JSON that was promised, whole? (``_body``.)
4. Does the body's own convention report a failure or a cut? (``_conventions``: one row per
   convention, in ``_rpc``, ``_search_engines``, ``_chat``, ``_rest_errors``.)
5. Is it a page of something larger? (``_collection`` finds the items, ``_pagination`` the
   evidence of more.)

Only when every answer is clean is the result ``success`` or a verified ``empty``. Each step
either finishes the envelope or hands on; :func:`_judge` reads as that list.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any, Literal

import httpx

from tool_outcomes._text import exception_text
from tool_outcomes.envelope import Envelope, FailureCode, FailureKind
from tool_outcomes.redact import redact_text
from tool_outcomes.transport import BodyCut, read_sync

from ._body import read_body
from ._conventions import CONVENTIONS
from ._exchange import Exchange, Options
from ._pagination import judge_coverage
from ._status import judge_status
from ._transport import from_exception
from ._verdicts import FailureVerdict, Unwrap

__all__ = [
    "INTERNAL_ERROR_DETAIL",
    "HeadersLike",
    "classify_http",
    "classify_parts",
    "judge_parts",
]

#: Headers as any client holds them: ``httpx.Headers``, ``requests``' ``CaseInsensitiveDict``,
#: aiohttp's ``CIMultiDictProxy``, a plain dict, or a list of pairs.
HeadersLike = (
    httpx.Headers
    | Mapping[str, str]
    | Mapping[bytes, bytes]
    | Sequence[tuple[str, str]]
    | Sequence[tuple[bytes, bytes]]
)

_P = FailureKind.PERMANENT

#: The detail prefix of the last-resort envelope; ordinary input never produces it.
INTERNAL_ERROR_DETAIL = "classifier internal error"
#: How many envelopes deep a result is unwrapped (a JSON-RPC result that is itself JSON-RPC …).
_MAX_UNWRAP = 3


def classify_http(
    result: httpx.Response | BaseException,
    *,
    items: str | None = None,
    total: str | None = None,
    not_found: Literal["failure", "empty"] = "failure",
    result_model: Any = None,
    tool: str | None = None,
    now: Callable[[], datetime] | None = None,
    expect: Literal["json", "text", "bytes"] = "json",
) -> Envelope[Any]:
    """Classify a response, or the exception raised while getting it, into one outcome.

    The request method matters, and is read from ``response.request`` when there is one: an
    empty 2xx body (a 204, a 205, a zero-length or ``null`` body) answering a read (GET, HEAD)
    is a verified ``empty``, answering a write (POST, PUT, PATCH, DELETE) an acknowledged
    ``success`` with no data; a ``202 Accepted`` answering a read is a transient access failure
    ("not ready yet", whatever its body), answering a write an accepted write whose body is the
    data. A response with no request is judged as the answer to a read.

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
        expect: What a 2xx body is by design. ``"json"`` (the default) judges it as JSON:
            an HTML page there is an access failure. ``"text"`` (rendered Markdown, a raw
            file, an upload host's ``OK``) makes a non-empty body ``success`` with the text,
            decoded by its charset, as data; ``"bytes"`` the same with the raw bytes. An empty
            body is then ``empty`` (``success`` for a write), and a body cut short ``partial``.

    Returns:
        An envelope with exactly one outcome. Never raises (an internal error becomes an
        ``execution`` access failure whose detail starts with :data:`INTERNAL_ERROR_DETAIL`).
    """
    options = Options(items, total, not_found, result_model, tool, now, expect)
    given: object = result  # typed loosely: callers without type checking pass anything
    try:
        if isinstance(given, httpx.HTTPStatusError):
            given = given.response
        if isinstance(given, BaseException):
            return from_exception(given, options)
        if not isinstance(given, httpx.Response):
            detail = f"classify_http needs an httpx.Response or an exception, not {type(given)}"
            return options.fail(FailureCode.EXECUTION, _P, detail)
        exchange = _exchange_of(given, options)
        if isinstance(exchange, Envelope):
            return exchange
        return _judge(exchange)
    except Exception as exc:  # last resort: the property tests show ordinary input never gets here
        return _internal_error(exc, options)


def classify_parts(
    status: int,
    headers: HeadersLike,
    body: bytes,
    *,
    cut: BodyCut | None = None,
    cut_error: BaseException | None = None,
    url: str | None = None,
    method: str | None = None,
    items: str | None = None,
    total: str | None = None,
    not_found: Literal["failure", "empty"] = "failure",
    result_model: Any = None,
    tool: str | None = None,
    now: Callable[[], datetime] | None = None,
    expect: Literal["json", "text", "bytes"] = "json",
) -> Envelope[Any]:
    """Classify a response the caller read itself, possibly stopped early.

    Args:
        status: The final HTTP status.
        headers: The response headers: ``httpx.Headers``, any mapping (a ``requests``
            response's ``r.headers``, aiohttp's ``resp.headers``, a dict) or a list of pairs.
        body: The bytes read (already content-decoded).
        cut: Why the body stopped early, or ``None`` when it is complete. A JSON-lines body
            cut early is ``partial`` (its complete lines are the items); a single JSON document
            cut by the size cap is ``too_large``, by a stream error ``network``.
        cut_error: The exception that cut the stream, for the detail.
        url: The request URL (redacted onto ``target``; resolves relative next-page links).
        method: The request method (``"GET"``, ``"POST"`` …); ``None`` is judged as a read.
            See :func:`classify_http` for what a write changes.
        items: See :func:`classify_http`.
        total: See :func:`classify_http`.
        not_found: See :func:`classify_http`.
        result_model: See :func:`classify_http`.
        tool: See :func:`classify_http`.
        now: See :func:`classify_http`.
        expect: See :func:`classify_http`.

    Returns:
        An envelope with exactly one outcome. Never raises.
    """
    options = Options(items, total, not_found, result_model, tool, now, expect)
    return judge_parts(options, status, headers, body, cut, cut_error, url, method)


def judge_parts(
    options: Options,
    status: int,
    headers: HeadersLike,
    body: bytes,
    cut: BodyCut | None = None,
    cut_error: BaseException | None = None,
    url: str | None = None,
    method: str | None = None,
    *,
    url_redacted: bool = False,
) -> Envelope[Any]:
    """:func:`classify_parts` for a caller that holds its :class:`Options` (the adapter builds
    a tool's once) and may have redacted the URL already (``url_redacted``). Never raises."""
    try:
        if not isinstance(headers, httpx.Headers):
            try:
                headers = httpx.Headers(headers)
            except (TypeError, ValueError, AttributeError) as exc:
                detail = f"the response headers could not be read: {exception_text(exc, 300)}"
                return options.fail(FailureCode.EXECUTION, _P, detail)
        exchange = Exchange(
            status, headers, body, options, url, cut, cut_error, method, url_redacted
        )
        return _judge(exchange)
    except Exception as exc:  # last resort, as in classify_http
        return _internal_error(exc, options)


def _exchange_of(response: httpx.Response, options: Options) -> Exchange | Envelope[Any]:
    """The exchange a response holds, reading its body if it was not read yet."""
    try:
        request = response.request
    except RuntimeError:  # httpx raises when the response was built without a request
        url, method = None, None
    else:
        url, method = str(request.url), request.method
    try:
        body = response.content
    except httpx.ResponseNotRead:
        if isinstance(response.stream, httpx.AsyncByteStream) and not isinstance(
            response.stream, httpx.SyncByteStream
        ):
            detail = "an async response must be read first: await response.aread()"
            return options.fail(FailureCode.EXECUTION, _P, detail)
        read = read_sync(response)  # keeps what arrived before a broken stream
        if isinstance(read, BaseException):  # nothing arrived: the read error is the outcome
            return from_exception(read, options)
        status, headers = response.status_code, response.headers
        return Exchange(status, headers, read.body, options, url, read.cut, read.cut_error, method)
    return Exchange(response.status_code, response.headers, body, options, url, method=method)


def _judge(ex: Exchange) -> Envelope[Any]:
    """Steps 2 to 5, in order; the first step that decides finishes the envelope."""
    if ex.options.not_found not in ("failure", "empty"):
        detail = f"not_found must be 'failure' or 'empty', not {ex.options.not_found!r}"
        return ex.options.fail(FailureCode.EXECUTION, _P, detail, target=ex.target)
    if ex.options.expect not in ("json", "text", "bytes"):
        detail = f"expect must be 'json', 'text' or 'bytes', not {ex.options.expect!r}"
        return ex.options.fail(FailureCode.EXECUTION, _P, detail, target=ex.target)
    decided = judge_status(ex)
    if decided is not None:
        return decided
    document = read_body(ex)
    if isinstance(document, Envelope):
        return document
    value, verdict = document.value, None
    for depth in range(_MAX_UNWRAP + 1):
        if not isinstance(value, dict):  # every convention reads a JSON object, and only one
            verdict = None
            break
        for convention in CONVENTIONS:  # the first convention with a verdict decides
            verdict = convention.read(value, ex.media_type)
            if verdict is not None:
                break
        if not isinstance(verdict, Unwrap):
            break
        if depth == _MAX_UNWRAP:  # nested deeper than any real server does: judge it as data
            verdict = None
            break
        value = verdict.body  # JSON-RPC: the result is judged as the body
    if isinstance(verdict, FailureVerdict):
        return ex.fail(verdict.code, verdict.kind, f"{verdict.dialect}: {verdict.detail}")
    return judge_coverage(ex, document, value, verdict)


def _internal_error(exc: Exception, options: Options) -> Envelope[Any]:
    detail = f"{INTERNAL_ERROR_DETAIL}: {exception_text(exc, 300)}"
    return Envelope[Any].failed(FailureCode.EXECUTION, _P, redact_text(detail), tool=options.tool)
