"""``nas identity issue|show`` and ``nas audit show``: who may call what, and who did what.

See docs/decisions/trust-roles.md: an identity is a token signed with the installation key, so
only someone who can read the key (an administrator on a service host) issues them.
"""
from __future__ import annotations

import argparse

from server.cli.common import EXIT_BAD_INPUT, print_table

ROLES = ("curator", "qa", "operator", "admin", "harvester")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("identity", help="issue and inspect the signed identities people call the services with")
    s = p.add_subparsers(dest="identity_command", metavar="ACTION")
    s.required = True
    i = s.add_parser("issue", help="a token for one person and role(s), signed with the installation key")
    i.add_argument("--user", required=True, help="who the token names (shown in the audit log)")
    i.add_argument("--role", action="append", required=True, choices=ROLES,
                   help="a role the person holds (repeat for several)")
    i.add_argument("--days", type=float, default=365.0, help="how long the token is valid (default 365)")
    i.add_argument("--key-file", default=None, help="the installation key (default: $NAS_KEY_FILE)")
    i.add_argument("--out", default=None, metavar="FILE",
                   help="write the token to FILE (mode 0600) instead of printing it")
    i.set_defaults(func=issue)
    w = s.add_parser("show", help="whom a token names, its roles and expiry (checked against the key)")
    w.add_argument("token", nargs="?", default=None, help="token or file (default: the one `nas` would use)")
    w.add_argument("--key-file", default=None, help="the installation key (default: $NAS_KEY_FILE)")
    w.set_defaults(func=show)

    a = sub.add_parser("audit", help="the audit log: who changed what, when, and what was refused")
    t = a.add_subparsers(dest="audit_command", metavar="ACTION")
    t.required = True
    r = t.add_parser("show", help="print entries of one or more audit logs (security.audit_log), oldest first")
    r.add_argument("files", nargs="+", metavar="FILE")
    r.add_argument("--who", default=None, help="only this subject")
    r.add_argument("--outcome", choices=("ok", "failed", "refused"), default=None)
    r.add_argument("--last", type=int, default=0, help="only the last N entries")
    r.set_defaults(func=audit_show)


def _key(args: argparse.Namespace) -> bytes:
    import os

    from server.runtime.tokens import installation_key
    from shared.errors import ConfigError

    path = args.key_file or os.environ.get("NAS_KEY_FILE", "")
    if not path:
        raise ConfigError("say where the installation key is: --key-file PATH or $NAS_KEY_FILE", {})
    return installation_key({"security.key_file": path})


def issue(args: argparse.Namespace) -> int:
    import os

    from server.runtime import identity

    if args.days <= 0:
        print("--days must be positive")
        return EXIT_BAD_INPUT
    token = identity.issue(_key(args), args.user, args.role, args.days * 86400)
    who = identity.verify(_key(args), token)
    if args.out:
        fd = os.open(args.out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as fh:
            fh.write(token + "\n")
        print(f"wrote {args.out} (mode 0600): {args.user} as {', '.join(sorted(who.roles))}, "
              f"token id {who.token_id} (revoke with security.revoked_identities)")
    else:
        print(token)
    return 0


def show(args: argparse.Namespace) -> int:
    import json

    from server.runtime import identity, tokens

    token = identity.read_token(args.token) if args.token else identity.person_token()
    if not token:
        print("no identity: pass a token, set $NAS_IDENTITY, or run where the installation key is readable")
        return EXIT_BAD_INPUT
    who = identity.verify(_key(args), token)
    claims = json.loads(tokens._unb64(token.split(".")[1]))
    from server.cli.common import when

    expires = when(claims["exp"])
    print_table(["subject", "roles", "token id", "expires"], [[who.subject, ", ".join(sorted(who.roles)),
                                                                 who.token_id, expires]])
    return 0


def audit_show(args: argparse.Namespace) -> int:
    from server.runtime.audit import read

    rows = []
    for path in args.files:
        for e in read(path):
            if (args.who and e.get("who") != args.who) or (args.outcome and e.get("outcome") != args.outcome):
                continue
            rows.append([e.get("time"), e.get("who"), ",".join(e.get("roles") or ()), e.get("action"),
                         e.get("outcome"), e.get("error") or "", e.get("instance") or ""])
    rows.sort(key=lambda r: r[0] or "")
    if args.last:
        rows = rows[-args.last:]
    print_table(["time", "who", "roles", "action", "outcome", "error", "instance"], rows)
    return 0
