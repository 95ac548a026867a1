"""Give a :class:`~tool_outcomes.Tool` to a pydantic-ai ``Agent``: each outcome on its own channel.

::

    from pydantic_ai import Agent
    from tool_outcomes.integrations.pydantic_ai import pydantic_ai_tool

    search = pydantic_ai_tool(search_tickets)
    agent = Agent("openai:gpt-5", tools=[search])

What each outcome becomes:

============================  ===============================================================
``success``, ``empty``,       a tool return: the model reads :func:`~tool_outcomes.to_text`,
``partial``                   the application finds the envelope as the part's ``metadata``
``access_failure``            :class:`ToolFailed` (a failed tool return, not retried): the model
                              reads the text, which says whether a later call may help
``invalid_arguments``         :class:`~pydantic_ai.exceptions.ModelRetry`: the model is asked to
                              call again, told exactly which fields to fix
============================  ===============================================================

Only arguments the tool itself refused ask the model to retry. An upstream's HTTP 400
(``bad_request``) is a failure like any other: retrying it with the same arguments cannot help,
and asking for retries would spend the run's retry budget until it fails.

The application finds every envelope, failures included: ``tool.envelopes`` maps each call's
``tool_call_id`` to its envelope (pydantic-ai's failed returns carry no metadata). It keeps the
latest ``KEPT_ENVELOPES`` (1024) calls, so a long-running server does not grow without bound;
pass your own mapping as ``envelopes=`` to keep them some other way.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from dataclasses import replace
from typing import Any, cast

import httpx

from tool_outcomes.adapter import Tool
from tool_outcomes.envelope import Envelope, FailureCode, Outcome
from tool_outcomes.observe import framework_call
from tool_outcomes.render import to_text

from ._arguments import as_keywords, from_keywords, parse_arguments
from ._extra import missing_extra
from ._recent import KEPT_ENVELOPES, RecentEnvelopes

try:
    from pydantic_ai import RunContext, ToolReturn
    from pydantic_ai import Tool as PydanticAITool
    from pydantic_ai.exceptions import ModelRetry, ToolFailed
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise missing_extra("pydantic_ai", "pydantic-ai") from exc

__all__ = ["EnvelopeFailed", "OutcomeTool", "pydantic_ai_tool"]


class EnvelopeFailed(ToolFailed):
    """The :class:`ToolFailed` an access failure raises, carrying its envelope for hooks."""

    def __init__(self, message: str, envelope: Envelope[Any]) -> None:
        super().__init__(message)
        self.envelope = envelope


class OutcomeTool(PydanticAITool[Any]):
    """A pydantic-ai ``Tool`` that also keeps every envelope it produced, by tool call id."""

    envelopes: MutableMapping[str, Envelope[Any]]
    """``tool_call_id`` → envelope for each call (failures too): the latest
    ``KEPT_ENVELOPES`` unless you passed your own mapping."""


def pydantic_ai_tool(
    tool: Tool[Any, Any],
    *,
    client: httpx.AsyncClient | None = None,
    envelopes: MutableMapping[str, Envelope[Any]] | None = None,
) -> OutcomeTool:
    """``tool`` as a pydantic-ai ``Tool``: its schema, its words, its outcome on the right channel.

    Args:
        tool: The tool to hand to an ``Agent``.
        client: The client a request-building handler sends on; without one the tool opens its
            own for each call (on the run's event loop).
        envelopes: Where to keep each call's envelope by ``tool_call_id`` (if not given, a
            map of the latest ``KEPT_ENVELOPES``); also ``result.tool.envelopes``.

    Returns:
        An :class:`OutcomeTool` for ``Agent(tools=[...])``.
    """
    kept: MutableMapping[str, Envelope[Any]] = (
        RecentEnvelopes(KEPT_ENVELOPES) if envelopes is None else envelopes
    )

    # ctx positional-only: a model's argument named "ctx" is an argument like any other.
    async def run(ctx: RunContext[Any], /, **arguments: Any) -> ToolReturn[str]:
        with framework_call(ctx.tool_call_id):
            env = await tool.acall(from_keywords(arguments), client=client)
        if ctx.tool_call_id is not None:
            kept[ctx.tool_call_id] = env
        text = to_text(env)
        failure = env.failure
        if failure is not None and failure.code is FailureCode.INVALID_ARGUMENTS:
            raise ModelRetry(text)
        if env.outcome is Outcome.ACCESS_FAILURE:
            raise EnvelopeFailed(text, env)
        return ToolReturn(return_value=text, metadata=env)

    built = OutcomeTool.from_schema(
        run,
        name=tool.name,
        description=tool.description or None,
        json_schema=tool.input_schema(),
        takes_ctx=True,
    )
    # The tool judges its own arguments: pydantic-ai's validator is replaced by one that hands
    # on whatever the model sent (pydantic-ai's own would answer text that is not JSON with its
    # retry prompt, and JSON that is not an object with a TypeError). Tool.function_schema is a
    # public attribute; its class lives in a private module, so it is replaced, not built.
    built.function_schema = replace(built.function_schema, validator=cast(Any, _AnyArguments()))
    built.envelopes = kept
    return built


class _AnyArguments:
    """pydantic-ai's argument validator for a tool that validates its own arguments: any JSON
    text or value becomes keywords (:func:`as_keywords`), never a validation error."""

    def validate_json(self, input: str | bytes | bytearray, **options: Any) -> dict[str, Any]:
        return as_keywords(parse_arguments(bytes(input) if isinstance(input, bytearray) else input))

    def validate_python(self, input: Any, **options: Any) -> dict[str, Any]:
        return as_keywords(input)
