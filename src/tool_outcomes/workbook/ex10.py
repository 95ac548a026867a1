"""Exercises of notebook 10, the capstone (registered by :mod:`tool_outcomes.workbook.exercises`).

* ``10.1 ticket_model`` — a function returning the result model of one ticket, checked on tickets
  the service really sends: v2 and legacy records, every state of its three-state fields, and
  records it must refuse (no id, no subject, no ``refund_issued``, a bare ``false`` where a field
  state belongs).
* ``10.2 build_search_tool`` — a function returning the search tool (``@tool`` around a request
  builder), checked once per scenario of the ticket service with the scorecard's criteria
  (:mod:`tool_outcomes.workbook.ticket_scorecard`).
* ``10.3 for_the_desk`` — a function from an envelope to the text a support agent reads, checked
  on the envelopes a correct tool returns: every ticket named, a partial saying how many exist,
  and no two different meanings rendered alike (an access failure or a timed-out search like
  "nothing matched", a partial like the whole, "no permission" like "no").

Failure lines say what is wrong, never how to write it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

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

from .checks import Case, exercise
from .ticket_scorecard import as_tool, first_problem, reference_tool, run_scenario, ticket_problem
from .ticket_service import SCENARIOS, served_answer

__all__: list[str] = []

# -- 10.1 ----------------------------------------------------------------------------------------

_THREE_STATES = "a field that can be not applicable is a three-state field, with its value's type"


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


def _served_tickets(scenario: str) -> list[dict[str, Any]]:
    tickets: list[dict[str, Any]] = served_answer(scenario)["tickets"]
    return tickets


@exercise(
    "10.1",
    name="ticket_model",
    hint="one field per row of the documentation's ticket table, named as the v2 ticket names "
    "it, with the type the table gives",
)
def _ticket_model() -> Iterator[Case]:
    printer = _served_tickets("single_page")
    legacy = _served_tickets("legacy_records")[1]
    hidden = _served_tickets("no_billing_scope")[0]
    damaged = _served_tickets("damaged_record")[1]
    no_subject = {k: v for k, v in printer[0].items() if k != "subject"}
    bare_false = printer[0] | {"refund_issued": False}
    no_refund = {k: v for k, v in printer[0].items() if k != "refund_issued"}
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
    )
    for record, what, hint in accepted:
        yield Case(describe=what, verify=_accepts(record, what), hint=hint)
    refused: tuple[tuple[Mapping[str, Any], str, str], ...] = (
        (damaged, "a damaged legacy record with no id", "a ticket without an id"),
        (no_subject, "a v2 ticket with no subject", "a ticket without a subject"),
        (no_refund, "a v2 ticket with no refund_issued", "a ticket without refund_issued"),
        (bare_false, "a v2 ticket whose refund_issued is a bare false", "a bare false"),
    )
    for record, what, accepted_what in refused:
        yield Case(
            describe=what,
            verify=_rejects(record, accepted_what),
            hint="repair fixes shape, never meaning: what the documentation says every ticket "
            "has must be required, and a three-state field takes only its two forms",
        )


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
    "capped_search": "no next cursor is not proof that nothing is left: " + _COUNT.split(": ")[1],
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
}


def _scenario_verifier(name: str) -> Callable[[object], str | None]:
    def verify(result: object) -> str | None:
        built = as_tool(result)
        if isinstance(built, str):
            return built
        return first_problem(run_scenario(built, name))

    return verify


@exercise(
    "10.2",
    name="build_search_tool",
    hint="declare what the documentation says: the result model, where the tickets and the count "
    "are, what a 404 means, and a retry policy within the stated limits",
)
def _build_search_tool() -> Iterator[Case]:
    for scenario in SCENARIOS:
        yield Case(
            describe=f"{scenario.name}: {scenario.what}",
            verify=_scenario_verifier(scenario.name),
            hint=_SCENARIO_HINTS[scenario.name],
        )


# -- 10.3 ----------------------------------------------------------------------------------------

_UNVERIFIED = "an answer nobody verified must not read like 'nothing matched'"
_HOW_MANY = "a partial must not read as the whole answer: say how many the service holds"


class _Texts:
    """What the learner's function rendered so far in one check run, by case key."""

    def __init__(self) -> None:
        self.by_key: dict[str, str] = {}

    def verifier(
        self,
        key: str,
        env: Envelope[Any],
        *,
        differs_from: tuple[tuple[str, str], ...] = (),
        holds: int | None = None,
    ) -> Callable[[object], str | None]:
        def verify(text: object) -> str | None:
            if not isinstance(text, str) or not text.strip():
                return f"expected the text for a person, got {_kind(text)}"
            self.by_key[key] = text
            for ticket in env.data if isinstance(env.data, list) else ():
                if ticket.id not in text:
                    return f"the text does not name ticket {ticket.id}"
            if holds is not None and not _mentions_count(text, env, holds):
                return f"the text does not say how many tickets the service holds ({holds})"
            for other, meaning in differs_from:
                if self.by_key.get(other) == text:
                    return f"the text is word for word the one for {meaning}"
            return None

        return verify


