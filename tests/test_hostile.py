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
import logging
import os
import pickle
import subprocess
import sys
import time
import tracemalloc
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal, NamedTuple

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, field_validator

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
#: The most a deadline may be overshot: scheduling and closing, well below one read timeout
#: (a saturated 2-core machine overshot 0.4 s deadlines by 0.32-0.46 s; unbounded, it is 5 s).
OVERSHOOT_BOUND_S = 0.5
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


def model_reads(env: Envelope[Any]) -> list[str]:
    """Every text a model reads for ``env``: the renders, and of MCP's structured content (whose
    values travel exactly, for the application to pass back) the free text about the call."""
    mcp = to_mcp(env)
    structured = mcp["structuredContent"]
    about = {key: structured.get(key) for key in ("target", "failure", "repairs")}
    about["coverage"] = (structured.get("coverage") or {}).get("detail")
    return [*renders(env)[:3], json.dumps({**mcp, "structuredContent": about}, ensure_ascii=False)]


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
from pydantic import BaseModel, field_validator
from tool_outcomes import RetryPolicy, tool

class NoArgs(BaseModel):
    pass

CAP = {"max_body_bytes": int(sys.argv[4])} if len(sys.argv) > 4 else {}
FOLLOW = len(sys.argv) > 5 and sys.argv[5] == "follow"

def probe(url):
    @tool(args=NoArgs, policy=RetryPolicy(max_attempts=1), **CAP)
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
    async with httpx.AsyncClient(timeout=5, follow_redirects=FOLLOW) as client:
        await probe(sys.argv[1]).acall(client=client)
        before = kib("VmRSS:")
        return before, await probe(sys.argv[2]).acall(client=client)

if sys.argv[3] == "async":
    before, env = asyncio.run(in_loop())
else:
    with httpx.Client(timeout=5, follow_redirects=FOLLOW) as client:
        probe(sys.argv[1]).call(client=client)
        before = kib("VmRSS:")
        env = probe(sys.argv[2]).call(client=client)
