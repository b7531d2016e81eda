"""Browser capture benchmark, side by side with Brozzler in one run (issue 34).

Two sites, each crawled by both, one after the other in the same run:

a. the test web's script-made page ``/scripted/`` (tests/support/testweb/scripted.py: images from
   a JSON API, static and dynamic ES modules, a fetched fragment, a background set from script, a
   frame's script-made image, a "load more" button, an infinite scroll) on ``--hosts`` hosts;
b. Debian's python3-doc HTML (``/usr/share/doc/python3.11/html``), the pages of ``tutorial/`` and
   ``howto/``, served by Python's http.server file handler (HTTP/1.1, threaded; see DOC_SERVER)
   under the fake host name ``docs.python.test``.

**Ours**: one crawler process (``python -m server.crawler``) with ``browser: {render: seeds,
tabs: N}``, the pages as its seeds, no link hops. **Brozzler**: Internet Archive's ``brozzle-page``
(one page per run, as its command line does) with warcprox writing the WARCs, ``N`` of them at once
(the same number of browsers as our tabs) through one warcprox. Both use the same Debian Chromium
(``/usr/bin/chromium``) through one wrapper script (tests/support/netlog.py) that adds
``--no-sandbox`` and Chromium's own request log (NetLog), given to ours as ``NAS_CHROMIUM`` and to
``brozzle-page`` as ``-e``. Brozzler and warcprox are installed from PyPI, at pinned versions, into a
venv of their own under ``bench/output/brozzler-venv`` (never into the project's).

Per site, for each side:
- **completeness**: of the URLs the browser requested (its NetLog, plus the pages it was told to
  load: a navigation our DevTools Fetch domain answers is not in the NetLog), how many have a
  response or revisit record in the side's WARCs; also against what *either* browser requested
  (Brozzler's behaviours click no "load more", so its browser asks for less);
- **pages per minute**: pages over the wall time from the first page started to the last ended
  (warcprox is started before and stopped after: a service, not counted; our crawler's own start
  and its browser's are counted);
- **peak memory**: the highest sum over the side's process tree, sampled every 0.25 s, of PSS
  (``/proc/PID/smaps_rollup``; shared pages divided among their sharers) and of RSS: ours is the
  crawler and its Chromium; Brozzler's is warcprox and every running brozzle-page with its Chromium.

Targets (issue 34): completeness at least Brozzler's and at least 98%; pages per minute at least
1.5x Brozzler's; our peak memory at most 1.5 GB for one crawler with 4 tabs.

Neither side obeys robots.txt here (brozzle-page and warcprox do not read it for a page's
resources); neither follows links (brozzle-page renders the one page it is given). Brozzler runs
with ``--skip-youtube-dl`` (yt-dlp is not installed in its venv; that would only add time to it).

Warcprox resolves host names itself and refuses loopback origins unless
``WarcProxyHandler.allow_localhost`` is set (the bench sets it), and Chromium never sends loopback
hosts to a proxy: the sites are named with fake host names, which the bench resolves to 127.0.0.1
in a mount namespace of its own with its own ``/etc/hosts`` (``unshare -m`` and a bind mount; it
re-runs itself there, so it must run as root, as the set-up does). Our crawler, with no upstream
proxy, resolves them through the same ``/etc/hosts``.

Run: ``bash bench/run.sh browser`` or ``.venv/bin/python bench/browser_bench.py [--tabs 4]
[--hosts 12] [--doc-pages 40] [--rounds 1] [--only scripted|doc] [--connections-per-host 1]``.
Writes bench/output/browser.json.

Politeness: our crawler holds a host while one of its pages renders and fetches a page's resources
at most ``connections_per_host`` at once (the profile's default, 1), so python3-doc, one host,
renders one page at a time in our crawler while four brozzle-page run on it at once (Brozzler's
own crawler, brozzler-worker, also brozzles one page of a site at a time).
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "support"))
from netlog import ENV as NETLOG_ENV  # noqa: E402
from netlog import chromium_wrapper, requested_urls  # noqa: E402
from static_site import PYTHON_DOC  # noqa: E402
from testweb import TestWeb  # noqa: E402

OUT = os.path.join(ROOT, "bench", "output")
VENV = os.path.join(OUT, "brozzler-venv")
# Brozzler and what it needs, as pip chose them on 2026-11-28 for Python 3.11 (pinned: a new
# release must not change the peer under the figures)
BROZZLER_PINS = [
    "brozzler==1.9.6", "warcprox==2.13.1", "doublethink==0.4.9", "rethinkdb==2.4.9", "urlcanon==0.3.1",
    "websocket-client==1.8.0", "reppy==0.3.4", "structlog==26.1.0", "requests==2.34.2", "urllib3==2.8.0",
    "cryptography==45.0.7", "pillow==13.0.0", "warctools==5.0.1", "PySocks==1.7.1", "Jinja2==3.1.6",
    "PyYAML==6.0.4", "Cerberus==1.3.8", "python-magic==0.4.27", "prometheus_client==0.26.0",
]
CHROMIUM = "/usr/bin/chromium"
# brozzle-page's own entry point, with a debugging port of its own for its Chromium: brozzle-page
# always asks for 9222, and a second one running at once then drives the first one's browser
BROZZLE_PAGE = ("import sys, brozzler.chrome, brozzler.cli\n"
                "brozzler.chrome.Chrome.__init__.__defaults__ = (int(sys.argv.pop(1)), False)\n"
                "sys.argv[0] = 'brozzle-page'\n"
                "sys.exit(brozzler.cli.brozzle_page())\n")
NS_FLAG = "NAS_BROWSER_BENCH_NS"  # set once the bench runs in its own mount namespace
SCRIPTED_HOSTS = "www.bench{}.test"
DOC_HOST = "docs.python.test"
MAX_HOSTS = 64


# -- preparing (outside the namespace: pip and apt need the machine's own /etc/hosts) ----------
def brozzler_venv() -> str:
    """The venv with Brozzler and warcprox (made once, kept under bench/output)."""
    marker = os.path.join(VENV, "pins.txt")
    wanted = "\n".join(BROZZLER_PINS) + "\n"
    if os.path.exists(marker) and open(marker, encoding="utf-8").read() == wanted:
        return VENV
    print(f"  installing Brozzler and warcprox (pinned) into {VENV}")
    shutil.rmtree(VENV, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
    subprocess.run([os.path.join(VENV, "bin", "pip"), "install", "-q", *BROZZLER_PINS], check=True,
                   stderr=subprocess.DEVNULL, timeout=1800)
    with open(marker, "w", encoding="utf-8") as fh:
        fh.write(wanted)
    return VENV


def require_python_doc() -> None:
    if os.path.isdir(PYTHON_DOC):
        return
    print("  installing python3-doc (packaging/dev/bootstrap.sh install_debs)")
    subprocess.run(["bash", "-c", 'source "$1/packaging/dev/bootstrap.sh" && install_debs python3-doc', "-", ROOT],
                   check=False, timeout=1800)
    if not os.path.isdir(PYTHON_DOC):
        raise SystemExit(f"python3-doc is needed ({PYTHON_DOC}): as root `apt-get install python3-doc`, "
                         "or run --only scripted")


def in_own_namespace(argv: list[str]) -> None:
    """Run this bench again in a mount namespace whose /etc/hosts gives the sites' fake names
    127.0.0.1 (warcprox resolves names itself; Chromium does not proxy loopback hosts)."""
    if os.geteuid() != 0:
        raise SystemExit("the browser bench runs as root: it resolves its fake host names in a mount namespace "
                         "of its own (unshare -m) and Chromium needs --no-sandbox")
    hosts = tempfile.NamedTemporaryFile("w", prefix="browser-bench-hosts-", delete=False)
    with open("/etc/hosts", encoding="utf-8") as fh:
        hosts.write(fh.read())
    names = [SCRIPTED_HOSTS.format(i) for i in range(MAX_HOSTS)] + [DOC_HOST]
    hosts.write("\n# the browser bench's sites\n" + "".join(f"127.0.0.1 {n}\n" for n in names))
    hosts.close()
    os.chmod(hosts.name, 0o644)
    try:
        code = subprocess.run(
            ["unshare", "-m", "--propagation", "private", "--", "sh", "-c",
             'mount --bind "$1" /etc/hosts && shift && exec "$@"', "-", hosts.name,
             sys.executable, os.path.abspath(__file__), *argv],
            env=dict(os.environ, **{NS_FLAG: "1"})).returncode
    finally:
        os.unlink(hosts.name)
    raise SystemExit(code)


# -- measuring -----------------------------------------------------------------------------
def _children_map() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as fh:
                parent = int(fh.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        kids.setdefault(parent, []).append(int(entry))
    return kids


def _memory_kb(pid: int) -> tuple[int, int]:
    """(PSS, RSS) of one process in kB; (0, 0) when it is gone."""
    pss = rss = 0
    try:
        with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as fh:
            for text in fh:
                if text.startswith("Pss:"):
                    pss = int(text.split()[1])
                elif text.startswith("Rss:"):
                    rss = int(text.split()[1])
    except (OSError, ValueError):
        pass
    return pss, rss


class TreeMemory:
    """The peak, over samples every ``interval`` s, of the summed PSS and RSS of the process trees
    under ``roots()`` (the pids the side runs now)."""

    def __init__(self, roots, interval: float = 0.25):
        self.roots = roots
        self.interval = interval
        self.peak_pss_kb = self.peak_rss_kb = self.peak_processes = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> TreeMemory:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.is_set():
            self.sample()
            self._stop.wait(self.interval)

    def sample(self) -> None:
        kids = _children_map()
        todo, seen = list(self.roots()), set()
        while todo:
            pid = todo.pop()
            if pid not in seen:
                seen.add(pid)
                todo.extend(kids.get(pid, ()))
        pss = rss = 0
        for pid in seen:
            p, r = _memory_kb(pid)
            pss, rss = pss + p, rss + r
        self.peak_pss_kb = max(self.peak_pss_kb, pss)
        self.peak_rss_kb = max(self.peak_rss_kb, rss)
        self.peak_processes = max(self.peak_processes, len(seen))


def archived_urls(paths: list[str]) -> set[str]:
    """URIs with a response or revisit record in the WARC files."""
    from warcio.archiveiterator import ArchiveIterator

    found = set()
    for path in paths:
        with open(path, "rb") as fh:
            for record in ArchiveIterator(fh):
                if record.rec_type in ("response", "revisit"):
                    found.add(record.rec_headers.get_header("WARC-Target-URI"))
    return found


# python3-doc's server: http.server's file handler speaking HTTP/1.1 with keep-alive, threaded,
# with a deep accept queue. Behind `python -m http.server` (HTTP/1.0, a connection per request,
# a queue of 5) warcprox met a reused connection closed by the server (RemoteDisconnected), marked
# the host bad and answered 502 for every page that followed for a while (24 of 37 pages lost in
# a first run); a site's real server keeps connections open.
DOC_SERVER = """import functools, http.server, sys
class Handler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *args):
        pass
