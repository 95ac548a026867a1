"""Notebook 07's span tree and alarm replay: deterministic, nested, and reading Monday right."""

from __future__ import annotations

import httpx
from pydantic import BaseModel

from tool_outcomes import AlarmEvent, NAReason, RateAlarm, RetryPolicy, framework_call, tool
from tool_outcomes.testing import FakeClock
from tool_outcomes.workbook.nb07.spans import capture_spans, reason_watch, replay, span_tree
from tool_outcomes.workbook.scenarios import client, get_scenario
from tool_outcomes.workbook.traffic import MONDAY, simulate_day


class Upstream(BaseModel):
    name: str


@tool(args=Upstream, policy=RetryPolicy(max_attempts=3, seed=7))
def list_items(args: Upstream) -> httpx.Request:
    """Ask one mocked upstream for its items."""
    return httpx.Request("GET", get_scenario(args.name).url)


def agent_turn() -> str:
    """Three calls under one agent span, drawn as a tree."""
    clock = FakeClock()
    upstreams = client()
    with capture_spans() as capture, capture.tracer.start_as_current_span("agent turn"):
        for number, name in enumerate(("flaky", "outage", "truncated_page_total"), 1):
            with framework_call(f"call_{number}"):
                list_items.call(name=name, client=upstreams, sleep=clock.sleep, clock=clock)
    return span_tree(capture.spans())


def test_the_tree_nests_each_call_under_the_agent_and_each_attempt_under_its_call() -> None:
    """One root, three call spans, their attempts; only the access failure is ERROR."""
    lines = agent_turn().splitlines()
    assert lines[0] == "agent turn [UNSET]"
    calls = [line for line in lines if "execute_tool list_items" in line]
    assert [line.split("[")[1].split("]")[0] for line in calls] == ["UNSET", "ERROR", "UNSET"]
    assert [line.endswith(f"tool_call_id=call_{n}") for n, line in enumerate(calls, 1)] == [
        True
    ] * 3
    assert "attempt 3: give_up, server_error, http 503" in "\n".join(lines)
    assert "attempt 1: return_partial, http 200" in "\n".join(lines)


def test_the_tree_is_the_same_on_every_run() -> None:
    """No ids, no timestamps: nbval can compare it."""
    assert agent_turn() == agent_turn()


def test_mondays_replay_fires_the_outage_then_the_scope_alarm() -> None:
    """fetch_failed fires on search_tickets at 9 h, no_permission on get_invoice at 13 h."""
    clock = FakeClock()
    events: list[AlarmEvent] = []
    alarms = [
        RateAlarm(
            reason_watch(reason),
            threshold=0.5,
            min_count=5,
            window_s=1800,
            clock=clock,
            on_change=events.append,
        )
        for reason in (NAReason.FETCH_FAILED, NAReason.NO_PERMISSION)
    ]
    replay(simulate_day(MONDAY).trace, alarms, clock)
    seen = [(int(e.at_s // 3600), e.tool, e.firing) for e in events]
    assert seen == [
        (9, "search_tickets", True),
        (11, "search_tickets", False),
        (13, "get_invoice", True),
        (15, "get_invoice", False),
    ]
    assert "upstream outage" in events[0].message()
    assert "scope misconfiguration" in events[2].message()
