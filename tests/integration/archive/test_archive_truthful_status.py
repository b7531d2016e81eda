"""Status that tells the truth, archive side (#33), against the real archive (arcrepository,
monitors, bitarchives and a checksum replica as Nameko containers in this process, a private
RabbitMQ vhost, SQLite and PostgreSQL):

- ``nas archive ls`` shows a copy bit preservation found corrupt or missing as that, not as
  the ``upload_completed`` its store once reached;
- a store the arcrepository no longer runs (it restarted during it) is reported as interrupted,
  with a reason, and ``nas upload`` resumes it; an arcrepository that stops answering while a
  store is followed is said so, not as a bare time-out;
- a bitarchive whose disk fills up during a write fails its upload with ``archive_full``, keeps
  nothing, and the other replicas' states stay as they are;
- a read that meets a damaged copy is served from a good replica, and the damaged copy is
  marked for bit preservation (checked by the arcrepository itself, never on the reader's word).
"""
from __future__ import annotations

import argparse
import errno
import hashlib
import json
import os
import subprocess

import pytest
from bitpres_testkit import audit, flip
from test_archive_reliability import FaultArchive, _nas, farchive  # noqa: F401 - the fixture
from test_arcrepository_service import make_warc, store
from waiting import wait_for

from server.archive.remotefile import RemoteFile
from shared.dto.archive import ReplicaStateDto, StoreStatusDto
from shared.enums import UploadState
from shared.errors import Unavailable

pytestmark = [pytest.mark.rabbit]


def _put(farchive, tmp_path, name: str) -> tuple[str, bytes]:  # noqa: F811
    src = tmp_path / name
    data = make_warc(src)
    md5 = hashlib.md5(data).hexdigest()
    assert store(farchive, RemoteFile.for_local_file(str(src), checksum=md5))["complete"]
    return md5, data


def _copy(farchive, inst: str, name: str):  # noqa: F811
    return farchive.root / inst / "store" / "filedir" / name


# --- archive ls -----------------------------------------------------------------------------


def test_archive_ls_shows_a_corrupt_or_missing_copy_as_such(farchive, tmp_path, monkeypatch, capsys):  # noqa: F811
    bad, gone, fine = (f"{i}-1-20240101000000-00001-host.warc.gz" for i in (41, 42, 43))
    for n in (bad, gone, fine):
        _put(farchive, tmp_path, n)
    flip(_copy(farchive, "ba-one", bad))
    os.unlink(_copy(farchive, "ba-two", gone))
    assert audit(farchive, "ONE", "checksums")["corrupt"] == 1
    assert audit(farchive, "TWO", "files")["missing"] == 1
    capsys.readouterr()
    assert _nas(monkeypatch, farchive, "archive", "ls") == 0
    rows = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()[2:]}
    assert "ONE:corrupt" in rows[bad] and "TWO:upload_completed" in rows[bad]
    assert "TWO:missing" in rows[gone] and "ONE:upload_completed" in rows[gone]
    assert "corrupt" not in rows[fine] and "missing" not in rows[fine]
    assert _nas(monkeypatch, farchive, "archive", "ls", "--json", "-B", "ONE") == 0
    listed = {f["name"]: f for f in json.loads(capsys.readouterr().out)}
    assert listed[bad]["findings"] == {"ONE": "corrupt"} and listed[bad]["states"] == {"ONE": "upload_completed"}
    assert listed[gone]["findings"] == {} and listed[fine]["findings"] == {}


# --- an interrupted store -----------------------------------------------------------------


def _args(farchive, timeout: float = 30.0) -> argparse.Namespace:  # noqa: F811
    return argparse.Namespace(amqp_uri=farchive.nameko_config["AMQP_URI"], timeout=timeout, no_progress=True,
                              user=None, password=None)


