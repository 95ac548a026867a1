"""Teaching aids for notebook 02 (four outcomes): a ticket model, situations, the invariants.

Notebook 02 builds envelopes by hand. It needs a small result model to put in them
(:class:`Ticket`, made in bulk by :func:`make_tickets`), a way to describe what happened on one
call as plain evidence (:class:`Situation`: did the tool make contact, how many items came back,
how many the source says exist, was there other evidence of a cut), and names for the rules an
envelope enforces (:class:`Invariant`, worded in :data:`INVARIANT_RULES`), so an exercise can ask
"which rule does this break?" and take a closed answer. :func:`coverage_table` lists the fields a
:class:`~tool_outcomes.envelope.Coverage` takes, read from the model itself, so the notebook can
show every argument before an exercise needs one.

The invariants themselves live in :mod:`tool_outcomes.envelope`; this module only names them.
``tests/test_workbook_four_outcomes.py`` proves that each name matches a refusal the real
validator makes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from tool_outcomes.envelope import Coverage

__all__ = [
    "COVERAGE_FIELD_NOTES",
    "INVARIANT_RULES",
    "TICKET_TITLES",
    "Invariant",
    "Situation",
    "Ticket",
    "coverage_table",
    "invariant_table",
    "make_tickets",
]


class Ticket(BaseModel):
    """One support ticket, as a search tool returns it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    title: str
    status: str


#: Titles cycled through by :func:`make_tickets`, so a page of tickets reads like real data.
TICKET_TITLES = (
    "Login fails after password reset",
    "Invoice PDF is blank",
    "Export to CSV times out",
    "Two-factor code never arrives",
    "Dashboard shows yesterday's totals",
)

# Statuses cycled alongside the titles; a closed set would be overkill for sample data.
_STATUSES = ("open", "pending", "closed")

#: The number of the first ticket :func:`make_tickets` makes (``TCK-1001``).
FIRST_TICKET_NUMBER = 1001


