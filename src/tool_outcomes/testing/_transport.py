"""An httpx transport that serves one fault on any URL, sync and async.

Mount it on the client a tool already uses (``httpx.Client(transport=FaultTransport(...))``,
or ``mounts=`` for one host) and every request the client sends meets the fault.
"""

from __future__ import annotations

from typing import Any

import httpx

from ._derive import Body
from ._fault import Fault

__all__ = ["FaultTransport"]


class FaultTransport(httpx.BaseTransport, httpx.AsyncBaseTransport):
    """Serves one fault to every request, for a sync or an async client.

    Args:
        fault: A :class:`Fault` or the name of one in ``FAULTS``.
        success_body: One complete answer from your API (a JSON value, or its text). The
            ``your_*`` faults are made from it; the others ignore it.
        items: The dotted path to the collection in ``success_body``, when the largest list
            of objects in it is not the collection.
        total: The dotted path to its total count, when no usual name (``count``, ``total``,
            ``total_count``, …) holds it.

    Raises:
        ValueError: the fault is made from a success body and none was given, or this body
            cannot make it (a single record has no page to empty).

    Example::

        with httpx.Client(transport=FaultTransport("timeout")) as client:
            env = search_tool.call({"q": "x"}, client=client)
        assert env.outcome == "access_failure"
    """

    def __init__(
        self,
        fault: Fault | str,
        *,
        success_body: Any = None,
        items: str | None = None,
        total: str | None = None,
    ) -> None:
        if isinstance(fault, str):
            from ._catalogue import FAULTS  # lazy: the catalogue loads on first use

            fault = FAULTS[fault]
        self.fault = fault
        self.body = (
            None if success_body is None else Body.of(success_body, items=items, total=total)
        )
        unmet = fault.unmet(self.body)
        if unmet is not None:
            raise ValueError(f"fault {fault.name!r}: {unmet}")
        self.requests: list[httpx.Request] = []
        """Every request this transport served, in order."""

    def respond(self, request: httpx.Request) -> httpx.Response:
        """The fault's answer to ``request`` (or raise its exception): what either side calls."""
        self.requests.append(request)
        return self.fault.serve(request, self.body)

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        return self.respond(request)

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        return self.respond(request)

    def __repr__(self) -> str:
        return f"FaultTransport({self.fault.name!r})"
