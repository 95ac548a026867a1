"""Notebook 07's exercises: the reference answers pass, plausible wrong ones fail with a hint."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from tool_outcomes import NAReason, Outcome, OutcomeCounter
from tool_outcomes.workbook import CheckStatus, check
from tool_outcomes.workbook.nb07.exercises import BUDGET, INCIDENT_DAYS, MIN_CALLS
from tool_outcomes.workbook.traffic import (
    SEARCH,
    TOOLS,
    Incident,
    TraceEntry,
    calls,
    reason_for,
    reason_rates,
    simulate_day,
)

Trace = Sequence[TraceEntry]

# -- 07.1 find_incident --------------------------------------------------------------------------


def find_incident(trace: Trace) -> Incident:
    """The notebook's reference: the hours where most of a tool's calls failed for one reason."""
    for tool in TOOLS:
        for reason, shares in reason_rates(trace, tool).items():
            hours = [hour for hour, share in enumerate(shares) if share > 0.5]
            if hours:
                return Incident(tool, reason, hours[0], hours[-1])
    raise ValueError("no incident")


def mondays_incident(trace: Trace) -> Incident:
    """Hard-coded: the incident the notebook shows, whatever the trace."""
    return Incident(SEARCH, NAReason.FETCH_FAILED, 9, 10)


def every_spike_is_an_outage(trace: Trace) -> Incident:
    """Ignores the reason: any spike of failures is read as the source being down."""
    found = find_incident(trace)
    return Incident(found.tool, NAReason.FETCH_FAILED, found.first_hour, found.last_hour)


def first_failure_of_its_reason(trace: Trace) -> Incident:
    """Ignores the rate: the incident starts at the first failed call of its kind."""
    found = find_incident(trace)
    first = next(
        entry.hour
        for entry in calls(trace, found.tool)
        if reason_for(entry.record.failure_code) is found.reason
    )
    return Incident(found.tool, found.reason, first, found.last_hour)


def all_tools_together(trace: Trace) -> Incident:
    """Ignores the tool: reads the rates of every call together and names the first tool."""
    for reason, shares in reason_rates(trace).items():
        hours = [hour for hour, share in enumerate(shares) if share > 0.5]
        if hours:
            return Incident(TOOLS[0], reason, hours[0], hours[-1])
    return Incident(TOOLS[0], NAReason.FETCH_FAILED, 0, 0)


def test_the_reference_incident_finder_passes() -> None:
    """The notebook's solution passes every day the check holds."""
    result = check("07.1", find_incident)
    assert result.status is CheckStatus.PASS, repr(result)


@pytest.mark.parametrize(
    "wrong",
    [mondays_incident, every_spike_is_an_outage, first_failure_of_its_reason, all_tools_together],
)
def test_plausible_wrong_incident_finders_fail_with_a_hint(
    wrong: Callable[[Trace], Incident],
) -> None:
    """Each wrong reading of the trace fails, with the hint, and never prints a day's incident."""
    result = check("07.1", wrong)
    line = repr(result)
    assert result.status is CheckStatus.FAIL, line
    assert "(hint: " in line
    for _spec, incident, _hint in INCIDENT_DAYS:
        assert repr(incident) not in line
        assert f"{incident.first_hour}..{incident.last_hour} are not" not in line


def _threshold_finder(threshold: float, *, inclusive: bool = False) -> Callable[[Trace], Incident]:
    """The reference's shape with another threshold: the hours above it (or at it, with
    ``inclusive``), first to last."""

    def find(trace: Trace) -> Incident:
        for tool in TOOLS:
            for reason, shares in reason_rates(trace, tool).items():
                hours = [
                    hour
                    for hour, share in enumerate(shares)
                    if share > threshold or (inclusive and share == threshold)
                ]
                if hours:
                    return Incident(tool, reason, hours[0], hours[-1])
        raise ValueError("no incident")

    find.__name__ = f"{'at_or_' if inclusive else ''}above_{threshold}"
    return find


