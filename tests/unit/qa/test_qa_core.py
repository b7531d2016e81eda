"""The qa service's plain core on SQLite and PostgreSQL (migrated by its own chain): runs and
their states, the page list planned once (what a resumed run has left), figures counted from the
page rows, the latest result per page over runs, verdicts, thumbnails, the summary."""
from __future__ import annotations

import base64

import pytest
from sqlalchemy.orm import Session

from server.db.engine import make_engine
from server.db.migrate import upgrade
from server.qa import results, runs
from shared.errors import IllegalTransition, InvalidInput, QaPageNotFound, QaRunNotFound

PNG = b"\x89PNG\r\n\x1a\n-thumbnail"


@pytest.fixture
def db(database_url):
    engine = make_engine(database_url)
    upgrade(engine, "qa", "server.qa.migrations")
    with Session(engine, expire_on_commit=False) as s:
        yield s
    engine.dispose()


def outcome(score=1.0, missing=(), load_state="loaded", crawl=PNG, replay=PNG, title="t"):
    return runs.PageOutcome(title=title, score=score, visual_score=0.9 if crawl else None, text_score=None,
                            requested=5, missing_urls=list(missing), errors=[], load_state=load_state,
                            crawl_view=crawl, replay_view=replay)


PAGES = [("https://a.test/", "seed", "20260101000000"), ("https://a.test/b", "browser", "20260101000001"),
         ("https://a.test/c", "sample", "20260101000002"), ("https://a.test/", "sample", "20260101000003")]


def test_a_run_moves_through_its_states_and_counts_its_pages_as_they_are_checked(db):
    run = runs.create(db, 7, "qa-person", 50, 0.9)
    assert (run.state, run.pages_total, run.share_complete) == ("queued", 0, None)
    assert runs.next_to_run(db).id == run.run_id
    assert runs.start(db, run.run_id)
    runs.plan(db, run.run_id, PAGES)
    runs.plan(db, run.run_id, PAGES[:1])            # planned once: a resumed run keeps its list
    todo = runs.pending(db, run.run_id)
    assert [r.url for r in todo] == ["https://a.test/", "https://a.test/b", "https://a.test/c"]
    runs.record(db, todo[0].id, outcome(1.0))
    runs.record(db, todo[1].id, outcome(0.5, missing=["https://a.test/x.png"]))
    mid = runs.describe(db, run.run_id)
    assert (mid.state, mid.pages_total, mid.pages_checked, mid.pages_complete) == ("running", 3, 2, 1)
    assert mid.share_complete == 0.5 and mid.mean_score == 0.75
    assert [r.url for r in runs.pending(db, run.run_id)] == ["https://a.test/c"]
    runs.record(db, runs.pending(db, run.run_id)[0].id, outcome(0.0, load_state="timeout"))
    done = runs.finish(db, run.run_id)
    assert done.state == "done" and done.finished_at is not None
    assert done.share_complete == round(1 / 3, 4) and done.below_threshold
    with pytest.raises(IllegalTransition):
        runs.cancel(db, run.run_id)


def test_a_running_run_is_taken_before_queued_ones_and_cancel_stops_it(db):
    first = runs.create(db, 1, "a", 0, 0.9)
    second = runs.create(db, 2, "a", 0, 0.9)
    runs.start(db, second.run_id)                   # e.g. left running by a stopped instance
    assert runs.next_to_run(db).id == second.run_id
    cancelled = runs.cancel(db, second.run_id)
    assert cancelled.state == "cancelled" and runs.is_cancelled(db, second.run_id)
    assert runs.finish(db, second.run_id).state == "cancelled"   # the runner's end does not undo it
    assert not runs.start(db, second.run_id)
    assert runs.next_to_run(db).id == first.run_id
    assert runs.finish(db, first.run_id, "boom").state == "queued"  # only a running run ends
    runs.start(db, first.run_id)
    assert runs.finish(db, first.run_id, "the viewerproxy does not answer").state == "failed"
    with pytest.raises(QaRunNotFound):
        runs.get(db, 999)
    with pytest.raises(InvalidInput):
        runs.get(db, "1")


