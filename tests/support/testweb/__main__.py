"""``python -m testweb '{"pages_per_host": 50}' [1|0]``: serve until stopped (at most an hour);
prints the port on the first line of stdout."""
from __future__ import annotations

import asyncio
import json
import sys

import uvloop

from testweb.server import TestWebServer
from testweb.site import SiteConfig

MAX_LIFETIME_S = 3600  # a forgotten server ends by itself


async def main() -> None:
    config = SiteConfig(**json.loads(sys.argv[1])) if len(sys.argv) > 1 else SiteConfig()
    server = TestWebServer(config, tls=len(sys.argv) < 3 or sys.argv[2] == "1")
    port = await server.start()
    print(port, flush=True)
    await asyncio.sleep(MAX_LIFETIME_S)


if __name__ == "__main__":
    # On uvloop, as the crawler runs (a pinned dependency). The test web shares the two cores with
    # the crawler or wget under test: every CPU millisecond it spends per request is taken from
    # the tool being measured, which a web server on another machine would not take
    # (docs/decisions/crawler-production-scale.md).
    uvloop.run(main())
