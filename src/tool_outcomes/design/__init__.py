"""The outcome table: design a tool's result contract first, and generate what follows from it.

An engineer prototyping a tool writes down, before any code, its fields × states × reasons and
what the consumer does next in each case. :class:`OutcomeTable` holds that design and makes,
deterministically (the same table always gives byte-identical text), one artefact per module:

1. ``_rules``   — the vocabulary: the consumer's next actions (:class:`NextAction`) and which
   fit each not-applicable reason (:data:`REASON_RULES`: a retry fits only ``fetch_failed``);
2. ``_table``   — the table itself, pure: fields (three-state, or plain like ``user_id: str``),
   their reasons and routes, typed examples, the real test cases (each three-state field's
   present values plus one per reason that can really happen to it, not fields × 3), the
   :meth:`~OutcomeTable.problems` of a draft, JSON that round-trips exactly;
3. ``_model``   — the pydantic result model: no defaults, ``ROUTES`` (each field's states and
   the next action in each), ``next_action()``;
4. ``_schema``  — its JSON Schema, each three-state field a ``oneOf`` of its states and its own
   reasons (:func:`states_schema`, which the generated model carries), and the envelope's
   schema (an MCP tool's ``outputSchema``);
5. ``_pytest_module`` — the pytest module: one test per field per state, the reasons told
   apart, the "no field ever silently becomes false" guard, the routing, the outcomes, a
   contract check any envelope (so any real tool) can be held to, and a helper that drives an
   HTTP tool through the conformance kit's faults (``tool_outcomes.testing.check_tool``);
6. ``_routing`` — the routing table as Markdown;
7. ``_files``   — taking it home: writing the files (:class:`WriteRefused` when it cannot) and
   running their tests (:func:`run_tests`, in a fresh process or in this one).

``_python`` is how generated Python is spelled (shared by 3 and 5); ``_outcome_table`` joins
the pure table to its generators as :class:`OutcomeTable`. A table may be a draft: every
generator refuses one with problems (:class:`TableError`, one message naming the field and the
rule each). The generated code imports only ``tool_outcomes``, pydantic and pytest (and the
standard library), and is ruff-clean and formatted under ruff's defaults.
"""

from ._files import PytestSummary, WriteRefused, run_tests
from ._outcome_table import OutcomeTable
from ._rules import (
    ACTION_WORDS,
    OUTCOME_WORDS,
    REASON_RULES,
    NextAction,
    ReasonRule,
    allowed_actions,
    suggested_action,
)
from ._schema import state_schemas, states_schema
from ._table import MAX_NAME_CHARS, Case, FieldDesign, FieldType, Route, TableError

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
    "state_schemas",
    "states_schema",
    "suggested_action",
]
