"""Every scenario in fixtures/ classifies to exactly what its file expects."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from tool_outcomes.classify import classify_http
from tool_outcomes.envelope import Envelope, FailureCode, Outcome

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
EXPECT_KEYS = (
    "outcome",
    "code",
    "kind",
    "returned",
    "total",
    "next_cursor",
    "truncated_by",
    "retry_after_s",
)
# Codes no HTTP scenario can produce: a breaker refusal and the adapter's own byte cap.
CODES_NOT_FROM_FIXTURES = {FailureCode.CIRCUIT_OPEN, FailureCode.TOO_LARGE}


def load_scenarios() -> list[dict[str, Any]]:
    """Every fixture file, parsed, in name order."""
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(FIXTURES.glob("*.json"))]


def build_request(spec: dict[str, Any]) -> httpx.Request:
    """The request a scenario describes."""
    return httpx.Request(spec["request"]["method"], spec["request"]["url"])


def build_body(response: dict[str, Any]) -> bytes:
    """The body bytes of a scenario's response (json, text, base64, or none)."""
    if "json" in response:
        return json.dumps(response["json"]).encode()
    if "text" in response:
        return str(response["text"]).encode()
    if "base64" in response:
        return base64.b64decode(response["base64"])
    return b""


def build_exception(name: str, request: httpx.Request) -> BaseException:
    """The httpx exception a scenario raises, with the request attached when it takes one."""
    cls = getattr(httpx, name)
    message = f"{name} (fixture)"
    try:
        exc: BaseException = cls(message, request=request)
    except TypeError:
        exc = cls(message)
    return exc


def run_scenario(spec: dict[str, Any]) -> Envelope[Any]:
    """Send the scenario through a mock transport and classify what comes back."""
    request = build_request(spec)
    options = spec.get("classify", {})

    def handler(req: httpx.Request) -> httpx.Response:
        if "exception" in spec:
            raise build_exception(spec["exception"], req)
        response = spec["response"]
        return httpx.Response(
            response["status"], headers=response["headers"], content=build_body(response)
        )

    with httpx.Client(transport=httpx.MockTransport(handler), follow_redirects=False) as client:
        try:
            result: httpx.Response | BaseException = client.send(request)
        except Exception as exc:  # InvalidURL and CookieConflict are not HTTPError subclasses
            result = exc
    return classify_http(result, tool=spec["name"], **options)


def observed(env: Envelope[Any]) -> dict[str, Any]:
    """The eight expect keys, read off an envelope."""
    failure, coverage = env.failure, env.coverage
    return {
        "outcome": env.outcome.value,
        "code": failure.code.value if failure else None,
        "kind": failure.kind.value if failure else None,
        "returned": coverage.returned if coverage else None,
        "total": coverage.total if coverage else None,
        "next_cursor": coverage.next_cursor if coverage else None,
        "truncated_by": coverage.truncated_by.value if coverage and coverage.truncated_by else None,
        "retry_after_s": failure.retry_after_s if failure else None,
    }


SCENARIOS = load_scenarios()


@pytest.mark.parametrize("spec", SCENARIOS, ids=[s["name"] for s in SCENARIOS])
def test_scenario_classifies_as_expected(spec: dict[str, Any]) -> None:
    """Each scenario's envelope matches every key of its expect block, nulls included."""
    env = run_scenario(spec)
    assert observed(env) == spec["expect"], spec["description"]
    assert env.tool == spec["name"]


@pytest.mark.parametrize("spec", SCENARIOS, ids=[s["name"] for s in SCENARIOS])
def test_scenario_file_follows_the_schema(spec: dict[str, Any]) -> None:
    """Each file has the documented keys, one transport form, one body form, all eight expects."""
    assert set(spec) <= {
        "name",
        "description",
        "request",
        "response",
        "exception",
        "classify",
        "naive_reading",
        "expect",
    }
    assert ("response" in spec) != ("exception" in spec)
    assert tuple(spec["expect"]) == EXPECT_KEYS
    assert ".example.test" in spec["request"]["url"] or "example.test" in spec["request"]["url"]
    assert isinstance(spec["naive_reading"], str)
    assert spec["description"].endswith(".")
    if "response" in spec:
        assert len({"json", "text", "base64"} & set(spec["response"])) <= 1
        assert set(spec["response"]) <= {"status", "headers", "json", "text", "base64"}
    else:
        assert isinstance(getattr(httpx, spec["exception"]), type)
    assert set(spec.get("classify", {})) <= {"items", "total", "not_found"}


def test_catalogue_has_enough_unique_scenarios_named_after_their_files() -> None:
    """At least 45 scenarios, each name unique and equal to its file's stem."""
    stems = sorted(p.stem for p in FIXTURES.glob("*.json"))
    names = sorted(s["name"] for s in SCENARIOS)
    assert len(SCENARIOS) >= 45
    assert names == stems
    assert len(set(names)) == len(names)


def test_catalogue_spans_every_outcome_and_failure_code() -> None:
    """Every outcome and every failure code an HTTP exchange can produce appears."""
    outcomes = {s["expect"]["outcome"] for s in SCENARIOS}
    codes = {s["expect"]["code"] for s in SCENARIOS} - {None}
    assert outcomes == {o.value for o in Outcome}
    assert codes == {c.value for c in FailureCode} - {c.value for c in CODES_NOT_FROM_FIXTURES}


def test_required_scenario_names_exist() -> None:
    """The names other code mounts by are all present."""
    required = {
        "ok",
        "empty",
        "lying_html_200",
        "slack_ok_false",
        "graphql_partial",
        "es_timed_out",
        "rate_limited",
        "outage_503",
        "timeout",
        "refused",
        "not_found_lookup",
        "expired_token_401",
        "truncated_page_total",
    }
    assert required <= {s["name"] for s in SCENARIOS}
