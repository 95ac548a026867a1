"""Exercises of notebook 04 (registered on import by :mod:`tool_outcomes.workbook.exercises`)."""

from __future__ import annotations
