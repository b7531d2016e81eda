"""The demo's people: one identity per role, so that a newcomer calls the services as a curator
(or qa, operator, admin) would, with nothing but a file the demo wrote.

Each is a signed identity token (docs/decisions/trust-roles.md) issued with the demo's
installation key to ``demo-<role>``, written to ``<demo dir>/identities/<role>.token`` (mode
0600). ``export NAS_IDENTITY=data/demo/identities/curator.token`` makes every ``nas`` command
call as that curator; ``nas-desktop --identity FILE`` does the same. Until each person has a
broker login of their own (docs/decisions/one-client-and-broker-identity.md), this is how the
demo hands out people without handing out the key.
"""
from __future__ import annotations

import os

ROLES = ("curator", "qa", "operator", "admin")
TTL = 365 * 86400.0


def identity_file(demo_dir: str, role: str) -> str:
    return os.path.join(demo_dir, "identities", f"{role}.token")


def write_identities(demo_dir: str, key_file: str) -> dict[str, str]:
    """Issue (again) the token of every demo role; answers role → file."""
    from server.runtime import identity_tokens, tokens

    key = tokens.installation_key({"security.key_file": key_file, "security.create_key": False})
    os.makedirs(os.path.join(demo_dir, "identities"), mode=0o700, exist_ok=True)
    out = {}
    for role in ROLES:
        path = identity_file(demo_dir, role)
        token = identity_tokens.issue(key, f"demo-{role}", [role], TTL)
        tmp = path + ".tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as fh:
            fh.write(token + "\n")
        os.replace(tmp, path)
        out[role] = path
    return out
