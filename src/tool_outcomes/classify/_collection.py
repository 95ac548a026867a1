"""Where the items are: finding the collection in a JSON body, and the words pages are made of.

A body is a collection (a bare list, or one list under a well-known key), a page of one (a lone
list beside page markers such as Jira's ``startAt`` or DynamoDB's ``LastEvaluatedKey``), or a
single record. The rule is "only when unambiguous": two candidate lists make the body a record,
and lists that report on the call (``errors``, ``warnings``, Cloudflare's ``messages``) are
never the collection, so ``{"errors": [], "result": [...]}`` is judged by ``result``.

The vocabulary tables live here too, because both this module (is it a page?) and
``_pagination`` (is there more?) read them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeGuard
from urllib.parse import urlsplit

from tool_outcomes._numbers import parse_count

from ._verdicts import INFLUXDB_STATEMENT

__all__ = [
    "AMBIGUOUS_TOTAL_KEYS",
    "COLLECTION_KEYS",
    "DIAGNOSTIC_KEYS",
    "GERRIT_MORE",
    "INCOMPLETE_FLAGS",
    "MORE_COLLECTION_KEYS",
    "MORE_FLAGS",
    "NEXT_TOKEN_KEYS",
    "NEXT_URL_KEYS",
    "NO_MORE_FLAGS",
    "PAGE_MARKERS",
    "PAGING_BOXES",
    "PAGING_BOX_KEYS",
    "PAGING_COMPANIONS",
    "RECORD_IDENTITY_KEYS",
    "TOTAL_KEYS",
    "TYPED_LISTINGS",
    "ZERO_COUNT_KEYS",
    "Collection",
    "TypedListing",
    "aggregate_names",
    "all_missing",
    "count_names",
    "counted_zero",
    "ergast_data",
    "find_collection",
    "has_paging_companions",
    "itis_none",
    "link_rels",
    "no_more",
    "no_report_data",
    "null_inside",
    "qualtrics_envelope",
    "refused_items",
    "resolve_path",
    "stac_context",
    "status_envelope",
    "typed_listing",
    "wrapped_pages",
]

#: Well-known keys that hold a response's collection, when their value is a list.
COLLECTION_KEYS: tuple[str, ...] = (
    "items", "results", "data", "value", "records", "entries", "edges", "nodes",
    # Slack Web API list methods
    "messages", "members", "channels", "files", "users", "usergroups", "reminders", "bookmarks",
)  # fmt: skip
#: A Slack list name that is a record's own list as often as a listing (a CircleCI build's
#: "messages", its notes): taken by name only beside Slack's ``ok`` or a count (Rocket.Chat's
#: {"messages": [...], "count", "offset", "total"}). Elsewhere such a list is found as any other
#: is: alone, or beside paging members.
_SLACK_ONLY = frozenset({"messages"})
#: Looked at only when no :data:`COLLECTION_KEYS` list is present: search engines (Algolia,
#: Meilisearch, Typesense ``hits``; Solr ``docs``), MongoDB's Data API ``documents``, Pinecone
#: ``matches``, Cloudflare and Qdrant ``result``, DynamoDB ``Items``, ES ``_msearch`` responses.
MORE_COLLECTION_KEYS: tuple[str, ...] = (
    "hits", "documents", "matches", "docs", "result", "Items", "responses",
)  # fmt: skip
#: Members that identify one resource: a body with one (a scalar) is a record, whatever lists
#: it holds (``id``; git's ``sha``; GitHub's ``node_id``; ``uuid``).
RECORD_IDENTITY_KEYS: tuple[str, ...] = ("id", "sha", "node_id", "uuid", "gid")
#: The member Gerrit sets on the last entity of a page when more match beyond it: "If the n
#: query parameter is supplied and additional changes exist that match the query beyond the
#: end, the last change object has a _more_changes: true JSON field set"
#: (https://gerrit-review.googlesource.com/Documentation/rest-api-changes.html#list-changes);
#: its account and group queries say the same with ``_more_accounts`` and ``_more_groups``
#: (rest-api-accounts.html#query-account, rest-api-groups.html#list-groups).
GERRIT_MORE = ("_more_changes", "_more_accounts", "_more_groups")
#: Lists that report on the call, never the answer to it.
DIAGNOSTIC_KEYS = frozenset({"errors", "error", "warnings", "notices"})
#: Lists beside a page that describe the answer, never its items: Jira's search
#: ``warningMessages`` (about the JQL query), Atlassian's ``_expands`` (what may be expanded),
#: a GraphQL mutation payload's ``userErrors`` ("the list of errors that occurred from
#: executing the mutation", https://shopify.dev/docs/api/admin-graphql: empty when it took),
#: a SCIM list response's ``schemas`` (the URIs of its own schema, RFC 7644 §3.4.2), Apollo's
#: ``breadcrumbs`` (the filters a search applied, one entry each, beside its results), a
#: biocache search's ``facetResults`` (the counts of its facets, https://api.ala.org.au/), a
#: batch's ``failures`` (Descope's, Elasticsearch's by-query answers: what was not done).
_ABOUT_THE_ANSWER = frozenset(
    {"warningMessages", "_expands", "userErrors", "schemas", "breadcrumbs", "facetResults",
     "failures"}
)  # fmt: skip
#: What inference never takes for the items: with a diagnostic beside it, also "messages".
_NOT_ITEMS = DIAGNOSTIC_KEYS | _ABOUT_THE_ANSWER
_NOT_ITEMS_BESIDE_DIAGNOSTICS = _NOT_ITEMS | {"messages"}
#: Nested collections a dialect defines, with the key its own total sits under beside them.
_NESTED: tuple[tuple[str, str, str | None], ...] = (
    ("hits", "hits", "total"),  # Elasticsearch / OpenSearch: hits.total is a count, never money
    ("response", "docs", "numFound"),  # Solr
    ("result", "points", None),  # Qdrant scroll: result.next_page_offset
    # OData v2's JSON (SAP Gateway): {"d": {"results": [...], "__count": "42", "__next": "…"}}
    # (https://www.odata.org/documentation/odata-version-2-0/json-format/, section 6).
    ("d", "results", "__count"),
    # Europe PMC's search: {"hitCount": 5933343, "resultList": {"result": [...]}, "request": …}
    # (https://europepmc.org/RestfulWebService, search).
    ("resultList", "result", None),
    # CKAN's package_search: {"success": true, "result": {"count": 7, "results": [...]}}
    # (https://docs.ckan.org/en/latest/api/index.html#ckan.logic.action.get.package_search).
    ("result", "results", "count"),
    # NCBI E-utilities' esearch in JSON: {"esearchresult": {"count": "40362", "retmax": "100",
    # "retstart": "0", "idlist": [...]}} (https://www.ncbi.nlm.nih.gov/books/NBK25499/#chapter4.ESearch).
    ("esearchresult", "idlist", "count"),
)


@dataclass(frozen=True)
class TypedListing:
    """A listing whose body names its own type, and where that type keeps its items."""

    type_key: str
    type_value: str
    items: str
    """Dotted path to the items."""
    next_cursor: str | None = None
    """Dotted path to the cursor of the next page; empty or null on the last page."""


#: Bodies that say what they are: when ``type_key`` holds ``type_value``, the items are at
#: ``items`` whatever else the body holds.
TYPED_LISTINGS: tuple[TypedListing, ...] = (
    # Reddit: {"kind": "Listing", "data": {"children": [...], "after": "t3_x", "before": null}}.
    TypedListing("kind", "Listing", "data.children", "data.after"),
    TypedListing("type", "FeatureCollection", "features"),  # GeoJSON (RFC 7946 §3.3)
    # FHIR: a Bundle's entries; JSON leaves an empty "entry" out
    # (https://hl7.org/fhir/R4/bundle.html, https://hl7.org/fhir/R4/json.html).
    TypedListing("resourceType", "Bundle", "entry"),
)


def typed_listing(body: object) -> TypedListing | None:
    """The :data:`TYPED_LISTINGS` row a body declares itself to be, if any."""
    if not isinstance(body, dict):
        return None
    return next((t for t in TYPED_LISTINGS if body.get(t.type_key) == t.type_value), None)


#: Names that only ever mean "how many the source holds", wherever they appear.
TOTAL_KEYS: tuple[str, ...] = (
    "total_count", "totalCount", "totalResults", "total_results", "totalItems", "totalSize",
    "totalElements", "total_entries", "@odata.count", "odata.count",
    "nbHits", "estimatedTotalHits", "totalHits", "found", "numFound",
    "total_items",  # Mailchimp: "the total number of items matching the query"
    "numberMatched",  # OGC API - Features / STAC: features matching the query
    "TotalCount",  # Postmark: {"TotalCount": 13, "Bounces": [...]}, paged by count and offset
    "num_results",  # Dropbox Sign's list_info: "total number of objects available"
    "TotalNumberOfRecords",  # Campaign Monitor's paged results, beside PageNumber
    "total_records",  # Zoom's page_number / page_count pages
    "total-results",  # Crossref's message, beside its items
    "total_result",  # Navitia's pagination (https://doc.navitia.io/#paging)
    "TotalResults",  # Bazaarvoice's Conversations: Results, TotalResults, Offset, Limit
    "countMatched",  # CiviCRM's APIv4: "the total number of matching records"
    "nbResults",  # Lichess's paginator
    # Bing's web, news and image answers: "the estimated number of … relevant to the query",
    # used with count and offset to page (https://learn.microsoft.com/en-us/bing/search-apis/bing-news-search/reference/response-objects)
    "totalEstimatedMatches",
    "num-found",  # ORCID's search
    "totalResultsCount",  # GeoNames' searches (https://www.geonames.org/export/geonames-search.html)
    "totalNumRecords",  # Regulations.gov v3's searches (https://regulationsgov.github.io/developers/)
    "itemCount",  # iDigBio's search: "the total number of records" beside its items
    "totalRecords",  # the Atlas of Living Australia's biocache search, beside startIndex
    "record-count",  # JSON:API back ends in dashes (JSONAPI::Resources, Teamtailor): meta's
    "totalresults",  # Ordnance Survey's header (Places, Names)
    "TotalRows",  # Spark's D.Pagination
    "totalEntries",  # Songkick's resultsPage (https://www.songkick.com/developer/response-objects)
    "total_rows",  # CouchDB's views: the view's rows, not the query's when keys filter it
    "total_number",  # TikTok for Business's page_info: every item the query matched
    "hitCount",  # Europe PMC's search, beside its resultList
    "@TotalResources",  # Fortnox's MetaInformation (https://api.fortnox.se/developer/parameters)
    "$totalResults",  # Sage's SData feeds (Sage One v1): beside $startIndex, $itemsPerPage
    "totalRecords",  # Xbox Live's pagingInfo, Timetastic's listings
    "fullResultSize",  # Tripletex's ListResponse, beside from, count, values
    "opensearch:totalResults",  # OpenSearch in JSON (Elsevier's Scopus), beside its entry
    "numberOfHits",  # EBI QuickGO's searches, beside results and pageInfo
    # Ex Libris Alma's lists: {"item": [...], "total_record_count": 4}, the list left out when
    # the count is 0 (https://developers.exlibrisgroup.com/alma/apis/).
    "total_record_count",
    "_total",  # Front's conversation search, beside _results (https://dev.frontapp.com/docs/pagination)
)  # fmt: skip
_TOTAL_KEY_SET = frozenset(TOTAL_KEYS)
#: Names that count a listing only beside paging companions: on a record, ``total`` is money
#: and ``count`` a quantity (``{"id": 1, "total": 1999, "currency": "usd", "items": [...]}``).
AMBIGUOUS_TOTAL_KEYS: tuple[str, ...] = ("total", "count")
#: Objects beside the collection (or at the top) that hold paging state: Laravel and Twitter
#: ``meta``, Fractal ``meta.pagination``, Cloudflare ``result_info``, HubSpot and Facebook
#: ``paging``, Spring HAL ``page``, Intercom ``pages``. Read only when a collection was found.
PAGING_BOXES: tuple[str, ...] = (
    "meta", "pagination", "result_info", "paging", "page", "pages",
    "additional_data",  # Pipedrive: additional_data.pagination
    "_metadata",  # SendGrid v3: _metadata.next, _metadata.count
    "list_info",  # Dropbox Sign: page, num_pages, num_results, page_size
    "search_metadata",  # Twitter v1.1 search: next_results
    "page_context",  # Zoho Books, Invoice: has_more_page
    "@pagination",  # Travis CI v3: next, is_last
    "page_metadata",  # USAspending: page, hasNext, next (the next page's number)
    "@attributes",  # Lightspeed Retail: count (the query's), offset, limit
    "MetaInformation",  # Fortnox: @TotalResources, @TotalPages, @CurrentPage
    "pagingInfo",  # Xbox Live: continuationToken, totalRecords
    "pg",  # Make: the page's limit and offset (and its total, when asked for)
    "list_metadata", "listMetadata",  # WorkOS: before and after, the cursors either way
    "page_details",  # AssemblyAI: prev_url (older), next_url (newer), limit, result_count
    "@attr",  # Last.fm: page, perPage, totalPages, total beside a list (in JSON, as strings)
    # TikTok for Business: page, page_size, total_number, total_page beside data.list
    # (its ad group listing, https://ads.tiktok.com/marketing_api/docs?id=1739314558673922).
    "page_info",
    # TomTom's and Azure Maps' search: summary.numResults, offset and totalResults beside its
    # results (https://developer.tomtom.com/search-api/documentation/search-service/fuzzy-search).
    "summary",
    # Gong: records.totalRecords, currentPageSize, currentPageNumber and the next page's cursor
    # beside its list (https://gong.app.gong.io/settings/api/documentation#overview); a list
    # named "records" is no box (only an object is read as one).
    "records",
    # ChEMBL's web services: page_meta {limit, next, offset, previous, total_count}
    # (https://chembl.gitbook.io/chembl-interface-documentation/web-services/chembl-data-web-services).
    "page_meta",
    "Pagination",  # Spark's D.Pagination: TotalRows, PageSize, TotalPages, CurrentPage
    # Ordnance Survey's Data Hub searches: header {offset, totalresults, maxresults} beside
    # results, which it leaves out when none match (https://osdatahub.os.uk/docs/places/technicalSpecification).
    "header",
    # NatureServe Explorer's search: resultsSummary {page, recordsPerPage, totalPages,
    # totalResults} (https://explorer.natureserve.org/api-docs/).
    "resultsSummary",
    # Personio v2: _meta.links.next.href beside _data (https://developer.personio.de/reference);
    # Eve: _meta {page, max_results, total} (https://docs.python-eve.org/en/stable/features.html#pagination).
    "_meta",
    # LinkedIn's Marketing API: metadata.nextPageToken beside elements
    # (https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads/cursor-based-pagination);
    # Akamai Edge DNS: metadata {page, pageSize, totalElements} beside zones
    # (https://techdocs.akamai.com/edge-dns/reference/get-zones).
    "metadata",
    # Front's lists: {"_pagination": {"next": …}, "_links": {…}, "_results": [...]}, next null
    # on the last page, a search's _total beside (https://dev.frontapp.com/docs/pagination)
    "_pagination",
    # UserVoice v1: response_data {page, per_page, total_records} beside the listing
    # (https://developer.uservoice.com/docs/api/reference/).
    "response_data",
)  # fmt: skip
#: The same, as a set: a body or box holding none of them holds no paging box.
PAGING_BOX_KEYS = frozenset(PAGING_BOXES)
#: Counts that, at zero, say nothing matched: an API may then leave the collection out
#: altogether (Twitter v2: ``{"meta": {"result_count": 0}}`` and no ``data``).
ZERO_COUNT_KEYS: tuple[str, ...] = ("result_count", "resultCount", *TOTAL_KEYS, "count", "total")
#: Keys whose non-empty value is an opaque cursor or page token for the next page.
NEXT_TOKEN_KEYS: tuple[str, ...] = (
    "nextPageToken", "next_page_token", "nextCursor", "next_cursor", "nextToken", "NextToken",
    "next_token", "NextPageToken", "NextMarker", "NextContinuationToken", "next_page_offset",
    "next_marker",  # Box's marker-based paging
    "nextLogId",  # Datadog's log list: "more logs matched than were returned"
    "nextStartWith",  # Oracle Object Storage's ListObjects: where a truncated listing resumes
    "next_from",  # VK's newsfeed: "passed to get the next array" (https://dev.vk.com/en/method/newsfeed.get)
    "next_starting_after",  # Instantly v2: passed back as starting_after, absent at the end
    "nextPageCursor",  # Bybit v5: "refer to the cursor request parameter"
    "nextPageId",  # SmartRecruiters: passed back as pageId for the next page
    "paginationKey",  # Fingerprint's visits: "use it to paginate" (https://dev.fingerprint.com/reference/getvisits)
    # Helius' getTransactionsForAddress: "paginationToken", passed back for the next page
    # (https://www.helius.dev/docs/rpc/gettransactionsforaddress)
    "paginationToken",
    # People Data Labs' searches: "scroll_token", sent back for the next batch of results
    # (https://docs.peopledatalabs.com/docs/scroll-token)
    "scroll_token",
    # Backblaze B2's file listings: "what to pass in to startFileName for the next search",
    # null "if there are no more files" (https://www.backblaze.com/apidocs/b2-list-file-names)
    "nextFileName",
    # DynamoDB's list actions: "use this value ... to start a new operation" (ListTables,
    # https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_ListTables.html;
    # ListBackups, ListGlobalTables, ListStreams, DescribeStream)
    "LastEvaluatedTableName", "LastEvaluatedBackupArn", "LastEvaluatedGlobalTableName",
    "LastEvaluatedStreamArn", "LastEvaluatedShardId",
    # Wise's recipient accounts: "seekPositionForNext", sent back as seekPosition, absent on
    # the last page (https://docs.wise.com/api-docs/api-reference/recipient)
    "seekPositionForNext",
)  # fmt: skip
#: Members that only the page of a listing carries. Presence is enough (``next: null`` on a
#: DRF last page still says "this is a page").
PAGING_COMPANIONS = frozenset(
    {
        "next", "previous", "prev", "page", "per_page", "page_size", "pageSize", "limit",
        "offset", "startAt", "maxResults", "has_more", "hasMore", "total_pages", "totalPages",
        "current_page", "currentPage", "last_page", "next_page", "previous_page", "prev_page",
        "hitsPerPage", "nbPages", "start", "rows", "cursor", "next_cursor", "nextPageToken",
        "isLast", "pagelen", "more",  # Jira, Bitbucket, PagerDuty
        "moreResultsAvailable",  # Microsoft Search's hits containers
        "isLastPage", "mightHaveMore", "has-more",  # Jira Service Management, Airtable, HubSpot v1
        "scroll_param",  # Intercom's scroll
        "nextPageCursor",  # Bybit v5's cursor paging
        "max_score",  # a search's hits (BioThings: {"took", "total", "max_score", "hits"})
        # Objects that hold paging state (HubSpot, Fractal, Relay, Cloudflare).
        "paging", "pagination", "pageInfo", "result_info",
        "@attr",  # Last.fm's page, perPage, totalPages and total beside a list
        "page_info",  # TikTok for Business
        # A next page's token (AWS and Amazon SP-API's NextToken, Google's nextPageToken …).
        *NEXT_TOKEN_KEYS,
        "next-cursor", "items-per-page",  # Crossref's deep paging
        "nextPage", "maxPerPage",  # Lichess's paginator
        "next_offset",  # Chargebee's lists (Datadog's meta.pagination)
        "cursor_string", "continuationToken",  # osu!'s cursor pages, Nexus and Xbox Live's
        "nextHref", "prevHref",  # TeamCity's collections
        "next_href", "future_href",  # SoundCloud's collections (future_href: its activities')
        "pageCount",  # Rakuten's searches: page, pageCount, count
        "is_last",  # WeCom's lists
        "nextCursorMark",  # Solr's cursors, Best Buy's
        "has_next", "next_page_number",  # Listen Notes' pages
        "nextOffset", "previousOffset",  # PlayStation Network's lists
    }
)  # fmt: skip
_LINK_RELS = frozenset({"next", "prev", "previous", "first", "last"})

#: Keys whose value is the URL of the next page.
NEXT_URL_KEYS: tuple[str, ...] = (
    "@odata.nextLink", "odata.nextLink", "nextLink", "nextRecordsUrl", "next_page_url",
    "@nextLink",  # Azure's data-plane REST APIs (Document Translation): "url for the next page"
    "next_page_uri", "nextPageUrl",
    "__next",  # OData v2's next link, inside its "d" object
    "more_topics_url",  # Discourse's topic_list: the next page, left out on the last
    "next_results",  # Twitter v1.1 search_metadata: the next page's query ("?max_id=…")
    "next_url",  # Instagram's legacy API: pagination.next_url, left out on the last page
    "nextUri",  # Trino's client protocol: more results follow from it
    # Flink's SQL Gateway: the next result page, null once resultType is EOS
    # (https://nightlies.apache.org/flink/flink-docs-release-1.17/docs/dev/table/sql-gateway/rest/)
    "nextResultUri",
    "next_ref",  # Sift's lists: the next page's address, beside has_more (https://developers.sift.com/docs/curl/decisions-api/decisions-list)
    "next_link",  # Constant Contact v2: meta.pagination.next_link, only when more follows
    "next_collection_link",  # Launchpad (lazr.restful): left out of a collection's last page
    # TeamCity's collections: "nextHref", the next batch's href, when the list goes past the
    # request's count (https://www.jetbrains.com/help/teamcity/rest/builds.html)
    "nextHref",
    # SoundCloud: "a collection, along with a next_href property if there are additional
    # results" (https://developers.soundcloud.com/blog/pagination-updates-on-our-api)
    "next_href",
)  # fmt: skip
#: Boolean flags meaning "there is more than this page".
MORE_FLAGS: tuple[str, ...] = (
    "has_more", "hasMore", "moreResultsAvailable",
    "mightHaveMore",  # Airtable's webhook payloads
    "has-more",  # HubSpot's v1 contact lists
    "more_items_in_collection",  # Pipedrive's additional_data.pagination
    "has_more_items",  # Eventbrite's pagination
    "has_next_page",  # Reddit's mod notes, beside end_cursor
    "has_more_page",  # Zoho's page_context (https://www.zoho.com/books/api/v3/introduction/#pagination)
    # Finicity's (Mastercard Open Banking US) lists: found, displaying, moreAvailable
    # (https://developer.mastercard.com/open-banking-us/documentation/api-reference/)
    "moreAvailable",
    # Listen Notes' pages: has_next beside page_number and next_page_number
    # (https://www.listennotes.com/api/docs/)
    "has_next",
    # Samsara's pagination: {"endCursor": …, "hasNextPage": true}, outside Relay's pageInfo
    # (https://developers.samsara.com/docs/pagination)
    "hasNextPage",
)  # fmt: skip
#: Flags whose value says "this is the last of it", outranking any next link in the same body:
#: Zendesk's cursor pages fill ``links.next`` on every page and say ``meta.has_more: false`` on
#: the last; its incremental exports carry ``next_page`` (where the next poll starts) beside
#: ``end_of_stream: true``; Salesforce's query result says ``done: true``; Jira's enhanced
#: search says ``isLast: true`` ("whether this is the last page"), Jira Service Management
#: ``isLastPage: true``; Airtable's webhook payloads ``mightHaveMore: false``; a Microsoft
#: Search hits container ``moreResultsAvailable: false``
#: (https://learn.microsoft.com/en-us/graph/api/resources/searchhitscontainer).
NO_MORE_FLAGS: tuple[tuple[str, bool], ...] = (
    ("has_more", False), ("hasMore", False), ("end_of_stream", True), ("done", True),
    ("isLast", True), ("moreResultsAvailable", False), ("mightHaveMore", False),
    ("has-more", False), ("isLastPage", True), ("more_items_in_collection", False),
    ("has_more_items", False), ("has_next_page", False),
    ("last_page", True),  # ClickUp's tasks (Laravel's last_page is a number: never True)
    ("hasNext", False),  # USAspending's page_metadata
    ("is_last", True),  # WeCom's lists
    ("endOfRecords", True),  # GBIF's paged answers (https://techdocs.gbif.org/en/openapi/)
    # Relay's pageInfo, and Squarespace Commerce's pagination beside a cursor it still fills
    # (https://developers.squarespace.com/commerce-apis/retrieve-all-orders)
    ("hasNextPage", False),
)  # fmt: skip
#: Boolean flags meaning "the upstream itself says this answer is incomplete".
INCOMPLETE_FLAGS: tuple[str, ...] = (
    "incomplete_results", "incompleteSearch", "truncated",
    # ArcGIS: the query "resulted in a larger number of features than what the transfer limit
    # supports" (its Esri JSON at the top, its GeoJSON in the collection's properties;
    # https://developers.arcgis.com/net/api-reference/api/net/Esri.ArcGISRuntime/Esri.ArcGISRuntime.Data.FeatureQueryResult.IsTransferLimitExceeded.html).
    "exceededTransferLimit",
    # PostHog's /flags: "errorsWhileComputingFlags: true" when some flags could not be
    # evaluated, the others returned (https://posthog.com/docs/api/flags).
    "errorsWhileComputingFlags",
)  # fmt: skip

#: Members that only a page of a larger listing has. Their presence makes a lone list the
#: collection, whatever its name. "total" and "next" are left out: on a record they may be a
#: price or a chapter.
PAGE_MARKERS = (
    frozenset(
        {
            "startAt", "maxResults", "per_page", "page_size", "pageSize", "next_page",
            "LastEvaluatedKey", "ScannedCount", "IsTruncated", "result_info", *MORE_FLAGS,
            "isLast", "pagelen",  # Jira's and Bitbucket's pages
            "isLastPage",  # Jira Service Management's pages
            "scroll_param",  # Intercom's scroll
            "end_of_stream",  # Zendesk incremental exports
            "next_id",  # PayPal v1's payment list
            "numberReturned",  # OGC API - Features
            "cursor_string",  # osu!'s listings (https://osu.ppy.sh/docs/#cursorstring)
            "pagesize",  # BinaryEdge's (https://docs.binaryedge.io/api-v2/)
            "next_batch",  # Matrix's listings (publicRooms, search), absent on the last
            "nextOffset", "totalItemCount",  # PlayStation Network's lists
        }
    )
    | set(TOTAL_KEYS) - {"found"}
    | set(NEXT_TOKEN_KEYS)
    | set(NEXT_URL_KEYS)
)  # fmt: skip

_MISSING = object()


def resolve_path(body: object, path: str) -> object:
    """Follow a dotted path (``"hits.hits"``, ``"results.0.items"``) into decoded JSON.

    Args:
        body: The decoded JSON value.
        path: Keys joined by ``.``; a segment of digits indexes a list. ``""`` is the body. A
            member whose name holds dots (``"@odata.count"``) is found by that name.

    Returns:
        The value, or a private sentinel (see :func:`found`) when a step is missing.
    """
    value = body
    steps = path.split(".") if path else []
    at = 0
    while at < len(steps):
        step = steps[at]
        at += 1
        if isinstance(value, dict) and step in value:
            value = value[step]
        elif isinstance(value, dict):
            # A member name may hold dots itself (OData's "@odata.count"): the longest name
            # present, made of the steps that follow, is the step.
            joined = next(
                (j for j in range(len(steps), at, -1) if ".".join(steps[at - 1 : j]) in value),
                None,
            )
            if joined is None:
                return _MISSING
            value, at = value[".".join(steps[at - 1 : joined])], joined
        elif isinstance(value, list) and (index := parse_count(step, max_digits=9)) is not None:
            if index >= len(value):
                return _MISSING
            value = value[index]
        else:
            return _MISSING
    return value


def found(value: object) -> bool:
    """Whether :func:`resolve_path` reached a value (``None`` included)."""
    return value is not _MISSING


@dataclass(frozen=True)
class Collection:
    """The items of a response, and the object that held them (where pagination lives)."""

    items: list[Any]
    parent: Mapping[str, Any] | None
    where: str
    count_key: str | None = None
    """The dialect's own total key beside the items (``hits.total``), read without companions."""


