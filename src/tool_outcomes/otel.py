"""OpenTelemetry for every tool call: one span per call, a counter and a duration histogram.

``pip install "tool-outcomes[otel]"`` (the OpenTelemetry API only; the application brings its SDK
and exporter, or a platform such as Logfire, Langfuse, Phoenix or Datadog does)::

    from tool_outcomes import otel

    otel.instrument()      # every call, direct or through any integration, is now a span
    ...
    otel.uninstrument()

Each call is one span named ``execute_tool {tool}`` (kind ``INTERNAL``), following the GenAI
semantic conventions' execute-tool span: ``gen_ai.operation.name = "execute_tool"``,
``gen_ai.tool.name``, ``gen_ai.tool.call.id`` (the framework's own tool-call id, when there is
one), ``gen_ai.tool.description`` and ``gen_ai.tool.type``. The outcome is on it too:

=================================  ==============================================================
``tool_outcomes.outcome``          ``success``, ``empty``, ``partial`` or ``access_failure``
``tool_outcomes.failure.code``     the failure code (access failures only)
``tool_outcomes.failure.kind``     ``transient`` or ``permanent`` (access failures only)
``tool_outcomes.retries_stopped_by``  ``budget``, ``deadline`` or ``circuit_open``, when one did
``tool_outcomes.attempts``         how many attempts the call made
``tool_outcomes.call_id``          the call id every trace record of the call carries
``tool_outcomes.target``           what was called, credentials redacted
``http.response.status_code``      the last attempt's HTTP status, when there was one
``error.type``                     the failure code, exactly for an ``access_failure``
=================================  ==============================================================

The span's status is ``ERROR`` exactly for an ``access_failure`` (a confirmed empty or a partial
is an answer, not an error). Each attempt is a span event ``tool_outcomes.attempt`` with its
number, decision, outcome, failure code, status and the sleep chosen before the next one.
Nothing secret reaches an attribute: the target is redacted and no detail, body or argument
value is recorded.

Metrics (no GenAI convention covers tool execution, so they follow the general naming rules):
``tool_outcomes.calls`` (a counter, ``{call}``) and ``tool_outcomes.call.duration`` (a histogram
in seconds, sleeps between attempts included), both by ``gen_ai.tool.name``,
``tool_outcomes.outcome`` and ``tool_outcomes.failure.code``.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from .envelope import Outcome
from .observe import CallInfo, CallListener, CallResult, add_listener, remove_listener
from .trace import TraceRecord

try:
    from opentelemetry import context as otel_context
    from opentelemetry import metrics
    from opentelemetry import trace as otel_trace
    from opentelemetry.metrics import MeterProvider
    from opentelemetry.trace import Span, SpanKind, StatusCode, TracerProvider
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        'tool_outcomes.otel needs the OpenTelemetry API: pip install "tool-outcomes[otel]"'
    ) from exc

__all__ = [
    "ATTEMPT_EVENT",
    "CALLS_METRIC",
    "DURATION_METRIC",
    "instrument",
    "instrumented",
    "uninstrument",
]

#: The instrumentation scope name of every span and metric.
SCOPE = "tool_outcomes"
#: The span event each attempt adds.
ATTEMPT_EVENT = "tool_outcomes.attempt"
#: The counter of finished calls.
CALLS_METRIC = "tool_outcomes.calls"
#: The histogram of call durations, in seconds.
DURATION_METRIC = "tool_outcomes.call.duration"
#: ``gen_ai.tool.type``: a function the application runs with the model's arguments.
_TOOL_TYPE = "function"


@dataclass
class _Open:
    """A span in flight, the context token that made it current, and its last HTTP status."""

    span: Span
    token: object
    target: str | None = None
    http_status: int | None = None


def _set(attributes: dict[str, Any], key: str, value: object) -> None:
    # OpenTelemetry refuses None as an attribute value: an unknown is left out.
    if value is not None:
        attributes[key] = value.value if isinstance(value, Outcome) else value


class _Instrumentation(CallListener):
    """The listener :func:`instrument` registers: spans and metrics from every call's hooks."""

    def __init__(
        self, tracer_provider: TracerProvider | None, meter_provider: MeterProvider | None
    ) -> None:
        self._tracer = otel_trace.get_tracer(SCOPE, tracer_provider=tracer_provider)
        meter = metrics.get_meter(SCOPE, meter_provider=meter_provider)
        self._calls = meter.create_counter(
            CALLS_METRIC, unit="{call}", description="Tool calls, by tool, outcome and failure."
        )
        self._duration = meter.create_histogram(
            DURATION_METRIC,
            unit="s",
            description="How long a tool call took, every attempt and sleep included.",
        )
        self._open: dict[str, _Open] = {}
        self._lock = threading.Lock()

    def call_started(self, call: CallInfo) -> None:
        attributes: dict[str, Any] = {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.type": _TOOL_TYPE,
            "tool_outcomes.call_id": call.call_id,
        }
        _set(attributes, "gen_ai.tool.name", call.tool)
        _set(attributes, "gen_ai.tool.call.id", call.tool_call_id)
        _set(attributes, "gen_ai.tool.description", call.description or None)
        span = self._tracer.start_span(
            f"execute_tool {call.tool}", kind=SpanKind.INTERNAL, attributes=attributes
        )
        token = otel_context.attach(otel_trace.set_span_in_context(span))
        with self._lock:
            self._open[call.call_id] = _Open(span, token)

    def attempt(self, record: TraceRecord) -> None:
        with self._lock:
            entry = self._open.get(record.call_id or "")
        if entry is None:  # with_retry on its own: no span was opened for it
            return
        entry.http_status = record.http_status
        entry.target = record.target
        attributes: dict[str, Any] = {"tool_outcomes.decision": record.decision.value}
        _set(attributes, "tool_outcomes.attempt", record.attempt)
        _set(attributes, "tool_outcomes.outcome", record.outcome)
        _set(attributes, "tool_outcomes.failure.code", _value(record.failure_code))
        _set(attributes, "tool_outcomes.failure.kind", _value(record.failure_kind))
        _set(attributes, "http.response.status_code", record.http_status)
        _set(attributes, "tool_outcomes.sleep_s", record.sleep_s)
        _set(attributes, "tool_outcomes.retry_after_s", record.retry_after_s)
        entry.span.add_event(ATTEMPT_EVENT, attributes)

    def call_finished(self, result: CallResult) -> None:
        env = result.envelope
        failure = env.failure
        with self._lock:
            entry = self._open.pop(result.call.call_id, None)
        labels: dict[str, Any] = {"tool_outcomes.outcome": env.outcome.value}
        _set(labels, "gen_ai.tool.name", result.call.tool)
        if failure is not None:
            labels["tool_outcomes.failure.code"] = failure.code.value
        self._calls.add(1, labels)
        self._duration.record(result.duration_s, labels)
        if entry is None:
            return
        span = entry.span
        attributes: dict[str, Any] = {
            "tool_outcomes.outcome": env.outcome.value,
            "tool_outcomes.attempts": env.attempts,
        }
        status = failure.http_status if failure is not None else None
        _set(attributes, "http.response.status_code", status or entry.http_status)
        _set(attributes, "tool_outcomes.target", entry.target)
        if failure is not None:
            attributes["tool_outcomes.failure.code"] = failure.code.value
            attributes["tool_outcomes.failure.kind"] = failure.kind.value
            attributes["error.type"] = failure.code.value
            _set(attributes, "tool_outcomes.retries_stopped_by", _value(failure.stopped_by))
        span.set_attributes(attributes)
        if env.outcome is Outcome.ACCESS_FAILURE and failure is not None:
            span.set_status(StatusCode.ERROR, f"{failure.code.value}/{failure.kind.value}")
        self._close(entry)

    def call_abandoned(self, call: CallInfo, error: BaseException) -> None:
        with self._lock:
            entry = self._open.pop(call.call_id, None)
        if entry is None:
            return
        kind = type(error).__qualname__
        entry.span.set_attribute("error.type", kind)
        entry.span.set_status(StatusCode.ERROR, kind)
        self._close(entry)

    @staticmethod
    def _close(entry: _Open) -> None:
        try:
            otel_context.detach(entry.token)  # type: ignore[arg-type]
        finally:
            entry.span.end()


def _value(member: object) -> object:
    return getattr(member, "value", member)


_installed: _Instrumentation | None = None
_install_lock = threading.Lock()


def instrument(
    *,
    tracer_provider: TracerProvider | None = None,
    meter_provider: MeterProvider | None = None,
) -> None:
    """Make every tool call a span, and count it, from now on (calling it again re-installs).

    Args:
        tracer_provider: Where the spans go; defaults to the global tracer provider.
        meter_provider: Where the metrics go; defaults to the global meter provider.
    """
    global _installed
    with _install_lock:
        if _installed is not None:
            remove_listener(_installed)
        _installed = _Instrumentation(tracer_provider, meter_provider)
        add_listener(_installed)


def uninstrument() -> None:
    """Stop making spans and metrics (a no-op when :func:`instrument` was not called)."""
    global _installed
    with _install_lock:
        if _installed is not None:
            remove_listener(_installed)
            _installed = None


def instrumented() -> bool:
    """Whether :func:`instrument` is in effect."""
    return _installed is not None
