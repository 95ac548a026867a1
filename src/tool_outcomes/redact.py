"""Credentials never leave the adapter: redaction for targets, headers and free text.

Everything that names what was called (an envelope's ``target``, a trace record, a render) goes
through here first. One rule says which names hold a credential, :func:`is_secret_name`, and it is
used for everything a name labels: headers, query and fragment parameters, ``;name=value`` path
parameters, ``name=value`` and ``"name": "value"`` pairs and ``Name: value`` header lines quoted
in free text, and a tool's own arguments. Values known to be secret (the credentials a request
carried, the values a tool declares) are removed wherever they appear, also percent-encoded,
JSON-escaped or base64-encoded.

Every function here is linear in its input, and reads at most :data:`REDACT_MAX_CHARS`
characters of free text (the rest is cut, visibly, before anything else happens), so no upstream
can make redaction slow.
"""

from __future__ import annotations

import base64
import binascii
import functools
import json
import re
from array import array
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl, quote, quote_plus, unquote, urlencode, urlsplit, urlunsplit

if TYPE_CHECKING:
    import httpx

__all__ = [
    "REDACTED",
    "REDACT_MAX_CHARS",
    "SECRET_HEADERS",
    "SECRET_NAME_STEMS",
    "SECRET_QUERY_PARAMS",
    "is_secret_name",
    "mask_secret_fields",
    "redact_headers",
    "redact_text",
    "redact_url",
    "request_secrets",
    "secret_probes",
    "secret_variants",
    "unescape_json",
]

REDACTED = "[REDACTED]"

#: The most characters of one text that redaction reads. Longer text is cut to this first (and
#: ends with ``…``); every field that carries text keeps far less than this.
REDACT_MAX_CHARS = 8192

#: The shortest value treated as a known secret (shorter ones would scrub ordinary words).
_MIN_SECRET_CHARS = 4

# -- the one definition of a secret name -------------------------------------------------------

# A name is split into lower-case words ("X-RapidAPI-Key" -> x, rapid, api, key) and judged by
# them: a word that always means a credential anywhere in the name, or a last word that does
# ("access_token", "X-Vault-Token", "sessionId"), unless a qualifier makes it something else
# ("nextPageToken" is a cursor, "max_tokens" a count, "sort_key" a field, "author" a person).
_WORDS = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")
_NAME_MAX_CHARS = 128
_ALWAYS_SECRET = frozenset(
    {
        "password",
        "passwd",
        "pwd",
        "passphrase",
        "passcode",
        "secret",
        "secrets",
        "credential",
        "credentials",
        "apikey",
        "apikeys",
        "cookie",
        "cookies",
        "jwt",
        "bearer",
        "signature",
        "privatekey",
        "sessionid",
        "sessid",
        "phpsessid",
        "jsessionid",
    }
)
#: Last words that name a credential on their own: "auth", "Proxy-Authorization", "connect.sid".
_SECRET_LAST_WORDS = frozenset({"auth", "authorization", "sig", "sid", "session"})
#: What a "key" is a key of when it is a credential ("api_key", "Ocp-Apim-Subscription-Key").
_KEY_KINDS = frozenset(
    {
        "api",
        "private",
        "secret",
        "access",
        "subscription",
        "license",
        "licence",
        "app",
        "client",
        "master",
        "encryption",
        "signing",
        "auth",
        "account",
        "service",
        "developer",
        "consumer",
    }
)
#: Qualifiers that make a "token" a page cursor, not a credential ("pageToken", "NextToken",
#: OData's "$skiptoken").
_PAGING_WORDS = (
    "page",
    "next",
    "prev",
    "previous",
    "continuation",
    "sync",
    "cursor",
    "resume",
    "start",
    "pagination",
    "paging",
    "last",
    "skip",
    "offset",
    "resumption",
    "batch",
    "more",
)

#: Well-known credential headers (lower-case). :func:`is_secret_name` is the rule; these are the
#: names it must cover, enumerated by the tests.
SECRET_HEADERS: frozenset[str] = frozenset(
    {
        "authorization",
        "proxy-authorization",
        "cookie",
        "set-cookie",
        "x-api-key",
        "api-key",
        "apikey",
        "x-auth-token",
        "x-amz-security-token",
        "x-goog-api-key",
        "private-token",
        "x-api-token",
        "x-vault-token",
        "x-rapidapi-key",
        "ocp-apim-subscription-key",
        "x-csrf-token",
    }
)

