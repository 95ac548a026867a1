"""Rebuilding a handler's request on the client that sends it.

A request built on its own carries no timeout; sent as is it could wait forever. :func:`rebuild`
puts it together again with the client's defaults (base URL, headers, timeout), shortened to what
is left of the deadline, and with an ``Accept-Encoding`` naming only what ``_decode`` inflates.
:func:`rebuild_fast` does what ``client.build_request`` would, without re-encoding what the request
already holds, when nothing can change (about half the cost); every other case goes through
:func:`rebuild_through_client`.
"""

from __future__ import annotations

from typing import Any

import httpx

from ._decode import accept_encoding
from ._httpx_private import stock

__all__ = ["rebuild", "rebuild_fast", "rebuild_through_client"]


def rebuild(
    client: httpx.Client | httpx.AsyncClient, request: httpx.Request, remaining: float | None
) -> httpx.Request:
    """The handler's request, rebuilt with the client's defaults (base URL, headers, timeout).

    A request built on its own carries no timeout; sent as is it could wait forever. Rebuilding
    it through the client applies the client's timeout, and the overall deadline shortens it.
    ``Accept-Encoding`` names only the codings :class:`ContentDecoder` inflates.
    """
    fast = rebuild_fast(client, request)
    rebuilt = rebuild_through_client(client, request) if fast is None else fast
    if remaining is not None:
        timeouts = dict(rebuilt.extensions.get("timeout", {}))
        for phase in ("connect", "read", "write", "pool"):
            current = timeouts.get(phase)
            timeouts[phase] = remaining if current is None else min(current, remaining)
        rebuilt.extensions["timeout"] = timeouts
    return rebuilt


def rebuild_through_client(
    client: httpx.Client | httpx.AsyncClient, request: httpx.Request
) -> httpx.Request:
    """:func:`rebuild` by way of ``client.build_request``: every case, at full cost."""
    headers = [(k, v) for k, v in request.headers.multi_items() if k.lower() != "host"]
    try:
        content = request.content
    except httpx.RequestNotRead:  # a multipart upload or a generator body: read it once here
        content = request.read()
    rebuilt = client.build_request(request.method, request.url, headers=headers, content=content)
    rebuilt.headers["accept-encoding"] = accept_encoding(rebuilt.headers.get("accept-encoding"))
    rebuilt.extensions.update({k: v for k, v in request.extensions.items() if k != "timeout"})
    return rebuilt


_HOST = b"host"
_CONTENT_LENGTH = b"content-length"
_TRANSFER_ENCODING = b"transfer-encoding"
_ACCEPT_ENCODING_KEY = b"accept-encoding"


def rebuild_fast(
    client: httpx.Client | httpx.AsyncClient, request: httpx.Request
) -> httpx.Request | None:
    """What :func:`rebuild_through_client` makes, built without re-encoding anything.

    ``client.build_request`` re-reads the URL, the headers and the body the handler's request
    already holds. When nothing of that can change (an absolute URL, no client ``params`` or
    ``cookies``, a body already read, ASCII headers, a client with httpx's own build methods),
    the same request is put together here, as ``build_request`` and ``Request._prepare`` would:

    * the client's headers, less those the request sets itself, then the request's own headers
      (keys lower-cased, ``Host`` dropped), then ``Content-Length`` for a non-empty body unless
      one is set; ``Host`` and, for an empty POST/PUT/PATCH, ``Content-Length: 0`` go first;
    * ``Accept-Encoding`` rewritten in place as :func:`accept_encoding` says;
    * the client's timeout, then the request's other extensions.

    Returns:
        The rebuilt request, or None for a case only ``build_request`` covers.
    """
    url = request.url
    if not isinstance(url, httpx.URL) or not url.is_absolute_url:
        return None  # a relative URL is joined to the client's base URL there
    if client.params or client.cookies or not stock(client):
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
    _setaccept_encoding(headers, keys)
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


def _setaccept_encoding(headers: list[tuple[bytes, bytes]], keys: list[bytes]) -> None:
    """``headers["accept-encoding"] = accept_encoding(headers.get(...))`` on ASCII pairs."""
    found = [i for i, key in enumerate(keys) if key == _ACCEPT_ENCODING_KEY]
    current = ", ".join(headers[i][1].decode("ascii") for i in found) if found else None
    item = (_ACCEPT_ENCODING_KEY, accept_encoding(current).encode("ascii"))
    if not found:
        headers.append(item)
        return
    for i in reversed(found[1:]):
        del headers[i]
    headers[found[0]] = item
