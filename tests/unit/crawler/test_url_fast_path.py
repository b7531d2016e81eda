"""parse_url's one-parse fast path gives exactly what fetchable, seen_key, host_key and host_of
give (they are the reference), for plain URLs and for every odd case that must fall back."""
from __future__ import annotations

import random

import pytest

from server.crawler.urls import BadUrl, fetchable, host_key, host_of, parse_url, seen_key

CASES = [
    "http://www.example.dk/", "HTTP://WWW.Example.DK/A/B.html", "http://example.dk", "http://example.dk?x=1",
    "http://example.dk:80/a", "https://example.dk:443/a", "http://example.dk:8080/a", "http://example.dk:080/a",
    "https://example.dk:80/a", "http://example.dk/a?", "http://example.dk/a?b=1&c=2#frag", "http://example.dk/#x",
    "http://example.dk/a;jsessionid=ABC?x=1", "http://example.dk/a?PHPSESSID=1&x=2", "http://example.dk/a?x=2&sid=9",
    "http://example.dk/a%20b", "http://example.dk/a b", "http://example.dk/æ", "http://ÆØÅ.dk/",
    "http://xn--5cab8c.dk/", "http://127.0.0.1:8080/x", "http://[::1]:8080/x", "http://a_b.example.dk/",
    "http://-bad.dk/", "http://example.dk./", "http://user:pw@example.dk/", "http://example.dk:99999/",
    "http://example.dk:0/", "ftp://example.dk/", "mailto:x@example.dk", "http:///x", "http://a..b/",
    "http://example.dk/a?b=c?d", "http://example.dk//double//slash", "http://example.dk/~user/(x)!$'*,;=:@",
    "http://EXAMPLE.dk/Path?Query=Case", "http://example.dk/a?&x=1", "http://1.2.3.4/", "http://www.q7.test/page/3",
]


def reference(raw: str):
    url = fetchable(raw)
    return url, seen_key(url), host_key(url), host_of(url)


@pytest.mark.parametrize("raw", CASES)
def test_fast_path_agrees_with_the_reference(raw):
    try:
        expected = reference(raw)
    except BadUrl:
        with pytest.raises(BadUrl):
            parse_url(raw)
        return
    assert tuple(parse_url(raw)) == expected


def test_random_urls_agree():
    rng = random.Random(15)
    alphabet = "abcXYZ019-._~%/?&=;:@!$'()*+, #æ"
    for _ in range(20_000):
        host = rng.choice(["www.example.dk", "EXAMPLE.dk", "1.2.3.4", "a-b.c", "x.y.z.test"])
        port = rng.choice(["", ":80", ":443", ":8080", ":0"])
        scheme = rng.choice(["http", "https", "HTTP"])
        rest = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 20)))
        raw = f"{scheme}://{host}{port}/{rest}"
        try:
            expected = reference(raw)
        except BadUrl:
            continue
        assert tuple(parse_url(raw)) == expected, raw
