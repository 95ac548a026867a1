"""The vocabulary of a design: the consumer's next actions, and which fit each reason.

Rules of the package, not choices of a table: a retry fits only ``fetch_failed``; without the
scope, or for a field that does not exist, the same call gets the same answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from tool_outcomes.envelope import Outcome
from tool_outcomes.fields import NAReason

__all__ = [
    "ACTION_WORDS",
    "OUTCOME_WORDS",
    "REASON_RULES",
    "NextAction",
    "ReasonRule",
    "action_text",
    "allowed_actions",
    "suggested_action",
]


class NextAction(StrEnum):
    """What the consumer does next about one field, in one of its states. A closed set."""

    USE_VALUE = "use_value"
    """The field is present: use its value; ``false`` is an answer like any other."""
    RETRY_ONCE_THEN_REPORT = "retry_once_then_report"
    """``fetch_failed``: retry the lookup once, then report the field as unknown."""
    RETRY_ONCE_THEN_DROP = "retry_once_then_drop"
    """``fetch_failed``: retry once, then go on without what depended on the field."""
    REPORT_UNKNOWN = "report_unknown"
    """Say the field is unknown, and why; no retry."""
    ASK_FOR_SCOPE = "ask_for_scope"
    """``no_permission``: ask the caller to grant the scope; never retry without it."""
    ESCALATE = "escalate"
    """Hand the question to a person; never retry."""
    REQUERY_WITH_FIELD = "requery_with_field"
    """``not_requested``: ask again, this time requesting the field."""
    SAY_NOT_APPLICABLE = "say_not_applicable"
    """Say the field does not apply here; ask nobody to act on it."""


#: Each next action in a few words, for the routing table and the builder.
ACTION_WORDS: dict[NextAction, str] = {
    NextAction.USE_VALUE: "use the value (false is an answer)",
    NextAction.RETRY_ONCE_THEN_REPORT: "retry once, then report it unknown",
    NextAction.RETRY_ONCE_THEN_DROP: "retry once, then go on without it",
    NextAction.REPORT_UNKNOWN: "report it unknown, and why; no retry",
    NextAction.ASK_FOR_SCOPE: "ask the caller for the scope; never retry",
    NextAction.ESCALATE: "hand it to a person; never retry",
    NextAction.REQUERY_WITH_FIELD: "ask again, requesting the field",
    NextAction.SAY_NOT_APPLICABLE: "say it does not apply; ask nobody to act",
}

#: What a consumer may do with each outcome class (the package's own rule, not designed).
OUTCOME_WORDS: dict[Outcome, str] = {
    Outcome.SUCCESS: "use the result",
    Outcome.EMPTY: "report a real absence; never retry",
    Outcome.PARTIAL: "use what arrived, never as the whole",
    Outcome.ACCESS_FAILURE: "conclude nothing; retry if transient, then report it unanswered",
}


@dataclass(frozen=True)
class ReasonRule:
    """The next actions that fit one not-applicable reason, and why no other does."""

    actions: tuple[NextAction, ...]
    """The actions allowed for the reason; the first is the one the builder suggests."""
    why: str
    """Why any other action is wrong for this reason."""


#: The actions each reason allows. A retry fits only ``fetch_failed``: without the scope, or
#: for a field that does not exist, the same call gets the same answer.
REASON_RULES: dict[NAReason, ReasonRule] = {
    NAReason.FETCH_FAILED: ReasonRule(
        (
            NextAction.RETRY_ONCE_THEN_REPORT,
            NextAction.RETRY_ONCE_THEN_DROP,
            NextAction.REPORT_UNKNOWN,
            NextAction.ESCALATE,
        ),
        "the field exists and the source did not answer: it is unknown, not absent",
    ),
    NAReason.NO_PERMISSION: ReasonRule(
        (NextAction.ASK_FOR_SCOPE, NextAction.REPORT_UNKNOWN, NextAction.ESCALATE),
        "a retry or a re-query without the scope gets the same refusal",
    ),
    NAReason.NOT_REQUESTED: ReasonRule(
        (NextAction.REQUERY_WITH_FIELD, NextAction.SAY_NOT_APPLICABLE),
        "nothing failed: ask again with the field, or say it was not asked for",
    ),
    NAReason.OUT_OF_SCOPE: ReasonRule(
        (NextAction.SAY_NOT_APPLICABLE,),
        "the field does not exist for this entity: nothing to retry, ask for or escalate",
    ),
}


def allowed_actions(reason: NAReason) -> tuple[NextAction, ...]:
    """The next actions that fit a not-applicable reason.

    Args:
        reason: The reason a field is not applicable.

    Returns:
        The allowed actions, the suggested one first (see :data:`REASON_RULES`).
    """
    return REASON_RULES[NAReason(reason)].actions


def suggested_action(reason: NAReason) -> NextAction:
    """The action the builder suggests for a reason: the first one :func:`allowed_actions` lists.

    Args:
        reason: The reason a field is not applicable.

    Returns:
        The suggested next action.
    """
    return allowed_actions(reason)[0]


def action_text(action: NextAction | None) -> str:
    """An action's value, or ``(none yet)`` while a route has none: for tables and displays."""
    return "(none yet)" if action is None else action.value
