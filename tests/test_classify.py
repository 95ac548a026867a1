"""classify_http and classify_parts: status, transport, body and cut rules, one table each."""

from __future__ import annotations

import base64
import inspect
import json
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from pydantic import BaseModel

from tool_outcomes import (
    BodyCut,
    Envelope,
    FailureCode,
    FailureKind,
    Outcome,
    RepairKind,
    RetryPolicy,
    TruncatedBy,
    classify_http,
    classify_parts,
    to_mcp,
    to_text,
    tool,
)
from tool_outcomes.classify import STATUS_RULES, TRANSPORT_RULES, status_rule

T, P = FailureKind.TRANSIENT, FailureKind.PERMANENT
C = FailureCode
URL = "https://api.example.test/v1/search?q=x"
JSON = {"content-type": "application/json"}


def parts(
    status: int = 200,
    body: bytes | Any = b"",
    headers: dict[str, str] | None = None,
    **options: Any,
) -> Envelope[Any]:
    """classify_parts with JSON-serialised non-bytes bodies and JSON headers by default."""
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    return classify_parts(
        status, httpx.Headers(JSON if headers is None else headers), raw, **options
    )


def response(
    status: int = 200, body: bytes = b"", headers: dict[str, str] | None = None, url: str = URL
) -> httpx.Response:
    """A complete response to a GET of ``url``."""
    request = httpx.Request("GET", url)
    return httpx.Response(
        status, headers=JSON if headers is None else headers, content=body, request=request
    )


def code_kind(env: Envelope[Any]) -> tuple[FailureCode, FailureKind]:
    """The failure's (code, kind); the test fails unless the envelope is an access failure."""
    assert env.outcome is Outcome.ACCESS_FAILURE, env
    assert env.failure is not None
    return env.failure.code, env.failure.kind


# -- status ---------------------------------------------------------------------------------------

STATUSES: list[tuple[int, FailureCode, FailureKind]] = [
    (100, C.PROTOCOL, P),
    (101, C.PROTOCOL, P),
    (103, C.PROTOCOL, P),
    (300, C.PROTOCOL, P),
    (301, C.PROTOCOL, P),
    (304, C.PROTOCOL, P),
    (308, C.PROTOCOL, P),
    (400, C.BAD_REQUEST, P),
    (401, C.UNAUTHORIZED, P),
    (402, C.BAD_REQUEST, P),
    (403, C.FORBIDDEN, P),
    (404, C.NOT_FOUND, P),
    (405, C.BAD_REQUEST, P),
    (407, C.UNAUTHORIZED, P),
    (408, C.TIMEOUT, T),
    (409, C.CONFLICT, P),
    (410, C.NOT_FOUND, P),
    (413, C.BAD_REQUEST, P),
    (418, C.BAD_REQUEST, P),
    (422, C.BAD_REQUEST, P),
    (423, C.CONFLICT, T),
    (425, C.PROTOCOL, T),
    (429, C.RATE_LIMITED, T),
    (451, C.FORBIDDEN, P),  # RFC 7725: denied because of a legal demand
    (499, C.BAD_REQUEST, P),
    (500, C.SERVER_ERROR, T),
    (501, C.SERVER_ERROR, P),
    (502, C.SERVER_ERROR, T),
    (503, C.SERVER_ERROR, T),
    (504, C.TIMEOUT, T),
    (505, C.PROTOCOL, P),
    (506, C.SERVER_ERROR, P),
    (507, C.SERVER_ERROR, T),
    (508, C.SERVER_ERROR, P),
    (510, C.BAD_REQUEST, P),
    (511, C.UNAUTHORIZED, P),
    (520, C.SERVER_ERROR, T),
    (521, C.SERVER_ERROR, T),
    (522, C.TIMEOUT, T),
    (523, C.SERVER_ERROR, T),
    (524, C.TIMEOUT, T),
    (529, C.SERVER_ERROR, T),
    (530, C.SERVER_ERROR, P),
    (599, C.SERVER_ERROR, P),
]


@pytest.mark.parametrize(("status", "code", "kind"), STATUSES)
def test_final_status_maps_to_code_and_kind(
    status: int, code: FailureCode, kind: FailureKind
) -> None:
    """Every non-2xx final status is an access failure with the table's code and kind."""
    env = parts(status, {"message": "m"})
    assert code_kind(env) == (code, kind)
    assert env.failure is not None
    assert env.failure.http_status == status


def test_every_tabled_status_is_exercised() -> None:
    """The status test table covers every explicit entry of STATUS_RULES."""
    assert set(STATUS_RULES) <= {s for s, _, _ in STATUSES}


@pytest.mark.parametrize("status", [0, 1, 99, 600, 700, 999, -1, 10**6])
def test_status_outside_100_to_599_is_a_protocol_failure(status: int) -> None:
    """A number that is no HTTP status is a permanent protocol failure without http_status."""
    env = parts(status, [1])
    assert code_kind(env) == (C.PROTOCOL, P)
    assert env.failure is not None
    assert env.failure.http_status is None
    assert str(status) in env.failure.detail


@pytest.mark.parametrize("method", [None, "GET", "HEAD", "get"])
@pytest.mark.parametrize("status", [204, 205])
def test_no_content_to_a_read_is_a_verified_empty(status: int, method: str | None) -> None:
    """204 and 205 answering a read (or an unknown method) are empty, whatever bytes arrived."""
    env = parts(status, b'[{"id": 1}]', method=method)
    assert env.outcome is Outcome.EMPTY
    assert env.coverage is not None
    assert env.coverage.returned == 0
    assert env.data is None


@pytest.mark.parametrize("method", ["HEAD", "head"])
@pytest.mark.parametrize(("status", "body"), [(200, b""), (203, b""), (206, b""), (200, b"[]")])
def test_a_head_answered_with_a_2xx_is_a_success_with_no_data(
    status: int, body: bytes, method: str
) -> None:
    """A HEAD carries no content by definition (RFC 9110 §9.3.2): its empty body is no
    "nothing matched", and any bytes a server sent anyway are not the answer."""
    env = parts(status, body, method=method)
    assert env.outcome is Outcome.SUCCESS, env
    assert env.data is None
    assert env.coverage is not None
    assert env.coverage.returned == 0
    assert env.coverage.truncated_by is None
    assert "HEAD" in env.coverage.detail


def test_a_head_keeps_what_its_status_says_first() -> None:
    """202 (not ready) and 404 answer a HEAD as they answer a GET."""
    assert code_kind(parts(202, b"", method="HEAD")) == (C.UPSTREAM_ERROR, T)
    assert code_kind(parts(404, b"", method="HEAD")) == (C.NOT_FOUND, P)


@pytest.mark.parametrize("method", [None, "GET", "HEAD"])
def test_a_204_to_a_check_whose_404_is_its_none_is_the_yes(method: str | None) -> None:
    """GitHub's checks ("is it starred?", "is it merged?") answer 204 for yes and 404 for no: a
    read that declares its 404 a confirmed none reads the 204 as the other answer, a success."""
    yes = parts(204, b"", method=method, not_found="empty")
    no = parts(404, b"", method=method, not_found="empty")
    assert (yes.outcome, no.outcome) == (Outcome.SUCCESS, Outcome.EMPTY)
    assert yes.data is None
    assert yes.coverage is not None
    assert yes.coverage.returned == 0
    assert "204" in yes.coverage.detail
    assert parts(205, b"", method=method, not_found="empty").outcome is Outcome.EMPTY


@pytest.mark.parametrize("method", [None, "GET"])
def test_a_read_answered_with_an_empty_object_is_empty(method: str | None) -> None:
    """``{}`` holds no record: a map with no entry (GitHub's languages of an empty repository)
    is a verified nothing, not one record with nothing in it."""
    env = parts(200, {}, method=method)
    assert env.outcome is Outcome.EMPTY, env
    assert env.data is None
    assert env.coverage is not None
    assert (env.coverage.returned, env.coverage.detail) == (0, "empty object")
    assert parts(200, {"languages": {}}, method=method).outcome is Outcome.SUCCESS


@pytest.mark.parametrize("method", ["PUT", "PATCH", "DELETE", "put"])
@pytest.mark.parametrize("body", [[], {"labels": []}, {"data": [], "has_more": False}])
def test_an_empty_list_answering_a_put_patch_or_delete_acknowledges_it(
    method: str, body: Any
) -> None:
    """GitHub's "Set labels for an issue" with none set answers ``[]``: the state the write left,
    not a search that found nothing. A POST may be a query (GraphQL, a search): its empty list
    stays ``empty``."""
    env = parts(200, body, method=method)
    assert env.outcome is Outcome.SUCCESS, env
    assert env.data is None
    assert env.coverage is not None
    assert env.coverage.returned == 0
    assert "acknowledging" in env.coverage.detail
    assert parts(200, body, method="POST").outcome is Outcome.EMPTY


@pytest.mark.parametrize(
    ("url", "outcome"),
    [
        # Milvus sends every call by POST: its drop answers {"code": 0, "data": []}
        # (https://milvus.io/api-reference/restful/v2.5.x/v2/User%20(v2)/Drop.md).
        ("http://milvus.test/v2/vectordb/users/drop", Outcome.SUCCESS),
        ("http://api.test/api/v1/psd/delete/", Outcome.SUCCESS),
        ("http://api.test/files/Remove?dry_run=0", Outcome.SUCCESS),
        # its list, a search, a query: what they found
        ("http://milvus.test/v2/vectordb/users/list", Outcome.EMPTY),
        ("http://api.test/search?q=delete", Outcome.EMPTY),
        ("http://api.test/deleted-items/query", Outcome.EMPTY),
    ],
)
def test_an_empty_list_answering_a_post_that_names_a_removal_acknowledges_it(
    url: str, outcome: Outcome
) -> None:
    env = parts(200, {"code": 0, "data": []}, method="POST", url=url)
    assert env.outcome is outcome, env


