"""What went wrong with a call, in the categories the user interface reacts to differently."""
from __future__ import annotations

import dataclasses
import enum

from shared.errors import NasError


class FailureKind(enum.Enum):
    UNREACHABLE = "unreachable"       # broker down, wrong vhost, wrong password: the whole app waits
    SERVICE_MISSING = "service_missing"   # the broker answers but no instance of the service runs
    TIMEOUT = "timeout"
    SERVER = "server"                 # a typed NasError: show its sentence next to the form
    UNEXPECTED = "unexpected"         # a bug on the server (RemoteError) or in the client


@dataclasses.dataclass
class Failure:
    kind: FailureKind
    exception: BaseException
    service: str = ""
    method: str = ""

    @property
    def code(self) -> str:
        if isinstance(self.exception, NasError):
            return self.exception.code
        return self.kind.value

    @property
    def details(self) -> dict:
        return getattr(self.exception, "details", {}) or {}


def classify(exc: BaseException, service: str = "", method: str = "") -> Failure:
    try:
        from nameko.exceptions import RemoteError, RpcTimeout, UnknownService
    except ImportError:  # pragma: no cover - nameko is a dependency
        RemoteError = RpcTimeout = UnknownService = ()  # noqa: N806
    if isinstance(exc, NasError):
        kind = FailureKind.SERVER
    elif UnknownService and isinstance(exc, UnknownService):
        kind = FailureKind.SERVICE_MISSING
    elif RpcTimeout and isinstance(exc, RpcTimeout):
        kind = FailureKind.TIMEOUT
    elif RemoteError and isinstance(exc, RemoteError):
        kind = FailureKind.UNEXPECTED
    elif _is_connection_error(exc):
        kind = FailureKind.UNREACHABLE
    else:
        kind = FailureKind.UNEXPECTED
    return Failure(kind, exc, service, method)


def _is_connection_error(exc: BaseException) -> bool:
    if isinstance(exc, (OSError, ConnectionError)):
        return True
    try:
        import amqp.exceptions as amqp_exc
        import kombu.exceptions as kombu_exc
    except ImportError:  # pragma: no cover
        return False
    if isinstance(exc, (amqp_exc.ConnectionError, amqp_exc.AccessRefused, amqp_exc.NotAllowed,
                        kombu_exc.OperationalError)):
        return True
    return False
