"""The ``browser:`` section: checked in the crawl profile and in the job spec, passed on unchanged."""
from __future__ import annotations

import pytest

from server.crawler.spec import SpecError, parse_spec
from server.definitions import profile_schema
from shared.errors import InvalidProfile


def test_defaults_leave_rendering_off():
    effective = profile_schema.defaults()
    assert effective["browser"]["render"] == "none"
    spec = parse_spec({"job_id": "1", "harvest_id": "2", "seeds": ["http://a.test/"],
                       "profile": profile_schema.for_crawler(effective, "default")[0]})
    assert spec.profile.browser.render == "none" and spec.profile.browser.tabs == 2


def test_a_profile_section_reaches_the_crawler_unchanged():
    effective = profile_schema.validate({"browser": {"render": "hops", "max_hops": 2, "tabs": 4,
                                                     "url_patterns": [".*/news/.*"], "click_budget": 0}})
    spec = parse_spec({"job_id": "1", "harvest_id": "2", "seeds": ["http://a.test/"],
                       "profile": profile_schema.for_crawler(effective, "p")[0]})
    b = spec.profile.browser
    assert (b.render, b.max_hops, b.tabs, b.url_patterns, b.click_budget) == ("hops", 2, 4, [".*/news/.*"], 0)


def test_bad_profile_values_are_refused_with_their_paths():
    with pytest.raises(InvalidProfile) as err:
        profile_schema.validate({"browser": {"render": "everything", "tabs": 0, "url_patterns": ["(["],
                                             "executable": "/bin/sh"}})
    paths = {p["path"] for p in err.value.details["problems"]}
    assert {"browser.render", "browser.tabs", "browser.url_patterns[0]", "browser.executable"} <= paths


def test_bad_spec_values_are_refused_with_their_keys():
    with pytest.raises(SpecError) as err:
        parse_spec({"job_id": "1", "harvest_id": "2", "seeds": ["http://a.test/"],
                    "profile": {"browser": {"render": "some", "tabs": 0, "page_timeout_s": 0,
                                            "url_patterns": ["(["]}}})
    text = "; ".join(err.value.problems)
    for key in ("profile.browser.render", "profile.browser.tabs", "profile.browser.page_timeout_s",
                "profile.browser.url_patterns[0]"):
        assert key in text


def test_a_page_pattern_that_backtracks_without_end_is_refused_at_upload():
    with pytest.raises(InvalidProfile) as err:
        profile_schema.validate({"browser": {"url_patterns": [".*/news/.*", "^(([a-z0-9:/.-])+)+Z$"]}})
    assert [p["path"] for p in err.value.details["problems"]] == ["browser.url_patterns[1]"]
