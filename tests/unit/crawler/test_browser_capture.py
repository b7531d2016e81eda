"""Browser capture with Debian's Chromium: a page built by script is archived whole.

The test web's ``/scripted/`` page (tests/support/testweb/scripted.py) loads images named by a
JSON API, static and dynamic ES modules, a fetched HTML fragment and its image, a background set
from script, a frame's script-made image, a "load more" button's answer and two more pages of an
infinite scroll. Crawled plainly, the crawler misses them; rendered, every request the browser
made is in the WARC, answered by our own crawler, with a screenshot, the text and a page list.
"""
from __future__ import annotations

import json
import os

import pytest
from crawler_helpers import archived_once, crawl, warc_records
from netlog import ENV as NETLOG_DIR
from netlog import chromium_wrapper, requested_urls
from testweb.scripted import BROWSER_NEEDS, BROWSER_REFUSED, DOM_LINKS

from server.crawler import status_codes as sc
from server.crawler.browser.cdp import CHROMIUM

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason=f"{CHROMIUM} is absent (Debian: apt-get install chromium)")

SITE = "http://www.example1.test"
PAGE = SITE + "/scripted/"
NEEDS = [SITE + p for p in BROWSER_NEEDS]


@pytest.fixture(scope="module")
def rendered(web, tmp_path_factory):
    job = tmp_path_factory.mktemp("browser")
    netlogs = tmp_path_factory.mktemp("netlog")
    with pytest.MonkeyPatch.context() as mp:
        # the browser keeps its own request log (tests/support/netlog.py)
        mp.setenv("NAS_CHROMIUM", chromium_wrapper(str(netlogs), CHROMIUM))
        mp.setenv(NETLOG_DIR, str(netlogs))
        result = crawl(job, [PAGE], web.proxy_url, scope={"max_hops": 1},
                       browser={"render": "seeds", "tabs": 1, "page_timeout_s": 60})
    result["job"] = str(job)
    result["requested"] = requested_urls(str(netlogs), {"www.example1.test"})
    return result


@pytest.fixture(scope="module")
def plain(web, tmp_path_factory):
    job = tmp_path_factory.mktemp("plain")
    return crawl(job, [PAGE], web.proxy_url, scope={"max_hops": 1})


def test_without_the_browser_script_made_resources_are_missed(plain):
    captured = set(archived_once(plain))
    missed = [url for url in NEEDS if url not in captured]
    # what the text shows is found: the page, its style sheet, module script and frame
    assert {PAGE, SITE + "/scripted/base.css", SITE + "/scripted/app.js", SITE + "/scripted/frame.html"} <= captured
    for url in (SITE + "/scripted/img/api-1.png", SITE + "/scripted/api/feed?page=2", SITE + "/scripted/lazy.mjs",
                SITE + "/scripted/img/fragment.png", SITE + "/scripted/img/hero-bg.png",
                SITE + "/scripted/img/frame.png"):
        assert url in missed
    assert len(missed) >= 12, missed


def test_every_resource_the_browser_needs_is_archived_once(rendered):
    captured = set(archived_once(rendered))
    missing = [url for url in NEEDS if url not in captured]
    assert not missing, missing


def test_every_request_in_the_browsers_own_log_is_archived(rendered):
    """Not our list of what the page needs, nor the crawler's count of what it answered: the
    browser's NetLog. Its requests are the page's subresources (navigations the crawler answers,
    the page and its frame, are not in it), the favicon the browser asks for by itself, and the
    image robots.txt forbids, which the browser asked for and did not get."""
    refused = {SITE + p for p in BROWSER_REFUSED}
    assert set(NEEDS) - {PAGE, SITE + "/scripted/frame.html"} <= rendered["requested"]
    assert refused <= rendered["requested"]
    missing = sorted(rendered["requested"] - refused - set(archived_once(rendered)))
    assert not missing, missing


def test_browser_loaded_resources_are_logged_as_embeds_of_the_page(rendered):
    for url in NEEDS[1:]:
        lines = [line for line in rendered["by_url"][url] if line["status"] == "200"]
        assert len(lines) == 1, url
        assert lines[0]["path"].endswith("E"), (url, lines[0]["path"])
    api = rendered["by_url"][SITE + "/scripted/api/items.json"][0]
    assert api["via"] == PAGE and "browser" in api["annotations"]


def test_what_robots_txt_forbids_the_browser_does_not_get(rendered):
    for url in (SITE + p for p in BROWSER_REFUSED):
        assert [line["status"] for line in rendered["by_url"][url]] == [str(sc.S_ROBOTS_PRECLUDED)]
        assert rendered["by_url"][url][0]["via"] == PAGE
        assert url not in archived_once(rendered)


