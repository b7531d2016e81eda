"""Bit preservation through the real services over RabbitMQ (private vhost), SQLite and
PostgreSQL: the arcrepository, two bitarchive replicas with their monitors and a checksum
replica, all in this process, bitarchives writing to ``tmp_path``.

An operator's day: a file deleted in one replica is found by the file audit and reestablished;
one flipped byte is found by the checksum audit (blamed by the vote), refused repairs change
nothing (forged, expired and replayed tokens sent to the bitarchive, a wrong bad checksum, a good
copy), a repair authorised by the caller's login moves the bad bytes to the attic; then every
audit is clean. A silent instance makes
an audit partial; a replica answering from a stored checksum fails the salted challenge."""
from __future__ import annotations

import hashlib
import os

import pytest
from bitpres_testkit import Archive, audit, flip, put
from nameko.standalone.rpc import ClusterRpcProxy
from waiting import wait_for

from server.archive.bitarchive.instance_ops import InstanceOps
from server.archive.bitarchive.service import BitarchiveContext
from server.runtime import tokens
from shared.dto.archive import InstanceOpDto
from shared.errors import ArchiveFileNotFound, BadChecksumStated, CopyIsGood, TokenRejected

pytestmark = [pytest.mark.rabbit]


@pytest.fixture
def archive(nameko_config, database_url, tmp_path):
    a = Archive(nameko_config, database_url, tmp_path / "nodes")
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


@pytest.fixture
def notifier(nameko_config, tmp_path):
    from nameko.containers import ServiceContainer

    from server.notify.service import NotifierService

    c = ServiceContainer(NotifierService, {**nameko_config, "data_dir": str(tmp_path / "notifier"),
                                           "runtime": {"heartbeat_interval": 60}})
    c.start()
    yield c
    c.stop()


