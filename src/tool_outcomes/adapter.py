"""The tool adapter: classify, repair, retry, trace, and return an envelope, on every call.

A tool declares its arguments model and its result model next to its handler::

    @tool(args=SearchArgs, result=list[Ticket], items="results", total="count")
    def search_tickets(args: SearchArgs) -> httpx.Request:
        return httpx.Request("GET", "https://tickets.example.test/search", params={"q": args.q})

    env = search_tickets(q="refund")                         # the tool opens its own client
    env = search_tickets.call({"q": "refund"}, client=client)  # or sends on the caller's
    env = await search_tickets.acall(q="refund")             # async, either way too

The handler is either a request builder (it returns an ``httpx.Request``, which the adapter sends
on the caller's ``httpx.Client`` / ``httpx.AsyncClient``, or on one it opens for the call) or a
plain function whose return value is the result (a value, an ``httpx.Response``, or an
:class:`~tool_outcomes.Envelope` it built itself). ``call`` / ``acall`` never raise for anything
the upstream does: every path ends in an envelope whose outcome says what happened.
"""

from __future__ import annotations

import functools
import inspect
import ssl
import time
import uuid
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar, Unpack, cast, overload

import httpx
from pydantic import BaseModel, ValidationError

from ._responses import response_parts
from ._target import TargetView, check_target_view, view_cursor, view_target
from ._text import exception_text
from .classify import Declared, Options, judge
from .envelope import (
    Coverage,
    Effect,
    Envelope,
    Failure,
    FailureCode,
    FailureKind,
    Outcome,
    Repair,
    is_write,
)
from .failures import ErrorMapping, check_errors, declared_failure
from .front import classify_http
from .guard import (
    clean,
    describe_args,
    exit_target,
    sample,
    scrub_envelope,
    scrub_for_request,
    unsendable,
)
from .observe import (
    ActiveCall,
    CallScope,
    attempt_async,
    attempt_sync,
    current_call,
    finished_async,
    finished_sync,
)
from .repair import Rejection, repair
from .retry import RetryPolicy, asyncio_sleep, with_retry, with_retry_async
from .trace import Decision, OutcomeCounter, TraceRecord, emit, record_for
from .transport import (
    DEFAULT_MAX_BODY_BYTES,
    Read,
    evidence_of,
    response_evidence,
    send_async,
    send_sync,
)

if TYPE_CHECKING:  # a tool without a breaker never loads the module
    from .breaker import CircuitBreaker

__all__ = ["DEFAULT_MAX_BODY_BYTES", "Tool", "ToolOptions", "tool"]

A = TypeVar("A", bound=BaseModel)
R = TypeVar("R")

Handler = Callable[[A], Any]

#: A handler's own PermissionError means the caller may not see this; every other exception is
#: classified by classify_http's transport table (timeouts, refused connections, …).
_HANDLER_ONLY_RULES: tuple[tuple[type[BaseException], FailureCode, FailureKind], ...] = (
    (PermissionError, FailureCode.FORBIDDEN, FailureKind.PERMANENT),
)


