"""Desktop jobs table over 500,000 jobs: first page, re-sort, filter, client memory.

The jobs come from a fake in-process RPC backend that pages a real SQLite table of 500,000
generated rows (indexed like the scheduler's), so the figures measure the client's paging model
and a realistic SQL page; the broker round trip (about 1-3 ms on loopback) is not included.
The peer is the naive way: a QStandardItemModel filled with every row, sorted and filtered
(QSortFilterProxyModel) in the client. Each side runs in its own process so RSS is its own.
"""
from __future__ import annotations

import json
import os
import random
import resource
import sqlite3
import subprocess
import sys
import threading
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

N = int(os.environ.get("NAS_BENCH_JOBS", "500000"))
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "output")
DB = os.path.join(OUT, f"desktop_jobs_{N}.sqlite")
STATUSES = ("new", "submitted", "started", "done", "failed", "resubmitted", "failed_rejected")
COLUMNS = ("id", "status", "harvest", "harvest_run", "channel", "configuration_count", "expected_objects",
           "created_at", "started_at", "ended_at", "harvester_id")


def make_db() -> None:
    if os.path.exists(DB):
        return
    os.makedirs(OUT, exist_ok=True)
    rnd = random.Random(8)
    con = sqlite3.connect(DB + ".tmp")
    con.execute("CREATE TABLE jobs (id INTEGER PRIMARY KEY, status TEXT, harvest TEXT, harvest_run INT, channel TEXT,"
                " configuration_count INT, expected_objects INT, created_at TEXT, started_at TEXT, ended_at TEXT,"
                " harvester_id TEXT)")
    t0 = 1.7e9
    rows = []
    for i in range(1, N + 1):
        c = t0 + i * 60
        rows.append((i, rnd.choices(STATUSES, (1, 2, 1, 80, 8, 5, 3))[0], f"harvest-{rnd.randrange(400)}",
                     rnd.randrange(1, 50), rnd.choice(("SNAPSHOT", "FOCUSED", "BEHINDPAYWALL")),
                     rnd.randrange(1, 10000), rnd.randrange(1000, 10_000_000),
                     time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(c)),
                     time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(c + 600)),
                     time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(c + 7200)), f"harvester-{rnd.randrange(20)}"))
    con.executemany("INSERT INTO jobs VALUES (?,?,?,?,?,?,?,?,?,?,?)", rows)
    for col in ("status", "created_at", "harvest", "channel", "expected_objects"):
        con.execute(f"CREATE INDEX ix_{col} ON jobs ({col}, id)")
    con.commit()
    con.close()
    os.replace(DB + ".tmp", DB)


class SqliteJobsBackend:
    """``scheduler.list_jobs`` answered from the SQLite table, one connection per worker thread."""

    SORTS = {"id", "status", "harvest", "created_at", "channel", "expected_objects", "harvest_run", "started_at",
             "ended_at", "configuration_count"}

    #: the JobDto fields the generated table leaves out
    FIXED = {"harvest_id": 1, "snapshot": False, "profile": "default", "max_bytes_per_domain": -1,
             "max_objects_per_domain": -1, "failure_reason": "", "harvest_error": "", "upload_error": "",
             "resubmitted_from": None, "resubmitted_as": None}

    def __init__(self) -> None:
        self.local = threading.local()

    def call(self, service, method, args, kwargs, timeout):
        con = getattr(self.local, "con", None)
        if con is None:
            con = self.local.con = sqlite3.connect(DB)
            con.row_factory = sqlite3.Row
        f = kwargs.get("filters") or {}
        where, params = [], []
        if f.get("status"):
            where.append("status = ?")
            params.append(f["status"])
        if f.get("channel"):
            where.append("channel = ?")
            params.append(f["channel"])
        w = (" WHERE " + " AND ".join(where)) if where else ""
        sort = kwargs.get("sort") or "-id"
        desc = sort.startswith("-")
        key = sort.lstrip("-")
        assert key in self.SORTS
        order = f" ORDER BY {key} {'DESC' if desc else 'ASC'}, id {'DESC' if desc else 'ASC'}"
        total = con.execute(f"SELECT COUNT(*) FROM jobs{w}", params).fetchone()[0]
        rows = con.execute(f"SELECT * FROM jobs{w}{order} LIMIT ? OFFSET ?",
                           [*params, kwargs["limit"], kwargs["offset"]]).fetchall()
        # a whole JobDto per row, as the scheduler sends it (the client decodes every field)
        items = [{**self.FIXED, **dict(r), "submitted_at": r["created_at"]} for r in rows]
        return {"items": items, "total": total, "offset": kwargs["offset"], "limit": kwargs["limit"]}

    def close_all(self) -> None:
        pass


def rss_mb() -> float:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _wait(app, cond, timeout=60.0) -> None:
    end = time.perf_counter() + timeout
    while not cond():
        app.processEvents()
        if time.perf_counter() > end:
            raise TimeoutError
        time.sleep(0.0005)


