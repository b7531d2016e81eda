"""WARC tooling both sides use, pure Python over warcio (no service, no Qt):

- :mod:`surt` — pywb's SURT keys;
- :mod:`cdx` — the CDX(J) writer (equal to pywb's ``cdx-indexer``) and gzip member walking;
- :mod:`sorting` — the external sort of index lines (bounded memory);
- :mod:`metadata` — reading a job's metadata WARC (its crawl log and CDX records).

They live in shared/ because a WACZ export (:mod:`shared.wacz`) needs them and runs in the
desktop as well as in ``nas`` (docs/decisions/wacz.md).
"""
