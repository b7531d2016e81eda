"""Nameko dependency providers shared by the archive services (calls between them: :mod:`.calls`)."""
from __future__ import annotations

import os

from nameko.extensions import DependencyProvider

from server.archive.fileserver import FileServer, UrlSigner
from server.archive.replicas import Replicas
from server.runtime.instance import Runtime
from server.runtime.settings_provider import settings_for
from server.runtime.tokens import installation_key


def runtime_of(container) -> Runtime | None:
    for dep in container.dependencies:
        if isinstance(dep, Runtime):
            return dep
    return None


def archive_dir(settings, *parts: str) -> str:
    path = os.path.abspath(os.path.join(settings["data_dir"], *parts))
    os.makedirs(path, exist_ok=True)
    return path


class ArchiveContext(DependencyProvider):
    """Settings-derived objects every archive service needs, plus an HTTP file server."""

    def __init__(self, serve_files: bool = False):
        self.serve_files = serve_files
        self.file_server: FileServer | None = None

    def setup(self) -> None:
        self.settings = settings_for(self.container)
        self.replicas = Replicas.from_settings(self.settings)
        # A per-replica service serves the replica its class was made for (it names the
        # service); the arcrepository serves none.
        self.replica_id = getattr(self.container.service_cls, "replica", "") or self.settings["archive.replica"]
        # signs the URLs of the bitarchives' file servers (which refuse requests without one)
        self.signer = UrlSigner(installation_key(self.settings), self.settings["archive.http.token_ttl"])
        if self.serve_files:
            self.file_server = FileServer(self.settings["archive.http.address"],
                                          self.settings["archive.http.public_host"],
                                          key=self.signer.key, token_ttl=self.signer.ttl)

    def start(self) -> None:
        if self.file_server is not None:
            self.file_server.start()
            rt = runtime_of(self.container)
            if rt is not None:
                rt.details["http_url"] = self.file_server.base_url
                # Tell the monitors at once: until they know the URL, this instance cannot serve.
                self.container.spawn_managed_thread(rt.send_heartbeat, identifier="nas-first-heartbeat")

    def stop(self) -> None:
        if self.file_server is not None:
            self.file_server.stop()

    kill = stop

    def spawn(self, fn, *args) -> None:
        self.container.spawn_managed_thread(lambda: fn(*args), identifier=getattr(fn, "__name__", "archive"))

    def get_dependency(self, worker_ctx) -> ArchiveContext:
        return self
