"""The screens of the frame, in navigation order."""
from __future__ import annotations

from collections.abc import Callable

from desktop.rpc import RpcClient
from desktop.screens.base import Screen


def default_screens() -> list[Callable[[RpcClient], Screen]]:
    from desktop.screens.overview import OverviewScreen

    out: list[Callable[[RpcClient], Screen]] = [OverviewScreen]
    return out
