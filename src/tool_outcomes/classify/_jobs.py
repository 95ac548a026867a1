"""A job's or an operation's status, read before it is done: not the answer yet.

Asynchronous APIs answer a status read with ``200`` while the work runs: Zendesk's job
statuses, Yandex Disk's and Google's operations, Azure Resource Manager's asynchronous
operations, Strava's uploads, Box's representations, Uploadcare's conversions. Read before it
ends, such an answer is a transient failure (ask again); ended in failure, a permanent one.
Keyed on the request's path and the status member each source documents, so a record's own
``status`` is never read as a job's.
"""

from __future__ import annotations

import re
from typing import Any

from tool_outcomes.envelope import Coverage, Envelope, FailureCode, FailureKind, Outcome

from ._collection import qualtrics_envelope
from ._decisions import Contact
from ._exchange import Exchange
from ._rest_errors import GRPC_CODES, uncached_count
from ._status import AZURE_OPERATION, status_rule

__all__ = ["job_not_done"]

_P = FailureKind.PERMANENT


def _not_yet(ex: Exchange, said: str) -> Envelope[Any]:
    """Not the answer yet: a transient failure (ask again)."""
    return ex.fail(FailureCode.UPSTREAM_ERROR, FailureKind.TRANSIENT, said)


def _ended(ex: Exchange, said: str) -> Envelope[Any]:
    """The job ended without its answer: a permanent failure."""
    return ex.fail(FailureCode.UPSTREAM_ERROR, _P, said)


