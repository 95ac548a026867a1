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
import json
import math
import sys
from typing import Any, Literal

import httpx
from pydantic_core import from_json

from tool_outcomes._text import exception_text
from tool_outcomes.envelope import (
    Coverage,
    Envelope,
    FailureCode,
    FailureKind,
    Outcome,
    Repair,
    RepairKind,
    TruncatedBy,
)
from tool_outcomes.evidence import BodyCut
from tool_outcomes.repair import valid_json_as_is
from tool_outcomes.shapes import fast_plan

from ._decisions import Contact, Document
from ._exchange import Exchange
from ._headers import parse_content_range

__all__ = [
    "JSON_LINES_TYPES",
    "MAX_JSON_DEPTH",
    "decode_json",
    "decode_json_finite",
    "decode_json_stdlib",
    "read_body",
]

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
# Declared markup is never the JSON a tool asked for, even when it happens to parse.
_MARKUP_TYPES = frozenset({"text/html", "application/xhtml+xml", "text/xml", "application/xml"})
_BOM = b"\xef\xbb\xbf"
#: Deepest nesting accepted in a JSON body. Real APIs stay far below it; pydantic's JSON
#: serializer (and so every renderer) stops near 255 levels, so deeper data would break later.
MAX_JSON_DEPTH = 200


def read_body(ex: Exchange) -> Envelope[Any] | Contact | Document:
    """Judge a 2xx body as a body: decoded, complete and whole, or why not.

    Args:
        ex: The exchange; its status is 2xx and not one the status alone decided.

    Returns:
        A finished envelope (a failure, an empty body), a :class:`Contact` whose data is all
        there is (a JSON-lines answer, a byte range, a body declared text or bytes), or the
        decoded :class:`Document` for the next steps.
    """
    if ex.options.expect != "json":
        return _as_declared(ex)
    if ex.status == 206:
        return _partial_content(ex)
    if ex.media_type in JSON_LINES_TYPES:
        return _json_lines(ex)
    if ex.cut is not None:
        return _cut_document(ex, ex.cut)
    if _blank(ex.body):
        return _nothing_in_it(ex)
    if ex.media_type in _MARKUP_TYPES or ex.media_type.endswith("+xml"):
        return _invalid(ex, f"the body is {ex.media_type}, not JSON")
    as_is = _array_as_is(ex)
    if isinstance(as_is, Document):
        return as_is
    value, problem, repairs, text = _decode_finite(ex.body)
    if problem is not None:
        return _invalid(ex, f"{problem}; content-type {ex.media_type or 'missing'}")
    return Document(value, repairs=repairs, text=text, needs_walk=as_is is False)


def _array_as_is(ex: Exchange) -> Document | Literal[False] | None:
    """A JSON array body validated into the result model straight from its text, undecoded.

    Every later step reads an array body only for its length and the response headers: no
    convention reads a top-level array, and no array carries a count or a next page. So when
    the text validates strictly as it is -- what shape repair would have let through untouched
    -- its validated value is the data, and decoding it first would change nothing.

    Taken only where that holds: a result model with a fast plan whose values nest no deeper
    than ``MAX_JSON_DEPTH`` (the decoder's limit, which validation does not apply), no
    ``items`` or ``total`` path, and text with no ``NaN``, ``Infinity`` or number that may
    overflow (decoding repairs those).

    Returns:
        The document; ``False`` when the text was validated and failed (repair then walks
        without validating it again); ``None`` when not taken.
    """
    options = ex.options
    if options.result_model is None or options.items is not None or options.total is not None:
        return None
    text = ex.body[len(_BOM) :] if ex.body.startswith(_BOM) else ex.body
    if not text.lstrip().startswith(b"[") or not _int_digit_limits_agree():
        return None
    try:
        plan = fast_plan(options.result_model)
    except TypeError:  # not a validatable type: the repair step says so
        return None
    if plan is None or plan.depth is None or plan.depth > MAX_JSON_DEPTH:
        return None
    # (One byte is found faster than a word: most bodies hold no "N" or "I" at all.)
    if (b"N" in text and b"NaN" in text) or (b"I" in text and b"Infinity" in text):
        return None
    if _may_overflow(text):
        return None
    valid = valid_json_as_is(text, plan)
    if valid is None:
        return False
    if type(valid.value) is not list:  # a tuple or a set model: judged from the decoded list
        return None
    return Document(valid.value, text=text, validated=True)


def _blank(body: bytes) -> bool:
    """Whether the body is empty, or only a BOM and ASCII whitespace."""
    first = body[:1]
    if first and (first.isalnum() or first in b'[{"'):  # the usual start: nothing to copy
        return False
    return not body.removeprefix(_BOM).strip()


def _nothing_in_it(ex: Exchange) -> Envelope[Any]:
    """A 2xx whose body is empty: an acknowledged write, else a verified nothing."""
    if ex.writes:
        return ex.acknowledged(f"HTTP {ex.status} with an empty body")
    return ex.envelope(Outcome.EMPTY, coverage=Coverage(returned=0, detail="empty body"))


