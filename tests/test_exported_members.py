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
    for name in exported:  # names load on first use: use them all
        getattr(tool_outcomes, name)
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


def _fresh(code: str) -> str:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()


def test_import_loads_each_part_on_first_use() -> None:
    """`import tool_outcomes` loads none of its modules; using a name loads that name's part."""
    code = (
        "import sys, tool_outcomes; "
        "loaded = lambda: sorted(m for m in sys.modules if m.startswith('tool_outcomes.')); "
        "print(loaded()); tool_outcomes.Outcome; print('tool_outcomes.envelope' in loaded()); "
        "print('tool_outcomes.adapter' in loaded())"
    )
    assert _fresh(code).splitlines() == ["[]", "True", "False"]


def test_a_submodule_never_hides_a_public_name() -> None:
    """Importing the `repair` module first still leaves `tool_outcomes.repair` the function."""
    code = (
        "import tool_outcomes.repair, tool_outcomes.adapter, tool_outcomes, inspect; "
        "print(inspect.isfunction(tool_outcomes.repair), tool_outcomes.repair.__name__)"
    )
    assert _fresh(code) == "True repair"


def test_every_public_name_has_one_home_module() -> None:
    """Each name in `__all__` is found in the module the package loads it from, and only there."""
    import importlib

    homes: dict[str, str] = vars(tool_outcomes)["_HOMES"]
    assert set(homes) == set(tool_outcomes.__all__) - {"__version__"}
    for name, home in homes.items():
        module = importlib.import_module(f"tool_outcomes.{home}")
        assert getattr(tool_outcomes, name) is getattr(module, name)


def test_dir_lists_every_public_name_before_use() -> None:
    """`dir(tool_outcomes)` offers every public name, loaded or not (completion, help)."""
    code = (
        "import tool_outcomes; print(sorted(set(tool_outcomes.__all__) - set(dir(tool_outcomes))))"
    )
    assert _fresh(code) == "[]"
