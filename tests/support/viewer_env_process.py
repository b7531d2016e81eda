"""A real archive with a running viewerproxy, in a process of its own, for the desktop's end-to-end
test of the archive browser (tests/desktop/test_archive_browser_e2e.py).

Why a process: Nameko containers need an eventlet-patched process, and Qt must run in a plain one
(the desktop test shard). So this script patches first, builds the archive of
``viewer_testkit.browser_archive`` on a private RabbitMQ vhost with ``viewer_testkit.stack``
(the same services as the viewerproxy's integration tests), prints ONE line of JSON on stdout with
what the desktop needs, and runs until its stdin closes or it gets SIGTERM; then it stops the
services (and with them the proxy process) and deletes the vhost and its files.

    python tests/support/viewer_env_process.py [scripted | qa | qa-bench N | qa-job N [options]]
    (from the repository root)

With ``scripted`` the archive holds instead one job (3) crawled by our own crawler with browser
capture on: the test web's ``/scripted/`` page (``viewer_testkit.scripted_warcs``); its JSON
line names it as ``front`` and ``jobs`` is ``[3]``.

With ``qa`` it holds one job (7), the QA web of ``qa_testkit`` harvested by our own crawler with
some resources unreachable: its JSON line adds ``warcs`` (the job's WARC files, readable while
this process runs) and ``pages_jsonl``. With ``qa-bench N`` the job holds N generated pages
(``qa_testkit.bench_pages``), each rendered at crawl time; the line adds ``pages`` and
``crawl_seconds`` (the crawler's run, browser capture included).

With ``qa-job N`` the job (7) is a crawl as a harvest runs one: the linked web of N bench pages
(``QaSite(web_pages=N, fanout=K)``) crawled from its front page alone, the browser rendering the
seed and the pages up to ``--browser-hops H`` link hops from it (``render: hops``) and/or those
matching ``--browser-regex R`` (``url_patterns``), every other page fetched plainly; its
metadata WARC holds the crawl's ``pages.jsonl``. The real qa service runs here too (``qa.tabs``
from ``--tabs``, ``qa.page_seconds`` from ``--page-seconds``), so a caller queues ``qa.run(7,
sample)`` as ``nas qa run`` does. The line adds ``front``, ``job_pages``, ``fanout``,
``browser`` (the profile's browser section), ``rendered`` (pages in pages.jsonl) and
``crawl_seconds``.

The JSON line: ``{"ready": true, "amqp_uri", "vhost", "jobs": [1, 2], "front", "image",
"not_archived", "proxy": {"host", "port"}}``; on failure ``{"ready": false, "error": ...}``.
Everything else (logs) goes to stderr.
"""
from __future__ import annotations

import eventlet

eventlet.monkey_patch()

import argparse  # noqa: E402
import json  # noqa: E402
import shutil  # noqa: E402
import signal  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import traceback  # noqa: E402
import uuid  # noqa: E402
from pathlib import Path  # noqa: E402

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent.parent)]    # tests/support, the repository root

from rabbit_admin import RABBIT_HOST, RABBIT_PORT  # noqa: E402


def _watch_stdin(done) -> None:
    """In a real OS thread (a blocking read would stall eventlet's hub and every service)."""
    try:
        while sys.stdin.buffer.read(4096):
            pass
    except (OSError, ValueError):
        pass
    done.append("stdin closed")


SCRIPTED_JOB = 3


QA_JOB = 7


def _job_crawl(files: Path, job: argparse.Namespace) -> tuple[list[str], dict]:
    """``qa-job``: the linked QA web crawled from its front page, rendered as ``job`` says; answers
    the job's files (WARCs and metadata WARC) and the facts for the JSON line."""
    import time

    import qa_testkit
    import viewer_testkit as kit

    from server.qa.pages import parse_pages_jsonl

    browser: dict = {"render": "seeds"}
    if job.browser_hops is not None:
        browser = {"render": "hops", "max_hops": job.browser_hops}
    if job.browser_regex:
        browser["url_patterns"] = [job.browser_regex]
    front = qa_testkit.WEB_FRONT
    started = time.monotonic()
    with qa_testkit.QaSite(web_pages=job.pages, fanout=job.fanout) as site:
        warcs, crawl_log, pages_jsonl = qa_testkit.crawl(
            str(files), QA_JOB, site, (front,), (), max_hops=qa_testkit.web_hops(job.pages - 1, job.fanout),
            browser=browser, timeout=6 * 3600)
    crawl_seconds = time.monotonic() - started
    meta = kit.metadata_warc(str(files / f"{QA_JOB}-metadata-1.warc.gz"), QA_JOB, warcs, crawl_log, [front],
                             pages_jsonl)
    return [*warcs, meta], {"front": front, "job_pages": job.pages, "fanout": job.fanout, "browser": browser,
                            "rendered": len(parse_pages_jsonl(pages_jsonl)),
                            "crawl_seconds": round(crawl_seconds, 2)}


def _start_qa(stack, config: dict, root: Path, job: argparse.Namespace) -> None:
    """The real qa service in this process, on the stack's vhost (stopped with the stack)."""
    from nameko.containers import ServiceContainer

    from server.qa.service import QaService

    container = ServiceContainer(QaService, {
        **config, "instance": {"id": "qa-1"}, "data_dir": str(root / "qa"), "runtime": {"heartbeat_interval": 1.0},
        "qa": {"tabs": job.tabs, "page_seconds": job.page_seconds, "poll_seconds": 1, "rpc_timeout": 60,
               "max_pages": 100_000}})
    container.start()
    stack.containers["qa"] = container


