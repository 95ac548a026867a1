"""Notebook 06's simulations: scripted and phased upstreams, the trace, and the runs it plots."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from typing import Any

import httpx
import pytest

from tool_outcomes import (
    BreakerState,
    CircuitBreaker,
    Decision,
    Envelope,
    FailureCode,
    FailureKind,
    Outcome,
    RetryBudget,
    RetryPolicy,
)
from tool_outcomes.testing import FakeClock
from tool_outcomes.trace import logger
from tool_outcomes.workbook.nb06.retry_lab import (
    CountedUpstreams,
    PhasedUpstream,
    RefundService,
    ScriptedCall,
    backoff_schedule,
    capture_decisions,
    failed,
    run_breaker,
    run_outage,
    serving_span,
)
from tool_outcomes.workbook.nb06.retry_plots import STATE_LEVELS, plot_backoff, plot_breaker

SUCCESS = Envelope[Any](outcome=Outcome.SUCCESS, data=[1])

# -- scripted calls and mocked upstreams -----------------------------------------------------------


def test_a_scripted_call_plays_its_script_then_repeats_the_last() -> None:
    """Calls come back in order, the last one forever, and each call is counted."""
    timeout = failed(FailureCode.TIMEOUT)
    call = ScriptedCall([timeout, SUCCESS])
    assert [call() for _ in range(4)] == [timeout, SUCCESS, SUCCESS, SUCCESS]
    assert call.calls == 4


@pytest.mark.parametrize(("script", "error"), [([], ValueError), ([[]], TypeError)])
def test_a_scripted_call_refuses_a_script_without_envelopes(
    script: list[Any], error: type[Exception]
) -> None:
    """An empty script or a bare value is a loud error, not a call that returns nonsense."""
    with pytest.raises(error):
        ScriptedCall(script)


def test_failed_builds_the_access_failure_asked_for() -> None:
    """Code, kind, wait and status land on the envelope's failure."""
    env = failed(FailureCode.RATE_LIMITED, retry_after_s=4.0, http_status=429)
    assert env.outcome is Outcome.ACCESS_FAILURE
    assert env.failure is not None
    assert (env.failure.code, env.failure.kind) == (FailureCode.RATE_LIMITED, FailureKind.TRANSIENT)
    assert (env.failure.retry_after_s, env.failure.http_status) == (4.0, 429)


def test_counted_upstreams_count_requests_per_scenario() -> None:
    """Each scenario answers as the catalogue says and its requests are counted apart."""
    upstreams = CountedUpstreams("outage", "empty")
    assert upstreams.client.get(upstreams.url("outage")).status_code == 503
    assert upstreams.client.get(upstreams.url("outage")).status_code == 503
    assert upstreams.client.get(upstreams.url("empty")).json() == []
    assert upstreams.sent == {"outage": 2, "empty": 1}


def test_counted_upstreams_need_a_scenario() -> None:
    """No scenario is a clear error."""
    with pytest.raises(ValueError, match="at least one scenario"):
        CountedUpstreams()


def test_a_phased_upstream_follows_the_clock() -> None:
    """Before the first boundary it serves the first scenario, then the next, then the last."""
    clock = FakeClock()
    upstream = PhasedUpstream(clock, [(10.0, "ok"), (20.0, "outage"), (30.0, "empty")])
    served = []
    for _ in range(5):
        served.append(upstream.client.get(PhasedUpstream.URL).status_code)
        clock.advance(9.0)
    assert served == [200, 200, 503, 200, 200]
    assert upstream.serving() == "empty"
    with pytest.raises(ValueError, match="phase"):
        PhasedUpstream(clock, [])


def test_the_refund_service_takes_effect_before_its_reply_is_lost() -> None:
    """A POST that times out has already made its refund; a refused one has made none."""
    lost_reply = RefundService()
    with lost_reply.client() as http, pytest.raises(httpx.ReadTimeout):
        http.post(RefundService.URL, json={"order": "A-1"})
    assert (lost_reply.requests, lost_reply.refunds) == (1, ['{"order":"A-1"}'])
    refused = RefundService(refuse_connections=True)
    with refused.client() as http, pytest.raises(httpx.ConnectError):
        http.post(RefundService.URL, json={"order": "A-1"})
    assert (refused.requests, refused.refunds) == (1, [])


# -- the trace ------------------------------------------------------------------------------------


