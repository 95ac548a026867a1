"""Mocked upstreams by name: the ``fixtures/`` catalogue plus a few scenarios only code can express.

A notebook or a test asks for upstreams by scenario name and gets an httpx transport (or client,
or respx routes) that answers exactly as that upstream would: a lying HTML 200, a Slack
``ok: false``, an Elasticsearch timeout, a stream that breaks after three lines. Each scenario
names the outcome it should be classified as, so a notebook can set the naive reading beside
the classified one.

Most scenarios are data, one JSON file each in ``fixtures/`` (see ``fixtures/README.md``), read
by :mod:`tool_outcomes.workbook.catalogue`, which also defines :class:`Scenario` itself.
The ones JSON cannot express live in :data:`_CODE_SCENARIOS`: ``flaky`` (fails N times, then
succeeds), ``outage`` (always 503), ``charge_ack_lost`` (a write applied, its answer lost, an
``Idempotency-Key`` honoured: :class:`~tool_outcomes.workbook.charges.ChargeDesk`),
``truncated_stream`` (JSON lines, then a
``RemoteProtocolError`` mid-stream), ``bad_gzip`` and ``silently_truncated_gzip`` (a gzip body
cut short whose ``Content-Length`` matches: httpx hands back the inflated prefix without a
word). Every scenario is served from its own host, ``https://<name>.upstream.test``, so any
set of them can share one transport.

Example::

    >>> from tool_outcomes.workbook.scenarios import fetch, get_scenario, naive_tool
    >>> naive_tool("lying_html_200")
    []
    >>> get_scenario("lying_html_200").expected_outcome
    <Outcome.ACCESS_FAILURE: 'access_failure'>
    >>> with client("ok", "flaky") as http:
    ...     http.get(get_scenario("flaky").url).status_code
    503
"""

from __future__ import annotations

import difflib
import gzip
import json
import threading
from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import httpx

from tool_outcomes.envelope import FailureCode, FailureKind, Outcome

from .catalogue import (
    EXPECT_KEYS,
    FIXTURES_ENV_VAR,
    Handler,
    HandlerFactory,
    Scenario,
    find_fixtures,
    host_for,
    load_fixture_scenarios,
)
from .charges import ChargeDesk

if TYPE_CHECKING:
    import respx

__all__ = [
    "EXPECT_KEYS",
    "FIXTURES_ENV_VAR",
    "GZIP_DOCUMENT",
    "Scenario",
    "async_client",
    "came_back",
    "client",
    "fetch",
    "get_scenario",
    "load_fixture_scenarios",
    "mount",
    "naive_tool",
    "outcome_table",
    "scenario_names",
    "transport",
]


# -- scenarios only code can express ------------------------------------------------------------


def _expect(
    outcome: Outcome,
    code: FailureCode | None = None,
    kind: FailureKind | None = None,
    **coverage: Any,
) -> Mapping[str, Any]:
    values: dict[str, Any] = dict.fromkeys(EXPECT_KEYS)
    values.update(outcome=outcome.value, code=code and code.value, kind=kind and kind.value)
    values.update(coverage)
    return MappingProxyType(values)


_JSON = {"content-type": "application/json"}
_WIDGETS = [{"id": 1, "name": "bolt"}, {"id": 2, "name": "nut"}, {"id": 3, "name": "gear"}]
#: The document ``silently_truncated_gzip`` compresses, then cuts in half.
GZIP_DOCUMENT = json.dumps(
    {"items": [{"id": i, "name": f"widget-{i}", "stock": i * 7 % 31} for i in range(120)]}
).encode()


class _ScriptedStream(httpx.SyncByteStream, httpx.AsyncByteStream):
    """A body that yields its chunks, then (optionally) fails the way a dropped peer does.

    Not an ``httpx.ByteStream``, on purpose: respx pre-reads (and so pre-decodes) those, which
    would raise a gzip error at mock time instead of at the caller's read.
    """

    def __init__(self, chunks: Sequence[bytes], error: Callable[[], Exception] | None) -> None:
        self._chunks = tuple(chunks)
        self._error = error

    def __iter__(self) -> Iterator[bytes]:
        yield from self._chunks
        if self._error is not None:
            raise self._error()

    async def __aiter__(self) -> AsyncIterator[bytes]:
        for chunk in self._chunks:
            yield chunk
        if self._error is not None:
            raise self._error()