def test_a_store_no_longer_running_is_reported_interrupted_and_resumed_by_nas_upload(farchive, tmp_path,  # noqa: F811
                                                                                     capsys):
    from server.cli import archive_cmd
    from server.cli.common import rpc_proxy

    src = tmp_path / "44-1-20240101000000-00001-host.warc.gz"
    data = make_warc(src)
    md5 = hashlib.md5(data).hexdigest()
    # The admin database as a store leaves it when the arcrepository running it died (its
    # replies lost): every replica upload_started, and no store of the name runs now.
    farchive.interrupted(src.name, md5, len(data))
    status = farchive.proxy.arcrepository.store_status(src.name)
    assert not status["running"] and not status["complete"]
    assert status["interrupted_replicas"] == ["ONE", "TWO", "CS"]
    assert all(r["error"].startswith("interrupted") and "store the file again" in r["error"]
               for r in status["replicas"])
    # A client that was following the store (its last answer: running) learns it was
    # interrupted and resumes it: every replica completes, nothing is copied twice.
    rf = RemoteFile.for_local_file(str(src), checksum=md5)
    following = StoreStatusDto(src.name, md5, len(data), [ReplicaStateDto(r, UploadState.UPLOAD_STARTED)
                                                          for r in ("ONE", "TWO", "CS")], running=True)
    capsys.readouterr()
    with rpc_proxy(_args(farchive)) as proxy:
        final = archive_cmd._store(_args(farchive), proxy, rf, following)
    assert final.complete and final.interrupted_replicas == []
    assert "interrupted in ONE, TWO, CS" in capsys.readouterr().err
    assert set(farchive.copies(src.name)) == {"ba-one", "ba-two"}


def test_a_store_the_reconciliation_settled_as_interrupted_is_resumed_by_nas_upload(farchive, tmp_path,  # noqa: F811
                                                                                     capsys):
    """The arcrepository restarted and its reconciliation already settled the store (the
    replicas did not hold the file: failed, "interrupted: ... store it again"): a client that
    was following it resumes it too."""
    from server.cli import archive_cmd
    from server.cli.common import rpc_proxy

    src = tmp_path / "52-1-20240101000000-00001-host.warc.gz"
    data = make_warc(src)
    md5 = hashlib.md5(data).hexdigest()
    farchive.interrupted(src.name, md5, len(data))
    farchive.stop("arcrepository")
    farchive.start("arcrepository")      # its reconciliation settles what the earlier one left
    settled = wait_for(lambda: (s := farchive.rows(src.name)) and all(v[0] == "upload_failed" for v in s.values())
                       and s, 60)
    assert all(v[3].startswith("interrupted:") and "store it again" in v[3] for v in settled.values())
    rf = RemoteFile.for_local_file(str(src), checksum=md5)
    following = StoreStatusDto(src.name, md5, len(data), [ReplicaStateDto(r, UploadState.UPLOAD_STARTED)
                                                          for r in ("ONE", "TWO", "CS")], running=True)
    capsys.readouterr()
    with rpc_proxy(_args(farchive)) as proxy:
        final = archive_cmd._store(_args(farchive), proxy, rf, following)
    assert final.complete
    assert "interrupted in ONE, TWO, CS" in capsys.readouterr().err


def test_an_arcrepository_that_stops_answering_while_a_store_is_followed_is_said_so(farchive, tmp_path):  # noqa: F811
    from server.cli import archive_cmd
    from server.cli.common import rpc_proxy

    src = tmp_path / "45-1-20240101000000-00001-host.warc.gz"
    data = make_warc(src)
    md5 = hashlib.md5(data).hexdigest()
    rf = RemoteFile.for_local_file(str(src), checksum=md5)
    following = StoreStatusDto(src.name, md5, len(data), [ReplicaStateDto("ONE", UploadState.UPLOAD_STARTED)],
                               running=True)
    farchive.kill("arcrepository")
    with rpc_proxy(_args(farchive, timeout=3)) as proxy, pytest.raises(Unavailable) as caught:
        archive_cmd._store(_args(farchive, timeout=3), proxy, rf, following)
    assert caught.value.details == {"name": src.name, "reason": "interrupted"}
    assert "stopped answering" in caught.value.message and "run nas upload again" in caught.value.message
    assert src.exists()


