"""Set names (the seeds' rule), job id input, the SURT key, crawl.log and CDX rows and their join."""
from __future__ import annotations

import hashlib
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.index import captures
from server.index.names import check_job_ids, check_kind, check_set_name, parse_job_list, set_name
from shared.errors import InvalidInput
from shared.warc.cdx import surt as cdx_surt


def test_set_names_follow_the_seeds_rule():
    assert set_name([3, 1, 2]) == "1-2-3"
    assert set_name([4, 3, 2, 1]) == "1-2-3-4"
    ids = list(range(10, 0, -1))
    digest = hashlib.md5("-".join(map(str, range(1, 11))).encode()).hexdigest()
    assert set_name(ids) == f"1-2-3-4-{digest}"
    assert check_set_name(set_name(ids)) == set_name(ids)
    for bad in ("../x", "1/2", "", "1-2-3-4-5-6", "a"):
        with pytest.raises(InvalidInput):
            check_set_name(bad)


def test_job_ids_are_checked_and_ranges_expanded():
    assert check_job_ids([3, "2", 3, 1]) == [1, 2, 3]
    assert parse_job_list("1,2, 5-7") == [1, 2, 5, 6, 7]
    for bad in ([], [0], [-1], ["x"], [1.5], "12", [True]):
        with pytest.raises(InvalidInput):
            check_job_ids(bad)
    for bad in ("", "7-5", "1-a", "x"):
        with pytest.raises(InvalidInput):
            parse_job_list(bad)
    with pytest.raises(InvalidInput, match="unknown index kind"):
        check_kind("lucene")


URL_CHARS = "aAzZ09./?#&=:@%-_wW[] é\t"


@settings(max_examples=3000, deadline=None)
@given(st.sampled_from(["http://", "https://", "HTTP://", "http:/", "ftp://", "http://www.", "https://WWW3."]),
       st.text(alphabet=URL_CHARS, max_size=30))
def test_fast_surt_agrees_with_the_cdx_surt(prefix, rest):
    url = prefix + rest
    assert captures.surt(url) == cdx_surt(url)


@pytest.mark.parametrize("url", [
    "http://www.Example.com:80/A?b=1&a=2", "https://example.dk:443/", "http://a.b:8080/x/?", "http://a.b:/x",
    "http://a.b:99999/x", "http://WWW2.a.b./x/#frag?q", "http://u@a.b/x", "http://[::1]/x", "http://a.b",
    "http://ä.b/", "http://a.b/x y", "dns:www.a.b", "http://a.b:1:2/x"])
def test_fast_surt_on_odd_urls(url):
    assert captures.surt(url) == cdx_surt(url)


LINE = ("2024-05-01T10:00:00.123Z   200       5123 http://www.a.dk/i.png E http://www.a.dk/ image/png #012 "
        "20240501100000012+34 sha1:ABC http://www.a.dk/ 2t,duplicate:\"7-1-x.warc.gz,1234,20240401090000\"\n")


def test_crawl_log_row_takes_the_original_from_the_duplicate_annotation():
    row = captures.crawl_log_row(LINE, "9").rstrip("\n").split("\t")
    assert row[captures.F_SURT] == "dk,a)/i.png" and row[captures.F_TS] == "20240501100000"
    assert (row[captures.F_ORIG_FILE], row[captures.F_ORIG_OFFSET], row[captures.F_ORIG_TS]) == \
        ("7-1-x.warc.gz", "1234", "20240401090000")
    assert row[captures.F_FLAGS] == "R" and row[captures.F_JOB] == "9"
    # the older two-part annotation: the original's time is unknown
    old = LINE.replace(",20240401090000", "")
    assert captures.crawl_log_row(old, "9").split("\t")[captures.F_ORIG_TS] == "-"
    assert captures.crawl_log_row(LINE.replace("  200 ", "   -2 "), "9") is None
    assert captures.crawl_log_row("garbage\n", "9") is None


def test_join_pairs_crawl_log_lines_with_their_cdx_records_and_keeps_the_rest():
    crawl = sorted([
        captures.crawl_log_row(LINE, "9"),
        captures.crawl_log_row(LINE.replace("i.png", "only-in-log.png").replace(",duplicate:", ",x:"), "9"),
    ])
    cdx = sorted([
        captures.cdx_row('dk,a)/i.png 20240501100000 {"url": "http://www.a.dk/i.png", "mime": "warc/revisit", '
                         '"status": "200", "digest": "sha1:ABC", "length": "300", "offset": "77", '
                         '"filename": "9-1-y.warc.gz"}\n', "9"),
        captures.cdx_row('dk,a)/z.css 20240501100001 {"url": "http://www.a.dk/z.css", "mime": "text/css", '
                         '"status": "200", "digest": "sha1:Z", "length": "30", "offset": "7", '
                         '"filename": "9-1-y.warc.gz"}\n', "9"),
    ])
    rows = [r.rstrip("\n").split("\t") for r in captures.join(crawl, cdx)]
    by_url = {r[captures.F_URL]: r for r in rows}
    assert len(rows) == 3
    paired = by_url["http://www.a.dk/i.png"]
    assert (paired[captures.F_FILE], paired[captures.F_OFFSET]) == ("9-1-y.warc.gz", "77")
    assert paired[captures.F_MIME] == "image/png" and paired[captures.F_ORIG_OFFSET] == "1234"
    assert by_url["http://www.a.dk/only-in-log.png"][captures.F_OFFSET] == "-"
    assert by_url["http://www.a.dk/z.css"][captures.F_MIME] == "text/css"
    assert [r for r in captures.join(crawl, cdx)] == sorted(captures.join(crawl, cdx))
    exclude = re.compile(r"^text/")
    # a revisit is a source pointing to its original; a text object and an unlocated one are not
    assert captures.dedup_source(paired, exclude) == ("http://www.a.dk/i.png", "7-1-x.warc.gz", "1234",
                                                      "20240401090000")
    assert captures.dedup_source(by_url["http://www.a.dk/z.css"], exclude) is None
    assert captures.dedup_source(by_url["http://www.a.dk/only-in-log.png"], exclude) is None
