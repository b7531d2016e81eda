"""People and their roles (``nas users``): the table the services look a caller's roles up in.

A person's login is their broker account's name; the broker checks the password, the services
check the roles kept here (``server.runtime.identity``). Logins are lower-case names a broker URI
and a shell take without quoting; ``svc-`` is kept for service accounts and ``guest`` for
RabbitMQ's own.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from sqlalchemy import select
from sqlalchemy.orm import Session

from server.definitions.models.users import User
from server.harvestdb.base import utcnow
from server.runtime.broker_accounts import SERVICE_PREFIX
from shared.dto.definitions import UserDto
from shared.errors import AlreadyExists, InvalidInput, InvalidName, NotFound
from shared.roles import PERSON_ROLES

LOGIN = re.compile(r"^[a-z][a-z0-9._-]{0,63}$")
RESERVED = ("guest",)


def check_login(login: str) -> str:
    if not isinstance(login, str) or not LOGIN.match(login):
        raise InvalidName(f"{str(login)[:80]!r} is not a valid login: lower-case letters, digits, '.', '_' and '-', "
                          "starting with a letter, at most 64 characters", {"field": "login"})
    if login.startswith(SERVICE_PREFIX) or login in RESERVED:
        raise InvalidName(f"{login!r} is kept for the services' own accounts; choose another login",
                          {"field": "login", "reason": "reserved"})
    return login


def check_roles(roles: Iterable[str]) -> list[str]:
    roles = sorted(set(roles))
    unknown = [r for r in roles if r not in PERSON_ROLES]
    if unknown:
        raise InvalidInput(f"unknown role {', '.join(map(repr, unknown))}: a person's roles are "
                           f"{', '.join(PERSON_ROLES)}", {"field": "roles", "unknown": unknown})
    return roles


def check_password(password: str) -> str:
    if not isinstance(password, str) or len(password) < 8 or len(password) > 200:
        raise InvalidInput("a password has 8 to 200 characters", {"field": "password"})
    return password


def roles_of(user: User) -> list[str]:
    return [r for r in user.roles.split(",") if r]


def to_dto(user: User) -> UserDto:
    return UserDto(user.login, roles_of(user), bool(user.disabled), user.created_at, user.changed_at, user.changed_by)


def find(session: Session, login: str) -> User | None:
    return session.get(User, login) if isinstance(login, str) else None


def get(session: Session, login: str) -> User:
    user = find(session, login)
    if user is None:
        raise NotFound(f"no user {str(login)[:80]!r} (`nas users list` shows who there is)",
                       {"object": "user", "name": login})
    return user


def list_all(session: Session) -> list[User]:
    return list(session.scalars(select(User).order_by(User.login)))


def add(session: Session, login: str, roles: Iterable[str], actor: str) -> User:
    check_login(login)
    roles = check_roles(roles)
    if find(session, login) is not None:
        raise AlreadyExists(f"the user {login!r} exists already", {"object": "user", "name": login})
    now = utcnow()
    user = User(login=login, roles=",".join(roles), disabled=False, created_at=now, changed_at=now, changed_by=actor)
    session.add(user)
    session.flush()
    return user


def change(session: Session, login: str, actor: str, grant: Iterable[str] = (), revoke: Iterable[str] = (),
           disabled: bool | None = None) -> User:
    user = get(session, login)
    held = set(roles_of(user)) | set(check_roles(grant))
    held -= set(check_roles(revoke))
    user.roles = ",".join(sorted(held))
    if disabled is not None:
        user.disabled = bool(disabled)
    user.changed_at, user.changed_by = utcnow(), actor
    session.flush()
    return user
