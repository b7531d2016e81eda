"""A service whose ``hold`` call waits until the test lets it go: a worker in flight while the
test takes the broker away."""
import eventlet
from eventlet.event import Event

from server.runtime.rpc import rpc
from server.runtime.service import NasService

#: set by ``hold`` when a worker has started; the test sends ``release`` to let it finish
entered = Event()
release = Event()
runs: list[str] = []


def reset() -> None:
    global entered, release
    entered, release = Event(), Event()
    runs.clear()


class HoldService(NasService):
    name = "hold"

    @rpc
    def hold(self, tag: str) -> str:
        """Record ``tag``, then wait (at most 120 s) for the test's release; return ``tag``."""
        runs.append(tag)
        if not entered.ready():
            entered.send(True)
        with eventlet.Timeout(120, False):
            release.wait()
        return tag

    @rpc
    def ping(self) -> str:
        """``pong``."""
        return "pong"