def _kind(value: object) -> str:
    return "an empty string" if isinstance(value, str) else f"a {type(value).__name__}"


def _mentions_count(text: str, env: Envelope[Any], holds: int) -> bool:
    returned = env.coverage.returned if env.coverage is not None else 0
    numbers = {int(n) for n in re.findall(r"\d+", text)}
    return holds in numbers or holds - returned in numbers


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


@exercise(
    "10.3",
    name="for_the_desk",
    hint="say what came back, and what it means: a person must be able to tell each class from "
    "the others, and a field's reason from a 'no'",
)
def _for_the_desk() -> Iterator[Case]:
    search_tool = reference_tool()
    env = {name: run_scenario(search_tool, name).envelope for name in _RENDERED}
    whole = env["single_page"]
    assert whole.data is not None
    same_of_nine = Envelope[Any](
        outcome=Outcome.PARTIAL,
        data=whole.data,
        coverage=Coverage(
            returned=len(whole.data), total=9, truncated_by=TruncatedBy.TOTAL_EXCEEDS_RETURNED
        ),
        tool=whole.tool,
        target=whole.target,
    )
    refund_no = _with_ticket_field(whole, "refund_issued", present(False))
    refund_hidden = _with_ticket_field(
        whole, "refund_issued", not_applicable(NAReason.NO_PERMISSION)
    )
    no_manager = _with_ticket_field(whole, "account_manager", not_applicable(NAReason.OUT_OF_SCOPE))
    manager_unknown = _with_ticket_field(
        whole, "account_manager", not_applicable(NAReason.FETCH_FAILED)
    )
    texts = _Texts()
    empty = (("empty", "the search that matched nothing"),)
    cases: tuple[tuple[str, str, Envelope[Any], dict[str, Any], str | None], ...] = (
        ("success", "4 tickets, the whole answer", whole, {}, "name every ticket that came back"),
        (
            "partial_of_9",
            "the same 4 tickets, of 9",
            same_of_nine,
            {"holds": 9, "differs_from": (("success", "the same 4 tickets as the whole answer"),)},
            _HOW_MANY,
        ),
        ("first_page", "page 1: 10 of 23", env["first_page"], {"holds": 23}, _HOW_MANY),
        ("empty", "a search that matched nothing", env["no_match"], {}, None),
        ("timed_out", "0 tickets, the index ran out of time", env["search_timed_out"],
         {"differs_from": empty}, _UNVERIFIED),
        ("no_project", "no such project", env["unknown_project"], {"differs_from": empty},
         _UNVERIFIED),
        ("outage", "503 on every attempt", env["outage"], {"differs_from": empty}, _UNVERIFIED),
        ("refund_no", "TCK-1001, refund_issued present(False)", refund_no, {}, None),
        (
            "refund_hidden",
            "TCK-1001, refund_issued not_applicable(no_permission)",
            refund_hidden,
            {"differs_from": (("refund_no", "a refund that billing says was not issued"),)},
            "'you may not see it' is not 'no'",
        ),
        ("no_manager", "TCK-1001, account_manager not_applicable(out_of_scope)", no_manager, {},
         None),
        (
            "manager_unknown",
            "TCK-1001, account_manager not_applicable(fetch_failed)",
            manager_unknown,
            {"differs_from": (("no_manager", "a customer who has no account manager"),)},
            "'there is none' and 'the CRM did not answer' call for different next steps",
        ),
    )  # fmt: skip
    for key, what, envelope, rules, hint in cases:
        yield Case(
            args=(envelope,), describe=what, verify=texts.verifier(key, envelope, **rules),
            hint=hint,
        )  # fmt: skip


#: The scenarios whose envelopes 10.3 renders.
_RENDERED = (
    "single_page", "first_page", "no_match", "search_timed_out", "unknown_project", "outage",
)  # fmt: skip
