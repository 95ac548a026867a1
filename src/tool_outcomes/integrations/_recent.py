"""A bounded map of the latest envelopes, for the integrations that keep them by call id.

A wrapper that kept every envelope would grow without bound in a long-running server (direct
calls, or a framework that never collects them). :class:`RecentEnvelopes` keeps the latest
:data:`KEPT_ENVELOPES` and forgets the oldest first.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator, MutableMapping
from typing import Any

from tool_outcomes.envelope import Envelope

__all__ = ["KEPT_ENVELOPES", "RecentEnvelopes"]

#: How many envelopes a wrapper keeps by call id: far more than the calls one agent run has in
#: flight, small enough that a server running for months holds a few megabytes at most.
KEPT_ENVELOPES = 1024


class RecentEnvelopes(MutableMapping[str, Envelope[Any]]):
    """Call id → envelope, holding at most ``size`` entries (the oldest set is dropped first)."""

    def __init__(self, size: int = KEPT_ENVELOPES) -> None:
        if isinstance(size, bool) or not isinstance(size, int) or size < 1:
            raise ValueError(f"size must be a positive int, not {size!r}")
        self.size = size
        self._kept: OrderedDict[str, Envelope[Any]] = OrderedDict()

    def __getitem__(self, key: str) -> Envelope[Any]:
        return self._kept[key]

    def __setitem__(self, key: str, value: Envelope[Any]) -> None:
        self._kept[key] = value
        self._kept.move_to_end(key)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)

    def __delitem__(self, key: str) -> None:
        del self._kept[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._kept)

    def __len__(self) -> int:
        return len(self._kept)

    def __repr__(self) -> str:
        return f"RecentEnvelopes({len(self._kept)} of at most {self.size})"
