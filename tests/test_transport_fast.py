"""The transport's fast paths give what its full paths gave.

``rebuild`` puts the handler's request together itself when ``client.build_request`` could only
re-read what the request already holds; every request here is rebuilt both ways and compared
field by field, header order and case included. The body of a response httpx already read is
counted without a decoder; it is compared with the decoding body it stands in for. The async
send skips the deadline machinery when there is no deadline; its outcomes are pinned here (they
hold for the code before this change too).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tool_outcomes.transport import (
    DEADLINE_PASSED,
    PIECE_BYTES,
    BodyCut,
    Read,
    _decode,
    _rebuild,
    read_sync,
    rebuild,
    send_async,
    send_sync,
)

URL = "http://upstream.test/items"
AnyClient = httpx.Client | httpx.AsyncClient


def reference_rebuild(
    client: AnyClient, request: httpx.Request, remaining: float | None
) -> httpx.Request:
    """``rebuild`` as it was before its fast path: everything through ``client.build_request``."""
    headers = [(k, v) for k, v in request.headers.multi_items() if k.lower() != "host"]
    try:
        content = request.content
    except httpx.RequestNotRead:
        content = request.read()
    rebuilt = client.build_request(request.method, request.url, headers=headers, content=content)
    rebuilt.headers["accept-encoding"] = _decode.accept_encoding(
        rebuilt.headers.get("accept-encoding")
    )
    rebuilt.extensions.update({k: v for k, v in request.extensions.items() if k != "timeout"})
    if remaining is not None:
        timeouts = dict(rebuilt.extensions.get("timeout", {}))
        for phase in ("connect", "read", "write", "pool"):
            current = timeouts.get(phase)
            timeouts[phase] = remaining if current is None else min(current, remaining)
        rebuilt.extensions["timeout"] = timeouts
    return rebuilt


def snapshot(request: httpx.Request) -> dict[str, Any]:
    """Everything a rebuilt request carries to the transport."""
    return {
        # Which encoding the headers hold on to decides how a later header is encoded. (Read
        # first: reading the headers below settles it.)
        "header_encoding": request.headers._encoding,
        "method": request.method,
        "url": str(request.url),
        "url_parts": (request.url.raw_scheme, request.url.raw_host, request.url.port),
        "raw_path": request.url.raw_path,
        "raw_headers": request.headers.raw,
        "multi_items": request.headers.multi_items(),
        "content": request.content,
        "stream_type": type(request.stream),
        "stream": b"".join(request.stream),  # type: ignore[arg-type]
        "extensions": list(request.extensions.items()),
    }


def outcome(
    rebuild_fn: Callable[[AnyClient, httpx.Request, float | None], httpx.Request],
    client: AnyClient,
    request: httpx.Request,
    remaining: float | None,
) -> dict[str, Any]:
    """A snapshot of the rebuilt request, or the error rebuilding it raised."""
    try:
        rebuilt = rebuild_fn(client, request, remaining)
    except Exception as exc:
        return {"error": type(exc)}
    # What rebuilding leaves on the handler's request counts too.
    return snapshot(rebuilt) | {"source_header_encoding": request.headers._encoding}


def _trace(event: str, info: dict[str, Any]) -> None:
    """A trace extension; compared by identity."""


class _Signing(httpx.Client):
    """A client whose own build_request adds a header: it must be used."""

    def build_request(self, *args: Any, **kwargs: Any) -> httpx.Request:
        request = super().build_request(*args, **kwargs)
        request.headers["X-Signed"] = "yes"
        return request


# -- the matrix: clients x requests x deadlines ------------------------------------------------

#: Each client, and whether the fast path may take a request on it.
CLIENTS: dict[str, tuple[Callable[[], AnyClient], bool]] = {
    "plain": (httpx.Client, True),
    "async": (httpx.AsyncClient, True),
    "headers": (
        lambda: httpx.Client(
            headers={"User-Agent": "ua/1", "Accept": "application/json", "X-Client": "c"}
        ),
        True,
    ),
    "repeated headers": (
        lambda: httpx.Client(headers=[("X-Rep", "1"), ("x-REP", "2"), ("X-Other", "o")]),
        True,
    ),
    "accept-encoding br": (lambda: httpx.Client(headers={"Accept-Encoding": "br"}), True),
    "accept-encoding kept": (
        lambda: httpx.Client(headers={"ACCEPT-ENCODING": "deflate;q=0.5, br, *"}),
        True,
    ),
    "host header": (lambda: httpx.Client(headers={"Host": "override.test"}), True),
    "content-length header": (lambda: httpx.Client(headers={"Content-Length": "99"}), True),
    "base_url": (lambda: httpx.Client(base_url="http://base.test/api"), True),
    "timeout": (lambda: httpx.Client(timeout=httpx.Timeout(2.0, connect=0.5)), True),
    "no timeout": (lambda: httpx.AsyncClient(timeout=None), True),
    "params": (lambda: httpx.Client(params={"k": "v"}), False),
    "cookies": (lambda: httpx.AsyncClient(cookies={"session": "s1"}), False),
    "non-ascii header": (lambda: httpx.Client(headers={b"X-Name": "é".encode()}), False),
    "own build_request": (_Signing, False),
}


def _read(request: httpx.Request) -> httpx.Request:
    request.read()
    return request


def _post_lower_case(request: httpx.Request) -> httpx.Request:
    request.method = "post"
    return request


def _str_url(request: httpx.Request) -> httpx.Request:
    request.url = str(request.url)  # type: ignore[assignment]
    return request


def _declared_utf8(request: httpx.Request) -> httpx.Request:
    request.headers.encoding = "utf-8"
    return request


BOUNDARY = {"Content-Type": "multipart/form-data; boundary=fixed-boundary"}
CUSTOM = {
    "User-Agent": "mine/2",
    "Accept": "text/plain",
    "Accept-Encoding": "br, gzip;q=0.5, zstd, identity",
    "X-MiXeD-CaSe": "Value",
}
EXTENSIONS = {
    "timeout": {"connect": 9.0, "read": 9.0, "write": 9.0, "pool": 9.0},
    "trace": _trace,
    "sni_hostname": "sni.test",
}

#: Each request (built afresh for every rebuild), and whether the fast path may take it.
REQUESTS: dict[str, tuple[Callable[[], httpx.Request], bool]] = {
    "GET params": (lambda: httpx.Request("GET", URL, params={"q": "x", "n": 2}), True),
    "GET no headers": (lambda: httpx.Request("GET", URL), True),
    "get lower-case method": (lambda: httpx.Request("get", URL), True),
    "HEAD": (lambda: httpx.Request("HEAD", URL), True),
    "GET turned post": (lambda: _post_lower_case(httpx.Request("GET", URL)), True),
    "url set as text": (lambda: _str_url(httpx.Request("GET", URL)), False),
    "POST json": (lambda: httpx.Request("POST", URL, json={"a": [1, 2], "b": "é"}), True),
    "POST content": (lambda: httpx.Request("POST", URL, content=b"raw bytes"), True),
    "POST text": (lambda: httpx.Request("POST", URL, content="text é"), True),
    "POST empty": (lambda: httpx.Request("POST", URL), True),
    "POST empty content": (lambda: httpx.Request("POST", URL, content=b""), True),
    "PUT empty": (lambda: httpx.Request("PUT", URL), True),
    "PATCH content": (lambda: httpx.Request("PATCH", URL, content=b"{}"), True),
    "DELETE content": (lambda: httpx.Request("DELETE", URL, content=b"gone"), True),
    "POST form": (lambda: httpx.Request("POST", URL, data={"a": "1", "b": ["2", "3"]}), True),
    "POST multipart": (
        lambda: httpx.Request(
            "POST", URL, data={"k": "v"}, files={"f": ("a.txt", b"data")}, headers=BOUNDARY
        ),
        False,
    ),
    "POST multipart read": (
        lambda: _read(
            httpx.Request("POST", URL, files={"f": ("a.txt", b"data")}, headers=BOUNDARY)
        ),
        True,
    ),
    "POST generator": (lambda: httpx.Request("POST", URL, content=iter([b"a", b"b"])), False),
    "POST generator read": (
        lambda: _read(httpx.Request("POST", URL, content=iter([b"a", b"b"]))),
        True,
    ),
    "explicit content-length": (
        lambda: httpx.Request("POST", URL, content=b"abc", headers={"content-length": "3"}),
        True,
    ),
    "custom headers": (lambda: httpx.Request("GET", URL, headers=CUSTOM), True),
    "repeated headers": (
        lambda: httpx.Request(
            "GET", URL, headers=[("X-Rep", "a"), ("x-rep", "b"), ("Accept", "1"), ("ACCEPT", "2")]
        ),
        True,
    ),
    "repeated accept-encoding": (
        lambda: httpx.Request(
            "GET", URL, headers=[("Accept-Encoding", "br"), ("accept-encoding", "gzip")]
        ),
        True,
    ),
    "own host": (lambda: httpx.Request("GET", URL, headers={"Host": "elsewhere.test"}), True),
    "extensions": (lambda: httpx.Request("GET", URL, extensions=EXTENSIONS), True),
    "port userinfo fragment": (
        lambda: httpx.Request("GET", "https://u:p@upstream.test:8443/a%20b?x=1&x=2#frag"),
        True,
    ),
    "idna host": (lambda: httpx.Request("GET", "http://müller.test/straße"), True),
    "ipv6": (lambda: httpx.Request("GET", "http://[::1]:8000/"), True),
    "relative": (lambda: httpx.Request("GET", "/items?q=1"), False),
    "non-ascii value": (
        lambda: httpx.Request("GET", URL, headers={b"X-Name": "é".encode()}),
        False,
    ),
    "latin-1 value": (lambda: httpx.Request("GET", URL, headers={b"X-Name": b"\xe9"}), False),
    "non-ascii host only": (
        lambda: httpx.Request("GET", URL, headers={b"Host": "hé.test".encode()}),
        False,
    ),
    "declared utf-8": (lambda: _declared_utf8(httpx.Request("GET", URL)), False),
}

DEADLINES = (None, 0.0, 0.25, 60.0)


@pytest.mark.parametrize("request_name", REQUESTS)
@pytest.mark.parametrize("client_name", CLIENTS)
def test_rebuild_matches_build_request(client_name: str, request_name: str) -> None:
    make_client, client_fast = CLIENTS[client_name]
    make_request, request_fast = REQUESTS[request_name]
    client = make_client()
    for remaining in DEADLINES:
        ours = outcome(rebuild, client, make_request(), remaining)
        theirs = outcome(reference_rebuild, client, make_request(), remaining)
        assert ours == theirs, remaining
    # The fast path is taken exactly where it was meant to be: the comparison covered it.
    taken = _rebuild.rebuild_fast(client, make_request()) is not None
    assert taken == (client_fast and request_fast)


@pytest.mark.asyncio
@pytest.mark.parametrize("client_name", ["plain", "headers", "timeout"])
async def test_an_async_body_read_first_is_rebuilt_alike(client_name: str) -> None:
    async def parts() -> AsyncIterator[bytes]:
        yield b"async "
        yield b"body"

    client = CLIENTS[client_name][0]()
    rebuilt: list[dict[str, Any]] = []
    for rebuild_fn in (rebuild, reference_rebuild):
        request = httpx.Request("PUT", URL, content=parts(), extensions=EXTENSIONS)
        await request.aread()
        rebuilt.append(outcome(rebuild_fn, client, request, 1.5))
    assert rebuilt[0] == rebuilt[1]
    assert rebuilt[0]["content"] == b"async body"


def test_an_unread_async_body_fails_alike() -> None:
    async def parts() -> AsyncIterator[bytes]:
        yield b"never read"

    ours = outcome(rebuild, httpx.Client(), httpx.Request("POST", URL, content=parts()), None)
    theirs = outcome(
        reference_rebuild, httpx.Client(), httpx.Request("POST", URL, content=parts()), None
    )
    assert ours == theirs
    assert "error" in ours


def test_a_client_changed_after_a_rebuild_is_read_afresh() -> None:
    client = httpx.Client()
    rebuild(client, httpx.Request("GET", URL), None)
    client.headers["X-Late"] = "1"
    client.timeout = httpx.Timeout(3.0)
    ours = outcome(rebuild, client, httpx.Request("GET", URL), None)
    assert ours == outcome(reference_rebuild, client, httpx.Request("GET", URL), None)
    assert ("x-late", "1") in ours["multi_items"]


# -- the same, for headers hypothesis makes up ---------------------------------------------------

_NAMES = st.sampled_from(
    [
        "accept",
        "accept-encoding",
        "user-agent",
        "host",
        "connection",
        "content-type",
        "content-length",
        "transfer-encoding",
        "x-a",
        "x-b",
    ]
)
_NAME = st.builds(
    lambda name, upper: "".join(c.upper() if u else c for c, u in zip(name, upper, strict=False)),
    _NAMES,
    st.lists(st.booleans(), min_size=20, max_size=20),
)
_VALUE = st.text(alphabet="abgzipdeflatebr*;q=0.5, ", max_size=24)
_HEADERS = st.lists(st.tuples(_NAME, _VALUE), max_size=6)
_TIMEOUTS = st.sampled_from([httpx.Timeout(5.0), httpx.Timeout(None), httpx.Timeout(1.0, read=3)])


@given(
    client_headers=_HEADERS,
    request_headers=_HEADERS,
    method=st.sampled_from(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]),
    body=st.none() | st.binary(max_size=12),
    remaining=st.none() | st.floats(min_value=0.0, max_value=100.0),
    timeout=_TIMEOUTS,
)
def test_any_headers_are_merged_as_build_request_merges_them(
    client_headers: list[tuple[str, str]],
    request_headers: list[tuple[str, str]],
    method: str,
    body: bytes | None,
    remaining: float | None,
    timeout: httpx.Timeout,
) -> None:
    client = httpx.Client(headers=client_headers, timeout=timeout)

    def make() -> httpx.Request:
        return httpx.Request(method, URL, headers=request_headers, content=body)

    assert _rebuild.rebuild_fast(client, make()) is not None
    assert outcome(rebuild, client, make(), remaining) == outcome(
        reference_rebuild, client, make(), remaining
    )


# -- what reaches the transport, with and without the fast path -----------------------------------


def _seen(request: httpx.Request) -> tuple[Any, ...]:
    return (
        request.method,
        str(request.url),
        request.headers.raw,
        request.content,
        sorted((k, repr(v)) for k, v in request.extensions.items()),
    )


@pytest.mark.parametrize("request_name", ["GET params", "POST json", "custom headers", "POST form"])
def test_send_sync_sends_what_the_full_path_sent(
    request_name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: list[tuple[Any, ...]] = []

    def handler(request: httpx.Request) -> httpx.Response:
        sent.append(_seen(request))
        return httpx.Response(200, json=[1, 2])

    client = httpx.Client(transport=httpx.MockTransport(handler), headers={"X-Client": "c"})
    make = REQUESTS[request_name][0]
    reads = [send_sync(client, make(), max_body_bytes=1000, deadline_at=None, clock=time.monotonic)]
    monkeypatch.setattr(_rebuild, "rebuild_fast", lambda client, request: None)
    reads.append(
        send_sync(client, make(), max_body_bytes=1000, deadline_at=None, clock=time.monotonic)
    )
    assert sent[0] == sent[1]
    assert [(r.body, r.cut) for r in reads if isinstance(r, Read)] == [(b"[1,2]", None)] * 2


@pytest.mark.asyncio
@pytest.mark.parametrize("request_name", ["GET params", "POST json", "custom headers", "POST form"])
async def test_send_async_sends_what_the_full_path_sent(
    request_name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: list[tuple[Any, ...]] = []

    async def handler(request: httpx.Request) -> httpx.Response:
        sent.append(_seen(request))
        return httpx.Response(200, json=[1, 2])

    client = httpx.AsyncClient(transport=httpx.MockTransport(handler), headers={"X-Client": "c"})
    make = REQUESTS[request_name][0]
    reads: list[Read | BaseException] = []
    for fast in (True, False):
        if not fast:
            monkeypatch.setattr(_rebuild, "rebuild_fast", lambda client, request: None)
        for deadline_at in (None, time.monotonic() + 30):
            reads.append(
                await send_async(
                    client,
                    make(),
                    max_body_bytes=1000,
                    deadline_at=deadline_at,
                    clock=time.monotonic,
                )
            )
    assert sent[0] == sent[2]
    assert sent[1] == sent[3]
    assert [(r.body, r.cut) for r in reads if isinstance(r, Read)] == [(b"[1,2]", None)] * 4


# -- a body httpx already read: counted as the decoding body counts it ---------------------------


def _feed(body: Any, pieces: list[bytes]) -> tuple[list[bool], bool | None, int, bytes]:
    added = []
    for piece in pieces:
        added.append(body.add_raw(piece))
        if not added[-1]:
            break
    finished = body.finish() if all(added) else None
    return added, finished, body.size, body.bytes()


_CAPS = st.none() | st.integers(min_value=0, max_value=40)


@given(
    cap=_CAPS,
    lengths=st.lists(
        st.integers(min_value=0, max_value=2 * 40 + PIECE_BYTES + 2) | st.integers(0, 50),
        max_size=4,
    ),
)
def test_read_content_is_counted_as_the_decoding_body_counts_it(
    cap: int | None, lengths: list[int]
) -> None:
    pieces = [bytes([65 + i]) * n for i, n in enumerate(lengths)]
    ours = _feed(_decode.Whole(cap), pieces)
    theirs = _feed(_decode.Body(cap, None), pieces)
    assert ours == theirs


def _summary(read: Read | BaseException) -> tuple[Any, ...]:
    if not isinstance(read, Read):
        return (type(read), str(read))
    return (read.body, read.cut, type(read.cut_error), str(read.cut_error or ""))


@pytest.mark.parametrize(
    "size", [0, 1, 99, 100, 101, 2 * 100 + PIECE_BYTES, 2 * 100 + PIECE_BYTES + 1, 3 * PIECE_BYTES]
)
@pytest.mark.parametrize("cap", [None, 0, 100])
def test_a_read_body_reads_as_the_same_body_streamed(size: int, cap: int | None) -> None:
    content = bytes(range(256)) * (size // 256) + bytes(range(size % 256))
    already_read = httpx.Response(200, content=content)
    streamed = httpx.Response(200, stream=httpx.ByteStream(content))
    assert _summary(read_sync(already_read, max_body_bytes=cap)) == _summary(
        read_sync(streamed, max_body_bytes=cap)
    )
    assert already_read.is_closed
    assert streamed.is_closed


def test_a_read_body_past_the_deadline_is_still_cut_in_a_sync_read() -> None:
    response = httpx.Response(200, content=b"[1]", request=httpx.Request("GET", URL))
    read = read_sync(response, deadline_at=1.0, clock=lambda: 2.0)
    assert isinstance(read, Read)
    assert (read.body, read.cut) == (b"[1]", BodyCut.STREAM_ERROR)
    assert isinstance(read.cut_error, httpx.ReadTimeout)


# -- async: the outcomes with and without a deadline -------------------------------------------


class _Chunks(httpx.AsyncByteStream):
    """A streamed body: its chunks, then a pause (or an error) before the rest."""

    def __init__(
        self, chunks: list[bytes], *, pause_s: float = 0.0, error: Exception | None = None
    ) -> None:
        self.chunks = chunks
        self.pause_s = pause_s
        self.error = error
        self.closed = False

    async def __aiter__(self) -> AsyncIterator[bytes]:
        for chunk in self.chunks:
            yield chunk
        if self.pause_s:
            await asyncio.sleep(self.pause_s)
        if self.error is not None:
            raise self.error
        yield b"]"

    async def aclose(self) -> None:
        self.closed = True


def _client(stream: httpx.AsyncByteStream) -> httpx.AsyncClient:
    async def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, stream=stream)

    return httpx.AsyncClient(transport=httpx.MockTransport(handler))


async def _send(client: httpx.AsyncClient, deadline_in_s: float | None) -> Read | BaseException:
    deadline_at = None if deadline_in_s is None else time.monotonic() + deadline_in_s
    return await send_async(
        client,
        httpx.Request("GET", URL),
        max_body_bytes=1000,
        deadline_at=deadline_at,
        clock=time.monotonic,
    )


@pytest.mark.asyncio
@pytest.mark.parametrize("deadline_in_s", [None, 30.0])
async def test_async_streamed_body_is_read_whole(deadline_in_s: float | None) -> None:
    stream = _Chunks([b"[1,", b"2"])
    read = await _send(_client(stream), deadline_in_s)
    assert isinstance(read, Read)
    assert (read.body, read.cut) == (b"[1,2]", None)
    assert stream.closed


@pytest.mark.asyncio
async def test_async_deadline_keeps_what_arrived() -> None:
    stream = _Chunks([b"[1,", b"2"], pause_s=5.0)
    read = await _send(_client(stream), 0.2)
    assert isinstance(read, Read)
    assert (read.body, read.cut) == (b"[1,2", BodyCut.STREAM_ERROR)
    assert isinstance(read.cut_error, httpx.ReadTimeout)
    assert str(read.cut_error) == DEADLINE_PASSED
    assert stream.closed


@pytest.mark.asyncio
@pytest.mark.parametrize("deadline_in_s", [None, 30.0])
async def test_async_timeout_error_from_the_stream_reads_as_the_deadline(
    deadline_in_s: float | None,
) -> None:
    """As under ``asyncio.timeout(None)``: a TimeoutError mid-body is the deadline's."""
    stream = _Chunks([b"[1,"], error=TimeoutError())
    read = await _send(_client(stream), deadline_in_s)
    assert isinstance(read, Read)
    assert (read.body, read.cut) == (b"[1,", BodyCut.STREAM_ERROR)
    assert isinstance(read.cut_error, httpx.ReadTimeout)
    assert read.cut_error.request.url == URL
    assert stream.closed