def dropbox(summary: str, error: dict[str, Any]) -> dict[str, Any]:
    """A Dropbox API v2 endpoint error: a 409 naming it in tags
    (https://www.dropbox.com/developers/documentation/http/documentation#error-handling)."""
    return {"error_summary": summary, "error": error}


DROPBOX_NOT_FOUND = dropbox("path/not_found/..", {".tag": "path", "path": {".tag": "not_found"}})


def test_a_dropbox_409_naming_nothing_there_is_not_found_or_a_declared_empty() -> None:
    """Dropbox answers get_metadata of a missing path with 409 ``path/not_found``: not found,
    and the confirmed none of a lookup that declares ``not_found="empty"``."""
    env = parts(409, DROPBOX_NOT_FOUND, method="POST")
    assert code_kind(env) == (C.NOT_FOUND, P)
    assert env.failure is not None
    assert env.failure.detail == "HTTP 409 Conflict: path/not_found"
    lookup = parts(409, DROPBOX_NOT_FOUND, method="POST", not_found="empty")
    assert lookup.outcome is Outcome.EMPTY
    account = dropbox("no_account/", {".tag": "no_account"})
    assert parts(409, account, method="POST", not_found="empty").outcome is Outcome.EMPTY
    link = dropbox("shared_link_not_found/", {".tag": "shared_link_not_found"})
    assert code_kind(parts(409, link, method="POST")) == (C.NOT_FOUND, P)


def test_a_dropbox_409_keeps_its_conflicts_and_waits_out_its_busy_writes() -> None:
    """A path conflict stays a conflict; too many writes at once is a throttle, retried; a 409
    that is not Dropbox's is the conflict its status says."""
    conflict = dropbox("path/conflict/file/..", {".tag": "path", "path": {".tag": "conflict"}})
    assert code_kind(parts(409, conflict, method="POST")) == (C.CONFLICT, P)
    busy = dropbox("too_many_write_operations/", {".tag": "too_many_write_operations"})
    assert code_kind(parts(409, busy, method="POST")) == (C.RATE_LIMITED, T)
    other = {"error_summary": "path/not_found/..", "error": "path/not_found"}  # no tags object
    assert code_kind(parts(409, other, method="POST", not_found="empty")) == (C.CONFLICT, P)


WRITES = ["POST", "PUT", "PATCH", "DELETE", "delete"]
#: Empty 2xx answers: (status, body) pairs with nothing in them.
NOTHING_IN_IT: list[tuple[int, bytes]] = [
    (204, b""),
    (205, b""),
    (200, b""),
    (201, b""),
    (201, b"  \r\n"),
    (200, b"null"),
    (202, b""),
]


@pytest.mark.parametrize("method", WRITES)
@pytest.mark.parametrize(("status", "body"), NOTHING_IN_IT)
def test_an_empty_answer_to_a_write_is_an_acknowledged_success(
    status: int, body: bytes, method: str
) -> None:
    """A write has nothing to match: its empty 2xx is success with no data, never empty."""
    env = parts(status, body, method=method)
    assert env.outcome is Outcome.SUCCESS, env
    assert env.data is None
    assert env.coverage is not None
    assert method in env.coverage.detail


@pytest.mark.parametrize(("status", "body"), [(s, b) for s, b in NOTHING_IN_IT if s != 202])
def test_the_same_empty_answers_to_a_read_are_empty(status: int, body: bytes) -> None:
    """The very same bodies answering a GET are a verified nothing."""
    assert parts(status, body, method="GET").outcome is Outcome.EMPTY


@pytest.mark.parametrize("method", [None, "GET", "HEAD"])
@pytest.mark.parametrize("body", [b"", b"{}", b"[]", b'{"id": 1}', b'[{"week": 1}]'])
def test_202_to_a_read_is_not_ready_whatever_its_body(body: bytes, method: str | None) -> None:
    """202 to a read: the answer is not ready yet (RFC 9110 §15.3.3), a transient failure."""
    env = parts(202, body, method=method)
    assert code_kind(env) == (C.UPSTREAM_ERROR, T)
    assert env.failure is not None
    assert env.failure.http_status == 202
    assert "not ready" in env.failure.detail


def test_202_to_a_read_honours_its_retry_after() -> None:
    """A 202 that says when to come back carries that wait."""
    env = parts(202, b"{}", {**JSON, "retry-after": "3"}, method="GET")
    assert env.failure is not None
    assert env.failure.retry_after_s == 3.0


@pytest.mark.parametrize("method", WRITES)
def test_202_to_a_write_is_an_accepted_write_with_its_body_as_data(method: str) -> None:
    """202 to a write: accepted; the body (often a job to poll) is the data."""
    job = {"id": "exp_1", "status": "queued", "poll_after_seconds": 2}
    env = parts(202, job, method=method)
    assert env.outcome is Outcome.SUCCESS
    assert env.data == job


def test_202_to_a_write_still_reports_an_error_in_its_body() -> None:
    """An accepted write whose body says ok: false is still a failure."""
    env = parts(202, {"ok": False, "error": "invalid_auth"}, method="POST")
    assert code_kind(env) == (C.UNAUTHORIZED, P)


@pytest.mark.parametrize(
    ("method", "outcome"), [("DELETE", Outcome.SUCCESS), ("GET", Outcome.EMPTY)]
)
def test_classify_http_reads_the_method_from_the_request(method: str, outcome: Outcome) -> None:
    """classify_http takes the method from response.request."""
    response = httpx.Response(204, request=httpx.Request(method, URL))
    assert classify_http(response).outcome is outcome


def test_a_write_that_returns_nothing_matched_is_still_empty() -> None:
    """A POST search whose collection is empty is a query answered with nothing: empty."""
    env = parts(200, {"hits": {"total": {"value": 0}, "hits": []}}, method="POST")
    assert env.outcome is Outcome.EMPTY


@pytest.mark.parametrize("status", [200, 201, 203, 207, 226])
def test_other_2xx_are_judged_by_their_body(status: int) -> None:
    """A 2xx with content is success when the body is a clean collection."""
    env = parts(status, [{"id": 1}, {"id": 2}])
    assert env.outcome is Outcome.SUCCESS
    assert env.data == [{"id": 1}, {"id": 2}]


@pytest.mark.parametrize(
    ("status", "not_found", "outcome"),
    [
        (404, "empty", Outcome.EMPTY),
        (410, "empty", Outcome.EMPTY),
        (404, "failure", Outcome.ACCESS_FAILURE),
        (410, "failure", Outcome.ACCESS_FAILURE),
        (403, "empty", Outcome.ACCESS_FAILURE),
        (400, "empty", Outcome.ACCESS_FAILURE),
    ],
)
def test_not_found_is_empty_only_when_declared(
    status: int, not_found: Any, outcome: Outcome
) -> None:
    """404/410 are a confirmed empty only with not_found="empty"; other 4xx never are."""
    env = parts(status, {"message": "Not Found"}, not_found=not_found)
    assert env.outcome is outcome
    if outcome is Outcome.EMPTY:
        assert env.coverage is not None
        assert env.coverage.returned == 0


def test_bad_not_found_option_is_a_classified_caller_error() -> None:
    """An unknown not_found value is an execution failure, not an exception."""
    assert code_kind(parts(404, b"", not_found="maybe")) == (C.EXECUTION, P)


def test_redirect_detail_names_the_redacted_location() -> None:
    """A 3xx final response names where it pointed, with credentials removed."""
    env = parts(302, b"", {"location": "https://user:pw@login.example.test/sso?token=abc"})
    assert code_kind(env) == (C.PROTOCOL, P)
    assert env.failure is not None
    assert "login.example.test/sso" in env.failure.detail
    assert "pw" not in env.failure.detail
    assert "abc" not in env.failure.detail


ERROR_DETAILS: list[tuple[dict[str, str], bytes, str]] = [
    (
        {"content-type": "application/problem+json"},
        b'{"title": "Out of credit", "detail": "Balance 30", "status": 403}',
        "Balance 30",
    ),
    (JSON, b'{"error": {"code": 429, "message": "Quota exceeded"}}', "Quota exceeded"),
    (
        JSON,
        b'{"message": "Bad credentials", "documentation_url": "https://d.example.test"}',
        "Bad credentials",
    ),
    (
        {"content-type": "text/html"},
        b"<html><title>502 Bad Gateway</title></html>",
        "502 Bad Gateway",
    ),
    ({"content-type": "text/plain"}, b"upstream connect error\n", "upstream connect error"),
]


@pytest.mark.parametrize(("headers", "body", "words"), ERROR_DETAILS)
def test_error_detail_carries_the_upstreams_own_words(
    headers: dict[str, str], body: bytes, words: str
) -> None:
    """The failure detail quotes the body's message and raw_sample keeps the body."""
    env = parts(403, body, headers)
    assert env.failure is not None
    assert words in env.failure.detail
    assert env.failure.raw_sample == body.decode()


