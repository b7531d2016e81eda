"""WACZ 1.1.1 out (https://specs.webrecorder.net/wacz/1.1.1/): the export that ``nas export wacz``
and the desktop's "Export WACZ…" both run (docs/decisions/wacz.md). No service, no Qt, no eventlet.

- :mod:`writer` — the zip itself: members streamed in, each one's SHA-256 and size taken as it is
  written, ``datapackage.json`` and ``datapackage-digest.json`` at the end;
- :mod:`cdxj` — the CDXJ index (plain ``index.cdxj``, or ``index.cdx.gz`` in gzip blocks with its
  ``index.idx``), and the sorting of the lines it is made from;
- :mod:`pages` — ``pages/pages.jsonl``: the job's own page list, else its seeds and HTML pages;
- :mod:`export` — a selection of the archive (jobs, URLs) into one self-standing WACZ, reading
  through a :class:`export.Source`;
- :mod:`source` — that source over the services (arcrepository get-file and get-record, the index
  server's lookup), given the caller's way of calling them and of fetching a URL;
- :mod:`run` — one export into a file that appears only when complete.

The import side (checking files from elsewhere, planning the new job) is in ``server.wacz``.
"""
