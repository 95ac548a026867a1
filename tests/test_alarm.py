"""RateAlarm: over a sliding window, it fires once per crossing and clears once, per tool."""

from __future__ import annotations

import logging
from typing import Any

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from tool_outcomes import (
    AlarmEvent,
    CounterHandler,
    Coverage,
    Envelope,
    FailureCode,
    FailureKind,
    NAReason,
    Outcome,
    RateAlarm,
    TriState,
    TruncatedBy,
    Watch,
    add_listener,
    not_applicable,
    present,
    remove_listener,
    tool,
)
from tool_outcomes.testing import FakeClock
from tool_outcomes.trace import logger as trace_logger

TOOL = "account_status"


class Account(BaseModel):
    id: int
    vip: TriState[bool]
    refund_issued: TriState[bool]


def account(vip: TriState[bool]) -> Envelope[Any]:
    data = Account(id=1, vip=vip, refund_issued=present(False))
    return Envelope[Any](outcome=Outcome.SUCCESS, data=data, tool=TOOL)


GOOD = account(present(True))
FAILURES: dict[FailureCode, Envelope[Any]] = {
    code: Envelope[Any].failed(code, FailureKind.PERMANENT, tool=TOOL)
    for code in (FailureCode.SCHEMA, FailureCode.SERVER_ERROR)
}
PARTIAL = Envelope[Any](
    outcome=Outcome.PARTIAL,
    data=[1],
    coverage=Coverage(returned=1, total=5, truncated_by=TruncatedBy.TOTAL_EXCEEDS_RETURNED),
    tool=TOOL,
)
#: A bare JSON answer in the sibling-status shape, as an upstream would send it.
JSON_NO_PERMISSION = Envelope[Any](
    outcome=Outcome.SUCCESS,
    data={
        "id": 1,
        "refund_issued": {"value": None, "status": "not_applicable", "reason": "no_permission"},
    },
    tool=TOOL,
)

#: (watch, a bad call for it, the words its firing event must contain)
WATCHES = [
    pytest.param(
        Watch.validation_failures(), FAILURES[FailureCode.SCHEMA], "schema regression", id="schema"
    ),
    pytest.param(
        Watch.access_failures(),
        FAILURES[FailureCode.SERVER_ERROR],
        "upstream is failing",
        id="access",
    ),
    pytest.param(
        Watch.outcomes_of(Outcome.PARTIAL, Outcome.EMPTY),
        PARTIAL,
        "empty or partial",
        id="outcomes",
    ),
    pytest.param(
        Watch.reason(NAReason.FETCH_FAILED),
        account(not_applicable(NAReason.FETCH_FAILED)),
        "upstream outage",
        id="fetch_failed",
    ),
    pytest.param(
        Watch.reason(NAReason.NO_PERMISSION),
        JSON_NO_PERMISSION,
        "scope misconfiguration",
        id="no_permission",
    ),
]


def script(bad: Envelope[Any]) -> list[Envelope[Any]]:
    """10 good calls, 6 bad ones (the rate climbs past 30%), then 20 good ones (it falls back)."""
    return [GOOD] * 10 + [bad] * 6 + [GOOD] * 20


def play(alarm: RateAlarm, clock: FakeClock, calls: list[Envelope[Any]]) -> None:
    for env in calls:
        alarm.observe(env)
        clock.advance(1.0)


@pytest.mark.parametrize(("watch", "bad", "words"), WATCHES)
def test_the_alarm_fires_once_and_clears_once_on_a_scripted_sequence(
    watch: Watch, bad: Envelope[Any], words: str
) -> None:
    """Crossing 30% fires exactly one event; falling back below it clears exactly once."""
    clock = FakeClock()
    events: list[AlarmEvent] = []
    alarm = RateAlarm(
        watch, threshold=0.3, min_count=10, window_s=60, clock=clock, on_change=events.append
    )
    play(alarm, clock, script(bad))
    assert [(e.firing, e.at_s) for e in events] == [
        (True, 14.0),  # the 5th bad call: 5 of 15 = 33%
        (False, 20.0),  # the 5th good call after them: 6 of 21 = 29%
    ]
    fired, cleared = events
    assert (fired.matched, fired.total, fired.tool) == (5, 15, TOOL)
    assert words in fired.message()
    assert fired.message().startswith(f"ALARM {watch.label} [{TOOL}]: 5 of 15 calls")
    assert cleared.message().startswith("CLEARED")
    assert not alarm.firing(TOOL)


