"""Teaching aids for notebook 06 (retry in the adapter): scripted upstreams and small simulations.

Everything here runs on a :class:`~tool_outcomes.testing.FakeClock`, so a notebook cell that
"waits" thirty seconds returns at once and prints the same numbers on every run.

* :class:`ScriptedCall` — a call that returns envelopes from a script, counting its calls; the
  raw material of retry loops (the notebook's and the exercise checks').
* :func:`failed` — one access-failure envelope, for scripts.
* :class:`CountedUpstreams` — an ``httpx.Client`` over mocked scenarios that counts the requests
  each scenario received.
* :class:`PhasedUpstream` — one upstream whose behaviour follows the clock: healthy, then an
  outage or lying ``200``s, then healthy again.
* :class:`RefundService` — a payments upstream whose ``POST`` takes effect and then times out, or
  is refused before it is sent.
* :func:`capture_decisions` — the retry decisions the adapter traced, collected from its logger.
* :func:`backoff_schedule` — what :func:`~tool_outcomes.with_retry` really slept, retry by retry,
  beside the backoff ceiling, the jittered delay and the ``Retry-After`` floor.
* :func:`run_outage` and :func:`run_breaker` — a stream of calls through the adapter against a
  :class:`PhasedUpstream`, one row per call; :func:`serving_span` — when a run's upstream served
  one scenario, as its calls saw it.

Plots of these runs live in :mod:`tool_outcomes.workbook.nb06.retry_plots`.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import httpx
from pydantic import BaseModel

from tool_outcomes.adapter import Tool, tool
from tool_outcomes.breaker import BreakerState, CircuitBreaker
from tool_outcomes.envelope import Envelope, Failure, FailureCode, FailureKind, Outcome
from tool_outcomes.retry import RetryPolicy, with_retry
from tool_outcomes.testing import FakeClock
from tool_outcomes.trace import Decision, logger
from tool_outcomes.workbook.catalogue import Handler, host_for
from tool_outcomes.workbook.scenarios import get_scenario

__all__ = [
    "BASE_S",
    "MAX_ATTEMPTS",
    "BackoffRow",
    "BreakerStep",
    "CountedUpstreams",
    "OutageStep",
    "PhasedUpstream",
    "RefundService",
    "ScriptedCall",
    "Search",
    "backoff_schedule",
    "capture_decisions",
    "failed",
    "run_breaker",
    "run_outage",
    "serving_span",
]

#: The attempts (first call included) and the backoff base of the hand-written loops in 06.
MAX_ATTEMPTS = 3
BASE_S = 0.5


# -- scripted calls ------------------------------------------------------------------------------


def failed(
    code: FailureCode,
    kind: FailureKind = FailureKind.TRANSIENT,
    *,
    retry_after_s: float | None = None,
    http_status: int | None = None,
) -> Envelope[Any]:
    """One access-failure envelope, for a :class:`ScriptedCall`'s script.

    Args:
        code: Why the access failed.
        kind: Whether asking again could help.
        retry_after_s: How long the upstream asked to wait, if it did.
        http_status: The status that came back, if any.

    Returns:
        An ``access_failure`` envelope with tool ``"search"``.
    """
    failure = Failure(code=code, kind=kind, retry_after_s=retry_after_s, http_status=http_status)
    return Envelope[Any](outcome=Outcome.ACCESS_FAILURE, failure=failure, tool="search")


@dataclass
class ScriptedCall:
    """A zero-argument call returning its script's envelopes in order, then the last one forever.

    Args:
        script: The envelopes to return, at least one.
    """

    script: Sequence[Envelope[Any]]
    calls: int = 0

    def __post_init__(self) -> None:
        if not self.script:
            raise ValueError("a ScriptedCall needs at least one envelope in its script")
        for item in self.script:
            if not isinstance(item, Envelope):
                raise TypeError(f"a script holds envelopes, got {type(item).__name__}")

    def __call__(self) -> Envelope[Any]:
        env = self.script[min(self.calls, len(self.script) - 1)]
        self.calls += 1
        return env


# -- mocked upstreams ----------------------------------------------------------------------------


class Search(BaseModel):
    """The arguments of the notebook's search tools."""

    q: str = "bolts"


class CountedUpstreams:
    """A client over some mocked scenarios that counts the requests each one received.

    Args:
        names: Scenario names (see :mod:`tool_outcomes.workbook.scenarios`).
        flaky_failures: How many calls ``flaky`` fails before it answers.
    """

    def __init__(self, *names: str, flaky_failures: int = 2) -> None:
        if not names:
            raise ValueError("name at least one scenario")
        self._by_host = {
            host_for(n): (n, get_scenario(n).handler_factory(flaky_failures)) for n in names
        }
        self.sent: Counter[str] = Counter()
        self.client = httpx.Client(transport=httpx.MockTransport(self._handle))

    def _handle(self, request: httpx.Request) -> httpx.Response:
        name, handler = self._by_host[request.url.host]
        self.sent[name] += 1
        return handler(request)

    @staticmethod
    def url(name: str) -> str:
        """The URL a tool calls to reach scenario ``name``."""
        return get_scenario(name).url


