"""The outcome-table builder of notebook 09, used in a real browser the way a person uses it.

The learner notebook is opened in JupyterLab and run top to bottom (the ``ran`` fixture in
``conftest.py``). Then, with the mouse and keyboard only: read the count, open the *Result
model* tab, add a field, name it, tick a reason, pick its next action, write the files into a
folder, run their tests, and try a folder that cannot be used. After each step the page must
show exactly what :class:`~tool_outcomes.design.OutcomeTable` makes of the table those clicks
describe. Screenshots of the builder go to ``build/screenshots/`` (ignored by git), to be
looked at: the builder must make sense to someone who does not read code.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import ROOT, NotebookRun, require_browser, screenshot

pytestmark = pytest.mark.browser
require_browser()

from playwright.sync_api import Locator, expect  # noqa: E402

from tool_outcomes import NAReason  # noqa: E402
from tool_outcomes.design import FieldDesign, NextAction, OutcomeTable, Route  # noqa: E402
from tool_outcomes.workbook.nb09.builder import PANES, SUPPORT_TICKET, css  # noqa: E402

NOTEBOOK = "09_outcome_table_builder"
SHOTS = ROOT / "build" / "screenshots"
# Generous for the one step that runs pytest in a separate process (a loaded machine is slow).
RUN_TESTS_LIMIT_MS = 120_000


def _with_field(field: FieldDesign) -> OutcomeTable:
    return SUPPORT_TICKET.model_copy(update={"fields": (*SUPPORT_TICKET.fields, field)})


def _shows(builder: Locator, table: OutcomeTable, pane: str = "model") -> None:
    """The count, and the open tab's code, are exactly what the table generates."""
    count = builder.locator(f".{css('summary')} .to-otb-count")
    expect(count).to_have_attribute("data-count", str(table.case_count))
    expect(count).to_have_text(table.count_line())
    code = builder.locator(f".{css('pane', pane)} pre")
    source = {"model": table.model_source, "tests": table.test_source}[pane]()
    expect(code).to_have_text(source)
    assert code.text_content() == source  # to_have_text compares whitespace-normalised text


def _open_tab(builder: Locator, pane: str) -> None:
    builder.get_by_role("tab", name=PANES[pane]).click()
    expect(builder.locator(f".{css('pane', pane)}")).to_be_visible()


@pytest.mark.parametrize("ran", [NOTEBOOK], indirect=True)
def test_a_person_designs_a_field_and_takes_the_code_home(ran: NotebookRun, tmp_path: Path) -> None:
    """Add a field, tick a reason, pick an action: the count and the code follow; the files
    are written where named and their tests pass; a folder that cannot be used is refused."""
    page = ran.page
    builder = page.locator(f".{css('builder')}")
    expect(builder).to_have_count(1)
    builder.scroll_into_view_if_needed()
    _open_tab(builder, "model")
    _shows(builder, SUPPORT_TICKET)

    fields = builder.locator(f".{css('field')}")
    expect(fields).to_have_count(len(SUPPORT_TICKET.fields))
    builder.locator(f".{css('add')}").click()
    # The new row's controls are drawn apart from the code pane: wait for the row itself.
    expect(fields).to_have_count(len(SUPPORT_TICKET.fields) + 1)
    new_row = fields.last
    expect(new_row.locator(f".{css('name')} input")).to_have_value("new_field")
    _shows(builder, _with_field(FieldDesign(name="new_field")))

    new_row.locator(f".{css('name')} input").fill("escalated")
    new_row.locator(f".{css('reason', 'fetch_failed')} input[type=checkbox]").check()
    failed_fetch = Route(reason=NAReason.FETCH_FAILED, action=NextAction.RETRY_ONCE_THEN_REPORT)
    designed = _with_field(FieldDesign(name="escalated", not_applicable=(failed_fetch,)))
    _shows(builder, designed)

    action = new_row.locator(f".{css('action', 'fetch_failed')} select")
    action.select_option(label=NextAction.RETRY_ONCE_THEN_DROP.value)
    failed_fetch = failed_fetch.model_copy(update={"action": NextAction.RETRY_ONCE_THEN_DROP})
    designed = _with_field(FieldDesign(name="escalated", not_applicable=(failed_fetch,)))
    _shows(builder, designed)
    _open_tab(builder, "tests")
    _shows(builder, designed, "tests")
    assert designed.case_count == 16

    folder = builder.locator(f".{css('folder')} input")
    status = builder.locator(f".{css('status')}")
    folder.fill(str(tmp_path / "missing" / "deeper"))
    builder.locator(f".{css('write')}").click()
    expect(status.locator(".to-otb-refused")).to_contain_text("its parent folder does not exist")
    assert list(tmp_path.iterdir()) == []

    target = tmp_path / "escalation_contract"
    folder.fill(str(target))
    builder.locator(f".{css('write')}").click()
    expect(status.locator(".to-otb-done")).to_contain_text("Wrote 6 files into")
    assert {p.name: p.read_text() for p in target.iterdir()} == designed.files()
    builder.locator(f".{css('run')}").click()
    expect(status.locator(".to-otb-done")).to_contain_text(
        f": {16 * 2 + 3 * 2 + 5 + 1} passed", timeout=RUN_TESTS_LIMIT_MS
    )

    SHOTS.mkdir(parents=True, exist_ok=True)
    shot = screenshot(page, f".{css('fields')}", SHOTS / f"{NOTEBOOK}-page.png")
    assert shot is not None
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    page.set_viewport_size({"width": 1400, "height": 2400})  # the whole builder, for a look
    for pane in ("cases", "model"):
        _open_tab(builder, pane)
        builder.screenshot(path=str(SHOTS / f"{NOTEBOOK}-builder-{pane}.png"))
