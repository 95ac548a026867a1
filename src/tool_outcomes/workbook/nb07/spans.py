"""Notebook 07's last section: a call's spans as a text tree, and Monday replayed into alarms.

:func:`capture_spans` turns :func:`tool_outcomes.otel.instrument` on for a block, with the
OpenTelemetry SDK's in-memory exporter (the SDK ships with the ``workbook`` extra);
:func:`span_tree` draws what it caught, deterministically: names, outcomes, decisions and
sleeps, never an id or a timestamp. :func:`reason_watch` is notebook 07's reading of failure codes
as reasons (:data:`~tool_outcomes.workbook.traffic.REASON_BY_CODE`) made into an alarm's
:class:`~tool_outcomes.Watch`, and :func:`replay` feeds a simulated day's calls to alarms at the
simulated time they ended.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tool_outcomes.alarm import REASON_READINGS, RateAlarm, Watch
from tool_outcomes.fields import NAReason
from tool_outcomes.testing import FakeClock
from tool_outcomes.workbook.traffic import REASON_BY_CODE, TraceEntry, calls

if TYPE_CHECKING:
    from opentelemetry.sdk.trace import ReadableSpan
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
    from opentelemetry.trace import Tracer

__all__ = ["SpanCapture", "capture_spans", "reason_watch", "replay", "span_tree"]


@dataclass(frozen=True)
class SpanCapture:
    """What :func:`capture_spans` caught, and a tracer for the application's own spans."""

    exporter: InMemorySpanExporter
    tracer: Tracer
    """Spans started with it (an agent's turn, say) are recorded beside the tool calls'."""

    def spans(self) -> tuple[ReadableSpan, ...]:
        """The finished spans, in the order they ended."""
        return tuple(self.exporter.get_finished_spans())


@contextmanager
def capture_spans() -> Iterator[SpanCapture]:
    """Instrument every tool call for the block, recording spans in memory.

    Yields:
        A :class:`SpanCapture`; its ``spans()`` can be read during and after the block.
    """
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    from tool_outcomes import otel

    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    otel.instrument(tracer_provider=provider)
    try:
        yield SpanCapture(exporter, provider.get_tracer("notebook"))
    finally:
        otel.uninstrument()


#: Span attributes shown on a span's line, in this order, with their short names.
_SHOWN = (
    ("tool_outcomes.outcome", "outcome"),
    ("error.type", "error.type"),
    ("tool_outcomes.attempts", "attempts"),
    ("http.response.status_code", "http"),
    ("tool_outcomes.retries_stopped_by", "stopped_by"),
    ("gen_ai.tool.call.id", "tool_call_id"),
)


def span_tree(spans: Sequence[ReadableSpan]) -> str:
    """The spans as a tree, children under their parent and attempts under their span.

    Args:
        spans: Finished spans, e.g. ``exporter.get_finished_spans()``.

    Returns:
        One line per span (its name, status and outcome attributes) and per attempt event
        (number, decision, failure code, status, sleep), in the order the spans started.
    """
    ordered = sorted(spans, key=lambda s: s.start_time or 0)
    ids = {s.context.span_id for s in ordered if s.context is not None}
    children: dict[int | None, list[ReadableSpan]] = {}
    for span in ordered:
        parent = span.parent.span_id if span.parent is not None else None
        children.setdefault(parent if parent in ids else None, []).append(span)
    lines: list[str] = []

    def draw(span: ReadableSpan, prefix: str, last: bool, root: bool) -> None:
        branch = "" if root else ("└─ " if last else "├─ ")
        lines.append(f"{prefix}{branch}{_span_line(span)}")
        below = prefix if root else prefix + ("   " if last else "│  ")
        kids = children.get(span.context.span_id if span.context is not None else None, [])
        items: list[Any] = [*span.events, *kids]
        for index, item in enumerate(items):
            is_last = index == len(items) - 1
            if item in kids:
                draw(item, below, is_last, root=False)
            else:
                lines.append(f"{below}{'└─ ' if is_last else '├─ '}{_event_line(item)}")

    for root in children.get(None, []):
        draw(root, "", True, root=True)
    return "\n".join(lines)


def _span_line(span: ReadableSpan) -> str:
    attributes = dict(span.attributes or {})
    shown = [f"{short}={attributes[key]}" for key, short in _SHOWN if key in attributes]
    status = span.status.status_code.name
    return " ".join([span.name, f"[{status}]", *shown])


def _event_line(event: Any) -> str:
    a = dict(event.attributes or {})
    parts = [f"attempt {a.get('tool_outcomes.attempt')}: {a.get('tool_outcomes.decision')}"]
    if "tool_outcomes.failure.code" in a:
        parts.append(str(a["tool_outcomes.failure.code"]))
    if "http.response.status_code" in a:
        parts.append(f"http {a['http.response.status_code']}")
    if "tool_outcomes.sleep_s" in a:
        parts.append(f"then sleep {round(float(a['tool_outcomes.sleep_s']), 3):g} s")
    return ", ".join(parts)


def reason_watch(reason: NAReason) -> Watch:
    """An alarm's watch on the failure codes that stand for ``reason`` (see ``REASON_BY_CODE``).

    Args:
        reason: ``fetch_failed`` or ``no_permission``.

    Returns:
        A :class:`~tool_outcomes.Watch` labelled with the reason and carrying its reading.
    """
    reason = NAReason(reason)
    codes = frozenset(code for code, stands_for in REASON_BY_CODE.items() if stands_for is reason)
    if not codes:
        raise ValueError(f"no failure code stands for {reason.value!r}")
    return Watch(f"{reason.value} failures", REASON_READINGS[reason], codes=codes)


def replay(trace: Sequence[TraceEntry], alarms: Sequence[RateAlarm], clock: FakeClock) -> None:
    """Feed every call of a captured day to ``alarms``, each at the simulated time it ended.

    Args:
        trace: A day's captured records (``day.trace``); one call is its call-ending record.
        alarms: Alarms built with ``clock=clock``.
        clock: The alarms' clock; it is moved to each call's time before the call is fed.
    """
    for entry in calls(trace):
        if entry.at_s > clock.now_s:
            clock.advance(entry.at_s - clock.now_s)
        record = entry.record
        if record.tool is None or record.outcome is None:
            continue
        for alarm in alarms:
            alarm.observe_outcome(record.tool, record.outcome, record.failure_code)
