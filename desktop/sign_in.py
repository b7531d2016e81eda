"""Signing in: the broker checks the user name and password, then the services say who they take
the caller to be and with which roles (``monitor.whoami``).

The person's identity is the broker login (docs/decisions/one-client-and-broker-identity.md): a
wrong password is refused by RabbitMQ before any service sees a call, and a login the services
do not know (or an administrator disabled) is refused by them with ``permission_denied``. Each
attempt uses a connection of its own, so the signed-in window's connection is replaced only once
the new login works.
"""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, Signal

from desktop.errors import describe
from desktop.rpc import Backend, RpcClient, ServiceBackend
from desktop.rpc.outcome import Failure, FailureKind
from desktop.settings import ConnectionSettings

#: what shared.client.Unreachable says when RabbitMQ refuses the user name or password
REFUSED_MARK = "user name or password was refused"


def default_backend(c: ConnectionSettings) -> Backend:
    return ServiceBackend(c.amqp_uri(), c.timeout)


class SignIn(QObject):
    """``attempt(settings)``: ``succeeded(settings, caller)`` once the broker took the login
    (``caller`` is the services' :class:`~shared.dto.monitor.CallerDto`, or None when the
    monitor does not answer: the broker's word is enough to go on, the screens show what is
    missing), else ``refused(sentence, detail, server)``, translated, for the login dialog
    (``server``: the broker's address or virtual host is what to check)."""

    succeeded = Signal(object, object)
    refused = Signal(str, str, bool)

    def __init__(self, backend_factory: Callable[[ConnectionSettings], Backend] | None = None,
                 parent: QObject | None = None):
        super().__init__(parent)
        self.backend_factory = backend_factory or default_backend
        self.busy = False
        self._client: RpcClient | None = None

    def attempt(self, settings: ConnectionSettings) -> None:
        self._close()
        self.busy = True
        client = self._client = RpcClient(self.backend_factory(settings), self, max_threads=1)
        c = client.call("monitor", "whoami", timeout=min(10.0, settings.timeout)).bind(self)
        c.succeeded.connect(lambda caller: self._done(lambda: self.succeeded.emit(settings, caller)))
        c.failed.connect(lambda f: self._done(lambda: self._failed(settings, f)))

    def _done(self, then: Callable[[], None]) -> None:
        self.busy = False
        then()

    def _failed(self, settings: ConnectionSettings, failure: Failure) -> None:
        refusal = refusal_of(failure, settings)
        if refusal is None:
            self.succeeded.emit(settings, None)
        else:
            self.refused.emit(*refusal)

    def _close(self) -> None:
        if self._client is not None:
            self._client.shutdown(wait_ms=2000)
            self._client = None

    def close(self) -> None:
        """Close the attempt's connection (the window signs in on its own)."""
        self._close()


def refusal_of(failure: Failure, settings: ConnectionSettings) -> tuple[str, str, bool] | None:
    """Why a sign-in failed, as (sentence, technical detail, whether the server settings are
    what to check), or None when it did not fail:
    the broker took the login and only the monitor did not say who we are."""
    user = settings.user
    if failure.kind is FailureKind.UNREACHABLE:
        text = str(failure.exception)
        if REFUSED_MARK in text:
            return QCoreApplication.translate("SignIn", "The user name or password was refused."), "", False
        return QCoreApplication.translate(
            "SignIn", "The broker at {where} cannot be reached. Check the server settings, or try again later."
        ).format(where=settings.broker), text, True
    reason = failure.details.get("reason")
    if failure.code == "permission_denied" and reason == "unknown_user":
        return QCoreApplication.translate(
            "SignIn", "The services do not know the user {user}. Ask an administrator to add you."
        ).format(user=user), "", False
    if failure.code == "permission_denied" and reason == "disabled":
        return QCoreApplication.translate(
            "SignIn", "The user {user} is disabled. Ask an administrator.").format(user=user), "", False
    if failure.code in ("permission_denied", "token_rejected"):
        return QCoreApplication.translate(
            "SignIn", "The services refuse to work for {user}.").format(user=user), describe(failure), False
    return None
