"""The documentation site in Chromium, served from 127.0.0.1 as `dev.py docs --build` makes it:
the home page, a reference page, search finding ``classify_http``, and every link between its
pages answering."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import urldefrag, urljoin

import pytest

from docs_site import built_site, serving

from .conftest import CHROMIUM, CHROMIUM_ARGS, PAGE_LIMIT_MS, require_browser

pytestmark = pytest.mark.browser
require_browser()

from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402

# Every <a href> of the page, resolved by the browser.
LINKS_JS = "() => [...document.querySelectorAll('a[href]')].map(a => a.href)"


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    build = built_site()
    assert build.returncode == 0, build.output[-6000:]
    with serving(build.site) as url:
        yield url


@pytest.fixture(scope="module")
def page(base: str) -> Iterator[Page]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS)
        )
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        context.set_default_timeout(PAGE_LIMIT_MS)
        # Offline: anything not on the site's own server (the Mermaid script's CDN) is refused.
        context.route(
            "**/*",
            lambda route: (
                route.continue_() if route.request.url.startswith(base) else route.abort()
            ),
        )
        try:
            yield context.new_page()
        finally:
            context.close()
            browser.close()


def test_the_home_page_shows_the_four_outcomes_and_the_nav(page: Page, base: str) -> None:
    """The home page opens with its title, the four outcomes table, and the site's sections."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(base)
    expect(page).to_have_title("tool-outcomes")
    expect(page.get_by_role("heading", level=1)).to_contain_text("tool-outcomes")
    table = page.locator("article table").first
    for outcome in ("success", "empty", "partial", "access_failure"):
        expect(table).to_contain_text(outcome)
    nav = page.locator("nav.md-nav--primary")
    for section in ("Quick start", "Concepts", "Integrations", "API reference", "Changelog"):
        expect(nav.get_by_text(section, exact=True).first).to_be_attached()
    assert errors == []


def test_a_reference_page_renders_a_public_name_with_its_docstring(page: Page, base: str) -> None:
    """classify_http has its heading, its signature and its documented arguments."""
    page.goto(urljoin(base, "reference/classify/"))
    entry = page.locator("[id='tool_outcomes.classify_http']")
    expect(entry).to_be_visible()
    expect(entry).to_contain_text("classify_http")
    doc = page.locator("div.doc-object").filter(has=entry).first
    expect(doc).to_contain_text("not_found")
    expect(doc).to_contain_text("Never raises")


def test_search_finds_classify_http(page: Page, base: str) -> None:
    """Typing the name into the search box lists a result on the reference page."""
    page.goto(base)
    page.keyboard.press("/")  # the site's own shortcut to the search box
    page.locator("input.md-search__input").press_sequentially("classify_http")
    results = page.locator(".md-search-result__item")
    expect(results.first).to_be_visible()
    found = page.locator(
        ".md-search-result a[href*='reference/classify/'][href*='#tool_outcomes.classify_http']"
    )
    expect(found).to_have_count(1)


def test_every_link_between_pages_answers(page: Page, base: str) -> None:
    """From the home page, every page the links reach is opened, and each link on it to the
    site itself answers 200."""
    to_visit, visited, checked = [base], set[str](), dict[str, int]()
    while to_visit:
        url = to_visit.pop()
        if url in visited:
            continue
        visited.add(url)
        page.goto(url)
        for link in page.evaluate(LINKS_JS):
            target = urldefrag(link).url
            if not target.startswith(base) or target in checked:
                continue
            checked[target] = page.request.get(target).status
            if target.endswith(("/", ".html")):
                to_visit.append(target)
    broken = {target: status for target, status in checked.items() if status != 200}
    assert broken == {}
    assert len(visited) > 20, sorted(visited)
