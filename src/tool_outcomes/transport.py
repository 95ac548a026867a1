"""Sending a tool's request and reading its body with a byte cap and a deadline.

``response.read()`` either returns the whole body or raises, and it will read a gigabyte if one
comes. The adapter needs more: to stop at a byte cap without loading the rest, to stop when the
overall deadline passes even while a slow upstream still drips bytes, and to keep what arrived
before a stream broke, so that a JSON-lines answer cut mid-way is a ``partial`` with its complete
items rather than an error. These functions do the reading; the classifier judges the result.

Three bounds hold whatever the upstream sends:

* **Memory.** The cap counts *decoded* bytes. The raw stream is read as it came off the wire and
  every ``Content-Encoding`` layer (``gzip``, ``deflate``, stacked ones included) is inflated
  here, at most :data:`PIECE_BYTES` at a time, so a 3 KB gzip bomb costs the cap, not gigabytes.
  An encoding this module cannot inflate that way is refused, and never advertised.
* **Time.** The overall deadline covers the whole call: connecting, the response headers and the
  body. Under asyncio every await is bounded by what is left of it. A blocking socket read cannot
  be interrupted from its own thread, so for a sync call a watchdog thread shuts the call's socket
  down when the deadline passes; the blocked read returns at once and the call reports a timeout.
  (Only where the socket cannot be found, a transport that is not httpx's own, does a sync call
  fall back to stopping between chunks: one read timeout late at most.)
* **Resources.** Every response is closed, and every watchdog alarm cancelled, on every path.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import heapq
import itertools
import socket
import sys
import threading
import time
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from io import BytesIO
from types import FrameType
from typing import Any, Protocol

import httpx

__all__ = [
    "ACCEPT_ENCODING",
    "DEFAULT_MAX_BODY_BYTES",
    "MAX_ENCODING_LAYERS",
    "PIECE_BYTES",
    "BodyCut",
    "ContentDecoder",
    "Read",
    "read_sync",
    "rebuild",
    "remaining_s",
    "send_async",
    "send_sync",
]

#: The default byte cap on a response body (decoded bytes): 10 MiB.
DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024
#: The most bytes one inflate step produces; what a bomb can cost beyond the cap, per layer.
PIECE_BYTES = 16 * 1024
#: The most ``Content-Encoding`` layers inflated; more is refused as a protocol failure.
MAX_ENCODING_LAYERS = 3
#: The codings this module inflates, as sent in ``Accept-Encoding``.
ACCEPT_ENCODING = "gzip, deflate"


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


# -- decoding: every layer bounded ---------------------------------------------------------------


class _Layer(Protocol):
    def feed(self, data: bytes) -> Iterator[bytes]: ...

    def flush(self) -> Iterator[bytes]: ...


_GZIP_MAGIC = b"\x1f\x8b"


class _Inflate:
    """One gzip or deflate layer, inflated at most :data:`PIECE_BYTES` per step."""

    def __init__(self, coding: str) -> None:
        self._gzip = coding in ("gzip", "x-gzip")
        self._wbits = zlib.MAX_WBITS | 16 if self._gzip else zlib.MAX_WBITS
        self._inflater = zlib.decompressobj(self._wbits)
        # "deflate" is meant to be zlib-wrapped, but some servers send raw deflate: as httpx
        # does, the first failure switches to raw once.
        self._may_switch_to_raw = not self._gzip
        self._done = False

    def feed(self, data: bytes) -> Iterator[bytes]:
        while not self._done:
            try:
                out = self._inflater.decompress(data, PIECE_BYTES)
            except zlib.error as exc:
                if not self._may_switch_to_raw:
                    why = f"the body is not valid {self._name()}: {exc}"
                    raise httpx.DecodingError(why) from exc
                self._may_switch_to_raw = False
                self._inflater = zlib.decompressobj(-zlib.MAX_WBITS)
                continue
            self._may_switch_to_raw = False
            if out:
                yield out
            data = self._inflater.unconsumed_tail
            if self._inflater.eof:
                data = self._next_member()
            if not data and len(out) < PIECE_BYTES:
                return  # all input taken and nothing pending

    def _next_member(self) -> bytes:
        """After a gzip member, another may follow (RFC 1952 §2.2); anything else is ignored."""
        rest = self._inflater.unused_data
        if self._gzip and rest.startswith(_GZIP_MAGIC):
            self._inflater = zlib.decompressobj(self._wbits)
            return rest
        self._done = True  # trailing bytes after the stream: ignored, as httpx ignores them
        return b""

    def flush(self) -> Iterator[bytes]:
        yield from self.feed(b"")

    def _name(self) -> str:
        return "gzip" if self._gzip else "deflate"


class _Identity:
    def feed(self, data: bytes) -> Iterator[bytes]:
        if data:
            yield data

    def flush(self) -> Iterator[bytes]:
        return iter(())


_LAYERS: dict[str, Callable[[str], _Layer]] = {
    "gzip": _Inflate,
    "x-gzip": _Inflate,
    "deflate": _Inflate,
}


class ContentDecoder:
    """The ``Content-Encoding`` of a response, undone layer by layer with bounded output.

    Feed it the raw body as it arrives; it yields decoded pieces of at most
    :data:`PIECE_BYTES`, so whoever counts them can stop at a cap before anything larger exists.
    """

    def __init__(self, headers: httpx.Headers) -> None:
        """Build the layers a response's ``Content-Encoding`` names.

        Raises:
            httpx.DecodingError: for a coding this module cannot inflate with bounded output,
                or more than :data:`MAX_ENCODING_LAYERS` of them.
        """
        codings = [
            value.strip().lower()
            for value in headers.get_list("content-encoding", split_commas=True)
            if value.strip() and value.strip().lower() != "identity"
        ]
        unknown = sorted({c for c in codings if c not in _LAYERS})
        if unknown:
            raise httpx.DecodingError(
                f"Content-Encoding {', '.join(unknown)} is not one this client inflates "
                f"(it asked for {ACCEPT_ENCODING})"
            )
        if len(codings) > MAX_ENCODING_LAYERS:
            raise httpx.DecodingError(
                f"Content-Encoding stacks {len(codings)} layers ({', '.join(codings)}); "
                f"at most {MAX_ENCODING_LAYERS} are inflated"
            )
        # The header lists codings in the order they were applied: undo the last first.
        self._layers: list[_Layer] = [_LAYERS[c](c) for c in reversed(codings)] or [_Identity()]

    def feed(self, raw: bytes) -> Iterator[bytes]:
        """The decoded pieces ``raw`` yields (each at most :data:`PIECE_BYTES`)."""
        pieces: Iterable[bytes] = (raw,)
        for layer in self._layers:
            pieces = _through(layer, pieces)
        yield from pieces

    def flush(self) -> Iterator[bytes]:
        """What the layers still hold once the raw stream has ended."""
        pieces: Iterable[bytes] = ()
        for layer in self._layers:
            pieces = itertools.chain(_through(layer, pieces), layer.flush())
        yield from pieces


def _through(layer: _Layer, pieces: Iterable[bytes]) -> Iterator[bytes]:
    for piece in pieces:
        yield from layer.feed(piece)


@functools.lru_cache(maxsize=64)  # a client sends the same value call after call
def _accept_encoding(current: str | None) -> str:
    """The client's ``Accept-Encoding`` less the codings this module cannot bound."""
    if current is None:
        return ACCEPT_ENCODING
    kept = [
        part.strip()
        for part in current.split(",")
        if part.split(";")[0].strip().lower() in (*_LAYERS, "identity", "*")
    ]
    return ", ".join(kept) if kept else "identity"


