"""Mocked upstreams by name: each serves what its scenario says, and classifies as it expects."""

from __future__ import annotations

import doctest
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx

from tool_outcomes import Envelope, Outcome, classify_http
from tool_outcomes.workbook import scenarios
from tool_outcomes.workbook.scenarios import (
    EXPECT_KEYS,
    FIXTURES_ENV_VAR,
    GZIP_DOCUMENT,
    async_client,
    client,
    fetch,
    get_scenario,
    load_fixture_scenarios,
    mount,
    naive_tool,
    outcome_table,
    scenario_names,
    transport,
)

GUARANTEED = (
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
)
CODE_ONLY = (
    "flaky",
    "outage",
    "charge_ack_lost",
    "truncated_stream",
    "bad_gzip",
    "silently_truncated_gzip",
)


def _drain(response: httpx.Response, into: bytearray) -> None:
    for chunk in response.iter_bytes():
        into += chunk


async def _adrain(response: httpx.Response, into: bytearray) -> None:
    async for chunk in response.aiter_bytes():
        into += chunk


def _observed(env: Envelope[Any]) -> dict[str, Any]:
    """The eight ``expect`` keys, read off an envelope (None where it has no value)."""
    failure, coverage = env.failure, env.coverage
    truncated_by = coverage.truncated_by if coverage else None
    return {
        "outcome": env.outcome.value,
        "code": failure.code.value if failure else None,
        "kind": failure.kind.value if failure else None,
        "returned": coverage.returned if coverage else None,
        "total": coverage.total if coverage else None,
        "next_cursor": coverage.next_cursor if coverage else None,
        "truncated_by": truncated_by.value if truncated_by else None,
        "retry_after_s": failure.retry_after_s if failure else None,
    }


def test_catalogue_holds_the_guaranteed_and_code_only_scenarios() -> None:
    """Every name other code relies on is in the catalogue."""
    names = set(scenario_names())
    assert set(GUARANTEED) <= names
    assert set(CODE_ONLY) <= names
    assert scenario_names() == sorted(names)


@pytest.mark.parametrize("name", scenario_names())
def test_every_scenario_lands_on_its_expected_outcome(name: str) -> None:
    """Fetched through the mock and classified, each scenario matches all eight expect keys."""
    scenario = get_scenario(name)
    env = classify_http(fetch(scenario), **scenario.classify_kwargs)
    assert _observed(env) == dict(scenario.expect), repr(env)
    assert env.outcome is scenario.expected_outcome


def test_every_scenario_has_its_own_host_and_a_complete_expectation() -> None:
    """Hosts are unique (so any set shares one transport) and every expect has all keys."""
    all_scenarios = [get_scenario(name) for name in scenario_names()]
    assert len({s.host for s in all_scenarios}) == len(all_scenarios)
    for s in all_scenarios:
        assert tuple(s.expect) == EXPECT_KEYS, s.name
        assert s.expect["outcome"] == s.expected_outcome.value
        assert s.expect["code"] == (s.expected_code and s.expected_code.value)


@pytest.mark.parametrize("failures", [0, 1, 2, 5])
def test_flaky_fails_exactly_n_times_then_succeeds(failures: int) -> None:
    """flaky answers 503 for its first N calls on a transport, then 200 for good."""
    url = get_scenario("flaky").url
    with client("flaky", flaky_failures=failures) as http:
        statuses = [http.get(url).status_code for _ in range(failures + 3)]
    assert statuses == [503] * failures + [200] * 3


def test_flaky_counts_per_transport() -> None:
    """A new transport starts failing again: state never leaks between tests or cells."""
    url = get_scenario("flaky").url
    with client("flaky", flaky_failures=1) as first, client("flaky", flaky_failures=1) as second:
        assert [first.get(url).status_code, first.get(url).status_code] == [503, 200]
        assert second.get(url).status_code == 503


@pytest.mark.asyncio
async def test_flaky_fails_then_succeeds_on_an_async_client() -> None:
    """The async client sees the same failures-then-success sequence."""
    url = get_scenario("flaky").url
    async with async_client("flaky", flaky_failures=2) as http:
        statuses = [(await http.get(url)).status_code for _ in range(4)]
    assert statuses == [503, 503, 200, 200]


def test_negative_flaky_failures_is_a_clear_error() -> None:
    """A negative failure count is rejected when the transport is built."""
    with pytest.raises(ValueError, match="flaky_failures must be >= 0"):
        transport("flaky", flaky_failures=-1)