def job_not_done(ex: Exchange, value: object) -> Envelope[Any] | Contact | None:
    """A job's status read before the job is done: Zendesk's ``GET …/job_statuses/{id}``
    answers ``{"status": "queued" | "working", "progress": 85, "total": 105, "retry_in": 3}``
    (or the same inside ``job_status``) until it is ``completed`` or ``failed``
    (https://developer.zendesk.com/api-reference/ticketing/ticket-management/job_statuses/):
    not the answer yet, ask again; ``failed`` or ``killed``, the job failed."""
    if not isinstance(value, dict) or _JOB_MEMBERS.isdisjoint(value):
        return None
    if _JOB_MEMBERS_BUT_NAME.isdisjoint(value) and not _google_operation(value):
        run = _arm_run_status(value) if not ex.writes else None
        if run is not None:
            return _arm_run(ex, run)
        return None  # only a name, as most records have: only Google's operations read it
    if isinstance(state := value.get("JobStatus"), str):
        # AWS's asynchronous jobs read by Get… (sent by POST: the JSON protocol): Textract's
        # and Rekognition's JobStatus IN_PROGRESS until SUCCEEDED, FAILED or PARTIAL_SUCCESS
        # (https://docs.aws.amazon.com/textract/latest/APIReference/API_GetDocumentAnalysis.html).
        return _aws_job(ex, value, state)
    bulk_operation = _shopify_bulk_operation(value)
    if bulk_operation is not None:
        return _shopify_bulk(ex, bulk_operation)
    if value.get("complete") is False and _HONEYCOMB_QUERY_RESULT.search(ex.url or ""):
        # Honeycomb's query result, created by POST and read by GET: "complete": false until
        # its data is there, to be polled (https://docs.honeycomb.io/api/query-results/).
        return _not_yet(ex, "query result not complete; ask again")
    if ex.writes and not _SMILE_JOB_STATUS.search(ex.url or ""):
        return None  # (Smile ID reads a job's status by POST, https://docs.usesmileid.com/)
    if "complete" in value and "progress" in value and _MAPBOX_UPLOAD.search(ex.url or ""):
        # Mapbox's upload status: complete false until the tileset is made, its error the
        # reason it was not (https://docs.mapbox.com/api/maps/uploads/#retrieve-upload-status).
        error = value.get("error")
        if isinstance(error, str) and error:
            return _ended(ex, f"upload failed: {error}")
        if value["complete"] is False:
            return _not_yet(ex, "upload not complete; ask again")
    if isinstance(value.get("status"), str) and _FRONT_EXPORT.search(ex.url or ""):
        # Front's analytics export: running (its progress in percent) until done or failed
        # (https://dev.frontapp.com/reference/get-analytics-export).
        return _job_state(ex, "export", value["status"])
    if isinstance(status := value.get("status"), str) and _AZURE_TRANSLATION.search(ex.url or ""):
        # Azure AI Translator's document translation: NotStarted, Running or Cancelling until
        # Succeeded, Failed, Cancelled or ValidationFailed
        # (https://learn.microsoft.com/en-us/azure/ai-services/translator/document-translation/reference/get-translation-status).
        if status in ("NotStarted", "Running", "Cancelling"):
            return _not_yet(ex, f"translation {status}; ask again")
        if status in ("Failed", "Cancelled", "ValidationFailed"):
            return _ended(ex, f"translation {status}")
    transifex = _transifex_job(value)
    if transifex is not None:
        # Transifex's asynchronous jobs (resource_async_merges, resource_strings_async_uploads
        # …), read by their id: pending or processing (a merge CREATED) until succeeded or
        # failed (https://developers.transifex.com/reference/get_resource-async-merges-resource-async-merge-id).
        return _job_state(ex, str(value["data"]["type"]), transifex)
    transaction = value.get("transaction")
    if (
        isinstance(transaction, dict)
        and transaction.get("status") == "PENDING"
        and _JUMIO_SCAN.search(ex.url or "")
    ):
        # Jumio's Netverify retrieval: the scan's transaction.status PENDING until DONE or
        # FAILED, both of them its verdict
        # (https://github.com/Jumio/implementation-guides/blob/master/netverify/netverify-retrieval-api.md).
        return _not_yet(ex, "scan PENDING; ask again")
    easypost = value.get("object")
    if isinstance(easypost, str) and _EASYPOST.search(ex.url or ""):
        # EasyPost's reports, "new" until "available" or "failed"
        # (https://docs.easypost.com/docs/reports), and its batches, "creating", "purchasing"
        # or "label_generating" on the way to "created", "purchased" or "label_generated"
        # (https://docs.easypost.com/docs/batches).
        if easypost.endswith("Report") and isinstance(status := value.get("status"), str):
            if status == "new":
                return _not_yet(ex, "report new; ask again")
            return _job_state(ex, "report", status)
        if easypost == "Batch" and isinstance(state := value.get("state"), str):
            if state in _EASYPOST_BATCH_UNDER_WAY:
                return _not_yet(ex, f"batch {state}; ask again")
            if state.endswith("_failed"):
                return _ended(ex, f"batch {state}")
    if value.get("job_complete") is False and "job_success" in value:
        # Smile ID's job status: "job_complete: false" until the job is done; poll again.
        return _not_yet(ex, "job not complete; ask again")
    if "assembly_id" in value and isinstance(state := value.get("ok"), str):
        # Transloadit's Assembly status: ASSEMBLY_UPLOADING and ASSEMBLY_EXECUTING until
        # ASSEMBLY_COMPLETED (https://transloadit.com/docs/api/assemblies-assembly-id-get/);
        # a failed one names its error, REQUEST_ABORTED an upload cut off (send it again).
        return _assembly(ex, value, state)
    if value.get("status") in ("scraping", "failed") and _FIRECRAWL_JOB.search(ex.url or ""):
        # Firecrawl's crawl and batch scrape: "scraping" until "completed" or "failed"
        # (https://docs.firecrawl.dev/api-reference/endpoint/crawl-get); its pages so far come
        # as they are scraped, a partial answer, and none yet is not the answer yet.
        if value["status"] == "failed":
            return _ended(ex, "crawl failed")
        if not value.get("data"):
            return _not_yet(ex, "crawl scraping; ask again")
    if _KEY_VAULT_PENDING.search(ex.url or "") and isinstance(value.get("status"), str):
        # Azure Key Vault's certificate operation: "inProgress" until "completed", its error
        # beside (https://learn.microsoft.com/en-us/rest/api/keyvault/certificates/get-certificate-operation/get-certificate-operation).
        return _job_state(ex, "certificate operation", value["status"])
    mindee = value.get("job")
    if isinstance(mindee, dict) and isinstance(mindee.get("status"), str) and _mindee_job(mindee):
        # Mindee's queued jobs: "waiting", then "processing", until "completed" or "failed"
        # (https://developers.mindee.com/docs/asynchronous-processing).
        return _job_state(ex, "job", mindee["status"])
    status = value.get("status")
    if isinstance(status, str) and "download_url" in value and value["download_url"] is None:
        # ActBlue's CSV export read before it is ready: {"id", "download_url": null, "status":
        # "in_progress"} until "complete" (https://secure.actblue.com/docs/csv_api).
        return _job_state(ex, "export", status)
    if isinstance(status, str) and "qid" in value and isinstance(value.get("error"), str):
        # Pulsedive's answer to a lookup it is still running: {"error": "Request(s) still
        # processing.", "status": "processing", "qid": …} (https://pulsedive.com/api/).
        return _job_state(ex, "lookup", status)
    if "chunks_available" in value and isinstance(status := value.get("status"), str):
        # Tenable's export status: QUEUED, PROCESSING until FINISHED (or ERROR, CANCELLED), the
        # chunks ready so far listed beside it
        # (https://developer.tenable.com/reference/exports-vulns-export-status).
        return _job_state(ex, "export", status)
    kind = value.get("object")
    openai_job = isinstance(kind, str) and kind in _OPENAI_JOBS
    if openai_job and isinstance(status := value.get("status"), str):
        # OpenAI's runs, batches, fine-tuning jobs and vector store files, read by their own
        # object: queued or in_progress (validating, finalizing, cancelling) until completed,
        # failed, cancelled or expired; a run's requires_action is the answer, a call to make
        # (https://platform.openai.com/docs/api-reference/runs/object,
        # https://platform.openai.com/docs/api-reference/batch/object,
        # https://platform.openai.com/docs/api-reference/fine-tuning/object).
        return _job_state(ex, str(kind), status)
    if isinstance(value.get("urls"), dict) and "get" in value["urls"] and "version" in value:
        # Replicate's prediction: starting, then processing, until succeeded, failed or
        # canceled (https://replicate.com/docs/reference/http#predictions.get).
        status = value.get("status")
        if isinstance(status, str):
            return _job_state(ex, "prediction", status)
    bulk = value.get("data") if value.keys() == {"data"} else None
    if (
        isinstance(bulk, dict)
        and isinstance(bulk.get("state"), str)
        and _BULK_EMAIL.search(ex.url or "")
    ):
        # MailerSend's bulk email: queued, scheduled, processing until completed or failed
        # (https://developers.mailersend.com/api/v1/email.html#get-bulk-email-status).
        return _job_state(ex, "bulk email", bulk["state"])
    export = value.get("result") if qualtrics_envelope(value) else None
    if isinstance(export, dict) and "percentComplete" in export:
        # Qualtrics' response export: inProgress until complete (its fileId beside) or failed
        # (https://api.qualtrics.com/u9e5lh4172v0v-survey-response-export-guide).
        status = export.get("status")
        if isinstance(status, str):
            return _job_state(ex, "export", status)
    state = value.get("state")
    if isinstance(state, str) and state.startswith("QUERY_STATE_") and "execution_id" in value:
        # Dune's query executions: QUERY_STATE_PENDING, then _EXECUTING, until _COMPLETED,
        # _FAILED, _CANCELLED or _EXPIRED (https://docs.dune.com/api-reference/executions/endpoint/get-execution-status).
        return _job_state(ex, "execution", state.removeprefix("QUERY_STATE_"))
    if isinstance(value.get("job_identifier"), str) and isinstance(value.get("status"), str):
        # Intercom's data export: pending or in_progress until completed, failed, canceled or
        # no_data, "the job ran and found nothing"
        # (https://developers.intercom.com/docs/references/rest-api/api.intercom.io/data-export/getdataexport).
        if value["status"] == "no_data":
            return ex.no_data(Outcome.EMPTY, "export no_data: nothing to export")
        return _job_state(ex, "export", value["status"])
    refresh = value.get("async_refresh") if value.keys() == {"async_refresh"} else None
    if isinstance(refresh, dict) and refresh.get("status") == "running" and "id" in refresh:
        # Mastodon's background fetch of remote results: "running" until "finished", its
        # result_count what it has fetched so far
        # (https://docs.joinmastodon.org/methods/async_refreshes/).
        return _not_yet(ex, "refresh running; ask again")
    if _uncounted_views(value):
        # Zendesk's ticket counts of a view before they are cached: value null beside fresh
        # false; "keep retrying ... until the value is no longer null"
        # (https://support.zendesk.com/hc/en-us/articles/7428859901978,
        # https://developer.zendesk.com/api-reference/ticketing/business-rules/views/#count-tickets-in-view).
        return _not_yet(ex, "view count not cached yet; ask again")
    crowdin = value.get("data") if value.keys() == {"data"} else None
    if isinstance(crowdin, dict) and _crowdin_job(crowdin):
        return _job_state(ex, "job", crowdin["status"])
    if "activity_id" in value and _STRAVA_UPLOAD.search(ex.url or "") and _strava_processing(value):
        # Strava's upload status: polled "until the activity id is returned"
        # (https://developers.strava.com/docs/uploads/).
        said = f"upload {value['status']}; ask again"
        return _not_yet(ex, said)
    operation = _azure_operation(ex.url or "", value) if "status" in value else None
    if operation is not None:
        # Azure Resource Manager's asynchronous operations: only Succeeded, Failed and Canceled
        # end one; any other status means "keep polling"
        # (https://learn.microsoft.com/en-us/azure/azure-resource-manager/management/async-operations).
        state, kind = operation
        if kind is not None:
            return ex.fail(FailureCode.UPSTREAM_ERROR, kind, f"operation {state}")
        # Succeeded: the answer, its error member an empty placeholder ({"code": "None"}).
        return ex.finish(Outcome.SUCCESS, value, Coverage(returned=1, detail=state))
    google = _google_operation(value)
    if google == "running":
        # Google's long-running operations: "done: false or absent: still in progress"; the
        # result comes with done: true (https://google.aip.dev/151).
        return _not_yet(ex, "operation not done; ask again")
    if google == "failed":
        # Done with its error: "If done == true, exactly one of error or response is set",
        # the error a google.rpc.Status whose code is the canonical number (AIP-151).
        error = value["error"]
        name, code, kind = GRPC_CODES.get(error["code"], ("", FailureCode.UPSTREAM_ERROR, _P))
        words = error.get("message")
        said = f"operation failed: {name or error['code']}"
        return ex.fail(code, kind, f"{said}: {words}" if isinstance(words, str) else said)
    if isinstance(report := value.get("reportFileStatus"), str):
        # SmartRecruiters' report file: PENDING (or IN_PROGRESS) until COMPLETED, or FAILED
        # (https://developers.smartrecruiters.com/, its Reporting API).
        return _job_state(ex, "report file", report)
    if isinstance(state := value.get("state"), str) and _CF_JOB.search(ex.url or ""):
        # Cloud Foundry v3's job: PROCESSING or POLLING until COMPLETE or FAILED, its errors
        # saying why (https://v3-apidocs.cloudfoundry.org/version/3.180.0/#the-job-object).
        if state in ("PROCESSING", "POLLING"):
            return _not_yet(ex, f"job {state}; ask again")
        if state == "FAILED":
            errors = value.get("errors")
            first = errors[0] if isinstance(errors, list) and errors else None
            title = first.get("title") if isinstance(first, dict) else None
            title = title if isinstance(title, str) else ""
            said = f"job FAILED: {title}" if title else "job FAILED"
            code, kind = _CF_ERRORS.get(title, (FailureCode.UPSTREAM_ERROR, _P))
            return ex.fail(code, kind, said)
        return None
    bluesky = value.get("jobStatus") if "getJobStatus" in (ex.url or "") else None
    if isinstance(bluesky, dict) and isinstance(state := bluesky.get("state"), str):
        # Bluesky's video job: "All values not listed as a known value indicate that the job is
        # in process"; the known ones are JOB_STATE_COMPLETED and JOB_STATE_FAILED
        # (https://docs.bsky.app/docs/api/app-bsky-video-get-job-status).
        if state == "JOB_STATE_COMPLETED":
            return None
        if state == "JOB_STATE_FAILED":
            error = bluesky.get("error")
            return _ended(ex, f"video job failed: {error}" if isinstance(error, str) else state)
        return _not_yet(ex, f"video job {state}; ask again")
    if isinstance(status := value.get("status"), str) and _BFL_RESULT.search(ex.url or ""):
        # Black Forest Labs' get_result: "Pending" until "Ready" with its result; "Error",
        # "Content Moderated" and "Request Moderated" end it without one, "Task not found"
        # names no task (https://docs.bfl.ai/api-reference/utility/get-result).
        if status == "Pending":
            return _not_yet(ex, "task Pending; ask again")
        if status == "Task not found":
            return ex.fail(FailureCode.NOT_FOUND, _P, "Task not found")
        if status in ("Error", "Content Moderated", "Request Moderated"):
            return _ended(ex, f"task {status}")
        return None
    if value.get("status") == "document.uploaded" and _PANDADOC_DOCUMENT.search(ex.url or ""):
        # PandaDoc's document read while it is processed after its upload: "document.uploaded"
        # until "document.draft"; poll its status until then
        # (https://developers.pandadoc.com/reference/document-status).
        return _not_yet(ex, "document.uploaded: still being processed; ask again")
    transfer = "import_status" in value or "export_status" in value
    gitlab = _GITLAB_TRANSFER.search(ex.url or "") if transfer else None
    if gitlab is not None and isinstance(state := value.get(f"{gitlab[1]}_status"), str):
        # GitLab's project import and project or group export status: import "scheduled",
        # "started" until "finished" or "failed"; export "queued", "started",
        # "regeneration_in_progress" until "finished"
        # (https://docs.gitlab.com/api/project_import_export/#import-status).
        if state in ("scheduled", "queued", "started", "regeneration_in_progress"):
            return _not_yet(ex, f"{gitlab[1]} {state}; ask again")
        if state == "failed":
            error = value.get("import_error")
            said = (
                f"import failed: {error}" if isinstance(error, str) and error else "import failed"
            )
            return _ended(ex, said)
        return None
    kind = value.get("kind")
    if isinstance(kind, str) and kind in _GOOGLE_OPERATION_KINDS:
        return _resource_operation(ex, value)
    if _BOX_REPRESENTATION.search(ex.url or "") and isinstance(box := value.get("status"), dict):
        # Box's representations: status.state "pending" (or "none") until "success"; "error"
        # says it never will be (https://developer.box.com/guides/representations/).
        box_state, box_code = box.get("state"), box.get("code")
        if box_state in ("pending", "none"):
            said = f"representation {box_state}; ask again"
            return _not_yet(ex, said)
        if box_state == "error":
            said = f"representation error: {box_code or 'no code'}"
            return _ended(ex, said)
        return None
    if value.get("is_running") is True and _ELASTIC_ASYNC.search(ex.url or ""):
        # Elasticsearch's async search (and EQL's, ES|QL's): "is_running: whether the search is
        # still being executed", its hits so far a partial view until it has completed
        # (https://www.elastic.co/guide/en/elasticsearch/reference/current/async-search.html).
        return _not_yet(ex, "search running; ask again")
    action = value.get("action") if value.keys() == {"action"} else None
    if isinstance(action, dict) and _ACTION_PATH.search(ex.url or ""):
        return _action(ex, action)
    task = value.get("response")
    if isinstance(task, dict) and _CATALYST_TASK.search(ex.url or ""):
        return _catalyst_task(ex, task)
    if not _JOB_STATUS_PATH.search(ex.url or ""):
        return None
    job = value.get("job_status", value)
    status = job.get("status") if isinstance(job, dict) else None
    if not isinstance(status, str):
        return None
    words = job.get("message")
    said = f"job {status}" + (f": {words}" if isinstance(words, str) and words else "")
    if _spelled(status) in _JOB_RUNNING_SPELLED:
        return _not_yet(ex, f"{said}; ask again")
    if _spelled(status) in _JOB_FAILED_SPELLED:
        words = job.get("errorMessage")  # Bol.com's FAILURE says why there
        said = f"{said}: {words}" if isinstance(words, str) and words else said
        return _ended(ex, said)
    if _spelled(status) == "timeout":  # Bol.com's TIMEOUT: it ran out of time; send it again
        return _not_yet(ex, said)
    return None