def test_raw_sample_is_capped_and_redacted() -> None:
    """A huge error body leaves at most 500 characters, with tokens scrubbed."""
    body = b"Authorization failed for Bearer abcdefghijklmnop " + b"x" * 100_000
    env = parts(401, body, {"content-type": "text/plain"})
    assert env.failure is not None
    assert env.failure.raw_sample is not None
    assert len(env.failure.raw_sample) <= 500
    assert "abcdefghijklmnop" not in env.failure.raw_sample
    assert "abcdefghijklmnop" not in env.failure.detail


# -- Retry-After ----------------------------------------------------------------------------------

DATE = "Wed, 21 Oct 2015 07:28:00 GMT"
NOW = datetime(2015, 10, 21, 7, 28, 0, tzinfo=UTC)
RETRY_AFTER: list[tuple[str, str | None, float | None]] = [
    ("7", None, 7.0),
    ("0", None, 0.0),
    (" 120 ", None, 120.0),
    ("7.5", None, 7.5),  # not in the grammar, tolerated
    ("Wed, 21 Oct 2015 07:29:30 GMT", DATE, 90.0),  # measured against Date
    ("Wednesday, 21-Oct-15 07:29:30 GMT", DATE, 90.0),  # RFC 850 form
    ("Wed Oct 21 07:29:30 2015", DATE, 90.0),  # asctime form
    ("Wed, 21 Oct 2015 07:28:30 GMT", None, 30.0),  # no Date: measured against now()
    ("Wed, 21 Oct 2015 07:28:30 GMT", "not a date", 30.0),  # garbage Date: now()
    ("Wed, 21 Oct 2015 07:00:00 GMT", DATE, 0.0),  # in the past
    ("-5", None, None),
    ("soon", None, None),
    ("", None, None),
    ("1e3", None, None),
    ("9" * 400, None, 1e18),  # valid delta-seconds (issue 26): longer than any wait
    ("7s", None, None),
]


@pytest.mark.parametrize(("value", "date", "seconds"), RETRY_AFTER)
def test_retry_after_parses_seconds_and_dates(
    value: str, date: str | None, seconds: float | None
) -> None:
    """Delta-seconds, HTTP-dates against Date or the injected clock, past → 0, garbage → None."""
    headers = {"retry-after": value, **({"date": date} if date is not None else {})}
    env = parts(429, b"", headers, now=lambda: NOW)
    assert env.failure is not None
    assert env.failure.retry_after_s == seconds


def test_retry_after_naive_clock_is_utc_and_missing_header_is_none() -> None:
    """A naive now() is read as UTC; no header gives None."""
    naive = datetime(2015, 10, 21, 7, 28, 0)  # naive on purpose
    env = parts(429, b"", {"retry-after": "Wed, 21 Oct 2015 07:28:10 GMT"}, now=lambda: naive)
    assert env.failure is not None
    assert env.failure.retry_after_s == 10.0
    bare = parts(429, b"", {})
    assert bare.failure is not None
    assert bare.failure.retry_after_s is None


@pytest.mark.parametrize("status", [429, 503, 500, 403])
def test_retry_after_is_read_on_any_failed_response(status: int) -> None:
    """Whatever the failing status, a Retry-After header lands on the failure."""
    env = parts(status, b"", {"retry-after": "30"})
    assert env.failure is not None
    assert env.failure.retry_after_s == 30.0


def test_retry_after_http_date_uses_the_injected_clock() -> None:
    """Without a Date header, classify measures an HTTP-date against now()."""
    env = parts(503, b"", {"retry-after": "Wed, 21 Oct 2015 07:30:00 GMT"}, now=lambda: NOW)
    assert env.failure is not None
    assert env.failure.retry_after_s == 120.0


# -- Content-Range and 206 ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "total"),
    [
        ("items 0-24/100", 100),
        ("bytes 0-99/1000", 1000),
        ("bytes 0-99/*", None),
        ("bytes */1000", 1000),
        ("Items 5-9/10", 10),
        ("0-24/573", 573),  # PostgREST names no unit
        ("bytes 9-0/10", None),
        ("bytes 0-9", None),
        ("garbage", None),
        ("", None),
        (None, None),
        ("bytes 0-1/" + "9" * 30, None),
    ],
)
def test_content_range_gives_the_complete_length(value: str | None, total: int | None) -> None:
    """A 206's Content-Range gives the total (unit, range, length); a malformed one gives none."""
    headers = {**JSON, **({"content-range": value} if value is not None else {})}
    env = parts(206, [1, 2], headers)
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert env.coverage.total == total


def test_206_with_an_items_range_is_partial_with_the_total() -> None:
    """206 + items range: partial_content, returned = items in the body, total from the range."""
    env = parts(206, [{"id": 1}, {"id": 2}], {**JSON, "content-range": "items 0-1/40"})
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert (env.coverage.truncated_by, env.coverage.returned, env.coverage.total) == (
        TruncatedBy.PARTIAL_CONTENT,
        2,
        40,
    )


def test_206_with_a_byte_range_counts_bytes() -> None:
    """206 + bytes range: the data is the raw text of the range and coverage counts bytes."""
    env = parts(206, b'{"a": [1, 2', {**JSON, "content-range": "bytes 0-10/500"})
    assert env.outcome is Outcome.PARTIAL
    assert env.data == '{"a": [1, 2'
    assert env.coverage is not None
    assert (env.coverage.returned, env.coverage.total) == (11, 500)


def test_a_206_holding_every_byte_of_the_representation_is_the_whole() -> None:
    """A range request on a blob no longer than the range: ``bytes 0-25/26`` with 26 bytes is
    all of it (https://learn.microsoft.com/en-us/rest/api/storageservices/get-blob)."""
    blob = b"abcdefghijklmnopqrstuvwxyz"
    octets = {"content-type": "application/octet-stream"}
    env = parts(206, blob, {**octets, "content-range": "bytes 0-25/26"})
    assert env.outcome is Outcome.SUCCESS, env
    assert env.data == blob.decode()
    assert env.coverage is not None
    assert (env.coverage.returned, env.coverage.total) == (26, 26)
    # the whole of a JSON document is read as a 200's body is
    whole_json = parts(206, b'{"a": 1}', {**JSON, "content-range": "bytes 0-7/8"})
    assert (whole_json.outcome, whole_json.data) == (Outcome.SUCCESS, {"a": 1})
    for cut in ("bytes 0-24/26", "bytes 1-25/26", "bytes 0-25/*"):
        part = parts(
            206, blob[: 25 if cut == "bytes 0-24/26" else 26], {**octets, "content-range": cut}
        )
        assert part.outcome is Outcome.PARTIAL, cut
    declared = parts(206, blob, {**octets, "content-range": "bytes 0-25/26"}, expect="text")
    assert (declared.outcome, declared.data) == (Outcome.SUCCESS, blob.decode())


@pytest.mark.parametrize("content_range", [None, "garbage", "items 0-1/*"])
def test_206_without_a_usable_total_is_still_partial(content_range: str | None) -> None:
    """206 is partial even when the total cannot be read."""
    headers = dict(JSON) if content_range is None else {**JSON, "content-range": content_range}
    env = parts(206, [1, 2], headers)
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert env.coverage.total is None


# -- transport exceptions -------------------------------------------------------------------------

#: Every exception class httpx exports, and the code and kind it must get. A new class in a
#: future httpx fails test_every_httpx_exception_class_is_in_the_expected_table until added here.
HTTPX_EXPECTED: dict[str, tuple[FailureCode, FailureKind]] = {
    "HTTPError": (C.EXECUTION, P),
    "RequestError": (C.NETWORK, T),
    "TransportError": (C.NETWORK, T),
    "TimeoutException": (C.TIMEOUT, T),
    "ConnectTimeout": (C.TIMEOUT, T),
    "ReadTimeout": (C.TIMEOUT, T),
    "WriteTimeout": (C.TIMEOUT, T),
    "PoolTimeout": (C.TIMEOUT, T),
    "NetworkError": (C.NETWORK, T),
    "ConnectError": (C.CONNECT, T),
    "ReadError": (C.NETWORK, T),
    "WriteError": (C.NETWORK, T),
    "CloseError": (C.NETWORK, T),
    "ProxyError": (C.CONNECT, T),
    "ProtocolError": (C.PROTOCOL, P),
    "LocalProtocolError": (C.PROTOCOL, P),
    "RemoteProtocolError": (C.NETWORK, T),
    "UnsupportedProtocol": (C.PROTOCOL, P),
    "DecodingError": (C.PROTOCOL, P),
    "TooManyRedirects": (C.PROTOCOL, P),
    "HTTPStatusError": (C.NOT_FOUND, P),  # classified by its response, a 404 here
    "InvalidURL": (C.EXECUTION, P),
    "CookieConflict": (C.EXECUTION, P),
    "StreamError": (C.EXECUTION, P),
    "StreamConsumed": (C.EXECUTION, P),
    "StreamClosed": (C.EXECUTION, P),
    "ResponseNotRead": (C.EXECUTION, P),
    "RequestNotRead": (C.EXECUTION, P),
}


def httpx_exception_classes() -> dict[str, type[BaseException]]:
    """Every BaseException subclass the httpx module exports, by name."""
    return {
        name: obj
        for name, obj in vars(httpx).items()
        if inspect.isclass(obj) and issubclass(obj, BaseException)
    }


