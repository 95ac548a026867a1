"""Type-checked by mypy (strict), never run: the public render and consume API keeps its types.

Each annotation below is a claim mypy must prove; if a signature drifts, this file stops
type-checking. pytest does not collect it (its name does not start with ``test_``).
"""

from __future__ import annotations

from typing import Any, assert_never

from pydantic import BaseModel

from tool_outcomes import (
    Coverage,
    Effect,
    Envelope,
    Failure,
    Outcome,
    OutcomeHandlers,
    dispatch,
    envelope_output_schema,
    on_outcome,
    to_anthropic,
    to_mcp,
    to_openai,
    to_text,
    tool,
)
from tool_outcomes.consume import Handler, next_step


class Item(BaseModel):
    name: str


env: Envelope[list[Item]] = Envelope[list[Item]](outcome=Outcome.SUCCESS, data=[Item(name="a")])
data: list[Item] | None = env.data
coverage: Coverage | None = env.coverage
failure: Failure | None = env.failure

# Renderers: plain text and plain dicts, ready to send.
text: str = to_text(env)
anthropic_block: dict[str, Any] = to_anthropic(env, "toolu_01")
openai_item: dict[str, Any] = to_openai(env, "call_01")
mcp_result: dict[str, Any] = to_mcp(env)
schema: dict[str, Any] = envelope_output_schema(list[Item])
advice: str = next_step(env)


# Consumption: the handlers' return type is the router's return type.
def count(e: Envelope[list[Item]]) -> int:
    return len(e.data or [])


def nothing(e: Envelope[list[Item]]) -> int:
    return 0


route: OutcomeHandlers[list[Item], int] = on_outcome(
    success=count, empty=nothing, partial=count, access_failure=nothing
)
routed: int = route(env)
same_route: OutcomeHandlers[list[Item], int] = OutcomeHandlers(
    success=count, empty=nothing, partial=count, access_failure=nothing
)
handler: Handler[list[Item], int] = route.handler_for(Outcome.PARTIAL)
dispatched: int = dispatch(env, success=count, empty=nothing, partial=count, access_failure=nothing)
labelled: str = dispatch(
    env,
    success=lambda e: "use",
    empty=lambda e: "absent",
    partial=lambda e: "part",
    access_failure=lambda e: "unanswered",
)


def spend(e: Envelope[list[Item]]) -> list[Item]:
    """The exhaustive match: mypy proves every outcome is handled."""
    outcome = e.outcome
    match outcome:
        case Outcome.SUCCESS | Outcome.PARTIAL:
            return e.data or []
        case Outcome.EMPTY:
            return []
        case Outcome.ACCESS_FAILURE:
            raise LookupError("the question went unanswered")
        case _:
            assert_never(outcome)


# A tool is callable, sync and async; the envelope's type parameter is the declared result type.
class Query(BaseModel):
    q: str


@tool(args=Query, result=list[Item], cursor="q", target="path")
def find(args: Query) -> list[Item]:
    return [Item(name=args.q)]


@tool(args=Query, result=Item, idempotency_key="Idempotency-Key", idempotency_arg="q")
def create(args: Query) -> Item:
    return Item(name=args.q)


created: Envelope[Item] = create(q="k-1")
key: str | None = created.idempotency_key
method: str | None = created.method
effect: Effect | None = None if created.failure is None else created.failure.effect

called: Envelope[list[Item]] = find(q="kettle")
called_with_model: Envelope[list[Item]] = find(Query(q="kettle"))
shown: str = to_text(called, target="omit")


async def find_async() -> Envelope[list[Item]]:
    return await find.acall({"q": "kettle"})
