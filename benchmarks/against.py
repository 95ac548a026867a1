"""This tree against another revision, call by call in one process: is a change "no worse"?

    python3 dev.py bench …                  # ratios to bare httpx (the goals)
    .venv/bin/python benchmarks/against.py c1b1fe0          # this tree / that revision
    .venv/bin/python benchmarks/against.py c1b1fe0 --rounds 15
    .venv/bin/python benchmarks/against.py df457f5^ --of df457f5  # one commit / its parent

``dev.py bench`` compares the adapter with bare httpx; two runs of it, one per tree, differ by
as much as this machine's speed drifts between them (a third or more within minutes). Here both
trees are imported into one process -- the other revision's package exported with ``git archive``
and renamed, so the two never share a module -- and their calls alternate one by one, each side
charged its own CPU time: the drift lands on both. A figure is this tree's time over the other's
(median of the rounds, their range after it); below 1.00 this tree is faster.
"""

from __future__ import annotations

import argparse
import importlib
import io
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
# The bench's own side-by-side rounds and workloads (bodies, URL, a fresh response per request).
from run import BODY, RECORD_BODY, URL, _nested_body, _ratio_rounds, _serving  # noqa: E402

NAME = "tool_outcomes"


def export(revision: str, into: Path) -> ModuleType:
    """The package as it is at ``revision``, importable as ``tool_outcomes_<revision>``."""
    alias = f"{NAME}_{re.sub(r'[^0-9A-Za-z]', '_', revision)}"
    archive = subprocess.run(
        ["git", "archive", revision, f"src/{NAME}"], cwd=ROOT, capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    (into / "src" / NAME).rename(into / alias)
    word = re.compile(rf"\b{NAME}\b")
    for path in (into / alias).rglob("*.py"):
        path.write_text(word.sub(alias, path.read_text(encoding="utf-8")), encoding="utf-8")
    sys.path.insert(0, str(into))
    return importlib.import_module(alias)


def ratio(ours: Callable[[], object], theirs: Callable[[], object], calls: int, rounds: int) -> str:
    """Median (and range) over ``rounds`` of ours/theirs CPU time, as the bench measures it."""
    values = _ratio_rounds(ours, theirs, calls, rounds)[0]
    return f"{statistics.median(values):.3f} ({min(values):.3f}-{max(values):.3f})"


def figures(ours: ModuleType, theirs: ModuleType, rounds: int) -> list[tuple[str, str]]:
    """The bench's workloads, each called through both packages."""
    import httpx
    from pydantic import BaseModel

    class Item(BaseModel):
        id: int
        name: str
        score: float

    class Query(BaseModel):
        q: str

    bodies = {"array": BODY, "nested": _nested_body(100), "record": RECORD_BODY}

    def client(body: bytes) -> httpx.Client:
        return httpx.Client(transport=httpx.MockTransport(_serving(body)))

    def tool(package: ModuleType, result: Any, **options: Any) -> Any:
        def search(args: Query) -> httpx.Request:
            return httpx.Request("GET", URL, params={"q": args.q})

        return package.tool(args=Query, result=result, **options)(search)

    def calling(tool: Any, http: httpx.Client) -> Callable[[], object]:
        return lambda: tool.call({"q": "x"}, client=http)

    response = httpx.Response(
        200,
        headers={"content-type": "application/json"},
        content=bodies["array"],
        request=httpx.Request("GET", URL),
    )
    out = [
        (
            "classify_http, 100-item array",
            ratio(
                lambda: ours.classify_http(response),
                lambda: theirs.classify_http(response),
                400,
                rounds,
            ),
        )
    ]
    cases: list[tuple[str, str, Any, dict[str, Any]]] = [
        ("@tool call, 100-item array", "array", list[Item], {}),
        ("@tool call, nested with a count", "nested", list[Item], {"items": "results"}),
        ("@tool call, a single record", "record", Item, {}),
    ]
    for label, body, result, options in cases:
        if body == "nested":
            options = {**options, "total": "count"}
        http = client(bodies[body])
        a, b = tool(ours, result, **options), tool(theirs, result, **options)
        out.append(
            (
                label,
                ratio(
                    calling(a, http),
                    calling(b, http),
                    250,
                    rounds,
                ),
            )
        )
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("revision", help="the git revision to compare this tree with")
    parser.add_argument("--rounds", type=int, default=9, help="rounds per figure (default 9)")
    parser.add_argument(
        "--of", metavar="REVISION", help="measure this revision instead of the working tree"
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder, tempfile.TemporaryDirectory() as other:
        if args.of is None:
            ours = importlib.import_module(NAME)
            name = f"this tree ({Path(ours.__file__ or '').parent})"
        else:
            ours, name = export(args.of, Path(other)), args.of
        theirs = export(args.revision, Path(folder))
        print(f"{name} / {args.revision}, CPU time:")
        for label, figure in figures(ours, theirs, args.rounds):
            print(f"  {label:34s} {figure}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
