"""Library exceptions are classified as each library documents them, from the real objects.

Every exception here is the library's own class, built the way the library builds it (or raised by
the library itself against a closed port on 127.0.0.1, a locked SQLite file, a gRPC server on
loopback, an SDK over a mock transport).
"""

from __future__ import annotations

import asyncio
import errno
import http.client
import importlib
import io
import socket
import sqlite3
import ssl
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from concurrent import futures
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import anthropic
import botocore.exceptions as boto
import grpc
import httpx2
import openai
import psycopg
import psycopg.errors
import psycopg2
import psycopg2.errors
import pytest
import redis
import redis.exceptions
import requests
import requests.exceptions
import sqlalchemy
import sqlalchemy.exc
import urllib3.exceptions
from multidict import CIMultiDict, CIMultiDictProxy
from requests.structures import CaseInsensitiveDict
from yarl import URL

from tool_outcomes import Envelope, FailureCode, FailureKind, Outcome, classify_http
from tool_outcomes.classify import LIBRARY_RULES, LibraryRule, recognise

T, P = FailureKind.TRANSIENT, FailureKind.PERMANENT
#: google-api-core's exceptions module (its constructors carry no annotations).
google: Any = importlib.import_module("google.api_core.exceptions")


# -- building the libraries' exceptions as they do ----------------------------------------------


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def raised(call: Callable[[], object]) -> BaseException:
    try:
        call()
    except BaseException as exc:
        return exc
    raise AssertionError(f"{call} raised nothing")


def requests_response(status: int, headers: dict[str, str], body: bytes = b"") -> requests.Response:
    response = requests.Response()
    response.status_code = status
    response.headers = CaseInsensitiveDict(headers)
    response._content = body
    response.url = "http://api.test/items?key=s3cret"
    response.reason = "Reason"
    return response


def boto_client_error(code: str, status: int, headers: dict[str, str] | None = None) -> Any:
    meta = {"HTTPStatusCode": status, "HTTPHeaders": headers or {}, "RetryAttempts": 0}
    error = {"Error": {"Code": code, "Message": "Rate exceeded"}, "ResponseMetadata": meta}
    return boto.ClientError(error, "Query")


def aiohttp_status(status: int, headers: dict[str, str]) -> aiohttp.ClientResponseError:
    url = URL("http://api.test/items")
    info = aiohttp.RequestInfo(url, "GET", CIMultiDictProxy(CIMultiDict()), url)
    return aiohttp.ClientResponseError(
        info,
        (),
        status=status,
        message="Too Many Requests",
        headers=CIMultiDictProxy(CIMultiDict(headers)),
    )


def aiohttp_refused() -> BaseException:
    async def get() -> None:
        async with aiohttp.ClientSession() as session:
            await session.get(f"http://127.0.0.1:{closed_port()}/")

    return raised(lambda: asyncio.run(get()))


