"""assert_outcome: where an envelope landed, asserted with a message that says what differed."""

from __future__ import annotations

from typing import Any

from tool_outcomes import Envelope, FailureCode, FailureKind, Outcome

from ._fault import Expect, Fault

__all__ = ["assert_outcome"]


def assert_outcome(
    env: Envelope[Any],
    outcome: Outcome | str | Fault | Expect,
    *,
    code: FailureCode | str | None = None,
    kind: FailureKind | str | None = None,
    cursor: str | None = None,
) -> None:
    """Assert that ``env`` declares ``outcome`` (and, where given, the failure's code and kind,
    and the coverage's next cursor).

    Args:
        env: The envelope a tool returned.
        outcome: The outcome it must declare; or a :class:`Fault` (any reading it accepts,
            with its code and kind) or an :class:`Expect`.
        code: The failure code it must carry (an access failure's).
        kind: The failure kind it must carry (``"transient"`` or ``"permanent"``).
        cursor: The ``coverage.next_cursor`` it must carry (a partial's).

    Raises:
        AssertionError: with one clause per difference, and the envelope's failure detail or
            coverage, so the message alone says what the tool did.
        ValueError: an ``outcome``, ``code`` or ``kind`` that is not one of the closed values.
    """
    if isinstance(outcome, Fault | Expect):
        accepts = outcome.accepts if isinstance(outcome, Fault) else (outcome,)
        problems = []
        for expect in accepts:
            try:
                assert_outcome(
                    env, expect.outcome, code=expect.code, kind=expect.kind, cursor=cursor
                )
            except AssertionError as exc:
                problems.append(str(exc))
            else:
                return
        name = f"fault {outcome.name!r}: " if isinstance(outcome, Fault) else ""
        raise AssertionError(name + " | or: ".join(problems))
    wanted = Outcome(outcome)
    wanted_code = None if code is None else FailureCode(code)
    wanted_kind = None if kind is None else FailureKind(kind)
    failure, coverage = env.failure, env.coverage
    differences = []
    if env.outcome is not wanted:
        differences.append(f"outcome is {env.outcome.value}, not {wanted.value}")
    if wanted_code is not None and (failure is None or failure.code is not wanted_code):
        has = "no failure" if failure is None else f"code {failure.code.value}"
        differences.append(f"{has}, not code {wanted_code.value}")
    if wanted_kind is not None and (failure is None or failure.kind is not wanted_kind):
        has = "no failure" if failure is None else f"kind {failure.kind.value}"
        differences.append(f"{has}, not kind {wanted_kind.value}")
    if cursor is not None:
        got = None if coverage is None else coverage.next_cursor
        if got != cursor:
            differences.append(f"next_cursor is {got!r}, not {cursor!r}")
    if not differences:
        return
    evidence = []
    if failure is not None:
        evidence.append(f"failure: {failure.code.value}/{failure.kind.value}: {failure.detail}")
    if coverage is not None:
        evidence.append(
            f"coverage: returned={coverage.returned}, total={coverage.total}, "
            f"truncated_by={coverage.truncated_by and coverage.truncated_by.value}"
        )
    tool = f"tool {env.tool!r}: " if env.tool else ""
    message = f"{tool}{'; '.join(differences)}"
    raise AssertionError(f"{message} ({'; '.join(evidence)})" if evidence else message)
