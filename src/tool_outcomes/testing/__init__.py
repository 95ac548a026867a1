"""Testing code that uses tool_outcomes: a fake clock, the fault catalogue, and the conformance kit.

* :class:`FakeClock`: time that moves only when something sleeps on it (retries never wait).
* :data:`FAULTS`: every fault a tool must declare right, as data (name, description, expected
  outcome, code and kind, and which tools it concerns).
* :class:`FaultTransport`: an httpx transport, sync and async, that serves one fault on any URL.
* :func:`check_tool`: one call per fault, graded, as a :class:`ConformanceReport`.
* :func:`assert_outcome`: an assertion whose message says what differed.
* A pytest plugin (``@pytest.mark.faults``): one test per fault, one readable id each.

Example::

    report = check_tool(search, {"q": "refund"}, success_body=one_real_answer)
    assert report.ok, report

``import tool_outcomes.testing`` loads only the clock; the rest loads on first use, and respx
only when a plain function must be driven.
"""

import importlib as _importlib
import typing as _typing

from ._clock import FakeClock

if _typing.TYPE_CHECKING:
    from ._assert import assert_outcome
    from ._catalogue import FAULTS, LIBRARY_EXCEPTIONS, FaultCatalogue, raise_as
    from ._check import (
        CheckOptions,
        ClientFactory,
        ConformanceReport,
        Row,
        Verdict,
        check_tool,
        conformance_problem,
    )
    from ._fault import Expect, Fault, Scope
    from ._transport import FaultTransport

__all__ = [
    "FAULTS",
    "LIBRARY_EXCEPTIONS",
    "CheckOptions",
    "ClientFactory",
    "ConformanceReport",
    "Expect",
    "FakeClock",
    "Fault",
    "FaultCatalogue",
    "FaultTransport",
    "Row",
    "Scope",
    "Verdict",
    "assert_outcome",
    "check_tool",
    "conformance_problem",
    "raise_as",
]

_HOMES: dict[str, str] = {
    "assert_outcome": "_assert",
    **dict.fromkeys(["FAULTS", "LIBRARY_EXCEPTIONS", "FaultCatalogue", "raise_as"], "_catalogue"),
    **dict.fromkeys(
        [
            "CheckOptions",
            "ClientFactory",
            "ConformanceReport",
            "Row",
            "Verdict",
            "check_tool",
            "conformance_problem",
        ],
        "_check",
    ),
    **dict.fromkeys(["Expect", "Fault", "Scope"], "_fault"),
    "FaultTransport": "_transport",
}


def __getattr__(name: str) -> _typing.Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(_importlib.import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
