"""Step 1, for the libraries tools are built on: their exceptions, read as each library documents.

A tool that calls an SDK, ``requests`` or a database raises that library's exceptions, not
httpx's. :data:`LIBRARY_RULES` holds one row per library condition, keyed on the exception's
class by its qualified name (``module.QualName``) and looked up along the exception's MRO, so the
most specific class decides and no library is imported here: a row only ever matches an
exception the user's own code raised. A row may add a condition on the exception's attributes
(botocore's error code, a SQLSTATE, a gRPC status); rows for one class are tried in order.

Each row's codes come from the library's own documentation and source:

- ``requests`` / ``urllib3``: their exception trees (``requests/exceptions.py``,
  ``urllib3/exceptions.py``); ``HTTPError`` is judged by its response's status.
- ``aiohttp``: ``client_exceptions.py``; ``ClientResponseError.status`` decides.
- botocore: ``ClientError`` by ``Error.Code`` against botocore's own throttling codes
  (``retries/standard.py``'s ``ThrottledRetryableChecker``, ``data/_retry.json``) and transient
  codes (``TransientRetryableChecker``), then ``ResponseMetadata.HTTPStatusCode``.
- OpenAI and Anthropic SDKs (``_exceptions.py``): ``error.type``/``error.code`` as
  :data:`AI_VENDOR_ERRORS` reads them in a body, then the status; ``retry-after-ms`` and
  ``retry-after`` as the SDKs' own ``_calculate_retry_timeout`` reads them.
- google-api-core (``exceptions.py``) by class, grpc by ``RpcError.code()``.
- sqlite3 by its result code (``sqlite_errorcode``: SQLITE_BUSY, SQLITE_LOCKED …), psycopg and
  psycopg2 by SQLSTATE (the PostgreSQL manual's appendix A), SQLAlchemy through the driver's
  exception it wraps (``.orig``), redis-py by class.
- The standard library: ``urllib.error.HTTPError`` by its status, ``URLError`` by the error
  it wraps as ``.reason``; ``http.client``, ``socket`` and ``ssl`` by class, an ``OSError`` by
  its ``errno`` where it names a network or host out of reach.

A wrapper (SQLAlchemy's ``DBAPIError``, urllib3's ``MaxRetryError``, ``requests``'
``ConnectionError``, google-api-core's ``RetryError``) is read through first: the exception it
wraps decides when a row recognises it. A recogniser never raises: an exception whose
attributes cannot be read falls through to the next row, and in the end to
:data:`TRANSPORT_RULES`.
"""

from __future__ import annotations

import errno
import math
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from tool_outcomes._text import clip, exception_text
from tool_outcomes.envelope import DETAIL_MAX_CHARS, Failure, FailureCode, FailureKind

from ._headers import parse_retry_after
from ._rest_errors import AI_VENDOR_ERRORS, GOOGLE_STATUSES
from ._status import THROTTLING_CODES, status_rule

__all__ = [
    "GRPC_CODES",
    "LIBRARY_RULES",
    "SQLSTATE_RULES",
    "LibraryRule",
    "library_rules_markdown",
    "recognise",
]

_T = FailureKind.TRANSIENT
_P = FailureKind.PERMANENT
#: How many wrappers deep an exception is read (SQLAlchemy → driver, requests → urllib3 → …).
_MAX_UNWRAP = 4


@dataclass(frozen=True)
class Reading:
    """What a library's exception says about itself, read once per exception."""

    code: str | None = None
    """The library's own code for what happened: ``ThrottlingException``, ``40001``,
    ``UNAVAILABLE``, ``SQLITE_BUSY``, ``rate_limit_error``."""
    label: str | None = None
    """How the detail names it: ``SQLSTATE 40001``, ``ThrottlingException (HTTP 400)``."""
    status: int | None = None
    retry_after_s: float | None = None
    message: str | None = None
    """The exception's words when ``str(exc)`` is not them (grpc's ``details()``)."""


Reader = Callable[[BaseException], Reading]
Test = Callable[[BaseException, Reading], bool]
Decide = Callable[[Reading], tuple[FailureCode, FailureKind] | None]


@dataclass(frozen=True)
class Lookup:
    """A table that decides a row's code and kind from what the exception read."""

    name: str
    decide: Decide


@dataclass(frozen=True)
class Unwrap:
    """Where a wrapper keeps the exception that decides."""

    name: str
    inner: Callable[[BaseException], object]


@dataclass(frozen=True)
class LibraryRule:
    """One library condition: the class, an optional condition, and the failure it is."""

    source: str
    """The library, as its users name it (``requests``, ``botocore``, ``psycopg``)."""
    exception: str
    """The class's qualified name, ``module.QualName``, as ``type(exc)`` reports it."""
    code: FailureCode | None = None
    kind: FailureKind | None = None
    when: str = ""
    """The condition in words; empty when every instance of the class matches."""
    test: Test | None = None
    by: Lookup | None = None
    """Decides the code and kind instead of ``code``/``kind`` (the HTTP status, a vendor's
    error type)."""
    unwrap: Unwrap | None = None
    """The wrapped exception decides, when a row recognises it."""

    def decides(self, reading: Reading) -> tuple[FailureCode, FailureKind] | None:
        if self.by is not None:
            return self.by.decide(reading)
        if self.code is None or self.kind is None:
            return None
        return self.code, self.kind


# -- readers: what each library's exception carries ----------------------------------------------


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _header(headers: object, name: str) -> str | None:
    """A header's value from any mapping a library uses (case-insensitive or lower-cased)."""
    if headers is None or not hasattr(headers, "get"):
        return None
    value = headers.get(name)
    if value is None and name != name.lower():
        value = headers.get(name.lower())
    return value if isinstance(value, str) else None