def _catalyst_task(ex: Exchange, task: dict[str, Any]) -> Envelope[Any] | None:
    """Cisco Catalyst Center's (DNA Center's) asynchronous tasks, read by their id inside
    ``{"response": {…}, "version": …}``: ``/task/{id}`` is done once it has an ``endTime``,
    failed when ``isError`` is true (``failureReason`` saying why); ``/tasks/{id}`` says
    PENDING until SUCCESS or FAILURE; a backup or restore execution IN_PROGRESS until SUCCESS
    or FAILED (https://developer.cisco.com/docs/catalyst-center/asynchronous-api/)."""
    status = task.get("status")
    why = next(
        (w for k in ("failureReason", "errorMessage", "progress") if (w := task.get(k))), None
    )
    said = f": {why}" if isinstance(why, str) else ""
    if isinstance(status, str):
        return _job_state(ex, "task", status, why=said)
    if task.get("isError") is True:
        return _ended(ex, f"task isError{said}")
    if task.get("isError") is False and "startTime" in task and "endTime" not in task:
        return _not_yet(ex, f"task running (no endTime){said}; ask again")
    return None


def _aws_job(ex: Exchange, value: dict[str, Any], state: str) -> Envelope[Any] | Contact | None:
    words = value.get("StatusMessage")
    said = f"JobStatus {state}" + (f": {words}" if isinstance(words, str) and words else "")
    if state == "IN_PROGRESS":
        return _not_yet(ex, f"{said}; ask again")
    if state == "FAILED":
        return _ended(ex, said)
    return None


