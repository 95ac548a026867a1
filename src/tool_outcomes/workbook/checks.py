"""Exercise checks: one deterministic verdict line per exercise, a hint on failure, no answer.

Every exercise in the workbook ends with a check cell such as ``check("03.2", classify_ticket)``.
The result prints as exactly one line, so nbval can compare it:

.. code-block:: text

    [PASS] 03.2 classify_ticket: 5/5 cases
    [FAIL] 03.2 classify_ticket: 4/5 cases; case 3 (search that timed out): expected
           Outcome.PARTIAL, got Outcome.EMPTY (hint: a 200 can still be cut off)
    [TODO] 03.2 classify_ticket: not attempted yet

(the FAIL line is wrapped here; it is one line). ``TODO`` means the learner's code still raises
``NotImplementedError`` or is (or returns) ``...``. Any other exception in the learner's code is a
``FAIL`` naming the exception, never a traceback.

Adding an exercise is one decorated generator of :class:`Case` objects, in its notebook's
``nbNN/exercises.py`` (``docs/authoring-notebooks.md`` says how, once)::

    @exercise("03.2", name="classify_ticket", hint="A 200 that says timed_out is still cut off.")
    def _classify_ticket() -> Iterator[Case]:
        yield Case(args=(TIMED_OUT,), expected=Outcome.PARTIAL, describe="search that timed out")
        yield Case(args=(NO_HITS,), expected=Outcome.EMPTY, describe="search with no hits")

* A **function answer** (the default) is called with each case's ``args`` / ``kwargs``.
* A **value answer** (``answer=AnswerKind.VALUE``; the learner sets ``answer = ...``) is compared
  directly. Its expected value is never printed, since for a value it *is* the solution.
* ``probe=`` reads one part of the result before comparing (``probe=lambda env: env.outcome``).
* ``verify=`` replaces equality for anything subtler: a function of the result that returns
  ``None`` when it is right and a short message saying what is wrong (never the fix).
* ``raises=`` makes a case one the answer must refuse: it passes when the function raises that
  exception (``assert_never`` raises ``AssertionError``) and fails when it returns anything.
* Comparison is type-strict for enums and booleans: ``"empty"`` is not ``Outcome.EMPTY`` and
  ``1`` is not ``True`` — the workbook teaches closed sets, so the checks keep them closed.
* ``why=`` is the solution's point in a sentence or two. A notebook shows it under a PASS (the
  learner has earned it), never under a FAIL or TODO; ``repr`` stays the one verdict line.
"""

from __future__ import annotations

import importlib
import re
import textwrap
import traceback
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any, TypeVar

from pydantic import ValidationError

from tool_outcomes._text import clip

__all__ = [
    "REGISTRY",
    "AnswerKind",
    "Case",
    "CheckResult",
    "CheckStatus",
    "Exercise",
    "Registry",
    "UnknownExerciseError",
    "check",
    "exercise",
]

#: The module that holds the workbook's exercise definitions, imported on the first check.
DEFINITIONS_MODULE = "tool_outcomes.workbook.exercises"

#: An exercise id is "NN.k": the notebook number, then the exercise within it.
_EXERCISE_ID = re.compile(r"^\d{2}\.\d+$")

#: Longest rendering of a learner's value or an exception message inside a verdict line.
_SHOWN_MAX_CHARS = 80

#: The width a PASS's "why" is folded to: JupyterLab wraps longer output lines mid-word.
_WHY_WIDTH = 100

# Memory addresses differ on every run; a verdict line must not.
_ADDRESS = re.compile(r"\s+at 0x[0-9a-fA-F]+|0x[0-9a-fA-F]{4,}")


class CheckStatus(StrEnum):
    """The verdict of one check."""

    PASS = "PASS"
    FAIL = "FAIL"
    TODO = "TODO"


class AnswerKind(StrEnum):
    """What the learner hands to :func:`check`."""

    FUNCTION = "function"
    """A callable, called with each case's arguments."""
    VALUE = "value"
    """A value, compared directly (or through each case's ``probe``)."""


@dataclass(frozen=True)
class Case:
    """One case of an exercise: what to feed the answer and what should come out.

    Args:
        args: Positional arguments for a function answer (ignored for a value answer).
        expected: What the (probed) result must equal, unless ``verify`` is given.
        describe: A few words naming the case in a failure line ("search that timed out").
        kwargs: Keyword arguments for a function answer.
        probe: Reads the part of the result to compare (e.g. ``lambda env: env.outcome``).
        verify: Replaces equality: returns ``None`` when the result is right, else a message.
        hint: A hint for this case, shown instead of the exercise's hint when it fails.
        raises: The answer must raise this exception (or a subclass) for these arguments;
            returning anything fails the case. Function answers only.
    """

    args: tuple[object, ...] = ()
    expected: object = None
    describe: str = ""
    kwargs: Mapping[str, object] = field(default_factory=dict)
    probe: Callable[[object], object] | None = None
    verify: Callable[[object], str | None] | None = None
    hint: str | None = None
    raises: type[Exception] | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.args, tuple):
            raise TypeError(
                f"Case args must be a tuple, got {type(self.args).__name__}: "
                f"write args=({self.args!r},) for a single argument"
            )