def make_exception(cls: type[BaseException], url: str = URL) -> BaseException:
    """An instance of ``cls``, with a request attached where the constructor takes one."""
    request = httpx.Request("GET", url)
    if cls is httpx.HTTPStatusError:
        resp = httpx.Response(404, request=request)
        return httpx.HTTPStatusError("404", request=request, response=resp)
    for attempt in (lambda: cls("boom", request=request), lambda: cls("boom"), cls):  # type: ignore[call-arg]
        try:
            return attempt()
        except TypeError:
            continue
    raise AssertionError(f"cannot build {cls}")


def test_every_httpx_exception_class_is_in_the_expected_table() -> None:
    """The expected table names exactly the exception classes httpx exports."""
    assert set(httpx_exception_classes()) == set(HTTPX_EXPECTED)


@pytest.mark.parametrize("name", sorted(HTTPX_EXPECTED))
def test_every_httpx_exception_maps_to_exactly_one_code(name: str) -> None:
    """Each httpx exception class classifies to its one expected code and kind, never raising."""
    cls = httpx_exception_classes()[name]
    env = classify_http(make_exception(cls), tool="t")
    assert code_kind(env) == HTTPX_EXPECTED[name]
    assert env.tool == "t"
    assert env.coverage is None
    assert env.data is None


def test_transport_table_lookup_is_by_most_specific_class() -> None:
    """Along a class's MRO exactly one entry is found first: subclasses beat their bases."""
    for cls in httpx_exception_classes().values():
        hits = [base for base in cls.__mro__ if base in TRANSPORT_RULES]
        assert hits, cls
    assert TRANSPORT_RULES[httpx.ProxyError][0] is C.CONNECT
    assert TRANSPORT_RULES[httpx.TransportError][0] is C.NETWORK


@pytest.mark.parametrize(
    ("exc", "expected"),
    [
        (ValueError("bad"), (C.EXECUTION, P)),
        (KeyError("k"), (C.EXECUTION, P)),
        (RuntimeError("x"), (C.EXECUTION, P)),
        (TimeoutError("slow"), (C.TIMEOUT, T)),
        (ConnectionRefusedError(111, "refused"), (C.CONNECT, T)),
        (ConnectionResetError(104, "reset"), (C.NETWORK, T)),
    ],
)
def test_other_exceptions(exc: BaseException, expected: tuple[FailureCode, FailureKind]) -> None:
    """A tool's own exception is execution; stdlib timeouts and connection errors keep meaning."""
    assert code_kind(classify_http(exc)) == expected


def test_exception_target_and_detail_are_redacted() -> None:
    """The request URL becomes the redacted target and tokens leave the detail."""
    url = "https://api.example.test/x?api_key=SECRET123"
    exc = httpx.ConnectError(
        "failed for Bearer abcdef123456 at " + url, request=httpx.Request("GET", url)
    )
    env = classify_http(exc)
    assert env.target == "https://api.example.test/x?api_key=[REDACTED]"
    assert env.failure is not None
    assert "SECRET123" not in env.failure.detail
    assert "abcdef123456" not in env.failure.detail
    assert env.failure.detail.startswith("ConnectError: ")


def test_exception_without_a_request_has_no_target() -> None:
    """An httpx exception raised without a request still classifies, with target None."""
    env = classify_http(httpx.ReadTimeout("slow"))
    assert code_kind(env) == (C.TIMEOUT, T)
    assert env.target is None


def test_exception_with_a_broken_str_still_classifies() -> None:
    """An exception whose __str__ raises is named by its type."""

    class Weird(Exception):
        def __str__(self) -> str:
            raise RuntimeError("no")

    env = classify_http(Weird())
    assert code_kind(env) == (C.EXECUTION, P)
    assert env.failure is not None
    assert env.failure.detail.startswith("Weird")


def test_non_response_input_is_an_execution_failure() -> None:
    """Passing something that is neither a response nor an exception is a caller bug, classified."""
    env = classify_http("not a response")  # type: ignore[arg-type]
    assert code_kind(env) == (C.EXECUTION, P)


# -- reading responses ----------------------------------------------------------------------------


def test_target_is_the_redacted_request_url() -> None:
    """The envelope's target is the request URL without credentials."""
    env = classify_http(response(200, b"[1]", url="https://u:p@api.example.test/x?token=t0k"))
    assert env.target == "https://[REDACTED]@api.example.test/x?token=[REDACTED]"


def test_response_without_request_has_no_target() -> None:
    """A response built without a request classifies with target None."""
    env = classify_http(httpx.Response(200, json=[1, 2]))
    assert env.outcome is Outcome.SUCCESS
    assert env.target is None


class _Chunks(httpx.SyncByteStream):
    """A body stream that yields chunks, then optionally raises."""

    def __init__(self, chunks: list[bytes], error: Exception | None = None) -> None:
        self.chunks, self.error = chunks, error

    def __iter__(self) -> Iterator[bytes]:
        yield from self.chunks
        if self.error is not None:
            raise self.error


def test_unread_response_is_read_before_classifying() -> None:
    """A streamed response whose body was not read yet is read, then judged."""
    resp = httpx.Response(
        200, headers=JSON, stream=_Chunks([b"[1,", b" 2]"]), request=httpx.Request("GET", URL)
    )
    env = classify_http(resp)
    assert env.outcome is Outcome.SUCCESS
    assert env.data == [1, 2]


def test_read_error_is_classified_as_that_exception() -> None:
    """A body read that raises ReadError is a transient network failure."""
    stream = _Chunks([b"[1,"], httpx.ReadError("connection reset"))
    resp = httpx.Response(200, headers=JSON, stream=stream, request=httpx.Request("GET", URL))
    assert code_kind(classify_http(resp)) == (C.NETWORK, T)


def test_http_status_error_is_classified_by_its_response() -> None:
    """raise_for_status()'s exception is judged by the response it carries."""
    resp = response(429, b"{}", {**JSON, "retry-after": "3"})
    with pytest.raises(httpx.HTTPStatusError) as info:
        resp.raise_for_status()
    env = classify_http(info.value)
    assert code_kind(env) == (C.RATE_LIMITED, T)
    assert env.failure is not None
    assert env.failure.retry_after_s == 3.0
    assert env.target == URL


# -- bodies ---------------------------------------------------------------------------------------

BODIES: list[tuple[str, dict[str, str], bytes, Outcome, FailureCode | None]] = [
    (
        "html",
        {"content-type": "text/html"},
        b"<html><body>Login</body></html>",
        Outcome.ACCESS_FAILURE,
        C.INVALID_BODY,
    ),
    (
        "html_that_parses",
        {"content-type": "text/html"},
        b"1",
        Outcome.ACCESS_FAILURE,
        C.INVALID_BODY,
    ),
    # An object or array labelled HTML is JSON under the wrong type (abuse.ch's URLhaus):
    # no page starts with "[" or "{"; one that does not parse stays a failure.
    ("json_labelled_html", {"content-type": "text/html"}, b"[1]", Outcome.SUCCESS, None),
    (
        "json_labelled_html_broken",
        {"content-type": "text/html"},
        b'{"a": <b>',
        Outcome.ACCESS_FAILURE,
        C.INVALID_BODY,
    ),
    ("xml", {"content-type": "application/xml"}, b"<a/>", Outcome.ACCESS_FAILURE, C.INVALID_BODY),
    (
        "atom",
        {"content-type": "application/atom+xml"},
        b"<feed/>",
        Outcome.ACCESS_FAILURE,
        C.INVALID_BODY,
    ),
    ("plain_text", {"content-type": "text/plain"}, b"OK", Outcome.ACCESS_FAILURE, C.INVALID_BODY),
    ("plain_json", {"content-type": "text/plain"}, b"[1]", Outcome.SUCCESS, None),
    ("no_type_json", {}, b'{"id": 1}', Outcome.SUCCESS, None),
    ("no_type_garbage", {}, b"\x00\x01garbage", Outcome.ACCESS_FAILURE, C.INVALID_BODY),
    (
        "octet_stream",
        {"content-type": "application/octet-stream"},
        b"\x89PNG",
        Outcome.ACCESS_FAILURE,
        C.INVALID_BODY,
    ),
    (
        "vnd_api_json",
        {"content-type": "application/vnd.api+json"},
        b'{"data": []}',
        Outcome.EMPTY,
        None,
    ),
    (
        "hal_json",
        {"content-type": "application/hal+json; charset=utf-8"},
        b'{"id": 1}',
        Outcome.SUCCESS,
        None,
    ),
    ("invalid_utf8", JSON, b'["caf\xe9"]', Outcome.ACCESS_FAILURE, C.INVALID_BODY),
    ("utf16", JSON, '["x"]'.encode("utf-16"), Outcome.SUCCESS, None),  # RFC 7159 §8.1
    ("bom", JSON, b'\xef\xbb\xbf["x"]', Outcome.SUCCESS, None),
    ("truncated_json", JSON, b'[{"id": 1}, {"id"', Outcome.ACCESS_FAILURE, C.INVALID_BODY),
    ("two_documents", JSON, b"[1] [2]", Outcome.ACCESS_FAILURE, C.INVALID_BODY),
    ("deep_10000", JSON, b"[" * 10_000 + b"]" * 10_000, Outcome.ACCESS_FAILURE, C.INVALID_BODY),
    ("deep_300", JSON, b"[" * 300 + b"]" * 300, Outcome.ACCESS_FAILURE, C.INVALID_BODY),
    ("deep_150", JSON, b"[" * 150 + b"]" * 150, Outcome.SUCCESS, None),
    ("huge_int", JSON, b"[" + b"9" * 5000 + b"]", Outcome.ACCESS_FAILURE, C.INVALID_BODY),
    ("lone_surrogate", JSON, b'["\\ud800"]', Outcome.ACCESS_FAILURE, C.INVALID_BODY),
    ("surrogate_pair", JSON, b'["\\ud83d\\ude00"]', Outcome.SUCCESS, None),
    ("null", JSON, b"null", Outcome.EMPTY, None),
    ("zero_length", JSON, b"", Outcome.EMPTY, None),
    ("whitespace", JSON, b" \r\n\t", Outcome.EMPTY, None),
    ("empty_list", JSON, b"[]", Outcome.EMPTY, None),
    ("record", JSON, b'{"id": 1, "active": false}', Outcome.SUCCESS, None),
    ("scalar", JSON, b"42", Outcome.SUCCESS, None),
    ("false", JSON, b"false", Outcome.SUCCESS, None),
]


