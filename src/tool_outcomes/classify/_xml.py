"""XML dialects read in a body that is not the JSON a tool asked for.

XML where JSON was promised is no answer (``invalid_body``), with a few exceptions whose
documents say, in their own well-known shape, what happened:

- an object store's listing: Amazon S3's ``ListBucketResult`` (and the S3-compatible stores
  that copy it), ``ListAllMyBucketsResult``, ``ListMultipartUploadsResult``,
  ``ListVersionsResult`` and ``ListPartsResult``, each with ``IsTruncated`` and the marker to
  resume from (https://docs.aws.amazon.com/AmazonS3/latest/API/API_ListObjectsV2.html); Azure
  Storage's ``EnumerationResults`` with its ``NextMarker`` ("the listing continues",
  https://learn.microsoft.com/en-us/rest/api/storageservices/enumerating-blob-resources) and a
  queue's ``QueueMessagesList``; Amazon Route 53's hosted zones, record sets and health
  checks, with ``IsTruncated`` and where the next page starts
  (https://docs.aws.amazon.com/Route53/latest/APIReference/API_ListResourceRecordSets.html).
  Each is a listing: complete, cut (``partial``), or ``empty``;
  its data is the document's text;
- an error document in a ``2xx``: S3's ``<Error><Code>…</Code><Message>…</Message></Error>``
  ("a 200 OK response can contain either a success or an error", CopyObject,
  https://docs.aws.amazon.com/AmazonS3/latest/API/API_CopyObject.html), the same element from
  Azure Storage, and Authorize.net's XML API's ``messages/resultCode`` ``Error``, read as its
  JSON API is (:func:`~._rest_errors.authorize_net`);
- CalDAV scheduling's ``schedule-response``, one ``request-status`` per recipient: some
  refused is a partial answer, every one a failure.

Only a document of at most :data:`MAX_XML_BYTES`, with no ``DOCTYPE`` (none of these sends one,
and a DTD is where entity expansion lives), is parsed; anything else stays ``invalid_body``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tool_outcomes._numbers import parse_count
from tool_outcomes.envelope import FailureCode, FailureKind

from ._rest_errors import authorize_net
from ._soap import MAX_XML_BYTES, parse_xml, soap_fault, statuses
from ._verdicts import FailureVerdict

if TYPE_CHECKING:  # the parser itself is imported only when an XML document comes
    from xml.etree.ElementTree import Element

__all__ = ["MAX_XML_BYTES", "XmlListing", "read_xml"]

_T, _P = FailureKind.TRANSIENT, FailureKind.PERMANENT


@dataclass(frozen=True)
class XmlListing:
    """An object store's listing: how many entries it holds, and whether (and where) it goes on."""

    dialect: str
    returned: int
    truncated: bool
    next_cursor: str | None
    dropped: tuple[str, ...] = ()
    """Entries the source answered for but did not do (a scheduling request's refused
    recipients): a ``partial`` naming each."""


#: S3's listings: the repeated elements that are its entries.
_S3_LISTINGS: dict[str, tuple[str, ...]] = {
    "ListBucketResult": ("Contents", "CommonPrefixes"),
    "ListAllMyBucketsResult": ("Buckets/Bucket",),
    "ListMultipartUploadsResult": ("Upload", "CommonPrefixes"),
    "ListVersionsResult": ("Version", "DeleteMarker", "CommonPrefixes"),
    "ListPartsResult": ("Part",),
}
#: Where S3 says a truncated listing resumes, in the order its documents name them.
_S3_MARKERS = (
    "NextContinuationToken", "NextMarker", "NextKeyMarker", "NextUploadIdMarker",
    "NextVersionIdMarker", "NextPartNumberMarker", "ContinuationToken",
)  # fmt: skip
#: Route 53's listings, and where a truncated one resumes (its record sets by the next
#: record's name, its zones by name by the next DNS name, the rest by a marker).
_ROUTE53_LISTINGS: dict[str, tuple[str, ...]] = {
    "ListHostedZonesResponse": ("HostedZones/HostedZone",),
    "ListHostedZonesByNameResponse": ("HostedZones/HostedZone",),
    "ListResourceRecordSetsResponse": ("ResourceRecordSets/ResourceRecordSet",),
    "ListHealthChecksResponse": ("HealthChecks/HealthCheck",),
}
_ROUTE53_MARKERS = ("NextRecordName", "NextDNSName", "NextMarker")
#: Azure Storage's listings: the element holding the entries, per resource.
_AZURE_BOXES = frozenset(
    {"Blobs", "Containers", "Queues", "Shares", "Entries", "HandleList", "Tables", "FileSystems"}
)

