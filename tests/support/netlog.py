"""The browser's own request log: Chromium's NetLog (``--log-net-log``), read back.

A crawler's completeness is measured against what its browser asked for, told by the browser
and not by the crawler: :func:`chromium_wrapper` writes a script that starts Debian's Chromium
with ``--log-net-log`` (one file per browser process, in the directory the environment variable
``NAS_NETLOG_DIR`` names) and ``--no-sandbox`` (as root Chromium refuses to start without it).
Given to a crawler as its browser (``NAS_CHROMIUM`` for ours, ``-e`` for Brozzler's
``brozzle-page``), every browser it starts keeps its log; :func:`requested_urls` reads them.

What the NetLog shows: every request that reaches Chromium's network service, as a
``URL_REQUEST_START_JOB`` (a request sent to a server or proxy) or a ``CORS_REQUEST`` (a page's
subresource, also when the DevTools Fetch domain answers it, as our crawler does). A navigation
the Fetch domain answers (a page or a frame loaded in our tab) never reaches the network
service and is not in the log; callers add the pages they asked the browser to load. Requests of
the browser's own (component updates, account checks) are told apart by host (``hosts``).
"""
from __future__ import annotations

import glob
import json
import os
from urllib.parse import urlsplit

ENV = "NAS_NETLOG_DIR"
_REQUEST_EVENTS = ("URL_REQUEST_START_JOB", "CORS_REQUEST")


def chromium_wrapper(directory: str, chromium: str = "/usr/bin/chromium") -> str:
    """Write ``directory/chromium-netlog`` (executable) and return its path. The NetLog files go
    to ``$NAS_NETLOG_DIR`` (``directory`` when unset), one per browser process."""
    path = os.path.join(directory, "chromium-netlog")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("#!/bin/sh\n"
                 "# Chromium with its own request log (a NetLog per process) and, as root needs, no sandbox\n"
                 f'exec {chromium} --no-sandbox --log-net-log="${{{ENV}:-{directory}}}/netlog-$$.json" "$@"\n')
    os.chmod(path, 0o755)
    return path


def requested_urls(directory: str, hosts: set[str] | None = None) -> set[str]:
    """The URLs the browsers whose NetLogs are in ``directory`` requested (of ``hosts`` only, by
    host name without port, when given). A log cut short (a browser killed) is read as far as it
    goes: the NetLog has one event per line."""
    found: set[str] = set()
    for path in glob.glob(os.path.join(directory, "netlog-*.json")):
        found |= _read(path)
    if hosts is not None:
        found = {u for u in found if (urlsplit(u).hostname or "") in hosts}
    return found


def _read(path: str) -> set[str]:
    with open(path, encoding="utf-8", errors="replace") as fh:
        first = fh.readline().strip().rstrip(",")
        if not first.startswith('{"constants":'):
            return set()
        types = json.loads(first[len('{"constants":'):]).get("logEventTypes", {})
        wanted = {types[name] for name in _REQUEST_EVENTS if name in types}
        found = set()
        for line in fh:
            line = line.strip().rstrip(",")
            if not line.startswith("{"):
                continue  # the closing lines
            try:
                event = json.loads(line)
            except ValueError:
                continue  # the last line of a log cut short
            if event.get("type") in wanted:
                url = (event.get("params") or {}).get("url")
                if isinstance(url, str) and url.startswith(("http://", "https://")):
                    found.add(url)
        return found
