"""Faults of issue #20 against the real archive (arcrepository, monitors, bitarchives and a
checksum replica as Nameko containers in this process, a private RabbitMQ vhost, SQLite and
PostgreSQL): each fault is reproduced and the end state asserted (nothing lost, no false
success, a clear state within a bounded time).

- concurrent stores of one name are serialised, one outcome each; a client deletes nothing
  unless the archive holds its own checksum;
- a replica stores only transfers the arcrepository arranged (signed, live tickets);
- a store fails fast when the monitor reports the replica's instances lost; an upload request
  redelivered to a restarted bitarchive is discarded; an arcrepository restart settles the
  stores it interrupted.
"""

from __future__ import annotations

import hashlib
import http.server
import os
import threading
import time

import pytest
from nameko.standalone.rpc import ClusterRpcProxy
from test_arcrepository_service import Archive, store
from waiting import wait_for

from server.archive import transfer
from server.archive.remotefile import RemoteFile, this_host
from server.runtime import tokens
from shared.errors import ChecksumMismatch, InvalidInput, StoreFailed, TokenRejected

pytestmark = [pytest.mark.rabbit]


class SlowSender:
    """An HTTP sender that trickles its files (``chunk`` bytes every ``pause`` seconds), so a
    store is still running when the test injects its fault (``pause`` may change meanwhile: a
    later store need not be slow). While ``gate`` is cleared, every transfer holds back its last
    chunk, so no store can finish before the fault, however the machine is loaded. ``stop()``
    breaks every transfer."""

    def __init__(self, chunk: int = 16384, pause: float = 0.1):
        self.pause = pause
        self.files: dict[str, bytes] = {}
        self.requests: list[str] = []
        self.broken = threading.Event()
        self.gate = threading.Event()
        self.gate.set()
        sender = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                sender.requests.append(self.path)
                data = sender.files.get(self.path.rsplit("/", 1)[-1])
                if data is None:
                    self.send_error(404)
                    return
                self.send_response(200)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                for i in range(0, len(data), chunk):
                    while i + chunk >= len(data) and not sender.gate.wait(0.05):
                        if sender.broken.is_set():
                            return
                    if sender.broken.is_set():
                        return
                    self.wfile.write(data[i : i + chunk])
                    self.wfile.flush()
                    time.sleep(sender.pause)

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def offer(self, name: str, data: bytes) -> RemoteFile:
        self.files[name] = data
        url = f"http://127.0.0.1:{self.server.server_address[1]}/offer/slowsender/{name}"   # an offer's shape
        return RemoteFile(name, len(data), hashlib.md5(data).hexdigest(), host="", url=url)

    def stop(self) -> None:
        self.broken.set()
        self.server.shutdown()
        self.server.server_close()


class FaultArchive(Archive):
    """The small archive, with short watch/reconcile intervals and a long store timeout (so a
    fast failure cannot be the timeout), and ``kill`` (no goodbye, as a crashed process)."""

    STORE_TIMEOUT = 120

    def config(self, inst, replica, **archive):
        cfg = super().config(inst, replica, **archive)
        cfg["archive"]["store"] = {
            "timeout": self.STORE_TIMEOUT,
            "retries": 1,
            "watch_interval": 0.5,
            "reconcile_interval": 1.0,
            **self.SOURCES,
        }
        return cfg

    def kill(self, inst: str) -> list[str]:
        """Kills ``inst``; returns the entrypoints of the workers that were running (what the
        kill interrupted)."""
        container = self.containers.pop(inst)
        running = [ctx.entrypoint.method_name for ctx in list(container._worker_threads)]
        container.kill()
        return running


@pytest.fixture
def farchive(nameko_config, database_url, tmp_path):
    yield from running(FaultArchive(nameko_config, database_url, tmp_path / "nodes"))


def running(a: FaultArchive):
    """Start every instance of ``a``, wait until both monitors know their bitarchive's HTTP
    address, yield ``a`` (with ``a.proxy``), stop everything."""
    try:
        for inst in ("arcrepository", "bam-one", "bam-two", "ba-one", "ba-two", "cs"):
            a.start(inst)
        with ClusterRpcProxy(a.nameko_config, timeout=60) as proxy:
            a.proxy = proxy
            for m in ("bitarchive_monitor_ONE", "bitarchive_monitor_TWO"):
                wait_for(lambda m=m: any(i["details"].get("http_url") for i in getattr(proxy, m).instances()))
            yield a
    finally:
        a.stop_all()


