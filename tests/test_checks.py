"""The exercise checks: one deterministic line per verdict, a hint on failure, never the answer."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from operator import attrgetter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tool_outcomes import Coverage, Envelope, Outcome
from tool_outcomes.workbook import AnswerKind, Case, CheckResult, CheckStatus, check
from tool_outcomes.workbook.checks import REGISTRY, Registry, UnknownExerciseError

HINT = "look at the sign"
VALUE_HINT = "the source answered with nothing"


def _registry() -> Registry:
    """A private registry with one function exercise and one value exercise."""
    registry = Registry()

    @registry.exercise("98.1", name="sign", hint=HINT)
    def _sign() -> Iterator[Case]:
        for number, expected in ((3, "positive"), (-2, "negative"), (0, "zero")):
            yield Case(args=(number,), expected=expected, describe=f"number {number}")

    @registry.exercise("98.2", name="nothing_found", hint=VALUE_HINT, answer=AnswerKind.VALUE)
    def _nothing_found() -> Iterator[Case]:
        yield Case(expected=Outcome.EMPTY, describe="a search with no match")

    return registry


def sign(number: int) -> str:
    """Reference answer to 98.1."""
    return "positive" if number > 0 else "negative" if number < 0 else "zero"


def sign_without_zero(number: int) -> str:
    """Wrong on one case."""
    return "positive" if number > 0 else "negative"


def sign_stub(number: int) -> str:
    """Still the learner's stub."""
    raise NotImplementedError()


def sign_returning_ellipsis(number: int) -> object:
    """A stub written with ``...``."""
    return ...


def sign_half_done(number: int) -> str:
    """One branch written, the rest still a stub."""
    if number > 0:
        return "positive"
    raise NotImplementedError()


def sign_on_an_unwritten_helper(number: int) -> str:
    """Written, but it calls another exercise's function that is still the stub."""
    return sign_stub(number)


def sign_crashing(number: int) -> str:
    """A learner bug: an exception other than NotImplementedError."""
    raise ValueError(f"cannot sign {number}\nsecond line")


LINES: list[tuple[str, object, str]] = [
    ("98.1", sign, "[PASS] 98.1 sign: 3/3 cases"),
    (
        "98.1",
        sign_without_zero,
        f"[FAIL] 98.1 sign_without_zero: 2/3 cases; case 3 (number 0): "
        f"expected 'zero', got 'negative' (hint: {HINT})",
    ),
    ("98.1", sign_stub, "[TODO] 98.1 sign_stub: not attempted yet"),
    ("98.1", sign_returning_ellipsis, "[TODO] 98.1 sign_returning_ellipsis: not attempted yet"),
    ("98.1", ..., "[TODO] 98.1 sign: not attempted yet"),
    (
        "98.1",
        sign_half_done,
        "[TODO] 98.1 sign_half_done: not finished yet: case 2 still raises NotImplementedError",
    ),
    (
        "98.1",
        sign_on_an_unwritten_helper,
        "[TODO] 98.1 sign_on_an_unwritten_helper: waiting on sign_stub(), which still raises "
        "NotImplementedError",
    ),
    (
        "98.1",
        sign_crashing,
        f"[FAIL] 98.1 sign_crashing: 0/3 cases; case 1 (number 3): "
        f"raised ValueError: cannot sign 3 second line (hint: {HINT})",
    ),
    (
        "98.1",
        "positive",
        f"[FAIL] 98.1 sign: 0/3 cases; expected a function, got 'positive' (hint: {HINT})",
    ),
    ("98.2", Outcome.EMPTY, "[PASS] 98.2 nothing_found: 1/1 case"),
    ("98.2", ..., "[TODO] 98.2 nothing_found: not attempted yet"),
    (
        "98.2",
        Outcome.SUCCESS,
        "[FAIL] 98.2 nothing_found: 0/1 case; case 1 (a search with no match): "
        f"Outcome.SUCCESS is not the answer (hint: {VALUE_HINT})",
    ),
    (
        "98.2",
        "empty",
        "[FAIL] 98.2 nothing_found: 0/1 case; case 1 (a search with no match): "
        f"'empty' (a str, not Outcome) is not the answer (hint: {VALUE_HINT})",
    ),
]


