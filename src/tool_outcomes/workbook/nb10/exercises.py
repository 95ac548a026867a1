"""Exercises of notebook 10, the capstone (registered by :mod:`tool_outcomes.workbook.exercises`).

* ``10.1 ticket_model`` — a function returning the result model of one ticket, checked on tickets
  the service really sends: v2 and legacy records, every state of its three-state fields, and
  records it must refuse (no id, no subject, no ``refund_issued``, a bare ``false`` where a field
  state belongs, a status or priority the documentation does not list, a three-state field whose
  value has another type, and last a reason the documentation never gives a field, which the
  model generated from the notebook's outcome table refuses).
* ``10.2 build_search_tool`` — a function returning the search tool (``@tool`` around a request
  builder), checked once per scenario of the ticket service with the scorecard's criteria
  (:mod:`tool_outcomes.workbook.nb10.ticket_scorecard`).
* ``10.3 for_the_desk`` — a function from an envelope to the text a support agent reads, checked
  on the envelopes a correct tool returns: every ticket named, no JSON, a partial saying how many
  exist (and giving no number as a total the service did not give), a failed search in none of
  the words of a verified nothing, and no two different meanings rendered alike (an access
  failure or a timed-out search like "nothing matched", a partial like the whole, "no
  permission" like "no"). :data:`DESK_RULES` states the rules as the notebook does.

Failure lines say what is wrong, never how to write it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final

from pydantic import BaseModel

from tool_outcomes import (
    Coverage,
    Envelope,
    NAReason,
    Outcome,
    Rejection,
    TruncatedBy,
    not_applicable,
    present,
    repair,
)
from tool_outcomes.workbook.checks import Case, exercise
from tool_outcomes.workbook.nb08.exercises import COMPLETE_VOICE, unusable_for_a_person

from .ticket_scorecard import as_tool, first_problem, reference_tool, run_scenario, ticket_problem
from .ticket_service import SCENARIOS, Scenario, served_answer

__all__ = ["DESK_RULES", "NOTHING_FOUND_VOICE"]

# -- 10.1 ----------------------------------------------------------------------------------------

_THREE_STATES = "a field that can be not applicable is a three-state field, with its value's type"
_MEANING = (
    "repair fixes shape, never meaning: what the documentation says every ticket has must be "
    "required, and a three-state field takes only its two forms"
)
_VALUES = (
    "the ticket table says which values a field takes, not only its type: a record with "
    "another value is not a ticket the documentation describes"
)
_SCALE = "the documentation's scale includes both of its ends"
_TABLE = (
    "a three-state field takes only the reasons the documentation gives it: start from the "
    "model the outcome table generates (ticket_table.model_class()), which refuses any other"
)


def _model_problem(model: object) -> str | None:
    if isinstance(model, type) and issubclass(model, BaseModel):
        return None
    return f"ticket_model() returned {type(model).__name__}, not a pydantic model class"


def _accepts(record: Mapping[str, Any], label: str) -> Callable[[object], str | None]:
    def verify(model: object) -> str | None:
        if (problem := _model_problem(model)) is not None:
            return problem
        checked = repair(record, model)
        if isinstance(checked, Rejection):
            return f"the model rejected it: {checked.detail}"
        return ticket_problem(label, checked.value, record)

    return verify


def _rejects(record: Mapping[str, Any], what: str) -> Callable[[object], str | None]:
    def verify(model: object) -> str | None:
        if (problem := _model_problem(model)) is not None:
            return problem
        checked = repair(record, model)
        return None if isinstance(checked, Rejection) else f"the model accepted {what}"

    return verify


def _not_applicable(reason: NAReason) -> dict[str, Any]:
    field: dict[str, Any] = not_applicable(reason).model_dump(mode="json")
    return field


def _served_tickets(scenario: str) -> list[dict[str, Any]]:
    tickets: list[dict[str, Any]] = served_answer(scenario)["tickets"]
    return tickets


@exercise(
    "10.1",
    name="ticket_model",
    hint="one field per row of the documentation's ticket table, named as the v2 ticket names "
    "it, with the type the table gives",
    why=(
        "The outcome table makes every field required and each three-state field take only its "
        "documented reasons; the subclass adds the legacy names and the documented values."
    ),
)
def _ticket_model() -> Iterator[Case]:
    printer = _served_tickets("single_page")
    legacy = _served_tickets("legacy_records")[1]
    hidden = _served_tickets("no_billing_scope")[0]
    damaged = _served_tickets("damaged_record")[1]
    bare_false = printer[0] | {"refund_issued": False}
    without = {name: {k: v for k, v in printer[0].items() if k != name} for name in printer[0]}
    accepted: tuple[tuple[Mapping[str, Any], str, str | None], ...] = (
        (printer[0], "a v2 ticket (TCK-1001)", None),
        (
            legacy,
            "a legacy ticket (TCK-0412)",
            "a legacy name is another name for a v2 field: declare it as an alias; a number "
            "sent as a string is repaired when the field is declared a number",
        ),
        (hidden, "a ticket read without billing:read (TCK-1001)", _THREE_STATES),
        (printer[1], "an individual customer's ticket (TCK-1002)", _THREE_STATES),
        (printer[3], "a ticket whose CRM lookup timed out (TCK-1004)", _THREE_STATES),
        # The ends of the documented scale, so that a bound one step too tight is caught.
        (printer[0] | {"priority": 1}, "a v2 ticket whose priority is 1 (urgent)", _SCALE),
        (printer[0] | {"priority": 4}, "a v2 ticket whose priority is 4 (low)", _SCALE),
    )
    for record, what, hint in accepted:
        yield Case(describe=what, verify=_accepts(record, what), hint=hint)
    refused: tuple[tuple[Mapping[str, Any], str, str, str], ...] = (
        (damaged, "a damaged legacy record with no id", "a ticket without an id", _MEANING),
        (without["subject"], "a v2 ticket with no subject", "a ticket without a subject",
         _MEANING),
        (without["refund_issued"], "a v2 ticket with no refund_issued",
         "a ticket without refund_issued", _MEANING),
        (without["status"], "a v2 ticket with no status", "a ticket without a status", _MEANING),
        (without["priority"], "a v2 ticket with no priority", "a ticket without a priority",
         _MEANING),
        (without["account_manager"], "a v2 ticket with no account_manager",
         "a ticket without account_manager", _MEANING),
        (bare_false, "a v2 ticket whose refund_issued is a bare false", "a bare false", _MEANING),
        (printer[0] | {"status": "resolved"}, 'a v2 ticket whose status is "resolved"',
         'the status "resolved"', _VALUES),
        (printer[0] | {"priority": 9}, "a v2 ticket whose priority is 9", "the priority 9",
         _VALUES),
        (printer[0] | {"priority": 0}, "a v2 ticket whose priority is 0", "the priority 0",
         _VALUES),
        (printer[0] | {"priority": 5}, "a v2 ticket whose priority is 5", "the priority 5",
         _VALUES),
        (printer[0] | {"priority": 2.5}, "a v2 ticket whose priority is 2.5", "the priority 2.5",
         _VALUES),
        (printer[0] | {"refund_issued": present("requested").model_dump(mode="json")},
         'a v2 ticket whose refund_issued is present("requested")',
         "a refund_issued that is not a boolean", _THREE_STATES),
        (printer[0] | {"account_manager": present(["dana@example.com"]).model_dump(mode="json")},
         'a v2 ticket whose account_manager is present(["dana@example.com"])',
         "an account_manager that is not a string", _THREE_STATES),
        # Last: a hand-written model that gets every row of the table right still fails here.
        (printer[0] | {"refund_issued": _not_applicable(NAReason.FETCH_FAILED)},
         "a v2 ticket whose refund_issued is not_applicable(fetch_failed)",
         "a reason the documentation never gives refund_issued", _TABLE),
        (printer[0] | {"account_manager": _not_applicable(NAReason.NO_PERMISSION)},
         "a v2 ticket whose account_manager is not_applicable(no_permission)",
         "a reason the documentation never gives account_manager", _TABLE),
    )  # fmt: skip
    for record, what, accepted_what, hint in refused:
        yield Case(describe=what, verify=_rejects(record, accepted_what), hint=hint)


# -- 10.2 ----------------------------------------------------------------------------------------

_COUNT = "a page is not the whole answer when the service holds more: tell the tool where the "
_COUNT += "service keeps its items and its count (notebook 04)"
_RETRY = "503 and 429 say 'later': the policy must allow enough attempts (the fair-use rule says "
_RETRY += "how many at most) and honour Retry-After"

#: A hint per scenario of 10.2, for when its run goes wrong.
_SCENARIO_HINTS: Mapping[str, str] = {
    "single_page": "build the request the documentation describes (path and parameter names), "
    "and declare the result as a list of your ticket model",
    "first_page": _COUNT,
    "next_page": "send every argument the tool was given under the documented names, the cursor "
    "too; " + _COUNT.split(": ", 1)[1],
    "capped_search": "does the request carry every argument the tool was given, under the "
    "documented names? And no next cursor is not proof that nothing is left",
    "no_match": "a search that ran and matched nothing is a verified nothing",
    "search_timed_out": "zero tickets from an index that ran out of time is not 'nothing matched'",
    "legacy_records": "legacy records name two fields differently and send numbers as strings: "
    "the model declares the aliases and the types (10.1)",
    "damaged_record": "a ticket without an id is not a ticket: the model must refuse it (10.1)",
    "no_billing_scope": _THREE_STATES + " (10.1)",
    "sso_login_page": "a 200 is not proof of an answer: let the adapter classify the HTTP reply",
    "unknown_project": "a project that does not exist is not a project without matching tickets "
    "(notebook 04: what a 404 may mean)",
    "deploy_503": _RETRY,
    "rate_limited_twice": _RETRY,
    "outage": "the fair-use rule caps the attempts; every retry waits out its Retry-After",
    "maintenance_window": "the assistant waits at most 20 s in all, sleeps included: give the "
    "policy an overall deadline",
    "slow_deploy": "the assistant waits at most 20 s in all, sleeps included: an answer that "
    "would come later than that is no answer for it, however close",
}


def _scenario_verifier(scenario: Scenario) -> Callable[[object], str | None]:
    def verify(result: object) -> str | None:
        built = as_tool(result)
        if isinstance(built, str):
            return built
        return first_problem(run_scenario(built, scenario))

    return verify


@exercise(
    "10.2",
    name="build_search_tool",
    hint="declare what the documentation says: the result model, where the tickets and the count "
    "are, what a 404 means, and a retry policy within the stated limits",
    why=(
        "The tool declares what the documentation says (items, count, what a 404 means, at most 4 "
        "attempts within 20 s) and the adapter does the rest."
    ),
)
def _build_search_tool() -> Iterator[Case]:
    for scenario in SCENARIOS:
        yield Case(
            describe=f"{scenario.name}: {scenario.what}",
            verify=_scenario_verifier(scenario),
            hint=_SCENARIO_HINTS[scenario.name],
        )


# -- 10.3 ----------------------------------------------------------------------------------------

#: Words of a verified nothing (regular expressions, any case): the text of a search that could
#: not be done uses none of them.
NOTHING_FOUND_VOICE: Final = (
    r"\bno tickets?\b",
    r"\bnone\b",
    r"\bfound 0\b",
    r"\bthere (?:are|is) no\b",
    r"\bnothing (?:matched|matches)\b",
)
#: A number given as the source's total: "of 0", "of None", "total: 4", "4 in all", "4/4".
_STATED_TOTAL = re.compile(
    r"\b(?:of|total)\W*(?:\d|none\b|null\b)|\b(?:\d+|none) in all\b|\d\s*/\s*(?:\d|none\b)"
)

#: The rules 10.3 checks, as the notebook states them.
DESK_RULES: Final = (
    "names every ticket that came back;",
    "for a partial: says how many tickets the service holds when it said, and when it did not, "
    "gives no number as its total ('of 0', 'total: 4', '4 in all', '4/4');",
    "for a search that could not be done: none of 'no tickets', 'none', 'found 0', "
    "'there are no', 'nothing matched';",
    "for part of an answer with no ticket in it: none of the voice of a complete answer "
    "('exactly', 'none', 'there are no', 'no tickets', 'all <number>');",
    "a field that is not applicable does not read as 'no': where a false value's word goes, "
    "it says something else;",
    "no two different meanings read alike, word for word;",
    "shows no JSON ({ or [) and no cursor: a person cannot use them.",
)

_UNVERIFIED = "an answer nobody verified must not read like 'nothing matched'"
_HOW_MANY = "a partial must not read as the whole answer: say how many the service holds"
_NO_TOTAL = "when the service does not say how many it holds, no number may stand for its total"
_HIDDEN = "'you may not see it' is not 'no'"


@dataclass(frozen=True)
class _Rules:
    """What one 10.3 case asks of the text, beyond naming the tickets and showing no JSON."""

    holds: int | None = None
    """The service's total, which the text must state."""
    total_unknown: bool = False
    """The service gave no total: the text may not state one."""
    voices: tuple[str, ...] = ()
    """Phrases (regular expressions) the text may not use."""
    differs_from: tuple[tuple[str, str], ...] = ()
    """(case key, its meaning): texts this one may not equal."""
    not_read_as: tuple[str, str, str] | None = None
    """(key of the field's "yes" text, key of its "no" text, meaning): where those two differ,
    this text may not say what the "no" one says."""
    no_bare_no: bool = False
    """The text may not say a bare "no" or "false" (nothing after it on its line but
    punctuation), however the renderer words a false value."""