def ergast_data(body: object) -> Mapping[str, Any] | None:
    """Ergast's (and Jolpica-F1's) ``MRData``, when ``body`` is its answer: ``{"MRData":
    {"series": "f1", "limit", "offset", "total", "RaceTable": {"season": …, "Races": [...]}}}``
    (https://github.com/jolpica/jolpica-f1/blob/main/docs/README.md)."""
    data = body.get("MRData") if isinstance(body, dict) and len(body) == 1 else None
    return data if isinstance(data, dict) and "series" in data else None


def _ergast_table(body: Mapping[str, Any]) -> Collection | None:
    """Ergast's answer's listing: the one list of its one ``…Table`` (:func:`ergast_data`)."""
    data = ergast_data(body)
    if data is None:
        return None
    tables = [(k, v) for k, v in data.items() if k.endswith("Table") and isinstance(v, dict)]
    if len(tables) != 1:
        return None
    name, table = tables[0]
    lists = [(k, v) for k, v in table.items() if isinstance(v, list)]
    if len(lists) != 1:
        return None
    return Collection(lists[0][1], table, f"MRData.{name}.{lists[0][0]}")


def has_paging_companions(box: Mapping[str, Any]) -> bool:
    """Whether an object carries members that only a page of a listing has.

    Args:
        box: An object of the body (the collection's parent, the top, or a ``meta`` block).

    Returns:
        True when a :data:`PAGING_COMPANIONS` key is present, or its ``links`` / ``_links``
        object names a next, previous, first or last page.
    """
    if PAGING_COMPANIONS & set(box):
        return True
    return any(_LINK_RELS & link_rels(box.get(key)) for key in ("links", "_links"))


