"""The support-ticket example of notebook 03: four three-state fields and the agent's next step.

A support tool answers for one ticket with four fields (``resolved``, ``refund_issued``,
``customer_vip``, ``account_manager``), each ``present`` with a value or ``not_applicable`` with
a reason. What the agent does next about a field is one of a closed set of :class:`Action` s,
decided by the field's state and reason, never by a boolean. This module holds only the
vocabulary (the fields, the actions) and two display helpers; the decisions themselves are the
notebook's exercises.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import Any

from tool_outcomes.fields import TriState

__all__ = ["TICKET_FIELDS", "Action", "states_table", "to_payload"]

#: The four fields a ticket response carries, in the order the notebook shows them.
TICKET_FIELDS = ("resolved", "refund_issued", "customer_vip", "account_manager")


class Action(StrEnum):
    """What the agent does next about one field of a tool response."""

    USE_VALUE = "use_value"
    """The field is present: its value is an answer, ``false`` included."""
    ASK_FOR_SCOPE = "ask_for_scope"
    """``no_permission``: ask the caller to grant the scope; retrying would not help."""
    RETRY_ONCE_THEN_DROP = "retry_once_then_drop"
    """``fetch_failed``: retry the lookup once, then drop what depended on it."""
    DROP_QUESTION = "drop_question"
    """``out_of_scope`` or ``not_requested``: nothing to retry and nobody to escalate to."""
    REJECT_FIELD = "reject_field"
    """The field breaks the three-state contract: act on nothing it says."""


def to_payload(fields: Mapping[str, TriState[Any]], **identifiers: str) -> dict[str, Any]:
    """A plain JSON response in sibling-status form: identifiers first, then one object per field.

    Args:
        fields: Field name to its three-state value, in the order the response should list them.
        **identifiers: Plain entries that are not three-state fields (``ticket_id="t_1"``).

    Returns:
        A JSON-ready dict such as ``{"ticket_id": "t_1", "resolved": {"status": "present",
        "value": false, "reason": null}}``.

    Raises:
        TypeError: A field is not a :class:`~tool_outcomes.fields.TriState` (a bare ``False``
            is exactly what this encoding exists to prevent).
    """
    payload: dict[str, Any] = dict(identifiers)
    for name, field in fields.items():
        if not isinstance(field, TriState):
            raise TypeError(f"{name}: expected present(...) or not_applicable(...), got {field!r}")
        if name in payload:
            raise ValueError(f"{name}: both an identifier and a field")
        payload[name] = field.model_dump(mode="json")
    return payload


_COLUMNS = ("field", "status", "value", "reason", "when")


def states_table(rows: Iterable[tuple[str, TriState[Any], str]]) -> str:
    """A plain-text table of field states, one row per state, values shown as they go on the wire.

    Args:
        rows: ``(field name, state, when it happens)`` triples.

    Returns:
        The table as text: a header, a rule, then one line per row; ``value`` is the JSON
        encoding (``false``, ``null``, ``"dana@example.com"``), ``reason`` is ``-`` when absent.
    """
    cells = [_COLUMNS]
    for name, state, when in rows:
        reason = "-" if state.reason is None else state.reason.value
        wire_value = json.dumps(state.model_dump(mode="json")["value"])
        cells.append((name, state.status.value, wire_value, reason, when))
    widths = [max(len(row[i]) for row in cells) for i in range(len(_COLUMNS))]

    def line(row: tuple[str, ...]) -> str:
        padded = (cell.ljust(width) for cell, width in zip(row, widths, strict=True))
        return "  ".join(padded).rstrip()

    rule = tuple("-" * width for width in widths)
    return "\n".join(line(row) for row in [cells[0], rule, *cells[1:]])
