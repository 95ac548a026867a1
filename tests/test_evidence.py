"""Evidence: one immutable value for what came back, produced by the transport and the fronts.

A transport failure says how far the request got (its ``Stage``) and so whether it can have
reached the upstream; a response says its status, headers, the body as read and how it stopped.
The classifier judges the value alone: the same evidence gives the same envelope whichever
front produced it.
"""

from __future__ import annotations

import dataclasses
import socket
import time
from collections.abc import AsyncIterator

import httpx
import pytest

from tool_outcomes import BodyCut, Outcome, classify_http, classify_parts
from tool_outcomes.classify import Options, judge
from tool_outcomes.evidence import Evidence, Stage, TransportFailure
from tool_outcomes.transport import (
    STAGES,
    Read,
    evidence_of,
    exception_evidence,
    response_evidence,
    send_sync,
    stage_of,
)

URL = "https://api.test/items?api_key=sk-live-123"
REQUEST = httpx.Request("GET", URL)

#: Each exception, the stage it was raised at, and whether the request can have reached.
STAGE_TABLE: list[tuple[BaseException, Stage, bool]] = [
    (httpx.InvalidURL("bad"), Stage.SETUP, False),
    (httpx.UnsupportedProtocol("ftp", request=REQUEST), Stage.SETUP, False),
    (httpx.ConnectError("refused", request=REQUEST), Stage.CONNECT, False),
    (httpx.ConnectTimeout("slow", request=REQUEST), Stage.CONNECT, False),
    (httpx.PoolTimeout("busy", request=REQUEST), Stage.CONNECT, False),
    (httpx.ProxyError("proxy", request=REQUEST), Stage.CONNECT, False),
    (ConnectionRefusedError(), Stage.CONNECT, False),
    (socket.gaierror(-2, "Name or service not known"), Stage.CONNECT, False),
    (httpx.WriteError("broken pipe", request=REQUEST), Stage.SEND, True),
    (httpx.WriteTimeout("slow", request=REQUEST), Stage.SEND, True),
    (httpx.ReadError("reset", request=REQUEST), Stage.RECEIVE, True),
    (httpx.ReadTimeout("slow", request=REQUEST), Stage.RECEIVE, True),
    (httpx.RemoteProtocolError("cut", request=REQUEST), Stage.RECEIVE, True),
    (httpx.DecodingError("bad gzip", request=REQUEST), Stage.RECEIVE, True),
    (TimeoutError(), Stage.UNKNOWN, True),
    (ValueError("the tool's own bug"), Stage.UNKNOWN, True),
]


@pytest.mark.parametrize(("exc", "stage", "reached"), STAGE_TABLE)
def test_an_exception_says_how_far_the_request_got(
    exc: BaseException, stage: Stage, reached: bool
) -> None:
    evidence = exception_evidence(exc)
    assert evidence.failure == TransportFailure(exc, stage)
    assert evidence.can_have_reached is reached
    assert evidence.status is None
    assert evidence.body == b""


def test_every_httpx_transport_error_has_a_stage_of_its_own_or_an_ancestors() -> None:
    """Every concrete httpx request error is placed: none falls through to UNKNOWN."""
    errors = [
        cls
        for cls in vars(httpx).values()
        if isinstance(cls, type)
        and issubclass(cls, httpx.TransportError)
        and cls not in (httpx.TransportError, httpx.NetworkError, httpx.TimeoutException)
        and cls is not httpx.ProtocolError
    ]
    assert len(errors) >= 10
    assert {cls: stage_of(cls("x")) for cls in errors if stage_of(cls("x")) is Stage.UNKNOWN} == {}
    assert all(isinstance(stage, Stage) for stage in STAGES.values())


def test_a_response_can_always_have_reached() -> None:
    evidence = Evidence.of_response(502, {"Content-Type": "text/plain"}, b"bad gateway")
    assert evidence.failure is None
    assert evidence.can_have_reached is True


def test_evidence_is_immutable() -> None:
    evidence = Evidence.of_response(200, {}, b"[]")
    with pytest.raises(dataclasses.FrozenInstanceError):
        evidence.status = 500  # type: ignore[misc]


def test_an_exception_carries_its_requests_target_and_the_callers_method() -> None:
    evidence = exception_evidence(httpx.ReadTimeout("slow", request=REQUEST), method="POST")
    assert (evidence.url, evidence.method, evidence.url_redacted) == (URL, "POST", False)
    assert exception_evidence(ValueError("x")).url is None


def test_what_the_transport_read_becomes_response_evidence() -> None:
    client = httpx.Client(transport=httpx.MockTransport(lambda r: httpx.Response(200, json=[1, 2])))
    read = send_sync(client, REQUEST, max_body_bytes=1000, deadline_at=None, clock=time.monotonic)
    assert isinstance(read, Read)
    evidence = evidence_of(read, REQUEST)
    assert (evidence.status, evidence.body, evidence.cut) == (200, b"[1,2]", None)
    assert (evidence.method, evidence.url) == ("GET", URL)
    given = evidence_of(read, REQUEST, url="https://api.test/items")
    assert (given.url, given.url_redacted) == ("https://api.test/items", True)


def test_an_unread_async_response_gives_no_evidence() -> None:
    async def chunks() -> AsyncIterator[bytes]:
        yield b"[]"

    response = httpx.Response(200, content=chunks(), request=REQUEST)
    assert response_evidence(response) is None


@pytest.mark.parametrize(
    "evidence",
    [
        Evidence.of_response(200, {"content-type": "application/json"}, b'{"items": [1]}'),
        Evidence.of_response(429, {"retry-after": "7"}, b"slow down", method="GET", url=URL),
        Evidence.of_response(
            200, {"content-type": "application/x-ndjson"}, b"1\n2\n3", cut=BodyCut.SIZE_CAP
        ),
        Evidence.of_response(204, [("X-Trace", "1")], b"", method="DELETE", url=URL),
    ],
    ids=["json", "throttle", "cut ndjson", "write acknowledged"],
)
def test_the_fronts_and_the_judge_agree_on_the_same_evidence(evidence: Evidence) -> None:
    """classify_parts, classify_http and classify.judge give one envelope for one evidence."""
    judged = judge(evidence, Options(tool="t"))
    parts = classify_parts(
        evidence.status or 0,
        httpx.Headers(evidence.headers),
        evidence.body,
        cut=evidence.cut,
        url=evidence.url,
        method=evidence.method,
        tool="t",
    )
    assert parts == judged
    if evidence.cut is None:
        request = httpx.Request(evidence.method or "GET", evidence.url or "https://x.test/")
        response = httpx.Response(
            evidence.status or 0, headers=evidence.headers, content=evidence.body, request=request
        )
        via_http = classify_http(response, tool="t")
        if evidence.url is not None:
            assert via_http == judged
    assert judged.target in (None, "https://api.test/items?api_key=[REDACTED]")


def test_a_failure_judged_from_evidence_is_the_exceptions_outcome() -> None:
    exc = httpx.ConnectError("refused", request=REQUEST)
    env = judge(exception_evidence(exc), Options(tool="t"))
    assert env.outcome is Outcome.ACCESS_FAILURE
    assert env == classify_http(exc, tool="t")
    assert env.target == "https://api.test/items?api_key=[REDACTED]"