def link_rels(links: object) -> set[str]:
    """The relations a ``links`` member names: an object's keys (JSON:API, HAL), or the
    ``rel`` of each entry of an array of link objects (OGC API - Features, STAC, Atom-like)."""
    if isinstance(links, dict):
        pages = links.get("pages")  # DigitalOcean: {"links": {"pages": {"next": ...}}}
        return set(links) | set(pages) if isinstance(pages, dict) else set(links)
    if isinstance(links, list):
        return {
            link["rel"]
            for link in links
            if isinstance(link, dict) and isinstance(link.get("rel"), str)
        }
    return set()


def find_collection(
    body: object, items: str | None, url: str | None = None
) -> Collection | str | None:
    """Find the collection in a decoded body.

    Args:
        body: The decoded JSON value.
        items: An explicit dotted path, or ``None`` to auto-detect.
        url: The request URL: where the source leaves an empty list out
            (:func:`_omits_empty_lists`), a declared path that is not there is an empty one.

    Returns:
        The collection; ``None`` when the body is a single record; or a ``str`` explaining why
        an explicit ``items`` path does not lead to a list (a schema failure).
    """
    if items is not None:
        value = resolve_path(body, items)
        parent_path = items.rpartition(".")[0]
        parent = resolve_path(body, parent_path) if "." in items else body
        parent = parent if isinstance(parent, dict) else None
        if value is None or not found(value):
            if (
                counted_zero(body)
                or _nothing_more(body)
                or _kube_list(body) is not None
                or _query_left_empty(body, items)
                or _statement_left_empty(body, items)
                or _inside_an_empty_list(body, items)
                or _marketo_found_none(body)
                or _indicates_none(parent)
                or (not found(value) and _omits_empty_lists(url))
            ):
                # The source left the collection out because nothing matched: it counts zero,
                # it answered {} (Square: "an empty object if none are found"), it sent null
                # beside its own "no more" (Pipedrive: "data": null), or it omits empty lists.
                return Collection([], parent, items)
            return f"items path {items!r} " + (
                "holds null, not a list" if found(value) else "is not in the body"
            )
        if isinstance(value, dict) and _one_counted(body):
            return Collection([value], parent, items)
        if _records_by_id(value):
            # Records keyed by their ids: CiviCRM's APIv3 answers "values": {"58523": {…}, …}
            # unless asked sequential=1 (https://docs.civicrm.org/dev/en/latest/api/v3/usage/).
            return Collection(list(value.values()), parent, items)
        if not isinstance(value, list):
            return f"items path {items!r} holds {type(value).__name__}, not a list"
        return Collection(value, parent, items)
    if isinstance(body, list):
        return _world_bank_page(body) or _kusto_primary(body) or Collection(body, None, "")
    if not isinstance(body, dict):
        return None
    if all(_scalar(value) for value in body.values()):
        # Every rule below looks for a list or an object inside the body: a flat body is one
        # record, unless it counts none of a listing it left out (Google Books' totalItems: 0)
        # or sends that listing null beside its own "no more" ({"data": null, "has_more": false}).
        left_out = _left_out(body) if None in body.values() else None
        return _counted_none(body) or left_out or _empty_bundle(body) or _google_none(body, url)
    if None in body.values() and all(_scalar(v) or k in PAGING_BOXES for k, v in body.items()):
        # The same beside a paging box: Twitch's search with no match, {"data": null,
        # "pagination": {}} (https://dev.twitch.tv/docs/api/reference/#search-categories).
        left_out = _left_out(body)
        if left_out is not None:
            return left_out
    if _marketo_found_none(body):
        return Collection([], body, "")
    known = _itis_list(body)
    if known is not None:
        return known
    lone = _lone_empty_list(body)
    if lone is not None:
        return lone
    nested = _nested(body)
    if nested is not None:
        return nested
    if set(body) - _OWN_LINKS and set(body) - _OWN_LINKS <= PAGING_BOX_KEYS and counted_zero(body):
        # Nothing but paging state saying zero ({"meta": {"result_count": 0}}), beside at most
        # the page's own links: a page whose collection the source left out because nothing
        # matched (Spring HATEOAS and Ticketmaster leave _embedded out of an empty page,
        # https://developer.ticketmaster.com/products-and-docs/apis/discovery-api/v2/).
        return Collection([], body, "")
    root, where = body, ""
    mediawiki = _mediawiki_listing(body)
    if mediawiki is not None:
        return mediawiki
    if "data" in body and set(body) <= {"data", "errors", "extensions"}:
        # GraphQL: descend through single-field selections to the connection they lead to.
        for _ in range(4):
            node = root.get("data") if root is body else None
            if node is None and len(root) == 1 and next(iter(root)) not in _NOT_ITEMS:
                node = next(iter(root.values()))
            if isinstance(node, list) and root is not body:  # Weaviate: {"Get": {"Article": []}}
                return Collection(node, root, where + next(iter(root)))
            if not isinstance(node, dict):
                break
            where += next(k for k, v in root.items() if v is node) + "."
            root = node
        if root is not body and len(root) > 1 and not _connection(root):
            # A node's own fields beside the one connection it was asked for: Meetup's
            # groupByUrlname {id, name, memberships {pageInfo, totalCount, edges}}
            # (https://www.meetup.com/api/guide/#p04-pagination-section), GitHub's repository
            # {name, issues {...}}: the connection is the listing.
            inner = [key for key, value in root.items() if _connection(value)]
            if len(inner) == 1:
                where, root = f"{where}{inner[0]}.", root[inner[0]]
            elif not inner:
                # The one connection of the answer a level further down, beside other root
                # fields: Linear's {viewer {id}, team {id, labels {nodes, pageInfo}}}
                # (https://developers.linear.app/docs/graphql/working-with-the-graphql-api/pagination).
                deeper = [
                    (key, name)
                    for key, value in root.items()
                    if isinstance(value, dict)
                    for name, held in value.items()
                    if _connection(held)
                ]
                if len(deeper) == 1:
                    key, name = deeper[0]
                    where, root = f"{where}{key}.{name}.", root[key][name]
    if root is body and (inside := status_envelope(body)) is not body and isinstance(inside, dict):
        root, where = inside, "body." if inside is body.get("body") else "payload."
    if root is body and _disqus_envelope(body):
        # Disqus: {"cursor": {…}, "code": 0, "response": [...]} (https://disqus.com/api/docs/cursors/)
        inner = body["response"]
        if isinstance(inner, list):
            return Collection(inner, body, "response")
    if (
        root is body
        and body.keys() == {"response", "version"}
        and isinstance(body["response"], list)
    ):
        # Cisco Catalyst Center's (DNA Center's) Intent API: {"response": [...], "version":
        # "1.0"}, a list endpoint's items under response (https://developer.cisco.com/docs/catalyst-center/).
        return Collection(body["response"], body, "response")
    if root is body and (ergast := _ergast_table(body)) is not None:
        return ergast
    if len(root) == 1 and (plural := _plural_wrapper(root)) is not None:
        return plural
    if root is body and body.keys() == {"D"} and isinstance(spark := body["D"], dict):
        # Spark (Flexmls): {"D": {"Success": true, "Results": [...], "Pagination": {…}}}
        # (https://sparkplatform.com/docs/overview/api_responses).
        results = spark.get("Results")
        if spark.get("Success") is True and isinstance(results, list):
            return Collection(results, spark, "D.Results")
    if root is body and body.keys() == {"resultsPage"}:
        songkick = _songkick_results(body["resultsPage"])
        if songkick is not None:
            return songkick
    if (
        root is body
        and set(body) - {"notifications"} == {"meta", "response"}
        and _status_meta(body["meta"])
    ):
        # Tumblr's envelope: {"meta": {"status": 200, "msg": "OK"}, "response": {...}}, the
        # call's answer in response (https://www.tumblr.com/docs/en/api/v2#response-format).
        inner = body["response"]
        if isinstance(inner, dict):
            root, where = inner, "response."
    if root is body and body.get("result") == "OK" and body.keys() == {"result", "data"}:
        # Vulners' v3 envelope: {"result": "OK", "data": {"search": [...], "total": 250}}, the
        # call's answer in data (https://vulners.com/docs/).
        inner = body["data"]
        if isinstance(inner, dict):
            root, where = inner, "data."
    if root is body and _sparql_results(body):
        # SPARQL 1.1 Query Results JSON: {"head": {"vars": [...]}, "results": {"bindings":
        # [...]}} (https://www.w3.org/TR/sparql11-results-json/): the bindings are the rows.
        return Collection(body["results"]["bindings"], body["results"], "results.bindings")
    if root is body and _prometheus_result(body):
        # Prometheus' query answer: {"status": "success", "data": {"resultType": "vector",
        # "result": [...]}} (https://prometheus.io/docs/prometheus/latest/querying/api/#expression-query-result-formats).
        return Collection(body["data"]["result"], body["data"], "data.result")
    if root is body and qualtrics_envelope(body):
        # Qualtrics v3: {"result": {"elements": [...], "nextPage": …}, "meta": {"httpStatus":
        # "200 - OK", "requestId": …}}, the call's answer in result (https://api.qualtrics.com/).
        root, where = body["result"], "result."
    found_here = (
        (
            _named_by_path(root, url)
            or _feed_entries(root)
            or _matrix_chunk(root)
            or _ga4(root)
            or _hydra(root)
            or _spring_page(root)
            or _tenable_sc(root)
            or (_reddit_json(root) if "json" in root else None)
            or (_gbfs_feed(root) if "ttl" in root else None)
            or (_openweather_list(root) if "cod" in root else None)
            or (_yelp_search(root) if "businesses" in root else None)
            or (_rdap_search(root) if "rdapConformance" in root else None)
            or (_bazaarvoice_results(root) if "TotalResults" in root else None)
            or (_civicrm_values(root) if "values" in root else None)
            or (_results_described(root) if "results" in root else None)
            or (_described_rows(root) if "data" in root or "rows" in root else None)
            or (_discourse_topics(root) if "topic_list" in root else None)
            if root is body
            else None
        )
        or _aggregated_list(root, where)
        or _counted_by_name(root, where)
        or _unique_list(root, where)
        or _page_shaped(root, where)
        or _sole_list(root, where)
        or _wrapped_page(root, where)
    )
    if found_here is not None and _is_record(root) and (root is body or found_here.parent is root):
        return None
    if found_here is not None and found_here.parent is body and _many_own_fields(body):
        return None
    if found_here is None and root is body:
        return _nothing_in_any(body) or _counted_none(body) or _left_out(body) or _kube_list(body)
    return found_here


_OWN_LINKS = frozenset({"_links", "links"})
#: JSON Schema's keywords for a document's own schema, id and comment (draft 2020-12, §8.1).
_SCHEMA_KEYWORDS = frozenset({"$schema", "$id", "$comment"})


def _feed_entries(body: Mapping[str, Any]) -> Collection | None:
    """An Atom feed written as JSON: its ``entry`` list is the listing. NASA CMR's search in
    its ``json`` format answers ``{"feed": {"updated": …, "id": …, "title": …, "entry":
    [...]}}`` (https://cmr.earthdata.nasa.gov/search/site/docs/search/api.html#json), Google's
    GData feeds ``{"version": "1.0", "encoding": "UTF-8", "feed": {…, "entry": [...]}}``, and
    an OpenSearch response in JSON under its one wrapper, its ``opensearch:totalResults``
    beside (Elsevier's Scopus: ``{"search-results": {"opensearch:totalResults": "2843502",
    "link": [...], "entry": [...]}}``, https://dev.elsevier.com/documentation/ScopusSearchAPI.wadl)."""
    key, feed = "feed", body.get("feed")
    if not isinstance(feed, dict) or not body.keys() <= _FEED_ENVELOPE:
        if len(body) != 1:
            return None
        [(key, feed)] = body.items()
        if not isinstance(feed, dict) or "opensearch:totalResults" not in feed:
            return None
    entry = feed.get("entry")
    return Collection(entry, feed, f"{key}.entry") if isinstance(entry, list) else None


_FEED_ENVELOPE = frozenset({"feed", "version", "encoding"})


def _matrix_chunk(body: Mapping[str, Any]) -> Collection | None:
    """Matrix's paginated events: ``{"chunk": [...], "start": …, "end": …, "state": [...]}``,
    the events in ``chunk`` (https://spec.matrix.org/v1.11/client-server-api/#get_matrixclientv3roomsroomidmessages)."""
    chunk = body.get("chunk")
    if not isinstance(chunk, list) or not isinstance(body.get("start"), str):
        return None
    return Collection(chunk, body, "chunk") if body.keys() <= _MATRIX_EVENTS else None


_MATRIX_EVENTS = frozenset({"chunk", "start", "end", "state"})


def _hydra(body: Mapping[str, Any]) -> Collection | None:
    """A Hydra collection in JSON-LD's prefixed form (API Platform: Sylius, …): its items in
    ``hydra:member``, its count in ``hydra:totalItems``, its paging in ``hydra:view``
    (https://www.hydra-cg.com/spec/latest/core/#collections,
    https://api-platform.com/docs/core/pagination/)."""
    members = body.get("hydra:member")
    if not isinstance(members, list) or body.get("@type") not in ("hydra:Collection", "Collection"):
        return None
    return Collection(members, body, "hydra:member", "hydra:totalItems")


