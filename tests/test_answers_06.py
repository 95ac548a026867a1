"""Notebook 06's checks fail plausible wrong answers with a hint, and agree with the library."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest

from tool_outcomes import (
    Decision,
    Envelope,
    FailureCode,
    FailureKind,
    Outcome,
    RetryPolicy,
    Tool,
    tool,
    with_retry,
)
from tool_outcomes.testing import FakeClock
from tool_outcomes.workbook import CheckStatus, check
from tool_outcomes.workbook.charges import CHARGE_URL, Charge, ChargeDesk
from tool_outcomes.workbook.nb06.exercises import (
    CHARGE_CASES,
    DECISION_CASES,
    EXERCISE_POLICY,
    LOOP_CASES,
    ChargeCase,
)
from tool_outcomes.workbook.nb06.retry_lab import (
    BASE_S,
    MAX_ATTEMPTS,
    ScriptedCall,
    capture_decisions,
)

# -- 06.3 ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("env", "decision"),
    [(env, decision) for _, env, decision, _ in DECISION_CASES],
    ids=[describe for describe, _, _, _ in DECISION_CASES],
)
def test_each_06_3_decision_is_what_with_retry_traces(
    env: Envelope[Any], decision: Decision
) -> None:
    """The check's table is not a second opinion: with_retry takes that decision at attempt 1."""
    with capture_decisions() as records:
        with_retry(ScriptedCall([env]), EXERCISE_POLICY, sleep=FakeClock().sleep)
    assert Decision(records[0]["decision"]) is decision


def test_the_06_3_cases_cover_every_decision_a_first_attempt_can_take() -> None:
    """Without budget or deadline, these six decisions are all a first attempt can lead to."""
    assert {decision for _, _, decision, _ in DECISION_CASES} == {
        Decision.DONE,
        Decision.RETURN_PARTIAL,
        Decision.NOT_RETRYABLE,
        Decision.RETRY,
        Decision.GIVE_UP,
        Decision.CIRCUIT_OPEN,
    }


def reference_first_decision(env: Envelope[Any]) -> Decision:
    """The notebook's answer."""
    if env.outcome in (Outcome.SUCCESS, Outcome.EMPTY):
        return Decision.DONE
    if env.outcome is Outcome.PARTIAL:
        return Decision.RETURN_PARTIAL
    assert env.failure is not None
    if env.failure.code is FailureCode.CIRCUIT_OPEN:
        return Decision.CIRCUIT_OPEN
    if env.failure.kind is FailureKind.PERMANENT:
        return Decision.NOT_RETRYABLE
    wait = env.failure.retry_after_s
    if wait is not None and wait > EXERCISE_POLICY.max_retry_after_s:
        return Decision.GIVE_UP
    return Decision.RETRY


def retries_everything(env: Envelope[Any]) -> Decision:
    return Decision.RETRY


def retries_empty(env: Envelope[Any]) -> Decision:
    if env.outcome is Outcome.SUCCESS:
        return Decision.DONE
    return reference_first_decision(env) if env.outcome is not Outcome.EMPTY else Decision.RETRY


def ignores_kind(env: Envelope[Any]) -> Decision:
    if env.outcome is Outcome.ACCESS_FAILURE:
        return Decision.RETRY
    return reference_first_decision(env)


def waits_out_the_breaker(env: Envelope[Any]) -> Decision:
    decision = reference_first_decision(env)
    return Decision.RETRY if decision is Decision.CIRCUIT_OPEN else decision


def ignores_retry_after(env: Envelope[Any]) -> Decision:
    decision = reference_first_decision(env)
    return Decision.RETRY if decision is Decision.GIVE_UP else decision


def retries_partial(env: Envelope[Any]) -> Decision:
    if env.outcome is Outcome.PARTIAL:
        return Decision.RETRY
    return reference_first_decision(env)


def decision_names(env: Envelope[Any]) -> str:
    return reference_first_decision(env).value


#: The codes a table keyed on codes usually calls retryable.
USUAL_TRANSIENT_CODES = frozenset(
    {FailureCode.TIMEOUT, FailureCode.CONNECT, FailureCode.SERVER_ERROR, FailureCode.RATE_LIMITED}
)


