"""The fault catalogue as data: what an upstream does, and what a correct tool must declare.

Four sources feed one catalogue, in this order:

* every scenario of the workbook's catalogue (:mod:`tool_outcomes.workbook.scenarios`: the
  ``fixtures/`` files, the single source, plus the few only code can express);
* transport faults the fixtures do not hold (a DNS failure, a write timeout, a redirect loop);
* exceptions a library raises inside a plain function (:data:`LIBRARY_EXCEPTIONS`, one row each);
* faults derived from the caller's own success body (:mod:`._derive`).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterator, Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Any, NoReturn

import httpx

from tool_outcomes import FailureCode, FailureKind, Outcome

from . import _derive
from ._fault import Expect, Fault, Scope, Serve

if TYPE_CHECKING:
    from tool_outcomes.workbook.catalogue import Scenario

__all__ = ["FAULTS", "LIBRARY_EXCEPTIONS", "FaultCatalogue", "raise_as"]


def _e(
    outcome: Outcome, code: FailureCode | None = None, kind: FailureKind | None = None
) -> Expect:
    return Expect(outcome, code, kind)


_A = Outcome.ACCESS_FAILURE
_T = FailureKind.TRANSIENT
_P = FailureKind.PERMANENT


# -- the workbook's scenarios ---------------------------------------------------------------------

#: Scenarios left out, and why.
_NOT_FAULTS = {
    # Fails a set number of calls, then succeeds: its expectation describes only the first call,
    # and a tool's retry policy decides the rest.
    "flaky",
}

_READ_METHODS = frozenset({"GET", "HEAD"})


def _scope_of(scenario: Scenario) -> Scope:
    """Which tools a scenario's expectation holds for, read from what the scenario does."""
    request = httpx.Request(scenario.method, scenario.url)
    try:
        response = scenario.handler_factory(0)(request)
    except Exception:  # an exception scenario: raised while sending, whatever the API
        return Scope.ANY
    status = response.status_code
    if status == 304:
        # Not modified answers a conditional read; answering a write it can only say the write
        # left nothing to change, an acknowledgement (the classifier's reading, after Mailjet).
        return Scope.READ
    if status in (404, 410):  # absent or gone: a lookup may declare it a confirmed absence
        declared_empty = scenario.classify_kwargs.get("not_found") == "empty"
        return Scope.LOOKUP if declared_empty else Scope.SEARCH
    if not 200 <= status < 300:
        return Scope.ANY  # an error status means the same whatever the API's shape
    if scenario.classify_kwargs or scenario.name in _SHAPED:
        return Scope.SHAPED  # declared for one API's shape (an items path, a text body)
    if scenario.method not in _READ_METHODS:
        # A 2xx answering a write acknowledges it whatever the body; any other reading of a
        # POST's body is an RPC protocol's own (GraphQL, JSON-RPC): that API's shape.
        return Scope.WRITE if scenario.expected_outcome is Outcome.SUCCESS else Scope.SHAPED
    if scenario.expected_outcome is _A:  # a 2xx that says it failed, or is not JSON at all
        return Scope.READ
    if isinstance(response.stream, httpx.ByteStream) and response.read().strip() in (b"", b"null"):
        return Scope.READ  # nothing at all is "nothing" for every JSON read
    return Scope.SHAPED


#: Scenarios whose expectation rests on our body's shape, though the rules above would not say so.
_SHAPED = frozenset(
    {
        # JSON lines of our widgets: a result model for another shape rejects them first (the
        # same cut, on the caller's own body, is ``your_body_cut_mid_stream``).
        "truncated_stream",
    }
)

#: Readings as honest as a scenario's own ``expect``, by scenario name.
_ALSO: Mapping[str, tuple[Expect, ...]] = {
    # A reader of the stream keeps the complete lines: partial, cut by the stream error.
    "truncated_stream": (_e(Outcome.PARTIAL),),
    # A 204 fulfils a read with no content: "nothing" to a search, and to a check whose 404 is
    # its declared none, the check's "yes" (GitHub's "is it starred?": 204 yes, 404 no).
    "no_content_204": (_e(Outcome.SUCCESS),),
}


def _scenario_fault(scenario: Scenario) -> Fault:
    factory = scenario.handler_factory

    def serve(request: httpx.Request, body: _derive.Body | None) -> httpx.Response:
        return factory(0)(request)

    return Fault(
        name=scenario.name,
        description=scenario.description,
        expect=_e(scenario.expected_outcome, scenario.expected_code, scenario.expected_kind),
        scope=_scope_of(scenario),
        origin=scenario.source,
        also=_ALSO.get(scenario.name, ()),
        serve=serve,
    )


def _scenario_faults() -> Iterator[Fault]:
    from tool_outcomes.workbook import scenarios  # lazy: the catalogue loads on first use

    for name in scenarios.scenario_names():
        if name not in _NOT_FAULTS:
            yield _scenario_fault(scenarios.get_scenario(name))


# -- transport faults the fixtures do not hold ----------------------------------------------------


def _raising(make: Callable[[httpx.Request], BaseException]) -> Serve:
    def serve(request: httpx.Request, body: _derive.Body | None) -> httpx.Response:
        raise make(request)

    return serve


def _redirect_loop(request: httpx.Request, body: _derive.Body | None) -> httpx.Response:
    # Every answer sends the client back where it came from: a following client gives up after
    # its max_redirects (TooManyRedirects), a client that does not follow gets the 302 itself.
    return httpx.Response(302, headers={"location": str(request.url)}, request=request)


