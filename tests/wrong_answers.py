"""What every ``tests/test_answers_NN.py`` asserts of a wrong answer: FAIL, a hint, no answer.

Issue 8 worked through the workbook as a participant would and tried 79 wrong answers. Each
``test_answers_NN.py`` keeps the plausible wrong answers to notebook NN's exercises (at least a
hard-coded one and one that ignores a class or the argument) and proves, with
:func:`assert_fails`, that its check turns each one down in a way that teaches: one ``[FAIL]``
line, the case that caught it, a hint, and none of the reference answer's words.
"""

from __future__ import annotations

from collections.abc import Iterable

from tool_outcomes.workbook import CheckStatus, check


def assert_fails(
    exercise_id: str, answer: object, *, caught_by: str = "", hides: Iterable[str] = ()
) -> str:
    """Check ``answer`` and assert that it fails as the workbook promises; return the line.

    Args:
        exercise_id: The exercise, e.g. ``"04.1"``.
        answer: The wrong answer (a function or a value, as the exercise takes).
        caught_by: Text the failure line must contain, e.g. the describe of the case that
            catches this answer, or what the line says is wrong.
        hides: Text that would give the answer away, which the line must not contain.

    Returns:
        The verdict line.
    """
    result = check(exercise_id, answer)
    line = repr(result)
    assert result.status is CheckStatus.FAIL, line
    assert "\n" not in line, "a verdict is one line"
    assert result.hint.strip(), "a failure always carries a hint"
    assert f"(hint: {' '.join(result.hint.split())})" in line, line
    assert caught_by in line, f"{caught_by!r} not in {line!r}"
    for secret in hides:
        assert secret not in line, f"the failure line gives away {secret!r}: {line}"
    return line


def assert_passes(exercise_id: str, answer: object) -> None:
    """The reference answer passes: the wrong answers fail for what they get wrong, not always."""
    result = check(exercise_id, answer)
    assert result.status is CheckStatus.PASS, repr(result)
