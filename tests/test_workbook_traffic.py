"""The simulated day of notebook 07: deterministic, read back from its trace, free of secrets."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from functools import cache
from typing import Any

import pytest

from tool_outcomes import Decision, FailureCode, NAReason, Outcome, TraceRecord
from tool_outcomes.testing import FakeClock
from tool_outcomes.workbook.traffic import (
    BILLING_TOKEN,
    FLAT_LOAD,
    HOURS,
    INVOICE,
    MONDAY,
    REASON_BY_CODE,
    SEARCH,
    TICKETS_API_KEY,
    TOOLS,
    Day,
    DaySpec,
    Event,
    EventKind,
    Incident,
    TraceEntry,
    calls,
    calls_per_hour,
    capture_trace,
    outcome_rates,
    rates_table,
    reason_for,
    reason_rates,
    simulate_day,
    validation_rates,
    validation_table,
)

SMALL = DaySpec(
    "Small",
    seed=5,
    events=(Event(EventKind.OUTAGE, SEARCH, 2, 3), Event(EventKind.SCOPE, INVOICE, 20, 20)),
    peak_calls=((SEARCH, 3), (INVOICE, 3)),
    load=FLAT_LOAD,
)


@cache
def monday() -> Day:
    """Notebook 07's day, simulated once for this module."""
    return simulate_day(MONDAY)


@cache
def small() -> Day:
    """A small day with one outage and one scope problem."""
    return simulate_day(SMALL)


# -- the day is deterministic and consistent ----------------------------------------------------


def test_the_same_spec_gives_the_same_trace() -> None:
    """A seeded spec and a fake clock make two runs identical, record for record."""
    again = simulate_day(SMALL)
    assert [e.line() for e in again.trace] == [e.line() for e in small().trace]


def test_another_seed_gives_another_day() -> None:
    """The seed drives the draws: a different one gives a different trace."""
    other = simulate_day(replace(SMALL, seed=6))
    assert [e.line() for e in other.trace] != [e.line() for e in small().trace]


def test_every_call_ends_with_exactly_one_record_that_is_not_a_retry() -> None:
    """The hourly counters (one final envelope per call) agree with the trace's final records."""
    day = small()
    for tool in TOOLS:
        per_hour = calls_per_hour(day.trace, tool)
        assert per_hour == [counter.total(tool) for counter in day.counters]
        assert per_hour == [SMALL.calls_in(tool, hour) for hour in range(HOURS)]
        ended = Counter(e.record.outcome for e in calls(day.trace, tool))
        counted = Counter[Outcome]()
        for counter in day.counters:
            counted.update(counter.counts(tool))
        assert +counted == +ended


def test_retries_come_before_the_record_that_ends_the_call() -> None:
    """A call's retries are records of their own; the record that ends a call is never a retry."""
    day = small()
    retries = [e for e in day.trace if e.record.decision is Decision.RETRY]
    assert retries, "the outage should make the adapter retry"
    for entry in day.trace:
        if entry.ends_call:
            assert entry.record.decision is not Decision.RETRY


def test_outcome_shares_add_up_to_one_in_every_hour_with_calls() -> None:
    """The four outcome rates of an hour are shares of the same calls."""
    for tool in TOOLS:
        rates = outcome_rates(monday().trace, tool)
        for hour in range(HOURS):
            assert sum(rates[o][hour] for o in Outcome) == pytest.approx(1.0)


def test_the_rates_table_prints_the_plotted_numbers() -> None:
    """Each line of the table is the rounded percentage of the series plotted."""
    trace = monday().trace
    lines = rates_table(trace, SEARCH).splitlines()
    by_label = {line.split()[0]: [int(v) for v in line.split()[1:]] for line in lines[2:]}
    assert by_label["calls"] == calls_per_hour(trace, SEARCH)
    for outcome, shares in outcome_rates(trace, SEARCH).items():
        assert by_label[outcome.value] == [round(100 * s) for s in shares]
    for reason, shares in reason_rates(trace, SEARCH).items():
        assert by_label[reason.value] == [round(100 * s) for s in shares]


