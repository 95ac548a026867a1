"""Every tool response declares its own outcome, so a failure is never mistaken for an answer."""

from .envelope import (
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

__version__ = "0.1.0"

__all__ = [
    "RAW_SAMPLE_MAX_CHARS",
    "Coverage",
    "Envelope",
    "Failure",
    "FailureCode",
    "FailureKind",
    "FieldStatus",
    "NAReason",
    "Outcome",
    "Repair",
    "RepairKind",
    "TriState",
    "TruncatedBy",
    "__version__",
    "not_applicable",
    "present",
    "validate_fields",
]
