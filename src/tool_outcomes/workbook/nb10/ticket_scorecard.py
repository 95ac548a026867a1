"""Scoring a search tool over the ticket service's scenarios: one line per scenario, and why.

Notebook 10's learner wraps the ticket service
(:mod:`tool_outcomes.workbook.nb10.ticket_service`) in a ``tool_outcomes.tool``.
:func:`scorecard` calls that tool once per scenario, each time on a fresh service and a fresh
:class:`~tool_outcomes.testing.FakeClock` (passed as both ``sleep`` and ``clock``, so no retry
ever waits), and grades what came back against the scenario's criteria (:data:`CRITERIA`): the
outcome, the tickets as the service meant them, what a partial says about the rest, the
failure's code, how many requests the service saw, whether the tool waited out every
``Retry-After``, and whether it answered within the assistant's 20 seconds.

The same criteria drive exercise 10.2's check (:mod:`tool_outcomes.workbook.nb10.exercises`),
one case per scenario, so the scorecard and the verdict always agree. :func:`reference_tool` is
one correct tool: the envelopes exercise 10.3 renders come from it. Its ticket model starts, as
the notebook's does, from the outcome table :data:`TICKET_TABLE` (notebook 09's
:class:`~tool_outcomes.design.OutcomeTable`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from traceback import walk_tb
from types import MappingProxyType
from typing import Any, Literal

import httpx
from pydantic import AliasChoices, Field

from tool_outcomes import (
    Envelope,
    FailureCode,
    NAReason,
    Outcome,
    RetryPolicy,
    Tool,
    TriState,
    tool,
)
from tool_outcomes.design import FieldDesign, FieldType, NextAction, OutcomeTable, Route
from tool_outcomes.testing import FakeClock

from .ticket_service import (
    BASE_URL,
    SCENARIOS,
    Scenario,
    SearchTickets,
    Served,
    get_scenario,
    served_answer,
)

__all__ = [
    "ANSWER_WITHIN_S",
    "CRITERIA",
    "MAX_ATTEMPTS",
    "TICKET_TABLE",
    "Criterion",
    "Run",
    "ScenarioScore",
    "Scorecard",
    "as_tool",
    "build_tool",
    "describe_run",
    "first_problem",
    "grade",
    "reference_tool",
    "run_scenario",
    "scorecard",
    "ticket_problem",
]

#: The assistant gives one search this long, waiting included.
ANSWER_WITHIN_S = 20.0
#: The ticket service's fair-use rule: attempts for one request.
MAX_ATTEMPTS = 4

#: The search's outcome table, as notebook 10 designs it from the documentation's ticket table:
#: four plain fields, and the two three-state fields with the reasons the documentation gives.
TICKET_TABLE = OutcomeTable(
    tool="search_tickets",
    outcomes=tuple(Outcome),
    fields=(
        FieldDesign(name="id", type=FieldType.STR, plain=True, example="TCK-1001"),
        FieldDesign(name="subject", type=FieldType.STR, plain=True),
        FieldDesign(name="status", type=FieldType.STR, plain=True, example="open"),
        FieldDesign(name="priority", type=FieldType.INT, plain=True, example=2),
        FieldDesign(
            name="refund_issued",
            not_applicable=(Route(reason=NAReason.NO_PERMISSION, action=NextAction.ASK_FOR_SCOPE),),
        ),
        FieldDesign(
            name="account_manager",
            type=FieldType.STR,
            example="dana@example.com",
            not_applicable=(
                Route(reason=NAReason.FETCH_FAILED, action=NextAction.RETRY_ONCE_THEN_REPORT),
                Route(reason=NAReason.OUT_OF_SCOPE, action=NextAction.SAY_NOT_APPLICABLE),
            ),
        ),
    ),
)


@dataclass(frozen=True)
class Run:
    """One call of a tool in one scenario: the envelope, the service's log, the time it took."""

    scenario: Scenario
    envelope: Envelope[Any]
    served: tuple[Served, ...]
    elapsed_s: float


