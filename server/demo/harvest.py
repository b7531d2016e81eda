"""The demo's story, step by step, over the services' own RPC interfaces:
define a domain, harvest it, see it stored in both replicas with verified checksums, and read
the archived front page back from the archive."""
from __future__ import annotations

import datetime as dt
import gzip
import tempfile
import time
from collections.abc import Callable
from typing import Any

import requests
import yaml
from warcio.archiveiterator import ArchiveIterator

from server.demo.layout import CHANNEL, REPLICAS
from shared import contracts
from shared.dto.archive import ArchiveFileDto
from shared.dto.definitions import DomainDto
from shared.dto.jobs import JobDomainDto, JobDto
from shared.enums import JobStatus
from shared.errors import AlreadyExists

DOMAIN = "kb-demo.dk"
FRONT_PAGE = f"http://www.{DOMAIN}/"
PROFILE = "demo"


def _profile_document() -> str:
    """Fast but still polite: the demo site is local, so short delays are fine."""
    return yaml.safe_dump({
        "robots": "obey",
        "politeness": {"delay_factor": 1, "min_delay_ms": 50, "max_delay_ms": 500},
        "scope": {"mode": "domain", "max_hops": 5},
        "warc": {"max_size_bytes": 10_000_000},
    })


def _call(rpc: Any, service: str, method: str, *args: Any, **kwargs: Any) -> Any:
    """One RPC, its answer decoded into the DTO its contract declares."""
    return contracts.decode(service, method, getattr(getattr(rpc, service), method)(*args, **kwargs))


def define(rpc: Any, say: Callable[[str], None]) -> str:
    """Profile, domain, configuration and a selective harvest; returns the harvest's name."""
    d = rpc.definitions
    try:
        d.upload_profile(PROFILE, _profile_document(), "yaml")
        say(f"uploaded crawl profile '{PROFILE}'")
    except AlreadyExists:
        say(f"crawl profile '{PROFILE}' exists")
    try:
        dom = _call(rpc, "definitions", "create_domain", DOMAIN)
        say(f"created domain {DOMAIN} with seeds {', '.join(_seeds(dom))}")
    except AlreadyExists:
        dom = _call(rpc, "definitions", "get_domain", DOMAIN)
        say(f"domain {DOMAIN} exists")
    d.save_configuration(DOMAIN, dom.edition, "defaultconfig", profile=PROFILE, max_bytes=-1)
    name = f"demo-{dt.datetime.now().strftime('%Y%m%d-%H%M%S')}"
    d.create_selective(name, "Daily", [{"domain": DOMAIN}], channel=CHANNEL)
    d.set_harvest_active(name, True)
    say(f"created selective harvest '{name}' (schedule Daily, channel {CHANNEL}) and activated it")
    return name


def _seeds(domain: DomainDto) -> list[str]:
    return [u for sl in domain.seed_lists for u in sl.seeds]


def harvest(rpc: Any, name: str, say: Callable[[str], None], timeout: float = 240) -> JobDto:
    """Schedule now and follow the job until it ends; returns the job."""
    rpc.scheduler.run_once(wait=True)
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        page = _call(rpc, "scheduler", "list_jobs", {"harvest": name})
        job = page.items[0] if page.items else None
        if job and job.status != last:
            say(f"job {job.id}: {job.status.value}")
            last = job.status
        if job and job.status in (JobStatus.DONE, JobStatus.FAILED):
            rpc.definitions.set_harvest_active(name, False)  # one run is enough for the demo
            return job
        time.sleep(1)
    raise TimeoutError(f"the harvest's job did not end within {timeout:.0f}s (see the harvester log)")


def job_domains(rpc: Any, job_id: int) -> list[JobDomainDto]:
    return _call(rpc, "scheduler", "job_domains", job_id).items


def _archive(rpc: Any, method: str, *args: Any, **kwargs: Any) -> Any:
    """``arcrepository.<method>``, its answer decoded into the DTO the service declares."""
    return contracts.decode("arcrepository", method, getattr(rpc.arcrepository, method)(*args, **kwargs))


def stored_files(rpc: Any, job_id: int) -> list[ArchiveFileDto]:
    return [f for f in _archive(rpc, "list_files", limit=10000).items if f.name.startswith(f"{job_id}-")]


def verify_checksums(rpc: Any, files: list[str], timeout: float = 120) -> dict[str, dict[str, str]]:
    """Run the checksum batch job on every replica: ``{replica: {file: md5}}`` of the job's files."""
    out: dict[str, dict[str, str]] = {}
    for rep in REPLICAS:
        regex = "|".join(f.replace(".", r"\.") for f in files)
        batch_id = _archive(rpc, "batch", "checksum", replica=rep["id"], regex=f"^({regex})$").batch_id
        deadline = time.monotonic() + timeout
        while (status := _archive(rpc, "batch_status", batch_id, wait=5)).running:
            if time.monotonic() > deadline:
                raise TimeoutError(f"checksum batch on {rep['id']} did not finish")
        text = requests.get(status.output_url, timeout=30).text if status.output_url else ""
        out[rep["id"]] = dict(line.split("##", 1) for line in text.splitlines() if "##" in line)
    return out


def archived_front_page(rpc: Any, files: list[str]) -> tuple[str, int, bytes] | None:
    """Find the front page's response record in the job's WARCs (by reading them from replica
    TWO) and fetch just that record from replica ONE: ``(file, offset, record bytes)``."""
    for name in sorted(f for f in files if "-metadata-" not in f):
        where = _archive(rpc, "get_file", name, "TWO")
        with tempfile.TemporaryFile() as tmp:
            with requests.get(where.url, stream=True, timeout=60) as r:
                r.raise_for_status()
                for chunk in r.iter_content(1 << 20):
                    tmp.write(chunk)
            tmp.seek(0)
            it = ArchiveIterator(tmp)
            for record in it:
                if (record.rec_type == "response"
                        and record.rec_headers.get_header("WARC-Target-URI") == FRONT_PAGE):
                    offset = it.get_record_offset()
                    rec = _archive(rpc, "get_record", name, offset, "ONE")
                    body = requests.get(rec.url, timeout=60).content
                    return name, offset, body
    return None


def record_text(raw: bytes) -> str:
    """A stored record is one gzip member: show its WARC headers, HTTP headers and the page."""
    try:
        return gzip.decompress(raw).decode("utf-8", "replace")
    except OSError:
        return raw.decode("utf-8", "replace")
