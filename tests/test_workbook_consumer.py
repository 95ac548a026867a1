"""The rule-based consumer of notebook 01, its scenario catalogue, and the 01 exercises."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tool_outcomes import (
    Coverage,
    Envelope,
    Failure,
    FailureCode,
    FailureKind,
    Outcome,
    TruncatedBy,
    classify_http,
)
from tool_outcomes.workbook import check
from tool_outcomes.workbook.nb01.consumer import (
    CATALOGUE_01,
    DEFAULT_QUESTION,
    HONEST_WORDING,
    NAIVE_WORDING,
    Amount,
    CatalogueRow,
    Question,
    _reading_matches,
    answer_from_envelope,
    answer_question,
    catalogue,
    collapse_table,
    misread_scenarios,
)
from tool_outcomes.workbook.nb01.exercises import HONEST_TOOL_SCENARIOS, LICENSE_OPTIONS
from tool_outcomes.workbook.scenarios import Scenario, fetch, get_scenario, scenario_names

NONE_SENTENCE = "There are no items."
TICKETS = Question(singular="open ticket", plural="open tickets", query="refund")


@pytest.fixture(scope="module")
def rows() -> list[CatalogueRow]:
    """Notebook 01's catalogue, misread scenarios included, built once for this module."""
    return catalogue(include_misread=True)


# -- the naive consumer -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("results", "sentence"),
    [
        ([], NONE_SENTENCE),
        ((), NONE_SENTENCE),
        ([{"id": 1}], "There is exactly 1 item."),
        ([1, 2, 3], "There are exactly 3 items."),
    ],
)
def test_the_naive_consumer_reads_shape_as_fact(results: Any, sentence: str) -> None:
    """The naive consumer's sentence depends only on how many items it was handed."""
    assert answer_question(results) == sentence


@given(st.lists(st.integers(), max_size=5))
def test_an_empty_list_always_becomes_there_are_none(results: list[int]) -> None:
    """Whatever happened upstream, [] and only [] becomes a confident 'there are none'."""
    assert (answer_question(results) == NONE_SENTENCE) is (results == [])


@pytest.mark.parametrize("bad", ["", "abc", None, {"items": []}, 3])
def test_the_naive_consumer_refuses_what_is_not_a_list(bad: object) -> None:
    """A string, a dict or None is a clear TypeError, not a sentence about tickets."""
    with pytest.raises(TypeError, match="results must be a list"):
        answer_question(bad)  # type: ignore[arg-type]


def test_a_question_changes_the_words() -> None:
    """The subject and query of the question appear in the sentence."""
    question = Question(singular="invoice", plural="invoices", query="overdue")
    assert answer_question([], question) == "There are no invoices matching 'overdue'."
    assert answer_question(["x"], question) == "There is exactly 1 invoice matching 'overdue'."


@pytest.mark.parametrize("field", ["singular", "plural", "query"])
def test_a_question_needs_every_word(field: str) -> None:
    """An empty or blank word in a question is a ValueError naming the field."""
    with pytest.raises(ValueError, match=f"Question.{field}"):
        Question(**{field: "  "})


def test_a_question_must_be_a_question() -> None:
    """Passing a plain string as the question is a TypeError."""
    with pytest.raises(TypeError, match="question must be a Question"):
        answer_question([], "refund")  # type: ignore[arg-type]


# -- the envelope-aware consumer ----------------------------------------------------------------

_TIMEOUT = Failure(code=FailureCode.TIMEOUT, kind=FailureKind.TRANSIENT)
_CUT = Coverage(returned=2, total=9, truncated_by=TruncatedBy.TOTAL_EXCEEDS_RETURNED)