@dataclass(frozen=True)
class Tool(Generic[A, R]):
    """A tool with a declared argument model, result model and handler.

    Build one with the :func:`tool` decorator. ``call`` runs it synchronously, ``acall`` under
    asyncio; both validate the arguments, run the handler, classify, repair, retry per
    ``policy``, consult the ``breaker``, trace, count, and return an :class:`Envelope`.
    """

    name: str
    handler: Callable[[A], Any]
    args_model: type[A]
    result_model: Any = None
    items: str | None = None
    total: str | None = None
    not_found: Literal["failure", "empty"] = "failure"
    expect: Literal["json", "text", "bytes"] = "json"
    policy: RetryPolicy = field(default_factory=RetryPolicy)
    breaker: CircuitBreaker | None = None
    counter: OutcomeCounter | None = None
    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES
    authority: str | None = None
    description: str = ""
    retry_unsafe_methods: bool = False
    # Never in the repr: a tool is printed in logs and tracebacks.
    secrets: tuple[str, ...] | Callable[[A], Iterable[str]] = field(default=(), repr=False)
    cursor: str | None = None
    target: TargetView = "full"
    idempotency_key: str | None = None
    idempotency_arg: str | None = None
    errors: Mapping[type[BaseException], ErrorMapping] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "errors", check_errors(self.errors))
        if self.max_body_bytes < 1:
            raise ValueError(f"max_body_bytes must be at least 1, got {self.max_body_bytes}")
        if not (isinstance(self.args_model, type) and issubclass(self.args_model, BaseModel)):
            raise TypeError(f"args must be a pydantic model class, got {self.args_model!r}")
        if self.not_found not in ("failure", "empty"):
            raise ValueError(f"not_found must be 'failure' or 'empty', got {self.not_found!r}")
        if self.cursor is not None and self.cursor not in self.args_model.model_fields:
            raise ValueError(
                f"cursor={self.cursor!r} names no field of {self.args_model.__name__}: the "
                "handler must receive the cursor as one of its arguments"
            )
        check_target_view(self.target)
        if self.idempotency_key is not None and not _is_header_name(self.idempotency_key):
            raise ValueError(
                f"idempotency_key must name an HTTP header (a token such as "
                f"'Idempotency-Key'), got {self.idempotency_key!r}"
            )
        if self.idempotency_arg is not None and (
            self.idempotency_arg not in self.args_model.model_fields
        ):
            raise ValueError(
                f"idempotency_arg={self.idempotency_arg!r} names no field of "
                f"{self.args_model.__name__}: the model passes the key as one of its arguments"
            )
        if self.expect not in ("json", "text", "bytes"):
            raise ValueError(f"expect must be 'json', 'text' or 'bytes', got {self.expect!r}")

    # -- schemas for tool definitions --------------------------------------------------------

    def input_schema(self) -> dict[str, Any]:
        """The JSON Schema of the arguments, for a model's tool definition."""
        return self.args_model.model_json_schema()

    def output_schema(self) -> dict[str, Any]:
        """The JSON Schema of the envelope this tool returns (its ``outcome`` is required)."""
        return self._envelope_model.model_json_schema()

    @cached_property
    def _async_handler(self) -> bool:
        return inspect.iscoroutinefunction(self.handler)

    @cached_property
    def _options(self) -> Options:
        """What the classifier is told about this tool's responses, built once."""
        declared = {name: getattr(self, name) for name in Declared.__optional_keys__}
        return Options(**declared, result_model=self.result_model, tool=self.name)

    @cached_property
    def _failure_options(self) -> Options:
        """What the classifier is told about a failed send: only the tool's name."""
        return Options(tool=self.name)

    @cached_property
    def _envelope_model(self) -> type[Envelope[Any]]:
        """``Envelope[result model]``, parametrised once per tool (on first use)."""
        model = self.result_model if self.result_model is not None else Any
        return Envelope[model]  # type: ignore[valid-type]

    # -- sync --------------------------------------------------------------------------------

    def __call__(
        self,
        arguments: A | Mapping[str, Any] | None = None,
        /,
        *,
        client: httpx.Client | None = None,
        **kwargs: Any,
    ) -> Envelope[R]:
        """``tool(query="refund")``: the same as :meth:`call`, with the default sleep and clock."""
        return self.call(arguments, client=client, **kwargs)

    def call(
        self,
        arguments: A | Mapping[str, Any] | None = None,
        /,
        *,
        client: httpx.Client | None = None,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
        **kwargs: Any,
    ) -> Envelope[R]:
        """Run the tool once, with retries per its policy.

        Args:
            arguments: The arguments as the args model, a mapping, or ``None`` (use ``kwargs``).
            client: The ``httpx.Client`` a request-building handler's request is sent on;
                without one, the tool opens its own for each attempt and closes it after.
            sleep: Called between retries; inject a fake in tests and notebooks.
            clock: Monotonic seconds, for the deadline and elapsed times.
            **kwargs: Arguments by name, when ``arguments`` is not given.

        Returns:
            An envelope. Arguments the args model refuses are an ``access_failure`` with code
            ``invalid_arguments`` whose detail names each field and what is wrong with it.

        Raises:
            TypeError: for programming errors only: arguments given both ways, or an async
                handler called through ``call``.
        """
        if client is not None and not isinstance(client, httpx.Client):
            raise TypeError(f"call() sends on an httpx.Client, got {type(client).__name__}")
        if self._async_handler:
            raise TypeError(f"tool {self.name!r} has an async handler: use `await acall(...)`")
        with CallScope(self.name, self.description, clock()) as active:
            args_or_failure = self._validate_args(arguments, kwargs)
            if isinstance(args_or_failure, Envelope):
                env: Envelope[Any] = args_or_failure
                record = self._refused(env, active)
                if active.listeners:
                    attempt_sync(active.listeners, record)
            else:
                key = self._call_key(args_or_failure)
                args = args_or_failure if key is None else key.args
                deadline_at = self._deadline_at(clock)

                def attempt() -> Envelope[Any]:
                    env = self._attempt_sync(args, client, clock, deadline_at, key)
                    return self._guarded(_with_key(env, key), args)

                once = self._through_breaker(attempt)
                env = with_retry(once, self.policy, sleep=sleep, clock=clock, tool=self.name)
                env = _with_key(env, key)
            final = self._finish(env, active)
            finished_sync(active, final, clock())
            return final

    def _attempt_sync(
        self,
        args: A,
        client: httpx.Client | None,
        clock: Callable[[], float],
        deadline_at: float | None,
        key: _CallKey | None = None,
    ) -> Envelope[Any]:
        try:
            produced = self.handler(args)
        except Exception as exc:  # the handler is the upstream here: its failure is an outcome
            return self._with_target(self._handler_failure(exc, key), args)
        if isinstance(produced, httpx.Request):
            keyed = self._send_key(produced, key)
            if client is None:
                with _owned_client() as owned:
                    return self._send_sync(owned, produced, clock, deadline_at, keyed)
            return self._send_sync(client, produced, clock, deadline_at, keyed)
        if inspect.isawaitable(produced):
            if inspect.iscoroutine(produced):
                produced.close()  # never awaited here: close it rather than leak a warning
            raise TypeError(f"tool {self.name!r} returned an awaitable: use `await acall(...)`")
        return self._with_target(self._from_value(produced), args)

    def _send_sync(
        self,
        client: httpx.Client,
        request: httpx.Request,
        clock: Callable[[], float],
        deadline_at: float | None,
        keyed: bool = False,
    ) -> Envelope[Any]:
        read = send_sync(
            client,
            request,
            max_body_bytes=self.max_body_bytes,
            deadline_at=deadline_at,
            clock=clock,
        )
        return self._classify_read(read, request, keyed)

    # -- async -------------------------------------------------------------------------------

    async def acall(
        self,
        arguments: A | Mapping[str, Any] | None = None,
        /,
        *,
        client: httpx.AsyncClient | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio_sleep,
        clock: Callable[[], float] = time.monotonic,
        **kwargs: Any,
    ) -> Envelope[R]:
        """The asynchronous twin of :meth:`call`; handlers may be ``async def``.

        Without ``client``, a request-building handler's request is sent on an
        ``httpx.AsyncClient`` the tool opens for the attempt (on the running event loop) and
        closes after.
        """
        if client is not None and not isinstance(client, httpx.AsyncClient):
            raise TypeError(f"acall() sends on an httpx.AsyncClient, got {type(client).__name__}")
        with CallScope(self.name, self.description, clock()) as active:
            args_or_failure = self._validate_args(arguments, kwargs)
            if isinstance(args_or_failure, Envelope):
                env: Envelope[Any] = args_or_failure
                record = self._refused(env, active)
                if active.listeners:
                    await attempt_async(active.listeners, record)
            else:
                key = self._call_key(args_or_failure)
                args = args_or_failure if key is None else key.args
                deadline_at = self._deadline_at(clock)

                async def attempt() -> Envelope[Any]:
                    env = await self._attempt_async(args, client, clock, deadline_at, key)
                    return self._guarded(_with_key(env, key), args)

                once = self._through_breaker_async(attempt)
                env = await with_retry_async(
                    once, self.policy, sleep=sleep, clock=clock, tool=self.name
                )
                env = _with_key(env, key)
            final = self._finish(env, active)
            await finished_async(active, final, clock())
            return final

    async def _attempt_async(
        self,
        args: A,
        client: httpx.AsyncClient | None,
        clock: Callable[[], float],
        deadline_at: float | None,
        key: _CallKey | None = None,
    ) -> Envelope[Any]:
        try:
            produced = self.handler(args)
            if not isinstance(produced, httpx.Request) and inspect.isawaitable(produced):
                produced = await produced
        except Exception as exc:
            return self._with_target(self._handler_failure(exc, key), args)
        if isinstance(produced, httpx.Request):
            keyed = self._send_key(produced, key)
            if client is None:
                async with _owned_async_client() as owned:
                    return await self._send_async(owned, produced, clock, deadline_at, keyed)
            return await self._send_async(client, produced, clock, deadline_at, keyed)
        return self._with_target(self._from_value(produced), args)

    async def _send_async(
        self,
        client: httpx.AsyncClient,
        request: httpx.Request,
        clock: Callable[[], float],
        deadline_at: float | None,
        keyed: bool = False,
    ) -> Envelope[Any]:
        read = await send_async(
            client,
            request,
            max_body_bytes=self.max_body_bytes,
            deadline_at=deadline_at,
            clock=clock,
        )
        return self._classify_read(read, request, keyed)

    # -- a result the caller got itself -------------------------------------------------------

    def classify(self, result: object) -> Envelope[R]:
        """Classify a response (or the exception) the caller got itself, with this tool's options.

        ``result`` is judged exactly as if the handler had returned (or raised) it: an
        ``httpx.Response``, a ``requests.Response`` or any response-like object goes through the
        tool's items, total, ``not_found``, ``expect``, byte cap and result model; an exception
        through ``errors=``, the library rules and the transport rules. Nothing is retried (the
        caller made the call); one trace record is emitted and the tool's counter counts it.

        Args:
            result: A response, an exception, or a plain value.

        Returns:
            The envelope, as ``call`` would return it.
        """
        with CallScope(self.name, self.description, time.monotonic()) as active:
            if isinstance(result, BaseException):
                env = self._handler_failure(result)
            else:
                env = self._from_value(result)
            if self.secrets and not callable(self.secrets):
                env = scrub_envelope(env, self.secrets)
            final = Decision.DONE if env.outcome in _COMPLETE else Decision.NOT_RETRYABLE
            record = record_for(
                env,
                attempt=1,
                decision=final,
                note="classified by tool.classify",
                call_id=active.info.call_id,
                tool_call_id=active.info.tool_call_id,
            )
            emit(record)
            if active.listeners:
                attempt_sync(active.listeners, record)
            out = self._finish(env, active)
            finished_sync(active, out, time.monotonic())
            return out

    # -- shared steps ------------------------------------------------------------------------

    def _call_key(self, args: A | Envelope[Any]) -> _CallKey | None:
        """The one idempotency key of this logical call, made before its first attempt.

        The args field named by ``idempotency_arg`` gives it when the model set it (so the
        model's own retry carries the same key); otherwise it is generated, and written into
        that field so the handler sees it too.
        """
        if isinstance(args, Envelope) or (
            self.idempotency_key is None and self.idempotency_arg is None
        ):
            return None
        arg = self.idempotency_arg
        given = None if arg is None else getattr(args, arg, None)
        if isinstance(given, str) and given.strip():
            return _CallKey(args, given, given_by_args=True, argument=arg)
        key = str(uuid.uuid4())
        if arg is not None:
            args = args.model_copy(update={arg: key})
        return _CallKey(args, key, given_by_args=False, argument=arg)

    def _send_key(self, request: httpx.Request, key: _CallKey | None) -> bool:
        """Put the call's key on a write's request; whether the request now carries it.

        A key the handler's own first request carries is adopted (unless the arguments gave
        one); every attempt after carries the same key, whatever the handler put there.
        """
        header = self.idempotency_key
        if key is None or header is None or not is_write(request.method):
            return False
        own = request.headers.get(header)
        if own and not key.given_by_args and not key.sent:
            key.value = own
        key.sent = True
        if own != key.value:
            request.headers[header] = key.value
        return True

    def _validate_args(self, arguments: Any, kwargs: Mapping[str, Any]) -> A | Envelope[Any]:
        if arguments is not None and kwargs:
            raise TypeError("pass the arguments either as one object or by name, not both")
        raw = kwargs if arguments is None else arguments
        try:
            if isinstance(raw, self.args_model):
                return raw
            return self.args_model.model_validate(raw)
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in err['loc']) or '<arguments>'}: {err['msg']}"
                for err in exc.errors(include_url=False)
            )
        except Exception as exc:  # a validator that raised something else: still the arguments
            problems = exception_text(exc)
        static = () if callable(self.secrets) else self.secrets
        return Envelope[Any].failed(
            FailureCode.INVALID_ARGUMENTS,
            FailureKind.PERMANENT,
            clean(problems, static),
            tool=self.name,
        )

    @staticmethod
    def _refused(env: Envelope[Any], active: ActiveCall) -> TraceRecord:
        """The one record of a call whose arguments were refused (nothing was attempted)."""
        record = record_for(
            env,
            attempt=1,
            decision=Decision.NOT_RETRYABLE,
            note="invalid arguments",
            call_id=active.info.call_id,
            tool_call_id=active.info.tool_call_id,
        )
        emit(record)
        return record

    def _handler_failure(self, exc: BaseException, key: _CallKey | None = None) -> Envelope[Any]:
        # Declared first: a ToolFailure, then the tool's errors= mappings, then the built-in rules
        # (a library's exceptions by LIBRARY_RULES, the rest by TRANSPORT_RULES).
        declared = declared_failure(exc, self.errors)
        if declared is not None:
            return Envelope[Any].failed(
                declared.code,
                declared.kind,
                clean(declared.detail),
                http_status=declared.http_status,
                retry_after_s=declared.retry_after_s,
                raw_sample=declared.raw_sample,
                tool=self.name,
            )
        for exc_type, code, kind in _HANDLER_ONLY_RULES:
            if isinstance(exc, exc_type):
                detail = clean(exception_text(exc))
                return Envelope[Any].failed(code, kind, detail, tool=self.name)
        env = classify_http(exc, tool=self.name)
        # A handler that sent a write itself (and raised) is keyed only through its arguments.
        keyed = key is not None and key.argument is not None
        failure = env.failure
        if failure is None or env.method is None:
            return env
        held = self._held_write(failure, env.method, keyed)
        return env if held is failure else env.model_copy(update={"failure": held})

    def _from_value(self, value: Any) -> Envelope[Any]:
        """Classify what a plain function returned."""
        if isinstance(value, Envelope):
            return value
        if not isinstance(value, _PLAIN):  # any client's response, read as httpx's is
            parts = response_parts(value, self.max_body_bytes)
            if isinstance(parts, BaseException):
                return self._handler_failure(parts)
            if parts is not None:
                return judge(parts, self._options)
        if isinstance(value, httpx.Response):  # its stream not read yet
            _note_status(value.status_code)
            # Held to the tool's cap as a response the tool read itself would be.
            evidence = response_evidence(value, max_body_bytes=self.max_body_bytes)
            if evidence is not None:
                return judge(evidence, self._options)
            return classify_http(
                value,
                items=self.items,
                total=self.total,
                not_found=self.not_found,
                result_model=self.result_model,
                tool=self.name,
                expect=self.expect,
            )
        if value is None or (isinstance(value, _COLLECTIONS) and not value):
            return Envelope[Any](
                outcome=Outcome.EMPTY,
                data=[] if value is not None else None,
                coverage=Coverage(returned=0),
                tool=self.name,
            )
        data: Any = value
        repairs: tuple[Repair, ...] = ()
        if self.result_model is not None:
            checked = repair(value, self.result_model)
            if isinstance(checked, Rejection):
                return Envelope[Any].failed(
                    FailureCode.SCHEMA,
                    FailureKind.PERMANENT,
                    checked.detail,
                    raw_sample=sample(value),
                    repairs=checked.repairs,
                    tool=self.name,
                )
            data, repairs = checked.value, checked.repairs
        problem = unsendable(data)
        if problem is not None:  # to_text would refuse it later: say so now, as an outcome
            detail = f"the tool returned data with no JSON form: {problem}"
            return Envelope[Any].failed(
                FailureCode.EXECUTION, FailureKind.PERMANENT, detail, tool=self.name
            )
        returned = len(data) if isinstance(data, _COLLECTIONS) else 1
        outcome = Outcome.SUCCESS if returned else Outcome.EMPTY
        return Envelope[Any](
            outcome=outcome,
            data=data,
            coverage=Coverage(returned=returned),
            repairs=repairs,
            tool=self.name,
        )

    def _classify_read(
        self, read: Read | BaseException, request: httpx.Request, keyed: bool = False
    ) -> Envelope[Any]:
        if isinstance(read, BaseException):
            failed = judge(evidence_of(read, request), self._failure_options)
            return self._stamp(failed, request, keyed=keyed)
        sent = read.response.request
        _note_status(read.response.status_code)
        env = judge(evidence_of(read, request), self._options)  # its target: sent.url, redacted
        return self._stamp(env, sent, env.target, keyed=keyed, body=read.body)

    def _stamp(
        self,
        env: Envelope[Any],
        request: httpx.Request,
        target: str | None = None,
        *,
        keyed: bool = False,
        body: bytes | None = None,
    ) -> Envelope[Any]:
        # A JSON body read is where the data's text came from: an echo is looked for there.
        json_body = body if self.expect == "json" else None
        env = scrub_for_request(env, request, body=json_body, result_model=self.result_model)
        target = exit_target(request.url) if target is None else target
        failure = env.failure
        if failure is None and env.tool == self.name and env.target == target:
            return env  # the classifier already stamped it: a copy would change nothing
        update: dict[str, Any] = {"tool": self.name, "target": target}
        if failure is not None:
            update["failure"] = self._held_write(failure, request.method, keyed)
        return env.model_copy(update=update)

    def _held_write(self, failure: Failure, method: str, keyed: bool) -> Failure:
        """``failure``, made permanent when it is a write that may have taken effect and
        sending it again could do it twice (no key, and not declared idempotent)."""
        if keyed or self.retry_unsafe_methods or not _may_have_taken_effect(method, failure):
            return failure
        detail = f"{failure.detail} ({method} not retried: it may have taken effect)"
        return failure.model_copy(update={"kind": FailureKind.PERMANENT, "detail": detail})

    def _with_target(self, env: Envelope[Any], args: A) -> Envelope[Any]:
        if env.target is not None:
            return env
        return env.model_copy(update={"target": self._target(args)})

    def _guarded(self, env: Envelope[Any], args: A) -> Envelope[Any]:
        """An attempt's envelope with the tool's declared secrets removed, before any trace."""
        return scrub_envelope(env, self._declared(args)) if self.secrets else env

    def _finish(self, env: Envelope[Any], active: ActiveCall) -> Envelope[R]:
        # Traces were emitted per attempt with the full (redacted) target; from here on the
        # envelope carries only what the tool lets a model see.
        update: dict[str, Any] = {
            "tool": self.name,
            "target": view_target(env.target, self.target),
            "call_id": active.info.call_id,
            "tool_call_id": active.info.tool_call_id,
        }
        if self.authority is not None:
            update["authority"] = self.authority
        coverage = env.coverage
        if coverage is not None and coverage.next_cursor is not None:
            cursor = {"next_cursor": view_cursor(coverage.next_cursor, self.target)}
            if self.cursor is not None:
                cursor["cursor_argument"] = self.cursor
            update["coverage"] = coverage.model_copy(update=cursor)
        unchanged = all(getattr(env, key) == value for key, value in update.items())
        final = env if unchanged else env.model_copy(update=update)  # a copy costs microseconds
        if self.counter is not None:
            self.counter.observe(final)
        return cast("Envelope[R]", final)  # a string: no parametrising per call

    def _target(self, args: A) -> str:
        # The idempotency key is no secret, but it is not part of what was asked either.
        hidden = () if self.idempotency_arg is None else (self.idempotency_arg,)
        return f"{self.name}({describe_args(args, self._declared(args), hidden)})"

    def _declared(self, args: A) -> Iterable[str]:
        return self.secrets(args) if callable(self.secrets) else self.secrets

    def _through_breaker(self, attempt: Callable[[], Envelope[Any]]) -> Callable[[], Envelope[Any]]:
        breaker = self.breaker
        if breaker is None:
            return attempt
        return lambda: breaker.call(attempt)

    def _through_breaker_async(
        self, attempt: Callable[[], Awaitable[Envelope[Any]]]
    ) -> Callable[[], Awaitable[Envelope[Any]]]:
        breaker = self.breaker
        if breaker is None:
            return attempt

        async def guarded() -> Envelope[Any]:
            return await breaker.acall(attempt)

        return guarded

    def _deadline_at(self, clock: Callable[[], float]) -> float | None:
        deadline = self.policy.deadline_s
        return None if deadline is None else clock() + deadline


