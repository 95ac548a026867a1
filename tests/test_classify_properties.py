"""For any status, headers, body bytes or exception, classification yields one valid envelope.

Each property sets ``max_examples`` explicitly so that the file runs at least 2,000 examples in
every profile (5 properties x 400-500); the ``ci`` profile adds derandomisation.
"""

from __future__ import annotations

import inspect
import json
from typing import Any

import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tool_outcomes import (
    RAW_SAMPLE_MAX_CHARS,
    BodyCut,
    Envelope,
    Outcome,
    classify_http,
    classify_parts,
)
from tool_outcomes.classify import INTERNAL_ERROR_DETAIL

URL = "https://api.example.test/v1/search?q=x&token=SECRET"

# -- strategies -----------------------------------------------------------------------------------

DIALECT_KEYS = [
    "ok", "error", "errors", "data", "message", "status", "code", "jsonrpc", "result", "id",
    "timed_out", "_shards", "failed", "failures", "hits", "total", "has_more", "next",
    "nextPageToken", "next_cursor", "pageInfo", "hasNextPage", "endCursor", "items", "results",
    "value", "@odata.nextLink", "@odata.count", "incomplete_results", "truncated", "success",
    "response_metadata", "count", "extensions", "path", "terminated_early", "title", "detail",
    "type", "relation", "edges", "nodes", "messages", "links", "_links", "href", "description",
    "error_code", "fault", "_clusters", "skipped", "totalCount", "error_description",
]  # fmt: skip
DIALECT_VALUES: list[Any] = [
    "2.0", "error", "fail", "ratelimited", "invalid_auth", "x_not_found", "gte", "eq",
    "UNAUTHENTICATED", "RATE_LIMITED", "https://api.example.test/p2", "/p2", "", "0", "12",
    -32601, -32603, -32000, 0, 1, 2, 429, 503, 404, 200, 10**20, -5, True, False, None,
]  # fmt: skip

scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | st.sampled_from(DIALECT_VALUES)
)
keys = st.sampled_from(DIALECT_KEYS) | st.text(max_size=6)
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=5) | st.dictionaries(keys, children, max_size=6),
    max_leaves=25,
)


def dumps(value: Any) -> bytes:
    """Serialise with NaN/Infinity tokens allowed, as Python servers do."""
    return json.dumps(value, allow_nan=True).encode()


SPECIAL_BODIES = [
    b"[" * 10_000 + b"]" * 10_000,
    b'{"a": ' * 5_000 + b"1" + b"}" * 5_000,
    b"[" + b"9" * 5_000 + b"]",
    b'{"n": ' + b"1" * 5_000 + b"}",
    b'{"x": NaN, "y": Infinity, "z": -Infinity}',
    b"NaN",
    b"\xef\xbb\xbf" + b'{"items": [1, 2], "total": 9}',
    b"\xef\xbb\xbf",
    b'["\\ud800", "\\udfff"]',
    b"\xff\xfe[\x001\x00]\x00",
    b'{"a": 1}\n{"b": 2}\n{"c"',
    b"<html><head><title>Sign in</title></head></html>",
    b"",
    b"null",
    b" \n",
]
bodies = st.one_of(
    json_values.map(dumps),
    json_values.map(lambda v: b"\xef\xbb\xbf" + dumps(v)),
    st.lists(json_values, max_size=4).map(lambda vs: b"\n".join(dumps(v) for v in vs)),
    st.binary(max_size=300),
    st.tuples(json_values, st.binary(min_size=1, max_size=8)).map(lambda t: dumps(t[0]) + t[1]),
    st.sampled_from(SPECIAL_BODIES),
)

