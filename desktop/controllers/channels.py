"""The harvest channels screen's controller: the list, creating a channel, making one the default
of its kind."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Signal

from desktop.controllers.base import Controller, Problem, required
from shared.dto.definitions import ChannelDto

CREATE = "create"


class ChannelsController(Controller):
    """Signals: ``channelsChanged(list[ChannelDto])`` after every listing, ``created(ChannelDto)``."""

    service = "definitions"
    channelsChanged = Signal(list)
    created = Signal(object)

    def __init__(self, client, call=None, parent=None):
        super().__init__(client, call, parent)
        self.channels: list[ChannelDto] = []

    def load(self):
        c = self.rpc("list_channels")
        c.on(self._listed, self.failure.emit)
        return c

    def _listed(self, rows: list[ChannelDto]) -> None:
        self.channels = list(rows)
        self.channelsChanged.emit(self.channels)

    def create(self, name: str, snapshot: bool, comments: str = "") -> bool:
        """Create a channel (for snapshot harvests or focused ones); False when the name is
        missing (said by the field)."""
        self.cleared.emit(CREATE)
        try:
            name = required(name)
        except Problem as p:
            self.problem.emit(CREATE, "name", str(p))
            return False

        def done(ch: ChannelDto) -> None:
            self.created.emit(ch)
            self.status.emit(QCoreApplication.translate("ChannelsController", "Saved {name}.").format(name=ch.name))
            self.load()

        self.rpc("create_channel", name, snapshot, comments).on(
            done, lambda f: self.fail(CREATE, f, ("name", "comments"), default="name"))
        return True

    def make_default(self, name: str | None) -> bool:
        """Make ``name`` the default channel of its kind (False: no channel chosen)."""
        if not name:
            return False
        self.rpc("set_default_channel", name).on(lambda _c: self.load(), self.failure.emit)
        return True
