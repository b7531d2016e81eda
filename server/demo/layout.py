"""Which service instances the demo runs and the config file each one gets.

One place lists them, so the demo grows by one entry when a service family is added. Every file
is an ordinary service config, the same the operator's guide describes; the demo only picks
values that suit one host: SQLite under the demo's data directory, a private vhost, two
bitarchive replicas in two local directories, a harvester that reaches the demo website through
its upstream proxy setting.
"""
from __future__ import annotations

import dataclasses
import os
from typing import Any

import yaml

from server.runtime.logging_setup import logging_config
from shared.credentials import write_private

REPLICAS = [
    {"id": "ONE", "name": "Replica one (local)", "type": "bitarchive"},
    {"id": "TWO", "name": "Replica two (local)", "type": "bitarchive"},
]
CHANNEL = "FOCUSED"


@dataclasses.dataclass(frozen=True)
class DemoInstance:
    instance_id: str
    service: str                 # module:Class for `nameko run`
    settings: dict[str, Any]     # the instance's own keys beyond the common ones


def harvest_db_url(demo_dir: str) -> str:
    return f"sqlite:///{os.path.abspath(os.path.join(demo_dir, 'data', 'harvest.db'))}"


def demo_instances(demo_dir: str = "data/demo", web_proxy: str = "http://127.0.0.1:8390",
                   viewer_port: int = 8392) -> list[DemoInstance]:
    harvest_db = {"url": harvest_db_url(demo_dir), "auto_migrate": False}  # `nas demo` migrates once
    # One host: the harvester and `nas upload` offer their files on loopback, and the bitarchives
    # read the harvester's WARCs by path (its work directory is the upload spool)
    spool = os.path.abspath(os.path.join(demo_dir, "data", "harvester", "harvester"))
    archive = {"replicas": REPLICAS, "default_replica": "ONE", "bitarchive": {"min_free_bytes": 0},
               "store": {"timeout": 300, "local_sources": ["127.0.0.0/8", "::1/128"], "spool_dirs": [spool]}}
    out = [
        DemoInstance("monitor", "server.monitor.service:MonitorService", {"monitor": {"lost_after": 15}}),
        # Notifications to the notifier's log only (no mail server on a demo machine).
        DemoInstance("notifier", "server.notify.service:NotifierService",
                     {"notify": {"log": {"enabled": True}, "mail": {"enabled": False}}}),
        DemoInstance("definitions", "server.definitions.service:DefinitionsService", {"database": harvest_db}),
        DemoInstance("scheduler", "server.scheduler.service:SchedulerService",
                     {"database": harvest_db, "harvest": {"scheduler": {"timer_interval": 5}}}),
        DemoInstance("arcrepository", "server.archive.arcrepository.service:ArcRepositoryService",
                     {"archive": archive}),
    ]
    for rep in REPLICAS:
        rid = rep["id"]
        out.append(DemoInstance(f"bitarchive-monitor-{rid.lower()}",
                                "server.archive.bitarchive_monitor.service:bitarchive_monitor",
                                {"archive": {**archive, "replica": rid}}))
        out.append(DemoInstance(f"bitarchive-{rid.lower()}", "server.archive.bitarchive.service:bitarchive",
                                {"archive": {**archive, "replica": rid}}))
    out.append(DemoInstance("harvester", "server.harvester.service:HarvesterService", {"harvester": {
        "channel": CHANNEL, "min_space_left": 100_000_000, "claim_interval": 2, "status_interval": 10,
        "crawler_overrides": {"upstream_proxy": web_proxy},
        "archive": {"kind": "arcrepository", "store_timeout": 300}}}))
    # The index server: deduplication indexes for later harvests, and what the archive holds for a URL.
    out.append(DemoInstance("index-server", "server.index.service:IndexServerService", {"index": {"workers": 1}}))
    # The viewerproxy: browse what was harvested, from the archive only (HTTP and HTTPS, its own CA).
    out.append(DemoInstance("viewerproxy", "server.viewerproxy.service:ViewerProxyService",
                            {"archive": {"replicas": REPLICAS, "default_replica": "ONE"},
                             "viewerproxy": {"address": f"127.0.0.1:{viewer_port}"}}))
    # QA review (issue #30): each job's pages rendered from the archive in Chromium, scored.
    out.append(DemoInstance("qa", "server.qa.service:QaService", {"qa": {"tabs": 2, "poll_seconds": 5}}))
    return out


def write_configs(config_dir: str, amqp_uri: str | dict[str, str], instances: list[DemoInstance]) -> list[str]:
    """Write one YAML per demo instance (each with its own data directory and, given a dict of
    instance id → URI, its own broker login); readable by their owner only, as they hold the
    login's password. Returns the paths."""
    os.makedirs(config_dir, exist_ok=True)
    paths = []
    for inst in instances:
        doc = {
            "AMQP_URI": amqp_uri[inst.instance_id] if isinstance(amqp_uri, dict) else amqp_uri,
            "data_dir": f"../data/{inst.instance_id}",
            "instance": {"id": inst.instance_id, "service": inst.service},
            "runtime": {"heartbeat_interval": 2},
            # every instance signs and checks transfer tickets with installation.key beside these files
            "security": {"create_key": True},
            "LOGGING": logging_config("INFO"),
            **inst.settings,
        }
        path = os.path.join(config_dir, f"{inst.instance_id}.yaml")
        write_private(path, f"# nas demo: the {inst.instance_id} service instance (generated by `nas demo`)\n"
                      + yaml.safe_dump(doc, sort_keys=False))
        paths.append(path)
    return paths
