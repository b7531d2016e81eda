"""What operators install: example configs validate, and the systemd unit runs what they name."""
import configparser
import glob
import os

import pytest

from server.settings_catalog import all_settings
from shared.config import load

ROOT = os.path.join(os.path.dirname(__file__), "..", "..", "..")
CONFIGS = sorted(glob.glob(os.path.join(ROOT, "packaging", "config", "*.yaml")))


@pytest.mark.parametrize("path", CONFIGS, ids=os.path.basename)
def test_example_config_is_valid_and_names_an_importable_service(path, monkeypatch):
    import importlib

    monkeypatch.delenv("NAS_AMQP_URI", raising=False)
    settings = load(path, all_settings())
    module, cls = settings["instance.service"].split(":")
    assert hasattr(importlib.import_module(module), cls)
    env_file = path[:-5] + ".env"
    assert os.path.exists(env_file), f"{env_file} is missing (systemd EnvironmentFile)"
    assert f"NAS_SERVICE={settings['instance.service']}" in open(env_file).read()


def test_unit_template_runs_nameko_with_the_instance_config():
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.read(os.path.join(ROOT, "packaging", "systemd", "nas@.service"))
    svc = unit["Service"]
    assert svc["ExecStart"].split()[1:4] == ["run", "--config", "/etc/nas/%i.yaml"]
    assert svc["EnvironmentFile"] == "/etc/nas/%i.env"
    assert svc["Restart"] == "on-failure" and svc["User"] == "nas"
    assert "config check" in svc["ExecStartPre"]
