"""Notebook 00's exercises turn down the wrong answers a participant would plausibly try."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tool_outcomes import Outcome
from wrong_answers import assert_fails, assert_passes


def test_the_reference_answers_pass() -> None:
    """00.1's PARTIAL and 00.2's "anything but an access failure" pass."""
    assert_passes("00.1", Outcome.PARTIAL)
    assert_passes("00.2", lambda outcome: outcome is not Outcome.ACCESS_FAILURE)


@pytest.mark.parametrize(
    "answer",
    [
        pytest.param(Outcome.SUCCESS, id="twenty-came-back-so-success"),
        pytest.param(Outcome.EMPTY, id="empty"),
        pytest.param(Outcome.ACCESS_FAILURE, id="access-failure"),
        pytest.param("partial", id="a-string-not-the-enum"),
        pytest.param(Outcome, id="the-enum-class"),
    ],
)
def test_00_1_turns_down_wrong_outcomes(answer: object) -> None:
    """Any outcome but the right one, and the right word as a string, fail without the answer."""
    assert_fails("00.1", answer, caught_by="is not the answer", hides=("PARTIAL",))


MADE_CONTACT: list[tuple[str, Callable[[Outcome], object], str]] = [
    ("hard-coded-true", lambda outcome: True, "Outcome.ACCESS_FAILURE"),
    ("only-success-made-contact", lambda outcome: outcome is Outcome.SUCCESS, "Outcome.EMPTY"),
    (
        "forgets-partial",
        lambda outcome: outcome in (Outcome.SUCCESS, Outcome.EMPTY),
        "Outcome.PARTIAL",
    ),
    ("empty-means-no-contact", lambda outcome: outcome is not Outcome.EMPTY, "Outcome.EMPTY"),
    ("a-number-not-a-bool", lambda outcome: int(outcome is not Outcome.ACCESS_FAILURE), "int"),
    ("a-word-not-a-bool", lambda outcome: "yes", "str"),
]


@pytest.mark.parametrize(
    ("answer", "caught_by"),
    [pytest.param(answer, caught_by, id=name) for name, answer, caught_by in MADE_CONTACT],
)
def test_00_2_turns_down_wrong_contact_rules(
    answer: Callable[[Outcome], object], caught_by: str
) -> None:
    """Hard-coding, forgetting a class that made contact, or a non-bool answer all fail."""
    assert_fails("00.2", answer, caught_by=caught_by)


@pytest.mark.parametrize("answer", [3, 5, "4", 4.5])
def test_the_00_0_demo_turns_down_wrong_counts(answer: object) -> None:
    """The demo notebook 00 fails on purpose fails any count but four, without saying four."""
    assert_fails("00.0", answer, hides=("4 is", "expected 4"))
