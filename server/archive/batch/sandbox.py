"""Batch jobs confined by the operating system: bubblewrap (``bwrap``, Debian ``bubblewrap``).

The batch runner (:mod:`server.archive.batch.runner`) runs inside a sandbox that :func:`command`
describes and :func:`preexec` limits (docs/decisions/batch-sandbox.md):

- its own mount namespace holding only the system's programs and libraries, the interpreter's
  prefixes, the ``site-packages`` directories on ``sys.path``, this project's ``server/`` and
  ``shared/`` and the archive's storage directories, **all bound read-only**: no write, rename,
  removal, permission change or link reaches an archive file, whatever the code calls
  (``os``, ``ctypes``, a shell, another program), because the kernel refuses it (EROFS). Never
  the working directory, ``.`` or another ``sys.path`` entry (the config directory, under the
  supervisor);
- no ``/etc`` (so no service configuration, broker password or key file), a private empty
  ``/tmp``, a private ``/proc`` showing only the sandbox's processes, a minimal ``/dev``;
- a cleared environment (no broker URI, no password, no key path);
- its own network namespace with no interface but a down loopback: no socket reaches anything;
- as root: no user namespace, and ``setpriv`` makes the run the real unprivileged host user
  ``archive.batch.sandbox_user`` (no capability, no_new_privs, no groups); as another user: a
  user namespace as ``nobody`` (the kernel maps it to the service's user); a new session, and it
  dies with the bitarchive;
- the run's cgroup (:mod:`.cgroups`: memory, tasks and CPU time of the whole run) joined before
  bwrap starts, and resource limits per process (address space, CPU seconds, processes, open
  files); the bitarchive (:mod:`.launch`) kills the whole run at ``archive.batch.timeout``.

The job's output goes to a file descriptor the sandbox inherits; its summary comes back on
stdout. docs/archive.md says what is and is not guaranteed.
"""
from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterable

NOBODY = 65534
#: util-linux's setpriv (Debian: essential): switches to the sandbox user inside the sandbox
SETPRIV = shutil.which("setpriv") or "/usr/bin/setpriv"
#: the names of directories that hold installed packages (bound wherever they are on sys.path)
PACKAGE_DIRS = ("site-packages", "dist-packages")
#: the top-level directories a Debian system keeps its programs and libraries in
SYSTEM_DIRS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
#: files from /etc that dynamic linking and Python's start-up read, none of them secret
ETC_FILES = ("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/localtime", "/etc/nsswitch.conf")


def bwrap_path() -> str | None:
    return shutil.which("bwrap")


_usable: tuple[bool, str] | None = None


def available() -> bool:
    """Whether bwrap is installed AND can build its sandbox here (see :func:`why_unavailable`)."""
    return not why_unavailable()


def why_unavailable() -> str:
    """Empty when the sandbox works on this host; else why not. Checked once per process by
    running the sandbox's own command line on ``/bin/true``: bwrap may be installed and still
    unable to make namespaces (inside a chroot, or with user namespaces switched off)."""
    global _usable
    if _usable is None:
        if bwrap_path() is None:
            _usable = (False, "bubblewrap (bwrap) is not installed")
        else:
            try:
                probe = subprocess.run(command([], ["/bin/true"]), capture_output=True, timeout=30, env={})
                _usable = (probe.returncode == 0, probe.stderr.decode("utf-8", "replace").strip()[:300]
                           or f"bwrap exited with {probe.returncode}")
            except (OSError, subprocess.TimeoutExpired) as exc:
                _usable = (False, f"bwrap could not be run: {exc}")
    return "" if _usable[0] else _usable[1]


def project_root() -> str:
    """The checkout (or installation) that holds ``server/`` and ``shared/``."""
    import server

    return os.path.dirname(os.path.dirname(os.path.abspath(server.__file__)))


def _inside(path: str, parents: Iterable[str]) -> bool:
    return any(path == q or path.startswith(q.rstrip(os.sep) + os.sep) for q in parents if q)


def read_only_paths(storage_dirs: Iterable[str]) -> list[str]:
    """Every path the sandbox sees (read-only): the system's programs and libraries, the
    interpreter and the virtualenv, this project's code (``server/``, ``shared/``) and the
    archive's storage directories. Nothing else: a ``sys.path`` entry outside the interpreter's
    and the virtualenv's prefixes (``.`` of ``nameko run``, the working directory, which under
    the supervisor is the config directory with the installation key) is never bound."""
    root = project_root()
    prefixes = {os.path.abspath(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix)}
    paths: list[str] = []

    def add(p: str) -> None:
        p = os.path.abspath(p)
        if p and os.path.exists(p) and p not in paths:
            paths.append(p)

    for p in SYSTEM_DIRS:
        add(p)
    for p in ETC_FILES:
        add(p)
    for p in sorted(prefixes):
        add(p)
    add(os.path.dirname(os.path.realpath(sys.executable)))
    for p in sys.path:
        # the standard library and installed packages only: under a prefix, or a site-packages
        # directory named on PYTHONPATH (a virtualenv used by a system interpreter); a config
        # directory, ``.`` or another .pth or PYTHONPATH entry is not the job's business
        if p and os.path.isdir(p) and os.path.abspath(p) != root and (
                _inside(os.path.abspath(p), prefixes) or os.path.basename(p.rstrip(os.sep)) in PACKAGE_DIRS):
            add(p)
    for pkg in ("server", "shared"):
        add(os.path.join(root, pkg))
    for d in storage_dirs:
        add(d)   # at the path the runner is given, even when it leads through a link
    return paths