@pytest.fixture
def sender():
    s = SlowSender()
    yield s
    if not s.broken.is_set():
        s.stop()


def _key() -> bytes:
    return tokens.installation_key({"security.key_file": os.environ["NAS_KEY_FILE"]})


# --- 1. concurrent stores of one name ---------------------------------------------------------


def test_concurrent_stores_of_one_name_have_one_outcome_each(farchive, sender, tmp_path):
    name = "10-1-20240101000000-00001-host.warc.gz"
    first, other = os.urandom(400_000), os.urandom(400_000)
    rf_first = sender.offer(name, first)
    repo = farchive.proxy.arcrepository
    started = repo.store(rf_first.to_dict())
    assert started["running"]
    # Other content under the same name while the first runs: refused, typed, naming both.
    rf_other = RemoteFile(name, len(other), hashlib.md5(other).hexdigest(), host="",
                          url=rf_first.url.replace("/slowsender/", "/slowsender2/"))   # another offer of it
    with pytest.raises(ChecksumMismatch) as err:
        repo.store(rf_other.to_dict())
    assert err.value.details["in_progress"] is True
    assert err.value.details["stored_checksum"] == rf_first.checksum
    # The same content again: the running store's status (the caller waits for its outcome).
    again = repo.store(rf_first.to_dict())
    assert again["running"] and again["checksum"] == rf_first.checksum
    done = wait_for(lambda: (s := repo.store_status(name)) and not s["running"] and s, 60)
    assert done["complete"]
    assert {p: open(p, "rb").read() == first for p in farchive.copies(name).values()} == {
        p: True for p in farchive.copies(name).values()
    }
    assert len(farchive.copies(name)) == 2
    # After it: other content is refused as already archived.
    with pytest.raises(ChecksumMismatch):
        repo.store(rf_other.to_dict())