def test_capture_decisions_collects_every_record_and_restores_the_logger() -> None:
    """Decisions of every level are collected; the logger's level and propagation come back."""
    logger.setLevel(logging.WARNING)
    try:
        with capture_decisions() as records:
            from tool_outcomes import with_retry

            with_retry(
                ScriptedCall([failed(FailureCode.TIMEOUT), SUCCESS]),
                RetryPolicy(),
                sleep=FakeClock().sleep,
            )
        assert [r["decision"] for r in records] == [Decision.RETRY, Decision.DONE]
        assert (logger.level, logger.propagate) == (logging.WARNING, True)
    finally:
        logger.setLevel(logging.NOTSET)


# -- the backoff schedule -------------------------------------------------------------------------


@pytest.mark.parametrize("retry_after_s", [None, 0.7, 3.0])
def test_the_schedule_is_what_with_retry_slept(retry_after_s: float | None) -> None:
    """One row per retry; each sleep is the jittered draw, raised to Retry-After when given."""
    policy = RetryPolicy(max_attempts=6, backoff_base_s=0.5, backoff_cap_s=4.0, seed=11)
    rows = backoff_schedule(policy, retry_after_s=retry_after_s)
    assert [r.retry for r in rows] == [1, 2, 3, 4, 5]
    for row in rows:
        assert 0 <= row.jittered_s <= row.ceiling_s <= 4.0
        assert row.slept_s == max(row.jittered_s, retry_after_s or 0.0)


def test_a_schedule_is_the_same_on_every_run() -> None:
    """A seeded policy gives the same numbers twice: what nbval needs."""
    policy = RetryPolicy(max_attempts=5, seed=3)
    assert backoff_schedule(policy, retry_after_s=1.0) == backoff_schedule(
        policy, retry_after_s=1.0
    )


def test_a_retry_after_beyond_the_limit_gives_no_schedule() -> None:
    """The policy gives up rather than wait an hour: there is no sleep to show."""
    assert backoff_schedule(RetryPolicy(max_attempts=4), retry_after_s=3600.0) == []


# -- runs through the adapter ---------------------------------------------------------------------


def _outage(budget: RetryBudget | None) -> tuple[list[Any], PhasedUpstream]:
    upstream = PhasedUpstream(FakeClock(), [(100.0, "outage"), (float("inf"), "ok")])
    policy = RetryPolicy(max_attempts=3, budget=budget, seed=1)
    return run_outage(upstream, policy, calls=20, interval_s=10.0), upstream


def test_a_budget_stops_retries_during_an_outage_and_refills_after() -> None:
    """Retries stop when the tokens run out; every outage call is an access failure; ok refunds."""
    steps, upstream = _outage(RetryBudget(capacity=20, retry_cost=5, success_refund=1))
    during = [s for s in steps if s.serving == "outage"]
    assert {s.outcome for s in during} == {Outcome.ACCESS_FAILURE}
    assert [s.requests for s in during] == [3, 3] + [1] * (len(during) - 2)
    assert {s.decision for s in during[2:]} == {Decision.BUDGET_EXHAUSTED}
    after = [s.budget_left for s in steps if s.serving == "ok"]
    assert after == sorted(after)
    assert after[-1] > 0
    assert sum(s.requests for s in steps) == sum(upstream.sent.values())


def test_without_a_budget_every_outage_call_is_three_requests() -> None:
    """The comparison the notebook prints: no budget, no limit on the amplification."""
    steps, upstream = _outage(None)
    during = [s for s in steps if s.serving == "outage"]
    assert {s.requests for s in during} == {3}
    assert upstream.sent["outage"] == 3 * len(during)
    assert {s.budget_left for s in steps} == {None}


def _breaker_run() -> tuple[list[Any], PhasedUpstream, CircuitBreaker]:
    clock = FakeClock()
    upstream = PhasedUpstream(clock, [(30.0, "ok"), (120.0, "lying_html_200"), (1e9, "ok")])
    breaker = CircuitBreaker(failure_threshold=3, reset_timeout_s=30.0, clock=clock)
    return run_breaker(upstream, breaker, calls=40, interval_s=5.0), upstream, breaker


def test_lying_200s_open_the_breaker_though_nothing_raised() -> None:
    """The breaker opens on classified failures a plain status check would never see."""
    steps, _, _ = _breaker_run()
    lying = [s for s in steps if s.serving == "lying_html_200"]
    assert not any(s.raised for s in lying)
    first_open = next(s for s in steps if s.state_after is BreakerState.OPEN)
    assert first_open.code is FailureCode.INVALID_BODY
    assert first_open.t_s == 40.0  # the third lie in a row: 30, 35, 40


