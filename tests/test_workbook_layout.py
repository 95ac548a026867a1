"""The workbook's layout shows its owners: one package per notebook, shared aids beside them.

``docs/authoring-notebooks.md`` ("Where a notebook's code lives") states the rules these tests
hold, and ``scripts/regroup_imports.py`` rewrites imports of the old flat modules.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

import tool_outcomes.workbook
from tool_outcomes.workbook.exercises import NOTEBOOK_PACKAGES

ROOT = Path(__file__).resolve().parent.parent
WORKBOOK = Path(tool_outcomes.workbook.__file__).parent
SOLUTIONS = ROOT / "notebooks" / "solutions"
NOTEBOOK_FILES = sorted(SOLUTIONS.glob("*.ipynb")) + sorted((ROOT / "notebooks").glob("*.ipynb"))
PACKAGES = sorted(p for p in WORKBOOK.iterdir() if p.is_dir() and re.fullmatch(r"nb\d{2}", p.name))
SHARED = sorted(WORKBOOK.glob("*.py"))
# An import of a notebook package, in any spelling: workbook.nb04…, from .nb04 …, from ..nb04 …
_PACKAGE_USE = re.compile(r"workbook\.(nb\d{2})\b|from \.+(nb\d{2})\b")


def _load_regroup_script() -> ModuleType:
    path = ROOT / "scripts" / "regroup_imports.py"
    spec = importlib.util.spec_from_file_location("regroup_imports", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


regroup = _load_regroup_script()


def _packages_used(text: str) -> set[str]:
    return {a or b for a, b in _PACKAGE_USE.findall(text)}


def _cells_text(notebook: Path) -> str:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells)


# -- the layout ------------------------------------------------------------------------------------


def test_every_lesson_has_a_package_and_every_package_a_lesson() -> None:
    """nbNN exists for each lesson NN, and for nothing else."""
    lessons = {f"nb{p.name[:2]}" for p in SOLUTIONS.glob("*.ipynb")}
    assert {p.name for p in PACKAGES} == lessons


def test_every_package_registers_its_exercises_in_notebook_order() -> None:
    """The registry imports each package's exercises, 00 first: no list to keep in step."""
    with_exercises = [p.name for p in PACKAGES if (p / "exercises.py").is_file()]
    assert tuple(with_exercises) == NOTEBOOK_PACKAGES
    assert NOTEBOOK_PACKAGES[0] == "nb00"


def test_no_old_flat_module_is_left_beside_the_packages() -> None:
    """An exNN.py or a moved module at the top level belongs in its notebook's package."""
    stray = [
        p.name
        for p in SHARED
        if re.fullmatch(r"ex\d{2}[a-z]?\.py", p.name) or p.stem in regroup.MOVED
    ]
    assert stray == [], f"move them into nbNN/ (docs/authoring-notebooks.md): {stray}"


@pytest.mark.parametrize("module", SHARED, ids=lambda p: p.name)
def test_a_shared_aid_never_imports_a_notebook_package(module: Path) -> None:
    """Imports flow one way: shared aids are below every notebook."""
    assert _packages_used(module.read_text(encoding="utf-8")) == set()


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_a_notebook_package_imports_no_later_notebook(package: Path) -> None:
    """A package may build on an earlier notebook's (the capstone on 08), never a later one."""
    for module in package.glob("*.py"):
        later = {p for p in _packages_used(module.read_text(encoding="utf-8")) if p > package.name}
        assert later == set(), f"{package.name}/{module.name} imports {later}"