def _retry_after(headers: object) -> float | None:
    """``Retry-After`` (delta-seconds or an HTTP-date, measured against ``Date``)."""
    return parse_retry_after(_header(headers, "Retry-After"), date=_header(headers, "Date"))


def _sdk_retry_after(headers: object) -> float | None:
    """The OpenAI and Anthropic SDKs' order: ``retry-after-ms``, then ``retry-after``."""
    millis = _header(headers, "retry-after-ms")
    if millis is not None:
        try:
            value = float(millis)
        except ValueError:
            value = math.nan
        if math.isfinite(value) and value >= 0:
            return value / 1000
    return _retry_after(headers)


def _http(status: int | None, headers: object, *, code: str | None = None) -> Reading:
    label = f"HTTP {status}" if status is not None else None
    if code is not None:
        label = f"{code} ({label})" if label else code
    return Reading(code=code, label=label, status=status, retry_after_s=_retry_after(headers))


def _read_nothing(exc: BaseException) -> Reading:
    return Reading()


def _read_requests(exc: BaseException) -> Reading:
    response = getattr(exc, "response", None)
    if response is None:
        return Reading()
    return _http(_int(getattr(response, "status_code", None)), getattr(response, "headers", None))


def _read_aiohttp(exc: BaseException) -> Reading:
    return _http(_int(getattr(exc, "status", None)), getattr(exc, "headers", None))


def _read_botocore(exc: BaseException) -> Reading:
    response = getattr(exc, "response", None)
    if not isinstance(response, Mapping):  # HTTPClientError's .response is an AWSResponse
        return Reading()
    error = response.get("Error")
    code = error.get("Code") if isinstance(error, Mapping) else None
    meta = response.get("ResponseMetadata")
    meta = meta if isinstance(meta, Mapping) else {}
    status = _int(meta.get("HTTPStatusCode"))
    return _http(status, meta.get("HTTPHeaders"), code=code if isinstance(code, str) else None)


def _word(value: object) -> bool:
    return isinstance(value, str) and bool(value)


def _read_ai_sdk(exc: BaseException) -> Reading:
    # error.type, then error.code, as AI_VENDOR_ERRORS reads a body: the first it knows (OpenAI's
    # rate limit says type "requests", code "rate_limit_exceeded"), else the first there is.
    said = [v for v in (getattr(exc, "type", None), getattr(exc, "code", None)) if _word(v)]
    code = next((v for v in said if v in AI_VENDOR_ERRORS), said[0] if said else None)
    reading = _http(_int(getattr(exc, "status_code", None)), None, code=code)
    headers = getattr(getattr(exc, "response", None), "headers", None)
    retry_after_s = _sdk_retry_after(headers)
    return Reading(reading.code, reading.label, reading.status, retry_after_s)


def _read_google(exc: BaseException) -> Reading:
    grpc_code = getattr(getattr(exc, "grpc_status_code", None), "name", None)
    status = _int(getattr(exc, "code", None))
    headers = getattr(getattr(exc, "response", None), "headers", None)
    reading = _http(status, headers)
    if isinstance(grpc_code, str):
        return Reading(grpc_code, grpc_code, status, reading.retry_after_s)
    return reading


def _read_grpc(exc: BaseException) -> Reading:
    code = getattr(exc, "code", None)
    name = getattr(code(), "name", None) if callable(code) else None
    details = getattr(exc, "details", None)
    message = details() if callable(details) else None
    name = name if isinstance(name, str) else None
    text = f"{type(exc).__name__}: {message}" if isinstance(message, str) and message else None
    return Reading(name, name, message=text)


#: SQLite's primary result codes this table names (``sqlite3.h``); an extended code's low byte
#: is its primary code (SQLITE_BUSY_SNAPSHOT is 517 = 5 + 2·256).
_SQLITE_CODES = {5: "SQLITE_BUSY", 6: "SQLITE_LOCKED", 8: "SQLITE_READONLY", 14: "SQLITE_CANTOPEN"}
#: ``sqlite3_errstr``'s words for those codes: what an exception built by hand still says.
_SQLITE_MESSAGES = {
    "database is locked": "SQLITE_BUSY",
    "database table is locked": "SQLITE_LOCKED",
    "database schema is locked": "SQLITE_LOCKED",
    "attempt to write a readonly database": "SQLITE_READONLY",
    "unable to open database file": "SQLITE_CANTOPEN",
}


def _read_sqlite(exc: BaseException) -> Reading:
    number = _int(getattr(exc, "sqlite_errorcode", None))
    if number is not None:
        primary = _SQLITE_CODES.get(number & 0xFF)
        name = getattr(exc, "sqlite_errorname", None)
        return Reading(primary, name if isinstance(name, str) else primary)
    message = str(exc).strip().lower()
    for words, name in _SQLITE_MESSAGES.items():
        if message.startswith(words):
            return Reading(name, name)
    return Reading()


#: The ``errno`` values of an ``OSError`` that name a network or host out of reach (``errno(3)``;
#: refused and timed out have classes of their own, ``ConnectionRefusedError`` and
#: ``TimeoutError``, which Python picks from the errno when it raises).
_UNREACHABLE_ERRNOS = frozenset(
    getattr(errno, name)
    for name in ("ENETUNREACH", "EHOSTUNREACH", "ENETDOWN", "EHOSTDOWN")
    if hasattr(errno, name)
)
#: A ``URLError``'s reason, by the first of these classes on its MRO: what ``urlopen`` wraps
#: (``urllib.request``'s ``do_open`` raises ``URLError(err)`` for the ``OSError`` the connection
#: raised; the classes on their own have rows below).
_URLLIB_REASONS = ("TimeoutError", "ConnectionRefusedError", "ConnectionError", "OSError")


