"""Every kind of service instance an installation description may name.

The table is the one place deploy knows about the services. Its ``service`` entries are the
``module:Class`` (or ``module:family`` for per-replica services) that ``nameko run`` loads;
``tests/unit/deploy/test_kinds.py`` imports each of them and checks the Nameko service name, so
a renamed class fails a test instead of an installation. Strings, not imports: deploy must not
load every service (and its dependencies) to render a few files.
"""
from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class Kind:
    name: str
    service: str                          # module:Class for `nameko run`
    service_name: str                     # the Nameko service name (``{R}``: the replica id)
    order: int                            # start order on a host; stop and restart follow it
    per_replica: bool = False             # needs ``replica:``; the family's service is <family>_<R>
    database: str = ""                    # "harvest" or "archive": gets the description's database.url
    address_keys: tuple[str, ...] = ()    # settings that bind host:port on the host
    storage_keys: tuple[str, ...] = ()    # settings naming directories the unit must be able to write
    requires: tuple[str, ...] = ()        # kinds the installation must also run


KINDS: dict[str, Kind] = {k.name: k for k in (
    Kind("monitor", "server.monitor.service:MonitorService", "monitor", 10),
    Kind("definitions", "server.definitions.service:DefinitionsService", "definitions", 20, database="harvest"),
    Kind("scheduler", "server.scheduler.service:SchedulerService", "scheduler", 30, database="harvest",
         storage_keys=("harvest.scheduler.backup.dir",)),
    Kind("arcrepository", "server.archive.arcrepository.service:ArcRepositoryService", "arcrepository", 40,
         database="archive"),
    Kind("bitarchive_monitor", "server.archive.bitarchive_monitor.service:bitarchive_monitor",
         "bitarchive_monitor_{R}", 50, per_replica=True),
    Kind("bitarchive", "server.archive.bitarchive.service:bitarchive", "bitarchive_{R}", 60, per_replica=True,
         address_keys=("archive.http.address",), storage_keys=("archive.bitarchive.dirs",)),
    Kind("checksum", "server.archive.checksum.service:checksum", "checksum_{R}", 60, per_replica=True,
         storage_keys=("archive.checksum.dir",)),
    Kind("index_server", "server.index.service:IndexServerService", "index_server", 70,
         address_keys=("index.http.address",), storage_keys=("index.cache_dir",)),
    Kind("harvester", "server.harvester.service:HarvesterService", "harvester", 80,
         address_keys=("harvester.archive.http_address",),
         storage_keys=("harvester.work_dir", "harvester.failed_uploads_dir")),
    Kind("notifier", "server.notify.service:NotifierService", "notifier", 15, database="notify"),
    # The viewerproxy of issue #13: browsers reach the archive through it; it asks the index server
    # where a URL's records are.
    Kind("viewerproxy", "server.viewerproxy.service:ViewerProxyService", "viewerproxy", 90, database="viewer",
         address_keys=("viewerproxy.address",), storage_keys=("viewerproxy.ca_dir",),
         requires=("index_server", "arcrepository")),
    # QA review of issue #30: renders jobs' pages from the archive in Chromium through the
    # viewerproxy; never on the harvester's path, with its own memory and CPU limits (render.py)
    Kind("qa", "server.qa.service:QaService", "qa", 95, database="qa",
         requires=("viewerproxy", "index_server", "arcrepository", "scheduler")),
)}

#: which replica type each per-replica kind serves
REPLICA_KINDS = {"bitarchive": ("bitarchive_monitor", "bitarchive"), "checksum": ("checksum",)}
