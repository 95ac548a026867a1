"""Three states for one field: a real value, or not applicable with a reason.

``false`` is an answer. "We could not read it" is not, and neither is "you may not see it" or
"nobody asked". A field whose value could not be established is ``not_applicable`` with a
reason from the closed :class:`NAReason` set, carries no value, and is never ``false`` or ``""``.

Two ways in:

* :class:`TriState` — a generic pydantic model for one field, built with :func:`present` or
  :func:`not_applicable`; invalid combinations cannot be constructed.
* :func:`validate_fields` — checks a plain JSON response that uses sibling-status fields
  (``{"value": ..., "status": ..., "reason": ...}``) and returns one message per violation.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, model_validator

__all__ = [
    "FieldStatus",
    "NAReason",
    "TriState",
    "not_applicable",
    "present",
    "validate_fields",
]

T = TypeVar("T")


class FieldStatus(StrEnum):
    """The two statuses a field can carry. A third, invented one is a violation."""

    PRESENT = "present"
    NOT_APPLICABLE = "not_applicable"


class NAReason(StrEnum):
    """Why a field has no value. Each one routes the next action differently."""

    FETCH_FAILED = "fetch_failed"
    """The tool tried and the source did not answer: retry or fall back."""
    NO_PERMISSION = "no_permission"
    """The caller may not see it: ask for the scope, do not retry."""
    NOT_REQUESTED = "not_requested"
    """The request did not ask for it: nothing to retry."""
    OUT_OF_SCOPE = "out_of_scope"
    """The field does not exist for this kind of entity: drop the question."""


class TriState(BaseModel, Generic[T]):
    """One three-state field: ``present`` with a value, or ``not_applicable`` with a reason.

    Its JSON form is the sibling-status shape: ``{"value": ..., "status": ..., "reason": ...}``.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    status: FieldStatus
    value: T | None = None
    reason: NAReason | None = None

    @model_validator(mode="after")
    def _states_mean_what_they_say(self) -> TriState[T]:
        if self.status is FieldStatus.NOT_APPLICABLE:
            if self.value is not None:
                raise ValueError("a not_applicable field carries no value (value must be null)")
            if self.reason is None:
                raise ValueError(
                    "a not_applicable field needs a reason: " + ", ".join(r.value for r in NAReason)
                )
        elif self.reason is not None:
            raise ValueError("a present field carries no reason")
        elif "value" not in self.model_fields_set:
            raise ValueError('a present field needs a value (false and "" are values)')
        return self

    @property
    def is_present(self) -> bool:
        return self.status is FieldStatus.PRESENT

    def __repr__(self) -> str:
        if self.status is FieldStatus.PRESENT:
            return f"present({self.value!r})"
        assert self.reason is not None  # guaranteed by the validator
        return f"not_applicable({self.reason.value!r})"

    __str__ = __repr__


def present(value: T) -> TriState[T]:
    """A field with a real value; ``False``, ``0`` and ``""`` are real values too.

    Args:
        value: What the source said.

    Returns:
        A ``present`` field carrying ``value``.
    """
    return TriState[T](status=FieldStatus.PRESENT, value=value)


def not_applicable(reason: NAReason | str) -> TriState[Any]:
    """A field with no value, and why.

    Args:
        reason: One of :class:`NAReason` (or its string value).

    Returns:
        A ``not_applicable`` field carrying ``reason`` and no value.

    Raises:
        ValueError: if ``reason`` is not in the closed set.
    """
    return TriState[Any](status=FieldStatus.NOT_APPLICABLE, reason=NAReason(reason))


_STATUS_KEYS = frozenset({"status", "value", "reason"})
_STATUSES = ", ".join(repr(s.value) for s in FieldStatus)
_REASONS = ", ".join(r.value for r in NAReason)


def validate_fields(payload: object, fields: Iterable[str] | None = None) -> list[str]:
    """Check every sibling-status field of a plain JSON response.

    A field is any top-level entry whose value is an object with a ``status``, ``value`` or
    ``reason`` key; other entries (identifiers such as ``"user_id"``) are left alone, unless
    ``fields`` names them.

    Args:
        payload: A decoded JSON object (anything else is reported as one violation).
        fields: The names that must be three-state fields. Each one missing from the payload,
            or present as a bare value (``"account_manager": false``), is a violation: that is
            exactly the silent ``false`` the three states exist to prevent.

    Returns:
        One message per violation, in field order; an empty list when the payload is clean.
        The violations: a missing or unknown status, ``not_applicable`` carrying a value,
        ``not_applicable`` without a known reason, ``present`` carrying a reason, and
        ``present`` with no ``value`` key.
    """
    if not isinstance(payload, Mapping):
        return [f"payload: expected a JSON object of fields, got {type(payload).__name__}"]
    required = list(fields) if fields is not None else []
    errors: list[str] = []
    for name in required:
        if name not in payload:
            errors.append(f"{name}: missing (expected a three-state field)")
    for name, field in payload.items():
        if isinstance(field, Mapping) and _STATUS_KEYS.intersection(field):
            errors.extend(_field_violations(str(name), field))
        elif name in required:
            errors.append(f"{name}: a bare value ({field!r}), not a three-state field")
    return errors


def _field_violations(name: str, field: Mapping[str, Any]) -> list[str]:
    status = field.get("status")
    if "status" not in field:
        return [f"{name}: missing status (expected one of {_STATUSES})"]
    if status == FieldStatus.NOT_APPLICABLE.value:
        errors = []
        if field.get("value") is not None:
            errors.append(f"{name}: not_applicable must not carry a value (got {field['value']!r})")
        reason = field.get("reason")
        if reason not in {r.value for r in NAReason}:
            errors.append(
                f"{name}: not_applicable needs a known reason ({_REASONS}), got {reason!r}"
            )
        return errors
    if status == FieldStatus.PRESENT.value:
        errors = []
        if field.get("reason") is not None:
            errors.append(f"{name}: present must not carry a reason (got {field['reason']!r})")
        if "value" not in field:
            errors.append(f'{name}: present needs a value (false and "" are values, absent is not)')
        return errors
    return [f"{name}: unknown status {status!r} (expected one of {_STATUSES})"]
