"""The scenario catalogue: what a mocked upstream is, and how a ``fixtures/`` file becomes one.

A :class:`Scenario` names an upstream, the request a tool makes to it, how it answers and the
outcome it must be classified as. Most scenarios are data, one JSON file each in ``fixtures/``
(schema in ``fixtures/README.md``): :func:`load_fixture_scenarios` reads a folder of them and
refuses a malformed file with an error that names it, and :func:`find_fixtures` finds the folder
(``$TOOL_OUTCOMES_FIXTURES``, else the checkout's ``fixtures/``). Serving scenarios as httpx
transports, clients and respx routes is :mod:`tool_outcomes.workbook.scenarios`.
"""

from __future__ import annotations

import base64
import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

import httpx

from tool_outcomes.envelope import FailureCode, FailureKind, Outcome

__all__ = [
    "EXPECT_KEYS",
    "FIXTURES_ENV_VAR",
    "Handler",
    "HandlerFactory",
    "Scenario",
    "find_fixtures",
    "host_for",
    "load_fixture_scenarios",
]

#: Set this to a directory of scenario JSON files to use it instead of the repo's ``fixtures/``.
FIXTURES_ENV_VAR = "TOOL_OUTCOMES_FIXTURES"

Handler = Callable[[httpx.Request], httpx.Response]
#: Builds a fresh (possibly stateful) handler for one transport, given ``flaky_failures``.
HandlerFactory = Callable[[int], Handler]

#: The eight keys every ``expect`` carries (``null`` where the envelope has no value).
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


@dataclass(frozen=True)
class Scenario:
    """One mocked upstream: what it does, where it lives, and how it must be classified.

    ``expect`` holds all eight keys of a fixture's ``expect`` (outcome, code, kind, returned,
    total, next_cursor, truncated_by, retry_after_s); ``expected_outcome``, ``expected_code``
    and ``expected_kind`` are its typed heads. ``classify_kwargs`` are the keyword arguments
    ``classify_http`` needs for this endpoint (``items``, ``total``, ``not_found``, ``expect``).
    """

    name: str
    description: str
    expected_outcome: Outcome
    expected_code: FailureCode | None
    naive_reading: str
    classify_kwargs: Mapping[str, Any]
    url: str
    method: str
    expected_kind: FailureKind | None = None
    expect: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    source: str = "scenarios.py"
    handler_factory: HandlerFactory = field(default=lambda _n: _unset, repr=False, compare=False)

    @property
    def host(self) -> str:
        """The host this scenario is served from."""
        return httpx.URL(self.url).host


def _unset(request: httpx.Request) -> httpx.Response:
    raise RuntimeError("this Scenario was built without a handler_factory")


def host_for(name: str) -> str:
    """The host a scenario is served from: ``https://<name>.upstream.test``, one per scenario.

    Args:
        name: A scenario name (snake_case).

    Returns:
        The hostname, with underscores turned into hyphens.
    """
    # Hostnames may not contain underscores; scenario names are snake_case, so this is 1:1.
    return f"{name.replace('_', '-')}.upstream.test"


# -- fixture files ------------------------------------------------------------------------------


def _fixture_exception(name: str, request: httpx.Request, source: str) -> BaseException:
    cls = getattr(httpx, name, None)
    if not (isinstance(cls, type) and issubclass(cls, Exception)):
        raise ValueError(f"{source}: 'exception' {name!r} is not an httpx exception class")
    message = f"{name} (mocked upstream)"
    if issubclass(cls, httpx.HTTPStatusError):
        raise ValueError(f"{source}: write an HTTPStatusError as a 'response' with its status")
    if issubclass(cls, httpx.RequestError):
        return cls(message, request=request)
    try:
        return cls(message)
    except TypeError:  # StreamConsumed and friends take no message
        return cls()


def _fixture_body(response: Mapping[str, Any], source: str) -> bytes:
    keys = [key for key in ("json", "text", "base64") if key in response]
    if len(keys) > 1:
        raise ValueError(f"{source}: at most one body key, got {keys}")
    if not keys:
        return b""
    if keys[0] == "json":
        return json.dumps(response["json"]).encode()
    if keys[0] == "text":
        return str(response["text"]).encode()
    return base64.b64decode(response["base64"], validate=True)