def _raw_cap(max_bytes: int | None) -> int | None:
    """The most raw bytes read for a cap on decoded ones: raw bytes that decode to nothing
    (empty gzip members, say) are bounded too."""
    return None if max_bytes is None else 2 * max_bytes + PIECE_BYTES


class _Body:
    """Decoded bytes gathered up to a cap, without a copy at the end."""

    def __init__(self, max_bytes: int | None, headers: httpx.Headers | None) -> None:
        self.decoder = ContentDecoder(headers or httpx.Headers())
        self._max = max_bytes
        self._max_raw = _raw_cap(max_bytes)
        self._raw = 0
        self._buffer = BytesIO()
        self.size = 0

    def add_raw(self, raw: bytes) -> bool:
        """Decode ``raw`` into the body; False once the cap is reached (stop reading)."""
        self._raw += len(raw)
        if self._max_raw is not None and self._raw > self._max_raw:
            return False
        return self._add(self.decoder.feed(raw))

    def finish(self) -> bool:
        """Take what the decoder still holds; False if that reached the cap."""
        return self._add(self.decoder.flush())

    def _add(self, pieces: Iterator[bytes]) -> bool:
        for piece in pieces:
            if self._max is not None and self.size + len(piece) > self._max:
                self._buffer.write(piece[: self._max - self.size])
                self.size = self._max
                return False
            self._buffer.write(piece)
            self.size += len(piece)
        return True

    def bytes(self) -> bytes:
        # BytesIO hands over its own buffer when nothing else shares it: no second copy.
        return self._buffer.getvalue()


