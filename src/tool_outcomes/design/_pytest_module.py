"""The generated pytest module: the design pinned onto the generated model, and onto real tools.

One test per three-state field per state, the reasons told apart from the JSON alone, the guard
that no field ever silently becomes false, plain fields required as bare values, the routing,
the declared outcomes; then :func:`assert_keeps_the_contract`, which holds any envelope to the
table, and one test per entry of ``TOOL_CALLS`` (a stand-in answering with each declared
outcome, and the real tool's calls a project adds).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tool_outcomes.envelope import Outcome
from tool_outcomes.fields import TriState, not_applicable, present

from ._python import count_words, docstring, literal, routes_lines, state_code
from ._table import FieldDesign, Table, Value

__all__ = ["test_source"]


def test_source(table: Table) -> str:
    """The pytest module's source, for a table with no problems (the caller checks).

    Args:
        table: A ready table.

    Returns:
        Python source, ruff-formatted.
    """
    count = table.case_count
    tool_outcomes_names = sorted(
        {"Envelope", "NAReason", "Outcome", "TriState", "not_applicable", "present"}
        | {"validate_fields"}
        | _envelope_names(table.outcomes),
        key=_isort_key,
    )
    lines = [
        *docstring(
            "Tests of a tool's result contract, generated from its outcome table.\n\n"
            f"The tool is {table.tool}. One test per field per state "
            f"({count_words(table)}), one that tells the not-applicable reasons apart, the "
            "guard that no field ever silently becomes false, the routing, and the outcome "
            "classes the tool declares. assert_keeps_the_contract() holds any envelope to the "
            "table: add a real tool's calls to TOOL_CALLS to check it too, and call "
            "assert_tool_conforms() to drive an HTTP tool through the conformance kit's "
            f"faults. Run them with pytest next to {table.module_name}.py."
        ),
        "",
        "from __future__ import annotations",
        "",
        "from collections.abc import Callable",
        "from typing import Any",
        "",
        "import pytest",
        "from pydantic import ValidationError",
        "from tool_outcomes import (",
        *(f"    {name}," for name in tool_outcomes_names),
        ")",
        "from tool_outcomes.design import NextAction, allowed_actions",
        "from tool_outcomes.testing import ConformanceReport, check_tool",
        "",
        f"from {table.module_name} import (",
        "    OUTCOMES,",
        "    ROUTES,",
        "    TOOL,",
        f"    {table.class_name},",
        "    next_action,",
        ")",
        "",
        f"Result = {table.class_name}",
        "ResultEnvelope = Envelope[Result]",
        "",
        "#: The three-state fields.",
        "FIELDS = (",
        *(f'    "{f.name}",' for f in table.three_state),
        ")",
        "",
        *_plain_lines(table.plain),
        f"#: Every case of the table, one per field per state: {count_words(table)}.",
        "CASES: list[tuple[str, TriState[Any]]] = [",
        *(f'    ("{c.field}", {state_code(c.state)}),' for c in table.cases()),
        "]",
        "",
        "#: The next action the design gives each field in each state (None: present).",
        *routes_lines(table.three_state, "DESIGNED_ROUTES"),
        "",
        "#: The present values a test tries for each field, even one that cannot be present.",
        "SAMPLE_VALUES: dict[str, tuple[Any, ...]] = {",
        *(f'    "{f.name}": {_tuple(f.present_values())},' for f in table.three_state),
        "}",
        "",
        "#: A result in which every field is in its first designed state.",
        "BASELINE: dict[str, Any] = {",
        *(f'    "{f.name}": {_baseline_code(f)},' for f in table.fields),
        "}",
        "",
        "",
        "def make_result(**changes: Any) -> Result:",
        '    """The baseline result with some fields changed."""',
        "    return Result(**(BASELINE | changes))",
        "",
        "",
        "def case_id(name: str, state: TriState[Any]) -> str:",
        '    """A readable test id: resolved-yes, refund_issued-no_permission."""',
        "    if state.reason is not None:",
        '        return f"{name}-{state.reason.value}"',
        "    if isinstance(state.value, bool):",
        """        return f"{name}-{'yes' if state.value else 'no'}\"""",
        '    return f"{name}-present"',
        "",
        "",
        "CASE_IDS = [case_id(name, state) for name, state in CASES]",
        "",
        "",
        *_envelope_lines(table.outcomes),
        "",
        "",
        f"def test_the_table_has_{count}_cases() -> None:",
        f'    """The model accepts exactly the {count} designed states of its fields, no other."""',
        "    accepted = []",
        "    for name in FIELDS:",
        "        tried = [present(value) for value in SAMPLE_VALUES[name]]",
        "        for state in tried + [not_applicable(reason) for reason in NAReason]:",
        "            try:",
        "                make_result(**{name: state})",
        "            except ValidationError:",
        "                continue",
        "            accepted.append((name, state))",
        "    assert accepted == CASES",
        f"    assert len(accepted) == {count}",
        "",
        "",
        '@pytest.mark.parametrize(("name", "state"), CASES, ids=CASE_IDS)',
        "def test_each_state_survives_the_wire(name: str, state: TriState[Any]) -> None:",
        '    """Each designed state validates and comes back from JSON as itself."""',
        "    result = make_result(**{name: state})",
        '    assert validate_fields(result.model_dump(mode="json"), fields=FIELDS) == []',
        "    back = Result.model_validate_json(result.model_dump_json())",
        "    assert getattr(back, name) == state",
        "    assert back == result",
        "",
        "",
        "def test_not_applicable_reasons_are_told_apart() -> None:",
        '    """Read from JSON alone, each not-applicable case names its reason, no value."""',
        "    told: dict[str, list[str]] = {name: [] for name in FIELDS}",
        "    for name, state in CASES:",
        "        if state.reason is None:",
        "            continue",
        '        wire = make_result(**{name: state}).model_dump(mode="json")[name]',
        '        assert wire["status"] == "not_applicable"',
        '        assert wire["value"] is None',
        '        told[name].append(wire["reason"])',
        "    for name, routes in DESIGNED_ROUTES.items():",
        "        designed = [reason.value for reason in routes if reason is not None]",
        "        assert told[name] == designed",
        "",
        "",
        "def test_no_field_ever_silently_becomes_false() -> None:",
        '    """A field left out, or sent as a bare false, null or "", is refused."""',
        '    wire = make_result().model_dump(mode="json")',
        '    assert Result.model_json_schema()["required"] == list(Result.model_fields)',
        "    for name in FIELDS:",
        "        assert Result.model_fields[name].is_required(), name",
        "        without = {key: value for key, value in wire.items() if key != name}",
        "        with pytest.raises(ValidationError, match=name):",
        "            Result.model_validate(without)",
        '        for bare in (False, None, ""):',
        "            with pytest.raises(ValidationError, match=name):",
        "                Result.model_validate(wire | {name: bare})",
        "",
        "",
        '@pytest.mark.parametrize(("name", "state"), CASES, ids=CASE_IDS)',
        "def test_routing(name: str, state: TriState[Any]) -> None:",
        '    """The consumer\'s next action in each case is the one the table designed."""',
        "    action = next_action(make_result(**{name: state}), name)",
        "    assert action is DESIGNED_ROUTES[name][state.reason]",
        "",
        "",
        "def test_every_route_fits_its_state() -> None:",
        '    """Only a failed fetch is retried; no route tells the consumer to act on nothing."""',
        "    assert ROUTES == DESIGNED_ROUTES",
        "    for name, routes in ROUTES.items():",
        "        for reason, action in routes.items():",
        "            if reason is None:",
        "                assert action is NextAction.USE_VALUE, name",
        "            else:",
        "                assert action in allowed_actions(reason), (name, reason)",
        "",
        "",
        "def test_the_tool_declares_its_outcomes() -> None:",
        '    """The outcome classes are the designed ones; the envelope requires one."""',
        "    assert OUTCOMES == (",
        *(f"        Outcome.{o.name}," for o in table.outcomes),
        "    )",
        '    assert "outcome" in ResultEnvelope.model_json_schema()["required"]',
        "",
        "",
        '@pytest.mark.parametrize("outcome", OUTCOMES)',
        "def test_each_declared_outcome_carries_the_result(outcome: Outcome) -> None:",
        '    """An envelope of each declared outcome round-trips through JSON unchanged."""',
        "    result = envelope(outcome)",
        "    assert ResultEnvelope.model_validate_json(result.model_dump_json()) == result",
        *_plain_test_lines(table.plain),
        *_CONTRACT_LINES,
    ]
    return "\n".join(lines) + "\n"


