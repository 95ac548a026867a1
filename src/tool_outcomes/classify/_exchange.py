"""One exchange as the classifier sees it: the response, the caller's options, and the envelopes
every step builds from them.

Every step of the pipeline reads an :class:`Exchange` (status, headers, body, how the body
stopped, the request URL) and its :class:`Options` (what the caller declared: the items path,
the total path, what a 404 means, the result model), and ends, when it decides, with one of the
builders here: :meth:`Exchange.fail` for an access failure that carries the response's status,
``Retry-After`` and raw sample, :meth:`Exchange.finish` for a contact whose data goes through
shape repair.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import Any

import httpx

from tool_outcomes.envelope import Coverage, Envelope, FailureCode, FailureKind, Outcome, Repair
from tool_outcomes.redact import redact_text, redact_url
from tool_outcomes.repair import Rejection, repair
from tool_outcomes.transport import BodyCut

from ._headers import parse_rate_limit_reset, parse_retry_after

__all__ = ["SAFE_METHODS", "Exchange", "Options", "raw_sample"]

_P = FailureKind.PERMANENT
#: Methods that only read (RFC 9110 §9.2.1): an empty answer to one is a statement about data.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
_RAW_SAMPLE_READ = 2048  # bytes looked at for a raw sample; Failure keeps at most 500 chars


@dataclass(frozen=True)
class Options:
    """What the caller declared about the endpoint (see ``classify_http``)."""

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
        """An access failure with a redacted detail, for this caller."""
        return Envelope[Any].failed(
            code, kind, redact_text(detail), repairs=repairs, tool=self.tool, target=target, **more
        )


@dataclass(frozen=True)
class Exchange:
    """A response to classify: what came back, and what the caller declared about it."""

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

    @cached_property
    def writes(self) -> bool:
        """Whether the request was a write (POST, PUT, PATCH, DELETE …), not a safe read."""
        return self.method is not None and self.method.upper() not in SAFE_METHODS

    def acknowledged(self, why: str) -> Envelope[Any]:
        """A write's acknowledgement that carries no data: ``success``, with nothing to match.

        A confirmed "nothing matched" is a statement about a query; a write has nothing to
        match, so an empty answer to one is the write succeeding, not an ``empty``.
        """
        detail = f"{why} acknowledging a {self.method}"
        return self.envelope(Outcome.SUCCESS, coverage=Coverage(returned=0, detail=detail))

    @cached_property
    def target(self) -> str | None:
        """The request URL with credentials redacted."""
        return redact_url(self.url) if self.url else None

    @cached_property
    def media_type(self) -> str:
        """The Content-Type without parameters, lower-case (``""`` when there is none)."""
        return str(self.headers.get("content-type", "")).split(";", 1)[0].strip().lower()

    def envelope(self, outcome: Outcome, **fields: Any) -> Envelope[Any]:
        """A contact's envelope, stamped with the tool and target."""
        return Envelope[Any](outcome=outcome, tool=self.options.tool, target=self.target, **fields)

    def fail(self, code: FailureCode, kind: FailureKind, detail: str, **more: Any) -> Envelope[Any]:
        """An access failure carrying this response's status, wait and raw sample.

        The wait is the response's ``Retry-After``; failing that, for a throttle (code
        ``rate_limited``) only, the time until its rate-limit window resets.
        """
        date, now = self.headers.get("date"), self.options.now
        retry_after_s = parse_retry_after(self.headers.get("retry-after"), date=date, now=now)
        if retry_after_s is None and code is FailureCode.RATE_LIMITED:
            retry_after_s = parse_rate_limit_reset(self.headers, date=date, now=now)
        extras = {
            "http_status": self.status if 100 <= self.status <= 599 else None,
            "retry_after_s": retry_after_s,
            "raw_sample": raw_sample(self.body),
            **more,
        }
        return self.options.fail(code, kind, detail, target=self.target, **extras)

    def finish(
        self, outcome: Outcome, data: Any, coverage: Coverage, repairs: tuple[Repair, ...] = ()
    ) -> Envelope[Any]:
        """A contact's envelope; with a result model, the data goes through shape repair first.

        ``repairs`` are those already made while decoding; the model's own follow them.
        """
        model = self.options.result_model
        if model is None or data is None:
            return self.envelope(outcome, data=data, coverage=coverage, repairs=repairs)
        try:
            checked = repair(data, model)
        except TypeError as exc:  # the declared model is not a type pydantic can validate
            detail = f"result_model {model!r:.80} is not a validatable type: {exc}"
            return self.options.fail(FailureCode.EXECUTION, _P, detail, target=self.target)
        if isinstance(checked, Rejection):
            return self.options.fail(
                FailureCode.SCHEMA,
                _P,
                checked.detail,
                target=self.target,
                repairs=(*repairs, *checked.repairs),
                http_status=self.status,
                raw_sample=raw_sample(self.body),
            )
        return self.envelope(
            outcome, data=checked.value, coverage=coverage, repairs=(*repairs, *checked.repairs)
        )


def raw_sample(body: bytes) -> str | None:
    """The start of a body as redacted text, for a failure's ``raw_sample``."""
    if not body:
        return None
    return redact_text(body[:_RAW_SAMPLE_READ].decode("utf-8", errors="replace"))
