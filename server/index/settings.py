"""Settings of the ``index_server`` service (the seeds' ``settings.archive.indexserver`` and the
IndexRequestClient's cache settings)."""
from shared.config import Setting

_I = "index."

SETTINGS = (
    Setting(_I + "cache_dir", str, "", "where per-job data, indexes and requests are kept; empty: "
            "<data_dir>/index-cache. Several index servers on one host may share it"),
    Setting(_I + "cache.max_bytes", int, 20 * 1024**3, "the cache's byte budget: least recently used "
            "indexes and job data beyond it are removed (never one in use or handed out)", minimum=0),
    Setting(_I + "dedup.mime_exclude", str, r"^text/.*", "MIME types left out of deduplication indexes "
            "(a regular expression; the seeds' DedupCrawlLogIndexCache: text)"),
    Setting(_I + "workers", int, 2, "worker processes that read, sort and build (0: threads of the service "
            "process itself)", minimum=0),
    Setting(_I + "max_parallel_builds", int, 2, "requests built at the same time by this instance (more "
            "wait in the queue)", minimum=1),
    Setting(_I + "lease_seconds", float, 3600.0, "an index handed out (path or URL) stays in the cache at "
            "least this long", minimum=0),
    Setting(_I + "fulltext.max_text", int, 1_000_000, "characters of text indexed per document (the rest is "
            "left out)", minimum=1000),
    Setting(_I + "fulltext.seconds", float, 10.0, "time for extracting the text of one document (what was "
            "read by then is indexed)", minimum=0.1),
    Setting(_I + "fulltext.engine", str, "tantivy", "the engine of full-text indexes built from now on "
            "(indexes built before stay readable by theirs)", choices=("tantivy", "sqlite-fts5", "whoosh")),
    Setting(_I + "whoosh.limitmb", int, 256, "memory for whoosh's writer before it spills to disk (MB)",
            minimum=16),
    Setting(_I + "whoosh.max_segments", int, 8, "a derived index with more segments than this is merged "
            "by whoosh's small-segment policy", minimum=1),
    Setting(_I + "sort_chunk_lines", int, 500_000, "lines sorted in memory at a time (more spill to "
            "temporary files)", minimum=1000),
    Setting(_I + "open_readers", int, 8, "full indexes kept open for lookups", minimum=1),
    Setting(_I + "rpc_timeout", float, 30.0, "seconds to wait for the arcrepository and the scheduler",
            minimum=0.1),
    Setting(_I + "fetch_timeout", float, 600.0, "seconds without data before a metadata file transfer is "
            "given up", minimum=0.1),
    Setting(_I + "replica", str, "", "the bitarchive replica metadata files are read from; empty: the "
            "archive's default"),
    Setting(_I + "http.address", str, "127.0.0.1:0", "host:port where built indexes are served to other "
            "hosts"),
    Setting(_I + "http.public_host", str, "", "host name other machines use to reach http.address; empty: "
            "the bind host"),
)
