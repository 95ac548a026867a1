"""The fault suite: every real-server fault lands where its mocked scenario does, sync and async.

:data:`FAULT_TABLE` maps each fault the loopback server reproduces to a scenario of the mocked
catalogue (:mod:`tool_outcomes.workbook.scenarios`). One parametrized test proves each row
twice, through the same adapter: over the real socket and over the scenario's mock, both must
land on the scenario's expected outcome, failure code and kind. Where the adapter legitimately
differs from a scenario's ``expect`` (which describes ``classify_http`` on a whole-body read),
the row says so and why. So the mocked and the real suites prove the same table.

Timeouts are real but at most 0.3 s; retry sleeps are injected and recorded; nothing sleeps.
"""

from __future__ import annotations

import asyncio
import ssl
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Literal

import httpx
import pytest
from pydantic import BaseModel

from real_server import EXTRA_PATHS, FAULTS, OK_ITEMS, PARTIAL_PAGE_TOTAL, MisbehavingServer
from tool_outcomes import (
    Envelope,
    FailureCode,
    FailureKind,
    Outcome,
    RetryPolicy,
    Tool,
    TruncatedBy,
    tool,
)
from tool_outcomes.testing import FakeClock
from tool_outcomes.workbook import scenarios

#: Per connect, read, write and pool. Small, so each stalled fault costs a fraction of a second.
TIMEOUT = httpx.Timeout(0.3)
#: For a fault that must not time out: a busy machine may keep the server thread waiting past
#: TIMEOUT, which would turn a 404 into a timeout the row does not expect.
PATIENT = httpx.Timeout(10.0)
#: Loopback is plain http, so TLS is never used; one shared context spares every new client
#: loading the CA bundle again (tens of milliseconds each, over a hundred clients).
TLS = ssl.create_default_context()

NO_RETRY = RetryPolicy(max_attempts=1)

Mode = Literal["sync", "async"]
MODES: tuple[Mode, ...] = ("sync", "async")


class NoArgs(BaseModel):
    """The faults take no arguments: the path is the whole request."""


@dataclass(frozen=True)
class Expect:
    """Where an envelope must land: outcome, failure code and kind, and what truncated it."""

    outcome: Outcome
    code: FailureCode | None = None
    kind: FailureKind | None = None
    truncated_by: TruncatedBy | None = None

    @classmethod
    def of_scenario(cls, name: str) -> Expect:
        """The expectation the mocked catalogue states for scenario ``name``."""
        scenario = scenarios.get_scenario(name)
        truncated_by = scenario.expect["truncated_by"]
        return cls(
            scenario.expected_outcome,
            scenario.expected_code,
            scenario.expected_kind,
            None if truncated_by is None else TruncatedBy(truncated_by),
        )

    @classmethod
    def of_envelope(cls, env: Envelope[Any]) -> Expect:
        """Where ``env`` actually landed."""
        failure, coverage = env.failure, env.coverage
        return cls(
            env.outcome,
            None if failure is None else failure.code,
            None if failure is None else failure.kind,
            None if coverage is None else coverage.truncated_by,
        )


@dataclass(frozen=True)
class Fault:
    """One real-server fault, the mocked scenario that stands for it, and any honest difference."""

    path: str
    """Path and query on the server; ``""`` means the server's refused port."""
    scenario: str
    override: Expect | None = None
    """Where the adapter lands instead of the scenario's ``expect``, where it rightly differs."""
    why: str = ""
    """The reason for ``override``."""
    deadline_s: float | None = None
    returned: int | None = None
    """The items the real server's body holds, checked on the real envelope's coverage."""
    total: int | None = None

    @property
    def expect(self) -> Expect:
        """The row's expectation: the scenario's own, unless overridden with a reason."""
        return self.override if self.override is not None else Expect.of_scenario(self.scenario)

    @property
    def id(self) -> str:
        return self.path.lstrip("/").split("?")[0] or "refused"


#: Every fault the server reproduces, as the mocked scenario it stands for.
FAULT_TABLE: tuple[Fault, ...] = (
    Fault("/ok.json", "ok", returned=len(OK_ITEMS)),
    Fault("/empty.json", "empty", returned=0),
    Fault("/items.jsonl?n=5", "ndjson_stream", returned=5),
    Fault(
        "/partial_page", "truncated_page_total", returned=len(OK_ITEMS), total=PARTIAL_PAGE_TOTAL
    ),
    Fault(
        "/jsonl_cut?n=3",
        "truncated_stream",
        override=Expect(Outcome.PARTIAL, truncated_by=TruncatedBy.STREAM_ERROR),
        why="the scenario's expect is for a whole-body read, which sees only the "
        "RemoteProtocolError; the adapter streams the body itself and keeps the complete "
        "lines, on the mock and on the socket alike",
        returned=3,
    ),
    # A complete JSON body short of its Content-Length, a chunked body without its last chunk,
    # a reply that is not HTTP and a close before any byte: httpx raises RemoteProtocolError
    # for all four, exactly what the server_disconnected scenario raises.
    Fault("/short_content_length", "server_disconnected"),
    Fault("/chunked_no_terminator", "server_disconnected"),
    Fault("/not_http", "server_disconnected"),
    Fault("/close_immediately", "server_disconnected"),
    Fault("/stall_body", "timeout"),
    Fault("/never_answer", "timeout"),
    # Each byte arrives well within the per-read timeout: only the policy's deadline stops it
    # (sync: checked between chunks; async: asyncio.timeout around the attempt).
    Fault("/slow_drip?n=40&interval_ms=20", "timeout", deadline_s=0.15),
    Fault("/gzip_truncated", "silently_truncated_gzip"),
    Fault("/gzip_bogus", "bad_gzip"),
    Fault("/rate_limited", "rate_limited"),
    Fault("/unavailable", "outage_503"),
    Fault("/html_200", "lying_html_200"),
    Fault("/no/such/path", "not_found_404"),
    Fault("", "refused"),
)


