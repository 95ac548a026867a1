"""How much of a call's target a model may see: all of it, its path, or none.

A target such as ``http://tickets.internal/api/search?q=refund`` names an internal host. Traces keep
it whole (redacted); what reaches a model or an MCP client can be reduced to the path
(``/api/search``) or left out, by a tool's ``target=`` option or a renderer's.
"""

from __future__ import annotations

from typing import Literal, get_args
from urllib.parse import urlsplit

__all__ = ["TargetView", "check_target_view", "view_target"]

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