def main(scripted: bool = False, qa: bool = False, bench_pages: int = 0, job: argparse.Namespace | None = None) -> int:
    from server.runtime import lifeline

    lifeline.arm()      # NAS_LIFELINE_PID: the test process; its death ends this one too
    import identity_support

    identity_support.install()   # this process calls as the suite's service login (guest)
    import rabbit_admin
    from viewer_testkit import browser_archive
    from viewer_testkit.stack import Stack, StandInScheduler, fill

    done: list[str] = []
    signal.signal(signal.SIGTERM, lambda *_: done.append("SIGTERM"))
    signal.signal(signal.SIGINT, lambda *_: done.append("SIGINT"))
    real_threading = eventlet.patcher.original("threading")
    real_threading.Thread(target=_watch_stdin, args=(done,), daemon=True).start()

    vhost = f"nas-test-{uuid.uuid4().hex[:12]}"
    root = Path(tempfile.mkdtemp(prefix="nas-viewer-env-"))
    stack = None
    try:
        rabbit_admin.create_vhost(vhost)
    except rabbit_admin.NoBroker as exc:
        print(json.dumps({"ready": False, "error": f"no broker: {exc}", "skip": True}), flush=True)
        shutil.rmtree(root, ignore_errors=True)
        return 0
    try:
        config = {"AMQP_URI": f"amqp://guest:guest@{RABBIT_HOST}:{RABBIT_PORT}/{vhost}"}
        files = root / "files"
        files.mkdir()
        if job is not None:
            paths, facts = _job_crawl(files, job)
            jobs = [QA_JOB]
            StandInScheduler.seeds = {QA_JOB: [facts["front"]]}
        elif qa:
            import time

            import qa_testkit
            import viewer_testkit as kit

            pages = tuple(qa_testkit.bench_pages(bench_pages)) if bench_pages else qa_testkit.PAGES
            rendered = pages if bench_pages else qa_testkit.RENDERED
            started = time.monotonic()
            with qa_testkit.QaSite() as site:
                warcs, crawl_log, pages_jsonl = qa_testkit.crawl(str(files), QA_JOB, site, pages, rendered)
            crawl_seconds = time.monotonic() - started
            paths = [*warcs, kit.metadata_warc(str(files / f"{QA_JOB}-metadata-1.warc.gz"), QA_JOB, warcs,
                                               crawl_log)]
            jobs = [QA_JOB]
            facts = {"front": pages[0], "warcs": warcs, "pages_jsonl": pages_jsonl, "pages": list(pages),
                     "crawl_seconds": round(crawl_seconds, 2)}
        elif scripted:
            import viewer_testkit as kit

            warcs, crawl_log = kit.scripted_warcs(str(files), SCRIPTED_JOB)
            paths = [*warcs, kit.metadata_warc(str(files / f"{SCRIPTED_JOB}-metadata-1.warc.gz"), SCRIPTED_JOB,
                                               warcs, crawl_log)]
            jobs = [SCRIPTED_JOB]
            facts = {"front": kit.SCRIPTED_PAGE}
        else:
            paths = browser_archive.build(str(files))
            jobs = [browser_archive.JOB_ONE, browser_archive.JOB_TWO]
            facts = {"front": browser_archive.FRONT, "image": browser_archive.IMAGE,
                     "not_archived": browser_archive.NOT_ARCHIVED, "never": browser_archive.NEVER}
        StandInScheduler.jobs = dict.fromkeys(jobs, "done")
        stack = Stack(config, root)
        stack.start_all()
        info = fill(config, paths, [[j] for j in jobs], index_timeout=1800 if job is not None else 120)
        if job is not None:
            _start_qa(stack, config, root, job)
        print(json.dumps({"ready": True, "amqp_uri": config["AMQP_URI"], "vhost": vhost, "jobs": jobs, **facts,
                          "proxy": {"host": info.host, "port": info.port}}), flush=True)
        while not done:
            eventlet.sleep(0.2)
        print(f"viewer env: ending ({done[0]})", file=sys.stderr, flush=True)
        return 0
    except Exception as exc:  # noqa: BLE001 - the test reads why from the JSON line
        traceback.print_exc()
        print(json.dumps({"ready": False, "error": f"{exc.__class__.__name__}: {exc}"}), flush=True)
        return 1
    finally:
        if stack is not None:
            stack.stop_all()
        rabbit_admin.delete_vhost(vhost)
        shutil.rmtree(root, ignore_errors=True)


def _job_args(args: list[str]) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="viewer_env_process.py qa-job")
    ap.add_argument("pages", type=int)
    ap.add_argument("--fanout", type=int, default=100)
    ap.add_argument("--browser-hops", type=int, default=None)
    ap.add_argument("--browser-regex", default="")
    ap.add_argument("--tabs", type=int, default=2)
    ap.add_argument("--page-seconds", type=float, default=20.0)
    return ap.parse_args(args)


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["qa-job"]:
        sys.exit(main(job=_job_args(args[1:])))
    sys.exit(main(scripted=args == ["scripted"], qa=args[:1] in (["qa"], ["qa-bench"]),
                  bench_pages=int(args[1]) if args[:1] == ["qa-bench"] and len(args) == 2 else 0))
