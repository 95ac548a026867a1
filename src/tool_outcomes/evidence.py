"""Evidence: what came back from one call, as one immutable value any source can produce.

Every outcome is judged from evidence, never from how the call was made. A source (the
transport sending an ``httpx`` request, ``classify_http`` given a response, a handler returning a
``requests.Response``, an SDK raising its own exception) describes what happened as an
:class:`Evidence`, and the classifier judges that value alone: it reads no socket and knows no
client library. Exactly one of two things came back:

* a **transport failure** (:class:`TransportFailure`): no usable response, only an exception,
  raised at a :class:`Stage` that says whether the request **can have reached** the upstream
  (a refused connection never left; a read timeout may have been acted on);
* a **response**: its status, its headers (any mapping), the body bytes as read (content-decoded),
  and whether and why reading stopped early (:class:`BodyCut`, with the error that cut it).

Either way the evidence names the request's method and target (the URL as sent, and whether it
is already redacted). Nothing here is redacted or judged: redaction happens where text leaves the
library (the envelope handed out, the trace record, the rendered text), judgement in ``classify``.

This module imports neither the transport nor the classifier; both import it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

__all__ = [
    "BodyCut",
    "Evidence",
    "Stage",
    "TransportFailure",
    "body_bytes",
    "held_to_cap",
    "sent_body",
]


class BodyCut(StrEnum):
    """Why a body the adapter read itself stopped before its end."""

    SIZE_CAP = "size_cap"
    STREAM_ERROR = "stream_error"


class Stage(StrEnum):
    """How far a request got before its transport failed.

    The stages before :attr:`SEND` are ones the request never left the client in: the upstream
    cannot have acted on it, so even a write may be sent again. From :attr:`SEND` on, some or all
    of it may have arrived.
    """

    SETUP = "setup"
    """Before any connection: an invalid URL, an unsupported scheme, a request body that could
    not be read, a circuit breaker that refused the call."""
    CONNECT = "connect"
    """Opening the connection: refused, unreachable, DNS, TLS handshake, the proxy, a timeout
    connecting or waiting for a pooled connection."""
    SEND = "send"
    """Writing the request: it may have arrived whole or in part."""
    RECEIVE = "receive"
    """Waiting for or reading the response: the request was sent."""
    UNKNOWN = "unknown"
    """Not known (an exception from the tool's own code, a library that does not say)."""

    @property
    def can_have_reached(self) -> bool:
        """Whether the upstream can have received (and acted on) the request."""
        return self not in (Stage.SETUP, Stage.CONNECT)


@dataclass(frozen=True, slots=True)
class TransportFailure:
    """No usable response came back: the exception raised, and how far the request got."""

    exception: BaseException
    stage: Stage = Stage.UNKNOWN

    @property
    def can_have_reached(self) -> bool:
        """Whether the upstream can have received the request (see :class:`Stage`)."""
        return self.stage.can_have_reached


@dataclass(frozen=True, slots=True)
class Evidence:
    """What came back from one call: a transport failure, or a response as read.

    Build one with :meth:`of_response` or :meth:`from_exception`; the fields are read, never
    changed. For a failure, ``status`` is ``None`` and ``body`` is empty.
    """

    failure: TransportFailure | None = None
    """Set when no usable response came back; every response field is then empty."""
    status: int | None = None
    """The final HTTP status (or the source's equivalent)."""
    headers: Mapping[str, str] | Any = None
    """The response headers: any mapping of names to values (``httpx.Headers``, a plain
    ``dict``, a ``requests`` ``CaseInsensitiveDict`` …); names are matched case-insensitively."""
    body: bytes = b""
    """The body bytes as read, content-decoded; up to the cut when there is one."""
    cut: BodyCut | None = None
    """Why reading the body stopped early, or ``None`` when it is complete."""
    cut_error: BaseException | None = None
    """The error that cut the body (for ``BodyCut.STREAM_ERROR``)."""
    method: str | None = None
    """The request method (``"GET"`` …); ``None`` when unknown, judged as a read."""
    url: str | None = None
    """The request target as sent (it may hold credentials: redact it before it leaves)."""
    url_redacted: bool = False
    """``url`` is already redacted (the adapter redacts once per call)."""
    range_requested: bool | None = None
    """Whether the request carried a ``Range`` header; ``None`` when the request is unknown.
    A ``206`` is a cut of something larger only when a range was asked for or the response
    says which range it is (RFC 9110 §15.3.7): Mastodon answers a media update with 206,
    "applied, still processing", to a request that asked for no range."""
    request_body: bytes | None = None
    """The request's body as sent, when the source kept it whole (``None`` for none, or a
    streamed upload): a search sent as JSON says there which page it asked for (HubSpot's
    ``after``, Elasticsearch's ``from``). It may hold credentials: only
    the paging members named in ``classify`` are read from it, and none is ever repeated."""

    @classmethod
    def of_response(
        cls,
        status: int,
        headers: Mapping[str, str] | Any,
        body: bytes,
        *,
        cut: BodyCut | None = None,
        cut_error: BaseException | None = None,
        method: str | None = None,
        url: str | None = None,
        url_redacted: bool = False,
        range_requested: bool | None = None,
        request_body: bytes | None = None,
    ) -> Evidence:
        """A response: its status, headers and the body bytes as read.

        Args:
            status: The final status.
            headers: The response headers, any mapping (or list of pairs) ``httpx.Headers``
                accepts.
            body: The bytes read, content-decoded.
            cut: Why the body stopped early, or ``None`` when it is complete.
            cut_error: The exception that cut the stream.
            method: The request method, when known.
            url: The request URL, when known.
            url_redacted: ``url`` is already redacted.
            range_requested: Whether the request carried ``Range`` (``None``: unknown).
            request_body: The request's body as sent, when known.
        """
        return cls(
            None,
            status,
            headers,
            body,
            cut,
            cut_error,
            method,
            url,
            url_redacted,
            range_requested,
            request_body,
        )

    @classmethod
    def from_exception(
        cls,
        exception: BaseException,
        stage: Stage = Stage.UNKNOWN,
        *,
        method: str | None = None,
        url: str | None = None,
        url_redacted: bool = False,
        request_body: bytes | None = None,
    ) -> Evidence:
        """A transport failure: the exception raised, and how far the request got.

        Args:
            exception: What was raised while sending or reading.
            stage: How far the request got (see :class:`Stage`); ``UNKNOWN`` when the source
                cannot say, which counts as having possibly reached the upstream.
            method: The request method, when known.
            url: The request URL, when known.
            url_redacted: ``url`` is already redacted.
            request_body: The request's body as sent, when known (a GraphQL query sent by
                POST is a read: its failure changed nothing).
        """
        failure = TransportFailure(exception, stage)
        return cls(
            failure, method=method, url=url, url_redacted=url_redacted, request_body=request_body
        )

    @property
    def can_have_reached(self) -> bool:
        """Whether the upstream can have received the request: always, once it answered."""
        return self.failure is None or self.failure.can_have_reached


def held_to_cap(body: bytes, max_body_bytes: int | None) -> tuple[bytes, BodyCut | None]:
    """A body already read, held to the decoded-byte cap as a body read through it would be.

    Args:
        body: The whole body as its holder has it.
        max_body_bytes: The cap; ``None`` keeps the body whole.

    Returns:
        The body (cut at the cap when longer) and ``BodyCut.SIZE_CAP`` when it was cut.
    """
    if max_body_bytes is None or len(body) <= max_body_bytes:
        return body, None
    return body[:max_body_bytes], BodyCut.SIZE_CAP


def body_bytes(body: object) -> bytes | None:
    """A request body as evidence keeps it: bytes (text read as UTF-8); ``None`` for none.

    Raises:
        TypeError: for anything else (a stream, a file): the body is not held whole.
    """
    if body is None:
        return None
    if isinstance(body, str):
        body = body.encode("utf-8", "surrogatepass")
    elif isinstance(body, bytearray | memoryview):
        body = bytes(body)
    elif not isinstance(body, bytes):
        raise TypeError(f"got {type(body).__name__}")
    return body or None


def sent_body(request: object) -> bytes | None:
    """The body ``request`` sent, where it holds it whole: an ``httpx.Request``'s ``content``, a
    ``requests`` ``PreparedRequest``'s ``body``; ``None`` for none, or for a streamed one."""
    try:
        body = getattr(request, "content", None)  # httpx raises while a stream is unread
        return body_bytes(getattr(request, "body", None) if body is None else body)
    except (RuntimeError, TypeError):  # an unread stream, a generator or file body
        return None
