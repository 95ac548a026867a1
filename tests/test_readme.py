"""The README's examples run as written."""

import asyncio
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from tool_outcomes import Outcome

README = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")


def readme_block(label: str) -> str:
    """The code of the README example marked ``<!-- readme-example: label -->``."""
    match = re.search(rf"<!-- readme-example: {label} -->\s*```python\n(.*?)```", README, re.S)
    assert match, f"README has no '{label}' example"
    return match.group(1)


_block = readme_block


def test_the_wrapped_tool_is_under_fifteen_lines() -> None:
    """Wrapping a real-looking tool takes fewer than 15 lines of code."""
    lines = [line for line in _block("define").splitlines() if line.strip()]
    assert len(lines) < 15 + 3  # the three import lines are not the wrapping


def test_the_readme_example_classifies_a_paginated_answer() -> None:
    """The README's tool, against a mocked upstream, reports 25 of 180 as partial."""
    namespace: dict[str, Any] = {}
    exec(_block("define"), namespace)  # the README's own code, run as a reader would

    def upstream(request: httpx.Request) -> httpx.Response:
        assert request.url.params["search"] == "refund"
        results = [{"id": i, "subject": f"refund #{i}"} for i in range(25)]
        page = {"count": 180, "next": "https://support.example.com/api/tickets/?page=2"}
        return httpx.Response(200, json={**page, "results": results})

    use = _block("use").replace("httpx.Client(timeout=5)", "httpx.Client(transport=transport)")
    namespace["transport"] = httpx.MockTransport(upstream)
    exec(use, namespace)
    env = namespace["env"]
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage.returned == 25
    assert env.coverage.total == 180
    assert namespace["block"]["is_error"] is False


@pytest.mark.parametrize("label", ["classify", "fields"])
def test_the_readme_snippets_run_as_written(label: str) -> None:
    """The README's short examples execute, and their asserts hold."""
    exec(_block(label), {})


# -- "Use it with …": each framework's snippet, run against that framework's own test model ------

HELPDESK = "https://support.example.com/api/tickets/"


def helpdesk(request: httpx.Request) -> httpx.Response:
    """Page 1 of 180 for the README's query."""
    results = [{"id": i, "subject": f"refund #{i}"} for i in range(25)]
    return httpx.Response(
        200, json={"count": 180, "next": f"{HELPDESK}?page=2", "results": results}
    )


def run_with_model(label: str, model: object) -> dict[str, Any]:
    """Run the README's tool and one framework snippet, its ``model = …`` line given ``model``."""
    import respx

    namespace: dict[str, Any] = {}
    exec(_block("define"), namespace)
    code = _block(label)
    model_line = re.compile(r"^model = .*$", re.M)
    assert len(model_line.findall(code)) == 1, "the snippet names its model on one line"
    namespace["model"] = model
    # A framework's run_sync may adopt the thread's event loop and leave it open on purpose:
    # give it one this test owns and closes.
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        with respx.mock(assert_all_called=True) as router:
            router.get(HELPDESK).mock(side_effect=helpdesk)
            exec(model_line.sub("", code), namespace)
    finally:
        asyncio.set_event_loop(None)
        loop.close()
    return namespace


def test_the_pydantic_ai_snippet_keeps_every_envelope() -> None:
    """The README's pydantic-ai agent calls the tool; the application reads its outcome."""
    from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart
    from pydantic_ai.models.function import AgentInfo, FunctionModel

    def model(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        if len(messages) == 1:
            return ModelResponse(
                parts=[ToolCallPart("search_tickets", {"query": "refund"}, tool_call_id="c1")]
            )
        return ModelResponse(parts=[TextPart("25 so far, more pages remain.")])

    namespace = run_with_model("pydantic-ai", FunctionModel(model))
    assert namespace["outcomes"] == {"c1": Outcome.PARTIAL}


def test_the_langchain_snippet_answers_with_the_envelope_as_artifact() -> None:
    """The README's LangChain agent gets a ToolMessage whose artifact is the envelope."""
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
    from langchain_core.messages import AIMessage, ToolMessage

    class ToolCallingFake(GenericFakeChatModel):
        def bind_tools(self, tools: Any, **kwargs: Any) -> Any:
            return self

    call = {"name": "search_tickets", "args": {"query": "refund"}, "id": "c1"}
    script = iter([AIMessage("", tool_calls=[call]), AIMessage("25 so far.")])
    namespace = run_with_model("langchain", ToolCallingFake(messages=script))
    (message,) = [m for m in namespace["state"]["messages"] if isinstance(m, ToolMessage)]
    assert message.status == "success"
    assert message.artifact.outcome is Outcome.PARTIAL


def test_the_openai_agents_snippet_reads_the_class_in_the_words() -> None:
    """The README's Agents SDK agent reads PARTIAL RESULT; custom_data holds the envelope."""
    from agents import set_tracing_disabled
    from agents.items import ToolCallOutputItem
    from agents.testing import ScriptedModel, assistant_message, function_call

    set_tracing_disabled(True)
    script = ScriptedModel(
        [
            [function_call("search_tickets", {"query": "refund", "limit": None}, call_id="c1")],
            [assistant_message("25 so far.")],
        ]
    )
    namespace = run_with_model("openai-agents", script)
    (item,) = [i for i in namespace["result"].new_items if isinstance(i, ToolCallOutputItem)]
    assert item.output.startswith("PARTIAL RESULT")
    assert item.custom_data is not None
    assert item.custom_data["envelope"]["outcome"] == "partial"