#: A function that yields (or returns) the cases of one exercise.
CasesFactory = Callable[[], Iterable[Case]]
_Factory = TypeVar("_Factory", bound=CasesFactory)


@dataclass(frozen=True)
class Exercise:
    """A registered exercise: its id, the name it is shown under, its hint and its cases."""

    exercise_id: str
    name: str
    hint: str
    cases: CasesFactory
    answer: AnswerKind = AnswerKind.FUNCTION
    reveal_expected: bool = True
    why: str = ""
    """The solution's point, shown under a PASS (empty: nothing is shown)."""


@dataclass(frozen=True, repr=False)
class CheckResult:
    """The verdict of one check. Its ``repr`` is one deterministic line (what a notebook shows)."""

    status: CheckStatus
    exercise_id: str
    name: str
    passed: int
    total: int
    detail: str
    hint: str
    why: str = ""
    """The solution's point; :meth:`shown` prints it under a PASS."""

    @property
    def ok(self) -> bool:
        """True when every case passed."""
        return self.status is CheckStatus.PASS

    def __repr__(self) -> str:
        head = f"[{self.status.value}] {self.exercise_id} {self.name}: "
        if self.status is CheckStatus.TODO:
            return head + self.detail
        counted = f"{self.passed}/{self.total} {'case' if self.total == 1 else 'cases'}"
        if self.status is CheckStatus.PASS:
            return head + counted
        return head + f"{counted}; {self.detail} (hint: {_one_line(self.hint)})"

    __str__ = __repr__

    def shown(self) -> str:
        """What a notebook shows: the verdict line, and under a PASS the solution's "why".

        Returns:
            The verdict line, then (after a PASS of an exercise that has one) the why, folded to
            lines a notebook shows whole, each indented under the verdict.
        """
        if self.status is not CheckStatus.PASS or not self.why.strip():
            return repr(self)
        why = textwrap.fill(
            " ".join(self.why.split()),
            width=_WHY_WIDTH,
            initial_indent="  why: ",
            subsequent_indent="       ",
        )
        return f"{self!r}\n{why}"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        # IPython's display of a cell's value: the verdict and, after a PASS, the why.
        printer.text(self.shown())


class UnknownExerciseError(KeyError):
    """Raised for an exercise id nobody registered; the message lists the known ids."""

    def __str__(self) -> str:
        # KeyError would show the message quoted; this is a sentence for a person.
        return str(self.args[0]) if self.args else ""


class Registry:
    """Exercises by id. The workbook uses the one module-level :data:`REGISTRY`."""

    def __init__(self) -> None:
        self._exercises: dict[str, Exercise] = {}

    def exercise(
        self,
        exercise_id: str,
        *,
        name: str,
        hint: str,
        answer: AnswerKind = AnswerKind.FUNCTION,
        reveal_expected: bool | None = None,
        why: str = "",
    ) -> Callable[[_Factory], _Factory]:
        """Register the decorated case factory as exercise ``exercise_id``.

        Args:
            exercise_id: ``"NN.k"``: notebook number, then the exercise within it. Unique.
            name: Shown in verdict lines when the answer has no ``__name__`` of its own.
            hint: Shown with every failure; points the way without giving the answer.
            answer: Whether the learner hands in a function or a value.
            reveal_expected: Whether a failure line may show the expected value; by default
                yes for functions (it is one case's output) and no for values (it is the answer).
            why: The solution's point in a sentence or two, shown under a PASS only.

        Returns:
            A decorator that registers the factory and returns it unchanged.
        """
        if not isinstance(exercise_id, str) or not _EXERCISE_ID.match(exercise_id):
            raise ValueError(f"exercise id must look like '03.2', got {exercise_id!r}")
        if exercise_id in self._exercises:
            raise ValueError(f"exercise {exercise_id} is already registered")
        if not name.strip() or not hint.strip():
            raise ValueError(f"exercise {exercise_id} needs a non-empty name and hint")
        kind = AnswerKind(answer)
        reveal = kind is AnswerKind.FUNCTION if reveal_expected is None else reveal_expected

        def register(factory: _Factory) -> _Factory:
            self._exercises[exercise_id] = Exercise(
                exercise_id, name, hint, factory, kind, reveal_expected=reveal, why=why
            )
            return factory

        return register

    def ids(self) -> tuple[str, ...]:
        """Every registered id, in notebook order (``"00.2"`` before ``"00.10"``).

        Returns:
            The ids, sorted numerically by notebook and exercise number.
        """
        return tuple(sorted(self._exercises, key=_id_order))

    def get(self, exercise_id: str) -> Exercise:
        """The exercise registered under ``exercise_id``.

        Args:
            exercise_id: The id, e.g. ``"03.2"``.

        Returns:
            The registered :class:`Exercise`.

        Raises:
            UnknownExerciseError: No such id; the message lists the known ones.
        """
        try:
            return self._exercises[exercise_id]
        except (KeyError, TypeError):
            known = ", ".join(self.ids()) or "none"
            raise UnknownExerciseError(
                f"no exercise {exercise_id!r}; known exercises: {known}"
            ) from None

    def check(self, exercise_id: str, answer: object) -> CheckResult:
        """Run every case of one exercise against ``answer``.

        Args:
            exercise_id: The exercise, e.g. ``"03.2"``.
            answer: The learner's function or value.

        Returns:
            A :class:`CheckResult`: PASS when every case passes; TODO when the answer is still
            a stub; otherwise FAIL with the first failing case and the hint.
        """
        return _run(self.get(exercise_id), answer)