def run_scenario(search_tool: Tool[Any, Any], scenario: str | Scenario) -> Run:
    """Call ``search_tool`` once in ``scenario``'s world, on a fake clock.

    Args:
        search_tool: A tool whose handler builds the search request.
        scenario: A scenario or its name.

    Returns:
        The :class:`Run`.
    """
    chosen = get_scenario(scenario) if isinstance(scenario, str) else scenario
    clock = FakeClock()
    service = chosen.service(clock)
    with httpx.Client(transport=httpx.MockTransport(service)) as client:
        env = search_tool.call(dict(chosen.args), client=client, sleep=clock.sleep, clock=clock)
    return Run(chosen, env, tuple(service.log), clock())


# -- criteria -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Criterion:
    """One thing a run must get right: ``check`` returns ``None``, or what is wrong."""

    label: str
    check: Callable[[Run], str | None]


def _outcome(expected: Outcome) -> Criterion:
    def check(run: Run) -> str | None:
        return None if run.envelope.outcome is expected else f"expected {expected.value}"

    return Criterion(f"outcome {expected.value}", check)


def _failure_code(expected: FailureCode) -> Criterion:
    def check(run: Run) -> str | None:
        failure = run.envelope.failure
        if failure is None or failure.code is expected:
            return None  # a wrong outcome is the outcome criterion's to report
        detail = f": {_clip(failure.detail)}" if failure.detail else ""
        return f"failure code {failure.code.value}, not {expected.value}{detail}"

    return Criterion(f"failure code {expected.value}", check)


def _total(expected: int) -> Criterion:
    def check(run: Run) -> str | None:
        coverage = run.envelope.coverage
        total = None if coverage is None else coverage.total
        if total == expected:
            return None
        if total is None:
            return "coverage.total is None: the envelope does not say how many tickets match"
        return f"coverage.total is {total}; the service counted {expected}"

    return Criterion("how many match", check)


def _next_cursor(expected: str) -> Criterion:
    def check(run: Run) -> str | None:
        coverage = run.envelope.coverage
        cursor = None if coverage is None else coverage.next_cursor
        return None if cursor == expected else f"coverage.next_cursor is {cursor!r}"

    return Criterion("where to resume", check)


def _requests(fewest: int, most: int) -> Criterion:
    def check(run: Run) -> str | None:
        count = len(run.served)
        if count < fewest:
            return f"gave up after {_requests_text(count)}: the refusal said to try again later"
        if count > most:
            return f"the service saw {count} requests; {most} was enough"
        return None

    return Criterion("how often it asked", check)


def _waited_out_retry_after() -> Criterion:
    def check(run: Run) -> str | None:
        for earlier, later in zip(run.served, run.served[1:], strict=False):
            if earlier.retry_after_s is None or earlier.at_s is None or later.at_s is None:
                continue
            waited = later.at_s - earlier.at_s
            if waited < earlier.retry_after_s:
                return (
                    f"asked again after {waited:.2g} s; the service said Retry-After "
                    f"{earlier.retry_after_s}"
                )
        return None

    return Criterion("waited out Retry-After", check)


def _answered_in_time() -> Criterion:
    def check(run: Run) -> str | None:
        if run.elapsed_s <= ANSWER_WITHIN_S:
            return None
        return f"answered after {run.elapsed_s:g} s; the assistant waits {ANSWER_WITHIN_S:g} s"

    return Criterion("answered in time", check)


def _fair_use() -> Criterion:
    return _requests(1, MAX_ATTEMPTS)


_PLAIN_FIELDS = ("id", "subject", "status", "priority")
_THREE_STATE_FIELDS = ("refund_issued", "account_manager")


