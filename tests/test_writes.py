"""Writes against the real misbehaving server, sync and async: say whether it happened, retry
only what is safe, never do it twice.

The server (:data:`real_server.WRITE_PATHS`) applies each write, counts what it applied and
honours ``Idempotency-Key`` (a replay returns the first answer and applies nothing). Every test
runs the same adapter over a real loopback socket; retry sleeps go through a :class:`FakeClock`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, cast

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from real_server import WRITE_EXISTING_ID, MisbehavingServer
from test_fault_suite import MODES, Mode, run
from tool_outcomes import (
    Effect,
    Envelope,
    Failure,
    FailureCode,
    FailureKind,
    Outcome,
    RepairKind,
    RetryPolicy,
    Tool,
    classify_http,
    classify_parts,
    to_anthropic,
    to_mcp,
    to_openai,
    to_text,
    tool,
)
from tool_outcomes.consume import next_step
from tool_outcomes.testing import FakeClock
from tool_outcomes.workbook.charges import CHARGE_URL, ChargeDesk
from tool_outcomes.workbook.charges import KEY_HEADER as CHARGE_KEY
from tool_outcomes.workbook.scenarios import get_scenario


@pytest.fixture(scope="module")
def server() -> Iterator[MisbehavingServer]:
    """One misbehaving server for the module, stopped (and its handlers joined) at the end."""
    with MisbehavingServer() as running:
        yield running


#: No fault here stalls: a generous timeout keeps a busy machine from turning a slow connect
#: into a timeout (and a retry) the test did not mean.
PATIENT = httpx.Timeout(5.0)
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
    return run(mode, cast("Any", created), fake=fake, timeout=PATIENT), fake


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
        if said.keyed and env.idempotency_key is not None:
            assert "Idempotency key" in text
    for text in [*texts, next_step(env)]:
        for words in READ_WORDS:
            assert words not in text, text


# -- effect, judged without a socket ---------------------------------------------------------------

URL = "https://tickets.upstream.test/tickets"
JSON = {"content-type": "application/json"}
WRITES = ["POST", "PATCH", "PUT", "DELETE", "post"]
READS = [None, "GET", "HEAD", "OPTIONS"]


@dataclass(frozen=True)
class Answered:
    """A status a write met, and what it says the write did."""

    status: int
    effect: Effect


ANSWERED = (
    Answered(400, Effect.NONE),
    Answered(401, Effect.NONE),
    Answered(404, Effect.NONE),
    Answered(408, Effect.NONE),  # the server gave up waiting: it did not act
    Answered(409, Effect.NONE),
    Answered(422, Effect.NONE),
    Answered(429, Effect.NONE),
    Answered(307, Effect.NONE),  # redirected: not acted on here
    Answered(303, Effect.UNKNOWN),  # See Other answers a POST that was processed
    Answered(500, Effect.UNKNOWN),
    Answered(501, Effect.UNKNOWN),
    Answered(502, Effect.UNKNOWN),
    Answered(503, Effect.UNKNOWN),
    Answered(504, Effect.UNKNOWN),
)


@pytest.mark.parametrize("method", WRITES)
@pytest.mark.parametrize("answered", ANSWERED, ids=lambda a: str(a.status))
def test_a_writes_failure_says_whether_the_upstream_may_have_acted(
    answered: Answered, method: str
) -> None:
    """4xx (and a redirect not followed): nothing changed; 5xx and 303: it may have."""
    env = classify_parts(answered.status, httpx.Headers(JSON), b'{"error": "x"}', method=method)
    assert effect_of(env) is answered.effect
    assert env.method == method.upper()


@given(status=st.integers(min_value=300, max_value=599), method=st.sampled_from(READS))
def test_a_reads_failure_never_changed_anything(status: int, method: str | None) -> None:
    """For any status, a read's failure has effect none and carries no method."""
    env = classify_parts(status, httpx.Headers(JSON), b"{}", method=method)
    if env.failure is not None:
        assert env.failure.effect is Effect.NONE
    assert env.method is None


def _exception(cls: type[httpx.RequestError], method: str) -> httpx.RequestError:
    return cls("boom", request=httpx.Request(method, URL))


NEVER_LEFT = [httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout, httpx.ProxyError]
MAY_HAVE_REACHED = [
    httpx.ReadTimeout,
    httpx.WriteTimeout,
    httpx.RemoteProtocolError,
    httpx.ReadError,
    httpx.WriteError,
]


