"""Replicas as configured (``archive.replicas``): id, name, type; the service names derived from the
id are wire vocabulary and live with the DTO in :mod:`shared.dto.archive`."""
from __future__ import annotations

import re

from shared.dto.archive import (
    ReplicaDto,
    bitarchive_monitor_service_name,
    bitarchive_service_name,
    checksum_service_name,
)
from shared.enums import ReplicaType
from shared.errors import ConfigError, NotFound

__all__ = ["ReplicaDto", "Replicas", "bitarchive_monitor_service_name", "bitarchive_service_name",
           "checksum_service_name", "configured_replica"]

#: a replica id names services (``bitarchive_<id>``)
REPLICA_ID = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,40}")


class Replicas:
    """The ``archive.replicas`` setting, validated, looked up by id or by name."""

    def __init__(self, entries: list[dict], default: str = "", source: str = "archive.replicas"):
        self.by_id: dict[str, ReplicaDto] = {}
        #: replica id → its own maximum checksum age in days (``max_checksum_age_days`` in its
        #: entry); replicas without one use ``archive.preservation.max_checksum_age_days``
        self.max_checksum_ages: dict[str, float] = {}
        for n, e in enumerate(entries):
            where = f"{source}[{n}]"
            if not isinstance(e, dict) or not e.get("id"):
                raise ConfigError(f"{where}: each replica needs an id", {"key": "archive.replicas"})
            rid = str(e["id"])
            if not REPLICA_ID.fullmatch(rid):
                raise ConfigError(f"{where}: replica id {rid!r} must be letters, digits and _ (it names services)",
                                  {"key": "archive.replicas"})
            try:
                rtype = ReplicaType(e.get("type", "bitarchive"))
            except ValueError:
                raise ConfigError(f"{where}: type must be bitarchive or checksum",
                                  {"key": "archive.replicas"}) from None
            unknown = set(e) - {"id", "name", "type", "max_checksum_age_days"}
            if unknown:
                raise ConfigError(f"{where}: unknown keys {sorted(unknown)}", {"key": "archive.replicas"})
            if rid in self.by_id:
                raise ConfigError(f"{where}: replica id {rid!r} given twice", {"key": "archive.replicas"})
            self.by_id[rid] = ReplicaDto(rid, str(e.get("name") or rid), rtype)
            if e.get("max_checksum_age_days") is not None:
                age = e["max_checksum_age_days"]
                if isinstance(age, bool) or not isinstance(age, int | float) or age < 0:
                    raise ConfigError(f"{where}: max_checksum_age_days must be a number of days >= 0, not {age!r}",
                                      {"key": "archive.replicas"})
                self.max_checksum_ages[rid] = float(age)
        if not self.by_id:
            raise ConfigError(f"{source}: at least one replica is needed", {"key": "archive.replicas"})
        self._default = default
        if default:
            self.get(default)

    @classmethod
    def from_settings(cls, settings) -> Replicas:
        return cls(settings["archive.replicas"], settings["archive.default_replica"])

    def max_checksum_age_days(self, replica_id: str, default: float) -> float:
        """How old a copy's last verified checksum may be in this replica before it is stale
        (and due again for a rolling checksum audit)."""
        return self.max_checksum_ages.get(replica_id, default)

    def all(self) -> list[ReplicaDto]:
        return list(self.by_id.values())

    def get(self, key: str | None) -> ReplicaDto:
        """A replica by id or by name (case-insensitive); None gives the default replica."""
        if not key:
            return self.default
        if key in self.by_id:
            return self.by_id[key]
        for r in self.by_id.values():
            if r.name.lower() == key.lower() or r.id.lower() == key.lower():
                return r
        raise NotFound(f"no replica {key!r} (known: {', '.join(self.by_id)})", {"replica": key})

    def bitarchive(self, key: str | None) -> ReplicaDto:
        r = self.get(key)
        if r.type != ReplicaType.BITARCHIVE:
            raise NotFound(f"replica {r.id} keeps checksums only, not files", {"replica": r.id})
        return r

    @property
    def default(self) -> ReplicaDto:
        if self._default:
            return self.get(self._default)
        for r in self.by_id.values():
            if r.type == ReplicaType.BITARCHIVE:
                return r
        raise NotFound("no bitarchive replica is configured", {})


def configured_replica() -> str:
    """The replica id of this process: ``$NAS_REPLICA``, else ``archive.replica`` of its config."""
    import os

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
