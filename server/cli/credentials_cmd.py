"""``nas credentials rotate``: a new key for the stored site passwords, every password
re-encrypted with it (docs/operations.md "Secrets")."""
from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("credentials", help="the key that encrypts stored site passwords")
    s = p.add_subparsers(dest="credentials_command", metavar="ACTION")
    s.required = True
    r = s.add_parser("rotate", help="put a new key first in the key file and re-encrypt every stored password "
                                    "with it (stop the definitions service first)")
    r.add_argument("--config", required=True, metavar="FILE",
                   help="the definitions service's config (its database and harvest.credentials.key_file)")
    r.add_argument("--drop-old", action="store_true",
                   help="remove the older keys from the key file afterwards (default: keep them, decrypt-only)")
    r.set_defaults(func=rotate)


def rotate(args: argparse.Namespace) -> int:
    import os

    from sqlalchemy.orm import Session

    from server.db.engine import database_url, make_engine
    from server.definitions.credentials import key_file_path, rotate
    from server.settings_catalog import all_settings
    from shared.config import load
    from shared.errors import ConfigError

    s = load(args.config, all_settings())
    if s["harvest.credentials.key"] or os.environ.get("NAS_CREDENTIALS_KEY"):
        raise ConfigError("the key is given in harvest.credentials.key or $NAS_CREDENTIALS_KEY, not in a key file: "
                          "move it to a key file (harvest.credentials.key_file) to rotate it",
                          {"key": "harvest.credentials.key"})
    os.environ["NAS_CONFIG_FILE"] = os.path.abspath(args.config)   # the key file's default place
    path = key_file_path(s["harvest.credentials.key_file"], s["data_dir"])
    if not os.path.exists(path):
        raise ConfigError(f"{path}: no credentials key file to rotate", {"key": "harvest.credentials.key_file"})
    engine = make_engine(database_url(s["database.url"], s["data_dir"], "harvest"))
    try:
        with Session(engine) as session:
            count, keys = rotate(session, path, drop_old=args.drop_old)
    finally:
        engine.dispose()
    print(f"{path}: new key first ({len(keys)} key(s) in the file); {count} stored password(s) re-encrypted. "
          "Start the definitions service again; copy the key file to every definitions host.")
    return 0
