"""The job's metadata WARC, ``<jobid>-metadata-1.warc.gz`` (the seeds' "-metadata-1.arc").

It documents the harvest: the crawler's logs and reports, its stdout and stderr, the job as
claimed, the crawler's job spec and seeds, the aliases, the jobs the deduplication index covered,
and a CDX of every WARC file of the job; and the page list of a crawl that rendered pages
(``setup/pages.jsonl``, WACZ's pages.jsonl form, a ``resource`` record: the crawler's output,
not a note about it). Every other item is one ``metadata`` record whose target URI is a
``metadata://netarkivet.dk/...`` name as the seeds show them, for instance::

    metadata://netarkivet.dk/crawl/setup/duplicatereductionjobs?majorversion=1&minorversion=0&harvestid=3&harvestnum=0&jobid=4
    metadata://netarkivet.dk/crawl/logs/crawl.log?majorversion=1&minorversion=0&harvestid=3&harvestnum=0&jobid=4
    metadata://netarkivet.dk/crawl/index/cdx?majorversion=2&minorversion=0&harvestid=3&jobid=4&filename=F.warc.gz

The CDX records hold CDXJ lines (pywb's format, sorted) made by shared/warc/cdx.py.
``make_id`` and ``clock`` let tests make byte-for-byte reproducible files.
"""
from __future__ import annotations

import io
import os
import uuid
from collections.abc import Callable
from datetime import UTC, datetime

from warcio.warcwriter import WARCWriter

from server.harvester import job_spec
from server.harvester.jobdir import JOB_FILE, SEEDS_FILE, SPEC_FILE, STDERR_FILE, STDOUT_FILE, JobDir

BASE = "metadata://netarkivet.dk/crawl"
LOG_FILES = ("crawl.log", "progress-statistics.log", "crawler.log", "browser.log", STDOUT_FILE, STDERR_FILE)
SETUP_FILES = ((SPEC_FILE, "application/json"), (JOB_FILE, "application/json"), (SEEDS_FILE, "text/plain"))
REPORT_EXTRA = ("domain-stats.json",)
# browser capture's page list (server/crawler/browser/capture.py), under the name the WACZ
# importer gives one (server/wacz/imports.py) and the exporter looks for (shared/wacz/export.py)
PAGES_FILE, PAGES_TYPE = "pages.jsonl", "application/x-jsonlines"
CDX_TYPE = "text/x-cdxj"
CDX_DIR = "cdx"


def metadata_uri(kind: str, name: str, harvest_id: str, harvest_num: int, job_id: str) -> str:
    return (f"{BASE}/{kind}/{name}?majorversion=1&minorversion=0"
            f"&harvestid={harvest_id}&harvestnum={harvest_num}&jobid={job_id}")


def cdx_uri(harvest_id: str, job_id: str, filename: str) -> str:
    return f"{BASE}/index/cdx?majorversion=2&minorversion=0&harvestid={harvest_id}&jobid={job_id}&filename={filename}"


class _Writer(WARCWriter):
    def __init__(self, fh, make_id: Callable[[], str] | None, clock: Callable[[], datetime] | None):
        super().__init__(fh, gzip=True, warc_version="1.1")
        self._make_id = make_id
        self._clock = clock

    def _make_warc_id(self) -> str:  # type: ignore[override]
        return self._make_id() if self._make_id else f"<urn:uuid:{uuid.uuid4()}>"

    def curr_warc_date(self) -> str:
        if self._clock is None:
            return super().curr_warc_date()
        return self._clock().astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def cdx_lines(warc_path: str) -> list[str]:
    """Sorted CDXJ lines of one WARC file."""
    from shared.warc.cdx import iter_cdx

    name = os.path.basename(warc_path)
    return sorted(rec.cdxj(name) for rec in iter_cdx(warc_path))