#: OpenAI's objects that are jobs: each ``status`` is read as a job's.
_OPENAI_JOBS = frozenset(
    {"thread.run", "batch", "fine_tuning.job", "vector_store.file", "vector_store.files_batch"}
)


def _uncounted_views(value: dict[str, Any]) -> bool:
    """Whether ``value`` is Zendesk's view count (``view_count``) or counts (``view_counts``)
    with none of them counted yet: each a ``view_id`` with ``value: null`` and ``fresh: false``."""
    counts = value.get("view_counts")
    if counts is None:
        counts = [value.get("view_count")]
    if not isinstance(counts, list) or not counts:
        return False
    return all(isinstance(c, dict) and "view_id" in c and uncached_count(c) for c in counts)


def _transifex_job(value: dict[str, Any]) -> str | None:
    """The status of a Transifex asynchronous job's JSON:API document, or ``None``."""
    data = value.get("data") if value.keys() <= {"data", "included", "links"} else None
    if not isinstance(data, dict) or not isinstance(kind := data.get("type"), str):
        return None
    attributes = data.get("attributes")
    if "_async_" not in kind or not isinstance(attributes, dict):
        return None
    status = attributes.get("status")
    return status if isinstance(status, str) else None


def _mindee_job(job: dict[str, Any]) -> bool:
    """Whether ``job`` is Mindee's queued job (v1's ``issued_at``, v2's ``model_id`` and
    ``polling_url``), not any object a body calls its job: a CI job's own status is its answer."""
    return "id" in job and not _MINDEE_JOB.isdisjoint(job)


