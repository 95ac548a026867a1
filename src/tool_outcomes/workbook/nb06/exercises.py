"""Exercises of notebook 06 and its second part, 06b (registered on import by
:mod:`tool_outcomes.workbook.exercises`).

* ``06.1 retry_loop`` (06) — a function ``retry_loop(call, sleep)``: the notebook's hand-written
  retry loop with its bug found and fixed, run against scripted upstreams (:data:`LOOP_CASES`).
* ``06.2 charge_tool`` (06) — a function ``charge_tool(url)`` returning the
  :class:`~tool_outcomes.Tool` that charges a card (``POST``) safely: run against payment desks
  that lose an acknowledgement or shed load (:data:`CHARGE_CASES`), each call must end in one
  success and one charge.
* ``06.3 first_decision`` (06b) — a function from an envelope to the
  :class:`~tool_outcomes.Decision` the adapter takes on it at the first attempt under
  :data:`EXERCISE_POLICY`: the retry policy as a table. Checked on envelopes the notebook never
  shows; ``tests/test_answers_06.py`` proves each expected decision is what ``with_retry`` traces.

Failure lines say what is wrong with the learner's answer, never what the right one is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from tool_outcomes.adapter import Tool
from tool_outcomes.envelope import (
    Coverage,
    Envelope,
    FailureCode,
    FailureKind,
    Outcome,
    TruncatedBy,
)
from tool_outcomes.retry import RetryPolicy
from tool_outcomes.testing import FakeClock
from tool_outcomes.trace import Decision
from tool_outcomes.workbook.charges import CHARGE_URL, Charge, ChargeDesk
from tool_outcomes.workbook.checks import Case, exercise

from .retry_lab import BASE_S, MAX_ATTEMPTS, ScriptedCall, failed

__all__ = [
    "CHARGE_CASES",
    "DECISION_CASES",
    "EXERCISE_POLICY",
    "LOOP_CASES",
    "ChargeCase",
    "LoopCase",
]

_T = FailureKind.TRANSIENT
_P = FailureKind.PERMANENT

_WIDGETS = [{"id": 1}, {"id": 2}, {"id": 3}]
_SUCCESS = Envelope[Any](outcome=Outcome.SUCCESS, data=_WIDGETS, tool="search")
_EMPTY = Envelope[Any](outcome=Outcome.EMPTY, data=[], tool="search")
_PAGE = Envelope[Any](
    outcome=Outcome.PARTIAL,
    data=_WIDGETS,
    coverage=Coverage(returned=3, next_cursor="p2", truncated_by=TruncatedBy.NEXT_PAGE),
    tool="search",
)
_CUT_TO_NOTHING = Envelope[Any](
    outcome=Outcome.PARTIAL,
    data=[],
    coverage=Coverage(returned=0, truncated_by=TruncatedBy.UPSTREAM_TIMEOUT),
    tool="search",
)

# -- 06.3 ----------------------------------------------------------------------------------------

#: The policy 06.3 asks about: three attempts, waits of up to 60 s honoured, no budget.
EXERCISE_POLICY = RetryPolicy(max_attempts=3, max_retry_after_s=60.0)

_SETTLED = "the source answered completely: what could asking again teach?"
_RESUME = "a cut answer is resumed from its cursor, not asked again from scratch"
_KIND = "read failure.kind: will the same call fail the same way?"
_LATER = "this failure may pass: is there anything in it that forbids waiting for it?"

#: What 06.3 checks: (what it is, the envelope, the decision at attempt 1, a hint).
DECISION_CASES: tuple[tuple[str, Envelope[Any], Decision, str], ...] = (
    ("three widgets", _SUCCESS, Decision.DONE, _SETTLED),
    ("a confirmed empty", _EMPTY, Decision.DONE, _SETTLED),
    ("page 1 with a next cursor", _PAGE, Decision.RETURN_PARTIAL, _RESUME),
    (
        "a search that timed out upstream with no hits",
        _CUT_TO_NOTHING,
        Decision.RETURN_PARTIAL,
        _RESUME,
    ),
    ("a read timeout", failed(FailureCode.TIMEOUT), Decision.RETRY, _LATER),
    ("a refused connection", failed(FailureCode.CONNECT), Decision.RETRY, _LATER),
    (
        "a POST that timed out after it was sent",
        failed(FailureCode.TIMEOUT, _P),
        Decision.NOT_RETRYABLE,
        "the code says what happened, not whether the same call may be sent again: "
        "the adapter wrote that into failure.kind",
    ),
    (
        "an upstream's own error in a 200, reported as passing",
        failed(FailureCode.UPSTREAM_ERROR, _T, http_status=200),
        Decision.RETRY,
        "there are more codes than the usual four, and any of them may be transient: "
        "failure.kind says which",
    ),
    (
        "a 503 with Retry-After: 30",
        failed(FailureCode.SERVER_ERROR, retry_after_s=30.0, http_status=503),
        Decision.RETRY,
        "30 s is within what the policy is willing to wait",
    ),
    (
        "a 503 with Retry-After: 60",
        failed(FailureCode.SERVER_ERROR, retry_after_s=60.0, http_status=503),
        Decision.RETRY,
        "the policy honours waits of up to max_retry_after_s: is this one beyond that?",
    ),
    (
        "a 429 with Retry-After: 61",
        failed(FailureCode.RATE_LIMITED, retry_after_s=61.0, http_status=429),
        Decision.GIVE_UP,
        "compare the wait the upstream asks for with the policy's max_retry_after_s, to the second",
    ),
    (
        "a 429 with Retry-After: 3600",
        failed(FailureCode.RATE_LIMITED, retry_after_s=3600.0, http_status=429),
        Decision.GIVE_UP,
        "compare the wait the upstream asks for with the policy's max_retry_after_s",
    ),
    ("a 401", failed(FailureCode.UNAUTHORIZED, _P, http_status=401), Decision.NOT_RETRYABLE, _KIND),
    ("a schema rejection", failed(FailureCode.SCHEMA, _P), Decision.NOT_RETRYABLE, _KIND),
    (
        "an HTML page in a 200",
        failed(FailureCode.INVALID_BODY, _P, http_status=200),
        Decision.NOT_RETRYABLE,
        _KIND,
    ),
    ("a bug in the tool's code", failed(FailureCode.EXECUTION, _P), Decision.NOT_RETRYABLE, _KIND),
    (
        "the breaker refused the call",
        failed(FailureCode.CIRCUIT_OPEN, retry_after_s=20.0),
        Decision.CIRCUIT_OPEN,
        "the refusal is transient, but every caller waiting it out inside its loop would "
        "line up as a probe: the breaker's refusal has its own decision",
    ),
)


@exercise(
    "06.3",
    name="first_decision",
    hint="outcome first (only an access failure can be retried), then the failure: "
    "the breaker's refusal, its kind, and the wait it asks for",
    why=(
        "Only a transient access failure is retried, after the wait it asks for, and never "
        "against an open breaker: every other result is final."
    ),
)
def _first_decision() -> Iterator[Case]:
    for describe, env, decision, hint in DECISION_CASES:
        yield Case(args=(env,), expected=decision, describe=describe, hint=hint)


# -- 06.1 ----------------------------------------------------------------------------------------


class LoopCase(NamedTuple):
    """One upstream 06.1 runs the learner's loop against, and what the loop must do with it."""

    describe: str
    script: tuple[Envelope[Any], ...]
    outcome: Outcome
    """The outcome the loop must return."""
    calls: int
    """How many calls it must make."""
    min_sleep_s: float = 0.0
    """The shortest wait any of its sleeps may be (the upstream's Retry-After)."""
    sleeps: tuple[float, ...] | None = None
    """When given, exactly the waits the colleague's loop makes here: its backoff, kept."""
    hint: str | None = None