# --- a disk that fills up -----------------------------------------------------------------


class SmallDiskArchive(FaultArchive):
    """The fault archive whose replica ONE stores on a tmpfs of 1 MiB (mounted by the test)."""

    def config(self, inst, replica, **archive):
        cfg = super().config(inst, replica, **archive)
        cfg["archive"]["store"]["retries"] = 0
        return cfg


@pytest.fixture
def small_disk_archive(nameko_config, database_url, tmp_path):
    from nameko.standalone.rpc import ClusterRpcProxy

    a = SmallDiskArchive(nameko_config, database_url, tmp_path / "nodes")
    disk = tmp_path / "nodes" / "ba-one" / "store"
    disk.mkdir(parents=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(disk)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    try:
        for inst in ("arcrepository", "bam-one", "bam-two", "ba-one", "ba-two", "cs"):
            a.start(inst)
        with ClusterRpcProxy(nameko_config, timeout=60) as proxy:
            a.proxy = proxy
            for m in ("bitarchive_monitor_ONE", "bitarchive_monitor_TWO"):
                wait_for(lambda m=m: any(i["details"].get("http_url") for i in getattr(proxy, m).instances()))
            yield a
    finally:
        a.stop_all()
        subprocess.run(["umount", "-l", str(disk)], check=False)


def test_a_disk_filling_up_during_a_store_is_archive_full_and_nothing_partial_stays(small_disk_archive,
                                                                                    tmp_path, caplog):
    a = small_disk_archive
    name = "46-1-20240101000000-00001-host.warc.gz"
    data = os.urandom(2 << 20)       # more than ONE's disk holds; the sender does not say its size
    src = tmp_path / name
    src.write_bytes(data)
    md5 = hashlib.md5(data).hexdigest()
    rf = RemoteFile.for_local_file(str(src), checksum=md5)
    rf.size = None
    status = store(a, rf, 60)
    assert not status["complete"] and status["failed_replicas"] == ["ONE"]
    one = next(r for r in status["replicas"] if r["replica"] == "ONE")
    assert one["error"].startswith("archive_full:") and "filled up" in one["error"]
    assert {r["replica"]: r["state"] for r in status["replicas"]} == {
        "ONE": "upload_failed", "TWO": "upload_completed", "CS": "upload_completed"}
    disk = a.root / "ba-one" / "store"
    assert os.listdir(disk / "filedir") == [] and os.listdir(disk / "tempdir") == []
    assert set(a.copies(name)) == {"ba-two"}
    # said as archive_full, never as the traceback of an OSError
    assert not [r for r in caplog.records if r.exc_info and isinstance(r.exc_info[1], OSError)
                and r.exc_info[1].errno == errno.ENOSPC]


# --- reads that meet a damaged copy ---------------------------------------------------------


def _one_member_per_record(tmp_path, name: str) -> tuple[object, list[int], bytes, list[int]]:
    """A gzip WARC with one member per record; returns (path, the plain offsets, the plain bytes,
    the members' offsets)."""
    import gzip as gz

    from test_archive_reliability import _plain_warc

    src = tmp_path / name
    plain = tmp_path / f"{name}.plain"
    offsets = _plain_warc(plain)
    data = plain.read_bytes()
    bounds = offsets + [len(data)]
    members = [0]
    parts = [gz.compress(data[a:b]) for a, b in zip(bounds, bounds[1:])]
    for p in parts:
        members.append(members[-1] + len(p))
    src.write_bytes(b"".join(parts))
    return src, offsets, data, members


def _logged(farchive, action: str, name: str):  # noqa: F811
    return [e for e in farchive.proxy.arcrepository.preservation_log("ONE")["items"]
            if e["action"] == action and e["name"] == name]


def test_a_damaged_record_is_served_from_the_good_replica_and_the_bad_copy_is_marked(farchive, tmp_path,  # noqa: F811
                                                                                     monkeypatch, capsys):
    from test_archive_reliability import _damage

    src, offsets, data, members = _one_member_per_record(tmp_path, "47-1-20240101000000-00001-host.warc.gz")
    md5 = hashlib.md5(src.read_bytes()).hexdigest()
    assert store(farchive, RemoteFile.for_local_file(str(src), checksum=md5))["complete"]
    _damage(_copy(farchive, "ba-one", src.name), members[1] + 60)
    out = tmp_path / "record.warc"
    capsys.readouterr()
    assert _nas(monkeypatch, farchive, "get-record", src.name, str(members[1]), "-O", str(out)) == 0
    err = capsys.readouterr().err
    assert "replica ONE: checksum_mismatch" in err and "a good copy came from replica TWO" in err
    assert "token=" not in err and "Traceback" not in err
    assert out.read_bytes() == data[offsets[1]:offsets[2]]
    # The read reported ONE's copy; the arcrepository checked it (its checksum now, the vote)
    # and marked it as an audit would: listed as corrupt, repairable, in the trail.
    [event] = wait_for(lambda: _logged(farchive, "checksum_corrupt", src.name), 60)
    assert event["details"]["found_by"] == "read" and event["details"]["reference"] == md5
    [finding] = farchive.proxy.arcrepository.corrupt_files("ONE")["items"]
    assert (finding["name"], finding["status"]) == (src.name, "corrupt")
    assert finding["replica_checksum"] == hashlib.md5(_copy(farchive, "ba-one", src.name).read_bytes()).hexdigest()
    assert farchive.proxy.arcrepository.replace_confirmation("ONE", src.name)["replaceable"]
    assert _nas(monkeypatch, farchive, "archive", "ls") == 0
    assert "ONE:corrupt" in capsys.readouterr().out


def test_a_report_of_a_good_copy_marks_nothing_and_is_not_checked_twice(farchive, tmp_path):  # noqa: F811
    name = "48-1-20240101000000-00001-host.warc.gz"
    _put(farchive, tmp_path, name)
    repo = farchive.proxy.arcrepository
    assert repo.report_damage(name, "ONE", "a reader's claim") == "checking"
    wait_for(lambda: _logged(farchive, "read_damage_not_confirmed", name), 60)
    assert repo.report_damage(name, "ONE", "again") == "checked_recently"
    assert repo.corrupt_files("ONE")["total"] == 0
    assert farchive.rows(name)["ONE"][2] == "ok"       # checksum_status untouched


def test_a_checksum_batch_over_a_copy_that_differs_reports_it_and_is_no_success(farchive, tmp_path,  # noqa: F811
                                                                                 monkeypatch, capsys):
    bad, good = "49-1-20240101000000-00001-host.warc.gz", "49-1-20240101000000-00002-host.warc.gz"
    sums = {n: _put(farchive, tmp_path, n)[0] for n in (bad, good)}
    flip(_copy(farchive, "ba-one", bad))
    flipped = hashlib.md5(_copy(farchive, "ba-one", bad).read_bytes()).hexdigest()
    out = tmp_path / "sums"
    capsys.readouterr()
    assert _nas(monkeypatch, farchive, "batch", "run", "checksum", "-B", "ONE", "-R", "49-.*", "-O", str(out),
                "--no-progress") == 1
    err = capsys.readouterr().err
    assert f"{bad}\tChecksumMismatch: the copy's checksum {flipped} differs from the archived {sums[bad]}" in err
    assert "1 files processed, 1 failed" in err
    # the output file says what the run computed for each copy
    assert sorted(out.read_text().splitlines()) == sorted([f"{bad}##{flipped}", f"{good}##{sums[good]}"])
    # and bit preservation checked and marked the copy
    wait_for(lambda: _logged(farchive, "checksum_corrupt", bad), 60)
    assert [f["name"] for f in farchive.proxy.arcrepository.corrupt_files("ONE")["items"]] == [bad]
    # the good replica's run is a success
    assert _nas(monkeypatch, farchive, "batch", "run", "checksum", "-B", "TWO", "-R", "49-.*", "-O",
                str(tmp_path / "two"), "--no-progress") == 0


def test_a_batch_file_whose_copy_fails_is_read_from_another_replica_and_the_copy_marked(farchive, tmp_path,  # noqa: F811
                                                                                         monkeypatch, capsys):
    from test_archive_reliability import _damage

    src, offsets, data, members = _one_member_per_record(tmp_path, "50-1-20240101000000-00001-host.warc.gz")
    md5 = hashlib.md5(src.read_bytes()).hexdigest()
    assert store(farchive, RemoteFile.for_local_file(str(src), checksum=md5))["complete"]
    other = "50-1-20240101000000-00002-host.warc.gz"
    _put(farchive, tmp_path, other)
    _damage(_copy(farchive, "ba-one", src.name), members[2] + 60)      # inside the third record's member
    out = tmp_path / "found"
    capsys.readouterr()
    rc = _nas(monkeypatch, farchive, "batch", "run", "urlsearch", "-B", "ONE", "-R", "50-.*",
              "-a", "regex=example", "-O", str(out), "--no-progress")
    err = capsys.readouterr().err
    assert rc == 0, err
    assert "failed in replica ONE; read from replica TWO" in err and "2 files processed, 0 failed" in err
    lines = out.read_text().splitlines()
    mine = [line for line in lines if f" {src.name} " in line]
    # every record of the damaged file, once, from the good copy
    assert sorted(int(line.split()[-1]) for line in mine) == members[:-1]
    assert any(f" {other} " in line for line in lines)
    wait_for(lambda: _logged(farchive, "checksum_corrupt", src.name), 60)


def test_a_record_whose_header_is_damaged_in_one_replica_comes_from_the_other_and_the_copy_is_marked(
        farchive, tmp_path, monkeypatch, capsys):  # noqa: F811
    """An uncompressed WARC whose record header lost a byte in ONE (its Content-Length is no
    number): ONE's file server says invalid_warc (not a bare HTTP 400 read as "unavailable"),
    TWO gives the record, and ONE's copy, whose bytes were no record where TWO's were, is
    reported and marked."""
    from test_archive_reliability import _plain_warc

    src = tmp_path / "51-1-20240101000000-00001-host.warc"
    offsets = _plain_warc(src)
    data = src.read_bytes()
    md5 = hashlib.md5(data).hexdigest()
    assert store(farchive, RemoteFile.for_local_file(str(src), checksum=md5))["complete"]
    copy = _copy(farchive, "ba-one", src.name)
    damaged = bytearray(copy.read_bytes())
    at = data.index(b"Content-Length: ", offsets[1]) + len(b"Content-Length: ")
    damaged[at] = ord("x")
    copy.chmod(0o644)
    copy.write_bytes(bytes(damaged))
    copy.chmod(0o444)
    out = tmp_path / "record.warc"
    capsys.readouterr()
    assert _nas(monkeypatch, farchive, "get-record", src.name, str(offsets[1]), "-O", str(out)) == 0
    err = capsys.readouterr().err
    assert "replica ONE: invalid_warc" in err and "a good copy came from replica TWO" in err
    assert "HTTP 400" not in err and "token=" not in err
    assert out.read_bytes() == data[offsets[1]:offsets[2]]
    wait_for(lambda: _logged(farchive, "checksum_corrupt", src.name), 60)
    # An offset where no replica has a record is the caller's mistake: nothing is reported.
    capsys.readouterr()
    assert _nas(monkeypatch, farchive, "get-record", src.name, str(offsets[1] + 3), "-O", str(out)) == 2
    assert "invalid_warc" in capsys.readouterr().err
