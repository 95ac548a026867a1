"""The workbook's Table: aligned text wherever a str goes, a wrapping HTML table in a notebook."""

from __future__ import annotations

import pytest

from tool_outcomes.workbook.tables import Table


def test_a_table_is_its_aligned_text() -> None:
    """Columns are padded to their widest cell, two spaces apart, with no trailing blanks."""
    table = Table(("name", "why"), [("timeout", "no reply"), ("ok", "")])
    assert table == "name     why\ntimeout  no reply\nok"
    assert repr(table) == str(table) == table
    assert table.splitlines()[1] == "timeout  no reply"


def test_the_html_view_is_a_left_aligned_table_that_wraps_between_words_only() -> None:
    """One header row and one row per row; cells are escaped and never break inside a word."""
    html = Table(("body",), [("<b>not bold</b> & more",)])._repr_html_()
    assert html.startswith("<table class='to-table'")
    assert "word-break:normal" in html
    assert "text-align:left" in html
    assert "&lt;b&gt;not bold&lt;/b&gt; &amp; more" in html
    assert html.count("<tr>") == 2


def test_a_row_of_the_wrong_length_is_refused() -> None:
    """A row with a missing cell would shift every column after it: it is an error instead."""
    with pytest.raises(ValueError, match="row 2 has 1 cells, the header 2"):
        Table(("a", "b"), [("1", "2"), ("3",)])


def test_an_empty_table_is_its_header() -> None:
    """No rows is a header alone, in both forms."""
    table = Table(("a", "b"), [])
    assert table == "a  b"
    assert "<tbody></tbody>" in table._repr_html_()