#: The workbook's registry. Exercise definitions register here when they are imported.
REGISTRY = Registry()


#: Register an exercise in the workbook's registry (see the module docstring for an example).
exercise = REGISTRY.exercise


def check(exercise_id: str, answer: object) -> CheckResult:
    """Check a learner's answer to one workbook exercise.

    Args:
        exercise_id: The exercise, e.g. ``"03.2"``.
        answer: The learner's function (called with each case) or value (compared directly).

    Returns:
        A :class:`CheckResult` whose repr is one line: ``[PASS] …``, ``[FAIL] …`` with the first
        failing case and a hint, or ``[TODO] …`` while the answer is still a stub.

    Raises:
        UnknownExerciseError: ``exercise_id`` is not a registered exercise.
    """
    importlib.import_module(DEFINITIONS_MODULE)  # registers the definitions on first use
    return REGISTRY.check(exercise_id, answer)


# -- running the cases ---------------------------------------------------------------------------


class _Stub(Exception):
    """Internal signal: the learner's code is still the stub (``elsewhere``: another's stub)."""

    def __init__(self, why: str, elsewhere: str | None = None) -> None:
        super().__init__(why)
        self.why = why
        self.elsewhere = elsewhere


def _stub_raised_by(exc: NotImplementedError, answer: object) -> str | None:
    """The function whose stub raised, when it is not the answer itself (an earlier exercise's)."""
    frames = [frame for frame, _ in traceback.walk_tb(exc.__traceback__)]
    raiser = frames[-1].f_code.co_name if frames else ""
    own = getattr(answer, "__name__", "")
    return raiser if raiser.isidentifier() and own and raiser != own else None


def _run(ex: Exercise, answer: object) -> CheckResult:
    name = ex.name
    if ex.answer is AnswerKind.FUNCTION and isinstance(getattr(answer, "__name__", None), str):
        name = str(getattr(answer, "__name__"))  # noqa: B009 -- answer is typed object

    cases = list(ex.cases())
    if not cases:
        raise ValueError(f"exercise {ex.exercise_id} defines no cases")
    total = len(cases)

    def verdict(status: CheckStatus, passed: int, detail: str, hint: str = ex.hint) -> CheckResult:
        return CheckResult(status, ex.exercise_id, name, passed, total, detail, hint, ex.why)

    if answer is Ellipsis:
        return verdict(CheckStatus.TODO, 0, "not attempted yet")
    if ex.answer is AnswerKind.FUNCTION and not callable(answer):
        return verdict(CheckStatus.FAIL, 0, f"expected a function, got {_show(answer)}")

    passed = 0
    first_failure: tuple[str, str] | None = None
    for number, case in enumerate(cases, start=1):
        try:
            problem = _run_case(ex, case, answer)
        except _Stub as stub:
            if stub.elsewhere is not None:
                detail = f"waiting on {stub.elsewhere}(), which still raises NotImplementedError"
                return verdict(CheckStatus.TODO, passed, detail)
            detail = "not attempted yet" if number == 1 else f"not finished yet: case {number} "
            return verdict(CheckStatus.TODO, passed, detail + ("" if number == 1 else stub.why))
        if problem is None:
            passed += 1
        elif first_failure is None:
            label = f"case {number}" + (f" ({case.describe})" if case.describe else "")
            first_failure = (f"{label}: {problem}", case.hint or ex.hint)
    if first_failure is None:
        return verdict(CheckStatus.PASS, passed, "")
    return verdict(CheckStatus.FAIL, passed, first_failure[0], first_failure[1])


