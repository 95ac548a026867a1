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

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any, Literal

import httpx

from .dialects import FailureVerdict, PartialVerdict, Unwrap, detect, error_message
from .envelope import Coverage, Envelope, Failure, FailureCode, FailureKind, Outcome, TruncatedBy
from .pagination import Collection, Evidence, find_collection, find_total, next_link, page_evidence
from .redact import redact_text, redact_url
from .statuses import parse_content_range, parse_retry_after, status_rule

__all__ = ["INTERNAL_ERROR_DETAIL", "TRANSPORT_RULES", "BodyCut", "classify_http", "classify_parts"]

_T = FailureKind.TRANSIENT
_P = FailureKind.PERMANENT


class BodyCut(StrEnum):
    """Why a body the adapter read itself stopped before its end."""

    SIZE_CAP = "size_cap"
    STREAM_ERROR = "stream_error"


#: Exceptions raised while sending or reading. Looked up along the class's MRO, so the most
#: specific entry wins (``ProxyError`` before ``TransportError``, ``ReadTimeout`` before both).
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
JSON_LINES_TYPES = frozenset(
    {
        "application/x-ndjson",
        "application/jsonl",
        "application/json-lines",
        "application/x-jsonlines",
    }
)
# Declared markup is never the JSON a tool asked for, even when it happens to parse.
_MARKUP_TYPES = frozenset({"text/html", "application/xhtml+xml", "text/xml", "application/xml"})
_BOM = b"\xef\xbb\xbf"
#: Deepest nesting accepted in a JSON body. Real APIs stay far below it; pydantic's JSON
#: serializer (and so every renderer) stops near 255 levels, so deeper data would break later.
MAX_JSON_DEPTH = 200
_RAW_SAMPLE_READ = 2048  # bytes looked at for a raw sample; Failure keeps at most 500 chars
_ERROR_BODY_PARSE_LIMIT = 256 * 1024  # error bodies larger than this are not parsed for a message
# Truncation evidence, strongest first: what the transport saw, what the upstream flagged
# about this answer, then signs of further pages, then a bare count.
_EVIDENCE_RANK: dict[TruncatedBy, int] = {
    TruncatedBy.SIZE_CAP: 0,
    TruncatedBy.STREAM_ERROR: 0,
    TruncatedBy.PARTIAL_CONTENT: 0,
    TruncatedBy.UPSTREAM_TIMEOUT: 1,
    TruncatedBy.SHARD_FAILURE: 1,
    TruncatedBy.FIELD_ERRORS: 1,
    TruncatedBy.UPSTREAM_FLAG: 2,
    TruncatedBy.NEXT_PAGE: 3,
    TruncatedBy.TOTAL_EXCEEDS_RETURNED: 4,
}


@dataclass(frozen=True)
class _Call:
    """One classification: the caller's options and what is known about the exchange."""

    items: str | None
    total: str | None
    not_found: str
    result_model: Any
    tool: str | None
    now: Callable[[], datetime] | None
    target: str | None = None

    def envelope(self, outcome: Outcome, **fields: Any) -> Envelope[Any]:
        return Envelope[Any](outcome=outcome, tool=self.tool, target=self.target, **fields)

    def fail(self, code: FailureCode, kind: FailureKind, detail: str, **more: Any) -> Envelope[Any]:
        failure = Failure(code=code, kind=kind, detail=redact_text(detail), **more)
        return self.envelope(Outcome.ACCESS_FAILURE, failure=failure)


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
    call = _Call(items, total, not_found, result_model, tool, now)
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
            try:
                body = given.read()
            except Exception as exc:  # a read error is the outcome
                return _from_exception(exc, call)
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
    call = _Call(items, total, not_found, result_model, tool, now)
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


def _from_exception(exc: BaseException, call: _Call) -> Envelope[Any]:
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
    call = _Call(**{**call.__dict__, "target": target or call.target})
    return call.fail(code, kind, detail)