def _read_urllib(exc: BaseException) -> Reading:
    reason = getattr(exc, "reason", None)
    if hasattr(exc, "hdrs"):  # HTTPError: .code is the status, .headers the response's
        return _http(_int(getattr(exc, "code", None)), getattr(exc, "headers", None))
    if not isinstance(reason, BaseException):
        return Reading()
    # URLError around the socket's error: its class names what happened.
    names = [cls.__name__ for cls in type(reason).__mro__ if cls.__module__ == "builtins"]
    found = next((name for name in names if name in _URLLIB_REASONS), None)
    return Reading(found, f"reason {type(reason).__name__}" if found else None)


def _read_errno(exc: BaseException) -> Reading:
    number = _int(getattr(exc, "errno", None))
    if number is None or number not in _UNREACHABLE_ERRNOS:
        return Reading()
    return Reading("unreachable", errno.errorcode.get(number))


def _sqlstate(attribute: str) -> Reader:
    def read(exc: BaseException) -> Reading:
        state = getattr(exc, attribute, None)
        if state is None and attribute == "pgcode":
            state = _psycopg2_class_state(type(exc))
        if not isinstance(state, str) or len(state) != 5:
            return Reading()
        return Reading(state, f"SQLSTATE {state}")

    return read


def _psycopg2_class_state(cls: type) -> str | None:
    """The SQLSTATE psycopg2 raises ``cls`` for, when the instance has no ``pgcode``.

    psycopg2 sets ``pgcode`` from the server's reply; an instance made by hand (in a test, or by
    a wrapper re-raising) has none, but its class is the one psycopg2's own table
    (``psycopg2._psycopg.sqlstate_errors``, read only when psycopg2 is loaded) keeps for a code.
    """
    table = getattr(sys.modules.get("psycopg2._psycopg"), "sqlstate_errors", None)
    if not isinstance(table, Mapping):
        return None
    states = [state for state, known in table.items() if known is cls]
    return states[0] if len(states) == 1 and isinstance(states[0], str) else None


_READERS: dict[str, Reader] = {
    "requests": _read_requests,
    "urllib3": _read_nothing,
    "aiohttp": _read_aiohttp,
    "botocore": _read_botocore,
    "openai": _read_ai_sdk,
    "anthropic": _read_ai_sdk,
    "google-api-core": _read_google,
    "grpc": _read_grpc,
    "sqlite3": _read_sqlite,
    "urllib": _read_urllib,
    "http.client": _read_nothing,
    "socket": _read_errno,
    "ssl": _read_nothing,
    "psycopg": _sqlstate("sqlstate"),
    "psycopg2": _sqlstate("pgcode"),
    "SQLAlchemy": _read_nothing,
    "redis": _read_nothing,
}


# -- lookups and conditions ----------------------------------------------------------------------


def _by_status(reading: Reading) -> tuple[FailureCode, FailureKind] | None:
    if reading.status is None:
        return None
    rule = status_rule(reading.status)
    return None if rule is None else (rule.code, rule.kind)


def _by_vendor(reading: Reading) -> tuple[FailureCode, FailureKind] | None:
    return AI_VENDOR_ERRORS.get(reading.code) if reading.code else None


BY_STATUS = Lookup("by the HTTP status, as STATUS_RULES", _by_status)
BY_VENDOR = Lookup("by error.type, as AI_VENDOR_ERRORS", _by_vendor)


def _code_in(codes: Iterable[str]) -> Test:
    wanted = frozenset(codes)
    return lambda exc, reading: reading.code in wanted


def _has_status(exc: BaseException, reading: Reading) -> bool:
    return reading.status is not None


def _not_an_error_status(exc: BaseException, reading: Reading) -> bool:
    return reading.status is None or reading.status < 400


def _no_sqlstate(exc: BaseException, reading: Reading) -> bool:
    return reading.code is None


def _attribute(name: str) -> Unwrap:
    return Unwrap(f"its .{name}", lambda exc: getattr(exc, name, None))


def _first_arg(exc: BaseException) -> object:
    return exc.args[0] if exc.args else None


# -- the rows -------------------------------------------------------------------------------------

_RQ = "requests.exceptions."
_U3 = "urllib3.exceptions."
_AIO = "aiohttp.client_exceptions."
_BOTO = "botocore.exceptions."
_GOOGLE = "google.api_core.exceptions."
_REDIS = "redis.exceptions."
_SA = "sqlalchemy.exc."