def test_links_of_the_rendered_dom_are_crawled(rendered):
    for url in (SITE + p for p in DOM_LINKS):
        lines = rendered["by_url"].get(url)
        assert lines and lines[0]["status"] == "200", url
        assert lines[0]["path"] == "L"


def test_screenshot_and_text_are_resource_records_tied_to_the_page(rendered):
    records = warc_records(rendered["warcs"])
    response = next(r for r in records if r[1] == "response" and r[2] == PAGE)
    by_uri = {r[2]: r for r in records if r[1] == "resource"}
    shot = by_uri["urn:view:" + PAGE]
    text = by_uri["urn:text:" + PAGE]
    assert shot[4].startswith(b"\x89PNG\r\n\x1a\n") and len(shot[4]) > 1000
    assert shot[3]["Content-Type"] == "image/png"
    words = text[4].decode("utf-8")
    assert "Scripted news" in words and "a fragment" in words
    for record in (shot, text):
        assert record[3]["WARC-Concurrent-To"] == response[3]["WARC-Record-ID"]
        assert record[3]["WARC-Refers-To-Target-URI"] == PAGE


def test_page_list_names_the_rendered_page(rendered):
    with open(os.path.join(rendered["job"], "pages.jsonl"), encoding="utf-8") as fh:
        lines = [json.loads(line) for line in fh]
    assert lines[0]["format"] == "json-pages-1.0"
    (page,) = lines[1:]
    assert page["url"] == PAGE and page["title"] == "Scripted news" and page["status"] == 200
    assert page["loadState"] == 4  # loaded, scrolled and clicked within the page's time
    assert page["ts"].endswith("Z")
    response = next(line for line in rendered["by_url"][PAGE] if line["status"] == "200")
    assert response["status"] == "200"
    assert not any(int(line["status"]) == sc.S_BROWSER_FAILED for line in rendered["log"])


def test_a_second_job_writes_revisits_for_browser_loaded_resources(web, tmp_path):
    from server.crawler.dedup import DedupEntry, write_index

    site = "http://www.dedupbrowser.test"
    first = crawl(tmp_path / "one", [site + "/scripted/"], web.proxy_url, scope={"max_hops": 0},
                  browser={"render": "seeds"})
    rows = [(uri, DedupEntry(headers["WARC-Payload-Digest"], name, 0, headers["WARC-Date"]))
            for name, kind, uri, headers, _body in warc_records(first["warcs"]) if kind == "response"]
    index = str(tmp_path / "dedup.tsv")
    write_index(index, rows)
    second = crawl(tmp_path / "two", [site + "/scripted/"], web.proxy_url, scope={"max_hops": 0},
                   browser={"render": "seeds"}, extra={"dedup": {"enabled": True, "index": index}})
    revisits = {r[2] for r in warc_records(second["warcs"]) if r[1] == "revisit"}
    script_made = [site + "/scripted/img/api-1.png", site + "/scripted/img/hero-bg.png",
                   site + "/scripted/img/feed-3.png", site + "/scripted/api/items.json"]
    assert set(script_made) <= revisits
    for url in script_made:
        (line,) = [entry for entry in second["by_url"][url] if entry["status"] == "200"]
        assert line["annotations"].startswith('browser,duplicate:"7-3-')
    # the browser got the bytes all the same: the infinite scroll's last page was reached again
    assert archived_once(second)