#: Well-known credential query parameters (lower-case), enumerated by the tests like
#: :data:`SECRET_HEADERS`.
SECRET_QUERY_PARAMS: frozenset[str] = frozenset(
    {
        "api_key",
        "apikey",
        "api-key",
        "api_token",
        "key",
        "token",
        "access_token",
        "access-token",
        "refresh_token",
        "id_token",
        "auth",
        "auth_token",
        "private_token",
        "client_secret",
        "password",
        "secret",
        "sessionid",
        "session_id",
        "signature",
        "sig",
        "x-amz-signature",
        "x-amz-credential",
        "x-amz-security-token",
        "x-goog-signature",
        "x-goog-credential",
    }
)


def _words(name: str) -> list[str]:
    return [word.lower() for word in _WORDS.findall(name[:_NAME_MAX_CHARS])]


@functools.lru_cache(maxsize=4096)
def is_secret_name(name: str) -> bool:
    """True for a header, parameter, field or argument name that holds a credential.

    The one rule every redaction uses. Case and separators do not matter (``X-API-Key``,
    ``api_key``, ``apiKey``, ``APIKEY``); paging cursors (``pageToken``), counts
    (``max_tokens``) and ordinary keys (``sort_key``) are not credentials.

    Args:
        name: The name, as written.

    Returns:
        Whether values under this name are secret.
    """
    words = _words(name)
    if not words:
        return False
    if any(word in _ALWAYS_SECRET for word in words):
        return True
    last = words[-1]
    before = words[-2] if len(words) > 1 else ""
    if last in _SECRET_LAST_WORDS or last.endswith(("apikey", "password", "passwd", "secret")):
        return True
    if last == "id":
        return before == "session"
    if last == "key":  # "rapidapi" written as one word still ends in "api"
        return not before or before in _KEY_KINDS or before.endswith(("api", "secret"))
    if last.endswith("token"):
        qualifier = before if last == "token" else last.removesuffix("token")
        return not qualifier.startswith(_PAGING_WORDS) and not qualifier.endswith(_PAGING_WORDS)
    return False


# -- free text ---------------------------------------------------------------------------------

# The start of a labelled value: `name=` (a query, a form, a `;name=` path parameter, a
# fragment), a `Name:` header line, or a quoted `"name": ` / `'name'=` key. Names are bounded,
# so every attempt costs at most a constant. Values are read by _scrub_pairs only after a
# secret name, and never twice: a label inside a value already replaced is skipped unread.
_PAIR_START = re.compile(
    r"(?<![\w.\[\]%-])(?P<name>[\w.\[\]%-]{1,64})=(?P<vq>\\{0,3}[\"'])?"
    r"|(?:(?m:^)|(?<=[\s;,(\[{]))[ \t]{0,16}(?P<hname>[\w.-]{1,64})[ \t]{0,16}:(?!//)[ \t]{0,16}"
    r"|(?P<kq>\\{0,3}[\"'])(?P<kname>[\w .\[\]%-]{1,64})(?P=kq)\s{0,8}[:=]\s{0,8}"
    r"(?P<kvq>\\{0,3}[\"'])?"
)
_BARE_VALUE = re.compile(r"[^&\s#\"'<>),;\]}\\]*")
# A `;name=value` path parameter ends at the next segment, parameter or query.
_PATH_PARAM_VALUE = re.compile(r"[^/?#;&\s\"'<>\\]*")
_QUOTED_VALUE = re.compile(r"[^\"'\\\r\n]*")
_LINE_VALUE = re.compile(r"[^\r\n]*")
# A `name: value` inside a line ("query: Field required; api_key: Value error, key … revoked")
# runs to the end of its clause.
_CLAUSE_VALUE = re.compile(r"[^;\r\n]*")
#: Every secret name contains one of these (a test holds is_secret_name to it): text without
#: any of them has no labelled secret, and skips the scan.
SECRET_NAME_STEMS = (
    "token",
    "key",
    "auth",
    "secret",
    "pass",
    "pwd",
    "credential",
    "cookie",
    "jwt",
    "bearer",
    "sig",
    "sid",
    "sess",
)
_SCHEME_WORDS = ("bearer", "basic", "token")
# One search for any of them (a pass per word costs more on every text redacted).
_SCHEME_WORD = re.compile("|".join(_SCHEME_WORDS))
# Where a URL's authority ends: its user-info is everything before the last "@" up to there.
_AUTHORITY_END = re.compile(r"[/?#\s\"'<>`\\]")
# A credential after an auth scheme. "Bearer" and "Basic" always introduce one; "token" is also
# a word in prose ("the access token expired"), so after it only a credential-shaped string
# (a digit or a symbol in it, or 16+ letters) is taken for a secret.
_BEARER = re.compile(
    r"\b(?:(?P<scheme>Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{6,}"
    r"|(?P<word>Token)\s+(?:(?=[A-Za-z0-9._~+/=-]*[0-9._~+/=-])[A-Za-z0-9._~+/=-]{6,}|[A-Za-z]{16,}))",
    re.IGNORECASE,
)