def _assembly(ex: Exchange, value: dict[str, Any], state: str) -> Envelope[Any] | None:
    error = value.get("error")
    if state in ("ASSEMBLY_UPLOADING", "ASSEMBLY_EXECUTING") and not error:
        return _not_yet(ex, f"{state}; ask again")
    if state == "REQUEST_ABORTED":
        return _not_yet(ex, state)
    if isinstance(error, str) and error:
        return _ended(ex, f"{state}: {error}")
    return None


def _crowdin_job(data: dict[str, Any]) -> bool:
    """Crowdin's asynchronous job: ``{"data": {"identifier": "…", "status": "inProgress",
    "progress": 50, …}}`` (https://support.crowdin.com/developer/api/v2/: exports, imports,
    pre-translations, builds)."""
    return (
        isinstance(data.get("identifier"), str)
        and isinstance(data.get("status"), str)
        and type(data.get("progress")) is int
    )


def _job_state(ex: Exchange, what: str, status: str, why: str = "") -> Envelope[Any] | None:
    """A job's status word: running (however it is spelled: ``inProgress``, ``in_progress``,
    ``in-progress``) is transient, failed or canceled permanent (``why`` after it), anything
    else the answer."""
    state = _spelled(status)
    if state in _JOB_RUNNING_SPELLED or state == "created":
        return _not_yet(ex, f"{what} {status}; ask again")
    if state in _JOB_FAILED_SPELLED:
        return _ended(ex, f"{what} {status}{why}")
    return None


def _spelled(status: str) -> str:
    return status.lower().replace("_", "").replace("-", "")


