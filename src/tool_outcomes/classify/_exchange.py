"""One exchange as the classifier sees it: the response, the caller's options, and the envelopes
every step builds from them.

Every step of the pipeline reads an :class:`Exchange` (status, headers, body, how the body
stopped, the request URL) and its :class:`Options` (what the caller declared: the items path,
the total path, what a 404 means, the result model), and ends, when it decides, with one of the
builders here: :meth:`Exchange.fail` for an access failure that carries the response's status,
``Retry-After`` and raw sample, :meth:`Exchange.finish` for a contact, handed to the last step
(``_envelope``) that repairs its data into the result model.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, KeysView
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from typing import Any, Literal, TypedDict, cast

import httpx

from tool_outcomes.envelope import (
    SAFE_METHODS,
    Coverage,
    Effect,
    Envelope,
    FailureCode,
    FailureKind,
    Outcome,
    Repair,
    RepairKind,
)
from tool_outcomes.evidence import BodyCut, Evidence

from ._decisions import Contact, Document, Uncounted
from ._graphql_request import writes as request_writes
from ._headers import RATE_LIMIT_RESET_MAX_S, parse_rate_limit_reset, parse_retry_after

__all__ = [
    "REFUSALS",
    "SAFE_METHODS",
    "ClassifyOptions",
    "Declared",
    "Exchange",
    "Options",
    "raw_sample",
]

_P = FailureKind.PERMANENT
_RAW_SAMPLE_READ = 2048  # bytes looked at for a raw sample; Failure keeps at most 500 chars


class Declared(TypedDict, total=False):
    """What a caller declares about an endpoint's responses, spelled once: the keywords
    ``classify_http``, ``classify_parts`` and ``tool()`` share (see ``classify_http``)."""

    items: str | None
    total: str | None
    not_found: Literal["failure", "empty"]
    expect: Literal["json", "text", "bytes"]


class ClassifyOptions(Declared, total=False):
    """The keywords of ``classify_http`` and ``classify_parts``: :class:`Declared`, the result
    model, the tool's name and the clock."""

    result_model: Any
    tool: str | None
    now: Callable[[], datetime] | None


@dataclass(frozen=True)
class Options:
    """What the caller declared about the endpoint, as one frozen value (see ``classify_http``;
    built from :class:`ClassifyOptions` by the fronts, once per tool by the adapter)."""

    items: str | None = None
    total: str | None = None
    not_found: str = "failure"
    result_model: Any = None
    tool: str | None = None
    now: Callable[[], datetime] | None = None
    expect: str = "json"
    """What a 2xx body is by design: ``"json"``, ``"text"`` or ``"bytes"``."""

    def fail(
        self,
        code: FailureCode,
        kind: FailureKind,
        detail: str,
        *,
        target: str | None = None,
        repairs: tuple[Repair, ...] = (),
        **more: Any,
    ) -> Envelope[Any]:
        """An access failure for this caller (its text redacted by the envelope's models)."""
        return Envelope[Any].failed(
            code, kind, detail, repairs=repairs, tool=self.tool, target=target, **more
        )


class _IndexedHeaders(httpx.Headers):
    """``httpx.Headers`` whose ``get`` reads an index built on first use (same answers).

    The classifier asks one response for a dozen header names; httpx scans and decodes every
    header for each. The index holds httpx's own answers: lower-case name → the values joined
    with ``", "``.
    """

    _index: dict[str, str] | None = None

    def get(self, key: str, default: Any = None) -> Any:
        if not key.isascii():  # httpx's own rules (and errors) for the rare odd name
            return super().get(key, default)
        return self._indexed().get(key.lower(), default)

    def names(self) -> KeysView[str]:
        """The headers' names, lower-cased: a step that reads several rare headers asks first
        whether any of them is there (most responses carry none)."""
        return self._indexed().keys()

    def _indexed(self) -> dict[str, str]:
        index = self._index
        if index is None:
            index = {}
            encoding = self.encoding
            for _, raw_name, raw_value in self._list:
                name, value = raw_name.decode(encoding), raw_value.decode(encoding)
                index[name] = f"{index[name]}, {value}" if name in index else value
            self._index = index
        return index

    def __setitem__(self, key: str, value: str) -> None:
        self._index = None
        super().__setitem__(key, value)

    def __delitem__(self, key: str) -> None:
        self._index = None
        super().__delitem__(key)

    def update(self, headers: Any = None) -> None:  # type: ignore[override]
        self._index = None
        super().update(headers)


@cache
def _envelope_any() -> type[Envelope[Any]]:
    """``Envelope[Any]``, parametrised on first use and then held.

    A subscript is a lookup in pydantic's cache on every call, and that cache holds a
    parametrised generic only weakly: unheld, it is rebuilt (milliseconds) after each collection.
    """
    return Envelope[Any]