def redact_text(
    text: str, secrets: Iterable[str] = (), *, max_chars: int | None = REDACT_MAX_CHARS
) -> str:
    """Free text (an exception message, a detail, a sample) with credentials scrubbed.

    Removes URL user-info (a password with ``@`` in it included), values labelled by a secret
    name (``token=…``, ``"api_key": "…"``, ``Private-Token: …``), ``Bearer``/``Basic`` tokens,
    and every one of the known ``secrets``, also percent-encoded, JSON-escaped or in base64.
    Linear in the text.

    Args:
        text: The text to scrub.
        secrets: Values known to be secret (a request's credentials, a tool's declared secrets).
        max_chars: Read at most this many characters; a longer text is cut first and ends with
            ``…``. ``None`` reads it all (redaction stays linear; the caller bounds the size).

    Returns:
        The scrubbed text.
    """
    cut = max_chars is not None and len(text) > max_chars
    if cut:
        text = text[:max_chars]
    variants = _variants(tuple(secrets)) if secrets else ()
    for variant in variants:
        if variant in text:
            text = text.replace(variant, REDACTED)
    if variants:
        if "\\" in text:
            text = _scrub_escaped(text, variants)
        text = _scrub_cut_secret(text, variants)
    text = _scrub_userinfo(text)
    lowered = text.lower()
    if _holds_stem(lowered):
        text = _scrub_pairs(text)
    if _SCHEME_WORD.search(lowered) is not None:
        text = _BEARER.sub(lambda m: f"{m['scheme'] or m['word']} {REDACTED}", text)
    return text + "…" if cut else text


def _scrub_pairs(text: str) -> str:
    """Every value labelled by a secret name, replaced; one left-to-right pass."""
    out: list[str] = []
    pos = 0
    for match in _PAIR_START.finditer(text):
        if match.start() < pos:  # inside a value already replaced
            continue
        name = match["name"] or match["hname"] or match["kname"]
        if not is_secret_name(unquote(name) if "%" in name else name):
            continue
        start = match.end()
        if match["hname"] is not None:
            at_line_start = match.start() == 0 or text[match.start() - 1] in "\r\n"
            value = _LINE_VALUE if at_line_start else _CLAUSE_VALUE
        elif match["vq"] is not None or match["kvq"] is not None:
            value = _QUOTED_VALUE
        elif match.start() > 0 and text[match.start() - 1] == ";":
            value = _PATH_PARAM_VALUE
        else:
            value = _BARE_VALUE
        end = value.match(text, start).end()  # type: ignore[union-attr]
        if not text[start:end].strip() or text.startswith(REDACTED, start):
            continue
        out += (text[pos:start], REDACTED)
        pos = end
    out.append(text[pos:])
    return "".join(out)


# A JSON escape (RFC 8259 §7): a UTF-16 surrogate pair, any other \uXXXX, or a one-letter escape.
_JSON_ESCAPE = re.compile(
    r"\\u(?P<hi>[dD][89abAB][0-9a-fA-F]{2})\\u(?P<lo>[dD][c-fC-F][0-9a-fA-F]{2})"
    r"|\\u(?P<unit>[0-9a-fA-F]{4})|\\(?P<letter>[\"\\/bfnrt])"
)
_LETTERS = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


def unescape_json(text: str) -> str:
    """``text`` with every JSON escape undone (``\\/`` -> ``/``, ``\\u0073`` -> ``s``, a
    surrogate pair -> its character), in one linear pass: each string of a JSON document is a
    piece of the document's text unescaped so."""
    if "\\" not in text:
        return text
    return _JSON_ESCAPE.sub(_unescaped, text)


