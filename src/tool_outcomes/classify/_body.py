"""Step 3, the body: is a 2xx body the JSON that was promised, and did all of it arrive?

A 2xx only says the exchange worked. The body still has to be JSON (not an HTML login page,
not invalid UTF-8, not nested past what any serializer will carry), complete (not cut by the byte
cap or a broken stream), and whole (a ``206`` is one range of something larger). JSON-lines
bodies are judged line by line, so a stream cut mid-way keeps its complete lines. A body the
caller declared text or bytes (``expect=``) is its own data, as it came.
:func:`read_body` returns either a finished envelope or the decoded :class:`Document` for the
conventions and pagination steps.
"""

from __future__ import annotations

import codecs
import re
from typing import Any

import httpx

from tool_outcomes._text import exception_text
from tool_outcomes.envelope import (
    Coverage,
    Envelope,
    FailureCode,
    FailureKind,
    Outcome,
    Repair,
    TruncatedBy,
)
from tool_outcomes.evidence import BodyCut

from ._collection import GERRIT_MORE
from ._decisions import ArrayText, Contact, Document
from ._exchange import Exchange
from ._headers import count_in_headers, parse_content_range, range_reaches_the_end
from ._json import (
    BOM,
    decode_json,
    decode_json_text,
    finite,
    int_digit_limits_agree,
    may_overflow,
)
from ._rest_errors import GRPC_CODES, flickr_stat
from ._soap import xml_start
from ._verdicts import FailureVerdict, failure_from_status
from ._xml import read_xml

__all__ = ["JSON_LINES_TYPES", "read_body"]

_T = FailureKind.TRANSIENT
_P = FailureKind.PERMANENT

#: Media types of JSON-lines bodies: one JSON value per line, each line an item.
JSON_LINES_TYPES = frozenset(
    {
        "application/x-ndjson",
        "application/jsonl",
        "application/json-lines",
        "application/x-jsonlines",
    }
)
# Declared markup is not the JSON a tool asked for: a login page, a proxy's error page, XML.
# One exception: an object or an array labelled HTML (no page starts with "{" or "["), which
# some APIs send as JSON under the wrong type: abuse.ch's URLhaus, Greenhouse's older job board.
_MARKUP_TYPES = frozenset({"text/html", "application/xhtml+xml", "text/xml", "application/xml"})


def read_body(ex: Exchange) -> Envelope[Any] | Contact | Document:
    """Judge a 2xx body as a body: decoded, complete and whole, or why not.

    Args:
        ex: The exchange; its status is 2xx and not one the status alone decided.

    Returns:
        A finished envelope (a failure, an empty body), a :class:`Contact` whose data is all
        there is (a JSON-lines answer, a byte range, a body declared text or bytes), or the
        decoded :class:`Document` for the next steps.
    """
    grpc = _grpc_status(ex)
    if grpc is not None:
        return grpc
    if ex.options.expect != "json":
        return _as_declared(ex)
    if ex.status == 206 and _is_a_range(ex):
        if not _whole_bytes(ex):
            return _partial_content(ex)
        if decode_json(ex.body)[1] is not None:  # the whole of something that is not JSON
            return _whole_range(ex)
        # the whole of a JSON document: read on, as a 200's body is
    if ex.media_type in JSON_LINES_TYPES:
        return _json_lines(ex)
    if ex.media_type == "multipart/mixed" and ex.cut is None:
        batch = _multipart_batch(ex)
        if batch is not None:
            return batch
    if ex.cut is not None:
        return _cut_document(ex, ex.cut)
    if _blank(ex.body):
        return _nothing_in_it(ex)
    markup = ex.media_type in _MARKUP_TYPES or ex.media_type.endswith("+xml")
    if markup and not (ex.media_type == "text/html" and _json_container(ex.body)):
        refused = _flickr_xml_failure(ex)
        if refused is not None:
            return refused
        said = None if ex.media_type in _HTML_TYPES else _xml_dialect(ex)
        if said is not None:
            return said
        return _invalid(ex, f"the body is {ex.media_type}, not JSON")
    as_is = None if markup else _array_as_is(ex)
    if as_is is not None:
        return Document(as_is, text=as_is.text)
    value, problem, repairs, text = decode_json_text(ex.body)
    if problem is not None and (guarded := _xssi_guarded(ex.body)) is not None:
        value, problem, repairs, text = decode_json_text(guarded)
    if problem is not None:
        if not ex.media_type and xml_start(ex.body).startswith(b"<?xml"):
            # No media type, and an XML declaration: read as the XML it says it is.
            said = _xml_dialect(ex)
            if said is not None:
                return said
        if not markup and _json_objects_by_line(ex.body):
            # One JSON object per line under a JSON type: a stream of them, as JSON lines are
            # (Docker Engine's /build and /images/create stream their progress so, labelled
            # application/json: https://docs.docker.com/reference/api/engine/).
            return _json_lines(ex)
        return (
            _invalid(ex, f"the body is {ex.media_type}, not JSON")
            if markup
            else ex.invalid_json(problem)
        )
    return Document(value, repairs=repairs, text=text)


