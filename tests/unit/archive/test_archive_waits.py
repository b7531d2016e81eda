"""Calls that wait at the arcrepository (``store_status``, ``transfer_checksum``,
``batch_status`` with ``wait``) never take more than their share of its workers.

A waiting call holds a Nameko worker; with fifty clients following their stores, every worker
would wait and the store, get-file and monitor calls would queue behind them. Past the limit a
call answers at once and its caller pauses before it asks again (``pause_if_early``)."""
from __future__ import annotations

import time

import eventlet
import pytest
from waiting import wait_for

from server.archive.arcrepository.repository import StoreLimits, Waits
from server.archive.client_store import pause_if_early
from server.archive.remotefile import RemoteFile
from shared.dto.archive import UploadReceiptDto

REPLICAS = [{"id": "ONE", "name": "Copenhagen", "type": "bitarchive"},
            {"id": "TWO", "name": "Aarhus", "type": "bitarchive"}]
NAME = "1-1-x.warc.gz"
MD5 = "0123456789abcdef0123456789abcdef"


class HeldUploads:
    """Bitarchives whose uploads end only when ``gate`` is sent."""

    def __init__(self):
        self.gate = eventlet.Event()

    def __call__(self, service: str, method: str, *args, timeout: float):
        if method == "instances":
            return []
        assert method == "upload", method
        self.gate.wait()
        rf = RemoteFile.from_dict(args[0])
        return UploadReceiptDto(rf.checksum, rf.size, False, f"{service}-a")


@pytest.fixture
def repo(make_repository):
    r = make_repository(REPLICAS, HeldUploads(), StoreLimits(rpc_timeout=1, store_timeout=20, retries=0, max_waiting=2))
    yield r
    if not r.fake.gate.ready():
        r.fake.gate.send(None)
    r.pool.waitall()


def timed_status(repo, wait: float):
    started = time.monotonic()
    with repo.sessions() as session:
        status = repo.status(session, NAME, wait)
    return time.monotonic() - started, status.running


def test_past_the_limit_a_waiting_status_answers_at_once_and_the_others_when_the_store_ends(repo):
    with repo.sessions() as session:
        assert repo.store(session, RemoteFile(NAME, 10, MD5, url=f"http://127.0.0.1:9/offer/testtoken/{NAME}")).running
    callers = [eventlet.spawn(timed_status, repo, 8.0) for _ in range(3)]
    # one has answered, and the other two hold the two places (they wait for the store to end)
    wait_for(lambda: any(c.dead for c in callers) and repo.waits.now == 2, timeout=10, interval=0.02,
             sleep=eventlet.sleep)
    answered = [c for c in callers if c.dead]
    assert len(answered) == 1 and answered[0].wait()[1] is True     # the third: at once, still running
    assert repo.waits.now == 2
    repo.fake.gate.send(None)                                        # the store ends
    waited = [c.wait() for c in callers if c is not answered[0]]
    assert all(not running and took < 8.0 for took, running in waited)
    assert repo.waits.now == 0


def test_the_limit_holds_for_any_call_and_a_wait_of_zero_takes_no_place():
    waits = Waits(1)
    with waits.allowed(0) as w0:
        assert w0 == 0 and waits.now == 0
    with waits.allowed(30) as w1:
        assert w1 == 10.0 and waits.now == 1           # at most MAX_STATUS_WAIT
        with waits.allowed(5) as w2:
            assert w2 == 0.0                           # over the limit: no wait
    assert waits.now == 0


def test_a_poller_pauses_only_after_an_answer_that_came_back_early():
    started = time.monotonic()
    pause_if_early(started, 8.0)
    assert time.monotonic() - started >= 0.45              # answered at once: paused
    started = time.monotonic() - 5.0
    before = time.monotonic()
    pause_if_early(started, 8.0)                           # it waited: asks again at once
    pause_if_early(time.monotonic(), 0.0)                  # no wait asked: the caller's own pace
    assert time.monotonic() - before < 0.4


def test_a_store_begun_while_every_store_place_is_taken_is_answered_at_once(make_repository):
    """With every store place taken, ``begin_store`` answers at once (running) and the store
    waits for a place in a green thread of its own: the caller's worker and database
    connection are not held meanwhile (fifty callers held every worker and connection so, and
    the running stores could neither record nor have their transfers confirmed)."""
    r = make_repository(REPLICAS, HeldUploads(), StoreLimits(rpc_timeout=1, store_timeout=20, retries=0,
                                                             max_parallel=1))
    late = RemoteFile("1-1-late.warc.gz", 10, None, url="http://127.0.0.1:9/offer/testtoken/1-1-late.warc.gz")
    try:
        for i in range(r.pool.size):
            name = f"1-1-{i}.warc.gz"
            with r.sessions() as session:
                assert r.store(session, RemoteFile(name, 10, MD5, url=f"http://127.0.0.1:9/offer/testtoken/{name}")).running
        assert r.pool.free() == 0
        with r.sessions() as session, eventlet.Timeout(10):            # the old code waited here
            assert r.begin_store(session, late).running                # at once
            assert not session.in_transaction()                        # its read is over
        wait_for(lambda: r.pool.waiting() == 1, timeout=10, interval=0.02, sleep=eventlet.sleep)  # for a place
        assert r.running[late.name] == ""                               # reserved, its checksum to come
        r.fake.gate.send(None)                                          # the other stores end
        with r.sessions() as session:
            r.confirm_store(session, late.name, MD5)
        wait_for(lambda: late.name not in r.running, timeout=20, interval=0.02, sleep=eventlet.sleep)
        with r.sessions() as session:   # it ran to an outcome once a place was free (these fake
            st = r.status(session, late.name)   # bitarchives do not keep a begun store's copy)
        assert not st.running and st.failed_replicas == ["ONE", "TWO"]
    finally:
        if not r.fake.gate.ready():
            r.fake.gate.send(None)
        if late.name in r.pending:
            r.pending[late.name].abort()
        r.pool.waitall()
