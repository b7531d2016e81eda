"""The store sources of a test installation on one host (#29 item 4): the senders offer their
files on loopback, which a real installation refuses unless it lists the network, and may name
files under the test's own directory by path (the upload spool)."""
from __future__ import annotations

LOOPBACK = ["127.0.0.0/8", "::1/128"]


def loopback_sources(spool: object | None = None) -> dict:
    """``archive.store`` keys allowing loopback offers and, with ``spool``, paths under it."""
    out: dict = {"local_sources": LOOPBACK}
    if spool is not None:
        out["spool_dirs"] = [str(spool)]
    return out
