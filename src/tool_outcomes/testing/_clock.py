"""A clock for tests: time moves only when something sleeps on it.

Retry policies, breakers and adapters take an injectable ``clock`` and ``sleep``. A
:class:`FakeClock` is both: time moves only when something sleeps on it (or when a test advances
it), and every sleep is recorded, so a test can assert the backoff schedule exactly::

    clock = FakeClock()
    env = with_retry(call, RetryPolicy(max_attempts=3, seed=1), sleep=clock.sleep, clock=clock)
    assert clock.sleeps == [...]          # what the policy chose; nothing waited
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["FakeClock"]


@dataclass
class FakeClock:
    """Monotonic seconds that advance only through :meth:`sleep`, :meth:`asleep` or :meth:`advance`.

    Call it to read the time: pass the instance as ``clock=`` and its ``sleep`` (or ``asleep``
    for asyncio code) as ``sleep=``.
    """

    now_s: float = 0.0
    sleeps: list[float] = field(default_factory=list)

    def __call__(self) -> float:
        return self.now_s

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` pass without recording a sleep (the time a call itself took)."""
        if seconds < 0:
            raise ValueError(f"time does not run backwards: advance({seconds})")
        self.now_s += seconds

    def sleep(self, seconds: float) -> None:
        """Record a sleep of ``seconds`` and move the clock by it; returns at once."""
        if seconds < 0:
            raise ValueError(f"cannot sleep for a negative time: sleep({seconds})")
        self.sleeps.append(seconds)
        self.now_s += seconds

    async def asleep(self, seconds: float) -> None:
        """The awaitable :meth:`sleep`, for ``with_retry_async`` and ``Tool.acall``."""
        self.sleep(seconds)
