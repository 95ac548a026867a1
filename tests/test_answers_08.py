"""Notebook 08's exercises: the reference answers pass, plausible wrong ones fail with a hint."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, assert_never

import pytest

from tool_outcomes import Envelope, Outcome, to_text
from tool_outcomes.workbook import CheckStatus, check
from tool_outcomes.workbook.claims import Claim, ClaimKind, count_items

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
