"""Type-checked by mypy (strict), never run: the conformance kit's public API keeps its types."""

from __future__ import annotations

from typing import Any

import httpx
from pydantic import BaseModel

from tool_outcomes import Envelope, FailureCode, FailureKind, Outcome, tool
from tool_outcomes.testing import (
    FAULTS,
    ConformanceReport,
    Expect,
    FakeClock,
    Fault,
    FaultTransport,
    Row,
    Scope,
    Verdict,
    assert_outcome,
    check_tool,
    conformance_problem,
    raise_as,
)


class Query(BaseModel):
    q: str


@tool(args=Query, items="results")
def search(args: Query) -> httpx.Request:
    return httpx.Request("GET", "https://api.example.test/search", params={"q": args.q})


fault: Fault = FAULTS["timeout"]
expect: Expect = fault.expect
outcome: Outcome = expect.outcome
code: FailureCode | None = expect.code
kind: FailureKind | None = expect.kind
scoped: list[Fault] = FAULTS.where(Scope.ANY, "read")

report: ConformanceReport = check_tool(
    search,
    {"q": "x"},
    success_body={"results": [{"id": 1}]},
    faults=["timeout", fault],
    client_factory=lambda transport: httpx.Client(transport=transport),
)
ok: bool = report.ok
failures: list[Row] = report.failures
verdict: Verdict = report["timeout"].verdict
envelope: Envelope[Any] | None = report["timeout"].envelope
problem: str | None = conformance_problem(search, {"q": "x"}, faults=FAULTS)

transport: FaultTransport = FaultTransport("timeout", success_body=None)
sync_client = httpx.Client(transport=transport)
async_client = httpx.AsyncClient(transport=FaultTransport(fault))
clock = FakeClock()
env = search.call({"q": "x"}, client=sync_client, sleep=clock.sleep, clock=clock)
assert_outcome(env, "access_failure", code="timeout", kind=FailureKind.TRANSIENT, cursor=None)
assert_outcome(env, fault)
fetch = raise_as(TimeoutError)
