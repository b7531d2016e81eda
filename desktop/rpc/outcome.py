"""What went wrong with a call, in the categories the user interface reacts to differently."""
from __future__ import annotations

import dataclasses
import enum

from shared.client import RemoteError, RpcTimeout, UnknownService
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
    if isinstance(exc, NasError):
        kind = FailureKind.SERVER
    elif isinstance(exc, UnknownService):
        kind = FailureKind.SERVICE_MISSING
    elif isinstance(exc, RpcTimeout):
        kind = FailureKind.TIMEOUT
    elif isinstance(exc, RemoteError):
        kind = FailureKind.UNEXPECTED
    elif _is_connection_error(exc):
        kind = FailureKind.UNREACHABLE
    else:
        kind = FailureKind.UNEXPECTED
    return Failure(kind, exc, service, method)


def _is_connection_error(exc: BaseException) -> bool:
    # shared.client says Unreachable (an OSError) for every broker trouble; AMQP's own errors
    # are checked too, for a connection that breaks in a way the client did not foresee
    if isinstance(exc, (OSError, ConnectionError)):
        return True
    import amqp.exceptions as amqp_exc

    return isinstance(exc, (amqp_exc.ConnectionError, amqp_exc.AccessRefused, amqp_exc.NotAllowed))
