"""Bounded input in the definitions (#29): a 50 MB domain comment was stored, and a homograph
domain (``kb-dеmo.dk`` with a Cyrillic ``е``) was created beside the real one."""
from __future__ import annotations

import json

import pytest

from server.definitions import channels, definitions, domains, ingest, schedules, traps
from shared.errors import InvalidDomain, InvalidInput

MAX_TEXT = 30_000                  # server.definitions.validation.MAX_TEXT
HOMOGRAPH = "kb-d\u0435mo.dk"      # Cyrillic small letter ie


def test_a_homograph_domain_is_refused_naming_the_foreign_letter(session, defaults):
    domains.create_domain(session, "kb-demo.dk", defaults)
    with pytest.raises(InvalidDomain) as refused:
        domains.create_domain(session, HOMOGRAPH, defaults)
    assert refused.value.details["reason"] == "mixed_script"
    assert refused.value.details["scripts"] == ["Cyrillic", "Latin"]
    assert "U+0435 CYRILLIC SMALL LETTER IE" in refused.value.message
    assert domains.find(session, HOMOGRAPH) is None and domains.find(session, "kb-demo.dk") is not None
    # the same name as its A-label (xn--kb-dmo-...): the same refusal
    with pytest.raises(InvalidDomain, match="mixes scripts"):
        domains.create_domain(session, HOMOGRAPH.encode("idna").decode(), defaults)


@pytest.mark.parametrize("name", ["bücher.de", "københavn.dk", "пример.рф", "ελλάδα.gr", "日本語ひらがなabc.jp",
                                  "한국abc.kr", "xn--bcher-kva.de"])
def test_names_in_one_script_or_a_mix_uts39_allows_are_created(session, defaults, name):
    assert domains.create_domain(session, name, defaults).name


def test_ingest_counts_a_homograph_as_an_invalid_line_with_the_reason(session, defaults):
    run = ingest.start(session, "list.txt", 2)
    run = ingest.ingest_chunk(session, run.id, 1, ["kb-demo.dk", HOMOGRAPH], defaults)
    assert run.invalid == 1
    (error,) = json.loads(run.errors)
    assert error["line"] == 2 and "mixes scripts" in error["reason"]


def test_free_text_longer_than_the_limit_is_refused_naming_field_and_limit(session, defaults):
    long = "x" * (MAX_TEXT + 1)
    d = domains.create_domain(session, "kb.dk", defaults, "fine")
    attempts = [
        lambda: domains.create_domain(session, "kb2.dk", defaults, long),
        lambda: domains.update(session, "kb.dk", d.edition, comments="y" * 50_000_000),
        lambda: channels.create(session, "SLOW", False, long),
        lambda: schedules.create(session, "daily", {"unit": "day", "every": 1}, long),
        lambda: definitions.create_snapshot(session, "snap", comments=long),
        lambda: traps.create(session, "t", [r".*/x/.*"], long),
    ]
    for attempt in attempts:
        with pytest.raises(InvalidInput, match=f"at most {MAX_TEXT} characters") as refused:
            attempt()
        assert refused.value.details["reason"] == "too_long" and refused.value.details["limit"] == MAX_TEXT
    assert domains.get(session, "kb.dk").comments == "fine"
    assert domains.find(session, "kb2.dk") is None
    # at the limit it is stored whole
    domains.update(session, "kb.dk", d.edition, comments="z" * MAX_TEXT)
    assert domains.get(session, "kb.dk").comments == "z" * MAX_TEXT
