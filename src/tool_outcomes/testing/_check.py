"""check_tool: drive one tool through every fault and say, per fault, whether it declared it right.

A request-building tool sends on a client whose transport serves the fault. A plain function
(a ``Tool`` whose handler makes its own httpx calls, or a bare function) is driven by routing
all httpx traffic for the call through respx, imported only then. Each call runs on a fresh
:class:`FakeClock`, so retries back off without waiting.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import dataclasses
import html
import inspect
import ssl
import typing
import unittest.mock
from collections.abc import Callable, Coroutine, Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypedDict, Unpack

import httpx
from pydantic import BaseModel, ConfigDict

from tool_outcomes import Envelope, FailureCode, FailureKind, Outcome, Tool, tool
from tool_outcomes.workbook.tables import Table

from ._catalogue import FAULTS
from ._clock import FakeClock
from ._derive import Body
from ._fault import Expect, Fault, Scope
from ._transport import FaultTransport

__all__ = [
    "CheckOptions",
    "ClientFactory",
    "ConformanceReport",
    "Row",
    "Verdict",
    "check_tool",
    "conformance_problem",
]

#: Builds the client a request-building tool sends on, around the fault's transport (to keep
#: the tool's base URL, auth or headers: ``lambda t: httpx.Client(transport=t, base_url=...)``).
ClientFactory = Callable[[FaultTransport], httpx.Client | httpx.AsyncClient]

_O = Outcome
_READS = frozenset({"GET", "HEAD", "OPTIONS"})
#: Methods a retry cannot repeat safely: their transient failure may be reported as permanent.
_UNSAFE = frozenset({"POST", "PATCH"})


class Verdict(StrEnum):
    """A row's verdict."""

    PASS = "pass"
    FAIL = "fail"
    SKIP = "skip"


@dataclass(frozen=True)
class Row:
    """One fault against one tool: what was expected, what came back, and why it passes or not."""

    fault: Fault
    verdict: Verdict
    got: str
    """The envelope's outcome, failure code and kind (or how many items); ``""`` when skipped."""
    why: str
    """One sentence."""
    envelope: Envelope[Any] | None = None

    @property
    def name(self) -> str:
        return self.fault.name

    @property
    def expected(self) -> str:
        """What a correct tool declares: one reading, or several as honest."""
        return " or ".join(str(expect) for expect in self.fault.accepts)


@dataclass(frozen=True)
class ConformanceReport:
    """Every fault's row for one tool. ``.ok`` when none failed; ``str()`` is a readable table."""

    tool: str
    rows: tuple[Row, ...]

    @property
    def ok(self) -> bool:
        """No row failed (skipped rows do not count against the tool)."""
        return not self.failures

    @property
    def failures(self) -> list[Row]:
        return [row for row in self.rows if row.verdict is Verdict.FAIL]

    @property
    def passed(self) -> list[Row]:
        return [row for row in self.rows if row.verdict is Verdict.PASS]

    @property
    def skipped(self) -> list[Row]:
        return [row for row in self.rows if row.verdict is Verdict.SKIP]

    def __getitem__(self, name: str) -> Row:
        for row in self.rows:
            if row.name == name:
                return row
        raise KeyError(f"no row for fault {name!r} in this report")

    def summary(self) -> str:
        """One line: how many faults passed, failed and were skipped."""
        ran = len(self.passed) + len(self.failures)
        return (
            f"{self.tool}: {len(self.passed)} of {ran} faults declared correctly, "
            f"{len(self.failures)} failed, {len(self.skipped)} skipped"
        )

    def table(self) -> Table:
        """The rows that ran, failures first: verdict, fault, expected, got, why."""
        ran = [*self.failures, *self.passed]
        return Table(
            ("", "fault", "expected", "got", "why"),
            ((row.verdict.value.upper(), row.name, row.expected, row.got, row.why) for row in ran),
        )

    def _skip_lines(self) -> list[str]:
        by_reason: dict[str, list[str]] = {}
        for row in self.skipped:
            by_reason.setdefault(row.why, []).append(row.name)
        return [
            f"skipped ({len(names)}): {why}: {', '.join(names)}" for why, names in by_reason.items()
        ]

    def __str__(self) -> str:
        return "\n".join([self.summary(), str(self.table()), *self._skip_lines()])

    def _repr_html_(self) -> str:
        skipped = "".join(f"<li>{html.escape(line)}</li>" for line in self._skip_lines())
        return f"<p><b>{html.escape(self.summary())}</b></p>{self.table()._repr_html_()}" + (
            f"<details><summary>skipped</summary><ul>{skipped}</ul></details>" if skipped else ""
        )


