"""The generated result model: a pydantic class with no defaults, ``ROUTES`` and ``next_action``.

Three-state fields are ``TriState[type]``; plain fields are bare values (``user_id: str``). The
model's validator refuses any state ``ROUTES`` does not declare, and its JSON Schema states
each field's states and reasons (:func:`~tool_outcomes.design.states_schema`).
"""

from __future__ import annotations

from tool_outcomes.fields import NAReason

from ._python import docstring, routes_lines
from ._table import FieldDesign, Table, type_words

__all__ = ["describe", "model_source"]


def describe(field: FieldDesign) -> str:
    """The field's schema description: its present values and its reasons, at most 65 chars."""
    if field.plain:
        return f"{type_words(field.type)}, always present"
    parts = [type_words(field.type)] if field.present else []
    reasons = field.reasons()
    if len(reasons) == len(NAReason):
        parts.append("not applicable for any of the four reasons")
    elif reasons:
        parts.append("not applicable: " + ", ".join(r.value for r in reasons))
    return "; ".join(parts)


def _about_fields(table: Table) -> str:
    if not table.plain:
        return (
            "Every field is three-state: present with a value, or not applicable with one of "
            "the reasons the table declares for it."
        )
    names = ", ".join(field.name for field in table.plain)
    return (
        f"The plain fields ({names}) are bare values, always present. Every other field is "
        "three-state: present with a value, or not applicable with one of the reasons the "
        "table declares for it."
    )


def model_source(table: Table) -> str:
    """The model module's source, for a table with no problems (the caller checks).

    Args:
        table: A ready table.

    Returns:
        Python source, ruff-formatted.
    """
    cls = table.class_name
    outcomes = [f"    Outcome.{o.name}," for o in table.outcomes]
    lines = [
        *docstring(
            "The result model of a tool, generated from its outcome table.\n\n"
            f"The tool is {table.tool}. {_about_fields(table)} No field has a default, so "
            "none can silently become false. ROUTES declares each three-state field's states "
            "and what the consumer does next in each; next_action() reads it. The JSON Schema "
            "states each field's states and reasons.\n\n"
            f"Change the design ({table.tool}.outcomes.json) and regenerate with "
            "tool_outcomes.design rather than editing ROUTES by hand: the generated tests pin "
            "it."
        ),
        "",
        "from __future__ import annotations",
        "",
        "from typing import Any",
        "",
        "from pydantic import BaseModel, ConfigDict, Field, model_validator",
        "from tool_outcomes import NAReason, Outcome, TriState",
        "from tool_outcomes.design import NextAction, states_schema",
        "",
        f'TOOL = "{table.tool}"',
        "",
        f"#: The outcome classes {table.tool} can produce.",
        "OUTCOMES: tuple[Outcome, ...] = (",
        *outcomes,
        ")",
        "",
        "#: Each three-state field's states (None: present) and the next action in each.",
        *routes_lines(table.three_state, "ROUTES"),
        "",
        "",
        f"class {cls}(BaseModel):",
        *docstring("One result of the tool: no field has a default.", "    "),
        "",
        "    model_config = ConfigDict(",
        "        frozen=True,",
        '        extra="forbid",',
        "        json_schema_extra=states_schema(ROUTES),",
        "    )",
        "",
    ]
    for field in table.fields:
        annotation = field.type.value if field.plain else f"TriState[{field.type.value}]"
        lines += [
            f"    {field.name}: {annotation} = Field(",
            f'        description="{describe(field)}",',
            "    )",
        ]
    lines += [
        "",
        '    @model_validator(mode="after")',
        f"    def _only_declared_states(self) -> {cls}:",
        "        problems: list[str] = []",
        "        for name, routes in ROUTES.items():",
        "            field: TriState[Any] = getattr(self, name)",
        "            if field.reason not in routes:",
        '                state = field.reason.value if field.reason else "present"',
        '                problems.append(f"{name}: {state} is not a declared state")',
        "        if problems:",
        '            raise ValueError("; ".join(problems))',
        "        return self",
        "",
        "",
        f"def next_action(result: {cls}, name: str) -> NextAction:",
        '    """What the consumer does next about one three-state field of a result."""',
        "    field: TriState[Any] = getattr(result, name)",
        "    return ROUTES[name][field.reason]",
    ]
    return "\n".join(lines) + "\n"
