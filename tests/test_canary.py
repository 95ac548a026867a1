"""A credential sent with a call never comes back out: not in a log, an envelope or a render."""

from __future__ import annotations

import json
import logging
from typing import Any

import httpx
import pytest
from pydantic import BaseModel

from tool_outcomes import (
    RetryPolicy,
    to_anthropic,
    to_mcp,
    to_openai,
    to_text,
    tool,
)
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