code = env.failure.code.value if env.failure else env.outcome.value
print(kib("VmHWM:") - before, code)
"""


def peak_rss_growth(mode: Mode, warm: str, attack: str, *options: str) -> tuple[int, str]:
    """Run ``attack`` after ``warm`` in a fresh process: the peak resident set's growth in bytes
    over the resident set before the attack, and the failure code (or outcome) it ended in.
    ``options``: a byte cap, then ``"follow"`` for a client that follows redirects."""
    done = subprocess.run(
        [sys.executable, "-c", _RSS_PROBE, warm, attack, mode, *options],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1] / "src")},
    )
    growth_kib, code = done.stdout.split()
    return int(growth_kib) * 1024, code


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads Linux's /proc")
@pytest.mark.parametrize("mode", MODES)
def test_a_stacked_gzip_bomb_grows_the_resident_set_by_less_than_20_mb(
    server: MisbehavingServer, mode: Mode
) -> None:
    """Measured outside tracemalloc (zlib's own buffers included), in a fresh process: the peak
    resident set during the bomb stays less than 20 MB above the resident set before it."""
    growth, code = peak_rss_growth(mode, server.url("/ok.json"), server.url("/bomb?layers=2"))
    assert code == "too_large"
    assert growth < BOMB_BUDGET_BYTES, f"peak RSS grew {growth:,} bytes"


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
    for rendered in model_reads(env):
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
    """For any invisible characters in a detail, a sample, a cursor, a target or the data: escaped
    wherever a model reads them, carried exactly where the application keeps them."""
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
        for rendered in model_reads(env):
            assert _hidden(rendered) == [], rendered
    # What the application keeps travels exactly: the data and the cursor, hidden characters too.
    structured = to_mcp(page)["structuredContent"]
    assert page.coverage is not None
    assert structured["data"] == page.data == [hidden]
    assert structured["coverage"]["next_cursor"] == page.coverage.next_cursor


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


# -- 9. round three: every byte read is capped, every number ranged, every secret kept ----------

#: The cap the round-three bombs run under (the issue's 1 MiB).
SMALL_CAP = 1024 * 1024


def _peak_traced(work: Callable[[], Envelope[Any]]) -> tuple[Envelope[Any], int]:
    tracemalloc.start()
    try:
        env = work()
        return env, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def run_following(mode: Mode, probe: Tool[Any, Any], **client: Any) -> Envelope[Any]:
    """One adapter call on a client that follows redirects (``client`` adds its options)."""
    if mode == "sync":
        with httpx.Client(timeout=TIMEOUT, follow_redirects=True, **client) as http:
            return probe.call(client=http)

    async def go() -> Envelope[Any]:
        async with httpx.AsyncClient(timeout=TIMEOUT, follow_redirects=True, **client) as http:
            return await probe.acall(client=http)

    return asyncio.run(go())


@pytest.mark.parametrize("mode", MODES)
def test_a_redirect_hop_whose_body_is_a_bomb_costs_the_cap_not_what_it_inflates_to(
    server: MisbehavingServer, mode: Mode
) -> None:
    """A 302 with a 256 MiB gzip body is read through the cap: the call follows it, under 20 MB."""
    probe = fetch(server.url("/redirect_bomb"), max_body_bytes=SMALL_CAP)
    run_following(mode, fetch(server.url("/ok.json")))  # warm: imports and pools are not the bomb
    env, peak = _peak_traced(lambda: run_following(mode, probe))
    assert env.outcome is Outcome.SUCCESS, env
    assert env.target is not None
    assert env.target.endswith("/ok.json")
    assert peak < SMALL_CAP + BOMB_BUDGET_BYTES, f"peak traced memory {peak:,} bytes"


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads Linux's /proc")
@pytest.mark.parametrize("mode", MODES)
def test_a_redirect_bomb_grows_the_resident_set_by_less_than_the_cap_plus_20_mb(
    server: MisbehavingServer, mode: Mode
) -> None:
    """The 256 MiB redirect hop, measured as the process's peak resident set (zlib's buffers and
    httpx's own included), in a fresh process: under the 1 MiB cap plus 20 MB, and followed."""
    growth, outcome = peak_rss_growth(
        mode, server.url("/ok.json"), server.url("/redirect_bomb"), str(SMALL_CAP), "follow"
    )
    assert outcome == "success"
    assert growth < SMALL_CAP + BOMB_BUDGET_BYTES, f"peak RSS grew {growth:,} bytes"


@pytest.mark.parametrize("mode", MODES)
def test_a_redirect_loop_still_ends_as_too_many_redirects(
    server: MisbehavingServer, mode: Mode
) -> None:
    """Following redirects keeps httpx's limit: the loop ends after max_redirects, said so."""
    env = run_following(mode, fetch(server.url("/redirect_loop")), max_redirects=3)
    assert env.failure is not None, env
    assert "redirect" in env.failure.detail.lower(), env.failure.detail
    assert server.count("/redirect_loop") >= 4  # the first request and three hops


@pytest.mark.parametrize("mode", MODES)
def test_a_redirect_to_another_origin_is_sent_without_the_tools_credentials(
    server: MisbehavingServer, mode: Mode
) -> None:
    """A 307 to another origin: the hop carries neither Authorization nor the X-Api-Key."""
    secret = "sk-live-redirected-0123456789"
    with MisbehavingServer() as elsewhere:
        echo = elsewhere.url("/echo?status=200")
        url = httpx.URL(server.url("/redirect_to")).copy_merge_params({"to": echo})

        @tool(args=NoArgs, policy=RetryPolicy(max_attempts=1))
        def call(args: NoArgs) -> httpx.Request:
            headers = {"X-Api-Key": secret, "Authorization": f"Bearer {secret}"}
            return httpx.Request("GET", url, headers=headers)

        env = run_following(mode, call)
    assert env.outcome is Outcome.PARTIAL, env
    assert isinstance(env.data, list)
    echoed = env.data[0]["echo"]
    assert "x-api-key" not in echoed.lower()
    assert "authorization" not in echoed.lower(), echoed


@pytest.mark.parametrize("mode", MODES)
def test_a_response_a_handler_returns_is_held_to_the_cap(
    server: MisbehavingServer, mode: Mode
) -> None:
    """A plain handler's 8 MiB Response under a 1 MiB cap is judged as a cut body, not success;
    judging it costs the cap, not its 4 million items."""
    url = server.url("/many_items?n=4000000")
    # Read before tracing: what the handler's own client spends is the handler's, not the judge's.
    if mode == "sync":
        response = httpx.get(url, timeout=5)

        @tool(args=NoArgs, max_body_bytes=SMALL_CAP)
        def handler(args: NoArgs) -> httpx.Response:
            return response

        env, peak = _peak_traced(handler.call)
    else:

        async def get() -> httpx.Response:
            async with httpx.AsyncClient(timeout=5) as client:
                return await client.get(url)

        aresponse = asyncio.run(get())

        @tool(args=NoArgs, max_body_bytes=SMALL_CAP)
        async def ahandler(args: NoArgs) -> httpx.Response:
            return aresponse

        env, peak = _peak_traced(lambda: asyncio.run(ahandler.acall()))
    assert env.failure is not None, env
    assert env.failure.code is FailureCode.TOO_LARGE
    assert f"after {SMALL_CAP} bytes" in env.failure.detail
    assert peak < SMALL_CAP + BOMB_BUDGET_BYTES, f"peak traced memory {peak:,} bytes"


ESCAPED_SECRET = "sk-live/0123456789abcdef"


def _escape_json(text: str, every: int) -> str:
    """``text`` inside a JSON string: every ``every``-th character as \\uXXXX, "/" as \\/."""
    return "".join(
        f"\\u{ord(c):04x}" if every and i % every == 0 else json.dumps(c)[1:-1].replace("/", "\\/")
        for i, c in enumerate(text)
    )


@pytest.mark.parametrize("every", [0, 1, 2, 3], ids=["slash", "all-u", "every-other", "third"])
def test_a_secret_echoed_in_any_json_escape_is_redacted(every: int) -> None:
    """``\\/`` (PHP's json_encode), ``\\uXXXX`` of any character, mixed: each is redacted."""
    echoed = _escape_json(ESCAPED_SECRET, every)
    for text in (f'{{"error": {{"message": "bad key {echoed}"}}}}', f"{echoed} and {echoed}"):
        out = redact_text(text, [ESCAPED_SECRET])
        assert echoed not in out, out
        assert out.count("[REDACTED]") == text.count(echoed)


def _u(char: str) -> str:
    """``char`` as JSON's \\u escape (a surrogate pair beyond the BMP)."""
    code = ord(char)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04X}"


