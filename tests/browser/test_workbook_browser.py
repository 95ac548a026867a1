"""The workbook, run top to bottom in a real browser, as a new user would run it.

Issue 5 is done when opening JupyterLab with the README's command and running notebooks 00–04 top
to bottom works. This module proves it with headless Chromium driven by Playwright: for each
learner notebook it starts ``python3 dev.py lab`` exactly as the README does (fresh ``HOME``, free
loopback port, a token), opens the notebook's URL, clears every output, clicks Run → Run All Cells
and reads what the page then shows: every code cell ran once, in order; only cells tagged
``raises-exception`` show a traceback; the check lines are the unsolved learner's verdicts; the
envelopes' HTML badges render in colour. In notebooks 02 and 04 it then drives the widgets.

One server per notebook (not per test): the rule tests read the same snapshot of one run, so a
fresh server for each would repeat the same ~10 s start for nothing. Screenshots go to pytest's
``tmp_path`` only (``--basetemp`` to keep them). The server, the browser and Run All are in
``conftest.py``, shared with the other browser tests. The module is skipped only when Chromium or
Playwright is missing, and never when ``TOOL_OUTCOMES_BROWSER=required`` (CI): then it fails.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from .conftest import (
    APPENDIX,
    CHECK_LINE,
    ERROR_MIME,
    OUTCOME_WORDS,
    NotebookRun,
    require_browser,
    screenshot,
)

pytestmark = pytest.mark.browser
require_browser()

from playwright.sync_api import Page, expect  # noqa: E402

from tool_outcomes import Outcome, to_text  # noqa: E402
from tool_outcomes.workbook.scenarios import get_scenario  # noqa: E402
from tool_outcomes.workbook.widgets import (  # noqa: E402
    BUILDER_CSS,
    EXPLORER_CSS,
    BuilderState,
    build,
)

# -- the rules ---------------------------------------------------------------------------------


def test_the_page_shows_every_cell_of_the_notebook(ran: NotebookRun) -> None:
    """The page shows the notebook's cells, in order, one for one."""
    assert tuple(c.kind for c in ran.cells) == ran.expected.kinds


def test_every_code_cell_ran_once_in_order(ran: NotebookRun) -> None:
    """After Run All in a fresh kernel the execution counts read 1, 2, 3, … top to bottom."""
    prompts = [c.prompt for c in ran.cells if c.kind == "code"]
    assert prompts == [f"[{n}]:" for n in range(1, len(prompts) + 1)]


def test_errors_show_only_in_cells_tagged_raises_exception(ran: NotebookRun) -> None:
    """A traceback appears in every cell tagged raises-exception and in no other cell."""
    showing_errors = {
        index
        for index, cell in enumerate(ran.cells)
        if any(mime == ERROR_MIME for mime, _ in cell.outputs)
    }
    assert showing_errors == set(ran.expected.raises), {
        i: ran.cells[i].text[-800:] for i in showing_errors - ran.expected.raises
    }


def test_check_lines_are_the_unsolved_learner_verdicts(ran: NotebookRun) -> None:
    """Every check reads as committed: no [PASS], and each exercise's last check reads [TODO]."""
    shown = {
        index: tuple(word for word, _ in found)
        for index, cell in enumerate(ran.cells)
        if (found := CHECK_LINE.findall(cell.text))
    }
    assert shown == ran.expected.verdicts
    if APPENDIX.match(ran.name):
        assert not shown, "an appendix is reference, with no exercise to check"
        return
    assert shown, "a learner notebook has at least one check"
    lines = [line for cell in ran.cells for line in CHECK_LINE.findall(cell.text)]
    assert "PASS" not in {word for word, _ in lines}, "an unsolved copy cannot pass a check"
    last_verdict = {exercise: word for word, exercise in lines}
    assert set(last_verdict.values()) == {"TODO"}, last_verdict


def test_envelope_badges_render_as_coloured_outcomes(ran: NotebookRun) -> None:
    """Each envelope's HTML view shows a visible, coloured badge naming one of the four outcomes."""
    assert len(ran.badges) == ran.expected.badges
    for badge in ran.badges:
        assert badge["text"] in OUTCOME_WORDS
        assert badge["background"] not in {"rgba(0, 0, 0, 0)", "transparent"}, badge
        assert badge["width"] > 0, badge