_DOWN = failed(FailureCode.SERVER_ERROR, http_status=503)

#: What 06.1 checks, in order (a failing loop is shown the first case it fails).
LOOP_CASES: tuple[LoopCase, ...] = (
    LoopCase("an upstream that answers at once", (_SUCCESS,), Outcome.SUCCESS, 1),
    LoopCase(
        "a confirmed empty, then (if asked again) three widgets",
        (_EMPTY, _SUCCESS),
        Outcome.EMPTY,
        1,
        hint="the source already said it holds nothing: asking again is fishing for another answer",
    ),
    LoopCase(
        "a first page with a next cursor",
        (_PAGE, _SUCCESS),
        Outcome.PARTIAL,
        1,
        hint="a partial is returned as it is, with its cursor: resuming it is the caller's call",
    ),
    LoopCase(
        "a search cut off by its own timeout, no hits",
        (_CUT_TO_NOTHING, _SUCCESS),
        Outcome.PARTIAL,
        1,
        hint="an answer cut to nothing is still an answer with a cut, not a failure",
    ),
    LoopCase(
        "two read timeouts, then three widgets",
        (failed(FailureCode.TIMEOUT), failed(FailureCode.TIMEOUT), _SUCCESS),
        Outcome.SUCCESS,
        3,
    ),
    LoopCase(
        "two 503s without Retry-After, then three widgets",
        (_DOWN, _DOWN, _SUCCESS),
        Outcome.SUCCESS,
        3,
        sleeps=(BASE_S, 2 * BASE_S),
        hint="keep what the colleague's loop did right: how long it waits before each retry",
    ),
    LoopCase(
        "a 401, then (if asked again) three widgets",
        (failed(FailureCode.UNAUTHORIZED, _P, http_status=401), _SUCCESS),
        Outcome.ACCESS_FAILURE,
        1,
        hint="a permanent failure comes back the same way every time",
    ),
    LoopCase(
        "an upstream that is down",
        (_DOWN,),
        Outcome.ACCESS_FAILURE,
        MAX_ATTEMPTS,
        hint="when the attempts run out, return what the last one said, at once: no call "
        "follows to wait for",
    ),
    LoopCase(
        "a 429 asking for 4 s, then three widgets",
        (failed(FailureCode.RATE_LIMITED, retry_after_s=4.0, http_status=429), _SUCCESS),
        Outcome.SUCCESS,
        2,
        min_sleep_s=4.0,
        hint="the upstream said how long to wait (failure.retry_after_s): an earlier retry is "
        "turned away again",
    ),
)


