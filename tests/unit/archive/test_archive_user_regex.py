"""A user's regular expression cannot hang a bitarchive: every match is time-limited, a
pathological pattern is a typed InvalidRegex (reason: timeout), a broken one names its position."""
from __future__ import annotations

import os
import time

import pytest

from server.archive.storage import FILEDIR, BitarchiveStorage
from server.archive.user_regex import UserPattern
from shared.errors import InvalidRegex

EVIL = r"(a|aa)+$"     # exponential backtracking in Python's re on "aaaa…!"


def test_a_catastrophic_pattern_stops_with_a_typed_error(tmp_path):
    started = time.monotonic()
    with pytest.raises(InvalidRegex, match="takes longer than") as err:
        UserPattern(EVIL, timeout=0.2).fullmatch("a" * 40 + "!")
    assert err.value.details["reason"] == "timeout"
    assert time.monotonic() - started < 30     # Python's re would run for years


def test_selecting_stored_files_with_a_catastrophic_pattern_is_refused_not_hung(tmp_path):
    (tmp_path / FILEDIR).mkdir()
    (tmp_path / FILEDIR / ("a" * 40 + "!")).write_bytes(b"x")
    (tmp_path / FILEDIR / "1-1.warc.gz").write_bytes(b"x")
    storage = BitarchiveStorage([str(tmp_path)], 0)
    assert [n for n, _ in storage.files(r"1-.*")] == ["1-1.warc.gz"]
    with pytest.raises(InvalidRegex):
        list(storage.files(EVIL))
    assert os.path.exists(tmp_path / FILEDIR / "1-1.warc.gz")


def test_ordinary_patterns_behave_as_re_and_errors_name_the_position():
    p = UserPattern(r"5-.*-0000[02]-.*")
    assert p.fullmatch("5-1-00000-x") and not p.fullmatch("5-1-00001-x") and p.search("x5-1-00002-y")
    with pytest.raises(InvalidRegex) as err:
        UserPattern("a(b")
    assert err.value.details["position"] == 3
    with pytest.raises(InvalidRegex):
        UserPattern("x" * 5000)
