"""The outcome-table builder (notebook 09): design a tool's result contract with the mouse.

A thin ipywidgets layer over :class:`~tool_outcomes.design.OutcomeTable`, which holds all the
logic. One row per field (name, type, whether it is plain (``user_id: str``, always present),
whether it can be present, and for each of the four not-applicable reasons a tick box and the
consumer's next action), a live summary (the real case count, the table's problems) and tabs
with everything generated from the table, plus a
button that writes the files into a folder the user names and one that runs the generated
tests there. Every change of a control rebuilds the table from the controls
(:attr:`OutcomeTableBuilder.table`) and redraws the summary and tabs from it.

The pure parts, tested without a frontend: :func:`summary_html`, :func:`panes`,
:func:`builder_text`, :func:`write_status` and :func:`run_status`. Every control carries a
stable CSS class (:func:`css`) for browser tests. ipywidgets is imported inside
:class:`OutcomeTableBuilder` only: importing this module never loads it.
"""

from __future__ import annotations

import html
import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tool_outcomes.design import (
    ACTION_WORDS,
    FieldDesign,
    FieldType,
    NextAction,
    OutcomeTable,
    Route,
    TableError,
    WriteRefused,
    allowed_actions,
    run_tests,
    suggested_action,
)
from tool_outcomes.envelope import Outcome
from tool_outcomes.fields import NAReason

if TYPE_CHECKING:
    import ipywidgets

__all__ = [
    "PANES",
    "SUPPORT_TICKET",
    "OutcomeTableBuilder",
    "builder_text",
    "css",
    "legend_html",
    "outcome_table_builder",
    "panes",
    "run_status",
    "summary_html",
    "write_status",
]

#: The support tool of notebook 03: one ticket, four fields, and the routing the article gives
#: (account_manager out of scope → no approval asked of anyone; refund_issued without
#: permission → ask for the scope, no retry; customer_vip not fetched → retry once, then drop
#: VIP routing). The builder opens on it.
SUPPORT_TICKET = OutcomeTable(
    tool="support_ticket",
    outcomes=(Outcome.SUCCESS, Outcome.EMPTY, Outcome.ACCESS_FAILURE),
    fields=(
        FieldDesign(
            name="resolved",
            not_applicable=(
                Route(reason=NAReason.FETCH_FAILED, action=NextAction.RETRY_ONCE_THEN_REPORT),
            ),
        ),
        FieldDesign(
            name="refund_issued",
            not_applicable=(
                Route(
                    reason=NAReason.NO_PERMISSION,
                    action=NextAction.ASK_FOR_SCOPE,
                    note="ask the caller to grant billing:read; no retry",
                ),
                Route(reason=NAReason.NOT_REQUESTED, action=NextAction.REQUERY_WITH_FIELD),
            ),
        ),
        FieldDesign(
            name="customer_vip",
            not_applicable=(
                Route(
                    reason=NAReason.FETCH_FAILED,
                    action=NextAction.RETRY_ONCE_THEN_DROP,
                    note="then drop VIP routing",
                ),
            ),
        ),
        FieldDesign(
            name="account_manager",
            type=FieldType.STR,
            example="dana@example.com",
            not_applicable=(
                Route(
                    reason=NAReason.FETCH_FAILED,
                    action=NextAction.RETRY_ONCE_THEN_DROP,
                    note="then drop the escalation for now",
                ),
                Route(
                    reason=NAReason.OUT_OF_SCOPE,
                    action=NextAction.SAY_NOT_APPLICABLE,
                    note="ask no manager to approve anything",
                ),
            ),
        ),
    ),
)


def css(part: str, detail: str = "") -> str:
    """The CSS class of one part of the builder, for tests and browsers.

    Args:
        part: ``builder``, ``tool``, ``outcome``, ``fields``, ``field``, ``name``, ``type``,
            ``plain``, ``present``, ``reason``, ``action``, ``remove``, ``add``, ``summary``,
            ``tabs``, ``pane``, ``folder``, ``overwrite``, ``write``, ``run`` or ``status``.
        detail: Which one, for parts that come in several (an outcome, a reason, a pane).

    Returns:
        E.g. ``to-otb-reason-fetch_failed``.
    """
    return "to-otb-" + part + (f"-{detail}" if detail else "")


# -- the pure parts ------------------------------------------------------------------------------

