"""Hostile upstreams: nothing an upstream sends costs unbounded memory, CPU or time.

Each attack is served by the loopback server (``real_server.HOSTILE_PATHS``) and run through the
adapter, sync and async. Every figure is asserted as a bound an unfixed package misses by a wide
margin: peak traced memory against a bomb that inflates to 4 GiB, linear time by quadrupling the
input (a quadratic scan grows 16-fold), a deadline overshoot far below the read timeout the old
sync path needed and the 5 s a dripping server holds on. Secrets are in ``test_canary.py``.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import subprocess
import sys
import time
import tracemalloc
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from real_server import HOLD_MAX_S, MisbehavingServer, gzip_bomb
from tool_outcomes import (
    DEFAULT_MAX_BODY_BYTES,
    DETAIL_MAX_CHARS,
    Envelope,
    FailureCode,
    FailureKind,
    Outcome,
    RepairKind,
    RetryPolicy,
    Tool,
    classify_parts,
    redact_text,
    redact_url,
    to_anthropic,
    to_mcp,
    to_openai,
    to_text,
    tool,
)
from tool_outcomes.classify import INTERNAL_ERROR_DETAIL
from tool_outcomes.testing import FakeClock

Mode = Literal["sync", "async"]
MODES: tuple[Mode, ...] = ("sync", "async")

#: The per-read timeout of every client here. Deadlines below are well inside it, so a sync
#: call that only checks its deadline between reads would overshoot by most of it.
READ_TIMEOUT_S = 1.0
TIMEOUT = httpx.Timeout(READ_TIMEOUT_S)
#: The most a deadline may be overshot: scheduling and closing, far below one read timeout.
OVERSHOOT_BOUND_S = 0.3
#: "A 3.5 KB stacked-gzip body costs under 20 MB" (issue 11).
BOMB_BUDGET_BYTES = 20_000_000


class NoArgs(BaseModel):
    """The attacks take no arguments: the path is the whole request."""


@pytest.fixture(scope="module")
def server() -> Iterator[MisbehavingServer]:
    """One hostile server for the module, stopped (and its handlers joined) at the end."""
    with MisbehavingServer() as running:
        yield running


def fetch(url: str, policy: RetryPolicy | None = None, **options: Any) -> Tool[NoArgs, Any]:
    """A request-building tool for ``url``."""

    @tool(args=NoArgs, name="hostile", policy=policy or RetryPolicy(max_attempts=1), **options)
    def call(args: NoArgs) -> httpx.Request:
        return httpx.Request("GET", url)

    return call


def run(mode: Mode, probe: Tool[NoArgs, Any], fake: FakeClock | None = None) -> Envelope[Any]:
    """One adapter call on a fresh loopback client; sleeps go to ``fake`` (or fail the test)."""
    clock: Callable[[], float] = time.monotonic

    def no_sleep(seconds: float) -> None:
        raise AssertionError(f"slept {seconds} s")

    async def no_asleep(seconds: float) -> None:
        no_sleep(seconds)

    if mode == "sync":
        with httpx.Client(timeout=TIMEOUT) as client:
            return probe.call(client=client, sleep=fake.sleep if fake else no_sleep, clock=clock)

    async def go() -> Envelope[Any]:
        async with httpx.AsyncClient(timeout=TIMEOUT) as client:
            asleep = fake.asleep if fake else no_asleep
            return await probe.acall(client=client, sleep=asleep, clock=clock)

    return asyncio.run(go())


def renders(env: Envelope[Any]) -> list[str]:
    """Every text a model can be handed for ``env``."""
    return [
        to_text(env),
        json.dumps(to_anthropic(env, "toolu_01"), ensure_ascii=False),
        json.dumps(to_openai(env, "call_01"), ensure_ascii=False),
        json.dumps(to_mcp(env), ensure_ascii=False),
    ]


# -- 1. bombs: the cap counts decoded bytes at every layer ----------------------------------------

BOMBS = ("/bomb?layers=2", "/bomb?layers=1", "/deflate_bomb")


@pytest.mark.parametrize("path", BOMBS)
@pytest.mark.parametrize("mode", MODES)
def test_a_compression_bomb_costs_the_cap_not_what_it_inflates_to(
    server: MisbehavingServer, mode: Mode, path: str
) -> None:
    """A body that inflates to 4 GiB (or 1 GiB) stops at the cap: too_large, under 20 MB."""
    for layers in (1, 2):  # built before tracing: the server's bytes are not the client's
        gzip_bomb(layers)
    run(mode, fetch(server.url("/deflate_bomb")))
    assert len(gzip_bomb(2)) < 12_000  # the stacked bomb really is a few KB on the wire
    probe = fetch(server.url(path))
    tracemalloc.start()
    try:
        env = run(mode, probe)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert env.failure is not None, env
    assert env.failure.code is FailureCode.TOO_LARGE
    assert f"after {DEFAULT_MAX_BODY_BYTES} bytes" in env.failure.detail
    assert peak < BOMB_BUDGET_BYTES, f"peak traced memory {peak:,} bytes"


_RSS_PROBE = """
import asyncio, sys, httpx
from pydantic import BaseModel
from tool_outcomes import RetryPolicy, tool

