"""Notebook 08's exercises: the reference answers pass, plausible wrong ones fail with a hint."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, assert_never

import pytest

from tool_outcomes import Envelope, Outcome, OutcomeHandlers, on_outcome, to_text
from tool_outcomes.workbook import CheckStatus, check
from tool_outcomes.workbook.nb08.claims import Claim, ClaimKind, count_items

Env = Envelope[Any]

# -- 08.1 spend ----------------------------------------------------------------------------------


def spend(env: Env) -> Claim:
    """The notebook's reference answer: one case per outcome and assert_never."""
    outcome = env.outcome
    match outcome:
        case Outcome.SUCCESS:
            return Claim(ClaimKind.EXACTLY, count_items(env.data))
        case Outcome.EMPTY:
            return Claim(ClaimKind.NONE_EXIST)
        case Outcome.PARTIAL:
            return Claim(ClaimKind.AT_LEAST, count_items(env.data))
        case Outcome.ACCESS_FAILURE:
            return Claim(ClaimKind.UNKNOWN)
        case _:
            assert_never(outcome)


def with_a_default(env: Env) -> Claim:
    """The colleague's match from the notebook: everything but success falls to 'none exist'."""
    if env.outcome is Outcome.SUCCESS:
        return Claim(ClaimKind.EXACTLY, count_items(env.data))
    return Claim(ClaimKind.NONE_EXIST)


def partial_as_whole(env: Env) -> Claim:
    """Ignores the partial class: what arrived is taken for the whole answer."""
    if env.outcome is Outcome.PARTIAL:
        count = count_items(env.data)
        return Claim(ClaimKind.EXACTLY, count) if count else Claim(ClaimKind.NONE_EXIST)
    return spend(env)


def failure_as_absence(env: Env) -> Claim:
    """Ignores the access-failure class: no data is read as nothing there."""
    if env.outcome is Outcome.ACCESS_FAILURE:
        return Claim(ClaimKind.NONE_EXIST)
    return spend(env)


def hedge_everything(env: Env) -> Claim:
    """Never wrong, never useful: no claim even for a complete answer."""
    return Claim(ClaimKind.UNKNOWN)


def hard_coded(env: Env) -> Claim:
    """Hard-coded: the claim for the notebook's first sample."""
    return Claim(ClaimKind.EXACTLY, 3)


def partial_without_count(env: Env) -> Claim:
    """Hedges a partial but forgets what arrived."""
    if env.outcome is Outcome.PARTIAL:
        return Claim(ClaimKind.AT_LEAST, 0)
    return spend(env)


def hedging_default(env: Env) -> Claim:
    """One case per outcome, but a default branch where assert_never belongs."""
    outcome = env.outcome
    match outcome:
        case Outcome.SUCCESS:
            return Claim(ClaimKind.EXACTLY, count_items(env.data))
        case Outcome.EMPTY:
            return Claim(ClaimKind.NONE_EXIST)
        case Outcome.PARTIAL:
            return Claim(ClaimKind.AT_LEAST, count_items(env.data))
        case _:
            return Claim(ClaimKind.UNKNOWN)


def if_chain_with_a_last_return(env: Env) -> Claim:
    """An if/elif chain whose last line answers whatever is left."""
    if env.outcome is Outcome.SUCCESS:
        return Claim(ClaimKind.EXACTLY, count_items(env.data))
    if env.outcome is Outcome.EMPTY:
        return Claim(ClaimKind.NONE_EXIST)
    if env.outcome is Outcome.PARTIAL:
        return Claim(ClaimKind.AT_LEAST, count_items(env.data))
    return Claim(ClaimKind.UNKNOWN)


def counts_with_len(env: Env) -> Claim:
    """Counts with len(): a lone record's fields are taken for items."""
    if env.outcome is Outcome.SUCCESS:
        return Claim(ClaimKind.EXACTLY, len(env.data or []))
    return spend(env)


def test_the_reference_spend_passes() -> None:
    """The notebook's solution passes every envelope the check holds."""
    result = check("08.1", spend)
    assert result.status is CheckStatus.PASS, repr(result)


@pytest.mark.parametrize(
    "wrong",
    [
        with_a_default,
        partial_as_whole,
        failure_as_absence,
        hedge_everything,
        hard_coded,
        partial_without_count,
    ],
)
def test_plausible_wrong_consumers_fail_with_a_hint(wrong: Callable[[Env], Claim]) -> None:
    """Each wrong branch fails with the hint, naming the learner's claim, never the right one."""
    result = check("08.1", wrong)
    line = repr(result)
    assert result.status is CheckStatus.FAIL, line
    assert "(hint: " in line
    assert "expected" not in line


@pytest.mark.parametrize("wrong", [hedging_default, if_chain_with_a_last_return])
def test_a_default_that_answers_an_outcome_outside_the_four_fails(
    wrong: Callable[[Env], Claim],
) -> None:
    """Right on all four classes, yet a default branch: the stand-in for a fifth fails it."""
    result = check("08.1", wrong)
    line = repr(result)
    assert result.status is CheckStatus.FAIL, line
    assert "none of the four" in line
    assert "returned Claim(ClaimKind.UNKNOWN, 0) where it should have raised" in line
    assert "default" in result.hint
    assert "assert_never" not in result.hint


