"""Numbers read from an upstream's text: ASCII digits only, bounded, never an exception.

``str.isdigit()`` is true for ``"²"`` and ``"٣"``, which ``int()`` refuses or reads in a script
nobody meant; a header byte like that must not turn a 429 into a crash. Every number the
package reads out of a header or a JSON string goes through :func:`parse_count` or
:func:`parse_seconds`.
"""

from __future__ import annotations

import math
import re

__all__ = ["MAX_COUNT_DIGITS", "parse_count", "parse_seconds"]

#: Eighteen digits keeps every count an int64 and far from ``int()``'s digit limit.
MAX_COUNT_DIGITS = 18

_DIGITS = re.compile(rf"[0-9]{{1,{MAX_COUNT_DIGITS}}}")
# delta-seconds is 1*DIGIT; a decimal fraction is not in the grammar but some servers send one.
_SECONDS = re.compile(rf"[0-9]{{1,{MAX_COUNT_DIGITS}}}(?:\.[0-9]{{1,9}})?")


def parse_count(value: object, *, max_digits: int = MAX_COUNT_DIGITS) -> int | None:
    """A non-negative whole number written in ASCII digits (surrounding blanks allowed).

    Args:
        value: Anything; only a ``str`` can give a number.
        max_digits: The most digits accepted (at most :data:`MAX_COUNT_DIGITS`).

    Returns:
        The number, or ``None`` for anything else: signs, decimals, other scripts' digits,
        superscripts, or more than ``max_digits`` digits.
    """
    if not isinstance(value, str):
        return None
    text = value.strip()
    if len(text) > max_digits or not _DIGITS.fullmatch(text):
        return None
    return int(text)


def parse_seconds(value: object, *, max_digits: int = MAX_COUNT_DIGITS) -> float | None:
    """Non-negative seconds written as ASCII digits, with an optional decimal fraction.

    Args:
        value: Anything; only a ``str`` can give a number.
        max_digits: The most digits before the point (at most :data:`MAX_COUNT_DIGITS`).

    Returns:
        The seconds, or ``None`` for anything that is not such a number.
    """
    if not isinstance(value, str):
        return None
    text = value.strip()
    if not _SECONDS.fullmatch(text) or len(text.split(".")[0]) > max_digits:
        return None
    seconds = float(text)
    return seconds if math.isfinite(seconds) else None
