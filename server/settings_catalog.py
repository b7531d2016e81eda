"""Every declared setting of every service family, found by convention.

Each service package may hold a ``settings.py`` module with ``SETTINGS = (Setting(...), ...)``;
this module finds them all so ``nas config check`` and each service validate against the same
complete list, and no central file has to be edited when a package adds settings.
"""
from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

import server
from shared.config import CORE_SETTINGS, Setting


@lru_cache(maxsize=1)
def all_settings() -> tuple[Setting, ...]:
    found: dict[str, Setting] = {s.path: s for s in CORE_SETTINGS}
    for info in sorted(pkgutil.iter_modules(server.__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        try:
            module = importlib.import_module(f"server.{info.name}.settings")
        except ModuleNotFoundError as exc:
            if exc.name != f"server.{info.name}.settings":
                raise
            continue
        for setting in getattr(module, "SETTINGS", ()):
            if setting.path in found and found[setting.path] != setting:
                raise RuntimeError(f"setting {setting.path} declared twice (server.{info.name}.settings)")
            found[setting.path] = setting
    return tuple(found.values())
