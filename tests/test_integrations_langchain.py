"""A LangChain agent loop gets ToolMessages whose status and artifact match the envelope.

Driven by ``create_agent`` (LangChain's agent loop) over LangChain's own fake chat model, which
replays scripted tool calls; sync ``invoke`` and async ``ainvoke`` alike.
"""

from __future__ import annotations

from typing import Any

import pytest
from langchain.agents import create_agent
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from langchain_core.utils.function_calling import convert_to_openai_tool

from agent_tickets import (
    CASE_IDS,
    CASES,
    Case,
    async_client,
    check_envelope,
    check_text,
    sync_client,
)
from agent_tickets import make_tool as make_ticket_tool
from tool_outcomes import Envelope, Outcome
from tool_outcomes.integrations.langchain import langchain_tool

TOOL = "search_tickets"


class ToolCallingFake(GenericFakeChatModel):
    """LangChain's fake chat model, accepting the tools an agent binds (it replays a script)."""

    def bind_tools(self, tools: Any, **kwargs: Any) -> Any:
        return self


def agent_for(case: Case) -> Any:
    call = {"name": TOOL, "args": case.arguments, "id": "c1", "type": "tool_call"}
    script = iter([AIMessage("", tool_calls=[call]), AIMessage("done")])
    tool = langchain_tool(make_ticket_tool(), client=sync_client(), async_client=async_client())
    return create_agent(ToolCallingFake(messages=script), tools=[tool])


def check_message(case: Case, state: dict[str, Any]) -> None:
    """The model reads content (and status); the application keeps the artifact."""
    (message,) = [m for m in state["messages"] if isinstance(m, ToolMessage)]
    assert message.status == ("error" if case.outcome is Outcome.ACCESS_FAILURE else "success")
    check_text(case, message.text)
    assert isinstance(message.artifact, Envelope)
    check_envelope(case, message.artifact)
    assert state["messages"][-1].content == "done"


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_each_case_comes_back_as_a_tool_message(case: Case) -> None:
    """Through create_agent's loop (sync): status, text and artifact per case."""
    state = agent_for(case).invoke({"messages": [HumanMessage("find refund tickets")]})
    check_message(case, state)


@pytest.mark.asyncio
@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
async def test_each_case_comes_back_as_a_tool_message_async(case: Case) -> None:
    """The same through ainvoke, on the tool's async path."""
    state = await agent_for(case).ainvoke({"messages": [HumanMessage("find refund tickets")]})
    check_message(case, state)


def test_the_model_is_offered_the_tools_own_arguments_schema() -> None:
    """The schema a chat model is bound with is the tool's arguments model."""
    tool = make_ticket_tool()
    offered = convert_to_openai_tool(langchain_tool(tool))["function"]
    assert offered["name"] == TOOL
    assert offered["description"] == "Search helpdesk tickets by text."
    assert offered["parameters"]["required"] == ["query"]
    assert set(offered["parameters"]["properties"]) == set(tool.input_schema()["properties"])


def test_arguments_langchain_cannot_parse_are_still_an_envelope() -> None:
    """A wrong type or a missing field is the tool's invalid_arguments, not a ValidationError."""
    tool = langchain_tool(make_ticket_tool(), client=sync_client())
    call = {"name": TOOL, "args": {"limit": []}, "id": "c9", "type": "tool_call"}
    message = tool.invoke(call)
    assert isinstance(message, ToolMessage)
    assert message.status == "error"
    assert "query: Field required" in message.text
    assert "limit: Input should be a valid integer" in message.text


def test_invoked_without_a_tool_call_it_returns_the_text() -> None:
    """Plain ``invoke(args)`` (no tool call id) returns the words, as LangChain tools do."""
    tool = langchain_tool(make_ticket_tool(), client=sync_client())
    assert tool.invoke({"query": "unicorn"}).startswith("The source was searched")
