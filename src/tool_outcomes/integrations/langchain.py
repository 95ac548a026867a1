"""Give a :class:`~tool_outcomes.Tool` to LangChain: a ``StructuredTool`` carrying the outcome.

::

    from langchain.agents import create_agent
    from tool_outcomes.integrations.langchain import langchain_tool

    agent = create_agent(model, tools=[langchain_tool(search_tickets)])

Called with a tool call (as every agent loop does), the tool answers with a ``ToolMessage``
whose ``content`` is :func:`~tool_outcomes.to_text`, whose ``artifact`` is the envelope (kept by
the application, never sent to the model) and whose ``status`` is ``"error"`` exactly for an
``access_failure``. The tool's arguments schema is the one the model sees, but the tool judges
the arguments itself, so bad ones come back as an ``invalid_arguments`` envelope naming the
fields, not as a ``ValidationError`` raised inside LangChain.
"""

from __future__ import annotations

import inspect
from typing import Any

import httpx

from tool_outcomes.adapter import Tool
from tool_outcomes.envelope import Envelope, Outcome
from tool_outcomes.observe import framework_call
from tool_outcomes.render import to_text

from ._arguments import as_keywords, from_keywords
from ._extra import missing_extra

try:
    from langchain_core.messages import ToolMessage
    from langchain_core.runnables import RunnableConfig
    from langchain_core.tools import StructuredTool
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise missing_extra("langchain", "langchain") from exc

__all__ = ["OutcomeStructuredTool", "langchain_tool"]


class OutcomeStructuredTool(StructuredTool):
    """A ``StructuredTool`` whose ``ToolMessage`` is an error exactly when its envelope is one.

    The tool call's ``id`` (LangChain's ``tool_call_id``) is kept as the envelope's and the
    trace's ``tool_call_id``. Arguments LangChain cannot handle itself (a tool call whose
    ``args`` is not an object, an input nested past what its callbacks print) are carried past
    it to the tool, which answers ``invalid_arguments``.
    """

    def invoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        return super().invoke(_passable(input), config, **kwargs)

    async def ainvoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        return await super().ainvoke(_passable(input), config, **kwargs)

    def run(self, tool_input: Any, *args: Any, **kwargs: Any) -> Any:
        with framework_call(kwargs.get("tool_call_id")):
            return _with_status(super().run(_keywords(tool_input), *args, **kwargs))

    async def arun(self, tool_input: Any, *args: Any, **kwargs: Any) -> Any:
        with framework_call(kwargs.get("tool_call_id")):
            return _with_status(await super().arun(_keywords(tool_input), *args, **kwargs))


# The names StructuredTool passes to its own _run/_arun besides the arguments: a model's
# argument named "self" would otherwise be "got multiple values for argument 'self'".
_RESERVED = frozenset(
    name
    for method in (StructuredTool._run, StructuredTool._arun)
    for name, parameter in inspect.signature(method).parameters.items()
    if parameter.kind not in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD)
)


def _keywords(arguments: Any) -> dict[str, Any]:
    return as_keywords(arguments, _RESERVED)


def _passable(given: Any) -> Any:
    """A tool call with its ``args`` as keywords LangChain can copy and print (any other input
    is made so in ``run``)."""
    if isinstance(given, dict) and given.get("type") == "tool_call":
        return {**given, "args": _keywords(given.get("args"))}
    return given


def _with_status(output: Any) -> Any:
    """Mark a tool message ``status="error"`` when its artifact is an access failure."""
    if (
        isinstance(output, ToolMessage)
        and isinstance(output.artifact, Envelope)
        and output.artifact.outcome is Outcome.ACCESS_FAILURE
    ):
        return output.model_copy(update={"status": "error"})
    return output


def langchain_tool(
    tool: Tool[Any, Any],
    *,
    client: httpx.Client | None = None,
    async_client: httpx.AsyncClient | None = None,
) -> OutcomeStructuredTool:
    """``tool`` as a LangChain tool: text for the model, the envelope as the message's artifact.

    Args:
        tool: The tool to hand to an agent.
        client: The client a request-building handler sends on when LangChain runs the tool
            synchronously (``invoke``); without one the tool opens its own for each call.
        async_client: The same for ``ainvoke``.

    Returns:
        An :class:`OutcomeStructuredTool` (``response_format="content_and_artifact"``).
    """

    def run(**arguments: Any) -> tuple[str, Envelope[Any]]:
        env = tool.call(from_keywords(arguments), client=client)
        return to_text(env), env

    async def arun(**arguments: Any) -> tuple[str, Envelope[Any]]:
        env = await tool.acall(from_keywords(arguments), client=async_client)
        return to_text(env), env

    return OutcomeStructuredTool(
        name=tool.name,
        description=tool.description or tool.name,
        # A JSON Schema (not the model class): LangChain passes the arguments through unjudged,
        # and the tool's own validation answers in an envelope.
        args_schema=tool.input_schema(),
        func=run,
        coroutine=arun,
        response_format="content_and_artifact",
    )
