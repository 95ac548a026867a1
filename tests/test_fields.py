"""Three-state fields: false is an answer, "could not read it" is not, and never becomes false."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from tool_outcomes import FieldStatus, NAReason, TriState, not_applicable, present, validate_fields

# -- the two states --------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [True, False, "", 0, "NO"], ids=repr)
def test_present_keeps_its_value_even_when_falsy(value: object) -> None:
    """``present(False)``, ``present("")`` and ``present(0)`` are real answers, not absences."""
    field = present(value)
    assert field.status is FieldStatus.PRESENT
    assert field.is_present
    assert field.value == value
    assert type(field.value) is type(value)
    assert field.reason is None
    assert repr(field) == f"present({value!r})"
    assert validate_fields({"f": field.model_dump(mode="json")}) == []


@pytest.mark.parametrize("reason", list(NAReason), ids=str)
def test_not_applicable_carries_its_reason_and_no_value(reason: NAReason) -> None:
    """Each of the four reasons makes a field with no value, never ``False`` or ``""``."""
    field = not_applicable(reason)
    assert field.status is FieldStatus.NOT_APPLICABLE
    assert not field.is_present
    assert field.value is None
    assert field.reason is reason
    assert not_applicable(reason.value) == field  # the string form is accepted too
    assert repr(field) == f"not_applicable({reason.value!r})"
    assert field.model_dump(mode="json") == {
        "status": "not_applicable",
        "value": None,
        "reason": reason.value,
    }
    assert validate_fields({"f": field.model_dump(mode="json")}) == []


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"status": "not_applicable", "value": False, "reason": "fetch_failed"},
            "carries no value",
        ),
        ({"status": "not_applicable", "value": ""}, "carries no value"),
        ({"status": "not_applicable"}, "needs a reason"),
        ({"status": "present", "value": True, "reason": "no_permission"}, "carries no reason"),
        ({"status": "not_applicable", "reason": "because"}, "reason"),
        ({"status": "unknown", "value": True}, "status"),
    ],
    ids=[
        "n/a with a value",
        "n/a with an empty string",
        "n/a without a reason",
        "present with a reason",
        "unknown reason",
        "unknown status",
    ],
)
def test_invalid_states_cannot_be_constructed(fields: dict[str, Any], message: str) -> None:
    """A field whose status, value and reason disagree is refused on construction."""
    with pytest.raises(ValidationError, match=message):
        TriState[Any](**fields)


def test_unknown_reason_string_is_refused_by_the_constructor() -> None:
    """``not_applicable`` accepts only the closed set of reasons."""
    with pytest.raises(ValueError, match="'because' is not a valid NAReason"):
        not_applicable("because")


# -- validate_fields -----------------------------------------------------------------------------

CLEAN = {
    "user_id": "u_8812",
    "email_verified": {"value": True, "status": "present"},
    "phone_verified": {"value": False, "status": "present"},
    "nickname": {"value": "", "status": "present", "reason": None},
    "billing_country": {"value": None, "status": "not_applicable", "reason": "out_of_scope"},
}

VIOLATIONS: list[tuple[str, dict[str, Any], str]] = [
    ("unknown status", {"status": "maybe", "value": True}, "unknown status 'maybe'"),
    ("missing status", {"value": True}, "missing status"),
    (
        "n/a carrying a value",
        {"status": "not_applicable", "value": False, "reason": "fetch_failed"},
        "must not carry a value (got False)",
    ),
    ("n/a without a reason", {"status": "not_applicable", "value": None}, "got None"),
    (
        "n/a with an unknown reason",
        {"status": "not_applicable", "value": None, "reason": "vibes"},
        "got 'vibes'",
    ),
    (
        "present carrying a reason",
        {"status": "present", "value": True, "reason": "no_permission"},
        "present must not carry a reason",
    ),
    ("present without a value", {"status": "present"}, "present needs a value"),
]


def test_a_clean_payload_has_no_violations() -> None:
    """A response whose fields all mean what they say validates to an empty list."""
    assert validate_fields(CLEAN) == []


@pytest.mark.parametrize(
    ("field", "message"), [v[1:] for v in VIOLATIONS], ids=[v[0] for v in VIOLATIONS]
)
def test_each_violation_is_one_message_naming_the_field(
    field: dict[str, Any], message: str
) -> None:
    """Each kind of violation yields exactly one message, and it names the offending field."""
    errors = validate_fields({**CLEAN, "refund_issued": field})
    assert len(errors) == 1
    assert errors[0].startswith("refund_issued: ")
    assert message in errors[0]


def test_violations_are_counted_one_per_violation_in_field_order() -> None:
    """Several bad fields give one message each, in the order the fields appear."""
    payload = {f"f{i}": field for i, (_, field, _) in enumerate(VIOLATIONS)}
    errors = validate_fields(payload)
    assert [e.split(":")[0] for e in errors] == list(payload)
    # n/a with both a value and no reason is two violations of one field.
    both = validate_fields({"x": {"status": "not_applicable", "value": 0}})
    assert len(both) == 2


@pytest.mark.parametrize("payload", [[1, 2], "text", None, 42], ids=repr)
def test_a_non_object_payload_is_one_violation(payload: object) -> None:
    """A response that is not a JSON object is reported once, not crashed on."""
    errors = validate_fields(payload)
    assert len(errors) == 1
    assert errors[0].startswith("payload: expected a JSON object")


def test_identifier_fields_are_left_alone() -> None:
    """Plain values and objects without status keys are identifiers, not three-state fields."""
    payload = {"user_id": "u_1", "count": 0, "tags": ["a"], "meta": {"source": "crm"}}
    assert validate_fields(payload) == []


# -- the user record (background: the three tests against a fake client) -------------------------

ALL_SCOPES = ("basic", "billing")


class FakeUserClient:
    """A user tool over a fixed record: it knows its scopes and answers in sibling-status JSON."""

    def user(self, user_id: str, scopes: Iterable[str] = ALL_SCOPES) -> dict[str, Any]:
        # billing_country does not exist for an individual user; without the billing scope the
        # tool may not even look, so the reason is the permission, not the scope of the entity.
        billing = (
            not_applicable(NAReason.OUT_OF_SCOPE)
            if "billing" in scopes
            else not_applicable(NAReason.NO_PERMISSION)
        )
        fields: dict[str, TriState[Any]] = {
            "email_verified": present(True),
            "phone_verified": present(False),
            "billing_country": billing,
        }
        return {"user_id": user_id} | {k: v.model_dump(mode="json") for k, v in fields.items()}


@pytest.fixture
def client() -> FakeUserClient:
    return FakeUserClient()


def test_user_record_example_is_clean(client: FakeUserClient) -> None:
    """The background's user record validates clean and says exactly what it shows."""
    out = client.user("u_8812")
    assert validate_fields(out) == []
    assert out["user_id"] == "u_8812"
    assert out["email_verified"] == {"status": "present", "value": True, "reason": None}
    assert out["billing_country"]["reason"] == "out_of_scope"