printable = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=40)
CONTENT_TYPES = [
    "application/json", "application/json; charset=utf-8", "application/problem+json",
    "application/vnd.api+json", "application/hal+json", "application/x-ndjson",
    "application/jsonl", "application/json-lines", "application/x-jsonlines", "text/html",
    "text/plain", "application/xml", "application/atom+xml", "application/octet-stream",
    "application/graphql-response+json", "multipart/byteranges; boundary=x", "", ";;;", "json",
    "APPLICATION/JSON", "text/html; charset=iso-8859-1", "application/problem+xml",
]  # fmt: skip
RETRY_AFTERS = [
    "0", "7", "7.5", " 120 ", "-1", "1e9", "9" * 400, "Wed, 21 Oct 2015 07:28:00 GMT",
    "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994", "Fri, 31 Dec 9999 23:59:59 GMT",
    "Mon, 01 Jan 0001 00:00:00 GMT", "tomorrow", "", "Wed, 32 Oct 2015 25:61:61 GMT",
]  # fmt: skip
LINKS = [
    '<https://api.example.test/p2>; rel="next"', "</p2>; rel=next", '<>; rel="next"',
    '<https://a.example.test/p>; rel="prev", <https://a.example.test/n?token=t>; rel="next last"',
    '<https://a.example.test/p>; title="a, b; c"; rel="next"', "<unterminated; rel=next",
    '<http://[::1>; rel="next"', '<https://a.example.test/p>; rel="', ";;;,,,<>",
]  # fmt: skip
CONTENT_RANGES = [
    "items 0-24/100", "bytes 0-99/1000", "bytes */1000", "items 0-1/*", "bytes 9-0/10",
    "items 0-1/" + "9" * 30, "garbage", "",
]  # fmt: skip
RATE_RESETS = ["1445412600", "51", "0", "7.5", "9" * 30, "99999999999", "-3", "1e9", ""]
header_values = {
    "content-type": st.sampled_from(CONTENT_TYPES) | printable,
    "retry-after": st.sampled_from(RETRY_AFTERS) | printable,
    "date": st.sampled_from(RETRY_AFTERS[7:]) | printable,
    "link": st.sampled_from(LINKS) | printable,
    "content-range": st.sampled_from(CONTENT_RANGES) | printable,
    "location": st.sampled_from(["https://u:p@login.example.test/?token=x", "/x", ""]) | printable,
    "x-ratelimit-remaining": st.sampled_from(["0", "0.0", "12", "-1", "nan", ""]) | printable,
    "x-ratelimit-reset": st.sampled_from(RATE_RESETS) | printable,
    "x-rate-limit-reset": st.sampled_from(RATE_RESETS) | printable,
    "ratelimit-reset": st.sampled_from(RATE_RESETS) | printable,
}
headers = st.fixed_dictionaries({}, optional=header_values)
statuses = st.one_of(
    st.integers(100, 599),
    st.sampled_from([200, 200, 200, 201, 204, 206, 404, 410, 429, 503]),
    st.sampled_from([0, 1, 99, 600, 999, -1, 10**6]),
)
ITEM_PATHS = [None, None, "items", "hits.hits", "data", "result.items", "0", "", "a..b"]
TOTAL_PATHS = [None, None, "total", "hits.total", "hits.total.value", "count", "x.y"]
options = st.fixed_dictionaries(
    {
        "items": st.sampled_from(ITEM_PATHS),
        "total": st.sampled_from(TOTAL_PATHS),
        "not_found": st.sampled_from(["failure", "empty"]),
        "expect": st.sampled_from(["json", "json", "text", "bytes"]),
    }
)
METHODS = [None, "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "get", "BREW", ""]


def httpx_exception_classes() -> list[type[BaseException]]:
    """Every exception class httpx exports."""
    return [
        obj
        for obj in vars(httpx).values()
        if inspect.isclass(obj) and issubclass(obj, BaseException)
    ]


def build(cls: type[BaseException], message: str, request: httpx.Request | None) -> BaseException:
    """An instance of ``cls``: with the request when it takes one, else message only, else bare."""
    attempts: list[Any] = [lambda: cls(message)]
    if request is not None:
        attempts.insert(0, lambda: cls(message, request=request))  # type: ignore[call-arg]
    for attempt in [*attempts, cls]:
        try:
            built: BaseException = attempt()
        except TypeError:
            continue
        return built
    raise AssertionError(f"cannot build {cls}")


# -- the invariants -------------------------------------------------------------------------------


def assert_well_formed(env: Envelope[Any]) -> None:
    """One outcome, a re-validatable envelope, coverage iff contact, capped samples, no fallback."""
    assert isinstance(env, Envelope)
    assert env.outcome in set(Outcome)
    again: Envelope[Any] = Envelope.model_validate(env.model_dump())
    assert again.outcome is env.outcome
    env.model_dump_json()  # every renderer serialises; the data must survive it
    made_contact = env.outcome is not Outcome.ACCESS_FAILURE
    assert (env.coverage is not None) == made_contact
    assert (env.failure is None) == made_contact
    if env.failure is not None:
        assert env.failure.raw_sample is None or len(env.failure.raw_sample) <= RAW_SAMPLE_MAX_CHARS
        assert not env.failure.detail.startswith(INTERNAL_ERROR_DETAIL), env.failure.detail
        assert "SECRET" not in env.failure.detail
    if env.target is not None:
        assert "SECRET" not in env.target


# -- the properties -------------------------------------------------------------------------------


@settings(max_examples=500, suppress_health_check=[HealthCheck.too_slow])
@given(
    status=statuses,
    header_map=headers,
    body=bodies,
    cut=st.none() | st.sampled_from(list(BodyCut)),
    opts=options,
    method=st.sampled_from(METHODS),
)
def test_classify_parts_never_raises_and_keeps_the_invariants(
    status: int,
    header_map: dict[str, str],
    body: bytes,
    cut: BodyCut | None,
    opts: dict[str, Any],
    method: str | None,
) -> None:
    """Any status, headers, body bytes, cut, method and expect give one well-formed envelope."""
    error = httpx.ReadError("reset") if cut is BodyCut.STREAM_ERROR else None
    env = classify_parts(
        status,
        httpx.Headers(header_map),
        body,
        cut=cut,
        cut_error=error,
        url=URL,
        method=method,
        **opts,
    )
    assert_well_formed(env)


@settings(max_examples=500, suppress_health_check=[HealthCheck.too_slow])
@given(
    status=statuses,
    header_map=headers,
    body=bodies,
    with_request=st.booleans(),
    opts=options,
    method=st.sampled_from([m for m in METHODS if m]),
)
def test_classify_http_on_any_response_never_raises(
    status: int,
    header_map: dict[str, str],
    body: bytes,
    with_request: bool,
    opts: dict[str, Any],
    method: str,
) -> None:
    """classify_http over a real httpx.Response, with or without a request, is well formed."""
    request = httpx.Request(method, URL) if with_request else None
    response = httpx.Response(status, headers=header_map, content=body, request=request)
    env = classify_http(response, tool="prop", **opts)
    assert_well_formed(env)
    assert env.tool == "prop"
    assert (env.target is not None) == with_request


@settings(max_examples=500, suppress_health_check=[HealthCheck.too_slow])
@given(document=json_values, content_type=st.sampled_from(CONTENT_TYPES[:5]), opts=options)
def test_any_json_document_with_dialect_keys_is_judged_consistently(
    document: Any, content_type: str, opts: dict[str, Any]
) -> None:
    """Random JSON laced with dialect keys: one envelope; empty data has no items; counts agree."""
    raw = dumps(document)
    env = classify_parts(200, httpx.Headers({"content-type": content_type}), raw, **opts)
    assert_well_formed(env)
    if env.coverage is not None and isinstance(env.data, list):
        assert env.coverage.returned == len(env.data)
    if env.outcome is Outcome.SUCCESS:
        assert env.coverage is not None
        assert env.coverage.truncated_by is None


@settings(max_examples=500, suppress_health_check=[HealthCheck.too_slow])
@given(
    cls=st.sampled_from(httpx_exception_classes()),
    # Free text never contains the canary on its own (Hypothesis mines string constants from
    # the source, "SECRET" among them): only the shaped message carries it, in a secret place.
    message=st.text(max_size=60).filter(lambda text: "SECRET" not in text)
    | st.just("failed at " + URL + " with Bearer SECRETSECRET"),
    with_request=st.booleans(),
)
def test_every_httpx_exception_gives_a_well_formed_access_failure(
    cls: type[BaseException], message: str, with_request: bool
) -> None:
    """Any httpx exception class, any message: an access failure, secrets scrubbed."""
    request = httpx.Request("GET", URL)
    exc: BaseException
    if cls is httpx.HTTPStatusError:
        resp = httpx.Response(503, request=request)
        exc = httpx.HTTPStatusError(message, request=request, response=resp)
    else:
        exc = build(cls, message, request if with_request else None)
    env = classify_http(exc)
    assert_well_formed(env)
    assert env.outcome is Outcome.ACCESS_FAILURE


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(
    body=st.sampled_from(SPECIAL_BODIES),
    header_map=headers,
    status=st.sampled_from([200, 206, 500]),
)
def test_hostile_bodies_are_classified_not_crashed_on(
    body: bytes, header_map: dict[str, str], status: int
) -> None:
    """Deep nesting, huge integers, NaN, BOMs and invalid UTF-8 under any headers are handled."""
    env = classify_parts(status, httpx.Headers(header_map), body, url=URL)
    assert_well_formed(env)