# -- the tool under test ------------------------------------------------------------------------


class _AnyArgs(BaseModel):
    """A bare function's keyword arguments, passed through as given."""

    model_config = ConfigDict(extra="allow")


@dataclass(frozen=True)
class _Subject:
    tool: Tool[Any, Any]
    arguments: Any
    routed: bool
    """Whether the handler may send its own requests (so all httpx traffic must be routed)."""


def _subject(candidate: Any, arguments: Any) -> _Subject:
    if isinstance(candidate, Tool):
        # Each fault is its own call: a breaker would carry one fault's failures into the next
        # (circuit_open rows), and a counter would tally the check as real traffic.
        isolated = dataclasses.replace(candidate, breaker=None, counter=None)
        return _Subject(isolated, arguments, not _builds_requests(candidate.handler))
    if not callable(candidate):
        raise TypeError(f"check_tool() takes a Tool or a function, got {candidate!r}")
    if not isinstance(arguments, Mapping):
        raise TypeError("a bare function's arguments are a mapping of keyword arguments")
    fn, kwargs = candidate, dict(arguments)
    name = str(getattr(fn, "__name__", "tool"))
    if inspect.iscoroutinefunction(fn):

        async def ahandler(args: _AnyArgs) -> Any:
            return await fn(**kwargs)

        return _Subject(tool(args=_AnyArgs, name=name)(ahandler), {}, True)

    def handler(args: _AnyArgs) -> Any:
        return fn(**kwargs)

    return _Subject(tool(args=_AnyArgs, name=name)(handler), {}, True)


def _builds_requests(handler: Callable[..., Any]) -> bool:
    """Whether a handler declares that it returns an ``httpx.Request`` (sends nothing itself)."""
    try:
        returns = typing.get_type_hints(handler).get("return")
    except Exception:  # an annotation that does not resolve says nothing either way
        return False
    return returns is httpx.Request


def _router() -> Any:
    try:
        import respx
    except ImportError as exc:
        raise ImportError(
            "check_tool drives a plain function (one that sends its own httpx requests) by "
            "routing all httpx traffic through respx: pip install respx. A request-building "
            "tool annotated '-> httpx.Request' needs no respx."
        ) from exc
    return respx.mock(assert_all_called=False, assert_all_mocked=True)


# -- one fault ----------------------------------------------------------------------------------


@dataclass
class _Run:
    envelope: Envelope[Any] | None
    raised: BaseException | None
    methods: list[str]
    routed: int
    """How many requests reached the fault through the respx route (a plain function's own)."""


class _Driver:
    """Calls the tool under test once per fault, with all its httpx traffic routed for the check.

    One respx router serves the whole check (starting one per call costs more than the call),
    its single route answering with whichever fault is current.
    """

    def __init__(self, subject: _Subject, factory: ClientFactory | None) -> None:
        self.subject = subject
        self.factory = factory
        self.is_async = inspect.iscoroutinefunction(subject.tool.handler)
        self._transport: FaultTransport | None = None
        self._routed: list[httpx.Request] = []
        self._stack = contextlib.ExitStack()

    def __enter__(self) -> _Driver:
        if self.subject.routed:
            router = self._stack.enter_context(_router())
            router.route().mock(side_effect=self._through_route)
            # Every httpx.get() of a plain function builds a client, and each client loads the
            # CA bundle (a tenth of a second); no connection is ever made under the router, so
            # one verifying context serves them all.
            self._stack.enter_context(_one_tls_context())
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._stack.close()

    def _through_route(self, request: httpx.Request) -> httpx.Response:
        assert self._transport is not None
        self._routed.append(request)
        return self._transport.respond(request)

    def run(self, transport: FaultTransport) -> _Run:
        self._transport, self._routed = transport, []
        clock = FakeClock()
        envelope, raised = None, None
        try:
            if self.is_async:
                envelope = _run_coroutine(_acall(self.subject, transport, self.factory, clock))
            else:
                envelope = _call(self.subject, transport, self.factory, clock)
        except Exception as exc:  # the adapter raises for programming errors only: report it
            raised = exc
        methods = [request.method for request in transport.requests]
        return _Run(envelope, raised, methods, len(self._routed))


