"""A griffe extension for the API reference: Sphinx roles in docstrings read as code.

The docstrings name other objects the way Sphinx does (``:func:`classify_http```,
``:class:`~tool_outcomes.Envelope```), which is also how a reader of the source sees them;
mkdocstrings renders Markdown, where the role would show as text. Each role becomes an inline code
span of the name (its last part when written with ``~``). mkdocs.yml lists this file under the
python handler's ``extensions``.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:py:)?(?:func|class|meth|attr|data|mod|exc|obj|const):`(?P<name>[^`]+)`")


def plain_roles(text: str) -> str:
    """``text`` with every Sphinx cross-reference role written as an inline code span."""

    def code(match: re.Match[str]) -> str:
        name = match["name"]
        if name.startswith("~"):
            name = name[1:].rsplit(".", 1)[-1]
        return f"`{name}`"

    return _ROLE.sub(code, text)


class SphinxRolesAsCode(griffe.Extension):
    """Rewrites each loaded object's docstring with :func:`plain_roles`."""

    def on_object(self, *, obj: griffe.Object, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = plain_roles(obj.docstring.value)
