"""Viewerproxy benchmark (issue 13), our figures beside pywb's in the same run.

1. Replay latency against pywb 2.x in proxy mode (``--proxy``, banner and content rewriting off:
   the archived bytes, as ours sends them), on the same WARC file and the same URL list: p50 and
   p99 of the first byte and of the whole response, at 1 and 16 concurrent clients. Goal: at most
   half of pywb's p50 and p99.
2. Warm lookup + first byte through our proxy when the session's full crawl-log index holds
   10,000,000 captures (the bench's own captures among 10M synthetic ones): goal under 50 ms.
   The 10M index is built once and kept in the work directory (its build time is printed).

What runs (latency, the default since issue 36): the real archive, on a private RabbitMQ vhost in a
child process of this bench (``--serve-real``, ``viewer_testkit.stack``, the stack of the viewer's
integration tests): the arcrepository (SQLite admin database), one bitarchive replica and its
monitor, the index server, the definitions service and the ``ViewerProxyService`` with its proxy
process. The bench's WARC and its job's metadata WARC (the WARC's CDX) are stored through the
arcrepository into the bitarchive as the harvester stores them; the index server builds the job's
full index from them; a session on the job is made over RPC and every request carries its
credentials. Per request the proxy authenticates the session, asks the index server's ``lookup``
over AMQP (unless kept), signs the record's URL for its file, offset and length (the
arcrepository's ``get_record`` is asked once per file a minute: where the file is served) and
fetches the record from the bitarchive's file server. The only stand-in is the scheduler, which
only says that job 1 is done. The services use production's 5 s heartbeat; all of them share one
eventlet process (in production they are separate processes, often on separate hosts).

``--stand-ins`` measures the path before issue 36 (``--serve``): the index server's ``lookup``
answered from a full index read with the index server's own reader (``FullIndexReader``, the
same conversion to ``CaptureDto``) and ``get_record`` naming a file server routed to the
bitarchive's own record resolver (the index server's request bookkeeping, the arcrepository's
database and the bitarchive service are left out). The 10M-capture pass (2.) always uses those
stand-ins. pywb reads the same WARC file with its own CDXJ (``cdx-indexer``).

The clients are plain processes (``requests``, keep-alive per client), one per client, used
for both tools (``--client-threads``: one process of threads, as before 2026-11-29). pywb is
installed from PyPI into its own virtual environment under the work directory (pinned by
tests/support/pywb-requirements.txt; not a project dependency).

Run: ``bash bench/run.sh viewerproxy`` or ``.venv/bin/python bench/viewerproxy_bench.py
[--urls N] [--rounds N] [--full-captures N] [--skip-full] [--stand-ins] [--lookup-cache-entries N]
[--client-threads]``. The proxy keeps verified records too (``viewerproxy.record_cache_mb``): the
16-client pass reads the records the 1-client pass read.
The proxy keeps lookups per (job set, URL) for a minute: the 1-client pass asks for each URL once
(only the 50 of the warm-up are kept: about 250 index server round trips), the 16-client pass
goes over the list ``--rounds`` times within that minute, so its lookups are kept ones;
``--lookup-cache-entries 0`` measures every request with its index server round trip. The
machine may be shared: ``uptime`` is printed before the run and with the figures; on a busy
machine the p99s move by several times from run to run (docs/viewerproxy.md lists every run
with its load average).
"""
from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import warnings

warnings.filterwarnings("ignore", message=r"\s*Eventlet is deprecated")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests", "support"))
sys.path.insert(0, os.path.join(ROOT, "bench"))

OUT = os.path.join(ROOT, "bench", "output", "viewerproxy")
HOST = "www.bench-viewer.dk"
WARC = "1-1-20240101100000-00000-bench.warc.gz"
JOB = 1
# ``--lookup-cache-entries N`` (0: every request asks the index server, as on a first visit);
# handed to the ``--serve`` child through its environment
LOOKUP_CACHE = ({"lookup_cache_entries": int(os.environ["NAS_BENCH_LOOKUP_CACHE"])}
                if os.environ.get("NAS_BENCH_LOOKUP_CACHE") else {})


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


# --- data -----------------------------------------------------------------------------------------

