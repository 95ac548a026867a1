"""What a consumer claims from a tool result, and which of its claims are confident and false.

Notebook 08 sets two consumers (deterministic stand-ins for a model) on the same envelopes: a
naive one that reads the data and ignores the outcome, and an envelope-aware one that spends the
outcome with one handler per class. To compare them, each consumer answers "are there any items,
and how many?" as a :class:`Claim`: ``exactly`` N, ``none_exist``, ``at_least`` N (hedged) or
``unknown`` (no claim). :func:`is_confident_false` judges a claim against the truth of a
scenario (its documented outcome and item count, not what the classifier made of it), and
:func:`run_catalogue` runs two consumers over the whole mocked-upstream catalogue.
:func:`false_claims_table` prints the counts. :func:`claims_over_a_day` carries each consumer's
rate of false claims per class over a simulated day of traffic (notebook 07's ``MONDAY``), and
:func:`plot_claims_over_a_day` draws when they pile up (matplotlib is imported when it is
called, never at import).

The consumers themselves are written in the notebook, where a reader sees every branch.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final

from tool_outcomes.envelope import Envelope, Outcome
from tool_outcomes.front import classify_http
from tool_outcomes.workbook.scenarios import Scenario, fetch, get_scenario, scenario_names
from tool_outcomes.workbook.traffic import HOURS, DaySpec, calls, simulate_day

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = [
    "CATALOGUE_08",
    "CLAIM_WORDING",
    "Claim",
    "ClaimKind",
    "ClaimRow",
    "Consumer",
    "DayOfClaims",
    "Truth",
    "claims_over_a_day",
    "count_items",
    "false_claims_table",
    "is_confident_false",
    "plot_claims_over_a_day",
    "plot_false_claims",
    "run_catalogue",
]


class ClaimKind(StrEnum):
    """What a consumer asserts about "are there any items, and how many?"."""

    EXACTLY = "exactly"
    """Confident: there are exactly ``count`` items (``count`` is at least 1)."""
    NONE_EXIST = "none_exist"
    """Confident: there are no items at all."""
    AT_LEAST = "at_least"
    """Hedged: at least ``count`` items exist, and there may be more."""
    UNKNOWN = "unknown"
    """No claim: the consumer could not find out."""


#: The claims that leave no room for doubt. Only these can be confident false claims.
_CONFIDENT: Final = frozenset({ClaimKind.EXACTLY, ClaimKind.NONE_EXIST})

#: The sentence for each claim, as ``(for no item, for one item, for any other count)``.
CLAIM_WORDING: Final[Mapping[ClaimKind, tuple[str, str, str]]] = {
    ClaimKind.EXACTLY: ("", "There is exactly 1 item.", "There are exactly {count} items."),
    ClaimKind.NONE_EXIST: ("There are no items.", "", ""),
    ClaimKind.AT_LEAST: (
        "Some items may exist: the answer was cut off before any arrived.",
        "At least 1 item exists; there may be more.",
        "At least {count} items exist; there may be more.",
    ),
    ClaimKind.UNKNOWN: ("I could not find out whether any items exist.", "", ""),
}


@dataclass(frozen=True, repr=False)
class Claim:
    """One consumer's answer to "are there any items, and how many?".

    Args:
        kind: What is asserted.
        count: The number of items, for ``exactly`` (1 or more) and ``at_least`` (0 or more);
            0 for the other two.

    Raises:
        TypeError: ``kind`` is not a :class:`ClaimKind` or ``count`` is not an int.
        ValueError: ``count`` does not fit ``kind`` (``exactly`` 0 is ``none_exist``).
    """

    kind: ClaimKind
    count: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.kind, ClaimKind):
            raise TypeError(f"Claim.kind must be a ClaimKind, got {self.kind!r}")
        if isinstance(self.count, bool) or not isinstance(self.count, int):
            raise TypeError(f"Claim.count must be an int, got {type(self.count).__name__}")
        if self.count < 0:
            raise ValueError(f"Claim.count cannot be negative, got {self.count}")
        if self.kind is ClaimKind.EXACTLY and self.count == 0:
            raise ValueError("a claim of exactly 0 items is ClaimKind.NONE_EXIST")
        if self.kind in (ClaimKind.NONE_EXIST, ClaimKind.UNKNOWN) and self.count:
            raise ValueError(f"a {self.kind.value} claim carries no count, got {self.count}")

    @property
    def confident(self) -> bool:
        """True for ``exactly`` and ``none_exist``: claims that leave no room for doubt."""
        return self.kind in _CONFIDENT

    def sentence(self) -> str:
        """The claim in words, e.g. ``"There are exactly 3 items."``."""
        forms = CLAIM_WORDING[self.kind]
        return forms[min(self.count, 2)].format(count=self.count)

    def __repr__(self) -> str:
        return f"Claim(ClaimKind.{self.kind.name}, {self.count})"


def count_items(data: object) -> int:
    """How many items a payload holds: a list counts its members, a record is one, nothing is 0.

    Args:
        data: An envelope's ``data``.

    Returns:
        The count.
    """
    if data is None:
        return 0
    if isinstance(data, list | tuple):
        return len(data)
    return 1


@dataclass(frozen=True)
class Truth:
    """What a scenario really holds: its documented outcome and, for a success, its item count."""

    outcome: Outcome
    count: int | None = None

    @classmethod
    def of(cls, scenario: Scenario) -> Truth:
        """The truth a scenario documents in its ``expect`` (not what a classifier says)."""
        returned = scenario.expect.get("returned")
        count = returned if scenario.expected_outcome is Outcome.SUCCESS else None
        return cls(outcome=scenario.expected_outcome, count=count)


def is_confident_false(claim: Claim, truth: Truth) -> bool:
    """True when ``claim`` is confident and the truth says otherwise.

    ``none_exist`` is true only of a confirmed ``empty``; ``exactly`` N only of a ``success``
    with N items. A hedged claim (``at_least``) or no claim (``unknown``) is never counted: it
    may be unhelpful, but it states nothing false with confidence.

    Args:
        claim: What the consumer said.
        truth: What the source really held.

    Returns:
        Whether the claim is a confident false claim.
    """
    if claim.kind is ClaimKind.NONE_EXIST:
        return truth.outcome is not Outcome.EMPTY
    if claim.kind is ClaimKind.EXACTLY:
        return not (truth.outcome is Outcome.SUCCESS and truth.count == claim.count)
    return False


#: The scenarios notebook 08 runs: the whole catalogue as it stood when the notebook was written.
#: Pinned so that adding a fixture does not change the notebook's committed outputs (the tests
#: run the same consumers over every scenario there is now); to show a new scenario, add its
#: name here and re-release notebook 08.
_CATALOGUE_08_NAMES = """
    algolia_more_pages bad_gzip bom_json cloudflare_result_info_next cloudflare_success_false
    connect_timeout decoding_error drf_next_page drf_single_page dynamodb_last_evaluated_key empty
    error_key_null es_complete es_error_body_in_200 es_shard_failure es_terminated_early
    es_timed_out es_timed_out_zero_hits es_total_gte expired_token_401 flaky forbidden_403
    gateway_timeout_504 github_403_rate_limit github_incomplete_results github_search_complete
    github_tree_truncated gone_410 google_next_page_token graphql_errors_empty_list graphql_partial
    graphql_rate_limited graphql_relay_next_page graphql_unauthenticated graphql_validation_failed
    hal_embedded_next invalid_url invalid_utf8_200 items_path_missing jira_search_page jsend_error
    json_as_text_plain jsonrpc_internal_error jsonrpc_method_not_found jsonrpc_result_list
    link_header_next lying_html_200 ndjson_stream no_content_204 not_found_404 not_found_lookup
    not_implemented_501 null_body oauth_error_in_200 odata_next_link ok opensearch_index_not_found
    order_record_with_money_total outage outage_503 overloaded_529 partial_content_206 pool_timeout
    problem_json_403 problem_json_in_200 proxy_error rate_limited read_error redirect_302 refused
    retry_after_http_date server_disconnected server_error_500 silently_truncated_gzip single_record
    slack_channel_not_found slack_has_more slack_last_page slack_missing_scope slack_ok_false
    slack_ok_true_empty slack_ratelimited stripe_has_more stripe_has_more_false timeout
    too_many_redirects truncated_page_total truncated_stream unprocessable_422 unsupported_protocol
    xml_200 zero_length_200
