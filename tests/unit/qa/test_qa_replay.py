"""The QA engine end to end on a real archive: pages replayed in Chromium through the real
viewerproxy, scored against the crawl-time views.

The archive runs in a helper process (tests/support/viewer_env_process.py ``qa``): the QA web of
tests/support/qa_testkit.py harvested by the project's crawler (its own process, browser capture on
for two pages) while three resources of one page were unreachable, stored in the archive services,
indexed by the index server, replayed by the viewerproxy's proxy process. The engine runs here, in
a plain process, as the qa service will run it: a viewer session with recording on, the proxy's CA
pinned, nothing else reachable.
"""
from __future__ import annotations

import pytest
import qa_testkit
from viewer_env import start_viewer_env

from server.qa import compare
from server.qa.pages import parse_pages_jsonl, select_pages
from server.qa.render import CRASHED, LOADED, TIMEOUT, UNFINISHED, ReplayRenderer, ReplayTarget
from shared.client import ServiceClient

pytestmark = [pytest.mark.rabbit, pytest.mark.slow]


@pytest.fixture(scope="module")
def archive(tmp_path_factory):
    yield from start_viewer_env(tmp_path_factory, "qa")


def _session(env) -> ReplayTarget:
    with ServiceClient(env["amqp_uri"], timeout=60) as client:
        made = client.viewerproxy.create_session(env["jobs"], recording=True)
        info = client.viewerproxy.proxy_info()
    return ReplayTarget(env["proxy"]["host"], env["proxy"]["port"], made["session_id"], made["token"],
                        info["ca_certificate_pem"])


def _missing_recorded(env, session_id: str) -> set[str]:
    with ServiceClient(env["amqp_uri"], timeout=60) as client:
        return {m["url"] for m in client.viewerproxy.missing_urls(session_id, 0, 1000)["items"]}


def test_replay_finds_exactly_the_missing_resources_and_scores_the_pages(archive):
    views = qa_testkit.crawl_views(archive["warcs"])
    assert set(views) == set(qa_testkit.RENDERED) and all(len(v) == 2 for v in views.values())
    pages = select_pages(parse_pages_jsonl(archive["pages_jsonl"]), [qa_testkit.COMPLETE], [], sample=0)
    assert [(p.url, p.source) for p in pages] == [(qa_testkit.COMPLETE, "seed"), (qa_testkit.BROKEN, "browser")]
    target = _session(archive)
    with ReplayRenderer(target, tabs=2, page_seconds=15) as renderer:
        complete, broken = renderer.render_all(pages)

    for page in (complete, broken):
        assert page.load_state == LOADED and page.status == 200 and page.final_url == page.url
        assert page.screenshot_png.startswith(b"\x89PNG") and "never" not in page.text
    base = qa_testkit.BASE
    assert set(complete.requested) == {base + p for p in ("/complete.html", "/complete.css", "/complete.js",
                                                          "/red.png", "/blue.png")}
    assert complete.missing == [] and complete.failed == []
    assert "Written by a script at load time." in complete.text   # its script ran, from the archive
    assert set(broken.requested) == {base + p for p in ("/broken.html", "/broken.css", "/green.png",
                                                        "/gone.png", "/script-gone.png")}
    assert sorted(broken.missing) == sorted(qa_testkit.BROKEN_MISSING)
    # the viewerproxy recorded the same URLs for the session, and nothing else
    assert _missing_recorded(archive, target.session_id) == set(qa_testkit.BROKEN_MISSING)

    scores = {}
    for page in (complete, broken):
        crawl = views[page.url]
        visual = compare.visual_score(crawl["view"], page.screenshot_png)
        text = compare.text_score(crawl["text"].decode(), page.text)
        assert visual > 0.95 and text > 0.95    # the replay looks and reads as the crawl saw it
        scores[page.url] = compare.page_score(page.requested, page.missing, visual, text, page.load_state)
    assert scores[qa_testkit.COMPLETE] >= 0.99
    assert scores[qa_testkit.BROKEN] == pytest.approx(2 / 5, abs=0.03)


def test_a_page_that_never_finishes_ends_as_timeout_and_nothing_leaves_the_archive(archive):
    target = _session(archive)
    with ReplayRenderer(target, tabs=1, page_seconds=4) as renderer:
        endless = renderer.render(qa_testkit.ENDLESS)
        loopback = renderer.render("http://127.0.0.1:8080/not-archived")
        unknown = renderer.render("https://www.never-harvested.dk/")
    assert endless.load_state == TIMEOUT and endless.status == 200 and endless.title == "Endless page"
    # it kept asking (how often depends on the machine's load): each picture missing, the page not
    assert len(endless.missing) >= 2 and all("/endless/" in url for url in endless.missing)
    unfinished = {url for url, reason in endless.failed if reason == UNFINISHED}   # in flight at the end
    assert endless.requested[0] == qa_testkit.ENDLESS
    assert set(endless.requested) == {qa_testkit.ENDLESS} | set(endless.missing) | unfinished
    assert endless.screenshot_png.startswith(b"\x89PNG")
    score = compare.page_score(endless.requested, endless.missing, None, None, endless.load_state)
    answered = (len(endless.requested) - len(endless.missing)) / len(endless.requested)
    assert score == round(compare.TIMEOUT_FACTOR * answered, 4) < 0.5
    # a loopback URL goes to the viewerproxy too (no <-loopback> exemption), an unknown host as well:
    # both are answered "not in the archive", never by the live web
    for page in (loopback, unknown):
        assert page.load_state == LOADED and page.status == 404 and page.page_missing
        assert compare.page_score(page.requested, page.missing, None, None, page.load_state) == 0.0
    assert {loopback.url, unknown.url} <= _missing_recorded(archive, target.session_id)
    assert CRASHED not in {endless.load_state, loopback.load_state, unknown.load_state}


def test_a_hung_tab_is_tried_again_then_ends_as_timeout(archive):
    with ReplayRenderer(_session(archive), tabs=1, page_seconds=3) as renderer:
        hung = renderer.render(qa_testkit.HANG)
        assert hung.load_state == TIMEOUT and hung.tries == 2
        # each hang cost its browser (a hung renderer can hold it): the second try had a new one,
        # and the next page starts a third
        assert renderer.browsers_started == 2 and renderer.browser_pid is None
        after = renderer.render(qa_testkit.COMPLETE)
        assert renderer.browsers_started == 3
    assert after.load_state == LOADED and after.missing == [] and after.tries == 1


def test_a_browser_that_dies_mid_page_is_started_again_and_the_page_tried_once_more(archive):
    import os
    import signal
    import threading

    with ReplayRenderer(_session(archive), tabs=1, page_seconds=6) as renderer:
        first = renderer.browser_pid
        killer = threading.Timer(2.0, lambda: os.kill(first, signal.SIGKILL))   # while the endless page loads
        killer.start()
        try:
            page = renderer.render(qa_testkit.ENDLESS)
        finally:
            killer.cancel()
        assert page.tries == 2 and page.load_state == TIMEOUT     # the second try ran to the page's time
        assert renderer.browsers_started == 2 and renderer.browser_pid not in (None, first)
