"""Consumption is exhaustive: every outcome needs a handler, checked when handlers are defined."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from mypy import api as mypy_api

from tool_outcomes import (
    Coverage,
    Envelope,
    Failure,
    FailureCode,
    FailureKind,
    Outcome,
    OutcomeHandlers,
    TruncatedBy,
    dispatch,
    on_outcome,
)
from tool_outcomes.consume import next_step

ENVELOPES: dict[Outcome, Envelope[list[int]]] = {
    Outcome.SUCCESS: Envelope[list[int]](outcome=Outcome.SUCCESS, data=[1, 2]),
    Outcome.EMPTY: Envelope[list[int]](outcome=Outcome.EMPTY, data=[]),
    Outcome.PARTIAL: Envelope[list[int]](
        outcome=Outcome.PARTIAL,
        data=[1],
        coverage=Coverage(returned=1, total=2, truncated_by=TruncatedBy.TOTAL_EXCEEDS_RETURNED),
    ),
    Outcome.ACCESS_FAILURE: Envelope[list[int]](
        outcome=Outcome.ACCESS_FAILURE,
        failure=Failure(code=FailureCode.TIMEOUT, kind=FailureKind.TRANSIENT),
    ),
}


def _recording_handlers() -> dict[str, Callable[[Envelope[list[int]]], str]]:
    """One handler per outcome, each returning its own outcome's name."""

    def handler_named(name: str) -> Callable[[Envelope[list[int]]], str]:
        return lambda env: f"{name}:{env.outcome.value}"

    return {o.value: handler_named(o.value) for o in Outcome}


BUILDERS: dict[str, Callable[..., Callable[[Envelope[list[int]]], str]]] = {
    "on_outcome": lambda **h: on_outcome(**h),
    "OutcomeHandlers": lambda **h: OutcomeHandlers(**h),
    "dispatch": lambda **h: lambda env: dispatch(env, **h),
}


@pytest.mark.parametrize("builder", BUILDERS)
@pytest.mark.parametrize("outcome", Outcome)
def test_each_outcome_reaches_its_own_handler(builder: str, outcome: Outcome) -> None:
    """The handler bound to an outcome, and only that one, receives envelopes of that outcome."""
    route = BUILDERS[builder](**_recording_handlers())
    assert route(ENVELOPES[outcome]) == f"{outcome.value}:{outcome.value}"


MISSING_CASES: list[tuple[str, ...]] = [
    *((o.value,) for o in Outcome),
    (Outcome.PARTIAL.value, Outcome.ACCESS_FAILURE.value),
    tuple(o.value for o in Outcome),
]


@pytest.mark.parametrize("builder", BUILDERS)
@pytest.mark.parametrize("missing", MISSING_CASES, ids="+".join)
def test_a_missing_handler_fails_at_definition_naming_the_outcome(
    builder: str, missing: tuple[str, ...]
) -> None:
    """Leaving out any handler is a TypeError before any envelope is routed, naming each one."""
    handlers = {k: v for k, v in _recording_handlers().items() if k not in missing}
    with pytest.raises(TypeError, match="no handler for outcome") as raised:
        _define_and_route(builder, handlers)
    assert f"outcome(s): {', '.join(missing)}" in str(raised.value)


@pytest.mark.parametrize("builder", ["on_outcome", "OutcomeHandlers"])
def test_a_router_missing_a_handler_cannot_even_be_built(builder: str) -> None:
    """A reusable router is refused when defined, before any envelope has been seen."""
    handlers = _recording_handlers()
    del handlers[Outcome.EMPTY.value]
    with pytest.raises(TypeError, match=r"no handler for outcome\(s\): empty\."):
        BUILDERS[builder](**handlers)


def test_dispatch_checks_all_handlers_whatever_the_outcome() -> None:
    """dispatch refuses a missing partial handler even for a success, which would not need it."""
    handlers = _recording_handlers()
    del handlers[Outcome.PARTIAL.value]
    with pytest.raises(TypeError, match="partial"):
        dispatch(ENVELOPES[Outcome.SUCCESS], **handlers)


def _define_and_route(builder: str, handlers: dict[str, Any]) -> str:
    return BUILDERS[builder](**handlers)(ENVELOPES[Outcome.SUCCESS])


