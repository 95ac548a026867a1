"""Shortcuts that skip work answer exactly as the work they skip.

Most bodies hold none of the members a paging rule reads, so the rules first ask whether a body
holds any of them (``_NEXT_PAGE_SIGN_KEYS``, ``_FLAG_KEYS``); a body with no list or object
inside holds no collection; a plain ``http(s)://host/path`` is its own split-and-rebuilt form;
an envelope made during a tool call names the call. Each is compared here with the path it
replaces, the shortcut switched off, on bodies built from every name the rules' modules spell.
"""

from __future__ import annotations

import ast
import inspect
import itertools
import json
import random
import re
import sys
from typing import Any
from urllib.parse import quote, urlsplit, urlunsplit

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from tool_outcomes import Envelope, Outcome, classify_parts, tool
from tool_outcomes import redact as redact_module
from tool_outcomes.classify import (
    INTERNAL_ERROR_DETAIL,
    _collection,
    _exchange,
    _headers,
    _pagination,
)
from tool_outcomes.observe import new_call_id


class _Never:
    """A key set that every body meets: the gate off."""

    def isdisjoint(self, _other: object) -> bool:
        return False


def _names_spelled_in(*modules: Any) -> list[str]:
    """Every string constant the modules' source holds: every member name a rule can read."""
    names: set[str] = set()
    for module in modules:
        for node in ast.walk(ast.parse(inspect.getsource(module))):
            value = node.value if isinstance(node, ast.Constant) else None
            if isinstance(value, str) and 0 < len(value) <= 40 and "\n" not in value:
                names.add(value)
    return sorted(names)


NAMES = [*_names_spelled_in(_pagination, _collection), "id", "name", "score", "Next", "tokens"]
VALUES: list[Any] = [
    True, False, None, 0, 1, 7, -1, "", "abc", "https://api.test/items?page=2", "/items?page=2",
    {"next": "x"}, {"hasNextPage": True, "endCursor": "c"}, {"next_cursor": "n"}, [], [1, 2],
    [{"id": 1}],
]  # fmt: skip


def _boxes(seed: int, count: int) -> list[dict[str, Any]]:
    """Every name alone with every value, then ``count`` bodies of two to five of them."""
    single = [{name: value} for name in NAMES for value in VALUES]
    rng = random.Random(seed)
    mixed = [
        {rng.choice(NAMES): rng.choice(VALUES) for _ in range(rng.randint(2, 5))}
        for _ in range(count)
    ]
    return single + mixed


COLLECTION = _collection.Collection([{"id": 1}, {"id": 2}], None, "items")


@pytest.mark.parametrize("collection", [None, COLLECTION], ids=["no collection", "collection"])
def test_the_next_page_gate_skips_only_bodies_with_no_sign(
    monkeypatch: pytest.MonkeyPatch, collection: _collection.Collection | None
) -> None:
    boxes = _boxes(1, 3000)
    gated = [_pagination._next_page_signs(box, collection, "https://api.test/x") for box in boxes]
    monkeypatch.setattr(_pagination, "_NEXT_PAGE_SIGN_KEYS", _Never())
    ungated = [_pagination._next_page_signs(box, collection, "https://api.test/x") for box in boxes]
    assert gated == ungated
    assert sum(1 for signs in gated if signs) > 100  # the bodies do hold signs


@pytest.mark.parametrize("collection", [None, COLLECTION], ids=["no collection", "collection"])
def test_the_flag_gate_skips_only_bodies_with_no_flag(
    monkeypatch: pytest.MonkeyPatch, collection: _collection.Collection | None
) -> None:
    boxes = _boxes(2, 3000)

    def evidence(box: dict[str, Any]) -> list[Any]:
        return _pagination.page_evidence(box, collection, "https://api.test/x")

    gated = [evidence(box) for box in boxes]
    monkeypatch.setattr(_pagination, "_FLAG_KEYS", _Never())
    monkeypatch.setattr(_pagination, "_NEXT_PAGE_SIGN_KEYS", _Never())
    assert gated == [evidence(box) for box in boxes]
    flagged = [e for found in gated for e in found if e.truncated_by.value == "upstream_flag"]
    assert flagged  # the flags are read where they are


