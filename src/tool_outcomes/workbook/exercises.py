"""Registers every notebook's exercises: imports ``nbNN/exercises.py`` of each notebook package.

A notebook's exercises live in its own package, ``tool_outcomes.workbook.nbNN.exercises``, as
:func:`~tool_outcomes.workbook.checks.exercise`-decorated generators of
:class:`~tool_outcomes.workbook.checks.Case` objects; importing the module registers them. This
module only finds and imports those modules, in notebook order, so adding a notebook's exercises
changes nothing here. How to write them is in ``docs/authoring-notebooks.md``, "Adding a
notebook's exercises": the one place that says it.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

__all__ = ["NOTEBOOK_PACKAGES"]

#: A notebook's package: ``nb`` and the lesson's two digits (an appendix shares its lesson's).
_NOTEBOOK_PACKAGE = re.compile(r"nb\d{2}")


def _register() -> tuple[str, ...]:
    """Import the ``exercises`` module of every notebook package that has one; return their
    names."""
    here = Path(__file__).parent
    names = sorted(
        info.name
        for info in pkgutil.iter_modules([str(here)])
        if info.ispkg and _NOTEBOOK_PACKAGE.fullmatch(info.name)
    )
    registered = []
    for name in names:
        if (here / name / "exercises.py").is_file():
            importlib.import_module(f"{__package__}.{name}.exercises")
            registered.append(name)
    return tuple(registered)


#: The notebook packages whose exercises are registered, in notebook order (``nb00`` …).
NOTEBOOK_PACKAGES = _register()