def _meant(record: Mapping[str, Any]) -> dict[str, Any]:
    """What a served ticket means, whatever its dialect (legacy names, numbers as strings)."""
    return {
        "id": record.get("id", record.get("ticket_id")),
        "subject": record.get("subject", record.get("title")),
        "status": record["status"],
        "priority": int(record["priority"]),
        **{name: TriState[Any].model_validate(record[name]) for name in _THREE_STATE_FIELDS},
    }


def ticket_problem(where: str, ticket: object, record: Mapping[str, Any]) -> str | None:
    """What is wrong with ``ticket``, a validated ticket, as a reading of the served ``record``.

    Args:
        where: How a message names the ticket (``"ticket 2 (TCK-0412)"``).
        ticket: One item of a tool's data.
        record: The ticket as the service sent it (v2 or legacy).

    Returns:
        ``None`` when every field means what the service meant, else the first difference.
    """
    meant = _meant(record)
    if isinstance(ticket, Mapping):
        return f"{where} is a dict: declare result=list[YourModel] so tickets are validated"
    for name in _PLAIN_FIELDS:
        if not hasattr(ticket, name):
            return f"{where} has no field {name!r}: name the fields as the v2 ticket does"
        got = getattr(ticket, name)
        if got != meant[name] or isinstance(got, bool):
            return f"{where}: {name} is {_clip(repr(got))}, the service meant {meant[name]!r}"
    for name in _THREE_STATE_FIELDS:
        got = getattr(ticket, name, None)
        expected: TriState[Any] = meant[name]
        if not isinstance(got, TriState):
            shown = _clip(repr(got))
            return f"{where}: {name} is {shown} ({type(got).__name__}), not a three-state field"
        if (got.status, got.value, got.reason) != (
            expected.status,
            expected.value,
            expected.reason,
        ):
            return f"{where}: {name} is {got!r}, the service meant {expected!r}"
    return None


def _tickets_as_served() -> Criterion:
    def check(run: Run) -> str | None:
        served = served_answer(run.scenario)["tickets"]
        data = run.envelope.data
        if not isinstance(data, list):
            if run.envelope.outcome is Outcome.ACCESS_FAILURE:
                return "no tickets: the call was an access failure"
            return f"data is {type(data).__name__}, not a list of tickets"
        if len(data) != len(served):
            return f"{len(data)} tickets, the service sent {len(served)}"
        for position, (ticket, record) in enumerate(zip(data, served, strict=True), start=1):
            where = f"ticket {position} ({_meant(record)['id']})"
            problem = ticket_problem(where, ticket, record)
            if problem is not None:
                return problem
        return None

    return Criterion("tickets as the service meant them", check)


_S, _E, _P, _A = Outcome.SUCCESS, Outcome.EMPTY, Outcome.PARTIAL, Outcome.ACCESS_FAILURE

#: What each scenario's run must get right, in the order a failure is reported.
CRITERIA: Mapping[str, tuple[Criterion, ...]] = MappingProxyType(
    {
        "single_page": (_outcome(_S), _tickets_as_served()),
        "first_page": (_outcome(_P), _tickets_as_served(), _total(23), _next_cursor("c2")),
        "next_page": (_outcome(_P), _tickets_as_served(), _total(23), _next_cursor("c3")),
        "capped_search": (_outcome(_P), _tickets_as_served(), _total(180)),
        "no_match": (_outcome(_E),),
        "search_timed_out": (_outcome(_P),),
        "legacy_records": (_outcome(_S), _tickets_as_served()),
        "damaged_record": (_outcome(_A), _failure_code(FailureCode.SCHEMA)),
        "no_billing_scope": (_outcome(_S), _tickets_as_served()),
        "sso_login_page": (_outcome(_A), _failure_code(FailureCode.INVALID_BODY)),
        "unknown_project": (_outcome(_A), _failure_code(FailureCode.NOT_FOUND)),
        "deploy_503": (_outcome(_S), _requests(2, 2), _waited_out_retry_after()),
        "rate_limited_twice": (_outcome(_S), _requests(3, 3), _waited_out_retry_after()),
        "outage": (
            _outcome(_A),
            _failure_code(FailureCode.SERVER_ERROR),
            _requests(2, MAX_ATTEMPTS),
            _waited_out_retry_after(),
            _answered_in_time(),
        ),
        "maintenance_window": (
            _outcome(_A),
            _failure_code(FailureCode.SERVER_ERROR),
            _fair_use(),
            _answered_in_time(),
        ),
        # Time first: the answer that came too late is the mistake to name.
        "slow_deploy": (
            _answered_in_time(),
            _outcome(_A),
            _fair_use(),
            _waited_out_retry_after(),
        ),
    }
)


