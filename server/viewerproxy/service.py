"""The ``viewerproxy`` Nameko service: the control plane of the viewer (the seeds' HTTPControllerServer
commands, as RPCs only). It owns the viewer database, the installation's viewer CA, and the proxy
process (``python -m server.viewerproxy.proxy``) it starts at setup and ends at stop.

Browsers never talk to this service: they talk to the proxy process, which reads the sessions this
service writes (the same database) and keeps them in memory. Every RPC that changes or stops a
session tells the proxy process to forget its copy over the process's control channel (its
standard input; answered on its standard output) and returns only when the proxy has answered, so
that a stopped session is refused from the next request on (docs/decisions/viewerproxy-caches.md).
"""
from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import time
import urllib.parse

import eventlet
from eventlet.green import subprocess as green_subprocess
from eventlet.semaphore import Semaphore
from nameko.extensions import DependencyProvider

from server.db.engine import database_url
from server.db.provider import DatabaseSession
from server.runtime.rpc import rpc
from server.runtime.service import NasService
from server.runtime.settings_provider import settings_for
from server.settings_catalog import all_settings
from server.viewerproxy import captures as timeline
from server.viewerproxy import sessions as core
from server.viewerproxy.ca import CertificateAuthority
from shared.dto import Page
from shared.dto.viewer import (
    DEFAULT_SEED_LIST,
    RESERVED_HOST,
    MissingUrlDto,
    ViewerCaptureDto,
    ViewerProxyInfoDto,
    ViewerSessionDto,
)
from shared.errors import InvalidInput, PermissionDenied, Unavailable
from shared.roles import ADMIN_ROLE, CURATOR, QA_ROLE, READ, SERVICE_ROLE

log = logging.getLogger(__name__)

#: seconds an RPC waits for the proxy process to confirm it forgot a session; past it the
#: session cache's time-to-live (viewerproxy.session_cache_seconds) is the bound
CONTROL_TIMEOUT = 5.0


