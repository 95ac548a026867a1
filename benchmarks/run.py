"""What the adapter costs next to the tools it guards: every figure of issues 12 and 27, as ratios.

    python3 dev.py bench                 # every figure, 7 interleaved rounds each
    python3 dev.py bench --rounds 9      # more rounds
    python3 dev.py bench adapter import  # only the figures named

The workloads: a 100-item JSON array (``adapter``, ``async``, ``classify``); the same items
nested in an object with their count, ``{"results": [...], "count": n}`` read with
``items="results", total="count"``, at 100, 1,000 and 10,000 items (``nested``), with an
``Authorization`` header on both sides (``auth``) and under asyncio (``async``); a single record
read into its model (``record``). The bare side is what a user writes without the adapter:
``client.get`` → ``.json()`` (→ ``["results"]``) → ``TypeAdapter(...).validate_python``, on the
same client and transport (``httpx.MockTransport``). ``floor`` (reference rows) measures the least
any adapter keeping the contract must do (rebuild the request on the client, send, read,
validate, build one envelope; judge nothing) against the bare path, and the call against it.

Each figure is measured side by side in this one run: its two sides alternate within every round,
so a busy machine slows both alike and their ratio stays meaningful. The table gives the median of
the rounds and their range. The memory figures run each case in a fresh process (peak RSS is a
process's high-water mark); the notebook figure times strict nbval per notebook. Not part of the
test run: no timing is ever asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import io
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
import xml.etree.ElementTree as ET
import zlib
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # dev.py: the bench times the nbval runs exactly as it makes them
import dev  # noqa: E402

MiB = 1024 * 1024

# -- the workload: a 100-item JSON body of {id, name, score}, served by httpx.MockTransport ------

BODY = json.dumps([{"id": i, "name": f"item {i}", "score": i / 7} for i in range(100)]).encode()
URL = "http://upstream.test/items"


def _items_response(request: Any) -> Any:
    import httpx

    return httpx.Response(200, headers={"content-type": "application/json"}, content=BODY)


async def _items_response_async(request: Any) -> Any:
    return _items_response(request)


def _workload() -> tuple[Any, Any, Any]:
    """The result model, its TypeAdapter, and a ``@tool`` fetching a list of it."""
    import httpx
    from pydantic import BaseModel, TypeAdapter

    from tool_outcomes import tool

    class Item(BaseModel):
        id: int
        name: str
        score: float

    class Query(BaseModel):
        q: str

    @tool(args=Query, result=list[Item])
    def search(args: Query) -> httpx.Request:
        return httpx.Request("GET", URL, params={"q": args.q})

    return Item, TypeAdapter(list[Item]), search


# -- measuring ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Figure:
    """One row of the table: a measured value per round, against a goal."""

    name: str
    goal: str
    unit: str
    values: list[float]
    met: Callable[[float], bool]
    note: str = ""

    @property
    def median(self) -> float:
        return statistics.median(self.values)


def _pair_ns(first: Callable[[], object], second: Callable[[], object]) -> tuple[int, int]:
    """CPU nanoseconds of one call of each, back to back (CPU time: other processes' load on
    the machine is not counted against either side)."""
    t0 = time.process_time_ns()
    first()
    t1 = time.process_time_ns()
    second()
    return t1 - t0, time.process_time_ns() - t1


def _ratio_rounds(
    ours: Callable[[], object], theirs: Callable[[], object], calls: int, rounds: int
) -> tuple[list[float], list[float], list[float]]:
    """Per-round ratios ours/theirs, and each side's µs per call, after a warm-up round.

    Within a round the two sides alternate call by call (which goes first alternates too), so a
    burst of load from elsewhere lands on both; a round's figure is its total time per side.
    """
    ratios, ours_us, theirs_us = [], [], []
    for n in range(rounds + 1):
        gc.collect()
        a = b = 0
        for i in range(calls):
            if i % 2:
                spent_b, spent_a = _pair_ns(theirs, ours)
            else:
                spent_a, spent_b = _pair_ns(ours, theirs)
            a += spent_a
            b += spent_b
        if n == 0:
            continue  # the warm-up round: caches, adapters and branch predictors settle
        ratios.append(a / b)
        ours_us.append(a / calls / 1e3)
        theirs_us.append(b / calls / 1e3)
    return ratios, ours_us, theirs_us


def _alternate(
    ours: Callable[[], float], theirs: Callable[[], float], rounds: int
) -> tuple[list[float], list[float], list[float]]:
    """Whole measurements, one of each per round, the first side alternating; after a warm-up.

    Returns the per-round ratios ours/theirs and each side's values.
    """
    ours()
    theirs()
    ratios, ours_values, theirs_values = [], [], []
    for n in range(rounds):
        if n % 2:
            b, a = theirs(), ours()
        else:
            a, b = ours(), theirs()
        ratios.append(a / b)
        ours_values.append(a)
        theirs_values.append(b)
    return ratios, ours_values, theirs_values


def _us(values: list[float]) -> str:
    return (
        f"{statistics.median(values):,.0f} µs"
        if statistics.median(values) >= 10
        else (f"{statistics.median(values):.1f} µs")
    )


def figure_adapter(rounds: int) -> list[Figure]:
    """A full ``@tool`` call against the path a user writes without the adapter."""
    import httpx

    _, items, search = _workload()
    client = httpx.Client(transport=httpx.MockTransport(_items_response))

    def bare() -> object:
        response = client.get(URL, params={"q": "x"})
        return items.validate_python(response.json())

    def adapter() -> object:
        return search.call({"q": "x"}, client=client)

    assert search.call({"q": "x"}, client=client).outcome.value == "success"
    ratios, ours, theirs = _ratio_rounds(adapter, bare, 300, rounds)
    note = f"{_us(ours)} vs {_us(theirs)}"
    return [
        Figure(
            "adapter: @tool call / bare get+json+validate",
            "≤ 1.10×",
            "×",
            ratios,
            lambda r: r <= 1.10,
            note,
        )
    ]


# -- the shape most APIs send, {"results": [...], "count": n}, and a single record -------------

#: A credential sent on both sides of the authenticated figure: the adapter looks for its echo.
TOKEN = "sk-bench-0123456789abcdef"
RECORD_BODY = json.dumps({"id": 7, "name": "item 7", "score": 1.0}).encode()
#: Calls per round by the number of items (a round of each lasts about as long), and the goal.
NESTED_SIZES = {100: 300, 1_000: 60, 10_000: 8}
NESTED_GOALS = {100: 1.10, 1_000: 1.0, 10_000: 1.0}
AUTH_GOAL = 1.15


#: What an API sends beside the three fields a tool's model declares (a model names what it
#: reads): each is an unknown key the adapter drops from every item, and records.
_UNDECLARED = {
    "created_at": "2024-01-01T00:00:00Z",
    "tags": ["a", "b"],
    "owner": {"id": 1, "login": "x"},
    "active": True,
}


def _nested_body(n: int, *, undeclared: bool = False) -> bytes:
    """``{"results": [...n items...], "count": n}``: the array workload's items, in an object
    (with five fields more each, ``undeclared``)."""
    rows: list[dict[str, Any]] = [{"id": i, "name": f"item {i}", "score": i / 7} for i in range(n)]
    if undeclared:
        rows = [{**r, "url": f"https://upstream.test/items/{r['id']}", **_UNDECLARED} for r in rows]
    return json.dumps({"results": rows, "count": n}).encode()


def _serving(body: bytes) -> Callable[[Any], Any]:
    """A MockTransport handler answering every request with ``body`` as JSON."""

    def respond(request: Any) -> Any:
        import httpx

        return httpx.Response(200, headers={"content-type": "application/json"}, content=body)

    return respond


def _nested_workload(
    n: int, *, authorization: bool = False, undeclared: bool = False
) -> tuple[Any, Any, Any]:
    """A client serving the nested body of ``n`` items (sending an ``Authorization`` header when
    asked), the bare path's ``TypeAdapter(list[Item])``, and the ``@tool`` reading the body with
    ``items="results", total="count"``."""
    import httpx
    from pydantic import BaseModel

    from tool_outcomes import tool

    item, items, _ = _workload()

    class Query(BaseModel):
        q: str

    @tool(args=Query, result=list[item], items="results", total="count")  # type: ignore[valid-type]
    def search(args: Query) -> httpx.Request:
        return httpx.Request("GET", URL, params={"q": args.q})

    headers = {"authorization": f"Bearer {TOKEN}"} if authorization else {}
    transport = httpx.MockTransport(_serving(_nested_body(n, undeclared=undeclared)))
    return httpx.Client(transport=transport, headers=headers), items, search


def _nested_figure(
    n: int, rounds: int, *, authorization: bool = False, undeclared: bool = False
) -> Figure:
    client, items, search = _nested_workload(n, authorization=authorization, undeclared=undeclared)

    def bare() -> object:
        response = client.get(URL, params={"q": "x"})
        return items.validate_python(response.json()["results"])

    def adapter() -> object:
        return search.call({"q": "x"}, client=client)

    env = search.call({"q": "x"}, client=client)
    assert env.outcome.value == "success", env
    assert len(env.data) == n
    ratios, ours, theirs = _ratio_rounds(adapter, bare, NESTED_SIZES[n], rounds)
    goal = AUTH_GOAL if authorization else NESTED_GOALS[n]
    name = f'adapter, nested {{"results": [{n:,} items], "count": n}}, items= total='
    name += ", Authorization header on both sides / bare" if authorization else " / bare"
    note = f"{_us(ours)} vs {_us(theirs)}"
    if undeclared:
        name = name.replace(" / bare", ", items of 8 fields, a model of 3 / bare (reference)")
        assert len(env.repairs) == 5 * n  # every item's five unknown keys, dropped and recorded
        return Figure(name, "—", "×", ratios, lambda r: True, note)
    return Figure(name, f"≤ {goal:.2f}×", "×", ratios, _at_most(goal), note)


def figure_nested(rounds: int) -> list[Figure]:
    """The items nested in an object with their count, at 100, 1,000 and 10,000 items, against
    ``client.get`` → ``.json()["results"]`` → ``TypeAdapter(list[Item]).validate_python``."""
    return [_nested_figure(n, rounds) for n in NESTED_SIZES]


def figure_subset(rounds: int) -> list[Figure]:
    """The nested call at 100 items whose items hold five fields the model does not declare, as
    real APIs send them (a reference: the adapter drops and records each, the bare path ignores
    them)."""
    return [_nested_figure(100, rounds, undeclared=True)]


def figure_auth(rounds: int) -> list[Figure]:
    """The nested call at 100 items with an ``Authorization`` header on both sides (the
    adapter scans what it hands out for an echo of the credential; the bare path does not)."""
    return [_nested_figure(100, rounds, authorization=True)]


def _record_workload() -> tuple[Any, Any, Any, Any]:
    """The result model, its ``TypeAdapter``, a ``@tool`` looking one up by id, and a client
    serving the record."""
    import httpx
    from pydantic import BaseModel, TypeAdapter

    from tool_outcomes import tool

    item, _, _ = _workload()

    class Lookup(BaseModel):
        id: int

    @tool(args=Lookup, result=item)
    def get_item(args: Lookup) -> httpx.Request:
        return httpx.Request("GET", f"{URL}/{args.id}")

    client = httpx.Client(transport=httpx.MockTransport(_serving(RECORD_BODY)))
    return item, TypeAdapter(item), get_item, client


def figure_record(rounds: int) -> list[Figure]:
    """A single record (a lookup by id) into its model, against ``client.get`` → ``.json()`` →
    ``TypeAdapter(Item).validate_python``."""
    item, one, get_item, client = _record_workload()

    def bare() -> object:
        return one.validate_python(client.get(f"{URL}/7").json())

    def adapter() -> object:
        return get_item.call({"id": 7}, client=client)

    env = get_item.call({"id": 7}, client=client)
    assert env.outcome.value == "success", env
    assert env.data == item(id=7, name="item 7", score=1.0)
    ratios, ours, theirs = _ratio_rounds(adapter, bare, 1000, rounds)
    note = f"{_us(ours)} vs {_us(theirs)}"
    return [
        Figure(
            "adapter, a single record {id, name, score} / bare get+json+validate",
            "≤ 1.15×",
            "×",
            ratios,
            _at_most(1.15),
            note,
        )
    ]


# -- the floor: what any adapter that keeps the contract must do -------------------------------


def _floor(client: Any, tool: Any, argv: Any, read: Any) -> Callable[[], object]:
    """The least a call of ``tool`` that keeps the contract can do, with nothing judged.

    The arguments validated by its args model; its handler's request rebuilt on the client (its
    timeout and headers: a request built on its own would wait forever), sent and read;
    ``read`` turns the body into the validated data and its count; one ``Coverage`` and one
    ``Envelope`` built. No status, convention, paging or secret is looked at: an adapter doing
    only this is wrong on every failure and every page, and the bench's goals are judged
    against it.
    """
    from tool_outcomes import Coverage, Envelope, Outcome
    from tool_outcomes.transport import rebuild

    envelope = Envelope[Any]
    args, handler = tool.args_model, tool.handler

    def floor() -> object:
        request = rebuild(client, handler(args.model_validate(argv)), None)
        response = client.send(request, stream=True)
        try:
            body = response.read()
        finally:
            response.close()
        data, count = read(body)
        coverage = Coverage(returned=count)
        target = str(request.url)
        return envelope(outcome=Outcome.SUCCESS, data=data, coverage=coverage, target=target)

    return floor


def figure_floor(rounds: int) -> list[Figure]:
    """For the single record, the nested call and the array call at 100 items: the floor
    (:func:`_floor`) against the bare path, and the ``@tool`` call against the floor. Reference
    rows: they say how far below a goal the floor is, and how much of a call is judging."""
    import httpx
    from pydantic_core import from_json

    _, one, get_item, record = _record_workload()
    nested, items, nested_tool = _nested_workload(100)
    _, array_items, array_tool = _workload()
    array = httpx.Client(transport=httpx.MockTransport(_serving(BODY)))
    q = {"q": "x"}
    cases: list[tuple[str, Callable[[], object], Callable[[], object], Callable[[], object], int]]
    cases = [
        (
            "a single record",
            lambda: one.validate_python(record.get(f"{URL}/7").json()),
            _floor(record, get_item, {"id": 7},
                   lambda b: (one.validate_python(from_json(b), strict=True), 1)),
            lambda: get_item.call({"id": 7}, client=record),
            1000,
        ),
        (
            'nested {"results": [100 items], "count": n}',
            lambda: items.validate_python(nested.get(URL, params=q).json()["results"]),
            _floor(nested, nested_tool, q,
                   lambda b: (items.validate_python(from_json(b)["results"], strict=True), 100)),
            lambda: nested_tool.call(q, client=nested),
            300,
        ),
        (
            "a 100-item array",
            lambda: array_items.validate_python(array.get(URL, params=q).json()),
            _floor(array, array_tool, q,
                   lambda b: (array_items.validate_json(b, strict=True), 100)),
            lambda: array_tool.call(q, client=array),
            300,
        ),
    ]  # fmt: skip
    figures = []
    for label, bare, floor, call, calls in cases:
        floor_ratios, floor_us, bare_us = _ratio_rounds(floor, bare, calls, rounds)
        call_ratios, call_us, at_floor_us = _ratio_rounds(call, floor, calls, rounds)
        figures += [
            Figure(
                f"the floor, {label} / bare (reference)",
                "—",
                "×",
                floor_ratios,
                lambda r: True,
                f"{_us(floor_us)} vs {_us(bare_us)}",
            ),
            Figure(
                f"adapter, {label} / the floor (reference)",
                "—",
                "×",
                call_ratios,
                lambda r: True,
                f"{_us(call_us)} vs {_us(at_floor_us)}",
            ),
        ]
    return figures


def figure_classify(rounds: int) -> list[Figure]:
    """``classify_http`` on the response (no result model) against ``json.loads`` of its body."""
    import httpx

    from tool_outcomes import classify_http

    response = httpx.Response(
        200,
        headers={"content-type": "application/json"},
        content=BODY,
        request=httpx.Request("GET", URL),
    )
    assert classify_http(response).outcome.value == "success"
    ratios, ours, theirs = _ratio_rounds(
        lambda: classify_http(response), lambda: json.loads(response.content), 1000, rounds
    )
    note = f"{_us(ours)} vs {_us(theirs)}"
    return [
        Figure(
            "classify_http / json.loads of the body", "≤ 2×", "×", ratios, lambda r: r <= 2.0, note
        )
    ]


def figure_retry(rounds: int) -> list[Figure]:
    """``with_retry`` on the success path against tenacity (and stamina, for reference)."""
    import stamina
    import tenacity

    from tool_outcomes import Envelope, Outcome, RetryPolicy, with_retry

    env: Envelope[Any] = Envelope[Any](outcome=Outcome.EMPTY)
    policy = RetryPolicy(max_attempts=3)
    retrying = tenacity.Retrying(
        stop=tenacity.stop_after_attempt(3),
        wait=tenacity.wait_random_exponential(multiplier=0.2, max=20),
    )

    @stamina.retry(on=Exception, attempts=3)
    def stamina_call() -> Envelope[Any]:
        return env

    def ours() -> object:
        return with_retry(lambda: env, policy)

    def theirs() -> object:
        return retrying(lambda: env)

    ratios, ours_us, theirs_us = _ratio_rounds(ours, theirs, 5000, rounds)
    stamina_ratios, _, stamina_us = _ratio_rounds(ours, stamina_call, 5000, rounds)
    return [
        Figure(
            "with_retry success / tenacity Retrying",
            "≤ 1.0×",
            "×",
            ratios,
            lambda r: r <= 1.0,
            f"{_us(ours_us)} vs {_us(theirs_us)}",
        ),
        Figure(
            "with_retry success / stamina.retry (reference)",
            "—",
            "×",
            stamina_ratios,
            lambda r: True,
            f"stamina {_us(stamina_us)}",
        ),
    ]


class _TimedSteps:
    """Awaits a coroutine, adding the CPU time of each of its steps to ``spent[side]``.

    A step is the code that runs between two suspensions of the task: the coroutine's own work,
    never another task's nor the event loop's.
    """

    def __init__(self, coroutine: Any, spent: dict[str, int], side: str) -> None:
        self._coroutine, self._spent, self._side = coroutine, spent, side

    def __await__(self) -> Any:
        value: Any = None
        error: BaseException | None = None
        while True:
            start = time.process_time_ns()
            try:
                step = self._coroutine.throw(error) if error else self._coroutine.send(value)
            except StopIteration as stop:
                self._spent[self._side] += time.process_time_ns() - start
                return stop.value
            self._spent[self._side] += time.process_time_ns() - start
            try:
                value, error = (yield step), None
            except BaseException as exc:  # handed on to the coroutine, as a Task would
                value, error = None, exc


def figure_async(rounds: int) -> list[Figure]:
    """Throughput of 1,000 calls at 50 concurrent: ``acall`` against bare AsyncClient+validate,
    on the array workload and on the nested one (100 items, ``items="results", total="count"``).

    Both sides run side by side in one event loop, each its 1,000 calls at 50 concurrent, their
    tasks started alternately (ours, theirs, ours, …), and each side is charged the CPU time of
    its own tasks' steps (:class:`_TimedSteps`). So, as in the sync figure, the calls alternate
    one by one and a burst of load from elsewhere lands on both: whole runs of 1,000 calls
    one after the other let the host's shifting load decide (single-run ratios on this machine
    ranged from 0.6× to 1.2×).
    """
    _, items, search = _workload()
    _, _, nested = _nested_workload(100)
    array = _async_figure(
        "async: acall / bare AsyncClient+validate throughput",
        search,
        lambda response: items.validate_python(response.json()),
        _items_response_async,
        rounds,
    )
    nested_body = _nested_body(100)

    async def respond(request: Any) -> Any:
        return _serving(nested_body)(request)

    in_object = _async_figure(
        'async, nested {"results": [100 items], "count": n}: acall / bare throughput',
        nested,
        lambda response: items.validate_python(response.json()["results"]),
        respond,
        rounds,
    )
    return [array, in_object]


def _async_figure(
    name: str,
    search: Any,
    validate: Callable[[Any], object],
    respond: Callable[[Any], Any],
    rounds: int,
) -> Figure:
    import httpx

    calls, concurrency = 1000, 50

    async def bare(client: httpx.AsyncClient) -> object:
        response = await client.get(URL, params={"q": "x"})
        return validate(response)

    async def adapter(client: httpx.AsyncClient) -> object:
        env = await search.acall({"q": "x"}, client=client)
        assert env.outcome.value == "success"
        return env

    async def one_round(adapter_first: bool) -> tuple[float, float]:
        """Each side's throughput (calls per CPU second) over one round."""
        spent = {"ours": 0, "theirs": 0}
        gates = {"ours": asyncio.Semaphore(concurrency), "theirs": asyncio.Semaphore(concurrency)}
        sides = {"ours": adapter, "theirs": bare}
        order = ("ours", "theirs") if adapter_first else ("theirs", "ours")
        transport = httpx.MockTransport(respond)
        async with httpx.AsyncClient(transport=transport) as client:

            async def guarded(side: str) -> None:
                async with gates[side]:
                    await _TimedSteps(sides[side](client), spent, side)

            gc.collect()
            await asyncio.gather(*(guarded(side) for _ in range(calls) for side in order))
        return calls / (spent["ours"] / 1e9), calls / (spent["theirs"] / 1e9)

    asyncio.run(one_round(True))  # the warm-up round
    ratios, ours, theirs = [], [], []
    for n in range(rounds):
        mine, bare_rate = asyncio.run(one_round(adapter_first=n % 2 == 0))
        ratios.append(mine / bare_rate)
        ours.append(mine)
        theirs.append(bare_rate)
    note = f"{statistics.median(ours):,.0f}/s vs {statistics.median(theirs):,.0f}/s"
    return Figure(name, "≥ 0.9×", "×", ratios, lambda r: r >= 0.9, note)


