"""A crawler trap or scope pattern that backtracks catastrophically cannot stall the crawl
(#29 item 6): every match runs with a time limit, and a URL a pattern cannot decide in time is
rejected and annotated ``regexTimeout`` instead of holding the crawler (and its SIGTERM) for
minutes. ``(.|..)*\\d`` needs about fib(n) steps to give up on n characters that do not end in a
digit: a few seconds for the URL below in ``re``, far longer for longer URLs."""
from __future__ import annotations

import logging

from server.crawler import status_codes as sc
from server.crawler.scope import CrawlScope
from server.crawler.spec import Scope

SLOW = r"(.|..)*\d"
TIMEOUT_NOTE = "regexTimeout"                     # the crawl.log annotation
URL = "http://www.example.dk/" + "a" * 15          # 37 characters, no digit at the end


def _scope(**kw) -> CrawlScope:
    scope = CrawlScope(Scope(**{k: v for k, v in kw.items() if k != "traps"}), kw.get("traps", []))
    scope.add_seed("http://www.example.dk/")
    return scope


def test_a_trap_that_cannot_decide_in_time_rejects_the_url_and_says_so(caplog):
    scope = _scope(traps=[r".*/calendar/.*", SLOW])
    with caplog.at_level(logging.WARNING, logger="server.crawler.scope"):
        assert scope.decide(URL, "L") == (sc.S_DEEMED_CHAFF, TIMEOUT_NOTE)
    assert getattr(scope, "timeouts", None) == 1
    assert "crawler traps did not finish matching" in caplog.text and URL in caplog.text
    # sane patterns in the same list still decide as before
    assert scope.decide("http://www.example.dk/calendar/2026", "L") == (sc.S_DEEMED_CHAFF, "trap")
    assert scope.decide("http://www.example.dk/x", "L") == (0, None)


def test_a_slow_exclude_pattern_counts_as_excluded_and_a_slow_include_as_not_included():
    assert _scope(exclude=[SLOW]).decide(URL, "L") == (sc.S_OUT_OF_SCOPE, TIMEOUT_NOTE)
    outside = "http://other.example.org/" + "a" * 12
    assert _scope(include=[SLOW]).decide(outside, "L") == (sc.S_OUT_OF_SCOPE, None)


def test_once_stopping_a_slow_pattern_gets_almost_no_time():
    scope = _scope(traps=[SLOW])
    scope.stopping()
    long_url = URL + "b" * 200                     # hours for re, the match limit for this one
    assert scope.decide(long_url, "L") == (sc.S_DEEMED_CHAFF, TIMEOUT_NOTE)
    sane = _scope(traps=[r".*/calendar/.*"], exclude=[r".*\.iso"])
    sane.stopping()
    assert sane.decide("http://www.example.dk/calendar/2026", "L") == (sc.S_DEEMED_CHAFF, "trap")
    assert sane.decide("http://www.example.dk/a.iso", "L") == (sc.S_OUT_OF_SCOPE, "excluded")
    assert sane.decide("http://www.example.dk/x", "L") == (0, None)
