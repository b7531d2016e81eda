"""Fixture archives for the viewerproxy: a small local site captured by ``wget --warc-file`` (a
tool other than ours: chunked and gzip responses as servers send them, an IP host on a
non-default port), WARCs with named hosts over http and https and revisits of every kind written
with warcio, and the metadata WARCs (CDX of each WARC, crawl.log) that make them a job's data for
the index server."""
from __future__ import annotations

import base64
import gzip
import hashlib
import io
import os
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from shared.warc.cdx import write_cdx

PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082")
PAGE = (b"<!doctype html><html><head><title>front</title></head><body><h1>Front page</h1>"
        b"<img src='/img.png'><img src='/not-archived.png'></body></html>")
GZ_TEXT = b"<html><body>" + b"compressed text " * 200 + b"</body></html>"
CHUNKED_PARTS = [b"<html><body>", b"first part " * 50, b"second part " * 70, b"</body></html>"]
MEDIA = bytes(range(256)) * 64   # 16 KiB for Range requests


def sha1_digest(data: bytes) -> str:
    return "sha1:" + base64.b32encode(hashlib.sha1(data).digest()).decode()


class _Site(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, fmt, *args):
        pass

    def _send(self, status: int, body: bytes, ctype: str, extra: dict | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for k, v in (extra or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path == "/":
            self._send(200, PAGE, "text/html")
        elif self.path == "/img.png":
            self._send(200, PNG, "image/png")
        elif self.path == "/gz.html":
            self._send(200, gzip.compress(GZ_TEXT), "text/html", {"Content-Encoding": "gzip"})
        elif self.path == "/chunked.html":
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            for part in CHUNKED_PARTS:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(part), part))
            self.wfile.write(b"0\r\n\r\n")
        elif self.path == "/redirect":
            self._send(302, b"moved", "text/plain", {"Location": "/"})
        elif self.path == "/media.bin":
            self._send(200, MEDIA, "application/octet-stream")
        else:
            self._send(404, b"<html>no such page</html>", "text/html")


def wget_warc(directory: str, name: str = "wget-site") -> tuple[str, int]:
    """Serve the site on 127.0.0.1 (a free, non-default port), capture it with ``wget
    --warc-file``, and return (the WARC's path, the port)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Site)
    port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        urls = [f"http://127.0.0.1:{port}{p}" for p in
                ("/", "/img.png", "/gz.html", "/chunked.html", "/redirect", "/media.bin", "/nothere")]
        work = os.path.join(directory, "wget-work")
        os.makedirs(work, exist_ok=True)
        subprocess.run(["wget", "--quiet", "--no-proxy", "-e", "robots=off", "--max-redirect=0", "--no-config",
                        "--warc-file", os.path.join(directory, name), "--no-warc-keep-log", "-P", work, *urls],
                       check=False, timeout=120, cwd=work)
    finally:
        server.shutdown()
        server.server_close()
    path = os.path.join(directory, f"{name}.warc.gz")
    assert os.path.exists(path), "wget wrote no WARC"
    return path, port


def _http(status: str, headers: list[tuple[str, str]]) -> StatusAndHeaders:
    return StatusAndHeaders(status, headers, protocol="HTTP/1.1")


class WarcBuilder:
    """Records written with warcio, each record's offset kept (``offsets[(url, date)]``)."""

    def __init__(self, path: str):
        self.path = path
        self.fh = open(path, "wb")
        self.w = WARCWriter(self.fh, gzip=True, warc_version="1.1")
        self.offsets: dict[tuple[str, str], int] = {}

    def response(self, url: str, date: str, body: bytes, ctype: str = "text/html", status: str = "200 OK",
                 headers: list[tuple[str, str]] | None = None) -> int:
        hdrs = [("Content-Type", ctype), ("Content-Length", str(len(body)))] + (headers or [])
        rec = self.w.create_warc_record(url, "response", payload=io.BytesIO(body), length=len(body),
                                        http_headers=_http(status, hdrs),
                                        warc_headers_dict={"WARC-Date": date})
        return self._write(url, date, rec)

    def revisit(self, url: str, date: str, digest: str, refers_uri: str | None = None,
                refers_date: str | None = None) -> int:
        warc = {"WARC-Date": date, "WARC-Payload-Digest": digest,
                "WARC-Profile": "http://netpreserve.org/warc/1.1/revisit/identical-payload-digest"}
        if refers_uri:
            warc["WARC-Refers-To-Target-URI"] = refers_uri
        if refers_date:
            warc["WARC-Refers-To-Date"] = refers_date
        rec = self.w.create_warc_record(url, "revisit", payload=io.BytesIO(b""), length=0,
                                        http_headers=_http("200 OK", [("Content-Type", "image/png")]),
                                        warc_headers_dict=warc)
        return self._write(url, date, rec)

    def _write(self, url: str, date: str, rec) -> int:
        offset = self.fh.tell()
        self.w.write_record(rec)
        self.offsets[(url, date)] = offset
        return offset

    def close(self) -> str:
        self.fh.close()
        return self.path