"""
CATALOGUE_08: Final[tuple[str, ...]] = tuple(_CATALOGUE_08_NAMES.split())

#: A consumer: reads an envelope, returns what it claims.
Consumer = Callable[[Envelope[Any]], Claim]


@dataclass(frozen=True)
class ClaimRow:
    """One scenario: its truth, and what each consumer claimed from the same envelope."""

    scenario: str
    truth: Truth
    naive: Claim
    aware: Claim

    @property
    def naive_false(self) -> bool:
        """Whether the naive consumer's claim is confident and false."""
        return is_confident_false(self.naive, self.truth)

    @property
    def aware_false(self) -> bool:
        """Whether the envelope-aware consumer's claim is confident and false."""
        return is_confident_false(self.aware, self.truth)


def _asks_about_items(scenario: Scenario) -> bool:
    truth = Truth.of(scenario)
    return not (truth.outcome is Outcome.SUCCESS and truth.count == 0)


def _envelope(scenario: Scenario) -> Envelope[Any]:
    return classify_http(fetch(scenario), **scenario.classify_kwargs)


def run_catalogue(naive: Consumer, aware: Consumer, names: Sequence[str] = ()) -> list[ClaimRow]:
    """Classify every scenario once, and let both consumers read the same envelope.

    Args:
        naive: The consumer that ignores the outcome.
        aware: The consumer that spends it.
        names: Scenario names; none means every scenario there is now that answers the
            question (an acknowledged write — a success with nothing returned — says nothing
            about how many items exist). Notebook 08 passes :data:`CATALOGUE_08`.

    Returns:
        One :class:`ClaimRow` per scenario, in name order (or the order given).

    Raises:
        TypeError: a consumer returned something that is not a :class:`Claim`.
    """
    rows = []
    for name in names or [n for n in scenario_names() if _asks_about_items(get_scenario(n))]:
        scenario = get_scenario(name)
        env = _envelope(scenario)
        claims = []
        for consumer in (naive, aware):
            claim = consumer(env)
            if not isinstance(claim, Claim):
                raise TypeError(
                    f"{getattr(consumer, '__name__', 'a consumer')} returned "
                    f"{type(claim).__name__} for {name!r}, not a Claim"
                )
            claims.append(claim)
        rows.append(ClaimRow(name, Truth.of(scenario), claims[0], claims[1]))
    return rows


