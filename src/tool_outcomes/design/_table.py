"""The outcome table itself, pure: what a design holds, its test cases, and its problems.

Nothing here generates code or touches a file; :class:`Table` is the data and what it says about
itself (cases, counts, problems, JSON, displays). ``OutcomeTable`` adds the generators.
"""

from __future__ import annotations

import html
import json
import keyword
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Self

from pydantic import BaseModel, ConfigDict, ValidationError

from tool_outcomes.envelope import Outcome
from tool_outcomes.fields import NAReason, TriState, not_applicable, present

from ._rules import REASON_RULES, NextAction, action_text

__all__ = [
    "MAX_NAME_CHARS",
    "NAIVE_STATES",
    "Case",
    "FieldDesign",
    "FieldType",
    "Route",
    "Table",
    "TableError",
    "Value",
    "type_words",
]

#: A present value, or an example: a JSON scalar of the field's type.
Value = bool | int | float | str


class FieldType(StrEnum):
    """The value type of a field when it is present."""

    BOOL = "bool"
    STR = "str"
    INT = "int"
    FLOAT = "float"


@dataclass(frozen=True)
class _TypeInfo:
    words: str  # how a present value is described in the schema
    article: str  # "a str", "an int": how an error names the type
    default: tuple[Value, ...]  # the present values a test uses without an example


# A bool is tested with both answers; a number with its zero (a real value, never "missing").
# A string is tested with "" unless it has an example: an empty string is a value too.
_TYPES: dict[FieldType, _TypeInfo] = {
    FieldType.BOOL: _TypeInfo("yes or no", "a bool", (True, False)),
    FieldType.STR: _TypeInfo("a string", "a str", ("",)),
    FieldType.INT: _TypeInfo("an integer", "an int", (0,)),
    FieldType.FLOAT: _TypeInfo("a number", "a float", (0.0,)),
}


def type_words(kind: FieldType) -> str:
    """How a present value of a type is described: ``yes or no``, ``a string``, ….

    Args:
        kind: The field's type.

    Returns:
        A few words.
    """
    return _TYPES[kind].words


#: The longest tool or field name (and written-out example): it keeps generated lines short.
MAX_NAME_CHARS = 30
#: yes / no / not applicable: the count per field a table without reasons would give.
NAIVE_STATES = 3
_MAX_NOTE_CHARS = 100
_SNAKE = re.compile(r"[a-z][a-z0-9_]*")
# A string example becomes a literal in generated code: printable ASCII, no quote, no backslash.
_PLAIN = re.compile(r"[ !#-&(-\[\]-~]*")
# Names a pydantic model cannot use for a field: its own attributes and its protected prefix.
_RESERVED = frozenset(name for name in dir(BaseModel) if not name.startswith("__"))
_FROZEN = ConfigDict(frozen=True, extra="forbid")


class Route(BaseModel):
    """One not-applicable reason a field can have, and what the consumer does next then."""

    model_config = _FROZEN

    reason: NAReason
    action: NextAction | None = None
    """``None`` while not chosen yet: a problem the table reports."""
    note: str = ""
    """A few words for the person reading the routing table ("then drop VIP routing")."""


class FieldDesign(BaseModel):
    """One field of a tool's result: its type and the states it can really take."""

    model_config = _FROZEN

    name: str
    type: FieldType = FieldType.BOOL
    plain: bool = False
    """A plain field (``user_id: str``): always present, a bare value, no states or reasons."""
    present: bool = True
    """Whether a three-state field can be present with a value."""
    example: Value | None = None
    """The value the tests use, of the field's type (a str, int or float field only)."""
    not_applicable: tuple[Route, ...] = ()
    """The reasons a three-state field can be not applicable for, each with its next action."""

    def present_values(self) -> tuple[Value, ...]:
        """The present values the tests use: both answers of a bool, else one value.

        Returns:
            The example when the field has one (a float field's as a float), else the type's
            own: ``(True, False)``, ``("",)``, ``(0,)`` or ``(0.0,)``.
        """
        if self.example is None or self.type is FieldType.BOOL:
            return _TYPES[self.type].default
        if self.type is FieldType.FLOAT and isinstance(self.example, int):
            return (float(self.example),)
        return (self.example,)

    def reasons(self) -> tuple[NAReason, ...]:
        """The field's not-applicable reasons, in :class:`NAReason` order, each once.

        Returns:
            The reasons.
        """
        declared = {route.reason for route in self.not_applicable}
        return tuple(reason for reason in NAReason if reason in declared)

    def route(self, reason: NAReason) -> Route | None:
        """The route of one reason (the first, if listed twice), or ``None`` if not declared.

        Args:
            reason: A not-applicable reason.

        Returns:
            The route, or ``None``.
        """
        return next((r for r in self.not_applicable if r.reason is reason), None)