def sdk_error(
    sdk: Any, status: int, body: dict[str, Any], headers: dict[str, str]
) -> BaseException:
    """What the SDK itself raises for one response (no retries of its own)."""

    def handler(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(status, headers=headers, json=body)

    transport = httpx2.MockTransport(handler)
    client = sdk(api_key="sk-test", max_retries=0, base_url="http://api.test/v1",
                 http_client=httpx2.Client(transport=transport))  # fmt: skip
    return raised(lambda: client.models.list())


def sdk_timeout(sdk: Any) -> BaseException:
    def handler(request: httpx2.Request) -> httpx2.Response:
        raise httpx2.ReadTimeout("read timed out", request=request)

    transport = httpx2.MockTransport(handler)
    client = sdk(api_key="sk-test", max_retries=0, base_url="http://api.test/v1",
                 http_client=httpx2.Client(transport=transport))  # fmt: skip
    return raised(lambda: client.models.list())


def locked_sqlite(path: Path) -> sqlite3.OperationalError:
    holder = sqlite3.connect(path, timeout=0)
    holder.execute("create table t (x)")
    holder.commit()
    holder.execute("begin exclusive")
    waiter = sqlite3.connect(path, timeout=0)
    try:
        exc = raised(lambda: waiter.execute("select * from t"))
    finally:
        holder.close()
        waiter.close()
    assert isinstance(exc, sqlite3.OperationalError)
    return exc


def sqlalchemy_locked(path: Path) -> BaseException:
    holder = sqlite3.connect(path, timeout=0)
    holder.execute("create table t (x)")
    holder.commit()
    holder.execute("begin exclusive")
    engine = sqlalchemy.create_engine(f"sqlite:///{path}", connect_args={"timeout": 0})
    try:
        with engine.connect() as conn:
            return raised(lambda: conn.execute(sqlalchemy.text("select * from t")))
    finally:
        holder.close()
        engine.dispose()


def sqlalchemy_pool_timeout(path: Path) -> BaseException:
    engine = sqlalchemy.create_engine(
        f"sqlite:///{path}", poolclass=sqlalchemy.pool.QueuePool, pool_size=1, max_overflow=0,
        pool_timeout=0.001,
    )  # fmt: skip
    try:
        with engine.connect():
            return raised(engine.connect)
    finally:
        engine.dispose()


def psycopg2_error(state: str) -> BaseException:
    """A psycopg2 error as a server reply leaves it (``pgcode`` set), restored as pickling does."""
    exc: BaseException = psycopg2.errors.lookup(state)("could not serialize access")
    exc.__setstate__({"pgcode": state, "pgerror": "ERROR:  could not serialize access"})
    return exc


def urllib_http_error(status: int, headers: dict[str, str]) -> urllib.error.HTTPError:
    """What urlopen raises for a status it does not follow (HTTPDefaultErrorHandler's call)."""
    text = "".join(f"{name}: {value}\r\n" for name, value in headers.items()) + "\r\n"
    message = http.client.parse_headers(io.BytesIO(text.encode("latin-1")))
    reason = http.client.responses.get(status, "")
    return urllib.error.HTTPError("http://api.test/items", status, reason, message, io.BytesIO())


def urlopen_error(url: str) -> BaseException:
    return raised(lambda: urllib.request.urlopen(url, timeout=5))


@pytest.fixture(scope="module")
def grpc_target() -> Iterator[str]:
    """A gRPC server on loopback whose method ``/t.S/Fail`` aborts with the status it is sent."""

    def fail(request: bytes, context: grpc.ServicerContext) -> bytes:
        context.abort(grpc.StatusCode[request.decode()], f"server says {request.decode()}")
        raise AssertionError("abort returns by raising")

    handler = grpc.method_handlers_generic_handler(
        "t.S", {"Fail": grpc.unary_unary_rpc_method_handler(fail)}
    )
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=1))
    server.add_generic_rpc_handlers((handler,))
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    try:
        yield f"127.0.0.1:{port}"
    finally:
        server.stop(grace=None)


def grpc_error(target: str, status: str) -> BaseException:
    with grpc.insecure_channel(target) as channel:
        call = channel.unary_unary("/t.S/Fail")
        return raised(lambda: call(status.encode(), timeout=10))


# -- the table of cases ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    make: Callable[[Path], BaseException]
    code: FailureCode
    kind: FailureKind
    says: str
    """A word the detail must carry: the library's own code."""
    http_status: int | None = None
    retry_after_s: float | None = None


