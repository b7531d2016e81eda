"""What every ``nas`` subcommand shares: reaching the services, printing tables, exit codes."""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Iterator, Sequence
from typing import Any

from shared.client import RpcTimeout, UnknownService, Unreachable  # noqa: F401 - what commands catch

DEFAULT_AMQP_URI = "amqp://guest:guest@localhost:5672/"

# The one table of exit codes of every ``nas`` command (docs/decisions/cli-exit-codes.md): each
# kind of mistake has its code and its word, and the one line on standard error reads
# ``nas: <word>: <message>``. main.py maps the project's typed errors onto it; commands that
# report on their own return these names, never bare numbers.
EXIT_OK = 0
EXIT_FAILED = 1          # the command ran and reports failures (items not done, problems found)
EXIT_BAD_INPUT = 2       # usage error or invalid input: the command cannot succeed as typed
EXIT_UNREACHABLE = 3     # unavailable: broker, service or replica down or too slow; may work later
EXIT_NOT_FOUND = 4       # the named object does not exist
EXIT_PERMISSION = 5      # permission denied: role missing, login or token refused
EXIT_CONFLICT = 6        # clashes with the current state (exists already, edited meanwhile, ended)
EXIT_INTERNAL = 7        # internal error: a bug, never the user's mistake

#: (code, the word after ``nas:``, what it means): ``nas --help`` and the docs print this table.
EXIT_CODES = (
    (EXIT_OK, "", "done"),
    (EXIT_FAILED, "failed", "the command ran and reports failures (some items not done, problems found)"),
    (EXIT_BAD_INPUT, "error", "usage error or invalid input (wrong option, malformed value, unreadable file)"),
    (EXIT_UNREACHABLE, "unavailable", "broker, service or replica cannot be reached or did not answer in time"),
    (EXIT_NOT_FOUND, "not found", "the named object (job, domain, file, session...) does not exist"),
    (EXIT_PERMISSION, "permission denied", "your role does not allow it, or the login was refused"),
    (EXIT_CONFLICT, "conflict", "it clashes with the current state (exists already, changed meanwhile, ended)"),
    (EXIT_INTERNAL, "internal error", "a bug: NAS_DEBUG=1 shows the traceback"),
)
EXIT_WORDS = {code: word for code, word, _ in EXIT_CODES}


def exit_codes_text() -> str:
    """The table as ``nas --help`` ends with it."""
    return "exit codes (the error line reads `nas: WORD: message`):\n" + "\n".join(
        f"  {code}  {word or '-':<17} {meaning}" for code, word, meaning in EXIT_CODES) + \
        "\n  130 interrupted, 141 output pipe closed"


def fail(code: int, message: str) -> int:
    """Print the one error line of ``code``'s kind and answer ``code``: for commands that find a
    mistake themselves (``return fail(EXIT_BAD_INPUT, "...")``)."""
    print(f"nas: {EXIT_WORDS[code]}: {message}", file=sys.stderr)
    return code


def add_broker_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--amqp-uri", default=None,
                        help="broker URI with vhost (default: $NAS_AMQP_URI, AMQP_URI of --config, or localhost)")
    parser.add_argument("--config", dest="broker_config", metavar="FILE", default=None,
                        help="take the broker URI from this service config file")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds to wait for an answer")
    parser.add_argument("--user", default=None, metavar="LOGIN",
                        help="call as this person (password: $NAS_PASSWORD, the one `nas login` saved, else asked); "
                             "default: $NAS_USER, else the login `nas login` saved, else the broker URI's own user")


def amqp_uri(args: argparse.Namespace) -> str:
    if getattr(args, "amqp_uri", None):
        return args.amqp_uri
    if os.environ.get("NAS_AMQP_URI"):
        return os.environ["NAS_AMQP_URI"]
    if getattr(args, "broker_config", None):
        from server.settings_catalog import all_settings
        from shared.config import load

        return load(args.broker_config, all_settings())["AMQP_URI"]
    return DEFAULT_AMQP_URI


def login_uri(args: argparse.Namespace) -> str:
    """The broker URI with the caller's own login in it (:mod:`shared.credentials`): the services
    take the caller from the broker login, so this is who the command runs as. A ``--user`` whose
    password is known nowhere is asked for on a terminal."""
    from shared.credentials import Login, find_login, uri_with_login

    login = find_login(getattr(args, "user", None), getattr(args, "password", None))
    if login is not None and not login.password:
        if not sys.stdin.isatty():
            from shared.errors import InvalidInput

            raise InvalidInput(f"no password for {login.user}: set $NAS_PASSWORD, or run `nas login` first")
        import getpass

        login = Login(login.user, getpass.getpass(f"Password for {login.user}: "), login.source)
    return uri_with_login(amqp_uri(args), login)


@contextlib.contextmanager
def rpc_proxy(args: argparse.Namespace) -> Iterator[Any]:
    """The services, reached through the one client (:class:`shared.client.ServiceClient`: no
    Nameko, no eventlet), logged in as the caller (:func:`login_uri`); a broker that cannot be reached
    becomes :class:`Unreachable`. ``proxy.<service>.<method>(...)`` answers the wire form;
    :func:`call` answers DTOs."""
    from shared.client import ServiceClient

    client = ServiceClient(login_uri(args), timeout=args.timeout)
    try:
        yield client
    finally:
        client.close()