class _Texts:
    """What the learner's function rendered so far in one check run, by case key."""

    def __init__(self) -> None:
        self.by_key: dict[str, str] = {}

    def verifier(
        self, key: str, env: Envelope[Any], rules: _Rules
    ) -> Callable[[object], str | None]:
        def verify(text: object) -> str | None:
            if not isinstance(text, str) or not text.strip():
                return f"expected the text for a person, got {_kind(text)}"
            self.by_key[key] = text
            cursor = env.coverage.next_cursor if env.coverage is not None else None
            if (unusable := unusable_for_a_person(text, cursor)) is not None:
                return unusable
            for ticket in env.data if isinstance(env.data, list) else ():
                if ticket.id not in text:
                    return f"the text does not name ticket {ticket.id}"
            return self._meaning_problem(text, env, rules)

        return verify

    def _meaning_problem(self, text: str, env: Envelope[Any], rules: _Rules) -> str | None:
        if rules.holds is not None and not _mentions_count(text, env, rules.holds):
            return f"the text does not say how many tickets the service holds ({rules.holds})"
        if rules.total_unknown and (stated := _stated_total(text)) is not None:
            return f"the text gives {stated!r} as a total, which the service did not give"
        for pattern in rules.voices:
            if found := re.search(pattern, text, re.IGNORECASE):
                return f"the text says {found.group(0)!r}, the words of a verified nothing"
        for other, meaning in rules.differs_from:
            if self.by_key.get(other) == text:
                return f"the text is word for word the one for {meaning}"
        if rules.not_read_as is not None:
            yes, no, meaning = rules.not_read_as
            said = _says_the_same(text, self.by_key.get(yes), self.by_key.get(no))
            if said is not None:
                return f"the field reads {said!r}, as it does for {meaning}"
        if rules.no_bare_no and (found := _BARE_NO.search(text)):
            return f"the text says a bare {found.group(0)!r}, which reads as a refund not issued"
        return None


