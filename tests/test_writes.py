"""Writes against the real misbehaving server, sync and async: say whether it happened, retry
only what is safe, never do it twice.

The server (:data:`real_server.WRITE_PATHS`) applies each write, counts what it applied and
honours ``Idempotency-Key`` (a replay returns the first answer and applies nothing). Every test
runs the same adapter over a real loopback socket; retry sleeps go through a :class:`FakeClock`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, cast

import httpx
import pytest
from pydantic import BaseModel

from real_server import WRITE_EXISTING_ID, MisbehavingServer
from test_fault_suite import MODES, Mode, run
from tool_outcomes import (
    Effect,
    Envelope,
    FailureCode,
    FailureKind,
    Outcome,
    RepairKind,
    RetryPolicy,
    Tool,
    to_anthropic,
    to_mcp,
    to_openai,
    to_text,
    tool,
)
from tool_outcomes.testing import FakeClock


@pytest.fixture(scope="module")
def server() -> Iterator[MisbehavingServer]:
    """One misbehaving server for the module, stopped (and its handlers joined) at the end."""
    with MisbehavingServer() as running:
        yield running


RETRY3 = RetryPolicy(max_attempts=3, backoff_base_s=0.1, backoff_cap_s=1.0, seed=7)
KEY_HEADER = "Idempotency-Key"

#: What a read's failure says, and no write's words may: a write is not a question.
READ_WORDS = (
    "whether any results exist",
    "the question went unanswered",
    "proceed without this data",
    "nothing matched",
)


class Ticket(BaseModel):
    """What the tool sends: the server ignores it, and answers with the new id."""

    title: str = "printer on fire"


class Created(BaseModel):
    """What a created write answers."""

    id: str


def create_tool(url: str, *, keyed: bool, unsafe: bool = False) -> Tool[Ticket, Created]:
    """A POST tool for ``url``, with an idempotency key or without."""

    @tool(
        args=Ticket,
        result=Created,
        name="create_ticket",
        policy=RETRY3,
        idempotency_key=KEY_HEADER if keyed else None,
        retry_unsafe_methods=unsafe,
    )
    def create_ticket(args: Ticket) -> httpx.Request:
        return httpx.Request("POST", url, json=args.model_dump())

    return create_ticket


def write(
    server: MisbehavingServer, mode: Mode, path: str, *, keyed: bool, unsafe: bool = False
) -> tuple[Envelope[Any], FakeClock]:
    """One call of the POST tool on ``path`` (``""``: the refused port); the clock it slept on."""
    url = server.url(path) if path else server.refused_url
    fake = FakeClock()
    created = create_tool(url, keyed=keyed, unsafe=unsafe)
    return run(mode, cast("Any", created), fake=fake), fake


def new_path(server: MisbehavingServer, fault: str, tag: str, fail: int = 1) -> str:
    """``/write/<fault>`` with a query that no other test's count shares (counts are by path,
    so each test reads its own difference)."""
    return f"/write/{fault}?fail={fail}&t={tag}"


def applied_by(server: MisbehavingServer, fault: str, before: int) -> int:
    return server.applied(f"/write/{fault}") - before


def effect_of(env: Envelope[Any]) -> Effect:
    assert env.failure is not None, env
    return env.failure.effect


# -- the done-when cases ---------------------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_a_keyed_post_meeting_a_503_then_a_201_is_one_success_with_one_key(
    server: MisbehavingServer, mode: Mode
) -> None:
    """Two attempts, the same key on both, one write applied, one success."""
    fault = "unavailable"
    before, sent = server.applied(f"/write/{fault}"), len(server.keys_sent(f"/write/{fault}"))
    env, fake = write(server, mode, new_path(server, fault, f"k-{mode}"), keyed=True)
    assert env.outcome is Outcome.SUCCESS, env
    assert env.data == Created(id=env.data.id if env.data else "")
    assert env.attempts == 2
    keys = server.keys_sent(f"/write/{fault}")[sent:]
    assert len(keys) == 2
    assert keys[0] is not None
    assert keys[0] == keys[1] == env.idempotency_key
    assert applied_by(server, fault, before) == 1
    assert fake.sleeps == [3.0]  # the 503's Retry-After


@pytest.mark.parametrize("mode", MODES)
def test_an_unkeyed_post_meeting_a_503_is_one_attempt_whose_effect_is_unknown(
    server: MisbehavingServer, mode: Mode
) -> None:
    """Without a key a write that may have reached the upstream is never sent again."""
    env, fake = write(server, mode, new_path(server, "unavailable", f"u-{mode}"), keyed=False)
    assert env.outcome is Outcome.ACCESS_FAILURE
    assert env.attempts == 1
    assert fake.sleeps == []
    assert effect_of(env) is Effect.UNKNOWN
    assert env.method == "POST"
    assert env.idempotency_key is None


@pytest.mark.parametrize("mode", MODES)
def test_an_unkeyed_post_refused_at_connect_is_retried_and_changed_nothing(
    server: MisbehavingServer, mode: Mode
) -> None:
    """A refused connection proves the request never left: retrying it cannot write twice."""
    env, fake = write(server, mode, "", keyed=False)
    assert env.outcome is Outcome.ACCESS_FAILURE
    assert env.attempts == RETRY3.max_attempts
    assert len(fake.sleeps) == RETRY3.max_attempts - 1
    assert env.failure is not None
    assert env.failure.code is FailureCode.CONNECT
    assert effect_of(env) is Effect.NONE


@pytest.mark.parametrize("keyed", [False, True])
@pytest.mark.parametrize("mode", MODES)
def test_a_409_is_a_conflict_that_changed_nothing_and_names_the_existing_id(
    server: MisbehavingServer, mode: Mode, keyed: bool
) -> None:
    """409: conflict, permanent, asked once, effect none, the upstream's id in the detail."""
    before = server.applied("/write/conflict")
    env, _ = write(server, mode, new_path(server, "conflict", f"c-{mode}-{keyed}"), keyed=keyed)
    assert env.failure is not None
    assert (env.failure.code, env.failure.kind) == (FailureCode.CONFLICT, FailureKind.PERMANENT)
    assert env.failure.effect is Effect.NONE
    assert env.attempts == 1
    assert WRITE_EXISTING_ID in env.failure.detail
    assert applied_by(server, "conflict", before) == 0


