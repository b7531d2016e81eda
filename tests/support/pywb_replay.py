"""pywb (the reference replay tool) for tests: installed once from PyPI into its own virtual
environment (``.venv-pywb``, pinned by pywb-requirements.txt: pywb's pyOpenSSL cannot live with
the project's cryptography), and run as its own process on loopback over a CDXJ index and a
directory of WARC files."""
from __future__ import annotations

import hashlib
import os
import socket
import subprocess
import sys
import time

import requests

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
REQUIREMENTS = os.path.join(HERE, "pywb-requirements.txt")
VENV = os.environ.get("NAS_PYWB_VENV") or os.path.join(ROOT, ".venv-pywb")


def ensure_pywb() -> str:
    """The ``wayback`` command of a pywb environment made from the pinned requirements (installed
    now if missing or out of date). Raises RuntimeError when the install fails."""
    with open(REQUIREMENTS, "rb") as fh:
        tag = hashlib.sha256(fh.read()).hexdigest()[:12]
    marker = os.path.join(VENV, f".nas-installed-{tag}")
    wayback = os.path.join(VENV, "bin", "wayback")
    if os.path.exists(marker) and os.path.exists(wayback):
        return wayback
    if not os.path.exists(os.path.join(VENV, "bin", "python")):
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True, capture_output=True, timeout=300)
    proc = subprocess.run([os.path.join(VENV, "bin", "pip"), "install", "-q", "-r", REQUIREMENTS],
                          capture_output=True, text=True, timeout=1800)
    if proc.returncode != 0:
        raise RuntimeError(f"pywb could not be installed into {VENV}: {proc.stderr[-2000:]}")
    open(marker, "w").close()
    return wayback


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Wayback:
    """``with Wayback(workdir, cdxj, warc_dir) as w: requests.get(w.url(ts, url, "id_"))``"""

    def __init__(self, workdir: str, cdxj: str, warc_dir: str, collection: str = "nas"):
        self.workdir, self.cdxj, self.warc_dir, self.collection = workdir, cdxj, warc_dir, collection
        self.proc: subprocess.Popen | None = None
        self.port = free_port()

    def __enter__(self) -> Wayback:
        wayback = ensure_pywb()
        os.makedirs(self.workdir, exist_ok=True)
        with open(os.path.join(self.workdir, "config.yaml"), "w") as fh:
            fh.write(f"collections:\n  {self.collection}:\n    index_paths: {self.cdxj}\n"
                     f"    archive_paths: {self.warc_dir.rstrip('/')}/\n")
        self.log = open(os.path.join(self.workdir, "wayback.log"), "w")
        self.proc = subprocess.Popen([wayback, "-p", str(self.port), "-b", "127.0.0.1", "-t", "2"], cwd=self.workdir,
                                     stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"pywb ended at start: {open(self.log.name).read()[-2000:]}")
            try:
                requests.get(f"http://127.0.0.1:{self.port}/", timeout=2)
                return self
            except requests.RequestException:
                time.sleep(0.3)
        raise RuntimeError("pywb did not start within 60 s")

    def url(self, timestamp: str, target: str, mode: str = "id_") -> str:
        return f"http://127.0.0.1:{self.port}/{self.collection}/{timestamp}{mode}/{target}"

    def __exit__(self, *exc) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()