CASES: dict[str, Case] = {
    # requests / urllib3
    "requests refused": Case(
        lambda _: raised(lambda: requests.get(f"http://127.0.0.1:{closed_port()}/", timeout=5)),
        FailureCode.CONNECT, T, "urllib3"),
    "requests read timeout": Case(
        lambda _: requests.exceptions.ReadTimeout(
            urllib3.exceptions.ReadTimeoutError(None, "http://api.test", "Read timed out.")),  # type: ignore[arg-type]
        FailureCode.TIMEOUT, T, "ReadTimeout"),
    "requests connect timeout": Case(
        lambda _: requests.exceptions.ConnectTimeout("connect timed out"),
        FailureCode.TIMEOUT, T, "ConnectTimeout"),
    "requests 503 with Retry-After": Case(
        lambda _: raised(requests_response(503, {"Retry-After": "7"}).raise_for_status),
        FailureCode.SERVER_ERROR, T, "HTTP 503", 503, 7.0),
    "requests 404": Case(
        lambda _: raised(requests_response(404, {}).raise_for_status),
        FailureCode.NOT_FOUND, P, "HTTP 404", 404),
    "requests chunked encoding": Case(
        lambda _: requests.exceptions.ChunkedEncodingError("Connection broken: InvalidChunkLength"),
        FailureCode.NETWORK, T, "ChunkedEncodingError"),
    "requests content decoding": Case(
        lambda _: requests.exceptions.ContentDecodingError("Received response with content-encoding: gzip, but failed to decode it."),
        FailureCode.PROTOCOL, P, "ContentDecodingError"),
    "requests too many redirects": Case(
        lambda _: requests.exceptions.TooManyRedirects("Exceeded 30 redirects."),
        FailureCode.PROTOCOL, P, "TooManyRedirects"),
    "requests ssl": Case(
        lambda _: requests.exceptions.SSLError("certificate verify failed"),
        FailureCode.CONNECT, P, "SSLError"),
    "requests json of an html page": Case(
        lambda _: raised(requests_response(200, {"Content-Type": "text/html"}, b"<html>").json),
        FailureCode.INVALID_BODY, P, "JSONDecodeError"),
    "requests missing schema": Case(
        lambda _: raised(lambda: requests.get("api.test/items")),
        FailureCode.EXECUTION, P, "MissingSchema"),
    "urllib3 protocol error": Case(
        lambda _: urllib3.exceptions.ProtocolError("Connection aborted.", ConnectionResetError(104)),
        FailureCode.NETWORK, T, "ProtocolError"),
    # aiohttp
    "aiohttp 429 with Retry-After": Case(
        lambda _: aiohttp_status(429, {"Retry-After": "3"}),
        FailureCode.RATE_LIMITED, T, "HTTP 429", 429, 3.0),
    "aiohttp refused": Case(lambda _: aiohttp_refused(), FailureCode.CONNECT, T, "ClientConnector"),
    "aiohttp server timeout": Case(
        lambda _: aiohttp.ServerTimeoutError("Timeout on reading data from socket"),
        FailureCode.TIMEOUT, T, "ServerTimeoutError"),
    "aiohttp server disconnected": Case(
        lambda _: aiohttp.ServerDisconnectedError(), FailureCode.NETWORK, T, "ServerDisconnected"),
    "aiohttp payload": Case(
        lambda _: aiohttp.ClientPayloadError("Response payload is not completed"),
        FailureCode.NETWORK, T, "ClientPayloadError"),
    # botocore
    "botocore ThrottlingException": Case(
        lambda _: boto_client_error("ThrottlingException", 400, {"retry-after": "2"}),
        FailureCode.RATE_LIMITED, T, "ThrottlingException", 400, 2.0),
    "botocore ProvisionedThroughputExceeded": Case(
        lambda _: boto_client_error("ProvisionedThroughputExceededException", 400),
        FailureCode.RATE_LIMITED, T, "ProvisionedThroughputExceededException", 400),
    "botocore RequestTimeout": Case(
        lambda _: boto_client_error("RequestTimeout", 400),
        FailureCode.TIMEOUT, T, "RequestTimeout", 400),
    "botocore ServiceUnavailable 503": Case(
        lambda _: boto_client_error("ServiceUnavailable", 503),
        FailureCode.SERVER_ERROR, T, "ServiceUnavailable", 503),
    "botocore AccessDenied 403": Case(
        lambda _: boto_client_error("AccessDeniedException", 403),
        FailureCode.FORBIDDEN, P, "AccessDeniedException", 403),
    "botocore NoSuchKey 404": Case(
        lambda _: boto_client_error("NoSuchKey", 404), FailureCode.NOT_FOUND, P, "NoSuchKey", 404),
    "botocore endpoint connection": Case(
        lambda _: boto.EndpointConnectionError(endpoint_url="https://dynamodb.test"),
        FailureCode.CONNECT, T, "EndpointConnectionError"),
    "botocore connect timeout": Case(
        lambda _: boto.ConnectTimeoutError(endpoint_url="https://dynamodb.test"),
        FailureCode.TIMEOUT, T, "ConnectTimeoutError"),
    "botocore read timeout": Case(
        lambda _: boto.ReadTimeoutError(endpoint_url="https://dynamodb.test"),
        FailureCode.TIMEOUT, T, "ReadTimeoutError"),
    "botocore no credentials": Case(
        lambda _: boto.NoCredentialsError(), FailureCode.UNAUTHORIZED, P, "NoCredentialsError"),
    # OpenAI and Anthropic SDKs
    "openai 429 retry-after": Case(
        lambda _: sdk_error(openai.OpenAI, 429, {"error": {"message": "slow down", "type": "requests", "code": "rate_limit_exceeded"}}, {"retry-after": "3"}),
        FailureCode.RATE_LIMITED, T, "rate_limit_exceeded", 429, 3.0),
    "openai 429 retry-after-ms": Case(
        lambda _: sdk_error(openai.OpenAI, 429, {"error": {"message": "slow down"}}, {"retry-after-ms": "1500", "retry-after": "9"}),
        FailureCode.RATE_LIMITED, T, "HTTP 429", 429, 1.5),
    "openai insufficient quota": Case(
        lambda _: sdk_error(openai.OpenAI, 429, {"error": {"message": "You exceeded your current quota", "type": "insufficient_quota", "code": "insufficient_quota"}}, {}),
        FailureCode.FORBIDDEN, P, "insufficient_quota", 429),
    "openai 500": Case(
        lambda _: sdk_error(openai.OpenAI, 500, {"error": {"message": "oops"}}, {}),
        FailureCode.SERVER_ERROR, T, "HTTP 500", 500),
    "openai 401": Case(
        lambda _: sdk_error(openai.OpenAI, 401, {"error": {"message": "bad key", "code": "invalid_api_key"}}, {}),
        FailureCode.UNAUTHORIZED, P, "invalid_api_key", 401),
    "openai timeout": Case(lambda _: sdk_timeout(openai.OpenAI), FailureCode.TIMEOUT, T, "APITimeoutError"),
    "anthropic 529 overloaded": Case(
        lambda _: sdk_error(anthropic.Anthropic, 529, {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}, {}),
        FailureCode.SERVER_ERROR, T, "overloaded_error", 529),
    "anthropic 429 retry-after": Case(
        lambda _: sdk_error(anthropic.Anthropic, 429, {"type": "error", "error": {"type": "rate_limit_error", "message": "slow"}}, {"retry-after": "12"}),
        FailureCode.RATE_LIMITED, T, "rate_limit_error", 429, 12.0),
    "anthropic 404": Case(
        lambda _: sdk_error(anthropic.Anthropic, 404, {"type": "error", "error": {"type": "not_found_error", "message": "no model"}}, {}),
        FailureCode.NOT_FOUND, P, "not_found_error", 404),
    "anthropic timeout": Case(lambda _: sdk_timeout(anthropic.Anthropic), FailureCode.TIMEOUT, T, "APITimeoutError"),
    # google-api-core
    "google TooManyRequests": Case(
        lambda _: google.from_http_status(429, "Quota exceeded"),
        FailureCode.RATE_LIMITED, T, "HTTP 429", 429),
    "google ServiceUnavailable": Case(
        lambda _: google.from_grpc_status(grpc.StatusCode.UNAVAILABLE, "try later"),
        FailureCode.SERVER_ERROR, T, "UNAVAILABLE", 503),
    "google DeadlineExceeded": Case(
        lambda _: google.DeadlineExceeded("Deadline Exceeded"),
        FailureCode.TIMEOUT, T, "DEADLINE_EXCEEDED", 504),
    "google PermissionDenied": Case(
        lambda _: google.PermissionDenied("no"), FailureCode.FORBIDDEN, P, "PERMISSION_DENIED", 403),
    "google NotFound": Case(
        lambda _: google.NotFound("no such doc"), FailureCode.NOT_FOUND, P, "NOT_FOUND", 404),
    "google Unauthenticated": Case(
        lambda _: google.Unauthenticated("who"), FailureCode.UNAUTHORIZED, P, "UNAUTHENTICATED", 401),
    "google Aborted": Case(
        lambda _: google.Aborted("transaction aborted"), FailureCode.SERVER_ERROR, T, "ABORTED", 409),
    "google RetryError reads its cause": Case(
        lambda _: google.RetryError("Deadline of 120s exceeded", cause=google.ServiceUnavailable("down")),
        FailureCode.SERVER_ERROR, T, "UNAVAILABLE", 503),
    # sqlite3, psycopg, psycopg2, SQLAlchemy, redis
    "sqlite3 locked": Case(locked_sqlite, FailureCode.TIMEOUT, T, "SQLITE_BUSY"),
    "sqlite3 locked, built by hand": Case(
        lambda _: sqlite3.OperationalError("database is locked"), FailureCode.TIMEOUT, T, "SQLITE_BUSY"),
    "sqlite3 integrity": Case(
        lambda _: sqlite3.IntegrityError("UNIQUE constraint failed: t.x"),
        FailureCode.BAD_REQUEST, P, "sqlite3"),
    "psycopg 40001": Case(
        lambda _: psycopg.errors.lookup("40001")("could not serialize access"),
        FailureCode.SERVER_ERROR, T, "SQLSTATE 40001"),
    "psycopg 40P01": Case(
        lambda _: psycopg.errors.lookup("40P01")("deadlock detected"),
        FailureCode.SERVER_ERROR, T, "SQLSTATE 40P01"),
    "psycopg 57014": Case(
        lambda _: psycopg.errors.lookup("57014")("canceling statement due to statement timeout"),
        FailureCode.TIMEOUT, T, "SQLSTATE 57014"),
    "psycopg 53300": Case(
        lambda _: psycopg.errors.lookup("53300")("too many connections"),
        FailureCode.SERVER_ERROR, T, "SQLSTATE 53300"),
    "psycopg 08006": Case(
        lambda _: psycopg.errors.lookup("08006")("connection failure"),
        FailureCode.CONNECT, T, "SQLSTATE 08006"),
    "psycopg 42P01": Case(
        lambda _: psycopg.errors.lookup("42P01")('relation "t" does not exist'),
        FailureCode.BAD_REQUEST, P, "SQLSTATE 42P01"),
    "psycopg 42501": Case(
        lambda _: psycopg.errors.lookup("42501")("permission denied for table t"),
        FailureCode.FORBIDDEN, P, "SQLSTATE 42501"),
    "psycopg 23505": Case(
        lambda _: psycopg.errors.lookup("23505")("duplicate key value"),
        FailureCode.BAD_REQUEST, P, "SQLSTATE 23505"),
    "psycopg refused": Case(
        lambda _: raised(lambda: psycopg.connect(f"host=127.0.0.1 port={closed_port()} connect_timeout=5")),
        FailureCode.CONNECT, T, "psycopg"),
    "psycopg2 40001": Case(
        lambda _: psycopg2_error("40001"), FailureCode.SERVER_ERROR, T, "SQLSTATE 40001"),
    "psycopg2 40001, built by hand": Case(
        lambda _: psycopg2.errors.lookup("40001")("could not serialize"),
        FailureCode.SERVER_ERROR, T, "SQLSTATE 40001"),
    "psycopg2 42601": Case(
        lambda _: psycopg2_error("42601"), FailureCode.BAD_REQUEST, P, "SQLSTATE 42601"),
    "psycopg2 refused": Case(
        lambda _: raised(lambda: psycopg2.connect(host="127.0.0.1", port=closed_port(), connect_timeout=5)),
        FailureCode.CONNECT, T, "psycopg2"),
    "sqlalchemy wrapping sqlite3 locked": Case(
        sqlalchemy_locked, FailureCode.TIMEOUT, T, "SQLITE_BUSY"),
    "sqlalchemy wrapping psycopg 40001": Case(
        lambda _: sqlalchemy.exc.OperationalError("UPDATE t", {}, psycopg.errors.lookup("40001")("x")),
        FailureCode.SERVER_ERROR, T, "SQLSTATE 40001"),
    "sqlalchemy connection invalidated": Case(
        lambda _: sqlalchemy.exc.DBAPIError("SELECT 1", {}, psycopg2.errors.lookup("42601")("x"), connection_invalidated=True),
        FailureCode.NETWORK, T, "SQLAlchemy"),
    "sqlalchemy unknown driver's OperationalError": Case(
        lambda _: sqlalchemy.exc.OperationalError("SELECT 1", {}, RuntimeError("lost")),
        FailureCode.SERVER_ERROR, T, "SQLAlchemy"),
    "sqlalchemy pool timeout": Case(
        sqlalchemy_pool_timeout, FailureCode.TIMEOUT, T, "QueuePool"),
    # the standard library: urllib.request, http.client, socket, ssl
    "urllib refused": Case(
        lambda _: urlopen_error(f"http://127.0.0.1:{closed_port()}/"),
        FailureCode.CONNECT, T, "ConnectionRefusedError"),
    "urllib 503 with Retry-After": Case(
        lambda _: urllib_http_error(503, {"Retry-After": "7"}),
        FailureCode.SERVER_ERROR, T, "urllib HTTP 503", 503, 7.0),
    "urllib 429": Case(
        lambda _: urllib_http_error(429, {"retry-after": "2"}),
        FailureCode.RATE_LIMITED, T, "HTTP 429", 429, 2.0),
    "urllib 404": Case(
        lambda _: urllib_http_error(404, {}), FailureCode.NOT_FOUND, P, "HTTP 404", 404),
    "urllib unknown scheme": Case(
        lambda _: urlopen_error("gopher2://api.test/"), FailureCode.EXECUTION, P, "unknown url type"),
    "urllib timed out connecting": Case(
        lambda _: urllib.error.URLError(TimeoutError("timed out")),
        FailureCode.TIMEOUT, T, "reason TimeoutError"),
    "urllib name not resolved": Case(
        lambda _: urllib.error.URLError(socket.gaierror(socket.EAI_NONAME, "Name or service not known")),
        FailureCode.CONNECT, T, "gaierror"),
    "urllib certificate refused": Case(
        lambda _: urllib.error.URLError(ssl.SSLCertVerificationError(
            1, "[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: self-signed certificate")),
        FailureCode.CONNECT, P, "SSLCertVerificationError"),
    "urllib network unreachable": Case(
        lambda _: urllib.error.URLError(OSError(errno.ENETUNREACH, "Network is unreachable")),
        FailureCode.CONNECT, T, "ENETUNREACH"),
    "socket name not resolved": Case(
        lambda _: socket.gaierror(socket.EAI_NONAME, "Name or service not known"),
        FailureCode.CONNECT, T, "socket"),
    "socket host unreachable": Case(
        lambda _: OSError(errno.EHOSTUNREACH, "No route to host"),
        FailureCode.CONNECT, T, "EHOSTUNREACH"),
    "ssl closed mid-stream": Case(
        lambda _: ssl.SSLEOFError(8, "EOF occurred in violation of protocol"),
        FailureCode.NETWORK, T, "SSLEOFError"),
    "ssl handshake": Case(
        lambda _: ssl.SSLError(1, "[SSL: WRONG_VERSION_NUMBER] wrong version number"),
        FailureCode.CONNECT, P, "ssl"),
    "http.client body cut short": Case(
        lambda _: http.client.IncompleteRead(b"ab", 8), FailureCode.NETWORK, T, "IncompleteRead"),
    "http.client closed without an answer": Case(
        lambda _: http.client.RemoteDisconnected("Remote end closed connection without response"),
        FailureCode.NETWORK, T, "RemoteDisconnected"),
    "http.client bad status line": Case(
        lambda _: http.client.BadStatusLine("HTTP/1.1 abc"), FailureCode.PROTOCOL, P, "BadStatusLine"),
    "redis refused": Case(
        lambda _: raised(redis.Redis(host="127.0.0.1", port=closed_port(), socket_connect_timeout=5).ping),
        FailureCode.NETWORK, T, "redis"),
    "redis timeout": Case(
        lambda _: redis.exceptions.TimeoutError("Timeout reading from socket"),
        FailureCode.TIMEOUT, T, "redis"),
    "redis loading": Case(
        lambda _: redis.exceptions.BusyLoadingError("Redis is loading the dataset in memory"),
        FailureCode.SERVER_ERROR, T, "BusyLoadingError"),
    "redis auth": Case(
        lambda _: redis.exceptions.AuthenticationError("invalid username-password pair"),
        FailureCode.UNAUTHORIZED, P, "AuthenticationError"),
}  # fmt: skip

