"""The captures core behind the archive browser's previous/next capture: the session's jobs are
what is looked up, only replayable captures are listed, oldest first, and an unknown session or
a string that is no URL is a typed error before the index server is asked."""
from __future__ import annotations

from types import SimpleNamespace

import pytest
from sqlalchemy.orm import Session

from server.db.engine import make_engine
from server.db.migrate import upgrade
from server.viewerproxy import sessions
from server.viewerproxy.captures import captures, check_url, timeline
from shared.errors import IndexNotReady, InvalidUrl, ViewerSessionNotFound


@pytest.fixture
def db(database_url):
    engine = make_engine(database_url)
    upgrade(engine, "viewer", "server.viewerproxy.migrations")
    with Session(engine, expire_on_commit=False) as s:
        yield s
    engine.dispose()


def cap(ts, job_id=1, status="200", filename="f.warc.gz", offset=0, mime="text/html", rev=None):
    return SimpleNamespace(url="http://www.kb.dk/", timestamp=ts, status=status, mime=mime, digest="sha1:A",
                           filename=filename, offset=offset, job_id=job_id,
                           revisit_of_filename=rev[0] if rev else None, revisit_of_offset=rev[1] if rev else None,
                           revisit_of_timestamp=None)


def test_the_session_jobs_are_looked_up_and_the_captures_come_oldest_first(db):
    s = sessions.create(db, [2, 1], "2024")
    asked = []

    def lookup(url, job_ids):
        asked.append((url, job_ids))
        return [cap("20240601100000", job_id=2, filename="2-a.warc.gz", offset=50),
                cap("20240101100000", job_id=1, filename="1-a.warc.gz", offset=10),
                cap("20230101000000", status="-1"),                            # a failed fetch: never replayed
                cap("20220101000000", offset=None),                            # no record: never replayed
                cap("20240101100000", job_id=1, filename="1-a.warc.gz", offset=5)]

    found = captures(db, s.session_id, "  http://www.kb.dk/  ", lookup)
    assert asked == [("http://www.kb.dk/", [1, 2])]
    assert [(c.timestamp, c.job_id, c.file, c.offset) for c in found] == [
        ("20240101100000", 1, "1-a.warc.gz", 5), ("20240101100000", 1, "1-a.warc.gz", 10),
        ("20240601100000", 2, "2-a.warc.gz", 50)]
    assert all(c.status == "200" and not c.revisit for c in found)


def test_a_revisit_known_only_from_the_crawl_log_shows_its_originals_record():
    [c] = timeline([cap("20240601100000", mime="warc/revisit", offset=None, rev=("1-a.warc.gz", 77))])
    assert (c.file, c.offset, c.revisit) == ("1-a.warc.gz", 77, True)
    [own] = timeline([cap("20240601100000", mime="warc/revisit", filename="2-a.warc.gz", offset=9)])
    assert (own.file, own.offset, own.revisit) == ("2-a.warc.gz", 9, True)


def test_an_unknown_session_or_a_bad_url_is_refused_before_the_index_is_asked(db):
    def lookup(url, job_ids):
        raise AssertionError("the index server must not be asked")

    s = sessions.create(db, [1])
    with pytest.raises(ViewerSessionNotFound):
        captures(db, "nope", "http://www.kb.dk/", lookup)
    with pytest.raises(ViewerSessionNotFound):
        captures(db, 17, "http://www.kb.dk/", lookup)
    for bad in ("", "   ", "www.kb.dk", "ftp://kb.dk/x", "http://", "http://kb.dk:99999/", None, 5,
                "http://x/" + "a" * 9000):
        with pytest.raises(InvalidUrl):
            captures(db, s.session_id, bad, lookup)
    assert check_url("HTTPS://www.kb.dk:8443/a?b") == "HTTPS://www.kb.dk:8443/a?b"


def test_an_index_being_built_is_said_as_such(db):
    s = sessions.create(db, [1])

    def lookup(url, job_ids):
        raise IndexNotReady("the full index of job 1 is being built", {"job_ids": job_ids})

    with pytest.raises(IndexNotReady):
        captures(db, s.session_id, "http://www.kb.dk/", lookup)
    # a stopped session still knows its jobs: its captures can be listed
    sessions.stop(db, s.session_id)
    assert captures(db, s.session_id, "http://www.kb.dk/", lambda u, j: [cap("20240101100000")])[0].job_id == 1