def test_pages_are_the_latest_result_per_page_over_runs_with_verdicts(db):
    full = runs.create(db, 3, "a", 0, 0.9)
    runs.start(db, full.run_id)
    runs.plan(db, full.run_id, PAGES[:3])
    rows = runs.pending(db, full.run_id)
    runs.record(db, rows[0].id, outcome(1.0))
    runs.record(db, rows[1].id, outcome(0.4, missing=["https://a.test/b.css", "https://a.test/b.png"], crawl=None))
    runs.record(db, rows[2].id, outcome(0.7, missing=["https://a.test/c.js"]))
    runs.finish(db, full.run_id)
    assert [p.url for p in results.pages(db, 3).items] == ["https://a.test/b", "https://a.test/c", "https://a.test/"]
    assert [p.source for p in results.pages(db, 3, order="source").items] == ["seed", "browser", "sample"]
    assert results.missing_of_job(db, 3) == {"https://a.test/b": ["https://a.test/b.css", "https://a.test/b.png"],
                                             "https://a.test/c": ["https://a.test/c.js"]}
    b = results.pages(db, 3, limit=1).items[0]
    assert (b.missing, b.has_crawl_view, b.has_replay_view, b.visual_score) == (2, False, True, None)
    assert results.view(db, 3, "https://a.test/b", "crawl") == ""
    assert base64.b64decode(results.view(db, 3, "https://a.test/b", "replay")) == PNG

    v = results.set_verdict(db, 3, "https://a.test/b", "broken", "the stylesheet is gone", "reviewer1")
    assert (v.verdict, v.note, v.reviewer) == ("broken", "the stylesheet is gone", "reviewer1")
    assert v.reviewed_at is not None

    # a recheck of the two pages that missed something replaces their results; the verdict stays
    recheck = runs.create(db, 3, "a", 0, 0.9, kind="recheck", patch_job_id=4)
    runs.start(db, recheck.run_id)
    runs.plan(db, recheck.run_id, results.pages_of_job(db, 3, list(results.missing_of_job(db, 3))))
    for row in runs.pending(db, recheck.run_id):
        runs.record(db, row.id, outcome(1.0))
    assert runs.finish(db, recheck.run_id).kind == "recheck"
    latest = {p.url: p for p in results.pages(db, 3).items}
    assert all(p.score == 1.0 and p.missing == 0 for p in latest.values())
    assert latest["https://a.test/b"].run_id == recheck.run_id and latest["https://a.test/b"].verdict == "broken"
    assert latest["https://a.test/"].run_id == full.run_id
    s = results.summary(db, 3)
    assert (s.pages_checked, s.pages_complete, s.share_complete, s.mean_score) == (3, 3, 1.0, 1.0)
    assert s.last_run.run_id == recheck.run_id and s.verdicts == {"broken": 1} and len(s.worst) == 3
    assert results.missing_of_job(db, 3) == {}


def test_bad_verdicts_orders_and_unknown_pages_are_typed_errors(db):
    empty = results.summary(db, 5)
    assert (empty.last_run, empty.pages_checked, empty.share_complete, empty.worst) == (None, 0, None, [])
    with pytest.raises(QaPageNotFound):
        results.set_verdict(db, 5, "https://nowhere.test/", "ok", "", "r")
    with pytest.raises(QaPageNotFound):
        results.view(db, 5, "https://nowhere.test/", "crawl")
    run = runs.create(db, 5, "a", 0, 0.9)
    runs.start(db, run.run_id)
    runs.plan(db, run.run_id, PAGES[:1])
    runs.record(db, runs.pending(db, run.run_id)[0].id, outcome())
    for bad in (lambda: results.set_verdict(db, 5, PAGES[0][0], "great", "", "r"),
                lambda: results.set_verdict(db, 5, PAGES[0][0], "ok", "x" * 5000, "r"),
                lambda: results.pages(db, 5, order="title"),
                lambda: results.pages(db, 5, limit=0),
                lambda: results.view(db, 5, PAGES[0][0], "live")):
        with pytest.raises(InvalidInput):
            bad()
