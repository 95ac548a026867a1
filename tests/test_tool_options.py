"""A tool a model can act on: callable, its own client, its cursor argument, its host kept back."""

from __future__ import annotations

import logging
from typing import Any

import httpx
import pytest
import respx
from pydantic import BaseModel

from agent_tickets import UPSTREAM, Search, Ticket, make_tool, upstream
from tool_outcomes import (
    Coverage,
    Envelope,
    Failure,
    FailureCode,
    FailureKind,
    Outcome,
    to_anthropic,
    to_mcp,
    to_openai,
    to_text,
    tool,
)


@pytest.fixture
def helpdesk() -> Any:
    """The helpdesk mocked for clients the tool opens itself (respx patches every client)."""
    with respx.mock(assert_all_called=False) as router:
        router.get(host="tickets.internal").mock(side_effect=upstream)
        yield router


def test_a_tool_is_callable_and_opens_its_own_client(helpdesk: Any) -> None:
    """``tool(query=...)`` needs no client: the tool opens one for the call."""
    env = make_tool()(query="refund")
    assert env.outcome is Outcome.SUCCESS
    assert env.data == [Ticket(id=1, subject="refund for order 7"), Ticket(id=2, subject="refund")]
    assert helpdesk.calls.call_count == 1


@pytest.mark.asyncio
async def test_acall_opens_its_own_async_client_too(helpdesk: Any) -> None:
    """``await tool.acall(...)`` with no client opens one on the running loop."""
    env = await make_tool().acall(query="unicorn")
    assert env.outcome is Outcome.EMPTY


def test_a_client_passed_in_is_used_and_left_open() -> None:
    """The caller's client carries the request and is not closed by the tool."""
    with httpx.Client(transport=httpx.MockTransport(upstream)) as client:
        env = make_tool()({"query": "refund"}, client=client)
        assert not client.is_closed
    assert env.outcome is Outcome.SUCCESS


def test_refused_arguments_name_each_field_and_say_to_fix_them() -> None:
    """invalid_arguments (not an upstream's bad_request) names the fields and what to fix."""
    env = make_tool()(limit="many")
    assert env.failure is not None
    assert env.failure.code is FailureCode.INVALID_ARGUMENTS
    assert env.failure.http_status is None
    text = to_text(env)
    assert "query: Field required" in text
    assert "limit: Input should be a valid integer" in text
    assert "Fix exactly those and call again" in text


def test_an_upstream_400_stays_bad_request(helpdesk: Any) -> None:
    """The upstream's own 400 is bad_request, with its status, and says not to repeat the call."""
    env = make_tool()(query="malformed")
    assert env.failure is not None
    assert env.failure.code is FailureCode.BAD_REQUEST
    assert env.failure.http_status == 400
    assert "Do not retry with the same arguments." in to_text(env)


def test_a_partial_names_the_cursor_argument_and_the_handler_receives_it(helpdesk: Any) -> None:
    """The text says to call again with cursor=…; doing so fetches the next page."""
    search = make_tool(target="full")
    first = search(query="invoice")
    assert first.coverage is not None
    assert first.coverage.cursor_argument == "cursor"
    cursor = first.coverage.next_cursor
    assert cursor == f"{UPSTREAM}?page=2&search=invoice"
    assert f'and cursor set to "{cursor}".' in to_text(first)
    second = search(query="invoice", cursor=cursor)
    assert second.data is not None
    assert second.data[0].id == 25
    assert helpdesk.calls.last.request.url.params["page"] == "2"


def test_a_cursor_that_names_no_argument_is_refused_at_declaration() -> None:
    """``cursor=`` must name a field of the arguments model, or the handler could not get it."""
    with pytest.raises(ValueError, match="names no field of Search"):

        @tool(args=Search, cursor="page_token")
        def search(args: Search) -> list[int]:
            return [1]


def test_without_a_cursor_argument_the_partial_says_resume_from() -> None:
    """A tool with no cursor argument keeps the plain resume line."""

    class Args(BaseModel):
        q: str

    @tool(args=Args)
    def paged(args: Args) -> Envelope[Any]:
        coverage = Coverage(returned=1, total=2, next_cursor="p2", truncated_by="next_page")
        return Envelope[Any](outcome=Outcome.PARTIAL, data=[1], coverage=coverage)

    env = paged(q="x")
    assert env.coverage is not None
    assert env.coverage.cursor_argument is None
    assert 'resume from cursor "p2".' in to_text(env)


