"""Crawler benchmark, side by side with Debian's wget on the same local test web.

Figures (issue 5):
1. one host, 10,000 pages, no politeness, no added latency: URIs/s and CPU seconds per 1,000 URIs,
   for our crawler (one connection) and for ``wget --recursive --warc-file`` (one connection);
2. 200 hosts x 50 pages, every response delayed 50 ms, one connection per host: URIs/s. wget
   fetches one URL at a time, so its rate does not depend on how many hosts there are; it is
   measured on the first 10 hosts (``wget -r -i seeds``, through the same proxy) to keep the run
   short, and the ratio compares rates;
3. peak RSS of a crawl with 1,000,000 queued URLs (a synthetic seed file over 1,000 hosts,
   crawled for 15 s).

Both tools reach the fake host names through the test web used as an HTTP proxy. Run with
``bash bench/run.sh crawler`` or ``.venv/bin/python bench/crawler_bench.py``.
"""
from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "support"))
from testweb import TestWeb  # noqa: E402

WGET = shutil.which("wget") or "/usr/bin/wget"


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_crawler(job_dir: str, seeds: list[str] | None, proxy: str, *, seeds_file: str | None = None,
                workers: int = 50, max_time: float = 0) -> dict:
    os.makedirs(job_dir, exist_ok=True)
    spec = {"job_id": "1", "harvest_id": "1", "seeds": seeds or [],
            "profile": {"upstream_proxy": proxy, "robots": "ignore", "max_workers": workers,
                        "max_running_time_s": max_time,
                        "politeness": {"delay_factor": 0, "min_delay_ms": 0, "max_delay_ms": 0},
                        "scope": {"max_hops": 100}, "progress_interval_s": 5}}
    if seeds_file:
        spec["seeds_file"] = seeds_file
    with open(os.path.join(job_dir, "crawl-job.json"), "w") as fh:
        json.dump(spec, fh)
    cpu0, t0 = children_cpu(), time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "server.crawler", job_dir], cwd=ROOT, capture_output=True,
                          text=True, timeout=3600)
    wall, cpu = time.perf_counter() - t0, children_cpu() - cpu0
    if proc.returncode != 0:
        raise SystemExit(f"crawler failed: {proc.stderr}")
    final = json.loads(proc.stdout.strip().splitlines()[-1])
    return {"uris": final["downloaded"], "wall": wall, "cpu": cpu, "peak_rss_kb": final["peak_rss_kb"]}


def run_wget(work: str, proxy_port: int, urls: list[str]) -> dict:
    os.makedirs(work, exist_ok=True)
    seeds = os.path.join(work, "seeds.txt")
    with open(seeds, "w") as fh:
        fh.write("\n".join(urls) + "\n")
    cmd = [WGET, "--recursive", "--level=inf", "--no-parent", "-q", "-e", "robots=off", "-e", "use_proxy=yes",
           "-e", f"http_proxy=http://127.0.0.1:{proxy_port}", "--warc-file", os.path.join(work, "wget"),
           "-P", os.path.join(work, "files"), "-i", seeds]
    cpu0, t0 = children_cpu(), time.perf_counter()
    subprocess.run(cmd, cwd=work, timeout=3600)  # wget exits 8 on any 404; that is fine here
    wall, cpu = time.perf_counter() - t0, children_cpu() - cpu0
    count = sum(len(files) for _d, _s, files in os.walk(os.path.join(work, "files")))
    return {"uris": count, "wall": wall, "cpu": cpu}


def line(name: str, r: dict) -> str:
    rate = r["uris"] / r["wall"]
    return (f"  {name:<8} {r['uris']:>7} URIs in {r['wall']:7.2f} s = {rate:8.1f} URIs/s; "
            f"CPU {1000 * r['cpu'] / max(r['uris'], 1):6.2f} s per 1,000 URIs")


def main() -> None:
    work = tempfile.mkdtemp(prefix="crawler-bench-")
    results = {}
    try:
        print("1. one host, 10,000 pages, no politeness, no added latency")
        with TestWeb(mode="process", tls=False, pages_per_host=10_000, assets=False, features_link=False) as web:
            ours = run_crawler(os.path.join(work, "one"), ["http://www.bench.test/"], web.proxy_url, workers=4)
            theirs = run_wget(os.path.join(work, "one-wget"), web.port, ["http://www.bench.test/"])
        print(line("crawler", ours))
        print(line("wget", theirs))
        ratio1 = (ours["uris"] / ours["wall"]) / (theirs["uris"] / theirs["wall"])
        print(f"  ratio crawler/wget URIs/s: {ratio1:.2f}x (target >= 0.5x)")
        results["one_host"] = {"crawler": ours, "wget": theirs, "ratio": ratio1}

        print("2. 200 hosts x 50 pages, 50 ms per response, one connection per host")
        with TestWeb(mode="process", tls=False, pages_per_host=50, assets=False, delay_ms=50,
                     features_link=False) as web:
            seeds = [f"http://www.host{i}.test/" for i in range(200)]
            ours = run_crawler(os.path.join(work, "many"), seeds, web.proxy_url, workers=200)
            theirs = run_wget(os.path.join(work, "many-wget"), web.port, seeds[:10])
        print(line("crawler", ours))
        print(line("wget", theirs) + "  (10 hosts; sequential, so its rate is the same for 200)")
        ratio2 = (ours["uris"] / ours["wall"]) / (theirs["uris"] / theirs["wall"])
        print(f"  ratio crawler/wget URIs/s: {ratio2:.1f}x (target >= 20x)")
        results["many_hosts"] = {"crawler": ours, "wget": theirs, "ratio": ratio2}

        print("3. peak RSS with 1,000,000 queued URLs (synthetic seed file, 1,000 hosts, 15 s crawl)")
        seeds_file = os.path.join(work, "million.txt")
        with open(seeds_file, "w") as fh:
            for i in range(1_000_000):
                fh.write(f"http://www.q{i % 1000}.test/page/{i // 1000}\n")
        with TestWeb(mode="process", tls=False, pages_per_host=2000, assets=False, features_link=False) as web:
            ours = run_crawler(os.path.join(work, "million"), None, web.proxy_url, seeds_file=seeds_file,
                               workers=100, max_time=15)
        print(f"  crawler peak RSS {ours['peak_rss_kb'] / 1024:.0f} MB with 1,000,000 queued "
              f"(fetched {ours['uris']} in the window; run {ours['wall']:.1f} s incl. queue load) (target < 300 MB)")
        results["million"] = ours
        out = os.path.join(ROOT, "bench", "output")
        os.makedirs(out, exist_ok=True)
        with open(os.path.join(out, "crawler.json"), "w") as fh:
            json.dump(results, fh, indent=1)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.stdout.reconfigure(line_buffering=True)
    main()