_RUN_IT = "run this cell in JupyterLab to use it"
_ERROR_STYLE = (
    "border:2px solid #c62828;background:#ffebee;color:#b71c1c;border-radius:4px;padding:6px 10px"
)
_OK_STYLE = "color:#2e7d32"
_PRE_STYLE = (
    "white-space:pre;overflow:auto;max-height:420px;margin:0;padding:6px;"
    "background:#f6f8fa;font-size:12px"
)


def summary_html(table: OutcomeTable) -> str:
    """The live summary: the real case count, and the table's problems or that it is ready.

    Args:
        table: The table the controls describe now.

    Returns:
        HTML: a ``to-otb-count`` line whose ``data-count`` is the case count, then a red
        ``to-otb-problems`` box (one line per problem) or a green ``to-otb-ready`` line.
    """
    count = (
        f"<div class='to-otb-count' data-count='{table.case_count}'>"
        f"<b>{html.escape(table.count_line())}</b></div>"
    )
    problems = table.problems()
    if problems:
        lines = "".join(f"<div>{html.escape(p)}</div>" for p in problems)
        return (
            f"{count}<div class='to-otb-problems' style='{_ERROR_STYLE}'>"
            f"<b>Fix {'this' if len(problems) == 1 else 'these'} before anything can be "
            f"generated:</b>{lines}</div>"
        )
    return (
        f"{count}<div class='to-otb-ready' style='{_OK_STYLE}'>No problems: the tabs below "
        "hold the result model, its JSON Schemas, its tests and the routing.</div>"
    )


#: The builder's tabs, in order: title → what it shows.
PANES: dict[str, str] = {
    "cases": "Cases",
    "model": "Result model",
    "schema": "JSON Schema",
    "envelope": "Envelope schema",
    "tests": "Tests",
    "routing": "Routing",
    "design": "Design (JSON)",
}


def _pre(text: str) -> str:
    return f"<pre style='{_PRE_STYLE}'>{html.escape(text)}</pre>"


def panes(table: OutcomeTable) -> dict[str, str]:
    """The content of each tab (keys of :data:`PANES`), as HTML.

    Args:
        table: The table the controls describe now.

    Returns:
        The cases table; the model, schema, tests and routing (or, while the table has
        problems, a line saying nothing can be generated yet); and the design as JSON, which
        is always shown: a draft can be saved too.
    """
    shown = {"cases": table._repr_html_(), "design": _pre(table.to_json())}
    try:
        files = table.files()
    except TableError:
        waiting = "<p><i>Nothing to show until the problems above are fixed.</i></p>"
        return {key: shown.get(key, waiting) for key in PANES}
    generated = {
        "model": files[f"{table.module_name}.py"],
        "schema": files[f"{table.module_name}.schema.json"],
        "envelope": files[f"{table.module_name}.envelope.schema.json"],
        "tests": files[f"test_{table.module_name}.py"],
        "routing": files[f"{table.tool}_routing.md"],
    }
    return {key: shown.get(key) or _pre(generated[key]) for key in PANES}


def legend_html() -> str:
    """What each next action means, in a few words: the key to the action menus.

    Returns:
        HTML, one ``action — words`` line per :class:`~tool_outcomes.design.NextAction`.
    """
    lines = "".join(
        f"<div><code>{action.value}</code> — {html.escape(words)}</div>"
        for action, words in ACTION_WORDS.items()
    )
    return (
        f"<details class='to-otb-legend'><summary>What the actions mean</summary>{lines}</details>"
    )


def builder_text(table: OutcomeTable) -> str:
    """The builder's plain-text form, for wherever no frontend draws the widget.

    Args:
        table: The table the controls describe now.

    Returns:
        Two lines: ``Outcome-table builder — run this cell in JupyterLab to use it``, then
        ``now: <the count line>`` and, if any, how many problems. Deterministic.
    """
    problems = len(table.problems())
    more = f"; {problems} problem{'s' if problems != 1 else ''}" if problems else ""
    return f"Outcome-table builder — {_RUN_IT}\nnow: {table.count_line()}{more}"


def _status(ok: bool, text: str) -> str:
    style = _OK_STYLE if ok else _ERROR_STYLE
    kind = "to-otb-done" if ok else "to-otb-refused"
    return f"<div class='{kind}' style='{style}'>{html.escape(text)}</div>"


