"""The pipeline: :func:`judge` asks the classifier's questions of one piece of evidence, in order.

1. Did the transport fail? (``_transport``: the exception is the outcome.)
2. Does the status decide? (``_status``: an error status, or a 2xx with no content.)
3. Is the body the JSON that was promised, whole? (``_body``.)
4. Does the body's own convention report a failure or a cut? (``_conventions``: one row per
   convention, in ``_rpc``, ``_search_engines``, ``_chat``, ``_rest_errors``.)
5. Is it a page of something larger? (``_collection`` finds the items, ``_pagination`` the
   evidence of more.)
6. Last, once: the data repaired into the result model, and the envelope (``_envelope``).

Only when every answer is clean is the result ``success`` or a verified ``empty``. Each step
either finishes the envelope or hands on; :func:`judge` reads as that list. It reads nothing but
the :class:`~tool_outcomes.evidence.Evidence` it is given: the fronts that turn a response or an
exception into evidence (``classify_http``, the adapter) are outside this package.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Unpack

import httpx

from tool_outcomes._text import exception_text
from tool_outcomes.envelope import Envelope, FailureCode, FailureKind, Outcome
from tool_outcomes.evidence import BodyCut, Evidence, body_bytes

from ._body import read_body
from ._conventions import asked
from ._decisions import Contact
from ._envelope import seal
from ._exchange import ClassifyOptions, Exchange, Options
from ._generation import generations_cut
from ._jobs import job_not_done
from ._pagination import declared_pages, judge_coverage
from ._rest_errors import (
    boolean_batch,
    bulk_array_errors,
    errors_beside_done,
    hue_results,
    kusto_frames,
    loqate,
    salesforce_save_results,
    status_entries,
    world_bank,
)
from ._rpc import jsonrpc_batch
from ._search_engines import graph_batch
from ._status import judge_status
from ._transport import from_exception
from ._verdicts import FailureVerdict, Unwrap, Verdict

__all__ = [
    "INTERNAL_ERROR_DETAIL",
    "HeadersLike",
    "classify_parts",
    "internal_error",
    "judge",
    "refuse",
]

#: Headers as any client holds them: ``httpx.Headers``, ``requests``' ``CaseInsensitiveDict``,
#: aiohttp's ``CIMultiDictProxy``, a plain dict, or a list of pairs.
HeadersLike = (
    httpx.Headers
    | Mapping[str, str]
    | Mapping[bytes, bytes]
    | Sequence[tuple[str, str]]
    | Sequence[tuple[bytes, bytes]]
)

_P = FailureKind.PERMANENT

#: The detail prefix of the last-resort envelope; ordinary input never produces it.
INTERNAL_ERROR_DETAIL = "classifier internal error"
#: How many envelopes deep a result is unwrapped (a JSON-RPC result that is itself JSON-RPC …).
_MAX_UNWRAP = 3


def classify_parts(
    status: int,
    headers: HeadersLike,
    body: bytes,
    *,
    cut: BodyCut | None = None,
    cut_error: BaseException | None = None,
    url: str | None = None,
    method: str | None = None,
    request_body: bytes | str | None = None,
    **options: Unpack[ClassifyOptions],
) -> Envelope[Any]:
    """Classify a response the caller read itself, possibly stopped early.

    Args:
        status: The final HTTP status.
        headers: The response headers: ``httpx.Headers``, any mapping (a ``requests``
            response's ``r.headers``, aiohttp's ``resp.headers``, a dict) or a list of pairs.
        body: The bytes read (already content-decoded).
        cut: Why the body stopped early, or ``None`` when it is complete. A JSON-lines body
            cut early is ``partial`` (its complete lines are the items); a single JSON document
            cut by the size cap is ``too_large``, by a stream error ``network``.
        cut_error: The exception that cut the stream, for the detail.
        url: The request URL (redacted onto ``target``; resolves relative next-page links).
        method: The request method (``"GET"``, ``"POST"`` …); ``None`` is judged as a read.
            See ``classify_http`` for what a write changes.
        request_body: The body the request sent (bytes, or text read as UTF-8), when the
            caller has it: a search sent as one JSON object says there which page it asked for
            (HubSpot's ``after``, Elasticsearch's ``from``). Only those members are read; no
            value is repeated.
        **options: ``items``, ``total``, ``not_found``, ``result_model``, ``tool``, ``now``,
            ``expect``: see ``classify_http``.

    Returns:
        An envelope with exactly one outcome. Never raises.
    """
    declared = Options(**options)
    if not isinstance(headers, httpx.Headers):
        try:
            headers = httpx.Headers(headers)
        except (TypeError, ValueError, AttributeError) as exc:
            detail = f"the response headers could not be read: {exception_text(exc, 300)}"
            return declared.fail(FailureCode.EXECUTION, _P, detail)
    try:
        sent = body_bytes(request_body)  # a caller's value: checked, not trusted
    except TypeError as exc:
        detail = f"request_body must be bytes, str or None, {exc}"
        return declared.fail(FailureCode.EXECUTION, _P, detail)
    evidence = Evidence.of_response(
        status,
        headers,
        body,
        cut=cut,
        cut_error=cut_error,
        method=method,
        url=url,
        request_body=sent,
    )
    return judge(evidence, declared)


def judge(evidence: Evidence, options: Options) -> Envelope[Any]:
    """The envelope the evidence of one call earns, under what the caller declared.

    Steps 1 to 5, in order; the first step that decides finishes the envelope.

    Args:
        evidence: What came back (a transport failure, or a response as read).
        options: What the caller declared about the endpoint.

    Returns:
        An envelope with exactly one outcome. Never raises (an internal error becomes an
        ``execution`` access failure whose detail starts with :data:`INTERNAL_ERROR_DETAIL`).
    """
    try:
        failure = evidence.failure
        if failure is not None:
            return from_exception(
                failure, options, evidence.url, evidence.method, evidence.request_body
            )
        ex = Exchange.of(evidence, options)
        if options.not_found not in ("failure", "empty"):
            detail = f"not_found must be 'failure' or 'empty', not {options.not_found!r}"
            return options.fail(FailureCode.EXECUTION, _P, detail, target=ex.target)
        if options.expect not in ("json", "text", "bytes"):
            detail = f"expect must be 'json', 'text' or 'bytes', not {options.expect!r}"
            return options.fail(FailureCode.EXECUTION, _P, detail, target=ex.target)
        decided = judge_status(ex)
        if decided is not None:
            return decided
        document = read_body(ex)
        if isinstance(document, Envelope):
            return document
        if isinstance(document, Contact):  # all the data there is: straight to the last step
            return seal(ex, declared_pages(ex, document))
        value, verdict, at = document.value, None, ""
        job = job_not_done(ex, value) if type(value) is dict else None
        if job is not None:  # a job or operation read before it is done (or as it ended)
            return job if isinstance(job, Envelope) else seal(ex, job)
        if value is False and ex.writes:
            # A write answered with a bare false: Deezer's writes "return true if success"
            # (https://developers.deezer.com/api/actions-post): false is the write not done.
            return ex.fail(FailureCode.UPSTREAM_ERROR, _P, "the write was answered false")
        if value == 0 and type(value) is int and _MIXPANEL_INGESTION.search(ex.url or ""):
            # Mixpanel's ingestion endpoints answer 1 when the data was taken and 0 when it was
            # not ("Invalid Data", https://developer.mixpanel.com/reference/track-event).
            return ex.fail(FailureCode.BAD_REQUEST, _P, "mixpanel: 0: the data was not taken")
        for depth in range(_MAX_UNWRAP + 1):
            if not isinstance(value, dict):  # every convention reads a JSON object, and only one
                # (but a few arrays, in the body as sent: the World Bank's refusal, an array
                # of one; Facebook's batch, of sub-responses; Hugging Face's generations;
                # a Hue bridge's success and error entries)
                one = depth == 0 and type(value) is list and len(value) == 1
                verdict = (world_bank(value) or loqate(value, ex.media_type)) if one else None
                if verdict is None and depth == 0 and type(value) is list:
                    verdict = (
                        hue_results(value)
                        or kusto_frames(value)
                        or graph_batch(value)
                        or generations_cut(value)
                        or jsonrpc_batch(value)
                        or salesforce_save_results(value)
                        or (_write_batch(value) if ex.writes else None)
                    )
                break
            # A write's answer naming what it did and, under errors, what it did not.
            verdict = errors_beside_done(value) if depth == 0 and ex.writes else None
            for convention in () if verdict is not None else asked(value, ex.media_type):
                # (the first with a verdict decides)
                verdict = convention.read(value, ex.media_type)
                if verdict is not None:
                    break
            if not isinstance(verdict, Unwrap):
                break
            if depth == _MAX_UNWRAP:  # nested deeper than any real server does: judge it as data
                verdict = None
                break
            value = verdict.body  # JSON-RPC: the result is judged as the body
            at = f"{at}.{verdict.member}" if at else verdict.member
        if isinstance(verdict, FailureVerdict):
            said = f"{verdict.dialect}: {verdict.detail}"
            if (
                verdict.code is FailureCode.NOT_FOUND
                and verdict.dialect in _LOOKUP_DIALECTS
                and options.not_found == "empty"
            ):
                # The body's own "no such thing" for the node or place looked up (GraphQL's
                # NOT_FOUND beside a null, Google Maps' NOT_FOUND for a place_id) is the
                # confirmed absence a lookup declared, as a 404 is. (Slack's *_not_found name
                # an argument of any call, a channel to post in: not this.)
                return ex.no_data(Outcome.EMPTY, said)
            return ex.fail(verdict.code, verdict.kind, said)
        judged = judge_coverage(ex, document, value, verdict, at)
        return judged if isinstance(judged, Envelope) else seal(ex, judged)
    except Exception as exc:  # last resort: the property tests show ordinary input never gets here
        return internal_error(exc, options)


_MIXPANEL_INGESTION = re.compile(
    r"^https?://api(?:-eu|-in)?\.mixpanel\.com/(?:track|engage|groups)/?(?:[?#]|$)"
)
#: Conventions whose NOT_FOUND names the thing a lookup asked for.
_LOOKUP_DIALECTS = frozenset(
    {
        "ocs",
        "graphql",
        "google_maps",
        "zuora",
        "deezer",
        "virustotal",
        "openweather",
        "moodle",
        "vk",
        "kaltura",
        "postmen",
        "wechat",
        "paapi",
        "flickr",
        "hafas",
        "snapchat",
        "open_food_facts",
        "uptimerobot",
    }
)


def refuse(options: Options, detail: str) -> Envelope[Any]:
    """The ``execution`` failure for input a front cannot turn into evidence (a caller's bug)."""
    return options.fail(FailureCode.EXECUTION, _P, detail)


def _write_batch(value: object) -> Verdict | None:
    """A write's array answer read as one result per item it wrote."""
    return bulk_array_errors(value) or boolean_batch(value) or status_entries(value)


def internal_error(exc: Exception, options: Options) -> Envelope[Any]:
    """The last-resort envelope: an ``execution`` failure naming :data:`INTERNAL_ERROR_DETAIL`."""
    detail = f"{INTERNAL_ERROR_DETAIL}: {exception_text(exc, 300)}"
    return options.fail(FailureCode.EXECUTION, _P, detail)
