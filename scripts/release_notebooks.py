#!/usr/bin/env python3
"""Generate the learner notebooks from the authored solutions, and prove they are in sync.

The source of each notebook is ``notebooks/solutions/NN_topic.ipynb``. Its solution regions are
marked, nbgrader-style:

* in code, a block between ``### BEGIN SOLUTION`` and ``### END SOLUTION`` lines becomes
  ``# YOUR CODE HERE`` + ``raise NotImplementedError()`` at the block's indentation;
* in code, a line ``name = expr  # SOLUTION`` becomes ``name = ...  # YOUR CODE HERE``;
* in markdown, ``<!-- BEGIN SOLUTION -->…<!-- END SOLUTION -->`` is removed.

Usage::

    python scripts/release_notebooks.py [NN ...]          # regenerate and execute
    python scripts/release_notebooks.py --check [NN ...]  # verify only, no kernel (what CI runs)

A release strips outputs, executes the learner notebook (kernel ``python3``, cwd ``notebooks/``)
so its worked examples carry outputs, re-executes the solution notebook in place (cwd
``notebooks/solutions/``, as nbval runs it) unless ``--no-solutions``, and writes both with
deterministic metadata: releasing an unchanged notebook twice writes the same bytes (widget
models get ids derived from the notebook's name, not the kernel's random ones).

A lesson is ``NN_topic.ipynb``. A letter after the number adds a notebook to lesson ``NN``:

* a **part**, ``NNb_topic.ipynb`` (``06b_budgets_and_the_breaker``): a lesson of its own, with
  objectives, exercises and a recap, that continues lesson ``NN`` (its exercises are numbered on
  from the lesson's, ``06.3`` after ``06.2``);
* an **appendix**, ``NNa_topic_reference.ipynb`` (``04a_classifier_reference``): reference tables a
  learner opens on demand, no exercises. The name's ``_reference`` ending is what makes it one.

Both are released like a lesson; ``release_notebooks.py 04`` releases notebook 04 and every
notebook lettered after it, ``04a`` that one alone.

``--check`` rebuilds every learner notebook in memory and reports any whose cell types, sources
or tags differ from its solution's transformation, or that contains solution text.
``tests/test_notebooks_sync.py`` calls the same functions.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import re
import sys
from pathlib import Path
from typing import Any

import nbformat

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
SOLUTIONS = NOTEBOOKS / "solutions"

#: A workbook notebook's file name: two digits, a letter or none, an underscore, the topic.
#: ``04_classifying_upstreams.ipynb`` is a lesson; ``06b_budgets_and_the_breaker.ipynb`` a part
#: of lesson 06; ``04a_classifier_reference.ipynb`` (a letter, and a topic ending in
#: ``_reference``) an appendix to lesson 04.
NOTEBOOK_NAME = re.compile(r"^(?P<number>\d{2})(?P<letter>[a-z]?)_(?P<topic>[a-z0-9_]+)\.ipynb$")
#: The ending of an appendix's topic: what tells ``04a_classifier_reference`` from a part.
APPENDIX_TOPIC_SUFFIX = "_reference"

BEGIN_CODE = "### BEGIN SOLUTION"
END_CODE = "### END SOLUTION"
STUB_COMMENT = "# YOUR CODE HERE"
STUB_RAISE = "raise NotImplementedError()"
STUB_LINES = frozenset({STUB_COMMENT, STUB_RAISE})

# Anything that looks like a region marker but is not spelled exactly is an author's typo.
_CODE_MARKER = re.compile(r"^#+\s*(BEGIN|END)\s+SOLUTION\b", re.IGNORECASE)
# "name = expr  # SOLUTION" (an annotation is allowed: "name: T = expr  # SOLUTION").
_ONE_LINE = re.compile(
    r"^(?P<indent>\s*)(?P<target>[A-Za-z_][\w.]*(?:\s*:\s*[^=#]+?)?)\s*=(?!=)\s*"
    r"(?P<expr>\S.*?)\s*#\s*SOLUTION\s*$"
)
_ONE_LINE_MARKER = re.compile(r"#\s*SOLUTION\s*$")
_MARKDOWN_MARKER = re.compile(r"<!--\s*(BEGIN|END)\s+SOLUTION\s*-->\n?")

#: The kernel every notebook runs on (nbval reads it from the notebook's metadata).
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
# Cell metadata that records when or how long a cell ran: different on every run.
_VOLATILE_CELL_METADATA = ("execution", "ExecuteTime", "collapsed", "scrolled")
WIDGET_VIEW_MIME = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE_MIME = "application/vnd.jupyter.widget-state+json"
# How ipywidgets refers from one model's state to another ("layout": "IPY_MODEL_<id>").
_MODEL_REFERENCE = "IPY_MODEL_"
DEFAULT_TIMEOUT_S = 120


def read_notebook(path: Path) -> Any:
    """Read a notebook as nbformat v4."""
    return nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call] # nbformat is untyped


def _write_notebook(nb: Any, path: Path) -> None:
    nbformat.write(nb, path)  # type: ignore[no-untyped-call] # nbformat is untyped


class ReleaseError(Exception):
    """A solutions notebook that cannot be released; the message names notebook and cell."""


# -- the transformation --------------------------------------------------------------------------


def _label(path: Path) -> str:
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return path.name


def strip_code(source: str, where: str) -> tuple[str, list[str]]:
    """Replace the solution regions of one code cell with stubs.

    Args:
        source: The cell's source.
        where: "notebook, cell N", for error messages.

    Returns:
        The learner's source, and the solution lines that were removed.

    Raises:
        ReleaseError: A marker is misspelled, nested, unbalanced or at top level.
    """
    kept: list[str] = []
    removed: list[str] = []
    open_at: int | None = None
    for lineno, line in enumerate(source.split("\n"), start=1):
        text = line.strip()
        indent = line[: len(line) - len(line.lstrip())]
        if _CODE_MARKER.match(text) and text not in (BEGIN_CODE, END_CODE):
            raise ReleaseError(
                f"{where}, line {lineno}: spell the markers exactly {BEGIN_CODE!r} / {END_CODE!r}"
            )
        if text == BEGIN_CODE:
            if open_at is not None:
                raise ReleaseError(
                    f"{where}, line {lineno}: nested {BEGIN_CODE!r} "
                    f"(the region opened on line {open_at} is still open)"
                )
            if not indent:
                raise ReleaseError(
                    f"{where}, line {lineno}: a solution region at top level would stop the "
                    "learner notebook; put it inside a function or use 'name = expr  # SOLUTION'"
                )
            open_at = lineno
            kept += [indent + STUB_COMMENT, indent + STUB_RAISE]
        elif text == END_CODE:
            if open_at is None:
                raise ReleaseError(f"{where}, line {lineno}: {END_CODE!r} without {BEGIN_CODE!r}")
            open_at = None
        elif open_at is not None:
            removed.append(line)
        elif _ONE_LINE_MARKER.search(line):
            match = _ONE_LINE.match(line)
            if match is None:
                raise ReleaseError(
                    f"{where}, line {lineno}: '# SOLUTION' marks only 'name = expr  # SOLUTION'"
                )
            kept.append(f"{match['indent']}{match['target']} = ...  {STUB_COMMENT}")
            removed.append(f"{match['indent']}{match['target']} = {match['expr']}")
        else:
            kept.append(line)
    if open_at is not None:
        raise ReleaseError(f"{where}, line {open_at}: {BEGIN_CODE!r} without {END_CODE!r}")
    return "\n".join(kept), removed


def strip_markdown(source: str, where: str) -> tuple[str, list[str]]:
    """Remove ``<!-- BEGIN SOLUTION -->…<!-- END SOLUTION -->`` regions from a markdown cell.

    Args:
        source: The cell's source.
        where: "notebook, cell N", for error messages.

    Returns:
        The learner's source, and the solution lines that were removed.

    Raises:
        ReleaseError: A region is nested or unbalanced.
    """
    kept: list[str] = []
    removed: list[str] = []
    position = 0
    open_at: int | None = None
    for marker in _MARKDOWN_MARKER.finditer(source):
        is_begin = marker[1].upper() == "BEGIN"
        if is_begin and open_at is not None:
            raise ReleaseError(f"{where}: nested '<!-- BEGIN SOLUTION -->'")
        if not is_begin and open_at is None:
            raise ReleaseError(f"{where}: '<!-- END SOLUTION -->' without a BEGIN")
        if is_begin:
            kept.append(source[position : marker.start()])
            open_at = marker.end()
        else:
            assert open_at is not None
            removed += source[open_at : marker.start()].split("\n")
            open_at = None
        position = marker.end()
    if open_at is not None:
        raise ReleaseError(f"{where}: '<!-- BEGIN SOLUTION -->' without an END")
    kept.append(source[position:])
    return "".join(kept), removed


def _clean_cell_metadata(cell: Any) -> None:
    for key in _VOLATILE_CELL_METADATA:
        cell.metadata.pop(key, None)


def to_learner(solution: Any, label: str) -> tuple[Any, set[str]]:
    """Transform a solutions notebook into its learner version, without outputs.

    Args:
        solution: The solutions notebook (an nbformat v4 node); left unchanged.
        label: The notebook's name, for error messages.

    Returns:
        The learner notebook, and the solution text that must never appear in it: stripped
        lines removed from regions that appear nowhere outside them (and are not bare
        punctuation, which would match anything).
    """
    learner = copy.deepcopy(solution)
    removed: list[str] = []
    for index, cell in enumerate(learner.cells):
        where = f"{label}, cell {index}"
        if cell.cell_type == "code":
            cell.source, lines = strip_code(cell.source, where)
            cell.outputs = []
            cell.execution_count = None
        elif cell.cell_type == "markdown":
            cell.source, lines = strip_markdown(cell.source, where)
        else:
            lines = []
        removed += lines
        _clean_cell_metadata(cell)
    kept = {line.strip() for cell in learner.cells for line in cell.source.split("\n")}
    secret = {
        text
        for text in (line.strip() for line in removed)
        if re.search(r"[A-Za-z0-9]", text) and text not in kept and text not in STUB_LINES
    }
    return learner, secret


def _tags(cell: Any) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def _output_text(output: Any) -> str:
    parts: list[str] = []
    if "text" in output:
        parts.append(output["text"])
    for value in output.get("data", {}).values():
        if isinstance(value, str):
            parts.append(value)
    if "evalue" in output:
        parts.append(output["evalue"])
    parts += output.get("traceback", [])
    return "\n".join(parts)


def sync_problems(solution_path: Path, learner_path: Path) -> list[str]:
    """What is wrong with a committed learner notebook, compared with its solution.

    Args:
        solution_path: ``notebooks/solutions/NN_topic.ipynb``.
        learner_path: ``notebooks/NN_topic.ipynb``.

    Returns:
        One message per problem (empty when in sync): a missing learner notebook, a different
        number of cells, a cell whose type, source or tags differ from the transformation, or
        solution text in a learner cell's source or outputs.

    Raises:
        ReleaseError: The solutions notebook itself is malformed.
    """
    label = _label(learner_path)
    if not learner_path.exists():
        return [f"{label} is missing: run python scripts/release_notebooks.py"]
    expected, secret = to_learner(read_notebook(solution_path), _label(solution_path))
    committed = read_notebook(learner_path)
    problems: list[str] = []
    if len(committed.cells) != len(expected.cells):
        problems.append(
            f"{label} has {len(committed.cells)} cells, its solution's transformation "
            f"{len(expected.cells)}"
        )
    for index, (got, want) in enumerate(zip(committed.cells, expected.cells, strict=False)):
        for what, got_value, want_value in (
            ("type", got.cell_type, want.cell_type),
            ("source", got.source, want.source),
            ("tags", _tags(got), _tags(want)),
        ):
            if got_value != want_value:
                problems.append(f"{label}, cell {index}: {what} differs from the solution's")
    for index, cell in enumerate(committed.cells):
        texts = [cell.source] + [_output_text(out) for out in cell.get("outputs", [])]
        lines = {line.strip() for text in texts for line in text.split("\n")}
        for leaked in sorted(secret & lines):
            problems.append(f"{label}, cell {index}: contains solution text {leaked!r}")
    return problems


# -- selecting notebooks -------------------------------------------------------------------------


def is_appendix(path: Path) -> bool:
    """Whether ``path`` names an appendix (``04a_topic_reference.ipynb``), not a lesson or part."""
    match = NOTEBOOK_NAME.match(path.name)
    return (
        match is not None
        and bool(match["letter"])
        and match["topic"].endswith(APPENDIX_TOPIC_SUFFIX)
    )


def is_part(path: Path) -> bool:
    """Whether ``path`` names a later part of a lesson (``06b_topic.ipynb``), with exercises."""
    match = NOTEBOOK_NAME.match(path.name)
    return match is not None and bool(match["letter"]) and not is_appendix(path)


def solution_notebooks(numbers: list[str] | None = None) -> list[Path]:
    """The solutions notebooks, in order, optionally only those numbered ``numbers``.

    Args:
        numbers: Notebook numbers: ``"06"`` selects lesson 06 and its parts and appendices,
            ``"06b"`` that notebook alone; all notebooks when empty or None.

    Returns:
        The paths of ``notebooks/solutions/NN_topic.ipynb`` (and ``NNb_topic.ipynb``), each once.

    Raises:
        ReleaseError: A requested number has no solutions notebook.
    """
    found = sorted(p for p in SOLUTIONS.glob("*.ipynb") if NOTEBOOK_NAME.match(p.name))
    if not numbers:
        return found
    keys = {p: p.name.split("_", 1)[0] for p in found}  # "04", "04a", "06b"

    def selects(number: str, key: str) -> bool:
        return key == number or key[:2] == number  # "06" also selects its part "06b"

    unknown = [n for n in numbers if not any(selects(n, key) for key in keys.values())]
    if unknown:
        raise ReleaseError(
            f"no solutions notebook numbered {', '.join(unknown)}; "
            f"there are: {', '.join(sorted(keys.values())) or 'none'}"
        )
    return [p for p in found if any(selects(n, keys[p]) for n in numbers)]


def learner_path(solution_path: Path) -> Path:
    """Where the learner version of a solutions notebook lives (``notebooks/NN_topic.ipynb``)."""
    return NOTEBOOKS / solution_path.name


def check_all(numbers: list[str] | None = None) -> list[str]:
    """Every sync problem across the workbook (or the notebooks numbered ``numbers``).

    Args:
        numbers: Two-digit notebook numbers; all when empty or None.

    Returns:
        One message per problem, including learner notebooks with no solutions notebook.
    """
    problems: list[str] = []
    solutions = solution_notebooks(numbers)
    for path in solutions:
        problems += sync_problems(path, learner_path(path))
    if not numbers:
        sources = {p.name for p in solutions}
        for path in sorted(NOTEBOOKS.glob("*.ipynb")):
            if NOTEBOOK_NAME.match(path.name) and path.name not in sources:
                problems.append(f"{_label(path)} has no solutions notebook to be generated from")
    return problems


# -- executing and writing -----------------------------------------------------------------------


def execute(nb: Any, cwd: Path, label: str, timeout_s: int = DEFAULT_TIMEOUT_S) -> None:
    """Run every cell of ``nb`` in a fresh ``python3`` kernel, in place.

    Args:
        nb: The notebook; its outputs are replaced.
        cwd: The kernel's working directory.
        label: The notebook's name, for error messages.
        timeout_s: The longest any one cell may run.

    Raises:
        ReleaseError: A cell raised without the ``raises-exception`` tag, or a cell with the
            tag did not raise.
    """
    from nbclient import NotebookClient  # only a release needs a kernel
    from nbclient.exceptions import CellExecutionError

    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    client = NotebookClient(
        nb,
        kernel_name=KERNELSPEC["name"],
        timeout=timeout_s,
        resources={"metadata": {"path": str(cwd)}},
        record_timing=False,
    )
    try:
        client.execute()
    except CellExecutionError as exc:
        index = next(
            (
                i
                for i, cell in enumerate(nb.cells)
                if any(out.output_type == "error" for out in cell.get("outputs", []))
                and "raises-exception" not in _tags(cell)
            ),
            "?",
        )
        raise ReleaseError(f"{label}, cell {index} raised while executing:\n{exc}") from None
    for index, cell in enumerate(nb.cells):
        if "raises-exception" in _tags(cell) and not any(
            out.output_type == "error" for out in cell.outputs
        ):
            raise ReleaseError(
                f"{label}, cell {index} is tagged raises-exception but did not raise"
            )


def make_deterministic(nb: Any, stem: str) -> None:
    """Remove from ``nb`` (in place) everything that differs between two runs or machines.

    Args:
        nb: An executed notebook.
        stem: The notebook's file stem, for the ids of cells that lack one and of widget models.

    Cell timings go, consecutive writes to one stream become one output (the kernel splits them
    wherever its buffer happened to flush), error tracebacks shrink to ``ename: evalue``, the
    kernelspec is fixed,
    the Python version leaves ``language_info``, widget state is kept only when an output
    displays a widget, and widget models are renamed from the kernel's random ids to ids
    derived from ``stem`` (see :func:`stable_widget_ids`).
    """
    nb.nbformat, nb.nbformat_minor = 4, max(5, int(nb.get("nbformat_minor", 5)))
    for index, cell in enumerate(nb.cells):
        cell.setdefault("id", f"{stem[:40]}-{index}")
        _clean_cell_metadata(cell)
        if "outputs" in cell:
            cell.outputs = _coalesced(cell.outputs)
        for output in cell.get("outputs", []):
            if output.output_type == "error":
                # Frames carry absolute paths and colour codes; nbval ignores tracebacks anyway.
                output.traceback = [f"{output.ename}: {output.evalue}"]
    nb.metadata.kernelspec = dict(KERNELSPEC)
    language = dict(nb.metadata.get("language_info", {}))
    language.pop("version", None)  # the Python patch level of whoever released last
    nb.metadata.language_info = language or {"name": "python"}
    uses_widgets = any(_view_ids(nb))
    if not uses_widgets:
        nb.metadata.pop("widgets", None)
    else:
        stable_widget_ids(nb, stem)


def _coalesced(outputs: list[Any]) -> list[Any]:
    """``outputs`` with each run of same-stream outputs joined into one, as nbval reads them."""
    joined: list[Any] = []
    for output in outputs:
        previous = joined[-1] if joined else None
        if (
            output.output_type == "stream"
            and previous is not None
            and previous.output_type == "stream"
            and previous.name == output.name
        ):
            previous.text += output.text
        else:
            joined.append(output)
    return joined


def _view_ids(nb: Any) -> list[str]:
    """The model ids the notebook's outputs display, in cell and output order."""
    return [
        out["data"][WIDGET_VIEW_MIME]["model_id"]
        for cell in nb.cells
        for out in cell.get("outputs", [])
        if WIDGET_VIEW_MIME in out.get("data", {})
    ]


