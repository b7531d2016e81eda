"""Settings of the ``qa`` service (issue #30; docs/qa.md)."""
from shared.config import Setting

_Q = "qa."

SETTINGS = (
    Setting(_Q + "tabs", int, 2, "Chromium tabs a run renders pages in at the same time", minimum=1),
    Setting(_Q + "page_seconds", float, 20.0, "seconds a page may take to load from the archive before it is "
            "scored as timed out", minimum=1),
    Setting(_Q + "max_pages", int, 1000, "pages a run checks at most (seeds first, then browser-rendered "
            "pages, then the sample)", minimum=1),
    Setting(_Q + "sample", int, 50, "other HTML captures a run samples when neither the call nor the harvest "
            "definition says", minimum=0),
    Setting(_Q + "threshold", float, 0.9, "share of complete pages below which a run raises QA_INCOMPLETE, "
            "when the harvest definition does not say", minimum=0),
    Setting(_Q + "complete_score", float, 0.999, "score from which a page counts as complete", minimum=0),
    Setting(_Q + "thumbnail_width", int, 320, "width in pixels of the kept crawl-time and replay thumbnails",
            minimum=16),
    Setting(_Q + "thumbnail_max_bytes", int, 262_144, "largest thumbnail kept (PNG bytes); a larger one is "
            "dropped, the score stays", minimum=1024),
    Setting(_Q + "chromium", str, "/usr/bin/chromium", "the Chromium (or Chrome) binary pages are rendered with"),
    Setting(_Q + "memory_max", int, 2_147_483_648, "bytes of memory Chromium may use (its own cgroup where the "
            "host delegates one; else an address-space limit)", minimum=64 * 1024 * 1024),
    Setting(_Q + "poll_seconds", float, 30.0, "seconds between looks for finished jobs (auto-runs, patch jobs "
            "that are done)", minimum=0.2),
    Setting(_Q + "rpc_timeout", float, 60.0, "seconds to wait for the scheduler, index server, viewerproxy and "
            "archive", minimum=0.1),
)
