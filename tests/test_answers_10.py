"""Notebook 10's checks: the plausible wrong answers fail, with a hint and never the answer.

Each exercise keeps at least two wrong answers a participant could write: a model with a plain
``bool`` where "no permission" belongs, a tool that never says where the count is, one that
retries nothing, a renderer that prints "no" for a field it could not read. Every one must give
``[FAIL]`` naming the case and its hint. The solutions notebook's committed ``[PASS]`` lines
prove the reference answers pass; here the reference model and tool only serve as the base the
wrong ones change one thing in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import httpx
import pytest
from pydantic import AliasChoices, BaseModel, Field

from tool_outcomes import (
    Coverage,
    Envelope,
    NAReason,
    Outcome,
    RetryPolicy,
    Tool,
    TriState,
    to_text,
    tool,
)
from tool_outcomes.workbook import CheckResult, CheckStatus, check
from tool_outcomes.workbook.nb10.ticket_scorecard import CRITERIA, TICKET_TABLE, grade, run_scenario
from tool_outcomes.workbook.nb10.ticket_service import (
    BASE_URL,
    SCENARIOS,
    SearchTickets,
    served_answer,
)

# Text that would give an answer away: the solution's declarations.
ANSWER_TEXT = ("total_matches", "AliasChoices", "deadline_s=", "max_attempts=", "TriState[")


def assert_fails(result: CheckResult, case: str, hint: str) -> None:
    """A FAIL line naming ``case`` with ``hint``, and no solution text."""
    line = repr(result)
    assert result.status is CheckStatus.FAIL, line
    assert f"({case}" in line, line
    assert f"(hint: {hint}" in line, line
    assert "\n" not in line
    for text in ANSWER_TEXT:
        assert text not in line, line


# -- 10.1: the ticket model -----------------------------------------------------------------------


class Ticket(BaseModel):
    """The base the wrong models change one thing in: every row of the documentation's table
    right, written by hand (not from the outcome table, so it fails 10.1's last cases)."""

    id: str = Field(validation_alias=AliasChoices("id", "ticket_id"))
    subject: str = Field(validation_alias=AliasChoices("subject", "title"))
    status: Literal["open", "pending", "closed"]
    priority: int = Field(ge=1, le=4)
    refund_issued: TriState[bool]
    account_manager: TriState[str]


class PlainBoolRefund(BaseModel):
    """refund_issued as a plain bool: "no permission" has nowhere to go."""

    id: str = Field(validation_alias=AliasChoices("id", "ticket_id"))
    subject: str = Field(validation_alias=AliasChoices("subject", "title"))
    status: str
    priority: int
    refund_issued: bool = False
    account_manager: TriState[str]


class NoAliases(BaseModel):
    """The v2 names only: legacy records are rejected."""

    id: str
    subject: str
    status: str
    priority: int
    refund_issued: TriState[bool]
    account_manager: TriState[str]


class OptionalId(Ticket):
    """Everything optional "to be safe": a damaged record passes as a ticket."""

    id: str | None = Field(default=None, validation_alias=AliasChoices("id", "ticket_id"))  # type: ignore[assignment]


class BoolOrState(Ticket):
    """A three-state field that also takes a bare bool: the silent false is back."""

    refund_issued: TriState[bool] | bool  # type: ignore[assignment]


class OptionalRefund(Ticket):
    """A three-state field that may also be missing: None is back, without a reason."""

    refund_issued: TriState[bool] | None = None  # type: ignore[assignment]


class PriorityAsText(Ticket):
    """A priority declared as text: the v2 numbers are refused."""

    priority: str  # type: ignore[assignment]


class AnyStatus(Ticket):
    """A status of any text: a "resolved" the service never sends passes as a ticket."""

    status: str  # type: ignore[assignment]


class AnyPriority(Ticket):
    """A priority of any number: 9 passes, though the documentation's scale is 1 to 4."""

    priority: int


class AnyStates(Ticket):
    """Three-state fields of anything: a refund of "requested" passes as a refund."""

    refund_issued: TriState[Any]
    account_manager: TriState[Any]


class AnyManager(Ticket):
    """An account manager of any value: a list where an address belongs passes."""

    account_manager: TriState[Any]


def returning(model: object) -> Callable[[], object]:
    def ticket_model() -> object:
        return model

    return ticket_model


TRI = "a field that can be not applicable is a three-state field, with its value's type"
MEANING = "repair fixes shape, never meaning"
VALUES = "the ticket table says which values a field takes"


@pytest.mark.parametrize(
    ("model", "case", "hint"),
    [
        (PlainBoolRefund, "a v2 ticket (TCK-1001)", "one field per row"),
        (NoAliases, "a legacy ticket (TCK-0412)", "a legacy name is another name"),
        (OptionalId, "a damaged legacy record with no id", MEANING),
        (BoolOrState, "a v2 ticket whose refund_issued is a bare false", MEANING),
        (OptionalRefund, "a v2 ticket with no refund_issued", MEANING),
        (PriorityAsText, "a v2 ticket (TCK-1001)", "one field per row"),
        (AnyStatus, 'a v2 ticket whose status is "resolved"', VALUES),
        (AnyPriority, "a v2 ticket whose priority is 9", VALUES),
        (AnyStates, 'a v2 ticket whose refund_issued is present("requested")', TRI),
        (AnyManager, 'a v2 ticket whose account_manager is present(["dana@example.com"])', TRI),
        (
            Ticket.model_validate(
                {
                    "id": "TCK-1",
                    "subject": "s",
                    "status": "open",
                    "priority": 1,
                    "refund_issued": {"status": "present", "value": False},
                    "account_manager": {"status": "present", "value": "x"},
                }
            ),
            "a v2 ticket (TCK-1001)",
            "one field per row",
        ),
    ],
    ids=[
        "plain-bool",
        "no-aliases",
        "optional-id",
        "bool-or-state",
        "optional-refund",
        "priority-text",
        "any-status",
        "any-priority",
        "any-states",
        "any-manager",
        "instance",
    ],
)
def test_wrong_ticket_models_fail_10_1(model: object, case: str, hint: str) -> None:
    """Each plausible wrong model fails on the record it gets wrong, with that case's hint."""
    assert_fails(check("10.1", returning(model)), case, hint)


def test_a_plain_bool_refund_is_reported_as_a_rejection_of_the_v2_ticket() -> None:
    """The line says what the model did with a real ticket, not what to write."""
    line = repr(check("10.1", returning(PlainBoolRefund)))
    assert "the model rejected it: 'refund_issued': not a boolean" in line


class FromTheTable(TICKET_TABLE.model_class()):  # type: ignore[misc] # made at run time
    """The notebook's answer: the outcome table's model, with the aliases and values added."""

    id: str = Field(validation_alias=AliasChoices("id", "ticket_id"))
    subject: str = Field(validation_alias=AliasChoices("subject", "title"))
    status: Literal["open", "pending", "closed"]
    priority: int = Field(ge=1, le=4)


TABLE = "a three-state field takes only the reasons the documentation gives it"


def test_a_model_from_the_outcome_table_passes_10_1_and_a_stub_is_todo() -> None:
    """The table's model, with what a table does not say added, is right; unwritten is TODO."""
    assert check("10.1", returning(FromTheTable)).status is CheckStatus.PASS

    def ticket_model() -> type[BaseModel]:
        raise NotImplementedError

    assert repr(check("10.1", ticket_model)) == "[TODO] 10.1 ticket_model: not attempted yet"


def test_a_hand_written_model_that_allows_any_reason_fails_10_1() -> None:
    """A reason the documentation never gives a field is refused only by a model that declares
    each field's reasons, as the outcome table's does."""
    assert_fails(
        check("10.1", returning(Ticket)),
        "a v2 ticket whose refund_issued is not_applicable(fetch_failed)",
        TABLE,
    )


# -- 10.2: the search tool ------------------------------------------------------------------------


def search_tool(
    model: Any = Ticket,
    *,
    params: Callable[[SearchTickets], dict[str, Any]] | None = None,
    **options: Any,
) -> Callable[[], Tool[Any, Any]]:
    """A ``build_search_tool`` like the learner's: the reference with ``options`` changed."""
    declared: dict[str, Any] = {
        "items": "tickets",
        "total": "total_matches",
        "policy": RetryPolicy(max_attempts=4, deadline_s=20, seed=10),
    } | options

    def documented(args: SearchTickets) -> dict[str, Any]:
        sent: dict[str, Any] = {"text": args.text, "limit": args.limit}
        return sent if args.cursor is None else sent | {"cursor": args.cursor}

    to_send = params or documented

    def build_search_tool() -> Tool[Any, Any]:
        @tool(args=SearchTickets, result=list[model], **declared)
        def search_tickets(args: SearchTickets) -> httpx.Request:
            url = f"{BASE_URL}/projects/{args.project}/tickets/search"
            return httpx.Request("GET", url, params=to_send(args))

        built: Tool[Any, Any] = search_tickets  # `**declared` leaves the overload unresolved
        return built

    return build_search_tool


def hard_coded_tool() -> Tool[Any, Any]:
    """A handler that returns the tickets it expects instead of asking the service."""

    @tool(args=SearchTickets, result=list[Ticket])
    def search_tickets(args: SearchTickets) -> list[dict[str, Any]]:
        return list(served_answer("single_page")["tickets"])

    return search_tickets


def typo_tool() -> Tool[Any, Any]:
    """A handler that raises before it sends anything (an argument it does not have)."""

    @tool(args=SearchTickets, result=list[Ticket], items="tickets", total="total_matches")
    def search_tickets(args: SearchTickets) -> httpx.Request:
        query = args.query  # type: ignore[attr-defined]
        return httpx.Request("GET", f"{BASE_URL}/projects/{args.project}/tickets/search?{query}")

    return search_tickets


COUNT = "a page is not the whole answer when the service holds more"
RETRY = "503 and 429 say 'later'"

# Wrong tools, each with the first case it must fail and that case's hint.
WRONG_TOOLS: dict[str, tuple[Callable[[], object], str, str]] = {
    "no items or total": (
        search_tool(items=None, total=None),
        "first_page: page 1 of a search with 23 matches",
        COUNT,
    ),
    "items but no total": (
        search_tool(total=None),
        "first_page: page 1 of a search with 23 matches",
        COUNT,
    ),
    "retries nothing": (
        search_tool(policy=RetryPolicy(max_attempts=1)),
        "deploy_503: 503, Retry-After 2, then the answer",
        RETRY,
    ),
    "two attempts": (
        search_tool(policy=RetryPolicy(max_attempts=2, deadline_s=20)),
        "rate_limited_twice: 429, Retry-After 3, twice, then the answer",
        RETRY,
    ),
    "ignores Retry-After": (
        search_tool(policy=RetryPolicy(max_attempts=4, respect_retry_after=False, seed=1)),
        "deploy_503: 503, Retry-After 2, then the answer",
        RETRY,
    ),
    "default policy": (
        search_tool(policy=RetryPolicy()),
        "maintenance_window: 503, Retry-After 45, on every call",
        "the assistant waits at most 20 s",
    ),
    "tries past fair use": (
        search_tool(policy=RetryPolicy(max_attempts=6, deadline_s=20)),
        "outage: 503, Retry-After 1, on every call",
        "the fair-use rule caps the attempts",
    ),
    "slow backoff": (
        search_tool(
            policy=RetryPolicy(max_attempts=4, backoff_base_s=10, backoff_cap_s=60, jitter=False)
        ),
        "outage: 503, Retry-After 1, on every call",
        "the fair-use rule caps the attempts",
    ),
    "a 404 is empty": (
        search_tool(not_found="empty"),
        "unknown_project: the project key does not exist",
        "a project that does not exist",
    ),
    "refund as plain bool": (
        search_tool(PlainBoolRefund),
        "single_page: 4 tickets match, all on one page",
        "build the request the documentation describes",
    ),
    "no aliases": (
        search_tool(NoAliases),
        "legacy_records: 2 of 3 tickets are legacy records",
        "legacy records name two fields differently",
    ),
    "id optional": (
        search_tool(OptionalId),
        "damaged_record: one ticket on the page has no id",
        "a ticket without an id is not a ticket",
    ),
    "no result model": (
        search_tool(dict[str, Any]),
        "single_page: 4 tickets match, all on one page",
        "build the request the documentation describes",
    ),
    "ignores its arguments": (
        search_tool(params=lambda args: {"text": "printer"}),
        "first_page: page 1 of a search with 23 matches",
        COUNT,
    ),
    "forgets the cursor": (
        search_tool(params=lambda args: {"text": args.text, "limit": args.limit}),
        "next_page: page 2 of the same search, by its cursor",
        "send every argument the tool was given",
    ),
    "forgets the limit": (
        search_tool(params=lambda args: {"text": args.text, "cursor": args.cursor}),
        "capped_search: 180 matches; only 50 can be paged",
        "does the request carry every argument the tool was given",
    ),
    "hard-coded tickets": (
        hard_coded_tool,
        "first_page: page 1 of a search with 23 matches",
        COUNT,
    ),
    "typo in the handler": (
        typo_tool,
        "single_page: 4 tickets match, all on one page",
        "build the request the documentation describes",
    ),
    "undocumented parameter": (
        search_tool(params=lambda args: {"q": args.text}),
        "single_page: 4 tickets match, all on one page",
        "build the request the documentation describes",
    ),
}


@pytest.mark.parametrize("name", WRONG_TOOLS)
def test_wrong_search_tools_fail_10_2(name: str) -> None:
    """Each plausible wrong tool fails on the first scenario it gets wrong, with its hint."""
    build, case, hint = WRONG_TOOLS[name]
    assert_fails(check("10.2", build), case, hint)


def test_the_undecorated_handler_is_not_a_tool() -> None:
    """Returning the plain function instead of the @tool says what is missing."""

    def build_search_tool() -> object:
        def search_tickets(args: SearchTickets) -> httpx.Request:
            return httpx.Request("GET", BASE_URL)

        return search_tickets

    line = repr(check("10.2", build_search_tool))
    assert "expected a Tool (decorate the handler with @tool), got a function" in line


def test_every_criterion_fails_for_some_wrong_tool() -> None:
    """No criterion is a check that cannot fail: a plausible wrong tool breaks each one."""
    tools = [build() for build, _, _ in WRONG_TOOLS.values()]
    for scenario in SCENARIOS:
        broken = [False] * len(CRITERIA[scenario.name])
        for wrong in tools:
            assert isinstance(wrong, Tool)
            for index, problem in enumerate(grade(run_scenario(wrong, scenario))):
                broken[index] |= problem is not None
        never = [c.label for c, hit in zip(CRITERIA[scenario.name], broken, strict=True) if not hit]
        assert not never, f"{scenario.name}: never broken: {never}"


def test_the_base_tool_passes_10_2_and_a_stub_is_todo() -> None:
    """The base the wrong tools change is right; an unwritten one is TODO."""
    assert check("10.2", search_tool()).status is CheckStatus.PASS
    unseeded = RetryPolicy(max_attempts=4, deadline_s=20)  # a real tool's jitter is not seeded
    assert check("10.2", search_tool(policy=unseeded)).status is CheckStatus.PASS

    def build_search_tool() -> Tool[Any, Any]:
        raise NotImplementedError

    assert repr(check("10.2", build_search_tool)).startswith("[TODO] 10.2 build_search_tool")


# -- 10.3: the words for the desk -----------------------------------------------------------------


def count_only(env: Envelope[list[Any]]) -> str:
    """Every outcome as a count: the collapse back to one confident nothing."""
    tickets = env.data or []
    return f"Found {len(tickets)} tickets: " + ", ".join(t.id for t in tickets)


def outcome_then_bools(env: Envelope[list[Any]]) -> str:
    """Honest about the class, but a field it could not read prints as "no"."""
    total = env.coverage.total if env.coverage else None
    lines = [f"{env.outcome.value}: {'?' if total is None else total} in all"]
    for ticket in env.data or []:
        refund = "yes" if ticket.refund_issued.value else "no"
        manager = ticket.account_manager.value or "none"
        lines.append(f"{ticket.id} refund {refund} manager {manager}")
    return "\n".join(lines)


def partial_as_whole(env: Envelope[list[Any]]) -> str:
    """Separates failures from answers, but a partial reads like the whole answer."""
    if env.outcome is Outcome.ACCESS_FAILURE:
        return "The search failed."
    if env.outcome is Outcome.EMPTY:
        return "No ticket matches."
    return "\n".join(f"{t.id}: {t.subject}" for t in env.data or []) or "No tickets."


def manager_or_none(env: Envelope[list[Any]]) -> str:
    """Everything right except the manager: "none" for out of scope and failed alike."""

    def refund(field: TriState[Any]) -> str:
        if field.is_present:
            return "yes" if field.value else "no"
        return "hidden" if field.reason is NAReason.NO_PERMISSION else "unknown"

    lines = [to_text(env).splitlines()[0]]
    for ticket in env.data or []:
        manager = ticket.account_manager.value if ticket.account_manager.is_present else "none"
        lines.append(f"{ticket.id} refund {refund(ticket.refund_issued)} manager {manager}")
    return "\n".join(lines)


def hard_coded(env: Envelope[list[Any]]) -> str:
    return "Here are the tickets you asked for."


def no_text(env: Envelope[list[Any]]) -> object:
    return {"outcome": env.outcome.value}


def careful(
    env: Envelope[list[Any]],
    *,
    failed: str = "The search could not be done ({code}): whether such tickets exist is unknown.",
    of: Callable[[Coverage], str] | None = None,
    field: Callable[[TriState[Any]], str] | None = None,
    shows_cursor: bool = False,
) -> str:
    """A renderer that keeps every meaning apart; the wrong ones below change one thing in it."""

    def states(state: TriState[Any]) -> str:
        if state.reason is not None:
            return CAREFUL_REASONS[state.reason]
        if isinstance(state.value, bool):
            return "yes" if state.value else "no"
        return str(state.value)

    def unknown_or_total(coverage: Coverage) -> str:
        return "of an unknown number" if coverage.total is None else f"of {coverage.total}"

    tickets = env.data or []
    coverage = env.coverage
    match env.outcome:
        case Outcome.SUCCESS:
            head = f"{len(tickets)} tickets match, and that is every one."
        case Outcome.EMPTY:
            head = "No ticket matches: the search ran and found none."
        case Outcome.PARTIAL:
            assert coverage is not None
            of_how_many = (of or unknown_or_total)(coverage)
            head = f"Part of the answer: {coverage.returned} tickets {of_how_many}."
            if shows_cursor and coverage.next_cursor is not None:
                head += f" Next: {coverage.next_cursor}."
        case Outcome.ACCESS_FAILURE:
            assert env.failure is not None
            head = failed.format(code=env.failure.code.value)
    render = field or states
    lines = [head]
    lines += [
        f"{t.id}: refund {render(t.refund_issued)}, manager {render(t.account_manager)}"
        for t in tickets
    ]
    return "\n".join(lines)


CAREFUL_REASONS = {
    NAReason.NO_PERMISSION: "hidden from you",
    NAReason.FETCH_FAILED: "unknown (the CRM did not answer)",
    NAReason.OUT_OF_SCOPE: "none (not for this customer)",
    NAReason.NOT_REQUESTED: "not asked for",
}


def no_tickets_when_failed(env: Envelope[list[Any]]) -> str:
    """A failure in the words of a verified nothing, with its code beside them."""
    return careful(env, failed="No tickets found ({code}).")


def found_zero_when_failed(env: Envelope[list[Any]]) -> str:
    """A failure that 'found 0': a count nobody made."""
    return careful(env, failed="Found 0 tickets: the search failed ({code}).")


def returned_as_total(env: Envelope[list[Any]]) -> str:
    """An unknown total filled in with what arrived: "0 of 0" for a search cut off."""
    return careful(env, of=lambda c: f"of {c.returned if c.total is None else c.total}")


def total_none(env: Envelope[list[Any]]) -> str:
    """An unknown total printed as it is: "of None"."""
    return careful(env, of=lambda c: f"of {c.total}")


def reason_beside_no(env: Envelope[list[Any]]) -> str:
    """A field it could not read still says "no", with the reason after it."""

    def no_and_why(state: TriState[Any]) -> str:
        said = "yes" if state.value else "no"
        return said if state.is_present else f"{said} ({state.reason})"

    return careful(env, field=no_and_why)


def refund_only_when_hidden(env: Envelope[list[Any]]) -> str:
    """A refund issued and one not issued read alike: only the hidden one says anything."""
    return careful(env, field=lambda state: "" if state.is_present else "hidden")


def shows_the_cursor(env: Envelope[list[Any]]) -> str:
    """A partial that hands a person the cursor, which only a tool can use."""
    return careful(env, shows_cursor=True)


UNVERIFIED = "an answer nobody verified must not read like 'nothing matched'"
HOW_MANY = "a partial must not read as the whole answer"
NO_TOTAL = "when the service does not say how many it holds, no number may stand for its total"
NOT_JSON = "a person reads sentences, not JSON"
NAME_THEM = NOT_JSON + ": name every ticket that came back"


@pytest.mark.parametrize(
    ("render", "case", "hint"),
    [
        (count_only, "the same 4 tickets, of 9", HOW_MANY),
        (
            outcome_then_bools,
            "TCK-1001, refund_issued not_applicable(no_permission)",
            "'you may not see it' is not 'no'",
        ),
        (partial_as_whole, "the same 4 tickets, of 9", HOW_MANY),
        (
            manager_or_none,
            "TCK-1001, account_manager not_applicable(fetch_failed)",
            "'there is none' and 'the CRM did not answer'",
        ),
        (hard_coded, "4 tickets, the whole answer", NAME_THEM),
        (no_text, "4 tickets, the whole answer", NAME_THEM),
        (no_tickets_when_failed, "no such project", UNVERIFIED),
        (found_zero_when_failed, "no such project", UNVERIFIED),
        (returned_as_total, "the same 4 tickets, of a number the service did not say", NO_TOTAL),
        (total_none, "the same 4 tickets, of a number the service did not say", NO_TOTAL),
        (
            reason_beside_no,
            "TCK-1001, refund_issued not_applicable(no_permission)",
            "'you may not see it' is not 'no'",
        ),
        (
            refund_only_when_hidden,
            "TCK-1001, refund_issued present(False)",
            "a refund billing issued and one it did not must read differently",
        ),
        (shows_the_cursor, "page 1: 10 of 23", HOW_MANY),
        (to_text, "4 tickets, the whole answer", NOT_JSON),
        (lambda env: to_text(env), "4 tickets, the whole answer", NOT_JSON),
    ],
    ids=lambda value: getattr(value, "__name__", None),
)
def test_wrong_renderers_fail_10_3(render: Callable[..., object], case: str, hint: str) -> None:
    """Each plausible wrong rendering fails on the meaning it loses, with that case's hint."""
    assert_fails(check("10.3", render), case, hint)


def test_the_wrong_renderers_say_what_they_got_wrong() -> None:
    """The failure line quotes the words at fault, never the words to use instead."""
    said = {
        render.__name__: repr(check("10.3", render))
        for render in (no_tickets_when_failed, returned_as_total, reason_beside_no, to_text)
    }
    assert (
        "the text says 'No tickets', the words of a verified nothing"
        in said["no_tickets_when_failed"]
    )
    assert (
        "the text gives 'of 4' as a total, which the service did not give"
        in said["returned_as_total"]
    )
    assert (
        "the field reads 'no', as it does for a refund billing did not issue"
        in said["reason_beside_no"]
    )
    assert "shows JSON or a cursor, which a person cannot use" in said["to_text"]


def test_a_renderer_that_tells_only_failures_from_answers_still_fails_the_timeout() -> None:
    """Zero tickets from a timed-out index must not read like the search that found none."""

    def failures_apart(env: Envelope[list[Any]]) -> str:
        if env.outcome is Outcome.ACCESS_FAILURE:
            return f"Search failed: {env.failure.code.value if env.failure else '?'}"
        tickets = env.data or []
        if not tickets:
            return "No ticket matches."
        total = env.coverage.total if env.coverage else None
        what = "an unknown number" if total is None else total
        return f"{len(tickets)} of {what}: " + ", ".join(t.id for t in tickets)

    assert_fails(check("10.3", failures_apart), "0 tickets, the index ran out of time", UNVERIFIED)


def test_a_careful_renderer_passes_10_3_and_a_stub_is_todo() -> None:
    """The base the wrong renderers change passes: the rules leave the wording free."""
    assert check("10.3", careful).status is CheckStatus.PASS

    def for_the_desk(env: Envelope[list[Any]]) -> str:
        raise NotImplementedError

    assert repr(check("10.3", for_the_desk)) == "[TODO] 10.3 for_the_desk: not attempted yet"


# -- the edges of each stated limit (issue 25: wrong answers that used to pass) -------------------


class OptionalManager(Ticket):
    """account_manager made optional "to be safe": a ticket without it passes."""

    account_manager: TriState[str] | None = None  # type: ignore[assignment]


class OptionalStatus(Ticket):
    """status made optional: a ticket without one passes."""

    status: Literal["open", "pending", "closed"] | None = None  # type: ignore[assignment]


class OptionalPriority(Ticket):
    """priority made optional: a ticket without one passes."""

    priority: int | None = Field(default=None, ge=1, le=4)  # type: ignore[assignment]


class FloatPriority(Ticket):
    """The scale's bounds, but any number between them: 2.5 passes as a priority."""

    priority: float = Field(ge=1, le=4)  # type: ignore[assignment]


class LoosePriority(Ticket):
    """Bounds one step too loose on both sides: 0 and 5 pass."""

    priority: int = Field(ge=0, le=5)


class AboveZeroPriority(Ticket):
    """A lower bound written as 'more than 0' and no upper one beyond 5: 5 passes."""

    priority: int = Field(gt=0, lt=6)


class TightPriority(Ticket):
    """A lower bound one step too tight: the urgent 1 is refused."""

    priority: int = Field(gt=1, le=4)


SCALE = "the documentation's scale includes both of its ends"


@pytest.mark.parametrize(
    ("model", "case", "hint"),
    [
        (OptionalManager, "a v2 ticket with no account_manager", MEANING),
        (OptionalStatus, "a v2 ticket with no status", MEANING),
        (OptionalPriority, "a v2 ticket with no priority", MEANING),
        (FloatPriority, "a v2 ticket whose priority is 2.5", VALUES),
        (LoosePriority, "a v2 ticket whose priority is 0", VALUES),
        (AboveZeroPriority, "a v2 ticket whose priority is 5", VALUES),
        (TightPriority, "a v2 ticket whose priority is 1 (urgent)", SCALE),
    ],
    ids=lambda value: value.__name__ if isinstance(value, type) else "",
)
def test_missing_fields_and_priorities_off_the_scale_fail_10_1(
    model: object, case: str, hint: str
) -> None:
    """'Every ticket has it' and '1 to 4' are probed at their edges: each lax model fails."""
    assert_fails(check("10.1", returning(model)), case, hint)


#: The edge scenario: the 4th attempt would answer 21 s after the first.
SLOW = "slow_deploy: 503, Retry-After 7, 3 times, then the answer"
LATE = "the assistant waits at most 20 s in all"


@pytest.mark.parametrize(
    "policy",
    [
        RetryPolicy(max_attempts=4, deadline_s=40, seed=10),
        RetryPolicy(max_attempts=4, deadline_s=21, seed=10),
        RetryPolicy(max_attempts=4, deadline_s=44, seed=10),
        RetryPolicy(max_attempts=4, max_retry_after_s=30, seed=10),
    ],
    ids=["deadline-40", "deadline-21", "deadline-44", "no-deadline-retry-after-capped"],
)
def test_a_deadline_past_20_s_or_none_at_all_fails_10_2(policy: RetryPolicy) -> None:
    """'20 s in all' is probed at its edge: any longer deadline, or none, answers too late."""
    line = repr(check("10.2", search_tool(policy=policy)))
    assert_fails(check("10.2", search_tool(policy=policy)), SLOW, LATE)
    assert "answered after 21 s; the assistant waits 20 s" in line


def test_the_slow_deploy_is_given_up_within_20_s_by_the_reference_policy() -> None:
    """The edge scenario asks nothing impossible: a 20 s deadline gives up at 14 s, in time."""
    built = search_tool()()
    run = run_scenario(built, "slow_deploy")
    assert run.envelope.outcome is Outcome.ACCESS_FAILURE
    assert run.elapsed_s == 14
    assert len(run.served) == 3
    assert not [p for p in grade(run) if p is not None]


def hidden_refund_as(word: str) -> Callable[[Envelope[list[Any]]], str]:
    """A renderer whose refund it may not read says ``word``, though a refund not issued says
    "not issued": a bare "no" (or one with the reason after it) read as a refund not given."""

    def words(state: TriState[Any]) -> str:
        if state.reason is NAReason.NO_PERMISSION:
            return word
        if state.reason is not None:
            return CAREFUL_REASONS[state.reason]
        if isinstance(state.value, bool):
            return "issued" if state.value else "not issued"
        return str(state.value)

    def render(env: Envelope[list[Any]]) -> str:
        return careful(env, field=words)

    return render


@pytest.mark.parametrize("word", ["no", "No.", "no (no permission)", "false"])
def test_a_bare_no_for_a_hidden_refund_fails_10_3(word: str) -> None:
    """'Not applicable does not read as no' holds whatever word the renderer uses for false."""
    result = check("10.3", hidden_refund_as(word))
    assert_fails(
        result, "TCK-1001, refund_issued not_applicable(no_permission)", "'you may not see it'"
    )
    assert f"the text says a bare {word.split()[0].rstrip('.')!r}" in repr(result)