def test_phone_verified_false_is_a_no(client: FakeUserClient) -> None:
    """A real ``false`` is present with value ``False``."""
    out = client.user("u_8812")
    assert out["phone_verified"]["status"] == "present"
    assert out["phone_verified"]["value"] is False


def test_billing_country_missing_permission(client: FakeUserClient) -> None:
    """Without the scope, the field is not applicable for lack of permission, with no value."""
    field = client.user("u_8812", scopes=["basic"])["billing_country"]
    assert field["status"] == "not_applicable"
    assert field["reason"] == "no_permission"
    assert field["value"] is None


@pytest.mark.parametrize("scopes", [ALL_SCOPES, ("basic",), ()], ids=lambda s: ",".join(s))
def test_no_field_ever_defaults_to_false(client: FakeUserClient, scopes: tuple[str, ...]) -> None:
    """Whatever the scopes, every field is present or not applicable, and n/a has no value."""
    out = client.user("u_8812", scopes=scopes)
    for name, field in out.items():
        if name == "user_id":
            continue
        assert field["status"] in {"present", "not_applicable"}
        if field["status"] == "not_applicable":
            assert field["value"] is None


# -- the support ticket: the table of states first -----------------------------------------------

TICKET_STATES: list[tuple[str, TriState[Any]]] = [
    ("resolved", present(True)),
    ("resolved", present(False)),
    ("resolved", not_applicable(NAReason.FETCH_FAILED)),
    ("refund_issued", present(True)),
    ("refund_issued", present(False)),
    ("refund_issued", not_applicable(NAReason.NO_PERMISSION)),
    ("customer_vip", present(True)),
    ("customer_vip", present(False)),
    ("customer_vip", not_applicable(NAReason.FETCH_FAILED)),
    ("account_manager", present("dana@example.com")),
    ("account_manager", not_applicable(NAReason.OUT_OF_SCOPE)),
    ("account_manager", not_applicable(NAReason.FETCH_FAILED)),
]
TICKET_FIELDS = ("resolved", "refund_issued", "customer_vip", "account_manager")
BASELINE: dict[str, TriState[Any]] = {
    "resolved": present(False),
    "refund_issued": present(False),
    "customer_vip": present(False),
    "account_manager": present("dana@example.com"),
}


