"""Crawl profiles: validated documents, kept byte for byte, with a published schema."""
from __future__ import annotations

import json
import os

import pytest

from server.definitions import profile_schema, profiles
from shared.errors import AlreadyExists, EditionConflict, InvalidProfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(__file__))))

YAML_DOC = b"""# our selective profile\r
robots: ignore\r
politeness: {delay_factor: 2, min_delay_ms: 500}\r
scope:\r
  mode: host\r
  exclude: ['.*/calendar/.*']\r
dedup: {enabled: true}\r
"""


def test_upload_yaml_download_gives_the_exact_bytes_and_effective_settings(session):
    p = profiles.upload(session, "selective", YAML_DOC)
    assert profiles.get(session, "selective").document == YAML_DOC
    eff = profiles.effective(p)
    assert eff["robots"] == "ignore" and eff["politeness"]["delay_factor"] == 2.0
    assert eff["politeness"]["max_delay_ms"] == 30000  # default filled in
    assert eff["scope"]["exclude"] == [".*/calendar/.*"] and eff["dedup"]["enabled"] is True


def test_upload_toml(session):
    p = profiles.upload(session, "t", b'robots = "obey"\n[fetch]\nmax_retries = 5\n', filename="t.toml")
    assert p.document_format == "toml" and profiles.effective(p)["fetch"]["max_retries"] == 5


def test_invalid_profile_lists_every_problem_with_its_path(session):
    doc = b"robots: sometimes\npolitenes: {}\nscope:\n  max_hops: -1\n  exclude: ['(']\nfetch:\n  max_retries: x\n"
    with pytest.raises(InvalidProfile) as err:
        profiles.upload(session, "bad", doc)
    paths = {p["path"]: p["reason"] for p in err.value.details["problems"]}
    assert set(paths) == {"robots", "politenes", "scope.max_hops", "scope.exclude[0]", "fetch.max_retries"}
    assert "did you mean politeness" in paths["politenes"]
    assert "position 0" in paths["scope.exclude[0]"]


def test_yaml_syntax_error_names_the_line(session):
    with pytest.raises(InvalidProfile, match="line 2"):
        profiles.upload(session, "bad", b"robots: obey\n\tscope: x\n")


def test_min_delay_above_max_delay_is_refused(session):
    with pytest.raises(InvalidProfile, match="politeness.min_delay_ms"):
        profiles.upload(session, "bad", b"politeness: {min_delay_ms: 5000, max_delay_ms: 10}\n")


def test_replacing_needs_the_edition(session):
    profiles.upload(session, "p", b"robots: obey\n")
    with pytest.raises(AlreadyExists):
        profiles.upload(session, "p", b"robots: ignore\n")
    profiles.upload(session, "p", b"robots: ignore\n", edition=1)
    with pytest.raises(EditionConflict):
        profiles.upload(session, "p", b"robots: obey\n", edition=1)


def test_activate_and_list(session):
    profiles.upload(session, "p", b"{}")
    profiles.set_active(session, "p", False)
    assert [i.name for i in profiles.listing(session, 0, 10, active=False).items] == ["p"]
    assert [i.name for i in profiles.listing(session, 0, 10, active=True).items] == ["default"]


def test_the_migrations_default_profile_is_the_schemas_defaults(session):
    assert profiles.effective(profiles.get(session, "default")) == profile_schema.defaults()


def test_published_schema_document_matches_the_code():
    with open(os.path.join(ROOT, "docs", "crawl-profile-schema.md"), encoding="utf-8") as fh:
        assert fh.read() == profile_schema.schema_markdown()


def test_effective_profile_is_accepted_by_the_crawlers_job_spec(session):
    spec = pytest.importorskip("server.crawler.spec")
    p = profiles.upload(session, "selective", YAML_DOC)
    profile, dedup = profile_schema.for_crawler(profiles.effective(p), p.name)
    job = spec.parse_spec({"job_id": "1", "harvest_id": "2", "seeds": ["http://www.kb.dk/"],
                           "profile": json.loads(json.dumps(profile)), "dedup": {**dedup, "index": "idx"}})
    assert job.profile.robots == "ignore" and job.profile.scope.mode == "host" and job.dedup.enabled


def test_a_scope_pattern_that_would_stall_the_crawler_is_refused_with_its_path():
    with pytest.raises(InvalidProfile) as err:
        profile_schema.validate({"scope": {"include": [r".*\.kb\.dk/.*"], "exclude": [r".*/ok", r"^(\w+\s?)+$"]}})
    [problem] = err.value.details["problems"]
    assert problem["path"] == "scope.exclude[1]" and "catastrophic backtracking" in problem["reason"]
