"""Configuration: one YAML file per service instance, the way ``nameko run --config`` loads it.

Layers, lowest first: the default of every setting (declared in code, with a dotted path such as
``monitor.lost_after``), then the YAML file, in which ``${VAR}`` and ``${VAR:default}`` are replaced
from the environment exactly as Nameko does it. The result is validated against the declared
settings: an unknown key, a value of the wrong type or a required value left empty stops
start-up with a message naming the key and the file.

The YAML is read with a safe loader only. Nameko's own keys (``AMQP_URI``, ``max_workers``...)
are declared here like ours, so ``nas config show`` prints one complete, resolved picture.
"""
from __future__ import annotations

import copy
import dataclasses
import os
from collections.abc import Iterable, Mapping
from functools import partial
from typing import Any

import yaml

from shared.errors import ConfigError

REQUIRED = object()  # sentinel: a setting with no default that every file must give


@dataclasses.dataclass(frozen=True)
class Setting:
    """One setting: its dotted path, accepted type(s), default and a line of documentation."""

    path: str
    type: type | tuple[type, ...]
    default: Any = REQUIRED
    doc: str = ""
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    def check(self, value: Any, source: str) -> Any:
        """Return ``value`` converted to this setting's type, or raise ConfigError."""
        types = self.type if isinstance(self.type, tuple) else (self.type,)
        if value is None:
            if type(None) in types:
                return None
            raise _error(source, self.path, "a value is required here (the file gives none)")
        if float in types and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        # bool is an int in Python; an int setting given `true` is almost certainly a mistake.
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            names = " or ".join(t.__name__ for t in types if t is not type(None))
            raise _error(source, self.path, f"expected {names}, got {type(value).__name__} {value!r}", value)
        if self.required and value == "":
            raise _error(source, self.path, "a value is required here (the file gives an empty one)", value)
        if self.choices is not None and value not in self.choices:
            raise _error(source, self.path, f"must be one of {', '.join(map(str, self.choices))}", value)
        if self.minimum is not None and isinstance(value, (int, float)) and value < self.minimum:
            raise _error(source, self.path, f"must be at least {self.minimum}", value)
        return value


def _error(source: str, key: str, reason: str, value: Any = None) -> ConfigError:
    return ConfigError(f"{source}: {key}: {reason}", {"file": source, "key": key, "reason": reason})


# --- the settings every service instance has ---------------------------------------------------

CORE_SETTINGS: tuple[Setting, ...] = (
    # Nameko's own keys (https://nameko.readthedocs.io: "Running services").
    Setting("AMQP_URI", str, "amqp://guest:guest@localhost:5672/", "broker URI; the vhost names the environment"),
    Setting("AMQP_SSL", (dict, type(None)), None, "TLS options for the broker connection"),
    Setting("WEB_SERVER_ADDRESS", str, "0.0.0.0:8000", "address of Nameko's HTTP entrypoints"),
    Setting("rpc_exchange", str, "nameko-rpc", "AMQP exchange for RPC"),
    Setting("max_workers", int, 10, "concurrent workers per service instance", minimum=1),
    Setting("parent_calls_tracked", int, 10, "call-id stack depth kept for tracing", minimum=1),
    Setting("serializer", str, "json", "message serializer", choices=("json",)),
    Setting("HEARTBEAT", int, 60, "AMQP heartbeat seconds", minimum=0),
    Setting("PREFETCH_COUNT", (int, type(None)), None, "AMQP prefetch count"),
    Setting("TRANSPORT_OPTIONS", dict, {}, "kombu transport options"),
    Setting("LOGIN_METHOD", (str, type(None)), None, "AMQP login method"),
    Setting("ACCEPT", (list, type(None)), None, "accepted serializers"),
    Setting("SERIALIZERS", dict, {}, "extra serializers"),
    Setting("LOGGING", dict, {}, "logging.config.dictConfig document; empty: journald-friendly default"),
    # Ours.
    Setting("instance.id", str, "", "unique instance id; empty: <service name>@<host name>"),
    Setting("instance.service", str, "", "module:Class of the Nameko service this file runs"),
    Setting("instance.host", str, "", "host name reported to the monitor; empty: this machine's name"),
    Setting("data_dir", str, "./data", "where this instance keeps databases, files, PID files and logs"),
    Setting("database.url", str, "", "SQLAlchemy URL; empty: an SQLite file under data_dir"),
    Setting("database.auto_migrate", bool, True, "upgrade the schema on start-up"),
    Setting("database.pool_size", int, 5, "connections kept open (PostgreSQL)", minimum=1),
    Setting("runtime.heartbeat_interval", float, 5.0, "seconds between heartbeats to the monitor", minimum=0.1),
)


