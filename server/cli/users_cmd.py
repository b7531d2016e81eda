"""``nas login|logout|whoami``, ``nas users ...`` and ``nas audit show``: who you are, who may use
the installation with which roles, and who did what.

Identity is the broker login (docs/security.md): each person has their own RabbitMQ account; the
services look their roles up in the users table the definitions service keeps. ``nas login``
checks a user name and password against the broker and keeps them for later commands in
``~/.config/nas/credentials`` (mode 0600); ``nas users`` is for administrators.
"""
from __future__ import annotations

import argparse
import sys

from server.cli.common import EXIT_BAD_INPUT, add_broker_arguments, call, fail, print_json, print_table, rpc_proxy, when

ROLES = ("curator", "qa", "operator", "admin")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("login", help="log in as a person: check the user and password, keep them for later commands")
    p.add_argument("login", nargs="?", default=None, help="your user name (default: asked)")
    p.add_argument("--password-stdin", action="store_true", help="read the password from standard input")
    add_broker_arguments(p)
    p.set_defaults(func=login)
    p = sub.add_parser("logout", help="forget the login `nas login` kept")
    p.set_defaults(func=logout)
    p = sub.add_parser("whoami", help="who the services take you for, and your roles")
    add_broker_arguments(p)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=whoami)

    u = sub.add_parser("users", help="the people who may use the installation and their roles (admin)")
    s = u.add_subparsers(dest="users_command", metavar="ACTION")
    s.required = True
    c = s.add_parser("list", help="every user with roles, disabled or not, and the last change")
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=users_list)
    c = s.add_parser("add", help="add a person: their broker account and roles; prints a new password once")
    c.add_argument("login")
    c.add_argument("--role", action="append", choices=ROLES, required=True, help="a role (repeat for several)")
    c.add_argument("--password-stdin", action="store_true",
                   help="read the new password from standard input (default: a random one, printed)")
    c.set_defaults(func=users_add)
    for name, helptext in (("grant", "give roles"), ("revoke", "take roles away")):
        c = s.add_parser(name, help=helptext)
        c.add_argument("login")
        c.add_argument("--role", action="append", choices=ROLES, required=True)
        c.set_defaults(func=users_change, action=name)
    for name, helptext in (("disable", "refuse every call of the user from now on, and close their connections"),
                           ("enable", "let a disabled user in again")):
        c = s.add_parser(name, help=helptext)
        c.add_argument("login")
        c.set_defaults(func=users_change, action=name)
    c = s.add_parser("remove", help="remove the user and their broker account")
    c.add_argument("login")
    c.set_defaults(func=users_remove)
    c = s.add_parser("passwd", help="set a password: your own (default), or anyone's as admin")
    c.add_argument("login", nargs="?", default=None, help="whose (default: yours)")
    c.add_argument("--password-stdin", action="store_true", help="read the new password from standard input")
    c.set_defaults(func=users_passwd)
    for parser in s.choices.values():
        add_broker_arguments(parser)

    a = sub.add_parser("audit", help="the audit log: who changed what, when, and what was refused")
    t = a.add_subparsers(dest="audit_command", metavar="ACTION")
    t.required = True
    r = t.add_parser("show", help="print entries of one or more audit logs (security.audit_log), oldest first")
    r.add_argument("files", nargs="+", metavar="FILE")
    r.add_argument("--who", default=None, help="only this login")
    r.add_argument("--outcome", choices=("ok", "failed", "refused"), default=None)
    r.add_argument("--last", type=int, default=0, help="only the last N entries")
    r.set_defaults(func=audit_show)


def _secret(prompt: str, from_stdin: bool, confirm: bool = False) -> str:
    """A password from standard input (first line) or asked on the terminal."""
    if from_stdin:
        return sys.stdin.readline().rstrip("\r\n")
    if not sys.stdin.isatty():
        from shared.errors import InvalidInput

        raise InvalidInput("no terminal to ask the password on: use --password-stdin")
    import getpass

    first = getpass.getpass(prompt)
    if confirm and getpass.getpass("Again: ") != first:
        from shared.errors import InvalidInput

        raise InvalidInput("the two passwords differ")
    return first


def login(args: argparse.Namespace) -> int:
    from shared.credentials import Login, save_login

    user = args.login or input("User: ").strip()
    if not user:
        return fail(EXIT_BAD_INPUT, "no user name given")
    password = _secret(f"Password for {user}: ", args.password_stdin)
    args.user, args.password = user, password      # what login_uri calls with
    with rpc_proxy(args) as proxy:
        me = call(proxy, "monitor", "whoami")
    path = save_login(Login(user, password))
    print(f"Logged in as {me.login} ({', '.join(me.roles) or 'no role'}); kept in {path} (mode 0600)")
    return 0


def logout(args: argparse.Namespace) -> int:
    from shared.credentials import credentials_path, forget_login

    print(f"forgot the login kept in {credentials_path()}" if forget_login() else "no login was kept")
    return 0


def whoami(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        me = call(proxy, "monitor", "whoami")
    if args.json:
        print_json(me)
    else:
        print(f"{me.login} ({', '.join(me.roles) or 'no role'})")
    return 0


def _user_rows(users) -> list[list[str]]:
    return [[u.login, ", ".join(u.roles), "disabled" if u.disabled else "active", when(u.changed_at), u.changed_by]
            for u in users]


def users_list(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        users = call(proxy, "definitions", "list_users")
    if args.json:
        print_json(users)
    else:
        print_table(["login", "roles", "state", "changed", "by"], _user_rows(users))
    return 0


def users_add(args: argparse.Namespace) -> int:
    password = _secret("New password: ", True) if args.password_stdin else ""
    with rpc_proxy(args) as proxy:
        made = call(proxy, "definitions", "add_user", args.login, args.role, password)
    print(f"added {made.user.login} ({', '.join(made.user.roles)})")
    if not password:
        print(f"password: {made.password}\n(shown once: give it to {made.user.login}, who can change it with "
              "`nas users passwd`)")
    return 0


def users_change(args: argparse.Namespace) -> int:
    change = {"grant": {"grant": args.__dict__.get("role")}, "revoke": {"revoke": args.__dict__.get("role")},
              "disable": {"disabled": True}, "enable": {"disabled": False}}[args.action]
    with rpc_proxy(args) as proxy:
        user = call(proxy, "definitions", "change_user", args.login, **change)
    print_table(["login", "roles", "state", "changed", "by"], _user_rows([user]))
    return 0


def users_remove(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        gone = call(proxy, "definitions", "remove_user", args.login)
    print(f"removed {gone.login} and their broker account")
    return 0


def users_passwd(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        whose = args.login or call(proxy, "monitor", "whoami").login
        password = _secret(f"New password for {whose}: ", args.password_stdin, confirm=True)
        call(proxy, "definitions", "set_password", whose, password)
    from shared.credentials import Login, save_login, saved_login

    saved = saved_login()
    if saved is not None and saved.user == whose:
        save_login(Login(whose, password))      # the kept login stays usable
    print(f"the password of {whose} is changed (from the next login on)")
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
