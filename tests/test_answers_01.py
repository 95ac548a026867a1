"""Notebook 01's exercises turn down the wrong answers a participant would plausibly try."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tool_outcomes import Envelope, Outcome, classify_http
from tool_outcomes.workbook.nb01.consumer import CatalogueRow
from tool_outcomes.workbook.scenarios import fetch, get_scenario, naive_tool
from wrong_answers import assert_fails, assert_passes

Rows = list[CatalogueRow]
Pairs = Callable[[Rows], object]


def _pairs(rows: Rows, same: Callable[[CatalogueRow, CatalogueRow], bool]) -> set[tuple[str, str]]:
    """Every alphabetical pair of different rows for which ``same`` holds."""
    found: set[tuple[str, str]] = set()
    for i, first in enumerate(rows):
        for second in rows[i + 1 :]:
            if same(first, second):
                a, b = sorted((first.scenario, second.scenario))
                found.add((a, b))
    return found


def lookalikes(rows: Rows) -> set[tuple[str, str]]:
    """The reference answer to 01.1."""
    return _pairs(rows, lambda a, b: a.naive == b.naive and a.truth is not b.truth)


def honest_tool(name: str) -> Envelope[Any]:
    """The reference answer to 01.3."""
    scenario = get_scenario(name)
    return classify_http(fetch(scenario), **scenario.classify_kwargs)


def test_the_reference_answers_pass() -> None:
    """The notebook's answers pass, so the failures below are about what each answer gets wrong."""
    assert_passes("01.1", lookalikes)
    assert_passes("01.2", {"C"})
    assert_passes("01.3", honest_tool)


WRONG_LOOKALIKES: list[tuple[str, Pairs, str]] = [
    ("hard-coded-pair", lambda rows: {("empty", "timeout")}, "it names a scenario that is not"),
    ("hard-coded-nothing", lambda rows: set(), "missing"),
    (
        "ignores-the-class",
        lambda rows: _pairs(rows, lambda a, b: a.naive == b.naive),
        "their true outcome classes are the same",
    ),
    (
        "compares-causes-not-classes",
        lambda rows: _pairs(
            rows, lambda a, b: a.naive == b.naive and (a.truth, a.code) != (b.truth, b.code)
        ),
        "a different cause is not a different class",
    ),
    (
        "identity-not-equality",
        lambda rows: _pairs(rows, lambda a, b: a.naive is b.naive and a.truth is not b.truth),
        "missing",
    ),
    (
        "only-empty-lists",
        lambda rows: _pairs(rows, lambda a, b: a.naive == b.naive == [] and a.truth != b.truth),
        "missing",
    ),
    (
        "both-orders",
        lambda rows: {
            (a.scenario, b.scenario)
            for a in rows
            for b in rows
            if a.naive == b.naive and a.truth is not b.truth
        },
        "is not two names in alphabetical order",
    ),
    ("a-list-of-pairs", lambda rows: sorted(lookalikes(rows)), "expected a set of pairs"),
]


@pytest.mark.parametrize(
    ("answer", "caught_by"),
    [pytest.param(answer, caught_by, id=name) for name, answer, caught_by in WRONG_LOOKALIKES],
)
def test_01_1_turns_down_wrong_lookalike_finders(answer: Pairs, caught_by: str) -> None:
    """Hard-coded pairs, ignoring the class, causes for classes, ``is`` for ``==``: each fails."""
    assert_fails("01.1", answer, caught_by=caught_by)


@pytest.mark.parametrize(
    ("answer", "caught_by"),
    [
        ({"A"}, "A does not license it"),
        ({"A", "C"}, "A does not license it"),
        ({"B", "C"}, "B does not license it"),
        ({"C", "D"}, "D does not license it"),
        ({"C", "F"}, "F does not license it"),
        (set(), "a result that does license it is missing"),
        ({"c"}, "unknown letter"),
        ("C", "expected a set of letters"),
    ],
)
def test_01_2_turns_down_wrong_licences(answer: object, caught_by: str) -> None:
    """Any letter that is no confirmed empty, a missing one, or a string fails; C is never named."""
    assert_fails("01.2", answer, caught_by=caught_by, hides=("C licenses", "{'C'}"))


def _ignores_the_endpoints_promise(name: str) -> Envelope[Any]:
    return classify_http(fetch(get_scenario(name)))


def _swallows_errors(name: str) -> Envelope[Any]:
    result = fetch(get_scenario(name))
    if isinstance(result, Exception):
        return Envelope(outcome=Outcome.EMPTY, data=[])
    return classify_http(result, **get_scenario(name).classify_kwargs)


def _hard_coded(name: str) -> Envelope[Any]:
    return Envelope(outcome=Outcome.SUCCESS, data=naive_tool(name))


@pytest.mark.parametrize(
    ("answer", "caught_by"),
    [
        pytest.param(_hard_coded, "(scenario empty)", id="hard-coded-success"),
        pytest.param(naive_tool, "returned a list, not an Envelope", id="the-naive-tool"),
        pytest.param(_swallows_errors, "(scenario timeout)", id="swallows-the-exception"),
        pytest.param(
            _ignores_the_endpoints_promise,
            "(scenario not_found_lookup)",
            id="ignores-classify-kwargs",
        ),
    ],
)
def test_01_3_turns_down_wrong_honest_tools(answer: Callable[[str], Any], caught_by: str) -> None:
    """A hard-coded outcome, a list, a swallowed exception or a forgotten ``not_found`` fail."""
    assert_fails("01.3", answer, caught_by=caught_by)


def test_filtering_to_empty_lists_is_told_that_lookalikes_hold_items_too() -> None:
    """The hint names the slip (only [] compared), not an operator the answer already used."""
    line = assert_fails(
        "01.1",
        lambda rows: _pairs(rows, lambda a, b: a.naive == b.naive == [] and a.truth != b.truth),
        caught_by="(a complete list and a first page holding the same two items)",
    )
    assert "not [] but lists with items" in line