@dataclass(frozen=True)
class Case:
    """One test case of a table: a field in one of its states, and the next action then."""

    field: str
    state: TriState[Any]
    action: NextAction | None
    note: str = ""

    @property
    def label(self) -> str:
        """``yes`` / ``no`` for a bool, ``present`` for another value, or ``not_applicable(…)``."""
        if self.state.reason is not None:
            return f"not_applicable({self.state.reason.value})"
        if isinstance(self.state.value, bool):
            return "yes" if self.state.value else "no"
        return "present"

    @property
    def status(self) -> str:
        """``present`` or ``not_applicable``."""
        return self.state.status.value


class TableError(ValueError):
    """A table that cannot be generated from or loaded: one message per problem."""

    def __init__(self, problems: Iterable[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


class Table(BaseModel):
    """A tool's fields × states × reasons and the consumer's next actions, as data.

    A table may be a draft: it is built even when it has problems, which :meth:`problems`
    lists.
    """

    model_config = _FROZEN

    tool: str
    outcomes: tuple[Outcome, ...]
    """The outcome classes the tool can produce."""
    fields: tuple[FieldDesign, ...]

    # -- loading and saving ----------------------------------------------------------------

    def to_json(self) -> str:
        """The table as indented JSON, ending in a newline: save it next to the tool.

        Returns:
            JSON text; :meth:`from_json` of it gives an equal table.
        """
        return self.model_dump_json(indent=2) + "\n"

    @classmethod
    def from_json(cls, text: str | bytes) -> Self:
        """Load a table saved with :meth:`to_json`.

        Args:
            text: The JSON text.

        Returns:
            The table (which may still have :meth:`problems`).

        Raises:
            TableError: The text is not JSON or not a table; each message names the field
                (``customer_vip: unknown reason 'busy' (expected one of …)``).
        """
        try:
            raw = json.loads(text)
        except ValueError as error:
            raise TableError([f"not JSON: {error}"]) from None
        try:
            return cls.model_validate(raw)
        except ValidationError as error:
            raise TableError(_load_messages(error, raw)) from None

    # -- the fields and the cases ----------------------------------------------------------

    @property
    def three_state(self) -> tuple[FieldDesign, ...]:
        """The three-state fields, in table order: the ones with states, reasons and cases."""
        return tuple(field for field in self.fields if not field.plain)

    @property
    def plain(self) -> tuple[FieldDesign, ...]:
        """The plain fields, in table order: always present, bare values."""
        return tuple(field for field in self.fields if field.plain)

    def cases(self) -> tuple[Case, ...]:
        """Every test case: per three-state field, its present values, then each reason.

        Returns:
            The cases, fields in table order, reasons in :class:`NAReason` order. A plain
            field has none: it has one state, its value.
        """
        cases: list[Case] = []
        for field in self.three_state:
            if field.present:
                for value in field.present_values():
                    cases.append(Case(field.name, present(value), NextAction.USE_VALUE))
            for reason in field.reasons():
                route = field.route(reason)
                assert route is not None  # reasons() lists only declared reasons
                cases.append(Case(field.name, not_applicable(reason), route.action, route.note))
        return tuple(cases)

    @property
    def case_count(self) -> int:
        """How many test cases the table really has."""
        return len(self.cases())

    @property
    def naive_count(self) -> int:
        """What a table without reasons would say: three-state fields × 3 (yes, no, n/a)."""
        return len(self.three_state) * NAIVE_STATES

    def count_line(self) -> str:
        """One line: the tool, its real case count and what fields × 3 would have said.

        Returns:
            E.g. ``support_ticket: 13 cases from 4 fields (4 × 3 would say 12)``, then
            ``, plus 1 plain field`` when it has plain fields.
        """
        fields = _plural(len(self.three_state), "field")
        cases = _plural(self.case_count, "case")
        naive = f"{len(self.three_state)} × {NAIVE_STATES} would say {self.naive_count}"
        plain = f", plus {_plural(len(self.plain), 'plain field')}" if self.plain else ""
        return f"{self.tool}: {cases} from {fields} ({naive}){plain}"

    def cases_text(self) -> str:
        """The test cases as a plain-text table, under :meth:`count_line`.

        Returns:
            The count line, a header, a rule and one line per case.
        """
        rows = [_CASE_COLUMNS]
        rows += [(c.field, c.label, action_text(c.action), c.note) for c in self.cases()]
        return self.count_line() + "\n" + _text_table(rows)

    # -- validation ------------------------------------------------------------------------

    def problems(self) -> list[str]:
        """Everything that keeps code from being generated, one message per problem.

        Returns:
            Messages that name the field (or ``tool`` / ``outcomes``) and the rule it breaks;
            an empty list when the table is ready.
        """
        problems = _name_problems("tool", self.tool)
        if Outcome.SUCCESS not in self.outcomes:
            problems.append("outcomes: success is missing: a tool must be able to succeed")
        problems += [
            f"outcomes: {outcome.value} is listed twice" for outcome in _repeated(self.outcomes)
        ]
        if not self.fields:
            problems.append("fields: none yet: add at least one field")
        elif not self.three_state:
            problems.append(
                "fields: only plain fields: add a three-state field, the table is about its states"
            )
        seen: dict[str, int] = {}
        for number, field in enumerate(self.fields, start=1):
            label = field.name or f"field {number}"
            if field.name in seen:
                problems.append(
                    f"{label}: duplicate field name (fields {seen[field.name]} and {number})"
                )
            else:
                seen[field.name] = number
                problems += _name_problems(label, field.name, field=True)
            problems += _field_problems(label, field)
        return problems

    def check(self) -> None:
        """Raise unless the table is ready to generate from.

        Raises:
            TableError: The table has :meth:`problems` (all of them, in the message).
        """
        problems = self.problems()
        if problems:
            raise TableError(problems)

    # -- names -----------------------------------------------------------------------------

    @property
    def class_name(self) -> str:
        """The result model's class name: ``support_ticket`` → ``SupportTicketResult``."""
        return "".join(part.capitalize() for part in self.tool.split("_")) + "Result"

    @property
    def module_name(self) -> str:
        """The result model's module name: ``support_ticket`` → ``support_ticket_result``."""
        return f"{self.tool}_result"

    # -- displays --------------------------------------------------------------------------

    def __repr__(self) -> str:
        problems = self.problems()
        state = f"{len(problems)} problem{'s' if len(problems) != 1 else ''}" if problems else ""
        return f"OutcomeTable({self.count_line()}{'; ' + state if state else ''})"

    __str__ = __repr__

    def _repr_html_(self) -> str:
        def row(case: Case) -> str:
            cells = (
                f"<code>{html.escape(case.field)}</code>",
                html.escape(case.label),
                f"<code>{html.escape(action_text(case.action))}</code>",
                html.escape(case.note),
            )
            return "<tr>" + "".join(f"<td {_CELL}>{cell}</td>" for cell in cells) + "</tr>"

        rows = "".join(row(case) for case in self.cases())
        head = "".join(f"<th {_CELL}>{h}</th>" for h in _CASE_COLUMNS)
        return (
            f"<div class='tool-outcomes-table' data-count='{self.case_count}'>"
            f"<p><b>{html.escape(self.count_line())}</b></p>"
            f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></div>"
        )


_CASE_COLUMNS = ("field", "state", "next action", "note")
_CELL = "style='text-align:left;padding:2px 16px 2px 0'"


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'s' if count != 1 else ''}"


# -- validation helpers --------------------------------------------------------------------------


def _repeated(items: Iterable[Any]) -> list[Any]:
    seen: list[Any] = []
    repeated: list[Any] = []
    for item in items:
        if item in seen and item not in repeated:
            repeated.append(item)
        seen.append(item)
    return repeated


def _name_problems(label: str, name: str, *, field: bool = False) -> list[str]:
    if not name:
        return [f"{label}: no name yet"]
    if not _SNAKE.fullmatch(name):
        return [
            f"{label}: {name!r} is not a snake_case name "
            "(lowercase letters, digits and _, starting with a letter)"
        ]
    if len(name) > MAX_NAME_CHARS:
        return [f"{label}: {name!r} is longer than {MAX_NAME_CHARS} characters"]
    if keyword.iskeyword(name) or keyword.issoftkeyword(name):
        return [f"{label}: {name!r} is a Python keyword; pick another name"]
    if field and (name in _RESERVED or name.startswith("model_")):
        return [f"{label}: {name!r} is reserved by pydantic models; pick another name"]
    return []


def _field_problems(label: str, field: FieldDesign) -> list[str]:
    states = _plain_problems(label, field) if field.plain else _route_problems(label, field)
    return states + _example_problems(label, field)


def _plain_problems(label: str, field: FieldDesign) -> list[str]:
    problems: list[str] = []
    if not field.present:
        problems.append(f"{label}: a plain field is always present: allow it to be present")
    if field.not_applicable:
        problems.append(
            f"{label}: a plain field has no not-applicable reasons: make it three-state, or "
            "remove its reasons"
        )
    return problems


def _route_problems(label: str, field: FieldDesign) -> list[str]:
    problems: list[str] = []
    if not field.present and not field.not_applicable:
        problems.append(
            f"{label}: no state: allow it to be present, or add a not-applicable reason"
        )
    problems += [
        f"{label}: not_applicable({reason.value}) is listed twice"
        for reason in _repeated(r.reason for r in field.not_applicable)
    ]
    for route in field.not_applicable:
        rule = REASON_RULES[route.reason]
        choices = ", ".join(a.value for a in rule.actions)
        state = f"{label}: not_applicable({route.reason.value})"
        if route.action is None:
            problems.append(f"{state} has no next action: choose one of {choices}")
        elif route.action not in rule.actions:
            problems.append(
                f"{state} → {route.action.value} does not fit: {rule.why} (choose one of {choices})"
            )
        if "\n" in route.note or "\r" in route.note or len(route.note) > _MAX_NOTE_CHARS:
            problems.append(f"{state}: the note must be one line of at most {_MAX_NOTE_CHARS}")
    return problems


# Which Python types an example of each field type may be (a bool is not a number here).
_EXAMPLE_TYPES: dict[FieldType, tuple[type, ...]] = {
    FieldType.STR: (str,),
    FieldType.INT: (int,),
    FieldType.FLOAT: (int, float),
}


def _example_problems(label: str, field: FieldDesign) -> list[str]:
    example = field.example
    if example is None:
        return []
    if field.type is FieldType.BOOL:
        return [
            f"{label}: an example is for a str, int or float field (a bool field is tested "
            "with both answers)"
        ]
    allowed = _EXAMPLE_TYPES[field.type]
    if isinstance(example, bool) or not isinstance(example, allowed):
        return [
            f"{label}: the example {example!r} is {_TYPES[_type_of(example)].article}, not "
            f"{_TYPES[field.type].article}"
        ]
    if isinstance(example, str):
        if len(example) > MAX_NAME_CHARS or not _PLAIN.fullmatch(example):
            return [
                f"{label}: the example must be at most {MAX_NAME_CHARS} printable ASCII "
                "characters, without quotes or backslashes"
            ]
        return []
    if isinstance(example, float) and not math.isfinite(example):
        return [f"{label}: the example {example!r} is not a JSON number"]
    if len(repr(example)) > MAX_NAME_CHARS:
        return [f"{label}: the example must be at most {MAX_NAME_CHARS} characters written out"]
    return []


def _type_of(value: Value) -> FieldType:
    if isinstance(value, bool):
        return FieldType.BOOL
    return {str: FieldType.STR, int: FieldType.INT}.get(type(value), FieldType.FLOAT)


def _load_messages(error: ValidationError, raw: object) -> list[str]:
    """pydantic's errors for a loaded table, each naming the field (or part) it is about."""
    messages: list[str] = []
    for problem in error.errors(include_url=False):
        loc = list(problem["loc"])
        where = _where(loc, raw)
        if problem["type"] == "enum":
            names = [part for part in loc if isinstance(part, str)]
            what = names[-1].removesuffix("s") if names else "value"  # "outcomes" → "outcome"
            if not where and names:
                where = f"{names[0]}: "
            expected = str(problem.get("ctx", {}).get("expected", "")).replace("'", "")
            messages.append(
                f"{where}unknown {what} {problem['input']!r} (expected one of {expected})"
            )
        else:
            path = ".".join(str(part) for part in loc)
            messages.append(f"{where}{path + ': ' if path else ''}{problem['msg']}")
    return messages


def _where(loc: list[int | str], raw: object) -> str:
    """``"<field name>: "`` for an error inside ``fields[i]``; it drops that part of ``loc``."""
    if len(loc) < 2 or loc[0] != "fields" or not isinstance(loc[1], int):
        return ""
    index = loc[1]
    name = None
    if isinstance(raw, dict) and isinstance(raw.get("fields"), list):
        items = raw["fields"]
        if index < len(items) and isinstance(items[index], dict):
            name = items[index].get("name")
    del loc[:2]
    return f"{name}: " if isinstance(name, str) and name else f"field {index + 1}: "


def _text_table(rows: Sequence[tuple[str, ...]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]

    def line(row: tuple[str, ...]) -> str:
        return "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()

    rule = tuple("-" * width for width in widths)
    return "\n".join(line(row) for row in [rows[0], rule, *rows[1:]])