def test_refused_calls_never_reach_the_upstream_and_a_healthy_probe_closes_it() -> None:
    """Every refusal is circuit_open and unsent; the run ends closed, after the recovery."""
    steps, upstream, breaker = _breaker_run()
    refused = [s for s in steps if not s.sent]
    assert refused
    assert {s.code for s in refused} == {FailureCode.CIRCUIT_OPEN}
    assert sum(upstream.sent.values()) == len(steps) - len(refused)
    assert breaker.stats.refused == len(refused)
    assert steps[-1].state_after is BreakerState.CLOSED


def test_the_lying_span_runs_until_the_upstream_was_seen_to_recover() -> None:
    """From the first lie to the first call after the last one: the phase as the calls saw it."""
    steps, _, _ = _breaker_run()
    lies = [s.t_s for s in steps if s.serving == "lying_html_200"]
    assert (lies[0], lies[-1]) == (30.0, 115.0)
    assert serving_span(steps, "lying_html_200") == (30.0, 120.0)
    assert serving_span(steps, "outage") is None


def test_a_run_that_ends_inside_the_span_ends_it_at_the_last_call() -> None:
    """Nothing after the last lie: the span cannot reach past the run."""
    steps, _, _ = _breaker_run()
    cut = [s for s in steps if s.t_s <= 100.0]
    assert serving_span(cut, "lying_html_200") == (30.0, 100.0)


# -- plots ----------------------------------------------------------------------------------------


@pytest.fixture
def agg() -> None:
    """Draw off-screen."""
    import matplotlib

    matplotlib.use("Agg")


def _texts(fig: Any) -> tuple[str, str, str, list[str]]:
    ax = fig.axes[0]
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    return ax.get_title(), ax.get_xlabel(), ax.get_ylabel(), legend


@pytest.mark.usefixtures("agg")
def test_the_backoff_plot_is_labelled_and_plots_what_was_slept() -> None:
    """Title, axes and a legend per series; the red line's points are the sleeps."""
    import matplotlib.pyplot as plt

    policy = RetryPolicy(max_attempts=5, seed=2)
    rows = backoff_schedule(policy, retry_after_s=0.5)
    fig = plot_backoff(rows, [policy.delays()])
    title, xlabel, ylabel, legend = _texts(fig)
    assert "Retry-After" in title
    assert (xlabel, ylabel) == (
        "retry (1 = the wait before the second call)",
        "wait before the retry (s)",
    )
    assert "Retry-After: 0.5 s" in legend
    assert "ceiling min(cap, base·2ⁿ⁻¹)" in legend  # retries are numbered from 1 on the plot
    assert len(legend) == 5
    slept = [line for line in fig.axes[0].get_lines() if "slept" in str(line.get_label())]
    assert list(slept[0].get_ydata()) == [r.slept_s for r in rows]
    plt.close(fig)


@pytest.mark.usefixtures("agg")
def test_the_breaker_plot_counts_sent_and_refused_calls() -> None:
    """The legend carries the counts the notebook prints; states map to three levels."""
    import matplotlib.pyplot as plt

    steps, _, _ = _breaker_run()
    fig = plot_breaker(steps)
    title, xlabel, ylabel, legend = _texts(fig)
    sent = sum(s.sent for s in steps)
    assert f"call sent to the upstream ({sent})" in legend
    assert f"call refused: circuit_open ({len(steps) - sent})" in legend
    assert "breaker" in title
    assert (xlabel, ylabel) == ("time (s, fake clock)", "breaker state")
    shaded = [p for p in fig.axes[0].patches if p.get_label() == "upstream sends lying 200s"]
    assert len(shaded) == 1
    x0, x1 = shaded[0].get_x(), shaded[0].get_x() + shaded[0].get_width()
    assert (x0, x1) == serving_span(steps, "lying_html_200")
    assert sorted(STATE_LEVELS.values()) == [0, 1, 2]
    plt.close(fig)


@pytest.mark.parametrize("plot", [plot_backoff, plot_breaker])
def test_an_empty_run_is_refused_not_drawn(plot: Any) -> None:
    """Nothing to plot is a clear error, never a blank figure."""
    with pytest.raises(ValueError, match="nothing to plot"):
        plot([])


def test_importing_the_lab_and_its_plots_imports_no_matplotlib() -> None:
    """The plots import matplotlib when they draw, not when the module is imported."""
    code = (
        "import sys, json\n"
        "import tool_outcomes.workbook.nb06.retry_lab, tool_outcomes.workbook.nb06.retry_plots\n"
        "print(json.dumps('matplotlib' in sys.modules))"
    )
    completed = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    )
    assert json.loads(completed.stdout) is False