def test_delete_and_flip_are_found_by_one_command_and_repaired_by_another(notifier, archive, tmp_path):
    repo = archive.proxy.arcrepository
    files = {f"{i}-1-20240101000000-00001-host.warc.gz": os.urandom(5000) for i in range(1, 4)}
    sums = {n: put(archive, tmp_path, n, d) for n, d in files.items()}
    gone, bad = sorted(files)[:2]

    # delete one file in TWO: the file audit flags exactly it, ONE is clean
    os.unlink(archive.path("ba-two", gone))
    two = audit(archive, "TWO", "files")
    assert (two["state"], two["missing"], two["files_seen"], two["partial"]) == ("done", 1, 2, False)
    assert [f["name"] for f in repo.missing_files("TWO")["items"]] == [gone]
    # an operator hears of it without looking (the notifier: AUDIT_FOUND_DAMAGE)
    [n] = wait_for(lambda: [x for x in archive.proxy.notifier.list_notifications()
                            if x["code"] == "AUDIT_FOUND_DAMAGE"], 60)
    assert n["details"]["replica"] == "TWO" and n["details"]["missing"] == 1 and n["severity"] == "error"
    assert audit(archive, "ONE", "files")["missing"] == 0
    # reestablish: copied from ONE, verified on arrival, the audit is clean again
    job = repo.reestablish_missing("TWO", requested_by="tester")
    done = wait_for(lambda: (s := repo.audit_status(job["id"]))["state"] == "done" and s, 60)
    assert (done["kind"], done["files_seen"], done["missing"], done["progress"]) == ("reestablish", 1, 0, 1.0)
    assert archive.path("ba-two", gone).read_bytes() == files[gone]
    assert repo.missing_files("TWO")["total"] == 0
    assert audit(archive, "TWO", "files")["missing"] == 0

    # flip one byte in ONE's copy: the checksum audit blames exactly that copy
    flip(archive.path("ba-one", bad))
    flipped = hashlib.md5(archive.path("ba-one", bad).read_bytes()).hexdigest()
    one = audit(archive, "ONE", "checksums")
    assert (one["state"], one["corrupt"], one["disputed"], one["missing"]) == ("done", 1, 0, 0)
    [finding] = repo.corrupt_files("ONE")["items"]
    assert (finding["name"], finding["status"], finding["replica_checksum"]) == (bad, "corrupt", flipped)
    assert finding["votes"] == {"TWO": sums[bad], "CS": sums[bad]}
    assert audit(archive, "TWO", "checksums")["corrupt"] == 0
    assert audit(archive, "CS", "checksums")["corrupt"] == 0
    conf = repo.replace_confirmation("ONE", bad)
    assert (conf["replaceable"], conf["bad_checksum"], conf["good_replica"]) == (True, flipped, "TWO")

    # the bitarchive obeys only a token of the repair key's holder (the arcrepository), once:
    # sent straight to the replica's instances, forged, expired and malformed ones change nothing
    claims = {"replica": "ONE", "file": bad, "bad_md5": flipped, "sub": "operator-anna"}
    source = archive.proxy.bitarchive_monitor_TWO.locate(bad, None)["url"]

    def order_replace(token: str) -> dict:
        args = {"token": token, "replica": "ONE", "bad_checksum": flipped, "reference": sums[bad],
                "source_url": source}
        result = archive.proxy.bitarchive_monitor_ONE.instance_op(bad, "replace", args, 30)
        [answer] = [a for a in result["answers"] if a["held"]]
        return answer

    forged = tokens.issue(os.urandom(32), "bitpres_replace", claims, 300)
    expired = tokens.issue(archive.key(), "bitpres_replace", claims, 1, now=1_000_000)
    for token, reason in ((forged, "signature"), (expired, "expired"), ("nonsense", "malformed")):
        answer = order_replace(token)
        assert (answer["error_code"], answer["error_details"]["reason"]) == (TokenRejected.code, reason)
    assert hashlib.md5(archive.path("ba-one", bad).read_bytes()).hexdigest() == flipped

    # refused by the arcrepository before anything moves
    with pytest.raises(BadChecksumStated):
        repo.replace_corrupt("ONE", bad, "0" * 32)
    with pytest.raises(CopyIsGood):
        repo.replace_corrupt("TWO", bad, sums[bad])
    with pytest.raises(ArchiveFileNotFound):
        repo.replace_corrupt("ONE", "9-9-nothing.warc.gz", flipped)
    assert hashlib.md5(archive.path("ba-one", bad).read_bytes()).hexdigest() == flipped
    assert not (archive.root / "ba-one" / "store" / "attic").exists()

    # repaired by the authenticated call alone (no key on the caller's side); the attic keeps
    # the bad bytes and the trail names the caller's login
    result = repo.replace_corrupt("ONE", bad, flipped)
    assert (result["replaced"], result["old_checksum"], result["new_checksum"]) == (True, flipped, sums[bad])
    assert archive.path("ba-one", bad).read_bytes() == files[bad]
    assert hashlib.md5(open(result["attic_path"], "rb").read()).hexdigest() == flipped
    [replaced] = [e for e in repo.preservation_log(limit=200)["items"] if e["action"] == "replaced"]
    assert replaced["who"] == "guest"      # the suite's service login, as the broker validated it

    # a token captured on its way to the bitarchive is good once: the same damage again, the
    # same token, refused, also after a restart of the bitarchive (the used ids are on its disk)
    captured = tokens.issue(archive.key(), "bitpres_replace", claims, 300)
    flip(archive.path("ba-one", bad))
    assert order_replace(captured)["error"] is None
    flip(archive.path("ba-one", bad))
    assert order_replace(captured)["error_details"]["reason"] == "replayed"

    def started_at() -> float | None:
        return next((i["started_at"] for i in archive.proxy.bitarchive_monitor_ONE.instances()
                     if i["instance_id"] == "ba-one" and i["details"].get("http_url")), None)
    before = started_at()
    archive.stop("ba-one")
    archive.start("ba-one")
    wait_for(lambda: started_at() not in (None, before), 60)
    assert order_replace(captured)["error_details"]["reason"] == "replayed"
    assert hashlib.md5(archive.path("ba-one", bad).read_bytes()).hexdigest() == flipped
    repo.replace_corrupt("ONE", bad, flipped)
    for r in ("ONE", "TWO", "CS"):
        clean = audit(archive, r, "checksums")
        assert (clean["missing"], clean["corrupt"], clean["disputed"], clean["partial"]) == (0, 0, 0, False)
    summary = {s["replica"]: s for s in repo.preservation_summary()}
    assert all((s["files"], s["missing"], s["corrupt"]) == (3, 0, 0) for s in summary.values())
    actions = [e["action"] for e in repo.preservation_log(limit=200)["items"]]
    assert {"reestablished", "replaced", "checksum_corrupt"} <= set(actions)


