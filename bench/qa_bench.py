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
   scored: its crawl-time screenshot and text read from the archive (server/qa/views.py: index
   lookup, record through the viewerproxy), visual score, text score, page score and the two
   thumbnails (server/qa/compare.py) — what a QA run does per page, the database aside.

Printed: pages per minute, per minute per core (the machine's cores: Chromium, the proxy and the
archive services share them), CPU seconds per page (this process with its Chromium, plus the
archive's helper process and its proxy process), the ratio QA / live, and the time the crawl of
the same pages took beside the QA time (the issue: QA within the time the crawl took).

    bash bench/run.sh qa            or    .venv/bin/python bench/qa_bench.py [--pages 60] [--tabs 2]

**Job mode** (``--job-pages N``): QA of a job as an installation runs it, against the time its
crawl took. Rendering every page of a large job in the crawler's browser is not what a harvest
does (nor feasible here: ~1 s a page); a crawl profile's ``browser:`` section renders the seeds and
some pages, the rest is fetched plainly, and QA checks the seeds, the browser-rendered pages and a
sample of the other HTML pages (server/qa/pages.py). So:

1. the QA web as a linked tree of N bench pages (``QaSite(web_pages=N, fanout=K)``, K = 100: the
   front page, 100 pages one hop away, the rest two or more; each page with its style sheet,
   script and picture, every fifth page's second picture unreachable while crawling) is crawled by
   our crawler (its own process, as the harvester runs it) from the front page alone, the browser
   rendering the seed and the pages up to ``--browser-hops H`` link hops (``render: hops``) and/or
   those matching ``--browser-regex R``; ``crawl seconds`` is the crawler's run;
2. the job is stored, indexed, and the **real qa service** (a Nameko container in the helper
   process ``qa-job``, its render process and Chromium its children) is asked ``qa.run(job,
   sample)`` as ``nas qa run JOB --sample S`` asks it: it plans the page list with
   ``select_pages`` over the job's CDX index and the ``pages.jsonl`` of its metadata WARC, opens
   its viewer session and renders, scores and records every page (``qa.tabs`` = ``--tabs``);
3. ``QA seconds`` runs from the call to the run's end (polled every 0.5 s): planning included.

Printed: job pages, pages checked by source (seed / browser / sample), crawl and QA seconds, their
ratio, pages per minute, CPU seconds per page (the helper process's tree: the qa service, its
render process and Chromium, the viewerproxy and the archive; this process does nothing
meanwhile), the run's setup time (until its first page is scored) and seconds per page after it,
and the unreachable pictures on the checked pages: expected (the checked pages that are a
multiple of five) and found; it exits 1 when QA found anything else on any page.

    .venv/bin/python bench/qa_bench.py --job-pages 10000 --browser-hops 1 --sample 200 [--tabs 2]
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "tests", "support")]

import qa_testkit  # noqa: E402

from server.qa import compare  # noqa: E402
from server.qa.render import ReplayRenderer, ReplayTarget  # noqa: E402
from server.qa.views import CrawlViewReader  # noqa: E402
from shared.client import ServiceClient  # noqa: E402

HELPER = os.path.join(ROOT, "tests", "support", "viewer_env_process.py")


def _tree_cpu(pid: int) -> float:
    """CPU seconds (user + system) of a process and every descendant still running, each with its
    children that ended and were waited for (a tab's Chromium renderer, the qa service's render
    process after its run): their time would be lost otherwise."""
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
        stats[int(name)] = sum(int(f) for f in fields[11:15]) / ticks   # utime stime cutime cstime
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        total += stats.get(p, 0.0)
        todo.extend(children.get(p, []))
    return total


def _own_cpu() -> float:
    r, c = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime + c.ru_utime + c.ru_stime


def start_archive(helper_args: list[str], work: str) -> tuple[subprocess.Popen, dict]:
    key = os.path.join(work, "installation.key")
    from server.runtime.tokens import create_key_file

    create_key_file(key)
    env = {**os.environ, "NAS_KEY_FILE": key, "NAS_LIFELINE_PID": str(os.getpid()), "NAS_LIFELINE_SIGNAL": "TERM",
           "PYTHONPATH": ROOT}
    log = open(os.path.join(work, "archive.log"), "wb")
    proc = subprocess.Popen([sys.executable, HELPER, *helper_args], cwd=ROOT, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log)
    line = proc.stdout.readline()
    facts = json.loads(line) if line.strip() else {"ready": False, "error": f"helper ended ({proc.poll()})"}
    if not facts.get("ready"):
        stop_archive(proc)
        sys.exit(f"the archive did not start: {facts.get('error')}; its log:\n"
                 + open(log.name, errors="replace").read()[-3000:])
    return proc, facts


