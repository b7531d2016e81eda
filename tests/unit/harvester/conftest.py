"""Fixtures for harvester tests in a plain process: the local test web, an archive of two local
replica directories and a harvester factory with short timeouts."""
from __future__ import annotations

import os

import pytest
from harvester_testkit import RecordingScheduler
from testweb import TestWeb

from server.harvester.archive_client import LocalArchive
from server.harvester.runner import Harvester, HarvesterConfig


@pytest.fixture(scope="module")
def web():
    with TestWeb(pages_per_host=12) as w:
        yield w


@pytest.fixture
def replicas(tmp_path):
    dirs = {"ONE": str(tmp_path / "replica-one"), "TWO": str(tmp_path / "replica-two")}
    for d in dirs.values():
        os.makedirs(d)
    return dirs


@pytest.fixture
def make_harvester(tmp_path, replicas):
    def make(scheduler: RecordingScheduler, archive=None, index=None, **overrides) -> Harvester:
        cfg = HarvesterConfig("harvester@test", "FOCUSED", str(tmp_path / "work"), str(tmp_path / "failed"),
                              min_space_left=0, no_response_timeout=30, inactivity_timeout=30, process_timeout=10,
                              status_interval=1, poll_interval=0.1, claim_interval=0.2)
        for k, v in overrides.items():
            setattr(cfg, k, v)
        return Harvester(cfg, archive or LocalArchive(replicas), scheduler, index=index)
    return make
