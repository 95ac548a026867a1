"""Faults made from the caller's own success body: pagination and items tested on their shape.

A :class:`Body` is one real answer from the caller's API, read once: where its collection is
(the declared ``items`` path, else the largest list of objects not inside a record), where it
states a total, and where it says whether more pages follow. Each derived fault serves a changed
copy of it: the same page with a next link, a total above what came back, the collection
emptied, the body cut mid-stream, the body wrapped in an HTML 200.
"""

from __future__ import annotations

import copy
import html
import json
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from typing import Any

import httpx

from tool_outcomes import FailureCode, FailureKind, Outcome

from ._fault import Expect, Fault, Scope

__all__ = ["Body", "faults"]

Path = tuple[str | int, ...]

#: Keys that name a record's identity: a list inside such an object is one of its fields, not
#: the page's collection (an order's line items).
_IDENTITY_KEYS = frozenset({"id", "_id", "uuid", "guid"})
#: Keys that state how many items the source holds.
_TOTAL_KEYS = frozenset(
    {
        "total",
        "count",
        "total_count",
        "totalCount",
        "total_results",
        "totalResults",
        "total_items",
        "totalItems",
        "total_size",
        "totalSize",
        "total_entries",
        "totalElements",
        "result_count",
        "nbHits",
        "@odata.count",
    }
)
#: Keys that carry the next page's link, cursor or token.
_NEXT_KEYS = frozenset(
    {
        "next",
        "next_page",
        "nextPage",
        "next_url",
        "nextUrl",
        "next_link",
        "nextLink",
        "@odata.nextLink",
        "next_page_token",
        "nextPageToken",
        "next_cursor",
        "nextCursor",
        "endCursor",
        "after",
        "LastEvaluatedKey",
    }
)
#: Flags that are true when more pages follow, and those that are true on the last page.
_MORE_FLAGS = frozenset({"has_more", "hasMore", "has_next", "hasNext", "hasNextPage", "more"})
_LAST_FLAGS = frozenset({"isLast", "is_last", "last_page", "lastPage"})


@dataclass(frozen=True)
class Body:
    """One success body, parsed, with where its collection, total and next-page fields are."""

    value: Any
    items: Path | None
    """The collection's path (``()`` for a bare list), ``None`` for a single record."""
    totals: tuple[Path, ...]
    nexts: tuple[Path, ...]
    flags: tuple[Path, ...]

    @classmethod
    def of(cls, body: Any, *, items: str | None = None, total: str | None = None) -> Body:
        """Read a success body: a JSON value, or its text as ``str`` or ``bytes``.

        Args:
            body: One complete answer from the caller's API (a last page, or one record).
            items: The dotted path to the collection, when the largest list of objects in the
                body is not it.
            total: The dotted path to a total count the usual names (``count``, ``total``, …)
                do not find.

        Raises:
            ValueError: the body is not JSON, ``items`` is not a list in it, or its collection
                is empty (a success body must hold at least one item).
        """
        if isinstance(body, Body):
            return body
        value = body
        if isinstance(body, str | bytes | bytearray):
            try:
                value = json.loads(body)
            except ValueError as exc:
                raise ValueError(f"success_body is not JSON: {exc}") from exc
        try:
            json.dumps(value)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"success_body has no JSON form: {exc}") from exc
        found = _resolve_items(value, items) if items is not None else _find_items(value)
        if found is not None and not _get(value, found):
            where = ".".join(map(str, found)) or "the body"
            raise ValueError(
                f"success_body's collection ({where}) is empty: give an answer with items"
            )
        totals, nexts, flags = _paging_fields(value, found)
        declared = _resolve_total(value, total) if total is not None and found is not None else None
        if declared is not None and declared not in totals:
            totals = (*totals, declared)
        return cls(value, found, totals, nexts, flags)

    @property
    def returned(self) -> int:
        """How many items the body holds (1 for a single record)."""
        return 1 if self.items is None else len(_get(self.value, self.items))

    def content(self) -> bytes:
        """The body as sent: JSON."""
        return json.dumps(self.value).encode()

    def edited(self, edit: Callable[[Any], None]) -> bytes:
        """A deep copy of the body, changed by ``edit``, as JSON."""
        value = copy.deepcopy(self.value)
        edit(value)
        return json.dumps(value).encode()


