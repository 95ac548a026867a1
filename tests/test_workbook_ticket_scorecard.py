"""The capstone's scorecard: one deterministic line per scenario, graded on the service's log."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import httpx

from tool_outcomes import Outcome, RetryPolicy, Tool, tool
from tool_outcomes.workbook import check
from tool_outcomes.workbook.nb10.ticket_scorecard import (
    CRITERIA,
    Scorecard,
    describe_run,
    first_problem,
    reference_tool,
    run_scenario,
    scorecard,
)
from tool_outcomes.workbook.nb10.ticket_service import BASE_URL, SearchTickets, scenario_names

# What a check verdict line looks like (the browser test counts these): a card line never is one.
VERDICT = re.compile(r"^\[(PASS|FAIL|TODO)\] \d\d\.\d+", re.MULTILINE)


def with_policy(policy: RetryPolicy) -> Tool[Any, Any]:
    """The reference tool with another retry policy."""
    return dataclasses.replace(reference_tool(), policy=policy)


def test_every_scenario_has_criteria_and_only_scenarios_do() -> None:
    """The criteria table and the scenario list name the same sixteen worlds, in order."""
    assert tuple(CRITERIA) == scenario_names()
    assert all(CRITERIA[name] for name in CRITERIA)


def test_the_reference_tool_meets_every_criterion() -> None:
    """One correct tool scores fully: the criteria ask for nothing a tool cannot do."""
    card = scorecard(reference_tool)
    assert card.perfect
    lines = repr(card).splitlines()
    assert len(lines) == 1 + 16 + 1
    assert lines[0] == "reference_tool in 16 scenarios of the ticket service"
    assert lines[-1] == "16 of 16 scenarios right; 44 of 44 criteria met"
    assert not VERDICT.search(repr(card))


def test_a_line_shows_what_came_back_and_the_first_problem() -> None:
    """A failing scenario's line has its mark, its score, the result and what is wrong."""
    card = scorecard(with_policy(RetryPolicy()))
    line = next(x for x in repr(card).splitlines() if "maintenance_window" in x)
    assert line == (
        "  ✗ maintenance_window  3/4  access_failure/server_error, 3 requests; "
        "answered after 90 s; the assistant waits 20 s"
    )
    assert not card.perfect


def test_a_card_is_the_same_on_every_run_even_with_unseeded_jitter() -> None:
    """No line shows a sleep's length, so an unseeded policy still prints the same card."""
    unseeded = RetryPolicy(max_attempts=4, deadline_s=20)
    assert repr(scorecard(with_policy(unseeded))) == repr(scorecard(with_policy(unseeded)))


def test_a_stub_builder_gets_one_line_that_is_not_a_verdict() -> None:
    """An unwritten builder is named as such; the check's TODO stays the only verdict."""

    def build_search_tool() -> Tool[Any, Any]:
        raise NotImplementedError

    card = scorecard(build_search_tool)
    assert repr(card) == (
        "scorecard for build_search_tool: not attempted yet (it still raises NotImplementedError)"
    )
    assert not card.perfect
    assert not VERDICT.search(repr(card))


def test_a_builder_held_up_by_the_ticket_model_stub_says_to_do_10_1_first() -> None:
    """A written builder that calls an unwritten ticket_model() is not called unattempted."""

    def ticket_model() -> type:
        raise NotImplementedError

    def build_search_tool() -> Tool[Any, Any]:
        ticket_model()  # the learner's builder declares result=list[...] of this model
        return reference_tool()

    assert repr(scorecard(build_search_tool)) == (
        "scorecard for build_search_tool: ticket_model() still raises NotImplementedError: "
        "do 10.1 first"
    )


def test_a_builder_that_breaks_or_builds_no_tool_is_named() -> None:
    """A builder's own exception or a non-tool is one line saying so, not a traceback."""

    def broken() -> Tool[Any, Any]:
        raise KeyError("Ticket")

    def undecorated() -> object:
        return lambda args: None

    assert (
        repr(scorecard(broken))
        == "scorecard for broken: building the tool raised KeyError: 'Ticket'"
    )
    assert repr(scorecard(undecorated)).endswith(
        "expected a Tool (decorate the handler with @tool), got a function"
    )


def test_a_tool_that_raises_scores_nothing_where_it_raises() -> None:
    """``call`` raising (an async handler) costs the scenario, and the line says why."""

    @tool(args=SearchTickets)
    async def search_tickets(args: SearchTickets) -> httpx.Request:
        return httpx.Request("GET", BASE_URL)

    card = scorecard(search_tickets)
    assert isinstance(card, Scorecard)
    first = repr(card).splitlines()[1]
    assert first.startswith("  ✗ single_page         0/2  no envelope; raised TypeError: tool ")


def test_waits_are_measured_on_the_service_log() -> None:
    """The service stamps each request with the fake clock: the wait is what it saw."""
    run = run_scenario(reference_tool(), "deploy_503")
    assert [(s.at_s, s.status) for s in run.served] == [(0.0, 503), (2.0, 200)]
    assert run.elapsed_s == 2.0
    assert first_problem(run) is None


def test_a_retry_before_retry_after_is_a_problem() -> None:
    """A tool that ignores Retry-After is caught by the service's timestamps."""
    run = run_scenario(
        with_policy(RetryPolicy(max_attempts=4, respect_retry_after=False, seed=1)), "deploy_503"
    )
    assert run.envelope.outcome is Outcome.SUCCESS
    problem = first_problem(run)
    assert problem is not None
    assert "asked again after 0.027 s; the service said Retry-After 2" in problem


def test_a_run_is_described_in_a_few_words() -> None:
    """``describe_run`` names the outcome, the code or the coverage, and the request count."""
    tool_ = reference_tool()
    words = {name: describe_run(run_scenario(tool_, name)) for name in scenario_names()}
    assert words["first_page"] == "partial (next_page), 10 of 23, next cursor 'c2'"
    assert words["capped_search"] == "partial (total_exceeds_returned), 50 of 180"
    assert words["no_match"] == "empty, 0 tickets"
    assert words["search_timed_out"] == "partial (upstream_flag), 0 returned"
    assert words["outage"] == "access_failure/server_error, 4 requests"


def test_the_check_and_the_scorecard_agree() -> None:
    """10.2's check passes exactly the scenarios the card marks right."""
    for policy in (RetryPolicy(), RetryPolicy(max_attempts=1), RetryPolicy(max_attempts=2)):
        card = scorecard(with_policy(policy))
        verdict = check("10.2", lambda policy=policy: with_policy(policy))
        assert verdict.passed == sum(score.problem is None for score in card.scores)