@given(
    secret=st.text(st.characters(exclude_categories=["Cs"]), min_size=8, max_size=24),
    escaped=st.lists(st.booleans(), min_size=24, max_size=24),
)
def test_a_secret_with_any_of_its_characters_json_escaped_is_redacted(
    secret: str, escaped: list[bool]
) -> None:
    """For any secret and any choice of its characters written as ``\\uXXXX``: none survive."""
    mixed = "".join(
        _u(c) if flag else json.dumps(c, ensure_ascii=False)[1:-1]
        for c, flag in zip(secret, escaped, strict=False)
    )
    out = redact_text(f'{{"message": "{mixed}"}}', [secret])
    assert mixed not in out
    assert secret not in json.loads(out)["message"]


@pytest.mark.parametrize("every", [0, 1, 2], ids=["slash", "all-u", "every-other"])
@pytest.mark.parametrize("mode", MODES)
def test_an_upstream_echoing_the_key_with_escaped_slashes_leaks_it_nowhere(
    server: MisbehavingServer, mode: Mode, every: int
) -> None:
    """The real echo: a 401 quoting the X-Api-Key as PHP's json_encode writes it (``\\/``, or
    ``\\uXXXX``), no header name beside it: no render, dump or repr holds it."""
    probe = _echoing_key(server, ESCAPED_SECRET, every)
    env = run(mode, probe)
    assert env.failure is not None
    assert env.failure.raw_sample, env
    everything = "\n".join([*renders(env), env.model_dump_json(), repr(env)])
    for form in (0, 1, 2):
        assert _escape_json(ESCAPED_SECRET, form) not in everything


def _echoing_key(server: MisbehavingServer, secret: str, every: int) -> Tool[NoArgs, Any]:
    url = server.url(f"/echo_key?every={every}")

    @tool(args=NoArgs, name="echo", policy=RetryPolicy(max_attempts=1))
    def call(args: NoArgs) -> httpx.Request:
        return httpx.Request("GET", url, headers={"X-Api-Key": secret})

    return call


def test_no_repr_of_a_tool_shows_its_declared_secrets() -> None:
    """``repr(tool)`` / ``str(tool)`` with ``secrets=`` name no secret."""

    @tool(args=NoArgs, secrets=["sk-declared-0123456789"])
    def call(args: NoArgs) -> list[int]:
        return [1]

    for shown in (repr(call), str(call), f"{call!r}"):
        assert "sk-declared-0123456789" not in shown


class KeyedArgs(BaseModel):
    """A query and an API key whose validator echoes the key it refuses."""

    query: str
    api_key: str

    @field_validator("api_key")
    @classmethod
    def _known(cls, value: str) -> str:
        raise ValueError(f"key {value} is revoked")


@pytest.mark.parametrize("mode", MODES)
def test_a_secret_named_fields_error_is_redacted_after_another_fields_error(
    mode: Mode, caplog: pytest.LogCaptureFixture
) -> None:
    """``query: Field required; api_key: Value error, key sk-… is revoked``: no key anywhere."""
    secret = "sk-revoked-0123456789abcdef"

    @tool(args=KeyedArgs)
    def call(args: KeyedArgs) -> list[int]:
        return [1]

    caplog.set_level(logging.DEBUG, logger="tool_outcomes")
    env = call.call(api_key=secret) if mode == "sync" else asyncio.run(call.acall(api_key=secret))
    assert env.failure is not None
    assert env.failure.code is FailureCode.INVALID_ARGUMENTS, env
    assert "query" in env.failure.detail
    assert "api_key" in env.failure.detail
    everything = "\n".join([*renders(env), env.model_dump_json(), caplog.text])
    assert secret not in everything