def _process_s(code: str, env: dict[str, str]) -> float:
    """CPU seconds (user + system) of a fresh interpreter running ``code``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


IMPORTS = {
    "import tool_outcomes / import httpx+pydantic": ("import tool_outcomes", "≤ 1.2×", 1.2),
    "from tool_outcomes import tool, Envelope / import httpx+pydantic": (
        "from tool_outcomes import tool, Envelope",
        "≤ 1.2×",
        1.2,
    ),
}


def _at_most(limit: float | None) -> Callable[[float], bool]:
    return lambda value: limit is None or value <= limit


def figure_import(rounds: int) -> list[Figure]:
    """Importing the package against ``import httpx; from pydantic import …`` (processes).

    Both sides run with bytecode cached, as an installed package has it (this checkout's
    environment may set PYTHONDONTWRITEBYTECODE; the cache goes to a temporary directory).
    """
    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache
        return [
            _import_figure(name, code, goal, limit, env, rounds)
            for name, (code, goal, limit) in IMPORTS.items()
        ]


def _import_figure(
    name: str, code: str, goal: str, limit: float | None, env: dict[str, str], rounds: int
) -> Figure:
    baseline = "import httpx; from pydantic import BaseModel, TypeAdapter"
    ratios, ours, theirs = _alternate(
        lambda: _process_s(code, env), lambda: _process_s(baseline, env), rounds
    )
    note = f"{statistics.median(ours) * 1e3:.0f} ms vs {statistics.median(theirs) * 1e3:.0f} ms CPU"
    return Figure(name, goal, "×", ratios, _at_most(limit), note)


# -- memory under a huge body ----------------------------------------------------------------

HUGE_BYTES = 200 * MiB
CAP_BYTES = 1 * MiB
CHUNK = 64 * 1024
MEMORY_CASES = (
    "sync, Content-Length",
    "sync, no Content-Length",
    "sync, gzip bomb",
    "async, Content-Length",
    "async, no Content-Length",
    "async, gzip bomb",
)


def _huge_chunks() -> Iterator[bytes]:
    """200 MiB of a JSON array, 64 KiB at a time, never all in memory."""
    record = b'{"id": 1, "name": "item", "score": 0.5},'
    chunk = b"[" + record * (CHUNK // len(record))
    sent = 0
    while sent < HUGE_BYTES:
        yield chunk
        sent += len(chunk)


def _bomb_chunks(path: Path) -> Iterator[bytes]:
    with path.open("rb") as f:
        while block := f.read(CHUNK):
            yield block


def _streamed(chunks: Callable[[], Iterator[bytes]]) -> Any:
    """A body produced lazily for either client (a real upstream's socket, not a bytes)."""
    import httpx

    class Stream(httpx.SyncByteStream, httpx.AsyncByteStream):
        def __iter__(self) -> Iterator[bytes]:
            yield from chunks()

        async def __aiter__(self) -> AsyncIterator[bytes]:
            for chunk in chunks():
                yield chunk

    return Stream()


def _verdict(env: Any) -> str:
    return f"{env.outcome.value}/{env.failure.code.value}" if env.failure else env.outcome.value


def _memory_child(case: str, bomb: str, traced: bool) -> None:
    """Run one case in this (fresh) process and print its peak growth in bytes."""
    import httpx
    from pydantic import BaseModel

    from tool_outcomes import tool

    class NoArgs(BaseModel):
        pass

    gzip_bomb = "gzip bomb" in case
    headers = {"content-type": "application/json"}
    if gzip_bomb:
        headers["content-encoding"] = "gzip"
        size = Path(bomb).stat().st_size
        headers["content-length"] = str(size)
    elif "no Content-Length" not in case:
        headers["content-length"] = str(HUGE_BYTES)

    def produce() -> Iterator[bytes]:
        return _bomb_chunks(Path(bomb)) if gzip_bomb else _huge_chunks()

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, headers=headers, stream=_streamed(produce))

    @tool(args=NoArgs, max_body_bytes=CAP_BYTES)
    def fetch(args: NoArgs) -> httpx.Request:
        return httpx.Request("GET", URL)

    small = httpx.MockTransport(_items_response)
    if case.startswith("sync"):
        client = httpx.Client(transport=httpx.MockTransport(handler))
        fetch.call(client=httpx.Client(transport=small))  # warm every code path once

        def once() -> str:
            return _verdict(fetch.call(client=client))
    else:

        async def run_async() -> str:
            async with httpx.AsyncClient(transport=httpx.MockTransport(handler)) as client:
                env = await fetch.acall(client=client)
            return _verdict(env)

        async def warm() -> None:
            async with httpx.AsyncClient(
                transport=httpx.MockTransport(_items_response_async)
            ) as client:
                await fetch.acall(client=client)

        asyncio.run(warm())

        def once() -> str:
            return asyncio.run(run_async())

    gc.collect()
    if traced:
        tracemalloc.start()
        tracemalloc.reset_peak()
        outcome = once()
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        growth = peak
    else:
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        outcome = once()
        growth = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - before
    print(json.dumps({"growth": growth, "outcome": outcome}))


