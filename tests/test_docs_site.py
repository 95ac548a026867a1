"""The documentation site builds strictly, references every public name, and links nowhere
broken; the classifier's rules page is written from the classifier's own tables."""

from __future__ import annotations

import html.parser
import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest

import tool_outcomes
from docs_site import ROOT, built_site
from tool_outcomes import classify

DOCS = ROOT / "docs"


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


docs_hooks: Any = _load("docs_hooks", ROOT / "scripts" / "docs_hooks.py")


@pytest.fixture(scope="module")
def site() -> Path:
    build = built_site()
    assert build.returncode == 0, build.output[-6000:]
    return build.site


def test_the_site_builds_with_no_warning(site: Path) -> None:
    """--strict turns every warning into a failure; the log shows none either."""
    output = built_site().output
    assert "WARNING" not in output, output
    assert (site / "index.html").is_file()


# -- the API reference ----------------------------------------------------------------------


def _ids(page: Path) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', page.read_text(encoding="utf-8")))


def test_every_public_name_has_an_entry_in_the_reference(site: Path) -> None:
    """Each name of tool_outcomes.__all__ is rendered, with its own anchor, on a reference page."""
    anchors: set[str] = set()
    for page in (site / "reference").rglob("index.html"):
        anchors |= _ids(page)
    missing = [name for name in tool_outcomes.__all__ if f"tool_outcomes.{name}" not in anchors]
    assert missing == []


def test_docstrings_render_sphinx_roles_as_code(site: Path) -> None:
    """A docstring's :class:`X` reads as code on the site, never as the role's markup."""
    for page in (site / "reference").rglob("index.html"):
        text = page.read_text(encoding="utf-8")
        assert not re.search(r":(func|class|meth|attr|data|mod|exc):", text), page


def test_the_changelog_page_is_the_changelog(site: Path) -> None:
    """The changelog page includes CHANGELOG.md: each of its versions is a heading there."""
    versions = re.findall(r"^## \[([^\]]+)\]", (ROOT / "CHANGELOG.md").read_text(), re.M)
    assert "Unreleased" in versions
    assert tool_outcomes.__version__ in versions
    page = (site / "changelog" / "index.html").read_text(encoding="utf-8")
    for version in versions:
        assert f"[{version}]" in page or f">{version}<" in page, version


# -- links ----------------------------------------------------------------------------------


