"""An OpenAI Agents SDK run gets the class-matched text; the application gets the envelope.

Driven by the SDK's own ``agents.testing.ScriptedModel``, which replays scripted function calls
and records what each model call was given.
"""

from __future__ import annotations

from typing import Any

import pytest
from agents import Agent, FunctionTool, RunConfig, Runner
from agents.items import ToolCallOutputItem
from agents.testing import ScriptedModel, assistant_message, function_call

from agent_tickets import CASE_IDS, CASES, Case, Ticket, async_client, check_envelope, check_text
from agent_tickets import make_tool as make_ticket_tool
from tool_outcomes import Envelope
from tool_outcomes.integrations.openai_agents import openai_agents_tool

TOOL = "search_tickets"
NO_TRACING = RunConfig(tracing_disabled=True)


def strict_arguments(arguments: dict[str, Any]) -> dict[str, Any]:
    """What a strict-mode model sends: every property, ``null`` for the ones it leaves out."""
    return {"limit": None, "cursor": None, **arguments}


async def run_case(case: Case, tool: FunctionTool) -> tuple[ScriptedModel, ToolCallOutputItem]:
    model = ScriptedModel(
        [
            [function_call(TOOL, strict_arguments(case.arguments), call_id="c1")],
            [assistant_message("done")],
        ]
    )
    agent = Agent(name="support", model=model, tools=[tool])
    result = await Runner.run(agent, "find refund tickets", run_config=NO_TRACING)
    (item,) = [i for i in result.new_items if isinstance(i, ToolCallOutputItem)]
    assert result.final_output == "done"
    return model, item


@pytest.mark.asyncio
@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
async def test_each_case_reaches_the_model_and_the_application(case: Case) -> None:
    """The model's next input is the text; the output item's custom data is the envelope."""
    model, item = await run_case(
        case, openai_agents_tool(make_ticket_tool(), client=async_client())
    )
    second = model.calls[1]
    (sent,) = [
        i for i in second.input if isinstance(i, dict) and i.get("type") == "function_call_output"
    ]
    assert sent["call_id"] == "c1"
    check_text(case, sent["output"])
    assert item.custom_data is not None
    env = Envelope[list[Ticket]].model_validate(item.custom_data["envelope"])
    check_envelope(case, env)


def test_strict_mode_keeps_optional_arguments_optional() -> None:
    """Under strict mode every property is listed, but the optional ones accept null."""
    tool = openai_agents_tool(make_ticket_tool())
    assert tool.strict_json_schema is True
    properties = tool.params_json_schema["properties"]
    assert tool.params_json_schema["required"] == ["query", "limit", "cursor"]
    assert {"type": "null"} in properties["limit"]["anyOf"]
    assert {"type": "null"} in properties["cursor"]["anyOf"]
    assert properties["query"] == {"title": "Query", "type": "string"}


@pytest.mark.asyncio
async def test_a_null_optional_argument_means_its_default() -> None:
    """``limit: null`` from a strict model reaches the handler as the default 20."""
    seen: list[int] = []
    tickets = make_ticket_tool()
    handler = tickets.handler

    def spy(args: Any) -> Any:
        seen.append(args.limit)
        return handler(args)

    from dataclasses import replace

    tool = openai_agents_tool(replace(tickets, handler=spy), client=async_client())
    _, item = await run_case(CASES[0], tool)
    assert seen == [20]
    assert item.custom_data is not None
    assert item.custom_data["envelope"]["outcome"] == "success"


def test_non_strict_mode_publishes_the_schema_as_it_is() -> None:
    """``strict=False`` hands the SDK the arguments model's own schema."""
    tickets = make_ticket_tool()
    tool = openai_agents_tool(tickets, strict=False)
    assert tool.strict_json_schema is False
    assert tool.params_json_schema == tickets.input_schema()


@pytest.mark.asyncio
async def test_arguments_that_are_not_json_are_refused_by_the_tool() -> None:
    """Text that is not JSON is the tool's invalid_arguments, said in words the model can use."""
    tool = openai_agents_tool(make_ticket_tool(), client=async_client())
    model = ScriptedModel(
        [[function_call(TOOL, "{not json", call_id="c1")], [assistant_message("done")]]
    )
    agent = Agent(name="support", model=model, tools=[tool])
    result = await Runner.run(agent, "find", run_config=NO_TRACING)
    (item,) = [i for i in result.new_items if isinstance(i, ToolCallOutputItem)]
    assert item.custom_data is not None
    assert item.custom_data["envelope"]["failure"]["code"] == "invalid_arguments"
