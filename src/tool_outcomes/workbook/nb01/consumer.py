"""A rule-based stand-in for a model: it reads a tool's result as fact, the way an agent does.

Notebook 01 needs a consumer that behaves like a model answering "are there any items, and how
many?" from a tool result, but deterministically. The mocked upstreams serve widgets, logs and
accounts, so the default question names no subject; a :class:`Question` can ask about "open
tickets matching 'refund'" instead. Two consumers live here:

* :func:`answer_question` reads the naive tool's list by its shape: ``[]`` becomes a confident
  "There are no items.", whatever actually happened upstream.
* :func:`answer_from_envelope` spends the envelope's outcome instead, with one handler per class
  (:func:`tool_outcomes.dispatch`), so only a confirmed ``empty`` is ever said as "there are none".

:func:`catalogue` runs both tools over the mocked-upstream scenarios and returns one
:class:`CatalogueRow` per scenario: what the naive tool returned, what the consumer concluded
from it, and the true outcome. :func:`collapse_table` shows how many true outcomes arrive as
the same value. Every sentence either consumer speaks lives in :data:`NAIVE_WORDING` and
:data:`HONEST_WORDING`.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

import httpx

from tool_outcomes._text import clip
from tool_outcomes.classify import classify_http
from tool_outcomes.consume import dispatch
from tool_outcomes.envelope import Envelope, FailureCode, Outcome
from tool_outcomes.render import TRUNCATION_REASONS
from tool_outcomes.workbook.scenarios import Scenario, fetch, get_scenario, naive_tool

__all__ = [
    "CATALOGUE_01",
    "DEFAULT_QUESTION",
    "HONEST_WORDING",
    "NAIVE_WORDING",
    "Amount",
    "CatalogueRow",
    "Question",
    "answer_from_envelope",
    "answer_question",
    "catalogue",
    "collapse_table",
    "misread_scenarios",
]


@dataclass(frozen=True)
class Question:
    """What the user asked the agent: are there any ``plural`` (matching ``query``, if given)?"""

    singular: str = "item"
    plural: str = "items"
    query: str | None = None

    def __post_init__(self) -> None:
        for name in ("singular", "plural", "query"):
            value = getattr(self, name)
            if name == "query" and value is None:
                continue  # no query: the question is about every item the tool lists
            if not isinstance(value, str) or not value.strip():
                raise ValueError(f"Question.{name} must be a non-empty string, got {value!r}")


#: The question notebook 01 asks: "are there any items, and how many?" (no subject, no query,
#: because the catalogue's upstreams serve widgets, logs and accounts alike).
DEFAULT_QUESTION: Final = Question()


class Amount(StrEnum):
    """How many items a consumer counted: the key of its sentence."""

    NONE = "none"
    ONE = "one"
    MANY = "many"


#: What the naive consumer says, by how many items it was handed. It knows nothing else.
NAIVE_WORDING: Final[Mapping[Amount, str]] = {
    Amount.NONE: "There are no {plural}{matching}.",
    Amount.ONE: "There is exactly 1 {singular}{matching}.",
    Amount.MANY: "There are exactly {count} {plural}{matching}.",
}

#: What the envelope-aware consumer says, by outcome (and, within one, by amount).
HONEST_WORDING: Final[Mapping[Outcome, Mapping[Amount, str]]] = {
    # A complete answer: the naive sentences are right here, and only here.
    Outcome.SUCCESS: NAIVE_WORDING,
    Outcome.EMPTY: {Amount.NONE: NAIVE_WORDING[Amount.NONE]},
    Outcome.PARTIAL: {
        Amount.NONE: (
            "I cannot say whether any {plural} {match}: the search was cut off ({reason})."
        ),
        Amount.ONE: (
            "At least 1 {singular} {matches}; the search was cut off ({reason}), "
            "so there may be more."
        ),
        Amount.MANY: (
            "At least {count} {plural} {match}; the search was cut off ({reason}), "
            "so there may be more."
        ),
    },
    Outcome.ACCESS_FAILURE: {
        Amount.NONE: (
            "I could not check for {plural}{matching} ({code}), so I cannot say whether any exist."
        ),
    },
}


def _amount(count: int) -> Amount:
    return Amount.NONE if count == 0 else Amount.ONE if count == 1 else Amount.MANY


def _count(data: object) -> int:
    """Items in a payload: a list counts its members, a lone record is one, nothing is zero."""
    if data is None:
        return 0
    if isinstance(data, list | tuple):
        return len(data)
    return 1


def answer_question(results: Sequence[Any], question: Question = DEFAULT_QUESTION) -> str:
    """Answer the question from a naive tool's list, reading its shape as fact.

    This is the consumer the notebooks start from: it cannot tell a verified nothing from a
    failure, because the list it is handed cannot either.

    Args:
        results: The list the naive tool returned.
        question: What was asked (default: any items, no query).

    Returns:
        One confident sentence from :data:`NAIVE_WORDING`: ``[]`` always becomes "There are
        no items." (or the question's words).

    Raises:
        TypeError: ``results`` is not a list or tuple (a string is not a list of results).
    """
    if not isinstance(results, list | tuple):
        raise TypeError(f"results must be a list, got {type(results).__name__}")
    count = len(results)
    return NAIVE_WORDING[_amount(count)].format(count=count, **_words(question))


def answer_from_envelope(env: Envelope[Any], question: Question = DEFAULT_QUESTION) -> str:
    """Answer the question from an envelope, spending its outcome with one handler per class.

    Args:
        env: The honest tool's envelope.
        question: What was asked (default: any items, no query).

    Returns:
        One sentence from :data:`HONEST_WORDING` whose voice matches the outcome: only
        ``empty`` (or a ``success`` with nothing in it) says "There are no …"; a ``partial``
        says "at least" and why it was cut; an ``access_failure`` says the question went
        unanswered and why.

    Raises:
        TypeError: ``env`` is not an :class:`~tool_outcomes.Envelope`.
    """
    words = _words(question)

    def complete(e: Envelope[Any]) -> str:
        count = _count(e.data)
        return HONEST_WORDING[e.outcome][_amount(count)].format(count=count, **words)

    def cut_off(e: Envelope[Any]) -> str:
        count = _count(e.data)
        # The validator guarantees a partial's coverage and its truncated_by.
        assert e.coverage is not None
        assert e.coverage.truncated_by is not None
        reason = TRUNCATION_REASONS[e.coverage.truncated_by]
        template = HONEST_WORDING[Outcome.PARTIAL][_amount(count)]
        return template.format(count=count, reason=reason, **words)

    def unanswered(e: Envelope[Any]) -> str:
        assert e.failure is not None  # the validator guarantees an access failure's failure
        template = HONEST_WORDING[Outcome.ACCESS_FAILURE][Amount.NONE]
        return template.format(code=e.failure.code.value, **words)

    return dispatch(
        env, success=complete, empty=complete, partial=cut_off, access_failure=unanswered
    )


#: The verb phrases a sentence needs, without a query and with one (filled in with ``{query}``).
_QUERY_PHRASES: Final[Mapping[str, tuple[str, str]]] = {
    "matching": ("", " matching '{query}'"),
    "match": ("exist", "match '{query}'"),
    "matches": ("exists", "matches '{query}'"),
}


def _words(question: Question) -> dict[str, str]:
    if not isinstance(question, Question):
        raise TypeError(f"question must be a Question, got {type(question).__name__}")
    words = {"singular": question.singular, "plural": question.plural}
    for key, (bare, with_query) in _QUERY_PHRASES.items():
        words[key] = bare if question.query is None else with_query.format(query=question.query)
    return words


# -- the catalogue ------------------------------------------------------------------------------


@dataclass(frozen=True)
class CatalogueRow:
    """One scenario seen two ways: the naive tool's value and the outcome that really happened.

    ``naive`` is what the naive tool handed the consumer; ``truth`` is the outcome class the
    scenario really had (``code`` says why, for an access failure). ``http_status`` is ``None``
    when no response arrived at all. ``envelope`` is what the honest tool returned.
    """

    scenario: str
    naive: list[Any]
    truth: Outcome
    code: FailureCode | None = None
    http_status: int | None = None
    envelope: Envelope[Any] | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.naive, list):
            raise TypeError(f"naive must be a list, got {type(self.naive).__name__}")
        if not isinstance(self.truth, Outcome):
            raise TypeError(f"truth must be an Outcome, got {self.truth!r}")
        if self.code is not None and not isinstance(self.code, FailureCode):
            raise TypeError(f"code must be a FailureCode or None, got {self.code!r}")

    @property
    def true_outcome(self) -> str:
        """The truth as ``outcome`` or ``outcome/code``, e.g. ``"access_failure/timeout"``."""
        return self.truth.value + (f"/{self.code.value}" if self.code is not None else "")

    @property
    def conclusion(self) -> str:
        """What the naive consumer concludes from :attr:`naive`."""
        return answer_question(self.naive)


#: The scenarios notebook 01 shows: the catalogue as it stood when the notebook was written.
#: Pinned so that adding a fixture does not change the notebook's committed outputs; to show a
#: new scenario, add its name here and re-release notebook 01.
_CATALOGUE_01_NAMES = """
    bad_gzip bom_json cloudflare_success_false connect_timeout decoding_error drf_next_page
    drf_single_page empty error_key_null es_complete es_error_body_in_200 es_shard_failure
    es_terminated_early es_timed_out es_timed_out_zero_hits es_total_gte expired_token_401 flaky
    forbidden_403 gateway_timeout_504 github_incomplete_results github_search_complete
    github_tree_truncated gone_410 google_next_page_token graphql_errors_empty_list
    graphql_partial graphql_rate_limited graphql_relay_next_page graphql_unauthenticated
    graphql_validation_failed invalid_url invalid_utf8_200 items_path_missing jsend_error
    json_as_text_plain jsonrpc_internal_error jsonrpc_method_not_found jsonrpc_result_list
    link_header_next lying_html_200 ndjson_stream no_content_204 not_found_404 not_found_lookup
    not_implemented_501 null_body oauth_error_in_200 odata_next_link ok
    opensearch_index_not_found outage outage_503 overloaded_529 partial_content_206 pool_timeout
    problem_json_403 problem_json_in_200 proxy_error rate_limited read_error redirect_302
    refused retry_after_http_date server_disconnected server_error_500 silently_truncated_gzip
    single_record slack_channel_not_found slack_has_more slack_last_page slack_missing_scope
    slack_ok_false slack_ok_true_empty slack_ratelimited stripe_has_more stripe_has_more_false
    timeout too_many_redirects truncated_page_total truncated_stream unprocessable_422
    unsupported_protocol xml_200 zero_length_200
