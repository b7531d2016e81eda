"""``nas domains|profiles|schedules|harvests`` against the real service (SQLite)."""
from __future__ import annotations

import pytest
from nameko.containers import ServiceContainer

from server.cli.main import main
from server.definitions.service import DefinitionsService


@pytest.fixture
def service(nameko_config, tmp_path):
    config = {**nameko_config, "data_dir": str(tmp_path / "data"), "runtime": {"heartbeat_interval": 60}}
    container = ServiceContainer(DefinitionsService, config)
    container.start()
    try:
        yield nameko_config["AMQP_URI"]
    finally:
        container.stop()


def test_cli_round_trip(service, tmp_path, capsys):
    uri = ["--amqp-uri", service]
    names = tmp_path / "domains.txt"
    names.write_text("# list\nkb.dk\ndr.dk\n\nco.uk\nkb.dk\nbbc.co.uk\n", encoding="utf-8")
    assert main(["domains", "ingest", str(names), "--chunk", "2", "--no-progress", *uri]) == 1  # one invalid line
    out = capsys.readouterr().out
    assert "created 3, already there 0, duplicates 1, invalid 1" in out and f"{names}:5: co.uk" in out

    assert main(["domains", "search", "*.dk", *uri]) == 0
    out = capsys.readouterr().out
    assert "dr.dk" in out and "kb.dk" in out and "bbc" not in out
    assert main(["domains", "create", "co.uk", *uri]) == 2
    assert "not a domain that can be registered" in capsys.readouterr().err

    profile = tmp_path / "p.yaml"
    profile.write_bytes(b"robots: ignore\r\n")
    assert main(["profiles", "upload", "mine", str(profile), *uri]) == 0
    out_file = tmp_path / "back.yaml"
    assert main(["profiles", "download", "mine", "-o", str(out_file), *uri]) == 0
    assert out_file.read_bytes() == b"robots: ignore\r\n"
    assert main(["profiles", "deactivate", "mine", *uri]) == 0

    assert main(["schedules", "create", "nightly", "--unit", "days", "--hour", "3", "--minute", "0", *uri]) == 0
    assert "every day at 03:00" in capsys.readouterr().out
    assert main(["harvests", "create-selective", "kb", "--schedule", "nightly", "kb.dk", "dr.dk:defaultconfig",
                 *uri]) == 0
    assert main(["harvests", "activate", "kb", *uri]) == 0
    assert main(["harvests", "create-snapshot", "snap", "--max-bytes", "1000000", *uri]) == 0
    capsys.readouterr()
    assert main(["harvests", "list", *uri]) == 0
    out = capsys.readouterr().out
    assert "kb" in out and "selective" in out and "snapshot" in out
