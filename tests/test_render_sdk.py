"""Each renderer's output is accepted by the official SDK types, for every outcome."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest
from anthropic.types import TextBlockParam, ToolResultBlockParam
from mcp.types import CallToolResult, TextContent
from openai.types.responses.response_input_item import (
    FunctionCallOutput as FunctionCallOutputItem,
)
from openai.types.responses.response_input_param import FunctionCallOutput
from pydantic import BaseModel, TypeAdapter

from tool_outcomes import (
    Coverage,
    Envelope,
    Failure,
    FailureCode,
    FailureKind,
    Outcome,
    TruncatedBy,
    envelope_output_schema,
    to_anthropic,
    to_mcp,
    to_openai,
    to_text,
)


class Item(BaseModel):
    name: str
    price: float


ENVELOPES: dict[str, Envelope[list[Item]]] = {
    "success": Envelope[list[Item]](
        outcome=Outcome.SUCCESS, data=[Item(name="kettle", price=18)], tool="search"
    ),
    "empty": Envelope[list[Item]](
        outcome=Outcome.EMPTY, data=[], coverage=Coverage(returned=0, total=0)
    ),
    "partial": Envelope[list[Item]](
        outcome=Outcome.PARTIAL,
        data=[Item(name="kettle", price=18)],
        coverage=Coverage(
            returned=1, total=5, next_cursor="p2", truncated_by=TruncatedBy.NEXT_PAGE
        ),
    ),
    "access_failure": Envelope[list[Item]](
        outcome=Outcome.ACCESS_FAILURE,
        attempts=3,
        failure=Failure(
            code=FailureCode.SERVER_ERROR,
            kind=FailureKind.TRANSIENT,
            http_status=503,
            raw_sample="<html>```oops```</html>",
        ),
    ),
    "schema_rejection": Envelope[list[Item]](
        outcome=Outcome.ACCESS_FAILURE,
        failure=Failure(
            code=FailureCode.SCHEMA, kind=FailureKind.PERMANENT, detail="missing field 'price'"
        ),
    ),
}
IS_ERROR = {name: env.outcome is Outcome.ACCESS_FAILURE for name, env in ENVELOPES.items()}

_TOOL_RESULT = TypeAdapter(ToolResultBlockParam)
_TEXT_BLOCK = TypeAdapter(TextBlockParam)
_FUNCTION_CALL_OUTPUT = TypeAdapter(FunctionCallOutput)


def _keys_of(typed_dict: Any) -> frozenset[str]:
    return frozenset(typed_dict.__required_keys__ | typed_dict.__optional_keys__)


@pytest.mark.parametrize("name", ENVELOPES)
def test_to_anthropic_is_a_valid_tool_result_block(name: str) -> None:
    """The block validates as ToolResultBlockParam, uses only its keys and flags errors."""
    env = ENVELOPES[name]
    block = to_anthropic(env, "toolu_01A")
    _TOOL_RESULT.validate_python(block)
    assert set(block) <= _keys_of(ToolResultBlockParam)
    assert ToolResultBlockParam.__required_keys__ <= set(block)
    # The content list is validated lazily by pydantic (an Iterable), so check each block.
    for part in block["content"]:
        _TEXT_BLOCK.validate_python(part)
        assert set(part) <= _keys_of(TextBlockParam)
    assert block["content"][0]["text"] == to_text(env)
    assert block["is_error"] is IS_ERROR[name]
    assert json.loads(json.dumps(block)) == block


@pytest.mark.parametrize("name", ENVELOPES)
def test_to_openai_is_a_valid_function_call_output_item(name: str) -> None:
    """The item validates as a Responses API FunctionCallOutput and carries the text."""
    env = ENVELOPES[name]
    item = to_openai(env, "call_abc")
    _FUNCTION_CALL_OUTPUT.validate_python(item)
    assert set(item) <= _keys_of(FunctionCallOutput)
    assert FunctionCallOutput.__required_keys__ <= set(item)
    parsed = FunctionCallOutputItem.model_validate(item)
    assert parsed.call_id == "call_abc"
    assert parsed.output == to_text(env)
    # No error flag exists in this API: the words must carry it.
    assert item["output"].startswith("NO ANSWER") is IS_ERROR[name]


@pytest.mark.parametrize("name", ENVELOPES)
def test_to_mcp_is_a_valid_call_tool_result(name: str) -> None:
    """The result validates as an MCP CallToolResult whose fields all arrived intact."""
    env = ENVELOPES[name]
    wire = to_mcp(env)
    result = CallToolResult.model_validate(wire)
    assert result.is_error is IS_ERROR[name]
    assert result.structured_content == env.model_dump(mode="json")
    assert result.content == [TextContent(type="text", text=to_text(env))]
    # Nothing was silently dropped: every wire key became a field.
    assert result.model_dump(by_alias=True, exclude_unset=True).keys() == wire.keys()
    assert Envelope[list[Item]].model_validate(wire["structuredContent"]) == env


@pytest.mark.parametrize("name", ENVELOPES)
def test_structured_content_matches_the_output_schema(name: str) -> None:
    """The structured content of every outcome validates against the published output schema."""
    schema = envelope_output_schema(list[Item])
    jsonschema.validate(to_mcp(ENVELOPES[name])["structuredContent"], schema)


def test_the_output_schema_rejects_an_envelope_without_an_outcome() -> None:
    """The schema is not vacuous: an envelope with no outcome, or an invented one, fails it."""
    schema = envelope_output_schema(list[Item])
    structured = to_mcp(ENVELOPES["success"])["structuredContent"]
    for bad in (
        {k: v for k, v in structured.items() if k != "outcome"},
        {**structured, "outcome": "maybe"},
    ):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, schema)


@pytest.mark.parametrize("model", [Item, list[Item], dict[str, int], int])
def test_the_output_schema_is_an_object_with_a_required_outcome_enum(model: Any) -> None:
    """Whatever the data model, the output schema is an object whose outcome is a required enum."""
    schema = envelope_output_schema(model)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["type"] == "object"
    assert "outcome" in schema["required"]
    ref = schema["properties"]["outcome"]["$ref"].rsplit("/", 1)[-1]
    assert set(schema["$defs"][ref]["enum"]) == {o.value for o in Outcome}


def test_an_unschemable_model_is_a_clear_error() -> None:
    """A data type pydantic cannot describe is a TypeError naming it."""

    class Opaque:
        pass

    with pytest.raises(TypeError, match="Opaque"):
        envelope_output_schema(Opaque)


def test_structured_content_uses_aliases_as_the_output_schema_does() -> None:
    """A result model with aliased fields still validates against its own output schema."""
    from pydantic import Field

    from tool_outcomes import Outcome, envelope_output_schema, repair, to_mcp
    from tool_outcomes.repair import Repaired

    class Account(BaseModel):
        user_id: int = Field(alias="userId")

    repaired = repair({"userId": "5"}, Account)
    assert isinstance(repaired, Repaired)
    env = Envelope[Account](outcome=Outcome.SUCCESS, data=repaired.value)
    jsonschema.validate(to_mcp(env)["structuredContent"], envelope_output_schema(Account))
