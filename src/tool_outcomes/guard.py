"""What may leave a tool call: data every renderer can send, and no known secret anywhere.

The envelope's exit. The text the adapter and the retry loop put on an envelope themselves is
redacted here (:func:`clean`, :func:`exit_target`, :func:`describe_args`, :func:`sample`); the
adapter runs each attempt's envelope through :func:`scrub_for_request` and :func:`scrub_envelope`
before anything reads it (the retry loop's trace records included), and each plain function's
result through :func:`unsendable` before it becomes a success. Name-based redaction
(``token=…``) applies to the text *about* a call; the data itself is the answer and is only
cleared of values known to be secret (the request's credentials, the tool's declared
``secrets``), wherever they sit.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Iterable, Iterator
from typing import Any

import httpx
from pydantic import BaseModel
from pydantic_core import PydanticSerializationError, to_json

from ._text import clip, exception_text
from .envelope import RAW_SAMPLE_MAX_CHARS, Envelope
from .redact import (
    REDACTED,
    mask_secret_fields,
    redact_text,
    redact_url,
    request_secrets,
    secret_probes,
    secret_variants,
    unescape_json,
)
from .shapes import fast_plan

__all__ = [
    "clean",
    "describe_args",
    "exit_target",
    "sample",
    "scrub_envelope",
    "scrub_for_request",
    "unsendable",
]


def clean(text: str, secrets: Iterable[str] = ()) -> str:
    """Text about a call with credentials (and the given secrets) redacted."""
    return redact_text(text, secrets)


def exit_target(url: httpx.URL | str) -> str:
    """A request's URL as an envelope's target: its credentials redacted."""
    return redact_url(url)


def describe_args(args: BaseModel, secrets: Iterable[str], hidden: tuple[str, ...] = ()) -> str:
    """A call's arguments as a target (``name=value, …``): secret fields masked, each value
    redacted (reading a bounded prefix) and cut, the whole cut; ``hidden`` fields left out."""
    masked = mask_secret_fields(args.model_dump(exclude=set(hidden) or None))
    shown = ", ".join(
        f"{clip(str(key), 40)}={clip(redact_text(repr(value), secrets), 200)}"
        for key, value in masked.items()
    )
    return clip(shown, 200)


def sample(value: Any) -> str:
    """A value a result model rejected, as a redacted raw sample."""
    try:
        text = repr(value)
    except Exception as exc:  # a broken __repr__ is no reason to lose the rejection
        text = f"<{type(value).__name__}: repr failed: {exception_text(exc)}>"
    return redact_text(clip(text, 2 * RAW_SAMPLE_MAX_CHARS))


def scrub_for_request(
    env: Envelope[Any],
    request: httpx.Request,
    *,
    body: bytes | None = None,
    result_model: Any = None,
) -> Envelope[Any]:
    """:func:`scrub_envelope` with the credentials ``request`` carried: an upstream may echo the
    credential it refused ("invalid api key sk-…"), anywhere.

    Args:
        env: The envelope the classifier made of the response to ``request``.
        request: The request as sent.
        body: The JSON body ``env``'s data was decoded from (and validated into
            ``result_model``, if any): an echo in the data can only come from there, so the
            body is searched instead of the data being serialised (see :func:`scrub_envelope`).
        result_model: The tool's result model, ``None`` for none.
    """
    return scrub_envelope(env, request_secrets(request), body=body, result_model=result_model)


_PROBLEM_MAX_CHARS = 300


def unsendable(data: object) -> str | None:
    """Why ``data`` cannot be rendered as JSON, or ``None`` when it can.

    Args:
        data: What a tool's function returned (after shape repair).

    Returns:
        ``None`` for data pydantic serializes (models, dataclasses, sets, dates …); otherwise a
        short reason: an iterator (it would be consumed, perhaps without end), an object with no
        JSON form, a container that holds itself.
    """
    if isinstance(data, Iterator):
        return f"an iterator ({type(data).__name__}): return a list"
    try:
        to_json(data)
    except (PydanticSerializationError, ValueError, TypeError, RecursionError) as exc:
        return clip(exception_text(exc), _PROBLEM_MAX_CHARS)
    return None


def scrub_envelope(
    env: Envelope[Any],
    secrets: Iterable[str],
    *,
    body: bytes | None = None,
    result_model: Any = None,
) -> Envelope[Any]:
    """``env`` with every known secret removed from its text and its data.

    Args:
        env: An attempt's envelope.
        secrets: Values known to be secret.
        body: The JSON body the data was decoded from, when it was (the classifier's data):
            then the data is walked only when a secret is in that body, in any form
            :func:`~tool_outcomes.redact.secret_variants` names (JSON escapes undone), or in
            the result model's own text (its names and defaults): a value validated from the
            body holds no other text. Without it, the data's JSON form is searched.
        result_model: The model the data was validated into, ``None`` for none.

    Returns:
        ``env`` itself when no secret appears in it, else a copy with each occurrence (also
        percent-encoded, JSON-escaped or in base64) replaced by ``[REDACTED]``.
    """
    known = tuple(secrets)
    variants = secret_variants(known)
    if not variants:
        return env
    probes = secret_probes(known)  # whether one is there: fewer searches, the same answer
    update: dict[str, Any] = {}
    if env.target is not None:
        _changed(update, "target", env.target, _redacted(env.target, known))
    failure, coverage = env.failure, env.coverage
    if failure is not None:
        sample = failure.raw_sample
        changes: dict[str, Any] = {}
        _changed(changes, "detail", failure.detail, _redacted(failure.detail, known))
        if sample is not None:
            _changed(changes, "raw_sample", sample, _redacted(sample, known))
        if changes:
            update["failure"] = failure.model_copy(update=changes)
    if coverage is not None:
        changes = {}
        cursor = coverage.next_cursor
        if cursor is not None:
            _changed(changes, "next_cursor", cursor, _redacted(cursor, known))
        _changed(changes, "detail", coverage.detail, _redacted(coverage.detail, known))
        dropped = tuple(_redacted(d, known) for d in coverage.dropped)
        _changed(changes, "dropped", coverage.dropped, dropped)
        if changes:
            update["coverage"] = coverage.model_copy(update=changes)
    if env.repairs:
        # A page's repairs may number hundreds: only one that holds a secret is copied.
        repairs = [
            r.model_copy(
                update={"path": _replace(r.path, variants), "detail": _replace(r.detail, variants)}
            )
            if any(p in r.path or p in r.detail for p in probes)
            else r
            for r in env.repairs
        ]
        _changed(update, "repairs", env.repairs, repairs)
    if env.data is not None:
        echoed = None if body is None else _echoed_in_body(body, result_model, probes)
        if echoed is None:
            echoed = _holds_any(env.data, probes)
        if echoed:
            update["data"] = _scrub_value(env.data, variants)
    # Nothing changed: the envelope itself (a copy would be equal, and costs microseconds).
    return env.model_copy(update=update) if update else env


#: Texts up to this long are redacted once per (text, secrets) and the answer kept: a tool's
#: target and coverage detail are the same on every call, and so are its request's secrets.
_REMEMBERED_CHARS = 512


def _redacted(text: str, secrets: tuple[str, ...]) -> str:
    if len(text) > _REMEMBERED_CHARS:
        return redact_text(text, secrets)
    return _redacted_short(text, secrets)


# Keyed by the secrets as redact's own variant cache is (redact._variants): as long-lived.
@functools.lru_cache(maxsize=512)
def _redacted_short(text: str, secrets: tuple[str, ...]) -> str:
    return redact_text(text, secrets)


def _changed(update: dict[str, Any], name: str, old: object, new: object) -> None:
    if new != old:
        update[name] = new


def _holds_any(data: object, probes: tuple[str, ...]) -> bool:
    """Whether a secret appears in the data's JSON form (``probes``: :func:`secret_probes`):
    one C-speed pass, no walk."""
    try:
        text = to_json(data, fallback=repr).decode("utf-8", errors="replace")
    except (PydanticSerializationError, ValueError, TypeError, RecursionError):
        return True  # cannot tell cheaply: walk it
    return any(probe in text for probe in probes)


def _echoed_in_body(body: bytes, result_model: Any, probes: tuple[str, ...]) -> bool | None:
    """Whether a secret may be in data decoded from the JSON ``body`` (and validated into
    ``result_model``); ``None`` when the body cannot tell (search the data instead). ``probes``
    are the secrets' :func:`~tool_outcomes.redact.secret_probes`.

    Every text in such data is a string or key of the body, or of the model itself (a field's
    name, alias or default), when the model only checks text: plain JSON types, no validator
    function, no case change, no computed field (``_keeps_text``). A string of the body is a
    piece of its UTF-8 text once its JSON escapes are undone, so a secret absent from both
    texts is in no string of the data.
    """
    text = _utf8(body)
    if text is None:
        return None  # another encoding (or a byte range): the data's own text tells
    if result_model is not None:
        words = _model_text(result_model)
        if words is None:
            return None
        if any(probe in words for probe in probes):
            return True
    if any(probe in text for probe in probes):
        return True
    if "\\" in text:
        unescaped = unescape_json(text)
        return any(probe in unescaped for probe in probes)
    return False


def _utf8(body: bytes) -> str | None:
    """The body as text when it is UTF-8 JSON (the only encoding whose strings are its text)."""
    if not json.detect_encoding(body).startswith("utf-8"):
        return None
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError:
        return None


_MODEL_TEXTS: dict[Any, str | None] = {}


def _model_text(model: Any) -> str | None:
    """The text a model itself may put into a value (field names, aliases, defaults and
    literals, as its JSON Schemas spell them), or ``None`` when its values may hold text that
    is neither the input's nor that (see :attr:`~tool_outcomes.shapes.FastPlan.keeps_text`)."""
    try:
        return _MODEL_TEXTS[model]
    except KeyError:
        pass
    except TypeError:  # unhashable: not cached
        return _build_model_text(model)
    text = _build_model_text(model)
    _MODEL_TEXTS[model] = text
    return text


def _build_model_text(model: Any) -> str | None:
    try:
        plan = fast_plan(model)
        if plan is None or not plan.keeps_text:
            return None
        schemas = [plan.adapter.json_schema(by_alias=alias) for alias in (True, False)]
        return to_json(schemas).decode("utf-8")
    except Exception:  # a model whose schema cannot be written: search the data instead
        return None


def _scrub_value(value: Any, variants: tuple[str, ...]) -> Any:
    if isinstance(value, str):
        return _replace(value, variants)
    if isinstance(value, dict):
        return {_scrub_value(k, variants): _scrub_value(v, variants) for k, v in value.items()}
    if isinstance(value, list):
        return [_scrub_value(v, variants) for v in value]
    if isinstance(value, tuple):
        return tuple(_scrub_value(v, variants) for v in value)
    if isinstance(value, set | frozenset):
        return type(value)(_scrub_value(v, variants) for v in value)
    if isinstance(value, BaseModel):
        fields = type(value).model_fields
        return value.model_copy(
            update={name: _scrub_value(getattr(value, name), variants) for name in fields}
        )
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {
            f.name: _scrub_value(getattr(value, f.name), variants)
            for f in dataclasses.fields(value)
            if f.init
        }
        return dataclasses.replace(value, **changes)
    return value


def _replace(text: str, variants: tuple[str, ...]) -> str:
    for variant in variants:
        if variant in text:
            text = text.replace(variant, REDACTED)
    return text
