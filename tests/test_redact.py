"""Credentials never leave the adapter: the redaction tables and their edges."""

from __future__ import annotations

import base64
import json
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tool_outcomes import redact_headers, redact_text, redact_url
from tool_outcomes.redact import (
    REDACTED,
    SECRET_HEADERS,
    SECRET_NAME_STEMS,
    SECRET_QUERY_PARAMS,
    is_secret_name,
)

SECRET = "s3cr3t-CANARY-9f8e"


@pytest.mark.parametrize("param", sorted(SECRET_QUERY_PARAMS))
def test_every_secret_query_parameter_is_redacted_in_urls(param: str) -> None:
    """Each listed query parameter loses its value; the others keep theirs."""
    url = f"https://api.example.test/search?q=refund&{param}={SECRET}&page=2"
    redacted = redact_url(url)
    assert SECRET not in redacted
    assert "q=refund" in redacted
    assert "page=2" in redacted


@pytest.mark.parametrize("param", sorted(SECRET_QUERY_PARAMS))
def test_every_secret_query_parameter_is_redacted_in_free_text(param: str) -> None:
    """A URL quoted inside an error message is scrubbed too."""
    text = f"GET https://api.example.test/s?{param}={SECRET} failed: 503"
    assert SECRET not in redact_text(text)


def test_userinfo_is_redacted() -> None:
    """user:password@host never survives, in a URL or in text."""
    assert SECRET not in redact_url(f"https://bob:{SECRET}@api.example.test/x")
    assert SECRET not in redact_text(f"connect to https://bob:{SECRET}@api.example.test failed")


@pytest.mark.parametrize("name", sorted(SECRET_HEADERS))
def test_every_secret_header_is_redacted(name: str) -> None:
    """Credential headers are replaced whatever their case; ordinary headers are kept."""
    headers = httpx.Headers({name.title(): SECRET, "Accept": "application/json"})
    redacted = redact_headers(headers)
    assert SECRET not in str(redacted)
    assert redacted["accept"] == "application/json"
    assert REDACTED in redacted.values()


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("The access token expired", True),
        ("token authentication failed", True),
        ("Authorization: Bearer abcdef123456", False),
        ("Basic dXNlcjpwYXNz", False),
        ("x-token: Token 9f8e7d6c", False),
    ],
)
def test_auth_schemes_are_redacted_but_prose_about_tokens_is_kept(text: str, kept: bool) -> None:
    """'Bearer …' and 'Basic …' always hide what follows; the word 'token' in prose does not."""
    assert (redact_text(text) == text) is kept


def test_known_secrets_are_removed_wherever_they_appear() -> None:
    """A secret passed in explicitly is removed even in a shape no pattern knows."""
    assert SECRET not in redact_text(f"echo: {SECRET}!", secrets=[SECRET])


@given(
    secret=st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789-_", min_size=8, max_size=40),
    param=st.sampled_from(sorted(SECRET_QUERY_PARAMS)),
)
def test_any_secret_in_a_listed_parameter_is_redacted(secret: str, param: str) -> None:
    """For any value, a listed parameter's value is gone from the redacted URL."""
    url = str(httpx.URL("https://api.example.test/x", params={param: secret, "q": "z"}))
    redacted = redact_url(url)
    assert f"{param}={REDACTED}" in redacted.replace("%5B", "[").replace("%5D", "]")


def test_a_redacted_value_stops_at_closing_punctuation() -> None:
    """Redaction takes the value, not the text after it: `key=…)` keeps its parenthesis."""
    assert redact_text(f"h(q='x', api_key={SECRET})") == f"h(q='x', api_key={REDACTED})"


# -- one definition of a secret name, used everywhere ---------------------------------------------

