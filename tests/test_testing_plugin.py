"""The pytest plugin: installed with the package, inert until a test is marked, one id per fault."""

from __future__ import annotations

from importlib.metadata import entry_points

import pytest

from tool_outcomes.testing import FAULTS, Scope

pytest_plugins = ["pytester"]

#: The inner runs need neither a cache nor asyncio (whose unset loop scope would warn).
QUIET = ("-p", "no:cacheprovider", "-p", "no:asyncio")

#: A user's test module: a request builder checked against faults through the plugin.
USER_TESTS = """
import httpx
import pytest
from pydantic import BaseModel

from tool_outcomes import tool
from tool_outcomes.testing import FaultTransport, assert_outcome


class Query(BaseModel):
    q: str


@tool(args=Query, items="results")
def search(args: Query) -> httpx.Request:
    return httpx.Request("GET", "https://api.example.test/search", params={"q": args.q})


@pytest.mark.faults({names})
def test_search_declares_the_fault(fault):
    with httpx.Client(transport=FaultTransport(fault)) as client:
        env = search.call({"q": "x"}, client=client, sleep=lambda s: None)
    assert_outcome(env, fault)
"""


def test_the_plugin_is_a_pytest11_entry_point() -> None:
    """pytest loads it from the installed package: no conftest line needed."""
    (plugin,) = [ep for ep in entry_points(group="pytest11") if ep.name == "tool_outcomes"]
    assert plugin.value == "tool_outcomes.testing.plugin"


def test_a_marked_test_runs_once_per_named_fault_with_the_fault_as_its_id(
    pytester: pytest.Pytester,
) -> None:
    """Each fault is one test, its id the fault's name; a passing tool passes every one."""
    names = ["timeout", "lying_html_200", "rate_limited", "refused"]
    pytester.makepyfile(USER_TESTS.replace("{names}", ", ".join(map(repr, names))))
    result = pytester.runpytest("-v", *QUIET)
    result.assert_outcomes(passed=len(names))
    for name in names:
        result.stdout.fnmatch_lines([f"*test_search_declares_the_fault[[]{name}[]] PASSED*"])


def test_a_marked_test_with_a_scope_covers_that_scope_of_the_catalogue(
    pytester: pytest.Pytester,
) -> None:
    """``scope="any"`` collects exactly the catalogue's faults that concern every tool."""
    pytester.makepyfile(USER_TESTS.replace("{names}", 'scope="any"'))
    result = pytester.runpytest("--collect-only", "-q", *QUIET)
    ids = [line.split("[", 1)[1].rstrip("]") for line in result.outlines if "[" in line]
    assert ids == [fault.name for fault in FAULTS.where(Scope.ANY)]


def test_an_unmarked_test_is_untouched_and_the_fault_fixture_says_how_to_use_it(
    pytester: pytest.Pytester,
) -> None:
    """Without the marker nothing is parametrized; asking for `fault` alone names the marker."""
    pytester.makepyfile(
        """
        def test_plain():
            assert True

        def test_wants_a_fault(fault):
            pass
        """
    )
    result = pytester.runpytest(*QUIET)
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines(["*mark it @pytest.mark.faults(...)*"])


def test_a_wrong_tool_fails_on_the_fault_it_hides(pytester: pytest.Pytester) -> None:
    """A tool that reads HTML as text fails the lying 200, and the failure names the fault."""
    wrong = USER_TESTS.replace("{names}", '"lying_html_200", "timeout"').replace(
        '@tool(args=Query, items="results")', '@tool(args=Query, expect="text")'
    )
    pytester.makepyfile(wrong)
    result = pytester.runpytest(*QUIET)
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        ["*fault 'lying_html_200': tool 'search': outcome is success, not access_failure*"]
    )