@contextlib.contextmanager
def _one_tls_context() -> Iterator[None]:
    made: dict[tuple[Any, ...], ssl.SSLContext] = {}
    create = ssl.create_default_context

    def create_once(*args: Any, **kwargs: Any) -> ssl.SSLContext:
        key = (*args, *sorted(kwargs.items()))
        if key not in made:
            made[key] = create(*args, **kwargs)
        return made[key]

    with unittest.mock.patch.object(ssl, "create_default_context", create_once):
        yield


def _client(transport: FaultTransport, factory: ClientFactory | None, *, is_async: bool) -> Any:
    if factory is not None:
        return factory(transport)
    return httpx.AsyncClient(transport=transport) if is_async else httpx.Client(transport=transport)


def _call(
    subject: _Subject, transport: FaultTransport, factory: ClientFactory | None, clock: FakeClock
) -> Envelope[Any]:
    client = _client(transport, factory, is_async=False)
    if not isinstance(client, httpx.Client):
        raise TypeError(
            f"client_factory made a {type(client).__name__}: a sync tool sends on a Client"
        )
    with client:
        return subject.tool.call(subject.arguments, client=client, sleep=clock.sleep, clock=clock)


async def _acall(
    subject: _Subject, transport: FaultTransport, factory: ClientFactory | None, clock: FakeClock
) -> Envelope[Any]:
    client = _client(transport, factory, is_async=True)
    if not isinstance(client, httpx.AsyncClient):
        raise TypeError(
            f"client_factory made a {type(client).__name__}: an async tool sends on an AsyncClient"
        )
    async with client:
        return await subject.tool.acall(
            subject.arguments, client=client, sleep=clock.asleep, clock=clock
        )


def _run_coroutine(coroutine: Coroutine[Any, Any, Envelope[Any]]) -> Envelope[Any]:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    # Called from a running loop (a notebook, an async test): run on a loop of its own.
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


# -- grading ------------------------------------------------------------------------------------


def _got(env: Envelope[Any]) -> str:
    if env.failure is not None:
        return f"{env.outcome.value}/{env.failure.code.value}/{env.failure.kind.value}"
    returned = env.coverage.returned if env.coverage is not None else None
    if returned is None:
        return env.outcome.value
    return f"{env.outcome.value} ({returned} item{'' if returned == 1 else 's'})"


def _meets(env: Envelope[Any], expect: Expect, *, unsafe_write: bool) -> bool:
    if env.outcome is not expect.outcome:
        return False
    failure = env.failure
    if expect.code is not None and (failure is None or failure.code is not expect.code):
        return False
    if expect.kind is None or failure is None or failure.kind is expect.kind:
        return True
    # A POST or PATCH that timed out may have taken effect: reporting it permanent is honest.
    return (
        unsafe_write
        and expect.kind is FailureKind.TRANSIENT
        and (expect.code not in (FailureCode.CONNECT, FailureCode.RATE_LIMITED))
    )


#: The most characters of an envelope's detail a row's one sentence quotes.
_QUOTED_CHARS = 160


def _first_words(detail: str) -> str:
    return detail if len(detail) <= _QUOTED_CHARS else detail[: _QUOTED_CHARS - 1] + "…"


def _returned(env: Envelope[Any]) -> int | None:
    return None if env.coverage is None else env.coverage.returned