def _run_case(ex: Exercise, case: Case, answer: object) -> str | None:
    """Return None when the case passes, else what went wrong; raise _Stub for a stub."""
    if ex.answer is AnswerKind.FUNCTION:
        assert callable(answer)  # _run returned a FAIL for anything else
        try:
            result = answer(*case.args, **case.kwargs)
        except NotImplementedError as exc:
            elsewhere = _stub_raised_by(exc, answer)
            raise _Stub("still raises NotImplementedError", elsewhere) from None
        except Exception as exc:  # the learner's bug is a verdict, not a crash
            if case.raises is not None and isinstance(exc, case.raises):
                return None
            return f"raised {_show_exception(exc)}"
        if result is Ellipsis:
            raise _Stub("still returns ...")
        if case.raises is not None:
            return f"returned {_show(result)} where it should have raised"
    elif case.raises is not None:
        raise ValueError(f"exercise {ex.exercise_id}: raises= needs a function answer")
    else:
        result = answer
    if case.probe is not None:
        try:
            result = case.probe(result)
        except Exception as exc:  # a result of the wrong shape cannot be read
            return f"could not read the result ({_show_exception(exc)})"
    if case.verify is not None:
        try:
            return case.verify(result)
        except Exception as exc:  # same: the learner's result, not the checker, is at fault
            return f"could not check the result ({_show_exception(exc)})"
    if _matches(result, case.expected):
        return None
    got = _show(result) + _type_note(result, case.expected)
    if ex.reveal_expected:
        return f"expected {_show(case.expected)}, got {got}"
    return f"{got} is not the answer"


def _matches(result: object, expected: object) -> bool:
    # Closed sets stay closed: "empty" is not Outcome.EMPTY, and 1 is not True.
    if isinstance(expected, bool | Enum) and type(result) is not type(expected):
        return False
    try:
        return bool(result == expected)
    except Exception:  # an object whose == misbehaves is simply not equal
        return False


def _type_note(result: object, expected: object) -> str:
    if expected is None or type(result) is type(expected):
        return ""
    numbers = (result, expected)
    if all(isinstance(n, int | float) and not isinstance(n, bool) for n in numbers):
        return ""  # 3 and 3.0 differ in type, but saying so would only distract
    return f" (a {type(result).__name__}, not {type(expected).__name__})"


def _show(value: object) -> str:
    """A short, one-line, deterministic rendering of a value for a verdict line."""
    if isinstance(value, Enum):
        text = f"{type(value).__name__}.{value.name}"
    elif callable(value) and isinstance(getattr(value, "__name__", None), str):
        text = f"function {getattr(value, '__name__')}"  # noqa: B009 -- value is typed object
    else:
        try:
            text = repr(value)
        except Exception:  # a broken __repr__ must not break the verdict
            text = f"<{type(value).__name__}>"
    return clip(_ADDRESS.sub("", _one_line(text)), _SHOWN_MAX_CHARS)


def _show_exception(exc: BaseException) -> str:
    text = str(exc)
    if isinstance(exc, ValidationError):  # its str() leads with boilerplate; the msgs are the news
        model = exc.title.split("[", 1)[0]  # "Envelope[list[Ticket]]" is named "Envelope"
        errors = exc.errors(include_url=False)
        text = "; ".join(_validation_message(model, error) for error in errors)
    message = clip(_ADDRESS.sub("", _one_line(text)), _SHOWN_MAX_CHARS)
    return type(exc).__name__ + (f": {message}" if message else "")


# pydantic prefixes a validator's own message with its kind; the rule's words are the news.
_VALIDATOR_PREFIXES = ("Value error, ", "Assertion failed, ")


def _validation_message(model: str, error: Mapping[str, object]) -> str:
    """One pydantic error as ``where: what`` (``Coverage.cursor: Extra inputs are not permitted``).

    The location comes first, so that a clipped line still names the field the learner got
    wrong; a model-level rule has no location (its message names its fields) and shows alone.
    """
    message = str(error.get("msg", ""))
    for prefix in _VALIDATOR_PREFIXES:
        message = message.removeprefix(prefix)
    where = _location(error.get("loc", ()))
    return f"{model}.{where}: {message}" if where else message


def _location(loc: object) -> str:
    """A pydantic location as a path: ``("data", 0, "id")`` becomes ``data[0].id``."""
    if not isinstance(loc, tuple):
        return ""
    path = ""
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path += ("." if path else "") + str(part)
    return path


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _id_order(exercise_id: str) -> tuple[int, int]:
    notebook, number = exercise_id.split(".")
    return int(notebook), int(number)
