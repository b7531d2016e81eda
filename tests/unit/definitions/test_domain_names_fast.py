"""The fast paths for plain ASCII names give exactly the answers of the general functions.

``shared.domain_names.registered_domain_fast`` against ``registered_domain``, and
``server.definitions.validation.domain_name`` (which tries ``is_registered_domain`` first) against
itself with the fast path switched off, on tens of thousands of real-looking and tricky names:
every Public Suffix List rule bare and with labels in front (wildcard and exception rules
included), upper case, trailing and doubled dots, IDN in Unicode and punycode, IP addresses,
over-long labels and names, odd characters.
"""
from __future__ import annotations

import random

import pytest

from server.definitions import validation
from shared import domain_names
from shared.errors import InvalidDomain


def _sample() -> list[str]:
    rules = sorted(domain_names._PSL._publicsuffix)
    rnd = random.Random(3)
    words = ["kb", "bbc", "www", "city", "shop", "com", "co", "dk", "abc", "nas0probe0", "xn--bcher-kva", "bücher",
             "æøå", "a-b", "-ab", "ab-", "a_b", "1", "123", "x" * 63, "x" * 64, "ka" + str(rnd.randint(0, 99999))]
    out: list[str] = []
    for rule in rules:
        base = rule.lstrip("!")
        for star in ("kb", "www", "x0"):
            r = base.replace("*", star)
            out += [r, f"kb.{r}", f"www.kb.{r}", f"{rnd.choice(words)}.{r}", f"{rnd.choice(words)}.kb.{r}"]
            if rnd.random() < 0.1:
                out += [r.upper(), f"KB.{r}.", f"kb.{r}..", f" kb.{r} ", f".kb.{r}", f"kb..{r}"]
    tlds = ["dk", "de", "se", "co.uk", "com", "org", "net", "eu", "ck", "kawasaki.jp", "sch.uk", "bbc", "invalidtld"]
    for i in range(20_000):
        label = "".join(rnd.choice("abcdefghijklmnopqrstuvwxyz0123456789-_") for _ in range(rnd.randint(1, 12)))
        out.append(f"{label}{i}.{rnd.choice(tlds)}")
        out.append(f"{rnd.choice(words)}.{rnd.choice(tlds)}")
    out += ["1.2.3.4", "10.0.0.1.", "[::1]", "::1", "256.1.1.1", "1.2.3", "kb.123", "kb.dk1", "", ".", "..", " ",
            "KB.DK", "kB.Dk.", "xn--bcher-kva.de", "XN--BCHER-KVA.DE", "bücher.de", "BÜCHER.de", "ﬀ.dk", "\u212aB.dk",
            "straße.de", "xn--zca.dk", "xn--.dk", "a" * 63 + ".dk", "a" * 64 + ".dk", ("a" * 60 + ".") * 4 + "dk",
            ("a" * 61 + ".") * 4 + "dk", "kb.dk\t", "\tkb.dk", "kb dk", "kb/dk", "kb.dk/x", "kb,dk", "ø.dk", "kb.ø"]
    return out


SAMPLE = _sample()


def test_the_sample_is_large_and_mixed():
    assert len(SAMPLE) > 40_000
    fast = sum(1 for n in SAMPLE if domain_names.is_registered_domain(n))
    assert 10_000 < fast < len(SAMPLE) - 10_000  # both paths are exercised


def test_registered_domain_fast_is_registered_domain():
    wrong = [(n, domain_names.registered_domain_fast(n), domain_names.registered_domain(n)) for n in SAMPLE
             if domain_names.registered_domain_fast(n) != domain_names.registered_domain(n)]
    assert wrong == []


def test_is_registered_domain_only_says_yes_when_registered_domain_agrees():
    for n in SAMPLE:
        if domain_names.is_registered_domain(n):
            assert domain_names.registered_domain(n) == n == domain_names.normalise_host(n), n


def _outcome(name: str) -> tuple[str, object]:
    try:
        return "ok", validation.domain_name(name)
    except InvalidDomain as exc:
        return "error", (exc.message, exc.details)


def test_domain_name_gives_the_same_answers_with_and_without_the_fast_path(monkeypatch):
    with_fast = [_outcome(n) for n in SAMPLE]
    monkeypatch.setattr(validation, "is_registered_domain", lambda name: False)
    without = [_outcome(n) for n in SAMPLE]
    assert [(n, a, b) for n, a, b in zip(SAMPLE, with_fast, without) if a != b] == []
    assert sum(1 for o in with_fast if o[0] == "ok") > 10_000


@pytest.mark.parametrize("name, expected", [
    ("kb.dk", "kb.dk"), ("KB.DK.", "kb.dk"), ("www.kb.dk", "kb.dk"), ("co.uk", None), ("bbc.co.uk", "bbc.co.uk"),
    ("foo.ck", None), ("www.ck", "www.ck"), ("a.foo.ck", "a.foo.ck"), ("1.2.3.4", None),
    ("xn--bcher-kva.de", "bücher.de"),
])
def test_known_answers(name, expected):
    assert domain_names.registered_domain_fast(name) == expected == domain_names.registered_domain(name)


def test_the_list_read_here_is_the_librarys_own_parse():
    """``_icann_list`` reads the bundled file's ICANN section itself (the library's parser was the
    largest part of every process's start); the rules and the deepest rule's labels must be what
    the library's parser makes of the same file, and lookups on its object the same."""
    from publicsuffixlist import PublicSuffixList

    library = PublicSuffixList(only_icann=True, accept_encoded_idn=False)
    ours = domain_names._icann_list()
    assert ours._publicsuffix == library._publicsuffix
    assert ours._maxlabel == library._maxlabel
    assert len(ours._publicsuffix) > 6000
    for name in ["www.bbc.co.uk", "city.kawasaki.jp", "a.b.kawasaki.jp", "co.uk", "www.ck", "bücher.de", "kb.dk"]:
        assert ours.privatesuffix(name) == library.privatesuffix(name)
        assert ours.publicsuffix(name) == library.publicsuffix(name)
