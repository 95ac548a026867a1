"""Shapes: walk a raw value against a declared type and fix only what is mechanical.

:func:`walk_value` follows a declared type -- pydantic models and dataclasses, plain dataclasses,
TypedDicts, lists, sets, tuples, dicts, unions, ``Annotated``, ``NotRequired``, type aliases and
``NewType`` -- down through a raw, JSON-like value. On a copy it applies the four shape repairs
:mod:`tool_outcomes.repair` allows (a numeric string for a number, a lone object for a list of
one, an unknown key dropped, an alias mapped to its field's name), records each one in a
:class:`Walk`, and flags every value it will not touch. It never decides the result: that is
:func:`tool_outcomes.repair.repair`, which validates the walked copy strictly afterwards.
"""

from __future__ import annotations

import contextlib
import dataclasses
import re
import types
import typing
from collections import abc
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, TypeVar

import typing_extensions
from pydantic import AliasChoices, AliasPath, BaseModel, TypeAdapter
from pydantic_core import to_json

from tool_outcomes._text import clip
from tool_outcomes.envelope import Repair, RepairKind

__all__ = ["FastPlan", "Walk", "adapter_for", "fast_plan", "first_line", "short_repr", "walk_value"]

# A plain decimal literal: no locale separators, no words (nan, inf), no underscores.
_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
# Beyond this many digits an int is not a measurement but an accident (and costly to build).
_MAX_INT_DIGITS = 4300
_MAX_INPUT_REPR = 40

_SEQUENCE_ORIGINS: frozenset[Any] = frozenset(
    {list, set, frozenset, abc.Sequence, abc.MutableSequence, abc.Set, abc.MutableSet}
)
_MAPPING_ORIGINS: frozenset[Any] = frozenset({dict, abc.Mapping, abc.MutableMapping})
_TRANSPARENT_ORIGINS = frozenset(
    {
        typing_extensions.Annotated,
        typing_extensions.Required,
        typing_extensions.NotRequired,
        typing_extensions.ReadOnly,
    }
)


# -- the walk ----------------------------------------------------------------------------------


class Walk:
    """What one walk found: the repairs it applied and the problems it could not fix."""

    def __init__(self) -> None:
        self.repairs: list[Repair] = []
        self.problems: list[tuple[str, str, str]] = []  # (missing|invalid, path, message)

    def fix(self, kind: RepairKind, path: str, detail: str) -> None:
        """Record one shape repair applied at ``path``."""
        self.repairs.append(Repair(kind=kind, path=path, detail=detail))

    def flag(self, path: str, message: str) -> None:
        """Record a value at ``path`` that the walk will not repair."""
        self.problems.append(("invalid", path, message))


def walk_value(value: object, declared: Any, path: str, walk: Walk) -> object:
    """Return a repaired copy of ``value`` for type ``declared``, recording into ``walk``.

    ``value`` is never mutated and a type the walk does not know is passed through untouched:
    validation decides those.

    Args:
        value: The raw value, typically JSON-like.
        declared: The type ``value`` should have.
        path: The dotted path of ``value`` within the whole result (``""`` at the root).
        walk: Where each repair applied and each problem found is recorded.

    Returns:
        The repaired copy (or ``value`` itself where nothing applied).
    """
    tp = _unwrap(declared)
    if tp is Any or tp is object or isinstance(tp, TypeVar) or not _hashable(tp):
        return value
    origin = typing.get_origin(tp)
    if origin is typing.Union or origin is types.UnionType:
        return _walk_union(value, typing.get_args(tp), path, walk)
    scalar = _SCALARS.get(tp)
    if scalar is not None:
        if value is None:
            walk.flag(path, "null where a value is required")
            return value
        return scalar(value, path, walk)
    if _field_specs(tp) is not None:
        return _walk_fields(value, tp, path, walk)
    args = typing.get_args(tp)
    if tp in _SEQUENCE_ORIGINS or origin in _SEQUENCE_ORIGINS:
        return _walk_sequence(value, args[0] if args else Any, path, walk)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _walk_sequence(value, args[0], path, walk)
    if origin is tuple and isinstance(value, list | tuple):
        items = list(value)
        for i, (item, item_tp) in enumerate(zip(items, args, strict=False)):
            items[i] = walk_value(item, item_tp, _join(path, i), walk)
        return items
    if tp in _MAPPING_ORIGINS or origin in _MAPPING_ORIGINS:
        key_tp, value_tp = args if len(args) == 2 else (Any, Any)
        return _walk_mapping(value, key_tp, value_tp, path, walk)
    return value


