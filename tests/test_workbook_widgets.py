"""The workbook's interactive builders: pure logic first, then the widgets' wiring, headless.

``build`` / ``preview_html`` / ``explain`` are tested as plain functions; the widgets are built
without a frontend and driven by setting a control's ``.value``, exactly as a browser would.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import fields, replace
from typing import Any

import pytest

from tool_outcomes import (
    Coverage,
    Envelope,
    Failure,
    FailureCode,
    FailureKind,
    Outcome,
    TruncatedBy,
    to_text,
)
from tool_outcomes.workbook.scenarios import get_scenario, scenario_names
from tool_outcomes.workbook.widgets import (
    BUILDER_CSS,
    EXPLORER_CSS,
    MAX_ITEMS,
    BuilderState,
    build,
    builder_text,
    envelope_builder,
    explain,
    explorer_text,
    preview_html,
    scenario_explorer,
)

# A state with nothing switched on: each case below switches on only what it needs.
BARE = BuilderState(has_data=False, has_coverage=False)

PARTIAL_PAGE = replace(
    BARE, outcome=Outcome.PARTIAL, has_data=True, item_count=10, has_coverage=True, returned=10,
    total=180, next_cursor="c2", truncated_by=TruncatedBy.TOTAL_EXCEEDS_RETURNED,
)  # fmt: skip
RATE_LIMITED = replace(
    BARE, outcome=Outcome.ACCESS_FAILURE, has_failure=True, code=FailureCode.RATE_LIMITED,
    has_http_status=True, http_status=429, has_retry_after=True, retry_after_s=1.5,
)  # fmt: skip

VALID = [
    pytest.param(BuilderState(), Outcome.SUCCESS, id="success"),
    pytest.param(
        replace(BARE, outcome=Outcome.EMPTY, has_data=True, item_count=0, has_coverage=True,
                returned=0, total=0),
        Outcome.EMPTY,
        id="empty",
    ),
    pytest.param(PARTIAL_PAGE, Outcome.PARTIAL, id="partial"),
    pytest.param(RATE_LIMITED, Outcome.ACCESS_FAILURE, id="access_failure"),
]  # fmt: skip


@pytest.mark.parametrize(("state", "outcome"), VALID)
def test_build_makes_a_valid_envelope_for_each_outcome(
    state: BuilderState, outcome: Outcome
) -> None:
    """Each outcome can be built from the controls, and the envelope carries what they say."""
    env = build(state)
    assert isinstance(env, Envelope)
    assert env.outcome is outcome
    assert (env.data is None) == (not state.has_data)
    assert (env.coverage is None) == (not state.has_coverage)
    assert (env.failure is None) == (not state.has_failure)


def test_build_carries_every_control_into_the_envelope() -> None:
    """Cursor, evidence, status and Retry-After reach the envelope unchanged."""
    partial = build(PARTIAL_PAGE)
    failure = build(RATE_LIMITED)
    assert isinstance(partial, Envelope)
    assert isinstance(failure, Envelope)
    assert partial.coverage == Coverage(
        returned=10, total=180, next_cursor="c2", truncated_by=TruncatedBy.TOTAL_EXCEEDS_RETURNED
    )
    assert partial.data == [{"id": n, "name": f"item {n}"} for n in range(1, 11)]
    assert failure.failure == Failure(
        code=FailureCode.RATE_LIMITED,
        kind=FailureKind.TRANSIENT,
        http_status=429,
        retry_after_s=1.5,
    )


IMPOSSIBLE = [
    pytest.param(
        replace(BARE, outcome=Outcome.ACCESS_FAILURE),
        "access_failure needs a failure saying why",
        id="failure-without-reason",
    ),
    pytest.param(
        replace(BARE, outcome=Outcome.ACCESS_FAILURE, has_failure=True, has_data=True),
        "access_failure carries no data",
        id="failure-with-data",
    ),
    pytest.param(
        replace(BARE, outcome=Outcome.ACCESS_FAILURE, has_failure=True, has_coverage=True),
        "access_failure carries no coverage",
        id="failure-with-coverage",
    ),
    pytest.param(
        replace(BARE, outcome=Outcome.EMPTY, has_failure=True),
        "empty carries no failure",
        id="empty-with-failure",
    ),
    pytest.param(
        replace(BARE, outcome=Outcome.PARTIAL, has_data=True),
        "partial needs a coverage",
        id="partial-without-coverage",
    ),
    pytest.param(
        replace(BARE, outcome=Outcome.PARTIAL, has_coverage=True),
        "partial needs coverage.truncated_by",
        id="partial-without-evidence",
    ),
    pytest.param(
        replace(BARE, outcome=Outcome.EMPTY, has_data=True, item_count=2),
        "empty carries items in its data",
        id="empty-with-items",
    ),
    pytest.param(
        replace(BARE, outcome=Outcome.SUCCESS, has_coverage=True, returned=3, total=10),
        "success claims 3 of 10 items: that is a partial",
        id="success-short-of-total",
    ),
    pytest.param(
        replace(BARE, has_coverage=True, returned=5, total=2),
        "coverage: coverage.total (2) is below coverage.returned (5)",
        id="total-below-returned",
    ),
    pytest.param(
        replace(BARE, outcome=Outcome.ACCESS_FAILURE, has_failure=True, has_http_status=True,
                http_status=700),
        "failure.http_status: Input should be less than or equal to 599",
        id="status-out-of-range",
    ),
    pytest.param(
        replace(BARE, outcome=Outcome.ACCESS_FAILURE, has_failure=True, has_retry_after=True,
                retry_after_s=-1.0),
        "failure.retry_after_s: Input should be greater than or equal to 0",
        id="negative-retry-after",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("state", "message"), IMPOSSIBLE)
def test_impossible_envelopes_return_messages_not_exceptions(
    state: BuilderState, message: str
) -> None:
    """A combination the envelope refuses comes back as messages, one rule per line."""
    result = build(state)
    assert isinstance(result, list)
    assert any(message in line for line in result), result
    assert all("\n" not in line and "; " not in line for line in result)


def test_switched_off_parts_are_left_out_of_the_envelope() -> None:
    """Values behind a switch that is off are kept by the controls but never validated."""
    state = replace(
        BARE, has_total=False, total=-5, has_http_status=False, http_status=999, item_count=7
    )
    env = build(state)
    assert isinstance(env, Envelope)
    assert (env.data, env.coverage, env.failure) == (None, None, None)


@pytest.mark.parametrize("item_count", [-1, MAX_ITEMS + 1])
def test_a_state_out_of_the_sliders_range_is_refused(item_count: int) -> None:
    """A hand-made state with more items than the slider offers is a clear error."""
    with pytest.raises(ValueError, match=f"between 0 and {MAX_ITEMS}"):
        BuilderState(item_count=item_count)


HOSTILE = "<script>alert('x')</script>"


def test_preview_escapes_messages() -> None:
    """A message is shown as text in the red box, never as markup."""
    page = preview_html([HOSTILE, "second rule"])
    assert "to-builder-invalid" in page
    assert HOSTILE not in page
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in page
    assert page.count("<div>") == 2  # one line per message


def test_preview_escapes_envelope_details() -> None:
    """Tool name, failure detail and data reach the preview escaped, in both views."""
    env = Envelope[Any](
        outcome=Outcome.ACCESS_FAILURE,
        tool=HOSTILE,
        failure=Failure(code=FailureCode.SCHEMA, kind=FailureKind.PERMANENT, detail=HOSTILE),
    )
    page = preview_html(env)
    assert HOSTILE not in page
    assert "<script" not in page
    assert page.count("&lt;script&gt;") >= 3  # the table's tool and failure rows, and the text


def test_preview_of_an_envelope_shows_its_badge_and_text() -> None:
    """A valid envelope shows its HTML view and its to_text, tagged with its outcome."""
    env = build(PARTIAL_PAGE)
    assert isinstance(env, Envelope)
    page = preview_html(env)
    assert page.startswith("<div class='to-builder-valid' data-outcome='partial'>")
    assert env._repr_html_() in page
    assert "PARTIAL RESULT" in to_text(env)
    assert "PARTIAL RESULT" in page


# -- the scenario explorer's text ----------------------------------------------------------------


@pytest.mark.parametrize("name", scenario_names())
def test_explain_shows_the_classified_outcome_of_every_scenario(name: str) -> None:
    """Every scenario explains itself, ending in the outcome the catalogue expects."""
    expected = get_scenario(name).expected_outcome.value
    page = explain(name)
    assert f"data-scenario='{name}'" in page
    assert f"data-outcome='{expected}'" in page
    assert f">{expected}</span>" in page  # the envelope's badge
    for section in ("What came back", "What the naive tool hands over", "Classified"):
        assert section in page


def test_explain_escapes_what_the_upstream_sent() -> None:
    """An HTML page from a lying upstream is shown as text, not rendered."""
    page = explain("lying_html_200")
    assert "<!DOCTYPE" not in page
    assert "<form" not in page
    assert "&lt;form action=" in page


def test_explain_names_the_exception_of_a_failed_transport() -> None:
    """A transport failure shows the exception raised instead of a reply."""
    assert "raised httpx.ReadTimeout" in explain("timeout")


def test_explain_refuses_an_unknown_scenario_with_suggestions() -> None:
    """A misspelt scenario name is a KeyError naming close matches."""
    with pytest.raises(KeyError, match="did you mean"):
        explain("lying_html200")


# -- the widgets, headless -----------------------------------------------------------------------


def _by_class(widget: Any) -> dict[str, Any]:
    """Every widget in the tree under ``widget``, by each CSS class it carries."""
    found: dict[str, Any] = {}
    stack = [widget]
    while stack:
        node = stack.pop()
        for css in node._dom_classes:
            assert css not in found, f"CSS class {css} is used twice"
            found[css] = node
        stack.extend(getattr(node, "children", ()))
    return found


def test_builder_controls_carry_their_css_classes() -> None:
    """Each BuilderState field has one control with a stable class, plus preview and root."""
    parts = _by_class(envelope_builder())
    assert set(parts) == set(BUILDER_CSS.values())
    assert {f.name for f in fields(BuilderState)} <= BUILDER_CSS.keys()
    assert parts["to-builder-outcome"].value is Outcome.SUCCESS
    assert type(parts["to-builder-preview"]).__name__ == "HTML"


def test_builder_preview_follows_the_controls() -> None:
    """An access_failure without a failure shows the rule; switching failure on shows the badge."""
    initial = replace(BARE, outcome=Outcome.SUCCESS)
    parts = _by_class(envelope_builder(initial))
    preview = parts["to-builder-preview"]
    assert preview.value == preview_html(build(initial))

    parts["to-builder-outcome"].value = Outcome.ACCESS_FAILURE
    assert "to-builder-invalid" in preview.value
    assert "access_failure needs a failure saying why" in preview.value

    parts["to-builder-has-failure"].value = True
    assert "data-outcome='access_failure'" in preview.value
    assert ">access_failure</span>" in preview.value


def test_builder_evidence_dropdown_can_be_set_and_cleared() -> None:
    """Picking truncated_by makes a valid partial; "(none)" takes the evidence away again."""
    parts = _by_class(envelope_builder())
    preview = parts["to-builder-preview"]
    parts["to-builder-outcome"].value = Outcome.PARTIAL
    assert "partial needs coverage.truncated_by" in preview.value
    parts["to-builder-truncated-by"].value = TruncatedBy.NEXT_PAGE
    assert "data-outcome='partial'" in preview.value
    parts["to-builder-truncated-by"].index = 0
    assert parts["to-builder-truncated-by"].label == "(none)"
    assert "partial needs coverage.truncated_by" in preview.value


def test_builder_greys_out_the_controls_of_switched_off_parts() -> None:
    """A part's controls are disabled while its switch, or an outer one, is off."""
    parts = _by_class(envelope_builder(BARE))
    assert parts["to-builder-item-count"].disabled
    assert parts["to-builder-total"].disabled
    assert parts["to-builder-http-status"].disabled
    parts["to-builder-has-coverage"].value = True
    assert not parts["to-builder-total"].disabled  # has_total is on by default
    parts["to-builder-has-total"].value = False
    assert parts["to-builder-total"].disabled
    assert not parts["to-builder-returned"].disabled