def decode_json(body: bytes) -> tuple[Any, str | None]:
    """Strict JSON from bytes: ``(value, None)``, or ``(None, why it is not JSON)``.

    The encoding is found as httpx's ``Response.json()`` finds it (``json.detect_encoding``):
    a BOM, else the pattern of zero bytes that UTF-16 and UTF-32 text makes (RFC 7159 §8.1
    allowed both; RFC 8259 narrowed JSON to UTF-8, but servers still send them), else UTF-8.

    NaN, Infinity and -Infinity are accepted as floats: they are not RFC 8259 JSON, but
    Python's own ``json.dumps`` emits them by default, so many Python servers send them, and
    rejecting a whole answer over one float would call a good reply a lie.

    The answer is :func:`decode_json_stdlib`'s; pydantic-core's parser gets there about twice as
    fast. Its own limits are at least as strict -- it refuses every lone surrogate escape and
    nesting past 200 levels (read here inside one extra ``[...]``, so what it accepts is never
    deeper than this module allows) -- so whatever it refuses, or accepts under a tighter
    ``int`` digit limit than its own, is decoded again the standard way for the exact reason.
    """
    if _int_digit_limits_agree():
        text = body[len(_BOM) :] if body.startswith(_BOM) else body
        try:
            wrapped = from_json(b"[" + text + b"]")
        except ValueError:
            pass
        else:
            if len(wrapped) == 1:  # one value, not "1, 2" read as two
                return wrapped[0], None
    return decode_json_stdlib(body)


#: The longest integer pydantic-core reads (Python's default limit; ``json`` follows the
#: interpreter's current one, which a program may lower).
_FAST_MAX_INT_DIGITS = 4300


def _int_digit_limits_agree() -> bool:
    limit = sys.get_int_max_str_digits()
    return limit == 0 or limit >= _FAST_MAX_INT_DIGITS


def decode_json_finite(body: bytes) -> tuple[Any, str | None, tuple[Repair, ...]]:
    """:func:`decode_json`, then :func:`finite`: its walk only when a number can be non-finite.

    pydantic-core's parser refuses NaN and Infinity when asked to, so a body it reads that way
    has none; a number can still overflow to an infinity, which takes a long one
    (:func:`_may_overflow`). Most bodies have neither, and then no walk is needed.
    """
    value, problem, repairs, _ = _decode_finite(body)
    return value, problem, repairs


def _decode_finite(body: bytes) -> tuple[Any, str | None, tuple[Repair, ...], bytes | None]:
    """:func:`decode_json_finite`, and the UTF-8 text the value is exactly the decoding of
    (``None`` when it was read another way or a number was repaired)."""
    if _int_digit_limits_agree():
        text = body[len(_BOM) :] if body.startswith(_BOM) else body
        try:
            wrapped = from_json(b"[" + text + b"]", allow_inf_nan=False)
        except ValueError:
            pass
        else:
            if len(wrapped) == 1:  # one value, not "1, 2" read as two
                if not _may_overflow(text):
                    return wrapped[0], None, (), text
                value, repairs = finite(wrapped[0])
                return value, None, repairs, None
    value, problem = decode_json(body)  # NaN or Infinity in it, or not for the fast parser
    if problem is not None:
        return None, problem, (), None
    value, repairs = finite(value)
    return value, None, repairs, None


# Digits read as "0", exponent marks as "e", every other byte as a space ("+" is deleted).
_NUMBER_SHAPES = bytes(
    ord("0") if 48 <= i <= 57 else ord("e") if i in (69, 101) else 32 for i in range(256)
)


def _may_overflow(text: bytes) -> bool:
    """Whether a number in JSON ``text`` may be too large for a float (read as an infinity).

    That takes an exponent of three digits or more, or 200 digits in a row: fewer digits times
    at most 10**99 stay below float's 1.8e308. Text that only looks so (``"e100"`` inside a
    string) merely costs the walk.
    """
    # "+" is dropped, so "e+400" reads "e000" too: one search rather than two (each costs about
    # as much as the translation). Digits it joins up only make more text look so.
    # Searched from the end: that search tests each place by the needle's first byte, and an
    # "e" is rarer in a body than a digit.
    shapes = text.translate(_NUMBER_SHAPES, b"+")
    return shapes.rfind(b"e000") != -1 or _LONG_DIGITS in shapes


_LONG_DIGITS = b"0" * 200


def decode_json_stdlib(body: bytes) -> tuple[Any, str | None]:
    """:func:`decode_json` by the standard library's ``json`` and a walk of the decoded tree.

    The reference answer (and every reason a body is not JSON comes from here).
    """
    encoding = json.detect_encoding(body)
    try:
        text = body.decode(encoding)
    except UnicodeDecodeError as exc:
        name = "UTF-8" if encoding.startswith("utf-8") else encoding.upper()
        return None, f"the body is not {name} ({exc.reason} at byte {exc.start})"
    try:
        value = json.loads(text)
    except RecursionError:
        return None, "the body nests too deeply to decode"
    except ValueError as exc:  # JSONDecodeError, and int() refusing thousands of digits
        return None, f"the body is not JSON ({exc!s:.120})"
    # A \uD800-style escape is the only way JSON text can smuggle in a lone surrogate.
    problem = _tree_problem(value, check_text="\\u" in text)
    return (None, problem) if problem else (value, None)


