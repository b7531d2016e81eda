"""A real static site no one in the project wrote: Debian's python3-doc HTML (556 pages, images,
style sheets, 48 MB), served by ``python -m http.server`` on 127.0.0.1 in a child process. The
crawler benchmark and the tests that check the crawler and the viewer against a site of the real
world use it. The set-up installs the package with its other Debian packages
(packaging/dev/bootstrap.sh)."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

PYTHON_DOC = "/usr/share/doc/python3.11/html"


def python_doc() -> str:
    """The python3-doc HTML directory; a clear error when the package is missing."""
    if not os.path.isdir(PYTHON_DOC):
        raise RuntimeError(f"Debian's python3-doc is missing ({PYTHON_DOC}): `bash packaging/test.sh` installs "
                           "it, or as root `apt-get install python3-doc`")
    return PYTHON_DOC


def wget_warc(site: StaticSite, directory: str, name: str) -> str:
    """Capture the running ``site`` whole with ``wget --recursive --warc-file`` from its
    ``index.html`` (files under ``<directory>/<name>-work``); returns the WARC's path."""
    work = os.path.join(directory, f"{name}-work")
    os.makedirs(work, exist_ok=True)
    done = subprocess.run(["wget", "--quiet", "--no-proxy", "-e", "robots=off", "--no-config", "--recursive",
                           "--level=inf", "--no-parent", "--warc-file", os.path.join(directory, name),
                           "--no-warc-keep-log", "-P", work, site.url("index.html")],
                          check=False, capture_output=True, text=True, timeout=600, cwd=work)
    assert done.returncode in (0, 8), done.stderr   # 8: the site links to a page it lacks (a 404)
    path = os.path.join(directory, f"{name}.warc.gz")
    assert os.path.exists(path), "wget wrote no WARC"
    return path


class StaticSite:
    """``with StaticSite(directory) as site: site.url("index.html")``"""

    def __init__(self, directory: str):
        self.directory = directory
        self.proc: subprocess.Popen | None = None
        self.port = 0

    def url(self, path: str = "") -> str:
        return f"http://127.0.0.1:{self.port}/{path}"

    def __enter__(self) -> StaticSite:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.proc = subprocess.Popen([sys.executable, "-m", "http.server", "-b", "127.0.0.1", "-d", self.directory,
                                      str(self.port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"http.server over {self.directory} ended at start")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return self
            except OSError:
                time.sleep(0.1)
        self.__exit__()
        raise RuntimeError("http.server did not start within 30 s")

    def __exit__(self, *exc) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
