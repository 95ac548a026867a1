"""The outcome table: design a tool's result contract first, and generate what follows from it.

An engineer prototyping a tool writes down, before any code, its fields × states × reasons and
what the consumer does next in each case. :class:`OutcomeTable` holds that design and makes,
deterministically (the same table always gives byte-identical text):

* the test cases as a table (:meth:`~OutcomeTable.cases`), and their real count: each field's
  present values (``yes`` and ``no`` for a bool, one value otherwise) plus one case per
  not-applicable reason that can really happen to it, not fields × 3;
* the pydantic result model, three-state fields with no defaults and a ``ROUTES`` table that
  declares each field's states and the next action in each (:meth:`~OutcomeTable.model_source`),
  and its JSON Schema (:meth:`~OutcomeTable.json_schema`);
* a pytest module (:meth:`~OutcomeTable.test_source`): one test per field per state, one that
  tells the not-applicable reasons apart, the "no field ever silently becomes false" guard, and
  the routing;
* the routing table as Markdown (:meth:`~OutcomeTable.routing_markdown`).

A table may be a draft with problems (the builder widget shows them live):
:meth:`~OutcomeTable.problems` lists them, one message naming the field and the rule each, and
every generator refuses a table that has any (:class:`TableError`). Tables round-trip through
JSON exactly (:meth:`~OutcomeTable.to_json`, :meth:`~OutcomeTable.from_json`), so a design can
be saved next to its tool and reloaded. The generated code imports only ``tool_outcomes``,
pydantic and pytest (and the standard library), and is ruff-clean and formatted under ruff's
defaults.
"""

from __future__ import annotations

import html
import json
import keyword
import os
import re
import subprocess
import sys
import tempfile
import textwrap
import types
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from tool_outcomes.envelope import Outcome
from tool_outcomes.fields import NAReason, TriState, not_applicable, present

__all__ = [
    "ACTION_WORDS",
    "MAX_NAME_CHARS",
    "OUTCOME_WORDS",
    "REASON_RULES",
    "Case",
    "FieldDesign",
    "FieldType",
    "NextAction",
    "OutcomeTable",
    "PytestSummary",
    "ReasonRule",
    "Route",
    "TableError",
    "WriteRefused",
    "allowed_actions",
    "run_tests",
    "suggested_action",
]


# -- the vocabulary ------------------------------------------------------------------------------


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


class FieldType(StrEnum):
    """The value type of a field when it is present."""

    BOOL = "bool"
    STR = "str"
    INT = "int"
    FLOAT = "float"


@dataclass(frozen=True)
class _TypeInfo:
    words: str  # how a present value is described in the schema
    values: tuple[bool | str | int | float, ...]  # the present values a test uses, when fixed


# A bool is tested with both answers; a number with its zero (a real value, never "missing").
# A string is tested with the field's example, "" by default: an empty string is a value too.
_TYPES: dict[FieldType, _TypeInfo] = {
    FieldType.BOOL: _TypeInfo("yes or no", (True, False)),
    FieldType.STR: _TypeInfo("a string", ()),
    FieldType.INT: _TypeInfo("an integer", (0,)),
    FieldType.FLOAT: _TypeInfo("a number", (0.0,)),
}

#: The longest tool or field name (and string example): it keeps every generated line short.
MAX_NAME_CHARS = 30
_MAX_NOTE_CHARS = 100
_SNAKE = re.compile(r"[a-z][a-z0-9_]*")
# An example becomes a string literal in generated code: printable ASCII, no quote, no backslash.
_PLAIN = re.compile(r"[ !#-&(-\[\]-~]*")
# Names a pydantic model cannot use for a field: its own attributes and its protected prefix.
_RESERVED = frozenset(name for name in dir(BaseModel) if not name.startswith("__"))
_NAIVE_STATES = 3  # yes / no / not applicable: the count a table without reasons would give


