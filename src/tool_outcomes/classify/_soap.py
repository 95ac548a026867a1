"""SOAP envelopes: a fault, and NetSuite's statuses of what a call did.

A SOAP call answers with an ``Envelope`` whose ``Body`` holds the answer or a ``Fault``. SOAP
1.1 sends a fault with HTTP 500 whatever its cause (§6.2), so the status says nothing of
whether a retry can help; the fault's code does: ``Client`` (1.2: ``Sender``) is the message's
own error, not to be sent again unchanged, ``Server`` (``Receiver``) a failure of the
processing that "may succeed at a later point in time" (SOAP 1.1 §4.4.1,
https://www.w3.org/TR/2000/NOTE-SOAP-20000508/#_Toc478383510; SOAP 1.2 §5.4.6,
https://www.w3.org/TR/soap12-part1/#faultcodes). Where a service names its faults, its names
decide: NetSuite's ``detail`` elements (``invalidCredentialsFault``,
``exceededRequestLimitFault``: https://docs.oracle.com/en/cloud/saas/netsuite/ns-online-help/section_N3539420.html)
and the EU's VIES VAT service's ``faultstring`` words (``MS_UNAVAILABLE``, ``INVALID_INPUT``:
https://ec.europa.eu/taxation_customs/vies/checkVatService.wsdl).

NetSuite's SuiteTalk answers each record of a call with a ``status isSuccess="true|false"``
and, when false, a ``statusDetail`` with its ``code`` and ``message``: "a fault prevents any
operation within a request from being processed whereas an error prevents only a single
operation from succeeding on an individual record"
(https://docs.oracle.com/en/cloud/saas/netsuite/ns-online-help/section_N3536574.html).

Only a document of at most :data:`MAX_XML_BYTES` with no ``DOCTYPE`` is parsed (no SOAP service
sends one; a DTD is where entity expansion lives).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tool_outcomes.envelope import FailureCode, FailureKind

if TYPE_CHECKING:  # the parser itself is imported only when an XML document comes
    from xml.etree.ElementTree import Element

__all__ = [
    "MAX_XML_BYTES",
    "SoapStatuses",
    "parse_xml",
    "soap_fault",
    "soap_fault_in",
    "statuses",
    "xml_start",
]

#: The largest XML document read for its dialect (larger ones are not parsed).
MAX_XML_BYTES = 8 * 1024 * 1024

_T, _P = FailureKind.TRANSIENT, FailureKind.PERMANENT
Failure = tuple[FailureCode, FailureKind, str]

#: NetSuite's fault elements (in a fault's ``detail``) and its status codes, by what they mean.
_NETSUITE: dict[str, tuple[FailureCode, FailureKind]] = {
    "invalidCredentialsFault": (FailureCode.UNAUTHORIZED, _P),
    "invalidSessionFault": (FailureCode.UNAUTHORIZED, _P),
    "insufficientPermissionFault": (FailureCode.FORBIDDEN, _P),
    "exceededRequestLimitFault": (FailureCode.RATE_LIMITED, _T),
    "exceededConcurrentRequestLimitFault": (FailureCode.RATE_LIMITED, _T),
    "exceededUsageLimitFault": (FailureCode.RATE_LIMITED, _P),
    "exceededRecordCountFault": (FailureCode.BAD_REQUEST, _P),
    "exceededRequestSizeFault": (FailureCode.TOO_LARGE, _P),
    "invalidAccountFault": (FailureCode.BAD_REQUEST, _P),
    "invalidVersionFault": (FailureCode.BAD_REQUEST, _P),
    "unexpectedErrorFault": (FailureCode.SERVER_ERROR, _T),
    "INVALID_LOGIN_CREDENTIALS": (FailureCode.UNAUTHORIZED, _P),
    "INVALID_LOGIN": (FailureCode.UNAUTHORIZED, _P),
    "INSUFFICIENT_PERMISSION": (FailureCode.FORBIDDEN, _P),
    "RCRD_DSNT_EXIST": (FailureCode.NOT_FOUND, _P),
    "WS_CONCUR_SESSION_DISALLWD": (FailureCode.RATE_LIMITED, _T),
    "WS_EXCEEDED_CONCUR_USERS_ALLOWD": (FailureCode.RATE_LIMITED, _T),
    "UNEXPECTED_ERROR": (FailureCode.SERVER_ERROR, _T),
}
#: VIES's fault words: its member states' services down or busy are worth another try later;
#: the input refused is not.
_VIES: dict[str, tuple[FailureCode, FailureKind]] = {
    **dict.fromkeys(
        ("SERVICE_UNAVAILABLE", "MS_UNAVAILABLE", "TIMEOUT", "SERVER_BUSY"),
        (FailureCode.SERVER_ERROR, _T),
    ),
    **dict.fromkeys(
        ("GLOBAL_MAX_CONCURRENT_REQ", "GLOBAL_MAX_CONCURRENT_REQ_TIME", "MS_MAX_CONCURRENT_REQ",
         "MS_MAX_CONCURRENT_REQ_TIME"),
        (FailureCode.RATE_LIMITED, _T),
    ),
    **dict.fromkeys(
        ("INVALID_INPUT", "INVALID_REQUESTER_INFO", "VAT_BLOCKED", "IP_BLOCKED"),
        (FailureCode.BAD_REQUEST, _P),
    ),
}  # fmt: skip
#: A fault code's class (its local name, before any ``.`` subcode), SOAP 1.1 and 1.2 alike.
_FAULT_CLASSES: dict[str, tuple[FailureCode, FailureKind]] = {
    "Client": (FailureCode.BAD_REQUEST, _P),
    "Sender": (FailureCode.BAD_REQUEST, _P),
    "Server": (FailureCode.SERVER_ERROR, _T),
    "Receiver": (FailureCode.SERVER_ERROR, _T),
    "VersionMismatch": (FailureCode.PROTOCOL, _P),
    "MustUnderstand": (FailureCode.PROTOCOL, _P),
    "DataEncodingUnknown": (FailureCode.PROTOCOL, _P),
}


def parse_xml(body: bytes) -> Element | None:
    """The document's root with its namespaces stripped from every tag, or ``None`` when it is
    not parsed: too large, a ``DOCTYPE`` or entity, not well-formed."""
    if len(body) > MAX_XML_BYTES or b"<!DOCTYPE" in body or b"<!ENTITY" in body:
        return None
    import xml.etree.ElementTree as ElementTree  # only when an XML document comes

    try:
        root = ElementTree.fromstring(body.removeprefix(b"\xef\xbb\xbf"))
    except (ElementTree.ParseError, ValueError):
        return None
    for element in root.iter():
        if isinstance(element.tag, str) and element.tag.startswith("{"):
            element.tag = element.tag.rpartition("}")[2]
    return root


def xml_start(body: bytes) -> bytes:
    """The first bytes of ``body`` past a byte-order mark and blanks (enough to see whether it
    opens markup, or declares itself XML), without copying the rest."""
    return body[:64].lstrip(b"\xef\xbb\xbf \t\r\n")


def soap_fault_in(body: bytes) -> Failure | None:
    """The failure a SOAP fault names, when ``body`` is an envelope holding one (any status)."""
    if not xml_start(body).startswith(b"<") or b"Fault" not in body:
        return None
    root = parse_xml(body)
    return soap_fault(root) if root is not None else None


def soap_fault(root: Element) -> Failure | None:
    """The failure an envelope's ``Body/Fault`` names, or ``None`` when it holds none."""
    if root.tag != "Envelope":
        return None
    fault = root.find("Body/Fault")
    if fault is None:
        return None
    code = (fault.findtext("faultcode") or fault.findtext("Code/Value") or "").strip()
    words = (fault.findtext("faultstring") or fault.findtext("Reason/Text") or "").strip()
    said = f"SOAP fault {code or 'without a code'}" + (f": {words[:200]}" if words else "")
    detail = fault.find("detail")
    if detail is None:
        detail = fault.find("Detail")
    named = [child.tag for child in detail] if detail is not None else []
    found = next((_NETSUITE[n] for n in named if n in _NETSUITE), None) or _VIES.get(words)
    if found is None:
        local = code.rpartition(":")[2].partition(".")[0]
        found = _FAULT_CLASSES.get(local, (FailureCode.UPSTREAM_ERROR, _P))
    return (*found, said)


class SoapStatuses:
    """NetSuite's statuses of each record a call answered for: how many, and the refused."""

    __slots__ = ("refused", "total")

    def __init__(self, total: int, refused: list[tuple[str, str]]) -> None:
        self.total = total
        self.refused = refused
        """Each refused record's ``(code, words)``."""

    def failure(self) -> tuple[FailureCode, FailureKind]:
        """What every record refused means: the first one's code."""
        return _NETSUITE.get(self.refused[0][0], (FailureCode.UPSTREAM_ERROR, _P))


def statuses(root: Element) -> SoapStatuses | None:
    """NetSuite's ``status isSuccess`` of each record in an envelope's ``Body``, or ``None``
    when it holds none or none is refused."""
    if root.tag != "Envelope":
        return None
    body = root.find("Body")
    if body is None:
        return None
    found = [s for s in body.iter("status") if "isSuccess" in s.attrib]
    refused = []
    for status in found:
        if status.attrib["isSuccess"].strip().lower() != "false":
            continue
        code = (status.findtext("statusDetail/code") or "").strip()
        words = (status.findtext("statusDetail/message") or "").strip()
        refused.append((code or "no code", words[:200]))
    return SoapStatuses(len(found), refused) if refused else None
