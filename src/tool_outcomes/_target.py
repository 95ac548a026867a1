"""How much of a call's target a model may see: all of it, its path, or none.

A target such as ``http://tickets.internal/api/search?q=refund`` names an internal host. Traces keep
it whole (redacted); what reaches a model or an MCP client can be reduced to the path
(``/api/search``) or left out, by a tool's ``target=`` option or a renderer's. A next-page URL
given as a cursor names the same host: a tool that hides its target passes the model only the
URL's path and query, which the handler joins with its base URL.
"""

from __future__ import annotations

from typing import Literal, get_args
from urllib.parse import urlsplit

__all__ = ["TargetView", "check_target_view", "view_cursor", "view_target"]

#: ``"full"``: the redacted target as recorded; ``"path"``: a URL's path only (a target that is not
#: a URL, such as ``search(q='x')``, names no host and is kept); ``"omit"``: no target at all.
TargetView = Literal["full", "path", "omit"]
_VIEWS: frozenset[str] = frozenset(get_args(TargetView))


def check_target_view(view: object) -> TargetView:
    """``view`` when it is one of the three target views, else a clear error.

    Raises:
        ValueError: for anything but ``"full"``, ``"path"`` or ``"omit"``.
    """
    if view not in _VIEWS:
        raise ValueError(f"target must be 'full', 'path' or 'omit', got {view!r}")
    return view  # type: ignore[return-value]  # checked against the Literal's members above


def view_target(target: str | None, view: TargetView) -> str | None:
    """The part of ``target`` that ``view`` lets through.

    Args:
        target: An envelope's target (already redacted), or ``None``.
        view: ``"full"``, ``"path"`` or ``"omit"``.

    Returns:
        The target, its path (``"/"`` for a bare host), or ``None``.
    """
    if target is None or view == "omit":
        return None
    if view == "full":
        return target
    try:
        parts = urlsplit(target)
    except ValueError:
        return target
    if not parts.scheme or not parts.netloc:
        return target
    return parts.path or "/"


def view_cursor(cursor: str | None, view: TargetView) -> str | None:
    """A cursor as a model may see it: a next-page URL loses its host unless ``view`` is full.

    Args:
        cursor: A coverage's ``next_cursor`` (an opaque token, a page number or a URL).
        view: ``"full"``, ``"path"`` or ``"omit"``.

    Returns:
        The cursor, or, for an absolute URL under ``"path"``/``"omit"``, its path and query.
    """
    if cursor is None or view == "full":
        return cursor
    try:
        parts = urlsplit(cursor)
    except ValueError:
        return cursor
    if not parts.scheme or not parts.netloc:
        return cursor
    return (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