def _flaky(failures: int) -> Handler:
    if failures < 0:
        raise ValueError(f"flaky_failures must be >= 0, got {failures}")
    lock = threading.Lock()
    calls = 0

    def answer(request: httpx.Request) -> httpx.Response:
        nonlocal calls
        with lock:
            calls += 1
            failing = calls <= failures
        if failing:
            headers = {**_JSON, "retry-after": "1"}
            return httpx.Response(503, headers=headers, json={"error": "try again"})
        return httpx.Response(200, headers=_JSON, json=_WIDGETS)

    return answer


def _outage(request: httpx.Request) -> httpx.Response:
    body = {"error": "service unavailable"}
    return httpx.Response(503, headers={**_JSON, "retry-after": "30"}, json=body)


def _truncated_stream(request: httpx.Request) -> httpx.Response:
    lines = [json.dumps(item).encode() + b"\n" for item in _WIDGETS]
    cut = b'{"id": 4, "na'

    def dropped() -> Exception:
        message = "peer closed connection without sending complete message body"
        return httpx.RemoteProtocolError(message, request=request)

    stream = _ScriptedStream([*lines, cut], dropped)
    headers = {"content-type": "application/x-ndjson", "transfer-encoding": "chunked"}
    return httpx.Response(200, headers=headers, stream=stream, request=request)


def _gzip_response(request: httpx.Request, body: bytes) -> httpx.Response:
    # Content-Length matches the bytes sent: nothing at the HTTP layer looks wrong.
    headers = {**_JSON, "content-encoding": "gzip", "content-length": str(len(body))}
    stream = _ScriptedStream([body], None)
    return httpx.Response(200, headers=headers, stream=stream, request=request)


def _bad_gzip(request: httpx.Request) -> httpx.Response:
    return _gzip_response(request, b'{"items": []}')


