"""The job spec and the command line: bad input gives a clear error and a non-zero exit."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from crawler_helpers import REPO

from server.crawler.spec import SpecError, load_spec, parse_spec


def run_cli(job_dir) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "server.crawler", str(job_dir)], cwd=REPO, capture_output=True,
                          text=True, timeout=60)


def test_missing_job_directory_and_missing_spec(tmp_path):
    r = run_cli(tmp_path / "nowhere")
    assert r.returncode == 2 and "does not exist" in r.stderr
    r = run_cli(tmp_path)
    assert r.returncode == 2 and "no job spec" in r.stderr and "crawl-job.yaml" in r.stderr


def test_invalid_spec_names_every_problem(tmp_path):
    (tmp_path / "crawl-job.json").write_text(json.dumps(
        {"job_id": "1", "seeds": ["http://a.dk/"], "profile": {"robots": "maybe", "colour": "red",
                                                               "scope": {"max_hops": "ten"}}}))
    r = run_cli(tmp_path)
    assert r.returncode == 2
    for expected in ("harvest_id: required key missing", "profile.colour: unknown key",
                     "profile.robots: must be 'obey' or 'ignore'", "profile.scope.max_hops: expected a number"):
        assert expected in r.stderr
    assert not os.path.exists(tmp_path / "crawl.log"), "nothing is written for an invalid spec"


def test_unparseable_file_is_an_error(tmp_path):
    (tmp_path / "crawl-job.yaml").write_text("job_id: [unclosed\n")
    with pytest.raises(SpecError, match="cannot be read"):
        load_spec(str(tmp_path / "crawl-job.yaml"))


def test_yaml_spec_with_quotas_traps_and_dedup(tmp_path):
    (tmp_path / "seeds.txt").write_text("http://a.dk/\n# comment\n")
    (tmp_path / "crawl-job.yaml").write_text(
        "job_id: 12\nharvest_id: 4\nseeds_file: seeds.txt\n"
        "profile:\n  politeness: {delay_factor: 2, min_delay_ms: 100, max_delay_ms: 1000}\n"
        "quotas:\n  harvest: {max_bytes: 1000}\n  domains:\n    A.dk: {max_objects: 5}\n"
        "crawler_traps:\n  global: ['.*/cal/.*']\n"
        "dedup: {enabled: true, index: dedup.tsv}\n")
    spec = load_spec(str(tmp_path / "crawl-job.yaml"))
    assert spec.job_id == "12" and spec.quotas.domains["a.dk"].max_objects == 5
    assert spec.crawler_traps.global_ == [".*/cal/.*"]
    assert spec.dedup.index == str(tmp_path / "dedup.tsv")
    assert spec.seeds_file == str(tmp_path / "seeds.txt")


def test_regexes_are_checked():
    with pytest.raises(SpecError, match=r"crawler_traps.job\[0\]: bad regular expression"):
        parse_spec({"job_id": "1", "harvest_id": "1", "seeds": ["http://a/"], "crawler_traps": {"job": ["(("]}})
