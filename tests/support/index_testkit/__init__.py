"""Test and benchmark helpers for the index server: jobs' metadata WARCs made from capture
descriptions (crawl.log and CDXJ records, as the harvester writes them), a stand-in archive that
serves them from a directory and counts fetches, and a stand-in job catalogue."""
from __future__ import annotations

import base64
import datetime as dt
import hashlib
import io
import json
import os
import random
import shutil
import threading
from collections import Counter
from dataclasses import dataclass

from warcio.warcwriter import WARCWriter

from server.index.jobdata import SourceFile
from shared.warc.cdx import surt


@dataclass
class Cap:
    url: str
    ts: str                       # 14 digits
    mime: str = "image/png"
    status: int = 200
    digest: str = ""
    size: int = 1000
    file: str = ""
    offset: int = 0
    revisit_of: tuple[str, int, str] | None = None   # (file, offset, ts14)
    truncated: bool = False


def digest_of(data: str | bytes) -> str:
    if isinstance(data, str):
        data = data.encode()
    return "sha1:" + base64.b32encode(hashlib.sha1(data).digest()).decode()


def crawl_log_line(c: Cap, worker: int = 1) -> str:
    t = dt.datetime.strptime(c.ts, "%Y%m%d%H%M%S").replace(tzinfo=dt.UTC)
    logged = t.strftime("%Y-%m-%dT%H:%M:%S.000Z")
    annotations = []
    if c.revisit_of:
        annotations.append(f'duplicate:"{c.revisit_of[0]},{c.revisit_of[1]},{c.revisit_of[2]}"')
    if c.truncated:
        annotations.append("lenTrunc")
    return (f"{logged} {c.status:>5} {c.size:>10} {c.url} L http://example.dk/ {c.mime} #{worker:03d} "
            f"{c.ts}123+45 {c.digest or '-'} - {','.join(annotations) or '-'}\n")


