"""The crawler against a site no one in the project wrote, checked by tools no one in the project
wrote: Debian's python3-doc HTML served on loopback (tests/support/static_site.py) is crawled by
our crawler and by ``wget --recursive --warc-file`` in turn; the two archives must hold the same
pages, ``warcio check`` must pass ours, pywb's ``cdx-indexer`` must index it exactly as our CDX
writer does, and pywb must replay its pages byte for byte as they lie on disk."""
from __future__ import annotations

import io
import json
import os
import shutil
import subprocess

import pytest
import requests
from crawler_helpers import archived_once, crawl
from pywb_replay import VENV as PYWB_VENV
from pywb_replay import Wayback, ensure_pywb
from static_site import StaticSite, python_doc, wget_warc

from shared.warc.cdx import write_cdx

# pages of each kind: the home page, a deep page, a style sheet fetched with a query, an image
REPLAYED = ["index.html", "library/asyncio-task.html", "_static/pydoctheme.css?2022.1", "_images/logging_flow.png"]


@pytest.fixture(scope="module")
def site_crawl(tmp_path_factory):
    root = tmp_path_factory.mktemp("real-site")
    doc = python_doc()
    with StaticSite(doc) as site:
        seed = site.url("index.html")
        ours = crawl(root / "job", [seed], None, robots="ignore", max_workers=2,
                     fetch={"read_timeout_s": 60, "max_object_bytes": 100_000_000})
        theirs = wget_warc(site, str(root), "wget")
    cdxj = io.StringIO()   # our CDX writer's index of our archive
    for path in ours["warcs"]:
        write_cdx(path, cdxj, "cdxj")
    return {"root": root, "doc": doc, "site": site, "ours": ours, "wget_warc": theirs, "cdxj": cdxj.getvalue()}


def _responses(paths: list[str]) -> dict[str, int]:
    """Target URI → HTTP status of each response record."""
    from warcio.archiveiterator import ArchiveIterator

    out = {}
    for path in paths:
        with open(path, "rb") as fh:
            for record in ArchiveIterator(fh):
                if record.rec_type == "response":
                    out[record.rec_headers.get_header("WARC-Target-URI")] = int(record.http_headers.get_statuscode())
    return out


def test_the_crawler_archives_the_pages_wget_archives(site_crawl):
    ours, theirs = _responses(site_crawl["ours"]["warcs"]), _responses([site_crawl["wget_warc"]])
    assert len(theirs) > 500
    assert ours == theirs, (sorted(set(theirs) - set(ours))[:10], sorted(set(ours) - set(theirs))[:10])
    assert site_crawl["ours"]["end"] == "finished"


def test_warcio_checks_the_archive_and_nothing_is_archived_twice(site_crawl):
    captures = archived_once(site_crawl["ours"])
    assert len(captures) > 500


def test_pywbs_cdx_indexer_indexes_the_archive_exactly_as_we_do(site_crawl):
    ensure_pywb()
    theirs = subprocess.run([os.path.join(PYWB_VENV, "bin", "cdx-indexer"), "--cdxj",
                             *site_crawl["ours"]["warcs"]], capture_output=True, text=True, timeout=300,
                            cwd=os.path.dirname(site_crawl["ours"]["warcs"][0]))
    assert theirs.returncode == 0, theirs.stderr
    assert len(theirs.stdout.splitlines()) > 500
    assert site_crawl["cdxj"] == theirs.stdout  # as text, line for line


def test_pywb_replays_the_archived_pages_as_they_lie_on_disk(site_crawl, tmp_path):
    warcs = tmp_path / "warcs"
    warcs.mkdir()
    for path in site_crawl["ours"]["warcs"]:
        shutil.copy(path, warcs)
    lines = site_crawl["cdxj"].splitlines()
    cdxj = tmp_path / "index.cdxj"
    cdxj.write_text("\n".join(sorted(lines)) + "\n")
    when = {json.loads(text.split(" ", 2)[2])["url"]: text.split(" ")[1] for text in lines}
    site = site_crawl["site"]  # stopped: pywb has only the archive
    with Wayback(str(tmp_path / "pywb"), str(cdxj), str(warcs)) as wayback:
        for page in REPLAYED:
            got = requests.get(wayback.url(when[site.url(page)], site.url(page)), timeout=30)
            assert got.status_code == 200, (page, got.text[:300])
            with open(os.path.join(site_crawl["doc"], page.split("?")[0]), "rb") as fh:
                assert got.content == fh.read(), page