def _make_bomb(directory: Path) -> Path:
    """200 MiB of zeros, gzip-compressed (about 200 KiB), written once for every case."""
    path = directory / "bomb.gz"
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    zeros = bytes(MiB)
    with path.open("wb") as f:
        for _ in range(HUGE_BYTES // MiB):
            f.write(packer.compress(zeros))
        f.write(packer.flush())
    return path


def _memory_case(case: str, bomb: Path, traced: bool) -> tuple[float, str]:
    out = subprocess.run(
        [sys.executable, __file__, "--memory-child", case, str(bomb), "1" if traced else "0"],
        check=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
    ).stdout
    result = json.loads(out.strip().splitlines()[-1])
    return result["growth"] / MiB, result["outcome"]


def figure_memory(rounds: int) -> list[Figure]:
    """Peak memory growth while a 200 MiB body meets a 1 MiB cap, per case, RSS and tracemalloc."""
    figures = []
    with tempfile.TemporaryDirectory() as tmp:
        bomb = _make_bomb(Path(tmp))
        per_case: dict[tuple[str, bool], list[float]] = {}
        outcomes: dict[str, set[str]] = {}
        for _ in range(rounds):
            for case in MEMORY_CASES:
                for traced in (False, True):
                    growth, outcome = _memory_case(case, bomb, traced)
                    per_case.setdefault((case, traced), []).append(growth)
                    outcomes.setdefault(case, set()).add(outcome)
        for case in MEMORY_CASES:
            for traced in (False, True):
                how = "tracemalloc peak" if traced else "peak RSS growth"
                figures.append(
                    Figure(
                        f"memory, 200 MiB body, 1 MiB cap: {case} ({how})",
                        "< 20 MiB",
                        "MiB",
                        per_case[(case, traced)],
                        lambda mib: mib < 20,
                        "outcome " + "/".join(sorted(outcomes[case])),
                    )
                )
    return figures


# -- the notebooks under strict nbval ------------------------------------------------------------


def _nbval_seconds() -> dict[str, float]:
    """Seconds per notebook (its cells, kernel start included), and the whole run's wall time,
    for exactly the strict nbval runs ``dev.py test`` makes (its groups, side by side)."""
    with tempfile.TemporaryDirectory() as tmp:
        reports = []
        commands = {}
        for index, (group, command) in enumerate(dev.nbval_commands("-q").items()):
            reports.append(Path(tmp) / f"nbval-{index}.xml")
            commands[group] = [*command, f"--junitxml={reports[-1]}"]
        start = time.perf_counter()
        with contextlib.redirect_stdout(io.StringIO()):  # the runs' own output: not the table's
            dev.run_side_by_side(commands)
        wall_s = time.perf_counter() - start
        seconds: dict[str, float] = {}
        failures = 0
        for report in reports:
            for case in ET.parse(report).iter("testcase"):
                name = case.get("classname", "?").removeprefix("notebooks.")
                name = name.removesuffix(".ipynb")
                seconds[name] = seconds.get(name, 0.0) + float(case.get("time", "0"))
            failures += sum(1 for _ in ET.parse(report).iter("failure"))
        if failures:
            print(f"  (nbval: {failures} cell(s) failed; times still counted)", flush=True)
        seconds[_WALL] = wall_s
        return seconds


_WALL = "the whole strict nbval run (wall clock, as dev.py test runs it)"


def figure_notebooks(rounds: int) -> list[Figure]:
    """Strict nbval time per notebook and in total (kernel start included)."""
    runs = [_nbval_seconds() for _ in range(rounds)]
    names = sorted({name for run in runs for name in run} - {_WALL})
    figures = [
        Figure(
            f"nbval: {name}", "≤ 8 s", "s", [run.get(name, 0.0) for run in runs], lambda s: s <= 8.0
        )
        for name in names
    ]
    totals = [run[_WALL] for run in runs]
    figures.append(Figure(f"nbval: {_WALL}", "≤ 60 s", "s", totals, lambda s: s <= 60.0))
    return figures


# -- the table -------------------------------------------------------------------------------

FIGURES: dict[str, Callable[[int], list[Figure]]] = {
    "adapter": figure_adapter,
    "nested": figure_nested,
    "subset": figure_subset,
    "record": figure_record,
    "floor": figure_floor,
    "auth": figure_auth,
    "classify": figure_classify,
    "retry": figure_retry,
    "async": figure_async,
    "import": figure_import,
    "memory": figure_memory,
    "notebooks": figure_notebooks,
}


def _machine() -> str:
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    import httpx
    import pydantic

    load = ", ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    return (
        f"{model}; {os.cpu_count()} cores; {platform.system()} {platform.release()}; "
        f"Python {platform.python_version()}; pydantic {pydantic.VERSION}; "
        f"httpx {httpx.__version__}; load average {load}"
    )


