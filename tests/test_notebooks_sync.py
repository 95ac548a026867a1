"""The workbook notebooks: learner copies in sync with their solutions, the shape, clean outputs.

The transformation itself is ``scripts/release_notebooks.py``; these tests call the same
functions its ``--check`` mode calls, so "the tests pass" and "the release is current" agree.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import nbformat
import pytest

from tool_outcomes.workbook.checks import DEFINITIONS_MODULE, REGISTRY

# nbformat ships no annotations; typing the module as Any keeps the calls below unannotated.
V4: Any = nbformat.v4
new_code_cell, new_markdown_cell, new_notebook = (
    V4.new_code_cell,
    V4.new_markdown_cell,
    V4.new_notebook,
)

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"


def _load_release_script() -> ModuleType:
    path = ROOT / "scripts" / "release_notebooks.py"
    spec = importlib.util.spec_from_file_location("release_notebooks", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses and pickling look modules up by name
    spec.loader.exec_module(module)
    return module


release = _load_release_script()
SOLUTIONS: list[Path] = release.solution_notebooks()
LESSONS: list[Path] = [p for p in SOLUTIONS if not release.is_appendix(p)]
APPENDICES: list[Path] = [p for p in SOLUTIONS if release.is_appendix(p)]
EVERY_NOTEBOOK: list[Path] = [*SOLUTIONS, *(release.learner_path(p) for p in SOLUTIONS)]

_CHECK_CALL = re.compile(r"""\bcheck\(\s*["'](\d{2}\.\d+)["']""")
_LINK = re.compile(r"\]\(([^)\s#]+\.ipynb)(?:#[^)]*)?\)")
_ADDRESS = re.compile(r"0x[0-9a-f]{6,}", re.IGNORECASE)
_ABSOLUTE_PATH = re.compile(
    r"(?<![\w.:/~-])/(?:home|Users|tmp|work|usr|opt|var|root|private|mnt|srv|etc)/"
    r"|\b[A-Za-z]:\\[A-Za-z]"
)


def _read(path: Path) -> Any:
    return release.read_notebook(path)


def _by_name(paths: list[Path]) -> list[Any]:
    return [pytest.param(p, id=p.relative_to(NOTEBOOKS).as_posix()) for p in paths]


def _code_cells(nb: Any) -> list[Any]:
    return [c for c in nb.cells if c.cell_type == "code"]


def _markdown(nb: Any) -> str:
    return "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


def _output_texts(cell: Any) -> list[str]:
    texts: list[str] = []
    for output in cell.get("outputs", []):
        texts.append(output.get("text", ""))
        texts.append(output.get("evalue", ""))
        texts.extend(output.get("traceback", []))
        for mime, value in output.get("data", {}).items():
            if isinstance(value, str) and not mime.startswith("image/"):  # base64 is noise
                texts.append(value)
    return texts


# -- in sync -------------------------------------------------------------------------------------


def test_the_workbook_has_notebooks() -> None:
    """Guard the parametrised tests below against silently running on nothing."""
    assert any(p.name.startswith("00_") for p in SOLUTIONS)


@pytest.mark.parametrize("solution", _by_name(SOLUTIONS))
def test_learner_notebook_is_the_transformation_of_its_solution(solution: Path) -> None:
    """A committed learner notebook equals its in-memory rebuild and shows no solution text."""
    assert release.sync_problems(solution, release.learner_path(solution)) == []


def test_release_check_finds_nothing_to_do() -> None:
    """``release_notebooks.py --check`` passes, including "no learner notebook without a source"."""
    assert release.check_all() == []
    assert release.main(["--check"]) == 0


# -- the transformation --------------------------------------------------------------------------

STRIP_CODE = [
    (
        "def f(x):\n    '''Doc.'''\n    ### BEGIN SOLUTION\n    y = x + 1\n    return y\n"
        "    ### END SOLUTION\n\ncheck('00.2', f)",
        "def f(x):\n    '''Doc.'''\n    # YOUR CODE HERE\n    raise NotImplementedError()\n"
        "\ncheck('00.2', f)",
    ),
    ("answer = Outcome.EMPTY  # SOLUTION", "answer = ...  # YOUR CODE HERE"),
    ("    limit: int = 3 * 2  # SOLUTION", "    limit: int = ...  # YOUR CODE HERE"),
    ("x = 1  # not a solution\nprint(x)", "x = 1  # not a solution\nprint(x)"),
    (
        "class A:\n    def m(self):\n        ### BEGIN SOLUTION\n        return 1\n"
        "        ### END SOLUTION",
        "class A:\n    def m(self):\n        # YOUR CODE HERE\n        raise NotImplementedError()",
    ),
]


@pytest.mark.parametrize(("source", "learner"), STRIP_CODE)
def test_solution_regions_become_stubs(source: str, learner: str) -> None:
    """Regions become an indented stub, one-line answers become ``...``, the rest is kept."""
    assert release.strip_code(source, "nb, cell 1")[0] == learner


def test_markdown_solution_regions_are_removed() -> None:
    """A markdown region disappears with its markers; the text around it stays."""
    source = "Before.\n<!-- BEGIN SOLUTION -->\nThe answer is 42.\n<!-- END SOLUTION -->\nAfter."
    learner, removed = release.strip_markdown(source, "nb, cell 0")
    assert learner == "Before.\nAfter."
    assert "The answer is 42." in removed


MALFORMED = [
    ("def f():\n    ### BEGIN SOLUTION\n    return 1", "line 2: '### BEGIN SOLUTION' without"),
    ("def f():\n    return 1\n    ### END SOLUTION", "line 3: '### END SOLUTION' without"),
    (
        "def f():\n    ### BEGIN SOLUTION\n    ### BEGIN SOLUTION\n    ### END SOLUTION",
        "line 3: nested '### BEGIN SOLUTION' (the region opened on line 2",
    ),
    ("### BEGIN SOLUTION\nx = 1\n### END SOLUTION", "line 1: a solution region at top level"),
    ("def f():\n    # BEGIN SOLUTION\n    return 1", "line 2: spell the markers exactly"),
    ("print(42)  # SOLUTION", "line 1: '# SOLUTION' marks only 'name = expr  # SOLUTION'"),
]


@pytest.mark.parametrize(("source", "message"), MALFORMED)
def test_malformed_regions_are_errors_naming_notebook_and_cell(source: str, message: str) -> None:
    """A broken marker stops the release with the notebook, cell and line that need fixing."""
    nb = new_notebook(cells=[new_markdown_cell("# T"), new_code_cell(source)])
    with pytest.raises(release.ReleaseError, match=re.escape(f"07_x.ipynb, cell 1, {message}")):
        release.to_learner(nb, "07_x.ipynb")


@pytest.mark.parametrize(
    "markdown",
    [
        "<!-- BEGIN SOLUTION -->\nopen",
        "closed\n<!-- END SOLUTION -->",
        "<!-- BEGIN SOLUTION -->\n<!-- BEGIN SOLUTION -->\n<!-- END SOLUTION -->",
    ],
)
def test_malformed_markdown_regions_are_errors(markdown: str) -> None:
    """Unbalanced or nested markdown regions name the notebook and cell."""
    nb = new_notebook(cells=[new_markdown_cell(markdown)])
    with pytest.raises(release.ReleaseError, match=r"^07_x\.ipynb, cell 0: "):
        release.to_learner(nb, "07_x.ipynb")


def _write(nb: Any, path: Path) -> None:
    path.write_text(V4.writes(nb), encoding="utf-8")


def test_a_learner_notebook_that_leaks_or_drifts_is_reported(tmp_path: Path) -> None:
    """Solution text in a learner cell, or a source edited by hand, fails the sync check."""
    code = "def f(x):\n    ### BEGIN SOLUTION\n    return x * 2 + 1\n    ### END SOLUTION"
    solution = new_notebook(cells=[new_markdown_cell("# T"), new_code_cell(code)])
    learner, secret = release.to_learner(solution, "07_x.ipynb")
    assert secret == {"return x * 2 + 1"}
    solution_path, learner_path = tmp_path / "solution.ipynb", tmp_path / "learner.ipynb"
    _write(solution, solution_path)
    _write(learner, learner_path)
    assert release.sync_problems(solution_path, learner_path) == []

    learner.cells[1].outputs = [V4.new_output("stream", text="return x * 2 + 1\n")]
    learner.cells[0].source = "# T, edited"
    _write(learner, learner_path)
    assert release.sync_problems(solution_path, learner_path) == [
        "learner.ipynb, cell 0: source differs from the solution's",
        "learner.ipynb, cell 1: contains solution text 'return x * 2 + 1'",
    ]
    assert release.sync_problems(solution_path, tmp_path / "gone.ipynb") == [
        "gone.ipynb is missing: run python scripts/release_notebooks.py"
    ]


# -- shape ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("solution", _by_name(LESSONS))
def test_every_notebook_has_the_workbook_shape(solution: Path) -> None:
    """Title, objectives, exercises with checks, a recap and a link to the next notebook."""
    nb = _read(solution)
    first = nb.cells[0]
    assert first.cell_type == "markdown"
    assert re.match(r"# \S", first.source), "the first cell starts with an H1 title"
    markdown = _markdown(nb)
    assert re.search(r"you will learn", markdown, re.IGNORECASE)
    assert re.search(r"^##+ .*\bRecap\b", markdown, re.MULTILINE)
    checks = [c for c in _code_cells(nb) if _CHECK_CALL.search(c.source)]
    if not solution.name.startswith("00_"):
        assert checks, "every notebook after 00 has at least one exercise with a check"
    later = [p.name for p in LESSONS if p.name > solution.name]
    if later:
        assert f"]({later[0]})" in markdown, f"a link to the next notebook, {later[0]}"


@pytest.mark.parametrize("appendix", _by_name(APPENDICES))
def test_an_appendix_is_reference_linked_both_ways_with_its_lesson(appendix: Path) -> None:
    """An appendix has a title and no exercise; it and its lesson link to each other."""
    nb = _read(appendix)
    assert re.match(r"# \S", nb.cells[0].source), "the first cell starts with an H1 title"
    assert not [c for c in _code_cells(nb) if _CHECK_CALL.search(c.source)], "no exercises"
    number = appendix.name[:2]
    lesson = next(p for p in LESSONS if p.name.startswith(f"{number}_"))
    assert f"]({lesson.name}" in _markdown(nb), f"a link back to {lesson.name}"
    assert f"]({appendix.name}" in _markdown(_read(lesson)), f"{lesson.name} links to it"


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("04_classifying_upstreams.ipynb", "lesson"),
        ("04a_classifier_reference.ipynb", "appendix"),
        ("06b_budgets_and_the_breaker.ipynb", "part"),
        ("06_retry_reference.ipynb", "lesson"),
        ("04ab_x.ipynb", None),
        ("4_x.ipynb", None),
    ],
)
def test_a_letter_after_the_number_makes_a_part_or_with_reference_an_appendix(
    name: str, kind: str | None
) -> None:
    """``NNb_topic`` is a part of lesson NN, ``NNa_topic_reference`` an appendix to it; a name
    of another shape is not a workbook notebook."""
    assert bool(release.NOTEBOOK_NAME.match(name)) is (kind is not None)
    if kind is not None:
        assert release.is_appendix(Path(name)) is (kind == "appendix")
        assert release.is_part(Path(name)) is (kind == "part")


