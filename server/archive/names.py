"""Archive file names are names, never paths."""
from __future__ import annotations

import re

from shared.errors import InvalidName

MAX_LENGTH = 255
# Printable ASCII without path separators, shell-hostile or invisible characters.
_ALLOWED = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+\-@=,~]*")


def check_name(name: object) -> str:
    """Return ``name`` if it is a plain archive file name, else raise InvalidName saying why.

    Refused: empty names, ``.``/``..``, anything with ``/``, ``\\``, NUL or other control or
    non-ASCII characters, a leading dot or dash, more than 255 bytes.
    """
    if not isinstance(name, str) or not name:
        raise InvalidName("a file name is required", {"name": name if isinstance(name, str) else None})
    why = None
    if name in (".", ".."):
        why = "is a directory reference"
    elif "/" in name or "\\" in name:
        why = "contains a path separator"
    elif "\0" in name:
        why = "contains a NUL character"
    elif len(name.encode("utf-8")) > MAX_LENGTH:
        why = f"is longer than {MAX_LENGTH} bytes"
    elif not _ALLOWED.fullmatch(name):
        why = "may only hold letters, digits and . _ + - @ = , ~ and must start with a letter or digit"
    if why:
        raise InvalidName(f"{name!r} is not an archive file name: it {why}", {"name": name, "reason": why})
    return name
