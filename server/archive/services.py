"""Where ``nameko run`` finds the archive services.

``server.archive.services:arcrepository`` is the one repository. The per-replica services get
their Nameko name from the replica id, so their classes are made per replica; the names
``bitarchive``, ``bitarchive_monitor`` and ``checksum`` in this module make the class for the
replica given by ``$NAS_REPLICA`` or else by ``archive.replica`` in the config file the process
was started with (``--config FILE``, as the supervisor and the systemd unit do)::

    # bitarchive-one-a.yaml
    instance: {service: "server.archive.services:bitarchive"}
    archive: {replica: ONE, ...}

    python -m nameko run --config bitarchive-one-a.yaml server.archive.services:bitarchive

In code and tests use the factories directly: ``make_bitarchive_service("ONE")``.
"""
from __future__ import annotations

import os

from server.archive.arcrepository.service import ArcRepositoryService
from server.archive.bitarchive.service import make_bitarchive_service
from server.archive.bitarchive_monitor.service import make_bitarchive_monitor_service
from server.archive.checksum.service import make_checksum_service
from shared.errors import ConfigError

arcrepository = ArcRepositoryService

_FACTORIES = {
    "bitarchive": make_bitarchive_service,
    "bitarchive_monitor": make_bitarchive_monitor_service,
    "checksum": make_checksum_service,
}


def configured_replica() -> str:
    """The replica id of this process: ``$NAS_REPLICA``, else ``archive.replica`` of its config."""
    if os.environ.get("NAS_REPLICA"):
        return os.environ["NAS_REPLICA"]
    from server.runtime.settings_provider import config_source
    from shared.config import read_yaml

    source = config_source()
    if os.path.exists(source):
        value = (read_yaml(source).get("archive") or {}).get("replica")
        if value:
            return str(value)
    raise ConfigError(f"{source}: archive.replica: a per-replica archive service needs its replica id "
                      "(or $NAS_REPLICA)", {"file": source, "key": "archive.replica"})


def __getattr__(name: str):
    factory = _FACTORIES.get(name)
    if factory is None:
        raise AttributeError(name)
    return factory(configured_replica())


__all__ = ["arcrepository", "ArcRepositoryService", "make_bitarchive_service", "make_bitarchive_monitor_service",
           "make_checksum_service", "configured_replica"]
