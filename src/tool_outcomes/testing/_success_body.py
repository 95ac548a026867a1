"""A caller's own success body, parsed: where its collection, total and next-page fields are.

The faults made from a user's body (``_derive``) and the fault record (``_fault``) both read it.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

__all__ = ["LAST_FLAGS", "MORE_FLAGS", "Body", "Path", "get_at", "set_at"]

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
MORE_FLAGS = frozenset({"has_more", "hasMore", "has_next", "hasNext", "hasNextPage", "more"})
LAST_FLAGS = frozenset({"isLast", "is_last", "last_page", "lastPage"})


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
        if found is not None and not get_at(value, found):
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
        return 1 if self.items is None else len(get_at(self.value, self.items))

    def content(self) -> bytes:
        """The body as sent: JSON."""
        return json.dumps(self.value).encode()

    def edited(self, edit: Callable[[Any], None]) -> bytes:
        """A deep copy of the body, changed by ``edit``, as JSON."""
        value = copy.deepcopy(self.value)
        edit(value)
        return json.dumps(value).encode()


def get_at(value: Any, path: Path) -> Any:
    for key in path:
        value = value[key]
    return value


def set_at(value: Any, path: Path, new: Any) -> Any:
    if not path:
        return new
    get_at(value, path[:-1])[path[-1]] = new
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
            elif key in MORE_FLAGS | LAST_FLAGS and isinstance(child, bool):
                flags.append(here)
    return tuple(totals), tuple(nexts), tuple(flags)


# -- the derived faults ---------------------------------------------------------------------------