GRPC_CASES = {
    "UNAVAILABLE": (FailureCode.SERVER_ERROR, T),
    "DEADLINE_EXCEEDED": (FailureCode.TIMEOUT, T),
    "RESOURCE_EXHAUSTED": (FailureCode.RATE_LIMITED, T),
    "ABORTED": (FailureCode.SERVER_ERROR, T),
    "NOT_FOUND": (FailureCode.NOT_FOUND, P),
    "PERMISSION_DENIED": (FailureCode.FORBIDDEN, P),
    "UNAUTHENTICATED": (FailureCode.UNAUTHORIZED, P),
    "INVALID_ARGUMENT": (FailureCode.BAD_REQUEST, P),
    "FAILED_PRECONDITION": (FailureCode.BAD_REQUEST, P),
}


def assert_classified(env: Envelope[Any], case: Case) -> None:
    assert env.outcome is Outcome.ACCESS_FAILURE
    assert env.failure is not None
    assert (env.failure.code, env.failure.kind) == (case.code, case.kind), env.failure.detail
    assert case.says in env.failure.detail
    assert env.failure.http_status == case.http_status
    assert env.failure.retry_after_s == case.retry_after_s


@pytest.mark.parametrize("name", CASES)
def test_library_exception_gets_the_code_and_kind_its_library_documents(
    name: str, tmp_path: Path
) -> None:
    """Each library's own exception object is classified as that library documents it."""
    case = CASES[name]
    assert_classified(classify_http(case.make(tmp_path / "db.sqlite")), case)


