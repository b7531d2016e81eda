"""The hash table in front of the dedup index: exact answers, collisions, replacement, growth."""
from __future__ import annotations

from server.index import hashtable


def test_build_and_get(tmp_path):
    records = [(f"http://a.dk/{i} sha1:{i}", f"value {i}") for i in range(5000)]
    assert hashtable.build(str(tmp_path), records) == 5000
    t = hashtable.HashLookup(str(tmp_path))
    assert all(t.get(k) == v for k, v in records)
    assert t.get("http://a.dk/1 sha1:2") is None and t.get("") is None
    assert len(t) == 5000
    t.close()


def test_empty_table(tmp_path):
    hashtable.build(str(tmp_path), [])
    t = hashtable.HashLookup(str(tmp_path))
    assert t.get("x") is None and len(t) == 0
    t.close()


def test_linear_probing_in_a_crowded_table(tmp_path):
    records = [(f"k{i}", str(i)) for i in range(512)]  # exactly half of the smallest table
    hashtable.build(str(tmp_path), records)
    t = hashtable.HashLookup(str(tmp_path))
    assert t.capacity == 1024
    assert all(t.get(k) == v for k, v in records)
    assert all(t.get(f"x{i}") is None for i in range(2000))
    t.close()


def test_insert_replaces_only_newer_and_grows(tmp_path):
    d = str(tmp_path)
    hashtable.build(d, [("k0", "x\t20200101000000")])
    newer = lambda new, old: new.rsplit("\t", 1)[-1] >= old.rsplit("\t", 1)[-1]  # noqa: E731
    assert hashtable.insert(d, [("k0", "older\t20190101000000")], newer) == 0
    assert hashtable.insert(d, [("k0", "newer\t20210101000000")], newer) == 1
    many = [(f"k{i}", f"v{i}\t20200101000000") for i in range(1, 3000)]  # past half full: grows
    assert hashtable.insert(d, many, newer) == len(many)
    t = hashtable.HashLookup(d)
    assert t.get("k0") == "newer\t20210101000000"
    assert all(t.get(k) == v for k, v in many)
    assert t.capacity >= 2 * len(t) and len(t) == 3000
    t.close()