class Settings(Mapping[str, Any]):
    """A resolved, validated configuration. ``settings["monitor.lost_after"]`` gives one value;
    ``settings.nameko`` gives the nested dict Nameko itself reads."""

    def __init__(self, values: dict[str, Any], tree: dict[str, Any], source: str):
        self._values = values
        self.tree = tree
        self.source = source

    def __getitem__(self, path: str) -> Any:
        try:
            return self._values[path]
        except KeyError:
            raise ConfigError(f"{self.source}: {path}: no such setting", {"file": self.source, "key": path}) from None

    def __iter__(self):
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def section(self, prefix: str) -> dict[str, Any]:
        """Settings under ``prefix.`` with the prefix removed."""
        p = prefix + "."
        return {k[len(p):]: v for k, v in self._values.items() if k.startswith(p)}


# --- loading ----------------------------------------------------------------------------------

class _Loader(yaml.SafeLoader):
    """A SafeLoader with Nameko's ``${VAR:default}`` substitution, on our class only."""


_env_var_constructor_installed = False


def _install_env_var_constructor() -> None:
    # On first use, not at import: nameko.cli.main imports pkg_resources (~0.1 s), and commands
    # such as ``nas config settings`` import this module without reading any YAML.
    global _env_var_constructor_installed
    if _env_var_constructor_installed:
        return
    from nameko.cli.main import IMPLICIT_ENV_VAR_MATCHER, env_var_constructor

    _Loader.add_constructor("!env_var", env_var_constructor)
    _Loader.add_constructor("!raw_env_var", partial(env_var_constructor, raw=True))
    _Loader.add_implicit_resolver("!env_var", IMPLICIT_ENV_VAR_MATCHER, None)
    _env_var_constructor_installed = True


def read_yaml(path: str) -> dict[str, Any]:
    """Parse one config file with environment substitution; errors name the file and line."""
    _install_env_var_constructor()
    try:
        with open(path, encoding="utf-8") as fh:
            data = yaml.load(fh, Loader=_Loader)  # noqa: S506 - _Loader is a SafeLoader subclass
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such config file", {"file": path, "reason": "missing"}) from None
    except IsADirectoryError:
        raise ConfigError(f"{path}: is a directory, not a config file", {"file": path}) from None
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: not UTF-8 text (byte {exc.start}): a binary file is not a config file",
                          {"file": path, "reason": "encoding"}) from None
    except PermissionError:
        raise ConfigError(f"{path}: not readable (permission denied)", {"file": path, "reason": "permission"}) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise ConfigError(f"{path}:{where}: not valid YAML: {problem}", {"file": path, "reason": "yaml"}) from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: the top level must be a mapping of settings", {"file": path})
    return data


def resolve(raw: Mapping[str, Any], settings: Iterable[Setting], source: str = "<config>") -> Settings:
    """Validate ``raw`` (a parsed YAML tree) against ``settings`` and fill in defaults.

    Every problem is collected first so the user sees them all at once, then one ConfigError is
    raised whose message lists each ``file: key: reason`` on its own line.
    """
    declared = {s.path: s for s in settings}
    sections = {p.rsplit(".", i)[0] for p in declared for i in range(1, p.count(".") + 1)}
    values: dict[str, Any] = {}
    problems: list[ConfigError] = []

    def walk(node: Mapping[str, Any], prefix: str) -> None:
        for key, value in node.items():
            path = f"{prefix}{key}"
            if path in declared:
                try:
                    values[path] = declared[path].check(value, source)
                except ConfigError as exc:
                    problems.append(exc)
            elif path in sections:
                if isinstance(value, Mapping):
                    walk(value, path + ".")
                elif value is not None:
                    problems.append(_error(source, path, "is a section: expected a mapping of settings"))
            else:
                problems.append(_error(source, path, "unknown setting" + _suggest(path, declared)))

    walk(raw, "")
    for path, setting in declared.items():
        if path in values:
            continue
        if setting.required:
            problems.append(_error(source, path, "missing required setting"))
        else:
            values[path] = copy.deepcopy(setting.default)
    if problems:
        if len(problems) == 1:
            raise problems[0]
        raise ConfigError(
            "\n".join(p.message for p in problems),
            {"file": source, "problems": [p.details for p in problems]},
        )
    return Settings(values, _tree(values), source)


def _suggest(path: str, declared: Mapping[str, Setting]) -> str:
    import difflib

    close = difflib.get_close_matches(path, list(declared), n=1, cutoff=0.75)
    return f" (did you mean {close[0]}?)" if close else ""


def _tree(values: Mapping[str, Any]) -> dict[str, Any]:
    tree: dict[str, Any] = {}
    for path, value in sorted(values.items()):
        node = tree
        *parents, leaf = path.split(".")
        for p in parents:
            node = node.setdefault(p, {})
        node[leaf] = value
    return tree


def load(path: str, settings: Iterable[Setting]) -> Settings:
    """Read, substitute, validate: the one call a command or service makes."""
    return resolve(read_yaml(path), settings, source=os.fspath(path))


def dump(settings: Settings) -> str:
    """The resolved configuration as YAML, defaults included (``nas config show``)."""
    return yaml.safe_dump(settings.tree, sort_keys=True, default_flow_style=False, allow_unicode=True)