HONEST_CASES = [
    (Envelope[Any](outcome=Outcome.EMPTY, data=[]), NONE_SENTENCE),
    (Envelope[Any](outcome=Outcome.EMPTY), NONE_SENTENCE),
    (
        Envelope[Any](outcome=Outcome.SUCCESS, data=[1, 2]),
        "There are exactly 2 items.",
    ),
    (
        Envelope[Any](outcome=Outcome.SUCCESS, data={"id": 1}),
        "There is exactly 1 item.",
    ),
    (
        Envelope[Any](
            outcome=Outcome.PARTIAL,
            data=[1],
            coverage=Coverage(returned=1, total=9, truncated_by=TruncatedBy.TOTAL_EXCEEDS_RETURNED),
        ),
        "At least 1 item exists; the search was cut off (the source holds more than it "
        "returned), so there may be more.",
    ),
    (
        Envelope[Any](outcome=Outcome.PARTIAL, data=[1, 2], coverage=_CUT),
        "At least 2 items exist; the search was cut off (the source holds more than it "
        "returned), so there may be more.",
    ),
    (
        Envelope[Any](
            outcome=Outcome.PARTIAL,
            data=[],
            coverage=Coverage(returned=0, truncated_by=TruncatedBy.UPSTREAM_TIMEOUT),
        ),
        "I cannot say whether any items exist: the search was cut off (the source timed out "
        "before finishing).",
    ),
    (
        Envelope[Any](outcome=Outcome.ACCESS_FAILURE, failure=_TIMEOUT),
        "I could not check for items (timeout), so I cannot say whether any exist.",
    ),
]


TICKET_SENTENCES = [
    "There are no open tickets matching 'refund'.",
    "There are no open tickets matching 'refund'.",
    "There are exactly 2 open tickets matching 'refund'.",
    "There is exactly 1 open ticket matching 'refund'.",
    "At least 1 open ticket matches 'refund'; the search was cut off (the source holds more "
    "than it returned), so there may be more.",
    "At least 2 open tickets match 'refund'; the search was cut off (the source holds more "
    "than it returned), so there may be more.",
    "I cannot say whether any open tickets match 'refund': the search was cut off (the source "
    "timed out before finishing).",
    "I could not check for open tickets matching 'refund' (timeout), so I cannot say whether "
    "any exist.",
]


def test_a_query_reads_right_in_every_honest_sentence() -> None:
    """With a query, every outcome's sentence names it with the verb form that fits."""
    said = [answer_from_envelope(env, TICKETS) for env, _ in HONEST_CASES]
    assert said == TICKET_SENTENCES


@pytest.mark.parametrize(("env", "sentence"), HONEST_CASES)
def test_the_envelope_aware_consumer_speaks_in_the_voice_of_the_outcome(
    env: Envelope[Any], sentence: str
) -> None:
    """Each outcome gets its own sentence: only a complete answer is said as a fact."""
    assert answer_from_envelope(env) == sentence


def test_every_outcome_has_honest_wording() -> None:
    """The wording table covers all four classes, and only complete ones say 'There are'."""
    assert set(HONEST_WORDING) == set(Outcome)
    for outcome in (Outcome.PARTIAL, Outcome.ACCESS_FAILURE):
        assert not any(s.startswith("There ") for s in HONEST_WORDING[outcome].values())
    assert HONEST_WORDING[Outcome.EMPTY][Amount.NONE] == NAIVE_WORDING[Amount.NONE]


def test_the_envelope_aware_consumer_refuses_a_bare_list() -> None:
    """Handing it the naive list instead of an envelope is a TypeError."""
    with pytest.raises(TypeError, match="expected an Envelope"):
        answer_from_envelope([])  # type: ignore[arg-type]


def test_only_a_real_absence_is_said_as_there_are_none(rows: list[CatalogueRow]) -> None:
    """Over the whole catalogue, 'there are none' comes from the honest consumer only for empty."""
    for row in rows:
        assert row.envelope is not None
        said = answer_from_envelope(row.envelope)
        assert (said == NONE_SENTENCE) is (row.truth is Outcome.EMPTY), row.scenario


# -- the catalogue ------------------------------------------------------------------------------


def test_the_catalogue_covers_every_pinned_scenario_when_asked(rows: list[CatalogueRow]) -> None:
    """include_misread=True gives one row per pinned scenario, in name order."""
    assert [row.scenario for row in rows] == sorted(CATALOGUE_01)


def test_the_pinned_catalogue_names_only_scenarios_that_exist() -> None:
    """Every name notebook 01 pins is still a scenario (a rename must update the pin)."""
    assert set(CATALOGUE_01) <= set(scenario_names())
    assert len(set(CATALOGUE_01)) == len(CATALOGUE_01)


