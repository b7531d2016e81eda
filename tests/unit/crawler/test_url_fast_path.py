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


def test_resolve_shortcut_agrees_with_urljoin():
    """resolve() skips urljoin for plain relative and root-relative links: same answers."""
    from urllib.parse import urljoin

    from server.crawler.urls import resolve

    rng = random.Random(16)
    bases = ["http://www.example.dk/", "http://www.example.dk/dir/page.html", "http://www.example.dk/dir/sub/",
             "https://EXAMPLE.dk:8080/a;p/b;q?x=1", "http://www.example.dk", "http://www.example.dk/a//b/c",
             "http://www.example.dk/a/../b/c", "http://u@www.example.dk/x/", "HTTP://www.example.dk/x?y#z",
             "http://www.example.dk/a/b/c/d.html", "https://docs.example.dk/3/library/os.html#x"]
    alphabet = "ab/./..?#;:=&% æ\\@A"
    for _ in range(50_000):
        base = rng.choice(bases)
        link = rng.choice(["", "/", "./", "../", "../../", "./../", "../../../../", "?", "#", "//h/", "x:"]) + "".join(
            rng.choice(alphabet) for _ in range(rng.randrange(0, 12)))
        stripped = link.strip()
        if not stripped or stripped.startswith("#"):
            continue
        assert resolve(base, link) == urljoin(base, stripped), (base, link)


def test_http_client_split_agrees_with_urlsplit():
    from urllib.parse import urlsplit

    from server.crawler.http_client import _split

    urls = CASES + ["http://www.example.dk/a?", "http://h:8080/x?y#z", "http://h/a b", "http://u:p@h:81/x",
                    "https://[::1]:8443/p?q", "http://h?x/y", "http://h/æ", "http://h/?a"]
    for url in urls:
        try:
            p = urlsplit(url)
            expected = (p.scheme, p.netloc, p.hostname or "", p.port,
                        (p.path or "/") + ("?" + p.query if p.query else ""))
        except ValueError:
            continue
        assert _split(url) == expected, url