def _by_class(rows: Sequence[ClaimRow]) -> dict[Outcome, tuple[int, int, int]]:
    """Per true outcome class: (scenarios, naive false claims, aware false claims)."""
    return {
        outcome: (
            sum(1 for r in rows if r.truth.outcome is outcome),
            sum(1 for r in rows if r.truth.outcome is outcome and r.naive_false),
            sum(1 for r in rows if r.truth.outcome is outcome and r.aware_false),
        )
        for outcome in Outcome
    }


def false_claims_table(rows: Sequence[ClaimRow]) -> str:
    """The confident false claims of each consumer, per true outcome class, with a total line.

    Args:
        rows: What :func:`run_catalogue` returned.

    Returns:
        Text: one line per outcome class, then the totals.
    """
    lines = [f"{'true outcome':<16}{'scenarios':>10}{'naive':>8}{'aware':>8}"]
    counts = _by_class(rows)
    for outcome, (total, naive, aware) in counts.items():
        lines.append(f"{outcome.value:<16}{total:>10}{naive:>8}{aware:>8}")
    totals = [sum(c[i] for c in counts.values()) for i in range(3)]
    lines.append(f"{'all':<16}{totals[0]:>10}{totals[1]:>8}{totals[2]:>8}")
    return "\n".join(lines)


def plot_false_claims(rows: Sequence[ClaimRow], *, title: str) -> Figure:
    """Confident false claims per true outcome class, naive beside aware, as grouped bars.

    Args:
        rows: What :func:`run_catalogue` returned.
        title: The figure's title: say what the picture shows.

    Returns:
        The matplotlib figure (drawn with pyplot, so a notebook shows it on ``plt.show()``).
    """
    import matplotlib.pyplot as plt

    counts = _by_class(rows)
    outcomes = list(counts)
    positions = range(len(outcomes))
    width = 0.38
    fig, axis = plt.subplots(figsize=(10.0, 4.5))
    for offset, index, label, colour in (
        (-width / 2, 1, "naive consumer (ignores the outcome)", "#c62828"),
        (width / 2, 2, "envelope-aware consumer", "#2e7d32"),
    ):
        values = [counts[o][index] for o in outcomes]
        bars = axis.bar([p + offset for p in positions], values, width, label=label, color=colour)
        axis.bar_label(bars, padding=2)
    axis.set_xticks(list(positions), [f"{o.value}\n({counts[o][0]} scenarios)" for o in outcomes])
    axis.set_xlabel("what really happened upstream")
    axis.set_ylabel("confident false claims")
    axis.legend(loc="upper left")
    axis.set_title(title)
    axis.margins(y=0.15)
    fig.tight_layout()
    return fig