@pytest.mark.parametrize(
    "text",
    [
        "query: bad; api_key: sk-mid-0123456789 is revoked",
        "first problem, token: sk-mid-0123456789",
        "(password: sk-mid-0123456789)",
        "a\tclient_secret: sk-mid-0123456789; next: kept",
    ],
)
def test_a_secret_name_labels_its_value_wherever_it_stands_in_a_line(text: str) -> None:
    """``name: value`` mid-line is redacted to the end of its clause, as at a line's start."""
    out = redact_text(text)
    assert "sk-mid-0123456789" not in out
    assert "kept" in out or "kept" not in text


#: Header values at the 8,192-character read limit, built from units that made a scan go back
#: over what it had read: "<" with no ">" (a Link), quotes never closed, labels with no value;
#: and every other header the classifier reads (quota, an HTTP-date wait, a next page, the type).
HEADER_UNITS = (
    ("link", "<"),
    ("link", '<a>;"'),
    ("link", "<a>; rel="),
    ("link", "<a>;;"),
    ("link", ", "),
    ("retry-after", "9"),
    ("x-ratelimit-reset", "9"),
    ("content-range", "0-"),
    ("x-total-count", "1"),
    ("x-ratelimit-remaining", "0"),
    ("ratelimit-remaining", "0."),
    ("retry-after", "Sun, 06 Nov 1994 "),
    ("x-next-page", "a "),
    ("content-type", 'application/json; a="'),
)


PAGING_HEADERS = frozenset({"link", "content-range", "x-total-count", "x-next-page"})


@pytest.mark.parametrize(("name", "unit"), HEADER_UNITS)
def test_every_header_parser_is_linear_up_to_the_read_limit(name: str, unit: str) -> None:
    """A header four times longer costs at most about four times the time (quadratic: 16)."""

    # Paging headers are read on an answer, waits on a throttle: each where it is parsed.
    status = 200 if name in PAGING_HEADERS else 429

    def classify(size: int) -> Callable[[], object]:
        value = (unit * (size // len(unit) + 1))[:size]
        headers = httpx.Headers({"content-type": "application/json", name: value})
        return lambda: classify_parts(status, headers, b'{"items": [1]}')

    small, large = classify(2048), classify(8192)
    ratios: list[float] = []
    while len(ratios) < 3 and (not ratios or ratios[-1] >= 9):
        ratios.append(_best_time(large) / _best_time(small))
    assert ratios[-1] < 9, ratios


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("X-RateLimit-Reset", "999999999999"),
        ("Retry-After", "99999999999999999999"),
        ("Retry-After", "9" * 400),
    ],
)
@pytest.mark.parametrize("mode", MODES)
def test_a_wait_beyond_any_calendar_is_rate_limited_and_too_long_to_wait(
    server: MisbehavingServer, mode: Mode, name: str, value: str
) -> None:
    """A reset in the year 33658 or a 20-digit Retry-After: rate_limited, retries end at once."""
    url = httpx.URL(server.url("/numeric_header")).copy_merge_params({"name": name, "value": value})
    fake = FakeClock()
    probe = fetch(str(url), RetryPolicy(max_attempts=3))
    env = run(mode, probe, fake)
    assert env.failure is not None, env
    assert env.failure.code is FailureCode.RATE_LIMITED, env.failure.detail
    assert not env.failure.detail.startswith(INTERNAL_ERROR_DETAIL)
    assert env.failure.retry_after_s is not None
    assert env.failure.retry_after_s >= 3600
    if name == "Retry-After":
        assert env.attempts == 1  # too long to wait: the retries end, nothing slept
        assert fake.sleeps == []


@pytest.mark.parametrize("value", ["9" * 400, "1e400", "-1", "1" + "0" * 20])
@pytest.mark.parametrize("mode", MODES)
def test_a_wait_in_a_throttles_body_beyond_any_float_is_still_rate_limited(
    server: MisbehavingServer, mode: Mode, value: str
) -> None:
    """``{"retry_after": 999…}`` (400 digits, no float holds it): rate_limited, never a crash."""
    url = httpx.URL(server.url("/numeric_body")).copy_merge_params({"value": value})
    env = run(mode, fetch(str(url), RetryPolicy(max_attempts=1)))
    assert env.failure is not None, env
    assert env.failure.code is FailureCode.RATE_LIMITED, env.failure.detail
    assert env.failure.retry_after_s in (None, 3600.0)


