"""The outcome table: the real case count, validation, JSON, and the code it generates.

The generated code is held to what a project that takes it home needs: it imports, its model
validates, its tests run in a separate pytest process and pass against the generated model,
and fail against a model whose field defaults to ``false``; the same table always gives the
same bytes; ruff finds nothing to fix under its defaults. The last test runs the generated
tests with nothing importable but ``tool-outcomes``, pytest and what they depend on.
"""

from __future__ import annotations

import importlib.util
import json
import keyword
import os
import shutil
import subprocess
import sys
from importlib.metadata import Distribution, distribution
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from packaging.requirements import Requirement
from pydantic import AliasChoices, BaseModel, ConfigDict, Field, ValidationError

import tool_outcomes
from tool_outcomes import NAReason, Outcome, TriState, not_applicable, present
from tool_outcomes.design import (
    ACTION_WORDS,
    MAX_NAME_CHARS,
    OUTCOME_WORDS,
    REASON_RULES,
    FieldDesign,
    FieldType,
    NextAction,
    OutcomeTable,
    PytestSummary,
    Route,
    TableError,
    WriteRefused,
    allowed_actions,
    run_tests,
    states_schema,
    suggested_action,
)
from tool_outcomes.workbook.nb09.builder import SUPPORT_TICKET

RUFF = Path(sys.executable).with_name("ruff")
# The support ticket's generated tests: its 13 cases twice (the wire, the routing), its 3
# outcomes twice (the envelope round trip, the stand-in tool call), the five single tests and
# the contract check's refusal.
SUPPORT_TICKET_TESTS = 13 * 2 + 3 * 2 + 5 + 1


def _route(reason: NAReason, action: NextAction | None = None, note: str = "") -> Route:
    return Route(reason=reason, action=action or suggested_action(reason), note=note)


def _table(*fields: FieldDesign, **changes: Any) -> OutcomeTable:
    raw: dict[str, Any] = {"tool": "lookup", "outcomes": (Outcome.SUCCESS,), "fields": fields}
    return OutcomeTable(**(raw | changes))


