"""A RabbitMQ node of a test's own, which the test may stop and start again (a broker restart).

Never the machine's shared broker: a node of its own name, ports and data directory under /tmp,
ended by its process group. ``private_broker`` (tests/conftest.py) skips where RabbitMQ is not
installed or a node cannot start.
"""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time

from server.runtime import lifeline


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


_DEBIAN_SCRIPT = "/usr/lib/rabbitmq/bin/rabbitmq-server"


class PrivateBroker:
    """A RabbitMQ node of our own (never the machine's shared one), started and stopped by PID."""

    def __init__(self, management: bool = False):
        self.base = tempfile.mkdtemp(prefix="nas-rmq-")
        self.port, self.dist = _free_port(), _free_port()
        self.api_port = _free_port() if management else 0
        self.name = f"nastest-{os.getpid()}-{self.port}@localhost"
        os.makedirs(f"{self.base}/mnesia")
        os.makedirs(f"{self.base}/log")
        with open(f"{self.base}/plugins", "w") as fh:
            fh.write("[rabbitmq_management].\n" if management else "[].\n")
        with open(f"{self.base}/rabbitmq.conf", "w") as fh:
            fh.write(f"listeners.tcp.default = 127.0.0.1:{self.port}\nloopback_users = none\n")
            if management:
                fh.write(f"management.tcp.ip = 127.0.0.1\nmanagement.tcp.port = {self.api_port}\n"
                         "management_agent.disable_metrics_collector = true\n")
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
        # Debian's /usr/sbin/rabbitmq-server re-runs itself under `su` as root, which puts the
        # node in a process group of its own that stop() could not reach: run the real script
        # as the rabbitmq user ourselves, so the node stays in the group we lead.
        as_root = os.geteuid() == 0 and os.path.exists(_DEBIAN_SCRIPT)
        extra = dict(user="rabbitmq", group="rabbitmq") if as_root else {}
        if as_root:
            env["HOME"] = "/var/lib/rabbitmq"
        self.proc = subprocess.Popen([_DEBIAN_SCRIPT if as_root else "rabbitmq-server"], env=env,
                                     cwd=self.base, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     start_new_session=True, **extra)
        lifeline.guard_groups(self.proc.pid)  # an interrupted run leaves no node behind either
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("the private RabbitMQ node exited at start")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
            except OSError:
                time.sleep(0.3)
                continue
            if self.accepts_amqp() and self.api_answers():   # the port opens before the node takes logins
                return
            time.sleep(0.3)
        raise RuntimeError("the private RabbitMQ node did not take an AMQP connection in time")

    @property
    def management_url(self) -> str:
        return f"http://guest:guest@127.0.0.1:{self.api_port}/api"

    def api_answers(self) -> bool:
        """The management API answers (always true for a node started without it)."""
        if not self.api_port:
            return True
        try:
            socket.create_connection(("127.0.0.1", self.api_port), timeout=1).close()
            return True
        except OSError:
            return False

    def accepts_amqp(self) -> bool:
        """An AMQP connection to the default vhost opens (the node is up, not only its port)."""
        from kombu import Connection

        try:
            with Connection(self.uri, connect_timeout=2, transport_options={"read_timeout": 2}) as conn:
                conn.connect()
            return True
        except Exception:  # noqa: BLE001 - not ready yet
            return False

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