def test_every_part_continues_a_lesson_of_its_number() -> None:
    """A part (``06b``) has the lesson it continues (``06_``), which links to it."""
    parts = [p for p in SOLUTIONS if release.is_part(p)]
    for part in parts:
        lesson = next(p for p in LESSONS if p.name.startswith(f"{part.name[:2]}_"))
        assert f"]({part.name}" in _markdown(_read(lesson)), f"{lesson.name} links to {part.name}"


@pytest.mark.parametrize("solution", _by_name(SOLUTIONS))
def test_checks_name_exercises_of_their_own_notebook(solution: Path) -> None:
    """Each check cell names a registered exercise of its notebook's number, and each exercise of
    that number is checked in the lesson or one of its parts (06.3 in 06b), in order."""
    __import__(DEFINITIONS_MODULE)
    number = solution.name[:2]
    used = {m for c in _code_cells(_read(solution)) for m in _CHECK_CALL.findall(c.source)}
    assert all(exercise_id.startswith(f"{number}.") for exercise_id in used), used
    assert used <= set(REGISTRY.ids()), used - set(REGISTRY.ids())
    if not release.is_appendix(solution):
        chapter = [p for p in LESSONS if p.name[:2] == number]  # the lesson, then its parts
        in_order = [
            m for p in chapter for c in _code_cells(_read(p)) for m in _CHECK_CALL.findall(c.source)
        ]
        registered = [i for i in REGISTRY.ids() if i.startswith(f"{number}.")]
        first_checks = list(dict.fromkeys(in_order))  # 00 checks its demo 00.0 more than once
        assert first_checks == registered, "every exercise checked, numbered on across the parts"


