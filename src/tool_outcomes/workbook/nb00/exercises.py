"""Exercises of notebook 00 (registered on import by :mod:`tool_outcomes.workbook.exercises`).

* ``00.0 count_outcomes`` — a demo, not an exercise: notebook 00 shows ``TODO`` and ``FAIL`` on
  it, so the demos give away neither real exercise.
* ``00.1 cut_off_outcome`` — a value: the outcome of a search that returned 20 of 75 matches.
* ``00.2 made_contact`` — a function from an outcome to whether the tool reached its source.
"""

from __future__ import annotations

from collections.abc import Iterator

from tool_outcomes.envelope import Outcome
from tool_outcomes.workbook.checks import AnswerKind, Case, exercise

__all__: list[str] = []  # nothing to import from here: the definitions register themselves


@exercise(
    "00.0",
    name="count_outcomes",
    hint="count the table's rows",
    answer=AnswerKind.VALUE,
)
def _count_outcomes() -> Iterator[Case]:
    # A demo, not an exercise: 00 shows TODO and FAIL on it, so the demos give away neither
    # 00.1 nor 00.2 (its answer is in plain sight in the notebook's first table). Its words are
    # short: the FAIL line must fit one line of a notebook's output at 1400 px.
    yield Case(expected=len(Outcome), describe="outcome classes")


@exercise(
    "00.1",
    name="cut_off_outcome",
    hint="the search reached its source; did it get everything the source held?",
    answer=AnswerKind.VALUE,
    why=(
        "The search reached its source but got 20 of the 75 matches it counted: contact without "
        "the whole answer is partial, never success or empty."
    ),
)
def _cut_off_outcome() -> Iterator[Case]:
    yield Case(
        expected=Outcome.PARTIAL,
        describe="a search that returned 20 of the 75 matches it counted",
    )


@exercise(
    "00.2",
    name="made_contact",
    hint="only one of the four outcomes means the tool never reached its source",
    why=(
        "Only access_failure means the tool never reached its source; success, empty and partial "
        "all made contact, which is why only they may carry data."
    ),
)
def _made_contact() -> Iterator[Case]:
    contact = {
        Outcome.SUCCESS: True,
        Outcome.EMPTY: True,
        Outcome.PARTIAL: True,
        Outcome.ACCESS_FAILURE: False,
    }
    for outcome, expected in contact.items():
        yield Case(args=(outcome,), expected=expected, describe=f"Outcome.{outcome.name}")