def _load(folder: Path, module_name: str) -> ModuleType:
    """Import a generated module from ``folder`` under a unique name, not cached afterwards."""
    spec = importlib.util.spec_from_file_location(module_name, folder / f"{module_name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[module_name]
    return module


# -- the support ticket: the count and the routing ---------------------------------------------


def test_the_support_ticket_has_13_cases_not_4_times_3() -> None:
    """Yes/no for the bools, one value for the manager, plus one case per real reason."""
    assert SUPPORT_TICKET.naive_count == 12
    assert SUPPORT_TICKET.case_count == 13
    per_field = {f.name: 0 for f in SUPPORT_TICKET.fields}
    for case in SUPPORT_TICKET.cases():
        per_field[case.field] += 1
    assert per_field == {
        "resolved": 3,  # yes, no, fetch_failed
        "refund_issued": 4,  # yes, no, no_permission, not_requested
        "customer_vip": 3,  # yes, no, fetch_failed
        "account_manager": 3,  # a value, fetch_failed, out_of_scope
    }
    assert SUPPORT_TICKET.count_line() == (
        "support_ticket: 13 cases from 4 fields (4 × 3 would say 12)"
    )


def test_the_support_ticket_routes_as_the_article_says() -> None:
    """Out of scope asks no manager; no permission asks for scope; a failed VIP fetch retries."""
    routes = {(c.field, c.state.reason): c.action for c in SUPPORT_TICKET.cases()}
    assert routes["account_manager", NAReason.OUT_OF_SCOPE] is NextAction.SAY_NOT_APPLICABLE
    assert routes["refund_issued", NAReason.NO_PERMISSION] is NextAction.ASK_FOR_SCOPE
    assert routes["customer_vip", NAReason.FETCH_FAILED] is NextAction.RETRY_ONCE_THEN_DROP
    assert {a for (_, reason), a in routes.items() if reason is None} == {NextAction.USE_VALUE}
    markdown = SUPPORT_TICKET.routing_markdown()
    assert (
        "| `customer_vip` | not_applicable(fetch_failed) | `retry_once_then_drop`: "
        "retry once, then go on without it | then drop VIP routing |"
    ) in markdown
    assert "| `access_failure` | conclude nothing;" in markdown


def test_cases_list_present_values_then_reasons_in_enum_order() -> None:
    """The case table reads field by field: present values, then reasons in NAReason order."""
    field = FieldDesign(
        name="stock",
        type=FieldType.INT,
        not_applicable=(_route(NAReason.OUT_OF_SCOPE), _route(NAReason.FETCH_FAILED)),
    )
    cases = _table(field).cases()
    assert [c.state for c in cases] == [
        present(0),
        not_applicable(NAReason.FETCH_FAILED),
        not_applicable(NAReason.OUT_OF_SCOPE),
    ]
    assert [c.label for c in cases] == [
        "present",
        "not_applicable(fetch_failed)",
        "not_applicable(out_of_scope)",
    ]
    text = _table(field).cases_text().splitlines()
    assert text[0] == "lookup: 3 cases from 1 field (1 × 3 would say 3)"
    assert text[1].split() == ["field", "state", "next", "action", "note"]
    assert len(text) == 2 + 1 + len(cases)


def test_a_field_that_cannot_be_present_has_only_its_reasons() -> None:
    """present=False drops the present cases: the field is always not applicable."""
    field = FieldDesign(
        name="legacy", present=False, not_applicable=(_route(NAReason.OUT_OF_SCOPE),)
    )
    assert [c.label for c in _table(field).cases()] == ["not_applicable(out_of_scope)"]


# -- the rules ----------------------------------------------------------------------------------


def test_only_a_failed_fetch_may_be_retried() -> None:
    """No permission, not requested and out of scope never allow a retry: the answer is fixed."""
    retries = {NextAction.RETRY_ONCE_THEN_REPORT, NextAction.RETRY_ONCE_THEN_DROP}
    for reason, rule in REASON_RULES.items():
        assert rule.actions, reason
        assert NextAction.USE_VALUE not in rule.actions, reason
        assert bool(retries & set(rule.actions)) is (reason is NAReason.FETCH_FAILED), reason
        assert suggested_action(reason) is allowed_actions(reason)[0]
    assert NextAction.ESCALATE not in allowed_actions(NAReason.OUT_OF_SCOPE)
    assert set(REASON_RULES) == set(NAReason)
    assert set(ACTION_WORDS) == set(NextAction)
    assert set(OUTCOME_WORDS) == set(Outcome)


LONG = "x" * (MAX_NAME_CHARS + 1)

PROBLEMS = [
    pytest.param(
        _table(FieldDesign(name="vip", present=False)),
        "vip: no state: allow it to be present, or add a not-applicable reason",
        id="no-state",
    ),
    pytest.param(
        _table(
            FieldDesign(
                name="refund", not_applicable=(Route(reason=NAReason.NO_PERMISSION, action=None),)
            )
        ),
        "refund: not_applicable(no_permission) has no next action: choose one of "
        "ask_for_scope, report_unknown, escalate",
        id="missing-action",
    ),
    pytest.param(
        _table(FieldDesign(name="vip"), FieldDesign(name="vip", type=FieldType.STR)),
        "vip: duplicate field name (fields 1 and 2)",
        id="duplicate-name",
    ),
    pytest.param(
        _table(
            FieldDesign(
                name="refund",
                not_applicable=(_route(NAReason.NO_PERMISSION, NextAction.RETRY_ONCE_THEN_REPORT),),
            )
        ),
        "refund: not_applicable(no_permission) → retry_once_then_report does not fit: a retry "
        "or a re-query without the scope gets the same refusal (choose one of ask_for_scope, "
        "report_unknown, escalate)",
        id="retry-without-scope",
    ),
    pytest.param(
        _table(
            FieldDesign(
                name="manager",
                not_applicable=(_route(NAReason.OUT_OF_SCOPE, NextAction.ESCALATE),),
            )
        ),
        "manager: not_applicable(out_of_scope) → escalate does not fit: the field does not exist "
        "for this entity: nothing to retry, ask for or escalate (choose one of say_not_applicable)",
        id="escalate-out-of-scope",
    ),
    pytest.param(
        _table(
            FieldDesign(
                name="vip",
                not_applicable=(_route(NAReason.FETCH_FAILED), _route(NAReason.FETCH_FAILED)),
            )
        ),
        "vip: not_applicable(fetch_failed) is listed twice",
        id="duplicate-reason",
    ),
    pytest.param(
        _table(FieldDesign(name="Customer VIP")),
        "Customer VIP: 'Customer VIP' is not a snake_case name (lowercase letters, digits and _, "
        "starting with a letter)",
        id="not-snake-case",
    ),
    pytest.param(_table(FieldDesign(name="")), "field 1: no name yet", id="no-name"),
    pytest.param(
        _table(FieldDesign(name="class")),
        "class: 'class' is a Python keyword; pick another name",
        id="keyword",
    ),
    pytest.param(
        _table(FieldDesign(name="model_config")),
        "model_config: 'model_config' is reserved by pydantic models; pick another name",
        id="reserved",
    ),
    pytest.param(
        _table(FieldDesign(name="copy")),
        "copy: 'copy' is reserved by pydantic models; pick another name",
        id="basemodel-attribute",
    ),
    pytest.param(
        _table(FieldDesign(name=LONG)),
        f"{LONG}: {LONG!r} is longer than {MAX_NAME_CHARS} characters",
        id="long-name",
    ),
    pytest.param(
        _table(FieldDesign(name="vip", example="yes")),
        "vip: an example is for a str, int or float field (a bool field is tested with both "
        "answers)",
        id="example-on-bool",
    ),
    pytest.param(
        _table(FieldDesign(name="manager", type=FieldType.STR, example='say "hi"')),
        f"manager: the example must be at most {MAX_NAME_CHARS} printable ASCII characters, "
        "without quotes or backslashes",
        id="example-with-quotes",
    ),
    pytest.param(
        _table(
            FieldDesign(name="vip", not_applicable=(_route(NAReason.FETCH_FAILED, note="a\nb"),))
        ),
        "vip: not_applicable(fetch_failed): the note must be one line of at most 100",
        id="note-on-two-lines",
    ),
    pytest.param(_table(), "fields: none yet: add at least one field", id="no-fields"),
    pytest.param(
        _table(FieldDesign(name="vip"), outcomes=(Outcome.EMPTY,)),
        "outcomes: success is missing: a tool must be able to succeed",
        id="no-success",
    ),
    pytest.param(
        _table(FieldDesign(name="vip"), outcomes=(Outcome.SUCCESS, Outcome.SUCCESS)),
        "outcomes: success is listed twice",
        id="outcome-twice",
    ),
    pytest.param(
        _table(FieldDesign(name="vip"), tool="Support Ticket"),
        "tool: 'Support Ticket' is not a snake_case name (lowercase letters, digits and _, "
        "starting with a letter)",
        id="tool-name",
    ),
]


@pytest.mark.parametrize(("table", "message"), PROBLEMS)
def test_each_problem_names_its_field_and_rule(table: OutcomeTable, message: str) -> None:
    """A draft can be built, and lists each problem in one message naming where and which rule."""
    assert table.problems() == [message]
    assert "1 problem" in repr(table)


@pytest.mark.parametrize(("table", "message"), PROBLEMS)
def test_nothing_is_generated_from_a_table_with_problems(table: OutcomeTable, message: str) -> None:
    """Every generator refuses a draft, with the same messages."""
    generators = (
        table.model_source,
        table.model_class,
        table.json_schema,
        table.test_source,
        table.routing_markdown,
        table.files,
    )
    for generate in generators:
        with pytest.raises(TableError) as refused:
            generate()
        assert refused.value.problems == [message]


def test_a_ready_table_has_no_problems() -> None:
    """The support ticket passes every rule."""
    assert SUPPORT_TICKET.problems() == []
    SUPPORT_TICKET.check()


# -- JSON ---------------------------------------------------------------------------------------


def test_the_support_ticket_round_trips_through_json_exactly() -> None:
    """A saved design reloads as an equal table and saves again to the same bytes."""
    text = SUPPORT_TICKET.to_json()
    assert OutcomeTable.from_json(text) == SUPPORT_TICKET
    assert OutcomeTable.from_json(text).to_json() == text
    assert json.loads(text)["fields"][1]["not_applicable"][0] == {
        "reason": "no_permission",
        "action": "ask_for_scope",
        "note": "ask the caller to grant billing:read; no retry",
    }


def test_a_draft_round_trips_with_its_problems() -> None:
    """A table with problems can be saved and reloaded as it is, to be fixed later."""
    draft = PROBLEMS[1].values[0]
    assert isinstance(draft, OutcomeTable)
    again = OutcomeTable.from_json(draft.to_json())
    assert again == draft
    assert again.problems() == draft.problems()


def _saved_with(change: dict[str, Any]) -> str:
    raw = json.loads(SUPPORT_TICKET.to_json())
    raw["fields"][2]["not_applicable"][0].update(change)
    return json.dumps(raw)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            _saved_with({"reason": "busy"}),
            "customer_vip: unknown reason 'busy' (expected one of fetch_failed, no_permission, "
            "not_requested or out_of_scope)",
        ),
        (
            _saved_with({"action": "retry_forever"}),
            "customer_vip: unknown action 'retry_forever' (expected one of ",
        ),
        (
            SUPPORT_TICKET.to_json().replace('"type": "str"', '"type": "date"'),
            "account_manager: unknown type 'date' (expected one of bool, str, int or float)",
        ),
        (
            SUPPORT_TICKET.to_json().replace('"empty"', '"maybe"'),
            "outcomes: unknown outcome 'maybe' (expected one of success, empty, partial or "
            "access_failure)",
        ),
        (
            json.dumps({"tool": "t", "outcomes": ["success"], "fields": [{"type": "bool"}]}),
            "field 1: name: Field required",
        ),
        ("{not json", "not JSON: "),
    ],
    ids=["unknown-reason", "unknown-action", "unknown-type", "unknown-outcome", "no-name", "json"],
)
def test_loading_a_bad_design_names_the_field(text: str, message: str) -> None:
    """An unknown reason, action, type or outcome is refused with the field's name, not an index."""
    with pytest.raises(TableError) as refused:
        OutcomeTable.from_json(text)
    assert len(refused.value.problems) == 1
    assert refused.value.problems[0].startswith(message)


