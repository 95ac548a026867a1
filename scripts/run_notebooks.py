"""Run every workbook notebook in this environment, as a learner's kernel runs it.

    .venv/bin/python scripts/run_notebooks.py            # every learner copy and every solution
    .venv/bin/python scripts/run_notebooks.py 03 09      # those notebooks (both copies)
    .venv/bin/python scripts/run_notebooks.py 06b        # one part (06 alone selects 06 and 06b)

Strict nbval proves the committed outputs, but in the ``dev`` environment. This script runs in
whatever environment it is started from; ``.ci/run`` starts it in one built from the
``workbook`` extra alone (what ``dev.py setup`` and ``dev.py lab`` install), so a notebook that
needs a package only ``dev`` has fails here. A notebook fails when

* a cell shows an error that its ``raises-exception`` tag does not announce, or
* a cell's text (its streams and ``text/plain`` values, after ``notebooks/sanitize.cfg``) differs
  from the committed one, unless the cell is tagged ``nbval-ignore-output``: a cell that prints
  ``No module named pytest`` where ``34 passed`` was released is caught, not only a traceback.

It needs only what the workbook extra installs (nbformat and nbclient come with JupyterLab).
"""

from __future__ import annotations

import argparse
import configparser
import re
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
SANITIZE = NOTEBOOKS / "sanitize.cfg"
#: Seconds one cell may run (the slowest, notebook 09's generated tests, take a few).
CELL_TIMEOUT_S = 300


def sanitizers() -> list[tuple[re.Pattern[str], str]]:
    """The substitutions of ``notebooks/sanitize.cfg``, as nbval applies them."""
    config = configparser.ConfigParser()
    config.read(SANITIZE, encoding="utf-8")
    return [(re.compile(config[s]["regex"]), config[s]["replace"]) for s in config.sections()]


def cell_text(cell: Any, subs: list[tuple[re.Pattern[str], str]]) -> str:
    """A code cell's compared text: its streams and plain-text values, in order, sanitized."""
    parts: list[str] = []
    stream = None  # a kernel may split one print into several stream outputs: join them
    for output in cell.get("outputs", []):
        if output.get("output_type") == "stream":
            if output["name"] == stream:
                parts[-1] += output["text"]
            else:
                parts.append(f"[{output['name']}] {output['text']}")
            stream = output["name"]
            continue
        stream = None
        if "data" in output and "text/plain" in output["data"]:
            parts.append(str(output["data"]["text/plain"]))
    text = "\n".join(parts)
    for pattern, replacement in subs:
        text = pattern.sub(replacement, text)
    return text


def problems(committed: Any, ran: Any, subs: list[tuple[re.Pattern[str], str]]) -> list[str]:
    """What differs between a notebook as committed and as just run: errors, changed text."""
    found = []
    cells = zip(committed.cells, ran.cells, strict=True)
    for number, (before, after) in enumerate(cells, start=1):
        if after.cell_type != "code":
            continue
        tags = set(after.get("metadata", {}).get("tags", []))
        errors = [o for o in after.get("outputs", []) if o.get("output_type") == "error"]
        if errors and "raises-exception" not in tags:
            error = errors[0]
            found.append(f"cell {number}: {error['ename']}: {error['evalue']}")
            continue
        if "nbval-ignore-output" in tags:
            continue
        expected, got = cell_text(before, subs), cell_text(after, subs)
        if expected != got:
            found.append(f"cell {number}: its output differs from the committed one:\n{got[:600]}")
    return found


def run_one(path: Path, subs: list[tuple[re.Pattern[str], str]]) -> tuple[Path, list[str], float]:
    """Execute one notebook in a fresh kernel, from its own folder; return what went wrong."""
    started = time.monotonic()
    committed = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call] # untyped
    ran = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call] # nbformat is untyped
    client = NotebookClient(
        ran,
        timeout=CELL_TIMEOUT_S,
        kernel_name="python3",
        allow_errors=True,
        resources={"metadata": {"path": str(path.parent)}},
    )
    try:
        client.execute()
    except Exception as exc:  # a kernel that dies or a cell that times out: a finding, not a crash
        return path, [f"the run stopped: {type(exc).__name__}: {exc}"], time.monotonic() - started
    return path, problems(committed, ran, subs), time.monotonic() - started


def chosen(numbers: list[str]) -> list[Path]:
    """The learner copies and solutions of the given notebook numbers (all when none): ``06``
    selects the lesson and its part ``06b`` (and any appendix), ``06b`` that notebook alone."""
    paths = sorted(NOTEBOOKS.glob("[0-9][0-9]*_*.ipynb"))
    paths += sorted((NOTEBOOKS / "solutions").glob("[0-9][0-9]*_*.ipynb"))
    if numbers:
        paths = [p for p in paths if {p.name[:2], p.name.split("_", 1)[0]} & set(numbers)]
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("numbers", nargs="*", help="notebook numbers, 06 or 06b (default: all)")
    parser.add_argument("--jobs", type=int, default=2, help="notebooks run at once (default 2)")
    args = parser.parse_args(argv)
    paths = chosen(args.numbers)
    if not paths:
        print(f"no notebook numbered {' '.join(args.numbers)}", file=sys.stderr)
        return 2
    subs = sanitizers()
    failed = 0
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for path, found, seconds in pool.map(lambda p: run_one(p, subs), paths):
            name = path.relative_to(ROOT).as_posix()
            print(f"{'ok  ' if not found else 'FAIL'} {name} ({seconds:.0f} s)", flush=True)
            for problem in found:
                print("     " + problem.replace("\n", "\n     "), flush=True)
            failed += bool(found)
    print(f"{len(paths) - failed} of {len(paths)} notebooks ran clean in {sys.prefix}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
