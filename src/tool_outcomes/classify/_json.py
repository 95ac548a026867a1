"""JSON text to a value, as strictly as every step that reads a body needs it.

Shared by the body step (which decodes a 2xx body to judge it) and the last step (which decodes
a JSON array the body step handed on undecoded, when it does not validate as it is). Nothing
here judges an exchange: each function answers with a value and, when there is none, why.
"""

from __future__ import annotations

import json
import math
import sys
from typing import Any

from pydantic_core import from_json

from tool_outcomes.envelope import Repair, RepairKind

__all__ = [
    "BOM",
    "MAX_JSON_DEPTH",
    "decode_json",
    "decode_json_finite",
    "decode_json_stdlib",
    "decode_json_text",
    "finite",
    "int_digit_limits_agree",
    "may_overflow",
]

BOM = b"\xef\xbb\xbf"
#: Deepest nesting accepted in a JSON body. Real APIs stay far below it; pydantic's JSON
#: serializer (and so every renderer) stops near 255 levels, so deeper data would break later.
MAX_JSON_DEPTH = 200


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
    if int_digit_limits_agree():
        text = body[len(BOM) :] if body.startswith(BOM) else body
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


def int_digit_limits_agree() -> bool:
    limit = sys.get_int_max_str_digits()
    return limit == 0 or limit >= _FAST_MAX_INT_DIGITS


def decode_json_finite(body: bytes) -> tuple[Any, str | None, tuple[Repair, ...]]:
    """:func:`decode_json`, then :func:`finite`: its walk only when a number can be non-finite.

    pydantic-core's parser refuses NaN and Infinity when asked to, so a body it reads that way
    has none; a number can still overflow to an infinity, which takes a long one
    (:func:`may_overflow`). Most bodies have neither, and then no walk is needed.
    """
    value, problem, repairs, _ = decode_json_text(body)
    return value, problem, repairs


def decode_json_text(body: bytes) -> tuple[Any, str | None, tuple[Repair, ...], bytes | None]:
    """:func:`decode_json_finite`, and the UTF-8 text the value is exactly the decoding of
    (``None`` when it was read another way or a number was repaired)."""
    if int_digit_limits_agree():
        text = body[len(BOM) :] if body.startswith(BOM) else body
        try:
            wrapped = from_json(b"[" + text + b"]", allow_inf_nan=False)
        except ValueError:
            pass
        else:
            if len(wrapped) == 1:  # one value, not "1, 2" read as two
                if not may_overflow(text):
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


def may_overflow(text: bytes) -> bool:
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