@pytest.mark.parametrize("status", GRPC_CASES)
def test_grpc_status_codes_from_a_real_call(status: str, grpc_target: str) -> None:
    """A real RpcError's code() decides: UNAVAILABLE … ABORTED transient, the rest permanent."""
    code, kind = GRPC_CASES[status]
    exc = grpc_error(grpc_target, status)
    assert isinstance(exc, grpc.RpcError)
    assert_classified(classify_http(exc), Case(lambda _: exc, code, kind, status))
    assert f"server says {status}" in str(classify_http(exc).failure)


def _class_named(qualified: str) -> type[BaseException]:
    parts = qualified.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            module = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        found: Any = module
        for name in parts[cut:]:
            found = getattr(found, name)
        assert isinstance(found, type)
        assert issubclass(found, BaseException)
        return found
    raise AssertionError(f"no module for {qualified}")


@pytest.mark.parametrize("row", LIBRARY_RULES, ids=lambda r: f"{r.exception}:{r.when}")
def test_every_row_names_a_real_exception_class(row: LibraryRule) -> None:
    """A row's key is the class's own qualified name: the name ``type(exc)`` reports."""
    cls = _class_named(row.exception)
    assert issubclass(cls, BaseException)
    assert f"{cls.__module__}.{cls.__qualname__}" == row.exception


