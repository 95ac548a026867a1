"""MkDocs hooks for the documentation site (mkdocs.yml names this file under ``hooks:``).

- The classifier's rules page, ``classifier-rules.md``, is written at build time from the public
  tables ``tool_outcomes.classify`` exports, so the page cannot drift from the code.
- A link from a page to a repository file outside ``docs/`` (``../notebooks/README.md``) has no
  page on the site: it is made absolute, to the file on the source host. The docs tests check
  that every such file exists, so the rewrite hides no broken link.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Mapping
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

#: Where a repository file is shown when a page links to it from outside docs/.
SOURCE_URL = "https://github.com/tool-outcomes/tool-outcomes/blob/main/"
RULES_PAGE = "classifier-rules.md"

# [text](target) and [text](target "title"); a target with a scheme or only an anchor is left.
_LINK = re.compile(r"\]\((?P<target>(?![a-z][a-z0-9+.-]*:|#)[^)\s]+)(?P<title>\s+\"[^\"]*\")?\)")


def outside_links(markdown: str, page_path: str) -> list[tuple[str, str]]:
    """Every relative link that leaves ``docs/``: (as written, the repository path it names).

    Args:
        markdown: A page's source.
        page_path: The page's path inside ``docs/`` (``guide/page.md``).
    """
    found = []
    for match in _LINK.finditer(markdown):
        written = match["target"]
        path = written.split("#", 1)[0]
        joined = posixpath.normpath(posixpath.join("docs", posixpath.dirname(page_path), path))
        if path and not joined.startswith("docs/") and not joined.startswith("../"):
            found.append((written, joined))
    return found


def absolute_outside_links(markdown: str, page_path: str) -> str:
    """``markdown`` with each link out of ``docs/`` pointed at the file on the source host."""
    for written, repository_path in outside_links(markdown, page_path):
        anchor = written.partition("#")[2]
        url = SOURCE_URL + repository_path + (f"#{anchor}" if anchor else "")
        markdown = markdown.replace(f"]({written}", f"]({url}")
    return markdown


# -- the classifier's rules, from its tables ----------------------------------------------------


def _cell(value: object) -> str:
    """A table cell: the enum's value, or the text with pipes escaped, on one line."""
    text = str(getattr(value, "value", value))
    return " ".join(text.replace("|", "\\|").split())


