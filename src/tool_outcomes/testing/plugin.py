"""The pytest plugin: ``@pytest.mark.faults`` runs a test once per fault, with one readable id each.

Installed with the package (a ``pytest11`` entry point) and inert until a test carries the
marker; it loads nothing but pytest until then::

    @pytest.mark.faults(scope=["any", "read"])     # or by name: @pytest.mark.faults("timeout")
    def test_search_declares_every_fault(fault):
        with httpx.Client(transport=FaultTransport(fault)) as client:
            env = search.call({"q": "x"}, client=client)
        assert_outcome(env, fault)

The ids are the fault names (``test_search_declares_every_fault[timeout]``), so ``-k timeout``
selects one fault and a failure names the fault it met.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from ._fault import Fault

__all__ = ["fault", "pytest_configure", "pytest_generate_tests"]

MARKER = "faults"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{MARKER}(*names, scope=None): run the test once per fault of "
        "tool_outcomes.testing.FAULTS (every fault, the named ones, or those of the given "
        "scopes), passing it as the `fault` argument",
    )


def _selected(names: Iterable[Any], scope: Any) -> list[Fault]:
    from ._catalogue import FAULTS  # lazy: the catalogue loads only for a marked test
    from ._fault import Scope

    chosen = [FAULTS[str(name)] for name in names] if names else list(FAULTS.values())
    if scope is not None:
        scopes = {Scope(s) for s in ([scope] if isinstance(scope, str) else scope)}
        chosen = [fault for fault in chosen if fault.scope in scopes]
    return chosen


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    marker = metafunc.definition.get_closest_marker(MARKER)
    if marker is None:
        return
    if "fault" not in metafunc.fixturenames:
        raise pytest.UsageError(
            f"{metafunc.definition.nodeid} is marked @pytest.mark.{MARKER} but takes no "
            "'fault' argument"
        )
    unknown = set(marker.kwargs) - {"scope"}
    if unknown:
        raise pytest.UsageError(f"@pytest.mark.{MARKER} takes names and scope=, not {unknown}")
    faults = _selected(marker.args, marker.kwargs.get("scope"))
    metafunc.parametrize("fault", faults, ids=[fault.name for fault in faults])


@pytest.fixture
def fault(request: pytest.FixtureRequest) -> Fault:
    """The fault this run of a ``@pytest.mark.faults`` test meets."""
    pytest.fail(f"{request.node.nodeid} takes 'fault': mark it @pytest.mark.{MARKER}(...)")
