"""Searching the body for an echoed credential scrubs exactly what serialising the data did.

The adapter removes the credentials a request carried from everything the envelope holds. For the
data it used to serialise the whole value and search that text; now it searches the JSON body the
data was decoded from (escapes undone), and the model's own text (names, defaults), which is
where every text of such data comes from. These properties scrub the same envelopes both ways
and require the same result, field for field, on bodies that hold a secret plainly, JSON-escaped
in any way, percent-encoded, in base64, split, or not at all.
"""

from __future__ import annotations

import base64
import json
from typing import Any, Literal
from urllib.parse import quote

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict, Field, computed_field
from typing_extensions import TypedDict

from tool_outcomes import Envelope, classify_parts, tool
from tool_outcomes.guard import scrub_envelope
from tool_outcomes.shapes import fast_plan

SECRETS = ["sk-live-0123456789", "tok/en+with=odd&chars", "päss wörd", 'q"uote\\d', "abcd"]


class Item(BaseModel):
    id: int
    name: str
    note: str = ""


class Aliased(BaseModel):
    user_id: str = Field(alias="userId")


class Lowered(BaseModel):
    """Changes the body's text: the data's own text must be searched."""

    model_config = ConfigDict(str_to_lower=True)

    name: str


class Computed(BaseModel):
    name: str

    @computed_field  # type: ignore[prop-decorator]
    @property
    def shout(self) -> str:
        return self.name.upper()


class Defaulted(BaseModel):
    name: str
    hint: str = "sk-live-0123456789"  # a default that happens to be the secret


class Row(TypedDict):
    name: str


class Kind(BaseModel):
    kind: Literal["abcd", "x"] = "x"


MODELS: list[Any] = [
    None,
    list[Item],
    list[Aliased],
    list[Lowered],
    list[Computed],
    list[Defaulted],
    list[Row],
    list[Kind],
    list[dict[str, Any]],
    list[Any],
]


def _escape_all(text: str) -> str:
    return "".join(f"\\u{ord(c):04x}" if ord(c) < 0x10000 else c for c in text)


