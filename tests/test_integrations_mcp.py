"""A tool served over MCP answers every case with a real, schema-valid CallToolResult.

Driven through the MCP client itself: in memory against ``MCPServer`` and a low-level ``Server``,
and over stdio against a subprocess running the README's server.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.server.lowlevel import Server
from mcp.server.mcpserver import MCPServer
from mcp.types import CallToolResult, TextContent

from agent_tickets import CASE_IDS, CASES, Case, Ticket, async_client, check_envelope, check_text
from agent_tickets import make_tool as make_ticket_tool
from tool_outcomes import Envelope, Outcome, envelope_output_schema
from tool_outcomes.integrations.mcp import mcp_tool, register

TOOL = "search_tickets"


def mcpserver() -> MCPServer:
    return MCPServer("tickets", tools=[mcp_tool(make_ticket_tool(), client=async_client())])


def lowlevel_server() -> Server[Any]:
    server: Server[Any] = Server("tickets")
    register(server, make_ticket_tool(), client=async_client())
    return server


SERVERS: dict[str, Callable[[], MCPServer | Server[Any]]] = {
    "MCPServer": mcpserver,
    "Server": lowlevel_server,
}


async def call(client: Client, case: Case) -> CallToolResult:
    result = await client.call_tool(TOOL, case.arguments)
    # The client validates successful results itself; errors are checked here, so every
    # result is proven against the published outputSchema.
    await client.session.validate_tool_result(TOOL, result)
    return result


def check_result(case: Case, result: CallToolResult) -> None:
    """What the model reads (text, isError) and what the application keeps (the envelope)."""
    assert result.is_error is (case.outcome is Outcome.ACCESS_FAILURE)
    (content,) = result.content
    assert isinstance(content, TextContent)
    check_text(case, content.text)
    env = Envelope[list[Ticket]].model_validate(result.structured_content)
    check_envelope(case, env)


@pytest.mark.asyncio
@pytest.mark.parametrize("kind", SERVERS)
async def test_the_listed_tool_declares_the_args_model_and_the_envelope(kind: str) -> None:
    """inputSchema is the tool's arguments model; outputSchema is the envelope's schema."""
    tool = make_ticket_tool()
    async with Client(SERVERS[kind]()) as client:
        listed = await client.list_tools()
    (definition,) = listed.tools
    assert definition.name == TOOL
    assert definition.description == "Search helpdesk tickets by text."
    assert definition.input_schema == tool.input_schema()
    assert definition.output_schema == tool.output_schema()
    assert definition.output_schema == envelope_output_schema(list[Ticket])


@pytest.mark.asyncio
@pytest.mark.parametrize("kind", SERVERS)
@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
async def test_every_case_comes_back_as_a_call_tool_result(kind: str, case: Case) -> None:
    """Each upstream case and bad arguments: the right text, error flag and envelope."""
    async with Client(SERVERS[kind]()) as client:
        result = await call(client, case)
    check_result(case, result)


@pytest.mark.asyncio
async def test_a_partial_is_resumed_by_calling_again_with_its_cursor() -> None:
    """The cursor the text names, passed back as the argument, fetches the next page."""
    async with Client(mcpserver()) as client:
        first = await client.call_tool(TOOL, {"query": "invoice"})
        cursor = Envelope[list[Ticket]].model_validate(first.structured_content).coverage
        assert cursor is not None
        assert cursor.next_cursor == "/api/tickets/?page=2&search=invoice"
        second = await client.call_tool(TOOL, {"query": "invoice", "cursor": cursor.next_cursor})
    env = Envelope[list[Ticket]].model_validate(second.structured_content)
    assert env.data is not None
    assert [t.id for t in env.data] == list(range(25, 50))
    assert env.coverage is not None
    assert env.coverage.next_cursor == "/api/tickets/?page=3&search=invoice"


@pytest.mark.asyncio
async def test_register_adds_tools_to_an_existing_mcpserver() -> None:
    """One call adds the tool next to the server's own tools, answering with envelopes."""
    server = MCPServer("tickets")

    @server.tool()
    def ping() -> str:
        return "pong"

    register(server, make_ticket_tool(), client=async_client())
    async with Client(server) as client:
        names = {t.name for t in (await client.list_tools()).tools}
        result = await call(client, CASES[0])
    assert names == {"ping", TOOL}
    check_result(CASES[0], result)