def ticket(**overrides: TriState[Any]) -> dict[str, Any]:
    """One ticket response in sibling-status JSON; unspecified fields take the baseline."""
    fields = BASELINE | overrides
    return {"ticket_id": "t_1"} | {k: fields[k].model_dump(mode="json") for k in TICKET_FIELDS}


def test_ticket_table_covers_every_field_and_both_states() -> None:
    """The table holds a present row and a not-applicable row for each of the four fields."""
    for name in TICKET_FIELDS:
        statuses = {state.status for field, state in TICKET_STATES if field == name}
        assert statuses == set(FieldStatus), name
    assert len(TICKET_STATES) == 12


@pytest.mark.parametrize(
    ("name", "state"), TICKET_STATES, ids=[f"{n}-{s!r}" for n, s in TICKET_STATES]
)
def test_each_ticket_field_state_survives_the_wire(name: str, state: TriState[Any]) -> None:
    """Every state in the table reaches the consumer as exactly that state, and validates."""
    out = ticket(**{name: state})
    assert validate_fields(out) == []
    assert TriState[Any].model_validate(out[name]) == state
    present_fields = [k for k in TICKET_FIELDS if out[k]["status"] == "present"]
    assert present_fields  # a ticket response always answers something
    for key in TICKET_FIELDS:
        assert out[key]["status"] == "present" or out[key]["reason"] in set(NAReason)


class Step(StrEnum):
    """What the agent does next about one field."""

    USE_VALUE = "use_value"
    RETRY_ONCE_THEN_DROP = "retry_once_then_drop"
    ASK_FOR_SCOPE = "ask_for_scope"
    DROP_QUESTION = "drop_question"


# The reason, never a boolean, decides the next step.
NEXT_STEP: dict[NAReason, Step] = {
    NAReason.FETCH_FAILED: Step.RETRY_ONCE_THEN_DROP,
    NAReason.NO_PERMISSION: Step.ASK_FOR_SCOPE,
    NAReason.NOT_REQUESTED: Step.DROP_QUESTION,
    NAReason.OUT_OF_SCOPE: Step.DROP_QUESTION,
}


def next_step(field: dict[str, Any]) -> Step:
    """The next step for one field of a ticket response, decided by its reason alone."""
    state = TriState[Any].model_validate(field)
    return Step.USE_VALUE if state.reason is None else NEXT_STEP[state.reason]