_URLLIB3_CAUSE = Unwrap("its urllib3 error (args[0])", _first_arg)
_REQUESTS: tuple[LibraryRule, ...] = (
    # requests wraps urllib3's error as args[0]; that error names the cause (refused, DNS, …).
    LibraryRule("requests", _RQ + "ConnectionError", unwrap=_URLLIB3_CAUSE),
    LibraryRule("requests", _RQ + "HTTPError", by=BY_STATUS, when="with a response",
                test=_has_status),
    LibraryRule("requests", _RQ + "ConnectTimeout", FailureCode.TIMEOUT, _T),
    LibraryRule("requests", _RQ + "ReadTimeout", FailureCode.TIMEOUT, _T),
    LibraryRule("requests", _RQ + "Timeout", FailureCode.TIMEOUT, _T),
    LibraryRule("requests", _RQ + "SSLError", FailureCode.CONNECT, _P),
    LibraryRule("requests", _RQ + "ProxyError", FailureCode.CONNECT, _T),
    LibraryRule("requests", _RQ + "ConnectionError", FailureCode.NETWORK, _T),
    LibraryRule("requests", _RQ + "ChunkedEncodingError", FailureCode.NETWORK, _T),
    LibraryRule("requests", _RQ + "ContentDecodingError", FailureCode.PROTOCOL, _P),
    LibraryRule("requests", _RQ + "TooManyRedirects", FailureCode.PROTOCOL, _P),
    LibraryRule("requests", _RQ + "RetryError", FailureCode.SERVER_ERROR, _T),
    LibraryRule("requests", _RQ + "JSONDecodeError", FailureCode.INVALID_BODY, _P),
    LibraryRule("requests", _RQ + "URLRequired", FailureCode.EXECUTION, _P),
    LibraryRule("requests", _RQ + "MissingSchema", FailureCode.EXECUTION, _P),
    LibraryRule("requests", _RQ + "InvalidSchema", FailureCode.EXECUTION, _P),
    LibraryRule("requests", _RQ + "InvalidURL", FailureCode.EXECUTION, _P),
    LibraryRule("requests", _RQ + "InvalidHeader", FailureCode.EXECUTION, _P),
    LibraryRule("requests", _RQ + "StreamConsumedError", FailureCode.EXECUTION, _P),
    LibraryRule("requests", _RQ + "RequestException", FailureCode.NETWORK, _T),
)  # fmt: skip

_URLLIB3: tuple[LibraryRule, ...] = (
    LibraryRule("urllib3", _U3 + "MaxRetryError", unwrap=_attribute("reason")),
    # NewConnectionError subclasses ConnectTimeoutError for history's sake: it is a refusal.
    LibraryRule("urllib3", _U3 + "NewConnectionError", FailureCode.CONNECT, _T),
    LibraryRule("urllib3", _U3 + "ConnectTimeoutError", FailureCode.TIMEOUT, _T),
    LibraryRule("urllib3", _U3 + "ReadTimeoutError", FailureCode.TIMEOUT, _T),
    LibraryRule("urllib3", _U3 + "TimeoutError", FailureCode.TIMEOUT, _T),
    LibraryRule("urllib3", _U3 + "SSLError", FailureCode.CONNECT, _P),
    LibraryRule("urllib3", _U3 + "ProxyError", FailureCode.CONNECT, _T),
    LibraryRule("urllib3", _U3 + "ProtocolError", FailureCode.NETWORK, _T),
    LibraryRule("urllib3", _U3 + "IncompleteRead", FailureCode.NETWORK, _T),
    LibraryRule("urllib3", _U3 + "InvalidChunkLength", FailureCode.NETWORK, _T),
    LibraryRule("urllib3", _U3 + "DecodeError", FailureCode.PROTOCOL, _P),
    LibraryRule("urllib3", _U3 + "ResponseError", FailureCode.SERVER_ERROR, _T),
    LibraryRule("urllib3", _U3 + "LocationValueError", FailureCode.EXECUTION, _P),
    LibraryRule("urllib3", _U3 + "HTTPError", FailureCode.NETWORK, _T),
)

_AIOHTTP: tuple[LibraryRule, ...] = (
    # ContentTypeError: .json() on a body that is not JSON; at an error status the status says more.
    LibraryRule("aiohttp", _AIO + "ContentTypeError", FailureCode.INVALID_BODY, _P,
                when="status below 400", test=_not_an_error_status),
    LibraryRule("aiohttp", _AIO + "TooManyRedirects", FailureCode.PROTOCOL, _P),
    LibraryRule("aiohttp", _AIO + "ClientResponseError", by=BY_STATUS, when="with a .status",
                test=_has_status),
    LibraryRule("aiohttp", _AIO + "ServerTimeoutError", FailureCode.TIMEOUT, _T),
    LibraryRule("aiohttp", _AIO + "ClientSSLError", FailureCode.CONNECT, _P),
    LibraryRule("aiohttp", _AIO + "ServerFingerprintMismatch", FailureCode.CONNECT, _P),
    LibraryRule("aiohttp", _AIO + "ClientConnectorError", FailureCode.CONNECT, _T),
    LibraryRule("aiohttp", _AIO + "ServerDisconnectedError", FailureCode.NETWORK, _T),
    LibraryRule("aiohttp", _AIO + "ClientConnectionError", FailureCode.NETWORK, _T),
    LibraryRule("aiohttp", _AIO + "ClientPayloadError", FailureCode.NETWORK, _T),
    LibraryRule("aiohttp", _AIO + "InvalidURL", FailureCode.EXECUTION, _P),
    LibraryRule("aiohttp", _AIO + "ClientError", FailureCode.NETWORK, _T),
)  # fmt: skip

#: botocore's TransientRetryableChecker codes (``retries/standard.py``); its throttling codes are
#: :data:`THROTTLING_CODES`, shared with the status step.
BOTOCORE_TRANSIENT_CODES = frozenset({"RequestTimeout", "RequestTimeoutException"})

