"""Issue #29, items 1 and 2: what a confined batch run can see and the limits that hold for the
whole run, as root too. Real bubblewrap, real cgroups, real processes (the hostile code through
the real services is in tests/integration/archive/test_batch_sandbox.py)."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest
from throwaway_user import throwaway_user

from server.archive.batch import cgroups, sandbox
from server.archive.bitarchive.core import BatchLimits, Bitarchive
from server.archive.storage import FILEDIR, BitarchiveStorage
from shared.dto.archive import BatchRequestDto

pytestmark = pytest.mark.skipif(not sandbox.available(), reason=f"no batch sandbox here: {sandbox.why_unavailable()}")

PROJECT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def _bitarchive(tmp_path, **limits) -> Bitarchive:
    (tmp_path / "store" / FILEDIR).mkdir(parents=True)
    (tmp_path / "store" / FILEDIR / "a.warc").write_bytes(b"x" * 10)
    (tmp_path / "work").mkdir()
    limits = {"allow_user_code": True, "timeout": 60, **limits}
    return Bitarchive(BitarchiveStorage([str(tmp_path / "store")], 0), str(tmp_path / "work"), BatchLimits(**limits))


def _job(body: str) -> str:
    return ("import os, sys, time\nclass J(BatchJob):\n    def process_file(self, name, path, out):\n"
            + textwrap.indent(textwrap.dedent(body), " " * 8))


def _run(b: Bitarchive, body: str, batch_id: str = "b1"):
    reply = b.run_batch(BatchRequestDto(batch_id, None, source=_job(body)), "i1", lambda _: "u")
    out = os.path.join(b.batch_dir, f"{batch_id}.out")
    return reply, (open(out, encoding="utf-8").read() if os.path.exists(out) else "")


def _alive(marker: str) -> list[int]:
    """Host processes whose command line holds ``marker``."""
    found = []
    for pid in os.listdir("/proc"):
        if pid.isdigit() and int(pid) != os.getpid():
            try:
                if marker.encode() in open(f"/proc/{pid}/cmdline", "rb").read():
                    found.append(int(pid))
            except OSError:
                pass
    return found


READ_SECRETS = """
found = []
for p in SECRETS:
    try:
        found.append(p + "=" + open(p).read())
    except OSError as exc:
        found.append(p + " " + type(exc).__name__)
out.write(("\\n".join(found) + "\\n").encode())
"""


def test_neither_the_working_directory_nor_a_path_entry_outside_the_venv_is_visible(tmp_path, monkeypatch):
    """``nameko run`` puts ``.`` on sys.path and the supervisor starts the service in the config
    directory: that directory (installation key, broker password) was bound into the sandbox."""
    conf = tmp_path / "etc-nas"
    conf.mkdir()
    (conf / "installation.key").write_text("KEY-MATERIAL")
    (conf / "bitarchive.yaml").write_text("AMQP_URI: amqp://nas:BROKER-PASSWORD@host/")
    os.chmod(conf / "installation.key", 0o600)
    monkeypatch.chdir(conf)
    monkeypatch.setattr(sys, "path", [str(conf), "", *sys.path])
    b = _bitarchive(tmp_path)
    secrets = [str(conf / "installation.key"), str(conf / "bitarchive.yaml"), "installation.key"]
    reply, out = _run(b, f"SECRETS = {secrets!r}\n" + READ_SECRETS)
    assert not reply.job_failed, reply
    assert "KEY-MATERIAL" not in out and "BROKER-PASSWORD" not in out
    assert out.count("FileNotFoundError") == 3, out


@pytest.mark.skipif(os.geteuid() != 0, reason="the uid mapping is the root service's finding")
def test_a_root_service_s_0600_file_where_the_job_can_see_it_is_unreadable(tmp_path):
    """As root, bwrap's ``nobody`` was host uid 0: a 0600 file of the service in a bound
    directory (here a storage directory) was readable. Now the run is a real unprivileged uid."""
    b = _bitarchive(tmp_path)
    secret = tmp_path / "store" / "service-secret"
    secret.write_text("ROOT-ONLY")
    os.chmod(secret, 0o600)
    reply, out = _run(b, f"SECRETS = {[str(secret)]!r}\n" + READ_SECRETS
                      + "out.write(f'uid {os.getuid()} gid {os.getgid()} groups {os.getgroups()}\\n'.encode())\n")
    assert "ROOT-ONLY" not in out and "PermissionError" in out, out
    assert "uid 65534 gid 65534 groups []" in out


def test_a_sleeping_job_and_its_daemonised_grandchild_end_at_the_timeout(tmp_path):
    marker = f"nas-timeout-{os.getpid()}-{tmp_path.name}"
    b = _bitarchive(tmp_path, timeout=3)
    reply, _ = _run(b, f"""
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                os.execv("/bin/sh", ["/bin/sh", "-c", "sleep 600; : {marker}"])
            os._exit(0)
        time.sleep(600)
    """)
    assert reply.job_failed and "ran longer than 3s" in reply.exceptions[0].error, reply
    assert _alive(marker) == []


EVENTLET_RUN = """
import eventlet
eventlet.monkey_patch()
import json, os, sys, time
from server.archive.bitarchive.core import BatchLimits, run_child
spec = {"source": "import time\\nclass J(BatchJob):\\n    def process_file(self, n, p, out):\\n"
                  "        import os; os.execv('/bin/sh', ['/bin/sh', '-c', 'sleep 600; : ' + MARK])\\n"
                  .replace("MARK", repr(sys.argv[2])),
        "files": [["a.warc", sys.argv[1] + "/a.warc"]], "protect_dirs": [sys.argv[1]]}
