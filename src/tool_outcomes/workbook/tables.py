"""A table for the workbook's outputs: aligned text for ``print`` and nbval, HTML in JupyterLab.

A wide reference table printed as text wraps at the output area's edge, and JupyterLab's output
``<pre>`` breaks lines anywhere (``word-break: break-all``): at 1400 px a 190-character line
reads ``access_fa`` / ``ilure``. :class:`Table` is a ``str`` holding the aligned text, so
``print(table)``, ``==`` and ``in`` behave as before and nbval compares the same text; as the
last value of a cell it also offers ``_repr_html_``, so JupyterLab shows a real table whose
cells wrap between words, never inside one.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

__all__ = ["Table"]

# Left-aligned cells (JupyterLab right-aligns output tables), wrapped between words only.
_TABLE_STYLE = "table-layout:auto;border-collapse:collapse;word-break:normal;overflow-wrap:normal"
_CELL_STYLE = "text-align:left;vertical-align:top;padding:2px 10px 2px 0"


class Table(str):
    """Rows of text cells, aligned in columns; ``str`` for text, ``_repr_html_`` for notebooks.

    Args:
        header: The column names.
        rows: One sequence of cells per row, as many as ``header`` has.

    Raises:
        ValueError: A row has a different number of cells than the header.
    """

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]

    def __new__(cls, header: Sequence[str], rows: Iterable[Sequence[str]]) -> Table:
        head = tuple(str(cell) for cell in header)
        body = tuple(tuple(str(cell) for cell in row) for row in rows)
        for number, row in enumerate(body, start=1):
            if len(row) != len(head):
                raise ValueError(f"row {number} has {len(row)} cells, the header {len(head)}")
        table = super().__new__(cls, _aligned(head, body))
        table.header, table.rows = head, body
        return table

    def __repr__(self) -> str:
        # The text form is what a notebook's text/plain output (and so nbval) shows.
        return str(self)

    def _repr_html_(self) -> str:
        """The table as HTML: a header row and one row per row, every cell escaped."""

        def cells(tag: str, row: Sequence[str]) -> str:
            return "".join(f"<{tag} style='{_CELL_STYLE}'>{html.escape(c)}</{tag}>" for c in row)

        head = f"<thead><tr>{cells('th', self.header)}</tr></thead>"
        body = "".join(f"<tr>{cells('td', row)}</tr>" for row in self.rows)
        return f"<table class='to-table' style='{_TABLE_STYLE}'>{head}<tbody>{body}</tbody></table>"


def _aligned(header: tuple[str, ...], rows: tuple[tuple[str, ...], ...]) -> str:
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in (header, *rows)
    ]
    return "\n".join(lines)