def index_warc(job_dir: JobDir, warc_path: str) -> str:
    """Keep the CDX of one WARC file in ``<job dir>/cdx/`` (done before the WARC is uploaded and
    deleted, so the metadata WARC can hold it later); return the CDX file's path."""
    folder = job_dir.file(CDX_DIR)
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, os.path.basename(warc_path) + ".cdxj")
    if not os.path.exists(path):
        with open(path + ".tmp", "w", encoding="utf-8") as fh:
            fh.writelines(cdx_lines(warc_path))
        os.replace(path + ".tmp", path)
    return path


def build(job_dir: JobDir, make_id: Callable[[], str] | None = None,
          clock: Callable[[], datetime] | None = None) -> str:
    """Write the metadata WARC into the job directory (replacing an unfinished one); return its path.

    The CDX part covers every WARC file indexed earlier (see :func:`index_warc`) and every closed
    WARC file still in the directory."""
    job = job_dir.job()
    job_id, harvest_id = str(job["job_id"]), str(job["harvest_id"])
    harvest_num = int(job.get("harvest_num") or 0)
    for warc in job_dir.warcs():
        index_warc(job_dir, warc)
    cdx_folder = job_dir.file(CDX_DIR)
    cdx_files = sorted(os.listdir(cdx_folder)) if os.path.isdir(cdx_folder) else []
    final = job_dir.metadata_warc()
    tmp = final + ".open"
    with open(tmp, "wb") as fh:
        w = _Writer(fh, make_id, clock)
        w.write_record(w.create_warcinfo_record(os.path.basename(final), {
            "software": "NetarchiveSuite-py harvester",
            "format": "WARC File Format 1.1",
            "description": f"metadata of job {job_id} of harvest {harvest_id}",
            "jobId": job_id, "harvestId": harvest_id, "harvestNum": str(harvest_num),
        }))

        def put_bytes(uri: str, data: bytes, ctype: str) -> None:
            w.write_record(w.create_warc_record(uri, "metadata", payload=io.BytesIO(data), length=len(data),
                                                warc_content_type=ctype))

        def put_file(kind: str, name: str, ctype: str) -> None:
            path = job_dir.file(name)
            if not os.path.isfile(path):
                return
            with open(path, "rb") as src:
                size = os.fstat(src.fileno()).st_size
                w.write_record(w.create_warc_record(metadata_uri(kind, name, harvest_id, harvest_num, job_id),
                                                    "metadata", payload=src, length=size, warc_content_type=ctype))

        for name, ctype in SETUP_FILES:
            put_file("setup", name, ctype)
        pages = job_dir.file(PAGES_FILE)
        if os.path.isfile(pages):  # what the crawler made, not metadata about it: a resource record
            with open(pages, "rb") as src:
                w.write_record(w.create_warc_record(
                    metadata_uri("setup", PAGES_FILE, harvest_id, harvest_num, job_id), "resource", payload=src,
                    length=os.fstat(src.fileno()).st_size, warc_content_type=PAGES_TYPE))
        put_bytes(metadata_uri("setup", "aliases", harvest_id, harvest_num, job_id),
                  "".join(a + "\n" for a in job_spec.aliases(job)).encode(), "text/plain")
        # The jobs the deduplication index really covered (none when the crawl ran without one),
        # not the ones asked for: a replay of a revisit needs exactly these jobs' data.
        covered = job_dir.state().dedup_jobs or []
        put_bytes(metadata_uri("setup", "duplicatereductionjobs", harvest_id, harvest_num, job_id),
                  ",".join(str(i) for i in covered).encode(), "text/plain")
        for name in sorted(os.listdir(job_dir.path)):
            if name.endswith("-report.txt"):
                put_file("reports", name, "text/plain")
        for name in REPORT_EXTRA:
            put_file("reports", name, "application/json")
        for name in LOG_FILES:
            put_file("logs", name, "text/plain")
        for cdx in cdx_files:
            if not cdx.endswith(".cdxj"):
                continue
            with open(os.path.join(cdx_folder, cdx), "rb") as src:
                data = src.read()
            put_bytes(cdx_uri(harvest_id, job_id, cdx[:-len(".cdxj")]), data, CDX_TYPE)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, final)
    return final