def _params() -> list[Any]:
    """Every (mode, row) pair."""
    pairs = [(mode, fault) for mode in MODES for fault in FAULT_TABLE]
    return [pytest.param(mode, fault, id=f"{mode}-{fault.id}") for mode, fault in pairs]


@pytest.fixture(scope="module")
def server() -> Iterator[MisbehavingServer]:
    """One misbehaving server for the module, stopped (and its handlers joined) at the end."""
    with MisbehavingServer() as running:
        yield running


def _never_sleep(seconds: float) -> None:
    raise AssertionError(f"a single-attempt policy slept {seconds} s")


async def _never_asleep(seconds: float) -> None:
    _never_sleep(seconds)


def fetch_tool(scenario: str, url: str, policy: RetryPolicy = NO_RETRY) -> Tool[NoArgs, Any]:
    """A request-building tool for ``url``, declared as the scenario's endpoint is."""
    options = dict(scenarios.get_scenario(scenario).classify_kwargs)

    @tool(args=NoArgs, name=scenario, policy=policy, **options)
    def fetch(args: NoArgs) -> httpx.Request:
        return httpx.Request("GET", url)

    return fetch


def run(
    mode: Mode,
    fetch: Tool[NoArgs, Any],
    *,
    mocked: str | None = None,
    fake: FakeClock | None = None,
    timeout: httpx.Timeout = TIMEOUT,
) -> Envelope[Any]:
    """One adapter call, sync or async, on a real loopback client or on scenario ``mocked``.

    With ``fake`` the adapter sleeps and reads the clock through it; without, the clock is real
    (so a policy deadline is real time) and any sleep fails the test. ``timeout`` bounds the
    real client's connect, read, write and pool waits.
    """
    clock: Callable[[], float] = fake if fake is not None else time.monotonic
    if mode == "sync":
        sleep = fake.sleep if fake is not None else _never_sleep
        client = scenarios.client(mocked) if mocked else httpx.Client(timeout=timeout, verify=TLS)
        with client as http:
            return fetch.call(client=http, sleep=sleep, clock=clock)

    async def once() -> Envelope[Any]:
        asleep = fake.asleep if fake is not None else _never_asleep
        client = (
            scenarios.async_client(mocked)
            if mocked
            else httpx.AsyncClient(timeout=timeout, verify=TLS)
        )
        async with client as http:
            return await fetch.acall(client=http, sleep=asleep, clock=clock)

    return asyncio.run(once())


def real_url(server: MisbehavingServer, path: str) -> str:
    return server.url(path) if path else server.refused_url


# -- the table itself ----------------------------------------------------------------------------


def test_every_fault_the_server_serves_has_a_row() -> None:
    """Each fault path (the two mixes aside, which serve other rows) is a row of the table."""
    served = (set(FAULTS) | set(EXTRA_PATHS)) - {"/fault_mix", "/load_mix"}
    rows = {fault.path.split("?")[0] for fault in FAULT_TABLE}
    assert served <= rows, served - rows


@pytest.mark.parametrize("fault", FAULT_TABLE, ids=lambda f: f.id)
def test_every_row_names_a_mocked_scenario_and_explains_any_exception(fault: Fault) -> None:
    """A row's scenario exists, and an override really differs from it and says why."""
    assert fault.scenario in scenarios.scenario_names()
    if fault.override is not None:
        assert fault.override != Expect.of_scenario(fault.scenario)
        assert fault.why.strip()
    else:
        assert not fault.why


def test_exceptions_to_the_catalogue_stay_few() -> None:
    """At most one row departs from its scenario's expect: the cut stream the adapter reads."""
    assert [f.scenario for f in FAULT_TABLE if f.override is not None] == ["truncated_stream"]


