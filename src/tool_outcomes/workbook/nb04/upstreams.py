"""Teaching aids for notebook 04: the classifier's rules as tables, and one upstream it never met.

Notebook 04 opens up ``classify_http`` one rule at a time. Each rule is shown the same way:
what came back from a mocked upstream, what the naive tool really hands over (the value
``naive_tool(scenario)`` returns, not a description of it), and the classified outcome with its
evidence, one line per scenario (:func:`evidence_table`). The classifier's own
policy tables are shown too (:func:`status_table`, :func:`transport_table`), because a rule a
reader can scan is a rule a reader can check. Each is a :class:`~.tables.Table`: aligned text
when printed, a real table (cells wrapping between words) as a notebook cell's value.

The exercises need an upstream the package knows nothing about: **Acme Search**, an invented
search API whose bodies say ``{"status": "ok" | "partial" | "error", "hits": [...],
"hits_total": N}``. :func:`acme_response` builds one of its replies, and
:data:`ACME_DOC_EXAMPLES` are the three bodies its documentation shows. :func:`raw_view` prints
what an upstream sent, without classifying it, for the exercise that asks the learner to.
Everything here is deterministic: mocked transports only, no clocks, no addresses.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import httpx

from tool_outcomes._text import clip
from tool_outcomes.classify import TRANSPORT_RULES, status_rule
from tool_outcomes.envelope import Envelope
from tool_outcomes.front import classify_http
from tool_outcomes.workbook.scenarios import Scenario, came_back, fetch, get_scenario, naive_tool
from tool_outcomes.workbook.tables import Table

__all__ = [
    "ACME_DOC_EXAMPLES",
    "ACME_URL",
    "EvidenceRow",
    "acme_response",
    "classified",
    "evidence",
    "evidence_rows",
    "evidence_table",
    "naive_cell",
    "raw_view",
    "status_table",
    "transport_table",
]

#: Where the invented Acme Search API lives (a mocked host: nothing leaves the machine).
ACME_URL = "https://acme-search.example.test/v2/search"

#: The three reply bodies the Acme Search documentation shows, by the ``status`` they carry.
ACME_DOC_EXAMPLES: Mapping[str, Mapping[str, Any]] = MappingProxyType(
    {
        "ok": {
            "status": "ok",
            "hits": [{"id": "doc-17", "title": "Bolt, M6"}, {"id": "doc-23", "title": "Bolt, M8"}],
            "hits_total": 2,
        },
        "partial": {
            "status": "partial",
            "hits": [{"id": "doc-17", "title": "Bolt, M6"}],
            "hits_total": 1,
        },
        "error": {
            "status": "error",
            "hits": [],
            "hits_total": 0,
            "error": {"code": "index_unavailable", "message": "index 'parts' is offline"},
        },
    }
)

# Longest text shown in one table cell; longer values end in "…".
_NAIVE_MAX_CHARS = 30
_EVIDENCE_MAX_CHARS = 64
_RAW_BODY_MAX_CHARS = 480
# Where a raw body wraps, between JSON tokens: a notebook's output breaks long lines mid-word.
_RAW_LINE_MAX_CHARS = 100


def acme_response(
    body: object,
    *,
    status: int = 200,
    headers: Mapping[str, str] | None = None,
    query: str = "bolt",
) -> httpx.Response:
    """One reply of the Acme Search API, as an ``httpx.Response`` to its search request.

    Args:
        body: A ``str`` is sent as it is (give a ``content-type`` in ``headers``); anything
            else is sent as JSON with ``content-type: application/json``.
        status: The HTTP status.
        headers: Extra response headers (they override the default content type).
        query: The search query, for the request URL.

    Returns:
        A read response whose ``request`` is ``GET {ACME_URL}?q={query}``.
    """
    request = httpx.Request("GET", ACME_URL, params={"q": query})
    if isinstance(body, str):
        content, sent = body.encode(), {"content-type": "text/plain; charset=utf-8"}
    else:
        content, sent = json.dumps(body).encode(), {"content-type": "application/json"}
    sent.update(headers or {})
    return httpx.Response(status, headers=sent, content=content, request=request)


def classified(env: Envelope[Any]) -> str:
    """An envelope's outcome in one word: ``outcome``, ``outcome/code`` or ``outcome (why)``.

    Args:
        env: Any envelope.

    Returns:
        ``access_failure/timeout`` for a failure, ``partial (next_page)`` for a cut answer,
        else the outcome's value.
    """
    if env.failure is not None:
        return f"{env.outcome.value}/{env.failure.code.value}"
    if env.coverage is not None and env.coverage.truncated_by is not None:
        return f"{env.outcome.value} ({env.coverage.truncated_by.value})"
    return env.outcome.value


def evidence(env: Envelope[Any]) -> str:
    """The evidence the classifier recorded: the failure's detail, or what the coverage says.

    Args:
        env: Any envelope.

    Returns:
        One line of text (possibly empty for a plain success).
    """
    if env.failure is not None:
        return env.failure.detail
    if env.coverage is None:
        return ""
    return env.coverage.detail or env.coverage.summary()


@dataclass(frozen=True)
class EvidenceRow:
    """One scenario seen three ways: what came back, what the naive tool hands over, the outcome.

    ``naive`` is the list ``naive_tool(scenario)`` returns, so the table shows what that code
    really does (``[]`` also where it looks for items in the wrong place), never a description.
    """

    scenario: str
    came_back: str
    naive: list[Any]
    classified: str
    evidence: str
    envelope: Envelope[Any]


def _scenario(name: str | Scenario) -> Scenario:
    return name if isinstance(name, Scenario) else get_scenario(name)


def evidence_rows(*names: str | Scenario) -> list[EvidenceRow]:
    """Fetch and classify each scenario, with the scenario's own ``classify_kwargs``.

    Args:
        names: Scenario names (at least one).

    Returns:
        One :class:`EvidenceRow` per name, in the order given.
    """
    if not names:
        raise ValueError("name at least one scenario")
    rows = []
    for scenario in map(_scenario, names):
        result = fetch(scenario)
        env = classify_http(result, **scenario.classify_kwargs)
        rows.append(
            EvidenceRow(
                scenario=scenario.name,
                came_back=came_back(result),
                naive=naive_tool(scenario),
                classified=classified(env),
                evidence=evidence(env),
                envelope=env,
            )
        )
    return rows


def _clip(text: str, limit: int) -> str:
    return clip(" ".join(text.split()), limit)


def naive_cell(items: Sequence[Any]) -> str:
    """What the naive tool handed over, shortened for a table cell: ``[]`` or ``2 items: [...``.

    Args:
        items: The list ``naive_tool`` returned.

    Returns:
        ``"[]"`` for nothing; else the item count and the list's ``repr``, ending in "…" when
        longer than a cell (the count stays visible however long the items are).
    """
    if not items:
        return "[]"
    count = f"{len(items)} item{'' if len(items) == 1 else 's'}"
    return _clip(f"{count}: {items!r}", _NAIVE_MAX_CHARS)


def evidence_table(*names: str | Scenario) -> Table:
    """A table: scenario, what came back, what the naive tool hands over, the outcome, why.

    The naive column is :func:`naive_cell` of what ``naive_tool`` returned for the scenario.

    Args:
        names: Scenario names (at least one).

    Returns:
        A header and one row per scenario; long cells end in "…".
    """
    header = ("scenario", "came back", "naive tool hands over", "classified", "evidence")
    rows = [
        (
            row.scenario,
            row.came_back,
            naive_cell(row.naive),
            row.classified,
            _clip(row.evidence, _EVIDENCE_MAX_CHARS),
        )
        for row in evidence_rows(*names)
    ]
    return Table(header, rows)


def status_table(*statuses: int) -> Table:
    """The classifier's rule for each HTTP status, from ``classify.STATUS_RULES``.

    Args:
        statuses: Status codes (at least one). A 2xx has no rule: its body decides.

    Returns:
        A table: status, failure code, kind, and why.
    """
    if not statuses:
        raise ValueError("name at least one status")
    rows = []
    for status in statuses:
        rule = status_rule(status)
        if rule is None:
            rows.append((str(status), "-", "-", "2xx: the body decides"))
        else:
            rows.append((str(status), rule.code.value, rule.kind.value, rule.why))
    return Table(("status", "code", "kind", "why"), rows)


def transport_table() -> Table:
    """The classifier's rule for each exception class, from ``classify.TRANSPORT_RULES``.

    Returns:
        A table in the rule table's own order: exception, failure code, kind, and why. The
        most specific class an exception inherits from decides (``ReadTimeout`` is a
        ``TimeoutException``).
    """
    rows = [
        (_exception_name(cls), code.value, kind.value, why)
        for cls, (code, kind, why) in TRANSPORT_RULES.items()
    ]
    return Table(("exception", "code", "kind", "why"), rows)


def _exception_name(cls: type[BaseException]) -> str:
    return f"httpx.{cls.__name__}" if cls.__module__.startswith("httpx") else cls.__name__


def raw_view(name: str | Scenario) -> str:
    """What one scenario's upstream sent, unclassified: the status line, its type, the body.

    Args:
        name: A scenario name.

    Returns:
        ``"HTTP 200, content-type: application/json"`` and the body (up to 480 characters) on
        the next lines, wrapped between words at 100 characters; or the exception raised, for
        a transport failure.
    """
    result = fetch(_scenario(name))
    if isinstance(result, BaseException):
        return f"raised httpx.{type(result).__name__}"
    media_type = result.headers.get("content-type", "(none)")
    body = result.content.decode("utf-8", errors="replace")
    shown = textwrap.fill(
        _clip(body, _RAW_BODY_MAX_CHARS),
        width=_RAW_LINE_MAX_CHARS,
        break_long_words=False,
        break_on_hyphens=False,
    )
    return f"HTTP {result.status_code}, content-type: {media_type}\n{shown or '(no body)'}"