def _kind(value: object) -> str:
    return "an empty string" if isinstance(value, str) else f"a {type(value).__name__}"


def _mentions_count(text: str, env: Envelope[Any], holds: int) -> bool:
    returned = env.coverage.returned if env.coverage is not None else 0
    numbers = {int(n) for n in re.findall(r"\d+", text)}
    return holds in numbers or holds - returned in numbers


def _stated_total(text: str) -> str | None:
    """A number the text gives as the source's total: "of 0", "of None", "total: 4", "4/4"."""
    found = _STATED_TOTAL.search(text.lower())
    return None if found is None else found.group(0)


def _says_the_same(text: str, yes: str | None, no: str | None) -> str | None:
    """The word that says "no" in ``no`` where it differs from ``yes``, if ``text`` says it there.

    ``yes`` and ``no`` are the texts of one ticket whose field is true in one and false in the
    other: up to where they differ they are the same, and the first word after that in ``no``
    is how this renderer says "no". ``text`` reads as "no" when it says that word in that place.
    """
    if yes is None or no is None or yes == no:
        return None
    start = next((i for i, (a, b) in enumerate(zip(yes, no, strict=False)) if a != b), len(no))
    while start and no[start - 1].isalnum():  # "…refund: not …" / "…refund: no …" share "no"
        start -= 1
    word = _WORD.match(no, start)
    said = _WORD.match(text, start)
    if word is None or said is None or text[:start] != no[:start]:
        return None
    return said.group(0) if said.group(0).casefold() == word.group(0).casefold() else None