_BOTOCORE: tuple[LibraryRule, ...] = (
    LibraryRule("botocore", _BOTO + "ClientError", FailureCode.RATE_LIMITED, _T,
                when="Error.Code is one of botocore's throttling codes",
                test=_code_in(THROTTLING_CODES)),
    LibraryRule("botocore", _BOTO + "ClientError", FailureCode.TIMEOUT, _T,
                when="Error.Code is RequestTimeout or RequestTimeoutException",
                test=_code_in(BOTOCORE_TRANSIENT_CODES)),
    # _retry.json's "limit_exceeded" policy retries a 509.
    LibraryRule("botocore", _BOTO + "ClientError", FailureCode.RATE_LIMITED, _T,
                when="ResponseMetadata.HTTPStatusCode is 509",
                test=lambda exc, reading: reading.status == 509),
    LibraryRule("botocore", _BOTO + "ClientError", by=BY_STATUS,
                when="with a ResponseMetadata.HTTPStatusCode", test=_has_status),
    LibraryRule("botocore", _BOTO + "ConnectTimeoutError", FailureCode.TIMEOUT, _T),
    LibraryRule("botocore", _BOTO + "ReadTimeoutError", FailureCode.TIMEOUT, _T),
    LibraryRule("botocore", _BOTO + "SSLError", FailureCode.CONNECT, _P),
    LibraryRule("botocore", _BOTO + "ProxyConnectionError", FailureCode.CONNECT, _T),
    LibraryRule("botocore", _BOTO + "EndpointConnectionError", FailureCode.CONNECT, _T),
    LibraryRule("botocore", _BOTO + "ConnectionError", FailureCode.CONNECT, _T),
    LibraryRule("botocore", _BOTO + "ConnectionClosedError", FailureCode.NETWORK, _T),
    LibraryRule("botocore", _BOTO + "ResponseStreamingError", FailureCode.NETWORK, _T),
    LibraryRule("botocore", _BOTO + "HTTPClientError", FailureCode.NETWORK, _T),
    LibraryRule("botocore", _BOTO + "NoCredentialsError", FailureCode.UNAUTHORIZED, _P),
    LibraryRule("botocore", _BOTO + "PartialCredentialsError", FailureCode.UNAUTHORIZED, _P),
    LibraryRule("botocore", _BOTO + "NoAuthTokenError", FailureCode.UNAUTHORIZED, _P),
    LibraryRule("botocore", _BOTO + "TokenRetrievalError", FailureCode.UNAUTHORIZED, _P),
    LibraryRule("botocore", _BOTO + "CredentialRetrievalError", FailureCode.UNAUTHORIZED, _P),
    # Validated on the client before anything is sent: the arguments are wrong.
    LibraryRule("botocore", _BOTO + "ParamValidationError", FailureCode.INVALID_ARGUMENTS, _P),
)  # fmt: skip


def _ai_sdk(source: str) -> tuple[LibraryRule, ...]:
    # Both SDKs are generated from one template: the same classes in the same places.
    return (
        LibraryRule(source, f"{source}.APITimeoutError", FailureCode.TIMEOUT, _T),
        LibraryRule(source, f"{source}.APIConnectionError", FailureCode.NETWORK, _T),
        LibraryRule(source, f"{source}.APIStatusError", by=BY_VENDOR,
                    when="error.type (or code) names the failure", test=_code_in(AI_VENDOR_ERRORS)),
        # 429 with retry-after, 529 overloaded, 5xx: the status, as for any HTTP answer.
        LibraryRule(source, f"{source}.APIStatusError", by=BY_STATUS, when="with a .status_code",
                    test=_has_status),
        LibraryRule(source, f"{source}.APIResponseValidationError", FailureCode.INVALID_BODY, _P),
    )  # fmt: skip


_GOOGLE_RULES: tuple[LibraryRule, ...] = (
    LibraryRule("google-api-core", _GOOGLE + "RetryError", unwrap=_attribute("cause")),
    # api-core's own retries ran to their deadline without a cause to show.
    LibraryRule("google-api-core", _GOOGLE + "RetryError", FailureCode.TIMEOUT, _T),
    LibraryRule("google-api-core", _GOOGLE + "TooManyRequests", FailureCode.RATE_LIMITED, _T),
    LibraryRule("google-api-core", _GOOGLE + "ServiceUnavailable", FailureCode.SERVER_ERROR, _T),
    LibraryRule("google-api-core", _GOOGLE + "DeadlineExceeded", FailureCode.TIMEOUT, _T),
    LibraryRule("google-api-core", _GOOGLE + "GatewayTimeout", FailureCode.TIMEOUT, _T),
    LibraryRule("google-api-core", _GOOGLE + "InternalServerError", FailureCode.SERVER_ERROR, _T),
    LibraryRule("google-api-core", _GOOGLE + "DataLoss", FailureCode.SERVER_ERROR, _P),
    # ABORTED: a concurrency conflict (a transaction aborted); retry at a higher level.
    LibraryRule("google-api-core", _GOOGLE + "Aborted", FailureCode.SERVER_ERROR, _T),
    LibraryRule("google-api-core", _GOOGLE + "Cancelled", FailureCode.EXECUTION, _P),
    LibraryRule("google-api-core", _GOOGLE + "Unauthorized", FailureCode.UNAUTHORIZED, _P),
    LibraryRule("google-api-core", _GOOGLE + "Forbidden", FailureCode.FORBIDDEN, _P),
    LibraryRule("google-api-core", _GOOGLE + "NotFound", FailureCode.NOT_FOUND, _P),
    LibraryRule("google-api-core", _GOOGLE + "BadRequest", FailureCode.BAD_REQUEST, _P),
    LibraryRule("google-api-core", _GOOGLE + "Conflict", FailureCode.BAD_REQUEST, _P),
    LibraryRule("google-api-core", _GOOGLE + "GoogleAPICallError", by=BY_STATUS,
                when="with an HTTP .code", test=_has_status),
)  # fmt: skip

#: gRPC status codes (grpc's ``StatusCode``): the canonical names Google's error bodies use
#: (:data:`GOOGLE_STATUSES`), and the two only a live call reports.
GRPC_CODES: dict[str, tuple[FailureCode, FailureKind]] = {
    **GOOGLE_STATUSES,
    "UNKNOWN": (FailureCode.SERVER_ERROR, _T),  # HTTP 500's equivalent
    "CANCELLED": (FailureCode.EXECUTION, _P),  # cancelled by the caller
}