class ProxyProcess(DependencyProvider):
    """The proxy's OS process: started with the service, ended with it (by its PID)."""

    def setup(self) -> None:
        s = settings_for(self.container)
        self.workdir = os.path.abspath(os.path.join(s["data_dir"], "viewerproxy"))
        os.makedirs(self.workdir, exist_ok=True)
        self.ca_dir = os.path.abspath(s["viewerproxy.ca_dir"] or os.path.join(s["data_dir"], "viewer-ca"))
        self.ca = CertificateAuthority(self.ca_dir)
        self.public_host = s["viewerproxy.public_host"]
        self.ready_file = os.path.join(self.workdir, "listening.json")
        from server.runtime import tokens

        # Its calls (here and in the proxy process) come from the viewerproxy's own broker login.
        self.nameko = {k: v for k, v in self.container.config.items() if k.isupper()}
        self.nameko["security"] = {"key_file": tokens.key_path(s)}
        self.rpc_timeout = s["viewerproxy.rpc_timeout"]
        config = {
            "nameko": self.nameko,
            "settings": {k: s[k] for k in _viewer_keys()},
            "database_url": database_url(s["database.url"], s["data_dir"], "viewer"),
            "ca_dir": self.ca_dir,
            "ready_file": self.ready_file,
            "control": "stdio",
        }
        self.config_file = os.path.join(self.workdir, "proxy-config.json")
        fd = os.open(self.config_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # holds the broker URI
        with os.fdopen(fd, "w") as fh:
            json.dump(config, fh)
        self.start_timeout = s["viewerproxy.start_timeout"]
        self.proc: subprocess.Popen | None = None
        self.where: dict | None = None
        self._control = Semaphore(1)
        self._sequence = 0

    def start(self) -> None:
        # the database must exist (migrated by the DatabaseSession's setup) before the proxy reads it
        if os.path.exists(self.ready_file):
            os.unlink(self.ready_file)
        log_path = os.path.join(self.workdir, "proxy.log")
        with open(log_path, "ab") as out:
            # green pipes: waiting for the proxy's answer must not block the service's other workers
            self.proc = green_subprocess.Popen([sys.executable, "-m", "server.viewerproxy.proxy", self.config_file],
                                               stdout=subprocess.PIPE, stderr=out, stdin=subprocess.PIPE,
                                               close_fds=True)
        deadline = time.monotonic() + self.start_timeout
        while time.monotonic() < deadline:
            if os.path.exists(self.ready_file):
                with open(self.ready_file) as fh:
                    self.where = json.load(fh)
                log.info("viewerproxy listening on %s:%s (pid %s)", self.where["host"], self.where["port"],
                         self.proc.pid)
                return
            if self.proc.poll() is not None:
                raise RuntimeError(f"the viewerproxy process ended at start (exit {self.proc.returncode}); "
                                   f"see {log_path}")
            eventlet.sleep(0.05)
        raise RuntimeError(f"the viewerproxy process did not listen within {self.start_timeout} s; see {log_path}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.proc = None

    kill = stop

    def forget(self, session_id: str) -> None:
        """Have the proxy process drop its copy of the session, and wait (at most CONTROL_TIMEOUT)
        until it says so: the RPC that changed the session answers after the proxy sees it."""
        proc = self.proc
        if proc is None or proc.poll() is not None:
            return
        done = False
        with self._control:
            self._sequence += 1
            n = str(self._sequence).encode()
            try:
                with eventlet.Timeout(CONTROL_TIMEOUT, False):
                    proc.stdin.write(b"forget %s %s\n" % (n, session_id.encode()))
                    proc.stdin.flush()
                    while not done:
                        line = proc.stdout.readline()
                        if not line:
                            return   # the proxy ended: nothing left that could answer the session
                        done = line.split() == [b"ok", n]   # an older answer (after a timeout) is skipped
            except OSError as exc:
                log.warning("the viewerproxy process cannot be told that session %s changed: %s", session_id, exc)
                return
        if not done:
            log.warning("the viewerproxy process did not confirm within %s s that it forgot session %s; it "
                        "reads it again within viewerproxy.session_cache_seconds", CONTROL_TIMEOUT, session_id)

    def get_dependency(self, worker_ctx) -> ProxyProcess:
        return self


def _viewer_keys() -> list[str]:
    return [st.path for st in all_settings() if st.path.startswith("viewerproxy.")]


class ViewerProxyService(NasService):
    name = "viewerproxy"

    db = DatabaseSession("viewer", "server.viewerproxy.migrations")
    proxy = ProxyProcess()

    @rpc(roles=READ)
    def proxy_info(self) -> ViewerProxyInfoDto:
        """Where browsers point their HTTP and HTTPS proxy, and the viewer CA's certificate (PEM).
        Raises Unavailable when the proxy process is not running."""
        where = self.proxy.where
        if where is None or self.proxy.proc is None or self.proxy.proc.poll() is not None:
            raise Unavailable("the viewerproxy process is not running", {"service": self.name})
        host = self.proxy.public_host or where["host"]
        return ViewerProxyInfoDto(host, int(where["port"]), RESERVED_HOST,
                                  self.proxy.ca.certificate_pem.decode("ascii"), self.proxy.ca.sha256)

    @rpc(roles=READ)
    def ca_certificate(self) -> str:
        """The viewer CA's certificate (PEM) for browsers to trust; never its key."""
        return self.proxy.ca.certificate_pem.decode("ascii")

    def _own(self, session_id: str) -> None:
        """The caller may use the session: it made the session, or it is an admin or a service.
        Another user's session is refused without saying whose it is."""
        if self.caller.roles & {ADMIN_ROLE, SERVICE_ROLE}:
            return
        if core.get(self.db, session_id).user != self.caller.subject:
            raise PermissionDenied(f"{self.caller.subject} may not use viewer session {session_id}: it is another "
                                   "user's", {"reason": "owner", "session_id": str(session_id)})

    @rpc(roles=READ, audit=True)  # every change of a session is audited (#29)
    def create_session(self, job_ids: list[int], timestamp: str | None = None, recording: bool = False,
                       user: str | None = None) -> ViewerSessionDto:
        """A new viewer session over ``job_ids`` at ``timestamp`` (4-14 digits; none: newest),
        owned by the caller: only its maker (and admins) may use, change or stop it. ``user`` is
        ignored (the owner is the verified caller, never a name the caller writes). The answer
        holds the token (the proxy password), shown this once. The full index of the jobs is
        requested now so that the first page comes quickly. Raises InvalidInput, JobNotFound (a
        job the scheduler does not know), Unavailable (the scheduler cannot say)."""
        self._jobs_exist(core.check_jobs(job_ids))
        dto = core.create(self.db, job_ids, timestamp, recording, self.caller.subject)
        self._warm(dto.job_ids)
        return dto

    @rpc(roles=READ)
    def session(self, session_id: str) -> ViewerSessionDto:
        """One session (without its token). Raises ViewerSessionNotFound."""
        self._own(session_id)
        return core.describe(self.db, session_id)

    @rpc(roles=READ)
    def list_sessions(self) -> list[ViewerSessionDto]:
        """The caller's sessions (every session for an admin), oldest first, with how many
        missing URLs each recorded."""
        every = core.list_all(self.db)
        if self.caller.roles & {ADMIN_ROLE, SERVICE_ROLE}:
            return every
        return [s for s in every if s.user == self.caller.subject]

    @rpc(roles=READ, audit=True)  # every change of a session is audited (#29)
    def update_session(self, session_id: str, job_ids: list[int] | None = None,
                       timestamp: str | None = None) -> ViewerSessionDto:
        """Change the session's jobs and/or moment (the seeds' changeIndex; "" = newest).
        Raises ViewerSessionNotFound, ViewerSessionStopped, InvalidInput, JobNotFound,
        Unavailable."""
        self._own(session_id)
        if job_ids is not None:
            self._jobs_exist(core.check_jobs(job_ids))
        dto = core.change(self.db, session_id, job_ids, timestamp)
        self.proxy.forget(dto.session_id)
        if job_ids is not None:
            self._warm(dto.job_ids)
        return dto

    @rpc(roles=READ, audit=True)  # every change of a session is audited (#29)
    def set_recording(self, session_id: str, on: bool) -> ViewerSessionDto:
        """Start or stop recording the URLs the session asks for that are not archived.
        Raises ViewerSessionNotFound, ViewerSessionStopped."""
        self._own(session_id)
        dto = core.set_recording(self.db, session_id, on)
        self.proxy.forget(dto.session_id)
        return dto

    @rpc(roles=READ, audit=True)  # every change of a session is audited (#29)
    def stop_session(self, session_id: str) -> ViewerSessionDto:
        """End the session: the proxy no longer answers it; its missing URLs stay readable.
        Raises ViewerSessionNotFound."""
        self._own(session_id)
        dto = core.stop(self.db, session_id)
        self.proxy.forget(dto.session_id)   # before the answer: the caller may rely on it at once
        return dto

    @rpc(roles=READ)
    def missing_urls(self, session_id: str, offset: int = 0, limit: int = 100) -> Page[MissingUrlDto]:
        """A page of the session's missing URLs, first seen first. Raises ViewerSessionNotFound, InvalidInput."""
        self._own(session_id)
        return core.missing(self.db, session_id, offset, limit)

    @rpc(roles=READ)
    def captures(self, session_id: str, url: str) -> list[ViewerCaptureDto]:
        """Every capture of ``url`` in the session's jobs that the proxy can replay, oldest first
        (timestamp, status, job, file and offset): the archive browser's previous/next capture
        sets the session's timestamp to one of them. Found as the proxy finds them: the index
        server's full index of the jobs, by SURT. Raises ViewerSessionNotFound, InvalidUrl,
        IndexNotReady (the jobs' index is being built: ask again), Unavailable."""
        self._own(session_id)
        return timeline.captures(self.db, session_id, url, self._lookup)

    def _lookup(self, url: str, job_ids: list[int]) -> list:
        return self._calls().call("index_server", "lookup", url, job_ids).captures

    @rpc(roles=READ, audit=True)  # every change of a session is audited (#29)
    def clear_missing(self, session_id: str) -> int:
        """Forget the session's missing URLs; answers how many. Raises ViewerSessionNotFound."""
        self._own(session_id)
        return core.clear_missing(self.db, session_id)

    @rpc(roles=(*CURATOR, QA_ROLE), audit=True)  # QA hands missing URLs to the curators' seed lists
    def add_missing_as_seeds(self, session_id: str, domain: str, seed_list: str = DEFAULT_SEED_LIST,
                             urls: list[str] | None = None, configuration: str | None = None) -> int:
        """Add the session's missing URLs of ``domain`` (all of them, or those of ``urls``) to
        ``seed_list`` of ``domain`` through the definitions service, and that seed list to
        ``configuration`` (default: the domain's default configuration). Answers how many seeds
        were new. Without ``urls`` the missing URLs of other domains are left out (a session
        crosses domains); given ``urls`` outside the domain are refused with InvalidUrl naming
        each one, and nothing changes. Raises ViewerSessionNotFound, InvalidInput (no such missing
        URL), InvalidUrl, and the definitions service's errors (DomainNotFound, EditionConflict)."""
        self._own(session_id)
        from shared.domain_names import registered_domain
        from shared.errors import InvalidUrl

        domain = (domain or "").strip().lower()

        def outside(url: str) -> bool:
            try:
                host = urllib.parse.urlsplit(url).hostname or ""
            except ValueError:
                return True
            return registered_domain(host) != domain

        wanted = core.missing_urls(self.db, session_id, urls)
        if urls is None:
            wanted = [u for u in wanted if not outside(u)]
        if not wanted:
            raise InvalidInput(f"none of these URLs is in the session's missing-URL list for the domain {domain}",
                               {"session_id": session_id, "domain": domain})
        foreign = [u for u in wanted if outside(u)]
        if foreign:
            raise InvalidUrl(f"{len(foreign)} of these URLs are outside the domain {domain} and cannot be its "
                             f"seeds: {', '.join(foreign[:5])}{' ...' if len(foreign) > 5 else ''}",
                             {"domain": domain, "seeds": [{"url": u, "reason": "outside_domain"} for u in foreign]})
        with self._calls().connection() as rpc:
            d = rpc.call("definitions", "get_domain", domain)
            old = next((sl.seeds for sl in d.seed_lists if sl.name == seed_list), [])
            new = [u for u in dict.fromkeys(wanted) if u not in set(old)]
            d = rpc.call("definitions", "save_seed_list", domain, d.edition, seed_list, list(old) + new)
            config = configuration or d.default_configuration
            c = next((c for c in d.configurations if c.name == config), None)
            if c is not None and seed_list not in c.seed_lists:
                rpc.call("definitions", "save_configuration", domain, d.edition, config,
                         seed_lists=c.seed_lists + [seed_list])
        return len(new)

    def _calls(self):
        """This service's calls to others (not Nameko's RpcProxy dependency: it stopped answering
        after a restart of this service in one process; the index server's clients do the same)."""
        from server.runtime.remote_services import RemoteServices

        return RemoteServices(self.proxy.nameko, self.proxy.rpc_timeout)

    def _jobs_exist(self, job_ids: list[int]) -> None:
        """Raise JobNotFound naming the jobs the scheduler does not know (a session over job 999
        used to be made, and showed nothing): asked as one id range, page by page."""
        from shared.dto.jobs import JobFilter
        from shared.errors import JobNotFound

        wanted, seen, offset = set(job_ids), set(), 0
        with self._calls().connection() as calls:
            while True:
                page = calls.call("scheduler", "list_jobs", JobFilter(id_from=min(wanted), id_to=max(wanted)),
                                  offset, 1000, "id")
                seen |= {j.id for j in page.items} & wanted
                offset += len(page.items)
                if not page.items or offset >= page.total or seen == wanted:
                    break
        missing = sorted(wanted - seen)
        if missing:
            shown = ", ".join(map(str, missing[:10])) + (" …" if len(missing) > 10 else "")
            raise JobNotFound(f"no job {shown}: a viewer session is over jobs the scheduler knows",
                              {"job_ids": missing[:100]})

    def _warm(self, job_ids: list[int]) -> None:
        """Ask the index server for the jobs' full index, in the background (an index server that
        is down only makes the first page slower: the proxy asks again)."""
        def ask() -> None:
            try:
                self._calls().call_raw("index_server", "request_index", "full", job_ids, 0)
            except Exception as exc:  # noqa: BLE001 - warming is best effort
                log.info("could not request the full index of %s: %s", job_ids, exc)

        eventlet.spawn_n(ask)