def test_a_body_with_no_list_or_object_inside_holds_no_collection(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(3)
    scalars: list[Any] = [True, False, None, 0, 5, "", "x", 1.5, "https://api.test/?page=2"]
    flat = [{name: value} for name in NAMES for value in scalars]
    flat += [
        {rng.choice(NAMES): rng.choice(scalars) for _ in range(rng.randint(2, 8))}
        for _ in range(2000)
    ]
    # A flat body is one record, unless it counts none of a listing it left out (Google Books'
    # {"kind": "books#volumes", "totalItems": 0}) or sends it null beside its own "no more"
    # ({"data": null, "has_more": false}): an empty collection, on both paths.
    expected = [_collection._counted_none(body) or _collection._left_out(body) for body in flat]
    assert sum(1 for found in expected if found is None) > 0.9 * len(flat)
    assert [_collection.find_collection(body, None) for body in flat] == expected
    monkeypatch.setattr(_collection, "_scalar", lambda _value: False)  # every rule runs
    assert [_collection.find_collection(body, None) for body in flat] == expected


PLAIN_URLS = st.from_regex(redact_module._PLAIN_URL, fullmatch=True)


@given(PLAIN_URLS)
def test_a_plain_url_is_its_own_split_and_rebuilt_form(url: str) -> None:
    try:
        parts = urlsplit(url)
    except ValueError:  # the slow path then redacts it as text: what the shortcut does
        return
    assert urlunsplit(parts) == url


SECRET_QUERIES = [
    "https://u:p@h.test/a?token=x#k",
    "https://h.test/a?api_key=sk-1&q=x",
    "http://h.test?Token=abc",
    "http://h.test/p?q=x&access_token=y&page=2",
    "http://h.test/p?q=sk-secret-123",
    "http://h.test/p?q=x&q=y",
]


@given(PLAIN_URLS | st.text(max_size=60) | st.sampled_from(SECRET_QUERIES))
def test_redact_url_answers_as_its_slow_path(url: str) -> None:
    fast = redact_module.redact_url(url, ("sk-secret-123",))
    never = re.compile(r"(?!)")
    original = redact_module._PLAIN_URL
    redact_module._PLAIN_URL = never
    try:
        assert fast == redact_module.redact_url(url, ("sk-secret-123",))
    finally:
        redact_module._PLAIN_URL = original


def test_an_envelope_made_during_a_call_names_it() -> None:
    made: list[Envelope[Any]] = []

    class Args(BaseModel):
        q: str

    @tool(args=Args)
    def lookup(args: Args) -> Envelope[Any]:
        made.append(Envelope[Any](outcome=Outcome.EMPTY))
        return made[-1]

    env = lookup.call({"q": "x"})
    assert env.call_id is not None
    assert made[0].call_id == env.call_id
    assert Envelope[Any](outcome=Outcome.EMPTY).call_id is None  # outside any call
    second = lookup.call({"q": "x"})
    assert second.call_id not in (None, env.call_id)
    assert Envelope[Any](outcome=Outcome.EMPTY, call_id="given").call_id == "given"


def test_call_ids_are_our_own_randomness() -> None:
    """Sixteen hex characters, drawn from a generator of our own: seeding ``random`` neither
    repeats them nor is disturbed by them."""
    random.seed(7)
    first, expected = new_call_id(), random.random()
    random.seed(7)
    second, drawn = new_call_id(), random.random()
    assert first != second
    assert expected == drawn
    assert all(re.fullmatch(r"[0-9a-f]{16}", new_call_id()) for _ in range(100))


def test_a_request_url_read_through_the_shortcut_is_the_target() -> None:
    """The target an exchange hands out is the URL as sent, redacted: the shortcut's answer."""
    from tool_outcomes import classify_http

    request = httpx.Request("GET", "https://api.test/items/7")
    response = httpx.Response(200, json={"id": 7}, request=request)
    assert classify_http(response).target == "https://api.test/items/7"


def test_the_listing_gate_skips_only_bodies_with_no_sign(monkeypatch: pytest.MonkeyPatch) -> None:
    boxes = _boxes(4, 3000)

    def signs(box: dict[str, Any]) -> list[Any]:
        return _pagination._listing_signs(box, COLLECTION, "https://api.test/x")

    gated = [signs(box) for box in boxes]
    monkeypatch.setattr(_pagination, "_LISTING_SIGN_KEYS", _Never())
    assert gated == [signs(box) for box in boxes]
    assert sum(1 for found in gated if found) > 20  # the bodies do hold signs


URLS = [
    None, "https://api.test/x", "https://api.test/x?offset=0", "https://api.test/x?page=2&limit=0",
    "https://api.test/x?page=0&per_page=5", "https://api.test/x?start=5&q=1",
    "https://api.test/x?cursor=abc", "https://x.my.salesforce.com/services/data/v59.0/query/"
    "01gD000000Dbj2qIAB-2000", "https://api.test/x?page=3&size=10",
]  # fmt: skip


def test_where_a_page_starts_is_read_alike_through_the_gate(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    boxes = _boxes(5, 1500)

    def positions() -> list[Any]:
        out = []
        for box in boxes:
            given = box.get("items")
            items: list[Any] = given if isinstance(given, list) else [{"id": 1}]
            collection = _collection.Collection(items, box, "items")
            out += [_pagination._position(url, box, collection) for url in URLS]
        return out

    gated = positions()
    monkeypatch.setattr(_pagination, "_BODY_POSITION_KEYS", _Never())
    assert gated == positions()
    assert sum(1 for p in gated if p is not None and p.said_by.startswith("body")) > 50


def _query_urls(seed: int, count: int) -> list[str]:
    """URLs whose queries mix every parameter name the paging module spells (percent-encoded
    too) with other names, under paths a Salesforce batch locator matches and does not."""
    names = [n for n in NAMES if n and "\x00" not in n] + ["q", "sort", "fields"]
    values = ["0", "2", "5", "10", "-1", "abc", "", "next:x"]
    paths = ["/x", "/services/data/v59.0/query/01gD000000Dbj2qIAB-2000", "/queryAll/x"]
    rng = random.Random(seed)
    urls = []
    for _ in range(count):
        pairs = [(rng.choice(names), rng.choice(values)) for _ in range(rng.randint(0, 4))]
        query = "&".join(
            f"{quote(name, safe='') if rng.random() < 0.2 else name}={value}"
            for name, value in pairs
        )
        urls.append(f"https://api.test{rng.choice(paths)}" + (f"?{query}" if query else ""))
    return urls


def test_where_a_request_says_its_page_starts_is_read_alike_through_the_query_gate(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """_position parses a query only when its text may name a parameter it reads, and looks
    for them only in a query naming one: the same positions as parsing and looking every time
    (a Salesforce batch is still found in its path)."""
    urls = [
        *_query_urls(7, 4000), *URLS, "https://api.test/x?q=a&page=3&per_page=10",
        "https://api.test/x?page%5Bnumber%5D=2&page%5Bsize%5D=5&sort=id",
        "https://api.test/x#top?page=2&per_page=5", "https://api.test/x?pa%67e=2&per_page=5",
        "https://api.test/x?pa\tge=2&per_page=3", "https://api.test/x?off\nset=4",
        "https://[::1/x?offset=2", "//api.test/x?offset=3", "https://api.test/x?#offset=1",
        "https://api.test/x?q=offset&sort=page", "https://api.test/query?cursor=c",
    ]  # fmt: skip
    body: dict[str, Any] = {"items": [{"id": 1}]}
    collection = _collection.Collection(body["items"], body, "items")

    def positions() -> list[Any]:
        return [_pagination._position(url, body, collection) for url in urls]

    gated = positions()
    monkeypatch.setattr(_pagination, "_QUERY_POSITION_KEYS", _Never())
    monkeypatch.setattr(_pagination, "_may_name_a_position", lambda url: True)
    assert gated == positions()
    said = {p.said_by.split("=")[0].split(" x ")[0] for p in gated if p is not None}
    assert {"request offset", "request page", "request cursor"} <= said
    assert any(p is not None and p.said_by.startswith("request batch") for p in gated)


@pytest.mark.parametrize(
    "headers",
    [
        {}, {"content-type": "application/json"}, {"x-page": "3", "x-per-page": "20"},
        {"x-per-page": "20"}, {"x-page": "2"}, {"content-range": "items 20-29/100"},
        {"content-range": "bytes 0-9/100"}, {"content-range": "0-24/573", "x-page": "9"},
        {"X-Page": "2", "X-Per-Page": "5"}, {"content-range": "*/0"},
    ],
)  # fmt: skip
def test_where_the_headers_say_a_page_starts_is_read_alike_through_their_gate(
    headers: dict[str, str],
) -> None:
    """page_in_headers answers None at once for headers with neither Content-Range nor X-Page:
    the same as reading them, and the headers that do say are still read."""
    from tool_outcomes._numbers import parse_count
    from tool_outcomes.classify import _headers

    given = httpx.Headers(headers)
    expected = None
    content_range = _headers.parse_content_range(given.get("content-range"))
    if (
        content_range is not None
        and content_range.unit != "bytes"
        and content_range.first is not None
    ):
        expected = content_range.first
    else:
        page = parse_count(str(given.get("x-page", "")).strip())
        size = parse_count(str(given.get("x-per-page", "")).strip())
        if page is not None and size is not None and page >= 1:
            expected = (page - 1) * size
    found = _headers.page_in_headers(given)
    assert (None if found is None else found[0]) == expected


# -- the conventions: each rule is asked only about bodies holding one of its members -----------


def _convention_bodies(seed: int, count: int) -> list[dict[str, Any]]:
    """Bodies of every member name the convention modules spell, alone and mixed, with values
    shaped as the conventions' own (error objects, GraphQL and Reddit errors, shard counts)."""
    from tool_outcomes.classify import _chat, _conventions, _rest_errors, _rpc, _search_engines

    names = _names_spelled_in(_chat, _conventions, _rest_errors, _rpc, _search_engines)
    names += ["id", "name", "results", "count", "data", "items"]
    values: list[Any] = [
        True, False, None, 0, 1, 400, "2.0", "error", "fail", "x", [], {},
        {"code": 403, "message": "m", "status": "PERMISSION_DENIED"},
        {"type": "invalid_request_error", "message": "m"}, {"type": "x", "reason": "r"},
        [{"message": "m"}], [{"message": "m", "type": "resource-not-found"}],
        {"errors": [["BAD_THING", "msg", "field"]]}, {"failed": 1, "total": 2},
        {"skipped": 1, "total": 2}, {"status": 1, "QTime": 1}, {"partialResults": True},
        [{"error": {"type": "x"}, "status": 404}], [{"index": {"error": {"type": "x"}}}],
    ]  # fmt: skip
    rng = random.Random(seed)
    single = [{name: value} for name in names for value in values]
    mixed = [
        {rng.choice(names): rng.choice(values) for _ in range(rng.randint(2, 4))}
        for _ in range(count)
    ]
    return single + mixed + CONVENTION_EXAMPLES


#: One body each convention has a verdict on, as its documentation shows it (the random bodies
#: seldom hold exactly the members some rules require together).
CONVENTION_EXAMPLES: list[dict[str, Any]] = [
    {"data": {"error": "Unable to find an image"}, "success": False, "status": 404},
    {"rdapConformance": ["rdap_level_0"], "notices": [{"type": "result set truncated"}]},
    {"Version": "1.1", "StatusCode": 412, "ReasonPhrase": "Precondition Failed"},
    {"HasErrors": True, "Errors": [], "FormErrors": {"FieldErrors": {"f": {"Code": "E"}}}},
    {"is_error": 1, "error_message": "m", "error_code": "deadlock"},
    {"code": "333334", "message": "m", "success": True, "data": {"queryId": "q"}},
    {"resultType": "NOT_READY", "nextResultUri": "/r/0"},
    {"data": {"runOrError": {"__typename": "RunNotFoundError", "message": "m"}}},
    {"execCompleted": False, "completed": False, "entries": [{"log": "x"}], "error": "e"},
    {"Tables": [{"Rows": [[1]]}], "Exceptions": ["cut"]},
    {"Ident": {"Service": "catalogue"}, "Status": {"Code": 12, "Content": "c", "Type": "Fehler"}},
    {"statusCode": 161, "body": {}, "message": "device offline"},
    {"result": "error", "data": {"error": "Api key scope violation", "errorCode": 158}},
    {"added": [], "next_cursor": "", "transactions_update_status": "NOT_READY"},
    {"status": "ok", "body": {"home": {"id": "h", "modules": [{"id": "m"}]}, "errors": [
        {"code": 6, "id": "m2", "message": "unreachable"}]}},
    {"code": 1010, "msg": "token invalid", "success": False, "t": 1683763106616, "tid": "8e"},
    {"UnprocessedItems": {"Music": [{"PutRequest": {}}]}},
    {"requestId": "e42b", "success": False, "errors": [{"code": "606", "message": "m"}]},
    {"replyCode": 2008, "replyText": "No contact found", "data": ""},
    {"successCount": 1, "failCount": 1, "failedUpdates": {"invalidEmails": ["x"]}},
    {"status": "partial", "processed": 1, "unprocessed": [{"code": 509, "error": "e"}]},
    {"results": {"id": "1", "total_rejected_recipients": 1, "total_accepted_recipients": 1}},
    {"status": "parameter-error", "time": 0.0, "flags": {}, "data": {"code": "ValidationError"}},
    {"message": "updated 0 of 1 records", "update_hashes": [], "skipped_hashes": [9]},
    {"Response": {"Error": {"Code": "AuthFailure", "Message": "m"}, "RequestId": "r"}},
    {"ResponseMetadata": {"RequestId": "r", "Error": {"Code": "InternalError", "Message": "m"}}},
    {"RetCode": 170, "Message": "Missing signature"},
    {"alipay_trade_query_response": {"code": "40004", "msg": "Business Failed"}, "sign": "x"},
    {"error_response": {"code": 7, "msg": "App Call Limited"}},
    {"status": "WRONG_CREDENTIALS_ERROR"},
    {"Success": False, "Message": "Required Data is Missing.", "Issues": {"a": "b"}},
    {"errors": [{"index": 0, "localId": "uid1", "message": "NOT_DISABLED"}]},
    {"failures": [{"userId": "user2", "errorCode": "E152110", "reason": "bad token"}]},
    {"err": 1, "message": "Invalid or missing project id"},
    {"result": "error", "reason": "InvalidSignature", "message": "m"},
    {"code": 5, "message": "m", "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo"}]},
    {"status": "success", "job_id": "j", "emails": ["a@x"], "failed_emails": {"b@x": "invalid"}},
    {"view_counts": [{"view_id": 1, "value": 3}, {"view_id": 2, "value": None, "fresh": False}]},
    {"results": [{"success": False, "errors": ["no id"]}], "success": True},
    {"status": "error", "errorType": "bad_data", "error": "parse error"},
    {"Successful": [], "Failed": [{"Id": "m2", "Code": "InternalError", "SenderFault": False}]},
    {"FailedRecordCount": 1, "Records": [{"ErrorCode": "ThrottlingException"}]},
    {"succeededLockTokens": [], "failedLockTokens": [{"lockToken": "t", "errorCode": "Lost"}]},
    {"create": [{"id": 0, "error": {"code": "term_exists", "data": {"status": 400}}}]},
    {"ocs": {"meta": {"status": "failure", "statuscode": 998}, "data": []}},
    {"success": True, "responses": [{"success": False, "errors": ["'from' is required"]}]},
    {"job_status": {"status": "completed", "progress": 2, "results": [{"error": "Failed"}]}},
    {"data": [{"status": "error", "message": "m", "details": {"error": "DeviceNotRegistered"}}]},
    {"data": {"succeeded": ["a"], "failed": {"notFound": ["b"]}}},
    {"stat": "fail", "error": {"type": "invalid_parameter", "message": "bad monitors"}},
    {"feed": {"error": {"code": "400", "message": "SyntaxError"}}},
    {"status": "auth_failure", "message": "Invalid API key", "execution_time": 96},
    {"status": "failure", "errorCode": 10000, "errorMessage": "error", "paymentId": "1"},
    {"sku": "s", "status": "INVALID", "submissionId": "x", "issues": [{"severity": "ERROR"}]},
    {"status": "failure", "code": "1", "errors": [{"message": {"id": "product_not_found"}}]},
    {"D": {"Success": False, "Code": 1020, "Message": "Session token has expired"}},
    {"products": {"botd": {"error": {"code": "TooManyRequests", "message": "slow down"}}}},
    {"response": {"status": "fail", "code": "4011", "message": "Invalid API Token"}},
    {"request_status": "ERROR", "request_id": "r", "members": [{"sub_request_status": "ERROR"}]},
    {"quotaLimited": ["feature_flags"], "featureFlags": {}},
    {"quota_limited": ["feature_flags"], "flags": {}},
    {"project_id": "p", "languages": [], "errors": [{"code": 400, "message": "bad lang_iso"}]},
    {"status": {"code": "13", "message": "Domain is not exists", "created_at": "2016-05-11"}},
    {"invalidated_api_keys": ["k"], "error_count": 1, "error_details": [{"reason": "bad"}]},
    {"status": "error", "statuscode": 5031, "shortmessage": "failed", "longmessage": "gone"},
    {"success": "error", "error": "no_such_domain", "domain": "example.test"},
    {"ver": "1.44", "err": "OK", "svcResL": [{"meth": "JourneyMatch", "err": "NO_MATCH"}]},
    {"jsonrpc": "2.0", "error": {"code": -32601, "message": "Method not found"}, "id": 1},
    {"type": "about:blank", "title": "Not Found", "status": 404},
    {"error": {"root_cause": [], "type": "index_not_found", "reason": "r"}, "status": 404},
    {"data": None, "errors": [{"message": "Not found", "path": ["user"]}]},
    {"data": {"productCreate": {"product": None, "userErrors": [{"message": "Title is blank"}]}}},
    {"type": "message", "role": "assistant", "content": [], "stop_reason": "max_tokens"},
    {"messages": {"resultCode": "Error", "message": [{"code": "E00007", "text": "denied"}]}},
    {"results": [], "status": "OVER_QUERY_LIMIT", "error_message": "You have exceeded your quota"},
    {"hits": [], "remoteErrors": {"ms1": {"message": "down", "code": "remote_bad_response"}}},
    {"success": False, "reasons": [{"code": 53100320, "message": "bad termType"}]},
    {"Success": False, "Errors": [{"Code": "INVALID_ID", "Message": "invalid id"}]},
    {"meta": {"status": 504, "msg": "Gateway Timeout"}, "response": []},
    {"status": "10", "error_text": "Concurrent verifications"},
    {"message-count": "1", "messages": [{"status": "7", "error-text": "Number barred."}]},
    {"error-code": "420", "error-code-label": "method failed"},
    {"error": {"type": "DataException", "message": "no data", "code": 800}},
    {"problems": {"nonexistent": "Invalid"}, "result": []},
    {"links_created": [], "errors": [{"file_key": "k", "node_id": "1:2", "error": "not found"}]},
    {"results": [{"statement_id": 0, "error": "database not found: db"}]},
    {"SMSMessageData": {"Message": "InvalidSenderId", "Recipients": []}},
    {"status": 401, "body": {}, "error": "invalid_token"},
    {"multicast_id": 1, "success": 0, "failure": 1, "results": [{"error": "NotRegistered"}]},
    {"response_code": 0, "verbose_msg": "Domain not found"},
    {"exception": "moodle_exception", "errorcode": "invalidtoken", "message": "Invalid token"},
    {"cod": "404", "message": "city not found"},
    {"stats": {"state": "FAILED"}, "error": {"message": "x", "errorType": "USER_ERROR"}},
    {"instances": [], "unreachable": ["projects/p/locations/l"]},
    {"code": 40105, "message": "Access token revoked", "request_id": "1", "data": {}},
    {"status": "0", "message": "NOTOK", "result": "Max rate limit reached"},
    {"get": "teams", "parameters": [], "errors": {"token": "Missing key"}, "response": []},
    {"response": {"status": 1, "errors": {"code": 7011, "message": "Invalid form name"}}},
    {"value": [{"to": "+1", "httpStatusCode": 400, "successful": False}]},
    {"callId": "c1", "errorCode": 403042, "errorMessage": "Invalid LoginID", "statusCode": 403},
    {"Items": [{"Error": "2", "Description": "Unknown key", "Cause": "c", "Resolution": "r"}]},
    {"error": {"error_code": 6, "error_msg": "Too many requests", "request_params": []}},
    {"result_ok": False, "code": 429, "message": "Please wait"},
    {"result": False, "code": "405"},
    {"code": "ENTRY_ID_NOT_FOUND", "message": "m", "objectType": "KalturaAPIException"},
    {"result": {"error": {"code": "500015", "objectType": "KalturaAPIException"}}},
    {"meta": {"code": 4153, "message": "Item does not exist.", "retryable": False}, "data": {}},
    {"status": {"statusCode": 207}, "items": [{"sstatus": {"statusCode": 400}}]},
    {"ok": False, "output": "build failed", "errors": ["not declared"]},
    {"ok": False, "error": "invalid_auth"},
    {"success": False, "errors": [{"code": 10000, "message": "Auth error"}], "result": None},
    {"status": "error", "message": "Server down"},
    {"error": {"code": 403, "message": "m", "status": "PERMISSION_DENIED"}},
    {"json": {"errors": [["RATELIMIT", "try again in 5 minutes", "ratelimit"]]}},
    {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}},
    {"error": "server exploded", "status": 500},
    {"data": [{"id": "1"}], "errors": [
        {"type": "https://api.twitter.com/2/problems/not-authorized-for-resource", "detail": "d"}
    ]},
    {"responseHeader": {"status": 0, "QTime": 3, "partialResults": True}, "response": {}},
    {"took": 5, "responses": [{"error": {"type": "x"}, "status": 404}, {"hits": {"hits": []}}]},
    {"took": 3, "errors": True, "items": [{"index": {"error": {"type": "x"}, "status": 400}}]},
    {"took": 1, "timed_out": True, "hits": {"total": {"value": 1}, "hits": [{"_id": "1"}]}},
    {"Fault": {"Error": [{"Message": "m", "code": "610"}], "type": "ValidationFault"}, "time": "t"},
    {"code": 1100, "message": "invalid parameter"},
    {"requestId": "e42b#1", "success": True, "result": [
        {"status": "skipped", "reasons": [{"code": "1003", "message": "Invalid value"}]}
    ]},
    {"total": 1, "successful": 0, "failed": 1, "responses": [{"code": 404, "body": {}}]},
    {"errcode": 40001, "errmsg": "invalid credential"},
    {"stat": "fail", "code": 100, "message": "Invalid API Key (Key has invalid format)"},
    {"Errors": [{"__type": "com.amazon.paapi5#ErrorData", "Code": "NoResults", "Message": "m"}]},
    {"errcode": 0, "errmsg": "ok", "fail_list": ["wmqfasd1e19278"], "msgid": "msgGCAAAX"},
    {"media_id": 7, "processing_info": {"state": "failed", "error": {"name": "InvalidMedia"}}},
    {"retCode": 10006, "retMsg": "Too many visits", "result": {}, "retExtInfo": {}},
    {"code": "1", "msg": "All operations failed", "data": [{"sCode": "51008", "sMsg": "m"}]},
    {"canceled": [], "not_canceled": {"0x3": "already canceled or matched"}},
    {".tag": "in_progress"},
    {"entries": [{".tag": "failure", "failure": {".tag": "path"}}]},
    {"status": "0", "info": "INVALID_USER_KEY", "infocode": "10001"},
    {"info": {"statuscode": 500, "messages": ["Error processing request"]}, "results": []},
    {"elements": [], "remark": "runtime error: Query timed out"},
    {"tables": [], "error": {"code": "PartialError", "message": "m"}},
    {"error": 29, "message": "Rate limit exceeded"},
    {"rate_response": {"status": "error", "errors": [{"message": "m"}]}},
    {"documents": [], "errors": [{"id": "1", "error": {"code": "InvalidArgument"}}]},
    {"success": False, "code": "000610", "message": "You may try again later.", "data": None},
    {"result": [], "failedItems": [{"index": 1, "error": {"message": "invalid"}}]},
    {"scrobbles": {"scrobble": {}, "@attr": {"accepted": "0", "ignored": "1"}}},
    {"BatchItemResponse": [{"Fault": {"Error": [{"code": "610"}], "type": "ValidationFault"}}]},
    {"OAuthToken": None, "ErrorMessage": "Token Refresh Window Out of Bounds", "ErrorCode": 212},
    {"filings": {"recent": {}, "files": [{"name": "f.json", "filingCount": 1}]}},
    {"id_str": "1", "error": "a duplicate", "status": "error", "activity_id": None},
    {"code": 13, "response": "You have exceeded your hourly limit"},
    {
        "resourceType": "Bundle", "type": "batch-response",
        "entry": [{"response": {"status": "404 Not Found"}}],
    },
    {"result": "error", "msg": "API usage exceeded rate limit", "code": "RATE_LIMIT_HIT"},
    {"total_file_count": 2, "skipped_file_count": 1, "state": "succeeded"},
    {"result": 1000, "error": "Log in required."},
    {"meta": {"rc": "error", "msg": "api.err.LoginRequired"}, "data": []},
    {"op": "assign", "success": ["a"], "error": ["b"], "reason": ["already managed"]},
    {"errors": [{"code": "maxlag", "text": "lagged"}], "docref": "d", "servedby": "mw1"},
    {"data": {"processedRequests": [{"requestId": "r"}], "unprocessedRequests": [{"url": "u"}]}},
]  # fmt: skip