SECRET_NAMES = (
    "Private-Token",
    "X-Api-Token",
    "apikey",
    "X-Vault-Token",
    "X-RapidAPI-Key",
    "x-rapidapi-key",
    "api_token",
    "private_token",
    "auth_token",
    "access-token",
    "sessionid",
    "sessionId",
    "connect.sid",
    "apiKey",
    "APIKEY",
    "client_secret",
    "Ocp-Apim-Subscription-Key",
)
ORDINARY_NAMES = (
    "author",
    "authority",
    "max_tokens",
    "token_type",
    "nextPageToken",
    "page_token",
    "$skiptoken",
    "NextToken",
    "sort_key",
    "primary_key",
    "keyword",
    "session_timeout",
    "authorization_url",
    "q",
)


@pytest.mark.parametrize("name", SECRET_NAMES)
def test_a_secret_name_is_redacted_as_header_parameter_pair_and_argument(name: str) -> None:
    """The same rule decides for a header, a query parameter, a quoted pair and a header line."""
    assert is_secret_name(name)
    assert SECRET not in str(redact_headers({name: SECRET}))
    assert SECRET not in redact_url(f"https://a.test/x?{name}={SECRET}&q=1")
    for text in (
        f"GET /x?{name}={SECRET} HTTP/1.1",
        f'{{"{name}": "{SECRET}"}}',
        f"{{'{name}': '{SECRET}'}}",
        f"GET / HTTP/1.1\r\n{name}: {SECRET}\r\nAccept: */*",
    ):
        assert SECRET not in redact_text(text), text


@pytest.mark.parametrize("name", ORDINARY_NAMES)
def test_an_ordinary_name_keeps_its_value(name: str) -> None:
    """Cursors, counts, people and sort keys are not credentials: their values stay readable."""
    assert not is_secret_name(name)
    assert redact_text(f"{name}=value-1") == f"{name}=value-1"


@given(name=st.from_regex(r"[A-Za-z][A-Za-z0-9_.-]{0,30}", fullmatch=True))
def test_every_secret_name_contains_a_stem_the_fast_path_looks_for(name: str) -> None:
    """Text without any stem skips the pair scan: so no secret name may lack one."""
    if is_secret_name(name):
        assert any(stem in name.lower() for stem in SECRET_NAME_STEMS)


@pytest.mark.parametrize(
    "url",
    [
        f"https://a.test/x#access_token={SECRET}&state=1",
        f"https://a.test/x;token={SECRET}/more?q=1",
        f"https://user:p@ss{SECRET}@a.test/x",
    ],
    ids=["fragment", "path-parameter", "password-with-at"],
)
def test_fragments_path_parameters_and_userinfo_are_redacted_in_urls_and_text(url: str) -> None:
    """Each is gone from the URL as a target and from the same URL quoted in free text."""
    assert SECRET not in redact_url(url)
    assert SECRET not in redact_text(f"GET {url} failed")


def test_a_known_secret_is_removed_also_encoded() -> None:
    """Percent-encoded, JSON-escaped, or in base64 at any offset of a longer blob."""
    secret = 'sk-live/0123+"456789abcdef'
    echoes = [
        quote(secret, safe=""),
        json.dumps(secret),
        base64.b64encode(secret.encode()).decode(),
        *(base64.b64encode(b"x" * n + secret.encode() + b"tail").decode() for n in range(3)),
        base64.urlsafe_b64encode(b"ab" + secret.encode()).decode(),
    ]
    for echo in echoes:
        redacted = redact_text(f"upstream said: {echo}", [secret])
        assert REDACTED in redacted, echo
        assert secret not in redacted
        assert echo not in redacted