@pytest.mark.parametrize("method", ["POST", "GET"])
@pytest.mark.parametrize("cls", NEVER_LEFT + MAY_HAVE_REACHED, ids=lambda c: c.__name__)
def test_a_transport_failure_changed_something_only_if_a_write_may_have_left(
    cls: type[httpx.RequestError], method: str
) -> None:
    """A write that never left (refused, DNS, pool) changed nothing; one that was sent may have."""
    env = classify_http(_exception(cls, method))
    reached = method == "POST" and cls in MAY_HAVE_REACHED
    assert effect_of(env) is (Effect.UNKNOWN if reached else Effect.NONE)


@pytest.mark.parametrize("status", [200, 201, 202])
@pytest.mark.parametrize(
    "body",
    [b"<html>Created</html>", b'{"id": ', b'{"unexpected": true}', b"[1, 2]"],
    ids=["html", "cut-json", "wrong-shape", "wrong-type"],
)
def test_a_2xx_answering_a_write_is_an_acknowledged_success_whatever_its_body(
    status: int, body: bytes
) -> None:
    """The status is the acknowledgement: an answer that does not fit is recorded, not a failure."""
    env = classify_parts(status, httpx.Headers(JSON), body, method="POST", result_model=Created)
    assert env.outcome is Outcome.SUCCESS, env
    assert env.data is None
    assert [r.kind for r in env.repairs][-1] is RepairKind.UNREAD_ANSWER
    assert env.coverage is not None
    assert "could not be read" in env.coverage.detail
    text = to_text(env)
    assert text.startswith("DONE: the write (POST) was carried out")
    assert "the write took effect all the same" in text


def test_the_same_unreadable_body_answering_a_read_is_still_a_failure() -> None:
    """A read gets no benefit of the doubt: a 200 that is not its data is an access failure."""
    env = classify_parts(200, httpx.Headers(JSON), b"<html>", method="GET", result_model=Created)
    assert env.outcome is Outcome.ACCESS_FAILURE


def test_a_write_whose_body_reports_an_error_in_its_own_words_still_failed() -> None:
    """A 2xx is not an acknowledgement when its body says the write was refused (Slack)."""
    body = b'{"ok": false, "error": "channel_not_found"}'
    env = classify_parts(200, httpx.Headers(JSON), body, method="POST")
    assert env.outcome is Outcome.ACCESS_FAILURE
    assert effect_of(env) is Effect.NONE


@pytest.mark.parametrize(
    ("status", "body", "kind", "effect"),
    [
        (422, b'{"title": "Idempotency-Key is already used"}', FailureKind.PERMANENT, Effect.NONE),
        (
            400,
            b'{"error": {"type": "idempotency_error", "message": "Keys for idempotent requests '
            b'can only be used with the same parameters they were first used with."}}',
            FailureKind.PERMANENT,
            Effect.NONE,
        ),
        (
            409,
            b'{"title": "A request is outstanding for this Idempotency-Key"}',
            FailureKind.TRANSIENT,
            Effect.UNKNOWN,
        ),
    ],
    ids=["ietf-422-reused", "stripe-400-reused", "ietf-409-outstanding"],
)
def test_an_idempotency_keys_refusals_are_conflicts(
    status: int, body: bytes, kind: FailureKind, effect: Effect
) -> None:
    """A key reused with another payload is a permanent conflict that changed nothing; a key
    whose first request is still running is a transient one that may yet take effect."""
    env = classify_parts(status, httpx.Headers(JSON), body, method="POST")
    assert env.failure is not None
    assert (env.failure.code, env.failure.kind, env.failure.effect) == (
        FailureCode.CONFLICT,
        kind,
        effect,
    )
    assert "idempotency key" in env.failure.detail


def test_an_ordinary_422_is_still_a_bad_request() -> None:
    """Only a 422 that names idempotency is a conflict: a validation error stays bad_request."""
    body = b'{"detail": [{"loc": ["body", "title"], "msg": "field required"}]}'
    env = classify_parts(422, httpx.Headers(JSON), body, method="POST")
    assert env.failure is not None
    assert env.failure.code is FailureCode.BAD_REQUEST


@pytest.mark.parametrize(
    ("body", "headers", "named"),
    [
        (b'{"existing_id": "TCK-1"}', {}, "existing_id 'TCK-1'"),
        (b'{"error": {"message": "dup", "conflictingId": 77}}', {}, "conflictingId '77'"),
        (b'{"message": "exists"}', {"location": "/tickets/9"}, "at /tickets/9"),
        (b'{"message": "exists"}', {}, None),
    ],
)
def test_a_conflict_names_what_it_conflicts_with_when_the_answer_does(
    body: bytes, headers: dict[str, str], named: str | None
) -> None:
    """The existing id from the body (top level or under error), else the Location."""
    env = classify_parts(409, httpx.Headers({**JSON, **headers}), body, method="POST")
    assert env.failure is not None
    assert env.failure.code is FailureCode.CONFLICT
    assert (named is not None and named in env.failure.detail) or (
        named is None and "existing" not in env.failure.detail
    )


