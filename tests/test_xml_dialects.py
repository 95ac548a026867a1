"""XML where JSON was promised is no answer, but for the few documents that say what they are.

Object stores answer a listing in XML whatever a tool asked for: S3's ``ListBucketResult`` and
Azure Storage's ``EnumerationResults`` say whether they are complete and where they resume. An
S3 or Azure ``<Error>`` document, or Authorize.net's ``resultCode`` ``Error``, in a ``2xx`` is a
failure, and never a write acknowledged. Every other XML document stays ``invalid_body``.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tool_outcomes import Envelope, FailureCode, FailureKind, Outcome, TruncatedBy, classify_parts

T, P = FailureKind.TRANSIENT, FailureKind.PERMANENT
S3 = "https://bucket.s3.amazonaws.com/?list-type=2&max-keys=2"
S3_NS = "http://s3.amazonaws.com/doc/2006-03-01/"


def xml(body: str, *, url: str = S3, method: str = "GET", **options: Any) -> Envelope[Any]:
    headers = httpx.Headers({"content-type": "application/xml"})
    return classify_parts(200, headers, body.encode(), url=url, method=method, **options)


def s3_list(keys: list[str], *, truncated: bool, token: str | None = None) -> str:
    """An S3 ListObjectsV2 answer (https://docs.aws.amazon.com/AmazonS3/latest/API/API_ListObjectsV2.html)."""
    contents = "".join(f"<Contents><Key>{key}</Key><Size>3</Size></Contents>" for key in keys)
    after = f"<NextContinuationToken>{token}</NextContinuationToken>" if token else ""
    return (
        f'<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="{S3_NS}">'
        f"<Name>bucket</Name><KeyCount>{len(keys)}</KeyCount><MaxKeys>2</MaxKeys>"
        f"<IsTruncated>{str(truncated).lower()}</IsTruncated>{contents}{after}</ListBucketResult>"
    )


def test_an_s3_listing_is_complete_cut_or_empty_as_it_says() -> None:
    cut = xml(s3_list(["a", "b"], truncated=True, token="1ueGcxLPRx1Tr"))
    assert cut.outcome is Outcome.PARTIAL
    assert cut.coverage is not None
    assert cut.coverage.truncated_by is TruncatedBy.NEXT_PAGE
    assert (cut.coverage.returned, cut.coverage.next_cursor) == (2, "1ueGcxLPRx1Tr")
    assert isinstance(cut.data, str)
    assert cut.data.startswith("<?xml")
    whole = xml(s3_list(["a", "b"], truncated=False))
    assert whole.outcome is Outcome.SUCCESS
    assert whole.coverage is not None
    assert whole.coverage.returned == 2
    assert xml(s3_list([], truncated=False)).outcome is Outcome.EMPTY
    # ListObjects v1 without a delimiter gives no marker: the listing still goes on
    v1 = xml(s3_list(["a", "b"], truncated=True))
    assert v1.outcome is Outcome.PARTIAL
    assert v1.coverage is not None
    assert v1.coverage.next_cursor is None


def test_azure_storage_listings_go_on_while_they_name_a_next_marker() -> None:
    """https://learn.microsoft.com/en-us/rest/api/storageservices/enumerating-blob-resources"""
    url = "https://acct.blob.core.windows.net/c?restype=container&comp=list&maxresults=2"
    blobs = "<Blob><Name>a</Name></Blob><Blob><Name>b</Name></Blob>"
    marker = "<NextMarker>2!68!x</NextMarker>"
    more = f"<EnumerationResults><Blobs>{blobs}</Blobs>{marker}</EnumerationResults>"
    env = xml("\ufeff" + more, url=url)
    assert env.outcome is Outcome.PARTIAL
    assert env.coverage is not None
    assert (env.coverage.returned, env.coverage.next_cursor) == (2, "2!68!x")
    last = f"<EnumerationResults><Blobs>{blobs}</Blobs><NextMarker /></EnumerationResults>"
    assert xml(last, url=url).outcome is Outcome.SUCCESS
    none = "<EnumerationResults><Blobs /><NextMarker /></EnumerationResults>"
    assert xml(none, url=url).outcome is Outcome.EMPTY
    assert xml("<QueueMessagesList />", url=url).outcome is Outcome.EMPTY


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("InternalError", (FailureCode.SERVER_ERROR, T)),
        ("SlowDown", (FailureCode.RATE_LIMITED, T)),
        ("AccessDenied", (FailureCode.FORBIDDEN, P)),
        ("AuthenticationFailed", (FailureCode.UNAUTHORIZED, P)),
        ("NoSuchKey", (FailureCode.NOT_FOUND, P)),
        ("InvalidArgument", (FailureCode.UPSTREAM_ERROR, P)),
    ],
)
def test_an_object_stores_error_document_in_a_200_is_a_failure(
    code: str, expected: tuple[FailureCode, FailureKind]
) -> None:
    """S3's CopyObject: "a 200 OK response can contain either a success or an error"
    (https://docs.aws.amazon.com/AmazonS3/latest/API/API_CopyObject.html)."""
    body = f"<Error><Code>{code}</Code><Message>We encountered an error.</Message></Error>"
    env = xml(body, url="https://bucket.s3.amazonaws.com/key", method="PUT")
    assert env.outcome is Outcome.ACCESS_FAILURE, env
    assert env.failure is not None
    assert (env.failure.code, env.failure.kind) == expected
    assert f"{code}: We encountered an error." in env.failure.detail