def _unwrap(tp: Any) -> Any:
    """Strip wrappers that do not change what shape is expected (Annotated, NotRequired, …)."""
    while True:
        if typing.get_origin(tp) in _TRANSPARENT_ORIGINS:
            tp = typing.get_args(tp)[0]
        elif isinstance(tp, typing_extensions.TypeAliasType):
            tp = tp.__value__
        elif isinstance(tp, typing.NewType):
            tp = tp.__supertype__
        else:
            return tp


def _walk_union(value: object, args: tuple[Any, ...], path: str, walk: Walk) -> object:
    arms = [arm for arm in args if arm is not type(None)]
    if value is None and len(arms) < len(args):
        return value
    if len(arms) == 1:
        return walk_value(value, arms[0], path, walk)
    # Several arms: the arm needing the fewest repairs wins, so that "42" for ``int | str``
    # stays the string it already validly is.
    best: tuple[int, object, Walk] | None = None
    for arm in arms:
        trial = Walk()
        candidate = walk_value(value, arm, path, trial)
        if trial.problems or not _validates(candidate, arm):
            continue
        if best is None or len(trial.repairs) < best[0]:
            best = (len(trial.repairs), candidate, trial)
    if best is None:
        names = " | ".join(_type_name(arm) for arm in args)
        walk.flag(path, f"matches none of {names} ({short_repr(value)})")
        return value
    walk.repairs.extend(best[2].repairs)
    return best[1]


def _walk_sequence(value: object, item_tp: Any, path: str, walk: Walk) -> object:
    if value is None:
        walk.flag(path, "null where a list is required")
        return value
    if isinstance(value, Mapping) and _accepts_mapping(item_tp):
        walk.fix(RepairKind.WRAPPED_IN_LIST, path, "lone object -> list of one")
        value = [value]
    if isinstance(value, list | tuple):
        return [walk_value(item, item_tp, _join(path, i), walk) for i, item in enumerate(value)]
    return value


def _walk_mapping(value: object, key_tp: Any, value_tp: Any, path: str, walk: Walk) -> object:
    if value is None:
        walk.flag(path, "null where an object is required")
        return value
    if isinstance(value, Mapping):
        if _unwrap(key_tp) is str:
            # JSON would silently turn a key such as (2, 3) into the text "2,3".
            for key in value:
                if not isinstance(key, str):
                    walk.flag(_join(path, key), f"key {short_repr(key)} is not text")
        return {
            key: walk_value(item, value_tp, _join(path, key), walk) for key, item in value.items()
        }
    return value


# -- records: models, dataclasses, TypedDicts ----------------------------------------------------


@dataclass(frozen=True)
class _FieldSpec:
    name: str
    annotation: Any
    required: bool
    keys: tuple[str | tuple[str | int, ...], ...]  # the name first, then aliases (paths as tuples)


@dataclass(frozen=True)
class _RecordSpec:
    fields: tuple[_FieldSpec, ...]
    keeps_extra: bool


def _walk_fields(value: object, tp: Any, path: str, walk: Walk) -> object:
    spec = _field_specs(tp)
    assert spec is not None  # checked by the caller
    if value is None:
        walk.flag(path, "null where an object is required")
        return value
    if not isinstance(value, Mapping):
        return value  # an instance, or the wrong container: validation decides
    out: dict[Any, object] = {}
    used: set[object] = set()
    for field in spec.fields:
        where = _join(path, field.name)
        found = _lookup(value, field.keys)
        # Only keys that supplied a value are consumed; an AliasPath that did not resolve
        # leaves its top-level key to be dropped (and recorded) like any other unknown key.
        used.update(top for _, top, _ in found)
        if not found:
            if field.required:
                walk.problems.append(("missing", where, f"missing required field {where!r}"))
            continue
        labels = [label for label, _, _ in found]
        if any(item != found[0][2] for _, _, item in found[1:]):
            walk.flag(where, f"given more than once with different values ({', '.join(labels)})")
        for label in labels:
            if label != field.name:
                walk.fix(RepairKind.MAPPED_ALIAS, where, f"{label!r} -> {field.name!r}")
        out[field.name] = walk_value(found[0][2], field.annotation, where, walk)
    for key, item in value.items():
        if key in used:
            continue
        if spec.keeps_extra:
            out[key] = item
        else:
            walk.fix(RepairKind.DROPPED_UNKNOWN_FIELD, _join(path, key), f"dropped {key!r}")
    return out