@given(
    name=st.sampled_from(["retry-after", "x-ratelimit-reset", "ratelimit-reset", "x-total-count"]),
    digits=st.text("0123456789", min_size=1, max_size=60),
)
def test_any_run_of_digits_in_a_numeric_header_is_a_classification(name: str, digits: str) -> None:
    """Any length of ASCII digits, in any numeric header of a 429: rate_limited, never a crash."""
    headers = httpx.Headers({"content-type": "application/json", name: digits})
    env = classify_parts(429, headers, b'{"items": [1, 2]}')
    assert env.failure is not None
    assert env.failure.code is FailureCode.RATE_LIMITED, env


@pytest.mark.parametrize("count", [10**30, 2**63, -1, 1e300, "9" * 40])
def test_a_json_count_beyond_any_real_count_is_not_a_total(count: object) -> None:
    """``{"total": 10**30}`` is capped as header counts are: no total, no crash."""
    body = json.dumps({"total": count, "items": [1, 2]}).encode()
    env = classify_parts(200, httpx.Headers({"content-type": "application/json"}), body)
    assert env.failure is None, env
    assert env.coverage is not None
    assert env.coverage.total is None, env.coverage


@pytest.mark.parametrize(
    "target",
    [
        "javascript:alert(1)",
        "https://evil.example.test/page2",
        "data:text/html,hi",
        "file:///etc/passwd",
        "//evil.example.test/page2",
    ],
)
@pytest.mark.parametrize("mode", MODES)
def test_a_next_page_elsewhere_is_withheld_and_the_answer_still_partial(
    server: MisbehavingServer, mode: Mode, target: str
) -> None:
    """A Link rel=next off the request's origin or scheme: partial, no cursor, the reason said."""
    url = httpx.URL(server.url("/link_to")).copy_merge_params({"to": target})
    env = run(mode, fetch(str(url)))
    assert env.outcome is Outcome.PARTIAL, env
    assert env.coverage is not None
    assert env.coverage.next_cursor is None, env.coverage
    assert "withheld" in (env.coverage.detail or ""), env.coverage.detail
    assert "withheld" in to_text(env)


@pytest.mark.parametrize("mode", MODES)
def test_a_next_page_on_the_same_origin_is_offered(server: MisbehavingServer, mode: Mode) -> None:
    """The rule withholds only what is off the origin: a relative or same-origin next is kept."""
    for target, expected in (
        ("/page2", server.url("/page2")),
        (server.url("/p3"), server.url("/p3")),
    ):
        url = httpx.URL(server.url("/link_to")).copy_merge_params({"to": target})
        env = run(mode, fetch(str(url)))
        assert env.coverage is not None
        assert env.coverage.next_cursor == expected, env.coverage


class CursorArgs(BaseModel):
    """A page to fetch: the first, or the cursor the last answer offered."""

    cursor: str | None = None


def test_a_handler_that_follows_the_cursor_never_sends_its_key_elsewhere(
    server: MisbehavingServer,
) -> None:
    """A handler joining whatever cursor it is given, with its key, reaches only its own origin."""
    secret = "sk-follow-0123456789abcdef"
    with MisbehavingServer() as elsewhere:
        start = httpx.URL(server.url("/link_to")).copy_merge_params(
            {"to": elsewhere.url("/echo?status=200")}
        )

        @tool(args=CursorArgs, cursor="cursor", policy=RetryPolicy(max_attempts=1))
        def call(args: CursorArgs) -> httpx.Request:
            return httpx.Request("GET", args.cursor or start, headers={"X-Api-Key": secret})

        with httpx.Client(timeout=TIMEOUT, follow_redirects=True) as client:
            env = call.call(client=client)
            for _ in range(5):  # bounded: an echoed next link would be followed forever
                if env.coverage is None or env.coverage.next_cursor is None:
                    break
                env = call.call({"cursor": env.coverage.next_cursor}, client=client)
        assert elsewhere.count("/echo") == 0
    assert env.outcome is Outcome.PARTIAL, env


class Item(BaseModel):
    """An item of a generic envelope."""

    name: str


_UNPICKLE = """
import pickle, sys
env = pickle.loads(sys.stdin.buffer.read())
print(type(env).__name__)
print(env.model_dump_json())
"""


#: Envelopes to pickle, each made inside a function on first use (as an application's code
#: makes them), so no module holds ``Envelope[list[Item]]`` under that name.
ENVELOPES_TO_PICKLE: dict[str, Callable[[], Envelope[Any]]] = {
    "list-of-model": lambda: Envelope[list[Item]](
        outcome=Outcome.SUCCESS, data=[Item(name="a")], tool="t"
    ),
    "dict-of-list": lambda: Envelope[dict[str, list[Item]]](
        outcome=Outcome.SUCCESS, data={"k": [Item(name="b")]}
    ),
    "failure": lambda: Envelope[Any].failed(
        FailureCode.TIMEOUT, FailureKind.TRANSIENT, "slow", tool="t"
    ),
    "classified-partial": lambda: classify_parts(
        200,
        httpx.Headers({"content-type": "application/json"}),
        b'{"items": [{"name": "a"}], "next": "c2"}',
    ),
}


