"""The outcome-table builder: pure summaries first, then the widget driven headless.

The widget is built without a frontend and driven as a browser would drive it: set a control's
``.value`` or ``.click()`` a button, then read what the summary, the tabs and the status show.
"""

from __future__ import annotations

import html
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tool_outcomes import NAReason, Outcome
from tool_outcomes.design import FieldDesign, FieldType, NextAction, OutcomeTable, Route
from tool_outcomes.workbook.nb09.builder import (
    PANES,
    SUPPORT_TICKET,
    OutcomeTableBuilder,
    builder_text,
    css,
    outcome_table_builder,
    panes,
    run_status,
    summary_html,
    write_status,
)

DRAFT = OutcomeTable(
    tool="lookup", outcomes=(Outcome.SUCCESS,), fields=(FieldDesign(name="vip", present=False),)
)


def _by_class(builder: OutcomeTableBuilder) -> dict[str, list[Any]]:
    """Every widget in the builder by each CSS class it carries, in page order (rows share)."""
    found: dict[str, list[Any]] = {}
    stack = [builder.widget]
    while stack:
        node = stack.pop()
        for name in node._dom_classes:
            found.setdefault(name, []).append(node)
        stack.extend(reversed(getattr(node, "children", ())))
    return found


def _one(builder: OutcomeTableBuilder, name: str) -> Any:
    (widget,) = _by_class(builder)[name]
    return widget


def _count(builder: OutcomeTableBuilder) -> int:
    value = _one(builder, css("summary")).value
    return int(value.split("data-count='")[1].split("'")[0])


def _pane(builder: OutcomeTableBuilder, key: str) -> str:
    return html.unescape(_one(builder, css("pane", key)).value)


# -- the pure parts -----------------------------------------------------------------------------


def test_summary_shows_the_real_count_and_that_the_table_is_ready() -> None:
    """13 cases for the ticket, in data-count and in words, and a green ready line."""
    summary = summary_html(SUPPORT_TICKET)
    assert "data-count='13'" in summary
    assert "support_ticket: 13 cases from 4 fields (4 × 3 would say 12)" in summary
    assert "to-otb-ready" in summary
    assert "to-otb-problems" not in summary


def test_summary_lists_each_problem_escaped() -> None:
    """A draft's problems appear one per line in a red box, with its text escaped."""
    draft = DRAFT.model_copy(update={"tool": "<b>"})
    summary = summary_html(draft)
    assert "to-otb-problems" in summary
    assert "<div>vip: no state: allow it to be present, or add a not-applicable reason</div>" in (
        summary
    )
    assert "&#x27;&lt;b&gt;&#x27; is not a snake_case name" in summary


def test_panes_show_everything_generated_for_a_ready_table() -> None:
    """Each tab holds its file, escaped inside a <pre>; the cases tab holds the case table."""
    shown = panes(SUPPORT_TICKET)
    assert list(shown) == list(PANES)
    files = SUPPORT_TICKET.files()
    assert html.unescape(shown["model"]).count(files["support_ticket_result.py"]) == 1
    assert files["test_support_ticket_result.py"] in html.unescape(shown["tests"])
    assert files["support_ticket_routing.md"] in html.unescape(shown["routing"])
    assert files["support_ticket_result.schema.json"] in html.unescape(shown["schema"])
    envelope = files["support_ticket_result.envelope.schema.json"]
    assert envelope in html.unescape(shown["envelope"])
    assert SUPPORT_TICKET.to_json() in html.unescape(shown["design"])
    assert "data-count='13'" in shown["cases"]


def test_panes_of_a_draft_wait_for_the_fix_but_still_show_the_design() -> None:
    """Nothing is generated from a draft; its JSON can still be read (and saved)."""
    shown = panes(DRAFT)
    for key in ("model", "schema", "envelope", "tests", "routing"):
        assert "Nothing to show until the problems above are fixed" in shown[key]
    assert DRAFT.to_json() in html.unescape(shown["design"])


