"""The installation description (``environment.yaml``) read into plain objects, with positions.

Every mapping read from the file remembers the line of each of its keys, so a problem found
later (an unknown setting three levels down in one instance's settings) is reported as
``environment.yaml:42: hosts.h2.instances[0].settings.monitor.lost_aftr: unknown setting``.

The description, top to bottom::

    environment: prod                 # names the systemd target (nas-prod.target) and config dirs
    broker: {host: mq, port: 5672, vhost: nas-prod, password: ${NAS_AMQP_PASSWORD},
             service_accounts: true,   # each instance logs in as svc-<id> (else: user, shared by all)
             management_url: "http://nas-admin:${NAS_MQ_ADMIN_PASSWORD}@mq:15672/api"}
    database: {url: "postgresql://nas:${NAS_DB_PASSWORD}@db/nas"}
    install: {venv: /opt/nas/venv, config_dir: /etc/nas, data_dir: /var/lib/nas, user: nas,
              secrets_file: /etc/nas/secrets.env,
              ssh_command: "ssh -l root", rsync: rsync}   # how apply reaches the other hosts
    replicas: [{id: ONE, name: Replica one, type: bitarchive}]
    channels: [FOCUSED, SNAPSHOT]     # harvest channels that must each have a harvester
    notifications: {mail: {enabled: true, host: smtp, ...}}
    settings: {...}                   # every instance; host and instance settings override
    hosts:
      h1:
        address: h1.example.org       # the public host name of its file servers
        install: {data_dir: /srv/nas} # this host's own install paths, if they differ
        settings: {...}
        instances:
          - {kind: monitor}
          - {kind: bitarchive, replica: ONE, id: bitarchive-one, settings: {...}}
"""
from __future__ import annotations

import dataclasses
from typing import Any

import yaml

from shared.errors import ConfigError, DescriptionError


class Located(dict):
    """A mapping that knows the line of each key (``lines[key]``) and its own (``line``)."""

    line: int = 0
    lines: dict[Any, int]


class _Loader(yaml.SafeLoader):
    def construct_mapping(self, node, deep=False):  # noqa: D102 - yaml's hook
        mapping = Located(super().construct_mapping(node, deep=True))
        mapping.line = node.start_mark.line + 1
        mapping.lines = {self.construct_object(k, deep=True): k.start_mark.line + 1 for k, _ in node.value}
        return mapping


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _Loader.construct_mapping)


@dataclasses.dataclass
class Problem:
    """One thing wrong with the description: where, which key, what."""

    file: str
    line: int
    key: str
    reason: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.key}: {self.reason}"


def description_error(problems: list[Problem]) -> DescriptionError:
    """One error naming every problem, one per line."""
    return DescriptionError("\n".join(str(p) for p in problems),
                            {"file": problems[0].file, "problems": [dataclasses.asdict(p) for p in problems]})


@dataclasses.dataclass
class InstanceSpec:
    kind: str
    id: str
    replica: str
    settings: Located
    line: int
    key: str                             # e.g. hosts.h1.instances[2]


@dataclasses.dataclass
class HostSpec:
    name: str
    address: str
    settings: Located
    instances: list[InstanceSpec]
    line: int
    install: dict                        # the description's install, with this host's overrides


@dataclasses.dataclass
class Description:
    file: str
    environment: str
    broker: Located
    database: Located
    install: Located
    replicas: list[Located]
    channels: list[str]
    notifications: Located
    settings: Located
    hosts: dict[str, HostSpec]
    raw: Located


TOP_KEYS = {"environment", "broker", "database", "install", "replicas", "channels", "notifications",
            "settings", "hosts"}
BROKER_KEYS = {"host", "port", "vhost", "user", "password", "management_url", "service_accounts"}
DATABASE_KEYS = {"url"}
INSTALL_KEYS = {"venv", "config_dir", "data_dir", "user", "group", "secrets_file", "systemd_dir", "state_dir",
                "ssh_command", "rsync"}
INSTALL_DEFAULTS = {"venv": "/opt/nas/venv", "config_dir": "/etc/nas", "data_dir": "/var/lib/nas", "user": "nas",
                    "group": "nas", "secrets_file": "/etc/nas/secrets.env", "systemd_dir": "/etc/systemd/system",
                    "state_dir": "/var/lib/nas-deploy",
                    # how `nas deploy plan|apply --host H` reaches a host that is not this machine
                    "ssh_command": "ssh", "rsync": "rsync"}
HOST_KEYS = {"address", "settings", "instances", "install"}
INSTANCE_KEYS = {"kind", "id", "replica", "settings"}
REPLICA_KEYS = {"id", "name", "type"}