# -- the table -----------------------------------------------------------------------------------

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
    present: bool = True
    """Whether the field can be present with a value."""
    example: str | None = None
    """For a ``str`` field: the value its tests use (``""`` when left out)."""
    not_applicable: tuple[Route, ...] = ()
    """The reasons the field can be not applicable for, each with its next action."""

    def present_values(self) -> tuple[bool | str | int | float, ...]:
        """The present values the tests use: both answers of a bool, else one value.

        Returns:
            The values, whether or not the field can be present.
        """
        if self.type is FieldType.STR:
            return (self.example or "",)
        return _TYPES[self.type].values

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


class WriteRefused(ValueError):
    """The files could not be written where asked; the message says why and what to do."""


class OutcomeTable(BaseModel):
    """A tool's result contract: its fields × states × reasons, and the consumer's next actions.

    A table may be a draft: it is built even when it has problems, which :meth:`problems`
    lists. Everything generated from it (:meth:`model_source`, :meth:`json_schema`,
    :meth:`test_source`, :meth:`routing_markdown`, :meth:`files`) raises :class:`TableError`
    while it has any.
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
    def from_json(cls, text: str | bytes) -> OutcomeTable:
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

    # -- the cases -------------------------------------------------------------------------

    def cases(self) -> tuple[Case, ...]:
        """Every test case: per field, its present values, then each reason it can have.

        Returns:
            The cases, fields in table order, reasons in :class:`NAReason` order.
        """
        cases: list[Case] = []
        for field in self.fields:
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
        """The count a table without reasons would give: fields × 3 (yes, no, not applicable)."""
        return len(self.fields) * _NAIVE_STATES

    def count_line(self) -> str:
        """One line: the tool, its real case count and what fields × 3 would have said.

        Returns:
            E.g. ``support_ticket: 13 cases from 4 fields (4 × 3 would say 12)``.
        """
        fields = f"{len(self.fields)} field{'s' if len(self.fields) != 1 else ''}"
        cases = f"{self.case_count} case{'s' if self.case_count != 1 else ''}"
        naive = f"{len(self.fields)} × {_NAIVE_STATES} would say {self.naive_count}"
        return f"{self.tool}: {cases} from {fields} ({naive})"

    def cases_text(self) -> str:
        """The test cases as a plain-text table, under :meth:`count_line`.

        Returns:
            The count line, a header, a rule and one line per case.
        """
        rows = [("field", "state", "next action", "note")]
        rows += [(c.field, c.label, _action_text(c.action), c.note) for c in self.cases()]
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

    # -- generating ------------------------------------------------------------------------

    def model_source(self) -> str:
        """The pydantic result model, with its ``ROUTES`` table and ``next_action``.

        Returns:
            Python source (ruff-formatted), importing only pydantic and ``tool_outcomes``.

        Raises:
            TableError: The table has problems.
        """
        self.check()
        return _model_source(self)

    def json_schema(self) -> dict[str, Any]:
        """The JSON Schema of the generated result model (every field required).

        Returns:
            The schema pydantic makes of the class in :meth:`model_source`.

        Raises:
            TableError: The table has problems.
        """
        module = _load_module(self.model_source(), self.module_name)
        schema: dict[str, Any] = getattr(module, self.class_name).model_json_schema()
        return schema

    def test_source(self) -> str:
        """The pytest module that pins the design onto the generated model.

        Returns:
            Python source (ruff-formatted), importing only pytest, pydantic, ``tool_outcomes``
            and the model module (:attr:`module_name`) beside it.

        Raises:
            TableError: The table has problems.
        """
        self.check()
        return _test_source(self)

    def routing_markdown(self) -> str:
        """The routing table as Markdown: state or reason → next action, then the outcomes.

        Returns:
            Markdown text ending in a newline.

        Raises:
            TableError: The table has problems.
        """
        self.check()
        lines = [
            f"# {self.tool}: what the consumer does next",
            "",
            self.count_line() + ".",
            "",
            "| field | state | next action | note |",
            "|---|---|---|---|",
        ]
        for case in self.cases():
            action = _action_text(case.action)
            words = ACTION_WORDS[case.action] if case.action is not None else ""
            lines.append(
                f"| `{case.field}` | {case.label} | `{action}`: {words} | {_cell(case.note)} |"
            )
        lines += ["", "| outcome | what the consumer does |", "|---|---|"]
        lines += [f"| `{o.value}` | {OUTCOME_WORDS[o]} |" for o in self.outcomes]
        return "\n".join(lines) + "\n"

    def files(self) -> dict[str, str]:
        """Everything to take home, by file name: design, model, schema, tests, routing.

        Returns:
            File name → text, in a fixed order; the same table gives the same bytes.

        Raises:
            TableError: The table has problems.
        """
        self.check()
        return {
            f"{self.tool}.outcomes.json": self.to_json(),
            f"{self.module_name}.py": self.model_source(),
            f"{self.module_name}.schema.json": json.dumps(self.json_schema(), indent=2) + "\n",
            f"test_{self.module_name}.py": self.test_source(),
            f"{self.tool}_routing.md": self.routing_markdown(),
        }

    def write_files(self, folder: str | os.PathLike[str], *, overwrite: bool = False) -> list[Path]:
        """Write :meth:`files` into ``folder``, creating it if its parent exists.

        Args:
            folder: Where to write. Relative paths are taken from the working directory.
            overwrite: Replace files that exist with other content (unchanged ones are fine).

        Returns:
            The paths written, in :meth:`files` order.

        Raises:
            TableError: The table has problems.
            WriteRefused: No folder named, the folder's parent is missing, the path is a file,
                a file exists with other content (without ``overwrite``), or the system
                refused the folder or a write. Nothing is written in any of these cases but a
                write the system refused midway.
        """
        files = self.files()
        written: list[Path] = []
        try:
            target = _writable_folder(folder)
            clashes = [
                name
                for name, text in files.items()
                if (target / name).exists() and (target / name).read_bytes() != text.encode()
            ]
            if clashes and not overwrite:
                raise WriteRefused(
                    f"{', '.join(clashes)} already exist{'s' if len(clashes) == 1 else ''} in "
                    f"{os.fspath(folder)!r} with other content: allow overwriting, or pick "
                    "another folder"
                )
            target.mkdir(exist_ok=True)
            for name, text in files.items():
                (target / name).write_text(text, encoding="utf-8", newline="\n")
                written.append(target / name)
        except WriteRefused:
            raise
        # The system's refusal (permissions, a full disk) or a path it cannot represent (a NUL
        # byte): the same clear refusal, never a traceback out of a button.
        except (OSError, ValueError) as error:
            why = error.strerror if isinstance(error, OSError) and error.strerror else error
            raise WriteRefused(f"could not write into {os.fspath(folder)!r}: {why}") from None
        return written

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
                f"<code>{html.escape(_action_text(case.action))}</code>",
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
    if field.example is not None:
        if field.type is not FieldType.STR:
            problems.append(
                f"{label}: an example is only for a str field (a {field.type.value} field is "
                "tested with fixed values)"
            )
        elif len(field.example) > MAX_NAME_CHARS or not _PLAIN.fullmatch(field.example):
            problems.append(
                f"{label}: the example must be at most {MAX_NAME_CHARS} printable ASCII "
                "characters, without quotes or backslashes"
            )
    return problems


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


# -- plain text ----------------------------------------------------------------------------------


def _action_text(action: NextAction | None) -> str:
    return "(none yet)" if action is None else action.value


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _text_table(rows: Sequence[tuple[str, ...]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]

    def line(row: tuple[str, ...]) -> str:
        return "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()

    rule = tuple("-" * width for width in widths)
    return "\n".join(line(row) for row in [rows[0], rule, *rows[1:]])


# -- the generated model -------------------------------------------------------------------------

_WRAP = 88  # ruff's default line length: the generated files are checked against it


def _py(value: object) -> str:
    """A Python literal as ruff formats it (double quotes; examples hold no quote or backslash)."""
    return f'"{value}"' if isinstance(value, str) else repr(value)


def _state_code(state: TriState[Any]) -> str:
    if state.reason is None:
        return f"present({_py(state.value)})"
    return f"not_applicable(NAReason.{state.reason.name})"


def _describe(field: FieldDesign) -> str:
    """The field's schema description: its present values and its reasons, at most 65 chars."""
    parts = [_TYPES[field.type].words] if field.present else []
    reasons = field.reasons()
    if len(reasons) == len(NAReason):
        parts.append("not applicable for any of the four reasons")
    elif reasons:
        parts.append("not applicable: " + ", ".join(r.value for r in reasons))
    return "; ".join(parts)