def test_no_script_error_on_the_page(ran: NotebookRun) -> None:
    """JupyterLab ran the whole notebook without an uncaught script error in the page."""
    assert ran.page_errors == []


def test_a_screenshot_shows_the_run(ran: NotebookRun) -> None:
    """A screenshot of the ran notebook was taken (kept under pytest's tmp_path)."""
    assert ran.screenshots, "nothing to photograph: no badge, check line or table on the page"
    for shot in ran.screenshots:
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# -- part 1: diagrams drawn, and outputs that fit without breaking a word ----------------------

# Two frames after a scroll: the element is laid out where it now is (content-visibility skips
# the layout of cells out of view).
_FRAMES_JS = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"

# Each Mermaid diagram as JupyterLab renders it: a figure holding an <img> of the SVG, or a
# warning box holding the parse error.
READ_DIAGRAMS_JS = """async () => {
  const frames = __FRAMES__;
  const found = [];
  for (const box of document.querySelectorAll('.jp-NotebookPanel .jp-RenderedMermaid')) {
    box.scrollIntoView({block: 'center'});
    await frames();
    const img = box.querySelector('figure img');
    const src = img?.getAttribute('src') ?? '';
    const prefix = 'data:image/svg+xml,';
    const svg = src.startsWith(prefix) ? decodeURIComponent(src.slice(prefix.length)) : '';
    found.push({warning: box.classList.contains('jp-mod-warning'), svg: svg.includes('<svg'),
                error: /syntax error|parse error/i.test(svg + box.textContent),
                width: img?.naturalWidth ?? 0, height: img?.naturalHeight ?? 0});
  }
  return found;
}""".replace("__FRAMES__", _FRAMES_JS)

# Every word of every output (and of every Markdown table) that the page breaks across two lines,
# and every table wider than its output area. A <pre> in JupyterLab's output breaks a long line
# anywhere (word-break: break-all), so a word on two lines is the sign of a line too wide. A line
# may break after a hyphen (Retry-After), as type does. A traceback (a cell that raises on
# purpose) is left as Python prints it.
READ_LAYOUT_JS = """async () => {
  const frames = __FRAMES__;
  const range = document.createRange();
  const broken = (root) => {
    const words = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.data.matchAll(/[^\\s-]+/g)) {
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()]
          .filter(r => r.width > 0).map(r => Math.round(r.top / 4)));
        if (tops.size > 1) words.push(match[0]);
      }
    }
    return words;
  };
  const problems = [];
  const areas = [...document.querySelectorAll(
    '.jp-NotebookPanel .jp-OutputArea-output:not([data-mime-type="__STDERR__"]),'
    + ' .jp-NotebookPanel .jp-MarkdownCell table')];
  for (const area of areas) {
    area.scrollIntoView({block: 'center'});
    await frames();
    const cell = [...document.querySelectorAll('.jp-NotebookPanel .jp-Cell')]
      .findIndex(c => c.contains(area));
    for (const word of broken(area)) problems.push(`cell ${cell}: '${word}' breaks mid-word`);
    for (const table of area.matches('table') ? [area] : area.querySelectorAll('table')) {
      const room = (area.matches('table') ? area.parentElement : area).clientWidth;
      if (table.getBoundingClientRect().width > room + 1) {
        problems.push(`cell ${cell}: a table wider than its area (${room}px)`);
      }
    }
  }
  return problems;
}""".replace("__FRAMES__", _FRAMES_JS).replace("__STDERR__", ERROR_MIME)


def test_every_mermaid_diagram_renders_as_a_picture(ran: NotebookRun) -> None:
    """Each ```mermaid fence becomes an SVG picture on the page, never the parse-error box."""
    if not ran.expected.diagrams:
        pytest.skip(f"{ran.name} has no diagram")
    page = ran.page
    page.wait_for_function(
        f"() => document.querySelectorAll('.jp-NotebookPanel .jp-RenderedMermaid').length"
        f" >= {ran.expected.diagrams}"
    )
    diagrams: list[dict[str, Any]] = page.evaluate(READ_DIAGRAMS_JS)
    assert len(diagrams) == ran.expected.diagrams
    for diagram in diagrams:
        assert not diagram["warning"], diagram
        assert not diagram["error"], diagram
        assert diagram["svg"], diagram
        assert min(diagram["width"], diagram["height"]) > 0, diagram
    screenshot(page, ".jp-RenderedMermaid figure", ran.workdir / f"{ran.name}-diagram.png")


