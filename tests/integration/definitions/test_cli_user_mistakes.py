"""Issue #20 items 7 and 8: every user mistake the issue lists ends in one clear line on standard
error and the documented exit status (2: bad input), never a traceback; user input is bounded
(a huge single-line domain list costs the client a bounded buffer and never reaches the broker
whole, and the ingest run ends). Against the real definitions service over RabbitMQ (SQLite)."""

from __future__ import annotations

import resource

import pytest
from nameko.containers import ServiceContainer

from server.cli.main import main
from server.definitions.service import DefinitionsService

pytestmark = [pytest.mark.rabbit]


@pytest.fixture
def uri(nameko_config, tmp_path):
    config = {**nameko_config, "data_dir": str(tmp_path / "data"), "runtime": {"heartbeat_interval": 60}}
    container = ServiceContainer(DefinitionsService, config)
    container.start()
    try:
        yield ["--amqp-uri", nameko_config["AMQP_URI"]]
    finally:
        container.stop()


def _one_line(capsys, code: int, expected: int, *needles: str, stream: str = "err") -> str:
    err = getattr(capsys.readouterr(), stream)
    assert code == expected, err
    assert "Traceback" not in err and err.count("\n") == 1, err
    for n in needles:
        assert n in err, err
    return err


def test_listed_mistakes_are_one_line_with_exit_2(uri, tmp_path, capsys):
    binary = tmp_path / "profile.yaml"
    binary.write_bytes(bytes(range(256)) * 10)
    _one_line(capsys, main(["profiles", "upload", "p", str(binary), *uri]), 2, "binary file")
    _one_line(capsys, main(["config", "check", str(binary)]), 2, "not UTF-8", stream="out")  # its report
    _one_line(capsys, main(["config", "show", str(binary)]), 2, "not UTF-8")
    _one_line(
        capsys, main(["domains", "ingest", str(tmp_path / "missing.txt"), "--no-progress", *uri]), 2, "no such file"
    )
    _one_line(capsys, main(["domains", "ingest", str(tmp_path), "--no-progress", *uri]), 2, "is a directory")
    urls = tmp_path / "urls.txt"
    urls.write_bytes(b"http://kb.dk/\nhttp://dr.dk/\xff\xfe\n")
    _one_line(
        capsys,
        main(["harvests", "create-event", "ev", str(urls), "--schedule", "once", *uri]),
        2,
        "not UTF-8",
        "line 2",
    )
    # a huge offset is refused by the parser (usage plus one error line), never sent
    with pytest.raises(SystemExit) as exit_:
        main(["domains", "list", "--offset", "9" * 30, *uri])
    assert exit_.value.code == 2
    assert "out of range" in capsys.readouterr().err
    assert main(["domains", "list", "--offset", str(2**53), *uri]) == 0


def test_a_huge_single_line_domain_list_is_bounded_and_the_run_ends(uri, tmp_path, capsys):
    big = tmp_path / "domains.txt"
    with open(big, "wb") as fh:
        fh.write(b"kb.dk\n")
        block = b"x" * (1 << 20)
        for _ in range(200):  # one 200 MiB line
            fh.write(block)
        fh.write(b"\ndr.dk\n")
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    code = main(["domains", "ingest", str(big), "--no-progress", *uri])
    grown_mib = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    out = capsys.readouterr().out
    assert code == 1  # the long line is an invalid domain, named by line
    assert "created 2, already there 0, duplicates 0, invalid 1" in out and f"{big}:2: " in out
    assert grown_mib < 100, grown_mib  # the client never held the line
    assert main(["domains", "show", "dr.dk", *uri]) == 0
