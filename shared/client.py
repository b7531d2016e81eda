"""One client for the services, for every caller outside a Nameko container (``nas``, the
desktop, tools): Nameko's RPC protocol spoken directly over py-amqp, without eventlet or Nameko.

Importing Nameko's standalone proxy costs about a second of CPU (eventlet and its DNS module), on
every ``nas`` command; this module costs a few milliseconds. The wire is Nameko's own, so the
services see no difference:

* a request is a JSON body ``{"args": [...], "kwargs": {...}}`` published to the topic exchange
  ``nameko-rpc`` with routing key ``<service>.<method>``, ``reply_to`` (the routing key of the
  caller's reply queue), a ``correlation_id``, the caller's context data as ``nameko.<key>``
  headers (the identity token, :data:`IDENTITY_HEADER`) and the AMQP ``user_id`` property: the
  broker login, which RabbitMQ checks against the connection's own login (a message claiming
  another user closes the channel), so a service knows which account sent each call;
* it is published ``mandatory`` with publisher confirms, so a service with no queue is refused
  by the broker at once (:class:`UnknownService`) instead of waited for;
* the reply, ``{"result": ..., "error": {"exc_path", "exc_type", "exc_args", "value"}}``, comes
  to an exclusive, auto-deleted queue ``rpc.reply-<login>-<uuid>`` bound to ``nameko-rpc`` with
  the key ``reply.<login>.<uuid>``: names a broker account can be limited to, so that a person's
  account may declare, bind and read its own replies and nothing else (the permissions in
  :func:`person_permissions`); a project error comes back as its own class
  (:mod:`shared.errors`), anything else as :class:`RemoteError`.

One :class:`ServiceClient` holds one connection and is not thread-safe (py-amqp connections are
not): a thread keeps its own (the desktop's worker threads do). Answers are decoded into the DTO
each RPC's contract declares (:func:`shared.contracts.decode`), or left as the wire has them with
:meth:`ServiceClient.call_raw`.
"""
from __future__ import annotations

import json
import re
import time
import urllib.parse
import uuid
from collections.abc import Mapping
from typing import Any

EXCHANGE = "nameko-rpc"
HEADER_PREFIX = "nameko"
IDENTITY_HEADER = "nas_identity"     # the context key the services read the caller's token from
DEFAULT_URI = "amqp://guest:guest@localhost:5672/"


class Unreachable(ConnectionError):
    """The broker cannot be reached or refused the login or the vhost; the text says which."""


class LoginRefused(Unreachable):
    """The broker refused the user name or password: the caller may not log in (``nas`` exits 5,
    permission denied), which trying again later does not change."""


class InvalidUri(Unreachable):
    """The broker URI is not one (a wrong scheme): the caller's mistake, not an unreachable broker."""


class UnknownService(Exception):
    """No instance of the service has ever run on this broker (no queue takes its calls)."""

    def __init__(self, service: str):
        super().__init__(service)
        self.service = service

    def __str__(self) -> str:
        return f"Unknown service `{self.service}`"


class RpcTimeout(TimeoutError):
    """The service did not answer in time (stopped, or busy past the timeout)."""


class RemoteError(Exception):
    """The service failed with an error that is not one of the project's typed errors (a bug on
    the server, or Nameko's own MethodNotFound/IncorrectSignature). ``exc_type`` and ``value``
    name it as the service did."""

    def __init__(self, exc_type: str = "", value: str = ""):
        super().__init__(f"{exc_type} {value}")
        self.exc_type, self.value = exc_type, value


def parse_uri(uri: str) -> dict[str, Any]:
    """``amqp://user:password@host:port/vhost`` as py-amqp's connection arguments (the vhost is
    URL-decoded; none, or a bare ``/``, is the default vhost ``/``)."""
    parts = urllib.parse.urlsplit(uri)
    if parts.scheme not in ("amqp", "pyamqp"):
        raise InvalidUri(f"not an AMQP URI: {safe_uri(uri)} (amqp://user:password@host:port/vhost)")
    vhost = urllib.parse.unquote(parts.path[1:]) if len(parts.path) > 1 else "/"
    return {"host": f"{parts.hostname or 'localhost'}:{parts.port or 5672}",
            "userid": urllib.parse.unquote(parts.username or "guest"),
            "password": urllib.parse.unquote(parts.password or "guest"), "virtual_host": vhost}


