"""Credentials never leave the adapter: the redaction tables and their edges."""

from __future__ import annotations

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tool_outcomes import redact_headers, redact_text, redact_url
from tool_outcomes.redact import REDACTED, SECRET_HEADERS, SECRET_QUERY_PARAMS

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