def metadata_warc(path: str, job_id: int, warcs: list[str], crawl_log: str = "",
                  seeds: list[str] | None = None, pages_jsonl: str = "") -> str:
    """The job's metadata WARC as the harvester writes it: the CDX of each WARC (+ crawl.log,
    + ``setup/seeds.txt`` when ``seeds`` are given, + the browser capture's ``setup/pages.jsonl``
    resource record when ``pages_jsonl`` is)."""
    q = f"?majorversion=1&minorversion=0&harvestid=1&harvestnum=0&jobid={job_id}"
    with open(path, "wb") as fh:
        w = WARCWriter(fh, gzip=True, warc_version="1.1")
        w.write_record(w.create_warcinfo_record(os.path.basename(path), {"jobId": str(job_id)}))
        if seeds is not None:
            body = "".join(f"{s}\n" for s in seeds).encode()
            w.write_record(w.create_warc_record(f"metadata://netarkivet.dk/crawl/setup/seeds.txt{q}", "metadata",
                                                payload=io.BytesIO(body), length=len(body),
                                                warc_content_type="text/plain"))
        if pages_jsonl:
            from server.harvester.metadata_warc import PAGES_FILE, PAGES_TYPE, metadata_uri

            body = pages_jsonl.encode()
            w.write_record(w.create_warc_record(metadata_uri("setup", PAGES_FILE, "1", 0, str(job_id)), "resource",
                                                payload=io.BytesIO(body), length=len(body),
                                                warc_content_type=PAGES_TYPE))
        if crawl_log:
            body = crawl_log.encode()
            w.write_record(w.create_warc_record(f"metadata://netarkivet.dk/crawl/logs/crawl.log{q}", "metadata",
                                                payload=io.BytesIO(body), length=len(body),
                                                warc_content_type="text/plain"))
        for warc in warcs:
            out = io.StringIO()
            write_cdx(warc, out, "cdxj", os.path.basename(warc))
            body = out.getvalue().encode()
            uri = (f"metadata://netarkivet.dk/crawl/index/cdx?majorversion=2&minorversion=0&harvestid=1"
                   f"&jobid={job_id}&filename={os.path.basename(warc)}")
            w.write_record(w.create_warc_record(uri, "metadata", payload=io.BytesIO(body), length=len(body),
                                                warc_content_type="text/x-cdxj"))
    return path


def crawl_log_line(url: str, ts14: str, status: int, size: int, mime: str, digest: str,
                   annotations: str = "-") -> str:
    logged = f"{ts14[:4]}-{ts14[4:6]}-{ts14[6:8]}T{ts14[8:10]}:{ts14[10:12]}:{ts14[12:14]}.000Z"
    return (f"{logged} {status:>5} {size:>10} {url} L http://example.dk/ {mime} #001 "
            f"{ts14}123+45 {digest} - {annotations}\n")