_NAMES = st.from_regex(r"[a-z][a-z0-9_]{0,29}", fullmatch=True).filter(
    lambda n: (
        not keyword.iskeyword(n)
        and not keyword.issoftkeyword(n)
        and not n.startswith("model_")
        and n not in dir(tool_outcomes.TriState)
    )
)


@st.composite
def _fields(draw: st.DrawFn) -> FieldDesign:
    routes = [
        Route(
            reason=reason,
            action=draw(st.sampled_from(allowed_actions(reason))),
            note=draw(st.text(st.characters(blacklist_categories=["Cc", "Cs"]), max_size=40)),
        )
        for reason in NAReason
        if draw(st.booleans())
    ]
    kind = draw(st.sampled_from(FieldType))
    plain = draw(st.booleans()) and draw(st.booleans())  # one field in four
    examples = {
        FieldType.STR: st.from_regex(r"[ a-zA-Z0-9@.:_-]{0,30}", fullmatch=True),
        FieldType.INT: st.integers(-(10**12), 10**12),
        FieldType.FLOAT: st.floats(-1e9, 1e9, allow_nan=False) | st.integers(-999, 999),
        FieldType.BOOL: st.none(),
    }
    return FieldDesign(
        name=draw(_NAMES),
        type=kind,
        plain=plain,
        present=draw(st.booleans()) if routes and not plain else True,
        example=draw(examples[kind] | st.none()),
        not_applicable=() if plain else tuple(draw(st.permutations(routes))),
    )


_TABLES = st.builds(
    OutcomeTable,
    tool=_NAMES,
    outcomes=st.lists(st.sampled_from(Outcome), unique=True).map(
        lambda rest: (Outcome.SUCCESS, *(o for o in rest if o is not Outcome.SUCCESS))
    ),
    fields=st.lists(_fields(), min_size=1, max_size=5, unique_by=lambda f: f.name)
    .filter(lambda fields: not all(f.plain for f in fields))
    .map(tuple),
)


@given(_TABLES)
def test_any_table_round_trips_through_json_exactly(table: OutcomeTable) -> None:
    """For any table: reloading its JSON gives an equal table, and saving that the same bytes."""
    again = OutcomeTable.from_json(table.to_json())
    assert again == table
    assert again.to_json() == table.to_json()


# Each example executes a generated pydantic model (~50 ms): fewer than the profile's count.
@settings(max_examples=100)
@given(_TABLES)
def test_any_ready_table_generates_code_that_compiles(table: OutcomeTable) -> None:
    """For any valid table: no problems, the count adds up, and both modules compile."""
    assert table.problems() == []
    expected = sum(
        (len(f.present_values()) if f.present else 0) + len(f.reasons())
        for f in table.fields
        if not f.plain
    )
    assert table.case_count == expected
    compile(table.model_source(), "model.py", "exec")
    compile(table.test_source(), "test_model.py", "exec")
    assert table.json_schema()["required"] == [f.name for f in table.fields]


# -- the generated code -------------------------------------------------------------------------


def test_the_same_table_gives_byte_identical_files() -> None:
    """Generation depends on nothing but the table: a reloaded copy gives the same bytes."""
    copy = OutcomeTable.from_json(SUPPORT_TICKET.to_json())
    assert copy is not SUPPORT_TICKET
    assert copy.files() == SUPPORT_TICKET.files()
    assert list(SUPPORT_TICKET.files()) == [
        "support_ticket.outcomes.json",
        "support_ticket_result.py",
        "support_ticket_result.schema.json",
        "support_ticket_result.envelope.schema.json",
        "test_support_ticket_result.py",
        "support_ticket_routing.md",
    ]


@pytest.fixture
def written(tmp_path: Path) -> Path:
    """The support ticket's files, written into a fresh folder."""
    folder = tmp_path / "support_ticket_contract"
    SUPPORT_TICKET.write_files(folder)
    return folder


def test_the_generated_model_imports_and_validates(written: Path) -> None:
    """The model accepts a designed state, refuses an undeclared one, and routes by reason."""
    module = _load(written, "support_ticket_result")
    model = module.SupportTicketResult
    fields = {
        "resolved": present(False),
        "refund_issued": not_applicable(NAReason.NO_PERMISSION),
        "customer_vip": not_applicable(NAReason.FETCH_FAILED),
        "account_manager": not_applicable(NAReason.OUT_OF_SCOPE),
    }
    result = model(**fields)
    assert model.model_validate_json(result.model_dump_json()) == result
    assert module.next_action(result, "refund_issued") is NextAction.ASK_FOR_SCOPE
    assert module.next_action(result, "account_manager") is NextAction.SAY_NOT_APPLICABLE
    assert module.next_action(result, "resolved") is NextAction.USE_VALUE
    with pytest.raises(ValidationError, match="resolved: no_permission is not a declared state"):
        model(**(fields | {"resolved": not_applicable(NAReason.NO_PERMISSION)}))
    with pytest.raises(ValidationError, match="customer_vip"):
        model(**{k: v for k, v in fields.items() if k != "customer_vip"})
    assert SUPPORT_TICKET.outcomes == module.OUTCOMES


