"""Browser capture on a site no one in the project wrote: Debian's python3-doc HTML, the tutorial.

Every page of ``tutorial/`` is rendered in Debian's Chromium, and what the browser requested is
read from the browser's own request log (its NetLog, tests/support/netlog.py), not from the
crawler: every such URL, and every rendered page, has a response record, and the WARC files pass
``warcio check``. The style sheets are a chain of imports (page → pydoctheme.css → default.css
→ classic.css → basic.css): the link extractor finds classic.css three embed hops away, past
``max_embed_hops``, and the browser's request for it must be answered all the same.
"""
from __future__ import annotations

import json
import os
from urllib.parse import urlsplit

import pytest
from crawler_helpers import archived_once, crawl
from netlog import ENV, chromium_wrapper, requested_urls
from static_site import PYTHON_DOC, StaticSite

from server.crawler import status_codes as sc
from server.crawler.browser.cdp import CHROMIUM

pytestmark = [
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is absent (Debian: apt-get install chromium)"),
    pytest.mark.skipif(not os.path.isdir(PYTHON_DOC),
                       reason=f"{PYTHON_DOC} is absent (Debian: apt-get install python3-doc)"),
]


@pytest.fixture(scope="module")
def tutorial(tmp_path_factory):
    work = tmp_path_factory.mktemp("pydoc-browser")
    netlogs = work / "netlog"
    netlogs.mkdir()
    with pytest.MonkeyPatch.context() as mp, StaticSite(PYTHON_DOC) as site:
        mp.setenv("NAS_CHROMIUM", chromium_wrapper(str(work), CHROMIUM))
        mp.setenv(ENV, str(netlogs))
        seed = site.url("tutorial/index.html")
        # prefix scope: the tutorial's pages; its style sheets, scripts and images are embeds
        result = crawl(work / "job", [seed], None, scope={"mode": "prefix", "max_hops": 1}, robots="ignore",
                       fetch={"read_timeout_s": 20, "connect_timeout_s": 5},
                       browser={"render": "all", "tabs": 2, "page_timeout_s": 60, "click_budget": 0})
    with open(work / "job" / "pages.jsonl", encoding="utf-8") as fh:
        result["pages"] = [json.loads(line) for line in fh][1:]
    result["requested"] = requested_urls(str(netlogs), {"127.0.0.1"})
    result["site"] = seed.rsplit("/", 2)[0] + "/"
    return result


def test_every_tutorial_page_is_rendered(tutorial):
    expected = sorted(n for n in os.listdir(os.path.join(PYTHON_DOC, "tutorial")) if n.endswith(".html"))
    rendered = sorted(urlsplit(p["url"]).path.rsplit("/", 1)[1] for p in tutorial["pages"])
    assert rendered == expected
    assert all(p["status"] == 200 and p["loadState"] == 4 for p in tutorial["pages"]), tutorial["pages"]
    assert not [line for line in tutorial["log"] if int(line["status"]) == sc.S_BROWSER_FAILED]


def test_every_request_of_the_browser_is_archived_and_the_warcs_pass_warcio_check(tutorial):
    captured = set(archived_once(tutorial))  # warcio check, closed files, each URI once
    requested = tutorial["requested"] | {p["url"] for p in tutorial["pages"]}
    # the browser's log is a real one: the pages' style sheets, scripts and images are in it
    assert {tutorial["site"] + "_static/pydoctheme.css?2022.1", tutorial["site"] + "_static/classic.css",
            tutorial["site"] + "_static/basic.css"} <= requested
    assert any(u.endswith(".js") for u in requested)
    missing = sorted(requested - captured)
    assert not missing, missing


def test_the_browser_gets_what_the_link_extractor_found_too_many_embed_hops_away(tutorial):
    url = tutorial["site"] + "_static/classic.css"
    statuses = [int(line["status"]) for line in tutorial["by_url"][url]]
    # rejected first when default.css was read (EEE), then fetched when the browser asked (E)
    assert statuses == [sc.S_TOO_MANY_EMBED_HOPS, 200]
    fetched = tutorial["by_url"][url][1]
    assert fetched["path"].endswith("E") and not fetched["path"].endswith("EE")
    assert "browser" in fetched["annotations"]
