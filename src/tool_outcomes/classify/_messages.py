"""The upstream's own words for an error, from the places well-known APIs put them.

Used for the detail of every failure built from a response: an error status's body, and a
convention's error report inside a 2xx.
"""

from __future__ import annotations

import re

from tool_outcomes._numbers import parse_count
from tool_outcomes.envelope import FailureCode, FailureKind

__all__ = ["error_message", "graph_api_error"]

_MESSAGE_PATHS: tuple[tuple[str, ...], ...] = (
    ("error", "message"),  # Google, OpenAI, Anthropic
    ("error", "reason"),  # Elasticsearch
    ("error", "msg"),  # Solr
    ("error", "info"),  # MediaWiki (https://www.mediawiki.org/wiki/API:Errors_and_warnings)
    ("errors", "0", "message"),  # GraphQL, GitHub, Cloudflare
    ("errors", "0", "detail"),  # JSON:API
    ("errors", "0", "title"),
    ("errors", "0", "text"),  # MediaWiki with errorformat=plaintext or wikitext
    ("error_description",),  # OAuth 2.0 (RFC 6749 §5.2)
    ("message",),
    ("detail",),  # DRF, problem details
    ("title",),
    ("description",),  # Telegram
    ("error_message",),
    ("errorMessage",),
    # Jira and Confluence: {"errorMessages": ["Issue does not exist …"], "errors": {"summary":
    # "…"}} (https://developer.atlassian.com/cloud/jira/platform/rest/v3/intro/#status-codes)
    ("errorMessages", "0"),
    # A list of words: Meraki's {"errors": ["…"]} (https://developer.cisco.com/meraki/api-v1/errors)
    ("errors", "0"),
    ("Fault", "Error", "0", "Detail"),  # Intuit (QuickBooks Online)
    ("Fault", "Error", "0", "Message"),
    ("fault", "faultstring"),  # Apigee
    ("error",),  # OAuth's bare code, Spring's reason phrase
    ("error", "type"),
)
_HTML_TITLE = re.compile(r"<title[^>]*>\s*([^<]{1,200}?)\s*</title>", re.IGNORECASE)


def error_message(body: object) -> str | None:
    """The upstream's own words for an error, from the places well-known APIs put them.

    Args:
        body: A decoded JSON value, or the text of a non-JSON body.

    Returns:
        A short message (at most 300 characters), or ``None`` when there is none.
    """
    if isinstance(body, str):
        title = _HTML_TITLE.search(body[:4000])
        if title:
            return title.group(1)
        if "<" in body[:200]:
            return None  # markup without a title: the raw sample shows it
        first = body.strip().splitlines()[0] if body.strip() else ""
        return first[:300] or None
    for path in _MESSAGE_PATHS:
        value: object = body
        for step in path:
            if isinstance(value, dict):
                value = value.get(step)
            elif isinstance(value, list) and (index := parse_count(step)) is not None:
                value = value[index] if index < len(value) else None
            else:
                value = None
        if isinstance(value, str) and value.strip():
            return value.strip()[:300]
    return _field_error(body)


def _field_error(body: object) -> str | None:
    """The first of a body's errors keyed by field, ``"summary: You must specify a summary"``:
    Jira's ``errors`` object, which it sends with ``errorMessages`` empty, or Rails' ``{"errors":
    {"email": ["has already been taken"]}}``."""
    errors = body.get("errors") if isinstance(body, dict) else None
    if not isinstance(errors, dict):
        return None
    for field, words in errors.items():
        if isinstance(words, list) and words:
            words = words[0]
        if isinstance(words, str) and words.strip():
            return f"{field}: {words.strip()}"[:300]
    return None


#: Facebook's Graph API error codes a retry may help with (its own "is_transient" says so too):
#: unknown and service errors (1, 2), the app, user and page limits (4, 17, 32, 341, 613),
#: Messenger's "temporary send message failure" (1200), the Marketing API's rate limits
#: (80000-80014; 80000 the Ads Insights calls of an ad account, "wait a bit and try again",
#: https://developers.facebook.com/docs/graph-api/overview/rate-limiting), WhatsApp's rate
#: limits and temporary errors (130429, 131000, 131016, 131048, 131056)
#: (https://developers.facebook.com/docs/graph-api/guides/error-handling,
#: https://developers.facebook.com/docs/messenger-platform/error-codes).
_GRAPH_TRANSIENT = frozenset(
    {1, 2, 4, 17, 32, 341, 613, 1200, *range(80000, 80015), 130429, 131000, 131016, 131048, 131056}
)
_GRAPH_THROTTLES = frozenset({4, 17, 32, 341, 613, *range(80000, 80015), 130429, 131048, 131056})


def graph_api_error(error: object) -> tuple[FailureCode, FailureKind] | None:
    """The failure a Facebook Graph API error object names (``{"message", "type", "code",
    "fbtrace_id"}``, in any status): a throttle, another transient error, or ``None`` for the
    rest (read as any other error)."""
    if not isinstance(error, dict) or "fbtrace_id" not in error:
        return None
    code = error.get("code")
    if type(code) is not int:
        return None
    if code in _GRAPH_THROTTLES:
        return FailureCode.RATE_LIMITED, FailureKind.TRANSIENT
    if code in _GRAPH_TRANSIENT or error.get("is_transient") is True:
        return FailureCode.SERVER_ERROR, FailureKind.TRANSIENT
    return None