def _spring_page(body: Mapping[str, Any]) -> Collection | None:
    """A Spring Data page: its items in ``content`` beside its ``totalElements``,
    ``totalPages``, ``number``, ``size``, ``first``/``last``, ``pageable``
    (https://docs.spring.io/spring-data/commons/reference/repositories/core-extensions.html;
    lexoffice's lists, https://developers.lexoffice.io/docs/#paging-of-resources)."""
    content = body.get("content")
    if not isinstance(content, list) or len(_SPRING_PAGE.intersection(body)) < 2:
        return None
    return Collection(content, body, "content", "totalElements")


_SPRING_PAGE = frozenset(
    {
        "totalElements",
        "totalPages",
        "number",
        "size",
        "first",
        "last",
        "pageable",
        "numberOfElements",
    }
)


def _ga4(body: Mapping[str, Any]) -> Collection | None:
    """A Google Analytics Data API report: its ``rows`` (left out when there are none) and
    ``rowCount``, "the total number of rows in the query result", whatever the page's limit
    (https://developers.google.com/analytics/devguides/reporting/data/v1/rest/v1beta/RunReportResponse);
    a batch of one report read as that report."""
    kind, where = body.get("kind"), ""
    if kind == "analyticsData#batchRunReports":
        reports = body.get("reports")
        if not isinstance(reports, list) or len(reports) != 1 or not isinstance(reports[0], dict):
            return None
        body, kind, where = reports[0], reports[0].get("kind"), "reports.0."
    if kind != "analyticsData#runReport":
        return None
    rows = body.get("rows", [])
    return Collection(rows, body, f"{where}rows", "rowCount") if isinstance(rows, list) else None


def _sparql_results(body: Mapping[str, Any]) -> bool:
    head, results = body.get("head"), body.get("results")
    return (
        isinstance(head, dict)
        and isinstance(head.get("vars"), list)
        and isinstance(results, dict)
        and isinstance(results.get("bindings"), list)
    )


def _prometheus_result(body: Mapping[str, Any]) -> bool:
    data = body.get("data")
    return (
        body.get("status") == "success"
        and isinstance(data, dict)
        and isinstance(data.get("resultType"), str)
        and isinstance(data.get("result"), list)
    )


def qualtrics_envelope(body: Mapping[str, Any]) -> bool:
    """Whether ``body`` is Qualtrics v3's envelope: an object ``result`` beside a ``meta`` whose
    ``httpStatus`` says the call succeeded (``"200 - OK"``)."""
    meta = body.get("meta")
    if body.keys() != {"result", "meta"} or not isinstance(body.get("result"), dict):
        return False
    status = meta.get("httpStatus") if isinstance(meta, dict) else None
    return isinstance(status, str) and status.startswith("2")


def aggregate_names(name: str) -> tuple[str, str]:
    """The members Hasura names the aggregate of a list field ``name``: ``name_aggregate`` (v2,
    https://hasura.io/docs/latest/queries/postgres/aggregation-queries/) and ``nameAggregate``
    (v3, https://hasura.io/docs/3.0/graphql-api/queries/aggregation-queries)."""
    return f"{name}_aggregate", f"{name}Aggregate"


def _aggregated_list(root: Mapping[str, Any], where: str) -> Collection | None:
    """A list field beside nothing but its own aggregate: Hasura's ``{"posts": [...],
    "posts_aggregate": {"aggregate": {"count": 25}}}``, the rows asked for and how many match."""
    if len(root) != 2:
        return None
    lists = [key for key, value in root.items() if isinstance(value, list)]
    if len(lists) != 1 or not isinstance(name := lists[0], str):
        return None
    if not any(isinstance(root.get(key), dict) for key in aggregate_names(name)):
        return None
    return Collection(root[name], root, f"{where}{name}")


#: Tenable Security Center's envelope around every answer
#: (https://docs.tenable.com/security-center/api/Getting-Started.htm).
_TENABLE_SC = frozenset({"type", "response", "error_code", "error_msg", "warnings", "timestamp"})


def _tenable_sc(root: Mapping[str, Any]) -> Collection | None:
    """Tenable Security Center's ``{"type": "regular", "response": [...], "error_code": 0,
    "error_msg": "", "warnings": [], "timestamp": …}``: a listing's ``response`` is the list
    (its ``warnings`` list says nothing of it)."""
    if root.keys() != _TENABLE_SC or root.get("error_code") != 0:
        return None
    inner = root["response"]
    return Collection(inner, root, "response") if isinstance(inner, list) else None


def _kusto_primary(body: list[Any]) -> Collection | None:
    """The rows of the primary result in Kusto's v2 answer, a list of frames: its
    ``DataTable`` of ``TableKind`` ``PrimaryResult``
    (https://learn.microsoft.com/en-us/kusto/api/rest/response-v2)."""
    if not body or not isinstance(body[0], dict) or "FrameType" not in body[0]:
        return None
    for n, frame in enumerate(body):
        if not isinstance(frame, dict) or frame.get("TableKind") != "PrimaryResult":
            continue
        rows = frame.get("Rows")
        if frame.get("FrameType") == "DataTable" and isinstance(rows, list):
            return Collection(rows, frame, f"{n}.Rows")
    return None


_GBFS_FEED = frozenset({"data", "last_updated", "ttl", "version"})


def _yelp_search(root: Mapping[str, Any]) -> Collection | None:
    """Yelp's business search: ``{"businesses": [...], "total": 8228, "region": {"center": …}}``,
    the region the search covered beside its page (https://docs.developer.yelp.com/reference/v3_business_search)."""
    businesses = root.get("businesses")
    if not isinstance(businesses, list) or not root.keys() <= _YELP_SEARCH:
        return None
    return Collection(businesses, root, "businesses")


_YELP_SEARCH = frozenset({"businesses", "total", "region"})


def _openweather_list(root: Mapping[str, Any]) -> Collection | None:
    """OpenWeather's listings: its own status in ``cod`` and the answer's entries in ``list``,
    beside their count (``cnt`` or ``count``) and what they are of (its 5 day forecast's
    ``city``, https://openweathermap.org/forecast5#JSON; its city search's ``count``,
    https://openweathermap.org/current#severalid; its history's ``city_id``)."""
    entries = root.get("list")
    if not isinstance(entries, list) or str(root.get("cod")) != "200":
        return None
    return Collection(entries, root, "list")


def _gbfs_feed(root: Mapping[str, Any]) -> Collection | None:
    """A GBFS feed file (bike and scooter sharing): ``{"last_updated": …, "ttl": 5, "data":
    {"alerts": [...]}}``, its one list inside ``data``
    (https://github.com/MobilityData/gbfs/blob/v2.3/gbfs.md)."""
    if not root.keys() <= _GBFS_FEED or "ttl" not in root or "last_updated" not in root:
        return None
    data = root.get("data")
    if not isinstance(data, dict) or len(data) != 1:
        return None
    key, inner = next(iter(data.items()))
    return Collection(inner, data, f"data.{key}") if isinstance(inner, list) else None


#: The names of a result's column descriptions beside its rows (Flink's SQL Gateway
#: ``columns``, ClickHouse's JSON format ``meta``), and of the rows beside them.
_COLUMN_LISTS = frozenset({"columns", "meta"})
_ROW_LISTS = frozenset({"data", "rows"})


def _described_rows(root: Mapping[str, Any]) -> Collection | None:
    """A query result's rows beside the description of its columns: Flink's SQL Gateway
    ``{"columns": [{"name": …}], "data": [...]}``
    (https://nightlies.apache.org/flink/flink-docs-release-1.17/docs/dev/table/sql-gateway/rest/),
    ClickHouse's ``{"meta": [{"name", "type"}], "data": [...], "rows": 2}``
    (https://clickhouse.com/docs/en/interfaces/formats#json). Both lists would make the result
    one record."""
    lists = [k for k, v in root.items() if isinstance(v, list)]
    if len(lists) != 2:
        return None
    columns = next((k for k in lists if k in _COLUMN_LISTS), None)
    rows = next((k for k in lists if k in _ROW_LISTS), None)
    if columns is None or rows is None:
        return None
    described = root[columns]
    if not all(isinstance(c, dict) and isinstance(c.get("name"), str) for c in described):
        return None
    return Collection(root[rows], root, rows)


def _results_described(root: Mapping[str, Any]) -> Collection | None:
    """The same one level down, Flink's ``{"results": {"columns", "data"}, "resultType": …,
    "nextResultUri": …}``."""
    inner = root.get("results")
    found = _described_rows(inner) if isinstance(inner, dict) else None
    return None if found is None else Collection(found.items, inner, f"results.{found.where}")


def _records_by_id(value: object) -> TypeGuard[dict[str, Any]]:
    """Whether a value is records keyed by their ids: an object whose every member is an
    object, each named by a number (``{"58523": {…}, "58524": {…}}``)."""
    return (
        isinstance(value, dict)
        and bool(value)
        and all(isinstance(v, dict) for v in value.values())
        and all(isinstance(k, str) and k.isdigit() for k in value)
    )


#: CiviCRM's API envelopes: v3's and v4's members around their values
#: (https://docs.civicrm.org/dev/en/latest/api/v3/usage/,
#: https://docs.civicrm.org/dev/en/latest/api/v4/usage/).
_CIVICRM_V3 = frozenset({"is_error", "version", "count", "values", "id", "undefined_fields"})
_CIVICRM_V4 = frozenset(
    {"values", "entity", "action", "version", "count", "countFetched", "countMatched", "debug"}
)


def _civicrm_values(root: Mapping[str, Any]) -> Collection | None:
    """CiviCRM's answer: its ``values`` (a list, or v3's records keyed by id) inside v3's
    ``{"is_error": 0, "version": 3, "count": 3, "values": …}`` or v4's ``{"values": [...],
    "entity", "action", "version": 4, "countFetched", "countMatched"}``."""
    if "version" not in root or not (root.keys() <= _CIVICRM_V3 or root.keys() <= _CIVICRM_V4):
        return None
    values = root.get("values")
    if isinstance(values, list):
        return Collection(values, root, "values")
    if isinstance(values, dict) and (not values or _records_by_id(values)):
        return Collection(list(values.values()), root, "values")
    return None


def _bazaarvoice_results(root: Mapping[str, Any]) -> Collection | None:
    """Bazaarvoice's Conversations listing: ``Results`` beside ``TotalResults``, ``Offset``,
    ``Limit``, the records it names in ``Includes`` and its own ``Errors``
    (https://developers.bazaarvoice.com/v1.0-ConversationsAPI/reference)."""
    results = root.get("Results")
    if not isinstance(results, list) or type(root.get("TotalResults")) is not int:
        return None
    return Collection(results, root, "Results")


#: An RDAP search's results, by what it searched (RFC 9083 §8).
_RDAP_SEARCH_RESULTS = ("domainSearchResults", "entitySearchResults", "nameserverSearchResults")


def _rdap_search(root: Mapping[str, Any]) -> Collection | None:
    """An RDAP search's listing beside its notices and conformance
    (https://www.rfc-editor.org/rfc/rfc9083#section-8)."""
    key = next((k for k in _RDAP_SEARCH_RESULTS if isinstance(root.get(k), list)), None)
    return None if key is None else Collection(root[key], root, key)


def _reddit_json(root: Mapping[str, Any]) -> Collection | None:
    """Reddit's answer with ``api_type=json``: ``{"json": {"errors": [], "data": {"things":
    [...]}}}`` (``/api/morechildren``, a comment or a submission made), its one list inside
    ``json.data`` (https://www.reddit.com/dev/api/#POST_api_morechildren)."""
    inner = root.get("json") if root.keys() == {"json"} else None
    data = inner.get("data") if isinstance(inner, dict) else None
    if not isinstance(data, dict):
        return None
    lists = [k for k, v in data.items() if isinstance(v, list)]
    return Collection(data[lists[0]], data, f"json.data.{lists[0]}") if len(lists) == 1 else None


def _discourse_topics(root: Mapping[str, Any]) -> Collection | None:
    """Discourse's topic lists (``/latest``, ``/top``, a category's, a tag's): the topics in
    ``topic_list`` beside the ``users`` and groups they name, side-loaded
    (``{"users": [...], "primary_groups": [], "topic_list": {"topics": [...],
    "more_topics_url": …}}``, https://docs.discourse.org/)."""
    box = root.get("topic_list")
    topics = box.get("topics") if isinstance(box, dict) else None
    return Collection(topics, box, "topic_list.topics") if isinstance(topics, list) else None


def _counted_by_name(root: Mapping[str, Any], where: str) -> Collection | None:
    """Of several lists, the one a count beside it names, ``total_<list>``: Plaid's
    ``/transactions/get`` answers ``{"accounts": [...], "transactions": [...],
    "total_transactions": 177, "item": {…}}``
    (https://plaid.com/docs/api/products/transactions/#transactionsget); Discourse's
    ``total_rows_<list>`` (``{"notifications": [...], "total_rows_notifications": 9, …}``,
    https://docs.discourse.org/); Spoonacular's ``total<List>`` (``{"menuItems": [...],
    "totalMenuItems": 6749, "offset": 0, "number": 2}``, https://spoonacular.com/food-api/docs)."""
    named = [
        key
        for key, value in root.items()
        if isinstance(value, list) and any(type(root.get(n)) is int for n in count_names(key))
    ]
    return Collection(root[named[0]], root, f"{where}{named[0]}") if len(named) == 1 else None


def count_names(name: str) -> tuple[str, ...]:
    """The names of a count that names the list ``name`` it counts: ``total_<list>``,
    ``total_rows_<list>`` and ``total<List>``."""
    return (f"total_{name}", f"total_rows_{name}", f"total{name[:1].upper()}{name[1:]}")


