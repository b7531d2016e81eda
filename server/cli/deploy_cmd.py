"""``nas deploy check|render|plan|apply``: an installation from one description (docs/operations.md).

``plan``/``apply --host H`` work on this machine when H is this machine (its host name or fully
qualified name, ``localhost``, or a host whose ``address`` is one of those or a loopback address)
or with ``--local``; any other host is reached over ssh and rsync (server/deploy/apply.py). A host
that cannot be reached, or a command there that fails, is one line and exit 3.
"""
from __future__ import annotations

import argparse

from server.cli.common import EXIT_BAD_INPUT, fail


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("deploy", help="render and install a whole installation from environment.yaml")
    s = p.add_subparsers(dest="deploy_command", metavar="ACTION")
    s.required = True
    c = s.add_parser("check", help="validate the description; exit 2 naming every problem (file:line: key)")
    c.add_argument("description", metavar="ENVIRONMENT_YAML")
    c.set_defaults(func=check)
    r = s.add_parser("render", help="write every host's configs, env files, units and manifest under DIR/<host>/")
    r.add_argument("description", metavar="ENVIRONMENT_YAML")
    r.add_argument("-o", "--output", required=True, metavar="DIR")
    r.set_defaults(func=render)
    b = s.add_parser("accounts", help="make the broker's vhost and one account per service instance (svc-<id>, "
                                      "through broker.management_url), and delete RabbitMQ's guest")
    b.add_argument("description", metavar="ENVIRONMENT_YAML")
    b.add_argument("--keep-guest", action="store_true",
                   help="leave RabbitMQ's guest account (a development broker); by default it is deleted")
    b.set_defaults(func=accounts)
    for name, func, text in (("plan", plan, "what apply would install and restart on a host"),
                             ("apply", apply, "install a host's changed files, restart only their units")):
        a = s.add_parser(name, help=text)
        a.add_argument("description", metavar="ENVIRONMENT_YAML")
        a.add_argument("--host", required=True, help="the host of the description to plan or apply")
        a.add_argument("--root", default="/", help="install below this directory (default: /)")
        a.add_argument("--local", action="store_true",
                       help="work on this machine even if H names another one (e.g. a test installation)")
        a.add_argument("--ssh", default=None, metavar="CMD",
                       help="ssh command for a remote host (default: the host's install.ssh_command, ssh)")
        a.add_argument("--rsync", default=None, metavar="CMD",
                       help="rsync command for a remote host (default: the host's install.rsync, rsync)")
        if name == "apply":
            a.add_argument("--systemctl", default=None,
                           help="systemctl command (default: systemctl when --root is /, else none)")
        a.set_defaults(func=func)


def _checked(path: str):
    from server.deploy import build, model

    d = model.read(path)
    return d, build.check(d)


def check(args: argparse.Namespace) -> int:
    from shared.errors import ConfigError

    try:
        d, planned = _checked(args.description)
    except ConfigError as exc:
        print(exc.message)
        return 2
    print(f"{args.description}: ok ({len(d.hosts)} hosts, {len(planned)} instances)")
    return 0


def accounts(args: argparse.Namespace) -> int:
    """Every instance's broker account, with a service's permissions on the installation's vhost;
    guest deleted (everyone knows its password). Run once before `apply`, and again after adding
    instances or changing the secret: it is safe to repeat."""
    from server.deploy.build import service_account
    from server.runtime.broker_accounts import BrokerAccounts
    from shared.errors import ConfigError

    try:
        d, planned = _checked(args.description)
    except ConfigError as exc:
        print(exc.message)
        return 2
    if not d.broker.get("management_url") or not d.broker.get("service_accounts"):
        return fail(EXIT_BAD_INPUT, f"{args.description}: broker.management_url and broker.service_accounts: true "
                                    "are needed to make one account per service instance (docs/operations.md)")
    try:
        broker = BrokerAccounts(_resolved(str(d.broker["management_url"])), str(d.broker["vhost"]))
        passwords = {p.spec.id: _resolved(service_account(d, p.kind.name, p.spec.id)[1]) for p in planned}
    except KeyError as exc:
        return fail(EXIT_BAD_INPUT, f"{args.description}: ${{{exc.args[0]}}} is not set here: export it (the "
                                    "secrets of the services' secrets file) and run again")
    broker.create_vhost()
    for p in planned:
        login = service_account(d, p.kind.name, p.spec.id)[0]
        broker.put_user(login, passwords[p.spec.id])
        broker.grant_service(login)
        print(f"{login:<32} {p.kind.name} on {p.host}")
    if args.keep_guest:
        pass
    elif broker.user == "guest":
        print("guest: kept, as broker.management_url logs in with it (make an administrator account first)")
    else:
        print("guest: deleted" if broker.disable_guest() else "guest: not there")
    return 0