MEDIA_TYPES = ["application/json", "application/problem+json", ""]


def test_every_convention_finds_nothing_in_a_body_without_its_members() -> None:
    from tool_outcomes.classify import CONVENTIONS

    bodies = _convention_bodies(11, 6000)
    for convention in CONVENTIONS:
        found = 0
        for media in MEDIA_TYPES:
            for body in bodies:
                if not convention.may_apply(body, media):
                    assert convention.read(body, media) is None, (convention.name, body, media)
                else:
                    found += convention.read(body, media) is not None
        assert found, f"{convention.name}: no body it has a verdict on"  # the test has teeth


def test_the_first_verdict_is_found_alike_through_the_gates() -> None:
    """Only the rules whose members a body holds are asked: the first verdict among them is the
    first among every rule, in order."""
    from tool_outcomes.classify import CONVENTIONS
    from tool_outcomes.classify._conventions import asked

    def first(rules: Any, body: dict[str, Any], media: str) -> Any:
        return next((v for c in rules if (v := c.read(body, media)) is not None), None)

    bodies = _convention_bodies(12, 6000)
    found = 0
    for media in MEDIA_TYPES:
        for body in bodies:
            verdict = first(asked(body, media), body, media)
            assert verdict == first(CONVENTIONS, body, media), (body, media)
            found += verdict is not None
    assert found > 500  # the bodies do meet conventions