@pytest.mark.parametrize("mode", MODES)
def test_a_201_with_an_unreadable_body_is_a_success_without_data(
    server: MisbehavingServer, mode: Mode
) -> None:
    """The 2xx is the acknowledgement: the write took effect, its answer could not be read."""
    before = server.applied("/write/unreadable")
    env, _ = write(server, mode, new_path(server, "unreadable", f"r-{mode}"), keyed=True)
    assert env.outcome is Outcome.SUCCESS, env
    assert env.data is None
    assert env.attempts == 1
    assert [r.kind for r in env.repairs] == [RepairKind.UNREAD_ANSWER]
    assert applied_by(server, "unreadable", before) == 1
    assert "the write took effect all the same" in to_text(env)


@pytest.mark.parametrize("fault", ["ack_lost", "error_after_applying", "unavailable"])
@pytest.mark.parametrize("mode", MODES)
def test_a_keyed_write_is_applied_exactly_once_whatever_it_meets(
    server: MisbehavingServer, mode: Mode, fault: str
) -> None:
    """The acknowledgement lost, a 500 after applying, a 503 before: retried with the same key,
    the server applies the write once and the call ends in one success."""
    before, sent = server.applied(f"/write/{fault}"), len(server.keys_sent(f"/write/{fault}"))
    env, _ = write(server, mode, new_path(server, fault, f"once-{mode}"), keyed=True)
    assert env.outcome is Outcome.SUCCESS, env
    assert applied_by(server, fault, before) == 1
    keys = server.keys_sent(f"/write/{fault}")[sent:]
    assert len(keys) == env.attempts == 2
    assert len(set(keys)) == 1