def grade(run: Run) -> list[str | None]:
    """Each of the run's scenario criteria, checked: ``None`` where it holds, else the problem."""
    return [criterion.check(run) for criterion in CRITERIA[run.scenario.name]]


def first_problem(run: Run) -> str | None:
    """``None`` when the run meets every criterion, else what came back and what is wrong."""
    problems = [p for p in grade(run) if p is not None]
    return None if not problems else f"got {describe_run(run)}; {problems[0]}"


# -- the scorecard ------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScenarioScore:
    """How one scenario went: criteria met of all, what came back, and the first problem."""

    name: str
    passed: int
    total: int
    got: str
    problem: str | None

    def line(self, width: int) -> str:
        """One deterministic line: a mark, the name, the score, what came back, the problem."""
        mark = "✓" if self.problem is None else "✗"
        text = f"  {mark} {self.name:<{width}}  {self.passed}/{self.total}  {self.got}"
        return text if self.problem is None else f"{text}; {self.problem}"


@dataclass(frozen=True)
class Scorecard:
    """A tool's scores over every scenario. Its repr is one line per scenario and a total."""

    tool_name: str
    scores: tuple[ScenarioScore, ...] = ()
    not_scored: str | None = None

    @property
    def perfect(self) -> bool:
        """True when every criterion of every scenario holds."""
        return self.not_scored is None and all(s.problem is None for s in self.scores)

    def __repr__(self) -> str:
        if self.not_scored is not None:
            return f"scorecard for {self.tool_name}: {self.not_scored}"
        width = max(len(s.name) for s in self.scores)
        lines = [f"{self.tool_name} in {len(self.scores)} scenarios of the ticket service"]
        lines += [s.line(width) for s in self.scores]
        clean = sum(s.problem is None for s in self.scores)
        met = sum(s.passed for s in self.scores)
        criteria = sum(s.total for s in self.scores)
        lines.append(
            f"{clean} of {len(self.scores)} scenarios right; {met} of {criteria} criteria met"
        )
        return "\n".join(lines)

    __str__ = __repr__


def scorecard(answer: Tool[Any, Any] | Callable[[], object]) -> Scorecard:
    """Score a search tool (or a function that builds one) over every scenario.

    Args:
        answer: The tool, or the learner's ``build_search_tool`` (called once per scenario, so
            every scenario meets a fresh tool).

    Returns:
        The :class:`Scorecard`; for a stub, one that says so instead of scores.
    """
    name = str(getattr(answer, "__name__", getattr(answer, "name", "the tool")))
    scores: list[ScenarioScore] = []
    for scenario in SCENARIOS:
        built = build_tool(answer)
        if isinstance(built, str):
            return Scorecard(name, not_scored=built)
        scores.append(_score(built, scenario))
    return Scorecard(name, tuple(scores))


