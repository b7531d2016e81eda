"""Small archives of jobs' metadata WARCs for the index server's core."""
from __future__ import annotations

import pytest
from index_testkit import FakeArchive, FakeCatalog, simple_job, write_metadata

from server.index.cache import CacheConfig, IndexCache


def revisits_of(later: list, earlier: list) -> list:
    """Make the images of ``later`` revisits of the same images in ``earlier``."""
    first = {c.url: c for c in earlier}
    for c in later:
        if c.mime.startswith("image/") and c.url in first and first[c.url].digest == c.digest:
            o = first[c.url]
            c.revisit_of = (o.file, o.offset, o.ts)
    return later


@pytest.fixture
def archive(tmp_path):
    """Jobs 1 and 2 (done; 2's images are revisits of 1's), 3 (failed), 4 (done, no metadata)."""
    folder = tmp_path / "archive"
    folder.mkdir()
    j1 = simple_job(1, 20, day=1)
    write_metadata(str(folder / "1-metadata-1.warc.gz"), 1, j1)
    write_metadata(str(folder / "2-metadata-1.warc.gz"), 2, revisits_of(simple_job(2, 20, day=2), j1))
    write_metadata(str(folder / "3-metadata-1.warc.gz"), 3, simple_job(3, 10, day=3))
    (folder / "4-1-20240104000000000-00001-test.warc.gz").write_bytes(b"")
    return FakeArchive(str(folder))


@pytest.fixture
def catalog():
    return FakeCatalog({1: "done", 2: "done", 3: "failed", 4: "done", 5: "done", 6: "done"})


@pytest.fixture
def cache(tmp_path, archive, catalog):
    c = IndexCache(CacheConfig(str(tmp_path / "cache")), archive, catalog)
    yield c
    c.close()