@pytest.mark.parametrize("notebook", _by_name(EVERY_NOTEBOOK))
def test_links_between_notebooks_resolve(notebook: Path) -> None:
    """Navigation links point at notebooks that exist."""
    for target in _LINK.findall(_markdown(_read(notebook))):
        if "://" in target:
            continue
        resolved = notebook.parent / target
        assert resolved.exists(), f"dead link {target}"


@pytest.mark.parametrize("notebook", _by_name(EVERY_NOTEBOOK))
def test_at_most_one_code_cell_in_ten_ignores_its_output(notebook: Path) -> None:
    """nbval compares nearly every cell: ``nbval-ignore-output`` is the rare exception."""
    cells = _code_cells(_read(notebook))
    ignored = [c for c in cells if "nbval-ignore-output" in c.metadata.get("tags", [])]
    assert len(ignored) * 10 <= len(cells), f"{len(ignored)} of {len(cells)} code cells"


# -- committed outputs ---------------------------------------------------------------------------


@pytest.mark.parametrize("notebook", _by_name(EVERY_NOTEBOOK))
def test_committed_outputs_are_executed_and_deterministic(notebook: Path) -> None:
    """Every code cell ran (else nbval skips it) and carries no run-specific metadata."""
    for index, cell in enumerate(_code_cells(_read(notebook))):
        assert cell.execution_count is not None, f"code cell {index} was never executed"
        assert "execution" not in cell.metadata, f"code cell {index} records timestamps"