@pytest.mark.parametrize(
    ("name", "state", "step"),
    [
        ("account_manager", not_applicable(NAReason.OUT_OF_SCOPE), Step.DROP_QUESTION),
        ("refund_issued", not_applicable(NAReason.NO_PERMISSION), Step.ASK_FOR_SCOPE),
        ("customer_vip", not_applicable(NAReason.FETCH_FAILED), Step.RETRY_ONCE_THEN_DROP),
        ("customer_vip", present(False), Step.USE_VALUE),
    ],
    ids=["no manager approval", "ask for scope", "retry vip once", "false is used"],
)
def test_the_reason_routes_the_next_step(name: str, state: TriState[Any], step: Step) -> None:
    """Out of scope drops the question, no permission asks for scope, fetch failed retries."""
    assert next_step(ticket(**{name: state})[name]) is step
    assert set(NEXT_STEP) == set(NAReason)  # every reason has a route


# -- regression guard: no field silently becomes false -------------------------------------------


class Fetch(StrEnum):
    """What happened when the record builder asked the upstream for one field."""

    OK = "ok"
    TIMEOUT = "timeout"
    FORBIDDEN = "forbidden"
    NOT_REQUESTED = "not_requested"


EXPECTED_REASON: dict[Fetch, NAReason] = {
    Fetch.TIMEOUT: NAReason.FETCH_FAILED,
    Fetch.FORBIDDEN: NAReason.NO_PERMISSION,
    Fetch.NOT_REQUESTED: NAReason.NOT_REQUESTED,
}
RAISES: dict[Fetch, type[Exception]] = {
    Fetch.TIMEOUT: TimeoutError,
    Fetch.FORBIDDEN: PermissionError,
}


@dataclass(frozen=True)
class FakeUpstream:
    """Each field's fetch succeeds with a value or fails the way the plan says."""

    plan: dict[str, tuple[Fetch, object]]

    def fetch(self, name: str) -> object:
        outcome, value = self.plan[name]
        if outcome in RAISES:
            raise RAISES[outcome](f"{name}: {outcome.value}")
        assert outcome is Fetch.OK, "a field that was not requested was fetched"
        return value


# The builder under test: how an exception from the upstream becomes a reason.
REASON_FOR: dict[type[Exception], NAReason] = {
    TimeoutError: NAReason.FETCH_FAILED,
    PermissionError: NAReason.NO_PERMISSION,
}


def build_record(upstream: FakeUpstream, requested: set[str]) -> dict[str, TriState[Any]]:
    """Read every planned field into a three-state field; a failed read is never a value."""
    record: dict[str, TriState[Any]] = {}
    for name in upstream.plan:
        if name not in requested:
            record[name] = not_applicable(NAReason.NOT_REQUESTED)
            continue
        try:
            record[name] = present(upstream.fetch(name))
        except (TimeoutError, PermissionError) as exc:
            record[name] = not_applicable(REASON_FOR[type(exc)])
    return record


def naive_build_record(upstream: FakeUpstream, requested: set[str]) -> dict[str, TriState[Any]]:
    """The bug this guards against: any failed read defaults to ``False``."""
    record: dict[str, TriState[Any]] = {}
    for name in upstream.plan:
        try:
            record[name] = present(upstream.fetch(name) if name in requested else False)
        except (TimeoutError, PermissionError):
            record[name] = present(False)
    return record


Builder = Callable[[FakeUpstream, set[str]], dict[str, TriState[Any]]]


def silent_defaults(build: Builder, plan: dict[str, tuple[Fetch, object]]) -> list[str]:
    """Every way ``build`` misreports a field it could not read (empty when honest)."""
    upstream = FakeUpstream(plan)
    requested = {name for name, (outcome, _) in plan.items() if outcome is not Fetch.NOT_REQUESTED}
    record = build(upstream, requested)
    problems: list[str] = []
    for name, (outcome, value) in plan.items():
        field = record[name]
        if outcome is Fetch.OK:
            if field != present(value) or type(field.value) is not type(value):
                problems.append(f"{name}: read {value!r} but reported {field!r}")
        elif field != not_applicable(EXPECTED_REASON[outcome]) or field.value is not None:
            problems.append(f"{name}: {outcome.value} reported as {field!r}")
    payload = {"user_id": "u_1"} | {k: v.model_dump(mode="json") for k, v in record.items()}
    problems.extend(validate_fields(payload))
    return problems