@pytest.mark.parametrize(
    ("headers", "body", "outcome", "code"), [b[1:] for b in BODIES], ids=[b[0] for b in BODIES]
)
def test_body_rules(
    headers: dict[str, str], body: bytes, outcome: Outcome, code: FailureCode | None
) -> None:
    """A 2xx body is JSON as promised (or a lying 200), null/zero-length empty, a record or list."""
    env = parts(200, body, headers)
    assert env.outcome is outcome, env
    assert (env.failure.code if env.failure else None) == code
    if code is C.INVALID_BODY:
        assert env.failure is not None
        assert env.failure.kind is P
        assert env.failure.http_status == 200
        assert env.failure.raw_sample is not None


def test_nan_and_infinity_are_accepted_made_null_and_recorded() -> None:
    """NaN/Infinity (Python's json.dumps emits them) are no lying 200: null, with a repair each."""
    env = parts(200, b'{"score": NaN, "max": Infinity, "min": -Infinity, "ok": 1.5}')
    assert env.outcome is Outcome.SUCCESS
    assert env.data == {"score": None, "max": None, "min": None, "ok": 1.5}
    assert [(r.kind, r.path, r.detail) for r in env.repairs] == [
        (RepairKind.COERCED_NUMBER, "max", "Infinity -> null (not a JSON number)"),
        (RepairKind.COERCED_NUMBER, "min", "-Infinity -> null (not a JSON number)"),
        (RepairKind.COERCED_NUMBER, "score", "NaN -> null (not a JSON number)"),
    ]


def test_non_finite_numbers_are_recorded_where_they_were_in_collections_and_lines() -> None:
    """Each repair names the number's path: in a page's items, and in a JSON-lines item."""
    page = parts(200, b'{"items": [{"v": 1}, {"v": NaN}], "total_count": 2}')
    assert page.data == [{"v": 1}, {"v": None}]
    assert [r.path for r in page.repairs] == ["items.1.v"]
    lines = parts(200, b'{"v": 1}\n{"v": [Infinity]}\n', {"content-type": "application/x-ndjson"})
    assert lines.data == [{"v": 1}, {"v": [None]}]
    assert [r.path for r in lines.repairs] == ["1.v.0"]


def test_a_body_without_non_finite_numbers_records_no_repair() -> None:
    """Ordinary floats are left alone and nothing is recorded."""
    env = parts(200, {"items": [{"v": 1.5}, {"v": -0.0}, {"v": 1e308}]})
    assert env.repairs == []


def test_decoding_repairs_come_before_the_models_own() -> None:
    """With a result model, the NaN repair is kept ahead of the model's shape repairs."""

    class Reading(BaseModel):
        score: float | None
        count: int

    env = parts(200, b'{"score": NaN, "count": "3"}', result_model=Reading)
    assert env.outcome is Outcome.SUCCESS
    assert env.data == Reading(score=None, count=3)
    assert [r.kind for r in env.repairs] == [RepairKind.COERCED_NUMBER, RepairKind.COERCED_NUMBER]
    assert env.repairs[0].path == "score"


def test_lying_200_raw_sample_shows_what_came_back() -> None:
    """The invalid_body failure keeps the HTML it got (invalid bytes replaced)."""
    env = parts(200, b"<html>\xff Sign in</html>", {"content-type": "text/html"})
    assert env.failure is not None
    assert env.failure.raw_sample == "<html>\ufffd Sign in</html>"
    assert "text/html" in env.failure.detail


def test_single_record_is_data_with_one_returned() -> None:
    """A body with no collection is one record: data is the object, returned 1."""
    env = parts(200, {"id": "u1", "name": "Ada"})
    assert env.data == {"id": "u1", "name": "Ada"}
    assert env.coverage is not None
    assert env.coverage.returned == 1


@pytest.mark.parametrize(
    "body",
    [
        {"id": 7, "total": 1999, "items": []},  # an order with no line items yet
        {"sha": "6dcb09b", "commit": {"message": "merge"}, "parents": [], "files": []},
        {"node_id": "MDQ6VXNlcjE=", "login": "octocat", "users": []},
        {"uuid": "5f1c", "name": "empty folder", "files": []},
    ],
)
def test_a_body_with_its_own_identity_is_a_record_whatever_lists_it_holds(body: Any) -> None:
    """A resource with an id, sha, node_id or uuid is one record, never an empty collection."""
    env = parts(200, body)
    assert env.outcome is Outcome.SUCCESS
    assert env.data == body


def test_a_listing_without_an_identity_of_its_own_is_its_collection() -> None:
    """Slack's files.list page has no identity of its own: its files are the answer."""
    env = parts(200, {"ok": True, "files": [], "paging": {"count": 100, "total": 0}})
    assert env.outcome is Outcome.EMPTY


def test_explicit_items_and_total_paths() -> None:
    """items/total paths pick the collection and the count; total above returned is partial."""
    body = {"response": {"docs": [1, 2], "numFound": 9}}
    env = parts(200, body, items="response.docs", total="response.numFound")
    assert env.outcome is Outcome.PARTIAL
    assert env.data == [1, 2]
    assert env.coverage is not None
    assert (env.coverage.returned, env.coverage.total) == (2, 9)
    assert env.coverage.truncated_by is TruncatedBy.TOTAL_EXCEEDS_RETURNED


@pytest.mark.parametrize(
    ("body", "items", "words"),
    [
        ({"took": 1}, "hits.hits", "not in the body"),
        ({"hits": {"hits": {"a": 1}}}, "hits.hits", "holds dict, not a list"),
        ({"hits": None}, "hits.hits", "not in the body"),
        ({"results": None}, "results", "holds null"),
        ([1, 2], "items", "not in the body"),
    ],
)
def test_explicit_items_path_that_is_not_a_list_is_a_schema_failure(
    body: Any, items: str, words: str
) -> None:
    """The endpoint broke its contract: schema, permanent, with a clear detail."""
    env = parts(200, body, items=items)
    assert code_kind(env) == (C.SCHEMA, P)
    assert env.failure is not None
    assert words in env.failure.detail


def test_a_declared_influxdb_series_a_statement_left_out_is_empty() -> None:
    """InfluxDB 1.x leaves a statement's series out when it found no point: a declared
    ``results.0.series`` is then an empty answer; beside anything else it stays a schema
    failure."""
    env = parts(200, {"results": [{"statement_id": 0}]}, items="results.0.series")
    assert env.outcome is Outcome.EMPTY, env
    other = parts(200, {"results": [{"statement_id": 0, "tags": {}}]}, items="results.0.series")
    assert code_kind(other) == (C.SCHEMA, P)
    beyond = parts(200, {"results": [{"statement_id": 0}]}, items="results.1.series")
    assert code_kind(beyond) == (C.SCHEMA, P)
    huge = parts(200, {"results": [{"statement_id": 0}]}, items=f"results.{'9' * 5000}.series")
    assert code_kind(huge) == (C.SCHEMA, P)  # an index past int()'s digits: no internal error


_DOCUSIGN_REFUSED = {
    "groupId": "x",
    "errorDetails": {"errorCode": "INVALID_GROUP_ID", "message": "The group id is invalid."},
}


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE"])
def test_a_docusign_write_on_several_items_refused_one_by_one(method: str) -> None:
    """DocuSign answers a write on several items with one entry each, a refused one holding
    errorDetails (https://developers.docusign.com/docs/esign-rest-api/esign101/error-codes/):
    every one refused is the failure, some of them a partial naming each."""
    every = parts(200, {"groups": [_DOCUSIGN_REFUSED]}, method=method)
    assert code_kind(every) == (C.BAD_REQUEST, P)
    assert every.failure is not None
    assert "INVALID_GROUP_ID: The group id is invalid." in every.failure.detail
    some = parts(200, {"groups": [{"groupId": "1"}, _DOCUSIGN_REFUSED]}, method=method)
    assert some.outcome is Outcome.PARTIAL, some
    assert some.coverage is not None
    assert some.coverage.truncated_by is TruncatedBy.UPSTREAM_FLAG
    assert some.coverage.dropped == ("groups.1: INVALID_GROUP_ID: The group id is invalid.",)
    none = parts(200, {"groups": [{"groupId": "1"}, {"groupId": "2"}]}, method=method)
    assert none.outcome is Outcome.SUCCESS


def test_a_read_is_not_walked_for_items_refused_one_by_one() -> None:
    """A read answers what is there: an item's errorDetails is part of what it describes."""
    env = parts(200, {"groups": [_DOCUSIGN_REFUSED]})
    assert env.outcome is Outcome.SUCCESS, env