#: Why a mismatch matters, by (expected outcome, declared outcome): what a consumer would do.
_CONSEQUENCE: Mapping[tuple[Outcome, Outcome], str] = {
    (_O.ACCESS_FAILURE, _O.EMPTY): "the model would report 'none found' for a question that "
    "went unanswered",
    (_O.ACCESS_FAILURE, _O.SUCCESS): "the model would take what came back as the answer",
    (_O.ACCESS_FAILURE, _O.PARTIAL): "the model would use what came back as part of a real answer",
    (_O.PARTIAL, _O.SUCCESS): "the model would take part of the answer as the whole",
    (_O.PARTIAL, _O.EMPTY): "the model would report 'none found' while more was there",
    (_O.PARTIAL, _O.ACCESS_FAILURE): "the items that did arrive were thrown away",
    (_O.EMPTY, _O.ACCESS_FAILURE): "a real 'none found' reads as a failure, and is retried",
    (_O.EMPTY, _O.PARTIAL): "a real 'none found' reads as cut off",
    (_O.SUCCESS, _O.EMPTY): "your answer's items were not found in it",
    (_O.SUCCESS, _O.PARTIAL): "a complete answer reads as cut off (give a last page as "
    "success_body)",
}


def _why_not(fault: Fault, env: Envelope[Any], body: Body | None) -> str:
    expect = fault.expect
    label = fault.name.replace("_", " ")
    failure = env.failure
    got = env.outcome
    if got is not expect.outcome:
        if expect.outcome is _O.EMPTY and got is _O.SUCCESS and _returned(env) == 1:
            where = (
                "" if body is None or not body.items else f" (at {'.'.join(map(str, body.items))})"
            )
            return (
                f"{label} became success with 1 record: every page reads as one record, so the "
                f"items path does not reach your collection{where}"
            )
        if expect.outcome is _O.SUCCESS and failure is not None:
            return f"{label} became {_got(env)}: {_first_words(failure.detail)}"
        consequence = _CONSEQUENCE.get((expect.outcome, got), "")
        code = f" ({failure.code.value})" if failure is not None else ""
        return f"{label} became {got.value}{code}: {consequence}".rstrip(": ")
    assert failure is not None  # same outcome, so an access failure that differs in code or kind
    if expect.code is not None and failure.code is not expect.code:
        return (
            f"{label} was declared {failure.code.value}, not {expect.code.value}: the code tells "
            "the consumer what to do next"
        )
    if expect.kind is FailureKind.TRANSIENT:
        return f"{label} was declared permanent, not transient: it is never retried, yet could pass"
    return f"{label} was declared transient, not permanent: it is retried in vain"


def _grade(fault: Fault, run: _Run, body: Body | None) -> Row:
    if run.raised is not None:
        text = f"{type(run.raised).__name__}: {run.raised}"
        return Row(fault, Verdict.FAIL, "raised", f"the call raised {text}")
    env = run.envelope
    assert env is not None
    unsafe = any(method in _UNSAFE for method in run.methods)
    for expect in fault.accepts:
        if _meets(env, expect, unsafe_write=unsafe):
            return Row(fault, Verdict.PASS, _got(env), f"declared {_got(env)}, as it must", env)
    why = _why_not(fault, env, body)
    if not run.methods:
        why += " (the tool sent no request through httpx, so the fault never reached it)"
    return Row(fault, Verdict.FAIL, _got(env), why, env)


# -- which faults apply ---------------------------------------------------------------------------


def _skip_before(fault: Fault, subject: _Subject, body: Body | None) -> str | None:
    """Why a fault does not concern this tool, known before calling it (``None``: it does)."""
    lookup = body is not None and body.items is None
    scope = fault.scope
    if scope is Scope.SHAPED:
        return "another API's body (pass your own success_body= for pagination and items)"
    if scope is Scope.YOUR_BODY:
        return fault.unmet(body)
    if scope is Scope.SEARCH and lookup:
        return "a 404 to a search or list; your success body is one record (a lookup)"
    if scope is Scope.LOOKUP and not lookup:
        return "a 404 to a lookup by id; give a one-record success_body to check a lookup"
    if scope is Scope.READ and subject.tool.expect != "json":
        return f"a JSON read's fault; your tool declares expect={subject.tool.expect!r}"
    if scope is Scope.PLAIN and not subject.routed:
        return "a library's exception; httpx wraps socket errors itself for a request builder"
    return None