def test_a_declared_lookup_reads_no_such_key_as_its_none() -> None:
    body = (
        "<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>"
    )
    env = xml(body, url="https://bucket.s3.amazonaws.com/key", not_found="empty")
    assert env.outcome is Outcome.EMPTY


def test_authorize_nets_xml_error_is_a_refusal_not_a_write_acknowledged() -> None:
    """Authorize.net's XML API answers as its JSON API does
    (https://developer.authorize.net/api/reference/responseCodes.html)."""
    body = (
        '<?xml version="1.0" encoding="utf-8"?><createTransactionResponse '
        'xmlns="AnetApi/xml/v1/schema/AnetApiSchema.xsd"><messages><resultCode>Error</resultCode>'
        "<message><code>E00007</code><text>User authentication failed.</text></message>"
        "</messages></createTransactionResponse>"
    )
    url = "https://apitest.authorize.net/xml/v1/request.api"
    env = xml(body, url=url, method="POST")
    assert env.outcome is Outcome.ACCESS_FAILURE
    assert env.failure is not None
    assert (env.failure.code, env.failure.kind) == (FailureCode.UNAUTHORIZED, P)
    ok = body.replace("<resultCode>Error</resultCode>", "<resultCode>Ok</resultCode>")
    assert xml(ok, url=url, method="POST").outcome is Outcome.SUCCESS  # acknowledged


@pytest.mark.parametrize(
    "body",
    [
        '<?xml version="1.0"?><fault><faultstring>Quota exceeded</faultstring></fault>',
        "<rss><channel><title>Newest packages</title></channel></rss>",
        "<ListBucketResult><IsTruncated>true",  # not well-formed
        # entity expansion is never parsed: a DOCTYPE keeps the document unread
        '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]>'
        "<ListBucketResult><IsTruncated>&lol2;</IsTruncated></ListBucketResult>",
        "<Error><Message>no code</Message></Error>",
    ],
)
def test_any_other_xml_where_json_was_promised_is_an_invalid_body(body: str) -> None:
    env = xml(body)
    assert env.outcome is Outcome.ACCESS_FAILURE
    assert env.failure is not None
    assert env.failure.code is FailureCode.INVALID_BODY


def test_an_html_page_is_never_read_as_a_listing() -> None:
    page = "<ListBucketResult><IsTruncated>false</IsTruncated></ListBucketResult>"
    headers = httpx.Headers({"content-type": "text/html"})
    env = classify_parts(200, headers, page.encode(), url=S3)
    assert env.failure is not None
    assert env.failure.code is FailureCode.INVALID_BODY


