"""Serve a :class:`~tool_outcomes.Tool` over MCP (``mcp`` 2.x), on ``MCPServer`` or ``Server``.

Five lines make a stdio server::

    from mcp.server.mcpserver import MCPServer
    from tool_outcomes.integrations.mcp import mcp_tool

    MCPServer("tickets", tools=[mcp_tool(search_tickets)]).run()

Each call returns a real ``CallToolResult``: the words of :func:`~tool_outcomes.to_text` as its
text content, the envelope as ``structuredContent`` and ``isError`` exactly for an
``access_failure``. The listed tool's ``inputSchema`` is the tool's arguments model and its
``outputSchema`` is :meth:`Tool.output_schema` (the same schema as
``envelope_output_schema(tool.result_model)``), so a client validates every result against it.
The tool judges its own arguments: bad ones come back as an ``invalid_arguments`` envelope that
names the fields, not as the server's own validation error.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import httpx
from pydantic import ConfigDict

from tool_outcomes.adapter import Tool
from tool_outcomes.envelope import Envelope
from tool_outcomes.observe import framework_call
from tool_outcomes.wire import to_mcp

from ._extra import missing_extra

try:
    from mcp.server.context import ServerRequestContext
    from mcp.server.lowlevel import Server
    from mcp.server.mcpserver import Context, MCPServer
    from mcp.server.mcpserver.tools import Tool as MCPServerTool
    from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase, FuncMetadata
    from mcp.types import (
        CallToolRequestParams,
        CallToolResult,
        ListToolsResult,
        PaginatedRequestParams,
    )
    from mcp.types import Tool as ToolDefinition
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise missing_extra("mcp", "mcp") from exc

__all__ = ["call_tool_result", "mcp_tool", "register", "tool_definition"]


async def call_tool_result(
    tool: Tool[Any, Any],
    arguments: Mapping[str, Any] | None,
    *,
    client: httpx.AsyncClient | None = None,
    request_id: str | int | None = None,
) -> CallToolResult:
    """Run ``tool`` on the arguments an MCP client sent and answer with a ``CallToolResult``.

    Args:
        tool: The tool to run.
        arguments: The ``arguments`` of the ``tools/call`` request (``None`` means none).
        client: The client a request-building handler sends on; without one the tool opens its own.
        request_id: The JSON-RPC id of the ``tools/call`` request, kept as the envelope's and
            the trace's ``tool_call_id``.

    Returns:
        The result: text, the envelope as ``structuredContent``, ``isError`` for an access failure.
    """
    # Whatever the client sent (a list, a string, a deep nest) is the tool's to validate.
    given: object = {} if arguments is None else arguments
    with framework_call(request_id):
        env = await tool.acall(dict(given) if isinstance(given, Mapping) else given, client=client)
    return CallToolResult.model_validate(to_mcp(env))


def tool_definition(tool: Tool[Any, Any]) -> ToolDefinition:
    """The MCP ``Tool`` a ``tools/list`` answer carries for ``tool``.

    Args:
        tool: The tool to describe.

    Returns:
        Its name, description, ``inputSchema`` (the arguments model) and ``outputSchema``
        (the envelope).
    """
    return ToolDefinition(
        name=tool.name,
        description=tool.description or None,
        input_schema=tool.input_schema(),
        output_schema=tool.output_schema(),
    )


class _Unjudged(ArgModelBase):
    """Every argument as sent: the tool's own arguments model judges them, in an envelope."""

    model_config = ConfigDict(extra="allow", arbitrary_types_allowed=True)

    def model_dump_one_level(self) -> dict[str, Any]:
        return {"arguments": dict(self.model_extra or {})}


def mcp_tool(tool: Tool[Any, Any], *, client: httpx.AsyncClient | None = None) -> MCPServerTool:
    """``tool`` as an ``MCPServer`` tool, for ``MCPServer(..., tools=[mcp_tool(tool)])``.

    Args:
        tool: The tool to serve.
        client: The client a request-building handler sends on; without one the tool opens its own.

    Returns:
        An ``MCPServer`` tool whose schemas are the tool's and whose results are its envelopes.
    """
    model = tool.result_model if tool.result_model is not None else Any

    async def run(arguments: dict[str, Any], ctx: Context[Any, Any]) -> CallToolResult:
        return await call_tool_result(tool, arguments, client=client, request_id=ctx.request_id)

    return MCPServerTool(
        fn=run,
        name=tool.name,
        description=tool.description,
        parameters=tool.input_schema(),
        fn_metadata=FuncMetadata(
            arg_model=_Unjudged,
            output_schema=tool.output_schema(),
            output_model=Envelope[model],  # type: ignore[valid-type]
        ),
        is_async=True,
        context_kwarg="ctx",
    )


def register(
    server: MCPServer | Server[Any],
    *tools: Tool[Any, Any],
    client: httpx.AsyncClient | None = None,
) -> None:
    """Add ``tools`` to a running-to-be server, ``MCPServer`` or low-level ``Server``, in one call.

    On a low-level ``Server`` the ``tools/list`` and ``tools/call`` handlers are wrapped: these
    tools are listed after any the server already had, and a call to any other name goes to the
    handler that was there before.

    Args:
        server: The server to add the tools to.
        *tools: The tools.
        client: The client a request-building handler sends on; without one each tool opens its own.

    Raises:
        ValueError: if two of ``tools`` share a name.
        TypeError: if ``server`` is neither an ``MCPServer`` nor a low-level ``Server``.
    """
    by_name = {t.name: t for t in tools}
    if len(by_name) != len(tools):
        raise ValueError(f"tool names must be unique, got {[t.name for t in tools]}")
    if isinstance(server, MCPServer):
        # MCPServer accepts ready Tool objects only in its constructor; its manager holds them.
        registered = server._tool_manager._tools
        for tool in tools:
            registered[tool.name] = mcp_tool(tool, client=client)
        return
    if not isinstance(server, Server):
        raise TypeError(f"register() needs an MCPServer or a low-level Server, got {server!r}")
    _register_lowlevel(server, by_name, client)


def _register_lowlevel(
    server: Server[Any], tools: Mapping[str, Tool[Any, Any]], client: httpx.AsyncClient | None
) -> None:
    previous_list = server.get_request_handler("tools/list")
    previous_call = server.get_request_handler("tools/call")
    definitions: Sequence[ToolDefinition] = [tool_definition(t) for t in tools.values()]

    async def list_tools(
        ctx: ServerRequestContext[Any], params: PaginatedRequestParams | None
    ) -> ListToolsResult:
        listed: list[ToolDefinition] = []
        if previous_list is not None:
            earlier = await previous_list.handler(ctx, params)
            if isinstance(earlier, ListToolsResult):
                listed.extend(t for t in earlier.tools if t.name not in tools)
        return ListToolsResult(tools=[*listed, *definitions])

    async def call_tool(ctx: ServerRequestContext[Any], params: CallToolRequestParams) -> Any:
        tool = tools.get(params.name)
        if tool is not None:
            return await call_tool_result(
                tool, params.arguments, client=client, request_id=ctx.request_id
            )
        if previous_call is not None:
            return await previous_call.handler(ctx, params)
        return CallToolResult.model_validate(
            {
                "content": [{"type": "text", "text": f"Unknown tool: {params.name!r}."}],
                "isError": True,
            }
        )

    server.add_request_handler("tools/list", PaginatedRequestParams, list_tools)
    server.add_request_handler("tools/call", CallToolRequestParams, call_tool)