# -- the envelope ------------------------------------------------------------------------------


def test_only_a_writes_failure_can_have_an_unknown_effect() -> None:
    """A read, or a call that contacted nothing, cannot have changed anything."""
    unknown = Failure(code=FailureCode.TIMEOUT, kind=FailureKind.TRANSIENT, effect=Effect.UNKNOWN)
    with pytest.raises(ValidationError, match="a read changes nothing"):
        Envelope[Any](outcome=Outcome.ACCESS_FAILURE, failure=unknown)
    for code in (FailureCode.CIRCUIT_OPEN, FailureCode.INVALID_ARGUMENTS):
        with pytest.raises(ValidationError, match="contacted nothing"):
            Failure(code=code, kind=FailureKind.PERMANENT, effect=Effect.UNKNOWN)
    written = Envelope[Any](outcome=Outcome.ACCESS_FAILURE, failure=unknown, method="post")
    assert written.method == "POST"
    assert Envelope[Any](outcome=Outcome.SUCCESS, data=1, method="GET").method is None


def test_the_json_schema_names_effect_and_the_idempotency_key() -> None:
    """Consumers validating the envelope see the closed effect set and the key."""
    schema = Envelope[Created].model_json_schema()
    assert "idempotency_key" in schema["properties"]
    failure = schema["$defs"]["Failure"]["properties"]["effect"]
    effect = schema["$defs"][failure["$ref"].rsplit("/", 1)[-1]]
    assert set(effect["enum"]) == {"none", "unknown"}


# -- the adapter's key -------------------------------------------------------------------------


class Order(BaseModel):
    """An order, with the field that takes the idempotency key."""

    item: str = "widget"
    idempotency_key: str | None = None


def recording(answers: list[int], seen: list[httpx.Request]) -> httpx.MockTransport:
    """A transport answering each request with the next status of ``answers``."""

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        status = answers[min(len(seen), len(answers)) - 1]
        return httpx.Response(status, headers=JSON, json={"id": "o-1"})

    return httpx.MockTransport(answer)


def order_tool(own_key: str | None = None, *, arg: str | None = None) -> Tool[Order, Any]:
    @tool(args=Order, policy=RETRY3, idempotency_key=KEY_HEADER, idempotency_arg=arg)
    def place_order(args: Order) -> httpx.Request:
        headers = {} if own_key is None else {KEY_HEADER: own_key}
        if arg is not None and args.idempotency_key is not None:
            headers["X-Handler-Saw"] = args.idempotency_key
        return httpx.Request("POST", URL, json={"item": args.item}, headers=headers)

    return place_order


def call_order(
    place: Tool[Order, Any], answers: list[int], **kwargs: Any
) -> tuple[Envelope[Any], list[httpx.Request]]:
    seen: list[httpx.Request] = []
    with httpx.Client(transport=recording(answers, seen)) as http:
        env = place.call(kwargs, client=http, sleep=FakeClock().sleep)
    return env, seen


def test_each_call_makes_its_own_key_and_every_attempt_carries_it() -> None:
    """One key per logical call, the same on each retry, a new one for the next call."""
    place = order_tool()
    first, sent = call_order(place, [503, 201])
    second, _ = call_order(place, [201])
    keys = [request.headers[KEY_HEADER] for request in sent]
    assert keys == [first.idempotency_key] * 2
    assert second.idempotency_key not in (None, first.idempotency_key)


def test_a_key_the_handlers_request_carries_is_kept_on_every_attempt() -> None:
    """The handler's own key is adopted, not replaced."""
    env, sent = call_order(order_tool("handler-key"), [502, 502, 201])
    assert [r.headers[KEY_HEADER] for r in sent] == ["handler-key"] * 3
    assert env.idempotency_key == "handler-key"


def test_a_handler_inventing_a_new_key_per_attempt_still_sends_one_key() -> None:
    """A handler that makes a fresh key each time would defeat the key: its first one is kept."""
    made = iter(f"fresh-{n}" for n in range(10))

    @tool(args=Order, policy=RETRY3, idempotency_key=KEY_HEADER)
    def place(args: Order) -> httpx.Request:
        return httpx.Request("POST", URL, headers={KEY_HEADER: next(made)})

    env, sent = call_order(place, [503, 503, 201])
    assert [r.headers[KEY_HEADER] for r in sent] == ["fresh-0"] * 3
    assert env.outcome is Outcome.SUCCESS


