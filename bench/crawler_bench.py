"""Crawler benchmark, side by side with Debian's wget on the same local webs, in one run.

Figures (issues 5 and 15; the targets printed for parts 1 and 3 are issue 36's):
1. one host, 10,000 pages of the project's test web, no politeness, no added latency, one
   connection each: URIs/s and CPU ms per URI, our crawler against ``wget --recursive
   --warc-file`` (issue 36's targets: at least 1.5x wget's URIs/s and CPU per URI at most 0.7x
   wget's; issue 15's were 1.0x and 1.0x);
2. the same on a static copy of a real documentation site: Debian's python3-doc HTML
   (``/usr/share/doc/python3.11/html``) served by ``python -m http.server`` on 127.0.0.1. The
   package is in the set-up's Debian list (packaging/dev/bootstrap.sh); when it is missing the
   bench installs it the same way (``install_debs``, as root) or stops with the command to run;
3. 200 hosts x 50 pages, every response delayed 50 ms, one connection per host: our crawler
   against wget run the way one runs it for many hosts, one process per host in parallel
   (``xargs -P200 wget -r ...``), on the same web in the same run (targets: at least 2,000
   URIs/s and at least 2.0x wget, issue 36; issue 15 asked 1.5x). The crawler runs with
   ``processes`` = the machine's cores (server/crawler/shards.py), and once with one process
   for reference;
4. seed loading: 1,000,000 seeds (1,000 hosts) into the frontier, wall and CPU seconds
   (target under 10 s), and the loader's peak memory;
5. memory of a crawl with 1,000,000 queued URLs, then one with 10,000,000 (1,000 hosts): the
   crawler's resident memory sampled from /proc every 0.2 s while it fetches from the test web
   for 15 s after its queue is loaded (the time limit counts from when fetching starts), its
   highest value, and how many URIs it fetched meanwhile (targets: under 100 MB and 300 MB).
   ``million`` runs only the first, ``tenmillion`` only the second.

Both tools reach the test web's fake host names through it as an HTTP proxy. Run with
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
from static_site import PYTHON_DOC, StaticSite  # noqa: E402
from testweb import TestWeb  # noqa: E402

WGET = shutil.which("wget") or "/usr/bin/wget"


def measured(run) -> tuple[object, dict]:
    """``run()``'s result, and the run timed after ``settle()``: wall seconds, and the CPU of the
    children it ended, with their kernel CPU apart. The kernel's is most of wget's CPU (creating
    a file per URI), and it is what varies between its runs (ext4's inode allocator passes over the inodes freed
    in the last minutes, see docs/decisions/crawler-production-scale.md)."""
    settle()
    r0, t0 = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    result = run()
    wall, r1 = time.perf_counter() - t0, resource.getrusage(resource.RUSAGE_CHILDREN)
    return result, {"wall": wall, "cpu": r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime,
                    "sys": r1.ru_stime - r0.ru_stime}


def settle() -> None:
    """Before each timed run, the earlier runs' files are written out: neither side pays for the
    other's writeback (wget's one-host time doubled right after a crawl of 10,000 pages)."""
    os.sync()


def run_crawler(job_dir: str, seeds: list[str] | None, proxy: str | None, *, seeds_file: str | None = None,
                workers: int = 50, max_time: float = 0, processes: int = 1) -> dict:
    os.makedirs(job_dir, exist_ok=True)
    spec = {"job_id": "1", "harvest_id": "1", "seeds": seeds or [],
            "profile": {"upstream_proxy": proxy, "robots": "ignore", "max_workers": workers, "processes": processes,
                        "max_running_time_s": max_time,
                        "politeness": {"delay_factor": 0, "min_delay_ms": 0, "max_delay_ms": 0},
                        "scope": {"max_hops": 100}, "progress_interval_s": 5}}
    if seeds_file:
        spec["seeds_file"] = seeds_file
    with open(os.path.join(job_dir, "crawl-job.json"), "w") as fh:
        json.dump(spec, fh)
    proc, m = measured(lambda: subprocess.run([sys.executable, "-m", "server.crawler", job_dir], cwd=ROOT,
                                              capture_output=True, text=True, timeout=3600))
    if proc.returncode != 0:
        raise SystemExit(f"crawler failed: {proc.stderr}")
    final = json.loads(proc.stdout.strip().splitlines()[-1])
    return {"uris": final["downloaded"], **m, "peak_rss_kb": final["peak_rss_kb"]}


def _wget_args(proxy_port: int | None) -> list[str]:
    args = [WGET, "--recursive", "--level=inf", "--no-parent", "-q", "-e", "robots=off"]
    if proxy_port:
        args += ["-e", "use_proxy=yes", "-e", f"http_proxy=http://127.0.0.1:{proxy_port}"]
    else:
        args += ["--no-proxy"]
    return args


def run_wget(work: str, proxy_port: int | None, urls: list[str]) -> dict:
    os.makedirs(work, exist_ok=True)
    seeds = os.path.join(work, "seeds.txt")
    with open(seeds, "w") as fh:
        fh.write("\n".join(urls) + "\n")
    cmd = _wget_args(proxy_port) + ["--warc-file", os.path.join(work, "wget"), "-P", os.path.join(work, "files"),
                                    "-i", seeds]
    _proc, m = measured(lambda: subprocess.run(cmd, cwd=work, timeout=3600))  # wget exits 8 on any 404: fine here
    count = sum(len(files) for _d, _s, files in os.walk(os.path.join(work, "files")))
    return {"uris": count, **m}


def run_wget_parallel(work: str, proxy_port: int, urls: list[str]) -> dict:
    """One wget per host, all at once: ``xargs -P<n> -I{} wget -r ... {}``, each with its WARC."""
    os.makedirs(work, exist_ok=True)
    seeds = os.path.join(work, "seeds.txt")
    with open(seeds, "w") as fh:
        fh.write("\n".join(urls) + "\n")
    wget = " ".join(_wget_args(proxy_port))
    script = (f"h=$(echo \"$1\" | cut -d/ -f3); exec {wget} --warc-file \"{work}/warc-$h\" "
              f"-P \"{work}/files\" \"$1\"")
    cmd = ["xargs", f"-P{len(urls)}", "-n1", "sh", "-c", script, "wget-one"]
    with open(seeds) as fh:
        _proc, m = measured(lambda: subprocess.run(cmd, stdin=fh, cwd=work, timeout=3600))
    count = sum(len(files) for _d, _s, files in os.walk(os.path.join(work, "files")))
    return {"uris": count, **m}


def load_seeds(work: str, n: int) -> dict:
    """Seconds to load ``n`` seeds into a new frontier (in a child process: its own CPU and memory)."""
    os.makedirs(work, exist_ok=True)
    with open(os.path.join(work, "seeds.txt"), "w") as fh:
        for i in range(n):
            fh.write(f"http://www.q{i % 1000}.test/page/{i // 1000}\n")
    code = (
        "import io, json, resource, sys, time\n"
        "from server.crawler.engine import Crawler\n"
        "from server.crawler.spec import parse_spec\n"
        "d = sys.argv[1]\n"
        "spec = parse_spec({'job_id': '1', 'harvest_id': '1', 'seeds_file': 'seeds.txt'}, d + '/crawl-job.json')\n"
        "c = Crawler(d, spec, stdout=io.StringIO())\n"
        "t0, c0 = time.perf_counter(), time.process_time()\n"
        "c._prepare()\n"
        "hwm = [int(x.split()[1]) for x in open('/proc/self/status') if x.startswith('VmHWM:')][0]\n"
        "print(json.dumps({'wall': time.perf_counter() - t0, 'cpu': time.process_time() - c0,\n"
        "                  'queued': c.counters['queued'], 'peak_rss_kb': hwm}))\n")
    proc = subprocess.run([sys.executable, "-c", code, work], cwd=ROOT, capture_output=True, text=True, timeout=3600)
    if proc.returncode != 0:
        raise SystemExit(f"seed loading failed: {proc.stderr}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _rss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as fh:
            for text in fh:
                if text.startswith("VmRSS:"):
                    return int(text.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def run_queued(work: str, n: int, window_s: float = 15) -> dict:
    """A crawl of ``n`` queued seeds (1,000 hosts) fetching from the test web for ``window_s``
    seconds after its queue is loaded; its memory is sampled while it fetches."""
    import threading

    job_dir = os.path.join(work, f"queued-{n}")
    os.makedirs(job_dir, exist_ok=True)
    with open(os.path.join(job_dir, "seeds.txt"), "w") as fh:
        for i in range(n):
            fh.write(f"http://www.q{i % 1000}.test/page/{i // 1000}\n")
    with TestWeb(mode="process", tls=False, pages_per_host=2000, assets=False, features_link=False) as web:
        spec = {"job_id": "1", "harvest_id": "1", "seeds_file": "seeds.txt",
                "profile": {"upstream_proxy": web.proxy_url, "robots": "ignore", "max_workers": 100,
                            "max_running_time_s": window_s,
                            "politeness": {"delay_factor": 0, "min_delay_ms": 0, "max_delay_ms": 0},
                            "scope": {"max_hops": 100}, "progress_interval_s": 1}}
        with open(os.path.join(job_dir, "crawl-job.json"), "w") as fh:
            json.dump(spec, fh)
        t0 = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "server.crawler", job_dir], cwd=ROOT,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        lines: list[str] = []
        fetching = threading.Event()  # progress lines start once the queue is loaded

        def read() -> None:
            assert proc.stdout is not None
            for text in proc.stdout:
                lines.append(text)
                fetching.set()

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        while not fetching.wait(0.2):
            if proc.poll() is not None:
                break
        load_s = time.perf_counter() - t0
        samples = []
        while proc.poll() is None:
            samples.append(_rss_kb(proc.pid))
            time.sleep(0.2)
        reader.join(10)
    if proc.returncode != 0 or not lines:
        raise SystemExit(f"crawler failed with {proc.returncode}")
    final = json.loads(lines[-1])
    samples = [k for k in samples if k > 0]
    return {"queued": n, "uris": final["downloaded"], "load_s": load_s, "wall": time.perf_counter() - t0,
            "fetching_rss_kb_max": max(samples, default=0), "peak_rss_kb": final["peak_rss_kb"]}


def print_queued(r: dict, target_mb: int) -> None:
    print(f"  {r['queued']:,} queued (loaded in {r['load_s']:.0f} s): resident memory while fetching at most "
          f"{r['fetching_rss_kb_max'] / 1024:.0f} MB (target < {target_mb} MB); {r['uris']} URIs fetched in "
          f"the 15 s window; peak including the queue load (VmHWM) {r['peak_rss_kb'] / 1024:.0f} MB")


def line(name: str, r: dict) -> str:
    rate = r["uris"] / r["wall"]
    return (f"  {name:<8} {r['uris']:>7} URIs in {r['wall']:7.2f} s = {rate:8.1f} URIs/s; "
            f"CPU {1000 * r['cpu'] / max(r['uris'], 1):6.2f} ms per URI"
            f" ({1000 * r['sys'] / max(r['uris'], 1):.2f} of it in the kernel)")


def compare(name: str, ours: dict, theirs: dict, target: float, note: str = "",
            cpu_target: float | None = None) -> dict:
    print(line("crawler", ours))
    print(line("wget", theirs) + note)
    ratio = (ours["uris"] / ours["wall"]) / max(theirs["uris"] / theirs["wall"], 1e-9)
    cpu_ours = ours["cpu"] / max(ours["uris"], 1)
    cpu_theirs = theirs["cpu"] / max(theirs["uris"], 1)
    cpu_ratio = cpu_ours / max(cpu_theirs, 1e-9)
    print(f"  ratio crawler/wget URIs/s: {ratio:.2f}x (target >= {target}x); "
          f"CPU per URI crawler/wget: {cpu_ratio:.2f}x" + (f" (target <= {cpu_target}x)" if cpu_target else ""))
    return {"crawler": ours, "wget": theirs, "ratio": ratio, "cpu_ratio": cpu_ratio}


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def require_python_doc() -> None:
    """Install Debian's python3-doc the way the set-up installs its Debian packages, if missing."""
    if os.path.isdir(PYTHON_DOC):
        return
    print("  installing python3-doc (packaging/dev/bootstrap.sh install_debs)")
    subprocess.run(["bash", "-c", 'source "$1/packaging/dev/bootstrap.sh" && install_debs python3-doc', "-", ROOT],
                   check=False, timeout=1800)
    if not os.path.isdir(PYTHON_DOC):
        raise SystemExit(f"python3-doc is needed for part 2 ({PYTHON_DOC}): run as root "
                         "`apt-get install python3-doc`, or run the other parts by name")