def _docstring(text: str, indent: str = "") -> list[str]:
    """A docstring as lines: a summary line, then wrapped paragraphs."""
    paragraphs = text.split("\n\n")
    first = f'{indent}"""{paragraphs[0]}'
    if len(paragraphs) == 1:
        return [first + '"""']
    lines = [first, ""]
    for number, paragraph in enumerate(paragraphs[1:]):
        if number:
            lines.append("")
        lines += textwrap.wrap(paragraph, _WRAP, initial_indent=indent, subsequent_indent=indent)
    return [*lines, f'{indent}"""']


def _comment(text: str, indent: str) -> list[str]:
    return textwrap.wrap(text, _WRAP, initial_indent=f"{indent}# ", subsequent_indent=f"{indent}# ")


def _routes_lines(table: OutcomeTable, name: str) -> list[str]:
    """``NAME: dict[...] = {...}``: each field's states (None = present) → next action."""
    lines = [f"{name}: dict[str, dict[NAReason | None, NextAction]] = {{"]
    for field in table.fields:
        lines.append(f'    "{field.name}": {{')
        if field.present:
            lines.append("        None: NextAction.USE_VALUE,")
        for reason in field.reasons():
            route = field.route(reason)
            assert route is not None  # check() passed, so every declared reason has an action
            assert route.action is not None
            if route.note:
                lines += _comment(route.note, " " * 8)
            lines.append(f"        NAReason.{reason.name}: NextAction.{route.action.name},")
        lines.append("    },")
    return [*lines, "}"]


