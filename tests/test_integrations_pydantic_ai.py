"""A pydantic-ai agent loop puts each outcome on its channel; the application keeps every envelope.

Driven by pydantic-ai's own test models: ``FunctionModel`` scripts the calls (and reads what
comes back), ``TestModel`` calls the tool from the schema it was given.
"""

from __future__ import annotations

import pytest
from pydantic_ai import Agent
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart, ToolReturnPart
from pydantic_ai.models.function import AgentInfo, FunctionModel
from pydantic_ai.models.test import TestModel

from agent_tickets import CASE_IDS, CASES, Case, async_client, check_envelope, check_text
from agent_tickets import make_tool as make_ticket_tool
from tool_outcomes import Envelope, FailureCode, Outcome
from tool_outcomes.integrations.pydantic_ai import pydantic_ai_tool

TOOL = "search_tickets"
FIXED = {"query": "refund"}


def expected_channel(case: Case) -> str:
    """Where pydantic-ai must put the case: retry only for arguments the tool refused."""
    if case.code is FailureCode.INVALID_ARGUMENTS:
        return "retried"
    return "failed" if case.outcome is Outcome.ACCESS_FAILURE else "success"


class ScriptedModel:
    """Calls the tool with the case's arguments; after a retry prompt, with fixed ones."""

    def __init__(self, case: Case) -> None:
        self.case = case
        self.returns: list[ToolReturnPart] = []

    def __call__(self, messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        returned = [p for p in messages[-1].parts if isinstance(p, ToolReturnPart)]
        self.returns.extend(returned)
        if not returned:
            call = ToolCallPart(TOOL, self.case.arguments, tool_call_id="first")
            return ModelResponse(parts=[call])
        if returned[0].outcome == "retried":
            return ModelResponse(parts=[ToolCallPart(TOOL, FIXED, tool_call_id="fixed")])
        return ModelResponse(parts=[TextPart("done")])


@pytest.mark.asyncio
@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
async def test_each_case_reaches_the_model_and_the_application(case: Case) -> None:
    """The model reads the class-matched text on the right channel; the application the envelope."""
    search = pydantic_ai_tool(make_ticket_tool(), client=async_client())
    script = ScriptedModel(case)
    result = await Agent(FunctionModel(script), tools=[search]).run("find refund tickets")

    first = script.returns[0]
    assert first.tool_call_id == "first"
    assert first.outcome == expected_channel(case)
    check_text(case, str(first.content))
    check_envelope(case, search.envelopes["first"])
    if first.outcome == "success":
        # The envelope travels with the return, for the application only.
        assert first.metadata is search.envelopes["first"]
    assert result.output == "done"


@pytest.mark.asyncio
async def test_only_invalid_arguments_ask_the_model_to_retry() -> None:
    """Refused arguments are retried once with fixed ones; the fixed call succeeds."""
    search = pydantic_ai_tool(make_ticket_tool(), client=async_client())
    script = ScriptedModel(next(c for c in CASES if c.name == "invalid_arguments"))
    await Agent(FunctionModel(script), tools=[search]).run("find refund tickets")
    assert [p.outcome for p in script.returns] == ["retried", "success"]
    assert search.envelopes["fixed"].outcome is Outcome.SUCCESS


@pytest.mark.asyncio
@pytest.mark.parametrize("name", ["upstream_400", "login_page", "unavailable"])
async def test_an_upstream_failure_is_never_a_retry_prompt(name: str) -> None:
    """An upstream 400 (or any access failure) is one failed return, not a retry loop."""
    search = pydantic_ai_tool(make_ticket_tool(), client=async_client())
    script = ScriptedModel(next(c for c in CASES if c.name == name))
    result = await Agent(FunctionModel(script), tools=[search]).run("find refund tickets")
    assert [p.outcome for p in script.returns] == ["failed"]
    assert list(search.envelopes) == ["first"]
    assert result.output == "done"


@pytest.mark.asyncio
async def test_the_test_model_sees_the_args_schema_and_its_call_is_classified() -> None:
    """TestModel is given the tool's own arguments schema and calls the tool from it."""
    tool = make_ticket_tool()
    search = pydantic_ai_tool(tool, client=async_client())
    model = TestModel()
    await Agent(model, tools=[search]).run("anything")
    assert model.last_model_request_parameters is not None
    (definition,) = model.last_model_request_parameters.function_tools
    assert definition.name == TOOL
    assert definition.description == "Search helpdesk tickets by text."
    assert definition.parameters_json_schema == tool.input_schema()
    (env,) = search.envelopes.values()
    # TestModel's generated query is not one the helpdesk knows: a classified 500, not a crash.
    assert isinstance(env, Envelope)
    assert env.failure is not None
    assert env.failure.code is FailureCode.SERVER_ERROR


@pytest.mark.asyncio
async def test_envelopes_can_be_kept_in_the_applications_own_mapping() -> None:
    """Passing ``envelopes=`` makes the application's mapping the record."""
    kept: dict[str, Envelope[object]] = {}
    search = pydantic_ai_tool(make_ticket_tool(), client=async_client(), envelopes=kept)
    script = ScriptedModel(CASES[0])
    await Agent(FunctionModel(script), tools=[search]).run("find refund tickets")
    assert search.envelopes is kept
    assert kept["first"].outcome is Outcome.SUCCESS