def make_warc(n: int) -> tuple[str, list[str]]:
    """A WARC of ``n`` responses (HTML 2-60 KB, images 10-300 KB, 1 in 10 gzip-encoded pages);
    answers (its directory, the URL list)."""
    import gzip

    from viewer_testkit import WarcBuilder

    folder = os.path.join(OUT, f"warcs-{n}")
    urls_file = os.path.join(folder, "urls.json")
    if os.path.exists(urls_file):
        return folder, json.load(open(urls_file))
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    rnd = random.Random(13)
    w = WarcBuilder(os.path.join(folder, WARC))
    urls = []
    for i in range(n):
        if i % 3 == 2:
            url = f"http://{HOST}/img/{i:05d}.png"
            w.response(url, "2024-01-01T10:00:00Z", rnd.randbytes(rnd.randint(10_000, 300_000)), "image/png")
        else:
            url = f"http://{HOST}/page/{i:05d}.html"
            body = (b"<html><body>" + b"archived text %d " % i * rnd.randint(120, 4000) + b"</body></html>")
            if i % 10 == 0:
                w.response(url, "2024-01-01T10:00:00Z", gzip.compress(body), "text/html",
                           headers=[("Content-Encoding", "gzip")])
            else:
                w.response(url, "2024-01-01T10:00:00Z", body, "text/html")
        urls.append(url)
    w.close()
    with open(urls_file, "w") as fh:
        json.dump(urls, fh)
    return folder, urls


def our_rows(warc_dir: str) -> list[str]:
    """The WARC's captures as full-index rows (as the index server makes them from a job's CDX)."""
    from server.index.captures import cdx_row
    from shared.warc.cdx import write_cdx

    out = io.StringIO()
    write_cdx(os.path.join(warc_dir, WARC), out, "cdxj", WARC)
    return sorted(r for r in (cdx_row(line, str(JOB)) for line in out.getvalue().splitlines()) if r)


def build_full(warc_dir: str, synthetic: int) -> tuple[str, dict]:
    """The full index of the bench's captures plus ``synthetic`` more (index_bench's rows): built
    once, kept. Our rows' SURTs (``dk,bench-viewer)``) sort before the synthetic ``dk,s…)``."""
    from server.index import full_index

    folder = os.path.join(OUT, f"full-{os.path.basename(warc_dir)}-{synthetic}")
    manifest = os.path.join(folder, "manifest.json")
    if not os.path.exists(manifest):
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        rows = our_rows(warc_dir)

        def lines():
            yield from rows
            if synthetic:
                from index_bench import full_rows

                yield from full_rows(synthetic)

        t = time.perf_counter()
        m = full_index.build(folder, lines(), limitmb=512)
        m["build_seconds"] = time.perf_counter() - t
        with open(manifest, "w") as fh:
            json.dump(m, fh)
    return folder, json.load(open(manifest))


# --- our side: a child process with the viewer service, its proxy process and the stand-ins -----

def installation_key(folder: str) -> None:
    """One installation key for every service of this run, as the test suite's conftest makes:
    the viewerproxy hands it to its proxy process, which signs record URLs with it (#29; without
    it the proxy process does not start)."""
    from server.runtime.tokens import create_key_file

    os.environ["NAS_KEY_FILE"] = os.path.join(folder, "installation.key")
    create_key_file(os.environ["NAS_KEY_FILE"])


