"""``nas demo``: run every service on this host and show what the system does.

Safe to run twice: configs are rewritten, services already running are left alone.
``nas demo --stop`` ends the demo's processes.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time

from server.cli.common import Unreachable, call, rpc_proxy
from server.demo.layout import demo_instances, write_configs
from server.runtime import supervisor

DEMO_VHOST = "nas-demo"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("demo", help="run every service on this host (SQLite, local replicas) and show it")
    p.add_argument("--dir", default=os.environ.get("NAS_DEMO_DIR", os.path.abspath("data/demo")),
                   help="where the demo keeps configs, data and logs (default: ./data/demo)")
    p.add_argument("--host", default="127.0.0.1", help="RabbitMQ host")
    p.add_argument("--stop", action="store_true", help="stop the demo's services and exit")
    p.add_argument("--timeout", type=float, default=60.0, help="seconds to wait for services to come up")
    p.set_defaults(func=run)


def _step(text: str) -> None:
    print(f"\n== {text}", flush=True)


def ensure_vhost(name: str) -> None:
    """The demo runs in its own vhost, so it never mixes with tests or a real installation."""
    if shutil.which("rabbitmqctl") is None:
        raise Unreachable("rabbitmqctl not found: the demo needs a local RabbitMQ (run packaging/demo.sh)")
    listed = subprocess.run(["rabbitmqctl", "-q", "list_vhosts"], capture_output=True, text=True, timeout=60)
    if name not in listed.stdout.split():
        subprocess.run(["rabbitmqctl", "-q", "add_vhost", name], check=True, timeout=60)
    subprocess.run(["rabbitmqctl", "-q", "set_permissions", "-p", name, "guest", ".*", ".*", ".*"],
                   check=True, timeout=60, capture_output=True)


def run(args: argparse.Namespace) -> int:
    config_dir = os.path.join(args.dir, "config")
    if args.stop:
        if os.path.isdir(config_dir):
            supervisor.stop(config_dir)
        print("demo services stopped")
        return 0

    amqp_uri = f"amqp://guest:guest@{args.host}:5672/{DEMO_VHOST}"
    _step(f"configuring {len(demo_instances())} service instance(s) in {config_dir}")
    ensure_vhost(DEMO_VHOST)
    write_configs(config_dir, amqp_uri)

    _step("starting services")
    for p in supervisor.start(config_dir):
        print(f"  {p.instance.instance_id:<24} pid {p.pid:<8} log {p.instance.log_file}")

    _step("waiting for every instance to report to the monitor")
    wanted = {i.instance_id for i in demo_instances()}
    deadline = time.monotonic() + args.timeout
    instances: list[dict] = []
    with rpc_proxy(argparse.Namespace(amqp_uri=amqp_uri, broker_config=None, timeout=10)) as proxy:
        while time.monotonic() < deadline:
            try:
                instances = call(proxy, "monitor", "instances")
            except Unreachable:
                instances = []
            running = {i["instance_id"] for i in instances if i["state"] == "running"}
            if wanted <= running:
                break
            time.sleep(1)
        else:
            missing = sorted(wanted - {i["instance_id"] for i in instances})
            print(f"  not up after {args.timeout:.0f}s: {', '.join(missing)}; see the logs above", file=sys.stderr)
            return 1

    _step("nas status")
    from server.cli import status_cmd

    status_cmd.run(argparse.Namespace(amqp_uri=amqp_uri, broker_config=None, timeout=10, json=False, logs=None))
    print(f"\nThe demo keeps running. Try:\n  .venv/bin/nas status --amqp-uri {amqp_uri}\n"
          f"  .venv/bin/nas demo --stop")
    return 0