def test_silently_truncated_gzip_returns_a_prefix_without_an_error() -> None:
    """httpx inflates a cut gzip body whose Content-Length matches, and raises nothing."""
    response = fetch("silently_truncated_gzip")
    assert isinstance(response, httpx.Response)
    assert response.status_code == 200
    assert response.headers["content-encoding"] == "gzip"
    assert 0 < len(response.content) < len(GZIP_DOCUMENT)
    assert GZIP_DOCUMENT.startswith(response.content)
    with pytest.raises(json.JSONDecodeError):
        response.json()


def test_bad_gzip_raises_a_decoding_error_when_read() -> None:
    """A body that claims gzip but is not gzip fails at read time, as httpx really does."""
    assert isinstance(fetch("bad_gzip"), httpx.DecodingError)


def test_truncated_stream_yields_complete_lines_then_raises() -> None:
    """A streaming reader gets three whole lines and half a fourth before the peer drops."""
    received = bytearray()
    scenario = get_scenario("truncated_stream")
    with (
        client("truncated_stream") as http,
        http.stream("GET", scenario.url) as response,
        pytest.raises(httpx.RemoteProtocolError),
    ):
        _drain(response, received)
    lines = bytes(received).split(b"\n")
    assert [json.loads(line)["id"] for line in lines[:-1]] == [1, 2, 3]
    assert lines[-1] == b'{"id": 4, "na'


@pytest.mark.asyncio
async def test_truncated_stream_breaks_the_same_way_on_an_async_client() -> None:
    """The async byte stream also delivers its lines, then raises RemoteProtocolError."""
    received = bytearray()
    url = get_scenario("truncated_stream").url
    async with (
        async_client("truncated_stream") as http,
        http.stream("GET", url) as response,
    ):
        with pytest.raises(httpx.RemoteProtocolError):
            await _adrain(response, received)
    assert bytes(received).count(b"\n") == 3


@pytest.mark.parametrize(
    ("name", "exc_type"),
    [
        ("timeout", httpx.ReadTimeout),
        ("refused", httpx.ConnectError),
        ("truncated_stream", httpx.RemoteProtocolError),
        ("bad_gzip", httpx.DecodingError),
    ],
)
def test_exception_scenarios_raise_with_the_request_attached(
    name: str, exc_type: type[httpx.RequestError]
) -> None:
    """Exception scenarios raise the httpx exception a real transport would, request attached."""
    result = fetch(name)
    assert isinstance(result, exc_type)
    assert result.request.url == httpx.URL(get_scenario(name).url)


NAIVE_EMPTY = (
    "empty",
    "timeout",
    "refused",
    "lying_html_200",
    "rate_limited",
    "outage_503",
    "expired_token_401",
    "slack_ok_false",
    "truncated_stream",
    "silently_truncated_gzip",
)


@pytest.mark.parametrize("name", NAIVE_EMPTY)
def test_naive_tool_reads_distinct_failures_as_an_empty_list(name: str) -> None:
    """The naive tool says [] whether the upstream found nothing or never answered."""
    assert naive_tool(name) == []


def test_naive_tool_does_return_items_when_there_are_some() -> None:
    """The naive tool is not trivially empty: a healthy list comes through."""
    assert [item["id"] for item in naive_tool("ok")] == [1, 2, 3]


def test_unknown_name_is_a_key_error_listing_close_matches() -> None:
    """A misspelt scenario name fails loudly and suggests the right one."""
    with pytest.raises(KeyError, match="rate_limited"):
        get_scenario("rate_limit")


def test_a_host_no_scenario_serves_is_a_lookup_error() -> None:
    """A request to an unmounted host is a setup error, never a made-up response."""
    with client("ok") as http, pytest.raises(LookupError, match="no scenario is mounted"):
        http.get(get_scenario("empty").url)


def test_mount_serves_scenarios_on_a_respx_router() -> None:
    """mount() adds respx routes that answer, raise and truncate like the transport does."""
    with respx.mock(assert_all_called=False) as router:
        mount(router, "ok", "rate_limited", "timeout", "silently_truncated_gzip", "flaky")
        with httpx.Client() as http:
            assert http.get(get_scenario("ok").url).json()[0]["name"] == "bolt"
            limited = http.get(get_scenario("rate_limited").url)
            assert limited.status_code == 429
            assert "retry-after" in limited.headers
            with pytest.raises(httpx.ReadTimeout):
                http.get(get_scenario("timeout").url)
            cut = http.get(get_scenario("silently_truncated_gzip").url).content
            assert GZIP_DOCUMENT.startswith(cut)
            assert 0 < len(cut) < len(GZIP_DOCUMENT)
            flaky = get_scenario("flaky").url
            assert [http.get(flaky).status_code for _ in range(3)] == [503, 503, 200]


