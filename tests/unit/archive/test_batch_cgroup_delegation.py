"""Issue #29: the batch limits of a bitarchive service that is not root.

An unprivileged service gets a cgroup per run only inside a cgroup delegated to it (chowned to
its user, what systemd's ``Delegate=`` does). Here root sets up such a delegation in the cgroup
v1 hierarchies of this machine (``memory``, ``pids``, ``cpuacct``), puts the launcher in it as
the service manager would, and the launcher runs batch jobs as ``nobody`` through the real
bitarchive core, sandbox and cgroups: the run's own cgroup bounds its tasks and its memory. Without
the delegation the run falls back to resource limits and says so.

cgroup v2 with its controllers cannot be had on this machine (they are bound to the v1
hierarchies; a cgroup2 mount offers only ``hugetlb``): what of the v2 code runs on a real cgroup2
mount without controllers (joining, CPU time from ``cpu.stat``, ``cgroup.kill``, removal, and the
refusal naming the missing controllers) is tested on one, mounted in a private mount namespace.
docs/decisions/batch-sandbox.md says what is left untested.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import uuid

import cgroup_delegation
import pytest
from throwaway_user import throwaway_user

from server.archive.batch import cgroups, sandbox

PROJECT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

pytestmark = [pytest.mark.skipif(not sandbox.available(), reason=f"no batch sandbox here: {sandbox.why_unavailable()}"),
              pytest.mark.skipif(os.geteuid() != 0, reason="root sets up the delegation and starts the service user")]

# Runs as the unprivileged service user: the real bitarchive core runs two batch jobs (a fork bomb,
# then four children of 200 MiB each under a 256 MiB limit for the run) and prints the replies.
LAUNCHER = r"""
import json, os, sys
from server.archive.bitarchive.core import BatchLimits, Bitarchive
from server.archive.storage import BitarchiveStorage
from shared.dto.archive import BatchRequestDto

root, marker = sys.argv[1], sys.argv[2]
JOB = "import os, time\nclass J(BatchJob):\n    def process_file(self, name, path, out):\n"
FORKS = JOB + '''
        n = 0
        for _ in range(1000):
            try:
                pid = os.fork()
            except OSError:
                break
            if pid == 0:
                os.execv("/bin/sh", ["/bin/sh", "-c", "sleep 600; : MARK"])
            n += 1
        out.write(f"forks {n}\\n".encode())
'''.replace("MARK", marker)
MEMORY = JOB + '''
        pids = []
        for _ in range(4):
            pid = os.fork()
            if pid == 0:
                hog = bytearray(200 << 20)
                for i in range(0, len(hog), 4096):
                    hog[i] = 1
                time.sleep(3)
                os._exit(0)
            pids.append(pid)
        codes = [os.waitstatus_to_exitcode(os.waitpid(p, 0)[1]) for p in pids]
        out.write(f"children {codes}\\n".encode())
'''
b = Bitarchive(BitarchiveStorage([root + "/store"], 0), root + "/work",
               BatchLimits(allow_user_code=True, timeout=60, memory_bytes=256 << 20, max_processes=40))
b.start()
replies = {}
for batch_id, source in (("forks", FORKS), ("memory", MEMORY)):
    reply = b.run_batch(BatchRequestDto(batch_id, None, source=source), "i1", lambda _: "u")
    out = os.path.join(b.batch_dir, batch_id + ".out")
    replies[batch_id] = {"limits": reply.limits, "failed": reply.job_failed,
                         "errors": [e.error for e in reply.exceptions],
                         "out": open(out).read() if os.path.exists(out) else ""}
