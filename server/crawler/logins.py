"""Site logins, as Heritrix's credential store uses them: HTTP basic and digest answers to a
401 challenge for the matching realm, and form logins posted before a domain is crawled.

The harvester hands the logins to the crawler on its standard input (``logins_stdin: true`` in
the job spec), so that passwords are never written to the job directory in clear; they live
only in this process's memory. A login applies to URLs of its domain (and subdomains) that start
with its ``url`` (empty: the whole domain). A wrong password is tried once per realm and then
marked failed: later URLs of that realm are not retried with it.
"""
from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import sys
from dataclasses import dataclass, field
from urllib.parse import urlencode, urlsplit

from server.crawler.scope import domain_of

KINDS = ("basic", "digest", "form")
_PARAM = re.compile(r'(\w+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))')


@dataclass
class Login:
    domain: str
    username: str
    password: str
    kind: str = "basic"  # basic | digest | form
    url: str = ""  # basic/digest: where it applies (prefix); form: where the form is posted
    realm: str = ""  # basic/digest: the challenge's realm ('' = any)
    username_field: str = "username"
    password_field: str = "password"
    form_fields: dict[str, str] = field(default_factory=dict)


def read_logins(stream=None) -> list[Login]:
    """Logins as the harvester writes them: one JSON list on the crawler's standard input."""
    text = (stream or sys.stdin).read()
    if not text.strip():
        return []
    items = json.loads(text)
    return [Login(**{k: v for k, v in item.items() if k in Login.__dataclass_fields__}) for item in items]


def parse_challenge(header: str) -> tuple[str, dict[str, str]]:
    """``Digest realm="x", nonce="y"`` → ('digest', {'realm': 'x', 'nonce': 'y'})."""
    scheme, _, rest = header.strip().partition(" ")
    params = {m.group(1).lower(): (m.group(2) if m.group(2) is not None else m.group(3)) for m in _PARAM.finditer(rest)}
    return scheme.lower(), params


def _md5(text: str) -> str:
    return hashlib.md5(text.encode("utf-8")).hexdigest()  # noqa: S324 - RFC 7616's MD5, not a security choice


def digest_authorization(login: Login, params: dict[str, str], method: str, uri: str, cnonce: str | None = None,
                         nc: int = 1) -> str:
    """The Authorization value answering a digest challenge (RFC 7616, MD5, qop=auth or none)."""
    realm, nonce = params.get("realm", ""), params.get("nonce", "")
    ha1 = _md5(f"{login.username}:{realm}:{login.password}")
    ha2 = _md5(f"{method}:{uri}")
    qops = [q.strip() for q in params.get("qop", "").split(",") if q.strip()]
    parts = [f'username="{login.username}"', f'realm="{realm}"', f'nonce="{nonce}"', f'uri="{uri}"']
    if "auth" in qops:
        cnonce = cnonce or os.urandom(8).hex()
        ncs = f"{nc:08x}"
        response = _md5(f"{ha1}:{nonce}:{ncs}:{cnonce}:auth:{ha2}")
        parts += [f'response="{response}"', "qop=auth", f"nc={ncs}", f'cnonce="{cnonce}"']
    else:
        parts.append(f'response="{_md5(f"{ha1}:{nonce}:{ha2}")}"')
    if "opaque" in params:
        parts.append(f'opaque="{params["opaque"]}"')
    parts.append("algorithm=MD5")
    return "Digest " + ", ".join(parts)


def basic_authorization(login: Login) -> str:
    return "Basic " + base64.b64encode(f"{login.username}:{login.password}".encode()).decode("ascii")


class LoginStore:
    """The job's logins and what became of them."""

    def __init__(self, logins: list[Login]):
        self.logins = [lg for lg in logins if lg.kind in KINDS]
        self._failed: set[int] = set()
        self._preemptive: dict[str, tuple[str, str]] = {}  # netloc → (url prefix, Basic header)
        self._forms_done: set[int] = set()

    def __bool__(self) -> bool:
        return bool(self.logins)

    def _applies(self, login: Login, url: str, host: str) -> bool:
        return (domain_of(host) == login.domain.lower() or host.endswith("." + login.domain.lower())) and (
            not login.url or login.kind == "form" or url.startswith(login.url))

    def answer(self, url: str, challenge: str | None) -> tuple[Login, str] | None:
        """(login, Authorization value) for a 401's WWW-Authenticate, or None (no login, or it failed)."""
        if not challenge:
            return None
        scheme, params = parse_challenge(challenge)
        parts = urlsplit(url)
        host = parts.hostname or ""
        for i, login in enumerate(self.logins):
            if i in self._failed or login.kind != scheme or not self._applies(login, url, host):
                continue
            if login.realm and login.realm != params.get("realm", ""):
                continue
            if scheme == "basic":
                return login, basic_authorization(login)
            path = (parts.path or "/") + ("?" + parts.query if parts.query else "")
            return login, digest_authorization(login, params, "GET", path)
        return None

    def succeeded(self, url: str, login: Login, authorization: str) -> None:
        if login.kind == "basic":  # later URLs under the login's prefix send it at once
            self._preemptive[urlsplit(url).netloc] = (login.url, authorization)

    def failed(self, login: Login) -> None:
        self._failed.add(self.logins.index(login))

    def preemptive(self, url: str) -> str | None:
        entry = self._preemptive.get(urlsplit(url).netloc)
        if entry and url.startswith(entry[0]):
            return entry[1]
        return None

    def pending_forms(self, url: str) -> list[Login]:
        """Form logins of ``url``'s domain not yet performed (each is performed once)."""
        host = urlsplit(url).hostname or ""
        out = []
        for i, login in enumerate(self.logins):
            if login.kind == "form" and i not in self._forms_done and self._applies(login, url, host):
                self._forms_done.add(i)
                out.append(login)
        return out


def form_body(login: Login) -> bytes:
    fields = dict(login.form_fields)
    fields[login.username_field or "username"] = login.username
    fields[login.password_field or "password"] = login.password
    return urlencode(fields).encode("ascii")