"""
CATALOGUE_01: Final[tuple[str, ...]] = tuple(_CATALOGUE_01_NAMES.split())


# A fixture's naive_reading is teaching text: "[]…", or "N item(s)", or a record it shows.
_ITEMS_READING = re.compile(r"^(\d+) items?$")


def _reading_matches(reading: str, value: list[Any]) -> bool:
    """True when the naive tool's value is what the scenario says a naive tool reads."""
    if reading.startswith("[]"):
        return value == []
    match = _ITEMS_READING.match(reading)
    # Any other reading (a record such as "{'id': ...}") is not a list this tool can return.
    return match is not None and len(value) == int(match.group(1))


def _status(result: httpx.Response | Exception) -> int | None:
    return result.status_code if isinstance(result, httpx.Response) else None


def _row(scenario: Scenario) -> CatalogueRow:
    result = fetch(scenario)
    return CatalogueRow(
        scenario=scenario.name,
        naive=naive_tool(scenario),
        truth=scenario.expected_outcome,
        code=scenario.expected_code,
        http_status=_status(result),
        envelope=classify_http(result, **scenario.classify_kwargs),
    )


def _scenarios(names: Sequence[str]) -> list[Scenario]:
    return [get_scenario(name) for name in (names or CATALOGUE_01)]


