"""The httpx front of the classifier: :func:`classify_http` turns what httpx gave into evidence.

A response (its body read through the transport's cap if it was not read yet) or an exception
raised while sending or reading becomes one :class:`~tool_outcomes.evidence.Evidence`, which
``classify.judge`` judges. This is the one module that joins the two: ``classify`` does no I/O and
imports nothing from ``transport``; ``transport`` knows nothing of outcomes.
"""

from __future__ import annotations

from typing import Any, Unpack

import httpx

from .classify import ClassifyOptions, Options, internal_error, judge, refuse
from .envelope import Envelope
from .transport import exception_evidence, response_evidence

__all__ = ["classify_http"]


def classify_http(
    result: httpx.Response | BaseException, **options: Unpack[ClassifyOptions]
) -> Envelope[Any]:
    """Classify a response, or the exception raised while getting it, into one outcome.

    The request method matters, and is read from ``response.request`` when there is one: an
    empty 2xx body (a 204, a 205, a zero-length or ``null`` body) answering a read (GET, HEAD)
    is a verified ``empty``, answering a write (POST, PUT, PATCH, DELETE) an acknowledged
    ``success`` with no data; a ``202 Accepted`` answering a read is a transient access failure
    ("not ready yet", whatever its body), answering a write an accepted write whose body is the
    data. A response with no request is judged as the answer to a read.

    The keywords after ``result`` are :class:`~tool_outcomes.classify.ClassifyOptions`, made one
    frozen :class:`~tool_outcomes.classify.Options` for the classifier.

    Args:
        result: An ``httpx.Response`` (its body is read if it was not yet), or an exception
            raised while sending or reading (``HTTPStatusError`` is classified by its response).

    Keyword Args:
        items: Dotted path to the collection in the JSON body (``"hits.hits"``); left out, a
            bare list, ``hits.hits`` or one well-known list key is the collection.
        total: Dotted path to the source's total count (``"hits.total.value"``).
        not_found: ``"empty"`` declares that 404/410 is a confirmed absence (a lookup by id).
        result_model: The type of ``data``; when given, the data goes through shape repair
            and a rejection becomes a ``schema`` access failure.
        tool: Copied onto the envelope.
        now: Clock for an HTTP-date ``Retry-After`` when the response has no ``Date``.
        expect: What a 2xx body is by design. ``"json"`` (the default) judges it as JSON:
            an HTML page there is an access failure. ``"text"`` (rendered Markdown, a raw
            file, an upload host's ``OK``) makes a non-empty body ``success`` with the text,
            decoded by its charset, as data; ``"bytes"`` the same with the raw bytes. An empty
            body is then ``empty`` (``success`` for a write), and a body cut short ``partial``.

    Returns:
        An envelope with exactly one outcome. Never raises (an internal error becomes an
        ``execution`` access failure whose detail starts with :data:`INTERNAL_ERROR_DETAIL`).
    """
    declared = Options(**options)
    given: object = result  # typed loosely: callers without type checking pass anything
    try:
        if isinstance(given, httpx.HTTPStatusError):
            given = given.response
        if isinstance(given, BaseException):
            return judge(exception_evidence(given), declared)
        if not isinstance(given, httpx.Response):
            detail = f"classify_http needs an httpx.Response or an exception, not {type(given)}"
            return refuse(declared, detail)
        evidence = response_evidence(given)
        if evidence is None:
            return refuse(declared, "an async response must be read first: await response.aread()")
    except Exception as exc:  # last resort: the property tests show ordinary input never gets here
        return internal_error(exc, declared)
    return judge(evidence, declared)