_WORD = re.compile(r"\w+|\S")
#: "no" or "false" with no word after it on its line: "refund: no", "refund no (hidden)".
_BARE_NO = re.compile(r"\b(?:no|false)\b(?![ \t]*\w)", re.IGNORECASE)


def _with_ticket_field(env: Envelope[Any], name: str, state: object) -> Envelope[Any]:
    """A success with one ticket: ``env``'s first, its field ``name`` set to ``state``."""
    assert isinstance(env.data, list)  # a success of the reference tool: a list of tickets
    ticket = env.data[0].model_copy(update={name: state})
    return Envelope[Any](
        outcome=Outcome.SUCCESS,
        data=[ticket],
        coverage=Coverage(returned=1, total=1),
        tool=env.tool,
        target=env.target,
    )


def _partial_of(env: Envelope[Any], total: int | None, cut: TruncatedBy) -> Envelope[Any]:
    """``env``'s tickets, as a partial of ``total`` (``None``: the service did not say)."""
    assert isinstance(env.data, list)  # a success of the reference tool: a list of tickets
    return Envelope[Any](
        outcome=Outcome.PARTIAL,
        data=env.data,
        coverage=Coverage(returned=len(env.data), total=total, truncated_by=cut),
        tool=env.tool,
        target=env.target,
    )


