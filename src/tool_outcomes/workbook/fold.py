"""Long output lines, folded to fit a notebook page.

JupyterLab wraps an output line that is wider than the page wherever the edge falls, in the
middle of a word (``word-break: break-all``): a 250-character log line or JSON line becomes hard
to read. :func:`show` prints text with every long line folded before a word instead, the
continuation indented so one line of the original still reads as one; a word longer than the
page (compact JSON, a URL) is folded after a ``,`` or ``&``, and cut only where it has none.
Folding changes how text is laid out, never what it says: joining the pieces back gives the
line again (:func:`unfold`).
"""

from __future__ import annotations

import re

__all__ = ["CONTINUATION", "WIDTH", "fold", "show", "unfold"]

#: Characters per line that fit JupyterLab's output area at 1280 px and the default font.
WIDTH = 110
#: What starts each continuation line.
CONTINUATION = "    ↪ "

# Pieces a line may break between: a word with the spaces after it, or up to a "," or "&".
_PIECES = re.compile(r"[^ ,&]*(?:[,&]+ *| +|$)")


def fold(text: str, width: int = WIDTH) -> str:
    """``text`` with each line longer than ``width`` folded (see the module docstring).

    Args:
        text: Any text; its own line breaks are kept.
        width: The longest line wanted, continuation mark included; at least 20.

    Returns:
        The folded text.

    Raises:
        ValueError: if ``width`` is below 20.
    """
    if width < 20:
        raise ValueError(f"width must be at least 20, not {width}")
    return "\n".join(_fold_line(line, width) for line in text.split("\n"))


def unfold(text: str) -> str:
    """The text :func:`fold` was given: each continuation joined back onto its line."""
    return text.replace("\n" + CONTINUATION, "")


def show(*values: object, width: int = WIDTH) -> None:
    """``print`` with every long line folded to fit the page.

    Args:
        *values: What to print, as ``print`` would (joined by spaces).
        width: The longest line wanted.
    """
    print(fold(" ".join(str(value) for value in values), width))


def _fold_line(line: str, width: int) -> str:
    if len(line) <= width:
        return line
    rows: list[str] = []
    row = ""
    room = width
    for piece in _PIECES.findall(line):
        while len(row) + len(piece) > room and (row or len(piece) > room):
            if row:
                rows.append(row)
                row, room = "", width - len(CONTINUATION)
                continue
            rows.append(piece[:room])  # one word wider than the page: cut it
            piece, room = piece[room:], width - len(CONTINUATION)
        row += piece
    rows.append(row)
    return ("\n" + CONTINUATION).join(rows)