def write_status(table: OutcomeTable, folder: str, *, overwrite: bool = False) -> str:
    """Write the table's files into ``folder``, and say what happened, as HTML.

    Args:
        table: The table to write.
        folder: The folder the user named.
        overwrite: Whether files with other content may be replaced.

    Returns:
        A green ``to-otb-done`` line naming the files written, or a red ``to-otb-refused``
        line saying why nothing was written (no folder, a bad folder, files in the way, a
        table with problems). Never raises for any of these.
    """
    try:
        written = table.write_files(folder, overwrite=overwrite)
    except TableError:
        return _status(False, "Not written: fix the problems above first.")
    except WriteRefused as refused:
        return _status(False, f"Not written: {refused}")
    names = ", ".join(path.name for path in written)
    return _status(True, f"Wrote {len(written)} files into {folder!r}: {names}")


def run_status(folder: str) -> str:
    """Run the tests in ``folder`` (see :func:`~tool_outcomes.design.run_tests`), as HTML.

    Args:
        folder: The folder the files were written into.

    Returns:
        A green line with the counts when every test passed, else a red one with the counts
        and the failing tests. Never raises for a missing folder.
    """
    if not folder.strip() or not os.path.isdir(folder):
        return _status(False, "Write the files first: there is no such folder yet.")
    result = run_tests(folder)
    return _status(result.ok, f"pytest in {folder!r}: {result.summary()}")


# -- the widget ----------------------------------------------------------------------------------

# A Dropdown cannot select None (it clears the selection instead): "no action chosen" is "".
_NO_ACTION = ""
_CHOOSE = ("(choose)", _NO_ACTION)


def _action_options(reason: NAReason, current: NextAction | None) -> list[tuple[str, Any]]:
    options: list[tuple[str, Any]] = [_CHOOSE, *((a.value, a) for a in allowed_actions(reason))]
    if current is not None and current not in allowed_actions(reason):
        options.append((current.value, current))  # kept, so the problem shows instead of hiding
    return options


@dataclass
class _Row:
    """The controls of one field, and what the controls do not show (kept as they were)."""

    name: Any
    type: Any
    plain: Any
    present: Any
    reasons: dict[NAReason, Any]
    actions: dict[NAReason, Any]
    remove: Any
    box: Any
    example: FieldDesign | None = None
    """The design the row came from, if it had an example: kept while its type is unchanged."""
    notes: dict[NAReason, str] = field(default_factory=dict)

    def design(self) -> FieldDesign:
        routes = tuple(
            Route(
                reason=reason,
                action=self.actions[reason].value or None,
                note=self.notes.get(reason, ""),
            )
            for reason in NAReason
            if self.reasons[reason].value
        )
        kept = self.example is not None and self.example.type is self.type.value
        return FieldDesign(
            name=self.name.value.strip(),
            type=self.type.value,
            plain=self.plain.value,
            present=self.present.value,
            example=self.example.example if kept and self.example is not None else None,
            not_applicable=routes,
        )

    def grey_out(self) -> None:
        # A plain field has one state, its value: its states and reasons are not asked for.
        self.present.disabled = self.plain.value
        for reason, box in self.reasons.items():
            box.disabled = self.plain.value
            self.actions[reason].disabled = self.plain.value or not box.value


# Each field is a box of two lines: name, type, "present" and remove; then the four reasons,
# each a tick box over its action menu, wide enough for the longest action's name.
_REASON_WIDTH, _ACTION_WIDTH = "205px", "200px"
_FIELD_BOX = {"border": "1px solid #d0d7de", "padding": "4px 6px", "margin": "0 0 6px 0"}


