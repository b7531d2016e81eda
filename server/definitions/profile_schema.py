"""The crawl profile schema: what a profile document may say, its defaults, and validation.

A profile is uploaded as YAML or TOML. Its keys are the crawler's own (server/crawler/spec.py,
``Profile``), plus a ``dedup`` section, so that the validated, defaults-filled form can be put
into a job spec unchanged: ``profile:`` takes everything but ``dedup``, and the job's ``dedup``
section takes ``dedup`` plus the index the harvester fetched for the jobs the scheduler chose.
docs/crawl-profile-schema.md is made from this module (``python -m server.definitions.profile_schema``)
and a test keeps them equal.
"""
from __future__ import annotations

import dataclasses
import json
import re
import tomllib
from typing import Any

import yaml

from shared.errors import InvalidProfile

FORMATS = ("yaml", "toml")


@dataclasses.dataclass(frozen=True)
class Field:
    kind: str            # str | int | float | bool | regex | regex-list | proxy
    default: Any
    doc: str
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] | None = None
    nullable: bool = False


Schema = dict[str, "Field | Schema"]

SCHEMA: Schema = {
    "user_agent": Field("str", "Mozilla/5.0 (compatible; NetarchiveSuite-py/0.1; +{contact})",
                        "User-Agent header; `{contact}` is replaced by `contact`"),
    "contact": Field("str", "https://example.org/webcrawler", "where site owners learn about the crawl"),
    "robots": Field("str", "obey", "robots.txt policy", choices=("obey", "ignore")),
    "politeness": {
        "delay_factor": Field("float", 5.0, "wait this many times the last fetch's duration", minimum=0),
        "min_delay_ms": Field("int", 3000, "shortest wait between fetches from one host", minimum=0),
        "max_delay_ms": Field("int", 30000, "longest wait between fetches from one host", minimum=0),
        "connections_per_host": Field("int", 1, "parallel connections to one host", minimum=1),
    },
    "scope": {
        "mode": Field("str", "domain", "what is in scope: the seed's domain and its subdomains, its host only, "
                      "or URLs under the seed as a prefix", choices=("domain", "host", "prefix")),
        "max_hops": Field("int", 20, "largest number of links followed from a seed", minimum=0),
        "max_embed_hops": Field("int", 2, "embedded objects (images, scripts) fetched this many hops outside "
                                "scope", minimum=0),
        "include": Field("regex-list", [], "regular expressions of URLs taken in scope even if outside"),
        "exclude": Field("regex-list", [], "regular expressions of URLs never fetched"),
    },
    "fetch": {
        "connect_timeout_s": Field("float", 30.0, "seconds to wait for a connection", minimum=0.1),
        "read_timeout_s": Field("float", 20.0, "seconds to wait for data on an open connection", minimum=0.1),
        "fetch_timeout_s": Field("float", 1200.0, "longest time one fetch may take", minimum=0.1),
        "max_retries": Field("int", 2, "retries of a fetch that failed on the network", minimum=0),
        "retry_delay_s": Field("float", 1.0, "seconds between retries", minimum=0),
        "max_object_bytes": Field("int", 1024 * 1024 * 1024,
                                  "largest object kept whole, in bytes (beyond it the capture is kept truncated, "
                                  "`WARC-Truncated: length`); -1: no limit", minimum=-1),
        "max_header_bytes": Field("int", 256 * 1024, "largest response header accepted", minimum=1024),
    },
    "warc": {
        "max_size_bytes": Field("int", 1_000_000_000, "a new WARC file is begun after this size", minimum=1024),
        "operator": Field("str", "", "warcinfo `operator`"),
        "description": Field("str", "", "warcinfo `description`"),
    },
    "max_workers": Field("int", 50, "fetches in flight at once (all hosts)", minimum=1),
    "max_running_time_s": Field("float", 0.0, "a job is stopped after this many seconds; 0: no limit", minimum=0),
    "upstream_proxy": Field("proxy", None, "fetch through this HTTP proxy (http://host:port)", nullable=True),
    "progress_interval_s": Field("float", 5.0, "seconds between progress reports", minimum=0.1),
    "statistics_interval_s": Field("float", 20.0, "seconds between statistics lines", minimum=0.1),
    "extract_javascript": Field("bool", True, "look for links in JavaScript"),
    "processes": Field("int", 1, "crawler processes of one job: its domains are shared out among them (about "
                       "one per core; a link from one process's domains to another's is out of its scope, as "
                       "between NetarchiveSuite's jobs)", minimum=1, maximum=64),
    "disk_reserve_bytes": Field("int", 1024 * 1024, "room the crawler keeps on the job's disk for its frontier, "
                                "progress lines and crawl.log while a full disk pauses the crawl; 0: none",
                                minimum=0),
    "browser": {
        "render": Field("str", "none", "HTML pages rendered in a headless Chromium (everything the page loads is "
                        "fetched and archived by the crawler; docs/crawler.md): none, the seeds, pages up to "
                        "`browser.max_hops` link hops from a seed, or every HTML page",
                        choices=("none", "seeds", "hops", "all")),
        "max_hops": Field("int", 1, "with `render: hops`: largest number of link hops from a seed", minimum=0),
        "url_patterns": Field("regex-list", [], "HTML pages whose URL matches one are rendered too"),
        "tabs": Field("int", 2, "pages rendered at once by one crawler process", minimum=1, maximum=16),
        "page_timeout_s": Field("float", 30.0, "seconds for one page's loading and behaviours; what loaded by "
                                "then is kept", minimum=1),
        "scroll": Field("bool", True, "scroll down until the page stops growing (infinite scroll, lazy images)"),
        "max_scrolls": Field("int", 20, "scrolls per page at most (an endless page stops here)", minimum=0),
        "click_budget": Field("int", 5, "\"load more\" buttons and closed expanders clicked per page", minimum=0),
        "screenshot": Field("bool", True, "a PNG of the rendered page as a WARC resource record"),
        "text": Field("bool", True, "the rendered text as a WARC resource record"),
        "restart_after_pages": Field("int", 200, "a fresh browser process after this many pages (bounds its "
                                     "memory)", minimum=1),
    },
    "dedup": {
        "enabled": Field("bool", True, "skip storing objects unchanged since the earlier jobs of the same "
                         "domains: a revisit record points to the stored original (the index server builds the "
                         "index; docs/index-server.md)"),
        "mime_exclude": Field("regex", r"^text/.*", "MIME types never deduplicated (the DeDuplicator's "
                              "blacklist mode)"),
    },
}