class NoArgs(BaseModel):
    pass

def probe(url):
    @tool(args=NoArgs, policy=RetryPolicy(max_attempts=1))
    def call(args):
        return httpx.Request("GET", url)
    return call

def kib(field):  # VmRSS: resident now; VmHWM: its peak (ru_maxrss would include the
    # parent's size from before exec)
    with open("/proc/self/status") as status:
        return int(next(line for line in status if line.startswith(field)).split()[1])

# One client for the warm-up and the bomb: a new client loads its own TLS certificates, which
# would be measured as if the bomb had cost them.
async def in_loop():
    async with httpx.AsyncClient(timeout=5) as client:
        await probe(sys.argv[1]).acall(client=client)
        before = kib("VmRSS:")
        return before, await probe(sys.argv[2]).acall(client=client)

if sys.argv[3] == "async":
    before, env = asyncio.run(in_loop())
else:
    with httpx.Client(timeout=5) as client:
        probe(sys.argv[1]).call(client=client)
        before = kib("VmRSS:")
        env = probe(sys.argv[2]).call(client=client)
code = env.failure.code.value
print(kib("VmHWM:") - before, code)
"""


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads Linux's /proc")
@pytest.mark.parametrize("mode", MODES)
def test_a_stacked_gzip_bomb_grows_the_resident_set_by_less_than_20_mb(
    server: MisbehavingServer, mode: Mode
) -> None:
    """Measured outside tracemalloc (zlib's own buffers included), in a fresh process: the peak
    resident set during the bomb stays less than 20 MB above the resident set before it."""
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            _RSS_PROBE,
            server.url("/ok.json"),
            server.url("/bomb?layers=2"),
            mode,
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1] / "src")},
    )
    growth_kib, code = done.stdout.split()
    assert code == "too_large"
    assert int(growth_kib) * 1024 < BOMB_BUDGET_BYTES, f"peak RSS grew {growth_kib} KiB"


@pytest.mark.parametrize(
    ("coding", "named"),
    [("br", "br"), ("zstd", "zstd"), ("compress", "compress"), ("gzip, gzip, gzip, gzip", "4")],
)
@pytest.mark.parametrize("mode", MODES)
def test_an_encoding_that_cannot_be_bounded_is_refused_by_name(
    server: MisbehavingServer, mode: Mode, coding: str, named: str
) -> None:
    """An unknown or over-stacked Content-Encoding is a permanent protocol failure saying so."""
    env = run(mode, fetch(server.url(f"/odd_encoding?coding={coding}")))
    assert env.failure is not None, env
    assert (env.failure.code, env.failure.kind) == (FailureCode.PROTOCOL, FailureKind.PERMANENT)
    assert named in env.failure.detail


def test_only_encodings_it_can_bound_are_asked_for(server: MisbehavingServer) -> None:
    """Whatever the client would advertise, the request asks only for gzip and deflate."""
    probe = fetch(server.url("/echo?status=200"))
    headers = {"accept-encoding": "gzip, deflate, br, zstd"}
    with httpx.Client(timeout=TIMEOUT, headers=headers) as client:
        env = probe.call(client=client)
    assert env.outcome is Outcome.PARTIAL, env
    assert isinstance(env.data, list)
    echoed = env.data[0]["echo"].lower()
    assert "accept-encoding: gzip, deflate\r\n" in echoed


# -- 2. redaction is linear and capped ------------------------------------------------------------

#: Inputs that made the old patterns backtrack, and ones that make every scanner do its most.
ADVERSARIAL_UNITS = (
    "a",
    "a://",
    "https://a@",
    "token=",
    "token=a&",
    ";token=a",
    '"token":"',
    "token: ",
    "a=",
    "'a':",
    '"api_key": "',
    "\\",
    '\\"',
    "Bearer ",
    "Token a",
    "@",
    "x\n",
    "%",
)
SECRETS = ("sk-live-0123456789abcdef", "another-long-secret-value")


def _best_time(work: Callable[[], object], repeats: int = 5) -> float:
    best = float("inf")
    gc.disable()  # a collection inside one sample is noise, not the scan's cost
    try:
        for _ in range(repeats):
            # CPU time of this process: a neighbour's load on a shared machine does not count.
            started = time.process_time()
            work()
            best = min(best, time.process_time() - started)
    finally:
        gc.enable()
    return best


@pytest.mark.parametrize("unit", ADVERSARIAL_UNITS)
def test_redaction_time_grows_linearly_with_the_text(unit: str) -> None:
    """Four times the text costs about four times the time (a quadratic scan costs 16 times)."""
    # Both sizes large enough to be allocated the same way (mapped pages, past the caches), so
    # the ratio measures the scan, not the memory system.
    small = (unit * (100_000 // len(unit) + 1))[:100_000]
    large = small * 4

    def ratio() -> float:
        return _best_time(lambda: redact_text(large, SECRETS, max_chars=None)) / _best_time(
            lambda: redact_text(small, SECRETS, max_chars=None)
        )

    # Generous (linear is 4; noise on a shared machine can double a sample); up to three tries
    # for a busy neighbour, never enough to let a quadratic 16 through.
    ratios: list[float] = []
    while len(ratios) < 3 and (not ratios or ratios[-1] >= 9):
        ratios.append(ratio())
    assert ratios[-1] < 9, ratios


@pytest.mark.parametrize("unit", ADVERSARIAL_UNITS)
def test_redacted_text_and_urls_are_capped_whatever_comes_in(unit: str) -> None:
    """A megabyte in gives a bounded text out, visibly cut, from both redactors."""
    huge = unit * (1_000_000 // len(unit))
    for out in (redact_text(huge), redact_url("https://a.test/?q=" + huge)):
        assert len(out) < 20_000
        assert out.endswith("…")


@pytest.mark.parametrize("mode", MODES)
def test_a_60_kb_location_header_is_a_short_detail(server: MisbehavingServer, mode: Mode) -> None:
    """The redirect's target is read capped: the detail stays within its limit and says so."""
    env = run(mode, fetch(server.url("/long_location?n=60000")))
    assert env.failure is not None, env
    assert env.failure.code is FailureCode.PROTOCOL
    assert len(env.failure.detail) <= DETAIL_MAX_CHARS
    assert "chars in all]" in env.failure.detail


# -- 3. the deadline covers the head and the body, sync as async ---------------------------------

DEADLINE_S = 0.4


def _timed(mode: Mode, probe: Tool[NoArgs, Any]) -> tuple[Envelope[Any], float]:
    started = time.monotonic()
    env = run(mode, probe)
    return env, time.monotonic() - started


@pytest.mark.parametrize(
    "path",
    ["/drip_headers?interval_ms=50", "/slow_drip?n=200&interval_ms=900"],
    ids=["dripped-head", "body-dripped-inside-the-read-timeout"],
)
@pytest.mark.parametrize("mode", MODES)
def test_a_dripping_upstream_cannot_hold_a_call_past_its_deadline(
    server: MisbehavingServer, mode: Mode, path: str
) -> None:
    """Each byte arrives inside the read timeout; the call still ends at its deadline."""
    probe = fetch(server.url(path), RetryPolicy(max_attempts=1, deadline_s=DEADLINE_S))
    env, elapsed = _timed(mode, probe)
    assert env.failure is not None, env
    assert env.failure.code is FailureCode.TIMEOUT
    assert elapsed - DEADLINE_S < OVERSHOOT_BOUND_S, (
        f"{elapsed:.3f} s for a {DEADLINE_S} s deadline"
    )


def test_a_pooled_connection_dripping_its_head_is_cut_at_the_deadline(
    server: MisbehavingServer,
) -> None:
    """A sync call on a reused keep-alive connection is bounded as one on a new connection."""
    url = server.url("/keepalive_then_drip?interval_ms=50")
    probe = fetch(url, RetryPolicy(max_attempts=1, deadline_s=DEADLINE_S))
    before = server.count("/keepalive_then_drip")
    with httpx.Client(timeout=TIMEOUT) as client:
        first = probe.call(client=client)
        started = time.monotonic()
        second = probe.call(client=client)
        elapsed = time.monotonic() - started
    assert first.outcome is Outcome.SUCCESS, first
    assert server.count("/keepalive_then_drip") - before == 1  # the second rode the same socket
    assert second.failure is not None, second
    assert second.failure.code is FailureCode.TIMEOUT
    assert elapsed - DEADLINE_S < OVERSHOOT_BOUND_S, f"{elapsed:.3f} s"
    assert HOLD_MAX_S > DEADLINE_S + OVERSHOOT_BOUND_S  # unbounded, it would take 5 s


# -- 4. a huge error message is a capped detail ---------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_a_5_mb_error_message_is_a_capped_detail_that_says_it_was_cut(
    server: MisbehavingServer, mode: Mode
) -> None:
    """A 5 MB JSON-RPC error: the detail keeps DETAIL_MAX_CHARS and says so; renders stay small."""
    env = run(mode, fetch(server.url("/huge_error")))
    assert env.failure is not None, env
    assert env.failure.code is FailureCode.UPSTREAM_ERROR
    assert len(env.failure.detail) <= DETAIL_MAX_CHARS
    assert env.failure.detail.endswith("chars in all]")
    assert all(len(text) < 3 * DETAIL_MAX_CHARS + 2_000 for text in renders(env))


