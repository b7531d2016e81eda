"""``nas deploy check|render|plan|apply``: an installation from one description (docs/operations.md)."""
from __future__ import annotations

import argparse


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
    for name, func, text in (("plan", plan, "what apply would install and restart on a host"),
                             ("apply", apply, "install a host's changed files, restart only their units")):
        a = s.add_parser(name, help=text)
        a.add_argument("description", metavar="ENVIRONMENT_YAML")
        a.add_argument("--host", required=True, help="the host of the description to plan or apply")
        a.add_argument("--root", default="/", help="install below this directory (default: /)")
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
        print(f"{args.description}: hosts: no host {args.host!r} (hosts: {', '.join(d.hosts)})")
        return None
    files, manifest = r.render_host(d, planned, args.host)
    return d, files, manifest


def plan(args: argparse.Namespace) -> int:
    from server.deploy import apply as a

    got = _host_plan(args)
    if got is None:
        return 2
    d, files, manifest = got
    print("\n".join(a.plan(files, manifest, args.root, d.hosts[args.host].install["state_dir"]).lines()))
    return 0


def apply(args: argparse.Namespace) -> int:
    import shlex

    from server.deploy import apply as a

    got = _host_plan(args)
    if got is None:
        return 2
    d, files, manifest = got
    systemctl = args.systemctl if args.systemctl is not None else ("systemctl" if args.root == "/" else "")
    done = a.apply(files, manifest, args.root, d.hosts[args.host].install["state_dir"], shlex.split(systemctl) or None)
    print("\n".join(done.lines()))
    return 0
