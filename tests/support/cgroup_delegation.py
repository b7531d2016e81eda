"""A cgroup v1 delegation to an unprivileged user, made by root as systemd's ``Delegate=`` makes
one: a cgroup in each of the batch hierarchies (``memory``, ``pids``, ``cpuacct``), its directory,
``cgroup.procs`` and ``tasks`` chowned to the user. A process started in it (:func:`joiner`, as the
service manager starts a unit) makes its batch runs' cgroups inside it (server/archive/batch/cgroups.py)."""
from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import Callable, Iterator

from server.archive.batch import cgroups


def v1_available() -> bool:
    return all(os.path.isdir(os.path.join(cgroups.ROOT, h)) for h in cgroups.V1_HIERARCHIES) and not \
        os.path.exists(os.path.join(cgroups.ROOT, "cgroup.controllers"))


@contextlib.contextmanager
def delegated(uid: int, gid: int) -> Iterator[list[str]]:
    """The delegated cgroups (one per hierarchy); removed afterwards with whatever is left in them."""
    name = f"nas-deleg-test-{uuid.uuid4().hex[:8]}"
    dirs: list[str] = []
    try:
        for h in cgroups.V1_HIERARCHIES:
            d = os.path.join(cgroups.v1_own(cgroups.ROOT, h), name)
            os.mkdir(d)
            dirs.append(d)
            for p in (d, os.path.join(d, "cgroup.procs"), os.path.join(d, "tasks")):
                os.chown(p, uid, gid)
        yield dirs
    finally:
        for d in dirs:
            for child in os.listdir(d):
                if os.path.isdir(os.path.join(d, child)):
                    cgroups.RunCgroup(1, [os.path.join(d, child)], 0, 0).remove()
            cgroups.RunCgroup(1, [d], 0, 0).kill()
            os.rmdir(d)


def joiner(dirs: list[str]) -> Callable[[], None]:
    """A ``preexec_fn`` that puts the starting process into ``dirs``."""

    def join() -> None:
        for d in dirs:
            with open(os.path.join(d, "cgroup.procs"), "w") as fh:
                fh.write(str(os.getpid()))

    return join