def _table(header: Iterable[str], rows: Iterable[Iterable[object]]) -> str:
    head = list(header)
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(_cell(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def _code_table(name: str, table: Mapping[Any, tuple[Any, Any]], key: str) -> str:
    rows = ((f"`{k}`", code, kind) for k, (code, kind) in table.items())
    return f"### `{name}`\n\n" + _table([key, "failure code", "kind"], rows)


def classifier_rules_markdown() -> str:
    """The classifier's rules page, from the tables ``tool_outcomes.classify`` exports."""
    from tool_outcomes import classify

    status = _table(
        ["status", "failure code", "kind", "why"],
        (
            (f"`{code}`", rule.code, rule.kind, rule.why)
            for code, rule in sorted(classify.STATUS_RULES.items())
        ),
    )
    defaults = []
    for status_class, example in ((1, 199), (3, 399), (4, 499), (5, 599)):
        if example in classify.STATUS_RULES:
            continue
        rule = classify.status_rule(example)
        assert rule is not None
        defaults.append((f"`{status_class}xx`", rule.code, rule.kind, rule.why))
    transport = _table(
        ["exception (most specific first)", "failure code", "kind", "what it means"],
        (
            (f"`{cls.__module__}.{cls.__qualname__}`", code, kind, why)
            for cls, (code, kind, why) in classify.TRANSPORT_RULES.items()
        ),
    )
    conventions = _table(
        ["order", "convention", "why it sits here"],
        ((str(n), f"`{c.name}`", c.why) for n, c in enumerate(classify.CONVENTIONS, start=1)),
    )
    vocabularies = "\n".join(
        _code_table(name, getattr(classify, name), key)
        for name, key in (
            ("JSONRPC_CODES", "JSON-RPC error code"),
            ("GRAPHQL_CODES", "GraphQL `extensions.code` / `type`"),
            ("SLACK_ERRORS", "Slack `error`"),
            ("GOOGLE_STATUSES", "Google `error.status`"),
            ("REDDIT_ERRORS", "Reddit error name"),
            ("AI_VENDOR_ERRORS", "error `type`"),
        )
    )
    return f"""# The classifier's rules

This page is generated from the tables `tool_outcomes.classify` exports, each time the site is
built: what it says is what the code does. `classify_http` asks its questions in this order, and
the first answer wins:

```mermaid
flowchart TD
    R(["a response, or the exception raised getting it"]) --> Q1
    Q1("1 · did the transport fail?"):::question -- yes --> A1["access_failure"]:::failure
    Q1 -- no --> Q2("2 · is the status an error?"):::question
    Q2 -- yes --> A2["access_failure"]:::failure
    Q2 -- no --> Q3("3 · is the body the JSON promised?"):::question
    Q3 -- no --> A3["access_failure (invalid_body)"]:::failure
    Q3 -- yes --> Q4("4 · does its dialect report a failure or a cut?"):::question
    Q4 -- a failure --> A4["access_failure"]:::failure
    Q4 -- a cut --> P4["partial"]:::partial
    Q4 -- neither --> Q5("5 · is it one page of something larger?"):::question
    Q5 -- yes --> P5["partial"]:::partial
    Q5 -- no --> Q6("anything in the collection?"):::question
    Q6 -- yes --> S["success"]:::success
    Q6 -- no --> E["empty"]:::empty
    classDef success fill:#2e7d32,stroke:#2e7d32,color:#fff
    classDef empty fill:#1565c0,stroke:#1565c0,color:#fff
    classDef partial fill:#ef6c00,stroke:#ef6c00,color:#fff
    classDef failure fill:#c62828,stroke:#c62828,color:#fff
    classDef question fill:#f5f5f5,stroke:#757575,color:#212121
```

A `transient` failure may succeed if asked again (the retry policy retries it); a `permanent`
one will not, and surfaces at once.

## 1. The transport: `TRANSPORT_RULES`

An exception raised while sending or reading is looked up along its class's MRO, so the most
specific row wins. Its body, if any, is never read as an answer.

{transport}
## 2. The status: `STATUS_RULES`

A `2xx` goes on to the body. Every other final status is an `access_failure`: a status listed
here takes its row, any other takes its class's default.

{status}
Defaults for a status that is not listed:

{_table(["class", "failure code", "kind", "why"], defaults)}
## 3. The body

A `2xx` body must be what was declared (`expect="json"` by default): an HTML login page, a body
that is not JSON, a JSON document nested too deep or too large for the cap is an
`access_failure`, never an empty list. An empty body answering a read is a verified `empty`;
answering a write, an acknowledged `success`.

## 4. The conventions: `CONVENTIONS`

Upstreams say in their own words, inside a `200`, whether the call worked. The conventions are
tried in this order; the first that finds evidence decides.

{conventions}
The vocabularies the conventions map, code by code (any code not listed is the convention's
default, usually `upstream_error`, permanent):

{vocabularies}
## 5. Collection and pagination

Where the items are (`items=`, or a bare list, or one well-known list key) and whether more
remain: a total above the items returned (`total=`), a next-page link or cursor, a `has_more`
flag or an upstream's own truncation flag makes the answer `partial`, with
`coverage.next_cursor` where the upstream gave one. An explicit "this is the last"
(`has_more: false`, `done: true`, `isLast: true`) outranks a next link. A later page with no next
page whose start (`coverage.offset`) plus its items reach the total completes the listing: a
`success`. With no items and no sign of more, the answer is `empty`. Each API's paging words
are on [How pages are read](paging.md).
"""


# -- the hooks ----------------------------------------------------------------------------------


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the generated classifier rules page."""
    files.append(File.generated(config, RULES_PAGE, content=classifier_rules_markdown()))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Point links out of ``docs/`` at the repository's files."""
    return absolute_outside_links(markdown, page.file.src_uri)