plans = st.dictionaries(
    st.sampled_from(["email_verified", "phone_verified", "is_admin", "nickname", "age", "vip"]),
    st.tuples(st.sampled_from(Fetch), st.sampled_from([True, False, "", 0, "x", 7])),
    min_size=1,
)


@given(plan=plans)
def test_no_field_ever_silently_becomes_false_when_it_could_not_be_read(
    plan: dict[str, tuple[Fetch, object]],
) -> None:
    """For any mix of succeeded, timed-out, forbidden and unrequested fetches, each failed one
    is not applicable with the matching reason and no value, and the JSON validates clean."""
    assert silent_defaults(build_record, plan) == []


def test_the_guard_catches_a_builder_that_defaults_to_false() -> None:
    """The property above can fail: the naive builder is caught on every kind of failed read."""
    plan: dict[str, tuple[Fetch, object]] = {
        "a": (Fetch.TIMEOUT, True),
        "b": (Fetch.FORBIDDEN, True),
        "c": (Fetch.NOT_REQUESTED, True),
        "d": (Fetch.OK, False),
    }
    problems = silent_defaults(naive_build_record, plan)
    assert [p.split(":")[0] for p in problems] == ["a", "b", "c"]


# -- JSON Schema -----------------------------------------------------------------------------------


class UserRecord(BaseModel):
    user_id: str
    email_verified: TriState[bool]
    phone_verified: TriState[bool]


def _enum_of(schema: dict[str, Any], node: dict[str, Any]) -> list[str]:
    """The enum a property allows, following ``$ref`` and skipping the null arm of ``anyOf``."""
    if "$ref" in node:
        return _enum_of(schema, schema["$defs"][node["$ref"].rsplit("/", 1)[-1]])
    if "anyOf" in node:
        arms = [arm for arm in node["anyOf"] if arm.get("type") != "null"]
        assert len(arms) == 1
        return _enum_of(schema, arms[0])
    return list(node["enum"])


def test_json_schema_states_are_closed_enums() -> None:
    """In the exported schema, ``status`` is one of two values and ``reason`` one of four."""
    schema = UserRecord.model_json_schema()
    for name in ("email_verified", "phone_verified"):
        ref = schema["properties"][name]["$ref"].rsplit("/", 1)[-1]
        field = schema["$defs"][ref]
        assert "status" in field["required"]
        assert _enum_of(schema, field["properties"]["status"]) == ["present", "not_applicable"]
        assert sorted(_enum_of(schema, field["properties"]["reason"])) == sorted(
            r.value for r in NAReason
        )
        assert field["properties"]["value"]["anyOf"][0] == {"type": "boolean"}


def test_named_fields_must_be_three_state_not_bare_values() -> None:
    """A bare `false` where a three-state field is declared is the silent false: reported."""
    payload = {"ticket_id": "t_1", "account_manager": False, "resolved": {"status": "present"}}
    errors = validate_fields(payload, fields=["account_manager", "resolved", "customer_vip"])
    assert errors == [
        "customer_vip: missing (expected a three-state field)",
        "account_manager: a bare value (False), not a three-state field",
        'resolved: present needs a value (false and "" are values, absent is not)',
    ]


def test_a_present_field_built_without_a_value_is_refused() -> None:
    """The model agrees with the validator: present with no value at all is not a field."""
    with pytest.raises(ValueError, match="needs a value"):
        TriState[bool](status=FieldStatus.PRESENT)
    assert TriState[None](status=FieldStatus.PRESENT, value=None).value is None