class _Whole:
    """A :class:`_Body` for content httpx already read and decoded (a mock built from bytes).

    It keeps what :class:`_Body` keeps with nothing to inflate, counting the same two caps,
    without a decoder or a buffer: a piece within the cap is kept as it is.
    """

    def __init__(self, max_bytes: int | None) -> None:
        self._max = max_bytes
        self._max_raw = _raw_cap(max_bytes)
        self._raw = 0
        self._pieces: list[bytes] = []
        self.size = 0

    def add_raw(self, raw: bytes) -> bool:
        """Count ``raw`` into the body; False once the cap is reached (stop reading)."""
        self._raw += len(raw)
        if self._max_raw is not None and self._raw > self._max_raw:
            return False
        if not raw:
            return True
        if self._max is not None and self.size + len(raw) > self._max:
            self._pieces.append(raw[: self._max - self.size])
            self.size = self._max
            return False
        self._pieces.append(raw)
        self.size += len(raw)
        return True

    def finish(self) -> bool:
        """Nothing is held back: never at the cap."""
        return True

    def bytes(self) -> bytes:
        return self._pieces[0] if len(self._pieces) == 1 else b"".join(self._pieces)


# -- the sync deadline: a watchdog that shuts the socket -----------------------------------------


@dataclass(eq=False)
class _Alarm:
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
        self._heap: list[tuple[float, int, _Alarm]] = []
        self._order = itertools.count()
        self._thread: threading.Thread | None = None

    def arm(self, seconds: float) -> _Alarm:
        alarm = _Alarm(time.monotonic() + seconds)
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


_WATCHDOG = _Watchdog()


def _socket_of(stream: object) -> socket.socket | None:
    get_extra_info = getattr(stream, "get_extra_info", None)
    if get_extra_info is None:
        return None
    try:
        sock = get_extra_info("socket")
    except Exception:  # a stream that cannot say: fall back to checks between chunks
        return None
    return sock if isinstance(sock, socket.socket) else None


def _tracer(alarm: _Alarm, chained: Any) -> Callable[[str, dict[str, Any]], None]:
    """An httpcore ``trace`` extension that hands the call's socket to ``alarm`` early.

    A new connection's socket arrives with ``connect_tcp`` / ``start_tls``. A pooled one is
    found when the request is about to be sent: httpcore gives the connection no event of its
    own, so its socket is read from the connection object that is sending.
    """

    def trace(event: str, info: dict[str, Any]) -> None:
        if event.endswith(("connect_tcp.complete", "start_tls.complete")):
            alarm.watch(_socket_of(info.get("return_value")))
        elif event.endswith("send_request_headers.started"):
            alarm.watch(_sending_socket())
        if chained is not None:
            chained(event, info)

    return trace


def _sending_socket() -> socket.socket | None:
    """The socket of the httpcore connection whose ``handle_request`` is on the stack."""
    frame: FrameType | None = sys._getframe(2)
    for _ in range(6):
        if frame is None:
            return None
        owner = frame.f_locals.get("self")
        stream = getattr(owner, "_network_stream", None)
        if stream is not None:
            return _socket_of(stream)
        frame = frame.f_back
    return None


# -- sending and reading -------------------------------------------------------------------------


def rebuild(
    client: httpx.Client | httpx.AsyncClient, request: httpx.Request, remaining: float | None
) -> httpx.Request:
    """The handler's request, rebuilt with the client's defaults (base URL, headers, timeout).

    A request built on its own carries no timeout; sent as is it could wait forever. Rebuilding
    it through the client applies the client's timeout, and the overall deadline shortens it.
    ``Accept-Encoding`` names only the codings :class:`ContentDecoder` inflates.
    """
    fast = _rebuild_fast(client, request)
    rebuilt = _rebuild_through_client(client, request) if fast is None else fast
    if remaining is not None:
        timeouts = dict(rebuilt.extensions.get("timeout", {}))
        for phase in ("connect", "read", "write", "pool"):
            current = timeouts.get(phase)
            timeouts[phase] = remaining if current is None else min(current, remaining)
        rebuilt.extensions["timeout"] = timeouts
    return rebuilt


