"""The facilitator's generated sheets (docs/common-mistakes.md, docs/answer-key.md) are in sync
with the checks and the solutions notebooks, and cover every exercise of the text."""

from __future__ import annotations

import re
import runpy
from pathlib import Path
from typing import Any

from tool_outcomes.workbook import check
from tool_outcomes.workbook.checks import REGISTRY

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "facilitator_sheets.py"
sheets: dict[str, Any] = runpy.run_path(str(SCRIPT))


def test_the_sheets_are_generated_from_the_current_checks_and_solutions() -> None:
    """A changed hint, case or solution without a re-run of the script fails here."""
    assert sheets["main"](["--check"]) == 0, "run: .venv/bin/python scripts/facilitator_sheets.py"


def test_every_exercise_of_the_text_is_on_both_sheets_with_its_solution() -> None:
    """Each exercise the notebooks set (every registered id but the 00.0 demo) has a section
    on both sheets, and the answer key holds its solution code or prose."""
    check("00.0", ...)  # imports the exercise definitions
    ids = [i for i in REGISTRY.ids() if i != "00.0"]
    found = {section.exercise_id: section for section in sheets["sections"]()}
    assert sorted(found) == sorted(ids)
    assert all(section.code or section.prose for section in found.values())
    mistakes = sheets["MISTAKES"].read_text(encoding="utf-8")
    key = sheets["ANSWER_KEY"].read_text(encoding="utf-8")
    for exercise_id in ids:
        assert re.search(rf"^## {re.escape(exercise_id)} · ", mistakes, re.M), exercise_id
        assert re.search(rf"^### {re.escape(exercise_id)} · ", key, re.M), exercise_id


def test_the_answer_key_shows_no_solution_marker_and_no_block_the_docs_test_would_run() -> None:
    """Markers are for the release script, not for print; every code block is marked no-run."""
    key = sheets["ANSWER_KEY"].read_text(encoding="utf-8")
    assert "BEGIN SOLUTION" not in key
    assert "# SOLUTION" not in key
    blocks = key.count("```python")
    assert blocks > 0
    assert key.count("<!-- docs: no-run -->\n```python") == blocks