#: The names the shape rules read, and a few they look at to tell a listing from a record.
SHAPE_NAMES = sorted(
    {
        *_collection.COLLECTION_KEYS, *_collection.MORE_COLLECTION_KEYS,
        *_collection.TOTAL_KEYS, *_collection.AMBIGUOUS_TOTAL_KEYS,
        *_collection.PAGING_COMPANIONS, *_collection.PAGE_MARKERS, *_collection.PAGING_BOXES,
        *_collection.RECORD_IDENTITY_KEYS, *_collection.DIAGNOSTIC_KEYS,
        "success", "uri", "links", "kind", "query", "continue", "metadata", "apiVersion",
        "entities", "d", "response",
    }
)  # fmt: skip
SHAPE_VALUES: list[Any] = [[], [{"id": 1}], 0, 2, None, True, "x"]


def test_every_pair_of_shape_names_is_read_without_raising() -> None:
    """Every two-member body of the names the shape rules read, with every pairing of a few
    values, finds its collection and total without raising: a rule that picks "the other
    member" must not assume there is one ({"count": [1], "total": 2} once raised)."""
    read = 0
    for first, second in itertools.combinations(SHAPE_NAMES, 2):
        for one in SHAPE_VALUES:
            for other in SHAPE_VALUES:
                body = {first: one, second: other}
                found = _collection.find_collection(body, None)
                assert not isinstance(found, str), body
                _pagination.find_total(body, found, None)
                read += 1
    assert read > 300_000


