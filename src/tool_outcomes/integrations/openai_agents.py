"""Give a :class:`~tool_outcomes.Tool` to the OpenAI Agents SDK as a class-matched ``FunctionTool``.

::

    from agents import Agent
    from tool_outcomes.integrations.openai_agents import openai_agents_tool

    agent = Agent(name="support", tools=[openai_agents_tool(search_tickets)])

The SDK has no error channel for a function tool's output, so the words carry the class: the
model reads :func:`~tool_outcomes.to_text`, whose first line says ``NO ANSWER`` or
``PARTIAL RESULT`` when the outcome is not a complete answer. The application finds the envelope's
JSON as ``custom_data["envelope"]`` on the run's ``ToolCallOutputItem`` (never sent to the
model): ``Envelope[list[Ticket]].model_validate(item.custom_data["envelope"])`` rebuilds it.

Strict mode (the SDK's default) makes every property required. So that an optional argument
stays optional, each argument with a default is published as nullable, and a ``null`` from the
model means "use the default". Only top-level arguments are treated so; an optional field of a
nested object is required under strict mode (pass ``strict=False`` for such a tool).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

import httpx

from tool_outcomes.adapter import Tool
from tool_outcomes.observe import framework_call
from tool_outcomes.render import to_text

from ._arguments import parse_arguments
from ._extra import missing_extra
from ._recent import KEPT_ENVELOPES, RecentEnvelopes

try:
    from agents import FunctionTool
    from agents.tool import FunctionToolCustomDataContext
    from agents.tool_context import ToolContext
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise missing_extra("openai_agents", "openai-agents") from exc

__all__ = ["openai_agents_tool"]


def openai_agents_tool(
    tool: Tool[Any, Any],
    *,
    client: httpx.AsyncClient | None = None,
    strict: bool = True,
) -> FunctionTool:
    """``tool`` as an Agents SDK ``FunctionTool`` whose output is the class-matched text.

    Args:
        tool: The tool to hand to an ``Agent``.
        client: The client a request-building handler sends on; without one the tool opens its
            own for each call.
        strict: Publish a strict JSON schema (optional top-level arguments become nullable).

    Returns:
        The ``FunctionTool``.
    """
    schema = tool.input_schema()
    optional = frozenset(schema.get("properties", {})) - frozenset(schema.get("required", ()))
    published = _nullable(schema, optional) if strict else schema

    # Envelopes between the call and the SDK's extractor, which attaches them to the output item
    # and forgets them; a call the extractor never sees (a direct call) is forgotten after
    # KEPT_ENVELOPES later ones.
    pending: RecentEnvelopes = RecentEnvelopes(KEPT_ENVELOPES)

    async def invoke(ctx: ToolContext[Any], raw: str) -> str:
        arguments = _arguments(raw, optional if strict else frozenset())
        with framework_call(ctx.tool_call_id):
            env = await tool.acall(arguments, client=client)
        pending[ctx.tool_call_id] = env
        return to_text(env)

    def envelope_data(context: FunctionToolCustomDataContext) -> dict[str, Any] | None:
        env = pending.pop(context.tool_context.tool_call_id, None)
        # The SDK keeps custom data as JSON: the envelope's JSON, which validates back into it.
        return None if env is None else {"envelope": env.model_dump(mode="json", by_alias=True)}

    return FunctionTool(
        name=tool.name,
        description=tool.description,
        params_json_schema=published,
        on_invoke_tool=invoke,
        strict_json_schema=strict,
        custom_data_extractor=envelope_data,
    )


def _nullable(schema: Mapping[str, Any], optional: frozenset[str]) -> dict[str, Any]:
    """The schema with each optional property also accepting ``null`` (strict makes it required)."""
    published = copy.deepcopy(dict(schema))
    properties = published.get("properties", {})
    for name in optional:
        prop = properties[name]
        branches = prop.pop("anyOf", None) or [
            {k: v for k, v in prop.items() if k not in ("title", "description", "default")}
        ]
        if {"type": "null"} not in branches:
            branches.append({"type": "null"})
        kept = {k: v for k, v in prop.items() if k in ("title", "description", "default")}
        properties[name] = {**kept, "anyOf": branches}
    return published


def _arguments(raw: str, optional: frozenset[str]) -> object:
    """The model's JSON arguments, a ``null`` for an optional one meaning "use the default".

    Text that is not JSON, or JSON nested deeper than the parser goes, is handed to the tool as
    it is: its own validation says what is wrong (``invalid_arguments``).
    """
    arguments = parse_arguments(raw)
    if isinstance(arguments, dict):
        return {k: v for k, v in arguments.items() if not (v is None and k in optional)}
    return arguments
