"""The crawl-time views of a page, read from the archive: the ``urn:view:<url>`` (PNG screenshot)
and ``urn:text:<url>`` (rendered text) resource records the browser capture wrote
(server/crawler/browser/capture.py), found in the job's full index (the index server's
``lookup``, which keeps ``urn:`` URIs as they are) and read through the viewerproxy's
``viewerproxy.invalid/getRecord`` with the same viewer session the replay uses — like any record,
verified and from the archive's replica.
"""
from __future__ import annotations

import base64
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import requests

from server.qa.render import ReplayError, ReplayTarget

MAX_VIEW_BYTES = 64 * 1024 * 1024   # a screenshot or text larger than this is not read

Lookup = Callable[[str, list[int]], Any]   # (url, job ids) → LookupDto (or its dict): index_server.lookup


@dataclass(frozen=True)
class CrawlViews:
    """What the crawler's browser saw of a page (None: it did not render the page)."""

    screenshot_png: bytes | None
    text: str | None


def _field(obj: Any, name: str) -> Any:
    return obj.get(name) if isinstance(obj, dict) else getattr(obj, name)


def closest(captures: Sequence[Any], timestamp: str) -> Any | None:
    """The capture closest in time to ``timestamp`` (14 digits; "" = the newest)."""
    if not captures:
        return None
    if not timestamp:
        return max(captures, key=lambda c: str(_field(c, "timestamp")))
    return min(captures, key=lambda c: abs(int(str(_field(c, "timestamp"))[:14].ljust(14, "0")) - int(timestamp)))


class CrawlViewReader:
    """Reads crawl-time views of ``job_ids`` through the viewerproxy of ``target``."""

    def __init__(self, target: ReplayTarget, lookup: Lookup, job_ids: Sequence[int], timeout: float = 60.0):
        self.target = target
        self.lookup = lookup
        self.job_ids = list(job_ids)
        self.timeout = timeout
        self._http = requests.Session()
        self._http.trust_env = False   # the viewerproxy and nothing else, whatever the environment says
        credentials = f"{target.session_id}:{target.token}".encode()
        self._http.headers["Proxy-Authorization"] = "Basic " + base64.b64encode(credentials).decode("ascii")
        self._proxies = {"http": target.proxy_url}

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> CrawlViewReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def views(self, url: str, timestamp: str = "") -> CrawlViews:
        """The page's crawl-time screenshot and text, each None when the job has none. Raises
        IndexNotReady (the index server builds the index: ask again), ReplayError (the proxy
        could not give a record)."""
        png = self._payload(f"urn:view:{url}", timestamp)
        text = self._payload(f"urn:text:{url}", timestamp)
        return CrawlViews(png, text.decode("utf-8", errors="replace") if text is not None else None)

    def _payload(self, urn: str, timestamp: str) -> bytes | None:
        found = closest(list(_field(self.lookup(urn, self.job_ids), "captures") or []), timestamp)
        if found is None:
            return None
        name, offset = _field(found, "filename"), int(_field(found, "offset"))
        try:
            with self._http.get("http://viewerproxy.invalid/getRecord", params={"arcFile": name, "arcOffset": offset},
                                proxies=self._proxies, timeout=self.timeout, stream=True) as answer:
                if answer.status_code != 200:
                    raise ReplayError(f"the viewerproxy could not read {urn} ({name}:{offset}): {answer.status_code}")
                data = b""
                for chunk in answer.iter_content(1 << 16):
                    data += chunk
                    if len(data) > MAX_VIEW_BYTES:
                        raise ReplayError(f"{urn} is larger than {MAX_VIEW_BYTES} bytes")
        except requests.RequestException as exc:
            raise ReplayError(f"the viewerproxy did not answer for {urn}: {exc}") from None
        # getRecord answers the record as archived: its status line and headers, a blank line, the block
        head, sep, payload = data.partition(b"\r\n\r\n")
        if not sep or not head.startswith(b"200"):
            raise ReplayError(f"{urn} ({name}:{offset}) is not a stored view")
        return payload
