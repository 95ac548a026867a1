"""Evidence → outcome: judge what came back from what it says, not from its shape.

The classifier judges one :class:`~tool_outcomes.evidence.Evidence` (:func:`judge`) and does
no I/O: a front turns what a source gave into evidence first (``tool_outcomes.front`` for an
httpx response or exception, the adapter for what its transport read). The modules are the
pipeline, one question each, in the order :func:`judge` asks them:

1. ``_transport``  — an exception raised while sending or reading (:data:`TRANSPORT_RULES`),
   and ``_libraries`` — one raised by a library a tool is built on (:data:`LIBRARY_RULES`:
   requests, aiohttp, botocore, the AI SDKs, google-api-core, grpc, DB-API drivers, redis);
2. ``_status``     — the final status (:data:`STATUS_RULES`), and a 2xx that carries no content;
3. ``_body``       — a 2xx body: JSON as promised (an object or array labelled HTML too),
   complete, whole; or, in XML, one of the few documents that say what they are (``_xml``:
   an object store's listing, an error document);
4. ``_jobs``       — a job's or an operation's status read before it is done (Zendesk, Google,
   Azure, Yandex Disk, Strava, Box, Uploadcare): not the answer yet; then
   ``_conventions`` — an upstream's own words for failure or truncation (:data:`CONVENTIONS`),
   one module per family: ``_rpc`` (JSON-RPC, GraphQL), ``_search_engines`` (Elasticsearch,
   OpenSearch, Solr, Meilisearch, batches of sub-responses), ``_chat`` (Slack, Telegram,
   Particle), ``_generation`` (a model's answer cut short), ``_rest_errors`` (problem details,
   JSend, Cloudflare and Bittrex's ``success: false``, Google, Reddit, Twitter v2, AI vendors,
   error-only bodies, and the APIs that put their own status in a 200: Zuora, Vonage, Deezer,
   Moodle, OpenWeather, TikTok, VirusTotal, Firebase, Trino, Uploadcare, Etherscan,
   API-Sports, Zoho People, Gigya, Loqate, VK, Alchemer, Kaltura, Postmen, Withings; and the
   batches that answer per item: Azure Communication Services' SMS, DHL's 207, Figma's dev
   resources, InfluxDB's statements, Africa's Talking's SMS; and the World Bank's refusal,
   the one rule that reads a top-level array). A convention that finds the answer inside an
   envelope (a JSON-RPC ``result``) hands it on with where it sat, so a path declared from the
   body as sent still reads it;
5. ``_collection`` and ``_pagination`` — where the items are, whether more remain, and
   whether the source refused some of them one by one (DocuSign's ``errorDetails``, read only
   in a write's answer that holds the word);
6. ``_envelope``   — last, once: a judged contact's data repaired into the result model, and
   its envelope.

A step that finds a failure finishes its envelope at once; one that judges a contact hands on a
:class:`~._decisions.Contact` (the body step hands the decoded ``Document`` on), so shape repair
runs after every judgement, never between two. A JSON array body the result model may take as it
is travels undecoded (an ``ArrayText``: later steps ask it only whether it is empty), and step 6
validates it from its text and counts it: one parse instead of a decode and a validation.

``_pipeline`` holds the entry points (:func:`judge`, :func:`classify_parts`) and the order
itself; ``_exchange`` the exchange every step reads and the envelopes it builds (with
``_graphql_request``, which tells a GraphQL query sent by POST from a write); ``_headers``
the header parsers; ``_json`` the JSON decoders steps 3 and 6 share; ``_verdicts`` and
``_messages`` what conventions share. Adding a convention is one function in its family's module
and one row of :data:`CONVENTIONS`. The rule tables are exported here for reading and
enumerating. ``classify_http`` and ``classify_parts`` are also
importable from ``tool_outcomes`` (``classify_http`` lives in ``tool_outcomes.front``; it is
re-exported here on first use).
"""

from typing import TYPE_CHECKING, Any

from tool_outcomes.evidence import BodyCut

if TYPE_CHECKING:
    from ._libraries import (
        GRPC_CODES,
        LIBRARY_RULES,
        SQLSTATE_RULES,
        LibraryRule,
        library_rules_markdown,
        recognise,
    )

from ._chat import SLACK_ERRORS
from ._conventions import CONVENTIONS, Convention
from ._exchange import ClassifyOptions, Declared, Options
from ._pipeline import INTERNAL_ERROR_DETAIL, classify_parts, internal_error, judge, refuse
from ._rest_errors import AI_VENDOR_ERRORS, GOOGLE_STATUSES, REDDIT_ERRORS
from ._rpc import GRAPHQL_CODES, JSONRPC_CODES
from ._status import STATUS_RULES, StatusRule, status_rule
from ._transport import TRANSPORT_RULES

__all__ = [
    "AI_VENDOR_ERRORS",
    "CONVENTIONS",
    "GOOGLE_STATUSES",
    "GRAPHQL_CODES",
    "GRPC_CODES",
    "INTERNAL_ERROR_DETAIL",
    "JSONRPC_CODES",
    "LIBRARY_RULES",
    "REDDIT_ERRORS",
    "SLACK_ERRORS",
    "SQLSTATE_RULES",
    "STATUS_RULES",
    "TRANSPORT_RULES",
    "BodyCut",
    "ClassifyOptions",
    "Convention",
    "Declared",
    "LibraryRule",
    "Options",
    "StatusRule",
    "classify_http",
    "classify_parts",
    "internal_error",
    "judge",
    "library_rules_markdown",
    "recognise",
    "refuse",
    "status_rule",
]


#: Names of ``_libraries`` (the rules for exceptions of other libraries): loaded on first use,
#: as a tool whose handler raises none never needs them.
_LIBRARY_NAMES = frozenset(
    {
        "GRPC_CODES",
        "LIBRARY_RULES",
        "SQLSTATE_RULES",
        "LibraryRule",
        "library_rules_markdown",
        "recognise",
    }
)


def __getattr__(name: str) -> Any:
    if name == "classify_http":  # the httpx front reads bodies through the transport: not here
        from tool_outcomes.front import classify_http

        return classify_http
    if name in _LIBRARY_NAMES:
        from . import _libraries

        return getattr(_libraries, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