@functools.cache
def _ssl_context() -> ssl.SSLContext:
    """One verifying TLS context (httpx's default) for every client a tool opens: building one
    costs milliseconds, a call should not pay it."""
    return httpx.create_ssl_context()


def _owned_client() -> httpx.Client:
    return httpx.Client(verify=_ssl_context())


def _owned_async_client() -> httpx.AsyncClient:
    return httpx.AsyncClient(verify=_ssl_context())


def _note_status(status: int) -> None:
    """Keep the upstream's status for the attempt's trace record (a success carries none)."""
    active = current_call()
    if active is not None:
        active.http_status = status


#: Methods a retry cannot turn into a second side effect (RFC 9110 §9.2.2).
_IDEMPOTENT = frozenset({"GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"})


def _may_have_taken_effect(method: str, failure: Failure) -> bool:
    """A transient failure of a write that may have reached the upstream: sending it again
    without a key could do it twice (a refused connection, a 429 or the breaker cannot)."""
    return (
        failure.kind is FailureKind.TRANSIENT
        and method.upper() not in _IDEMPOTENT
        and failure.effect is Effect.UNKNOWN
    )


@dataclass
class _CallKey:
    """The idempotency key of one logical call, shared by its attempts."""

    args: Any
    value: str
    given_by_args: bool
    argument: str | None = None
    sent: bool = False


