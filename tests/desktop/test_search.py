"""The search screen against a real ``index_server`` process (on the desktop tests' vhost): its
cache holds the full-text indexes of two jobs of the test site (made by the index server's own
core from their WARCs beforehand, as the server makes them from the archive). A query finds a
page with its snippet; a facet narrows the query; the history keeps the queries; bad input is
shown by its field; a hit asks the archive browser to open it; the screen in Danish."""
from __future__ import annotations

import pytest
from fulltext_testkit import PDF_WORDS, site, write_job
from index_process import running_index_server
from index_testkit import FakeArchive, FakeCatalog

from desktop.controllers.base import Problem
from desktop.controllers.search import job_list


@pytest.fixture(scope="module")
def index_server(services, tmp_path_factory):
    from server.index.cache import CacheConfig, IndexCache
    from server.index.fulltext.store import TextIndexes

    uri = services[0]
    root = tmp_path_factory.mktemp("search")
    folder = root / "archive"
    folder.mkdir()
    first = write_job(str(folder), 1, 1, site())
    write_job(str(folder), 2, 2, site("www.example.org"), originals={c.url: c for c in first})
    cache = IndexCache(CacheConfig(str(root / "cache")), FakeArchive(str(folder)), FakeCatalog({1: "done", 2: "done"}))
    texts = TextIndexes(cache)
    texts.build(1)
    texts.build(2)
    cache.close()
    with running_index_server(uri, root, "index-test") as started:
        yield started


@pytest.fixture
def screen(qtbot, index_server, connection, languages):
    from PySide6.QtCore import QSettings

    from desktop.rpc import RpcClient, ServiceBackend
    from desktop.screens.search import SearchScreen

    QSettings().remove("search/history")
    client = RpcClient(ServiceBackend(connection.amqp_uri(), connection.timeout))
    s = SearchScreen(client)
    qtbot.addWidget(s)
    s.show()
    s.activate()
    yield s
    client.shutdown()


def _search(qtbot, screen, query: str, jobs: str = "") -> None:
    screen.query.setEditText(query)
    screen.jobs.setText(jobs)
    with qtbot.waitSignal(screen.controller.resultsChanged, timeout=30000):
        screen.search_button.click()


def test_search_facets_history_and_opening_a_hit(qtbot, screen):
    _search(qtbot, screen, "garçon")
    r = screen.controller.result
    assert r.total == 2 and r.covered == [1, 2]
    html = screen.results.toHtml()
    assert "Café crème" in html and "http://www.example.dk/fr.html" in html and "Besançon" in html
    assert "Hits 1–2 of 2 in jobs 1, 2." in screen.summary.text()
    assert "example.org" in screen.facets.toPlainText() and "example.dk" in screen.facets.toPlainText()

    # a facet clicked narrows the query
    from PySide6.QtCore import QUrl
    with qtbot.waitSignal(screen.controller.resultsChanged, timeout=30000):
        screen._facet_clicked(QUrl("facet:domain:example.org"))
    assert screen.query.currentText() == "garçon domain:example.org"
    assert [h.url for h in screen.controller.result.hits] == ["http://www.example.org/fr.html"]

    # a PDF of job 2 by a phrase; a hit clicked asks to be opened
    _search(qtbot, screen, f'"{PDF_WORDS}"', "2")
    hit = screen.controller.result.hits[0]
    assert hit.job_id == 2 and hit.url == "http://www.example.org/report.pdf"
    with qtbot.waitSignal(screen.openCapture, timeout=5000) as opened:
        screen._result_clicked(QUrl("hit:0"))
    assert opened.args == [[2], hit.timestamp, "http://www.example.org/report.pdf"]

    # the history holds the queries, newest first, and survives a new screen
    history = [screen.query.itemText(i) for i in range(screen.query.count())]
    assert history[:3] == [f'"{PDF_WORDS}"', "garçon domain:example.org", "garçon"]


def test_bad_input_is_shown_by_its_field(qtbot, screen):
    screen.query.setEditText("   ")
    screen.search_button.click()
    assert "cannot be empty" in screen.form.visible_errors().get("query", "")
    screen.query.setEditText("archive")
    screen.jobs.setText("1, x")
    screen.search_button.click()
    assert "job numbers" in screen.form.visible_errors().get("jobs", "")
    screen.jobs.setText("")
    screen.query.setEditText("(archive OR")
    screen.search_button.click()
    qtbot.waitUntil(lambda: "query" in screen.form.visible_errors(), timeout=30000)
    assert "not closed" in screen.form.visible_errors()["query"] or "expected" in screen.form.visible_errors()["query"]
    screen.jobs.setText("99")
    screen.query.setEditText("archive")
    screen.search_button.click()
    qtbot.waitUntil(lambda: "jobs" in screen.form.visible_errors(), timeout=30000)


def test_the_screen_in_danish(qtbot, screen, languages, shots):
    screen.resize(1100, 700)
    _search(qtbot, screen, "crêpe OR julemad")
    shots(screen, "search-en")
    languages.set_language("da")
    qtbot.waitUntil(lambda: screen.search_button.text() == "Søg", timeout=5000)
    assert screen.title() == "Søg" and "Hits" not in screen.summary.text()
    assert "Resultat 1–4 af 4" in screen.summary.text() and "Domæner" in screen.facets.toPlainText()
    shots(screen, "search-da")
    languages.set_language("en")
    qtbot.waitUntil(lambda: screen.search_button.text() == "Search", timeout=5000)


def test_a_hit_opens_at_its_capture_time(qtbot):
    """The archive browser's controller (its viewerproxy answers recorded, as in its own tests):
    its session is moved to the hit's moment before the tab goes to the URL."""
    from test_controllers import Recording, _ca_pem, viewer_answers

    from desktop.controllers.archive_browser import ArchiveBrowserController
    from desktop.controllers.search import at_capture
    from desktop.rpc import RpcClient

    backend = Recording(viewer_answers(_ca_pem()))
    client = RpcClient(backend)
    browser = ArchiveBrowserController(client)
    went = []
    at_capture(browser, "20240102120002", lambda: went.append(True))
    browser.open([2])
    qtbot.waitUntil(lambda: went == [True], timeout=10000)
    moves = [(a, k) for _s, m, a, k in backend.calls if m == "update_session"]
    assert moves == [(("s1",), {"timestamp": "20240102120002"})]
    browser.open([3])          # the tab switched to other jobs later: not moved again
    qtbot.waitUntil(lambda: browser.session is not None and browser.session.session_id == "s2", timeout=10000)
    assert went == [True] and len([m for m in backend.methods() if m == "update_session"]) == 1
    browser.close()
    client.shutdown()


def test_job_lists():
    assert job_list("") == [] and job_list("1, 2 5-7") == [1, 2, 5, 6, 7]
    for bad in ("x", "0", "7-3", "1-"):
        with pytest.raises(Problem):
            job_list(bad)