def _references(value: Any) -> list[str]:
    """Every ``IPY_MODEL_<id>`` in a model's state, in the order a JSON writer meets them."""
    if isinstance(value, str):
        return [value.removeprefix(_MODEL_REFERENCE)] if value.startswith(_MODEL_REFERENCE) else []
    if isinstance(value, dict):
        return [ref for key in sorted(value) for ref in _references(value[key])]
    if isinstance(value, list):
        return [ref for item in value for ref in _references(item)]
    return []


def _renamed(value: Any, names: dict[str, str]) -> Any:
    if isinstance(value, str) and value.startswith(_MODEL_REFERENCE):
        old = value.removeprefix(_MODEL_REFERENCE)
        return _MODEL_REFERENCE + names.get(old, old)
    if isinstance(value, dict):
        return {key: _renamed(item, names) for key, item in value.items()}
    if isinstance(value, list):
        return [_renamed(item, names) for item in value]
    return value


def stable_widget_ids(nb: Any, stem: str) -> None:
    """Rename every widget model of ``nb`` (in place) to an id derived from ``stem``.

    A kernel names each widget model with a random UUID, so two releases of an unchanged
    notebook would differ in every id (thousands of lines of JSON). The models are numbered
    in the order a reader meets them: each displayed widget in cell order, then the models it
    refers to, depth first; a model nothing refers to comes last, ordered by its content. The
    n-th model's id is the first 32 hex digits of ``sha256("<stem>/<n>")``.

    Args:
        nb: An executed notebook whose metadata holds the widget state.
        stem: The notebook's file stem.
    """
    bundle = nb.metadata.get("widgets", {}).get(WIDGET_STATE_MIME, {})
    state: dict[str, Any] = dict(bundle.get("state", {}))
    order: list[str] = []

    def visit(model_id: str) -> None:
        pending = [model_id]
        while pending:
            current = pending.pop()
            if current in order or current not in state:
                continue
            order.append(current)
            pending.extend(reversed(_references(state[current].get("state", {}))))

    for model_id in _view_ids(nb):
        visit(model_id)
    unreferenced = [m for m in state if m not in order]
    blanked = {m: _renamed(state[m], dict.fromkeys(state, "")) for m in unreferenced}
    for model_id in sorted(unreferenced, key=lambda m: repr(sorted(blanked[m].items()))):
        visit(model_id)
    names = {
        old: hashlib.sha256(f"{stem}/{n}".encode()).hexdigest()[:32] for n, old in enumerate(order)
    }
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            view = out.get("data", {}).get(WIDGET_VIEW_MIME)
            if view is not None and view.get("model_id") in names:
                view["model_id"] = names[view["model_id"]]
    if state:
        bundle["state"] = {names[old]: _renamed(model, names) for old, model in state.items()}