def main() -> None:
    work = tempfile.mkdtemp(prefix="crawler-bench-")
    results = {}
    only = set(sys.argv[1:])
    print(f"load average at start: {_load()} (2-core machine shared with other work)")
    try:
        if not only or "one" in only:
            print("1. one host, 10,000 pages, no politeness, no added latency, one connection each")
            with TestWeb(mode="process", tls=False, pages_per_host=10_000, assets=False, features_link=False) as web:
                ours = run_crawler(os.path.join(work, "one"), ["http://www.bench.test/"], web.proxy_url, workers=1)
                theirs = run_wget(os.path.join(work, "one-wget"), web.port, ["http://www.bench.test/"])
            results["one_host"] = compare("one", ours, theirs, 1.5, cpu_target=0.7)

        if not only or "doc" in only:
            print(f"2. python3-doc HTML ({PYTHON_DOC}) served by http.server, one connection each")
            require_python_doc()
            with StaticSite(PYTHON_DOC) as site:
                seed = site.url("index.html")
                ours = run_crawler(os.path.join(work, "doc"), [seed], None, workers=1)
                theirs = run_wget(os.path.join(work, "doc-wget"), None, [seed])
            results["python_doc"] = compare("doc", ours, theirs, 1.0)

        if not only or "many" in only:
            cores = os.cpu_count() or 1
            print(f"3. 200 hosts x 50 pages, 50 ms per response, one connection per host; the crawler with "
                  f"processes: {cores} (one per core), and with one process for reference")
            with TestWeb(mode="process", tls=False, pages_per_host=50, assets=False, delay_ms=50,
                         features_link=False) as web:
                seeds = [f"http://www.host{i}.test/" for i in range(200)]
                single = run_crawler(os.path.join(work, "many-1"), seeds, web.proxy_url, workers=200)
                ours = run_crawler(os.path.join(work, "many"), seeds, web.proxy_url, workers=200, processes=cores)
                theirs = run_wget_parallel(os.path.join(work, "many-wget"), web.port, seeds)
            print(line("1 proc", single))
            results["many_hosts"] = compare("many", ours, theirs, 2.0, "  (xargs -P200: one wget per host)")
            results["many_hosts"]["single_process"] = single
            rate = ours["uris"] / ours["wall"]
            print(f"  crawler {rate:.0f} URIs/s with {cores} processes (target >= 2,000 URIs/s)")

        if not only or "seeds" in only:
            print("4. loading 1,000,000 seeds")
            r = load_seeds(os.path.join(work, "seeds"), 1_000_000)
            print(f"  {r['queued']} queued in {r['wall']:.1f} s wall, {r['cpu']:.1f} s CPU (target < 10 s); "
                  f"loader's peak memory {r['peak_rss_kb'] / 1024:.0f} MB")
            results["seed_load"] = r

        if not only or "million" in only:
            print("5a. memory with 1,000,000 queued URLs (1,000 hosts), fetching for 15 s after loading")
            results["million"] = run_queued(work, 1_000_000)
            print_queued(results["million"], 100)

        if not only or "tenmillion" in only:
            print("5b. memory with 10,000,000 queued URLs (1,000 hosts), fetching for 15 s after loading")
            results["ten_million"] = run_queued(work, 10_000_000)
            print_queued(results["ten_million"], 300)
        print(f"load average at end: {_load()}")
        out = os.path.join(ROOT, "bench", "output")
        os.makedirs(out, exist_ok=True)
        with open(os.path.join(out, "crawler.json"), "w") as fh:
            json.dump(results, fh, indent=1)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.stdout.reconfigure(line_buffering=True)
    main()
