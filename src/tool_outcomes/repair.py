"""Repair shape, never meaning: fix what is provably mechanical, reject the rest.

A tool's result often fails its declared model for reasons that carry no information: a number
sent as the string ``"18.0"``, a lone object where a list of one was declared, fields nobody asked
for, a declared alias instead of the field's name. :func:`repair` walks the raw value against the
declared type (the walk lives in :mod:`tool_outcomes.shapes`), fixes exactly those four things on
a copy, records each fix as a :class:`~tool_outcomes.envelope.Repair`, and then validates the copy
strictly (JSON-strict, so no further silent coercion can happen). Anything else -- a missing
required field, a ``null`` where a value is required, a value that is not what it claims to be --
is a :class:`Rejection` that names the field. Filling in, rounding or reinterpreting a value
would be changing its meaning.

Decisions worth knowing:

* Booleans are never coerced (not from ``"true"``, not from ``1``): that would be inventing an
  answer.
* A number where text is declared is rejected, not converted: such fields are usually
  identifiers (zip codes, account numbers) that already lost their leading zeros or precision on
  the way, and ``str(1.1)`` would hand out a plausible but wrong ``"1.1"`` for ``"1.10"``.
* ``"18.0"`` for an ``int`` becomes ``18``; ``"18.5"`` is rejected, never rounded. ``"NaN"``,
  ``"inf"``, ``""``, ``"12abc"`` and ``"1,000"`` (which locale?) are not numbers.
* A numeric string is pydantic's own JSON form of a ``Decimal``, so it is accepted as is and not
  recorded as a repair (only surrounding whitespace is stripped, and recorded).
* Unknown keys are dropped even when the model says ``extra="forbid"``, but kept when it says
  ``extra="allow"``: there the author declared that extra keys carry meaning.
* A field is found under its name or any declared alias; when several are given with different
  values the field is rejected as ambiguous rather than one being picked.

Most results need no repair at all, so the walk is the slow path: a value that pydantic-core
validates strictly, with unknown keys forbidden, is one the walk would leave untouched, and it is
returned at once (see :func:`tool_outcomes.shapes.fast_plan` for when that holds). Only a value
that fails that check is walked, and the walk's answer is the answer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, overload

from pydantic import ValidationError
from pydantic_core import from_json, to_json

from tool_outcomes.envelope import Repair, RepairKind
from tool_outcomes.shapes import (
    FastPlan,
    Walk,
    adapter_for,
    fast_plan,
    first_line,
    short_repr,
    walk_value,
)

__all__ = [
    "Rejection",
    "Repaired",
    "repair",
    "repair_by_walk",
    "repair_decoded",
    "valid_json_as_is",
]

T = TypeVar("T")

_MAX_DETAIL_ISSUES = 8
# A recursive model's walk recurses as deep as the data: past this many brackets the walk
# decides (it may run out of stack, and says so), so the answer stays the walk's.
_MAX_FAST_BRACKETS_RECURSIVE = 64


@dataclass(frozen=True)
class Repaired(Generic[T]):
    """A value that matches its declared model, and every shape repair it took to get there."""

    value: T
    repairs: tuple[Repair, ...]


@dataclass(frozen=True)
class Rejection:
    """A result that does not match its declared model and could not be repaired into it."""

    missing: tuple[str, ...]
    """Dotted paths of required fields that were absent."""
    invalid: tuple[str, ...]
    """Dotted paths of values that could not be coerced or validated."""
    detail: str
    """One line naming what was missing or invalid."""
    repairs: tuple[Repair, ...]
    """Repairs that were applied before the result was rejected."""

    def __str__(self) -> str:
        return self.detail


@overload
def repair(raw: object, model: type[T]) -> Repaired[T] | Rejection: ...
@overload
def repair(raw: object, model: Any) -> Repaired[Any] | Rejection: ...
def repair(raw: object, model: Any) -> Repaired[Any] | Rejection:
    """Repair the shape of ``raw`` against ``model``, then validate it strictly.

    ``raw`` is never mutated and no input makes this raise: whatever cannot be repaired comes
    back as a :class:`Rejection`.

    Args:
        raw: A decoded result, typically JSON-like (dicts, lists, strings, numbers, …).
        model: A pydantic model, or any type pydantic's ``TypeAdapter`` accepts
            (``list[Item]``, ``Item | None``, ``dict[str, Item]``, ``int``, a TypedDict, …).

    Returns:
        :class:`Repaired` with the validated value and one :class:`Repair` per fix applied, or
        a :class:`Rejection` naming every missing and invalid path.

    Raises:
        TypeError: if ``model`` is not a type pydantic can validate.
    """
    return _repair(raw, model, decoded=False)


def repair_decoded(
    raw: object, model: Any, *, text: bytes | None = None, finite: bool = False
) -> Repaired[Any] | Rejection:
    """:func:`repair` for a value a JSON decoder just returned (dicts, lists, text, numbers).

    Same answers; it skips the check that ``raw`` is plain JSON data, which a decoder's output
    always is. The classifier calls it on the bodies it decoded.

    Args:
        raw: The decoded value.
        model: As for :func:`repair`.
        text: The UTF-8 JSON text ``raw`` is exactly the decoding of, when the caller has it:
            then that text is validated as it is rather than serialised again from ``raw``.
        finite: The caller vouches that ``raw`` holds no NaN or infinity (the classifier's
            decoder makes each one ``null``). Then an object or array validates in strict
            Python mode as it is, without being serialised, where the model is made of plain
            JSON types (:attr:`~tool_outcomes.shapes.FastPlan.python`); what that does not
            accept takes the usual way.
    """
    if text is None and finite and type(raw) in (dict, list):
        plan = fast_plan(model)
        if plan is not None and plan.python:
            valid = _valid_in_python(raw, plan)
            if valid is not None:
                return valid
    return _repair(raw, model, decoded=True, text=text)


def _repair(
    raw: object, model: Any, *, decoded: bool, text: bytes | None = None
) -> Repaired[Any] | Rejection:
    plan = fast_plan(model)
    if plan is not None:
        valid = _valid_as_is(raw, plan, decoded=decoded, given=text)
        if valid is not None:
            return valid
    return repair_by_walk(raw, model)


def valid_json_as_is(text: bytes, plan: FastPlan) -> Repaired[Any] | None:
    """JSON ``text`` validated by ``plan``'s model with no repair, when strict validation proves
    it needs none; else ``None`` (decode it, and :func:`repair_decoded` the value).

    Where this answers, :func:`repair_decoded` of the decoded text answers the same.
    """
    return _valid_as_is(None, plan, decoded=True, given=text)


def _valid_as_is(
    raw: object, plan: FastPlan, *, decoded: bool, given: bytes | None = None
) -> Repaired[Any] | None:
    """``raw`` validated with no repair, when strict validation proves it needs none.

    ``given`` is the JSON text ``raw`` was decoded from. Validating it directly answers as
    validating ``raw`` serialised again would: pydantic-core reads every number as the float or
    int the decoder made of it, and a key given twice validates each value the text holds, so
    the text is valid only if the decoded value (its last one kept) is too.
    """
    if given is not None:
        text = given
    else:
        try:
            text = to_json(raw, inf_nan_mode="constants")
        except (ValueError, TypeError, RecursionError):
            return None  # not JSON-like: the walk names the offending value
    # NaN and infinities are not numbers to the walk; a string merely containing the words
    # only sends the value down the slow path. (One byte is found faster than three.)
    if (b"N" in text and b"NaN" in text) or (b"I" in text and b"Infinity" in text):
        return None
    # Bytes, tuples, Decimals, dates or non-text keys serialise to JSON that validates where
    # the walk would object: only plain JSON data (what it serialises to, read back) is fast.
    if not decoded and not _plain_json(raw, text):
        return None
    if plan.recursive and text.count(b"[") + text.count(b"{") >= _MAX_FAST_BRACKETS_RECURSIVE:
        return None
    adapter = plan.adapter
    try:
        value = adapter.validate_json(
            text, strict=True, extra="forbid", by_alias=False, by_name=True
        )
        if plan.choosy:
            value = adapter.validate_json(text, strict=True, by_alias=False, by_name=True)
    except ValidationError as exc:
        return _dropped_alone(exc, plan, adapter.validate_json, text)
    except (ValueError, TypeError, RecursionError):
        return None
    return Repaired(value=value, repairs=())


def _valid_in_python(raw: object, plan: FastPlan) -> Repaired[Any] | None:
    """Decoded, finite JSON data validated with no repair in strict Python mode, when that
    proves it needs none; else ``None``.

    For a plan whose ``python`` holds, strict Python validation of such data accepts only what
    strict JSON validation of its text accepts, with the same value (``FastPlan.python`` says
    why); a property test compares the two. What it refuses is decided the usual way: a value
    it refuses may still be valid JSON-wise (a float field given an int too large for a float).
    """
    adapter = plan.adapter
    try:
        value = adapter.validate_python(
            raw, strict=True, extra="forbid", by_alias=False, by_name=True
        )
    except ValidationError as exc:
        return _dropped_alone(exc, plan, adapter.validate_python, raw)
    except (ValueError, TypeError, RecursionError):
        return None
    return Repaired(value=value, repairs=())


def _dropped_alone(
    refused: ValidationError, plan: FastPlan, validate: Callable[..., Any], given: object
) -> Repaired[Any] | None:
    """The walk's answer to a value whose only fault is keys its model does not declare, when
    ``plan.drops`` holds (see there why): ``given`` validated again by ``validate`` (the
    adapter's JSON or Python validation that refused it) with them ignored, and one
    ``dropped_unknown_field`` repair per key, where and in the order the walk records them.
    ``None`` for any other refusal, which the walk decides.

    A model that declares some of an API's fields is the usual case: every item of a listing
    then holds keys to drop, and walking each one costs several times the call.
    """
    if not plan.drops:
        return None
    errors = refused.errors(include_url=False, include_context=False, include_input=False)
    if any(error["type"] != "extra_forbidden" for error in errors):
        return None
    try:
        value = validate(given, strict=True, extra="ignore", by_alias=False, by_name=True)
    except (ValueError, TypeError, RecursionError):
        return None
    return Repaired(value=value, repairs=tuple(_dropped(error["loc"]) for error in errors))


#: The repairs of dropped keys made so far, by where they were dropped: a listing's pages drop
#: the same keys at the same places call after call, and a repair takes microseconds to make
#: (its texts are redacted as it is built). A repair is immutable, so one serves every
#: envelope. Bounded: emptied when full.
_DROPS: dict[tuple[int | str, ...], Repair] = {}
_MAX_DROPS = 4096


def _dropped(loc: tuple[int | str, ...]) -> Repair:
    """The walk's repair for the unknown key at ``loc`` (pydantic's location of it)."""
    try:
        return _DROPS[loc]
    except KeyError:
        pass
    made = Repair(
        kind=RepairKind.DROPPED_UNKNOWN_FIELD,
        path=".".join(str(part) for part in loc),
        detail=f"dropped {loc[-1]!r}",
    )
    if len(_DROPS) >= _MAX_DROPS:
        _DROPS.clear()
    _DROPS[loc] = made
    return made


def _plain_json(raw: object, text: bytes) -> bool:
    try:
        return bool(from_json(text) == raw)
    except Exception:  # an __eq__ that raises, or a number too long to read back
        return False


def repair_by_walk(raw: object, model: Any) -> Repaired[Any] | Rejection:
    """:func:`repair` without its fast path: walk, repair on a copy, then validate strictly.

    Every value :func:`repair` cannot prove valid as it is comes here; the property tests check
    that the fast path answers exactly as this does.
    """
    adapter = adapter_for(model)
    walk = Walk()
    try:
        fixed = walk_value(raw, model, "", walk)
    except RecursionError:
        walk.flag("", "nested too deeply to inspect")
        fixed = raw
    problems = list(walk.problems)
    value: Any = None
    try:
        value = adapter.validate_json(to_json(fixed), strict=True, by_alias=False, by_name=True)
    except ValidationError as exc:
        flagged = [path for _, path, _ in problems]
        for error in exc.errors(include_url=False):
            path = ".".join(str(part) for part in error["loc"])
            if not any(_within(path, other) for other in flagged):
                kind = "missing" if error["type"] == "missing" else "invalid"
                message = f"{error['msg']} ({short_repr(error.get('input'))})"
                problems.append((kind, path, message))
    except (ValueError, TypeError, RecursionError) as exc:
        # Not serialisable as JSON at all (an arbitrary object, a cycle, invalid UTF-8 bytes).
        # When the walk already named the offending value, that is the better message.
        if not problems:
            problems.append(("invalid", "", f"not JSON-like data ({first_line(exc)})"))
    repairs = tuple(walk.repairs)
    if not problems:
        return Repaired(value=value, repairs=repairs)
    return _rejection(problems, repairs)


# -- reporting ------------------------------------------------------------------------------


def _rejection(problems: list[tuple[str, str, str]], repairs: tuple[Repair, ...]) -> Rejection:
    seen: set[tuple[str, str]] = set()
    ordered = sorted(problems, key=lambda p: p[0] != "missing")  # missing first, stable
    missing: list[str] = []
    invalid: list[str] = []
    messages: list[str] = []
    for kind, path, message in ordered:
        if (kind, path) in seen:
            continue
        seen.add((kind, path))
        (missing if kind == "missing" else invalid).append(path)
        messages.append(message if kind == "missing" else f"{path or '<root>'!r}: {message}")
    shown = messages[:_MAX_DETAIL_ISSUES]
    if len(messages) > len(shown):
        shown.append(f"… and {len(messages) - len(shown)} more")
    detail = "; ".join(shown).replace("\n", " ").replace("\r", " ")
    return Rejection(tuple(missing), tuple(invalid), detail, repairs)


def _within(path: str, prefix: str) -> bool:
    return prefix == "" or path == prefix or path.startswith(prefix + ".")