def _internal_error(exc: Exception, call: _Call) -> Envelope[Any]:
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
    call: _Call,
) -> Envelope[Any]:
    call = _Call(**{**call.__dict__, "target": redact_url(url) if url else None})
    if call.not_found not in ("failure", "empty"):
        detail = f"not_found must be 'failure' or 'empty', not {call.not_found!r}"
        return call.fail(FailureCode.EXECUTION, _P, detail)
    rule = status_rule(status)
    if rule is None:
        return _judge_2xx(status, headers, body, cut, cut_error, url, call)
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
    return call.fail(rule.code, rule.kind, detail, **_http_extras(status, headers, body, call))


def _reason(status: int) -> str:
    return httpx.codes.get_reason_phrase(status)


def _http_extras(status: int, headers: httpx.Headers, body: bytes, call: _Call) -> dict[str, Any]:
    """http_status, retry_after_s and raw_sample for a failure built from a response."""
    retry = parse_retry_after(headers.get("retry-after"), date=headers.get("date"), now=call.now)
    return {
        "http_status": status if 100 <= status <= 599 else None,
        "retry_after_s": retry,
        "raw_sample": _raw_sample(body),
    }


def _raw_sample(body: bytes) -> str | None:
    if not body:
        return None
    return redact_text(body[:_RAW_SAMPLE_READ].decode("utf-8", errors="replace"))


def _error_body_message(headers: httpx.Headers, body: bytes) -> str | None:
    if not body or len(body) > _ERROR_BODY_PARSE_LIMIT:
        return None
    value, problem = _decode_json(body)
    if problem is None and value is not None:
        return error_message(value)
    return error_message(body[:4096].decode("utf-8", errors="replace"))


def _media_type(headers: httpx.Headers) -> str:
    return str(headers.get("content-type", "")).split(";", 1)[0].strip().lower()


# -- 2xx bodies -----------------------------------------------------------------------------------


def _decode_json(body: bytes) -> tuple[Any, str | None]:
    """Strict JSON from bytes: ``(value, None)``, or ``(None, why it is not JSON)``.

    NaN, Infinity and -Infinity are accepted as floats: they are not RFC 8259 JSON, but
    Python's own ``json.dumps`` emits them by default, so many Python servers send them, and
    rejecting a whole answer over one float would call a good reply a lie.
    """
    if body.startswith(_BOM):
        body = body[len(_BOM) :]
    try:
        value = json.loads(body.decode("utf-8"))
    except UnicodeDecodeError as exc:
        return None, f"the body is not UTF-8 ({exc.reason} at byte {exc.start})"
    except RecursionError:
        return None, "the body nests too deeply to decode"
    except ValueError as exc:  # JSONDecodeError, and int() refusing thousands of digits
        return None, f"the body is not JSON ({exc!s:.120})"
    # A \uD800-style escape is the only way JSON text can smuggle in a lone surrogate.
    problem = _tree_problem(value, check_text=b"\\u" in body)
    return (None, problem) if problem else (value, None)


def _tree_problem(value: object, *, check_text: bool) -> str | None:
    """Why a decoded value cannot travel on (too deep, or text that is not encodable)."""
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_JSON_DEPTH:
            return f"the body nests deeper than {MAX_JSON_DEPTH} levels"
        if isinstance(node, dict):
            stack.extend((v, depth + 1) for v in node.values())
            if check_text:
                stack.extend((k, depth) for k in node)
        elif isinstance(node, list):
            stack.extend((v, depth + 1) for v in node)
        elif check_text and isinstance(node, str):
            try:
                node.encode("utf-8")
            except UnicodeEncodeError:
                return "the body has an unpaired UTF-16 surrogate escape (RFC 8259 §8.2)"
    return None