def _grpc_status(ex: Exchange) -> Envelope[Any] | None:
    """gRPC-Web's answer that is only its trailers: the call's status in ``grpc-status`` and its
    words in ``grpc-message``, as headers of an HTTP 200 ("Trailers-Only", the status of a call
    that failed before any message, https://github.com/grpc/grpc/blob/master/doc/PROTOCOL-HTTP2.md,
    https://github.com/grpc/grpc/blob/master/doc/PROTOCOL-WEB.md). Any status but 0 (OK) is
    the call's failure, by its canonical code (Argo CD's API answers its errors so)."""
    said = ex.headers.get("grpc-status")
    if said is None or not said.strip().isdigit() or int(said) == 0:
        return None
    number = int(said)
    name, code, kind = GRPC_CODES.get(number, ("", FailureCode.UPSTREAM_ERROR, _P))
    words = ex.headers.get("grpc-message", "").strip()
    detail = f"grpc-status {number} {name}".strip() + (f": {words[:200]}" if words else "")
    return ex.fail(code, kind, detail)


def _multipart_batch(ex: Exchange) -> Envelope[Any] | Contact | None:
    """A batch answered as ``multipart/mixed``, one ``application/http`` part per request, each
    holding its own status line (Azure Storage's blob batch,
    https://learn.microsoft.com/en-us/rest/api/storageservices/blob-batch; Google's batch
    requests, https://developers.google.com/gmail/api/guides/batch; OData's ``$batch``): some
    parts failed is a partial answer naming each, every one a failure keyed on the first."""
    boundary = _BOUNDARY.search(ex.headers.get("content-type", ""))
    if boundary is None:
        return None
    delimiter = b"--" + boundary[1].strip('"').encode("latin-1", "replace")
    parts = ex.body.split(delimiter)[1 : _MAX_PARTS + 1]
    statuses = _summary_statuses(parts[0]) if parts else []
    for n, part in enumerate(parts if not statuses else ()):
        line = _STATUS_LINE.search(part)
        if line is None:
            continue
        code = _PART_ERROR_CODE.search(part)
        said = (code[1] if code else line[2]).decode("latin-1", "replace").strip()
        name = _CONTENT_ID.search(part)
        where = name[1].decode("latin-1", "replace").strip() if name else str(n)
        statuses.append((int(line[1]), f"part {where}: {int(line[1])} {said}".strip()))
    if not statuses:
        return None
    failed = [(status, said) for status, said in statuses if status >= 400]
    text = _text(ex.body)
    what = f"{len(statuses)} responses in a multipart batch"
    if not failed:
        return ex.finish(Outcome.SUCCESS, text, Coverage(returned=len(statuses), detail=what))
    if len(failed) == len(statuses):
        first = failed[0]
        verdict = failure_from_status(first[0], "; ".join(s for _, s in failed[:3]), "batch")
        return ex.fail(verdict.code, verdict.kind, f"{verdict.dialect}: {verdict.detail}")
    coverage = Coverage(
        returned=len(statuses),
        truncated_by=TruncatedBy.UPSTREAM_FLAG,
        dropped=tuple(said for _, said in failed),
        detail=f"{len(failed)} of {what} failed",
    )
    return ex.finish(Outcome.PARTIAL, text, coverage)