def serve(index_dir: str, warc_dir: str, ready: str) -> None:
    """``--serve``: runs until stdin closes."""
    import eventlet

    eventlet.monkey_patch()
    import uuid

    import identity_support  # this run's services take its login (guest) as a service
    import rabbit_admin
    from nameko.containers import ServiceContainer
    from nameko.standalone.rpc import ClusterRpcProxy

    identity_support.install()

    from server.archive.bitarchive.core import record_part
    from server.archive.fileserver import FileServer
    from server.index.full_index import FullIndexReader
    from server.runtime.rpc import rpc
    from server.viewerproxy.service import ViewerProxyService
    from shared import contracts
    from shared.dto.archive import RecordUrlDto
    from shared.dto.index import CaptureDto, IndexRequestDto, LookupDto
    from shared.roles import READ

    reader = FullIndexReader(index_dir)
    files = FileServer("127.0.0.1:0")
    files.route("record", lambda rest, q: record_part(os.path.join(warc_dir, rest), q) if rest == WARC else None)
    files.start()

    class Index:
        name = "index_server"

        @rpc(roles=READ)   # as the real one: not audited (no fsync per call)
        def lookup(self, url: str, job_ids: list[int]) -> LookupDto:
            caps = reader.captures(url.strip())
            return LookupDto(url, "full-bench", [JOB], [], [CaptureDto(**c._asdict()) for c in caps])

        @rpc(roles=READ)
        def request_index(self, kind: str, job_ids: list[int], wait: float = 0.0) -> IndexRequestDto:
            return IndexRequestDto("r", kind, job_ids, "done", job_ids, [], "full-bench")

    class Arc:
        name = "arcrepository"

        @rpc(roles=READ)
        def get_record(self, name: str, offset: int, replica: str | None = None) -> RecordUrlDto:
            return RecordUrlDto(name, offset, "ONE", "ba", f"{files.base_url}/record/{name}?offset={offset}")

    vhost = f"nas-bench-{uuid.uuid4().hex[:12]}"
    rabbit_admin.create_vhost(vhost)
    work = tempfile.mkdtemp(prefix="viewer-bench-")
    installation_key(work)
    amqp = {"AMQP_URI": f"amqp://guest:guest@127.0.0.1:5672/{vhost}"}
    containers = []
    try:
        from viewer_testkit.stack import StandInScheduler

        StandInScheduler.jobs = {JOB: "done"}   # a session's jobs are checked with the scheduler
        for cls in (Index, Arc, StandInScheduler):
            c = ServiceContainer(cls, {**amqp, "data_dir": os.path.join(work, cls.name)})
            c.start()
            containers.append(c)
        viewer = ServiceContainer(ViewerProxyService, {
            **amqp, "instance": {"id": "viewer"}, "data_dir": os.path.join(work, "viewer"),
            "viewerproxy": {"address": "127.0.0.1:0", "threads": 64, **LOOKUP_CACHE}})
        viewer.start()
        containers.append(viewer)
        with ClusterRpcProxy(amqp, timeout=60) as client:
            info = contracts.decode("viewerproxy", "proxy_info", client.viewerproxy.proxy_info())
        _session_until_stdin_closes(amqp, info, ready)
    finally:
        for c in containers[::-1]:
            c.kill()
        files.stop()
        reader.close()
        rabbit_admin.delete_vhost(vhost)
        shutil.rmtree(work, ignore_errors=True)


def _session_until_stdin_closes(config: dict, info, ready: str) -> None:
    """Make a session on the bench's job over RPC, tell the bench its proxy URL (the ``ready``
    file) and wait until the bench closes our stdin."""
    from eventlet import tpool
    from nameko.standalone.rpc import ClusterRpcProxy

    from shared import contracts

    with ClusterRpcProxy(config, timeout=60) as client:
        s = contracts.decode("viewerproxy", "create_session", client.viewerproxy.create_session([JOB]))
    with open(ready + ".tmp", "w") as fh:
        json.dump({"proxy": f"http://{s.session_id}:{s.token}@{info.host}:{info.port}"}, fh)
    os.replace(ready + ".tmp", ready)
    tpool.execute(sys.stdin.read)   # until the bench closes our stdin


def serve_real(warc_dir: str, ready: str) -> None:
    """``--serve-real``: the real archive on a private vhost (``viewer_testkit.stack``: the
    arcrepository on SQLite, one bitarchive replica with its monitor, the index server, the
    definitions service, a stand-in scheduler that only says job 1 is done, the viewerproxy and
    its proxy process). The bench's WARC and its job's metadata WARC (its CDX) are stored in the
    archive as the harvester stores them, the index server builds job 1's full index, and a
    session on job 1 is made over RPC. Runs until stdin closes."""
    import eventlet

    eventlet.monkey_patch()
    import uuid
    from pathlib import Path

    import identity_support
    import rabbit_admin

    identity_support.install()
    import viewer_testkit as kit
    from viewer_testkit.stack import Stack, StandInScheduler, fill


    vhost = f"nas-bench-{uuid.uuid4().hex[:12]}"
    rabbit_admin.create_vhost(vhost)
    root = Path(tempfile.mkdtemp(prefix="viewer-bench-real-"))
    config = {"AMQP_URI": f"amqp://guest:guest@127.0.0.1:5672/{vhost}"}
    stack = None
    try:
        installation_key(str(root))
        files = root / "files"
        files.mkdir()
        warc = str(files / WARC)
        shutil.copyfile(os.path.join(warc_dir, WARC), warc)
        meta = kit.metadata_warc(str(files / f"{JOB}-metadata-1.warc.gz"), JOB, [warc])
        StandInScheduler.jobs = {JOB: "done"}
        stack = Stack(config, root)
        stack.heartbeat_interval = 5.0   # production's default (the tests' 1 s is for quick checks)
        if LOOKUP_CACHE:
            stack.viewer_settings = LOOKUP_CACHE
        t = time.perf_counter()
        stack.start_all()
        info = fill(config, [warc, meta], [[JOB]])
        print(f"(the real archive: started, {JOB}'s two files stored and its full index built in "
              f"{time.perf_counter() - t:.1f} s)", flush=True)
        _session_until_stdin_closes(config, info, ready)
    finally:
        if stack is not None:
            stack.stop_all()
        rabbit_admin.delete_vhost(vhost)
        shutil.rmtree(root, ignore_errors=True)


