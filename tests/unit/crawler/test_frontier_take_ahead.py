"""``Frontier.next`` takes up to ``TAKE_AHEAD`` URIs of a host queue in one statement and hands
them out one by one: the order, the states in the file, a browser's claim of a URI taken ahead,
the bound on what is held in memory, and giving them back at the crawl's end."""
from __future__ import annotations

from server.crawler import frontier as frontier_module
from server.crawler.frontier import FINISHED, IN_FLIGHT, QUEUED, Frontier


def _queue(f: Frontier, host: str, n: int, start: int = 0) -> None:
    for i in range(start, start + n):
        f.add(f"{host},{i}", f"http://{host}/{i}", host, "L", None, None, host)


def _state(f: Frontier, host: str, i: int) -> int:
    return f.db.execute("SELECT state FROM uris WHERE key=?", (f"{host},{i}",)).fetchone()[0]


def test_a_queue_is_handed_out_oldest_first_each_uri_once(tmp_path, monkeypatch):
    monkeypatch.setattr(frontier_module, "TAKE_AHEAD", 4)
    f = Frontier(str(tmp_path / "frontier.db"))
    _queue(f, "a.test", 10)
    first = [f.next("a.test").url for _ in range(3)]
    _queue(f, "a.test", 2, start=10)  # found while the first ones were fetched: after them
    rest = []
    while (uri := f.next("a.test")) is not None:
        rest.append(uri.url)
        f.finish(uri.id, 200, 1, "text/html")
    assert first + rest == [f"http://a.test/{i}" for i in range(12)]
    assert f.count(FINISHED) == 9 and f.count(IN_FLIGHT) == 3 and f.count(QUEUED) == 0


def test_uris_taken_ahead_are_in_flight_in_the_file_until_given_back(tmp_path, monkeypatch):
    monkeypatch.setattr(frontier_module, "TAKE_AHEAD", 4)
    f = Frontier(str(tmp_path / "frontier.db"))
    _queue(f, "a.test", 6)
    uri = f.next("a.test")
    # a killed crawl's resume puts every in-flight row back (reset_in_flight): none is lost
    assert [_state(f, "a.test", i) for i in range(6)] == [IN_FLIGHT] * 4 + [QUEUED] * 2
    f.finish(uri.id, 200, 1, "text/html")
    f.give_back()  # the crawl ends (a stop, a time limit): its reports say they are queued
    assert [_state(f, "a.test", i) for i in range(6)] == [FINISHED] + [QUEUED] * 5
    assert f.next("a.test").url == "http://a.test/1"  # a resume goes on where the crawl stopped


def test_a_browser_claims_a_uri_taken_ahead_and_next_no_longer_hands_it_out(tmp_path, monkeypatch):
    monkeypatch.setattr(frontier_module, "TAKE_AHEAD", 4)
    f = Frontier(str(tmp_path / "frontier.db"))
    _queue(f, "a.test", 4)
    assert f.next("a.test").url == "http://a.test/0"
    claimed = f.claim("a.test,2")
    assert claimed is not None and claimed.url == "http://a.test/2"
    assert f.claim("a.test,2") is None  # in flight now: claimed once
    assert f.claim("a.test,0") is None  # handed out by next(): in flight, not takeable
    assert [f.next("a.test").url for _ in range(2)] == ["http://a.test/1", "http://a.test/3"]
    assert f.next("a.test") is None


def test_what_is_taken_ahead_in_all_stays_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(frontier_module, "TAKE_AHEAD", 4)
    monkeypatch.setattr(frontier_module, "TAKE_AHEAD_MAX", 10)
    f = Frontier(str(tmp_path / "frontier.db"))
    hosts = [f"h{i}.test" for i in range(6)]
    for host in hosts:
        _queue(f, host, 5)
    handed = [f.next(host).url for host in hosts]  # the first hosts take 4, the last ones 1
    assert handed == [f"http://{host}/0" for host in hosts]
    assert f._ahead_count <= 10
    assert f.count(IN_FLIGHT) == len(hosts) + f._ahead_count
    f.give_back()
    assert f.count(IN_FLIGHT) == len(hosts) and f.count(QUEUED) == 6 * 5 - len(hosts)


def test_a_rolled_back_set_up_forgets_what_it_took_ahead(tmp_path):
    f = Frontier(str(tmp_path / "frontier.db"))
    _queue(f, "a.test", 3)
    f.commit()
    f.next("a.test")
    f.discard()  # the UPDATE that took them is rolled back: they are queued in the file again
    assert f.count(QUEUED) == 3
    assert f.next("a.test").url == "http://a.test/0"