def code_path(path: Iterable[str]) -> list[str]:
    """The entries of a module path the sandbox can see (see :func:`read_only_paths`)."""
    seen = read_only_paths([])
    return [p for p in path if p == project_root() or _inside(p, seen)]


def sandbox_ids(user: str) -> tuple[int, int]:
    """The uid and gid a run has inside the sandbox when the service runs as root: those of
    ``archive.batch.sandbox_user`` (nobody by default; a user that owns no file)."""
    import pwd

    try:
        pw = pwd.getpwnam(user or "nobody")
    except KeyError:
        return NOBODY, NOBODY
    if pw.pw_uid == 0 or pw.pw_gid == 0:
        raise ValueError(f"archive.batch.sandbox_user {user!r} is root: batch jobs never run as root")
    return pw.pw_uid, pw.pw_gid


def command(storage_dirs: Iterable[str], argv: list[str], tmp_bytes: int = 64 << 20,
            user: str = "nobody") -> list[str]:
    """The ``bwrap`` command line that runs ``argv`` confined (see the module docstring).

    As root, bwrap makes no user namespace (its ``nobody`` would be host uid 0, owner of every
    0600 file of the service) and ``setpriv`` switches to ``user`` before the runner starts: the
    run is that real, unprivileged host uid, with no capability, no way to gain one
    (no_new_privs) and no supplementary group. As any other user, bwrap's user namespace maps
    its ``nobody`` to the service's own uid (no other is available to an unprivileged process);
    the mount namespace is what keeps the service's files away then."""
    bwrap = bwrap_path()
    if bwrap is None:
        raise FileNotFoundError("bwrap")
    cmd = [bwrap, "--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try",
           "--die-with-parent", "--new-session"]
    as_root = os.geteuid() == 0
    if as_root:
        uid, gid = sandbox_ids(user)
        cmd += ["--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID", "--cap-add", "CAP_SETPCAP"]
        argv = [SETPRIV, "--reuid", str(uid), "--regid", str(gid), "--clear-groups", "--inh-caps=-all",
                "--bounding-set=-all", "--no-new-privs", "--", *argv]
    else:
        cmd += ["--unshare-user", "--cap-drop", "ALL", "--uid", str(NOBODY), "--gid", str(NOBODY)]
    cmd += ["--clearenv",
            "--setenv", "PATH", "/usr/bin:/bin", "--setenv", "HOME", "/tmp", "--setenv", "LANG", "C.UTF-8",
            "--setenv", "PYTHONWARNINGS", "ignore", "--setenv", "PYTHONDONTWRITEBYTECODE", "1",
            "--setenv", "PYTHONNOUSERSITE", "1"]
    if os.environ.get("PYTHONPATH"):
        cmd += ["--setenv", "PYTHONPATH", ":".join(code_path(os.environ["PYTHONPATH"].split(":")))]
    # the private file systems first: binds below /tmp (a storage directory may be there) go on top
    cmd += ["--proc", "/proc", "--dev", "/dev", "--size", str(tmp_bytes), "--tmpfs", "/tmp"]
    if as_root:
        # the sandbox user must be able to use its /tmp (bwrap makes it root's, 0755)
        cmd += ["--chmod", "1777", "/tmp"]
    made = {"/", "/tmp", "/proc", "/dev"}
    bound: list[str] = []
    for p in read_only_paths(storage_dirs):
        if os.path.islink(p) and p in SYSTEM_DIRS:
            cmd += ["--symlink", os.readlink(p), p]
            continue
        # the directories leading to a bind, made traversable: bwrap makes them 0700 and root's,
        # which the sandbox user could not pass (a venv's interpreter under /root/.pyenv)
        parents = []
        q = os.path.dirname(p)
        while q not in made and not _inside(q, bound):
            parents.append(q)
            q = os.path.dirname(q)
        for q in reversed(parents):
            cmd += ["--perms", "0755", "--dir", q]
            made.add(q)
        cmd += ["--ro-bind", p, p]
        bound.append(p)
    cmd += ["--remount-ro", "/", "--chdir", "/tmp"]
    return cmd + ["--", *argv]


def preexec(memory_bytes: int, cpu_seconds: int, max_processes: int, open_files: int = 256,
            join: Callable[[], None] | None = None) -> Callable[[], None]:
    """Limits for the sandbox, set in the child between fork and exec of bwrap: its own session
    (the bitarchive kills the process group), the run's cgroup (``join``) and resource limits
    (per process; the cgroup is what bounds the whole run, see :mod:`.cgroups`)."""

    def limit() -> None:
        os.setsid()
        if join is not None:
            join()
        # RLIMIT_NPROC counts every process of the sandbox user on the host (other runs too):
        # only without the run's own count, the cgroup's
        nproc = max_processes if join is None else 0
        for what, value in ((resource.RLIMIT_AS, memory_bytes), (resource.RLIMIT_CPU, cpu_seconds),
                            (resource.RLIMIT_NPROC, nproc), (resource.RLIMIT_NOFILE, open_files),
                            (resource.RLIMIT_CORE, 0)):
            if value and value > 0:
                resource.setrlimit(what, (value, value))

    return limit
