"""The base class of every Nameko service in this project.

A service inherits the ``runtime`` and ``settings`` dependencies and the ``status`` RPC::

    class DefinitionsService(NasService):
        name = "definitions"

Nameko finds entrypoints and dependencies on base classes too, so nothing else is needed.
"""
from __future__ import annotations

from nameko.events import BROADCAST, event_handler

from server.runtime import nameko_fixes
from server.runtime.identity import USERS_CHANGED, Caller, Directory
from server.runtime.instance import Runtime
from server.runtime.rpc import rpc
from server.runtime.settings_provider import SettingsDependency
from shared.dto.monitor import CallerDto, ServiceStatusDto
from shared.roles import READ

nameko_fixes.apply()


class NasService:
    name = "nas_service"

    runtime = Runtime()
    settings = SettingsDependency()
    caller = Caller()   # who is calling: self.caller.subject, self.caller.has("harvester")
    directory = Directory()

    @rpc(roles=READ)
    def status(self) -> ServiceStatusDto:
        """This instance's name, instance id, version, host, pid, uptime (s) and state.

        With several instances behind one service name, whichever instance takes the call
        answers; ``nas status`` (the monitor) lists all of them.
        """
        return self.runtime.status()

    @rpc(roles=READ)
    def whoami(self) -> CallerDto:
        """Who this service takes the caller to be: the verified identity's subject and roles,
        and the broker login the call came from (what the desktop shows as "signed in as")."""
        return CallerDto(self.caller.subject, sorted(self.caller.roles), self.caller.login)

    @event_handler("definitions", USERS_CHANGED, handler_type=BROADCAST, reliable_delivery=False)
    def forget_user(self, payload: dict) -> None:
        """The definitions service changed a user (roles, disabled, removed): what this instance
        kept about them goes, so their next call is checked against the table as it is now."""
        login = payload.get("login") if isinstance(payload, dict) else None
        self.directory.forget(str(login) if login else None)
