"""``nas db upgrade|current``: schema migrations, for operators who turn auto_migrate off."""
from __future__ import annotations

import argparse
import importlib.util


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("db", help="database schema migrations")
    s = p.add_subparsers(dest="db_command", metavar="ACTION")
    s.required = True
    for name, func, helptext in (("upgrade", do_upgrade, "migrate a database to the newest schema"),
                                 ("current", do_current, "print the schema revision and the newest one")):
        a = s.add_parser(name, help=helptext)
        a.add_argument("database", help="which database: harvest or archive")
        a.add_argument("--config", required=True, metavar="FILE",
                       help="a service config whose database.url and data_dir are used")
        a.set_defaults(func=func)


#: each database and the package of its Alembic chain (with its owner: docs/architecture.md)
MIGRATIONS = {"harvest": "server.harvestdb.migrations", "archive": "server.archive.arcrepository.migrations"}


def _open(args: argparse.Namespace):
    from server.db.engine import database_url, make_engine
    from server.settings_catalog import all_settings
    from shared.config import load
    from shared.errors import InvalidInput

    package = MIGRATIONS.get(args.database, "")
    if not package or importlib.util.find_spec(package) is None:
        raise InvalidInput(f"no database named {args.database!r} (known: {', '.join(MIGRATIONS)})",
                           {"database": args.database})
    s = load(args.config, all_settings())
    return make_engine(database_url(s["database.url"], s["data_dir"], args.database)), package


def do_upgrade(args: argparse.Namespace) -> int:
    from server.db.migrate import current_revisions, upgrade

    engine, package = _open(args)
    upgrade(engine, args.database, package)
    print(f"{args.database}: at {', '.join(current_revisions(engine, args.database))}")
    return 0


def do_current(args: argparse.Namespace) -> int:
    from server.db.migrate import current_revisions, head_revisions

    engine, package = _open(args)
    cur, head = current_revisions(engine, args.database), head_revisions(engine, args.database, package)
    print(f"{args.database}: at {', '.join(cur) or '(empty)'}, newest {', '.join(head)}")
    return 0 if cur == head else 1
