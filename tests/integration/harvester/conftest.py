"""Fixtures of the harvester's integration tests: the test web, and a stand-in ``scheduler``
service (a real Nameko service on the test's vhost) for tests that are about the harvester
alone; the full path with the real scheduler is in tests/e2e/harvester."""
from __future__ import annotations

import os
import threading

import pytest
from harvester_testkit.fake_scheduler import FakeScheduler
from testweb import TestWeb


@pytest.fixture
def board():
    FakeScheduler.board = {"lock": threading.Lock(), "jobs": [], "claims": [], "progress": [], "reports": {}}
    return FakeScheduler.board


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