@pytest.mark.parametrize("made", ENVELOPES_TO_PICKLE)
def test_an_envelope_pickles_and_comes_back_equal_in_another_process(made: str) -> None:
    """Round-trip equal here; loadable by a process that never wrote ``Envelope[list[Item]]``."""
    env = ENVELOPES_TO_PICKLE[made]()
    data = pickle.dumps(env)
    assert pickle.loads(data) == env
    done = subprocess.run(
        [sys.executable, "-c", _UNPICKLE],
        input=data,
        capture_output=True,
        timeout=60,
        check=True,
        env={
            **os.environ,
            "PYTHONPATH": os.pathsep.join(
                [str(Path(__file__).parent), str(Path(__file__).parents[1] / "src")]
            ),
        },
    )
    name, dumped = done.stdout.decode().split("\n", 1)
    assert name == type(env).__name__
    assert json.loads(dumped) == json.loads(env.model_dump_json())


# -- 10. integrations: any model input is invalid_arguments, and nothing is kept forever ---------


class Query(BaseModel):
    """One search query."""

    q: str


@tool(args=Query, name="lookup")
def _lookup(args: Query) -> list[str]:
    return [args.q]


def _nested(levels: int) -> Any:
    """A list nested ``levels`` deep (built without recursion)."""
    value: Any = []
    for _ in range(levels):
        value = [value]
    return value


class ModelInput(NamedTuple):
    """One hostile input: the text a model wrote, and the value a framework that parses it hands
    on (past any parser's depth limit, as a parser with another limit could)."""

    text: Callable[[], str]
    value: Callable[[], object]


_DEEP = "[" * 100_000 + "]" * 100_000
_HUGE = "x" * 50_000_000

#: What a model may send as a tool's arguments: nested past any parser, 50 MB, JSON that is no
#: object, NaN, the wrong type, no JSON at all, a key named as the framework's own parameters.
MODEL_INPUTS: dict[str, ModelInput] = {
    "deep-array": ModelInput(lambda: _DEEP, lambda: _nested(100_000)),
    "deep-value": ModelInput(lambda: '{"q": ' + _DEEP + "}", lambda: {"q": _nested(100_000)}),
    "50-mb-text": ModelInput(lambda: _HUGE, lambda: _HUGE),
    "50-mb-json-string": ModelInput(lambda: f'"{_HUGE}"', lambda: _HUGE),
    "list": ModelInput(lambda: "[1, 2]", lambda: [1, 2]),
    "null": ModelInput(lambda: "null", lambda: None),
    "number": ModelInput(lambda: "7", lambda: 7),
    "nan": ModelInput(lambda: '{"q": NaN}', lambda: {"q": float("nan")}),
    "wrong-type": ModelInput(lambda: '{"q": 7}', lambda: {"q": 7}),
    "not-json": ModelInput(lambda: "{not json", lambda: "{not json"),
    # Names a framework passes to the function itself ("got multiple values for argument").
    "named-self": ModelInput(lambda: '{"self": 1}', lambda: {"self": 1}),
    "named-ctx": ModelInput(lambda: '{"ctx": 1}', lambda: {"ctx": 1}),
}


class Delivered(NamedTuple):
    """What came back through one framework: the model's text, the application's envelope, and
    whether the framework's own error channel was used (status, isError, a retry prompt)."""

    text: str
    envelope: Envelope[Any]
    flagged: bool


def _pending(function_tool: Any) -> Any:
    """The OpenAI Agents wrapper's map of envelopes awaiting the SDK's extractor."""
    from tool_outcomes.integrations._recent import RecentEnvelopes

    return next(
        cell.cell_contents
        for cell in function_tool.on_invoke_tool.__closure__ or ()
        if isinstance(cell.cell_contents, RecentEnvelopes)
    )


def _through_openai_agents(given: ModelInput) -> Delivered:
    # The SDK hands on the model's arguments text as it came.
    from agents.tool_context import ToolContext

    from tool_outcomes.integrations.openai_agents import openai_agents_tool

    function_tool = openai_agents_tool(_lookup)
    raw = given.text()
    ctx = ToolContext(context=None, tool_name="lookup", tool_call_id="c1", tool_arguments=raw)

    async def go() -> str:
        return str(await function_tool.on_invoke_tool(ctx, raw))

    text = asyncio.run(go())
    return Delivered(text, _pending(function_tool)["c1"], text.startswith("NO ANSWER"))


