"""Step 1, the transport: an exception raised while sending or reading is the outcome.

Nothing came back, or what came back is unusable, so no body is read: the exception's class
decides the failure code and whether asking again could help. :data:`TRANSPORT_RULES` is keyed
by class and looked up along the exception's MRO, so the most specific entry wins
(``ProxyError`` before ``TransportError``, ``ReadTimeout`` before both).
"""

from __future__ import annotations

from typing import Any

import httpx

from tool_outcomes._text import exception_text
from tool_outcomes.envelope import Effect, Envelope, FailureCode, FailureKind
from tool_outcomes.evidence import TransportFailure

from ._exchange import Options
from ._graphql_request import writes as request_writes

__all__ = ["TRANSPORT_RULES", "from_exception"]

_T = FailureKind.TRANSIENT
_P = FailureKind.PERMANENT

#: Exceptions raised while sending or reading: (code, kind, what the class means).
TRANSPORT_RULES: dict[type[BaseException], tuple[FailureCode, FailureKind, str]] = {
    httpx.TimeoutException: (FailureCode.TIMEOUT, _T, "connect, read, write or pool timeout"),
    httpx.ConnectError: (FailureCode.CONNECT, _T, "refused, unreachable or DNS failure"),
    httpx.ProxyError: (FailureCode.CONNECT, _T, "the proxy could not reach the upstream"),
    # The server closed the connection or cut the body short: the next attempt may be whole.
    httpx.RemoteProtocolError: (FailureCode.NETWORK, _T, "server broke the HTTP exchange"),
    httpx.NetworkError: (FailureCode.NETWORK, _T, "read, write or close failed mid-exchange"),
    httpx.TransportError: (FailureCode.NETWORK, _T, "transport failed"),
    httpx.RequestError: (FailureCode.NETWORK, _T, "the request could not be completed"),
    # The client and server cannot speak to each other as configured: retrying is futile.
    httpx.LocalProtocolError: (FailureCode.PROTOCOL, _P, "client produced invalid HTTP"),
    httpx.ProtocolError: (FailureCode.PROTOCOL, _P, "HTTP protocol violated"),
    httpx.UnsupportedProtocol: (FailureCode.PROTOCOL, _P, "URL scheme not supported"),
    httpx.TooManyRedirects: (FailureCode.PROTOCOL, _P, "redirect loop"),
    httpx.DecodingError: (FailureCode.PROTOCOL, _P, "Content-Encoding could not be decoded"),
    # Caller bugs: a bad URL, a cookie clash, a stream read twice or never. Fix the code.
    httpx.InvalidURL: (FailureCode.EXECUTION, _P, "the tool built an invalid URL"),
    httpx.CookieConflict: (FailureCode.EXECUTION, _P, "ambiguous cookie lookup"),
    httpx.StreamError: (FailureCode.EXECUTION, _P, "stream used out of order"),
    httpx.HTTPError: (FailureCode.EXECUTION, _P, "unclassified httpx error"),
    # Standard-library equivalents, raised by plain-callable tools and other clients.
    TimeoutError: (FailureCode.TIMEOUT, _T, "timed out"),
    ConnectionRefusedError: (FailureCode.CONNECT, _T, "connection refused"),
    ConnectionError: (FailureCode.NETWORK, _T, "connection failed"),
    BaseException: (FailureCode.EXECUTION, _P, "the tool's own code raised"),
}


def from_exception(
    failure: TransportFailure,
    options: Options,
    url: str | None,
    method: str | None = None,
    request_body: bytes | None = None,
) -> Envelope[Any]:
    """The access failure for an exception raised while sending or reading.

    Args:
        failure: The exception, and how far the request got.
        options: The caller's options.
        url: The request's URL as the evidence names it, if it does.
        method: The request's method, when the evidence names it.
        request_body: The request's body, when the evidence keeps it (a GraphQL query sent by
            POST is a read).

    Returns:
        An access failure keyed on the exception's class: a library's by
        :data:`LIBRARY_RULES`, any other by :data:`TRANSPORT_RULES`; its target is the
        request's URL. A write whose request can have reached the upstream (sent, or not known
        to be unsent) has effect ``unknown``; one that never left, and every read, ``none``.
    """
    exc = failure.exception
    writes = request_writes(method, request_body)
    effect = Effect.UNKNOWN if writes and failure.can_have_reached else Effect.NONE
    # (Imported here: a call whose transport never fails never loads the library tables.)
    from ._libraries import recognise

    known = recognise(exc)  # a library's own exception, read as the library documents it
    if known is not None:
        if known.http_status is not None and 400 <= known.http_status < 500:
            effect = Effect.NONE  # the upstream answered that it did nothing
        return options.fail(
            known.code,
            known.kind,
            known.detail,
            http_status=known.http_status,
            retry_after_s=known.retry_after_s,
            effect=effect,
            method=method if writes else None,
        )
    code, kind, why = _transport_rule(exc)
    target = url or None
    detail = exception_text(exc)
    if detail == type(exc).__name__:  # no message of its own: say what the class means
        detail = f"{detail} ({why})"
    return options.fail(
        code, kind, detail, target=target, effect=effect, method=method if writes else None
    )


def _transport_rule(exc: BaseException) -> tuple[FailureCode, FailureKind, str]:
    for cls in type(exc).__mro__:
        if cls in TRANSPORT_RULES:
            return TRANSPORT_RULES[cls]
    return TRANSPORT_RULES[BaseException]  # unreachable: every exception has it in its MRO