def test_a_silent_instance_makes_the_audit_partial_and_a_fake_replica_fails_the_salted_challenge(
        archive, tmp_path):
    name = "5-1-20240101000000-00001-host.warc.gz"
    put(archive, tmp_path, name, os.urandom(3000))
    ok = audit(archive, "ONE", "salted")
    assert (ok["state"], ok["files_seen"], ok["corrupt"], ok["partial"]) == ("done", 1, 0, False)

    # ONE's instance now answers from the stored checksum instead of reading the bytes
    ctx = next(d for d in archive.containers["ba-one"].dependencies if isinstance(d, BitarchiveContext))

    class Fake(InstanceOps):
        def handle(self, op: InstanceOpDto, instance_id: str) -> InstanceOpDto:
            import hmac

            md5 = hashlib.md5(archive.path("ba-one", name).read_bytes()).hexdigest()   # "cached"
            return InstanceOpDto(op.op_id, op.op, op.name, instance_id=instance_id, held=True,
                                 result={"hmac": hmac.new(bytes.fromhex(op.args["salt"]), md5.encode(),
                                                          "sha256").hexdigest()})
    ctx.bitpres_ops = Fake(ctx.core.storage, "ONE", archive.key)
    faked = audit(archive, "ONE", "salted")
    assert (faked["corrupt"], faked["partial"]) == (1, False)
    assert "ba-one" in faked["errors"][0]

    # TWO's only instance stops: the audit ends partial, names it, and reports nothing missing
    archive.stop("ba-two")
    partial = audit(archive, "TWO", "files")
    assert (partial["state"], partial["partial"], partial["missing_instances"], partial["missing"]) == (
        "done", True, ["ba-two"], 0)
    assert "ba-two" in partial["message"]


def test_the_operator_commands_find_and_repair_with_exit_codes(archive, tmp_path, capsys):
    from server.cli.main import main

    uri = ["--amqp-uri", archive.nameko_config["AMQP_URI"]]
    files = {f"{i}-2-20240101000000-00001-host.warc.gz": os.urandom(4000) for i in range(1, 3)}
    for n, d in files.items():
        put(archive, tmp_path, n, d)
    gone, bad = sorted(files)
    os.unlink(archive.path("ba-two", gone))
    flip(archive.path("ba-one", bad))
    capsys.readouterr()

    assert main(["bitpreservation", "audit", "files", "TWO", *uri]) == 1
    assert "1 missing" in capsys.readouterr().out
    assert main(["bitpreservation", "missing", "TWO", *uri]) == 0
    assert gone in capsys.readouterr().out
    assert main(["bitpreservation", "reestablish", "TWO", "--as", "anna", *uri]) == 0
    assert main(["bitpreservation", "audit", "checksums", "ONE", "--json", *uri]) == 1
    assert '"corrupt": 1' in capsys.readouterr().out
    assert main(["bitpreservation", "corrupt", "ONE", *uri]) == 0
    assert bad in capsys.readouterr().out
    archive.key()
    # no key on the command's side: the login's role authorises the replace
    assert main(["bitpreservation", "replace", "ONE", bad, "--bad-checksum", "0" * 32, *uri]) == 6  # conflict
    assert main(["bitpreservation", "replace", "ONE", bad, "--yes", *uri]) == 0
    assert "old copy kept at" in capsys.readouterr().out
    assert archive.path("ba-one", bad).read_bytes() == files[bad]
    for r in ("ONE", "TWO"):
        assert main(["bitpreservation", "audit", "files", r, *uri]) == 0
        assert main(["bitpreservation", "audit", "checksums", r, *uri]) == 0
    assert main(["bitpreservation", "status", *uri]) == 0
    assert main(["bitpreservation", "audit", "files", "NOPE", *uri]) == 4   # no such replica: not found
    capsys.readouterr()
    assert main(["bitpreservation", "log", *uri]) == 0
    out = capsys.readouterr().out
    assert "replaced" in out and "anna" in out


def test_a_run_survives_a_restart_of_the_arcrepository_and_cancel_stops_one(archive, tmp_path):
    name = "7-1-20240101000000-00001-host.warc.gz"
    put(archive, tmp_path, name, os.urandom(2000))
    archive.stop("ba-two")             # TWO's only instance is silent: its batch waits archive.batch.timeout
    repo = archive.proxy.arcrepository
    first = repo.audit_start("TWO", "files", requested_by="tester")
    wait_for(lambda: repo.audit_status(first["id"])["state"] == "running", 30)
    assert repo.audit_start("TWO", "checksums")["id"] == first["id"]     # one run per replica
    archive.stop("arcrepository")      # dies mid-run
    archive.start("arcrepository")     # takes it up again
    done = wait_for(lambda: (s := archive.proxy.arcrepository.audit_status(first["id"]))["state"] == "done" and s,
                    60)
    assert done["partial"] and done["missing_instances"] == ["ba-two"] and done["missing"] == 0
    assert any("restart" in e for e in done["errors"])
    # finished: the run says how it ended, not that it starts again
    assert "starts again" not in done["message"] and "partial" in done["message"]

    second = archive.proxy.arcrepository.audit_start("TWO", "files", requested_by="tester")
    wait_for(lambda: archive.proxy.arcrepository.audit_status(second["id"])["state"] == "running", 30)
    assert archive.proxy.arcrepository.audit_cancel(second["id"], "tester")["state"] == "running"
    ended = wait_for(lambda: (s := archive.proxy.arcrepository.audit_status(second["id"]))["state"]
                     not in ("queued", "running") and s, 60)
    assert ended["state"] == "cancelled"
    actions = [e["action"] for e in archive.proxy.arcrepository.preservation_log("TWO")["items"]]
    assert "audit_cancel" in actions and "audit_cancelled:files" in actions


