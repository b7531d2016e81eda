"""Fixtures for crawler tests (helpers live in crawler_helpers.py)."""
from __future__ import annotations

import pytest
from testweb import TestWeb


@pytest.fixture(scope="module")
def web():
    """A local test web (thread in this process) shared by a module's tests."""
    with TestWeb(pages_per_host=30) as w:
        yield w