def _resolved(value: str) -> str:
    """``${VAR}`` and ``${VAR:default}`` put in from this process's environment (KeyError: unset)."""
    import os
    import re

    def one(m: re.Match) -> str:
        name, _, default = m.group(1).partition(":")
        if name in os.environ:
            return os.environ[name]
        if m.group(1).count(":"):
            return default
        raise KeyError(name)

    return re.sub(r"\$\{([^{}]+)\}", one, value)


def render(args: argparse.Namespace) -> int:
    from server.deploy import render as r
    from shared.errors import ConfigError

    try:
        d, planned = _checked(args.description)
    except ConfigError as exc:
        print(exc.message)
        return 2
    for host in d.hosts:
        files, manifest = r.render_host(d, planned, host)
        r.write(args.output, host, files, manifest)
        print(f"{host}: {len(files)} files, {len(manifest['units'])} units")
    return 0


def _host_plan(args: argparse.Namespace):
    from server.deploy import render as r
    from shared.errors import ConfigError

    try:
        d, planned = _checked(args.description)
    except ConfigError as exc:
        print(exc.message)
        return None
    if args.host not in d.hosts:
        # a --host that is none of the description's: a value outside its choices, as argparse says it
        fail(EXIT_BAD_INPUT, f"{args.description}: hosts: no host {args.host!r} (hosts: {', '.join(d.hosts)})")
        return None
    files, manifest = r.render_host(d, planned, args.host)
    return d, files, manifest


def is_this_machine(name: str, address: str) -> bool:
    """True when the description's host (or its address) names the machine we run on."""
    import ipaddress
    import socket

    here = {"localhost", socket.gethostname().lower(), socket.getfqdn().lower()}
    for n in (name.lower(), address.lower()):
        if n in here:
            return True
        try:
            if ipaddress.ip_address(n).is_loopback:
                return True
        except ValueError:
            pass
    return False


def _target(args: argparse.Namespace, d):
    import shlex

    from server.deploy import apply as a

    host = d.hosts[args.host]
    if args.local or is_this_machine(host.name, host.address):
        return a.Local(args.root), ""
    ssh = shlex.split(args.ssh if args.ssh is not None else str(host.install["ssh_command"]))
    rsync = shlex.split(args.rsync if args.rsync is not None else str(host.install["rsync"]))
    return a.Remote(host.address, args.root, ssh, rsync), f"{host.address}: "


def plan(args: argparse.Namespace) -> int:
    from server.cli.common import Unreachable
    from server.deploy import apply as a

    got = _host_plan(args)
    if got is None:
        return 2
    d, files, manifest = got
    target, where = _target(args, d)
    try:
        p = a.plan(files, manifest, args.root, d.hosts[args.host].install["state_dir"], target)
    except a.RemoteFailed as exc:
        raise Unreachable(str(exc)) from None
    print("\n".join(where + line for line in p.lines()))
    return 0


def apply(args: argparse.Namespace) -> int:
    import shlex

    from server.cli.common import Unreachable
    from server.deploy import apply as a

    got = _host_plan(args)
    if got is None:
        return 2
    d, files, manifest = got
    target, where = _target(args, d)
    systemctl = args.systemctl if args.systemctl is not None else ("systemctl" if args.root == "/" else "")
    try:
        done = a.apply(files, manifest, args.root, d.hosts[args.host].install["state_dir"],
                       shlex.split(systemctl) or None, target)
    except a.RemoteFailed as exc:
        raise Unreachable(str(exc)) from None
    print("\n".join(where + line for line in done.lines()))
    return 0