# -- 6. invisible characters never reach a model unescaped ----------------------------------------


def _hidden(text: str) -> list[str]:
    """The characters of ``text`` a person cannot see (layout newlines and tabs aside)."""
    return [
        f"U+{ord(ch):04X}"
        for ch in text
        if ch not in "\n\t"
        and (
            unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp")
            or 0xFE00 <= ord(ch) <= 0xFE0F
            or 0xE0000 <= ord(ch) <= 0xE01EF
        )
    ]


@pytest.mark.parametrize("status", ["500", "200"], ids=["sample-and-detail", "data"])
@pytest.mark.parametrize("mode", MODES)
def test_tag_characters_and_zero_width_text_are_escaped_in_every_render(
    server: MisbehavingServer, mode: Mode, status: str
) -> None:
    """An instruction hidden in tag characters shows as escapes in the sample, detail and data."""
    env = run(mode, fetch(server.url(f"/invisible?status={status}")))
    text = to_text(env)
    assert "\\udb40\\udc69" in text or "\\U000e0069" in text  # the hidden "i", made visible
    for rendered in renders(env):
        assert _hidden(rendered) == []


@given(
    hidden=st.text(
        # Lone surrogates (Cs) are refused before any envelope exists (pydantic, the decoder).
        st.characters(categories=["Cc", "Cf", "Zl", "Zp"])
        | st.characters(min_codepoint=0xE0000, max_codepoint=0xE01EF),
        min_size=1,
        max_size=20,
    )
)
def test_no_invisible_character_survives_any_field_of_a_render(hidden: str) -> None:
    """For any invisible characters in a detail, a sample, a cursor, a target or the data."""
    failed = Envelope[Any].failed(
        FailureCode.SERVER_ERROR,
        FailureKind.TRANSIENT,
        f"boom{hidden}",
        raw_sample=f"<p>{hidden}</p>",
        target=f"https://a.test/{hidden}",
        tool="t",
    )
    page = classify_parts(
        200,
        httpx.Headers({"content-type": "application/json"}),
        json.dumps({"items": [hidden], "next": f"c{hidden}"}).encode(),
    )
    for env in (failed, page):
        for rendered in renders(env):
            assert _hidden(rendered) == [], rendered