def _reshaped(body: Any, depth: int = 0) -> list[Any]:
    """``body`` with each of its members (and its members' members) in turn an object or a
    list where the rule reading it expects a string or a number."""
    out: list[Any] = []
    if not isinstance(body, dict) or depth > 2:
        return out
    for key, value in body.items():
        for odd in ({"x": 1}, [{"x": 1}], ["x"]):
            out.append({**body, key: odd})
        if isinstance(value, dict):
            out += [{**body, key: inner} for inner in _reshaped(value, depth + 1)]
        if isinstance(value, list) and value and isinstance(value[0], dict):
            out += [{**body, key: [inner]} for inner in _reshaped(value[0], depth + 1)]
    return out


def test_a_rules_members_holding_objects_or_lists_never_reach_an_internal_error() -> None:
    """Every convention's example, each member reshaped into an object or a list (unhashable
    where a rule may look a value up in a set), is judged, 2xx or 4xx, without the classifier
    failing inside: a hostile upstream's shapes are answers to judge, not crashes."""
    headers = httpx.Headers({"content-type": "application/json"})
    judged = 0
    for example in CONVENTION_EXAMPLES:
        for body in _reshaped(example):
            for status in (200, 400):
                raw = json.dumps(body).encode()
                env = classify_parts(status, headers, raw, url="https://x.test/a?before=1")
                failure = env.failure
                assert failure is None or INTERNAL_ERROR_DETAIL not in failure.detail, body
                judged += 1
    assert judged > 1_500


