"""The sandbox's command line and the rule that user code never runs unconfined (the hostile
code itself is in tests/integration/archive/test_batch_sandbox.py)."""
from __future__ import annotations

import os

import pytest

from server.archive.batch import sandbox
from server.archive.bitarchive.core import BatchLimits, Bitarchive
from server.archive.storage import FILEDIR, BitarchiveStorage
from shared.dto.archive import BatchRequestDto


def _bitarchive(tmp_path, **limits) -> Bitarchive:
    (tmp_path / "store" / FILEDIR).mkdir(parents=True)
    (tmp_path / "store" / FILEDIR / "a.warc").write_bytes(b"x" * 10)
    (tmp_path / "work").mkdir()
    return Bitarchive(BitarchiveStorage([str(tmp_path / "store")], 0), str(tmp_path / "work"), BatchLimits(**limits))


def test_user_code_is_refused_when_it_cannot_be_confined(tmp_path):
    b = _bitarchive(tmp_path, allow_user_code=True, sandbox="off")
    reply = b.run_batch(BatchRequestDto("b1", None, source="class J(BatchJob):\n    pass\n"), "i1", lambda _: "u")
    assert reply.job_failed and "cannot confine user code" in reply.exceptions[0].error
    assert os.path.getsize(tmp_path / "store" / FILEDIR / "a.warc") == 10


def test_registered_jobs_still_run_unconfined_when_the_sandbox_is_off(tmp_path):
    b = _bitarchive(tmp_path, sandbox="off")
    reply = b.run_batch(BatchRequestDto("b2", "checksum"), "i1", lambda _: "u")
    assert not reply.job_failed and reply.files_processed == 1


@pytest.mark.skipif(not sandbox.available(), reason=f"no batch sandbox here: {sandbox.why_unavailable()}")
def test_the_command_binds_only_what_python_needs_and_the_storage_read_only(tmp_path):
    import server

    root = os.path.dirname(os.path.dirname(server.__file__))
    (tmp_path / "store").mkdir()
    cmd = sandbox.command([str(tmp_path / "store")], ["python3", "-V"])
    for flag in ("--unshare-pid", "--unshare-net", "--unshare-ipc", "--clearenv", "--die-with-parent",
                 "--new-session"):
        assert flag in cmd
    assert cmd[cmd.index("--cap-drop") + 1] == "ALL"
    if os.geteuid() == 0:
        # no user namespace (its nobody would be host root): setpriv makes the run a real nobody
        assert "--unshare-user" not in cmd and "--unshare-all" not in cmd
        at = cmd.index(sandbox.SETPRIV)
        assert cmd[at:at + 5] == [sandbox.SETPRIV, "--reuid", "65534", "--regid", "65534"]
        assert "--no-new-privs" in cmd[at:] and "--clear-groups" in cmd[at:]
    else:
        assert cmd[cmd.index("--uid") + 1] == "65534"
    binds = [cmd[i + 1] for i, a in enumerate(cmd) if a == "--ro-bind"]
    assert str(tmp_path / "store") in binds and "--bind" not in cmd
    assert root not in binds and os.path.join(root, "server") in binds
    assert not any(b == "/etc" or b.startswith("/etc/nas") or b == "/root" for b in binds)
    assert cmd.index("--tmpfs") < cmd.index(str(tmp_path / "store"))   # /tmp first, binds on top


def test_a_bwrap_that_cannot_make_namespaces_leaves_registered_jobs_running_and_user_code_refused(tmp_path,
                                                                                                  monkeypatch):
    """Inside a chroot (a fresh-machine check) or with user namespaces off, bwrap is installed but
    cannot build the sandbox: shipped jobs keep working unconfined, user code is refused, and the
    reason is bwrap's own words."""
    fake = tmp_path / "bin" / "bwrap"
    fake.parent.mkdir()
    fake.write_text("#!/bin/sh\necho 'bwrap: No permissions to create new namespace' >&2\nexit 1\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake.parent}:{os.environ['PATH']}")
    monkeypatch.setattr(sandbox, "_usable", None)
    assert "No permissions to create new namespace" in sandbox.why_unavailable()
    b = _bitarchive(tmp_path, allow_user_code=True, sandbox="bwrap")
    reply = b.run_batch(BatchRequestDto("b3", "checksum"), "i1", lambda _: "u")
    assert not reply.job_failed and reply.files_processed == 1
    reply = b.run_batch(BatchRequestDto("b4", None, source="class J(BatchJob):\n    pass\n"), "i1", lambda _: "u")
    assert reply.job_failed and "No permissions to create new namespace" in reply.exceptions[0].error
    monkeypatch.setattr(sandbox, "_usable", None)   # the real bwrap again for later tests
