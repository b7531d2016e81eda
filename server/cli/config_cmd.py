"""``nas config check|show|settings``."""
from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("config", help="check and show service configuration files")
    s = p.add_subparsers(dest="config_command", metavar="ACTION")
    s.required = True
    c = s.add_parser("check", help="validate config files; exit 2 naming every bad key")
    c.add_argument("files", nargs="+", metavar="FILE")
    c.set_defaults(func=check)
    sh = s.add_parser("show", help="print the resolved config, defaults included, secrets masked")
    sh.add_argument("file", metavar="FILE")
    sh.set_defaults(func=show)
    ls = s.add_parser("settings", help="list every setting with its default and meaning")
    ls.add_argument("prefix", nargs="?", default="", help="only settings under this dotted prefix")
    ls.set_defaults(func=list_settings)


def check(args: argparse.Namespace) -> int:
    from server.settings_catalog import all_settings
    from shared.config import load
    from shared.errors import ConfigError

    bad = 0
    for path in args.files:
        try:
            load(path, all_settings())
            print(f"{path}: ok")
        except ConfigError as exc:
            print(exc.message)
            bad += 1
    return 2 if bad else 0


def show(args: argparse.Namespace) -> int:
    import yaml

    from server.settings_catalog import all_settings
    from shared.config import load
    from shared.masking import masked

    settings = load(args.file, all_settings())
    # like shared.config.dump, with keys, passwords and the passwords of URLs replaced
    print(yaml.safe_dump(masked(settings.tree), sort_keys=True, default_flow_style=False, allow_unicode=True), end="")
    return 0


def list_settings(args: argparse.Namespace) -> int:
    from server.cli.common import print_table
    from server.settings_catalog import all_settings
    from shared.config import REQUIRED

    rows = [
        (s.path, "(required)" if s.default is REQUIRED else repr(s.default), s.doc)
        for s in sorted(all_settings(), key=lambda s: s.path)
        if s.path.startswith(args.prefix)
    ]
    print_table(("SETTING", "DEFAULT", "MEANING"), rows)
    return 0
