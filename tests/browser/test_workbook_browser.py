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
``tmp_path`` only (``--basetemp`` to keep them). The module is skipped only when Chromium or
Playwright is missing, and never when ``TOOL_OUTCOMES_BROWSER=required`` (CI): then it fails.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import re
import signal
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from lab_server import free_port, lab_command, lab_env

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
TOKEN = "tool-outcomes-browser-token"
# Lessons (NN_topic) and their appendices (NNa_topic, reference tables without exercises).
LEARNER_NOTEBOOKS = tuple(sorted(p.stem for p in NOTEBOOKS.glob("[0-9][0-9]*_*.ipynb")))
APPENDIX = re.compile(r"^\d{2}[a-z]_")
# Part 1 of the workbook, whose outputs are held to fit the page without breaking a word.
PART_1 = re.compile(r"^0[0-4][a-z]?_")
MERMAID_FENCE = re.compile(r"^```mermaid\s*$", re.MULTILINE)

# Every wait is bounded; none is a timing assertion (a slow machine only waits longer).
STARTUP_LIMIT_S = 90.0
PAGE_LIMIT_MS = 60_000
RUN_ALL_LIMIT_MS = 180_000
STOP_LIMIT_S = 20.0

# TOOL_OUTCOMES_BROWSER: what a missing browser means. CI sets "required".
MISSING_BROWSER_MEANS = {"": "skip", "optional": "skip", "required": "fail"}

# Per-user settings in the throwaway HOME: the test must never save a notebook back into the repo.
USER_SETTINGS = {"@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False}}

OUTCOME_WORDS = ("success", "empty", "partial", "access_failure")
CHECK_LINE = re.compile(r"^\[(PASS|FAIL|TODO)\] (\d\d\.\d+)\b", re.MULTILINE)
ERROR_MIME = "application/vnd.jupyter.stderr"
RAISES = "raises-exception"


def _missing_browser() -> str | None:
    if importlib.util.find_spec("playwright") is None:
        return "playwright is not installed (pip install playwright; never `playwright install`)"
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install -y chromium)"
    return None


def _missing_browser_means() -> str:
    setting = os.environ.get("TOOL_OUTCOMES_BROWSER", "")
    if setting not in MISSING_BROWSER_MEANS:
        pytest.fail(
            f"TOOL_OUTCOMES_BROWSER={setting!r}: expected one of {sorted(MISSING_BROWSER_MEANS)}",
            pytrace=False,
        )
    return MISSING_BROWSER_MEANS[setting]


pytestmark = pytest.mark.browser

_MISSING_MEANS = _missing_browser_means()  # read first: a misspelt setting fails even here
_MISSING = _missing_browser()
if _MISSING is not None:
    if _MISSING_MEANS == "fail":
        pytest.fail(f"TOOL_OUTCOMES_BROWSER=required, but {_MISSING}", pytrace=False)
    pytest.skip(_MISSING, allow_module_level=True)

