"""Whether a POST is a GraphQL query: a read sent the only way some servers take it.

GraphQL over HTTP sends every operation by POST (a GET may carry only a query), so the method
alone calls a query a write: an HTML maintenance page answering it would read as a write
acknowledged, and a timeout as a write that may have taken effect. A query is a read ("query: a
read-only fetch", https://spec.graphql.org/October2021/#sec-Language.Operations); a mutation is
a write, and so is anything this module cannot read for certain.

:func:`is_query` reads the request body as the GraphQL-over-HTTP draft describes it
(https://graphql.github.io/graphql-over-http/draft/#sec-Request): a JSON object whose ``query``
is the document, with an optional ``operationName`` choosing among its operations, or a JSON
array of such objects (a batch, as Apollo sends it). The document is scanned, not parsed: only
the keyword that opens each top-level definition is read, with strings, block strings and
comments skipped and brackets counted so that a field named ``mutation`` inside a selection set
is never taken for an operation.
"""

from __future__ import annotations

import json
import re
from typing import Any

from tool_outcomes.envelope import is_write

__all__ = ["is_query", "writes"]

#: A request body past this is not scanned (a query is a few kilobytes).
_MAX_BYTES = 65_536
#: The tokens that matter at the top level: a name, a string (block or not), a comment, or a
#: bracket. Anything else (punctuators, numbers, whitespace, commas) is skipped.
_TOKEN = re.compile(
    r'(?P<block>"""(?:\\"""|[^"]|"(?!""))*""")'
    r'|(?P<string>"(?:\\.|[^"\\\n])*")'
    r"|(?P<comment>#[^\n\r]*)"
    r"|(?P<name>[_A-Za-z][_0-9A-Za-z]*)"
    r"|(?P<open>[{(\[])"
    r"|(?P<close>[})\]])"
)
_OPERATIONS = frozenset({"query", "mutation", "subscription"})


def writes(method: str | None, body: bytes | None) -> bool:
    """Whether a request may change something upstream: a write method
    (:func:`~tool_outcomes.envelope.is_write`), unless it is a GraphQL query sent by POST."""
    return is_write(method) and not (str(method).upper() == "POST" and is_query(body))


def is_query(body: bytes | None) -> bool:
    """Whether ``body`` is a GraphQL request whose operation (each, for a batch) is a query.

    ``False`` for anything else: a mutation or a subscription, a persisted query sent without
    its text, a document with several operations and no ``operationName`` to choose one, a body
    that is not such a request, or one too long to scan.
    """
    if not body or len(body) > _MAX_BYTES or b'"query"' not in body:
        return False
    try:
        request = json.loads(body)
    except (ValueError, RecursionError):  # not JSON (nor UTF-8), or nested past the stack
        return False
    requests = request if isinstance(request, list) else [request]
    return bool(requests) and all(_asks_a_query(one) for one in requests)


def _asks_a_query(request: Any) -> bool:
    if not isinstance(request, dict):
        return False
    document, chosen = request.get("query"), request.get("operationName")
    if not isinstance(document, str) or not (chosen is None or isinstance(chosen, str)):
        return False
    operations = _operations(document)
    if operations is None:
        return False
    if chosen:
        kinds = [kind for kind, name in operations if name == chosen]
        return kinds == ["query"]
    return len(operations) == 1 and operations[0][0] == "query"


def _operations(document: str) -> list[tuple[str, str | None]] | None:
    """Each operation the document defines, as ``(type, name)``; ``None`` when it is not an
    executable document this scan can read."""
    operations: list[tuple[str, str | None]] = []
    depth = 0
    opening = True  # the next top-level token opens a definition
    naming: int | None = None  # the index of an operation still waiting for its name
    for token in _TOKEN.finditer(document):
        kind = token.lastgroup
        if kind in ("block", "string", "comment"):
            continue
        text = token.group()
        if kind == "open":
            if depth == 0 and opening and text == "{":
                operations.append(("query", None))  # the shorthand: a selection set alone
                opening = False
            depth += 1
            naming = None
        elif kind == "close":
            depth -= 1
            if depth < 0:
                return None
            if depth == 0 and text == "}":
                opening = True  # a top-level selection set closes its definition
        elif depth == 0:
            if opening:
                if text in _OPERATIONS:
                    operations.append((text, None))
                    naming = len(operations) - 1
                elif text != "fragment":
                    return None  # a type definition, or not GraphQL at all
                opening = False
            elif naming is not None:
                operations[naming] = (operations[naming][0], text)
                naming = None
    return operations if depth == 0 and opening else None
