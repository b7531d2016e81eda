"""``pages/pages.jsonl``: the pages a viewer of the WACZ starts from.

A job whose metadata WARC holds a page list (``.../pages.jsonl``, the form the browser capture
writes) gives it as it is. Otherwise the list is made while the sorted index is written: every
seed that was captured (``"seed": true``) and every other URL captured as an HTML page with status
200, each once, at its first capture. Only the seeds' keys are kept in memory; the entries go to a
temporary file, so a job with millions of pages costs no more memory than one with ten.
"""
from __future__ import annotations

import hashlib
import json
import tempfile
from collections.abc import Iterable, Iterator

from shared.warc.surt import surt

HEADER = {"format": "json-pages-1.0", "id": "pages", "title": "All Pages"}
HTML = ("text/html", "application/xhtml+xml")


def iso(ts14: str) -> str:
    ts = ts14.ljust(14, "0")
    return f"{ts[:4]}-{ts[4:6]}-{ts[6:8]}T{ts[8:10]}:{ts[10:12]}:{ts[12:14]}Z"


def _key(url: str) -> str:
    try:
        return surt(url)
    except Exception:  # noqa: BLE001 - a seed that is no URL is simply never matched
        return url


class PageList:
    """Give it every sorted CDXJ line (:meth:`see`), then read :meth:`chunks`."""

    def __init__(self, seeds: Iterable[str] = (), own: Iterable[dict] | None = None,
                 title: str = HEADER["title"]):
        self.seeds = {_key(s.strip()) for s in seeds if s.strip()}
        self.own = list(own) if own is not None else None
        self.header = {**HEADER, "title": title}
        self.count = 0
        self._last = ""
        self._out = tempfile.SpooledTemporaryFile(1 << 20, mode="w+b")

    def see(self, line: str) -> None:
        if self.own is not None:
            return
        key, ts, rest = line.split(" ", 2)
        if key == self._last:
            return
        fields = json.loads(rest)
        status = fields.get("status", "")
        seed = key in self.seeds
        page = status == "200" and fields.get("mime") in HTML
        if not (page or (seed and status[:1] in ("2", "3"))):
            return
        self._last = key
        url = fields.get("url", "")
        entry = {"id": hashlib.sha1(f"{url} {ts}".encode()).hexdigest()[:24], "url": url, "ts": iso(ts)}
        if seed:
            entry["seed"] = True
        self._write(entry)

    def _write(self, entry: dict) -> None:
        self._out.write(json.dumps(entry).encode() + b"\n")
        self.count += 1

    def chunks(self) -> Iterator[bytes]:
        if self.own is not None:
            for entry in self.own:
                self._write(entry)
        yield json.dumps(self.header).encode() + b"\n"
        self._out.seek(0)
        while chunk := self._out.read(1 << 20):
            yield chunk
        self._out.close()


def parse_page_list(data: bytes) -> list[dict]:
    """The entries of a ``pages.jsonl`` (its header line left out); lines that are not JSON
    objects with a ``url`` are skipped."""
    out = []
    for raw in data.splitlines():
        try:
            entry = json.loads(raw)
        except ValueError:
            continue
        if isinstance(entry, dict) and "url" in entry and "format" not in entry:
            out.append(entry)
    return out
