"""Browser capture at its limits: an endless page, a tab that hangs, a page that never finishes
loading and a tab that crashes each end as docs/crawler.md says, and the crawl goes on."""
from __future__ import annotations

import asyncio
import json
import os

import pytest
from crawler_helpers import archived_once, crawl
from testweb.scripted import BROWSER_NEEDS, BROWSER_REFUSED

from server.crawler import status_codes as sc
from server.crawler.browser.cdp import CHROMIUM, Chromium
from server.crawler.browser.fetcher import Answer
from server.crawler.browser.render import Tab, TabFailed
from server.crawler.spec import Browser

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason=f"{CHROMIUM} is absent (Debian: apt-get install chromium)")

SITE = "http://www.example1.test/scripted/"
ENDLESS, HANG, SLOW, CRASH = (SITE + "endless.html", SITE + "hang.html", SITE + "slow.html",
                              SITE + "crash.html")


@pytest.fixture(scope="module")
def result(web, tmp_path_factory):
    job = tmp_path_factory.mktemp("limits")
    out = crawl(job, [ENDLESS, HANG, SLOW], web.proxy_url, scope={"max_hops": 1},
                fetch={"read_timeout_s": 20, "fetch_timeout_s": 30},
                browser={"render": "seeds", "tabs": 2, "page_timeout_s": 4, "max_scrolls": 5})
    with open(os.path.join(job, "pages.jsonl"), encoding="utf-8") as fh:
        out["pages"] = {p["url"]: p for p in map(json.loads, fh) if "url" in p}
    return out


def test_the_crawl_ends_and_its_files_are_valid(result):
    assert result["end"] == "finished"
    archived_once(result)


def test_an_endless_page_stops_after_max_scrolls(result):
    page = result["pages"][ENDLESS]
    assert page["loadState"] >= 3
    text = next(r for r in _resources(result) if r[0] == "urn:text:" + ENDLESS)[1].decode()
    assert "screen 1" in text
    assert "screen 7" not in text  # five scrolls, each adding a screen (a scroll may fire twice)


def test_a_hanging_tab_is_tried_twice_then_logged_and_the_crawl_goes_on(result):
    lines = result["by_url"][HANG]
    assert [int(line["status"]) for line in lines] == [200, sc.S_BROWSER_FAILED]
    assert "2t" in lines[1]["annotations"]
    assert result["pages"][HANG]["loadState"] == 0
    assert result["pages"][ENDLESS]["status"] == 200  # the other pages were rendered


def test_a_page_that_never_finishes_is_read_at_its_time_and_its_resource_archived_later(result):
    assert result["pages"][SLOW]["loadState"] == 3  # content loaded; no load event within 4 s
    slow = [line for line in result["by_url"]["http://www.example1.test/slow?ms=8000"] if line["status"] == "200"]
    assert len(slow) == 1 and slow[0]["via"] == SLOW


def _resources(result):
    from crawler_helpers import warc_records

    return [(r[2], r[4]) for r in warc_records(result["warcs"]) if r[1] == "resource"]


def test_a_crashed_tab_fails_its_page_at_once():
    """A real renderer crash (DevTools Page.crash while the page loads its image)."""
    async def go():
        browser = await Chromium.launch()
        try:
            tab: Tab

            async def serve(url: str, method: str, kind: str) -> Answer:
                if kind == "Document":
                    return Answer(200, [("Content-Type", "text/html")], b"<title>t</title><img src='/a.png'>")
                browser.post("Page.crash", session=tab.session)
                return Answer(200, [("Content-Type", "image/png")], b"")

            tab = Tab(browser, Browser(page_timeout_s=60), serve)
            # "crashed", not "no answer": the crash event ended the page, not a command's time-out
            with pytest.raises(TabFailed, match="crashed"):
                await tab.render("http://crash.test/")
            assert not browser.gone  # the browser itself lives on for the next page
        finally:
            await browser.close()

    asyncio.run(go())