class _Links(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.targets: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value and ((tag == "a" and name == "href") or name == "src"):
                self.targets.append(value)


def _resolves(site: Path, page: Path, target: str) -> bool:
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not parts.path:
        return True  # another site, or an anchor on this page
    path = (page.parent / unquote(parts.path)).resolve()
    if not path.is_relative_to(site.resolve()):
        return False
    return path.is_file() or (path / "index.html").is_file()


def test_every_link_between_pages_of_the_site_resolves(site: Path) -> None:
    """Each relative href and src of every built page names a file of the site (the 404 page
    links by absolute path, under site_url, since it answers for any address)."""
    broken = []
    pages = sorted(p for p in site.rglob("*.html") if p.name != "404.html")
    assert len(pages) > 20
    for page in pages:
        parser = _Links()
        parser.feed(page.read_text(encoding="utf-8"))
        broken += [
            f"{page.relative_to(site)} -> {target}"
            for target in parser.targets
            if not _resolves(site, page, target)
        ]
    assert broken == []


def test_a_link_out_of_docs_names_a_file_of_the_repository() -> None:
    """A page's link to a repository file outside docs/ becomes an absolute link on the site;
    the file it names exists, so the rewrite hides no broken link."""
    found = []
    for page in DOCS.rglob("*.md"):
        relative = page.relative_to(DOCS).as_posix()
        for written, path in docs_hooks.outside_links(page.read_text(encoding="utf-8"), relative):
            found.append(path)
            assert (ROOT / path).exists(), f"{relative}: {written} names no file"
    assert found, "no page links out of docs/: the rewrite is untested"


@pytest.mark.parametrize(
    ("page", "markdown", "expected"),
    [
        ("a.md", "[n](../notebooks/README.md)", f"[n]({docs_hooks.SOURCE_URL}notebooks/README.md)"),
        ("x/a.md", "[d](../../dev.py#L3)", f"[d]({docs_hooks.SOURCE_URL}dev.py#L3)"),
        ("a.md", "[p](other.md) [q](x/y.md#h)", "[p](other.md) [q](x/y.md#h)"),
        (
            "a.md",
            "[w](https://example.com/a.md) [h](#here)",
            "[w](https://example.com/a.md) [h](#here)",
        ),
    ],
)
def test_only_links_that_leave_docs_are_made_absolute(
    page: str, markdown: str, expected: str
) -> None:
    """A link within docs/, to another site or to an anchor is left as written."""
    assert docs_hooks.absolute_outside_links(markdown, page) == expected


# -- the classifier's rules page ------------------------------------------------------------


@pytest.fixture(scope="module")
def rules() -> str:
    return str(docs_hooks.classifier_rules_markdown())


def _row_with(rules: str, *cells: str) -> bool:
    return any(all(cell in line for cell in cells) for line in rules.splitlines() if "|" in line)


def test_the_rules_page_has_a_row_for_every_status_rule(rules: str) -> None:
    """Each status of STATUS_RULES, with its code, kind and reason."""
    for status, rule in classify.STATUS_RULES.items():
        assert _row_with(rules, f"| `{status}` |", rule.code.value, rule.kind.value), status


def test_the_rules_page_has_a_row_for_every_transport_rule_in_order(rules: str) -> None:
    """Each exception class of TRANSPORT_RULES, most specific first, as the table orders them."""
    names = [f"`{cls.__module__}.{cls.__qualname__}`" for cls in classify.TRANSPORT_RULES]
    positions = [rules.index(name) for name in names]
    assert positions == sorted(positions)


def test_the_rules_page_lists_every_convention_in_the_order_tried(rules: str) -> None:
    """Each convention of CONVENTIONS, numbered in the order the classifier tries them."""
    for number, convention in enumerate(classify.CONVENTIONS, start=1):
        assert _row_with(rules, f"| {number} |", f"`{convention.name}`"), convention.name


@pytest.mark.parametrize(
    "table",
    [
        "JSONRPC_CODES",
        "GRAPHQL_CODES",
        "SLACK_ERRORS",
        "GOOGLE_STATUSES",
        "REDDIT_ERRORS",
        "AI_VENDOR_ERRORS",
    ],
)
def test_the_rules_page_lists_every_vocabulary_entry(rules: str, table: str) -> None:
    """Each code an upstream vocabulary maps, with the failure code it maps to."""
    for key, (code, kind) in getattr(classify, table).items():
        assert _row_with(rules, f"| `{key}` |", code.value, kind.value), (table, key)


def test_the_rules_page_follows_the_tables_not_a_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    """A row added to a table appears on the page: the page is generated, not written once."""
    rule = classify.StatusRule(
        tool_outcomes.FailureCode.RATE_LIMITED,
        tool_outcomes.FailureKind.TRANSIENT,
        "a status invented for this test",
    )
    monkeypatch.setitem(classify.STATUS_RULES, 599, rule)
    assert _row_with(
        docs_hooks.classifier_rules_markdown(), "| `599` |", "a status invented for this test"
    )


def test_the_generated_page_is_in_the_nav_and_not_in_docs() -> None:
    """The rules page exists only as generated; the nav names it."""
    assert not (DOCS / docs_hooks.RULES_PAGE).exists()
    assert docs_hooks.RULES_PAGE in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")


# -- the agent skill --------------------------------------------------------------------------

SKILLS = ROOT / "skills"


@pytest.mark.parametrize("skill", sorted(SKILLS.glob("*/SKILL.md")), ids=lambda p: p.parent.name)
def test_a_skill_has_the_agent_skills_front_matter(skill: Path) -> None:
    """YAML front matter with a name (the folder's, lowercase words and hyphens, at most 64
    characters) and a description of at most 1,024 characters, one line each; then a body."""
    text = skill.read_text(encoding="utf-8")
    match = re.match(r"---\n(.*?)\n---\n(.+)", text, re.S)
    assert match, "SKILL.md starts with --- front matter ---"
    meta = dict(re.findall(r"^([a-z-]+): (.+)$", match[1], re.M))
    assert len(meta) == len(match[1].splitlines()), "one `key: value` a line"
    assert set(meta) >= {"name", "description"}
    assert meta["name"] == skill.parent.name
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", meta["name"])
    assert len(meta["name"]) <= 64
    assert 0 < len(meta["description"]) <= 1024
    assert "```python" in match[2]


def test_the_skill_ships_in_the_repository() -> None:
    """There is one skill, for tool-outcomes itself."""
    assert [p.parent.name for p in SKILLS.glob("*/SKILL.md")] == ["tool-outcomes"]
