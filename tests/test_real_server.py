"""Real transport faults on loopback sockets: what httpx does, and where the classifier lands each.

Every fault of :mod:`real_server` is one row of :data:`CASES`: the exception plain httpx raises
(or the status it returns), then the outcome, failure code and kind that ``classify_http``
gives it. Timeouts are real but small; nothing here sleeps.
"""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import Iterator
from dataclasses import dataclass

import httpx
import pytest

from real_server import FAULT_MIX, FAULTS, GZIP_DOCUMENT, OK_ITEMS, MisbehavingServer
from tool_outcomes import (
    BodyCut,
    FailureCode,
    FailureKind,
    Outcome,
    TruncatedBy,
    classify_http,
    classify_parts,
)

#: Per read, connect and write. Small, so stalls cost a fraction of a second.
TIMEOUT = httpx.Timeout(0.3)

Result = httpx.Response | httpx.HTTPError


@pytest.fixture(scope="module")
def server() -> Iterator[MisbehavingServer]:
    """One misbehaving server for the module, stopped (and its handlers joined) at the end."""
    with MisbehavingServer() as running:
        yield running


@pytest.fixture
def client() -> Iterator[httpx.Client]:
    """A plain httpx client with short timeouts."""
    with httpx.Client(timeout=TIMEOUT) as plain:
        yield plain


def _get(client: httpx.Client, url: str) -> Result:
    try:
        return client.get(url)
    except httpx.HTTPError as exc:
        return exc


def _drain(response: httpx.Response, into: bytearray) -> None:
    for chunk in response.iter_bytes():
        into += chunk


@dataclass(frozen=True)
class Case:
    """One fault: what httpx does with it, and where the classifier must land it."""

    path: str
    raises: type[httpx.HTTPError] | None
    status: int | None
    outcome: Outcome
    code: FailureCode | None = None
    kind: FailureKind | None = None
    returned: int | None = None
    retry_after_s: float | None = None

    @property
    def id(self) -> str:
        return self.path.lstrip("/").split("?")[0] or "refused"


_NET = (FailureCode.NETWORK, FailureKind.TRANSIENT)
_TIMEOUT = (FailureCode.TIMEOUT, FailureKind.TRANSIENT)
_LYING = (FailureCode.INVALID_BODY, FailureKind.PERMANENT)
_UNDECODABLE = (FailureCode.PROTOCOL, FailureKind.PERMANENT)
_RATE = (FailureCode.RATE_LIMITED, FailureKind.TRANSIENT)
_DOWN = (FailureCode.SERVER_ERROR, FailureKind.TRANSIENT)
_GONE = (FailureCode.NOT_FOUND, FailureKind.PERMANENT)
_REFUSED = (FailureCode.CONNECT, FailureKind.TRANSIENT)
_FAIL = Outcome.ACCESS_FAILURE
_Protocol = httpx.RemoteProtocolError

CASES: tuple[Case, ...] = (
    Case("/ok.json", None, 200, Outcome.SUCCESS, returned=len(OK_ITEMS)),
    Case("/empty.json", None, 200, Outcome.EMPTY, returned=0),
    Case("/items.jsonl?n=5", None, 200, Outcome.SUCCESS, returned=5),
    Case("/jsonl_cut?n=3", _Protocol, None, _FAIL, *_NET),
    Case("/short_content_length", _Protocol, None, _FAIL, *_NET),
    Case("/chunked_no_terminator", _Protocol, None, _FAIL, *_NET),
    Case("/stall_body", httpx.ReadTimeout, None, _FAIL, *_TIMEOUT),
    Case("/never_answer", httpx.ReadTimeout, None, _FAIL, *_TIMEOUT),
    # httpx raises the same class for a non-HTTP reply as for a cut body, so it is "network".
    Case("/not_http", _Protocol, None, _FAIL, *_NET),
    Case("/close_immediately", _Protocol, None, _FAIL, *_NET),
    # No transport error at all: only the JSON check on the inflated prefix catches it.
    Case("/gzip_truncated", None, 200, _FAIL, *_LYING),
    Case("/gzip_bogus", httpx.DecodingError, None, _FAIL, *_UNDECODABLE),
    Case("/slow_drip?n=6&interval_ms=20", None, 200, Outcome.SUCCESS, returned=1),
    Case("/rate_limited", None, 429, _FAIL, *_RATE, retry_after_s=2),
    Case("/unavailable", None, 503, _FAIL, *_DOWN, retry_after_s=3),
    Case("/html_200", None, 200, _FAIL, *_LYING),
    Case("/no/such/path", None, 404, _FAIL, *_GONE),
    Case("", httpx.ConnectError, None, _FAIL, *_REFUSED),  # the server's refused_url
)