def _summary_statuses(first: bytes) -> list[tuple[int, str]]:
    """RingCentral's batch: its first part a JSON summary, ``{"response": [{"status": 200},
    …]}``, one status per part that follows
    (https://developers.ringcentral.com/guide/basics/batch-requests)."""
    _, _, content = (
        first.partition(b"\r\n\r\n") if b"\r\n\r\n" in first else first.partition(b"\n\n")
    )
    value, problem = decode_json(content.strip()) if content.strip() else (None, "none")
    summary = value.get("response") if problem is None and isinstance(value, dict) else None
    if not isinstance(summary, list) or not summary:
        return []
    out = []
    for n, entry in enumerate(summary):
        status = entry.get("status") if isinstance(entry, dict) else None
        if type(status) is not int or not 100 <= status <= 599:
            return []
        out.append((status, f"part {n}: {status}"))
    return out


_BOUNDARY = re.compile(r'boundary=("[^"]{1,200}"|[^;\s]{1,200})', re.IGNORECASE)
_STATUS_LINE = re.compile(rb"^HTTP/\d(?:\.\d)? (\d{3})([^\r\n]{0,200})", re.MULTILINE)
_PART_ERROR_CODE = re.compile(
    rb"^x-ms-error-code:[ \t]*([^\r\n]{1,100})", re.MULTILINE | re.IGNORECASE
)
_CONTENT_ID = re.compile(rb"^Content-ID:[ \t]*([^\r\n]{1,100})", re.MULTILINE | re.IGNORECASE)
_MAX_PARTS = 1000


#: The line some servers put before every JSON answer so that no page can run it as a script
#: (cross-site script inclusion): Gerrit's REST API starts each JSON body with it, "a magic
#: prefix line that must be stripped before feeding the rest of the response body to a JSON
#: parser" (https://gerrit-review.googlesource.com/Documentation/rest-api.html#output), as
#: Angular's HttpClient strips it, with or without the comma, from any answer
#: (https://angular.dev/best-practices/security#xssi).
_XSSI_PREFIX = re.compile(rb"[ \t\r\n]*\)\]\}',?[ \t]*\r?\n")


def _xssi_guarded(body: bytes) -> bytes | None:
    """The JSON after a body's XSSI prefix line, or ``None`` when it has none."""
    text = body[len(BOM) :] if body.startswith(BOM) else body
    prefix = _XSSI_PREFIX.match(text)
    return None if prefix is None else text[prefix.end() :]


def _json_objects_by_line(body: bytes) -> bool:
    """Whether a body that is not one JSON value holds one JSON object on each of two or more
    lines (each line is decoded by :func:`_json_lines`)."""
    lines = [line.strip() for line in body.removeprefix(BOM).split(b"\n")]
    lines = [line for line in lines if line]
    return len(lines) >= 2 and all(line.startswith(b"{") and line.endswith(b"}") for line in lines)


