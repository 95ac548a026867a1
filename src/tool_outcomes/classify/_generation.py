"""Generation conventions: a language model's answer that says, in its own body, it was cut short.

A model API answers ``200`` whether the model finished or ran out of room. Each vendor names the
difference in the answer: Anthropic's ``stop_reason``, OpenAI's ``finish_reason`` and its
Responses API's ``status``, Gemini's ``finishReason``. An answer cut at its token limit, or
paused mid-turn, is part of an answer: ``partial``, whatever text it holds. A refusal or a content
filter is the model's own answer, and is left to the caller.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tool_outcomes.envelope import TruncatedBy

from ._verdicts import PartialVerdict, Verdict

__all__ = ["GENERATION_KEYS", "generation_cut", "generations_cut"]

#: Anthropic's stop reasons that end a message before the model finished it: the token limit,
#: a server tool's paused turn ("send the response back as-is to let Claude continue"), the
#: context window (https://platform.claude.com/docs/en/build-with-claude/handling-stop-reasons).
_ANTHROPIC_CUT = frozenset({"max_tokens", "pause_turn", "model_context_window_exceeded"})
#: The top-level members one of which a model's answer holds for a rule here to read it.
GENERATION_KEYS = frozenset(
    {
        "stop_reason", "choices", "incomplete_details", "candidates", "finish_reason",
        "completions", "stopReason", "generated_text", "generation", "inputTextTokenCount",
        "outputs",
    }
)  # fmt: skip
#: Amazon Bedrock Converse's stop reasons that end the output before the model finished
#: (https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html).
_BEDROCK_CUT = frozenset({"max_tokens", "model_context_window_exceeded"})


def generation_cut(body: object, content_type: str) -> Verdict | None:
    """A model's answer that its vendor marks as cut short, or ``None``.

    - Anthropic Messages: ``{"type": "message", "role": "assistant", "stop_reason":
      "max_tokens"}`` (or ``pause_turn``);
    - OpenAI Chat Completions and Completions: a choice's ``finish_reason: "length"``, "the
      maximum number of tokens specified in the request was reached"
      (https://platform.openai.com/docs/api-reference/chat/object);
    - OpenAI Responses: ``{"object": "response", "status": "incomplete", "incomplete_details":
      {"reason": "max_output_tokens"}}`` (https://platform.openai.com/docs/api-reference/responses/object);
    - Gemini: a candidate's ``finishReason: "MAX_TOKENS"``
      (https://ai.google.dev/api/generate-content#FinishReason);
    - Cohere's v2 chat: ``{"message": {...}, "finish_reason": "MAX_TOKENS"}``, "the reply was
      cut off because the model reached the maximum number of tokens"
      (https://docs.cohere.com/reference/chat);
    - Aleph Alpha's ``/complete``: a completion's ``finish_reason: "maximum_tokens"`` beside
      the ``model_version`` ("completion will terminate after the maximum number of tokens is
      reached", https://docs.aleph-alpha.com/api/complete/);
    - Amazon Bedrock Converse: ``{"output": {"message": {...}}, "stopReason": "max_tokens"}``
      (or ``model_context_window_exceeded``), whatever model answered;
    - Hugging Face Text Generation Inference: ``{"generated_text": ..., "details":
      {"finish_reason": "length"}}``, stopped at ``max_new_tokens``
      (https://huggingface.github.io/text-generation-inference/); its serverless inference
      answers an array of them (:func:`generations_cut`).
    """
    if not isinstance(body, dict):
        return None
    said = (
        _anthropic(body)
        or _bedrock(body)
        or _tgi(body)
        or _openai_choices(body)
        or _openai_response(body)
        or _gemini(body)
        or _cohere(body)
        or _aleph_alpha(body)
        or _bedrock_native(body)
    )
    if said is None:
        return None
    dialect, detail = said
    return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, detail, dialect)


def generations_cut(body: object) -> Verdict | None:
    """An array of Text Generation Inference answers (Hugging Face's serverless inference
    answers ``[{"generated_text": ..., "details": {...}}]``), some cut at the token limit."""
    if not isinstance(body, list) or not body:
        return None
    if not all(isinstance(one, dict) and "generated_text" in one for one in body):
        return None
    cut = sum(1 for one in body if _tgi(one) is not None)
    if not cut:
        return None
    which = "the generation" if len(body) == 1 else f"{cut} of {len(body)} generations"
    detail = f"details.finish_reason: length: {which} stopped at max_new_tokens"
    return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, detail, "tgi")


def _bedrock(body: Mapping[str, Any]) -> tuple[str, str] | None:
    reason = body.get("stopReason")
    output = body.get("output")
    if not isinstance(output, dict) or not isinstance(output.get("message"), dict):
        return None
    if isinstance(reason, str) and reason in _BEDROCK_CUT:
        return "bedrock", f"stopReason: {reason}: the output ends before the model finished"
    return None


def _tgi(body: Mapping[str, Any]) -> tuple[str, str] | None:
    details = body.get("details")
    if not isinstance(body.get("generated_text"), str) or not isinstance(details, dict):
        return None
    if details.get("finish_reason") != "length":
        return None
    return "tgi", "details.finish_reason: length: the generation stopped at max_new_tokens"


def _anthropic(body: Mapping[str, Any]) -> tuple[str, str] | None:
    reason = body.get("stop_reason")
    if body.get("type") != "message" or body.get("role") != "assistant":
        return None
    if isinstance(reason, str) and reason in _ANTHROPIC_CUT:
        return "anthropic", f"stop_reason: {reason}: the message ends before the model finished"
    return None


def _openai_choices(body: Mapping[str, Any]) -> tuple[str, str] | None:
    choices = body.get("choices")
    kind = body.get("object")
    if not isinstance(kind, str) or kind not in _COMPLETION_OBJECTS:
        return None
    if not isinstance(choices, list):
        return None
    cut = sum(1 for c in choices if isinstance(c, dict) and c.get("finish_reason") == "length")
    if not cut:
        return None
    which = "the choice" if len(choices) == 1 else f"{cut} of {len(choices)} choices"
    return "openai", f"finish_reason: length: {which} stopped at the token limit"


#: What OpenAI's completions and those that copy its shape call their answer: Together's
#: completions write ``text.completion`` (https://docs.together.ai/reference/completions-1).
_COMPLETION_OBJECTS = frozenset({"chat.completion", "text_completion", "text.completion"})


def _bedrock_native(body: Mapping[str, Any]) -> tuple[str, str] | None:
    """A model's own answer through Bedrock's InvokeModel, cut at its token limit: Meta Llama's
    ``{"generation": …, "stop_reason": "length"}``, Amazon Titan Text's ``results`` with
    ``completionReason: "LENGTH"``, Mistral's ``outputs`` with ``stop_reason: "length"``
    (https://docs.aws.amazon.com/bedrock/latest/userguide/model-parameters-meta.html,
    https://docs.aws.amazon.com/bedrock/latest/userguide/model-parameters-titan-text.html,
    https://docs.aws.amazon.com/bedrock/latest/userguide/model-parameters-mistral-text-completion.html)."""
    if isinstance(body.get("generation"), str) and body.get("stop_reason") == "length":
        return "bedrock", "stop_reason: length: the generation stopped at max_gen_len"
    results = body.get("results")
    if (
        "inputTextTokenCount" in body
        and isinstance(results, list)
        and any(isinstance(r, dict) and r.get("completionReason") == "LENGTH" for r in results)
    ):
        return "bedrock", "completionReason: LENGTH: the output stopped at maxTokenCount"
    outputs = body.get("outputs")
    texts = isinstance(outputs, list) and all(isinstance(o, dict) and "text" in o for o in outputs)
    if texts and outputs and any(o.get("stop_reason") == "length" for o in outputs):
        return "bedrock", "stop_reason: length: the output stopped at max_tokens"
    return None


def _openai_response(body: Mapping[str, Any]) -> tuple[str, str] | None:
    if body.get("object") != "response" or body.get("status") != "incomplete":
        return None
    details = body.get("incomplete_details")
    reason = details.get("reason") if isinstance(details, dict) else None
    why = f" ({reason})" if isinstance(reason, str) and reason else ""
    return "openai", f"status: incomplete{why}: the response ends before the model finished"


def _gemini(body: Mapping[str, Any]) -> tuple[str, str] | None:
    candidates = body.get("candidates")
    if not isinstance(candidates, list) or not candidates:
        return None
    cut = [c for c in candidates if isinstance(c, dict) and c.get("finishReason") == "MAX_TOKENS"]
    if not cut:
        return None
    return "gemini", "finishReason: MAX_TOKENS: the candidate stopped at the token limit"


def _cohere(body: Mapping[str, Any]) -> tuple[str, str] | None:
    if body.get("finish_reason") != "MAX_TOKENS" or not isinstance(body.get("message"), dict):
        return None
    return "cohere", "finish_reason: MAX_TOKENS: the reply stopped at the token limit"


def _aleph_alpha(body: Mapping[str, Any]) -> tuple[str, str] | None:
    completions = body.get("completions")
    if not isinstance(completions, list) or "model_version" not in body:
        return None
    cut = sum(
        1 for c in completions if isinstance(c, dict) and c.get("finish_reason") == "maximum_tokens"
    )
    if not cut:
        return None
    which = "the completion" if len(completions) == 1 else f"{cut} of {len(completions)}"
    return "aleph_alpha", f"finish_reason: maximum_tokens: {which} stopped at the token limit"