@pytest.mark.parametrize("notebook", _by_name(EVERY_NOTEBOOK))
def test_committed_outputs_show_no_absolute_paths_or_addresses(notebook: Path) -> None:
    """Outputs must read the same on every machine: no /home/…, C:\\…, or 0x7f… in them."""
    home = str(Path.home())
    for index, cell in enumerate(_read(notebook).cells):
        for text in _output_texts(cell):
            assert not _ADDRESS.search(text), f"cell {index}: memory address in {text!r}"
            assert not _ABSOLUTE_PATH.search(text), f"cell {index}: absolute path in {text!r}"
            assert str(ROOT) not in text, f"cell {index}: the repository path in {text!r}"
            assert home == "/" or home not in text, f"cell {index}: the home path in {text!r}"


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("File /home/ana/repo/x.py, line 3", True),
        ("C:\\Users\\ana\\x.py", True),
        ("<object at 0x7f3a2b1c0d>", True),
        ("see https://errors.pydantic.dev/2.14/v/value_error", False),
        ("src/tool_outcomes (this repo)", False),
        ("3 of 10 returned, next cursor 'p2'", False),
    ],
)
def test_the_output_scanner_tells_paths_and_addresses_from_text(text: str, bad: bool) -> None:
    """The patterns above catch what they should and let ordinary output through."""
    assert bool(_ADDRESS.search(text) or _ABSOLUTE_PATH.search(text)) is bad


# -- executing a release -------------------------------------------------------------------------


def _tagged(cell: Any, tag: str) -> Any:
    cell.metadata["tags"] = [tag]
    return cell


