"""One fault: what an upstream does, which tools it concerns, and what a correct tool declares.

Each :class:`Fault` says which tools it applies to (:class:`Scope`): a timeout applies to every
tool, a 200 whose body says ``ok: false`` to every JSON read, another API's paginated body only
to a tool for that API (the pytest plugin serves those; :func:`check_tool` derives the same
faults from the caller's own body instead).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, NoReturn

import httpx

from tool_outcomes import FailureCode, FailureKind, Outcome

if TYPE_CHECKING:
    from ._derive import Body

__all__ = ["Expect", "Fault", "Scope", "Serve"]


class Scope(StrEnum):
    """Which tools a fault's expectation holds for."""

    ANY = "any"
    """Every tool: a transport failure or an HTTP error status means the same whatever the API."""
    READ = "read"
    """A read that expects JSON: a 2xx whose body says it failed, is not JSON, or holds nothing."""
    WRITE = "write"
    """A write (POST, PUT, PATCH, DELETE): a 2xx answering it is acknowledged, body or not."""
    SEARCH = "search"
    """A search or list: a 404 means the endpoint is missing, never "nothing matched"."""
    LOOKUP = "lookup"
    """A lookup by id: a 404 is a confirmed absence, when the tool declares it so."""
    SHAPED = "shaped"
    """Another API's body (a Stripe page, an Elasticsearch answer): only a tool for that API."""
    YOUR_BODY = "your_body"
    """Derived from the caller's own success body: pagination and items on their real shape."""
    PLAIN = "plain"
    """An exception a library raises inside a plain function (httpx wraps socket errors itself)."""


@dataclass(frozen=True)
class Expect:
    """Where a correct tool's envelope lands: the outcome, and the failure's code and kind."""

    outcome: Outcome
    code: FailureCode | None = None
    kind: FailureKind | None = None

    def __str__(self) -> str:
        return "/".join(part.value for part in (self.outcome, self.code, self.kind) if part)


#: Serves one fault: the response to ``request`` (or raises the fault's exception), given the
#: caller's success body when there is one.
Serve = Callable[[httpx.Request, "Body | None"], httpx.Response]


@dataclass(frozen=True)
class Fault:
    """One thing an upstream can do to a tool, and what a correct tool must declare for it.

    ``expect`` is the outcome, failure code and kind a correct tool declares; ``also`` lists
    other readings that are as honest (a stream reader that keeps the complete lines of a cut
    stream declares ``partial`` where a whole-body reader declares ``access_failure``).
    """

    name: str
    description: str
    expect: Expect
    scope: Scope
    origin: str
    """Where the fault is defined: ``fixtures/<name>.json``, ``scenarios.py``, ``transport``,
    ``library`` or ``your success body``."""
    also: tuple[Expect, ...] = ()
    serve: Serve = field(repr=False, compare=False, default=lambda r, b: _unserved(r))
    needs: Callable[[Body], str | None] | None = field(repr=False, compare=False, default=None)
    """For a fault made from a success body: why a given body cannot make it (``None``: it can)."""

    @property
    def accepts(self) -> tuple[Expect, ...]:
        """Every expectation a correct tool may meet: ``expect`` first."""
        return (self.expect, *self.also)

    @property
    def needs_success_body(self) -> bool:
        """Whether serving this fault needs the caller's own success body."""
        return self.scope is Scope.YOUR_BODY

    def unmet(self, body: Body | None) -> str | None:
        """Why this fault cannot be served with ``body`` (``None`` when it can)."""
        if not self.needs_success_body:
            return None
        if body is None:
            return "made from your success body: pass success_body="
        return None if self.needs is None else self.needs(body)


def _unserved(request: httpx.Request) -> NoReturn:
    raise RuntimeError("this Fault was built without a way to serve it")
