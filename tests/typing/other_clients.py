"""Type-checked by mypy (strict), never run: a user's code classifying another client's response.

``classify_parts`` takes the headers as the client holds them: a ``requests`` response's
``CaseInsensitiveDict``, aiohttp's ``CIMultiDictProxy``, a dict. pytest does not collect this file.
"""

from __future__ import annotations

from typing import Any

import requests
from pydantic import BaseModel

from tool_outcomes import Envelope, FailureCode, FailureKind, ToolFailure, classify_parts, tool
from tool_outcomes.classify import LIBRARY_RULES, LibraryRule


def classify_a_requests_response(r: requests.Response) -> Envelope[Any]:
    return classify_parts(r.status_code, r.headers, r.content, url=r.url, items="results")


def classify_plain_headers() -> Envelope[Any]:
    return classify_parts(200, {"content-type": "application/json"}, b"[]")


class Lookup(requests.RequestException):
    pass


class Query(BaseModel):
    q: str


@tool(args=Query, errors={Lookup: (FailureCode.NOT_FOUND, FailureKind.PERMANENT)})
def search(args: Query) -> requests.Response:
    if not args.q:
        raise ToolFailure("rate_limited", "transient", "slow down", retry_after_s=2.0)
    return requests.get("https://api.example.test/search", params={"q": args.q}, timeout=5)


searched: Envelope[Any] = search.classify(requests.Response())


rules: tuple[LibraryRule, ...] = LIBRARY_RULES
