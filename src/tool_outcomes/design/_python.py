"""How generated Python is written: literals, docstrings, comments and the routes table.

Shared by the model and the pytest module, so both spell a state, a docstring and ``ROUTES``
the same way, formatted as ruff formats them under its defaults.
"""

from __future__ import annotations

import textwrap
from typing import Any

from tool_outcomes.fields import TriState

from ._table import NAIVE_STATES, FieldDesign, Table

__all__ = ["WRAP", "comment", "count_words", "docstring", "literal", "routes_lines", "state_code"]

#: ruff's default line length: the generated files are checked against it.
WRAP = 88


def literal(value: object) -> str:
    """A Python literal as ruff formats it (double quotes; examples hold no quote or backslash)."""
    return f'"{value}"' if isinstance(value, str) else repr(value)


def state_code(state: TriState[Any]) -> str:
    """``present(…)`` or ``not_applicable(NAReason.…)``: a state as code."""
    if state.reason is None:
        return f"present({literal(state.value)})"
    return f"not_applicable(NAReason.{state.reason.name})"


def docstring(text: str, indent: str = "") -> list[str]:
    """A docstring as lines: a summary line, then wrapped paragraphs."""
    paragraphs = text.split("\n\n")
    first = f'{indent}"""{paragraphs[0]}'
    if len(paragraphs) == 1:
        return [first + '"""']
    lines = [first, ""]
    for number, paragraph in enumerate(paragraphs[1:]):
        if number:
            lines.append("")
        lines += textwrap.wrap(paragraph, WRAP, initial_indent=indent, subsequent_indent=indent)
    return [*lines, f'{indent}"""']


def comment(text: str, indent: str) -> list[str]:
    """A comment wrapped to :data:`WRAP` columns."""
    return textwrap.wrap(text, WRAP, initial_indent=f"{indent}# ", subsequent_indent=f"{indent}# ")


def routes_lines(fields: tuple[FieldDesign, ...], name: str) -> list[str]:
    """``NAME: dict[...] = {...}``: each three-state field's states (None = present) → action."""
    lines = [f"{name}: dict[str, dict[NAReason | None, NextAction]] = {{"]
    for field in fields:
        lines.append(f'    "{field.name}": {{')
        if field.present:
            lines.append("        None: NextAction.USE_VALUE,")
        for reason in field.reasons():
            route = field.route(reason)
            assert route is not None  # check() passed, so every declared reason has an action
            assert route.action is not None
            if route.note:
                lines += comment(route.note, " " * 8)
            lines.append(f"        NAReason.{reason.name}: NextAction.{route.action.name},")
        lines.append("    },")
    return [*lines, "}"]


def count_words(table: Table) -> str:
    """``13 cases, not 4 x 3``: the real count beside the naive one, in ASCII."""
    count, fields = table.case_count, len(table.three_state)
    return f"{count} case{'s' if count != 1 else ''}, not {fields} x {NAIVE_STATES}"