@dataclass(slots=True)
class Exchange:
    """A response to classify: what came back, and what the caller declared about it.

    Made once per response and never changed after ``__post_init__``; not a frozen dataclass
    only because one is built on every call (a frozen one sets each field through
    ``object.__setattr__``, twice the cost).
    """

    status: int
    headers: httpx.Headers
    body: bytes
    options: Options
    url: str | None = None
    cut: BodyCut | None = None
    """Why the body stopped early, or ``None`` when it is complete."""
    cut_error: BaseException | None = None
    method: str | None = None
    """The request method, when known; an unknown method is taken as a read."""
    range_requested: bool | None = None
    """Whether the request carried ``Range``; ``None`` when the request is unknown."""
    request_body: bytes | None = None
    """The request's body as sent, when known (only its paging members are ever read)."""

    @classmethod
    def of(cls, evidence: Evidence, options: Options) -> Exchange:
        """The exchange a response's evidence describes."""
        return cls(
            evidence.status if evidence.status is not None else 0,
            cast("httpx.Headers", evidence.headers),  # any mapping: __post_init__ indexes it
            evidence.body,
            options,
            evidence.url,
            evidence.cut,
            evidence.cut_error,
            evidence.method,
            range_requested=evidence.range_requested,
            request_body=evidence.request_body,
        )

    def no_data(self, outcome: Outcome, detail: str) -> Envelope[Any]:
        """An answer that carries no data: ``empty`` (a verified nothing: a 204 to a read, a
        declared lookup's none) or ``success`` (a HEAD's headers, a check's "yes")."""
        return self.envelope(outcome, coverage=Coverage(returned=0, detail=detail))

    def acknowledged(
        self, why: str, *, unread: str | None = None, repairs: tuple[Repair, ...] = ()
    ) -> Envelope[Any]:
        """A write's acknowledgement that carries no data: ``success``, with nothing to match.

        A confirmed "nothing matched" is a statement about a query; a write has nothing to
        match, so an empty answer to one is the write succeeding, not an ``empty``. With
        ``unread`` (why the answer's body could not be read), the record says the write took
        effect all the same: the 2xx is the acknowledgement, whatever came with it.
        """
        detail = f"{why} acknowledging a {self.method}"
        if unread is not None:
            detail += "; the write took effect but its answer could not be read"
            dropped = Repair(kind=RepairKind.UNREAD_ANSWER, path="", detail=unread)
            repairs = (*repairs, dropped)
        coverage = Coverage(returned=0, detail=detail)
        return self.envelope(Outcome.SUCCESS, coverage=coverage, repairs=repairs)

    def effect_of(self, code: FailureCode) -> Effect:
        """Whether a failure answering this request may have changed something upstream.

        A read changes nothing. A write refused with a 4xx (or a 3xx other than 303, which
        answers a POST that was processed) was not acted on; a 2xx whose body reports a
        refusal (:data:`REFUSALS`) neither. Anything else (a 5xx, a 2xx reporting the
        upstream's own trouble, a status outside the classes) may have taken effect.
        """
        if not self.writes:
            return Effect.NONE
        status = self.status
        if 400 <= status <= 499 or (300 <= status <= 399 and status != 303):
            return Effect.NONE
        if 200 <= status <= 299 and code in REFUSALS:
            return Effect.NONE
        return Effect.UNKNOWN

    # Read by nearly every step, so worked out once, here (a cached_property takes a lock).
    writes: bool = field(init=False)
    """Whether the request was a write (POST, PUT, PATCH, DELETE …), not a safe read."""
    media_type: str = field(init=False)
    """The Content-Type without parameters, lower-case (``""`` when there is none)."""

    def __post_init__(self) -> None:
        if not isinstance(self.headers, _IndexedHeaders):
            given = self.headers
            headers = given if isinstance(given, httpx.Headers) else httpx.Headers(given)
            self.headers = _IndexedHeaders(headers, encoding=headers.encoding)
        content_type = str(self.headers.get("content-type", ""))
        self.media_type = content_type.split(";", 1)[0].strip().lower()
        self.writes = request_writes(self.method, self.request_body)  # a GraphQL query: a read

    @property
    def target(self) -> str | None:
        """The request URL, as an envelope's target (the envelope redacts its credentials)."""
        return self.url or None

    def envelope(self, outcome: Outcome, **fields: Any) -> Envelope[Any]:
        """A contact's envelope, stamped with the tool, the target and (for a write) the method."""
        envelope = _envelope_any()
        if self.writes:
            fields["method"] = self.method
        return envelope(outcome=outcome, tool=self.options.tool, target=self.target, **fields)

    def fail(self, code: FailureCode, kind: FailureKind, detail: str, **more: Any) -> Envelope[Any]:
        """An access failure carrying this response's status, wait and raw sample.

        The wait is the response's ``Retry-After``; failing that, for a throttle (code
        ``rate_limited``) only, the time until its rate-limit window resets, else the wait the
        body names (:func:`body_retry_after`). The effect is :meth:`effect_of` unless given.
        A failure is what the response says, even when it answers a write with a 2xx (a batch's
        parts each refused, a GraphQL error classed ``TIMEOUT``): that was read, and is the
        upstream's word. A body that could not be read at all is :meth:`unreadable`.
        """
        more.setdefault("effect", self.effect_of(code))
        if self.writes:
            more["method"] = self.method
        date, now = self.headers.get("date"), self.options.now
        retry_after_s = parse_retry_after(self.headers.get("retry-after"), date=date, now=now)
        if retry_after_s is None and code is FailureCode.RATE_LIMITED:
            retry_after_s = parse_rate_limit_reset(self.headers, date=date, now=now)
            if retry_after_s is None:
                retry_after_s = body_retry_after(self.body)
        extras = {
            "http_status": self.status if 100 <= self.status <= 599 else None,
            "retry_after_s": retry_after_s,
            "raw_sample": raw_sample(self.body),
            **more,
        }
        return self.options.fail(code, kind, detail, target=self.target, **extras)

    def unreadable(self, code: FailureCode, kind: FailureKind, detail: str) -> Envelope[Any]:
        """A body that could not be read as the answer: not what was promised, cut short, over
        the byte cap, or without what the tool declared it holds.

        To a read that is the failure. A 2xx answering a write acknowledged the write whatever
        came with it: ``success`` with no data, its record saying why the answer went unread
        (:meth:`acknowledged`), so that a write that took effect is not sent again.
        """
        if self.writes and 200 <= self.status <= 299:
            return self.acknowledged(f"HTTP {self.status}", unread=f"{code.value}: {detail}")
        return self.fail(code, kind, detail)

    def invalid_body(self, why: str) -> Envelope[Any]:
        """The ``invalid_body`` failure of a 2xx whose body is not the answer promised."""
        detail = f"HTTP {self.status} but {why}"
        return self.unreadable(FailureCode.INVALID_BODY, FailureKind.PERMANENT, detail)

    def invalid_json(self, problem: str) -> Envelope[Any]:
        """:meth:`invalid_body` for a body that is not JSON (``problem`` says why)."""
        return self.invalid_body(f"{problem}; content-type {self.media_type or 'missing'}")

    def finish(
        self,
        outcome: Outcome,
        data: Any,
        coverage: Coverage | Uncounted,
        repairs: tuple[Repair, ...] = (),
        body: Document | None = None,
    ) -> Contact:
        """A judged contact, handed to the last step (``_envelope.seal``) for shape repair.

        ``repairs`` are those already made while decoding; the model's own follow them.
        ``body`` is the decoded body when ``data`` is all of it.
        """
        return Contact(outcome, data, coverage, repairs, body)


