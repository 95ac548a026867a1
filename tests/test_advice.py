"""Every failure code's advice, reviewed code by code: what it most likely is, and what helps."""

from __future__ import annotations

from typing import Any

import pytest

from tool_outcomes import Envelope, Failure, FailureCode, FailureKind, Outcome, to_text
from tool_outcomes.render import PERMANENT_ADVICE, WORDING, Line

C = FailureCode
ARGUMENTS_CANNOT_HELP = "Neither retrying nor changing the arguments"
SAME_CALL_REFUSED = "Do not retry with the same arguments."

# For each code, as a permanent failure: a phrase naming its likely cause or remedy, and whether
# the arguments may be at fault (so changed arguments may help) or cannot be.
PERMANENT: dict[FailureCode, tuple[str, bool]] = {
    C.TIMEOUT: ("This failure is permanent", True),
    C.CONNECT: ("This failure is permanent", True),
    C.NETWORK: ("This failure is permanent", True),
    C.RATE_LIMITED: ("This failure is permanent", True),
    C.SERVER_ERROR: ("This failure is permanent", True),
    C.UNAUTHORIZED: ("credentials (missing, expired or revoked)", False),
    C.FORBIDDEN: ("may not read this", True),
    C.NOT_FOUND: ("name something that exists", True),
    C.CONFLICT: ("conflicts with what the source holds already", True),
    C.BAD_REQUEST: ("The source refused the request as invalid", True),
    C.INVALID_ARGUMENTS: ("Fix exactly those and call again", True),
    C.UPSTREAM_ERROR: ("This failure is permanent", True),
    C.PROTOCOL: ("This failure is permanent", True),
    C.INVALID_BODY: ("not the data this tool reads", False),
    C.TOO_LARGE: ("ask for less", True),
    C.SCHEMA: ("did not match the declared result model", True),
    C.EXECUTION: ("This failure is permanent", True),
    C.CIRCUIT_OPEN: ("being shed (circuit open)", True),
}


def failure_text(code: FailureCode, kind: FailureKind, **fields: Any) -> str:
    failure = Failure(code=code, kind=kind, detail="what happened", **fields)
    return to_text(Envelope[Any](outcome=Outcome.ACCESS_FAILURE, failure=failure))


def test_every_code_is_reviewed() -> None:
    """A new failure code cannot land without its advice being decided here."""
    assert set(PERMANENT) == set(FailureCode)
    assert set(PERMANENT_ADVICE) <= set(FailureCode)
    for line in PERMANENT_ADVICE.values():
        assert line in WORDING[Outcome.ACCESS_FAILURE]


@pytest.mark.parametrize("code", FailureCode)
def test_each_permanent_failure_says_what_will_and_will_not_help(code: FailureCode) -> None:
    """Its own advice, and a refusal in the voice its cause calls for."""
    phrase, arguments_may_help = PERMANENT[code]
    text = failure_text(code, FailureKind.PERMANENT)
    assert phrase in text
    if code is C.CIRCUIT_OPEN:
        return  # shed, not refused: it says when to come back
    assert (SAME_CALL_REFUSED in text) is arguments_may_help
    assert (ARGUMENTS_CANNOT_HELP in text) is not arguments_may_help


def test_invalid_arguments_quote_the_fields_in_the_advice_itself() -> None:
    """The field list is in the sentence that says to fix it, not on a separate detail line."""
    failure = Failure(
        code=C.INVALID_ARGUMENTS,
        kind=FailureKind.PERMANENT,
        detail="query: Field required; limit: Input should be a valid integer",
    )
    text = to_text(Envelope[Any](outcome=Outcome.ACCESS_FAILURE, failure=failure))
    assert "the source could not be asked (invalid_arguments)" in text
    assert "Detail:" not in text
    assert (
        'before contacting the source: "query: Field required; limit: Input should be a valid '
        'integer". Fix exactly those and call again.'
    ) in text


@pytest.mark.parametrize("code", [C.SERVER_ERROR, C.TIMEOUT, C.UPSTREAM_ERROR])
def test_transient_failures_keep_their_retry_advice(code: FailureCode) -> None:
    """Transient: may succeed later; once retried, it gave up. Never "change the arguments"."""
    once = failure_text(code, FailureKind.TRANSIENT)
    assert WORDING[Outcome.ACCESS_FAILURE][Line.RETRY_LATER] in once
    assert "arguments" not in once.split("\n", 1)[1]


def test_an_html_page_in_a_200_reads_as_a_page_whatever_its_content_type() -> None:
    """A body starting like markup is a login page, an error page or a wrong URL."""
    text = failure_text(
        C.INVALID_BODY, FailureKind.PERMANENT, http_status=200, raw_sample="<html>Sign in</html>"
    )
    assert WORDING[Outcome.ACCESS_FAILURE][Line.NOT_DATA_PAGE] in text
    assert "Neither retrying nor changing the arguments will help" in text
