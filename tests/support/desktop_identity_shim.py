"""Until the services take the caller from the broker login (#28, being built in server/), they
still want a signed identity token with every call; the desktop no longer sends one (it imports
nothing from server/). The desktop tests against real services install this shim: every
connection the desktop's backend opens carries the test run's admin token, as
``identity_support`` gives every Nameko proxy of the tests. Once the services ignore tokens it
changes nothing, and once ``server.runtime.identity_tokens`` is gone it does nothing; delete it
then.

``python -m desktop_identity_shim ARGS`` starts ``nas-desktop ARGS`` with the shim (the start-up
test runs the desktop as its own process)."""
from __future__ import annotations

import importlib.util
import sys

_installed = False


def install() -> None:
    global _installed
    if _installed or importlib.util.find_spec("server.runtime.identity_tokens") is None:
        return
    _installed = True
    import os

    from desktop.rpc import backend
    from server.runtime import identity_tokens, tokens  # no Nameko: the desktop's process stays free of it
    from shared.client import ServiceClient

    key = tokens.installation_key({"security.key_file": os.environ["NAS_KEY_FILE"]})
    context = {identity_tokens.CONTEXT_KEY: identity_tokens.issue(key, "test-admin", ["admin"], 24 * 3600.0)}

    class WithToken(ServiceClient):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.context.update(context)

    backend.ServiceClient = WithToken


if __name__ == "__main__":
    install()
    from desktop.app import main

    sys.exit(main(["nas-desktop", *sys.argv[1:]]))