_PROXY = re.compile(r"https?://[^/\s:]+(:\d+)?/?")


def detect_format(filename: str | None, declared: str | None = None) -> str:
    """``yaml`` or ``toml``, from ``declared`` or the file name (``.toml`` is TOML, else YAML)."""
    if declared:
        if declared not in FORMATS:
            raise InvalidProfile(f"unknown profile format {declared!r} (expected yaml or toml)",
                                 {"problems": [{"path": "", "reason": f"unknown format {declared!r}"}]})
        return declared
    return "toml" if (filename or "").lower().endswith(".toml") else "yaml"


def parse_document(content: bytes, fmt: str) -> Any:
    """Parse the uploaded bytes; a syntax error is an InvalidProfile naming the line."""
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _one("", f"not UTF-8 text (byte {exc.start})") from None
    if fmt == "toml":
        try:
            return tomllib.loads(text.removeprefix("\ufeff"))
        except tomllib.TOMLDecodeError as exc:
            raise _one("", f"not valid TOML: {exc}") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        raise _one("", f"not valid YAML{where}: {getattr(exc, 'problem', None) or exc}") from None
    return {} if data is None else data


def _one(path: str, reason: str) -> InvalidProfile:
    return InvalidProfile(f"invalid crawl profile: {reason}", {"problems": [{"path": path, "reason": reason}]})