def test_a_cut_with_nothing_arrived_read_as_nothing_there_points_to_the_class() -> None:
    """A partial with no items is not a verified nothing; that case's own hint says so."""

    def nothing_arrived_is_nothing(env: Env) -> Claim:
        if env.outcome is Outcome.PARTIAL and not env.data:
            return Claim(ClaimKind.NONE_EXIST)
        return spend(env)

    result = check("08.1", nothing_arrived_is_nothing)
    assert result.status is CheckStatus.FAIL, repr(result)
    assert "nothing arrived before the cut" in repr(result)
    assert "not a verified nothing" in result.hint


def test_a_router_of_on_outcome_passes_by_refusing_the_stand_in() -> None:
    """Any exception on the fifth outcome will do: on_outcome's router, with no default, passes."""
    route: OutcomeHandlers[Any, Claim] = on_outcome(
        success=lambda env: Claim(ClaimKind.EXACTLY, count_items(env.data)),
        empty=lambda env: Claim(ClaimKind.NONE_EXIST),
        partial=lambda env: Claim(ClaimKind.AT_LEAST, count_items(env.data)),
        access_failure=lambda env: Claim(ClaimKind.UNKNOWN),
    )
    assert check("08.1", route).status is CheckStatus.PASS


def test_counting_a_lone_record_with_len_points_to_count_items() -> None:
    """len() of a record counts its fields; the case's own hint names count_items."""
    result = check("08.1", counts_with_len)
    line = repr(result)
    assert result.status is CheckStatus.FAIL, line
    assert "one record" in line
    assert "count_items" in result.hint
    assert "Claim(ClaimKind.EXACTLY, 1)" not in line


# -- 08.2 for_person -----------------------------------------------------------------------------


def for_person(env: Env) -> str:
    """The notebook's reference answer."""
    coverage = env.coverage
    assert coverage is not None
    if coverage.total is None:
        return (
            f"Only part of the list arrived: {coverage.returned} tickets so far. The search "
            "stopped early, so there may be more."
        )
    return (
        f"Only {coverage.returned} of {coverage.total} matching tickets arrived; "
        f"{coverage.missing} more were not loaded, so this list is incomplete."
    )


def the_model_text(env: Env) -> str:
    """Passes the model's words to a person: JSON data and the cursor included."""
    return to_text(env)


def sounds_complete(env: Env) -> str:
    """The naive sentence: a count in the voice of a whole answer."""
    assert env.coverage is not None
    return f"There are {env.coverage.returned} tickets."


def hard_coded_text(env: Env) -> str:
    """Hard-coded: honest words with no numbers."""
    return "Only some of the tickets arrived; the list is incomplete."


def ignores_the_total(env: Env) -> str:
    """Says how many arrived, never how many exist."""
    assert env.coverage is not None
    return f"Only {env.coverage.returned} tickets arrived; the list is incomplete."


def all_of_them(env: Env) -> str:
    """The numbers, in the voice of a whole answer."""
    assert env.coverage is not None
    c = env.coverage
    return f"Here are all {c.returned} of {c.total} tickets, {c.missing} missing (incomplete)."


def with_the_cursor(env: Env) -> str:
    """Honest, but hands a person a cursor they cannot use."""
    return for_person(env) + f" Resume from {env.coverage.next_cursor if env.coverage else ''}."


def total_printed_as_none(env: Env) -> str:
    """The total printed as it is, None included: "25 of None tickets"."""
    assert env.coverage is not None
    c = env.coverage
    return f"Only {c.returned} of {c.total} tickets arrived; {c.missing} missing (incomplete)."


def test_a_printed_none_is_named_as_such() -> None:
    """The line names the printed None and the case's hint says why, not 'complete voice'."""
    result = check("08.2", total_printed_as_none)
    line = repr(result)
    assert result.status is CheckStatus.FAIL, line
    assert "(25 tickets and a next page, no total)" in line
    assert "prints Python's None ('of None')" in line
    assert "sounds like a complete answer" not in line
    assert "this source gave no total" in result.hint


def test_the_reference_rendering_passes() -> None:
    """The notebook's solution passes every partial the check holds."""
    result = check("08.2", for_person)
    assert result.status is CheckStatus.PASS, repr(result)


@pytest.mark.parametrize(
    "wrong",
    [
        the_model_text,
        sounds_complete,
        hard_coded_text,
        ignores_the_total,
        all_of_them,
        with_the_cursor,
    ],
)
def test_plausible_wrong_renderings_fail_with_a_hint(wrong: Callable[[Env], str]) -> None:
    """Each wrong rendering fails with the hint, and the line never shows a right sentence."""
    result = check("08.2", wrong)
    line = repr(result)
    assert result.status is CheckStatus.FAIL, line
    assert "(hint: " in line
    assert "more were not loaded" not in line
