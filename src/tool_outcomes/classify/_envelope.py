"""The last step: a contact's data repaired into the result model, once, then its envelope.

Every earlier step has judged the evidence (status, body, conventions, collection, pagination)
and handed on a :class:`~._decisions.Contact`; nothing after this step judges anything. With a
result model the data goes through shape repair here, and nowhere else in the classifier: a
decoded body's text is validated as sent rather than serialised again, and a JSON array the body
step left undecoded (:class:`~._decisions.ArrayText`) is validated from its text and counted; only
when that fails is it decoded (text that is not JSON is then the ``invalid_body`` the body step
would have named) and walked.
"""

from __future__ import annotations

from typing import Any

from tool_outcomes.envelope import Envelope, FailureCode, FailureKind
from tool_outcomes.repair import Rejection, repair_by_walk, repair_decoded, valid_json_as_is
from tool_outcomes.shapes import fast_plan

from ._decisions import ArrayText, Contact, Uncounted
from ._exchange import Exchange, raw_sample
from ._json import MAX_JSON_DEPTH, decode_json

__all__ = ["seal"]

_P = FailureKind.PERMANENT


def seal(ex: Exchange, contact: Contact) -> Envelope[Any]:
    """The contact's envelope; with a result model, its data repaired into it first.

    Returns:
        The envelope, or a ``schema`` access failure when the data cannot be made to fit the
        model (an ``execution`` one when the model is not a type pydantic can validate). A 2xx
        answering a write that does not fit is an acknowledged ``success`` with no data.
    """
    outcome, data, coverage, repairs, body = (
        contact.outcome,
        contact.data,
        contact.coverage,
        contact.repairs,
        contact.body,
    )
    model = ex.options.result_model
    walk, text = False, None if body is None else body.text
    if isinstance(data, ArrayText):  # the body step's undecoded array (a model is declared)
        assert isinstance(coverage, Uncounted)  # counted here, as it is validated
        try:
            plan = fast_plan(model)
        except TypeError:  # not a validatable type: repair_decoded below says so
            plan = None
        # Validation applies no depth limit of its own: only a model whose values nest no
        # deeper than the decoder allows may take text that was never decoded.
        if plan is not None and plan.depth is not None and plan.depth <= MAX_JSON_DEPTH:
            valid = valid_json_as_is(data.text, plan)
            if valid is not None:
                value = valid.value
                # A tuple or set model: counted as the array it came from (a set merges).
                count = len(value) if type(value) is list else len(decode_json(data.text)[0])
                counted = coverage.counted(count)
                both = (*repairs, *valid.repairs)  # unknown keys it dropped, if any
                return ex.envelope(outcome, data=value, coverage=counted, repairs=both)
            walk = True  # validated as it is and failed: straight to the walk
        data, problem = decode_json(data.text)
        if problem is not None:
            return ex.invalid_json(problem)
        coverage = coverage.counted(len(data))
    assert not isinstance(coverage, Uncounted)  # only an undecoded array is counted here
    if model is None or data is None:
        return ex.envelope(outcome, data=data, coverage=coverage, repairs=repairs)
    try:
        if walk:
            checked = repair_by_walk(data, model)
        else:
            # Every NaN and infinity was made null as the body was decoded, and an array left
            # undecoded held none (a JSON body's data is finite).
            checked = repair_decoded(data, model, text=text, finite=True)
    except TypeError as exc:  # the declared model is not a type pydantic can validate
        detail = f"result_model {model!r:.80} is not a validatable type: {exc}"
        return ex.options.fail(FailureCode.EXECUTION, _P, detail, target=ex.target)
    if isinstance(checked, Rejection):
        if ex.writes and 200 <= ex.status <= 299:  # the 2xx acknowledged the write all the same
            unread = f"{FailureCode.SCHEMA.value}: {checked.detail}"
            why = f"HTTP {ex.status}"
            return ex.acknowledged(why, unread=unread, repairs=(*repairs, *checked.repairs))
        return ex.options.fail(
            FailureCode.SCHEMA,
            _P,
            checked.detail,
            target=ex.target,
            repairs=(*repairs, *checked.repairs),
            http_status=ex.status,
            raw_sample=raw_sample(ex.body),
        )
    return ex.envelope(
        outcome, data=checked.value, coverage=coverage, repairs=(*repairs, *checked.repairs)
    )
