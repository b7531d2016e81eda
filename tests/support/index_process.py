"""A real ``index_server`` process for desktop tests: its config written under ``root``, started by
the supervisor, waited for until it answers, stopped by PID at the end."""
from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator


@contextlib.contextmanager
def running_index_server(uri: str, root, instance: str, cache_dir: str | None = None) -> Iterator[str]:
    """Yields the broker URI once ``index_server.overview()`` answers (at most 60 s)."""
    import yaml
    from nameko.standalone.rpc import ClusterRpcProxy

    from server.runtime import supervisor

    conf = root / "conf"
    conf.mkdir()
    (conf / "index.yaml").write_text(yaml.safe_dump({
        "AMQP_URI": uri, "instance": {"id": instance, "service": "server.index.service:IndexServerService"},
        "data_dir": str(root / "data"), "runtime": {"heartbeat_interval": 1},
        "index": {"cache_dir": cache_dir or str(root / "cache"), "workers": 0}}))
    supervisor.start(str(conf), env={"NAS_TEST_EVENTLET": ""})
    try:
        deadline = time.monotonic() + 60
        with ClusterRpcProxy({"AMQP_URI": uri}, timeout=10) as proxy:
            while True:
                try:
                    proxy.index_server.overview()
                    break
                except Exception:  # noqa: BLE001 - not up yet
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.3)   # a poll of a starting process, not a synchronisation
        yield uri
    finally:
        supervisor.stop(str(conf), grace=10)
