"""Exercises of notebook 01 (registered on import by :mod:`tool_outcomes.workbook.exercises`).

* ``01.1 find_lookalikes`` — a function from catalogue rows to the set of scenario pairs whose
  naive values are equal but whose true outcome classes differ, checked on hidden tables.
* ``01.2 licenses_none`` — a value: the set of letters (of :data:`LICENSE_OPTIONS`) whose result
  licenses the sentence "there are none".
* ``01.3 honest_tool`` (optional) — the one-line fix: a function from a scenario name to the
  envelope the honest tool returns, checked by outcome on scenarios of the catalogue.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from tool_outcomes.envelope import Envelope, FailureCode, Outcome
from tool_outcomes.workbook.checks import AnswerKind, Case, exercise
from tool_outcomes.workbook.scenarios import get_scenario

from .consumer import CatalogueRow

__all__ = ["HONEST_TOOL_SCENARIOS", "LICENSE_OPTIONS"]

_S = Outcome.SUCCESS
_E = Outcome.EMPTY
_P = Outcome.PARTIAL
_A = Outcome.ACCESS_FAILURE

# -- 01.1 ----------------------------------------------------------------------------------------

Row = tuple[str, list[Any], Outcome, FailureCode | None]
Table = tuple[str, tuple[Row, ...], str | None]

_TIMEOUT = FailureCode.TIMEOUT
_UNAUTHORIZED = FailureCode.UNAUTHORIZED

#: The hidden tables of 01.1: a description, rows of (scenario, naive value, truth, failure
#: code), a hint. Access failures carry real, different codes, so an answer that compares
#: causes (``(truth, code)``) instead of outcome classes is caught.
_TABLES: tuple[Table, ...] = (
    (
        "four [] results: a real nothing, a timeout, an expired token, a cut-off search",
        (
            ("nothing_matched", [], _E, None),
            ("read_timeout", [], _A, _TIMEOUT),
            ("expired_token", [], _A, _UNAUTHORIZED),
            ("cut_off_search", [], _P, None),
        ),
        None,
    ),
    (
        "two access failures with different causes, both []",
        (("read_timeout", [], _A, _TIMEOUT), ("expired_token", [], _A, _UNAUTHORIZED)),
        "compare the outcome classes (truth), not the causes",
    ),
    (
        "a complete list and a first page holding the same two items",
        (
            ("whole_list", [{"id": 1}, {"id": 2}], _S, None),
            ("first_page", [{"id": 1}, {"id": 2}], _P, None),
        ),
        "these naive values are not [] but lists with items: any two equal values (==) can "
        "hide different truths, and lists built separately are equal when their items are",
    ),
    (
        "no two rows share a value",
        (
            ("one_item", [{"id": 1}], _S, None),
            ("two_items", [{"id": 1}, {"id": 2}], _P, None),
            ("none", [], _E, None),
        ),
        None,
    ),
    ("an empty table", (), "an empty table has no pairs: return an empty set"),
    (
        "rows listed out of alphabetical order",
        (("zulu", [], _A, _TIMEOUT), ("alpha", [], _E, None)),
        "write each pair as a tuple of two names in alphabetical order",
    ),
    (
        "a mix of [] and lists, outcomes of every class",
        (
            ("b_empty", [], _E, None),
            ("c_page", [{"id": 7}], _P, None),
            ("a_refused", [], _A, FailureCode.CONNECT),
            ("d_whole", [{"id": 7}], _S, None),
            ("e_other", [{"id": 8}], _S, None),
            ("f_empty_too", [], _E, None),
        ),
        None,
    ),
)


def _expected_pairs(rows: Sequence[CatalogueRow]) -> set[tuple[str, str]]:
    pairs = set()
    for i, first in enumerate(rows):
        for second in rows[i + 1 :]:
            if first.naive == second.naive and first.truth is not second.truth:
                a, b = sorted((first.scenario, second.scenario))
                pairs.add((a, b))
    return pairs


def _why_not_a_pair(rows: Sequence[CatalogueRow], pair: tuple[str, str]) -> str:
    by_name = {row.scenario: row for row in rows}
    if not all(name in by_name for name in pair):
        return "it names a scenario that is not in the table"
    first, second = (by_name[name] for name in pair)
    if first.naive != second.naive:
        return "their naive values differ, so a consumer can tell them apart"
    if first.code != second.code:
        # The likeliest slip: comparing causes. Name both, and the rule that makes them one class.
        causes = " and ".join(row.true_outcome for row in (first, second))
        return (
            f"their true outcome classes are the same ({causes}): "
            "a different cause is not a different class"
        )
    return "their true outcome classes are the same"


def _lookalikes_verifier(rows: Sequence[CatalogueRow]) -> Callable[[object], str | None]:
    expected = _expected_pairs(rows)

    def verify(result: object) -> str | None:
        if not isinstance(result, set):
            return f"expected a set of pairs, got a {type(result).__name__}"
        for pair in sorted(result, key=repr):
            if not (
                isinstance(pair, tuple) and len(pair) == 2 and all(isinstance(n, str) for n in pair)
            ):
                return f"each pair is a tuple of two scenario names, got {pair!r}"
            if pair[0] >= pair[1]:
                return f"pair {pair!r} is not two names in alphabetical order"
            if pair not in expected:
                return f"{pair!r} is not a lookalike pair: {_why_not_a_pair(rows, pair)}"
        missing = len(expected - result)
        if missing:
            return f"found {len(result)} of {len(expected)} pairs; {missing} missing"
        return None

    return verify


@exercise(
    "01.1",
    name="find_lookalikes",
    hint="compare every row with every later row: equal naive values (==) and different truths",
    why=(
        "Equal naive values with different truths are the lookalikes: a consumer that sees only "
        "the value cannot tell them apart, so the tool has to say which is which."
    ),
)
def _find_lookalikes() -> Iterator[Case]:
    for describe, spec, hint in _TABLES:
        # Fresh rows and lists per case, so an answer that mutates its input harms only itself.
        rows = [CatalogueRow(name, list(value), truth, code) for name, value, truth, code in spec]
        yield Case(args=(rows,), describe=describe, verify=_lookalikes_verifier(rows), hint=hint)


# -- 01.2 ----------------------------------------------------------------------------------------

#: The results 01.2 offers: letter -> (what the consumer was handed, why it does not license
#: "there are none", or None when it does).
LICENSE_OPTIONS: dict[str, tuple[str, str | None]] = {
    "A": (
        "the naive tool returned []",
        "most [] results in the catalogue were failures",
    ),
    "B": (
        "the naive tool returned [] and the upstream answered HTTP 200",
        "look at the HTTP column: a 200 can carry a failure or a cut-off search",
    ),
    "C": ("an envelope whose outcome is empty", None),
    "D": (
        "an envelope whose outcome is partial and whose data is []",
        "a search that was cut off has not looked everywhere",
    ),
    "E": (
        "an envelope whose outcome is access_failure",
        "without contact there is no answer about what exists",
    ),
    "F": (
        "the naive tool returned [] twice in a row",
        "an expired token or a lying 200 fails the same way every time",
    ),
}


def _verify_licenses(result: object) -> str | None:
    if not isinstance(result, set | frozenset):
        return f"expected a set of letters such as {{'A'}}, got a {type(result).__name__}"
    unknown = sorted(repr(x) for x in result if x not in LICENSE_OPTIONS)
    if unknown:
        return f"unknown letter(s) {', '.join(unknown)}: choose from {', '.join(LICENSE_OPTIONS)}"
    for letter in sorted(result):
        why_not = LICENSE_OPTIONS[letter][1]
        if why_not is not None:
            return f"{letter} does not license it: {why_not}"
    licensing = {letter for letter, (_, why_not) in LICENSE_OPTIONS.items() if why_not is None}
    if result != licensing:
        return "a result that does license it is missing"
    return None


@exercise(
    "01.2",
    name="licenses_none",
    hint="'there are none' needs contact and a complete search that found nothing",
    answer=AnswerKind.VALUE,
    why=(
        "Only an envelope whose outcome is empty licenses 'there are none': it alone records "
        "contact and a complete search. A bare [], even with a 200, even twice, does not."
    ),
)
def _licenses_none() -> Iterator[Case]:
    yield Case(describe="the six results A-F", verify=_verify_licenses)


# -- 01.3 ----------------------------------------------------------------------------------------

#: Scenarios 01.3 runs the learner's honest tool on, with a case hint where one helps.
HONEST_TOOL_SCENARIOS: tuple[tuple[str, str | None], ...] = (
    ("empty", None),
    ("timeout", "a timeout raises: fetch returns the exception, and it is classified too"),
    ("expired_token_401", None),
    ("es_timed_out_zero_hits", None),
    ("ok", None),
    ("drf_next_page", None),
    ("lying_html_200", None),
    (
        "not_found_lookup",
        "this endpoint declares a 404 a confirmed absence: pass the scenario's classify_kwargs",
    ),
)


def _honest_verifier(name: str) -> Callable[[object], str | None]:
    expected = get_scenario(name).expected_outcome

    def verify(result: object) -> str | None:
        if not isinstance(result, Envelope):
            return f"returned a {type(result).__name__}, not an Envelope"
        if result.outcome is expected:
            return None
        return f"the envelope says {result.outcome.value}, but this scenario is {expected.value}"

    return verify


@exercise(
    "01.3",
    name="honest_tool",
    hint="keep the fetch, drop the try/except: classify what came back with classify_http and "
    "the scenario's classify_kwargs",
    why=(
        "The honest tool hides nothing: it hands what came back (or the exception) to the "
        "classifier, so a timeout becomes an access_failure instead of []."
    ),
)
def _honest_tool() -> Iterator[Case]:
    for name, hint in HONEST_TOOL_SCENARIOS:
        yield Case(
            args=(name,), describe=f"scenario {name}", verify=_honest_verifier(name), hint=hint
        )
