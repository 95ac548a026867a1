"""Dialects and pagination: each upstream's own words for failure and truncation, and no more."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from tool_outcomes import (
    Effect,
    Envelope,
    FailureCode,
    FailureKind,
    Outcome,
    TruncatedBy,
    classify_parts,
)
from tool_outcomes.classify import (
    CONVENTIONS,
    GRAPHQL_CODES,
    JSONRPC_CODES,
    REDDIT_ERRORS,
    SLACK_ERRORS,
)
from tool_outcomes.classify._rest_errors import GOOGLE_MAPS_STATUSES

T, P = FailureKind.TRANSIENT, FailureKind.PERMANENT
RATE_LIMITED = FailureCode.RATE_LIMITED
URL = "https://api.example.test/v1/things?q=x"


def judge(
    body: Any,
    *,
    status: int = 200,
    content_type: str = "application/json",
    headers: dict[str, str] | None = None,
    url: str = URL,
    **options: Any,
) -> Envelope[Any]:
    """Classify ``body`` (serialised as JSON) as a complete response to ``url``."""
    all_headers = {"content-type": content_type, **(headers or {})}
    raw = json.dumps(body).encode()
    return classify_parts(status, httpx.Headers(all_headers), raw, url=url, **options)


def failure_of(env: Envelope[Any]) -> tuple[FailureCode, FailureKind]:
    """The (code, kind) of an access failure; fails the test for any other outcome."""
    assert env.outcome is Outcome.ACCESS_FAILURE, env
    assert env.failure is not None
    return env.failure.code, env.failure.kind


def assert_judged(env: Envelope[Any], expected: tuple[FailureCode, FailureKind] | None) -> None:
    """``env`` is a success (``expected`` None) or the access failure ``expected`` names."""
    if expected is None:
        assert env.outcome is Outcome.SUCCESS, env
    else:
        assert failure_of(env) == expected


def truncation_of(env: Envelope[Any]) -> TruncatedBy:
    """The truncation evidence of a partial; fails the test for any other outcome."""
    assert env.outcome is Outcome.PARTIAL, env
    assert env.coverage is not None
    assert env.coverage.truncated_by is not None
    return env.coverage.truncated_by


# -- false positives: keys that look alarming but report nothing ----------------------------------

NOT_EVIDENCE: list[tuple[str, Any, Outcome]] = [
    ("error_null", {"error": None, "results": [{"id": 1}]}, Outcome.SUCCESS),
    ("errors_empty", {"data": {"a": 1}, "errors": []}, Outcome.SUCCESS),
    ("errors_empty_alone", {"errors": []}, Outcome.SUCCESS),
    ("has_more_false", {"data": [{"id": "a"}], "has_more": False}, Outcome.SUCCESS),
    ("next_null", {"count": 1, "next": None, "results": [{"id": 1}]}, Outcome.SUCCESS),
    ("timed_out_false", {"timed_out": False, "hits": {"hits": [{"_id": "1"}]}}, Outcome.SUCCESS),
    (
        "shards_failed_zero",
        {"_shards": {"total": 2, "failed": 0}, "hits": {"hits": []}},
        Outcome.EMPTY,
    ),
    (
        "incomplete_false",
        {"total_count": 0, "incomplete_results": False, "items": []},
        Outcome.EMPTY,
    ),
    ("ok_true", {"ok": True, "messages": [], "has_more": False}, Outcome.EMPTY),
    (
        "next_cursor_empty",
        {"ok": True, "members": [{"id": "U1"}], "response_metadata": {"next_cursor": ""}},
        Outcome.SUCCESS,
    ),
    ("twitter_cursor_zero", {"users": [{"id": 1}], "next_cursor": 0}, Outcome.SUCCESS),
    (
        "page_info_no_next",
        {"data": {"q": {"pageInfo": {"hasNextPage": False, "endCursor": "c"}, "nodes": [1]}}},
        Outcome.SUCCESS,
    ),
    ("success_true", {"success": True, "errors": [], "result": {"id": 1}}, Outcome.SUCCESS),
    ("job_status_error", {"id": 7, "status": "error", "finished": True}, Outcome.SUCCESS),
    (
        "record_with_error_field",
        {"id": 7, "error": "disk full", "state": "failed"},
        Outcome.SUCCESS,
    ),
    (
        "terminated_early_false",
        {"terminated_early": False, "hits": {"hits": [{"_id": "1"}]}},
        Outcome.SUCCESS,
    ),
    ("error_code_zero", {"error_code": 0, "message": "ok"}, Outcome.SUCCESS),
    (
        "invoice_total_is_a_price",
        {"id": "inv_1", "total": 1999, "currency": "eur"},
        Outcome.SUCCESS,
    ),
    ("record_next_is_not_a_page", {"title": "Chapter 1", "next": "chapter-2"}, Outcome.SUCCESS),
    ("truncated_false", {"tree": [], "truncated": False, "sha": "abc"}, Outcome.SUCCESS),
    ("a_job_that_failed", {"id": 7, "success": False, "message": "job failed"}, Outcome.SUCCESS),
    ("success_false_no_words", {"success": False, "code": 3}, Outcome.SUCCESS),
    ("count_equals_returned", {"count": 2, "results": [1, 2]}, Outcome.SUCCESS),
]


@pytest.mark.parametrize(
    ("body", "expected"), [c[1:] for c in NOT_EVIDENCE], ids=[c[0] for c in NOT_EVIDENCE]
)
def test_keys_without_a_reporting_value_are_not_evidence(body: Any, expected: Outcome) -> None:
    """A null error, an empty errors list or a false flag leaves the outcome untouched."""
    env = judge(body)
    assert env.outcome is expected, env
    assert env.coverage is not None
    assert env.coverage.truncated_by is None


def test_plain_records_match_no_convention() -> None:
    """No convention finds evidence in ordinary data."""
    for body in ({"id": 1, "name": "a"}, [1, 2], "text", 3, None, {"ok": True}, {}):
        assert [c.name for c in CONVENTIONS if c.read(body, "application/json")] == []


def test_conventions_are_a_named_ordered_table_with_reasons() -> None:
    """The conventions table has unique names, a reason per row, failures before ES flags."""
    names = [convention.name for convention in CONVENTIONS]
    assert len(set(names)) == len(names)
    assert all(convention.why for convention in CONVENTIONS)
    assert names[-1] == "elasticsearch_flags"


# -- Authorize.net: every answer a 200, its verdict in messages.resultCode
# (https://developer.authorize.net/api/reference/responseCodes.html)


def authorize_net(code: str, text: str, result: str = "Error") -> dict[str, Any]:
    return {
        "refId": "1",
        "messages": {"resultCode": result, "message": [{"code": code, "text": text}]},
    }


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (authorize_net("E00007", "User authentication failed"), (FailureCode.UNAUTHORIZED, P)),
        (
            authorize_net("E00001", "An error occurred during processing"),
            (FailureCode.SERVER_ERROR, T),
        ),
        (
            authorize_net("E00027", "The transaction was unsuccessful."),
            (FailureCode.UPSTREAM_ERROR, P),
        ),
    ],
)
def test_authorize_net_result_code_error_is_a_failure(
    body: Any, expected: tuple[FailureCode, FailureKind]
) -> None:
    """resultCode Error in a 200 fails, keyed on its first message's code, words in the detail."""
    env = judge(body, method="POST")
    assert failure_of(env) == expected
    assert env.failure is not None
    assert body["messages"]["message"][0]["code"] in env.failure.detail


def test_authorize_net_result_code_ok_is_no_evidence() -> None:
    assert (
        judge(authorize_net("I00001", "Successful.", "Ok"), method="POST").outcome
        is Outcome.SUCCESS
    )


# -- Google Maps Platform: every answer a 200, its verdict in status
# (https://developers.google.com/maps/documentation/geocoding/requests-geocoding#StatusCodes)


@pytest.mark.parametrize(("status", "expected"), sorted(GOOGLE_MAPS_STATUSES.items()))
def test_google_maps_failure_statuses_in_a_200_are_failures(
    status: str, expected: tuple[FailureCode, FailureKind]
) -> None:
    """OVER_QUERY_LIMIT, REQUEST_DENIED … beside an empty results list: not "nothing found"."""
    body = {"results": [], "status": status, "error_message": "why"}
    env = judge(body)
    assert failure_of(env) == expected
    assert env.failure is not None
    assert env.failure.detail.endswith(f"{status}: why")


@pytest.mark.parametrize(
    ("body", "outcome"),
    [
        ({"results": [], "status": "ZERO_RESULTS"}, Outcome.EMPTY),
        ({"results": [{"place_id": "p"}], "status": "OK"}, Outcome.SUCCESS),
        ({"id": 3, "status": "NOT_FOUND"}, Outcome.SUCCESS),  # another API's record
    ],
)
def test_google_maps_answers_and_look_alikes_are_read_as_they_are(
    body: Any, outcome: Outcome
) -> None:
    assert judge(body).outcome is outcome


@pytest.mark.parametrize(
    "body",
    [
        {
            "data": {"repository": None},
            "errors": [
                {"type": "NOT_FOUND", "path": ["repository"], "message": "Could not resolve"}
            ],
        },
        # GitHub's issue(number:) missing beside the repository's fields asked with it
        # (https://docs.github.com/en/graphql/reference/objects#repository)
        {
            "data": {"repository": {"hasIssuesEnabled": False, "issue": None}},
            "errors": [
                {
                    "type": "NOT_FOUND",
                    "path": ["repository", "issue"],
                    "message": "Could not resolve to an issue with the number of 13.",
                }
            ],
        },
        {"html_attributions": [], "status": "NOT_FOUND"},  # Google Places details, a place_id
    ],
)
def test_a_body_naming_the_lookup_not_found_is_a_declared_lookups_empty(body: Any) -> None:
    """GraphQL's NOT_FOUND beside a null and Google Maps' NOT_FOUND name the node or place asked
    for: with ``not_found="empty"`` that is the confirmed absence a 404 would be; without, it
    stays ``not_found``."""
    declared = judge(body, not_found="empty")
    assert declared.outcome is Outcome.EMPTY, declared
    assert declared.coverage is not None
    assert "NOT_FOUND" in declared.coverage.detail
    assert failure_of(judge(body)) == (FailureCode.NOT_FOUND, P)


@pytest.mark.parametrize(
    "error",
    [
        {"type": "NOT_FOUND", "path": ["nodes", 1], "message": "Could not resolve to a node"},
        {"type": "NOT_FOUND", "path": ["repository", "owner"], "message": "not null there"},
        {"type": "FORBIDDEN", "path": ["repository", "issue"], "message": "Resource protected"},
        {"type": "NOT_FOUND", "message": "no path"},
    ],
)
def test_a_graphql_not_found_beside_answered_fields_is_a_lookup_only_at_a_null(
    error: dict[str, Any],
) -> None:
    """An item of a list missing, a path that leads to a value, another error or no path: the
    data is incomplete (a partial), not a lookup that found nothing."""
    data = {"nodes": [{"id": "a"}, None], "repository": {"issue": None, "owner": {"login": "o"}}}
    env = judge({"data": data, "errors": [error]}, not_found="empty")
    assert truncation_of(env) is TruncatedBy.FIELD_ERRORS


def test_slacks_not_found_names_an_argument_and_stays_a_failure() -> None:
    """Slack's channel_not_found may name the channel a call was to post in: not a lookup's none."""
    body = {"ok": False, "error": "channel_not_found"}
    assert judge(body, not_found="empty").outcome is Outcome.ACCESS_FAILURE


# -- Zuora: a failed call is a 200 whose body says so
# (https://developer.zuora.com/docs/guides/error-handling, .../error-codes)


def zuora_v1(code: int, message: str) -> dict[str, Any]:
    return {
        "success": False,
        "processId": "CBCFED65",
        "reasons": [{"code": code, "message": message}],
    }


def test_cohere_max_tokens_is_an_answer_cut_short() -> None:
    body = {
        "id": "c1",
        "message": {"role": "assistant", "content": [{"type": "text", "text": "The History of"}]},
        "finish_reason": "MAX_TOKENS",
    }
    env = judge(body, method="POST")
    assert env.outcome is Outcome.PARTIAL
    assert judge({**body, "finish_reason": "COMPLETE"}, method="POST").outcome is Outcome.SUCCESS


def test_aleph_alpha_maximum_tokens_is_an_answer_cut_short() -> None:
    """Aleph Alpha's completion "will terminate after the maximum number of tokens is reached"
    (https://docs.aleph-alpha.com/api/complete/), saying so in its finish_reason."""
    body = {
        "completions": [{"completion": " a b a b", "finish_reason": "maximum_tokens"}],
        "model_version": "2022-04",
        "num_tokens_generated": 1000,
    }
    env = judge(body, method="POST")
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert "maximum_tokens" in env.coverage.detail
    done = {**body, "completions": [{"completion": " a b", "finish_reason": "end_of_text"}]}
    assert judge(done, method="POST").outcome is Outcome.SUCCESS


def test_bedrock_converse_stopped_at_the_token_limit_is_an_answer_cut_short() -> None:
    """Bedrock Converse's stopReason, whatever model answered
    (https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html)."""
    message = {"role": "assistant", "content": [{"text": "The capital of France is"}]}
    body = {"output": {"message": message}, "stopReason": "max_tokens", "usage": {}}
    env = judge(body, method="POST")
    assert truncation_of(env) is TruncatedBy.UPSTREAM_FLAG
    assert env.coverage is not None
    assert "stopReason: max_tokens" in env.coverage.detail
    window = {**body, "stopReason": "model_context_window_exceeded"}
    assert judge(window, method="POST").outcome is Outcome.PARTIAL
    for finished in ("end_turn", "stop_sequence", "tool_use"):
        done = judge({**body, "stopReason": finished}, method="POST")
        assert done.outcome is Outcome.SUCCESS, finished


def test_text_generation_inference_stopped_at_max_new_tokens_is_cut_short() -> None:
    """TGI's details.finish_reason "length" (https://huggingface.github.io/text-generation-inference/),
    in one answer or in the array Hugging Face's serverless inference sends."""
    cut = {"generated_text": "10-", "details": {"finish_reason": "length", "generated_tokens": 1}}
    done = {"generated_text": "10", "details": {"finish_reason": "eos_token"}}
    assert judge(cut, method="POST").outcome is Outcome.PARTIAL
    assert judge(done, method="POST").outcome is Outcome.SUCCESS
    some = judge([done, cut], method="POST")
    assert some.outcome is Outcome.PARTIAL
    assert some.coverage is not None
    assert "1 of 2 generations" in some.coverage.detail
    assert judge([done], method="POST").outcome is Outcome.SUCCESS
    assert judge([{"generated_text": "a"}], method="POST").outcome is Outcome.SUCCESS
    # with a result model the array is read, not validated as it is
    modelled = judge([cut], method="POST", result_model=list[dict[str, Any]])
    assert modelled.outcome is Outcome.PARTIAL


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (zuora_v1(53100320, "'termType' value should be one of"), (FailureCode.BAD_REQUEST, P)),
        (zuora_v1(90000011, "invalid credentials"), (FailureCode.UNAUTHORIZED, P)),
        (zuora_v1(50000040, "Cannot find entity by key"), (FailureCode.NOT_FOUND, P)),
        (zuora_v1(53000050, "lock contention, retry later"), (FailureCode.CONFLICT, T)),
        (zuora_v1(50000061, "temporary error"), (FailureCode.SERVER_ERROR, T)),
        (zuora_v1(50000070, "request exceeded limit"), (FailureCode.RATE_LIMITED, T)),
        (
            {"Success": False, "Errors": [{"Code": "INVALID_ID", "Message": "invalid id"}]},
            (FailureCode.BAD_REQUEST, P),
        ),
        (
            {"Success": False, "Errors": [{"Code": "LOCK_COMPETITION", "Message": "retry"}]},
            (FailureCode.CONFLICT, T),
        ),
    ],
)
def test_zuora_failures_in_a_200_are_keyed_on_their_category(
    body: Any, expected: tuple[FailureCode, FailureKind]
) -> None:
    env = judge(body, method="PUT")
    assert failure_of(env) == expected
    assert env.failure is not None
    assert env.failure.detail.startswith("zuora: ")
    first = body.get("reasons", body.get("Errors"))[0]
    assert str(first.get("code", first.get("Code"))) in env.failure.detail


def test_a_zuora_lookups_not_found_is_its_declared_empty() -> None:
    env = judge(zuora_v1(50000040, "Cannot find entity by key: 'x'"), not_found="empty")
    assert env.outcome is Outcome.EMPTY


@pytest.mark.parametrize(
    "body",
    [
        {"success": True, "id": "8a8082c4"},
        {"success": False, "reasons": "text"},  # not Zuora's shape: no code to key on
        {"Success": True, "Id": "8a8082c4"},
    ],
)
def test_zuora_success_and_other_shapes_are_no_zuora_evidence(body: Any) -> None:
    assert judge(body).outcome is Outcome.SUCCESS


# -- an envelope's meta with the call's own status (Tumblr; Instagram's legacy API)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            {"meta": {"status": 504, "msg": "Gateway Timeout"}, "response": []},
            (FailureCode.TIMEOUT, T),
        ),
        (
            {"meta": {"status": 404, "msg": "Not Found"}, "response": []},
            (FailureCode.NOT_FOUND, P),
        ),
        (
            {
                "meta": {
                    "code": 400,
                    "error_type": "OAuthAccessTokenException",
                    "error_message": "The access_token provided is invalid.",
                }
            },
            (FailureCode.BAD_REQUEST, P),
        ),
    ],
)
def test_an_envelopes_meta_status_of_400_or_more_is_a_failure(
    body: Any, expected: tuple[FailureCode, FailureKind]
) -> None:
    assert failure_of(judge(body)) == expected


@pytest.mark.parametrize(
    "body",
    [
        {"meta": {"status": 200, "msg": "OK"}, "response": {"blog": {"name": "x"}}},
        {"meta": {"code": 200}, "data": [{"id": "1"}]},
        {"meta": {"status": 404}, "data": [{"id": "1"}]},  # no words: not an envelope's verdict
        {"meta": {"took": 404, "message": "x"}, "data": [{"id": "1"}]},
    ],
)
def test_a_meta_without_a_failing_status_and_words_is_no_evidence(body: Any) -> None:
    assert judge(body).outcome is Outcome.SUCCESS


# -- Vonage's older APIs: a 200 whose status says how the call went
# (https://developer.vonage.com/en/messaging/sms/guides/troubleshooting-sms,
# https://developer.vonage.com/en/api/verify, https://developer.vonage.com/en/api/number-insight)


def sms(*statuses: str) -> dict[str, Any]:
    return {
        "message-count": str(len(statuses)),
        "messages": [
            {"to": "447700900000", "status": s, **({"error-text": "Throttled"} if s != "0" else {})}
            for s in statuses
        ],
    }


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            {"request_id": "b6fc", "status": "10", "error_text": "Concurrent verifications"},
            (FailureCode.UPSTREAM_ERROR, P),
        ),
        ({"status": 3, "status_message": "Invalid request"}, (FailureCode.BAD_REQUEST, P)),
        ({"error_text": "Invalid credentials", "status": 4}, (FailureCode.UNAUTHORIZED, P)),
        ({"status": "1", "error_text": "Throttled"}, (FailureCode.RATE_LIMITED, T)),
        ({"status": "5", "error_text": "Internal Error"}, (FailureCode.SERVER_ERROR, T)),
        (sms("1"), (FailureCode.RATE_LIMITED, T)),
        ({"error-code": "420", "error-code-label": "method failed"}, (FailureCode.BAD_REQUEST, P)),
    ],
)
def test_vonage_statuses_in_a_200_are_failures(
    body: Any, expected: tuple[FailureCode, FailureKind]
) -> None:
    env = judge(body, method="POST")
    assert failure_of(env) == expected
    assert env.failure is not None
    assert env.failure.detail.startswith("vonage: ")


def test_an_sms_batch_with_some_messages_refused_is_partial() -> None:
    env = judge(sms("0", "1"), method="POST")
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert env.coverage.dropped == ("messages.1: Throttled",)


def test_a_number_insight_lookup_not_returned_is_partial() -> None:
    body = {"status": 43, "error_text": "Live mobile lookup not returned", "number": "4477"}
    assert judge(body).outcome is Outcome.PARTIAL


@pytest.mark.parametrize(
    "body",
    [
        sms("0", "0"),
        {"status": 0, "status_message": "Success", "country_code": "US"},
        {"request_id": "b6fc", "status": "0"},
        {"error-code": "200", "error-code-label": "success"},
        {"status": "active", "error_text": ""},  # not a Vonage status
    ],
)
def test_vonage_successes_are_no_evidence(body: Any) -> None:
    assert judge(body, method="POST").outcome is Outcome.SUCCESS


# -- Deezer: its own error codes in a 200 (https://developers.deezer.com/api/errors)


def deezer(kind: str, message: str, code: int) -> dict[str, Any]:
    return {"error": {"type": kind, "message": message, "code": code}}


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (deezer("ParameterException", "Wrong parameter", 500), (FailureCode.BAD_REQUEST, P)),
        (deezer("DataException", "no data", 800), (FailureCode.NOT_FOUND, P)),
        (
            deezer("OAuthException", "Invalid OAuth access token.", 300),
            (FailureCode.UNAUTHORIZED, P),
        ),
        (deezer("Exception", "Quota limit exceeded", 4), (FailureCode.RATE_LIMITED, T)),
    ],
)
def test_deezer_errors_are_keyed_on_its_own_codes(
    body: Any, expected: tuple[FailureCode, FailureKind]
) -> None:
    assert failure_of(judge(body)) == expected


def test_a_deezer_lookups_no_data_is_its_declared_empty() -> None:
    assert (
        judge(deezer("DataException", "no data", 800), not_found="empty").outcome is Outcome.EMPTY
    )


# -- Uploadcare's batches: problems beside the result
# (https://uploadcare.com/api-refs/rest-api/v0.7.0/#tag/File/operation/filesStoring)


def test_every_item_refused_is_a_failure_some_a_partial() -> None:
    refused = {"status": "ok", "problems": {"nonexistent": "Invalid"}, "result": []}
    assert failure_of(judge(refused, method="PUT")) == (FailureCode.BAD_REQUEST, P)
    some = {"status": "ok", "problems": {"nonexistent": "Invalid"}, "result": [{"uuid": "a"}]}
    env = judge(some, method="PUT")
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert env.coverage.dropped == ("nonexistent: Invalid",)
    assert (
        judge({"problems": {}, "result": [{"uuid": "a"}]}, method="PUT").outcome is Outcome.SUCCESS
    )


# -- Firebase Cloud Messaging's legacy send: per-token results in a 200
# (https://firebase.google.com/docs/cloud-messaging/http-server-ref)


def fcm(*results: dict[str, str]) -> dict[str, Any]:
    failed = sum(1 for r in results if "error" in r)
    return {
        "multicast_id": 108,
        "success": len(results) - failed,
        "failure": failed,
        "canonical_ids": 0,
        "results": list(results),
    }


def test_fcm_tokens_refused_make_a_failure_or_a_partial() -> None:
    refused = fcm({"error": "NotRegistered"}, {"error": "InvalidRegistration"})
    assert failure_of(judge(refused, method="POST")) == (FailureCode.BAD_REQUEST, P)
    busy = fcm({"error": "Unavailable"})
    assert failure_of(judge(busy, method="POST")) == (FailureCode.SERVER_ERROR, T)
    some = judge(fcm({"message_id": "0:1"}, {"error": "NotRegistered"}), method="POST")
    assert some.outcome is Outcome.PARTIAL
    assert some.coverage is not None
    assert some.coverage.dropped == ("results.1: NotRegistered",)
    assert judge(fcm({"message_id": "0:1"}), method="POST").outcome is Outcome.SUCCESS


# -- VirusTotal v2: response_code in a 200 (https://docs.virustotal.com/v2.0/reference/api-responses)


def test_virustotal_v2_response_code_zero_is_not_in_its_dataset() -> None:
    body = {"response_code": 0, "verbose_msg": "Domain not found"}
    assert failure_of(judge(body)) == (FailureCode.NOT_FOUND, P)
    assert judge(body, not_found="empty").outcome is Outcome.EMPTY
    queued = {"response_code": -2, "verbose_msg": "Your resource is queued for analysis"}
    assert failure_of(judge(queued)) == (FailureCode.UPSTREAM_ERROR, T)
    found = {"response_code": 1, "verbose_msg": "Scan finished", "positives": 0}
    assert judge(found).outcome is Outcome.SUCCESS


# -- Moodle: every exception a 200 (https://docs.moodle.org/dev/Errors_handling_in_web_services)


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("invalidtoken", (FailureCode.UNAUTHORIZED, P)),
        ("invalidrecord", (FailureCode.NOT_FOUND, P)),
        ("invalidparameter", (FailureCode.BAD_REQUEST, P)),
        ("shortnametaken", (FailureCode.UPSTREAM_ERROR, P)),
    ],
)
def test_moodle_exceptions_in_a_200_are_failures(
    code: str, expected: tuple[FailureCode, FailureKind]
) -> None:
    body = {"exception": "moodle_exception", "errorcode": code, "message": "Invalid token"}
    env = judge(body, method="POST")
    assert failure_of(env) == expected
    assert env.failure is not None
    assert code in env.failure.detail


# -- OpenWeather's cod: its own status in every body


def test_openweather_cod_of_400_or_more_is_a_failure_by_it() -> None:
    missing = {"cod": "404", "message": "city not found"}
    assert failure_of(judge(missing)) == (FailureCode.NOT_FOUND, P)
    assert judge(missing, not_found="empty").outcome is Outcome.EMPTY
    assert failure_of(judge({"cod": 500, "message": "Internal error"})) == (
        FailureCode.SERVER_ERROR,
        T,
    )
    answer = {"cod": "200", "message": 0, "cnt": 1, "list": [{"dt": 1}]}
    assert judge(answer).outcome is Outcome.SUCCESS


# -- Trino / Presto: a query document whose state is FAILED
# (https://trino.io/docs/current/develop/client-protocol.html)


def test_a_failed_trino_query_is_a_failure_by_its_error_type() -> None:
    body: dict[str, Any] = {
        "id": "20240101_000000_00001_abcde",
        "infoUri": "http://coordinator:8080/ui/query.html?20240101_000000_00001_abcde",
        "stats": {"state": "FAILED"},
        "error": {
            "message": "line 1:1: mismatched input",
            "errorName": "SYNTAX_ERROR",
            "errorType": "USER_ERROR",
        },
    }
    env = judge(body)
    assert failure_of(env) == (FailureCode.BAD_REQUEST, P)
    assert env.failure is not None
    assert "SYNTAX_ERROR" in env.failure.detail
    body["error"]["errorType"] = "INSUFFICIENT_RESOURCES"
    assert failure_of(judge(body)) == (FailureCode.SERVER_ERROR, T)
    running = {"id": "q", "stats": {"state": "RUNNING"}, "data": [[1]], "columns": []}
    assert judge(running).outcome is not Outcome.ACCESS_FAILURE


# -- Google's unreachable locations (AIP-217, https://google.aip.dev/217)


@pytest.mark.parametrize("key", ["unreachable", "unreachables", "failedLocations"])
def test_a_google_list_naming_unreachable_locations_is_partial(key: str) -> None:
    body = {"instances": [{"name": "i1"}], key: ["projects/p/locations/europe-west9-a"]}
    env = judge(body)
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert env.coverage.dropped == (f"{key}: projects/p/locations/europe-west9-a",)
    assert judge({"instances": [{"name": "i1"}], key: []}).outcome is Outcome.SUCCESS


# -- TikTok for Business: a code in every 200
# (https://business-api.tiktok.com/portal/docs?id=1737172488964097)


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (40105, (FailureCode.UNAUTHORIZED, P)),
        (40100, (FailureCode.RATE_LIMITED, T)),
        (50000, (FailureCode.SERVER_ERROR, T)),
        (40001, (FailureCode.UPSTREAM_ERROR, P)),
    ],
)
def test_tiktok_business_codes_in_a_200_are_failures(
    code: int, expected: tuple[FailureCode, FailureKind]
) -> None:
    body = {"code": code, "message": "Access token is incorrect", "request_id": "2024", "data": {}}
    assert failure_of(judge(body)) == expected


def test_tiktok_business_code_zero_is_its_answer() -> None:
    body = {"code": 0, "message": "OK", "request_id": "2024", "data": {"list": [{"ad_id": "1"}]}}
    assert judge(body, items="data.list").outcome is Outcome.SUCCESS


# -- Particle: ok false with its errors (https://docs.particle.io/reference/cloud-apis/api/#errors)


def test_particle_ok_false_with_errors_is_a_failure() -> None:
    body = {"ok": False, "output": "build failed", "errors": ["'invalid' was not declared"]}
    assert failure_of(judge(body, method="PUT")) == (FailureCode.UPSTREAM_ERROR, P)
    assert judge({"ok": True, "id": "d1", "errors": []}, method="PUT").outcome is Outcome.SUCCESS


# -- Etherscan and the explorers built on its API: status "0" puts the error in result
# (https://docs.etherscan.io/resources/common-error-messages)


@pytest.mark.parametrize(
    ("result", "expected"),
    [
        ("Max rate limit reached, please use API Key for higher rate limit", (RATE_LIMITED, T)),
        ("Too many invalid api key attempts, please try again later", (RATE_LIMITED, T)),
        ("Invalid API Key", (FailureCode.UNAUTHORIZED, P)),
        ("Free API access is temporarily unavailable", (FailureCode.SERVER_ERROR, T)),
        ("Error! Invalid address format", (FailureCode.UPSTREAM_ERROR, P)),
        (None, (FailureCode.UPSTREAM_ERROR, P)),
    ],
)
def test_etherscan_status_0_is_a_failure_keyed_on_its_words(
    result: str | None, expected: tuple[FailureCode, FailureKind]
) -> None:
    body = {"status": "0", "message": "NOTOK", "result": result}
    assert failure_of(judge(body)) == expected
    assert failure_of(judge(body, items="result")) == expected


@pytest.mark.parametrize("result", [[], None])
def test_etherscan_nothing_found_is_an_empty_answer(result: list[Any] | None) -> None:
    body = {"status": "0", "message": "No matching records found", "result": result}
    assert judge(body).outcome is Outcome.EMPTY
    if result is not None:
        assert judge(body, items="result").outcome is Outcome.EMPTY


def test_etherscan_status_1_is_its_answer() -> None:
    body = {"status": "1", "message": "OK", "result": [{"hash": "0x1"}, {"hash": "0x2"}]}
    env = judge(body, items="result")
    assert env.outcome is Outcome.SUCCESS
    assert env.coverage is not None
    assert env.coverage.returned == 2
    assert judge({"status": "1", "message": "OK", "result": "0"}).outcome is Outcome.SUCCESS
    # Not its shape: a fourth member, or a status that is not its string.
    assert judge({**body, "status": "0", "page": 1}, items="result").outcome is Outcome.SUCCESS
    assert judge({"status": 0, "message": "NOTOK", "result": "x"}).outcome is Outcome.SUCCESS


# -- API-Sports: errors by name beside an empty response, in a 200
# (https://www.api-football.com/documentation-v3#section/Architecture/Errors)


@pytest.mark.parametrize(
    ("errors", "expected"),
    [
        ({"token": "Error/Missing application key."}, (FailureCode.UNAUTHORIZED, P)),
        ({"requests": "You have reached the request limit for the day"}, (RATE_LIMITED, P)),
        ({"rateLimit": "Too many requests."}, (RATE_LIMITED, T)),
        ({"plan": "Free plans do not have access to this season"}, (FailureCode.FORBIDDEN, P)),
        ({"required": "At least one parameter is required."}, (FailureCode.BAD_REQUEST, P)),
        (["The Search field must contain at least 3 characters."], (FailureCode.BAD_REQUEST, P)),
    ],
)
def test_api_sports_errors_in_a_200_are_failures(
    errors: dict[str, str] | list[str], expected: tuple[FailureCode, FailureKind]
) -> None:
    body = {
        "get": "teams",
        "parameters": {"search": "Le"},
        "errors": errors,
        "results": 0,
        "paging": {"current": 1, "total": 1},
        "response": [],
    }
    assert failure_of(judge(body, items="response")) == expected
    assert failure_of(judge(body)) == expected
    answer = {**body, "errors": [], "results": 1, "response": [{"team": {"id": 1}}]}
    assert judge(answer, items="response").outcome is Outcome.SUCCESS
    assert judge({**answer, "errors": {}}, items="response").outcome is Outcome.SUCCESS


# -- Azure Communication Services' SMS: one result per recipient
# (https://learn.microsoft.com/en-us/rest/api/communication/sms/send)


def test_acs_sms_results_refused_cut_or_fail_the_send() -> None:
    sent = {"to": "+14255550123", "messageId": "m1", "httpStatusCode": 202, "successful": True}
    refused = {
        "to": "+1425555",
        "httpStatusCode": 400,
        "errorMessage": "Invalid To phone number format.",
        "successful": False,
    }
    env = judge({"value": [sent, refused]}, method="POST")
    assert truncation_of(env) is TruncatedBy.UPSTREAM_FLAG
    assert env.coverage is not None
    assert env.coverage.dropped == ("value.1: Invalid To phone number format.",)
    assert failure_of(judge({"value": [refused]}, method="POST")) == (FailureCode.BAD_REQUEST, P)
    assert judge({"value": [sent]}, method="POST").outcome is Outcome.SUCCESS


# -- Zoho People: status 1 with its errors (https://www.zoho.com/people/api/error-codes.html)


def test_zoho_people_errors_and_its_no_records_found() -> None:
    def answer(code: int, words: str) -> dict[str, Any]:
        errors = {"code": code, "message": words}
        return {"response": {"message": "Error occurred", "errors": errors, "status": 1}}

    assert judge(answer(7024, "No records found"), items="response.result").outcome is (
        Outcome.EMPTY
    )
    assert judge(answer(7024, "No records found")).outcome is Outcome.EMPTY
    assert failure_of(judge(answer(7011, "Invalid form name"))) == (FailureCode.UPSTREAM_ERROR, P)
    found = {"response": {"result": [{"id": 1}], "message": "Data fetched", "status": 0}}
    assert judge(found, items="response.result").outcome is Outcome.SUCCESS


# -- SAP Customer Data Cloud (Gigya): errorCode in a 200
# (https://developers.gigya.com/display/GD/Response+Codes+and+Errors)


def test_gigya_error_code_is_a_failure_keyed_on_its_status_code() -> None:
    body = {
        "callId": "782cef59",
        "errorCode": 403042,
        "errorMessage": "Invalid LoginID",
        "statusCode": 403,
        "statusReason": "Forbidden",
        "time": "2020-11-26T08:47:46.600Z",
    }
    assert failure_of(judge(body, method="POST")) == (FailureCode.FORBIDDEN, P)
    ok = {**body, "errorCode": 0, "statusCode": 200, "statusReason": "OK", "id_token": "t"}
    del ok["errorMessage"]
    assert judge(ok, method="POST").outcome is Outcome.SUCCESS


def test_openfda_later_page_asked_with_search_after_counts_from_its_cursor() -> None:
    """openFDA's later pages send skip=0 beside search_after, and only a Link header names the
    next (https://open.fda.gov/apis/paging/): without one, the page is the last."""
    body = {"meta": {"results": {"skip": 0, "limit": 2, "total": 3}}, "results": [{"id": 3}]}
    url = "https://api.fda.gov/drug/drugsfda.json?search=x&limit=2&skip=0&search_after=0%3DYEw"
    headers = httpx.Headers({"content-type": "application/json"})
    raw = json.dumps(body).encode()
    env = classify_parts(200, headers, raw, url=url, items="results", total="meta.results.total")
    assert env.outcome is Outcome.SUCCESS
    first = "https://api.fda.gov/drug/drugsfda.json?search=x&limit=2&skip=0"
    env = classify_parts(200, headers, raw, url=first, items="results", total="meta.results.total")
    assert env.outcome is Outcome.PARTIAL


# -- Loqate: one Items row naming the error (https://docs.loqate.com/loqate-basics/faq)


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("2", (FailureCode.UNAUTHORIZED, P)),
        ("3", (RATE_LIMITED, P)),
        ("10", (RATE_LIMITED, T)),
        ("-1", (FailureCode.SERVER_ERROR, T)),
        ("1001", (FailureCode.BAD_REQUEST, P)),
        ("6", (FailureCode.FORBIDDEN, P)),
    ],
)
def test_loqate_error_row_is_a_failure(
    code: str, expected: tuple[FailureCode, FailureKind]
) -> None:
    row = {"Error": code, "Description": "d", "Cause": "c", "Resolution": "r"}
    assert failure_of(judge({"Items": [row]}, items="Items")) == expected
    found = {"Items": [{"Id": "GB|RM|A|1", "Text": "1 High St", "Type": "Address"}]}
    assert judge(found, items="Items").outcome is Outcome.SUCCESS
    assert judge({"Items": []}, items="Items").outcome is Outcome.EMPTY


# -- VK: {"error": {"error_code", "error_msg", "request_params"}} in a 200
# (https://dev.vk.com/en/reference/errors)


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (1, (FailureCode.SERVER_ERROR, T)),
        (6, (RATE_LIMITED, T)),
        (5, (FailureCode.UNAUTHORIZED, P)),
        (104, (FailureCode.NOT_FOUND, P)),
        (113, (FailureCode.UPSTREAM_ERROR, P)),
    ],
)
def test_vk_errors_are_keyed_on_their_code(
    code: int, expected: tuple[FailureCode, FailureKind]
) -> None:
    body = {"error": {"error_code": code, "error_msg": "m", "request_params": [{"key": "v"}]}}
    assert failure_of(judge(body)) == expected


def test_vk_not_found_is_a_declared_lookups_empty() -> None:
    body = {"error": {"error_code": 104, "error_msg": "Not found", "request_params": []}}
    assert judge(body, not_found="empty").outcome is Outcome.EMPTY


# -- Alchemer (SurveyGizmo): result_ok false (https://apihelp.alchemer.com/help/api-response-codes)


def test_alchemer_result_ok_false_is_a_failure() -> None:
    body = {"result_ok": False, "code": 429, "message": "Please wait for other requests"}
    assert failure_of(judge(body)) == (RATE_LIMITED, T)
    body = {"result_ok": False, "code": 103, "message": "Service currently unavailable"}
    assert failure_of(judge(body)) == (FailureCode.UPSTREAM_ERROR, P)
    answer = {"result_ok": True, "total_count": 1, "page": 1, "data": [{"id": 1}]}
    assert judge(answer, items="data").outcome is Outcome.SUCCESS


def test_economic_last_page_by_pages_skipped() -> None:
    """e-conomic pages by pages skipped x page size (https://restdocs.e-conomic.com/#pagination):
    3 pages of 1,000 skipped and 684 read reach its 3,684 results."""
    pagination = {"skipPages": 3, "pageSize": 1000, "results": 3684, "lastPage": "…"}
    body = {"collection": [{"customerNumber": n} for n in range(684)], "pagination": pagination}
    env = judge(body, items="collection", total="pagination.results")
    assert env.outcome is Outcome.SUCCESS
    assert env.coverage is not None
    assert env.coverage.offset == 3000


# -- Kaltura: a KalturaAPIException in a 200 (https://developer.kaltura.com/api-docs/Overview)


def test_kaltura_exception_in_a_200_is_a_failure() -> None:
    missing = {
        "code": "ENTRY_ID_NOT_FOUND",
        "message": "Entry id not found",
        "objectType": "KalturaAPIException",
    }
    assert failure_of(judge(missing, method="POST")) == (FailureCode.NOT_FOUND, P)
    assert judge(missing, method="POST", not_found="empty").outcome is Outcome.EMPTY
    ott = {
        "result": {
            "error": {
                "code": "500015",
                "message": "Invalid KS format",
                "objectType": "KalturaAPIException",
            }
        }
    }
    assert failure_of(judge(ott, method="POST")) == (FailureCode.UNAUTHORIZED, P)
    entry = {"objectType": "KalturaMediaEntry", "id": "0_wifqaipd", "name": "n"}
    assert judge(entry, method="POST").outcome is Outcome.SUCCESS


# -- DHL Parcel DE Shipping: 207 Multi-Status, one sstatus per shipment
# (https://developer.dhl.com/api-reference/parcel-de-shipping-post-parcel-germany-v2)


def test_dhl_multi_status_refusing_some_shipments_is_partial() -> None:
    done = {"shipmentNo": "0034", "sstatus": {"title": "OK", "statusCode": 200}}
    refused = {"sstatus": {"title": "Bad Request", "statusCode": 400}, "validationMessages": []}
    status = {"title": "Multi-Status", "statusCode": 207, "detail": "1 of 2 shipments created."}
    env = judge({"status": status, "items": [done, refused]}, status=207, method="POST")
    assert truncation_of(env) is TruncatedBy.UPSTREAM_FLAG
    env = judge({"status": status, "items": [refused, refused]}, status=207, method="POST")
    assert failure_of(env) == (FailureCode.BAD_REQUEST, P)
    unknown = {"sstatus": {"title": "UnknownShipmentNumber", "statusCode": 204}}
    env = judge({"status": status, "items": [unknown]}, status=207, method="DELETE")
    assert failure_of(env) == (FailureCode.UPSTREAM_ERROR, P)
    whole = {"status": {**status, "statusCode": 200}, "items": [done]}
    assert judge(whole, method="POST").outcome is Outcome.SUCCESS


# -- Postmen: meta.code, its own (https://docs.postmen.com/errors.html)


def test_postmen_meta_code_is_a_failure() -> None:
    meta = {"code": 4153, "message": "Item does not exist.", "details": [], "retryable": False}
    assert failure_of(judge({"meta": meta, "data": {}})) == (FailureCode.NOT_FOUND, P)
    assert judge({"meta": meta, "data": {}}, not_found="empty").outcome is Outcome.EMPTY
    busy = {"code": 5000, "message": "Internal error", "details": [], "retryable": True}
    assert failure_of(judge({"meta": busy, "data": {}})) == (FailureCode.SERVER_ERROR, T)
    ok = {"code": 200, "message": "OK", "details": [], "retryable": False}
    assert judge({"meta": ok, "data": {"id": "l1"}}).outcome is Outcome.SUCCESS


def test_zoom_page_asked_with_next_page_token_is_a_later_page() -> None:
    """Zoom pages by next_page_token, empty on the last
    (https://developers.zoom.us/docs/api/using-zoom-apis/#pagination):
    a page asked with one and naming none is the last, its total the query's."""
    body = {
        "page_count": 2,
        "page_size": 30,
        "total_records": 31,
        "next_page_token": "",
        "meetings": [{"id": 1}],
    }
    url = "https://api.zoom.us/v2/users/me/recordings?next_page_token=E8ko"
    env = judge(body, url=url, items="meetings", total="total_records")
    assert env.outcome is Outcome.SUCCESS
    assert env.coverage is not None
    assert env.coverage.offset == 30


def test_result_false_beside_only_an_error_status_is_a_failure() -> None:
    assert failure_of(judge({"result": False, "code": "405"})) == (FailureCode.UPSTREAM_ERROR, P)
    # A check's "no", with or without its words, is an answer.
    assert judge({"result": False}).outcome is Outcome.SUCCESS
    assert judge({"result": False, "message": "not listed"}).outcome is Outcome.SUCCESS


def test_json_labelled_html_is_read_as_json() -> None:
    """abuse.ch's URLhaus answers its lookups (POSTs) with JSON labelled text/html
    (https://urlhaus-api.abuse.ch/): the answer is read, not dropped as an unreadable write."""
    body = {"query_status": "ok", "url_count": "124", "urls": [{"id": "1"}, {"id": "2"}]}
    env = judge(body, content_type="text/html", method="POST", items="urls", total="url_count")
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert (env.coverage.returned, env.coverage.total) == (2, 124)
    page = b"<!DOCTYPE html><html><title>Sign in</title></html>"
    headers = httpx.Headers({"content-type": "text/html"})
    assert failure_of(classify_parts(200, headers, page, url=URL)) == (FailureCode.INVALID_BODY, P)


def test_servicenow_sysparm_offset_places_the_last_page() -> None:
    """ServiceNow's Table API pages by sysparm_offset and sysparm_limit, X-Total-Count the total
    (https://www.servicenow.com/docs/bundle/xanadu-api-reference/page/integrate/inbound-rest/concept/c_TableAPI.html)."""
    url = "https://x.service-now.com/api/now/table/sys_user?sysparm_limit=100&sysparm_offset=600"
    body = {"result": [{"sys_id": str(n)} for n in range(38)]}
    env = judge(body, headers={"x-total-count": "638"}, url=url, items="result")
    assert env.outcome is Outcome.SUCCESS
    assert env.coverage is not None
    assert env.coverage.offset == 600


def test_launchpad_pages_start_at_ws_start() -> None:
    """Launchpad's collections page by ws.start and ws.size (https://help.launchpad.net/API/Hacking):
    the page at ws.start=2 holding the last of total_size 3 is the listing's end."""
    body = {"total_size": 3, "start": 2, "entries": [{"id": 3}]}
    url = "https://api.launchpad.net/devel/bugs/1/messages?ws.start=2&ws.size=1"
    env = judge(body, url=url, items="entries", total="total_size")
    assert env.outcome is Outcome.SUCCESS
    assert env.coverage is not None
    assert env.coverage.offset == 2


def test_a_batch_resumed_by_the_token_its_answer_names_is_a_later_page() -> None:
    """Semantic Scholar's bulk search answers each batch with the token for the next, null on
    the last (https://api.semanticscholar.org/api-docs/graph): the last batch, asked with the
    previous batch's token, completes the query's total."""
    body = {"total": 5, "token": None, "data": [{"paperId": "p4"}, {"paperId": "p5"}]}
    url = "https://api.semanticscholar.org/graph/v1/paper/search/bulk?query=x&token=PCOA3"
    env = judge(body, url=url, items="data", total="total")
    assert env.outcome is Outcome.SUCCESS
    assert env.coverage is not None
    assert env.coverage.offset == 3
    # A token in the query of an API whose answers name none may be a credential: no reading.
    other = {"total": 5, "data": body["data"]}
    env = judge(other, url=url, items="data", total="total")
    assert env.outcome is Outcome.PARTIAL


def test_lightspeed_sends_one_match_as_an_object_and_none_as_no_member() -> None:
    """Lightspeed Retail's JSON is its XML converted: one match is an object, not a list of
    one; with none, the member is left out (https://developers.lightspeedhq.com/retail/)."""
    one = {"@attributes": {"count": "1", "offset": "0", "limit": "100"}, "Customer": {"id": "7"}}
    env = judge(one, items="Customer", total="@attributes.count")
    assert env.outcome is Outcome.SUCCESS
    assert env.data == [{"id": "7"}]
    none = {"@attributes": {"count": "0", "offset": "0", "limit": "100"}}
    assert judge(none, items="Category", total="@attributes.count").outcome is Outcome.EMPTY
    # An object where a list was declared, anywhere else, is still a schema failure.
    two_counted = {"@attributes": {"count": "2"}, "Customer": {"id": "7"}}
    assert failure_of(judge(two_counted, items="Customer")) == (FailureCode.SCHEMA, P)
    assert failure_of(judge({"Customer": {"id": "7"}}, items="Customer")) == (
        FailureCode.SCHEMA,
        P,
    )


# -- a declared path read from the body as sent, when a convention judges the result inside it


def test_a_json_rpc_result_is_found_by_a_path_from_the_body_as_sent() -> None:
    body = {"jsonrpc": "2.0", "id": 1, "result": []}
    assert judge(body, items="result", method="POST").outcome is Outcome.EMPTY
    found = {"jsonrpc": "2.0", "id": 1, "result": {"logs": [{"i": 1}], "count": 3}}
    env = judge(found, items="result.logs", total="result.count", method="POST")
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert (env.coverage.returned, env.coverage.total) == (1, 3)
    # Written from the result on, as before.
    env = judge(found, items="logs", total="count", method="POST")
    assert env.coverage is not None
    assert (env.coverage.returned, env.coverage.total) == (1, 3)


# -- success: false beside nothing but its words (Bittrex's v1.1 shape), or 0 beside an error


@pytest.mark.parametrize(
    "body",
    [
        {"success": False, "message": "INVALID_MARKET", "result": None},
        {"success": False, "message": {"market": ["The market is invalid."]}, "result": []},
        {"success": 0, "error": "not available"},
    ],
)
def test_success_false_with_only_its_words_is_a_failure(body: dict[str, Any]) -> None:
    assert failure_of(judge(body)) == (FailureCode.UPSTREAM_ERROR, P)


@pytest.mark.parametrize(
    "body",
    [
        {"success": False, "message": "Job failed", "result": {"id": 7}},  # a job's record
        {"success": 0, "errors": 0, "imported": 3},  # counts
        {"success": False, "message": {}, "result": None},
    ],
)
def test_success_false_beside_data_is_read_as_it_is(body: dict[str, Any]) -> None:
    assert judge(body).outcome is not Outcome.ACCESS_FAILURE


# -- Bugzilla's error: true with its documentation link
# (https://bugzilla.readthedocs.io/en/latest/api/core/v1/general.html#errors); Phabricator
# Conduit's error_code beside a null result (https://secure.phabricator.com/book/phabricator/article/conduit/)


def test_bugzilla_and_conduit_errors_in_a_200_are_failures() -> None:
    bugzilla = {
        "error": True,
        "code": 32000,
        "message": "API key authentication is required.",
        "documentation": "https://bugzilla.readthedocs.org/en/latest/api/",
    }
    assert failure_of(judge(bugzilla)) == (FailureCode.UPSTREAM_ERROR, P)
    conduit = {"result": None, "error_code": "ERR-CONDUIT-CORE", "error_info": "not valid JSON"}
    assert failure_of(judge(conduit, method="POST")) == (FailureCode.UPSTREAM_ERROR, P)
    answer = {"result": {"data": [{"id": 1}]}, "error_code": None, "error_info": None}
    assert judge(answer, items="result.data", method="POST").outcome is Outcome.SUCCESS


# -- GraphQL: a server's own code, read by the status or the wait its extensions carry


def test_graphql_extensions_status_and_retry_key_an_unknown_code() -> None:
    def error(extensions: dict[str, Any]) -> dict[str, Any]:
        return {"errors": [{"message": "m", "extensions": extensions}]}

    # https://developer.monday.com/api-reference/docs/errors
    unauthorized = error({"code": "UserUnauthorizedException", "status_code": 403})
    assert failure_of(judge(unauthorized)) == (FailureCode.FORBIDDEN, P)
    # https://developer.monday.com/api-reference/docs/rate-limits (since 2025-07: no status)
    budget = error({"code": "COMPLEXITY_BUDGET_EXHAUSTED", "retry_in_seconds": 60})
    assert failure_of(judge(budget)) == (RATE_LIMITED, T)
    waits = error({"code": "SomeLimitException", "retry_in_seconds": 15})
    assert failure_of(judge(waits)) == (RATE_LIMITED, T)
    assert failure_of(judge(error({"code": "Other"}))) == (FailureCode.UPSTREAM_ERROR, P)


# -- a model's answer cut short ------------------------------------------------------------------

ANTHROPIC_MESSAGE = {
    "id": "msg_1",
    "type": "message",
    "role": "assistant",
    "content": [{"type": "text", "text": "Once upon a"}],
    "stop_reason": "end_turn",
    "usage": {"input_tokens": 9, "output_tokens": 4},
}
CHAT_COMPLETION = {
    "id": "chatcmpl-1",
    "object": "chat.completion",
    "choices": [
        {"index": 0, "message": {"role": "assistant", "content": "x"}, "finish_reason": "stop"}
    ],
}
RESPONSE = {"id": "resp_1", "object": "response", "status": "completed", "incomplete_details": None}
GEMINI = {
    "candidates": [{"content": {"parts": [{"text": "x"}]}, "finishReason": "STOP"}],
    "usageMetadata": {"promptTokenCount": 4, "candidatesTokenCount": 1},
    "modelVersion": "gemini-2.0-flash",
}

CUT_ANSWERS: list[tuple[str, Any, str]] = [
    # https://platform.claude.com/docs/en/build-with-claude/handling-stop-reasons
    ("anthropic_max_tokens", {**ANTHROPIC_MESSAGE, "stop_reason": "max_tokens"}, "max_tokens"),
    ("anthropic_pause_turn", {**ANTHROPIC_MESSAGE, "stop_reason": "pause_turn"}, "pause_turn"),
    # https://platform.openai.com/docs/api-reference/chat/object
    (
        "openai_finish_reason_length",
        {**CHAT_COMPLETION, "choices": [{"index": 0, "message": {}, "finish_reason": "length"}]},
        "finish_reason: length",
    ),
    # https://platform.openai.com/docs/api-reference/responses/object
    (
        "openai_response_incomplete",
        {**RESPONSE, "status": "incomplete", "incomplete_details": {"reason": "max_output_tokens"}},
        "incomplete (max_output_tokens)",
    ),
    # https://ai.google.dev/api/generate-content#FinishReason
    (
        "gemini_max_tokens",
        {**GEMINI, "candidates": [{"content": {"parts": []}, "finishReason": "MAX_TOKENS"}]},
        "MAX_TOKENS",
    ),
]


@pytest.mark.parametrize(
    ("body", "says"), [c[1:] for c in CUT_ANSWERS], ids=[c[0] for c in CUT_ANSWERS]
)
def test_a_model_answer_its_vendor_marks_cut_short_is_partial(body: Any, says: str) -> None:
    """A 200 holding a model's answer that stopped at its token limit, or paused mid-turn, is
    part of an answer: the vendor's own flag, named in the detail."""
    env = judge(body, method="POST")
    assert truncation_of(env) is TruncatedBy.UPSTREAM_FLAG
    assert env.coverage is not None
    assert says in env.coverage.detail
    assert env.data == body


@pytest.mark.parametrize(
    "body",
    [
        ANTHROPIC_MESSAGE,
        {**ANTHROPIC_MESSAGE, "stop_reason": "refusal"},  # the model's own answer
        {**ANTHROPIC_MESSAGE, "type": "event", "stop_reason": "max_tokens"},
        CHAT_COMPLETION,
        {"object": "list", "choices": [{"finish_reason": "length"}]},  # not a completion
        RESPONSE,
        GEMINI,
        {"stop_reason": "max_tokens"},  # a record, not a message
    ],
)
def test_a_finished_answer_or_another_body_is_not_cut(body: Any) -> None:
    """A finished answer, a refusal, and look-alikes that are no model's answer say nothing."""
    env = judge(body, method="POST")
    assert env.outcome is Outcome.SUCCESS, env


# -- GraphQL ---------------------------------------------------------------------------------------


def test_graphql_errors_beside_data_are_a_partial_naming_each_path() -> None:
    """Field errors beside non-null data: partial, dropped lists 'path: message' per error."""
    body = {
        "data": {"hero": {"name": "R2-D2", "friends": [{"name": None}]}},
        "errors": [
            {
                "message": "Name for character with ID 1002 could not be fetched.",
                "path": ["hero", "friends", 0, "name"],
            },
            {"message": "Rate of fetches exceeded"},
        ],
    }
    env = judge(body)
    assert truncation_of(env) is TruncatedBy.FIELD_ERRORS
    assert env.coverage is not None
    assert env.coverage.dropped == (
        "hero.friends.0.name: Name for character with ID 1002 could not be fetched.",
        "Rate of fetches exceeded",
    )
    assert env.data == body


@pytest.mark.parametrize(("code", "expected"), sorted(GRAPHQL_CODES.items()))
def test_graphql_error_codes_without_data_map_to_failures(
    code: str, expected: tuple[FailureCode, FailureKind]
) -> None:
    """data null plus errors is an access failure keyed on extensions.code."""
    body = {"data": None, "errors": [{"message": "nope", "extensions": {"code": code}}]}
    assert failure_of(judge(body)) == expected


def test_graphql_github_type_field_is_read_like_extensions_code() -> None:
    """GitHub's errors[].type (RATE_LIMITED) counts as the error code."""
    body = {"errors": [{"type": "RATE_LIMITED", "message": "API rate limit exceeded"}]}
    assert failure_of(judge(body)) == (FailureCode.RATE_LIMITED, T)


def test_graphql_unknown_code_is_a_permanent_upstream_error() -> None:
    """An error code outside the table is upstream_error, permanent."""
    body = {"data": None, "errors": [{"message": "?", "extensions": {"code": "WEIRD"}}]}
    assert failure_of(judge(body)) == (FailureCode.UPSTREAM_ERROR, P)


def test_graphql_needs_messages_and_only_its_own_members() -> None:
    """A JSON:API errors document (no message) is not GraphQL; it is an error-only body."""
    body = {"errors": [{"status": "422", "title": "Invalid Attribute", "detail": "too short"}]}
    env = judge(body)
    assert failure_of(env) == (FailureCode.UPSTREAM_ERROR, P)
    assert env.failure is not None
    assert "graphql" not in env.failure.detail
    extra = {"data": {"a": 1}, "errors": [{"message": "m"}], "meta": {}}
    graphql = next(c for c in CONVENTIONS if c.name == "graphql")
    assert graphql.read(extra, "application/json") is None


#: Shopify refusing a mutation's input: a 200 whose payload names why, its result null
#: (https://shopify.dev/docs/api/admin-graphql#status_and_error_codes).
SHOPIFY_TAKEN = {
    "metafieldDefinitionCreate": {
        "createdDefinition": None,
        "userErrors": [
            {"field": ["definition", "key"], "message": "Key is in use", "code": "TAKEN"}
        ],
    }
}


def test_graphql_user_errors_refusing_every_mutation_are_a_failure() -> None:
    """Every root field's payload refused in its userErrors: the input was refused, nothing
    was done (a write's failure with effect ``none``), the words naming the field."""
    body = {"data": SHOPIFY_TAKEN, "extensions": {"cost": {"requestedQueryCost": 10}}}
    env = judge(body, method="POST")
    assert failure_of(env) == (FailureCode.BAD_REQUEST, P)
    assert env.failure is not None
    assert env.failure.effect is Effect.NONE
    assert "metafieldDefinitionCreate: definition.key: Key is in use (TAKEN)" in env.failure.detail


def test_graphql_user_errors_beside_a_done_mutation_are_a_partial() -> None:
    """One mutation refused beside one done: a partial answer that names the refusal."""
    done = {"productUpdate": {"product": {"id": "gid://shopify/Product/1"}, "userErrors": []}}
    env = judge({"data": {**SHOPIFY_TAKEN, **done}}, method="POST")
    assert truncation_of(env) is TruncatedBy.FIELD_ERRORS
    assert env.coverage is not None
    assert env.coverage.dropped == (
        "metafieldDefinitionCreate: definition.key: Key is in use (TAKEN)",
    )


@pytest.mark.parametrize(
    "body",
    [
        {"data": {"productUpdate": {"product": {"id": "1"}, "userErrors": []}}},
        {"data": {"x": {"userErrors": ["not an error object"]}}},
        {"data": SHOPIFY_TAKEN, "meta": {}},  # not GraphQL's own members
    ],
)
def test_graphql_user_errors_need_messages_in_a_graphql_body(body: Any) -> None:
    """An empty userErrors, one without messages, or a body that is not GraphQL's says nothing."""
    assert judge(body, method="POST").outcome is Outcome.SUCCESS


def test_graphql_relay_connection_is_found_and_paged() -> None:
    """Auto-detection descends single-field selections to a Relay connection's edges."""
    body = {
        "data": {
            "viewer": {
                "repos": {
                    "totalCount": 10,
                    "pageInfo": {"hasNextPage": True, "endCursor": "Y3Vy"},
                    "edges": [{"node": {"name": "a"}}],
                }
            }
        }
    }
    env = judge(body)
    assert truncation_of(env) is TruncatedBy.NEXT_PAGE
    assert env.coverage is not None
    assert (env.coverage.returned, env.coverage.total, env.coverage.next_cursor) == (1, 10, "Y3Vy")
    assert env.data == [{"node": {"name": "a"}}]


# -- Elasticsearch / OpenSearch --------------------------------------------------------------------


def es(hits: int = 0, **extra: Any) -> dict[str, Any]:
    """A search response with ``hits`` hits and the given top-level members."""
    body: dict[str, Any] = {
        "took": 5,
        "timed_out": False,
        "_shards": {"total": 3, "successful": 3, "skipped": 0, "failed": 0},
        "hits": {
            "total": {"value": hits, "relation": "eq"},
            "max_score": None,
            "hits": [{"_id": str(i)} for i in range(hits)],
        },
    }
    body.update(extra)
    return body


def test_es_timed_out_is_partial_even_with_zero_hits() -> None:
    """timed_out: true with no hits is a partial, never a verified empty."""
    env = judge(es(0, timed_out=True))
    assert truncation_of(env) is TruncatedBy.UPSTREAM_TIMEOUT
    assert env.coverage is not None
    assert env.coverage.returned == 0
    assert env.data == []


def test_es_failed_shards_are_partial_and_name_their_reasons() -> None:
    """_shards.failed > 0 is a partial whose dropped list names each failed shard's reason."""
    shards = {
        "total": 3,
        "successful": 2,
        "failed": 1,
        "failures": [
            {
                "shard": 2,
                "index": "logs",
                "reason": {"type": "query_shard_exception", "reason": "bad"},
            }
        ],
    }
    env = judge(es(0, _shards=shards))
    assert truncation_of(env) is TruncatedBy.SHARD_FAILURE
    assert env.coverage is not None
    assert env.coverage.dropped == ("index logs shard 2: query_shard_exception: bad",)


def test_es_failed_shards_without_details_still_count() -> None:
    """A failed count with no failures list still names how many shards were lost."""
    env = judge(es(1, _shards={"total": 4, "successful": 3, "failed": 1}))
    assert env.coverage is not None
    assert env.coverage.dropped == ("1 of 4 shards failed",)


def test_es_skipped_remote_clusters_are_partial() -> None:
    """A cross-cluster search that skipped a cluster searched only part of the data."""
    env = judge(es(2, _clusters={"total": 2, "successful": 1, "skipped": 1}))
    assert truncation_of(env) is TruncatedBy.SHARD_FAILURE


def test_es_terminated_early_is_an_upstream_flag() -> None:
    """terminated_early: true means the search stopped at terminate_after."""
    assert truncation_of(judge(es(2, terminated_early=True))) is TruncatedBy.UPSTREAM_FLAG


@pytest.mark.parametrize(
    ("total", "returned", "outcome"),
    [
        ({"value": 10000, "relation": "gte"}, 3, Outcome.PARTIAL),
        ({"value": 3, "relation": "eq"}, 3, Outcome.SUCCESS),
        (7, 3, Outcome.PARTIAL),  # Elasticsearch 6 and earlier: a bare number
        ({"value": 0, "relation": "eq"}, 0, Outcome.EMPTY),
    ],
)
def test_es_hits_total_against_hits_returned(total: Any, returned: int, outcome: Outcome) -> None:
    """hits.total (either form; gte is a lower bound) above the hits returned is a partial."""
    body = es(returned)
    body["hits"]["total"] = total
    env = judge(body)
    assert env.outcome is outcome
    assert env.coverage is not None
    assert env.coverage.returned == returned


@pytest.mark.parametrize(
    ("status", "expected"),
    [
        (400, (FailureCode.BAD_REQUEST, P)),
        (404, (FailureCode.NOT_FOUND, P)),
        (429, (FailureCode.RATE_LIMITED, T)),
        (503, (FailureCode.SERVER_ERROR, T)),
        (200, (FailureCode.UPSTREAM_ERROR, P)),
    ],
)
def test_es_error_body_in_a_200_is_keyed_on_its_status(
    status: int, expected: tuple[FailureCode, FailureKind]
) -> None:
    """{"error": {...}, "status": N} in a 2xx is an access failure classified by N."""
    body = {
        "error": {"type": "search_phase_execution_exception", "reason": "all shards failed"},
        "status": status,
    }
    env = judge(body)
    assert failure_of(env) == expected
    assert env.failure is not None
    assert "all shards failed" in env.failure.detail


# -- Reddit (api_type=json) ------------------------------------------------------------------------


def reddit_errors(*errors: list[str | None]) -> dict[str, Any]:
    """Reddit's api_type=json answer carrying ``errors``."""
    return {"json": {"errors": list(errors)}}


@pytest.mark.parametrize(("name", "expected"), sorted(REDDIT_ERRORS.items()))
def test_reddit_error_names_map_through_the_table(
    name: str, expected: tuple[FailureCode, FailureKind]
) -> None:
    """A tabled json.errors name decides the code and kind."""
    env = judge(reddit_errors([name, "words", None]), method="POST")
    assert failure_of(env) == expected


@pytest.mark.parametrize(
    ("error", "expected"),
    [
        (
            ["SUBREDDIT_EXISTS", "that subreddit already exists", "name"],
            (FailureCode.BAD_REQUEST, P),
        ),
        (["BAD_USERNAME", "invalid user name", "user"], (FailureCode.BAD_REQUEST, P)),
        (["NO_INVITE_FOUND", "there is no pending invite", None], (FailureCode.UPSTREAM_ERROR, P)),
        (["FLAIR_NOT_FOUND", "no such flair", None], (FailureCode.NOT_FOUND, P)),
        (["GALLERIES_DISABLED"], (FailureCode.UPSTREAM_ERROR, P)),
    ],
)
def test_reddit_errors_outside_the_table_are_refused_arguments_when_they_name_a_field(
    error: list[str | None], expected: tuple[FailureCode, FailureKind]
) -> None:
    """An error naming its field is a refused argument; one naming none is an upstream error."""
    assert failure_of(judge(reddit_errors(error), method="POST")) == expected


def test_reddit_failure_detail_lists_every_error() -> None:
    """The detail carries each error's name and message."""
    env = judge(
        reddit_errors(
            ["TOO_LONG", "this is too long", "title"], ["NO_TEXT", "we need something", "text"]
        )
    )
    assert env.failure is not None
    assert env.failure.detail == (
        "reddit: json.errors: TOO_LONG: this is too long; NO_TEXT: we need something"
    )


@pytest.mark.parametrize(
    "body",
    [
        {"json": {"errors": []}},
        {"json": {"errors": [], "data": {"id": "bn6", "name": "t3_bn6"}}},
        {"json": {"errors": [["lower_case", "not a name", None]]}},  # not Reddit's shape
        {"json": {"errors": [["USER_REQUIRED", "x", None]]}, "id": 7},  # more than the wrapper
        {"json": {"errors": "USER_REQUIRED"}},
        {"json": {"errors": [{"code": "USER_REQUIRED"}]}},
    ],
)
def test_reddit_shaped_bodies_without_errors_are_not_failures(body: Any) -> None:
    """An empty errors list, or anything not [NAME, message, field] items, is no evidence."""
    assert judge(body, method="POST").outcome is Outcome.SUCCESS


# -- Slack (and Telegram) --------------------------------------------------------------------------


@pytest.mark.parametrize(("error", "expected"), sorted(SLACK_ERRORS.items()))
def test_slack_errors_map_through_the_table(
    error: str, expected: tuple[FailureCode, FailureKind]
) -> None:
    """ok: false with a tabled error string gets that code and kind."""
    assert failure_of(judge({"ok": False, "error": error})) == expected


@pytest.mark.parametrize(
    ("error", "expected"),
    [
        ("channel_not_found", (FailureCode.NOT_FOUND, P)),
        ("user_not_found", (FailureCode.NOT_FOUND, P)),
        ("is_archived", (FailureCode.UPSTREAM_ERROR, P)),
    ],
)
def test_slack_other_errors(error: str, expected: tuple[FailureCode, FailureKind]) -> None:
    """*_not_found is not_found; any other error string is a permanent upstream_error."""
    assert failure_of(judge({"ok": False, "error": error})) == expected


def test_slack_ok_false_without_a_reason_is_still_a_failure() -> None:
    """{"ok": false} alone reports failure; ok: false beside unrelated data is not Slack."""
    assert failure_of(judge({"ok": False})) == (FailureCode.UPSTREAM_ERROR, P)
    assert judge({"ok": False, "checks": [{"db": "down"}], "version": 3}).outcome is Outcome.SUCCESS


def test_slack_has_more_and_next_cursor_make_a_partial() -> None:
    """ok: true with has_more or a non-empty next_cursor is a page with that cursor."""
    body = {
        "ok": True,
        "channels": [{"id": "C1"}],
        "response_metadata": {"next_cursor": "dGVhbTpD"},
    }
    env = judge(body)
    assert truncation_of(env) is TruncatedBy.NEXT_PAGE
    assert env.coverage is not None
    assert env.coverage.next_cursor == "dGVhbTpD"
    env = judge({"ok": True, "messages": [{"ts": "1"}], "has_more": True})
    assert truncation_of(env) is TruncatedBy.NEXT_PAGE


def test_slack_rate_limit_in_a_200_keeps_retry_after() -> None:
    """A ratelimited body is transient and keeps the Retry-After header's seconds."""
    env = judge({"ok": False, "error": "ratelimited"}, headers={"retry-after": "12"})
    assert failure_of(env) == (FailureCode.RATE_LIMITED, T)
    assert env.failure is not None
    assert env.failure.retry_after_s == 12.0


def test_telegram_ok_false_is_keyed_on_error_code() -> None:
    """Telegram's {"ok": false, "error_code": 429, "description": ...} is rate_limited."""
    body = {"ok": False, "error_code": 429, "description": "Too Many Requests: retry after 5"}
    assert failure_of(judge(body)) == (FailureCode.RATE_LIMITED, T)


# -- RFC 9457 problem details ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("problem_status", "expected"),
    [
        (403, (FailureCode.FORBIDDEN, P)),
        (503, (FailureCode.SERVER_ERROR, T)),
        ("429", (FailureCode.RATE_LIMITED, T)),
        (None, (FailureCode.UPSTREAM_ERROR, P)),
        (200, (FailureCode.UPSTREAM_ERROR, P)),
    ],
)
def test_problem_json_in_a_2xx_is_keyed_on_its_status(
    problem_status: Any, expected: tuple[FailureCode, FailureKind]
) -> None:
    """A problem document is a failure keyed on its status member (else upstream_error)."""
    body: dict[str, Any] = {"type": "about:blank", "title": "Nope", "detail": "because"}
    if problem_status is not None:
        body["status"] = problem_status
    env = judge(body, content_type="application/problem+json")
    assert failure_of(env) == expected
    assert env.failure is not None
    assert "Nope: because" in env.failure.detail


def test_problem_members_without_the_problem_media_type_are_data() -> None:
    """type/title/status in a plain JSON record is a record, not a problem document."""
    env = judge({"type": "book", "title": "Dune", "status": 404, "author": "Herbert"})
    assert env.outcome is Outcome.SUCCESS


def test_problem_json_detail_on_an_error_status() -> None:
    """On a 4xx the HTTP status decides the code and the problem's words fill the detail."""
    body = {"title": "Out of credit", "detail": "Balance is 30", "status": 403}
    env = judge(body, status=403, content_type="application/problem+json")
    assert failure_of(env) == (FailureCode.FORBIDDEN, P)
    assert env.failure is not None
    assert env.failure.detail == "HTTP 403 Forbidden: Balance is 30"


# -- JSON-RPC 2.0 ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        *sorted(JSONRPC_CODES.items()),
        (-32000, (FailureCode.UPSTREAM_ERROR, P)),
        (-32099, (FailureCode.UPSTREAM_ERROR, P)),
        (42, (FailureCode.UPSTREAM_ERROR, P)),
        ("x", (FailureCode.UPSTREAM_ERROR, P)),
    ],
)
def test_jsonrpc_error_codes(code: Any, expected: tuple[FailureCode, FailureKind]) -> None:
    """JSON-RPC error objects map through the §5.1 table; everything else is upstream_error."""
    body = {"jsonrpc": "2.0", "id": 1, "error": {"code": code, "message": "m"}}
    assert failure_of(judge(body)) == expected


@pytest.mark.parametrize(
    ("result", "outcome", "data"),
    [
        ([{"id": 1}], Outcome.SUCCESS, [{"id": 1}]),
        ([], Outcome.EMPTY, []),
        (None, Outcome.EMPTY, None),
        ({"name": "x"}, Outcome.SUCCESS, {"name": "x"}),
    ],
)
def test_jsonrpc_result_is_judged_as_the_body(result: Any, outcome: Outcome, data: Any) -> None:
    """The result member, not the JSON-RPC wrapper, decides the outcome and becomes data."""
    env = judge({"jsonrpc": "2.0", "id": 1, "result": result})
    assert (env.outcome, env.data) == (outcome, data)


def test_jsonrpc_result_carrying_a_dialect_error_is_still_a_failure() -> None:
    """A result that is itself a Slack-style error is judged like any body."""
    body = {"jsonrpc": "2.0", "id": 1, "result": {"ok": False, "error": "invalid_auth"}}
    assert failure_of(judge(body)) == (FailureCode.UNAUTHORIZED, P)


def test_jsonrpc_response_with_neither_member_is_a_failure() -> None:
    """A 2.0 response with neither result nor error breaks the spec; a request object does not."""
    assert failure_of(judge({"jsonrpc": "2.0", "id": 1})) == (FailureCode.UPSTREAM_ERROR, P)
    assert judge({"jsonrpc": "2.0", "method": "ping"}).outcome is Outcome.SUCCESS


# -- error-only bodies, Cloudflare, JSend ----------------------------------------------------------

ERROR_BODIES: list[tuple[str, Any, FailureKind]] = [
    ("oauth", {"error": "invalid_grant", "error_description": "expired"}, P),
    (
        "spring",
        {
            "timestamp": "2024-01-01T00:00:00Z",
            "status": 500,
            "error": "Internal Server Error",
            "path": "/x",
        },
        T,
    ),
    ("status_and_message", {"status": 429, "message": "slow down"}, T),
    (
        "apigee",
        {
            "fault": {
                "faultstring": "Invalid ApiKey",
                "detail": {"errorcode": "oauth.v2.InvalidApiKey"},
            }
        },
        P,
    ),
    (
        "cloudflare",
        {
            "success": False,
            "errors": [{"code": 7003, "message": "No route"}],
            "messages": [],
            "result": None,
        },
        P,
    ),
    # https://spamcheck.postmarkapp.com/doc: a failure is the flag and its words, nothing else
    ("success_false_and_words", {"success": False, "message": "SpamAssassin error occured"}, P),
    ("success_false_code_503", {"success": False, "message": "down", "code": 503}, T),
    ("jsend_error", {"status": "error", "message": "Unable to communicate with database"}, P),
    ("jsend_fail", {"status": "fail", "data": {"title": "A title is required"}}, P),
    ("jsend_error_503", {"status": "error", "message": "down", "code": 503}, T),
    ("errors_list_of_words", {"errors": ["name is required"]}, P),
    ("error_true", {"error": True, "message": "quota exceeded"}, P),
    ("numeric_error_code", {"error_code": 1001, "message": "Invalid signature"}, P),
    ("nested_error_object", {"error": {"reason": "bad key"}}, P),
]


#: Replies of nothing but a failing code and its words, read after every dialect's own codes.
#: Milvus's REST API answers every call with a 200 whose code is 0 on success and names the
#: failure otherwise (https://milvus.io/api-reference/restful/v2.5.x/About.md); Vonage Video's
#: error object is its code, message and description.
CODED_REPLIES: list[tuple[str, Any, FailureKind]] = [
    ("milvus_collection_exists", {"code": 65535, "message": "collection already exists"}, P),
    ("milvus_invalid_parameter", {"code": 1100, "message": "invalid parameter[expected=...]"}, P),
    (
        "vonage_video_issuer",
        {"code": -1, "message": "Issuer not found", "description": "Issuer not found"},
        P,
    ),
    ("small_code", {"code": 1, "message": "Invalid token"}, P),
    ("with_request_id", {"code": 42, "message": "quota used up", "request_id": "r-1"}, P),
]

#: Replies of a code and words that say the call went through, or that hold more than them.
CODED_SUCCESSES: list[tuple[str, Any]] = [
    ("zoho_deleted", {"code": 0, "message": "The invoice has been deleted."}),
    ("http_accepted", {"code": 202, "message": "Test notification sent for processing"}),
    ("word_ok", {"code": 7, "message": "OK"}),
    ("string_code", {"code": "OK", "message": "The operation completed successfully"}),
    ("boolean_code", {"code": True, "message": "done"}),
    ("code_beside_data", {"code": 5, "message": "five", "data": {"id": 5}}),
    ("code_without_words", {"code": 65535}),
]


@pytest.mark.parametrize(
    ("body", "kind"), [c[1:] for c in CODED_REPLIES], ids=[c[0] for c in CODED_REPLIES]
)
def test_a_failing_code_and_its_words_in_a_200_are_an_upstream_error(
    body: Any, kind: FailureKind
) -> None:
    env = judge(body)
    assert failure_of(env) == (FailureCode.UPSTREAM_ERROR, kind)
    assert env.failure is not None
    assert str(body["code"]) in env.failure.detail


@pytest.mark.parametrize(
    "body", [c[1] for c in CODED_SUCCESSES], ids=[c[0] for c in CODED_SUCCESSES]
)
def test_a_code_that_names_no_failure_is_the_answer(body: Any) -> None:
    env = judge(body)
    assert env.outcome is Outcome.SUCCESS, env


def test_a_dialect_with_its_own_codes_keeps_them() -> None:
    """TikTok for Business's 40105 beside its request_id is an authentication refused, read by
    its own rule before the generic one."""
    body = {"code": 40105, "message": "Access token is incorrect", "request_id": "2026"}
    assert failure_of(judge(body))[0] is FailureCode.UNAUTHORIZED


#: Records made only of words an error body also uses, whose values report no error.
NOT_ERROR_REPORTS: list[tuple[str, Any]] = [
    ("import_report", {"errors": 3, "status": "completed", "message": "Import finished"}),
    ("no_error_word", {"error": "none", "message": "Saved"}),
    ("ok_error_word", {"status": "ok", "error": "OK", "detail": "3 rows written"}),
    ("zero_error_code", {"error_code": 0, "message": "ok"}),
    ("measurement_margin", {"error": 0.02, "title": "Calibration", "type": "sensor"}),
    ("status_words", {"status": "done", "message": "Export ready", "detail": "12 files"}),
    ("empty_errors_list", {"errors": [], "message": "Saved", "code": 200}),
    ("errors_list_of_counts", {"errors": [0, 0], "message": "per-shard error counts"}),
]


@pytest.mark.parametrize(
    "body", [c[1] for c in NOT_ERROR_REPORTS], ids=[c[0] for c in NOT_ERROR_REPORTS]
)
def test_a_record_of_error_words_without_an_error_looking_value_is_data(body: Any) -> None:
    """The error-only rule needs an error-looking value, not just error-ish key names."""
    env = judge(body)
    assert env.outcome is Outcome.SUCCESS, env
    assert env.data == body


@pytest.mark.parametrize(
    ("body", "kind"), [c[1:] for c in ERROR_BODIES], ids=[c[0] for c in ERROR_BODIES]
)
def test_error_only_bodies_in_a_200_are_upstream_errors(body: Any, kind: FailureKind) -> None:
    """A 2xx whose body only reports an error is upstream_error; its kind follows any status."""
    env = judge(body)
    assert failure_of(env) == (FailureCode.UPSTREAM_ERROR, kind)
    assert env.failure is not None
    assert env.failure.http_status == 200
    assert env.failure.raw_sample is not None


#: Error envelopes whose own vocabulary names the failure: keyed on it, not upstream_error.
KEYED_ERROR_BODIES: list[tuple[str, Any, tuple[FailureCode, FailureKind]]] = [
    (
        "google_unavailable",
        {"error": {"code": 503, "message": "Backend Error", "status": "UNAVAILABLE"}},
        (FailureCode.SERVER_ERROR, T),
    ),
    (
        "google_permission_denied",
        {"error": {"code": 403, "message": "denied", "status": "PERMISSION_DENIED"}},
        (FailureCode.FORBIDDEN, P),
    ),
    (
        "anthropic_overloaded",
        {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}},
        (FailureCode.SERVER_ERROR, T),
    ),
]


@pytest.mark.parametrize(
    ("body", "expected"),
    [c[1:] for c in KEYED_ERROR_BODIES],
    ids=[c[0] for c in KEYED_ERROR_BODIES],
)
def test_google_and_ai_vendor_errors_in_a_200_are_keyed_on_their_own_names(
    body: Any, expected: tuple[FailureCode, FailureKind]
) -> None:
    """Google's error.status and Anthropic's error.type decide code and kind, as a status would."""
    assert failure_of(judge(body)) == expected


ERROR_MESSAGES: list[tuple[Any, str | None]] = [
    ({"error": {"message": "quota"}}, "quota"),
    ({"errors": [{"message": "first"}, {"message": "second"}]}, "first"),
    ({"error": "invalid_token", "error_description": "expired"}, "expired"),
    ({"detail": "Not found."}, "Not found."),
    ({"fault": {"faultstring": "Invalid ApiKey"}}, "Invalid ApiKey"),
    ({"errorMessages": ["Issue does not exist"], "errors": {}}, "Issue does not exist"),
    (
        {"errorMessages": [], "errors": {"summary": "You must specify a summary"}},
        "summary: You must specify a summary",
    ),
    ({"errors": {"count": 3}}, None),
    (
        {"error": {"code": "badvalue", "info": "Unrecognized value"}, "servedby": "mw1"},
        "Unrecognized value",
    ),
    ({"errors": {"email": ["has already been taken"]}}, "email: has already been taken"),
    (
        {
            "Fault": {
                "Error": [
                    {
                        "Message": "A business validation error has occurred",
                        "Detail": "Duplicate Name Exists Error",
                        "code": "6240",
                    }
                ],
                "type": "ValidationFault",
            },
            "time": "2024-01-01T00:00:00.000-07:00",
        },
        "Duplicate Name Exists Error",
    ),
    ("<html><title>502 Bad Gateway</title></html>", "502 Bad Gateway"),
    ("<html><body>no title</body></html>", None),
    ("Service down\nsecond line", "Service down"),
    ({"nothing": "here"}, None),
    ([1, 2], None),
]


@pytest.mark.parametrize(("body", "message"), ERROR_MESSAGES)
def test_error_message_reads_the_usual_places(body: Any, message: str | None) -> None:
    """The upstream's own words, found where well-known APIs put them, end the failure detail."""
    raw = body.encode() if isinstance(body, str) else json.dumps(body).encode()
    env = classify_parts(500, httpx.Headers({"content-type": "application/json"}), raw)
    assert env.failure is not None
    expected = "HTTP 500 Internal Server Error" + (f": {message}" if message else "")
    assert env.failure.detail == expected


# -- pagination -----------------------------------------------------------------------------------


def reddit_listing(children: list[Any], after: str | None) -> dict[str, Any]:
    """A Reddit Listing: its items under data.children, the next page's cursor in data.after."""
    return {
        "kind": "Listing",
        "data": {
            "after": after,
            "dist": len(children),
            "modhash": "",
            "children": children,
            "before": None,
        },
    }


POSTS = [{"kind": "t3", "data": {"id": "a1", "title": "one"}}, {"kind": "t3", "data": {"id": "b2"}}]


@pytest.mark.parametrize("items", [None, "data.children"])
def test_a_reddit_listing_with_after_is_a_page_of_more(items: str | None) -> None:
    """A Listing whose data.after is set has more pages: partial, resume from after."""
    env = judge(reddit_listing(POSTS, "t3_b2"), items=items)
    assert truncation_of(env) is TruncatedBy.NEXT_PAGE
    assert env.coverage is not None
    assert env.coverage.next_cursor == "t3_b2"
    assert env.coverage.returned == 2
    assert env.data == POSTS


@pytest.mark.parametrize("items", [None, "data.children"])
def test_a_reddit_listing_without_after_is_complete(items: str | None) -> None:
    """The last page of a Listing (after null) is the whole answer; an empty one is empty."""
    assert judge(reddit_listing(POSTS, None), items=items).outcome is Outcome.SUCCESS
    empty = judge(reddit_listing([], None), items=items)
    assert empty.outcome is Outcome.EMPTY
    assert empty.data == []


def test_a_body_that_only_calls_itself_a_listing_is_not_one() -> None:
    """kind: Listing without data.children is no listing: judged as the record it is."""
    body = {"kind": "Listing", "data": {"after": "t3_x"}}
    env = judge(body)
    assert env.outcome is Outcome.SUCCESS
    assert env.data == body


@pytest.mark.parametrize(
    "body",
    [
        {"meta": {"result_count": 0}},  # Twitter v2: no data member when nothing matched
        {"data": None, "meta": {"result_count": 0}},
        {"total_count": 0, "incomplete_results": False},
        {"count": 0, "next": None, "previous": None},
        {"pagination": {"total": "0"}},
    ],
)
def test_a_missing_collection_beside_a_zero_count_is_empty(body: Any) -> None:
    """The source counted zero and left the collection out: a verified nothing, not a failure."""
    env = judge(body, items="data")
    assert env.outcome is Outcome.EMPTY, env
    assert env.data == []
    assert env.coverage is not None
    assert env.coverage.returned == 0


def test_a_body_of_nothing_but_paging_state_counting_zero_is_empty() -> None:
    """Without items=, a body that is only a meta block counting zero is a page of nothing."""
    env = judge({"meta": {"result_count": 0}})
    assert env.outcome is Outcome.EMPTY
    assert env.data == []
    count_query = judge({"count": 0})  # a count's answer is the record itself
    assert count_query.outcome is Outcome.SUCCESS
    assert count_query.data == {"count": 0}
    assert judge({"meta": {"result_count": 2}}).outcome is Outcome.SUCCESS


@pytest.mark.parametrize(
    "body",
    [
        {"meta": {"result_count": 3}},  # it counted some: where are they?
        {"meta": {"result_count": False}},
        {"meta": {"newest_id": "0"}},
        {"data": "none", "meta": {"result_count": 0}},  # a collection that is not a list
        {"unrelated": {"count": 0}},
    ],
)
def test_a_missing_collection_without_a_zero_count_is_a_schema_failure(body: Any) -> None:
    """Without a stated zero, a missing or non-list collection is still a schema failure."""
    assert failure_of(judge(body, items="data")) == (FailureCode.SCHEMA, P)


def test_geojson_feature_collection_is_its_features() -> None:
    """A GeoJSON FeatureCollection's items are its features (RFC 7946 §3.3)."""
    body = {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {}}]}
    env = judge(body)
    assert env.outcome is Outcome.SUCCESS
    assert env.data == body["features"]


LINK_CASES: list[tuple[str, str | None]] = [
    ('<https://api.example.test/x?page=2>; rel="next"', "https://api.example.test/x?page=2"),
    ("<https://api.example.test/x?page=2>; rel=next", "https://api.example.test/x?page=2"),
    (
        '<https://api.example.test/1>; rel="prev", <https://api.example.test/3>; rel="next"',
        "https://api.example.test/3",
    ),
    ('<https://api.example.test/3>; rel="next last"', "https://api.example.test/3"),
    ('<https://api.example.test/3>; title="a, b; c"; rel="next"', "https://api.example.test/3"),
    ('</v1/things?page=2>; rel="next"', "https://api.example.test/v1/things?page=2"),
    (
        '<https://api.example.test/3?access_token=s3cret>; rel="next"',
        "https://api.example.test/3?access_token=[REDACTED]",
    ),
    ('<https://api.example.test/1>; rel="prev"', None),
    ("garbage", None),
    ("", None),
]


@pytest.mark.parametrize(("header", "expected"), LINK_CASES)
def test_link_header_next_is_found_resolved_and_redacted(header: str, expected: str | None) -> None:
    """RFC 8288: rel="next" (quoted or not, among several rels) gives the resolved next URL."""
    env = judge([{"id": 1}], headers={"link": header})
    assert env.coverage is not None
    assert env.coverage.next_cursor == expected
    assert env.outcome is (Outcome.SUCCESS if expected is None else Outcome.PARTIAL)


def test_link_header_next_makes_a_partial() -> None:
    """A list with a Link rel="next" header is a page; the cursor is the next URL."""
    env = judge([{"id": 1}], headers={"link": '<https://api.example.test/x?page=2>; rel="next"'})
    assert truncation_of(env) is TruncatedBy.NEXT_PAGE
    assert env.coverage is not None
    assert env.coverage.next_cursor == "https://api.example.test/x?page=2"


PAGES: list[tuple[str, Any, TruncatedBy, int | None, str | None]] = [
    (
        "stripe",
        {"object": "list", "has_more": True, "data": [{"id": "ch_1"}, {"id": "ch_2"}]},
        TruncatedBy.NEXT_PAGE,
        None,
        "ch_2",
    ),
    (
        "drf",
        {"count": 9, "next": "https://api.example.test/x?page=2", "previous": None, "results": [1]},
        TruncatedBy.NEXT_PAGE,
        9,
        "https://api.example.test/x?page=2",
    ),
    (
        "odata",
        {
            "@odata.count": 50,
            "value": [{"a": 1}],
            "@odata.nextLink": "https://api.example.test/P?$skiptoken=1",
        },
        TruncatedBy.NEXT_PAGE,
        50,
        "https://api.example.test/P?$skiptoken=1",
    ),
    (
        "google",
        {"items": [{"id": "e1"}], "nextPageToken": "CiAKGjBpNDd2Nmp2Zml2cXRwYjBpOXA"},
        TruncatedBy.NEXT_PAGE,
        None,
        "CiAKGjBpNDd2Nmp2Zml2cXRwYjBpOXA",
    ),
    ("snake_token", {"records": [1], "next_page_token": "t2"}, TruncatedBy.NEXT_PAGE, None, "t2"),
    ("camel_cursor", {"entries": [1], "nextCursor": "c2"}, TruncatedBy.NEXT_PAGE, None, "c2"),
    (
        "int_cursor",
        {"users": [{"id": 1}], "next_cursor": 1489467234237774933},
        TruncatedBy.NEXT_PAGE,
        None,
        "1489467234237774933",
    ),
    (
        "relay",
        {"edges": [1], "pageInfo": {"hasNextPage": True, "endCursor": "Y3Vy"}},
        TruncatedBy.NEXT_PAGE,
        None,
        "Y3Vy",
    ),
    (
        "jsonapi",
        {"data": [{"id": "1"}], "links": {"next": "/articles?page[number]=2"}},
        TruncatedBy.NEXT_PAGE,
        None,
        "https://api.example.test/articles?page[number]=2",
    ),
    (
        "hal",
        {"items": [1], "_links": {"next": {"href": "https://api.example.test/o?page=2"}}},
        TruncatedBy.NEXT_PAGE,
        None,
        "https://api.example.test/o?page=2",
    ),
    (
        "salesforce",
        {
            "totalSize": 3000,
            "done": False,
            "records": [1],
            "nextRecordsUrl": "/services/data/v59.0/query/01g-2000",
        },
        TruncatedBy.NEXT_PAGE,
        3000,
        "https://api.example.test/services/data/v59.0/query/01g-2000",
    ),
    (
        "github_incomplete",
        {"total_count": 5, "incomplete_results": True, "items": [1, 2]},
        TruncatedBy.UPSTREAM_FLAG,
        5,
        None,
    ),
    (
        "drive_incomplete",
        {"files": [1], "incompleteSearch": True},
        TruncatedBy.UPSTREAM_FLAG,
        None,
        None,
    ),
    (
        "truncated_record",
        {"sha": "abc", "tree": [1], "truncated": True},
        TruncatedBy.UPSTREAM_FLAG,
        None,
        None,
    ),
    ("total", {"total": 30, "items": [1, 2]}, TruncatedBy.TOTAL_EXCEEDS_RETURNED, 30, None),
    (
        "total_count",
        {"total_count": 30, "items": [1]},
        TruncatedBy.TOTAL_EXCEEDS_RETURNED,
        30,
        None,
    ),
    ("count", {"count": 3, "results": [1]}, TruncatedBy.TOTAL_EXCEEDS_RETURNED, 3, None),
    ("totalCount", {"totalCount": 4, "nodes": [1]}, TruncatedBy.TOTAL_EXCEEDS_RETURNED, 4, None),
    (
        "totalResults_string",
        {"totalResults": "120", "items": [1]},
        TruncatedBy.TOTAL_EXCEEDS_RETURNED,
        120,
        None,
    ),
]


@pytest.mark.parametrize(
    ("body", "truncated_by", "total", "cursor"), [c[1:] for c in PAGES], ids=[c[0] for c in PAGES]
)
def test_pagination_evidence_makes_a_partial(
    body: Any, truncated_by: TruncatedBy, total: int | None, cursor: str | None
) -> None:
    """Each API's own next-page or incomplete sign yields a partial with its total and cursor."""
    env = judge(body)
    assert truncation_of(env) is truncated_by
    assert env.coverage is not None
    assert (env.coverage.total, env.coverage.next_cursor) == (total, cursor)


def test_strongest_evidence_names_the_truncation_and_cursors_are_kept() -> None:
    """An upstream flag outranks a next page, which outranks a bare total; the cursor survives."""
    body = {"total_count": 90, "incomplete_results": True, "items": [1], "next_page_token": "n"}
    env = judge(body, headers={"link": '<https://api.example.test/p2>; rel="next"'})
    assert truncation_of(env) is TruncatedBy.UPSTREAM_FLAG
    assert env.coverage is not None
    assert (env.coverage.total, env.coverage.next_cursor) == (90, "n")
    assert "incomplete_results" in env.coverage.detail


# The source's own flag that its answer is incomplete, beside a count no higher than what came
# back: GitHub documents that a search past its time limit returns the matches it had found by
# then, so its total_count counts those, not what the source holds.
FLAGGED_COUNTS: list[tuple[str, Any, dict[str, Any]]] = [
    ("github_nothing_found", {"total_count": 0, "incomplete_results": True, "items": []}, {}),
    ("github_all_it_found", {"total_count": 2, "incomplete_results": True, "items": [1, 2]}, {}),
    ("declared_total", {"hits": 1, "incomplete_results": True, "items": [1]}, {"total": "hits"}),
    ("drive_style_flag", {"totalCount": 1, "incompleteSearch": True, "files": [1]}, {}),
    ("truncated_flag", {"total_count": 1, "truncated": True, "items": [1]}, {}),
]


@pytest.mark.parametrize(
    ("body", "options"), [c[1:] for c in FLAGGED_COUNTS], ids=[c[0] for c in FLAGGED_COUNTS]
)
def test_a_flagged_answer_counting_only_what_arrived_has_an_unknown_total(
    body: Any, options: dict[str, Any]
) -> None:
    """An incomplete flag makes a count equal to what arrived unknown, never "0 of 0"."""
    env = judge(body, **options)
    assert truncation_of(env) is TruncatedBy.UPSTREAM_FLAG
    assert env.coverage is not None
    assert env.coverage.total is None
    assert env.coverage.missing is None
    assert "total unknown" in env.coverage.detail


def test_a_flagged_count_above_what_arrived_is_a_lower_bound() -> None:
    """Above what came back, a flagged count still says more exist: at least that many."""
    env = judge({"total_count": 5000, "incomplete_results": True, "items": [1, 2]})
    assert truncation_of(env) is TruncatedBy.UPSTREAM_FLAG
    assert env.coverage is not None
    assert env.coverage.total == 5000
    assert "source reports at least 5000, 2 returned" in env.coverage.detail


def test_a_count_equal_to_what_arrived_without_a_flag_is_the_total() -> None:
    """No flag, no doubt: a complete search's count is the source's total."""
    env = judge({"total_count": 2, "incomplete_results": False, "items": [1, 2]})
    assert env.outcome is Outcome.SUCCESS
    assert env.coverage is not None
    assert env.coverage.total == 2


def test_a_total_below_the_items_returned_is_dropped() -> None:
    """A "count" smaller than the items that arrived is not this collection's total."""
    env = judge({"count": 1, "results": [1, 2, 3]})
    assert env.outcome is Outcome.SUCCESS
    assert env.coverage is not None
    assert env.coverage.total is None


@pytest.mark.parametrize(
    ("body", "data"),
    [
        ({"items": [1], "results": [2]}, {"items": [1], "results": [2]}),  # ambiguous: a record
        ({"members": [{"id": "U1"}], "ok": True}, [{"id": "U1"}]),
        ({"data": {"id": 1}}, {"data": {"id": 1}}),  # data as an object is a record
        ({"value": [1, 2]}, [1, 2]),
        ({"hits": {"hits": [{"_id": "1"}]}, "items": [9]}, [{"_id": "1"}]),  # hits.hits first
    ],
)
def test_collection_auto_detection(body: Any, data: Any) -> None:
    """One well-known list key is the collection; two make the body a single record."""
    assert judge(body).data == data


@pytest.mark.parametrize(
    ("body", "outcome", "returned"),
    [
        ({"startAt": 0, "maxResults": 2, "total": 9, "issues": [1, 2]}, Outcome.PARTIAL, 2),
        ({"tickets": [1], "next_page": "https://api.example.test/t?page=2"}, Outcome.PARTIAL, 1),
        ({"tickets": [], "next_page": None, "count": 0}, Outcome.EMPTY, 0),
        ({"id": "inv_1", "total": 1999, "lines": [1, 2]}, Outcome.SUCCESS, 1),
        ({"value": 1, "next": None, "children": []}, Outcome.SUCCESS, 1),
    ],
)
def test_a_lone_list_beside_page_markers_is_the_collection(
    body: Any, outcome: Outcome, returned: int
) -> None:
    """Jira/Zendesk-style pages are found by their page markers; records without them are not."""
    env = judge(body)
    assert env.outcome is outcome
    assert env.coverage is not None
    assert env.coverage.returned == returned


def test_items_paths_walk_objects_and_list_indexes() -> None:
    """Dotted items paths follow object keys and numeric list indexes; a missing step fails."""
    body = {"a": {"b": [{"c": [1, 2]}]}}
    assert judge(body, items="a.b.0.c").data == [1, 2]
    assert judge(body, items="a.b").data == [{"c": [1, 2]}]
    assert judge([3], items="").data == [3]
    missing = judge(body, items="a.x")
    assert missing.failure is not None
    assert missing.failure.detail == "items path 'a.x' is not in the body"
    assert judge(body, items="a.b.7.c").outcome is Outcome.ACCESS_FAILURE


@pytest.mark.parametrize(
    ("value", "count"),
    [
        (3, 3),
        ("120", 120),
        (0, 0),
        (-1, None),
        (-2, None),
        (True, None),
        (1.5, None),
        ("12a", None),
        ("9" * 19, None),
        ("٣", None),
        (None, None),
    ],
)
def test_counts_are_non_negative_ints_or_digit_strings(value: Any, count: int | None) -> None:
    """A total is an int or an ASCII digit string, nothing else (else a schema failure)."""
    env = judge({"n": value, "items": [0]}, total="n")
    # The source did not count: allowed. -1 is Paddle's documented "counting skipped".
    if value is None or (type(value) is int and value == -1):
        assert env.coverage is not None
        assert env.coverage.total is None
    elif count is None:
        assert failure_of(env) == (FailureCode.SCHEMA, P)
    else:
        assert env.coverage is not None
        assert env.coverage.total == (count if count >= 1 else None)


# -- batches answered record by record -----------------------------------------------------------


def marketo(*records: dict[str, Any]) -> dict[str, Any]:
    """Marketo's answer to a write on several records: each record's status, a skipped one
    with its reasons (https://experienceleague.adobe.com/en/docs/marketo-developer/marketo/rest/error-codes)."""
    return {"requestId": "7078#17d4f0546b6", "result": list(records), "success": True}


def skipped(code: str, message: str) -> dict[str, Any]:
    return {"status": "skipped", "reasons": [{"code": code, "message": message}]}


def test_marketo_every_record_skipped_is_a_failure() -> None:
    body = marketo(skipped("1003", "Invalid value for field 'email'"))
    env = judge(body, url=MARKETO, method="POST")
    assert failure_of(env) == (FailureCode.BAD_REQUEST, P)
    assert env.failure is not None
    assert "1003 Invalid value" in env.failure.detail


def test_marketo_a_record_not_found_is_named_so() -> None:
    env = judge(marketo(skipped("1004", "Lead not found"), skipped("1004", "Lead not found")))
    assert failure_of(env) == (FailureCode.NOT_FOUND, P)


def test_marketo_some_records_skipped_is_a_partial_naming_each() -> None:
    body = marketo({"id": 7149, "status": "updated"}, skipped("1003", "Invalid value"))
    env = judge(body, url=MARKETO, method="POST")
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert env.coverage.truncated_by is TruncatedBy.UPSTREAM_FLAG
    assert env.coverage.dropped == ("record 1: 1003 Invalid value",)


@pytest.mark.parametrize(
    "body",
    [
        marketo({"id": 7149, "status": "created"}, {"id": 7150, "status": "updated"}),
        # a skipped record that names no reason is not read as refused
        marketo({"id": 7149, "status": "skipped"}),
        # not Marketo's envelope: a record's own status field
        {"result": [skipped("1003", "x")], "success": True},
    ],
    ids=["all_done", "no_reasons", "no_request_id"],
)
def test_marketo_records_processed_are_the_answer(body: Any) -> None:
    assert judge(body, url=MARKETO).outcome is Outcome.SUCCESS


MARKETO = "https://123-abc-456.mktorest.com/rest/v1/leads.json"
MAILERLITE = "https://connect.mailerlite.com/api/batch"


def mailerlite(*codes: int) -> dict[str, Any]:
    """MailerLite's batch answer: counts, then each request's code and body
    (https://developers.mailerlite.com/api/batching)."""
    failed = sum(1 for c in codes if c >= 400)
    answers: list[dict[str, Any]] = [
        {"code": c, "body": {"message": "No query results"} if c >= 400 else {"data": {}}}
        for c in codes
    ]
    return {
        "total": len(codes),
        "successful": len(codes) - failed,
        "failed": failed,
        "responses": answers,
    }


def test_mailerlite_every_request_failed_is_a_failure_keyed_on_their_status() -> None:
    env = judge(mailerlite(404, 404), url=MAILERLITE)
    assert failure_of(env) == (FailureCode.NOT_FOUND, P)
    mixed = judge(mailerlite(404, 422), url=MAILERLITE)
    assert failure_of(mixed) == (FailureCode.UPSTREAM_ERROR, P)


def test_mailerlite_some_requests_failed_is_a_partial() -> None:
    env = judge(mailerlite(200, 404, 201), url=MAILERLITE)
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert env.coverage.dropped == ("request 1: 404 No query results",)


def test_mailerlite_every_request_done_is_the_answer() -> None:
    assert judge(mailerlite(200, 201), url=MAILERLITE).outcome is Outcome.SUCCESS


MARKETO_NONE = {
    "success": True,
    "errors": [],
    "requestId": "11d72#17d4f0450c4",
    "warnings": ["No assets found for the given search criteria."],
}


def test_marketo_found_none_is_empty_under_a_declared_result_path() -> None:
    """Marketo leaves ``result`` out of a lookup that found nothing, and says so in a warning
    (https://experienceleague.adobe.com/en/docs/marketo-developer/marketo/rest/assets/assets)."""
    env = judge(MARKETO_NONE, url=MARKETO, items="result")
    assert env.outcome is Outcome.EMPTY, env
    with_error = {**MARKETO_NONE, "errors": [{"code": "702", "message": "No data found"}]}
    assert judge(with_error, url=MARKETO, items="result").outcome is not Outcome.EMPTY


# -- WeChat, WeCom, DingTalk: errcode in every 200 ---------------------------------------------

WECHAT = "https://api.weixin.qq.com/cgi-bin/user/info"


@pytest.mark.parametrize(
    ("errcode", "expected"),
    [
        # https://developers.weixin.qq.com/doc/offiaccount/en/Getting_Started/Global_Return_Code.html
        (40001, (FailureCode.UNAUTHORIZED, P)),
        (42001, (FailureCode.UNAUTHORIZED, P)),
        (-1, (FailureCode.SERVER_ERROR, T)),
        (45011, (FailureCode.RATE_LIMITED, T)),
        (45009, (FailureCode.RATE_LIMITED, P)),
        (48001, (FailureCode.FORBIDDEN, P)),
        (46004, (FailureCode.NOT_FOUND, P)),
        (40003, (FailureCode.UPSTREAM_ERROR, P)),
    ],
)
def test_wechat_errcode_other_than_0_is_the_failure_it_names(
    errcode: int, expected: tuple[FailureCode, FailureKind]
) -> None:
    env = judge({"errcode": errcode, "errmsg": "the words, rid: 6a1b"}, url=WECHAT)
    assert failure_of(env) == expected
    assert env.failure is not None
    assert env.failure.detail == f"wechat: errcode {errcode}: the words, rid: 6a1b"


def test_wechat_no_such_user_is_a_declared_lookups_empty() -> None:
    body = {"errcode": 46004, "errmsg": "user not exist"}
    assert judge(body, url=WECHAT, not_found="empty").outcome is Outcome.EMPTY


@pytest.mark.parametrize(
    "body",
    [
        {"errcode": 0, "errmsg": "ok", "tag": {"id": 134, "name": "x"}},
        {"errcode": "40001", "errmsg": "a code in words is not WeChat's"},
        {"errcode": 40001},  # no errmsg: not its envelope
    ],
)
def test_wechat_errcode_0_or_not_its_envelope_is_the_answer(body: Any) -> None:
    assert judge(body, url=WECHAT).outcome is Outcome.SUCCESS


def test_wecom_some_recipients_refused_is_a_partial_naming_them() -> None:
    """WeCom sends to the recipients it can and returns the invalid ones
    (https://developer.work.weixin.qq.com/document/path/90236)."""
    body = {"errcode": 0, "errmsg": "ok", "invaliduser": "userid1|userid2", "msgid": "xx"}
    env = judge(body, url="https://qyapi.weixin.qq.com/cgi-bin/message/send", method="POST")
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert env.coverage.dropped == ("invaliduser: userid1", "invaliduser: userid2")
    sent = {"errcode": 0, "errmsg": "ok", "invaliduser": "", "msgid": "xx"}
    assert judge(sent, method="POST").outcome is Outcome.SUCCESS


def test_wechat_result_list_every_entry_refused_is_a_failure() -> None:
    refused: dict[str, Any] = {
        "errcode": 0,
        "errmsg": "ok",
        "result_list": [{"ori_openid": "o1", "err_msg": "ori_openid error"}],
    }
    assert failure_of(judge(refused, method="POST")) == (FailureCode.BAD_REQUEST, P)
    some = {
        **refused,
        "result_list": [
            {"ori_openid": "o0", "new_openid": "n0", "err_msg": "ok"},
            *refused["result_list"],
        ],
    }
    assert judge(some, method="POST").outcome is Outcome.PARTIAL


def test_wecom_is_last_false_is_a_page_with_more_after_it() -> None:
    """WeCom's lists say is_last, whether this is the last of the list
    (https://developer.work.weixin.qq.com/document/path/92124)."""
    body = {"errcode": 0, "errmsg": "ok", "info": [{"external_userid": "w1"}], "is_last": False}
    url = "https://qyapi.weixin.qq.com/cgi-bin/externalcontact/get_unassigned_list"
    env = judge(body, url=url, method="POST", items="info")
    assert env.outcome is Outcome.PARTIAL
    assert judge({**body, "is_last": True}, url=url, items="info").outcome is Outcome.SUCCESS


def test_wechat_a_call_past_the_last_follower_is_empty() -> None:
    """WeChat's follower list resumes from next_openid; the call past the last gets count 0
    (https://developers.weixin.qq.com/doc/offiaccount/en/User_Management/Getting_a_User_List.html).
    Its next_openid is the last openid pulled, on every page: no next page by itself."""
    url = "https://api.weixin.qq.com/cgi-bin/user/get?next_openid=OPENID2"
    past = judge(
        {"total": 2, "count": 0, "next_openid": ""}, url=url, items="data.openid", total="total"
    )
    assert past.outcome is Outcome.EMPTY, past
    whole = {"total": 2, "count": 2, "data": {"openid": ["O1", "O2"]}, "next_openid": "O2"}
    first = judge(
        whole, url="https://api.weixin.qq.com/cgi-bin/user/get", items="data.openid", total="total"
    )
    assert first.outcome is Outcome.SUCCESS, first


# -- Amazon's Product Advertising API 5.0 ---------------------------------------------------------

PAAPI = "https://webservices.amazon.com/paapi5/searchitems"


def paapi_error(code: str, message: str) -> dict[str, Any]:
    """PA-API's error data (https://webservices.amazon.com/paapi5/documentation/processing-of-errors.html)."""
    return {"__type": "com.amazon.paapi5#ErrorData", "Code": code, "Message": message}


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("InvalidParameterValue", (FailureCode.BAD_REQUEST, P)),
        ("UnrecognizedClient", (FailureCode.UNAUTHORIZED, P)),
        ("TooManyRequests", (FailureCode.RATE_LIMITED, T)),
        ("NoResults", (FailureCode.NOT_FOUND, P)),
        ("SomethingNew", (FailureCode.UPSTREAM_ERROR, P)),
    ],
)
def test_paapi_errors_alone_are_the_failure_their_code_names(
    code: str, expected: tuple[FailureCode, FailureKind]
) -> None:
    env = judge({"Errors": [paapi_error(code, "the words")]}, url=PAAPI, method="POST")
    assert failure_of(env) == expected


def test_paapi_no_results_is_a_declared_lookups_empty() -> None:
    body = {"Errors": [paapi_error("NoResults", "No results found for your request.")]}
    env = judge(body, url=PAAPI, method="POST", not_found="empty")
    assert env.outcome is Outcome.EMPTY


def test_paapi_errors_beside_a_result_are_the_items_it_did_not_return() -> None:
    body = {
        "ItemsResult": {"Items": [{"ASIN": "B00X4WHP5E"}]},
        "Errors": [paapi_error("InvalidParameterValue", "The ItemId B0000 is not valid.")],
    }
    env = judge(body, url="https://webservices.amazon.com/paapi5/getitems", method="POST")
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert env.coverage.dropped == ("InvalidParameterValue: The ItemId B0000 is not valid.",)


# -- Flickr: stat "fail" with its code, in JSON and in XML ----------------------------------------

FLICKR = "https://api.flickr.com/services/rest/?method=flickr.photos.comments.addComment"


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (99, (FailureCode.FORBIDDEN, P)),
        (100, (FailureCode.UNAUTHORIZED, P)),
        (105, (FailureCode.SERVER_ERROR, T)),
        (2, (FailureCode.BAD_REQUEST, P)),
    ],
)
def test_flickr_stat_fail_is_the_failure_its_code_names(
    code: int, expected: tuple[FailureCode, FailureKind]
) -> None:
    """https://www.flickr.com/services/api/response.json.html: stat, code and message."""
    body = {"stat": "fail", "code": code, "message": "the words"}
    assert failure_of(judge(body, url=FLICKR)) == expected


def test_flickr_xml_refusal_answering_a_write_is_no_acknowledgement() -> None:
    """Flickr's REST format, <rsp stat="fail"><err code msg/></rsp>
    (https://www.flickr.com/services/api/response.rest.html), answering a POST: the write was
    refused, not taken."""
    xml = (
        b'<?xml version="1.0" encoding="utf-8" ?>\n<rsp stat="fail">\n'
        b'\t<err code="99" msg="Insufficient permission to comment" />\n</rsp>\n'
    )
    env = classify_parts(
        200, httpx.Headers({"content-type": "text/xml"}), xml, url=FLICKR, method="POST"
    )
    assert failure_of(env) == (FailureCode.FORBIDDEN, P)
    ok = (
        b'<?xml version="1.0" encoding="utf-8" ?>\n<rsp stat="ok">\n'
        b'<comment id="97777-72057594037941949-72057594037942602" />\n</rsp>\n'
    )
    taken = classify_parts(
        200, httpx.Headers({"content-type": "text/xml"}), ok, url=FLICKR, method="POST"
    )
    assert taken.outcome is Outcome.SUCCESS


def test_flickr_a_lookups_not_found_is_its_declared_empty() -> None:
    body = {"stat": "fail", "code": 1, "message": "Photo not found"}
    url = "https://api.flickr.com/services/rest/?method=flickr.photos.getInfo&photo_id=1"
    assert failure_of(judge(body, url=url)) == (FailureCode.NOT_FOUND, P)
    assert judge(body, url=url, not_found="empty").outcome is Outcome.EMPTY
    xml = b'<rsp stat="fail"><err code="1" msg="Photo not found" /></rsp>'
    env = classify_parts(
        200, httpx.Headers({"content-type": "text/xml"}), xml, url=url, not_found="empty"
    )
    assert env.outcome is Outcome.EMPTY


# -- one JSON object per line under a JSON type: Docker Engine's progress streams ---------------

DOCKER_BUILD = "http://localhost:2375/v1.43/build?t=app"


def test_docker_build_failure_in_its_stream_is_no_acknowledgement() -> None:
    """Docker answers a build with a 200 before it runs and streams its progress as JSON objects
    labelled application/json; a failed step ends the stream with errorDetail
    (https://github.com/moby/moby/issues/35275)."""
    body = (
        b'{"stream":"Step 1 : LOLOLOL \\n"}\r\n'
        b'{"errorDetail":{"message":"Unknown instruction: LOLOLOL"},'
        b'"error":"Unknown instruction: LOLOLOL"}\r\n'
    )
    env = classify_parts(200, httpx.Headers(JSON_HEADERS), body, url=DOCKER_BUILD, method="POST")
    assert failure_of(env) == (FailureCode.UPSTREAM_ERROR, P)
    assert env.failure is not None
    assert env.failure.detail.endswith("docker: Unknown instruction: LOLOLOL")


def test_docker_build_stream_that_finished_is_its_lines() -> None:
    body = b'{"stream":"Step 1/2 : FROM debian"}\r\n{"stream":"Successfully built 1a2b"}\r\n'
    env = classify_parts(200, httpx.Headers(JSON_HEADERS), body, url=DOCKER_BUILD, method="POST")
    assert env.outcome is Outcome.SUCCESS
    assert env.coverage is not None
    assert env.coverage.returned == 2


def test_json_that_is_not_one_object_per_line_stays_invalid() -> None:
    for body in (b'{"a": 1} {"b": 2}', b'{"a": 1}\n[1, 2]\n', b'{"a": 1}\n{"b": \n'):
        env = classify_parts(200, httpx.Headers(JSON_HEADERS), body, url=URL)
        assert failure_of(env) == (FailureCode.INVALID_BODY, P), body


JSON_HEADERS = {"content-type": "application/json"}


def graph_entry(code: int, answer: Any) -> dict[str, Any]:
    """One entry of a Facebook Graph batch's answer: its status and its body as JSON text
    (https://developers.facebook.com/docs/graph-api/batch-requests)."""
    headers = [{"name": "Content-Type", "value": "text/javascript; charset=UTF-8"}]
    return {"code": code, "headers": headers, "body": json.dumps(answer)}


GRAPH_ERROR = {"error": {"message": "(#100) Invalid parameter", "type": "OAuthException"}}


def test_a_graph_batch_with_some_requests_failed_or_not_completed_is_a_partial() -> None:
    url = "https://graph.facebook.com/"
    done = graph_entry(200, {"id": "123"})
    some = judge([graph_entry(400, GRAPH_ERROR), done], url=url, method="POST")
    assert truncation_of(some) is TruncatedBy.UPSTREAM_FLAG
    assert some.coverage is not None
    assert some.coverage.dropped == ("0: (#100) Invalid parameter",)
    # a batch that ran out of time: the requests it did not complete answer null
    timed_out = judge([done, None], url=url, method="POST")
    assert timed_out.outcome is Outcome.PARTIAL
    assert timed_out.coverage is not None
    assert timed_out.coverage.dropped == ("1: not completed (null)",)
    every = judge([graph_entry(400, GRAPH_ERROR), graph_entry(403, GRAPH_ERROR)], url=url)
    assert failure_of(every) == (FailureCode.BAD_REQUEST, P)
    assert every.failure is not None
    assert "(#100) Invalid parameter" in every.failure.detail
    assert judge([done, done], url=url, method="POST").outcome is Outcome.SUCCESS
    # the same with a result model: the array is read, not validated as it is
    model = judge([graph_entry(400, GRAPH_ERROR), done], result_model=list[dict[str, Any]])
    assert model.outcome is Outcome.PARTIAL
    # an array of records that happen to hold a code and a body is not a batch
    records = [{"code": 500, "body": "text", "title": "Post"}]
    assert judge(records).outcome is Outcome.SUCCESS


def test_an_x_media_upload_whose_processing_failed_is_an_access_failure() -> None:
    """X's upload status: processing_info.state "failed" with its error
    (https://developer.x.com/en/docs/x-api/v1/media/upload-media/api-reference/get-media-upload-status)."""
    info: dict[str, Any] = {"state": "failed", "progress_percent": 12}
    info["error"] = {"code": 1, "name": "InvalidMedia", "message": "Unsupported video format"}
    body = {"media_id": 710511363345354753, "processing_info": info}
    env = judge(body, url="https://upload.twitter.com/1.1/media/upload.json?command=STATUS")
    assert failure_of(env) == (FailureCode.UPSTREAM_ERROR, P)
    assert env.failure is not None
    assert "InvalidMedia: Unsupported video format" in env.failure.detail
    for state in ("pending", "in_progress", "succeeded"):
        going = {**body, "processing_info": {"state": state, "check_after_secs": 5}}
        assert judge(going).outcome is Outcome.SUCCESS


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (10, (FailureCode.UNAUTHORIZED, P)),
        (100, (FailureCode.SERVER_ERROR, T)),
        (701, (FailureCode.NOT_FOUND, P)),
        (407, (FailureCode.NOT_FOUND, P)),
        (300, (FailureCode.BAD_REQUEST, P)),  # an invalid email request: the status's reading
    ],
)
def test_postmark_422_is_keyed_on_its_error_code(
    code: int, expected: tuple[FailureCode, FailureKind]
) -> None:
    """Postmark's 422 holds its own ErrorCode (https://postmarkapp.com/developer/api/overview#error-codes)."""
    body = {"ErrorCode": code, "Message": "This message was not found."}
    url = "https://api.postmarkapp.com/messages/outbound/0ac29aee/details"
    assert failure_of(judge(body, status=422, url=url)) == expected
    lookup = judge(body, status=422, url=url, not_found="empty")
    assert lookup.outcome is (Outcome.EMPTY if code in (407, 701) else Outcome.ACCESS_FAILURE)
    # the same code beside other members is not Postmark's error
    other = judge({**body, "field": "x"}, status=422, url=url)
    assert failure_of(other) == (FailureCode.BAD_REQUEST, P)


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (10001, (FailureCode.UPSTREAM_ERROR, P)),  # params error: the request refused
        (10003, (FailureCode.UNAUTHORIZED, P)),
        (10005, (FailureCode.FORBIDDEN, P)),
        (10006, (FailureCode.RATE_LIMITED, T)),
        (10016, (FailureCode.SERVER_ERROR, T)),
    ],
)
def test_bybit_ret_code_other_than_zero_is_keyed_on_the_code(
    code: int, expected: tuple[FailureCode, FailureKind]
) -> None:
    """Bybit v5 answers every call 200 with its own retCode (https://bybit-exchange.github.io/docs/v5/error)."""
    body = {"retCode": code, "retMsg": "params error", "result": {}, "retExtInfo": {}, "time": 1}
    env = judge(body, url="https://api.bybit.com/v5/order/realtime")
    assert failure_of(env) == expected
    assert env.failure is not None
    assert f"retCode {code}: params error" in env.failure.detail


def test_bybit_pages_by_next_page_cursor_and_ends_on_cursor_zero() -> None:
    """nextPageCursor "refer to the cursor request parameter"; a nextCursor of "0" means no
    more (https://bybit-exchange.github.io/docs/v5/user/page-subuid)."""
    rows = [{"execId": "e1"}, {"execId": "e2"}]
    page_ = {"retCode": 0, "retMsg": "OK", "retExtInfo": {}, "time": 1}
    more = {**page_, "result": {"nextPageCursor": "132766%3A2", "category": "linear", "list": rows}}
    for items in ("result.list", None):  # declared, and found when inferring
        env = judge(more, items=items)
        assert env.outcome is Outcome.PARTIAL, items
        assert env.coverage is not None
        assert env.coverage.returned == 2
    last = {**page_, "result": {"nextPageCursor": "", "category": "linear", "list": rows}}
    assert judge(last, items="result.list").outcome is Outcome.SUCCESS
    ended = {**page_, "result": {"subMembers": rows, "nextCursor": "0"}}
    assert judge(ended, items="result.subMembers").outcome is Outcome.SUCCESS
    going = {**page_, "result": {"subMembers": rows, "nextCursor": "17"}}
    assert judge(going, items="result.subMembers").outcome is Outcome.PARTIAL


def test_polymarket_end_cursor_ends_the_listing() -> None:
    """Polymarket's next_cursor "LTE=" ("-1" in base64) "means the end"
    (https://docs.polymarket.com/developers/CLOB/trades/trades)."""
    body = {"data": [{"id": "t1"}], "next_cursor": "LTE="}
    assert judge(body, items="data").outcome is Outcome.SUCCESS
    assert judge({**body, "next_cursor": "MTAw"}, items="data").outcome is Outcome.PARTIAL


def okx(code: str, msg: str, *items: tuple[str, str]) -> dict[str, Any]:
    """OKX's v5 answer (https://www.okx.com/docs-v5/en/#error-code): each item's sCode, sMsg."""
    data = [{"ordId": f"o{n}", "sCode": c, "sMsg": m} for n, (c, m) in enumerate(items)]
    return {"code": code, "msg": msg, "data": data}


def test_okx_codes_other_than_zero_are_failures_and_two_a_partial() -> None:
    url = "https://www.okx.com/api/v5/trade/batch-orders"
    failed = okx("1", "All operations failed", ("54109", "You haven't activated trading"))
    env = judge(failed, url=url, method="POST")
    assert failure_of(env) == (FailureCode.UPSTREAM_ERROR, P)
    assert env.failure is not None
    assert "You haven't activated trading" in env.failure.detail
    some = okx("2", "Bulk operation partially succeeded", ("0", ""), ("51008", "Insufficient"))
    env = judge(some, url=url, method="POST")
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert env.coverage.dropped == ("data.1: 51008 Insufficient",)
    assert failure_of(judge(okx("50011", "Rate limit reached"), url=url)) == (
        FailureCode.RATE_LIMITED,
        T,
    )
    assert failure_of(judge(okx("50111", "Invalid OK-ACCESS-KEY"), url=url)) == (
        FailureCode.UNAUTHORIZED,
        P,
    )
    done = okx("0", "", ("0", "Order placed"))
    assert judge(done, url=url, method="POST").outcome is Outcome.SUCCESS
    # KuCoin's success code, 200000, beside data and no msg is not OKX's
    kucoin = {"code": "200000", "data": [{"id": "1"}]}
    assert judge(kucoin, url="https://api.kucoin.com/api/v1/orders").outcome is Outcome.SUCCESS


def test_polymarket_orders_not_canceled_make_a_partial() -> None:
    """Polymarket's cancel: canceled ids beside not_canceled ones with why
    (https://docs.polymarket.com/developers/CLOB/orders/cancel-orders)."""
    url = "https://clob.polymarket.com/orders"
    some = {"canceled": ["0x1", "0x2"], "not_canceled": {"0x3": "already canceled or matched"}}
    env = judge(some, url=url, method="DELETE")
    assert truncation_of(env) is TruncatedBy.UPSTREAM_FLAG
    assert env.coverage is not None
    assert env.coverage.dropped == ("not_canceled: 0x3: already canceled or matched",)
    none = {"canceled": [], "not_canceled": {"0x3": "already canceled or matched"}}
    assert failure_of(judge(none, url=url, method="DELETE")) == (FailureCode.UPSTREAM_ERROR, P)
    every = {"canceled": ["0x1"], "not_canceled": {}}
    assert judge(every, url=url, method="DELETE").outcome is Outcome.SUCCESS


def test_success_false_with_polymarkets_error_msg_is_a_failure() -> None:
    """Polymarket's refused order (https://docs.polymarket.com/developers/CLOB/orders/create-order)."""
    body = {"success": False, "orderID": None, "errorMsg": "Insufficient balance"}
    env = judge(body, url="https://clob.polymarket.com/order", method="POST")
    assert failure_of(env) == (FailureCode.UPSTREAM_ERROR, P)
    assert env.failure is not None
    assert "Insufficient balance" in env.failure.detail
    placed = {"success": True, "orderID": "0xabc", "errorMsg": ""}
    assert judge(placed, method="POST").outcome is Outcome.SUCCESS


def test_dropbox_job_status_and_batch_entries() -> None:
    """Dropbox's job status and a batch's entries
    (https://www.dropbox.com/developers/documentation/http/documentation#files-delete_batch-check)."""
    url = "https://api.dropboxapi.com/2/files/save_url/check_job_status"
    running = judge({".tag": "in_progress"}, url=url, method="POST")
    assert failure_of(running) == (FailureCode.UPSTREAM_ERROR, T)
    failed = {".tag": "failed", "failed": {".tag": "download_failed"}}
    assert failure_of(judge(failed, url=url, method="POST")) == (FailureCode.UPSTREAM_ERROR, P)
    done = {".tag": "complete", "metadata": {".tag": "file", "name": "a.txt", "id": "id:1"}}
    assert judge(done, url=url, method="POST").outcome is Outcome.SUCCESS
    ok_entry = {".tag": "success", "metadata": {".tag": "file", "name": "a", "id": "id:2"}}
    missing = {".tag": "failure", "failure": {".tag": "path", "path": {".tag": "not_found"}}}
    batch = "https://api.dropboxapi.com/2/files/delete_batch/check"
    some = judge({".tag": "complete", "entries": [ok_entry, missing]}, url=batch, method="POST")
    assert some.outcome is Outcome.PARTIAL
    assert some.coverage is not None
    assert some.coverage.dropped == ("entries.1: path/not_found",)
    every = judge({"entries": [missing]}, url=batch, method="POST")
    assert failure_of(every) == (FailureCode.NOT_FOUND, P)
    listed = judge({"entries": [ok_entry, ok_entry], "cursor": "", "has_more": False}, url=batch)
    assert listed.outcome is Outcome.SUCCESS


def test_a_404_for_a_datocms_job_result_is_not_ready_yet() -> None:
    """DatoCMS: GET /job-results/:id "will return a 404 Not found as long as the task is still
    in progress" (https://www.datocms.com/docs/content-management-api/async-jobs)."""
    body = {"data": [{"type": "api_error", "attributes": {"code": "NOT_FOUND"}}]}
    url = "https://site-api.datocms.com/job-results/dcb7f3a3569d6c9b8e6118f5"
    assert failure_of(judge(body, status=404, url=url)) == (FailureCode.UPSTREAM_ERROR, T)
    # any other 404, and a job result's 404 to a write, stay a not_found
    other = "https://site-api.datocms.com/items/dcb7f3a3569d6c9b8e6118f5"
    assert failure_of(judge(body, status=404, url=other)) == (FailureCode.NOT_FOUND, P)
    nested = "https://site-api.datocms.com/items/job-results/x"
    assert failure_of(judge(body, status=404, url=nested)) == (FailureCode.NOT_FOUND, P)
    deleted = judge(body, status=404, url=url, method="DELETE")
    assert failure_of(deleted) == (FailureCode.NOT_FOUND, P)


def multipart_batch(*parts: tuple[int, str]) -> tuple[bytes, str]:
    """A batch answered as multipart/mixed, one application/http part per request, as Azure
    Storage's blob batch answers (https://learn.microsoft.com/en-us/rest/api/storageservices/blob-batch)."""
    boundary = "batchresponse_70c564a5"
    body = "".join(
        f"--{boundary}\r\nContent-Type: application/http\r\nContent-ID: {n}\r\n\r\n"
        f"HTTP/1.1 {status} {reason}\r\nx-ms-version: 2018-11-09\r\n"
        + (f"x-ms-error-code: {reason.replace(' ', '')}\r\n" if status >= 400 else "")
        + "\r\n"
        for n, (status, reason) in enumerate(parts)
    )
    return f"{body}--{boundary}--\r\n".encode(), f"multipart/mixed; boundary={boundary}"


def test_a_multipart_batch_with_some_parts_failed_is_a_partial() -> None:
    url = "https://acct.blob.core.windows.net/?comp=batch"

    def send(*parts: tuple[int, str]) -> Envelope[Any]:
        body, media = multipart_batch(*parts)
        headers = httpx.Headers({"content-type": media})
        return classify_parts(202, headers, body, url=url, method="POST")

    some = send((202, "Accepted"), (404, "Blob Not Found"), (200, "OK"))
    assert truncation_of(some) is TruncatedBy.UPSTREAM_FLAG
    assert some.coverage is not None
    assert some.coverage.dropped == ("part 1: 404 BlobNotFound",)
    assert some.coverage.returned == 3
    every = send((403, "Authorization Failure"), (403, "Authorization Failure"))
    assert failure_of(every) == (FailureCode.FORBIDDEN, P)
    assert send((202, "Accepted"), (202, "Accepted")).outcome is Outcome.SUCCESS
    # a multipart answer with no status line in it is judged as before
    headers = httpx.Headers({"content-type": "multipart/mixed; boundary=x"})
    plain = classify_parts(200, headers, b"--x\r\n\r\nhello\r\n--x--", url=url, method="POST")
    assert plain.outcome is Outcome.SUCCESS


def test_an_oauth_problem_naming_a_rate_limit_is_a_throttle_whatever_the_status() -> None:
    """OAuth 1.0a's problem report (https://wiki.oauth.net/w/page/12238543/ProblemReporting);
    Xero's "rate limit exceeded" in a 401 (https://developer.xero.com/documentation/guides/oauth2/limits/)."""
    url = "https://api.xero.com/api.xro/2.0/Invoices"
    form = httpx.Headers({"content-type": "application/x-www-form-urlencoded"})
    limited = b"oauth_problem=rate%20limit%20exceeded&oauth_problem_advice=please%20wait\n"
    env = classify_parts(401, form, limited, url=url)
    assert failure_of(env) == (FailureCode.RATE_LIMITED, T)
    assert env.failure is not None
    assert "oauth_problem: rate limit exceeded (please wait)" in env.failure.detail
    expired = b"oauth_problem=token_expired&oauth_problem_advice=renew%20the%20token"
    assert failure_of(classify_parts(401, form, expired, url=url)) == (
        FailureCode.UNAUTHORIZED,
        P,
    )


def test_amap_status_zero_is_keyed_on_its_infocode() -> None:
    """AMap's status "0" with its infocode (https://lbs.amap.com/api/webservice/guide/tools/info)."""
    url = "https://restapi.amap.com/v3/geocode/geo?address=x"
    refused = {"status": "0", "info": "INVALID_USER_KEY", "infocode": "10001"}
    assert failure_of(judge(refused, url=url, items="geocodes")) == (FailureCode.UNAUTHORIZED, P)
    busy = {"status": "0", "info": "ACCESS_TOO_FREQUENT", "infocode": "10004"}
    assert failure_of(judge(busy, url=url)) == (FailureCode.RATE_LIMITED, T)
    found = {"status": "1", "info": "OK", "infocode": "10000", "count": "0", "geocodes": []}
    assert judge(found, url=url, items="geocodes").outcome is Outcome.EMPTY


def test_mapquest_info_statuscode_is_read_as_a_status() -> None:
    """MapQuest's info.statuscode (https://developer.mapquest.com/documentation/api/geocoding/)."""
    url = "https://www.mapquestapi.com/geocoding/v1/address?location=x"
    body = {"info": {"statuscode": 500, "messages": ["Error processing request"]}, "results": []}
    assert failure_of(judge(body, url=url, items="results")) == (FailureCode.SERVER_ERROR, T)
    keyed = {"info": {"statuscode": 403, "messages": ["The AppKey is invalid"]}, "results": []}
    assert failure_of(judge(keyed, url=url)) == (FailureCode.FORBIDDEN, P)
    done = {"info": {"statuscode": 0, "messages": []}, "results": [{"locations": []}]}
    assert judge(done, url=url, items="results").outcome is Outcome.SUCCESS


def test_an_overpass_runtime_error_remark_is_a_failure_or_a_partial() -> None:
    """Overpass's remark when a query runs out of time or memory
    (https://wiki.openstreetmap.org/wiki/Overpass_API/Overpass_QL#Settings)."""
    url = "https://overpass-api.de/api/interpreter"
    remark = 'runtime error: Query timed out in "query" at line 4 after 2 seconds.'
    none = {"version": 0.6, "elements": [], "remark": remark}
    assert failure_of(judge(none, url=url, items="elements")) == (FailureCode.UPSTREAM_ERROR, T)
    some = {"version": 0.6, "elements": [{"type": "node", "id": 1}], "remark": remark}
    assert truncation_of(judge(some, url=url, items="elements")) is TruncatedBy.UPSTREAM_FLAG
    fine = {"version": 0.6, "elements": [], "remark": "Note: a query's own remark"}
    assert judge(fine, url=url, items="elements").outcome is Outcome.EMPTY


def test_loqates_error_row_in_a_bare_array_is_a_failure() -> None:
    """PostcodeAnywhere's json.ws answers its error row in a bare array
    (https://docs.loqate.com/api-reference/address-capture/retrieve)."""
    row = {"Error": "8", "Description": "Key daily limit exceeded", "Cause": "c", "Resolution": "r"}
    url = "https://services.postcodeanywhere.co.uk/Geocoding/UK/Geocode/v2.00/json.ws"
    assert failure_of(judge([row], url=url)) == (FailureCode.RATE_LIMITED, P)
    assert judge([{"Location": "x", "Easting": 1}], url=url).outcome is Outcome.SUCCESS


def test_success_false_beside_its_request_id_is_a_failure() -> None:
    """IPQualityScore's spent quota
    (https://www.ipqualityscore.com/documentation/proxy-detection-api/response-parameters)."""
    body = {"success": False, "message": "You have exceeded your request quota", "request_id": "5D"}
    assert failure_of(judge(body)) == (FailureCode.UPSTREAM_ERROR, P)


def test_bing_maps_overloaded_header_makes_a_2xx_a_transient_failure() -> None:
    """Bing Maps' X-MS-BM-WS-INFO: 1, "the response may be empty or incomplete: wait a few
    seconds and try again" (https://learn.microsoft.com/en-us/bingmaps/rest-services/status-codes-and-error-handling)."""
    body = {"resourceSets": [{"estimatedTotal": 0, "resources": []}], "statusCode": 200}
    env = judge(body, headers={"x-ms-bm-ws-info": "1"})
    assert failure_of(env) == (FailureCode.SERVER_ERROR, T)
    assert judge(body, headers={"x-ms-bm-ws-info": "0"}).outcome is not Outcome.ACCESS_FAILURE


def test_a_declared_total_of_zero_beside_no_listing_is_empty() -> None:
    """Yahoo BOSS's placefinder leaves its results out when its count is "0"."""
    body = {"bossresponse": {"responsecode": "200", "placefinder": {"start": "0", "count": "0"}}}
    items, total = "bossresponse.placefinder.results", "bossresponse.placefinder.count"
    assert judge(body, items=items, total=total).outcome is Outcome.EMPTY
    counted = {"bossresponse": {"placefinder": {"count": "2"}}}
    assert failure_of(judge(counted, items=items, total=total)) == (FailureCode.SCHEMA, P)


def test_loqates_error_row_is_read_with_a_result_model_too() -> None:
    row = {"Error": "2", "Description": "Unknown key", "Cause": "c", "Resolution": "r"}
    env = judge([row], result_model=list[dict[str, str]])
    assert failure_of(env) == (FailureCode.UNAUTHORIZED, P)


def test_azure_continuation_headers_name_a_next_page() -> None:
    """Azure Table storage: "if the x-ms-continuation-NextPartitionKey … headers are returned,
    there are more results" (https://learn.microsoft.com/en-us/rest/api/storageservices/query-timeout-and-pagination)."""
    url = "https://acct.table.core.windows.net/Tables?$top=2"
    body = {"odata.metadata": "m", "value": [{"TableName": "a"}, {"TableName": "b"}]}
    more = {"x-ms-continuation-NextTableName": "1!48!bGlzdA--"}
    env = judge(body, url=url, items="value", headers=more)
    assert truncation_of(env) is TruncatedBy.NEXT_PAGE
    assert env.coverage is not None
    assert env.coverage.next_cursor == "x-ms-continuation-nexttablename=1!48!bGlzdA--"
    assert judge(body, url=url, items="value").outcome is Outcome.SUCCESS


@pytest.mark.parametrize("error", ["authorization_pending", "slow_down", "use_dpop_nonce"])
def test_oauth_errors_that_ask_the_client_to_ask_again_are_transient(error: str) -> None:
    """RFC 8628 §3.5 (keep polling) and RFC 9449 §8 (send the nonce)."""
    body = {"error": error, "error_description": "ask again"}
    env = judge(body, status=400, url="https://idp.example.test/oauth2/v1/token", method="POST")
    assert env.failure is not None
    assert env.failure.kind is T
    refused = {"error": "invalid_grant", "error_description": "expired"}
    assert failure_of(judge(refused, status=400, method="POST"))[1] is P


def test_snowflake_success_false_with_its_error_in_data() -> None:
    """Snowflake's query answer (https://docs.snowflake.com/en/developer-guide/sql-api/handling-responses)."""
    data = {"internalError": False, "errorCode": "001003", "sqlState": "42000", "queryId": "q"}
    body = {"data": data, "message": "SQL compilation error", "code": "001003", "success": False}
    assert failure_of(judge(body, method="POST")) == (FailureCode.UPSTREAM_ERROR, P)
    busy = {"data": None, "message": "You may try again later.", "code": "000610", "success": False}
    assert failure_of(judge(busy, method="POST")) == (FailureCode.RATE_LIMITED, T)
    rows = {"data": {"rowset": [[1]], "total": 1}, "message": "ok", "code": None, "success": True}
    assert judge(rows, method="POST").outcome is Outcome.SUCCESS


def test_lastfm_error_codes_in_a_200() -> None:
    """Last.fm's error codes (https://www.last.fm/api/errorcodes)."""
    url = "https://ws.audioscrobbler.com/2.0/?method=album.search&format=json"
    body = {"error": 6, "message": "Invalid parameters", "links": []}
    assert failure_of(judge(body, url=url)) == (FailureCode.BAD_REQUEST, P)
    assert failure_of(judge({"error": 29, "message": "Rate limit exceeded"}, url=url)) == (
        FailureCode.RATE_LIMITED,
        T,
    )
    margin = {"error": 3, "message": "m", "value": 1}  # beside other members: not Last.fm's
    assert judge(margin, url=url).outcome is Outcome.SUCCESS


def test_azure_monitor_partial_error_beside_its_tables_is_a_partial() -> None:
    """Log Analytics' PartialError (https://learn.microsoft.com/en-us/azure/azure-monitor/logs/api/errors)."""
    tables = [{"name": "PrimaryResult", "columns": [{"name": "x"}], "rows": [[2]]}]
    body = {"tables": tables, "error": {"code": "PartialError", "message": "Some errors."}}
    url = "https://api.loganalytics.io/v1/workspaces/w/query"
    env = judge(body, url=url, method="POST", items="tables.0.rows")
    assert truncation_of(env) is TruncatedBy.UPSTREAM_FLAG
    whole = {"tables": tables}
    assert judge(whole, url=url, method="POST", items="tables.0.rows").outcome is Outcome.SUCCESS


def test_shipengine_rate_response_status_error_or_partial() -> None:
    """ShipEngine's rate_response.status (https://www.shipengine.com/docs/rates/)."""
    error = {"error_source": "carrier", "error_code": "unspecified", "message": "no base rate"}
    rates: dict[str, Any] = {"rates": [], "status": "error", "errors": [error]}
    url = "https://api.shipengine.com/v1/rates"
    body = {"rate_response": rates, "shipment_id": "se-1"}
    env = judge(body, url=url, method="POST", items="rate_response.rates")
    assert failure_of(env) == (FailureCode.UPSTREAM_ERROR, P)
    some = {"rate_response": {**rates, "status": "partial", "rates": [{"rate_id": "r"}]}}
    partial = judge(some, url=url, method="POST", items="rate_response.rates")
    assert partial.outcome is Outcome.PARTIAL
    done = {"rate_response": {**rates, "status": "completed", "errors": [], "rates": [{"r": 1}]}}
    assert judge(done, url=url, method="POST", items="rate_response.rates").outcome is (
        Outcome.SUCCESS
    )


def test_a_207_listing_with_errors_beside_it_is_a_partial() -> None:
    """ShipEngine's 207: "only part of the request succeeded" (https://www.shipengine.com/docs/errors/)."""
    error = {"error_source": "carrier", "error_type": "security", "message": "credentials refused"}
    body = {"carriers": [{"carrier_id": "se-1"}], "errors": [error]}
    url = "https://api.shipengine.com/v1/carriers"
    env = judge(body, status=207, url=url, items="carriers")
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert env.coverage.dropped == ("errors.0: credentials refused",)
    none = judge({"carriers": [], "errors": [error]}, status=207, url=url, items="carriers")
    assert failure_of(none) == (FailureCode.UPSTREAM_ERROR, P)
    assert judge(body, url=url, items="carriers").outcome is not Outcome.PARTIAL  # a 200


def test_workos_list_metadata_names_the_cursor_in_the_direction_read() -> None:
    """WorkOS's before and after cursors (https://workos.com/docs/reference/pagination)."""
    url = "https://api.workos.com/directory_groups?directory=d&order=desc"
    rows = [{"object": "directory_group", "id": "g1"}, {"object": "directory_group", "id": "g2"}]
    more = {"object": "list", "data": rows, "list_metadata": {"before": None, "after": "g2"}}
    env = judge(more, url=url)
    assert truncation_of(env) is TruncatedBy.NEXT_PAGE
    assert env.coverage is not None
    assert env.coverage.next_cursor == "g2"
    last = {"object": "list", "data": rows, "list_metadata": {"before": "g1", "after": None}}
    assert judge(last, url=url).outcome is Outcome.SUCCESS
    backwards = judge(last, url=url + "&before=g9")
    assert backwards.outcome is Outcome.PARTIAL


def test_azure_next_link_and_assemblyai_page_details_name_a_next_page() -> None:
    """Azure's @nextLink (https://learn.microsoft.com/en-us/rest/api/aiservices/documenttranslator/get-translations-status)
    and AssemblyAI's page_details (https://www.assemblyai.com/docs/api-reference/transcripts/list)."""
    link = "https://x.cognitiveservices.azure.com/translator/text/batch/v1.0/batches?$skip=2"
    azure = {"value": [{"id": "1"}, {"id": "2"}], "@nextLink": link}
    url = "https://x.cognitiveservices.azure.com/translator/text/batch/v1.0/batches"
    assert truncation_of(judge(azure, url=url, items="value")) is TruncatedBy.NEXT_PAGE
    details = {"limit": 2, "result_count": 2, "next_url": "https://api.assemblyai.com/v2/t?a=2"}
    page_ = {"page_details": details, "transcripts": [{"id": "t1"}, {"id": "t2"}]}
    aai = judge(page_, url="https://api.assemblyai.com/v2/t?limit=2", items="transcripts")
    assert truncation_of(aai) is TruncatedBy.NEXT_PAGE


def test_azure_language_documents_refused_beside_the_results() -> None:
    """Azure AI Language's errors list beside documents (https://learn.microsoft.com/en-us/rest/api/language/)."""
    refused = {"id": "2", "error": {"code": "InvalidArgument", "message": "Invalid Language Code."}}
    url = "https://x.cognitiveservices.azure.com/text/analytics/v3.0/entities/recognition/general"
    some = judge({"documents": [{"id": "1"}], "errors": [refused]}, url=url, method="POST")
    assert some.outcome is Outcome.PARTIAL
    assert some.coverage is not None
    assert some.coverage.dropped == ("errors.2: Invalid Language Code.",)
    every = judge({"documents": [], "errors": [refused]}, url=url, method="POST")
    assert failure_of(every) == (FailureCode.BAD_REQUEST, P)
    fine = judge({"documents": [{"id": "1"}], "errors": []}, url=url, method="POST")
    assert fine.outcome is Outcome.SUCCESS


def test_an_indicator_that_none_was_found_beside_a_missing_list_is_empty() -> None:
    """UPS's address validation: NoCandidatesIndicator and no Candidate
    (https://developer.ups.com/api/reference/addressvalidation/operations)."""
    status = {"ResponseStatus": {"Code": "1", "Description": "Success"}}
    body = {"XAVResponse": {"Response": status, "NoCandidatesIndicator": ""}}
    url = "https://onlinetools.ups.com/api/addressvalidation/v2/1"
    env = judge(body, url=url, method="POST", items="XAVResponse.Candidate")
    assert env.outcome is Outcome.EMPTY
    missing = {"XAVResponse": {"Response": status}}
    schema = judge(missing, url=url, items="XAVResponse.Candidate")
    assert failure_of(schema) == (FailureCode.SCHEMA, P)


def test_a_write_answered_false_was_not_done() -> None:
    """Deezer's writes "return true if success" (https://developers.deezer.com/api/actions-post)."""
    url = "https://api.deezer.com/user/me/followings?user_id=27"
    assert failure_of(judge(False, url=url, method="POST")) == (FailureCode.UPSTREAM_ERROR, P)
    assert judge(True, url=url, method="POST").outcome is Outcome.SUCCESS
    assert judge(False, url=url).outcome is Outcome.SUCCESS  # a check's "no" to a read


def test_smartsheet_failed_items_beside_the_result_make_a_partial() -> None:
    """Smartsheet's bulk operations with allowPartialSuccess
    (https://developers.smartsheet.com/api/smartsheet/guides/advanced-topics/bulk-operations)."""
    failure = {"index": 1, "error": {"errorCode": 1036, "message": "The columnId 3 is invalid."}}
    body = {"message": "PARTIAL_SUCCESS", "resultCode": 3, "result": [{"id": 4}]}
    url = "https://api.smartsheet.com/2.0/sheets/1/rows?allowPartialSuccess=true"
    env = judge({**body, "failedItems": [failure]}, url=url, method="POST")
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert env.coverage.dropped == ("failedItems.1: The columnId 3 is invalid.",)
    none = {**body, "result": [], "failedItems": [failure]}
    assert failure_of(judge(none, url=url, method="POST")) == (FailureCode.UPSTREAM_ERROR, P)
    done = {"message": "SUCCESS", "resultCode": 0, "result": [{"id": 4}], "failedItems": []}
    assert judge(done, url=url, method="POST").outcome is Outcome.SUCCESS


def test_lastfm_scrobbles_ignored_are_a_failure_or_a_partial() -> None:
    """Last.fm's scrobble answer (https://www.last.fm/api/show/track.scrobble)."""
    ignored = {
        "track": {"#text": "Again"},
        "ignoredMessage": {"#text": "Artist filtered", "code": "1"},
    }
    taken = {"track": {"#text": "Aja"}, "ignoredMessage": {"#text": "", "code": "0"}}
    url = "https://ws.audioscrobbler.com/2.0/"
    every = {"scrobbles": {"scrobble": ignored, "@attr": {"accepted": "0", "ignored": "1"}}}
    assert failure_of(judge(every, url=url, method="POST")) == (FailureCode.UPSTREAM_ERROR, P)
    some = {"scrobbles": {"scrobble": [taken, ignored], "@attr": {"accepted": 1, "ignored": 1}}}
    env = judge(some, url=url, method="POST")
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert env.coverage.dropped == ("scrobble.1: Artist filtered",)
    fine = {"scrobbles": {"scrobble": taken, "@attr": {"accepted": "1", "ignored": "0"}}}
    assert judge(fine, url=url, method="POST").outcome is Outcome.SUCCESS


def test_a_207_listing_with_errors_is_a_partial_when_inferring_too() -> None:
    error = {"error_source": "carrier", "message": "credentials refused"}
    body = {"carriers": [{"carrier_id": "se-1", "name": "UPS"}], "errors": [error]}
    env = judge(body, status=207, url="https://api.shipengine.com/v1/carriers")
    assert env.outcome is Outcome.PARTIAL


def test_a_zendesk_job_status_not_done_is_not_the_answer_yet() -> None:
    """Zendesk's job statuses, polled until completed or failed
    (https://developer.zendesk.com/api-reference/ticketing/ticket-management/job_statuses/)."""
    url = "https://example.zendesk.com/api/v2/apps/job_statuses/aed6606d"
    working = {"id": "aed6606d", "total": 105, "progress": 85, "status": "working", "retry_in": 3}
    assert failure_of(judge(working, url=url)) == (FailureCode.UPSTREAM_ERROR, T)
    wrapped = {"job_status": {**working, "status": "queued"}}
    other = "https://example.zendesk.com/api/v2/job_statuses/8b726e606741012ffc2d782bcb7848fe"
    assert failure_of(judge(wrapped, url=other)) == (FailureCode.UPSTREAM_ERROR, T)
    failed = {**working, "status": "failed", "message": "Invalid app"}
    assert failure_of(judge(failed, url=url)) == (FailureCode.UPSTREAM_ERROR, P)
    assert judge({**working, "status": "completed"}, url=url).outcome is Outcome.SUCCESS
    ticket = "https://example.zendesk.com/api/v2/tickets/1"  # a record's own status is its own
    assert judge({"id": 1, "status": "working"}, url=ticket).outcome is Outcome.SUCCESS


def test_a_bulk_search_answering_its_token_ignores_the_offset_sent_beside_it() -> None:
    """Semantic Scholar's bulk search does not support offset and limit; token null is the last
    batch (https://api.semanticscholar.org/api-docs/graph)."""
    url = (
        "https://api.semanticscholar.org/graph/v1/paper/search/bulk?query=k&token=PCOA3RZ"
        "&offset=100&limit=100"
    )
    rows = [{"paperId": str(n)} for n in range(27)]
    last = judge({"total": 3027, "token": None, "data": rows}, url=url, items="data", total="total")
    assert last.outcome is Outcome.SUCCESS
    more = judge({"total": 3027, "token": "X2", "data": rows}, url=url, items="data", total="total")
    assert more.outcome is Outcome.PARTIAL


def test_ebay_bulk_responses_each_with_its_own_status_code() -> None:
    """eBay's bulk methods: each response's statusCode beside its errors
    (https://developer.ebay.com/api-docs/sell/marketing/resources/ad/methods/bulkCreateAdsByListingId)."""
    refused = {"statusCode": 404, "listingId": "1", "errors": [{"message": "invalid or ended"}]}
    created = {"statusCode": 201, "listingId": "2", "adId": "a2"}
    url = "https://api.ebay.com/sell/marketing/v1/ad_campaign/1/bulk_create_ads_by_listing_id"
    every = judge({"responses": [refused]}, status=207, url=url, method="POST")
    assert failure_of(every) == (FailureCode.NOT_FOUND, P)
    some = judge({"responses": [created, refused]}, status=207, url=url, method="POST")
    assert some.outcome is Outcome.PARTIAL
    done = judge({"responses": [created]}, status=200, url=url, method="POST")
    assert done.outcome is Outcome.SUCCESS


def test_a_quickbooks_batch_with_some_items_faulted_is_a_partial() -> None:
    """QuickBooks' BatchItemResponse (https://developer.intuit.com/app/developer/qbo/docs/api/accounting/all-entities/batch)."""
    fault = {"Error": [{"Message": "Object Not Found", "code": "610"}], "type": "ValidationFault"}
    done = {"Vendor": {"Id": "71", "DisplayName": "Boraski Family Store"}, "bId": "bid1"}
    url = "https://quickbooks.api.intuit.com/v3/company/1/batch"
    some = judge(
        {"BatchItemResponse": [done, {"Fault": fault, "bId": "bid2"}]}, url=url, method="POST"
    )
    assert some.outcome is Outcome.PARTIAL
    assert some.coverage is not None
    assert some.coverage.dropped == (
        "BatchItemResponse.1 (bid2): Fault ValidationFault: 610: Object Not Found",
    )
    every = judge({"BatchItemResponse": [{"Fault": fault, "bId": "b"}]}, url=url, method="POST")
    assert failure_of(every) == (FailureCode.BAD_REQUEST, P)
    fine = judge({"BatchItemResponse": [done]}, url=url, method="POST")
    assert fine.outcome is Outcome.SUCCESS


def test_a_quickbooks_report_with_no_report_data_is_empty() -> None:
    """QuickBooks' reports say NoReportData in their header
    (https://developer.intuit.com/app/developer/qbo/docs/api/accounting/report-entities/profitandloss)."""
    header = {"ReportName": "ProfitAndLoss", "Option": [{"Name": "NoReportData", "Value": "true"}]}
    rows = {"Row": [{"Summary": {"ColData": [{"value": "Net Income"}]}, "type": "Section"}]}
    url = "https://quickbooks.api.intuit.com/v3/company/1/reports/ProfitAndLoss"
    assert judge({"Header": header, "Rows": rows}, url=url).outcome is Outcome.EMPTY
    some = {**header, "Option": [{"Name": "NoReportData", "Value": "false"}]}
    assert judge({"Header": some, "Rows": rows}, url=url).outcome is Outcome.SUCCESS


def test_intuits_oauth1_error_code_in_a_200_is_a_failure() -> None:
    """Intuit's OAuth 1.0a reconnect (https://developer.intuit.com/app/developer/qbo/docs/develop/authentication-and-authorization/oauth-1.0a)."""
    body = {
        "OAuthToken": None,
        "ErrorMessage": "Token Refresh Window Out of Bounds",
        "ErrorCode": 212,
    }
    url = "https://appcenter.intuit.com/api/v1/connection/reconnect"
    assert failure_of(judge(body, url=url)) == (FailureCode.UNAUTHORIZED, P)
    ok = {"OAuthToken": "t", "ErrorMessage": "", "ErrorCode": 0}
    assert judge(ok, url=url).outcome is Outcome.SUCCESS


def test_sec_edgar_submissions_naming_more_files_are_a_partial() -> None:
    """SEC EDGAR's filings.files (https://www.sec.gov/search-filings/edgar-application-programming-interfaces)."""
    recent = {"accessionNumber": ["0001"], "form": ["10-K"]}
    more = [{"name": "CIK0000320193-submissions-001.json", "filingCount": 720}]
    body = {"cik": "320193", "name": "Apple Inc.", "filings": {"recent": recent, "files": more}}
    url = "https://data.sec.gov/submissions/CIK0000320193.json"
    env = judge(body, url=url)
    assert truncation_of(env) is TruncatedBy.UPSTREAM_FLAG
    assert env.coverage is not None
    assert "720 more filings" in env.coverage.detail
    whole = {**body, "filings": {"recent": recent, "files": []}}
    assert judge(whole, url=url).outcome is Outcome.SUCCESS


def test_upclouds_plural_wrapper_around_its_list_is_the_listing() -> None:
    """UpCloud wraps each collection in its plural (https://developers.upcloud.com/1.3/)."""
    url = "https://api.upcloud.com/1.3/router"
    assert judge({"routers": {"router": []}}, url=url).outcome is Outcome.EMPTY
    two_ = {"servers": {"server": [{"uuid": "a"}, {"uuid": "b"}]}}
    env = judge(two_, url=url)
    assert env.coverage is not None
    assert (env.outcome, env.coverage.returned) == (Outcome.SUCCESS, 2)
    # a wrapper whose one list is not its singular is left as it was
    assert judge({"user": {"roles": []}}, url=url).outcome is Outcome.SUCCESS


def test_netatmos_envelope_is_read_inside_its_body() -> None:
    """Netatmo's {status, time_server, body} (https://dev.netatmo.com/apidocumentation/general)."""
    url = "https://api.netatmo.com/api/gethomedata"
    envelope = {"status": "ok", "time_exec": 0.05, "time_server": 1565377059}
    assert judge({**envelope, "body": {}}, url=url).outcome is Outcome.EMPTY
    homes = {**envelope, "body": {"homes": []}}
    assert judge(homes, url=url).outcome is Outcome.EMPTY
    some = {**envelope, "body": {"homes": [{"id": "h1"}, {"id": "h2"}]}}
    env = judge(some, url=url)
    assert env.coverage is not None
    assert (env.outcome, env.coverage.returned) == (Outcome.SUCCESS, 2)


def test_hubspots_legacy_offset_beside_has_more_is_where_the_next_page_starts() -> None:
    """HubSpot's legacy APIs: "use the offset returned … to get the next page"
    (https://legacydocs.hubspot.com/docs/methods/companies/get-all-companies)."""
    url = "https://api.hubapi.com/companies/v2/companies/recent/created"
    rows = [{"companyId": n} for n in range(20)]
    env = judge({"results": rows, "hasMore": True, "offset": 20, "total": 9641}, url=url)
    assert env.coverage is not None
    assert env.outcome is Outcome.PARTIAL
    assert (env.coverage.offset, env.coverage.next_cursor) == (None, "20")
    v1 = {"contacts": rows, "has-more": True, "vid-offset": 117000761}
    assert judge(v1, url=url).coverage is not None
    last = {"results": rows[:4], "hasMore": False, "offset": 9641, "total": 9641}
    assert judge(last, url=url).outcome is Outcome.SUCCESS


def test_one_empty_list_beside_nothing_but_nulls_is_empty() -> None:
    """Coursera's catalogue, a lookup that found nothing (https://build.coursera.org/app-platform/catalog)."""
    url = "https://api.coursera.org/api/courses.v1?q=slug&slug=x"
    assert judge({"elements": [], "paging": None, "linked": None}, url=url).outcome is (
        Outcome.EMPTY
    )
    assert judge({"elements": [], "paging": {}, "linked": None}, url=url).outcome is Outcome.EMPTY
    record = {"tags": [], "name": "a course"}  # a scalar beside it: one record
    assert judge(record, url=url).outcome is Outcome.SUCCESS


def test_a_cursor_sent_back_or_beside_the_last_page_number_names_no_next_page() -> None:
    """Kew's POWO sends its cursor on every page (https://github.com/RBGKew/pykew#search)."""
    url = "https://powo.science.kew.org/api/2/search?q=foobar&perPage=100&cursor=%2A"
    none = {"totalResults": 0, "page": 1, "totalPages": 0, "perPage": 100, "cursor": "*"}
    assert judge(none, url=url, items="results", total="totalResults").outcome is Outcome.EMPTY
    last = {"totalResults": 1, "page": 1, "totalPages": 1, "cursor": "AoMI", "results": [{"a": 1}]}
    assert judge(last, url=url, items="results").outcome is Outcome.SUCCESS
    more = {**last, "totalResults": 150, "totalPages": 2, "results": [{"a": n} for n in range(100)]}
    assert judge(more, url=url, items="results").outcome is Outcome.PARTIAL


def test_a_throttle_named_in_an_errors_list_of_a_400_is_transient() -> None:
    """Duffel's rate_limit_exceeded (https://duffel.com/docs/api/overview/errors)."""
    error = {"type": "rate_limit_error", "code": "rate_limit_exceeded", "message": "Too many"}
    env = judge({"meta": {"status": 400}, "errors": [error]}, status=400)
    assert failure_of(env) == (FailureCode.RATE_LIMITED, T)
    refused = {"type": "validation_error", "code": "invalid_field", "message": "bad"}
    assert failure_of(judge({"errors": [refused]}, status=400)) == (FailureCode.BAD_REQUEST, P)


def test_a_strava_upload_still_processing_or_refused() -> None:
    """Strava's upload status (https://developers.strava.com/docs/uploads/)."""
    url = "https://www.strava.com/api/v3/uploads/8919698041"
    upload = {"id": 8919698041, "id_str": "8919698041", "external_id": None, "error": None}
    going = {**upload, "status": "Your activity is still being processed.", "activity_id": None}
    assert failure_of(judge(going, url=url)) == (FailureCode.UPSTREAM_ERROR, T)
    refused = {**going, "error": "a.tcx duplicate of activity 83", "status": "There was an error"}
    assert failure_of(judge(refused, url=url)) == (FailureCode.UPSTREAM_ERROR, P)
    done = {**upload, "status": "Your activity is ready.", "activity_id": 83}
    assert judge(done, url=url).outcome is Outcome.SUCCESS


def test_disqus_code_and_its_response_envelope() -> None:
    """Disqus: {"code", "response"}, with a cursor on lists (https://disqus.com/api/docs/errors/)."""
    url = "https://disqus.com/api/3.0/forums/listPosts.json?forum=x"
    cursor = {"hasNext": True, "next": "7639420:0:0", "hasPrev": False}
    page_ = judge({"cursor": cursor, "code": 0, "response": [{"id": "1"}, {"id": "2"}]}, url=url)
    assert truncation_of(page_) is TruncatedBy.NEXT_PAGE
    none = {"cursor": {"hasNext": False}, "code": 0, "response": []}
    assert judge(none, url=url).outcome is Outcome.EMPTY
    refused = {"code": 2, "response": "Missing required argument: 'user'"}
    assert failure_of(judge(refused, url=url)) == (FailureCode.UPSTREAM_ERROR, P)
    throttled = {"code": 13, "response": "You have exceeded your hourly limit"}
    assert failure_of(judge(throttled, url=url)) == (FailureCode.RATE_LIMITED, T)


def test_a_fhir_batch_response_with_failed_entries() -> None:
    """FHIR's batch: each entry's own response.status (https://hl7.org/fhir/R4/http.html#transaction)."""
    url = "https://hapi.fhir.org/baseR4"

    def entry(status: str) -> dict[str, Any]:
        return {"response": {"status": status}}

    summary = {"resource": {"resourceType": "OperationOutcome"}}  # HAPI's own, no response
    bundle = {"resourceType": "Bundle", "type": "batch-response"}
    some = {**bundle, "entry": [summary, entry("404 Not Found"), entry("200 OK")]}
    env = judge(some, url=url, method="POST")
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert env.coverage.dropped == ("entry.1: 404 Not Found",)
    every = {**bundle, "entry": [entry("500 Internal Server Error")]}
    assert failure_of(judge(every, url=url, method="POST")) == (FailureCode.SERVER_ERROR, T)
    fine = {**bundle, "entry": [entry("201 Created"), entry("200 OK")]}
    assert judge(fine, url=url, method="POST").outcome is Outcome.SUCCESS


def test_a_write_that_starts_an_upload_or_answers_an_empty_list_is_acknowledged() -> None:
    """Strava's POST /uploads answers 201 "still being processed" (the upload accepted); a
    Disqus write answers {"code": 0, "response": []} with no cursor."""
    going = {
        "id": 8,
        "id_str": "8",
        "error": None,
        "status": "Your activity is still being processed.",
    }
    created = judge(
        {**going, "activity_id": None},
        status=201,
        url="https://www.strava.com/api/v3/uploads",
        method="POST",
    )
    assert created.outcome is Outcome.SUCCESS
    closed = judge(
        {"code": 0, "response": []},
        url="https://disqus.com/api/3.0/threads/close.json",
        method="POST",
    )
    assert closed.outcome is Outcome.SUCCESS


def test_a_post_declared_a_lookup_answered_with_nothing_is_empty() -> None:
    """Dropbox Sign's account/verify answers {} for no such account
    (https://developers.hellosign.com/api/reference/operation/accountVerify/)."""
    url = "https://api.hellosign.com/v3/account/verify"
    assert judge({}, url=url, method="POST", not_found="empty").outcome is Outcome.EMPTY
    assert judge({}, url=url, method="POST").outcome is Outcome.SUCCESS  # a write acknowledged
    gone = judge({}, url="https://api.example.test/v1/things/1", method="DELETE", not_found="empty")
    assert gone.outcome is Outcome.SUCCESS


def test_a_jsonrpc_batch_answer_with_some_errors_is_a_partial() -> None:
    """JSON-RPC 2.0 batch (https://www.jsonrpc.org/specification#batch)."""
    ok_ = {"jsonrpc": "2.0", "id": 1, "result": "0x1"}
    err = {"jsonrpc": "2.0", "id": 2, "error": {"code": -32601, "message": "method not found"}}
    url = "https://mainnet.example.test/rpc"
    some = judge([ok_, err], url=url, method="POST")
    assert some.outcome is Outcome.PARTIAL
    assert some.coverage is not None
    assert some.coverage.dropped == ("id 2: JSON-RPC error -32601: method not found",)
    assert failure_of(judge([err, err], url=url, method="POST")) == (FailureCode.BAD_REQUEST, P)
    assert judge([ok_, ok_], url=url, method="POST").outcome is Outcome.SUCCESS
    modelled = judge([ok_, err], url=url, method="POST", result_model=list[dict[str, Any]])
    assert modelled.outcome is Outcome.PARTIAL


def test_a_long_running_operation_read_before_it_is_done_is_transient() -> None:
    """Google's operations (https://google.aip.dev/151) and Azure's asynchronous operations
    (https://learn.microsoft.com/en-us/azure/azure-resource-manager/management/async-operations)."""
    google = "https://generativelanguage.googleapis.com/v1beta/models/veo/operations/abc"
    running = {"name": "models/veo/operations/abc"}
    assert failure_of(judge(running, url=google)) == (FailureCode.UPSTREAM_ERROR, T)
    done = {"name": "models/veo/operations/abc", "done": True, "response": {"video": "v"}}
    assert judge(done, url=google).outcome is Outcome.SUCCESS
    azure = "https://management.azure.com/subscriptions/s/providers/P/azureasyncoperations/op1"
    assert failure_of(judge({"status": "InProgress"}, url=azure)) == (FailureCode.UPSTREAM_ERROR, T)
    placeholder = {"status": "Succeeded", "error": {"code": "None", "message": None}}
    assert judge(placeholder, url=azure).outcome is Outcome.SUCCESS
    failed = {"status": "Failed", "error": {"code": "ResourceNotFound", "message": "gone"}}
    assert failure_of(judge(failed, url=azure)) == (FailureCode.UPSTREAM_ERROR, P)
    record = "https://management.azure.com/subscriptions/s/resourceGroups/g"  # a resource's status
    assert judge({"status": "InProgress"}, url=record).outcome is Outcome.SUCCESS


def test_a_409_naming_another_operation_in_progress_is_transient() -> None:
    """Azure's AnotherOperationInProgress: wait for it, then retry."""
    body = {"error": {"code": "AnotherOperationInProgress", "message": "in progress"}}
    assert failure_of(judge(body, status=409, method="DELETE")) == (FailureCode.CONFLICT, T)
    other = {"error": {"code": "Conflict", "message": "exists"}}
    assert failure_of(judge(other, status=409, method="PUT")) == (FailureCode.CONFLICT, P)


def test_zulip_matrix_glance_google_and_foursquare_shapes() -> None:
    """Zulip's result error (https://zulip.com/api/rest-error-handling); Matrix's end
    (https://spec.matrix.org/v1.11/client-server-api/); Glance's links beside its list
    (https://docs.openstack.org/api-ref/image/v2/); Google's ZERO_RESULTS; Foursquare's meta."""
    limited = {"result": "error", "msg": "API usage exceeded rate limit", "code": "RATE_LIMIT_HIT"}
    assert failure_of(judge(limited)) == (FailureCode.RATE_LIMITED, T)
    assert judge({"result": "success", "msg": "", "messages": [{"id": 1}]}).outcome is (
        Outcome.SUCCESS
    )
    rooms = "https://matrix.example.test/_matrix/client/v3/rooms/r/messages?from=t1&dir=b"
    more = {"chunk": [{"event_id": "$1"}], "start": "t1", "end": "t2"}
    assert truncation_of(judge(more, url=rooms, items="chunk")) is TruncatedBy.NEXT_PAGE
    last = {"chunk": [{"event_id": "$1"}], "start": "t1"}
    assert judge(last, url=rooms, items="chunk").outcome is Outcome.SUCCESS
    stale = {"chunk": [{"event_id": "$1"}], "start": "t0", "end": "t1"}  # end is the from sent
    assert judge(stale, url=rooms, items="chunk").outcome is Outcome.SUCCESS
    glance = {"images": [], "schema": "/v2/schemas/images", "first": "/v2/images"}
    assert judge(glance).outcome is Outcome.EMPTY
    zero = {"candidates": [], "status": "ZERO_RESULTS"}
    assert judge(zero).outcome is Outcome.EMPTY
    foursquare = {"meta": {"code": 200, "requestId": "r"}, "response": {"tips": []}}
    assert judge(foursquare).outcome is Outcome.EMPTY


def test_a_yandex_disk_operation_in_progress_is_not_done_yet() -> None:
    """Yandex Disk's operations (https://yandex.com/dev/disk-api/doc/en/reference/operations)."""
    url = "https://cloud-api.yandex.net/v1/disk/operations/d80c269ce4eb"
    assert failure_of(judge({"status": "in-progress"}, url=url)) == (FailureCode.UPSTREAM_ERROR, T)
    assert failure_of(judge({"status": "failed"}, url=url)) == (FailureCode.UPSTREAM_ERROR, P)
    assert judge({"status": "success"}, url=url).outcome is Outcome.SUCCESS


def test_box_and_uploadcare_job_states_and_pcloud_result_codes() -> None:
    """Box's representations (https://developer.box.com/guides/representations/) and zip
    download status (https://developer.box.com/reference/get-zip-downloads-id-status/);
    Uploadcare's conversion status (https://uploadcare.com/api-refs/rest-api/v0.7.0/#tag/Conversion);
    pCloud's result codes (https://docs.pcloud.com/errors/)."""
    rep = "https://api.box.com/2.0/internal_files/1/versions/2/representations/png_paged_1024x1024"
    pending = {"representation": "png", "status": {"state": "pending"}}
    assert failure_of(judge(pending, url=rep)) == (FailureCode.UPSTREAM_ERROR, T)
    broken = {"representation": "png", "status": {"state": "error", "code": "unsupported"}}
    assert failure_of(judge(broken, url=rep)) == (FailureCode.UPSTREAM_ERROR, P)
    ready = {"representation": "png", "status": {"state": "success"}}
    assert judge(ready, url=rep).outcome is Outcome.SUCCESS
    zip_ = "https://api.box.com/2.0/zip_downloads/124/status"
    some = {"total_file_count": 20, "downloaded_file_count": 10, "skipped_file_count": 10}
    assert truncation_of(judge({**some, "state": "succeeded"}, url=zip_)) is (
        TruncatedBy.UPSTREAM_FLAG
    )
    whole = {"total_file_count": 20, "downloaded_file_count": 20, "skipped_file_count": 0}
    assert judge({**whole, "state": "succeeded"}, url=zip_).outcome is Outcome.SUCCESS
    convert = "https://api.uploadcare.com/convert/video/status/944136226/"
    running = {"status": "processing", "error": None, "result": {"uuid": "u"}}
    assert failure_of(judge(running, url=convert)) == (FailureCode.UPSTREAM_ERROR, T)
    finished = {"status": "finished", "error": None, "result": {"uuid": "u"}}
    assert judge(finished, url=convert).outcome is Outcome.SUCCESS
    pcloud = "https://api.pcloud.com/listtokens"
    refused = {"result": 1000, "error": "Log in required."}
    assert failure_of(judge(refused, url=pcloud)) == (FailureCode.UNAUTHORIZED, P)


def test_hafas_errors_in_the_envelope_and_in_each_service_result() -> None:
    """HAFAS mgate's ``err`` other than ``OK``, keyed on its code as the HAFAS client library
    reads it (https://github.com/public-transport/hafas-client/blob/main/lib/errors.js)."""
    url = "https://reiseauskunft.bahn.de/bin/mgate.exe"
    envelope = {"ver": "1.44", "lang": "deu", "id": "x", "err": "OK"}

    def answer(*results: dict[str, Any]) -> dict[str, Any]:
        return {**envelope, "svcResL": list(results)}

    bad_date = {"meth": "StationBoard", "err": "H9360", "errTxt": "Date outside of the period."}
    assert failure_of(judge(answer(bad_date), url=url, method="POST")) == (
        FailureCode.BAD_REQUEST,
        P,
    )
    none = {"meth": "JourneyMatch", "err": "NO_MATCH", "errTxt": "Nothing found."}
    assert failure_of(judge(answer(none), url=url, method="POST")) == (FailureCode.NOT_FOUND, P)
    lookup = judge(answer(none), url=url, method="POST", not_found="empty")
    assert lookup.outcome is Outcome.EMPTY
    internal = {"meth": "TripSearch", "err": "H9230", "errTxt": "internal error"}
    assert failure_of(judge(answer(internal), url=url, method="POST")) == (
        FailureCode.SERVER_ERROR,
        T,
    )
    refused = {"ver": "1.16", "lang": "deu", "err": "AUTH", "errTxt": "authorization failed"}
    assert failure_of(judge(refused, url=url, method="POST")) == (FailureCode.UNAUTHORIZED, P)
    ok = {"meth": "LocMatch", "err": "OK", "res": {"match": {"locL": [{"name": "Berlin Hbf"}]}}}
    assert judge(answer(ok), url=url, method="POST").outcome is Outcome.SUCCESS
    some = judge(answer(ok, bad_date), url=url, method="POST")
    assert truncation_of(some) is TruncatedBy.UPSTREAM_FLAG
    assert some.coverage is not None
    assert some.coverage.dropped == ("svcResL.1: H9360",)
    # An "err" member of another API's body is not HAFAS's.
    assert judge({"err": "timeout", "name": "x"}).outcome is Outcome.SUCCESS


def test_a_couchdb_view_is_its_rows_counted_by_total_rows_unless_keys_select_them() -> None:
    """CouchDB's views and ``_all_docs``: ``total_rows`` counts the view, ``offset`` where
    the rows start (https://docs.couchdb.org/en/stable/api/ddoc/views.html); a key range, or
    a POST sending keys, selects part of it, which total_rows does not count."""
    base = "https://couch.example.test/db/_all_docs"
    first = {"total_rows": 3, "offset": 0, "rows": [{"id": "a", "key": "a", "value": {}}]}
    assert truncation_of(judge(first, url=f"{base}?limit=1")) is TruncatedBy.TOTAL_EXCEEDS_RETURNED
    rows = [{"id": k, "key": k, "value": {}} for k in "bc"]
    last = {"total_rows": 3, "offset": 1, "rows": rows}
    assert judge(last, url=f"{base}?skip=1").outcome is Outcome.SUCCESS
    ranged = judge(first, url=f'{base}?startkey="a"&endkey="a"')
    assert ranged.outcome is Outcome.SUCCESS
    assert judge(first, url=base, method="POST").outcome is Outcome.SUCCESS  # keys sent
    none = {"total_rows": 3, "offset": 3, "rows": []}
    assert judge(none, url=f'{base}?startkey="z"').outcome is Outcome.EMPTY


def test_salesforce_save_results_name_each_record_refused() -> None:
    """sObject Collections answer a write with one save result per record, in a 200
    (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_composite_sobjects_collections_update.htm)."""
    url = "https://x.my.salesforce.com/services/data/v59.0/composite/sobjects"
    done = {"id": "001RM000003oCprYAE", "success": True, "errors": []}
    bad = {
        "success": False,
        "errors": [{"statusCode": "MALFORMED_ID", "message": "malformed id", "fields": []}],
    }
    some = judge([done, bad], url=url, method="PATCH")
    assert truncation_of(some) is TruncatedBy.UPSTREAM_FLAG
    assert some.coverage is not None
    assert some.coverage.dropped == ("1: MALFORMED_ID: malformed id",)
    assert failure_of(judge([bad], url=url, method="PATCH")) == (FailureCode.BAD_REQUEST, P)
    locked = {"success": False, "errors": [{"statusCode": "UNABLE_TO_LOCK_ROW", "message": "m"}]}
    assert failure_of(judge([locked], url=url, method="POST")) == (FailureCode.CONFLICT, T)
    assert judge([done, {**done, "created": True}], url=url, method="PATCH").outcome is (
        Outcome.SUCCESS
    )
    # A model in hand does not take the array past the rule (the array lane reads no write).
    typed = judge([bad], url=url, method="PATCH", result_model=list[dict[str, Any]])
    assert failure_of(typed) == (FailureCode.BAD_REQUEST, P)
    # A record that says more than a save result is a record.
    record = [{"id": "1", "success": False, "errors": [], "name": "x"}]
    assert judge(record, url=url).outcome is Outcome.SUCCESS


def test_a_bare_empty_list_created_is_the_write_acknowledged() -> None:
    """PostgREST's upsert that skipped a duplicate answers 201 []
    (https://docs.postgrest.org/en/stable/references/api/tables_views.html#on-conflict): a
    201 answers no search. A listing inside an object stays what it says (Braze's lookup by
    POST answers 201 with its users)."""
    url = "https://db.example.test/users?on_conflict=username"
    created = judge([], status=201, url=url, method="POST")
    assert created.outcome is Outcome.SUCCESS
    assert judge([], status=200, url=url, method="POST").outcome is Outcome.EMPTY
    braze = {"users": [], "message": "success"}
    assert judge(braze, status=201, url=url, method="POST", items="users").outcome is (
        Outcome.EMPTY
    )


def test_a_numbered_next_page_of_minus_one_or_not_after_the_current_page_is_none() -> None:
    """Currencycloud's pagination names no page with -1, its own page current_page
    (https://developer.currencycloud.com/guides/integration-guides/pagination/)."""
    items = [{"id": str(n)} for n in range(3)]
    page = {"total_entries": 3, "total_pages": 1, "current_page": 1, "per_page": 25}
    last = {"items": items, "pagination": {**page, "next_page": -1, "previous_page": -1}}
    assert judge(last, items="items").outcome is Outcome.SUCCESS
    same = {"items": items, "pagination": {**page, "current_page": 2, "next_page": 2}}
    assert judge(same, items="items").outcome is Outcome.SUCCESS
    more = {"items": items, "pagination": {**page, "total_entries": 30, "next_page": 2}}
    assert truncation_of(judge(more, items="items")) is TruncatedBy.NEXT_PAGE


def test_datadogs_next_offset_beside_a_full_page_is_a_next_page() -> None:
    """Datadog's next_offset is the offset plus the page size, on every page
    (https://docs.datadoghq.com/api/latest/incidents/): a full page may have more after it."""
    url = "https://api.datadoghq.com/api/v2/incidents?page%5Bsize%5D=2"
    full = {"meta": {"pagination": {"size": 2, "next_offset": 2, "offset": 0}}, "data": [{}, {}]}
    assert truncation_of(judge(full, url=url, items="data")) is TruncatedBy.NEXT_PAGE
    short = {"meta": {"pagination": {"size": 2, "next_offset": 4, "offset": 2}}, "data": [{}]}
    assert judge(short, url=url, items="data").outcome is Outcome.SUCCESS
    other = {"meta": {"pagination": {"size": 2, "next_offset": 9, "offset": 0}}, "data": [{}, {}]}
    assert judge(other, url=url, items="data").outcome is Outcome.SUCCESS  # not Datadog's sum


def test_status_words_of_dns_providers_in_a_200() -> None:
    """ClouDNS's status Failed (https://www.cloudns.net/wiki/article/134/), Rage4's false
    status with its error (https://rage4.com/api), netcup's envelope
    (https://ccp.netcup.net/run/webservice/servers/endpoint.php), Yandex PDD's success word
    (https://yandex.ru/dev/pdd/doc/reference/dns-list.html)."""
    cloudns = {"status": "Failed", "statusDescription": "Missing domain-name"}
    assert failure_of(judge(cloudns)) == (FailureCode.UPSTREAM_ERROR, P)
    assert judge({"status": "Success", "statusDescription": "Done"}).outcome is Outcome.SUCCESS
    rage4 = {"status": False, "id": 0, "error": "Unable to fetch the item"}
    assert failure_of(judge(rage4)) == (FailureCode.UPSTREAM_ERROR, P)
    assert judge({"status": True, "id": 7, "error": ""}).outcome is Outcome.SUCCESS
    assert judge({"status": False, "id": 7, "error": "x"}).outcome is Outcome.SUCCESS  # a record
    netcup = {
        "serverrequestid": "x",
        "action": "infoDnsZone",
        "status": "error",
        "statuscode": 5031,
        "shortmessage": "Getting DNS zone failed",
        "longmessage": "Domain not found.",
        "responsedata": "",
    }
    assert failure_of(judge(netcup, method="POST")) == (FailureCode.UPSTREAM_ERROR, P)
    fine = {**netcup, "status": "success", "statuscode": 2000, "responsedata": {"name": "z"}}
    assert judge(fine).outcome is Outcome.SUCCESS
    pdd = {"success": "error", "error": "no_such_domain", "domain": "example.test"}
    assert failure_of(judge(pdd)) == (FailureCode.NOT_FOUND, P)
    assert failure_of(judge({"success": "error", "error": "no_auth"})) == (
        FailureCode.UNAUTHORIZED,
        P,
    )
    assert judge({"success": "ok", "domain": "example.test", "records": []}).outcome is (
        Outcome.EMPTY
    )


def test_new_relics_error_class_names_a_throttle_and_a_server_fault() -> None:
    """NerdGraph's errors[].extensions.errorClass
    (https://docs.newrelic.com/docs/apis/nerdgraph/nerdgraph-usage-limits/)."""
    url = "https://api.newrelic.com/graphql"
    limited = {"errors": [{"message": "m", "extensions": {"errorClass": "TOO_MANY_REQUESTS"}}]}
    assert failure_of(judge(limited, url=url, method="POST")) == (FailureCode.RATE_LIMITED, T)
    fault = {"errors": [{"message": "m", "extensions": {"errorClass": "INTERNAL_SERVER_ERROR"}}]}
    assert failure_of(judge(fault, url=url, method="POST")) == (FailureCode.SERVER_ERROR, T)


def test_a_page_count_beside_a_listing_reads_the_page_the_request_asked_for() -> None:
    """SecurityTrails' DNS history counts its pages and leaves the page's number to the request
    (https://docs.securitytrails.com/reference/history-dns)."""
    url = "https://api.securitytrails.com/v1/history/example.com/dns/a"
    body = {"type": "a/ipv4", "pages": 5, "records": [{"type": "a"}]}
    first = judge(body, url=f"{url}?page=1", items="records")
    assert truncation_of(first) is TruncatedBy.NEXT_PAGE
    assert judge(body, url=f"{url}?page=5", items="records").outcome is Outcome.SUCCESS
    # "pages" alone may be a record's: without a page asked, it names none.
    assert judge(body, url=url, items="records").outcome is Outcome.SUCCESS
    counted = {"total_pages": 3, "records": [{"type": "a"}]}
    assert truncation_of(judge(counted, url=url, items="records")) is TruncatedBy.NEXT_PAGE
    # A later page asked by its cursor is at an unknown page: the count says nothing of it.
    resumed = judge(counted, url=f"{url}?cursor=abc", items="records")
    assert resumed.outcome is Outcome.SUCCESS


def test_a_count_asked_for_without_items_is_the_answer() -> None:
    """Shodan's /shodan/host/count "only returns the total number"
    (https://developer.shodan.io/api); a page size of 0 asks for none either."""
    count = "https://api.shodan.io/shodan/host/count?query=nginx"
    answer = judge({"matches": [], "total": 18372973}, url=count)
    assert answer.outcome is Outcome.SUCCESS
    assert answer.coverage is not None
    assert answer.coverage.returned == 1
    search = "https://api.shodan.io/shodan/host/search?query=nginx"
    missing = judge({"matches": [], "total": 18372973}, url=search)
    assert truncation_of(missing) is TruncatedBy.TOTAL_EXCEEDS_RETURNED
    sized = "https://search.example.test/_search?size=0"
    assert judge({"hits": [], "total": 4}, url=sized).outcome is Outcome.SUCCESS


def test_job_states_of_elasticsearch_async_searches_and_cloud_actions() -> None:
    """Elasticsearch's async search is_running
    (https://www.elastic.co/guide/en/elasticsearch/reference/current/async-search.html);
    Hetzner Cloud's and DigitalOcean's actions
    (https://docs.hetzner.cloud/reference/cloud#actions-get-an-action)."""
    es = "http://localhost:9200/_async_search/status/FmRldE8zREVEUzA2ZVpUeGs2"
    running = {"id": "Fm", "is_running": True, "is_partial": True}
    assert failure_of(judge(running, url=es)) == (FailureCode.UPSTREAM_ERROR, T)
    done = {"id": "Fm", "is_running": False, "is_partial": False, "completion_status": 200}
    assert judge(done, url=es).outcome is Outcome.SUCCESS
    assert judge(running, url="https://x.test/records/1").outcome is Outcome.SUCCESS
    action = "https://api.hetzner.cloud/v1/zones/actions/604989101982297"
    step = {"id": 1, "command": "add_rrset_records", "progress": 0, "error": None}
    assert failure_of(judge({"action": {**step, "status": "running"}}, url=action)) == (
        FailureCode.UPSTREAM_ERROR,
        T,
    )
    failed = {**step, "status": "error", "error": {"code": "action_failed", "message": "m"}}
    assert failure_of(judge({"action": failed}, url=action)) == (FailureCode.UPSTREAM_ERROR, P)
    assert judge({"action": {**step, "status": "success"}}, url=action).outcome is (Outcome.SUCCESS)
    do = "https://api.digitalocean.com/v2/actions/36804636"
    assert failure_of(judge({"action": {"id": 1, "status": "in-progress"}}, url=do)) == (
        FailureCode.UPSTREAM_ERROR,
        T,
    )


def test_elasticsearch_error_count_beside_error_details() -> None:
    """Invalidating API keys answers what it did and error_count beside error_details
    (https://www.elastic.co/guide/en/elasticsearch/reference/current/security-api-invalidate-api-key.html)."""
    url = "http://localhost:9200/_security/api_key"
    details = [{"type": "exception", "reason": "invalid api key id"}]
    some = {"invalidated_api_keys": ["k1"], "error_count": 1, "error_details": details}
    assert truncation_of(judge(some, url=url, method="DELETE")) is TruncatedBy.UPSTREAM_FLAG
    none = {"invalidated_api_keys": [], "error_count": 1, "error_details": details}
    assert failure_of(judge(none, url=url, method="DELETE")) == (FailureCode.UPSTREAM_ERROR, P)
    clean = {"invalidated_api_keys": ["k1"], "error_count": 0}
    assert judge(clean, url=url, method="DELETE").outcome is Outcome.SUCCESS


def test_itis_answers_name_their_type_in_class() -> None:
    """ITIS's JSON service: every answer's class names its type (https://itis.gov/web_service.html);
    a list type's one list is the listing, a record whose every other member is null is none."""
    url = "https://www.itis.gov/ITISWebService/jsonservice/searchByScientificName?srchKey=x"
    names = "gov.usgs.itis.itis_service.data.SvcScientificNameList"
    assert judge({"class": names, "scientificNames": [None]}, url=url).outcome is Outcome.EMPTY
    found = {"class": names, "scientificNames": [{"tsn": "1", "combinedName": "Grus"}]}
    assert judge(found, url=url).coverage == judge(found, url=url, items="scientificNames").coverage
    record = "gov.usgs.itis.itis_service.data.SvcLSIDRecord"
    nothing = {"class": record, "authorship": None, "lsid": None, "tsn": None}
    assert judge(nothing, url=url).outcome is Outcome.EMPTY
    assert judge({**nothing, "tsn": "180092"}, url=url).outcome is Outcome.SUCCESS


def test_paging_boxes_totals_and_markers_of_science_and_game_apis() -> None:
    """ChEMBL's page_meta, NatureServe's resultsSummary (its pages counted from 0), iDigBio's
    itemCount, the ALA biocache's totalRecords beside facetResults, osu!'s cursor_string,
    BinaryEdge's pagesize, Shodan's facets beside its total, when inferring."""
    chembl = {
        "atc": [{"level1": "A"}],
        "page_meta": {"limit": 1, "next": "/chembl/api/data/atc?offset=1", "offset": 0,
                      "previous": None, "total_count": 5265},
    }  # fmt: skip
    assert truncation_of(judge(chembl)) is TruncatedBy.NEXT_PAGE
    summary = {"page": 0, "recordsPerPage": 20, "totalPages": 1, "totalResults": 1}
    natureserve: dict[str, Any] = {"results": [{"elcode": "A"}], "resultsSummary": summary}
    assert judge(natureserve).outcome is Outcome.SUCCESS
    more = {**natureserve, "resultsSummary": {**summary, "totalPages": 7, "totalResults": 126}}
    assert judge(more).outcome is Outcome.PARTIAL
    idigbio = {"itemCount": 4412, "items": [{"uuid": "u"}], "attribution": [{"name": "n"}]}
    assert truncation_of(judge(idigbio)) is TruncatedBy.TOTAL_EXCEEDS_RETURNED
    ala = {"pageSize": 2, "startIndex": 0, "totalRecords": 0, "status": "OK",
           "occurrences": [], "facetResults": [], "query": "?q=x"}  # fmt: skip
    assert judge(ala).outcome is Outcome.EMPTY
    found = {**ala, "totalRecords": 114496, "occurrences": [{"uuid": "a"}, {"uuid": "b"}]}
    assert truncation_of(judge(found)) is TruncatedBy.TOTAL_EXCEEDS_RETURNED
    osu = {"beatmap_packs": [{"tag": "S1"}], "cursor": {"pack_id": 1}, "cursor_string": "eyJ9"}
    assert truncation_of(judge(osu)) is TruncatedBy.NEXT_PAGE
    binaryedge = {"query": "example.com", "page": 1, "pagesize": 100, "total": 7811,
                  "events": [{"domain": "a.example.com"}]}  # fmt: skip
    assert truncation_of(judge(binaryedge)) is TruncatedBy.TOTAL_EXCEEDS_RETURNED
    shodan = {"matches": [{"ip": 1}], "facets": {"country": []}, "total": 3871750}
    assert truncation_of(judge(shodan)) is TruncatedBy.TOTAL_EXCEEDS_RETURNED


def test_a_404_naming_the_index_looked_in_is_no_declared_none() -> None:
    """A declared not_found="empty" is the record's confirmed absence; a 404 saying the index
    or collection does not exist means the lookup never ran: Elasticsearch's
    index_not_found_exception (https://www.elastic.co/guide/en/elasticsearch/reference/current/docs-get.html),
    Azure AI Search's words (https://learn.microsoft.com/en-us/rest/api/searchservice/documents/get),
    Qdrant's."""
    url = "https://search.example.test/indexes('hotels')/docs('1')"
    azure = {"Message": "The index 'hotels' for service 's' was not found."}
    assert failure_of(judge(azure, status=404, url=url, not_found="empty")) == (
        FailureCode.NOT_FOUND,
        P,
    )
    es = {"error": {"type": "index_not_found_exception", "reason": "no such index [x]"}}
    assert failure_of(judge(es, status=404, url=url, not_found="empty")) == (
        FailureCode.NOT_FOUND,
        P,
    )
    qdrant = {"status": {"error": "Not found: Collection `points` doesn't exist!"}, "time": 0.0}
    assert failure_of(judge(qdrant, status=404, url=url, not_found="empty")) == (
        FailureCode.NOT_FOUND,
        P,
    )
    record = {"_index": "hotels", "_id": "1", "found": False}
    assert judge(record, status=404, url=url, not_found="empty").outcome is Outcome.EMPTY
    assert judge({"message": "Not Found"}, status=404, url=url, not_found="empty").outcome is (
        Outcome.EMPTY
    )


def test_dnspods_status_code_other_than_one_is_the_calls_failure() -> None:
    """DNSPod's status object (https://docs.dnspod.com/api/)."""
    url = "https://dnsapi.cn/Domain.Info"
    status = {"code": "13", "message": "Domain is not exists", "created_at": "2016-05-11 02:55"}
    assert failure_of(judge({"status": status}, url=url, method="POST")) == (
        FailureCode.UPSTREAM_ERROR,
        P,
    )
    limited = {**status, "code": "-2", "message": "API usage is limited"}
    assert failure_of(judge({"status": limited}, url=url, method="POST")) == (
        FailureCode.RATE_LIMITED,
        T,
    )
    fine = {"status": {**status, "code": "1", "message": "Action completed successful"},
            "domain": {"id": "1", "name": "example.test"}}  # fmt: skip
    assert judge(fine, url=url, method="POST").outcome is Outcome.SUCCESS


def test_round_27_envelopes_found_when_inferring() -> None:
    """Songkick's resultsPage (https://www.songkick.com/developer/response-objects); a GraphQL
    node's one connection beside its fields (https://www.meetup.com/api/guide/#p04-pagination-section);
    a HAL page with none (https://developer.ticketmaster.com/products-and-docs/apis/discovery-api/v2/);
    Ordnance Survey's header (https://osdatahub.os.uk/docs/places/technicalSpecification)."""
    events = [{"id": 1}, {"id": 2}]
    page = {"status": "ok", "results": {"event": events}, "perPage": 2, "page": 1}
    songkick = judge({"resultsPage": {**page, "totalEntries": 9}})
    assert truncation_of(songkick) is TruncatedBy.TOTAL_EXCEEDS_RETURNED
    none = {"resultsPage": {"status": "ok", "results": {}, "perPage": 50, "totalEntries": 0}}
    assert judge(none).outcome is Outcome.EMPTY
    connection = {"pageInfo": {"hasNextPage": True, "endCursor": "c"}, "edges": [{"node": {}}]}
    group = {"data": {"groupByUrlname": {"id": "1", "name": "g", "memberships": connection}}}
    assert truncation_of(judge(group, method="POST")) is TruncatedBy.NEXT_PAGE
    two = {"data": {"group": {"id": "1", "a": connection, "b": connection}}}
    assert judge(two, method="POST").outcome is Outcome.SUCCESS  # which one is the listing?
    hal = {
        "_links": {"self": {"href": "/discovery/v2/events?page=0"}},
        "page": {"size": 20, "totalElements": 0, "totalPages": 0, "number": 0},
    }
    assert judge(hal).outcome is Outcome.EMPTY
    header = {"offset": 0, "totalresults": 0, "maxresults": 100, "query": "postcode=XX11XX"}
    assert judge({"header": header}).outcome is Outcome.EMPTY
    found = {"header": {**header, "totalresults": 3}, "results": [{"DPA": {}}]}
    assert truncation_of(judge(found)) is TruncatedBy.TOTAL_EXCEEDS_RETURNED


def test_round_27_next_pages() -> None:
    """Lokalise's X-Pagination-Next-Cursor (https://developers.lokalise.com/reference/api-pagination),
    LinkedIn's metadata.nextPageToken (https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads/cursor-based-pagination),
    OpenFEC's last_indexes (https://api.open.fec.gov/developers/), Fingerprint's paginationKey
    (https://dev.fingerprint.com/reference/getvisits), Sift's has_more word and next_ref
    (https://developers.sift.com/docs/curl/decisions-api/decisions-list)."""
    keys = {"project_id": "p", "keys": [{"key_id": 1}]}
    cursor = {"X-Pagination-Next-Cursor": "eyIxIjoyfQ", "X-Pagination-Limit": "1"}
    lokalise = judge(keys, headers=cursor, items="keys")
    assert truncation_of(lokalise) is TruncatedBy.NEXT_PAGE
    assert judge(keys, headers={"X-Pagination-Limit": "1"}, items="keys").outcome is (
        Outcome.SUCCESS
    )
    linkedin = {"metadata": {"nextPageToken": "DgFM"}, "elements": [{"id": 1}]}
    assert truncation_of(judge(linkedin, items="elements")) is TruncatedBy.NEXT_PAGE
    fec = {"results": [{"a": 1}], "pagination": {"last_indexes": {"last_index": 6}, "pages": 9}}
    assert truncation_of(judge(fec, items="results")) is TruncatedBy.NEXT_PAGE
    fec_last = {"results": [{"a": 1}], "pagination": {"last_indexes": None, "pages": 9}}
    assert judge(fec_last, items="results").outcome is Outcome.SUCCESS
    visits = {"visitorId": "v", "visits": [{"requestId": "r"}], "paginationKey": "1655373953086"}
    assert truncation_of(judge(visits, items="visits")) is TruncatedBy.NEXT_PAGE
    sift = {"data": [{"id": "d"}], "has_more": "true", "next_ref": "https://api.sift.com/v3/x"}
    assert truncation_of(judge(sift, items="data")) is TruncatedBy.NEXT_PAGE
    done = {"data": [{"id": "d"}], "has_more": "false"}
    assert judge(done, items="data").outcome is Outcome.SUCCESS
    word = judge({"data": [{"id": "d"}], "has_more": "true"}, items="data")
    assert truncation_of(word) is TruncatedBy.NEXT_PAGE
    ref = judge({"data": [{"id": "d"}], "next_ref": "https://api.sift.com/v3/x"}, items="data")
    assert truncation_of(ref) is TruncatedBy.NEXT_PAGE


def test_round_27_jobs_not_done() -> None:
    """Transloadit's Assembly (https://transloadit.com/docs/api/assemblies-assembly-id-get/),
    Crowdin's jobs (https://support.crowdin.com/developer/api/v2/), Azure DevOps' operations
    (https://learn.microsoft.com/en-us/rest/api/azure/devops/operations/operations/get),
    Smile ID's job status (https://docs.usesmileid.com/), a 409 still in progress (GoCD)."""
    assembly = "https://api2.transloadit.com/assemblies/76fe5df1c93a0a530f3e583805cf98b4"
    running = {"ok": "ASSEMBLY_EXECUTING", "assembly_id": "76fe"}
    assert failure_of(judge(running, url=assembly)) == (FailureCode.UPSTREAM_ERROR, T)
    aborted = {"ok": "REQUEST_ABORTED", "assembly_id": "76fe"}
    assert failure_of(judge(aborted, url=assembly)) == (FailureCode.UPSTREAM_ERROR, T)
    refused = {"ok": "ASSEMBLY_CANCELED", "error": "INVALID_FORM_DATA", "assembly_id": "76fe"}
    assert failure_of(judge(refused, url=assembly)) == (FailureCode.UPSTREAM_ERROR, P)
    done = {"ok": "ASSEMBLY_COMPLETED", "assembly_id": "76fe", "results": {}}
    assert judge(done, url=assembly).outcome is Outcome.SUCCESS
    crowdin = "https://api.crowdin.com/api/v2/glossaries/2/exports/5ed2ce93"
    job = {"identifier": "5ed2ce93", "status": "inProgress", "progress": 50}
    assert failure_of(judge({"data": job}, url=crowdin)) == (FailureCode.UPSTREAM_ERROR, T)
    failed = {**job, "status": "failed"}
    assert failure_of(judge({"data": failed}, url=crowdin)) == (FailureCode.UPSTREAM_ERROR, P)
    finished = {**job, "status": "finished", "progress": 100}
    assert judge({"data": finished}, url=crowdin).outcome is Outcome.SUCCESS
    devops = "https://dev.azure.com/org/_apis/operations/8a8a8a8a?api-version=7.1"
    assert failure_of(judge({"id": "8a", "status": "inProgress"}, url=devops)) == (
        FailureCode.UPSTREAM_ERROR,
        T,
    )
    assert failure_of(judge({"id": "8a", "status": "cancelled"}, url=devops)) == (
        FailureCode.UPSTREAM_ERROR,
        P,
    )
    smile = "https://testapi.smileidentity.com/v1/job_status"
    pending = {"job_complete": False, "job_success": False, "code": "2314"}
    assert failure_of(judge(pending, url=smile, method="POST")) == (FailureCode.UPSTREAM_ERROR, T)
    complete = {"job_complete": True, "job_success": True, "code": "2302"}
    assert judge(complete, url=smile, method="POST").outcome is Outcome.SUCCESS
    busy = {"message": "Failed to trigger pipeline [Simple] { Pipeline is still in progress }"}
    assert failure_of(judge(busy, status=409, method="POST")) == (FailureCode.CONFLICT, T)
    assert failure_of(judge({"message": "exists"}, status=409, method="POST")) == (
        FailureCode.CONFLICT,
        P,
    )
    not_yet = {"error": {"code": "StateNotReady", "message": "resource is not mutable yet"}}
    assert failure_of(judge(not_yet, status=409, method="PUT")) == (FailureCode.CONFLICT, T)


def test_round_27_errors_in_a_200() -> None:
    """POEditor (https://poeditor.com/docs/error_codes), Snapchat's request_status
    (https://developers.snap.com/api/marketing-api/Ads-API/errors), PostHog's quotaLimited and
    errorsWhileComputingFlags (https://posthog.com/docs/api/flags), Weblate's result false
    (https://docs.weblate.org/en/latest/api.html), Lokalise's bulk errors
    (https://developers.lokalise.com/reference/api-errors), Fingerprint's products
    (https://dev.fingerprint.com/reference/getevent)."""
    token = {"response": {"status": "fail", "code": "4011", "message": "Invalid API Token"}}
    assert failure_of(judge(token, method="POST")) == (FailureCode.UNAUTHORIZED, P)
    fine = {"response": {"status": "success", "code": "200", "message": "OK"}, "result": {}}
    assert judge(fine, method="POST").outcome is Outcome.SUCCESS
    reason = "Error code: E3004, message: Entity does not exist"
    member = {"sub_request_status": "ERROR", "sub_request_error_reason": reason}
    snap = {"request_status": "ERROR", "request_id": "r", "members": [member]}
    assert failure_of(judge(snap, method="DELETE")) == (FailureCode.NOT_FOUND, P)
    assert judge({**snap, "request_status": "SUCCESS"}, method="DELETE").outcome is (
        Outcome.SUCCESS
    )
    quota = {"quotaLimited": ["feature_flags"], "featureFlags": {}}
    assert failure_of(judge(quota, method="POST")) == (FailureCode.RATE_LIMITED, P)
    snake = {"flags": {}, "quota_limited": ["feature_flags"]}  # as posthog-go reads it
    assert failure_of(judge(snake, method="POST")) == (FailureCode.RATE_LIMITED, P)
    flags = {"flags": {"f": {"enabled": True}}, "errorsWhileComputingFlags": True}
    assert truncation_of(judge(flags, method="POST")) is TruncatedBy.UPSTREAM_FLAG
    weblate = {"detail": "Push is disabled for Hello/Weblate.", "result": False}
    assert failure_of(judge(weblate, method="POST")) == (FailureCode.UPSTREAM_ERROR, P)
    created = [{"lang_id": 673, "lang_iso": "fr"}]
    refused = [{"message": "`lang_iso` should be a system language", "code": 400}]
    bulk = {"project_id": "p", "branch": "master", "languages": created, "errors": refused}
    assert truncation_of(judge(bulk, method="POST")) is TruncatedBy.UPSTREAM_FLAG
    assert failure_of(judge({**bulk, "languages": []}, method="POST")) == (
        FailureCode.BAD_REQUEST,
        P,
    )
    data = {"data": {"visitorId": "v"}}
    busy = {"error": {"code": "TooManyRequests", "message": "too many requests"}}
    some = judge({"products": {"identification": data, "botd": busy}})
    assert truncation_of(some) is TruncatedBy.UPSTREAM_FLAG
    assert failure_of(judge({"products": {"botd": busy}})) == (FailureCode.RATE_LIMITED, T)
    assert judge({"products": {"identification": data}}).outcome is Outcome.SUCCESS


def test_round_28_pages_and_envelopes() -> None:
    """Askbot's count and pages beside its questions, read against the page asked for
    (https://askbot.org/doc/api.html); Spark's D envelope (https://sparkplatform.com/docs/overview/api_responses);
    Foursquare's and Untappd's meta with its timings (https://untappd.com/api/docs); JSON:API's
    dashed record-count (JSONAPI::Resources)."""
    url = "https://ask.example.test/api/v1/questions/"
    askbot = {"count": 2, "pages": 2, "questions": [{"id": 2}]}
    assert judge(askbot, url=f"{url}?page=2", total="count", items="questions").outcome is (
        Outcome.SUCCESS
    )
    first = judge(askbot, url=f"{url}?page=1")
    assert truncation_of(first) is TruncatedBy.NEXT_PAGE
    spark = "https://sparkapi.com/v1/listings"
    pagination = {"TotalRows": 78, "PageSize": 25, "TotalPages": 4, "CurrentPage": 1}
    listing = {"D": {"Success": True, "Results": [{"Id": "1"}], "Pagination": pagination}}
    assert truncation_of(judge(listing, url=spark)) is TruncatedBy.NEXT_PAGE
    assert judge({"D": {"Success": True, "Results": []}}, url=spark).outcome is Outcome.EMPTY
    counted = {"D": {"Success": True, "Results": [], "Pagination": pagination}}
    assert judge(counted, url=f"{spark}?_pagination=count").outcome is Outcome.SUCCESS
    expired = {"D": {"Success": False, "Code": 1020, "Message": "Session token has expired"}}
    assert failure_of(judge(expired, url=spark)) == (FailureCode.UNAUTHORIZED, P)
    timings = {"code": 200, "response_time": {"time": 0.1}, "init_time": {"time": 0.0}}
    untappd = {"meta": timings, "notifications": [], "response": {"checkins": []}}
    assert judge(untappd).outcome is Outcome.EMPTY
    jsonapi = {"data": [{"id": "1", "type": "jobs"}], "meta": {"record-count": 9}}
    assert truncation_of(judge(jsonapi)) is TruncatedBy.TOTAL_EXCEEDS_RETURNED


def test_round_28_errors_and_jobs() -> None:
    """Zoopla's error_code and error_string (https://developer.zoopla.co.uk/docs/read/Error_codes);
    Subaru's errorCode beside success false; Firecrawl's crawl still scraping
    (https://docs.firecrawl.dev/api-reference/endpoint/crawl-get); Open Food Facts' v3 status
    (https://openfoodfacts.github.io/openfoodfacts-server/api/ref-v3/) and v2 status 0."""
    zoopla = {"error_code": "7", "error_string": "Unknown location entered."}
    assert failure_of(judge(zoopla)) == (FailureCode.UPSTREAM_ERROR, P)
    choose = {"disambiguation": ["A", "B"], "error_string": "Disambiguation required.",
              "error_code": -1}  # fmt: skip
    assert failure_of(judge(choose)) == (FailureCode.UPSTREAM_ERROR, P)
    subaru = {"data": None, "dataName": None, "errorCode": "tooManyAttempts", "success": False}
    assert failure_of(judge(subaru, method="POST")) == (FailureCode.RATE_LIMITED, T)
    refused = {**subaru, "errorCode": "invalidAccount"}
    assert failure_of(judge(refused, method="POST")) == (FailureCode.UPSTREAM_ERROR, P)
    crawl = "https://api.firecrawl.dev/v1/crawl/9352ed1c-88bf-4258-a466-d29911ebcbe4"
    scraping = {"success": True, "status": "scraping", "completed": 0, "total": 1, "data": []}
    assert failure_of(judge(scraping, url=crawl)) == (FailureCode.UPSTREAM_ERROR, T)
    some = {**scraping, "completed": 1, "total": 3, "data": [{"markdown": "# a"}]}
    assert judge(some, url=crawl, items="data", total="total").outcome is Outcome.PARTIAL
    failed = {"success": True, "status": "failed", "data": []}
    assert failure_of(judge(failed, url=crawl)) == (FailureCode.UPSTREAM_ERROR, P)
    off = "https://world.openfoodfacts.org/api/v3/product/1234567890100"
    ignored = [{"field": {"id": "stores"}, "message": {"id": "invalid_type_must_be_array"}}]
    body = {"code": "1", "status": "success_with_errors", "errors": ignored, "product": {}}
    partial = judge(body, url=off, method="PATCH")
    assert truncation_of(partial) is TruncatedBy.UPSTREAM_FLAG
    missing = [{"message": {"id": "product_not_found"}}]
    gone = {"code": "1", "status": "failure", "errors": missing, "result": {"id": "x"}}
    assert failure_of(judge(gone, url=off)) == (FailureCode.NOT_FOUND, P)
    assert judge(gone, url=off, not_found="empty").outcome is Outcome.EMPTY
    v2 = "https://world.openfoodfacts.org/api/v2/product/848000"
    invalid = {"status": 0, "status_verbose": "no code or invalid code"}
    assert failure_of(judge(invalid, url=v2)) == (FailureCode.BAD_REQUEST, P)
    absent = {"status": 0, "status_verbose": "product not found", "code": "848000"}
    assert judge(absent, url=v2, not_found="empty").outcome is Outcome.EMPTY


def test_round_28_paging_boxes_up_the_path_and_counted_none() -> None:
    """Untappd's pagination beside the response holding the listing's wrapper
    (https://untappd.com/api/docs); Semantic Scholar's {"total": 0, "offset": 0} with its data
    left out (https://api.semanticscholar.org/api-docs/graph)."""
    page = {"count": 2, "items": [{"checkin_id": 1}, {"checkin_id": 2}]}
    more = {"next_url": "https://api.untappd.com/v4/user/checkins?max_id=1", "max_id": 1}
    body = {"response": {"pagination": more, "checkins": page}}
    env = judge(body, items="response.checkins.items")
    assert truncation_of(env) is TruncatedBy.NEXT_PAGE
    last = {"response": {"pagination": {"next_url": "", "max_id": 0}, "checkins": page}}
    assert judge(last, items="response.checkins.items").outcome is Outcome.SUCCESS
    url = "https://api.semanticscholar.org/graph/v1/paper/search?query=zzzz&offset=0"
    assert judge({"total": 0, "offset": 0}, url=url).outcome is Outcome.EMPTY
    assert judge({"total": 12.5, "currency": "EUR"}).outcome is Outcome.SUCCESS  # money


def test_round_29_headers_and_next_batch() -> None:
    """Quaderno's X-Pages-HasMore and X-Pages-NextPage (https://developers.quaderno.io/api/#section/Pagination),
    Gitee's total_page and total_count headers (https://gitee.com/api/v5/swagger), Matrix's
    next_batch beside a listing (https://spec.matrix.org/v1.11/client-server-api/#get_matrixclientv3publicrooms)."""
    invoices = [{"id": 1}, {"id": 2}]
    more = {"X-Pages-HasMore": "true", "X-Pages-NextPage": "https://q.test/api/invoices?page=2"}
    assert truncation_of(judge(invoices, headers=more)) is TruncatedBy.NEXT_PAGE
    done = {"X-Pages-HasMore": "false"}
    assert judge(invoices, headers=done).outcome is Outcome.SUCCESS
    gitee = "https://gitee.com/api/v5/repos/o/r/issues"
    first = judge(invoices, url=f"{gitee}?page=1&per_page=2", headers={"total_page": "3"})
    assert truncation_of(first) is TruncatedBy.NEXT_PAGE
    last = judge(invoices, url=f"{gitee}?page=3&per_page=2", headers={"total_page": "3"})
    assert last.outcome is Outcome.SUCCESS
    counted = judge(invoices, url=gitee, headers={"total_count": "9"}, items="")
    assert counted.coverage is not None
    assert counted.coverage.total == 9
    rooms = {"chunk": [{"room_id": "!a"}], "next_batch": "p190q", "total_room_count_estimate": 9}
    assert truncation_of(judge(rooms, items="chunk")) is TruncatedBy.NEXT_PAGE
    sync = {"next_batch": "s72595_4483_1934", "rooms": {"join": {}}, "presence": {"events": []}}
    assert judge(sync).outcome is not Outcome.PARTIAL  # sync's token is no page of a listing


def test_round_29_jobs_and_errors() -> None:
    """Bol.com's process status, Textract's JobStatus
    (https://docs.aws.amazon.com/textract/latest/APIReference/API_GetDocumentAnalysis.html),
    Mindee's queued jobs (https://developers.mindee.com/docs/asynchronous-processing), iyzico's
    status failure (https://docs.iyzico.com/en/getting-started/preliminaries/error-codes), SP-API's
    INVALID submission, Facebook Graph's transient codes
    (https://developers.facebook.com/docs/messenger-platform/error-codes), NeverBounce's status
    words (https://developers.neverbounce.com/reference/error-handling)."""
    bol = "https://api.bol.com/shared/process-status/1"
    pending = {"id": 1, "eventType": "CONFIRM_SHIPMENT", "status": "PENDING"}
    assert failure_of(judge(pending, url=bol)) == (FailureCode.UPSTREAM_ERROR, T)
    failure = {**pending, "status": "FAILURE", "errorMessage": "order item not found"}
    assert failure_of(judge(failure, url=bol)) == (FailureCode.UPSTREAM_ERROR, P)
    timeout = {**pending, "status": "TIMEOUT"}
    assert failure_of(judge(timeout, url=bol)) == (FailureCode.UPSTREAM_ERROR, T)
    assert judge({**pending, "status": "SUCCESS"}, url=bol).outcome is Outcome.SUCCESS
    textract = "https://textract.us-east-1.amazonaws.com/"
    running = {"JobStatus": "IN_PROGRESS", "StatusMessage": "still running"}
    assert failure_of(judge(running, url=textract, method="POST")) == (
        FailureCode.UPSTREAM_ERROR,
        T,
    )
    failed = {"JobStatus": "FAILED", "StatusMessage": "unsupported document"}
    assert failure_of(judge(failed, url=textract, method="POST")) == (
        FailureCode.UPSTREAM_ERROR,
        P,
    )
    ended = {"JobStatus": "SUCCEEDED", "Blocks": [{"Id": "b"}]}
    assert judge(ended, url=textract, method="POST").outcome is Outcome.SUCCESS
    mindee = "https://api-v2.mindee.net/v2/jobs/1234"
    job = {"id": "1234", "model_id": "m", "status": "Processing", "error": None}
    assert failure_of(judge({"job": job}, url=mindee)) == (FailureCode.UPSTREAM_ERROR, T)
    queued = {"job": {**job, "status": "waiting"}}
    assert failure_of(judge(queued, url=mindee)) == (FailureCode.UPSTREAM_ERROR, T)
    ci = {"job": {"id": 7, "name": "test", "status": "running"}}  # a CI job's status: its answer
    assert judge(ci, url="https://ci.example.test/api/jobs/7").outcome is Outcome.SUCCESS
    assert failure_of(judge({"job": {**job, "status": "Failed"}}, url=mindee)) == (
        FailureCode.UPSTREAM_ERROR,
        P,
    )
    iyzico = {"status": "failure", "errorCode": 10000, "errorMessage": "m", "paymentId": "1"}
    assert failure_of(judge(iyzico, method="POST")) == (FailureCode.BAD_REQUEST, P)
    issue = {"code": "90000900", "message": "The attributes are invalid.", "severity": "ERROR"}
    invalid = {"sku": "s", "status": "INVALID", "submissionId": "a1", "issues": [issue]}
    assert failure_of(judge(invalid, method="PATCH")) == (FailureCode.BAD_REQUEST, P)
    accepted = {"sku": "s", "status": "ACCEPTED", "submissionId": "a1", "issues": []}
    assert judge(accepted, method="PATCH").outcome is Outcome.SUCCESS
    graph = "https://graph.facebook.com/v20.0/me/messages"
    temporary = {"message": "Temporary send message failure", "type": "FacebookApiException",
                 "code": 1200, "fbtrace_id": "D2kx"}  # fmt: skip
    assert failure_of(judge({"error": temporary}, url=graph, method="POST")) == (
        FailureCode.SERVER_ERROR,
        T,
    )
    limited = {**temporary, "code": 613}
    assert failure_of(judge({"error": limited}, url=graph, method="POST")) == (
        FailureCode.RATE_LIMITED,
        T,
    )
    other = {**temporary, "code": 100, "type": "OAuthException"}
    assert failure_of(judge({"error": other}, url=graph, method="POST"))[1] is P
    # The Graph API answers the same codes with a 400 as often as a 200.
    assert failure_of(judge({"error": limited}, status=400, url=graph, method="POST")) == (
        FailureCode.RATE_LIMITED,
        T,
    )
    assert failure_of(judge({"error": other}, status=400, url=graph, method="POST")) == (
        FailureCode.BAD_REQUEST,
        P,
    )
    neverbounce = {"status": "throttle_triggered", "message": "slow down", "execution_time": 9}
    assert failure_of(judge(neverbounce)) == (FailureCode.RATE_LIMITED, T)
    valid = {"status": "success", "result": "valid", "execution_time": 9}
    assert judge(valid).outcome is Outcome.SUCCESS


def test_round_29_counts_asked_without_items() -> None:
    """NASA CMR's page_size=0 and Copernicus' rows=0 ask for the count alone
    (https://cmr.earthdata.nasa.gov/search/site/docs/search/api.html,
    https://scihub.copernicus.eu/userguide/OpenSearchAPI); a count of zero is still none; an
    OpenSearch feed's error in a 200 is the call's failure."""
    cmr = "https://cmr.earthdata.nasa.gov/search/granules.umm_json?page_size=0&short_name=X"
    hits = judge({"hits": 652, "took": 5, "items": []}, url=cmr, items="items", total="hits")
    assert hits.outcome is Outcome.SUCCESS
    none = judge({"hits": 0, "took": 5, "items": []}, url=cmr, items="items", total="hits")
    assert none.outcome is Outcome.EMPTY
    hub = "https://apihub.copernicus.eu/apihub/search?format=json&rows=0&q=x"
    feed = {"feed": {"opensearch:totalResults": "10000", "opensearch:itemsPerPage": "0"}}
    counted = judge(feed, url=hub, items="feed.entry", total="feed.opensearch:totalResults")
    assert counted.outcome is Outcome.SUCCESS
    error = {"feed": {"error": {"code": "400", "message": "SyntaxError: cannot parse"}}}
    assert failure_of(judge(error, url=hub)) == (FailureCode.BAD_REQUEST, P)


def test_round_30_shlink_pages_dub_bulk_and_uptimerobot() -> None:
    """Shlink's pagination (https://api-spec.shlink.io/), Dub's bulk writes
    (https://dub.co/docs/api-reference/endpoint/bulk-create-links), UptimeRobot's stat fail
    (https://uptimerobot.com/api/legacy/)."""
    tags = [{"tag": "games"}, {"tag": "shlink"}]
    pagination = {"currentPage": 5, "pagesCount": 5, "itemsPerPage": 10, "totalItems": 42}
    last = {"tags": {"data": tags, "pagination": pagination}}
    url = "https://s.test/rest/v3/tags/stats?page=5"
    assert judge(last, url=url, items="tags.data", total="tags.pagination.totalItems").outcome is (
        Outcome.SUCCESS
    )
    first = {"tags": {"data": tags, "pagination": {**pagination, "currentPage": 1}}}
    assert truncation_of(judge(first, items="tags.data")) is TruncatedBy.NEXT_PAGE
    bulk = "https://api.dub.co/links/bulk"
    done = {"id": "link_1", "domain": "dub.sh", "key": "k", "url": "https://example.com"}
    refused = {"error": "Link not found", "code": "not_found", "link": {"id": "xxx"}}
    some = judge([done, refused], url=bulk, method="PATCH")
    assert truncation_of(some) is TruncatedBy.UPSTREAM_FLAG
    assert failure_of(judge([refused], url=bulk, method="PATCH")) == (FailureCode.NOT_FOUND, P)
    assert judge([refused], url=bulk).outcome is Outcome.SUCCESS  # a read's records stay records
    robot = "https://api.uptimerobot.com/v2/getMonitors"
    fail = {"stat": "fail", "error": {"type": "not_authorized", "message": "api_key not found"}}
    assert failure_of(judge(fail, url=robot, method="POST")) == (FailureCode.UNAUTHORIZED, P)
    missing = {"stat": "fail", "error": {"type": "not_found", "message": "monitor not found"}}
    assert judge(missing, url=robot, method="POST", not_found="empty").outcome is Outcome.EMPTY


def test_round_30_tickets_bulk_results_jobs_and_faults() -> None:
    """Expo's push tickets (https://docs.expo.dev/push-notifications/sending-notifications/#individual-errors),
    Novu's succeeded and failed (https://docs.novu.co/api-reference/topics/subscribers-addition),
    Azure Key Vault's certificate operation (https://learn.microsoft.com/en-us/rest/api/keyvault/certificates/get-certificate-operation/get-certificate-operation),
    Dexcom Share's faults in a 500 (https://gagebenne.github.io/pydexcom/pydexcom.html)."""
    send = "https://exp.host/--/api/v2/push/send"
    gone = {
        "status": "error",
        "message": "not registered",
        "details": {"error": "DeviceNotRegistered"},
    }
    sent = {"status": "ok", "id": "XXXX-XXXX"}
    assert failure_of(judge({"data": [gone]}, url=send, method="POST")) == (
        FailureCode.UPSTREAM_ERROR,
        P,
    )
    some = judge({"data": [sent, gone]}, url=send, method="POST")
    assert truncation_of(some) is TruncatedBy.UPSTREAM_FLAG
    slow = {**gone, "details": {"error": "MessageRateExceeded"}}
    assert failure_of(judge({"data": [slow]}, url=send, method="POST")) == (
        FailureCode.RATE_LIMITED,
        T,
    )
    tasks = {"data": [{"id": "t", "status": "error", "message": "failed", "operation": "convert"}]}
    assert judge(tasks, items="data").outcome is Outcome.SUCCESS  # a listing of jobs
    novu = "https://api.novu.co/v1/topics/my-topic/subscribers"
    partly = {"data": {"succeeded": ["63da"], "failed": {"notFound": ["not-defined"]}}}
    assert truncation_of(judge(partly, url=novu, method="POST")) is TruncatedBy.UPSTREAM_FLAG
    none = {"data": {"succeeded": [], "failed": {"notFound": ["a", "b"]}}}
    assert failure_of(judge(none, url=novu, method="POST")) == (FailureCode.NOT_FOUND, P)
    clean = {"data": {"succeeded": ["63da"], "failed": {}}}
    assert judge(clean, url=novu, method="POST").outcome is Outcome.SUCCESS
    vault = "https://v.vault.azure.net/certificates/CreateCertificate/pending?api-version=7.3"
    pending = {"id": "https://v.vault.azure.net/certificates/CreateCertificate/pending",
               "status": "inProgress", "status_details": "Please check again later."}  # fmt: skip
    assert failure_of(judge(pending, url=vault)) == (FailureCode.UPSTREAM_ERROR, T)
    assert judge({**pending, "status": "completed"}, url=vault).outcome is Outcome.SUCCESS
    share = (
        "https://share2.dexcom.com/ShareWebServices/Services/General/AuthenticatePublisherAccount"
    )
    fault = {"Code": "AccountPasswordInvalid", "Message": "Publisher account password failed",
             "SubCode": '<OnlineException ErrorCode="AccountPasswordInvalid" />',
             "TypeName": "FaultException"}  # fmt: skip
    assert failure_of(judge(fault, status=500, url=share, method="POST")) == (
        FailureCode.UNAUTHORIZED,
        P,
    )
    busy = {**fault, "Code": "ServiceUnavailable"}
    assert failure_of(judge(busy, status=500, url=share, method="POST"))[1] is T


def test_round_31_jobs_counts_and_refreshes_read_before_they_are_done() -> None:
    """Zendesk's finished job naming failed items (https://developer.zendesk.com/api-reference/ticketing/ticket-management/job_statuses/),
    Zendesk's view counts before they are cached (https://support.zendesk.com/hc/en-us/articles/7428859901978),
    Mastodon's async refresh (https://docs.joinmastodon.org/methods/async_refreshes/)."""
    job_url = "https://x.zendesk.com/api/v2/job_statuses/V3-ffeda191.json"
    done = {"action": "update", "id": 61, "status": "Updated", "success": True}
    taken = {"index": 1, "error": "OrganizationUpdateFailed", "id": 62, "details": "Name taken"}
    job = {"id": "V3-ffeda191", "url": job_url, "total": 2, "progress": 2, "status": "completed",
           "message": "Completed at 2023-09-18", "results": [done, taken]}  # fmt: skip
    some = judge({"job_status": job}, url=job_url)
    assert truncation_of(some) is TruncatedBy.UPSTREAM_FLAG
    assert some.coverage is not None
    assert some.coverage.dropped == ("job_status.results.1: OrganizationUpdateFailed: Name taken",)
    every = {**job, "results": [taken, {**taken, "index": 2, "id": 63}]}
    assert failure_of(judge({"job_status": every}, url=job_url)) == (FailureCode.UPSTREAM_ERROR, P)
    assert judge({"job_status": {**job, "results": [done]}}, url=job_url).outcome is Outcome.SUCCESS
    # A record of another API with a completed status and results is no Zendesk job.
    other = {"status": "completed", "results": [taken], "owner": "x"}
    assert judge(other, url="https://api.example.test/v1/runs/7").outcome is Outcome.SUCCESS

    count_url = "https://x.zendesk.com/api/v2/views/6164074383386/count.json"
    uncached = {"url": count_url, "view_id": 6164074383386, "value": None, "pretty": "...",
                "fresh": False}  # fmt: skip
    assert failure_of(judge({"view_count": uncached}, url=count_url)) == (
        FailureCode.UPSTREAM_ERROR,
        T,
    )
    stale = {**uncached, "value": 12, "pretty": "12"}  # counted, not yet refreshed: the answer
    assert judge({"view_count": stale}, url=count_url).outcome is Outcome.SUCCESS
    many = "https://x.zendesk.com/api/v2/views/count_many.json?ids=1,2"
    both = {"view_counts": [uncached, {**uncached, "view_id": 2}]}
    assert failure_of(judge(both, url=many)) == (FailureCode.UPSTREAM_ERROR, T)
    # one of them not counted yet: the others are the answer, that one is missing
    one = judge({"view_counts": [uncached, {**stale, "view_id": 2}]}, url=many)
    assert truncation_of(one) is TruncatedBy.UPSTREAM_FLAG
    assert one.coverage is not None
    assert one.coverage.dropped == ("view 6164074383386: not counted yet",)
    assert one.coverage.detail == "zendesk: 1 of 2 view counts not cached yet"
    counted = {"view_counts": [stale, {**stale, "view_id": 2}]}
    assert judge(counted, url=many).outcome is Outcome.SUCCESS

    refresh_url = "https://mastodon.example.test/api/v1_alpha/async_refreshes/ImNvbnRleHQ6MTEz"
    running = {"async_refresh": {"id": "ImNvbnRleHQ6MTEz", "status": "running", "result_count": 1}}
    assert failure_of(judge(running, url=refresh_url)) == (FailureCode.UPSTREAM_ERROR, T)
    finished = {"async_refresh": {**running["async_refresh"], "status": "finished"}}
    assert judge(finished, url=refresh_url).outcome is Outcome.SUCCESS


def test_round_31_graphql_limits_and_request_errors() -> None:
    """Federation routers' rate limits (https://cosmo-docs.wundergraph.com/router/security/rate-limiting,
    https://www.apollographql.com/docs/graphos/routing/errors) and a NOT_FOUND raised before
    execution, with no data (GraphQL §7.1.2; Hasura's missing session variable)."""
    url = "https://router.example.test/graphql"
    for code in ("RATE_LIMIT_EXCEEDED", "REQUEST_RATE_LIMITED", "RATELIMITED"):  # and Linear's
        assert GRAPHQL_CODES[code] == (RATE_LIMITED, T)
        limited = {"errors": [{"message": "Rate limit exceeded", "extensions": {"code": code}}],
                   "data": {"employee": None}}  # fmt: skip
        assert failure_of(judge(limited, url=url, method="POST")) == (RATE_LIMITED, T)
    waits = {"rateLimit": {"requestRate": 1, "remaining": 0, "retryAfterMs": 1234}}
    told = {"errors": [{"message": "Rate limit exceeded"}], "data": None, "extensions": waits}
    assert failure_of(judge(told, url=url, method="POST")) == (RATE_LIMITED, T)
    spent = {"rateLimit": {"requestRate": 1, "remaining": 0}}
    assert failure_of(judge({**told, "extensions": spent}, url=url, method="POST")) == (
        RATE_LIMITED,
        T,
    )
    wait = {"retryAfterMs": 1500}  # a wait named at the top, beside no window
    assert failure_of(judge({**told, "extensions": wait}, url=url, method="POST")) == (
        RATE_LIMITED,
        T,
    )
    left = {"rateLimit": {"requestRate": 1, "remaining": 5}}
    worded = {"errors": [{"message": "Subgraph fetch failed"}], "data": None, "extensions": left}
    assert failure_of(judge(worded, url=url, method="POST")) == (FailureCode.UPSTREAM_ERROR, P)
    hidden = {"errors": [{"message": "Rate limit exceeded"}], "data": None}  # stats hidden
    assert failure_of(judge(hidden, url=url, method="POST")) == (RATE_LIMITED, T)
    mixed = {"errors": [{"message": "Rate limit exceeded"}, {"message": "Cannot query x"}]}
    assert failure_of(judge(mixed, url=url, method="POST")) == (FailureCode.UPSTREAM_ERROR, P)
    answered = {"data": {"employee": {"id": 1}}, "extensions": waits}  # the last one allowed
    assert judge(answered, url=url, method="POST").outcome is Outcome.SUCCESS

    hasura = "https://x.hasura.app/v1/graphql"
    missing = 'missing session variables: "x-hasura-critic-id"'
    session = {"errors": [{"extensions": {"path": "$", "code": "not-found"}, "message": missing}]}
    for not_found in ("failure", "empty"):
        got = judge(session, url=hasura, method="POST", not_found=not_found)
        assert failure_of(got) == (FailureCode.BAD_REQUEST, P)
    unresolved = {"type": "NOT_FOUND", "path": ["repository"], "message": "Could not resolve"}
    github = {"data": {"repository": None}, "errors": [unresolved]}
    assert judge(github, url=url, method="POST", not_found="empty").outcome is Outcome.EMPTY


def test_round_31_listings_found_when_inferring() -> None:
    """Zendesk's side-loading (https://developer.zendesk.com/api-reference/introduction/side_loading/),
    Hasura's aggregates (https://hasura.io/docs/latest/queries/postgres/aggregation-queries/,
    https://hasura.io/docs/3.0/graphql-api/queries/aggregation-queries), CMR's Atom feed and
    its CMR-Hits header (https://cmr.earthdata.nasa.gov/search/site/docs/search/api.html)."""
    rows = [{"id": 1}, {"id": 2}, {"id": 3}]
    side = {"activities": rows, "actors": [{"id": 9}], "users": [{"id": 9}], "count": 3}
    named = judge(side, url="https://x.zendesk.com/api/v2/activities.json")
    assert (named.outcome, named.coverage and named.coverage.returned) == (Outcome.SUCCESS, 3)
    assert named.data == rows
    elsewhere = judge(side, url="https://x.zendesk.com/api/v2/feed")  # the path names none
    assert elsewhere.data != rows
    assert judge(side, url="https://[::1/activities.json").outcome is not Outcome.ACCESS_FAILURE

    v2 = {"data": {"posts": rows, "posts_aggregate": {"aggregate": {"count": 25}}}}
    v3 = {"data": {"posts": rows, "postsAggregate": {"_count": 25}}}
    for body in (v2, v3):
        env = judge(body, url="https://x.hasura.app/v1/graphql", method="POST")
        assert truncation_of(env) is TruncatedBy.TOTAL_EXCEEDS_RETURNED
        assert env.coverage is not None
        assert env.coverage.total == 25
    whole = {"data": {"posts": rows, "posts_aggregate": {"aggregate": {"count": 3}}}}
    assert judge(whole, url="https://x.hasura.app/v1/graphql").outcome is Outcome.SUCCESS

    cmr = "https://cmr.earthdata.nasa.gov/search/granules.json?short_name=X"
    feed = {"feed": {"id": cmr, "title": "ECHO granule metadata", "entry": rows}}
    cut = judge(feed, url=cmr, headers={"CMR-Hits": "163"})
    assert truncation_of(cut) is TruncatedBy.TOTAL_EXCEEDS_RETURNED
    assert cut.coverage is not None
    assert (cut.coverage.returned, cut.coverage.total) == (3, 163)
    none = {"feed": {"id": cmr, "title": "ECHO granule metadata", "entry": []}}
    assert judge(none, url=cmr, headers={"CMR-Hits": "0"}).outcome is Outcome.EMPTY
    gdata = judge({"version": "1.0", "encoding": "UTF-8", "feed": {"entry": rows}})
    assert gdata.coverage is not None
    assert gdata.coverage.returned == 3
    held = judge({"feed": {"id": cmr, "entry": rows}, "owner": "x"})  # a record holding a feed
    assert held.coverage is not None
    assert held.coverage.returned == 1


def test_round_31_a_page_past_the_end_ends_whatever_its_next_link_says() -> None:
    """OGC API - Features: numberMatched counts the matches
    (https://docs.ogc.org/is/17-069r4/17-069r4.html#_response_7); WFS 2.0's STARTINDEX."""
    links = [{"rel": "next", "href": "https://geo.example.test/items/?startindex=40"}]
    body = {"type": "FeatureCollection", "features": [], "numberMatched": 25,
            "numberReturned": 0, "links": links}  # fmt: skip
    for start in ("startindex=30", "startindex=25", "offset=30", "startIndex=30"):
        url = f"https://geo.example.test/collections/lakes/items?{start}&limit=10"
        env = judge(body, url=url, items="features", total="numberMatched")
        assert env.outcome is Outcome.EMPTY, (start, env)
    before = "https://geo.example.test/collections/lakes/items?startindex=20&limit=10"
    short = judge(body, url=before, items="features", total="numberMatched")
    assert truncation_of(short) is TruncatedBy.NEXT_PAGE  # nothing from before the end: a cut
    past = "https://geo.example.test/collections/lakes/items?startindex=30&limit=10"
    unknown = {k: v for k, v in body.items() if k != "numberMatched"}  # no count: a next page
    assert truncation_of(judge(unknown, url=past, items="features")) is TruncatedBy.NEXT_PAGE


def test_round_31_apple_music_search_pages_are_read_each() -> None:
    """Apple Music's catalog search: a page per type under ``results``, each its ``href`` and
    ``data``, with ``next`` while more follow
    (https://developer.apple.com/documentation/applemusicapi/search-for-catalog-resources)."""
    url = "https://api.music.apple.com/v1/catalog/gb/search?term=beat&limit=5"
    rows = [{"id": "1", "type": "albums"}]
    more = {"href": "/v1/catalog/gb/search?types=albums", "data": rows,
            "next": "/v1/catalog/gb/search?offset=5&term=beat"}  # fmt: skip
    last = {"href": "/v1/catalog/gb/search?types=stations", "data": rows}
    body = {"results": {"albums": more, "stations": last}, "meta": {"results": {"order": []}}}
    assert truncation_of(judge(body, url=url)) is TruncatedBy.NEXT_PAGE
    assert judge({"results": {"albums": last, "stations": last}}, url=url).outcome is (
        Outcome.SUCCESS
    )
    # Objects that are not such pages (no href of their own) are not read as them.
    bare = {"results": {"albums": {"data": rows, "next": "/x?page=2"}, "stations": {"data": rows}}}
    assert judge(bare, url=url).outcome is Outcome.SUCCESS


def test_round_32_jobs_of_ai_apis_and_exports_read_before_they_are_done() -> None:
    """OpenAI's runs, batches and fine-tuning jobs by their object
    (https://platform.openai.com/docs/api-reference/runs/object,
    https://platform.openai.com/docs/api-reference/batch/object), Replicate's predictions
    (https://replicate.com/docs/reference/http#predictions.get), LlamaParse's jobs
    (https://docs.cloud.llamaindex.ai/API/get-job-api-v-1-parsing-job-job-id-get), Qualtrics'
    response export (https://api.qualtrics.com/u9e5lh4172v0v-survey-response-export-guide)."""
    run_url = "https://api.openai.com/v1/threads/thread_7W4a/runs/run_Z41L"
    run = {"id": "run_Z41L", "object": "thread.run", "status": "in_progress", "last_error": None}
    assert failure_of(judge(run, url=run_url)) == (FailureCode.UPSTREAM_ERROR, T)
    acting = {**run, "status": "requires_action"}  # a call for the caller to make: the answer
    assert judge(acting, url=run_url).outcome is Outcome.SUCCESS
    created = judge({**run, "status": "queued"}, url=run_url, method="POST")  # the run started
    assert created.outcome is Outcome.SUCCESS
    batch_url = "https://api.openai.com/v1/batches/batch_abc123"
    batch = {"id": "batch_abc123", "object": "batch", "status": "validating"}
    assert failure_of(judge(batch, url=batch_url)) == (FailureCode.UPSTREAM_ERROR, T)
    expired = {**batch, "status": "expired"}
    assert failure_of(judge(expired, url=batch_url)) == (FailureCode.UPSTREAM_ERROR, P)
    tuned = {"object": "fine_tuning.job", "id": "ftjob-abc", "status": "succeeded"}
    assert judge(tuned, url="https://api.openai.com/v1/fine_tuning/jobs/ftjob-abc").outcome is (
        Outcome.SUCCESS
    )

    replicate = "https://api.replicate.com/v1/predictions/vdcbnszbj37q"
    urls = {"get": replicate, "cancel": f"{replicate}/cancel"}
    prediction = {"id": "vdcbnszbj37q", "version": "ac73", "status": "starting", "urls": urls}
    for status in ("starting", "processing"):
        got = judge({**prediction, "status": status}, url=replicate)
        assert failure_of(got) == (FailureCode.UPSTREAM_ERROR, T)
    failed = {**prediction, "status": "failed", "error": "CUDA out of memory"}
    assert failure_of(judge(failed, url=replicate)) == (FailureCode.UPSTREAM_ERROR, P)
    done = {**prediction, "status": "succeeded", "output": ["https://x.test/out.png"]}
    assert judge(done, url=replicate).outcome is Outcome.SUCCESS

    parse = "https://api.cloud.llamaindex.ai/api/parsing/job/02eb1699-8eab"
    job = {"id": "02eb1699-8eab", "status": "PENDING"}
    assert failure_of(judge(job, url=parse)) == (FailureCode.UPSTREAM_ERROR, T)
    assert failure_of(judge({**job, "status": "ERROR"}, url=parse)) == (
        FailureCode.UPSTREAM_ERROR,
        P,
    )
    assert judge({**job, "status": "SUCCESS"}, url=parse).outcome is Outcome.SUCCESS

    export_url = "https://iad1.qualtrics.com/API/v3/surveys/SV_3g/export-responses/ES_3U"
    meta = {"requestId": "8de0e1b8", "httpStatus": "200 - OK"}
    running = {"result": {"percentComplete": 0.0, "status": "inProgress"}, "meta": meta}
    assert failure_of(judge(running, url=export_url)) == (FailureCode.UPSTREAM_ERROR, T)
    complete = {"result": {"percentComplete": 100.0, "status": "complete", "fileId": "1dc4"},
                "meta": meta}  # fmt: skip
    assert judge(complete, url=export_url).outcome is Outcome.SUCCESS


def test_round_32_generations_cut_and_listings_found_when_inferring() -> None:
    """Together's completions (https://docs.together.ai/reference/completions-1), Bedrock's
    native model answers (https://docs.aws.amazon.com/bedrock/latest/userguide/model-parameters-meta.html,
    https://docs.aws.amazon.com/bedrock/latest/userguide/model-parameters-titan-text.html,
    https://docs.aws.amazon.com/bedrock/latest/userguide/model-parameters-mistral-text-completion.html),
    Pinecone's query (https://docs.pinecone.io/reference/api/2024-07/data-plane/query),
    Qualtrics' lists (https://api.qualtrics.com/)."""
    together = {"object": "text.completion", "choices": [{"text": "x", "finish_reason": "length"}]}
    assert truncation_of(judge(together)) is TruncatedBy.UPSTREAM_FLAG
    stopped = {**together, "choices": [{"text": "x", "finish_reason": "stop"}]}
    assert judge(stopped).outcome is Outcome.SUCCESS
    meta_llama = {"generation": "Oh my", "prompt_token_count": 9, "stop_reason": "length"}
    titan = {
        "inputTextTokenCount": 5,
        "results": [{"outputText": "x", "completionReason": "LENGTH"}],
    }
    mistral = {"outputs": [{"text": "x", "stop_reason": "length"}]}
    for cut in (meta_llama, titan, mistral):
        assert truncation_of(judge(cut)) is TruncatedBy.UPSTREAM_FLAG, cut
    assert judge({**meta_llama, "stop_reason": "stop"}).outcome is Outcome.SUCCESS
    finished = {"inputTextTokenCount": 5, "results": [{"completionReason": "FINISH"}]}
    assert judge(finished).outcome is Outcome.SUCCESS

    hits = [{"id": "a", "score": 0.86}, {"id": "b", "score": 0.8}, {"id": "c", "score": 0.7}]
    pinecone = judge({"results": [], "matches": hits, "namespace": ""})
    assert (pinecone.outcome, pinecone.data) == (Outcome.SUCCESS, hits)
    nothing = judge({"results": [], "matches": [], "namespace": ""})
    assert nothing.outcome is Outcome.EMPTY

    meta = {"httpStatus": "200 - OK", "requestId": "4fd9563e"}
    rows = [{"id": "SUB_1"}, {"id": "SUB_2"}]
    more = {"result": {"elements": rows, "nextPage": "https://co1.qualtrics.com/API/v3/x?offset=2"},
            "meta": meta}  # fmt: skip
    assert truncation_of(judge(more)) is TruncatedBy.NEXT_PAGE
    last = {"result": {"elements": [], "nextPage": None}, "meta": meta}
    assert judge(last).outcome is Outcome.EMPTY
    refused = {"result": {"elements": rows, "nextPage": None}, "meta": {"httpStatus": "400 - Bad"}}
    assert judge(refused).outcome is not Outcome.EMPTY


def test_round_32_batch_sends_coded_refusals_and_bulk_jobs() -> None:
    """Mailtrap's batch send (https://api-docs.mailtrap.io/docs/mailtrap-api-docs/), Zoom's
    error codes in a 200 (https://developers.zoom.us/docs/api/rest/error-definitions/),
    MailerSend's bulk email (https://developers.mailersend.com/api/v1/email.html#get-bulk-email-status)."""
    batch = "https://bulk.api.mailtrap.io/api/batch"
    refused = {"success": False, "errors": ["'from' is required", "'subject' is required"]}
    sent = {"success": True, "message_ids": ["d4d7c2b0"]}
    every = {"success": True, "responses": [refused, refused]}
    assert failure_of(judge(every, url=batch, method="POST")) == (FailureCode.BAD_REQUEST, P)
    some = judge({"success": True, "responses": [sent, refused]}, url=batch, method="POST")
    assert truncation_of(some) is TruncatedBy.UPSTREAM_FLAG
    assert some.coverage is not None
    assert some.coverage.dropped == ("responses.1: 'from' is required; 'subject' is required",)
    whole = {"success": True, "responses": [sent, sent]}
    assert judge(whole, url=batch, method="POST").outcome is Outcome.SUCCESS
    # Entries that are records of their own (a survey's answers) are not such a batch.
    answers = {"responses": [{"id": "r1", "success": False, "answer": "no"}]}
    assert judge(answers).outcome is Outcome.SUCCESS

    zoom = "https://api.zoom.us/v2/roles"
    invalid = {"code": 300, "message": "Validation Failed"}
    assert failure_of(judge(invalid, url=zoom, method="POST")) == (FailureCode.UPSTREAM_ERROR, P)
    accepted = {"code": 201, "message": "Created"}  # a 2xx code is the call's success
    assert judge(accepted, url=zoom, method="POST").outcome is Outcome.SUCCESS

    bulk = "https://api.mailersend.com/v1/bulk-email/6888dfbd45fcac796bfecfb6"
    state = {"id": "6888dfbd45fcac796bfecfb6", "state": "queued", "messages_id": None}
    for word in ("queued", "scheduled", "processing"):
        got = judge({"data": {**state, "state": word}}, url=bulk)
        assert failure_of(got) == (FailureCode.UPSTREAM_ERROR, T)
    assert failure_of(judge({"data": {**state, "state": "failed"}}, url=bulk)) == (
        FailureCode.UPSTREAM_ERROR,
        P,
    )
    done = {"data": {**state, "state": "completed", "messages_id": ["a1"]}}
    assert judge(done, url=bulk).outcome is Outcome.SUCCESS
    # A record's own state elsewhere is no job's (Campaign Monitor's list "State": "Active").
    assert judge({"data": {"id": "x", "state": "queued"}}).outcome is Outcome.SUCCESS


def test_round_32_search_engines_pages_bulk_answers_and_classifications() -> None:
    """Elastic App Search's meta.page (https://www.elastic.co/guide/en/app-search/current/api-reference.html),
    Swiftype's bulk answers, one boolean per document
    (https://swiftype.com/documentation/site-search/indexing#bulk-create-or-update), Weaviate's
    classifications (https://weaviate.io/developers/weaviate/api/rest#tag/classifications)."""
    url = "https://x.api.swiftype.com/api/as/v1/engines/e/curations?page[current]=2&page[size]=1"
    last = {"meta": {"page": {"current": 2, "total_pages": 2, "total_results": 2, "size": 1}},
            "results": [{"id": "cur-378291"}]}  # fmt: skip
    assert judge(last, url=url).outcome is Outcome.SUCCESS
    first = {"meta": {"page": {"current": 1, "total_pages": 2, "total_results": 2, "size": 1}},
             "results": [{"id": "cur-1"}]}  # fmt: skip
    assert judge(first, url=url.replace("current]=2", "current]=1")).outcome is Outcome.PARTIAL

    bulk = "https://api.swiftype.com/api/v1/engines/e/document_types/videos/documents/bulk_create"
    assert failure_of(judge([False], url=bulk, method="POST")) == (FailureCode.UPSTREAM_ERROR, P)
    some = judge([True, False], url=bulk, method="POST")
    assert truncation_of(some) is TruncatedBy.UPSTREAM_FLAG
    assert some.coverage is not None
    assert some.coverage.dropped == ("1: false",)
    assert judge([True, True], url=bulk, method="POST").outcome is Outcome.SUCCESS
    assert judge([False, False], url=bulk).outcome is Outcome.SUCCESS  # a read's booleans: data

    weaviate = "http://localhost:8080/v1/classifications/1"
    running = {"id": "1", "class": "Posts", "status": "running", "type": "zeroshot"}
    assert failure_of(judge(running, url=weaviate)) == (FailureCode.UPSTREAM_ERROR, T)
    assert judge({**running, "status": "completed"}, url=weaviate).outcome is Outcome.SUCCESS
    assert failure_of(judge({**running, "status": "failed"}, url=weaviate)) == (
        FailureCode.UPSTREAM_ERROR,
        P,
    )


def test_round_33_answers_in_headers_and_schema_keywords() -> None:
    """The Terraform module registry's download (https://developer.hashicorp.com/terraform/internals/module-registry-protocol#download-source-code-for-a-specific-module-version)
    and a document naming its own JSON Schema (.NET's release index,
    https://github.com/dotnet/core/blob/main/release-notes/releases-index.json)."""
    download = "https://registry.terraform.io/v1/modules/hashicorp/consul/aws/0.0.1/download"
    source = "git::https://github.com/hashicorp/terraform-aws-consul?ref=v0.0.1"
    got = classify_parts(204, httpx.Headers({"x-terraform-get": source}), b"", url=download)
    assert got.outcome is Outcome.SUCCESS
    assert got.coverage is not None
    assert source in got.coverage.detail
    nothing = classify_parts(204, httpx.Headers({"x-terraform-get": " "}), b"", url=download)
    assert nothing.outcome is Outcome.EMPTY

    index = "https://dotnetcli.blob.core.windows.net/dotnet/release-metadata/releases-index.json"
    schema = "https://json.schemastore.org/dotnet-releases-index.json"
    assert judge({"$schema": schema, "releases-index": []}, url=index).outcome is Outcome.EMPTY
    rows = [{"channel-version": "9.0"}, {"channel-version": "8.0"}]
    listed = judge({"$schema": schema, "releases-index": rows}, url=index)
    assert (listed.outcome, listed.data) == (Outcome.SUCCESS, rows)
    # A member named like a keyword that holds data is not a keyword: the body stays a record.
    held = judge({"$schema": {"type": "object"}, "releases-index": rows}, url=index)
    assert held.coverage is not None
    assert held.coverage.returned == 1


def test_round_33_batches_envelopes_last_pages_and_limits() -> None:
    """WooCommerce's batch answers (https://woocommerce.github.io/woocommerce-rest-api-docs/#batch-update-product-categories),
    Nextcloud's OCS envelope (https://docs.nextcloud.com/server/latest/developer_manual/client_apis/OCS/ocs-api-overview.html),
    Squarespace's hasNextPage (https://developers.squarespace.com/commerce-apis/retrieve-all-orders),
    Backblaze B2's nextFileName (https://www.backblaze.com/apidocs/b2-list-file-names),
    Cloudinary's 420 (https://cloudinary.com/documentation/admin_api#error_handling)."""
    batch = "https://shop.example.test/wp-json/wc/v3/products/categories/batch"
    made = {"id": 104, "name": "Clothing"}
    exists = {"id": 0, "error": {"code": "term_exists", "message": "A term with the name exists.",
                                 "data": {"status": 400, "resource_id": 17}}}  # fmt: skip
    some = judge({"create": [made, exists]}, url=batch, method="POST")
    assert truncation_of(some) is TruncatedBy.UPSTREAM_FLAG
    assert some.coverage is not None
    assert some.coverage.dropped == ("create.1: term_exists: A term with the name exists.",)
    every = {"create": [exists], "update": [exists]}
    assert failure_of(judge(every, url=batch, method="POST")) == (FailureCode.BAD_REQUEST, P)
    clean = {"create": [made], "delete": [made]}
    assert judge(clean, url=batch, method="POST").outcome is Outcome.SUCCESS

    ocs_url = "https://cloud.example.test/ocs/v2.php/cloud/users?format=json"
    ok = {"status": "ok", "statuscode": 200, "message": "OK"}
    users = {"ocs": {"meta": ok, "data": {"users": ["alice", "bob"]}}}
    listed = judge(users, url=ocs_url)
    assert (listed.outcome, listed.data) == (Outcome.SUCCESS, ["alice", "bob"])
    enabled = {"ocs": {"meta": {**ok, "statuscode": 100}, "data": []}}  # a write's "done"
    assert judge(enabled, url=ocs_url, method="POST").outcome is Outcome.SUCCESS
    missing = {"ocs": {"meta": {"status": "failure", "statuscode": 998, "message": "no user"},
                       "data": []}}  # fmt: skip
    assert failure_of(judge(missing, url=ocs_url)) == (FailureCode.NOT_FOUND, P)
    assert judge(missing, url=ocs_url, not_found="empty").outcome is Outcome.EMPTY
    refused = {"ocs": {"meta": {"status": "failure", "statuscode": 997}, "data": []}}
    assert failure_of(judge(refused, url=ocs_url)) == (FailureCode.UNAUTHORIZED, P)
    v2 = {"ocs": {"meta": {"status": "failure", "statuscode": 429}, "data": []}}
    assert failure_of(judge(v2, url=ocs_url)) == (RATE_LIMITED, T)
    odd = {"ocs": {"meta": {"status": "failure", "statuscode": 102}, "data": []}}
    assert failure_of(judge(odd, url=ocs_url)) == (FailureCode.UPSTREAM_ERROR, P)

    orders = [{"id": "585d498fdee9f31a60284a37"}]
    cursor = "b342f5367c664d3c99aa56f44f95ab0a"
    last = {"result": orders, "pagination": {"hasNextPage": False, "nextPageCursor": cursor}}
    assert judge(last).outcome is Outcome.SUCCESS
    more = {"result": orders, "pagination": {"hasNextPage": True, "nextPageCursor": "b342f536"}}
    assert truncation_of(judge(more)) is TruncatedBy.NEXT_PAGE

    b2 = "https://api001.backblazeb2.com/b2api/v3/b2_list_file_names"
    files = [{"fileName": "a.txt"}, {"fileName": "b.txt"}]
    cut = judge({"files": files, "nextFileName": "c.txt"}, url=b2, method="POST")
    assert truncation_of(cut) is TruncatedBy.NEXT_PAGE
    whole = judge({"files": files, "nextFileName": None}, url=b2, method="POST")
    assert whole.outcome is Outcome.SUCCESS

    calm = judge({"error": {"message": "Rate Limit Exceeded"}}, status=420)
    assert failure_of(calm) == (RATE_LIMITED, T)


def test_round_34_batch_writes_answered_entry_by_entry() -> None:
    """AWS's batch actions (https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_SendMessageBatch.html,
    https://docs.aws.amazon.com/kinesis/latest/APIReference/API_PutRecords.html,
    https://docs.aws.amazon.com/eventbridge/latest/APIReference/API_PutEvents.html,
    https://docs.aws.amazon.com/firehose/latest/APIReference/API_PutRecordBatch.html) and Azure
    Event Grid's lock tokens (https://learn.microsoft.com/en-us/rest/api/eventgrid/dataplane/acknowledge-cloud-events)."""
    sqs = "https://sqs.us-east-1.amazonaws.com/"
    sent = {"Id": "m1", "MessageId": "a8c3", "MD5OfMessageBody": "fafb"}
    bad = {"Id": "m2", "Code": "InvalidParameterValue", "Message": "too long", "SenderFault": True}
    some = judge({"Successful": [sent], "Failed": [bad]}, url=sqs, method="POST")
    assert truncation_of(some) is TruncatedBy.UPSTREAM_FLAG
    assert some.coverage is not None
    assert some.coverage.dropped == ("Failed.m2: InvalidParameterValue",)
    every = judge({"Successful": [], "Failed": [bad]}, url=sqs, method="POST")
    assert failure_of(every) == (FailureCode.UPSTREAM_ERROR, P)
    inside = {**bad, "Code": "InternalError", "SenderFault": False}
    assert failure_of(judge({"Successful": [], "Failed": [inside]}, url=sqs, method="POST")) == (
        FailureCode.SERVER_ERROR,
        T,
    )
    assert judge({"Successful": [sent], "Failed": []}, url=sqs, method="POST").outcome is (
        Outcome.SUCCESS
    )

    kinesis = "https://kinesis.us-east-1.amazonaws.com/"
    stored = {"SequenceNumber": "4954", "ShardId": "shardId-000000000000"}
    slow = {"ErrorCode": "ProvisionedThroughputExceededException", "ErrorMessage": "Rate exceeded"}
    put = judge({"FailedRecordCount": 1, "Records": [stored, slow]}, url=kinesis, method="POST")
    assert truncation_of(put) is TruncatedBy.UPSTREAM_FLAG
    all_slow = {"FailedRecordCount": 1, "Records": [slow]}
    assert failure_of(judge(all_slow, url=kinesis, method="POST")) == (RATE_LIMITED, T)
    events = {"FailedEntryCount": 1, "Entries": [{"ErrorCode": "InternalFailure"}]}
    assert failure_of(judge(events, url=kinesis, method="POST")) == (FailureCode.SERVER_ERROR, T)
    firehose = {"FailedPutCount": 0, "RequestResponses": [{"RecordId": "r1"}]}
    assert judge(firehose, url=kinesis, method="POST").outcome is Outcome.SUCCESS

    grid = "https://ns.eastus-1.eventgrid.azure.net/topics/t/eventsubscriptions/s:acknowledge"
    lost = {"lockToken": "tok", "error": {"code": "TokenLost", "message": "Token has expired."}}
    preview = {"lockToken": "tok", "errorCode": "TokenLost", "errorDescription": "expired"}
    for failed in (lost, preview):
        half = {"succeededLockTokens": ["ok"], "failedLockTokens": [failed]}
        assert truncation_of(judge(half, url=grid, method="POST")) is TruncatedBy.UPSTREAM_FLAG
        none = {"succeededLockTokens": [], "failedLockTokens": [failed]}
        assert failure_of(judge(none, url=grid, method="POST")) == (FailureCode.UPSTREAM_ERROR, P)
    done = {"succeededLockTokens": ["ok"], "failedLockTokens": []}
    assert judge(done, url=grid, method="POST").outcome is Outcome.SUCCESS


def test_round_34_quotas_counts_and_totals() -> None:
    """OpenCage's 402 quota (https://opencagedata.com/api#codes), ArcGIS's returnCountOnly
    (https://developers.arcgis.com/rest/services-reference/enterprise/query-feature-service-layer/),
    GeoNames' totalResultsCount (https://www.geonames.org/export/geonames-search.html),
    Regulations.gov v3's totalNumRecords (https://regulationsgov.github.io/developers/)."""
    spent = {"rate": {"limit": 2500, "remaining": 0, "reset": 1402185600},
             "status": {"code": 402, "message": "quota exceeded"}}  # fmt: skip
    assert failure_of(judge(spent, status=402)) == (RATE_LIMITED, T)
    pay = {"status": {"code": 402, "message": "payment required"}}  # no quota that resets
    assert failure_of(judge(pay, status=402))[1] is P

    layer = "https://services.arcgis.com/x/arcgis/rest/services/Parcels/FeatureServer/0/query"
    only = f"{layer}?where=1%3D1&returnCountOnly=true&f=json"
    counted = judge({"count": 12}, url=only, items="features", total="count")
    assert (counted.outcome, counted.data) == (Outcome.SUCCESS, {"count": 12})  # not a schema
    none = judge({"count": 0}, url=only, items="features", total="count")
    assert none.outcome is Outcome.EMPTY
    listed = judge({"count": 12}, url=f"{layer}?where=1%3D1&f=json", items="features")
    assert failure_of(listed) == (FailureCode.SCHEMA, P)  # features asked for, not there
    assert not _may_ask_no_items_plain("https://gis.test/services/Parcels/query?where=a&f=json")

    names = [{"geonameId": 1}, {"geonameId": 2}]
    geonames = judge({"totalResultsCount": 5981, "geonames": names})
    assert truncation_of(geonames) is TruncatedBy.TOTAL_EXCEEDS_RETURNED
    assert judge({"totalResultsCount": 0, "geonames": []}).outcome is Outcome.EMPTY
    assert judge({"totalNumRecords": 0}).outcome is Outcome.EMPTY


def _may_ask_no_items_plain(url: str) -> bool:
    from tool_outcomes.classify import _pagination

    return _pagination._may_ask_no_items(url)


def test_round_34_prometheus_envelope() -> None:
    """Prometheus' HTTP API (https://prometheus.io/docs/prometheus/latest/querying/api/):
    its error types in a 200 as in a 4xx, and its result as the listing when inferring."""
    url = "http://prometheus.test:9090/api/v1/query?query=up"
    bad = {"status": "error", "errorType": "bad_data", "error": "parse error at char 4"}
    assert failure_of(judge(bad, url=url)) == (FailureCode.BAD_REQUEST, P)
    assert failure_of(judge(bad, url=url, status=400)) == (FailureCode.BAD_REQUEST, P)
    slow = {"status": "error", "errorType": "timeout", "error": "query timed out"}
    assert failure_of(judge(slow, url=url)) == (FailureCode.TIMEOUT, T)
    down = {"status": "error", "errorType": "unavailable", "error": "no store matched"}
    assert failure_of(judge(down, url=url)) == (FailureCode.SERVER_ERROR, T)
    series = [{"metric": {"job": "api"}, "value": [1700000000, "1"]}]
    found = judge(
        {"status": "success", "data": {"resultType": "vector", "result": series}}, url=url
    )
    assert (found.outcome, found.data) == (Outcome.SUCCESS, series)
    none = {"status": "success", "data": {"resultType": "matrix", "result": []}}
    assert judge(none, url=url).outcome is Outcome.EMPTY
    record = {"status": "error", "errorType": {"x": 1}, "error": "odd"}  # no word: not its
    assert judge(record, url=url).outcome is Outcome.SUCCESS


def test_round_35_jobs_exports_and_executions() -> None:
    """Intercom's data export (https://developers.intercom.com/docs/references/rest-api/api.intercom.io/data-export/getdataexport),
    Dune's executions (https://docs.dune.com/api-reference/executions/endpoint/get-execution-status)."""
    export = "https://api.intercom.io/export/content/data/abc123"
    job = {"job_identifier": "abc123", "status": "pending", "download_url": "",
           "download_expires_at": 0}  # fmt: skip
    for status in ("pending", "in_progress"):
        got = judge({**job, "status": status}, url=export)
        assert failure_of(got) == (FailureCode.UPSTREAM_ERROR, T)
    assert failure_of(judge({**job, "status": "failed"}, url=export)) == (
        FailureCode.UPSTREAM_ERROR,
        P,
    )
    assert judge({**job, "status": "no_data"}, url=export).outcome is Outcome.EMPTY
    ready = {**job, "status": "completed", "download_url": "https://x.test/d.zip"}
    assert judge(ready, url=export).outcome is Outcome.SUCCESS

    dune = "https://api.dune.com/api/v1/execution/01HKZJ2683PHF9Q9PHHQ8FW4Q1/status"
    running = {"execution_id": "01HKZJ2683", "query_id": 1, "state": "QUERY_STATE_EXECUTING"}
    assert failure_of(judge(running, url=dune)) == (FailureCode.UPSTREAM_ERROR, T)
    failed = {**running, "state": "QUERY_STATE_FAILED", "error": {"type": "FAILED_TYPE_EXECUTION"}}
    assert failure_of(judge(failed, url=dune)) == (FailureCode.UPSTREAM_ERROR, P)
    assert judge({**running, "state": "QUERY_STATE_COMPLETED"}, url=dune).outcome is (
        Outcome.SUCCESS
    )


def test_round_35_marketing_batches_and_codes() -> None:
    """Marketo's call-level codes (https://experienceleague.adobe.com/en/docs/marketo-developer/marketo/rest/error-codes),
    Emarsys' replyCode (https://dev.emarsys.com/docs/core-api-reference/), Iterable's bulk
    counts (https://api.iterable.com/api/docs#events_trackBulk), CleverTap's upload
    (https://developer.clevertap.com/docs/upload-events-api), Bloomreach's batch results."""
    marketo = "https://123-ABC-456.mktorest.com/rest/v1/leads.json"

    def refusal(code: str) -> dict[str, Any]:
        return {"requestId": "e42b#14272d07d78", "success": False,
                "errors": [{"code": code, "message": "m"}]}  # fmt: skip

    assert failure_of(judge(refusal("606"), url=marketo)) == (RATE_LIMITED, T)
    assert failure_of(judge(refusal("602"), url=marketo)) == (FailureCode.UNAUTHORIZED, P)
    assert failure_of(judge(refusal("611"), url=marketo)) == (FailureCode.SERVER_ERROR, T)
    assert failure_of(judge(refusal("1003"), url=marketo)) == (FailureCode.BAD_REQUEST, P)

    emarsys = "https://api.emarsys.net/api/v2/contact/delete"
    gone = {"replyCode": 2008, "replyText": "No contact found with the external id: 3", "data": ""}
    assert failure_of(judge(gone, url=emarsys, method="POST")) == (FailureCode.NOT_FOUND, P)
    ok = {"replyCode": 0, "replyText": "OK", "data": {"ids": [1]}}
    assert judge(ok, url=emarsys, method="POST").outcome is Outcome.SUCCESS

    iterable = "https://api.iterable.com/api/events/trackBulk"
    failed = {"invalidEmails": ["sayan"], "invalidUserIds": []}
    some = {"successCount": 1, "failCount": 1, "failedUpdates": failed}
    got = judge(some, url=iterable, method="POST")
    assert truncation_of(got) is TruncatedBy.UPSTREAM_FLAG
    assert got.coverage is not None
    assert got.coverage.dropped == ("failedUpdates.invalidEmails: sayan",)
    none = {"successCount": 0, "failCount": 1, "failedUpdates": failed}
    assert failure_of(judge(none, url=iterable, method="POST")) == (FailureCode.BAD_REQUEST, P)
    clean = {"successCount": 2, "failCount": 0, "failedUpdates": {}}
    assert judge(clean, url=iterable, method="POST").outcome is Outcome.SUCCESS

    clevertap = "https://api.clevertap.com/1/upload"
    skipped = {"status": "fail", "code": 509, "error": "Event name is mandatory"}
    partly = {"status": "partial", "processed": 2, "unprocessed": [skipped]}
    assert truncation_of(judge(partly, url=clevertap, method="POST")) is (TruncatedBy.UPSTREAM_FLAG)
    nothing = {"status": "fail", "processed": 0, "unprocessed": [skipped]}
    assert failure_of(judge(nothing, url=clevertap, method="POST")) == (
        FailureCode.BAD_REQUEST,
        P,
    )

    bloomreach = "https://api.exponea.com/track/v2/projects/p/batch"
    results = {"results": [{"success": True}, {"success": False, "errors": ["no id"]}],
               "success": True}  # fmt: skip
    assert truncation_of(judge(results, url=bloomreach, method="POST")) is (
        TruncatedBy.UPSTREAM_FLAG
    )


def test_round_35_dynamodb_and_sparql() -> None:
    """DynamoDB's list and batch actions (https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_ListTables.html,
    https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_BatchWriteItem.html) and
    SPARQL's results format (https://www.w3.org/TR/sparql11-results-json/)."""
    dynamo = "https://dynamodb.us-east-1.amazonaws.com/"
    tables = {"TableNames": ["a", "b"], "LastEvaluatedTableName": "b"}
    assert truncation_of(judge(tables, url=dynamo, method="POST")) is TruncatedBy.NEXT_PAGE
    assert judge({"TableNames": ["a"]}, url=dynamo, method="POST").outcome is Outcome.SUCCESS
    put = {"PutRequest": {"Item": {"id": {"S": "1"}}}}
    left = {"UnprocessedItems": {"Music": [put, put]}}
    got = judge(left, url=dynamo, method="POST")
    assert truncation_of(got) is TruncatedBy.UPSTREAM_FLAG
    assert got.coverage is not None
    assert got.coverage.dropped == ("Music: 2 unprocessed",)
    keys = {
        "Responses": {"Music": []},
        "UnprocessedKeys": {"Music": {"Keys": [{"id": {"S": "2"}}]}},
    }
    assert truncation_of(judge(keys, url=dynamo, method="POST")) is TruncatedBy.UPSTREAM_FLAG
    assert judge({"UnprocessedItems": {}}, url=dynamo, method="POST").outcome is Outcome.SUCCESS

    sparql = "https://query.wikidata.org/sparql?query=SELECT"
    rows = [{"item": {"type": "uri", "value": "http://www.wikidata.org/entity/Q42"}}]
    found = judge({"head": {"vars": ["item"]}, "results": {"bindings": rows}}, url=sparql)
    assert (found.outcome, found.data) == (Outcome.SUCCESS, rows)
    none = {"head": {"vars": ["item"]}, "results": {"bindings": []}}
    assert judge(none, url=sparql).outcome is Outcome.EMPTY


def test_round_35_locks_and_auth0_jobs() -> None:
    """RFC 4918 §11.3's 423 Locked (Okta's E0000239, https://developer.okta.com/docs/reference/error-codes/)
    and Auth0's jobs (https://auth0.com/docs/api/management/v2/jobs/get-jobs-by-id)."""
    locked = {"errorCode": "E0000239", "errorSummary": "Policy priorities are being reconciled."}
    assert failure_of(judge(locked, status=423, method="POST")) == (FailureCode.CONFLICT, T)
    job_url = "https://tenant.auth0.com/api/v2/jobs/job_0000000000000001"
    job = {"id": "job_0000000000000001", "type": "users_import", "status": "processing"}
    assert failure_of(judge(job, url=job_url)) == (FailureCode.UPSTREAM_ERROR, T)
    assert failure_of(judge({**job, "status": "failed"}, url=job_url)) == (
        FailureCode.UPSTREAM_ERROR,
        P,
    )
    assert judge({**job, "status": "completed"}, url=job_url).outcome is Outcome.SUCCESS


def test_round_36_an_azure_operation_done_with_no_content() -> None:
    """An Azure operation's status URL "returns either 200 (OK) or 204 (No Content)" when it
    completes, 202 while it runs
    (https://learn.microsoft.com/en-us/azure/azure-resource-manager/management/async-operations)."""
    status = (
        "https://management.azure.com/subscriptions/0/providers/Microsoft.Compute/locations/"
        "westus/operationResults/0a1b2c?api-version=2024-03-01"
    )
    done = classify_parts(204, httpx.Headers({}), b"", url=status)
    assert done.outcome is Outcome.SUCCESS, done
    assert done.data is None
    assert failure_of(classify_parts(202, httpx.Headers({}), b"", url=status))[1] is T
    # a 204 elsewhere on Azure is still nothing to a read
    vm = "https://management.azure.com/subscriptions/0/resourceGroups/rg/providers/x/y"
    assert classify_parts(204, httpx.Headers({}), b"", url=vm).outcome is Outcome.EMPTY


@pytest.mark.parametrize(
    ("url", "body"),
    [
        # the page's own number and length in its body
        ("https://api.bitbucket.org/2.0/snippets?role=owner&page=2", {"page": 2, "pagelen": 3}),
        # or in the request's query
        ("https://api.bitbucket.org/2.0/snippets?page=2&pagelen=3", {}),
    ],
)
def test_round_36_a_bitbucket_page_reaching_its_size_is_the_last(
    url: str, body: dict[str, Any]
) -> None:
    """Bitbucket Cloud's paginated response: ``page`` from 1, ``pagelen``, ``size`` the total,
    ``next`` while more follow (https://developer.atlassian.com/cloud/bitbucket/rest/intro/#pagination)."""
    last = {**body, "size": 5, "values": [{"id": 4}, {"id": 5}]}
    env = judge(last, url=url, items="values", total="size")
    assert env.outcome is Outcome.SUCCESS, env
    assert env.coverage is not None
    assert (env.coverage.offset, env.coverage.total, env.coverage.returned) == (3, 5, 2)
    # the same page with a next link is a page
    more = {**last, "next": "https://api.bitbucket.org/2.0/snippets?page=3"}
    paged = judge(more, url=url, items="values", total="size")
    assert truncation_of(paged) is TruncatedBy.NEXT_PAGE


def test_round_36_a_google_operation_done_with_its_error_failed() -> None:
    """A long-running operation: "If done == true, exactly one of error or response is set",
    the error a google.rpc.Status (https://google.aip.dev/151,
    https://github.com/googleapis/googleapis/blob/master/google/rpc/code.proto)."""
    url = "https://cloudresourcemanager.googleapis.com/v3/operations/op1"
    done = {"name": "operations/op1", "done": True, "metadata": {"@type": "x"}}
    exists = {**done, "error": {"code": 6, "message": "A TagKey … already exists"}}
    failed = judge(exists, url=url)
    assert failure_of(failed) == (FailureCode.BAD_REQUEST, P)
    assert failed.failure is not None
    assert failed.failure.detail == "operation failed: ALREADY_EXISTS: A TagKey … already exists"
    unavailable = {**done, "error": {"code": 14, "message": "try later"}}
    assert failure_of(judge(unavailable, url=url)) == (FailureCode.SERVER_ERROR, T)
    unnamed = {**done, "error": {"code": 99}}
    assert failure_of(judge(unnamed, url=url)) == (FailureCode.UPSTREAM_ERROR, P)
    # done with its response is the answer; code 0 is OK
    answered = judge({**done, "response": {"name": "tagKeys/1"}}, url=url)
    assert answered.outcome is Outcome.SUCCESS, answered
    assert judge({**done, "error": {"code": 0}}, url=url).outcome is Outcome.SUCCESS
    # a record that is not an operation keeps its own error member
    record = {"name": "projects/p/things/1", "done": True, "error": {"code": 6}}
    assert judge(record, url=url).outcome is Outcome.SUCCESS
    more = {**exists, "items": [{"id": 1}]}  # more than an operation holds: not one
    assert judge(more, url=url).outcome is Outcome.SUCCESS


@pytest.mark.parametrize("kind", ["compute#operation", "sql#operation"])
def test_round_36_a_compute_or_sql_operation_is_read_by_its_status(kind: str) -> None:
    """Compute Engine's and Cloud SQL's operation resources: PENDING, RUNNING, DONE; a failed
    one DONE with error.errors (https://cloud.google.com/compute/docs/reference/rest/v1/globalOperations,
    https://cloud.google.com/sql/docs/mysql/admin-api/rest/v1/operations)."""
    url = "https://compute.googleapis.com/compute/v1/projects/p/global/operations/op1"
    operation = {"kind": kind, "name": "op1", "operationType": "delete", "progress": 0}
    running = judge({**operation, "status": "RUNNING"}, url=url)
    assert failure_of(running) == (FailureCode.UPSTREAM_ERROR, T)
    assert judge({**operation, "status": "DONE"}, url=url).outcome is Outcome.SUCCESS
    error = {"errors": [{"code": "RESOURCE_IN_USE_BY_ANOTHER_RESOURCE", "message": "in use"}]}
    failed = {**operation, "status": "DONE", "error": error}
    assert failure_of(judge(failed, url=url)) == (FailureCode.UPSTREAM_ERROR, P)
    coded = judge({**failed, "httpErrorStatusCode": 400}, url=url)
    assert failure_of(coded) == (FailureCode.BAD_REQUEST, P)
    assert coded.failure is not None
    assert "RESOURCE_IN_USE_BY_ANOTHER_RESOURCE: in use" in coded.failure.detail
    # the operation a write answers with is the write accepted
    sent = classify_parts(
        200,
        httpx.Headers({"content-type": "application/json"}),
        json.dumps({**operation, "status": "RUNNING"}).encode(),
        url=url.rsplit("/operations", 1)[0] + "/networks/n1",
        method="DELETE",
    )
    assert sent.outcome is Outcome.SUCCESS, sent


SHOPIFY_GRAPHQL = "https://shop.myshopify.com/admin/api/2025-01/graphql.json"


def _bulk(status: str, error: Any = None) -> dict[str, Any]:
    return {
        "id": "gid://shopify/BulkOperation/7964079784242",
        "status": status,
        "type": "QUERY",
        "errorCode": error,
        "url": None,
    }


def test_round_36_a_shopify_bulk_operation_read_before_it_completes() -> None:
    """A bulk operation read by a query: CREATED, RUNNING, CANCELING until COMPLETED; FAILED
    names its errorCode (https://shopify.dev/docs/api/usage/bulk-operations/queries,
    https://shopify.dev/docs/api/admin-graphql/latest/objects/BulkOperation)."""
    for field in ("bulkOperation", "currentBulkOperation", "node"):
        running = judge({"data": {field: _bulk("RUNNING")}}, url=SHOPIFY_GRAPHQL)
        assert failure_of(running) == (FailureCode.UPSTREAM_ERROR, T)
    done = {**_bulk("COMPLETED"), "url": "https://storage.googleapis.com/x.jsonl"}
    assert judge({"data": {"bulkOperation": done}}, url=SHOPIFY_GRAPHQL).outcome is Outcome.SUCCESS
    failed = judge({"data": {"bulkOperation": _bulk("FAILED", "TIMEOUT")}}, url=SHOPIFY_GRAPHQL)
    assert failure_of(failed) == (FailureCode.TIMEOUT, T)
    denied = _bulk("FAILED", "ACCESS_DENIED")
    assert failure_of(judge({"data": {"node": denied}}, url=SHOPIFY_GRAPHQL))[1] is P
    odd = _bulk("FAILED", {"not": "a code"})
    assert failure_of(judge({"data": {"node": odd}}, url=SHOPIFY_GRAPHQL)) == (
        FailureCode.UPSTREAM_ERROR,
        P,
    )
    # beside another field the query asked, it is that answer's part (read as it is)
    two = {"data": {"bulkOperation": _bulk("RUNNING"), "shop": {"name": "x"}}}
    assert judge(two, url=SHOPIFY_GRAPHQL).outcome is Outcome.SUCCESS
    # the one a mutation starts is the job accepted
    started = {"bulkOperationRunQuery": {"bulkOperation": _bulk("CREATED"), "userErrors": []}}
    assert judge({"data": started}, url=SHOPIFY_GRAPHQL).outcome is Outcome.SUCCESS


def test_round_36_shopify_refusing_a_second_bulk_operation_is_transient() -> None:
    """ "OPERATION_IN_PROGRESS": one bulk operation of each type at a time
    (https://shopify.dev/docs/api/usage/bulk-operations/queries#operation-restrictions)."""
    busy = {"field": None, "message": "A bulk query … is already in progress", "code": None}
    payload = {"bulkOperation": None, "userErrors": [{**busy, "code": "OPERATION_IN_PROGRESS"}]}
    refused = judge({"data": {"bulkOperationRunQuery": payload}}, url=SHOPIFY_GRAPHQL)
    assert failure_of(refused) == (FailureCode.CONFLICT, T)
    # any other code (or none) is the input refused
    other = {"bulkOperation": None, "userErrors": [busy]}
    assert failure_of(judge({"data": {"bulkOperationRunQuery": other}}, url=SHOPIFY_GRAPHQL)) == (
        FailureCode.BAD_REQUEST,
        P,
    )


@pytest.mark.parametrize(
    ("path", "member", "state", "expected"),
    [
        ("projects/42/import", "import_status", "scheduled", T),
        ("projects/42/import", "import_status", "started", T),
        ("projects/42/import", "import_status", "failed", P),
        ("projects/42/import", "import_status", "finished", None),
        ("projects/42/import", "import_status", "none", None),
        ("projects/42/export", "export_status", "regeneration_in_progress", T),
        ("groups/7/export", "export_status", "queued", T),
        ("projects/42/export", "export_status", "finished", None),
    ],
)
def test_round_37_a_gitlab_import_or_export_read_before_it_ends(
    path: str, member: str, state: str, expected: FailureKind | None
) -> None:
    """GitLab's import and export status (https://docs.gitlab.com/api/project_import_export/)."""
    url = f"https://gitlab.example.test/api/v4/{path}"
    body = {
        "id": 42,
        "name": "p",
        member: state,
        "import_error": "boom" if state == "failed" else None,
    }
    env = judge(body, url=url)
    if expected is None:
        assert env.outcome is Outcome.SUCCESS, env
    else:
        assert failure_of(env) == (FailureCode.UPSTREAM_ERROR, expected)
    # a project record holding its import_status elsewhere is the record
    record = judge(body, url="https://gitlab.example.test/api/v4/projects/42")
    assert record.outcome is Outcome.SUCCESS, record
    # the write that starts an import is accepted
    started = classify_parts(
        201,
        httpx.Headers({"content-type": "application/json"}),
        json.dumps(body).encode(),
        url="https://gitlab.example.test/api/v4/import/github",
        method="POST",
    )
    assert started.outcome is Outcome.SUCCESS


def test_round_36_a_solr_count_asked_alone_counts_none_when_inferring() -> None:
    """Solr's rows=0 asks for numFound alone (https://solr.apache.org/guide/solr/latest/query-guide/common-query-parameters.html#rows-parameter):
    numFound 0 is none found, read from the response box when nothing is declared."""
    url = "https://solr.example.test/solr/core/select?q=x&rows=0&wt=json"
    none = judge({"response": {"numFound": 0, "start": 0, "docs": []}}, url=url)
    assert none.outcome is Outcome.EMPTY, none
    some = judge({"response": {"numFound": 51686, "start": 0, "docs": []}}, url=url)
    assert some.outcome is Outcome.SUCCESS, some


def test_round_36_a_gbif_name_match_of_none_matched_nothing() -> None:
    """GBIF's species match: matchType NONE, no usageKey, "No match because of too little
    confidence" (https://techdocs.gbif.org/en/openapi/v1/species#/Searching%20names/matchNames)."""
    url = "https://api.gbif.org/v1/species/match?name=Aso&strict=false"
    none = {"confidence": 100, "note": "No match", "matchType": "NONE", "synonym": False}
    assert judge(none, url=url).outcome is Outcome.EMPTY
    weighed = {**none, "alternatives": [{"usageKey": 1, "matchType": "FUZZY", "confidence": 40}]}
    assert judge(weighed, url=url).outcome is Outcome.SUCCESS
    exact = {"usageKey": 5231190, "confidence": 98, "matchType": "EXACT", "synonym": False}
    assert judge(exact, url=url).outcome is Outcome.SUCCESS


def test_round_38_sending_apis_name_the_recipients_they_refused() -> None:
    """SparkPost's recipient counts (https://developers.sparkpost.com/api/transmissions/),
    Postal's parameter-error (https://apiv1.postalserver.io/) and Unisender Go's failed_emails
    (https://godocs.unisender.ru/web-api-ref#email-send), each in a 200."""
    send = "https://api.sparkpost.com/api/v1/transmissions"

    def sparkpost(rejected: int, accepted: int) -> Envelope[Any]:
        counts = {"total_rejected_recipients": rejected, "total_accepted_recipients": accepted}
        return judge({"results": {"id": "1", **counts}}, url=send)

    assert failure_of(sparkpost(2, 0)) == (FailureCode.BAD_REQUEST, P)
    some = sparkpost(1, 1)
    assert truncation_of(some) is TruncatedBy.UPSTREAM_FLAG
    assert some.coverage is not None
    assert some.coverage.detail == "sparkpost: 1 of 2 recipients rejected"
    assert sparkpost(0, 2).outcome is Outcome.SUCCESS

    words = {"code": "NoRecipients", "message": "no recipients"}
    postal = {"status": "parameter-error", "time": 0.01, "flags": {}, "data": words}
    refused = judge(postal, url="https://postal.example.test/api/v1/send/message")
    assert failure_of(refused) == (FailureCode.BAD_REQUEST, P)
    assert refused.failure is not None
    assert "NoRecipients: no recipients" in refused.failure.detail
    sent = {**postal, "status": "success", "data": {"message_id": "m1"}}
    assert judge(sent, url="https://postal.example.test/api/v1/send/message").outcome is (
        Outcome.SUCCESS
    )

    unisender = "https://go1.unisender.ru/en/transactional/api/v1/email/send.json"
    answer = {"status": "success", "job_id": "1rctPx", "emails": ["a@example.com"]}
    assert judge({**answer, "failed_emails": {}}, url=unisender).outcome is Outcome.SUCCESS
    partly = judge({**answer, "failed_emails": {"b@example.com": "invalid"}}, url=unisender)
    assert truncation_of(partly) is TruncatedBy.UPSTREAM_FLAG
    assert partly.coverage is not None
    assert partly.coverage.dropped == ("b@example.com: invalid",)
    none = {**answer, "emails": [], "failed_emails": {"b@example.com": "unsubscribed"}}
    assert failure_of(judge(none, url=unisender)) == (FailureCode.BAD_REQUEST, P)


@pytest.mark.parametrize(
    ("query", "newest", "oldest", "more"),
    [
        ("anchor=0", False, True, True),  # neither direction said: both read
        ("anchor=0", True, False, True),
        ("anchor=0", True, True, False),  # the whole narrow
        ("anchor=newest&num_before=100&num_after=0", True, False, True),
        ("anchor=newest&num_before=100&num_after=0", False, True, False),  # after: not asked
        ("anchor=oldest&num_before=0&num_after=100", False, False, True),
        ("anchor=oldest&num_before=0&num_after=100", True, False, False),  # before: not asked
    ],
)
def test_round_38_a_zulip_window_short_of_the_end_it_asked_for_is_a_page(
    query: str, newest: bool, oldest: bool, more: bool
) -> None:
    """Zulip's messages: found_newest and found_oldest say whether the window reached each end
    of the narrow (https://zulip.com/api/get-messages)."""
    body = {
        "result": "success",
        "msg": "",
        "messages": [{"id": 1, "content": "a"}, {"id": 2, "content": "b"}],
        "anchor": 1,
        "found_anchor": False,
        "found_newest": newest,
        "found_oldest": oldest,
        "history_limited": False,
    }
    url = f"https://x.zulipchat.com/api/v1/messages?{query}"
    for items in ("messages", None):
        env = judge(body, url=url, items=items)
        if more:
            assert truncation_of(env) is TruncatedBy.NEXT_PAGE
        else:
            assert env.outcome is Outcome.SUCCESS, env
        assert env.coverage is not None
        assert env.coverage.returned == 2


def test_round_38_harperdb_names_the_records_it_skipped() -> None:
    """HarperDB's insert, update, upsert and delete answer the ids written and the ids skipped
    (https://docs.harperdb.io/docs/developers/operations-api/nosql-operations)."""
    url = "https://harper.example.test:9925/"
    none = {"message": "updated 0 of 1 records", "update_hashes": [], "skipped_hashes": [9]}
    failed = judge(none, url=url, method="POST")
    assert failure_of(failed) == (FailureCode.NOT_FOUND, P)
    assert failed.failure is not None
    assert "updated 0 of 1 records" in failed.failure.detail
    exists = {"message": "inserted 0 of 1 records", "inserted_hashes": [], "skipped_hashes": [1]}
    assert failure_of(judge(exists, url=url, method="POST")) == (FailureCode.CONFLICT, P)
    some = {"message": "1 of 2 records deleted", "deleted_hashes": [1], "skipped_hashes": [2]}
    partly = judge(some, url=url, method="POST")
    assert truncation_of(partly) is TruncatedBy.UPSTREAM_FLAG
    assert partly.coverage is not None
    assert partly.coverage.dropped == ("2: skipped",)
    whole = {"message": "updated 1 of 1 records", "update_hashes": [1], "skipped_hashes": []}
    assert judge(whole, url=url, method="POST").outcome is Outcome.SUCCESS


@pytest.mark.parametrize(
    ("status", "expected"),
    [
        ("Pending", (FailureCode.UPSTREAM_ERROR, T)),
        ("Error", (FailureCode.UPSTREAM_ERROR, P)),
        ("Content Moderated", (FailureCode.UPSTREAM_ERROR, P)),
        ("Task not found", (FailureCode.NOT_FOUND, P)),
        ("Ready", None),
    ],
)
def test_round_39_a_black_forest_labs_result_read_before_it_is_ready(
    status: str, expected: tuple[FailureCode, FailureKind] | None
) -> None:
    """BFL's get_result: Pending until Ready (https://docs.bfl.ai/api-reference/utility/get-result)."""
    url = "https://api.us1.bfl.ai/v1/get_result?id=dd8b1c92"
    result = {"sample": "https://delivery.bfl.ai/x.png"} if status == "Ready" else None
    env = judge({"id": "dd8b1c92", "status": status, "result": result, "progress": 0.6}, url=url)
    assert_judged(env, expected)


def test_round_39_a_pandadoc_document_read_while_it_is_processed() -> None:
    """PandaDoc: "document.uploaded" until "document.draft" after an upload
    (https://developers.pandadoc.com/reference/document-status); its create answers with the
    uploaded document (the write accepted)."""
    url = "https://api.pandadoc.com/public/v1/documents/fANp5wW5EwY7AkiTkTGekZ"
    uploaded = {"id": "fANp5wW5EwY7AkiTkTGekZ", "name": "Document", "status": "document.uploaded"}
    assert failure_of(judge(uploaded, url=url)) == (FailureCode.UPSTREAM_ERROR, T)
    draft = {**uploaded, "status": "document.draft"}
    assert judge(draft, url=url).outcome is Outcome.SUCCESS
    created = judge(uploaded, url="https://api.pandadoc.com/public/v1/documents", method="POST")
    assert created.outcome is Outcome.SUCCESS


def test_round_38_a_payu_order_created_answers_302_with_the_order() -> None:
    """PayU's order create: 302 Found, the order in the body (status.statusCode SUCCESS), its
    Location where the buyer pays (https://developers.payu.com/europe/api/#tag/Order/operation/create-an-order)."""
    url = "https://secure.snd.payu.com/api/v2_1/orders"
    pay = "https://merch-prod.snd.payu.com/pay/?orderId=WZ5W8GG4B2211030GUEST000P01"
    order = {"status": {"statusCode": "SUCCESS"}, "redirectUri": pay, "orderId": "WZ5W8GG4B22"}
    headers = {"location": pay}
    made = judge(order, status=302, headers=headers, url=url, method="POST")
    assert made.outcome is Outcome.SUCCESS, made
    assert made.data == order
    cvv = {**order, "status": {"statusCode": "WARNING_CONTINUE_CVV"}}
    assert judge(cvv, status=302, headers=headers, url=url, method="POST").outcome is (
        Outcome.SUCCESS
    )
    # any other 3xx, a read's, or one whose order was not made stays a redirect not followed
    for body, method in ((order, "GET"), ({**order, "status": {"statusCode": "ERROR"}}, "POST")):
        redirect = judge(body, status=302, headers=headers, url=url, method=method)
        assert failure_of(redirect) == (FailureCode.PROTOCOL, P)


def test_round_39_a_total_written_as_more_than_a_number_is_a_lower_bound() -> None:
    """OpenAQ v3's meta.found ">5" beside a full page of five (https://docs.openaq.org/)."""
    url = "https://api.openaq.org/v3/sensors/3/measurements?limit=5&page=1"
    meta: dict[str, Any] = {
        "name": "openaq-api",
        "website": "/",
        "page": 1,
        "limit": 5,
        "found": ">5",
    }
    body: dict[str, Any] = {"meta": meta, "results": [{"value": n} for n in range(5)]}
    for total in ("meta.found", None):
        env = judge(body, url=url, items="results", total=total)
        assert truncation_of(env) is TruncatedBy.TOTAL_EXCEEDS_RETURNED
        assert env.coverage is not None
        assert env.coverage.total is None  # a lower bound claims no total
        assert "at least 6" in env.coverage.detail, env.coverage.detail
    # a number is a number; other words are no count
    exact = judge(
        {**body, "meta": {**meta, "found": 5}}, url=url, items="results", total="meta.found"
    )
    assert exact.outcome is Outcome.SUCCESS
    words = {**body, "meta": {**meta, "found": "many"}}
    assert failure_of(judge(words, url=url, items="results", total="meta.found")) == (
        FailureCode.SCHEMA,
        P,
    )


@pytest.mark.parametrize(
    ("state", "expected"),
    [
        ("JOB_STATE_CREATED", (FailureCode.UPSTREAM_ERROR, T)),
        ("JOB_STATE_ENCODING", (FailureCode.UPSTREAM_ERROR, T)),  # any state not known: in process
        ("JOB_STATE_FAILED", (FailureCode.UPSTREAM_ERROR, P)),
        ("JOB_STATE_COMPLETED", None),
    ],
)
def test_round_40_a_bluesky_video_job_read_before_it_completes(
    state: str, expected: tuple[FailureCode, FailureKind] | None
) -> None:
    """Bluesky's app.bsky.video.getJobStatus (https://docs.bsky.app/docs/api/app-bsky-video-get-job-status)."""
    url = "https://video.bsky.app/xrpc/app.bsky.video.getJobStatus?jobId=cuog2ca0ours72rbnvgg"
    job = {
        "did": "did:plc:ec72yg6n2sydzjvtovvdlxrk",
        "jobId": "cuog2ca0ours72rbnvgg",
        "state": state,
    }
    env = judge({"jobStatus": job}, url=url)
    assert_judged(env, expected)
    # another method's jobStatus member is its record's
    elsewhere = judge({"jobStatus": job}, url="https://api.example.test/v1/uploads/1")
    assert elsewhere.outcome is Outcome.SUCCESS


@pytest.mark.parametrize(
    ("state", "errors", "expected"),
    [
        ("PROCESSING", [], (FailureCode.UPSTREAM_ERROR, T)),
        ("POLLING", [], (FailureCode.UPSTREAM_ERROR, T)),
        (
            "FAILED",
            [{"code": 10008, "title": "CF-UnprocessableEntity"}],
            (FailureCode.BAD_REQUEST, P),
        ),
        (
            "FAILED",
            [{"code": 10015, "title": "CF-ServiceUnavailable"}],
            (FailureCode.SERVER_ERROR, T),
        ),
        ("FAILED", [], (FailureCode.UPSTREAM_ERROR, P)),
        ("COMPLETE", [], None),
    ],
)
def test_round_40_a_cloud_foundry_job_read_before_it_completes(
    state: str, errors: list[Any], expected: tuple[FailureCode, FailureKind] | None
) -> None:
    """Cloud Foundry v3's job object (https://v3-apidocs.cloudfoundry.org/version/3.180.0/#the-job-object)."""
    url = "https://api.example.org/v3/jobs/b19ae525-cbd3-4155-b156-dc0c2a431b4c"
    job = {
        "guid": "b19ae525",
        "operation": "app.delete",
        "state": state,
        "errors": errors,
        "warnings": [],
    }
    env = judge(job, url=url)
    assert_judged(env, expected)
    # a resource's own state elsewhere is its record's
    assert judge(job, url="https://api.example.org/v3/apps/7b34f1cf").outcome is Outcome.SUCCESS


def test_round_40_alma_answers_a_lookup_that_found_nothing_with_a_400() -> None:
    """Ex Libris Alma: 400 with errorList naming the record not found (401689 "No items found
    for barcode", 401861 "User with identifier … was not found",
    https://developers.exlibrisgroup.com/alma/apis/)."""
    url = "https://api-na.hosted.exlibrisgroup.com/almaws/v1/items?item_barcode=3210"

    def alma(*messages: str) -> dict[str, Any]:
        errors = [{"errorCode": "401689", "errorMessage": m, "trackingId": "E01"} for m in messages]
        return {"errorsExist": True, "errorList": {"error": errors}, "result": None}

    none = alma("No items found for barcode 3210.")
    assert judge(none, status=400, url=url, not_found="empty").outcome is Outcome.EMPTY
    assert failure_of(judge(none, status=400, url=url)) == (FailureCode.NOT_FOUND, P)
    user = alma("User with identifier ogrouch was not found.")
    assert judge(user, status=400, url=url, not_found="empty").outcome is Outcome.EMPTY
    # any other error (or one among them) is the request refused
    bad = alma("Mandatory field is missing: barcode.")
    assert failure_of(judge(bad, status=400, url=url, not_found="empty")) == (
        FailureCode.BAD_REQUEST,
        P,
    )
    mixed = alma("No items found for barcode 3210.", "Invalid parameter: view.")
    assert failure_of(judge(mixed, status=400, url=url)) == (FailureCode.BAD_REQUEST, P)


def _tencent(code: str) -> dict[str, Any]:
    """Tencent Cloud API 3.0's failed answer with ``code``."""
    return {"Response": {"Error": {"Code": code, "Message": "m"}, "RequestId": "r"}}


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # Tencent Cloud API 3.0 (https://www.tencentcloud.com/document/api/213/33281)
        (
            _tencent("AuthFailure.SignatureFailure"),
            (FailureCode.UNAUTHORIZED, P),
        ),
        (
            _tencent("RequestLimitExceeded"),
            (FailureCode.RATE_LIMITED, T),
        ),
        (
            _tencent("ResourceNotFound.Instance"),
            (FailureCode.NOT_FOUND, P),
        ),
        (
            _tencent("FailedOperation.Busy"),
            (FailureCode.UPSTREAM_ERROR, P),
        ),
        ({"Response": {"TotalCount": 0, "InstanceSet": [], "RequestId": "r"}}, None),
        # Volcengine (https://www.volcengine.com/docs/6369/68677)
        (
            {
                "ResponseMetadata": {
                    "RequestId": "r",
                    "Action": "SendSms",
                    "Error": {"Code": "InternalError", "Message": "m"},
                }
            },
            (FailureCode.SERVER_ERROR, T),
        ),
        ({"ResponseMetadata": {"RequestId": "r", "Action": "SendSms"}, "Result": {"id": 1}}, None),
        # UCloud (https://docs.ucloud.cn/api/summary/overview)
        (
            {"RetCode": 170, "Message": "Missing signature", "Action": "SendUSMSMessage"},
            (FailureCode.UPSTREAM_ERROR, P),
        ),
        ({"RetCode": 0, "Action": "SendUSMSMessage", "SessionNo": "s"}, None),
        # Alipay (https://opendocs.alipay.com/common/02km9f)
        (
            {
                "alipay_trade_query_response": {
                    "code": "40004",
                    "msg": "Business Failed",
                    "sub_code": "ACQ.TRADE_NOT_EXIST",
                },
                "sign": "x",
            },
            (FailureCode.NOT_FOUND, P),
        ),
        (
            {
                "alipay_trade_query_response": {
                    "code": "20000",
                    "msg": "Service Currently Unavailable",
                },
                "sign": "x",
            },
            (FailureCode.SERVER_ERROR, T),
        ),
        (
            {
                "alipay_trade_query_response": {"code": "10000", "msg": "Success", "trade_no": "t"},
                "sign": "x",
            },
            None,
        ),
        # Taobao TOP (https://open.taobao.com/doc.htm?docId=114&docType=1)
        ({"error_response": {"code": 7, "msg": "App Call Limited"}}, (FailureCode.RATE_LIMITED, T)),
        (
            {"error_response": {"code": 15, "msg": "Remote service error", "sub_code": "isv.x"}},
            (FailureCode.UPSTREAM_ERROR, P),
        ),
    ],
)
def test_round_41_chinese_clouds_name_their_failures_in_a_200(
    body: dict[str, Any], expected: tuple[FailureCode, FailureKind] | None
) -> None:
    env = judge(body, url="https://api.example.test/", method="POST")
    assert_judged(env, expected)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"status": "WRONG_CREDENTIALS_ERROR"}, (FailureCode.UNAUTHORIZED, P)),
        ({"status": "UNKNOWN_USER_ID_ERROR"}, (FailureCode.NOT_FOUND, P)),
        ({"status": "EMAIL_ALREADY_EXISTS_ERROR"}, (FailureCode.CONFLICT, P)),
        (
            {"status": "FIELD_ERROR", "formFields": [{"id": "email", "error": "Email is invalid"}]},
            (FailureCode.BAD_REQUEST, P),
        ),
        ({"status": "GENERAL_ERROR", "message": "m"}, (FailureCode.UPSTREAM_ERROR, P)),
        ({"status": "OK", "user": {"id": "u1"}}, None),
        ({"status": "EMAIL_ALREADY_VERIFIED_ERROR"}, None),  # the state asked for holds
        ({"id": 7, "status": "PAYMENT_ERROR"}, None),  # a record's own status
        ({"status": "Field_Error"}, None),
    ],
)
def test_round_41_a_status_spelled_as_an_error_is_a_failure(
    body: dict[str, Any], expected: tuple[FailureCode, FailureKind] | None
) -> None:
    """SuperTokens answers in a 200 with its status word (https://supertokens.com/docs)."""
    env = judge(body, url="https://auth.example.test/auth/signin", method="POST")
    assert_judged(env, expected)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"Success": False, "Message": "Required Data is Missing.", "Issues": {"a": "b"}}, P),
        ({"Success": False, "Error": "this is an error"}, P),
        (
            {
                "ErrNo": 0,
                "Error": "Can not access account. Was both Username and API Key provided?",
            },
            P,
        ),
        ({"Success": False, "Message": "Rate limit exceeded, slow down"}, T),
        ({"Success": True, "Message": "Test Updated", "InsertID": 1}, None),
        ({"Success": False, "TestID": 7, "Message": "paused"}, None),  # a record's own flag
    ],
)
def test_round_41_success_false_beside_its_words_is_a_failure(
    body: dict[str, Any], expected: FailureKind | None
) -> None:
    """StatusCake v1 answers a refused call with a 200 (https://www.statuscake.com/api/v1/)."""
    env = judge(body, url="https://app.statuscake.com/API/Tests/Update", method="PUT")
    if expected is None:
        assert env.outcome is Outcome.SUCCESS, env
    else:
        assert failure_of(env) == (FailureCode.UPSTREAM_ERROR, expected)


def test_round_41_a_batch_answering_only_its_refused_items_by_index_is_partial() -> None:
    """Identity Platform's accounts:batchDelete: "detailed error info for accounts that cannot
    be deleted" (https://cloud.google.com/identity-platform/docs/reference/rest/v1/projects.accounts/batchDelete)."""
    url = "https://identitytoolkit.googleapis.com/v1/projects/p/accounts:batchDelete"
    refused = [
        {"index": 0, "localId": "uid1", "message": "NOT_DISABLED : Disable the account first."},
        {"index": 2, "localId": "uid3", "message": "something awful"},
    ]
    env = judge({"errors": refused}, url=url, method="POST")
    assert truncation_of(env) is TruncatedBy.UPSTREAM_FLAG
    assert env.coverage is not None
    assert env.coverage.dropped == (
        "index 0 uid1: NOT_DISABLED : Disable the account first.",
        "index 2 uid3: something awful",
    )
    assert judge({}, url=url, method="POST").outcome is Outcome.SUCCESS  # every one deleted
    # GraphQL's errors carry no index: still a request that failed
    graphql = {
        "errors": [{"message": "Cannot query field", "locations": [{"line": 1, "column": 3}]}]
    }
    failed = judge(graphql, url="https://api.example.test/graphql", method="POST")
    assert failure_of(failed) == (FailureCode.UPSTREAM_ERROR, P)


def test_round_41_a_batch_answering_only_its_failures() -> None:
    """Descope's batch token upload: the failures alone, [] when every one was taken
    (https://docs.descope.com/)."""
    url = "https://api.descope.com/v1/mgmt/outbound/app/user/tokens/batch"
    one = {"appId": "app123", "userId": "user2", "errorCode": "E152110", "reason": "bad token"}
    env = judge({"failures": [one]}, url=url, method="POST")
    assert truncation_of(env) is TruncatedBy.UPSTREAM_FLAG
    assert env.coverage is not None
    assert env.coverage.dropped == ("failures.0: E152110 bad token",)
    taken = judge({"failures": []}, url=url, method="POST")
    assert taken.outcome is Outcome.SUCCESS, taken
    # beside what was done, a failures list is never the items
    counted = {"took": 5, "total": 2, "updated": 2, "failures": []}
    assert judge(
        counted, url="https://es.example.test/i/_update_by_query", method="POST"
    ).outcome is (Outcome.SUCCESS)


def test_round_41_rollbars_err_beside_its_message() -> None:
    """Rollbar's API: {"err": 0, "result": …}, a failure {"err": 1, "message": …}
    (https://docs.rollbar.com/reference)."""
    url = "https://api.rollbar.com/api/1/project/0/teams"
    failed = judge({"err": 1, "message": "Invalid or missing project id"}, url=url)
    assert failure_of(failed) == (FailureCode.UPSTREAM_ERROR, P)
    assert judge({"err": 0, "result": {"users": [{"id": 1}]}}, url=url).outcome is Outcome.SUCCESS
    assert judge({"err": 0, "message": "ok"}, url=url).outcome is Outcome.SUCCESS


@pytest.mark.parametrize(
    ("query", "outcome"),
    [
        ("pageNumber=1&pageSize=10", Outcome.PARTIAL),
        ("pageNumber=2&pageSize=10", Outcome.SUCCESS),  # 10 before it, 10 here: 20 of 20
        ("PageNumber=2&PageSize=10", Outcome.SUCCESS),  # Alibaba Cloud's spelling
    ],
)
def test_round_41_a_cloud_list_page_by_page_number_and_size(query: str, outcome: Outcome) -> None:
    """JD Cloud's (and Alibaba Cloud's) list calls: pageNumber from 1 by pageSize, beside
    totalCount (https://docs.jdcloud.com/)."""
    url = f"https://domainservice.jdcloud-api.com/v2/regions/cn-north-1/domain?{query}"
    result = {"dataList": [{"id": n} for n in range(10)], "currentCount": 10, "totalCount": 20}
    body = {"requestId": "r", "error": None, "result": {**result, "totalPage": 2}}
    env = judge(body, url=url, items="result.dataList", total="result.totalCount")
    assert env.outcome is outcome, env


@pytest.mark.parametrize(
    ("status", "expected"),
    [
        ("PENDING", (FailureCode.UPSTREAM_ERROR, T)),
        ("IN_PROGRESS", (FailureCode.UPSTREAM_ERROR, T)),
        ("FAILED", (FailureCode.UPSTREAM_ERROR, P)),
        ("COMPLETED", None),
    ],
)
def test_round_42_a_smartrecruiters_report_file_read_before_it_completes(
    status: str, expected: tuple[FailureCode, FailureKind] | None
) -> None:
    """SmartRecruiters' report file: PENDING until COMPLETED (https://developers.smartrecruiters.com/)."""
    url = "https://api.smartrecruiters.com/reporting-api/v201804/reports/rid/files/recent"
    body = {"reportFileId": "f1", "reportId": "rid", "reportFileStatus": status}
    assert_judged(judge(body, url=url), expected)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # Gemini (https://docs.gemini.com/rest-api/#error-codes)
        (
            {"result": "error", "reason": "InvalidSignature", "message": "m"},
            (FailureCode.UPSTREAM_ERROR, P),
        ),
        (
            {"result": "error", "reason": "RateLimited", "message": "m"},
            (FailureCode.RATE_LIMITED, T),
        ),
        (
            {"result": "error", "reason": "Maintenance", "message": "m"},
            (FailureCode.SERVER_ERROR, T),
        ),
        ({"result": "ok", "symbol": "btcusd"}, None),
        # Bitstamp (https://www.bitstamp.net/api/)
        (
            {"status": "error", "reason": {"amount": ["You have only 0.00 USD available."]}},
            (FailureCode.UPSTREAM_ERROR, P),
        ),
        ({"status": "error", "reason": "Invalid nonce"}, (FailureCode.UPSTREAM_ERROR, P)),
        # a google.rpc.Status as the body (https://cloud.google.com/apis/design/errors)
        (
            {
                "code": 5,
                "message": "Item not found",
                "details": [
                    {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "NOT_FOUND"}
                ],
            },
            (FailureCode.NOT_FOUND, P),
        ),
        (
            {
                "code": 14,
                "message": "try again",
                "details": [{"@type": "type.googleapis.com/google.rpc.RetryInfo"}],
            },
            (FailureCode.SERVER_ERROR, T),
        ),
        ({"code": 5, "message": "five", "details": [{"@type": "other"}]}, None),
        ({"code": 5, "message": "five", "details": []}, None),
    ],
)
def test_round_42_errors_named_in_a_200(
    body: dict[str, Any], expected: tuple[FailureCode, FailureKind] | None
) -> None:
    assert_judged(judge(body, url="https://api.example.test/v1/x"), expected)


# -- round 43: hosting, CMS, CI, self-hosted servers, research metadata, open banking, IoT -----


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # Tuya's cloud API (https://developer.tuya.com/en/docs/iot/error-code?id=K989ruxx88swc)
        (
            {"code": 1010, "msg": "token invalid", "success": False, "t": 1683763106, "tid": "8e"},
            (FailureCode.UPSTREAM_ERROR, P),
        ),
        ({"code": 500, "msg": "system error", "success": False}, (FailureCode.UPSTREAM_ERROR, T)),
        ({"result": {"id": "d1"}, "success": True, "t": 1683763106616, "tid": "8e"}, None),
        # SwitchBot (https://github.com/OpenWonderLabs/SwitchBotAPI#standard-http-error-codes)
        (
            {"statusCode": 190, "body": {}, "message": "Requests reached the daily limit"},
            (FailureCode.RATE_LIMITED, T),
        ),
        ({"statusCode": 161, "body": {}, "message": "offline"}, (FailureCode.UPSTREAM_ERROR, T)),
        ({"statusCode": 152, "body": {}, "message": "not found"}, (FailureCode.NOT_FOUND, P)),
        ({"statusCode": 190, "body": {}, "message": "wrong id"}, (FailureCode.UPSTREAM_ERROR, P)),
        ({"statusCode": 401, "body": {}, "message": "Unauthorized"}, (FailureCode.UNAUTHORIZED, P)),
        ({"statusCode": 100, "body": {"deviceList": []}, "message": "success"}, None),
        # Plaid's transactions/sync before the pull (https://plaid.com/docs/api/products/transactions/#transactionssync)
        (
            {"added": [], "modified": [], "removed": [], "next_cursor": "", "has_more": False,
             "transactions_update_status": "NOT_READY", "request_id": "r"},
            (FailureCode.UPSTREAM_ERROR, T),
        ),
    ],
)  # fmt: skip
def test_round_43_refusals_in_a_200(
    body: dict[str, Any], expected: tuple[FailureCode, FailureKind] | None
) -> None:
    assert_judged(judge(body, url="https://api.example.test/v1/x"), expected)


def test_round_43_a_plaid_sync_with_transactions_is_its_answer() -> None:
    """NOT_READY is read only where nothing came: a page of added transactions is the answer."""
    body = {"added": [{"transaction_id": "t1"}], "modified": [], "removed": [],
            "next_cursor": "c1", "has_more": False,
            "transactions_update_status": "NOT_READY"}  # fmt: skip
    assert judge(body, items="added").outcome is Outcome.SUCCESS


@pytest.mark.parametrize("method", ["GET", "PUT"])
def test_round_43_a_hue_bridge_answers_each_change_with_success_or_error(method: str) -> None:
    """Hue v1 answers a list of {success} and {error: {type, address, description}} entries in
    a 200 (https://developers.meethue.com/develop/hue-api/error-messages/)."""
    refused = {"error": {"type": 1, "address": "/lights", "description": "unauthorized user"}}
    assert failure_of(judge([refused], method=method)) == (FailureCode.UNAUTHORIZED, P)
    off = {"error": {"type": 201, "address": "/lights/1/state/bri", "description": "device is off"}}
    done = {"success": {"/lights/1/state/on": True}}
    env = judge([done, off], method=method)
    assert truncation_of(env) is TruncatedBy.UPSTREAM_FLAG
    assert env.coverage is not None
    assert env.coverage.dropped == ("1: type 201: device is off (/lights/1/state/bri)",)
    assert judge([done], method=method).outcome is Outcome.SUCCESS
    # an entry of more than one member is not Hue's: a listing of records, read as one
    other = [{"error": {"type": 1, "description": "x"}, "id": 7}]
    assert judge(other, method=method).outcome is Outcome.SUCCESS


def test_round_43_a_hue_refusal_is_decoded_where_the_array_lane_would_validate_it() -> None:
    """With a result model the array lane validates an array undecoded; Hue's entries are
    known by their first member and decoded, so their refusal is read."""
    body = [{"error": {"type": 3, "address": "/lights/9", "description": "resource not available"}}]
    env = judge(body, result_model=list[dict[str, Any]])
    assert failure_of(env) == (FailureCode.NOT_FOUND, P)


def test_round_43_netatmo_devices_not_read() -> None:
    """Netatmo's body.errors lists the modules it could not reach
    (https://dev.netatmo.com/apidocumentation/energy#homestatus)."""
    url = "https://api.netatmo.com/api/homestatus?home_id=h1"
    modules = [{"id": "m1", "type": "NATherm1", "reachable": True}]
    body = {"status": "ok", "time_server": 1, "body": {
        "home": {"id": "h1", "modules": modules}, "errors": [{"code": 6, "id": "m2"}]}}  # fmt: skip
    env = judge(body, url=url, items="body.home.modules")
    assert truncation_of(env) is TruncatedBy.UPSTREAM_FLAG
    assert env.coverage is not None
    assert env.coverage.dropped == ("m2: code 6",)
    alone = {"status": "ok", "body": {"home": {"id": "h1"}, "errors": [{"code": 6, "id": "m2"}]}}
    assert failure_of(judge(alone, url=url)) == (FailureCode.UPSTREAM_ERROR, T)
    whole = {"status": "ok", "body": {"home": {"id": "h1", "modules": modules}}}
    assert judge(whole, url=url).outcome is Outcome.SUCCESS


def test_round_43_a_total_named_for_its_list_picks_the_listing() -> None:
    """Plaid's /transactions/get: accounts and transactions, total_transactions counting the
    latter (https://plaid.com/docs/api/products/transactions/#transactionsget)."""
    body = {"accounts": [{"account_id": "a"}], "item": {"item_id": "i"}, "request_id": "r",
            "transactions": [{"transaction_id": str(n)} for n in range(3)],
            "total_transactions": 5}  # fmt: skip
    env = judge(body, url="https://sandbox.plaid.com/transactions/get")
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert (env.coverage.returned, env.coverage.total) == (3, 5)
    assert judge(body, items="transactions").coverage.total == 5  # type: ignore[union-attr]
    body["total_transactions"] = 3
    assert judge(body).outcome is Outcome.SUCCESS


@pytest.mark.parametrize(
    ("more", "expected"),
    [(True, Outcome.PARTIAL), ("true", Outcome.PARTIAL), (False, Outcome.SUCCESS)],
)
def test_round_43_finicity_more_available(more: object, expected: Outcome) -> None:
    """Finicity's lists: found, displaying and moreAvailable (the sandbox sends it as a word)
    (https://developer.mastercard.com/open-banking-us/documentation/api-reference/)."""
    body = {"found": 2 if expected is Outcome.SUCCESS else 250, "displaying": 2,
            "moreAvailable": more, "transactions": [{"id": 1}, {"id": 2}]}  # fmt: skip
    assert judge(body).outcome is expected


def test_round_43_an_overseerr_page_info() -> None:
    """Overseerr's pageInfo {page, pages, pageSize, results} (https://api-docs.overseerr.dev/)."""
    results = [{"id": n} for n in range(10)]
    first = {"pageInfo": {"pages": 2, "pageSize": 10, "results": 14, "page": 1}, "results": results}
    assert truncation_of(judge(first)) is TruncatedBy.NEXT_PAGE
    last = {
        "pageInfo": {"pages": 2, "pageSize": 10, "results": 14, "page": 2},
        "results": results[:4],
    }
    assert judge(last).outcome is Outcome.SUCCESS


@pytest.mark.parametrize(
    "query", ["page%5Bsize%5D=0", "page[size]=0", "perPage=0", "hitsPerPage=0", "page[limit]=0"]
)
def test_round_43_a_page_size_of_zero_asks_for_the_count_alone(query: str) -> None:
    """DataCite's page[size]=0 answers its total and no records
    (https://support.datacite.org/docs/api-queries)."""
    body = {"data": [], "meta": {"total": 2, "totalPages": 0, "page": 1}}
    url = f"https://api.datacite.org/dois?query=x&{query}"
    assert judge(body, url=url).outcome is Outcome.SUCCESS
    assert judge(body, url="https://api.datacite.org/dois?query=x&page[size]=10").outcome is (
        Outcome.PARTIAL
    )


def test_round_43_a_redirect_whose_body_is_its_location_is_the_answer() -> None:
    """Buildkite's artifact download "returns a 302 response to a URL for downloading an
    artifact", {"url": …} (https://buildkite.com/docs/apis/rest-api/artifacts)."""
    where = "https://s3.amazonaws.com/bucket/README.md?X-Amz-Date=20230820T200316Z"
    env = judge({"url": where}, status=302, headers={"location": where})
    assert env.outcome is Outcome.SUCCESS
    assert env.data == {"url": where}
    # GitHub's moved repository says so beside the URL: a redirect not followed
    moved = {"url": where, "message": "Moved Permanently", "documentation_url": "https://docs"}
    assert failure_of(judge(moved, status=301, headers={"location": where})) == (
        FailureCode.PROTOCOL, P)  # fmt: skip
    assert failure_of(judge({"url": where}, status=302, headers={"location": where + "x"}))[0] is (
        FailureCode.PROTOCOL
    )
    assert judge(
        {"url": where}, status=302, headers={"location": where}, method="POST"
    ).outcome is (Outcome.ACCESS_FAILURE)


@pytest.mark.parametrize(
    "body",
    [
        {"message": "The path you tried to reach is unknown or doesn't support this HTTP method.",
         "sys": {"type": "Error", "id": "UnknownRoute"}, "requestId": "r"},  # Contentful
        {"error": {"message": "Unrecognized request URL (GET: /v1/custmers/cus_1).",
                   "type": "invalid_request_error"}},  # Stripe
        {"message": "Route GET:/itemz/7 not found", "error": "Not Found", "statusCode": 404},
        {"message": "Cannot GET /itemz/7", "error": "Not Found", "statusCode": 404},
        {"message": 'No route found for "GET http://api.test/itemz/7"'},  # Symfony
        {"status": 404, "error": "Not Found",
         "exception": 'No route matches [GET] "/itemz/7"'},  # Rails
        {"message": "The route api/itemz/7 could not be found."},  # Laravel
    ],
)  # fmt: skip
def test_round_43_a_404_for_a_route_is_no_confirmed_absence(body: dict[str, Any]) -> None:
    """A declared not_found="empty" is the record's absence; a 404 saying no route answers the
    request says the lookup never ran."""
    env = judge(body, status=404, not_found="empty")
    assert failure_of(env) == (FailureCode.NOT_FOUND, P)
    record = {"error": {"message": "No such customer: 'cus_1'", "code": "resource_missing"}}
    assert judge(record, status=404, not_found="empty").outcome is Outcome.EMPTY


@pytest.mark.parametrize(
    "body",
    [
        {"message": "Route 12 not found"},  # a transit API's route, looked up by id
        {"error": "route_not_found"},
        {"message": "No route found between the two points"},
        {"message": "Item cannot get found"},
    ],
)
def test_round_43_a_404_for_a_record_named_route_is_its_absence(body: dict[str, Any]) -> None:
    """Only a route named with its method or path is the request's route."""
    assert judge(body, status=404, not_found="empty").outcome is Outcome.EMPTY


def test_round_43_express_html_404_for_a_route() -> None:
    page = b"<!DOCTYPE html><html><body><pre>Cannot GET /itemz/7</pre></body></html>"
    env = classify_parts(
        404, httpx.Headers({"content-type": "text/html"}), page, url=URL, not_found="empty"
    )
    assert failure_of(env) == (FailureCode.NOT_FOUND, P)


# -- round 44: security, IT assets, time tracking, statistics, registries, LMS, forums -----------


@pytest.mark.parametrize("target", ["None", "null", "undefined", ""])
def test_round_44_a_link_naming_no_url_names_no_page(target: str) -> None:
    """Kandji writes Python's None into its Link header on every answer (its lists page by
    limit and offset, https://api-docs.kandji.io/): no next page."""
    link = f'<{target}>; rel="next", <{target}>; rel="prev"'
    assert judge([{"id": 1}], headers={"link": link}).outcome is Outcome.SUCCESS
    real = '<https://api.example.test/v1/items?page=2>; rel="next"'
    assert truncation_of(judge([{"id": 1}], headers={"link": real})) is TruncatedBy.NEXT_PAGE


def heartbeat(status: int) -> list[Any]:
    body = {"data": {"id": "h"}} if status < 400 else {"error": "Too many heartbeats"}
    return [body, status]


@pytest.mark.parametrize(
    ("statuses", "expected"),
    [
        ((201, 201), Outcome.SUCCESS),
        ((201, 429, 201, 429), Outcome.PARTIAL),
        ((400, 400), (FailureCode.UPSTREAM_ERROR, P)),
        ((429, 429), (FailureCode.RATE_LIMITED, T)),
        ((429, 503), (FailureCode.UPSTREAM_ERROR, T)),
    ],
)
def test_round_44_a_bulk_write_answered_by_body_and_status_pairs(
    statuses: tuple[int, ...], expected: Outcome | tuple[FailureCode, FailureKind]
) -> None:
    """WakaTime's heartbeats.bulk: "an array of [body, status] pairs, one for each heartbeat"
    (https://wakatime.com/developers#heartbeats)."""
    url = "https://api.wakatime.com/api/v1/users/current/heartbeats.bulk"
    body = {"responses": [heartbeat(s) for s in statuses]}
    env = judge(body, status=202, url=url, method="POST", items="responses")
    if isinstance(expected, Outcome):
        assert env.outcome is expected
    else:
        assert failure_of(env) == expected
    if expected is Outcome.PARTIAL:
        assert env.coverage is not None
        assert env.coverage.dropped == (
            "responses.1: HTTP 429: Too many heartbeats",
            "responses.3: HTTP 429: Too many heartbeats",
        )
    # a read's list of pairs is data (coordinates, key and value), never statuses; so is a
    # write's list of rows that are not [object or null, status] pairs
    assert judge({"points": [[{"a": 1}, 404]]}, items="points").outcome is Outcome.SUCCESS
    for rows in ([["x", 404], ["y", 201]], [[{"a": 1}, 404, 3]], [[[1], 404]]):
        written = judge({"rows": rows}, url=url, method="POST", items="rows")
        assert written.outcome is Outcome.SUCCESS, rows


@pytest.mark.parametrize(
    ("status", "expected"),
    [
        ("Queued", (FailureCode.UPSTREAM_ERROR, T)),
        ("Running", (FailureCode.UPSTREAM_ERROR, T)),
        ("Failed", (FailureCode.UPSTREAM_ERROR, P)),
        ("Timeout", (FailureCode.TIMEOUT, T)),
        ("Succeeded", None),
    ],
)
def test_round_44_an_azure_container_registry_run_read_before_it_ends(
    status: str, expected: tuple[FailureCode, FailureKind] | None
) -> None:
    """An ACR run: Queued, Started, Running until it ends
    (https://learn.microsoft.com/en-us/rest/api/containerregistry/runs/get)."""
    url = (
        "https://management.azure.com/subscriptions/s/resourceGroups/g/providers/"
        "Microsoft.ContainerRegistry/registries/r/runs/da1?api-version=2019-06-01-preview"
    )
    body = {"type": "Microsoft.ContainerRegistry/registries/runs", "id": "/runs/da1",
            "name": "da1", "properties": {"runId": "da1", "status": status,
                                          "provisioningState": "Succeeded"}}  # fmt: skip
    assert_judged(judge(body, url=url), expected)
    other = {**body, "type": "Microsoft.ContainerRegistry/registries/webhooks"}
    assert judge(other, url=url).outcome is Outcome.SUCCESS


@pytest.mark.parametrize(
    ("status", "expected"),
    [
        ("QUEUED", (FailureCode.UPSTREAM_ERROR, T)),
        ("PROCESSING", (FailureCode.UPSTREAM_ERROR, T)),
        ("ERROR", (FailureCode.UPSTREAM_ERROR, P)),
        ("FINISHED", None),
    ],
)
def test_round_44_a_tenable_export_read_before_it_finishes(
    status: str, expected: tuple[FailureCode, FailureKind] | None
) -> None:
    """Tenable's export status (https://developer.tenable.com/reference/exports-vulns-export-status)."""
    body = {"status": status, "chunks_available": [], "chunks_failed": [], "chunks_cancelled": []}
    url = "https://cloud.tenable.com/vulns/export/b8f7f2da/status"
    assert_judged(judge(body, url=url), expected)


def test_round_44_tenable_security_centers_envelope() -> None:
    """Security Center's {type, response, error_code, error_msg, warnings, timestamp}
    (https://docs.tenable.com/security-center/api/Getting-Started.htm)."""
    envelope = {"type": "regular", "error_code": 0, "error_msg": "", "warnings": [],
                "timestamp": 1561038622}  # fmt: skip
    url = "https://sc.example.test/rest/asset/tag"
    assert judge({**envelope, "response": []}, url=url).outcome is Outcome.EMPTY
    env = judge({**envelope, "response": [{"id": "1"}, {"id": "2"}]}, url=url)
    assert env.outcome is Outcome.SUCCESS
    assert env.coverage is not None
    assert env.coverage.returned == 2


def test_round_44_the_resource_before_a_search_verb_names_the_listing() -> None:
    """SonarQube's api/issues/search answers its issues beside the components, rules and users
    they name, paging.total counting the issues (https://next.sonarqube.com/sonarqube/web_api)."""
    body = {"total": 13, "p": 1, "ps": 1, "paging": {"pageIndex": 1, "pageSize": 1, "total": 13},
            "issues": [{"key": "a"}], "components": [{"key": "c"}, {"key": "d"}],
            "rules": [{"key": "r"}], "users": [], "facets": []}  # fmt: skip
    env = judge(body, url="https://sonarcloud.io/api/issues/search?componentKeys=x&ps=1")
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert (env.coverage.returned, env.coverage.total) == (1, 13)


def test_round_44_discourse_counts_its_rows_by_name() -> None:
    """Discourse's notifications: total_rows_notifications beside them (https://docs.discourse.org/)."""
    body = {"notifications": [{"id": 1}, {"id": 2}], "total_rows_notifications": 9,
            "seen_notification_id": 1,
            "load_more_notifications": "/notifications?offset=3"}  # fmt: skip
    env = judge(body, url="https://forum.example.test/notifications.json?limit=2&offset=1")
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert env.coverage.total == 9


@pytest.mark.parametrize(
    ("status", "expected"),
    [
        ({"Code": 104, "Content": "Es gibt keine Objekte zum angegebenen Selektionskriterium",
          "Type": "Information"}, Outcome.EMPTY),
        ({"Code": 103, "Content": "No objects found.", "Type": "Information"}, Outcome.EMPTY),
        ({"Code": 0, "Content": "erfolgreich", "Type": "Information"}, Outcome.SUCCESS),
        ({"Code": 12, "Content": "Falsches Passwort", "Type": "Fehler"}, Outcome.ACCESS_FAILURE),
    ],
)  # fmt: skip
def test_round_44_a_genesis_status(status: dict[str, Any], expected: Outcome) -> None:
    """The GENESIS web service (Destatis) answers every call with Ident and Status."""
    rows = None if expected is not Outcome.SUCCESS else [{"Code": "61111"}]
    body = {"Ident": {"Service": "catalogue", "Method": "cubes"}, "Status": status,
            "Parameter": {"selection": "41141"}, "List": rows}  # fmt: skip
    url = "https://www-genesis.destatis.de/genesisWS/rest/2020/catalogue/cubes"
    assert judge(body, url=url, method="POST", items="List").outcome is expected
    assert judge(body, url=url, method="POST").outcome is expected


def test_round_44_a_discourse_topic_list_beside_the_users_it_names() -> None:
    """Discourse's /latest: its topics in topic_list, the users and groups they name beside
    them (https://docs.discourse.org/)."""
    users = [{"id": 1, "username": "admin"}, {"id": 3, "username": "user1"}]
    topic_list = {"can_create_topic": False, "per_page": 2, "topics": [{"id": 38}, {"id": 37}],
                  "more_topics_url": "/latest?no_definitions=true&page=2&per_page=2"}  # fmt: skip
    body = {"users": users, "primary_groups": [], "flair_groups": [], "topic_list": topic_list}
    url = "https://forum.example.test/latest.json?page=1&per_page=2"
    assert truncation_of(judge(body, url=url)) is TruncatedBy.NEXT_PAGE
    last = {**body, "topic_list": {"per_page": 2, "topics": []}}
    assert judge(last, url=url).outcome is Outcome.EMPTY


def test_round_44_a_reddit_json_answer_is_its_things() -> None:
    """Reddit's api_type=json answers: the things inside json.data, a "more" stub among them
    saying more remain (https://www.reddit.com/dev/api/#POST_api_morechildren)."""
    things = [{"kind": "t1", "data": {"id": "a"}}, {"kind": "t1", "data": {"id": "b"}}]
    body = {"json": {"errors": [], "data": {"things": things}}}
    env = judge(body, url="https://oauth.reddit.com/api/morechildren", method="POST")
    assert env.outcome is Outcome.SUCCESS
    assert env.coverage is not None
    assert env.coverage.returned == 2


# -- round 45: speech AI, warehouses, orchestration, ML platforms, marketplaces, transit, audio --


@pytest.mark.parametrize(
    ("url", "body", "expected"),
    [
        # AssemblyAI (https://www.assemblyai.com/docs/api-reference/transcripts/get)
        ("https://api.assemblyai.com/v2/transcript/t1", {"id": "t1", "status": "queued"},
         (FailureCode.UPSTREAM_ERROR, T)),
        ("https://api.assemblyai.com/v2/transcript/t1", {"id": "t1", "status": "error",
         "error": "bad audio"}, (FailureCode.UPSTREAM_ERROR, P)),
        ("https://api.assemblyai.com/v2/transcript/t1", {"id": "t1", "status": "completed",
         "text": "hello"}, None),
        # Rev.ai (https://docs.rev.ai/api/asynchronous/reference/)
        ("https://api.rev.ai/speechtotext/v1/jobs/U1", {"id": "U1", "status": "in_progress"},
         (FailureCode.UPSTREAM_ERROR, T)),
        ("https://api.rev.ai/speechtotext/v1/jobs/U1", {"id": "U1", "status": "transcribed"}, None),
        # Cohere's embed jobs (https://docs.cohere.com/reference/get-embed-job)
        ("https://api.cohere.com/v1/embed-jobs/j1", {"job_id": "j1", "status": "processing"},
         (FailureCode.UPSTREAM_ERROR, T)),
        ("https://api.cohere.com/v1/embed-jobs/j1", {"job_id": "j1", "status": "complete"}, None),
    ],
)  # fmt: skip
def test_round_45_jobs_read_before_they_end(
    url: str, body: dict[str, Any], expected: tuple[FailureCode, FailureKind] | None
) -> None:
    assert_judged(judge(body, url=url), expected)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # Snowflake (https://docs.snowflake.com/en/developer-guide/sql-api/handling-responses)
        ({"code": "333334", "message": "Asynchronous execution in progress.", "success": True,
          "data": {"queryId": "q1", "getResultUrl": "/queries/q1/result"}},
         (FailureCode.UPSTREAM_ERROR, T)),
        ({"code": "390303", "message": "Invalid OAuth access token.", "success": False,
          "headers": None, "data": {"nextAction": "RETRY_LOGIN", "authnMethod": "OAUTH"}},
         (FailureCode.UPSTREAM_ERROR, P)),
        ({"code": None, "message": None, "success": True, "data": {"queryId": "q1",
          "rowset": [["1"]]}}, None),
        # Flink's SQL Gateway (https://nightlies.apache.org/flink/flink-docs-release-1.17/docs/dev/table/sql-gateway/rest/)
        ({"results": {"columns": [], "data": []}, "resultType": "NOT_READY",
          "nextResultUri": "/v1/sessions/s/operations/o/result/0"},
         (FailureCode.UPSTREAM_ERROR, T)),
        # Dagster (https://docs.dagster.io/concepts/webserver/graphql)
        ({"data": {"runOrError": {"__typename": "RunNotFoundError", "message": "no run"}}},
         (FailureCode.NOT_FOUND, P)),
        ({"data": {"runOrError": {"__typename": "PythonError", "message": "boom"}}},
         (FailureCode.UPSTREAM_ERROR, P)),
        ({"data": {"runOrError": {"__typename": "Run", "runId": "r1"}}}, None),
        ({"data": {"error": {"__typename": "Error", "message": "a record named Error"}}}, None),
        # Rundeck (https://docs.rundeck.com/docs/api/rundeck-api.html#execution-output)
        ({"id": "1033", "completed": True, "execCompleted": True, "empty": True,
          "error": "The Execution Log could not be found.", "entries": []},
         (FailureCode.UPSTREAM_ERROR, P)),
    ],
)  # fmt: skip
def test_round_45_answers_that_are_no_result(
    body: dict[str, Any], expected: tuple[FailureCode, FailureKind] | None
) -> None:
    assert_judged(judge(body, url="https://api.example.test/v1/x", method="POST"), expected)


def test_round_45_a_dagster_lookup_not_found_is_its_absence() -> None:
    body = {"data": {"partitionSetOrError": {"__typename": "PartitionSetNotFoundError"}}}
    env = judge(body, url="http://localhost:3000/graphql", method="POST", not_found="empty")
    assert env.outcome is Outcome.EMPTY


def test_round_45_rundeck_output_is_judged_by_its_flags_not_its_byte_count() -> None:
    """Rundeck's output: offset and totalSize count bytes of the log
    (https://docs.rundeck.com/docs/api/rundeck-api.html#execution-output)."""
    entries = [{"log": str(n)} for n in range(19)]
    body = {"id": "900", "offset": "3732", "totalSize": 3738, "percentLoaded": 99.8,
            "completed": True, "execCompleted": True, "entries": entries}  # fmt: skip
    url = "http://rundeck.test/api/26/execution/900/output?offset=0&maxlines=200"
    assert judge(body, url=url).outcome is Outcome.SUCCESS
    running = {**body, "execCompleted": False, "completed": False}
    assert truncation_of(judge(running, url=url)) is TruncatedBy.UPSTREAM_FLAG


def kusto_frames_body(rows: list[Any], completion: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {"FrameType": "DataSetHeader", "IsProgressive": False, "Version": "v2.0"},
        {"FrameType": "DataTable", "TableId": 1, "TableKind": "PrimaryResult",
         "TableName": "PrimaryResult", "Columns": [{"ColumnName": "x"}], "Rows": rows},
        {"FrameType": "DataSetCompletion", "HasErrors": bool(completion), "Cancelled": False,
         **completion},
    ]  # fmt: skip


def test_round_45_a_kusto_partial_query_failure() -> None:
    """Azure Data Explorer's v2 frames report a partial query failure beside the rows it cut
    (https://learn.microsoft.com/en-us/kusto/concepts/partial-query-failures)."""
    said = "Query execution has exceeded the allowed limits"
    error = {"OneApiErrors": [{"error": {"code": "LimitsExceeded", "@permanent": False,
                                         "@message": said}}]}  # fmt: skip
    url = "https://help.kusto.windows.net/v2/rest/query"
    cut = judge(kusto_frames_body([[1], [2]], error), url=url, method="POST")
    assert truncation_of(cut) is TruncatedBy.UPSTREAM_FLAG
    none = judge(kusto_frames_body([], error), url=url, method="POST")
    assert failure_of(none) == (FailureCode.UPSTREAM_ERROR, T)
    whole = judge(kusto_frames_body([[1], [2]], {}), url=url, method="POST")
    assert whole.outcome is Outcome.SUCCESS
    assert whole.coverage is not None
    assert whole.coverage.returned == 2  # the primary result's rows, found when inferring
    v1 = {"Tables": [{"TableName": "Table_0", "Rows": [[1], {"Exceptions": ["cut"]}]}],
          "Exceptions": ["Query execution has exceeded the allowed limits (80DA0003)"]}  # fmt: skip
    assert truncation_of(judge(v1, url=url, method="POST")) is TruncatedBy.UPSTREAM_FLAG


def test_round_45_navitia_pages() -> None:
    """Navitia's pagination and its links typed next (https://doc.navitia.io/#paging)."""
    url = "https://api.navitia.io/v1/coverage/fr-idf/companies"
    first = {"pagination": {"start_page": 0, "items_on_page": 2, "items_per_page": 2,
                            "total_result": 5}, "companies": [{"id": 1}, {"id": 2}],
             "disruptions": [], "links": [{"href": f"{url}?start_page=1", "type": "next",
                                           "templated": False}]}  # fmt: skip
    env = judge(first, url=url)
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert env.coverage.total == 5
    last = {"pagination": {"start_page": 2, "items_on_page": 1, "items_per_page": 2,
                           "total_result": 5}, "companies": [{"id": 5}], "disruptions": [],
            "links": []}  # fmt: skip
    assert judge(last, url=f"{url}?start_page=2").outcome is Outcome.SUCCESS


def test_round_45_a_gbfs_feed_is_its_one_list() -> None:
    """GBFS (https://github.com/MobilityData/gbfs/blob/v2.3/gbfs.md)."""
    url = "https://gbfs.example.test/gbfs/en/system_alerts.json"
    none = {"data": {"alerts": []}, "last_updated": 1663292871, "ttl": 5}
    assert judge(none, url=url).outcome is Outcome.EMPTY
    some = {"data": {"alerts": [{"alert_id": "a"}]}, "last_updated": 1, "ttl": 5}
    assert judge(some, url=url).coverage.returned == 1  # type: ignore[union-attr]


def test_round_45_listen_notes_has_next() -> None:
    """Listen Notes' pages (https://www.listennotes.com/api/docs/)."""
    body = {"id": 93, "name": "Business", "total": 746, "has_next": True, "page_number": 2,
            "next_page_number": 3, "podcasts": [{"id": "a"}, {"id": "b"}]}  # fmt: skip
    url = "https://listen-api.listennotes.com/api/v2/best_podcasts?genre_id=93&page=2"
    assert judge(body, url=url, items="podcasts", total="total").outcome is Outcome.PARTIAL
    last = {**body, "has_next": False, "total": 2, "page_number": 1}
    assert judge(last, url=url, items="podcasts").outcome is Outcome.SUCCESS


# -- round 46: fleets, energy, point of sale, reviews, fundraising, threat intel, domains --------


def test_round_46_samsaras_has_next_page_outside_relay() -> None:
    """Samsara's pagination {endCursor, hasNextPage} (https://developers.samsara.com/docs/pagination)."""
    body = {"data": [{"id": "1"}, {"id": "2"}],
            "pagination": {"endCursor": "c2", "hasNextPage": True}}  # fmt: skip
    env = judge(body, url="https://api.samsara.com/fleet/vehicles?limit=2")
    assert truncation_of(env) is TruncatedBy.NEXT_PAGE
    assert env.coverage is not None
    assert env.coverage.next_cursor == "c2"
    last = {**body, "pagination": {"endCursor": "", "hasNextPage": False}}
    assert judge(last, url="https://api.samsara.com/fleet/vehicles?after=c2").outcome is (
        Outcome.SUCCESS
    )


def test_round_46_motive_pages_by_page_no() -> None:
    """Motive's pagination {per_page, page_no, total} (https://developer.gomotive.com/reference/pagination)."""
    url = "https://api.keeptruckin.com/v1/vehicles?per_page=5&page_no=3"
    last = {"vehicles": [{"id": 11}, {"id": 12}],
            "pagination": {"per_page": 5, "page_no": 3, "total": 12}}  # fmt: skip
    assert judge(last, url=url).outcome is Outcome.SUCCESS
    first = {"vehicles": [{"id": n} for n in range(5)],
             "pagination": {"per_page": 5, "page_no": 1, "total": 12}}  # fmt: skip
    assert judge(first, url=url).outcome is Outcome.PARTIAL


def test_round_46_a_geotab_over_limit_is_a_rate_limit() -> None:
    """Geotab's JSON-RPC OverLimitException
    (https://developers.geotab.com/myGeotab/guides/concepts/#result-and-rate-limits)."""
    error: dict[str, Any] = {
        "message": "API calls quota exceeded. Maximum admitted 10 per 1m.", "code": -32000,
        "data": {"type": "OverLimitException"}, "name": "JSONRPCError",
        "errors": [{"message": "quota exceeded", "name": "OverLimitException"}]}  # fmt: skip
    body = {"jsonrpc": "2.0", "requestIndex": 0, "error": error}
    env = judge(body, url="https://my.geotab.com/apiv1", method="POST")
    assert failure_of(env) == (FailureCode.RATE_LIMITED, T)
    other = {**body, "error": {**error, "data": {"type": "InvalidUserException"}, "errors": []}}
    assert failure_of(judge(other, url="https://my.geotab.com/apiv1", method="POST")) == (
        FailureCode.UPSTREAM_ERROR, P)  # fmt: skip


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # an ASP.NET HttpResponseMessage sent as JSON
        ({"Version": "1.1", "Content": {"Headers": []}, "StatusCode": 412,
          "ReasonPhrase": "Precondition Failed", "Headers": [], "TrailingHeaders": []},
         (FailureCode.BAD_REQUEST, P)),
        ({"Version": "1.1", "StatusCode": 503, "ReasonPhrase": "Service Unavailable"},
         (FailureCode.SERVER_ERROR, T)),
        ({"Version": "1.1", "StatusCode": 200, "ReasonPhrase": "OK"}, None),
        # Bazaarvoice (https://developers.bazaarvoice.com/v1.0-ConversationsAPI/reference)
        ({"HasErrors": True, "Errors": [], "FormErrors": {"FieldErrors": {"rating": {
            "Field": "rating", "Message": "You must enter a rating.",
            "Code": "ERROR_FORM_REQUIRED"}}}, "SubmissionId": None},
         (FailureCode.BAD_REQUEST, P)),
        ({"hasErrors": True, "errors": [{"code": "Bad Request", "message": "UserId is missing",
                                         "field": "user"}]}, (FailureCode.BAD_REQUEST, P)),
        ({"HasErrors": False, "Errors": [], "Results": [{"Id": "1"}], "TotalResults": 1}, None),
        # CiviCRM APIv3 (https://docs.civicrm.org/dev/en/latest/api/v3/usage/)
        ({"is_error": 1, "error_message": "DB Error: deadlock", "error_code": "deadlock"},
         (FailureCode.SERVER_ERROR, T)),
        ({"is_error": 1, "error_message": "Invalid entity"}, (FailureCode.UPSTREAM_ERROR, P)),
    ],
)  # fmt: skip
def test_round_46_refusals_in_a_200(
    body: dict[str, Any], expected: tuple[FailureCode, FailureKind] | None
) -> None:
    assert_judged(judge(body, url="https://api.example.test/v1/x"), expected)


@pytest.mark.parametrize(
    ("url", "body"),
    [
        ("https://secure.actblue.com/api/v1/csvs/12345",
         {"id": "12345", "download_url": None, "status": "in_progress"}),
        ("https://pulsedive.com/api/info.php?indicator=cisco.com",
         {"error": "Request(s) still processing.", "status": "processing", "qid": "110740426"}),
    ],
)  # fmt: skip
def test_round_46_results_read_before_they_are_ready(url: str, body: dict[str, Any]) -> None:
    """ActBlue's CSV export (https://secure.actblue.com/docs/csv_api), Pulsedive's lookups
    (https://pulsedive.com/api/): not ready yet."""
    assert failure_of(judge(body, url=url)) == (FailureCode.UPSTREAM_ERROR, T)


def test_round_46_an_rdap_answer_that_says_it_was_cut() -> None:
    """RFC 9083 §10.2.1's "result set truncated due to …" notice types."""
    results = [{"objectClassName": "entity", "handle": str(n)} for n in range(3)]
    body = {"rdapConformance": ["rdap_level_0"], "entitySearchResults": results,
            "notices": [{"title": "Search Policy",
                         "type": "result set truncated due to authorization"}]}  # fmt: skip
    url = "https://rdap.arin.net/registry/entities?fn=arin*"
    env = judge(body, url=url)
    assert truncation_of(env) is TruncatedBy.UPSTREAM_FLAG
    assert env.coverage is not None
    assert env.coverage.returned == 3
    whole = {**body, "notices": [{"title": "Terms of Service"}]}
    assert judge(whole, url=url).outcome is Outcome.SUCCESS


def test_round_46_records_keyed_by_id_are_a_listing() -> None:
    """CiviCRM's APIv3 values keyed by id unless asked sequential=1
    (https://docs.civicrm.org/dev/en/latest/api/v3/usage/); Mautic's contacts the same."""
    values = {"58523": {"contact_id": "58523"}, "58524": {"contact_id": "58524"}}
    body = {"is_error": 0, "version": 3, "count": 2, "values": values}
    url = "https://crm.example.test/civicrm/extern/rest.php?entity=Contact&action=get"
    declared = judge(body, url=url, items="values")
    assert declared.outcome is Outcome.SUCCESS
    assert declared.coverage is not None
    assert declared.coverage.returned == 2
    inferred = judge(body, url=url)
    assert inferred.coverage is not None
    assert inferred.coverage.returned == 2
    none = {"is_error": 0, "version": 3, "count": 0, "values": []}
    assert judge(none, url=url).outcome is Outcome.EMPTY
    v4 = {"values": [], "entity": "Contact", "action": "get", "version": 4, "count": 0,
          "countFetched": 0, "countMatched": 0}  # fmt: skip
    assert judge(v4, url=url, method="POST").outcome is Outcome.EMPTY
    # an object of plain values, or of objects named by words, is no listing keyed by id
    assert judge({"values": {"a": 1}}, items="values").outcome is Outcome.ACCESS_FAILURE
    named = {"values": {"billing": {"city": "x"}, "shipping": {"city": "y"}}}
    assert judge(named, items="values").outcome is Outcome.ACCESS_FAILURE


def test_round_46_bazaarvoice_results_when_inferring() -> None:
    body = {"Limit": 2, "Offset": 0, "TotalResults": 5, "Locale": "en_US",
            "Results": [{"Id": "1"}, {"Id": "2"}], "Includes": {}, "HasErrors": False,
            "Errors": []}  # fmt: skip
    url = "https://api.bazaarvoice.com/data/reviews.json?apiversion=5.4&Limit=2&Offset=0"
    env = judge(body, url=url)
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert env.coverage.total == 5
    last = {**body, "Offset": 4, "Results": [{"Id": "5"}]}
    assert judge(last, url=url.replace("Offset=0", "Offset=4")).outcome is Outcome.SUCCESS


@pytest.mark.parametrize("header", ["Total-Count", "total-count"])
def test_round_46_a_total_count_header(header: str) -> None:
    """Gandi v5's Total-Count (https://api.gandi.net/docs/reference/); the IUCN Red List's
    Current-Page and Page-Items place a later page
    (https://api.iucnredlist.org/api-docs/index.html)."""
    url = "https://api.gandi.net/v5/domain/domains?page=1&per_page=3"
    env = judge([{"fqdn": "a"}, {"fqdn": "b"}, {"fqdn": "c"}], url=url, headers={header: "5"})
    assert env.outcome is Outcome.PARTIAL
    later = "https://api.gandi.net/v5/domain/domains?page=2&per_page=3"
    assert judge([{"fqdn": "d"}], url=later, headers={header: "4"}).outcome is Outcome.SUCCESS
    iucn = "https://api.iucnredlist.org/api/v4/taxa/family/Hominidae?page=2"
    placed = {header: "4", "current-page": "2", "page-items": "3", "total-pages": "2"}
    assert judge({"assessments": [{"id": 4}]}, url=iucn, headers=placed).outcome is (
        Outcome.SUCCESS
    )


# -- round 47: property, membership, booking, stock media, UK registers, print, game stores ------


def test_round_47_a_page_count_box_counts_pages_not_items() -> None:
    """Cronofy's pages {current, total, next_page}
    (https://docs.cronofy.com/developers/api/events/read-events/)."""
    url = "https://api.cronofy.com/v1/events/pages/08a07b034306679e"
    last = {"pages": {"current": 2, "total": 2, "next_page": ""}, "events": [{"event_uid": "e"}]}
    assert judge(last, url=url).outcome is Outcome.SUCCESS
    first = {"pages": {"current": 1, "total": 2, "next_page": f"{url}x"},
             "events": [{"event_uid": "d"}]}  # fmt: skip
    assert truncation_of(judge(first, url=url)) is TruncatedBy.NEXT_PAGE


def test_round_47_a_207_batch_of_entries_with_their_own_status() -> None:
    """Cronofy's batch (https://docs.cronofy.com/developers/api/batch/)."""
    url = "https://api.cronofy.com/v1/batch"
    refused = {"status": 422, "data": {"errors": {"summary": [{"key": "errors.required"}]}}}
    some = judge({"batch": [{"status": 202}, {"status": 202}, refused]}, status=207, url=url,
                 method="POST", items="batch")  # fmt: skip
    assert truncation_of(some) is TruncatedBy.UPSTREAM_FLAG
    assert some.coverage is not None
    assert some.coverage.dropped == ("batch.2: HTTP 422",)
    every = judge({"batch": [refused]}, status=207, url=url, method="POST", items="batch")
    assert failure_of(every) == (FailureCode.UPSTREAM_ERROR, P)
    fine = judge({"batch": [{"status": 202}]}, status=207, url=url, method="POST", items="batch")
    assert fine.outcome is Outcome.SUCCESS


@pytest.mark.parametrize(
    ("url", "body", "expected"),
    [
        # Daybreak's Census API
        ("https://census.daybreakgames.com/get/ps2:v2/character?name.first_lower=x",
         {"error": "service_unavailable"}, (FailureCode.SERVER_ERROR, T)),
        # Imgur (https://apidocs.imgur.com/)
        ("https://api.imgur.com/3/image/asd",
         {"data": {"error": "Unable to find an image", "request": "/3/image/asd",
                   "method": "GET"}, "success": False, "status": 404},
         (FailureCode.NOT_FOUND, P)),
        ("https://api.imgur.com/3/image/abc", {"data": {"id": "abc"}, "success": True,
                                               "status": 200}, None),
        # Uploadcare (https://uploadcare.com/api-refs/upload-api/#tag/Upload/operation/fromURLUploadStatus)
        ("https://upload.uploadcare.com/from_url/status/?token=t1", {"status": "waiting"},
         (FailureCode.UPSTREAM_ERROR, T)),
        ("https://upload.uploadcare.com/from_url/status/?token=t1", {"status": "progress",
                                                                    "done": 10, "total": 90},
         (FailureCode.UPSTREAM_ERROR, T)),
        ("https://upload.uploadcare.com/from_url/status/?token=t1",
         {"status": "success", "uuid": "u1"}, None),
    ],
)  # fmt: skip
def test_round_47_answers_that_are_no_result(
    url: str, body: dict[str, Any], expected: tuple[FailureCode, FailureKind] | None
) -> None:
    assert_judged(judge(body, url=url), expected)


def test_round_47_a_lookup_answering_found_false() -> None:
    """HMPPS Prison API's active-offender lookup answers {"found": false} for nobody."""
    url = "https://api.prison.service.justice.gov.uk/api/v1/lookup/active_offender?noms_id=A1"
    assert judge({"found": False}, url=url).outcome is Outcome.EMPTY
    assert judge({"found": True, "offender": {"id": 1}}, url=url).outcome is Outcome.SUCCESS


def test_round_47_psn_next_offset_and_total_item_count() -> None:
    """PlayStation Network's lists (https://andshrew.github.io/PlayStation-Trophies/#/APIv2)."""
    url = "https://m.np.playstation.com/api/trophy/v1/users/me/trophyTitles?limit=2&offset=0"
    body = {"trophyTitles": [{"npCommunicationId": "a"}, {"npCommunicationId": "b"}],
            "nextOffset": 2, "totalItemCount": 5}  # fmt: skip
    env = judge(body, url=url)
    assert truncation_of(env) is TruncatedBy.NEXT_PAGE
    assert env.coverage is not None
    assert env.coverage.total == 5
    # Microsoft Graph's mail folder counts its mail in totalItemCount: no listing's total
    folder = {"id": "f1", "displayName": "Contoso", "totalItemCount": 5,
              "sourceFolderIds": ["a"]}  # fmt: skip
    assert judge(folder, url="https://graph.microsoft.com/v1.0/me/mailFolders/f1").outcome is (
        Outcome.SUCCESS
    )


def test_round_47_a_count_asked_for_alone_with_a_declared_total() -> None:
    """Spark's _pagination=count (https://sparkplatform.com/docs/overview/api_responses)."""
    paging = {"TotalPages": 81, "PageSize": 25, "TotalRows": 2001, "CurrentPage": 1}
    body = {"D": {"Success": True, "Pagination": paging}}
    url = "https://sparkapi.com/v1/listings?_pagination=count"
    assert judge(body, url=url, total="D.Pagination.TotalRows").outcome is Outcome.SUCCESS


def test_round_47_a_page_number_in_the_query() -> None:
    """Zoopla's listings: page_number (from 1) by page_size (https://developer.zoopla.co.uk/docs/)."""
    url = "http://api.zoopla.co.uk/api/v1/property_listings.js?page_number=2&page_size=10"
    body = {"result_count": 12, "listing": [{"listing_id": "1"}, {"listing_id": "2"}]}
    assert judge(body, url=url, items="listing", total="result_count").outcome is Outcome.SUCCESS


def _raw(body: bytes, url: str, content_type: str = "application/json", **options: Any) -> Any:
    headers = httpx.Headers({"content-type": content_type})
    return classify_parts(200, headers, body, url=url, **options)


def test_round_48_gerrit_xssi_prefix_and_more_changes() -> None:
    """Gerrit's magic prefix line and _more_changes on a page's last change
    (https://gerrit-review.googlesource.com/Documentation/rest-api.html#output,
    https://gerrit-review.googlesource.com/Documentation/rest-api-changes.html#list-changes)."""
    url = "https://gerrit.example.test/changes/?q=status:open&n=2"
    first, last = {"id": "demo~master~I1", "_number": 1}, {"id": "demo~master~I2", "_number": 2}
    more = b")]}'\n" + json.dumps([first, {**last, "_more_changes": True}]).encode()
    assert truncation_of(_raw(more, url)) is TruncatedBy.UPSTREAM_FLAG
    whole = b")]}'\n" + json.dumps([first, last]).encode()
    env = _raw(whole, url)
    assert env.outcome is Outcome.SUCCESS
    assert env.data == [first, last]
    # Accounts and groups say it the same way; false says nothing more.
    accounts = b")]}'\n" + json.dumps([{"_account_id": 1, "_more_accounts": True}]).encode()
    assert truncation_of(_raw(accounts, "https://g.test/accounts/?q=x&n=1")) is (
        TruncatedBy.UPSTREAM_FLAG
    )
    said_no = b")]}'\n" + json.dumps([{**last, "_more_changes": False}]).encode()
    assert _raw(said_no, url).outcome is Outcome.SUCCESS
    # A bare string after the prefix (a project's description), Angular's comma, CRLF.
    text = _raw(b')]}\'\n"The Go Programming Language"', "https://g.test/projects/go/description",
                content_type="text/plain; charset=utf-8")  # fmt: skip
    assert (text.outcome, text.data) == (Outcome.SUCCESS, "The Go Programming Language")
    assert _raw(b')]}\',\r\n{"id": 1}', url).data == {"id": 1}
    # What follows the prefix must still be JSON; a prefix not on its own line is no prefix.
    assert failure_of(_raw(b")]}'\nnot json", url))[0] is FailureCode.INVALID_BODY
    assert failure_of(_raw(b')]}\' {"id": 1}', url))[0] is FailureCode.INVALID_BODY


def test_round_48_gerrit_more_changes_with_a_result_model() -> None:
    """An array validated into a result model straight from its text still has its last item
    read for Gerrit's flag (the array lane leaves such a body to be decoded)."""
    from pydantic import BaseModel

    class Change(BaseModel):
        id: str

    body = json.dumps([{"id": "a"}, {"id": "b", "_more_changes": True}]).encode()
    env = _raw(body, "https://gerrit.example.test/changes/?n=2", result_model=list[Change])
    assert truncation_of(env) is TruncatedBy.UPSTREAM_FLAG


@pytest.mark.parametrize(
    ("url", "body", "expected"),
    [
        # Adyen's service error (https://docs.adyen.com/development-resources/response-handling)
        ("https://checkout-test.adyen.com/v71/payments",
         {"status": 422, "errorCode": "130", "message": "Reference Missing",
          "errorType": "validation"}, (FailureCode.UPSTREAM_ERROR, P)),
        ("https://checkout-test.adyen.com/v71/paymentMethods",
         {"status": 403, "errorCode": "901", "message": "Invalid Merchant Account",
          "errorType": "security", "pspReference": "8816178914079738"},
         (FailureCode.UPSTREAM_ERROR, P)),
        # A refused payment is the answer, not a failure to reach Adyen.
        ("https://checkout-test.adyen.com/v71/payments",
         {"pspReference": "8816178914079738", "resultCode": "Refused",
          "refusalReason": "Refused"}, None),
        # Phabricator's Conduit: error_code names a failed call, whatever result holds
        # (https://secure.phabricator.com/book/phabricator/article/conduit/).
        ("https://phab.example.test/api/conduit.getcapabilities",
         {"result": {"authentication": ["token"]}, "error_code": "ERR-CONDUIT-CORE",
          "error_info": "Something bad happened"}, (FailureCode.UPSTREAM_ERROR, P)),
        ("https://phab.example.test/api/conduit.getcapabilities",
         {"result": {"authentication": ["token"]}, "error_code": None, "error_info": None},
         None),
    ],
)  # fmt: skip
def test_round_48_errors_in_a_200(
    url: str, body: dict[str, Any], expected: tuple[FailureCode, FailureKind] | None
) -> None:
    assert_judged(judge(body, url=url, method="POST"), expected)


def test_round_48_a_graphql_timeout_answering_a_write_is_not_acknowledged() -> None:
    """New Relic's NerdGraph classes a timed-out query TIMEOUT
    (https://docs.newrelic.com/docs/apis/nerdgraph/get-started/introduction-new-relic-nerdgraph/):
    the upstream said so in the body it sent, so the POST carrying the query is not a write
    acknowledged with an unreadable answer."""
    body = {"errors": [{"message": "timed out", "extensions": {"errorClass": "TIMEOUT"}}]}
    env = judge(body, url="https://api.newrelic.com/graphql", method="POST")
    assert failure_of(env) == (FailureCode.TIMEOUT, T)
    # A write's 2xx whose body cannot be read is still acknowledged.
    raw = classify_parts(200, httpx.Headers({"content-type": "application/json"}), b"{not json",
                         url="https://api.example.test/v1/things", method="POST")  # fmt: skip
    assert raw.outcome is Outcome.SUCCESS


def test_round_48_a_batch_answered_with_a_status_per_event() -> None:
    """Honeycomb's batch events: one {"status": …} per event (https://docs.honeycomb.io/api/events/)."""
    url = "https://api.honeycomb.io/1/batch/my-dataset"
    some = judge([{"status": 202}, {"status": 400, "error": "Event has too many columns."}],
                 url=url, method="POST")  # fmt: skip
    assert truncation_of(some) is TruncatedBy.UPSTREAM_FLAG
    assert some.coverage is not None
    assert some.coverage.dropped == ("1: 400: Event has too many columns.",)
    every = judge([{"status": 429, "error": "rate limited"}], url=url, method="POST")
    assert failure_of(every) == (RATE_LIMITED, T)
    assert judge([{"status": 202}, {"status": 202}], url=url, method="POST").outcome is (
        Outcome.SUCCESS
    )
    # A read's list of records that carry a status is a listing, not a batch.
    assert judge([{"status": 400}], url=url).outcome is Outcome.SUCCESS


def test_round_48_paging_members() -> None:
    # Wise's seek paging (https://docs.wise.com/api-docs/api-reference/recipient)
    url = "https://api.transferwise.com/v2/accounts?size=2"
    more = {"content": [{"id": 1}, {"id": 2}], "seekPositionForCurrent": 1,
            "seekPositionForNext": 2, "size": 2}  # fmt: skip
    assert truncation_of(judge(more, url=url, items="content")) is TruncatedBy.NEXT_PAGE
    last = {"content": [{"id": 3}], "seekPositionForCurrent": 3, "size": 2}
    assert judge(last, url=url, items="content").outcome is Outcome.SUCCESS
    # Personio v2's _meta.links.next (https://developer.personio.de/reference), inferred
    personio = "https://api.personio.de/v2/persons"
    links = {"self": {"href": personio}, "next": {"href": f"{personio}?cursor=c2"}}
    env = judge({"_data": [{"id": "3003"}], "_meta": {"links": links}}, url=personio)
    assert truncation_of(env) is TruncatedBy.NEXT_PAGE
    alone = {"_data": [{"id": "3003"}], "_meta": {"links": {"self": {"href": personio}}}}
    assert judge(alone, url=personio).outcome is Outcome.SUCCESS
    # Eve's _meta.total (https://docs.python-eve.org/en/stable/features.html#pagination)
    eve = {"_items": [{"_id": "a"}], "_meta": {"page": 1, "max_results": 1, "total": 3}}
    assert truncation_of(judge(eve, url="https://eve.test/people")) is (
        TruncatedBy.TOTAL_EXCEEDS_RETURNED
    )
    # Datadog's metadata.page (https://docs.datadoghq.com/api/latest/service-level-objectives/)
    slo = "https://api.datadoghq.com/api/v1/slo?limit=2"
    page = {"data": [{"id": "a"}, {"id": "b"}], "errors": [],
            "metadata": {"page": {"total_count": 3, "total_filtered_count": 3}}}  # fmt: skip
    assert truncation_of(judge(page, url=slo)) is TruncatedBy.TOTAL_EXCEEDS_RETURNED
    page["metadata"] = {"page": {"total_count": 2, "total_filtered_count": 2}}
    assert judge(page, url=slo).outcome is Outcome.SUCCESS


def test_round_48_listings_found_when_inferring() -> None:
    # OpenWeather's cod and list (https://openweathermap.org/forecast5#JSON)
    owm = "https://api.openweathermap.org/data/2.5/find?q=Nowhereville&type=like"
    assert judge(
        {"cod": "200", "message": "accurate", "count": 0, "list": []}, url=owm
    ).outcome is (Outcome.EMPTY)
    forecast = {"cod": "200", "message": 0, "cnt": 2, "list": [{"dt": 1}, {"dt": 2}],
                "city": {"id": 1, "name": "x"}}  # fmt: skip
    env = judge(forecast, url="https://api.openweathermap.org/data/2.5/forecast?q=x")
    assert (env.outcome, env.coverage.returned if env.coverage else None) == (Outcome.SUCCESS, 2)
    # Zoho People v2's list beside its status word
    # (https://www.zoho.com/people/api/v2/leave-tracker/get-holidays.html)
    zoho = "https://people.zoho.com/api/v2/leavetracker/holidays?from=01-Jan-2026&to=31-Dec-2026"
    assert judge({"holidays": [], "status": "success"}, url=zoho).outcome is Outcome.EMPTY
    assert judge({"holidays": [{"Id": "1"}], "status": "success"}, url=zoho).outcome is (
        Outcome.SUCCESS
    )


@pytest.mark.parametrize(
    ("url", "method", "body", "expected"),
    [
        # Honeycomb's query result (https://docs.honeycomb.io/api/query-results/): created by
        # POST and read by GET, complete false until its data is there.
        ("https://api.honeycomb.io/1/query_results/my-dataset", "POST",
         {"query": {"calculations": [{"op": "COUNT"}]}, "complete": False, "id": "q1"},
         (FailureCode.UPSTREAM_ERROR, T)),
        ("https://api.honeycomb.io/1/query_results/my-dataset/q1", "GET",
         {"complete": False, "id": "q1"}, (FailureCode.UPSTREAM_ERROR, T)),
        ("https://api.honeycomb.io/1/query_results/my-dataset/q1", "GET",
         {"complete": True, "id": "q1", "data": {"results": [{"data": {"COUNT": 5}}]}}, None),
        # Mapbox's upload status (https://docs.mapbox.com/api/maps/uploads/#retrieve-upload-status)
        ("https://api.mapbox.com/uploads/v1/me/u1", "GET",
         {"complete": False, "progress": 0, "error": None, "id": "u1", "tileset": "me.t1"},
         (FailureCode.UPSTREAM_ERROR, T)),
        ("https://api.mapbox.com/uploads/v1/me/u1", "GET",
         {"complete": False, "progress": 0, "error": "Invalid GeoJSON", "id": "u1"},
         (FailureCode.UPSTREAM_ERROR, P)),
        ("https://api.mapbox.com/uploads/v1/me/u1", "GET",
         {"complete": True, "progress": 1, "error": None, "id": "u1"}, None),
        # EasyPost's reports (https://docs.easypost.com/docs/reports) and batches
        # (https://docs.easypost.com/docs/batches)
        ("https://api.easypost.com/v2/reports/shprep_1", "GET",
         {"object": "ShipmentReport", "id": "shprep_1", "status": "new", "url": None},
         (FailureCode.UPSTREAM_ERROR, T)),
        ("https://api.easypost.com/v2/reports/shprep_1", "GET",
         {"object": "ShipmentReport", "id": "shprep_1", "status": "failed", "url": None},
         (FailureCode.UPSTREAM_ERROR, P)),
        ("https://api.easypost.com/v2/reports/shprep_1", "GET",
         {"object": "ShipmentReport", "id": "shprep_1", "status": "available",
          "url": "https://easypost-files.test/r.csv"}, None),
        ("https://api.easypost.com/v2/batches/batch_1", "GET",
         {"object": "Batch", "id": "batch_1", "state": "label_generating", "label_url": None},
         (FailureCode.UPSTREAM_ERROR, T)),
        ("https://api.easypost.com/v2/batches/batch_1", "GET",
         {"object": "Batch", "id": "batch_1", "state": "purchase_failed"},
         (FailureCode.UPSTREAM_ERROR, P)),
        ("https://api.easypost.com/v2/batches/batch_1", "GET",
         {"object": "Batch", "id": "batch_1", "state": "label_generated",
          "label_url": "https://easypost-files.test/l.pdf"}, None),
        # Elsewhere the same members are a record's own.
        ("https://api.example.test/v1/courses/c1", "GET",
         {"id": "c1", "complete": False, "progress": 0.4}, None),
    ],
)  # fmt: skip
def test_round_48_jobs_read_before_they_are_done(
    url: str, method: str, body: dict[str, Any], expected: tuple[FailureCode, FailureKind] | None
) -> None:
    assert_judged(judge(body, url=url, method=method), expected)


def test_round_49_paging_members() -> None:
    # LinkedIn's Marketing API: metadata.nextPageToken
    # (https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads/cursor-based-pagination)
    url = "https://api.linkedin.com/rest/adAccounts?q=search&pageSize=1"
    more = {"metadata": {"nextPageToken": "DgFM1V9r6aU"}, "elements": [{"id": 514674276}]}
    env = judge(more, url=url)
    assert truncation_of(env) is TruncatedBy.NEXT_PAGE
    assert env.coverage is not None
    assert env.coverage.next_cursor == "DgFM1V9r6aU"
    assert judge({"metadata": {}, "elements": [{"id": 1}]}, url=url).outcome is Outcome.SUCCESS
    # Akamai Edge DNS: metadata {page, pageSize, totalElements}
    # (https://techdocs.akamai.com/edge-dns/reference/get-zones)
    akamai = "https://akab-x.luna.akamaiapis.net/config-dns/v2/zones?page=1&pageSize=2"
    first = {"metadata": {"page": 1, "pageSize": 2, "totalElements": 3},
             "zones": [{"zone": "a.example"}, {"zone": "b.example"}]}  # fmt: skip
    assert truncation_of(judge(first, url=akamai)) is TruncatedBy.TOTAL_EXCEEDS_RETURNED
    last = {"metadata": {"page": 2, "pageSize": 2, "totalElements": 3},
            "zones": [{"zone": "c.example"}]}  # fmt: skip
    assert judge(last, url=akamai.replace("page=1", "page=2")).outcome is Outcome.SUCCESS
    # Vercel's pagination {count, next, prev}, next a timestamp (https://vercel.com/docs/rest-api#pagination)
    vercel = "https://api.vercel.com/v4/domains/example.com/records"
    page = {"records": [{"id": "rec_1"}, {"id": "rec_2"}],
            "pagination": {"count": 2, "next": 1628539515285, "prev": 1628539520293}}  # fmt: skip
    env = judge(page, url=vercel)
    assert truncation_of(env) is TruncatedBy.NEXT_PAGE
    assert env.coverage is not None
    assert env.coverage.next_cursor == "1628539515285"
    page["pagination"] = {"count": 2, "next": None, "prev": 1628539520293}
    assert judge(page, url=vercel).outcome is Outcome.SUCCESS
    # Front: _results, _total, _pagination.next (https://dev.frontapp.com/docs/pagination)
    front = "https://api2.frontapp.com/conversations/search/is:open?limit=2"
    assert judge({"_results": [], "_total": 0}, url=front).outcome is Outcome.EMPTY
    following = {"next": "https://api2.frontapp.com/conversations?page_token=t"}
    search = {"_results": [{"id": "cnv_1"}, {"id": "cnv_2"}], "_total": 7,
              "_pagination": following}  # fmt: skip
    env = judge(search, url=front)
    assert truncation_of(env) is TruncatedBy.NEXT_PAGE
    assert env.coverage is not None
    assert env.coverage.total == 7


@pytest.mark.parametrize(
    ("url", "body", "expected"),
    [
        # Meta's Ads Insights limit of an ad account, code 80000, sent with a 400
        # (https://developers.facebook.com/docs/graph-api/overview/rate-limiting)
        ("https://graph.facebook.com/v21.0/act_1/insights",
         {"error": {"message": "(#80000) There have been too many calls from this ad-account.",
                    "type": "OAuthException", "code": 80000, "error_subcode": 2446079,
                    "fbtrace_id": "AbC"}},
         (RATE_LIMITED, T)),
        # Front's analytics export (https://dev.frontapp.com/reference/get-analytics-export)
        ("https://api2.frontapp.com/analytics/exports/exp_1",
         {"id": "exp_1", "status": "running", "progress": 20}, (FailureCode.UPSTREAM_ERROR, T)),
        ("https://api2.frontapp.com/analytics/exports/exp_1",
         {"id": "exp_1", "status": "failed", "progress": 20}, (FailureCode.UPSTREAM_ERROR, P)),
        ("https://api2.frontapp.com/analytics/exports/exp_1",
         {"id": "exp_1", "status": "done", "progress": 100, "url": "https://x.test/e.csv"}, None),
        # Jumio's Netverify retrieval (https://github.com/Jumio/implementation-guides/blob/master/netverify/netverify-retrieval-api.md)
        ("https://netverify.com/api/netverify/v2/scans/abc",
         {"scanReference": "abc", "transaction": {"status": "PENDING"}},
         (FailureCode.UPSTREAM_ERROR, T)),
        ("https://netverify.com/api/netverify/v2/scans/abc",
         {"scanReference": "abc", "transaction": {"status": "FAILED"}}, None),
        ("https://netverify.com/api/netverify/v2/scans/abc",
         {"scanReference": "abc", "transaction": {"status": "DONE"}}, None),
    ],
)  # fmt: skip
def test_round_49_answers(
    url: str, body: dict[str, Any], expected: tuple[FailureCode, FailureKind] | None
) -> None:
    status = 400 if "facebook" in url else 200
    assert_judged(judge(body, url=url, status=status), expected)


def test_round_49_a_body_declared_text_is_a_page_when_its_headers_name_the_next() -> None:
    """UniProt's TSV, FASTA and JSON-lines searches page by a Link header
    (https://www.uniprot.org/help/pagination); nothing in such a body is read for pages."""
    url = "https://rest.uniprot.org/uniprotkb/search?query=FUBP3&format=tsv&size=1"
    tsv = b"Entry\tGene Names\nQ96I24\tFUBP3\n"
    after = f"{url}&cursor=1mkycb2xwxbouw"
    headers = {"link": f'<{after}>; rel="next"', "x-total-results": "3"}
    for expect in ("text", "bytes"):
        env = classify_parts(
            200,
            httpx.Headers({"content-type": "text/plain;format=tsv", **headers}),
            tsv,
            url=url,
            expect=expect,
        )
        assert truncation_of(env) is TruncatedBy.NEXT_PAGE
        assert env.coverage is not None
        assert env.coverage.next_cursor == after
    last = classify_parts(200, httpx.Headers({"content-type": "text/plain;format=tsv"}), tsv,
                          url=f"{url}&cursor=x", expect="text")  # fmt: skip
    assert last.outcome is Outcome.SUCCESS
    lines = classify_parts(200, httpx.Headers({"content-type": "application/x-ndjson", **headers}),
                           b'{"a": 1}\n{"a": 2}\n', url=url)  # fmt: skip
    assert truncation_of(lines) is TruncatedBy.NEXT_PAGE


@pytest.mark.parametrize(
    ("url", "status", "body", "expected"),
    [
        # Azure AI Translator's document translation
        # (https://learn.microsoft.com/en-us/azure/ai-services/translator/document-translation/reference/get-translation-status)
        ("https://x.cognitiveservices.azure.com/translator/text/batch/v1.0/batches/b1", 200,
         {"id": "b1", "status": "NotStarted", "summary": {"total": 0}},
         (FailureCode.UPSTREAM_ERROR, T)),
        ("https://x.cognitiveservices.azure.com/translator/document/batches/b1", 200,
         {"id": "b1", "status": "ValidationFailed", "error": {"code": "InvalidRequest"}},
         (FailureCode.UPSTREAM_ERROR, P)),
        ("https://x.cognitiveservices.azure.com/translator/text/batch/v1.0/batches/b1", 200,
         {"id": "b1", "status": "Succeeded", "summary": {"total": 1, "success": 1}}, None),
        # Transifex's asynchronous jobs
        # (https://developers.transifex.com/reference/get_resource-async-merges-resource-async-merge-id)
        ("https://rest.api.transifex.com/resource_async_merges/m1", 200,
         {"data": {"type": "resource_async_merges", "id": "m1",
                   "attributes": {"status": "CREATED"}}}, (FailureCode.UPSTREAM_ERROR, T)),
        ("https://rest.api.transifex.com/resource_strings_async_uploads/u1", 200,
         {"data": {"type": "resource_strings_async_uploads", "id": "u1",
                   "attributes": {"status": "failed", "errors": [{"detail": "bad file"}]}}},
         (FailureCode.UPSTREAM_ERROR, P)),
        ("https://rest.api.transifex.com/resource_strings_async_uploads/u1", 200,
         {"data": {"type": "resource_strings_async_uploads", "id": "u1",
                   "attributes": {"status": "succeeded"}}}, None),
        # Smartcar's vehicle state errors (https://smartcar.com/docs/errors/v2.0/vehicle-state/)
        ("https://api.smartcar.com/v2.0/vehicles/v1/odometer", 409,
         {"type": "VEHICLE_STATE", "code": "ASLEEP", "statusCode": 409, "description":
          "The vehicle is in a sleep state and temporarily unable to perform your request."},
         (FailureCode.CONFLICT, T)),
    ],
)  # fmt: skip
def test_round_50_answers(
    url: str, status: int, body: dict[str, Any], expected: tuple[FailureCode, FailureKind] | None
) -> None:
    assert_judged(judge(body, url=url, status=status), expected)


def test_round_50_smartcar_batch_and_paging_members() -> None:
    # Smartcar's batch (https://smartcar.com/docs/api-reference/batch)
    url = "https://api.smartcar.com/v2.0/vehicles/v1/batch"
    fine = {"path": "/odometer", "code": 200, "body": {"distance": 32768}}
    said = {"error": "vehicle_state_error", "message": "Vehicle state cannot be determined."}
    refused = {"path": "/fuel", "code": 409, "body": said}
    some = judge({"responses": [fine, refused]}, url=url, method="POST")
    assert truncation_of(some) is TruncatedBy.UPSTREAM_FLAG
    assert judge({"responses": [fine]}, url=url, method="POST").outcome is Outcome.SUCCESS
    assert failure_of(judge({"responses": [refused]}, url=url, method="POST"))[0] is (
        FailureCode.CONFLICT
    )
    # Helius' paginationToken (https://www.helius.dev/docs/rpc/gettransactionsforaddress)
    result = {"data": [{"signature": "5wHu"}], "paginationToken": "next-token"}
    helius = {"jsonrpc": "2.0", "id": "1", "result": result}
    env = judge(helius, url="https://mainnet.helius-rpc.com/", method="POST", items="result.data")
    assert truncation_of(env) is TruncatedBy.NEXT_PAGE
    assert env.coverage is not None
    assert env.coverage.next_cursor == "next-token"
    # Bing's totalEstimatedMatches, an estimate
    # (https://learn.microsoft.com/en-us/bing/search-apis/bing-news-search/reference/response-objects)
    bing = {"_type": "News", "totalEstimatedMatches": 46,
            "value": [{"name": "a"}, {"name": "b"}]}  # fmt: skip
    env = judge(bing, url="https://api.bing.microsoft.com/v7.0/news/search?q=x")
    assert truncation_of(env) is TruncatedBy.TOTAL_EXCEEDS_RETURNED
    assert env.coverage is not None
    assert env.coverage.detail == "source reports about 46, 2 returned"  # an estimate, no total


def test_round_50_batches_and_answers_asking_again() -> None:
    # ZeroBounce's batch validation
    # (https://www.zerobounce.net/docs/email-validation-api-quickstart/v2-batch-validate-emails):
    # a write's answer naming what it did and, under errors, what it did not
    url = "https://api.zerobounce.net/v2/validatebatch"
    done = [{"address": "valid@example.com", "status": "valid"}]
    missing = {"error": "Missing email_batch key: email_address.", "email_address": "unknown"}
    some = judge({"email_batch": done, "errors": [missing]}, url=url, method="POST")
    assert truncation_of(some) is TruncatedBy.UPSTREAM_FLAG
    assert some.coverage is not None
    # (its words end "key: email_address.", which the exit scrub reads as a key's value)
    assert [d.split(":")[0] for d in some.coverage.dropped] == ["unknown"]
    spent = {"email_address": "all", "error": "Invalid API Key or your account ran out of credits"}
    none = judge({"email_batch": [], "errors": [spent]}, url=url, method="POST")
    assert failure_of(none) == (FailureCode.UPSTREAM_ERROR, P)
    fine = judge({"email_batch": done, "errors": []}, url=url, method="POST")
    assert fine.outcome is Outcome.SUCCESS
    # FullContact's 202 asking for the query again
    # (https://docs.fullcontact.com/docs/http-status-codes-api)
    words = "Queued for search. Please retry your query within about 2 minutes."
    queued = {"status": 202, "requestId": "r1", "message": words}
    env = judge(queued, status=202, url="https://api.fullcontact.com/v3/person.enrich",
                method="POST")  # fmt: skip
    assert failure_of(env) == (FailureCode.UPSTREAM_ERROR, T)
    # A 202 to a write that asks nothing is the write accepted.
    accepted = judge({"id": "job_1", "status": "queued"}, status=202, method="POST")
    assert accepted.outcome is Outcome.SUCCESS
    # People Data Labs' scroll_token (https://docs.peopledatalabs.com/docs/scroll-token)
    pdl = {"status": 200, "data": [{"id": "a"}], "total": 99, "scroll_token": "1117$12.3"}
    env = judge(pdl, url="https://api.peopledatalabs.com/v5/person/search", method="POST",
                items="data", total="total")  # fmt: skip
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert env.coverage.next_cursor == "1117$12.3"


def test_round_51_errors_beside_what_a_write_did() -> None:
    """Airtable's enterprise batches (https://airtable.com/developers/web/api/delete-users-by-email)."""
    url = "https://api.airtable.com/v0/meta/enterpriseAccounts/ent1/users?email=a%40x.test"
    refused = {"email": "bar@bam.com", "message": "Invalid permissions",
               "type": "INVALID_PERMISSIONS"}  # fmt: skip
    done = [{"email": "foo@bar.com", "id": "usr1"}]
    some = judge({"deletedUsers": done, "errors": [refused]}, url=url, method="DELETE")
    assert truncation_of(some) is TruncatedBy.UPSTREAM_FLAG
    assert some.coverage is not None
    assert some.coverage.dropped == ("bar@bam.com: Invalid permissions",)
    none = judge({"deletedUsers": [], "errors": [refused]}, url=url, method="DELETE")
    assert failure_of(none) == (FailureCode.UPSTREAM_ERROR, P)
    # A read's listing beside its own errors is left to the rules that read it.
    read = judge({"results": done, "errors": [refused]}, url="https://api.example.test/v1/users")
    assert (
        read.outcome is not Outcome.PARTIAL
        or read.coverage is None
        or (read.coverage.dropped != ("bar@bam.com: Invalid permissions",))
    )


def test_round_51_vulners_envelope() -> None:
    """Vulners' v3 envelope (https://vulners.com/docs/)."""
    url = "https://vulners.com/api/v3/search/lucene/"
    refused = {"result": "error", "data": {"error": "Api key scope violation", "errorCode": 158}}
    env = judge(refused, url=url, method="POST")
    assert failure_of(env) == (FailureCode.UPSTREAM_ERROR, P)
    assert env.failure is not None
    assert "Api key scope violation (158)" in env.failure.detail
    assert judge({"result": "OK", "data": {"search": [], "total": 0}}, url=url,
                 method="POST").outcome is Outcome.EMPTY  # fmt: skip
    hits = [{"_source": {"id": f"CVE-{n}"}} for n in range(3)]
    first = judge({"result": "OK", "data": {"search": hits, "total": 5}}, url=url, method="POST")
    assert truncation_of(first) is TruncatedBy.TOTAL_EXCEEDS_RETURNED


def test_round_51_web_search_apis_name_their_next_page() -> None:
    # Google's Custom Search (https://developers.google.com/custom-search/v1/reference/rest/v1/Search)
    url = "https://www.googleapis.com/customsearch/v1?q=lectures&cx=c&num=2&start=1"
    cse = {"kind": "customsearch#search",
           "queries": {"request": [{"startIndex": 1, "count": 2}],
                       "nextPage": [{"startIndex": 3, "count": 2}]},
           "items": [{"title": "a"}, {"title": "b"}]}  # fmt: skip
    env = judge(cse, url=url)
    assert truncation_of(env) is TruncatedBy.NEXT_PAGE
    assert env.coverage is not None
    assert env.coverage.next_cursor == "3"
    cse["queries"] = {"request": [{"startIndex": 1, "count": 2}]}
    assert judge(cse, url=url).outcome is Outcome.SUCCESS
    # Brave's Search (https://api-dashboard.search.brave.com/app/documentation/web-search/responses)
    brave = {"type": "search", "query": {"original": "python", "more_results_available": True},
             "web": {"type": "search", "results": [{"title": "a"}]}}  # fmt: skip
    url = "https://api.search.brave.com/res/v1/web/search?q=python"
    assert truncation_of(judge(brave, url=url, items="web.results")) is TruncatedBy.NEXT_PAGE
    brave["query"] = {"original": "python", "more_results_available": False}
    assert judge(brave, url=url, items="web.results").outcome is Outcome.SUCCESS


def test_round_52_paging_members() -> None:
    # UserVoice v1's response_data (https://developer.uservoice.com/docs/api/reference/)
    url = "https://acme.uservoice.com/api/v1/suggestions?per_page=2&page=1"
    first = {"response_data": {"page": 1, "per_page": 2, "total_records": 3},
             "suggestions": [{"id": 1}, {"id": 2}]}  # fmt: skip
    assert truncation_of(judge(first, url=url)) is TruncatedBy.TOTAL_EXCEEDS_RETURNED
    none = {"response_data": {"page": 1, "per_page": 2, "total_records": 0}, "suggestions": []}
    assert judge(none, url=url).outcome is Outcome.EMPTY
    # Modern Treasury's X-After-Cursor (https://docs.moderntreasury.com/platform/reference/pagination)
    mt = "https://app.moderntreasury.com/api/counterparties?per_page=2"
    env = judge([{"id": "c1"}, {"id": "c2"}], url=mt, headers={"X-After-Cursor": "Y3Vyc29yOjI"})
    assert truncation_of(env) is TruncatedBy.NEXT_PAGE
    assert env.coverage is not None
    assert env.coverage.next_cursor == "Y3Vyc29yOjI"
    assert judge([{"id": "c3"}], url=mt).outcome is Outcome.SUCCESS
    # CouchDB's changes feed: pending beside last_seq
    # (https://docs.couchdb.org/en/stable/api/database/changes.html)
    couch = "http://127.0.0.1:5984/db/_changes?limit=2"
    rows = [{"seq": "1-a", "id": "a", "changes": [{"rev": "1-x"}]},
            {"seq": "2-b", "id": "b", "changes": [{"rev": "1-y"}]}]  # fmt: skip
    env = judge({"results": rows, "last_seq": "2-b", "pending": 2}, url=couch)
    assert truncation_of(env) is TruncatedBy.NEXT_PAGE
    assert env.coverage is not None
    assert env.coverage.next_cursor == "2-b"
    assert judge({"results": rows, "last_seq": "2-b", "pending": 0}, url=couch).outcome is (
        Outcome.SUCCESS
    )


def test_round_52_ringcentral_multipart_batch() -> None:
    """RingCentral's batch: multipart/mixed, its first part a JSON summary of each part's
    status (https://developers.ringcentral.com/guide/basics/batch-requests)."""
    url = "https://platform.ringcentral.com/restapi/v1.0/account/~/extension/1,2/presence"
    headers = httpx.Headers({"content-type": "multipart/mixed; boundary=Boundary_1"})

    def batch(*statuses: int) -> bytes:
        summary = json.dumps({"response": [{"status": s} for s in statuses]})
        parts = [summary] + [json.dumps({"n": n}) for n in range(len(statuses))]
        body = "".join(f"--Boundary_1\r\nContent-Type: application/json\r\n\r\n{p}\r\n"
                       for p in parts)  # fmt: skip
        return (body + "--Boundary_1--\r\n").encode()

    whole = classify_parts(207, headers, batch(200, 200), url=url)
    assert whole.outcome is Outcome.SUCCESS
    assert whole.coverage is not None
    assert whole.coverage.returned == 2
    some = classify_parts(207, headers, batch(200, 404), url=url)
    assert truncation_of(some) is TruncatedBy.UPSTREAM_FLAG
    assert some.coverage is not None
    assert some.coverage.dropped == ("part 1: 404",)
    every = classify_parts(207, headers, batch(404, 404), url=url)
    assert failure_of(every)[0] is FailureCode.NOT_FOUND
    # A first part that is no such summary leaves the body to the status lines (none here).
    plain = b"--Boundary_1\r\nContent-Type: application/json\r\n\r\n{}\r\n--Boundary_1--\r\n"
    assert classify_parts(207, headers, plain, url=url).outcome is Outcome.ACCESS_FAILURE


def test_round_53_grpc_web_status_in_the_headers_of_a_200() -> None:
    """gRPC-Web's trailers-only answer: grpc-status and grpc-message as headers
    (https://github.com/grpc/grpc/blob/master/doc/PROTOCOL-WEB.md)."""
    url = "https://argocd.example.com/application.ApplicationService/ManagedResources"

    def answer(status: str, message: str = "") -> Envelope[Any]:
        headers = {"content-type": "application/grpc-web+proto", "grpc-status": status}
        if message:
            headers["grpc-message"] = message
        return classify_parts(200, httpx.Headers(headers), b"", url=url, method="POST")

    denied = answer("7", "permission denied")
    assert failure_of(denied) == (FailureCode.FORBIDDEN, P)
    assert denied.failure is not None
    assert denied.failure.detail.endswith("grpc-status 7 PERMISSION_DENIED: permission denied")
    assert failure_of(answer("14")) == (FailureCode.SERVER_ERROR, T)  # UNAVAILABLE
    assert answer("0").outcome is Outcome.SUCCESS  # OK: the write acknowledged
    assert failure_of(answer("99"))[0] is FailureCode.UPSTREAM_ERROR


def test_round_53_the_one_connection_of_an_answer_a_level_down() -> None:
    """Linear's {viewer, team {labels {nodes, pageInfo}}}
    (https://developers.linear.app/docs/graphql/working-with-the-graphql-api/pagination)."""
    url = "https://api.linear.app/graphql"
    labels = {"nodes": [{"id": "l1"}],
              "pageInfo": {"hasNextPage": True, "endCursor": "c1"}}  # fmt: skip
    body = {"data": {"viewer": {"id": "v"}, "team": {"id": "t", "labels": labels}}}
    env = judge(body, url=url, method="POST")
    assert truncation_of(env) is TruncatedBy.NEXT_PAGE
    assert env.coverage is not None
    assert env.coverage.next_cursor == "c1"
    # Two connections a level down name no one listing: the answer is read as one record.
    two = {"data": {"a": {"x": labels}, "b": {"y": labels}}}
    assert judge(two, url=url, method="POST").outcome is Outcome.SUCCESS


def test_round_53_listings_found_when_inferring() -> None:
    # Spoonacular's total<List> (https://spoonacular.com/food-api/docs)
    url = "https://api.spoonacular.com/food/menuItems/search?query=burger&number=2&offset=0"
    body = {"menuItems": [{"id": 1}, {"id": 2}], "totalMenuItems": 6749, "type": "menuItem",
            "offset": 0, "number": 2}  # fmt: skip
    env = judge(body, url=url)
    assert truncation_of(env) is TruncatedBy.TOTAL_EXCEEDS_RETURNED
    assert env.coverage is not None
    assert env.coverage.total == 6749
    # Yelp's business search (https://docs.developer.yelp.com/reference/v3_business_search)
    yelp = "https://api.yelp.com/v3/businesses/search?location=San%20Francisco&limit=2"
    page = {"businesses": [{"id": "a"}, {"id": "b"}], "total": 51883,
            "region": {"center": {"latitude": 37.7, "longitude": -122.4}}}  # fmt: skip
    env = judge(page, url=yelp)
    assert truncation_of(env) is TruncatedBy.TOTAL_EXCEEDS_RETURNED
    assert env.coverage is not None
    assert env.coverage.total == 51883
    assert judge({"businesses": [], "total": 0, "region": {}}, url=yelp).outcome is Outcome.EMPTY


def test_round_54_unifi_meta_rc_error_in_a_200() -> None:
    """UniFi Network's {"meta": {"rc": "error", "msg": "api.err.…"}, "data": []}
    (https://ubntwiki.com/products/software/unifi-controller/api)."""
    url = "https://unifi.example.test:8443/api/s/default/stat/sta"
    login = {"meta": {"rc": "error", "msg": "api.err.LoginRequired"}, "data": []}
    assert failure_of(judge(login, url=url)) == (FailureCode.UNAUTHORIZED, P)
    no_right = {"meta": {"rc": "error", "msg": "api.err.NoPermission"}}
    assert failure_of(judge(no_right, url=url)) == (FailureCode.FORBIDDEN, P)
    other = {"meta": {"rc": "error", "msg": "api.err.UnknownDevice"}, "data": []}
    assert failure_of(judge(other, url=url)) == (FailureCode.UPSTREAM_ERROR, P)
    assert judge({"meta": {"rc": "ok"}, "data": []}, url=url).outcome is Outcome.EMPTY
    assert judge({"meta": {"rc": "ok"}, "data": [{"mac": "m"}]}, url=url).outcome is Outcome.SUCCESS


def test_round_54_mist_inventory_changes() -> None:
    """Juniper Mist's {"op", "success": [...], "error": [...], "reason": [...]} (its OpenAPI
    description's OrgInventoryChanges)."""
    url = "https://api.mist.com/api/v1/orgs/o1/inventory"
    some = {
        "op": "upgrade_to_mist",
        "success": ["c1"],
        "error": ["5c"],
        "reason": ["already managed"],
    }
    env = judge(some, url=url, method="PUT")
    assert truncation_of(env) is TruncatedBy.UPSTREAM_FLAG
    assert env.coverage is not None
    assert env.coverage.dropped == ("5c: already managed",)
    every = {**some, "success": []}
    assert failure_of(judge(every, url=url, method="PUT")) == (FailureCode.UPSTREAM_ERROR, P)
    done = {**some, "error": [], "reason": []}
    assert judge(done, url=url, method="PUT").outcome is Outcome.SUCCESS
    # Another member beside them: not Mist's answer, read as a record.
    assert judge({**some, "id": "x"}, url=url, method="PUT").outcome is Outcome.SUCCESS


def test_round_54_mediawiki_errors_with_errorformat() -> None:
    """MediaWiki's errors with errorformat set (formatversion 2) and the codes that say more than
    "refused" (https://www.mediawiki.org/wiki/API:Errors_and_warnings,
    https://www.mediawiki.org/wiki/Manual:Maxlag_parameter)."""
    url = "https://www.mediawiki.org/w/api.php?action=query&format=json&formatversion=2"

    def errors(code: str) -> dict[str, Any]:
        error = {"code": code, "text": "words", "module": "main"}
        return {"errors": [error], "docref": "See api.php", "servedby": "mw1225"}

    lagged = judge(errors("maxlag"), url=url, headers={"retry-after": "5"})
    assert failure_of(lagged) == (FailureCode.SERVER_ERROR, T)
    assert lagged.failure is not None
    assert lagged.failure.retry_after_s == 5
    assert lagged.failure.detail == "mediawiki: maxlag: words"
    assert failure_of(judge(errors("ratelimited"), url=url)) == (RATE_LIMITED, T)
    assert failure_of(judge(errors("permissiondenied"), url=url)) == (FailureCode.FORBIDDEN, P)
    assert failure_of(judge(errors("badtoken"), url=url)) == (FailureCode.UNAUTHORIZED, P)
    internal = errors("internal_api_error_DBQueryError")
    assert failure_of(judge(internal, url=url)) == (FailureCode.SERVER_ERROR, T)
    assert failure_of(judge(errors("something-new"), url=url)) == (FailureCode.UPSTREAM_ERROR, P)
    # The default format, {"error": {"code", "info"}}, by the same codes.
    legacy = {
        "error": {"code": "readonly", "info": "The wiki is in read-only mode"},
        "servedby": "x",
    }
    assert failure_of(judge(legacy, url=url)) == (FailureCode.SERVER_ERROR, T)
    # Warnings beside an answer are no failure.
    answer = {"warnings": [{"code": "deprecation"}], "query": {"pages": [{"title": "T"}]}}
    assert judge(answer, url=url).outcome is not Outcome.ACCESS_FAILURE


def test_round_54_catalyst_center_tasks() -> None:
    """Cisco Catalyst Center's asynchronous tasks
    (https://developer.cisco.com/docs/catalyst-center/asynchronous-api/)."""
    task = "https://dnac.example.test/dna/intent/api/v1/task/0191"
    running = {"startTime": 1, "progress": "Starting Distribution", "isError": False, "id": "0191"}
    env = judge({"response": running, "version": "1.0"}, url=task)
    assert failure_of(env) == (FailureCode.UPSTREAM_ERROR, T)
    failed = {**running, "endTime": 2, "isError": True, "failureReason": "image missing"}
    env = judge({"response": failed, "version": "1.0"}, url=task)
    assert failure_of(env) == (FailureCode.UPSTREAM_ERROR, P)
    assert env.failure is not None
    assert "image missing" in env.failure.detail
    done = {**running, "endTime": 2, "progress": "done"}
    assert judge({"response": done, "version": "1.0"}, url=task).outcome is Outcome.SUCCESS
    tasks = "https://dnac.example.test/dna/intent/api/v1/tasks/0199"
    statuses = (
        ("PENDING", (FailureCode.UPSTREAM_ERROR, T)),
        ("FAILURE", (FailureCode.UPSTREAM_ERROR, P)),
        ("SUCCESS", None),
    )
    for status, expected in statuses:
        body = {"response": {"status": status, "startTime": 1, "id": "0199"}, "version": "1.0"}
        assert_judged(judge(body, url=tasks), expected)
    backup = "https://dnac.example.test/dna/system/api/v1/backupRestoreExecutions/4aa1"
    body = {"response": {"status": "IN_PROGRESS", "jobType": "CREATE_BACKUP"}, "version": "2.0"}
    assert failure_of(judge(body, url=backup)) == (FailureCode.UPSTREAM_ERROR, T)
    # A record's own isError elsewhere is not a task's.
    other = "https://dnac.example.test/dna/intent/api/v1/network-device/d1"
    assert judge({"response": failed, "version": "1.0"}, url=other).outcome is Outcome.SUCCESS


def test_round_54_catalyst_center_listing_when_inferring() -> None:
    url = "https://dnac.example.test/dna/intent/api/v1/image/importation?name=x.bin"
    assert judge({"response": [], "version": "1.0"}, url=url).outcome is Outcome.EMPTY
    env = judge({"response": [{"id": 1}, {"id": 2}], "version": "1.0"}, url=url)
    assert env.outcome is Outcome.SUCCESS
    assert env.coverage is not None
    assert env.coverage.returned == 2


def test_round_54_meraki_400s_that_ask_to_be_retried() -> None:
    """Meraki's 400s its library retries (meraki/dashboard-api-python, meraki/session/base.py)."""
    url = "https://api.meraki.com/api/v1/networks/N_1"
    delete = {
        "errors": ["This may be due to concurrent requests to delete networks. Please retry."]
    }
    env = judge(delete, status=400, url=url, method="DELETE")
    assert failure_of(env) == (FailureCode.CONFLICT, T)
    batches = {"errors": ["Too many concurrently executing batches. Maximum is 5 confirmed but "
                          "not yet executed batches."]}  # fmt: skip
    assert failure_of(judge(batches, status=400, url=url, method="POST")) == (
        FailureCode.CONFLICT,
        T,
    )
    refused = judge({"errors": ["Invalid device type"]}, status=400, url=url, method="POST")
    assert failure_of(refused) == (FailureCode.BAD_REQUEST, P)
    assert refused.failure is not None
    assert refused.failure.detail.endswith("Invalid device type")  # a list of words is read


def test_round_54_mixpanel_ingestion_answered_0() -> None:
    """Mixpanel's /track answers 1 when the data was taken, 0 when not
    (https://developer.mixpanel.com/reference/track-event)."""
    url = "https://api.mixpanel.com/track"
    headers = httpx.Headers({"content-type": "text/plain"})
    refused = classify_parts(200, headers, b"0", url=url, method="POST")
    assert failure_of(refused) == (FailureCode.BAD_REQUEST, P)
    assert classify_parts(200, headers, b"1", url=url, method="POST").outcome is Outcome.SUCCESS
    # A 0 from anywhere else is its answer.
    elsewhere = classify_parts(200, headers, b"0", url="https://api.example.test/count")
    assert elsewhere.outcome is Outcome.SUCCESS


_NETSUITE = "https://webservices.netsuite.com/services/NetSuitePort_2014_1"
_SOAP_ENV = '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/">'


def _write_response(success: bool, code: str = "", message: str = "") -> str:
    detail = (
        f"<c:statusDetail><c:code>{code}</c:code><c:message>{message}</c:message></c:statusDetail>"
        if code
        else ""
    )
    status = f'<c:status xmlns:c="urn:core" isSuccess="{str(success).lower()}">{detail}</c:status>'
    return f"<writeResponse>{status}</writeResponse>"


def _soap(body: str) -> bytes:
    return f"{_SOAP_ENV}<soapenv:Body>{body}</soapenv:Body></soapenv:Envelope>".encode()


def test_round_54_netsuite_write_statuses() -> None:
    """NetSuite's SuiteTalk: each record's status isSuccess, and its statusDetail when refused
    (https://docs.oracle.com/en/cloud/saas/netsuite/ns-online-help/section_N3536574.html)."""
    headers = httpx.Headers({"content-type": "text/xml; charset=utf-8"})
    ok, refused = _write_response(True), _write_response(False, "USER_ERROR", "Enter Item")
    some = _soap(f"<deleteListResponse><writeResponseList>{ok}{refused}</writeResponseList>"
                 "</deleteListResponse>")  # fmt: skip
    env = classify_parts(200, headers, some, url=_NETSUITE, method="POST")
    assert truncation_of(env) is TruncatedBy.UPSTREAM_FLAG
    assert env.coverage is not None
    assert env.coverage.dropped == ("USER_ERROR: Enter Item",)
    every = _soap(f"<upsertListResponse><writeResponseList>{refused}</writeResponseList>"
                  "</upsertListResponse>")  # fmt: skip
    env = classify_parts(200, headers, every, url=_NETSUITE, method="POST")
    assert failure_of(env) == (FailureCode.UPSTREAM_ERROR, P)
    denied = _soap(f"<updateResponse>{_write_response(False, 'INSUFFICIENT_PERMISSION')}"
                   "</updateResponse>")  # fmt: skip
    env = classify_parts(200, headers, denied, url=_NETSUITE, method="POST")
    assert failure_of(env) == (FailureCode.FORBIDDEN, P)
    # Every record done: the write acknowledged, as any 2xx XML answer to a write is.
    done = _soap(f"<addResponse>{ok}</addResponse>")
    assert (
        classify_parts(200, headers, done, url=_NETSUITE, method="POST").outcome is Outcome.SUCCESS
    )


@pytest.mark.parametrize(
    ("fault", "status", "expected"),
    [
        # SOAP 1.1's classes (https://www.w3.org/TR/2000/NOTE-SOAP-20000508/#_Toc478383510)
        ("<faultcode>soap:Client</faultcode><faultstring>bad</faultstring>", 500,
         (FailureCode.BAD_REQUEST, P)),
        ("<faultcode>soap:Server</faultcode><faultstring>down</faultstring>", 500,
         (FailureCode.SERVER_ERROR, T)),
        # VIES's words (https://ec.europa.eu/taxation_customs/vies/checkVatService.wsdl)
        ("<faultcode>env:Server</faultcode><faultstring>INVALID_INPUT</faultstring>", 500,
         (FailureCode.BAD_REQUEST, P)),
        ("<faultcode>env:Server</faultcode><faultstring>MS_MAX_CONCURRENT_REQ</faultstring>", 500,
         (RATE_LIMITED, T)),
        # NetSuite's fault names (https://docs.oracle.com/en/cloud/saas/netsuite/ns-online-help/section_N3539420.html)
        ("<faultcode>soapenv:Server.userException</faultcode><faultstring>x</faultstring>"
         "<detail><f:invalidCredentialsFault xmlns:f='urn:faults'><f:code>INVALID_LOGIN_CREDENTIALS"
         "</f:code></f:invalidCredentialsFault></detail>", 500, (FailureCode.UNAUTHORIZED, P)),
        ("<faultcode>soapenv:Server.userException</faultcode><faultstring>x</faultstring>"
         "<detail><f:exceededRequestLimitFault xmlns:f='urn:faults'/></detail>", 500,
         (RATE_LIMITED, T)),
        # In a 200 all the same
        ("<faultcode>soap:Client</faultcode><faultstring>bad</faultstring>", 200,
         (FailureCode.BAD_REQUEST, P)),
    ],
)  # fmt: skip
def test_round_54_soap_faults(
    fault: str, status: int, expected: tuple[FailureCode, FailureKind]
) -> None:
    headers = httpx.Headers({"content-type": "text/xml; charset=utf-8"})
    body = _soap(f"<soapenv:Fault>{fault}</soapenv:Fault>")
    env = classify_parts(status, headers, body, url=_NETSUITE, method="POST")
    assert failure_of(env) == expected


def test_round_54_soap_1_2_fault_and_what_is_not_one() -> None:
    headers = httpx.Headers({"content-type": "application/soap+xml"})
    body = (b'<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"><s:Body><s:Fault>'
            b"<s:Code><s:Value>s:Receiver</s:Value></s:Code><s:Reason><s:Text>busy</s:Text>"
            b"</s:Reason></s:Fault></s:Body></s:Envelope>")  # fmt: skip
    env = classify_parts(500, headers, body, url="https://soap.example.test/svc", method="POST")
    assert failure_of(env) == (FailureCode.SERVER_ERROR, T)
    assert env.failure is not None
    assert env.failure.detail.endswith("SOAP fault s:Receiver: busy")
    # A 500 whose page merely says "Fault", and a fault with a DOCTYPE, go by the status.
    html = httpx.Headers({"content-type": "text/html"})
    page = classify_parts(500, html, b"<html>Fault</html>", url="https://soap.example.test/svc")
    assert failure_of(page) == (FailureCode.SERVER_ERROR, T)
    doctype = b"<!DOCTYPE x>" + body
    env = classify_parts(500, headers, doctype, url="https://soap.example.test/svc", method="POST")
    assert failure_of(env) == (FailureCode.SERVER_ERROR, T)
    assert env.failure is not None
    assert "SOAP" not in env.failure.detail


_ATOM = '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:os="http://a9.com/-/spec/opensearch/1.1/">'


def _feed(inner: str, *, feed_id: str = "https://arxiv.org/api/x") -> bytes:
    return f'<?xml version="1.0"?>{_ATOM}<id>{feed_id}</id>{inner}</feed>'.encode()


def _entries(n: int) -> str:
    return "".join(f"<entry><id>e{i}</id><title>t{i}</title></entry>" for i in range(n))


def test_round_55_atom_feeds_and_opensearch_counts() -> None:
    """Atom paged by RFC 5005 (https://www.rfc-editor.org/rfc/rfc5005), OpenSearch's counts
    beside the entries, and arXiv's error feed (https://info.arxiv.org/help/api/user-manual.html)."""
    atom = httpx.Headers({"content-type": "application/atom+xml"})
    url = "https://export.arxiv.org/api/query?search_query=all:testing&start=0&max_results=2"

    def counted(start: int, total: int, n: int, **kw: str) -> bytes:
        return _feed(f"<os:totalResults>{total}</os:totalResults>"
                     f"<os:startIndex>{start}</os:startIndex>{_entries(n)}", **kw)  # fmt: skip

    first = classify_parts(200, atom, counted(0, 5, 2), url=url)
    assert truncation_of(first) is TruncatedBy.NEXT_PAGE
    assert first.coverage is not None
    assert first.coverage.next_cursor == "2"
    assert classify_parts(200, atom, counted(3, 5, 2), url=url).outcome is Outcome.SUCCESS
    assert classify_parts(200, atom, counted(0, 0, 0), url=url).outcome is Outcome.EMPTY
    # OpenSearch counts from 1 where the feed is not arXiv's: 4 and 5 of 5 are the last.
    other = "https://search.example.test/feed"
    last = counted(4, 5, 2, feed_id="urn:x")
    assert classify_parts(200, atom, last, url=other).outcome is Outcome.SUCCESS
    short = counted(3, 5, 2, feed_id="urn:x")  # 3 and 4 of 5
    assert truncation_of(classify_parts(200, atom, short, url=other)) is TruncatedBy.NEXT_PAGE
    # RFC 5005's next link.
    linked = _feed('<link rel="next" href="https://feeds.example.test/p2"/>' + _entries(2))
    env = classify_parts(200, atom, linked, url=other)
    assert env.coverage is not None
    assert env.coverage.next_cursor == "https://feeds.example.test/p2"
    # arXiv's error: one entry titled Error under /api/errors.
    error = _feed(
        "<entry><id>http://arxiv.org/api/errors#incorrect_id_format_for_1234</id>"
        "<title>Error</title><summary>incorrect id format for 1234</summary></entry>"
    )
    env = classify_parts(200, atom, error, url=url)
    assert failure_of(env) == (FailureCode.BAD_REQUEST, P)
    assert env.failure is not None
    assert env.failure.detail == "arxiv: incorrect id format for 1234"


def test_round_55_xml_declared_by_itself_when_no_media_type_is_sent() -> None:
    headers = httpx.Headers({})
    url = "https://export.arxiv.org/api/query?search_query=all:x&start=0&max_results=2"
    body = _feed(
        "<os:totalResults>9</os:totalResults><os:startIndex>0</os:startIndex>" + _entries(2)
    )
    assert truncation_of(classify_parts(200, headers, body, url=url)) is TruncatedBy.NEXT_PAGE
    # Markup without an XML declaration and no media type stays not JSON.
    plain = classify_parts(200, headers, b"<html><body>hi</body></html>", url=url)
    assert failure_of(plain) == (FailureCode.INVALID_BODY, P)


def test_round_55_apify_request_queue_batch() -> None:
    """Apify's batch add (https://docs.apify.com/api/v2/request-queue-requests-batch-post)."""
    url = "https://api.apify.com/v2/request-queues/q1/requests/batch"
    done = [{"requestId": "r1", "uniqueKey": "http://example.com", "wasAlreadyPresent": True}]
    left = [{"uniqueKey": "http://example.com/2", "url": "http://example.com/2", "method": "GET"}]
    body = {"data": {"processedRequests": done, "unprocessedRequests": left}}
    env = judge(body, status=201, url=url, method="POST")
    assert truncation_of(env) is TruncatedBy.UPSTREAM_FLAG
    assert env.coverage is not None
    assert env.coverage.dropped == ("unprocessedRequests.0: http://example.com/2",)
    none_done = {"data": {"processedRequests": [], "unprocessedRequests": left}}
    env = judge(none_done, status=201, url=url, method="POST")
    assert failure_of(env) == (FailureCode.SERVER_ERROR, T)
    all_done = {"data": {"processedRequests": done, "unprocessedRequests": []}}
    assert judge(all_done, status=201, url=url, method="POST").outcome is Outcome.SUCCESS


def test_round_55_a_total_summed_from_its_entries_is_theirs_not_the_lists() -> None:
    """MLB's schedule (https://statsapi.mlb.com/docs/): totalItems sums each date's own."""
    url = "https://statsapi.mlb.com/api/v1/schedule?date=04/07/2022&sportId=1"
    one_date = {"totalItems": 9, "dates": [{"date": "2022-04-07", "totalItems": 9, "games": []}]}
    assert judge(one_date, url=url, items="dates").outcome is Outcome.SUCCESS
    # A sum that does not match is a total of the list: 1 of 9 came back.
    short = {"totalItems": 9, "dates": [{"date": "2022-04-07", "totalItems": 4, "games": []}]}
    env = judge(short, url=url, items="dates")
    assert truncation_of(env) is TruncatedBy.TOTAL_EXCEEDS_RETURNED
    # An entry's own total (an invoice's amount) is never read so.
    invoices = {"total": 100, "offset": 0, "invoices": [{"id": "i1", "total": 100}]}
    env = judge(invoices, url="https://api.example.test/v1/invoices", items="invoices")
    assert truncation_of(env) is TruncatedBy.TOTAL_EXCEEDS_RETURNED


def test_round_55_ergast_pages_by_rows_with_declared_items() -> None:
    """Ergast's total counts result rows, not races
    (https://github.com/jolpica/jolpica-f1/blob/main/docs/README.md)."""
    url = "https://api.jolpi.ca/ergast/f1/2023/1/pitstops.json?offset=30"
    races = [{"round": "1", "PitStops": [{"lap": "1"}] * 20}]
    last = {"MRData": {"series": "f1", "limit": "30", "offset": "30", "total": "50",
                       "RaceTable": {"season": "2023", "Races": races}}}  # fmt: skip
    assert judge(last, url=url, items="MRData.RaceTable.Races").outcome is Outcome.SUCCESS
    first = {"MRData": {**last["MRData"], "offset": "0"}}
    env = judge(first, url=url, items="MRData.RaceTable.Races")
    assert truncation_of(env) is TruncatedBy.NEXT_PAGE
    assert env.coverage is not None
    assert env.coverage.next_cursor == "30"
