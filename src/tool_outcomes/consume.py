"""The consumer spends the outcome: branching is exhaustive over all four classes.

A consumer that only handles ``success`` reads every other outcome as an answer. Two ways to make
forgetting a class impossible:

* :func:`on_outcome` (or :class:`OutcomeHandlers` directly) and :func:`dispatch` take one
  handler per class, all four required. A missing, misspelt or extra handler is a ``TypeError``
  when the handlers are *defined*, naming the outcome, not when that outcome first turns up in
  production. mypy also flags a missing one, because every handler is a required keyword.
* A ``match`` over ``env.outcome`` with one ``case`` per class and
  ``case _: assert_never(outcome)``, which mypy proves exhaustive; :func:`next_step` is the
  worked example.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, Generic, ParamSpec, TypeAlias, TypeVar, assert_never

from .envelope import Effect, Envelope, Outcome

__all__ = ["Handler", "OutcomeHandlers", "dispatch", "next_step", "on_outcome"]

T = TypeVar("T")
R = TypeVar("R")
P = ParamSpec("P")

#: A handler receives the whole envelope, so it can read coverage, failure and data.
Handler: TypeAlias = Callable[[Envelope[T]], R]

# The keyword for each outcome is its value, so the table is the enum itself.
_KEYWORDS: tuple[str, ...] = tuple(outcome.value for outcome in Outcome)


def _check_handlers(owner: str, given: Mapping[str, object]) -> None:
    """Raise a TypeError naming every missing, unknown or non-callable handler."""
    missing = [name for name in _KEYWORDS if name not in given]
    unknown = sorted(name for name in given if name not in _KEYWORDS)
    problems = []
    if missing:
        problems.append(f"no handler for outcome(s): {', '.join(missing)}")
    if unknown:
        problems.append(f"unknown outcome(s): {', '.join(unknown)}")
    not_callable = [n for n in _KEYWORDS if n in given and not callable(given[n])]
    if not_callable:
        problems.append(f"handler(s) not callable: {', '.join(not_callable)}")
    if problems:
        raise TypeError(
            f"{owner}: {'; '.join(problems)}. Every outcome needs exactly one handler: "
            f"{', '.join(_KEYWORDS)}."
        )


def _requires_all_handlers(owner: str) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Check the handler keywords before Python binds them, for a message that names outcomes.

    Python's own "missing keyword-only argument" error would name the parameter but not say
    that every outcome needs a handler, nor list several problems at once.
    """

    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(function)
        def checked(*args: P.args, **kwargs: P.kwargs) -> R:
            _check_handlers(owner, kwargs)
            return function(*args, **kwargs)

        return checked

    return decorate


class OutcomeHandlers(Generic[T, R]):
    """One handler per outcome class, checked complete when defined; call it with an envelope.

    Example::

        route = OutcomeHandlers(
            success=lambda env: env.data,
            empty=lambda env: [],
            partial=lambda env: env.data,
            access_failure=lambda env: None,
        )
        route(env)
    """

    __slots__ = ("_table",)

    @_requires_all_handlers("OutcomeHandlers")
    def __init__(
        self,
        *,
        success: Handler[T, R],
        empty: Handler[T, R],
        partial: Handler[T, R],
        access_failure: Handler[T, R],
    ) -> None:
        """Bind one handler per outcome.

        Args:
            success: Called with a ``success`` envelope.
            empty: Called with an ``empty`` envelope.
            partial: Called with a ``partial`` envelope.
            access_failure: Called with an ``access_failure`` envelope.

        Raises:
            TypeError: naming each missing, unknown or non-callable handler.
        """
        self._table: Mapping[Outcome, Handler[T, R]] = {
            Outcome.SUCCESS: success,
            Outcome.EMPTY: empty,
            Outcome.PARTIAL: partial,
            Outcome.ACCESS_FAILURE: access_failure,
        }

    def __call__(self, env: Envelope[T]) -> R:
        """Run the handler for ``env.outcome``.

        Args:
            env: The envelope to route.

        Returns:
            Whatever that handler returns.

        Raises:
            TypeError: if ``env`` is not an :class:`Envelope`.
        """
        if not isinstance(env, Envelope):
            raise TypeError(f"expected an Envelope, got {type(env).__name__}")
        return self._table[env.outcome](env)

    def handler_for(self, outcome: Outcome) -> Handler[T, R]:
        """The handler bound to one outcome.

        Args:
            outcome: One of the four classes.

        Returns:
            The callable that :meth:`__call__` would run for it.
        """
        return self._table[Outcome(outcome)]

    def __repr__(self) -> str:
        names = ", ".join(
            f"{o.value}={getattr(h, '__qualname__', type(h).__name__)}"
            for o, h in self._table.items()
        )
        return f"OutcomeHandlers({names})"