def _through_pydantic_ai(given: ModelInput) -> Delivered:
    # An agent run whose model calls the tool with the text (as OpenAI-style providers keep it).
    from pydantic_ai import Agent
    from pydantic_ai.messages import (
        ModelMessage,
        ModelResponse,
        RetryPromptPart,
        TextPart,
        ToolCallPart,
        ToolReturnPart,
    )
    from pydantic_ai.models.function import AgentInfo, FunctionModel

    from tool_outcomes.integrations.pydantic_ai import pydantic_ai_tool

    search = pydantic_ai_tool(_lookup)
    answers: list[ToolReturnPart | RetryPromptPart] = []

    def model(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        parts = [p for p in messages[-1].parts if isinstance(p, ToolReturnPart | RetryPromptPart)]
        answers.extend(parts)
        if not parts:
            return ModelResponse(parts=[ToolCallPart("lookup", given.text(), tool_call_id="c1")])
        return ModelResponse(parts=[TextPart("done")])

    asyncio.run(Agent(FunctionModel(model), tools=[search]).run("look it up"))
    (answer,) = answers
    retried = isinstance(answer, RetryPromptPart) or getattr(answer, "outcome", "") == "retried"
    return Delivered(str(answer.content), search.envelopes["c1"], retried)


def _through_langchain(mode: Mode) -> Callable[[ModelInput], Delivered]:
    # LangChain's tool-call path: a ToolCall, as its ToolNode invokes each tool with.
    def deliver(given: ModelInput) -> Delivered:
        from langchain_core.messages import ToolMessage

        from tool_outcomes.integrations.langchain import langchain_tool

        lc_tool = langchain_tool(_lookup)
        call = {"name": "lookup", "args": given.value(), "id": "c1", "type": "tool_call"}
        message = lc_tool.invoke(call) if mode == "sync" else asyncio.run(lc_tool.ainvoke(call))
        assert isinstance(message, ToolMessage), message
        return Delivered(message.text, message.artifact, message.status == "error")

    return deliver


def _through_mcp(given: ModelInput) -> Delivered:
    # What both MCP servers' tools/call handlers run on the arguments a client sent.
    from tool_outcomes.integrations.mcp import call_tool_result

    result = asyncio.run(call_tool_result(_lookup, given.value()))  # type: ignore[arg-type]
    (content,) = result.content
    env = Envelope[Any].model_validate(result.structured_content)
    return Delivered(getattr(content, "text", ""), env, result.is_error)


INTEGRATIONS: dict[str, Callable[[ModelInput], Delivered]] = {
    "openai-agents": _through_openai_agents,
    "pydantic-ai": _through_pydantic_ai,
    "langchain-sync": _through_langchain("sync"),
    "langchain-async": _through_langchain("async"),
    "mcp": _through_mcp,
}


@pytest.mark.parametrize("given", MODEL_INPUTS)
@pytest.mark.parametrize("integration", INTEGRATIONS)
def test_any_model_input_is_invalid_arguments_in_every_integration(
    integration: str, given: str
) -> None:
    """Any arguments a model sends reach the tool, which answers invalid_arguments on the
    framework's error channel: never an exception, a RecursionError or the framework's own error."""
    delivered = INTEGRATIONS[integration](MODEL_INPUTS[given])
    assert delivered.envelope.failure is not None, delivered.envelope
    assert delivered.envelope.failure.code is FailureCode.INVALID_ARGUMENTS
    assert delivered.text.startswith("NO ANSWER"), delivered.text[:200]
    assert "(invalid_arguments)" in delivered.text, delivered.text[:300]
    assert delivered.flagged
    assert len(delivered.text) < 3 * DETAIL_MAX_CHARS + 2_000  # 50 MB in, a short answer out


def test_the_openai_agents_wrapper_keeps_a_bounded_number_of_envelopes() -> None:
    """300 direct calls the SDK never collects leave at most KEPT_ENVELOPES behind, then fewer."""
    from agents.tool_context import ToolContext

    from tool_outcomes.integrations._recent import RecentEnvelopes
    from tool_outcomes.integrations.openai_agents import openai_agents_tool

    function_tool = openai_agents_tool(_lookup)
    pending = next(
        cell.cell_contents
        for cell in function_tool.on_invoke_tool.__closure__ or ()
        if isinstance(cell.cell_contents, RecentEnvelopes)
    )
    small = RecentEnvelopes(size=10)

    async def go() -> None:
        for i in range(300):
            raw = json.dumps({"q": f"x{i}"})
            ctx = ToolContext(
                context=None, tool_name="lookup", tool_call_id=f"c{i}", tool_arguments=raw
            )
            await function_tool.on_invoke_tool(ctx, raw)
            small[f"c{i}"] = _lookup.call(q="y")

    asyncio.run(go())
    assert len(pending) <= pending.size
    assert len(small) == 10
    assert list(small) == [f"c{i}" for i in range(290, 300)]


def test_the_pydantic_ai_wrapper_keeps_a_bounded_number_of_envelopes() -> None:
    """Its default ``envelopes`` map holds at most KEPT_ENVELOPES, the oldest dropped first."""
    from tool_outcomes.integrations._recent import KEPT_ENVELOPES
    from tool_outcomes.integrations.pydantic_ai import pydantic_ai_tool

    kept = pydantic_ai_tool(_lookup).envelopes
    env = _lookup.call(q="y")
    for i in range(KEPT_ENVELOPES + 300):
        kept[f"c{i}"] = env
    assert len(kept) == KEPT_ENVELOPES
    assert "c0" not in kept
    assert f"c{KEPT_ENVELOPES + 299}" in kept


# -- 11. round three, finished: exact structured content, bounded resident memory, any input ---

#: Characters a person cannot see that JSON still carries: zero-width space, a bidi override and
#: isolate, NUL, C0 and C1 controls, DEL, a line separator, a byte-order mark, tag characters and
#: a variation selector. (A lone surrogate is the one thing it cannot: no UTF-8 text holds it.)
INVISIBLE = "\u200b\u202e\u2066\x00\x01\x1f\x7f\x85\u2028\ufeff\U000e0041\U000e007f\ufe0f"


class PageArgs(BaseModel):
    """A query, and the cursor of the page to fetch."""

    query: str
    cursor: str | None = None


def _mcp_servers(upstream: MisbehavingServer, client: httpx.AsyncClient) -> dict[str, Any]:
    """The tool behind both MCP servers: it asks for the cursor (or the query) and is offered
    ``INVISIBLE`` in a page's next cursor."""
    from mcp.server.lowlevel import Server
    from mcp.server.mcpserver import MCPServer

    from tool_outcomes.integrations.mcp import mcp_tool, register

    @tool(args=PageArgs, name="pages", cursor="cursor", policy=RetryPolicy(max_attempts=1))
    def pages(args: PageArgs) -> httpx.Request:
        asked = args.cursor if args.cursor is not None else args.query
        url = httpx.URL(upstream.url("/cursor_echo"))
        return httpx.Request("GET", url.copy_merge_params({"cursor": asked, "next": INVISIBLE}))

    lowlevel: Server[Any] = Server("pages")
    register(lowlevel, pages, client=client)
    return {
        "MCPServer": MCPServer("pages", tools=[mcp_tool(pages, client=client)]),
        "Server": lowlevel,
    }


@pytest.mark.parametrize("kind", ["MCPServer", "Server"])
def test_structured_content_round_trips_invisible_characters_through_an_mcp_client(
    server: MisbehavingServer, kind: str
) -> None:
    """A query and a cursor full of invisible characters come back equal in structuredContent,
    through a real client, also after the JSON a wire carries; the text still shows them escaped."""
    from mcp import Client
    from mcp.types import CallToolResult, TextContent

    query = f"q{INVISIBLE}"

    async def go() -> list[CallToolResult]:
        async with (
            httpx.AsyncClient(timeout=TIMEOUT) as http,
            Client(_mcp_servers(server, http)[kind]) as client,
        ):
            first = await client.call_tool("pages", {"query": query})
            cursor = first.structured_content["coverage"]["next_cursor"]
            second = await client.call_tool("pages", {"query": query, "cursor": cursor})
            return [first, second]

    first, second = asyncio.run(go())
    for result, asked in ((first, query), (second, INVISIBLE)):
        # The same result as a stdio or HTTP transport carries it: JSON text, read back.
        wire = CallToolResult.model_validate_json(result.model_dump_json(by_alias=True))
        for received in (result, wire):
            structured = received.structured_content
            assert structured is not None
            assert structured["data"] == [{"cursor": asked}]
            assert structured["coverage"]["next_cursor"] == INVISIBLE
        (content,) = result.content
        assert isinstance(content, TextContent)
        assert _hidden(content.text) == [], content.text
        assert "\\u200b" in content.text


def test_a_lone_surrogate_is_the_one_character_structured_content_escapes() -> None:
    """Data holding ``\\udc80`` (no JSON on a wire carries it) is sent as the text ``\\udc80``."""
    from mcp.types import CallToolResult

    env = Envelope[Any](outcome=Outcome.SUCCESS, data={"k": ["x\udc80", f"y{INVISIBLE}"]})
    structured = to_mcp(env)["structuredContent"]
    assert structured["data"] == {"k": ["x\\udc80", f"y{INVISIBLE}"]}
    sent = CallToolResult.model_validate(to_mcp(env)).model_dump_json(by_alias=True)
    assert CallToolResult.model_validate_json(sent).structured_content == structured
