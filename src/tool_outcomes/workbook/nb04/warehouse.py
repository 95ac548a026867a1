"""Notebook 04's stand-in for an SDK the package has never heard of: the Warehouse SDK.

Its exceptions carry what its documentation promises, and nothing in ``LIBRARY_RULES`` knows
them, so a tool built on it must declare them (``@tool(errors=...)``):

* ``Throttled(retry_in_s)``: too many calls this second; the SDK says how long to wait.
* ``QuotaExhausted(retry_in_s)``: a ``Throttled`` too, but the day's quota is spent: waiting
  within one call's retries cannot help.
* ``SkuNotFound``: no product has this SKU.
* ``Unavailable``: the warehouse service is restarting; try again shortly.

Any other ``WarehouseError`` is one its docs do not explain.
"""

from __future__ import annotations

__all__ = ["QuotaExhausted", "SkuNotFound", "Throttled", "Unavailable", "WarehouseError"]


class WarehouseError(Exception):
    """Every error the Warehouse SDK raises."""


class Throttled(WarehouseError):
    """Too many calls: wait ``retry_in_s`` seconds."""

    def __init__(self, message: str, *, retry_in_s: float) -> None:
        super().__init__(message)
        self.retry_in_s = retry_in_s


class QuotaExhausted(Throttled):
    """The daily quota is spent; it resets in ``retry_in_s`` seconds (hours, usually)."""


class SkuNotFound(WarehouseError):
    """No product has this SKU."""


class Unavailable(WarehouseError):
    """The service is restarting."""
