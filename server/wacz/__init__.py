"""WACZ 1.1.1 out and in (https://specs.webrecorder.net/wacz/1.1.1/).

- :mod:`writer` — the zip itself: members streamed in, each one's SHA-256 and size taken as it is
  written, ``datapackage.json`` and ``datapackage-digest.json`` at the end;
- :mod:`cdxj` — the CDXJ index (plain ``index.cdxj``, or ``index.cdx.gz`` in gzip blocks with its
  ``index.idx``), and the sorting of the lines it is made from;
- :mod:`pages` — ``pages/pages.jsonl``: the job's own page list, else its seeds and HTML pages;
- :mod:`export` — a selection of the archive (jobs, URLs) into one self-standing WACZ, reading
  through a :class:`export.Source` (the archive's get-file and get-record paths);
- :mod:`reader` — a WACZ from elsewhere, checked before anything of it is trusted;
- :mod:`warcs` — checking a WARC file from elsewhere (every record whole, block digests right);
- :mod:`imports` — the plan of an import: archive names for the files of a new job, and the
  job's metadata WARC that makes them known to the index server.
"""

#: what other packages may import (tests/unit/foundation/test_import_rules.py): the CLI runs
#: exports and imports with all of them
PUBLIC = (
    'cdxj',
    'export',
    'imports',
    'pages',
    'reader',
    'warcs',
    'writer',
)
