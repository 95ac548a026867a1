"""Text that leaves the process: cut to a size visibly, hidden characters made visible.

Three helpers every module uses instead of its own: :func:`clip` (the one clipping helper),
:func:`escape_invisible` (characters a reader cannot see, shown as escapes) and
:func:`exception_text` (an exception's words, even when its ``__str__`` is broken).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

__all__ = [
    "INVISIBLE",
    "JSON_ESCAPES",
    "TEXT_ESCAPES",
    "clip",
    "escape_invisible",
    "escape_invisible_json",
    "escape_surrogates_json",
    "exception_text",
]


def clip(text: str, max_chars: int, *, say_cut: bool = False) -> str:
    """``text`` if it fits in ``max_chars``, else its start and a closing ``…`` that fit.

    Args:
        text: Any text.
        max_chars: The most characters the result may have (at least 1).
        say_cut: End a cut text with ``… [cut: N chars in all]`` rather than a bare ``…``, for
            text a model reads, so it knows the rest exists (needs ``max_chars`` of at least 40).

    Returns:
        A string of at most ``max_chars`` characters; a cut one ends with ``…`` (and the note),
        so a reader can tell it was cut.
    """
    if len(text) <= max_chars:
        return text
    tail = f"… [cut: {len(text)} chars in all]" if say_cut else "…"
    return text[: max(0, max_chars - len(tail))] + tail


# -- invisible characters -------------------------------------------------------------------------

# Characters that could start a new line (for some reader) or hide text from a person while a
# model still reads them: every control (Cc), format character (Cf: zero-width spaces and joiners,
# the byte-order mark, bidi overrides and isolates, Unicode tag characters, interlinear
# annotations), line and paragraph separators, lone surrogates (unencodable as UTF-8), variation
# selectors (they smuggle bytes through invisible emoji modifiers) and the fillers that draw as
# blank space. The Cc/Cf/Cs/Zl/Zp ranges are Unicode 14's; a test checks them against the running
# Python's own database.
_INVISIBLE_RANGES: tuple[tuple[int, int], ...] = (
    (0x0000, 0x001F),  # C0 controls
    (0x007F, 0x009F),  # DEL, C1 controls
    (0x00AD, 0x00AD),  # soft hyphen
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x0600, 0x0605),  # Arabic number signs
    (0x061C, 0x061C),  # Arabic letter mark
    (0x06DD, 0x06DD),
    (0x070F, 0x070F),
    (0x0890, 0x0891),
    (0x08E2, 0x08E2),
    (0x115F, 0x1160),  # Hangul fillers
    (0x180B, 0x180F),  # Mongolian variation selectors and vowel separator
    (0x200B, 0x200F),  # zero-width space, non-joiner, joiner; LRM, RLM
    (0x2028, 0x202E),  # line and paragraph separators; bidi embeddings and overrides
    (0x2060, 0x2064),  # word joiner, invisible operators
    (0x2066, 0x206F),  # bidi isolates, deprecated format characters
    (0x3164, 0x3164),  # Hangul filler
    (0xD800, 0xDFFF),  # surrogates
    (0xFE00, 0xFE0F),  # variation selectors
    (0xFEFF, 0xFEFF),  # byte-order mark, zero-width no-break space
    (0xFFA0, 0xFFA0),  # halfwidth Hangul filler
    (0xFFF9, 0xFFFB),  # interlinear annotation
    (0x110BD, 0x110BD),
    (0x110CD, 0x110CD),
    (0x13430, 0x13438),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    # Tags (U+E0001, U+E0020-E007F: an invisible copy of ASCII), the variation selectors
    # supplement, and the unassigned code points between them, which draw as nothing too.
    (0xE0000, 0xE01EF),
)


def _json_escape(code: int) -> str:
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    # Outside the BMP, JSON spells a character as its UTF-16 surrogate pair.
    high, low = divmod(code - 0x10000, 0x400)
    return f"\\u{0xD800 + high:04x}\\u{0xDC00 + low:04x}"


# The tables hold some 2,800 code points each: built on first use, not when the package is
# imported (a tool call that renders nothing never needs them).
if TYPE_CHECKING:
    #: Every code point :func:`escape_invisible` escapes.
    INVISIBLE: frozenset[int]
    #: For text inside a JSON string literal: the escapes JSON itself would read back.
    JSON_ESCAPES: Mapping[int, str]
    #: For plain text (a fenced sample, a table cell): ``\\uXXXX`` or ``\\UXXXXXXXX``.
    TEXT_ESCAPES: Mapping[int, str]


@functools.cache
def _invisible() -> frozenset[int]:
    return frozenset(code for first, last in _INVISIBLE_RANGES for code in range(first, last + 1))


@functools.cache
def _json_escapes() -> Mapping[int, str]:
    return {code: _json_escape(code) for code in _invisible()}


@functools.cache
def _text_escapes() -> Mapping[int, str]:
    return {code: f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}" for code in _invisible()}


_TABLES = {"INVISIBLE": _invisible, "JSON_ESCAPES": _json_escapes, "TEXT_ESCAPES": _text_escapes}


def __getattr__(name: str) -> Any:
    """``INVISIBLE``, ``JSON_ESCAPES`` and ``TEXT_ESCAPES``, built on first use."""
    table = _TABLES.get(name)
    if table is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return table()


def escape_invisible(text: str, *, keep: str = "") -> str:
    """``text`` with every invisible character written as a visible escape.

    Args:
        text: Any text.
        keep: Characters to leave as they are (``"\\n\\t"`` where they are the text's layout).

    Returns:
        The text, one-for-one except that each character of :data:`INVISIBLE` (outside ``keep``)
        reads ``\\u200b``, ``\\U000e0041`` and so on.
    """
    escapes = _text_escapes()
    if not keep:
        return text.translate(escapes)
    return text.translate({code: s for code, s in escapes.items() if chr(code) not in keep})


@functools.cache
def _invisible_class() -> re.Pattern[str]:
    ranges = "".join(f"{re.escape(chr(a))}-{re.escape(chr(b))}" for a, b in _INVISIBLE_RANGES)
    return re.compile(f"[{ranges}]")


def escape_invisible_json(value: Any) -> Any:
    """A JSON-ready value (dicts, lists, strings …) with every string's invisible characters
    written as JSON escapes, as :func:`escape_invisible` does for one text.

    Args:
        value: What ``model_dump(mode="json")`` returns.

    Returns:
        ``value`` itself when no string in it holds an invisible character, else a copy.
    """
    return _map_strings(value, _invisible_class(), _json_escapes())


# A lone surrogate has no UTF-8 form, so no JSON text on a wire (nor MCP's serializer) carries it.
_SURROGATE_CLASS = re.compile("[\ud800-\udfff]")


@functools.cache
def _surrogate_escapes() -> Mapping[int, str]:
    json_escapes = _json_escapes()
    return {code: json_escapes[code] for code in range(0xD800, 0xE000)}


def escape_surrogates_json(value: Any) -> Any:
    """A JSON-ready value with every lone surrogate written as its ``\\uXXXX`` escape and every
    other character kept exactly: what JSON on a wire can carry of it.

    Args:
        value: What ``model_dump(mode="json")`` returns.

    Returns:
        ``value`` itself when no string in it holds a lone surrogate, else a copy.
    """
    return _map_strings(value, _SURROGATE_CLASS, _surrogate_escapes())


def _map_strings(value: Any, found: re.Pattern[str], escapes: Mapping[int, str]) -> Any:
    if isinstance(value, str):
        return value.translate(escapes) if found.search(value) else value
    if isinstance(value, dict):
        return {
            _map_strings(k, found, escapes): _map_strings(v, found, escapes)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_map_strings(v, found, escapes) for v in value]
    return value


def exception_text(exc: BaseException, max_chars: int = 2000) -> str:
    """``"TypeName: message"`` for an exception, clipped, whatever its ``__str__`` does.

    Args:
        exc: Any exception, including one whose ``__str__`` raises or returns a non-string.
        max_chars: The most characters kept.

    Returns:
        ``"Name: message"``, or ``"Name"`` alone when the message is empty, and
        ``"Name (its message could not be read)"`` when reading it raised.
    """
    name = type(exc).__name__
    try:
        message = str(exc)
    except Exception:  # a broken __str__ must not turn one failure into another
        return f"{name} (its message could not be read)"
    return clip(f"{name}: {message}" if message else name, max_chars)