def finite(value: Any, path: str = "") -> tuple[Any, tuple[Repair, ...]]:
    """The decoded value with each NaN, Infinity and -Infinity made ``null``, each recorded.

    They are not JSON numbers (RFC 8259 §6): every JSON renderer sends them as ``null``, so the
    data says what the wire will say, and a repair says where the upstream sent one.

    Args:
        value: A decoded JSON value (changed in place: the caller just decoded it).
        path: The dotted path of ``value`` in the body.

    Returns:
        The value, and one ``coerced_number`` repair per number made ``null``.
    """
    if isinstance(value, float) and not math.isfinite(value):
        return None, (_non_finite(path, value),)
    repairs: list[Repair] = []
    stack: list[tuple[dict[Any, Any] | list[Any], str]] = []
    if isinstance(value, dict | list):
        stack.append((value, path))
    while stack:
        node, where = stack.pop()
        members = list(node.items()) if isinstance(node, dict) else list(enumerate(node))
        for key, member in members:
            inner = f"{where}.{key}" if where else str(key)
            if isinstance(member, float) and not math.isfinite(member):
                node[key] = None
                repairs.append(_non_finite(inner, member))
            elif isinstance(member, dict | list):
                stack.append((member, inner))
    return value, tuple(sorted(repairs, key=lambda r: r.path))


def _non_finite(path: str, number: float) -> Repair:
    name = "NaN" if math.isnan(number) else ("Infinity" if number > 0 else "-Infinity")
    detail = f"{name} -> null (not a JSON number)"
    return Repair(kind=RepairKind.COERCED_NUMBER, path=path, detail=detail)


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


def _invalid(ex: Exchange, why: str) -> Envelope[Any]:
    return ex.fail(FailureCode.INVALID_BODY, _P, f"HTTP {ex.status} but {why}")


def _stream_code(cut_error: BaseException | None) -> FailureCode:
    """A stream stopped by a timeout (or the adapter's deadline) is a timeout, else network."""
    if isinstance(cut_error, httpx.TimeoutException | TimeoutError):
        return FailureCode.TIMEOUT
    return FailureCode.NETWORK


def _cut_document(ex: Exchange, cut: BodyCut) -> Envelope[Any]:
    read = f"after {len(ex.body)} bytes"
    if cut is BodyCut.SIZE_CAP:
        return ex.fail(FailureCode.TOO_LARGE, _P, f"body exceeded the byte cap {read}")
    error = ex.cut_error
    why = f": {exception_text(error)}" if error is not None else ""
    return ex.fail(_stream_code(error), _T, f"body stream broke {read}{why}")


def _json_lines(ex: Exchange) -> Envelope[Any] | Contact:
    segments = ex.body.removeprefix(_BOM).split(b"\n")
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
    if cut is None:
        outcome = Outcome.SUCCESS if items else Outcome.EMPTY
        return ex.finish(outcome, items, Coverage(returned=len(items)), repairs)
    if not items:
        why = f" ({type(error).__name__})" if error is not None else ""
        detail = f"JSON-lines stream cut by {cut.value}{why} before its first complete line"
        if cut is BodyCut.SIZE_CAP:  # one line longer than the cap: asking again cannot help
            return ex.fail(FailureCode.TOO_LARGE, _P, detail)
        return ex.fail(_stream_code(error), _T, detail)
    detail = f"stream cut by {cut.value}; {len(items)} complete line(s) kept"
    coverage = Coverage(returned=len(items), truncated_by=TruncatedBy(cut.value), detail=detail)
    return ex.finish(Outcome.PARTIAL, items, coverage, repairs)


def _partial_content(ex: Exchange) -> Envelope[Any] | Contact | Document:
    header = ex.headers.get("content-range")
    content_range = parse_content_range(header)
    what = f"206 Partial Content ({header or 'no Content-Range'})"
    if content_range is None or content_range.unit != "bytes":
        value, problem = decode_json(ex.body) if ex.body.strip() else (None, "empty")
        if problem is None:
            total = content_range.complete if content_range else None
            value, repairs = finite(value)
            return Document(value, partial_content=what, range_total=total, repairs=repairs)
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

_TEXT_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32"),  # before UTF-16 LE, whose BOM it starts with
    (codecs.BOM_UTF32_BE, "utf-32"),
    (_BOM, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def _as_declared(ex: Exchange) -> Envelope[Any] | Contact:
    """A body the caller declared text or bytes: its content is the data, as it came."""
    as_text = ex.options.expect == "text"
    whole = ex.cut is None and ex.status != 206
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
    for bom, encoding in _TEXT_BOMS:
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