def person_permissions(login: str, exchange: str = EXCHANGE) -> dict[str, dict[str, str]]:
    """The broker permissions of a person's account on a vhost, for the management API
    (``permissions``: configure, write, read; ``topic``: the topic permissions on ``exchange``):
    declare, bind and consume only its own reply queues (``rpc.reply-<login>-*``, bound by
    ``reply.<login>.*`` keys only: never ``#`` or another's key), publish only calls
    (``<service>.<method>``: no replies to others, no events, no heartbeats), and consume no
    service's queue. RabbitMQ also refuses a ``user_id`` other than the login."""
    own = f"rpc\\.reply-{re.escape(login)}-.*"
    return {"permissions": {"configure": f"^{own}$", "write": f"^({re.escape(exchange)}|{own})$",
                            "read": f"^({re.escape(exchange)}|{own})$"},
            "topic": {"exchange": exchange, "write": r"^[A-Za-z0-9_]+\.[A-Za-z0-9_]+$",
                      "read": f"^reply\\.{re.escape(login)}\\.[0-9a-f-]+$"}}


def safe_uri(uri: str) -> str:
    """The URI with its password masked, for messages."""
    parts = urllib.parse.urlsplit(uri)
    if parts.password is None:
        return uri
    netloc = f"{parts.username}:**@{parts.hostname}" + (f":{parts.port}" if parts.port else "")
    return urllib.parse.urlunsplit(parts._replace(netloc=netloc))


def _error_classes() -> dict[str, type[Exception]]:
    from shared.errors import ERRORS_BY_CODE

    return {f"{cls.__module__}.{cls.__name__}": cls for cls in ERRORS_BY_CODE.values()}


def error_from_reply(error: Mapping[str, Any]) -> Exception:
    """The exception a reply's ``error`` describes: the project's own class when it is one of
    ours (rebuilt from its arguments, as Nameko does), else :class:`RemoteError`."""
    cls = _error_classes().get(str(error.get("exc_path", "")))
    if cls is not None:
        try:
            return cls(*list(error.get("exc_args") or ()))
        except Exception:  # noqa: BLE001 - malformed arguments: still say what it was
            pass
    return RemoteError(str(error.get("exc_type", "")), str(error.get("value", "")))


class _Method:
    def __init__(self, client: ServiceClient, service: str, method: str):
        self._client, self._service, self._method = client, service, method

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._client.call_raw(self._service, self._method, args, kwargs)


class _Service:
    def __init__(self, client: ServiceClient, service: str):
        self._client, self._service = client, service

    def __getattr__(self, method: str) -> _Method:
        if method.startswith("_"):
            raise AttributeError(method)
        return _Method(self._client, self._service, method)