def _lookup(
    value: Mapping[Any, object], keys: tuple[str | tuple[str | int, ...], ...]
) -> list[tuple[str, object, object]]:
    """Every (label, top-level key, value) found in ``value`` under one of ``keys``."""
    found: list[tuple[str, object, object]] = []
    for key in keys:
        if isinstance(key, str):
            if key in value:
                found.append((key, key, value[key]))
            continue
        current: object = value
        for step in key:
            current = _follow(current, step)
            if current is _NOT_FOUND:
                break
        else:
            found.append((".".join(str(step) for step in key), key[0], current))
    return found


_NOT_FOUND = object()


def _follow(current: object, step: str | int) -> object:
    """One step of an ``AliasPath``: a key of an object or an index into a list."""
    if isinstance(current, Mapping) and isinstance(step, str):
        return current.get(step, _NOT_FOUND)
    if isinstance(current, list) and isinstance(step, int) and -len(current) <= step < len(current):
        return current[step]
    return _NOT_FOUND


_SPEC_CACHE: dict[Any, _RecordSpec | None] = {}


def _field_specs(tp: Any) -> _RecordSpec | None:
    """The declared fields of a model, dataclass or TypedDict; ``None`` for other types."""
    try:
        return _SPEC_CACHE[tp]
    except KeyError:
        spec = _build_spec(tp)
        _SPEC_CACHE[tp] = spec
        return spec
    except TypeError:  # unhashable type: not cacheable, still usable
        return _build_spec(tp)


def _build_spec(tp: Any) -> _RecordSpec | None:
    if not isinstance(tp, type):
        return None
    pydantic_fields = getattr(tp, "__pydantic_fields__", None)
    if issubclass(tp, BaseModel) or (
        dataclasses.is_dataclass(tp) and isinstance(pydantic_fields, dict)
    ):
        config = getattr(tp, "model_config", None) or getattr(tp, "__pydantic_config__", {})
        fields = tuple(
            _FieldSpec(name, info.annotation, info.is_required(), _keys(name, info))
            for name, info in (pydantic_fields or {}).items()
        )
        return _RecordSpec(fields, keeps_extra=config.get("extra") == "allow")
    try:
        hints = typing.get_type_hints(tp, include_extras=True)
    except (NameError, TypeError):
        return None  # unresolvable annotations: leave the value to validation
    if dataclasses.is_dataclass(tp):
        fields = tuple(
            _FieldSpec(
                f.name,
                hints.get(f.name, Any),
                f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
                (f.name,),
            )
            for f in dataclasses.fields(tp)
            if f.init
        )
        return _RecordSpec(fields, keeps_extra=False)
    if typing_extensions.is_typeddict(tp):
        required = getattr(tp, "__required_keys__", frozenset(hints))
        fields = tuple(
            _FieldSpec(name, hint, name in required, (name,)) for name, hint in hints.items()
        )
        return _RecordSpec(fields, keeps_extra=False)
    return None


def _keys(name: str, info: Any) -> tuple[str | tuple[str | int, ...], ...]:
    """The field's name followed by every alias it may arrive under."""
    alias = info.validation_alias if info.validation_alias is not None else info.alias
    choices = alias.choices if isinstance(alias, AliasChoices) else [alias]
    keys: list[str | tuple[str | int, ...]] = [name]
    for choice in choices:
        key = tuple(choice.path) if isinstance(choice, AliasPath) else choice
        if key is not None and key not in keys:
            keys.append(key)
    return tuple(keys)