@pytest.mark.parametrize(("exercise_id", "answer", "line"), LINES)
def test_each_verdict_is_exactly_one_line(exercise_id: str, answer: object, line: str) -> None:
    """PASS, FAIL and TODO each print as the one documented line, no more."""
    result = _registry().check(exercise_id, answer)
    assert repr(result) == line
    assert str(result) == line
    assert "\n" not in repr(result)


def test_result_fields_agree_with_the_line() -> None:
    """The structured fields say what the line says, so code can branch on them."""
    result = _registry().check("98.1", sign_without_zero)
    assert isinstance(result, CheckResult)
    assert (result.status, result.exercise_id, result.name) == (
        CheckStatus.FAIL,
        "98.1",
        "sign_without_zero",
    )
    assert (result.passed, result.total, result.hint, result.ok) == (2, 3, HINT, False)
    assert result.detail == "case 3 (number 0): expected 'zero', got 'negative'"
    assert _registry().check("98.1", sign).ok


def test_a_failing_value_answer_shows_the_hint_never_the_answer() -> None:
    """For a value exercise the expected value is the solution, so a failure never prints it."""
    for wrong in (Outcome.SUCCESS, Outcome.PARTIAL, Outcome.ACCESS_FAILURE, "empty", None, 0):
        line = repr(_registry().check("98.2", wrong))
        assert line.startswith("[FAIL]")
        assert f"(hint: {VALUE_HINT})" in line
        assert "EMPTY" not in line
        assert "expected" not in line


def test_the_00_exercises_never_print_their_answer_when_failed() -> None:
    """Notebook 00's value exercise hides its answer; its function exercise shows only a case."""
    wrong_value = repr(check("00.1", Outcome.SUCCESS))
    assert wrong_value.startswith("[FAIL] 00.1 cut_off_outcome:")
    assert "PARTIAL" not in wrong_value
    assert "(hint: " in wrong_value

    def made_contact(outcome: Outcome) -> bool:
        return True

    wrong_function = repr(check("00.2", made_contact))
    assert wrong_function.startswith("[FAIL] 00.2 made_contact: 3/4 cases; case 4")
    assert "is not Outcome.ACCESS_FAILURE" not in wrong_function  # the solution's expression


def test_the_00_reference_answers_pass() -> None:
    """The answers the solutions notebook gives for 00 pass their checks."""

    def made_contact(outcome: Outcome) -> bool:
        return outcome is not Outcome.ACCESS_FAILURE

    assert repr(check("00.0", len(Outcome))) == "[PASS] 00.0 count_outcomes: 1/1 case"
    assert repr(check("00.1", Outcome.PARTIAL)) == "[PASS] 00.1 cut_off_outcome: 1/1 case"
    assert repr(check("00.2", made_contact)) == "[PASS] 00.2 made_contact: 4/4 cases"


def test_the_00_demos_give_away_no_exercise() -> None:
    """The TODO and FAIL demos of notebook 00 run on 00.0, whose line names no outcome or hint."""
    assert repr(check("00.0", ...)) == "[TODO] 00.0 count_outcomes: not attempted yet"
    line = repr(check("00.0", 3))
    assert line.startswith("[FAIL] 00.0 count_outcomes: 0/1 case; case 1 ")
    assert "3 is not the answer" in line
    for exercise_id in ("00.1", "00.2"):
        assert REGISTRY.get(exercise_id).hint not in line
    assert "Outcome." not in line


@pytest.mark.parametrize(
    ("answer", "expected"),
    [("empty", Outcome.EMPTY), ("access_failure", Outcome.ACCESS_FAILURE), (1, True), (0, False)],
)
def test_closed_sets_stay_closed(answer: object, expected: object) -> None:
    """A free string is not an enum member and 1 is not True: equality alone does not pass."""
    registry = Registry()

    @registry.exercise("98.3", name="strict", hint="use the enum", answer=AnswerKind.VALUE)
    def _strict() -> Iterator[Case]:
        yield Case(expected=expected)

    assert answer == expected  # equal, and still not accepted
    assert registry.check("98.3", answer).status is CheckStatus.FAIL
    assert registry.check("98.3", expected).status is CheckStatus.PASS