_GRPC: tuple[LibraryRule, ...] = tuple(
    LibraryRule("grpc", "grpc.RpcError", code, kind, when=f"code() is {name}",
                test=_code_in((name,)))
    for name, (code, kind) in GRPC_CODES.items()
)  # fmt: skip

_SQLITE: tuple[LibraryRule, ...] = (
    # The busy timeout (sqlite3.connect's timeout=) passed with another connection's lock held.
    LibraryRule("sqlite3", "sqlite3.OperationalError", FailureCode.TIMEOUT, _T,
                when="SQLITE_BUSY (database is locked)", test=_code_in(("SQLITE_BUSY",))),
    LibraryRule("sqlite3", "sqlite3.OperationalError", FailureCode.TIMEOUT, _T,
                when="SQLITE_LOCKED (a table is locked)", test=_code_in(("SQLITE_LOCKED",))),
    LibraryRule("sqlite3", "sqlite3.OperationalError", FailureCode.FORBIDDEN, _P,
                when="SQLITE_READONLY", test=_code_in(("SQLITE_READONLY",))),
    LibraryRule("sqlite3", "sqlite3.OperationalError", FailureCode.CONNECT, _P,
                when="SQLITE_CANTOPEN", test=_code_in(("SQLITE_CANTOPEN",))),
    LibraryRule("sqlite3", "sqlite3.IntegrityError", FailureCode.BAD_REQUEST, _P),
)  # fmt: skip

_URLLIB_BY_REASON: dict[str | None, tuple[FailureCode, FailureKind]] = {
    "TimeoutError": (FailureCode.TIMEOUT, _T),
    "ConnectionRefusedError": (FailureCode.CONNECT, _T),
    "ConnectionError": (FailureCode.NETWORK, _T),
    "OSError": (FailureCode.NETWORK, _T),
}
BY_REASON = Lookup(
    "by its reason: timed out, refused, other connection and socket errors",
    lambda reading: _URLLIB_BY_REASON.get(reading.code),
)
_UE = "urllib.error."
_HC = "http.client."

#: The standard library's own clients and sockets (``urllib.request``, ``http.client``,
#: ``socket``, ``ssl``), as a tool written without a third-party client meets them.
_STDLIB: tuple[LibraryRule, ...] = (
    # urlopen raises HTTPError for a status it does not follow: the status decides.
    LibraryRule("urllib", _UE + "HTTPError", by=BY_STATUS, when="with a status",
                test=_has_status),
    # urlopen wraps the socket's error as .reason: that error decides, by its rows or its class.
    LibraryRule("urllib", _UE + "URLError", unwrap=_attribute("reason")),
    LibraryRule("urllib", _UE + "URLError", by=BY_REASON, when="its reason is an OSError",
                test=lambda exc, reading: reading.code is not None),
    # A reason in words: "unknown url type", "no host given", a file: URL not found.
    LibraryRule("urllib", _UE + "URLError", FailureCode.EXECUTION, _P,
                when="its reason is words (unknown url type, no host given)"),
    LibraryRule("socket", "socket.gaierror", FailureCode.CONNECT, _T),  # the name did not resolve
    LibraryRule("socket", "socket.herror", FailureCode.CONNECT, _T),
    LibraryRule("ssl", "ssl.SSLCertVerificationError", FailureCode.CONNECT, _P),
    # The TLS connection closed mid-stream: the next connection may not be.
    LibraryRule("ssl", "ssl.SSLEOFError", FailureCode.NETWORK, _T),
    LibraryRule("ssl", "ssl.SSLZeroReturnError", FailureCode.NETWORK, _T),
    LibraryRule("ssl", "ssl.SSLError", FailureCode.CONNECT, _P),  # the handshake failed
    LibraryRule("http.client", _HC + "IncompleteRead", FailureCode.NETWORK, _T),  # body cut short
    LibraryRule("http.client", _HC + "RemoteDisconnected", FailureCode.NETWORK, _T),
    LibraryRule("http.client", _HC + "BadStatusLine", FailureCode.PROTOCOL, _P),
    LibraryRule("http.client", _HC + "LineTooLong", FailureCode.PROTOCOL, _P),
    LibraryRule("http.client", _HC + "InvalidURL", FailureCode.EXECUTION, _P),
    LibraryRule("http.client", _HC + "ImproperConnectionState", FailureCode.EXECUTION, _P),
    # A socket's connect to a network or host out of reach: ENETUNREACH, EHOSTUNREACH, …
    LibraryRule("socket", "builtins.OSError", FailureCode.CONNECT, _T,
                when="errno names a network or host out of reach",
                test=lambda exc, reading: reading.code == "unreachable"),
)  # fmt: skip


#: PostgreSQL SQLSTATE codes (the manual's appendix A): a five-character code, or a two-character
#: class; the first that matches decides, so a code is listed before its class.
SQLSTATE_RULES: tuple[tuple[str, str, FailureCode, FailureKind], ...] = (
    ("40001", "serialization_failure", FailureCode.SERVER_ERROR, _T),
    ("40P01", "deadlock_detected", FailureCode.SERVER_ERROR, _T),
    ("55P03", "lock_not_available", FailureCode.TIMEOUT, _T),
    ("57014", "query_canceled (statement_timeout)", FailureCode.TIMEOUT, _T),
    ("57P01", "admin_shutdown", FailureCode.SERVER_ERROR, _T),
    ("57P02", "crash_shutdown", FailureCode.SERVER_ERROR, _T),
    ("57P03", "cannot_connect_now", FailureCode.SERVER_ERROR, _T),
    ("08", "connection exception", FailureCode.CONNECT, _T),
    ("53", "insufficient resources", FailureCode.SERVER_ERROR, _T),
    ("28", "invalid authorization specification", FailureCode.UNAUTHORIZED, _P),
    ("42501", "insufficient_privilege", FailureCode.FORBIDDEN, _P),
    ("42", "syntax error or access rule violation", FailureCode.BAD_REQUEST, _P),
    ("23", "integrity constraint violation", FailureCode.BAD_REQUEST, _P),
    ("22", "data exception", FailureCode.BAD_REQUEST, _P),
)


