"""Which sources a store may read: only what the caller itself offers (#29 item 4).

A store's RemoteFile names where the replicas read the file: a URL, and for the same-host
shortcut a local path. Taken as given, that let an admin make the archive fetch any address
(``http://127.0.0.1:PORT/...`` of a service on the replica's host) or any world-readable local
file (a config beside the service), and archive it for every reader. So the arcrepository issues
transfer tickets only for

- an **offer URL**: ``http(s)://HOST:PORT/offer/<token>/<name>``, the shape a
  :class:`~server.archive.fileserver.FileServer` gives a file the caller offers (an unguessable
  token, the archive name last), on a host that is not loopback, link-local, unspecified or
  multicast, unless its network is listed in ``archive.store.local_sources`` (a single-host
  installation, the demo and tests list ``127.0.0.0/8``); every address the name resolves to is
  checked, and a name that does not resolve is refused;
- a **local path inside an upload spool directory** (``archive.store.spool_dirs``; by default
  ``<data_dir>/upload-spool``), after symbolic links are resolved. A path elsewhere is dropped
  (the replica then reads the URL); with no URL either, the store is refused.

A refusal is ``InvalidInput`` (details ``reason``: ``source``) naming what is wrong, before any
replica is asked. See docs/decisions/store-sources.md.
"""
from __future__ import annotations

import dataclasses
import ipaddress
import os
import re
import socket
import urllib.parse
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from server.archive.remotefile import RemoteFile, without_token
from shared.errors import InvalidInput

#: the path of a FileServer offer: /offer/<token>/<name>
_OFFER = re.compile(r"/offer/[A-Za-z0-9_-]{8,}/(?P<name>[^/?#]+)")

Resolve = Callable[[str], list[str]]


def _resolve(host: str) -> list[str]:
    return sorted({info[4][0] for info in socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)})


@dataclasses.dataclass
class StoreSources:
    """The policy: spool directories for local paths, and the loopback or link-local networks
    an offer URL may point into (none by default)."""

    spool_dirs: Sequence[str] = ()
    local_networks: Sequence[str] = ()
    resolve: Resolve = _resolve

    def __post_init__(self) -> None:
        self._spools = [os.path.realpath(d) for d in self.spool_dirs if d]
        self._networks = [ipaddress.ip_network(n, strict=False) for n in self.local_networks]

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any]) -> StoreSources:
        spools = list(settings["archive.store.spool_dirs"]) or [
            os.path.join(settings["data_dir"], "upload-spool")]
        return cls(spools, list(settings["archive.store.local_sources"]))

    def check(self, rf: RemoteFile) -> RemoteFile:
        """``rf`` reduced to the sources a replica may read. Raises InvalidInput (details
        ``reason: source``) for a URL that is not an offer of this file on an allowed address,
        or when nothing readable is left."""
        url = self._checked_url(rf) if rf.url else None
        path = self._spooled(rf.path) if rf.path and rf.host else None
        if url is None and path is None:
            raise InvalidInput(
                f"{rf.name}: offer the file over HTTP (nas upload, the harvester) or put it in an upload spool "
                "directory; a local path elsewhere is not read", {"name": rf.name, "reason": "source"})
        return RemoteFile(rf.name, rf.size, rf.checksum, rf.host if path else "", path, url, rf.digest)

    def _spooled(self, path: str) -> str | None:
        real = os.path.realpath(path)
        for spool in self._spools:
            if os.path.commonpath([real, spool]) == spool and real != spool:
                return real
        return None

    def _checked_url(self, rf: RemoteFile) -> str:
        url = str(rf.url)
        shown = without_token(url)[:200]

        def refuse(why: str) -> InvalidInput:
            return InvalidInput(f"{rf.name}: the archive does not read {shown}: {why}",
                                {"name": rf.name, "url": shown, "reason": "source"})

        try:
            parts = urllib.parse.urlsplit(url)
            port = parts.port
        except ValueError as exc:
            raise refuse(f"not a valid URL ({exc})") from None
        if parts.scheme.lower() not in ("http", "https"):
            raise refuse("only http(s) offers are read")
        if parts.username or parts.password:
            raise refuse("a URL with a user name or password is not an offer")
        match = _OFFER.fullmatch(parts.path)
        if match is None or urllib.parse.unquote(match["name"]) != rf.name:
            raise refuse(f"not an offer of {rf.name} (http://HOST:PORT/offer/TOKEN/{rf.name}, as nas upload "
                         "and the harvester serve their files)")
        host = parts.hostname or ""
        if not host or port == 0:
            raise refuse("no host or port")
        try:
            addresses = self.resolve(host)
        except (OSError, UnicodeError) as exc:
            raise refuse(f"the host {host!r} does not resolve ({exc})") from None
        for text in addresses:
            ip = ipaddress.ip_address(text.split("%", 1)[0])
            if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped:
                ip = ip.ipv4_mapped
            if (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast) and not any(
                    ip in net for net in self._networks):
                raise refuse(f"{host} is a loopback or link-local address ({ip}); a single-host installation "
                             "lists it in archive.store.local_sources")
        return url
