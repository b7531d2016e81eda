"""Domain and host names: normalisation and registered-domain lookup.

The Public Suffix List comes bundled with the pinned ``publicsuffixlist`` package, so nothing is
fetched at run time; upgrading the pin upgrades the list.
"""
from __future__ import annotations

import itertools
import re
from functools import lru_cache

import publicsuffixlist
from publicsuffixlist import PublicSuffixList

_ICANN_BEGIN = "// ===BEGIN ICANN DOMAINS==="
_ICANN_END = "// ===END ICANN DOMAINS==="


def _icann_list() -> PublicSuffixList:
    """The library's list object with the ICANN rules in Unicode only, parsed here.

    Rules in Unicode only: lookups turn IDNA labels (xn--) into Unicode first, so the library's
    punycode copy of each rule is needed only for a name that does not decode (_psl_for). The
    library's parser reads the file line by line in Python: 14-27 ms in every process that starts
    (a crawler's, a service's, the CLI's). The same rules are read here from the ICANN section at
    once, in less than half of that, into the attributes the library's own parser fills
    (tests/unit/definitions/test_domain_names_fast.py compares them with its parse). A library
    that keeps them elsewhere, or a file without the section's markers, takes its own parser."""
    psl = PublicSuffixList.__new__(PublicSuffixList)
    try:
        with open(publicsuffixlist.PSLFILE, encoding="utf-8", errors="surrogateescape") as fh:
            text = fh.read()
    except (AttributeError, OSError):
        text = ""
    begin, end = text.find(_ICANN_BEGIN + "\n"), text.find(_ICANN_END)
    if begin < 0 or end < begin or not hasattr(psl, "_countpublic"):
        return PublicSuffixList(only_icann=True, accept_encoded_idn=False)
    # the library's steps for a line (lower case, up to the first space, trailing space cut, no
    # comment), on the section at once where they can be
    lines = text[begin + len(_ICANN_BEGIN):end].lower().splitlines()
    rules = {line.split(" ", 1)[0].rstrip() for line in lines if line[:2] != "//"}
    rules.discard("")
    psl.accept_unknown = True
    psl._publicsuffix = frozenset(rules)
    psl._maxlabel = max(map(str.count, rules, itertools.repeat(".")), default=-1) + 1
    return psl


_PSL = _icann_list()


@lru_cache(maxsize=1)
def _psl_with_punycode() -> PublicSuffixList:
    return PublicSuffixList(only_icann=True)


def _psl_for(host: str) -> PublicSuffixList:
    """The list for a normalised ``host``: one still holding ``xn--`` did not decode to Unicode,
    and is looked up with the rules in punycode too, as the library does by default."""
    return _psl_with_punycode() if "xn--" in host else _PSL


def normalise_host(host: str) -> str:
    """Lower-case, strip a trailing dot and turn IDN labels into Unicode (NFC via IDNA)."""
    host = host.strip().rstrip(".").lower()
    if not host:
        return host
    try:
        return host.encode("ascii").decode("idna") if "xn--" in host else host.encode("idna").decode("idna")
    except UnicodeError:
        return host


@lru_cache(maxsize=65536)
def registered_domain(host: str) -> str | None:
    """The name registered under a public suffix: ``www.bbc.co.uk`` → ``bbc.co.uk``.

    Returns None for a bare public suffix (``co.uk``), an IP address or an empty name.
    """
    host = normalise_host(host)
    if not host or _is_ip(host):
        return None
    return _psl_for(host).privatesuffix(host)


def public_suffix(host: str) -> str | None:
    """The public suffix of a host (``bbc.co.uk`` → ``co.uk``)."""
    host = normalise_host(host)
    return _psl_for(host).publicsuffix(host) if host else None


def _is_ip(host: str) -> bool:
    import ipaddress

    try:
        ipaddress.ip_address(host.strip("[]"))
        return True
    except ValueError:
        return False


# --- a fast path for plain ASCII names (mass ingest) --------------------------------------------
#
# registered_domain() normalises through the IDNA codec and walks the suffix rules for every
# name, about 20 µs a call. For a lower-case ASCII name ``first.rest`` the list's rules that could
# involve the first label are exactly "first.rest", "*.first.rest" and "!first.rest"; when none
# of them exists, the answer is the one for ``<any such label>.rest``. That answer is computed
# once per ``rest`` (with a probe label found in no rule) and cached; every other name takes
# registered_domain() itself.

_LDH_NAME = re.compile(r"(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.)+[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?")
_PROBE = "nas0probe0"


def _rules() -> frozenset[str] | None:
    rules = getattr(_PSL, "_publicsuffix", None)  # the library's parsed rules (ICANN section only here)
    if not isinstance(rules, (set, frozenset)) or not rules:
        return None  # a library version that keeps its rules elsewhere: no fast path
    # the probe must be no label of any rule; no rule even holds it, which is quicker to see
    return None if any(_PROBE in rule for rule in rules) else frozenset(rules)


_RULES = _rules()


@lru_cache(maxsize=65536)
def _registered_depth(rest: str) -> int | None:
    """How many labels of ``<label>.rest`` make its registered domain (None: none), for a first
    label that starts no suffix rule."""
    found = registered_domain(f"{_PROBE}.{rest}")
    return None if found is None else found.count(".") + 1


def _fast_depth(h: str) -> tuple[bool, int | None]:
    """(decided, depth) for a lower-case ASCII name ``h``."""
    if _RULES is None or len(h) > 253 or "xn--" in h or not _LDH_NAME.fullmatch(h):
        return False, None
    rest = h.partition(".")[2]
    if rest.rpartition(".")[2].isdigit() or h in _RULES or "*." + h in _RULES or "!" + h in _RULES:
        return False, None  # maybe an IP address; or a name a rule is about
    return True, _registered_depth(rest)


def registered_domain_fast(host: str) -> str | None:
    """Exactly :func:`registered_domain`, faster for plain ASCII host names (about 1 µs instead
    of about 20 µs); tests/unit/definitions/test_domain_names_fast.py compares the two on a large
    sample of names."""
    h = host.strip().rstrip(".")
    if h.isascii():
        h = h.lower()
        decided, depth = _fast_depth(h)
        if decided:
            if depth is None:
                return None
            return h if depth == h.count(".") + 1 else ".".join(h.split(".")[-depth:])
    return registered_domain(host)


def is_registered_domain(name: str) -> bool:
    """``name`` is lower-case ASCII and itself a registered domain (``kb.dk``; not ``www.kb.dk``,
    ``co.uk`` or ``KB.dk``), decided on the fast path. False means "not decided here": ask
    :func:`registered_domain`."""
    if not name.isascii():
        return False
    decided, depth = _fast_depth(name)
    return decided and depth == name.count(".") + 1
