"""The JSON Schemas: the result model's, which states each field's states, and its envelope's.

A three-state field's schema is a ``oneOf`` of the states the table declares for it: *present*
(``status`` ``"present"``, a ``value`` of the field's type, no reason) and *not applicable*
(``status`` ``"not_applicable"``, a null or absent ``value``, and a ``reason`` from that field's
own reasons). A plain field is its bare type. The generated model carries this itself
(``json_schema_extra=states_schema(ROUTES)``), so the schema pydantic gives for the model, and
:func:`~tool_outcomes.envelope_output_schema` for its envelope, are the table's.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from pydantic import BaseModel, TypeAdapter

from tool_outcomes.fields import FieldStatus, NAReason, TriState
from tool_outcomes.wire import envelope_output_schema

from ._model import model_source
from ._table import Table

__all__ = ["envelope_schema", "json_schema", "model_class", "state_schemas", "states_schema"]

#: What a model's ``json_schema_extra`` is called with: its schema, and the model class.
SchemaHook = Callable[[dict[str, Any], type[BaseModel]], None]


def state_schemas(
    value: Mapping[str, Any], reasons: Iterable[NAReason], *, can_be_present: bool
) -> list[dict[str, Any]]:
    """The JSON Schema of each state one three-state field can be in: its ``oneOf``.

    Args:
        value: The JSON Schema of the field's value when present (``{"type": "boolean"}``).
        reasons: The reasons the field can be not applicable for (none: it is always present).
        can_be_present: Whether the field can be present with a value.

    Returns:
        The present state's schema (if it can be present), then the not-applicable one (if it
        has reasons). Each is a closed object whose ``status`` is a constant, so an instance
        matches at most one.
    """
    states: list[dict[str, Any]] = []
    if can_be_present:
        states.append(
            _state(
                FieldStatus.PRESENT,
                {"value": dict(value), "reason": {"type": "null"}},
                required="value",
            )
        )
    allowed = [reason.value for reason in NAReason if reason in set(reasons)]
    if allowed:
        states.append(
            _state(
                FieldStatus.NOT_APPLICABLE,
                {"value": {"type": "null"}, "reason": {"enum": allowed}},
                required="reason",
            )
        )
    return states


def _state(status: FieldStatus, properties: dict[str, Any], *, required: str) -> dict[str, Any]:
    return {
        "title": status.value,
        "type": "object",
        "properties": {"status": {"const": status.value}, **properties},
        "required": ["status", required],
        "additionalProperties": False,
    }


def states_schema(routes: Mapping[str, Mapping[NAReason | None, object]]) -> SchemaHook:
    """A result model's ``json_schema_extra``: each three-state field's schema, its states.

    The generated model passes its ``ROUTES`` (field → the states it can be in, ``None`` for
    present). Each field named there must be a ``TriState[type]``; its schema becomes the
    ``oneOf`` of :func:`state_schemas`, keeping its description. Other fields are left as
    pydantic describes them.

    Args:
        routes: Each three-state field's states (the keys of its mapping).

    Returns:
        The hook pydantic calls with the model's schema and class.
    """
    declared = {name: dict(states) for name, states in routes.items()}

    def hook(schema: dict[str, Any], model: type[BaseModel]) -> None:
        properties = schema["properties"]
        for name, states in declared.items():
            if name not in properties:
                raise TypeError(f"{model.__name__} has no field {name!r}, which ROUTES names")
            kept = {k: v for k, v in properties[name].items() if k not in {"$ref", "allOf"}}
            value = TypeAdapter(_value_type(model, name)).json_schema()
            reasons = [reason for reason in states if reason is not None]
            kept["oneOf"] = state_schemas(value, reasons, can_be_present=None in states)
            properties[name] = kept

    return hook


def _value_type(model: type[BaseModel], name: str) -> Any:
    annotation = model.model_fields[name].annotation
    metadata = getattr(annotation, "__pydantic_generic_metadata__", None)
    if metadata is None or metadata["origin"] is not TriState or len(metadata["args"]) != 1:
        raise TypeError(
            f"{model.__name__}.{name} is {annotation!r}, not a TriState[...]: ROUTES names "
            "three-state fields only"
        )
    return metadata["args"][0]


def _load_module(source: str, name: str) -> types.ModuleType:
    """Execute generated source as a throwaway module (in ``sys.modules`` only while it runs)."""
    module = types.ModuleType(f"_tool_outcomes_design_{name}")
    sys.modules[module.__name__] = module  # pydantic resolves the model's annotations there
    try:
        exec(compile(source, f"<generated {name}.py>", "exec"), module.__dict__)
    finally:
        del sys.modules[module.__name__]
    return module


def model_class(table: Table) -> type[BaseModel]:
    """The generated result model of a ready table, loaded as a class.

    Returns:
        The class :func:`~tool_outcomes.design._model.model_source` defines, from a fresh
        module each call.
    """
    model: type[BaseModel] = getattr(
        _load_module(model_source(table), table.module_name), table.class_name
    )
    return model


def json_schema(table: Table) -> dict[str, Any]:
    """The JSON Schema of the generated result model, for a ready table.

    Returns:
        The schema pydantic makes of the generated class.
    """
    schema: dict[str, Any] = model_class(table).model_json_schema()
    return schema


def envelope_schema(table: Table) -> dict[str, Any]:
    """The JSON Schema of ``Envelope[the generated model]``, for a ready table.

    Returns:
        What :func:`~tool_outcomes.envelope_output_schema` gives for the generated class: an
        MCP tool's ``outputSchema``.
    """
    return envelope_output_schema(model_class(table))