def test_the_catalogue_can_show_any_scenarios_by_name() -> None:
    """Names passed in choose the rows and their order, pinned or not."""
    names = list(reversed(scenario_names()))
    assert [row.scenario for row in catalogue(*names, include_misread=True)] == names


def test_each_row_agrees_with_its_scenario_and_the_classifier(rows: list[CatalogueRow]) -> None:
    """A row's truth is the scenario's expected outcome, which its envelope also declares."""
    for row in rows:
        scenario = get_scenario(row.scenario)
        assert row.truth is scenario.expected_outcome
        assert row.code is scenario.expected_code
        assert row.envelope is not None
        assert row.envelope.outcome is row.truth, row.scenario
        assert row.conclusion == answer_question(row.naive)


def test_http_status_is_none_exactly_when_no_response_arrived(rows: list[CatalogueRow]) -> None:
    """A transport exception has no status; a response always has one."""
    for row in rows:
        arrived = fetch(row.scenario)
        expected = getattr(arrived, "status_code", None)
        assert row.http_status == expected, row.scenario


def test_misread_scenarios_are_left_out_by_default(rows: list[CatalogueRow]) -> None:
    """The default catalogue drops exactly the scenarios whose naive value is not documented."""
    misread = misread_scenarios()
    kept = [row.scenario for row in catalogue()]
    assert kept == [row.scenario for row in rows if row.scenario not in misread]
    for row in rows:
        reading = get_scenario(row.scenario).naive_reading
        assert _reading_matches(reading, row.naive) is (row.scenario not in misread)


@pytest.mark.parametrize(
    ("reading", "value", "matches"),
    [
        ("[]", [], True),
        ("[] (then, on a lucky call, 3 items)", [], True),
        ("[]", [1], False),
        ("3 items", [1, 2, 3], True),
        ("1 item", [1], True),
        ("3 items", [], False),
        ("{'id': 'u_1', ...}", [], False),
        ("2 items or so", [1, 2], False),
    ],
)
def test_a_naive_reading_is_matched_by_value_or_count(
    reading: str, value: list[Any], matches: bool
) -> None:
    """'[]…' needs [], 'N item(s)' needs N items, any other reading is not a list's."""
    assert _reading_matches(reading, value) is matches


def test_an_unknown_scenario_is_a_key_error_with_suggestions() -> None:
    """A typo in a scenario name fails loudly and suggests close names."""
    with pytest.raises(KeyError, match="did you mean"):
        catalogue("timeot")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"naive": "[]"}, "naive must be a list"),
        ({"truth": "empty"}, "truth must be an Outcome"),
        ({"code": "timeout"}, "code must be a FailureCode"),
    ],
)
def test_a_catalogue_row_refuses_loose_types(kwargs: dict[str, Any], message: str) -> None:
    """Rows hold a list, an Outcome and a FailureCode: strings are refused, not coerced."""
    fields: dict[str, Any] = {"scenario": "x", "naive": [], "truth": Outcome.EMPTY, **kwargs}
    with pytest.raises(TypeError, match=message):
        CatalogueRow(**fields)


# -- the collapse table -------------------------------------------------------------------------

_SMALL = [
    CatalogueRow("a_timeout", [], Outcome.ACCESS_FAILURE, FailureCode.TIMEOUT),
    CatalogueRow("b_empty", [], Outcome.EMPTY, http_status=200),
    CatalogueRow("c_refused", [], Outcome.ACCESS_FAILURE, FailureCode.TIMEOUT, http_status=504),
]


def test_the_collapse_table_groups_by_true_outcome() -> None:
    """One line per true outcome, classes in enum order, statuses with 'none', then a summary."""
    assert collapse_table(_SMALL).splitlines() == [
        "true outcome            scenarios  HTTP       naive value  the consumer concludes",
        f"empty                   1          200        []           {NONE_SENTENCE}",
        f"access_failure/timeout  2          none, 504  []           {NONE_SENTENCE}",
        "3 scenarios, 2 outcome classes, 2 distinct true outcomes -> 1 naive value [], "
        "1 distinct conclusion",
    ]