def _url(server: MisbehavingServer, case: Case) -> str:
    return server.url(case.path) if case.path else server.refused_url


def test_every_fault_path_has_a_case() -> None:
    """Each path the server serves is exercised by a row of the case table."""
    covered = {case.path.split("?")[0] for case in CASES} | {"/fault_mix"}
    assert set(FAULTS) <= covered


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_each_fault_shows_its_real_transport_behaviour(
    server: MisbehavingServer, client: httpx.Client, case: Case
) -> None:
    """Plain httpx raises the documented exception, or returns the documented status."""
    result = _get(client, _url(server, case))
    if case.raises is not None:
        assert type(result) is case.raises, repr(result)
    else:
        assert isinstance(result, httpx.Response), repr(result)
        assert result.status_code == case.status


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_classify_http_lands_each_fault_on_its_outcome(
    server: MisbehavingServer, client: httpx.Client, case: Case
) -> None:
    """classify_http turns each real fault into its outcome class, failure code and kind."""
    env = classify_http(_get(client, _url(server, case)))
    assert env.outcome is case.outcome, repr(env)
    if case.code is None:
        assert env.failure is None
        assert env.coverage is not None
        assert env.coverage.returned == case.returned
    else:
        assert env.failure is not None
        assert (env.failure.code, env.failure.kind) == (case.code, case.kind)
        assert env.failure.retry_after_s == case.retry_after_s


def test_truncated_gzip_with_matching_length_returns_a_silent_prefix(
    server: MisbehavingServer, client: httpx.Client
) -> None:
    """A gzip body cut short, with a Content-Length that matches, inflates to a prefix: no error."""
    with client.stream("GET", server.url("/gzip_truncated")) as response:
        assert response.headers["content-encoding"] == "gzip"
        assert int(response.headers["content-length"]) > 0
        body = b"".join(response.iter_bytes())
    assert 0 < len(body) < len(GZIP_DOCUMENT)
    assert GZIP_DOCUMENT.startswith(body)
    with pytest.raises(json.JSONDecodeError):
        json.loads(body)


def test_cut_json_lines_deliver_complete_lines_before_the_error(
    server: MisbehavingServer, client: httpx.Client
) -> None:
    """A chunked JSON-lines body that drops mid-line yields its complete lines, then raises."""
    received = bytearray()
    with (
        client.stream("GET", server.url("/jsonl_cut?n=3")) as response,
        pytest.raises(httpx.RemoteProtocolError),
    ):
        _drain(response, received)
    lines = bytes(received).split(b"\n")
    assert [json.loads(line)["id"] for line in lines[:-1]] == [0, 1, 2]
    assert lines[-1].startswith(b'{"id": 3')  # the incomplete trailing line


def test_classify_parts_keeps_the_lines_of_a_cut_stream_as_a_partial(
    server: MisbehavingServer, client: httpx.Client
) -> None:
    """The complete lines read before a stream error are a partial cut by stream_error."""
    received = bytearray()
    error: httpx.HTTPError | None = None
    with client.stream("GET", server.url("/jsonl_cut?n=3")) as response:
        try:
            _drain(response, received)
        except httpx.RemoteProtocolError as exc:
            error = exc
    assert error is not None
    env = classify_parts(
        response.status_code,
        response.headers,
        bytes(received),
        cut=BodyCut.STREAM_ERROR,
        cut_error=error,
    )
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert env.coverage.returned == 3
    assert env.coverage.truncated_by is TruncatedBy.STREAM_ERROR


def test_slow_drip_passes_a_per_read_timeout(server: MisbehavingServer) -> None:
    """httpx's timeout bounds each read, not the whole body, so a drip arrives in full."""
    with (
        httpx.Client(timeout=httpx.Timeout(0.3)) as slow_client,
        slow_client.stream("GET", server.url("/slow_drip?n=12&interval_ms=50")) as response,
    ):
        chunks = list(response.iter_raw())
    assert b"".join(chunks) == b'"' + b"." * 10 + b'"'
    assert len(chunks) > 1  # it really arrived a little at a time


def test_refused_url_refuses_connections(server: MisbehavingServer) -> None:
    """The refused URL's port is bound but not listening: connecting is refused."""
    port = httpx.URL(server.refused_url).port or 0
    with socket.socket() as sock:
        sock.settimeout(1)
        with pytest.raises(ConnectionRefusedError):
            sock.connect(("127.0.0.1", port))