@pytest.mark.asyncio
@pytest.mark.parametrize("deadline_in_s", [None, 30.0])
async def test_async_timeout_error_before_a_response_reads_as_the_deadline(
    deadline_in_s: float | None,
) -> None:
    async def handler(request: httpx.Request) -> httpx.Response:
        raise TimeoutError

    client = httpx.AsyncClient(transport=httpx.MockTransport(handler), headers={"X-C": "c"})
    read = await _send(client, deadline_in_s)
    assert isinstance(read, httpx.ReadTimeout)
    assert str(read) == DEADLINE_PASSED
    assert read.request.headers["x-c"] == "c"  # the request as rebuilt


@pytest.mark.asyncio
@pytest.mark.parametrize("deadline_in_s", [None, 30.0])
async def test_async_stream_error_keeps_what_arrived(deadline_in_s: float | None) -> None:
    stream = _Chunks([b"[1,"], error=httpx.RemoteProtocolError("peer closed"))
    read = await _send(_client(stream), deadline_in_s)
    assert isinstance(read, Read)
    assert (read.body, read.cut) == (b"[1,", BodyCut.STREAM_ERROR)
    assert isinstance(read.cut_error, httpx.RemoteProtocolError)
    assert stream.closed


@pytest.mark.asyncio
@pytest.mark.parametrize("deadline_in_s", [None, 30.0])
async def test_async_stream_error_before_any_byte_is_the_outcome(
    deadline_in_s: float | None,
) -> None:
    stream = _Chunks([], error=httpx.RemoteProtocolError("peer closed"))
    read = await _send(_client(stream), deadline_in_s)
    assert isinstance(read, httpx.RemoteProtocolError)
    assert stream.closed


@pytest.mark.asyncio
@pytest.mark.parametrize(("cap", "cut"), [(4, BodyCut.SIZE_CAP), (5, None), (None, None)])
async def test_async_read_body_is_capped(cap: int | None, cut: BodyCut | None) -> None:
    async def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, content=b"[1,2]")

    client = httpx.AsyncClient(transport=httpx.MockTransport(handler))
    read = await send_async(
        client,
        httpx.Request("GET", URL),
        max_body_bytes=cap if cap is not None else 10**6,
        deadline_at=None,
        clock=time.monotonic,
    )
    assert isinstance(read, Read)
    assert (read.body, read.cut) == (b"[1,2]"[: cap or 5], cut)
    assert read.response.is_closed