def test_too_few_calls_never_fire() -> None:
    """Below min_count a window of failures is no rate: nothing fires."""
    events: list[AlarmEvent] = []
    clock = FakeClock()
    alarm = RateAlarm(
        Watch.access_failures(), threshold=0.5, min_count=5, clock=clock, on_change=events.append
    )
    play(alarm, clock, [FAILURES[FailureCode.SERVER_ERROR]] * 4)
    assert events == []
    play(alarm, clock, [FAILURES[FailureCode.SERVER_ERROR]])
    assert [e.firing for e in events] == [True]


def test_old_calls_leave_the_window() -> None:
    """Failures older than window_s no longer count: the next call clears the alarm."""
    events: list[AlarmEvent] = []
    clock = FakeClock()
    alarm = RateAlarm(
        Watch.access_failures(),
        threshold=0.5,
        min_count=3,
        window_s=10,
        clock=clock,
        on_change=events.append,
    )
    play(alarm, clock, [FAILURES[FailureCode.SERVER_ERROR]] * 3)
    assert alarm.firing(TOOL)
    clock.advance(60)
    assert alarm.window_rate(TOOL) == 0.0
    alarm.observe(GOOD)
    assert [e.firing for e in events] == [True, False]
    assert (events[1].matched, events[1].total) == (0, 1)


def test_each_tool_has_its_own_window_unless_one_is_chosen() -> None:
    """Failures of one tool never fire the alarm for another; tool= watches that one only."""
    clock = FakeClock()
    every: list[AlarmEvent] = []
    only_other: list[AlarmEvent] = []
    watch = Watch.access_failures()
    alarms = [
        RateAlarm(watch, threshold=0.5, min_count=2, clock=clock, on_change=every.append),
        RateAlarm(
            watch,
            threshold=0.5,
            min_count=2,
            clock=clock,
            tool="other",
            on_change=only_other.append,
        ),
    ]
    for alarm in alarms:
        for _ in range(2):
            alarm.observe(FAILURES[FailureCode.SERVER_ERROR])
            alarm.observe(GOOD, tool="other")
    assert [(e.tool, e.firing) for e in every] == [(TOOL, True)]
    assert only_other == []
    assert alarms[0].firing()
    assert not alarms[0].firing("other")