@pytest.mark.parametrize(("mode", "fault"), _params())
def test_each_real_fault_lands_where_its_mocked_scenario_does(
    server: MisbehavingServer, mode: Mode, fault: Fault
) -> None:
    """Through the same adapter, the mock and the real socket land on the row's expectation."""
    policy = RetryPolicy(max_attempts=1, deadline_s=fault.deadline_s)
    mock_url = scenarios.get_scenario(fault.scenario).url
    mocked = run(mode, fetch_tool(fault.scenario, mock_url, policy), mocked=fault.scenario)
    assert Expect.of_envelope(mocked) == fault.expect, mocked

    patience = TIMEOUT if fault.expect.code is FailureCode.TIMEOUT else PATIENT
    real = run(
        mode, fetch_tool(fault.scenario, real_url(server, fault.path), policy), timeout=patience
    )
    assert Expect.of_envelope(real) == fault.expect, real
    assert real.attempts == 1
    if real.outcome is Outcome.ACCESS_FAILURE:
        assert real.data is None
    if fault.returned is not None:
        assert real.coverage is not None
        assert (real.coverage.returned, real.coverage.total) == (fault.returned, fault.total)


# -- a stream cut mid-way ------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 3, 40])
@pytest.mark.parametrize("mode", MODES)
def test_a_json_lines_stream_cut_mid_way_is_partial_with_every_complete_item(
    server: MisbehavingServer, mode: Mode, n: int
) -> None:
    """The complete lines before the drop are the data, in order, and nothing of the cut line."""
    env = run(mode, fetch_tool("truncated_stream", server.url(f"/jsonl_cut?n={n}")))
    assert env.outcome is Outcome.PARTIAL
    assert env.failure is None
    assert env.data == [{"id": i, "line": f"item {i}"} for i in range(n)]
    assert env.coverage is not None
    assert env.coverage.returned == n
    assert env.coverage.truncated_by is TruncatedBy.STREAM_ERROR


@pytest.mark.parametrize("mode", MODES)
def test_a_stream_cut_before_its_first_line_is_an_access_failure_never_empty(
    server: MisbehavingServer, mode: Mode
) -> None:
    """No complete line before the drop means no contact with the answer: not a verified []."""
    env = run(mode, fetch_tool("truncated_stream", server.url("/jsonl_cut?n=0")))
    assert env.outcome is Outcome.ACCESS_FAILURE
    assert env.failure is not None
    assert (env.failure.code, env.failure.kind) == (FailureCode.NETWORK, FailureKind.TRANSIENT)


# -- retries over real sockets, sleeps injected --------------------------------------------------

RETRY3 = RetryPolicy(max_attempts=3, backoff_base_s=0.1, backoff_cap_s=1.0, seed=7)


@dataclass(frozen=True)
class Transient:
    """A transient fault, the code it ends on, and the Retry-After the server sends with it."""

    path: str
    code: FailureCode
    retry_after_s: float | None


TRANSIENTS = (
    Transient("/rate_limited", FailureCode.RATE_LIMITED, 2.0),
    Transient("/unavailable", FailureCode.SERVER_ERROR, 3.0),
    Transient("/close_immediately", FailureCode.NETWORK, None),
)


@pytest.mark.parametrize("fault", TRANSIENTS, ids=lambda t: t.path.lstrip("/"))
@pytest.mark.parametrize("mode", MODES)
def test_transient_faults_are_retried_to_max_attempts_then_stay_access_failures(
    server: MisbehavingServer, mode: Mode, fault: Transient
) -> None:
    """Each retry waits at least Retry-After (else the capped backoff); the end is never empty."""
    fake = FakeClock()
    before = server.count(fault.path)
    env = run(mode, fetch_tool("outage", server.url(fault.path), RETRY3), fake=fake)
    assert env.outcome is Outcome.ACCESS_FAILURE
    assert env.failure is not None
    assert env.failure.code is fault.code
    assert env.data is None
    assert env.attempts == RETRY3.max_attempts
    assert server.count(fault.path) - before == RETRY3.max_attempts
    assert len(fake.sleeps) == RETRY3.max_attempts - 1
    if fault.retry_after_s is not None:
        # The jittered backoff never exceeds the 1 s cap, so Retry-After is the delay itself.
        assert fake.sleeps == [fault.retry_after_s] * (RETRY3.max_attempts - 1)
    else:
        assert all(0 <= s <= RETRY3.ceiling_s(i) for i, s in enumerate(fake.sleeps))


SETTLED_OR_PERMANENT = (
    "/ok.json",
    "/empty.json",
    "/partial_page",
    "/jsonl_cut",
    "/html_200",
    "/gzip_bogus",
    "/gzip_truncated",
    "/no/such/path",
)


@pytest.mark.parametrize("path", SETTLED_OR_PERMANENT, ids=lambda p: p.lstrip("/"))
@pytest.mark.parametrize("mode", MODES)
def test_settled_and_permanent_outcomes_are_asked_once(
    server: MisbehavingServer, mode: Mode, path: str
) -> None:
    """success, empty, partial and permanent failures never earn a second request."""
    fake = FakeClock()
    before = server.count(path)
    env = run(mode, fetch_tool("ok", server.url(path), RETRY3), fake=fake)
    assert env.attempts == 1
    assert fake.sleeps == []
    assert server.count(path) - before == 1
    if env.outcome is Outcome.ACCESS_FAILURE:
        assert env.failure is not None
        assert env.failure.kind is FailureKind.PERMANENT