def decides_by_code(env: Envelope[Any]) -> Decision:
    """Reads failure.code for retryability and never failure.kind."""
    failure = env.failure
    if failure is None:
        return reference_first_decision(env)
    kind = FailureKind.TRANSIENT if failure.code in USUAL_TRANSIENT_CODES else FailureKind.PERMANENT
    if failure.code is FailureCode.CIRCUIT_OPEN:
        kind = failure.kind
    as_coded = failure.model_copy(update={"kind": kind})
    return reference_first_decision(env.model_copy(update={"failure": as_coded}))


def gives_up_at_the_bound(env: Envelope[Any]) -> Decision:
    """Gives up on a Retry-After equal to max_retry_after_s, which the policy still honours."""
    decision = reference_first_decision(env)
    wait = env.failure.retry_after_s if env.failure is not None else None
    if decision is Decision.RETRY and wait is not None:
        return Decision.GIVE_UP if wait >= EXERCISE_POLICY.max_retry_after_s else decision
    return decision


def test_the_reference_answer_to_06_3_passes() -> None:
    """The notebook's policy table passes every case."""
    assert check("06.3", reference_first_decision).status is CheckStatus.PASS


WRONG_06_3: list[Callable[[Envelope[Any]], object]] = [
    retries_everything,
    retries_empty,
    ignores_kind,
    waits_out_the_breaker,
    ignores_retry_after,
    retries_partial,
    decision_names,
    decides_by_code,
    gives_up_at_the_bound,
]


@pytest.mark.parametrize("answer", WRONG_06_3, ids=[f.__name__ for f in WRONG_06_3])
def test_wrong_policy_tables_fail_06_3_with_a_hint(
    answer: Callable[[Envelope[Any]], object],
) -> None:
    """Each plausible wrong table is a FAIL with a hint."""
    result = check("06.3", answer)
    assert result.status is CheckStatus.FAIL, repr(result)
    assert "(hint: " in repr(result)


@pytest.mark.parametrize(
    ("answer", "case", "hint_says"),
    [
        (decides_by_code, "a POST that timed out after it was sent", "failure.kind"),
        (gives_up_at_the_bound, "a 503 with Retry-After: 60", "max_retry_after_s"),
    ],
    ids=["decides_by_code", "gives_up_at_the_bound"],
)
def test_a_wrong_table_is_shown_the_case_it_breaks_and_that_case_s_hint(
    answer: Callable[[Envelope[Any]], object], case: str, hint_says: str
) -> None:
    """A table keyed on codes meets the timed-out POST; a '>=' bound meets a wait of just 60 s."""
    line = repr(check("06.3", answer))
    assert f"({case})" in line
    assert hint_says in line.split("(hint: ", 1)[1]


def test_the_06_3_cases_hold_a_permanent_timeout_and_a_transient_unusual_code() -> None:
    """The kind, not the code, decides: the cases set the two against each other both ways."""
    kinds = {
        (env.failure.code, env.failure.kind)
        for _, env, _, _ in DECISION_CASES
        if env.failure is not None
    }
    assert (FailureCode.TIMEOUT, FailureKind.PERMANENT) in kinds
    unusual = USUAL_TRANSIENT_CODES | {FailureCode.CIRCUIT_OPEN}
    assert any(kind is FailureKind.TRANSIENT and code not in unusual for code, kind in kinds)


# -- 06.1 ----------------------------------------------------------------------------------------

Call = Callable[[], Envelope[Any]]
Sleep = Callable[[float], None]


COMPLETE_OR_CUT = frozenset({Outcome.SUCCESS, Outcome.EMPTY, Outcome.PARTIAL})


def make_loop(
    *,
    returns_at_once: frozenset[Outcome] = COMPLETE_OR_CUT,
    reads_kind: bool = True,
    honours_retry_after: bool = True,
    sleeps_after_last: bool = False,
    backs_off: bool = True,
) -> Callable[[Call, Sleep], Envelope[Any]]:
    """The notebook's hand-written loop, with each of its rules switchable (to get it wrong)."""

    def loop(call: Call, sleep: Sleep) -> Envelope[Any]:
        for attempt in range(1, MAX_ATTEMPTS + 1):
            env = call()
            if env.outcome in returns_at_once:
                return env
            failure = env.failure
            if reads_kind and failure is not None and failure.kind is FailureKind.PERMANENT:
                return env
            if attempt < MAX_ATTEMPTS or sleeps_after_last:
                wait = BASE_S * 2.0 ** (attempt - 1) if backs_off else BASE_S
                if honours_retry_after and failure is not None and failure.retry_after_s:
                    wait = max(wait, failure.retry_after_s)
                sleep(wait)
        return env

    return loop