def cdxj_line(c: Cap) -> str:
    d = {"url": c.url, "mime": "warc/revisit" if c.revisit_of else c.mime, "status": str(c.status),
         "digest": c.digest, "length": str(c.size // 2 + 100), "offset": str(c.offset), "filename": c.file}
    return f"{surt(c.url)} {c.ts} {json.dumps(d)}\n"


def write_metadata(path: str, job_id: int, caps: list[Cap], crawl_log: bool = True, cdx: bool = True,
                   gzip: bool = True, seeds: list[str] | None = None, pages: list[dict] | None = None) -> str:
    """A metadata WARC as the harvester writes it: warcinfo, ``setup/seeds.txt`` (``seeds``),
    ``setup/pages.jsonl`` (``pages``: the browser capture's page list), crawl.log, one CDX
    record per WARC."""
    q = f"?majorversion=1&minorversion=0&harvestid=1&harvestnum=0&jobid={job_id}"
    with open(path, "wb") as fh:
        w = WARCWriter(fh, gzip=gzip, warc_version="1.1")
        w.write_record(w.create_warcinfo_record(os.path.basename(path), {"jobId": str(job_id)}))
        if seeds is not None:
            body = "".join(s + "\n" for s in seeds).encode()
            w.write_record(w.create_warc_record(f"metadata://netarkivet.dk/crawl/setup/seeds.txt{q}", "metadata",
                                                payload=io.BytesIO(body), length=len(body),
                                                warc_content_type="text/plain"))
        if pages is not None:
            lines = [{"format": "json-pages-1.0", "id": "pages", "title": "All Pages"}, *pages]
            body = "".join(json.dumps(p) + "\n" for p in lines).encode()
            w.write_record(w.create_warc_record(f"metadata://netarkivet.dk/crawl/setup/pages.jsonl{q}", "resource",
                                                payload=io.BytesIO(body), length=len(body),
                                                warc_content_type="application/x-jsonlines"))
        if crawl_log:
            body = "".join(crawl_log_line(c) for c in caps).encode()
            w.write_record(w.create_warc_record(f"metadata://netarkivet.dk/crawl/logs/crawl.log{q}", "metadata",
                                                payload=io.BytesIO(body), length=len(body),
                                                warc_content_type="text/plain"))
        if cdx:
            by_file: dict[str, list[str]] = {}
            for c in caps:
                if c.file:
                    by_file.setdefault(c.file, []).append(cdxj_line(c))
            for name, lines in sorted(by_file.items()):
                body = "".join(sorted(lines)).encode()
                uri = f"metadata://netarkivet.dk/crawl/index/cdx?majorversion=2&minorversion=0&harvestid=1" \
                      f"&jobid={job_id}&filename={name}"
                w.write_record(w.create_warc_record(uri, "metadata", payload=io.BytesIO(body), length=len(body),
                                                    warc_content_type="text/x-cdxj"))
    return path


def simple_job(job_id: int, n: int = 20, day: int = 1, images_like: int | None = None) -> list[Cap]:
    """``n`` captures of example.dk: pages (text/html) and images; the images' content (digest)
    is the same in every job, so a later job's images are duplicates of this one's."""
    caps = []
    name = f"{job_id}-1-202401{day:02d}000000000-00001-test.warc.gz"
    offset = 0
    for i in range(n):
        ts = f"202401{day:02d}00{i // 60:02d}{i % 60:02d}"
        if i % 2 == 0:
            caps.append(Cap(f"http://www.example.dk/page/{i}", ts, "text/html", 200,
                            digest_of(f"page {i} of job {job_id}"), 2000, name, offset))
        else:
            caps.append(Cap(f"http://www.example.dk/img/{i}.png", ts, "image/png", 200,
                            digest_of(f"image {i}"), 900, name, offset))
        offset += 1500
    return caps


class FakeArchive:
    """An ArchiveSource over a directory: every file in it is archived; ``unstored`` names are
    listed as not stored in every replica. Counts fetches per file."""

    def __init__(self, directory: str, unstored: set[str] | None = None):
        self.directory = directory
        self.unstored = set(unstored or ())
        self.fetches: Counter[str] = Counter()
        self.listings = 0
        self.lock = threading.Lock()
        self.delay = 0.0

    def job_files(self, job_ids: list[int]) -> dict[int, list[SourceFile]]:
        with self.lock:
            self.listings += 1
        wanted = set(job_ids)
        out: dict[int, list[SourceFile]] = {}
        for name in sorted(os.listdir(self.directory)):
            head = name.split("-", 1)[0]
            if head.isdigit() and int(head) in wanted:
                size = os.path.getsize(os.path.join(self.directory, name))
                out.setdefault(int(head), []).append(
                    SourceFile(name, _md5(os.path.join(self.directory, name)), size, name not in self.unstored))
        return out

    def fetch(self, f: SourceFile, dest: str) -> None:
        import time

        with self.lock:
            self.fetches[f.name] += 1
        if self.delay:
            time.sleep(self.delay)
        shutil.copyfile(os.path.join(self.directory, f.name), dest)


def _md5(path: str) -> str:
    h = hashlib.md5()  # noqa: S324
    with open(path, "rb") as fh:
        h.update(fh.read())
    return h.hexdigest()


class FakeCatalog:
    def __init__(self, statuses: dict[int, str]):
        self.statuses_by_id = dict(statuses)

    def statuses(self, job_ids: list[int]) -> dict[int, str]:
        return {i: self.statuses_by_id[i] for i in job_ids if i in self.statuses_by_id}


# --- synthetic archives for the benchmark -------------------------------------------------------

MIMES = [("text/html", 45), ("text/css", 5), ("application/javascript", 10), ("image/jpeg", 20),
         ("image/png", 15), ("application/pdf", 5)]


def synthetic_job(job_id: int, n: int, groups: int = 10, urls_per_group: int = 20_000, seed: int = 7,
                  originals: dict[str, tuple[str, int, str, str]] | None = None) -> list[Cap]:
    """``n`` captures of job ``job_id``, which harvests the domains of group ``job_id % groups``
    (so every ``groups``-th job re-harvests the same URLs). Pages change between jobs, 80 % of
    the other objects do not; an unchanged object is a revisit of its first capture
    (``originals``: url+digest → (file, offset, ts, url), shared across calls)."""
    rnd = random.Random(job_id * 7919 + seed)
    group = job_id % groups
    mimes = [m for m, w in MIMES for _ in range(w)]
    day = dt.datetime(2024, 1, 1, tzinfo=dt.UTC) + dt.timedelta(hours=job_id)
    name = f"{job_id}-{group}-{day.strftime('%Y%m%d%H%M%S')}000-00001-bench.warc.gz"
    caps = []
    offset = 0
    picks = rnd.sample(range(urls_per_group), min(n, urls_per_group)) if n <= urls_per_group else \
        [rnd.randrange(urls_per_group) for _ in range(n)]
    for k, u in enumerate(picks):
        mime = mimes[(u * 2654435761) % len(mimes)]
        host = f"www{u % 50}.site{group}-{u % 397}.dk"
        ext = {"text/html": "html", "text/css": "css", "application/javascript": "js", "image/jpeg": "jpg",
               "image/png": "png", "application/pdf": "pdf"}[mime]
        url = f"http://{host}/path/{u}/object.{ext}"
        version = job_id if mime == "text/html" or (u + job_id // groups) % 5 == 0 else 0
        digest = digest_of(f"{url} {version}")
        ts = (day + dt.timedelta(seconds=k // 4)).strftime("%Y%m%d%H%M%S")
        size = 800 + (u % 40) * 500
        key = f"{url} {digest}"
        orig = originals.get(key) if originals is not None and not mime.startswith("text/") else None
        cap = Cap(url, ts, mime, 200, digest, size, name, offset,
                  revisit_of=(orig[0], orig[1], orig[2]) if orig else None)
        if originals is not None and orig is None and not mime.startswith("text/"):
            originals[key] = (name, offset, ts, url)
        caps.append(cap)
        offset += size // 2 + 100
    return caps


def add_job(archive: FakeArchive, job_id: int, caps=None, day: int = 5) -> str:
    """Write job ``job_id``'s metadata WARC into ``archive`` (``caps``, or a simple job)."""
    path = os.path.join(archive.directory, f"{job_id}-metadata-1.warc.gz")
    write_metadata(path, job_id, caps if caps is not None else simple_job(job_id, 20, day=day))
    return path
