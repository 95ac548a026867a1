"""Plots for notebook 06: the backoff schedule and a circuit breaker's state over a run.

matplotlib is imported inside each function, so importing this module stays cheap. Each
function takes rows computed by :mod:`tool_outcomes.workbook.nb06.retry_lab` (the same rows
a notebook prints or checks) and returns the figure; the notebook shows it with ``plt.show()``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tool_outcomes.breaker import BreakerState

from .retry_lab import BackoffRow, BreakerStep, serving_span

__all__ = ["STATE_LEVELS", "plot_backoff", "plot_breaker"]

#: The height of each breaker state on the plot, healthiest at the bottom.
STATE_LEVELS: dict[BreakerState, int] = {
    BreakerState.CLOSED: 0,
    BreakerState.HALF_OPEN: 1,
    BreakerState.OPEN: 2,
}

_FIGSIZE = (8.0, 4.0)


def plot_backoff(rows: Sequence[BackoffRow], others: Sequence[Sequence[float]] = ()) -> Any:
    """The waits before each retry: the ceiling, the jittered draws, Retry-After, what was slept.

    Args:
        rows: One client's schedule, from
            :func:`~tool_outcomes.workbook.nb06.retry_lab.backoff_schedule`.
        others: Other clients' jittered draws under the same policy (one sequence per client),
            drawn faintly to show how full jitter spreads them.

    Returns:
        The matplotlib ``Figure``.
    """
    import matplotlib.pyplot as plt

    if not rows:
        raise ValueError("nothing to plot: the schedule has no retries")
    fig, ax = plt.subplots(figsize=_FIGSIZE)
    retries = [row.retry for row in rows]
    for n, draws in enumerate(others):
        shown = list(draws[: len(rows)])
        label = "other clients' jittered draws" if n == 0 else None
        ax.scatter(retries[: len(shown)], shown, s=12, color="0.75", label=label, zorder=1)
    ax.plot(retries, [r.ceiling_s for r in rows], "k--", label="ceiling min(cap, base·2ⁿ⁻¹)")
    ax.scatter(
        retries, [r.jittered_s for r in rows], marker="x", color="tab:blue", label="jittered draw"
    )
    floor = rows[0].retry_after_s
    if floor is not None:
        ax.axhline(floor, color="tab:orange", linestyle=":", label=f"Retry-After: {floor:g} s")
    ax.plot(
        retries,
        [r.slept_s for r in rows],
        "o-",
        color="tab:red",
        markerfacecolor="none",
        markersize=9,
        label="slept (what with_retry did)",
    )
    ax.set_xlabel("retry (1 = the wait before the second call)")
    ax.set_ylabel("wait before the retry (s)")
    ax.set_xticks(retries)
    ax.set_title("Full jitter waits anywhere below the ceiling; Retry-After sets the floor")
    ax.legend(loc="upper left", fontsize="small")
    fig.tight_layout()
    return fig


def plot_breaker(steps: Sequence[BreakerStep]) -> Any:
    """A breaker's state after each call, with the calls it let through and the ones it refused.

    Args:
        steps: The run, from :func:`~tool_outcomes.workbook.nb06.retry_lab.run_breaker`.

    Returns:
        The matplotlib ``Figure``.
    """
    import matplotlib.pyplot as plt

    if not steps:
        raise ValueError("nothing to plot: the run has no calls")
    fig, ax = plt.subplots(figsize=_FIGSIZE)
    lying = serving_span(steps, "lying_html_200")
    if lying is not None:
        ax.axvspan(*lying, color="tab:red", alpha=0.08, label="upstream sends lying 200s")
    # Each call shows the state it met and the state it left, so a failing probe's dip to
    # half_open and its return to open both appear.
    xs = [t for s in steps for t in (s.t_s, s.t_s)]
    ys = [STATE_LEVELS[state] for s in steps for state in (s.state_before, s.state_after)]
    ax.step(xs, ys, where="post", color="k", label="breaker state")
    sent = [s for s in steps if s.sent]
    refused = [s for s in steps if not s.sent]
    ax.scatter(
        [s.t_s for s in sent],
        [STATE_LEVELS[s.state_before] for s in sent],
        s=18,
        color="tab:blue",
        label=f"call sent to the upstream ({len(sent)})",
        zorder=3,
    )
    ax.scatter(
        [s.t_s for s in refused],
        [STATE_LEVELS[s.state_before] for s in refused],
        s=18,
        marker="x",
        color="tab:red",
        label=f"call refused: circuit_open ({len(refused)})",
        zorder=3,
    )
    ax.set_yticks(list(STATE_LEVELS.values()), [state.value for state in STATE_LEVELS])
    ax.set_ylim(-0.5, 3.2)
    ax.set_xlabel("time (s, fake clock)")
    ax.set_ylabel("breaker state")
    ax.set_title("Lying 200s trip the breaker; while open it spares the upstream")
    ax.legend(loc="upper right", fontsize="small", ncols=2)
    fig.tight_layout()
    return fig
