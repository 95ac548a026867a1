"""Load: 1,000 async calls through the adapter at the real server, a seeded 30 % of them faults.

The server's ``/load_mix?id=N`` serves ``LOAD_PLAN[N]``: ``/ok.json`` for 700 call ids and, for
300 ids drawn by ``random.Random(LOAD_SEED)``, one of :data:`~real_server.LOAD_FAULTS`. A call
id asked again gets the same fault, retries included, so each call's outcome is known before
the first request and the tallies must match exactly. Sleeps are injected (recorded, never
waited); the whole batch runs under ``asyncio.timeout`` so it can never hang; loopback only.
Nothing time-based is asserted.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import httpx
import pytest
from pydantic import BaseModel, Field

from real_server import LOAD_CALLS, LOAD_FAULT_SHARE, LOAD_FAULTS, LOAD_PLAN, MisbehavingServer
from tool_outcomes import (
    Envelope,
    FailureCode,
    FailureKind,
    Outcome,
    RetryBudget,
    RetryPolicy,
    tool,
)

#: What each path of the plan must end as: outcome, and failure code for an access failure.
LOAD_EXPECT: dict[str, tuple[Outcome, FailureCode | None]] = {
    "/ok.json": (Outcome.SUCCESS, None),
    "/empty.json": (Outcome.EMPTY, None),
    "/jsonl_cut": (Outcome.PARTIAL, None),
    "/partial_page": (Outcome.PARTIAL, None),
    "/unavailable": (Outcome.ACCESS_FAILURE, FailureCode.SERVER_ERROR),
    "/rate_limited": (Outcome.ACCESS_FAILURE, FailureCode.RATE_LIMITED),
    "/close_immediately": (Outcome.ACCESS_FAILURE, FailureCode.NETWORK),
    "/html_200": (Outcome.ACCESS_FAILURE, FailureCode.INVALID_BODY),
    "/gzip_bogus": (Outcome.ACCESS_FAILURE, FailureCode.PROTOCOL),
}
#: The faults that are transient, so the only ones that may earn a retry.
TRANSIENT_PATHS = frozenset({"/unavailable", "/rate_limited", "/close_immediately"})

#: In flight at once: the semaphore and the client's connection pool agree.
CONCURRENCY = 50
#: The bound on the whole batch; far above its real run time, there only so it cannot hang.
BATCH_TIMEOUT_S = 60.0


class CallId(BaseModel):
    """Which call of the plan this is."""

    id: int = Field(ge=0, lt=LOAD_CALLS)


def make_budget() -> RetryBudget:
    """Room for 50 retries fleet-wide, and no refunds, so the bound is a plain quotient."""
    return RetryBudget(capacity=250, retry_cost=5, timeout_cost=10, success_refund=0)


def request_bound(calls: int, budget: RetryBudget, policy: RetryPolicy) -> int:
    """The most upstream requests ``calls`` calls can make under ``budget`` and ``policy``.

    Every call makes one first request; each retry takes at least
    ``min(retry_cost, timeout_cost)`` tokens of ``capacity`` (refunds are 0), and no call makes
    more than ``max_attempts`` requests.
    """
    by_budget = calls + budget.capacity // min(budget.retry_cost, budget.timeout_cost)
    return min(by_budget, calls * policy.max_attempts)


def expected_of(env: Envelope[Any]) -> tuple[Outcome, FailureCode | None]:
    return env.outcome, None if env.failure is None else env.failure.code


def test_the_plan_injects_a_fixed_share_of_every_fault() -> None:
    """Exactly 30 % of the call ids get a fault, each fault appears, and each has an expectation."""
    tally = Counter(LOAD_PLAN)
    assert len(LOAD_PLAN) == LOAD_CALLS == 1000
    assert LOAD_CALLS - tally["/ok.json"] == round(LOAD_CALLS * LOAD_FAULT_SHARE) == 300
    assert set(tally) == {"/ok.json", *LOAD_FAULTS}
    assert set(LOAD_EXPECT) == {"/ok.json", *LOAD_FAULTS}


@pytest.mark.asyncio
async def test_a_thousand_async_calls_under_injected_faults_land_exactly_as_planned() -> None:
    """1,000 calls, 1,000 envelopes, per-outcome counts as injected, requests within the budget.

    Bound: each call makes one request, and each retry spends at least
    ``min(retry_cost, timeout_cost) = 5`` of the budget's 250 tokens with no refunds, so the
    server sees at most ``1,000 + 250 // 5 = 1,050`` requests. Unbudgeted, the transient call
    ids alone would ask for two retries each, far more than 50.
    """
    budget = make_budget()
    policy = RetryPolicy(
        max_attempts=3, backoff_base_s=0.1, backoff_cap_s=1.0, budget=budget, seed=20261130
    )
    bound = request_bound(LOAD_CALLS, budget, policy)
    transient_ids = sum(path in TRANSIENT_PATHS for path in LOAD_PLAN)
    assert bound == 1050
    assert LOAD_CALLS + transient_ids * (policy.max_attempts - 1) > bound, "the budget must bind"

    slept: list[float] = []

    async def fake_sleep(seconds: float) -> None:
        slept.append(seconds)

    gate = asyncio.Semaphore(CONCURRENCY)
    limits = httpx.Limits(max_connections=CONCURRENCY)

    with MisbehavingServer() as server:

        @tool(args=CallId, name="load", policy=policy)
        def fetch(args: CallId) -> httpx.Request:
            return httpx.Request("GET", server.url("/load_mix"), params={"id": args.id})

        async def one(http: httpx.AsyncClient, call_id: int) -> Envelope[Any]:
            async with gate:
                return await fetch.acall({"id": call_id}, client=http, sleep=fake_sleep)

        timeout = httpx.Timeout(5.0)
        async with (
            httpx.AsyncClient(timeout=timeout, limits=limits) as http,
            asyncio.timeout(BATCH_TIMEOUT_S),
        ):
            envelopes = await asyncio.gather(*(one(http, i) for i in range(LOAD_CALLS)))
        requests = server.count("/load_mix")

    assert len(envelopes) == LOAD_CALLS
    assert all(isinstance(env, Envelope) for env in envelopes)

    expected = [LOAD_EXPECT[path] for path in LOAD_PLAN]
    got = [expected_of(env) for env in envelopes]
    pairs = enumerate(zip(expected, got, strict=True))
    wrong = [(i, LOAD_PLAN[i], g) for i, (e, g) in pairs if e != g]
    assert wrong == [], wrong[:10]
    assert Counter(outcome for outcome, _ in got) == Counter(outcome for outcome, _ in expected)
    assert Counter(got) == Counter(expected)

    # Settled and permanent outcomes were asked once; only transient ones were retried.
    for env, path in zip(envelopes, LOAD_PLAN, strict=True):
        if path in TRANSIENT_PATHS:
            assert env.failure is not None
            assert env.failure.kind is FailureKind.TRANSIENT
            assert 1 <= env.attempts <= policy.max_attempts
        else:
            assert env.attempts == 1, (path, env)

    # Every request the server read is an attempt an envelope counts, and the retries are the
    # sleeps taken and the tokens spent: none of them past the bound.
    assert requests == sum(env.attempts for env in envelopes)
    assert requests - LOAD_CALLS == len(slept)
    assert requests - LOAD_CALLS == (budget.capacity - budget.available) // budget.retry_cost
    assert requests <= bound
    assert budget.available < budget.retry_cost  # the budget, not the attempt cap, stopped them
