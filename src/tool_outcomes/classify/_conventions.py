"""Step 4, the conventions: how well-known upstreams report failure or truncation inside a 2xx body.

A 200 only says the HTTP exchange worked. Upstreams then say, in their own words, whether the
call did: GraphQL puts ``errors`` beside (or instead of) ``data``, Elasticsearch says
``timed_out: true``, Slack ``ok: false``, RFC 9457 sends a problem document. Each family of
conventions lives in its own module (``_rpc``, ``_search_engines``, ``_chat``, ``_rest_errors``,
``_generation``);
:data:`CONVENTIONS` lists every rule, in the order they are tried, each with the reason for its
place. The first verdict wins. Adding a convention is one function in its family's module (or a
new module for a new family) and one row here, naming the top-level members one of which a body
must hold for the rule to find anything (``keys``): a body holding none of any rule's members is
asked of none (:func:`asked`), and ``tests/test_key_gates.py`` holds each rule to its members.

False positives are the failure mode to fear: ``error: null``, ``errors: []``,
``errors: false``, ``timed_out: false``, ``partialResults: false`` and ``_shards.failed: 0``
are not evidence, and every rule checks the value, never just the key.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from . import _chat, _generation, _rest_errors, _rpc, _search_engines
from ._verdicts import Verdict

__all__ = ["CONVENTIONS", "Convention", "asked"]


@dataclass(frozen=True)
class Convention:
    """One upstream convention: the rule that reads it, and why it sits where it does."""

    name: str
    read: Callable[[object, str], Verdict | None]
    """Takes the decoded body and its media type; returns a verdict, or ``None`` for no evidence.

    Conventions are written in JSON objects: the pipeline asks them only about an object, and
    each also answers ``None`` for anything else (a test holds every rule to both)."""
    why: str
    keys: frozenset[str] | None = None
    """The top-level members one of which a body must hold for the rule to find anything: a
    body holding none of them is not asked (a test holds every rule to its keys). ``None``:
    the rule is asked about every body."""
    media_types: frozenset[str] = frozenset()
    """Media types under which the rule reads a body whatever members it holds."""

    def may_apply(self, body: dict[str, object], media_type: str) -> bool:
        """Whether the rule can have a verdict on ``body`` (``False``: it has none)."""
        keys = self.keys
        return keys is None or media_type in self.media_types or not keys.isdisjoint(body)


#: Every convention, in the order tried. Failures come before flags, so that an error body is
#: never read as a partial answer; the error-only rule comes after every named error envelope.
CONVENTIONS: tuple[Convention, ...] = (
    Convention(
        "jsonrpc",
        _rpc.jsonrpc,
        "an envelope: its error fails, its result is the body",
        keys=frozenset({"jsonrpc"}),
    ),
    Convention(
        "problem+json",
        _rest_errors.problem_details,
        "the media type itself says failure",
        keys=frozenset(),
        media_types=frozenset({"application/problem+json"}),
    ),
    Convention(
        "elasticsearch_error",
        _search_engines.elasticsearch_error,
        "a search error body with its own status",
        keys=frozenset({"status"}),
    ),
    Convention(
        "indexed_errors",
        _rest_errors.indexed_errors,
        "a batch's refused items by their index, alone (Identity Platform's batchDelete);"
        " before graphql, whose errors carry no index",
        keys=frozenset({"errors"}),
    ),
    Convention(
        "graphql",
        _rpc.graphql,
        "errors without data fail, beside data they cut it",
        keys=frozenset({"errors"}),
    ),
    Convention(
        "graphql_user_errors",
        _rpc.graphql_user_errors,
        "a mutation payload's userErrors: the input refused",
        keys=frozenset({"data"}),
    ),
    Convention(
        "marketo_call",
        _rest_errors.marketo_call,
        "Marketo's success: false keyed on its call-level code",
        keys=frozenset({"requestId"}),
    ),
    Convention(
        "slack", _chat.slack, "ok: false, keyed on the error string", keys=frozenset({"ok"})
    ),
    Convention(
        "cloudflare",
        _rest_errors.cloudflare,
        "success: false with errors",
        keys=frozenset({"success"}),
    ),
    Convention(
        "vulners",
        _rest_errors.vulners,
        "Vulners' result: error, its words and code in data",
        keys=frozenset({"result"}),
    ),
    Convention(
        "result_false",
        _rest_errors.result_false,
        "result: false beside nothing but a status of 400 or more",
        keys=frozenset({"result"}),
    ),
    Convention(
        "zuora",
        _rest_errors.zuora,
        "Zuora's success: false with its reasons, or Success: false with its Errors",
        keys=frozenset({"success", "Success"}),
    ),
    Convention(
        "success_false_words",
        _rest_errors.success_false_words,
        "Success: false (or ErrNo) beside its words alone (StatusCake)",
        keys=frozenset({"Success", "ErrNo"}),
    ),
    Convention(
        "google_maps_status",
        _rest_errors.google_maps_status,
        "Google Maps Platform's status in a 200: its failures, keyed on their names",
        keys=frozenset({"status"}),
    ),
    Convention(
        "etherscan",
        _rest_errors.etherscan,
        "Etherscan's status 0 with the error's words in result; 'No … found' is an answer",
        keys=frozenset({"status"}),
    ),
    Convention(
        "withings",
        _rest_errors.withings,
        "Withings' own non-zero status beside its body",
        keys=frozenset({"status"}),
    ),
    Convention(
        "jsend",
        _rest_errors.jsend,
        "status error or fail, only JSend's members",
        keys=frozenset({"status"}),
    ),
    Convention(
        "push_tickets",
        _rest_errors.push_tickets,
        "Expo's push tickets, some with status error",
        keys=frozenset({"data"}),
    ),
    Convention(
        "succeeded_failed",
        _rest_errors.succeeded_failed,
        "what a bulk call did in succeeded beside what it did not in failed",
        keys=frozenset({"data", "succeeded"}),
    ),
    Convention(
        "prometheus",
        _rest_errors.prometheus,
        "Prometheus' status: error beside its errorType",
        keys=frozenset({"errorType"}),
    ),
    Convention(
        "batch_failures",
        _rest_errors.batch_failures,
        "a batch write answered entry by entry, some failed (AWS, Azure Event Grid)",
        keys=frozenset(
            {
                "Failed",
                "FailedRecordCount",
                "FailedEntryCount",
                "FailedPutCount",
                "failedLockTokens",
            }
        ),
    ),
    Convention(
        "ocs",
        _rest_errors.ocs,
        "Nextcloud's OCS envelope: its failure, or its data judged as the body",
        keys=frozenset({"ocs"}),
    ),
    Convention(
        "wp_batch",
        _rest_errors.wp_batch,
        "a WordPress batch answer whose entries carry an error",
        keys=frozenset({"create", "update", "delete"}),
    ),
    Convention(
        "apify_batch",
        _rest_errors.apify_batch,
        "Apify's request queue batch: unprocessedRequests beside processedRequests",
        keys=frozenset({"data"}),
    ),
    Convention(
        "unprocessed_dynamodb",
        _rest_errors.unprocessed_dynamodb,
        "DynamoDB's UnprocessedItems or UnprocessedKeys left",
        keys=frozenset({"UnprocessedItems", "UnprocessedKeys"}),
    ),
    Convention(
        "emarsys",
        _rest_errors.emarsys,
        "Emarsys' non-zero replyCode beside its replyText",
        keys=frozenset({"replyCode"}),
    ),
    Convention(
        "success_fail_counts",
        _rest_errors.success_fail_counts,
        "Iterable's failCount beside its successCount",
        keys=frozenset({"failCount"}),
    ),
    Convention(
        "unprocessed_records",
        _rest_errors.unprocessed_records,
        "CleverTap's unprocessed records beside status partial or fail",
        keys=frozenset({"unprocessed"}),
    ),
    Convention(
        "sparkpost_recipients",
        _rest_errors.sparkpost_recipients,
        "SparkPost's rejected recipients beside those accepted",
        keys=frozenset({"results"}),
    ),
    Convention(
        "postal",
        _rest_errors.postal_error,
        "Postal's status parameter-error or error, beside time and flags",
        keys=frozenset({"flags"}),
    ),
    Convention(
        "failed_emails",
        _rest_errors.failed_emails,
        "Unisender Go's failed_emails beside the emails sent",
        keys=frozenset({"failed_emails"}),
    ),
    Convention(
        "tencentcloud",
        _rest_errors.tencent_cloud_error,
        "Tencent Cloud API 3.0's Response.Error in a 200",
        keys=frozenset({"Response"}),
    ),
    Convention(
        "volcengine",
        _rest_errors.volcengine_error,
        "Volcengine's ResponseMetadata.Error",
        keys=frozenset({"ResponseMetadata"}),
    ),
    Convention(
        "ucloud",
        _rest_errors.ucloud_error,
        "UCloud's RetCode other than 0",
        keys=frozenset({"RetCode"}),
    ),
    Convention(
        "alipay",
        _rest_errors.alipay_error,
        "Alipay's <method>_response with a code other than 10000",
        keys=frozenset({"sign"}),
    ),
    Convention(
        "taobao",
        _rest_errors.taobao_error,
        "Taobao TOP's error_response in place of the method's answer",
        keys=frozenset({"error_response"}),
    ),
    Convention(
        "status_error_word",
        _rest_errors.status_error_word,
        "a status spelled ..._ERROR beside nothing but its words (SuperTokens)",
        keys=frozenset({"status"}),
    ),
    Convention(
        "result_error",
        _rest_errors.result_error,
        "Gemini's result: error beside its reason and message",
        keys=frozenset({"result"}),
    ),
    Convention(
        "rpc_status",
        _rest_errors.rpc_status,
        "a google.rpc.Status as the body, its details typed google.rpc",
        keys=frozenset({"details"}),
    ),
    Convention(
        "rollbar_err",
        _rest_errors.rollbar_err,
        "Rollbar's err other than 0 beside its message alone",
        keys=frozenset({"err"}),
    ),
    Convention(
        "failures_alone",
        _rest_errors.failures_alone,
        "a batch's answer that is only its failures (Descope)",
        keys=frozenset({"failures"}),
    ),
    Convention(
        "skipped_hashes",
        _rest_errors.skipped_hashes,
        "HarperDB's skipped_hashes beside the ids written",
        keys=frozenset({"skipped_hashes"}),
    ),
    Convention(
        "zendesk_view_counts",
        _rest_errors.zendesk_view_counts,
        "Zendesk's counts of several views, some not cached yet",
        keys=frozenset({"view_counts"}),
    ),
    Convention(
        "batch_responses",
        _rest_errors.batch_responses,
        "a batch send's entries, some with success: false",
        keys=frozenset({"responses", "results"}),
    ),
    Convention(
        "zendesk_job",
        _rest_errors.zendesk_job_results,
        "a completed Zendesk job whose results name errors",
        keys=frozenset({"job_status", "results"}),
    ),
    Convention(
        "stat_fail_error",
        _rest_errors.stat_fail_error,
        "UptimeRobot's stat: fail beside its error's type",
        keys=frozenset({"stat"}),
    ),
    Convention(
        "opensearch_feed_error",
        _rest_errors.opensearch_feed_error,
        "an OpenSearch feed's error with an HTTP status as its code",
        keys=frozenset({"feed"}),
    ),
    Convention(
        "neverbounce_status",
        _rest_errors.neverbounce_status,
        "NeverBounce's status naming a failure beside its execution_time",
        keys=frozenset({"execution_time"}),
    ),
    Convention(
        "status_failure",
        _rest_errors.status_failure,
        "iyzico's status: failure beside its errorCode and errorMessage",
        keys=frozenset({"status"}),
    ),
    Convention(
        "listings_submission",
        _rest_errors.listings_submission,
        "Amazon SP-API's listing submission status: INVALID",
        keys=frozenset({"status"}),
    ),
    Convention(
        "open_food_facts",
        _rest_errors.open_food_facts,
        "Open Food Facts' status: v3's success_with_errors or failure, v2's 0 with its words",
        keys=frozenset({"status"}),
    ),
    Convention(
        "spark_d",
        _rest_errors.spark_d,
        "Spark's D.Success: false, keyed on its Code",
        keys=frozenset({"D"}),
    ),
    Convention(
        "fingerprint_products",
        _rest_errors.fingerprint_products,
        "Fingerprint's products, each its data or its error",
        keys=frozenset({"products"}),
    ),
    Convention(
        "poeditor_response",
        _rest_errors.poeditor_response,
        "POEditor's response status: fail, keyed on its code",
        keys=frozenset({"response"}),
    ),
    Convention(
        "snapchat_request_status",
        _rest_errors.snapchat_request_status,
        "Snapchat's request_status: ERROR beside its request_id",
        keys=frozenset({"request_status"}),
    ),
    Convention(
        "quota_limited",
        _rest_errors.quota_limited,
        "PostHog's quotaLimited naming what ran out",
        keys=frozenset({"quotaLimited", "quota_limited"}),
    ),
    Convention(
        "bulk_errors",
        _rest_errors.bulk_errors,
        "a bulk write's errors, each with its code and message, beside the items it did",
        keys=frozenset({"errors"}),
    ),
    Convention(
        "dnspod_status",
        _rest_errors.dnspod_status,
        "DNSPod's status object with a code other than 1",
        keys=frozenset({"status"}),
    ),
    Convention(
        "netcup_status",
        _rest_errors.netcup_status,
        "netcup's status: error beside its statuscode and messages",
        keys=frozenset({"statuscode"}),
    ),
    Convention(
        "success_word",
        _rest_errors.success_word,
        "a success member saying error, beside the error's code",
        keys=frozenset({"success"}),
    ),
    Convention(
        "postmen",
        _rest_errors.postmen,
        "Postmen's meta.code (its own, not HTTP's) with retryable: anything but 200 fails",
        keys=frozenset({"meta"}),
    ),
    Convention(
        "unifi",
        _rest_errors.unifi,
        "UniFi's meta.rc error: the call refused in a 200, meta.msg naming why",
        keys=frozenset({"meta"}),
    ),
    Convention(
        "mist_inventory",
        _rest_errors.mist_inventory,
        "Mist's inventory changes: devices refused beside those done",
        keys=frozenset({"op"}),
    ),
    Convention(
        "meta_status",
        _rest_errors.meta_status,
        "an envelope's meta with the call's own HTTP status of 400 or more, and its words",
        keys=frozenset({"meta"}),
    ),
    Convention(
        "vonage",
        _rest_errors.vonage,
        "Vonage's status with its words, an SMS batch's per-message statuses, error-code",
        keys=frozenset({"status", "message-count", "error-code"}),
    ),
    Convention(
        "partial_error",
        _rest_errors.partial_error,
        "Azure Monitor's PartialError beside its tables: a partial (read before any error rule)",
        keys=frozenset({"error"}),
    ),
    Convention(
        "lastfm_error",
        _rest_errors.lastfm_error,
        "Last.fm's numeric error beside its message, keyed on the code",
        keys=frozenset({"error"}),
    ),
    Convention(
        "vk",
        _rest_errors.vk,
        "VK's error with its request_params, keyed on its code (read before Google's envelope)",
        keys=frozenset({"error"}),
    ),
    Convention(
        "deezer",
        _rest_errors.deezer,
        "Deezer's error codes, its own (read before Google's envelope takes them for HTTP)",
        keys=frozenset({"error"}),
    ),
    Convention(
        "google_error",
        _rest_errors.google_error,
        "Google's error envelope (AIP-193)",
        keys=frozenset({"error"}),
    ),
    Convention(
        "intuit_fault",
        _rest_errors.intuit_fault,
        "QuickBooks Online's Fault, keyed on its type",
        keys=frozenset({"Fault", "QueryResponse", "AttachableResponse"}),
    ),
    Convention(
        "authorize_net",
        _rest_errors.authorize_net,
        "Authorize.net's messages.resultCode: Error",
        keys=frozenset({"messages"}),
    ),
    Convention(
        "reddit",
        _rest_errors.reddit,
        "json.errors: [NAME, message, field] items",
        keys=frozenset({"json"}),
    ),
    Convention(
        "ai_vendor_error",
        _rest_errors.ai_vendor_error,
        "Anthropic / OpenAI error types",
        keys=frozenset({"error"}),
    ),
    Convention(
        "paapi_errors",
        _rest_errors.paapi_errors,
        "Amazon PA-API's Errors: alone a failure keyed on its Code, beside a result a partial",
        keys=frozenset({"Errors"}),
    ),
    Convention(
        "error_only",
        _rest_errors.error_only,
        "last of the failures: a body that is only an error",
        keys=_rest_errors.ERROR_ONLY_KEYS,
    ),
    Convention(
        "tiktok_business",
        _rest_errors.tiktok_business,
        "TikTok for Business's code beside request_id: anything but 0 is a failure",
        keys=frozenset({"request_id"}),
    ),
    Convention(
        "api_sports",
        _rest_errors.api_sports,
        "API-Sports' errors beside its empty response, keyed on the error's name",
        keys=frozenset({"errors"}),
    ),
    Convention(
        "zoho_people",
        _rest_errors.zoho_people,
        "Zoho People's status 1 with its errors; its 7024, 'No records found', an empty answer",
        keys=frozenset({"response"}),
    ),
    Convention(
        "imgur_failed",
        _rest_errors.imgur_failed,
        "Imgur's {data, success: false, status} envelope: its status the failure",
        keys=frozenset({"success"}),
    ),
    Convention(
        "civicrm_error",
        _rest_errors.civicrm_error,
        "CiviCRM's is_error: 1 beside its error_message (and error_code)",
        keys=frozenset({"is_error"}),
    ),
    Convention(
        "bazaarvoice_errors",
        _rest_errors.bazaarvoice_errors,
        "Bazaarvoice's HasErrors (or hasErrors) true beside its Errors or form errors",
        keys=frozenset({"HasErrors", "hasErrors"}),
    ),
    Convention(
        "serialized_response",
        _rest_errors.serialized_response,
        "an ASP.NET HttpResponseMessage sent as a 200's JSON: its StatusCode of 400 or more",
        keys=frozenset({"ReasonPhrase"}),
    ),
    Convention(
        "rdap_truncated",
        _rest_errors.rdap_truncated,
        "RDAP's notices or remarks typed result set (or object) truncated: a partial answer",
        keys=frozenset({"rdapConformance"}),
    ),
    Convention(
        "graphql_or_error",
        _rest_errors.graphql_or_error,
        "a GraphQL …OrError field answering an error type (Dagster): not found, refused, failed",
        keys=frozenset({"data"}),
    ),
    Convention(
        "rundeck_output",
        _rest_errors.rundeck_output,
        "Rundeck's execution output: its error, execCompleted or completed false a partial log",
        keys=frozenset({"execCompleted"}),
    ),
    Convention(
        "kusto_v1_exceptions",
        _rest_errors.kusto_v1_exceptions,
        "Kusto v1's Exceptions beside its Tables: rows beside them a partial, none a failure",
        keys=frozenset({"Exceptions"}),
    ),
    Convention(
        "snowflake_running",
        _rest_errors.snowflake_running,
        "Snowflake's code 333333 or 333334 beside a query id: the query still running",
        keys=frozenset({"code"}),
    ),
    Convention(
        "flink_not_ready",
        _rest_errors.flink_not_ready,
        "Flink SQL Gateway's resultType NOT_READY: ask again",
        keys=frozenset({"resultType"}),
    ),
    Convention(
        "genesis",
        _rest_errors.genesis,
        "the GENESIS web service's Status: Type Fehler a failure, codes 103 and 104 none found",
        keys=frozenset({"Ident"}),
    ),
    Convention(
        "plaid_not_ready",
        _rest_errors.plaid_not_ready,
        "Plaid's transactions_update_status NOT_READY beside nothing added: not pulled yet",
        keys=frozenset({"transactions_update_status"}),
    ),
    Convention(
        "netatmo_errors",
        _rest_errors.netatmo_errors,
        "Netatmo's body.errors, devices not read: beside what was read a partial, alone a failure",
        keys=frozenset({"body"}),
    ),
    Convention(
        "switchbot",
        _rest_errors.switchbot,
        "SwitchBot's statusCode beside its body and message: anything but 100 is a refusal",
        keys=frozenset({"statusCode"}),
    ),
    Convention(
        "gigya",
        _rest_errors.gigya,
        "SAP Customer Data Cloud's errorCode beside its callId: anything but 0 is a failure",
        keys=frozenset({"callId"}),
    ),
    Convention(
        "loqate",
        _rest_errors.loqate,
        "Loqate's one Items row with Error, Description, Cause and Resolution",
        keys=frozenset({"Items"}),
    ),
    Convention(
        "alchemer",
        _rest_errors.alchemer,
        "Alchemer's result_ok: false with its code and message",
        keys=frozenset({"result_ok"}),
    ),
    Convention(
        "kaltura",
        _rest_errors.kaltura,
        "a KalturaAPIException in a 200 (under result.error in its OTT API), keyed on its code",
        keys=frozenset({"objectType", "result"}),
    ),
    Convention(
        "moodle",
        _rest_errors.moodle,
        "Moodle's exception and errorcode in a 200, keyed on the code",
        keys=frozenset({"exception"}),
    ),
    Convention(
        "openweather",
        _rest_errors.openweather,
        "OpenWeather's own status in cod: 400 or more is a failure by it",
        keys=frozenset({"cod"}),
    ),
    Convention(
        "trino",
        _rest_errors.trino,
        "a Trino query document whose state is FAILED, keyed on its errorType",
        keys=frozenset({"stats"}),
    ),
    Convention(
        "media_processing",
        _rest_errors.media_processing,
        "X's media upload whose processing_info.state is failed, with its error",
        keys=frozenset({"processing_info"}),
    ),
    Convention(
        "fcm_multicast",
        _rest_errors.fcm_multicast,
        "Firebase's legacy send: a token's error beside the others' message ids",
        keys=frozenset({"multicast_id"}),
    ),
    Convention(
        "virustotal_v2",
        _rest_errors.virustotal_v2,
        "VirusTotal v2's response_code: 0 not in its dataset, -2 still queued",
        keys=frozenset({"response_code"}),
    ),
    Convention(
        "problems",
        _rest_errors.problems,
        "items refused beside the result of the others: all is a failure, some a partial",
        keys=frozenset({"problems"}),
    ),
    Convention(
        "figma_dev_resources",
        _rest_errors.figma_dev_resources,
        "dev resources refused beside those done: all is a failure, some a partial",
        keys=frozenset({"errors"}),
    ),
    Convention(
        "influxdb_statements",
        _rest_errors.influxdb_statements,
        "a statement's error in a 200: every statement failed is a failure, some a partial",
        keys=frozenset({"results"}),
    ),
    Convention(
        "flickr_stat",
        _rest_errors.flickr_stat,
        "Flickr's stat: fail with its code and message, keyed on the code",
        keys=frozenset({"stat"}),
    ),
    Convention(
        "document_errors",
        _rest_errors.document_errors,
        "Azure AI Language's refused documents in errors beside documents: some a partial",
        keys=frozenset({"errors"}),
    ),
    Convention(
        "box_zip_skipped",
        _rest_errors.box_zip_skipped,
        "Box's zip download with files or folders skipped: a partial",
        keys=frozenset({"skipped_file_count", "skipped_folder_count"}),
    ),
    Convention(
        "pcloud_result",
        _rest_errors.pcloud_result,
        "pCloud's result other than 0 beside its error, keyed on the code",
        keys=frozenset({"result"}),
    ),
    Convention(
        "zulip_result",
        _rest_errors.zulip_result,
        "Zulip's result: error beside its msg, keyed on its code",
        keys=frozenset({"result"}),
    ),
    Convention(
        "hafas_error",
        _rest_errors.hafas_error,
        "HAFAS's err other than OK, its envelope's or each service result's, keyed on the code",
        keys=frozenset({"svcResL", "err"}),
    ),
    Convention(
        "fhir_batch",
        _rest_errors.fhir_batch,
        "a FHIR batch-response whose entries' own statuses failed: some a partial",
        keys=frozenset({"resourceType"}),
    ),
    Convention(
        "strava_upload",
        _rest_errors.strava_upload,
        "Strava's upload still being processed (transient) or refused (its error)",
        keys=frozenset({"activity_id"}),
    ),
    Convention(
        "disqus_code",
        _rest_errors.disqus_code,
        "Disqus's code other than 0 beside its response's words",
        keys=frozenset({"response"}),
    ),
    Convention(
        "intuit_batch",
        _rest_errors.intuit_batch,
        "QuickBooks' BatchItemResponse with some items faulted: a partial",
        keys=frozenset({"BatchItemResponse"}),
    ),
    Convention(
        "intuit_error_code",
        _rest_errors.intuit_error_code,
        "Intuit's OAuth 1.0a ErrorCode other than 0 beside its ErrorMessage",
        keys=frozenset({"ErrorCode"}),
    ),
    Convention(
        "edgar_files",
        _rest_errors.edgar_files,
        "SEC EDGAR's filings.files beside filings.recent: the rest of the filings elsewhere",
        keys=frozenset({"filings"}),
    ),
    Convention(
        "failed_items",
        _rest_errors.failed_items,
        "Smartsheet's failedItems beside the result done: some a partial",
        keys=frozenset({"failedItems"}),
    ),
    Convention(
        "lastfm_scrobbles",
        _rest_errors.lastfm_scrobbles,
        "Last.fm's scrobbles ignored: every one a failure, some a partial",
        keys=frozenset({"scrobbles"}),
    ),
    Convention(
        "shipengine_rates",
        _rest_errors.shipengine_rates,
        "ShipEngine's rate_response status error (a failure) or partial",
        keys=frozenset({"rate_response"}),
    ),
    Convention(
        "amap_status",
        _rest_errors.amap_status,
        'AMap\'s status "0" with its infocode, keyed on the code',
        keys=frozenset({"infocode"}),
    ),
    Convention(
        "mapquest_info",
        _rest_errors.mapquest_info,
        "MapQuest's info.statuscode other than 0, read as an HTTP status",
        keys=frozenset({"info"}),
    ),
    Convention(
        "overpass_remark",
        _rest_errors.overpass_remark,
        "Overpass's runtime error remark: no element a failure, some a partial",
        keys=frozenset({"remark"}),
    ),
    Convention(
        "dropbox_job",
        _rest_errors.dropbox_job,
        "Dropbox's job status: in_progress is not the answer yet, failed says why",
        keys=frozenset({".tag"}),
    ),
    Convention(
        "dropbox_entries",
        _rest_errors.dropbox_entries,
        "a Dropbox batch's entries tagged failure: some a partial, every one a failure",
        keys=frozenset({"entries"}),
    ),
    Convention(
        "bybit_reply",
        _rest_errors.bybit_reply,
        "Bybit's retCode other than 0 beside its retMsg, keyed on the code",
        keys=frozenset({"retCode"}),
    ),
    Convention(
        "okx_reply",
        _rest_errors.okx_reply,
        "OKX's code other than 0 beside msg and data: 2 a partial, each item's sCode naming it",
        keys=frozenset({"code"}),
    ),
    Convention(
        "not_canceled",
        _rest_errors.not_canceled,
        "Polymarket's not_canceled beside canceled: some a partial, every one a failure",
        keys=frozenset({"not_canceled"}),
    ),
    Convention(
        "errcode_reply",
        _rest_errors.errcode_reply,
        "WeChat's, WeCom's and DingTalk's errcode other than 0, keyed on the code",
        keys=frozenset({"errcode"}),
    ),
    Convention(
        "errcode_partial",
        _rest_errors.errcode_partial,
        "WeChat's and WeCom's items refused beside errcode 0: all is a failure, some a partial",
        keys=frozenset({"errcode"}),
    ),
    Convention(
        "marketo_records",
        _rest_errors.marketo_records,
        "Marketo's records skipped with their reasons: all is a failure, some a partial",
        keys=frozenset({"requestId"}),
    ),
    Convention(
        "mailerlite_batch",
        _rest_errors.mailerlite_batch,
        "a batch's requests failed, each with its code: all is a failure, some a partial",
        keys=frozenset({"failed"}),
    ),
    Convention(
        "africastalking_sms",
        _rest_errors.africastalking_sms,
        "one status per recipient: every message refused is a failure, some a partial",
        keys=frozenset({"SMSMessageData"}),
    ),
    Convention(
        "acs_sms",
        _rest_errors.acs_sms,
        "one result per recipient: every message refused is a failure, some a partial",
        keys=frozenset({"value"}),
    ),
    Convention(
        "dhl_multi_status",
        _rest_errors.dhl_multi_status,
        "DHL's 207 Multi-Status, one sstatus per shipment: some refused cut it, all fail",
        keys=frozenset({"items"}),
    ),
    Convention(
        "twitter_v2",
        _rest_errors.twitter_v2,
        "problems beside data: a withheld item cuts the answer, a missing one does not",
        keys=frozenset({"errors"}),
    ),
    Convention(
        "solr",
        _search_engines.solr,
        "responseHeader.status, then partialResults",
        keys=frozenset({"responseHeader"}),
    ),
    Convention(
        "elasticsearch_msearch",
        _search_engines.elasticsearch_msearch,
        "per-search errors: some is partial, all is a failure",
        keys=frozenset({"responses"}),
    ),
    Convention(
        "elasticsearch_bulk",
        _search_engines.elasticsearch_bulk,
        "errors: true on some actions",
        keys=frozenset({"errors"}),
    ),
    Convention(
        "elasticsearch_error_count",
        _search_engines.elasticsearch_error_count,
        "error_count beside error_details: some failed is partial, nothing done a failure",
        keys=frozenset({"error_count"}),
    ),
    Convention(
        "generation_cut",
        _generation.generation_cut,
        "a model's answer its vendor marks cut short: the token limit, a paused turn",
        keys=_generation.GENERATION_KEYS,
    ),
    Convention(
        "google_unreachable",
        _rest_errors.google_unreachable,
        "a Google list naming the locations it could not reach (AIP-217): part of the answer",
        keys=frozenset({"unreachable", "unreachables", "failedLocations"}),
    ),
    Convention(
        "meilisearch_remote_errors",
        _search_engines.meilisearch_remote_errors,
        "a remote server's error beside the hits of the others: part of the answer",
        keys=frozenset({"remoteErrors"}),
    ),
    Convention(
        "coded_reply",
        _rest_errors.coded_reply,
        "a body of nothing but a code other than 0 and its words: a failure",
        keys=frozenset({"code"}),
    ),
    Convention(
        "elasticsearch_flags",
        _search_engines.elasticsearch_flags,
        "timed_out, failed shards, terminated_early: the hits are part of the answer",
        keys=frozenset({"_shards", "_clusters", "timed_out", "terminated_early"}),
    ),
)

#: Every member some convention needs, and every media type one reads by: a body holding none
#: of these members, under none of these types, meets no convention at all (unless a rule is
#: asked about every body: then each is asked).
_KEYS = frozenset().union(*(c.keys for c in CONVENTIONS if c.keys is not None))
_MEDIA_TYPES = frozenset().union(*(c.media_types for c in CONVENTIONS))
_ALL_KEYED = all(c.keys is not None for c in CONVENTIONS)


#: The conventions keyed on each member, in their order (every convention is keyed, where
#: :data:`_ALL_KEYED` holds): a body holding one such member meets exactly these.
_BY_KEY: dict[str, tuple[Convention, ...]] = {
    key: tuple(c for c in CONVENTIONS if c.keys is not None and key in c.keys) for key in _KEYS
}


def asked(body: dict[str, object], media_type: str) -> tuple[Convention, ...]:
    """The conventions that may have a verdict on ``body`` (a JSON object), in their order.

    Most bodies (a record, a page of items) hold none of the members any convention reads:
    then none is asked. Otherwise only the rules whose members the body holds are: found by
    the members it holds (a body holds a few), not by asking every rule.
    """
    if not _ALL_KEYED or media_type in _MEDIA_TYPES:
        return tuple(c for c in CONVENTIONS if c.may_apply(body, media_type))
    if _KEYS.isdisjoint(body):
        return ()
    held = _KEYS.intersection(body)
    if len(held) == 1:
        return _BY_KEY[next(iter(held))]
    return tuple(c for c in CONVENTIONS if c.keys is not None and not c.keys.isdisjoint(held))