def test_a_deeply_nested_document_is_read_without_recursion() -> None:
    deep = "<ListBucketResult>" + "<a>" * 50_000 + "</a>" * 50_000 + "</ListBucketResult>"
    assert xml(deep).outcome is Outcome.EMPTY


def schedule_response(*statuses: str) -> str:
    """CalDAV scheduling's answer, one request-status per recipient (RFC 6638 §10.2)."""
    responses = "".join(
        f"<response><recipient><href xmlns='DAV:'>mailto:u{n}@example.test</href></recipient>"
        f"<request-status>{status}</request-status></response>"
        for n, status in enumerate(statuses)
    )
    return (
        f"<schedule-response xmlns='urn:ietf:params:xml:ns:caldav'>{responses}</schedule-response>"
    )


def test_a_caldav_schedule_response_with_refused_recipients_is_a_partial() -> None:
    url = "https://cal.example.test/dav/calendars/__uids__/15/outbox/"
    some = xml(
        schedule_response("3.7;Invalid Calendar User", "2.0;Success"), url=url, method="POST"
    )
    assert some.outcome is Outcome.PARTIAL
    assert some.coverage is not None
    assert some.coverage.dropped == ("mailto:u0@example.test: 3.7;Invalid Calendar User",)
    every = xml(schedule_response("5.1;Service unavailable"), url=url, method="POST")
    assert every.outcome is Outcome.ACCESS_FAILURE
    done = xml(schedule_response("2.0;Success", "2.0;Success"), url=url, method="POST")
    assert done.outcome is Outcome.SUCCESS  # the write acknowledged


R53_NS = "https://route53.amazonaws.com/doc/2013-04-01/"


def route53_record_sets(names: list[str], *, truncated: bool, next_name: str = "") -> str:
    """Route 53's ListResourceRecordSets answer
    (https://docs.aws.amazon.com/Route53/latest/APIReference/API_ListResourceRecordSets.html)."""
    sets = "".join(
        f"<ResourceRecordSet><Name>{name}</Name><Type>TXT</Type><TTL>60</TTL></ResourceRecordSet>"
        for name in names
    )
    after = f"<NextRecordName>{next_name}</NextRecordName><NextRecordType>TXT</NextRecordType>"
    return (
        f'<?xml version="1.0"?><ListResourceRecordSetsResponse xmlns="{R53_NS}">'
        f"<ResourceRecordSets>{sets}</ResourceRecordSets>"
        f"<IsTruncated>{str(truncated).lower()}</IsTruncated>"
        f"{after if next_name else ''}<MaxItems>2</MaxItems></ListResourceRecordSetsResponse>"
    )


def test_route53_listings_go_on_while_they_say_truncated() -> None:
    url = "https://route53.amazonaws.com/2013-04-01/hostedzone/Z1/rrset?maxitems=2"
    cut = xml(route53_record_sets(["a.example.", "b.example."], truncated=True,
                                  next_name="c.example."), url=url)  # fmt: skip
    assert cut.outcome is Outcome.PARTIAL
    assert cut.coverage is not None
    assert (cut.coverage.returned, cut.coverage.next_cursor) == (2, "c.example.")
    whole = xml(route53_record_sets(["a.example."], truncated=False), url=url)
    assert whole.outcome is Outcome.SUCCESS
    assert xml(route53_record_sets([], truncated=False), url=url).outcome is Outcome.EMPTY
    zones = (
        f'<?xml version="1.0"?><ListHostedZonesByNameResponse xmlns="{R53_NS}"><HostedZones>'
        "<HostedZone><Id>/hostedzone/Z1</Id><Name>example.</Name></HostedZone></HostedZones>"
        "<IsTruncated>false</IsTruncated><MaxItems>100</MaxItems></ListHostedZonesByNameResponse>"
    )
    by_name = xml(zones, url="https://route53.amazonaws.com/2013-04-01/hostedzonesbyname")
    assert by_name.outcome is Outcome.SUCCESS
    assert by_name.coverage is not None
    assert by_name.coverage.returned == 1