def test_probe_reads_part_of_the_result_and_verify_replaces_equality() -> None:
    """``probe`` compares one attribute; ``verify`` returns the message of what is wrong."""
    registry = Registry()

    def no_items(env: object) -> str | None:
        assert isinstance(env, Envelope)
        return None if not env.data else f"carries {len(env.data)} items"

    @registry.exercise("98.4", name="wrap", hint="empty means nothing came back")
    def _wrap() -> Iterator[Case]:
        yield Case(args=([],), expected=Outcome.EMPTY, probe=attrgetter("outcome"))
        yield Case(args=([],), verify=no_items, describe="no data")

    def wrap(items: list[str]) -> Envelope[list[str]]:
        return Envelope(outcome=Outcome.EMPTY if not items else Outcome.SUCCESS, data=items)

    def wrap_wrong(items: list[str]) -> Envelope[list[str]]:
        return Envelope(outcome=Outcome.SUCCESS, data=["x"])

    def wrap_shapeless(items: list[str]) -> list[str]:
        return items

    assert repr(registry.check("98.4", wrap)) == "[PASS] 98.4 wrap: 2/2 cases"
    assert registry.check("98.4", wrap_wrong).detail == (
        "case 1: expected Outcome.EMPTY, got Outcome.SUCCESS"
    )
    assert registry.check("98.4", wrap_shapeless).detail == (
        "case 1: could not read the result (AttributeError: 'list' object has no attribute "
        "'outcome')"
    )


def test_a_case_hint_replaces_the_exercise_hint() -> None:
    """A case can carry its own, sharper hint."""
    registry = Registry()

    @registry.exercise("98.5", name="double", hint="general hint")
    def _double() -> Iterator[Case]:
        yield Case(args=(2,), expected=4)
        yield Case(args=(0,), expected=0, hint="zero doubled is still zero")

    def double(n: int) -> int:
        return 2 * n if n else 1

    result = registry.check("98.5", double)
    assert result.hint == "zero doubled is still zero"
    assert repr(result).endswith("(hint: zero doubled is still zero)")


def test_a_case_that_must_raise_passes_on_the_raise_and_fails_on_any_return() -> None:
    """raises= turns the expected exception into a pass and a returned value into a failure."""
    registry = Registry()

    @registry.exercise("98.6", name="reciprocal", hint="zero has no reciprocal")
    def _reciprocal() -> Iterator[Case]:
        yield Case(args=(2,), expected=0.5)
        yield Case(args=(0,), raises=ArithmeticError, describe="zero")

    def reciprocal(n: int) -> float:
        return 1 / n

    def reciprocal_or_zero(n: int) -> float:
        return 1 / n if n else 0.0

    def reciprocal_refusing_wrongly(n: int) -> float:
        if not n:
            raise TypeError("no")
        return 1 / n

    def reciprocal_stub(n: int) -> float:
        raise NotImplementedError()

    assert repr(registry.check("98.6", reciprocal)) == "[PASS] 98.6 reciprocal: 2/2 cases"
    assert registry.check("98.6", reciprocal_or_zero).detail == (
        "case 2 (zero): returned 0.0 where it should have raised"
    )
    assert registry.check("98.6", reciprocal_refusing_wrongly).detail == (
        "case 2 (zero): raised TypeError: no"
    )
    assert registry.check("98.6", reciprocal_stub).status is CheckStatus.TODO

    @registry.exercise("98.7", name="value", hint="h", answer=AnswerKind.VALUE)
    def _value() -> Iterator[Case]:
        yield Case(raises=ValueError)

    with pytest.raises(ValueError, match="raises= needs a function answer"):
        registry.check("98.7", 1)


def test_unknown_exercise_ids_are_a_clear_error_listing_the_known_ones() -> None:
    """A mistyped id names itself and every known id, and is a KeyError."""
    with pytest.raises(UnknownExerciseError) as caught:
        check("00.9", lambda: None)
    assert isinstance(caught.value, KeyError)
    assert str(caught.value).startswith("no exercise '00.9'; known exercises: 00.0, 00.1, 00.2")