def _array_as_is(ex: Exchange) -> ArrayText | None:
    """A JSON array body to validate into the result model straight from its text, undecoded.

    Every later step reads an array body only for whether it is empty and for the response
    headers: no convention reads a top-level array (but those this step keeps from the lane),
    and no array carries a count or a next page.
    So when the text validates strictly as it is -- what shape repair would have let through
    untouched -- decoding it first would change nothing, and the last step validates the text
    itself (``_envelope``), decoding it only if that fails.

    Taken only where that holds: a result model, no ``items`` or ``total`` path, no count in
    the headers (counting the array would mean decoding it here), and text with no ``NaN``,
    ``Infinity`` or number that may overflow (decoding repairs those), and a first item that
    is not ``null`` (an array of nothing but nulls holds no item) nor an object whose first
    member names an array a rule reads (:data:`_ARRAY_FIRST_KEYS`: Facebook's batch, Hugging
    Face's generations, Loqate's error row, a JSON-RPC batch), in answer to a read (a write's
    array may be its save results, one per record: Salesforce's). Whether the model can
    take the text as it is, and whether the text is JSON at all, are then the last step's to
    find: text that is not JSON fails there with the reason this step would have given.

    Returns:
        The undecoded array, or ``None`` when the body is decoded here.
    """
    options = ex.options
    if options.result_model is None or options.items is not None or options.total is not None:
        return None
    if ex.writes:  # a write's array may be one result per record it wrote (Salesforce's)
        return None
    text = ex.body[len(BOM) :] if ex.body.startswith(BOM) else ex.body
    if not text.lstrip().startswith(b"[") or not int_digit_limits_agree():
        return None
    # (One byte is found faster than a word: most bodies hold no "N" or "I" at all.)
    if (b"N" in text and b"NaN" in text) or (b"I" in text and b"Infinity" in text):
        return None
    if may_overflow(text) or count_in_headers(ex.headers) is not None:
        return None
    tail = text[-_GERRIT_TAIL:]
    if b'"_more_' in tail and any(key in tail for key in _GERRIT_MORE_NAMES):
        # Gerrit flags a page among the last members of its last entity: read there, decoded.
        # Only the body's tail is searched (a whole body costs a few percent of the call).
        return None
    first = _FIRST_ITEM.match(text)  # the array's first item, read in place
    if first is not None and (first[2] or first[3] in _ARRAY_FIRST_KEYS):
        # Perhaps nothing but nulls (no item), or an array a rule reads, known by its first
        # item's first member: a batch's sub-responses, generations, an error row. Decoded.
        return None
    return ArrayText(text, empty=first is not None and first[1] is not None)


#: How much of an array's end is searched for Gerrit's ``_more_changes``.
_GERRIT_TAIL = 1024
_GERRIT_MORE_NAMES = tuple(b'"%s"' % key.encode() for key in GERRIT_MORE)
#: The whitespace JSON allows between tokens (RFC 8259 §2).
_JSON_SPACE = b" \t\n\r"
#: An array's opening bracket, then its closing one (1), a null (2), or the first member's name
#: of its first object (3).
_FIRST_ITEM = re.compile(rb'[ \t\n\r]*\[[ \t\n\r]*(?:(\])|(n)|\{[ \t\n\r]*"([A-Za-z_]{1,32})")?')
#: The first members of the arrays a rule reads, as their sources write them: Facebook's batch
#: ("code", then "headers" and "body"), Hugging Face's generations ("generated_text"),
#: Loqate's error row ("Error"), a JSON-RPC batch's answers ("jsonrpc").
_ARRAY_FIRST_KEYS = frozenset(
    {b"code", b"generated_text", b"Error", b"jsonrpc", b"error", b"success", b"FrameType"}
)


#: Flickr's REST answer that failed, in XML: ``<rsp stat="fail"><err code="99" msg="…" /></rsp>``
#: (https://www.flickr.com/services/api/response.rest.html).
_FLICKR_FAIL = re.compile(
    rb'<rsp\s+stat="fail"\s*>\s*<err\s+code="(\d{1,4})"\s+msg="([^"<]{0,300})"'
)


def _flickr_xml_failure(ex: Exchange) -> Envelope[Any] | None:
    """Flickr's XML answer saying it failed, as the JSON one's ``stat: fail`` says it (a 2xx
    answering a write is not then the write acknowledged: Flickr refused it)."""
    found = _FLICKR_FAIL.search(ex.body[:_FLICKR_READ])
    if found is None:
        return None
    verdict = flickr_stat(
        {"stat": "fail", "code": int(found[1]), "message": found[2].decode("utf-8", "replace")},
        ex.media_type,
    )
    if not isinstance(verdict, FailureVerdict):
        return None
    detail = f"{verdict.dialect}: {verdict.detail}"
    if verdict.code is FailureCode.NOT_FOUND and ex.options.not_found == "empty":
        return ex.no_data(Outcome.EMPTY, detail)  # the lookup's declared "nothing there"
    return ex.fail(verdict.code, verdict.kind, detail)


