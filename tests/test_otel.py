"""tool_outcomes.otel: one GenAI execute_tool span per call, through every integration's own loop.

Proven with the OpenTelemetry SDK's in-memory span exporter and metric reader.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import InMemoryMetricReader
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind, StatusCode
from pydantic import BaseModel

from agent_tickets import async_client, sync_client
from agent_tickets import make_tool as make_ticket_tool
from tool_outcomes import (
    Envelope,
    FailureCode,
    Outcome,
    RetryPolicy,
    TraceRecord,
    on_attempt,
    otel,
    remove_listener,
    tool,
)
from tool_outcomes.testing import FakeClock

TOOL = "search_tickets"
SPAN_NAME = f"execute_tool {TOOL}"


@dataclass
class Telemetry:
    spans: InMemorySpanExporter
    metrics: InMemoryMetricReader

    def finished(self) -> list[ReadableSpan]:
        return [s for s in self.spans.get_finished_spans() if s.name.startswith("execute_tool")]

    def one_span(self) -> ReadableSpan:
        (span,) = self.finished()
        return span

    def points(self, name: str) -> list[tuple[dict[str, Any], Any]]:
        data = self.metrics.get_metrics_data()
        assert data is not None
        return [
            (dict(point.attributes or {}), point)
            for resource in data.resource_metrics
            for scope in resource.scope_metrics
            for metric in scope.metrics
            if metric.name == name
            for point in metric.data.data_points
        ]


@pytest.fixture
def telemetry() -> Iterator[Telemetry]:
    exporter = InMemorySpanExporter()
    tracer_provider = TracerProvider()
    tracer_provider.add_span_processor(SimpleSpanProcessor(exporter))
    reader = InMemoryMetricReader()
    otel.instrument(
        tracer_provider=tracer_provider, meter_provider=MeterProvider(metric_readers=[reader])
    )
    try:
        yield Telemetry(exporter, reader)
    finally:
        otel.uninstrument()


def attrs(span: ReadableSpan) -> dict[str, Any]:
    return dict(span.attributes or {})


def check_gen_ai_span(span: ReadableSpan, *, tool_call_id: str | None) -> None:
    """The GenAI semantic conventions' execute-tool span, with the outcome on it."""
    a = attrs(span)
    assert span.name == SPAN_NAME
    assert span.kind is SpanKind.INTERNAL
    assert a["gen_ai.operation.name"] == "execute_tool"
    assert a["gen_ai.tool.name"] == TOOL
    assert a["gen_ai.tool.type"] == "function"
    assert a["gen_ai.tool.description"] == "Search helpdesk tickets by text."
    assert a.get("gen_ai.tool.call.id") == tool_call_id
    assert isinstance(a["tool_outcomes.call_id"], str)


def check_outcome(span: ReadableSpan, outcome: Outcome, code: FailureCode | None) -> None:
    """Outcome, failure and status: ERROR with error.type exactly for an access failure."""
    a = attrs(span)
    assert a["tool_outcomes.outcome"] == outcome.value
    assert a["tool_outcomes.attempts"] == 1
    if outcome is Outcome.ACCESS_FAILURE:
        assert code is not None
        assert a["tool_outcomes.failure.code"] == code.value
        assert a["error.type"] == code.value
        assert span.status.status_code is StatusCode.ERROR
    else:
        assert "tool_outcomes.failure.code" not in a
        assert "error.type" not in a
        assert span.status.status_code is StatusCode.UNSET


# -- one call through each integration's own agent loop ----------------------------------------

#: (query, outcome, failure code, HTTP status of the answer)
CALLS = [
    ("refund", Outcome.SUCCESS, None, 200),
    ("unicorn", Outcome.EMPTY, None, 200),
    ("invoice", Outcome.PARTIAL, None, 200),
    ("outage", Outcome.ACCESS_FAILURE, FailureCode.SERVER_ERROR, 503),
]
CALL_IDS = [query for query, *_ in CALLS]


