"""From a description to every instance's settings, and every rule the installation must obey.

``build(description)`` returns one :class:`Planned` per instance, with its merged settings
(global → host → instance, deeper wins, mappings merged key by key as the seeds' deploy did)
plus what deploy itself sets (broker URI, instance identity, data directory, database, replicas,
public host names). ``check`` then collects every problem at once: each instance's settings
through the same validation ``nas config check`` uses, and the installation-wide rules.
"""
from __future__ import annotations

import copy
import dataclasses
import re
from typing import Any

from server.deploy.kinds import KINDS, REPLICA_KINDS, Kind
from server.deploy.model import Description, InstanceSpec, Located, Problem, description_error
from server.runtime.logging_setup import logging_config
from server.settings_catalog import all_settings
from shared.config import resolve
from shared.errors import ConfigError

#: settings deploy writes itself; a description that sets them is refused (it would be ignored)
GENERATED = ("AMQP_URI", "instance.id", "instance.service", "data_dir", "archive.replica")
SECRET_KEY = re.compile(r"(password|passwd|secret|token|api_key|private_key)$", re.I)
ENV_REF = re.compile(r"^\$\{[^{}:\s]+(:[^}]*)?\}$")
URL_PASSWORD = re.compile(r"://[^/:@\s]+:([^@\s]+)@")


class EnvRef(str):
    """A value with ``${VAR}`` references: written with Nameko's ``!env_var`` tag so it is
    substituted on load even when YAML has to quote it."""


@dataclasses.dataclass
class Planned:
    host: str
    spec: InstanceSpec
    kind: Kind
    tree: dict[str, Any]                 # the instance's config document
    layers: list[tuple[str, Located]]    # (description key, settings mapping), lowest first

    @property
    def id(self) -> str:
        return self.spec.id

    def locate(self, path: str) -> tuple[int, str]:
        """The line and description key where the setting ``path`` is set: the layer that holds
        the longest part of it (the instance's over the host's over the global one on a tie)."""
        parts = path.split(".")
        best = (0, 0, "")
        for where, node in self.layers:
            cur: Any = node
            depth, line = 0, 0
            for p in parts:
                if not isinstance(cur, Located) or p not in cur:
                    break
                depth, line, cur = depth + 1, cur.lines.get(p, cur.line), cur[p]
            if depth and depth >= best[0]:
                best = (depth, line, f"{where}.{path}")
        if best[0]:
            return best[1], best[2]
        return self.spec.line, f"{self.spec.key}.settings.{path}"


def deep_merge(base: dict, over: dict) -> dict:
    out = dict(base)
    for k, v in over.items():
        out[k] = deep_merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else copy.deepcopy(v)
    return out


def _plain(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: _plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_plain(v) for v in node]
    return node


def _set(tree: dict, path: str, value: Any, overwrite: bool = True) -> None:
    *parents, leaf = path.split(".")
    for p in parents:
        tree = tree.setdefault(p, {})
    if overwrite or leaf not in tree or tree[leaf] in ("", None):
        tree[leaf] = value


def _get(tree: dict, path: str, default: Any = None) -> Any:
    for p in path.split("."):
        if not isinstance(tree, dict) or p not in tree:
            return default
        tree = tree[p]
    return tree


def service_account(d: Description, kind: str, instance_id: str) -> tuple[str, str]:
    """The broker login and password of one service instance: ``svc-<kind>.<id>.<environment>``
    with ``broker.password`` when ``broker.service_accounts`` is on (each instance is then known
    by its own login in the audit and the broker's permissions; the kind gives its roles), else
    the ``broker.user`` every instance shares."""
    from server.runtime.broker_accounts import SERVICE_PREFIX

    b = d.broker
    if b.get("service_accounts"):
        return f"{SERVICE_PREFIX}{kind}.{instance_id}.{d.environment}", str(b["password"])
    return str(b["user"]), str(b["password"])


def amqp_uri(d: Description, kind: str = "", instance_id: str = "") -> str:
    """The broker URI one instance logs in with. A ``${VAR}`` password stays as it is: the
    service's config loader puts the secret in at start."""
    import urllib.parse

    b = d.broker
    if instance_id:
        user, password = service_account(d, kind, instance_id)
    else:
        user, password = str(b["user"]), str(b["password"])
    secret = password if ENV_REF.match(password) else urllib.parse.quote(password, safe="")
    auth = f"{urllib.parse.quote(user, safe='')}:{secret}"
    return f"amqp://{auth}@{b['host']}:{b['port']}/{b['vhost']}"


def data_dir(d: Description, install: dict, instance_id: str) -> str:
    return f"{install['data_dir']}/{d.environment}/{instance_id}"


