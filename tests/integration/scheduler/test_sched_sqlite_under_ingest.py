"""The embedded database under load: while another process ingests 100,000 domains (each chunk
of 5,000 one write transaction holding SQLite's lock), the scheduler's timer work — queueing,
lost claims, silent jobs, the scheduling guard, claims and progress, channel notes — waits its
turn and never fails with "database is locked"."""
import os
import subprocess
import sys
import time

import pytest
from sched_helpers import domain, selective, settings
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from server.db.engine import make_engine
from server.db.migrate import upgrade
from server.definitions.models import Domain
from server.scheduler import channels, dispatch, guard, planner, progress

SUPPORT = os.path.join(os.path.dirname(__file__), "..", "..", "support")


@pytest.mark.parametrize("n", [100_000])
def test_timer_writers_wait_for_a_100k_ingest_instead_of_failing(tmp_path, n):
    url = f"sqlite:///{tmp_path / 'harvest.db'}"
    engine = make_engine(url)
    upgrade(engine, "harvest", "server.harvestdb.migrations")
    session = Session(engine, expire_on_commit=False)
    h = selective(session, "busy", [domain(session, f"busy{i}.dk") for i in range(3)])
    session.commit()
    out = planner.schedule_definition(lambda: Session(engine, expire_on_commit=False), h.id, "t",
                                      settings(jobgen__config_chunk_size=1))
    assert out.error == "" and len(out.jobs) == 3

    worker = subprocess.Popen([sys.executable, os.path.join(SUPPORT, "ingest_worker.py"), url, str(n), "5000"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": os.pathsep.join([os.getcwd(), SUPPORT])})
    rounds, errors = 0, []
    deadline = time.monotonic() + 900
    claimed = False
    try:
        while worker.poll() is None and time.monotonic() < deadline:
            try:
                dispatch.submit_new(session)
                dispatch.reoffer_lost_claims(session, 300)
                dispatch.fail_silent_jobs(session, 7 * 86400)
                if guard.acquire(session, h.id, "timer", 600):
                    guard.refresh(session, h.id, "timer")
                    guard.release(session, h.id, "timer", 0)
                if not claimed:
                    job = dispatch.claim(session, "FOCUSED", "h1")
                    claimed = job is not None
                    if claimed:
                        progress.record(session, job.id, "h1", {"uris_done": 1})
                channels.note(session, "FOCUSED", f"h{rounds % 3}")
                rounds += 1
            except Exception as exc:  # noqa: BLE001 - collected: the test says which
                session.rollback()
                errors.append(f"{exc.__class__.__name__}: {exc}")
            time.sleep(0.05)
        stdout, stderr = worker.communicate(timeout=900)
    finally:
        if worker.poll() is None:
            worker.kill()
    assert worker.returncode == 0, stderr[-3000:]
    assert errors == [], errors[:5]
    assert rounds >= 3, "the timer work ran while the ingest held the lock"
    assert f"created {n}" in stdout
    assert session.execute(select(func.count()).select_from(Domain)).scalar_one() == n + 3
    session.close()
    engine.dispose()
