"""The overall deadline: what is left of it, and the watchdog that enforces it on a sync call.

Under asyncio every await is bounded by what is left of the deadline (:func:`remaining_s`). A
blocking socket read cannot be interrupted from its own thread, so for a sync call a watchdog
thread (:data:`WATCHDOG`) shuts the call's sockets down when its :class:`Alarm` fires; the blocked
read returns at once and the call reports a timeout (:func:`late`). How a call's socket is found
is in ``_httpx_private``; where it cannot be, the reader checks the clock between chunks.
"""

from __future__ import annotations

import contextlib
import heapq
import itertools
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import httpx

__all__ = ["DEADLINE_PASSED", "WATCHDOG", "Alarm", "late", "remaining_s"]

#: Raised into the classifier when the overall deadline ends a call: it reads as a timeout.
DEADLINE_PASSED = "the overall deadline passed during the call"


def remaining_s(deadline_at: float | None, clock: Callable[[], float]) -> float | None:
    """Seconds left before ``deadline_at`` (never negative), or None when there is no deadline."""
    return None if deadline_at is None else max(0.0, deadline_at - clock())


@dataclass(eq=False)
class Alarm:
    """One sync call's deadline: when it passes, the call's sockets are shut down."""

    when: float
    fired: bool = False
    done: bool = False
    _sockets: list[socket.socket] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def watch(self, sock: socket.socket | None) -> None:
        if sock is None:
            return
        with self._lock:
            if self.done or sock in self._sockets:
                return
            self._sockets.append(sock)
            late = self.fired
        if late:
            _shut(sock)

    def fire(self) -> None:
        with self._lock:
            if self.done:
                return
            self.fired = True
            sockets = list(self._sockets)
        for sock in sockets:
            _shut(sock)

    def cancel(self) -> None:
        with self._lock:
            self.done = True
            self._sockets.clear()


def _shut(sock: socket.socket) -> None:
    # The base class's shutdown, also for a TLS socket: a blocked read in another thread
    # returns at once, and the connection is discarded by its pool.
    with contextlib.suppress(OSError):
        socket.socket.shutdown(sock, socket.SHUT_RDWR)


class _Watchdog:
    """One daemon thread for every pending sync deadline; it exits when none is left."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._heap: list[tuple[float, int, Alarm]] = []
        self._order = itertools.count()
        self._thread: threading.Thread | None = None

    def arm(self, seconds: float) -> Alarm:
        alarm = Alarm(time.monotonic() + seconds)
        with self._cond:
            heapq.heappush(self._heap, (alarm.when, next(self._order), alarm))
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="tool-outcomes-deadline", daemon=True
                )
                self._thread.start()
            self._cond.notify()
        return alarm

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._heap and self._heap[0][2].done:
                    heapq.heappop(self._heap)
                if not self._heap:
                    self._thread = None
                    return
                wait = self._heap[0][0] - time.monotonic()
                if wait > 0:
                    self._cond.wait(wait)
                    continue
                alarm = heapq.heappop(self._heap)[2]
            alarm.fire()


WATCHDOG = _Watchdog()


def late(request: httpx.Request | None) -> httpx.ReadTimeout:
    return httpx.ReadTimeout(DEADLINE_PASSED, request=request)
