"""#29 item 7: the services' databases and logs were 0644 (harvest.db, archive.db, viewer.db, the
instances' logs). Databases are 0600 (their WAL files too), the supervisor's logs 0640; older,
wider files are narrowed when a service opens them. (Configs 0640 and the units' UMask=0027:
tests/unit/deploy/test_deploy.py; keys 0600: test_tokens.py, test_credentials.py.)"""
from __future__ import annotations

import os
import stat

from sqlalchemy import text

from server.db.engine import make_engine
from server.runtime.supervisor import open_log


def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_an_sqlite_database_and_its_wal_files_are_the_service_s_only(tmp_path):
    path = tmp_path / "harvest.db"
    old = os.umask(0o022)                 # a shell's usual umask: SQLite alone made the files 0644
    try:
        engine = make_engine(f"sqlite:///{path}")
        with engine.begin() as conn:
            conn.execute(text("CREATE TABLE t (x INTEGER)"))
            conn.execute(text("INSERT INTO t VALUES (1)"))
            assert _mode(path) == 0o600
            assert _mode(f"{path}-wal") == 0o600 and _mode(f"{path}-shm") == 0o600
        engine.dispose()
    finally:
        os.umask(old)


def test_an_older_world_readable_database_is_narrowed_when_opened(tmp_path):
    path = tmp_path / "archive.db"
    engine = make_engine(f"sqlite:///{path}")
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE t (x INTEGER)"))
    engine.dispose()
    os.chmod(path, 0o644)
    engine = make_engine(f"sqlite:///{path}")
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM t")).scalar() == 0     # the same database
    engine.dispose()
    assert _mode(path) == 0o600


def test_an_instance_log_is_0640_and_an_older_one_is_narrowed(tmp_path):
    old = os.umask(0o022)
    try:
        with open_log(str(tmp_path / "monitor.log")) as log:
            log.write(b"line\n")
        assert _mode(tmp_path / "monitor.log") == 0o640
        (tmp_path / "old.log").write_bytes(b"before\n")
        os.chmod(tmp_path / "old.log", 0o644)
        with open_log(str(tmp_path / "old.log")) as log:
            log.write(b"after\n")
        assert _mode(tmp_path / "old.log") == 0o640
        assert (tmp_path / "old.log").read_bytes() == b"before\nafter\n"       # appended, not replaced
    finally:
        os.umask(old)