def _unescaped(match: re.Match[str]) -> str:
    if match["hi"] is not None:
        high, low = int(match["hi"], 16), int(match["lo"], 16)
        return chr(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    if match["unit"] is not None:
        return chr(int(match["unit"], 16))
    return _LETTERS.get(match["letter"], match["letter"])


def _scrub_escaped(text: str, variants: tuple[str, ...]) -> str:
    """Every secret written with any JSON escape (``\\/``, ``\\u0073`` for any character, mixed
    with plain characters), replaced. The escapes are undone once, in one pass that remembers
    where each unescaped character came from; the secrets are then searched in that one text, as
    in the plain one: linear, however many ways a secret could be spelled."""
    plain: list[str] = []
    origin = array("q")  # where, in ``text``, each character of the unescaped text starts
    pos = 0
    for match in _JSON_ESCAPE.finditer(text):
        plain.append(text[pos : match.start()])
        origin.extend(range(pos, match.start()))
        plain.append(_unescaped(match))
        origin.append(match.start())
        pos = match.end()
    if not origin:
        return text
    plain.append(text[pos:])
    origin.extend(range(pos, len(text) + 1))
    unescaped = "".join(plain)
    spans: list[tuple[int, int]] = []
    for variant in variants:
        at = unescaped.find(variant)
        while at != -1:
            spans.append((origin[at], origin[at + len(variant)]))
            at = unescaped.find(variant, at + len(variant))
    if not spans:
        return text
    out: list[str] = []
    pos = 0
    for start, end in sorted(spans):
        if end <= pos:
            continue
        out += (text[pos : max(start, pos)], REDACTED)
        pos = end
    out.append(text[pos:])
    return "".join(out)


def _scrub_userinfo(text: str) -> str:
    """``scheme://user:password@host`` -> ``scheme://[REDACTED]@host``, up to the last ``@``."""
    found = text.find("://")
    if found == -1 or "@" not in text:  # no authority, or none holding user-info
        return text
    out: list[str] = []
    pos = 0
    while found != -1:
        start = found + 3
        stop = _AUTHORITY_END.search(text, start)
        end = stop.start() if stop is not None else len(text)
        at = text.rfind("@", start, end)
        if at != -1:
            out += (text[pos:start], REDACTED)
            pos = at
        found = text.find("://", end)
    out.append(text[pos:])
    return "".join(out)


# The end of a text cut by _text.clip: "…", or "… [cut: N chars in all]".
_CLIP_MARK = re.compile(r"…(?: \[cut: [0-9]+ chars in all\])?$")


def _scrub_cut_secret(text: str, variants: tuple[str, ...]) -> str:
    """A text cut mid-way (here, or by a clip before) may end with the start of a secret, just
    before its ``…``: replace that start too."""
    mark = _CLIP_MARK.search(text[-40:])
    end = len(text) - (len(mark[0]) if mark else 0)
    head, tail = text[:end], text[end:]
    for variant in variants:
        first = variant[:_MIN_SECRET_CHARS]
        at = head.find(first, max(0, len(head) - len(variant) + 1))
        while at != -1:
            if variant.startswith(head[at:]):
                return head[:at] + REDACTED + tail
            at = head.find(first, at + 1)
    return text


def secret_variants(secrets: Iterable[str]) -> tuple[str, ...]:
    """Each known secret in every form an upstream may echo it, longest first.

    Args:
        secrets: Values known to be secret; those shorter than 4 characters are ignored.

    Returns:
        The values as they are, percent-encoded (both hex cases and ``+`` for spaces),
        JSON-escaped, and in base64 (standard and URL-safe, alone or inside a longer blob).
    """
    return _variants(tuple(secrets))


@functools.lru_cache(maxsize=256)
def _variants(secrets: tuple[str, ...]) -> tuple[str, ...]:
    """Each secret as it may be echoed: as is, percent-encoded, JSON-escaped, in base64."""
    found: set[str] = set()
    for secret in secrets:
        if len(secret) < _MIN_SECRET_CHARS:
            continue
        encoded = quote(secret, safe="")
        found |= {
            secret,
            encoded,
            re.sub(r"%[0-9A-F]{2}", lambda m: m[0].lower(), encoded),
            quote_plus(secret),
            json.dumps(secret)[1:-1],
            json.dumps(secret, ensure_ascii=False)[1:-1],
        }
        found |= _base64_forms(secret.encode())
    return tuple(sorted((v for v in found if len(v) >= _MIN_SECRET_CHARS), key=len, reverse=True))


def secret_probes(secrets: Iterable[str]) -> tuple[str, ...]:
    """The fewest of :func:`secret_variants` a text must be searched for: it holds some variant
    exactly when it holds some probe.

    A variant that contains a shorter one is left out (where it is, so is the shorter one): the
    base64 text of a secret holds its unpadded and middle forms, a ``user:password`` holds the
    password. Search with these; replace with every variant, longest first.
    """
    return _probes(tuple(secrets))


@functools.lru_cache(maxsize=256)
def _probes(secrets: tuple[str, ...]) -> tuple[str, ...]:
    kept: list[str] = []
    for variant in sorted(_variants(secrets), key=len):  # shortest first: a kept one is in none
        if not any(probe in variant for probe in kept):
            kept.append(variant)
    return tuple(kept)


def _base64_forms(raw: bytes) -> set[str]:
    """The base64 text of ``raw`` alone, and the part of it that is the same wherever ``raw``
    sits inside a longer base64 blob (three alignments, standard and URL-safe alphabets)."""
    forms: set[str] = set()
    for shift in range(3):
        text = base64.b64encode(b"\0" * shift + raw).decode()
        first, last = (8 * shift + 5) // 6, (8 * (shift + len(raw))) // 6
        core = text[first:last]
        if shift == 0:
            forms |= {text, text.rstrip("=")}
        if len(core) >= 8:
            forms.add(core)
    return forms | {form.translate(_URLSAFE) for form in forms}


_URLSAFE = str.maketrans("+/", "-_")

# -- URLs and headers --------------------------------------------------------------------------


def redact_url(url: object, secrets: Iterable[str] = ()) -> str:
    """A URL with its user-info and every secret-named parameter replaced by ``[REDACTED]``.

    Query and fragment parameters (``#access_token=…``) and ``;name=value`` path parameters are
    judged by :func:`is_secret_name`; the known ``secrets`` are removed anywhere in it.

    Args:
        url: A ``str`` or an ``httpx.URL`` (anything whose ``str()`` is a URL).
        secrets: Values known to be secret.

    Returns:
        The URL as text, safe to log. Unparseable or oversized input is redacted as free text.
    """
    text = str(url)
    if len(text) > REDACT_MAX_CHARS:
        return redact_text(text, secrets)
    plain = _PLAIN_URL.fullmatch(text)
    if plain is not None and (plain["query"] is None or not _may_name_secrets(plain["query"])):
        # A plain http(s) URL (no user-info, fragment, path parameter or percent-escape) is its
        # own split-and-rebuilt form; with no secret-named parameter in its query, only its
        # text is left to scrub.
        return redact_text(text, secrets)
    try:
        parts = urlsplit(text)
    except ValueError:
        return redact_text(text, secrets)
    netloc = parts.netloc
    if "@" in netloc:
        netloc = f"{REDACTED}@{netloc.rsplit('@', 1)[1]}"
    query, fragment = _redact_params(parts.query), _redact_params(parts.fragment)
    rebuilt = urlunsplit((parts.scheme, netloc, parts.path, query, fragment))
    return redact_text(rebuilt, secrets)


#: ``scheme://host[:port]/path?query`` with no user-info, fragment, path parameter or
#: percent-escaped query: what ``urlunsplit(urlsplit(url))`` gives back unchanged (a test holds
#: it to that). The query, when there is one, is left for :func:`_may_name_secrets` to judge.
_PLAIN_URL = re.compile(
    r"https?://[A-Za-z0-9.:-]+(?:/[A-Za-z0-9._~!$&'()*+,=:%/-]*)?"
    r"(?:\?(?P<query>[A-Za-z0-9._~!$&'()*+,=:/?-]+))?"
)


def _may_name_secrets(query: str) -> bool:
    """Whether a query (or fragment) may hold a secret-named parameter. Without any ``=`` it
    holds no value; with no name percent-encoded, a name without any stem is no secret's."""
    if "=" not in query:
        return False
    return "%" in query or _holds_stem(query.lower())


def _holds_stem(lowered: str) -> bool:
    """Whether lower-cased text holds any :data:`SECRET_NAME_STEMS` (else no name in it is a
    secret's)."""
    return _STEM.search(lowered) is not None


# One search for every stem: a redacted URL or detail is searched a few times per call.
_STEM = re.compile("|".join(SECRET_NAME_STEMS))


def _redact_params(query: str) -> str:
    if not _may_name_secrets(query):
        return query
    pairs = parse_qsl(query, keep_blank_values=True)
    if not any(is_secret_name(name) for name, _ in pairs):
        return query
    return urlencode(
        [(name, REDACTED if is_secret_name(name) else value) for name, value in pairs], safe="[]"
    )


def redact_headers(headers: Mapping[str, str] | Iterable[tuple[str, str]]) -> dict[str, str]:
    """Headers with every credential value replaced by ``[REDACTED]``.

    Args:
        headers: A mapping (``httpx.Headers`` included) or ``(name, value)`` pairs.

    Returns:
        A new ``dict``; repeated headers keep their last value.
    """
    items = headers.items() if isinstance(headers, Mapping) else headers
    return {name: REDACTED if is_secret_name(name) else redact_text(value) for name, value in items}


def mask_secret_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``data`` with every value under a credential-like name, at any depth, masked."""
    return {k: REDACTED if is_secret_name(str(k)) else _mask(v) for k, v in data.items()}


def _mask(value: object) -> object:
    if isinstance(value, Mapping):
        return mask_secret_fields(value)
    if isinstance(value, list | tuple):
        return [_mask(v) for v in value]
    return value


#: Header names a client sends on most requests and no credential travels under (each one
#: :func:`is_secret_name` refuses; a test holds them to it): passed over undecoded.
_PLAIN_HEADERS = frozenset(
    {
        b"host",
        b"accept",
        b"accept-encoding",
        b"accept-language",
        b"connection",
        b"user-agent",
        b"content-type",
        b"content-length",
        b"cache-control",
        b"traceparent",
        b"tracestate",
    }
)


def request_secrets(request: httpx.Request) -> list[str]:
    """The credential values a request carries, to scrub wherever an upstream echoes them.

    Args:
        request: The request as sent.

    Returns:
        The values of its secret-named headers, query, path and fragment parameters, the
        credential after an auth scheme (``Bearer …``; for ``Basic`` also the decoded
        ``user:password`` and the password), each cookie's value, and the password of the
        URL's user-info. Pass them to :func:`redact_text` as ``secrets``.
    """
    found: list[str] = []
    headers, url = request.headers, request.url
    encoding: str | None = None  # worked out (every header decoded) only when one is needed
    for raw_name, raw_value in headers.raw:  # a value is decoded only under a secret name
        if raw_name.lower() in _PLAIN_HEADERS:
            continue
        if encoding is None:
            encoding = headers.encoding
        name = raw_name.decode(encoding)
        if is_secret_name(name):
            value = raw_value.decode(encoding)
            found += [value, *_credential_parts(name, value)]
    if _may_name_secrets(url.query.decode("ascii", errors="replace")):
        found += [v for k, v in url.params.multi_items() if is_secret_name(k)]
    # `;name=value` path parameters and a `#name=value` fragment, where a URL carries them.
    path, fragment = url.path, url.fragment
    parts = path.split(";")[1:] if ";" in path else []
    for part in (*parts, *fragment.split("&")) if fragment else parts:
        name, _, value = part.partition("=")
        if value and is_secret_name(name):
            found.append(value.split("/", 1)[0])
    if url.userinfo and url.password:
        found.append(url.password)
    return list(dict.fromkeys(v for v in found if len(v) >= _MIN_SECRET_CHARS))


def _credential_parts(name: str, value: str) -> list[str]:
    """The secret inside a header value: the token after a scheme, a Basic password, cookies."""
    if name.lower() in ("cookie", "set-cookie"):
        return [part.split("=", 1)[1].strip() for part in value.split(";") if "=" in part]
    scheme, _, credential = value.strip().partition(" ")
    parts = [credential.strip()] if credential else []
    if scheme.lower() == "basic" and credential:
        try:
            decoded = base64.b64decode(credential.strip(), validate=True).decode("utf-8")
        except (binascii.Error, UnicodeDecodeError):
            return parts
        parts += [decoded, decoded.partition(":")[2]]
    return parts
