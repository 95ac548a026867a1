"""The package layout: imports flow one way; the classifier's rules sit where a reader looks."""

from __future__ import annotations

import ast
import importlib
import json
import subprocess
import sys
import types
from collections.abc import Callable, Iterable
from pathlib import Path

import httpx
from pydantic import BaseModel

import tool_outcomes
from tool_outcomes import Outcome, classify_http, tool

PACKAGE_DIR = Path(tool_outcomes.__file__).parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE_DIR.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in sorted(PACKAGE_DIR.rglob("*.py"))}


def _imports_in(name: str, is_package: bool, nodes: Iterable[ast.AST], known: set[str]) -> set[str]:
    """The package modules the import statements among ``nodes`` of module ``name`` import."""
    package = name if is_package else name.rpartition(".")[0]
    out: set[str] = set()
    for node in nodes:
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


def _imported_at_load(name: str, path: Path, known: set[str]) -> set[str]:
    """The package modules ``name`` imports while it loads (not in functions, not for typing)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return _imports_in(name, path.name == "__init__.py", tree.body, known)


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


# -- the rules of the layout ---------------------------------------------------------------------

#: What the classifier may not import: it judges evidence, and does no I/O, policy or output.
CLASSIFY_MAY_NOT_IMPORT = ("transport", "adapter", "retry", "breaker", "trace", "render")


def _every_import(name: str, path: Path, known: set[str]) -> set[str]:
    """The package modules ``name`` imports anywhere: at load, in functions, for typing."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return _imports_in(name, path.name == "__init__.py", ast.walk(tree), known)


def _type_checking_imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The package modules imported under ``if TYPE_CHECKING:`` at the top of ``name``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    blocks = [
        stmt
        for node in tree.body
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for stmt in node.body
    ]
    return _imports_in(name, path.name == "__init__.py", blocks, known)


def test_no_import_cycle_counting_type_checking_imports() -> None:
    """Imports for typing count too: no two modules lean on each other, even for a type."""
    modules = _modules()
    known = set(modules)
    graph = {
        name: _imported_at_load(name, path, known) | _type_checking_imports(name, path, known)
        for name, path in modules.items()
    }
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_the_classifier_imports_no_transport_policy_or_output() -> None:
    """classify judges evidence: it imports nothing from transport, adapter, retry, breaker,
    trace or render, anywhere in its modules (in functions and for typing included)."""
    modules = _modules()
    known = set(modules)
    forbidden = {f"tool_outcomes.{m}" for m in CLASSIFY_MAY_NOT_IMPORT}
    found = {
        name: sorted(
            m
            for m in _every_import(name, path, known)
            if any(m == f or m.startswith(f"{f}.") for f in forbidden)
        )
        for name, path in modules.items()
        if name == "tool_outcomes.classify" or name.startswith("tool_outcomes.classify.")
    }
    assert len(found) > 10  # the package's modules were read
    assert {name: m for name, m in found.items() if m} == {}


def test_evidence_imports_neither_side() -> None:
    """The evidence module is what both sides import; it imports neither."""
    modules = _modules()
    imported = _every_import(
        "tool_outcomes.evidence", modules["tool_outcomes.evidence"], set(modules)
    )
    assert not {
        m for m in imported if m.startswith(("tool_outcomes.transport", "tool_outcomes.classify"))
    }


def test_no_module_outside_a_package_imports_its_private_modules() -> None:
    """A package's ``_private`` modules are imported only by its own modules."""
    modules = _modules()
    known = set(modules)
    reaching_in = []
    for name, path in modules.items():
        for imported in _every_import(name, path, known):
            parts = imported.split(".")
            private_at = next((i for i, p in enumerate(parts) if p.startswith("_")), None)
            if private_at is None or private_at < 2:  # tool_outcomes._text: the package's own
                continue
            owner = ".".join(parts[:private_at])
            if name != owner and not name.startswith(f"{owner}."):
                reaching_in.append((name, imported))
    assert reaching_in == []


