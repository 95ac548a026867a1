"""The last step: a contact's data repaired into the result model, once, then its envelope.

Every earlier step has judged the evidence (status, body, conventions, collection, pagination)
and handed on a :class:`~._decisions.Contact`; nothing after this step judges anything. With a
result model the data goes through shape repair here, and nowhere else in the classifier: data
the array lane already validated needs none, data it failed to validate as it is goes straight to
the walk, and a decoded body's text is validated as sent rather than serialised again.
"""

from __future__ import annotations

from typing import Any

from tool_outcomes.envelope import Envelope, FailureCode, FailureKind
from tool_outcomes.repair import Rejection, repair_by_walk, repair_decoded

from ._decisions import Contact
from ._exchange import Exchange, raw_sample

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
    if model is None or data is None or (body is not None and body.validated):
        return ex.envelope(outcome, data=data, coverage=coverage, repairs=repairs)
    try:
        if body is not None and body.needs_walk:
            checked = repair_by_walk(data, model)
        else:
            text = None if body is None else body.text
            # The body step made every NaN and infinity null (a JSON body's data is finite).
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