def _accepts_mapping(tp: Any) -> bool:
    """Whether an object (dict) is a plausible item of ``tp``, so wrapping it is shape-only."""
    tp = _unwrap(tp)
    if not _hashable(tp):
        return False
    if tp is Any or tp is object or isinstance(tp, TypeVar) or _field_specs(tp) is not None:
        return True
    origin = typing.get_origin(tp)
    if origin is typing.Union or origin is types.UnionType:
        return any(_accepts_mapping(arm) for arm in typing.get_args(tp))
    return tp in _MAPPING_ORIGINS or origin in _MAPPING_ORIGINS


# -- scalars -----------------------------------------------------------------------------------


def _walk_bool(value: object, path: str, walk: Walk) -> object:
    if not isinstance(value, bool):
        walk.flag(path, f"not a boolean ({short_repr(value)}); booleans are never coerced")
    return value


def _walk_str(value: object, path: str, walk: Walk) -> object:
    if isinstance(value, int | float) and not isinstance(value, bool):
        walk.flag(path, f"a number where text is declared ({value!r}); not converted")
    elif not isinstance(value, str):
        walk.flag(path, f"not text ({short_repr(value)})")
    return value


def _walk_int(value: object, path: str, walk: Walk) -> object:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        walk.flag(path, f"not an integer ({short_repr(value)})")
        return value
    if isinstance(value, int):
        return value
    number = _parse_number(value, path, walk)
    if number is None:
        return value
    if number.adjusted() >= _MAX_INT_DIGITS:
        walk.flag(path, f"out of range for an integer ({short_repr(value)})")
        return value
    if number != number.to_integral_value():
        walk.flag(path, f"not a whole number ({short_repr(value)}); rounding would change it")
        return value
    result = int(number)
    walk.fix(RepairKind.COERCED_NUMBER, path, f"{value!r} -> {result!r}")
    return result


def _walk_float(value: object, path: str, walk: Walk) -> object:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        walk.flag(path, f"not a number ({short_repr(value)})")
        return value
    if isinstance(value, int):
        return value
    number = _parse_number(value, path, walk)
    if number is None or isinstance(value, float):
        return value
    result = float(number)
    if result in (float("inf"), float("-inf")) or (result == 0 and number != 0):
        walk.flag(path, f"out of range for a float ({short_repr(value)})")
        return value
    walk.fix(RepairKind.COERCED_NUMBER, path, f"{value!r} -> {result!r}")
    return result


def _walk_decimal(value: object, path: str, walk: Walk) -> object:
    if isinstance(value, bool) or not isinstance(value, int | float | str | Decimal):
        walk.flag(path, f"not a number ({short_repr(value)})")
        return value
    if isinstance(value, int | Decimal):
        return value
    number = _parse_number(value, path, walk)
    if number is None or isinstance(value, float) or value == value.strip():
        return value  # a plain numeric string is already a Decimal's JSON form
    walk.fix(RepairKind.COERCED_NUMBER, path, f"{value!r} -> {value.strip()!r}")
    return value.strip()


def _parse_number(value: str | float, path: str, walk: Walk) -> Decimal | None:
    """A finite number from a float or a plain decimal string; flags and returns None if not."""
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            walk.flag(path, f"not a finite number ({value!r})")
            return None
        return Decimal(value)
    if not _NUMBER.fullmatch(value.strip()):
        walk.flag(path, f"not a number ({short_repr(value)})")
        return None
    return Decimal(value.strip())


_SCALARS: dict[Any, Callable[[object, str, Walk], object]] = {
    bool: _walk_bool,
    str: _walk_str,
    int: _walk_int,
    float: _walk_float,
    Decimal: _walk_decimal,
}

# -- strict validation (to choose a union's arm, and for repair's final check) ----------------

_ADAPTERS: dict[Any, TypeAdapter[Any]] = {}