def test_the_json_schema_is_the_generated_models_own(written: Path) -> None:
    """json_schema() and the written schema file are what the generated class says."""
    model = _load(written, "support_ticket_result").SupportTicketResult
    schema = model.model_json_schema()
    assert SUPPORT_TICKET.json_schema() == schema
    assert json.loads((written / "support_ticket_result.schema.json").read_text()) == schema
    assert schema["required"] == ["resolved", "refund_issued", "customer_vip", "account_manager"]
    assert schema["properties"]["refund_issued"]["description"] == (
        "yes or no; not applicable: no_permission, not_requested"
    )


def test_the_generated_tests_pass_against_the_generated_model(written: Path) -> None:
    """pytest, in its own process, runs one test per case, the guards, and passes them all."""
    result = run_tests(written)
    assert result.ok, result.output
    assert result.summary() == f"{SUPPORT_TICKET_TESTS} passed"
    assert sorted(p.name for p in written.iterdir()) == sorted(SUPPORT_TICKET.files())


FALSE_DEFAULTS = [
    pytest.param(
        "    resolved: TriState[bool] = Field(\n",
        "    resolved: TriState[bool] = Field(\n        default=present(False),\n",
        {"test_no_field_ever_silently_becomes_false"},
        id="tristate-defaulting-to-present-false",
    ),
    pytest.param(
        '    resolved: TriState[bool] = Field(\n        description="yes or no; not applicable: '
        'fetch_failed",\n    )\n',
        "    resolved: bool = False\n",
        {
            "test_the_table_has_13_cases",
            "test_each_state_survives_the_wire[resolved-yes]",
            "test_not_applicable_reasons_are_told_apart",
            "test_no_field_ever_silently_becomes_false",
            "test_routing[resolved-fetch_failed]",
        },
        id="bare-bool-defaulting-to-false",
    ),
]


@pytest.mark.parametrize(("old", "new", "must_fail"), FALSE_DEFAULTS)
def test_the_generated_tests_fail_against_a_field_that_defaults_to_false(
    written: Path, old: str, new: str, must_fail: set[str]
) -> None:
    """Give one field a default of false and the guard (at least) fails."""
    model_path = written / "support_ticket_result.py"
    source = model_path.read_text()
    assert old in source
    source = source.replace(old, new)
    if "present(False)" in new:
        source = source.replace(
            "from tool_outcomes import NAReason, Outcome, TriState",
            "from tool_outcomes import NAReason, Outcome, TriState, present",
        )
    model_path.write_text(source)
    result = run_tests(written)
    assert not result.ok
    assert must_fail <= set(result.failures), result.summary()


