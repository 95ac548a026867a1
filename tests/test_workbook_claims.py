"""Notebook 08's claims: what a consumer asserts, and which assertions are confident and false."""

from __future__ import annotations

from typing import Any, assert_never

import pytest

from tool_outcomes import (
    Coverage,
    Envelope,
    Failure,
    FailureCode,
    FailureKind,
    Outcome,
    OutcomeHandlers,
    TruncatedBy,
    on_outcome,
)
from tool_outcomes.workbook.nb08.claims import (
    CATALOGUE_08,
    Claim,
    ClaimKind,
    ClaimRow,
    Truth,
    claims_over_a_day,
    count_items,
    false_claims_table,
    is_confident_false,
    run_catalogue,
)
from tool_outcomes.workbook.scenarios import get_scenario, scenario_names
from tool_outcomes.workbook.traffic import HOURS, MONDAY, calls, simulate_day


def naive(env: Envelope[Any]) -> Claim:
    """The notebook's naive consumer: counts the data, never reads the outcome."""
    count = count_items(env.data)
    return Claim(ClaimKind.EXACTLY, count) if count else Claim(ClaimKind.NONE_EXIST)


aware: OutcomeHandlers[Any, Claim] = on_outcome(
    success=lambda env: Claim(ClaimKind.EXACTLY, count_items(env.data)),
    empty=lambda env: Claim(ClaimKind.NONE_EXIST),
    partial=lambda env: Claim(ClaimKind.AT_LEAST, count_items(env.data)),
    access_failure=lambda env: Claim(ClaimKind.UNKNOWN),
)

# -- exhaustive branching, proven by mypy -------------------------------------------------------


def forgets_access_failure(env: Envelope[Any]) -> str:
    """A match without a case for access_failure, as notebook 08 shows it.

    The ``type: ignore[arg-type]`` is the test: mypy runs strict (unused ignores are errors), so
    the build fails the day mypy stops rejecting this ``assert_never``, and notebook 08's quote
    of mypy's verdict would no longer be true.
    """
    outcome = env.outcome
    match outcome:
        case Outcome.SUCCESS:
            return "use it"
        case Outcome.EMPTY:
            return "report a confirmed absence"
        case Outcome.PARTIAL:
            return "use what arrived, never as the whole"
        case _:
            assert_never(outcome)  # type: ignore[arg-type]


def test_a_missing_case_fails_loudly_at_run_time() -> None:
    """The outcome no case names reaches assert_never, which raises instead of answering."""
    failure = Failure(code=FailureCode.TIMEOUT, kind=FailureKind.TRANSIENT)
    env = Envelope[Any](outcome=Outcome.ACCESS_FAILURE, failure=failure)
    with pytest.raises(AssertionError, match="Expected code to be unreachable"):
        forgets_access_failure(env)
    assert forgets_access_failure(Envelope[Any](outcome=Outcome.SUCCESS, data=[1])) == "use it"


# -- claims --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("claim", "confident", "sentence"),
    [
        (Claim(ClaimKind.EXACTLY, 1), True, "There is exactly 1 item."),
        (Claim(ClaimKind.EXACTLY, 3), True, "There are exactly 3 items."),
        (Claim(ClaimKind.NONE_EXIST), True, "There are no items."),
        (
            Claim(ClaimKind.AT_LEAST, 0),
            False,
            "Some items may exist: the answer was cut off before any arrived.",
        ),
        (Claim(ClaimKind.AT_LEAST, 1), False, "At least 1 item exists; there may be more."),
        (Claim(ClaimKind.AT_LEAST, 4), False, "At least 4 items exist; there may be more."),
        (Claim(ClaimKind.UNKNOWN), False, "I could not find out whether any items exist."),
    ],
)
def test_each_claim_has_a_voice_and_a_confidence(
    claim: Claim, confident: bool, sentence: str
) -> None:
    """Only 'exactly' and 'none exist' are confident; each kind has its own sentence."""
    assert claim.confident is confident
    assert claim.sentence() == sentence