def adapter_for(model: Any) -> TypeAdapter[Any]:
    """A cached ``TypeAdapter`` for ``model``; ``TypeError`` if pydantic cannot validate it.

    Args:
        model: Any type pydantic's ``TypeAdapter`` accepts.

    Returns:
        The adapter, cached when ``model`` is hashable.

    Raises:
        TypeError: if ``model`` is not a type pydantic can validate, or not fully defined.
    """
    try:
        return _ADAPTERS[model]
    except (KeyError, TypeError):
        pass
    try:
        adapter: TypeAdapter[Any] = TypeAdapter(model)
        # A model that defers its build (defer_build) gives a deferred adapter: build it now,
        # so that only a model with unresolved forward references stays incomplete.
        complete = adapter.pydantic_complete or bool(_built(adapter))
    except Exception as exc:  # pydantic raises several unrelated classes for "not a type"
        raise TypeError(
            f"repair: {model!r} is not a type pydantic can validate: {first_line(exc)}"
        ) from exc
    if not complete:
        raise TypeError(
            f"repair: {model!r} is not a type pydantic can validate: not fully defined "
            "(unresolved forward references)"
        )
    # An unhashable model (Annotated with unhashable metadata) is simply not cached.
    with contextlib.suppress(TypeError):
        _ADAPTERS[model] = adapter
    return adapter


# -- the fast path: when strict validation alone proves the walk would find nothing ------------


@dataclass(frozen=True)
class FastPlan:
    """How :func:`tool_outcomes.repair.repair` may skip the walk for a model.

    A value that validates strictly, with unknown keys forbidden and fields found by name only,
    is one the walk would leave untouched (no repair, no problem) -- provided the model's
    validation is pure checking: no validator that reshapes the input first, no ``Decimal``
    (whose strict form accepts padded text the walk records), no alias that is also another
    field's key. :func:`fast_plan` decides that once per model, from pydantic's core schema.
    """

    adapter: TypeAdapter[Any]
    recursive: bool
    """The model refers to itself: the walk's depth, and so its recursion limit, follows the
    data's, so only shallow values take the fast path."""
    choosy: bool
    """A union of several arms somewhere: the value comes from plain strict validation, which
    is free to pick an arm the forbidding check refused (the walk's choice is validated so)."""
    depth: int | None = None
    """The deepest JSON nesting a valid value can have (``[{...}]`` is 2), or ``None`` when the
    model holds values of any depth (``Any``, a bare ``list`` or ``dict``, recursion)."""
    python: bool = False
    """The model is made of plain JSON types only (see :data:`_PYTHON_SCHEMAS`): a value a JSON
    decoder returned, every number in it finite, validates in strict Python mode as its text
    validates in strict JSON mode, so it need not be serialised to be checked."""
    keeps_text: bool = False
    """Every text in a valid value is text of the input or of the model itself (a field's
    name, alias or default, a literal): :attr:`python` holds, and no case change
    (``str_to_lower``, ``to_upper``), no computed field, no ``model_post_init``."""
    drops: bool = False
    """Unknown keys are the only repair where strict validation refuses nothing else: its
    ``extra_forbidden`` errors name exactly the keys the walk drops, in the walk's order (each
    model's fields in turn, then its unknown keys as given), and validating with them ignored
    gives the walk's value. It holds with no model that keeps extra keys, no field found under
    an alias (the check knows fields by name only, where the walk maps an alias), no TypedDict
    or dataclass, no recursion and no union of several arms."""


_PLANS: dict[Any, FastPlan | None] = {}

