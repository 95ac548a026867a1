"""Search-engine conventions: Elasticsearch, OpenSearch, Solr and Meilisearch report failure and
cut-off answers inside a 200.

A search that timed out (``timed_out: true``), lost shards (``_shards.failed``) or stopped early
(``terminated_early``) returns the hits it collected: a partial answer whose total counts only
what was examined. ``_msearch`` and ``_bulk`` report per sub-request; Solr flags
``partialResults`` and puts its own status in ``responseHeader``. A Meilisearch search or
document listing spread over remote servers names each server that failed in ``remoteErrors``.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

from tool_outcomes.envelope import FailureCode, FailureKind, TruncatedBy

from ._messages import error_message
from ._verdicts import (
    FailureVerdict,
    PartialVerdict,
    Verdict,
    as_count,
    failure_from_status,
    is_set,
    status_from,
)

__all__ = [
    "elasticsearch_bulk",
    "elasticsearch_error",
    "elasticsearch_error_count",
    "elasticsearch_flags",
    "elasticsearch_msearch",
    "graph_batch",
    "meilisearch_remote_errors",
    "solr",
]

# -- Elasticsearch / OpenSearch -----------------------------------------------------------------


def elasticsearch_error(body: object, content_type: str) -> Verdict | None:
    # {"error": {"root_cause": [...], "type": ..., "reason": ...}, "status": 400}
    if not isinstance(body, dict) or not set(body) <= {"error", "status"}:
        return None
    error, status = body.get("error"), status_from(body, "status")
    shaped = isinstance(error, dict) and bool({"type", "reason", "root_cause"} & set(error))
    if status is None or not (shaped or (isinstance(error, str) and error)):
        return None
    return failure_from_status(status, error_message(body) or "search error", "elasticsearch")


def elasticsearch_flags(body: object, content_type: str) -> Verdict | None:
    # A search that stopped early reports in hits.total what it counted before it stopped,
    # not what the index holds, so every verdict here marks its counts as cut.
    if not isinstance(body, dict):
        return None
    shards, clusters = body.get("_shards"), body.get("_clusters")
    dropped = _failed_shards(shards) + _skipped_clusters(clusters)
    if body.get("timed_out") is True:
        detail = "the search timed out; hits are what was collected in time"
        return PartialVerdict(
            TruncatedBy.UPSTREAM_TIMEOUT, detail, "elasticsearch", dropped, counts_cut=True
        )
    if dropped:
        detail = "part of the index was not searched"
        return PartialVerdict(
            TruncatedBy.SHARD_FAILURE, detail, "elasticsearch", dropped, counts_cut=True
        )
    if body.get("terminated_early") is True:
        detail = "the search stopped early (terminate_after)"
        return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, detail, "elasticsearch", counts_cut=True)
    return None


def _failed_shards(shards: object) -> tuple[str, ...]:
    if not isinstance(shards, dict):
        return ()
    failed = as_count(shards.get("failed"))
    failures = shards.get("failures")
    failures = [f for f in failures if isinstance(f, dict)] if isinstance(failures, list) else []
    if not failed and not failures:  # failed: 0 and no failure reports: every shard answered
        return ()
    out: list[str] = []
    for failure in failures:
        reason = failure.get("reason")
        why = (
            ": ".join(str(reason[k]) for k in ("type", "reason") if k in reason)
            if isinstance(reason, dict)
            else str(reason)
        )
        out.append(f"index {failure.get('index')} shard {failure.get('shard')}: {why}")
    return tuple(out) or (f"{failed} of {shards.get('total')} shards failed",)


def _skipped_clusters(clusters: object) -> tuple[str, ...]:
    # Cross-cluster search: a skipped or failed remote cluster contributed no hits.
    if not isinstance(clusters, dict):
        return ()
    lost = sum(as_count(clusters.get(k)) or 0 for k in ("skipped", "failed", "partial"))
    return (f"{lost} of {clusters.get('total')} clusters skipped or failed",) if lost else ()


def elasticsearch_msearch(body: object, content_type: str) -> Verdict | None:
    """A batch of sub-responses, each with its own status: some failed is a partial answer,
    all failed a failure.

    Elasticsearch's ``_msearch``: ``{"took": 5, "responses": [{...search...}, {"error": {...},
    "status": 404}]}``, each search succeeding or failing on its own. Two batch APIs answer the
    same way, one HTTP status per request inside the 200: Microsoft Graph's JSON batching
    (``{"responses": [{"id": "1", "status": 404, "body": {"error": ...}}]}``,
    https://learn.microsoft.com/en-us/graph/json-batching) and Amazon SP-API's batches
    (``{"responses": [{"status": {"statusCode": 400, "reasonPhrase": ...}, "body": {"errors":
    [...]}}]}``: only an entry with a 200 holds a result, https://developer-docs.amazon.com/
    sp-api/docs/product-pricing-api-v2022-05-01-reference), and Smartcar's batch, a ``code``
    beside each ``path``. A sub-response fails with an
    ``error`` or a status of 400 or more.
    """
    if not isinstance(body, dict) or not set(body) <= {"took", "responses"}:
        return None
    responses = body.get("responses")
    if not isinstance(responses, list) or not all(isinstance(r, dict) for r in responses):
        return None
    dialect, one, many = (
        ("msearch", "search", "searches") if "took" in body else ("batch", "request", "requests")
    )
    failed = [(i, r) for i, r in enumerate(responses) if _sub_failed(r)]
    cut = [(i, r) for i, r in enumerate(responses) if elasticsearch_flags(r, content_type)]
    if failed and len(failed) == len(responses):
        first = failed[0][1]
        words = error_message(first) or error_message(first.get("body")) or f"every {one} failed"
        return failure_from_status(_sub_status(first), words, dialect)
    dropped = tuple(f"responses.{i}: {_sub_words(r)}" for i, r in failed)
    dropped += tuple(f"responses.{i}: timed out or lost shards" for i, _ in cut)
    if not dropped:
        return None
    detail = f"{len(failed) + len(cut)} of {len(responses)} {many} failed or were cut"
    return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, detail, dialect, dropped)


def graph_batch(body: object) -> Verdict | None:
    """Facebook's Graph API batch: a JSON array, one entry per request, each ``{"code": 200,
    "headers": [...], "body": "<the answer's JSON, as text>"}``; an entry that failed holds its
    own status and error, and a request a batch that ran out of time never completed answers
    ``null`` ("responses for requests that are not successful will be null",
    https://developers.facebook.com/docs/graph-api/batch-requests). Some failed or null is a
    partial answer; every one failed, a failure keyed on the first.

    Read only from an array of such entries (at least one an object with a numeric ``code``
    and a ``body``, and no other member than ``headers``)."""
    if not isinstance(body, list) or not body:
        return None
    entries = [entry for entry in body if entry is not None]
    if not entries or not all(_batch_entry(entry) for entry in entries):
        return None
    failed = [(i, e) for i, e in enumerate(body) if isinstance(e, dict) and e["code"] >= 400]
    if not failed and len(entries) == len(body):
        return None
    if failed and len(failed) == len(body):
        first = failed[0][1]
        return failure_from_status(first["code"], _entry_words(first), "graph batch")
    dropped = tuple(
        f"{i}: {'not completed (null)' if e is None else _entry_words(e)}"
        for i, e in enumerate(body)
        if e is None or e["code"] >= 400
    )
    detail = f"{len(dropped)} of {len(body)} requests failed or did not complete"
    return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, detail, "graph batch", dropped)


def _batch_entry(entry: object) -> bool:
    return (
        isinstance(entry, dict)
        and type(entry.get("code")) is int
        and "body" in entry
        and entry.keys() <= {"code", "headers", "body"}
    )


def _entry_words(entry: dict[str, Any]) -> str:
    text = entry.get("body")
    answer: object = text
    if isinstance(text, str):
        with contextlib.suppress(ValueError, RecursionError):
            answer = json.loads(text)
    return error_message(answer) or f"status {entry['code']}"


def _sub_status(response: dict[str, object]) -> int | None:
    """A sub-response's HTTP status: a number (Elasticsearch, Graph) or SP-API's
    ``{"statusCode": 400}``."""
    status = response.get("status")
    if isinstance(status, dict):
        return status_from(status, "statusCode")
    if "path" in response and type(response.get("code")) is int:
        # Smartcar's batch: one {"path", "code", "body", "headers"} per path asked
        # (https://smartcar.com/docs/api-reference/batch).
        return status_from(response, "code")
    # eBay's bulk methods: each response's own statusCode beside its errors
    # (https://developer.ebay.com/api-docs/sell/marketing/resources/ad/methods/bulkCreateAdsByListingId)
    return status_from(response, "status", "statusCode")


def _sub_failed(response: dict[str, object]) -> bool:
    status = _sub_status(response)
    return is_set(response.get("error")) or (status is not None and status >= 400)


def _sub_words(response: dict[str, object]) -> str:
    words = error_message(response) or error_message(response.get("body"))
    status = _sub_status(response)
    return words or (f"status {status}" if status is not None else "error")


def elasticsearch_bulk(body: object, content_type: str) -> Verdict | None:
    # _bulk answers 200 with errors: true when some actions failed; each item says which.
    if not isinstance(body, dict) or body.get("errors") is not True:
        return None
    items = body.get("items")
    if not isinstance(items, list):
        return None
    dropped: list[str] = []
    for index, item in enumerate(items):
        action = next(iter(item.values()), None) if isinstance(item, dict) and item else None
        if isinstance(action, dict) and is_set(action.get("error")):
            dropped.append(f"items.{index}: {error_message(action) or 'error'}")
    detail = f"{len(dropped)} of {len(items)} bulk actions failed"
    return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, detail, "bulk", tuple(dropped))


# -- Solr -----------------------------------------------------------------------------------------


def solr(body: object, content_type: str) -> Verdict | None:
    # {"responseHeader": {"status": 0, "QTime": 1, "partialResults": true}, "response": {...}}
    if not isinstance(body, dict):
        return None
    header = body.get("responseHeader")
    if not isinstance(header, dict) or ("QTime" not in header and "status" not in header):
        return None
    status = header.get("status")
    if isinstance(status, int) and not isinstance(status, bool) and status != 0:
        detail = f"responseHeader.status {status}: {error_message(body) or 'no message'}"
        return failure_from_status(status, detail, "solr")
    if header.get("partialResults") is True:
        # timeAllowed ran out or a shard was tolerated away: numFound counts only what was seen.
        detail = "partialResults: true (timeAllowed or a tolerated shard failure)"
        return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, detail, "solr", counts_cut=True)
    return None


# -- Meilisearch ----------------------------------------------------------------------------------


def meilisearch_remote_errors(body: object, content_type: str) -> Verdict | None:
    """A federated search (or document listing) over several Meilisearch servers whose
    ``remoteErrors`` names a server that failed: the hits are the other servers', and the
    estimated total counts only theirs. The map is "errors from remote servers", keyed by the
    remote's name, each a Meilisearch error object (``FederatedSearchResult.remote_errors`` in
    meilisearch's ``search/federated/types.rs``; its error format:
    https://www.meilisearch.com/docs/reference/errors/overview). An empty map is no evidence."""
    if not isinstance(body, dict):
        return None
    errors = body.get("remoteErrors")
    if not isinstance(errors, dict) or not errors:
        return None
    if not all(isinstance(error, dict) for error in errors.values()):
        return None
    dropped = tuple(
        f"remote {name}: {error_message(error) or 'error'}" for name, error in errors.items()
    )
    detail = f"{len(errors)} remote server(s) failed; the hits are the others'"
    return PartialVerdict(
        TruncatedBy.SHARD_FAILURE, detail, "meilisearch", dropped, counts_cut=True
    )


def elasticsearch_error_count(body: object, content_type: str) -> Verdict | None:
    """Elasticsearch's security APIs that act on several keys or tokens answer with what they
    did and ``error_count`` beside ``error_details``, "not present in the response when
    error_count is 0" (https://www.elastic.co/guide/en/elasticsearch/reference/current/security-api-invalidate-api-key.html):
    some done and some failed is a partial answer; nothing done, a failure."""
    if not isinstance(body, dict):
        return None
    count, details = as_count(body.get("error_count")), body.get("error_details")
    if not count or not isinstance(details, list) or not details:
        return None
    dropped = tuple(
        f"error_details.{n}: {error_message(d) or 'error'}" if isinstance(d, dict) else str(n)
        for n, d in enumerate(details)
    )
    done = any(
        isinstance(value, list) and value
        for key, value in body.items()
        if key != "error_details" and not key.startswith("previously_")
    )
    if not done:
        said = f"{count} errors: {'; '.join(dropped[:3])}"
        return FailureVerdict(
            FailureCode.UPSTREAM_ERROR, FailureKind.PERMANENT, said, "elasticsearch"
        )
    return PartialVerdict(TruncatedBy.UPSTREAM_FLAG, f"{count} errors", "elasticsearch", dropped)
