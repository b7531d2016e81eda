"""The archive browser's page list controller without widgets: asked again while the index server
is making the list, a bad prefix said in words, QA scores read beside it (none without a qa
service). The services are outside the unit: a recording backend answers as they do (the real
services: test_archive_browser_e2e.py, test_qa_review.py)."""
from __future__ import annotations

import pytest
from test_controllers import Recording

from desktop.controllers.job_pages import MAKING, READY, JobPagesController
from desktop.rpc import RpcClient
from shared.client import UnknownService
from shared.errors import IndexNotReady, InvalidInput


def page(items, total=None, offset=0, limit=200):
    return {"items": items, "total": len(items) if total is None else total, "offset": offset, "limit": limit}


def row(url, source="html", ts="20260101000000"):
    return {"url": url, "timestamp": ts, "source": source, "status": "200", "mime": "text/html", "title": ""}


@pytest.fixture
def make(qtbot):
    made = []

    def build(answers):
        backend = Recording(answers)
        client = RpcClient(backend)
        c = JobPagesController(client, retry_ms=10)
        states = []
        c.stateChanged.connect(lambda state, text: states.append((state, text)))
        made.append((client, c))
        return c, backend, states
    yield build
    for client, _c in made:
        client.shutdown()


def test_asked_again_while_the_list_is_made_then_shown_with_scores(qtbot, make):
    answers = iter([IndexNotReady("being made"), IndexNotReady("being made"),
                    page([row("http://a.dk/", "seed"), row("http://a.dk/x")])])

    def job_pages(**kw):
        answer = next(answers)
        if isinstance(answer, Exception):
            raise answer
        return answer
    qa = page([{"job_id": 4, "url": "http://a.dk/x", "source": "sample", "timestamp": "", "title": "", "score": 0.25,
                "visual_score": None, "text_score": None, "requested": 4, "missing": 3, "missing_urls": [],
                "errors": [], "load_state": "loaded", "checked_at": None, "run_id": 1, "has_crawl_view": False,
                "has_replay_view": False}], limit=1000)
    c, backend, states = make({"job_pages": job_pages, "pages": qa})
    scores = []
    c.scoresChanged.connect(scores.append)
    c.show_job(4)
    qtbot.waitUntil(lambda: c.state == READY, timeout=10_000)
    assert [s for s, _t in states if s == MAKING] and "being made" in next(t for s, t in states if s == MAKING)
    assert backend.methods().count("job_pages") == 3
    assert states[-1][0] == READY and states[-1][1].startswith("2 page")
    assert [c.page_at(r).url for r in range(2)] == ["http://a.dk/", "http://a.dk/x"]
    qtbot.waitUntil(lambda: scores == [True], timeout=10_000)
    assert c.model.data(c.model.index(1, c.SCORE_COLUMN)) == "25 %"
    assert c.model.data(c.model.index(0, c.SCORE_COLUMN)) == ""    # not checked by QA
    assert ("index_server", "job_pages", (), {"job_id": 4, "prefix": "", "offset": 0, "limit": 200}) in backend.calls


def test_a_bad_prefix_and_no_qa_service(qtbot, make):
    c, _backend, states = make({"job_pages": InvalidInput("no host", {"field": "prefix"}),
                                "pages": UnknownService("qa")})
    scores = []
    c.scoresChanged.connect(scores.append)
    c.show_job(9)
    c.filter("/nothing")
    qtbot.waitUntil(lambda: c.state == "failed", timeout=10_000)
    assert states[-1][1].startswith("Type the start of a URL")
    qtbot.waitUntil(lambda: scores == [False], timeout=10_000)     # no qa service: no score column