print(json.dumps({"uid": os.getuid(), "replies": replies}))
"""


def _alive(marker: str) -> list[int]:
    found = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                if marker.encode() in open(f"/proc/{pid}/cmdline", "rb").read():
                    found.append(int(pid))
            except OSError:
                pass
    return found


@pytest.fixture
def service_home(request):
    """A storage and work directory the service user owns, outside pytest's private tmp. The
    service user is one of this test's own: the fallback's RLIMIT_NPROC counts every process of
    the user on the host, and other tests run batch jobs as ``nobody`` meanwhile."""
    users = throwaway_user()
    nobody = users.__enter__()
    request.addfinalizer(lambda: users.__exit__(None, None, None))
    root = tempfile.mkdtemp(prefix="nas-deleg-test-")
    request.addfinalizer(lambda: shutil.rmtree(root, ignore_errors=True))
    os.makedirs(os.path.join(root, "store", "filedir"))
    os.makedirs(os.path.join(root, "work"))
    with open(os.path.join(root, "store", "filedir", "a.warc"), "wb") as fh:
        fh.write(b"x" * 10)
    for dirpath, _dirs, files in os.walk(root):
        for p in [dirpath, *(os.path.join(dirpath, f) for f in files)]:
            os.chown(p, nobody.pw_uid, nobody.pw_gid)
    return root, nobody


@pytest.fixture
def delegated(service_home):
    """A cgroup in each v1 hierarchy chowned to the service user (what ``Delegate=`` does under
    systemd); removed afterwards with anything left in it."""
    if not cgroup_delegation.v1_available():
        pytest.skip("this test sets up a cgroup v1 delegation (no v1 memory, pids and cpuacct here)")
    _, nobody = service_home
    with cgroup_delegation.delegated(nobody.pw_uid, nobody.pw_gid) as dirs:
        yield dirs


def _launch(root: str, nobody, marker: str, cgroup_dirs: list[str] | None) -> dict:
    """Start the launcher as the service user with setpriv; with ``cgroup_dirs``, root first puts
    it in those cgroups (as the service manager starts a unit in its delegated cgroup)."""
    python = shutil.which("python3.11", path="/usr/bin:/usr/local/bin")
    if python is None:
        pytest.skip("no system python3.11 the service user can run")
    site = next(p for p in sys.path if p.endswith("site-packages") and p.startswith(sys.prefix))

    done = subprocess.run(
        ["setpriv", "--reuid", str(nobody.pw_uid), "--regid", str(nobody.pw_gid), "--clear-groups", "--",
         python, "-S", "-c", LAUNCHER, root, marker],
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": f"{PROJECT}:{site}", "HOME": root, "PYTHONWARNINGS": "ignore"},
        cwd=root, capture_output=True, text=True, timeout=600,
        preexec_fn=cgroup_delegation.joiner(cgroup_dirs) if cgroup_dirs else None)  # noqa: PLW1509 - writes a pid only
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_an_unprivileged_service_in_a_delegated_cgroup_bounds_each_run_s_tasks_and_memory(service_home, delegated):
    root, nobody = service_home
    marker = f"nas-deleg-{uuid.uuid4().hex[:8]}"
    got = _launch(root, nobody, marker, delegated)
    assert got["uid"] == nobody.pw_uid
    forks, memory = got["replies"]["forks"], got["replies"]["memory"]
    # the run's own cgroup, made by the service user inside its delegation
    assert forks["limits"].startswith("cgroup v1: memory 256 MiB, 40 tasks"), forks
    assert not forks["failed"], forks
    # RLIMIT_NPROC is not set when the run has a cgroup: the cgroup's pids.max stopped the bomb
    assert int(forks["out"].split("forks ")[1].split()[0]) < 40, forks
    # four children of 200 MiB each: RLIMIT_AS (per process, 256 MiB) lets each through; the run's
    # memory limit does not let all four live
    assert "children [0, 0, 0, 0]" not in memory["out"], memory
    assert memory["failed"] or "-9" in memory["out"], memory
    assert _alive(marker) == []
    # every run's cgroup was removed again: only the delegation itself is left
    assert all(not any(os.path.isdir(os.path.join(d, c)) for c in os.listdir(d)) for d in delegated)


def test_without_a_delegation_an_unprivileged_service_falls_back_to_rlimits_and_says_so(service_home):
    if not cgroup_delegation.v1_available():
        pytest.skip("no cgroup v1 hierarchies here")
    root, nobody = service_home
    marker = f"nas-nodeleg-{uuid.uuid4().hex[:8]}"
    got = _launch(root, nobody, marker, None)
    forks = got["replies"]["forks"]
    assert forks["limits"].startswith(f"resource limits only (cannot make a cgroup under {cgroups.ROOT}: "
                                      "Permission denied)"), forks
    assert "40 processes of the sandbox user" in forks["limits"], forks
    # the fallback still bounds a fork bomb, through RLIMIT_NPROC of the (unprivileged) user
    assert int(forks["out"].split("forks ")[1].split()[0]) < 40, forks
    assert _alive(marker) == []


V2_PROBE = r"""
import json, os, subprocess, sys, time
from server.archive.batch import cgroups, launch, sandbox

