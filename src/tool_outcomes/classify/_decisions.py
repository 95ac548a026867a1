"""What a step hands on when it has not finished the envelope itself.

The body step hands the decoded :class:`Document` to the conventions and pagination steps; a
step that has judged a contact (success, empty or partial) hands on a :class:`Contact`, whose
data the last step (``_envelope``) repairs into the result model, once, before building the
envelope. A failure needs no repair: the step that finds it finishes its envelope at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tool_outcomes.envelope import Coverage, Outcome, Repair

__all__ = ["Contact", "Document"]


@dataclass(frozen=True)
class Document:
    """A decoded 2xx JSON body, for the conventions and pagination steps."""

    value: Any
    partial_content: str | None = None
    """Set for a ``206``: what the status and its ``Content-Range`` said (forces a partial)."""
    range_total: int | None = None
    """The complete length an items ``Content-Range`` gave, for a ``206``."""
    repairs: tuple[Repair, ...] = ()
    """What decoding changed: each NaN or Infinity made ``null`` (see ``_body.finite``)."""
    text: bytes | None = None
    """The UTF-8 JSON text ``value`` is exactly the decoding of (no repairs), when it is one:
    a result model then validates it as it is (see ``repair_decoded``)."""
    validated: bool = False
    """``value`` is the result model's own value, validated from the text with no repair (see
    ``_body._array_as_is``): it needs no shape repair."""
    needs_walk: bool = False
    """The text was validated as it is and failed: its repair goes straight to the walk."""


@dataclass(frozen=True, slots=True)
class Contact:
    """A judged contact: its outcome, data and coverage, its data not yet repaired."""

    outcome: Outcome
    data: Any
    coverage: Coverage
    repairs: tuple[Repair, ...] = ()
    """Repairs already made while decoding; the model's own follow them."""
    body: Document | None = None
    """The decoded body when ``data`` is all of it (see ``_envelope.seal``)."""