def build_tool(answer: object) -> Tool[Any, Any] | str:
    """The tool ``answer`` is, or builds when called, or a sentence saying why there is none."""
    if isinstance(answer, Tool) or not callable(answer):
        return as_tool(answer)
    try:
        built = answer()
    except NotImplementedError as exc:
        if any(frame.f_code.co_name == "ticket_model" for frame, _ in walk_tb(exc.__traceback__)):
            # The builder is written, or not: the model it needs (exercise 10.1) is not.
            return "ticket_model() still raises NotImplementedError: do 10.1 first"
        return "not attempted yet (it still raises NotImplementedError)"
    except Exception as exc:  # the learner's bug is a line on the card, not a crash
        return f"building the tool raised {type(exc).__name__}: {_clip(str(exc))}"
    return as_tool(built)


def as_tool(value: object) -> Tool[Any, Any] | str:
    """``value`` if it is a :class:`~tool_outcomes.Tool`, else a sentence saying what it is."""
    if isinstance(value, Tool):
        return value
    kind = "function" if callable(value) else type(value).__name__
    return f"expected a Tool (decorate the handler with @tool), got a {kind}"


def _score(search_tool: Tool[Any, Any], scenario: Scenario) -> ScenarioScore:
    total = len(CRITERIA[scenario.name])
    try:
        run = run_scenario(search_tool, scenario)
        problems = grade(run)
    except Exception as exc:  # a tool that raises scores nothing, and says why
        raised = f"raised {type(exc).__name__}: {_clip(str(exc))}"
        return ScenarioScore(scenario.name, 0, total, "no envelope", raised)
    found = [p for p in problems if p is not None]
    passed = total - len(found)
    return ScenarioScore(scenario.name, passed, total, describe_run(run), next(iter(found), None))


def describe_run(run: Run) -> str:
    """What a run returned, in a few deterministic words: ``partial (next_page), 10 of 23``."""
    env = run.envelope
    text = env.outcome.value
    if env.failure is not None:
        text += f"/{env.failure.code.value}"
    elif env.outcome is Outcome.PARTIAL and env.coverage is not None:
        coverage = env.coverage
        if coverage.truncated_by is not None:
            text += f" ({coverage.truncated_by.value})"
        text += f", {coverage.returned}" + (
            f" of {coverage.total}" if coverage.total is not None else " returned"
        )
        if coverage.next_cursor is not None:
            text += f", next cursor {coverage.next_cursor!r}"
    elif isinstance(env.data, list):
        text += f", {len(env.data)} tickets"
    if len(run.served) != 1:
        text += f", {_requests_text(len(run.served))}"
    return text


def _requests_text(count: int) -> str:
    return f"{count} request" + ("" if count == 1 else "s")


def _clip(text: str, limit: int = 70) -> str:
    one_line = " ".join(text.split())
    return one_line if len(one_line) <= limit else one_line[: limit - 1] + "…"


# -- one correct tool -----------------------------------------------------------------------------


class _Ticket(TICKET_TABLE.model_class()):  # type: ignore[misc] # a class generated at import
    """A ticket as the v2 documentation describes it: the table's model, with what a table does
    not say (the legacy names as aliases, the values status and priority take)."""

    id: str = Field(validation_alias=AliasChoices("id", "ticket_id"))
    subject: str = Field(validation_alias=AliasChoices("subject", "title"))
    status: Literal["open", "pending", "closed"]
    priority: int = Field(ge=1, le=4)


def reference_tool() -> Tool[SearchTickets, list[Any]]:
    """One correct search tool: what exercise 10.2 asks for, and what 10.3's envelopes come from."""

    @tool(
        args=SearchTickets,
        result=list[_Ticket],
        items="tickets",
        total="total_matches",
        policy=RetryPolicy(max_attempts=MAX_ATTEMPTS, deadline_s=ANSWER_WITHIN_S, seed=10),
    )
    def search_tickets(args: SearchTickets) -> httpx.Request:
        """Search one project's tickets by words in their subject."""
        params: dict[str, str | int] = {"text": args.text, "limit": args.limit}
        if args.cursor is not None:
            params["cursor"] = args.cursor
        url = f"{BASE_URL}/projects/{args.project}/tickets/search"
        return httpx.Request("GET", url, params=params)

    return search_tickets