def test_a_tab_that_crashes_is_tried_twice_then_logged_and_the_crawl_goes_on(web, tmp_path, monkeypatch):
    """A real crash in a crawl: the page's script outgrows the renderer's script heap (held at
    16 MB by the browser's command line, as an operator's NAS_CHROMIUM wrapper may do), so its
    renderer dies of out-of-memory each time; the next page renders in the same browser."""
    wrapper = tmp_path / "chromium-small-heap"
    wrapper.write_text(f'#!/bin/sh\nexec {CHROMIUM} --js-flags=--max-old-space-size=16 "$@"\n')
    wrapper.chmod(0o755)
    monkeypatch.setenv("NAS_CHROMIUM", str(wrapper))
    result = crawl(tmp_path / "job", [CRASH, ENDLESS], web.proxy_url, scope={"max_hops": 0},
                   browser={"render": "seeds", "tabs": 1, "page_timeout_s": 30, "max_scrolls": 2})
    assert result["end"] == "finished"
    lines = result["by_url"][CRASH]
    assert [int(line["status"]) for line in lines] == [200, sc.S_BROWSER_FAILED]
    assert "2t" in lines[1]["annotations"] and "err=the_tab_crashed" in lines[1]["annotations"]
    assert CRASH in archived_once(result)  # the page's own capture stays archived
    with open(tmp_path / "job" / "pages.jsonl", encoding="utf-8") as fh:
        pages = {p["url"]: p for p in map(json.loads, fh) if "url" in p}
    assert pages[CRASH]["loadState"] == 0 and pages[ENDLESS]["loadState"] >= 3
    with open(tmp_path / "job" / "processors-report.txt", encoding="utf-8") as fh:
        report = fh.read().split("Processor: Browser\n", 1)[1]
    counters = dict(line.strip().split(": ") for line in report.strip().splitlines()[:4])
    assert (counters["pages"], counters["failed"], counters["browsers"]) == ("1", "1", "1")


def test_the_time_limit_ends_a_crawl_whose_tab_hangs(web, tmp_path):
    result = crawl(tmp_path, [HANG], web.proxy_url, max_running_time_s=2,
                   browser={"render": "seeds", "page_timeout_s": 120})
    assert result["end"] == "time-limit"
    archived_once(result)  # closed and valid: no .open file, the page archived once
    assert [line["status"] for line in result["by_url"][HANG]] == ["200"]
    # the browser was closed: no process of it is left among this process's children
    assert not _children(os.getpid())


def _children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as fh:
                parent = int(fh.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if parent == pid:
            found += [int(entry), *_children(int(entry))]
    return found


def test_the_browser_is_replaced_after_restart_after_pages(web, tmp_path):
    sites = [f"http://www.restart{i}.test" for i in range(3)]
    result = crawl(tmp_path, [s + "/scripted/" for s in sites], web.proxy_url, scope={"max_hops": 0},
                   browser={"render": "seeds", "tabs": 2, "restart_after_pages": 1, "click_budget": 0})
    archived_once(result)
    with open(tmp_path / "processors-report.txt", encoding="utf-8") as fh:
        report = fh.read().split("Processor: Browser\n", 1)[1]
    counters = dict(line.strip().split(": ") for line in report.strip().splitlines()[:4])
    # per page: what a browser needs but the "load more" answer and its image (no clicks), and
    # the favicon the browser asks for by itself, and what robots.txt forbids (asked for, refused)
    per_page = len(BROWSER_NEEDS) - 2 + 1 + len(BROWSER_REFUSED)
    assert counters == {"pages": "3", "failed": "0", "requests": str(3 * per_page), "browsers": "3"}
    with open(tmp_path / "pages.jsonl", encoding="utf-8") as fh:
        assert sum(1 for line in fh if '"loadState": 4' in line) == 3


def test_without_a_browser_pages_are_archived_and_each_says_why_it_was_not_rendered(web, tmp_path, monkeypatch):
    monkeypatch.setenv("NAS_CHROMIUM", str(tmp_path / "no-such-chromium"))
    result = crawl(tmp_path / "job", [ENDLESS], web.proxy_url, scope={"max_hops": 0}, browser={"render": "seeds"})
    assert result["end"] == "finished"
    assert [line["status"] for line in result["by_url"][ENDLESS]] == ["200", str(sc.S_BROWSER_FAILED)]
    assert "no_browser_at" in result["by_url"][ENDLESS][1]["annotations"]
    assert ENDLESS in archived_once(result)


def test_the_browser_is_in_the_crawlers_process_group():
    """The harvester freezes, thaws and kills the crawler's process group: the browser with it."""
    async def go():
        browser = await Chromium.launch()
        try:
            assert os.getpgid(browser.pid) == os.getpgid(0)
        finally:
            await browser.close()
        assert browser.proc.returncode is not None

    asyncio.run(go())
