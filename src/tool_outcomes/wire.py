"""Wire formats: one envelope's words, wrapped for the API that carries them back to a model.

Each renderer wraps the same text, :func:`tool_outcomes.render.to_text`: :func:`to_anthropic` (a
Messages API ``tool_result`` block), :func:`to_openai` (a Responses API ``function_call_output``
item) and :func:`to_mcp` (an MCP ``CallToolResult``). Each returns a plain ``dict``, ready to send.
Where a format carries an error flag it is set exactly for ``access_failure``; where it carries
structured content, that content is redacted exactly as the text is. :func:`envelope_output_schema`
gives the JSON Schema an MCP tool declares as its ``outputSchema``.
"""

from __future__ import annotations

from typing import Any

from pydantic import PydanticSchemaGenerationError

from ._target import TargetView
from ._text import clip, escape_invisible, escape_invisible_json, escape_surrogates_json
from .envelope import RAW_SAMPLE_MAX_CHARS, Envelope, Outcome
from .render import (
    clean_detail,
    clean_sample,
    redact_target,
    require_envelope,
    shown_target,
    to_text,
)

__all__ = ["envelope_output_schema", "to_anthropic", "to_mcp", "to_openai"]


def to_anthropic(
    env: Envelope[Any], tool_use_id: str, *, target: TargetView = "full"
) -> dict[str, Any]:
    """A Messages API ``tool_result`` content block for one envelope.

    Args:
        env: The envelope to send back to the model.
        tool_use_id: The ``id`` of the ``tool_use`` block this answers (non-empty).
        target: How much of the target the model sees (see :func:`~tool_outcomes.to_text`).

    Returns:
        ``{"type": "tool_result", "tool_use_id": …, "content": [{"type": "text", "text": …}],
        "is_error": …}``, with ``is_error`` true exactly for ``access_failure``.

    Raises:
        TypeError: if ``env`` is not an envelope or ``tool_use_id`` is not a string.
        ValueError: if ``tool_use_id`` is empty.
    """
    require_envelope(env, "to_anthropic")
    tool_use_id = _require_id(tool_use_id, "tool_use_id", "to_anthropic")
    return {
        "type": "tool_result",
        "tool_use_id": tool_use_id,
        "content": [{"type": "text", "text": to_text(env, target=target)}],
        "is_error": env.outcome is Outcome.ACCESS_FAILURE,
    }


def to_openai(env: Envelope[Any], call_id: str, *, target: TargetView = "full") -> dict[str, Any]:
    """A Responses API ``function_call_output`` input item for one envelope.

    The Responses API has no error flag on a tool output, so the words carry the class:
    ``output`` is exactly :func:`to_text`, whose first line says ``NO ANSWER`` or
    ``PARTIAL RESULT`` when the outcome is not a complete answer.

    Args:
        env: The envelope to send back to the model.
        call_id: The ``call_id`` of the ``function_call`` item this answers (non-empty).
        target: How much of the target the model sees (see :func:`~tool_outcomes.to_text`).

    Returns:
        ``{"type": "function_call_output", "call_id": …, "output": to_text(env)}``.

    Raises:
        TypeError: if ``env`` is not an envelope or ``call_id`` is not a string.
        ValueError: if ``call_id`` is empty.
    """
    require_envelope(env, "to_openai")
    call_id = _require_id(call_id, "call_id", "to_openai")
    output = to_text(env, target=target)
    return {"type": "function_call_output", "call_id": call_id, "output": output}


def to_mcp(env: Envelope[Any], *, target: TargetView = "full") -> dict[str, Any]:
    """An MCP ``CallToolResult`` for one envelope, in wire (camelCase) form.

    Args:
        env: The envelope to return from an MCP tool.
        target: How much of the target the client sees, in the text and in
            ``structuredContent`` alike (see :func:`~tool_outcomes.to_text`).

    Returns:
        ``{"content": [{"type": "text", "text": to_text(env)}], "structuredContent":
        env.model_dump(mode="json"), "isError": …}``, with ``isError`` true exactly for
        ``access_failure``. ``structuredContent`` validates against
        :func:`envelope_output_schema` for the envelope's data model. Every value (the data,
        ``coverage.next_cursor``, names) is carried exactly, invisible characters included, so
        that what the model or the upstream gave comes back equal; only a lone surrogate, which
        no JSON on a wire can carry, is written ``\\udc80``. The free text about the call
        (``target``, ``failure.detail``, ``failure.raw_sample``, ``coverage.detail``, the
        repairs) is redacted exactly as in the text and shows invisible characters (zero-width,
        bidi, tag characters) as visible escapes, as the text does.

    Raises:
        TypeError: if ``env`` is not an envelope, or its data cannot be dumped as JSON.
    """
    require_envelope(env, "to_mcp")
    env = shown_target(env, target)
    text = to_text(env)  # raises the clear TypeError first when the data is not JSON-able
    return {
        "content": [{"type": "text", "text": text}],
        "structuredContent": _structured(env),
        "isError": env.outcome is Outcome.ACCESS_FAILURE,
    }


def _structured(env: Envelope[Any]) -> dict[str, Any]:
    """The envelope as JSON, with the same redaction the text gets (defence in depth)."""
    # by_alias: the output schema names aliased fields by their alias, so must the data.
    # Values travel exactly (the data, a cursor, every name): an application passes them back,
    # and a cursor with a zero-width space in it must come back with it. JSON carries every
    # character but a lone surrogate, which is escaped as the text escapes it.
    dumped: dict[str, Any] = escape_surrogates_json(env.model_dump(mode="json", by_alias=True))
    # Free text about the call (not a value to pass back) reads as it does in the text:
    # redacted, no hidden characters.
    if env.target is not None:
        dumped["target"] = escape_invisible(redact_target(env.target))
    if env.failure is not None:
        dumped["failure"]["detail"] = escape_invisible(clean_detail(env.failure.detail))
        if env.failure.raw_sample is not None:
            sample = escape_invisible(clean_sample(env.failure.raw_sample), keep="\n\t")
            dumped["failure"]["raw_sample"] = clip(sample, RAW_SAMPLE_MAX_CHARS)
    if env.coverage is not None:
        dumped["coverage"]["detail"] = escape_invisible_json(dumped["coverage"]["detail"])
    dumped["repairs"] = escape_invisible_json(dumped["repairs"])
    return dumped


def envelope_output_schema(model: Any) -> dict[str, Any]:
    """The JSON Schema of ``Envelope[model]``, usable as an MCP tool's ``outputSchema``.

    The schema is an object schema whose ``outcome`` is a required enum; nested models stay in
    ``$defs`` with local ``#/$defs/…`` references, which the MCP client's validator resolves
    within the document.

    Args:
        model: The data type of the envelope: a pydantic model or any type pydantic can
            describe (``list[Item]``, ``dict[str, int]``, …).

    Returns:
        A fresh ``dict`` each call.

    Raises:
        TypeError: if pydantic cannot build a JSON Schema for ``Envelope[model]``.
    """
    try:
        schema = Envelope[model].model_json_schema()
    except (TypeError, PydanticSchemaGenerationError) as exc:
        raise TypeError(f"cannot build an envelope schema for {model!r}: {exc}") from exc
    if schema.get("type") != "object" or "outcome" not in schema.get("required", ()):
        raise TypeError(f"Envelope[{model!r}] did not produce an object schema with an outcome")
    return schema


def _require_id(value: object, name: str, function: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{function}() expects {name} as str, got {type(value).__name__}")
    if not value.strip():
        raise ValueError(f"{function}() needs a non-empty {name}")
    return value