def _forms(secret: str) -> list[str]:
    """The secret as an upstream may put it in a JSON string (already JSON-escaped)."""
    plain = json.dumps(secret)[1:-1]
    return [
        plain,
        _escape_all(secret),
        plain.replace("/", "\\/"),
        quote(secret, safe=""),
        base64.b64encode(secret.encode()).decode(),
        plain[: len(plain) // 2],  # a piece: not the secret
        secret.upper().replace("\\", "").replace('"', ""),
        "unrelated",
    ]


@st.composite
def bodies(draw: st.DrawFn) -> tuple[bytes, str]:
    secret = draw(st.sampled_from(SECRETS))
    forms = _forms(secret)
    texts = st.sampled_from(forms) | st.text(max_size=4).map(lambda t: json.dumps(t)[1:-1])
    items = []
    for _ in range(draw(st.integers(0, 3))):
        name = draw(texts)
        key = draw(st.sampled_from(["name", "userId", "note", "kind", "extra", draw(texts)]))
        items.append(f'{{"id": 1, "name": "{name}", "{key}": "{draw(texts)}"}}')
    body = '{"results": [' + ", ".join(items) + '], "next": "' + draw(texts) + '"}'
    return body.encode(), secret


def _classified(body: bytes, model: Any) -> Envelope[Any]:
    return classify_parts(
        200,
        httpx.Headers({"content-type": "application/json"}),
        body,
        url="https://api.test/items",
        method="GET",
        items="results",
        result_model=model,
        tool="t",
    )


def _fields(env: Envelope[Any]) -> tuple[Any, ...]:
    return (
        env.outcome,
        repr(env.data),
        env.coverage,
        env.failure,
        env.repairs,
        env.target,
    )


@given(case=bodies(), model=st.sampled_from(MODELS))
def test_the_body_search_scrubs_what_the_data_search_scrubbed(
    case: tuple[bytes, str], model: Any
) -> None:
    """Any body, any model: scrubbing with the body searched equals scrubbing with the data
    serialised and searched."""
    body, secret = case
    env = _classified(body, model)
    by_body = scrub_envelope(env, [secret], body=body, result_model=model)
    by_data = scrub_envelope(env, [secret])
    assert _fields(by_body) == _fields(by_data)


@pytest.mark.parametrize(
    ("model", "keeps_text"),
    [
        (list[Item], True),
        (list[Row], True),
        (list[Lowered], False),
        (list[Computed], False),
    ],
)
def test_only_models_that_keep_the_bodys_text_are_judged_by_the_body(
    model: Any, keeps_text: bool
) -> None:
    """A model that changes text (lower-casing, computed fields) has its data searched."""
    plan = fast_plan(model)
    assert plan is not None
    assert plan.keeps_text is keeps_text


@pytest.mark.parametrize(
    "echoed",
    [
        "sk-live-0123456789",
        "\\u0073k-live-0123456789",
        "sk\\u002dlive\\u002d0123456789",
        base64.b64encode(b"sk-live-0123456789").decode(),
    ],
)
def test_an_echo_in_the_body_is_scrubbed_from_the_data(echoed: str) -> None:
    """The upstream echoes the request's token in a result, in any form: it never leaves."""
    secret = "sk-live-0123456789"

    class Query(BaseModel):
        q: str

    @tool(args=Query, result=list[Item], items="results", total="count")
    def search(args: Query) -> httpx.Request:
        return httpx.Request("GET", "https://api.test/items", params={"q": args.q})

    body = f'{{"results": [{{"id": 1, "name": "key {echoed} refused"}}], "count": 1}}'

    def respond(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json=json.loads(body))

    headers = {"authorization": f"Bearer {secret}"}
    with httpx.Client(transport=httpx.MockTransport(respond), headers=headers) as client:
        env = search.call({"q": "x"}, client=client)
    assert env.data is not None
    assert env.data[0].name == "key [REDACTED] refused"


def test_a_body_without_the_secret_leaves_the_envelope_as_it_is() -> None:
    """Nothing to scrub: the envelope itself comes back, not a copy."""
    body = b'{"results": [{"id": 1, "name": "a"}], "next": null}'
    env = _classified(body, list[Item])
    assert scrub_envelope(env, ["sk-live-0123456789"], body=body, result_model=list[Item]) is env


def test_only_a_repair_that_holds_the_secret_is_scrubbed() -> None:
    """A key that echoes a credential is scrubbed from its repair; the others, and an envelope
    whose repairs hold none, are kept as they are (a page may hold hundreds of repairs)."""
    body = b'{"results": [{"id": 1, "name": "a", "sk-live-0123456789": 1, "url": "u"}]}'
    env = _classified(body, list[Item])
    assert [r.path for r in env.repairs] == ["0.sk-live-0123456789", "0.url"]
    scrubbed = scrub_envelope(env, ["sk-live-0123456789"], body=body, result_model=list[Item])
    assert [r.path for r in scrubbed.repairs] == ["0.[REDACTED]", "0.url"]
    assert "sk-live" not in scrubbed.repairs[0].detail
    assert scrubbed.repairs[1] is env.repairs[1]
    plain = b'{"results": [{"id": 1, "name": "a", "url": "u"}]}'
    env = _classified(plain, list[Item])
    assert scrub_envelope(env, ["sk-live-0123456789"], body=plain, result_model=list[Item]) is env


@given(
    secrets=st.lists(st.sampled_from([*SECRETS, "user:päss wörd", "dXNlcjpwYXNz"]), max_size=3),
    around=st.text(max_size=12),
    pick=st.integers(min_value=0),
)
def test_the_probes_find_a_secret_exactly_where_its_variants_do(
    secrets: list[str], around: str, pick: int
) -> None:
    """``secret_probes`` is the search set: a text holds one of them exactly when it holds one
    of ``secret_variants`` (a variant it leaves out contains one it keeps)."""
    from tool_outcomes.redact import secret_probes, secret_variants

    variants, probes = secret_variants(secrets), secret_probes(secrets)
    assert set(probes) <= set(variants)
    assert all(any(p in v for p in probes) for v in variants)
    texts = [around, *(f"{around[: len(around) // 2]}{v}{around}" for v in variants)]
    if variants:  # a variant cut short is in no text as a whole
        texts.append(variants[pick % len(variants)][:-1])
    for text in texts:
        assert any(p in text for p in probes) == any(v in text for v in variants), text


def test_a_bearer_token_is_searched_for_in_fewer_forms_than_it_is_replaced_in() -> None:
    from tool_outcomes.redact import secret_probes, secret_variants

    token = "sk-bench-0123456789abcdef"
    variants, probes = secret_variants([token]), secret_probes([token])
    # Its base64 text holds the unpadded form, which holds the middle one: one search for all.
    assert len(probes) < len(variants)
    assert token in probes
    assert base64.b64encode(token.encode()).decode() in variants
    assert base64.b64encode(token.encode()).decode() not in probes
