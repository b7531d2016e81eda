"""The real qa service over RabbitMQ (a private vhost) with the real archive (arcrepository, one
bitarchive replica and its monitor), the real index server, definitions service and viewerproxy
(its proxy its own OS process), and Chromium: a run renders a job's pages from the archive and
finds exactly the resource the archive lacks; thumbnails, verdicts, the summary; a run is
cancelled; a run left running by a stopped service is resumed by the next one from the pages it
had not checked; a patch job's recheck replays over both jobs and the page becomes complete.

The scheduler is a stand-in (``job``, ``list_jobs``, ``patch_job`` as the real one answers them):
the real scheduler's patch jobs are tested in tests/unit/scheduler/test_patch_jobs.py and the
whole chain with real harvests in tests/e2e/qa/test_qa_e2e.py."""
from __future__ import annotations

import base64
import datetime as dt
import io
import os
import shutil
import uuid

import pytest
from nameko.containers import ServiceContainer
from nameko.standalone.rpc import ClusterRpcProxy
from PIL import Image
from viewer_testkit import PNG, WarcBuilder, metadata_warc
from viewer_testkit.stack import Stack, StandInScheduler, store
from waiting import wait_for
from warcio.warcwriter import WARCWriter

from server.qa.service import QaService
from server.runtime.rpc import rpc
from shared import contracts
from shared.dto.jobs import JobDetailsDto
from shared.enums import JobStatus

pytestmark = [pytest.mark.rabbit]

if not os.access("/usr/bin/chromium", os.X_OK):
    pytest.skip("Debian's chromium is needed (apt-get install chromium)", allow_module_level=True)

HOST = "www.qa-test.dk"
FRONT, ABOUT, NEWS = f"https://{HOST}/", f"https://{HOST}/about.html", f"https://{HOST}/news.html"
IMAGE, MISSING = f"https://{HOST}/img.png", f"https://{HOST}/not-archived.png"
WHEN, LATER = "2024-01-01T10:00:00Z", "2024-02-01T10:00:00Z"
PAGE = (b"<!doctype html><html><head><title>front</title></head><body><h1>Front page</h1><p>Welcome to the "
        b"front page of the test site</p><img src='/img.png'><img src='/not-archived.png'></body></html>")
ABOUT_PAGE = b"<!doctype html><html><head><title>about</title></head><body><h1>About us</h1></body></html>"
NEWS_PAGE = b"<!doctype html><html><head><title>news</title></head><body><h1>News</h1></body></html>"


def _png(width=800, height=600) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), "white").save(out, "PNG")
    return out.getvalue()


def _resource(w: WARCWriter, uri: str, body: bytes, ctype: str) -> None:
    w.write_record(w.create_warc_record(uri, "resource", payload=io.BytesIO(body), length=len(body),
                                        warc_content_type=ctype, warc_headers_dict={"WARC-Date": WHEN}))


def _build(files) -> list[str]:
    """Job 1: the front page (missing /not-archived.png) with its crawl-time view and text, an
    about page the browser rendered (in pages.jsonl of the metadata WARC), a news page (sampled);
    job 2, the patch job: the image job 1 lacked."""
    one = WarcBuilder(os.path.join(files, "1-1-20240101100000-00000-qa.warc.gz"))
    one.response(FRONT, WHEN, PAGE)
    one.response(IMAGE, WHEN, PNG, "image/png")
    one.response(ABOUT, WHEN, ABOUT_PAGE)
    one.response(NEWS, WHEN, NEWS_PAGE)
    _resource(one.w, f"urn:view:{FRONT}", _png(), "image/png")
    _resource(one.w, f"urn:text:{FRONT}", b"Front page\nWelcome to the front page of the test site", "text/plain")
    one_path = one.close()
    two = WarcBuilder(os.path.join(files, "2-1-20240201100000-00000-qa.warc.gz"))
    two.response(MISSING, LATER, PNG + b"-now-reachable", "image/png")
    two_path = two.close()
    meta_one = metadata_warc(os.path.join(files, "1-metadata-1.warc.gz"), 1, [one_path])
    pages = (b'{"format": "json-pages-1.0", "id": "pages", "title": "All Pages"}\n'
             b'{"id": "a1", "url": "' + ABOUT.encode() + b'", "ts": "2024-01-01T10:00:00Z", "title": "about"}\n')
    with open(meta_one, "ab") as fh:     # the harvester's setup/pages.jsonl record, after the CDX
        w = WARCWriter(fh, gzip=True, warc_version="1.1")
        w.write_record(w.create_warc_record(
            "metadata://netarkivet.dk/crawl/setup/pages.jsonl?harvestid=1&jobid=1", "resource",
            payload=io.BytesIO(pages), length=len(pages), warc_content_type="application/x-jsonlines"))
    return [one_path, two_path, meta_one, metadata_warc(os.path.join(files, "2-metadata-1.warc.gz"), 2, [two_path])]


