"""The real ``scheduler`` service in a Nameko container: scheduling over RPC, eight concurrent
harvesters claiming, reports, bad definitions, and a broker restart in the middle of dispatch."""
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time

import eventlet
import pytest
from nameko.containers import ServiceContainer
from nameko.standalone.rpc import ClusterRpcProxy
from sched_helpers import domain, fresh, profile, selective
from sqlalchemy import select

from server.runtime import lifeline
from server.scheduler.models import Job
from server.scheduler.service import SchedulerService
from shared.errors import IllegalTransition, JobNotFound


def _config(nameko_config, database_url, tmp_path, **extra):
    return {**nameko_config, "database": {"url": database_url}, "data_dir": str(tmp_path),
            "runtime": {"heartbeat_interval": 60},
            "harvest": {"scheduler": {"timer_interval": 3600, "jobgen": {"config_chunk_size": 1}, **extra}}}


def _claim_all(config, harvesters=8):
    """Eight harvesters claim until nothing is left; each confirms what it got (progress)."""
    got = []

    def harvester(n):
        with ClusterRpcProxy(config, timeout=30) as proxy:
            while True:
                job = proxy.scheduler.claim_job("FOCUSED", f"harvester-{n}")
                if job is None:
                    return
                got.append((f"harvester-{n}", job["id"]))
                proxy.scheduler.report_progress(job["id"], f"harvester-{n}", {"uris_done": 1, "rate": 2})

    pool = eventlet.GreenPool()
    for n in range(harvesters):
        pool.spawn(harvester, n)
    pool.waitall()
    return got


def test_schedule_claim_report_and_query_over_rpc(database_url, nameko_config, tmp_path, engine, session):
    configs = [domain(session, f"svc{i}.dk") for i in range(24)]
    h = selective(session, "service harvest", configs)
    profile(session, "retired", active=False)
    bad = selective(session, "bad profile", [domain(session, "old.dk", prof="retired")])
    session.commit()
    container = ServiceContainer(SchedulerService, _config(nameko_config, database_url, tmp_path))
    container.start()
    try:
        with ClusterRpcProxy(nameko_config, timeout=60) as proxy:
            result = proxy.scheduler.run_once(wait=True)
            outcomes = {o["harvest_id"]: o for o in result["outcomes"]}
            assert len(outcomes[h.id]["jobs"]) == 24 and outcomes[h.id]["error"] == ""
            assert "crawl profile 'retired' is inactive" in outcomes[bad.id]["error"]
            state = proxy.scheduler.scheduling_states(bad.id)[0]
            assert not state["active"] and "old.dk/defaultconfig" in state["last_error"]
            assert proxy.scheduler.list_jobs({"status": "submitted"}, 0, 5)["total"] == 24

            got = _claim_all(nameko_config)
            ids = [j for _, j in got]
            assert len(ids) == 24 and len(set(ids)) == 24            # every job once, none twice
            assert proxy.scheduler.claim_job("FOCUSED", "late") is None
            assert len(proxy.scheduler.running_jobs()) == 24

            harvester, job_id = got[0]
            out = proxy.scheduler.report_job(job_id, harvester, [
                {"domain": proxy.scheduler.job_domains(job_id)["items"][0]["domain"], "objects": 7, "bytes": 70,
                 "stop_reason": "completed"}])
            assert out["job"]["status"] == "done" and out["stored"] == 1 and out["job"]["objects"] == 7
            harvester2, job2 = got[1]
            failed = proxy.scheduler.report_job(job2, harvester2, [], harvest_error="crawler crashed")
            assert failed["job"]["status"] == "failed"
            new = proxy.scheduler.resubmit_job(job2)
            assert new["resubmitted_from"] == job2 and new["status"] == "submitted"
            with pytest.raises(IllegalTransition):
                proxy.scheduler.resubmit_job(job_id)
            with pytest.raises(JobNotFound):
                proxy.scheduler.job(10**6)
            stats = proxy.scheduler.run_statistics(h.id)
            assert stats[0]["jobs"] == 25 and stats[0]["objects"] == 7
            assert proxy.scheduler.job_status_counts()["started"] == 22
        from server.cli.main import main

        uri = nameko_config["AMQP_URI"]
        assert main(["jobs", "list", "--amqp-uri", uri, "--status", "done"]) == 0
        assert main(["jobs", "show", str(job_id), "--amqp-uri", uri]) == 0
        assert main(["jobs", "show", "999999", "--amqp-uri", uri]) == 2
        assert main(["scheduler", "states", "--amqp-uri", uri]) == 0
    finally:
        container.stop()