def test_each_audit_that_finds_damage_is_notified_with_its_own_text(notifier, archive, tmp_path):
    names = [f"{i}-1-20240101000000-00001-host.warc.gz" for i in (31, 32)]
    for n in names:
        put(archive, tmp_path, n, os.urandom(3000))
    os.unlink(archive.path("ba-two", names[0]))
    first = audit(archive, "TWO", "files")
    os.unlink(archive.path("ba-two", names[1]))
    second = audit(archive, "TWO", "files")
    assert (first["missing"], second["missing"]) == (1, 2)

    def found():
        return sorted((x for x in archive.proxy.notifier.list_notifications() if x["code"] == "AUDIT_FOUND_DAMAGE"),
                      key=lambda x: x["details"]["audit_id"])

    notes = wait_for(lambda: len(found()) == 2 and found(), 60)
    assert [n["details"]["audit_id"] for n in notes] == [first["id"], second["id"]]
    assert f"audit {first['id']} " in notes[0]["message"] and "1 missing" in notes[0]["message"]
    assert f"audit {second['id']} " in notes[1]["message"] and "2 missing" in notes[1]["message"]
    assert [n["details"]["missing"] for n in notes] == [1, 2]


def test_scheduled_audits_start_when_due_and_findings_show_in_the_summary(archive, tmp_path):
    from server.archive.arcrepository.preservation_service import PreservationContext

    name = "8-1-20240101000000-00001-host.warc.gz"
    put(archive, tmp_path, name, os.urandom(2000))
    os.unlink(archive.path("ba-one", name))
    archive.stop("arcrepository")
    archive.preservation = {"schedule": [{"replica": "ONE", "kind": "files", "every_hours": 24},
                                         {"replica": "TWO", "kind": "checksums", "every_hours": 24,
                                          "max_duration": 30}],
                             # a copy is verified when it is stored: with an age of 0 it is due at once
                             "max_checksum_age_days": 0}
    archive.start("arcrepository")
    ctx = next(d for d in archive.containers["arcrepository"].dependencies if isinstance(d, PreservationContext))
    started = ctx.run_schedule()
    assert sorted((a.replica, a.kind, a.requested_by) for a in started) == [
        ("ONE", "files", "schedule"), ("TWO", "checksums", "schedule")]
    repo = archive.proxy.arcrepository
    for a in started:
        wait_for(lambda a=a: repo.audit_status(a.id)["state"] == "done", 60)
    assert ctx.run_schedule() == []                       # not due again for 24 hours
    two = repo.audit_status(next(a.id for a in started if a.replica == "TWO"))
    assert (two["files_seen"], two["corrupt"], two["progress"]) == (1, 0, 1.0)     # rolling, all covered
    summary = {s["replica"]: s for s in repo.preservation_summary()}
    assert (summary["ONE"]["missing"], summary["ONE"]["last_files_audit"]["missing"]) == (1, 1)
    assert summary["TWO"]["unchecked"] == 0 and summary["TWO"]["running"] is None


def test_a_status_call_with_wait_answers_when_the_audit_ends_and_the_run_says_where_its_time_went(archive, tmp_path):
    repo = archive.proxy.arcrepository
    put(archive, tmp_path, "1-1-20240101000000-00001-host.warc.gz", os.urandom(3000))
    a = repo.audit_start("ONE", "files", None, "tester")
    # one call, no sleep: answered when the run ended (well within its 10 s here)
    ended = wait_for(lambda: (s := repo.audit_status(a["id"], 10.0))["state"] in ("done", "failed") and s, 60)
    assert (ended["state"], ended["files_seen"], ended["missing"]) == ("done", 1, 0)
    assert repo.audit_status(a["id"], 10.0)["state"] == "done"     # an ended run: at once
    event = next(e for e in repo.preservation_log("ONE")["items"] if e["action"] == "audit_done:files")
    assert set(event["details"]["seconds"]) >= {"batch", "batch_instances", "batch_monitor", "download", "compare"}