def run_ours() -> dict:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication, QTableView

    from desktop.models import PagedTableModel
    from desktop.rpc import RpcClient
    from desktop.screens.jobs import job_columns, jobs_kwargs

    app = QApplication.instance() or QApplication([])
    client = RpcClient(SqliteJobsBackend())
    model = PagedTableModel(client, "scheduler", "list_jobs", job_columns(), page_size=200, kwargs_for=jobs_kwargs)
    view = QTableView()
    view.setModel(model)
    view.resize(1200, 800)
    view.show()
    out = {}

    def timed(action) -> float:
        done = []
        model.loaded.connect(lambda _t: done.append(1))
        t0 = time.perf_counter()
        action()
        _wait(app, lambda: bool(done))
        view.repaint()          # the page is painted, not only received
        app.processEvents()
        model.loaded.disconnect()
        return (time.perf_counter() - t0) * 1000

    out["first_page_ms"] = timed(model.reload)
    out["rows"] = model.rowCount()
    out["sort_ms"] = timed(lambda: model.sort(2, Qt.SortOrder.AscendingOrder))      # by harvest
    out["filter_ms"] = timed(lambda: model.set_filters({"status": "failed"}))
    out["filtered_rows"] = model.rowCount()
    # scroll to the far end: only the visible page is fetched
    model.set_filters({})
    _wait(app, lambda: not model.loading)
    t0 = time.perf_counter()
    view.scrollToBottom()
    _wait(app, lambda: model.row_at(model.rowCount() - 1) is not None)
    out["jump_to_end_ms"] = (time.perf_counter() - t0) * 1000
    out["rss_mb"] = rss_mb()
    client.shutdown()
    return out


def run_peer() -> dict:
    from PySide6.QtCore import QSortFilterProxyModel, Qt
    from PySide6.QtGui import QStandardItem, QStandardItemModel
    from PySide6.QtWidgets import QApplication, QTableView

    app = QApplication.instance() or QApplication([])
    # PySide6 6.12 drops a reference to None on some QStandardItem calls; after millions of them
    # Python 3.11 aborts ("deallocating None"). Holding extra references keeps the peer alive.
    keep_none_alive = [None] * 50_000_000
    out = {}
    t0 = time.perf_counter()
    con = sqlite3.connect(DB)
    rows = con.execute("SELECT * FROM jobs ORDER BY id DESC").fetchall()
    model = QStandardItemModel(0, len(COLUMNS))
    for row in rows:
        model.appendRow([QStandardItem(str(v)) for v in row])
    proxy = QSortFilterProxyModel()
    proxy.setSourceModel(model)
    view = QTableView()
    view.setModel(proxy)
    view.resize(1200, 800)
    view.show()
    app.processEvents()
    out["first_page_ms"] = (time.perf_counter() - t0) * 1000
    out["rows"] = proxy.rowCount()
    t0 = time.perf_counter()
    proxy.sort(2, Qt.SortOrder.AscendingOrder)
    app.processEvents()
    out["sort_ms"] = (time.perf_counter() - t0) * 1000
    t0 = time.perf_counter()
    proxy.setFilterKeyColumn(1)
    proxy.setFilterRegularExpression("^failed$")
    app.processEvents()
    out["filter_ms"] = (time.perf_counter() - t0) * 1000
    out["filtered_rows"] = proxy.rowCount()
    out["rss_mb"] = rss_mb() - len(keep_none_alive) * 8 / 2**20   # without the workaround's list
    return out


def main() -> int:
    if len(sys.argv) > 1:
        print(json.dumps(run_ours() if sys.argv[1] == "ours" else run_peer()))
        return 0
    t0 = time.perf_counter()
    make_db()
    print(f"desktop bench: {N:,} jobs in SQLite ({DB}; built/checked in {time.perf_counter() - t0:.1f} s)")
    print("backend: a fake in-process RPC backend paging a real SQLite table (no broker round trip)")
    res = {}
    for side in ("ours", "peer"):
        done = subprocess.run([sys.executable, __file__, side], capture_output=True, text=True, check=True)
        res[side] = json.loads(done.stdout.strip().splitlines()[-1])
    o, p = res["ours"], res["peer"]
    print(f"{'':28}{'nas-desktop (paged)':>22}{'QStandardItemModel (all rows)':>32}{'ratio':>8}")
    for key, label in (("first_page_ms", "first page shown (ms)"), ("sort_ms", "re-sort by harvest (ms)"),
                       ("filter_ms", "filter status=failed (ms)"), ("rss_mb", "client RSS (MB)")):
        print(f"{label:28}{o[key]:>22.1f}{p[key]:>32.1f}{p[key] / max(o[key], 1e-9):>7.1f}x")
    print(f"{'jump to last row (ms)':28}{o['jump_to_end_ms']:>22.1f}{'—':>32}")
    print(f"rows: {o['rows']:,} (filtered {o['filtered_rows']:,}); peer rows {p['rows']:,} "
          f"(filtered {p['filtered_rows']:,})")
    ok = o["first_page_ms"] < 300 and o["sort_ms"] < 500 and o["filter_ms"] < 500 and o["rss_mb"] < 400
    print("targets (first page < 300 ms, sort/filter < 500 ms, < 400 MB):", "met" if ok else "NOT met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