def _named_by_path(root: Mapping[str, Any], url: str | None) -> Collection | None:
    """Of several lists, the one named as the resource the URL asked for: Zendesk sends the
    records a listing refers to beside it ("side-loading": ``GET /api/v2/activities.json``
    answers ``{"activities": [...], "actors": [...], "users": [...], "count": 3}``,
    https://developer.zendesk.com/api-reference/introduction/side_loading/). The path's last
    segment, less its format extension, names the collection; ``None`` when it names none of
    them (or the URL does not parse)."""
    if not url or sum(1 for value in root.values() if isinstance(value, list)) < 2:
        return None
    try:
        path = urlsplit(url).path
    except ValueError:
        return None
    segments = path.rstrip("/").split("/")
    segment = segments[-1].partition(".")[0]
    found = root.get(segment) if segment else None
    if found is None and segment in _LISTING_VERBS and len(segments) > 1:
        # The resource before its verb: SonarQube's api/issues/search answers its issues beside
        # the components, rules and users they name (https://next.sonarqube.com/sonarqube/web_api).
        segment = segments[-2]
        found = root.get(segment)
    return Collection(found, root, segment) if isinstance(found, list) else None


#: A path's last segment that is the verb of a listing, not the resource it lists.
_LISTING_VERBS = frozenset({"search", "list", "query"})


def _songkick_results(page: object) -> Collection | None:
    """Songkick's envelope: ``{"resultsPage": {"status": "ok", "results": {"event": [...]},
    "perPage": 50, "page": 1, "totalEntries": 130}}``, its one list inside ``results``, ``{}``
    when nothing matched (https://www.songkick.com/developer/response-objects)."""
    if not isinstance(page, dict) or page.get("status") != "ok":
        return None
    results = page.get("results")
    if not isinstance(results, dict):
        return None
    if not results:
        return Collection([], page, "resultsPage.results")
    return _one_list(results, "resultsPage.results.", page)


def _one_list(
    box: Mapping[str, Any], where: str, parent: Mapping[str, Any] | None = None
) -> Collection | None:
    """The one list ``box`` holds, as the collection at ``where`` + its key (beside ``parent``,
    ``box`` itself by default); ``None`` when it holds none or several."""
    lists = [key for key, value in box.items() if isinstance(value, list)]
    if len(lists) != 1:
        return None
    return Collection(box[lists[0]], box if parent is None else parent, f"{where}{lists[0]}")


def _connection(value: object) -> bool:
    """Whether ``value`` is a Relay connection: its ``pageInfo`` beside its ``edges`` or
    ``nodes`` (https://relay.dev/graphql/connections.htm)."""
    if not isinstance(value, dict) or not isinstance(value.get("pageInfo"), dict):
        return False
    return isinstance(value.get("edges"), list) or isinstance(value.get("nodes"), list)


def _lone_empty_list(body: Mapping[str, Any]) -> Collection | None:
    """One empty list beside nothing but nulls, empty objects and its page's own links:
    Coursera's catalogue answers
    a lookup that found nothing ``{"elements": [], "paging": null, "linked": null}``
    (https://build.coursera.org/app-platform/catalog). Nothing is in any member."""
    lists = [key for key, value in body.items() if isinstance(value, list)]
    if len(lists) != 1 or body[lists[0]] or len(body) < 2:
        return None
    others = ((key, value) for key, value in body.items() if key != lists[0])
    if not all(value is None or value == {} or _link_member(k, value) for k, value in others):
        return None
    return Collection([], body, lists[0])


def _link_member(key: str, value: object) -> bool:
    """A page's own link or schema beside its list: Glance's ``{"images": [], "schema":
    "/v2/schemas/images", "first": "/v2/images"}`` (https://docs.openstack.org/api-ref/image/v2/)."""
    return key in _LINK_MEMBERS and isinstance(value, str)


_LINK_MEMBERS = frozenset({"first", "next", "previous", "prev", "last", "self", "schema"})


def _disqus_envelope(body: Mapping[str, Any]) -> bool:
    # A list answers with its cursor; a write's {"code": 0, "response": []} is its acknowledgement.
    return body.get("code") == 0 and body.keys() == {"code", "response", "cursor"}


def _plural_wrapper(root: Mapping[str, Any]) -> Collection | None:
    """UpCloud wraps every collection twice, the plural around the singular:
    ``{"routers": {"router": [...]}}``, ``{"servers": {"server": [...]}}``
    (https://developers.upcloud.com/1.3/): a wrapper of one member named as the plural of the
    one list it holds is that list."""
    key, inner = next(iter(root.items()))
    if not isinstance(inner, dict) or len(inner) != 1:
        return None
    name, items = next(iter(inner.items()))
    if not isinstance(items, list) or not isinstance(key, str) or not isinstance(name, str):
        return None
    plurals = {f"{name}s", f"{name}es", f"{name[:-1]}ies" if name.endswith("y") else ""}
    return Collection(items, inner, f"{key}.{name}") if key in plurals else None


#: A meta of the call's own code and request id (Foursquare v2), or its timings (Untappd's
#: {"code": 200, "response_time": {…}, "init_time": {…}}, https://untappd.com/api/docs).
_CODE_META = frozenset({"code", "requestId", "response_time", "init_time"})


def _status_meta(meta: object) -> bool:
    """Whether ``meta`` holds nothing but the call's own HTTP status below 400 and its words
    (Tumblr's ``{"status": 200, "msg": "OK"}``), or its code and request id (Foursquare v2's
    ``{"code": 200, "requestId": …}``, https://docs.foursquare.com/developer/reference/v2-responses-and-errors)."""
    if not isinstance(meta, dict):
        return False
    if meta.keys() <= _CODE_META:  # Foursquare v2's meta: its code, its request id
        code = meta.get("code")
        return type(code) is int and 200 <= code < 400
    if not meta.keys() <= {"status", "msg"}:
        return False
    status = meta.get("status")
    return type(status) is int and 200 <= status < 400 and isinstance(meta.get("msg"), str)


def refused_items(collection: Collection) -> tuple[str, ...]:
    """Each item of ``collection`` that carries its own refusal, as ``"where.i: CODE: why"``.

    DocuSign answers a call that acts on several items (create or delete groups, move
    envelopes, update tabs) with 200 or 201 and one entry per item; an entry it could not act
    on holds ``errorDetails``, "errors that occur ... only valid for responses", with an
    ``errorCode`` and a ``message``
    (https://developers.docusign.com/docs/esign-rest-api/esign101/error-codes/). An entry
    whose ``errorDetails`` has no code is not read as refused.
    """
    where = collection.where or "items"
    refused = []
    for i, item in enumerate(collection.items):
        details = item.get("errorDetails") if isinstance(item, dict) else None
        if not isinstance(details, dict):
            continue
        code, message = details.get("errorCode"), details.get("message")
        if isinstance(code, str) and code:
            said = f"{code}: {message}" if isinstance(message, str) and message else code
            refused.append(f"{where}.{i}: {said}")
    return tuple(refused)


#: What ITIS's JSON service names every answer's own type with: ``"class":
#: "gov.usgs.itis.itis_service.data.SvcScientificNameList"`` (https://itis.gov/web_service.html).
_ITIS_CLASS = "gov.usgs.itis."


def _itis_class(body: Mapping[str, Any]) -> str | None:
    kind = body.get("class")
    return kind if isinstance(kind, str) and kind.startswith(_ITIS_CLASS) else None


def itis_none(body: Mapping[str, Any]) -> str | None:
    """An ITIS record whose every member but its ``class`` is null: what its lookups answer for
    an identifier that names nothing (``getRecordFromLSID`` of an unknown LSID)."""
    kind = _itis_class(body)
    if kind is None or kind.endswith("List") or len(body) < 2:
        return None
    if all(value is None for key, value in body.items() if key != "class"):
        return f"every member of {kind.rpartition('.')[2]} is null"
    return None


def _itis_list(body: Mapping[str, Any]) -> Collection | None:
    """An ITIS list answer (its ``class`` ends in ``List``): its one list is the listing, beside
    the words it echoes (``requestedName``, the ``sciName`` asked about)."""
    kind = _itis_class(body)
    if kind is None or not kind.endswith("List"):
        return None
    return _one_list(body, "")


def null_inside(body: Mapping[str, Any]) -> str | None:
    """Where a body holds nothing but a null, through objects of one member each: a lookup's
    ``{"user": null}``, Relay's ``{"data": {"node": null}}`` (a node id that names nothing).
    Such a body carries no record, as a null body carries none. ``None`` otherwise, and for a
    lone diagnostic member (``{"error": null}`` says no error, not no answer)."""
    if "data" in body and body["data"] is None and len(body) > 1 and body.keys() <= _JSON_API_TOP:
        # A JSON:API document whose primary data is null beside its own links or meta: "null
        # ... for requests that target single resources" that are not there (an empty to-one
        # relationship, https://jsonapi.org/format/#document-top-level).
        return "null data"
    path: list[str] = []
    value: Any = body
    if "extensions" in body and len(body) == 2 and "data" in body:
        # A GraphQL server's own metadata beside the data (Shopify's query cost on every
        # answer, https://shopify.dev/docs/api/usage/limits#graphql-admin-api-rate-limits)
        # says nothing of what the data holds.
        value = {"data": body["data"]}
    while isinstance(value, dict) and len(value) == 1 and len(path) < _NULL_DEPTH:
        key, value = next(iter(value.items()))
        if key in DIAGNOSTIC_KEYS:
            return None
        path.append(str(key))
    return f"null {'.'.join(path)}" if value is None and path else None


_NULL_DEPTH = 4
#: A JSON:API document's top-level members besides data and errors.
_JSON_API_TOP = frozenset({"data", "links", "meta", "jsonapi"})


#: The members of a MediaWiki query's answer around its ``query`` object
#: (https://www.mediawiki.org/wiki/API:Query).
_MEDIAWIKI_MEMBERS = frozenset(
    {
        "batchcomplete", "continue", "query", "query-continue", "warnings", "limits",
        "servedby", "requestid", "curtimestamp", "uselang", "errorlang",
    }
)  # fmt: skip
#: Lists a query answer holds about the titles asked, beside its module's results.
_MEDIAWIKI_TITLE_LISTS = frozenset({"normalized", "redirects", "converted", "interwiki"})


def _mediawiki_listing(body: Mapping[str, Any]) -> Collection | None:
    """A MediaWiki list module's results: ``{"batchcomplete": "", "continue": {...}, "query":
    {"search": [...]}}``, the one list in ``query`` (beside what the query says about the
    titles it was asked); ``None`` for a generator's ``pages`` or any other body."""
    query = body.get("query")
    if not isinstance(query, dict) or not set(body) <= _MEDIAWIKI_MEMBERS:
        return None
    lists = [k for k, v in query.items() if isinstance(v, list) and k not in _MEDIAWIKI_TITLE_LISTS]
    if len(lists) != 1 or lists[0] == "pages":
        return None
    return Collection(query[lists[0]], query, f"query.{lists[0]}")


def no_report_data(body: Mapping[str, Any]) -> str | None:
    """QuickBooks Online's report with nothing to report: its ``Header.Option`` holds
    ``{"Name": "NoReportData", "Value": "true"}`` above rows that are only empty sections
    (https://developer.intuit.com/app/developer/qbo/docs/api/accounting/report-entities/profitandloss)."""
    header = body.get("Header")
    options = header.get("Option") if isinstance(header, dict) else None
    if not isinstance(options, list):
        return None
    for option in options:
        if isinstance(option, dict) and option.get("Name") == "NoReportData":
            return "NoReportData: true" if option.get("Value") == "true" else None
    return None


def status_envelope(body: Mapping[str, Any]) -> Any:
    """What a Netatmo answer holds inside its envelope, ``{"body": …, "status": "ok",
    "time_exec": …, "time_server": …}`` (https://dev.netatmo.com/apidocumentation/general),
    or a PubNub one inside its ``{"status": 200, "message": "OK", "payload": …, "service": …,
    "error": false}`` (https://www.pubnub.com/docs/sdks/rest-api); the body itself for any
    other answer."""
    if body.get("status") == "ok" and "body" in body and body.keys() <= _NETATMO_ENVELOPE:
        return body["body"]
    if body.get("error") is False and "payload" in body and body.keys() <= _PUBNUB_ENVELOPE:
        return body["payload"]
    return body


_NETATMO_ENVELOPE = frozenset({"body", "status", "time_exec", "time_server"})
_PUBNUB_ENVELOPE = frozenset({"status", "message", "payload", "service", "error"})


def all_missing(body: Mapping[str, Any]) -> str | None:
    """Where a MediaWiki query names only pages that do not exist: every page of
    ``query.pages`` (an object by id, or a list with ``formatversion=2``) marked ``missing``
    (https://www.mediawiki.org/wiki/API:Query), or every entity of Wikibase's ``entities``
    (https://www.wikidata.org/w/api.php?action=help&modules=wbgetentities). ``None`` when any
    exists, or the body is no such answer."""
    query = body.get("query")
    pages, where = (query.get("pages"), "query.pages") if isinstance(query, dict) else (None, "")
    if pages is None:
        pages, where = body.get("entities"), "entities"
    found_pages = list(pages.values()) if isinstance(pages, dict) else pages
    if not isinstance(found_pages, list) or not found_pages:
        return None
    if "continue" in body or "query-continue" in body:
        return None  # a batch of a longer answer: its next one may hold what exists
    # A "known" page is missing here but exists elsewhere: a file on a shared repository
    # (Wikimedia Commons), a special page.
    if all(isinstance(p, dict) and "missing" in p and "known" not in p for p in found_pages):
        return f"every one of {where} is missing"
    return None


def no_more(box: Mapping[str, Any]) -> str | None:
    """The box's own "this is the last" (:data:`NO_MORE_FLAGS`), as it says it."""
    return next((f"{k}: {str(v).lower()}" for k, v in NO_MORE_FLAGS if box.get(k) is v), None)


def _nothing_more(body: object) -> bool:
    """Whether the body is ``{}``, or says in a paging box that nothing more follows.

    Twitch's Helix says it by leaving its box empty: ``"pagination": {}``, "empty if there are
    no more pages" (https://dev.twitch.tv/docs/api/guide/#pagination)."""
    if body == {}:
        return True
    if not isinstance(body, dict):
        return False
    if body.get("pagination") == {}:
        return True
    boxes: list[object] = [body]
    for key in PAGING_BOXES:
        box = body.get(key)
        if isinstance(box, dict):
            boxes += [box, *(box.get(inner) for inner in PAGING_BOXES)]
    return any(isinstance(box, dict) and no_more(box) is not None for box in boxes)


