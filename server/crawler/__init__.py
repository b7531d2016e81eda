"""The crawl engine: an archival-quality crawler run as its own process per job
(``python -m server.crawler JOB_DIR``), writing WARC 1.1, a Heritrix-style crawl.log and reports.
See docs/crawler.md."""