def test_arcgis_exceeded_transfer_limit_cuts_the_features() -> None:
    """ArcGIS says a query "resulted in a larger number of features than what the transfer
    limit supports" with ``exceededTransferLimit: true``: the features are part of the answer;
    ``false`` says nothing."""
    body = {"objectIdFieldName": "OBJECTID", "fields": [], "features": [{"attributes": {}}]}
    cut = parts(200, {**body, "exceededTransferLimit": True}, items="features")
    assert cut.outcome is Outcome.PARTIAL, cut
    assert cut.coverage is not None
    assert cut.coverage.truncated_by is TruncatedBy.UPSTREAM_FLAG
    whole = parts(200, {**body, "exceededTransferLimit": False}, items="features")
    assert whole.outcome is Outcome.SUCCESS, whole


def test_a_declared_path_into_an_empty_list_is_an_empty_answer() -> None:
    """The results of the first race of none are none: Ergast's round not run yet answers
    ``"Races": []``, where a tool declared ``Races.0.Results``; a path into a list that holds
    something but not that member stays a schema failure."""
    body = {"MRData": {"total": "0", "RaceTable": {"Races": []}}}
    env = parts(200, body, items="MRData.RaceTable.Races.0.Results")
    assert env.outcome is Outcome.EMPTY, env
    held = {"MRData": {"total": "1", "RaceTable": {"Races": [{"round": "1"}]}}}
    assert code_kind(parts(200, held, items="MRData.RaceTable.Races.0.Results")) == (C.SCHEMA, P)


def test_explicit_total_path_absent_is_unknown_but_garbage_is_schema() -> None:
    """A missing total means the source did not count; a non-count there is schema."""
    env = parts(200, {"items": [1]}, total="meta.total")
    assert env.outcome is Outcome.SUCCESS
    assert env.coverage is not None
    assert env.coverage.total is None
    assert code_kind(parts(200, {"items": [1], "n": "lots"}, total="n")) == (C.SCHEMA, P)


def test_tool_is_copied_onto_every_outcome() -> None:
    """tool= appears on success, empty, partial and access_failure envelopes."""
    cases = [
        parts(200, [1], tool="t"),
        parts(200, [], tool="t"),
        parts(200, {"total": 5, "items": [1]}, tool="t"),
        parts(500, b"", tool="t"),
        classify_http(httpx.ReadTimeout("x"), tool="t"),
    ]
    assert {env.outcome for env in cases} == set(Outcome)
    assert {env.tool for env in cases} == {"t"}


# -- JSON lines and cut bodies --------------------------------------------------------------------

NDJSON_TYPES = [
    "application/x-ndjson",
    "application/jsonl",
    "application/json-lines",
    "application/x-jsonlines",
]


@pytest.mark.parametrize("content_type", NDJSON_TYPES)
def test_json_lines_each_line_is_an_item(content_type: str) -> None:
    """A complete JSON-lines body is success with one item per non-blank line."""
    env = parts(200, b'{"a": 1}\r\n\n{"a": 2}\n{"a": 3}', {"content-type": content_type})
    assert env.outcome is Outcome.SUCCESS
    assert env.data == [{"a": 1}, {"a": 2}, {"a": 3}]


def test_json_lines_with_no_lines_is_empty_and_a_bad_line_is_invalid() -> None:
    """No lines is empty; a malformed line in the middle makes the whole body invalid."""
    nd = {"content-type": "application/x-ndjson"}
    assert parts(200, b"\n\n", nd).outcome is Outcome.EMPTY
    env = parts(200, b'{"a": 1}\nnot json\n{"a": 3}\n', nd)
    assert code_kind(env) == (C.INVALID_BODY, P)
    assert env.failure is not None
    assert "line 2" in env.failure.detail


@pytest.mark.parametrize("cut", list(BodyCut))
def test_cut_json_lines_keep_complete_lines_as_a_partial(cut: BodyCut) -> None:
    """A cut JSON-lines body is partial: complete lines kept, the trailing fragment dropped."""
    body = b'{"a": 1}\n{"a": 2}\n{"a": 3'
    env = parts(
        200,
        body,
        {"content-type": "application/x-ndjson"},
        cut=cut,
        cut_error=httpx.ReadError("reset"),
    )
    assert env.outcome is Outcome.PARTIAL
    assert env.data == [{"a": 1}, {"a": 2}]
    assert env.coverage is not None
    assert env.coverage.returned == 2
    assert env.coverage.truncated_by is TruncatedBy(cut.value)


def test_cut_json_lines_without_a_complete_line_is_a_network_failure() -> None:
    """When a stream broke before its first complete item, nothing was learned: transient."""
    env = parts(200, b'{"a": 1', {"content-type": "application/x-ndjson"}, cut=BodyCut.STREAM_ERROR)
    assert code_kind(env) == (C.NETWORK, T)


def test_a_first_json_line_longer_than_the_cap_is_too_large() -> None:
    """One line past the byte cap will be past it on every retry: permanent too_large."""
    env = parts(200, b'{"a": 1', {"content-type": "application/x-ndjson"}, cut=BodyCut.SIZE_CAP)
    assert code_kind(env) == (C.TOO_LARGE, P)


@pytest.mark.parametrize(
    "error", [httpx.ReadTimeout("deadline"), TimeoutError("deadline")], ids=["httpx", "builtin"]
)
def test_a_body_cut_by_a_timeout_is_a_timeout(error: BaseException) -> None:
    """A document or stream stopped by a timeout (the adapter's deadline) says timeout."""
    document = parts(200, b'{"a": [1, 2', {}, cut=BodyCut.STREAM_ERROR, cut_error=error)
    lines = parts(
        200,
        b'{"a"',
        {"content-type": "application/x-ndjson"},
        cut=BodyCut.STREAM_ERROR,
        cut_error=error,
    )
    assert code_kind(document) == (C.TIMEOUT, T)
    assert code_kind(lines) == (C.TIMEOUT, T)


@pytest.mark.parametrize(
    ("cut", "expected"),
    [(BodyCut.SIZE_CAP, (C.TOO_LARGE, P)), (BodyCut.STREAM_ERROR, (C.NETWORK, T))],
)
def test_cut_single_document(cut: BodyCut, expected: tuple[FailureCode, FailureKind]) -> None:
    """A single JSON document cut early: too_large for the size cap, network for a stream error."""
    env = parts(
        200, b'[{"id": 1}, {"id": 2}]', cut=cut, cut_error=httpx.RemoteProtocolError("peer closed")
    )
    assert code_kind(env) == expected
    if cut is BodyCut.STREAM_ERROR:
        assert env.failure is not None
        assert "RemoteProtocolError" in env.failure.detail


def test_cut_error_status_is_still_judged_by_status() -> None:
    """A cut body on a 503 is the 503's failure, not a body failure."""
    env = parts(
        503, b"<html>", {"content-type": "text/html", "retry-after": "5"}, cut=BodyCut.SIZE_CAP
    )
    assert code_kind(env) == (C.SERVER_ERROR, T)


def test_classify_parts_url_sets_target_and_resolves_relative_links() -> None:
    """url= is the redacted target and the base for a relative Link rel="next"."""
    env = parts(200, [1], {**JSON, "link": '</v1/search?q=x&page=2>; rel="next"'}, url=URL)
    assert env.target == URL
    assert env.coverage is not None
    assert env.coverage.next_cursor == "https://api.example.test/v1/search?q=x&page=2"


def test_classify_parts_accepts_a_plain_header_mapping() -> None:
    """Headers given as a dict are accepted like httpx.Headers."""
    env = classify_parts(429, {"Retry-After": "4"}, b"")
    assert env.failure is not None
    assert env.failure.retry_after_s == 4.0


# -- result_model ---------------------------------------------------------------------------------


class Item(BaseModel):
    """A declared result item."""

    id: int
    price: float


def test_result_model_repairs_shape_and_records_it() -> None:
    """With result_model, data is validated after shape repair and each repair is recorded."""
    env = parts(200, [{"id": 1, "price": "18.0"}], result_model=list[Item])
    assert env.outcome is Outcome.SUCCESS
    assert env.data == [Item(id=1, price=18.0)]
    assert len(env.repairs) == 1


def test_result_model_rejection_is_a_schema_failure_with_the_raw_json() -> None:
    """A missing required field is a schema access failure carrying the JSON it got."""
    env = parts(200, [{"id": 1}], result_model=list[Item])
    assert code_kind(env) == (C.SCHEMA, P)
    assert env.failure is not None
    assert "price" in env.failure.detail
    assert env.failure.raw_sample == '[{"id": 1}]'


def test_result_model_applies_to_partials_too() -> None:
    """A partial's items are repaired like a success's, and the coverage is kept."""
    env = parts(200, {"total": 3, "items": [{"id": "2.0", "price": 1}]}, result_model=list[Item])
    assert env.outcome is Outcome.PARTIAL
    assert env.data == [Item(id=2, price=1.0)]


def test_unusable_result_model_is_a_classified_caller_error() -> None:
    """A result_model pydantic cannot validate is an execution failure, not an exception."""
    env = parts(200, [1], result_model=object())
    assert code_kind(env) == (C.EXECUTION, P)


def test_status_rule_is_none_only_for_2xx() -> None:
    """status_rule returns None exactly for 200–299."""
    assert all((status_rule(s) is None) == (200 <= s <= 299) for s in range(700))


# -- rate limits reported on a 403 ---------------------------------------------------------------


NOT_ALLOWED = {"message": "Must have admin rights to Repository."}


