"""The structured trace: one record per decision, no credentials, and the outcome tally."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from tool_outcomes import (
    CircuitBreaker,
    CounterHandler,
    Coverage,
    Decision,
    Envelope,
    Failure,
    FailureCode,
    FailureKind,
    Outcome,
    OutcomeCounter,
    RetryPolicy,
    TraceRecord,
    TruncatedBy,
    with_retry,
)
from tool_outcomes.trace import emit, level_for, logger, record_for

TOOL = "search_tickets"
CANARY_QUERY = "CANARY-q-7f3a9"
CANARY_TOKEN = "CANARY-tok-91bd2e"
SECRET_TARGET = f"https://api.example.com/v1/search?q=refund&api_key={CANARY_QUERY}"
SECRET_DETAIL = f"upstream said 401 to Authorization: Bearer {CANARY_TOKEN}"


def trace_of(record: logging.LogRecord) -> dict[str, Any]:
    """The structured trace fields a record carries (as logging's ``extra`` attaches them)."""
    fields: dict[str, Any] = getattr(record, "tool_outcomes")  # noqa: B009 -- not a static attr
    return fields


def fail(
    code: FailureCode = FailureCode.TIMEOUT,
    kind: FailureKind = FailureKind.TRANSIENT,
    *,
    detail: str = "",
    http_status: int | None = None,
) -> Envelope[Any]:
    """An access failure from the search tool."""
    return Envelope[Any](
        outcome=Outcome.ACCESS_FAILURE,
        failure=Failure(code=code, kind=kind, detail=detail, http_status=http_status),
        tool=TOOL,
    )


SUCCESS = Envelope[Any](outcome=Outcome.SUCCESS, data=[1], tool=TOOL)
EMPTY = Envelope[Any](outcome=Outcome.EMPTY, data=[], tool=TOOL)
PARTIAL = Envelope[Any](
    outcome=Outcome.PARTIAL,
    data=[1, 2],
    coverage=Coverage(returned=2, total=9, truncated_by=TruncatedBy.TOTAL_EXCEEDS_RETURNED),
    tool=TOOL,
)


@pytest.fixture
def traced(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    """caplog seeing every level of the tool_outcomes logger."""
    caplog.set_level(logging.DEBUG, logger="tool_outcomes")
    return caplog


def fields(caplog: pytest.LogCaptureFixture) -> list[dict[str, Any]]:
    """The structured fields of every captured trace record, in order."""
    return [trace_of(r) for r in caplog.records]


def run(script: list[Envelope[Any]], policy: RetryPolicy, **kwargs: Any) -> Envelope[Any]:
    """with_retry over a scripted upstream, with a clock that only sleeping moves."""
    replies: Iterator[Envelope[Any]] = iter(script)
    now = [0.0]

    def sleep(seconds: float) -> None:
        now[0] += seconds

    return with_retry(lambda: next(replies), policy, sleep=sleep, clock=lambda: now[0], **kwargs)


# -- one record per decision -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("script", "policy", "expected"),
    [
        (
            [fail(), fail(), SUCCESS],
            RetryPolicy(),
            [(1, "retry", logging.INFO), (2, "retry", logging.INFO), (3, "done", logging.DEBUG)],
        ),
        (
            [fail(), fail(), fail()],
            RetryPolicy(),
            [
                (1, "retry", logging.INFO),
                (2, "retry", logging.INFO),
                (3, "give_up", logging.WARNING),
            ],
        ),
        ([EMPTY], RetryPolicy(), [(1, "done", logging.DEBUG)]),
        ([PARTIAL], RetryPolicy(), [(1, "return_partial", logging.INFO)]),
        (
            [fail(FailureCode.FORBIDDEN, FailureKind.PERMANENT)],
            RetryPolicy(),
            [(1, "not_retryable", logging.WARNING)],
        ),
        (
            [fail(FailureCode.CIRCUIT_OPEN)],
            RetryPolicy(),
            [(1, "circuit_open", logging.WARNING)],
        ),
    ],
    ids=["recovered", "exhausted", "empty", "partial", "permanent", "circuit-open"],
)
def test_each_decision_leaves_exactly_one_record(
    traced: pytest.LogCaptureFixture,
    script: list[Envelope[Any]],
    policy: RetryPolicy,
    expected: list[tuple[int, str, int]],
) -> None:
    """Every attempt leaves one record, at the level its decision deserves."""
    run(script, policy)
    got = [(trace_of(r)["attempt"], trace_of(r)["decision"], r.levelno) for r in traced.records]
    assert got == expected


def test_a_record_carries_the_structured_fields(traced: pytest.LogCaptureFixture) -> None:
    """The record's extra holds tool, target, outcome, code, kind, status, attempt and timing."""
    run(
        [fail(FailureCode.SERVER_ERROR, http_status=503), SUCCESS],
        RetryPolicy(jitter=False),
        target="https://api.example.com/v1/search?q=refund",
    )
    first = fields(traced)[0]
    assert isinstance(first.pop("call_id"), str)  # random: its rules are in test_observe.py
    assert first == {
        "tool": TOOL,
        "target": "https://api.example.com/v1/search?q=refund",
        "outcome": "access_failure",
        "failure_code": "server_error",
        "failure_kind": "transient",
        "http_status": 503,
        "attempt": 1,
        "decision": "retry",
        "retry_after_s": None,
        "sleep_s": 0.2,
        "elapsed_s": 0.0,
        "detail": "",
        "tool_call_id": None,
    }


def test_the_message_is_one_deterministic_line() -> None:
    """The human-readable line has a fixed field order and no float noise."""
    record = record_for(
        fail(FailureCode.TIMEOUT, detail="read timed out"),
        attempt=1,
        decision=Decision.RETRY,
        sleep_s=0.4000000001,
        elapsed_s=1.25,
        target="https://api.example.com/v1/search",
    )
    assert record.message() == (
        "search_tickets access_failure timeout/transient attempt=1 decision=retry sleep_s=0.4 "
        "elapsed_s=1.25 target=https://api.example.com/v1/search detail='read timed out'"
    )


def test_a_partial_record_says_what_was_covered() -> None:
    """A partial's record carries its coverage summary as the detail."""
    record = record_for(PARTIAL, attempt=1, decision=Decision.NOT_RETRYABLE)
    assert record.detail == "2 of 9 returned (total_exceeds_returned)"
    assert level_for(record) == logging.INFO


@pytest.mark.parametrize(
    ("decision", "outcome", "level"),
    [
        (Decision.RETRY, Outcome.ACCESS_FAILURE, logging.INFO),
        (Decision.GIVE_UP, Outcome.ACCESS_FAILURE, logging.WARNING),
        (Decision.BUDGET_EXHAUSTED, Outcome.ACCESS_FAILURE, logging.WARNING),
        (Decision.DEADLINE_EXCEEDED, Outcome.ACCESS_FAILURE, logging.WARNING),
        (Decision.CIRCUIT_OPEN, Outcome.ACCESS_FAILURE, logging.WARNING),
        (Decision.NOT_RETRYABLE, Outcome.ACCESS_FAILURE, logging.WARNING),
        (Decision.NOT_RETRYABLE, Outcome.PARTIAL, logging.INFO),
        (Decision.DONE, Outcome.SUCCESS, logging.DEBUG),
        (Decision.DONE, Outcome.EMPTY, logging.DEBUG),
        (Decision.BREAKER_STATE, None, logging.INFO),
    ],
)
def test_levels_follow_the_decision_then_the_outcome(
    decision: Decision, outcome: Outcome | None, level: int
) -> None:
    """Give-ups and access failures warn, retries and partials inform, answers are debug."""
    record = TraceRecord(TOOL, None, outcome, None, None, None, 1, decision)
    assert level_for(record) == level


# -- credentials never appear ------------------------------------------------------------------


def test_canary_secrets_never_reach_a_record(traced: pytest.LogCaptureFixture) -> None:
    """A key in the target's query and a bearer token in a detail appear in no record at all."""
    upstream = iter([fail(detail=SECRET_DETAIL), fail(detail=SECRET_DETAIL)])

    def call() -> Envelope[Any]:
        return next(upstream, None) or _raise(RuntimeError(f"crashed on {SECRET_TARGET}"))

    with_retry(call, RetryPolicy(max_attempts=3), sleep=lambda _: None, target=SECRET_TARGET)
    breaker = CircuitBreaker(failure_threshold=1, name=TOOL)
    breaker.call(lambda: fail(detail=SECRET_DETAIL))
    assert len(traced.records) == 4  # two retries, the execution failure, the breaker opening
    for record in traced.records:
        rendered = f"{record.getMessage()} {record.__dict__!r}"
        assert CANARY_QUERY not in rendered
        assert CANARY_TOKEN not in rendered
    assert "api_key=[REDACTED]" in trace_of(traced.records[0])["target"]


def _raise(exc: Exception) -> Envelope[Any]:
    raise exc


def test_a_hand_built_record_is_redacted_too() -> None:
    """Redaction happens in the record itself, so no construction path can leak."""
    record = TraceRecord(
        TOOL,
        SECRET_TARGET,
        None,
        None,
        None,
        None,
        None,
        Decision.BREAKER_STATE,
        detail=SECRET_DETAIL,
    )
    assert CANARY_QUERY not in repr(record.as_dict())
    assert CANARY_TOKEN not in record.message()


def test_emit_logs_under_the_tool_outcomes_logger(traced: pytest.LogCaptureFixture) -> None:
    """emit() sends one record through the package logger with the fields attached."""
    emit(record_for(SUCCESS, attempt=1, decision=Decision.DONE))
    (record,) = traced.records
    assert record.name == logger.name == "tool_outcomes"
    assert trace_of(record)["outcome"] == "success"


# -- the tally ---------------------------------------------------------------------------------


def test_the_counter_tallies_outcomes_codes_and_rates() -> None:
    """observe() counts outcomes and codes per tool; rates are shares of that tool's calls."""
    counter = OutcomeCounter()
    for env in [SUCCESS, SUCCESS, EMPTY, PARTIAL, fail(), fail(FailureCode.SCHEMA), fail()]:
        counter.observe(env)
    counter.observe(SUCCESS, tool="other")
    assert counter.counts(TOOL) == {
        Outcome.SUCCESS: 2,
        Outcome.EMPTY: 1,
        Outcome.PARTIAL: 1,
        Outcome.ACCESS_FAILURE: 3,
    }
    assert counter.failure_codes(TOOL) == {FailureCode.TIMEOUT: 2, FailureCode.SCHEMA: 1}
    assert counter.total(TOOL) == 7
    assert counter.rate(TOOL, Outcome.ACCESS_FAILURE) == pytest.approx(3 / 7)
    assert counter.validation_failure_rate(TOOL) == pytest.approx(1 / 7)
    assert counter.tools() == ("other", TOOL)


def test_rates_are_zero_for_a_tool_never_called() -> None:
    """With no calls there is no rate to divide by: 0.0, not an error."""
    counter = OutcomeCounter()
    assert counter.rate("nobody", Outcome.SUCCESS) == 0.0
    assert counter.validation_failure_rate("nobody") == 0.0
    assert counter.counts("nobody") == dict.fromkeys(Outcome, 0)


def test_snapshot_and_reset() -> None:
    """snapshot() is a plain JSON-ready copy; reset() forgets one tool or all of them."""
    counter = OutcomeCounter()
    counter.observe(fail(FailureCode.SCHEMA))
    counter.observe(SUCCESS, tool="other")
    assert counter.snapshot()[TOOL] == {
        "total": 1,
        "outcomes": {"success": 0, "empty": 0, "partial": 0, "access_failure": 1},
        "failure_codes": {"schema": 1},
    }
    counter.reset(TOOL)
    assert list(counter.snapshot()) == ["other"]
    counter.reset()
    assert counter.snapshot() == {}


def test_the_counter_is_consistent_under_threads() -> None:
    """Concurrent observes lose no counts."""
    counter = OutcomeCounter()
    with ThreadPoolExecutor(max_workers=8) as pool:
        list(pool.map(lambda n: counter.observe(SUCCESS if n % 2 else fail()), range(1000)))
    assert counter.counts(TOOL)[Outcome.SUCCESS] == 500
    assert counter.failure_codes(TOOL) == {FailureCode.TIMEOUT: 500}


def test_the_counter_handler_tallies_trace_records(traced: pytest.LogCaptureFixture) -> None:
    """A CounterHandler on the logger counts every traced attempt and skips breaker records."""
    handler = CounterHandler()
    logger.addHandler(handler)
    try:
        run([fail(), fail(FailureCode.SCHEMA, FailureKind.PERMANENT)], RetryPolicy())
        run([EMPTY], RetryPolicy())
        CircuitBreaker(failure_threshold=1, name=TOOL).call(lambda: fail())
    finally:
        logger.removeHandler(handler)
    counts = handler.counter.counts(TOOL)
    assert (counts[Outcome.ACCESS_FAILURE], counts[Outcome.EMPTY]) == (2, 1)
    assert handler.counter.validation_failure_rate(TOOL) == pytest.approx(1 / 3)


def test_the_library_logger_prints_nothing_by_itself() -> None:
    """Until the application configures logging, trace records are not written to stderr."""
    import logging

    from tool_outcomes.trace import logger

    assert any(isinstance(h, logging.NullHandler) for h in logger.handlers)
