"""Chat-API conventions: Slack's Web API (and Telegram's Bot API) answer 200 with ``ok: false``.

The ``error`` string says why (:data:`SLACK_ERRORS` maps the ones that mean more than "the call
failed": an expired token, a missing scope, a rate limit); Telegram adds ``error_code``, an
HTTP-like status. ``ok: true`` is no evidence of anything.
"""

from __future__ import annotations

from tool_outcomes.envelope import FailureCode, FailureKind

from ._verdicts import FailureVerdict, Verdict, failure_from_status, status_from

__all__ = ["SLACK_ERRORS", "slack"]

_T = FailureKind.TRANSIENT
_P = FailureKind.PERMANENT


# -- Slack Web API (and Telegram's Bot API, which shares ok: false) -------------------------

#: Slack ``error`` strings whose meaning is not "the upstream failed for its own reasons".
SLACK_ERRORS: dict[str, tuple[FailureCode, FailureKind]] = {
    "ratelimited": (FailureCode.RATE_LIMITED, _T),
    "rate_limited": (FailureCode.RATE_LIMITED, _T),
    "invalid_auth": (FailureCode.UNAUTHORIZED, _P),
    "not_authed": (FailureCode.UNAUTHORIZED, _P),
    "token_revoked": (FailureCode.UNAUTHORIZED, _P),
    "token_expired": (FailureCode.UNAUTHORIZED, _P),
    "account_inactive": (FailureCode.UNAUTHORIZED, _P),
    "missing_scope": (FailureCode.FORBIDDEN, _P),
    "not_allowed_token_type": (FailureCode.FORBIDDEN, _P),
    "no_permission": (FailureCode.FORBIDDEN, _P),
    "ekm_access_denied": (FailureCode.FORBIDDEN, _P),
    "access_denied": (FailureCode.FORBIDDEN, _P),
    "not_in_channel": (FailureCode.FORBIDDEN, _P),
    "restricted_action": (FailureCode.FORBIDDEN, _P),
    "team_access_not_granted": (FailureCode.FORBIDDEN, _P),
    "internal_error": (FailureCode.SERVER_ERROR, _T),
    "fatal_error": (FailureCode.SERVER_ERROR, _T),
    "service_unavailable": (FailureCode.SERVER_ERROR, _T),
    "request_timeout": (FailureCode.SERVER_ERROR, _T),
    "invalid_arguments": (FailureCode.BAD_REQUEST, _P),
    "invalid_cursor": (FailureCode.BAD_REQUEST, _P),
}


def slack(body: object, content_type: str) -> Verdict | None:
    """Slack's (and Telegram's) ``ok: false``, keyed on ``error`` through :data:`SLACK_ERRORS`."""
    if not isinstance(body, dict) or body.get("ok") is not False:
        return None
    error, description = body.get("error"), body.get("description")
    if isinstance(error, str) and error:
        code, kind = SLACK_ERRORS.get(error, (FailureCode.UPSTREAM_ERROR, _P))
        if error.endswith("_not_found") and error not in SLACK_ERRORS:
            code = FailureCode.NOT_FOUND
        return FailureVerdict(code, kind, f"ok: false, error: {error}", "slack")
    if isinstance(description, str):  # Telegram: {"ok": false, "error_code": 429, ...}
        status = status_from(body, "error_code")
        return failure_from_status(status, f"ok: false: {description}", "telegram")
    if set(body) <= _SLACK_ENVELOPE_KEYS:  # nothing but the envelope: a failure with no reason
        return FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, "ok: false", "slack")
    errors = body.get("errors")
    if isinstance(errors, list) and errors and all(isinstance(e, str) for e in errors):
        # Particle: {"ok": false, "errors": ["..."]} (a flash that built nothing, in a 200;
        # https://docs.particle.io/reference/cloud-apis/api/#errors).
        return FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, f"ok: false: {errors[0]}", "ok")
    return None


_SLACK_ENVELOPE_KEYS = frozenset({"ok", "error", "warning", "response_metadata"})