@pytest.mark.asyncio
async def test_register_on_a_lowlevel_server_keeps_its_other_tools() -> None:
    """A low-level server's earlier handlers still list and answer their own tools."""
    from mcp.server.context import ServerRequestContext
    from mcp.types import CallToolRequestParams, ListToolsResult, PaginatedRequestParams
    from mcp.types import Tool as ToolDefinition

    own = ToolDefinition(name="ping", input_schema={"type": "object"})

    async def list_own(
        ctx: ServerRequestContext[Any], params: PaginatedRequestParams | None
    ) -> ListToolsResult:
        return ListToolsResult(tools=[own])

    async def call_own(ctx: ServerRequestContext[Any], params: CallToolRequestParams) -> Any:
        return CallToolResult(content=[TextContent(type="text", text="pong")])

    server: Server[Any] = Server("tickets", on_list_tools=list_own, on_call_tool=call_own)
    register(server, make_ticket_tool(), client=async_client())
    async with Client(server) as client:
        names = [t.name for t in (await client.list_tools()).tools]
        pong = await client.call_tool("ping", {})
        result = await call(client, CASES[0])
    assert names == ["ping", TOOL]
    assert pong.content == [TextContent(type="text", text="pong")]
    check_result(CASES[0], result)


def test_register_refuses_what_is_not_a_server() -> None:
    """Anything but an MCPServer or a low-level Server is a clear TypeError."""
    with pytest.raises(TypeError, match="MCPServer or a low-level Server"):
        register(object(), make_ticket_tool())  # type: ignore[arg-type]


README = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")


def stdio_server_script(tmp_path: Path) -> Path:
    """The README's tool and its stdio server, with the helpdesk mocked by respx (no network)."""
    from test_readme import readme_block

    serve = readme_block("mcp-stdio")
    assert len([line for line in serve.splitlines() if line.strip()]) < 10
    script = tmp_path / "server.py"
    script.write_text(
        "\n".join(
            [
                "import respx, httpx",
                "router = respx.mock(assert_all_called=False)",
                "router.get('https://support.example.com/api/tickets/').mock(side_effect=lambda r:",
                "    httpx.Response(200, json={'count': 180,",
                "        'next': 'https://support.example.com/api/tickets/?page=2',",
                "        'results': [{'id': i, 'subject': f'refund #{i}'} for i in range(25)]})",
                "    if r.url.params['search'] == 'refund'",
                "    else httpx.Response(200, text='<html><title>Sign in</title></html>',",
                "        headers={'content-type': 'text/html'}))",
                "router.start()",
                readme_block("define"),
                serve,
            ]
        ),
        encoding="utf-8",
    )
    return script


@pytest.mark.asyncio
async def test_the_readme_stdio_server_answers_over_a_real_subprocess(tmp_path: Path) -> None:
    """The README's few lines serve the tool over stdio; a client gets envelopes back."""
    script = stdio_server_script(tmp_path)
    params = StdioServerParameters(command=sys.executable, args=[str(script)], cwd=str(tmp_path))
    async with Client(params) as client:
        (definition,) = (await client.list_tools()).tools
        partial = await client.call_tool("search_tickets", {"query": "refund"})
        login = await client.call_tool("search_tickets", {"query": "status"})
        await client.session.validate_tool_result("search_tickets", login)
        refused = await client.call_tool("search_tickets", {"limit": 5})
    assert definition.output_schema is not None
    assert definition.output_schema["required"] == ["outcome"]
    assert partial.is_error is False
    assert partial.structured_content is not None
    assert partial.structured_content["outcome"] == "partial"
    assert partial.structured_content["coverage"]["total"] == 180
    assert login.is_error is True
    assert login.structured_content is not None
    assert login.structured_content["failure"]["code"] == "invalid_body"
    (text,) = login.content
    assert isinstance(text, TextContent)
    assert "most likely a login page" in text.text
    assert refused.structured_content is not None
    assert refused.structured_content["failure"]["code"] == "invalid_arguments"