def misread_scenarios(*names: str) -> list[str]:
    """Scenarios whose items the generic naive tool does not find where the scenario says.

    The naive tool looks in a declared items path, a bare list, or ``items`` / ``results`` /
    ``data``. An upstream that keeps its items elsewhere (an Elasticsearch search with no
    declared path, a JSON-RPC ``result``, Slack's ``messages``) gets ``[]`` from it even on
    success: the same lie, from a wrong path rather than a failure.

    Args:
        names: Scenario names; none means :data:`CATALOGUE_01`.

    Returns:
        The names, in the order given, whose naive value differs from the scenario's
        documented naive reading.
    """
    return [
        s.name for s in _scenarios(names) if not _reading_matches(s.naive_reading, naive_tool(s))
    ]


def catalogue(*names: str, include_misread: bool = False) -> list[CatalogueRow]:
    """Run the naive tool and the honest tool against scenarios, one row each.

    Args:
        names: Scenario names; none means :data:`CATALOGUE_01` (pass
            ``*scenario_names()`` for every scenario there is now).
        include_misread: Keep the scenarios :func:`misread_scenarios` lists (left out by
            default, so every value in the table is what a naive tool really reads).

    Returns:
        One :class:`CatalogueRow` per scenario, in the order given (by name by default). An
        unknown name is a ``KeyError`` that lists close matches.
    """
    skip = set() if include_misread else set(misread_scenarios(*names))
    return [_row(s) for s in _scenarios(names) if s.name not in skip]