class Server(http.server.ThreadingHTTPServer):
    request_queue_size = 256
    daemon_threads = True
    def handle_error(self, request, client_address):
        pass  # a browser or proxy closing a kept-alive connection is no error here
httpd = Server(("127.0.0.1", 0), functools.partial(Handler, directory=sys.argv[1]))
print(httpd.server_address[1], flush=True)
httpd.serve_forever()
"""


class DocServer:
    """``with DocServer(directory) as port:`` the directory served on 127.0.0.1:port."""

    def __init__(self, directory: str):
        self.directory = directory
        self.proc: subprocess.Popen | None = None

    def __enter__(self) -> int:
        self.proc = subprocess.Popen([sys.executable, "-c", DOC_SERVER, self.directory], stdout=subprocess.PIPE,
                                     text=True)
        line = self.proc.stdout.readline() if self.proc.stdout else ""
        if not line.strip().isdigit():
            self.__exit__()
            raise SystemExit(f"the python3-doc server did not start: {line!r}")
        return int(line)

    def __exit__(self, *exc) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_port(port: int, proc: subprocess.Popen, what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"{what} ended at start (exit {proc.returncode})")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"{what} did not listen within {timeout:g} s")


# -- the two sides ---------------------------------------------------------------------------
def run_ours(work: str, pages: list[str], tabs: int, wrapper: str, hosts: set[str], connections: int = 1) -> dict:
    job = os.path.join(work, "ours")
    netlogs = os.path.join(work, "ours-netlog")
    os.makedirs(job)
    os.makedirs(netlogs)
    spec = {"job_id": "1", "harvest_id": "1", "seeds": pages,
            "profile": {"robots": "ignore", "max_workers": 2 * tabs, "scope": {"max_hops": 0},
                        "politeness": {"delay_factor": 0, "min_delay_ms": 0, "max_delay_ms": 0,
                                       "connections_per_host": connections},
                        "browser": {"render": "seeds", "tabs": tabs}, "progress_interval_s": 5}}
    with open(os.path.join(job, "crawl-job.json"), "w", encoding="utf-8") as fh:
        json.dump(spec, fh)
    env = dict(os.environ, NAS_CHROMIUM=wrapper, **{NETLOG_ENV: netlogs}, PYTHONPATH=ROOT)
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "server.crawler", job], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=open(os.path.join(work, "ours.stderr"), "w"), text=True)
    with TreeMemory(lambda: [proc.pid] if proc.poll() is None else []) as memory:
        out, _ = proc.communicate(timeout=3600)
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"our crawler failed ({proc.returncode}): see {work}/ours.stderr")
    with open(os.path.join(job, "pages.jsonl"), encoding="utf-8") as fh:
        rendered = [json.loads(line) for line in fh][1:]
    warcs = sorted(glob.glob(os.path.join(job, "*.warc.gz")))
    loaded = sum(1 for p in rendered if p.get("loadState", 0) >= 2)
    return _side(pages, wall, memory, warcs, netlogs, hosts, rendered=loaded, final=json.loads(out.splitlines()[-1]))


def run_brozzler(work: str, pages: list[str], tabs: int, wrapper: str, hosts: set[str]) -> dict:
    warcs_dir = os.path.join(work, "brozzler-warcs")
    netlogs = os.path.join(work, "brozzler-netlog")
    logs = os.path.join(work, "brozzler-logs")
    for d in (warcs_dir, netlogs, logs):
        os.makedirs(d)
    port = _free_port()
    py = os.path.join(VENV, "bin", "python")
    # warcprox refuses loopback origins unless told otherwise (the sites' names resolve to 127.0.0.1)
    code = ("import sys, warcprox.main, warcprox.warcproxy\n"
            "warcprox.warcproxy.WarcProxyHandler.allow_localhost = True\n"
            "sys.argv[0] = 'warcprox'\n"
            "warcprox.main.main()\n")
    warcprox = subprocess.Popen(
        [py, "-c", code, "-p", str(port), "-b", "127.0.0.1", "-d", warcs_dir, "-z", "--stats-db-file", "",
         "-j", "", "-c", os.path.join(work, "warcprox-ca.pem"), "--certs-dir", os.path.join(work, "warcprox-certs")],
        cwd=work, stdout=subprocess.DEVNULL, stderr=open(os.path.join(logs, "warcprox.log"), "w"))
    running: set[int] = set()
    lock = threading.Lock()
    failed: list[str] = []

    def brozzle(i_url: tuple[int, str]) -> None:
        i, url = i_url
        with open(os.path.join(logs, f"page-{i}.log"), "w") as log:
            p = subprocess.Popen([py, "-c", BROZZLE_PAGE, str(_free_port()), "-e", wrapper, "--proxy",
                                  f"127.0.0.1:{port}", "--skip-youtube-dl", url], cwd=work,
                                 stdout=log, stderr=subprocess.STDOUT, env=dict(os.environ, **{NETLOG_ENV: netlogs}))
            with lock:
                running.add(p.pid)
            try:
                p.wait(timeout=600)
            finally:
                with lock:
                    running.discard(p.pid)
        with open(os.path.join(logs, f"page-{i}.log"), encoding="utf-8", errors="replace") as log:
            # brozzle-page exits 0 when its page failed (it logs the exception)
            if p.returncode != 0 or "PageConnectionError" in log.read():
                failed.append(url)

    def roots() -> list[int]:
        with lock:
            return [warcprox.pid, *running]

    try:
        _wait_port(port, warcprox, "warcprox")
        with TreeMemory(roots) as memory:
            t0 = time.perf_counter()
            with ThreadPoolExecutor(tabs) as pool:
                list(pool.map(brozzle, enumerate(pages)))
            wall = time.perf_counter() - t0
    finally:
        warcprox.send_signal(signal.SIGINT)  # it finishes writing and closes its WARC
        try:
            warcprox.wait(120)
        except subprocess.TimeoutExpired:
            warcprox.kill()
            warcprox.wait()
        _remove_screenshots(pages)
    warcs = sorted(glob.glob(os.path.join(warcs_dir, "*.warc.gz")))
    return _side(pages, wall, memory, warcs, netlogs, hosts, rendered=len(pages) - len(failed), failed=failed)


def _remove_screenshots(pages: list[str]) -> None:
    """brozzle-page leaves a JPEG of each page in /tmp, named after the URL."""
    ok = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    for url in pages:
        for path in glob.glob("/tmp/" + "".join(c if c in ok else "_" for c in url) + "-*.jpg"):
            os.unlink(path)


def _side(pages, wall, memory, warcs, netlogs, hosts, **extra) -> dict:
    requested = requested_urls(netlogs, hosts) | set(pages)
    archived = archived_urls(warcs)
    return {"pages": len(pages), "wall_s": round(wall, 2), "pages_per_min": round(60 * len(pages) / wall, 2),
            "peak_pss_mb": round(memory.peak_pss_kb / 1024), "peak_rss_mb": round(memory.peak_rss_kb / 1024),
            "peak_processes": memory.peak_processes, "requested": sorted(requested),
            "archived_of_requested": len(archived & requested), "archived": sorted(archived), **extra}


def compare(name: str, ours: dict, theirs: dict) -> dict:
    union = set(ours["requested"]) | set(theirs["requested"])
    for label, side in (("ours", ours), ("Brozzler", theirs)):
        own = side["archived_of_requested"] / max(len(side["requested"]), 1)
        of_union = len(set(side["archived"]) & union) / max(len(union), 1)
        side["completeness"] = round(own, 4)
        side["completeness_of_either"] = round(of_union, 4)
        print(f"  {label:<9} {side['pages']:>3} pages in {side['wall_s']:7.1f} s = {side['pages_per_min']:6.1f} "
              f"pages/min; archived {side['archived_of_requested']}/{len(side['requested'])} of its browser's "
              f"requests = {100 * own:5.1f}% ({100 * of_union:5.1f}% of the {len(union)} either browser "
              f"requested); peak memory PSS {side['peak_pss_mb']} MB, RSS {side['peak_rss_mb']} MB "
              f"({side['peak_processes']} processes)"
              + (f"; {len(side['failed'])} pages failed" if side.get("failed") else ""))
        missing = sorted(set(side["requested"]) - set(side["archived"]))
        if missing:
            more = " ..." if len(missing) > 6 else ""
            print(f"            not archived ({len(missing)}): {', '.join(missing[:6])}{more}")
    speed = ours["pages_per_min"] / max(theirs["pages_per_min"], 1e-9)
    pss = ours["peak_pss_mb"] / max(theirs["peak_pss_mb"], 1)
    rss = ours["peak_rss_mb"] / max(theirs["peak_rss_mb"], 1)
    ok_complete = ours["completeness"] >= 0.98 and ours["completeness_of_either"] >= theirs["completeness_of_either"]
    print(f"  ratios ours/Brozzler: pages/min {speed:.2f}x (target >= 1.5x); peak PSS {pss:.2f}x, RSS {rss:.2f}x; "
          f"completeness {'meets' if ok_complete else 'MISSES'} the target (>= 98% and >= Brozzler's); "
          f"our peak PSS {ours['peak_pss_mb']} MB (target <= 1536 MB)")
    return {"ours": ours, "brozzler": theirs, "speed_ratio": round(speed, 2), "pss_ratio": round(pss, 2),
            "rss_ratio": round(rss, 2)}


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def doc_pages(limit: int) -> list[str]:
    """The python3-doc pages of the bench: tutorial/ then howto/, in name order, at most ``limit``."""
    names = []
    for part in ("tutorial", "howto"):
        names += sorted(f"{part}/{n}" for n in os.listdir(os.path.join(PYTHON_DOC, part)) if n.endswith(".html"))
    return names[:limit]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--tabs", type=int, default=4, help="our tabs = Brozzler's browsers at once")
    parser.add_argument("--hosts", type=int, default=12, help="hosts of the test web, one /scripted/ page each")
    parser.add_argument("--doc-pages", type=int, default=40, help="python3-doc pages (tutorial/, then howto/)")
    parser.add_argument("--rounds", type=int, default=1, help="runs of both sides, one after the other")
    parser.add_argument("--only", choices=("scripted", "doc"), help="one site only")
    parser.add_argument("--connections-per-host", type=int, default=1,
                        help="our politeness.connections_per_host (the profile's default 1: one page of a host "
                             "renders at a time, so python3-doc, one host, renders one page at a time)")
    args = parser.parse_args()
    if not 1 <= args.hosts <= MAX_HOSTS:
        raise SystemExit(f"--hosts: 1 to {MAX_HOSTS}")
    if os.environ.get(NS_FLAG) != "1":
        if not os.access(CHROMIUM, os.X_OK):
            raise SystemExit(f"{CHROMIUM} is needed (Debian: apt-get install chromium)")
        brozzler_venv()
        if args.only != "scripted":
            require_python_doc()
        in_own_namespace(sys.argv[1:])
    work = tempfile.mkdtemp(prefix="browser-bench-")
    wrapper = chromium_wrapper(work, CHROMIUM)
    results: dict[str, list] = {"scripted": [], "doc": []}
    print(f"browser capture beside Brozzler: {args.tabs} tabs / browsers; load average at start {_load()} "
          f"({os.cpu_count()} cores, shared with other work)")
    try:
        for r in range(args.rounds):
            if args.only != "doc":
                hosts = {SCRIPTED_HOSTS.format(i) for i in range(args.hosts)}
                with TestWeb(mode="process", tls=False, pages_per_host=30) as web:
                    pages = [f"http://{h}:{web.port}/scripted/" for h in sorted(hosts)]
                    print(f"a. round {r + 1}: the test web's /scripted/ on {len(pages)} hosts "
                          f"(load {_load()})")
                    ours = run_ours(os.path.join(work, f"a{r}"), pages, args.tabs, wrapper, hosts,
                                    args.connections_per_host)
                    theirs = run_brozzler(os.path.join(work, f"a{r}"), pages, args.tabs, wrapper, hosts)
                results["scripted"].append(compare("scripted", ours, theirs))
            if args.only != "scripted":
                names = doc_pages(args.doc_pages)
                with DocServer(PYTHON_DOC) as port:
                    pages = [f"http://{DOC_HOST}:{port}/{n}" for n in names]
                    print(f"b. round {r + 1}: python3-doc, {len(pages)} pages of tutorial/ and howto/ "
                          f"(load {_load()})")
                    ours = run_ours(os.path.join(work, f"b{r}"), pages, args.tabs, wrapper, {DOC_HOST},
                                    args.connections_per_host)
                    theirs = run_brozzler(os.path.join(work, f"b{r}"), pages, args.tabs, wrapper, {DOC_HOST})
                results["doc"].append(compare("doc", ours, theirs))
        print(f"load average at end: {_load()}")
        os.makedirs(OUT, exist_ok=True)
        with open(os.path.join(OUT, "browser.json"), "w", encoding="utf-8") as fh:
            json.dump(results, fh, indent=1)
    finally:
        if os.environ.get("NAS_BENCH_KEEP"):
            print(f"work files kept in {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.stdout.reconfigure(line_buffering=True)
    main()
