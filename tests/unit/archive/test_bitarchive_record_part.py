"""The bitarchive's ``record`` route: the index's length is used as given (no inflating of the
gzip member to measure it); without it, or with a useless one, the record is measured."""
from __future__ import annotations

from server.archive.bitarchive.core import record_part


def test_a_given_length_spares_measuring_the_record():
    measured = []

    def measure(path, offset):
        measured.append((path, offset))
        return 77

    assert (record_part("/a.warc.gz", {"offset": "10", "length": "512"}, measure).length, measured) == (512, [])
    for useless in ({}, {"length": ""}, {"length": "0"}, {"length": "-5"}, {"length": "x"}):
        part = record_part("/a.warc.gz", {"offset": "10", **useless}, measure)
        assert (part.start, part.length) == (10, 77)
    assert len(measured) == 5