@pytest.mark.parametrize("bad_id", ["3.2", "03", "03.x", "03.2.1", ""])
def test_exercise_ids_must_name_notebook_and_number(bad_id: str) -> None:
    """Ids are "NN.k" so each check maps to one notebook."""
    with pytest.raises(ValueError, match=r"must look like '03\.2'"):
        Registry().exercise(bad_id, name="x", hint="y")


def test_registering_an_id_twice_is_an_error() -> None:
    """Two exercises cannot share an id."""
    registry = _registry()
    with pytest.raises(ValueError, match="already registered"):
        registry.exercise("98.1", name="again", hint="h")


def test_an_exercise_needs_a_name_a_hint_and_cases() -> None:
    """Every failure shows a hint, so an exercise without one (or without cases) is refused."""
    with pytest.raises(ValueError, match="non-empty name and hint"):
        Registry().exercise("98.6", name="x", hint=" ")
    registry = Registry()

    @registry.exercise("98.7", name="nothing", hint="h")
    def _nothing() -> Iterator[Case]:
        yield from ()

    with pytest.raises(ValueError, match="defines no cases"):
        registry.check("98.7", sign)


def test_case_args_must_be_a_tuple() -> None:
    """``args=x`` instead of ``args=(x,)`` is caught when the case is built."""
    with pytest.raises(TypeError, match=r"args=\('x',\)"):
        Case(args="x")  # type: ignore[arg-type]


def test_ids_sort_numerically() -> None:
    """Exercise 00.10 comes after 00.9."""
    registry = Registry()
    for exercise_id in ("01.1", "00.10", "00.9"):
        registry.exercise(exercise_id, name="x", hint="y")(lambda: [Case()])
    assert registry.ids() == ("00.9", "00.10", "01.1")


def test_every_registered_exercise_is_well_formed() -> None:
    """Each workbook exercise yields at least one case and a stub answer reads as TODO."""
    check("00.1", ...)  # loads the definitions
    assert REGISTRY.ids()
    for exercise_id in REGISTRY.ids():
        exercise = REGISTRY.get(exercise_id)
        assert list(exercise.cases()), exercise_id
        assert check(exercise_id, ...).status is CheckStatus.TODO


@given(message=st.text(max_size=300))
def test_any_exception_message_gives_one_short_line_without_addresses(message: str) -> None:
    """Whatever the learner's code raises, the verdict stays one deterministic line."""

    def crash(number: int) -> str:
        raise RuntimeError(message + f" {object()!r}")

    line = repr(_registry().check("98.1", crash))
    assert line.startswith("[FAIL] 98.1 crash: 0/3 cases; case 1 (number 3): raised RuntimeError")
    assert "\n" not in line
    assert "\r" not in line
    assert not re.search(r"0x[0-9a-fA-F]{4,}", line)
    assert len(line) < 300


def test_importing_the_workbook_pulls_in_no_heavy_dependencies() -> None:
    """``import tool_outcomes.workbook`` (and a check) loads no widgets, plots or mocks."""
    code = (
        "import sys, tool_outcomes, tool_outcomes.workbook as w\n"
        "w.check('00.1', ...)\n"
        "print(sorted(m for m in ('ipywidgets', 'matplotlib', 'respx') if m in sys.modules))"
    )
    completed = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert completed.stdout.strip() == "[]"


def test_a_validation_error_in_learner_code_shows_the_rule_it_broke() -> None:
    """A refused envelope is reported by its rule, not by pydantic's boilerplate header."""

    def builds_an_impossible_envelope(outcome: Outcome) -> bool:
        Envelope[list[int]](outcome=Outcome.PARTIAL)
        return True

    line = repr(check("00.2", builds_an_impossible_envelope))
    assert line.startswith("[FAIL] 00.2")
    assert "partial needs a coverage" in line
    assert "validation error for" not in line


def _coverage_with_a_misspelt_cursor(outcome: Outcome) -> bool:
    """Builds a Coverage with ``cursor=`` where the field is ``next_cursor``."""
    Coverage.model_validate({"returned": 25, "cursor": "c2"})
    return True