# -- a day of traffic ------------------------------------------------------------------------------


@dataclass(frozen=True)
class DayOfClaims:
    """Per hour of a simulated day: the calls made, and the confident false claims each consumer
    would make from their results, at the rate it made them per class in the catalogue."""

    day: str
    calls: tuple[int, ...]
    naive: tuple[int, ...]
    aware: tuple[int, ...]

    def table(self) -> str:
        """The plotted numbers as text: one row per hour with any call, then the totals."""
        lines = [f"{'hour':>4}{'calls':>7}{'naive':>7}{'aware':>7}"]
        for hour in range(HOURS):
            if self.calls[hour]:
                lines.append(
                    f"{hour:>4}{self.calls[hour]:>7}{self.naive[hour]:>7}{self.aware[hour]:>7}"
                )
        lines.append(f"{'all':>4}{sum(self.calls):>7}{sum(self.naive):>7}{sum(self.aware):>7}")
        return "\n".join(lines)


def claims_over_a_day(rows: Sequence[ClaimRow], spec: DaySpec) -> DayOfClaims:
    """Carry each consumer's false-claim rate per true outcome class over a day of traffic.

    Args:
        rows: What :func:`run_catalogue` returned: each consumer's claims, judged per scenario.
        spec: The day (for example notebook 07's ``MONDAY``): every call's final outcome, hour
            by hour, comes from its trace.

    Returns:
        A :class:`DayOfClaims`: per hour, the calls, and for each consumer the calls of each
        class times its share of false claims on that class, rounded to whole claims.
    """
    per_class = _by_class(rows)
    share = {
        outcome: (naive / total, aware / total) if total else (0.0, 0.0)
        for outcome, (total, naive, aware) in per_class.items()
    }
    made = [dict.fromkeys(Outcome, 0) for _ in range(HOURS)]
    for entry in calls(simulate_day(spec).trace):
        if entry.record.outcome is not None:
            made[entry.hour][entry.record.outcome] += 1
    naive = [round(sum(n * share[o][0] for o, n in hour.items())) for hour in made]
    aware = [round(sum(n * share[o][1] for o, n in hour.items())) for hour in made]
    return DayOfClaims(
        spec.name, tuple(sum(hour.values()) for hour in made), tuple(naive), tuple(aware)
    )


def plot_claims_over_a_day(day: DayOfClaims, *, title: str) -> Figure:
    """The confident false claims of each consumer, piling up hour by hour over the day.

    Args:
        day: What :func:`claims_over_a_day` returned.
        title: The figure's title: say what the picture shows.

    Returns:
        The matplotlib figure (drawn with pyplot, so a notebook shows it on ``plt.show()``).
    """
    import matplotlib.pyplot as plt

    hours = list(range(HOURS))
    fig, axis = plt.subplots(figsize=(10.0, 4.5))
    for series, label, colour in (
        (day.naive, "naive consumer (ignores the outcome)", "#c62828"),
        (day.aware, "envelope-aware consumer", "#2e7d32"),
    ):
        # At the start of each hour (and at midnight after the last), the claims made so far.
        so_far = [sum(series[:hour]) for hour in range(HOURS + 1)]
        axis.plot(range(HOURS + 1), so_far, label=label, color=colour, linewidth=2)
    axis.bar(hours, day.naive, width=0.8, align="edge", color="#c62828", alpha=0.25,
             label="naive, in that hour")  # fmt: skip
    axis.set_xticks(hours[::2], [f"{h:02d}:00" for h in hours[::2]])
    axis.set_xlim(0, HOURS)
    axis.set_xlabel(f"hour of {day.day}")
    axis.set_ylabel("confident false claims, so far")
    axis.legend(loc="upper left")
    axis.set_title(title)
    fig.tight_layout()
    return fig
