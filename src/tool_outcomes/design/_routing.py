"""The generated routing table: each field's states and the consumer's next action, as Markdown."""

from __future__ import annotations

from ._rules import ACTION_WORDS, OUTCOME_WORDS, action_text
from ._table import Table

__all__ = ["routing_markdown"]


def routing_markdown(table: Table) -> str:
    """The routing table of a ready table: state or reason → next action, then the outcomes.

    Args:
        table: A ready table.

    Returns:
        Markdown text ending in a newline. Plain fields are listed under the table: they have
        one state, their value.
    """
    lines = [
        f"# {table.tool}: what the consumer does next",
        "",
        table.count_line() + ".",
        "",
        "| field | state | next action | note |",
        "|---|---|---|---|",
    ]
    for case in table.cases():
        action = action_text(case.action)
        words = ACTION_WORDS[case.action] if case.action is not None else ""
        lines.append(
            f"| `{case.field}` | {case.label} | `{action}`: {words} | {_cell(case.note)} |"
        )
    if table.plain:
        names = ", ".join(f"`{field.name}`" for field in table.plain)
        lines += ["", f"Plain fields, always present (use the value): {names}."]
    lines += ["", "| outcome | what the consumer does |", "|---|---|"]
    lines += [f"| `{o.value}` | {OUTCOME_WORDS[o]} |" for o in table.outcomes]
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")