def test_explorer_preview_follows_the_selected_scenario() -> None:
    """The explorer shows explain() of the selected scenario, and follows a new selection."""
    parts = _by_class(scenario_explorer("ok"))
    assert set(parts) == set(EXPLORER_CSS.values())
    select, preview = parts["to-explorer-select"], parts["to-explorer-preview"]
    assert list(select.options) == scenario_names()
    assert preview.value == explain("ok")
    select.value = "lying_html_200"
    assert preview.value == explain("lying_html_200")
    assert "data-outcome='access_failure'" in preview.value


def test_explorer_starts_at_the_first_scenario_and_refuses_unknown_ones() -> None:
    """With no initial name the first scenario shows; an unknown one is a KeyError."""
    parts = _by_class(scenario_explorer())
    assert parts["to-explorer-select"].value == scenario_names()[0]
    with pytest.raises(KeyError, match="no scenario named"):
        scenario_explorer("no_such_upstream")


def test_importing_the_widgets_module_does_not_load_ipywidgets() -> None:
    """ipywidgets loads only when a widget is built, so the module stays cheap to import."""
    code = (
        "import sys, tool_outcomes.workbook.widgets; "
        "assert 'ipywidgets' not in sys.modules, 'ipywidgets was imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def _plain_text(widget: Any) -> str:
    """What a notebook stores as the widget's text/plain output (what a static view shows)."""
    bundle = widget._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle  # still a live widget
    return str(bundle["text/plain"])


def test_builder_plain_text_says_what_it_is_and_follows_the_controls() -> None:
    """The builder's text form names it, says it needs a kernel, and shows the current state."""
    builder = envelope_builder(replace(BARE, outcome=Outcome.SUCCESS))
    parts = _by_class(builder)
    text = _plain_text(builder)
    assert text == builder_text(build(replace(BARE, outcome=Outcome.SUCCESS)))
    assert text.splitlines()[0] == "Envelope builder — run this cell in JupyterLab to use it"
    assert "VBox" not in text

    parts["to-builder-outcome"].value = Outcome.ACCESS_FAILURE
    assert _plain_text(builder).splitlines()[1] == (
        "now: refused: access_failure needs a failure saying why"
    )
    parts["to-builder-has-failure"].value = True
    assert _plain_text(builder).splitlines()[1].startswith("now: Envelope(outcome=access_failure")
    assert repr(builder) == _plain_text(builder)


def test_builder_text_of_a_long_refusal_is_whole_and_two_lines() -> None:
    """Every broken rule is listed, on one line, however long (no 110-character cut)."""
    messages = ["rule one " * 10, "rule two " * 10]
    text = builder_text(messages)
    assert text.count("\n") == 1
    assert text.endswith("; ".join(messages))


def test_explorer_plain_text_names_the_selected_scenario() -> None:
    """The explorer's text form says what it is and which scenario it shows now."""
    explorer = scenario_explorer("ok")
    assert _plain_text(explorer) == explorer_text("ok")
    assert _plain_text(explorer).startswith("Scenario explorer — run this cell in JupyterLab")
    assert f"now: ok: {get_scenario('ok').description}" in _plain_text(explorer)
    _by_class(explorer)["to-explorer-select"].value = "lying_html_200"
    assert "now: lying_html_200: " in _plain_text(explorer)
    with pytest.raises(KeyError, match="no scenario named"):
        explorer_text("no_such_upstream")
