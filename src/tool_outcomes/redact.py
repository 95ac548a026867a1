"""Credentials never leave the adapter: redaction for targets, headers and free text.

Everything that names what was called (an envelope's ``target``, a trace record, a render) goes
through here first. The tables are the policy; extend them, do not branch around them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

if TYPE_CHECKING:
    import httpx

__all__ = [
    "REDACTED",
    "SECRET_HEADERS",
    "SECRET_NAME_PARTS",
    "SECRET_QUERY_PARAMS",
    "is_secret_name",
    "mask_secret_fields",
    "redact_headers",
    "redact_text",
    "redact_url",
    "request_secrets",
]

REDACTED = "[REDACTED]"

#: Header names (lower-case) whose values are credentials.
SECRET_HEADERS: frozenset[str] = frozenset(
    {
        "authorization",
        "proxy-authorization",
        "cookie",
        "set-cookie",
        "x-api-key",
        "api-key",
        "x-auth-token",
        "x-amz-security-token",
        "x-goog-api-key",
    }
)

#: Query parameter names (lower-case) whose values are credentials.
SECRET_QUERY_PARAMS: frozenset[str] = frozenset(
    {
        "api_key",
        "apikey",
        "api-key",
        "key",
        "token",
        "access_token",
        "refresh_token",
        "id_token",
        "auth",
        "client_secret",
        "password",
        "secret",
        "signature",
        "sig",
        "x-amz-signature",
        "x-amz-credential",
        "x-amz-security-token",
        "x-goog-signature",
        "x-goog-credential",
    }
)

_QUERY_PAIR = re.compile(
    r"(?P<name>(?<![\w-])(?:" + "|".join(re.escape(p) for p in SECRET_QUERY_PARAMS) + r"))="
    r"(?P<value>[^&\s#\"'<>),;\]]+)",
    re.IGNORECASE,
)
_USERINFO = re.compile(r"(?P<scheme>[a-z][a-z0-9+.-]*://)[^/@\s:]+(?::[^/@\s]*)?@", re.IGNORECASE)
# A credential after an auth scheme. "Bearer" and "Basic" always introduce one; "token" is also
# a word in prose ("the access token expired"), so after it only a credential-shaped string
# (a digit or a symbol in it, or 16+ letters) is taken for a secret.
_BEARER = re.compile(
    r"\b(?:(?P<scheme>Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{6,}"
    r"|(?P<word>Token)\s+(?:(?=[A-Za-z0-9._~+/=-]*[0-9._~+/=-])[A-Za-z0-9._~+/=-]{6,}|[A-Za-z]{16,}))",
    re.IGNORECASE,
)


def redact_url(url: object) -> str:
    """A URL with its user-info and credential query parameters replaced by ``[REDACTED]``.

    Args:
        url: A ``str`` or an ``httpx.URL`` (anything whose ``str()`` is a URL).

    Returns:
        The URL as text, safe to log. Unparseable input is redacted as free text.
    """
    text = str(url)
    try:
        parts = urlsplit(text)
    except ValueError:
        return redact_text(text)
    netloc = parts.netloc
    if "@" in netloc:
        netloc = f"{REDACTED}@{netloc.rsplit('@', 1)[1]}"
    query = parts.query
    if query:
        pairs = parse_qsl(query, keep_blank_values=True)
        if any(name.lower() in SECRET_QUERY_PARAMS for name, _ in pairs):
            query = urlencode(
                [(n, REDACTED if n.lower() in SECRET_QUERY_PARAMS else v) for n, v in pairs],
                safe="[]",
            )
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


def redact_headers(headers: Mapping[str, str] | Iterable[tuple[str, str]]) -> dict[str, str]:
    """Headers with every credential value replaced by ``[REDACTED]``.

    Args:
        headers: A mapping (``httpx.Headers`` included) or ``(name, value)`` pairs.

    Returns:
        A new ``dict``; repeated headers keep their last value.
    """
    items = headers.items() if isinstance(headers, Mapping) else headers
    return {
        name: REDACTED if name.lower() in SECRET_HEADERS else redact_text(value)
        for name, value in items
    }


def redact_text(text: str, secrets: Iterable[str] = ()) -> str:
    """Free text (an exception message, a detail) with credentials scrubbed.

    Removes URL user-info, credential query parameters, ``Bearer``/``Basic`` tokens and any of
    the exact ``secrets`` given.

    Args:
        text: The text to scrub.
        secrets: Exact strings known to be secret (for example the header values of a request).

    Returns:
        The scrubbed text.
    """
    for secret in secrets:
        if len(secret) >= 4:
            text = text.replace(secret, REDACTED)
    text = _USERINFO.sub(lambda m: f"{m['scheme']}{REDACTED}@", text)
    text = _QUERY_PAIR.sub(lambda m: f"{m['name']}={REDACTED}", text)
    return _BEARER.sub(lambda m: f"{m['scheme'] or m['word']} {REDACTED}", text)


#: Field names that hold credentials, matched as substrings of the lower-cased name.
SECRET_NAME_PARTS = (
    "token",
    "secret",
    "password",
    "passwd",
    "api_key",
    "apikey",
    "auth",
    "credential",
    "cookie",
    "signature",
    "private_key",
    "session",
)


def is_secret_name(name: str) -> bool:
    """True for a field, header or parameter name that holds a credential."""
    lowered = name.lower().replace("-", "_")
    return (
        lowered in SECRET_QUERY_PARAMS
        or lowered in SECRET_HEADERS
        or any(part in lowered for part in SECRET_NAME_PARTS)
    )


def mask_secret_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``data`` with every value under a credential-like name, at any depth, masked."""
    return {k: REDACTED if is_secret_name(str(k)) else _mask(v) for k, v in data.items()}


def _mask(value: object) -> object:
    if isinstance(value, Mapping):
        return mask_secret_fields(value)
    if isinstance(value, list | tuple):
        return [_mask(v) for v in value]
    return value


def request_secrets(request: httpx.Request) -> list[str]:
    """The credential values a request carries, to scrub wherever an upstream echoes them.

    Args:
        request: The request as sent.

    Returns:
        The values of its credential headers (and the token after an auth scheme) and of its
        credential query parameters; pass them to :func:`redact_text` as ``secrets``.
    """
    found = [v for k, v in request.headers.items() if k.lower() in SECRET_HEADERS]
    found += [v.split(" ", 1)[1] for v in list(found) if " " in v]  # "Bearer sk-…" -> "sk-…"
    found += [v for k, v in request.url.params.multi_items() if k.lower() in SECRET_QUERY_PARAMS]
    return [v for v in found if len(v) >= 4]
