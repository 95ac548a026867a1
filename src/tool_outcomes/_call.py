"""The tool call in flight in this context: the one value ``observe`` sets and ``envelope`` reads.

An envelope made while a tool call runs belongs to that call: its ``call_id`` and
``tool_call_id`` default to the call's own (see :class:`~tool_outcomes.envelope.Envelope`), so
the envelope a call hands out already names it and need not be copied to say so. This module
imports nothing of the package, so both can import it.
"""

from __future__ import annotations

import contextvars
from typing import Any

__all__ = ["ACTIVE", "call_id", "tool_call_id"]

#: The :class:`~tool_outcomes.observe.ActiveCall` in flight, set for the length of a call.
ACTIVE: contextvars.ContextVar[Any] = contextvars.ContextVar(
    "tool_outcomes_active_call", default=None
)


def call_id() -> str | None:
    """The id of the call in flight, ``None`` outside a tool call."""
    call = ACTIVE.get()
    return None if call is None else call.info.call_id


def tool_call_id() -> str | None:
    """The agent framework's id for the call in flight, when it gave one."""
    call = ACTIVE.get()
    return None if call is None else call.info.tool_call_id