def test_the_layout_rules_see_a_violation() -> None:
    """The readers above find what they look for (each rule can fail)."""
    modules = _modules()
    known = set(modules)
    adapter = _every_import("tool_outcomes.adapter", modules["tool_outcomes.adapter"], known)
    assert {"tool_outcomes.transport", "tool_outcomes.classify"} <= adapter
    graph = {"a": {"b"}, "b": {"a"}}
    assert _cycle(graph) == ["a", "b", "a"]


# -- one call's path reads in order ---------------------------------------------------------------

#: The steps of a call's data path, in the order the call must run them, by the modules that
#: do each. A call enters each step once and never returns to one it has left.
CALL_STEPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("send and read", ("transport._send", "transport._rebuild", "transport._decode")),
    ("evidence", ("transport._evidence", "evidence")),
    ("status", ("classify._status",)),
    ("body", ("classify._body",)),
    (
        "conventions",
        (
            "classify._jobs",
            "classify._conventions",
            "classify._rpc",
            "classify._search_engines",
            "classify._chat",
            "classify._rest_errors",
        ),
    ),
    ("collection and pagination", ("classify._collection", "classify._pagination")),
    ("repair", ("classify._envelope", "repair", "shapes")),
    ("exit scrub", ("guard",)),
    ("trace", ("trace",)),
    ("view", ("_target",)),
)
#: Modules that call the steps in turn (returning to them is the path's structure) and shared
#: vocabulary every step reads or builds (the envelope's value types, the exchange, parsers).
NOT_STEPS = (
    "adapter",
    "retry",
    "observe",  # the call's own frame: its id, the status it heard, its listeners
    "_call",  # the call in flight, as an envelope made during it reads its id
    "classify._pipeline",
    "classify._exchange",
    "classify._graphql_request",  # whether the request writes: worked out with the exchange
    "classify._decisions",
    "classify._headers",
    "classify._json",
    "classify._verdicts",
    "classify._messages",
    "envelope",
    "redact",
    "_text",
    "_numbers",
    "transport._deadline",
    "transport._httpx_private",
)


def _steps_entered(run: Callable[[], object]) -> list[str]:
    """The steps ``run`` is in, in order, a step named again each time it is entered anew,
    by a call or by a return into it."""
    step_of = {f"tool_outcomes.{m}": step for step, mods in CALL_STEPS for m in mods}
    ignored = {f"tool_outcomes.{m}" for m in NOT_STEPS}
    entered: list[str] = []

    def profile(frame: types.FrameType, event: str, _arg: object) -> None:
        if event == "call":
            module = frame.f_globals.get("__name__", "")
        elif event == "return" and frame.f_back is not None:  # back into the caller's module
            module = frame.f_back.f_globals.get("__name__", "")
        else:
            return
        if not module.startswith("tool_outcomes.") or module in ignored:
            return
        step = step_of.get(module, f"unlisted module {module}")
        if not entered or entered[-1] != step:
            entered.append(step)

    sys.setprofile(profile)
    try:
        run()
    finally:
        sys.setprofile(None)
    return entered


class _Args(BaseModel):
    q: str


class _Ticket(BaseModel):
    id: int
    title: str


def test_one_call_enters_each_step_once_in_order() -> None:
    """A tool call's path reads in order: send, evidence, judge, repair, exit, trace, view.

    Followed with ``sys.setprofile`` over one ``Tool.call`` (a nested collection with a count,
    a result model, a MockTransport), the steps it enters are the declared ones, each once,
    in the declared order: no step calls back into an earlier one.
    """
    body = {"results": [{"id": 1, "title": "a"}, {"id": 2, "title": "b"}], "count": 5}
    link = '<https://tickets.test/search?page=2>; rel="next"'

    def answer(_request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json=body, headers={"Link": link})

    client = httpx.Client(transport=httpx.MockTransport(answer))

    @tool(args=_Args, result=list[_Ticket], items="results", total="count", secrets=("s3cret",))
    def search(args: _Args) -> httpx.Request:
        return httpx.Request("GET", "https://tickets.test/search", params={"q": args.q})

    env = search.call({"q": "x"}, client=client)  # first: lazy imports and caches
    entered = _steps_entered(lambda: search.call({"q": "x"}, client=client))
    assert env.outcome is Outcome.PARTIAL
    assert entered == [step for step, _ in CALL_STEPS]