def test_counts_record_requests_per_path(server: MisbehavingServer, client: httpx.Client) -> None:
    """Each request read is counted under its path, the query ignored."""
    before = server.count("/empty.json")
    for _ in range(3):
        client.get(server.url("/empty.json?x=1"))
    assert server.count("/empty.json") == before + 3
    assert server.counts()["/empty.json"] == before + 3


def test_query_parameters_are_clamped_not_trusted(
    server: MisbehavingServer, client: httpx.Client
) -> None:
    """An absurd or malformed count is clamped or defaulted, never looped on."""
    huge = client.get(server.url("/items.jsonl?n=99999999"))
    garbage = client.get(server.url("/items.jsonl?n=abc"))
    assert len(huge.text.splitlines()) == 1000
    assert len(garbage.text.splitlines()) == 5


def test_a_non_http_request_is_closed_without_reply(server: MisbehavingServer) -> None:
    """A request line the server cannot parse gets the connection closed, not a hang."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=2) as sock:
        sock.sendall(b"HELLO\r\n\r\n")
        assert sock.recv(1024) == b""


def _closed_by_peer(sock: socket.socket) -> bool:
    """EOF, or a reset: a peer that closes with our request unread sends RST, not FIN."""
    try:
        return sock.recv(1024) == b""
    except ConnectionResetError:
        return True


def test_stop_wakes_every_stalled_handler() -> None:
    """stop() ends every handler still holding a connected client, well before its cap."""
    own = MisbehavingServer().start()
    socks = [socket.create_connection(("127.0.0.1", own.port), timeout=2) for _ in range(3)]
    try:
        socks[0].sendall(b"GET /never_answer HTTP/1.1\r\nHost: x\r\n\r\n")
        socks[1].sendall(b"GET /stall_body HTTP/1.1\r\nHost: x\r\n\r\n")
        head = b""
        while b"\r\n\r\n" not in head:  # the stall starts once the headers are out
            head += socks[1].recv(1024)
        own.stop()
        # recv timeout 2 s < HOLD_MAX_S 5 s: EOF here proves stop() woke them, not the cap.
        assert _closed_by_peer(socks[0])
        assert _closed_by_peer(socks[1])
        assert _closed_by_peer(socks[2])  # connected, never sent a request
    finally:
        for sock in socks:
            sock.close()
        own.stop()


def test_stop_is_idempotent_and_urls_need_a_running_server() -> None:
    """A stopped server can be stopped again, and asking for a URL then is a clear error."""
    own = MisbehavingServer().start()
    own.stop()
    own.stop()
    with pytest.raises(RuntimeError, match="not running"):
        own.url("/ok.json")


def test_a_relative_path_is_a_clear_error(server: MisbehavingServer) -> None:
    """url() insists on an absolute path."""
    with pytest.raises(ValueError, match="must start with '/'"):
        server.url("ok.json")


#: What plain httpx gives for each row of FAULT_MIX: a status, or an exception class.
_MIX_EXPECT: dict[str, int | type[httpx.HTTPError]] = {
    "/ok.json": 200,
    "/empty.json": 200,
    "/rate_limited": 429,
    "/unavailable": 503,
    "/html_200": 200,
    "/short_content_length": httpx.RemoteProtocolError,
    "/close_immediately": httpx.RemoteProtocolError,
    "/gzip_bogus": httpx.DecodingError,
}


@pytest.mark.asyncio
async def test_fault_mix_serves_its_table_under_concurrent_load(
    server: MisbehavingServer,
) -> None:
    """Fifty concurrent requests each get the fault their index selects, and all are counted."""
    n = 50
    before = server.count("/fault_mix")

    async def one(ac: httpx.AsyncClient, i: int) -> Result:
        try:
            return await ac.get(server.url(f"/fault_mix?i={i}"))
        except httpx.HTTPError as exc:
            return exc

    limits = httpx.Limits(max_connections=n)
    async with httpx.AsyncClient(timeout=httpx.Timeout(2.0), limits=limits) as ac:
        results = await asyncio.gather(*(one(ac, i) for i in range(n)))
    for i, result in enumerate(results):
        expected = _MIX_EXPECT[FAULT_MIX[i % len(FAULT_MIX)]]
        if isinstance(expected, int):
            assert isinstance(result, httpx.Response), (i, result)
            assert result.status_code == expected
        else:
            assert type(result) is expected, (i, result)
    assert server.count("/fault_mix") == before + n
