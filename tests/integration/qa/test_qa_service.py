"""The real qa service over RabbitMQ (a private vhost) with the real archive (arcrepository, one
bitarchive replica and its monitor), the real index server, definitions service and viewerproxy
(its proxy its own OS process), and Chromium: a run renders a job's pages from the archive and
finds exactly the resource the archive lacks; thumbnails, verdicts, the summary; a run is
cancelled; a run left running by a stopped service is resumed by the next one from the pages it
had not checked; a patch job's recheck replays over both jobs and the page becomes complete.

The scheduler is a stand-in (``job``, ``list_jobs``, ``patch_job`` as the real one answers them):
the real scheduler's patch jobs are tested in tests/integration/scheduler/test_sched_patch_jobs.py and the
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
from shared.dto import Page
from shared.dto.jobs import JobDetailsDto, JobDto
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
    for i in range(10):
        one.response(f"https://{HOST}/news-{i}.html", WHEN, NEWS_PAGE.replace(b"News", f"News {i}".encode()))
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
    """The scheduler's ``list_jobs`` (status, id range, sort by id) and ``patch_job`` as it answers
    them, over the stand-in's jobs (all of harvest "h"); ``job`` is the stand-in's."""

    seeds: dict[int, list[str]] = {}
    patched: list[tuple[int, list[str]]] = []

    @rpc
    def list_jobs(self, filters=None, offset=0, limit=100, sort=None) -> Page[JobDto]:
        f = filters or {}
        wanted = f.get("status")
        wanted = [wanted] if isinstance(wanted, str) else wanted
        ids = sorted((i for i in self.jobs if i >= f.get("id_from", 0) and (not wanted or self.jobs[i] in wanted)),
                     reverse=sort == "-id")
        now = dt.datetime.now(dt.UTC)
        items = [JobDto(i, 1, "h", 0, JobStatus(self.jobs[i]), "FOCUSED", False, "p", 1, 1, -1, -1, now, now, now,
                        now, None, "", "", "", None, None) for i in ids[offset:offset + limit]]
        return Page(items, len(ids), offset, limit)

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

    queued = _call(qa, "run", 1, 1)
    assert queued.state == "queued" and queued.job_id == 1 and queued.threshold == 0.9
    run = _done(qa, queued.run_id)
    assert run.state == "done", run.error
    assert (run.pages_total, run.pages_checked) == (3, 3)
    pages = {p.url: p for p in _call(qa, "pages", 1, order="source").items}
    assert [p.source for p in _call(qa, "pages", 1, order="source").items] == ["seed", "browser", "sample"]
    sampled = next(p for p in pages.values() if p.source == "sample")
    front = pages[FRONT]
    assert front.missing_urls == [MISSING] and front.load_state == "loaded" and front.title == "front"
    assert front.score < 1 and front.has_crawl_view and front.has_replay_view and front.text_score is not None
    assert pages[ABOUT].missing == 0 and pages[ABOUT].score > 0 and sampled.missing == 0 and "/news" in sampled.url
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

    run = _done(qa, _call(qa, "run", 1, 0).run_id)
    assert run.state == "done" and run.pages_total == 2
    Scheduler.patched.clear()
    patch = _call(qa, "patch", 1)
    assert (patch.job_id, patch.patch_job_id, patch.harvest, patch.urls) == (1, 2, "h", 1)
    assert Scheduler.patched == [(1, [MISSING])]
    Scheduler.jobs[2] = "done"           # the harvester has harvested the patch job
    recheck = wait_for(lambda: (r := _call(qa, "list_runs", 1).items[0]).kind == "recheck" and r, timeout=30)
    recheck = _done(qa, recheck.run_id)
    assert recheck.state == "done" and recheck.patch_job_id == 2 and recheck.pages_total == 1
    front = next(p for p in _call(qa, "pages", 1).items if p.url == FRONT)
    assert front.missing == 0 and front.run_id == recheck.run_id and front.load_state == "loaded"
    summary = _call(qa, "summary", 1)
    assert summary.pages_complete == 2 and summary.share_complete == 1.0
    with pytest.raises(QaNothingMissing):
        qa.qa.patch(1)


def test_a_run_left_running_by_a_stopped_service_is_resumed_from_its_unchecked_pages(env):
    shutil.rmtree(env["root"] / "qa", ignore_errors=True)
    first = ServiceContainer(QaService, _qa_config(env))
    first.start()
    try:
        with ClusterRpcProxy(env["config"], timeout=120) as proxy:
            run = _call(proxy, "run", 1, 10)
            mid = wait_for(lambda: (r := _call(proxy, "get_run", run.run_id)).pages_checked >= 2 and r,
                           timeout=120, interval=0.05)
    finally:
        first.kill()                       # as a crash or a host going down: nothing is finished
    assert mid.state == "running" and mid.pages_checked < mid.pages_total == 12
    second = ServiceContainer(QaService, _qa_config(env))
    second.start()
    try:
        with ClusterRpcProxy(env["config"], timeout=120) as proxy:
            before = {p.url: p.checked_at for p in _call(proxy, "pages", 1, limit=100).items
                      if p.run_id == run.run_id}
            done = _done(proxy, run.run_id)
            assert done.state == "done" and done.pages_checked == done.pages_total == 12
            after = {p.url: p.checked_at for p in _call(proxy, "pages", 1, limit=100).items}
            assert len(before) >= 2 and all(after[u] == t for u, t in before.items())   # not checked again
            assert len(_call(proxy, "list_runs", 1).items) == 1
    finally:
        second.stop()


def test_the_command_line(qa, env, capsys):
    import json

    from server.cli.main import main

    uri = ["--amqp-uri", env["config"]["AMQP_URI"]]
    Scheduler.jobs[3] = "started"
    # below its threshold (one of two pages complete): --wait answers 1 (failed)
    assert main(["qa", "run", "1", "--sample", "0", "--wait", *uri]) == 1
    out = capsys.readouterr().out
    assert "2/2 pages checked, 1 complete (50%; threshold 90%)" in out
    assert main(["qa", "show", "1", "--worst", "1", *uri]) == 0
    out = capsys.readouterr().out
    assert "2 pages checked, 1 complete (50%)" in out and f"{FRONT} misses {MISSING}" in out and ABOUT not in out
    assert main(["qa", "show", "1", "--json", "--worst", "2", *uri]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert [p["url"] for p in shown["worst"]] == [FRONT, ABOUT] and shown["pages_complete"] == 1
    assert main(["qa", "pages", "1", "--order", "source", "--json", *uri]) == 0
    assert [p["source"] for p in json.loads(capsys.readouterr().out)["items"]] == ["seed", "browser"]
    assert main(["qa", "verdict", "1", ABOUT, "ok", "--note", "fine", *uri]) == 0
    assert "ok by" in capsys.readouterr().out
    assert main(["qa", "verdict", "1", "https://nowhere.test/", "ok", *uri]) == 4        # not found
    assert main(["qa", "run", "3", *uri]) == 6                                           # not done: conflict
    assert main(["qa", "cancel", "99999", *uri]) == 4
    queued = _call(qa, "run", 1, 0)
    assert main(["qa", "cancel", str(queued.run_id), *uri]) == 0
    assert "cancelled" in capsys.readouterr().out
    assert main(["qa", "cancel", str(queued.run_id), *uri]) == 6                         # ended already
    assert main(["qa", "show", "1", "--worst", "-1", *uri]) == 2


def test_a_done_job_of_a_harvest_with_qa_auto_is_checked_on_its_own(env):
    import sqlite3

    with ClusterRpcProxy(env["config"], timeout=60) as proxy:
        if not any(h["name"] == "h" for h in proxy.definitions.list_harvests()["items"]):
            proxy.definitions.create_snapshot("h")
        h = proxy.definitions.get_harvest("h")
        h = proxy.definitions.update_harvest("h", h["edition"], {"qa": {"auto": True, "sample": 0, "threshold": 0.4}})
        assert h["qa"] == {"auto": True, "sample": 0, "threshold": 0.4}
    Scheduler.jobs = {1: "started", 2: "failed"}
    shutil.rmtree(env["root"] / "qa", ignore_errors=True)
    container = ServiceContainer(QaService, _qa_config(env))
    container.start()
    try:
        db = env["root"] / "qa" / "qa.db"
        # the first look marks where auto-runs begin (the newest job then): nothing older is checked
        wait_for(lambda: db.exists() and sqlite3.connect(db).execute("select job_id from qa_job_seen").fetchall()
                 == [(2,)], timeout=30)
        Scheduler.jobs[3] = "done"               # a job done after the first look: checked on its own
        with ClusterRpcProxy(env["config"], timeout=60) as proxy:
            run = wait_for(lambda: _call(proxy, "list_runs").items, timeout=30)[0]
            assert (run.job_id, run.requested_by, run.threshold) == (3, "qa (auto)", 0.4)
            _done(proxy, run.run_id)            # job 3 is not in the archive: the run fails, saying why
            seen = sqlite3.connect(db).execute("select job_id, run_id from qa_job_seen order by job_id").fetchall()
            assert seen == [(2, None), (3, run.run_id)] and _call(proxy, "list_runs").total == 1
    finally:
        container.stop()
        Scheduler.jobs = {1: "done"}