def _one_counted(body: object) -> bool:
    """Whether a listing whose JSON is its XML converted counts one item, which then comes as
    an object, not a list of one: Lightspeed Retail's ``{"@attributes": {"count": "1", …},
    "Customer": {…}}`` (an element that occurs once; with none, the element is left out)."""
    attributes = body.get("@attributes") if isinstance(body, dict) else None
    count = attributes.get("count") if isinstance(attributes, dict) else None
    return (type(count) is int and count == 1) or (isinstance(count, str) and count == "1")


def _scalar(value: object) -> bool:
    return not isinstance(value, dict | list)


def _counted_none(body: Mapping[str, Any]) -> Collection | None:
    """A listing that left its collection out because it counted none: Google Books answers a
    search with no match ``{"kind": "books#volumes", "totalItems": 0}``, no ``items``
    (https://developers.google.com/books/docs/v1/using). Only an unambiguous
    count (:data:`_NONE_COUNTED_KEYS`: the :data:`TOTAL_KEYS`, never ``count`` or ``total``, a
    quantity on a record) at zero, in a body with no list and no identity of its own."""
    counts = _NONE_COUNTED_KEYS.intersection(body)
    paging = PAGING_COMPANIONS.intersection(body)
    if not counts and paging and body.keys() <= _AMBIGUOUS_COUNTS | PAGING_COMPANIONS:
        # Nothing but a count and where the page starts: Semantic Scholar's search with no
        # match, {"total": 0, "offset": 0}, its data left out (https://api.semanticscholar.org/api-docs/graph).
        counts = _AMBIGUOUS_COUNTS.intersection(body)
    if not counts and len(paging) >= 2:
        # Beside the paging state of a page, "count" counts the listing: Rakuten's search with
        # no hit, {"count": 0, "page": 1, "pageCount": 0, "hits": 0} and no Items
        # (https://webservice.rakuten.co.jp/documentation/ichiba-item-search).
        counts = _AMBIGUOUS_COUNTS.intersection(body)
    if not counts or any(body.get(key) is not None for key in RECORD_IDENTITY_KEYS):
        return None
    # Its links are no list of items: PayPal's transaction search with none in its window,
    # {"total_items": 0, "total_pages": 0, "links": [{"rel": "self", …}], …}
    # (https://developer.paypal.com/docs/api/transaction-search/v1/).
    links = _navigation(body) if "links" in body or "_links" in body else _NO_KEYS
    lists = [k for k, v in body.items() if isinstance(v, list) and k not in links]
    if len(lists) > 1 or (lists and body[lists[0]]):
        return None
    # Or its one list, empty: WordPress.com's {"found": 0, "posts": [], "meta": {…}} (found,
    # "the total number of posts matching the request").
    where = lists[0] if lists else ""
    return Collection([], body, where) if any(_is_zero(body[key]) for key in counts) else None


def _omits_empty_lists(url: str | None) -> bool:
    """Whether the source leaves an empty list out: Google's APIs answer in proto3's JSON
    mapping, which omits a field holding its default value, an empty list included
    (https://protobuf.dev/programming-guides/json/). A blank Sheets range is ``{"range":
    "Sheet1!D4", "majorDimension": "ROWS"}`` with no ``values``
    (https://developers.google.com/workspace/sheets/api/reference/rest/v4/spreadsheets.values:
    "empty trailing rows and columns will not be included")."""
    host = (urlsplit(url).hostname or "") if url else ""
    return host == "googleapis.com" or host.endswith(".googleapis.com")


def _google_none(body: Mapping[str, Any], url: str | None) -> Collection | None:
    """A Google API's listing that held nothing: proto3's JSON leaves the empty list out
    (:func:`_omits_empty_lists`), so an empty bucket's objects are ``{"kind":
    "storage#objects"}`` (https://cloud.google.com/storage/docs/json_api/v1/objects/list). Only
    a flat body from a Google API whose ``kind`` names a listing (``drive#fileList``, or a
    plural: ``storage#objects``, ``calendar#events``) and that has no ``id`` of its own."""
    kind = body.get("kind")
    if not isinstance(kind, str) or "#" not in kind or body.get("id") is not None:
        return None
    if not _omits_empty_lists(url):
        return None
    noun = kind.rpartition("#")[2]
    plural = noun.endswith("s") and not noun.endswith(_SINGULAR_ENDINGS)
    if "#" not in kind or not (_listing_kind(kind) or plural):
        return None
    return Collection([], body, "items")


#: Endings of singular nouns that end in "s" (``…#status``, ``…#address``, ``…#analytics``).
_SINGULAR_ENDINGS = ("ss", "us", "is", "ics", "ws")


def _kube_list(body: object) -> Collection | None:
    """A Kubernetes list that left its ``items`` out, or sent them null, because it held none:
    ``{"kind": "PersistentVolumeClaimList", "apiVersion": "v1", "metadata": {…}}`` (a list's
    kind ends in ``List`` and its items are ``items``,
    https://github.com/kubernetes/community/blob/master/contributors/devel/sig-architecture/api-conventions.md#types-kinds;
    servers have omitted an empty one, kubernetes/kubernetes#13096)."""
    if not isinstance(body, dict) or body.get("items") is not None:
        return None
    kind, version = body.get("kind"), body.get("apiVersion")
    if not (isinstance(kind, str) and kind.endswith("List") and isinstance(version, str)):
        return None
    if not isinstance(body.get("metadata"), dict):  # a list's ListMeta: never a flat body
        return None
    return Collection([], body, "items")


def _indicates_none(parent: Mapping[str, Any] | None) -> bool:
    """Whether the object the declared list sits in says none was found by an indicator of
    its own: UPS's address validation, ``{"XAVResponse": {"Response": {…},
    "NoCandidatesIndicator": ""}}`` and no ``Candidate``, "no candidates found"
    (https://developer.ups.com/api/reference/addressvalidation/operations): UPS sends an
    indicator present, its value empty."""
    return parent is not None and any(_NONE_INDICATOR.fullmatch(str(key)) for key in parent)


_NONE_INDICATOR = re.compile(r"No[A-Z]\w{0,40}Indicator")


def _left_out(body: Mapping[str, Any]) -> Collection | None:
    """A listing that sent its collection as ``null`` beside its own "no more": Pipedrive's
    ``{"success": true, "data": null, "additional_data": {"pagination":
    {"more_items_in_collection": false}}}`` (https://pipedrive.readme.io/docs/core-api-concepts-pagination).
    One :data:`COLLECTION_KEYS` member only, and a paging box that says nothing follows."""
    nulls = [key for key in COLLECTION_KEYS if key in body and body[key] is None]
    if len(nulls) != 1 or not _nothing_more(body):
        return None
    return Collection([], body, nulls[0])


#: What, at zero, says a listing left its collection out: the totals, and counts that are no
#: total otherwise. Gmail's list methods answer a query matching nothing with
#: ``{"resultSizeEstimate": 0}`` and no ``messages``
#: (https://developers.google.com/gmail/api/reference/rest/v1/users.messages/list); DocuSign's
#: envelope listings with ``{"resultSetSize": "0", "totalSetSize": "0", …}`` and no
#: ``envelopes`` (https://developers.docusign.com/docs/esign-rest-api/reference/envelopes/envelopes/liststatuschanges/).
_NONE_COUNTED_KEYS = _TOTAL_KEY_SET | {"resultSizeEstimate", "totalSetSize"}


def _searched(body: Mapping[str, Any]) -> Mapping[str, Any]:
    """A search's answer less Slack's envelope: ``search.all`` answers ``{"ok": true, "query":
    "x", "messages": {page}, "files": {page}, "posts": {"total": 0, "matches": []}}``, one page
    per kind (https://docs.slack.dev/reference/methods/search.all)."""
    if body.get("ok") is True and isinstance(body.get("query"), str):
        return {k: v for k, v in body.items() if k not in ("ok", "query")}
    if not _TRACE_IDS.isdisjoint(body):
        # The answer's own request id says nothing of what it found: Gong's data-privacy
        # lookups answer {"requestId": …, "emails": [], "calls": [], …}
        # (https://gong.app.gong.io/settings/api/documentation#get-/v2/data-privacy/data-for-email-address).
        return {k: v for k, v in body.items() if k not in _TRACE_IDS or not isinstance(v, str)}
    return body


def _nothing_in_any(body: Mapping[str, Any]) -> Collection | None:
    """A search across several kinds that found none of any: Mastodon's ``/api/v2/search``
    answers ``{"accounts": [], "statuses": [], "hashtags": []}``
    (https://docs.joinmastodon.org/methods/search/), Spotify's search for several types one
    paging object per type, each with empty ``items``. Every member is an empty list or such a
    page: the answer holds nothing, a verified empty. One member holding anything (or a scalar
    beside them: an id, a name) keeps the body one record."""
    members = _searched(body)
    if len(members) < 2:
        return None
    for key, value in members.items():  # a record's first scalar ends this at once
        if isinstance(value, list):
            if value:
                return None
            continue
        if not isinstance(value, dict):
            return None
        page = _wrapped_page({key: value}, "")
        if page is None or page.items:
            return None
    return None if DIAGNOSTIC_KEYS.intersection(body) else Collection([], body, "")


def counted_zero(body: object) -> bool:
    """Whether the body states, at its top or in a paging box, that it counted zero items.

    Args:
        body: The decoded JSON value.

    Returns:
        True when a :data:`ZERO_COUNT_KEYS` member there is the number ``0`` (or ``"0"``).
    """
    if not isinstance(body, dict):
        return False
    boxes = [body, *(body.get(key) for key in PAGING_BOXES)]
    if any(
        isinstance(box, dict) and any(_is_zero(box.get(key)) for key in ZERO_COUNT_KEYS)
        for box in boxes
    ):
        return True
    # A nested collection's own count (Solr's response.numFound, the OData v2 d.__count).
    return any(
        count is not None and isinstance(box := body.get(outer), dict) and _is_zero(box.get(count))
        for outer, _, count in _NESTED
    )


def _is_zero(value: object) -> bool:
    return value == "0" or (isinstance(value, int) and not isinstance(value, bool) and value == 0)


def _nested(body: Mapping[str, Any]) -> Collection | None:
    for outer, inner, count_key in _NESTED:
        box = body.get(outer)
        if isinstance(box, dict) and isinstance(box.get(inner), list):
            return Collection(box[inner], box, f"{outer}.{inner}", count_key)
    if body.get("stat") == "ok" and len(body) == 2:
        # Flickr's answers: {"photos": {"page": 1, "pages": 89, "perpage": 10, "total": 881,
        # "photo": [...]}, "stat": "ok"}, the one list of its paged box the items
        # (https://www.flickr.com/services/api/flickr.photos.search.html).
        key, box = next((k, v) for k, v in body.items() if k != "stat")
        lists = [k for k, v in box.items() if isinstance(v, list)] if isinstance(box, dict) else []
        if len(lists) == 1 and "page" in box and ("pages" in box or "total" in box):
            return Collection(box[lists[0]], box, f"{key}.{lists[0]}")
    embedded = body.get("_embedded")  # HAL: one embedded relation is the collection
    if isinstance(embedded, dict) and (hal := _one_list(embedded, "_embedded.")) is not None:
        return hal
    query = body.get("QueryResponse")
    if isinstance(query, dict) and len(body) <= 2:
        return _query_response(query)
    meta = body.get("meta")
    if body.get("error") is False and type(body.get("status")) is int and isinstance(meta, dict):
        # Figma's library listings: {"error": false, "status": 200, "meta": {"components":
        # [...], "cursor": {…}}}, the one list under meta the items
        # (https://www.figma.com/developers/api#library-items-endpoints).
        figma = _one_list(meta, "meta.")
        if figma is not None:
            return figma
    statement = _one_statement(body)
    if statement is not None:
        # InfluxDB 1.x: one query's points are its statement's series, left out when it found
        # none (https://docs.influxdata.com/influxdb/v1/tools/api/#query-http-endpoint).
        series = statement.get("series", [])
        return (
            Collection(series, statement, "results.0.series") if isinstance(series, list) else None
        )
    if body.keys() == _MAILJET_LISTING and isinstance(body["Data"], list):
        # Mailjet's every listing: {"Count": 1, "Data": [...], "Total": 4}, Total the count of
        # all (with countrecords=1; https://dev.mailjet.com/email/reference/contacts/contact/).
        return Collection(body["Data"], body, "Data", "Total")
    if body.keys() >= _XERO_ENVELOPE:
        lists = [k for k, v in body.items() if isinstance(v, list) and k not in _XERO_NOT_ITEMS]
        if len(lists) == 1:
            return Collection(body[lists[0]], body, lists[0])
    listing = typed_listing(body)
    if listing is not None and isinstance(items := resolve_path(body, listing.items), list):
        parent = resolve_path(body, listing.items.rpartition(".")[0])
        return Collection(items, parent if isinstance(parent, dict) else None, listing.items)
    return _empty_bundle(body)


def _empty_bundle(body: Mapping[str, Any]) -> Collection | None:
    """A FHIR Bundle with no ``entry`` holds none (JSON leaves an empty list out)."""
    if body.get("resourceType") == "Bundle" and "entry" not in body:
        return Collection([], body, "entry")
    return None


#: The members of every Mailjet listing, and nothing else.
_MAILJET_LISTING = frozenset({"Count", "Data", "Total"})
#: Xero's accounting API wraps every answer in these, beside the one list of what was asked
#: for: ``{"Id": …, "Status": "OK", "ProviderName": …, "DateTimeUTC": …, "Invoices": [...]}``
#: (https://developer.xero.com/documentation/api/accounting/invoices). ``Id`` names the
#: response, not a record.
_XERO_ENVELOPE = frozenset({"Id", "Status", "ProviderName", "DateTimeUTC"})
_XERO_NOT_ITEMS = frozenset({"Warnings", "ValidationErrors"})


def _query_response(box: Mapping[str, Any]) -> Collection | None:
    """QuickBooks Online's query answer, ``{"QueryResponse": {"Invoice": [...], "startPosition":
    1, "maxResults": 2}, "time": …}``: its one list is the collection; with none, the query
    matched nothing (an empty ``QueryResponse``), unless it answers a ``COUNT(*)`` with its
    ``totalCount`` (https://developer.intuit.com/app/developer/qbo/docs/learn/explore-the-quickbooks-online-api/data-queries)."""
    found_list = _one_list(box, "QueryResponse.")
    if found_list is not None:
        return found_list
    if (
        any(isinstance(v, list) for v in box.values()) or not box.keys() <= _QUERY_PAGING
    ):  # a count, a fault: not a listing left empty
        return None
    return Collection([], box, "QueryResponse")


