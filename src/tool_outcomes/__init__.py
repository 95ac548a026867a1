"""Every tool response declares its own outcome, so a failure is never mistaken for an answer.

The public API, re-exported from small modules named for their idea: ``envelope`` (the four
outcomes), ``fields`` (three-state fields), ``classify`` (HTTP evidence → outcome), ``repair``
(shape, never meaning), ``retry`` and ``breaker`` (keyed on the outcome), ``trace`` (a record of
every hidden failure), ``adapter`` (all of it around one tool), ``render`` and ``consume``
(spending the outcome).
"""

from .adapter import DEFAULT_MAX_BODY_BYTES, Tool, tool
from .breaker import BreakerState, CircuitBreaker
from .classify import classify_http, classify_parts
from .consume import OutcomeHandlers, dispatch, on_outcome
from .envelope import (
    DETAIL_MAX_CHARS,
    RAW_SAMPLE_MAX_CHARS,
    Coverage,
    Envelope,
    Failure,
    FailureCode,
    FailureKind,
    Outcome,
    Repair,
    RepairKind,
    TruncatedBy,
)
from .fields import FieldStatus, NAReason, TriState, not_applicable, present, validate_fields
from .redact import redact_headers, redact_text, redact_url
from .render import to_text
from .repair import Rejection, Repaired, repair
from .retry import RetryBudget, RetryPolicy, with_retry, with_retry_async
from .trace import CounterHandler, Decision, OutcomeCounter, TraceRecord
from .transport import BodyCut
from .wire import envelope_output_schema, to_anthropic, to_mcp, to_openai

__version__ = "0.1.0"

__all__ = [
    "DEFAULT_MAX_BODY_BYTES",
    "DETAIL_MAX_CHARS",
    "RAW_SAMPLE_MAX_CHARS",
    "BodyCut",
    "BreakerState",
    "CircuitBreaker",
    "CounterHandler",
    "Coverage",
    "Decision",
    "Envelope",
    "Failure",
    "FailureCode",
    "FailureKind",
    "FieldStatus",
    "NAReason",
    "Outcome",
    "OutcomeCounter",
    "OutcomeHandlers",
    "Rejection",
    "Repair",
    "RepairKind",
    "Repaired",
    "RetryBudget",
    "RetryPolicy",
    "Tool",
    "TraceRecord",
    "TriState",
    "TruncatedBy",
    "__version__",
    "classify_http",
    "classify_parts",
    "dispatch",
    "envelope_output_schema",
    "not_applicable",
    "on_outcome",
    "present",
    "redact_headers",
    "redact_text",
    "redact_url",
    "repair",
    "to_anthropic",
    "to_mcp",
    "to_openai",
    "to_text",
    "tool",
    "validate_fields",
    "with_retry",
    "with_retry_async",
]