def _served_here(text: str, origin_host: str, served_host: str) -> str:
    """``text`` with the fixture's own origin turned into the host it is served from.

    A real upstream's next links point at itself, and a cursor is offered to a model only on
    the request's own origin: served from ``<name>.upstream.test``, a scenario's links follow.
    """
    return text.replace(f"//{origin_host}/", f"//{served_host}/")


def _fixture_factory(
    spec: Mapping[str, Any], source: str, origin_host: str, served_host: str
) -> HandlerFactory:
    if ("response" in spec) == ("exception" in spec):
        raise ValueError(f"{source}: needs exactly one of 'response' and 'exception'")
    if "exception" in spec:
        exc_name = str(spec["exception"])
        _fixture_exception(exc_name, httpx.Request("GET", "https://check.test"), source)

        def raising(request: httpx.Request) -> httpx.Response:
            raise _fixture_exception(exc_name, request, source)

        return lambda _n: raising
    response = spec["response"]
    status = int(response["status"])
    headers = {
        key: _served_here(str(value), origin_host, served_host)
        for key, value in dict(response.get("headers", {})).items()
    }
    body = _fixture_body(response, source)
    if "base64" not in response:
        body = _served_here(body.decode(), origin_host, served_host).encode()

    def answer(request: httpx.Request) -> httpx.Response:
        return httpx.Response(status, headers=headers, content=body, request=request)

    return lambda _n: answer


def _scenario_from_fixture(spec: Mapping[str, Any], source: str) -> Scenario:
    try:
        name = str(spec["name"])
        expect = {key: spec["expect"][key] for key in EXPECT_KEYS}
        request = spec["request"]
        url = httpx.URL(request["url"])
        served = host_for(name)
        if isinstance(expect["next_cursor"], str):
            expect["next_cursor"] = _served_here(expect["next_cursor"], url.host, served)
        return Scenario(
            name=name,
            description=str(spec["description"]),
            expected_outcome=Outcome(expect["outcome"]),
            expected_code=None if expect["code"] is None else FailureCode(expect["code"]),
            expected_kind=None if expect["kind"] is None else FailureKind(expect["kind"]),
            naive_reading=str(spec["naive_reading"]),
            classify_kwargs=MappingProxyType(dict(spec.get("classify", {}))),
            url=str(url.copy_with(host=served)),
            method=str(request.get("method", "GET")).upper(),
            expect=MappingProxyType(expect),
            source=source,
            handler_factory=_fixture_factory(spec, source, url.host, served),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"{source}: not a valid scenario file: {exc!r}") from exc


def load_fixture_scenarios(directory: str | Path) -> dict[str, Scenario]:
    """Load every ``*.json`` scenario file in ``directory``.

    Args:
        directory: A folder of files in the ``fixtures/README.md`` schema.

    Returns:
        The scenarios by name, sorted by name. A malformed file, or a name that differs from
        its file stem, is a ``ValueError`` naming the file.
    """
    scenarios: dict[str, Scenario] = {}
    for path in sorted(Path(directory).glob("*.json")):
        source = f"fixtures/{path.name}"
        try:
            spec = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ValueError(f"{source}: cannot read: {exc}") from exc
        scenario = _scenario_from_fixture(spec, source)
        if scenario.name != path.stem:
            raise ValueError(f"{source}: name {scenario.name!r} differs from the file stem")
        scenarios[scenario.name] = scenario
    return scenarios


def find_fixtures() -> Path | None:
    """Where the scenario files are: ``$TOOL_OUTCOMES_FIXTURES``, else the repo's ``fixtures/``.

    Returns:
        The folder, or ``None`` when neither is there (an installed, not checked-out, package).
    """
    configured = os.environ.get(FIXTURES_ENV_VAR)
    if configured:
        return Path(configured)
    # A checkout (editable install): the repo's fixtures/ sits a few levels above this file.
    for parent in Path(__file__).resolve().parents:
        candidate = parent / "fixtures"
        if (candidate / "README.md").is_file() and any(candidate.glob("*.json")):
            return candidate
    return None