# -- Monday reads as notebook 07 says -----------------------------------------------------------


def _spike_hours(tool: str, reason: NAReason) -> list[int]:
    shares = reason_rates(monday().trace, tool)[reason]
    return [hour for hour, share in enumerate(shares) if share > 0.5]


@pytest.mark.parametrize(
    ("tool", "reason", "hours"),
    [
        (SEARCH, NAReason.FETCH_FAILED, [9, 10]),
        (SEARCH, NAReason.NO_PERMISSION, []),
        (INVOICE, NAReason.FETCH_FAILED, []),
        (INVOICE, NAReason.NO_PERMISSION, [13, 14]),
    ],
)
def test_monday_has_an_outage_and_a_scope_problem_where_the_notebook_says(
    tool: str, reason: NAReason, hours: list[int]
) -> None:
    """The outage is a fetch_failed spike at 9-10 h, the bad deploy no_permission at 13-14 h."""
    assert _spike_hours(tool, reason) == hours


def test_monday_spikes_are_whole_and_the_noise_is_small() -> None:
    """Inside a spike every call fails for its reason; outside, no hour passes a quarter."""
    for tool, reason, spike in (
        (SEARCH, NAReason.FETCH_FAILED, {9, 10}),
        (INVOICE, NAReason.NO_PERMISSION, {13, 14}),
    ):
        shares = reason_rates(monday().trace, tool)[reason]
        assert all(shares[h] == 1.0 for h in spike)
        assert all(share <= 0.25 for h, share in enumerate(shares) if h not in spike)


def test_monday_validation_numbers_are_the_ones_the_notebook_quotes() -> None:
    """4 h: 1 of 6; 10 h: 1 of 24; 16 h: 1 of 23; 17 h: 4 of 22; 19 h: all 17; none after 20 h."""
    day = monday()

    def rejected(hour: int) -> tuple[int, int]:
        counter = day.counters[hour]
        return counter.failure_codes(INVOICE).get(FailureCode.SCHEMA, 0), counter.total(INVOICE)

    assert rejected(4) == (1, 6)
    assert rejected(10) == (1, 24)
    assert rejected(16) == (1, 23)
    assert rejected(17) == (4, 22)
    assert rejected(19) == (17, 17)
    assert all(rejected(hour)[0] == 0 for hour in range(20, HOURS))
    rates = validation_rates(day, INVOICE)
    over_budget = [h for h, rate in enumerate(rates) if rate > 0.05 and rejected(h)[1] >= 10]
    assert over_budget == [17, 18, 19]


def test_the_validation_table_prints_the_counters() -> None:
    """One line per hour: calls, rejections and the rate, as the counter has them."""
    lines = validation_table(monday(), INVOICE, hours=[17]).splitlines()
    assert lines[1].split() == ["17", "22", "4", "18.2%"]


def test_the_first_rejection_names_the_missing_field() -> None:
    """A reply without 'amount' is a schema failure whose detail says what was missing."""
    first = next(
        e
        for e in calls(monday().trace, INVOICE)
        if e.hour >= 16 and e.record.failure_code is FailureCode.SCHEMA
    )
    assert first.record.outcome is Outcome.ACCESS_FAILURE
    assert "amount" in first.record.detail


# -- no secrets, no wall clock -------------------------------------------------------------------


def test_credentials_never_reach_the_trace() -> None:
    """Neither the query-string API key nor the echoed bearer token appears in any record."""
    trace = monday().trace
    text = "\n".join(e.line() + json.dumps(e.record.as_dict()) for e in trace)
    assert TICKETS_API_KEY not in text
    assert BILLING_TOKEN not in text
    assert "api_key=[REDACTED]" in text
    assert "token [REDACTED] lacks scope" in text