def _sqlstate_test(prefix: str) -> Test:
    return lambda exc, reading: reading.code is not None and reading.code.startswith(prefix)


def _postgres(source: str, module: str, timeout: str | None) -> tuple[LibraryRule, ...]:
    rows = [
        LibraryRule(source, f"{module}.Error", code, kind,
                    when=f"SQLSTATE {prefix if len(prefix) == 5 else prefix + 'xxx'} ({name})",
                    test=_sqlstate_test(prefix))
        for prefix, name, code, kind in SQLSTATE_RULES
    ]  # fmt: skip
    if timeout is not None:
        rows.append(LibraryRule(source, timeout, FailureCode.TIMEOUT, _T))
    # Raised on the client with no SQLSTATE: the connection could not be made, or was lost.
    rows.append(
        LibraryRule(source, f"{module}.OperationalError", FailureCode.CONNECT, _T,
                    when="no SQLSTATE", test=_no_sqlstate)
    )  # fmt: skip
    return tuple(rows)


def _not_invalidated(exc: BaseException, reading: Reading) -> bool:
    return getattr(exc, "connection_invalidated", False) is not True


_SQLALCHEMY: tuple[LibraryRule, ...] = (
    LibraryRule("SQLAlchemy", _SA + "DBAPIError", unwrap=_attribute("orig"),
                when="the connection is still valid", test=_not_invalidated),
    LibraryRule("SQLAlchemy", _SA + "OperationalError", FailureCode.SERVER_ERROR, _T,
                when="the driver's error is not recognised", test=_not_invalidated),
    LibraryRule("SQLAlchemy", _SA + "DBAPIError", FailureCode.NETWORK, _T,
                when="connection_invalidated",
                test=lambda exc, reading: not _not_invalidated(exc, reading)),
    LibraryRule("SQLAlchemy", _SA + "IntegrityError", FailureCode.BAD_REQUEST, _P),
    # The pool had no connection to give within pool_timeout.
    LibraryRule("SQLAlchemy", _SA + "TimeoutError", FailureCode.TIMEOUT, _T),
)  # fmt: skip

_REDIS_RULES: tuple[LibraryRule, ...] = (
    LibraryRule("redis", _REDIS + "TimeoutError", FailureCode.TIMEOUT, _T),
    LibraryRule("redis", _REDIS + "AuthenticationError", FailureCode.UNAUTHORIZED, _P),
    LibraryRule("redis", _REDIS + "AuthorizationError", FailureCode.FORBIDDEN, _P),
    # The server is loading its dataset into memory: it answers once that is done.
    LibraryRule("redis", _REDIS + "BusyLoadingError", FailureCode.SERVER_ERROR, _T),
    LibraryRule("redis", _REDIS + "ConnectionError", FailureCode.NETWORK, _T),
    LibraryRule("redis", _REDIS + "NoPermissionError", FailureCode.FORBIDDEN, _P),
    LibraryRule("redis", _REDIS + "ClusterDownError", FailureCode.SERVER_ERROR, _T),
    LibraryRule("redis", _REDIS + "TryAgainError", FailureCode.SERVER_ERROR, _T),
    LibraryRule("redis", _REDIS + "ResponseError", FailureCode.BAD_REQUEST, _P),
)

#: Every library condition the classifier recognises, in the order rows for one class are tried.
LIBRARY_RULES: tuple[LibraryRule, ...] = (
    *_REQUESTS,
    *_URLLIB3,
    *_AIOHTTP,
    *_BOTOCORE,
    *_ai_sdk("openai"),
    *_ai_sdk("anthropic"),
    *_GOOGLE_RULES,
    *_GRPC,
    *_SQLITE,
    *_STDLIB,
    *_postgres("psycopg", "psycopg", "psycopg.errors.ConnectionTimeout"),
    *_postgres("psycopg2", "psycopg2", None),
    *_SQLALCHEMY,
    *_REDIS_RULES,
)

_BY_NAME: dict[str, tuple[LibraryRule, ...]] = {}
for _row in LIBRARY_RULES:
    _BY_NAME[_row.exception] = (*_BY_NAME.get(_row.exception, ()), _row)
#: The top-level modules the rows name: an exception from any other module skips the walk.
_MODULES = frozenset(name.split(".", 1)[0] for name in _BY_NAME)


