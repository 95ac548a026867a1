"""The envelope: one closed outcome on every tool response, and the invariants that bind it.

Two questions decide the outcome class. Did the tool make contact with its source? Did it
return everything the source held? ``success`` and ``empty`` answer yes to both, ``partial``
made contact but was cut off, ``access_failure`` never made usable contact. The
:class:`Envelope` validator makes every combination that would contradict its own outcome
unconstructible, so a consumer can trust the class it branches on.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from enum import StrEnum
from typing import Annotated, Any, Generic, TypeVar

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    field_validator,
    model_validator,
)

from . import _call
from ._text import clip, escape_invisible

__all__ = [
    "DETAIL_MAX_CHARS",
    "MAX_CURSOR_CHARS",
    "RAW_SAMPLE_MAX_CHARS",
    "SAFE_METHODS",
    "Coverage",
    "Effect",
    "Envelope",
    "Failure",
    "FailureCode",
    "FailureKind",
    "Outcome",
    "Repair",
    "RepairKind",
    "RetryStop",
    "TruncatedBy",
    "is_write",
]

T = TypeVar("T")

#: The most characters of an upstream's raw reply an envelope ever keeps.
RAW_SAMPLE_MAX_CHARS = 500
#: The most characters of a free-text detail (a failure's, a coverage's, a target) an envelope
#: keeps; a longer one is cut and says so.
DETAIL_MAX_CHARS = 2000
#: The longest resume cursor kept; a longer one is not a cursor anyone can use whole.
MAX_CURSOR_CHARS = 4096
#: The most items of ``coverage.dropped`` kept, and characters of each.
_MAX_DROPPED = 50
_DROPPED_MAX_CHARS = 300


def _clip_detail(value: object) -> object:
    return clip(value, DETAIL_MAX_CHARS, say_cut=True) if isinstance(value, str) else value


#: A failure's or a coverage's detail: text over :data:`DETAIL_MAX_CHARS` is cut, and says so.
_Detail = Annotated[str, BeforeValidator(_clip_detail)]


class Outcome(StrEnum):
    """The four outcome classes. Every envelope carries exactly one."""

    SUCCESS = "success"
    """Contact, and the complete answer: use it."""
    EMPTY = "empty"
    """Contact, and a verified nothing: report a real absence, never retry."""
    PARTIAL = "partial"
    """Contact, but the answer was cut off: use what arrived, never as the whole."""
    ACCESS_FAILURE = "access_failure"
    """No usable contact: conclude nothing about the source's contents."""


class FailureKind(StrEnum):
    """Whether asking again could give a different answer."""

    TRANSIENT = "transient"
    PERMANENT = "permanent"


class FailureCode(StrEnum):
    """Why an access failed. Closed: an unknown code is a validation error."""

    TIMEOUT = "timeout"
    """The source did not answer in time (connect, read, write or pool timeout)."""
    CONNECT = "connect"
    """No connection could be made (refused, unreachable, DNS)."""
    NETWORK = "network"
    """The connection broke while sending or reading, or the body was cut short."""
    RATE_LIMITED = "rate_limited"
    """HTTP 429, or an upstream's own rate-limit error in its body."""
    SERVER_ERROR = "server_error"
    """HTTP 5xx."""
    UNAUTHORIZED = "unauthorized"
    """HTTP 401, or an upstream's own "invalid credentials" error."""
    FORBIDDEN = "forbidden"
    """HTTP 403, or a missing scope reported by the upstream."""
    NOT_FOUND = "not_found"
    """HTTP 404 or 410 on an endpoint where absence is not a confirmed empty."""
    CONFLICT = "conflict"
    """HTTP 409: the request conflicts with what the upstream holds (the thing exists already,
    a version moved on); or an idempotency key reused with another payload (the IETF draft's
    422, Stripe's ``idempotency_error``). The detail names the existing id when the body does."""
    BAD_REQUEST = "bad_request"
    """The upstream refused the request (400, 405, 413, 422, …): fix the arguments."""
    INVALID_ARGUMENTS = "invalid_arguments"
    """The tool itself refused its arguments before contacting anything (the detail names the
    fields); distinct from ``bad_request``, which an upstream said."""
    UPSTREAM_ERROR = "upstream_error"
    """A 2xx whose body reports an error (``ok: false``, JSON-RPC ``error``, problem+json)."""
    PROTOCOL = "protocol"
    """The reply was not valid HTTP, could not be decoded, or redirected without end."""
    INVALID_BODY = "invalid_body"
    """The body was not the JSON the endpoint promised (an HTML page in a 200, say)."""
    TOO_LARGE = "too_large"
    """The body exceeded the adapter's byte cap."""
    SCHEMA = "schema"
    """The result did not match its declared model, even after shape repair."""
    EXECUTION = "execution"
    """The tool's own code raised before it produced a result."""
    CIRCUIT_OPEN = "circuit_open"
    """The circuit breaker refused the call without touching the upstream."""


