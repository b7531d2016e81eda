"""The PySide6 desktop client (``nas-desktop``).

Layers: ``rpc`` runs calls to the Nameko services off the GUI thread and reports through signals;
``models`` are Qt table models over pages of DTO dicts; ``screens`` are views without business
logic; ``app`` builds the frame. Nothing here imports ``server``: services are reached by RPC only.
"""

from desktop import qt_fixes as _qt_fixes

_qt_fixes.apply()
