"""What a step hands on when it has not finished the envelope itself.

The body step hands the decoded :class:`Document` to the conventions and pagination steps (a
JSON array it may validate as it is stays undecoded, an :class:`ArrayText`); a
step that has judged a contact (success, empty or partial) hands on a :class:`Contact`, whose
data the last step (``_envelope``) repairs into the result model, once, before building the
envelope. A failure needs no repair: the step that finds it finishes its envelope at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tool_outcomes.envelope import Coverage, Outcome, Repair

__all__ = ["ArrayText", "Contact", "Document", "Uncounted"]


@dataclass(frozen=True, slots=True)
class ArrayText:
    """A 2xx body that is a JSON array, handed on undecoded (see ``_body._array_as_is``).

    The last step validates the text into the result model as it is, and decodes it only when
    that fails; no step before it reads the items, only whether there are any.
    """

    text: bytes
    empty: bool
    """The text is ``[]`` (JSON whitespace aside): the one thing the pagination step asks."""


@dataclass(frozen=True)
class Document:
    """A 2xx JSON body for the conventions and pagination steps (decoded, or an ArrayText)."""

    value: Any
    partial_content: str | None = None
    """Set for a ``206``: what the status and its ``Content-Range`` said (forces a partial)."""
    range_total: int | None = None
    """The complete length an items ``Content-Range`` gave, for a ``206``."""
    repairs: tuple[Repair, ...] = ()
    """What decoding changed: each NaN or Infinity made ``null`` (see ``_body.finite``)."""
    text: bytes | None = None
    """The UTF-8 JSON text ``value`` is exactly the decoding of (no repairs), when it is one:
    a result model then validates it as it is (see ``repair_decoded``). For an
    :class:`ArrayText` value, its text."""


@dataclass(frozen=True, slots=True)
class Uncounted:
    """The coverage of an :class:`ArrayText`, all but how many items it holds: the last step
    counts them as it validates the text, and builds the coverage then, once."""

    fields: dict[str, Any]
    """Every field of the coverage but ``returned``."""

    def counted(self, returned: int) -> Coverage:
        """The coverage, with the count the last step found."""
        return Coverage(returned=returned, **self.fields)


@dataclass(frozen=True, slots=True)
class Contact:
    """A judged contact: its outcome, data and coverage, its data not yet repaired."""

    outcome: Outcome
    data: Any
    coverage: Coverage | Uncounted
    """An :class:`Uncounted` coverage only beside :class:`ArrayText` data."""
    repairs: tuple[Repair, ...] = ()
    """Repairs already made while decoding; the model's own follow them."""
    body: Document | None = None
    """The decoded body when ``data`` is all of it (see ``_envelope.seal``)."""
