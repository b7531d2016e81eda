"""How the runner keeps one rendered page: the engine's scores, the missing URLs apart from other
failures, thumbnails kept only within qa.thumbnail_max_bytes."""
from __future__ import annotations

import io

from PIL import Image

from server.qa.render import MISSING, Rendered
from server.qa.runner import RunLimits, score


def _png(size=(1280, 800), noise=False) -> bytes:
    img = Image.effect_noise(size, 90).convert("RGB") if noise else Image.new("RGB", size, "white")
    out = io.BytesIO()
    img.save(out, "PNG")
    return out.getvalue()


LIMITS = RunLimits(tabs=1, page_seconds=5, max_pages=10, thumbnail_width=320, thumbnail_max_bytes=200_000,
                   chromium="/usr/bin/chromium")


def test_a_page_missing_a_picture_keeps_its_scores_missing_urls_errors_and_thumbnails():
    page = "https://a.dk/"
    r = Rendered(page, final_url=page, title="A", status=200,
                 requested=[page, "https://a.dk/a.css", "https://a.dk/gone.png", "https://a.dk/slow.js"],
                 failed=[("https://a.dk/gone.png", MISSING), ("https://a.dk/slow.js", "net::ERR_TIMED_OUT")],
                 console_errors=["Uncaught ReferenceError: x"], screenshot_png=_png(), text="Hello there",
                 load_state="loaded")
    kept = score(r, _png(), "Hello there", LIMITS)
    assert kept.missing_urls == ["https://a.dk/gone.png"] and kept.requested == 4
    assert kept.errors == ["https://a.dk/slow.js: net::ERR_TIMED_OUT", "Uncaught ReferenceError: x"]
    assert kept.text_score == 1.0 and kept.visual_score == 1.0 and kept.score == 0.75
    assert Image.open(io.BytesIO(kept.crawl_view)).size == (320, 200)
    assert Image.open(io.BytesIO(kept.replay_view)).size == (320, 200)
    without_views = score(r, None, None, LIMITS)
    assert (without_views.visual_score, without_views.text_score, without_views.crawl_view) == (None, None, None)


def test_a_thumbnail_larger_than_the_limit_is_not_kept_and_a_broken_picture_has_no_visual_score():
    r = Rendered("https://a.dk/", requested=["https://a.dk/"], screenshot_png=_png(noise=True), load_state="loaded")
    small = RunLimits(**{**LIMITS.__dict__, "thumbnail_max_bytes": 1024})
    kept = score(r, b"not a png", None, small)
    assert kept.replay_view is None and kept.crawl_view is None and kept.visual_score is None
    assert kept.score == 1.0


def test_a_run_whose_index_is_still_being_built_fails_and_scores_nothing(database_url):
    """The renderer gave up waiting for the viewerproxy's index: the proxy's answer is not the
    page, so the run fails with a reason saying so and no page is scored (it can be run again)."""
    from sqlalchemy.orm import Session

    from server.db.engine import make_engine
    from server.db.migrate import upgrade
    from server.qa import runs
    from server.qa.runner import Runner
    from server.qa.sources import JobIndex

    class Sources:   # the archive's side (outside the runner): an index without crawl-time views
        def job_index(self, job_id):
            return JobIndex()

    class Renderer:  # the browser's side: the viewerproxy said "the index is being built" to the end
        def __init__(self, target, **options):
            self.sent = []

        def start(self):
            pass

        def send(self, page):
            self.sent.append(page)

        def receive(self):
            page = self.sent.pop(0)
            return Rendered(page.url, status=503, title="The index is being built", index_building=True)

        def close(self):
            pass

    stopped = []
    engine = make_engine(database_url)
    upgrade(engine, "qa", "server.qa.migrations")
    make = lambda: Session(engine, expire_on_commit=False)  # noqa: E731
    with make() as db:
        run = runs.create(db, 7, "qa-person", 50, 0.9)
        runs.plan(db, run.run_id, [("https://a.test/", "seed", "20260101000000")])
    runner = Runner(make, Sources(), LIMITS, lambda jobs: (None, lambda: stopped.append(jobs)), renderer=Renderer)
    runner.work(run.run_id)
    with make() as db:
        done = runs.describe(db, run.run_id)
        assert done.state == "failed" and "still building the index of jobs [7]" in done.error
        assert done.pages_checked == 0 and [r.url for r in runs.pending(db, run.run_id)] == ["https://a.test/"]
    assert stopped == [[7]]          # the viewer session was stopped all the same
    engine.dispose()
