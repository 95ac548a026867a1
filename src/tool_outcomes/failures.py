"""Failures a tool declares: :class:`ToolFailure`, and ``@tool(errors=...)`` mappings.

A handler knows things no rule can: that its SDK's ``QuotaExceeded`` is spent for the day, that
an empty list from its search means the index is rebuilding. It says so by raising
:class:`ToolFailure`, classified exactly as declared, or by mapping a library's exception classes
once, on the tool::

    @tool(args=Query, errors={
        QuotaExceeded: (FailureCode.RATE_LIMITED, FailureKind.PERMANENT),
        StoreError: lambda exc: Failure(...) if exc.retryable else None,   # None: not decided
    })
    def search(args: Query) -> list[Hit]:
        if index.rebuilding:
            raise ToolFailure("server_error", "transient", "the index is rebuilding",
                              retry_after_s=30)
        return store.search(args.q)

:func:`declared_failure` is the whole rule: a :class:`ToolFailure` is its own failure; else the
mappings are read along the exception's MRO, most specific first, and a callable that returns
``None`` hands on to the next; what no declaration decides goes to the built-in rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import TypeAlias, TypeVar, cast

from ._text import exception_text
from .envelope import Failure, FailureCode, FailureKind

__all__ = ["ErrorMapping", "ToolFailure", "check_errors", "declared_failure"]

E = TypeVar("E", bound=StrEnum)

#: How a tool maps an exception class: a code and a kind, or a function that reads the exception
#: and returns a :class:`Failure` (or ``None``: not decided here).
ErrorMapping: TypeAlias = (
    tuple[FailureCode, FailureKind] | Callable[[BaseException], "Failure | None"]
)


class ToolFailure(Exception):
    """Raised by a handler to declare that the access failed, and how.

    The adapter classifies it exactly as declared: an ``access_failure`` with this code, kind,
    detail, HTTP status and wait, retried per the tool's policy when it is transient.

    Args:
        code: Why the access failed: a :class:`FailureCode` or its value (``"rate_limited"``).
        kind: ``"transient"`` when asking again could help, else ``"permanent"``.
        detail: What happened, in words a model may read (secrets are redacted on the way out).
        retry_after_s: How long the source asked to wait, when it said.
        http_status: The source's HTTP status, when there was one.

    Raises:
        ValueError: for a code or kind outside the closed sets, a negative or non-finite wait, or
            a status outside 100–599.
    """

    def __init__(
        self,
        code: FailureCode | str,
        kind: FailureKind | str,
        detail: str,
        *,
        retry_after_s: float | None = None,
        http_status: int | None = None,
    ) -> None:
        self.failure = Failure(
            code=_member(FailureCode, code, "code"),
            kind=_member(FailureKind, kind, "kind"),
            detail=str(detail),
            retry_after_s=retry_after_s,
            http_status=http_status,
        )
        super().__init__(self.failure.detail)

    @property
    def code(self) -> FailureCode:
        return self.failure.code

    @property
    def kind(self) -> FailureKind:
        return self.failure.kind

    @property
    def detail(self) -> str:
        return self.failure.detail

    @property
    def retry_after_s(self) -> float | None:
        return self.failure.retry_after_s

    @property
    def http_status(self) -> int | None:
        return self.failure.http_status

    def __repr__(self) -> str:
        return f"ToolFailure({self.code.value!r}, {self.kind.value!r}, {self.detail!r})"


def _member(enum: type[E], value: object, what: str) -> E:
    try:
        return enum(cast("str", value))  # a value of another type is refused just the same
    except ValueError:
        known = ", ".join(member.value for member in enum)
        raise ValueError(f"unknown failure {what} {value!r}: one of {known}") from None


def check_errors(
    errors: Mapping[type[BaseException], ErrorMapping] | None,
) -> dict[type[BaseException], ErrorMapping]:
    """An ``errors=`` mapping checked once, when the tool is declared.

    Returns:
        The mapping as a plain dict (code and kind given as strings become the enums).

    Raises:
        TypeError: for a key that is not an exception class, or a value that is neither a
            (code, kind) pair nor a callable.
        ValueError: for a code or kind outside the closed sets.
    """
    if errors is None:
        return {}
    if not isinstance(errors, Mapping):
        raise TypeError(f"errors must map exception classes to failures, got {type(errors)}")
    checked: dict[type[BaseException], ErrorMapping] = {}
    for cls, value in errors.items():
        if not (isinstance(cls, type) and issubclass(cls, BaseException)):
            raise TypeError(f"errors= keys are exception classes, got {cls!r}")
        if isinstance(value, tuple) and len(value) == 2:
            code, kind = value
            checked[cls] = (_member(FailureCode, code, "code"), _member(FailureKind, kind, "kind"))
        elif callable(value):
            checked[cls] = value
        else:
            raise TypeError(
                f"errors[{cls.__name__}] must be (FailureCode, FailureKind) or a callable "
                f"exc -> Failure | None, got {value!r}"
            )
    return checked


def declared_failure(
    exc: BaseException, errors: Mapping[type[BaseException], ErrorMapping]
) -> Failure | None:
    """The failure ``exc`` was declared to be, or ``None`` for the built-in rules to decide.

    Args:
        exc: What the handler raised.
        errors: The tool's checked ``errors=`` mapping.

    Returns:
        A :class:`ToolFailure`'s own failure; else the first mapping along ``exc``'s MRO that
        decides (a callable returning ``None`` does not); else ``None``. A mapping function that
        raises, or returns something other than a :class:`Failure`, is an ``execution`` failure
        that says so. Never raises.
    """
    if isinstance(exc, ToolFailure):
        return exc.failure
    if not errors:
        return None
    for cls in type(exc).__mro__:
        value = errors.get(cls)
        if value is None:
            continue
        if isinstance(value, tuple):
            return Failure(code=value[0], kind=value[1], detail=exception_text(exc))
        try:
            found: object = value(exc)  # a user's function: its return type is not a promise
        except Exception as err:
            detail = (
                f"the errors= mapping for {cls.__name__} raised {exception_text(err, 300)} "
                f"while reading {exception_text(exc, 300)}"
            )
            return Failure(code=FailureCode.EXECUTION, kind=FailureKind.PERMANENT, detail=detail)
        if found is None:
            continue
        if not isinstance(found, Failure):
            detail = (
                f"the errors= mapping for {cls.__name__} returned {type(found).__name__}, "
                f"not a Failure or None, for {exception_text(exc, 300)}"
            )
            return Failure(code=FailureCode.EXECUTION, kind=FailureKind.PERMANENT, detail=detail)
        return found
    return None
