"""The soak of issue #20 against the real archive (see test_archive_reliability.py): 50 clients
store at once while a bitarchive is killed and restarted twice. In a file of its own, so that the
suite runs it beside the other faults (it is the longest of them, on PostgreSQL especially)."""
from __future__ import annotations

import hashlib
import os
import threading
import time

import pytest
from test_archive_reliability import FaultArchive, _as_harvester, running
from waiting import wait_for

from shared.errors import ChecksumMismatch, StoreFailed

pytestmark = [pytest.mark.rabbit]


class SoakArchive(FaultArchive):
    """The fault archive with the production timeout (30 s) for the calls between its services:
    the soak is about what is stored and kept, not how fast. Here all six services and the 50
    clients share one process; on a loaded machine (the suite at eight shards, or ten busy loops
    beside this test alone) the small archive's 4 s was too short for a replica's
    ``transfer_wanted`` question and each refusal sent a client round again. That load also
    showed a real fault, fixed in ``ArcRepository.start_in_pool``: callers beginning stores
    while every store place was taken held their workers and database connections (PostgreSQL:
    this test took 380 s instead of 60 s with the 30 s timeout, and failed with 4 s)."""

    def config(self, inst, replica, **archive):
        return super().config(inst, replica, **{"rpc_timeout": 30, **archive})


@pytest.fixture
def farchive(nameko_config, database_url, tmp_path):
    yield from running(SoakArchive(nameko_config, database_url, tmp_path / "nodes"))


def test_soak_50_concurrent_stores_while_a_bitarchive_is_killed_and_restarted_twice(farchive, tmp_path):
    """50 clients (the harvester's ArcRepositoryArchive, each retrying as the harvester's failed-
    upload loop does) store at once: 40 names, 5 of them stored twice with the same content and
    5 twice with other content; meanwhile bitarchive TWO is killed and restarted twice. At the
    end every file a client was told stored is in every replica with the client's checksum,
    and every refused client kept its local file. A client refused while the other content's
    store still runs tries again, as the harvester does with every file not stored: that store
    may yet fail everywhere (its outcome decides the name, not its start). Treating that refusal
    as final, the suite once saw both contents of one name refused and neither stored."""
    from server.harvester.archive_client import ArcRepositoryArchive
    from shared.errors import NasError

    clients = []  # (client id, path, content)
    for i in range(40):
        name = f"20-1-20240101000000-{i:05d}-host.warc.gz"
        content = os.urandom(1_000_000 + i * 1000)
        clients.append((f"c{i}", name, content))
        if i < 5:
            clients.append((f"c{i}-same", name, content))
        elif i < 10:
            clients.append((f"c{i}-other", name, os.urandom(1_000_000)))
    assert len(clients) == 50
    paths = {}
    for cid, name, content in clients:
        d = tmp_path / "clients" / cid
        d.mkdir(parents=True)
        paths[cid] = d / name
        paths[cid].write_bytes(content)
    outcome: dict[str, str] = {}
    failed_attempts = []
    history: dict[str, list[str]] = {cid: [] for cid, _, _ in clients}  # each attempt's error, for the messages

    def run(cid: str) -> None:
        client = ArcRepositoryArchive(_as_harvester(farchive.nameko_config), store_timeout=120, rpc_timeout=30)
        tries, give_up_at = 0, time.monotonic() + 480
        try:
            while tries < 40 and time.monotonic() < give_up_at:
                try:
                    client.store(str(paths[cid]))
                except ChecksumMismatch as exc:
                    history[cid].append(f"{time.monotonic():.2f} {exc!r}")
                    if exc.details.get("in_progress"):
                        # Refused only for now: the other content's store has no outcome yet (it may
                        # still fail in every replica and leave the name free). The harvester keeps
                        # such a file and tries it again later, as it does any file not stored.
                        time.sleep(1.0)
                        continue
                    outcome[cid] = "refused"
                    return
                except StoreFailed as exc:
                    history[cid].append(f"{time.monotonic():.2f} {exc!r}")
                    if "not this file's" in exc.message or "another checksum" in exc.message:
                        outcome[cid] = "refused"
                        return
                    failed_attempts.append((cid, exc.message))
                    tries += 1
                    time.sleep(1.0)  # a replica failed (killed): the harvester retries later
                    continue
                except NasError as exc:
                    history[cid].append(f"{time.monotonic():.2f} {exc!r}")
                    tries += 1
                    time.sleep(1.0)
                    continue
                history[cid].append(f"{time.monotonic():.2f} stored")
                paths[cid].unlink()  # told stored: the client deletes, as the harvester does
                outcome[cid] = "stored"
                return
            outcome[cid] = "gave up"
        except BaseException as exc:   # a client's thread must not end without an outcome
            outcome[cid] = f"raised {exc!r}"
            raise
        finally:
            client.close()

    threads = [threading.Thread(target=run, args=(cid,)) for cid, _, _ in clients]
    for t in threads:
        t.start()
    interrupted = []  # uploads running in TWO when it was killed
    for round_ in range(2):
        # kill while stores run: the first as soon as TWO is taking uploads, the second at once
        if round_ == 0:
            wait_for(
                lambda: (
                    farchive.copies("20-1-20240101000000-00000-host.warc.gz")
                    or any((farchive.root / "ba-two" / "store" / "tempdir").iterdir())
                ),
                60,
                0.02,
            )
        interrupted += [m for m in farchive.kill("ba-two") if m == "upload"]
        wait_for(lambda: all(i["state"] == "lost" for i in farchive.proxy.bitarchive_monitor_TWO.instances()), 60)
        farchive.start("ba-two")
        wait_for(lambda: any(i["state"] == "running" for i in farchive.proxy.bitarchive_monitor_TWO.instances()))
    for t in threads:
        t.join(600)
    assert len(outcome) == 50 and set(outcome.values()) <= {"stored", "refused"}, \
        {cid: o for cid, o in outcome.items() if o not in ("stored", "refused")} or sorted(outcome)
    # The kills must have hit uploads in flight, or the soak proved nothing. Whether a client then
    # sees a failed attempt depends on timing: the arcrepository retries an upload given up on a
    # lost instance, and when TWO is back by then the store succeeds without the client knowing
    # (seen on an idle machine); on a loaded one the retry fails too and the client tries again.
    assert interrupted or failed_attempts, "the kills interrupted no store: the soak proved nothing"
    checksums = farchive.proxy.checksum_CS.checksums()
    for cid, name, content in clients:
        md5 = hashlib.md5(content).hexdigest()
        if outcome[cid] == "stored":
            copies = farchive.copies(name)
            assert set(copies) == {"ba-one", "ba-two"}, (cid, copies)
            assert all(hashlib.md5(open(p, "rb").read()).hexdigest() == md5 for p in copies.values()), cid
            assert checksums[name] == md5
            assert {r[0] for r in farchive.rows(name).values()} == {"upload_completed"}
        else:
            assert paths[cid].read_bytes() == content, cid  # refused: the local file is kept
    for i in range(5, 10):  # one name, two contents: exactly one of them was stored
        pair = [outcome[f"c{i}"], outcome[f"c{i}-other"]]
        assert sorted(pair) == ["refused", "stored"], (i, pair, history[f"c{i}"], history[f"c{i}-other"],
                                                       farchive.rows(f"20-1-20240101000000-{i:05d}-host.warc.gz"))
    for i in range(5):  # one name, the same content twice: both told stored, truthfully
        assert outcome[f"c{i}"] == outcome[f"c{i}-same"] == "stored"