#: The names the header gates cover, and others, for the test below.
_HEADER_NAMES = sorted(
    {
        *_pagination._PAGING_HEADERS, *_headers._COUNT_HEADERS,
        *(name for pair in _headers.PAGE_HEADERS for name in pair),
        _headers._OFFSET_HEADER, _headers._OFFSET_TOTAL, "content-type", "x-other", "date",
    }
)  # fmt: skip
_HEADER_VALUES = [
    "", "3", "0", "true", "false", "abc", "0-24/573", "items 0-24/573", "bytes 0-9/10",
    '<https://api.test/x?page=2>; rel="next"', "https://api.test/x?page=2",
]  # fmt: skip


def test_the_header_gates_skip_only_responses_with_none_of_their_headers() -> None:
    """header_evidence, count_in_headers and page_in_headers answer the same whether they may
    ask the indexed headers for their names first (the exchange's) or must read each header
    (any mapping)."""
    rng = random.Random(7)
    sets = [{name: value} for name in _HEADER_NAMES for value in _HEADER_VALUES]
    sets += [
        {rng.choice(_HEADER_NAMES): rng.choice(_HEADER_VALUES) for _ in range(rng.randint(1, 4))}
        for _ in range(2000)
    ]
    sets += [{page: "2", size: "5"} for page, size in _headers.PAGE_HEADERS]  # each pair whole
    sets += [{_headers._OFFSET_HEADER: "20", _headers._OFFSET_TOTAL: "45"}]
    for url in ("https://api.test/x?page=1", "https://acct.table.core.windows.net/t"):
        for headers in sets:
            indexed = _exchange._IndexedHeaders(headers)
            plain = httpx.Headers(headers)
            assert _headers.header_names(plain) is None
            assert _pagination.header_evidence(indexed, url) == _pagination.header_evidence(
                plain, url
            ), headers
            assert _headers.count_in_headers(indexed) == _headers.count_in_headers(plain), headers
            assert _headers.page_in_headers(indexed) == _headers.page_in_headers(plain), headers
    signs = [_pagination.header_evidence(_exchange._IndexedHeaders(g), None) for g in sets]
    assert sum(1 for found in signs if found) > 100  # the sets do hold signs
    starts = [_headers.page_in_headers(_exchange._IndexedHeaders(g)) for g in sets]
    assert sum(1 for said in starts if said is not None) > 50  # and where pages start