@pytest.mark.parametrize(
    ("kind", "count", "error"),
    [
        (ClaimKind.EXACTLY, 0, ValueError),
        (ClaimKind.NONE_EXIST, 2, ValueError),
        (ClaimKind.UNKNOWN, 1, ValueError),
        (ClaimKind.AT_LEAST, -1, ValueError),
        ("exactly", 1, TypeError),
        (ClaimKind.AT_LEAST, 1.0, TypeError),
        (ClaimKind.AT_LEAST, True, TypeError),
    ],
)
def test_an_impossible_claim_is_refused(kind: Any, count: Any, error: type[Exception]) -> None:
    """A count that does not fit the kind, or a kind outside the enum, is a clear error."""
    with pytest.raises(error):
        Claim(kind, count)


def test_a_claim_repr_is_the_code_that_builds_it() -> None:
    """Failure lines show a claim as something a learner can read and type."""
    assert repr(Claim(ClaimKind.AT_LEAST, 10)) == "Claim(ClaimKind.AT_LEAST, 10)"


@pytest.mark.parametrize(
    ("data", "count"), [(None, 0), ([], 0), ([1, 2], 2), ((1,), 1), ({"id": 1}, 1), ("x", 1)]
)
def test_count_items_counts_members_records_and_nothing(data: object, count: int) -> None:
    """A list counts its members, a record is one, no data is none."""
    assert count_items(data) == count


SUCCESS_3 = Truth(Outcome.SUCCESS, 3)


@pytest.mark.parametrize(
    ("claim", "truth", "false"),
    [
        (Claim(ClaimKind.NONE_EXIST), Truth(Outcome.EMPTY), False),
        (Claim(ClaimKind.NONE_EXIST), Truth(Outcome.ACCESS_FAILURE), True),
        (Claim(ClaimKind.NONE_EXIST), Truth(Outcome.PARTIAL), True),
        (Claim(ClaimKind.NONE_EXIST), SUCCESS_3, True),
        (Claim(ClaimKind.EXACTLY, 3), SUCCESS_3, False),
        (Claim(ClaimKind.EXACTLY, 2), SUCCESS_3, True),
        (Claim(ClaimKind.EXACTLY, 3), Truth(Outcome.PARTIAL), True),
        (Claim(ClaimKind.AT_LEAST, 3), Truth(Outcome.PARTIAL), False),
        (Claim(ClaimKind.AT_LEAST, 9), Truth(Outcome.EMPTY), False),
        (Claim(ClaimKind.UNKNOWN), SUCCESS_3, False),
    ],
)
def test_only_confident_claims_can_be_confident_false(
    claim: Claim, truth: Truth, false: bool
) -> None:
    """'None exist' fits only an empty, 'exactly N' only a success of N; hedges never count."""
    assert is_confident_false(claim, truth) is false


def test_the_truth_comes_from_the_scenario_not_the_classifier() -> None:
    """A success's count is the fixture's documented 'returned'; other classes carry none."""
    assert Truth.of(get_scenario("ok")) == Truth(Outcome.SUCCESS, 3)
    assert Truth.of(get_scenario("es_total_gte")) == Truth(Outcome.PARTIAL, None)


# -- the catalogue run ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def rows() -> list[ClaimRow]:
    """Both consumers over every scenario there is now (not only notebook 08's pinned list)."""
    return run_catalogue(naive, aware)


def test_the_envelope_aware_consumer_makes_no_confident_false_claim(rows: list[ClaimRow]) -> None:
    """Over the whole catalogue, spending the outcome never states a falsehood with confidence."""
    writes = [n for n in scenario_names() if n not in {row.scenario for row in rows}]
    assert all(get_scenario(n).expected_outcome is Outcome.SUCCESS for n in writes)
    assert len(rows) > 90
    assert [row.scenario for row in rows if row.aware_false] == []


def test_the_naive_consumer_is_wrong_exactly_where_the_data_is_not_the_whole_story(
    rows: list[ClaimRow],
) -> None:
    """Every partial and every access failure, and nothing else, draws a confident false claim."""
    for row in rows:
        incomplete = row.truth.outcome in (Outcome.PARTIAL, Outcome.ACCESS_FAILURE)
        assert row.naive_false is incomplete, row.scenario


