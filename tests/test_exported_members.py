"""The public API is exactly what `__all__` says, as httpx keeps it."""

import subprocess
import sys
from types import ModuleType

import tool_outcomes

# The names DESIGN.md's public contract promises; other code, notebooks and tests rely on them.
CONTRACT = {
    "Outcome",
    "Envelope",
    "Failure",
    "Coverage",
    "NAReason",
    "validate_fields",
    "classify_http",
    "RetryPolicy",
    "with_retry",
    "with_retry_async",
    "CircuitBreaker",
    "repair",
    "tool",
    "Tool",
    "to_text",
    "to_anthropic",
    "to_openai",
    "to_mcp",
}


def test_all_matches_public_names() -> None:
    """Every public name defined in the package is in `__all__`, and nothing else is."""
    exported = set(tool_outcomes.__all__)
    public = {
        name
        for name, value in vars(tool_outcomes).items()
        if not name.startswith("_") and not isinstance(value, ModuleType)
    }
    assert exported - {"__version__"} == public
    assert len(tool_outcomes.__all__) == len(exported), "__all__ lists a name twice"


def test_contract_names_are_exported() -> None:
    """The names the design contract promises import from `tool_outcomes` directly."""
    assert set(tool_outcomes.__all__) >= CONTRACT
    for name in CONTRACT:
        assert getattr(tool_outcomes, name) is not None


def test_import_stays_light() -> None:
    """`import tool_outcomes` pulls in neither widgets, plotting nor respx."""
    code = (
        "import sys, tool_outcomes, tool_outcomes.workbook; "
        "heavy = {'ipywidgets', 'matplotlib', 'respx', 'IPython', 'jupyterlab'}; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"