def make_tickets(count: int, *, start: int = FIRST_TICKET_NUMBER) -> list[Ticket]:
    """Make ``count`` deterministic sample tickets, numbered from ``start``.

    Args:
        count: How many tickets (0 or more).
        start: The number of the first ticket; ids read ``TCK-<number>``.

    Returns:
        The tickets, the same on every call with the same arguments.

    Raises:
        ValueError: ``count`` is negative or ``start`` is below 1.
        TypeError: ``count`` or ``start`` is not an int.
    """
    for name, value in (("count", count), ("start", start)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    if count < 0:
        raise ValueError(f"count must be 0 or more, got {count}")
    if start < 1:
        raise ValueError(f"start must be 1 or more, got {start}")
    numbers = range(start, start + count)
    return [
        Ticket(
            id=f"TCK-{n}",
            title=TICKET_TITLES[(n - FIRST_TICKET_NUMBER) % len(TICKET_TITLES)],
            status=_STATUSES[(n - FIRST_TICKET_NUMBER) % len(_STATUSES)],
        )
        for n in numbers
    ]


@dataclass(frozen=True)
class Situation:
    """What happened on one tool call, as evidence (not yet an outcome).

    Args:
        describe: A few words saying what happened, for a person.
        made_contact: Whether the tool got a usable answer from its source.
        returned: How many items came back (0 when there was no contact).
        total: How many items the source says exist, when it says.
        cut_off: Other evidence that the answer was cut short: a next cursor, an upstream's
            own timed-out flag, a stream that broke after some items.

    Raises:
        TypeError: A field has the wrong type (``made_contact="yes"``, ``returned=2.0``).
        ValueError: The evidence contradicts itself (``total`` below ``returned``, or items
            or a cut reported without contact).
    """

    describe: str
    made_contact: bool
    returned: int = 0
    total: int | None = None
    cut_off: bool = False

    def __post_init__(self) -> None:
        _require(isinstance(self.describe, str), "describe must be a str")
        _require(type(self.made_contact) is bool, "made_contact must be True or False")
        _require(type(self.cut_off) is bool, "cut_off must be True or False")
        _require(_is_count(self.returned), "returned must be an int of 0 or more")
        _require(
            self.total is None or _is_count(self.total), "total must be None or an int of 0 or more"
        )
        if self.total is not None and self.total < self.returned:
            raise ValueError(f"total ({self.total}) is below returned ({self.returned})")
        if not self.made_contact and (self.returned or self.total is not None or self.cut_off):
            raise ValueError("without contact there is nothing returned, counted or cut off")


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise TypeError(message)


class Invariant(StrEnum):
    """The rules every envelope obeys; the validator refuses any envelope that breaks one."""

    FAILURE_NEEDS_A_REASON = "failure_needs_a_reason"
    FAILURE_CARRIES_NO_DATA = "failure_carries_no_data"
    ONLY_FAILURES_CARRY_FAILURE = "only_failures_carry_failure"
    PARTIAL_NAMES_ITS_CUT = "partial_names_its_cut"
    EMPTY_HAS_NO_ITEMS = "empty_has_no_items"
    SUCCESS_IS_COMPLETE = "success_is_complete"


#: Each invariant in one sentence, in the order a reader meets them.
INVARIANT_RULES: dict[Invariant, str] = {
    Invariant.FAILURE_NEEDS_A_REASON: "access_failure carries a failure saying why",
    Invariant.FAILURE_CARRIES_NO_DATA: "access_failure carries no data and no coverage",
    Invariant.ONLY_FAILURES_CARRY_FAILURE: "success, empty and partial carry no failure",
    Invariant.PARTIAL_NAMES_ITS_CUT: "partial carries a coverage whose truncated_by names the cut",
    Invariant.EMPTY_HAS_NO_ITEMS: "empty carries no items (and coverage.returned is 0)",
    Invariant.SUCCESS_IS_COMPLETE: (
        "success returns everything the source holds (total not above returned, no cut)"
    ),
}


def invariant_table() -> str:
    """The invariants as a two-column text table, one per line.

    Returns:
        Lines ``Invariant.NAME  rule``, deterministic, ready to print in a notebook.
    """
    names = [f"Invariant.{invariant.name}" for invariant in INVARIANT_RULES]
    width = max(len(name) for name in names)
    return "\n".join(
        f"{name:<{width}}  {rule}"
        for name, rule in zip(names, INVARIANT_RULES.values(), strict=True)
    )


#: Words for the Coverage fields whose model declares no description of its own.
COVERAGE_FIELD_NOTES: dict[str, str] = {
    "truncated_by": "The evidence of the cut (a TruncatedBy member); a partial must name one.",
    "detail": "Free words for a person about what was covered or cut.",
}

# "tool_outcomes.envelope.TruncatedBy | None" reads better as "TruncatedBy | None".
_MODULE_PATH = re.compile(r"\b(?:\w+\.)+(\w+)")


def _type_name(annotation: object) -> str:
    if isinstance(annotation, type):
        return annotation.__name__  # repr would be "<class 'int'>"
    return _MODULE_PATH.sub(r"\1", repr(annotation))


def coverage_table() -> str:
    """Every field of :class:`~tool_outcomes.envelope.Coverage`: its type, default and meaning.

    Returns:
        A header line, then one line per field in declaration order (``field  type  default
        meaning``), deterministic, ready to print in a notebook. A required field shows the
        default ``required``.

    Raises:
        LookupError: A Coverage field has neither a description nor a note here (so a field
            added to the model cannot be shown without words).
    """
    rows = [("field", "type", "default", "meaning")]
    for name, info in Coverage.model_fields.items():
        meaning = info.description or COVERAGE_FIELD_NOTES.get(name)
        if not meaning:
            raise LookupError(f"Coverage.{name} has no description to show")
        default = "required" if info.is_required() else repr(info.default)
        rows.append((name, _type_name(info.annotation), default, meaning))
    widths = [max(len(row[column]) for row in rows) for column in range(3)]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row[:3], widths, strict=True))
        + "  "
        + row[3]
        for row in rows
    )
