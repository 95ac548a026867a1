"""scripts/run_notebooks.py, which runs the notebooks in the learner's environment in .ci/run:
what it counts as a notebook that did not run clean."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import nbformat
import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "run_notebooks.py"
run_notebooks: dict[str, Any] = runpy.run_path(str(SCRIPT))
problems_of = run_notebooks["problems"]
chosen = run_notebooks["chosen"]

SUBS = run_notebooks["sanitizers"]()


def stream(text: str, name: str = "stdout") -> Any:
    return {"output_type": "stream", "name": name, "text": text}


def value(text: str) -> Any:
    return {"output_type": "execute_result", "data": {"text/plain": text}}


def error(name: str = "ModuleNotFoundError") -> Any:
    return {"output_type": "error", "ename": name, "evalue": "No module named 'pytest'"}


def notebook(outputs: list[Any], tags: tuple[str, ...] = ()) -> Any:
    """A title and one code cell with these outputs and tags."""
    cell = {"cell_type": "code", "metadata": {"tags": list(tags)}, "outputs": outputs}
    cells = {"cells": [{"cell_type": "markdown"}, cell]}
    return nbformat.from_dict(cells)  # type: ignore[no-untyped-call] # nbformat is untyped


CASES = [
    # (committed outputs, outputs of this run, the cell's tags, a problem is found)
    ([stream("34 passed\n")], [stream("34 passed\n")], (), False),
    ([stream("34 passed\n")], [stream("No module named pytest\n")], (), True),
    ([stream("34 passed\n")], [stream("34 "), stream("passed\n")], (), False),
    ([value("[PASS] 09.1")], [value("[PASS] 09.1")], (), False),
    ([value("[PASS] 09.1")], [value("[FAIL] 09.1")], (), True),
    ([], [error()], (), True),
    ([error()], [error()], ("raises-exception",), False),
    ([], [error()], ("nbval-ignore-output",), True),
    ([value("a widget")], [value("another widget")], ("nbval-ignore-output",), False),
    ([stream("pydantic version 2.1\n")], [stream("pydantic version 2.9.3\n")], (), False),
]


@pytest.mark.parametrize(("before", "after", "tags", "found"), CASES)
def test_an_error_or_a_changed_text_is_a_problem_unless_the_tags_allow_it(
    before: list[Any], after: list[Any], tags: tuple[str, ...], found: bool
) -> None:
    """An unannounced error always counts; a changed text counts unless its output is ignored;
    streams split differently and a sanitized version do not."""
    problems = problems_of(notebook(before, tags), notebook(after, tags), SUBS)
    assert bool(problems) is found, problems
    if found:
        assert problems[0].startswith("cell 2:")


def test_every_notebook_is_chosen_in_both_copies_and_a_number_picks_its_pair() -> None:
    """With no numbers, every learner copy and solution; with one, that notebook's two copies."""
    every = chosen([])
    learner = [p for p in every if p.parent.name == "notebooks"]
    solutions = [p for p in every if p.parent.name == "solutions"]
    assert learner
    assert [p.name for p in learner] == [p.name for p in solutions]
    assert {p.name[:2] for p in chosen(["03"])} == {"03"}
    assert len(chosen(["03"])) == 2


def test_a_lesson_number_picks_its_parts_and_a_part_number_only_the_part() -> None:
    """``06`` runs 06 and its part 06b (both copies each); ``06b`` runs the part alone."""
    assert sorted({p.name.split("_", 1)[0] for p in chosen(["06"])}) == ["06", "06b"]
    assert len(chosen(["06"])) == 4
    assert {p.name.split("_", 1)[0] for p in chosen(["06b"])} == {"06b"}
    assert len(chosen(["06b"])) == 2