reference_loop = make_loop()

#: with_retry with the hand-written loop's waits: its attempts, its base, no jitter.
LOOP_POLICY = RetryPolicy(max_attempts=MAX_ATTEMPTS, backoff_base_s=BASE_S, jitter=False)


def keyed_on_data(call: Call, sleep: Sleep) -> Envelope[Any]:
    """Retries until data came back: the shape, not the outcome."""
    for attempt in range(1, MAX_ATTEMPTS + 1):
        env = call()
        if env.data or attempt == MAX_ATTEMPTS:
            return env
        sleep(BASE_S)
    return env


def empty_when_exhausted(call: Call, sleep: Sleep) -> Envelope[Any]:
    """Right until the end, then the empty-list lie."""
    env = reference_loop(call, sleep)
    if env.outcome is Outcome.ACCESS_FAILURE and env.failure is not None and env.failure.transient:
        return Envelope[Any](outcome=Outcome.EMPTY, data=[])
    return env


def never_retries(call: Call, sleep: Sleep) -> Envelope[Any]:
    """One call, whatever came back."""
    return call()


@pytest.mark.parametrize(
    "answer",
    [
        reference_loop,
        lambda call, sleep: with_retry(call, LOOP_POLICY, sleep=sleep),
    ],
    ids=["fixed by hand", "with_retry"],
)
def test_a_loop_keyed_on_the_outcome_passes_06_1(answer: Callable[[Call, Sleep], object]) -> None:
    """The notebook's fix passes, and so does the library's own loop given the same waits."""
    assert check("06.1", answer).status is CheckStatus.PASS


WRONG_06_1: dict[str, Callable[[Call, Sleep], Envelope[Any]]] = {
    "the loop as given: only success stops it": make_loop(
        returns_at_once=frozenset({Outcome.SUCCESS})
    ),
    "half a fix: the partial is asked again": make_loop(
        returns_at_once=frozenset({Outcome.SUCCESS, Outcome.EMPTY})
    ),
    "keyed on data": keyed_on_data,
    "[] when exhausted": empty_when_exhausted,
    "retries permanent failures": make_loop(reads_kind=False),
    "ignores Retry-After": make_loop(honours_retry_after=False),
    "sleeps after the last attempt": make_loop(sleeps_after_last=True),
    "never retries": never_retries,
    "waits BASE_S every time": make_loop(backs_off=False),
    "with_retry with its own jittered waits": lambda call, sleep: with_retry(
        call, RetryPolicy(max_attempts=MAX_ATTEMPTS, seed=1), sleep=sleep
    ),
}


@pytest.mark.parametrize("answer", WRONG_06_1.values(), ids=WRONG_06_1.keys())
def test_wrong_loops_fail_06_1_with_a_hint(answer: Callable[[Call, Sleep], Envelope[Any]]) -> None:
    """Each wrong loop is a FAIL with a hint."""
    result = check("06.1", answer)
    assert result.status is CheckStatus.FAIL, repr(result)
    assert "(hint: " in repr(result)


@pytest.mark.parametrize(
    ("answer", "case", "hint_says"),
    [
        ("waits BASE_S every time", "two 503s without Retry-After", "how long it waits"),
        ("ignores Retry-After", "a 429 asking for 4 s", "retry_after_s"),
    ],
)
def test_a_wrong_wait_is_shown_the_case_it_breaks_and_that_case_s_hint(
    answer: str, case: str, hint_says: str
) -> None:
    """A constant wait meets the backoff case, a dropped Retry-After the 429: each with its hint."""
    line = repr(check("06.1", WRONG_06_1[answer]))
    assert f"({case}" in line
    assert hint_says in line.split("(hint: ", 1)[1]
    assert "key the loop on the outcome" not in line


def test_each_06_1_case_is_what_with_retry_does() -> None:
    """The calls, outcomes and waits the check demands are the library's, case by case."""
    for case in LOOP_CASES:
        call, clock = ScriptedCall(case.script), FakeClock()
        env = with_retry(call, LOOP_POLICY, sleep=clock.sleep, clock=clock)
        assert (env.outcome, call.calls) == (case.outcome, case.calls), case.describe
        assert all(s >= case.min_sleep_s for s in clock.sleeps), case.describe
        if case.sleeps is not None:
            assert tuple(clock.sleeps) == case.sleeps, case.describe