@pytest.mark.parametrize(
    ("cells", "message"),
    [
        (
            [new_markdown_cell("# T"), new_code_cell("x = 1"), new_code_cell("1 / 0")],
            "07_x.ipynb, cell 2 raised while executing",
        ),
        (
            [_tagged(new_code_cell("x = 1"), "raises-exception")],
            "07_x.ipynb, cell 0 is tagged raises-exception but did not raise",
        ),
    ],
    ids=["untagged-error", "tagged-but-clean"],
)
def test_a_release_stops_on_a_cell_that_fails_unexpectedly(
    cells: list[Any], message: str, tmp_path: Path
) -> None:
    """A cell that raises without the tag, or is tagged and does not raise, is named."""
    with pytest.raises(release.ReleaseError, match=re.escape(message)):
        release.execute(new_notebook(cells=cells), tmp_path, "07_x.ipynb", timeout_s=60)


def test_released_errors_keep_one_line_and_no_paths() -> None:
    """An on-purpose error keeps its name and message; frames (paths, colours) are dropped."""
    cell = new_code_cell("boom()")
    cell.outputs = [
        V4.new_output(
            "error",
            ename="ValueError",
            evalue="bad",
            traceback=["\x1b[0;31m File /home/ana/x.py:3\x1b[0m", "ValueError: bad"],
        )
    ]
    cell.metadata["execution"] = {"iopub.status.busy": "2026-01-01T00:00:00Z"}
    nb = new_notebook(cells=[cell])
    nb.metadata["language_info"] = {"name": "python", "version": "3.11.7"}
    release.make_deterministic(nb, "07_x")
    assert nb.cells[0].outputs[0].traceback == ["ValueError: bad"]
    assert "execution" not in nb.cells[0].metadata
    assert nb.metadata.language_info == {"name": "python"}
    assert nb.metadata.kernelspec["name"] == "python3"


# -- releasing twice -----------------------------------------------------------------------------

_VIEW = release.WIDGET_VIEW_MIME
_STATE = release.WIDGET_STATE_MIME


def _widget_notebook(ids: tuple[str, str, str]) -> Any:
    """An executed notebook showing one box (``ids[0]``) holding a slider, sharing one layout."""
    box, slider, layout = ids
    cell = new_code_cell("w.VBox([w.IntSlider()])")
    cell.outputs = [
        V4.new_output(
            "display_data",
            data={_VIEW: {"model_id": box, "version_major": 2, "version_minor": 0}},
        )
    ]
    nb = new_notebook(cells=[new_markdown_cell("# T", id="title"), cell])
    cell.id = "box"
    nb.metadata["widgets"] = {
        _STATE: {
            "state": {
                layout: {"model_name": "LayoutModel", "state": {}},
                slider: {
                    "model_name": "IntSliderModel",
                    "state": {"layout": f"IPY_MODEL_{layout}", "value": 3},
                },
                box: {
                    "model_name": "VBoxModel",
                    "state": {"children": [f"IPY_MODEL_{slider}"], "layout": f"IPY_MODEL_{layout}"},
                },
            },
            "version_major": 2,
            "version_minor": 0,
        }
    }
    return nb


def test_widget_model_ids_do_not_depend_on_the_kernels_random_ones() -> None:
    """Two runs that drew different random ids release the same JSON, references intact."""
    first = _widget_notebook(("b" * 32, "s" * 32, "l" * 32))
    second = _widget_notebook(("1" * 32, "2" * 32, "3" * 32))
    for nb in (first, second):
        release.make_deterministic(nb, "07_x")
    assert V4.writes(first) == V4.writes(second)
    state = first.metadata["widgets"][_STATE]["state"]
    box_id = first.cells[1].outputs[0]["data"][_VIEW]["model_id"]
    assert state[box_id]["model_name"] == "VBoxModel"
    slider_ref = state[box_id]["state"]["children"][0].removeprefix("IPY_MODEL_")
    assert state[slider_ref]["model_name"] == "IntSliderModel"
    assert state[slider_ref]["state"]["layout"] == state[box_id]["state"]["layout"]
    assert "b" * 32 not in V4.writes(first)


