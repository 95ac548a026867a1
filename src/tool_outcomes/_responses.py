"""A response any HTTP client returned, as the evidence the classifier judges.

A handler may return an ``httpx.Response`` it read itself, a ``requests.Response``, or any object
with ``status_code``, ``headers`` and ``content`` (bytes) or ``text``. :func:`response_parts`
reads each the same way into one :class:`~tool_outcomes.evidence.Evidence`, so one judge
classifies them all alike: the status, the headers as
any mapping, the body cut at the tool's byte cap (``size_cap``, as the adapter's own reads are),
and the request's URL and method where the object keeps them. Nothing here is imported from
another client: the object is read by its attributes.
"""

from __future__ import annotations

from collections.abc import Mapping

import httpx

from .evidence import Evidence, held_to_cap, sent_body

__all__ = ["response_parts"]


def response_parts(value: object, max_body_bytes: int) -> Evidence | BaseException | None:
    """The evidence a response-like ``value`` holds, or ``None`` when it is not one.

    Args:
        value: What a handler returned.
        max_body_bytes: Past this many bytes the body is cut, and says so (``size_cap``).

    Returns:
        The evidence; the exception raised while reading the body (a stream that broke, a body
        already consumed), for the caller to classify as one; or ``None`` for a value with no
        integer ``status_code``, no header mapping, or neither ``content`` bytes nor ``text``
        (an ``httpx.Response`` whose stream was not read yet is also ``None``: ``classify_http``
        reads it, keeping what arrived before a break).
    """
    status = getattr(value, "status_code", None)
    if not isinstance(status, int) or isinstance(status, bool):
        return None
    headers = getattr(value, "headers", None)
    if not isinstance(headers, httpx.Headers | Mapping):
        return None
    try:
        body = _body(value)
    except httpx.ResponseNotRead:
        return None
    except Exception as exc:  # reading the body is the read: its failure is the outcome
        return exc
    if body is None:
        return None
    body, cut = held_to_cap(body, max_body_bytes)
    url, method, request = _request_of(value)
    return Evidence.of_response(
        status, headers, body, cut=cut, method=method, url=url, request_body=sent_body(request)
    )


def _body(value: object) -> bytes | None:
    content = getattr(value, "content", None)
    if isinstance(content, bytes | bytearray | memoryview):
        return bytes(content)
    text = getattr(value, "text", None)
    if isinstance(text, str):
        return text.encode("utf-8")
    return None


def _request_of(value: object) -> tuple[str | None, str | None, object]:
    """The request URL and method, where the response keeps them, and the request itself
    (``None`` when there is none: httpx raises without one)."""
    try:
        request = getattr(value, "request", None)
        url = getattr(request, "url", None) or getattr(value, "url", None)
    except RuntimeError:  # an httpx.Response built without a request
        request, url = None, None
    method = getattr(request, "method", None)
    return (
        str(url) if isinstance(url, str | httpx.URL) and str(url) else None,
        method if isinstance(method, str) and method else None,
        request,
    )