def _plain_lines(plain: tuple[FieldDesign, ...]) -> list[str]:
    if not plain:
        return []
    names = [f'    "{f.name}",' for f in plain]
    return [
        "#: The plain fields: bare values, always present.",
        "PLAIN_FIELDS = (",
        *names,
        ")",
        "",
    ]


def _plain_test_lines(plain: tuple[FieldDesign, ...]) -> list[str]:
    if not plain:
        return []
    return [
        "",
        "",
        "def test_plain_fields_are_required_bare_values() -> None:",
        '    """A plain field left out, null, or sent as a three-state object is refused."""',
        '    wire = make_result().model_dump(mode="json")',
        "    for name in PLAIN_FIELDS:",
        "        assert Result.model_fields[name].is_required(), name",
        "        without = {key: value for key, value in wire.items() if key != name}",
        "        with pytest.raises(ValidationError, match=name):",
        "            Result.model_validate(without)",
        '        for bad in (None, {"status": "present", "value": wire[name]}):',
        "            with pytest.raises(ValidationError, match=name):",
        "                Result.model_validate(wire | {name: bad})",
    ]


# How a project holds any envelope, and so a real tool, to the table: the check, the calls it
# is run on (a stand-in first: envelope() answers with each declared outcome), and a test that
# the check refuses what breaks the contract.
_CONTRACT_LINES = (
    "",
    "",
    "def assert_keeps_the_contract(result: Envelope[Any]) -> None:",
    '    """Assert that an envelope keeps the table\'s contract, as it goes on the wire.',
    "",
    "    Its outcome is one the tool declares; its data, if any, is a valid Result: every",
    "    field there, each in a state the table designed for it.",
    '    """',
    '    assert isinstance(result, Envelope), f"not an Envelope: {type(result).__name__}"',
    '    assert result.outcome in OUTCOMES, f"{result.outcome} is not a declared outcome"',
    '    data = result.model_dump(mode="json")["data"]',
    "    if data is not None:",
    "        try:",
    "            Result.model_validate(data)",
    "        except ValidationError as error:",
    '            raise AssertionError(f"the data breaks the contract: {error}") from None',
    "",
    "",
    "def assert_tool_keeps_the_contract(",
    "    tool: Callable[..., Envelope[Any]], **arguments: Any",
    ") -> Envelope[Any]:",
    '    """Call a tool once, arguments by name; assert its envelope keeps the contract."""',
    "    result = tool(**arguments)",
    "    assert_keeps_the_contract(result)",
    "    return result",
    "",
    "",
    "def assert_tool_conforms(",
    "    tool: Any, arguments: dict[str, Any], *, success_body: Any = None",
    ") -> ConformanceReport:",
    '    """Drive an HTTP tool through every fault of tool_outcomes.testing.check_tool.',
    "",
    "    Assert that it declares the right outcome under each fault, and that every",
    "    envelope it returned keeps the table's contract. success_body is one real,",
    "    complete answer from the tool's API (without it, the faults made from it are",
    "    skipped).",
    '    """',
    "    report = check_tool(tool, arguments, success_body=success_body)",
    "    assert report.ok, str(report)",
    "    for row in report.rows:",
    "        if row.envelope is not None:",
    "            assert_keeps_the_contract(row.envelope)",
    "    return report",
    "",
    "",
    "#: The calls test_each_tool_call_keeps_the_contract makes: (a tool, its arguments by",
    "#: name). A tool is anything that returns an Envelope, a tool_outcomes @tool say. The",
    "#: stand-in answers with each declared outcome; add your tool's calls (against a mocked",
    "#: upstream) to hold it to this table too.",
    "TOOL_CALLS: list[tuple[Callable[..., Envelope[Any]], dict[str, Any]]] = [",
    '    *((envelope, {"outcome": outcome}) for outcome in OUTCOMES),',
    "]",
    "",
    "",
    "def call_id(tool: Callable[..., Any], arguments: dict[str, Any]) -> str:",
    '    """A readable test id: envelope-outcome=success."""',
    '    name = getattr(tool, "name", None) or getattr(tool, "__name__", "tool")',
    '    return f"{name}-" + ",".join(f"{key}={value}" for key, value in arguments.items())',
    "",
    "",
    "@pytest.mark.parametrize(",
    '    ("tool", "arguments"), TOOL_CALLS, ids=[call_id(*call) for call in TOOL_CALLS]',
    ")",
    "def test_each_tool_call_keeps_the_contract(",
    "    tool: Callable[..., Envelope[Any]], arguments: dict[str, Any]",
    ") -> None:",
    '    """Each listed call returns an envelope that keeps the table\'s contract."""',
    "    assert_tool_keeps_the_contract(tool, **arguments)",
    "",
    "",
    "def test_the_contract_check_refuses_a_broken_envelope() -> None:",
    '    """A bare false in a field, or an outcome the tool does not declare, fails it."""',
    '    data = envelope(Outcome.SUCCESS).model_dump(mode="json")["data"]',
    "    for name in FIELDS:",
    "        broken = Envelope[Any](outcome=Outcome.SUCCESS, data=data | {name: False})",
    "        with pytest.raises(AssertionError, match=name):",
    "            assert_keeps_the_contract(broken)",
    "    for outcome in [o for o in Outcome if o not in OUTCOMES]:",
    '        undeclared = envelope(Outcome.SUCCESS).model_copy(update={"outcome": outcome})',
    '        with pytest.raises(AssertionError, match="not a declared outcome"):',
    "            assert_keeps_the_contract(undeclared)",
)


