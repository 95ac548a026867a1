"""A credential sent with a call never comes back out: not in a log, an envelope or a render."""

from __future__ import annotations

import asyncio
import base64
import json
import logging
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote, quote_plus

import httpx
import pytest
from pydantic import BaseModel

from real_server import MisbehavingServer
from tool_outcomes import (
    Envelope,
    Outcome,
    RetryPolicy,
    to_anthropic,
    to_mcp,
    to_openai,
    to_text,
    tool,
)
from tool_outcomes.redact import SECRET_HEADERS, SECRET_QUERY_PARAMS
from tool_outcomes.workbook import scenarios

CANARY = "CANARY-7f3e9c2a-secret"
NOT_UPSTREAM = {"invalid_url"}  # a bad URL is the caller's bug, not something an upstream does


class NoArgs(BaseModel):
    pass


@pytest.mark.parametrize("name", [n for n in scenarios.scenario_names() if n not in NOT_UPSTREAM])
def test_a_canary_credential_never_leaks(name: str, caplog: pytest.LogCaptureFixture) -> None:
    """The canary in the query and in auth headers shows in no record, envelope or render."""
    scenario = scenarios.get_scenario(name)
    url = httpx.URL(scenario.url).copy_merge_params(
        {"api_key": CANARY, "access_token": CANARY, "signature": CANARY}
    )

    @tool(
        args=NoArgs,
        name=name,
        policy=RetryPolicy(max_attempts=2, seed=0),
        **scenario.classify_kwargs,
    )
    def call(args: NoArgs) -> httpx.Request:
        headers = {
            "Authorization": f"Bearer {CANARY}",
            "Cookie": f"session={CANARY}",
            "Proxy-Authorization": f"Basic {CANARY}",
        }
        return httpx.Request(scenario.method, url, headers=headers)

    caplog.set_level(logging.DEBUG, logger="tool_outcomes")
    with scenarios.client(name) as http:
        env = call.call(client=http, sleep=lambda _s: None)

    rendered: list[Any] = [
        env.model_dump_json(),
        repr(env),
        env._repr_html_(),
        to_text(env),
        to_anthropic(env, "toolu_01"),
        to_openai(env, "call_01"),
        to_mcp(env),
    ]
    logged = [caplog.text] + [
        json.dumps(getattr(r, "tool_outcomes", None), default=str) for r in caplog.records
    ]
    everything = "\n".join(
        text if isinstance(text, str) else json.dumps(text) for text in rendered + logged
    )
    assert caplog.records, "every call leaves at least one trace record"
    assert CANARY not in everything


# -- every place a secret can sit, echoed back by a hostile upstream ------------------------------

#: Where each canary is planted (the canary for place ``i`` is ``CANARY{i:02d}-9f3e7a51c2``).
PLACES: tuple[str, ...] = (
    *(f"header {name}" for name in sorted(SECRET_HEADERS)),
    *(f"query {name}" for name in sorted(SECRET_QUERY_PARAMS)),
    "path ;token=",
    "fragment #access_token=",
    "userinfo password with @",
    "declared, in a query parameter of no secret name",
    "declared, in a header of no secret name",
    "declared, with a / in it",
)


def canary(place: str) -> str:
    """The canary planted in ``place``: distinct per place, so a leak names its place."""
    return f"CANARY{PLACES.index(place):02d}-9f3e7a51c2"


def _header_value(name: str, secret: str) -> str:
    if name in ("cookie", "set-cookie"):
        return f"session={secret}; theme=dark"
    if name in ("authorization", "proxy-authorization"):
        return f"Bearer {secret}"
    return secret