def _loop_verifier(
    case: LoopCase, call: ScriptedCall, clock: FakeClock
) -> Callable[[object], str | None]:
    def verify(result: object) -> str | None:
        if not isinstance(result, Envelope):
            return f"returned a {type(result).__name__}, not an Envelope"
        made = f"{call.calls} call{'s' if call.calls != 1 else ''}"
        if result.outcome is not case.outcome:
            return f"returned {result.outcome.value} after {made}"
        if call.calls != case.calls:
            return f"made {made}"
        if len(clock.sleeps) >= max(call.calls, 1):
            return f"slept {len(clock.sleeps)} times around {made}"
        short = [s for s in clock.sleeps if s < case.min_sleep_s]
        if short:
            return f"slept {short[0]:g} s, less than the upstream asked for"
        if case.sleeps is not None and tuple(clock.sleeps) != case.sleeps:
            waits = ", ".join(f"{s:g}" for s in clock.sleeps)
            return f"waited [{waits}] s before its retries: not the backoff the loop had"
        return None

    return verify


@exercise(
    "06.1",
    name="retry_loop",
    hint="key the loop on the outcome, not on whether data came back: only an access failure "
    "that may pass deserves another call",
    why=(
        "The loop is keyed on the outcome: success, empty and partial end it; only an access "
        "failure that may pass earns another call."
    ),
)
def _retry_loop() -> Iterator[Case]:
    for case in LOOP_CASES:
        call, clock = ScriptedCall(case.script), FakeClock()
        yield Case(
            args=(call, clock.sleep),
            describe=case.describe,
            verify=_loop_verifier(case, call, clock),
            hint=case.hint,
        )


# -- 06.2 ----------------------------------------------------------------------------------------


class ChargeCase(NamedTuple):
    """One payment desk 06.2 runs the learner's tool against."""

    describe: str
    lose_acks: int = 0
    unavailable: int = 0
    hint: str | None = None


#: What 06.2 checks: every call must end in one success and exactly one charge.
CHARGE_CASES: tuple[ChargeCase, ...] = (
    ChargeCase(
        "a desk that charges, then loses its answer once",
        lose_acks=1,
        hint="the charge was made, the answer lost: the tool may ask again only in a way the "
        "desk can recognise as the same charge",
    ),
    ChargeCase(
        "a desk that sheds load twice before charging",
        unavailable=2,
        hint="a 503 to a write may or may not have changed something: what lets the adapter "
        "retry it anyway?",
    ),
    ChargeCase("a desk that answers at once"),
)


def _charge_verifier(case: ChargeCase) -> Callable[[object], str | None]:
    def verify(result: object) -> str | None:
        if not isinstance(result, Tool):
            return f"returned a {type(result).__name__}, not a Tool"
        desk = ChargeDesk(lose_acks=case.lose_acks, unavailable=case.unavailable)
        with desk.client() as http:
            env = result.call(Charge(), client=http, sleep=FakeClock().sleep)
        asked = f"{len(desk.keys)} request{'s' if len(desk.keys) != 1 else ''}"
        if len(desk.charges) > 1:
            return f"charged the card {len(desk.charges)} times in {asked}"
        if env.outcome is not Outcome.SUCCESS:
            return f"returned {env.outcome.value} after {asked}"
        if len(set(desk.keys)) != 1 or None in desk.keys:
            return f"its {asked} did not all carry one idempotency key"
        return None

    return verify


@exercise(
    "06.2",
    name="charge_tool",
    hint="a write whose answer was lost may have taken effect: the adapter retries it only "
    "when every attempt carries the same idempotency key",
    why=(
        "One key, made once per call and sent on every attempt, lets the upstream apply the "
        "write once however often it is retried; without it a lost answer is never retried."
    ),
)
def _charge_tool() -> Iterator[Case]:
    for case in CHARGE_CASES:
        yield Case(
            args=(CHARGE_URL,),
            describe=case.describe,
            verify=_charge_verifier(case),
            hint=case.hint,
        )