def _get(value: Any, path: Path) -> Any:
    for key in path:
        value = value[key]
    return value


def _set(value: Any, path: Path, new: Any) -> Any:
    if not path:
        return new
    _get(value, path[:-1])[path[-1]] = new
    return value


def _resolve_items(value: Any, dotted: str) -> Path:
    node, path = value, []
    for key in dotted.split("."):
        if not isinstance(node, dict) or key not in node:
            raise ValueError(f"items={dotted!r} is not a path in success_body (at {key!r})")
        node = node[key]
        path.append(key)
    if not isinstance(node, list):
        raise ValueError(f"items={dotted!r} holds {type(node).__name__}, not a list")
    return tuple(path)


def _resolve_total(value: Any, dotted: str) -> Path | None:
    node, path = value, []
    for key in dotted.split("."):
        if not isinstance(node, dict) or key not in node:
            return None
        node = node[key]
        path.append(key)
    return tuple(path) if isinstance(node, int) and not isinstance(node, bool) else None


def _containers(value: Any, path: Path = ()) -> Iterator[tuple[Path, dict[str, Any]]]:
    """Every object reachable through objects only, stopping at records (an object with an id)."""
    if not isinstance(value, dict) or (path and _IDENTITY_KEYS & value.keys()):
        return
    yield path, value
    for key, child in value.items():
        yield from _containers(child, (*path, key))


def _find_items(value: Any) -> Path | None:
    if isinstance(value, list):
        return ()
    if isinstance(value, dict) and _IDENTITY_KEYS & value.keys():
        return None  # a record: its lists are its fields
    best: tuple[int, int, Path] | None = None
    for path, container in _containers(value):
        for key, child in container.items():
            if isinstance(child, list) and child and all(isinstance(i, dict) for i in child):
                # The most objects wins; among equals, the shallowest.
                rank = (len(child), -len(path), (*path, key))
                if best is None or rank[:2] > best[:2]:
                    best = rank
    return None if best is None else best[2]


def _paging_fields(
    value: Any, items: Path | None
) -> tuple[tuple[Path, ...], tuple[Path, ...], tuple[Path, ...]]:
    totals: list[Path] = []
    nexts: list[Path] = []
    flags: list[Path] = []
    if items is None:
        return (), (), ()  # a single record has no page around it
    for path, container in _containers(value):
        for key, child in container.items():
            here = (*path, key)
            if key in _TOTAL_KEYS:
                if isinstance(child, int) and not isinstance(child, bool):
                    totals.append(here)
                elif isinstance(child, dict) and isinstance(child.get("value"), int):
                    totals.append((*here, "value"))  # Elasticsearch: {"value": 3, ...}
            elif key in _NEXT_KEYS and not isinstance(child, list):
                nexts.append(here)
            elif key in _MORE_FLAGS | _LAST_FLAGS and isinstance(child, bool):
                flags.append(here)
    return tuple(totals), tuple(nexts), tuple(flags)


# -- the derived faults ---------------------------------------------------------------------------

_JSON = {"content-type": "application/json"}


def _next_url(request: httpx.Request) -> str:
    return str(request.url.copy_set_param("page", "2"))


def _more_pages(body: Body, request: httpx.Request) -> httpx.Response:
    url = _next_url(request)

    def edit(value: Any) -> None:
        for path in body.nexts:
            _set(value, path, url)
        for path in body.flags:
            _set(value, path, path[-1] in _MORE_FLAGS)

    # RFC 8288's Link header says it whatever the body's own convention is.
    headers = {**_JSON, "link": f'<{url}>; rel="next"'}
    return httpx.Response(200, headers=headers, content=body.edited(edit), request=request)


def _total_above(body: Body, request: httpx.Request) -> httpx.Response:
    def edit(value: Any) -> None:
        for path in body.totals:
            _set(value, path, body.returned + 100)

    return httpx.Response(200, headers=_JSON, content=body.edited(edit), request=request)


def _emptied(body: Body, request: httpx.Request) -> httpx.Response:
    def edit(value: Any) -> None:
        for path in body.totals:
            _set(value, path, 0)
        for path in body.nexts:
            _set(value, path, None)
        for path in body.flags:
            _set(value, path, path[-1] in _LAST_FLAGS)
        assert body.items is not None
        if body.items:
            _set(value, body.items, [])
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
