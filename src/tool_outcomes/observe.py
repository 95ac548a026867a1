"""See every call: a call id on each one, and listeners that watch every attempt and every result.

Each run of a :class:`~tool_outcomes.Tool` is one *call*, with a ``call_id`` that every trace
record of its attempts and its final envelope carry (the same for every attempt of one call,
unique across calls). When an agent framework gave the call its own id (an MCP request id, a
model's tool-call id), the integrations keep it as ``tool_call_id``.

Listeners are registered once, for the whole process, so they see calls made directly and
calls made through every integration alike::

    @on_result
    def log_outcome(result: CallResult) -> None:
        print(result.call.tool, result.envelope.outcome, result.duration_s)

    remove_listener(log_outcome)   # on_result returned the listener that wraps the function

A hook may be a plain function or an ``async def``: ``acall`` awaits it; a synchronous ``call``
runs it to completion on its own event loop (or, inside a running loop, schedules it there). A
hook that raises is logged on the ``"tool_outcomes.hooks"`` logger and never changes the outcome.
Nothing is built for listeners that are not there.
"""

from __future__ import annotations

import contextvars
import inspect
import logging
import os
import random
import threading
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from ._call import ACTIVE
from .envelope import Envelope
from .trace import TraceRecord

if TYPE_CHECKING:  # asyncio is loaded only where an async hook needs it (_run_sync)
    import asyncio

__all__ = [
    "CallInfo",
    "CallListener",
    "CallResult",
    "add_listener",
    "framework_call",
    "new_call_id",
    "on_attempt",
    "on_result",
    "remove_listener",
]

hook_logger = logging.getLogger("tool_outcomes.hooks")

#: Bits of randomness in a call id (16 hex characters, as an OpenTelemetry span id).
_CALL_ID_BITS = 64
# A generator of our own, seeded from the system's randomness (again in a forked child), as
# OpenTelemetry's span ids are made: no system call per call, and a program that seeds the
# `random` module for its own reasons neither repeats our ids nor has its numbers drawn.
_ids = random.Random()
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_ids.seed)


def new_call_id() -> str:
    """A fresh call id: 16 random hex characters."""
    return f"{_ids.getrandbits(_CALL_ID_BITS):016x}"


class CallInfo(NamedTuple):
    """Which call this is: what every hook of one call is told about it.

    (A named tuple: one is made for every call, and a frozen dataclass costs more to build.)
    """

    call_id: str
    """Ours: the same on every trace record of the call and on its envelope."""
    tool: str | None
    """The tool's name."""
    tool_call_id: str | None = None
    """The agent framework's own id for this call (MCP request id, model tool-call id)."""
    description: str = ""
    """The tool's description, as a model sees it."""


@dataclass(frozen=True, slots=True)
class CallResult:
    """A finished call: its envelope and how long it took (sleeps between attempts included)."""

    call: CallInfo
    envelope: Envelope[Any]
    duration_s: float


class CallListener:
    """Watches calls. Subclass it and override what you need; every method is a no-op here.

    ``call_started`` and ``call_abandoned`` are synchronous (they run in the caller's context,
    where a listener may open and close a tracing span); ``attempt`` and ``call_finished`` may be
    ``async def``.
    """

    def call_started(self, call: CallInfo) -> None:
        """A call began (before its arguments are validated)."""

    def attempt(self, record: TraceRecord) -> Awaitable[None] | None:
        """One attempt ended: its trace record (decision, sleep, status, ``call_id``)."""
        return None

    def call_finished(self, result: CallResult) -> Awaitable[None] | None:
        """A call returned its final envelope."""
        return None

    def call_abandoned(self, call: CallInfo, error: BaseException) -> None:
        """A call ended without an envelope: cancelled, or a programming error raised."""


class _AttemptHook(CallListener):
    def __init__(self, fn: Callable[[TraceRecord], Awaitable[None] | None]) -> None:
        self.fn = fn

    def attempt(self, record: TraceRecord) -> Awaitable[None] | None:
        return self.fn(record)

    def __repr__(self) -> str:
        return f"on_attempt({self.fn!r})"


class _ResultHook(CallListener):
    def __init__(self, fn: Callable[[CallResult], Awaitable[None] | None]) -> None:
        self.fn = fn

    def call_finished(self, result: CallResult) -> Awaitable[None] | None:
        return self.fn(result)

    def __repr__(self) -> str:
        return f"on_result({self.fn!r})"


# Copy-on-write: a call reads the tuple without a lock; registering replaces it under one.
_listeners: tuple[CallListener, ...] = ()
_registry_lock = threading.Lock()


def add_listener(listener: CallListener) -> CallListener:
    """Register ``listener`` for every call made from now on (a second add is a no-op).

    Returns:
        ``listener``, so the call reads as a decorator of an instance too.
    """
    if not isinstance(listener, CallListener):
        raise TypeError(f"add_listener() takes a CallListener, got {type(listener).__name__}")
    global _listeners
    with _registry_lock:
        if listener not in _listeners:
            _listeners = (*_listeners, listener)
    return listener


def remove_listener(listener: CallListener) -> None:
    """Unregister ``listener``; removing one that is not registered is a no-op."""
    global _listeners
    with _registry_lock:
        _listeners = tuple(kept for kept in _listeners if kept is not listener)


def on_attempt(fn: Callable[[TraceRecord], Awaitable[None] | None]) -> CallListener:
    """Register ``fn`` to be called with the trace record of every attempt of every call.

    Args:
        fn: A function or ``async def`` taking a :class:`~tool_outcomes.TraceRecord`.

    Returns:
        The registered listener (pass it to :func:`remove_listener`).
    """
    return add_listener(_AttemptHook(fn))