def _rebuild_through_client(
    client: httpx.Client | httpx.AsyncClient, request: httpx.Request
) -> httpx.Request:
    """:func:`rebuild` by way of ``client.build_request``: every case, at full cost."""
    headers = [(k, v) for k, v in request.headers.multi_items() if k.lower() != "host"]
    try:
        content = request.content
    except httpx.RequestNotRead:  # a multipart upload or a generator body: read it once here
        content = request.read()
    rebuilt = client.build_request(request.method, request.url, headers=headers, content=content)
    rebuilt.headers["accept-encoding"] = _accept_encoding(rebuilt.headers.get("accept-encoding"))
    rebuilt.extensions.update({k: v for k, v in request.extensions.items() if k != "timeout"})
    return rebuilt


#: The client methods :func:`_rebuild_fast` stands in for; a client overriding one is rebuilt
#: through them instead.
_BUILD_METHODS = (
    "build_request",
    "_merge_url",
    "_merge_headers",
    "_merge_cookies",
    "_merge_queryparams",
)


def _stock(client: httpx.Client | httpx.AsyncClient) -> bool:
    """Whether ``client`` builds requests with httpx's own, unchanged methods."""
    kind = type(client)
    if kind is httpx.Client or kind is httpx.AsyncClient:
        return True
    base = httpx.AsyncClient if isinstance(client, httpx.AsyncClient) else httpx.Client
    return all(getattr(kind, name) is getattr(base, name) for name in _BUILD_METHODS)


_HOST = b"host"
_CONTENT_LENGTH = b"content-length"
_TRANSFER_ENCODING = b"transfer-encoding"
_ACCEPT_ENCODING_KEY = b"accept-encoding"


def _rebuild_fast(
    client: httpx.Client | httpx.AsyncClient, request: httpx.Request
) -> httpx.Request | None:
    """What :func:`_rebuild_through_client` makes, built without re-encoding anything.

    ``client.build_request`` re-reads the URL, the headers and the body the handler's request
    already holds. When nothing of that can change (an absolute URL, no client ``params`` or
    ``cookies``, a body already read, ASCII headers, a client with httpx's own build methods),
    the same request is put together here, as ``build_request`` and ``Request._prepare`` would:

    * the client's headers, less those the request sets itself, then the request's own headers
      (keys lower-cased, ``Host`` dropped), then ``Content-Length`` for a non-empty body unless
      one is set; ``Host`` and, for an empty POST/PUT/PATCH, ``Content-Length: 0`` go first;
    * ``Accept-Encoding`` rewritten in place as :func:`_accept_encoding` says;
    * the client's timeout, then the request's other extensions.

    Returns:
        The rebuilt request, or None for a case only ``build_request`` covers.
    """
    url = request.url
    if not isinstance(url, httpx.URL) or not url.is_absolute_url:
        return None  # a relative URL is joined to the client's base URL there
    if client.params or client.cookies or not _stock(client):
        return None
    try:
        content = request.content
    except httpx.RequestNotRead:
        return None
    # The request's headers go through str and back to ASCII bytes on the full path: anything
    # else fails there, so it is left to fail there. (Reading the encoding also caches it on
    # the request's headers, as the full path's multi_items() does.)
    if request.headers.encoding != "ascii":
        return None
    own: list[tuple[bytes, bytes]] = []
    own_keys: set[bytes] = set()
    for raw_key, value in request.headers.raw:
        key = raw_key.lower()
        if key == _HOST:
            continue
        if not (key.isascii() and value.isascii()):
            return None
        own.append((key, value))
        own_keys.add(key)
    headers: list[tuple[bytes, bytes]] = []
    keys: list[bytes] = []
    for raw_key, value in client.headers.raw:
        key = raw_key.lower()
        if key in own_keys:
            continue
        if not (key.isascii() and value.isascii()):
            return None
        headers.append((raw_key, value))
        keys.append(key)
    headers += own
    keys += (key for key, _ in own)
    if content and _CONTENT_LENGTH not in keys:
        headers.append((b"Content-Length", str(len(content)).encode()))
        keys.append(_CONTENT_LENGTH)
    first: list[tuple[bytes, bytes]] = []
    if _HOST not in keys:
        first.append((b"Host", url.netloc))
    if (
        _CONTENT_LENGTH not in keys
        and _TRANSFER_ENCODING not in keys
        and request.method.upper() in ("POST", "PUT", "PATCH")
    ):
        first.append((b"Content-Length", b"0"))
    if first:
        headers[:0] = first
        keys[:0] = (key.lower() for key, _ in first)
    _set_accept_encoding(headers, keys)
    extensions: dict[str, Any] = {"timeout": client.timeout.as_dict()}
    for name, value in request.extensions.items():
        if name != "timeout":
            extensions[name] = value
    rebuilt = httpx.Request(
        request.method,
        url,
        headers=headers,
        stream=httpx.ByteStream(content),
        extensions=extensions,
    )
    rebuilt.headers.encoding = "ascii"  # as the full path leaves it, having read the headers
    rebuilt.read()
    return rebuilt