def test_a_known_secret_cut_by_a_clip_leaves_no_prefix() -> None:
    """A text cut inside a secret loses the secret's start as well, not only the whole."""
    text = "x" * 100 + SECRET
    assert SECRET[:8] not in redact_text(text, [SECRET], max_chars=100 + len(SECRET) // 2)


def _params_by_parsing(query: str) -> str:
    """The query redaction without its shortcut: every name parsed and judged."""
    from urllib.parse import parse_qsl, urlencode

    if "=" not in query:
        return query
    pairs = parse_qsl(query, keep_blank_values=True)
    if not any(is_secret_name(name) for name, _ in pairs):
        return query
    return urlencode(
        [(name, REDACTED if is_secret_name(name) else value) for name, value in pairs], safe="[]"
    )


QUERY_NAMES = st.sampled_from(
    ["q", "page", "pageToken", "api_key", "apiKey", "api+key", "KEY", "Token", "sig", "x", "sort"]
) | st.from_regex(r"[A-Za-z+_.-]{1,12}", fullmatch=True)


@given(
    pairs=st.lists(
        st.tuples(QUERY_NAMES, st.from_regex(r"[A-Za-z0-9+/=._-]{0,8}", fullmatch=True))
    ),
    fragment=st.booleans(),
)
def test_a_query_without_any_stem_skips_parsing_with_the_same_answer(
    pairs: list[tuple[str, str]], fragment: bool
) -> None:
    """A query none of whose names holds a stem is left as it is without parsing it: the same
    URL as parsing every name gives."""
    from tool_outcomes.redact import _redact_params

    query = "&".join(f"{name}={value}" for name, value in pairs)
    assert _redact_params(query) == _params_by_parsing(query)
    where = f"#{query}" if fragment else f"?{query}"
    assert SECRET not in redact_url(f"https://h.test/p{where}&token={SECRET}")


@given(
    pairs=st.lists(
        st.tuples(QUERY_NAMES, st.from_regex(r"[A-Za-z0-9+/=._-]{4,8}", fullmatch=True))
    ),
)
def test_a_requests_query_secrets_are_found_with_the_shortcut_too(
    pairs: list[tuple[str, str]],
) -> None:
    """request_secrets reads a query's names only when one may be secret: the same values as
    reading every name."""
    from unittest import mock

    from tool_outcomes import redact
    from tool_outcomes.redact import request_secrets

    query = "&".join(f"{name}={value}" for name, value in pairs)
    request = httpx.Request("GET", f"https://h.test/p?{query}")
    with mock.patch.object(redact, "_may_name_secrets", lambda text: "=" in text):
        expected = request_secrets(request)
    assert request_secrets(request) == expected


def test_the_headers_request_secrets_passes_over_are_no_secrets_names() -> None:
    """The header names passed over undecoded are names no credential travels under."""
    from tool_outcomes.redact import _PLAIN_HEADERS, is_secret_name

    assert _PLAIN_HEADERS
    assert not [n for n in _PLAIN_HEADERS if is_secret_name(n.decode())]
    assert all(n == n.lower() for n in _PLAIN_HEADERS)


@given(
    names=st.lists(
        st.sampled_from(
            [
                "Host",
                "Accept",
                "User-Agent",
                "Authorization",
                "X-Api-Key",
                "Cookie",
                "accept",
                "Connection",
                "X-Trace",
                "Proxy-Authorization",
                "TraceParent",
                "Content-Type",
            ]
        ),
        max_size=6,
    ),
    value=st.from_regex(r"(Bearer |Basic )?[A-Za-z0-9+/=._-]{4,12}", fullmatch=True),
)
def test_a_requests_header_secrets_are_found_with_the_shortcut_too(
    names: list[str], value: str
) -> None:
    """request_secrets passes over the plainest header names undecoded: the same values as
    decoding and judging every name."""
    from unittest import mock

    from tool_outcomes import redact
    from tool_outcomes.redact import request_secrets

    request = httpx.Request("GET", "https://h.test/p", headers=[(n, value) for n in names])
    with mock.patch.object(redact, "_PLAIN_HEADERS", frozenset()):
        expected = request_secrets(request)
    assert request_secrets(request) == expected
    if any(n.lower() in ("authorization", "x-api-key", "cookie") for n in names):
        assert expected  # the slow path found the credential: the comparison is not vacuous


# -- the envelope's own models redact what they hold ---------------------------------------------


def test_every_text_an_envelope_holds_is_redacted_whoever_builds_it() -> None:
    from tool_outcomes import Coverage, Envelope, Failure, FailureCode, FailureKind, Outcome
    from tool_outcomes.envelope import Repair, RepairKind

    failure = Failure(
        code=FailureCode.UNAUTHORIZED,
        kind=FailureKind.PERMANENT,
        detail="upstream said 401 to Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig",
        raw_sample='{"error": "bad key", "api_key": "sk-live-7Hq2ZrX9"}',
    )
    assert "eyJhbGci" not in failure.detail
    assert failure.raw_sample is not None
    assert "sk-live-7Hq2ZrX9" not in failure.raw_sample
    coverage = Coverage(
        returned=1,
        detail="next page at https://ana:hunter2@h.test/x",
        dropped=("shard https://h.test/?token=abc123secret",),
    )
    assert "hunter2" not in coverage.detail
    assert "abc123secret" not in coverage.dropped[0]
    repair = Repair(kind=RepairKind.UNREAD_ANSWER, path="", detail="password=hunter2hunter2")
    assert "hunter2hunter2" not in repair.detail
    env = Envelope[Any](
        outcome=Outcome.SUCCESS,
        data=1,
        target="https://h.test/items?q=refund&api_key=sk-live-7Hq2ZrX9",
    )
    assert env.target == "https://h.test/items?q=refund&api_key=[REDACTED]"


def test_a_secret_at_the_cut_is_redacted_before_the_cut() -> None:
    """Redacting after cutting would leave the start of the user-info (its "@" cut off, it is
    no longer recognised): the detail is redacted first."""
    from tool_outcomes import Failure, FailureCode, FailureKind
    from tool_outcomes._text import clip
    from tool_outcomes.envelope import DETAIL_MAX_CHARS

    secret = " https://ana:hunter2hunter2@billing.example.test/invoices"
    # The padding that makes the cap fall inside the user-info, found as the cap finds it.
    texts = ("x" * n + secret for n in range(DETAIL_MAX_CHARS - 80, DETAIL_MAX_CHARS))
    cut = {t: clip(t, DETAIL_MAX_CHARS, say_cut=True) for t in texts}
    text = next(t for t, kept in cut.items() if "ana:hunter" in kept and "@" not in kept)
    failure = Failure(code=FailureCode.EXECUTION, kind=FailureKind.PERMANENT, detail=text)
    assert "hunter" not in failure.detail


def test_a_next_page_url_is_redacted_and_an_opaque_cursor_kept_exactly() -> None:
    from tool_outcomes import Coverage

    url = Coverage(
        returned=1, next_cursor="https://graph.test/v1/me/feed?after=QVFI&access_token=EAAB"
    )
    assert url.next_cursor == "https://graph.test/v1/me/feed?after=QVFI&access_token=[REDACTED]"
    for opaque in ("token=abc", "eyJwYWdlIjoyfQ==", "Bearer abcdefgh", "/items?api_key=x"):
        assert Coverage(returned=1, next_cursor=opaque).next_cursor == opaque


def test_the_classifier_hands_its_words_over_and_the_envelope_redacts_them() -> None:
    """A redirect's Location with credentials, judged by classify_http: nothing leaks."""
    import httpx

    from tool_outcomes import classify_http

    request = httpx.Request("GET", "https://h.test/items?api_key=sk-live-7Hq2ZrX9")
    response = httpx.Response(
        302,
        headers={"location": "https://ana:hunter2@h.test/next?token=abc123secret"},
        request=request,
    )
    env = classify_http(response)
    text = env.model_dump_json()
    assert "hunter2" not in text
    assert "abc123secret" not in text
    assert "sk-live-7Hq2ZrX9" not in text