class PhasedUpstream:
    """One upstream that serves a different scenario depending on the time on ``clock``.

    Args:
        clock: The fake clock the simulation advances.
        phases: ``(until_s, scenario)`` pairs in order: the scenario served while the clock
            reads less than ``until_s``; the last scenario is served from then on.
    """

    URL = "https://phased.upstream.test/widgets"

    def __init__(self, clock: FakeClock, phases: Sequence[tuple[float, str]]) -> None:
        if not phases:
            raise ValueError("give at least one (until_s, scenario) phase")
        self.clock = clock
        self.phases = tuple(phases)
        self._handlers: dict[str, Handler] = {
            name: get_scenario(name).handler_factory(0) for _, name in self.phases
        }
        self.sent: Counter[str] = Counter()
        self.client = httpx.Client(transport=httpx.MockTransport(self._handle))

    def serving(self) -> str:
        """The scenario served at the clock's current time."""
        now_s = self.clock()
        for until_s, name in self.phases:
            if now_s < until_s:
                return name
        return self.phases[-1][1]

    def _handle(self, request: httpx.Request) -> httpx.Response:
        name = self.serving()
        self.sent[name] += 1
        return self._handlers[name](request)

    def search_tool(
        self, policy: RetryPolicy, breaker: CircuitBreaker | None = None
    ) -> Tool[Search, Any]:
        """A search tool (through the adapter) aimed at this upstream."""

        @tool(args=Search, name="search", policy=policy, breaker=breaker)
        def search(args: Search) -> httpx.Request:
            return httpx.Request("GET", self.URL, params={"q": args.q})

        return search


@dataclass
class RefundService:
    """A payments upstream. Each ``POST`` either takes effect and loses its reply, or is refused.

    Args:
        refuse_connections: ``True``: every request fails to connect (nothing reaches the
            service). ``False``: every request creates a refund, then the reply times out.
    """

    refuse_connections: bool = False
    refunds: list[str] = field(default_factory=list)
    requests: int = 0

    URL = "https://payments.upstream.test/refunds"

    def _handle(self, request: httpx.Request) -> httpx.Response:
        self.requests += 1
        if self.refuse_connections:
            raise httpx.ConnectError("connection refused", request=request)
        self.refunds.append(request.content.decode())
        raise httpx.ReadTimeout("no reply within 5 s", request=request)

    def client(self) -> httpx.Client:
        """A client whose requests reach this service."""
        return httpx.Client(transport=httpx.MockTransport(self._handle))


# -- the trace ------------------------------------------------------------------------------------


class _Collector(logging.Handler):
    def __init__(self, into: list[dict[str, Any]]) -> None:
        super().__init__(level=logging.DEBUG)
        self.into = into

    def emit(self, record: logging.LogRecord) -> None:
        fields = getattr(record, "tool_outcomes", None)
        if isinstance(fields, dict):
            self.into.append(fields)


@contextmanager
def capture_decisions() -> Iterator[list[dict[str, Any]]]:
    """Collect every trace record the library emits inside the ``with`` block.

    The ``tool_outcomes`` logger is set to ``DEBUG`` and kept from propagating while the block
    runs (so nothing is printed), then restored.

    Yields:
        A list that fills with each record's fields (``record.as_dict()``: ``attempt``,
        ``decision``, ``sleep_s``, ``outcome``, ``failure_code``, …), in order.
    """
    records: list[dict[str, Any]] = []
    handler = _Collector(records)
    level, propagate = logger.level, logger.propagate
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    logger.propagate = False
    try:
        yield records
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
        logger.propagate = propagate


# -- the backoff schedule -------------------------------------------------------------------------


@dataclass(frozen=True)
class BackoffRow:
    """One retry of a schedule: the ceiling, the jittered draw, the floor and what was slept."""

    retry: int
    """1 for the first retry (the second call)."""
    ceiling_s: float
    jittered_s: float
    retry_after_s: float | None
    slept_s: float


def backoff_schedule(policy: RetryPolicy, *, retry_after_s: float | None) -> list[BackoffRow]:
    """Run ``with_retry`` against an upstream that always fails, and read back every sleep.

    The upstream answers a transient ``server_error`` (with ``Retry-After: retry_after_s`` when
    given) until the policy gives up. The sleeps are what a :class:`FakeClock` recorded, set
    beside what the policy's own formula says, so a notebook can plot one and check the other.

    Args:
        policy: The retry policy (seed it, for the same schedule on every run).
        retry_after_s: The upstream's ``Retry-After``, or ``None``.

    Returns:
        One :class:`BackoffRow` per sleep.
    """
    clock = FakeClock()
    failure = failed(FailureCode.SERVER_ERROR, retry_after_s=retry_after_s, http_status=503)
    with capture_decisions():
        with_retry(ScriptedCall([failure]), policy, sleep=clock.sleep, clock=clock)
    jittered = policy.delays()
    return [
        BackoffRow(
            retry=n + 1,
            ceiling_s=policy.ceiling_s(n),
            jittered_s=jittered[n],
            retry_after_s=retry_after_s,
            slept_s=slept_s,
        )
        for n, slept_s in enumerate(clock.sleeps)
    ]


