"""The ``index_server`` service: CDX, deduplication and full crawl-log indexes over sets of jobs,
built from the jobs' metadata WARCs in the archive and kept in a layered, shared cache (the seeds'
IndexServer, CrawlLogIndexCache and its raw-data caches). ``service`` is the thin Nameko module;
everything else is a plain core that unit tests call directly."""

#: what other packages may import from this one (tests/unit/foundation/test_import_rules.py):
#: the crawler reads a dedup index with ``dedup_index``; a viewer on the index server's host reads
#: a full index directory with ``full_index``; clients unpack a transferred index with
#: ``package``; the set names are the seeds' and shared with clients through ``names``. (Reading
#: a job's metadata WARC and the external sort are in ``shared.warc``: a WACZ export uses them too.)
PUBLIC = (
    'dedup_index',
    'full_index',
    'names',
    'package',
)