@pytest.mark.parametrize("mode", MODES)
def test_a_keyed_write_that_keeps_failing_tells_the_model_to_call_again_with_the_same_key(
    server: MisbehavingServer, mode: Mode
) -> None:
    """Retries used up on a write that may have reached the upstream: effect unknown, the key
    named, and the words say to call again with it."""
    path = new_path(server, "unavailable", f"all-{mode}", fail=RETRY3.max_attempts)
    before = server.applied("/write/unavailable")
    env, _ = write(server, mode, path, keyed=True)
    assert env.outcome is Outcome.ACCESS_FAILURE
    assert env.attempts == RETRY3.max_attempts
    assert effect_of(env) is Effect.UNKNOWN
    assert applied_by(server, "unavailable", before) == 0
    text = to_text(env)
    assert env.idempotency_key is not None
    assert env.idempotency_key in text
    assert "may have taken effect" in text
    assert "same arguments" in text


@pytest.mark.parametrize("mode", MODES)
def test_an_unkeyed_write_whose_answer_was_lost_is_not_sent_again(
    server: MisbehavingServer, mode: Mode
) -> None:
    """The bug a key fixes, held off: without a key, no retry, and the words say to check."""
    before = server.applied("/write/ack_lost")
    env, _ = write(server, mode, new_path(server, "ack_lost", f"nokey-{mode}"), keyed=False)
    assert env.attempts == 1
    assert effect_of(env) is Effect.UNKNOWN
    assert applied_by(server, "ack_lost", before) == 1
    assert "calling again may do it twice" in to_text(env)


@pytest.mark.parametrize("mode", MODES)
def test_retrying_an_unkeyed_write_anyway_writes_twice(
    server: MisbehavingServer, mode: Mode
) -> None:
    """retry_unsafe_methods says "I know these writes are idempotent": when they are not, the
    lost acknowledgement costs a second write. This is why the key exists."""
    before = server.applied("/write/ack_lost")
    path = new_path(server, "ack_lost", f"unsafe-{mode}")
    env, _ = write(server, mode, path, keyed=False, unsafe=True)
    assert env.outcome is Outcome.SUCCESS
    assert env.attempts == 2
    assert applied_by(server, "ack_lost", before) == 2


# -- the words ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Said:
    """One write case and the phrase its words must hold."""

    fault: str
    keyed: bool
    phrase: str


SAID = (
    Said("unavailable", False, "may have taken effect: check before repeating it"),
    Said("ack_lost", False, "may have taken effect: check before repeating it"),
    Said("conflict", True, "Nothing was changed"),
    Said("unreadable", False, "was carried out"),
    Said("created", True, "was carried out"),
)


def _every_rendering(env: Envelope[Any]) -> list[str]:
    """The text of every renderer that reaches a model."""
    return [
        to_text(env),
        to_anthropic(env, "toolu_1")["content"][0]["text"],
        to_openai(env, "call_1")["output"],
        to_mcp(env)["content"][0]["text"],
    ]


@pytest.mark.parametrize("said", SAID, ids=lambda s: f"{s.fault}-{'keyed' if s.keyed else 'bare'}")
def test_no_rendered_write_speaks_the_words_of_a_read(
    server: MisbehavingServer, said: Said
) -> None:
    """Every renderer, and each integration, says what the write did, never a read's words."""
    from tool_outcomes.integrations.langchain import langchain_tool
    from tool_outcomes.integrations.mcp import call_tool_result

    path = new_path(server, said.fault, f"words-{said.keyed}", fail=RETRY3.max_attempts)
    env, _ = write(server, "sync", path, keyed=said.keyed)
    texts = _every_rendering(env)
    fetch = create_tool(server.url(path), keyed=said.keyed)
    lc_text, lc_env = langchain_tool(fetch).func(title="printer on fire")  # type: ignore[misc]
    mcp_result = asyncio.run(call_tool_result(fetch, {"title": "printer on fire"}))
    texts += [lc_text, mcp_result.content[0].text]  # type: ignore[union-attr]
    assert lc_env.method == "POST"
    for text in texts:
        assert said.phrase in text, text
        for words in READ_WORDS:
            assert words not in text, text
        if said.keyed and env.idempotency_key is not None:
            assert "Idempotency key" in text