@pytest.mark.parametrize(
    ("headers", "expected", "seconds"),
    [
        ({"x-ratelimit-remaining": "0"}, (C.RATE_LIMITED, T), None),
        ({"retry-after": "60"}, (C.RATE_LIMITED, T), 60.0),
        (
            {"x-ratelimit-remaining": "0", "x-ratelimit-reset": "1445412600", "date": DATE},
            (C.RATE_LIMITED, T),
            120.0,
        ),
        (
            {"x-rate-limit-remaining": "0", "x-rate-limit-reset": "1445412600", "date": DATE},
            (C.RATE_LIMITED, T),
            120.0,
        ),  # Twitter's spelling
        ({"x-ratelimit-remaining": "0.0", "x-ratelimit-reset": "51"}, (C.RATE_LIMITED, T), 51.0),
        ({"ratelimit-remaining": "0", "ratelimit-reset": "30"}, (C.RATE_LIMITED, T), 30.0),
        (
            {"x-ratelimit-remaining": "12", "x-ratelimit-reset": "1445412600"},
            (C.FORBIDDEN, P),
            None,
        ),
        ({"x-ratelimit-remaining": "9322.0", "x-ratelimit-reset": "51"}, (C.FORBIDDEN, P), None),
        ({}, (C.FORBIDDEN, P), None),
    ],
)
def test_403_with_rate_limit_headers_is_rate_limited(
    headers: dict[str, str], expected: tuple[FailureCode, FailureKind], seconds: float | None
) -> None:
    """A 403 with a spent quota or Retry-After is a transient rate limit; without, forbidden."""
    env = parts(403, NOT_ALLOWED, {**JSON, **headers})
    assert code_kind(env) == expected
    assert env.failure is not None
    assert env.failure.retry_after_s == seconds


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("API rate limit exceeded for 203.0.113.7.", (C.RATE_LIMITED, T)),
        ("You have exceeded a secondary rate limit. Please wait.", (C.RATE_LIMITED, T)),
        ("Ratelimit hit", (C.RATE_LIMITED, T)),
        ("Resource not accessible by integration", (C.FORBIDDEN, P)),
        ("Moderate your tone", (C.FORBIDDEN, P)),
    ],
)
def test_403_whose_message_names_a_rate_limit_is_rate_limited(
    message: str, expected: tuple[FailureCode, FailureKind]
) -> None:
    """GitHub's secondary limit may come with no headers at all: its message says it."""
    env = parts(403, {"message": message})
    assert code_kind(env) == expected
    assert env.failure is not None
    assert env.failure.retry_after_s is None  # no stated wait: the retry policy's backoff decides


RATE_HEADERS = {"x-ratelimit-remaining": "4970", "x-ratelimit-reset": "1445412600", "date": DATE}


@pytest.mark.parametrize("status", [500, 502, 404, 401, 403, 422, 302, 301])
def test_a_rate_limit_reset_is_no_wait_for_a_failure_that_was_not_throttled(status: int) -> None:
    """Reset headers ride on every response; only a throttle's reset is a time to wait."""
    env = parts(status, NOT_ALLOWED, {**JSON, **RATE_HEADERS, "location": URL})
    assert env.failure is not None
    assert env.failure.code is not C.RATE_LIMITED
    assert env.failure.retry_after_s is None


def test_a_throttle_reported_in_the_body_waits_for_the_reset() -> None:
    """A 200 whose GraphQL errors say RATE_LIMITED, with a spent quota, waits for the reset."""
    body = {"errors": [{"type": "RATE_LIMITED", "message": "API rate limit exceeded"}]}
    headers = {**JSON, **RATE_HEADERS, "x-ratelimit-remaining": "0"}
    env = parts(200, body, headers)
    assert code_kind(env) == (C.RATE_LIMITED, T)
    assert env.failure is not None
    assert env.failure.retry_after_s == 120.0


@pytest.mark.parametrize(
    ("reset", "seconds"),
    [
        ("1445412600", 120.0),  # epoch seconds, against Date
        ("1445409000", 0.0),  # a reset already past
        ("1545412600", 3600.0),  # years away: capped
        ("86400", 3600.0),  # seconds from now, a day: capped
        ("12", 12.0),  # seconds from now
        ("7.5", 7.5),
        ("abc", None),
        ("", None),
        ("-1", None),
        ("99999999999999999", None),
    ],
)
def test_a_throttle_waits_for_its_reset_capped_at_an_hour(
    reset: str, seconds: float | None
) -> None:
    """A 429's reset is epoch or seconds from now, never more than RATE_LIMIT_RESET_MAX_S."""
    env = parts(429, b"", {"x-ratelimit-reset": reset, "date": DATE})
    assert env.failure is not None
    assert env.failure.retry_after_s == seconds


def test_retry_after_wins_over_the_reset() -> None:
    """A throttle's own Retry-After is its wait; the reset is only the fallback."""
    env = parts(429, b"", {"retry-after": "5", **RATE_HEADERS})
    assert env.failure is not None
    assert env.failure.retry_after_s == 5.0


def test_304_says_the_cached_copy_is_the_answer() -> None:
    """A 304 is not a redirect gone wrong: the caller's own cached copy is current."""
    env = parts(304, b"", {"etag": '"abc"'})
    assert code_kind(env) == (C.PROTOCOL, P)
    assert env.failure is not None
    assert "cached copy is current" in env.failure.detail
    assert "redirect" not in env.failure.detail


@pytest.mark.parametrize("method", ["PUT", "PATCH", "POST", "DELETE"])
def test_304_answering_a_write_is_a_write_that_left_nothing_to_change(method: str) -> None:
    """304 answers only a conditional GET or HEAD; to a write (Mailjet's "the PUT request
    didn't affect any record") it is the write acknowledged, with nothing changed."""
    env = parts(304, b"", {"content-type": "application/json"}, method=method)
    assert env.outcome is Outcome.SUCCESS, env
    assert env.coverage is not None
    assert "304" in env.coverage.detail
    assert code_kind(parts(304, b"", {}, method="GET")) == (C.PROTOCOL, P)
    assert code_kind(parts(304, b"", {}, method="HEAD")) == (C.PROTOCOL, P)


def test_a_redirect_names_where_it_points_and_that_it_was_not_followed() -> None:
    """A 3xx with Location says where to and that it was not followed."""
    env = parts(302, b"", {"location": "https://codeload.example.test/a.tar.gz?token=s3cret"})
    assert env.failure is not None
    assert "redirect to https://codeload.example.test/a.tar.gz?token=[REDACTED]" in (
        env.failure.detail
    )
    assert "not followed" in env.failure.detail


def test_an_unread_stream_that_breaks_keeps_its_complete_lines() -> None:
    """classify_http reads an unread stream chunk by chunk: a cut JSON-lines body is partial."""
    request = httpx.Request("GET", "https://lines.example.test/items")

    class Broken(httpx.SyncByteStream):
        def __iter__(self) -> Iterator[bytes]:
            yield b'{"id": 1}\n{"id": 2}\n{"id"'
            raise httpx.RemoteProtocolError("peer closed", request=request)

    headers = {"content-type": "application/x-ndjson"}
    env = classify_http(httpx.Response(200, headers=headers, stream=Broken(), request=request))
    assert env.outcome is Outcome.PARTIAL
    assert env.data == [{"id": 1}, {"id": 2}]


def test_an_unread_async_response_says_to_read_it_first() -> None:
    """An async body cannot be read synchronously: the failure says what to do instead."""

    class Lines(httpx.AsyncByteStream):
        async def __aiter__(self) -> AsyncIterator[bytes]:
            yield b"[1]"

    request = httpx.Request("GET", "https://lines.example.test/items")
    env = classify_http(httpx.Response(200, stream=Lines(), request=request))
    assert env.failure is not None
    assert "aread()" in env.failure.detail


# -- bodies that are not JSON by design (expect=) --------------------------------------------------

HTML = {"content-type": "text/html; charset=utf-8"}
PAGE = b"<p>Hello <strong>world</strong></p>\n"


def test_html_where_json_was_expected_stays_an_access_failure() -> None:
    """By default an HTML page in a 200 is a lying 200."""
    assert code_kind(parts(200, PAGE, HTML)) == (C.INVALID_BODY, P)


def test_expect_text_makes_a_text_body_the_data() -> None:
    """expect="text": the decoded text is the data of a success."""
    env = parts(200, PAGE, HTML, expect="text")
    assert env.outcome is Outcome.SUCCESS
    assert env.data == PAGE.decode()
    assert env.coverage is not None
    assert env.coverage.returned == 1


@pytest.mark.parametrize(
    ("content_type", "raw", "text"),
    [
        ("text/plain; charset=iso-8859-1", "café".encode("latin-1"), "café"),
        ('text/plain; charset="UTF-8"', "café".encode(), "café"),
        ("text/plain", "café".encode(), "café"),  # no charset: UTF-8
        ("text/plain; charset=no-such-charset", "café".encode(), "café"),
        ("text/plain", b"\xef\xbb\xbfOK", "OK"),  # a UTF-8 BOM is not text
        ("text/plain", "OK".encode("utf-16"), "OK"),  # a UTF-16 BOM names its encoding
    ],
)
def test_expect_text_decodes_by_bom_then_charset_then_utf8(
    content_type: str, raw: bytes, text: str
) -> None:
    """The text is decoded by its BOM, else its declared charset, else as UTF-8."""
    assert parts(200, raw, {"content-type": content_type}, expect="text").data == text