def test_no_row_is_shadowed_by_an_earlier_unconditional_row_of_its_class() -> None:
    """Rows for one class are tried in order: one with no condition ends the list."""
    seen: dict[str, LibraryRule] = {}
    for row in LIBRARY_RULES:
        earlier = seen.get(row.exception)
        assert earlier is None or earlier.test is not None or earlier.unwrap is not None, row
        seen[row.exception] = row


@pytest.mark.parametrize("row", LIBRARY_RULES, ids=lambda r: f"{r.exception}:{r.when}")
def test_a_recogniser_never_raises_for_an_exception_it_cannot_read(row: LibraryRule) -> None:
    """An instance with no attributes set, or whose attributes and text raise, falls through."""
    cls = _class_named(row.exception)
    bare = cls.__new__(cls)
    recognise(bare)

    class Hostile(cls):  # type: ignore[valid-type,misc]
        def __getattribute__(self, name: str) -> Any:
            if name.startswith("__") and name.endswith("__"):
                return super().__getattribute__(name)
            raise RuntimeError(f"no reading {name}")

        def __str__(self) -> str:
            raise RuntimeError("no text")

    hostile = Hostile.__new__(Hostile)
    recognise(hostile)
    env = classify_http(hostile)
    assert env.outcome is Outcome.ACCESS_FAILURE