def test_the_honest_collapse_table_needs_envelopes() -> None:
    """Asking for the envelope-aware conclusions of rows without envelopes is a ValueError."""
    with pytest.raises(ValueError, match="has no envelope"):
        collapse_table(_SMALL, honest=True)


def _failed(name: str, code: FailureCode) -> CatalogueRow:
    failure = Failure(code=code, kind=FailureKind.PERMANENT)
    env = Envelope[Any](outcome=Outcome.ACCESS_FAILURE, failure=failure)
    return CatalogueRow(name, [], Outcome.ACCESS_FAILURE, code, envelope=env)


def test_the_honest_collapse_table_gives_access_failures_one_line_listing_causes() -> None:
    """Access failures differ only by cause: one sentence with <cause>, then the causes counted."""
    rows = [
        CatalogueRow("a", [], Outcome.EMPTY, envelope=Envelope[Any](outcome=Outcome.EMPTY)),
        _failed("b", FailureCode.TIMEOUT),
        _failed("c", FailureCode.UNAUTHORIZED),
        _failed("d", FailureCode.TIMEOUT),
    ]
    assert collapse_table(rows, honest=True).splitlines() == [
        "true outcome    scenarios  the envelope-aware consumer concludes",
        f"empty           1          {NONE_SENTENCE}",
        "access_failure  3          I could not check for items (<cause>), so I cannot say "
        "whether any exist.",
        "                           <cause>, by scenarios: timeout 2, unauthorized 1",
        "4 scenarios, 2 outcome classes, 3 distinct true outcomes -> 1 naive value [], "
        "3 distinct conclusions",
    ]


def test_one_failure_cause_is_said_as_it_is() -> None:
    """With a single cause there is nothing to collapse: the sentence names it."""
    lines = collapse_table([_failed("b", FailureCode.TIMEOUT)], honest=True).splitlines()
    assert lines[1].endswith(
        "I could not check for items (timeout), so I cannot say whether any exist."
    )
    assert len(lines) == 3


def test_the_catalogue_collapses_many_outcomes_into_one_value() -> None:
    """Every [] reads the same to the naive consumer, and one way per truth when honest."""
    nothing = [row for row in catalogue() if row.naive == []]
    truths = {row.true_outcome for row in nothing}
    assert {row.truth for row in nothing} == {
        Outcome.EMPTY,
        Outcome.PARTIAL,
        Outcome.ACCESS_FAILURE,
    }
    naive_summary = collapse_table(nothing).splitlines()[-1]
    assert naive_summary.endswith("1 naive value [], 1 distinct conclusion")
    honest_summary = collapse_table(nothing, honest=True).splitlines()[-1]
    assert honest_summary.endswith(f"{len(truths)} distinct conclusions")


def test_an_empty_table_is_just_a_header_and_a_zero_summary() -> None:
    """No rows is not an error: the table says there was nothing to compare."""
    lines = collapse_table([]).splitlines()
    assert len(lines) == 2
    assert lines[-1].startswith("0 scenarios, 0 outcome classes")


# -- the 01 exercises ---------------------------------------------------------------------------


def find_lookalikes(rows: list[CatalogueRow]) -> set[tuple[str, str]]:
    """Reference answer to 01.1."""
    pairs: set[tuple[str, str]] = set()
    for i, first in enumerate(rows):
        for second in rows[i + 1 :]:
            if first.naive == second.naive and first.truth is not second.truth:
                a, b = sorted((first.scenario, second.scenario))
                pairs.add((a, b))
    return pairs


def honest_tool(name: str) -> Envelope[Any]:
    """Reference answer to 01.3."""
    scenario: Scenario = get_scenario(name)
    return classify_http(fetch(scenario), **scenario.classify_kwargs)


def test_the_01_reference_answers_pass() -> None:
    """The answers the solutions notebook gives pass their checks."""
    assert repr(check("01.1", find_lookalikes)) == "[PASS] 01.1 find_lookalikes: 7/7 cases"
    assert repr(check("01.2", {"C"})) == "[PASS] 01.2 licenses_none: 1/1 case"
    n = len(HONEST_TOOL_SCENARIOS)
    assert repr(check("01.3", honest_tool)) == f"[PASS] 01.3 honest_tool: {n}/{n} cases"