def _action(ex: Exchange, action: dict[str, Any]) -> Envelope[Any] | None:
    """Hetzner Cloud's and DigitalOcean's action, read at its own address: ``{"action":
    {"status": "running", "progress": 0, "error": null, …}}`` until its status is ``success``
    (``completed``) or ``error`` (``errored``), the error's code beside it
    (https://docs.hetzner.cloud/reference/cloud#actions-get-an-action,
    https://docs.digitalocean.com/reference/api/digitalocean/#tag/Actions)."""
    status = action.get("status")
    if not isinstance(status, str):
        return None
    if _spelled(status) in _JOB_RUNNING_SPELLED:
        said = f"action {status}; ask again"
        return _not_yet(ex, said)
    if status.lower() in ("error", "errored"):
        error = action.get("error")
        code = error.get("code") if isinstance(error, dict) else None
        said = f"action {status}" + (f": {code}" if isinstance(code, str) else "")
        return _ended(ex, said)
    return None


def _azure_operation(url: str, value: dict[str, Any]) -> tuple[str, FailureKind | None] | None:
    """An Azure operation's status read at its status URL: ``(status, kind)``, the kind
    ``None`` when it succeeded (the answer), transient while it runs, permanent when it failed
    or was canceled; ``None`` for any other answer."""
    status = value.get("status")
    if not isinstance(status, str) or not AZURE_OPERATION.search(url):
        return None
    if not value.keys() <= _AZURE_OPERATION_MEMBERS:
        return None
    state = status.lower()
    if state == "succeeded":
        return status, None
    if state in ("failed", "canceled", "cancelled"):
        error = value.get("error")
        code = error.get("code") if isinstance(error, dict) else None
        return f"{status}: {code}" if isinstance(code, str) else status, FailureKind.PERMANENT
    return f"{status}; ask again", FailureKind.TRANSIENT


_AZURE_OPERATION_MEMBERS = frozenset(
    {"status", "error", "id", "name", "startTime", "endTime", "percentComplete", "properties"}
)


def _shopify_bulk_operation(value: dict[str, Any]) -> dict[str, Any] | None:
    """A Shopify bulk operation read by a query (``bulkOperation(id:)``,
    ``currentBulkOperation``, ``node(id:)``): the one field under ``data``, a ``BulkOperation``
    with its ``status``. The one a mutation starts comes inside its payload, beside its
    ``userErrors``: that is the job accepted, not read here."""
    data = value.get("data")
    if not isinstance(data, dict) or len(data) != 1:
        return None
    [operation] = data.values()
    if not isinstance(operation, dict) or not isinstance(operation.get("status"), str):
        return None
    gid = operation.get("id")
    return operation if isinstance(gid, str) and gid.startswith(_SHOPIFY_BULK) else None


_SHOPIFY_BULK = "gid://shopify/BulkOperation/"
#: A failed bulk operation's ``errorCode``
#: (https://shopify.dev/docs/api/admin-graphql/latest/enums/BulkOperationErrorCode).
_SHOPIFY_BULK_ERRORS = {
    "ACCESS_DENIED": (FailureCode.FORBIDDEN, _P),
    "INTERNAL_SERVER_ERROR": (FailureCode.SERVER_ERROR, FailureKind.TRANSIENT),
    "TIMEOUT": (FailureCode.TIMEOUT, FailureKind.TRANSIENT),
}


def _shopify_bulk(ex: Exchange, operation: dict[str, Any]) -> Envelope[Any] | None:
    """A bulk operation read before it is ``COMPLETED`` (created, running, canceling: poll
    again) or after it failed, expired or was canceled
    (https://shopify.dev/docs/api/admin-graphql/latest/enums/BulkOperationStatus)."""
    status = operation["status"]
    if status in ("CREATED", "RUNNING", "CANCELING"):
        return _not_yet(ex, f"bulk operation {status}; ask again")
    if status not in ("FAILED", "EXPIRED", "CANCELED"):
        return None
    error = operation.get("errorCode")
    error = error if isinstance(error, str) else ""
    said = f"bulk operation {status}" + (f": {error}" if error else "")
    code, kind = _SHOPIFY_BULK_ERRORS.get(error, (FailureCode.UPSTREAM_ERROR, _P))
    return ex.fail(code, kind, said)


def _resource_operation(ex: Exchange, value: dict[str, Any]) -> Envelope[Any] | None:
    """Compute Engine's and Cloud SQL's operation resources: ``status`` PENDING or RUNNING
    until DONE, a failed one DONE with ``error.errors`` and, Compute's, the HTTP status it would
    have answered (https://cloud.google.com/compute/docs/reference/rest/v1/globalOperations,
    https://cloud.google.com/sql/docs/mysql/admin-api/rest/v1/operations)."""
    status = value.get("status")
    if status in ("PENDING", "RUNNING"):
        return _not_yet(ex, f"operation {status}; ask again")
    error = value.get("error")
    errors = error.get("errors") if isinstance(error, dict) else None
    if status != "DONE" or not isinstance(errors, list) or not errors:
        return None
    first = errors[0] if isinstance(errors[0], dict) else {}
    said = f"operation DONE with {len(errors)} error(s): " + ": ".join(
        str(first[key]) for key in ("code", "message") if isinstance(first.get(key), str)
    )
    http = value.get("httpErrorStatusCode")
    rule = status_rule(http) if type(http) is int and http >= 400 else None
    if rule is None:
        return _ended(ex, said)
    return ex.fail(rule.code, rule.kind, f"{said} (HTTP {http})")