#: S3's and Azure Storage's error codes that name what failed (the others are the request's).
_STORE_ERRORS: dict[str, tuple[FailureCode, FailureKind]] = {
    "InternalError": (FailureCode.SERVER_ERROR, _T),
    "ServiceUnavailable": (FailureCode.SERVER_ERROR, _T),
    "ServerBusy": (FailureCode.SERVER_ERROR, _T),
    "OperationTimedOut": (FailureCode.SERVER_ERROR, _T),
    "SlowDown": (FailureCode.RATE_LIMITED, _T),
    "AccessDenied": (FailureCode.FORBIDDEN, _P),
    "AuthorizationFailure": (FailureCode.FORBIDDEN, _P),
    "InvalidAccessKeyId": (FailureCode.UNAUTHORIZED, _P),
    "SignatureDoesNotMatch": (FailureCode.UNAUTHORIZED, _P),
    "ExpiredToken": (FailureCode.UNAUTHORIZED, _P),
    "AuthenticationFailed": (FailureCode.UNAUTHORIZED, _P),
    "InvalidAuthenticationInfo": (FailureCode.UNAUTHORIZED, _P),
    "NoSuchKey": (FailureCode.NOT_FOUND, _P),
    "NoSuchBucket": (FailureCode.NOT_FOUND, _P),
    "NoSuchUpload": (FailureCode.NOT_FOUND, _P),
    "BlobNotFound": (FailureCode.NOT_FOUND, _P),
    "ContainerNotFound": (FailureCode.NOT_FOUND, _P),
    "QueueNotFound": (FailureCode.NOT_FOUND, _P),
    "ResourceNotFound": (FailureCode.NOT_FOUND, _P),
}


def read_xml(body: bytes) -> XmlListing | FailureVerdict | None:
    """The listing or the failure an XML document says it is, or ``None`` for any other.

    Args:
        body: The body as read (a byte-order mark is allowed).

    Returns:
        An :class:`XmlListing`, a :class:`~._verdicts.FailureVerdict`, or ``None`` when the
        document is none of the dialects above (or is not parsed: too large, a ``DOCTYPE``,
        not well-formed).
    """
    root = parse_xml(body)
    if root is None:
        return None
    if root.tag == "Envelope":
        return _soap(root)
    if root.tag == "feed":
        return _atom_feed(root)
    if root.tag in _S3_LISTINGS:
        return _truncated_listing(root, "s3", _S3_LISTINGS[root.tag], _S3_MARKERS)
    if root.tag in _ROUTE53_LISTINGS:
        return _truncated_listing(root, "route53", _ROUTE53_LISTINGS[root.tag], _ROUTE53_MARKERS)
    if root.tag == "EnumerationResults":
        return _azure_listing(root)
    if root.tag == "QueueMessagesList":
        messages = root.findall("QueueMessage")
        return XmlListing("azure", len(messages), truncated=False, next_cursor=None)
    if root.tag == "Error":
        return _store_error(root)
    if root.tag == "schedule-response":
        return _schedule_response(root)
    result_code = root.findtext("messages/resultCode")
    if result_code is not None:
        return _authorize_net(root, result_code)
    return None


