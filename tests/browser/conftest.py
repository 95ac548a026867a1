"""The workbook in a real browser: the JupyterLab server, headless Chromium and Run All, shared.

Each browser test module calls :func:`require_browser` first: it reads
``TOOL_OUTCOMES_BROWSER`` (a misspelt setting fails at once) and skips the module when Chromium
or Playwright is missing, or fails it when the setting is ``required`` (CI). Playwright itself
is imported only after that check, inside the fixtures.

The ``ran`` fixture starts ``python3 dev.py lab`` exactly as the README does (fresh ``HOME``,
free loopback port, a token) for one learner notebook, opens it in Chromium, clears every
output, clicks Run → Run All Cells and hands the open page over as a :class:`NotebookRun`. It
is parametrised over every learner notebook; a test about one notebook parametrises it
indirectly (``@pytest.mark.parametrize("ran", ["02_four_outcomes"], indirect=True)``). One server
per notebook and module, not per test: the rule tests read the same snapshot of one run.
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
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from lab_server import free_port, lab_command, lab_env

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

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
# Lessons (NN_topic), their parts (NNb_topic, with exercises) and their appendices
# (NNa_topic_reference, reference tables without exercises): scripts/release_notebooks.py's rule.
LEARNER_NOTEBOOKS = tuple(sorted(p.stem for p in NOTEBOOKS.glob("[0-9][0-9]*_*.ipynb")))
APPENDIX = re.compile(r"^\d{2}[a-z]_\w*_reference$")
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


def require_browser() -> None:
    """Skip the calling test module without a browser, or fail it when one is required.

    Call it at module level, before importing Playwright. A misspelt ``TOOL_OUTCOMES_BROWSER``
    fails even when a browser is there.
    """
    means = _missing_browser_means()  # read first: a misspelt setting fails even here
    missing = _missing_browser()
    if missing is not None:
        if means == "fail":
            pytest.fail(f"TOOL_OUTCOMES_BROWSER=required, but {missing}", pytrace=False)
        pytest.skip(missing, allow_module_level=True)


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
    from playwright.sync_api import sync_playwright  # lazy: require_browser() checked it is here

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


def screenshot(page: Page, selector: str, path: Path) -> Path | None:
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
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError  # lazy, as above

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
        if (shot := screenshot(page, selector, shots / f"{name}-{suffix}.png")) is not None
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
