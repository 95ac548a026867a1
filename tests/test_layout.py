"""The package layout: imports flow one way; the classifier's rules sit where a reader looks."""

from __future__ import annotations

import ast
import importlib
import json
import subprocess
import sys
import types
from pathlib import Path

import httpx

import tool_outcomes
from tool_outcomes import Outcome, classify_http

PACKAGE_DIR = Path(tool_outcomes.__file__).parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE_DIR.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in sorted(PACKAGE_DIR.rglob("*.py"))}


def _imported_at_load(name: str, path: Path, known: set[str]) -> set[str]:
    """The package modules ``name`` imports while it loads (not in functions, not for typing)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names if alias.name in known}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, *([node.module] if node.module else [])])
            for alias in node.names:  # `from . import _chat` imports the submodule itself
                submodule = f"{base}.{alias.name}"
                out.add(submodule if submodule in known else base)
    return {m for m in out if m in known and m != name}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)) is not None:
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)) is not None:
            return found
    return None


def test_package_imports_form_no_cycle() -> None:
    """No module of tool_outcomes imports, while loading, a module that imports it back."""
    modules = _modules()
    graph = {name: _imported_at_load(name, path, set(modules)) for name, path in modules.items()}
    assert "tool_outcomes.classify._pipeline" in graph["tool_outcomes.classify"]
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_every_module_imports_first_in_a_fresh_interpreter() -> None:
    """Each module loads when it is the first one imported, whatever the order (no hidden cycle)."""
    names = [n for n in _modules() if ".integrations" not in n]  # optional extras import lazily
    code = (
        "import importlib, json, sys\n"
        "failed = {}\n"
        f"for name in {names!r}:\n"
        "    for loaded in [m for m in sys.modules if m.split('.')[0] == 'tool_outcomes']:\n"
        "        del sys.modules[loaded]\n"
        "    try:\n"
        "        importlib.import_module(name)\n"
        "    except Exception as exc:\n"
        "        failed[name] = repr(exc)\n"
        "print(json.dumps(failed))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(run.stdout) == {}


def test_render_and_wire_import_one_way() -> None:
    """wire builds on render; render does not hand out wire's functions."""
    render = importlib.import_module("tool_outcomes.render")
    assert not hasattr(render, "to_mcp")
    assert "__getattr__" not in vars(render)


def test_the_timed_out_rule_is_two_calls_from_classify_http() -> None:
    """From classify_http, the rule reading Elasticsearch's timed_out is at most two calls away."""
    body = {"timed_out": True, "hits": {"total": {"value": 3}, "hits": [{"_id": "1"}]}}
    response = httpx.Response(200, json=body, request=httpx.Request("GET", "https://es.test/_s"))
    depth = 0
    entry: int | None = None
    reached: list[tuple[int, str, str]] = []

    def profile(frame: types.FrameType, event: str, _arg: object) -> None:
        nonlocal depth, entry
        if event == "call":
            depth += 1
            code = frame.f_code
            if code.co_name == "classify_http" and entry is None:
                entry = depth
            elif entry is not None and "timed_out" in code.co_consts:
                reached.append((depth - entry, Path(code.co_filename).name, code.co_name))
        elif event == "return":
            depth -= 1

    sys.setprofile(profile)
    try:
        env = classify_http(response, items="hits.hits")
    finally:
        sys.setprofile(None)
    assert env.outcome is Outcome.PARTIAL
    assert reached, "no function reading 'timed_out' ran"
    calls, module, _function = min(reached)
    assert calls <= 2, reached
    assert module == "_search_engines.py"
