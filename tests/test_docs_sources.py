"""docs/sources.md shows the library rules as they are: its table is generated from the table."""

from __future__ import annotations

from pathlib import Path

from tool_outcomes.classify import LIBRARY_RULES, library_rules_markdown

PAGE = Path(__file__).resolve().parent.parent / "docs" / "sources.md"
START, END = "<!-- library-rules:start -->\n", "<!-- library-rules:end -->"
REGENERATE = (
    "docs/sources.md's table differs from LIBRARY_RULES: replace the lines between the markers "
    "with the output of python -c 'from tool_outcomes.classify import library_rules_markdown as "
    'm; print(m(), end="")\''
)


def test_the_pages_library_table_is_the_generated_one() -> None:
    """The table between the page's markers is exactly library_rules_markdown()."""
    text = PAGE.read_text(encoding="utf-8")
    assert text.count(START) == 1, "the page lost its table markers"
    shown = text.split(START, 1)[1].split(END, 1)[0]
    assert shown == library_rules_markdown(), REGENERATE


def test_the_generated_table_has_one_line_per_rule_and_every_library() -> None:
    """One row per rule, and each source the issue names is on the page."""
    table = library_rules_markdown()
    assert len(table.splitlines()) == 2 + len(LIBRARY_RULES)
    text = PAGE.read_text(encoding="utf-8")
    for source in {rule.source for rule in LIBRARY_RULES}:
        assert f"| {source} |" in text