async def through_pydantic_ai(query: str) -> str:
    from pydantic_ai import Agent
    from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart
    from pydantic_ai.models.function import AgentInfo, FunctionModel

    from tool_outcomes.integrations.pydantic_ai import pydantic_ai_tool

    def model(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        if len(messages) == 1:
            return ModelResponse(parts=[ToolCallPart(TOOL, {"query": query}, tool_call_id="pa-1")])
        return ModelResponse(parts=[TextPart("done")])

    search = pydantic_ai_tool(make_ticket_tool(), client=async_client())
    await Agent(FunctionModel(model), tools=[search]).run("find tickets")
    return "pa-1"


async def through_langchain(query: str) -> str:
    from langchain.agents import create_agent
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
    from langchain_core.messages import AIMessage, HumanMessage

    from tool_outcomes.integrations.langchain import langchain_tool

    class ToolCallingFake(GenericFakeChatModel):
        def bind_tools(self, tools: Any, **kwargs: Any) -> Any:
            return self

    call = {"name": TOOL, "args": {"query": query}, "id": "lc-1", "type": "tool_call"}
    script = iter([AIMessage("", tool_calls=[call]), AIMessage("done")])
    search = langchain_tool(make_ticket_tool(), client=sync_client(), async_client=async_client())
    agent = create_agent(ToolCallingFake(messages=script), tools=[search])
    await agent.ainvoke({"messages": [HumanMessage("find tickets")]})
    return "lc-1"


async def through_openai_agents(query: str) -> str:
    from agents import Agent, RunConfig, Runner
    from agents.testing import ScriptedModel, assistant_message, function_call

    from tool_outcomes.integrations.openai_agents import openai_agents_tool

    arguments = {"query": query, "limit": None, "cursor": None}
    model = ScriptedModel(
        [[function_call(TOOL, arguments, call_id="oa-1")], [assistant_message("done")]]
    )
    agent = Agent(name="support", model=model, tools=[openai_agents_tool(make_ticket_tool())])
    # The tool's own client is replaced by the helpdesk mock: the SDK passes no client.
    await Runner.run(agent, "find tickets", run_config=RunConfig(tracing_disabled=True))
    return "oa-1"


async def through_mcp(query: str) -> str:
    from mcp import Client
    from mcp.server.mcpserver import MCPServer

    from tool_outcomes.integrations.mcp import mcp_tool

    server = MCPServer("tickets", tools=[mcp_tool(make_ticket_tool(), client=async_client())])
    async with Client(server) as client:
        result = await client.call_tool(TOOL, {"query": query})
    structured = result.structured_content
    assert structured is not None
    # The JSON-RPC id of the tools/call request: the client numbers its requests itself.
    request_id = structured["tool_call_id"]
    assert isinstance(request_id, str)
    assert request_id
    return request_id


LOOPS = {
    "pydantic_ai": through_pydantic_ai,
    "langchain": through_langchain,
    "openai_agents": through_openai_agents,
    "mcp": through_mcp,
}


@pytest.fixture
def helpdesk_for_every_client(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tools that open their own client (the OpenAI Agents loop passes none) reach the mock."""
    import tool_outcomes.adapter as adapter

    monkeypatch.setattr(adapter, "_owned_async_client", async_client)


@pytest.mark.asyncio
@pytest.mark.usefixtures("helpdesk_for_every_client")
@pytest.mark.parametrize("loop", LOOPS)
@pytest.mark.parametrize(("query", "outcome", "code", "status"), CALLS, ids=CALL_IDS)
async def test_a_call_through_each_integration_is_one_execute_tool_span(
    telemetry: Telemetry,
    loop: str,
    query: str,
    outcome: Outcome,
    code: FailureCode | None,
    status: int,
) -> None:
    """Each framework's own loop makes one span, its tool-call id as gen_ai.tool.call.id."""
    tool_call_id = await LOOPS[loop](query)
    span = telemetry.one_span()
    check_gen_ai_span(span, tool_call_id=tool_call_id)
    check_outcome(span, outcome, code)
    assert attrs(span)["http.response.status_code"] == status
    (event,) = span.events
    assert event.name == otel.ATTEMPT_EVENT
    assert dict(event.attributes or {})["http.response.status_code"] == status


# -- retries, status, secrets, metrics ----------------------------------------------------------


KEY = {"api_key": "CANARY-KEY-5150"}


class Query(BaseModel):
    q: str


def flaky_tool(replies: list[httpx.Response], **options: Any) -> Any:
    """A tool whose upstream answers with ``replies`` in turn (the last one repeated)."""
    queue = list(replies)

    def answer(request: httpx.Request) -> httpx.Response:
        return queue.pop(0) if len(queue) > 1 else queue[0]

    @tool(args=Query, name=TOOL, **options)
    def search_tickets(args: Query) -> httpx.Request:
        """Search helpdesk tickets by text."""
        url = httpx.URL("https://helpdesk.example.test/api", params={"q": args.q, **KEY})
        return httpx.Request("GET", url, headers={"Authorization": "Bearer CANARY-TOKEN-8086"})

    return search_tickets, httpx.Client(transport=httpx.MockTransport(answer))


def test_retries_are_events_of_one_span_with_one_call_id(telemetry: Telemetry) -> None:
    """Two 503s then a 200: one span, three attempt events, one call id on every record."""
    search, client = flaky_tool(
        [httpx.Response(503), httpx.Response(503), httpx.Response(200, json=[{"id": 1}])],
        policy=RetryPolicy(max_attempts=3, seed=7),
    )
    records: list[TraceRecord] = []
    hook = on_attempt(records.append)
    clock = FakeClock()
    try:
        env = search.call({"q": "refund"}, client=client, sleep=clock.sleep, clock=clock)
    finally:
        remove_listener(hook)
    span = telemetry.one_span()
    events = [dict(e.attributes or {}) for e in span.events]
    assert [e["tool_outcomes.decision"] for e in events] == ["retry", "retry", "done"]
    assert [e["tool_outcomes.attempt"] for e in events] == [1, 2, 3]
    assert [e["http.response.status_code"] for e in events] == [503, 503, 200]
    assert [e.get("tool_outcomes.sleep_s") for e in events] == [*clock.sleeps, None]
    assert {r.call_id for r in records} == {env.call_id} == {attrs(span)["tool_outcomes.call_id"]}
    assert attrs(span)["tool_outcomes.attempts"] == 3
    assert span.status.status_code is StatusCode.UNSET


def test_an_access_failure_span_has_status_error(telemetry: Telemetry) -> None:
    """Exhausted retries: ERROR, error.type = the failure code, the status of the last reply."""
    search, client = flaky_tool([httpx.Response(503)], policy=RetryPolicy(max_attempts=2))
    clock = FakeClock()
    env = search.call({"q": "refund"}, client=client, sleep=clock.sleep, clock=clock)
    span = telemetry.one_span()
    a = attrs(span)
    assert env.outcome is Outcome.ACCESS_FAILURE
    assert span.status.status_code is StatusCode.ERROR
    assert a["error.type"] == "server_error"
    assert a["tool_outcomes.failure.kind"] == "transient"
    assert a["http.response.status_code"] == 503
    assert a["tool_outcomes.attempts"] == 2


def test_no_attribute_or_event_carries_a_secret(telemetry: Telemetry) -> None:
    """The target is redacted; no detail or body reaches the span, even one echoing the key."""
    echo = "invalid api key CANARY-KEY-5150 for token CANARY-TOKEN-8086 (BODY-ONLY-0042)"
    search, client = flaky_tool([httpx.Response(401, text=echo)])
    search.call({"q": "refund"}, client=client)
    span = telemetry.one_span()
    values = [*attrs(span).values()]
    values += [v for event in span.events for v in (event.attributes or {}).values()]
    values.append(span.status.description)
    dumped = json.dumps([str(v) for v in values])
    assert "CANARY" not in dumped
    assert "BODY-ONLY" not in dumped
    assert attrs(span)["tool_outcomes.target"].startswith("https://helpdesk.example.test/api?q=")


def test_arguments_the_tool_refused_are_a_span_too(telemetry: Telemetry) -> None:
    """A call that never reached the upstream is still seen: invalid_arguments, ERROR."""
    search, client = flaky_tool([httpx.Response(200, json=[])])
    search.call({"wrong": 1}, client=client)
    span = telemetry.one_span()
    assert attrs(span)["error.type"] == "invalid_arguments"
    assert [dict(e.attributes or {})["tool_outcomes.decision"] for e in span.events] == [
        "not_retryable"
    ]


def test_the_span_is_the_parent_of_what_the_call_does(telemetry: Telemetry) -> None:
    """The span is current while the handler runs: its own spans nest under it."""
    from opentelemetry import trace

    inner_parent: list[int] = []

    @tool(args=Query, name=TOOL)
    def search_tickets(args: Query) -> list[int]:
        """Search helpdesk tickets by text."""
        inner_parent.append(trace.get_current_span().get_span_context().span_id)
        return [1]

    search_tickets(q="x")
    span = telemetry.one_span()
    assert span.context is not None
    assert inner_parent == [span.context.span_id]


@pytest.mark.asyncio
async def test_a_cancelled_call_ends_its_span(telemetry: Telemetry) -> None:
    """A call that never returns an envelope still closes its span, as an error."""
    import asyncio

    @tool(args=Query, name=TOOL)
    async def search_tickets(args: Query) -> list[int]:
        """Search helpdesk tickets by text."""
        raise asyncio.CancelledError

    with pytest.raises(asyncio.CancelledError):
        await search_tickets.acall(q="x")
    span = telemetry.one_span()
    assert span.status.status_code is StatusCode.ERROR
    assert attrs(span)["error.type"] == "CancelledError"


def test_calls_are_counted_and_timed_by_tool_outcome_and_code(telemetry: Telemetry) -> None:
    """The counter splits by outcome and failure code; the histogram records each duration."""
    ok, ok_client = flaky_tool([httpx.Response(200, json=[{"id": 1}])])
    down, down_client = flaky_tool([httpx.Response(503)], policy=RetryPolicy(max_attempts=1))
    clock = FakeClock()
    for _ in range(2):
        ok.call({"q": "a"}, client=ok_client, clock=clock)
    down.call({"q": "a"}, client=down_client, clock=clock)
    counts = {
        (a["tool_outcomes.outcome"], a.get("tool_outcomes.failure.code")): p.value
        for a, p in telemetry.points(otel.CALLS_METRIC)
    }
    assert counts == {("success", None): 2, ("access_failure", "server_error"): 1}
    durations = {
        a["tool_outcomes.outcome"]: p.count for a, p in telemetry.points(otel.DURATION_METRIC)
    }
    assert durations == {"success": 2, "access_failure": 1}


def test_uninstrument_stops_the_spans(telemetry: Telemetry) -> None:
    """After uninstrument() a call makes no span (and instrument() twice makes one per call)."""
    ok, client = flaky_tool([httpx.Response(200, json=[{"id": 1}])])
    assert otel.instrumented()
    otel.uninstrument()
    ok.call({"q": "a"}, client=client)
    assert telemetry.finished() == []
    assert not otel.instrumented()


def test_import_tool_outcomes_does_not_import_opentelemetry() -> None:
    """The package (a call, a hook and a render included) stays free of the optional extra."""
    code = (
        "import sys, tool_outcomes as t\n"
        "from pydantic import BaseModel\n"
        "class A(BaseModel):\n    q: str\n"
        "@t.tool(args=A)\ndef f(a: A) -> list[int]:\n    return [1]\n"
        "seen = []\nt.on_result(seen.append)\n"
        "t.to_text(f(q='x'))\n"
        "assert len(seen) == 1\n"
        "print(sorted(m for m in sys.modules if m.startswith('opentelemetry')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.strip() == "[]"


def test_an_envelope_names_its_call() -> None:
    """Every envelope carries a call id, never the same twice."""
    ok, client = flaky_tool([httpx.Response(200, json=[{"id": 1}])])
    ids = {ok.call({"q": "a"}, client=client).call_id for _ in range(50)}
    assert len(ids) == 50
    assert all(isinstance(i, str) and len(i) == 16 for i in ids)


def test_a_hand_built_envelope_has_no_call_id() -> None:
    """call_id is set by a call, never invented for an envelope built by hand."""
    assert Envelope[Any](outcome=Outcome.EMPTY).call_id is None