def released_with() -> dict[str, str]:
    """The versions a release executes notebooks with, recorded in each one's metadata
    (``tool_outcomes.released_with``) and compared with constraints.txt by tests/test_dev.py.

    Returns:
        Name → version of the workbook's direct requirements, the kernel (ipykernel, IPython)
        and pydantic-core, whose messages the outputs quote.
    """
    from importlib import metadata

    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    names = {"ipykernel", "ipython", "pydantic-core"}
    for line in metadata.requires("tool-outcomes") or []:
        requirement = Requirement(line)
        if requirement.marker is None or requirement.marker.evaluate({"extra": "workbook"}):
            names.add(canonicalize_name(requirement.name))
    return {name: metadata.version(name) for name in sorted(names)}


def release_one(solution_path: Path, *, solutions: bool, timeout_s: int) -> None:
    """Regenerate and execute one learner notebook (and its solution, when ``solutions``).

    Args:
        solution_path: ``notebooks/solutions/NN_topic.ipynb``.
        solutions: Also re-execute the solutions notebook and write it back.
        timeout_s: The longest any one cell may run.

    Raises:
        ReleaseError: The notebook is malformed or a cell failed.
    """
    solution = read_notebook(solution_path)
    learner, _ = to_learner(solution, _label(solution_path))
    target = learner_path(solution_path)
    execute(learner, NOTEBOOKS, _label(target), timeout_s)
    make_deterministic(learner, target.stem)
    learner.metadata["tool_outcomes"] = {"released_with": released_with()}
    _write_notebook(learner, target)
    print(f"wrote {_label(target)}")
    if solutions:
        execute(solution, SOLUTIONS, _label(solution_path), timeout_s)
        make_deterministic(solution, solution_path.stem)
        solution.metadata["tool_outcomes"] = {"released_with": released_with()}
        _write_notebook(solution, solution_path)
        print(f"wrote {_label(solution_path)}")


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the process exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("numbers", nargs="*", metavar="NN", help="notebook numbers (default: all)")
    parser.add_argument("--check", action="store_true", help="verify only; exit 1 if out of sync")
    parser.add_argument(
        "--no-solutions", action="store_true", help="do not re-execute the solutions notebooks"
    )
    parser.add_argument(
        "--timeout-s", type=int, default=DEFAULT_TIMEOUT_S, help="longest a cell may run"
    )
    args = parser.parse_args(argv)
    try:
        if args.check:
            problems = check_all(args.numbers)
            for problem in problems:
                print(problem, file=sys.stderr)
            if problems:
                print("run: python scripts/release_notebooks.py", file=sys.stderr)
                return 1
            print("learner notebooks are in sync with their solutions")
            return 0
        for path in solution_notebooks(args.numbers):
            release_one(path, solutions=not args.no_solutions, timeout_s=args.timeout_s)
    except ReleaseError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