def collapse_table(rows: Sequence[CatalogueRow], *, honest: bool = False) -> str:
    """A text table of how true outcomes collapse into values and sentences.

    Args:
        rows: Catalogue rows (e.g. only those whose naive value is ``[]``).
        honest: Show what :func:`answer_from_envelope` concludes from each row's envelope
            instead of the naive value and what :func:`answer_question` concludes from it.

    Returns:
        Naive: one line per distinct true outcome (in outcome-class order, the most common
        first) with its number of scenarios, HTTP statuses (``none`` when no response arrived),
        naive values and conclusions. Honest: one line per outcome class; the access failures'
        sentences differ only by cause, so they share one line whose sentence says ``<cause>``,
        followed by the causes and their counts. Then a summary counting scenarios, outcome
        classes, distinct true outcomes, distinct naive values and distinct conclusions.

    Raises:
        ValueError: ``honest`` is set and a row carries no envelope.
    """

    def conclude(row: CatalogueRow) -> str:
        if not honest:
            return row.conclusion
        if row.envelope is None:
            raise ValueError(f"row {row.scenario!r} has no envelope to conclude from")
        return answer_from_envelope(row.envelope)

    truths = _groups(rows, key=lambda row: row.true_outcome)
    lines: list[tuple[str, ...]]
    notes: dict[int, str] = {}  # line index -> a continuation line shown under its sentence
    if honest:
        lines = [("true outcome", "scenarios", "the envelope-aware consumer concludes")]
        for label, members in _groups(rows, key=lambda row: row.truth.value).items():
            said, note = _honest_sentence(members, [conclude(r) for r in members])
            if note:
                notes[len(lines)] = note
            lines.append((label, str(len(members)), said))
    else:
        lines = [("true outcome", "scenarios", "HTTP", "naive value", "the consumer concludes")]
        for label, members in truths.items():
            said = " / ".join(_distinct([conclude(r) for r in members]))
            statuses = sorted({r.http_status for r in members}, key=lambda s: (s is not None, s))
            shown = ", ".join("none" if s is None else str(s) for s in statuses)
            naive = " / ".join(_short(v) for v in _distinct([r.naive for r in members]))
            lines.append((label, str(len(members)), shown, naive, said))
    # Pad every column but the last, whose sentences are long: they wrap under themselves.
    widths = [max(len(line[i]) for line in lines) for i in range(len(lines[0]) - 1)]
    indent = " " * (sum(widths) + 2 * len(widths))
    text = []
    for index, line in enumerate(lines):
        cells = [c.ljust(w) for c, w in zip(line[:-1], widths, strict=True)]
        width = max(_SENTENCE_MIN_CHARS, _LINE_CHARS - len(indent))
        sentence = textwrap.wrap(line[-1], width=width) or [""]
        text.append("  ".join([*cells, sentence[0]]).rstrip())
        text.extend(indent + more for more in sentence[1:])
        if index in notes:
            text.extend(
                textwrap.wrap(
                    notes[index],
                    width=_NOTE_WIDTH,
                    initial_indent=indent,
                    subsequent_indent=indent + "  ",
                )
            )
    values = _distinct([r.naive for r in rows])
    conclusions = _distinct([conclude(r) for r in rows])
    shown_value = f" {_short(values[0])}" if len(values) == 1 else ""
    classes = {r.truth for r in rows}
    text.append(
        f"{_plural(len(rows), 'scenario')}, {_plural(len(classes), 'outcome class')}, "
        f"{_plural(len(truths), 'distinct true outcome')} -> "
        f"{_plural(len(values), 'naive value')}{shown_value}, "
        f"{_plural(len(conclusions), 'distinct conclusion')}"
    )
    return "\n".join(text)


