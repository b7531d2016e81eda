"""Calls to the Nameko services, off the GUI thread.

``RpcClient.call("definitions", "list_domains", offset=0)`` returns an :class:`RpcCall` whose
``succeeded``/``failed`` signals fire in the GUI thread. The work runs in a ``QThreadPool``; each
pool thread keeps its own connection, logged in as the signed-in person (see :mod:`desktop.rpc.backend`).
"""
from desktop.rpc.backend import Backend, ServiceBackend
from desktop.rpc.client import RpcCall, RpcClient
from desktop.rpc.outcome import Failure, classify

__all__ = ["Backend", "ServiceBackend", "RpcCall", "RpcClient", "Failure", "classify"]
