"""Small archives for the WACZ tests: two jobs' WARCs written with warcio (job 2 revisits an
image job 1 holds, as crawl.log says), their metadata WARCs as the harvester writes them, and a
:class:`LocalSource` that serves them the way the archive does (whole files, single records)."""
from __future__ import annotations

import io
import os
import re

import viewer_testkit as kit
from warcio.warcwriter import WARCWriter

from shared.warc.cdx import iter_cdx, iter_gzip_members
from shared.warc.surt import surt

T1, T2 = "2024-01-01T10:00:00Z", "2024-06-01T10:00:00Z"
TS1, TS2 = "20240101100000", "20240601100000"
SITE = "http://www.wacz-test.dk"
PAGE1 = b"<html><body>one <img src='/pic.png'></body></html>"
PAGE2 = b"<html><body>two <img src='/pic.png'></body></html>"


def _seeds_record(path: str, job: int, seeds: list[str]) -> None:
    with open(path, "ab") as fh:
        w = WARCWriter(fh, gzip=True, warc_version="1.1")
        body = "".join(s + "\n" for s in seeds).encode()
        w.write_record(w.create_warc_record(
            f"metadata://netarkivet.dk/crawl/setup/seeds.txt?majorversion=1&minorversion=0&harvestid=1&harvestnum=0"
            f"&jobid={job}", "metadata", payload=io.BytesIO(body), length=len(body), warc_content_type="text/plain"))


def two_jobs(folder: str) -> dict:
    a = kit.WarcBuilder(os.path.join(folder, "1-1-20240101100000-00000-test.warc.gz"))
    a.response(f"{SITE}/", T1, PAGE1)
    pic = a.response(f"{SITE}/pic.png", T1, kit.PNG, "image/png")
    a.response(f"{SITE}/other.png", T1, kit.PNG + b"x", "image/png")
    a.close()
    b = kit.WarcBuilder(os.path.join(folder, "2-1-20240601100000-00000-test.warc.gz"))
    b.response(f"{SITE}/", T2, PAGE2)
    b.response(f"{SITE}/about.html", T2, b"<html>about</html>")
    b.response(f"{SITE}/missing", T2, b"<html>gone</html>", status="404 Not Found")
    b.revisit(f"{SITE}/pic.png", T2, kit.sha1_digest(kit.PNG), f"{SITE}/pic.png", T1)
    b.close()
    log = kit.crawl_log_line(f"{SITE}/pic.png", TS2, 200, len(kit.PNG), "image/png", kit.sha1_digest(kit.PNG),
                             f'duplicate:"{os.path.basename(a.path)},{pic},{TS1}"')
    m1 = kit.metadata_warc(os.path.join(folder, "1-metadata-1.warc.gz"), 1, [a.path])
    m2 = kit.metadata_warc(os.path.join(folder, "2-metadata-1.warc.gz"), 2, [b.path], log)
    _seeds_record(m2, 2, [f"{SITE}/"])
    return {"a": a.path, "b": b.path, "m1": m1, "m2": m2, "pic_offset": pic}


class LocalSource:
    """shared.wacz.export.Source over a folder of archive files."""

    def __init__(self, folder: str):
        self.folder = folder
        self.read: list[str] = []

    def files(self, job_id: int) -> list[tuple[str, int]]:
        return [(n, os.path.getsize(os.path.join(self.folder, n))) for n in sorted(os.listdir(self.folder))
                if re.fullmatch(f"{job_id}-.*", n)]

    def chunks(self, name: str):
        self.read.append(name)
        with open(os.path.join(self.folder, name), "rb") as fh:
            while chunk := fh.read(1000):
                yield chunk

    def record(self, name: str, offset: int):
        with open(os.path.join(self.folder, name), "rb") as fh:
            for start, length, _ in iter_gzip_members(fh, 0):
                if start == offset:
                    fh.seek(offset)
                    return [fh.read(length)]
        raise KeyError((name, offset))

    def lookup(self, url: str, job_ids: list[int]):
        out = []
        for job in job_ids:
            for name, _ in self.files(job):
                if "metadata" in name:
                    continue
                for rec in iter_cdx(os.path.join(self.folder, name)):
                    if surt(rec.url) == surt(url):
                        out.append((name, rec.offset, None, None))
        return out