#: The ``kind`` of an operation resource read by :func:`_resource_operation`.
_GOOGLE_OPERATION_KINDS = frozenset({"compute#operation", "sql#operation"})


#: An Azure Container Registry run's statuses, read by ``GET …/registries/{r}/runs/{id}``: Queued,
#: Started and Running until it ends Succeeded, Failed, Canceled, Error or Timeout
#: (https://learn.microsoft.com/en-us/rest/api/containerregistry/runs/get).
_ARM_RUN_RUNNING = frozenset({"Queued", "Started", "Running"})
_ARM_RUN_ENDED = frozenset({"Failed", "Canceled", "Error"})


def _arm_run_status(value: dict[str, Any]) -> str | None:
    """The ``properties.status`` of an Azure resource that is a run (its ``type`` ends in
    ``/runs``); ``None`` for any other body."""
    kind = value.get("type")
    if not isinstance(kind, str) or not kind.endswith("/runs"):
        return None
    properties = value.get("properties")
    status = properties.get("status") if isinstance(properties, dict) else None
    return status if isinstance(status, str) else None


def _arm_run(ex: Exchange, status: str) -> Envelope[Any] | None:
    if status in _ARM_RUN_RUNNING:
        return _not_yet(ex, f"properties.status: {status}: the run is not done; ask again later")
    if status in _ARM_RUN_ENDED:
        return _ended(ex, f"properties.status: {status}: the run ended without its result")
    if status == "Timeout":
        return ex.fail(FailureCode.TIMEOUT, FailureKind.TRANSIENT, "properties.status: Timeout")
    return None


def _google_operation(value: dict[str, Any]) -> str | None:
    """A Google long-running operation's state, when it is one that is not the answer: its
    ``name`` (``…operations/…``) with ``done`` false or absent, no ``response`` and no ``error``
    (``"running"``), or ``done`` true with an ``error`` whose ``code`` is a number (``"failed"``);
    ``None`` for any other body (AIP-151)."""
    name = value.get("name")
    if not isinstance(name, str) or "operations/" not in name:
        return None
    if value.get("done") is True:
        error = value.get("error")
        failed = isinstance(error, dict) and type(error.get("code")) is int and error["code"]
        return "failed" if failed and value.keys() <= _DONE_MEMBERS else None
    running = not ({"response", "error"} & value.keys()) and value.keys() <= _OPERATION_MEMBERS
    return "running" if running else None


_OPERATION_MEMBERS = frozenset({"name", "done", "metadata", "@type"})
_DONE_MEMBERS = _OPERATION_MEMBERS | {"error"}


def _strava_processing(value: dict[str, Any]) -> bool:
    keys = {"id_str", "error", "status", "activity_id"}
    return keys <= value.keys() and value["error"] is None and value["activity_id"] is None


