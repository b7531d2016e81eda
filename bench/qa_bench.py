"""QA engine benchmark (#30): pages checked per minute per core from the archive, beside the same
pages loaded by Chromium from the live test web (the floor), in one run.

What is real: the QA web of tests/support/qa_testkit.py (``--pages`` generated pages, each with a
style sheet, a script, a picture of its own, and on every fifth page a picture unreachable while
the crawl ran), harvested by the project's crawler with browser capture on for every page (its own
process, as the harvester runs it); the archive services, the index server and the viewerproxy's
proxy process over a private RabbitMQ vhost, in a helper process (tests/support/viewer_env_process.py
``qa-bench N``); Debian's Chromium driven by server/qa/render.py.

1. **live (the floor)**: the renderer with the live QA web as its proxy instead of the viewerproxy:
   the same per-page work (load, network idle, behaviours, text, screenshot), nothing to compare;
2. **QA from the archive**: the same pages through a viewer session (recording on), each then
   scored: visual score against its crawl-time screenshot, text score, page score and the two
   thumbnails (server/qa/compare.py) — what a QA run does per page, the database aside.

Printed: pages per minute, per minute per core (the machine's cores: Chromium, the proxy and the
archive services share them), CPU seconds per page (this process with its Chromium, plus the
archive's helper process and its proxy process), the ratio QA / live, and the time the crawl of
the same pages took beside the QA time (the issue: QA within the time the crawl took).

    bash bench/run.sh qa            or    .venv/bin/python bench/qa_bench.py [--pages 60] [--tabs 2]
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "tests", "support")]

import qa_testkit  # noqa: E402

from server.qa import compare  # noqa: E402
from server.qa.render import ReplayRenderer, ReplayTarget  # noqa: E402
from shared.client import ServiceClient  # noqa: E402

HELPER = os.path.join(ROOT, "tests", "support", "viewer_env_process.py")


def _tree_cpu(pid: int) -> float:
    """CPU seconds (user + system) of a process and every descendant still running."""
    ticks = os.sysconf("SC_CLK_TCK")
    children: dict[int, list[int]] = {}
    stats: dict[int, float] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(name))
        stats[int(name)] = (int(fields[11]) + int(fields[12])) / ticks
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        total += stats.get(p, 0.0)
        todo.extend(children.get(p, []))
    return total


def _own_cpu() -> float:
    r, c = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime + c.ru_utime + c.ru_stime


def start_archive(pages: int, work: str) -> tuple[subprocess.Popen, dict]:
    key = os.path.join(work, "installation.key")
    from server.runtime.tokens import create_key_file

    create_key_file(key)
    env = {**os.environ, "NAS_KEY_FILE": key, "NAS_LIFELINE_PID": str(os.getpid()), "NAS_LIFELINE_SIGNAL": "TERM",
           "PYTHONPATH": ROOT}
    log = open(os.path.join(work, "archive.log"), "wb")
    proc = subprocess.Popen([sys.executable, HELPER, "qa-bench", str(pages)], cwd=ROOT, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log)
    line = proc.stdout.readline()
    facts = json.loads(line) if line.strip() else {"ready": False, "error": f"helper ended ({proc.poll()})"}
    if not facts.get("ready"):
        stop_archive(proc)
        sys.exit(f"the archive did not start: {facts.get('error')} (log: {log.name})")
    return proc, facts


def stop_archive(proc: subprocess.Popen) -> None:
    try:
        proc.stdin.close()
        proc.wait(120)
    except subprocess.TimeoutExpired:
        proc.terminate()
        proc.wait(30)


def measure(label: str, target: ReplayTarget, pages: list[str], tabs: int, page_seconds: float,
            helper_pid: int, views: dict | None) -> dict:
    own, helper = _own_cpu(), _tree_cpu(helper_pid)
    started = time.monotonic()
    complete = missing = 0
    scores: list[float] = []
    with ReplayRenderer(target, tabs=tabs, page_seconds=page_seconds) as renderer:
        # the browser's start is not a page's cost: the clock starts when it is up
        started, own, helper = time.monotonic(), _own_cpu(), _tree_cpu(helper_pid)
        for page in renderer.render_all(pages):
            missing += len(page.missing)
            if views is not None:
                crawl = views.get(page.url, {})
                visual = compare.visual_score(crawl.get("view"), page.screenshot_png)
                text = compare.text_score(crawl["text"].decode() if "text" in crawl else None, page.text)
                score = compare.page_score(page.requested, page.missing, visual, text, page.load_state)
                scores.append(score)
                complete += score >= 0.99
                if page.screenshot_png:
                    compare.thumbnail(page.screenshot_png)
                if crawl.get("view"):
                    compare.thumbnail(crawl["view"])
        seconds = time.monotonic() - started
    cpu = (_own_cpu() - own) + (_tree_cpu(helper_pid) - helper)
    cores = os.cpu_count() or 1
    per_min = len(pages) / seconds * 60
    result = {"label": label, "pages": len(pages), "seconds": round(seconds, 2), "pages_per_min": round(per_min, 1),
              "pages_per_min_per_core": round(per_min / cores, 1), "cpu_s_per_page": round(cpu / len(pages), 3),
              "missing": missing}
    if scores:
        result.update(complete=complete, mean_score=round(sum(scores) / len(scores), 3))
    print(json.dumps(result), flush=True)
    return result


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", type=int, default=60)
    ap.add_argument("--tabs", type=int, default=2)
    ap.add_argument("--page-seconds", type=float, default=20.0)
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="nas-qa-bench-")
    print(f"building the archive: {args.pages} pages crawled with browser capture …", flush=True)
    proc, facts = start_archive(args.pages, work)
    try:
        pages = facts["pages"]
        views = qa_testkit.crawl_views(facts["warcs"])
        with ServiceClient(facts["amqp_uri"], timeout=60) as client:
            made = client.viewerproxy.create_session(facts["jobs"], recording=True)
            ca = client.viewerproxy.proxy_info()["ca_certificate_pem"]
        archive = ReplayTarget(facts["proxy"]["host"], facts["proxy"]["port"], made["session_id"], made["token"], ca)
        with qa_testkit.QaSite() as site:
            live = ReplayTarget("127.0.0.1", site.port, "-", "-", ca)   # the live web as the proxy
            floor = measure("live", live, pages, args.tabs, args.page_seconds, proc.pid, None)
        qa = measure("qa-from-archive", archive, pages, args.tabs, args.page_seconds, proc.pid, views)
    finally:
        stop_archive(proc)
    ratio = qa["pages_per_min"] / floor["pages_per_min"]
    print(f"\n{len(pages)} pages, {args.tabs} tabs, {os.cpu_count()} cores")
    print(f"  live (floor):       {floor['pages_per_min']:7.1f} pages/min  {floor['pages_per_min_per_core']:6.1f} "
          f"/min/core  {floor['cpu_s_per_page']:.3f} CPU s/page")
    print(f"  QA from archive:    {qa['pages_per_min']:7.1f} pages/min  {qa['pages_per_min_per_core']:6.1f} "
          f"/min/core  {qa['cpu_s_per_page']:.3f} CPU s/page  (complete {qa['complete']}/{len(pages)}, "
          f"{qa['missing']} missing)")
    print(f"  ratio QA / live:    {ratio:.2f}")
    print(f"  crawl of the same pages (browser capture on): {facts['crawl_seconds']:.1f} s; "
          f"QA: {qa['seconds']:.1f} s ({qa['seconds'] / facts['crawl_seconds']:.2f} of the crawl's time)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