def _skip_after(fault: Fault, run: _Run) -> str | None:
    """Why a fault does not concern this tool, known from the requests it sent."""
    writes = [method for method in run.methods if method not in _READS]
    if fault.scope is Scope.WRITE and run.methods and not writes:
        return "a write's fault; your tool reads"
    if fault.scope is Scope.READ and writes:
        return "a read's fault; your tool writes (a 2xx answering a write is a success)"
    if fault.scope is Scope.PLAIN and run.methods and not run.routed:
        return "a library's exception; httpx wraps socket errors itself for a request builder"
    return None


def _faults(faults: Mapping[str, Fault] | Iterable[Fault | str]) -> Iterator[Fault]:
    values = faults.values() if isinstance(faults, Mapping) else faults
    for fault in values:
        yield FAULTS[fault] if isinstance(fault, str) else fault


def check_tool(
    tool: Any,
    args: Any,
    *,
    success_body: Any = None,
    faults: Mapping[str, Fault] | Iterable[Fault | str] = FAULTS,
    client_factory: ClientFactory | None = None,
    items: str | None = None,
    total: str | None = None,
) -> ConformanceReport:
    """Call ``tool`` once per fault and grade the outcome it declares.

    Args:
        tool: A :class:`~tool_outcomes.Tool` (a request builder, or a handler that sends its own
            httpx requests), or a bare function (sync or async) called with ``**args``.
        args: The arguments for one call: a mapping (or the tool's args model).
        success_body: One complete answer from your API (a JSON value, or its text). The
            ``your_*`` faults are made from it: the same page with a next link, with a total
            above what came back, with its items emptied, cut mid-stream, inside an HTML 200.
            Without it they are skipped, and so is every 404 check that needs to know whether
            the tool lists or looks up.
        faults: The faults to run: a mapping like :data:`FAULTS` (the default), or faults and
            fault names.
        client_factory: Builds the client a request-building tool sends on, around the fault's
            transport (default: a plain ``httpx.Client`` / ``httpx.AsyncClient``).
        items: The dotted path to the collection in ``success_body``, when the largest list
            of objects in it is not the collection (default: the tool's ``items``, when it
            names a list in the body).
        total: The dotted path to its total count, when no usual name holds it (default: the
            tool's ``total``).

    Returns:
        A :class:`ConformanceReport`: one row per fault (skipped where the fault does not
        concern this tool, with the reason).

    Raises:
        ImportError: the tool sends its own httpx requests and respx is not installed.
        ValueError: ``success_body`` is not JSON, or its collection is empty.
    """
    subject = _subject(tool, args)
    declared = subject.tool.items
    body = None
    if success_body is not None:
        items = items or _resolving(success_body, declared)
        body = Body.of(success_body, items=items, total=total or subject.tool.total)
    rows: list[Row] = []
    with _Driver(subject, client_factory) as driver:
        for fault in _faults(faults):
            reason = _skip_before(fault, subject, body)
            if reason is None:
                run = driver.run(FaultTransport(fault, success_body=body))
                reason = _skip_after(fault, run)
                if reason is None:
                    rows.append(_grade(fault, run, body))
                    continue
            rows.append(Row(fault, Verdict.SKIP, "", reason))
    return ConformanceReport(subject.tool.name, tuple(rows))


def _resolving(success_body: Any, declared: str | None) -> str | None:
    """The tool's declared items path, when it names a list in the body (else: find one)."""
    if declared is None:
        return None
    try:
        Body.of(success_body, items=declared)
    except ValueError:
        return None
    return declared


class CheckOptions(TypedDict, total=False):
    """:func:`check_tool`'s keyword arguments, for the functions that forward them."""

    success_body: Any
    faults: Mapping[str, Fault] | Iterable[Fault | str]
    client_factory: ClientFactory | None
    items: str | None
    total: str | None


def conformance_problem(tool: Any, args: Any, **options: Unpack[CheckOptions]) -> str | None:
    """The first fault a tool gets wrong, in one sentence; ``None`` when it gets none wrong.

    For a notebook's check cell: the same run as :func:`check_tool` (``options`` are its
    keyword arguments), reduced to a verdict.
    """
    report = check_tool(tool, args, **options)
    failures = report.failures
    if not failures:
        return None
    first = failures[0]
    more = f" ({len(failures) - 1} more faults failed too)" if len(failures) > 1 else ""
    return f"{first.name}: expected {first.expected}, got {first.got}. {first.why}{more}"
