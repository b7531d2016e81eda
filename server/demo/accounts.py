"""The demo's broker accounts: one per service instance (``svc-<kind>.<instance>.<vhost>``, which
the services know as services by the prefix) and one per person (``curator``, ``qa``, ``operator``, ``admin``,
with those roles in the users table), so the demo runs as an installation does: every caller is
a login of its own and nobody uses ``guest`` (docs/security.md).

Passwords are made once and kept in ``<demo dir>/accounts.json`` (mode 0600), so a second
``nas demo`` finds its running services' logins unchanged; each person's password is also in
``<demo dir>/people/<login>.password`` (0600) for ``nas login <login> --password-stdin <
data/demo/people/<login>.password`` and the desktop's login dialog.
"""
from __future__ import annotations

import json
import os

from server.runtime.broker_accounts import SERVICE_PREFIX, BrokerAccounts, new_password
from shared.credentials import write_private

PEOPLE = {"curator": ["curator"], "qa": ["qa"], "operator": ["operator"], "admin": ["admin"]}
MANAGEMENT_URL = "http://guest:guest@127.0.0.1:15672/api"


def password_file(demo_dir: str, login: str) -> str:
    return os.path.join(demo_dir, "people", f"{login}.password")


def service_login(kind: str, instance_id: str, vhost: str) -> str:
    """``svc-<kind>.<instance>.<vhost>``: the kind gives the roles (a harvester's include site
    passwords); the vhost keeps two demos (or a demo and the tests) on one broker apart."""
    return f"{SERVICE_PREFIX}{kind}.{instance_id}.{vhost}"


def kind_of(service_path: str) -> str:
    """The kind of a demo instance by its service class (``server.harvester.service:...``)."""
    return service_path.split(":", 1)[0].split(".")[1]


def ensure_accounts(demo_dir: str, vhost: str, service_logins: list[str],
                    management_url: str = MANAGEMENT_URL) -> dict[str, str]:
    """Make (again) the vhost, every service's and every person's account with its permissions;
    answers login → password. Raises Unavailable when the management API cannot be reached."""
    path = os.path.join(demo_dir, "accounts.json")
    try:
        with open(path) as fh:
            kept = dict(json.load(fh))
    except (OSError, ValueError):
        kept = {}
    logins = list(service_logins) + list(PEOPLE)
    passwords = {login: kept.get(login) or new_password() for login in logins}
    write_private(path, json.dumps(passwords, indent=1))
    broker = BrokerAccounts(management_url, vhost)
    broker.create_vhost()
    for login, password in passwords.items():
        broker.put_user(login, password)
        if login in PEOPLE:
            broker.grant_person(login)
            write_private(password_file(demo_dir, login), password + "\n")
        else:
            broker.grant_service(login)
    return passwords


def add_people_to_table(database_url: str) -> None:
    """The demo's people in the users table (their roles as :data:`PEOPLE` says, enabled)."""
    from sqlalchemy.orm import Session

    from server.db.engine import make_engine
    from server.definitions import users

    engine = make_engine(database_url)
    try:
        with Session(engine) as session:
            for login, roles in PEOPLE.items():
                user = users.find(session, login)
                if user is None:
                    users.add(session, login, roles, "nas demo")
                else:
                    held = users.roles_of(user)
                    users.change(session, login, "nas demo", grant=roles,
                                 revoke=[r for r in held if r not in roles], disabled=False)
            session.commit()
    finally:
        engine.dispose()
