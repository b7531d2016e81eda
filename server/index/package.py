"""An index directory as one file for transfer (a plain tar: whoosh segments and the hash table
hardly compress), and back. :func:`unpack` is what a client (the harvester, the viewer) uses; it
accepts nothing but plain files under the target directory."""
from __future__ import annotations

import hashlib
import os
import shutil
import tarfile

from shared.errors import InvalidInput

PACKAGE = "index.tar"
SKIP = ("manifest.json.tmp",)


def pack(directory: str, out_path: str, members: list[str] | None = None) -> str:
    """Write ``directory``'s files (or the listed ones) to the tar ``out_path``; returns it."""
    tmp = out_path + ".part"
    with tarfile.open(tmp, "w", format=tarfile.PAX_FORMAT) as tar:
        for root, _dirs, files in os.walk(directory):
            for name in sorted(files):
                full = os.path.join(root, name)
                rel = os.path.relpath(full, directory)
                if full == os.path.abspath(out_path) or name.startswith(PACKAGE) or name in SKIP:
                    continue
                if members is not None and rel.split(os.sep)[0] not in members:
                    continue
                tar.add(full, arcname=rel, recursive=False)
    os.replace(tmp, out_path)
    return out_path


def unpack(tar_path: str, dest: str) -> str:
    """Extract a packed index into ``dest`` (created; replaced if it exists). Raises InvalidInput
    for a member that is not a plain file inside ``dest``."""
    tmp = dest + ".part"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    try:
        with tarfile.open(tar_path, "r:*") as tar:
            for m in tar.getmembers():
                parts = m.name.replace("\\", "/").split("/")
                if not m.isfile() or m.name.startswith("/") or ".." in parts or any(p in ("", ".") for p in parts):
                    raise InvalidInput(f"{os.path.basename(tar_path)}: member {m.name!r} is not a plain file "
                                       "inside the index", {"member": m.name})
            if hasattr(tarfile, "data_filter"):
                tar.extractall(tmp, filter="data")
            else:  # Python before 3.11.4 (Debian 12's 3.11.2): the members were checked above
                tar.extractall(tmp)
        shutil.rmtree(dest, ignore_errors=True)
        os.replace(tmp, dest)
    except (tarfile.TarError, OSError) as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        raise InvalidInput(f"{os.path.basename(tar_path)} is not a packed index: {exc}",
                           {"file": os.path.basename(tar_path)}) from None
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return dest


def md5_of(path: str) -> str:
    """The MD5 of ``path``, remembered beside it (``<path>.md5``) while the file is unchanged."""
    side = path + ".md5"
    st = os.stat(path)
    try:
        with open(side) as fh:
            size, mtime, digest = fh.read().split()
        if int(size) == st.st_size and float(mtime) == st.st_mtime:
            return digest
    except (OSError, ValueError):
        pass
    h = hashlib.md5()  # noqa: S324 - the archive's transfer checksum, not security
    with open(path, "rb") as fh:
        while chunk := fh.read(1 << 20):
            h.update(chunk)
    digest = h.hexdigest()
    with open(side + ".part", "w") as fh:
        fh.write(f"{st.st_size} {st.st_mtime!r} {digest}\n")
    os.replace(side + ".part", side)
    return digest
