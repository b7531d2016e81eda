"""Parts forked from the coordinator (server/crawler/part_process.py), with real processes: each
runs in its directory with its output on a pipe, its exit status reaches the coordinator, and
more parts than the event loop's executor has threads are all watched at once."""
from __future__ import annotations

import asyncio
import os
import signal

from server.crawler.part_process import fork_parts


def _part(d: str) -> int:
    name = os.path.basename(d)
    os.write(1, f'{{"dir": "{os.getcwd()}"}}\n'.encode())   # a progress line: standard output is the pipe
    if name == "raises":
        raise RuntimeError("a part that fails")
    if name == "waits":
        signal.pause()                                     # until the coordinator stops it
    return int(name[1:]) % 3


async def _watch(parts, stop_waiting: bool) -> tuple[list[str], list[int]]:
    lines = []
    for p in parts:
        await p.attach()
    if stop_waiting:
        for p in parts:
            p.send_signal(signal.SIGTERM)
    for p in parts:
        lines.append((await p.stdout.readline()).decode())
    codes = [await asyncio.wait_for(p.wait(), 60) for p in parts]
    return lines, codes


def test_twenty_parts_run_in_their_directories_and_their_exit_statuses_come_back(tmp_path):
    dirs = [str(tmp_path / f"p{i}") for i in range(20)] + [str(tmp_path / "raises")]
    for d in dirs:
        os.makedirs(d)
    parts = fork_parts(dirs, _part)
    assert len({p.pid for p in parts}) == 21 and os.getpid() not in {p.pid for p in parts}
    lines, codes = asyncio.run(_watch(parts, False))
    assert lines == [f'{{"dir": "{d}"}}\n' for d in dirs]
    assert codes == [i % 3 for i in range(20)] + [1]
    assert all(p.returncode == c for p, c in zip(parts, codes))


def test_a_stopped_part_ends_with_its_signal_and_is_not_signalled_after_its_end(tmp_path):
    d = tmp_path / "waits"
    d.mkdir()
    parts = fork_parts([str(d)], _part)
    _lines, codes = asyncio.run(_watch(parts, True))
    assert codes == [-signal.SIGTERM]
    parts[0].send_signal(signal.SIGTERM)                   # reaped: nothing is sent any more
