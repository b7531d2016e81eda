"""A job's page list: where the archive browser and QA review start (issue #30).

Made once per job, with the job's sorted data (jobdata.py), from what the job's metadata WARC
holds, in this order:

1. the **seeds** (``setup/seeds.txt``), each at its first capture (one answered 2xx or 3xx if
   there is one); a seed never captured is listed without a time: QA wants to see it;
2. the **browser-rendered pages** (``setup/pages.jsonl``, the browser capture's page list in
   WACZ's form), with their titles;
3. every other URL captured as an HTML page with status 200, once, at its first capture.

A URL is listed once, in the first group that names it. The list is ``pages.tsv`` in the job's
entry, one page a line: SURT key, 14-digit time, source, status, MIME type, URL, title (tabs and
line breaks in a title become spaces). Reading it with a URL prefix keeps the lines whose key
starts with the prefix's key, so ``example.dk/news`` finds ``http://www.example.dk/news/1``.
"""
from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Iterable, Iterator

from shared.errors import InvalidInput
from shared.wacz.pages import parse_page_list
from shared.warc.surt import surt

PAGES = "pages.tsv"
SEED, BROWSER, HTML_PAGE = "seed", "browser", "html"
HTML = ("text/html", "application/xhtml+xml")
#: records of the metadata WARC the list is made from (beside its CDX records)
SEEDS_URI = re.compile(r"/crawl/setup/seeds\.txt(\?|$)")
PAGES_URI = re.compile(r"/pages\.jsonl(\?|$)")
MAX_PREFIX = 2000
_CLEAN = str.maketrans({"\t": " ", "\n": " ", "\r": " "})
_ISO = re.compile(r"^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})")


def _key(url: str) -> str:
    try:
        return surt(url)
    except Exception:  # noqa: BLE001 - a line that is no URL is simply never matched
        return url


def ts14(value: str) -> str:
    """A WARC-Date / pages.jsonl ``ts`` (``2024-01-01T00:00:05Z``) or 14 digits as 14 digits."""
    value = str(value or "")
    if value.isdigit():
        return value[:14].ljust(14, "0")
    m = _ISO.match(value)
    return "".join(m.groups()) if m else ""


def seeds_of(data: bytes) -> list[str]:
    """The URLs of a ``seeds.txt`` (one a line; blank lines and ``#`` comments left out)."""
    out = []
    for line in data.decode("utf-8", "replace").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            out.append(line.split()[0])
    return out


def browser_pages_of(data: bytes) -> list[dict]:
    """The entries of a ``pages.jsonl`` (its header left out; lines that are not pages skipped)."""
    return [e for e in parse_page_list(data) if isinstance(e["url"], str)]


def _line(key: str, ts: str, source: str, status: str, mime: str, url: str, title: str) -> str:
    return "\t".join((key, ts, source, status, mime, url.translate(_CLEAN), title.translate(_CLEAN))) + "\n"


