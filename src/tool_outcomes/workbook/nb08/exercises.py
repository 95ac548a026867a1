"""Exercises of notebook 08 (registered on import by :mod:`tool_outcomes.workbook.exercises`).

* ``08.1 spend`` — a function from an envelope to the
  :class:`~tool_outcomes.workbook.nb08.claims.Claim` its outcome licenses, written as a ``match``
  with one ``case`` per outcome (the branch the notebook's buggy ``match`` left to its default). The
  last case hands it a stand-in whose outcome is none of the four: an answer with no default raises
  there (``assert_never``); one that still answers has kept a default.
* ``08.2 for_person`` — a function from a ``partial`` ticket search to the sentence a person
  reads: how many tickets arrived (of how many, and how many were left out, when the source
  said), that the list is incomplete, never in the voice of a complete answer, and without JSON
  or a cursor. :data:`PERSON_RULES` states the rules as the notebook does.

Failure lines say what is wrong with the learner's answer, never what the right one is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final

from tool_outcomes.envelope import (
    Coverage,
    Envelope,
    Failure,
    FailureCode,
    FailureKind,
    Outcome,
    TruncatedBy,
)
from tool_outcomes.workbook.checks import Case, exercise
from tool_outcomes.workbook.four_outcomes import Ticket, make_tickets

from .claims import Claim, ClaimKind

__all__ = ["COMPLETE_VOICE", "INCOMPLETE_WORDS", "PERSON_RULES", "unusable_for_a_person"]

_TOOL = "search_tickets"

# -- 08.1 ----------------------------------------------------------------------------------------


def _failure(code: FailureCode, kind: FailureKind, attempts: int = 1) -> Envelope[Any]:
    failure = Failure(code=code, kind=kind, detail=f"{code.value} (a case of 08.1)")
    return Envelope[Any](
        outcome=Outcome.ACCESS_FAILURE, failure=failure, attempts=attempts, tool=_TOOL
    )


def _partial(
    returned: int, *, total: int | None, cut: TruncatedBy, **coverage: Any
) -> Envelope[list[Ticket]]:
    return Envelope[list[Ticket]](
        outcome=Outcome.PARTIAL,
        data=make_tickets(returned),
        coverage=Coverage(returned=returned, total=total, truncated_by=cut, **coverage),
        tool=_TOOL,
    )


class _FifthOutcome:
    """Stands in for an outcome none of the four is: what a fifth, added later, would look like."""

    value = "pending"

    def __repr__(self) -> str:
        return "<a fifth outcome 'pending'>"


@dataclass(frozen=True)
class _EnvelopeWithAFifthOutcome:
    """Shaped like an envelope (outcome, data, coverage, failure, tool); its outcome is new."""

    outcome: object
    data: object = None
    coverage: object = None
    failure: object = None
    tool: str = _TOOL


_E = ClaimKind

_RECORD_HINT = (
    "a lone record is one item, however many fields len() finds in it: count_items counts "
    "a list's members, a record as one"
)
_CUT_EARLY_HINT = (
    "nothing arrived before the cut, and that is not a verified nothing: the class decides the "
    "claim, not the data"
)
_FIFTH_HINT = (
    "this outcome is none of the four (think of a fifth, added to the library later): to answer "
    "it, the consumer kept a default (a catch-all case, or a last return) that speaks for a "
    "class nobody wrote"
)

#: (the envelope, what it is, the claim it licenses, a hint for this case where one helps). The
#: lone record comes late, so that a hard-coded answer fails first where the generic hint fits.
_SPEND_CASES: Sequence[tuple[Envelope[Any], str, Claim, str | None]] = (
    (
        Envelope[Any](outcome=Outcome.SUCCESS, data=make_tickets(3), tool=_TOOL),
        "success with 3 tickets",
        Claim(_E.EXACTLY, 3),
        None,
    ),
    (
        Envelope[Any](outcome=Outcome.EMPTY, data=[], coverage=Coverage(returned=0), tool=_TOOL),
        "empty",
        Claim(_E.NONE_EXIST),
        None,
    ),
    (
        _partial(10, total=37, cut=TruncatedBy.TOTAL_EXCEEDS_RETURNED),
        "partial, 10 of 37",
        Claim(_E.AT_LEAST, 10),
        None,
    ),
    (
        _partial(0, total=None, cut=TruncatedBy.UPSTREAM_TIMEOUT),
        "partial, nothing arrived before the cut",
        Claim(_E.AT_LEAST, 0),
        _CUT_EARLY_HINT,
    ),
    (
        _failure(FailureCode.TIMEOUT, FailureKind.TRANSIENT),
        "access failure (timeout)",
        Claim(_E.UNKNOWN),
        None,
    ),
    (
        _failure(FailureCode.FORBIDDEN, FailureKind.PERMANENT),
        "access failure (forbidden)",
        Claim(_E.UNKNOWN),
        None,
    ),
    (
        _failure(FailureCode.SCHEMA, FailureKind.PERMANENT),
        "access failure (rejected by the result model)",
        Claim(_E.UNKNOWN),
        None,
    ),
    (
        _failure(FailureCode.SERVER_ERROR, FailureKind.TRANSIENT, attempts=3),
        "access failure after 3 attempts",
        Claim(_E.UNKNOWN),
        None,
    ),
    (
        Envelope[Any](outcome=Outcome.SUCCESS, data={"id": "TCK-1001", "status": "open"}),
        "success with one record",
        Claim(_E.EXACTLY, 1),
        _RECORD_HINT,
    ),
)


def _claim_verifier(env: Envelope[Any], expected: Claim) -> Callable[[object], str | None]:
    outcome = env.outcome.value

    def verify(result: object) -> str | None:
        if not isinstance(result, Claim):
            return f"expected a Claim, got {type(result).__name__}"
        if result == expected:
            return None
        if result.kind is expected.kind:
            return f"{result!r} does not count the items that arrived"
        if result.confident:
            return f"{result!r} is a confident claim that {outcome} does not license"
        return f"{result!r} is not what {outcome} licenses"

    return verify


@exercise(
    "08.1",
    name="spend",
    hint=(
        "one case per outcome, each asking what that class licenses: a complete answer, a "
        "verified nothing, a part that is not the whole, or no answer at all"
    ),
    why=(
        "One branch per outcome, each spending only what its class licenses: a count, a verified "
        "none, a lower bound, or no claim at all."
    ),
)
def _spend() -> Iterator[Case]:
    for env, what, expected, hint in _SPEND_CASES:
        yield Case(args=(env,), describe=what, verify=_claim_verifier(env, expected), hint=hint)
    # Any exception will do: assert_never raises AssertionError, a router of on_outcome a
    # TypeError; what fails is an answer, any answer, for an outcome nobody wrote a case for.
    yield Case(
        args=(_EnvelopeWithAFifthOutcome(_FifthOutcome()),),
        describe="an outcome that is none of the four",
        raises=Exception,
        hint=_FIFTH_HINT,
    )


# -- 08.2 ----------------------------------------------------------------------------------------

#: Words that say a list is incomplete; the sentence must use at least one (any case).
INCOMPLETE_WORDS: Final = ("incomplete", "partial", "only", "at least")
#: The voice of a complete answer (regular expressions, any case); the sentence uses none.
COMPLETE_VOICE: Final = (
    r"\bexactly\b",
    r"\bnone\b",
    r"\bthere (?:are|is) no\b",
    r"\bno tickets\b",
    r"\ball \d+",
)

#: The rules 08.2 checks, as the notebook states them.
PERSON_RULES: Final = (
    "says how many tickets arrived, as a number;",
    "when the source gave a total: says the total and how many were left out, as numbers;",
    f"says the list is incomplete, with one of: {', '.join(INCOMPLETE_WORDS)};",
    "never speaks in the voice of a complete answer: no 'exactly', 'none', 'there are no', "
    "'no tickets', 'all <number>';",
    "shows no JSON ({ or [) and no cursor: a person cannot use them.",
)


#: Python's None (or JSON's null) printed where a number goes: "of None", "None missing".
_PRINTED_NONE = re.compile(
    r"(?:\bof|[:=(])\s*(?:None|null)\b|\b(?:None|null)\s+(?:tickets?|missing|left|more|in all)\b"
)


def _has_number(text: str, number: int) -> bool:
    return re.search(rf"(?<!\d){number}(?!\d)", text) is not None


def unusable_for_a_person(text: str, cursor: str | None = None) -> str | None:
    """What in ``text`` a person cannot use (the last of :data:`PERSON_RULES`), or ``None``.

    Args:
        text: Words meant for a person.
        cursor: The envelope's next cursor, if any.

    Returns:
        A short message when the text shows JSON (``{`` or ``[``) or the cursor, else ``None``.
    """
    if "{" in text or "[" in text or (cursor is not None and cursor in text):
        return "shows JSON or a cursor, which a person cannot use"
    return None


def _person_verifier(env: Envelope[list[Ticket]]) -> Callable[[object], str | None]:
    coverage = env.coverage
    assert coverage is not None  # every 08.2 case is a partial, whose coverage is required

    def verify(result: object) -> str | None:
        if not isinstance(result, str):
            return f"expected a str, got {type(result).__name__}"
        lowered = result.lower()
        if not _has_number(result, coverage.returned):
            return f"does not say how many tickets arrived ({coverage.returned})"
        if coverage.total is not None and not _has_number(result, coverage.total):
            return "does not say how many tickets the source holds"
        if coverage.missing is not None and not _has_number(result, coverage.missing):
            return "does not say how many tickets were left out"
        if not any(word in lowered for word in INCOMPLETE_WORDS):
            return "does not say, in the rules' words, that the list is incomplete"
        if found := _PRINTED_NONE.search(result):
            return f"prints Python's None ({found.group(0)!r}) where the source gave no number"
        for pattern in COMPLETE_VOICE:
            found = re.search(pattern, lowered)
            if found:
                return f"sounds like a complete answer ({found.group(0)!r})"
        return unusable_for_a_person(result, coverage.next_cursor)

    return verify


#: (the partial, what it is).
_PERSON_CASES: Sequence[tuple[Envelope[list[Ticket]], str]] = (
    (
        _partial(10, total=37, cut=TruncatedBy.TOTAL_EXCEEDS_RETURNED, next_cursor="c2"),
        "10 of 37, with a cursor",
    ),
    (
        _partial(25, total=None, cut=TruncatedBy.NEXT_PAGE, next_cursor="eyJwYWdlIjoyfQ"),
        "25 tickets and a next page, no total",
    ),
    (_partial(0, total=None, cut=TruncatedBy.UPSTREAM_TIMEOUT), "nothing before a timeout"),
    (
        _partial(3, total=12, cut=TruncatedBy.SHARD_FAILURE, dropped=("shard 2 of 5",)),
        "3 of 12, a shard failed",
    ),
    (_partial(1, total=2, cut=TruncatedBy.TOTAL_EXCEEDS_RETURNED), "1 of 2"),
    (_partial(0, total=8, cut=TruncatedBy.TOTAL_EXCEEDS_RETURNED), "0 of 8"),
)


@exercise(
    "08.2",
    name="for_person",
    hint=(
        "read the numbers from env.coverage (returned, total, missing), say plainly that part "
        "is missing, and keep the words of a whole answer out"
    ),
    why=(
        "A partial is told as one: how many arrived, of how many when known, and that the rest is "
        "missing, never in the voice of a whole answer."
    ),
)
def _for_person() -> Iterator[Case]:
    for env, what in _PERSON_CASES:
        no_total = env.coverage is not None and env.coverage.total is None
        hint = _NO_TOTAL_HINT if no_total else None
        yield Case(args=(env,), describe=what, verify=_person_verifier(env), hint=hint)


_NO_TOTAL_HINT = (
    "this source gave no total: say in words that more may exist, and print no number (nor "
    "None) in the total's place"
)