def planted_request(base: str) -> tuple[httpx.Request, list[str]]:
    """A request to ``base`` carrying a canary in every place, and the tool's declared secrets."""
    declared = [
        canary("declared, in a query parameter of no secret name"),
        canary("declared, in a header of no secret name"),
        f"{canary('declared, with a / in it')}/hook",  # echoed as \/ by PHP's json_encode
    ]
    params = {name: canary(f"query {name}") for name in SECRET_QUERY_PARAMS}
    params["hook"] = declared[0]
    password = quote(f"p@ss-{canary('userinfo password with @')}", safe="")
    host = base.split("://", 1)[1].split("/", 1)[0]
    url = httpx.URL(
        f"http://user:{password}@{host}/echo;token={canary('path ;token=')}"
        f"#access_token={canary('fragment #access_token=')}"
    ).copy_merge_params(params)
    headers = {name: _header_value(name, canary(f"header {name}")) for name in SECRET_HEADERS}
    headers["x-hook-url"] = f"https://hooks.example.test/{declared[1]}"
    headers["x-hook-path"] = declared[2]
    return httpx.Request("GET", url, headers=headers), declared


def echoed_forms(secret: str) -> list[str]:
    """The secret as an upstream may echo it: as is, percent-encoded, JSON-escaped (every
    character, or every other one at either parity, as ``\\uXXXX``; "/" as ``\\/``, also inside
    a JSON dump), and in base64 at any alignment inside a longer blob (the middle of each
    encoding, which no alignment changes)."""
    forms = [secret, quote(secret, safe=""), quote_plus(secret)]
    if "/" in secret:  # PHP's json_encode writes "/" as \/, and a JSON dump of that as \\/
        forms += [secret.replace("/", "\\/"), secret.replace("/", "\\\\/")]
    for every, parity in ((1, 0), (2, 0), (2, 1)):
        forms.append(
            "".join(f"\\u{ord(c):04x}" if i % every == parity else c for i, c in enumerate(secret))
        )
    for shift in range(3):
        encoded = base64.b64encode(b"\0" * shift + secret.encode()).decode()
        forms += [encoded[4:-4], encoded[4:-4].translate(str.maketrans("+/", "-_"))]
    return forms


@pytest.fixture(scope="module")
def echo_server() -> Iterator[MisbehavingServer]:
    """A loopback upstream that echoes everything it was sent."""
    with MisbehavingServer() as running:
        yield running


@pytest.mark.parametrize("status", ["401", "200"], ids=["failure", "partial-with-cursor"])
@pytest.mark.parametrize("mode", ["sync", "async"])
def test_no_planted_secret_comes_back_out_anywhere(
    echo_server: MisbehavingServer, mode: str, status: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Every secret the rules name, echoed in detail, sample, data and cursor, leaks nowhere."""
    request, declared = planted_request(echo_server.url(f"/echo?status={status}"))
    request = httpx.Request(
        "GET", request.url.copy_merge_params({"status": status}), headers=request.headers
    )

    @tool(args=NoArgs, name="echo", policy=RetryPolicy(max_attempts=1), secrets=declared)
    def call(args: NoArgs) -> httpx.Request:
        return request

    caplog.set_level(logging.DEBUG, logger="tool_outcomes")
    if mode == "sync":
        with httpx.Client(timeout=5) as client:
            env = call.call(client=client)
    else:

        async def go() -> Envelope[Any]:
            async with httpx.AsyncClient(timeout=5) as client:
                return await call.acall(client=client)

        env = asyncio.run(go())

    expected = Outcome.ACCESS_FAILURE if status == "401" else Outcome.PARTIAL
    assert env.outcome is expected, env
    if env.coverage is not None:
        assert env.coverage.next_cursor is not None  # the echoed Link became a cursor
    outputs = [
        env.model_dump_json(),
        repr(env),
        env._repr_html_(),
        to_text(env),
        json.dumps(to_anthropic(env, "toolu_01")),
        json.dumps(to_openai(env, "call_01")),
        json.dumps(to_mcp(env)),
        caplog.text,
        *(json.dumps(getattr(r, "tool_outcomes", None), default=str) for r in caplog.records),
        repr(call),  # the tool itself, declared secrets and all
        str(call),
    ]
    assert caplog.records, "every call leaves at least one trace record"
    everything = "\n".join(outputs)
    for place in PLACES:
        for form in echoed_forms(canary(place)):
            assert form not in everything, f"{place}: {form!r} leaked"