def make(cdx_path: str, seeds: Iterable[str], browser_pages: Iterable[dict], out_path: str) -> int:
    """Write the page list of a job whose sorted CDXJ is ``cdx_path`` to ``out_path``; returns
    how many pages it lists. One pass over the CDX (sorted by key, then time): the HTML pages go
    to a temporary file beside ``out_path`` while the seeds' captures are noted."""
    seed_order: list[tuple[str, str]] = []
    seed_keys: dict[str, tuple[str, str, str] | None] = {}
    for url in seeds:
        k = _key(url)
        if k not in seed_keys:
            seed_keys[k] = None
            seed_order.append((k, url))
    own: list[tuple[str, dict]] = []
    own_keys: set[str] = set()
    for entry in browser_pages:
        k = _key(entry["url"])
        if k not in seed_keys and k not in own_keys:
            own_keys.add(k)
            own.append((k, entry))
    count = 0
    fd, html_tmp = tempfile.mkstemp(prefix="pages-", suffix=".part", dir=os.path.dirname(out_path) or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as html, \
                open(cdx_path, encoding="utf-8", newline="\n") as cdx:
            last = ""
            for line in cdx:
                key, ts, rest = (line.rstrip("\n").split(" ", 2) + ["", ""])[:3]
                if key in seed_keys:
                    # the first capture answered 2xx or 3xx (a revisit has no status), else the first
                    found = seed_keys[key]
                    if found is None or found[1][:1] not in ("2", "3"):
                        fields = _fields(rest)
                        status = str(fields.get("status", ""))
                        if found is None or status[:1] in ("2", "3"):
                            seed_keys[key] = (ts, status, str(fields.get("mime", "")))
                    continue
                if key == last or key in own_keys or ('"text/html"' not in rest and "xhtml" not in rest):
                    continue
                fields = _fields(rest)
                if str(fields.get("status", "")) != "200" or fields.get("mime") not in HTML:
                    continue
                last = key
                html.write(_line(key, ts, HTML_PAGE, "200", str(fields["mime"]), str(fields.get("url", "")), ""))
                count += 1
        with open(out_path, "w", encoding="utf-8", newline="\n") as out:
            for k, url in seed_order:
                found = seed_keys[k]
                ts, status, mime = found if found else ("", "", "")
                out.write(_line(k, ts, SEED, status, mime, url, ""))
            for k, entry in own:
                status = entry.get("status")
                out.write(_line(k, ts14(entry.get("ts", "")), BROWSER, "" if status is None else str(status),
                                "text/html", entry["url"], str(entry.get("title") or "")))
            with open(html_tmp, encoding="utf-8", newline="\n") as html:
                for line in html:
                    out.write(line)
    finally:
        os.unlink(html_tmp)
    return count + len(seed_order) + len(own)


def _fields(rest: str) -> dict:
    try:
        value = json.loads(rest)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def prefix_key(prefix: object) -> str:
    """The SURT key prefix of a URL prefix a person types: a host (``www`` and the scheme do not
    matter) and, optionally, the start of a path. Empty: every page. Raises InvalidInput."""
    if not isinstance(prefix, str) or len(prefix) > MAX_PREFIX:
        raise InvalidInput(f"a URL prefix is a text of at most {MAX_PREFIX} characters",
                           {"field": "prefix", "value": str(prefix)[:200]})
    text = prefix.strip()
    if not text:
        return ""
    if "://" not in text:
        text = "http://" + text.lstrip("/")
    if not re.match(r"^[A-Za-z][A-Za-z0-9+.-]*://[^/?#\s]+", text):
        raise InvalidInput(f"{prefix!r} does not start with a host name", {"field": "prefix", "value": prefix[:200]})
    host_end = text.find("/", text.find("://") + 3)
    if host_end < 0 or host_end == len(text) - 1:
        # a host alone: its pages, whatever their path (not its subdomains: SURT keys reverse the host)
        key = _key(text.rstrip("/") + "/")
        return key[:-1] if key.endswith("/") else key
    key = _key(text)
    if text.endswith("/") and not key.endswith("/"):
        key += "/"          # "news/" is the folder, not "newsletter"
    return key


def read(path: str, key_prefix: str = "", offset: int = 0, limit: int = 100) -> tuple[int, list[dict]]:
    """How many pages of the list at ``path`` match ``key_prefix``, and those from ``offset`` on
    (at most ``limit``), each as the fields of :class:`shared.dto.index.JobPageDto`."""
    total = 0
    rows: list[dict] = []
    for line in _lines(path):
        if key_prefix and not line.startswith(key_prefix):
            continue
        if offset <= total < offset + limit:
            key, ts, source, status, mime, url, title = (line.rstrip("\n").split("\t") + [""] * 7)[:7]
            rows.append({"url": url, "timestamp": ts, "source": source, "status": status, "mime": mime,
                         "title": title})
        total += 1
    return total, rows


def _lines(path: str) -> Iterator[str]:
    with open(path, encoding="utf-8", newline="\n") as fh:
        yield from fh