def test_releasing_an_unchanged_notebook_twice_writes_the_same_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A re-release with nothing changed is no diff: widgets, ids, metadata and outputs alike."""
    solutions = tmp_path / "solutions"
    solutions.mkdir()
    monkeypatch.setattr(release, "NOTEBOOKS", tmp_path)
    monkeypatch.setattr(release, "SOLUTIONS", solutions)
    source = new_notebook(
        cells=[
            new_markdown_cell("# T"),
            new_code_cell(
                "import ipywidgets as w\n\n"
                "w.VBox([w.IntSlider(value=3), w.HBox([w.Checkbox(value=True), w.Label('x')])])"
            ),
            new_code_cell("answer = 6 * 7  # SOLUTION\nanswer"),
        ]
    )
    solution = solutions / "07_x.ipynb"
    _write(source, solution)
    written = []
    for _ in range(2):
        release.release_one(solution, solutions=True, timeout_s=60)
        written.append((solution.read_bytes(), (tmp_path / "07_x.ipynb").read_bytes()))
    assert written[0] == written[1]
    assert _STATE.encode() in written[0][1], "the learner notebook keeps its widget state"


def test_a_stream_split_by_the_kernel_is_released_as_one_output() -> None:
    """Where the kernel flushed mid-print is chance: adjacent writes to one stream are joined."""
    cell = new_code_cell("print('a'); print('b'); display(1); print('c')")
    cell.outputs = [
        V4.new_output("stream", name="stdout", text="a\n"),
        V4.new_output("stream", name="stdout", text="b\n"),
        V4.new_output("stream", name="stderr", text="warn\n"),
        V4.new_output("display_data", data={"text/plain": "1"}),
        V4.new_output("stream", name="stdout", text="c\n"),
    ]
    nb = new_notebook(cells=[cell])
    release.make_deterministic(nb, "07_x")
    assert [(o.output_type, o.get("text")) for o in nb.cells[0].outputs] == [
        ("stream", "a\nb\n"),
        ("stream", "warn\n"),
        ("display_data", None),
        ("stream", "c\n"),
    ]


# -- 00's setup check ----------------------------------------------------------------------------


def _setup_check_source() -> str:
    start_here = next(p for p in SOLUTIONS if p.name.startswith("00_"))
    cells = _code_cells(_read(start_here))
    (source,) = [c.source for c in cells if "STALE ENVIRONMENT" in c.source]
    return str(source)


def _run_setup_check(cwd: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any) -> str:
    monkeypatch.chdir(cwd)
    exec(compile(_setup_check_source(), "00_start_here setup check", "exec"), {})
    return str(capsys.readouterr().out)


def test_the_setup_check_passes_in_this_checkout(
    monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    """Run from notebooks/, the kernel's tool_outcomes is this checkout's src/tool_outcomes."""
    out = _run_setup_check(NOTEBOOKS, monkeypatch, capsys)
    assert out.splitlines()[-1] == "tool_outcomes imported from src/tool_outcomes (this checkout)"


def test_the_setup_check_names_a_stale_environment_and_what_to_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    """In another checkout the imported package is not its own: say so, and how to repair it."""
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'tool-outcomes'\n")
    (tmp_path / "notebooks").mkdir()
    out = _run_setup_check(tmp_path / "notebooks", monkeypatch, capsys)
    assert "STALE ENVIRONMENT" in out
    assert str(tmp_path / "src" / "tool_outcomes") in out
    assert "python3 dev.py lab" in out
    assert "delete the .venv folder" in out


# -- the READMEs ---------------------------------------------------------------------------------

_MARKDOWN_LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")


@pytest.mark.parametrize(
    "page",
    [NOTEBOOKS / "README.md", ROOT / "docs" / "authoring-notebooks.md"],
    ids=lambda p: p.name,
)
def test_the_learner_readme_and_the_author_notes_link_to_what_exists(page: Path) -> None:
    """Every relative link in the learner's README and the author notes resolves."""
    targets = [
        t for t in _MARKDOWN_LINK.findall(page.read_text(encoding="utf-8")) if "://" not in t
    ]
    assert targets, f"{page.name} links to nothing"
    for target in targets:
        assert (page.parent / target).exists(), f"{page.name}: dead link {target}"


def test_the_learner_readme_starts_a_learner_at_notebook_00() -> None:
    """JupyterLab opens in notebooks/: its README names 00 first and says how to reset."""
    text = (NOTEBOOKS / "README.md").read_text(encoding="utf-8")
    assert text.index("00_start_here.ipynb") < text.index("01_")
    assert "git checkout -- notebooks/" in text
    assert "generated; do not edit" not in text, "author notes belong in docs/"