def test_a_request_asking_for_no_items_is_found_alike_through_its_gate(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """_asks_no_items parses the URL only when its text holds a ``0``, ``count`` or a
    percent-escape: the same answers as parsing it every time."""
    urls = [
        *_query_urls(11, 3000), *URLS, "https://api.test/shodan/host/count?query=x",
        "https://api.test/x/count/", "https://api.test/x?size=0", "https://api.test/x?size=%30",
        "https://api.test/x?li%6Dit=0", "https://api.test/x?_pagination=count",
        "https://api.test/x?_pagination=%63ount", "https://api.test/x?rows=00",
        "https://api.test/x?page_size=0&q=a", "https://api.test/x?maxResults=0#frag",
        "https://api.test/x#size=0", "https://api.test/x?q=count", None, "",
        "https://gis.test/FeatureServer/query?where=a&returnCountOnly=true",
        "https://gis.test/FeatureServer/0/query?where=a&returnCountOnly=TRUE",
    ]  # fmt: skip
    options = _exchange.Options()

    def answers() -> list[bool]:
        found = []
        for url in urls:
            ex = _exchange.Exchange(200, httpx.Headers(), b"{}", options, url)
            found.append(_pagination._asks_no_items(ex))
        return found

    gated = answers()
    assert not _pagination._may_ask_no_items("https://api.test/items?q=x")  # the gate shuts
    monkeypatch.setattr(_pagination, "_may_ask_no_items", lambda url: True)
    assert gated == answers()
    assert sum(gated) >= 8  # the URLs do ask for no items, some behind percent-escapes


def test_a_record_holding_only_a_name_among_job_members_is_read_alike_through_its_gate(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """job_not_done returns at once for a body whose only job member is ``name`` and that is no
    running Google operation: the same answers as reading every job rule."""
    from tool_outcomes.classify import _jobs

    rng = random.Random(13)
    names = ["name", "done", "metadata", "@type", "response", "error", "id", "status", "x"]
    values: list[Any] = ["operations/op-1", "projects/p/operations/op-2", "a name", True, False,
                         None, {}, "running", 0]  # fmt: skip
    bodies = [{"name": v} for v in values] + [
        {rng.choice(names): rng.choice(values) for _ in range(rng.randint(1, 4))}
        for _ in range(2000)
    ]
    urls = ["https://api.test/v1/things/7", "https://api.test/operations/op-1"]
    options = _exchange.Options()

    def answers() -> list[Any]:
        found = []
        for url in urls:
            for method in ("GET", "POST"):
                for body in bodies:
                    ex = _exchange.Exchange(
                        200, httpx.Headers(), b"{}", options, url, method=method
                    )
                    got = _jobs.job_not_done(ex, body)
                    found.append(None if got is None else repr(got))
        return found

    gated = answers()
    monkeypatch.setattr(_jobs, "_JOB_MEMBERS_BUT_NAME", _Never())
    assert gated == answers()
    assert sum(1 for g in gated if g is not None) > 20  # running operations are found


def test_any_member_a_rule_names_holding_an_object_or_a_list_never_reaches_an_internal_error() -> (
    None
):
    """Every string the classifier's modules spell, as a body's member holding an object, a list
    or a list of lists (unhashable where a rule may look a value up in a set: OpenAI's
    ``object``, a status word), alone, beside a status and an id, inside the boxes rules open
    and in a listing's item, to a read and a write, 2xx and 4xx, is judged without the
    classifier failing inside."""
    import tool_outcomes.classify as classify_package

    modules = [
        module
        for name, module in sorted(sys.modules.items())
        if name.startswith(classify_package.__name__ + ".") and hasattr(module, "__file__")
    ]
    headers = httpx.Headers({"content-type": "application/json"})
    judged = 0
    for name in _names_spelled_in(*modules):
        odds: list[Any] = [{"a": [1]}, [[1]], [{"a": {}}]]
        for odd in odds:
            bodies: list[Any] = [
                {name: odd},
                {name: odd, "status": "x", "id": "i"},
                *({box: {name: odd}} for box in ("data", "result", "error", "meta")),
                {"items": [{name: odd}]},
                [{name: odd}],
            ]
            for body in bodies:
                raw = json.dumps(body).encode()
                for status, method in ((200, "GET"), (200, "POST"), (400, "GET")):
                    env = classify_parts(status, headers, raw, url=URL_WITH_IDS, method=method)
                    failure = env.failure
                    assert failure is None or INTERNAL_ERROR_DETAIL not in failure.detail, body
                    judged += 1
    assert judged > 100_000


URL_WITH_IDS = "https://x.test/v1/jobs/123/status?ids=a,b&page=2"


def _random_body(rng: random.Random, names: list[str], depth: int = 0) -> Any:
    """A JSON value of the classifier's own member names and values that tempt its rules."""
    roll = rng.random()
    if depth > 3 or roll < 0.5:
        return rng.choice(_TEMPTING)
    if roll < 0.75:
        return {
            rng.choice(names): _random_body(rng, names, depth + 1) for _ in range(rng.randrange(5))
        }
    return [_random_body(rng, names, depth + 1) for _ in range(rng.randrange(5))]


_TEMPTING: list[Any] = [
    True, False, None, 0, 1, -1, 7, 10**30, 1.5, "", "x", "0", "true", "null", "None", "error",
    "failed", "running", "https://api.test/items?page=2", "/x?page=3", 200, 404, 429, 503, "429",
]  # fmt: skip
_TEMPTING_HEADERS = [
    ("link", '<https://api.test/x?page=2>; rel="next"'), ("link", "<None>; rel=next"),
    ("content-range", "items 0-9/100"), ("retry-after", "5"), ("x-total-count", "12"),
    ("x-ratelimit-remaining", "0"), ("location", "https://api.test/y"),
    ("content-type", "application/problem+json"),
]  # fmt: skip
_TEMPTING_URLS = [
    "https://api.test/v1/items",
    "https://api.test/v1/items?page=2&per_page=10&ids=a,b",
    "https://api.test/v1/jobs/1/status",
    "https://api.test/search?q=x&offset=10&limit=10&page[size]=0",
    "https://api.test/x?size=0",
]


def test_random_answers_to_random_requests_never_reach_an_internal_error() -> None:
    """Bodies built at random from the classifier's own member names and values, with headers,
    statuses, methods, URLs and declared paths that tempt its rules (a page size of 0 beside an
    array once made an envelope that failed its own validation), are all judged."""
    import tool_outcomes.classify as classify_package

    modules = [
        module
        for name, module in sorted(sys.modules.items())
        if name.startswith(classify_package.__name__ + ".") and hasattr(module, "__file__")
    ]
    names = _names_spelled_in(*modules)
    rng = random.Random(20261206)
    statuses = [200, 200, 201, 202, 204, 206, 207, 302, 400, 404, 409, 429, 500, 503]
    for _ in range(12_000):
        body = _random_body(rng, names)
        headers = {"content-type": "application/json"}
        headers.update(rng.sample(_TEMPTING_HEADERS, rng.randrange(4)))
        options: dict[str, Any] = {}
        if rng.random() < 0.3:
            options["items"] = rng.choice(["items", "data", "results", "a.b"])
        if rng.random() < 0.2:
            options["total"] = rng.choice(["total", "count", "meta.total"])
        if rng.random() < 0.2:
            options["not_found"] = "empty"
        env = classify_parts(
            rng.choice(statuses),
            httpx.Headers(headers),
            json.dumps(body).encode(),
            url=rng.choice(_TEMPTING_URLS),
            method=rng.choice(["GET", "GET", "POST", "PUT", "DELETE"]),
            **options,
        )
        failure = env.failure
        assert failure is None or INTERNAL_ERROR_DETAIL not in failure.detail, (body, options)