def test_builder_text_is_two_deterministic_lines() -> None:
    """What a static view shows: what the widget is, and the count (and problems) now."""
    assert builder_text(SUPPORT_TICKET) == (
        "Outcome-table builder — run this cell in JupyterLab to use it\n"
        "now: support_ticket: 13 cases from 4 fields (4 × 3 would say 12)"
    )
    assert builder_text(DRAFT).endswith("(1 × 3 would say 3); 1 problem")


def test_write_status_refuses_a_bad_folder_in_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No folder, a missing parent, a file, a draft: a red line saying why, never a raise."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a_file").write_text("")
    cases = [
        (SUPPORT_TICKET, "", "no folder named"),
        (SUPPORT_TICKET, "missing/deeper", "its parent folder does not exist"),
        (SUPPORT_TICKET, "a_file", "is a file, not a folder"),
        (DRAFT, "fine", "fix the problems above first"),
    ]
    for table, folder, words in cases:
        status = write_status(table, folder)
        assert "to-otb-refused" in status, folder
        assert words in html.unescape(status), status
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a_file"]


def test_write_then_run_status_report_files_and_tests(tmp_path: Path) -> None:
    """Writing names the five files; running their tests reports them all passed."""
    folder = str(tmp_path / "ticket")
    assert "to-otb-refused" in run_status(folder)  # nothing written yet
    written = html.unescape(write_status(SUPPORT_TICKET, folder))
    assert "to-otb-done" in written
    assert f"Wrote 6 files into {folder!r}: support_ticket.outcomes.json, " in written
    ran = run_status(folder)
    assert "to-otb-done" in ran
    assert html.unescape(ran).endswith(": 38 passed</div>")


# -- the widget, headless -----------------------------------------------------------------------