@pytest.mark.parametrize(
    ("view", "shown", "cursor"),
    [
        ("full", f'target "{UPSTREAM}?search=invoice&page_size=20"', f"{UPSTREAM}?page=2"),
        ("path", 'target "/api/tickets/"', "/api/tickets/?page=2"),
        ("omit", 'From: tool "search_tickets".', "/api/tickets/?page=2"),
    ],
)
def test_the_target_option_keeps_the_host_from_the_model_but_not_the_trace(
    helpdesk: Any, caplog: pytest.LogCaptureFixture, view: str, shown: str, cursor: str
) -> None:
    """Under path/omit no rendering names the host; the trace record keeps the full target."""
    caplog.set_level(logging.DEBUG, logger="tool_outcomes")
    env = make_tool(target=view)(query="invoice")
    text = to_text(env)
    assert shown in text
    assert env.coverage is not None
    assert env.coverage.next_cursor is not None
    assert env.coverage.next_cursor.startswith(cursor)
    if view != "full":
        for rendered in (
            text,
            str(to_mcp(env)),
            str(to_anthropic(env, "t")),
            str(to_openai(env, "c")),
        ):
            assert "tickets.internal" not in rendered
    (fields,) = [getattr(r, "tool_outcomes", None) for r in caplog.records]
    assert fields is not None
    assert fields["target"] == f"{UPSTREAM}?search=invoice&page_size=20"


@pytest.mark.parametrize("view", ["path", "omit"])
def test_a_renderer_can_keep_the_host_back_on_its_own(view: Any) -> None:
    """``to_text(env, target=…)`` and the wire renderers reduce a full target the same way."""
    env = Envelope[Any].failed(
        FailureCode.SERVER_ERROR,
        FailureKind.TRANSIENT,
        tool="search",
        target="http://tickets.internal/api/search?q=x",
    )
    for rendered in (
        to_text(env, target=view),
        str(to_mcp(env, target=view)),
        str(to_anthropic(env, "t", target=view)),
        str(to_openai(env, "c", target=view)),
    ):
        assert "tickets.internal" not in rendered
        assert ("/api/search" in rendered) is (view == "path")


def test_an_unknown_target_view_is_a_clear_error() -> None:
    """Only full, path and omit exist."""
    env = Envelope[Any](outcome=Outcome.SUCCESS, data=1)
    with pytest.raises(ValueError, match="target must be 'full', 'path' or 'omit'"):
        to_text(env, target="host")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="target must be"):

        @tool(args=Search, target="none")  # type: ignore[call-overload, untyped-decorator]
        def search(args: Search) -> list[int]:
            return [1]


def test_a_page_where_data_was_expected_reads_as_a_page() -> None:
    """An HTML reply says login page / error page / wrong URL, and that retrying cannot help."""
    page = Failure(
        code=FailureCode.INVALID_BODY,
        kind=FailureKind.PERMANENT,
        http_status=200,
        raw_sample="\n  <!DOCTYPE html><title>Sign in</title>",
    )
    text = to_text(Envelope[Any](outcome=Outcome.ACCESS_FAILURE, failure=page))
    assert "most likely a login page" in text
    assert "Neither retrying nor changing the arguments will help" in text
    assert "change the arguments" not in text.lower().replace("changing the arguments", "")
    not_page = page.model_copy(update={"raw_sample": '{"truncated": '})
    text = to_text(Envelope[Any](outcome=Outcome.ACCESS_FAILURE, failure=not_page))
    assert "login page" not in text
    assert "not the data this tool reads" in text


def test_a_renderer_that_keeps_the_host_back_shortens_a_next_page_url_too() -> None:
    """A next URL as cursor names the host: under path/omit only its path and query are shown."""
    coverage = Coverage(
        returned=1,
        total=3,
        next_cursor="http://tickets.internal/api/search?page=2",
        truncated_by="next_page",
    )
    env = Envelope[Any](outcome=Outcome.PARTIAL, data=[1], coverage=coverage)
    text = to_text(env, target="path")
    assert 'resume from cursor "/api/search?page=2".' in text
    assert "tickets.internal" not in text
    assert "tickets.internal" in to_text(env)
