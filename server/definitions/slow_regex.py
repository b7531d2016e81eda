"""Refusing regular expressions that would hang the crawler (catastrophic backtracking).

A crawler trap such as ``^(([a-z0-9:/.-])+)+Z$`` compiles, but Python's ``re`` (the crawler's
engine until #29; it now matches with a time limit, see docs/decisions/regex-limits.md) needs
2^n steps to give up on a URL of n matching characters that does not end in ``Z``:
24 characters took 13 s, and a crawl did 0 URIs in 140 s. Such a pattern is refused when it is
saved, with the reason, before any crawl can meet it.

How: every pattern is run by ``re`` against adversarial URLs (long runs of characters the pattern
accepts, then one it does not, plain and inside a URL) in a child process, pattern by pattern,
each within a time limit; a pattern still running at its limit is the culprit and the child is
killed (``re`` cannot be interrupted inside one process). The crawler's own time limit (the
``regex`` package) is the second layer, not a substitute: a pattern refused here is bad in any
backtracking engine, and one that times out in the crawler loses the URLs it cannot decide.
A sane trap list of 100 patterns is checked in about 0.1 s.
"""
from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time

from shared.errors import InvalidRegex

#: seconds one pattern may take over all the probes (a sane pattern needs microseconds)
LIMIT = 1.0

PROBE = r"""
import json, re, string, sys
patterns = json.loads(sys.stdin.read())
ALPHABET = string.ascii_lowercase[:6] + "0/.-_%:=&?"
for i, p in enumerate(patterns):
    print(i, flush=True)
    rx = re.compile(p)
    chars = {c for c in p if c.isalnum() or c in "/.-_%:=&?"} | set(ALPHABET)
    for c in sorted(chars):
        for run in (c * 26, (c + "a") * 13, (c + "/") * 13):
            for text in (run + "\x00", "http://www.x.dk/" + run + "\x00", run + "!" + run):
                rx.search(text)
                rx.match(text)
print("done", flush=True)
"""


def check(patterns: list[str], what: str = "crawler trap", limit: float = LIMIT) -> None:
    """Raise InvalidRegex (reason ``too_slow``) for the first of ``patterns`` that ``re`` cannot
    match within ``limit`` seconds against adversarial URLs. The patterns compile (checked before)."""
    patterns = [p for p in patterns if p]
    if not patterns:
        return
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "LANG", "LC_ALL", "SYSTEMROOT")}
    proc = subprocess.Popen([sys.executable, "-I", "-S", "-c", PROBE], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    try:
        proc.stdin.write(json.dumps(patterns).encode())
        proc.stdin.close()
        current, deadline, buffered = None, time.monotonic() + limit + 5.0, b""   # + the child's start
        while True:
            left = deadline - time.monotonic()
            ready = select.select([proc.stdout], [], [], left)[0] if left > 0 else []
            if not ready:
                break           # the pattern under test is still running at its limit
            chunk = os.read(proc.stdout.fileno(), 4096)
            if not chunk:
                return          # the child ended without a verdict: never a false refusal
            buffered += chunk
            *lines, buffered = buffered.split(b"\n")
            for line in lines:
                if line == b"done":
                    return
                current, deadline = int(line), time.monotonic() + limit
        if current is None:
            return   # the child did not even start in time (a loaded host): no verdict
        slow = patterns[current]
        raise InvalidRegex(f"the {what} {slow!r} takes longer than {limit:g} s to give up on a long URL "
                           "(catastrophic backtracking: a repetition inside a repetition, such as (a+)+): "
                           "it would stall the crawler; simplify it",
                           {"pattern": slow, "position": 0, "reason": "too_slow"})
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
