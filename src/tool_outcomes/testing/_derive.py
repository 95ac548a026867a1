"""Faults made from the caller's own success body: pagination and items tested on their shape.

A :class:`Body` is one real answer from the caller's API, read once: where its collection is
(the declared ``items`` path, else the largest list of objects not inside a record), where it
states a total, and where it says whether more pages follow. Each derived fault serves a changed
copy of it: the same page with a next link, a total above what came back, the collection
emptied, the body cut mid-stream, the body wrapped in an HTML 200.
"""

from __future__ import annotations

import html
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

import httpx

from tool_outcomes import FailureCode, FailureKind, Outcome

from ._fault import Expect, Fault, Scope
from ._success_body import LAST_FLAGS, MORE_FLAGS, Body, set_at

__all__ = ["Body", "faults"]

_JSON = {"content-type": "application/json"}


def _next_url(request: httpx.Request) -> str:
    return str(request.url.copy_set_param("page", "2"))


def _more_pages(body: Body, request: httpx.Request) -> httpx.Response:
    url = _next_url(request)

    def edit(value: Any) -> None:
        for path in body.nexts:
            set_at(value, path, url)
        for path in body.flags:
            set_at(value, path, path[-1] in MORE_FLAGS)

    # RFC 8288's Link header says it whatever the body's own convention is.
    headers = {**_JSON, "link": f'<{url}>; rel="next"'}
    return httpx.Response(200, headers=headers, content=body.edited(edit), request=request)


def _total_above(body: Body, request: httpx.Request) -> httpx.Response:
    def edit(value: Any) -> None:
        for path in body.totals:
            set_at(value, path, body.returned + 100)

    return httpx.Response(200, headers=_JSON, content=body.edited(edit), request=request)


def _emptied(body: Body, request: httpx.Request) -> httpx.Response:
    def edit(value: Any) -> None:
        for path in body.totals:
            set_at(value, path, 0)
        for path in body.nexts:
            set_at(value, path, None)
        for path in body.flags:
            set_at(value, path, path[-1] in LAST_FLAGS)
        assert body.items is not None
        if body.items:
            set_at(value, body.items, [])
        else:
            value.clear()

    return httpx.Response(200, headers=_JSON, content=body.edited(edit), request=request)


class _CutStream(httpx.SyncByteStream, httpx.AsyncByteStream):
    """A body that yields its first half, then fails the way a dropped peer does.

    Not an ``httpx.ByteStream``: respx pre-reads those, which would raise at mock time instead
    of at the caller's read.
    """

    def __init__(self, head: bytes, request: httpx.Request) -> None:
        self._head = head
        self._request = request

    def _dropped(self) -> httpx.RemoteProtocolError:
        message = "peer closed connection without sending complete message body"
        return httpx.RemoteProtocolError(message, request=self._request)

    def __iter__(self) -> Iterator[bytes]:
        yield self._head
        raise self._dropped()

    async def __aiter__(self) -> AsyncIterator[bytes]:
        yield self._head
        raise self._dropped()


def _cut(body: Body, request: httpx.Request) -> httpx.Response:
    content = body.content()
    stream = _CutStream(content[: len(content) // 2], request)
    headers = {**_JSON, "content-length": str(len(content))}
    return httpx.Response(200, headers=headers, stream=stream, request=request)


def _in_html(body: Body, request: httpx.Request) -> httpx.Response:
    page = (
        "<!DOCTYPE html><html><head><title>Sign in</title></head><body>"
        f"<pre>{html.escape(body.content().decode())}</pre></body></html>"
    )
    headers = {"content-type": "text/html; charset=utf-8"}
    return httpx.Response(200, headers=headers, text=page, request=request)


def _as_is(body: Body, request: httpx.Request) -> httpx.Response:
    return httpx.Response(200, headers=_JSON, content=body.content(), request=request)


def _needs_items(body: Body) -> str | None:
    return None if body.items is not None else "your success body is one record, not a page"


def _needs_total(body: Body) -> str | None:
    if body.items is None:
        return _needs_items(body)
    return None if body.totals else "your success body states no total count"


#: (name, description, how the body is changed, what a correct tool declares, what it needs).
_DERIVED: tuple[
    tuple[
        str,
        str,
        Callable[[Body, httpx.Request], httpx.Response],
        tuple[Outcome, FailureCode | None, FailureKind | None],
        Callable[[Body], str | None] | None,
    ],
    ...,
] = (
    (
        "your_success_body",
        "Your own success body, as your API sent it: the result model must accept it.",
        _as_is,
        (Outcome.SUCCESS, None, None),
        None,
    ),
    (
        "your_page_with_next_link",
        "Your success body with a next page announced (a Link header, and the body's own "
        "next field or has-more flag set).",
        _more_pages,
        (Outcome.PARTIAL, None, None),
        _needs_items,
    ),
    (
        "your_page_total_above_returned",
        "Your success body with its total count raised above the items that came back.",
        _total_above,
        (Outcome.PARTIAL, None, None),
        _needs_total,
    ),
    (
        "your_page_items_emptied",
        "Your success body with its collection emptied (totals 0, no next page): a real "
        "'none found'.",
        _emptied,
        (Outcome.EMPTY, None, None),
        _needs_items,
    ),
    (
        "your_body_cut_mid_stream",
        "Your success body cut in half mid-stream: the peer dropped the connection.",
        _cut,
        (Outcome.ACCESS_FAILURE, FailureCode.NETWORK, FailureKind.TRANSIENT),
        None,
    ),
    (
        "your_body_in_html_200",
        "Your success body wrapped in an HTML page served as a 200 (a proxy's or portal's page).",
        _in_html,
        (Outcome.ACCESS_FAILURE, FailureCode.INVALID_BODY, FailureKind.PERMANENT),
        None,
    ),
)


def faults() -> Iterator[Fault]:
    """The faults derived from a success body, in the catalogue's :class:`Fault` form."""
    for name, description, change, (outcome, code, kind), needs in _DERIVED:

        def serve(
            request: httpx.Request,
            body: Body | None,
            change: Callable[[Body, httpx.Request], httpx.Response] = change,
            name: str = name,
        ) -> httpx.Response:
            if body is None:
                raise ValueError(
                    f"fault {name!r} is made from your success body: pass success_body="
                )
            return change(body, request)

        yield Fault(
            name,
            description,
            Expect(outcome, code, kind),
            Scope.YOUR_BODY,
            "your success body",
            serve=serve,
            needs=needs,
        )
