#!/usr/bin/env python3
"""Rewrite imports of the workbook's old flat modules to the per-notebook layout.

``tool_outcomes.workbook`` used to be 30 flat modules (``ex01`` … ``ex10``, ``consumer``,
``retry_lab`` …). What only one notebook uses now lives in that notebook's subpackage,
``tool_outcomes.workbook.nbNN``; shared teaching aids stay beside them (``docs/authoring-
notebooks.md``, "Where a notebook's code lives"). :data:`MOVED` is the whole map from old module to
new.

The script rewrites, in place:

* ``tool_outcomes.workbook.<old>`` wherever it is spelled out (``import``, ``from … import``,
  ``mock.patch("…")``, ``:mod:`` references, prose);
* ``from tool_outcomes.workbook import <old>[, …]``: each moved module gets its own line,
  ``from tool_outcomes.workbook.nbNN import <name>``; the other names stay where they were;
* ``workbook/<old>.py`` as a path (``src/tool_outcomes/workbook/ex05.py``).

It is idempotent: a rewritten path names a ``nbNN`` package, which no rule matches again.

Usage::

    python scripts/regroup_imports.py            # every notebook: solutions and learner copies
    python scripts/regroup_imports.py PATH ...   # these notebooks, .py or .md files (or folders)
    python scripts/regroup_imports.py --check    # list what would change, change nothing (exit 1)

In a notebook it rewrites code and Markdown cells and leaves outputs alone (no output of the
workbook prints a module path). Rewrite a solution and its learner copy together, then re-release:
``python scripts/release_notebooks.py NN``.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
PACKAGE = "tool_outcomes.workbook"

#: Old flat module -> (its notebook's package, its name there). Modules not listed are shared
#: teaching aids and did not move.
MOVED: dict[str, tuple[str, str]] = {
    "consumer": ("nb01", "consumer"),
    "ex01": ("nb01", "exercises"),
    "ex02": ("nb02", "exercises"),
    "tickets": ("nb03", "tickets"),
    "ex03": ("nb03", "exercises"),
    "upstreams": ("nb04", "upstreams"),
    "warehouse": ("nb04", "warehouse"),
    "ex04": ("nb04", "exercises"),
    "stock_lookup": ("nb05", "stock_lookup"),
    "ex05": ("nb05", "exercises"),
    "retry_lab": ("nb06", "retry_lab"),
    "retry_plots": ("nb06", "retry_plots"),
    "ex06": ("nb06", "exercises"),
    "spans": ("nb07", "spans"),
    "ex07": ("nb07", "exercises"),
    "claims": ("nb08", "claims"),
    "ex08": ("nb08", "exercises"),
    "builder": ("nb09", "builder"),
    "ex09": ("nb09", "exercises"),
    "ticket_service": ("nb10", "ticket_service"),
    "ticket_scorecard": ("nb10", "ticket_scorecard"),
    "ex10": ("nb10", "exercises"),
}

_OLD = "|".join(sorted(MOVED, key=len, reverse=True))
# tool_outcomes.workbook.<old>, not followed by more of a name (ex01x) — a dot may follow.
_DOTTED = re.compile(rf"\btool_outcomes\.workbook\.({_OLD})\b")
# workbook/<old>.py or workbook/<old>.md (ticket_service.md moved with its module).
_PATH = re.compile(rf"\bworkbook/({_OLD})\.(py|md)\b")
# from tool_outcomes.workbook import a, b  |  from tool_outcomes.workbook import (\n a,\n b,\n)
_FROM_IMPORT = re.compile(
    r"^(?P<indent>[ \t]*)from tool_outcomes\.workbook import "
    r"(?:\((?P<group>[^)]*)\)|(?P<line>[^\n#]*?))(?P<comment>[ \t]*#[^\n]*)?$",
    re.MULTILINE,
)


def _dotted(match: re.Match[str]) -> str:
    package, name = MOVED[match.group(1)]
    return f"{PACKAGE}.{package}.{name}"


def _path(match: re.Match[str]) -> str:
    package, name = MOVED[match.group(1)]
    return f"workbook/{package}/{name}.{match.group(2)}"


def _from_import(match: re.Match[str]) -> str:
    text = match.group("group") if match.group("group") is not None else match.group("line")
    names = [part.strip() for part in text.replace("\n", " ").split(",") if part.strip()]
    moved = [n for n in names if n.split(" as ")[0].strip() in MOVED]
    if not moved:
        return match.group(0)
    indent, comment = match.group("indent"), match.group("comment") or ""
    kept = [n for n in names if n not in moved]
    lines = []
    if kept:
        lines.append(f"{indent}from {PACKAGE} import {', '.join(kept)}{comment}")
        comment = ""
    for name in moved:
        old, _, alias = name.partition(" as ")
        package, new = MOVED[old.strip()]
        # the module's own name may have changed (ex05 -> exercises): keep the old name bound
        bound = alias.strip() or old.strip()
        alias_text = f" as {bound}" if new != bound else ""
        lines.append(f"{indent}from {PACKAGE}.{package} import {new}{alias_text}{comment}")
        comment = ""
    return "\n".join(lines)


def rewrite(text: str) -> str:
    """``text`` with every old workbook module path mapped to its new one (idempotent)."""
    text = _FROM_IMPORT.sub(_from_import, text)
    text = _DOTTED.sub(_dotted, text)
    return _PATH.sub(_path, text)


def _rewrite_notebook(path: Path) -> bool:
    raw = path.read_text(encoding="utf-8")
    notebook = json.loads(raw)
    changed = False
    for cell in notebook["cells"]:
        if cell["cell_type"] not in ("code", "markdown"):
            continue
        source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        new = rewrite(source)
        if new != source:
            changed = True
            cell["source"] = new.splitlines(keepends=True)
    if changed:
        # the layout release_notebooks.py writes (nbformat's): one-space indent, UTF-8 as is
        path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", "utf-8")
    return changed


def _rewrite_text(path: Path) -> bool:
    text = path.read_text(encoding="utf-8")
    new = rewrite(text)
    if new != text:
        path.write_text(new, encoding="utf-8")
    return new != text


def _targets(paths: list[str]) -> list[Path]:
    if not paths:
        return sorted(NOTEBOOKS.glob("*.ipynb")) + sorted((NOTEBOOKS / "solutions").glob("*.ipynb"))
    found: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found += sorted(
                p
                for p in path.rglob("*")
                if p.suffix in (".ipynb", ".py", ".md") and ".venv" not in p.parts
            )
        else:
            found.append(path)
    # this file spells the old paths on purpose (its map and examples)
    return [p for p in found if p.resolve() != Path(__file__).resolve()]


def main(argv: list[str] | None = None) -> int:
    """Rewrite the given files (default: every notebook); return 1 if ``--check`` found work."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", help="notebooks, .py or .md files, or folders")
    parser.add_argument("--check", action="store_true", help="change nothing; list what would")
    options = parser.parse_args(argv)
    pending = []
    for path in _targets(options.paths):
        if options.check:
            if path.suffix == ".ipynb":
                cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
                text = "".join("".join(c["source"]) for c in cells)
            else:
                text = path.read_text(encoding="utf-8")
            if rewrite(text) != text:
                pending.append(path)
            continue
        rewriter = _rewrite_notebook if path.suffix == ".ipynb" else _rewrite_text
        if rewriter(path):
            pending.append(path)
    for path in pending:
        print(("would rewrite " if options.check else "rewrote ") + str(path))
    if any(p.suffix == ".ipynb" for p in pending) and not options.check:
        print("now re-release them: python scripts/release_notebooks.py NN ...")
    return 1 if options.check and pending else 0


if __name__ == "__main__":
    sys.exit(main())
