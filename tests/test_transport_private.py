"""The transport's reliance on httpx's and httpcore's private attributes, and its fallbacks.

``transport/_httpx_private.py`` is the one module that reads internals: the socket of the
pooled httpcore connection that is sending (``_network_stream``), and whether a client builds
requests with httpx's own private ``_merge_*`` methods. Each reliance is pinned here against the
installed httpx/httpcore (a rename fails these tests, not a call), and each fallback is shown to
give the same answer without it.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator

import httpcore
import httpx
import pytest

from tool_outcomes.transport import (
    DEADLINE_PASSED,
    BodyCut,
    Read,
    _httpx_private,
    _rebuild,
    read_sync,
    rebuild,
)

URL = "http://upstream.test/items"


class _Stream:
    """A network stream that names its socket, as httpcore's do."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock

    def get_extra_info(self, info: str) -> object:
        return self.sock if info == "socket" else None


class _Connection:
    """Stands in for the httpcore connection whose ``handle_request`` is on the stack."""

    def __init__(self, stream: object) -> None:
        self._network_stream = stream

    def handle_request(self) -> socket.socket | None:
        return _traced()


class _Renamed:
    """A connection whose stream is under another name (an httpcore that renamed it)."""

    def __init__(self, stream: object) -> None:
        self._stream = stream

    def handle_request(self) -> socket.socket | None:
        return _traced()


def _traced() -> socket.socket | None:
    return _httpx_private.sending_socket()  # called from the trace hook, as httpcore calls it


def test_httpcore_connections_still_keep_their_stream_as_network_stream() -> None:
    """The attribute read is still where httpcore keeps it (else the fallback is what runs)."""
    origin = httpcore.Origin(b"http", b"upstream.test", 80)
    with socket.socket() as sock:
        connection = httpcore.HTTP11Connection(origin=origin, stream=_Stream(sock))  # type: ignore[arg-type]
        assert isinstance(connection._network_stream, _Stream)


@pytest.mark.parametrize(("connection_type", "found"), [(_Connection, True), (_Renamed, False)])
def test_the_sending_socket_is_found_only_where_httpcore_keeps_it(
    connection_type: type[_Connection] | type[_Renamed], found: bool
) -> None:
    with socket.socket() as sock:
        connection = connection_type(_Stream(sock))
        assert (connection.handle_request() is sock) is found


def _dripping(clock: list[float]) -> Iterator[bytes]:
    """A body whose second chunk arrives after the deadline (the clock moves as it drips)."""
    yield b'{"id": 1}\n'
    clock[0] += 10.0
    yield b'{"id": 2}\n'
    yield b'{"id": 3}\n'


def test_without_the_socket_a_sync_read_stops_at_the_deadline_between_chunks() -> None:
    """The fallback: no socket to shut, the reader checks the deadline after each chunk."""
    clock = [0.0]
    response = httpx.Response(
        200,
        headers={"content-type": "application/x-ndjson"},
        stream=_Iter(_dripping(clock)),
        request=httpx.Request("GET", URL),
    )
    read = read_sync(response, deadline_at=5.0, clock=lambda: clock[0])
    assert isinstance(read, Read)
    assert read.body == b'{"id": 1}\n{"id": 2}\n'
    assert read.cut is BodyCut.STREAM_ERROR
    assert isinstance(read.cut_error, httpx.ReadTimeout)
    assert str(read.cut_error) == DEADLINE_PASSED


class _Iter(httpx.SyncByteStream):
    def __init__(self, chunks: Iterator[bytes]) -> None:
        self._chunks = chunks

    def __iter__(self) -> Iterator[bytes]:
        yield from self._chunks


class _OwnMerge(httpx.Client):
    """A client that builds URLs its own way: only ``build_request`` knows how."""

    def _merge_url(self, url: httpx.URL | str) -> httpx.URL:
        return httpx.URL(str(super()._merge_url(url)).replace("/items", "/own"))


def test_a_client_with_its_own_build_methods_is_rebuilt_through_them() -> None:
    """The fallback of the private-method check: a client overriding one is not stock, and its
    request is rebuilt by its own ``build_request`` (the fast way would lose the override)."""
    plain, own = httpx.Client(), _OwnMerge()
    assert _httpx_private.stock(plain)
    assert not _httpx_private.stock(own)
    assert _rebuild.rebuild_fast(own, httpx.Request("GET", URL)) is None
    assert rebuild(own, httpx.Request("GET", URL), None).url.path == "/own"
    assert rebuild(plain, httpx.Request("GET", URL), None).url.path == "/items"