def test_expect_text_that_does_not_decode_is_an_invalid_body() -> None:
    """Bytes that are not text in their charset are no answer."""
    env = parts(200, b"\xff\xfe\xfa not utf-8 \xc3", {"content-type": "text/plain"}, expect="text")
    assert code_kind(env) == (C.INVALID_BODY, P)


@pytest.mark.parametrize(("expect", "body"), [("text", b""), ("text", b" \n"), ("bytes", b"")])
def test_an_empty_declared_body_is_empty_to_a_read_and_success_to_a_write(
    expect: str, body: bytes
) -> None:
    """Nothing in a text or bytes body: empty for a read, an acknowledged write for a write."""
    assert parts(200, body, {}, expect=expect, method="GET").outcome is Outcome.EMPTY
    write = parts(200, body, {}, expect=expect, method="POST")
    assert write.outcome is Outcome.SUCCESS
    assert write.data is None


def test_expect_bytes_keeps_the_raw_bytes_and_renders_them_as_base64() -> None:
    """expect="bytes": the bytes are the data; renderers carry them as base64, never as text."""
    raw = b"\x89PNG\r\n\x1a\n\x00\x01"
    env = parts(200, raw, {"content-type": "image/png"}, expect="bytes")
    assert env.outcome is Outcome.SUCCESS
    assert env.data == raw
    dumped = to_mcp(env)["structuredContent"]
    assert base64.urlsafe_b64decode(dumped["data"]) == raw
    assert json.dumps(dumped["data"]) in to_text(env)


@pytest.mark.parametrize("expect", ["text", "bytes"])
def test_a_declared_body_cut_by_the_cap_is_partial_with_what_arrived(expect: str) -> None:
    """A text or bytes body cut short is a partial of what arrived, counted in bytes."""
    raw = "naïve café".encode()[:-1]  # the cut splits the last character
    env = parts(200, raw, {"content-type": "text/plain"}, cut=BodyCut.SIZE_CAP, expect=expect)
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert env.coverage.truncated_by is TruncatedBy.SIZE_CAP
    assert env.coverage.returned == len(raw)
    assert env.data == ("naïve caf" if expect == "text" else raw)


def test_a_declared_206_is_a_partial_of_its_range() -> None:
    """A 206 range of a raw file is a partial with the complete length as total."""
    headers = {"content-type": "application/octet-stream", "content-range": "bytes 0-3/10"}
    env = parts(206, b"\x00\x01\x02\x03", headers, expect="bytes")
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert (env.coverage.returned, env.coverage.total) == (4, 10)
    assert env.coverage.truncated_by is TruncatedBy.PARTIAL_CONTENT


@pytest.mark.parametrize("expect", ["text", "bytes"])
def test_an_error_status_is_a_failure_whatever_the_body_was_declared(expect: str) -> None:
    """expect= changes how a 2xx body is read, never what an error status means."""
    assert code_kind(parts(503, b"Service Unavailable", {}, expect=expect)) == (C.SERVER_ERROR, T)


def test_an_unknown_expect_is_a_classified_caller_error() -> None:
    """expect outside json/text/bytes is an execution failure, not an exception."""
    env = parts(200, PAGE, HTML, expect="html")
    assert code_kind(env) == (C.EXECUTION, P)


def test_a_tool_declares_expect_and_the_adapter_honours_it() -> None:
    """@tool(expect="text") classifies a text/plain answer as success with the text."""

    class NoArgs(BaseModel):
        pass

    @tool(args=NoArgs, expect="text", policy=RetryPolicy(max_attempts=1))
    def upload(args: NoArgs) -> httpx.Request:
        return httpx.Request("POST", "https://files.example.test/upload")

    reply = httpx.MockTransport(lambda request: httpx.Response(200, text="OK - 18"))
    with httpx.Client(transport=reply) as client:
        env = upload.call(client=client)
    assert env.outcome is Outcome.SUCCESS
    assert env.data == "OK - 18"


# -- JSON in UTF-16 and UTF-32 (RFC 7159 §8.1) ----------------------------------------------------

WIDE_JSON = {"items": [{"id": 1, "name": "Zoë"}], "total_count": 1}


@pytest.mark.parametrize(
    ("encoding", "charset"),
    [
        ("utf-16", "utf-16"),  # with a BOM
        ("utf-16-le", "utf-16le"),
        ("utf-16-be", "utf-16be"),
        ("utf-32", "utf-32"),
        ("utf-32-le", "utf-32le"),
        ("utf-32-be", None),  # no charset: the zero-byte pattern says it
        ("utf-8-sig", "utf-8"),
    ],
)
def test_json_in_utf16_or_utf32_is_decoded_as_httpx_decodes_it(
    encoding: str, charset: str | None
) -> None:
    """UTF-16 and UTF-32 JSON (BOM or zero-byte pattern) decode, as Response.json() does."""
    raw = json.dumps(WIDE_JSON, ensure_ascii=False).encode(encoding)
    content_type = "application/json" + (f"; charset={charset}" if charset else "")
    env = parts(200, raw, {"content-type": content_type})
    assert env.outcome is Outcome.SUCCESS, env
    assert env.data == WIDE_JSON["items"]
    assert env.data == httpx.Response(200, content=raw).json()["items"]


def test_json_that_is_not_valid_utf8_is_still_an_invalid_body() -> None:
    """Bytes that are no Unicode encoding at all stay an invalid body."""
    env = parts(200, b'{"name": "caf\xe9"}', {"content-type": "application/json"})
    assert code_kind(env) == (C.INVALID_BODY, P)
    assert env.failure is not None
    assert "not UTF-8" in env.failure.detail


def test_a_record_of_many_fields_is_one_record_whatever_lists_it_holds() -> None:
    """Best Buy's product (165 fields) holds its bundle's ``members``, empty: a record, not an
    empty listing of members. A page says little about itself beyond its paging state."""
    product = {f"field_{n}": n for n in range(40)} | {"sku": 5758400, "members": []}
    env = parts(200, product)
    assert env.outcome is Outcome.SUCCESS, env
    assert env.coverage is not None
    assert env.coverage.returned == 1
    # the same list beside a few fields of the answer's own, or beside paging state, is a page
    envelope: dict[str, Any] = {f"field_{n}": n for n in range(8)} | {"members": []}
    assert parts(200, envelope).outcome is Outcome.EMPTY
    paged = {f"field_{n}": n for n in range(40)} | {"members": [], "has_more": False}
    assert parts(200, paged).outcome is Outcome.EMPTY


@pytest.mark.parametrize(
    ("body", "items"),
    [
        # ITIS writes an empty list as [null] (https://itis.gov/web_service.html)
        (
            {"acceptedNames": [None], "class": "SvcAcceptedNameList", "tsn": "208527"},
            "acceptedNames",
        ),
        # Apollo's bulk match: each miss a null in its place
        ({"status": "success", "matches": [None, None], "missing_records": 2}, "matches"),
        ([None], None),
    ],
)
def test_a_list_of_nothing_but_nulls_holds_no_item(body: Any, items: str | None) -> None:
    env = parts(200, body, items=items)
    assert env.outcome is Outcome.EMPTY, env
    assert env.coverage is not None
    assert env.coverage.returned == 0
    # one item beside the nulls is an item
    some = parts(
        200, [None, {"id": 1}] if items is None else {**body, items: [None, {"id": 1}]}, items=items
    )
    assert some.outcome is Outcome.SUCCESS


SEVERAL = "https://api.spotify.com/v1/tracks?ids=4iV5W9uYEdYUVa79Axb7Rh,NOPE,1301WleyT98MSxVHPZCA6M"


class Track(BaseModel):
    id: str


def test_a_lookup_by_ids_answered_with_nulls_is_partial_naming_the_ids_not_found() -> None:
    # Spotify's several tracks (albums, artists, shows, episodes): "If an object is not found,
    # a null value is returned in the appropriate position".
    body = {"tracks": [{"id": "4iV5W9uYEdYUVa79Axb7Rh"}, None, {"id": "1301WleyT98MSxVHPZCA6M"}]}
    for items in ("tracks", None):
        env = parts(200, body, url=SEVERAL, items=items, result_model=list[Track])
        assert env.outcome is Outcome.PARTIAL, env
        assert env.coverage is not None
        assert env.coverage.truncated_by is TruncatedBy.UPSTREAM_FLAG
        assert env.coverage.dropped == ("ids[1] NOPE: not found",)
        assert env.coverage.detail == "by ids: 1 of 3 not found"
        assert env.coverage.returned == 2
        assert env.data == [Track(id="4iV5W9uYEdYUVa79Axb7Rh"), Track(id="1301WleyT98MSxVHPZCA6M")]
    # none of them found: nothing came back
    nothing = parts(200, {"tracks": [None, None, None]}, url=SEVERAL, items="tracks")
    assert nothing.outcome is Outcome.EMPTY, nothing


@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("POST", SEVERAL),  # a batch sent by POST answers for what its body asked
        ("GET", "https://api.spotify.com/v1/tracks?ids=a,b"),  # two ids, three positions
        ("GET", "https://api.spotify.com/v1/tracks?id=a,b,c"),  # not the ids parameter
    ],
)
def test_nulls_count_as_ids_not_found_only_for_a_get_naming_one_id_per_position(
    method: str, url: str
) -> None:
    body = {"tracks": [{"id": "a"}, None, {"id": "c"}]}
    env = parts(200, body, url=url, method=method, items="tracks")
    assert env.outcome is Outcome.SUCCESS, env
    assert env.data == body["tracks"]
