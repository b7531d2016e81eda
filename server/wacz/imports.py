"""The plan of an import: the archive names of a new job's files, and the job's metadata WARC.

Files from elsewhere become a job of their own (registered with the scheduler, which gives the id),
named as a harvest's files are (``<job>-<harvest>-<timestamp>-<serial>-import.warc.gz``: a name
from elsewhere may clash with one in the archive or say nothing of the job), so that everything
that finds a job's files by name — the index server, ``nas export``, the bit-preservation tools —
finds these too. The job's metadata WARC (``<job>-metadata-1.warc.gz``) holds what the index server
reads of every job: the CDX of each WARC, made by our CDX writer; and what an import adds: where
each file came from (``import.json``: original name, SHA-256, size, the WACZ it was in), the seeds
and the WACZ's page list when it had one.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import io
import json
import os
import uuid
from collections.abc import Callable

BASE = "metadata://netarkivet.dk/crawl"


@dataclasses.dataclass(frozen=True)
class ImportedFile:
    path: str           # the checked local copy
    original: str       # its name where it came from
    archive_name: str   # its name in the archive
    sha256: str
    size: int


def archive_name(job_id: int, harvest_id: int, when: dt.datetime, serial: int, suffix: str) -> str:
    return f"{job_id}-{harvest_id}-{when.astimezone(dt.UTC):%Y%m%d%H%M%S}-{serial:05d}-import{suffix}"


def metadata_name(job_id: int) -> str:
    return f"{job_id}-metadata-1.warc.gz"


def sha256_file(path: str) -> tuple[str, int]:
    import hashlib

    h = hashlib.sha256()
    size = 0
    with open(path, "rb") as fh:
        while chunk := fh.read(1 << 20):
            h.update(chunk)
            size += len(chunk)
    return "sha256:" + h.hexdigest(), size


def _uri(kind: str, name: str, harvest_id: int, job_id: int) -> str:
    return (f"{BASE}/{kind}/{name}?majorversion=1&minorversion=0"
            f"&harvestid={harvest_id}&harvestnum=0&jobid={job_id}")


def write_metadata(path: str, job_id: int, harvest_id: int, files: list[ImportedFile], source: str,
                   seeds: list[str], pages: list[dict], make_id: Callable[[], str] | None = None) -> str:
    """The job's metadata WARC at ``path`` (its CDX records read each file under its archive name)."""
    from warcio.warcwriter import WARCWriter

    from shared.warc.cdx import iter_cdx

    class _Writer(WARCWriter):
        def _make_warc_id(self) -> str:  # type: ignore[override]
            return make_id() if make_id else f"<urn:uuid:{uuid.uuid4()}>"

    def put(w: WARCWriter, uri: str, data: bytes, ctype: str) -> None:
        w.write_record(w.create_warc_record(uri, "metadata", payload=io.BytesIO(data), length=len(data),
                                            warc_content_type=ctype))

    with open(path, "wb") as fh:
        w = _Writer(fh, gzip=True, warc_version="1.1")
        w.write_record(w.create_warcinfo_record(os.path.basename(path), {
            "software": "netarchivesuite-py import", "jobId": str(job_id), "harvestId": str(harvest_id),
            "description": f"imported from {source}"}))
        origin = {"source": source, "files": [{"original": f.original, "archive_name": f.archive_name,
                                               "sha256": f.sha256, "bytes": f.size} for f in files]}
        put(w, _uri("setup", "import.json", harvest_id, job_id), json.dumps(origin, indent=2).encode(),
            "application/json")
        if seeds:
            put(w, _uri("setup", "seeds.txt", harvest_id, job_id), "".join(s + "\n" for s in seeds).encode(),
                "text/plain")
        if pages:
            body = json.dumps({"format": "json-pages-1.0", "id": "pages", "title": "All Pages"}) + "\n"
            body += "".join(json.dumps(p) + "\n" for p in pages)
            put(w, _uri("setup", "pages.jsonl", harvest_id, job_id), body.encode(), "application/x-jsonlines")
        for f in files:
            lines = sorted(rec.cdxj(f.archive_name) for rec in iter_cdx(f.path))
            uri = (f"{BASE}/index/cdx?majorversion=2&minorversion=0&harvestid={harvest_id}"
                   f"&jobid={job_id}&filename={f.archive_name}")
            put(w, uri, "".join(lines).encode(), "text/x-cdxj")
    return path