class _Look:
    """One layout or style model per look, shared by every control that has that look.

    A saved notebook keeps every widget model the builder made; made per control, the identical
    default layouts and styles alone came to a quarter of a megabyte.
    """

    def __init__(self, w: Any) -> None:
        # ipywidgets 8 exports these style classes from their modules only.
        from ipywidgets.widgets.widget_bool import CheckboxStyle
        from ipywidgets.widgets.widget_description import DescriptionStyle
        from ipywidgets.widgets.widget_string import HTMLStyle, TextStyle

        self._w = w
        self.plain = w.Layout()
        self.outcome = w.Layout(width="150px")
        self.name = w.Layout(width="260px")
        self.type = w.Layout(width="130px")
        self.folder = w.Layout(width="420px")
        self.action = w.Layout(width=_ACTION_WIDTH)
        self.reason = w.Layout(width=_REASON_WIDTH)
        self.field = w.Layout(**_FIELD_BOX)
        self.wrap = w.Layout(flex_flow="row wrap")
        self.check = CheckboxStyle()
        self.dropdown = DescriptionStyle(description_width="initial")
        self.text = TextStyle(description_width="initial")
        self._button = w.ButtonStyle()
        self._html = HTMLStyle()

    def html(self, value: str = "") -> Any:
        return self._w.HTML(value, style=self._html, layout=self.plain)

    def button(self, description: str, icon: str, tooltip: str = "") -> Any:
        return self._w.Button(
            description=description,
            icon=icon,
            tooltip=tooltip or None,
            style=self._button,
            layout=self.plain,
        )

    def checkbox(self, value: bool, description: str, layout: Any = None) -> Any:
        return self._w.Checkbox(
            value=value,
            description=description,
            indent=False,
            style=self.check,
            layout=self.plain if layout is None else layout,
        )

    def row(self, children: list[Any]) -> Any:
        return self._w.HBox(children, layout=self.plain)


