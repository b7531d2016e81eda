"""WACZ 1.1.1 in (https://specs.webrecorder.net/wacz/1.1.1/). The export (writer, index, pages,
the export itself and its source over the archive) is in :mod:`shared.wacz`, where the CLI and the
desktop both run it (docs/decisions/wacz.md).

- :mod:`reader` — a WACZ from elsewhere, checked before anything of it is trusted;
- :mod:`warcs` — checking a WARC file from elsewhere (every record whole, block digests right);
- :mod:`imports` — the plan of an import: archive names for the files of a new job, and the
  job's metadata WARC that makes them known to the index server.
"""

#: what other packages may import (tests/unit/foundation/test_import_rules.py): the CLI runs
#: imports with all of them
PUBLIC = (
    'imports',
    'reader',
    'warcs',
)