started = time.monotonic()
try:
    run_child(spec, sys.argv[1] + "/out", 3, BatchLimits(allow_user_code=True))
    print("no error")
except Exception as exc:
    print(type(exc).__name__, exc, round(time.monotonic() - started))
"""


def test_the_timeout_holds_under_eventlet(tmp_path):
    """Under eventlet, ``communicate(timeout=)`` raised another class than the one caught:
    the sleeping job outlived its timeout."""
    marker = f"nas-eventlet-{os.getpid()}-{tmp_path.name}"
    (tmp_path / "a.warc").write_bytes(b"x")
    done = subprocess.run([sys.executable, "-c", EVENTLET_RUN, str(tmp_path), marker], capture_output=True,
                          text=True, timeout=300, env={**os.environ, "PYTHONPATH": PROJECT}, cwd=PROJECT)
    assert done.stdout.startswith("InvalidInput batch job ran longer than 3s"), (done.stdout, done.stderr[-2000:])
    assert _alive(marker) == []


def test_a_thousand_forks_stop_at_the_run_s_task_limit_and_none_survives(tmp_path):
    marker = f"nas-forks-{os.getpid()}-{tmp_path.name}"
    b = _bitarchive(tmp_path, max_processes=40)
    reply, out = _run(b, f"""
        n = 0
        for _ in range(1000):
            try:
                pid = os.fork()
            except OSError:
                break
            if pid == 0:
                os.execv("/bin/sh", ["/bin/sh", "-c", "sleep 600; : {marker}"])
            n += 1
        out.write(f"forks {{n}}\\n".encode())
    """)
    assert not reply.job_failed, reply
    assert int(out.split("forks ")[1].split()[0]) < 40, out
    assert _alive(marker) == []


def test_memory_is_bounded_for_the_whole_run_not_per_process(tmp_path):
    """RLIMIT_AS is per process: four children of 200 MiB each passed a 256 MiB limit."""
    group, why = cgroups.open_run("probe", 256 << 20, 16)
    if group is None:
        pytest.skip(f"no writable cgroup here: {why}")
    group.remove()
    b = _bitarchive(tmp_path, memory_bytes=256 << 20)
    reply, out = _run(b, """
        pids = []
        for _ in range(4):
            pid = os.fork()
            if pid == 0:
                hog = bytearray(200 << 20)
                for i in range(0, len(hog), 4096):
                    hog[i] = 1
                time.sleep(5)
                os._exit(0)
            pids.append(pid)
        codes = [os.waitstatus_to_exitcode(os.waitpid(p, 0)[1]) for p in pids]
        out.write(f"children {codes}\\n".encode())
    """)
    # the kernel kills children (-9) or the runner itself: never four children of 200 MiB
    assert "children [0, 0, 0, 0]" not in out, out
    assert reply.job_failed or "-9" in out, (reply, out)
    assert reply.limits.startswith("cgroup v"), reply.limits


def test_without_a_writable_cgroup_the_run_says_it_had_resource_limits_only(tmp_path, monkeypatch):
    monkeypatch.setattr(cgroups, "ROOT", str(tmp_path / "no-cgroups"))
    # a sandbox user of its own: RLIMIT_NPROC counts the user's processes host-wide, and other
    # tests run batch jobs as nobody meanwhile
    with throwaway_user() as user:
        b = _bitarchive(tmp_path, sandbox_user=user.pw_name)
        reply, out = _run(b, "out.write(b'ran\\n')\n")
    assert not reply.job_failed and out == "ran\n", reply
    assert reply.limits.startswith("resource limits only (no cgroup v2"), reply.limits


def test_the_output_of_a_run_is_readable_only_by_the_service(tmp_path):
    b = _bitarchive(tmp_path)
    reply, _ = _run(b, "out.write(b'x')\n")
    assert not reply.job_failed
    assert os.stat(os.path.join(b.batch_dir, "b1.out")).st_mode & 0o077 == 0
