"""What every ``nas`` subcommand shares: reaching the services, printing tables, exit codes."""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Iterator, Sequence
from typing import Any

DEFAULT_AMQP_URI = "amqp://guest:guest@localhost:5672/"

# Exit codes: 0 fine, 1 the operation ran and reports failures, 2 bad input, 3 cannot reach a service.
EXIT_FAILED, EXIT_BAD_INPUT, EXIT_UNREACHABLE = 1, 2, 3


class Unreachable(Exception):
    """The broker or the service did not answer."""


def add_broker_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--amqp-uri", default=None,
                        help="broker URI with vhost (default: $NAS_AMQP_URI, AMQP_URI of --config, or localhost)")
    parser.add_argument("--config", dest="broker_config", metavar="FILE", default=None,
                        help="take the broker URI from this service config file")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds to wait for an answer")
    parser.add_argument("--identity", default=None, metavar="TOKEN|FILE",
                        help="who you are: a token from `nas identity issue` or its file (default: $NAS_IDENTITY, "
                             "~/.config/nas/identity.token, else admin when the installation key is readable)")


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


def identity_context(args: argparse.Namespace) -> dict[str, Any]:
    """The caller's identity as Nameko context data (server.runtime.identity.person_token)."""
    from server.runtime.identity import context_of, person_token

    settings: dict[str, Any] = {}
    if getattr(args, "broker_config", None):
        from server.settings_catalog import all_settings
        from shared.config import load

        settings = dict(load(args.broker_config, all_settings()))
    return context_of(person_token(getattr(args, "identity", None), settings))


@contextlib.contextmanager
def rpc_proxy(args: argparse.Namespace) -> Iterator[Any]:
    """A standalone Nameko RPC proxy carrying the caller's identity; connection problems
    become :class:`Unreachable`."""
    from nameko.standalone.rpc import ClusterRpcProxy

    uri = amqp_uri(args)
    context = identity_context(args)
    try:
        proxy_cm = ClusterRpcProxy({"AMQP_URI": uri}, context_data=context, timeout=args.timeout)
        proxy = proxy_cm.start()
    except (OSError, ConnectionError) as exc:
        raise Unreachable(f"cannot connect to the broker at {_safe(uri)}: {exc}") from None
    try:
        yield proxy
    finally:
        proxy_cm.stop()


def _safe(uri: str) -> str:
    from kombu.utils.url import maybe_sanitize_url

    return maybe_sanitize_url(uri)


def call(proxy: Any, service: str, method: str, *a: Any, **kw: Any) -> Any:
    """``proxy.<service>.<method>(...)`` decoded into the DTO its contract declares
    (:func:`shared.contracts.decode`), with a timeout turned into :class:`Unreachable`."""
    from nameko.exceptions import RpcTimeout, UnknownService

    from shared import contracts

    try:
        return contracts.decode(service, method, getattr(getattr(proxy, service), method)(*a, **kw))
    except RpcTimeout:
        raise Unreachable(f"the {service} service did not answer in time (is it running?)") from None
    except UnknownService:
        raise Unreachable(f"no {service} service is running on this broker") from None


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
