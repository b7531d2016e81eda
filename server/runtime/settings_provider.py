"""Validated settings for a running service container.

``nameko run --config FILE`` hands the container the raw YAML tree. The first dependency that
needs settings validates that tree against every declared setting (see server.settings_catalog)
and keeps the result on the container, so a typo in a config file stops start-up with the key
and the file named, before any entrypoint starts.
"""
from __future__ import annotations

import logging
import os
import sys

from nameko.extensions import DependencyProvider

from shared.config import Settings, resolve
from shared.errors import ConfigError

log = logging.getLogger(__name__)


def config_source() -> str:
    """The config file this process was started with, for error messages."""
    if os.environ.get("NAS_CONFIG_FILE"):
        return os.environ["NAS_CONFIG_FILE"]
    argv = sys.argv
    for i, arg in enumerate(argv):
        if arg == "--config" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--config="):
            return arg.split("=", 1)[1]
    return "<service config>"


#: How a service's consumer gets its channel back after the broker went away (a restart, a
#: failover). Without TRANSPORT_OPTIONS Nameko's defaults apply: kombu then gives the channel
#: three retries within its 4 s connect timeout, and a broker that accepts connections but
#: resets them while it boots (seconds on a loaded host) ends the consumer's thread, which kills
#: the whole container. A service keeps trying instead, as its consumer loop already does for
#: the connection itself; each retry is logged, and the monitor sees the heartbeats stop.
SERVICE_RECONNECT = {"max_retries": None, "connect_retries_timeout": None,
                     "interval_start": 1, "interval_step": 1, "interval_max": 10}


def settings_for(container) -> Settings:
    """Resolve (once per container) and return the container's settings."""
    cached = getattr(container, "_nas_settings", None)
    if cached is not None:
        return cached
    from server.settings_catalog import all_settings

    try:
        settings = resolve(container.config, all_settings(), source=config_source())
    except ConfigError as exc:
        log.critical("configuration error, not starting:\n%s", exc.message)
        raise
    container._nas_settings = settings
    # Before any entrypoint starts: the queue consumer reads the options when it connects.
    # Only the service's consumer reads this key (publishers and standalone proxies keep
    # Nameko's bounded retries, so a call made while the broker is away still fails).
    if not container.config.get("TRANSPORT_OPTIONS"):
        container.config["TRANSPORT_OPTIONS"] = dict(SERVICE_RECONNECT)
    return settings


class SettingsDependency(DependencyProvider):
    """``settings = SettingsDependency()``: workers get the validated :class:`Settings`."""

    def setup(self) -> None:
        self.settings = settings_for(self.container)

    def get_dependency(self, worker_ctx) -> Settings:
        return self.settings