_FLICKR_READ = 4096  # its answer's first element; a page is not searched further
_HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})


def _xml_dialect(ex: Exchange) -> Envelope[Any] | Contact | None:
    """An XML document in a well-known shape (:mod:`._xml`): an object store's listing, read
    as a listing whose data is the document's text, or an error document, a failure."""
    found = read_xml(ex.body)
    if isinstance(found, FailureVerdict):
        detail = f"{found.dialect}: {found.detail}"
        if found.code is FailureCode.NOT_FOUND and ex.options.not_found == "empty":
            return ex.no_data(Outcome.EMPTY, detail)
        return ex.fail(found.code, found.kind, detail)
    if found is None:
        return None
    what = f"{found.dialect} listing of {found.returned} (XML)"
    if found.dropped:
        coverage = Coverage(
            returned=found.returned,
            truncated_by=TruncatedBy.UPSTREAM_FLAG,
            dropped=found.dropped,
            detail=f"{found.dialect}: {len(found.dropped)} of {found.returned} refused",
        )
        return ex.finish(Outcome.PARTIAL, _text(ex.body), coverage)
    if found.truncated:
        coverage = Coverage(
            returned=found.returned,
            next_cursor=found.next_cursor,
            truncated_by=TruncatedBy.NEXT_PAGE,
            detail=f"{what}; the listing goes on"
            + (" from its marker" if found.next_cursor else " (no marker given)"),
        )
        return ex.finish(Outcome.PARTIAL, _text(ex.body), coverage)
    if found.returned == 0:
        return ex.no_data(Outcome.EMPTY, f"{what}: nothing listed")
    return ex.finish(
        Outcome.SUCCESS, _text(ex.body), Coverage(returned=found.returned, detail=what)
    )


def _text(body: bytes) -> str:
    return body.removeprefix(BOM).decode("utf-8", errors="replace")


def _json_container(body: bytes) -> bool:
    """Whether a body starts as a JSON object or array does (after a BOM and whitespace)."""
    return body.removeprefix(BOM).lstrip(_JSON_SPACE)[:1] in (b"{", b"[")


def _blank(body: bytes) -> bool:
    """Whether the body is empty, or only a BOM and ASCII whitespace."""
    first = body[:1]
    if first and (first.isalnum() or first in b'[{"'):  # the usual start: nothing to copy
        return False
    return not body.removeprefix(BOM).strip()


def _nothing_in_it(ex: Exchange) -> Envelope[Any]:
    """A 2xx whose body is empty: an acknowledged write, else a verified nothing."""
    if ex.writes:
        return ex.acknowledged(f"HTTP {ex.status} with an empty body")
    return ex.no_data(Outcome.EMPTY, "empty body")


def _invalid(ex: Exchange, why: str) -> Envelope[Any]:
    return ex.invalid_body(why)


def _stream_code(cut_error: BaseException | None) -> FailureCode:
    """A stream stopped by a timeout (or the adapter's deadline) is a timeout, else network."""
    if isinstance(cut_error, httpx.TimeoutException | TimeoutError):
        return FailureCode.TIMEOUT
    return FailureCode.NETWORK


def _cut_document(ex: Exchange, cut: BodyCut) -> Envelope[Any]:
    read = f"after {len(ex.body)} bytes"
    if cut is BodyCut.SIZE_CAP:
        return ex.unreadable(FailureCode.TOO_LARGE, _P, f"body exceeded the byte cap {read}")
    error = ex.cut_error
    why = f": {exception_text(error)}" if error is not None else ""
    return ex.unreadable(_stream_code(error), _T, f"body stream broke {read}{why}")