class Effect(StrEnum):
    """What a failed call did to the upstream: whether anything may have changed there.

    A read changes nothing, so its failures are always ``none``. A write's failure is ``none``
    when the request never left (a refused connection, DNS, a pool timeout, the breaker, the
    tool's own refusal) or the upstream answered that it did not act (a 4xx), and ``unknown``
    when it may have reached the upstream and the answer was lost or was a 5xx (a read timeout,
    a dropped connection, a cut stream).
    """

    NONE = "none"
    """Nothing was changed: asking again cannot do the write twice."""
    UNKNOWN = "unknown"
    """The write may have taken effect: check before repeating it."""


#: Methods that only read (RFC 9110 §9.2.1); every other method is taken as a write.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})


def is_write(method: str | None) -> bool:
    """Whether a request with ``method`` may change something upstream (``None``: a read)."""
    return bool(method) and str(method).upper() not in SAFE_METHODS


#: Failures that contacted nothing: their effect can only be ``none``.
_CONTACTED_NOTHING = frozenset({FailureCode.INVALID_ARGUMENTS, FailureCode.CIRCUIT_OPEN})


class RetryStop(StrEnum):
    """What stopped the retries of a transient failure, beyond the policy's own attempt count
    (which ``attempts`` shows) and longest wait (which ``retry_after_s`` shows)."""

    DEADLINE = "deadline"
    """The next wait would have passed the policy's overall deadline."""
    BUDGET = "budget"
    """The shared retry budget ran out (many calls to this upstream are failing)."""
    CIRCUIT_OPEN = "circuit_open"
    """The circuit breaker opened and refused the next attempt."""


class TruncatedBy(StrEnum):
    """The evidence that a contact returned only part of the answer."""

    TOTAL_EXCEEDS_RETURNED = "total_exceeds_returned"
    NEXT_PAGE = "next_page"
    UPSTREAM_TIMEOUT = "upstream_timeout"
    SHARD_FAILURE = "shard_failure"
    FIELD_ERRORS = "field_errors"
    STREAM_ERROR = "stream_error"
    SIZE_CAP = "size_cap"
    PARTIAL_CONTENT = "partial_content"
    UPSTREAM_FLAG = "upstream_flag"


class RepairKind(StrEnum):
    """The shape-only repairs. None of them can change what a value means."""

    COERCED_NUMBER = "coerced_number"
    WRAPPED_IN_LIST = "wrapped_in_list"
    DROPPED_UNKNOWN_FIELD = "dropped_unknown_field"
    MAPPED_ALIAS = "mapped_alias"
    UNREAD_ANSWER = "unread_answer"
    """A write's 2xx answer that could not be read as its result: dropped, while the
    acknowledgement stands (the write took effect; ``data`` is ``None``)."""


# defer_build: a model's validator is built on its first use, not when tool_outcomes is imported.
_FROZEN = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class Repair(BaseModel):
    """One shape repair applied to a result before it was validated."""

    model_config = _FROZEN

    kind: RepairKind
    path: str = Field(description="Where in the result, as a dotted path ('' for the root).")
    detail: str = Field(description="What was changed, e.g. \"'18.0' -> 18.0\".")

    @field_validator("path", "detail", mode="before")
    @classmethod
    def _cap_text(cls, value: object) -> object:
        return clip(value, _DROPPED_MAX_CHARS, say_cut=True) if isinstance(value, str) else value

    def __str__(self) -> str:
        where = self.path or "<root>"
        return f"{self.kind.value} at {where}: {self.detail}"


