"""Clipping: text that leaves the process is cut to a size, visibly."""

from __future__ import annotations

__all__ = ["clip"]


def clip(text: str, max_chars: int) -> str:
    """``text`` if it fits in ``max_chars``, else its start and a closing ``…`` that fit.

    Args:
        text: Any text.
        max_chars: The most characters the result may have (at least 1).

    Returns:
        A string of at most ``max_chars`` characters; a cut one ends with ``…``, so a reader
        can tell it was cut.
    """
    return text if len(text) <= max_chars else text[: max_chars - 1] + "…"
