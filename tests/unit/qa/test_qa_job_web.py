"""The QA web as a harvest meets it (bench/qa_bench.py's job mode): the bench pages of
tests/support/qa_testkit.py linked as a tree from one front page, crawled from it with the browser
rendering the seed and the pages one hop away, every other page fetched plainly; then the real qa
service's run of the job (in the helper process, tests/support/viewer_env_process.py ``qa-job``)
lists the seed, the browser-rendered pages and a sample, and finds exactly the pictures that were
unreachable on the pages it checked."""
from __future__ import annotations

import time
import urllib.request

import pytest
import qa_testkit
from viewer_env import start_viewer_env

from shared.client import ServiceClient


def _get(site: qa_testkit.QaSite, path: str) -> tuple[int, str]:
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({"http": site.proxy_url}))
    try:
        with opener.open(qa_testkit.BASE + path, timeout=10) as answer:
            return answer.status, answer.read().decode("latin-1")
    except urllib.error.HTTPError as exc:
        return exc.code, ""


def test_the_web_is_a_tree_of_its_pages_from_the_front_page():
    with qa_testkit.QaSite(web_pages=14, fanout=3) as site:
        status, front = _get(site, "/bench/0.html")
        _, four = _get(site, "/bench/4.html")
        _, thirteen = _get(site, "/bench/13.html")
        assert _get(site, "/bench/14.html")[0] == 404 and _get(site, "/bench/14.png")[0] == 404
        assert _get(site, "/bench/13.png")[0] == 200
    assert status == 200 and all(f"href='/bench/{i}.html'" in front for i in (1, 2, 3))
    assert "href='/bench/4.html'" not in front and "href='/bench/13.html'" in four
    assert "href='/bench/14.html'" not in four and "<nav>" not in thirteen
    assert "/bench/gone-0.png" in front and "gone-" not in four     # every fifth page's picture
    assert [qa_testkit.web_hops(i, 3) for i in (0, 1, 3, 4, 12, 13)] == [0, 1, 1, 2, 2, 3]
    assert qa_testkit.bench_number(qa_testkit.WEB_FRONT) == 0 and qa_testkit.bench_number(qa_testkit.COMPLETE) is None


def test_the_bench_pages_without_a_web_do_not_link():
    with qa_testkit.QaSite() as site:
        _, page = _get(site, "/bench/0.html")
        assert _get(site, "/bench/5000.html")[0] == 200
    assert "<nav>" not in page and "href=" not in page.replace("href='/bench/style.css'", "")


@pytest.fixture(scope="module")
def job(tmp_path_factory):
    """20 pages, 4 links a page: the front page, 4 pages one hop away, 15 two hops away."""
    yield from start_viewer_env(tmp_path_factory, "qa-job", "20", "--fanout", "4", "--browser-hops", "1")


@pytest.mark.rabbit
@pytest.mark.slow
def test_the_qa_service_checks_the_crawled_job_and_finds_exactly_the_unreachable_pictures(job):
    assert job["rendered"] == 5 and job["browser"] == {"render": "hops", "max_hops": 1}
    with ServiceClient(job["amqp_uri"], timeout=120) as client:
        run = client.call("qa", "run", job["jobs"][0], 5)
        deadline = time.monotonic() + 600
        while run.state not in ("done", "failed", "cancelled") and time.monotonic() < deadline:
            time.sleep(0.5)
            run = client.call("qa", "get_run", run.run_id)
        assert run.state == "done", run.error
        pages = client.call("qa", "pages", job["jobs"][0], 0, 100, "source").items
    by_source = {s: [qa_testkit.bench_number(p.url) for p in pages if p.source == s] for s in ("seed", "browser")}
    assert by_source == {"seed": [0], "browser": [1, 2, 3, 4]}
    sample = [p for p in pages if p.source == "sample"]
    assert len(sample) == 5 and all(qa_testkit.web_hops(qa_testkit.bench_number(p.url), 4) == 2 for p in sample)
    for p in pages:
        gone = qa_testkit.bench_gone(qa_testkit.bench_number(p.url))
        assert p.missing_urls == ([gone] if gone else []), p.url
        assert p.load_state == "loaded" and (p.score >= 0.99) == (gone is None), (p.url, p.score)
    # the crawl-time views of the rendered pages were compared; the sampled pages have none
    assert all(p.visual_score is not None for p in pages if p.source != "sample")
    assert all(p.visual_score is None for p in sample)