class Failure(BaseModel):
    """Why an access failed, and whether asking again could help."""

    model_config = _FROZEN

    code: FailureCode
    kind: FailureKind
    detail: _Detail = ""
    http_status: int | None = Field(default=None, ge=100, le=599)
    retry_after_s: float | None = Field(default=None, ge=0)
    raw_sample: str | None = Field(
        default=None,
        max_length=RAW_SAMPLE_MAX_CHARS,
        description=f"At most {RAW_SAMPLE_MAX_CHARS} characters of what actually came back.",
    )
    effect: Effect = Field(
        default=Effect.NONE,
        description="Whether the call may have changed something upstream: 'none' (nothing "
        "was changed; every read's failure) or 'unknown' (a write that may have taken effect).",
    )

    @model_validator(mode="after")
    def _nothing_contacted_changed_nothing(self) -> Failure:
        if self.effect is Effect.UNKNOWN and self.code in _CONTACTED_NOTHING:
            raise ValueError(f"a {self.code.value} failure contacted nothing: its effect is none")
        return self

    # Left out of the repr: an error message quoting a failure reads as it did before the field.
    stopped_by: RetryStop | None = Field(
        default=None,
        description="For a transient failure: what stopped further attempts, once retrying ended.",
        repr=False,
    )

    @field_validator("raw_sample", mode="before")
    @classmethod
    def _cap_raw_sample(cls, value: object) -> object:
        if isinstance(value, bytes):
            value = value.decode("utf-8", errors="replace")
        return clip(value, RAW_SAMPLE_MAX_CHARS) if isinstance(value, str) else value

    @property
    def transient(self) -> bool:
        """True when a retry could give a different answer."""
        return self.kind is FailureKind.TRANSIENT


class Coverage(BaseModel):
    """What a contact examined and returned, and, for a partial, what it dropped."""

    model_config = _FROZEN

    returned: int = Field(ge=0, description="How many items came back.")
    total: int | None = Field(
        default=None, ge=0, description="How many items the source says exist, when it says."
    )
    next_cursor: str | None = Field(
        default=None,
        max_length=MAX_CURSOR_CHARS,
        description="Where to resume: a cursor, a page token or a next URL.",
    )
    cursor_argument: str | None = Field(
        default=None,
        description="The tool's argument that takes next_cursor, when the tool declares one.",
    )
    offset: int | None = Field(
        default=None,
        ge=0,
        description="How many items of the source come before this page, when the request or "
        "the page says where it starts: read on earlier pages, not missing from this one.",
    )
    truncated_by: TruncatedBy | None = None
    dropped: tuple[str, ...] = Field(
        default=(),
        description="What the source reported as left out (error paths, failed shards, …).",
    )
    detail: _Detail = ""

    @field_validator("dropped", mode="before")
    @classmethod
    def _cap_dropped(cls, value: object) -> object:
        if not isinstance(value, list | tuple):
            return value
        kept = [clip(v, _DROPPED_MAX_CHARS) if isinstance(v, str) else v for v in value]
        if len(kept) > _MAX_DROPPED:
            kept = [*kept[: _MAX_DROPPED - 1], f"… and {len(kept) - _MAX_DROPPED + 1} more"]
        return tuple(kept)

    @model_validator(mode="after")
    def _total_not_below_returned(self) -> Coverage:
        if self.total is not None and self.total < self.returned:
            raise ValueError(
                f"coverage.total ({self.total}) is below coverage.returned ({self.returned})"
            )
        offset = self.offset
        if self.total is not None and offset is not None and offset + self.returned > self.total:
            raise ValueError(
                f"coverage.offset ({self.offset}) + returned ({self.returned}) is above "
                f"coverage.total ({self.total})"
            )
        return self

    @property
    def missing(self) -> int | None:
        """How many items the source holds that neither this page nor the earlier pages
        before its ``offset`` returned, when the total is known."""
        if self.total is None:
            return None
        return self.total - (self.offset or 0) - self.returned

    def summary(self) -> str:
        """One line, e.g. ``"3 of 10 returned (total_exceeds_returned), next cursor 'p2'"``;
        a later page says where it starts: ``"6 of 56 returned after 50 on earlier pages"``."""
        text = f"{self.returned}" + (f" of {self.total}" if self.total is not None else "")
        text += " returned"
        if self.offset:
            text += f" after {self.offset} on earlier pages"
        if self.truncated_by is not None:
            text += f" ({self.truncated_by.value})"
        if self.next_cursor is not None:
            text += f", next cursor {self.next_cursor!r}"
        if self.dropped:
            text += f", dropped: {', '.join(self.dropped)}"
        return text