def test_entries_are_stamped_with_the_injected_clock() -> None:
    """The time of a line is the fake clock's, formatted as hh:mm:ss of the simulated day."""
    clock = FakeClock(now_s=9 * 3600 + 62.5)
    with capture_trace(clock) as capture:
        logging.getLogger("tool_outcomes").warning(
            "x", extra={"tool_outcomes": _fields(decision="give_up")}
        )
    (entry,) = capture.entries
    assert entry.at_s == clock.now_s
    assert entry.hour == 9
    assert entry.line().startswith("09:01:02 WARNING t ")


def _fields(**overrides: object) -> dict[str, object]:
    record = TraceRecord(
        tool="t",
        target=None,
        outcome=None,
        failure_code=None,
        failure_kind=None,
        http_status=None,
        attempt=1,
        decision=Decision.DONE,
    )
    return {**record.as_dict(), **overrides}


def test_capture_ignores_records_without_trace_fields() -> None:
    """Another library's record on the same logger is not a trace entry."""
    with capture_trace(FakeClock()) as capture:
        logging.getLogger("tool_outcomes").warning("plain message")
    assert capture.entries == []


def test_capture_restores_the_logger_even_when_the_block_raises() -> None:
    """Level, propagation and handlers are as before, whatever happened inside."""
    logger = logging.getLogger("tool_outcomes")
    before = (logger.level, logger.propagate, list(logger.handlers))
    seen: list[tuple[int, bool]] = []

    def fail_inside() -> None:
        with capture_trace(FakeClock()):
            seen.append((logger.level, logger.propagate))
            raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        fail_inside()
    assert seen == [(logging.DEBUG, False)]
    assert (logger.level, logger.propagate, list(logger.handlers)) == before


def test_entries_rebuild_typed_records() -> None:
    """The fields a log carries as strings come back as the enums a query compares with `is`."""
    entry = next(e for e in monday().trace if e.record.failure_code is not None)
    assert isinstance(entry, TraceEntry)
    assert isinstance(entry.record.failure_code, FailureCode)
    assert isinstance(entry.record.decision, Decision)


# -- the reason table ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        (FailureCode.TIMEOUT, NAReason.FETCH_FAILED),
        (FailureCode.SERVER_ERROR, NAReason.FETCH_FAILED),
        (FailureCode.CONNECT, NAReason.FETCH_FAILED),
        (FailureCode.UNAUTHORIZED, NAReason.NO_PERMISSION),
        (FailureCode.FORBIDDEN, NAReason.NO_PERMISSION),
        (FailureCode.SCHEMA, None),
        (FailureCode.BAD_REQUEST, None),
        (FailureCode.NOT_FOUND, None),
        (None, None),
    ],
)
def test_failure_codes_stand_for_the_reason_a_field_would_carry(
    code: FailureCode | None, reason: NAReason | None
) -> None:
    """Unanswered is fetch_failed, refused is no_permission; a rejection is neither."""
    assert reason_for(code) is reason


def test_the_reason_table_only_uses_the_two_reasons_it_reports() -> None:
    """Every reason in the table is one that reason_rates draws."""
    assert set(REASON_BY_CODE.values()) == {NAReason.FETCH_FAILED, NAReason.NO_PERMISSION}


# -- bad input is a clear error ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Event(EventKind.OUTAGE, "nope", 1, 2), "Event.tool"),
        (lambda: Event(EventKind.OUTAGE, SEARCH, 5, 4), "Event hours"),
        (lambda: Event(EventKind.OUTAGE, SEARCH, 0, 24), "Event hours"),
        (lambda: Event(EventKind.OUTAGE, SEARCH, 1, 2, share=0.0), "Event.share"),
        (lambda: DaySpec("x", 1, load=(1.0,) * 23), "DaySpec.load"),
        (lambda: DaySpec("x", 1, peak_calls=((SEARCH, 3),)), "DaySpec.peak_calls"),
        (lambda: DaySpec("x", 1, peak_calls=((SEARCH, 3), (INVOICE, 0))), "at least 1"),
        (lambda: Incident(SEARCH, NAReason.FETCH_FAILED, 3, 2), "Incident hours"),
    ],
)
def test_a_malformed_plan_is_a_clear_error(build: object, message: str) -> None:
    """Impossible events, days and incidents are refused with a message naming the field."""
    assert callable(build)
    with pytest.raises(ValueError, match=message):
        build()