def test_the_models_own_key_is_used_and_a_made_key_reaches_the_handler() -> None:
    """idempotency_arg: the model's key is sent as is; without one, the made key is written into
    the arguments, and the words tell the model to call again with it."""
    place = order_tool(arg="idempotency_key")
    given, sent = call_order(place, [201], idempotency_key="model-key-1")
    assert sent[0].headers[KEY_HEADER] == "model-key-1" == given.idempotency_key
    made, sent = call_order(place, [503, 503, 503])
    assert made.idempotency_key is not None
    assert sent[0].headers["X-Handler-Saw"] == made.idempotency_key
    text = to_text(made)
    assert f'idempotency_key set to "{made.idempotency_key}"' in text
    assert made.target is not None
    assert made.idempotency_key not in made.target


def test_a_keyed_read_sends_no_key() -> None:
    """A key means nothing to a GET: none is sent, and nothing is retried differently."""

    @tool(args=Order, idempotency_key=KEY_HEADER)
    def look(args: Order) -> httpx.Request:
        return httpx.Request("GET", URL)

    env, sent = call_order(look, [200])
    assert KEY_HEADER not in sent[0].headers
    assert env.method is None


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"idempotency_key": "Idempotency Key"}, "must name an HTTP header"),
        ({"idempotency_key": ""}, "must name an HTTP header"),
        ({"idempotency_arg": "no_such_field"}, "names no field of Order"),
    ],
)
def test_a_misnamed_key_option_is_a_clear_error(options: dict[str, Any], message: str) -> None:
    """A header that is not a token, or an argument the model cannot pass, fails at once."""
    with pytest.raises(ValueError, match=message):
        tool(args=Order, **options)(lambda args: None)


def test_a_writes_trace_record_names_method_effect_and_key(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The record says which write, what it may have done, and under which key."""
    caplog.set_level(logging.INFO, logger="tool_outcomes")
    env, _ = call_order(order_tool(), [503, 201])
    fields = [r.tool_outcomes for r in caplog.records if hasattr(r, "tool_outcomes")]
    retried = fields[0]
    assert (retried["method"], retried["effect"]) == ("POST", "unknown")
    assert retried["idempotency_key"] == env.idempotency_key
    assert env.idempotency_key not in (retried["target"] or "")


def test_a_reads_trace_record_is_unchanged(caplog: pytest.LogCaptureFixture) -> None:
    """No write fields on a read's record."""
    caplog.set_level(logging.INFO, logger="tool_outcomes")
    classify_http(httpx.ReadTimeout("slow", request=httpx.Request("GET", URL)))

    @tool(args=Order, policy=RetryPolicy(max_attempts=1))
    def look(args: Order) -> httpx.Request:
        return httpx.Request("GET", URL)

    call_order(look, [503])
    fields = [r.tool_outcomes for r in caplog.records if hasattr(r, "tool_outcomes")]
    assert fields
    assert not {"method", "effect", "idempotency_key"} & set(fields[0])


# -- the workbook's payment desk -----------------------------------------------------------------


def test_the_charge_ack_lost_scenario_charges_each_unkeyed_post_and_replays_a_key() -> None:
    """The catalogue's write scenario: the answer lost, a key's replay charges nothing."""
    scenario = get_scenario("charge_ack_lost")
    assert (scenario.method, scenario.expected_code) == ("POST", FailureCode.NETWORK)
    desk = ChargeDesk(lose_acks=1)
    with desk.client() as http:
        with pytest.raises(httpx.RemoteProtocolError):
            http.post(CHARGE_URL, headers={CHARGE_KEY: "k1"})
        replayed = http.post(CHARGE_URL, headers={CHARGE_KEY: "k1"})
        other = http.post(CHARGE_URL)
    assert desk.charges == ["ch_1", "ch_2"]
    assert replayed.json()["id"] == "ch_1"
    assert other.json()["id"] == "ch_2"
    assert desk.keys == ["k1", "k1", None]


@pytest.mark.parametrize("keyed_by_args", [False, True])
def test_a_write_the_handler_sent_itself_is_retried_only_under_a_key_it_was_given(
    keyed_by_args: bool,
) -> None:
    """A plain function that POSTs on its own client and raises: without a key in its arguments
    it is asked once (it may have charged); with one, its transient failure is retried."""
    desk = ChargeDesk(lose_acks=1)

    @tool(
        args=Order,
        policy=RETRY3,
        idempotency_arg="idempotency_key" if keyed_by_args else None,
    )
    def place(args: Order) -> Any:
        headers = {} if args.idempotency_key is None else {CHARGE_KEY: args.idempotency_key}
        with desk.client() as http:
            return http.post(CHARGE_URL, headers=headers).json()

    env = place.call(sleep=FakeClock().sleep)
    if keyed_by_args:
        assert env.outcome is Outcome.SUCCESS
        assert env.attempts == 2
    else:
        assert env.attempts == 1
        assert effect_of(env) is Effect.UNKNOWN
        assert "may have taken effect" in to_text(env)
    assert len(desk.charges) == 1