#: Failure codes by which an upstream's answer says it refused the request (it did not act).
REFUSALS = frozenset(
    {
        FailureCode.BAD_REQUEST,
        FailureCode.UNAUTHORIZED,
        FailureCode.FORBIDDEN,
        FailureCode.NOT_FOUND,
        FailureCode.RATE_LIMITED,
        FailureCode.CONFLICT,
        FailureCode.INVALID_ARGUMENTS,
    }
)


def body_retry_after(body: bytes) -> float | None:
    """Seconds to wait that a throttled response's JSON body names, at most an hour.

    Discord sends ``{"retry_after": 64.57}`` (seconds) with its 429; Telegram's Bot API
    ``{"parameters": {"retry_after": 5}}`` with ``error_code: 429``. A value that is not a
    non-negative finite number names no wait.
    """
    if not body or len(body) > _BODY_WAIT_READ or b"retry_after" not in body:
        return None
    try:
        value = json.loads(body)
    except (ValueError, RecursionError):
        return None
    if not isinstance(value, dict):
        return None
    parameters = value.get("parameters")
    nested = parameters.get("retry_after") if isinstance(parameters, dict) else None
    for wait in (value.get("retry_after"), nested):
        if isinstance(wait, bool) or not isinstance(wait, int | float):
            continue
        # Capped before it becomes a float: a JSON integer of 400 digits is no float at all.
        if wait >= 0 and (isinstance(wait, int) or math.isfinite(wait)):
            return float(min(wait, RATE_LIMIT_RESET_MAX_S))
    return None


_BODY_WAIT_READ = 64 * 1024  # a throttle's body is a line of JSON; a bigger one is not read


# -- text that leaves in an envelope: the envelope's own models redact it as they are made ------


def raw_sample(body: bytes) -> str | None:
    """The start of a body as text, for a failure's ``raw_sample`` (which redacts it)."""
    if not body:
        return None
    return body[:_RAW_SAMPLE_READ].decode("utf-8", errors="replace")