def _count_words(table: OutcomeTable) -> str:
    count, fields = table.case_count, len(table.fields)
    return f"{count} case{'s' if count != 1 else ''}, not {fields} x {_NAIVE_STATES}"


def _model_source(table: OutcomeTable) -> str:
    cls = table.class_name
    outcomes = [f"    Outcome.{o.name}," for o in table.outcomes]
    lines = [
        *_docstring(
            "The result model of a tool, generated from its outcome table.\n\n"
            f"The tool is {table.tool}. Every field is three-state: present with a value, or "
            "not applicable with one of the reasons the table declares for it. No field has a "
            "default, so none can "
            "silently become false. ROUTES declares each field's states and what the consumer "
            "does next in each; next_action() reads it.\n\n"
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
        "from tool_outcomes.design import NextAction",
        "",
        f'TOOL = "{table.tool}"',
        "",
        f"#: The outcome classes {table.tool} can produce.",
        "OUTCOMES: tuple[Outcome, ...] = (",
        *outcomes,
        ")",
        "",
        "#: Each field's declared states (None: present) and the consumer's next action in each.",
        *_routes_lines(table, "ROUTES"),
        "",
        "",
        f"class {cls}(BaseModel):",
        *_docstring(
            "One result of the tool: every field three-state, and none with a default.",
            "    ",
        ),
        "",
        '    model_config = ConfigDict(frozen=True, extra="forbid")',
        "",
    ]
    for field in table.fields:
        lines += [
            f"    {field.name}: TriState[{field.type.value}] = Field(",
            f'        description="{_describe(field)}",',
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
        '    """What the consumer does next about one field of a result, from ROUTES."""',
        "    field: TriState[Any] = getattr(result, name)",
        "    return ROUTES[name][field.reason]",
    ]
    return "\n".join(lines) + "\n"


def _load_module(source: str, name: str) -> types.ModuleType:
    """Execute generated source as a throwaway module (in ``sys.modules`` only while it runs)."""
    module = types.ModuleType(f"_tool_outcomes_design_{name}")
    sys.modules[module.__name__] = module  # pydantic resolves the model's annotations there
    try:
        exec(compile(source, f"<generated {name}.py>", "exec"), module.__dict__)
    finally:
        del sys.modules[module.__name__]
    return module


# -- the generated tests -------------------------------------------------------------------------


def _test_source(table: OutcomeTable) -> str:
    count = table.case_count
    tool_outcomes_names = sorted(
        {"Envelope", "NAReason", "Outcome", "TriState", "not_applicable", "present"}
        | {"validate_fields"}
        | _envelope_names(table.outcomes),
        key=_isort_key,
    )
    lines = [
        *_docstring(
            "Tests of a tool's result contract, generated from its outcome table.\n\n"
            f"The tool is {table.tool}. One test per field per state "
            f"({_count_words(table)}), one that tells the not-applicable reasons apart, the "
            "guard that no field ever silently becomes false, the routing, and the outcome "
            f"classes the tool declares. Run them with pytest next to {table.module_name}.py."
        ),
        "",
        "from __future__ import annotations",
        "",
        "from typing import Any",
        "",
        "import pytest",
        "from pydantic import ValidationError",
        "from tool_outcomes import (",
        *(f"    {name}," for name in tool_outcomes_names),
        ")",
        "from tool_outcomes.design import NextAction, allowed_actions",
        "",
        f"from {table.module_name} import (",
        "    OUTCOMES,",
        "    ROUTES,",
        "    TOOL,",
        f"    {table.class_name},",
        "    next_action,",
        ")",
        "",
        f"Result = {table.class_name}",
        "ResultEnvelope = Envelope[Result]",
        "",
        "FIELDS = (",
        *(f'    "{f.name}",' for f in table.fields),
        ")",
        "",
        f"#: Every case of the table, one per field per state: {_count_words(table)}.",
        "CASES: list[tuple[str, TriState[Any]]] = [",
        *(f'    ("{c.field}", {_state_code(c.state)}),' for c in table.cases()),
        "]",
        "",
        "#: The next action the design gives each field in each state (None: present).",
        *_routes_lines(table, "DESIGNED_ROUTES"),
        "",
        "#: The present values a test tries for each field, even one that cannot be present.",
        "SAMPLE_VALUES: dict[str, tuple[Any, ...]] = {",
        *(f'    "{f.name}": {_tuple(f.present_values())},' for f in table.fields),
        "}",
        "",
        "#: A result in which every field is in its first designed state.",
        "BASELINE: dict[str, TriState[Any]] = {",
        *(f'    "{f.name}": {_state_code(_first_state(f))},' for f in table.fields),
        "}",
        "",
        "",
        "def make_result(**changes: TriState[Any]) -> Result:",
        '    """The baseline result with some fields changed."""',
        "    return Result(**(BASELINE | changes))",
        "",
        "",
        "def case_id(name: str, state: TriState[Any]) -> str:",
        '    """A readable test id: resolved-yes, refund_issued-no_permission."""',
        "    if state.reason is not None:",
        '        return f"{name}-{state.reason.value}"',
        "    if isinstance(state.value, bool):",
        """        return f"{name}-{'yes' if state.value else 'no'}\"""",
        '    return f"{name}-present"',
        "",
        "",
        "CASE_IDS = [case_id(name, state) for name, state in CASES]",
        "",
        "",
        *_envelope_lines(table.outcomes),
        "",
        "",
        f"def test_the_table_has_{count}_cases() -> None:",
        f'    """The model accepts exactly the {count} designed states of its fields, no other."""',
        "    accepted = []",
        "    for name in FIELDS:",
        "        tried = [present(value) for value in SAMPLE_VALUES[name]]",
        "        for state in tried + [not_applicable(reason) for reason in NAReason]:",
        "            try:",
        "                make_result(**{name: state})",
        "            except ValidationError:",
        "                continue",
        "            accepted.append((name, state))",
        "    assert accepted == CASES",
        f"    assert len(accepted) == {count}",
        "",
        "",
        '@pytest.mark.parametrize(("name", "state"), CASES, ids=CASE_IDS)',
        "def test_each_state_survives_the_wire(name: str, state: TriState[Any]) -> None:",
        '    """Each designed state validates and comes back from JSON as itself."""',
        "    result = make_result(**{name: state})",
        '    assert validate_fields(result.model_dump(mode="json"), fields=FIELDS) == []',
        "    back = Result.model_validate_json(result.model_dump_json())",
        "    assert getattr(back, name) == state",
        "    assert back == result",
        "",
        "",
        "def test_not_applicable_reasons_are_told_apart() -> None:",
        '    """Read from JSON alone, each not-applicable case names its reason, no value."""',
        "    told: dict[str, list[str]] = {name: [] for name in FIELDS}",
        "    for name, state in CASES:",
        "        if state.reason is None:",
        "            continue",
        '        wire = make_result(**{name: state}).model_dump(mode="json")[name]',
        '        assert wire["status"] == "not_applicable"',
        '        assert wire["value"] is None',
        '        told[name].append(wire["reason"])',
        "    for name, routes in DESIGNED_ROUTES.items():",
        "        designed = [reason.value for reason in routes if reason is not None]",
        "        assert told[name] == designed",
        "",
        "",
        "def test_no_field_ever_silently_becomes_false() -> None:",
        '    """A field left out, or sent as a bare false, null or "", is refused."""',
        '    wire = make_result().model_dump(mode="json")',
        '    assert Result.model_json_schema()["required"] == list(FIELDS)',
        "    for name in FIELDS:",
        "        assert Result.model_fields[name].is_required(), name",
        "        without = {key: value for key, value in wire.items() if key != name}",
        "        with pytest.raises(ValidationError, match=name):",
        "            Result.model_validate(without)",
        '        for bare in (False, None, ""):',
        "            with pytest.raises(ValidationError, match=name):",
        "                Result.model_validate(wire | {name: bare})",
        "",
        "",
        '@pytest.mark.parametrize(("name", "state"), CASES, ids=CASE_IDS)',
        "def test_routing(name: str, state: TriState[Any]) -> None:",
        '    """The consumer\'s next action in each case is the one the table designed."""',
        "    action = next_action(make_result(**{name: state}), name)",
        "    assert action is DESIGNED_ROUTES[name][state.reason]",
        "",
        "",
        "def test_every_route_fits_its_state() -> None:",
        '    """Only a failed fetch is retried; no route tells the consumer to act on nothing."""',
        "    assert ROUTES == DESIGNED_ROUTES",
        "    for name, routes in ROUTES.items():",
        "        for reason, action in routes.items():",
        "            if reason is None:",
        "                assert action is NextAction.USE_VALUE, name",
        "            else:",
        "                assert action in allowed_actions(reason), (name, reason)",
        "",
        "",
        "def test_the_tool_declares_its_outcomes() -> None:",
        '    """The outcome classes are the designed ones; the envelope requires one."""',
        "    assert OUTCOMES == (",
        *(f"        Outcome.{o.name}," for o in table.outcomes),
        "    )",
        '    assert "outcome" in ResultEnvelope.model_json_schema()["required"]',
        "",
        "",
        '@pytest.mark.parametrize("outcome", OUTCOMES)',
        "def test_each_declared_outcome_carries_the_result(outcome: Outcome) -> None:",
        '    """An envelope of each declared outcome round-trips through JSON unchanged."""',
        "    result = envelope(outcome)",
        "    assert ResultEnvelope.model_validate_json(result.model_dump_json()) == result",
    ]
    return "\n".join(lines) + "\n"


def _tuple(values: tuple[bool | str | int | float, ...]) -> str:
    inner = ", ".join(_py(v) for v in values)
    return f"({inner},)" if len(values) == 1 else f"({inner})"


def _first_state(field: FieldDesign) -> TriState[Any]:
    if field.present:
        return present(field.present_values()[-1])  # a bool's baseline is "no": a real no
    return not_applicable(field.reasons()[0])


def _isort_key(name: str) -> tuple[int, str]:
    # isort's order inside one import: CONSTANTS, then Classes, then functions.
    kind = 0 if name.isupper() else 1 if name[:1].isupper() else 2
    return kind, name


# How the generated tests build a minimal envelope of each outcome: the lines of its branch in
# envelope(), and the names those lines import. success is the fall-through at the end.
_ENVELOPE_BRANCHES: dict[Outcome, tuple[tuple[str, ...], frozenset[str]]] = {
    Outcome.ACCESS_FAILURE: (
        (
            "    if outcome is Outcome.ACCESS_FAILURE:",
            "        failure = Failure(code=FailureCode.TIMEOUT, kind=FailureKind.TRANSIENT)",
            "        return ResultEnvelope(outcome=outcome, failure=failure, tool=TOOL)",
        ),
        frozenset({"Failure", "FailureCode", "FailureKind"}),
    ),
    Outcome.EMPTY: (
        (
            "    if outcome is Outcome.EMPTY:",
            "        return ResultEnvelope(outcome=outcome, tool=TOOL)",
        ),
        frozenset(),
    ),
    Outcome.PARTIAL: (
        (
            "    if outcome is Outcome.PARTIAL:",
            "        cut = Coverage(returned=1, truncated_by=TruncatedBy.UPSTREAM_FLAG)",
            "        data = make_result()",
            "        return ResultEnvelope(outcome=outcome, data=data, coverage=cut, tool=TOOL)",
        ),
        frozenset({"Coverage", "TruncatedBy"}),
    ),
}


def _envelope_lines(outcomes: Iterable[Outcome]) -> list[str]:
    """``envelope(outcome)``: a minimal envelope of each declared outcome around a result."""
    declared = set(outcomes)
    body = [
        "def envelope(outcome: Outcome) -> Envelope[Result]:",
        '    """A minimal envelope of one declared outcome around a result."""',
    ]
    for outcome, (branch, _) in _ENVELOPE_BRANCHES.items():
        if outcome in declared:
            body += branch
    return [*body, "    return ResultEnvelope(outcome=outcome, data=make_result(), tool=TOOL)"]


def _envelope_names(outcomes: Iterable[Outcome]) -> set[str]:
    """The names ``envelope()``'s branches for the declared outcomes import."""
    declared = set(outcomes)
    return {name for o, (_, names) in _ENVELOPE_BRANCHES.items() if o in declared for name in names}


# -- writing and running -------------------------------------------------------------------------


def _writable_folder(folder: str | os.PathLike[str]) -> Path:
    if not os.fspath(folder).strip():
        raise WriteRefused("no folder named: type the name of a folder to write into")
    target = Path(folder)
    if target.exists() and not target.is_dir():
        raise WriteRefused(f"{os.fspath(folder)!r} is a file, not a folder")
    if not target.exists() and not target.parent.is_dir():
        raise WriteRefused(
            f"{os.fspath(folder)!r}: its parent folder does not exist (only the last folder "
            "of the path is created)"
        )
    return target


@dataclass(frozen=True)
class PytestSummary:
    """What a run of pytest over a folder found: counts, and the names of failing tests."""

    passed: int
    failed: int
    errors: int
    skipped: int
    failures: tuple[str, ...]
    """The ids of failed or erroring tests, in the order pytest ran them."""
    output: str
    """pytest's own output, for a closer look (it holds timings: never compare it)."""

    @property
    def ok(self) -> bool:
        """True when tests ran and none failed or erred."""
        return self.passed > 0 and not (self.failed or self.errors)

    def summary(self) -> str:
        """One deterministic line, e.g. ``34 passed`` or ``2 failed, 32 passed: test_a, test_b``.

        Returns:
            The line (no timings).
        """
        counts = [
            f"{number} {word}"
            for number, word in (
                (self.failed, "failed"),
                (self.errors, "errors" if self.errors != 1 else "error"),
                (self.passed, "passed"),
                (self.skipped, "skipped"),
            )
            if number
        ]
        line = ", ".join(counts) or "no tests ran"
        return line + (": " + ", ".join(self.failures) if self.failures else "")

    def __repr__(self) -> str:
        return self.summary()

    __str__ = __repr__


def run_tests(folder: str | os.PathLike[str], *, timeout_s: float = 300.0) -> PytestSummary:
    """Run pytest over ``folder`` in a fresh process, as a project of its own would.

    The run ignores any pytest configuration around the folder (its rootdir is the folder, its
    configuration empty), loads no third-party pytest plugin, writes no cache and no bytecode
    into the folder, and uses this Python (so this environment's ``tool_outcomes``).

    Args:
        folder: A folder holding generated files (see :meth:`OutcomeTable.write_files`).
        timeout_s: How long pytest may run.

    Returns:
        The counts and the failing tests' ids. When pytest could not run at all (it is not
        installed, say) or ran out of time, one error whose id says why.

    Raises:
        WriteRefused: ``folder`` is not a folder.
    """
    target = Path(folder)
    if not target.is_dir():
        raise WriteRefused(f"{os.fspath(folder)!r} is not a folder")
    env = {k: v for k, v in os.environ.items() if k not in {"PYTEST_ADDOPTS", "PYTHONPATH"}}
    # Only pytest's own plugins: a fresh project has none of the ones installed here, and
    # loading them (notebook and browser plugins, say) takes longer than the tests.
    env |= {"PYTHONDONTWRITEBYTECODE": "1", "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    with tempfile.TemporaryDirectory() as scratch:
        ini, report = Path(scratch, "pytest.ini"), Path(scratch, "report.xml")
        ini.write_text("[pytest]\n", encoding="utf-8")
        command = [
            sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
            "-c", str(ini), "--rootdir", str(target.resolve()),
            "--confcutdir", str(target.resolve()), f"--junitxml={report}", ".",
        ]  # fmt: skip
        try:
            done = subprocess.run(
                command, cwd=target, env=env, capture_output=True, text=True, timeout=timeout_s
            )
        except subprocess.TimeoutExpired:
            return PytestSummary(0, 0, 1, 0, (f"pytest did not finish in {timeout_s:g} s",), "")
        output = done.stdout + done.stderr
        if not report.exists():  # pytest did not run (not installed, a usage error, …)
            last = next((line for line in reversed(output.splitlines()) if line.strip()), "")
            why = f"pytest exited {done.returncode}" + (f": {last.strip()}" if last else "")
            return PytestSummary(0, 0, 1, 0, (why,), output)
        return _summary(ElementTree.parse(report).getroot(), output)


def _summary(root: ElementTree.Element, output: str) -> PytestSummary:
    passed = failed = errors = skipped = 0
    failures: list[str] = []
    for case in root.iter("testcase"):
        outcome = {child.tag for child in case}
        name = case.get("name", "?")
        if "error" in outcome:
            errors += 1
            failures.append(name)
        elif "failure" in outcome:
            failed += 1
            failures.append(name)
        elif "skipped" in outcome:
            skipped += 1
        else:
            passed += 1
    return PytestSummary(passed, failed, errors, skipped, tuple(failures), output)
