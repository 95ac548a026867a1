"""Judging a 2xx body: is it the JSON that was promised, and is it all of the answer?

A 2xx only says the exchange worked. The body still has to be JSON (not an HTML login page,
not invalid UTF-8, not nested past what any serializer will carry), its dialect must not report
an error (``dialects``), and nothing in it or its headers may say it is a page or a fragment
(``pagination``, ``206``, a cut stream). ``classify`` calls :func:`judge_2xx`; everything here
returns a finished envelope.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

import httpx

from .dialects import FailureVerdict, PartialVerdict, Unwrap, detect
from .envelope import (
    Coverage,
    Envelope,
    Failure,
    FailureCode,
    FailureKind,
    Outcome,
    Repair,
    TruncatedBy,
)
from .pagination import (
    Collection,
    Evidence,
    Total,
    find_collection,
    find_total,
    header_evidence,
    header_total,
    page_evidence,
)
from .redact import redact_text
from .statuses import parse_content_range, parse_rate_limit_reset, parse_retry_after

__all__ = ["JSON_LINES_TYPES", "MAX_JSON_DEPTH", "BodyCut", "Call", "decode_json", "judge_2xx"]

_T = FailureKind.TRANSIENT
_P = FailureKind.PERMANENT


class BodyCut(StrEnum):
    """Why a body the adapter read itself stopped before its end."""

    SIZE_CAP = "size_cap"
    STREAM_ERROR = "stream_error"


#: Exceptions raised while sending or reading. Looked up along the class's MRO, so the most
#: specific entry wins (``ProxyError`` before ``TransportError``, ``ReadTimeout`` before both).
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
class Call:
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

    def fail(
        self,
        code: FailureCode,
        kind: FailureKind,
        detail: str,
        repairs: tuple[Repair, ...] = (),
        **more: Any,
    ) -> Envelope[Any]:
        failure = Failure(code=code, kind=kind, detail=redact_text(detail), **more)
        return self.envelope(Outcome.ACCESS_FAILURE, failure=failure, repairs=repairs)


def _stream_code(cut_error: BaseException | None) -> FailureCode:
    """A stream stopped by a timeout (or the adapter's deadline) is a timeout, else network."""
    if isinstance(cut_error, httpx.TimeoutException | TimeoutError):
        return FailureCode.TIMEOUT
    return FailureCode.NETWORK


def http_extras(status: int, headers: httpx.Headers, body: bytes, call: Call) -> dict[str, Any]:
    """http_status, retry_after_s and raw_sample for a failure built from a response."""
    date = headers.get("date")
    retry = parse_retry_after(headers.get("retry-after"), date=date, now=call.now)
    if retry is None:  # no Retry-After: the rate-limit window's reset time, when given
        retry = parse_rate_limit_reset(headers.get("x-ratelimit-reset"), date=date, now=call.now)
    return {
        "http_status": status if 100 <= status <= 599 else None,
        "retry_after_s": retry,
        "raw_sample": raw_sample(body),
    }


def raw_sample(body: bytes) -> str | None:
    if not body:
        return None
    return redact_text(body[:_RAW_SAMPLE_READ].decode("utf-8", errors="replace"))


def content_type_of(headers: httpx.Headers) -> str:
    return str(headers.get("content-type", "")).split(";", 1)[0].strip().lower()


def decode_json(body: bytes) -> tuple[Any, str | None]:
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


def judge_2xx(
    status: int,
    headers: httpx.Headers,
    body: bytes,
    cut: BodyCut | None,
    cut_error: BaseException | None,
    url: str | None,
    call: Call,
) -> Envelope[Any]:
    if status in (204, 205):  # no content by definition (RFC 9110 §15.3.5–6)
        return call.envelope(Outcome.EMPTY, coverage=Coverage(returned=0, detail=f"HTTP {status}"))
    if status == 202 and not body.strip():
        # Accepted, not yet done (RFC 9110 §15.3.3): GitHub's statistics endpoints, for one,
        # answer 202 while they compute and ask to be called again. Not a verified nothing.
        detail = "HTTP 202 Accepted with no body: the result is not ready yet"
        return call.fail(FailureCode.UPSTREAM_ERROR, _T, detail, http_status=202)
    media_type = content_type_of(headers)
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
    value, problem = decode_json(body)
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
    call: Call

    def fail(self, code: FailureCode, kind: FailureKind, detail: str) -> Envelope[Any]:
        extras = http_extras(self.status, self.headers, self.body, self.call)
        return self.call.fail(code, kind, detail, **extras)

    def invalid(self, why: str) -> Envelope[Any]:
        return self.fail(FailureCode.INVALID_BODY, _P, f"HTTP {self.status} but {why}")

    def cut_document(self, cut: BodyCut, cut_error: BaseException | None) -> Envelope[Any]:
        read = f"after {len(self.body)} bytes"
        if cut is BodyCut.SIZE_CAP:
            return self.fail(FailureCode.TOO_LARGE, _P, f"body exceeded the byte cap {read}")
        why = f": {type(cut_error).__name__}: {cut_error}" if cut_error is not None else ""
        return self.fail(_stream_code(cut_error), _T, f"body stream broke {read}{why}")

    def json_lines(self, cut: BodyCut | None, cut_error: BaseException | None) -> Envelope[Any]:
        segments = self.body.removeprefix(_BOM).split(b"\n")
        if cut is not None:
            segments = segments[:-1]  # no newline after it: the stream stopped inside it
        items: list[Any] = []
        for number, segment in enumerate(segments, start=1):
            line = segment.strip(b" \t\r")
            if not line:
                continue
            value, problem = decode_json(line)
            if problem is not None:
                return self.invalid(f"JSON-lines line {number}: {problem}")
            items.append(value)
        if cut is None:
            outcome = Outcome.SUCCESS if items else Outcome.EMPTY
            return self.finish(outcome, items, Coverage(returned=len(items)))
        if not items:
            why = f" ({type(cut_error).__name__})" if cut_error is not None else ""
            detail = f"JSON-lines stream cut by {cut.value}{why} before its first complete line"
            if cut is BodyCut.SIZE_CAP:  # one line longer than the cap: asking again cannot help
                return self.fail(FailureCode.TOO_LARGE, _P, detail)
            return self.fail(_stream_code(cut_error), _T, detail)
        detail = f"stream cut by {cut.value}; {len(items)} complete line(s) kept"
        coverage = Coverage(returned=len(items), truncated_by=TruncatedBy(cut.value), detail=detail)
        return self.finish(Outcome.PARTIAL, items, coverage)

    def partial_content(self) -> Envelope[Any]:
        content_range = parse_content_range(self.headers.get("content-range"))
        what = f"206 Partial Content ({self.headers.get('content-range') or 'no Content-Range'})"
        if content_range is None or content_range.unit != "bytes":
            value, problem = decode_json(self.body) if self.body.strip() else (None, "empty")
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
        if total is None and forced_total is None:
            # GitLab's X-Total, PostgREST's Content-Range "0-24/573" (on a 200 as on a 206).
            counted = header_total(self.headers, collection)
            total = None if counted is None else Total(counted)
        evidence = [forced] if forced is not None else []
        dropped: tuple[str, ...] = ()
        if isinstance(verdict, PartialVerdict):
            evidence.append(Evidence(verdict.truncated_by, f"{verdict.dialect}: {verdict.detail}"))
            dropped = verdict.dropped
            if verdict.counts_cut and total is not None:
                # The source stopped before it finished counting (ES timed out, lost shards or
                # hit terminate_after; Solr partialResults): its total counts what it examined,
                # a lower bound of an unknown. Coverage says "unknown" rather than print a
                # "missing" figure computed from a number that was itself cut short.
                detail = f"source counted {total.value} before it stopped; total unknown"
                evidence.append(Evidence(verdict.truncated_by, detail))
                total = None
        evidence += page_evidence(value, collection, self.url)
        evidence += header_evidence(self.headers, self.url)
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
                repairs=checked.repairs,
                http_status=self.status,
                raw_sample=raw_sample(self.body),
            )
        return self.call.envelope(
            outcome, data=checked.value, coverage=coverage, repairs=checked.repairs
        )
