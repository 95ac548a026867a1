"""Sending a tool's request and reading its body with a byte cap and a deadline.

``response.read()`` either returns the whole body or raises, and it will read a gigabyte if one
comes. The adapter needs more: to stop at a byte cap without loading the rest, to stop when the
overall deadline passes even while a slow upstream still drips bytes, and to keep what arrived
before a stream broke, so that a JSON-lines answer cut mid-way is a ``partial`` with its complete
items rather than an error. These functions do the reading; the classifier judges the result.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

import httpx

__all__ = ["BodyCut", "Read", "read_sync", "rebuild", "remaining_s", "send_async", "send_sync"]


class BodyCut(StrEnum):
    """Why a body the adapter read itself stopped before its end."""

    SIZE_CAP = "size_cap"
    STREAM_ERROR = "stream_error"


#: Raised into the classifier when the overall deadline ends a call: it reads as a timeout.
DEADLINE_PASSED = "the overall deadline passed during the call"


@dataclass(frozen=True)
class Read:
    """What came back: the response head, the bytes read, and why reading stopped early."""

    response: httpx.Response
    body: bytes
    cut: BodyCut | None = None
    cut_error: BaseException | None = None


def remaining_s(deadline_at: float | None, clock: Callable[[], float]) -> float | None:
    """Seconds left before ``deadline_at`` (never negative), or None when there is no deadline."""
    return None if deadline_at is None else max(0.0, deadline_at - clock())


def rebuild(
    client: httpx.Client | httpx.AsyncClient, request: httpx.Request, remaining: float | None
) -> httpx.Request:
    """The handler's request, rebuilt with the client's defaults (base URL, headers, timeout).

    A request built on its own carries no timeout; sent as is it could wait forever. Rebuilding
    it through the client applies the client's timeout, and the overall deadline shortens it.
    """
    headers = [(k, v) for k, v in request.headers.multi_items() if k.lower() != "host"]
    try:
        content = request.content
    except httpx.RequestNotRead:  # a multipart upload or a generator body: read it once here
        content = request.read()
    rebuilt = client.build_request(request.method, request.url, headers=headers, content=content)
    rebuilt.extensions.update({k: v for k, v in request.extensions.items() if k != "timeout"})
    if remaining is not None:
        timeouts = dict(rebuilt.extensions.get("timeout", {}))
        for phase in ("connect", "read", "write", "pool"):
            current = timeouts.get(phase)
            timeouts[phase] = remaining if current is None else min(current, remaining)
        rebuilt.extensions["timeout"] = timeouts
    return rebuilt


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
    try:
        request = rebuild(client, request, remaining_s(deadline_at, clock))
        response = client.send(request, stream=True)
    except Exception as exc:
        return exc
    return read_sync(response, max_body_bytes=max_body_bytes, deadline_at=deadline_at, clock=clock)


def read_sync(
    response: httpx.Response,
    *,
    max_body_bytes: int | None = None,
    deadline_at: float | None = None,
    clock: Callable[[], float] | None = None,
) -> Read | BaseException:
    """Read a streamed response's body chunk by chunk, keeping what arrived before any stop.

    ``response.read()`` returns all or raises, discarding what came before the error; this
    keeps it, so a JSON-lines answer cut mid-way still has its complete items.

    Args:
        response: A response sent with ``stream=True`` and not yet read. It is closed here.
        max_body_bytes: Stop past this many bytes (``BodyCut.SIZE_CAP``); None for no cap.
        deadline_at: Stop once ``clock()`` passes it (``BodyCut.STREAM_ERROR``, a timeout).
        clock: Monotonic seconds; needed only with ``deadline_at``.

    Returns:
        A :class:`Read`, or the exception that left nothing to read (a body that could not be
        decoded, or a stream that broke before its first byte).
    """
    body = bytearray()
    cut: BodyCut | None = None
    cut_error: BaseException | None = None
    try:
        for chunk in response.iter_bytes():
            body += chunk
            if max_body_bytes is not None and len(body) > max_body_bytes:
                cut, body = BodyCut.SIZE_CAP, body[:max_body_bytes]
                break
            # A blocking read cannot be interrupted; a slow drip is stopped between chunks.
            if deadline_at is not None and clock is not None and clock() > deadline_at:
                cut, cut_error = BodyCut.STREAM_ERROR, httpx.ReadTimeout(DEADLINE_PASSED)
                break
    except httpx.DecodingError as exc:  # the body is not what its encoding says: nothing usable
        return exc
    except Exception as exc:
        if not body:
            return exc
        cut, cut_error = BodyCut.STREAM_ERROR, exc
    finally:
        response.close()
    return Read(response, bytes(body), cut, cut_error)


async def send_async(
    client: httpx.AsyncClient,
    request: httpx.Request,
    *,
    max_body_bytes: int,
    deadline_at: float | None,
    clock: Callable[[], float],
) -> Read | BaseException:
    """The asynchronous :func:`send_sync`: each await is bounded by what is left of the deadline."""
    late = httpx.ReadTimeout(DEADLINE_PASSED)
    try:
        try:
            request.content  # noqa: B018 -- raises when an async body has not been read
        except httpx.RequestNotRead:
            await request.aread()
        request = rebuild(client, request, remaining_s(deadline_at, clock))
        async with asyncio.timeout(remaining_s(deadline_at, clock)):
            response = await client.send(request, stream=True)
    except TimeoutError:
        return late
    except Exception as exc:
        return exc
    body = bytearray()
    cut: BodyCut | None = None
    cut_error: BaseException | None = None
    chunks = response.aiter_bytes()
    try:
        while True:
            # Each read gets what is left of the deadline, so a slow drip is cut in time and
            # the complete lines already read are kept, as the sync path keeps them.
            try:
                async with asyncio.timeout(remaining_s(deadline_at, clock)):
                    chunk = await anext(chunks)
            except StopAsyncIteration:
                break
            except TimeoutError:
                if not body:
                    return late
                cut, cut_error = BodyCut.STREAM_ERROR, late
                break
            body += chunk
            if len(body) > max_body_bytes:
                cut, body = BodyCut.SIZE_CAP, body[:max_body_bytes]
                break
    except httpx.DecodingError as exc:
        return exc
    except Exception as exc:
        if not body:
            return exc
        cut, cut_error = BodyCut.STREAM_ERROR, exc
    finally:
        await response.aclose()
    return Read(response, bytes(body), cut, cut_error)
