"""Domain and host names: normalisation and registered-domain lookup.

The Public Suffix List comes bundled with the pinned ``publicsuffixlist`` package, so nothing is
fetched at run time; upgrading the pin upgrades the list.
"""
from __future__ import annotations

from functools import lru_cache

from publicsuffixlist import PublicSuffixList

_PSL = PublicSuffixList(only_icann=True)


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
    return _PSL.privatesuffix(host)


def public_suffix(host: str) -> str | None:
    """The public suffix of a host (``bbc.co.uk`` → ``co.uk``)."""
    host = normalise_host(host)
    return _PSL.publicsuffix(host) if host else None


def _is_ip(host: str) -> bool:
    import ipaddress

    try:
        ipaddress.ip_address(host.strip("[]"))
        return True
    except ValueError:
        return False
