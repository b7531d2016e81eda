"""The QA renderer called from an eventlet-patched process, as the qa Nameko service calls it: the
renderer's asyncio loop and Chromium's pipe live in a real OS thread, and the caller's green
threads go on running while a page renders (no lock is shared across the two).

The proxy here is the live QA web itself (tests/support/qa_testkit.py), not the viewerproxy: what
is tested is the hand-over between the threads; the replay from the archive is
tests/unit/qa/test_qa_replay.py.
"""
from __future__ import annotations

import os

import eventlet
import pytest
import qa_testkit

from server.crawler.browser.cdp import CHROMIUM
from server.qa.render import LOADED, ReplayRenderer, ReplayTarget
from server.viewerproxy.ca import CertificateAuthority

pytestmark = pytest.mark.skipif(not os.access(CHROMIUM, os.X_OK), reason="no Chromium")


def _tick(ticks: list[int]) -> None:
    """A green thread of the caller's: one tick every 10 ms while it gets to run."""
    while len(ticks) < 10_000:
        ticks.append(1)
        eventlet.sleep(0.01)


def test_green_threads_run_while_pages_render_and_green_callers_render_together(tmp_path):
    from eventlet import patcher

    assert patcher.is_monkey_patched("thread"), "run with NAS_TEST_EVENTLET=1"
    # a CA for the renderer's pin (nothing here is https)
    ca = CertificateAuthority(str(tmp_path / "ca")).certificate_pem.decode()
    ticks: list[int] = []

    with qa_testkit.QaSite() as site:
        target = ReplayTarget("127.0.0.1", site.port, "-", "-", ca)
        with ReplayRenderer(target, tabs=2, page_seconds=15) as renderer:
            ticker = eventlet.spawn(_tick, ticks)
            before = len(ticks)
            one = renderer.render(qa_testkit.COMPLETE)
            assert len(ticks) - before > 20          # the caller's other green threads ran meanwhile
            pool = eventlet.GreenPool(2)
            both = list(pool.imap(renderer.render, [qa_testkit.COMPLETE, qa_testkit.BROKEN]))
            ticker.kill()
    assert one.load_state == LOADED and one.title == "Complete page" and one.missing == []
    assert [p.title for p in both] == ["Complete page", "Broken page"]
    # the live web closes the connection for the unreachable ones: failed, but not "missing"
    assert both[1].missing == [] and {u for u, _ in both[1].failed} == set(qa_testkit.BROKEN_MISSING)



def test_the_render_process_renders_the_pages_sent_ahead_together_and_answers_in_order(tmp_path):
    """As the qa service's runner drives it: ``tabs`` pages sent before the first result is
    taken, their answers (a screenshot each, ~200 KB of JSON) read on a green pipe while the
    caller's other green threads go on."""
    from server.qa.pages import PageRef
    from server.qa.render_process import RenderProcess

    ca = CertificateAuthority(str(tmp_path / "ca")).certificate_pem.decode()
    ticks: list[int] = []

    with qa_testkit.QaSite() as site:
        renderer = RenderProcess(ReplayTarget("127.0.0.1", site.port, "-", "-", ca), tabs=2, page_seconds=15)
        renderer.start()
        try:
            ticker = eventlet.spawn(_tick, ticks)
            before = len(ticks)
            for url in (qa_testkit.COMPLETE, qa_testkit.BROKEN, qa_testkit.COMPLETE):
                renderer.send(PageRef(url, "sample"))
            got = [renderer.receive() for _ in range(3)]
            assert len(ticks) - before > 20          # the caller's other green threads ran meanwhile
            ticker.kill()
        finally:
            renderer.close()
    assert [p.title for p in got] == ["Complete page", "Broken page", "Complete page"]
    assert all(p.load_state == LOADED and p.screenshot_png.startswith(b"\x89PNG") for p in got)