@exercise(
    "10.3",
    name="for_the_desk",
    hint="say what came back, and what it means: a person must be able to tell each class from "
    "the others, and a field's reason from a 'no'",
    why=(
        "Each class reads differently: a failure never sounds like nothing found, a partial never "
        "like the whole, and 'you may not see it' never like 'no'."
    ),
)
def _for_the_desk() -> Iterator[Case]:
    search_tool = reference_tool()
    env = {name: run_scenario(search_tool, name).envelope for name in _RENDERED}
    whole = env["single_page"]
    refund = {
        "refund_yes": present(True),
        "refund_no": present(False),
        "refund_hidden": not_applicable(NAReason.NO_PERMISSION),
    }
    manager = {
        "no_manager": not_applicable(NAReason.OUT_OF_SCOPE),
        "manager_unknown": not_applicable(NAReason.FETCH_FAILED),
    }
    one = {k: _with_ticket_field(whole, "refund_issued", v) for k, v in refund.items()}
    one |= {k: _with_ticket_field(whole, "account_manager", v) for k, v in manager.items()}
    texts = _Texts()
    empty = (("empty", "the search that matched nothing"),)
    failed = _Rules(voices=NOTHING_FOUND_VOICE, differs_from=empty)
    cases: tuple[tuple[str, str, Envelope[Any], _Rules, str | None], ...] = (
        ("success", "4 tickets, the whole answer", whole, _Rules(),
         "a person reads sentences, not JSON: name every ticket that came back"),
        ("partial_of_9", "the same 4 tickets, of 9",
         _partial_of(whole, 9, TruncatedBy.TOTAL_EXCEEDS_RETURNED),
         _Rules(holds=9, differs_from=(("success", "the same 4 tickets as the whole answer"),)),
         _HOW_MANY),
        ("first_page", "page 1: 10 of 23", env["first_page"], _Rules(holds=23),
         _HOW_MANY + ", in words a person can use (no cursor)"),
        ("partial_unknown", "the same 4 tickets, of a number the service did not say",
         _partial_of(whole, None, TruncatedBy.UPSTREAM_FLAG),
         _Rules(total_unknown=True, differs_from=(("success", "the whole answer"),)), _NO_TOTAL),
        ("empty", "a search that matched nothing", env["no_match"], _Rules(), None),
        ("timed_out", "0 tickets, the index ran out of time", env["search_timed_out"],
         _Rules(total_unknown=True, voices=COMPLETE_VOICE, differs_from=empty), _UNVERIFIED),
        ("no_project", "no such project", env["unknown_project"], failed, _UNVERIFIED),
        ("outage", "503 on every attempt", env["outage"], failed, _UNVERIFIED),
        ("refund_yes", "TCK-1001, refund_issued present(True)", one["refund_yes"], _Rules(), None),
        ("refund_no", "TCK-1001, refund_issued present(False)", one["refund_no"],
         _Rules(differs_from=(("refund_yes", "a refund billing issued"),)),
         "a refund billing issued and one it did not must read differently"),
        ("refund_hidden", "TCK-1001, refund_issued not_applicable(no_permission)",
         one["refund_hidden"],
         _Rules(differs_from=(("refund_no", "a refund that billing says was not issued"),),
                not_read_as=("refund_yes", "refund_no", "a refund billing did not issue"),
                no_bare_no=True),
         _HIDDEN),
        ("no_manager", "TCK-1001, account_manager not_applicable(out_of_scope)",
         one["no_manager"], _Rules(), None),
        ("manager_unknown", "TCK-1001, account_manager not_applicable(fetch_failed)",
         one["manager_unknown"],
         _Rules(differs_from=(("no_manager", "a customer who has no account manager"),)),
         "'there is none' and 'the CRM did not answer' call for different next steps"),
    )  # fmt: skip
    for key, what, envelope, rules, hint in cases:
        yield Case(
            args=(envelope,), describe=what, verify=texts.verifier(key, envelope, rules), hint=hint
        )


#: The scenarios whose envelopes 10.3 renders.
_RENDERED = (
    "single_page", "first_page", "no_match", "search_timed_out", "unknown_project", "outage",
)  # fmt: skip
