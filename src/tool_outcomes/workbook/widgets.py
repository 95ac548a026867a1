"""Interactive builders for the workbook: build an envelope by hand, explore a mocked upstream.

Two widgets, each a thin layer over pure functions that the tests call without a frontend:

* :func:`envelope_builder` (notebook 02) — controls for every part of an envelope. Each change
  rebuilds it with :func:`build` and shows :func:`preview_html`: the envelope's HTML view and
  its :func:`~tool_outcomes.render.to_text`, or a red box listing the invariants it breaks.
  The controls mirror :class:`BuilderState` one field to one control.
* :func:`scenario_explorer` (notebook 04) — a scenario picker over the mocked-upstream catalogue
  and :func:`explain`: what came back, what the naive tool hands over, the classified envelope.

The preview is an ``ipywidgets.HTML`` whose ``value`` is plain HTML (not an ``Output`` widget),
so a test or a browser reads it directly. Every control carries a stable CSS class
(:data:`BUILDER_CSS`, :data:`EXPLORER_CSS`) for browser tests. ipywidgets is imported inside
the widget functions only: importing this module, ``tool_outcomes`` or
``tool_outcomes.workbook`` never loads it.

Where no frontend draws the widget (a notebook viewed on a website, a saved output, a
terminal), its ``text/plain`` form is all a reader sees. ipywidgets makes that from the
widget's constructor ``repr``, cut at 110 characters (``VBox(children=(HBox(...``); here it is
a short deterministic sentence saying what the widget is, that it needs a running kernel, and
what it shows now (:func:`builder_text`, :func:`explorer_text`).
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

import httpx
from pydantic import ValidationError

from tool_outcomes._text import clip
from tool_outcomes.classify import classify_http
from tool_outcomes.envelope import (
    Envelope,
    FailureCode,
    FailureKind,
    Outcome,
    TruncatedBy,
)
from tool_outcomes.render import to_text

from .scenarios import Scenario, came_back, fetch, get_scenario, naive_tool, scenario_names

if TYPE_CHECKING:
    import ipywidgets

__all__ = [
    "BUILDER_CSS",
    "EXPLORER_CSS",
    "MAX_ITEMS",
    "BuilderState",
    "Items",
    "build",
    "builder_text",
    "envelope_builder",
    "explain",
    "explorer_text",
    "preview_html",
    "scenario_explorer",
]

#: The most data items the builder makes (the item slider's upper end).
MAX_ITEMS = 50

#: What the builder puts in ``data``: a list of small records.
Items = list[dict[str, Any]]


@dataclass(frozen=True)
class BuilderState:
    """Every control of the envelope builder, one field each.

    A part that is switched off (``has_data``, ``has_coverage``, ``has_total``, ``has_failure``,
    ``has_http_status``, ``has_retry_after``) keeps its values, so switching it on again restores
    them. An empty ``next_cursor`` means no cursor. Values the envelope would refuse (a negative
    total, HTTP status 700) are allowed here: :func:`build` reports them.
    """

    outcome: Outcome = Outcome.SUCCESS
    has_data: bool = True
    item_count: int = 3
    has_coverage: bool = True
    returned: int = 3
    has_total: bool = True
    total: int = 3
    next_cursor: str = ""
    truncated_by: TruncatedBy | None = None
    has_failure: bool = False
    code: FailureCode = FailureCode.TIMEOUT
    kind: FailureKind = FailureKind.TRANSIENT
    has_http_status: bool = False
    http_status: int = 503
    has_retry_after: bool = False
    retry_after_s: float = 0.0

    def __post_init__(self) -> None:
        # The slider cannot go past these bounds; code that builds a state by hand gets told.
        if not 0 <= self.item_count <= MAX_ITEMS:
            raise ValueError(f"item_count must be between 0 and {MAX_ITEMS}, got {self.item_count}")


def _items(count: int) -> Items:
    return [{"id": number, "name": f"item {number}"} for number in range(1, count + 1)]


def _envelope_input(state: BuilderState) -> dict[str, Any]:
    """The raw input the envelope is validated from: switched-off parts are simply absent."""
    raw: dict[str, Any] = {"outcome": state.outcome, "tool": "builder"}
    if state.has_data:
        raw["data"] = _items(state.item_count)
    if state.has_coverage:
        raw["coverage"] = {
            "returned": state.returned,
            "total": state.total if state.has_total else None,
            "next_cursor": state.next_cursor or None,
            "truncated_by": state.truncated_by,
        }
    if state.has_failure:
        raw["failure"] = {
            "code": state.code,
            "kind": state.kind,
            "http_status": state.http_status if state.has_http_status else None,
            "retry_after_s": state.retry_after_s if state.has_retry_after else None,
        }
    return raw


def _messages(error: ValidationError) -> list[str]:
    lines: list[str] = []
    for problem in error.errors(include_url=False):
        message = str(problem["msg"]).removeprefix("Value error, ")
        where = ".".join(str(part) for part in problem["loc"])
        if where:
            lines.append(f"{where}: {message}")
        else:
            # The envelope joins every invariant it breaks with "; ": one line per rule reads
            # better than one long sentence.
            lines.extend(message.split("; "))
    return lines


def build(state: BuilderState) -> Envelope[Items] | list[str]:
    """Build the envelope the controls describe, or say why it cannot exist.

    Args:
        state: The builder's controls.

    Returns:
        The validated envelope; or, when the envelope's validator (or a coverage or failure
        field) refuses it, one message per broken rule, in pydantic's words. Never raises for
        a refused envelope.
    """
    try:
        return Envelope[Items].model_validate(_envelope_input(state))
    except ValidationError as error:
        return _messages(error)


_ERROR_BOX_STYLE = (
    "border:2px solid #c62828;background:#ffebee;color:#b71c1c;"
    "border-radius:4px;padding:6px 10px;font-family:monospace"
)
# Wrap between words: JupyterLab's output CSS would break a <pre> line anywhere, mid-word.
_PRE_STYLE = "margin-top:6px;white-space:pre-wrap;word-break:normal;overflow-wrap:anywhere"


def preview_html(result: Envelope[Any] | list[str]) -> str:
    """The builder's preview: the envelope's HTML view and text, or the rules it breaks.

    Args:
        result: What :func:`build` returned.

    Returns:
        HTML. For an envelope: a ``to-builder-valid`` div holding its badge-and-table view and
        its :func:`~tool_outcomes.render.to_text` in a ``<pre>``. For messages: a red
        ``to-builder-invalid`` box, one message per line. All text is escaped.
    """
    if isinstance(result, Envelope):
        return (
            f"<div class='to-builder-valid' data-outcome='{result.outcome.value}'>"
            f"{result._repr_html_()}"
            f"<pre style='{_PRE_STYLE}'>{html.escape(to_text(result))}</pre></div>"
        )
    lines = "".join(f"<div>{html.escape(line)}</div>" for line in result)
    return (
        f"<div class='to-builder-invalid' style='{_ERROR_BOX_STYLE}'>"
        f"<b>This envelope cannot exist:</b>{lines}</div>"
    )


#: How a widget's plain-text form begins: what it is, and that it needs a running kernel.
_RUN_IT = "run this cell in JupyterLab to use it"


def builder_text(result: Envelope[Any] | list[str]) -> str:
    """The envelope builder's plain-text form, for wherever no frontend draws the widget.

    Args:
        result: What :func:`build` returned for the controls' current values.

    Returns:
        Two lines: ``Envelope builder — run this cell in JupyterLab to use it``, then
        ``now: <the envelope's repr>`` or ``now: refused: <each broken rule>``. Deterministic.
    """
    now = repr(result) if isinstance(result, Envelope) else "refused: " + "; ".join(result)
    return f"Envelope builder — {_RUN_IT}\nnow: {now}"


# -- the scenario explorer -------------------------------------------------------------------

# Longest body excerpt the explorer shows; longer bodies end in "…".
_BODY_MAX_CHARS = 480
_NAIVE_MAX_CHARS = 240
# Headers that say something about the answer; the rest (content-length, …) is noise here.
_SHOWN_HEADERS = (
    "content-type",
    "content-encoding",
    "retry-after",
    "date",
    "link",
    "x-ratelimit-remaining",
    "x-ratelimit-reset",
)


def _what_came_back(result: httpx.Response | BaseException) -> str:
    if isinstance(result, BaseException):
        return f"raised httpx.{type(result).__name__}: {result}"
    lines = [f"HTTP {result.status_code}"]
    lines += [
        f"{name}: {result.headers[name]}" for name in _SHOWN_HEADERS if name in result.headers
    ]
    body = result.content.decode("utf-8", errors="replace")
    lines += ["", clip(body, _BODY_MAX_CHARS) if body else "(no body)"]
    return "\n".join(lines)


def _section(title: str, body_html: str) -> str:
    return f"<h4 style='margin:10px 0 4px'>{html.escape(title)}</h4>{body_html}"


def _pre(text: str) -> str:
    return f"<pre style='{_PRE_STYLE}'>{html.escape(text)}</pre>"


def explain(name: str) -> str:
    """One mocked upstream seen four ways, as HTML: the scenario, the reply, naive, classified.

    Args:
        name: A scenario name from :func:`~tool_outcomes.workbook.scenarios.scenario_names`.

    Returns:
        HTML with the scenario's description; what came back (status, telling headers and a
        body excerpt, or the exception raised); what the naive tool hands over; and the
        envelope ``classify_http`` makes of it (its HTML view and ``to_text``), beside the
        outcome the catalogue expects. All upstream text is escaped.

    Raises:
        KeyError: ``name`` is not a scenario (the message lists close matches).
    """
    scenario: Scenario = get_scenario(name)
    result = fetch(scenario)
    env = classify_http(result, **scenario.classify_kwargs)
    expected = scenario.expected_outcome.value
    if scenario.expected_code is not None:
        expected += f"/{scenario.expected_code.value}"
    naive = clip(repr(naive_tool(scenario)), _NAIVE_MAX_CHARS)
    if scenario.naive_reading != naive:
        naive += f"\n(the catalogue's reading: {scenario.naive_reading})"
    return "".join(
        [
            f"<div class='to-explorer-scenario' data-scenario='{html.escape(scenario.name)}' "
            f"data-outcome='{env.outcome.value}'>",
            f"<p><b>{html.escape(scenario.name)}</b>: {html.escape(scenario.description)}</p>",
            _section(f"What came back: {came_back(result)}", _pre(_what_came_back(result))),
            _section("What the naive tool hands over", _pre(naive)),
            _section(f"Classified (the catalogue expects {expected})", env._repr_html_()),
            _pre(to_text(env)),
            "</div>",
        ]
    )


def explorer_text(name: str) -> str:
    """The scenario explorer's plain-text form, for wherever no frontend draws the widget.

    Args:
        name: The scenario selected now.

    Returns:
        Two lines: ``Scenario explorer — run this cell in JupyterLab to use it``, then
        ``now: <name>: <its description>``. Deterministic.

    Raises:
        KeyError: ``name`` is not a scenario.
    """
    scenario = get_scenario(name)
    return f"Scenario explorer — {_RUN_IT}\nnow: {scenario.name}: {scenario.description}"


# -- the widgets -----------------------------------------------------------------------------


@functools.cache
def _described_vbox() -> type[ipywidgets.VBox]:
    """A VBox whose plain-text form is a description of itself, not its constructor repr.

    Made on first use (and once) because ipywidgets may only be imported lazily.
    """
    import ipywidgets as w  # lazy: tool_outcomes never imports ipywidgets on its own

    class DescribedVBox(w.VBox):  # type: ignore[misc] # ipywidgets is untyped
        """A VBox that says what it is; ``describe`` is called at each display, so it is current."""

        def __init__(self, children: list[Any], describe: Callable[[], str]) -> None:
            super().__init__(children)
            self._describe = describe

        def __repr__(self) -> str:
            return self._describe()

        def _repr_mimebundle_(self, **kwargs: Any) -> Any:
            bundle = super()._repr_mimebundle_(**kwargs)
            # ipywidgets cuts the repr at 110 characters; the description is short and whole.
            bundle["text/plain"] = self._describe()
            return bundle

    return DescribedVBox


#: The CSS class of each builder control, by the :class:`BuilderState` field it sets, plus
#: ``"preview"`` (the HTML preview) and ``"builder"`` (the whole widget).
BUILDER_CSS: dict[str, str] = {
    **{f.name: "to-builder-" + f.name.replace("_", "-") for f in fields(BuilderState)},
    "preview": "to-builder-preview",
    "builder": "to-builder",
}

#: The CSS classes of the scenario explorer's parts.
EXPLORER_CSS: dict[str, str] = {
    "select": "to-explorer-select",
    "preview": "to-explorer-preview",
    "explorer": "to-explorer",
}

# Which parts a switch enables: a switched-off part's controls are greyed out, not cleared.
_SWITCHES: dict[str, tuple[str, ...]] = {
    "has_data": ("item_count",),
    "has_coverage": ("returned", "has_total", "total", "next_cursor", "truncated_by"),
    "has_total": ("total",),
    "has_failure": ("code", "kind", "has_http_status", "http_status", "has_retry_after"),
    "has_http_status": ("http_status",),
    "has_retry_after": ("retry_after_s",),
}
# A Dropdown cannot select an option whose value is None (it clears the selection instead),
# so "no truncation" is "" in the control and None in the state.
_NO_TRUNCATION = ""
# Rows of the builder's layout, by field name.
_ROWS: tuple[tuple[str, ...], ...] = (
    ("outcome",),
    ("has_data", "item_count"),
    ("has_coverage", "returned", "has_total", "total"),
    ("next_cursor", "truncated_by"),
    ("has_failure", "code", "kind"),
    ("has_http_status", "http_status", "has_retry_after", "retry_after_s"),
)


def _builder_controls(state: BuilderState) -> dict[str, Any]:
    import ipywidgets as w  # lazy: tool_outcomes never imports ipywidgets on its own

    narrow = w.Layout(width="150px")
    label = {"description_width": "initial"}

    def switch(text: str, value: bool) -> Any:
        return w.Checkbox(value=value, description=text, indent=False, layout=narrow)

    controls: dict[str, Any] = {
        "outcome": w.Dropdown(
            options=[(o.value, o) for o in Outcome], value=state.outcome, description="outcome"
        ),
        "has_data": switch("data", state.has_data),
        "item_count": w.IntSlider(
            value=state.item_count, min=0, max=MAX_ITEMS, description="items"
        ),
        "has_coverage": switch("coverage", state.has_coverage),
        "returned": w.IntText(value=state.returned, description="returned", style=label),
        "has_total": switch("total known", state.has_total),
        "total": w.IntText(value=state.total, description="total", style=label),
        "next_cursor": w.Text(
            value=state.next_cursor, description="next_cursor", placeholder="(none)", style=label
        ),
        "truncated_by": w.Dropdown(
            options=[("(none)", _NO_TRUNCATION), *((t.value, t) for t in TruncatedBy)],
            value=state.truncated_by or _NO_TRUNCATION,
            description="truncated_by",
            style=label,
        ),
        "has_failure": switch("failure", state.has_failure),
        "code": w.Dropdown(
            options=[(c.value, c) for c in FailureCode], value=state.code, description="code"
        ),
        "kind": w.Dropdown(
            options=[(k.value, k) for k in FailureKind], value=state.kind, description="kind"
        ),
        "has_http_status": switch("HTTP status", state.has_http_status),
        "http_status": w.IntText(value=state.http_status, description="http_status", style=label),
        "has_retry_after": switch("Retry-After", state.has_retry_after),
        "retry_after_s": w.FloatText(
            value=state.retry_after_s, description="retry_after_s", style=label
        ),
    }
    missing = {f.name for f in fields(BuilderState)} ^ controls.keys()
    assert not missing, f"every BuilderState field needs exactly one control: {missing}"
    return controls


def envelope_builder(initial: BuilderState | None = None) -> ipywidgets.VBox:
    """A widget to build an envelope by hand and see, live, the envelope or the rule it breaks.

    Args:
        initial: The controls' starting values; a valid three-item ``success`` when left out.

    Returns:
        An ``ipywidgets.VBox`` of the controls (CSS classes in :data:`BUILDER_CSS`) above an
        ``ipywidgets.HTML`` preview (class ``to-builder-preview``) whose ``value`` is
        ``preview_html(build(state))`` for the controls' current values.
    """
    import ipywidgets as w  # lazy: tool_outcomes never imports ipywidgets on its own

    controls = _builder_controls(initial or BuilderState())
    for name, control in controls.items():
        control.add_class(BUILDER_CSS[name])
    preview = w.HTML().add_class(BUILDER_CSS["preview"])

    def refresh(_change: object = None) -> None:
        state = _state_of(controls)
        _grey_out(controls)
        preview.value = preview_html(build(state))

    for control in controls.values():
        control.observe(refresh, names="value")
    refresh()
    rows = [w.HBox([controls[name] for name in row]) for row in _ROWS]
    box = _described_vbox()([*rows, preview], lambda: builder_text(build(_state_of(controls))))
    return box.add_class(BUILDER_CSS["builder"])


def _state_of(controls: dict[str, Any]) -> BuilderState:
    values = {name: control.value for name, control in controls.items()}
    values["truncated_by"] = values["truncated_by"] or None
    return BuilderState(**values)


def _grey_out(controls: dict[str, Any]) -> None:
    """Disable every control whose part is switched off, following nested switches."""
    enabled = dict.fromkeys(controls, True)
    # Outer switches come first in _SWITCHES, so an inner switch inherits its outer state.
    for switch, parts in _SWITCHES.items():
        on = enabled[switch] and bool(controls[switch].value)
        for part in parts:
            enabled[part] = enabled[part] and on
    for name, control in controls.items():
        control.disabled = not enabled[name]


def scenario_explorer(initial: str | None = None) -> ipywidgets.VBox:
    """A widget to pick a mocked upstream and see what came back and how it is classified.

    Args:
        initial: The scenario shown first; the first in the catalogue when left out.

    Returns:
        An ``ipywidgets.VBox`` of a ``Dropdown`` over every scenario name (class
        ``to-explorer-select``) above an ``ipywidgets.HTML`` (class ``to-explorer-preview``)
        whose ``value`` is :func:`explain` of the selected scenario.

    Raises:
        KeyError: ``initial`` is not a scenario.
    """
    import ipywidgets as w  # lazy: tool_outcomes never imports ipywidgets on its own

    names = scenario_names()
    first = get_scenario(initial).name if initial is not None else names[0]
    select = w.Dropdown(options=names, value=first, description="scenario")
    select.add_class(EXPLORER_CSS["select"])
    preview = w.HTML(value=explain(first)).add_class(EXPLORER_CSS["preview"])

    def show(change: dict[str, Any]) -> None:
        preview.value = explain(change["new"])

    select.observe(show, names="value")
    box = _described_vbox()([select, preview], lambda: explorer_text(select.value))
    return box.add_class(EXPLORER_CSS["explorer"])
