"""The base class of every Nameko service in this project.

A service inherits the ``runtime`` and ``settings`` dependencies and the ``status`` RPC::

    class DefinitionsService(NasService):
        name = "definitions"

Nameko finds entrypoints and dependencies on base classes too, so nothing else is needed.
"""
from __future__ import annotations

from server.runtime import nameko_fixes
from server.runtime.identity import Caller
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