def test_the_generated_code_is_ruff_clean_and_formatted(written: Path) -> None:
    """ruff (defaults, and the project's stricter rule set at 88 and 100 columns) fixes nothing."""
    rules = "E,W,F,I,B,UP,SIM,RUF,C4,PT,RET,PIE"
    commands = [
        ["check", "--isolated", "--no-cache", "."],
        ["check", "--isolated", "--no-cache", "--select", rules, "."],
        ["format", "--isolated", "--no-cache", "--check", "."],
        ["format", "--isolated", "--no-cache", "--line-length", "100", "--check", "."],
    ]
    for command in commands:
        done = subprocess.run(
            [str(RUFF), *command], cwd=written, capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, f"ruff {' '.join(command)}:\n{done.stdout}{done.stderr}"


def test_the_longest_names_still_give_ruff_clean_code(tmp_path: Path) -> None:
    """Names and examples at their limits, every reason, note, type and outcome: still clean."""
    name = "a" * (MAX_NAME_CHARS - 2) + "_z"
    fields = tuple(
        FieldDesign(
            name=f"{name[: MAX_NAME_CHARS - 2]}_{kind.value[0]}",
            type=kind,
            example="e" * MAX_NAME_CHARS if kind is FieldType.STR else None,
            not_applicable=tuple(_route(r, note="n " * 50) for r in NAReason),
        )
        for kind in FieldType
    )
    table = OutcomeTable(tool=name, outcomes=tuple(Outcome), fields=fields)
    assert table.problems() == []
    table.write_files(tmp_path / "longest")
    for line in table.model_source().splitlines() + table.test_source().splitlines():
        assert len(line) <= 88, line
    test_the_generated_code_is_ruff_clean_and_formatted(tmp_path / "longest")
    result = run_tests(tmp_path / "longest")
    assert result.ok, result.output


def test_the_generated_code_imports_only_tool_outcomes_pydantic_and_pytest() -> None:
    """Beyond the standard library, the model and the tests need nothing a project lacks."""
    imported: set[str] = set()
    for source in (SUPPORT_TICKET.model_source(), SUPPORT_TICKET.test_source()):
        for line in source.splitlines():
            if line.startswith(("import ", "from ")):
                imported.add(line.split()[1].split(".")[0])
    assert imported - set(sys.stdlib_module_names) - {"__future__"} == {
        "pydantic",
        "pytest",
        "tool_outcomes",
        "support_ticket_result",  # the generated model, beside the tests
    }


# -- taking it home -----------------------------------------------------------------------------


def _closure(*names: str) -> list[Distribution]:
    """The distributions ``names`` need to run, following their unconditional requirements."""
    found: dict[str, Distribution] = {}
    todo = list(names)
    while todo:
        dist = distribution(todo.pop())
        key = dist.metadata["Name"].lower().replace("_", "-")
        if key in found:
            continue
        found[key] = dist
        for text in dist.requires or []:
            requirement = Requirement(text)
            if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
                todo.append(requirement.name)
    return list(found.values())


def _install_only(target: Path, *names: str) -> list[str]:
    """Link into ``target`` the files of ``names`` and their dependencies, nothing else."""
    target.mkdir()
    linked = ["tool_outcomes"]  # the package itself, wherever this checkout imports it from
    (target / "tool_outcomes").symlink_to(Path(tool_outcomes.__file__).parent)
    for dist in _closure(*names):
        site = Path(str(dist.locate_file("")))
        tops = {Path(str(f)).parts[0] for f in dist.files or [] if not str(f).startswith("..")}
        for top in sorted(tops - {"__pycache__", "tool_outcomes"}):
            if top.endswith(".pth") or not (site / top).exists():
                continue  # .pth files only matter to site, which the fresh run does not load
            (target / top).symlink_to(site / top)
            linked.append(top)
    return linked


def test_the_generated_tests_pass_in_a_fresh_folder_with_only_tool_outcomes_and_pytest(
    written: Path, tmp_path: Path
) -> None:
    """Copied alone into a new folder, with only tool-outcomes, pytest and their dependencies
    importable (no site-packages, no repository, no conftest, no cache), the tests pass."""
    fresh = tmp_path / "elsewhere"
    fresh.mkdir()
    for name in ("support_ticket_result.py", "test_support_ticket_result.py"):
        shutil.copy(written / name, fresh / name)
    packages = tmp_path / "site"
    linked = _install_only(packages, "tool-outcomes", "pytest")
    assert {"tool_outcomes", "pydantic", "pytest", "httpx"} <= set(linked)
    assert not {"ipywidgets", "hypothesis", "nbval", "jupyterlab"} & set(linked)

    def run(code: str) -> subprocess.CompletedProcess[str]:
        # -I: no user site, no PYTHON* variables, no script folder on sys.path; -S: no site
        # (so no site-packages); -B: no bytecode written into the fresh folder.
        prelude = f"import sys; sys.path.insert(0, {str(packages)!r}); "
        env = {"PATH": os.environ.get("PATH", "")}
        return subprocess.run(
            [sys.executable, "-I", "-S", "-B", "-c", prelude + code],
            cwd=fresh,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )

    probe = run("import hypothesis")
    assert "ModuleNotFoundError" in probe.stderr, "the fresh run can see more than it should"
    done = run(
        "import pytest; sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', "
        "'--rootdir', '.', '-c', '/dev/null' if sys.platform != 'win32' else 'NUL', '.']))"
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{SUPPORT_TICKET_TESTS} passed" in done.stdout
    assert sorted(p.name for p in fresh.iterdir()) == [
        "support_ticket_result.py",
        "test_support_ticket_result.py",
    ]


# -- writing ------------------------------------------------------------------------------------


def test_write_files_creates_the_last_folder_and_writes_every_file(tmp_path: Path) -> None:
    """The named folder is created when its parent exists; the files are the table's files."""
    written = SUPPORT_TICKET.write_files(tmp_path / "new")
    assert [p.name for p in written] == list(SUPPORT_TICKET.files())
    for path in written:
        assert path.read_text(encoding="utf-8") == SUPPORT_TICKET.files()[path.name]


@pytest.mark.parametrize(
    ("folder", "message"),
    [
        ("", "no folder named: type the name of a folder to write into"),
        ("   ", "no folder named"),
        ("missing/deeper", "its parent folder does not exist"),
        ("a_file", "is a file, not a folder"),
        ("bad\0name", "could not write into 'bad.x00name': embedded null byte"),
    ],
)
def test_write_files_refuses_a_bad_folder_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, folder: str, message: str
) -> None:
    """No folder, a missing parent or a file in the way: refused clearly, nothing written."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a_file").write_text("not a folder")
    before = sorted(tmp_path.rglob("*"))
    with pytest.raises(WriteRefused, match=message):
        SUPPORT_TICKET.write_files(folder)
    assert sorted(tmp_path.rglob("*")) == before


def test_write_files_replaces_changed_files_only_when_allowed(written: Path) -> None:
    """Same content rewrites silently; other content is refused unless overwrite=True."""
    SUPPORT_TICKET.write_files(written)  # unchanged: fine
    model = written / "support_ticket_result.py"
    model.write_text("# edited by hand\n")
    with pytest.raises(WriteRefused, match=r"support_ticket_result\.py already exists in .*"):
        SUPPORT_TICKET.write_files(written)
    assert model.read_text() == "# edited by hand\n"
    SUPPORT_TICKET.write_files(written, overwrite=True)
    assert model.read_text() == SUPPORT_TICKET.model_source()


def test_a_table_with_problems_writes_nothing(tmp_path: Path) -> None:
    """A draft is refused before the folder is touched."""
    with pytest.raises(TableError):
        _table(FieldDesign(name="vip", present=False)).write_files(tmp_path / "draft")
    assert not (tmp_path / "draft").exists()


def test_run_tests_counts_failures_and_errors_without_timings(tmp_path: Path) -> None:
    """The summary line gives counts and failing test ids, never pytest's timings."""
    (tmp_path / "test_mixed.py").write_text(
        "import pytest\n\n"
        "def test_ok():\n    pass\n\n"
        "def test_bad():\n    assert False\n\n"
        "@pytest.mark.skip(reason='later')\ndef test_later():\n    pass\n"
    )
    result = run_tests(tmp_path)
    assert result == PytestSummary(1, 1, 0, 1, ("test_bad",), result.output)
    assert result.summary() == "1 failed, 1 passed, 1 skipped: test_bad"
    assert not result.ok
    (tmp_path / "test_broken.py").write_text("import no_such_module\n")
    assert run_tests(tmp_path).errors == 1
    assert run_tests(tmp_path, timeout_s=0.001).summary() == (
        "1 error: pytest did not finish in 0.001 s"
    )
    with pytest.raises(WriteRefused, match="is not a folder"):
        run_tests(tmp_path / "test_mixed.py")


# -- displays -----------------------------------------------------------------------------------


def test_the_table_shows_its_count_in_repr_and_html() -> None:
    """The repr is one line with the count; the HTML carries it in data-count and escapes text."""
    assert repr(SUPPORT_TICKET) == (
        "OutcomeTable(support_ticket: 13 cases from 4 fields (4 × 3 would say 12))"
    )
    view = SUPPORT_TICKET._repr_html_()
    assert "data-count='13'" in view
    assert view.count("<tr>") == 1 + 13
    noted = _table(
        FieldDesign(name="vip", not_applicable=(_route(NAReason.FETCH_FAILED, note="<b>"),))
    )
    assert "&lt;b&gt;" in noted._repr_html_()
    assert "<b>" not in noted._repr_html_().replace("<b>lookup", "")


def test_cases_keep_their_tristate_so_they_survive_the_wire() -> None:
    """Each case's state is a real TriState: it dumps to the sibling-status JSON."""
    for case in SUPPORT_TICKET.cases():
        assert isinstance(case.state, TriState)
        wire = case.state.model_dump(mode="json")
        assert TriState[Any].model_validate(wire) == case.state
        assert case.status == wire["status"]


def test_run_tests_says_so_when_pytest_cannot_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Python without pytest gives one error naming pytest's own last words, not a crash."""
    python = tmp_path / "python-without-pytest"
    python.write_text("#!/bin/sh\necho '/usr/bin/python: No module named pytest' >&2\nexit 1\n")
    python.chmod(0o755)
    monkeypatch.setattr(sys, "executable", str(python))
    result = run_tests(tmp_path)
    assert result.summary() == "1 error: pytest exited 1: /usr/bin/python: No module named pytest"
    assert not result.ok


# -- plain fields and typed examples ------------------------------------------------------------

PLAIN_TICKET = OutcomeTable(
    tool="ticket_status",
    outcomes=(Outcome.SUCCESS, Outcome.ACCESS_FAILURE),
    fields=(
        FieldDesign(name="ticket_id", type=FieldType.STR, plain=True, example="T-1042"),
        FieldDesign(name="resolved", not_applicable=(_route(NAReason.FETCH_FAILED),)),
        FieldDesign(name="reopen_count", type=FieldType.INT, plain=True, example=3),
        FieldDesign(
            name="refund_eur",
            type=FieldType.FLOAT,
            example=12,
            not_applicable=(_route(NAReason.NO_PERMISSION), _route(NAReason.NOT_REQUESTED)),
        ),
    ),
)


def test_a_plain_field_has_no_cases_and_is_counted_apart() -> None:
    """A plain field has one state, its value: no cases, and the count line names it apart."""
    assert PLAIN_TICKET.problems() == []
    assert [f.name for f in PLAIN_TICKET.plain] == ["ticket_id", "reopen_count"]
    assert {c.field for c in PLAIN_TICKET.cases()} == {"resolved", "refund_eur"}
    assert PLAIN_TICKET.count_line() == (
        "ticket_status: 6 cases from 2 fields (2 × 3 would say 6), plus 2 plain fields"
    )
    assert "Plain fields, always present (use the value): `ticket_id`, `reopen_count`." in (
        PLAIN_TICKET.routing_markdown()
    )


def test_the_generated_model_declares_plain_fields_as_bare_values() -> None:
    """``ticket_id: str`` beside ``TriState[...]`` fields; ROUTES holds the three-state ones."""
    source = PLAIN_TICKET.model_source()
    assert "    ticket_id: str = Field(\n" in source
    assert "    reopen_count: int = Field(\n" in source
    assert "    refund_eur: TriState[float] = Field(\n" in source
    assert '    "ticket_id": {' not in source


@pytest.mark.parametrize(
    ("field", "message"),
    [
        (
            FieldDesign(name="user_id", type=FieldType.STR, plain=True, present=False),
            "user_id: a plain field is always present: allow it to be present",
        ),
        (
            FieldDesign(
                name="user_id",
                type=FieldType.STR,
                plain=True,
                not_applicable=(_route(NAReason.FETCH_FAILED),),
            ),
            "user_id: a plain field has no not-applicable reasons: make it three-state, or "
            "remove its reasons",
        ),
        (
            FieldDesign(name="stock", type=FieldType.INT, example="many"),
            "stock: the example 'many' is a str, not an int",
        ),
        (
            FieldDesign(name="stock", type=FieldType.INT, example=2.5),
            "stock: the example 2.5 is a float, not an int",
        ),
        (
            FieldDesign(name="stock", type=FieldType.INT, example=True),
            "stock: the example True is a bool, not an int",
        ),
        (
            FieldDesign(name="price", type=FieldType.FLOAT, example=float("inf")),
            "price: the example inf is not a JSON number",
        ),
        (
            FieldDesign(name="price", type=FieldType.FLOAT, example=10**40),
            f"price: the example must be at most {MAX_NAME_CHARS} characters written out",
        ),
        (
            FieldDesign(name="sku", type=FieldType.STR, example=12),
            "sku: the example 12 is an int, not a str",
        ),
    ],
    ids=[
        "plain-not-present",
        "plain-with-reasons",
        "str-example-for-int",
        "float-example-for-int",
        "bool-example-for-int",
        "infinite-float",
        "long-number",
        "int-example-for-str",
    ],
)
def test_a_wrong_plain_field_or_example_is_a_clear_problem(
    field: FieldDesign, message: str
) -> None:
    """A plain field with states, or an example of another type, names the field and the rule."""
    table = _table(FieldDesign(name="vip"), field)
    assert table.problems() == [message]
    with pytest.raises(TableError, match=message.split(":")[0]):
        table.model_source()


def test_a_table_of_plain_fields_only_is_a_problem() -> None:
    """The table is about states: with only plain fields there is nothing to design."""
    table = _table(FieldDesign(name="user_id", type=FieldType.STR, plain=True))
    assert table.problems() == [
        "fields: only plain fields: add a three-state field, the table is about its states"
    ]


def test_typed_examples_are_the_values_the_tests_use() -> None:
    """An int example is used as is, a float field's int example as a float; JSON keeps types."""
    by_name = {f.name: f for f in PLAIN_TICKET.fields}
    assert by_name["reopen_count"].present_values() == (3,)
    assert by_name["refund_eur"].present_values() == (12.0,)
    assert isinstance(by_name["refund_eur"].present_values()[0], float)
    assert present(12.0) in [c.state for c in PLAIN_TICKET.cases()]
    again = OutcomeTable.from_json(PLAIN_TICKET.to_json())
    assert again == PLAIN_TICKET
    assert [type(f.example) for f in again.fields] == [str, type(None), int, int]
    assert "REOPEN" not in PLAIN_TICKET.test_source()  # no constant made of a field name
    assert '    "reopen_count": 3,' in PLAIN_TICKET.test_source()


def test_a_table_with_plain_fields_generates_tests_that_pass(tmp_path: Path) -> None:
    """Plain fields in the model, the schema and the tests: ruff-clean, and every test passes."""
    PLAIN_TICKET.write_files(tmp_path / "plain")
    test_the_generated_code_is_ruff_clean_and_formatted(tmp_path / "plain")
    result = run_tests(tmp_path / "plain")
    # 6 cases twice, 2 outcomes twice, the five single tests, the refusal, the plain fields.
    assert result.summary() == f"{6 * 2 + 2 * 2 + 5 + 1 + 1} passed", result.output
    assert "test_plain_fields_are_required_bare_values" in PLAIN_TICKET.test_source()


# -- the JSON Schemas ---------------------------------------------------------------------------

jsonschema = pytest.importorskip("jsonschema")

TICKET_OK: dict[str, Any] = {
    "resolved": {"status": "present", "value": False, "reason": None},
    "refund_issued": {"status": "not_applicable", "value": None, "reason": "no_permission"},
    "customer_vip": {"status": "not_applicable", "reason": "fetch_failed"},
    "account_manager": {"status": "present", "value": "dana@example.com"},
}


def _accepts(model: type[BaseModel], instance: dict[str, Any]) -> bool:
    """Whether the model validates the instance."""
    try:
        model.model_validate(instance)
    except ValidationError:
        return False
    return True


SCHEMA_CASES = [
    pytest.param({}, True, id="the-designed-states"),
    pytest.param(
        {"refund_issued": {"status": "not_applicable", "reason": "fetch_failed"}},
        False,
        id="a-reason-the-field-does-not-have",
    ),
    pytest.param(
        {"resolved": {"status": "not_applicable", "reason": "no_permission"}},
        False,
        id="a-reason-of-another-field",
    ),
    pytest.param(
        {"customer_vip": {"status": "not_applicable", "value": False, "reason": "fetch_failed"}},
        False,
        id="not-applicable-with-a-value",
    ),
    pytest.param(
        {"customer_vip": {"status": "not_applicable"}}, False, id="not-applicable-without-reason"
    ),
    pytest.param(
        {"resolved": {"status": "present", "value": True, "reason": "fetch_failed"}},
        False,
        id="present-with-a-reason",
    ),
    pytest.param({"resolved": {"status": "present"}}, False, id="present-without-a-value"),
    pytest.param(
        {"account_manager": {"status": "present", "value": 7}}, False, id="a-value-of-another-type"
    ),
    pytest.param({"resolved": False}, False, id="a-bare-false"),
    pytest.param({"resolved": {"status": "maybe", "value": True}}, False, id="an-unknown-status"),
    pytest.param({"priority": 1}, False, id="an-unknown-field"),
    pytest.param(
        {"account_manager": {"status": "not_applicable", "value": None, "reason": "out_of_scope"}},
        True,
        id="out-of-scope-where-designed",
    ),
]


@pytest.mark.parametrize(("change", "valid"), SCHEMA_CASES)
def test_the_schema_states_each_fields_states_and_reasons(
    change: dict[str, Any], valid: bool, written: Path
) -> None:
    """present ⇒ a value of the type; not_applicable ⇒ null value + one of the field's reasons.

    The generated model agrees with its schema on every instance.
    """
    schema = SUPPORT_TICKET.json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    instance = TICKET_OK | change
    assert jsonschema.Draft202012Validator(schema).is_valid(instance) is valid
    model = _load(written, "support_ticket_result").SupportTicketResult
    assert _accepts(model, instance) is valid


def _model_of(table: OutcomeTable) -> type[BaseModel]:
    """The generated model class, executed as a throwaway module."""
    module = ModuleType(f"_generated_{table.module_name}")
    sys.modules[module.__name__] = module
    try:
        exec(compile(table.model_source(), "<model>", "exec"), module.__dict__)
    finally:
        del sys.modules[module.__name__]
    model: type[BaseModel] = getattr(module, table.class_name)
    return model


def _first_wire(field: FieldDesign) -> Any:
    if field.plain:
        return field.present_values()[-1]
    first = present(field.present_values()[-1]) if field.present else None
    return (first or not_applicable(field.reasons()[0])).model_dump(mode="json")


# Each example executes two generated models (~100 ms): fewer than the profile's count.
@settings(max_examples=30)
@given(_TABLES)
def test_for_any_table_the_schema_and_the_model_agree_on_every_state(table: OutcomeTable) -> None:
    """Each designed state is valid under both; an undeclared reason or state, a bare value or
    a missing field under neither."""
    validator = jsonschema.Draft202012Validator(table.json_schema())
    model = _model_of(table)
    baseline = {f.name: _first_wire(f) for f in table.fields}
    instances = [
        (baseline | {case.field: case.state.model_dump(mode="json")}, True)
        for case in table.cases()
    ]
    for field in table.three_state:
        undeclared = [not_applicable(r) for r in NAReason if r not in field.reasons()]
        if not field.present:
            undeclared.append(present(field.present_values()[0]))
        instances += [
            (baseline | {field.name: s.model_dump(mode="json")}, False) for s in undeclared
        ]
        instances.append((baseline | {field.name: field.present_values()[0]}, False))
    instances += [({k: v for k, v in baseline.items() if k != name}, False) for name in baseline]
    for instance, valid in instances:
        assert validator.is_valid(instance) is valid, instance
        assert _accepts(model, instance) is valid, instance


def test_a_missing_field_is_refused_by_the_schema() -> None:
    """Every field is required, plain ones too."""
    validator = jsonschema.Draft202012Validator(PLAIN_TICKET.json_schema())
    instance = {
        "ticket_id": "T-1",
        "resolved": {"status": "present", "value": True},
        "reopen_count": 0,
        "refund_eur": {"status": "present", "value": 9.5},
    }
    assert validator.is_valid(instance)
    for name in instance:
        assert not validator.is_valid({k: v for k, v in instance.items() if k != name}), name
    assert not validator.is_valid(instance | {"ticket_id": None})
    assert not validator.is_valid(instance | {"reopen_count": {"status": "present", "value": 1}})


def test_each_three_state_field_is_a_one_of_its_states() -> None:
    """The schema reads as the table: one branch per state, the reasons the field's own."""
    field = SUPPORT_TICKET.json_schema()["properties"]["refund_issued"]
    assert field["description"] == "yes or no; not applicable: no_permission, not_requested"
    present_state, absent_state = field["oneOf"]
    assert present_state["properties"]["value"] == {"type": "boolean"}
    assert absent_state["properties"]["reason"] == {"enum": ["no_permission", "not_requested"]}
    assert absent_state["properties"]["value"] == {"type": "null"}
    legacy = _table(
        FieldDesign(name="legacy", present=False, not_applicable=(_route(NAReason.OUT_OF_SCOPE),))
    )
    (only,) = legacy.json_schema()["properties"]["legacy"]["oneOf"]
    assert only["properties"]["status"] == {"const": "not_applicable"}


def test_the_envelope_schema_is_the_tools_output_schema(written: Path) -> None:
    """envelope_schema() is envelope_output_schema(model): outcome required, states kept."""
    model = _load(written, "support_ticket_result").SupportTicketResult
    schema = SUPPORT_TICKET.envelope_schema()
    assert schema == tool_outcomes.envelope_output_schema(model)
    assert json.loads((written / "support_ticket_result.envelope.schema.json").read_text()) == (
        schema
    )
    validator = jsonschema.Draft202012Validator(schema)
    ok = {"outcome": "success", "data": TICKET_OK, "tool": "support_ticket"}
    assert validator.is_valid(ok)
    assert not validator.is_valid(ok | {"outcome": "maybe"})
    assert not validator.is_valid({k: v for k, v in ok.items() if k != "outcome"})
    assert not validator.is_valid(ok | {"data": TICKET_OK | {"resolved": False}})


def test_states_schema_refuses_a_route_that_is_not_three_state() -> None:
    """ROUTES naming a bare field, or no field, is a clear error, not a wrong schema."""
    routes: dict[str, dict[NAReason | None, NextAction]] = {"vip": {None: NextAction.USE_VALUE}}

    class Bare(BaseModel):
        model_config = ConfigDict(json_schema_extra=states_schema(routes))
        vip: bool

    with pytest.raises(TypeError, match=r"Bare\.vip is <class 'bool'>, not a TriState"):
        Bare.model_json_schema()

    class Missing(BaseModel):
        model_config = ConfigDict(json_schema_extra=states_schema(routes))
        other: TriState[bool]

    with pytest.raises(TypeError, match="Missing has no field 'vip', which ROUTES names"):
        Missing.model_json_schema()


# -- running in this process, and real tools ----------------------------------------------------


def test_run_tests_in_process_matches_a_fresh_process_and_forgets_the_modules(
    written: Path,
) -> None:
    """In-process: the same summary; an edit is seen by the next run; nothing is left behind."""
    path_before, modules_before = list(sys.path), set(sys.modules)
    assert run_tests(written, in_process=True).summary() == f"{SUPPORT_TICKET_TESTS} passed"
    assert sys.path == path_before
    assert not {m for m in set(sys.modules) - modules_before if "support_ticket" in m}
    model = written / "support_ticket_result.py"
    field = "    customer_vip: TriState[bool] = Field(\n"
    source = model.read_text().replace(field, field + "        default=present(False),\n")
    model.write_text(source.replace("Outcome, TriState\n", "Outcome, TriState, present\n"))
    edited = run_tests(written, in_process=True)
    assert edited.failures == ("test_no_field_ever_silently_becomes_false",)
    assert not list(written.rglob("__pycache__"))


def test_run_tests_in_process_sets_aside_a_module_of_the_same_name(
    written: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another folder's support_ticket_result, imported before, is not tested; it is put back."""
    stale = ModuleType("support_ticket_result")
    monkeypatch.setitem(sys.modules, "support_ticket_result", stale)
    assert run_tests(written, in_process=True).summary() == f"{SUPPORT_TICKET_TESTS} passed"
    assert sys.modules["support_ticket_result"] is stale


def test_run_tests_in_process_says_so_without_pytest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No pytest importable: one error that says how to get it, not a crash."""
    monkeypatch.setitem(sys.modules, "pytest", None)
    result = run_tests(tmp_path, in_process=True)
    assert result.summary() == "1 error: pytest is not installed: pip install pytest"


# What both test files written beside the generated ones start with: a real tool's arguments
# and one answer in the designed states.
TOOL_PRELUDE = """
import httpx
from pydantic import BaseModel

from support_ticket_result import SupportTicketResult
from test_support_ticket_result import assert_tool_conforms, assert_tool_keeps_the_contract
from tool_outcomes import tool


class Args(BaseModel):
    ticket_id: str


WIRE = {
    "resolved": {"status": "present", "value": True},
    "refund_issued": {"status": "not_applicable", "reason": "no_permission"},
    "customer_vip": {"status": "not_applicable", "reason": "fetch_failed"},
    "account_manager": {"status": "present", "value": "dana@example.com"},
}
"""

REAL_TOOLS = """


@tool(args=Args, result=SupportTicketResult)
def designed(args):
    return WIRE


class NaiveTicket(BaseModel):
    resolved: bool = False
    refund_issued: bool = False
    customer_vip: bool = False
    account_manager: str | None = None


@tool(args=Args, result=NaiveTicket)
def naive(args):
    return {"resolved": True, "account_manager": "dana@example.com"}


def test_the_designed_tool():
    assert_tool_keeps_the_contract(designed, ticket_id="T-1")


def test_the_naive_tool():
    assert_tool_keeps_the_contract(naive, ticket_id="T-1")
"""


def test_the_generated_contract_check_holds_a_real_tool(written: Path) -> None:
    """A real @tool declaring the designed model passes; one that fills in false fails."""
    (written / "test_real_tools.py").write_text(TOOL_PRELUDE + REAL_TOOLS)
    result = run_tests(written, in_process=True)
    assert result.failures == ("test_the_naive_tool",), result.output
    assert "the data breaks the contract" in result.output
    assert "customer_vip" in result.output


CONFORMANCE = """


# A lookup by id: a 404 is the confirmed absence the table declares as empty.
@tool(args=Args, result=SupportTicketResult, not_found="empty")
def support_ticket(args: Args) -> httpx.Request:
    return httpx.Request("GET", f"https://tickets.example.test/tickets/{args.ticket_id}")


def naive_ticket(ticket_id):
    try:
        return httpx.get(f"https://tickets.example.test/tickets/{ticket_id}", timeout=5).json()
    except Exception:
        return {}


def test_the_designed_tool_conforms():
    report = assert_tool_conforms(
        support_ticket, {"ticket_id": "T-1"}, success_body=WIRE
    )
    assert report.passed


def test_the_naive_tool_conforms():
    assert_tool_conforms(naive_ticket, {"ticket_id": "T-1"}, success_body=WIRE)
"""


def test_the_generated_conformance_check_drives_a_real_tool_through_the_kit(
    written: Path,
) -> None:
    """A request-building @tool on the designed model passes every fault and keeps the contract
    under each; a function that swallows failures into {} fails, the kit's report in the output."""
    (written / "test_conformance.py").write_text(TOOL_PRELUDE + CONFORMANCE)
    result = run_tests(written, in_process=True)
    assert result.failures == ("test_the_naive_tool_conforms",), result.output
    assert "faults declared correctly" in result.output


def test_the_loaded_model_class_is_the_generated_source_and_a_subclass_keeps_its_states() -> None:
    """``model_class()`` is the class ``model_source()`` defines; a subclass that adds an alias
    and bounds still refuses a reason the table does not declare for a field."""
    model = PLAIN_TICKET.model_class()
    assert model.__name__ == PLAIN_TICKET.class_name
    assert model.model_json_schema() == PLAIN_TICKET.json_schema()
    record = {
        "ticket_id": "T-1042",
        "resolved": present(True).model_dump(mode="json"),
        "reopen_count": 3,
        "refund_eur": not_applicable(NAReason.NO_PERMISSION).model_dump(mode="json"),
    }

    class Ticket(model):  # type: ignore[misc,valid-type] # a class made at run time
        ticket_id: str = Field(validation_alias=AliasChoices("ticket_id", "id"))
        reopen_count: int = Field(ge=0)

    legacy = {"id" if k == "ticket_id" else k: v for k, v in record.items()}
    assert Ticket.model_validate(legacy).ticket_id == "T-1042"
    with pytest.raises(ValidationError, match="fetch_failed is not a declared state"):
        Ticket.model_validate(
            record | {"refund_eur": not_applicable(NAReason.FETCH_FAILED).model_dump(mode="json")}
        )
    with pytest.raises(ValidationError):
        Ticket.model_validate(record | {"reopen_count": -1})


def test_a_draft_has_no_model_class() -> None:
    """A table with problems loads no class, as it generates no source."""
    draft = OutcomeTable(tool="x", outcomes=(Outcome.SUCCESS,), fields=())
    assert draft.problems()
    with pytest.raises(TableError):
        draft.model_class()
