"""The workbook's exercises, registered on import: notebook 00's here, every other notebook's in
its own module ``exNN.py`` beside this one, which this module imports.

Each exercise is a generator of :class:`~tool_outcomes.workbook.checks.Case` objects decorated
with :func:`~tool_outcomes.workbook.checks.exercise`; the notebook's check cell names it by id
(``check("00.2", made_contact)``). To add a notebook's exercises, write its ``exNN.py``, as
``docs/authoring-notebooks.md`` ("Adding a notebook's exercises") describes; nothing here
changes. ``"00.0"`` is a demo: notebook 00 shows ``TODO`` and ``FAIL`` on it, not on a real
exercise.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path

from tool_outcomes.envelope import Outcome

from .checks import AnswerKind, Case, exercise

__all__: list[str] = []  # nothing to import from here: the definitions register themselves


# -- 00_start_here -------------------------------------------------------------------------------


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


# -- 01 onwards: one module per notebook, ``exNN.py``; importing it registers its exercises --------


def _register_notebook_modules() -> tuple[str, ...]:
    """Import every ``exNN`` module beside this one, in notebook order; return their names.

    Adding a notebook's exercises is adding its ``exNN.py``: no list here to keep in step.
    """
    names = sorted(
        info.name
        for info in pkgutil.iter_modules([str(Path(__file__).parent)])
        if re.fullmatch(r"ex\d{2}", info.name)
    )
    for name in names:
        importlib.import_module(f"{__package__}.{name}")
    return tuple(names)


NOTEBOOK_MODULES = _register_notebook_modules()
