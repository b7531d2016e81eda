"""What the qa service asks other services, as its own service login (never a person's): the
scheduler for jobs, the definitions service for a harvest's QA options, the index server for a
job's CDX index (its HTML captures and the crawl-time ``urn:view:``/``urn:text:`` records), the
archive for the job's metadata WARC (its page list) and single records. One class, so the core
and the runner take it as a parameter and a test can hand them a real one over a real broker."""
from __future__ import annotations

import io
import json
import re
import tempfile
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from server.archive.remotefile import http_chunks
from server.runtime.remote_services import RemoteServices
from shared.dto.jobs import JobDetailsDto
from shared.enums import JobStatus
from shared.errors import InvalidWarc, NasError, NotFound, QaJobNotDone, Unavailable
from shared.wacz.pages import parse_page_list
from shared.wacz.source import ArchiveSource

METADATA = re.compile(r"^\d+-metadata-\d+\.w?arc(\.gz)?$")
PAGES_URI = re.compile(r"/pages\.jsonl(\?|$)")
VIEW, TEXT = "urn:view:", "urn:text:"
#: a crawl-time screenshot or text larger than this is not read (a record is not a page's view)
MAX_VIEW_BYTES = 20 << 20
#: metadata WARCs larger than this are not read for a page list (the page list is a small record)
MAX_METADATA_BYTES = 2 << 30


@dataclass
class JobIndex:
    """What a job's CDX index says QA needs: its captures (url, timestamp, status, mime) and where
    the crawl-time views of its pages are (page URL → (file, offset))."""

    captures: list[tuple[str, str, int, str]] = field(default_factory=list)
    views: dict[str, tuple[str, int]] = field(default_factory=dict)
    texts: dict[str, tuple[str, int]] = field(default_factory=dict)


@dataclass(frozen=True)
class QaOptions:
    """A harvest's QA options (``qa`` of its definition), with the service's settings filling
    what the definition leaves out."""

    auto: bool
    sample: int
    threshold: float


