"""What a model sent as a tool's arguments, carried to the tool's own validation whatever it is.

A framework reads a model's arguments and hands them to a function as keywords, and some of its
steps break on what a model can send: text that is not JSON or nests deeper than the parser goes
(``RecursionError``), JSON that is not an object (``argument after ** must be a mapping``), an
object nested past what ``str()`` prints (LangChain prints every tool input for its callbacks).
The integrations read arguments here instead, so that each of these reaches the tool, whose
arguments model refuses it as ``invalid_arguments`` in an envelope:

- :func:`parse_arguments` reads a model's JSON text, or gives the text back when it is not JSON;
- :func:`as_keywords` makes any value keywords a framework can pass on: a plain JSON object as it
  is, anything else inside one :class:`Unparsed` keyword; :func:`from_keywords` undoes it.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from typing import Any, Final

__all__ = [
    "CARRIER",
    "PRINTABLE_DEPTH",
    "Unparsed",
    "as_keywords",
    "from_keywords",
    "parse_arguments",
]

#: The deepest an object may nest and still be handed on as keywords. Python prints (and
#: ``json`` reads) nesting only to its recursion limit, about 1,000 levels less the stack already
#: in use; a tool's real arguments nest a few levels.
PRINTABLE_DEPTH: Final = 100
#: The one keyword :class:`Unparsed` arguments travel under.
CARRIER: Final = "arguments"


class Unparsed:
    """Arguments a framework cannot pass on as keywords, carried whole to the tool.

    Its ``repr`` is short and never looks inside, so a framework that prints its input (for a
    callback or a trace) prints this instead of a 50 MB string or a 100,000-level nest.
    """

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __repr__(self) -> str:
        return f"<{type(self.value).__name__} arguments, for the tool to judge>"


def parse_arguments(raw: str | bytes) -> object:
    """A model's JSON arguments text, parsed; the text itself when it is not JSON.

    Args:
        raw: What the model sent (an empty text means no arguments).

    Returns:
        The parsed value (of any JSON type), or ``raw`` unchanged when it is not JSON or nests
        deeper than the parser goes: the tool's validation says what is wrong with it.
    """
    try:
        return json.loads(raw) if raw.strip() else {}
    except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        return raw


def as_keywords(arguments: object, reserved: frozenset[str] = frozenset()) -> dict[str, Any]:
    """``arguments`` as keywords a framework can pass on to a function.

    Args:
        arguments: Anything a model's arguments became.
        reserved: Names the framework passes as keywords of its own (a model's argument of the
            same name would be "got multiple values for argument").

    Returns:
        ``arguments`` itself when it is a dict of string keys, none of them ``reserved``, nested
        at most :data:`PRINTABLE_DEPTH` levels; else ``{CARRIER: Unparsed(arguments)}``.
    """
    if (
        isinstance(arguments, dict)
        and all(isinstance(key, str) and key not in reserved for key in arguments)
        and not _deeper_than(arguments, PRINTABLE_DEPTH)
    ):
        return arguments
    return {CARRIER: Unparsed(arguments)}


def from_keywords(keywords: Mapping[str, Any]) -> object:
    """What :func:`as_keywords` was given, back from the keywords a framework passed on.

    Args:
        keywords: The keywords the function was called with.

    Returns:
        The carried value, or the keywords as a ``dict``.
    """
    carried = keywords.get(CARRIER)
    if len(keywords) == 1 and isinstance(carried, Unparsed):
        return carried.value
    return dict(keywords)


def _deeper_than(value: object, limit: int) -> bool:
    # Level by level, without recursion: each container is visited once, and the walk stops at
    # the limit, so a deep nest costs ``limit`` levels, a wide one its size.
    level: list[object] = [value]
    for _ in range(limit):
        level = [child for item in level for child in _children(item) if _children(child)]
        if not level:
            return False
    return True


def _children(item: object) -> Collection[object]:
    if isinstance(item, dict):
        return item.values()
    return item if isinstance(item, list) else ()