def _peak_and_extend(threshold: float) -> Callable[[Trace], Incident]:
    """Finds the worst hour of any tool and reason, then extends while neighbours pass a bar."""

    def find(trace: Trace) -> Incident:
        series = [
            (tool, reason, shares)
            for tool in TOOLS
            for reason, shares in reason_rates(trace, tool).items()
        ]
        tool, reason, shares = max(series, key=lambda found: max(found[2]))
        first = last = shares.index(max(shares))
        while first > 0 and shares[first - 1] > threshold:
            first -= 1
        while last < len(shares) - 1 and shares[last + 1] > threshold:
            last += 1
        return Incident(tool, reason, first, last)

    find.__name__ = f"peak_extended_above_{threshold}"
    return find


#: The day whose outage took part of the calls, beside hours with a few failures.
PARTIAL_DAY = next(day for day in INCIDENT_DAYS if day[0].name == "Saturday")
PARTIAL_DAY_HINT = PARTIAL_DAY[2]
#: The day whose outage has hours on the threshold: exactly half, just over half.
EDGE_DAY = next(day for day in INCIDENT_DAYS if day[0].name == "Sunday")


def test_the_partial_outage_day_is_one_the_reference_reads_by_most_calls() -> None:
    """Its two hours pass half of the calls, its neighbours fail some calls: a real test of most."""
    spec, incident, hint = PARTIAL_DAY
    assert hint is not None
    shares = reason_rates(simulate_day(spec).trace, incident.tool)[incident.reason]
    inside = [shares[h] for h in range(incident.first_hour, incident.last_hour + 1)]
    beside = [shares[incident.first_hour - 1], shares[incident.last_hour + 1]]
    assert all(0.5 < share < 1.0 for share in inside), inside
    assert all(0.0 < share < 0.5 for share in beside), beside


@pytest.mark.parametrize(
    "wrong",
    [_threshold_finder(0.9), _peak_and_extend(0.9), _peak_and_extend(0.01), _peak_and_extend(0.1)],
    ids=lambda finder: finder.__name__,
)
def test_a_threshold_of_every_call_or_of_any_failure_fails_on_the_partial_outage(
    wrong: Callable[[Trace], Incident],
) -> None:
    """'Most of the calls' is tested: all calls, or any failure, fails the partial outage's day."""
    result = check("07.1", wrong)
    line = repr(result)
    assert result.status is CheckStatus.FAIL, line
    assert result.passed <= len(INCIDENT_DAYS) - 1, line
    assert "Saturday" in line
    assert result.hint == PARTIAL_DAY_HINT
    assert "8..9" not in line


def test_a_string_reason_fails_with_the_member_to_use() -> None:
    """'fetch_failed' in place of the enum member is a FAIL naming NAReason, not a crash."""

    def stringly(trace: Trace) -> Incident:
        found = find_incident(trace)
        return Incident(found.tool, found.reason.value, found.first_hour, found.last_hour)  # type: ignore[arg-type]

    line = repr(check("07.1", stringly))
    assert line.startswith("[FAIL]")
    assert "NAReason" in line


def test_the_stub_is_todo() -> None:
    """The learner's untouched stub reads as not attempted yet."""

    def stub(trace: Trace) -> Incident:
        raise NotImplementedError()

    assert check("07.1", stub).status is CheckStatus.TODO


def test_the_edge_day_puts_hours_on_either_side_of_half() -> None:
    """Sunday's spike starts with exactly half of the calls failed, then just over half."""
    spec, incident, hint = EDGE_DAY
    assert hint is not None
    shares = reason_rates(simulate_day(spec).trace, incident.tool)[incident.reason]
    assert shares[incident.first_hour - 1] == 0.5
    assert 0.5 < shares[incident.first_hour] < 0.6
    assert 0.25 < shares[incident.last_hour + 1] < 0.5