def call(proxy: Any, service: str, method: str, *a: Any, **kw: Any) -> Any:
    """``service.method(...)`` decoded into the DTO its contract declares
    (:func:`shared.contracts.decode`); a silent or missing service becomes :class:`Unreachable`."""
    from shared import contracts

    try:
        return contracts.decode(service, method, proxy.call_raw(service, method, a, kw))
    except RpcTimeout:
        raise Unreachable(f"the {service} service did not answer in time (is it running?)") from None
    except UnknownService:
        raise Unreachable(f"no {service} service is running on this broker") from None


class NoBar:
    """What :func:`progress_bar` gives when no bar is shown: the part of tqdm's bar the commands
    use (``update``, ``set_description``, ``close``, a settable ``total``), doing nothing."""

    total: int | float | None = None

    def update(self, n: int = 1) -> None:
        pass

    def set_description(self, desc: str | None = None, refresh: bool = True) -> None:
        pass

    def close(self) -> None:
        pass

    def __enter__(self) -> NoBar:
        return self

    def __exit__(self, *exc: object) -> None:
        pass


def progress_bar(args: argparse.Namespace, **kw: Any) -> Any:
    """A ``tqdm`` bar on standard error, or :class:`NoBar` with ``--no-progress`` or when standard
    error is not a terminal (where tqdm would show nothing either). tqdm is imported only for a
    bar that is shown: its import and its first bar cost 0.2-0.5 s (it reads the package
    metadata for its version and makes a multiprocessing lock), a tenth of a 1 GiB ``nas
    upload`` on the 2-core target (docs/decisions/archive-store-speed.md)."""
    if getattr(args, "no_progress", False) or not sys.stderr.isatty():
        return NoBar()
    from tqdm import tqdm

    return tqdm(file=sys.stderr, leave=False, **kw)


def print_table(headers: Sequence[str], rows: Sequence[Sequence[Any]], out=None) -> None:
    out = out or sys.stdout
    cells = [[str(h) for h in headers]] + [["" if c is None else str(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    for n, r in enumerate(cells):
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip(), file=out)
        if n == 0:
            print("  ".join("-" * w for w in widths), file=out)


def print_json(data: Any) -> None:
    """DTOs (and lists or dicts of them) as the wire carries them."""
    from shared.dto import to_json

    print(json.dumps(to_json(data), indent=2, sort_keys=True, default=str))


def text(value: Any) -> str:
    """A DTO field as the command line shows it: times in ISO 8601 (UTC, as the wire carries
    them), enums by value, nothing for None."""
    import datetime as dt
    import enum

    from shared.dto import to_json

    if value is None:
        return ""
    if isinstance(value, (dt.datetime, dt.date, enum.Enum)):
        return str(to_json(value))
    return str(value)


def human_age(seconds: float) -> str:
    seconds = max(0, int(seconds))
    if seconds < 120:
        return f"{seconds}s"
    if seconds < 7200:
        return f"{seconds // 60}m"
    if seconds < 172800:
        return f"{seconds // 3600}h"
    return f"{seconds // 86400}d"


# --- times and sizes for people (h-everyday) ----------------------------------------------------

def when(value: Any, zone: Any = None) -> str:
    """A time as people read it: in the user's time zone (``zone``, else $TZ or the system's),
    to the second, with the zone named ("2026-11-23 20:40:01 CET"); nothing for None. ``--json``
    output keeps ISO 8601 UTC, as the wire carries it."""
    import datetime as dt

    if value is None:
        return ""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        # Epoch seconds, as the monitor's log records carry them.
        value = dt.datetime.fromtimestamp(value, dt.UTC)
    if isinstance(value, str):
        try:
            value = dt.datetime.fromisoformat(value)
        except ValueError:
            return value
    if not isinstance(value, dt.datetime):
        return text(value)
    if value.tzinfo is None:
        value = value.replace(tzinfo=dt.UTC)
    local = value.astimezone(zone) if zone is not None else value.astimezone()
    return f"{local:%Y-%m-%d %H:%M:%S} {local.tzname() or local.strftime('%z')}"


def size(n: int | None) -> str:
    """Bytes in binary units ("1.5 MiB"); "no limit" for -1, nothing for None."""
    if n is None:
        return ""
    if n < 0:
        return "no limit"
    value = float(n)
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if value < 1024 or unit == "TiB":
            return f"{int(value)} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{n} B"  # pragma: no cover


def limit(n: int | None) -> str:
    """A count limit: "no limit" for -1 (or None)."""
    return "no limit" if n is None or n < 0 else str(n)


class PortInUse(Exception):
    """A port a command wants to listen on is taken (``nas`` exits 3, unavailable, naming port and
    option)."""


def check_port_free(port: int, what: str, option: str, host: str = "127.0.0.1") -> None:
    """Raise :class:`PortInUse` naming the port, what needs it and the option that changes it,
    before anything has been started that would then have to be undone."""
    import errno
    import socket

    if not port:
        return
    with socket.socket() as sock:
        # as the servers themselves do: a port left in TIME_WAIT by a previous run is free
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError as exc:
            if exc.errno in (errno.EADDRINUSE, errno.EACCES):
                why = "is in use" if exc.errno == errno.EADDRINUSE else "may not be used by this user"
                raise PortInUse(f"port {port} on {host} ({what}) {why}; choose another with {option} PORT") from None
            raise
