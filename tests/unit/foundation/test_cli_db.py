"""#33: `nas db current --config` read a relative data_dir from the folder it was typed in and made
an empty database there. Relative paths are read from the config file's folder (where the
services run), and the read-only `current` never makes a database."""
from __future__ import annotations

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def nas(cwd, *argv):
    return subprocess.run([sys.executable, "-m", "server.cli.main", *argv], capture_output=True, text=True,
                          cwd=cwd, env={**os.environ, "PYTHONPATH": ROOT}, timeout=120)


def _files(root) -> set[str]:
    return {os.path.relpath(os.path.join(d, f), root) for d, _, fs in os.walk(root) for f in fs}


def test_db_current_reads_data_dir_from_the_configs_folder_and_creates_nothing(tmp_path):
    conf, elsewhere = tmp_path / "conf", tmp_path / "elsewhere"
    conf.mkdir()
    elsewhere.mkdir()
    (conf / "svc.yaml").write_text("data_dir: ./data\n")
    r = nas(elsewhere, "db", "current", "harvest", "--config", "../conf/svc.yaml")
    assert r.returncode == 4, r.stderr
    assert r.stderr.startswith(f"nas: not found: no harvest database at {conf / 'data' / 'harvest.db'}")
    assert _files(tmp_path) == {"conf/svc.yaml"}, "nothing made, here or there"

    r = nas(elsewhere, "db", "upgrade", "harvest", "--config", "../conf/svc.yaml")
    assert r.returncode == 0, r.stderr
    assert (conf / "data" / "harvest.db").exists() and not (elsewhere / "data").exists()
    r = nas(elsewhere, "db", "current", "harvest", "--config", "../conf/svc.yaml")
    assert r.returncode == 0 and r.stdout.startswith("harvest: at ") and "(empty)" not in r.stdout, r


def test_a_relative_sqlite_url_is_from_the_configs_folder_too(tmp_path):
    conf = tmp_path / "conf"
    conf.mkdir()
    (conf / "svc.yaml").write_text("database:\n  url: sqlite:///db/archive.sqlite\n")
    r = nas(tmp_path, "db", "current", "archive", "--config", "conf/svc.yaml")
    assert r.returncode == 4 and str(conf / "db" / "archive.sqlite") in r.stderr, r.stderr
    assert not (tmp_path / "db").exists() and not (conf / "db").exists()
