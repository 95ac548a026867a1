"""The README's examples run as written."""

import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from tool_outcomes import Outcome

README = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")


def _block(label: str) -> str:
    match = re.search(rf"<!-- readme-example: {label} -->\s*```python\n(.*?)```", README, re.S)
    assert match, f"README has no '{label}' example"
    return match.group(1)


def test_the_wrapped_tool_is_under_fifteen_lines() -> None:
    """Wrapping a real-looking tool takes fewer than 15 lines of code."""
    lines = [line for line in _block("define").splitlines() if line.strip()]
    assert len(lines) < 15 + 3  # the three import lines are not the wrapping


def test_the_readme_example_classifies_a_paginated_answer() -> None:
    """The README's tool, against a mocked upstream, reports 25 of 180 as partial."""
    namespace: dict[str, Any] = {}
    exec(_block("define"), namespace)  # the README's own code, run as a reader would

    def upstream(request: httpx.Request) -> httpx.Response:
        assert request.url.params["search"] == "refund"
        results = [{"id": i, "subject": f"refund #{i}"} for i in range(25)]
        page = {"count": 180, "next": "https://support.example.com/api/tickets/?page=2"}
        return httpx.Response(200, json={**page, "results": results})

    use = _block("use").replace("httpx.Client(timeout=5)", "httpx.Client(transport=transport)")
    namespace["transport"] = httpx.MockTransport(upstream)
    exec(use, namespace)
    env = namespace["env"]
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage.returned == 25
    assert env.coverage.total == 180
    assert namespace["block"]["is_error"] is False


@pytest.mark.parametrize("label", ["classify", "fields"])
def test_the_readme_snippets_run_as_written(label: str) -> None:
    """The README's short examples execute, and their asserts hold."""
    exec(_block(label), {})