def _judge_2xx(
    status: int,
    headers: httpx.Headers,
    body: bytes,
    cut: BodyCut | None,
    cut_error: BaseException | None,
    url: str | None,
    call: _Call,
) -> Envelope[Any]:
    if status in (204, 205):  # no content by definition (RFC 9110 §15.3.5–6)
        return call.envelope(Outcome.EMPTY, coverage=Coverage(returned=0, detail=f"HTTP {status}"))
    media_type = _media_type(headers)
    judge = _Judge(status, headers, body, media_type, url, call)
    if status == 206:
        return judge.partial_content()
    if media_type in JSON_LINES_TYPES:
        return judge.json_lines(cut, cut_error)
    if cut is not None:
        return judge.cut_document(cut, cut_error)
    if not body.removeprefix(_BOM).strip():
        return call.envelope(Outcome.EMPTY, coverage=Coverage(returned=0, detail="empty body"))
    if media_type in _MARKUP_TYPES or media_type.endswith("+xml"):
        return judge.invalid(f"the body is {media_type}, not JSON")
    value, problem = _decode_json(body)
    if problem is not None:
        return judge.invalid(f"{problem}; content-type {media_type or 'missing'}")
    return judge.value(value)


@dataclass(frozen=True)
class _Judge:
    """Judges one 2xx body; each method returns the finished envelope."""

    status: int
    headers: httpx.Headers
    body: bytes
    media_type: str
    url: str | None
    call: _Call

    def fail(self, code: FailureCode, kind: FailureKind, detail: str) -> Envelope[Any]:
        extras = _http_extras(self.status, self.headers, self.body, self.call)
        return self.call.fail(code, kind, detail, **extras)

    def invalid(self, why: str) -> Envelope[Any]:
        return self.fail(FailureCode.INVALID_BODY, _P, f"HTTP {self.status} but {why}")

    def cut_document(self, cut: BodyCut, cut_error: BaseException | None) -> Envelope[Any]:
        read = f"after {len(self.body)} bytes"
        if cut is BodyCut.SIZE_CAP:
            return self.fail(FailureCode.TOO_LARGE, _P, f"body exceeded the byte cap {read}")
        why = f": {type(cut_error).__name__}: {cut_error}" if cut_error is not None else ""
        return self.fail(FailureCode.NETWORK, _T, f"body stream broke {read}{why}")

    def json_lines(self, cut: BodyCut | None, cut_error: BaseException | None) -> Envelope[Any]:
        segments = self.body.removeprefix(_BOM).split(b"\n")
        if cut is not None:
            segments = segments[:-1]  # no newline after it: the stream stopped inside it
        items: list[Any] = []
        for number, segment in enumerate(segments, start=1):
            line = segment.strip(b" \t\r")
            if not line:
                continue
            value, problem = _decode_json(line)
            if problem is not None:
                return self.invalid(f"JSON-lines line {number}: {problem}")
            items.append(value)
        if cut is None:
            outcome = Outcome.SUCCESS if items else Outcome.EMPTY
            return self.finish(outcome, items, Coverage(returned=len(items)))
        if not items:
            why = f" ({type(cut_error).__name__})" if cut_error is not None else ""
            detail = f"JSON-lines stream cut by {cut.value}{why} before its first complete line"
            return self.fail(FailureCode.NETWORK, _T, detail)
        detail = f"stream cut by {cut.value}; {len(items)} complete line(s) kept"
        coverage = Coverage(returned=len(items), truncated_by=TruncatedBy(cut.value), detail=detail)
        return self.finish(Outcome.PARTIAL, items, coverage)

    def partial_content(self) -> Envelope[Any]:
        content_range = parse_content_range(self.headers.get("content-range"))
        what = f"206 Partial Content ({self.headers.get('content-range') or 'no Content-Range'})"
        if content_range is None or content_range.unit != "bytes":
            value, problem = _decode_json(self.body) if self.body.strip() else (None, "empty")
            if problem is None:
                forced = Evidence(TruncatedBy.PARTIAL_CONTENT, what)
                total = content_range.complete if content_range else None
                return self.value(value, forced=forced, forced_total=total)
        # A byte range of a document is not a document: coverage counts bytes, data is text.
        returned = len(self.body)
        complete = content_range.complete if content_range else None
        coverage = Coverage(
            returned=returned,
            total=complete if complete is not None and complete >= returned else None,
            truncated_by=TruncatedBy.PARTIAL_CONTENT,
            detail=f"{what}; counts are bytes, data is the raw text of the range",
        )
        text = self.body.decode("utf-8", errors="replace")
        return self.finish(Outcome.PARTIAL, text, coverage)

    def value(
        self, value: Any, *, forced: Evidence | None = None, forced_total: int | None = None
    ) -> Envelope[Any]:
        verdict = detect(value, self.media_type)
        for _ in range(3):  # JSON-RPC: judge the result as the body
            if not isinstance(verdict, Unwrap):
                break
            value = verdict.body
            verdict = detect(value, self.media_type)
        if isinstance(verdict, Unwrap):
            verdict = None
        if isinstance(verdict, FailureVerdict):
            return self.fail(verdict.code, verdict.kind, f"{verdict.dialect}: {verdict.detail}")
        if value is None and forced is None and verdict is None:
            return self.finish(Outcome.EMPTY, None, Coverage(returned=0, detail="null body"))
        collection = find_collection(value, self.call.items)
        if isinstance(collection, str):
            return self.fail(FailureCode.SCHEMA, _P, collection)
        total = find_total(value, collection, self.call.total)
        if isinstance(total, str):
            return self.fail(FailureCode.SCHEMA, _P, total)
        evidence = [forced] if forced is not None else []
        dropped: tuple[str, ...] = ()
        if isinstance(verdict, PartialVerdict):
            evidence.append(Evidence(verdict.truncated_by, f"{verdict.dialect}: {verdict.detail}"))
            dropped = verdict.dropped
        evidence += page_evidence(value, collection, self.url)
        link = next_link(self.headers.get("link"), self.url)
        if link is not None:
            evidence.append(Evidence(TruncatedBy.NEXT_PAGE, 'Link rel="next"', link))
        return self.coverage(value, collection, total, forced_total, evidence, dropped)

    def coverage(
        self,
        value: Any,
        collection: Collection | None,
        total: Any,
        forced_total: int | None,
        evidence: list[Evidence],
        dropped: tuple[str, ...],
    ) -> Envelope[Any]:
        returned = len(collection.items) if collection is not None else (0 if value is None else 1)
        count: int | None = (
            forced_total if forced_total is not None else getattr(total, "value", None)
        )
        if count is not None and count > returned:
            bound = "at least " if getattr(total, "lower_bound", False) else ""
            detail = f"source reports {bound}{count}, {returned} returned"
            evidence.append(Evidence(TruncatedBy.TOTAL_EXCEEDS_RETURNED, detail))
        elif count is not None and count < returned:
            count = None  # a "total" below what arrived is not a count of this collection
        evidence.sort(key=lambda e: _EVIDENCE_RANK[e.truncated_by])
        data = collection.items if collection is not None else value
        if not evidence:
            empty = collection is not None and not collection.items
            outcome = Outcome.EMPTY if empty else Outcome.SUCCESS
            return self.finish(outcome, data, Coverage(returned=returned, total=count))
        cursor = next((e.next_cursor for e in evidence if e.next_cursor is not None), None)
        coverage = Coverage(
            returned=returned,
            total=count,
            next_cursor=cursor,
            truncated_by=evidence[0].truncated_by,
            dropped=tuple(redact_text(d) for d in dropped),
            detail=redact_text("; ".join(dict.fromkeys(e.detail for e in evidence))),
        )
        return self.finish(Outcome.PARTIAL, data, coverage)

    def finish(self, outcome: Outcome, data: Any, coverage: Coverage) -> Envelope[Any]:
        if self.call.result_model is None or data is None:
            return self.call.envelope(outcome, data=data, coverage=coverage)
        from .repair import Rejection, repair  # built alongside; imported late to keep layering

        try:
            checked = repair(data, self.call.result_model)
        except TypeError as exc:  # the declared model is not a type pydantic can validate
            detail = f"result_model {self.call.result_model!r:.80} is not a validatable type: {exc}"
            return self.call.fail(FailureCode.EXECUTION, _P, detail)
        if isinstance(checked, Rejection):
            return self.call.fail(
                FailureCode.SCHEMA,
                _P,
                checked.detail,
                http_status=self.status,
                raw_sample=_raw_sample(self.body),
            )
        return self.call.envelope(
            outcome, data=checked.value, coverage=coverage, repairs=checked.repairs
        )