def test_outputs_fit_the_page_without_breaking_a_word(ran: NotebookRun) -> None:
    """At 1400 px no output line, table cell or Markdown table wraps mid-word (JupyterLab breaks
    a long output line wherever the edge falls; notebooks print long lines with ``show``)."""
    assert ran.page.evaluate(READ_LAYOUT_JS) == []


# -- the widgets, driven as a person would drive them ----------------------------------------

# Notebook 02's builder starts from the bug the notebook shows (a timeout that still hands back
# []): this is its cell's BuilderState. Each step changes one control; the preview must then show
# what build() makes of the new state.
BUILDER_START = BuilderState(
    outcome=Outcome.ACCESS_FAILURE, has_failure=True, item_count=0, has_coverage=False
)
BUILDER_STEPS: tuple[tuple[str, Outcome | bool], ...] = (
    ("has_data", False),
    ("outcome", Outcome.PARTIAL),
    ("outcome", Outcome.EMPTY),
    ("has_failure", False),
    ("outcome", Outcome.SUCCESS),
)
# Scenarios to pick in notebook 04's explorer (it starts on lying_html_200): one per outcome.
EXPLORER_PICKS = ("empty", "drf_next_page", "drf_single_page", "connect_timeout")


def _expect_builder_preview(page: Page, state: BuilderState) -> None:
    """The builder's preview shows exactly what build() makes of the state."""
    preview = page.locator(".to-builder-preview")
    result = build(state)
    if isinstance(result, list):
        box = preview.locator(".to-builder-invalid")
        expect(box).to_have_text("This envelope cannot exist:" + "".join(result))
    else:
        expect(preview.locator(".to-builder-valid .tool-outcomes-envelope > span")).to_have_text(
            result.outcome.value
        )
        expect(preview.locator(".to-builder-valid pre")).to_have_text(to_text(result))


@pytest.mark.parametrize("ran", ["02_four_outcomes"], indirect=True)
def test_builder_preview_follows_its_controls(ran: NotebookRun) -> None:
    """After each change of a control the builder shows the new envelope or the rules it breaks."""
    page = ran.page
    state = BUILDER_START
    _expect_builder_preview(page, state)
    for field, value in BUILDER_STEPS:
        control = page.locator(f".{BUILDER_CSS[field]}")
        if isinstance(value, Outcome):
            control.locator("select").select_option(label=value.value)
        else:
            control.locator("input[type=checkbox]").set_checked(value)
        change: dict[str, Any] = {field: value}
        state = replace(state, **change)
        _expect_builder_preview(page, state)
    screenshot(page, f".{BUILDER_CSS['builder']}", ran.workdir / f"{ran.name}-builder.png")


@pytest.mark.parametrize("ran", ["04_classifying_upstreams"], indirect=True)
def test_explorer_shows_the_picked_scenarios_classified_outcome(ran: NotebookRun) -> None:
    """Picking a scenario shows that scenario, classified as the catalogue expects."""
    page = ran.page
    select = page.locator(f".{EXPLORER_CSS['select']} select")
    preview = page.locator(f".{EXPLORER_CSS['preview']}")
    assert {get_scenario(name).expected_outcome for name in EXPLORER_PICKS} == set(Outcome)
    for name in EXPLORER_PICKS:
        select.select_option(label=name)
        shown = preview.locator(f".to-explorer-scenario[data-scenario='{name}']")
        expect(shown).to_have_count(1)
        expect(shown.locator(".tool-outcomes-envelope > span")).to_have_text(
            get_scenario(name).expected_outcome.value
        )
    screenshot(page, f".{EXPLORER_CSS['explorer']}", ran.workdir / f"{ran.name}-explorer.png")
