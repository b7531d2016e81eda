import gzip
import io

import pytest


def make_warc(path, n=5, gz=True, payload=b"<html>hello</html>"):
    """A small WARC with one response record per URL; returns the (url, offset) pairs."""
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    with open(path, "wb") as fh:
        w = WARCWriter(fh, gzip=gz)
        for i in range(n):
            headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html; charset=utf-8")], protocol="HTTP/1.1")
            rec = w.create_warc_record(f"http://www.example.com/page/{i}?b=2&a=1", "response",
                                       payload=io.BytesIO(payload + str(i).encode()), http_headers=headers)
            w.write_record(rec)
    return path


@pytest.fixture
def warc_factory(tmp_path):
    def make(name="1-1-20240101000000-00000-host.warc.gz", n=5, gz=True):
        return make_warc(str(tmp_path / name), n=n, gz=gz)
    return make


__all__ = ["gzip", "make_warc"]


@pytest.fixture
def make_repository(tmp_path):
    """An :class:`ArcRepository` over a real SQLite admin database, its replicas answered by
    ``fake`` (kept as ``repo.fake``); the databases are closed after the test."""
    from sqlalchemy.orm import sessionmaker

    from server.archive.arcrepository.repository import ArcRepository
    from server.archive.replicas import Replicas
    from server.archive.sources import StoreSources
    from server.db.engine import make_engine
    from server.db.migrate import upgrade

    engines = []

    def make(replicas, fake, limits, default: str = "TWO") -> ArcRepository:
        engine = make_engine(f"sqlite:///{tmp_path / f'archive-{len(engines)}.db'}")
        engines.append(engine)
        upgrade(engine, "archive", "server.archive.arcrepository.migrations")
        # the senders in these tests offer their files on loopback: allowed explicitly
        sources = StoreSources([str(tmp_path)], ["127.0.0.0/8"])
        repo = ArcRepository(Replicas(replicas, default), fake, sessionmaker(engine, expire_on_commit=False), limits,
                             sources=sources)
        repo.fake = fake
        return repo

    yield make
    for engine in engines:
        engine.dispose()
