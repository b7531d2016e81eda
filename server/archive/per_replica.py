"""Services named per replica: each class is written once; only the name is made at start-up.

Nameko names a service by its class attribute ``name``, so ``bitarchive_ONE`` and
``bitarchive_TWO`` need two classes. Each family (bitarchive, bitarchive monitor, checksum)
defines its service class once, at module level, with all its entrypoints;
:meth:`ReplicaService.for_replica` makes the one-line subclass that sets ``name`` (and
``replica``). Entrypoints whose *source* is per replica (the batch broadcast, the batch
replies) use :class:`ReplicaEventHandler`, which reads the replica from the container's service
class when it is set up.

``nameko run module:bitarchive`` finds the class through the module's ``__getattr__``
(:func:`configured_class`), which reads the replica from ``$NAS_REPLICA`` or ``archive.replica``
in the config file the process was started with.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from nameko.events import EventHandler

from server.archive.replicas import REPLICA_ID, configured_replica
from server.runtime.service import NasService
from shared.dto.archive import replica_service_name
from shared.errors import ConfigError

_classes: dict[tuple[type, str], type] = {}


class ReplicaService(NasService):
    """Base of a per-replica service family; ``name`` is the family until a replica is given."""

    name = "per_replica"
    #: the family: the service of replica R is named ``<family>_<R>``
    family: ClassVar[str] = ""
    #: set by :meth:`for_replica`
    replica: ClassVar[str] = ""

    @classmethod
    def for_replica(cls, replica_id: str) -> type:
        """The service class of ``replica_id`` (one per family and replica, cached)."""
        if not isinstance(replica_id, str) or not REPLICA_ID.fullmatch(replica_id):
            raise ConfigError(f"replica id {replica_id!r} must be letters, digits and _ (it names services)",
                              {"key": "archive.replica"})
        key = (cls, replica_id)
        if key not in _classes:
            _classes[key] = type(f"{cls.__name__}_{replica_id}", (cls,), {
                "name": replica_service_name(cls.family, replica_id), "replica": replica_id,
                "__module__": cls.__module__})
        return _classes[key]


def replica_of(container) -> str:
    """The replica the container's service serves. Raises ConfigError for a family class run as
    it is (``service:BitarchiveService`` instead of ``service:bitarchive``)."""
    replica = getattr(container.service_cls, "replica", "")
    if not replica:
        raise ConfigError(f"{container.service_cls.__name__} serves no replica: run it as "
                          f"'module:{getattr(container.service_cls, 'family', '')}' with archive.replica set",
                          {"key": "archive.replica"})
    return replica


class ReplicaEventHandler(EventHandler):
    """``@replica_event_handler("bitarchive_monitor", "batch")`` on ``bitarchive_ONE`` handles the
    ``batch`` events of ``bitarchive_monitor_ONE``: the source is the *same replica's* service
    of another family, known only when the container is set up."""

    def __init__(self, source_family: str, event_type: str, **kwargs):
        self.source_family = source_family
        super().__init__(source_family, event_type, **kwargs)

    def setup(self) -> None:
        self.source_service = replica_service_name(self.source_family, replica_of(self.container))
        super().setup()


replica_event_handler = ReplicaEventHandler.decorator


def configured_class(attr: str, cls: type[ReplicaService]) -> Callable[[str], type]:
    """A module ``__getattr__`` that answers ``attr`` with ``cls`` for the configured replica."""

    def __getattr__(name: str) -> type:
        if name != attr:
            raise AttributeError(name)
        return cls.for_replica(configured_replica())

    return __getattr__