def build(d: Description) -> list[Planned]:
    out = []
    for host in d.hosts.values():
        for spec in host.instances:
            kind = KINDS.get(spec.kind)
            if kind is None:
                continue  # reported by check()
            layers = [("settings", d.settings), (f"hosts.{host.name}.settings", host.settings),
                      (f"{spec.key}.settings", spec.settings)]
            tree = deep_merge(deep_merge(_plain(d.settings), _plain(host.settings)), _plain(spec.settings))
            _set(tree, "AMQP_URI", amqp_uri(d, kind.name, spec.id))
            if kind.name == "definitions" and d.broker.get("management_url"):
                # where `nas users` makes people's broker accounts
                _set(tree, "broker.management_url", d.broker["management_url"], overwrite=False)
            _set(tree, "data_dir", data_dir(d, host.install, spec.id))
            _set(tree, "instance.id", spec.id)
            _set(tree, "instance.service", kind.service)
            _set(tree, "instance.host", host.address, overwrite=False)
            if kind.database and d.database.get("url"):
                _set(tree, "database.url", d.database["url"], overwrite=False)
            if kind.name in ("arcrepository", "bitarchive_monitor", "bitarchive", "checksum", "index_server",
                             "harvester") and d.replicas:
                _set(tree, "archive.replicas", [_plain(r) for r in d.replicas], overwrite=False)
            if kind.per_replica:
                _set(tree, "archive.replica", spec.replica)
            known = {st.path for st in all_settings()}
            for key in kind.address_keys:
                if key.rsplit(".", 1)[0] + ".public_host" not in known:
                    continue
                # archive.http.address → archive.http.public_host, harvester.archive.http_address →
                # harvester.archive.public_host: what other machines use to reach this instance
                _set(tree, key.rsplit(".", 1)[0] + ".public_host", host.address, overwrite=False)
            if kind.name == "notifier" and d.notifications:
                tree["notify"] = deep_merge(_plain(d.notifications), tree.get("notify", {}))
            tree.setdefault("LOGGING", logging_config("INFO"))
            out.append(Planned(host.name, spec, kind, tree, layers))
    return out


def with_env_refs(node: Any) -> Any:
    """The tree with every ``${...}`` string marked for the ``!env_var`` tag."""
    if isinstance(node, dict):
        return {k: with_env_refs(v) for k, v in node.items()}
    if isinstance(node, list):
        return [with_env_refs(v) for v in node]
    if isinstance(node, str) and "${" in node:
        return EnvRef(node)
    return node