def test_two_harvester_clients_racing_on_one_name_never_both_delete(farchive, tmp_path):
    """Two real clients (the harvester's ArcRepositoryArchive) store one name with different
    content at the same time: one is told stored (and its bytes are in every replica), the other
    gets a typed error and keeps its file; no client deletes a file the archive does not hold."""
    from server.harvester.archive_client import ArcRepositoryArchive

    name = "11-1-20240101000000-00001-host.warc.gz"
    results: dict[str, object] = {}
    paths = {}
    for who in ("a", "b"):
        d = tmp_path / who
        d.mkdir()
        paths[who] = d / name
        paths[who].write_bytes(os.urandom(2_000_000))
    contents = {who: p.read_bytes() for who, p in paths.items()}

    def run(who):
        client = ArcRepositoryArchive(_as_harvester(farchive.nameko_config), store_timeout=60, rpc_timeout=30)
        try:
            results[who] = client.store(str(paths[who]))
        except Exception as exc:  # noqa: BLE001 - the outcome under test
            results[who] = exc
        finally:
            client.close()

    threads = [threading.Thread(target=run, args=(w,)) for w in ("a", "b")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    winners = [w for w, r in results.items() if not isinstance(r, Exception)]
    losers = [w for w, r in results.items() if isinstance(r, Exception)]
    assert len(winners) == 1 and len(losers) == 1, results
    assert isinstance(results[losers[0]], ChecksumMismatch | StoreFailed)
    copies = farchive.copies(name)
    assert len(copies) == 2
    assert all(open(p, "rb").read() == contents[winners[0]] for p in copies.values())
    # the loser's file is still there (the client deletes only after a success, which it was not told)
    assert paths[losers[0]].read_bytes() == contents[losers[0]]


def test_a_client_refuses_a_complete_status_for_other_bytes():
    """The client's last line of defence: a complete status whose checksum is not the client's
    own (e.g. a server that answers with another store's status) is a StoreFailed."""
    from server.archive.remotefile import check_archived_checksum
    from shared.dto.archive import ReplicaStateDto, StoreStatusDto
    from shared.enums import UploadState

    status = StoreStatusDto("f.warc", "a" * 32, 5, [ReplicaStateDto("ONE", UploadState.UPLOAD_COMPLETED, "a" * 32)])
    check_archived_checksum(status, "A" * 32)
    with pytest.raises(StoreFailed, match="not this file's"):
        check_archived_checksum(status, "b" * 32)
    status.checksum = "b" * 32
    with pytest.raises(StoreFailed):
        check_archived_checksum(status, "b" * 32)  # a replica holds other bytes


# --- 2. only arranged transfers ---------------------------------------------------------------


def test_a_bitarchive_refuses_local_paths_free_urls_and_forged_or_stale_tickets(farchive, sender, tmp_path):
    ba = farchive.proxy.bitarchive_ONE
    secret = tmp_path / "secret"
    secret.write_bytes(b"root:x:0:0\n")
    md5 = hashlib.md5(b"root:x:0:0\n").hexdigest()
    # A local file of the host, no ticket: refused, nothing read, nothing stored.
    with pytest.raises(TokenRejected):
        ba.upload({"name": "shadow.warc", "path": str(secret), "host": this_host(), "checksum": md5})
    # A free URL: refused before any request is made (no server-side request forgery).
    rf = sender.offer("ssrf.warc", b"x" * 10)
    with pytest.raises(TokenRejected):
        ba.upload(rf.to_dict())
    assert sender.requests == []
    # A forged ticket (another key), a ticket for another replica, and one for another URL.
    forged = transfer.issue_ticket(b"k" * 32, rf, "ONE", 60)
    with pytest.raises(TokenRejected) as err:
        ba.upload(rf.to_dict(), forged)
    assert err.value.details["reason"] == "signature"
    with pytest.raises(TokenRejected) as err:
        ba.upload(rf.to_dict(), transfer.issue_ticket(_key(), rf, "TWO", 60))
    assert err.value.details["reason"] == "claim"
    elsewhere = RemoteFile(rf.name, rf.size, rf.checksum, "", None, "http://127.0.0.1:9/other")
    with pytest.raises(TokenRejected):
        ba.upload(elsewhere.to_dict(), transfer.issue_ticket(_key(), rf, "ONE", 60))
    # A genuine ticket the arcrepository did not arrange (or no longer wants): stale, refused.
    with pytest.raises(TokenRejected) as err:
        ba.upload(rf.to_dict(), transfer.issue_ticket(_key(), rf, "ONE", 60))
    assert err.value.details["reason"] == "stale"
    # The same through the checksum replica.
    with pytest.raises(TokenRejected):
        farchive.proxy.checksum_CS.upload(rf.to_dict())
    assert sender.requests == []
    assert farchive.copies("shadow.warc") == {} and farchive.copies("ssrf.warc") == {}
    assert farchive.rows("ssrf.warc") == {}


def test_a_store_through_the_arcrepository_never_reads_a_private_local_file(farchive, tmp_path):
    secret = tmp_path / "12-1-20240101000000-00001-host.warc.gz"
    secret.write_bytes(b"private bytes")
    secret.chmod(0o600)
    rf = RemoteFile.for_local_file(str(secret), checksum=hashlib.md5(b"private bytes").hexdigest())
    status = store(farchive, rf)
    assert not status["complete"] and status["failed_replicas"] == ["ONE", "TWO", "CS"]
    assert all(r["error"].startswith("permission_denied:") for r in status["replicas"])
    assert farchive.copies(secret.name) == {}
    # A world-readable file on the same host still takes the local shortcut.
    secret.chmod(0o644)
    assert store(farchive, rf)["complete"]


def test_a_store_reads_only_the_callers_own_offer_or_a_spooled_path(farchive, sender, tmp_path_factory):
    """#29 item 4: begin_store fetched any URL (two GETs to a loopback service arrived) and read
    any world-readable local file (a config), and a checksum mismatch told the caller the real
    checksum of a file it could not read."""
    repo = farchive.proxy.arcrepository
    name = "31-1-20240101000000-00001-host.warc.gz"
    sender.pause = 0
    offered = sender.offer(name, b"the caller's own bytes")
    # Any other URL of a service on the archive's host (not an offer of this file): refused at
    # once, typed, naming the reason; no request reaches it.
    for url in (offered.url.replace("/offer/slowsender/", "/"),                    # not an offer
                offered.url.replace(name, "32-1-20240101000000-00001-host.warc.gz"),  # another file's
                f"http://169.254.169.254/offer/slowsender/{name}",             # link-local (cloud metadata)
                f"http://user:pw@{offered.url[7:]}", "file:///etc/passwd"):
        with pytest.raises(InvalidInput) as refused:
            repo.begin_store({"name": name, "size": offered.size, "host": "", "url": url})
        assert refused.value.details["reason"] == "source"
    assert sender.requests == []
    # A world-readable file outside every upload spool directory (a service's config), by path:
    # refused, with store and begin_store alike; nothing read, nothing stored.
    config = tmp_path_factory.mktemp("etc-nas") / "33-1-20240101000000-00001-host.warc.gz"
    config.write_bytes(b"AMQP_URI: amqp://svc:secret@broker/\n")
    config.chmod(0o644)
    by_path = RemoteFile.for_local_file(str(config))
    with pytest.raises(InvalidInput, match="upload spool"):
        repo.begin_store(by_path.to_dict())
    by_path.checksum = "0" * 32
    with pytest.raises(InvalidInput, match="upload spool"):
        repo.store(by_path.to_dict())
    assert farchive.rows(config.name) == {} and farchive.copies(config.name) == {}
    # A wrong checksum for the caller's own offer fails the store without telling the checksum
    # of what arrived (only this service's log has it).
    real = hashlib.md5(b"the caller's own bytes").hexdigest()
    offered.checksum = "f" * 32
    status = store(farchive, offered)
    assert not status["complete"] and sender.requests
    assert real not in repr(status) and "f" * 32 in repr(status)
    assert farchive.copies(name) == {}


# --- 3. fail fast, stale uploads, arcrepository restart ---------------------------------------


def test_a_store_fails_fast_when_the_replica_is_lost_and_a_replayed_upload_is_discarded(farchive, sender, caplog):
    name = "13-1-20240101000000-00001-host.warc.gz"
    data = os.urandom(3_000_000)  # ~18 s at the sender's pace: still running when TWO dies
    rf = sender.offer(name, data)
    repo = farchive.proxy.arcrepository
    assert repo.store(rf.to_dict())["running"]
    wait_for(lambda: len(sender.requests) >= 3)  # ONE, TWO and CS are reading
    killed_at = time.monotonic()
    farchive.kill("ba-two")
    status = wait_for(lambda: (s := repo.store_status(name)) and not s["running"] and s, 90)
    took = time.monotonic() - killed_at
    assert took < farchive.STORE_TIMEOUT / 2, took  # the monitor's verdict, not the timeout
    two = [r for r in status["replicas"] if r["replica"] == "TWO"][0]
    assert two["state"] == "upload_failed" and "lost" in two["error"], two
    assert not status["complete"]
    # TWO comes back: the broker redelivers the upload request it never acknowledged; the
    # bitarchive asks the arcrepository, which no longer wants it, and discards it.
    farchive.start("ba-two")
    wait_for(lambda: "stale request" in caplog.text, 60)
    assert "ba-two" not in farchive.copies(name)
    assert farchive.rows(name)["TWO"][0] == "upload_failed"
    # The operator's recovery: store again; it completes everywhere (at full speed: the fault
    # is over, nothing needs the store to be running any more).
    sender.broken.clear()
    sender.pause = 0
    wait_for(lambda: any(i["state"] == "running" for i in farchive.proxy.bitarchive_monitor_TWO.instances()))
    final = wait_for(lambda: (s := store(farchive, rf, 120)) and s["complete"] and s, 240)
    assert set(farchive.copies(name)) == {"ba-one", "ba-two"}
    assert final["failed_replicas"] == []


def test_an_arcrepository_restart_settles_every_store_it_interrupted(farchive, sender):
    repo = farchive.proxy.arcrepository
    done_name, broken_name = "14-1-20240101000000-00001-host.warc.gz", "14-1-20240101000000-00002-host.warc.gz"
    # done_name's replicas get all but its last chunk before the kill, the rest after: a replica
    # that finished first would have been recorded (seen once under load, with the replicas'
    # three transfers started over more than the second one takes)
    sender.gate.clear()
    done_rf = sender.offer(done_name, os.urandom(200_000))  # about a second, once let through
    slow = SlowSender(chunk=8192, pause=0.2)
    try:
        broken_rf = slow.offer(broken_name, os.urandom(2_000_000))
        assert repo.store(done_rf.to_dict())["running"]
        assert repo.store(broken_rf.to_dict())["running"]
        wait_for(lambda: len(slow.requests) >= 3 and len(sender.requests) >= 3)
        farchive.kill("arcrepository")
        sender.gate.set()
        slow.stop()  # the interrupted uploads of broken_name fail
        # The replicas finish done_name although nobody listens for their replies.
        wait_for(lambda: set(farchive.copies(done_name)) == {"ba-one", "ba-two"}, 60)
        assert {r[0] for r in farchive.rows(done_name).values()} <= {"upload_started", "data_uploaded"}
        farchive.start("arcrepository")
        wait_for(lambda: all(r[0] == "upload_completed" for r in farchive.rows(done_name).values()), 60)
        rows = wait_for(
            lambda: (r := farchive.rows(broken_name)) and all(v[0] == "upload_failed" for v in r.values()) and r, 60
        )
        assert all("store it again" in v[3] for v in rows.values())
        status = repo.store_status(done_name)
        assert status["complete"] and not status["running"]
        assert farchive.copies(broken_name) == {}
    finally:
        if not slow.broken.is_set():
            slow.stop()


# --- 6. reads that verify ---------------------------------------------------------------------


def _plain_warc(path, n=3) -> list[int]:
    """An uncompressed WARC (warcio writes WARC-Block-Digest); returns the records' offsets."""
    import io

    from warcio.archiveiterator import ArchiveIterator
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    buf = io.BytesIO()
    w = WARCWriter(buf, gzip=False)
    for i in range(n):
        h = StatusAndHeaders("200 OK", [("Content-Type", "text/plain")], protocol="HTTP/1.1")
        w.write_record(
            w.create_warc_record(
                f"http://example.dk/{i}", "response", payload=io.BytesIO(b"payload %d " % i * 500), http_headers=h
            )
        )
    path.write_bytes(buf.getvalue())
    it = ArchiveIterator(io.BytesIO(buf.getvalue()))
    offsets = []
    for rec in it:
        rec.content_stream().read()
        offsets.append(it.get_record_offset())
    return offsets


def _damage(path, at: int) -> None:
    path.chmod(0o644)
    data = bytearray(path.read_bytes())
    data[at] ^= 0x20
    path.write_bytes(bytes(data))
    path.chmod(0o444)


def _nas(monkeypatch, farchive, *argv) -> int:
    from server.cli.main import main

    monkeypatch.setenv("NAS_AMQP_URI", farchive.nameko_config["AMQP_URI"])
    return main(list(argv))


def test_get_record_verifies_the_block_digest_of_a_plain_warc(farchive, tmp_path, monkeypatch, capsys):
    src = tmp_path / "15-1-20240101000000-00001-host.warc"
    offsets = _plain_warc(src)
    src.chmod(0o644)
    assert store(farchive, RemoteFile.for_local_file(str(src), checksum=hashlib.md5(src.read_bytes()).hexdigest()))[
        "complete"
    ]
    out = tmp_path / "record.warc"
    assert _nas(monkeypatch, farchive, "get-record", src.name, str(offsets[1]), "-O", str(out)) == 0
    assert out.read_bytes().startswith(b"WARC/1") and b"payload 1" in out.read_bytes()
    # One bit flipped inside the second record's payload, in both replicas' copies.
    for inst in ("ba-one", "ba-two"):
        _damage(farchive.root / inst / "store" / "filedir" / src.name, offsets[1] + 700)
    out.unlink()
    capsys.readouterr()
    assert _nas(monkeypatch, farchive, "get-record", src.name, str(offsets[1]), "-O", str(out)) == 1
    err = capsys.readouterr().err
    # each replica's damaged copy said, then the error: no replica holds a good copy
    assert "replica ONE: checksum_mismatch" in err and "replica TWO: checksum_mismatch" in err
    assert err.splitlines()[-1].startswith("nas: failed: checksum_mismatch:") and "no replica holds a good copy" in err
    assert "damaged" in err and "Traceback" not in err and "token=" not in err
    assert not out.exists()  # nothing written from a damaged record
    # The undamaged first record is still served, verified.
    assert _nas(monkeypatch, farchive, "get-record", src.name, str(offsets[0]), "-O", str(out)) == 0


def test_get_record_falls_back_to_a_replica_with_a_good_copy_and_names_the_bad_one(
    farchive, tmp_path, monkeypatch, capsys
):
    """#33: a record whose copy in ONE is damaged (a flipped bit in a gzip member: the file
    server cannot even frame it, and says checksum_mismatch) is served from TWO, verified; the
    bad replica is named, and no signed URL is printed."""
    import gzip as gz

    src = tmp_path / "17-1-20240101000000-00001-host.warc.gz"
    plain = tmp_path / "plain.warc"
    offsets = _plain_warc(plain)
    data = plain.read_bytes()
    bounds = offsets + [len(data)]
    src.write_bytes(b"".join(gz.compress(data[a:b]) for a, b in zip(bounds, bounds[1:])))   # one member a record
    members = [0]
    for a, b in zip(bounds, bounds[1:]):
        members.append(members[-1] + len(gz.compress(data[a:b])))
    assert store(farchive, RemoteFile.for_local_file(str(src), checksum=hashlib.md5(src.read_bytes()).hexdigest()))[
        "complete"]
    _damage(farchive.root / "ba-one" / "store" / "filedir" / src.name, members[1] + 60)   # inside record 2
    out = tmp_path / "record.warc"
    capsys.readouterr()
    assert _nas(monkeypatch, farchive, "get-record", src.name, str(members[1]), "-O", str(out)) == 0
    err = capsys.readouterr().err
    assert "replica ONE: checksum_mismatch" in err and "trying the next replica" in err
    assert "a good copy came from replica TWO" in err and "token=" not in err and "Traceback" not in err
    assert out.read_bytes() == data[offsets[1]:offsets[2]]                # the record, inflated and verified


def test_get_file_falls_back_to_a_replica_with_a_good_copy_and_names_the_bad_one(
    farchive, tmp_path, monkeypatch, capsys
):
    src = tmp_path / "16-1-20240101000000-00001-host.warc"
    _plain_warc(src)
    src.chmod(0o644)
    data = src.read_bytes()
    assert store(farchive, RemoteFile.for_local_file(str(src), checksum=hashlib.md5(data).hexdigest()))["complete"]
    one = farchive.root / "ba-one" / "store" / "filedir" / src.name
    # ONE (the default replica) holds damaged bytes: the download is refused, TWO's copy used.
    _damage(one, 100)
    dest = tmp_path / "got"
    dest.mkdir()
    capsys.readouterr()
    assert _nas(monkeypatch, farchive, "get-file", src.name, str(dest)) == 0
    assert (dest / src.name).read_bytes() == data
    err = capsys.readouterr().err
    assert "replica ONE: checksum_mismatch" in err and "from replica TWO" in err
    # ONE lacks the file altogether: the same.
    one.chmod(0o644)
    one.unlink()
    (dest / src.name).unlink()
    assert _nas(monkeypatch, farchive, "get-file", src.name, str(dest)) == 0
    assert (dest / src.name).read_bytes() == data
    assert "replica ONE: file_not_found" in capsys.readouterr().err
    # Into a directory that does not exist: one clear line, exit 2.
    assert _nas(monkeypatch, farchive, "get-file", src.name, str(tmp_path / "no" / "such" / "x")) == 2
    err = capsys.readouterr().err
    assert "no such directory" in err and err.count("\n") == 1


def test_a_batch_over_a_replica_missing_a_file_is_incomplete_and_names_it(farchive, tmp_path, monkeypatch, capsys):
    names = []
    for i in range(3):
        src = tmp_path / f"17-1-20240101000000-{i:05d}-host.warc"
        _plain_warc(src, n=1)
        src.chmod(0o644)
        names.append(src.name)
        assert store(farchive, RemoteFile.for_local_file(str(src), checksum=hashlib.md5(src.read_bytes()).hexdigest()))[
            "complete"
        ]
    gone = farchive.root / "ba-one" / "store" / "filedir" / names[1]
    gone.chmod(0o644)
    gone.unlink()
    capsys.readouterr()
    code = _nas(monkeypatch, farchive, "batch", "run", "checksum", "-B", "ONE", "-R", r"17-.*", "--no-progress")
    out, err = capsys.readouterr()
    assert code == 1
    assert len(out.splitlines()) == 2
    assert names[1] in err and "INCOMPLETE" in err and "1 of the 3 files" in err
    # The whole replica is there in TWO: complete, exit 0.
    assert _nas(monkeypatch, farchive, "batch", "run", "checksum", "-B", "TWO", "-R", r"17-.*", "--no-progress") == 0


def test_batch_completeness_survives_an_arcrepository_restart(farchive, tmp_path):
    """What a run must see is kept in the admin database: an arcrepository restarted after the
    run started still answers that the run over a replica missing a file is incomplete."""
    names = []
    for i in range(3):
        src = tmp_path / f"18-1-20240101000000-{i:05d}-host.warc"
        _plain_warc(src, n=1)
        src.chmod(0o644)
        names.append(src.name)
        assert store(farchive, RemoteFile.for_local_file(str(src), checksum=hashlib.md5(src.read_bytes()).hexdigest()))[
            "complete"
        ]
    gone = farchive.root / "ba-one" / "store" / "filedir" / names[2]
    gone.chmod(0o644)
    gone.unlink()
    started = farchive.proxy.arcrepository.batch("checksum", "ONE", r"18-.*")
    farchive.kill("arcrepository")
    farchive.start("arcrepository")
    result = wait_for(lambda: _done(farchive.proxy.arcrepository.batch_status(started["batch_id"], 5)), 120)
    assert result["incomplete"] and result["files_processed"] == 2
    assert result["missing_files"] == [names[2]] and "1 of the 3 files" in result["error"]
    # Asked again (the missing names are kept too): the same answer.
    again = farchive.proxy.arcrepository.batch_status(started["batch_id"])
    assert again["incomplete"] and again["missing_files"] == [names[2]]


def _done(result):
    return result if result["state"] == "done" else None


def test_archive_ls_with_a_bad_regex_or_offset_is_one_line_exit_2(farchive, monkeypatch, capsys):
    assert _nas(monkeypatch, farchive, "archive", "ls", "-R", "([a-z") == 2
    err = capsys.readouterr().err
    assert "invalid_regex" not in err and "([a-z" in err and err.count("\n") == 1 and "Traceback" not in err
    from shared.errors import InvalidInput, InvalidRegex

    with pytest.raises(InvalidRegex):
        farchive.proxy.arcrepository.list_files(None, 0, 10, "([a-z")
    with pytest.raises(InvalidInput):
        farchive.proxy.arcrepository.list_files(None, 10**30, 10)


def test_a_bitarchive_re_evaluates_its_dormant_state_periodically(farchive, monkeypatch):
    """Issue #20 item 5 (bitarchive part): a disk that fills or frees without an upload changes
    the heartbeat state within a bounded time (the free-space measure is what changes)."""
    import server.archive.bitarchive.service as bservice

    storage = farchive.containers["ba-two"]
    core = next(d for d in storage.dependencies if isinstance(d, bservice.BitarchiveContext)).core
    monitor = farchive.proxy.bitarchive_monitor_TWO

    def state():
        return {i["instance_id"]: i["reported_state"] for i in monitor.instances()}.get("ba-two")

    wait_for(lambda: state() == "running")
    monkeypatch.setattr(core.storage, "has_room", lambda: False)  # the disk filled up
    wait_for(lambda: state() == "dormant", 30)  # within SPACE_INTERVAL (2 s) plus a heartbeat
    monkeypatch.setattr(core.storage, "has_room", lambda: True)  # space returned
    wait_for(lambda: state() == "running", 30)


def _as_harvester(nameko_config: dict) -> dict:
    """The config a harvester service gives its archive client: its calls come from the
    harvester's broker login (the suite's guest counts as a harvester)."""
    return dict(nameko_config)
