"""An envelope survives an in-memory MCP round trip, validated by the client's output schema."""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.tools.base import Tool
from mcp.types import CallToolResult, TextContent
from pydantic import BaseModel

from tool_outcomes import (
    Coverage,
    Envelope,
    Failure,
    FailureCode,
    FailureKind,
    Outcome,
    TruncatedBy,
    envelope_output_schema,
    to_mcp,
    to_text,
)


class Item(BaseModel):
    name: str
    price: float


ENVELOPES: dict[Outcome, Envelope[list[Item]]] = {
    Outcome.SUCCESS: Envelope[list[Item]](
        outcome=Outcome.SUCCESS, data=[Item(name="kettle", price=18)], tool="lookup"
    ),
    Outcome.EMPTY: Envelope[list[Item]](
        outcome=Outcome.EMPTY, data=[], tool="lookup", coverage=Coverage(returned=0, total=0)
    ),
    Outcome.PARTIAL: Envelope[list[Item]](
        outcome=Outcome.PARTIAL,
        data=[Item(name="kettle", price=18)],
        tool="lookup",
        coverage=Coverage(
            returned=1, total=3, next_cursor="p2", truncated_by=TruncatedBy.TOTAL_EXCEEDS_RETURNED
        ),
    ),
    Outcome.ACCESS_FAILURE: Envelope[list[Item]](
        outcome=Outcome.ACCESS_FAILURE,
        tool="lookup",
        attempts=3,
        failure=Failure(code=FailureCode.TIMEOUT, kind=FailureKind.TRANSIENT),
    ),
}

TOOL = "lookup"


def lookup(outcome: str) -> CallToolResult:
    """Return the canned envelope for one outcome class."""
    return CallToolResult.model_validate(to_mcp(ENVELOPES[Outcome(outcome)]))


def make_server() -> MCPServer:
    """A server whose one tool publishes the envelope's JSON Schema as its outputSchema."""
    tool = Tool.from_function(lookup, name=TOOL)
    # The tool returns a ready CallToolResult, so MCPServer derives no schema of its own:
    # publish the envelope's (the client validates against it) and have the server check it too.
    tool.fn_metadata.output_schema = envelope_output_schema(list[Item])
    tool.fn_metadata.output_model = Envelope[list[Item]]
    return MCPServer(name="envelopes", tools=[tool])


@pytest.mark.asyncio
async def test_the_tool_publishes_the_envelope_schema() -> None:
    """The listed tool's outputSchema is exactly the envelope's JSON Schema."""
    async with Client(make_server()) as client:
        listed = await client.list_tools()
    (tool,) = listed.tools
    assert tool.output_schema == envelope_output_schema(list[Item])


@pytest.mark.asyncio
@pytest.mark.parametrize("outcome", Outcome)
async def test_every_outcome_round_trips_through_mcp(outcome: Outcome) -> None:
    """Each outcome arrives with its text, its error flag and a schema-valid envelope."""
    env = ENVELOPES[outcome]
    async with Client(make_server()) as client:
        result = await client.call_tool(TOOL, {"outcome": outcome.value})
        # The client validates non-error results itself; an error result is checked explicitly,
        # so all four outcomes are proven to match the published schema.
        await client.session.validate_tool_result(TOOL, result)
    assert result.is_error is (outcome is Outcome.ACCESS_FAILURE)
    assert result.content == [TextContent(type="text", text=to_text(env))]
    assert Envelope[list[Item]].model_validate(result.structured_content) == env


@pytest.mark.asyncio
async def test_the_client_rejects_structured_content_that_breaks_the_schema() -> None:
    """Client-side validation is real: an invented outcome class does not pass it."""
    good = to_mcp(ENVELOPES[Outcome.SUCCESS])
    tampered: dict[str, Any] = {
        **good,
        "structuredContent": {**good["structuredContent"], "outcome": "probably_fine"},
    }
    async with Client(make_server()) as client:
        await client.list_tools()
        with pytest.raises(RuntimeError, match="Invalid structured content"):
            await client.session.validate_tool_result(TOOL, CallToolResult.model_validate(tampered))
