"""``nas db upgrade|current``: schema migrations, for operators who turn auto_migrate off."""
from __future__ import annotations

import argparse
import importlib.util
import os


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


def _open(args: argparse.Namespace, create: bool):
    """The engine of the database the config names, and its migrations package. Relative paths
    (``data_dir``, an SQLite URL's file) are read from the config file's folder, where the
    services run (server/runtime/supervisor.py), not from wherever ``nas`` is typed. Without
    ``create`` (``current`` only reads) an SQLite file that is not there is NotFound, and
    nothing is made."""
    from sqlalchemy.engine import make_url

    from server.db.engine import make_engine
    from server.settings_catalog import all_settings
    from shared.config import load
    from shared.errors import InvalidInput, NotFound

    package = MIGRATIONS.get(args.database, "")
    if not package or importlib.util.find_spec(package) is None:
        raise InvalidInput(f"no database named {args.database!r} (known: {', '.join(MIGRATIONS)})",
                           {"database": args.database})
    s = load(args.config, all_settings())
    here = os.path.dirname(os.path.abspath(args.config))
    url = make_url(s["database.url"] or "sqlite:///" + os.path.join(s["data_dir"], f"{args.database}.db"))
    if url.get_backend_name() == "sqlite" and url.database and url.database != ":memory:":
        path = os.path.abspath(os.path.join(here, url.database))
        url = url.set(database=path)
        if not os.path.exists(path):
            if not create:
                raise NotFound(f"no {args.database} database at {path} (from {args.config}); nothing was created: "
                               f"`nas db upgrade {args.database} --config {args.config}` makes it",
                               {"database": args.database, "file": path})
            os.makedirs(os.path.dirname(path), exist_ok=True)
    return make_engine(url.render_as_string(hide_password=False)), package


def do_upgrade(args: argparse.Namespace) -> int:
    from server.db.migrate import current_revisions, upgrade

    engine, package = _open(args, create=True)
    upgrade(engine, args.database, package)
    print(f"{args.database}: at {', '.join(current_revisions(engine, args.database))}")
    return 0


def do_current(args: argparse.Namespace) -> int:
    from server.db.migrate import current_revisions, head_revisions

    engine, package = _open(args, create=False)
    cur, head = current_revisions(engine, args.database), head_revisions(engine, args.database, package)
    print(f"{args.database}: at {', '.join(cur) or '(empty)'}, newest {', '.join(head)}")
    return 0 if cur == head else 1
