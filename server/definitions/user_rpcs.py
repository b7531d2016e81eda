"""The definitions service's RPCs about people (``nas users``, the desktop's Users screen): the
users table (:mod:`server.definitions.users`) and each person's broker account, kept together.

A person logs in to the broker with their own account; the services look their roles up here
(:mod:`server.runtime.identity`, ``user_access``). Every change is broadcast as ``users_changed``
so each service forgets what it kept about that person and the next call sees the change.

Order of the two halves, so that a failure never leaves someone with more than the table says:
adding makes the broker account first and removes it again if the row cannot be saved; disabling
and removing change the row first (the services refuse from then on) and then take the broker
account's permissions away (and close its connections).
"""
from __future__ import annotations

from nameko.events import EventDispatcher

from server.definitions import users
from server.runtime.broker_accounts import BrokerAccounts, new_password
from server.runtime.identity import USERS_CHANGED
from server.runtime.rpc import rpc
from shared.dto.definitions import NewUserDto, UserDto
from shared.errors import AlreadyExists, PermissionDenied
from shared.roles import ADMIN, ADMIN_ROLE, READ, SERVICE_ONLY, SERVICE_ROLE


class UserRpcs:
    """Mixed into the definitions service (which has ``db``, ``_saving``, ``caller``, ``settings``)."""

    users_dispatch = EventDispatcher()

    def _broker(self) -> BrokerAccounts:
        from shared.client import parse_uri

        vhost = parse_uri(self.settings["AMQP_URI"])["virtual_host"]
        return BrokerAccounts(self.settings["broker.management_url"], vhost)

    def _changed(self, login: str) -> None:
        # this instance forgets at once (the caller's next call may come before the broadcast);
        # every other service instance when the broadcast reaches it
        self.directory.forget(login)
        self.users_dispatch(USERS_CHANGED, {"login": login})

    @rpc(roles=SERVICE_ONLY, audit=False)   # asked on a person's calls, not a change: not audited
    def user_access(self, login: str) -> UserDto | None:
        """The user ``login`` as the services check callers against (None: no such user). For
        the services' own role checks (server.runtime.identity); people use ``list_users``."""
        user = users.find(self.db, login)
        return users.to_dto(user) if user is not None else None

    @rpc(roles=ADMIN)
    def list_users(self) -> list[UserDto]:
        """Everyone who may use the installation, by login, with their roles and whether disabled."""
        return [users.to_dto(u) for u in users.list_all(self.db)]

    @rpc(roles=ADMIN, sensitive_arguments=("password",))
    def add_user(self, login: str, roles: list[str], password: str = "") -> NewUserDto:
        """Add a person: their broker account (with ``password``, or a new random one answered
        here once) and their roles (curator, qa, operator, admin). Raises InvalidName (not a
        login, or one kept for services), InvalidInput (unknown role, short password),
        AlreadyExists, Unavailable (the broker's management API cannot be reached: nothing added)."""
        users.check_login(login)
        users.check_roles(roles)
        password = users.check_password(password) if password else new_password()
        with self._saving("user", login) as s:
            if users.find(s, login) is not None:
                raise AlreadyExists(f"the user {login!r} exists already", {"object": "user", "name": login})
            broker = self._broker()
            broker.put_user(login, password)
            try:
                broker.grant_person(login)
                user = users.add(s, login, roles, self.caller.subject)
            except Exception:
                broker.delete_user(login)
                raise
            made = users.to_dto(user)
        self._changed(login)
        return NewUserDto(made, password)

    @rpc(roles=ADMIN)
    def change_user(self, login: str, grant: list[str] | None = None, revoke: list[str] | None = None,
                    disabled: bool | None = None) -> UserDto:
        """Grant and revoke roles, disable or enable a user; answers the user as saved. A disabled
        user is refused from their next call on and their broker connections are closed. Raises
        NotFound, InvalidInput (unknown role), PermissionDenied (an admin disabling or demoting
        themself: another admin must)."""
        if login == self.caller.login and (disabled or ADMIN_ROLE in (revoke or ())):
            raise PermissionDenied("you may not disable yourself or take your own admin role; another admin may",
                                   {"reason": "self"})
        with self._saving("user", login) as s:
            user = users.to_dto(users.change(s, login, self.caller.subject, grant or (), revoke or (), disabled))
        self._changed(login)
        broker = self._broker()
        if disabled:
            broker.revoke(login)
        elif disabled is False:
            broker.grant_person(login)
        return user

    @rpc(roles=ADMIN)
    def remove_user(self, login: str) -> UserDto:
        """Remove a user and their broker account; answers the user as they were. Raises
        NotFound, PermissionDenied (removing yourself)."""
        if login == self.caller.login:
            raise PermissionDenied("you may not remove yourself; another admin may", {"reason": "self"})
        with self._saving("user", login) as s:
            user = users.get(s, login)
            gone = users.to_dto(user)
            s.delete(user)
        self._changed(login)
        broker = self._broker()
        broker.revoke(login)
        broker.delete_user(login)
        return gone

    @rpc(roles=READ, audit=True, sensitive_arguments=("password",))
    def set_password(self, login: str, password: str) -> UserDto:
        """Set the broker password of ``login``: a person their own, an admin anyone's. The new
        password holds from the next login (open connections stay). Raises PermissionDenied
        (another person's), NotFound, InvalidInput (8 to 200 characters)."""
        mine = login == self.caller.login
        if not mine and not (self.caller.has(ADMIN_ROLE) or self.caller.has(SERVICE_ROLE)):
            raise PermissionDenied("you may change your own password only", {"reason": "not_yours"})
        users.check_password(password)
        user = users.get(self.db, login)
        self._broker().put_user(login, password)
        return users.to_dto(user)