def _silently_truncated_gzip(request: httpx.Request) -> httpx.Response:
    compressed = gzip.compress(GZIP_DOCUMENT, mtime=0)
    return _gzip_response(request, compressed[: len(compressed) // 2])


def _code(
    name: str,
    description: str,
    factory: HandlerFactory,
    expect: Mapping[str, Any],
    naive_reading: str,
    path: str = "/widgets",
    method: str = "GET",
) -> Scenario:
    return Scenario(
        name=name,
        description=description,
        expected_outcome=Outcome(expect["outcome"]),
        expected_code=None if expect["code"] is None else FailureCode(expect["code"]),
        expected_kind=None if expect["kind"] is None else FailureKind(expect["kind"]),
        naive_reading=naive_reading,
        classify_kwargs=MappingProxyType({}),
        url=f"https://{host_for(name)}{path}",
        method=method,
        expect=expect,
        handler_factory=factory,
    )


_A = Outcome.ACCESS_FAILURE
_T = FailureKind.TRANSIENT
_P = FailureKind.PERMANENT

_CODE_SCENARIOS: dict[str, Scenario] = {
    s.name: s
    for s in (
        _code(
            "flaky",
            "Answers 503 (Retry-After: 1) for the first N calls of a transport, then 200 with "
            "three records. The expectation is for the first call.",
            _flaky,
            _expect(_A, FailureCode.SERVER_ERROR, _T, retry_after_s=1.0),
            "[] (then, on a lucky call, 3 items)",
        ),
        _code(
            "outage",
            "Answers every call with 503 and Retry-After: 30: retries run out.",
            lambda _n: _outage,
            _expect(_A, FailureCode.SERVER_ERROR, _T, retry_after_s=30.0),
            "[]",
        ),
        _code(
            "truncated_stream",
            "A JSON-lines stream that delivers three records and half a fourth, then the peer "
            "drops (RemoteProtocolError); a reader of the whole body gets only the error.",
            lambda _n: _truncated_stream,
            _expect(_A, FailureCode.NETWORK, _T),
            "[]",
            path="/widgets.jsonl",
        ),
        _code(
            "charge_ack_lost",
            "A payment upstream (POST) that applies each charge and then drops the connection "
            "before answering, for the first N charges; a request repeating an Idempotency-Key "
            "it has seen replays the first answer and charges nothing.",
            lambda n: ChargeDesk(lose_acks=n).handle,
            _expect(_A, FailureCode.NETWORK, _T),
            "[] ('the payment failed': a retry without the key charges again)",
            path="/v1/charges",
            method="POST",
        ),
        _code(
            "bad_gzip",
            "A 200 that says Content-Encoding: gzip but whose body is not gzip (DecodingError).",
            lambda _n: _bad_gzip,
            _expect(_A, FailureCode.PROTOCOL, _P),
            "[]",
        ),
        _code(
            "silently_truncated_gzip",
            "A gzip body cut in half whose Content-Length matches the cut: httpx inflates the "
            "prefix without an error, and only the JSON check notices.",
            lambda _n: _silently_truncated_gzip,
            _expect(_A, FailureCode.INVALID_BODY, _P),
            "[]",
        ),
    )
}


# -- the catalogue --------------------------------------------------------------------------------


@cache
def _catalogue(directory: Path | None) -> dict[str, Scenario]:
    scenarios = dict(_CODE_SCENARIOS)
    if directory is not None:
        for name, scenario in load_fixture_scenarios(directory).items():
            if name in scenarios:
                raise ValueError(
                    f"{scenario.source}: name {name!r} is already a scenario in scenarios.py"
                )
            scenarios[name] = scenario
    return dict(sorted(scenarios.items()))


def _all() -> dict[str, Scenario]:
    return _catalogue(find_fixtures())


def scenario_names() -> list[str]:
    """Every scenario name, sorted: the ``fixtures/`` catalogue plus the code-only ones.

    Returns:
        The names :func:`get_scenario` accepts.
    """
    return list(_all())


def get_scenario(name: str) -> Scenario:
    """The scenario called ``name``.

    Args:
        name: A scenario name, e.g. ``"es_timed_out"``.

    Returns:
        The :class:`Scenario`. An unknown name is a ``KeyError`` that lists close matches.
    """
    scenarios = _all()
    if name in scenarios:
        return scenarios[name]
    close = difflib.get_close_matches(name, scenarios, n=5, cutoff=0.5)
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    if find_fixtures() is None:
        hint += f" (no fixtures/ directory found: set {FIXTURES_ENV_VAR})"
    raise KeyError(f"no scenario named {name!r}{hint}")


def _resolve(names: Sequence[str | Scenario]) -> list[Scenario]:
    if not names:
        return list(_all().values())
    return [n if isinstance(n, Scenario) else get_scenario(n) for n in names]


def _router(scenarios: Sequence[Scenario], flaky_failures: int) -> Handler:
    by_host: dict[str, Handler] = {}
    for scenario in scenarios:
        by_host.setdefault(scenario.host, scenario.handler_factory(flaky_failures))

    def route(request: httpx.Request) -> httpx.Response:
        handler = by_host.get(request.url.host)
        if handler is None:
            raise LookupError(
                f"no scenario is mounted at {request.url.host!r}; mounted: {sorted(by_host)}"
            )
        return handler(request)

    return route


# -- the API --------------------------------------------------------------------------------------


def transport(*names: str | Scenario, flaky_failures: int = 2) -> httpx.MockTransport:
    """A mock transport that serves the given scenarios, each from its own host.

    Args:
        names: Scenario names (or :class:`Scenario` objects); none means every scenario.
        flaky_failures: How many calls ``flaky`` fails before it succeeds. Counted per
            transport, so each new transport starts failing again.

    Returns:
        An ``httpx.MockTransport`` for a sync or an async client. Exception scenarios raise
        their httpx exception with the request attached; a request for a host no scenario
        serves raises ``LookupError``.

    Example::

        >>> with httpx.Client(transport=transport("es_timed_out")) as http:
        ...     http.get(get_scenario("es_timed_out").url).json()["timed_out"]
        True
    """
    return httpx.MockTransport(_router(_resolve(names), flaky_failures))


def client(*names: str | Scenario, flaky_failures: int = 2, **kwargs: Any) -> httpx.Client:
    """An ``httpx.Client`` over :func:`transport` (``kwargs`` go to the client)."""
    return httpx.Client(transport=transport(*names, flaky_failures=flaky_failures), **kwargs)


def async_client(
    *names: str | Scenario, flaky_failures: int = 2, **kwargs: Any
) -> httpx.AsyncClient:
    """An ``httpx.AsyncClient`` over :func:`transport` (``kwargs`` go to the client)."""
    return httpx.AsyncClient(transport=transport(*names, flaky_failures=flaky_failures), **kwargs)


_FETCH_ERRORS = (httpx.HTTPError, httpx.InvalidURL, httpx.CookieConflict, httpx.StreamError)


def fetch(name: str | Scenario, *, flaky_failures: int = 2) -> httpx.Response | Exception:
    """Make one request against a scenario, as a tool would, and return what came back.

    Args:
        name: The scenario (each call uses a fresh transport, so ``flaky`` fails first).
        flaky_failures: As for :func:`transport`.

    Returns:
        The read ``httpx.Response``, or the httpx exception raised while sending or reading
        it (returned, not raised, so a notebook cell can show and classify it).

    Example::

        >>> fetch("timeout")
        ReadTimeout('ReadTimeout (mocked upstream)')
    """
    scenario = name if isinstance(name, Scenario) else get_scenario(name)
    with client(scenario, flaky_failures=flaky_failures) as http:
        try:
            return http.request(scenario.method, scenario.url)
        except _FETCH_ERRORS as exc:
            return exc


def came_back(result: httpx.Response | BaseException) -> str:
    """What the transport produced, in a few words: ``"200 text/html"`` or ``"ReadTimeout"``.

    Args:
        result: A response, or the exception raised while getting it.

    Returns:
        The status and media type (plus ``Retry-After`` when sent), or the exception's name.
    """
    if isinstance(result, BaseException):
        return f"{type(result).__name__} (raised)"
    media_type = result.headers.get("content-type", "").split(";", 1)[0].strip()
    text = f"{result.status_code} {media_type or '(no type)'}"
    if "retry-after" in result.headers:
        text += f", Retry-After {result.headers['retry-after']}"
    return text


def mount(router: respx.Router, *names: str | Scenario, flaky_failures: int = 2) -> None:
    """Add one respx route per scenario, matched on the scenario's host.

    Args:
        router: A ``respx.Router`` (or ``respx.mock``); respx is never imported here.
        names: Scenario names; none means every scenario.
        flaky_failures: As for :func:`transport` (counted per call to ``mount``).

    Example::

        >>> with respx.mock(assert_all_called=False) as router:
        ...     mount(router, "rate_limited")
        ...     httpx.get(get_scenario("rate_limited").url).status_code
        429
    """
    for scenario in _resolve(names):
        handler = scenario.handler_factory(flaky_failures)
        router.route(host=scenario.host).mock(side_effect=handler)


def naive_tool(name: str | Scenario) -> list[Any]:
    """The tool every notebook starts from, run against a scenario: it cannot tell failures apart.

    It does ``try: return resp.json().get(...) or [] except Exception: return []``, no status
    check: the items come from the scenario's ``items`` path, else the body itself when it is a
    list, else the body's ``items`` / ``results`` / ``data`` list.

    Returns:
        The list the naive tool would hand the model; ``[]`` for every failure.
    """
    scenario = name if isinstance(name, Scenario) else get_scenario(name)
    try:
        response = fetch(scenario)
        if not isinstance(response, httpx.Response):
            return []
        body = response.json()
        path = scenario.classify_kwargs.get("items")
        if path:
            for key in str(path).split("."):
                body = body.get(key)
        elif isinstance(body, dict):
            body = body.get("items") or body.get("results") or body.get("data")
        return list(body) if isinstance(body, list) else []
    except Exception:  # the naive tool's whole flaw, reproduced on purpose
        return []


def outcome_table(*names: str | Scenario) -> list[dict[str, str]]:
    """One row per scenario: its name, the naive reading, the expected and classified outcomes.

    Args:
        names: Scenario names; none means every scenario.

    Returns:
        Rows with keys ``scenario``, ``naive_reading``, ``expected`` and ``classified``
        (``outcome`` or ``outcome/code``), ready for a notebook table.
    """
    from tool_outcomes.front import classify_http  # lazy: the catalogue needs no classifier

    rows = []
    for scenario in _resolve(names):
        env = classify_http(fetch(scenario), **scenario.classify_kwargs)
        classified = env.outcome.value
        if env.failure is not None:
            classified += f"/{env.failure.code.value}"
        expected = scenario.expected_outcome.value
        if scenario.expected_code is not None:
            expected += f"/{scenario.expected_code.value}"
        rows.append(
            {
                "scenario": scenario.name,
                "naive_reading": scenario.naive_reading,
                "expected": expected,
                "classified": classified,
            }
        )
    return rows