class OutcomeTableBuilder:
    """The builder: its controls, the table they describe, and its display.

    Shown as the last expression of a cell, it draws as a widget (its ``text/plain`` form is
    :func:`builder_text`). :attr:`table` is the table the controls describe now.
    """

    def __init__(self, initial: OutcomeTable, *, folder: str = "") -> None:
        import ipywidgets as w  # lazy: tool_outcomes never imports ipywidgets on its own

        self._w = w
        self._look = look = _Look(w)
        self.tool = w.Text(
            value=initial.tool, description="tool name", style=look.text, layout=look.plain
        ).add_class(css("tool"))
        self.outcomes = {
            o: look.checkbox(o in initial.outcomes, o.value, look.outcome).add_class(
                css("outcome", o.value)
            )
            for o in Outcome
        }
        self.rows: list[_Row] = []
        self.fields = w.VBox(layout=look.plain).add_class(css("fields"))
        self.add = look.button("Add a field", "plus").add_class(css("add"))
        self.summary = look.html().add_class(css("summary"))
        self.panes = {key: look.html().add_class(css("pane", key)) for key in PANES}
        self.tabs = w.Tab(children=list(self.panes.values()), layout=look.plain)
        self.tabs.add_class(css("tabs"))
        self.tabs.titles = tuple(PANES.values())
        self.folder = w.Text(
            value=folder,
            description="folder",
            placeholder="a folder to write the files into, e.g. my_tool_contract",
            style=look.text,
            layout=look.folder,
        ).add_class(css("folder"))
        self.overwrite = look.checkbox(False, "replace files that differ")
        self.overwrite.add_class(css("overwrite"))
        self.write = look.button("Write the files", "save").add_class(css("write"))
        self.run = look.button("Run their tests", "play").add_class(css("run"))
        self.status = look.html().add_class(css("status"))

        for design in initial.fields:
            self._add_row(design)
        self.add.on_click(lambda _button: self.add_field())
        self.write.on_click(lambda _button: self._write())
        self.run.on_click(lambda _button: self._run())
        for control in (self.tool, *self.outcomes.values()):
            control.observe(self._refresh, names="value")
        self._redraw_rows()

        intro = look.html(
            "<b>Design a tool's result contract.</b> One box per field: its name and type, "
            "whether it is plain (an identifier such as <code>user_id</code>: always present, "
            "no states), whether it can be present with a value, and below, each reason it "
            "can be <i>not applicable</i> for (tick the ones that can really happen) with "
            "what the consumer does next then. The count and the tabs follow every change; "
            "write the files to take them home."
        )
        self.widget: ipywidgets.VBox = w.VBox(
            [
                intro,
                look.row([self.tool, look.html("<b>outcomes:</b>"), *self.outcomes.values()]),
                self.fields,
                look.row([self.add, look.html(legend_html())]),
                self.summary,
                self.tabs,
                look.row([self.folder, self.overwrite, self.write, self.run]),
                self.status,
            ],
            layout=look.plain,
        ).add_class(css("builder"))

    # -- the table -------------------------------------------------------------------------

    @property
    def table(self) -> OutcomeTable:
        """The table the controls describe now (it may have problems)."""
        return OutcomeTable(
            tool=self.tool.value.strip(),
            outcomes=tuple(o for o, box in self.outcomes.items() if box.value),
            fields=tuple(row.design() for row in self.rows),
        )

    def add_field(self) -> None:
        """Add a row for a new bool field that can be present (what the Add button does)."""
        taken = {row.name.value for row in self.rows}
        name = next(
            candidate
            for number in range(1, len(taken) + 2)
            if (candidate := "new_field" if number == 1 else f"new_field_{number}") not in taken
        )
        self._add_row(FieldDesign(name=name))
        self._redraw_rows()

    def remove_field(self, index: int) -> None:
        """Remove the row of the field at ``index`` (what its ✕ button does)."""
        del self.rows[index]
        self._redraw_rows()

    # -- wiring ----------------------------------------------------------------------------

    def _add_row(self, design: FieldDesign) -> None:
        w, look = self._w, self._look
        name = w.Text(
            value=design.name,
            description="field",
            placeholder="a snake_case name",
            style=look.text,
            layout=look.name,
        )
        type_ = w.Dropdown(
            options=[(t.value, t) for t in FieldType],
            value=design.type,
            description="type",
            style=look.dropdown,
            layout=look.type,
        )
        plain = look.checkbox(design.plain, "plain (always present, no states)")
        present = look.checkbox(design.present, "can be present, with a value")
        reasons: dict[NAReason, Any] = {}
        actions: dict[NAReason, Any] = {}
        cells = []
        for reason in NAReason:
            route = design.route(reason)
            current = route.action if route is not None else suggested_action(reason)
            reasons[reason] = look.checkbox(route is not None, reason.value)
            reasons[reason].add_class(css("reason", reason.value))
            actions[reason] = w.Dropdown(
                options=_action_options(reason, current),
                value=_NO_ACTION if current is None else current,
                style=look.dropdown,
                layout=look.action,
            ).add_class(css("action", reason.value))
            cells.append(w.VBox([reasons[reason], actions[reason]], layout=look.reason))
        remove = look.button("remove", "times", tooltip="remove this field")
        remove.add_class(css("remove"))
        name.add_class(css("name"))
        type_.add_class(css("type"))
        plain.add_class(css("plain"))
        present.add_class(css("present"))
        box = w.VBox(
            [look.row([name, type_, plain, present, remove]), w.HBox(cells, layout=look.wrap)],
            layout=look.field,
        ).add_class(css("field"))
        row = _Row(
            name,
            type_,
            plain,
            present,
            reasons,
            actions,
            remove,
            box,
            example=design if design.example is not None else None,
            notes={r.reason: r.note for r in design.not_applicable if r.note},
        )
        for control in (name, type_, plain, present, *reasons.values(), *actions.values()):
            control.observe(self._refresh, names="value")
        remove.on_click(lambda _button: self.remove_field(self.rows.index(row)))
        self.rows.append(row)

    def _redraw_rows(self) -> None:
        self.fields.children = [row.box for row in self.rows]
        self._refresh()

    def _refresh(self, _change: object = None) -> None:
        for row in self.rows:
            row.grey_out()
        table = self.table
        self.summary.value = summary_html(table)
        for key, content in panes(table).items():
            self.panes[key].value = content

    def _write(self) -> None:
        self.status.value = write_status(
            self.table, self.folder.value.strip(), overwrite=self.overwrite.value
        )

    def _run(self) -> None:
        self.status.value = run_status(self.folder.value.strip())

    # -- display ---------------------------------------------------------------------------

    def __repr__(self) -> str:
        return builder_text(self.table)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = self.widget._repr_mimebundle_(**kwargs)
        # ipywidgets would show the VBox's constructor repr, cut at 110 characters.
        bundle["text/plain"] = builder_text(self.table)
        return bundle


def outcome_table_builder(
    initial: OutcomeTable | None = None, *, folder: str = ""
) -> OutcomeTableBuilder:
    """A widget to design a tool's outcome table and take the generated code home.

    Args:
        initial: The table to start from; :data:`SUPPORT_TICKET` when left out.
        folder: The folder the "Write the files" button writes into, until the user types
            another.

    Returns:
        The builder; show it as a cell's last expression. Its :attr:`~OutcomeTableBuilder.table`
        is the table its controls describe now.
    """
    return OutcomeTableBuilder(initial or SUPPORT_TICKET, folder=folder)