# -- 7. a strict number parser: one odd header byte does not disable retries ----------------------


@pytest.mark.parametrize(
    ("status", "code"), [("429", FailureCode.RATE_LIMITED), ("503", FailureCode.SERVER_ERROR)]
)
@pytest.mark.parametrize("mode", MODES)
def test_a_superscript_in_a_reset_header_still_retries(
    server: MisbehavingServer, mode: Mode, status: str, code: FailureCode
) -> None:
    """``X-RateLimit-Reset: ²`` is no number: the 429/503 stays transient and is retried."""
    fake = FakeClock()
    probe = fetch(server.url(f"/superscript_reset?status={status}"), RetryPolicy(max_attempts=3))
    env = run(mode, probe, fake)
    assert env.failure is not None, env
    assert (env.failure.code, env.failure.kind) == (code, FailureKind.TRANSIENT)
    assert env.attempts == 3
    assert env.failure.retry_after_s is None


NUMERIC_HEADERS = ("retry-after", "x-ratelimit-reset", "content-range", "x-total-count", "x-total")


@given(
    status=st.sampled_from([200, 206, 403, 429, 503]),
    name=st.sampled_from(NUMERIC_HEADERS),
    value=st.text(st.characters(categories=["Nd", "No", "Nl", "Zs", "Po"]), max_size=12)
    | st.text(max_size=12),
)
def test_no_header_value_makes_the_classifier_fail_internally(
    status: int, name: str, value: str
) -> None:
    """Any digits of any script in any numeric header: a classification, never a crash."""
    headers = httpx.Headers(
        [(b"content-type", b"application/json"), (name.encode(), value.encode())]
    )
    env = classify_parts(status, headers, b'{"items": [1, 2]}')
    if env.failure is not None:
        assert not env.failure.detail.startswith(INTERNAL_ERROR_DETAIL), env.failure.detail


