"""What the transport reads from httpx's and httpcore's private attributes, and only that.

Two speed-ups lean on internals no public API exposes; each has a fallback that holds when
the internal is missing or changed (tests run both ways):

* :func:`sending_socket` finds the socket of a pooled httpcore connection by reading the
  ``_network_stream`` of the connection object on the stack, so a sync call's deadline watchdog
  can shut it. Not found (a transport that is not httpx's own, an httpcore that renamed it), the
  reader checks the deadline between chunks instead: one read timeout late at most.
* :func:`stock` says whether a client builds requests with httpx's own, unchanged methods
  (the private ``_merge_*`` among them), which is when ``_rebuild.rebuild_fast`` may stand in
  for ``client.build_request``; otherwise the request goes through ``build_request``.
"""

from __future__ import annotations

import socket
import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

import httpx

from ._deadline import Alarm

__all__ = ["BUILD_METHODS", "sending_socket", "socket_of", "stock", "tracer"]


def socket_of(stream: object) -> socket.socket | None:
    get_extra_info = getattr(stream, "get_extra_info", None)
    if get_extra_info is None:
        return None
    try:
        sock = get_extra_info("socket")
    except Exception:  # a stream that cannot say: fall back to checks between chunks
        return None
    return sock if isinstance(sock, socket.socket) else None


def tracer(alarm: Alarm, chained: Any) -> Callable[[str, dict[str, Any]], None]:
    """An httpcore ``trace`` extension that hands the call's socket to ``alarm`` early.

    A new connection's socket arrives with ``connect_tcp`` / ``start_tls``. A pooled one is
    found when the request is about to be sent: httpcore gives the connection no event of its
    own, so its socket is read from the connection object that is sending.
    """

    def trace(event: str, info: dict[str, Any]) -> None:
        if event.endswith(("connect_tcp.complete", "start_tls.complete")):
            alarm.watch(socket_of(info.get("return_value")))
        elif event.endswith("send_request_headers.started"):
            alarm.watch(sending_socket())
        if chained is not None:
            chained(event, info)

    return trace


def sending_socket() -> socket.socket | None:
    """The socket of the httpcore connection whose ``handle_request`` is on the stack."""
    frame: FrameType | None = sys._getframe(2)
    for _ in range(6):
        if frame is None:
            return None
        owner = frame.f_locals.get("self")
        stream = getattr(owner, "_network_stream", None)
        if stream is not None:
            return socket_of(stream)
        frame = frame.f_back
    return None


#: The client methods ``_rebuild.rebuild_fast`` stands in for; a client overriding one is rebuilt
#: through them instead.
BUILD_METHODS = (
    "build_request",
    "_merge_url",
    "_merge_headers",
    "_merge_cookies",
    "_merge_queryparams",
)


def stock(client: httpx.Client | httpx.AsyncClient) -> bool:
    """Whether ``client`` builds requests with httpx's own, unchanged methods."""
    kind = type(client)
    if kind is httpx.Client or kind is httpx.AsyncClient:
        return True
    base = httpx.AsyncClient if isinstance(client, httpx.AsyncClient) else httpx.Client
    return all(getattr(kind, name) is getattr(base, name) for name in BUILD_METHODS)