class Ours:
    def __init__(self, index_dir: str, warc_dir: str, real: bool = False):
        self.ready = os.path.join(tempfile.mkdtemp(prefix="viewer-bench-ready-"), "ready.json")
        args = ["--serve-real", warc_dir] if real else ["--serve", index_dir, warc_dir]
        self.proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), *args, self.ready],
                                     stdin=subprocess.PIPE, cwd=ROOT)
        deadline = time.monotonic() + 180
        while not os.path.exists(self.ready):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.close()
                raise RuntimeError("our viewerproxy did not start (see the output above)")
            time.sleep(0.2)
        self.proxy = json.load(open(self.ready))["proxy"]

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


# --- pywb -------------------------------------------------------------------------------------------

class Pywb:
    def __init__(self, warc_dir: str):
        os.environ.setdefault("NAS_PYWB_VENV", os.path.join(OUT, "venv-pywb"))
        import pywb_replay

        wayback = pywb_replay.ensure_pywb()
        self.work = os.path.join(OUT, "pywb")
        shutil.rmtree(self.work, ignore_errors=True)
        os.makedirs(self.work)
        cdxj = os.path.join(self.work, "index.cdxj")
        subprocess.run([os.path.join(os.path.dirname(wayback), "cdx-indexer"), "--sort", "--cdxj", "--output",
                        cdxj, os.path.join(warc_dir, WARC)], check=True, capture_output=True, timeout=600)
        with open(os.path.join(self.work, "config.yaml"), "w") as fh:
            fh.write(f"collections:\n  nas:\n    index_paths: {cdxj}\n    archive_paths: {warc_dir}/\n"
                     "proxy:\n  coll: nas\n  recording: false\n  enable_banner: false\n"
                     "  enable_content_rewrite: false\n")
        self.port = pywb_replay.free_port()
        self.log = open(os.path.join(self.work, "wayback.log"), "w")
        # pywb's default is 4 threads (gevent); 16 so that 16 clients are not queued behind 4
        self.proc = subprocess.Popen([wayback, "-p", str(self.port), "-b", "127.0.0.1", "-t", "16"],
                                     cwd=self.work, stdout=self.log, stderr=subprocess.STDOUT)
        self.proxy = f"http://127.0.0.1:{self.port}"
        import requests

        deadline = time.monotonic() + 120
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError("pywb ended at start: " + open(self.log.name).read()[-2000:])
            try:
                requests.get(f"http://127.0.0.1:{self.port}/", timeout=2)
                break
            except requests.RequestException:
                if time.monotonic() > deadline:
                    raise RuntimeError("pywb did not start within 120 s") from None
                time.sleep(0.3)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


# --- clients --------------------------------------------------------------------------------------

