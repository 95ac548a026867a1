"""A payment upstream for the workbook's lesson on writes: it charges, it loses answers, it
honours ``Idempotency-Key``.

:class:`ChargeDesk` answers ``POST`` requests the way a card processor does. Each request it acts
on applies one charge (kept in :attr:`ChargeDesk.charges`, so a notebook can count them). It can
be told to answer ``503`` before applying anything (a write that changed nothing) or to lose the
acknowledgement: apply the charge, then drop the connection before answering, which the client
sees as ``httpx.RemoteProtocolError`` (a write that took effect, reported as a failure). A
request whose ``Idempotency-Key`` it has seen replays the first answer and charges nothing, as
the IETF draft and Stripe describe: so a retry with the same key is safe, and one without is not.

Example::

    >>> desk = ChargeDesk(lose_acks=1)
    >>> with desk.client() as http:
    ...     http.post(CHARGE_URL, headers={"Idempotency-Key": "k1"}, json={"cents": 500})
    Traceback (most recent call last):
    httpx.RemoteProtocolError: Server disconnected without sending a response.
    >>> len(desk.charges)
    1
"""

from __future__ import annotations

import threading
from typing import Any

import httpx
from pydantic import BaseModel

__all__ = ["CHARGE_URL", "KEY_HEADER", "Charge", "ChargeDesk"]

#: Where the desk takes charges (any URL reaches it through its transport).
CHARGE_URL = "https://pay.upstream.test/v1/charges"
#: The header the desk reads the idempotency key from.
KEY_HEADER = "Idempotency-Key"

_JSON = {"content-type": "application/json"}


class Charge(BaseModel):
    """The arguments of the workbook's charge tool."""

    customer: str = "cus_42"
    amount_cents: int = 500


class ChargeDesk:
    """A card-payment upstream: applies each charge it acts on and honours idempotency keys.

    Args:
        lose_acks: How many of the charges it applies it then fails to acknowledge (the
            connection drops before the answer).
        unavailable: How many requests it first answers ``503`` (``Retry-After: 1``) without
            applying anything.
    """

    def __init__(self, *, lose_acks: int = 0, unavailable: int = 0) -> None:
        if lose_acks < 0 or unavailable < 0:
            raise ValueError(f"counts must be >= 0, got {lose_acks=}, {unavailable=}")
        self._lose_acks = lose_acks
        self._unavailable = unavailable
        self._lock = threading.Lock()
        self._kept: dict[str, dict[str, Any]] = {}
        self.charges: list[str] = []
        """The id of every charge applied, in order."""
        self.keys: list[str | None] = []
        """The ``Idempotency-Key`` of every request received (``None`` when it had none)."""

    def handle(self, request: httpx.Request) -> httpx.Response:
        """Answer one request (an ``httpx.MockTransport`` handler)."""
        key = request.headers.get(KEY_HEADER)
        with self._lock:
            self.keys.append(key)
            kept = None if key is None else self._kept.get(key)
            if kept is not None:  # a replay: the first answer, and nothing charged again
                return httpx.Response(201, headers=_JSON, json=kept, request=request)
            if self._unavailable:
                self._unavailable -= 1
                headers = {**_JSON, "retry-after": "1"}
                return httpx.Response(503, headers=headers, json={"error": "try again"})
            charge = {"id": f"ch_{len(self.charges) + 1}", "status": "succeeded"}
            self.charges.append(str(charge["id"]))
            if key is not None:
                self._kept[key] = charge
            lost = self._lose_acks > 0
            if lost:
                self._lose_acks -= 1
        if lost:
            message = "Server disconnected without sending a response."
            raise httpx.RemoteProtocolError(message, request=request)
        return httpx.Response(201, headers=_JSON, json=charge, request=request)

    def transport(self) -> httpx.MockTransport:
        """A transport every request of which reaches this desk."""
        return httpx.MockTransport(self.handle)

    def client(self) -> httpx.Client:
        """An ``httpx.Client`` on :meth:`transport`."""
        return httpx.Client(transport=self.transport())

    def async_client(self) -> httpx.AsyncClient:
        """An ``httpx.AsyncClient`` on :meth:`transport`."""
        return httpx.AsyncClient(transport=self.transport())

    def __repr__(self) -> str:
        return f"ChargeDesk(charges={len(self.charges)}, requests={len(self.keys)})"