def validate(data: Any) -> dict[str, Any]:
    """The effective profile: ``data`` checked against :data:`SCHEMA` with defaults filled in.

    Every problem is collected; one InvalidProfile lists them all, each with its dotted path.
    """
    problems: list[dict[str, str]] = []
    result = _walk(SCHEMA, data, "", problems)
    if not problems:
        pol = result["politeness"]
        if pol["min_delay_ms"] > pol["max_delay_ms"]:
            problems.append({"path": "politeness.min_delay_ms", "reason": "larger than politeness.max_delay_ms"})
        problems += _slow_scope_patterns(result.get("scope") or {}, result.get("browser") or {})
    if problems:
        lines = "; ".join(f"{p['path'] or '(document)'}: {p['reason']}" for p in problems)
        raise InvalidProfile(f"invalid crawl profile: {lines}", {"problems": problems})
    return result


def _walk(schema: Schema, data: Any, prefix: str, problems: list[dict[str, str]]) -> dict[str, Any]:
    if not isinstance(data, dict):
        problems.append({"path": prefix.rstrip("."), "reason": f"expected a mapping, got {_tname(data)}"})
        data = {}
    out: dict[str, Any] = {}
    for key in data:
        if key not in schema:
            problems.append({"path": f"{prefix}{key}", "reason": "unknown key" + _suggest(str(key), schema)})
    for key, node in schema.items():
        path = f"{prefix}{key}"
        if isinstance(node, dict):
            out[key] = _walk(node, data.get(key, {}), path + ".", problems)
        elif key in data:
            out[key] = _check(node, data[key], path, problems)
        else:
            out[key] = json.loads(json.dumps(node.default))  # a fresh copy
    return out


def _check(f: Field, value: Any, path: str, problems: list[dict[str, str]]) -> Any:
    def bad(reason: str) -> Any:
        problems.append({"path": path, "reason": reason})
        return f.default

    if value is None:
        return None if f.nullable else bad("a value is required")
    if f.kind == "bool":
        return value if isinstance(value, bool) else bad(f"expected true or false, got {_tname(value)}")
    if f.kind in ("int", "float"):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or (f.kind == "int" and
                                                                              isinstance(value, float)):
            return bad(f"expected {'an integer' if f.kind == 'int' else 'a number'}, got {_tname(value)}")
        if f.minimum is not None and value < f.minimum:
            return bad(f"must be at least {f.minimum:g}")
        if f.maximum is not None and value > f.maximum:
            return bad(f"must be at most {f.maximum:g}")
        return float(value) if f.kind == "float" else value
    if f.kind in ("str", "regex", "proxy"):
        if not isinstance(value, str):
            return bad(f"expected a string, got {_tname(value)}")
        if f.choices and value not in f.choices:
            return bad(f"must be one of {', '.join(f.choices)}")
        if f.kind == "regex":
            return _regex(value, path, problems)
        if f.kind == "proxy" and not _PROXY.fullmatch(value):
            return bad("expected http://host:port")
        return value
    if f.kind == "regex-list":
        if not isinstance(value, list):
            return bad(f"expected a list of regular expressions, got {_tname(value)}")
        out = []
        for i, item in enumerate(value):
            if not isinstance(item, str):
                problems.append({"path": f"{path}[{i}]", "reason": f"expected a string, got {_tname(item)}"})
            else:
                out.append(_regex(item, f"{path}[{i}]", problems))
        return out
    raise AssertionError(f"unknown field kind {f.kind}")  # pragma: no cover


def _slow_scope_patterns(scope: dict[str, Any], browser: dict[str, Any]) -> list[dict[str, str]]:
    """The scope (or browser page) pattern the crawler's engine cannot match in bounded time, if
    any (server.definitions.slow_regex): it would stall every crawl with this profile."""
    from server.definitions import slow_regex
    from shared.errors import InvalidRegex

    found = [(f"scope.{key}[{i}]", p) for key in ("include", "exclude") for i, p in enumerate(scope.get(key) or [])]
    found += [(f"browser.url_patterns[{i}]", p) for i, p in enumerate(browser.get("url_patterns") or [])]
    try:
        slow_regex.check([p for _, p in found], "scope pattern")
    except InvalidRegex as exc:
        path = next(where for where, p in found if p == exc.details.get("pattern"))
        return [{"path": path, "reason": exc.message}]
    return []


