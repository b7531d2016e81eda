"""Loading a seed list: rows go in without the frontier's indexes, which are built afterwards.
The result must be what queueing each seed in turn gave: the first of two equal URLs stays,
order within a host is the list's, a bad seed is logged once, and an interrupted load is
redone from scratch."""
from __future__ import annotations

import io

from server.crawler.crawl_log import parse_line
from server.crawler.engine import Crawler
from server.crawler.frontier import Frontier
from server.crawler.spec import parse_spec


def prepare(job_dir, seeds, mode="domain") -> Crawler:
    spec = parse_spec({"job_id": "1", "harvest_id": "1", "seeds": seeds, "profile": {"scope": {"mode": mode}}},
                      str(job_dir / "crawl-job.json"))
    c = Crawler(str(job_dir), spec, stdout=io.StringIO())
    c._prepare()
    return c


SEEDS = ["http://www.a.test/2", "HTTP://WWW.A.TEST/1", "www.b.test/x", "http://www.a.test/2#frag",
         "ftp://bad.test/", "http://www.a.test/1", "# a comment", "", "ftp://bad.test/", "http://www.a.test/3"]


def test_duplicates_order_and_bad_seeds(tmp_path):
    c = prepare(tmp_path, SEEDS)
    rows = c.frontier.db.execute("SELECT url, queue, seed, is_seed, state, domain FROM uris WHERE state=0"
                                 " ORDER BY id").fetchall()
    assert [r[0] for r in rows] == ["http://www.a.test/2", "http://www.a.test/1", "http://www.b.test/x",
                                    "http://www.a.test/3"]
    assert all(r[0] == r[2] and r[3] == 1 for r in rows)
    assert [r[1] for r in rows] == ["www.a.test", "www.a.test", "www.b.test", "www.a.test"]
    assert [r[5] for r in rows] == ["a.test", "a.test", "b.test", "a.test"]
    assert c.counters["queued"] == 4
    assert c.frontier.next("www.a.test").url == "http://www.a.test/2"  # the list's order within a host
    c.crawl_log.close()
    lines = [parse_line(x) for x in (tmp_path / "crawl.log").read_text().splitlines()]
    assert [(x["status"], x["url"]) for x in lines] == [("-7", "ftp://bad.test/")]
    # the key index exists again and refuses a second row for a seen URL
    assert not c.frontier.add("http://(test,a,www,)/1", "http://www.a.test/1", "www.a.test", "L", None, None, None)
    assert c.scope.in_seed_scope("http://other.b.test/")


def test_prefix_scope_takes_every_seed(tmp_path):
    c = prepare(tmp_path, ["http://www.a.test/one/x.html", "http://www.a.test/two/"], mode="prefix")
    assert c.scope.in_seed_scope("http://www.a.test/one/y.html")
    assert c.scope.in_seed_scope("http://www.a.test/two/z/")
    assert not c.scope.in_seed_scope("http://www.a.test/three/")


def test_an_interrupted_load_is_redone(tmp_path):
    f = Frontier(str(tmp_path / "frontier.sqlite"))
    f.load_seeds([("k1", "http://www.a.test/old", "www.a.test", "a.test")])  # killed before seeds_loaded
    f.close()
    c = prepare(tmp_path, ["http://www.a.test/new"])
    assert [r[0] for r in c.frontier.db.execute("SELECT url FROM uris")] == ["http://www.a.test/new"]
    assert c.frontier.get_meta("seeds_loaded") == "1"