def test_notebook_08_pins_scenarios_that_exist() -> None:
    """Every pinned name is still a scenario, so the notebook's run does not break on a rename."""
    assert set(CATALOGUE_08) <= set(scenario_names())
    assert len(CATALOGUE_08) == len(set(CATALOGUE_08)) == 92


def test_the_table_counts_by_true_outcome(rows: list[ClaimRow]) -> None:
    """One line per class plus a total; the totals are the rows' own counts."""
    pinned = [row for row in rows if row.scenario in CATALOGUE_08]
    lines = false_claims_table(pinned).splitlines()
    assert lines[0].split() == ["true", "outcome", "scenarios", "naive", "aware"]
    assert lines[-1].split() == ["all", "92", str(sum(r.naive_false for r in pinned)), "0"]
    assert [line.split()[0] for line in lines[1:-1]] == [o.value for o in Outcome]


def test_a_consumer_must_return_a_claim() -> None:
    """A consumer that answers with a string is named in a TypeError, not counted."""

    def says_words(env: Envelope[Any]) -> Claim:
        return "there are none"  # type: ignore[return-value]

    with pytest.raises(TypeError, match=r"says_words returned str for 'ok', not a Claim"):
        run_catalogue(naive, says_words, ["ok"])


def test_the_false_claims_figure_is_labelled(rows: list[ClaimRow]) -> None:
    """Grouped bars per class, both consumers in the legend, axes labelled, the given title."""
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle

    from tool_outcomes.workbook.nb08.claims import plot_false_claims

    fig = plot_false_claims(rows, title="the finding")
    try:
        (axis,) = fig.get_axes()
        assert axis.get_title() == "the finding"
        assert axis.get_ylabel() == "confident false claims"
        assert axis.get_xlabel() == "what really happened upstream"
        legend = axis.get_legend()
        assert legend is not None
        assert len(legend.get_texts()) == 2
        heights = [int(bar.get_height()) for bar in axis.patches if isinstance(bar, Rectangle)]
        naive_heights, aware_heights = heights[:4], heights[4:]
        assert sum(naive_heights) == sum(r.naive_false for r in rows)
        assert aware_heights == [0, 0, 0, 0]
    finally:
        plt.close(fig)


def test_partial_coverage_is_what_the_aware_consumer_counts() -> None:
    """A partial's claim counts what arrived, even when that is nothing."""
    env = Envelope[Any](
        outcome=Outcome.PARTIAL,
        data=[],
        coverage=Coverage(returned=0, truncated_by=TruncatedBy.UPSTREAM_TIMEOUT),
    )
    assert aware(env) == Claim(ClaimKind.AT_LEAST, 0)


# -- a day of traffic ------------------------------------------------------------------------------


def test_a_day_carries_each_consumers_rate_per_class_over_its_calls(rows: list[ClaimRow]) -> None:
    """The naive consumer, false on every partial and access failure in the catalogue, is false
    on every such call of the day; the aware one on none; each hour's calls are the trace's."""
    day = claims_over_a_day(rows, MONDAY)
    entries = calls(simulate_day(MONDAY).trace)
    incomplete = [0] * HOURS
    every = [0] * HOURS
    for entry in entries:
        every[entry.hour] += 1
        incomplete[entry.hour] += entry.record.outcome in (Outcome.PARTIAL, Outcome.ACCESS_FAILURE)
    assert list(day.calls) == every
    assert list(day.naive) == incomplete
    assert set(day.aware) == {0}
    assert day.table().splitlines()[-1].split() == [
        "all",
        str(sum(every)),
        str(sum(incomplete)),
        "0",
    ]


def test_a_day_is_read_at_the_rates_the_consumers_really_had(rows: list[ClaimRow]) -> None:
    """A consumer wrong on half of a class's scenarios is charged half of that class's calls."""
    halved = [
        ClaimRow(r.scenario, r.truth, r.naive, r.naive if i % 2 else r.aware)
        for i, r in enumerate(rows)
    ]
    day = claims_over_a_day(halved, MONDAY)
    assert 0 < sum(day.aware) < sum(day.naive)