def _envelope_with_a_misspelt_cursor(outcome: Outcome) -> bool:
    """Builds the same mistake one level down, inside an envelope."""
    Envelope[list[int]].model_validate(
        {"outcome": "partial", "data": [1], "coverage": {"returned": 1, "cursor": "c2"}}
    )
    return True


def _envelope_with_a_bad_item(outcome: Outcome) -> bool:
    """Puts a string among the items of a list of ints."""
    Envelope[list[int]].model_validate({"outcome": "success", "data": [1, "x"]})
    return True


@pytest.mark.parametrize(
    ("answer", "shown"),
    [
        (_coverage_with_a_misspelt_cursor, "Coverage.cursor: Extra inputs are not permitted"),
        (
            _envelope_with_a_misspelt_cursor,
            "Envelope.coverage.cursor: Extra inputs are not permitted",
        ),
        (_envelope_with_a_bad_item, "Envelope.data[1]: Input should be a valid integer"),
    ],
)
def test_a_validation_error_names_the_field_it_refused(
    answer: Callable[[Outcome], bool], shown: str
) -> None:
    """A refused field is shown with its location, so the learner sees which one to fix."""
    line = repr(check("00.2", answer))
    assert f"raised ValidationError: {shown}" in line
    assert "\n" not in line


def test_a_rule_of_the_model_shows_its_words_without_pydantic_prefix() -> None:
    """A model-level rule has no location; its message is shown without "Value error,"."""

    def builds_an_impossible_envelope(outcome: Outcome) -> bool:
        Envelope[list[int]](outcome=Outcome.PARTIAL)
        return True

    line = repr(check("00.2", builds_an_impossible_envelope))
    assert "raised ValidationError: partial needs a coverage" in line
    assert "Value error" not in line


# -- after a PASS, the solution's why --------------------------------------------------------------

WHY = (
    "A sign has three values, zero included: a check that forgets one is wrong a third of the time."
)


def _registry_with_why() -> Registry:
    registry = Registry()

    @registry.exercise("98.9", name="sign", hint=HINT, why=WHY)
    def _sign() -> Iterator[Case]:
        for number, expected in ((3, "positive"), (-2, "negative"), (0, "zero")):
            yield Case(args=(number,), expected=expected, describe=f"number {number}")

    return registry


class _Printer:
    """Collects what IPython's pretty printer would show."""

    def __init__(self) -> None:
        self.shown = ""

    def text(self, text: str) -> None:
        self.shown += text


def _displayed(result: CheckResult) -> str:
    printer = _Printer()
    result._repr_pretty_(printer, cycle=False)
    return printer.shown


@pytest.mark.parametrize(
    ("answer", "why_shown"),
    [(sign, True), (sign_without_zero, False), (sign_stub, False), (sign_half_done, False)],
    ids=["pass", "fail", "todo", "half-done"],
)
def test_the_why_is_shown_under_a_pass_and_only_there(
    answer: Callable[[int], object], why_shown: bool
) -> None:
    """A PASS shows the verdict, then the why folded and indented; FAIL and TODO show only the
    verdict. ``repr`` is always the one verdict line (tests and logs compare it)."""
    result = _registry_with_why().check("98.9", answer)
    shown = _displayed(result)
    assert "\n" not in repr(result)
    assert shown.splitlines()[0] == repr(result)
    if why_shown:
        lines = shown.splitlines()[1:]
        assert lines[0].startswith("  why: A sign has three values")
        assert all(line.startswith("       ") for line in lines[1:])
        assert " ".join(" ".join(lines).replace("why:", "").split()) == WHY
        assert all(len(line) <= 110 for line in shown.splitlines())
    else:
        assert shown == repr(result)


def test_every_workbook_exercise_has_a_short_why_except_the_demo_and_09() -> None:
    """Each exercise a learner passes says why its solution is right (09 belongs to the builder's
    authors, 00.0 is a demo no learner solves), in a sentence or two a notebook shows whole."""
    check("00.0", ...)  # imports the definitions
    for exercise_id in REGISTRY.ids():
        why = REGISTRY.get(exercise_id).why
        if exercise_id == "00.0" or exercise_id.startswith("09."):
            continue
        assert why.strip(), f"{exercise_id} has no why"
        assert len(why) <= 240, f"{exercise_id}'s why is longer than two short sentences"
