"""RemoteFile: how a large file travels between archive processes.

A RemoteFile is a small JSON-safe description (it may travel in a message); the bytes move
outside the broker. The receiver reads the sender's path directly when both are on the same
host and the path is readable (``archive.transfer.local``), and otherwise streams it over HTTP
from the sender's :class:`~server.archive.fileserver.FileServer`. Either way the receiver hashes
what arrives and compares it with the checksum the sender gave.
"""
from __future__ import annotations

import dataclasses
import os
import socket
from collections.abc import Iterator

from server.archive.checksums import new_hash, normalise
from server.archive.storage import file_chunks
from shared.dto import Dto
from shared.dto.archive import StoreStatusDto
from shared.errors import ArchiveFileNotFound, ChecksumMismatch, StoreFailed, Unavailable, error_from_dict

CHUNK = 1 << 20


def this_host() -> str:
    return socket.gethostname()


@dataclasses.dataclass
class RemoteFile(Dto):
    name: str                      # the archive name the file is stored under
    size: int | None = None
    checksum: str | None = None    # MD5 hex the content must have
    host: str = ""                 # the sender's host name (for the local shortcut)
    path: str | None = None        # the sender's local path
    url: str | None = None         # where the sender serves it over HTTP
    # A begun store (no checksum yet) whose client also computes this digest (``blake3``, ``sha256``): the
    # replicas verify their copies with it instead of MD5 (checksums.transfer_digest). "": MD5.
    digest: str = ""

    @classmethod
    def for_local_file(cls, path: str, name: str | None = None, checksum: str | None = None,
                       url: str | None = None) -> RemoteFile:
        path = os.path.abspath(path)
        return cls(name or os.path.basename(path), os.path.getsize(path), checksum, this_host(), path, url)

    def local_path(self, allow_local: bool = True) -> str | None:
        """The sender's path, if this process can read it directly."""
        if allow_local and self.path and self.host == this_host() and os.access(self.path, os.R_OK):
            if self.size is None or os.path.getsize(self.path) == self.size:
                return self.path
        return None

    def chunks(self, allow_local: bool = True, timeout: float = 60.0) -> Iterator[bytes | memoryview]:
        """The content, chunk by chunk: from the local path or streamed over HTTP."""
        local = self.local_path(allow_local)
        if local is not None:
            return file_chunks(local)
        if not self.url:
            raise Unavailable(f"{self.name}: the sender's file is neither readable here nor served over HTTP",
                              {"name": self.name, "host": self.host})
        return http_chunks(self.url, timeout)


def without_token(text: str) -> str:
    """``text`` (a URL, or a message naming one, such as a ``requests`` error) with every
    ``token=`` value masked: a file server's URL carries a signed token, which must reach no log
    or message."""
    import re

    return re.sub(r"(token=)[A-Za-z0-9._~%=-]+", r"\1…", text)


def raise_typed_refusal(resp) -> None:
    """Raise the file server's typed answer about the bytes, when ``resp`` is one (422 with the
    error as JSON: a damaged copy is ``checksum_mismatch``); the response is closed then."""
    if resp.status_code != 422 or not resp.headers.get("Content-Type", "").startswith("application/json"):
        return
    try:
        error = error_from_dict(resp.json())
    except ValueError:
        return
    finally:
        resp.close()
    raise error


def http_chunks(url: str, timeout: float = 60.0, offset: int = 0) -> Iterator[bytes]:
    """Stream a URL in 1 MiB chunks; errors become typed errors. ``offset`` asks for a Range."""
    import requests

    headers = {"Range": f"bytes={offset}-"} if offset else {}
    shown = without_token(url)   # messages and details never carry the signed query
    try:
        resp = requests.get(url, stream=True, timeout=timeout, headers=headers)
    except requests.RequestException as exc:
        raise Unavailable(f"cannot fetch {shown}: {without_token(str(exc))}", {"url": shown}) from None
    if resp.status_code == 404:
        resp.close()
        raise ArchiveFileNotFound(f"{shown}: not found", {"url": shown})
    raise_typed_refusal(resp)
    if resp.status_code >= 400:
        resp.close()
        raise Unavailable(f"{shown}: HTTP {resp.status_code}", {"url": shown, "status": resp.status_code})

    def gen() -> Iterator[bytes]:
        try:
            yield from resp.iter_content(CHUNK)
        except requests.RequestException as exc:
            raise Unavailable(f"transfer from {shown} broke off: {without_token(str(exc))}", {"url": shown}) from None
        finally:
            resp.close()

    return gen()


def download(chunks: Iterator[bytes | memoryview], dest: str, expected_checksum: str | None = None,
             expected_size: int | None = None, progress=None) -> str:
    """Write ``chunks`` to ``dest`` via a temporary name; check size and checksum; return the MD5.

    On any failure the partial file is removed and ``dest`` is left untouched.
    """
    tmp = f"{dest}.part"
    h = new_hash()
    size = 0
    try:
        with open(tmp, "wb") as fh:
            for chunk in chunks:
                h.update(chunk)
                fh.write(chunk)
                size += len(chunk)
                if progress is not None:
                    progress(len(chunk))
            fh.flush()
            os.fsync(fh.fileno())
        checksum = h.hexdigest()
        if expected_size is not None and size != expected_size:
            raise ChecksumMismatch(f"received {size} bytes, expected {expected_size}",
                                   {"size": size, "expected_size": expected_size})
        if expected_checksum and checksum != normalise(expected_checksum):
            raise ChecksumMismatch(f"checksum on arrival {checksum} differs from {expected_checksum}",
                                   {"checksum": checksum, "expected": expected_checksum})
        os.replace(tmp, dest)
        return checksum
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def check_archived_checksum(status: StoreStatusDto, checksum: str) -> None:
    """Raise StoreFailed unless the archive holds *these* bytes: the stored checksum and every
    replica's equal ``checksum`` (the client's own). A caller deletes its file only after this
    passed, so a store answered for other content (a concurrent store of one name) loses nothing."""
    own = checksum.lower()
    wrong = {r.replica: r.checksum for r in status.replicas if r.checksum and r.checksum.lower() != own}
    if (status.checksum or "").lower() != own or wrong:
        raise StoreFailed(f"{status.name}: the archive holds checksum {status.checksum}, not this file's {own}; "
                          "the local file is kept", {"name": status.name, "stored_checksum": status.checksum,
                                                     "checksum": own, "replicas": wrong})