class Envelope(BaseModel, Generic[T]):
    """A tool's result together with the outcome it declares.

    The invariants (checked on construction, so an envelope that breaks them cannot exist):

    * ``access_failure`` carries a ``failure`` and no ``data`` and no ``coverage``;
    * every other outcome carries no ``failure``;
    * ``partial`` carries a ``coverage`` naming its evidence (``truncated_by``);
    * ``empty`` carries no items (``coverage.returned == 0`` when given);
    * when ``data`` is a list and ``coverage`` is given, ``coverage.returned == len(data)``;
    * ``success`` never claims fewer items than the source says exist (counting, on a later
      page, the ``coverage.offset`` items before it), and never carries an empty collection
      (that is an ``empty``).
    """

    # Raw bytes (a download, expect="bytes") travel in JSON as base64, never as broken text.
    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        ser_json_bytes="base64",
        val_json_bytes="base64",
        defer_build=True,
    )

    outcome: Outcome
    data: T | None = None
    coverage: Coverage | None = None
    failure: Failure | None = None
    attempts: int = Field(default=1, ge=1, description="How many calls were made to get this.")
    repairs: list[Repair] = Field(
        default_factory=list, description="Every shape repair applied before validation."
    )
    tool: str | None = Field(default=None, description="The tool that produced this result.")
    target: str | None = Field(
        default=None, description="What was called, with credentials redacted."
    )
    authority: str | None = Field(
        default=None, description="The identity or scope the call ran under, when known."
    )
    method: str | None = Field(
        default=None,
        description="The HTTP method of a write (POST, PUT, PATCH, DELETE, …); None for a read "
        "or when unknown. The words for a write say whether it was done.",
    )
    idempotency_key: str | None = Field(
        default=None,
        description="The idempotency key every attempt of this write carried: calling again "
        "with the same key cannot do the write twice.",
    )
    idempotency_argument: str | None = Field(
        default=None,
        description="The tool's argument that takes idempotency_key, when the tool declares one.",
    )

    @field_validator("method", mode="before")
    @classmethod
    def _write_method(cls, value: object) -> object:
        if isinstance(value, str):
            return value.upper() if is_write(value) else None
        return value

    @field_validator("idempotency_key", mode="before")
    @classmethod
    def _cap_key(cls, value: object) -> object:
        return clip(value, _DROPPED_MAX_CHARS) if isinstance(value, str) else value

    # Made while a tool call runs, an envelope names that call (``_call``); else ``None``.
    call_id: str | None = Field(
        default_factory=_call.call_id,
        description="The call that produced this: the id on its trace records.",
        json_schema_extra={"default": None},
    )
    tool_call_id: str | None = Field(
        default_factory=_call.tool_call_id,
        description="The agent framework's own id for the call, when it gave one.",
        json_schema_extra={"default": None},
    )

    @field_validator("target", mode="before")
    @classmethod
    def _cap_target(cls, value: object) -> object:
        return clip(value, DETAIL_MAX_CHARS) if isinstance(value, str) else value

    @model_validator(mode="after")
    def _check_invariants(self) -> Envelope[T]:
        problems = _invariant_violations(self)
        if problems:
            raise ValueError("; ".join(problems))
        return self

    @classmethod
    def failed(
        cls,
        code: FailureCode,
        kind: FailureKind,
        detail: str = "",
        *,
        http_status: int | None = None,
        retry_after_s: float | None = None,
        raw_sample: str | None = None,
        repairs: Iterable[Repair] = (),
        tool: str | None = None,
        target: str | None = None,
        authority: str | None = None,
        attempts: int = 1,
        effect: Effect = Effect.NONE,
        method: str | None = None,
    ) -> Envelope[T]:
        """An ``access_failure``: the one way the package builds a failure envelope.

        Args:
            code: Why the access failed.
            kind: Whether asking again could help.
            detail: What happened, in words (redact upstream text before passing it).
            http_status: The final HTTP status, when there was one.
            retry_after_s: How long the upstream asked to wait, when it did.
            raw_sample: What came back; capped at :data:`RAW_SAMPLE_MAX_CHARS`.
            repairs: Shape repairs applied before the result was rejected.
            tool: The tool's name.
            target: What was called, credentials redacted.
            authority: The identity or scope the call ran under.
            attempts: How many calls were made.
            effect: Whether the call may have changed something upstream (``unknown`` only
                for a write that may have reached it).
            method: The request's method; kept only for a write.

        Returns:
            The envelope; it has a ``failure`` and no ``data`` or ``coverage``.
        """
        failure = Failure(
            code=code,
            kind=kind,
            detail=detail,
            http_status=http_status,
            retry_after_s=retry_after_s,
            raw_sample=raw_sample,
            effect=effect,
        )
        return cls(
            outcome=Outcome.ACCESS_FAILURE,
            failure=failure,
            repairs=list(repairs),
            tool=tool,
            target=target,
            authority=authority,
            attempts=attempts,
            method=method,
        )

    # -- convenience -------------------------------------------------------------------------

    @property
    def ok(self) -> bool:
        """True for ``success`` and ``empty``: a complete answer a consumer may rely on."""
        return self.outcome in (Outcome.SUCCESS, Outcome.EMPTY)

    @property
    def made_contact(self) -> bool:
        """True for every outcome except ``access_failure``."""
        return self.outcome is not Outcome.ACCESS_FAILURE

    # -- displays ----------------------------------------------------------------------------

    def __repr__(self) -> str:
        parts = [f"outcome={self.outcome.value}"]
        if self.tool is not None:
            parts.append(f"tool={self.tool!r}")
        if self.data is not None:
            parts.append(f"data={_describe(self.data)}")
        if self.coverage is not None:
            parts.append(f"coverage={self.coverage.summary()!r}")
        if self.failure is not None:
            f = self.failure
            text = f"{f.code.value}/{f.kind.value}"
            if f.http_status is not None:
                text += f" http {f.http_status}"
            if f.retry_after_s is not None:
                text += f" retry after {f.retry_after_s:g}s"
            if f.effect is Effect.UNKNOWN:
                text += " effect unknown"
            parts.append(f"failure={text!r}")
        if self.method is not None:
            parts.append(f"method={self.method}")
        if self.attempts != 1:
            parts.append(f"attempts={self.attempts}")
        if self.repairs:
            parts.append(f"repairs={len(self.repairs)}")
        return f"Envelope({', '.join(parts)})"

    __str__ = __repr__

    def _repr_html_(self) -> str:
        colour = _BADGE_COLOURS[self.outcome]
        rows: list[tuple[str, str]] = []
        if self.tool is not None:
            rows.append(("tool", self.tool))
        if self.target is not None:
            rows.append(("target", self.target))
        if self.method is not None:
            rows.append(("write", self.method))
        if self.idempotency_key is not None:
            rows.append(("idempotency key", self.idempotency_key))
        if self.coverage is not None:
            rows.append(("coverage", self.coverage.summary()))
        if self.failure is not None:
            f = self.failure
            text = f"{f.code.value} ({f.kind.value})"
            if f.http_status is not None:
                text += f", HTTP {f.http_status}"
            if f.retry_after_s is not None:
                text += f", retry after {f.retry_after_s:g} s"
            if f.effect is Effect.UNKNOWN:
                text += ", the write may have taken effect"
            if f.detail:
                text += f": {f.detail}"
            rows.append(("failure", text))
        if self.data is not None:
            rows.append(("data", _describe(self.data)))
        rows.append(("attempts", str(self.attempts)))
        for repair in self.repairs:
            rows.append(("repair", str(repair)))
        body = "".join(
            f"<tr><th style='text-align:left;padding-right:1em'>{html.escape(k)}</th>"
            f"<td style='text-align:left'>{html.escape(escape_invisible(v))}</td></tr>"
            for k, v in rows
        )
        badge = (
            f"<span style='background:{colour};color:white;border-radius:4px;"
            f"padding:2px 8px;font-family:monospace;font-weight:bold'>"
            f"{self.outcome.value}</span>"
        )
        return f"<div class='tool-outcomes-envelope'>{badge}<table>{body}</table></div>"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by its generic origin and type arguments, not by its class's name.

        ``Envelope[list[Item]]`` is a class pydantic makes on first use, named in the module
        that first wrote it: a process that never wrote it cannot find it by name. Unpickling
        parametrises the origin again (pydantic caches it), then restores the fields.
        """
        meta = type(self).__pydantic_generic_metadata__
        origin = meta["origin"] or type(self)
        return (_unpickle_envelope, (origin, meta["args"], self.__getstate__()))


def _unpickle_envelope(origin: Any, args: tuple[Any, ...], state: dict[Any, Any]) -> Any:
    cls = origin[args if len(args) > 1 else args[0]] if args else origin
    env = cls.__new__(cls)
    env.__setstate__(state)
    return env


_BADGE_COLOURS: dict[Outcome, str] = {
    Outcome.SUCCESS: "#2e7d32",
    Outcome.EMPTY: "#1565c0",
    Outcome.PARTIAL: "#ef6c00",
    Outcome.ACCESS_FAILURE: "#c62828",
}


def _invariant_violations(env: Envelope[Any]) -> list[str]:
    problems: list[str] = []
    outcome = env.outcome
    if outcome is Outcome.ACCESS_FAILURE:
        if env.failure is None:
            problems.append("access_failure needs a failure saying why")
        if env.data is not None:
            problems.append("access_failure carries no data: nothing may be concluded")
        if env.coverage is not None:
            problems.append("access_failure carries no coverage: nothing was examined")
    elif env.failure is not None:
        problems.append(f"{outcome.value} carries no failure (only access_failure does)")
    if env.failure is not None and env.failure.effect is Effect.UNKNOWN and env.method is None:
        problems.append("only a write's failure can have an unknown effect: a read changes nothing")
    if outcome is Outcome.PARTIAL:
        if env.coverage is None:
            problems.append("partial needs a coverage saying what was returned")
        elif env.coverage.truncated_by is None:
            problems.append("partial needs coverage.truncated_by: the evidence of the cut")
    if (
        env.coverage is not None
        and isinstance(env.data, list | tuple)
        and env.coverage.returned != len(env.data)
    ):
        problems.append(
            f"coverage.returned is {env.coverage.returned} but data holds {len(env.data)} items"
        )
    if outcome is Outcome.EMPTY and env.coverage is not None and env.coverage.returned != 0:
        problems.append(f"empty returned {env.coverage.returned} items, not 0")
    if outcome is Outcome.EMPTY and _item_count(env.data) not in (None, 0):
        problems.append("empty carries items in its data")
    if outcome is Outcome.SUCCESS and isinstance(env.data, list | tuple) and not env.data:
        problems.append("success carries an empty collection: that is an empty")
    if outcome is Outcome.SUCCESS and env.coverage is not None:
        missing = env.coverage.missing
        if missing is not None and missing > 0:
            before = f" after {env.coverage.offset}" if env.coverage.offset else ""
            problems.append(
                f"success claims {env.coverage.returned}{before} of {env.coverage.total} items: "
                "that is a partial"
            )
        if env.coverage.truncated_by is not None:
            problems.append("success has truncation evidence: that is a partial")
    return problems


def _item_count(data: object) -> int | None:
    if isinstance(data, list | tuple | dict | set | frozenset):
        return len(data)
    return None


def _describe(data: object) -> str:
    """A short, deterministic description of a payload for reprs."""
    if isinstance(data, list | tuple):
        return f"<{len(data)} item{'s' if len(data) != 1 else ''}>"
    if isinstance(data, BaseModel):
        return f"<{type(data).__name__}>"
    if isinstance(data, dict):
        return f"<object with {len(data)} key{'s' if len(data) != 1 else ''}>"
    if isinstance(data, str | int | float | bool):
        text = repr(data)
        return clip(text, 60)
    return f"<{type(data).__name__}>"  # never a default repr: it may hold a memory address