@pytest.mark.parametrize("builder", BUILDERS)
def test_a_misspelt_or_extra_handler_is_refused(builder: str) -> None:
    """An unknown key is named, and the outcome it was probably meant for is reported missing."""
    handlers: dict[str, Any] = _recording_handlers()
    handlers["acces_failure"] = handlers.pop("access_failure")
    handlers["timeout"] = handlers["success"]
    with pytest.raises(TypeError) as raised:
        _define_and_route(builder, handlers)
    message = str(raised.value)
    assert "unknown outcome(s): acces_failure, timeout" in message
    assert "no handler for outcome(s): access_failure" in message


@pytest.mark.parametrize("builder", BUILDERS)
def test_a_handler_that_is_not_callable_is_refused(builder: str) -> None:
    """A handler must be callable; a value in its place is named."""
    handlers: dict[str, Any] = {**_recording_handlers(), "empty": []}
    with pytest.raises(TypeError, match=r"not callable: empty"):
        _define_and_route(builder, handlers)


def test_routing_something_that_is_not_an_envelope_is_refused() -> None:
    """A router only accepts envelopes: a bare list is exactly the ambiguity it exists to stop."""
    route = on_outcome(**_recording_handlers())
    with pytest.raises(TypeError, match="expected an Envelope, got list"):
        route([])  # type: ignore[arg-type]


def test_handler_for_returns_the_bound_handler() -> None:
    """Each outcome's handler can be looked up, by enum or by value."""
    handlers = _recording_handlers()
    route = on_outcome(**handlers)
    for outcome in Outcome:
        assert route.handler_for(outcome) is handlers[outcome.value]
    assert route.handler_for(Outcome("empty")) is handlers["empty"]


def test_next_step_has_distinct_advice_for_each_outcome() -> None:
    """The exhaustive-match example gives each outcome class its own advice."""
    advice = {outcome: next_step(env) for outcome, env in ENVELOPES.items()}
    assert len(set(advice.values())) == len(Outcome)
    assert "retry" in advice[Outcome.ACCESS_FAILURE]
    assert "never as the whole" in advice[Outcome.PARTIAL]


_MATCH_TEMPLATE = """
from typing import assert_never

from tool_outcomes.envelope import Envelope, Outcome


def spend(env: Envelope[list[int]]) -> str:
    outcome = env.outcome
    match outcome:
        case Outcome.SUCCESS:
            return "use"
        case Outcome.EMPTY:
            return "absent"
        case Outcome.PARTIAL:
            return "part"
{last_case}        case _:
            assert_never(outcome)
"""
_LAST_CASE = '        case Outcome.ACCESS_FAILURE:\n            return "unanswered"\n'
_FORGETFUL_ROUTER = """
from tool_outcomes.consume import OutcomeHandlers, on_outcome
from tool_outcomes.envelope import Envelope


def label(env: Envelope[int]) -> str:
    return env.outcome.value


route: OutcomeHandlers[int, str] = on_outcome(success=label, empty=label, partial=label)
"""


def test_mypy_reports_a_match_or_router_that_forgets_an_outcome(tmp_path: Path) -> None:
    """mypy --strict accepts the exhaustive match, and flags a forgotten case or handler."""
    complete = tmp_path / "complete_match.py"
    forgetful = tmp_path / "forgetful_match.py"
    router = tmp_path / "forgetful_router.py"
    complete.write_text(textwrap.dedent(_MATCH_TEMPLATE.format(last_case=_LAST_CASE)))
    forgetful.write_text(textwrap.dedent(_MATCH_TEMPLATE.format(last_case="")))
    router.write_text(_FORGETFUL_ROUTER)
    stdout, stderr, status = mypy_api.run(
        [
            "--strict",
            "--no-incremental",
            "--warn-unreachable",
            "--config-file=",
            "--cache-dir=" + str(tmp_path / "mypy_cache"),
            str(complete),
            str(forgetful),
            str(router),
        ]
    )
    assert status == 1, stdout + stderr
    errors = sorted(line for line in stdout.splitlines() if ": error:" in line)
    assert len(errors) == 2, stdout
    match_error, router_error = errors
    assert match_error.startswith(str(forgetful))
    assert "assert_never" in match_error
    assert "ACCESS_FAILURE" in match_error
    assert router_error.startswith(str(router))
    assert 'Missing named argument "access_failure"' in router_error