def test_a_job_over_two_processes_has_one_page_list(web, tmp_path):
    import subprocess
    import sys

    from crawler_helpers import REPO, write_spec

    from server.crawler.shards import shard_dirs

    seeds = [f"http://www.parts{i}.test/scripted/" for i in range(2)]  # parts0 and parts1: one part each
    write_spec(tmp_path, seeds, web.proxy_url, max_workers=4, processes=2, scope={"max_hops": 0},
               browser={"render": "seeds", "click_budget": 0})
    proc = subprocess.run([sys.executable, "-m", "server.crawler", str(tmp_path)], cwd=REPO,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    parts = shard_dirs(str(tmp_path))
    assert all(os.path.exists(os.path.join(d, "pages.jsonl")) for d in parts) and len(parts) == 2
    with open(tmp_path / "pages.jsonl", encoding="utf-8") as fh:
        entries = [json.loads(line) for line in fh]
    assert entries[0]["format"] == "json-pages-1.0"
    assert sorted(e["url"] for e in entries[1:]) == seeds
    assert all(e["loadState"] == 4 for e in entries[1:])


def test_four_tabs_at_once_each_load_everything(web, tmp_path):
    """Tabs rendered together are each in front: a background tab's scroll events and frames are
    throttled, and its infinite scroll would stop at its first page."""
    sites = [f"http://www.tabs{i}.test" for i in range(6)]
    result = crawl(tmp_path, [s + "/scripted/" for s in sites], web.proxy_url, scope={"max_hops": 0},
                   browser={"render": "seeds", "tabs": 4})
    captured = set(archived_once(result))
    missing = [s + p for s in sites for p in BROWSER_NEEDS if s + p not in captured]
    assert not missing, missing


def test_pywbs_cdx_indexer_gives_our_cdxj_for_a_rendered_crawl(rendered):
    """Every capture is indexed as pywb indexes it. The resource records (urn:view:, urn:text:)
    differ in their key only: pywb's surt cuts a urn: key's trailing '/', ours
    (shared/warc/surt.py) keeps urn: URIs as they are; the rest of their lines is equal."""
    from test_cdx_like_pywb import _indexer, _ours

    for path in rendered["warcs"]:
        theirs = _indexer(path, "--cdxj").splitlines()
        ours = _ours(path, "cdxj").splitlines()
        assert [line for line in ours if not line.startswith("urn:")] == \
               [line for line in theirs if not line.startswith("urn:")]
        assert sorted(line.split(" ", 1)[1] for line in ours if line.startswith("urn:")) == \
               sorted(line.split(" ", 1)[1] for line in theirs if line.startswith("urn:"))
        assert sum(line.startswith(("urn:view:", "urn:text:")) for line in ours) == 2


class _Folder:
    """The archive side of a WACZ export (shared.wacz.export.Source) over one folder of files."""

    def __init__(self, folder: str):
        self.folder = folder

    def files(self, job_id: int) -> list[tuple[str, int]]:
        return [(n, os.path.getsize(os.path.join(self.folder, n))) for n in sorted(os.listdir(self.folder))
                if n.startswith(f"{job_id}-")]

    def chunks(self, name: str):
        with open(os.path.join(self.folder, name), "rb") as fh:
            yield fh.read()

    def record(self, name: str, offset: int):
        raise AssertionError("a whole-job export reads whole files")

    def lookup(self, url: str, job_ids: list[int]):
        raise AssertionError("a whole-job export looks nothing up")


def test_the_page_list_reaches_the_wacz_through_the_metadata_warc(rendered, tmp_path):
    """Crawl → the harvester's metadata WARC → `nas export wacz`'s exporter: the WACZ's
    pages/pages.jsonl is the crawl's own page list."""
    import shutil
    import zipfile

    from server.harvester import jobdir, metadata_warc
    from shared.wacz.export import export_jobs
    from shared.wacz.writer import WaczWriter

    job = {"job_id": 7, "harvest_id": 3, "harvest_num": 0, "aliases": [], "dedup_job_ids": []}
    d = jobdir.create(str(tmp_path / "harvest"), job, {"job_id": "7", "harvest_id": "3"}, [PAGE])
    for name in os.listdir(rendered["job"]):
        if name.endswith(".warc.gz") or name in ("crawl.log", "pages.jsonl"):
            shutil.copy(os.path.join(rendered["job"], name), d.file(name))
    archive = tmp_path / "archive"
    archive.mkdir()
    for path in [metadata_warc.build(d), *d.warcs()]:
        shutil.copy(path, archive)
    with open(tmp_path / "job.wacz", "wb") as fh, WaczWriter(fh) as w:
        summary = export_jobs(_Folder(str(archive)), [7], w, str(tmp_path))
    with zipfile.ZipFile(tmp_path / "job.wacz") as z:
        in_wacz = [json.loads(line) for line in z.read("pages/pages.jsonl").splitlines()]
    with open(os.path.join(rendered["job"], "pages.jsonl"), encoding="utf-8") as fh:
        ours = [json.loads(line) for line in fh]
    assert in_wacz == ours and summary.pages == 1


def test_pages_matching_url_patterns_are_rendered_and_others_fetched_as_today(web, tmp_path):
    site = "http://www.patterns.test"
    result = crawl(tmp_path, [site + "/", site + "/scripted/"], web.proxy_url, scope={"max_hops": 0},
                   browser={"url_patterns": [r".*/scripted/"]})
    with open(tmp_path / "pages.jsonl", encoding="utf-8") as fh:
        assert [json.loads(line).get("url") for line in fh][1:] == [site + "/scripted/"]
    captured = set(archived_once(result))
    assert {site + p for p in BROWSER_NEEDS} <= captured
    assert "urn:view:" + site + "/" not in {r[2] for r in warc_records(result["warcs"])}
