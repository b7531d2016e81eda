"""``nas keys init|show-path``: the installation key that signs capability tokens."""
from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("keys", help="the installation key that signs transfer, file and repair tokens")
    s = p.add_subparsers(dest="keys_command", metavar="ACTION")
    s.required = True
    i = s.add_parser("init", help="create the key file (mode 0600) if it does not exist; copy the same file "
                                  "to every host of the installation")
    i.add_argument("--file", required=True, metavar="PATH",
                   help="where to write it, e.g. /etc/nas/installation.key (security.key_file)")
    i.set_defaults(func=init)


def init(args: argparse.Namespace) -> int:
    from server.runtime.tokens import create_key_file

    if create_key_file(args.file):
        print(f"created {args.file} (mode 0600): copy it to every host of this installation and point "
              "security.key_file at it")
    else:
        print(f"{args.file} exists; kept as it is")
    return 0