def _set_accept_encoding(headers: list[tuple[bytes, bytes]], keys: list[bytes]) -> None:
    """``headers["accept-encoding"] = _accept_encoding(headers.get(...))`` on ASCII pairs."""
    found = [i for i, key in enumerate(keys) if key == _ACCEPT_ENCODING_KEY]
    current = ", ".join(headers[i][1].decode("ascii") for i in found) if found else None
    item = (_ACCEPT_ENCODING_KEY, _accept_encoding(current).encode("ascii"))
    if not found:
        headers.append(item)
        return
    for i in reversed(found[1:]):
        del headers[i]
    headers[found[0]] = item


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
    alarm = None if remaining is None else _WATCHDOG.arm(remaining)
    try:
        try:
            request = rebuild(client, request, remaining)
            if alarm is not None:
                request.extensions["trace"] = _tracer(alarm, request.extensions.get("trace"))
            response = client.send(request, stream=True)
        except Exception as exc:
            return _late(request) if alarm is not None and alarm.fired else exc
        if alarm is not None:
            alarm.watch(_socket_of(response.extensions.get("network_stream")))
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
    alarm: _Alarm | None,
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
                cut, cut_error = BodyCut.STREAM_ERROR, _late(response.request)
                break
        else:
            if not body.finish():
                cut = BodyCut.SIZE_CAP
    except httpx.DecodingError as exc:  # the body is not what its encoding says: nothing usable
        return exc
    except Exception as exc:
        if not body.size:
            return _late(response.request) if alarm is not None and alarm.fired else exc
        cut, cut_error = BodyCut.STREAM_ERROR, exc
    finally:
        if alarm is not None:
            alarm.cancel()  # before the connection goes back to its pool
        response.close()
    if alarm is not None and alarm.fired and cut is not BodyCut.SIZE_CAP:
        # The watchdog shut the socket: what looked like an end (or a broken stream) was it.
        if not body.size:
            return _late(response.request)
        cut, cut_error = BodyCut.STREAM_ERROR, _late(response.request)
    return Read(response, body.bytes(), cut, cut_error)


def _open_body(
    response: httpx.Response, max_body_bytes: int | None
) -> tuple[_Body | _Whole, bytes | None]:
    """The body to fill, and the content when httpx already read it (a mock built from bytes):
    that content is already decoded, so it is only counted against the cap.

    Raises:
        httpx.DecodingError: for an encoding :class:`ContentDecoder` refuses.
    """
    try:
        content = response.content
    except httpx.ResponseNotRead:
        return _Body(max_body_bytes, response.headers), None
    return _Whole(max_body_bytes), content


def _late(request: httpx.Request | None) -> httpx.ReadTimeout:
    return httpx.ReadTimeout(DEADLINE_PASSED, request=request)


async def send_async(
    client: httpx.AsyncClient,
    request: httpx.Request,
    *,
    max_body_bytes: int,
    deadline_at: float | None,
    clock: Callable[[], float],
) -> Read | BaseException:
    """The asynchronous :func:`send_sync`: each await is bounded by what is left of the deadline."""
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
            response = await client.send(request, stream=True)
        else:
            async with asyncio.timeout(remaining_s(deadline_at, clock)):
                response = await client.send(request, stream=True)
    except TimeoutError:
        return _late(request)
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
                        return _late(request)
                    cut, cut_error = BodyCut.STREAM_ERROR, _late(request)
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