class ServiceClient:
    """A connection to the services on one broker vhost, calling as ``context`` says (Nameko
    context data: the caller's identity token under :data:`IDENTITY_HEADER`).

    ``client.call("definitions", "get_domain", "kb.dk")`` answers a ``DomainDto``;
    ``client.definitions.get_domain("kb.dk")`` answers the wire form (a dict), as Nameko's
    proxies do. The connection opens on the first call and is reopened after a failure."""

    def __init__(self, amqp_uri: str = DEFAULT_URI, context: Mapping[str, Any] | None = None,
                 timeout: float = 30.0, connect_timeout: float = 10.0, exchange: str = EXCHANGE):
        self.amqp_uri = amqp_uri
        self.context = dict(context or {})
        self.timeout = timeout
        self.connect_timeout = connect_timeout
        self.exchange = exchange
        self._connection: Any = None
        self._channel: Any = None
        self._reply_key = ""
        self._login = ""
        self._replies: dict[str, Any] = {}
        self._waiting: set[str] = set()      # correlation ids of the calls still waited for
        self._returned: set[str] = set()     # calls the broker could route to no queue

    # --- connection ------------------------------------------------------------------------------

    def _open(self) -> Any:
        if self._channel is not None:
            return self._channel
        import amqp
        from amqp.exceptions import AccessRefused, AMQPError, NotAllowed

        where = safe_uri(self.amqp_uri)
        params = parse_uri(self.amqp_uri)
        connection = amqp.Connection(**params, connect_timeout=self.connect_timeout, confirm_publish=True)
        try:
            connection.connect()
            channel = connection.channel()
            try:
                # the exchange may not exist yet on a new vhost: declared as Nameko declares it
                channel.exchange_declare(self.exchange, "topic", durable=True, auto_delete=False)
            except AccessRefused:
                # a person's account may not declare it (person_permissions): the services did
                channel = connection.channel()
            login = params["userid"]
            unique = str(uuid.uuid4())
            reply_key, queue = f"reply.{login}.{unique}", f"rpc.reply-{login}-{unique}"
            channel.queue_declare(queue, exclusive=True, auto_delete=True)
            channel.queue_bind(queue, self.exchange, routing_key=reply_key)
            channel.basic_consume(queue, callback=self._on_reply, no_ack=True)
            channel.events["basic_return"].add(self._on_return)
        except AccessRefused:
            _close_quietly(connection)
            raise LoginRefused(f"cannot reach the broker at {where}: the user name or password was refused") from None
        except NotAllowed as exc:
            _close_quietly(connection)
            raise Unreachable(f"cannot reach the broker at {where}: {_reason(exc)} "
                              "(check the vhost at the end of the URI)") from None
        except (OSError, AMQPError) as exc:
            _close_quietly(connection)
            raise Unreachable(f"cannot connect to the broker at {where}: {exc}") from None
        self._connection, self._channel, self._reply_key = connection, channel, reply_key
        self._login = login
        return channel

    def _on_reply(self, message: Any) -> None:
        correlation_id = message.properties.get("correlation_id", "")
        if correlation_id in self._waiting:      # a late answer to a call that timed out is dropped
            self._replies[correlation_id] = message.body

    def _on_return(self, exc: Any, exchange: str, routing_key: str, message: Any) -> None:
        # the broker sends the return before the publish's confirm, so it is here when
        # basic_publish comes back
        self._returned.add(message.properties.get("correlation_id", ""))

    def close(self) -> None:
        """Close the connection (the reply queue goes with it)."""
        connection, self._connection, self._channel = self._connection, None, None
        self._replies.clear()
        self._waiting.clear()
        self._returned.clear()
        if connection is not None:
            _close_quietly(connection)

    def __enter__(self) -> ServiceClient:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # --- calls -------------------------------------------------------------------------------------

    def __getattr__(self, service: str) -> _Service:
        if service.startswith("_"):
            raise AttributeError(service)
        return _Service(self, service)

    def call(self, service: str, method: str, *args: Any, timeout: float | None = None, **kwargs: Any) -> Any:
        """``service.method(*args, **kwargs)``, answered as the DTO its contract declares."""
        from shared import contracts

        return contracts.decode(service, method, self.call_raw(service, method, args, kwargs, timeout))

    def call_raw(self, service: str, method: str, args: tuple | list = (), kwargs: Mapping[str, Any] | None = None,
                 timeout: float | None = None) -> Any:
        """The call, answered as the wire carries it (JSON values). Raises the service's typed
        error, :class:`RemoteError`, :class:`UnknownService`, :class:`RpcTimeout` or
        :class:`Unreachable`; after any failure but a service's own error the connection is
        dropped and the next call opens a new one."""
        import amqp
        from amqp.exceptions import AMQPError

        from shared.dto import to_json

        timeout = self.timeout if timeout is None else timeout
        body = json.dumps({"args": to_json(list(args)), "kwargs": to_json(dict(kwargs or {}))})
        correlation_id = str(uuid.uuid4())
        headers = {f"{HEADER_PREFIX}.{k}": v for k, v in self.context.items() if v is not None}
        try:
            channel = self._open()
            message = amqp.Message(body, content_type="application/json", content_encoding="utf-8",
                                   delivery_mode=2, reply_to=self._reply_key, correlation_id=correlation_id,
                                   application_headers=headers, **({"user_id": self._login} if self._login else {}))
            self._waiting.add(correlation_id)
            try:
                channel.basic_publish(message, exchange=self.exchange, routing_key=f"{service}.{method}",
                                      mandatory=True)
                if correlation_id in self._returned:     # no queue takes this service's calls
                    self._returned.discard(correlation_id)
                    raise UnknownService(service)
                reply = self._wait(correlation_id, timeout, service)
            finally:
                self._waiting.discard(correlation_id)
        except (UnknownService, RpcTimeout, Unreachable):
            raise
        except (OSError, AMQPError) as exc:
            self.close()
            raise Unreachable(f"lost the broker at {safe_uri(self.amqp_uri)}: {exc}") from None
        data = json.loads(reply)
        error = data.get("error")
        if error:
            raise error_from_reply(error)
        return data.get("result")

    def _wait(self, correlation_id: str, timeout: float, service: str) -> bytes:
        deadline = time.monotonic() + timeout
        while correlation_id not in self._replies:
            left = deadline - time.monotonic()
            if left <= 0:
                # the connection is left as it is (the late answer is dropped when it comes)
                raise RpcTimeout(f"the {service} service did not answer within {timeout:g} s")
            try:
                self._connection.drain_events(timeout=min(left, 1.0))
            except TimeoutError:
                continue
        return self._replies.pop(correlation_id)


def _reason(exc: Exception) -> str:
    text = str(exc)
    return text.split(" - ", 1)[1] if " - " in text else "the broker does not allow this vhost"


def _close_quietly(connection: Any) -> None:
    try:
        connection.close()
    except Exception:  # noqa: BLE001 - a broken connection may refuse to close cleanly
        try:
            connection.collect()
        except Exception:  # noqa: BLE001
            pass