def client(proxy: str, urls: list[str], concurrency: int, out: str) -> None:
    """``--client``: fetch ``urls`` with ``concurrency`` threads; writes [(first byte s, total s,
    status, bytes, URL, SHA-1 of the body as sent)] to ``out``. Says "ready" on its standard
    output once set up and starts when a line comes on its standard input."""
    import queue
    import threading

    import requests

    print("ready", flush=True)
    sys.stdin.readline()

    work: queue.Queue = queue.Queue()
    for u in urls:
        work.put(u)
    results = []
    lock = threading.Lock()

    def run() -> None:
        s = requests.Session()
        s.trust_env = False
        s.proxies = {"http": proxy}
        while True:
            try:
                u = work.get_nowait()
            except queue.Empty:
                return
            t0 = time.perf_counter()
            r = s.get(u, stream=True, timeout=120)
            first = r.raw.read(1, decode_content=False)   # the first byte of the body, as it arrives
            t1 = time.perf_counter()
            digest = hashlib.sha1(first)
            n = len(first)
            for c in r.raw.stream(65536, decode_content=False):
                n += len(c)
                digest.update(c)
            t2 = time.perf_counter()
            with lock:
                results.append((t1 - t0, t2 - t0, r.status_code, n, u, digest.hexdigest()))

    threads = [threading.Thread(target=run) for _ in range(concurrency)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    with open(out, "w") as fh:
        json.dump(results, fh)


#: clients as threads of one process (``--client-threads``) instead of a process each
CLIENT_THREADS = False


def measure(proxy: str, urls: list[str], concurrency: int) -> list:
    """``urls`` fetched by ``concurrency`` clients at once, each a process of its own (one thread,
    its share of the list) started together; with ``CLIENT_THREADS`` one process of as many
    threads taking from one queue. Measured both ways (docs/decisions/viewerproxy-caches.md):
    threads of one process queue for its interpreter lock while they read bodies, which added
    15-20 ms to our whole answer's p99 at 16 clients and nothing to pywb's, whose answers come
    too slowly for the clients to contend."""
    work = tempfile.mkdtemp(prefix="viewer-bench-clients-")
    shares = [urls] if CLIENT_THREADS else [urls[i::concurrency] for i in range(concurrency)]
    per = concurrency if CLIENT_THREADS else 1
    procs = []
    try:
        for i, share in enumerate(shares):
            with open(os.path.join(work, f"urls-{i}.json"), "w") as fh:
                json.dump(share, fh)
            procs.append(subprocess.Popen(
                [sys.executable, os.path.abspath(__file__), "--client", proxy, str(per),
                 os.path.join(work, f"out-{i}.json"), os.path.join(work, f"urls-{i}.json")],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True))
        for p in procs:            # every client set up (imports, session) before any starts
            if p.stdout.readline().strip() != "ready":
                raise RuntimeError("a bench client did not start")
        for p in procs:
            p.stdin.write("go\n")
            p.stdin.flush()
        results = []
        for i, p in enumerate(procs):
            p.stdin.close()
            if p.wait(3600) != 0:
                raise RuntimeError("a bench client failed")
            with open(os.path.join(work, f"out-{i}.json")) as fh:
                results += json.load(fh)
        return results
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()
        shutil.rmtree(work, ignore_errors=True)


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * p))] * 1000


def summary(res: list) -> dict:
    return {"fb50": pct([r[0] for r in res], .5), "fb99": pct([r[0] for r in res], .99),
            "all50": pct([r[1] for r in res], .5), "all99": pct([r[1] for r in res], .99),
            "bad": sum(1 for r in res if r[2] != 200), "n": len(res), "bodies": {r[4]: r[5] for r in res}}


# --- main -----------------------------------------------------------------------------------------