def test_the_01_reference_answer_finds_real_lookalikes() -> None:
    """On the real catalogue, [] and a repeated page both produce lookalike pairs."""
    pairs = find_lookalikes(catalogue())
    assert ("empty", "timeout") in pairs
    assert ("drf_next_page", "drf_single_page") in pairs


def stub(*args: object) -> object:
    """The learner's untouched stub."""
    raise NotImplementedError()


@pytest.mark.parametrize(("exercise_id", "answer"), [("01.1", stub), ("01.2", ...), ("01.3", stub)])
def test_untouched_01_stubs_are_todo(exercise_id: str, answer: object) -> None:
    """Before the learner writes anything, each 01 check says TODO, never FAIL."""
    assert repr(check(exercise_id, answer)).startswith(f"[TODO] {exercise_id} ")


WRONG_LOOKALIKES = [
    (
        lambda rows: {(a.scenario, b.scenario) for a in rows for b in rows if a.naive == b.naive},
        "is not two names in alphabetical order",
    ),
    (
        lambda rows: {
            tuple(sorted((a.scenario, b.scenario)))
            for a in rows
            for b in rows
            if a.naive == b.naive and a.scenario != b.scenario
        },
        "their true outcome classes are the same",
    ),
    (
        lambda rows: {
            tuple(sorted((a.scenario, b.scenario)))
            for a in rows
            for b in rows
            if a.naive is b.naive and a.truth is not b.truth
        },
        "found 0 of 5 pairs; 5 missing",
    ),
    (
        lambda rows: {
            tuple(sorted((a.scenario, b.scenario)))
            for i, a in enumerate(rows)
            for b in rows[i + 1 :]
            if a.naive == b.naive and (a.truth, a.code) != (b.truth, b.code)
        },
        "(access_failure/unauthorized and access_failure/timeout): "
        "a different cause is not a different class",
    ),
    (lambda rows: {}, "expected a set of pairs, got a dict"),
    (lambda rows: [], "expected a set of pairs, got a list"),
]


@pytest.mark.parametrize(("answer", "message"), WRONG_LOOKALIKES)
def test_wrong_lookalike_answers_fail_with_a_reason(answer: Any, message: str) -> None:
    """Unordered pairs, same-class pairs, causes for classes, identity for ==: each is named."""
    line = repr(check("01.1", answer))
    assert line.startswith("[FAIL] 01.1 ")
    assert message in line


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        ({"A"}, "A does not license it"),
        ({"B", "C"}, "B does not license it"),
        ({"C", "D"}, "D does not license it"),
        ({"E", "F"}, "E does not license it"),
        (set(), "a result that does license it is missing"),
        ("C", "expected a set of letters"),
        ({"c"}, "unknown letter(s) 'c'"),
    ],
)
def test_wrong_license_answers_fail_without_the_answer(answer: object, message: str) -> None:
    """01.2 names the first wrong letter and why; it never says which letter is right."""
    line = repr(check("01.2", answer))
    assert line.startswith("[FAIL] 01.2 ")
    assert message in line
    if answer != "C":
        assert not re.search(r"\bC\b", line.replace("choose from A, B, C, D, E, F", ""))


def test_every_license_option_but_one_says_why_not() -> None:
    """Exactly one of the offered results licenses 'there are none'."""
    licensing = [letter for letter, (_, why_not) in LICENSE_OPTIONS.items() if why_not is None]
    assert licensing == ["C"]


def test_an_honest_tool_without_classify_kwargs_fails_on_the_declared_404() -> None:
    """Forgetting the scenario's classify_kwargs is caught, with that case's hint."""
    line = repr(check("01.3", lambda name: classify_http(fetch(name))))
    assert "scenario not_found_lookup" in line
    assert "pass the scenario's classify_kwargs" in line


def test_an_honest_tool_that_returns_a_list_is_told_so() -> None:
    """Returning the naive list instead of the envelope fails on the first case."""
    line = repr(check("01.3", lambda name: []))
    assert "returned a list, not an Envelope" in line


def test_the_default_question_asks_about_any_items() -> None:
    """Notebook 01's sentences assume this question; changing it changes their outputs."""
    assert Question("item", "items", None) == DEFAULT_QUESTION
