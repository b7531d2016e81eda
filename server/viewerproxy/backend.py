"""Everything the proxy process asks of the rest of the system, in one place: the index server
(captures of a URL for a job set), the arcrepository (where a record or file is streamed from, a
job's metadata files) and the bitarchives' file servers (the bytes). These are the archive's own
services: the proxy has no other way out (no code path here or in ``proxy`` opens a connection to
a host a browser names).

The proxy runs in plain threads (no eventlet): the services are called through a bounded pool
of open connections (:class:`server.runtime.remote_services.RemoteServices`), and records are
fetched over connections kept per file server, as many as the proxy's thread count, shared by all
threads: a browser opens and closes many connections to the proxy, and each of them must not
cost a new TCP connection to a file server (docs/decisions/viewerproxy-caches.md). Record fetches
over ``http://`` use plain ``http.client`` connections (:mod:`.fetch`: ``requests`` cost more
CPU per record than reading and verifying it); whole files and other schemes use a ``requests``
session.

Lookups go through a :class:`~server.viewerproxy.caches.LookupCache` (per job set and URL); a
record's fetch names its length as the index knows it, so that the file server sends the bytes
at once instead of first inflating the whole gzip member to measure it.

A record URL's token binds the file, the offset and the length (#29). The arcrepository's answer
for one record of a file says which bitarchive serves the file; for the file's other records in
the next minute the proxy signs the URL itself with the installation key (it runs on a service
host, as the viewerproxy service, whose broker login may fetch any file anyway), so a page of
fifty records costs one arcrepository call per file, not fifty. Without the key every record's
URL comes from the arcrepository and names no length.
"""
from __future__ import annotations

import logging
import threading
import time
import urllib.parse
from typing import Any

import requests
from requests.adapters import HTTPAdapter

from server.archive.fileserver import UrlSigner
from server.viewerproxy.caches import LookupCache, RecordCache
from server.viewerproxy.fetch import FileServerConnections
from server.viewerproxy.records import Record, open_record
from shared.errors import ArchiveFileNotFound, ChecksumMismatch, InvalidWarc, Unavailable

log = logging.getLogger(__name__)

LOCATION_TTL = 60.0


