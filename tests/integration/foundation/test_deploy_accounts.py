"""``nas deploy accounts`` on a RabbitMQ node of the test's own (with its management API): one
account per service instance, each able to log in with the URI its rendered config holds and to
serve calls; RabbitMQ's guest deleted, so the password everyone knows opens nothing."""
from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
import urllib.request

import pytest
import yaml

from server.deploy.build import build
from server.deploy.model import read

pytestmark = pytest.mark.rabbit

FIXTURE = os.path.join(os.path.dirname(__file__), "..", "..", "unit", "deploy", "fixtures", "good.yaml")


def _admin_account(api_port: int) -> None:
    """An administrator of the node's own, so that guest can go."""
    auth = "Basic " + base64.b64encode(b"guest:guest").decode()
    request = urllib.request.Request(f"http://127.0.0.1:{api_port}/api/users/nas-admin", method="PUT",
                                     data=json.dumps({"password": "admin-pass", "tags": "administrator"}).encode(),
                                     headers={"Authorization": auth, "Content-Type": "application/json"})
    urllib.request.urlopen(request, timeout=30).close()


@pytest.mark.parametrize("private_broker", [True], indirect=True)
def test_every_instance_gets_an_account_and_guest_goes(private_broker, tmp_path):
    import amqp

    _admin_account(private_broker.api_port)
    description = yaml.safe_load(open(FIXTURE))
    description["broker"] = {"host": "127.0.0.1", "port": private_broker.port, "vhost": "nas-test",
                             "password": "${NAS_AMQP_PASSWORD}", "service_accounts": True,
                             "management_url": f"http://nas-admin:${{NAS_MQ_ADMIN_PASSWORD}}@127.0.0.1:"
                                               f"{private_broker.api_port}/api"}
    path = tmp_path / "environment.yaml"
    path.write_text(yaml.safe_dump(description))
    env = {**os.environ, "NAS_AMQP_PASSWORD": "svc-pass-1", "NAS_MQ_ADMIN_PASSWORD": "admin-pass"}
    nas = [sys.executable, "-m", "server.cli.main", "deploy", "accounts", str(path)]
    missing = subprocess.run(nas, capture_output=True, text=True, timeout=60,
                             env={k: v for k, v in env.items() if k != "NAS_AMQP_PASSWORD"})
    assert missing.returncode == 2 and missing.stderr.startswith("nas: error: ")
    assert "${NAS_AMQP_PASSWORD} is not set here" in missing.stderr
    done = subprocess.run(nas, capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "svc-scheduler.scheduler.test" in done.stdout and "guest: deleted" in done.stdout

    planned = build(read(str(path)))
    uris = {p.spec.id: p.tree["AMQP_URI"] for p in planned}
    assert uris["scheduler"] == (f"amqp://svc-scheduler.scheduler.test:${{NAS_AMQP_PASSWORD}}@127.0.0.1:"
                                 f"{private_broker.port}/nas-test")
    definitions = next(p for p in planned if p.kind.name == "definitions")
    assert definitions.tree["broker"]["management_url"].startswith("http://nas-admin:")
    for instance_id in ("scheduler", "harvester"):
        conn = amqp.Connection(host=f"127.0.0.1:{private_broker.port}", userid=f"svc-{instance_id}.{instance_id}.test",
                               password="svc-pass-1", virtual_host="nas-test")
        conn.connect()
        conn.channel().queue_declare(f"rpc-{instance_id}-probe", auto_delete=True)   # a service's rights
        conn.close()
    guest = amqp.Connection(host=f"127.0.0.1:{private_broker.port}", userid="guest", password="guest",
                            virtual_host="nas-test", connect_timeout=10)
    with pytest.raises(Exception):     # noqa: B017 - refused at login (AccessRefused or a closed socket)
        guest.connect()
    again = subprocess.run(nas, capture_output=True, text=True, timeout=120, env=env)
    assert again.returncode == 0 and "guest: not there" in again.stdout    # safe to repeat
