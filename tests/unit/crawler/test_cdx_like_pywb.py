"""Our CDX writer against pywb's ``cdx-indexer``, as text: for every WARC file of a crawl of the
test web (chunked, gzip, redirects, errors, ``dns:`` records), of a second crawl with revisits,
of wget's capture of the same site and of the job's metadata WARC, ``cdx-indexer --cdxj`` and
``cdx-indexer`` (11 fields) give exactly the lines we write."""
from __future__ import annotations

import io
import os
import shutil
import subprocess

import pytest
from crawler_helpers import crawl, warc_records
from pywb_replay import VENV as PYWB_VENV
from pywb_replay import ensure_pywb

from server.crawler.dedup import DedupEntry, write_index
from shared.warc.cdx import CDX11_HEADER, write_cdx

SEEDS = ["http://www.example1.test/", "http://www.dedup.test/features.html"]


@pytest.fixture(scope="module")
def warcs(web, tmp_path_factory) -> dict[str, list[str]]:
    root = tmp_path_factory.mktemp("cdx-like-pywb")
    first = crawl(root / "one", SEEDS, web.proxy_url, robots="ignore", scope={"max_hops": 3})
    rows = [(uri, DedupEntry(h["WARC-Payload-Digest"], name, 0, h["WARC-Date"]))
            for name, kind, uri, h, _b in warc_records(first["warcs"]) if kind == "response" and uri.startswith("http")]
    write_index(str(root / "dedup.tsv"), rows)
    second = crawl(root / "two", SEEDS, web.proxy_url, robots="ignore", scope={"max_hops": 3},
                   extra={"dedup": {"enabled": True, "index": str(root / "dedup.tsv")}})
    assert any(r[1] == "revisit" for r in warc_records(second["warcs"]))
    direct = crawl(root / "dns", [f"http://localhost:{web.port}/page/3"], None, robots="ignore",
                   scope={"max_hops": 1})
    return {"crawl": first["warcs"], "revisits": second["warcs"], "dns": direct["warcs"],
            "wget": [_wget(web, str(root))], "metadata": [_metadata_warc(root, first)]}


def _wget(web, directory: str) -> str:
    """Debian's wget capturing the test web through its proxy, as an archivist would."""
    work = os.path.join(directory, "wget-work")
    os.makedirs(work)
    # one try and a short time-out: the test web breaks connections on purpose, and wget's default
    # 20 tries with growing waits made this capture take 150 s
    done = subprocess.run(["wget", "--quiet", "--no-config", "--tries=1", "--timeout=10", "-e", "robots=off",
                           "-e", "use_proxy=on",
                           "-e", f"http_proxy={web.proxy_url}", "--recursive", "--level=2", "--warc-file",
                           os.path.join(directory, "wget"), "--no-warc-keep-log", "-P", work, SEEDS[0]],
                          check=False, capture_output=True, text=True, timeout=300, cwd=work)
    assert done.returncode in (0, 4, 8), done.stderr  # 4, 8: the site has broken pages and 404s on purpose
    return os.path.join(directory, "wget.warc.gz")


def _metadata_warc(root, first: dict) -> str:
    """The harvester's metadata WARC of the first crawl (logs, reports, setup, CDX records)."""
    from server.harvester import jobdir, metadata_warc

    job = {"job_id": 7, "harvest_id": 3, "harvest_num": 0, "aliases": [], "dedup_job_ids": []}
    d = jobdir.create(str(root / "harvest"), job, {"job_id": "7", "harvest_id": "3"}, SEEDS)
    job_dir = os.path.dirname(first["warcs"][0])
    for name in os.listdir(job_dir):
        if name.endswith(".warc.gz") or name.endswith(".log") or name.endswith("-report.txt"):
            shutil.copy(os.path.join(job_dir, name), d.file(name))
    return metadata_warc.build(d)


def _indexer(path: str, *options: str) -> str:
    ensure_pywb()
    done = subprocess.run([os.path.join(PYWB_VENV, "bin", "cdx-indexer"), *options, path], capture_output=True,
                          text=True, timeout=300, cwd=os.path.dirname(path))
    assert done.returncode == 0, done.stderr
    return done.stdout


def _ours(path: str, fmt: str) -> str:
    out = io.StringIO()
    if fmt == "cdx":
        out.write(CDX11_HEADER)
    write_cdx(path, out, fmt)
    return out.getvalue()


@pytest.mark.parametrize("kind", ["crawl", "revisits", "dns", "wget", "metadata"])
def test_cdxj_lines_equal_pywbs_cdx_indexer(warcs, kind):
    total = 0
    for path in warcs[kind]:
        theirs, ours = _indexer(path, "--cdxj"), _ours(path, "cdxj")
        assert ours.splitlines() == theirs.splitlines(), path
        assert ours == theirs
        total += len(theirs.splitlines())
    assert total >= {"crawl": 50, "revisits": 50, "dns": 2, "wget": 20, "metadata": 5}[kind]
    if kind == "revisits":
        assert '"mime": "warc/revisit"' in ours and '"sha1:' not in ours
    if kind == "metadata":
        assert ours.startswith("dk,netarkivet)/crawl/")


@pytest.mark.parametrize("kind", ["crawl", "revisits", "wget"])
def test_cdx11_lines_equal_pywbs_cdx_indexer(warcs, kind):
    for path in warcs[kind]:
        assert _ours(path, "cdx") == _indexer(path), path