def _regex(value: str, path: str, problems: list[dict[str, str]]) -> str:
    try:
        re.compile(value)
    except re.error as exc:
        problems.append({"path": path, "reason": f"bad regular expression at position {exc.pos}: {exc.msg}"})
    return value


def _tname(value: Any) -> str:
    return {dict: "a mapping", list: "a list", str: "a string", bool: "a boolean", int: "an integer",
            float: "a number", type(None): "nothing"}.get(type(value), type(value).__name__)


def _suggest(key: str, schema: Schema) -> str:
    import difflib

    close = difflib.get_close_matches(key, list(schema), n=1, cutoff=0.75)
    return f" (did you mean {close[0]}?)" if close else ""


def for_crawler(effective: dict[str, Any], name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Split an effective profile into the job spec's ``profile`` and ``dedup`` sections."""
    profile = {k: v for k, v in effective.items() if k != "dedup"}
    profile["name"] = name
    return profile, dict(effective.get("dedup", {}))


def defaults() -> dict[str, Any]:
    return validate({})


# --- the published document -------------------------------------------------------------------

def schema_markdown() -> str:
    """docs/crawl-profile-schema.md."""
    lines = [
        "# Crawl profile schema",
        "",
        "<!-- Generated by `python -m server.definitions.profile_schema > docs/crawl-profile-schema.md`;",
        "     tests/unit/definitions/test_profiles.py fails when this file and the code differ. -->",
        "",
        "A crawl profile (the seeds' Heritrix *template*) is a YAML or TOML document. Every key is",
        "optional: a missing key takes the default below. Unknown keys, wrong types, values out of",
        "range and regular expressions that do not compile are refused, each problem with its dotted",
        "path (`politeness.min_delay_ms`, `scope.exclude[2]`). `nas profiles download` returns the",
        "document exactly as uploaded.",
        "",
        "The keys are those of the crawler's job spec (`server/crawler/spec.py`, `profile:`), so the",
        "validated profile goes into a job unchanged; `dedup` goes to the job's own `dedup:` section,",
        "where the harvester adds the index server's deduplication index of the jobs the scheduler",
        "chose (the earlier jobs of the same domains). The profile's stored name becomes `name`.",
        "",
        "| key | type | default | meaning |",
        "|---|---|---|---|",
    ]

    def rows(schema: Schema, prefix: str) -> None:
        for key, node in schema.items():
            if isinstance(node, dict):
                rows(node, f"{prefix}{key}.")
                continue
            kind = {"regex": "regular expression", "regex-list": "list of regular expressions",
                    "proxy": "URL or null"}.get(node.kind, node.kind)
            if node.choices:
                kind = " \\| ".join(f"`{c}`" for c in node.choices)
            if node.minimum is not None:
                kind += f", ≥ {node.minimum:g}"
            if node.maximum is not None:
                kind += f", ≤ {node.maximum:g}"
            default = json.dumps(node.default, ensure_ascii=False).replace("|", "\\|")
            lines.append(f"| `{prefix}{key}` | {kind} | `{default}` | {node.doc} |")

    rows(SCHEMA, "")
    lines += [
        "",
        "Also checked: `politeness.min_delay_ms` may not exceed `politeness.max_delay_ms`.",
        "",
        "## Example (YAML)",
        "",
        "```yaml",
        "user_agent: \"Mozilla/5.0 (compatible; ExampleArchiveBot; +{contact})\"",
        "contact: https://www.example-library.org/webarchive",
        "robots: ignore        # the legal deposit law allows it",
        "politeness:",
        "  delay_factor: 3",
        "  min_delay_ms: 1000",
        "scope:",
        "  mode: domain",
        "  max_hops: 25",
        "  exclude: ['.*/calendar/.*', '.*\\?.*sessionid=.*']",
        "fetch:",
        "  max_object_bytes: 100000000",
        "warc:",
        "  max_size_bytes: 1000000000",
        "max_running_time_s: 86400",
        "dedup:",
        "  enabled: true",
        "```",
        "",
        "## Example (TOML)",
        "",
        "```toml",
        "robots = \"obey\"",
        "[politeness]",
        "connections_per_host = 2",
        "[scope]",
        "mode = \"host\"",
        "```",
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    print(schema_markdown(), end="")