@_requires_all_handlers("on_outcome")
def on_outcome(
    *,
    success: Handler[T, R],
    empty: Handler[T, R],
    partial: Handler[T, R],
    access_failure: Handler[T, R],
) -> OutcomeHandlers[T, R]:
    """A reusable router with one handler per outcome, checked complete now.

    Args:
        success: Called with a ``success`` envelope.
        empty: Called with an ``empty`` envelope.
        partial: Called with a ``partial`` envelope.
        access_failure: Called with an ``access_failure`` envelope.

    Returns:
        An :class:`OutcomeHandlers`; ``route(env)`` runs the handler for ``env.outcome``.

    Raises:
        TypeError: naming each missing, unknown or non-callable handler.
    """
    return OutcomeHandlers(
        success=success, empty=empty, partial=partial, access_failure=access_failure
    )


@_requires_all_handlers("dispatch")
def dispatch(
    env: Envelope[T],
    *,
    success: Handler[T, R],
    empty: Handler[T, R],
    partial: Handler[T, R],
    access_failure: Handler[T, R],
) -> R:
    """Run the handler for ``env.outcome``; all four handlers are required.

    Args:
        env: The envelope to route.
        success: Called with a ``success`` envelope.
        empty: Called with an ``empty`` envelope.
        partial: Called with a ``partial`` envelope.
        access_failure: Called with an ``access_failure`` envelope.

    Returns:
        Whatever the chosen handler returns.

    Raises:
        TypeError: naming each missing, unknown or non-callable handler (checked before any
            handler runs, whatever the outcome), or if ``env`` is not an envelope.
    """
    route = OutcomeHandlers(
        success=success, empty=empty, partial=partial, access_failure=access_failure
    )
    return route(env)


def next_step(env: Envelope[Any]) -> str:
    """What a consumer should do next, as an exhaustive ``match`` mypy can prove complete.

    The worked example of the pattern: one ``case`` per outcome and ``assert_never`` for the
    rest, so adding a fifth outcome (or deleting a case) fails type-checking.

    Args:
        env: Any envelope.

    Returns:
        One sentence of advice for that outcome class.
    """
    outcome = env.outcome
    match outcome:
        case Outcome.SUCCESS:
            if env.method is not None:
                return "The write was done: do not repeat it."
            return "Use the data: it is the complete answer."
        case Outcome.EMPTY:
            return "Report a confirmed absence; do not retry."
        case Outcome.PARTIAL:
            return "Use what arrived, never as the whole; resume from the cursor if needed."
        case Outcome.ACCESS_FAILURE:
            failure = env.failure
            if failure is not None and failure.effect is Effect.UNKNOWN:
                return (
                    "The write may have taken effect: check before repeating it (call again "
                    "with the same idempotency key, or look it up)."
                )
            if env.method is not None:
                return "Nothing was changed: retry if transient, else report the write not made."
            return "Conclude nothing; retry if transient, else report the question unanswered."
        case _:
            assert_never(outcome)