def _baseline_code(field: FieldDesign) -> str:
    if field.plain:
        return literal(field.present_values()[-1])
    return state_code(_first_state(field))


def _tuple(values: tuple[Value, ...]) -> str:
    inner = ", ".join(literal(v) for v in values)
    return f"({inner},)" if len(values) == 1 else f"({inner})"


def _first_state(field: FieldDesign) -> TriState[Any]:
    if field.present:
        return present(field.present_values()[-1])  # a bool's baseline is "no": a real no
    return not_applicable(field.reasons()[0])


def _isort_key(name: str) -> tuple[int, str]:
    # isort's order inside one import: CONSTANTS, then Classes, then functions.
    kind = 0 if name.isupper() else 1 if name[:1].isupper() else 2
    return kind, name


# How the generated tests build a minimal envelope of each outcome: the lines of its branch in
# envelope(), and the names those lines import. success is the fall-through at the end.
_ENVELOPE_BRANCHES: dict[Outcome, tuple[tuple[str, ...], frozenset[str]]] = {
    Outcome.ACCESS_FAILURE: (
        (
            "    if outcome is Outcome.ACCESS_FAILURE:",
            "        failure = Failure(code=FailureCode.TIMEOUT, kind=FailureKind.TRANSIENT)",
            "        return ResultEnvelope(outcome=outcome, failure=failure, tool=TOOL)",
        ),
        frozenset({"Failure", "FailureCode", "FailureKind"}),
    ),
    Outcome.EMPTY: (
        (
            "    if outcome is Outcome.EMPTY:",
            "        return ResultEnvelope(outcome=outcome, tool=TOOL)",
        ),
        frozenset(),
    ),
    Outcome.PARTIAL: (
        (
            "    if outcome is Outcome.PARTIAL:",
            "        cut = Coverage(returned=1, truncated_by=TruncatedBy.UPSTREAM_FLAG)",
            "        data = make_result()",
            "        return ResultEnvelope(outcome=outcome, data=data, coverage=cut, tool=TOOL)",
        ),
        frozenset({"Coverage", "TruncatedBy"}),
    ),
}


def _envelope_lines(outcomes: Iterable[Outcome]) -> list[str]:
    """``envelope(outcome)``: a minimal envelope of each declared outcome around a result."""
    declared = set(outcomes)
    body = [
        "def envelope(outcome: Outcome) -> Envelope[Result]:",
        '    """A minimal envelope of one declared outcome around a result."""',
    ]
    for outcome, (branch, _) in _ENVELOPE_BRANCHES.items():
        if outcome in declared:
            body += branch
    return [*body, "    return ResultEnvelope(outcome=outcome, data=make_result(), tool=TOOL)"]


def _envelope_names(outcomes: Iterable[Outcome]) -> set[str]:
    """The names ``envelope()``'s branches for the declared outcomes import."""
    declared = set(outcomes)
    return {name for o, (_, names) in _ENVELOPE_BRANCHES.items() if o in declared for name in names}