# -- a stream of calls through the adapter -------------------------------------------------------


@dataclass(frozen=True)
class OutageStep:
    """One tool call during :func:`run_outage`."""

    call: int
    start_s: float
    serving: str
    """The scenario the upstream was serving when the call started."""
    requests: int
    """How many requests the call sent (its attempts)."""
    slept_s: float
    """How long its retries waited in all."""
    outcome: Outcome
    decision: Decision
    """The decision traced on the call's last attempt."""
    budget_left: int | None


def run_outage(
    upstream: PhasedUpstream, policy: RetryPolicy, *, calls: int, interval_s: float
) -> list[OutageStep]:
    """Make ``calls`` tool calls against ``upstream``, one starting every ``interval_s`` seconds.

    Calls arrive at a steady rate, as from many users: each call's retries sleep on a clock of
    their own and are sent while the upstream is still in the phase the call started in, and the
    next call starts ``interval_s`` after this one started, however long this one waited.

    Args:
        upstream: The phased upstream; its clock is the wall clock calls arrive on.
        policy: The tool's retry policy, shared by every call (with its budget, if any).
        calls: How many calls.
        interval_s: Seconds between the starts of two calls.

    Returns:
        One :class:`OutageStep` per call.
    """
    wall = upstream.clock
    search = upstream.search_tool(policy)
    steps: list[OutageStep] = []
    for number in range(1, calls + 1):
        start_s = wall()
        serving = upstream.serving()
        own = FakeClock(now_s=start_s)
        with capture_decisions() as records:
            env = search.call(client=upstream.client, sleep=own.sleep, clock=own)
        budget = policy.budget
        steps.append(
            OutageStep(
                call=number,
                start_s=start_s,
                serving=serving,
                requests=env.attempts,
                slept_s=sum(own.sleeps),
                outcome=env.outcome,
                decision=Decision(records[-1]["decision"]),
                budget_left=None if budget is None else budget.available,
            )
        )
        wall.advance(interval_s)
    return steps


@dataclass(frozen=True)
class BreakerStep:
    """One tool call during :func:`run_breaker`."""

    t_s: float
    serving: str
    """The scenario the upstream was serving at that moment."""
    sent: bool
    """Whether the call reached the upstream (False: the breaker refused it)."""
    outcome: Outcome
    code: FailureCode | None
    state_before: BreakerState
    state_after: BreakerState
    raised: bool
    """Whether a plain ``httpx`` call would have raised here (what a naive breaker counts)."""


def run_breaker(
    upstream: PhasedUpstream, breaker: CircuitBreaker, *, calls: int, interval_s: float
) -> list[BreakerStep]:
    """Make ``calls`` single-attempt tool calls through ``breaker``, one every ``interval_s``.

    Args:
        upstream: The phased upstream; ``breaker`` must read the same clock.
        breaker: The outcome-aware breaker under test.
        calls: How many calls.
        interval_s: Seconds between calls.

    Returns:
        One :class:`BreakerStep` per call.
    """
    clock = upstream.clock
    search = upstream.search_tool(RetryPolicy(max_attempts=1), breaker)
    steps: list[BreakerStep] = []
    for _ in range(calls):
        serving = upstream.serving()
        before_sent = sum(upstream.sent.values())
        state_before = breaker.state
        with capture_decisions():
            env = search.call(client=upstream.client, clock=clock)
        failure = env.failure
        steps.append(
            BreakerStep(
                t_s=clock(),
                serving=serving,
                sent=sum(upstream.sent.values()) > before_sent,
                outcome=env.outcome,
                code=None if failure is None else failure.code,
                state_before=state_before,
                state_after=breaker.state,
                raised=_would_raise(failure),
            )
        )
        clock.advance(interval_s)
    return steps


def _would_raise(failure: Failure | None) -> bool:
    """Whether ``httpx`` plus ``raise_for_status()`` would have raised for this failure."""
    if failure is None or failure.code is FailureCode.CIRCUIT_OPEN:
        return False
    return failure.http_status is None or failure.http_status >= 400


def serving_span(steps: Sequence[BreakerStep], scenario: str) -> tuple[float, float] | None:
    """When the run's upstream served ``scenario``, as its calls saw it.

    The span runs from the first call served ``scenario`` to the first call after the last one
    that was (the moment the upstream was seen to have moved on), or to the last such call when
    the run ends inside it. A plot shading this span and a sentence quoting it agree.

    Args:
        steps: The run, from :func:`run_breaker`.
        scenario: A scenario the upstream served, e.g. ``"lying_html_200"``.

    Returns:
        ``(start_s, end_s)``, or ``None`` when no call was served ``scenario``.
    """
    served = [n for n, step in enumerate(steps) if step.serving == scenario]
    if not served:
        return None
    after = served[-1] + 1
    end_s = steps[after].t_s if after < len(steps) else steps[served[-1]].t_s
    return steps[served[0]].t_s, end_s