class Scheduler(StandInScheduler):
    """The scheduler's ``job`` and ``patch_job`` as it answers them, over the stand-in's jobs."""

    seeds: dict[int, list[str]] = {}
    patched: list[tuple[int, list[str]]] = []

    @rpc
    def job(self, job_id: int) -> JobDetailsDto:
        from shared.errors import JobNotFound

        if job_id not in self.jobs:
            raise JobNotFound(f"there is no job {job_id}", {"job_id": job_id})
        now = dt.datetime.now(dt.UTC)
        return JobDetailsDto(job_id, 1, "qa-harvest", 0, JobStatus(self.jobs[job_id]), "FOCUSED", False, "p", 1, 1,
                             -1, -1, now, now, now, now, None, "", "", "", None, None,
                             seeds=self.seeds.get(job_id, []))

    @rpc
    def patch_job(self, job_id: int, urls: list[str]) -> JobDetailsDto:
        Scheduler.patched.append((job_id, list(urls)))
        Scheduler.jobs[2] = "started"
        return self.job(2)


class QaStack(Stack):
    def start(self, inst: str) -> None:
        if inst != "scheduler":
            return super().start(inst)
        c = ServiceContainer(Scheduler, self.config(inst))
        c.start()
        self.containers[inst] = c


def _qa_config(env, **qa) -> dict:
    return {**env["config"], "instance": {"id": "qa-1"}, "data_dir": str(env["root"] / "qa"),
            "runtime": {"heartbeat_interval": 1.0},
            "qa": {"tabs": 1, "page_seconds": 15, "poll_seconds": 0.3, "rpc_timeout": 30, "sample": 5, **qa}}


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    import rabbit_admin

    vhost = f"nas-test-{uuid.uuid4().hex[:12]}"
    try:
        rabbit_admin.create_vhost(vhost)
    except rabbit_admin.NoBroker as exc:
        pytest.skip(str(exc))
    root = tmp_path_factory.mktemp("qa")
    config = {"AMQP_URI": f"amqp://guest:guest@127.0.0.1:5672/{vhost}"}
    Scheduler.jobs = {1: "done"}
    Scheduler.seeds = {1: [FRONT]}
    stack = QaStack(config, root)
    files = root / "files"
    files.mkdir()
    paths = _build(str(files))
    try:
        stack.start_all()
        with ClusterRpcProxy(config, timeout=60) as proxy:
            wait_for(lambda: proxy.arcrepository.status(), timeout=30)
            for p in paths:
                store(proxy, p)
        yield {"stack": stack, "config": config, "root": root}
    finally:
        stack.stop_all()
        rabbit_admin.delete_vhost(vhost)


@pytest.fixture
def qa(env):
    shutil.rmtree(env["root"] / "qa", ignore_errors=True)
    container = ServiceContainer(QaService, _qa_config(env))
    container.start()
    try:
        with ClusterRpcProxy(env["config"], timeout=120) as proxy:
            yield proxy
    finally:
        container.stop()


