"""SURT keys as pywb's ``cdx-indexer`` writes them: the expected keys below are what pywb 2.10's
``pywb.utils.canonicalize.canonicalize`` (the ``surt`` package, 0.3.1) gave for each URL."""
from __future__ import annotations

import pytest

from server.index import captures
from shared.warc.surt import surt

PYWB_KEYS = [
    ('http://a.dk/?B=1&a=2', 'dk,a)/?a=2&b=1'),
    ('http://a.dk/?a&&b=1', 'dk,a)/?&a&b=1'),
    ('http://a.dk/?a=1&a', 'dk,a)/?a&a=1'),
    ('http://a.dk/x;jsessionid=0123456789abcdef0123456789abcdef',
     'dk,a)/x;jsessionid=0123456789abcdef0123456789abcdef'),
    ('http://a.dk/x?PHPSESSID=0123456789abcdef0123456789abcdef&y=1', 'dk,a)/x?y=1'),
    ('http://a.dk/x?y=1&PHPSESSID=0123456789abcdef0123456789abcdef', 'dk,a)/x?&y=1'),
    ('http://a.dk/x?y=1&jsessionid=0123456789abcdef0123456789abcdef&z=2', 'dk,a)/x?y=1&z=2'),
    ('http://a.dk/x?y=1&', 'dk,a)/x?&y=1'),
    ('http://a.dk/x?&', 'dk,a)/x?&'),
    ('http://a.dk/%25%32%35', 'dk,a)/%25'),
    ('http://a.dk/a//b', 'dk,a)/a/b'),
    ('http://a.dk/./a/./b/../c', 'dk,a)/a/c'),
    ('http://a.dk/../c', 'dk,a)/../c'),
    ('http://a.dk/A%2Fb', 'dk,a)/a/b'),
    ('http://A.dk./x', 'dk,a)/x'),
    ('http://www2.a.dk/', 'dk,a)/'),
    ('http://www.a.dk.:81/', 'dk,a:81)/'),
    ('HTTP://a.dk/', 'dk,a)/'),
    ('http://a.dk:0/', 'dk,a)/'),
    ('http://user:pw@a.dk/x', 'dk,a)/x'),
    ('http://[::1]:8080/x', '::1:8080)/x'),
    ('http://a.dk/x?y=%20z', 'dk,a)/x?y=%20z'),
    ('http://a.dk/x?y=a+b', 'dk,a)/x?y=a+b'),
    ('http://a.dk/é', 'dk,a)/%c3%a9'),
    ('http://a.dk/%e9', 'dk,a)/%e9'),
    ('metadata://netarkivet.dk/crawl/setup/order.xml?heritrixVersion=3&harvestid=1&jobid=2',
     'dk,netarkivet)/crawl/setup/order.xml?harvestid=1&heritrixversion=3&jobid=2'),
    ('metadata://netarkivet.dk/crawl/logs/crawl.log?heritrixVersion=3.4&harvestid=3&jobid=7',
     'dk,netarkivet)/crawl/logs/crawl.log?harvestid=3&heritrixversion=3.4&jobid=7'),
    ('https://a.dk/', 'dk,a)/'),
    ('https://a.dk:443/x', 'dk,a)/x'),
    ('http://a.dk:443/x', 'dk,a:443)/x'),
    ('https://a.dk:80/x', 'dk,a:80)/x'),
    ('ftp://a.dk/x', 'dk,a)/x'),
    ('mailto:a@b.dk', 'mailto:a@b.dk'),
    ('dns:www.a.dk', 'dns:www.a.dk'),
    ('http://a.dk/x#', 'dk,a)/x'),
    ('http://a.dk/~x', 'dk,a)/~x'),
    ('http://www.a.dk', 'dk,a)/'),
    ('http://1.2.3.4/', '4,3,2,1)/'),
    ('http://www.1.2.3.4/', '4,3,2,1)/'),
    ('http://a.dk/x.html?', 'dk,a)/x.html'),
    ('http://a.dk/%7Ex', 'dk,a)/~x'),
    ('http://a.dk/a%0Ab', 'dk,a)/a%0ab'),
    ('http://a.dk/x?a=b#c', 'dk,a)/x?a=b'),
    ('http://127.0.0.1:34917/bad-chunk', '1,0,0,127:34917)/bad-chunk'),
    ('http://bücher.dk/x', 'dk,xn--bcher-kva)/x'),
    ('http://a.dk/x?a=%26b', 'dk,a)/x?a=&b'),
    ('http://a.dk/x/?', 'dk,a)/x'),
    ('http://a.dk/x/.', 'dk,a)/x'),
    ('http://a.dk/x/..', 'dk,a)/'),
    ('http://a.dk/a;b/c', 'dk,a)/a;b/c'),
    ('http://a.dk/x?q=a%2Bb', 'dk,a)/x?q=a+b'),
    ('http://a.dk/x?sid=0123456789abcdef0123456789abcdef', 'dk,a)/x'),
    ('http://a.dk/x?CFID=1&CFTOKEN=2&z=1', 'dk,a)/x?z=1'),
    ('http://a.dk/x?ASPSESSIONIDABCDEFGH=ABCDEFGHIJKLMNOPQRSTUVWX&z=1', 'dk,a)/x?z=1'),
    ('http://a.dk:8080', 'dk,a:8080)/'),
    ('http://a.dk/x?a=1&A=2&b', 'dk,a)/x?a=1&a=2&b'),
    ('filedesc://7-3-x.warc.gz', 'filedesc://7-3-x.warc.gz'),
    ('http://a.dk/%', 'dk,a)/%25'),
    ('http://a.dk/%zz', 'dk,a)/%25zz'),
    ('http://a.dk/x?%', 'dk,a)/x?%25'),
    ('http://a.b:08/x', 'b,a:8)/x'),
    ('http://a.b:/x', 'b,a)/x'),
]


@pytest.mark.parametrize(("url", "key"), PYWB_KEYS)
def test_surt_equals_pywbs_key(url, key):
    assert surt(url) == key


@pytest.mark.parametrize(("url", "key"), PYWB_KEYS)
def test_the_index_servers_fast_surt_agrees(url, key):
    assert captures.surt(url) == key
