"""What the transport hands on: :class:`~tool_outcomes.evidence.Evidence` of one httpx call.

Everything the classifier is to judge about an httpx call is put into evidence here: a
:class:`~._send.Read` (status, headers, the body as read, how it stopped) or the exception that
left nothing to read, with how far the request got (:func:`stage_of`), and a response handed over
by a caller, its body read here if it was not yet (:func:`response_evidence`).
"""

from __future__ import annotations

import socket

import httpx

from tool_outcomes.evidence import Evidence, Stage, held_to_cap, sent_body

from ._decode import DEFAULT_MAX_BODY_BYTES
from ._send import Read, read_sync

__all__ = ["STAGES", "evidence_of", "exception_evidence", "response_evidence", "stage_of"]

#: How far a request got when httpx (or the standard library) raised this, looked up along
#: the exception's MRO: the most specific entry wins.
STAGES: dict[type[BaseException], Stage] = {
    # Never left the client: nothing to act on.
    httpx.InvalidURL: Stage.SETUP,
    httpx.UnsupportedProtocol: Stage.SETUP,
    httpx.CookieConflict: Stage.SETUP,
    httpx.StreamError: Stage.SETUP,
    httpx.ConnectError: Stage.CONNECT,
    httpx.ConnectTimeout: Stage.CONNECT,
    httpx.PoolTimeout: Stage.CONNECT,
    httpx.ProxyError: Stage.CONNECT,
    ConnectionRefusedError: Stage.CONNECT,
    socket.gaierror: Stage.CONNECT,
    # Sending: some or all of it may have arrived.
    httpx.WriteError: Stage.SEND,
    httpx.WriteTimeout: Stage.SEND,
    httpx.LocalProtocolError: Stage.SEND,
    # Sent: waiting for or reading the answer.
    httpx.ReadError: Stage.RECEIVE,
    httpx.CloseError: Stage.RECEIVE,
    httpx.ReadTimeout: Stage.RECEIVE,
    httpx.RemoteProtocolError: Stage.RECEIVE,
    httpx.DecodingError: Stage.RECEIVE,
    httpx.TooManyRedirects: Stage.RECEIVE,
    httpx.HTTPStatusError: Stage.RECEIVE,
}


def stage_of(exc: BaseException) -> Stage:
    """How far the request got when ``exc`` was raised (``UNKNOWN`` when its class says not)."""
    for cls in type(exc).__mro__:
        stage = STAGES.get(cls)
        if stage is not None:
            return stage
    return Stage.UNKNOWN


def evidence_of(
    read: Read | BaseException, request: httpx.Request, *, url: str | None = None
) -> Evidence:
    """The evidence of one call the transport made (``send_sync`` / ``send_async``).

    Args:
        read: What the send returned.
        request: The request as the handler built it (the sent one is on ``read.response``).
        url: The target already redacted, when the caller has it; otherwise the raw URL.
    """
    if isinstance(read, BaseException):
        return exception_evidence(read, method=request.method, request_body=sent_body(request))
    sent = read.response.request
    ranged, body = "range" in sent.headers, sent_body(sent)
    if url is None:
        return _of_read(read, sent.method, str(sent.url), ranged=ranged, request_body=body)
    return _of_read(read, sent.method, url, url_redacted=True, ranged=ranged, request_body=body)


def exception_evidence(
    exc: BaseException, *, method: str | None = None, request_body: bytes | None = None
) -> Evidence:
    """The evidence of an exception raised while sending or reading.

    Its target is the URL of the request the exception carries (httpx attaches one to a
    ``RequestError`` it raised while sending), none otherwise; ``method`` and ``request_body``
    are the request's when the caller knows them (else the attached request's).
    """
    url = None
    if isinstance(exc, httpx.RequestError):
        try:
            request = exc.request
        except RuntimeError:  # raised without a request attached
            pass
        else:
            url = str(request.url)
            if method is None:
                method, request_body = request.method, sent_body(request)
    return Evidence.from_exception(
        exc, stage_of(exc), method=method, url=url, request_body=request_body
    )


def response_evidence(
    response: httpx.Response, *, max_body_bytes: int | None = None
) -> Evidence | None:
    """The evidence of a response a caller holds, its body read (through the cap) if it was not.

    Args:
        response: The response, read or not.
        max_body_bytes: The decoded-byte cap. An unread body is read through it (the default
            cap when ``None``); a body already read is held to it as a read one is: past the
            cap it is cut there (``BodyCut.SIZE_CAP``), judged as any cut body. ``None`` keeps
            a read body whole (it is the caller's already).

    Returns:
        The evidence, or ``None`` for an async response whose body has not been read (it can
        only be read by awaiting it, which a sync caller cannot).
    """
    try:
        request = response.request
    except RuntimeError:  # httpx raises when the response was built without a request
        url, method, ranged, sent = None, None, None, None
    else:
        url, method, ranged = str(request.url), request.method, "range" in request.headers
        sent = sent_body(request)
    try:
        body = response.content
    except httpx.ResponseNotRead:
        if isinstance(response.stream, httpx.AsyncByteStream) and not isinstance(
            response.stream, httpx.SyncByteStream
        ):
            return None
        cap = DEFAULT_MAX_BODY_BYTES if max_body_bytes is None else max_body_bytes
        read = read_sync(response, max_body_bytes=cap)  # keeps what arrived before a break
        if isinstance(read, BaseException):  # nothing arrived: the read error is the outcome
            return exception_evidence(read, method=method, request_body=sent)
        return _of_read(read, method, url, ranged=ranged, request_body=sent)
    body, cut = held_to_cap(body, max_body_bytes)
    return Evidence.of_response(
        response.status_code,
        response.headers,
        body,
        cut=cut,
        method=method,
        url=url,
        range_requested=ranged,
        request_body=sent,
    )


def _of_read(
    read: Read,
    method: str | None,
    url: str | None,
    *,
    url_redacted: bool = False,
    ranged: bool | None = None,
    request_body: bytes | None = None,
) -> Evidence:
    response = read.response  # (Evidence.of_response's fields, built directly: once per call)
    return Evidence(
        None,
        response.status_code,
        response.headers,
        read.body,
        read.cut,
        read.cut_error,
        method,
        url,
        url_redacted,
        ranged,
        request_body,
    )