def test_outcome_table_sets_each_naive_reading_beside_its_classified_outcome() -> None:
    """Each row's classified outcome equals the scenario's expected one."""
    rows = outcome_table("ok", "empty", "lying_html_200", "timeout", "es_timed_out")
    assert [row["scenario"] for row in rows] == [
        "ok",
        "empty",
        "lying_html_200",
        "timeout",
        "es_timed_out",
    ]
    assert all(row["classified"] == row["expected"] for row in rows), rows
    assert rows[2]["expected"].startswith(Outcome.ACCESS_FAILURE.value)


def test_docstring_examples_run() -> None:
    """The examples in the module's docstrings are true."""
    result = doctest.testmod(scenarios, extraglobs={"respx": respx}, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


def test_importing_the_package_does_not_import_respx() -> None:
    """respx stays a workbook extra: neither the package nor this module imports it."""
    code = (
        "import sys, tool_outcomes, tool_outcomes.workbook.scenarios; "
        "sys.exit('respx' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def _write(directory: Path, stem: str, spec: dict[str, Any] | str) -> None:
    text = spec if isinstance(spec, str) else json.dumps(spec)
    (directory / f"{stem}.json").write_text(text, encoding="utf-8")


_VALID: dict[str, Any] = {
    "name": "x",
    "description": "d",
    "request": {"method": "GET", "url": "https://api.example.test/x"},
    "response": {"status": 200, "headers": {}, "json": []},
    "naive_reading": "[]",
    "expect": dict.fromkeys(EXPECT_KEYS) | {"outcome": "empty", "returned": 0},
}

MALFORMED: list[tuple[str, dict[str, Any] | str, str]] = [
    ("not_json", "{", "cannot read"),
    ("missing_expect", {k: v for k, v in _VALID.items() if k != "expect"}, "not a valid"),
    ("both_bodies", _VALID | {"exception": "ReadTimeout"}, "exactly one"),
    ("no_exception_class", _VALID | {"response": None, "exception": "Nope"}, "not an httpx"),
    ("two_body_keys", _VALID | {"response": {"status": 200, "json": 1, "text": "1"}}, "one body"),
    ("unknown_outcome", _VALID | {"expect": _VALID["expect"] | {"outcome": "meh"}}, "not a valid"),
    ("name_differs", _VALID, "differs from the file stem"),
]


@pytest.mark.parametrize(("stem", "spec", "message"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_a_malformed_fixture_is_a_clear_error_naming_its_file(
    tmp_path: Path, stem: str, spec: dict[str, Any] | str, message: str
) -> None:
    """A broken scenario file fails loading with its file name and the reason."""
    if isinstance(spec, dict) and stem != "name_differs":
        spec = spec | {"name": stem}
    if isinstance(spec, dict) and spec.get("response") is None:
        spec = {k: v for k, v in spec.items() if k != "response"}
    _write(tmp_path, stem, spec)
    with pytest.raises(ValueError, match=message) as info:
        load_fixture_scenarios(tmp_path)
    assert f"{stem}.json" in str(info.value)


def test_a_fixture_named_like_a_code_scenario_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fixture may not silently shadow (or be shadowed by) a code-only scenario."""
    _write(tmp_path, "flaky", _VALID | {"name": "flaky"})
    monkeypatch.setenv(FIXTURES_ENV_VAR, str(tmp_path))
    with pytest.raises(ValueError, match="already a scenario"):
        scenario_names()


def test_the_fixtures_directory_can_be_chosen_by_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """TOOL_OUTCOMES_FIXTURES points the catalogue at another folder of scenario files."""
    _write(tmp_path, "only_one", _VALID | {"name": "only_one"})
    monkeypatch.setenv(FIXTURES_ENV_VAR, str(tmp_path))
    assert scenario_names() == sorted(["only_one", *CODE_ONLY])
    response = fetch("only_one")
    assert isinstance(response, httpx.Response)
    assert response.json() == []
