"""The crawl engine: an archival-quality crawler run as its own process per job
(``python -m server.crawler JOB_DIR``), writing WARC 1.1, a Heritrix-style crawl.log and reports.
See docs/crawler.md."""

#: what other packages may import from this one (tests/unit/foundation/test_import_rules.py):
#: the harvester repairs a killed crawl's open WARC files and merges the parts of a crawl run
#: over several processes when its coordinator did not; QA (server/qa) drives Chromium with the
#: crawler's DevTools pipe client and page behaviours instead of a second browser driver
PUBLIC = ('browser', 'resume', 'shards')
