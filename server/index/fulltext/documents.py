"""Searchable documents from a job's WARC files: one per capture (a ``response`` or ``resource``
record, or a ``revisit``), with the text extract.py finds in its payload.

A revisit holds no payload: its text is its original's. ``read_warc`` gives it with
``revisit_of`` (the original's record, ``file:offset``, when the job's crawl.log named it) and
an empty text; the job's indexer fills the text in from the original's document
(builder.py), so that a revisit is found by its original's words, as a capture of its own time.
"""
from __future__ import annotations

import dataclasses
import logging
import re
from collections.abc import Callable, Iterator
from urllib.parse import urlsplit

from server.index.fulltext.extract import MAX_INPUT, MAX_TEXT, SECONDS, extract, is_textual, media_type
from server.index.fulltext.media import MEDIA_INPUT, extract_media, is_media
from shared.domain_names import registered_domain

log = logging.getLogger(__name__)

#: ``<job>-<harvest>-<timestamp>-<serial>-<host>.warc.gz``: the harvest of a content WARC
_NAME = re.compile(r"^(?P<job>\d+)-(?P<harvest>\d+)-")
CAPTURE_TYPES = ("response", "resource", "revisit")


@dataclasses.dataclass
class TextDocument:
    """One capture as the full-text index holds it."""

    url: str
    timestamp: str                  # 14 digits, UTC
    mime: str = ""
    status: int = 0
    job: int = 0
    harvest: int = 0
    title: str = ""
    text: str = ""
    description: str = ""
    anchors: str = ""
    language: str = ""
    digest: str = ""                # the payload digest, as the WARC gives it
    record: str = ""                # where the record is: ``file:offset``
    revisit_of: str = ""            # a revisit's original record (``file:offset``) when known
    truncated: bool = False

    @property
    def host(self) -> str:
        return host_of(self.url)

    @property
    def domain(self) -> str:
        host = self.host
        return registered_domain(host) or host

    @property
    def year(self) -> int:
        return int(self.timestamp[:4]) if self.timestamp[:4].isdigit() else 0

    @property
    def is_revisit(self) -> bool:
        return bool(self.revisit_of) or self.mime == "warc/revisit"


def host_of(url: str) -> str:
    try:
        return (urlsplit(url).hostname or "").lower().rstrip(".")
    except ValueError:
        return ""


def harvest_of(filename: str) -> int:
    m = _NAME.match(filename)
    return int(m["harvest"]) if m else 0


def timestamp14(warc_date: str) -> str:
    """``20240102030405`` of a WARC-Date (``2024-01-02T03:04:05.123Z``)."""
    digits = re.sub(r"\D", "", warc_date or "")
    return (digits + "00000000000000")[:14] if digits else ""


def read_warc(path: str, filename: str, job: int, *, originals: Callable[[str, int], str] | None = None,
              max_text: int = MAX_TEXT, seconds: float = SECONDS) -> Iterator[TextDocument]:
    """The capture documents of one WARC file (``filename`` its name in the archive). For a
    revisit, ``originals(filename, offset)`` names its original record (``file:offset``), from
    the job's crawl.log; without it, or when it does not know, the revisit keeps its own
    ``WARC-Refers-To-Target-URI`` and digest and an empty text."""
    from warcio.archiveiterator import ArchiveIterator

    harvest = harvest_of(filename)
    with open(path, "rb") as fh:
        records = ArchiveIterator(fh)
        for rec in records:
            kind = rec.rec_type
            if kind not in CAPTURE_TYPES:
                continue
            url = rec.rec_headers.get_header("WARC-Target-URI") or ""
            if not url or url.startswith(("dns:", "whois:")):
                continue
            doc = TextDocument(url=url, timestamp=timestamp14(rec.rec_headers.get_header("WARC-Date") or ""),
                               job=job, harvest=harvest,
                               digest=rec.rec_headers.get_header("WARC-Payload-Digest") or "")
            headers = rec.http_headers
            if headers is not None:
                try:
                    doc.status = int(headers.get_statuscode() or 0)
                except ValueError:
                    doc.status = 0
                content_type = headers.get_header("Content-Type") or ""
            else:
                content_type = rec.rec_headers.get_header("Content-Type") or ""
                doc.status = 200 if kind == "resource" else 0
            doc.mime = media_type(content_type) or "unknown"
            if kind == "revisit":
                offset = records.get_record_offset()
                doc.record = f"{filename}:{offset}"
                doc.revisit_of = (originals(filename, offset) if originals else "") or ""
                if not doc.status:
                    doc.status = 200
                yield doc
                continue
            textual = is_textual(doc.mime) or (not doc.mime or doc.mime == "unknown")
            if textual or is_media(doc.mime):
                try:
                    payload = _read(rec.content_stream(), MAX_INPUT if textual else MEDIA_INPUT)
                except Exception as exc:  # noqa: BLE001 - a broken encoding: the capture without text
                    log.debug("%s: the payload of %s could not be read: %s", filename, url, exc)
                    payload = b""
                found = (extract(payload, content_type, max_text=max_text, seconds=seconds) if textual
                         else extract_media(payload, doc.mime, max_text))
                doc.title, doc.text, doc.description = found.title, found.text, found.description
                doc.anchors, doc.language, doc.truncated = found.anchors, found.language, found.truncated
            # only now: warcio finds a record's offset by reading it to its end
            doc.record = f"{filename}:{records.get_record_offset()}"
            yield doc


def _read(stream, limit: int) -> bytes:
    """At most ``limit`` bytes, in chunks (warcio's reader answers a read of many megabytes at
    once with nothing)."""
    parts, size = [], 0
    while size < limit:
        chunk = stream.read(min(65536, limit - size))
        if not chunk:
            break
        parts.append(chunk)
        size += len(chunk)
    return b"".join(parts)


def with_original(revisit: TextDocument, original: TextDocument) -> TextDocument:
    """The revisit, found by its original's words (its own URL, time, job and record stay)."""
    return dataclasses.replace(revisit, title=original.title, text=original.text, description=original.description,
                               anchors=original.anchors, language=original.language,
                               mime=original.mime if revisit.mime in ("", "unknown", "warc/revisit") else revisit.mime,
                               truncated=original.truncated)