def _qualified(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def recognise(exc: BaseException) -> Failure | None:
    """The failure a library's exception is, by :data:`LIBRARY_RULES`, or ``None``.

    Args:
        exc: Any exception.

    Returns:
        A :class:`Failure` whose detail names the library and its own code, with the HTTP status
        and the wait the exception carries; for an exception no row knows that carries the HTTP
        status it was raised for (an SDK's), that status judged; ``None`` otherwise. Never
        raises.
    """
    return _recognise(exc, 0) or _carried_status(exc)


#: Where an SDK's exception keeps the HTTP status of the answer it was raised for: Stripe's
#: ``http_status``, azure-core's and google-api-python-client's ``status_code``, PyGithub's,
#: Twilio's and the Kubernetes client's ``status``; else its ``response``'s.
_STATUS_ATTRIBUTES = ("status_code", "http_status", "status")
#: Where it keeps that answer's headers (Stripe's ``headers``, PyGithub's, the Kubernetes
#: client's), else its ``response``'s.
_HEADER_ATTRIBUTES = ("headers", "http_headers")


def _carried_status(exc: BaseException) -> Failure | None:
    """An exception no row knows that carries the HTTP status it was raised for (an SDK's
    error for a 429 or a 503), judged by that status as :data:`STATUS_RULES` judges it, its
    ``Retry-After`` read; a ``403`` whose headers say the quota is spent, a rate limit."""
    try:
        response = getattr(exc, "response", None)
        if response is None:  # google-api-python-client's HttpError keeps httplib2's as resp
            response = getattr(exc, "resp", None)
        status = next(
            (s for a in _STATUS_ATTRIBUTES if (s := _int(getattr(exc, a, None))) is not None),
            None,
        )
        if status is None and response is not None:
            status = _int(getattr(response, "status_code", None))
            status = status if status is not None else _int(getattr(response, "status", None))
        if status is None or not 400 <= status <= 599:
            return None
        headers = next(
            (h for a in _HEADER_ATTRIBUTES if hasattr(h := getattr(exc, a, None), "get")), None
        )
        if headers is None and response is not None:
            # (httplib2's response is itself the mapping of its headers.)
            headers = getattr(response, "headers", response if hasattr(response, "get") else None)
        rule = status_rule(status)
        if rule is None:
            return None
        code, kind = rule.code, rule.kind
        if status == 403 and (
            _header(headers, "Retry-After") is not None
            or _header(headers, "X-RateLimit-Remaining") == "0"
        ):
            code, kind = FailureCode.RATE_LIMITED, _T  # GitHub's spent quota, as the status step
        source = type(exc).__module__.split(".", 1)[0]
        said = f"HTTP {status}" if source == "__main__" else f"{source} HTTP {status}"
        detail = clip(f"{said}: {exception_text(exc)}", DETAIL_MAX_CHARS, say_cut=True)
        return Failure(
            code=code,
            kind=kind,
            detail=detail,
            http_status=status,
            retry_after_s=_retry_after(headers),
        )
    except Exception:  # an exception whose attributes cannot be read says nothing here
        return None


def _recognise(exc: BaseException, depth: int) -> Failure | None:
    try:
        classes = type(exc).__mro__
        if not any(cls.__module__.split(".", 1)[0] in _MODULES for cls in classes):
            return None
        rows = [row for cls in classes for row in _BY_NAME.get(_qualified(cls), ())]
    except Exception:  # a class whose names cannot be read is no library's
        return None
    readings: dict[str, Reading | None] = {}
    # A wrapper first: the exception it wraps says more, when a row knows it.
    for row in rows:
        if row.unwrap is None or depth >= _MAX_UNWRAP or not _applies(row, exc, readings):
            continue
        try:
            inner = row.unwrap.inner(exc)
        except Exception:
            continue
        if isinstance(inner, BaseException) and inner is not exc:
            found = _recognise(inner, depth + 1)
            if found is not None:
                return found
    for row in rows:
        if row.unwrap is not None or not _applies(row, exc, readings):
            continue
        reading = readings.get(row.source)
        if reading is None:
            continue
        try:
            decided = row.decides(reading)
        except Exception:
            continue
        if decided is not None:
            return _failure(row, exc, reading, *decided)
    return None


def _applies(row: LibraryRule, exc: BaseException, readings: dict[str, Reading | None]) -> bool:
    if row.source not in readings:
        try:
            readings[row.source] = _READERS[row.source](exc)
        except Exception:  # an attribute that raised: this library's rows cannot read it
            readings[row.source] = None
    reading = readings[row.source]
    if reading is None:
        return False
    if row.test is None:
        return True
    try:
        return bool(row.test(exc, reading))
    except Exception:
        return False


def _failure(
    row: LibraryRule, exc: BaseException, reading: Reading, code: FailureCode, kind: FailureKind
) -> Failure | None:
    message = reading.message or exception_text(exc)
    said = f"{row.source} {reading.label}" if reading.label else row.source
    detail = clip(f"{said}: {message}", DETAIL_MAX_CHARS, say_cut=True)
    status = reading.status if reading.status is not None and 100 <= reading.status <= 599 else None
    wait = reading.retry_after_s
    if wait is not None and not (math.isfinite(wait) and wait >= 0):
        wait = None
    try:
        return Failure(code=code, kind=kind, detail=detail, http_status=status, retry_after_s=wait)
    except Exception:
        return None


# -- the table as a reader sees it ---------------------------------------------------------------


def library_rules_markdown(rules: Iterable[LibraryRule] = LIBRARY_RULES) -> str:
    """:data:`LIBRARY_RULES` as a Markdown table: source, exception and condition, code, kind.

    Args:
        rules: The rows to show (default: all of them).

    Returns:
        The table, one row per rule, in the order they are tried; the docs page holds a copy
        that a test keeps equal to it.
    """
    lines = [
        "| source | exception | when | code | kind |",
        "| --- | --- | --- | --- | --- |",
    ]
    for row in rules:
        when = row.when
        if row.unwrap is not None:
            decides = f"as {row.unwrap.name}, when recognised"
            when = f"{when}; {decides}" if when else decides
        if row.by is not None:
            code, kind = row.by.name, "—"
        elif row.unwrap is not None:
            code, kind = "—", "—"
        else:
            code = row.code.value if row.code is not None else "—"
            kind = row.kind.value if row.kind is not None else "—"
        cells = (row.source, f"`{row.exception}`", when or "always", code, kind)
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join(lines) + "\n"