from playwright.sync_api import (  # noqa: E402
    Browser,
    Page,
    expect,
    sync_playwright,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError  # noqa: E402

from tool_outcomes import Outcome, to_text  # noqa: E402
from tool_outcomes.workbook.scenarios import get_scenario  # noqa: E402
from tool_outcomes.workbook.widgets import (  # noqa: E402
    BUILDER_CSS,
    EXPLORER_CSS,
    BuilderState,
    build,
)

# -- what the committed learner notebook says the page should show ----------------------------


@dataclass(frozen=True)
class Expected:
    """What one learner notebook, as committed, promises a fresh run shows."""

    kinds: tuple[str, ...]  # "code" / "markdown" / "raw", one per cell, in order
    raises: frozenset[int]  # indices of cells tagged raises-exception
    verdicts: dict[int, tuple[str, ...]]  # cell index -> its check lines' verdict words
    badges: int  # envelope HTML views among the outputs
    diagrams: int  # Mermaid diagrams in the Markdown cells


def _joined(text: str | list[str]) -> str:
    """A notebook's multiline string: stored either whole or as a list of lines."""
    return text if isinstance(text, str) else "".join(text)


def _expected(name: str) -> Expected:
    cells: list[dict[str, Any]] = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text())["cells"]
    verdicts: dict[int, tuple[str, ...]] = {}
    badges = 0
    for index, cell in enumerate(cells):
        text = ""
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            text += _joined(data.get("text/plain", "")) + _joined(output.get("text", ""))
            badges += "tool-outcomes-envelope" in _joined(data.get("text/html", ""))
        if found := CHECK_LINE.findall(text):
            verdicts[index] = tuple(word for word, _ in found)
    return Expected(
        kinds=tuple(cell["cell_type"] for cell in cells),
        raises=frozenset(
            i for i, c in enumerate(cells) if RAISES in c.get("metadata", {}).get("tags", [])
        ),
        verdicts=verdicts,
        badges=badges,
        diagrams=sum(
            len(MERMAID_FENCE.findall(_joined(c["source"])))
            for c in cells
            if c["cell_type"] == "markdown"
        ),
    )


# -- the server, exactly as the README starts it ----------------------------------------------


def _answers(base: str) -> bool:
    request = urllib.request.Request(
        f"{base}/api/status", headers={"Authorization": f"token {TOKEN}"}
    )
    try:
        with urllib.request.urlopen(request, timeout=5) as response:  # loopback only
            return int(response.status) == 200
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return False


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Stop dev.py and the JupyterLab it started: they share a process group of their own."""
    # dev.py becomes the server (execv), but JupyterLab's own children share the group.
    for sig, limit_s in ((signal.SIGTERM, STOP_LIMIT_S), (signal.SIGKILL, 10.0)):
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            break
        try:
            process.wait(timeout=limit_s)
            # The group outlives dev.py while jupyter shuts its kernels down; wait for it too.
            deadline = time.monotonic() + limit_s
            while time.monotonic() < deadline:
                os.killpg(process.pid, 0)
                time.sleep(0.1)  # polling a real process's exit, not a timing assertion
        except ProcessLookupError:
            break
        except subprocess.TimeoutExpired:
            continue


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the module; each notebook gets its own context and server."""
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS)
        )
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="module")
def workbook_untouched() -> Iterator[None]:
    """Running the notebooks in a browser must leave the committed notebooks byte for byte."""

    def digests() -> dict[str, str]:
        return {
            p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in NOTEBOOKS.glob("*.ipynb")
        }

    before = digests()
    yield
    assert digests() == before, "the browser run saved a notebook back into notebooks/"


def _start_lab(home: Path, log_path: Path) -> tuple[subprocess.Popen[bytes], str]:
    config = home / ".jupyter"
    for relative, settings in USER_SETTINGS.items():
        target = config / "lab" / "user-settings" / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(settings))
    port = free_port()  # dev.py itself writes the environment's no-news settings override
    env = lab_env(home)
    command = lab_command(port, TOKEN)
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
    return process, f"http://127.0.0.1:{port}"


# -- the page ---------------------------------------------------------------------------------

# Each cell of the open notebook as the page shows it, in order.
READ_CELLS_JS = """() => [...document.querySelectorAll('.jp-NotebookPanel .jp-Notebook .jp-Cell')]
  .map(cell => ({
    kind: cell.classList.contains('jp-CodeCell') ? 'code'
        : cell.classList.contains('jp-MarkdownCell') ? 'markdown' : 'raw',
    prompt: (cell.querySelector('.jp-InputArea-prompt')?.textContent ?? '').trim(),
    outputs: [...cell.querySelectorAll('.jp-OutputArea-output')].map(o => ({
      mime: o.dataset.mimeType ?? '', text: o.textContent ?? ''})),
  }))"""

