"""Running ``nas`` as an operator would, in a process of its own (shared by test folders)."""
from __future__ import annotations

import os
import subprocess
import sys


def nas_cli(uri: str, *args: str, check: int | None = 0):
    """Run ``nas …`` against the test vhost (as an operator would)."""
    env = {**os.environ, "NAS_AMQP_URI": uri, "NAS_TEST_EVENTLET": ""}
    proc = subprocess.run([sys.executable, "-m", "server.cli.main", *args], capture_output=True, env=env,
                          timeout=180, text=True)
    if check is not None:
        assert proc.returncode == check, (proc.returncode, proc.stdout, proc.stderr)
    return proc
