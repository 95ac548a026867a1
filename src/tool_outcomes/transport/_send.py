"""Sending a request and reading its body, stopping at the cap or the deadline.

``response.read()`` either returns the whole body or raises, and it will read a gigabyte if one
comes. These functions stop at a byte cap without loading the rest, stop when the overall
deadline passes even while a slow upstream still drips bytes, and keep what arrived before a
stream broke, so that a JSON-lines answer cut mid-way is a ``partial`` with its complete items
rather than an error. Every response is closed, and every watchdog alarm cancelled, on every path.
What they return (a :class:`Read`, or the exception that left nothing to read) becomes
:class:`~tool_outcomes.evidence.Evidence` in ``_evidence``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import httpx

from tool_outcomes.evidence import BodyCut

from ._deadline import WATCHDOG, Alarm, late, remaining_s
from ._decode import DEFAULT_MAX_BODY_BYTES, Body, Whole
from ._httpx_private import socket_of, tracer
from ._rebuild import rebuild

__all__ = ["Read", "read_sync", "send_async", "send_sync"]


@dataclass(frozen=True)
class Read:
    """What came back: the response head, the bytes read, and why reading stopped early."""

    response: httpx.Response
    body: bytes
    cut: BodyCut | None = None
    cut_error: BaseException | None = None


def send_sync(
    client: httpx.Client,
    request: httpx.Request,
    *,
    max_body_bytes: int,
    deadline_at: float | None,
    clock: Callable[[], float],
) -> Read | BaseException:
    """Send ``request`` and read its body, stopping at the cap or the deadline.

    Returns:
        A :class:`Read`, or the exception that left nothing to read (no response, a body that
        could not be decoded, or a stream that broke before its first byte).
    """
    remaining = remaining_s(deadline_at, clock)
    alarm = None if remaining is None else WATCHDOG.arm(remaining)
    try:
        try:
            request = rebuild(client, request, remaining)
            if alarm is not None:
                request.extensions["trace"] = tracer(alarm, request.extensions.get("trace"))
            response = client.send(request, stream=True, follow_redirects=False)
            if alarm is not None:
                alarm.watch(socket_of(response.extensions.get("network_stream")))
            history: list[httpx.Response] = []
            while (hop := _hop_or_close_sync(client, request, response, history)) is not None:
                _drain_sync(response, max_body_bytes)
                response = client.send(hop, stream=True, follow_redirects=False, auth=None)
                response.history = list(history)
                if alarm is not None:
                    alarm.watch(socket_of(response.extensions.get("network_stream")))
        except Exception as exc:
            return late(request) if alarm is not None and alarm.fired else exc
        return _read_sync(response, max_body_bytes, deadline_at, clock, alarm)
    finally:
        if alarm is not None:
            alarm.cancel()


def read_sync(
    response: httpx.Response,
    *,
    max_body_bytes: int | None = DEFAULT_MAX_BODY_BYTES,
    deadline_at: float | None = None,
    clock: Callable[[], float] | None = None,
) -> Read | BaseException:
    """Read a streamed response's body chunk by chunk, keeping what arrived before any stop.

    ``response.read()`` returns all or raises, discarding what came before the error; this
    keeps it, so a JSON-lines answer cut mid-way still has its complete items. The body is read
    raw and inflated here, so the cap counts decoded bytes at every ``Content-Encoding`` layer.

    Args:
        response: A response sent with ``stream=True`` and not yet read. It is closed here.
        max_body_bytes: Stop past this many decoded bytes (``BodyCut.SIZE_CAP``); None for no
            cap (the caller then bounds what it reads some other way).
        deadline_at: Stop once ``clock()`` passes it (``BodyCut.STREAM_ERROR``, a timeout).
        clock: Monotonic seconds; needed only with ``deadline_at``.

    Returns:
        A :class:`Read`, or the exception that left nothing to read (a body that could not be
        decoded, or a stream that broke before its first byte).
    """
    return _read_sync(response, max_body_bytes, deadline_at, clock, None)


def _read_sync(
    response: httpx.Response,
    max_body_bytes: int | None,
    deadline_at: float | None,
    clock: Callable[[], float] | None,
    alarm: Alarm | None,
) -> Read | BaseException:
    cut: BodyCut | None = None
    cut_error: BaseException | None = None
    try:
        body, content = _open_body(response, max_body_bytes)
    except httpx.DecodingError as exc:  # an encoding this module does not inflate
        response.close()
        return exc
    try:
        for raw in response.iter_raw() if content is None else (content,):
            if not body.add_raw(raw):
                cut = BodyCut.SIZE_CAP
                break
            # Between chunks, the deadline is checked here too (the watchdog needs a socket).
            if deadline_at is not None and clock is not None and clock() > deadline_at:
                cut, cut_error = BodyCut.STREAM_ERROR, late(response.request)
                break
        else:
            if not body.finish():
                cut = BodyCut.SIZE_CAP
    except httpx.DecodingError as exc:  # the body is not what its encoding says: nothing usable
        return exc
    except Exception as exc:
        if not body.size:
            return late(response.request) if alarm is not None and alarm.fired else exc
        cut, cut_error = BodyCut.STREAM_ERROR, exc
    finally:
        if alarm is not None:
            alarm.cancel()  # before the connection goes back to its pool
        response.close()
    if alarm is not None and alarm.fired and cut is not BodyCut.SIZE_CAP:
        # The watchdog shut the socket: what looked like an end (or a broken stream) was it.
        if not body.size:
            return late(response.request)
        cut, cut_error = BodyCut.STREAM_ERROR, late(response.request)
    return Read(response, body.bytes(), cut, cut_error)


def _open_body(
    response: httpx.Response, max_body_bytes: int | None
) -> tuple[Body | Whole, bytes | None]:
    """The body to fill, and the content when httpx already read it (a mock built from bytes):
    that content is already decoded, so it is only counted against the cap.

    Raises:
        httpx.DecodingError: for an encoding :class:`ContentDecoder` refuses.
    """
    try:
        content = response.content
    except httpx.ResponseNotRead:
        return Body(max_body_bytes, response.headers), None
    return Whole(max_body_bytes), content


async def send_async(
    client: httpx.AsyncClient,
    request: httpx.Request,
    *,
    max_body_bytes: int,
    deadline_at: float | None,
    clock: Callable[[], float],
) -> Read | BaseException:
    """The asynchronous :func:`send_sync`: each await is bounded by what is left of the deadline."""
    import asyncio  # here: a program that only calls synchronously never loads it

    # Without a deadline no asyncio.timeout is entered, yet a TimeoutError still reads as the
    # deadline passing, as it did under asyncio.timeout(None). That ReadTimeout is made only
    # then, for the request as far as it got (the handler's, or the rebuilt one).
    try:
        try:
            request.content  # noqa: B018 -- raises when an async body has not been read
        except httpx.RequestNotRead:
            await request.aread()
        request = rebuild(client, request, remaining_s(deadline_at, clock))
        if deadline_at is None:
            response = await _send_following_async(client, request, max_body_bytes)
        else:
            async with asyncio.timeout(remaining_s(deadline_at, clock)):
                response = await _send_following_async(client, request, max_body_bytes)
    except TimeoutError:
        return late(request)
    except Exception as exc:
        return exc
    cut: BodyCut | None = None
    cut_error: BaseException | None = None
    try:
        body, content = _open_body(response, max_body_bytes)
    except httpx.DecodingError as exc:
        await response.aclose()
        return exc
    try:
        if content is not None:
            # Already read and decoded: nothing to wait for, so no deadline to apply.
            if not body.add_raw(content) or not body.finish():
                cut = BodyCut.SIZE_CAP
        else:
            chunks = response.aiter_raw()
            while True:
                # Each read gets what is left of the deadline, so a slow drip is cut in time
                # and the complete lines already read are kept, as the sync path keeps them.
                try:
                    if deadline_at is None:
                        raw = await anext(chunks)
                    else:
                        async with asyncio.timeout(remaining_s(deadline_at, clock)):
                            raw = await anext(chunks)
                except StopAsyncIteration:
                    if not body.finish():
                        cut = BodyCut.SIZE_CAP
                    break
                except TimeoutError:
                    if not body.size:
                        return late(request)
                    cut, cut_error = BodyCut.STREAM_ERROR, late(request)
                    break
                if not body.add_raw(raw):
                    cut = BodyCut.SIZE_CAP
                    break
    except httpx.DecodingError as exc:
        return exc
    except Exception as exc:
        if not body.size:
            return exc
        cut, cut_error = BodyCut.STREAM_ERROR, exc
    finally:
        await response.aclose()
    return Read(response, body.bytes(), cut, cut_error)


# -- redirects: followed here, each hop's body read through the cap ----------------------------

#: Headers a redirect to another origin keeps: what says how to read the answer, never who asks.
#: Every other header the handler or the client set (``X-Api-Key``, ``Authorization``, a
#: ``Cookie``) stays with the origin the handler's request named.
CROSS_ORIGIN_HEADERS = frozenset(
    {
        "accept",
        "accept-encoding",
        "accept-language",
        "user-agent",
        "content-type",
        "content-length",
        "host",
        "connection",
        "cache-control",
    }
)


def _next_hop(
    client: httpx.Client | httpx.AsyncClient,
    first: httpx.Request,
    response: httpx.Response,
    history: list[httpx.Response],
) -> httpx.Request | None:
    """The request a redirect asks for when the client follows redirects, else ``None``.

    httpx reads each hop's body itself (``response.read()``), with its own unbounded decoder;
    this sends every hop with ``follow_redirects=False`` and keeps httpx's semantics: the
    redirect request httpx builds (``response.next_request``: method, body, cookies, the
    ``Authorization`` it strips), its ``max_redirects`` and its ``TooManyRedirects``. A hop to
    another origin than ``first``'s carries only :data:`CROSS_ORIGIN_HEADERS`.

    Raises:
        httpx.TooManyRedirects: past the client's ``max_redirects``, as httpx raises it.
    """
    hop = response.next_request
    if hop is None or not client.follow_redirects:
        return None
    history.append(response)
    if len(history) > client.max_redirects:  # the caller closes the response
        raise httpx.TooManyRedirects("Exceeded maximum allowed redirects.", request=hop)
    if _origin(hop.url) != _origin(first.url):
        for name in [n for n in hop.headers if n.lower() not in CROSS_ORIGIN_HEADERS]:
            del hop.headers[name]
    return hop


def _origin(url: httpx.URL) -> tuple[str, str, int | None]:
    default = {"http": 80, "https": 443}.get(url.scheme)
    return url.scheme, url.host, url.port or default


def _drain_sync(response: httpx.Response, max_body_bytes: int | None) -> None:
    """Read a redirect's body through the cap (stopping there), then close it."""
    try:
        body = Body(max_body_bytes, response.headers)
        for raw in response.iter_raw():
            if not body.add_raw(raw):
                break
    except httpx.HTTPError:
        pass  # a hop's body is not the answer: only the next hop's is read
    finally:
        response.close()


async def _drain_async(response: httpx.Response, max_body_bytes: int | None) -> None:
    try:
        body = Body(max_body_bytes, response.headers)
        async for raw in response.aiter_raw():
            if not body.add_raw(raw):
                break
    except httpx.HTTPError:
        pass
    finally:
        await response.aclose()


async def _send_following_async(
    client: httpx.AsyncClient, request: httpx.Request, max_body_bytes: int | None
) -> httpx.Response:
    response = await client.send(request, stream=True, follow_redirects=False)
    history: list[httpx.Response] = []
    while True:
        try:
            hop = _next_hop(client, request, response, history)
        except httpx.TooManyRedirects:
            await response.aclose()
            raise
        if hop is None:
            return response
        await _drain_async(response, max_body_bytes)
        response = await client.send(hop, stream=True, follow_redirects=False, auth=None)
        response.history = list(history)


def _hop_or_close_sync(
    client: httpx.Client,
    first: httpx.Request,
    response: httpx.Response,
    history: list[httpx.Response],
) -> httpx.Request | None:
    try:
        return _next_hop(client, first, response, history)
    except httpx.TooManyRedirects:
        response.close()
        raise