def test_an_array_body_is_validated_in_the_repair_step_only() -> None:
    """The JSON array lane keeps the order too: the body step hands the array on undecoded, the
    pagination step reads only the headers, and the array is validated (and counted) in the
    repair step, once. No convention reads an array, so that step is not entered."""
    body = [{"id": 1, "title": "a"}, {"id": 2, "title": "b"}]
    link = '<https://tickets.test/search?page=2>; rel="next"'

    def answer(_request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json=body, headers={"Link": link})

    client = httpx.Client(transport=httpx.MockTransport(answer))

    @tool(args=_Args, result=list[_Ticket])
    def search(args: _Args) -> httpx.Request:
        return httpx.Request("GET", "https://tickets.test/search", params={"q": args.q})

    env = search.call({"q": "x"}, client=client)  # first: lazy imports and caches
    entered = _steps_entered(lambda: search.call({"q": "x"}, client=client))
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert env.coverage.returned == 2
    assert env.data == [_Ticket(id=1, title="a"), _Ticket(id=2, title="b")]
    assert entered == [step for step, _ in CALL_STEPS if step != "conventions"]


def test_the_path_check_sees_a_step_entered_twice() -> None:
    """The check can fail: a run that re-enters a step it left is reported as such."""
    from tool_outcomes.classify import _status
    from tool_outcomes.evidence import Evidence

    def zigzag() -> None:
        Evidence.of_response(200, {}, b"")
        _status.status_rule(200)
        Evidence.of_response(200, {}, b"")

    assert _steps_entered(zigzag) == ["evidence", "status", "evidence"]


#: Where text leaves the library, redacted on its way out: the envelope's own models (every text
#: field they hold, whoever builds them), the envelope as the adapter hands it out with the
#: request's credentials (guard), the trace record, the rendered text. The classifier is not
#: among them: it judges, and hands its words over as they are.
REDACTING_EXITS = {
    "tool_outcomes.envelope",
    "tool_outcomes.guard",
    "tool_outcomes.trace",
    "tool_outcomes.render",
}


def test_redaction_happens_at_the_exits_only() -> None:
    """At most four modules import redact (the package's re-exports aside): the exits."""
    modules = _modules()
    known = set(modules)
    importers = {
        name
        for name, path in modules.items()
        if name != "tool_outcomes" and "tool_outcomes.redact" in _every_import(name, path, known)
    }
    assert importers == REDACTING_EXITS
    assert len(REDACTING_EXITS) <= 4


def test_classify_http_is_one_function_wherever_it_is_imported_from() -> None:
    """The front lives outside classify; the old import path still gives the same function."""
    from tool_outcomes import classify as classify_package
    from tool_outcomes import front

    assert classify_package.classify_http is front.classify_http is classify_http


# -- options spelled once -------------------------------------------------------------------------

#: Tool fields that are not keywords of tool(): what the decorator itself supplies.
_SET_BY_THE_DECORATOR = {"handler", "args_model", "result_model", "description"}


def test_tool_keywords_are_the_tool_fields_and_cannot_drift() -> None:
    """tool()'s keywords (one TypedDict, both overloads and the implementation) are exactly
    Tool's fields, and what the classifier is told is read from them by the classifier's own
    names: a field added in one place and not the other fails here."""
    import dataclasses

    from tool_outcomes.adapter import Tool, ToolOptions
    from tool_outcomes.classify import ClassifyOptions, Declared, Options

    fields = {f.name for f in dataclasses.fields(Tool)}
    assert ToolOptions.__optional_keys__ == fields - _SET_BY_THE_DECORATOR
    assert Declared.__optional_keys__ <= fields
    assert ClassifyOptions.__optional_keys__ == {f.name for f in dataclasses.fields(Options)}

    class Args(BaseModel):
        q: str

    declared = {"items": "hits", "total": "n", "not_found": "empty", "expect": "json"}
    assert set(declared) == Declared.__optional_keys__  # every declared option is set below

    @tool(args=Args, result=list[int], name="t", items="hits", total="n", not_found="empty")
    def t(args: Args) -> httpx.Request:
        return httpx.Request("GET", "https://api.test/")

    told = t._options
    assert {name: getattr(told, name) for name in declared} == declared
    assert (told.result_model, told.tool) == (list[int], "t")