_DNS = "[Errno -2] Name or service not known"

#: Transport faults the fixtures do not hold: (name, description, how it is served, expected).
_TRANSPORT: tuple[tuple[str, str, Serve, Expect], ...] = (
    (
        "dns_failure",
        "The host name did not resolve (httpx raises ConnectError for a DNS failure).",
        _raising(lambda request: httpx.ConnectError(_DNS, request=request)),
        _e(_A, FailureCode.CONNECT, _T),
    ),
    (
        "write_timeout",
        "The request body could not be sent in time (WriteTimeout).",
        _raising(lambda request: httpx.WriteTimeout("timed out", request=request)),
        _e(_A, FailureCode.TIMEOUT, _T),
    ),
    (
        "redirect_loop",
        "Every answer is a 302 back to the same URL: a following client runs out of redirects.",
        _redirect_loop,
        _e(_A, FailureCode.PROTOCOL, _P),
    ),
)


def _transport_faults() -> Iterator[Fault]:
    for name, description, serve, expect in _TRANSPORT:
        yield Fault(name, description, expect, Scope.ANY, "transport", serve=serve)


# -- exceptions a library raises inside a plain function ------------------------------------------

#: One row per exception a plain function's library may raise where it calls its upstream: the
#: fault's name, a description, how to make the exception, and what a correct tool declares.
#: Adding a library's exception (requests, boto3, a database driver) is adding a row.
LIBRARY_EXCEPTIONS: tuple[tuple[str, str, Callable[[], BaseException], Expect], ...] = (
    (
        "raises_timeout_error",
        "The library raised the built-in TimeoutError.",
        lambda: TimeoutError("timed out"),
        _e(_A, FailureCode.TIMEOUT, _T),
    ),
    (
        "raises_connection_refused",
        "The library raised ConnectionRefusedError (nothing listened on the port).",
        lambda: ConnectionRefusedError(111, "Connection refused"),
        _e(_A, FailureCode.CONNECT, _T),
    ),
    (
        "raises_connection_reset",
        "The library raised ConnectionResetError (the peer dropped the connection).",
        lambda: ConnectionResetError(104, "Connection reset by peer"),
        _e(_A, FailureCode.NETWORK, _T),
    ),
    (
        "raises_permission_error",
        "The library raised PermissionError (the caller may not see this).",
        lambda: PermissionError(13, "Permission denied"),
        _e(_A, FailureCode.FORBIDDEN, _P),
    ),
)


def raise_as(exc: BaseException | type[BaseException]) -> Callable[..., NoReturn]:
    """A stand-in for a library call that raises ``exc``, whatever it is called with.

    Args:
        exc: An exception class (a fresh instance is raised on each call) or an instance (raised
            as is; an exception instance keeps its traceback between raises, so prefer a class
            or a :data:`LIBRARY_EXCEPTIONS` row's factory for repeated calls).

    Returns:
        A function taking any arguments that raises ``exc``: inject it where the plain function
        calls its library (``search(fetch=raise_as(TimeoutError))``).
    """
    if not (
        isinstance(exc, BaseException) or (isinstance(exc, type) and issubclass(exc, BaseException))
    ):
        raise TypeError(f"raise_as() takes an exception or an exception class, got {exc!r}")

    def raising(*args: Any, **kwargs: Any) -> NoReturn:
        raise exc() if isinstance(exc, type) else exc

    return raising


def _library_faults() -> Iterator[Fault]:
    for name, description, make, expect in LIBRARY_EXCEPTIONS:
        yield Fault(
            name,
            description,
            expect,
            Scope.PLAIN,
            "library",
            serve=_raising(lambda request, make=make: make()),  # type: ignore[misc]
        )


# -- the catalogue --------------------------------------------------------------------------------


class FaultCatalogue(Mapping[str, Fault]):
    """Every fault by name, loaded on first use (``import tool_outcomes.testing`` reads no file).

    A read-only mapping: ``FAULTS["timeout"]``, ``list(FAULTS)`` (the names, in catalogue
    order), ``FAULTS.values()``. :meth:`where` selects by scope.
    """

    @cached_property
    def _faults(self) -> dict[str, Fault]:
        faults: dict[str, Fault] = {}
        sources = (_scenario_faults(), _transport_faults(), _library_faults(), _derive.faults())
        for source in sources:
            for fault in source:
                if fault.name in faults:
                    raise ValueError(f"{fault.origin}: fault {fault.name!r} is defined twice")
                faults[fault.name] = fault
        return faults

    def __getitem__(self, name: str) -> Fault:
        try:
            return self._faults[name]
        except KeyError:
            close = difflib.get_close_matches(name, self._faults, n=4, cutoff=0.5)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise KeyError(f"no fault named {name!r}{hint}") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._faults)

    def __len__(self) -> int:
        return len(self._faults)

    def __repr__(self) -> str:
        return (
            f"<FaultCatalogue: {len(self)} faults>"
            if "_faults" in vars(self)
            else ("<FaultCatalogue: not loaded yet>")
        )

    def where(self, *scopes: Scope | str) -> list[Fault]:
        """The faults whose scope is one of ``scopes``, in catalogue order."""
        wanted = {Scope(scope) for scope in scopes}
        return [fault for fault in self.values() if fault.scope in wanted]


#: The fault catalogue: every workbook scenario, the transport faults, the library exceptions and
#: the faults derived from a success body, by name.
FAULTS = FaultCatalogue()