# The envelope badges among the notebook's own HTML outputs (not inside widgets).
READ_BADGES_JS = """() => [...document.querySelectorAll(
    '.jp-OutputArea-output[data-mime-type="text/html"] .tool-outcomes-envelope > span')]
  .map(s => ({text: s.textContent.trim(), background: getComputedStyle(s).backgroundColor,
              width: s.getBoundingClientRect().width}))"""

# The kernel is ready as the status bar tells a person: "Python 3 (ipykernel) | Idle". The
# notebook's execution indicator is no signal: it reads "idle" while the kernel still initializes,
# and JupyterLab then refuses Run All with a "still initializing" notification.
KERNEL_READY_JS = """() => [...document.querySelectorAll('.jp-StatusBar-TextItem')]
  .some(item => item.textContent.trim() === 'Python 3 (ipykernel) | Idle')"""

# Run All has settled: the kernel is idle, no cell is queued or running ("[*]"), and at least one
# cell ran; or a notification popped up. Both also hold when Run All stops early or is refused,
# so that is reported at once, not waited out.
RAN_ALL_JS = """() => {
  if (document.querySelector('.Toastify__toast')) return true;
  const prompts = [...document.querySelectorAll(
    '.jp-NotebookPanel .jp-CodeCell .jp-InputArea-prompt')].map(p => p.textContent.trim());
  const status = document.querySelector('.jp-NotebookPanel .jp-Notebook-ExecutionIndicator');
  return status?.dataset.status === 'idle' && !prompts.includes('[*]:')
      && prompts.some(p => /^\\[\\d+\\]:$/.test(p));
}"""


@dataclass(frozen=True)
class Cell:
    """One notebook cell as the page shows it."""

    kind: str
    prompt: str
    outputs: tuple[tuple[str, str], ...]  # (mime type, text) per output

    @property
    def text(self) -> str:
        return "".join(text for _, text in self.outputs)


@dataclass
class NotebookRun:
    """One learner notebook after Run All Cells in the browser; the page stays open."""

    name: str
    page: Page
    expected: Expected
    cells: list[Cell]
    badges: list[dict[str, Any]]
    page_errors: list[str]
    screenshots: list[Path]
    workdir: Path


def _menu(page: Page, menu: str, command: str) -> None:
    """Click a menu-bar menu, then one of its items, by the command the item runs."""
    page.locator(".lm-MenuBar-item", has_text=menu).click()
    page.locator(f".lm-Menu-item[data-command='{command}']").click()


def _read_cells(page: Page) -> list[Cell]:
    raw: list[dict[str, Any]] = page.evaluate(READ_CELLS_JS)
    return [
        Cell(c["kind"], c["prompt"], tuple((o["mime"], o["text"]) for o in c["outputs"]))
        for c in raw
    ]


# Whether an element is inside the viewport, and centring it there (after two frames, so the
# answer is about the laid-out page).
IN_VIEW_JS = """e => { const box = e.getBoundingClientRect();
  return box.top >= 0 && box.top < window.innerHeight && box.height > 0; }"""
CENTRE_JS = """e => { e.scrollIntoView({block: 'center'});
  return new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done())));
}"""
# A windowed notebook estimates the height of cells it has not laid out yet, and JupyterLab may
# still scroll to the active cell after Run All: a scroll can land short or be undone. Each
# attempt re-centres and re-shoots until the element is in the picture. Bounded, no sleeping.
CENTRE_ATTEMPTS = 5


def _screenshot(page: Page, selector: str, path: Path) -> Path | None:
    """Photograph the page as a person sees it with the first match of ``selector`` in view."""
    found = page.locator(selector)
    if found.count() == 0:
        return None
    for _ in range(CENTRE_ATTEMPTS):
        found.first.evaluate(CENTRE_JS)
        page.screenshot(path=str(path))
        if found.first.evaluate(IN_VIEW_JS):
            break
    return path


