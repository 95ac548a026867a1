"""Frameworks load only with their integration, and a missing one names the extra to install."""

from __future__ import annotations

import subprocess
import sys

import pytest

FRAMEWORKS = {"mcp", "pydantic_ai", "langchain", "langchain_core", "agents", "openai"}
# integration module -> (the framework package it needs, the extra that installs it)
INTEGRATIONS = {
    "mcp": ("mcp", "mcp"),
    "pydantic_ai": ("pydantic_ai", "pydantic-ai"),
    "langchain": ("langchain_core", "langchain"),
    "openai_agents": ("agents", "openai-agents"),
}


def run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)


def test_importing_the_package_loads_no_framework() -> None:
    """``import tool_outcomes`` (and the integrations package) imports no agent framework."""
    code = (
        "import sys, tool_outcomes, tool_outcomes.integrations\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {sorted(FRAMEWORKS)!r}))"
    )
    done = run(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("module", INTEGRATIONS)
def test_a_missing_framework_says_which_extra_to_install(module: str) -> None:
    """Without its framework, an integration's import error names ``tool-outcomes[extra]``."""
    framework, extra = INTEGRATIONS[module]
    code = (
        "import sys\n"
        f"sys.modules[{framework!r}] = None  # as if it were not installed\n"
        f"import tool_outcomes.integrations.{module}\n"
    )
    done = run(code)
    assert done.returncode != 0
    assert f'pip install "tool-outcomes[{extra}]"' in done.stderr
