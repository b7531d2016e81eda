"""Our ``@rpc``: Nameko's, with every :class:`shared.errors.NasError` declared as expected, and
answers encoded by their declared type (:mod:`shared.contracts`).

Expected exceptions are the caller's fault (bad input, unknown domain): Nameko logs them
without a traceback at warning level and the caller receives the typed error.

An RPC method is annotated with what it returns (``-> DomainDto``, ``-> Page[JobDto]``) and
returns DTO instances; the entrypoint turns them into JSON-safe dicts just before the reply, so
the core and ``worker_factory`` tests deal in typed objects and only the wire sees dicts.

An RPC declares the roles it needs (``@rpc(roles=CURATOR)``, sets in :mod:`shared.roles`). The
entrypoint identifies the caller by the broker login the message came from (its validated AMQP
``user_id``; :mod:`server.runtime.identity`) before a worker exists: a call without a login,
from a login that is no user (or a disabled one), or without the roles gets a typed
``PermissionDenied`` and changes nothing. A person not seen lately is looked up in the users
table in a thread of its own, so the consumer goes on taking other calls meanwhile. Calls that
change something (or are declared ``audit=True``) and every refusal go to the audit log
(:mod:`server.runtime.audit`). See docs/security.md.
"""
from __future__ import annotations

import logging
import sys
import typing
from collections.abc import Callable
from typing import Any

from amqp.exceptions import ConnectionError as AmqpConnectionError
from kombu.exceptions import OperationalError as KombuOperationalError
from nameko.rpc import Rpc as NamekoRpc

from server.runtime.identity import LOGIN_KEY
from shared import contracts
from shared.errors import NasError

log = logging.getLogger(__name__)