# -- 8. the smaller ones --------------------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_a_number_beyond_the_float_range_leaves_a_repair_record(
    server: MisbehavingServer, mode: Mode
) -> None:
    """``1e400`` is sent on as ``null`` (JSON has no infinity), and a repair says where."""
    env = run(mode, fetch(server.url("/overflow")))
    assert env.outcome is Outcome.SUCCESS, env
    assert env.data == [{"id": 1, "balance": None}]
    assert [(r.kind, r.path) for r in env.repairs] == [
        (RepairKind.COERCED_NUMBER, "items.0.balance")
    ]
    assert "null" in env.repairs[0].detail
    assert "items.0.balance" in to_text(env)


class _Unprintable(PermissionError):
    def __str__(self) -> str:
        raise RuntimeError("no words")


def _cyclic() -> list[Any]:
    looped: list[Any] = [1]
    looped.append(looped)
    return looped


def _numbers() -> Iterator[int]:
    yield 1


@pytest.mark.parametrize(
    ("returned", "outcome", "code"),
    [
        (set(), Outcome.EMPTY, None),
        (frozenset({1, 2}), Outcome.SUCCESS, None),
        (object(), Outcome.ACCESS_FAILURE, FailureCode.EXECUTION),
        (_cyclic(), Outcome.ACCESS_FAILURE, FailureCode.EXECUTION),
        (_numbers(), Outcome.ACCESS_FAILURE, FailureCode.EXECUTION),
    ],
    ids=["empty-set", "frozenset", "object", "cyclic-list", "generator"],
)
def test_what_a_function_returns_is_classified_where_it_returns(
    returned: object, outcome: Outcome, code: FailureCode | None
) -> None:
    """Sets count as collections; data with no JSON form fails at the adapter, not at render."""

    @tool(args=NoArgs)
    def handler(args: NoArgs) -> object:
        return returned

    env = handler.call()
    assert env.outcome is outcome, env
    assert (env.failure.code if env.failure else None) is code
    renders(env)  # every renderer accepts what the adapter returned


def test_a_permission_error_that_cannot_be_read_is_still_forbidden() -> None:
    """A handler's PermissionError whose ``str()`` raises is ``forbidden``, not RuntimeError."""

    @tool(args=NoArgs)
    def handler(args: NoArgs) -> object:
        raise _Unprintable()

    env = handler.call()
    assert env.failure is not None, env
    assert env.failure.code is FailureCode.FORBIDDEN
    assert env.failure.detail.startswith("_Unprintable")