def _run_in_browser(page: Page, base: str, name: str, shots: Path) -> NotebookRun:
    page_errors: list[str] = []
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    page.goto(f"{base}/lab/tree/{name}.ipynb?token={TOKEN}")
    page.wait_for_function(KERNEL_READY_JS)
    assert page.locator(".jp-Dialog").count() == 0, "a dialog greets the user on opening"
    assert page.locator(".jp-NotebookPanel").count() == 1, "exactly the one notebook is open"

    # Clear first: the committed outputs are already on the page, so only a cleared notebook
    # proves that what is read afterwards was produced by this run.
    _menu(page, "Edit", "editmenu:clear-all")
    cleared = _read_cells(page)
    assert all(c.prompt in {"", "[ ]:"} and not c.outputs for c in cleared), "outputs not cleared"

    _menu(page, "Run", "runmenu:run-all")
    try:
        page.wait_for_function(RAN_ALL_JS, timeout=RUN_ALL_LIMIT_MS)
    except PlaywrightTimeoutError:
        page.screenshot(path=str(shots / f"{name}-stuck.png"))
        status = page.locator(".jp-NotebookPanel .jp-Notebook-ExecutionIndicator")
        pytest.fail(
            f"Run All did not settle in {RUN_ALL_LIMIT_MS} ms; kernel "
            f"{status.get_attribute('data-status')!r}, prompts "
            f"{[c.prompt for c in _read_cells(page) if c.kind == 'code']}, page errors "
            f"{page_errors}; screenshot {shots / f'{name}-stuck.png'}"
        )
    toasts = page.locator(".Toastify__toast").all_text_contents()
    assert not toasts, f"JupyterLab notified the user instead of running: {toasts}"
    screenshots = [
        shot
        for selector, suffix in (
            ('.jp-OutputArea-output[data-mime-type="text/html"] .tool-outcomes-envelope', "badge"),
            (".jp-OutputArea-output:has-text('[TODO]')", "check"),
            (".jp-OutputArea-output table.to-table", "table"),
        )
        if (shot := _screenshot(page, selector, shots / f"{name}-{suffix}.png")) is not None
    ]
    return NotebookRun(
        name=name,
        page=page,
        expected=_expected(name),
        cells=_read_cells(page),
        badges=page.evaluate(READ_BADGES_JS),
        page_errors=page_errors,
        screenshots=screenshots,
        workdir=shots,
    )


@pytest.fixture(scope="module", params=LEARNER_NOTEBOOKS)
def ran(
    request: pytest.FixtureRequest,
    browser: Browser,
    workbook_untouched: None,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[NotebookRun]:
    """A fresh `dev.py lab` (own HOME, port, kernel), the notebook opened and Run All done."""
    name: str = request.param
    workdir = tmp_path_factory.mktemp(name)
    log_path = workdir / "lab.log"
    process, base = _start_lab(workdir / "home", log_path)
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(PAGE_LIMIT_MS)
    try:
        started = time.monotonic()
        while not _answers(base):  # bounded: the server answers within the limit or we fail
            if process.poll() is not None or time.monotonic() - started > STARTUP_LIMIT_S:
                pytest.fail(f"JupyterLab did not start:\n{log_path.read_text()[-3000:]}")
            time.sleep(0.25)  # polling a real server's start-up, not a timing assertion
        yield _run_in_browser(context.new_page(), base, name, workdir)
    finally:
        context.close()
        _stop(process)


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
    _screenshot(page, ".jp-RenderedMermaid figure", ran.workdir / f"{ran.name}-diagram.png")


def test_part_1_outputs_fit_the_page_without_breaking_a_word(ran: NotebookRun) -> None:
    """At 1400 px no output line, table cell or Markdown table of part 1 wraps mid-word."""
    if not PART_1.match(ran.name):
        pytest.skip(f"{ran.name} is not part 1")
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
    _screenshot(page, f".{BUILDER_CSS['builder']}", ran.workdir / f"{ran.name}-builder.png")


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
    _screenshot(page, f".{EXPLORER_CSS['explorer']}", ran.workdir / f"{ran.name}-explorer.png")