#: The members a job's or an operation's status holds, one at least: any other body is none.
_JOB_MEMBERS = frozenset(
    {
        "status", "name", "job_status", "activity_id", "is_running", "action", "job_complete",
        "assembly_id", "data", "JobStatus", "job", "async_refresh", "view_count", "view_counts",
        "object", "urls", "result", "job_identifier", "state", "kind", "import_status",
        "export_status", "jobStatus", "reportFileStatus", "complete",
        "transaction",
        "response",  # Cisco Catalyst Center's task
    }
)  # fmt: skip
_JOB_MEMBERS_BUT_NAME = _JOB_MEMBERS - {"name"}
_ELASTIC_ASYNC = re.compile(r"/(?:_async_search|_eql/search|_query/async)/")
_ACTION_PATH = re.compile(r"/actions/\d+/?(?:[?#]|$)")
_BOX_REPRESENTATION = re.compile(r"/representations/[^/?#]+/?(?:[?#]|$)")
_STRAVA_UPLOAD = re.compile(r"/uploads/\d+(?:[?#]|$)")
# Zendesk's job statuses; Yandex Disk's /operations/{id}, {"status": "in-progress"} until
# "success" or "failed" (https://yandex.com/dev/disk-api/doc/en/reference/operations).
# Uploadcare's conversion status, /convert/{document,video}/status/{token}/, "pending",
# "processing" until "finished" or "failed" (https://uploadcare.com/api-refs/rest-api/v0.7.0/#tag/Conversion).
# Bol.com's process status, /shared/process-status/{id}: PENDING until SUCCESS, FAILURE or
# TIMEOUT (https://api.bol.com/retailer/public/Retailer-API/v10/functional/retailer-api/process-status.html).
# LlamaParse's parsing job, /api/parsing/job/{id}: PENDING until SUCCESS or ERROR
# (https://docs.cloud.llamaindex.ai/API/get-job-api-v-1-parsing-job-job-id-get); Weaviate's
# classification, /v1/classifications/{id}: running until completed or failed
# (https://weaviate.io/developers/weaviate/api/rest#tag/classifications); Auth0's jobs,
# /api/v2/jobs/{id}: pending, processing until completed or failed
# (https://auth0.com/docs/api/management/v2/jobs/get-jobs-by-id).
_JOB_STATUS_PATH = re.compile(
    r"/(?:job[_-]?status(?:es)?|operations|convert/\w+/status|process-status|parsing/job"
    r"|v1/classifications|api/v2/jobs"
    # AssemblyAI's transcript, queued or processing until completed or error
    # (https://www.assemblyai.com/docs/api-reference/transcripts/get); Rev.ai's jobs,
    # in_progress until transcribed or failed (https://docs.rev.ai/api/asynchronous/reference/);
    # Cohere's embed jobs, processing until complete (https://docs.cohere.com/reference/get-embed-job)
    r"|v2/transcript|(?:speechtotext|languageid|sentiment_analysis|topic_extraction)/v1/jobs"
    r"|v1/embed-jobs)/[^/?#]+"
    # Uploadcare's upload from a URL: waiting, progress until success or error, read by its
    # token in the query (https://uploadcare.com/api-refs/upload-api/#tag/Upload/operation/fromURLUploadStatus)
    r"|/from_url/status/?\?",
    re.IGNORECASE,
)
#: A job's status words while it runs, and once it failed, as :func:`_spelled` writes them
#: (lower case, no "_" or "-": Azure DevOps' operations say "inProgress" and "notSet" until
#: "succeeded", "failed" or "cancelled",
#: https://learn.microsoft.com/en-us/rest/api/azure/devops/operations/operations/get).
_JOB_RUNNING_SPELLED = frozenset(
    {
        "queued", "pending", "working", "inprogress", "running", "processing", "notset", "waiting",
        "progress",  # Uploadcare's upload from a URL
        # Replicate's "starting"; OpenAI's batch "validating", "finalizing" and "cancelling",
        # and its fine-tuning job's "validating_files"
        "starting", "validating", "validatingfiles", "finalizing", "cancelling",
        "scheduled",  # MailerSend's bulk email, before it runs
        "executing",  # Dune's QUERY_STATE_EXECUTING
    }
)  # fmt: skip
#: ... and once it failed (LlamaParse's "ERROR"; OpenAI's batch and run "expired").
_JOB_FAILED_SPELLED = frozenset(
    {"failed", "killed", "cancelled", "canceled", "failure", "error", "expired"}
)
_SMILE_JOB_STATUS = re.compile(r"/job_status/?(?:[?#]|$)")
_FRONT_EXPORT = re.compile(r"^https?://[^/?#]*frontapp\.com/analytics/exports/[^/?#]+/?(?:[?#]|$)")
_AZURE_TRANSLATION = re.compile(
    r"/translator/(?:text/batch/v1\.\d+|document)/batches/[^/?#]+/?(?:[?#]|$)"
)
_JUMIO_SCAN = re.compile(r"/netverify/v2/scans/[^/?#]+/?(?:[?#]|$)")
_HONEYCOMB_QUERY_RESULT = re.compile(r"/1/query_results/[^/?#]+(?:/[^/?#]+)?/?(?:[?#]|$)")
_MAPBOX_UPLOAD = re.compile(r"/uploads/v1/[^/?#]+/[^/?#]+/?(?:[?#]|$)")
_EASYPOST = re.compile(r"^https?://api\.easypost\.com/v2/(?:reports|batches)/")
_EASYPOST_BATCH_UNDER_WAY = frozenset({"creating", "purchasing", "label_generating"})
_CATALYST_TASK = re.compile(
    r"/dna/(?:intent/api/v1/tasks?|system/api/v1/backupRestoreExecutions)/[^/?#]+/?(?:[?#]|$)"
)
_CF_JOB = re.compile(r"/v3/jobs/[^/?#]+/?(?:[?#]|$)")
#: Cloud Foundry's error titles a failed job names (https://v3-apidocs.cloudfoundry.org/, Errors).
_CF_ERRORS = {
    "CF-UnprocessableEntity": (FailureCode.BAD_REQUEST, _P),
    "CF-ResourceNotFound": (FailureCode.NOT_FOUND, _P),
    "CF-ServiceUnavailable": (FailureCode.SERVER_ERROR, FailureKind.TRANSIENT),
    "CF-RateLimitExceeded": (FailureCode.RATE_LIMITED, FailureKind.TRANSIENT),
}
_BFL_RESULT = re.compile(r"/v1/get_result/?(?:[?#]|$)")
_PANDADOC_DOCUMENT = re.compile(r"/public/v1/documents/[^/?#]+/?(?:[?#]|$)")
_GITLAB_TRANSFER = re.compile(r"/api/v4/(?:projects|groups)/[^/?#]+/(import|export)/?(?:[?#]|$)")
_BULK_EMAIL = re.compile(r"/bulk-email/[^/?#]+/?(?:[?#]|$)")
_MINDEE_JOB = frozenset({"issued_at", "available_at", "model_id", "polling_url"})
_KEY_VAULT_PENDING = re.compile(r"/certificates/[^/?#]+/pending/?(?:[?#]|$)")
_FIRECRAWL_JOB = re.compile(r"/v\d+/(?:crawl|batch/scrape)/[^/?#]+/?(?:[?#]|$)")