def test_a_callback_that_raises_is_logged_and_the_alarm_keeps_its_state(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """on_change raising never escapes; the alarm still knows it is firing."""

    def broken(event: AlarmEvent) -> None:
        raise RuntimeError("pager down")

    clock = FakeClock()
    alarm = RateAlarm(
        Watch.access_failures(), threshold=1.0, min_count=1, clock=clock, on_change=broken
    )
    with caplog.at_level(logging.ERROR, logger="tool_outcomes.alarm"):
        alarm.observe(FAILURES[FailureCode.SERVER_ERROR])
    assert alarm.firing()
    assert any(r.exc_info for r in caplog.records if r.name == "tool_outcomes.alarm")


def test_the_alarm_is_an_outcome_counter() -> None:
    """Its tallies are OutcomeCounter's: the alarm plugs in wherever a counter does."""
    clock = FakeClock()
    alarm = RateAlarm(Watch.validation_failures(), threshold=0.5, min_count=2, clock=clock)
    play(alarm, clock, [GOOD, FAILURES[FailureCode.SCHEMA]])
    assert alarm.total(TOOL) == 2
    assert alarm.validation_failure_rate(TOOL) == 0.5
    assert alarm.firing(TOOL)


class Query(BaseModel):
    q: str


def failing_tool(**options: Any) -> Any:
    @tool(args=Query, name=TOOL, **options)
    def account_status(args: Query) -> httpx.Request:
        return httpx.Request("GET", "https://accounts.example.test/status")

    return account_status, httpx.Client(
        transport=httpx.MockTransport(lambda r: httpx.Response(503))
    )


def two_failures_alarm(events: list[AlarmEvent]) -> RateAlarm:
    """Fires when the first two calls of a tool both failed."""
    return RateAlarm(
        Watch.access_failures(),
        threshold=1.0,
        min_count=2,
        clock=FakeClock(),
        on_change=events.append,
    )


def call_twice(account_status: Any, client: httpx.Client) -> None:
    for _ in range(2):
        account_status.call({"q": "a"}, client=client, sleep=lambda s: None)


def test_fed_by_a_tools_counter_option() -> None:
    """@tool(counter=alarm) feeds it every call's final envelope."""
    events: list[AlarmEvent] = []
    alarm = two_failures_alarm(events)
    account_status, client = failing_tool(counter=alarm)
    call_twice(account_status, client)
    assert [(e.firing, e.total) for e in events] == [(True, 2)]


def test_fed_by_the_listener_it_sees_calls_from_any_tool() -> None:
    """add_listener(alarm.listener): every call, made any way, reaches it."""
    events: list[AlarmEvent] = []
    alarm = two_failures_alarm(events)
    account_status, client = failing_tool()
    add_listener(alarm.listener)
    try:
        call_twice(account_status, client)
    finally:
        remove_listener(alarm.listener)
    assert [(e.firing, e.tool) for e in events] == [(True, TOOL)]


def test_fed_by_a_counter_handler_from_the_log() -> None:
    """A CounterHandler feeds outcome watches from trace records (per attempt)."""
    events: list[AlarmEvent] = []
    alarm = two_failures_alarm(events)
    handler = CounterHandler(alarm)
    trace_logger.addHandler(handler)
    try:
        account_status, client = failing_tool()
        call_twice(account_status, client)
    finally:
        trace_logger.removeHandler(handler)
    assert [e.firing for e in events] == [True]


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        ({"threshold": 0}, ValueError),
        ({"threshold": 1.5}, ValueError),
        ({"threshold": 0.5, "min_count": 0}, ValueError),
        ({"threshold": 0.5, "window_s": 0}, ValueError),
        ({"threshold": True}, ValueError),
    ],
)
def test_bad_settings_are_refused(arguments: dict[str, Any], error: type[Exception]) -> None:
    """A threshold outside (0, 1], a count below 1 or an empty window is a clear error."""
    with pytest.raises(error):
        RateAlarm(Watch.access_failures(), **arguments)


def test_every_reason_has_a_reading() -> None:
    """The seed's reading: fetch_failed is an outage, no_permission a scope problem."""
    readings = {reason: Watch.reason(reason).reading for reason in NAReason}
    assert readings[NAReason.FETCH_FAILED].startswith("upstream outage")
    assert readings[NAReason.NO_PERMISSION].startswith("scope misconfiguration")
    assert len(set(readings.values())) == len(NAReason)


@given(st.lists(st.tuples(st.booleans(), st.floats(0, 30)), max_size=200))
def test_for_any_sequence_events_alternate_fire_then_clear(calls: list[tuple[bool, float]]) -> None:
    """Never two firings without a clearing between: one event per crossing, either way."""
    clock = FakeClock()
    events: list[AlarmEvent] = []
    alarm = RateAlarm(
        Watch.access_failures(),
        threshold=0.4,
        min_count=3,
        window_s=60,
        clock=clock,
        on_change=events.append,
    )
    for bad, gap_s in calls:
        alarm.observe(FAILURES[FailureCode.SERVER_ERROR] if bad else GOOD)
        clock.advance(gap_s)
    assert [e.firing for e in events] == [i % 2 == 0 for i in range(len(events))]
    for event in events:
        assert (event.rate >= 0.4) is event.firing
        assert not event.firing or event.total >= 3