def _call(proxy, method, *args, **kwargs):
    return contracts.decode("qa", method, getattr(proxy.qa, method)(*args, **kwargs))


def _done(proxy, run_id, timeout=240):
    return wait_for(lambda: (r := _call(proxy, "get_run", run_id)).state in ("done", "failed", "cancelled") and r,
                    timeout=timeout, interval=0.5)


def test_a_run_finds_exactly_what_the_archive_lacks_and_keeps_scores_views_and_verdicts(qa):
    from shared.errors import QaJobNotDone

    queued = _call(qa, "run", 1)
    assert queued.state == "queued" and queued.job_id == 1 and queued.threshold == 0.9
    run = _done(qa, queued.run_id)
    assert run.state == "done", run.error
    assert (run.pages_total, run.pages_checked) == (3, 3)
    pages = {p.url: p for p in _call(qa, "pages", 1, order="source").items}
    assert [p.source for p in _call(qa, "pages", 1, order="source").items] == ["seed", "browser", "sample"]
    front = pages[FRONT]
    assert front.missing_urls == [MISSING] and front.load_state == "loaded" and front.title == "front"
    assert front.score < 1 and front.has_crawl_view and front.has_replay_view and front.text_score is not None
    assert pages[ABOUT].missing == 0 and pages[ABOUT].score > 0 and pages[NEWS].missing == 0
    assert pages[ABOUT].visual_score is None             # no crawl-time view of it
    assert run.pages_complete == 2 and run.share_complete == round(2 / 3, 4) and run.below_threshold
    crawl = base64.b64decode(_call(qa, "view", 1, FRONT, "crawl"))
    replay = base64.b64decode(_call(qa, "view", 1, FRONT, "replay"))
    assert Image.open(io.BytesIO(crawl)).width == 320 and Image.open(io.BytesIO(replay)).width == 320
    assert _call(qa, "view", 1, ABOUT, "crawl") == ""

    judged = _call(qa, "set_verdict", 1, FRONT, "broken", "the second image is gone")
    assert (judged.verdict, judged.note) == ("broken", "the second image is gone") and judged.reviewer
    summary = _call(qa, "summary", 1)
    assert summary.last_run.run_id == run.run_id and summary.pages_checked == 3 and summary.pages_complete == 2
    assert summary.worst[0].url == FRONT and summary.verdicts == {"broken": 1}
    assert _call(qa, "list_runs", 1).items[0].run_id == run.run_id

    Scheduler.jobs[3] = "started"
    with pytest.raises(QaJobNotDone):
        qa.qa.run(3)
    cancelled = _call(qa, "cancel", _call(qa, "run", 1).run_id)
    assert cancelled.state == "cancelled"


def test_a_patch_job_is_made_of_the_missing_urls_and_its_recheck_makes_the_page_complete(qa):
    from shared.errors import QaNothingMissing

    run = _done(qa, _call(qa, "run", 1).run_id)
    assert run.state == "done"
    Scheduler.patched.clear()
    patch = _call(qa, "patch", 1)
    assert (patch.job_id, patch.patch_job_id, patch.harvest, patch.urls) == (1, 2, "qa-harvest", 1)
    assert Scheduler.patched == [(1, [MISSING])]
    Scheduler.jobs[2] = "done"           # the harvester has harvested the patch job
    recheck = wait_for(lambda: (r := _call(qa, "list_runs", 1).items[0]).kind == "recheck" and r, timeout=30)
    recheck = _done(qa, recheck.run_id)
    assert recheck.state == "done" and recheck.patch_job_id == 2 and recheck.pages_total == 1
    front = next(p for p in _call(qa, "pages", 1).items if p.url == FRONT)
    assert front.missing == 0 and front.run_id == recheck.run_id and front.load_state == "loaded"
    summary = _call(qa, "summary", 1)
    assert summary.pages_complete == 3 and summary.share_complete == 1.0
    with pytest.raises(QaNothingMissing):
        qa.qa.patch(1)
