"""Every tool response declares its own outcome, so a failure is never mistaken for an answer.

The public API, re-exported from small modules named for their idea: ``envelope`` (the four
outcomes), ``fields`` (three-state fields), ``evidence`` (what came back, from any source),
``transport`` (send and read: the only code that touches a socket), ``classify`` (evidence →
outcome, no I/O) and ``front`` (``classify_http``: an httpx response or exception → evidence →
outcome), ``repair`` (shape, never meaning), ``retry`` and ``breaker`` (keyed on the outcome),
``trace`` (a record of every hidden failure), ``adapter`` (all of it around one tool),
``render`` and ``consume`` (spending the outcome). ``docs/architecture.md`` draws the path.
"""

# Every module-level name here but the public ones starts with "_" (the exported-members test
# holds __all__ to exactly the public names).
import importlib as _importlib
import sys as _sys
import types as _types
import typing as _typing

if _typing.TYPE_CHECKING:
    from .adapter import DEFAULT_MAX_BODY_BYTES, Tool, tool
    from .breaker import BreakerState, CircuitBreaker
    from .classify import classify_parts
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
    from .evidence import BodyCut
    from .fields import FieldStatus, NAReason, TriState, not_applicable, present, validate_fields
    from .front import classify_http
    from .redact import redact_headers, redact_text, redact_url
    from .render import to_text
    from .repair import Rejection, Repaired, repair
    from .retry import RetryBudget, RetryPolicy, with_retry, with_retry_async
    from .trace import CounterHandler, Decision, OutcomeCounter, TraceRecord
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

#: The module each public name lives in. ``import tool_outcomes`` imports none of them: a name's
#: module loads on its first use, so a program pays only for the parts it touches.
_HOMES: dict[str, str] = {
    **dict.fromkeys(["DEFAULT_MAX_BODY_BYTES", "Tool", "tool"], "adapter"),
    **dict.fromkeys(["BreakerState", "CircuitBreaker"], "breaker"),
    "classify_parts": "classify",
    "classify_http": "front",
    **dict.fromkeys(["OutcomeHandlers", "dispatch", "on_outcome"], "consume"),
    **dict.fromkeys(
        [
            "DETAIL_MAX_CHARS",
            "RAW_SAMPLE_MAX_CHARS",
            "Coverage",
            "Envelope",
            "Failure",
            "FailureCode",
            "FailureKind",
            "Outcome",
            "Repair",
            "RepairKind",
            "TruncatedBy",
        ],
        "envelope",
    ),
    **dict.fromkeys(
        ["FieldStatus", "NAReason", "TriState", "not_applicable", "present", "validate_fields"],
        "fields",
    ),
    **dict.fromkeys(["redact_headers", "redact_text", "redact_url"], "redact"),
    "to_text": "render",
    **dict.fromkeys(["Rejection", "Repaired", "repair"], "repair"),
    **dict.fromkeys(["RetryBudget", "RetryPolicy", "with_retry", "with_retry_async"], "retry"),
    **dict.fromkeys(["CounterHandler", "Decision", "OutcomeCounter", "TraceRecord"], "trace"),
    "BodyCut": "evidence",
    **dict.fromkeys(["envelope_output_schema", "to_anthropic", "to_mcp", "to_openai"], "wire"),
}


def __getattr__(name: str) -> _typing.Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(_importlib.import_module(f".{home}", __name__), name)
    globals()[name] = value  # later lookups are plain attribute reads
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


class _Package(_types.ModuleType):
    """This package's module type: a submodule never takes the name of a public function.

    Importing ``tool_outcomes.repair`` (the module) would bind ``tool_outcomes.repair`` to it,
    hiding the ``repair`` function; the module stays importable by its dotted name.
    """

    def __setattr__(self, name: str, value: _typing.Any) -> None:
        if isinstance(value, _types.ModuleType) and name in _HOMES:
            return
        super().__setattr__(name, value)


_sys.modules[__name__].__class__ = _Package