def test_importing_the_builder_does_not_load_ipywidgets() -> None:
    """ipywidgets loads only when a builder is made."""
    code = (
        "import sys, tool_outcomes.workbook.nb09.builder; "
        "assert 'ipywidgets' not in sys.modules, 'ipywidgets was imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_builder_opens_on_the_support_ticket() -> None:
    """Left alone, the controls describe exactly the support-ticket table."""
    builder = outcome_table_builder()
    assert builder.table == SUPPORT_TICKET
    assert _count(builder) == 13
    assert len(_by_class(builder)[css("field")]) == 4


def test_the_controls_carry_any_table_faithfully() -> None:
    """Notes, a string example, a never-present field, a disallowed action and every outcome
    come back out of the controls unchanged (what the controls cannot edit is kept)."""
    table = OutcomeTable(
        tool="inventory",
        outcomes=tuple(Outcome),
        fields=(
            FieldDesign(
                name="sku",
                type=FieldType.STR,
                example="AB-12",
                not_applicable=(
                    Route(reason=NAReason.NOT_REQUESTED, action=NextAction.SAY_NOT_APPLICABLE),
                ),
            ),
            FieldDesign(
                name="legacy_code",
                present=False,
                not_applicable=(
                    Route(reason=NAReason.OUT_OF_SCOPE, action=NextAction.ESCALATE, note="n"),
                    Route(reason=NAReason.NO_PERMISSION, action=None),
                ),
            ),
            FieldDesign(name="stock", type=FieldType.FLOAT, example=12),
            FieldDesign(name="store_id", type=FieldType.INT, plain=True, example=7),
        ),
    )
    builder = outcome_table_builder(table)
    # The design's own order of routes is not kept: the builder lists reasons in enum order.
    legacy = table.fields[1]
    reordered = legacy.model_copy(update={"not_applicable": legacy.not_applicable[::-1]})
    assert builder.table == table.model_copy(
        update={"fields": (table.fields[0], reordered, *table.fields[2:])}
    )
    assert sorted(builder.table.problems()) == sorted(table.problems())
    assert len(table.problems()) == 2  # out_of_scope → escalate, and no_permission unchosen


def test_every_control_carries_its_css_class() -> None:
    """Each part has its stable class: one per builder, one per row for the row's controls."""
    parts = _by_class(outcome_table_builder())
    for single in ("builder", "tool", "fields", "add", "summary", "tabs", "folder", "write"):
        assert len(parts[css(single)]) == 1, single
    for single in ("overwrite", "run", "status"):
        assert len(parts[css(single)]) == 1, single
    for per_row in ("field", "name", "type", "plain", "present", "remove"):
        assert len(parts[css(per_row)]) == 4, per_row
    for reason in NAReason:
        assert len(parts[css("reason", reason.value)]) == 4
        assert len(parts[css("action", reason.value)]) == 4
    for outcome in Outcome:
        assert len(parts[css("outcome", outcome.value)]) == 1
    for key in PANES:
        assert len(parts[css("pane", key)]) == 1
    assert parts[css("tabs")][0].titles == tuple(PANES.values())


def test_adding_a_field_and_ticking_a_reason_change_count_and_code() -> None:
    """Add a bool field (2 cases more), tick fetch_failed on it (1 more): the code follows."""
    builder = outcome_table_builder()
    _one(builder, css("add")).click()
    assert _count(builder) == 15
    assert builder.table.fields[-1] == FieldDesign(name="new_field")
    assert "    new_field: TriState[bool] = Field(" in _pane(builder, "model")
    action = _by_class(builder)[css("action", "fetch_failed")][-1]
    assert action.disabled, "an action is chosen only once its reason is ticked"

    _by_class(builder)[css("reason", "fetch_failed")][-1].value = True
    assert not action.disabled
    assert _count(builder) == 16
    assert '    ("new_field", not_applicable(NAReason.FETCH_FAILED)),' in _pane(builder, "tests")
    assert "def test_the_table_has_16_cases() -> None:" in _pane(builder, "tests")
    assert (
        "        NAReason.FETCH_FAILED: NextAction.RETRY_ONCE_THEN_REPORT,"
        in (_pane(builder, "model").split('"new_field": {')[1])
    )

    action.value = NextAction.RETRY_ONCE_THEN_DROP
    route = builder.table.fields[-1].route(NAReason.FETCH_FAILED)
    assert route is not None
    assert route.action is NextAction.RETRY_ONCE_THEN_DROP


def test_a_second_added_field_gets_a_name_of_its_own() -> None:
    """New fields never share a name: new_field, new_field_2, …"""
    builder = outcome_table_builder()
    _one(builder, css("add")).click()
    _one(builder, css("add")).click()
    assert [f.name for f in builder.table.fields[-2:]] == ["new_field", "new_field_2"]
    assert builder.table.problems() == []


def test_removing_a_field_gives_the_table_without_it() -> None:
    """The ✕ of a row removes exactly that field."""
    builder = outcome_table_builder()
    _by_class(builder)[css("remove")][1].click()  # the second row: refund_issued
    assert builder.table == SUPPORT_TICKET.model_copy(
        update={"fields": tuple(f for f in SUPPORT_TICKET.fields if f.name != "refund_issued")}
    )
    assert _count(builder) == 9
    assert "refund_issued" not in _pane(builder, "model")


def test_problems_show_live_and_clear_when_fixed() -> None:
    """A duplicate name, an unchosen action and an untick-everything row show; fixing clears."""
    builder = outcome_table_builder()
    names = _by_class(builder)[css("name")]
    names[1].value = "resolved"
    assert "resolved: duplicate field name (fields 1 and 2)" in _one(builder, css("summary")).value
    assert "Nothing to show until the problems above are fixed" in _pane(builder, "model")
    names[1].value = "refund_issued"
    assert "to-otb-ready" in _one(builder, css("summary")).value

    _by_class(builder)[css("action", "no_permission")][1].value = ""  # "(choose)"
    assert (
        "refund_issued: not_applicable(no_permission) has no next action"
        in _one(builder, css("summary")).value
    )
    _by_class(builder)[css("action", "no_permission")][1].value = NextAction.ASK_FOR_SCOPE
    _by_class(builder)[css("present")][0].value = False
    _by_class(builder)[css("reason", "fetch_failed")][0].value = False
    assert "resolved: no state" in _one(builder, css("summary")).value


def test_type_tool_name_and_outcomes_reach_the_generated_code() -> None:
    """A field's type, the tool's name and its outcomes are read from their controls."""
    builder = outcome_table_builder()
    _by_class(builder)[css("type")][0].value = FieldType.INT
    _one(builder, css("tool")).value = "helpdesk"
    _one(builder, css("outcome", "partial")).value = True
    model = _pane(builder, "model")
    assert "    resolved: TriState[int] = Field(" in model
    assert "class HelpdeskResult(BaseModel):" in model
    assert "    Outcome.PARTIAL,\n" in model
    assert builder.table.outcomes == (
        Outcome.SUCCESS,
        Outcome.EMPTY,
        Outcome.PARTIAL,
        Outcome.ACCESS_FAILURE,
    )


def test_the_write_button_refuses_a_bad_folder_in_the_widget(tmp_path: Path) -> None:
    """A missing parent folder shows a red message in the widget; nothing raises or is written."""
    builder = outcome_table_builder()
    _one(builder, css("folder")).value = str(tmp_path / "missing" / "deeper")
    _one(builder, css("write")).click()
    status = html.unescape(_one(builder, css("status")).value)
    assert "to-otb-refused" in status
    assert "its parent folder does not exist" in status
    assert list(tmp_path.iterdir()) == []


def test_the_write_and_run_buttons_take_the_code_home(tmp_path: Path) -> None:
    """Write the files into a named folder, run their tests there: all pass; an edit refuses."""
    folder = tmp_path / "ticket"
    builder = outcome_table_builder(folder=str(folder))
    _one(builder, css("write")).click()
    assert sorted(p.name for p in folder.iterdir()) == sorted(SUPPORT_TICKET.files())
    _one(builder, css("run")).click()
    assert html.unescape(_one(builder, css("status")).value).endswith(": 38 passed</div>")

    _one(builder, css("add")).click()
    _one(builder, css("write")).click()
    assert "already exist in" in html.unescape(_one(builder, css("status")).value)
    _one(builder, css("overwrite")).value = True
    _one(builder, css("write")).click()
    _one(builder, css("run")).click()
    assert html.unescape(_one(builder, css("status")).value).endswith(": 42 passed</div>")


def test_the_builder_shows_as_a_widget_with_a_readable_text_form() -> None:
    """Its display bundle is the live widget plus the two-line text, which follows the controls."""
    builder = outcome_table_builder()
    bundle = builder._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"] == builder_text(SUPPORT_TICKET)
    _one(builder, css("add")).click()
    assert repr(builder).endswith("15 cases from 5 fields (5 × 3 would say 15)")


def test_ticking_plain_makes_a_bare_always_present_field() -> None:
    """A plain field: a bare value in the model, no cases, its states and reasons greyed out."""
    builder = outcome_table_builder()
    _one(builder, css("add")).click()
    row = len(builder.table.fields) - 1
    _by_class(builder)[css("name")][row].value = "user_id"
    _by_class(builder)[css("type")][row].value = FieldType.STR
    _by_class(builder)[css("plain")][row].value = True
    assert builder.table.fields[-1] == FieldDesign(name="user_id", type=FieldType.STR, plain=True)
    assert _count(builder) == 13
    assert "    user_id: str = Field(" in _pane(builder, "model")
    assert _by_class(builder)[css("present")][row].disabled
    assert all(_by_class(builder)[css("reason", r.value)][row].disabled for r in NAReason)
    assert '"user_id"' in _pane(builder, "schema")

    _by_class(builder)[css("reason", "fetch_failed")][row].value = True
    assert "a plain field has no not-applicable reasons" in _one(builder, css("summary")).value
    _by_class(builder)[css("plain")][row].value = False
    assert not _by_class(builder)[css("reason", "fetch_failed")][row].disabled
    assert _count(builder) == 13 + 2  # its value, and fetch_failed


def test_an_example_is_kept_only_while_its_type_is() -> None:
    """A typed example survives the controls, and is dropped when the type changes under it."""
    table = OutcomeTable(
        tool="inventory",
        outcomes=(Outcome.SUCCESS,),
        fields=(FieldDesign(name="stock", type=FieldType.INT, example=40),),
    )
    builder = outcome_table_builder(table)
    assert builder.table == table
    _one(builder, css("type")).value = FieldType.STR
    assert builder.table.fields[0].example is None
    _one(builder, css("type")).value = FieldType.INT
    assert builder.table.fields[0].example == 40