def _with_key(env: Envelope[Any], key: _CallKey | None) -> Envelope[Any]:
    """``env`` carrying the call's key (and the argument that takes it), when there is one."""
    if key is None or (
        env.idempotency_key == key.value and env.idempotency_argument == key.argument
    ):
        return env
    update = {"idempotency_key": key.value, "idempotency_argument": key.argument}
    return env.model_copy(update=update)


def _is_header_name(name: object) -> bool:
    """An HTTP field name: a non-empty token (RFC 9110 §5.1)."""
    return isinstance(name, str) and bool(name) and all(c in _TCHAR for c in name)


_TCHAR = frozenset("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


#: What a plain function may return as a collection of items.
_COLLECTIONS = (list, tuple, set, frozenset)
#: Complete answers: a caller's own response that is one needs nothing more.
_COMPLETE = frozenset({Outcome.SUCCESS, Outcome.EMPTY})
#: Values that are data, never a client's response: no attribute is read from them.
_PLAIN = (dict, list, tuple, str, bytes, int, float, bool, type(None), BaseModel)


class ToolOptions(Declared, Generic[A], total=False):
    """The keywords :func:`tool` takes besides ``args`` and ``result``, spelled once: what the
    classifier is told (:class:`~tool_outcomes.classify.Declared`: ``items``, ``total``,
    ``not_found``, ``expect``), then the tool's own.

    Each is the :class:`Tool` field of the same name (its default is the field's), except
    ``name`` (default: the handler's ``__name__``), ``policy`` (``None``: ``RetryPolicy()``) and
    ``secrets`` (any iterable, kept as a tuple).
    """

    name: str | None
    policy: RetryPolicy | None
    breaker: CircuitBreaker | None
    counter: OutcomeCounter | None
    max_body_bytes: int
    authority: str | None
    retry_unsafe_methods: bool
    secrets: Iterable[str] | Callable[[A], Iterable[str]]
    cursor: str | None
    target: TargetView
    idempotency_key: str | None
    idempotency_arg: str | None
    errors: Mapping[type[BaseException], ErrorMapping] | None


@overload
def tool(
    *, args: type[A], result: type[R], **options: Unpack[ToolOptions[A]]
) -> Callable[[Callable[[A], Any]], Tool[A, R]]: ...
@overload
def tool(
    *, args: type[A], result: Any = ..., **options: Unpack[ToolOptions[A]]
) -> Callable[[Callable[[A], Any]], Tool[A, Any]]: ...
def tool(
    *, args: type[A], result: Any = None, **options: Unpack[ToolOptions[A]]
) -> Callable[[Callable[[A], Any]], Tool[A, Any]]:
    """Declare a tool: its argument model and result model, next to its handler.

    Args:
        args: The pydantic model the arguments must satisfy.
        result: The type of the envelope's ``data`` (``list[Item]`` for a collection).

    Keyword Args:
        name: The tool's name (defaults to the handler's ``__name__``).
        items: Dotted path to the collection in a JSON body (see ``classify_http``).
        total: Dotted path to the source's total count.
        not_found: ``"empty"`` when a 404 is a confirmed absence (a lookup by id).
        expect: ``"text"`` or ``"bytes"`` for a body that is not JSON by design (rendered
            HTML, a raw file); see ``classify_http``.
        policy: Retry policy (default: ``RetryPolicy()``).
        breaker: An outcome-aware circuit breaker shared by calls to this upstream.
        counter: An ``OutcomeCounter`` that tallies every final envelope.
        max_body_bytes: Past this, a JSON document is ``too_large`` and a JSON-lines stream is
            ``partial`` with the items read.
        authority: The identity or scope the tool runs under, recorded on every envelope.
        retry_unsafe_methods: "I know these writes are idempotent": retry a POST or PATCH
            after a timeout, a 5xx or a broken connection too. Off by default: such a request
            may already have taken effect (``failure.effect`` is ``"unknown"``), so without an
            idempotency key its transient failure is reported as permanent and not sent again
            (a refused connection or a 429, which changed nothing, is still retried).
        secrets: Values no generic rule can recognise as secret (a webhook URL's path, an
            OAuth ``code``, a key quoted in prose), removed wherever they appear: detail, raw
            sample, target, cursor, data, trace records, every render. Either the values, or a
            function of the validated arguments that returns them (a key read at call time).
        cursor: The argument that takes ``coverage.next_cursor``: a partial then tells the model
            to call the tool again with that argument set to the cursor, and the handler
            receives it (a cursor, a page token or a next URL, as the upstream gave it).
        target: How much of the target the returned envelope (and so every renderer) shows:
            ``"full"`` (redacted), ``"path"`` (a URL's path, no host) or ``"omit"``. Trace
            records always keep the full redacted target. Under ``"path"`` and ``"omit"`` a
            next-page URL in ``coverage.next_cursor`` keeps only its path and query, so a
            handler taking it as ``cursor`` joins it with its base URL.
        idempotency_key: The header that carries an idempotency key (``"Idempotency-Key"``,
            the IETF draft's and Stripe's name). The adapter makes one key per call (unless
            the handler's first request already carries one), sends the same key on every
            attempt of a write, and only then retries a write's transient failures under
            ``policy``. The envelope carries the key (``idempotency_key``), and a keyed write
            that failed tells the model to call again with the same key.
        idempotency_arg: A field of ``args`` that takes the key: when the model sets it, that
            key is used instead of a new one (so the model's own retry is safe too), and a
            generated key is written into it for the handler. Left out of the target.
        errors: How the handler's exceptions are classified, before the built-in rules: an
            exception class → ``(FailureCode, FailureKind)``, or → a function of the exception
            returning a :class:`Failure` (or ``None``: not decided, read on). Looked up along the
            exception's MRO, most specific first. A :class:`ToolFailure` the handler raises is
            classified as it declares, before any mapping.

    Returns:
        A decorator turning the handler into a :class:`Tool`.
    """
    unknown = sorted(set(options) - ToolOptions.__optional_keys__)
    if unknown:
        raise TypeError(f"tool() got an unexpected keyword argument {unknown[0]!r}")
    given: dict[str, Any] = dict(options)
    name = given.pop("name", None)
    policy = given.pop("policy", None)
    secrets = given.pop("secrets", ())

    def decorate(handler: Callable[[A], Any]) -> Tool[A, Any]:
        return Tool(
            name=name or str(getattr(handler, "__name__", "tool")),
            handler=handler,
            args_model=args,
            result_model=result,
            policy=policy if policy is not None else RetryPolicy(),
            description=inspect.getdoc(handler) or "",
            secrets=secrets if callable(secrets) else tuple(secrets),
            **given,
        )

    return decorate
