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
    secret_variants,
)

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


def describe_args(args: BaseModel, secrets: Iterable[str]) -> str:
    """A call's arguments as a target (``name=value, …``): secret fields masked, each value
    redacted (reading a bounded prefix) and cut, the whole cut."""
    masked = mask_secret_fields(args.model_dump())
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


def scrub_for_request(env: Envelope[Any], request: httpx.Request) -> Envelope[Any]:
    """:func:`scrub_envelope` with the credentials ``request`` carried: an upstream may echo the
    credential it refused ("invalid api key sk-…"), anywhere."""
    return scrub_envelope(env, request_secrets(request))


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


def scrub_envelope(env: Envelope[Any], secrets: Iterable[str]) -> Envelope[Any]:
    """``env`` with every known secret removed from its text and its data.

    Args:
        env: An attempt's envelope.
        secrets: Values known to be secret.

    Returns:
        ``env`` itself when no secret appears in it, else a copy with each occurrence (also
        percent-encoded, JSON-escaped or in base64) replaced by ``[REDACTED]``.
    """
    variants = secret_variants(secrets)
    if not variants:
        return env
    update: dict[str, Any] = {}
    if env.target is not None:
        update["target"] = redact_text(env.target, secrets)
    failure, coverage = env.failure, env.coverage
    if failure is not None:
        sample = failure.raw_sample
        update["failure"] = failure.model_copy(
            update={
                "detail": redact_text(failure.detail, secrets),
                "raw_sample": None if sample is None else redact_text(sample, secrets),
            }
        )
    if coverage is not None:
        cursor = coverage.next_cursor
        update["coverage"] = coverage.model_copy(
            update={
                "next_cursor": None if cursor is None else redact_text(cursor, secrets),
                "detail": redact_text(coverage.detail, secrets),
                "dropped": tuple(redact_text(d, secrets) for d in coverage.dropped),
            }
        )
    if env.repairs:
        update["repairs"] = [
            r.model_copy(
                update={"path": _replace(r.path, variants), "detail": _replace(r.detail, variants)}
            )
            for r in env.repairs
        ]
    if env.data is not None and _holds_any(env.data, variants):
        update["data"] = _scrub_value(env.data, variants)
    return env.model_copy(update=update)


def _holds_any(data: object, variants: tuple[str, ...]) -> bool:
    """Whether any variant appears in the data's JSON form: one C-speed pass, no walk."""
    try:
        text = to_json(data, fallback=repr).decode("utf-8", errors="replace")
    except (PydanticSerializationError, ValueError, TypeError, RecursionError):
        return True  # cannot tell cheaply: walk it
    return any(variant in text for variant in variants)


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