def _for_check(node: Any) -> Any:
    # A whole-value ${VAR:default} stands for its default (read as YAML, as Nameko does): the
    # check must see a number where a number will be.
    import yaml

    if isinstance(node, dict):
        return {k: _for_check(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_for_check(v) for v in node]
    if isinstance(node, str):
        m = ENV_REF.match(node)
        if m and m.group(1):
            return yaml.safe_load(m.group(1)[1:])
    return node


def check(d: Description) -> list[Planned]:
    """Build and validate; raises DescriptionError naming every problem (file, line, key)."""
    problems: list[Problem] = []
    planned = build(d)
    f = d.file

    def add(line: int, key: str, reason: str) -> None:
        problems.append(Problem(f, line, key, reason))

    # Kinds, ids, replicas of each instance.
    ids: dict[str, str] = {}
    for host in d.hosts.values():
        for spec in host.instances:
            kind = KINDS.get(spec.kind)
            if kind is None:
                add(spec.line, f"{spec.key}.kind", f"unknown kind {spec.kind!r} (known: {', '.join(sorted(KINDS))})")
                continue
            if spec.id in ids:
                add(spec.line, f"{spec.key}.id", f"instance id {spec.id!r} is also used by {ids[spec.id]}")
            ids.setdefault(spec.id, spec.key)
            if kind.per_replica:
                rep = next((r for r in d.replicas if r["id"] == spec.replica), None)
                if rep is None:
                    add(spec.line, f"{spec.key}.replica", f"{spec.kind} needs replica: one of the ids in replicas "
                        f"(got {spec.replica or 'none'!r})")
                elif kind.name not in REPLICA_KINDS[rep["type"]]:
                    add(spec.line, f"{spec.key}.replica", f"replica {spec.replica} is a {rep['type']} replica; "
                        f"a {kind.name} does not serve it")
            elif spec.replica:
                add(spec.line, f"{spec.key}.replica", f"a {kind.name} serves no replica")
    # Each instance's settings, as `nas config check` sees them.
    catalog = all_settings()
    for p in planned:
        for key in GENERATED:
            for _where, node in p.layers:
                if _get(_plain(node), key) is not None:
                    line, k = p.locate(key)
                    add(line, k, "set by deploy from the description; remove it here")
                    break
        try:
            resolve(_for_check(p.tree), catalog, source=f"{p.host}/{p.id}.yaml")
        except ConfigError as exc:
            for item in exc.details.get("problems", [exc.details]):
                line, k = p.locate(item.get("key", ""))
                add(line, k, item.get("reason", str(exc)))
    _check_counts(d, planned, add)
    _check_ports(planned, add)
    _check_secrets(d.raw, "", add)
    _check_mail(d, planned, add)
    if problems:
        problems.sort(key=lambda p: (p.line, p.key))
        raise description_error(problems)
    return planned


def _check_counts(d: Description, planned: list[Planned], add) -> None:
    by_kind: dict[str, list[Planned]] = {}
    for p in planned:
        by_kind.setdefault(p.kind.name, []).append(p)
    hosts_line = d.raw.lines.get("hosts", 1)
    for name in ("arcrepository", "scheduler"):
        found = by_kind.get(name, [])
        if len(found) != 1:
            where = ", ".join(p.spec.key for p in found) or "none"
            line = found[1].spec.line if len(found) > 1 else hosts_line
            add(line, "hosts", f"exactly one {name} is needed, found {len(found)} ({where})")
    for i, rep in enumerate(d.replicas):
        serving = [p for p in planned if p.kind.per_replica and p.spec.replica == rep["id"]]
        for needed in REPLICA_KINDS.get(rep["type"], ()):
            count = sum(1 for p in serving if p.kind.name == needed)
            if count == 0:
                add(rep.line, f"replicas[{i}]", f"replica {rep['id']} has no {needed} instance")
            elif needed == "bitarchive_monitor" and count > 1:
                add(rep.line, f"replicas[{i}]", f"replica {rep['id']} has {count} bitarchive_monitor instances; "
                    "exactly one is needed")
    channels = {c.upper() for c in d.channels}
    served = {}
    for p in by_kind.get("harvester", []):
        served.setdefault(str(_get(p.tree, "harvester.channel", "FOCUSED")).upper(), p)
    for i, c in enumerate(d.channels):
        if c.upper() not in served:
            add(d.raw.lines.get("channels", 1), f"channels[{i}]", f"harvest channel {c} has no harvester")
    if channels:
        for c, p in served.items():
            if c not in channels:
                line, k = p.locate("harvester.channel")
                add(line, k, f"channel {c} is not one of channels ({', '.join(sorted(channels))})")
    for p in planned:
        for req in p.kind.requires:
            if req not in by_kind:
                add(p.spec.line, p.spec.key,
                    f"a {p.kind.name} needs an instance of {req} in the installation; there is none")


def _address(value: Any) -> tuple[str, int] | None:
    if not isinstance(value, str) or ":" not in value:
        return None
    host, _, port = value.rpartition(":")
    try:
        return host.strip("[]"), int(port)
    except ValueError:
        return None


WILDCARD = {"", "0.0.0.0", "::", "*"}  # noqa: S104 - names the wildcard, binds nothing


def _check_ports(planned: list[Planned], add) -> None:
    taken: dict[tuple[str, int], list[tuple[str, str, Planned]]] = {}
    defaults = {s.path: s.default for s in all_settings()}
    for p in planned:
        for key in p.kind.address_keys:
            addr = _address(_get(p.tree, key, defaults.get(key)))
            if addr is None or addr[1] == 0:
                continue
            for (host, port), users in taken.items():
                if host == p.host and port == addr[1]:
                    for other_addr, other_key, other in users:
                        if other_addr in WILDCARD or addr[0] in WILDCARD or other_addr == addr[0]:
                            line, k = p.locate(key)
                            add(line, k, f"port {addr[1]} on host {p.host} is also bound by {other.id} "
                                f"({other_key})")
            taken.setdefault((p.host, addr[1]), []).append((addr[0], key, p))


def _check_secrets(node: Any, where: str, add) -> None:
    if isinstance(node, Located):
        for k, v in node.items():
            key = f"{where}.{k}" if where else str(k)
            if isinstance(v, str) and SECRET_KEY.search(str(k)) and v and not ENV_REF.match(v):
                add(node.lines.get(k, node.line), key, "a secret written inline: use a ${VAR} reference to the "
                    "host's secrets file")
            elif isinstance(v, str) and (m := URL_PASSWORD.search(v)) and not ENV_REF.match(m.group(1)):
                add(node.lines.get(k, node.line), key, "a password written inline in a URL: use ${VAR}")
            else:
                _check_secrets(v, key, add)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            _check_secrets(v, f"{where}[{i}]", add)


MAIL_REQUIRED = ("host", "sender", "routes")


def _check_mail(d: Description, planned: list[Planned], add) -> None:
    mail = d.notifications.get("mail")
    if not isinstance(mail, Located) or not mail.get("enabled"):
        return
    for key in MAIL_REQUIRED:
        if not mail.get(key):
            add(mail.line, f"notifications.mail.{key}", "required when notifications by mail are on")
    if not any(p.kind.name == "notifier" for p in planned):
        add(mail.line, "notifications.mail", "notifications by mail need a notifier instance on some host")