def on_result(fn: Callable[[CallResult], Awaitable[None] | None]) -> CallListener:
    """Register ``fn`` to be called with the :class:`CallResult` of every finished call.

    Args:
        fn: A function or ``async def`` taking a :class:`CallResult`.

    Returns:
        The registered listener (pass it to :func:`remove_listener`).
    """
    return add_listener(_ResultHook(fn))


def registered() -> tuple[CallListener, ...]:
    """The listeners registered now (an empty tuple costs a call nothing)."""
    return _listeners


# -- the framework's own call id ---------------------------------------------------------------

_framework_call_id: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "tool_outcomes_framework_call_id", default=None
)


@contextmanager
def framework_call(tool_call_id: object) -> Iterator[None]:
    """Tell the calls made inside this block the agent framework's own id for them.

    The integrations use it around each call (MCP request id, pydantic-ai, LangChain and OpenAI
    Agents tool-call ids); use it the same way when your own loop has such an id::

        with framework_call(tool_use_block.id):
            env = search_tickets(**tool_use_block.input)

    Args:
        tool_call_id: The framework's id (``str(...)`` of it is kept); ``None`` sets none.
    """
    token = _framework_call_id.set(None if tool_call_id is None else str(tool_call_id))
    try:
        yield
    finally:
        _framework_call_id.reset(token)


# -- one call in flight (the adapter's side) ---------------------------------------------------


class ActiveCall:
    """What the adapter and the retry loop share about the call in flight."""

    __slots__ = ("done", "http_status", "info", "listeners", "started_s")

    def __init__(
        self, info: CallInfo, started_s: float, listeners: tuple[CallListener, ...]
    ) -> None:
        self.info = info
        self.started_s = started_s
        self.listeners = listeners
        #: The HTTP status of the attempt in flight, when the upstream answered with one.
        self.http_status: int | None = None
        self.done = False


#: ``_call.ACTIVE`` (which the envelope reads without importing this module), typed here.
_active: contextvars.ContextVar[ActiveCall | None] = ACTIVE


def current_call() -> ActiveCall | None:
    """The call in flight in this context (``None`` outside a tool call)."""
    return _active.get()


class CallScope:
    """The scope of one tool call: its id, its listeners told it started and, if it raised, why.

    A class rather than a generator: it is entered on every call, and stays cheap with no
    listener registered.

    Args:
        tool: The tool's name.
        description: The tool's description.
        started_s: The call's clock reading when it began.
    """

    __slots__ = ("_call", "_token")

    def __init__(self, tool: str, description: str, started_s: float) -> None:
        info = CallInfo(new_call_id(), tool, _framework_call_id.get(), description)
        self._call = ActiveCall(info, started_s, _listeners)
        self._token: contextvars.Token[ActiveCall | None] | None = None

    def __enter__(self) -> ActiveCall:
        call = self._call
        for listener in call.listeners:
            _guard(listener.call_started, call.info)
        self._token = _active.set(call)
        return call

    def __exit__(self, exc_type: object, error: BaseException | None, traceback: object) -> None:
        if self._token is not None:
            _active.reset(self._token)
        call = self._call
        if error is not None and not call.done:
            for listener in call.listeners:
                _guard(listener.call_abandoned, call.info, error)


def attempt_sync(listeners: tuple[CallListener, ...], record: TraceRecord) -> None:
    """Tell ``listeners`` about one attempt, from synchronous code."""
    for listener in listeners:
        _run_sync(_guard(listener.attempt, record))


async def attempt_async(listeners: tuple[CallListener, ...], record: TraceRecord) -> None:
    """Tell ``listeners`` about one attempt, awaiting the ``async`` ones."""
    for listener in listeners:
        await _await_guarded(_guard(listener.attempt, record))


def finished_sync(call: ActiveCall, env: Envelope[Any], ended_s: float) -> None:
    """Tell the call's listeners it returned ``env``, from synchronous code."""
    call.done = True
    if call.listeners:
        result = CallResult(call.info, env, max(0.0, ended_s - call.started_s))
        for listener in call.listeners:
            _run_sync(_guard(listener.call_finished, result))


async def finished_async(call: ActiveCall, env: Envelope[Any], ended_s: float) -> None:
    """Tell the call's listeners it returned ``env``, awaiting the ``async`` ones."""
    call.done = True
    if call.listeners:
        result = CallResult(call.info, env, max(0.0, ended_s - call.started_s))
        for listener in call.listeners:
            await _await_guarded(_guard(listener.call_finished, result))


def _guard(method: Callable[..., Any], *args: Any) -> Any:
    """Run one hook; an exception is logged, never raised into the call."""
    try:
        return method(*args)
    except Exception:
        hook_logger.exception("tool_outcomes hook %r raised; the call is unaffected", method)
        return None


async def _await_guarded(result: Any) -> None:
    if inspect.isawaitable(result):
        try:
            await result
        except Exception:
            hook_logger.exception("tool_outcomes async hook raised; the call is unaffected")


# Tasks scheduled from a synchronous call inside a running loop, kept until they finish.
_background: set[asyncio.Task[None]] = set()


def _run_sync(result: Any) -> None:
    """Finish an ``async`` hook's awaitable from synchronous code."""
    if not inspect.isawaitable(result):
        return
    import asyncio  # only for an async hook: a sync call never loads asyncio otherwise

    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        loop = None
    if loop is None:
        asyncio.run(_await_guarded(result))
        return
    # A synchronous call made inside a running loop cannot block on it: the hook runs there.
    task = loop.create_task(_await_guarded(result))
    _background.add(task)
    task.add_done_callback(_background.discard)