def _atom_feed(root: Element) -> XmlListing | FailureVerdict | None:
    """An Atom feed's entries (RFC 4287), paged by a ``link rel="next"`` (RFC 5005 §3,
    https://www.rfc-editor.org/rfc/rfc5005) or by OpenSearch's ``totalResults`` and
    ``startIndex`` beside them (https://github.com/dewitt/opensearch/blob/master/opensearch-1-1-draft-6.md#opensearch-response-elements).
    arXiv's API answers an error with a feed of one entry titled ``Error``, its ``id`` under
    ``/api/errors`` and its ``summary`` the message
    (https://info.arxiv.org/help/api/user-manual.html#_errors)."""
    entries = root.findall("entry")
    if len(entries) == 1 and (entries[0].findtext("title") or "").strip() == "Error":
        said = (entries[0].findtext("summary") or "").strip()
        if "/api/errors" in (entries[0].findtext("id") or ""):
            return FailureVerdict(FailureCode.BAD_REQUEST, _P, said or "Error", "arxiv")
    for link in root.findall("link"):
        if link.get("rel") == "next" and (href := (link.get("href") or "").strip()):
            return XmlListing("atom", len(entries), True, href)
    total = parse_count(root.findtext("totalResults"))
    start = parse_count(root.findtext("startIndex"))
    if start is not None and start > 0 and "arxiv.org/api" not in (root.findtext("id") or ""):
        start -= 1  # OpenSearch counts from 1; arXiv's start, from 0 (its user manual)
    if total is not None and start is not None and start + len(entries) < total and entries:
        return XmlListing("atom", len(entries), True, str(start + len(entries)))
    if total is None and not entries:
        return None  # a feed with nothing in it and no count: not read as a listing
    return XmlListing("atom", len(entries), False, None)


def _soap(root: Element) -> XmlListing | FailureVerdict | None:
    """A SOAP envelope's fault (:mod:`._soap`), or NetSuite's records some or all refused."""
    fault = soap_fault(root)
    if fault is not None:
        return FailureVerdict(*fault, "soap")
    found = statuses(root)
    if found is None:
        return None
    dropped = tuple(f"{code}: {words}" if words else code for code, words in found.refused)
    if len(dropped) == found.total:
        return FailureVerdict(*found.failure(), "; ".join(dropped[:3]), "netsuite")
    return XmlListing("netsuite", found.total, False, None, dropped)


def _truncated_listing(
    root: Element, dialect: str, paths: tuple[str, ...], markers: tuple[str, ...]
) -> XmlListing:
    """An AWS listing: its entries, ``IsTruncated``, and the first marker it names."""
    entries = sum(len(root.findall(path)) for path in paths)
    truncated = (root.findtext("IsTruncated") or "").strip().lower() == "true"
    marker = None
    if truncated:
        found = (root.findtext(name) for name in markers)
        marker = next((text.strip() for text in found if text and text.strip()), None)
    return XmlListing(dialect, entries, truncated, marker)


def _azure_listing(root: Element) -> XmlListing:
    entries = sum(len(child) for child in root if child.tag in _AZURE_BOXES)
    marker = (root.findtext("NextMarker") or "").strip() or None
    return XmlListing("azure", entries, marker is not None, marker)


def _store_error(root: Element) -> FailureVerdict | None:
    code = (root.findtext("Code") or "").strip()
    if not code:
        return None
    message = (root.findtext("Message") or "").strip().splitlines()
    said = f"{code}: {message[0]}" if message else code
    failure, kind = _STORE_ERRORS.get(code, (FailureCode.UPSTREAM_ERROR, _P))
    return FailureVerdict(failure, kind, said, "xml error")


def _schedule_response(root: Element) -> XmlListing | FailureVerdict | None:
    """CalDAV scheduling's answer, one ``response`` per recipient with its ``request-status``:
    ``2.x`` done, any other refused (RFC 6638 §10.2, https://www.rfc-editor.org/rfc/rfc6638;
    the statuses are iCalendar's, RFC 5545 §3.8.8.3)."""
    responses = root.findall("response")
    refused = []
    for n, response in enumerate(responses):
        status = (response.findtext("request-status") or "").strip()
        if not status.startswith("2."):
            who = (response.findtext("recipient/href") or f"response {n}").strip()
            refused.append(f"{who}: {status or 'no request-status'}")
    if not responses or not refused:
        return None
    if len(refused) == len(responses):
        return FailureVerdict(FailureCode.UPSTREAM_ERROR, _P, "; ".join(refused[:3]), "caldav")
    return XmlListing("caldav", len(responses), False, None, tuple(refused))


def _authorize_net(root: Element, result_code: str) -> FailureVerdict | None:
    first = root.find("messages/message")
    message = {} if first is None else {k: first.findtext(k) for k in ("code", "text")}
    body = {"messages": {"resultCode": result_code.strip(), "message": [message]}}
    verdict = authorize_net(body, "application/xml")
    return verdict if isinstance(verdict, FailureVerdict) else None