def test_an_exception_from_no_listed_library_is_left_to_the_transport_rules() -> None:
    """recognise answers None for stdlib and httpx exceptions: TRANSPORT_RULES keeps them."""
    assert recognise(TimeoutError("t")) is None
    assert recognise(ValueError("v")) is None
    assert recognise(KeyError("k")) is None


# -- an SDK's exception carrying the HTTP status it was raised for -------------------------------
# Shaped as each SDK builds them (read in each SDK's source; the SDKs are not dependencies):
# the class's module is set to the SDK's, as type(exc) reports it.


def sdk_class(module: str, name: str, init: Callable[..., None]) -> type[Exception]:
    return type(name, (Exception,), {"__init__": init, "__module__": module})


def _stripe_init(self: Any, message: str, http_status: int, headers: dict[str, str]) -> None:
    Exception.__init__(self, message)  # stripe._error.StripeError: http_status, headers, code
    self.http_status, self.headers, self.code = http_status, headers, None


def _github_init(self: Any, status: int, data: Any, headers: dict[str, str]) -> None:
    Exception.__init__(self, status, data, headers)  # github.GithubException: status, data, headers
    self.status, self.data, self.headers = status, data, headers


def _twilio_init(self: Any, status: int, uri: str, msg: str = "", code: int = 0) -> None:
    Exception.__init__(self, msg)  # twilio.base.exceptions.TwilioRestException
    self.status, self.uri, self.msg, self.code = status, uri, msg, code