@pytest.mark.parametrize("notebook", NOTEBOOK_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_notebook_uses_only_its_own_package(notebook: Path) -> None:
    """Notebook NN (and its appendix NNa) imports nbNN's aids, no other notebook's."""
    assert _packages_used(_cells_text(notebook)) <= {f"nb{notebook.name[:2]}"}


@pytest.mark.parametrize("notebook", NOTEBOOK_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_notebook_imports_an_old_module_path(notebook: Path) -> None:
    """Every notebook is rewritten already: the regroup script finds nothing to do."""
    text = _cells_text(notebook)
    assert regroup.rewrite(text) == text


# -- the rewrite script --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "from tool_outcomes.workbook.retry_lab import BASE_S",
            "from tool_outcomes.workbook.nb06.retry_lab import BASE_S",
        ),
        (
            "from tool_outcomes.workbook.ex06 import EXERCISE_POLICY",
            "from tool_outcomes.workbook.nb06.exercises import EXERCISE_POLICY",
        ),
        (
            "from tool_outcomes.workbook import warehouse",
            "from tool_outcomes.workbook.nb04 import warehouse",
        ),
        (
            "from tool_outcomes.workbook import check, warehouse  # the SDK",
            "from tool_outcomes.workbook import check  # the SDK\n"
            "from tool_outcomes.workbook.nb04 import warehouse",
        ),
        (
            "from tool_outcomes.workbook import (\n    ex05,\n    show,\n)",
            "from tool_outcomes.workbook import show\n"
            "from tool_outcomes.workbook.nb05 import exercises as ex05",
        ),
        (
            "    from tool_outcomes.workbook import claims as c",
            "    from tool_outcomes.workbook.nb08 import claims as c",
        ),
        (
            'monkeypatch.setattr("tool_outcomes.workbook.ticket_service.SCENARIOS", x)',
            'monkeypatch.setattr("tool_outcomes.workbook.nb10.ticket_service.SCENARIOS", x)',
        ),
        (
            "see src/tool_outcomes/workbook/ex05.py",
            "see src/tool_outcomes/workbook/nb05/exercises.py",
        ),
        ("workbook/ticket_service.md", "workbook/nb10/ticket_service.md"),
        # shared aids and look-alike names stay as they are
        (
            "from tool_outcomes.workbook.scenarios import fetch",
            "from tool_outcomes.workbook.scenarios import fetch",
        ),
        ("tool_outcomes.workbook.ex01x", "tool_outcomes.workbook.ex01x"),
        (
            "from tool_outcomes.workbook import check, show",
            "from tool_outcomes.workbook import check, show",
        ),
    ],
)
def test_the_rewrite_maps_every_spelling_of_an_old_path(old: str, new: str) -> None:
    """Dotted paths, ``from … import module`` lists and file paths all move; others stay."""
    assert regroup.rewrite(old) == new
    assert regroup.rewrite(new) == new, "idempotent"


def test_the_rewrite_of_a_notebook_is_idempotent(tmp_path: Path) -> None:
    """Run twice, the script changes a notebook once, and only its sources."""
    notebook = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": 1,
                "id": "a",
                "metadata": {},
                "outputs": [
                    {"name": "stdout", "output_type": "stream", "text": ["workbook.claims\n"]}
                ],
                "source": ["from tool_outcomes.workbook.claims import Claim\n", "Claim"],
            }
        ],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = tmp_path / "08_x.ipynb"
    path.write_text(json.dumps(notebook, indent=1) + "\n", encoding="utf-8")
    assert regroup.main([str(path)]) == 0
    first = path.read_text(encoding="utf-8")
    cell = json.loads(first)["cells"][0]
    assert cell["source"] == ["from tool_outcomes.workbook.nb08.claims import Claim\n", "Claim"]
    assert cell["outputs"] == notebook["cells"][0]["outputs"]  # type: ignore[index]
    assert regroup.main(["--check", str(path)]) == 0
    assert regroup.main([str(path)]) == 0
    assert path.read_text(encoding="utf-8") == first


def test_the_check_mode_reports_pending_work_and_changes_nothing(tmp_path: Path) -> None:
    """``--check`` exits 1 on a file that still names an old module, and leaves it alone."""
    path = tmp_path / "test_x.py"
    path.write_text("from tool_outcomes.workbook.ex09 import X\n", encoding="utf-8")
    assert regroup.main(["--check", str(path)]) == 1
    assert path.read_text(encoding="utf-8") == "from tool_outcomes.workbook.ex09 import X\n"