#: Schema types whose validation only checks (or converts text to a value the walk never sees).
_LEAF_SCHEMAS = frozenset(
    {
        "any",
        "none",
        "bool",
        "int",
        "float",
        "str",
        "bytes",
        "literal",
        "enum",
        "date",
        "time",
        "datetime",
        "timedelta",
        "uuid",
        "url",
        "multi-host-url",
    }
)
#: Schema types whose values are a JSON array or object: one level of nesting each.
_NESTING_SCHEMAS = frozenset(
    {"list", "set", "frozenset", "tuple", "dict", "model", "typed-dict", "dataclass"}
)
#: Schema types under which strict Python validation of decoded JSON (dicts, lists, text,
#: finite numbers, booleans, null) accepts what strict JSON validation of its text accepts, and
#: gives the same value: no type whose Python form differs from its JSON form (an enum, a date,
#: bytes, a tuple, a set, a dataclass: strict Python mode wants the instance), no validator
#: function (it may read ``info.mode``), no recursion (the walk's depth decides there), and no
#: union of two or more arms (smart mode ranks a dict as an exact ``dict`` but a lax model in
#: Python, and the other way round in JSON, so it may pick another arm).
_PYTHON_SCHEMAS = frozenset(
    {
        "any",
        "none",
        "bool",
        "int",
        "float",
        "str",
        "literal",
        "list",
        "dict",
        "nullable",
        "default",
        "union",
        "model",
        "model-field",
        "typed-dict",
        "typed-dict-field",
    }
)
#: The types of a literal's values that read the same from JSON and from Python.
_PLAIN_LITERALS = (str, int, bool, type(None))
#: Schema types that only contain others, under the given keys.
_CONTAINER_SCHEMAS: dict[str, tuple[str, ...]] = {
    "list": ("items_schema",),
    "set": ("items_schema",),
    "frozenset": ("items_schema",),
    "tuple": ("items_schema",),
    "dict": ("keys_schema", "values_schema"),
    "nullable": ("schema",),
    "default": ("schema",),
    "function-after": ("schema",),
    "model-field": ("schema",),
    "typed-dict-field": ("schema",),
    "dataclass-field": ("schema",),
}


def fast_plan(model: Any) -> FastPlan | None:
    """The fast-path plan for ``model``, or ``None`` when every value must be walked.

    Args:
        model: A type :func:`adapter_for` accepts.

    Returns:
        The plan (cached when ``model`` is hashable), or ``None``.

    Raises:
        TypeError: as :func:`adapter_for`.
    """
    try:
        return _PLANS[model]
    except (KeyError, TypeError):
        pass
    adapter = adapter_for(model)
    scan = _SchemaScan()
    plan: FastPlan | None = None
    if scan.accepts(adapter.core_schema):
        depth = None if scan.unbounded else scan.max_depth
        python = scan.python and not scan.recursive and not scan.choosy
        plan = FastPlan(
            adapter,
            recursive=scan.recursive,
            choosy=scan.choosy,
            depth=depth,
            python=python,
            keeps_text=python and scan.keeps_text,
            drops=scan.drops and not scan.recursive and not scan.choosy,
        )
    with contextlib.suppress(TypeError):
        _PLANS[model] = plan
    return plan


class _SchemaScan:
    """One pass over a core schema: does strict validation of it only check, never reshape?"""

    def __init__(self) -> None:
        self.recursive = False
        self.choosy = False
        self.unbounded = False  # a value of any depth fits somewhere (Any, bare list, recursion)
        self.max_depth = 0  # the deepest JSON nesting met, when bounded
        self.python = True  # every schema met is one of _PYTHON_SCHEMAS
        self.keeps_text = True  # no schema met changes the input's text or adds its own
        self.drops = True  # unknown keys are told apart by name alone (FastPlan.drops)
        self._depth = 0

    def accepts(self, schema: Any) -> bool:
        if not isinstance(schema, dict):
            return False
        kind = schema.get("type")
        if kind not in _PYTHON_SCHEMAS or (
            kind == "literal"
            and not all(type(value) in _PLAIN_LITERALS for value in schema.get("expected", ()))
        ):
            self.python = False
        if schema.get("to_lower") or schema.get("to_upper"):
            self.keeps_text = False
        if kind in _NESTING_SCHEMAS:  # one level of JSON array or object
            self._depth += 1
            self.max_depth = max(self.max_depth, self._depth)
            try:
                return self._accepts_kind(schema, kind)
            finally:
                self._depth -= 1
        return self._accepts_kind(schema, kind)

    def _accepts_kind(self, schema: dict[str, Any], kind: Any) -> bool:
        if kind == "any":
            self.unbounded = True
        if kind in _LEAF_SCHEMAS:
            return True
        if kind in _CONTAINER_SCHEMAS:
            return all(self._accepts_at(schema.get(key)) for key in _CONTAINER_SCHEMAS[kind])
        if kind == "definitions":
            self.recursive = self.unbounded = True
            return self.accepts(schema["schema"]) and all(
                self.accepts(d) for d in schema["definitions"]
            )
        if kind == "definition-ref":
            self.recursive = self.unbounded = True
            return True
        if kind in ("union", "tagged-union"):
            choices = schema["choices"]
            arms = [c[0] if isinstance(c, tuple) else c for c in _values(choices)]
            self.choosy = self.choosy or sum(a.get("type") != "none" for a in arms) > 1
            return all(self.accepts(arm) for arm in arms)
        if kind in ("model", "typed-dict", "dataclass"):
            return self._accepts_record(schema)
        return False  # validators that reshape input, Decimal, lax-or-strict, custom types, …

    def _accepts_at(self, child: Any) -> bool:
        if child is None:  # an optional key that is absent (a bare ``list``): anything fits
            self.unbounded = True
            return True
        if isinstance(child, list):  # a tuple's positions
            return all(self.accepts(c) for c in child)
        return self.accepts(child)

    def _accepts_record(self, schema: dict[str, Any]) -> bool:
        if schema.get("root_model") or schema.get("custom_init"):
            return False
        config = schema.get("config") or {}
        if config.get("coerce_numbers_to_str"):
            return False
        inner = schema if schema["type"] == "typed-dict" else schema.get("schema", {})
        if (
            config.get("str_to_lower")
            or config.get("str_to_upper")
            or schema.get("post_init")
            or inner.get("computed_fields")
        ):
            self.keeps_text = False
        fields = inner.get("fields")
        if inner.get("type") == "dataclass-args" and isinstance(fields, list):
            if any(not f.get("init", True) or f.get("init_only") for f in fields):
                return False
            named = {f["name"]: f for f in fields}
        elif inner.get("type") in ("model-fields", "typed-dict") and isinstance(fields, dict):
            named = fields
        else:
            return False
        spec = _field_specs(schema.get("cls"))
        if spec is not None and not (_agrees(spec, named) and _keys_are_unambiguous(spec)):
            return False
        if (
            schema["type"] != "model"
            or spec is None
            or spec.keeps_extra
            or any(len(field.keys) > 1 for field in spec.fields)
        ):
            self.drops = False
        return all(self.accepts(child) for child in named.values())