class _Httplib2Response(dict[str, Any]):
    """httplib2.Response: the headers, lower-cased, as the mapping itself, and its status."""

    def __init__(self, status: int, headers: dict[str, str]) -> None:
        super().__init__(headers)
        self.status = status


def _googleapiclient_init(self: Any, resp: _Httplib2Response, content: bytes, uri: str) -> None:
    Exception.__init__(self, resp, content, uri)  # googleapiclient.errors.HttpError
    self.resp, self.content, self.uri = resp, content, uri


class _SlackResponse:
    def __init__(self, status_code: int, headers: dict[str, str], data: dict[str, Any]) -> None:
        self.status_code, self.headers, self.data = status_code, headers, data


def _slack_init(self: Any, message: str, response: _SlackResponse) -> None:
    Exception.__init__(self, message)  # slack_sdk.errors.SlackApiError: .response
    self.response = response


SdkCase = tuple[Callable[[], BaseException], FailureCode, FailureKind, int, float | None, str]
SDK_CASES: dict[str, SdkCase] = {
    "stripe rate limit": (
        lambda: sdk_class("stripe._error", "RateLimitError", _stripe_init)(
            "Too many requests", 429, {"Retry-After": "2"}),
        FailureCode.RATE_LIMITED, T, 429, 2.0, "stripe HTTP 429"),
    "stripe card declined": (
        lambda: sdk_class("stripe._error", "CardError", _stripe_init)("declined", 402, {}),
        FailureCode.BAD_REQUEST, P, 402, None, "stripe HTTP 402"),
    "PyGithub spent quota on a 403": (
        lambda: sdk_class("github.GithubException", "RateLimitExceededException", _github_init)(
            403, {"message": "API rate limit exceeded"}, {"x-ratelimit-remaining": "0"}),
        FailureCode.RATE_LIMITED, T, 403, None, "github HTTP 403"),
    "PyGithub 403 forbidden": (
        lambda: sdk_class("github.GithubException", "GithubException", _github_init)(
            403, {"message": "Resource not accessible"}, {"x-ratelimit-remaining": "4999"}),
        FailureCode.FORBIDDEN, P, 403, None, "github HTTP 403"),
    "twilio 503": (
        lambda: sdk_class("twilio.base.exceptions", "TwilioRestException", _twilio_init)(
            503, "https://api.twilio.com/x", "Service Unavailable", 20503),
        FailureCode.SERVER_ERROR, T, 503, None, "twilio HTTP 503"),
    "google-api-python-client 429": (
        lambda: sdk_class("googleapiclient.errors", "HttpError", _googleapiclient_init)(
            _Httplib2Response(429, {"retry-after": "3"}), b"{}", "https://x.test"),
        FailureCode.RATE_LIMITED, T, 429, 3.0, "googleapiclient HTTP 429"),
    "slack_sdk 429": (
        lambda: sdk_class("slack_sdk.errors", "SlackApiError", _slack_init)(
            "The request to the Slack API failed.",
            _SlackResponse(429, {"Retry-After": "30"}, {"ok": False, "error": "ratelimited"})),
        FailureCode.RATE_LIMITED, T, 429, 30.0, "slack_sdk HTTP 429"),
}  # fmt: skip


@pytest.mark.parametrize("name", SDK_CASES)
def test_an_sdks_exception_is_judged_by_the_status_it_carries(name: str) -> None:
    make, code, kind, status, wait, says = SDK_CASES[name]
    exc = make()
    assert_classified(classify_http(exc), Case(lambda _: exc, code, kind, says, status, wait))


def test_a_carried_status_that_is_no_error_or_no_number_says_nothing() -> None:
    """Only an int status from 400 to 599 is read; anything else is the tool's own error."""
    for status in (200, 302, 600, True, "503", None):
        exc = sdk_class("sdk.errors", "Oops", _stripe_init)("odd", status, {})
        assert recognise(exc) is None
        assert failure_code(exc) is FailureCode.EXECUTION

    class Hostile(Exception):
        @property
        def status_code(self) -> int:
            raise RuntimeError("no reading")

    assert recognise(Hostile("x")) is None


def failure_code(exc: BaseException) -> FailureCode:
    failure = classify_http(exc).failure
    assert failure is not None
    return failure.code