def _json_lines(ex: Exchange) -> Envelope[Any] | Contact:
    segments = ex.body.removeprefix(BOM).split(b"\n")
    cut, error = ex.cut, ex.cut_error
    if cut is not None:
        segments = segments[:-1]  # no newline after it: the stream stopped inside it
    items: list[Any] = []
    repairs: tuple[Repair, ...] = ()
    for number, segment in enumerate(segments, start=1):
        line = segment.strip(b" \t\r")
        if not line:
            continue
        value, problem = decode_json(line)
        if problem is not None:
            return _invalid(ex, f"JSON-lines line {number}: {problem}")
        value, fixed = finite(value, f"{len(items)}")
        repairs += fixed
        items.append(value)
    refused = next((i for i in items if isinstance(i, dict) and _docker_error(i)), None)
    if refused is not None:
        # Docker Engine streams a build's or a pull's progress with a 200 sent before it runs;
        # a step that failed ends the stream with errorDetail, "You need to read the response
        # body to get errors" (https://github.com/moby/moby/issues/35275).
        return ex.fail(FailureCode.UPSTREAM_ERROR, _P, f"docker: {_docker_error(refused)}")
    if cut is None:
        outcome = Outcome.SUCCESS if items else Outcome.EMPTY
        return ex.finish(outcome, items, Coverage(returned=len(items)), repairs)
    if not items:
        why = f" ({type(error).__name__})" if error is not None else ""
        detail = f"JSON-lines stream cut by {cut.value}{why} before its first complete line"
        if cut is BodyCut.SIZE_CAP:  # one line longer than the cap: asking again cannot help
            return ex.unreadable(FailureCode.TOO_LARGE, _P, detail)
        return ex.unreadable(_stream_code(error), _T, detail)
    detail = f"stream cut by {cut.value}; {len(items)} complete line(s) kept"
    coverage = Coverage(returned=len(items), truncated_by=TruncatedBy(cut.value), detail=detail)
    return ex.finish(Outcome.PARTIAL, items, coverage, repairs)


def _docker_error(item: dict[str, Any]) -> str | None:
    """A Docker progress line's error: ``{"errorDetail": {"message": …}, "error": …}``."""
    detail = item.get("errorDetail")
    if not isinstance(detail, dict):
        return None
    words = detail.get("message") or item.get("error")
    return words if isinstance(words, str) and words else "errorDetail"


def _is_a_range(ex: Exchange) -> bool:
    """Whether a 206 is one range of something larger (RFC 9110 §15.3.7).

    A 206 answers a range request and names its range in ``Content-Range`` (or is multipart).
    One that carries neither, to a request known to have asked for no range, is an upstream's
    own use of the code (Mastodon: media "applied, still processing"), judged as a 200. A
    request that is unknown (parts a caller read itself) keeps the cautious reading: a cut.
    """
    if ex.range_requested is not False or "content-range" in ex.headers:
        return True
    return ex.media_type.startswith("multipart/byteranges")


def _whole_bytes(ex: Exchange) -> bool:
    """Whether a 206's byte range is the whole representation: ``bytes 0-25/26`` with 26 bytes
    (a range request on a blob no longer than the range asked, RFC 9110 §14.4: "the complete
    length of the selected representation"). Nothing of it is missing."""
    content_range = parse_content_range(ex.headers.get("content-range"))
    return (
        ex.cut is None
        and content_range is not None
        and content_range.unit == "bytes"
        and content_range.first == 0
        and content_range.complete is not None
        and content_range.last == content_range.complete - 1 == len(ex.body) - 1
    )


def _whole_range(ex: Exchange) -> Contact:
    """A 206 holding every byte of a representation that is not JSON: the whole of it, as text."""
    header = ex.headers.get("content-range")
    what = f"206 Partial Content ({header}): the whole representation, counts are bytes"
    coverage = Coverage(returned=len(ex.body), total=len(ex.body), detail=what)
    return ex.finish(Outcome.SUCCESS, ex.body.decode("utf-8", errors="replace"), coverage)


