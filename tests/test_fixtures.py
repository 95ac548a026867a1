"""Every scenario in fixtures/ classifies to exactly what its file expects."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from tool_outcomes import Envelope, FailureCode, Outcome, classify_http
from tool_outcomes.workbook.catalogue import EXPECT_KEYS, load_fixture_scenarios
from tool_outcomes.workbook.scenarios import fetch

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
# Codes no HTTP scenario can produce: a breaker refusal, the adapter's own byte cap, and
# arguments the tool itself refused.
CODES_NOT_FROM_FIXTURES = {
    FailureCode.CIRCUIT_OPEN,
    FailureCode.TOO_LARGE,
    FailureCode.INVALID_ARGUMENTS,
}


def load_scenarios() -> list[dict[str, Any]]:
    """Every fixture file, parsed, in name order."""
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(FIXTURES.glob("*.json"))]


def run_scenario(spec: dict[str, Any]) -> Envelope[Any]:
    """Serve the scenario from the workbook's mocked upstreams and classify what comes back."""
    scenario = CATALOGUE[spec["name"]]
    return classify_http(fetch(scenario), tool=spec["name"], **scenario.classify_kwargs)


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
CATALOGUE = load_fixture_scenarios(FIXTURES)


@pytest.mark.parametrize("spec", SCENARIOS, ids=[s["name"] for s in SCENARIOS])
def test_scenario_classifies_as_expected(spec: dict[str, Any]) -> None:
    """Each scenario's envelope matches every key of its expect block, nulls included."""
    env = run_scenario(spec)
    assert observed(env) == dict(CATALOGUE[spec["name"]].expect), spec["description"]
    assert env.tool == spec["name"]


@pytest.mark.parametrize("spec", SCENARIOS, ids=[s["name"] for s in SCENARIOS])
def test_scenario_file_follows_the_schema(spec: dict[str, Any]) -> None:
    """Each file has the documented keys, one transport form, one body form, all eight expects."""
    assert set(spec) <= {
        "name",
        "description",
        "documentation",
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
    if "documentation" in spec:  # the API's own page the scenario was written from
        assert spec["documentation"].startswith("https://"), spec["documentation"]
    if "response" in spec:
        assert len({"json", "text", "base64"} & set(spec["response"])) <= 1
        assert set(spec["response"]) <= {"status", "headers", "json", "text", "base64"}
    else:
        assert isinstance(getattr(httpx, spec["exception"]), type)
    assert set(spec.get("classify", {})) <= {"items", "total", "not_found", "expect"}


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