def test_the_06_1_cases_demand_a_backoff_over_two_retries_without_retry_after() -> None:
    """A loop that waits the same every time cannot pass: some case fixes two growing waits."""
    assert any(
        case.sleeps is not None and len(case.sleeps) >= 2 and case.sleeps[1] > case.sleeps[0]
        for case in LOOP_CASES
    )


def test_a_loop_case_starts_fresh_on_every_check() -> None:
    """Each check builds new scripted upstreams, so a second run is judged like the first."""
    assert check("06.1", reference_loop).status is CheckStatus.PASS
    assert check("06.1", reference_loop).status is CheckStatus.PASS


# -- 06.2 ----------------------------------------------------------------------------------------


def _charge(url: str, **options: Any) -> Tool[Charge, Any]:
    @tool(args=Charge, name="charge_card", **options)
    def charge_card(args: Charge) -> httpx.Request:
        return httpx.Request("POST", url, json=args.model_dump())

    return charge_card


def reference_charge_tool(url: str) -> Tool[Charge, Any]:
    """The notebook's answer: the key, and nothing else changed."""
    return _charge(url, idempotency_key="Idempotency-Key")


WRONG_06_2: dict[str, Callable[[str], object]] = {
    "no key": lambda url: _charge(url),
    "retries every write": lambda url: _charge(url, retry_unsafe_methods=True),
    "a key, but never retried": lambda url: _charge(
        url, idempotency_key="Idempotency-Key", policy=RetryPolicy(max_attempts=1)
    ),
    "a header the desk does not read": lambda url: _charge(url, idempotency_key="X-Request-Id"),
    "not a tool": lambda url: url,
}


def test_the_reference_answer_to_06_2_passes() -> None:
    """One key per call, retried under the default policy: one success, one charge, each case."""
    assert check("06.2", reference_charge_tool).status is CheckStatus.PASS


@pytest.mark.parametrize("answer", WRONG_06_2, ids=list(WRONG_06_2))
def test_wrong_charge_tools_fail_06_2_with_a_hint(answer: str) -> None:
    """Without the key a lost answer fails or charges twice; a key never retried still fails."""
    result = check("06.2", WRONG_06_2[answer])
    assert result.status is CheckStatus.FAIL, repr(result)
    assert "(hint: " in repr(result)


def test_retrying_every_write_is_shown_the_double_charge() -> None:
    """The bug the lesson starts from: retried like a read, a lost answer charges twice."""
    line = repr(check("06.2", WRONG_06_2["retries every write"]))
    assert "charged the card 2 times" in line


@pytest.mark.parametrize("case", CHARGE_CASES, ids=lambda c: c.describe)
def test_each_06_2_case_is_one_charge_under_the_reference_answer(case: ChargeCase) -> None:
    """The desk, not the check, counts: the reference makes exactly one charge per call."""
    desk = ChargeDesk(lose_acks=case.lose_acks, unavailable=case.unavailable)
    with desk.client() as http:
        env = reference_charge_tool(CHARGE_URL).call(Charge(), client=http, sleep=FakeClock().sleep)
    assert env.outcome is Outcome.SUCCESS
    assert len(desk.charges) == 1
    assert len(set(desk.keys)) == 1


def waits_up_to_a_rounder_bound(env: Envelope[Any]) -> object:
    """Retries any transient failure whose wait is at most 100 s: the policy's 60 s, misread."""
    failure = env.failure
    if env.outcome is not Outcome.ACCESS_FAILURE or failure is None:
        return Decision.DONE if env.outcome is not Outcome.PARTIAL else Decision.RETURN_PARTIAL
    if failure.code is FailureCode.CIRCUIT_OPEN:
        return Decision.CIRCUIT_OPEN
    if failure.kind is FailureKind.PERMANENT:
        return Decision.NOT_RETRYABLE
    too_long = failure.retry_after_s is not None and failure.retry_after_s > 100
    return Decision.GIVE_UP if too_long else Decision.RETRY


def test_a_bound_past_max_retry_after_s_fails_06_3_one_second_beyond_it() -> None:
    """max_retry_after_s is probed on both sides: 60 s is waited for, 61 s is not."""
    line = repr(check("06.3", waits_up_to_a_rounder_bound))
    assert "(a 429 with Retry-After: 61)" in line
    assert "to the second" in line.split("(hint: ", 1)[1]