def latency_figures(warc_dir: str, urls: list[str], rounds: int, real: bool) -> None:
    index_dir, _ = build_full(warc_dir, 0)
    plan = [(1, urls), (16, urls * rounds)]
    figures: dict = {}
    ours = Ours(index_dir, warc_dir, real)
    try:
        try:
            peer = Pywb(warc_dir)
        except Exception as exc:  # noqa: BLE001 - said as it is, and only our figures are printed
            print(f"pywb could not be installed or started, only our figures follow: {exc}")
            peer = None
        tools = [("ours", ours.proxy)] + ([("pywb", peer.proxy)] if peer else [])
        try:
            for _name, proxy in tools:   # warm: RPC clients, the file's location; pywb's index
                measure(proxy, urls[:50], 4)
            for conc, todo in plan:   # one after the other per step: both see about the same load
                for name, proxy in tools:
                    figures[(name, conc)] = summary(measure(proxy, todo, conc))
        finally:
            if peer:
                peer.close()
    finally:
        ours.close()
    same = ""
    if ("pywb", 1) in figures:
        ours_bodies, peer_bodies = figures[("ours", 1)]["bodies"], figures[("pywb", 1)]["bodies"]
        same = (f"; the same body bytes from both for {sum(ours_bodies[u] == peer_bodies.get(u) for u in ours_bodies)}"
                f" of {len(ours_bodies)} URLs")
    print(f"replay of {len(urls)} URLs (one WARC, {os.path.getsize(os.path.join(warc_dir, WARC)) / 2**20:.0f} MiB),"
          f" ours {'through the real index server and arcrepository' if real else 'with stand-ins'},"
          f" milliseconds{same} ({uptime()}):")
    for conc, todo in plan:
        o = figures[("ours", conc)]
        line = (f"  {conc:>2} client(s), {len(todo)} requests: ours first byte p50 {o['fb50']:.1f} p99 {o['fb99']:.1f},"
                f" whole p50 {o['all50']:.1f} p99 {o['all99']:.1f} (non-200: {o['bad']})")
        p = figures.get(("pywb", conc))
        if p:
            line += (f" | pywb first byte p50 {p['fb50']:.1f} p99 {p['fb99']:.1f}, whole p50 {p['all50']:.1f}"
                     f" p99 {p['all99']:.1f} (non-200: {p['bad']}) | ratio ours/pywb: first byte p50 "
                     f"{o['fb50'] / p['fb50']:.2f} p99 {o['fb99'] / p['fb99']:.2f}, whole p50 "
                     f"{o['all50'] / p['all50']:.2f} p99 {o['all99'] / p['all99']:.2f} (goal <= 0.5)")
        print(line)


def full_figures(warc_dir: str, urls: list[str], synthetic: int) -> None:
    t = time.perf_counter()
    index_dir, m = build_full(warc_dir, synthetic)
    took = time.perf_counter() - t
    ours = Ours(index_dir, warc_dir)
    try:
        rnd = random.Random(7)
        measure(ours.proxy, rnd.sample(urls, min(50, len(urls))), 1)   # warm
        res = measure(ours.proxy, [rnd.choice(urls) for _ in range(300)], 1)
    finally:
        ours.close()
    s = summary(res)
    print(f"full index of {m['entries']:,} captures ({m.get('segments')} segment(s); built once in "
          f"{m['build_seconds']:.0f} s{'' if took > 60 else ', reused from ' + index_dir}): warm lookup + first "
          f"byte through the proxy, 1 client, 300 requests: p50 {s['fb50']:.1f} ms p99 {s['fb99']:.1f} ms "
          f"(goal < 50 ms; non-200: {s['bad']})")


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--serve":
        serve(*sys.argv[2:5])
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--serve-real":
        serve_real(*sys.argv[2:4])
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--client":
        with open(sys.argv[5]) as fh:
            client(sys.argv[2], json.load(fh), int(sys.argv[3]), sys.argv[4])
        return
    ap = argparse.ArgumentParser()
    ap.add_argument("--urls", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=2, help="passes over the URL list at 16 clients")
    ap.add_argument("--full-captures", type=int, default=10_000_000)
    ap.add_argument("--skip-full", action="store_true")
    ap.add_argument("--skip-latency", action="store_true")
    ap.add_argument("--stand-ins", action="store_true",
                    help="the latency pass with the stand-in index server and arcrepository (as before issue 36)")
    ap.add_argument("--lookup-cache-entries", type=int, default=None, metavar="N",
                    help="the proxy's lookup cache (default: the setting's default; 0: none, every request "
                         "asks the index server — the 16-client pass repeats the URL list, so it would hit)")
    ap.add_argument("--client-threads", action="store_true",
                    help="the clients as threads of one process (before 2026-11-29) instead of a process each")
    args = ap.parse_args()
    global CLIENT_THREADS
    CLIENT_THREADS = args.client_threads
    os.makedirs(OUT, exist_ok=True)
    if args.lookup_cache_entries is not None:
        os.environ["NAS_BENCH_LOOKUP_CACHE"] = str(args.lookup_cache_entries)
    print(f"viewerproxy bench ({uptime()}; lookup cache entries: "
          f"{args.lookup_cache_entries if args.lookup_cache_entries is not None else 'default'})")
    warc_dir, urls = make_warc(args.urls)
    if not args.skip_latency:
        latency_figures(warc_dir, urls, args.rounds, not args.stand_ins)
    if not args.skip_full:
        full_figures(warc_dir, urls, args.full_captures)


if __name__ == "__main__":
    main()