# --- a broker restart in the middle of dispatch -----------------------------------------------

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PrivateBroker:
    """A RabbitMQ node of our own (never the machine's shared one), started and stopped by PID."""

    def __init__(self):
        self.base = tempfile.mkdtemp(prefix="nas-rmq-")
        self.port, self.dist = _free_port(), _free_port()
        self.name = f"nastest-{os.getpid()}-{self.port}@localhost"
        os.makedirs(f"{self.base}/mnesia")
        os.makedirs(f"{self.base}/log")
        with open(f"{self.base}/plugins", "w") as fh:
            fh.write("[].\n")
        with open(f"{self.base}/rabbitmq.conf", "w") as fh:
            fh.write(f"listeners.tcp.default = 127.0.0.1:{self.port}\nloopback_users = none\n")
        shutil.chown(self.base, "rabbitmq") if os.geteuid() == 0 else None
        for root, dirs, files in os.walk(self.base):
            for n in dirs + files:
                if os.geteuid() == 0:
                    shutil.chown(os.path.join(root, n), "rabbitmq")
        self.proc = None

    @property
    def uri(self) -> str:
        return f"amqp://guest:guest@127.0.0.1:{self.port}/"

    def start(self, timeout: float = 60) -> None:
        env = {**os.environ, "RABBITMQ_NODENAME": self.name, "RABBITMQ_NODE_IP_ADDRESS": "127.0.0.1",
               "RABBITMQ_NODE_PORT": str(self.port), "RABBITMQ_DIST_PORT": str(self.dist),
               "RABBITMQ_CONFIG_FILE": f"{self.base}/rabbitmq.conf", "RABBITMQ_MNESIA_BASE": f"{self.base}/mnesia",
               "RABBITMQ_LOG_BASE": f"{self.base}/log", "RABBITMQ_FEATURE_FLAGS_FILE": f"{self.base}/ff",
               "RABBITMQ_ENABLED_PLUGINS_FILE": f"{self.base}/plugins", "RABBITMQ_PID_FILE": f"{self.base}/pid"}
        self.proc = subprocess.Popen(["rabbitmq-server"], env=env, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, start_new_session=True)
        lifeline.guard_groups(self.proc.pid)  # an interrupted run leaves no node behind either
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("the private RabbitMQ node exited at start")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                time.sleep(0.5)
                return
            except OSError:
                time.sleep(0.3)
        raise RuntimeError("the private RabbitMQ node did not open its port in time")

    def stop(self) -> None:
        if self.proc is None:
            return
        # The start script forks the node and may have exited already: end the whole group it
        # leads (our own, start_new_session), whether or not the script itself still runs.
        pgid = self.proc.pid
        for sig, grace in ((signal.SIGTERM, 30), (signal.SIGKILL, 10)):
            try:
                os.killpg(pgid, sig)
            except ProcessLookupError:
                break
            deadline = time.monotonic() + grace
            while time.monotonic() < deadline and lifeline.group_alive(pgid):
                self.proc.poll()
                time.sleep(0.2)
            if not lifeline.group_alive(pgid):
                break
        self.proc.poll()
        self.proc = None

    def remove(self) -> None:
        self.stop()
        for _ in range(20):  # the node may still be writing its last files as it exits
            shutil.rmtree(self.base, ignore_errors=True)
            if not os.path.exists(self.base):
                return
            time.sleep(0.5)


@pytest.fixture
def private_broker():
    if shutil.which("rabbitmq-server") is None:
        pytest.skip("rabbitmq-server is not installed")
    broker = PrivateBroker()
    try:
        broker.start()
    except RuntimeError as exc:
        broker.remove()
        pytest.skip(f"cannot run a private RabbitMQ node here: {exc}")
    yield broker
    broker.remove()


def test_broker_restart_mid_dispatch_loses_and_duplicates_nothing(private_broker, tmp_path, engine, session,
                                                                  database_url):
    configs = [domain(session, f"rmq{i}.dk") for i in range(12)]
    selective(session, "restart harvest", configs)
    session.commit()
    nameko_config = {"AMQP_URI": private_broker.uri}
    container = ServiceContainer(SchedulerService, _config(nameko_config, database_url, tmp_path))
    container.start()
    try:
        with ClusterRpcProxy(nameko_config, timeout=60) as proxy:
            assert len(proxy.scheduler.run_once(wait=True)["outcomes"][0]["jobs"]) == 12
            first = proxy.scheduler.claim_job("FOCUSED", "harvester-a")
            proxy.scheduler.report_progress(first["id"], "harvester-a", {"uris_done": 1})

        # harvester-b's claim is in flight when the broker goes down: its reply may be lost
        def claim_b():
            try:
                with ClusterRpcProxy(nameko_config, timeout=5) as p:
                    return p.scheduler.claim_job("FOCUSED", "harvester-b")
            except Exception as exc:  # noqa: BLE001 - expected: the broker vanished
                return exc

        gt = eventlet.spawn(claim_b)
        eventlet.sleep(0.05)
        private_broker.stop()
        lost = gt.wait()
        private_broker.start()

        # the container reconnects; every harvester asks (again) until nothing is left
        deadline = time.monotonic() + 60
        while True:
            try:
                with ClusterRpcProxy(nameko_config, timeout=10) as proxy:
                    proxy.scheduler.status()
                break
            except Exception:  # noqa: BLE001 - reconnecting
                if time.monotonic() > deadline:
                    raise
                eventlet.sleep(1)
        got = _claim_all(nameko_config, harvesters=8)
        with ClusterRpcProxy(nameko_config, timeout=30) as proxy:
            again_b = proxy.scheduler.claim_job("FOCUSED", "harvester-b")
            if again_b is not None:   # b's lost claim comes back to b, and only to b
                got.append(("harvester-b", again_b["id"]))
                proxy.scheduler.report_progress(again_b["id"], "harvester-b", {"uris_done": 1})
        ids = [first["id"]] + [j for _, j in got]
        assert len(ids) == len(set(ids)) == 12, (lost, got)
        fresh(session)
        jobs = session.execute(select(Job)).scalars().all()
        assert all(j.status == "started" and j.claims == 1 and j.confirmed_at is not None for j in jobs)
    finally:
        container.stop()



