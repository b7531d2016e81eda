"""A system user made for one test and removed after it.

Without a cgroup a batch run's process limit is RLIMIT_NPROC, which counts every process of its
user on the host: runs of other tests under the same user (``nobody``, e.g. the conformance
test's fork bomb) would use up the count and the run under test would fail to start. A user of
its own per test keeps the count the run's alone (what docs/decisions/batch-sandbox.md advises
for a host without cgroups: one sandbox user per bitarchive)."""
from __future__ import annotations

import contextlib
import os
import pwd
import subprocess
import uuid
from collections.abc import Iterator

import pytest


@contextlib.contextmanager
def throwaway_user() -> Iterator[pwd.struct_passwd]:
    if os.geteuid() != 0:
        pytest.skip("making a system user needs root")
    name = f"nas-t{uuid.uuid4().hex[:10]}"
    made = subprocess.run(["useradd", "--system", "--no-create-home", "--home-dir", "/nonexistent",
                           "--shell", "/usr/sbin/nologin", "--user-group", name], capture_output=True, text=True)
    if made.returncode != 0:
        pytest.skip(f"useradd failed: {made.stderr.strip()}")
    try:
        yield pwd.getpwnam(name)
    finally:
        subprocess.run(["userdel", name], capture_output=True)
