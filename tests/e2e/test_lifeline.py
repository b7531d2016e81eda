"""Nothing a test starts outlives it: service processes started through the supervisor, even by a
``nas services start`` child, and children armed with the parent-death signal, end when the
process they are tied to is killed outright (SIGKILL: no teardown runs)."""
import os
import signal
import subprocess
import sys
import textwrap

from waiting import wait_for

from server.runtime import lifeline

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split(") ", 1)[1][0] != "Z"
    except (OSError, IndexError):
        return False


def test_services_die_with_the_killed_test_process(tmp_path, amqp_uri):
    conf = tmp_path / "conf"
    conf.mkdir()
    (conf / "monitor.yaml").write_text(f"AMQP_URI: {amqp_uri}\ndata_dir: ../data\ninstance:\n  id: monitor-l\n"
                                       "  service: server.monitor.service:MonitorService\n")
    # A stand-in for a pytest process: ties its children to itself, starts a service through a
    # `nas services start` child (which exits at once), prints the service's PID, then waits.
    script = textwrap.dedent(f"""
        import os, subprocess, sys, time
        os.environ["NAS_LIFELINE_PID"] = str(os.getpid())
        out = subprocess.run([sys.executable, "-m", "server.cli.main", "services", "start", "--config-dir",
                              {str(conf)!r}], capture_output=True, text=True, check=True).stdout
        print(out.splitlines()[2].split()[2], flush=True)
        time.sleep(3600)
    """)
    parent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, cwd=ROOT,
                              env={k: v for k, v in os.environ.items() if k != "NAS_LIFELINE_PID"})
    try:
        service_pid = int(parent.stdout.readline())
        assert _alive(service_pid)
        parent.kill()                                   # SIGKILL: nothing of the parent runs any more
        parent.wait(30)
        wait_for(lambda: not _alive(service_pid), timeout=60)
    finally:
        if parent.poll() is None:
            parent.kill()


def test_an_armed_child_gets_the_parent_death_signal(tmp_path):
    script = textwrap.dedent("""
        import subprocess, sys, time
        from server.runtime import lifeline
        child = subprocess.Popen([sys.executable, "-m", "server.runtime.lifeline", "sleep", "3600"],
                                 env=lifeline.child_env())
        print(child.pid, flush=True)
        time.sleep(3600)
    """)
    parent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        child = int(parent.stdout.readline())
        wait_for(lambda: open(f"/proc/{child}/cmdline").read().startswith("sleep"), timeout=30)
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait(30)
        wait_for(lambda: not _alive(child), timeout=30)
    finally:
        if parent.poll() is None:
            parent.kill()


def test_the_reaper_leaves_when_its_groups_end_by_themselves():
    proc = subprocess.Popen(["sleep", "3600"], start_new_session=True)
    reaper = lifeline.guard_groups(proc.pid)
    proc.terminate()
    proc.wait(10)
    reaper.wait(30)
    assert reaper.returncode == 0