def test_an_incident_reason_must_be_the_enum() -> None:
    """'fetch_failed' as a string is refused, naming the member to use."""
    with pytest.raises(TypeError, match=r"NAReason.FETCH_FAILED"):
        Incident(SEARCH, "fetch_failed", 1, 2)  # type: ignore[arg-type]


def test_a_day_spec_holds_events() -> None:
    """Anything but an Event in the events is a TypeError."""
    with pytest.raises(TypeError, match="Event objects"):
        DaySpec("x", 1, events=("outage",))  # type: ignore[arg-type]


# -- pictures ------------------------------------------------------------------------------------


def _legend_texts(axis: Any) -> list[str]:
    legend = axis.get_legend()
    return [] if legend is None else [text.get_text() for text in legend.get_texts()]


def test_importing_the_module_pulls_in_no_matplotlib() -> None:
    """The simulation is importable without the plotting stack."""
    code = (
        "import sys, tool_outcomes.workbook.traffic, tool_outcomes.workbook.nb08.claims; "
        "print('matplotlib' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_the_rates_figure_is_labelled() -> None:
    """Two rows per tool, axes labelled, a legend for each row, the given title."""
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from tool_outcomes.workbook.traffic import plot_rates, plot_validation

    fig = plot_rates(small().trace, TOOLS, title="the finding")
    try:
        assert fig.get_suptitle() == "the finding"
        axes = fig.get_axes()
        assert len(axes) == 4
        assert all(axis.get_ylabel() == "% of calls" for axis in axes[::2])
        assert all(axis.get_xlabel() == "hour of the day" for axis in axes[2:])
        labels = {text for axis in axes for text in _legend_texts(axis)}
        assert labels == {o.value for o in Outcome} | {"fetch_failed", "no_permission"}
    finally:
        plt.close(fig)
    fig = plot_validation([0.0] * HOURS, [1] * HOURS, budget=0.05, title="t")
    try:
        (main, volume) = fig.get_axes()
        assert main.get_title() == "t"
        assert main.get_xlabel() == "hour of the day"
        assert volume.get_ylabel() == "calls per hour"
        assert _legend_texts(main) == [
            "rejected",
            "budget 5%",
            "calls",
        ]
    finally:
        plt.close(fig)


def test_the_outcome_panel_draws_one_full_bar_per_hour_not_a_slope_between_hours() -> None:
    """Each hour is a bar of width 1 centred on it, its outcome segments stacking to 100%."""
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from tool_outcomes.workbook.traffic import plot_rates

    fig = plot_rates(small().trace, TOOLS, title="t")
    try:
        top = fig.get_axes()[0]
        assert not top.collections  # no filled area that would slope from one hour to the next
        per_hour: dict[float, float] = {}
        for container in top.containers:
            for bar in container:
                assert bar.get_width() == 1.0
                centre = bar.get_x() + bar.get_width() / 2
                per_hour[centre] = per_hour.get(centre, 0.0) + bar.get_height()
        assert sorted(per_hour) == list(range(HOURS))
        assert all(abs(total - 100) < 1e-9 for total in per_hour.values())
        failures = top.containers[list(Outcome).index(Outcome.ACCESS_FAILURE)]
        assert [round(bar.get_height(), 9) for bar in failures][2:4] == [100, 100]  # the outage
    finally:
        plt.close(fig)