def _partial_content(ex: Exchange) -> Envelope[Any] | Contact | Document:
    header = ex.headers.get("content-range")
    content_range = parse_content_range(header)
    what = f"206 Partial Content ({header or 'no Content-Range'})"
    if content_range is None or content_range.unit != "bytes":
        value, problem = decode_json(ex.body) if ex.body.strip() else (None, "empty")
        if problem is None:
            total = content_range.complete if content_range else None
            value, repairs = finite(value)
            # The last range of a counted listing (PostgREST "200-249/250") cuts nothing: the
            # pages step reads where it starts and whether what came back reaches the total.
            cut = None if range_reaches_the_end(header) else what
            return Document(value, partial_content=cut, range_total=total, repairs=repairs)
    # A byte range of a document is not a document: coverage counts bytes, data is text.
    returned = len(ex.body)
    complete = content_range.complete if content_range else None
    coverage = Coverage(
        returned=returned,
        total=complete if complete is not None and complete >= returned else None,
        truncated_by=TruncatedBy.PARTIAL_CONTENT,
        detail=f"{what}; counts are bytes, data is the raw text of the range",
    )
    text = ex.body.decode("utf-8", errors="replace")
    return ex.finish(Outcome.PARTIAL, text, coverage)


# -- bodies that are not JSON by design (expect="text" or "bytes") -------------------------------

_TEXTBOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32"),  # before UTF-16 LE, whose BOM it starts with
    (codecs.BOM_UTF32_BE, "utf-32"),
    (BOM, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def _as_declared(ex: Exchange) -> Envelope[Any] | Contact:
    """A body the caller declared text or bytes: its content is the data, as it came."""
    as_text = ex.options.expect == "text"
    whole = ex.cut is None and not (ex.status == 206 and _is_a_range(ex) and not _whole_bytes(ex))
    if not (ex.body.strip() if as_text else ex.body) and whole:
        return _nothing_in_it(ex)
    data: str | bytes = ex.body
    if as_text:
        charset = _charset(ex)
        try:
            data = codecs.getincrementaldecoder(charset)().decode(ex.body, final=whole)
        except UnicodeDecodeError as exc:
            return _invalid(
                ex, f"the body is not {charset} text ({exc.reason} at byte {exc.start})"
            )
    what = f"{len(ex.body)} bytes of {ex.media_type or 'an undeclared type'}"
    if whole:
        return ex.finish(Outcome.SUCCESS, data, Coverage(returned=1, detail=what))
    if ex.cut is not None:
        truncated_by, why = TruncatedBy(ex.cut.value), f"the body was cut by {ex.cut.value}"
        complete = None
    else:
        header = ex.headers.get("content-range")
        content_range = parse_content_range(header)
        truncated_by, why = TruncatedBy.PARTIAL_CONTENT, f"206 ({header or 'no Content-Range'})"
        complete = content_range.complete if content_range else None
    coverage = Coverage(
        returned=len(ex.body),
        total=complete if complete is not None and complete >= len(ex.body) else None,
        truncated_by=truncated_by,
        detail=f"{why}; counts are bytes; {what}",
    )
    return ex.finish(Outcome.PARTIAL, data, coverage)


def _charset(ex: Exchange) -> str:
    """The body's text encoding: a BOM, else the declared charset, else UTF-8 (RFC 8259)."""
    for bom, encoding in _TEXTBOMS:
        if ex.body.startswith(bom):
            return encoding
    declared = ex.headers.get("content-type", "").partition(";")[2]
    for parameter in declared.split(";"):
        name, _, value = parameter.partition("=")
        if name.strip().lower() == "charset":
            try:
                return codecs.lookup(value.strip().strip('"')).name
            except LookupError:
                break  # an unknown charset: read it as UTF-8, the web's default
    return "utf-8"