def stop_archive(proc: subprocess.Popen) -> None:
    try:
        proc.stdin.close()
        proc.wait(120)
    except subprocess.TimeoutExpired:
        proc.terminate()
        proc.wait(30)


def measure(label: str, target: ReplayTarget, pages: list[str], tabs: int, page_seconds: float,
            helper_pid: int, views: CrawlViewReader | None) -> dict:
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
                crawl = views.views(page.url)   # from the archive: index lookup, record through the proxy
                visual = compare.visual_score(crawl.screenshot_png, page.screenshot_png)
                text = compare.text_score(crawl.text, page.text)
                score = compare.page_score(page.requested, page.missing, visual, text, page.load_state)
                scores.append(score)
                complete += score >= 0.99
                if page.screenshot_png:
                    compare.thumbnail(page.screenshot_png)
                if crawl.screenshot_png:
                    compare.thumbnail(crawl.screenshot_png)
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


def _load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def job_run(args: argparse.Namespace) -> int:
    """The job mode: a crawl as a harvest runs one, then the real qa service's run of the job."""
    work = tempfile.mkdtemp(prefix="nas-qa-bench-")
    helper = ["qa-job", str(args.job_pages), "--fanout", str(args.fanout), "--tabs", str(args.tabs),
              "--page-seconds", str(args.page_seconds)]
    if args.browser_hops is not None:
        helper += ["--browser-hops", str(args.browser_hops)]
    if args.browser_regex:
        helper += ["--browser-regex", args.browser_regex]
    load_before = _load()
    print(f"building the archive: a job of {args.job_pages} pages crawled from its front page (load {load_before}) …",
          flush=True)
    proc, facts = start_archive(helper, work)
    load_crawled = _load()
    print(json.dumps({k: facts[k] for k in ("job_pages", "fanout", "browser", "rendered", "crawl_seconds")}
                     | {"load": load_crawled}), flush=True)
    try:
        with ServiceClient(facts["amqp_uri"], timeout=120) as client:
            job = facts["jobs"][0]
            helper_cpu, started = _tree_cpu(proc.pid), time.monotonic()
            run = client.call("qa", "run", job, args.sample)
            while run.state not in ("done", "failed", "cancelled"):
                time.sleep(0.5)
                run = client.call("qa", "get_run", run.run_id)
            qa_seconds = time.monotonic() - started
            cpu = _tree_cpu(proc.pid) - helper_cpu
            load_qa = _load()
            pages = []
            while len(pages) < run.pages_total:
                got = client.call("qa", "pages", job, len(pages), 500, "source").items
                if not got:
                    break
                pages += got
    finally:
        stop_archive(proc)
        shutil.rmtree(work, ignore_errors=True)
    if run.state != "done":
        sys.exit(f"the QA run ended {run.state}: {run.error}")
    by_source = {s: sum(p.source == s for p in pages) for s in ("seed", "browser", "sample")}
    # every fifth bench page has a picture the crawl could not fetch: QA must find exactly those
    numbers = {p.url: qa_testkit.bench_number(p.url) for p in pages}
    expected = {u: {qa_testkit.bench_gone(i)} if i is not None and i % 5 == 0 else set() for u, i in numbers.items()}
    found = {p.url: set(p.missing_urls) for p in pages}
    wrong = sorted(u for u in found if found[u] != expected[u])
    per_min = len(pages) / qa_seconds * 60
    # the run's own clock: until its first page is scored it plans (the job's CDX index, its page
    # list), opens a viewer session and starts its renderer and Chromium; then it renders
    checked = sorted(p.checked_at for p in pages if p.checked_at is not None)
    setup = (checked[0] - run.started_at).total_seconds() if checked and run.started_at else 0.0
    rendering = (checked[-1] - checked[0]).total_seconds() if len(checked) > 1 else 0.0
    result = {"job_pages": facts["job_pages"], "checked": len(pages), **by_source,
              "rendered_at_crawl": facts["rendered"],
              "crawl_seconds": facts["crawl_seconds"], "qa_seconds": round(qa_seconds, 1),
              "qa_over_crawl": round(qa_seconds / facts["crawl_seconds"], 3), "pages_per_min": round(per_min, 1),
              "cpu_s_per_page": round(cpu / max(1, len(pages)), 3), "complete": run.pages_complete,
              "run_setup_seconds": round(setup, 1),
              "s_per_page_after_first": round(rendering / max(1, len(checked) - 1), 2),
              "unreachable_expected": sum(map(len, expected.values())),
              "unreachable_found": sum(map(len, found.values())), "pages_wrong": len(wrong),
              "load_before": load_before, "load_after_crawl": load_crawled, "load_after_qa": load_qa}
    print(json.dumps(result), flush=True)
    print(f"\njob of {facts['job_pages']} pages (fanout {facts['fanout']}, browser {json.dumps(facts['browser'])}), "
          f"sample {args.sample}, {args.tabs} tabs, {os.cpu_count()} cores")
    print(f"  pages checked:      {len(pages)} (seed {by_source['seed']}, browser {by_source['browser']}, "
          f"sample {by_source['sample']}); complete {run.pages_complete}")
    print(f"  crawl:              {facts['crawl_seconds']:.1f} s ({facts['rendered']} pages rendered)")
    print(f"  QA (qa.run → done): {qa_seconds:.1f} s  {per_min:.1f} pages/min  "
          f"{result['cpu_s_per_page']:.3f} CPU s/page")
    print(f"  of which the run's setup (page list, session, renderer) {setup:.1f} s, then "
          f"{result['s_per_page_after_first']:.2f} s a page")
    print(f"  QA / crawl:         {qa_seconds / facts['crawl_seconds']:.3f}")
    print(f"  unreachable pictures on checked pages: {result['unreachable_expected']} expected, "
          f"{result['unreachable_found']} found; pages where QA found other than expected: {len(wrong)}"
          + (f" (e.g. {wrong[0]}: {sorted(found[wrong[0]])})" if wrong else ""))
    print(f"  load average: {load_before} before, {load_crawled} after the crawl, {load_qa} after QA")
    return 1 if wrong else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", type=int, default=60)
    ap.add_argument("--tabs", type=int, default=2)
    ap.add_argument("--page-seconds", type=float, default=20.0)
    ap.add_argument("--job-pages", type=int, default=0, help="job mode: a crawled web of this many pages")
    ap.add_argument("--fanout", type=int, default=qa_testkit.WEB_FANOUT, help="job mode: links per page")
    ap.add_argument("--browser-hops", type=int, default=None,
                    help="job mode: pages up to this many hops from the seed rendered at crawl time")
    ap.add_argument("--browser-regex", default="",
                    help="job mode: pages whose whole URL matches it rendered at crawl time "
                    "(the profile's browser.url_patterns, e.g. '.*/bench/[0-9]*5\\.html')")
    ap.add_argument("--sample", type=int, default=200, help="job mode: other HTML pages QA samples")
    args = ap.parse_args()
    if args.job_pages:
        return job_run(args)
    work = tempfile.mkdtemp(prefix="nas-qa-bench-")
    print(f"building the archive: {args.pages} pages crawled with browser capture …", flush=True)
    proc, facts = start_archive(["qa-bench", str(args.pages)], work)
    try:
        pages = facts["pages"]
        with ServiceClient(facts["amqp_uri"], timeout=60) as client:
            made = client.viewerproxy.create_session(facts["jobs"], recording=True)
            ca = client.viewerproxy.proxy_info()["ca_certificate_pem"]
            archive = ReplayTarget(facts["proxy"]["host"], facts["proxy"]["port"], made["session_id"], made["token"],
                                   ca)
            with qa_testkit.QaSite() as site:
                live = ReplayTarget("127.0.0.1", site.port, "-", "-", ca)   # the live web as the proxy
                floor = measure("live", live, pages, args.tabs, args.page_seconds, proc.pid, None)
            with CrawlViewReader(archive, client.index_server.lookup, facts["jobs"]) as views:
                qa = measure("qa-from-archive", archive, pages, args.tabs, args.page_seconds, proc.pid, views)
    finally:
        stop_archive(proc)
        shutil.rmtree(work, ignore_errors=True)
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