@pytest.mark.parametrize(
    "wrong",
    [
        _threshold_finder(0.5, inclusive=True),
        *(_threshold_finder(t) for t in (0.25, 0.3, 0.4, 0.45, 0.49, 0.6, 0.75)),
    ],
    ids=lambda finder: finder.__name__,
)
def test_any_rule_but_more_than_half_fails_on_the_edge_day(
    wrong: Callable[[Trace], Incident],
) -> None:
    """'More than half' is tested at its edge: half or more, or a bar above or below, fails."""
    result = check("07.1", wrong)
    line = repr(result)
    assert result.status is CheckStatus.FAIL, line
    assert "Sunday" in line or "Saturday" in line, line
    assert "(hint: " in line
    assert "14..15 are not" not in line


# -- 07.2 validation_alert -----------------------------------------------------------------------


def validation_alert(counter: OutcomeCounter, tool: str) -> bool:
    """The notebook's reference rule."""
    return counter.total(tool) >= MIN_CALLS and counter.validation_failure_rate(tool) > BUDGET


def any_rate_over_budget(counter: OutcomeCounter, tool: str) -> bool:
    """Forgets the minimum number of calls: one rejection at night pages someone."""
    return counter.validation_failure_rate(tool) > BUDGET


def every_failure_counts(counter: OutcomeCounter, tool: str) -> bool:
    """Ignores the failure code: an outage pages the schema alert."""
    return counter.total(tool) >= MIN_CALLS and counter.rate(tool, Outcome.ACCESS_FAILURE) > BUDGET


def any_tool(counter: OutcomeCounter, tool: str) -> bool:
    """Ignores the tool asked about: pages if any tool is over budget."""
    return any(validation_alert(counter, other) for other in counter.tools())


def always(counter: OutcomeCounter, tool: str) -> bool:
    """Hard-coded: always page."""
    return True


def never(counter: OutcomeCounter, tool: str) -> bool:
    """Hard-coded: never page."""
    return False


def at_budget(counter: OutcomeCounter, tool: str) -> bool:
    """Pages at exactly the budget, where the rule says 'more than'."""
    return counter.total(tool) >= MIN_CALLS and counter.validation_failure_rate(tool) >= BUDGET


def more_than_min_calls(counter: OutcomeCounter, tool: str) -> bool:
    """Needs more than MIN_CALLS, where the rule says 'at least'."""
    return counter.total(tool) > MIN_CALLS and counter.validation_failure_rate(tool) > BUDGET


def test_the_reference_alert_rule_passes() -> None:
    """The notebook's solution passes every hour the check holds."""
    result = check("07.2", validation_alert)
    assert result.status is CheckStatus.PASS, repr(result)


@pytest.mark.parametrize(
    "wrong",
    [
        any_rate_over_budget,
        every_failure_counts,
        any_tool,
        always,
        never,
        at_budget,
        more_than_min_calls,
    ],
)
def test_plausible_wrong_alert_rules_fail_with_a_hint(
    wrong: Callable[[OutcomeCounter, str], bool],
) -> None:
    """Each wrong rule fails with a hint; the line never shows the rule's code."""
    result = check("07.2", wrong)
    line = repr(result)
    assert result.status is CheckStatus.FAIL, line
    assert "(hint: " in line
    assert "validation_failure_rate(tool) >" not in line


def test_the_alert_hint_points_to_the_counter_without_naming_its_methods() -> None:
    """The generic hint sends the learner to the counter's section, not to the two calls."""
    hint = check("07.2", never).hint
    assert "Counting outcomes" in hint
    for method in ("total", "validation_failure_rate", "rate(", "counts(", "failure_codes"):
        assert method not in hint


def at_least_seven_calls(counter: OutcomeCounter, tool: str) -> bool:
    """A minimum of calls below MIN_CALLS: 9 calls with 1 rejected pages someone."""
    return counter.total(tool) >= 7 and counter.validation_failure_rate(tool) > BUDGET


def test_a_minimum_below_min_calls_fails_07_2_at_nine_calls() -> None:
    """'At least MIN_CALLS' is probed just below it as well as at it."""
    line = repr(check("07.2", at_least_seven_calls))
    assert "(9 calls, 1 rejected)" in line
    assert "'at least' MIN_CALLS" in line
