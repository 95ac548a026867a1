"""The one error an integration raises when its framework is not installed."""

from __future__ import annotations

__all__ = ["missing_extra"]


def missing_extra(module: str, extra: str) -> ImportError:
    """An ImportError that says which extra to install.

    Args:
        module: The integration module that needs it (``"mcp"``, ``"pydantic_ai"``, …).
        extra: The extra that brings the framework in (``"mcp"``, ``"pydantic-ai"``, …).

    Returns:
        The error, to be raised ``from`` the original ImportError.
    """
    return ImportError(
        f"tool_outcomes.integrations.{module} needs its framework: "
        f'pip install "tool-outcomes[{extra}]"'
    )