#: Where the honest table's list of causes wraps.
_NOTE_WIDTH = 100
#: The longest line of a table's rows: JupyterLab shows about 120 characters at 1400 px, and
#: breaks a longer output line anywhere, mid-word included.
_LINE_CHARS = 110
#: A sentence column is never narrower than this, however wide the columns before it.
_SENTENCE_MIN_CHARS = 40

#: Stands for the failure code in the one sentence the honest table shows for all causes.
_CAUSE = "<cause>"


def _groups(
    rows: Sequence[CatalogueRow], key: Callable[[CatalogueRow], str]
) -> dict[str, list[CatalogueRow]]:
    """Rows grouped by ``key``: outcome classes in enum order, then the largest group first."""
    groups: dict[str, list[CatalogueRow]] = {}
    for row in rows:
        groups.setdefault(key(row), []).append(row)
    order = list(Outcome)
    labels = sorted(groups, key=lambda k: (order.index(groups[k][0].truth), -len(groups[k]), k))
    return {label: groups[label] for label in labels}


def _honest_sentence(members: Sequence[CatalogueRow], said: Sequence[str]) -> tuple[str, str]:
    """One outcome class's sentence, and (for several failure causes) the causes it stands for."""
    sentences = _distinct(list(said))
    causes = _groups(members, key=lambda row: row.code.value if row.code else "")
    if len(sentences) == 1 or members[0].truth is not Outcome.ACCESS_FAILURE or "" in causes:
        return " / ".join(sentences), ""
    template = HONEST_WORDING[Outcome.ACCESS_FAILURE][Amount.NONE]
    sentence = template.format(code=_CAUSE, **_words(DEFAULT_QUESTION))
    counted = ", ".join(f"{code} {len(rows)}" for code, rows in causes.items())
    return sentence, f"{_CAUSE}, by scenarios: {counted}"


def _plural(count: int, noun: str) -> str:
    suffix = "" if count == 1 else "es" if noun.endswith("class") else "s"
    return f"{count} {noun}{suffix}"


def _distinct(values: Sequence[Any]) -> list[Any]:
    """Distinct values in first-seen order, compared with == (lists are not hashable)."""
    seen: list[Any] = []
    for value in values:
        if value not in seen:
            seen.append(value)
    return seen


_SHORT_MAX_CHARS = 40


def _short(value: object) -> str:
    return clip(repr(value), _SHORT_MAX_CHARS)