class Sources:
    """Calls to the scheduler and the definitions service."""

    def __init__(self, nameko_config: Mapping[str, Any], settings: Mapping[str, Any]):
        self.calls = RemoteServices(nameko_config, settings["qa.rpc_timeout"])
        self.settings = settings

    def job(self, job_id: int) -> JobDetailsDto:
        """The job in detail. Raises JobNotFound, Unavailable."""
        return self.calls.call("scheduler", "job", job_id)

    def finished_job(self, job_id: int) -> JobDetailsDto:
        """The job, which must be done (QA reads what it archived). Raises JobNotFound,
        QaJobNotDone, Unavailable."""
        job = self.job(job_id)
        if job.status != JobStatus.DONE:
            raise QaJobNotDone(f"job {job_id} is {job.status}: QA checks a job once it is done",
                               {"job_id": job_id, "status": str(job.status)})
        return job

    def qa_options(self, harvest: str) -> QaOptions:
        """The harvest definition's QA options; the settings' defaults for a definition that has
        none (or no longer exists: an imported job's harvest may be gone)."""
        auto, sample, threshold = False, self.settings["qa.sample"], self.settings["qa.threshold"]
        try:
            h = self.calls.call("definitions", "get_harvest", harvest)
        except NotFound:
            return QaOptions(auto, sample, threshold)
        qa = getattr(h, "qa", None)
        if qa is not None:
            auto = bool(qa.auto)
            sample = qa.sample if qa.sample is not None else sample
            threshold = qa.threshold if qa.threshold is not None else threshold
        return QaOptions(auto, sample, threshold)

    # --- the job's pages -------------------------------------------------------------------------

    def archive(self) -> ArchiveSource:
        timeout = self.settings["qa.rpc_timeout"]
        return ArchiveSource(lambda service, method, *a: self.calls.call(service, method, *a),
                             lambda url: http_chunks(url, timeout))

    def metadata_pages(self, job_id: int) -> list[dict]:
        """The entries of the page list (``pages.jsonl``) the browser capture put into the job's
        metadata WARC; [] when the job has none (no page was rendered in the crawl)."""
        from warcio.archiveiterator import ArchiveIterator

        source = self.archive()
        entries: list[dict] = []
        for name, size in source.files(job_id):
            if not METADATA.match(name) or size > MAX_METADATA_BYTES:
                continue
            with tempfile.TemporaryFile() as fh:
                for chunk in source.chunks(name):
                    fh.write(chunk)
                fh.seek(0)
                try:
                    for record in ArchiveIterator(fh, arc2warc=True):
                        if PAGES_URI.search(record.rec_headers.get_header("WARC-Target-URI") or ""):
                            entries += parse_page_list(record.content_stream().read())
                except Exception as exc:  # noqa: BLE001 - warcio's own errors: a damaged file
                    raise InvalidWarc(f"{name}: not a readable WARC file ({exc.__class__.__name__})",
                                      {"file": name}) from None
        return entries

    def job_index(self, job_id: int, wait: float = 600.0) -> JobIndex:
        """The job's CDX index from the index server (built first when needed)."""
        deadline = time.monotonic() + wait
        req = self.calls.call("index_server", "request_index", "cdx", [job_id], 10.0)
        while req.state in ("queued", "building"):
            if time.monotonic() > deadline:
                raise Unavailable(f"the CDX index of job {job_id} was not built within {wait:.0f} s",
                                  {"job_id": job_id})
            req = self.calls.call("index_server", "index_status", "cdx", [job_id], 10.0)
        if req.state != "done":
            raise Unavailable(f"the index server could not build the CDX index of job {job_id}: "
                              f"{req.error_code or req.state}", {"job_id": job_id})
        loc = self.calls.call("index_server", "get_index", "cdx", [job_id])
        return parse_cdxj(http_chunks(loc.url, self.settings["qa.rpc_timeout"]))

    def record_payload(self, where: tuple[str, int]) -> bytes | None:
        """The payload of one record (a crawl-time view or text); None when it cannot be read or
        is larger than MAX_VIEW_BYTES."""
        from warcio.archiveiterator import ArchiveIterator

        name, offset = where
        try:
            raw = b"".join(_bounded(self.archive().record(name, offset), MAX_VIEW_BYTES + (1 << 16)))
            record = next(iter(ArchiveIterator(io.BytesIO(raw), arc2warc=True)))
            payload = record.content_stream().read(MAX_VIEW_BYTES + 1)
        except (NasError, StopIteration, ValueError, OSError):
            return None
        except Exception:  # noqa: BLE001 - warcio's own errors: a damaged record is no view
            return None
        return payload if len(payload) <= MAX_VIEW_BYTES else None

    # --- jobs of a harvest -------------------------------------------------------------------

    def done_jobs_newest(self) -> int:
        """The id of the newest job (0: none yet)."""
        page = self.calls.call("scheduler", "list_jobs", None, 0, 1, "-id")
        return page.items[0].id if page.items else 0

    def done_jobs_after(self, job_id: int, created_from: str, page_size: int = 500) -> list[Any]:
        """Done jobs with an id above ``job_id`` created from ``created_from`` on, oldest first."""
        from shared.dto.jobs import JobFilter

        out: list[Any] = []
        while True:
            page = self.calls.call("scheduler", "list_jobs",
                                   JobFilter(status="done", id_from=job_id + 1, created_from=created_from),
                                   len(out), page_size, "id")
            out += page.items
            if not page.items or len(out) >= page.total:
                return out


def _bounded(chunks: Iterator[bytes], limit: int) -> Iterator[bytes]:
    got = 0
    for chunk in chunks:
        got += len(chunk)
        if got > limit:
            raise ValueError("record too large")
        yield chunk


def parse_cdxj(chunks: Iterator[bytes]) -> JobIndex:
    """A job's CDXJ lines (``surt timestamp {json}``) as a :class:`JobIndex`; lines that are not
    CDXJ are skipped."""
    out = JobIndex()
    rest = b""
    for chunk in [*chunks, b"\n"]:
        rest += chunk
        *lines, rest = rest.split(b"\n")
        for line in lines:
            _add_cdxj(out, line)
    return out


def _add_cdxj(out: JobIndex, raw: bytes) -> None:
    parts = raw.split(b" ", 2)
    if len(parts) != 3:
        return
    try:
        fields = json.loads(parts[2])
        ts = parts[1].decode("ascii")
    except (ValueError, UnicodeDecodeError):
        return
    url = str(fields.get("url") or "")
    filename, offset = fields.get("filename"), fields.get("offset")
    if url.startswith((VIEW, TEXT)):
        if filename and offset is not None:
            target = out.views if url.startswith(VIEW) else out.texts
            target.setdefault(url[len(VIEW):], (str(filename), int(offset)))
        return
    if not url.startswith(("http:", "https:")):
        return
    try:
        status = int(fields.get("status") or 0)
    except ValueError:
        status = 0
    out.captures.append((url, ts, status, str(fields.get("mime") or "")))