_QUERY_PAGING = frozenset({"startPosition", "maxResults"})


def _query_left_empty(body: object, items: str) -> bool:
    """A declared ``QueryResponse.<Entity>`` QuickBooks left out: its query matched nothing."""
    query = body.get("QueryResponse") if isinstance(body, dict) else None
    if not isinstance(query, dict) or not items.startswith("QueryResponse."):
        return False
    found_here = _query_response(query)
    return found_here is not None and not found_here.items


def _inside_an_empty_list(body: object, items: str) -> bool:
    """Whether a declared path runs into an empty list where it names an element of it: the
    collection of the first race of none is none. Ergast's (and Jolpica's) race results sit
    at ``MRData.RaceTable.Races.0.Results``, and a round not run yet answers ``"Races": []``
    beside ``"total": "0"`` (https://github.com/jolpica/jolpica-f1/blob/main/docs/endpoints/sprint.md)."""
    head, _, rest = items.partition(".")
    value = body
    while rest:
        value = resolve_path(value, head)
        step, _, rest = rest.partition(".")
        if value == [] and step.isdigit():
            return True
        head = step
    return False


def _one_statement(body: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The result of an InfluxDB 1.x query of one statement that did not fail, else ``None``."""
    results = body.get("results") if len(body) == 1 else None
    if not isinstance(results, list) or len(results) != 1:
        return None
    statement = results[0]
    if not isinstance(statement, dict) or "statement_id" not in statement:
        return None
    return statement if statement.keys() <= INFLUXDB_STATEMENT else None


def _world_bank_page(body: list[Any]) -> Collection | None:
    """The World Bank's Indicators API pages an array of two: its paging, then the rows, null
    when there are none: ``[{"page": 1, "pages": 149, "per_page": "2", "total": 297}, [...]]``
    (https://datahelpdesk.worldbank.org/knowledgebase/articles/889392-about-the-indicators-api-documentation)."""
    if len(body) != 2 or not isinstance(head := body[0], dict) or not head.keys() >= _WORLD_BANK:
        return None
    rows = body[1]
    if rows is None:
        return Collection([], head, "1")
    return Collection(rows, head, "1") if isinstance(rows, list) else None


#: What the paging object the World Bank puts first holds.
_WORLD_BANK = frozenset({"page", "pages", "per_page", "total"})


def _statement_left_empty(body: object, items: str) -> bool:
    """A declared ``results.N.series`` an InfluxDB 1.x statement left out: it matched no point.
    A query answers ``{"results": [{"statement_id": 0, "series": [...]}]}``, one result per
    statement, and a statement that found nothing holds only its ``statement_id``
    (https://docs.influxdata.com/influxdb/v1/tools/api/#query-http-endpoint)."""
    head, _, rest = items.partition(".")
    index, _, member = rest.partition(".")
    results = body.get("results") if isinstance(body, dict) and head == "results" else None
    at = parse_count(index, max_digits=9)
    if not isinstance(results, list) or at is None or member != "series":
        return False
    statement = results[at] if at < len(results) else None
    return isinstance(statement, dict) and statement.keys() == {"statement_id"}


def _diagnostic(root: Mapping[str, Any]) -> frozenset[str]:
    # Beside an errors or warnings member, "messages" is the call's notices (Cloudflare v4:
    # success, errors, messages, result); elsewhere it is Slack's collection of messages.
    if DIAGNOSTIC_KEYS & set(root):
        return _NOT_ITEMS_BESIDE_DIAGNOSTICS
    return _NOT_ITEMS


def _unique_list(root: Mapping[str, Any], where: str) -> Collection | None:
    skip = _diagnostic(root)
    if "ok" not in root and _COUNTS.isdisjoint(root) and "found_newest" not in root:
        # (Zulip's messages come beside found_newest and found_oldest, https://zulip.com/api/get-messages.)
        skip = skip | _SLACK_ONLY
    for keys in (COLLECTION_KEYS, MORE_COLLECTION_KEYS):
        lists = [k for k in keys if isinstance(root.get(k), list) and k not in skip]
        if len(lists) == 1:
            if keys is COLLECTION_KEYS and not root[lists[0]]:
                # An empty list beside one that holds the items: Pinecone's query answers its
                # deprecated "results": [] beside its "matches"
                # (https://docs.pinecone.io/reference/api/2024-07/data-plane/query).
                held = [k for k in MORE_COLLECTION_KEYS if root.get(k) and k not in skip]
                if len(held) == 1 and isinstance(root[held[0]], list):
                    return Collection(root[held[0]], root, f"{where}{held[0]}")
            return Collection(root[lists[0]], root, f"{where}{lists[0]}")
        if lists:
            return None  # ambiguous: treat the body as one record
    return None


def _page_shaped(root: Mapping[str, Any], where: str) -> Collection | None:
    navigated = "links" in root or "_links" in root
    skip = _diagnostic(root) | _navigation(root) if navigated else _diagnostic(root)
    lists = [k for k, v in root.items() if isinstance(v, list) and k not in skip]
    if not lists and root.get("links") == [] and has_paging_companions(root):
        # An empty links array and nothing else to list, beside the page's own "no more":
        # Dropbox's list_shared_links of a user with none, {"links": [], "has_more": false}
        # (https://www.dropbox.com/developers/documentation/http/documentation#sharing-list_shared_links).
        lists = ["links"]
    if len(lists) > 1 and _paging_block(root):
        # A page holding more than one list beside its paging state: the one list of records,
        # the others empty or holding only ids or words (Apollo's searches answer
        # {"organizations": [...], "accounts": [], "breadcrumbs": [], "model_ids": ["…"],
        # "pagination": {"total_entries": …}}); every list empty under a count of zero is a
        # page that found nothing.
        records = [
            k
            for k in lists
            if any(isinstance(x, dict) for x in root[k])
            and not all(_is_link_object(x) for x in root[k])  # navigation, never the items
        ]
        if len(records) == 1:
            lists = records
        elif not records and counted_zero(root) and not any(root[k] for k in lists):
            return Collection([], root, where)
    if len(lists) == 2 and (own := _own_links(root, lists)) is not None:
        # OpenStack: {"servers": [...], "servers_links": [{"rel": "next", "href": …}]}: the
        # links are the listing's navigation, never its items.
        return Collection(root[own], root, f"{where}{own}")
    if len(lists) != 1 or not (
        PAGE_MARKERS & set(root)
        or _paging_block(root)
        or _paging_words(root)
        or _listing_kind(root.get("kind"))
        or root.get("@type") == lists[0]
    ):
        # (Travis CI names a collection's own key in its @type: {"@type": "builds", "builds":
        # [...]}, https://developer.travis-ci.com/resource/builds.)
        return None
    return Collection(root[lists[0]], root, f"{where}{lists[0]}")


def _own_links(root: Mapping[str, Any], lists: list[str]) -> str | None:
    """The list of a pair that is a listing and its own ``<key>_links`` of link objects
    (OpenStack's paginated collections), else ``None``."""
    first, second = lists
    for key, links in ((first, second), (second, first)):
        if links == f"{key}_links" and all(_is_link_object(link) for link in root[links]):
            return key
    return None


def _listing_kind(kind: object) -> bool:
    """A Google API's ``kind`` naming a list of resources: ``drive#permissionList``,
    ``drive#changeList``, ``youtube#searchListResponse`` (each API's reference: "kind:
    Identifies what kind of resource this is. Value: the fixed string "drive#changeList"",
    https://developers.google.com/drive/api/reference/rest/v3/changes/list)."""
    return isinstance(kind, str) and "#" in kind and kind.endswith(("List", "ListResponse"))


def _paging_words(root: Mapping[str, Any]) -> bool:
    """A next page's cursor (Square: ``{"objects": [...], "cursor": ..., "latest_time": ...}``)
    or three paging members at once (PagerDuty's ``limit``, ``offset``, ``more``): a page, unless
    the body has an identity of its own (then ``find_collection`` keeps it a record)."""
    cursor = root.get("cursor")
    if isinstance(cursor, str) and cursor:
        return True
    if any(_href_object(root.get(key)) for key in _PAGE_LINK_OBJECTS):
        # IBM Cloud's paginated collections: "first" (on every page), "next", "previous" and
        # "last" each an object holding its href, beside limit and total_count
        # (https://cloud.ibm.com/docs/api-handbook?topic=api-handbook-pagination).
        return True
    if "next" in root and "previous" in root and _names_another_page(root):
        # DRF's page without its count, Sendcloud's {"next": …, "previous": …, "parcels": [...]}.
        return True
    companions = len(PAGING_COMPANIONS.intersection(root))
    if companions == 2 and any(type(root.get(key)) is int for key in AMBIGUOUS_TOTAL_KEYS):
        # Two paging members and the listing's count: Auth0's {"users": [...], "start": 0,
        # "limit": 50, "length": 50, "total": 118} (include_totals=true, https://auth0.com/docs/
        # manage-users/user-accounts/user-search/view-search-results-by-page).
        return True
    return companions >= 3


_PAGE_LINK_OBJECTS = ("first", "next", "previous", "last")


def _href_object(value: object) -> bool:
    """Whether ``value`` is a link object naming a page: ``{"href": "https://…"}``."""
    return isinstance(value, dict) and _names_another_page({"next": value.get("href")})


def _names_another_page(root: Mapping[str, Any]) -> bool:
    """Whether ``next`` or ``previous`` holds a URL (a chapter or an id is no page)."""
    return any(
        isinstance(v, str) and v.startswith(("http://", "https://", "/"))
        for v in (root.get("next"), root.get("previous"))
    )


def _paging_block(root: Mapping[str, Any]) -> bool:
    # Zendesk's cursor pages: {"tickets": [...], "meta": {"has_more": ...}, "links": {...}}.
    # A links object naming other pages, or a block of paging state, marks a page (Intercom's
    # {"type": "event.list", "events": [...], "pages": {"next": ...}} too).
    if any(_LINK_RELS & link_rels(root.get(key)) for key in ("links", "_links")):
        return True
    blocks = [root.get(k) for k in _BLOCK_BOXES]
    if any(isinstance(block, dict) and _BLOCK_MARKERS & set(block) for block in blocks):
        return True
    if any(
        isinstance(block, dict) and _LINK_RELS & link_rels(block.get("links")) for block in blocks
    ):
        return True  # a block's own links naming other pages (Personio v2's _meta.links)
    # A block counting zero (Congress.gov's last, empty page: {"pagination": {"count": 0},
    # "reports": [], "request": {…}}, https://github.com/LibraryOfCongress/api.congress.gov):
    # its count is of the listing beside it, and the listing holds none.
    if any(isinstance(block, dict) and counted_zero(block) for block in blocks):
        return True
    # A meta object counting the listing beside it: Namely's {"profiles": [...], "meta":
    # {"count": 368, "status": 200}, "links": {…}, "linked": {…}}
    # (Namely's API description: https://gist.github.com/katienreed/19b038bdd2e67ed56e23a38d91bf5705).
    meta = root.get("meta")
    if isinstance(meta, dict) and type(meta.get("count")) is int:
        return True
    return stac_context(root) is not None


def stac_context(root: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """STAC's context extension, ``{"returned": 9, "limit": 10, "matched": 9}``: the page's
    count, the page size and the query-wide total, beside a search's features or the
    ``/collections`` listing (https://github.com/stac-api-extensions/context: ``returned`` is
    required). ``None`` when the body has none."""
    context = root.get("context")
    if isinstance(context, dict) and "returned" in context:
        return context
    return None


#: The paging boxes whose paging state marks a page beside one list: every one of
#: :data:`PAGING_BOXES` but ``result_info`` (a page marker of its own), ``page`` (a page number
#: as often as a box) and the boxes read only beside a collection already found.
_BLOCK_BOXES = tuple(
    k for k in PAGING_BOXES if k not in ("result_info", "page", "additional_data", "_metadata")
)
#: What marks a block as paging state; a total inside one does too (DigitalOcean's
#: ``meta.total``).
_BLOCK_MARKERS = PAGE_MARKERS | PAGING_COMPANIONS | {*TOTAL_KEYS, "total"}


def _marketo_found_none(body: object) -> bool:
    """Marketo's answer that found nothing: ``success: true``, no ``result``, no error and a
    warning saying so (its asset API's lookups by name: ``"warnings": ["No assets found for the
    given search criteria."]``; every answer carries ``requestId``, ``success`` and, when it
    has one, its ``result``:
    https://experienceleague.adobe.com/en/docs/marketo-developer/marketo/rest/assets/assets)."""
    if not isinstance(body, dict) or body.get("success") is not True or "result" in body:
        return False
    if "requestId" not in body:
        return False
    warnings = body.get("warnings")
    return body.get("errors") in ([], None) and isinstance(warnings, list) and bool(warnings)


def _pool_sized(seed: object) -> bool:
    return isinstance(seed, dict) and "initialPoolSize" in seed


def _sole_list(root: Mapping[str, Any], where: str) -> Collection | None:
    # {"products": [...]} (Shopify, Lambda's {"Functions": [...]} on its last page): an
    # object whose only member is a list (beside, at most, its links or one paging member)
    # is a wrapper around that list, not a record.
    if len(root) > 1 and not _TRACE_IDS.isdisjoint(root):
        # The answer's own trace id says nothing of its items: HighLevel answers
        # {"contacts": [...], "total": 12, "traceId": "…"}.
        root = {k: v for k, v in root.items() if k not in _TRACE_IDS or not isinstance(v, str)}
    if type(root.get("count")) is int and _relative_uri(root.get("href")):
        # TeamCity's collections: {"count": 2, "href": "/app/rest/builds?locator=…",
        # "prevHref": …, "build": [...]}: the list's own address and its batches' say nothing
        # of its items; its count is the list's own
        # (https://www.jetbrains.com/help/teamcity/rest/builds.html).
        root = {k: v for k, v in root.items() if k not in _TEAMCITY_HREFS}
    if root.get("errcode") == 0 and isinstance(root.get("errmsg"), str) and len(root) > 2:
        # WeChat's and WeCom's envelope around every answer says nothing of its items:
        # {"errcode": 0, "errmsg": "ok", "info": [...], "is_last": false}
        # (https://developer.work.weixin.qq.com/document/path/92124).
        root = {k: v for k, v in root.items() if k not in _WECHAT_ENVELOPE}
    if isinstance(root.get("project_id"), str) and root.keys() <= _LOKALISE_ENVELOPE | {
        k for k, v in root.items() if isinstance(v, list)
    }:
        # Lokalise answers every project's listing beside the project's id and branch:
        # {"project_id": "…", "branch": "master", "keys": [...]}
        # (https://developers.lokalise.com/reference/list-all-keys).
        root = {k: v for k, v in root.items() if k not in _LOKALISE_ENVELOPE}
    seeds = root.get("seeds")
    if isinstance(seeds, list) and seeds and len(root) > 1 and _pool_sized(seeds[0]):
        # Spotify's recommendations: "seeds", one per seed asked with its pool sizes, describe
        # the answer; "tracks" is it
        # (https://developer.spotify.com/documentation/web-api/reference/get-recommendations).
        root = {k: v for k, v in root.items() if k != "seeds"}
    if root.get("ok") is True and len(root) > 1:
        # Slack's envelope around every method's answer says nothing of its items: its
        # chat.scheduledMessages.list answers {"ok": true, "scheduled_messages": [],
        # "response_metadata": {"next_cursor": ""}} (https://api.slack.com/docs/pagination).
        root = {k: v for k, v in root.items() if k not in _SLACK_ENVELOPE}
    if len(root) > 1 and any(type(k) is str and k.startswith("$") for k in root):
        # A JSON Schema keyword naming the document's own schema says nothing of its items:
        # .NET's release index, {"$schema": "…", "releases-index": [...]}
        # (https://github.com/dotnet/core/blob/main/release-notes/releases-index.json).
        root = {k: v for k, v in root.items() if not (k in _SCHEMA_KEYWORDS and type(v) is str)}
    if len(root) == 1:
        key, value = next(iter(root.items()))
    elif len(root) == 2 and len(links := _navigation(root)) == 1:
        key = next(k for k in root if k not in links)
        value = root[key]
    elif len(root) == 2 and _relative_uri(root.get("uri")):
        # One list beside its own address, relative to the API's host: Twilio's unpaged lists,
        # {"countries": [...], "uri": "/2010-04-01/Accounts/AC…/AvailablePhoneNumbers.json"}
        # (https://www.twilio.com/docs/phone-numbers/api/availablephonenumber-resource).
        key = next(k for k in root if k != "uri")
        value = root[key]
    elif len(root) == 2 and isinstance(root.get(_CAPTION), str):
        # One list beside the answer's own message: Braze answers {"emails": [...], "message":
        # "success"} (https://www.braze.com/docs/api/endpoints/email/get_list_hard_bounced_emails).
        key = next(k for k in root if k != _CAPTION)
        value = root[key]
    elif len(root) == 2 and root.get("success") is True:
        # One list beside the answer's own success flag: Paddle Classic answers every call with
        # {"success": true, "response": ...}, a list's read (a POST) with the list there
        # (https://developer.paddle.com/api-reference/subscription-api/users/listusers).
        key = next(k for k in root if k != "success")
        value = root[key]
    elif (
        len(root) == 2 and isinstance(root.get("status"), str) and root["status"] in _SUCCESS_WORDS
    ):
        # One list beside the answer's own status word: Zoho People v2 answers
        # {"holidays": [...], "status": "success"}
        # (https://www.zoho.com/people/api/v2/leave-tracker/get-holidays.html).
        key = next(k for k in root if k != "status")
        value = root[key]
    elif len(root) == 2 and _LIST_COUNTS.intersection(root):
        # One list and its count, nothing else: PayPal's last page {"payments": [...], "count":
        # 2}, Postmark's {"Bounces": [...], "TotalCount": 13}, Bitbucket's {"values": [],
        # "size": 0} (its commits leave pagelen out: "size", the optional total,
        # https://developer.atlassian.com/cloud/bitbucket/rest/intro/#pagination). A record says
        # more about itself.
        counted = _counted_list(root, _LIST_COUNTS)
        if counted is None or not any(
            type(root[k]) is int for k in _LIST_COUNTS.intersection(root)
        ):
            return None  # two counts ({"count", "total"}) name no list
        key = counted
        value = root[key]
    elif len(root) == 3 and {"pages", "count"} < root.keys() and type(root["pages"]) is int:
        # One list, its count and its page count: Askbot's {"count": 2, "pages": 2,
        # "questions": [...]} (https://askbot.org/doc/api.html).
        key = next(k for k in root if k not in ("pages", "count"))
        value = root[key]
        if type(root["count"]) is not int:
            return None
    elif len(root) == 2 and (PAGING_COMPANIONS.intersection(root)):
        # One list and one paging member, nothing else: Square's {"customers": [...],
        # "cursor": ...}, Airtable's {"bases": [...], "offset": ...}.
        others = [k for k in root if k not in PAGING_COMPANIONS]
        if len(others) != 1:
            return None
        key = others[0]
        value = root[key]
    else:
        return None
    if not isinstance(value, list) or key in _NOT_ITEMS:
        return None
    return Collection(value, root, f"{where}{key}")


_COUNTS = frozenset({*AMBIGUOUS_TOTAL_KEYS, *TOTAL_KEYS})
_SUCCESS_WORDS = frozenset({"success", "Success", "SUCCESS", "ok", "OK"})
_TEAMCITY_HREFS = frozenset({"href", "prevHref", "nextHref"})
_AMBIGUOUS_COUNTS = frozenset(AMBIGUOUS_TOTAL_KEYS)
_WECHAT_ENVELOPE = frozenset({"errcode", "errmsg"})
#: A list's count, when the two are all a body holds (``size`` counts Bitbucket's values).
_LIST_COUNTS = _COUNTS | {"size"}
#: What Slack sends around every method's answer (https://api.slack.com/web#responses).
_SLACK_ENVELOPE = frozenset({"ok", "warning", "response_metadata"})
_LOKALISE_ENVELOPE = frozenset({"project_id", "branch"})
#: An answer's own request or trace id, beside what it answers.
_TRACE_IDS = frozenset({"traceId", "trace_id", "requestId", "request_id"})


def _relative_uri(value: object) -> bool:
    """Whether ``value`` is a path relative to the API's host (``/2010-04-01/…``), as a
    resource's own ``uri`` is; a full URL (a webhook's target) is a record's value."""
    return isinstance(value, str) and value.startswith("/") and not value.startswith("//")


def _navigation(root: Mapping[str, Any]) -> frozenset[str]:
    """``links`` or ``_links`` when it is an array of link objects (``rel`` and ``href``):
    navigation beside a listing, never its items. STAC and OGC API answer ``/collections``
    with ``{"collections": [...], "links": [...]}`` and page it by a ``rel: "next"`` entry
    (https://docs.ogc.org/is/17-069r4/17-069r4.html, section "Collections"); Mailchimp puts
    ``_links``, "a list of link types and descriptions for the API schema documents", beside
    every collection it lists
    (https://mailchimp.com/developer/marketing/docs/methods-parameters/#hypermedia). An object
    with an identity of its own (a STAC catalog's ``id``) keeps its links as one of its
    members."""
    if any(root.get(key) is not None for key in RECORD_IDENTITY_KEYS):
        return _NO_KEYS
    found = _NO_KEYS
    for key, named in _LINK_ARRAYS:
        links = root.get(key)
        # An empty array holds no link, and no item either: stac-server's v0 ``/collections``
        # sent ``"links": []`` beside its collections.
        if isinstance(links, list) and all(_is_link_object(link) for link in links):
            found = found | named
    return found


_NO_KEYS: frozenset[str] = frozenset()
_LINK_ARRAYS = (("links", frozenset({"links"})), ("_links", frozenset({"_links"})))


def _is_link_object(value: object) -> bool:
    return isinstance(value, dict) and isinstance(value.get("rel"), str) and "href" in value


def _wrapped_page(root: Mapping[str, Any], where: str) -> Collection | None:
    # Spotify: {"albums": {"href": ..., "items": [...], "next": ..., "total": 42}}: an object
    # whose only member (beside, at most, scalars) is a page is a wrapper around that page,
    # and the page's own members (its next link, its total) are the paging evidence. Only a
    # page with paging companions: {"user": {"id": 1, "roles": [...]}} stays one record.
    # Spotify's featured and category playlists put a caption beside the page: {"message":
    # "Popular Playlists", "playlists": {...}}
    # (https://developer.spotify.com/documentation/web-api/reference/get-featured-playlists).
    if len(root) == 1:
        key, value = next(iter(root.items()))
    elif len(root) == 2 and isinstance(root.get(_CAPTION), str):
        key = next(k for k in root if k != _CAPTION)
        value = root[key]
    else:
        # Slack's search: {"ok": true, "query": "x", "messages": {"matches": [...], "paging":
        # {...}}}: one page among the call's own scalars, in a body with no identity of its own.
        # (An empty object beside it says nothing: Bybit's {"retCode": 0, "retMsg": "OK",
        # "result": {page}, "retExtInfo": {}, "time": …}, https://bybit-exchange.github.io/docs/v5/intro.)
        members = [k for k, v in root.items() if not _scalar(v) and v != {}]
        if len(members) != 1 or any(root.get(k) is not None for k in RECORD_IDENTITY_KEYS):
            return None
        key = members[0]
        value = root[key]
    if not isinstance(value, dict) or key in DIAGNOSTIC_KEYS:
        return None
    where = f"{where}{key}."
    for _ in range(_MORE_WRAPPERS):
        # FreshBooks wraps every page twice: {"response": {"result": {"invoices": [...],
        # "page": 1, "pages": 4, "per_page": 15, "total": 59}}}
        # (https://www.freshbooks.com/api/parameters): a wrapper of one object, around a page.
        if len(value) != 1:
            break
        key, inner_value = next(iter(value.items()))
        if not isinstance(inner_value, dict) or key in DIAGNOSTIC_KEYS:
            break
        if any(inner_value.get(k) is not None for k in RECORD_IDENTITY_KEYS):
            return None  # {"data": {"user": {"id": 1, …}}}: a record, however it is wrapped
        where, value = f"{where}{key}.", inner_value
    if not (has_paging_companions(value) or _counted_list(value) is not None):
        return None
    inner = _unique_list(value, where) or _page_shaped(value, where)
    return None if inner is None or inner.parent is not value else inner


#: How many more wrappers of one member :func:`_wrapped_page` looks through to find a page.
_MORE_WRAPPERS = 2


_CAPTION = "message"


def _counted_list(box: Mapping[str, Any], names: frozenset[str] = _COUNTS) -> str | None:
    """The key of the one list in a box that holds nothing else but its count (PayPal's
    ``{"payments": [...], "count": 2}``, Slack's ``posts`` section ``{"total": 0, "matches":
    []}``), else ``None``. ``names``: the members that may count it."""
    lists = [k for k, v in box.items() if isinstance(v, list) and k not in names]
    counts = names.intersection(box)
    return lists[0] if len(lists) == 1 and counts and len(box) == 1 + len(counts) else None


def wrapped_pages(body: object) -> list[tuple[str, Collection]]:
    """The pages a wrapper of several pages holds, each with its key.

    Spotify's search for two types answers ``{"albums": {paging object}, "artists": {paging
    object}}``: no one list is the collection, so the body is one record, but each member is a
    page whose own ``next`` says whether more follows. Only a body with no identity of its own
    whose every member is such a page: an album record holding its ``tracks`` page is a record.

    Args:
        body: The decoded JSON value.

    Returns:
        ``(key, page)`` for each member, or ``[]`` when the body is not such a wrapper.
    """
    if not isinstance(body, dict):
        return []
    apple = _results_pages(body)
    if apple:
        return apple
    members = _searched(body)
    if len(members) < 2 or any(key in body for key in RECORD_IDENTITY_KEYS):
        return []
    pages = []
    for key, value in members.items():
        page = _wrapped_page({key: value}, "")
        if page is None or not isinstance(page.parent, dict):
            return []
        pages.append((key, page))
    return pages


def _results_pages(body: Mapping[str, Any]) -> list[tuple[str, Collection]]:
    """Apple Music's catalog search: ``{"results": {"albums": {"href": …, "next": …, "data":
    [...]}, "songs": {…}}, "meta": {…}}``, one page per type asked for (its ``href`` and its
    ``data``), each with its ``next`` while more follow
    (https://developer.apple.com/documentation/applemusicapi/search-for-catalog-resources).
    Its charts answer a list of such pages per type, one per chart (``{"results": {"songs":
    [{"chart": "most-played", "href": …, "next": …, "data": [...]}]}}``,
    https://developer.apple.com/documentation/applemusicapi/get-catalog-charts).
    ``[]`` for any other body."""
    results = body.get("results")
    if not isinstance(results, dict) or not results or not body.keys() <= {"results", "meta"}:
        return []
    pages = []
    for key, value in results.items():
        charts = value if isinstance(value, list) else [value]
        for n, page in enumerate(charts):
            if not isinstance(page, dict):
                return []
            data = page.get("data")
            if not isinstance(data, list) or not isinstance(page.get("href"), str):
                return []
            at = f"{key}.{n}" if charts is value else key
            pages.append((at, Collection(data, page, f"results.{at}.data")))
    return pages


#: Scalar members from which a body is a record of its own, not a wrapper around a list: a page
#: says little about itself beyond its paging state (the largest real envelopes sampled hold
#: 25), a resource says much (Best Buy's product, 165 fields beside its empty bundle
#: ``members``).
_OWN_FIELDS = 30


def _many_own_fields(body: Mapping[str, Any]) -> bool:
    """Whether a body holds so many fields of its own, and no paging state, that its lists are
    a record's (see :data:`_OWN_FIELDS`)."""
    if len(body) <= _OWN_FIELDS:
        return False
    scalars = sum(1 for value in body.values() if not isinstance(value, list | dict))
    return scalars > _OWN_FIELDS and not (
        not PAGE_MARKERS.isdisjoint(body) or has_paging_companions(body)
    )


def _is_record(body: Mapping[str, Any]) -> bool:
    # A body with its own scalar identity is a resource (an order with its line items, a
    # commit with its files), not a listing, unless it also carries the members only a page has.
    idents = [body.get(key) for key in RECORD_IDENTITY_KEYS]
    if not any(i is not None and not isinstance(i, dict | list) for i in idents):
        return False
    return not (PAGE_MARKERS & set(body) or has_paging_companions(body))