mnt, work, marker = sys.argv[1], sys.argv[2], sys.argv[3]
subprocess.run(["mount", "-t", "cgroup2", "none", mnt], check=True)
report = {"controllers": open(os.path.join(mnt, "cgroup.controllers")).read().split()}
group, why = cgroups.open_run("probe", 256 << 20, 40, root=mnt)
report["open_run"] = [group is not None, why]
# the v2 run cgroup as cgroups.py makes it, without the limits no controller here can take
d = os.path.join(mnt, cgroups.RUN_PREFIX + marker)
os.mkdir(d)
g = cgroups.RunCgroup(2, [d], 256 << 20, 40)
# a run that burns CPU in a daemonised grandchild (out of its process group) and then sleeps
job = ("import os, time\n"
       "if os.fork() == 0:\n"
       "    os.setsid()\n"
       "    if os.fork() == 0:\n"
       "        os.execv('/bin/sh', ['/bin/sh', '-c', 'while :; do :; done; : " + marker + "'])\n"
       "    os._exit(0)\n"
       "time.sleep(600)\n")
fd = os.open(os.path.join(work, "out"), os.O_WRONLY | os.O_CREAT, 0o600)
started = time.monotonic()
try:
    launch.supervise([sys.executable, "-S", "-c", job], {}, fd, work, 60, {},
                     sandbox.preexec(1 << 30, 120, 0, join=g.join), g, 1.0, "probe")
    report["ended"] = "no error"
except Exception as exc:
    report["ended"] = f"{type(exc).__name__}: {exc}"
report["seconds"] = round(time.monotonic() - started, 1)
report["cpu_seconds"] = g.cpu_seconds()
report["left"] = g.pids()
g.remove()
report["removed"] = not os.path.exists(d)
print(json.dumps(report))
"""


def test_the_v2_code_on_a_real_cgroup2_mount_joins_reads_cpu_time_kills_and_removes(tmp_path):
    """No v2 controller is free here: ``open_run`` must refuse naming them (the run then falls
    back), and what v2 gives without controllers works as the code expects."""
    if shutil.which("unshare") is None:
        pytest.skip("no unshare(1)")
    marker = f"nas-v2-{uuid.uuid4().hex[:8]}"
    (tmp_path / "mnt").mkdir()
    done = subprocess.run(["unshare", "--mount", "--propagation", "private", sys.executable, "-c", V2_PROBE,
                           str(tmp_path / "mnt"), str(tmp_path), marker],
                          capture_output=True, text=True, timeout=300, env={**os.environ, "PYTHONPATH": PROJECT})
    if done.returncode != 0 and "mount" in done.stderr and "cgroup2" in done.stderr:
        pytest.skip(f"no cgroup2 mount possible here: {done.stderr[-300:]}")
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    missing = sorted(set(cgroups.V2_CONTROLLERS) - set(report["controllers"]))
    if missing:
        assert report["open_run"] == [False, f"cgroup v2 at {tmp_path / 'mnt'} lacks controllers {missing}"]
    # CPU time of the whole run, counted in cpu.stat, ended it; cgroup.kill took the grandchild
    assert report["ended"] == "InvalidInput: batch job used more than 1s of CPU time and was stopped", report
    assert report["cpu_seconds"] > 1.0 and report["seconds"] < 30, report
    assert report["left"] == [] and report["removed"], report
    assert _alive(marker) == []
