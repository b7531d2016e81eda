"""Every declared setting of every service family, found by convention.

Each service package or subpackage may hold a ``settings.py`` module with
``SETTINGS = (Setting(...), ...)``; this module finds them all so ``nas config check`` and each
service validate against the same complete list, and no central file has to be edited when a
package adds settings.
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
    for name in _settings_modules(server.__path__, "server."):
        module = importlib.import_module(name)
        for setting in getattr(module, "SETTINGS", ()):
            if setting.path in found and found[setting.path] != setting:
                raise RuntimeError(f"setting {setting.path} declared twice ({name})")
            found[setting.path] = setting
    return tuple(found.values())


def _settings_modules(path: list[str], prefix: str) -> list[str]:
    """Names of every ``settings`` module in the package tree, found without importing packages
    (importing, say, the desktop-free crawler package just to look would cost start-up time)."""
    out = []
    for info in sorted(pkgutil.iter_modules(path), key=lambda i: i.name):
        if info.ispkg:
            sub = [f"{info.module_finder.path}/{info.name}"]
            out.extend(_settings_modules(sub, f"{prefix}{info.name}."))
        elif info.name == "settings":
            out.append(f"{prefix}settings")
    return out
