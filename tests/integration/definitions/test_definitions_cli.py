"""``nas domains|profiles|schedules|harvests`` against the real service (SQLite)."""
from __future__ import annotations

import pytest
from nameko.containers import ServiceContainer

from server.cli.main import main
from server.definitions.service import DefinitionsService


@pytest.fixture
def service(nameko_config, tmp_path):
    config = {**nameko_config, "data_dir": str(tmp_path / "data"), "runtime": {"heartbeat_interval": 60}}
    container = ServiceContainer(DefinitionsService, config)
    container.start()
    try:
        yield nameko_config["AMQP_URI"]
    finally:
        container.stop()


def test_cli_round_trip(service, tmp_path, capsys):
    uri = ["--amqp-uri", service]
    names = tmp_path / "domains.txt"
    names.write_text("# list\nkb.dk\ndr.dk\n\nco.uk\nkb.dk\nbbc.co.uk\n", encoding="utf-8")
    assert main(["domains", "ingest", str(names), "--chunk", "2", "--no-progress", *uri]) == 1  # one invalid line
    out = capsys.readouterr().out
    assert "created 3, already there 0, duplicates 1, invalid 1" in out and f"{names}:5: co.uk" in out

    assert main(["domains", "search", "*.dk", *uri]) == 0
    out = capsys.readouterr().out
    assert "dr.dk" in out and "kb.dk" in out and "bbc" not in out
    assert main(["domains", "create", "co.uk", *uri]) == 2
    assert "not a domain that can be registered" in capsys.readouterr().err

    profile = tmp_path / "p.yaml"
    profile.write_bytes(b"robots: ignore\r\n")
    assert main(["profiles", "upload", "mine", str(profile), *uri]) == 0
    out_file = tmp_path / "back.yaml"
    assert main(["profiles", "download", "mine", "-o", str(out_file), *uri]) == 0
    assert out_file.read_bytes() == b"robots: ignore\r\n"
    assert main(["profiles", "deactivate", "mine", *uri]) == 0

    assert main(["schedules", "create", "nightly", "--unit", "days", "--hour", "3", "--minute", "0", *uri]) == 0
    assert "every day at 03:00" in capsys.readouterr().out
    assert main(["harvests", "create-selective", "kb", "--schedule", "nightly", "kb.dk", "dr.dk:defaultconfig",
                 *uri]) == 0
    assert main(["harvests", "activate", "kb", *uri]) == 0
    assert main(["harvests", "create-snapshot", "snap", "--max-bytes", "1000000", *uri]) == 0
    capsys.readouterr()
    assert main(["harvests", "list", *uri]) == 0
    out = capsys.readouterr().out
    assert "kb" in out and "selective" in out and "snapshot" in out


def test_a_profile_that_does_not_exist_is_named_as_such(service, capsys):
    """#33: `domains configure ... --profile nosuch` blamed a missing profile argument."""
    uri = ["--amqp-uri", service]
    assert main(["domains", "create", "kb.dk", *uri]) == 0
    assert main(["domains", "seeds", "kb.dk", "front", "http://www.kb.dk/", *uri]) == 0
    capsys.readouterr()
    for argv in (["--profile", "nosuch"], ["--profile", "nosuch", "--seed-lists", "front"]):
        assert main(["domains", "configure", "kb.dk", "deep", *argv, *uri]) == 4, argv
        err = capsys.readouterr().err
        assert err == "nas: not found: no crawl profile 'nosuch'\n", err
    # what is really missing is named, and only that
    assert main(["domains", "configure", "kb.dk", "deep", "--profile", "default", *uri]) == 2
    err = capsys.readouterr().err
    assert "needs at least one seed list" in err and "crawl profile" not in err, err
    assert main(["domains", "configure", "kb.dk", "deep", "--seed-lists", "front", *uri]) == 2
    assert "needs a crawl profile" in capsys.readouterr().err


def test_schedules_edit_changes_the_rule_over_the_definitions_rpcs(service, capsys):
    """#33: there was no `schedules edit`: a schedule could only be made, never changed."""
    uri = ["--amqp-uri", service]
    assert main(["schedules", "create", "early", "--unit", "days", "--hour", "4", "--comments", "mornings",
                 *uri]) == 0
    capsys.readouterr()
    assert main(["schedules", "edit", "early", "--hour", "5", "--minute", "30", *uri]) == 0
    out = capsys.readouterr().out
    assert out.startswith("early: every day at 05:30") and "next: " in out, out
    assert main(["schedules", "edit", "early", "--unit", "weeks", "--weekday", "1", "--comments", "Mondays",
                 "--json", *uri]) == 0
    import json

    s = json.loads(capsys.readouterr().out)
    assert (s["unit"], s["weekday"], s["hour"], s["minute"], s["comments"]) == ("weeks", 1, 5, 30, "Mondays")
    assert main(["schedules", "edit", "early", "--clear", "weekday", "--clear", "minute", "--json", *uri]) == 0
    s = json.loads(capsys.readouterr().out)
    assert s["weekday"] is None and s["hour"] == 5 and s["minute"] == 0   # a fixed hour runs at minute 0
    # mistakes: one line each, the code of their kind
    for argv, code, needle in ((["early"], 2, "nothing to change"),
                               (["early", "--hour", "25"], 2, "hour"),
                               (["early", "--hour", "3", "--clear", "hour"], 2, "contradict"),
                               (["nosuch", "--hour", "3"], 4, "nosuch")):
        assert main(["schedules", "edit", *argv, *uri]) == code, argv
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and needle in err, err


def test_profiles_show_puts_the_browser_section_in_words(service, tmp_path, capsys):
    """#34: `profiles show` says whether and how pages are rendered in a browser."""
    uri = ["--amqp-uri", service]
    rendered = tmp_path / "rendered.yaml"
    rendered.write_text("browser:\n  render: seeds\n  tabs: 4\n  click_budget: 0\n  text: false\n", encoding="utf-8")
    plain = tmp_path / "plain.toml"
    plain.write_text('robots = "ignore"\n', encoding="utf-8")
    assert main(["profiles", "upload", "rendered", str(rendered), "--comments", "news sites", *uri]) == 0
    assert main(["profiles", "upload", "plain", str(plain), *uri]) == 0
    capsys.readouterr()
    assert main(["profiles", "show", "rendered", *uri]) == 0
    out = capsys.readouterr().out
    assert out.startswith("profile rendered (active, yaml, edition 1, changed ")
    assert "comments: news sites\n" in out
    assert ("browser: renders: the seeds, 4 tabs, 30 s a page, scrolls (at most 20 times), clicks nothing, "
            "screenshots, a fresh browser every 200 pages\n") in out
    assert main(["profiles", "show", "plain", *uri]) == 0
    assert "browser: off: no page is rendered\n" in capsys.readouterr().out
    assert main(["profiles", "show", "plain", "--json", *uri]) == 0
    assert '"render": "none"' in capsys.readouterr().out
    assert main(["profiles", "show", "nosuch", *uri]) == 4
    assert capsys.readouterr().err == "nas: not found: no crawl profile 'nosuch'\n"