def read(path: str) -> Description:
    """Parse ``path``; every structural problem is collected and raised as one DescriptionError."""
    try:
        with open(path, encoding="utf-8") as fh:
            raw = yaml.load(fh, Loader=_Loader)  # noqa: S506 - a SafeLoader subclass
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such installation description", {"file": path}) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark else 0
        raise description_error([Problem(path, line, "-", f"not valid YAML: {getattr(exc, 'problem', exc)}")]) \
            from None
    problems: list[Problem] = []
    if not isinstance(raw, Located):
        raise description_error([Problem(path, 1, "-", "the top level must be a mapping")])

    def section(parent: Located, key: str, allowed: set[str], where: str, defaults: dict | None = None) -> Located:
        value = parent.get(key)
        if value is None:
            value = Located()
            value.line, value.lines = parent.lines.get(key, parent.line), {}
        if not isinstance(value, Located):
            problems.append(Problem(path, parent.lines.get(key, parent.line), where, "expected a mapping"))
            value = Located()
            value.line, value.lines = parent.line, {}
        for k in value:
            if k not in allowed:
                problems.append(Problem(path, value.lines.get(k, value.line), f"{where}.{k}",
                                        f"unknown key (allowed: {', '.join(sorted(allowed))})"))
        for k, v in (defaults or {}).items():
            value.setdefault(k, v)
        return value

    for k in raw:
        if k not in TOP_KEYS:
            problems.append(Problem(path, raw.lines.get(k, 1), str(k),
                                    f"unknown key (allowed: {', '.join(sorted(TOP_KEYS))})"))
    environment = raw.get("environment")
    if not isinstance(environment, str) or not environment.replace("-", "").isalnum():
        problems.append(Problem(path, raw.lines.get("environment", 1), "environment",
                                "required: a name of letters, digits and '-' (it names the systemd target)"))
        environment = "invalid"
    broker = section(raw, "broker", BROKER_KEYS, "broker",
                     {"host": "localhost", "port": 5672, "vhost": f"nas-{environment}", "user": "guest",
                      "password": "guest", "management_url": "", "service_accounts": False})
    database = section(raw, "database", DATABASE_KEYS, "database", {"url": ""})
    install = section(raw, "install", INSTALL_KEYS, "install", INSTALL_DEFAULTS)
    notifications = section(raw, "notifications", {"mail", "log"}, "notifications")
    settings = section(raw, "settings", set(raw.get("settings") or {}) if isinstance(raw.get("settings"), dict)
                       else set(), "settings")
    replicas: list[Located] = []
    for i, rep in enumerate(raw.get("replicas") or []):
        where = f"replicas[{i}]"
        if not isinstance(rep, Located) or not rep.get("id"):
            problems.append(Problem(path, raw.lines.get("replicas", 1), where, "expected {id, name, type}"))
            continue
        for k in rep:
            if k not in REPLICA_KEYS:
                problems.append(Problem(path, rep.lines.get(k, rep.line), f"{where}.{k}", "unknown key"))
        rep.setdefault("name", f"Replica {rep['id']}")
        rep.setdefault("type", "bitarchive")
        if rep["type"] not in ("bitarchive", "checksum"):
            problems.append(Problem(path, rep.lines.get("type", rep.line), f"{where}.type",
                                    "must be bitarchive or checksum"))
        replicas.append(rep)
    channels = raw.get("channels") or []
    if not isinstance(channels, list) or not all(isinstance(c, str) for c in channels):
        problems.append(Problem(path, raw.lines.get("channels", 1), "channels", "expected a list of channel names"))
        channels = []
    hosts: dict[str, HostSpec] = {}
    raw_hosts = raw.get("hosts")
    if not isinstance(raw_hosts, Located) or not raw_hosts:
        problems.append(Problem(path, raw.lines.get("hosts", 1), "hosts", "required: a mapping of host names"))
        raw_hosts = Located()
        raw_hosts.lines = {}
    for hname, hraw in raw_hosts.items():
        hwhere = f"hosts.{hname}"
        if not isinstance(hraw, Located):
            problems.append(Problem(path, raw_hosts.lines.get(hname, 1), hwhere, "expected a mapping"))
            continue
        for k in hraw:
            if k not in HOST_KEYS:
                problems.append(Problem(path, hraw.lines.get(k, hraw.line), f"{hwhere}.{k}",
                                        f"unknown key (allowed: {', '.join(sorted(HOST_KEYS))})"))
        hsettings = hraw.get("settings") if isinstance(hraw.get("settings"), Located) else _empty(hraw.line)
        hinstall = hraw.get("install") or {}
        if not isinstance(hinstall, dict):
            problems.append(Problem(path, hraw.lines.get("install", hraw.line), f"{hwhere}.install",
                                    "expected a mapping"))
            hinstall = {}
        for k in hinstall:
            if k not in INSTALL_KEYS:
                problems.append(Problem(path, hinstall.lines.get(k, hraw.line), f"{hwhere}.install.{k}",
                                        f"unknown key (allowed: {', '.join(sorted(INSTALL_KEYS))})"))
        instances = []
        for i, iraw in enumerate(hraw.get("instances") or []):
            iwhere = f"{hwhere}.instances[{i}]"
            if not isinstance(iraw, Located) or not isinstance(iraw.get("kind"), str):
                problems.append(Problem(path, hraw.lines.get("instances", hraw.line), iwhere,
                                        "expected a mapping with kind"))
                continue
            for k in iraw:
                if k not in INSTANCE_KEYS:
                    problems.append(Problem(path, iraw.lines.get(k, iraw.line), f"{iwhere}.{k}",
                                            f"unknown key (allowed: {', '.join(sorted(INSTANCE_KEYS))})"))
            isettings = iraw.get("settings") if isinstance(iraw.get("settings"), Located) else _empty(iraw.line)
            replica = str(iraw.get("replica") or "")
            default_id = iraw["kind"].replace("_", "-") + (f"-{replica.lower()}" if replica else "")
            instances.append(InstanceSpec(iraw["kind"], str(iraw.get("id") or default_id), replica, isettings,
                                          iraw.line, iwhere))
        hosts[str(hname)] = HostSpec(str(hname), str(hraw.get("address") or hname), hsettings, instances, hraw.line,
                                     dict(hinstall))
    for h in hosts.values():
        h.install = {**install, **h.install}
    if problems:
        raise description_error(problems)
    return Description(path, environment, broker, database, install, replicas, channels, notifications, settings,
                       hosts, raw)


def _empty(line: int) -> Located:
    out = Located()
    out.line, out.lines = line, {}
    return out
