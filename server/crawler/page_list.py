"""The page list browser capture leaves (``pages.jsonl``, in WACZ's format): its file name and
header line. Apart from the browser package, so that a crawl without a browser (and the
coordinator merging its parts' outputs) never imports the browser's modules."""
from __future__ import annotations

PAGES_FILE = "pages.jsonl"
PAGES_HEADER = {"format": "json-pages-1.0", "id": "pages", "title": "All Pages"}
