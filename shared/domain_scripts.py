"""Mixed scripts in a domain name (Unicode Technical Standard #39, "Highly Restrictive").

``kb-dеmo.dk`` with a Cyrillic ``е`` (U+0435) looks exactly like ``kb-demo.dk`` and was created
beside it. A label whose letters come from more than one script is such a look-alike unless the
mix is one UTS #39 allows for the languages that write that way: Latin with Han, Hiragana and
Katakana (Japanese), with Han and Bopomofo (Chinese), with Han and Hangul (Korean). Digits, the
hyphen and combining marks (Common and Inherited) belong to every script. See
docs/decisions/domain-name-scripts.md.
"""
from __future__ import annotations

import unicodedata

import regex

_SCRIPTS = ("Latin", "Greek", "Cyrillic", "Armenian", "Hebrew", "Arabic", "Syriac", "Thaana", "Devanagari",
            "Bengali", "Gurmukhi", "Gujarati", "Oriya", "Tamil", "Telugu", "Kannada", "Malayalam", "Sinhala",
            "Thai", "Lao", "Tibetan", "Myanmar", "Georgian", "Hangul", "Ethiopic", "Cherokee", "Khmer",
            "Mongolian", "Hiragana", "Katakana", "Bopomofo", "Han")
_CLASSIFY = regex.compile("|".join(f"(?P<{s}>\\p{{Script={s}}})" for s in _SCRIPTS)
                          + r"|(?P<Other>[^\p{Script=Common}\p{Script=Inherited}])")

#: the script sets UTS #39's Highly Restrictive level allows in one label besides a single script
_ALLOWED_MIXES = (frozenset({"Latin", "Han", "Hiragana", "Katakana"}),
                  frozenset({"Latin", "Han", "Bopomofo"}),
                  frozenset({"Latin", "Han", "Hangul"}))


def scripts_of(label: str) -> dict[str, list[str]]:
    """Script → the characters of ``label`` written in it (Common and Inherited left out)."""
    found: dict[str, list[str]] = {}
    for ch in label:
        m = _CLASSIFY.fullmatch(ch)
        if m is not None:
            found.setdefault(m.lastgroup or "Other", []).append(ch)
    return found


def mixed_script_label(name: str) -> tuple[str, dict[str, list[str]]] | None:
    """The first label of ``name`` that mixes scripts beyond what UTS #39 allows, with its
    characters by script; None when every label is fine (every ASCII name is)."""
    if name.isascii():
        return None
    for label in name.split("."):
        if label.isascii():
            continue
        found = scripts_of(label)
        if len(found) > 1 and not any(set(found) <= mix for mix in _ALLOWED_MIXES):
            return label, found
    return None


def describe(found: dict[str, list[str]]) -> str:
    """``Latin and Cyrillic ('е' U+0435 CYRILLIC SMALL LETTER IE)``: the scripts, and the
    characters of all but the label's main script (the one with most letters)."""
    main = max(found, key=lambda s: len(found[s]))
    others = [f"{ch!r} U+{ord(ch):04X} {unicodedata.name(ch, '?')}" for s in found if s != main
              for ch in dict.fromkeys(found[s])]
    return f"{main} and {', '.join(s for s in found if s != main)} ({'; '.join(others[:5])})"