class Rpc(NamekoRpc):
    _declared: Any = None
    _requests: dict[str, tuple[int, type]] | None = None

    def __init__(self, roles: tuple[str, ...] | None = None, audit: bool | None = None, exclusive: bool = False,
                 **kwargs: Any):
        self.roles = tuple(roles) if roles is not None else None
        self.audit = audit
        self.exclusive = exclusive   # the declared roles only: admin and service do not pass
        super().__init__(**kwargs)

    @property
    def action(self) -> str:
        return f"{self.container.service_name}.{self.method_name}"

    def setup(self) -> None:
        from server.runtime.identity import guard_for

        self.guard = guard_for(self.container)
        super().setup()

    def audited(self) -> bool:
        from shared.roles import is_read_only

        return self.audit if self.audit is not None else not is_read_only(self.roles)

    def unpack_message_headers(self, message):
        """The context data of a call, with :data:`LOGIN_KEY` set to the broker account the
        message came from (its ``user_id``, which RabbitMQ validates against the connection's
        login) and never to anything the caller wrote in a header."""
        data = super().unpack_message_headers(message)
        data.pop(LOGIN_KEY, None)
        login = (message.properties or {}).get("user_id")
        if login:
            data[LOGIN_KEY] = str(login)
        return data

    def request_params(self) -> dict[str, tuple[int, type]]:
        """The parameters annotated with a request DTO (``filters: JobFilter | None``): name →
        (position after self, class)."""
        if self._requests is None:
            import inspect

            from shared.dto import Request

            fn = getattr(self.container.service_cls, self.method_name)
            try:
                hints = typing.get_type_hints(fn)
            except Exception:  # noqa: BLE001 - an annotation that cannot be resolved: no check
                hints = {}
            names = [p for p in inspect.signature(fn).parameters if p != "self"]
            found = {}
            for position, name in enumerate(names):
                tp = hints.get(name)
                for arg in typing.get_args(tp) or (tp,):
                    if isinstance(arg, type) and issubclass(arg, Request):
                        found[name] = (position, arg)
            self._requests = found
        return self._requests

    def typed_requests(self, body: Any) -> Any:
        """``body`` with each request-DTO argument checked and turned into its class (raises
        InvalidInput naming an unknown field or a value of the wrong type)."""
        params = self.request_params()
        if not params or not isinstance(body, dict):
            return body
        args, kwargs = body.get("args"), body.get("kwargs")
        if not isinstance(args, list) or not isinstance(kwargs, dict):
            return body      # Nameko refuses it as malformed
        args, kwargs = list(args), dict(kwargs)
        for name, (position, cls) in params.items():
            where = f"{self.action}: {name}"
            if position < len(args) and args[position] is not None:
                args[position] = cls.from_wire(args[position], where)
            elif kwargs.get(name) is not None:
                kwargs[name] = cls.from_wire(kwargs[name], where)
        return {**body, "args": args, "kwargs": kwargs}

    def handle_message(self, body, message):
        if not (message.properties or {}).get("reply_to"):
            # a call no one can be answered for (hand-made, or a stray message): Nameko's
            # responder would fail on it and end the container; it is dropped, and said
            log.warning("%s: a call without reply_to is dropped (nobody to answer)", self.action)
            self.rpc_consumer.queue_consumer.ack_message(message)
            return
        size = len(message.body or b"")
        if size > MAX_REQUEST_BYTES:
            from shared.errors import InvalidInput

            raise InvalidInput(f"{self.action}: the request holds {size} bytes, more than the "
                               f"{MAX_REQUEST_BYTES >> 20} MiB a call may carry",
                               {"reason": "too_large", "size": size, "limit": MAX_REQUEST_BYTES})
        problem = _out_of_range(body)
        if problem:
            # a number no column, offset or limit can hold (2**64 gave OverflowError deep in a
            # query, 2**70 an offset accepted): refused before any work, as the caller's mistake
            from shared.errors import InvalidInput

            raise InvalidInput(f"{self.action}: {problem}", {"reason": "out_of_range"})
        body = self.typed_requests(body)
        from shared.errors import PermissionDenied

        context = self.unpack_message_headers(message)
        try:
            who = self.guard.known(context)
        except PermissionDenied as exc:
            self._refused(context, exc)
            raise
        if who is None:
            # a person not looked up lately: the users table is asked in a thread of its own
            # (the definitions service may be this very container, whose consumer must go on)
            self.container.spawn_managed_thread(lambda: self._identify_then_handle(body, message, context))
            return
        self._check(who, context)
        super().handle_message(body, message)

    def _identify_then_handle(self, body, message, context) -> None:
        from shared.errors import PermissionDenied, Unavailable

        try:
            try:
                who = self.guard.identify(context)
            except (PermissionDenied, Unavailable) as exc:
                self._refused(context, exc)
                raise
            self._check(who, context)
            super().handle_message(body, message)
        except Exception:  # noqa: BLE001 - as Nameko's consumer does: the caller gets the error
            self.rpc_consumer.handle_result(message, None, sys.exc_info())

    def _check(self, who, context) -> None:
        """Raise PermissionDenied (audited) unless ``who`` holds a role this RPC admits."""
        from shared.errors import PermissionDenied
        from shared.roles import allows

        if allows(self.roles, who.roles, self.exclusive):
            return
        needed = ", ".join(self.roles or ()) or "service"
        exc = PermissionDenied(f"{who.subject} may not call {self.action} (it needs one of: {needed}; "
                               f"{who.subject} has: {', '.join(sorted(who.roles)) or 'no role'})",
                               {"reason": "role", "action": self.action, "needed": list(self.roles or ())})
        self._refused(context, exc)
        raise exc

    def _refused(self, context, exc) -> None:
        from server.runtime import audit

        held = self.guard.identify_quietly(context)
        audit.record(self.guard.audit_log, who=held.subject, roles=held.roles, action=self.action,
                     outcome="refused", error=exc.code, instance=self.guard.instance,
                     detail={"reason": (exc.details or {}).get("reason")}, login=context.get(LOGIN_KEY))

    def declared_return(self) -> Any:
        if self._declared is None:
            fn = getattr(self.container.service_cls, self.method_name)
            try:
                self._declared = typing.get_type_hints(fn).get("return", Any)
            except Exception:  # noqa: BLE001 - an annotation that cannot be resolved: no check
                self._declared = Any
        return self._declared

    def handle_result(self, message, worker_ctx, result, exc_info):
        if exc_info is None:
            try:
                result = contracts.encode(result, self.declared_return(),
                                          f"{self.container.service_name}.{self.method_name}")
            except Exception:  # noqa: BLE001 - the caller gets the failure instead of a hang
                result, exc_info = None, sys.exc_info()
        if self.audited():
            self._audit(worker_ctx, exc_info)
        try:
            return super().handle_result(message, worker_ctx, result, exc_info)
        except (KombuOperationalError, AmqpConnectionError, OSError) as exc:
            # The broker went away while the worker ran. Nameko would let this end the worker's
            # thread, which kills the whole container; instead the call goes back to the broker
            # (now, or by itself once the dead connection is noticed) and runs again when the
            # broker returns: Nameko's at-least-once delivery (server/runtime/nameko_fixes.py).
            log.warning("%s: the reply could not be sent (%s); the call is given back to the broker",
                        self.action, exc)
            self.rpc_consumer.requeue_message(message)
            return result, exc_info

    def _audit(self, worker_ctx, exc_info) -> None:
        from server.runtime import audit

        who = self.guard.identify_quietly(worker_ctx.data)
        error = None
        if exc_info is not None:
            error = getattr(exc_info[1], "code", None) or type(exc_info[1]).__name__
        audit.record(self.guard.audit_log, who=who.subject, roles=who.roles, action=self.action,
                     outcome="ok" if exc_info is None else "failed", error=error, instance=self.guard.instance,
                     login=worker_ctx.data.get(LOGIN_KEY))


MAX_INT = 2**63 - 1   # what a database integer (and a file offset) holds
#: what one call's arguments may take on the wire (RabbitMQ 4's own default message limit): a
#: 50 MB comment was stored; free text has its own, smaller limits where it is kept
MAX_REQUEST_BYTES = 16 << 20


def _out_of_range(body: Any, depth: int = 0) -> str:
    """The first whole number in a call's arguments that no 64-bit integer holds ("" if none)."""
    if depth > 50:
        return ""
    if isinstance(body, bool):
        return ""
    if isinstance(body, int):
        return f"the number {str(body)[:30]} is out of range (at most {MAX_INT})" if abs(body) > MAX_INT else ""
    if isinstance(body, dict):
        items = body.values()
    elif isinstance(body, (list, tuple)):
        items = body
    else:
        return ""
    for item in items:
        found = _out_of_range(item, depth + 1)
        if found:
            return found
    return ""


def rpc(fn: Callable[..., Any] | None = None, **kwargs: Any):
    """Use as ``@rpc(roles=READ)``, ``@rpc(roles=ADMIN, audit=True)`` or with Nameko's
    arguments (``sensitive_arguments=("password",))``). A bare ``@rpc`` declares no roles: only
    admin and service may call it, and tests/unit/foundation/test_roles.py fails for it."""
    kwargs.setdefault("expected_exceptions", (NasError,))
    if fn is None:
        return Rpc.decorator(**kwargs)
    return Rpc.decorator(**kwargs)(fn)