def _format(value: float, unit: str) -> str:
    if unit == "×":
        return f"{value:.2f}×"
    return f"{value:.1f} {unit}"


def print_table(figures: list[Figure]) -> None:
    rows = [("figure", "goal", "median", "min–max", "met", "detail")]
    for f in figures:
        rows.append(
            (
                f.name,
                f.goal,
                _format(f.median, f.unit),
                f"{_format(min(f.values), f.unit)} – {_format(max(f.values), f.unit)}",
                "yes" if f.met(f.median) else "NO",
                f.note,
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [
        "| " + " | ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)) + " |"
        for row in rows
    ]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    print("\n".join(lines))


def main(argv: list[str]) -> int:
    if argv[:1] == ["--memory-child"]:
        _memory_child(argv[1], argv[2], argv[3] == "1")
        return 0
    parser = argparse.ArgumentParser(prog="dev.py bench", description=__doc__.split("\n")[0])
    parser.add_argument(
        "figures", nargs="*", metavar="figure", help=f"any of: {', '.join(FIGURES)} (default: all)"
    )
    parser.add_argument("--rounds", type=int, default=7, help="rounds per figure (at least 7)")
    args = parser.parse_args(argv)
    unknown = [name for name in args.figures if name not in FIGURES]
    if unknown:
        parser.error(f"unknown figure(s) {', '.join(unknown)}; choose from {', '.join(FIGURES)}")
    if args.rounds < 7:
        parser.error("--rounds must be at least 7: a median of fewer says little")
    print(f"machine: {_machine()}", flush=True)
    figures: list[Figure] = []
    for name in args.figures or list(FIGURES):
        start = time.perf_counter()
        print(f"measuring {name} …", flush=True)
        figures.extend(FIGURES[name](args.rounds))
        print(f"  done in {time.perf_counter() - start:.0f} s", flush=True)
    print()
    print_table(figures)
    print(f"\nload average at the end: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0 if all(f.met(f.median) for f in figures) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