CRAWLED_HOST = "www.crawled-viewer.test"
#: what the project's own crawler captures of the test web (tests/support/testweb) for the viewer
CRAWLED_PATHS = ("/", "/style.css", "/img/1.png", "/chunked", "/gzip", "/redirect/chain/1", "/notfound")


def _run_crawler(job_dir: str, job_id: int, seeds: list[str], profile: dict) -> tuple[list[str], str]:
    """``python -m server.crawler`` on a new job (its own process, as the harvester runs it).
    Returns (its WARC files, its crawl.log)."""
    import json
    import sys

    os.makedirs(job_dir, exist_ok=True)
    spec = {"job_id": str(job_id), "harvest_id": "1", "seeds": seeds,
            "profile": {"politeness": {"delay_factor": 0, "min_delay_ms": 0, "max_delay_ms": 0},
                        "fetch": {"read_timeout_s": 30, "connect_timeout_s": 10, "max_retries": 1,
                                  "retry_delay_s": 0.05},
                        **profile}}
    with open(os.path.join(job_dir, "crawl-job.json"), "w") as fh:
        json.dump(spec, fh)
    env = {k: v for k, v in os.environ.items() if k != "NAS_VIEWER_CONNECTION_LOG"}
    done = subprocess.run([sys.executable, "-m", "server.crawler", job_dir], env=env, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    warcs = sorted(os.path.join(job_dir, n) for n in os.listdir(job_dir) if n.endswith(".warc.gz"))
    assert warcs, "the crawler wrote no WARC"
    with open(os.path.join(job_dir, "crawl.log")) as fh:
        return warcs, fh.read()


def crawler_warcs(directory: str, job_id: int) -> tuple[list[str], str]:
    """Crawl the local test web with the project's own crawler: the seeds are CRAWLED_PATHS on
    CRAWLED_HOST over http and ``/page/1`` over https, nothing beyond them. Returns (its WARC
    files, its crawl.log)."""
    from testweb import TestWeb

    seeds = [f"http://{CRAWLED_HOST}{p}" for p in CRAWLED_PATHS] + [f"https://{CRAWLED_HOST}/page/1"]
    with TestWeb(mode="process", pages_per_host=5) as web:
        return _run_crawler(os.path.join(directory, f"crawl-{job_id}"), job_id, seeds,
                            {"upstream_proxy": web.proxy_url, "scope": {"max_hops": 0}, "max_workers": 4})


def real_site_warcs(directory: str, job_id: int, site) -> tuple[list[str], str]:
    """Crawl a real static site (tests/support/static_site.py, running) whole with the project's
    own crawler, from its ``index.html``. Returns (its WARC files, its crawl.log)."""
    return _run_crawler(os.path.join(directory, f"crawl-{job_id}"), job_id, [site.url("index.html")],
                        {"robots": "ignore", "max_workers": 2})


def testweb_body(path: str) -> tuple[list[tuple[str, str]], bytes]:
    """The headers and body the test web sends for ``path`` on CRAWLED_HOST (as crawled)."""
    from testweb.site import SiteConfig, respond

    r = respond(CRAWLED_HOST, path, "", SiteConfig(pages_per_host=5))
    return r.headers, r.body


SCRIPTED_HOST = "www.scripted-viewer.test"
#: the test web's script-built page (tests/support/testweb/scripted.py), as the browser renders it
SCRIPTED_PAGE = f"http://{SCRIPTED_HOST}/scripted/"


def scripted_warcs(directory: str, job_id: int) -> tuple[list[str], str]:
    """Crawl the test web's ``/scripted/`` page with browser capture on (Chromium renders the
    seed, scrolls it and clicks its "load more"), nothing beyond it. Returns (its WARC files, its
    crawl.log)."""
    from testweb import TestWeb

    with TestWeb(mode="process", pages_per_host=5) as web:
        return _run_crawler(os.path.join(directory, f"crawl-{job_id}"), job_id, [SCRIPTED_PAGE],
                            {"upstream_proxy": web.proxy_url, "scope": {"max_hops": 0}, "max_workers": 4,
                             "browser": {"render": "seeds", "tabs": 1, "page_timeout_s": 60}})