class ArchiveBackend:
    def __init__(self, nameko_config: dict[str, Any], clients: int = 16, rpc_timeout: float = 30.0,
                 fetch_timeout: float = 60.0, replica: str | None = None, lookups: LookupCache | None = None,
                 connections: int = 64, signer: UrlSigner | None = None, records: RecordCache | None = None):
        from server.runtime.remote_services import RemoteServices

        # open connections kept for the request threads, one per thread calling at a time
        self.calls = RemoteServices(nameko_config, rpc_timeout, pool=clients)
        self.fetch_timeout = fetch_timeout
        self.replica = replica or None
        self.lookups = lookups if lookups is not None else LookupCache(0)
        self.records = records if records is not None else RecordCache(0)
        self._session = requests.Session()
        self._session.trust_env = False   # never an environment proxy: the bitarchives are reached directly
        # one pool per file server, as many kept-alive connections as threads may fetch at once
        adapter = HTTPAdapter(pool_connections=8, pool_maxsize=max(1, connections))
        self._session.mount("http://", adapter)
        self._session.mount("https://", adapter)
        # record fetches over http: kept http.client connections, far cheaper per request (fetch.py)
        self._records = FileServerConnections(max(1, connections))
        self.signer = signer
        # file name -> (when, the file server's base URL that serves it)
        self._locations: dict[str, tuple[float, str]] = {}
        self._lock = threading.Lock()

    # --- RPC ----------------------------------------------------------------------------------

    def call(self, service: str, method: str, *args: Any) -> Any:
        return self.calls.call(service, method, *args)

    def captures(self, url: str, job_ids: list[int]) -> list:
        """Every capture of ``url`` in the full index of ``job_ids`` (IndexNotReady while it is
        built, and then not cached). The list is shared with other requests: never change it."""
        return self.lookups.get(job_ids, url,
                                lambda: list(self.call("index_server", "lookup", url, job_ids).captures))

    def request_index(self, job_ids: list[int]) -> None:
        self.call("index_server", "request_index", "full", job_ids, 0)

    # --- bytes --------------------------------------------------------------------------------

    def _http(self) -> requests.Session:
        return self._session

    def _record(self, url: str) -> Record:
        """The record at ``url``: over the kept connections for ``http://``, else ``requests``."""
        fetcher = self._records if url.startswith("http://") else self._session
        return open_record(fetcher, url, self.fetch_timeout)

    def record_url(self, filename: str, offset: int, length: int | None = None) -> str:
        """Where the bitarchive serves the record, signed for exactly this file, offset and
        (with ``length``, the index's: the file server need not measure the record first)
        length. The arcrepository's answer for one record of a file is kept for a minute: the
        file's base URL, for which the proxy signs the other offsets itself."""
        if self.signer is None or self.signer.key is None:
            return self.call("arcrepository", "get_record", filename, offset, self.replica).url
        now = time.monotonic()
        with self._lock:
            cached = self._locations.get(filename)
        if cached and now - cached[0] < LOCATION_TTL:
            base = cached[1]
        else:
            url = self.call("arcrepository", "get_record", filename, offset, self.replica).url
            parts = urllib.parse.urlsplit(url)
            suffix = f"/record/{urllib.parse.quote(filename)}"
            if not parts.path.endswith(suffix):
                return url                      # not a file server's record route: as given
            base = urllib.parse.urlunsplit(parts._replace(path=parts.path[:-len(suffix)], query=""))
            with self._lock:
                self._locations[filename] = (now, base)
        query: dict[str, str | int] = {"offset": offset}
        if length:
            query["length"] = length
        return self.signer.url(base, "record", filename, **query)

    def open_record(self, filename: str, offset: int, length: int | None = None) -> Record:
        """The record at ``offset`` of ``filename`` (``length``: its bytes as the index says).
        A copy that cannot give the record (the file server finds it damaged, its bytes are no
        record, or its bitarchive does not answer) is read from another bitarchive replica, as
        ``nas get-file`` and ``get-record`` do; a copy whose bytes were damaged while another
        replica's were good is reported to bit preservation (the arcrepository checks it before
        it marks it). Raises Unavailable, InvalidWarc, ArchiveFileNotFound, ChecksumMismatch
        (no replica gives the record: the first replica's reason). A record read whole and
        verified is kept (``records``) and answered from memory the next time."""
        kept = self.records.get(filename, offset)
        if kept is not None:
            return kept
        try:
            record = self._from_default_replica(filename, offset, length)
        except (ChecksumMismatch, InvalidWarc, Unavailable) as first:
            record = self._from_another_replica(filename, offset, first)
        return self.records.keep(filename, offset, record)

    def _from_default_replica(self, filename: str, offset: int, length: int | None) -> Record:
        try:
            return self._record(self.record_url(filename, offset, length))
        except (InvalidWarc, ChecksumMismatch):
            if not length:
                raise
            # the index's length may not frame the record (the bytes then look damaged): let the
            # file server measure it before the copy counts as damaged
            return self._record(self.record_url(filename, offset))
        except Unavailable:
            with self._lock:   # the file may have moved to another instance: ask once more
                self._locations.pop(filename, None)
            return self._record(self.record_url(filename, offset))

    def _from_another_replica(self, filename: str, offset: int, first: Exception) -> Record:
        from shared.enums import ReplicaType

        replicas = [r.id for r in self.call("arcrepository", "replicas") if r.type == ReplicaType.BITARCHIVE]
        default = self.call("arcrepository", "get_record", filename, offset, self.replica).replica
        damaged = {default: first} if isinstance(first, ChecksumMismatch | InvalidWarc) else {}
        for rid in (r for r in replicas if r != default):
            try:
                where = self.call("arcrepository", "get_record", filename, offset, rid)
                record = self._record(where.url)
            except (ChecksumMismatch, InvalidWarc) as exc:
                damaged[rid] = exc
                continue
            except (Unavailable, ArchiveFileNotFound):
                continue
            # Another replica's bytes at this offset are a record: what the others gave was damage.
            for bad, exc in damaged.items():
                self._report_damage(filename, bad, exc)
            return record
        if any(isinstance(e, ChecksumMismatch) for e in damaged.values()):
            for bad, exc in damaged.items():
                if isinstance(exc, ChecksumMismatch):   # the file server itself found the copy damaged
                    self._report_damage(filename, bad, exc)
        raise first

    def _report_damage(self, filename: str, replica: str, exc: Exception) -> None:
        """Best effort: a report that cannot be made changes nothing for this answer."""
        try:
            self.call("arcrepository", "report_damage", filename, replica, str(getattr(exc, "message", exc))[:500])
        except Exception:  # noqa: BLE001 - see above
            log.info("could not report %s in %s as damaged", filename, replica)

    def open_file(self, filename: str) -> requests.Response:
        where = self.call("arcrepository", "get_file", filename, self.replica)
        try:
            resp = self._http().get(where.url, stream=True, timeout=(10.0, self.fetch_timeout))
        except requests.RequestException as exc:
            from server.archive.remotefile import without_token

            # requests names the URL, whose query is a signed token: never in a message
            raise Unavailable(f"the bitarchive did not answer: {without_token(str(exc))}", {"file": filename}) from None
        if resp.status_code != 200:
            resp.close()
            raise Unavailable(f"the bitarchive answered {resp.status_code} for {filename}", {"file": filename})
        return resp

    def metadata_files(self, job_id: int) -> list[str]:
        """The job's metadata files, as the admin database lists them."""
        page = self.call("arcrepository", "list_files", self.replica, 0, 1000, rf"{int(job_id)}-metadata-.*")
        return sorted(f.name for f in page.items)

    def close(self) -> None:
        self._session.close()
        self._records.close()
        self.calls.close()