def _agrees(spec: _RecordSpec, fields: Mapping[str, Any]) -> bool:
    """The walk reads the same fields, required the same way, as pydantic validates."""
    required = {name for name, field in fields.items() if _required(field)}
    return {f.name for f in spec.fields} == set(fields) and required == {
        f.name for f in spec.fields if f.required
    }


def _required(field: Mapping[str, Any]) -> bool:
    if "required" in field:  # a TypedDict's field says so itself
        return bool(field["required"])
    return bool(field.get("schema", {}).get("type") != "default")


def _values(choices: Any) -> list[Any]:
    return list(choices.values()) if isinstance(choices, dict) else list(choices)


def _keys_are_unambiguous(spec: _RecordSpec) -> bool:
    """No key a field may arrive under is also another field's key (or its own alias path)."""
    names = {field.name for field in spec.fields}
    seen: set[str | int] = set()
    for field in spec.fields:
        for key in field.keys[1:]:
            top = key if isinstance(key, str) else key[0]
            if top in names or top in seen:
                return False
            seen.add(top)
    return True


def _built(adapter: TypeAdapter[Any]) -> bool:
    try:
        adapter.rebuild()
    except Exception:  # unresolvable annotations: reported as not fully defined
        return False
    return adapter.pydantic_complete


def _validates(value: object, model: Any) -> bool:
    try:
        adapter_for(model).validate_json(to_json(value), strict=True, by_alias=False, by_name=True)
    except (ValueError, TypeError, RecursionError):
        return False
    return True


def _hashable(tp: Any) -> bool:
    try:
        hash(tp)
    except TypeError:
        return False
    return True


def _join(path: str, key: object) -> str:
    return f"{path}.{key}" if path else str(key)


def short_repr(value: object) -> str:
    """``repr(value)`` cut to a readable length; never raises, even for a hostile ``__repr__``."""
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not turn a rejection into a crash
        text = f"<{type(value).__name__}>"
    return clip(text, _MAX_INPUT_REPR)


def first_line(exc: BaseException) -> str:
    """The first line of an exception's message (or its class name), at most 120 characters."""
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0][:120]


def _type_name(tp: Any) -> str:
    return getattr(tp, "__name__", None) or repr(tp)
