"""The screens of the frame, in navigation order."""
from __future__ import annotations

from collections.abc import Callable

from desktop.rpc import RpcClient
from desktop.screens.base import Screen

#: Navigation groups in order: what a curator, an operator and a QA person each do. A screen
#: names its group in ``Screen.group``.
GROUPS = ("curate", "operate", "qa")


def default_screens() -> list[Callable[[RpcClient], Screen]]:
    from desktop.screens.archive_browser import ArchiveBrowserScreen
    from desktop.screens.bit_integrity import BitIntegrityScreen
    from desktop.screens.channels import ChannelsScreen
    from desktop.screens.charts import ChartsScreen
    from desktop.screens.domains import DomainsScreen
    from desktop.screens.harvests import HarvestsScreen
    from desktop.screens.job_details import JobDetailsScreen
    from desktop.screens.jobs import JobsScreen
    from desktop.screens.overview import OverviewScreen
    from desktop.screens.profiles import ProfilesScreen
    from desktop.screens.qa_review import QaReviewScreen
    from desktop.screens.schedules import SchedulesScreen
    from desktop.screens.search import SearchScreen
    from desktop.screens.traps import TrapsScreen

    # the first is shown at start: a curator's first step
    return [DomainsScreen, ProfilesScreen, SchedulesScreen, HarvestsScreen, TrapsScreen, JobsScreen,
            OverviewScreen, ChannelsScreen, ChartsScreen, BitIntegrityScreen, JobDetailsScreen,
            ArchiveBrowserScreen, QaReviewScreen, SearchScreen]
