"""The job spec: what the harvester writes into the job directory, loaded and validated.

Defaults live here in code; the file (JSON or YAML, loaded with ``yaml.safe_load``) overrides
them. Every problem is collected and reported together, naming the key, so that a harvester
operator can fix a spec in one go (see docs/crawler.md for the format).
"""
from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field, fields
from typing import Any

SPEC_NAMES = ("crawl-job.yaml", "crawl-job.yml", "crawl-job.json")


class SpecError(Exception):
    """The job spec is missing or invalid; ``problems`` lists every fault found."""

    def __init__(self, problems: list[str]):
        super().__init__("invalid job spec: " + "; ".join(problems))
        self.problems = problems


@dataclass
class Politeness:
    delay_factor: float = 5.0
    min_delay_ms: int = 3000
    max_delay_ms: int = 30000
    connections_per_host: int = 1


@dataclass
class Scope:
    mode: str = "domain"  # domain | host | prefix
    max_hops: int = 20
    max_embed_hops: int = 2
    include: list[str] = field(default_factory=list)
    exclude: list[str] = field(default_factory=list)


@dataclass
class Fetch:
    connect_timeout_s: float = 30.0
    read_timeout_s: float = 20.0
    fetch_timeout_s: float = 1200.0
    max_retries: int = 2
    retry_delay_s: float = 1.0
    # Heritrix's maxLengthBytes: beyond it a capture is kept truncated (WARC-Truncated: length);
    # -1 = no limit. See docs/decisions/crawler-max-object-size.md for the default.
    max_object_bytes: int = 1024 * 1024 * 1024
    max_header_bytes: int = 256 * 1024
    spool_threshold_bytes: int = 1024 * 1024  # larger bodies go to a file while they arrive


@dataclass
class Warc:
    max_size_bytes: int = 1_000_000_000
    operator: str = ""
    description: str = ""


@dataclass
class Browser:
    """Pages rendered in a headless Chromium (server/crawler/browser/); off unless ``render`` says."""

    render: str = "none"  # none | seeds | hops | all: which HTML pages are rendered
    max_hops: int = 1  # with render: hops, pages at most this many link hops from a seed
    url_patterns: list[str] = field(default_factory=list)  # pages matching one are rendered too
    tabs: int = 2  # pages rendered at once by one crawler process
    page_timeout_s: float = 30.0  # loading and behaviours of one page; what loaded by then is kept
    scroll: bool = True  # scroll down until the page stops growing
    max_scrolls: int = 20  # an endless page stops here
    click_budget: int = 5  # "load more" buttons and closed expanders clicked per page
    screenshot: bool = True  # a PNG of the viewport as a resource record
    text: bool = True  # the rendered text as a resource record
    restart_after_pages: int = 200  # a new browser process after this many pages (bounds its memory)


@dataclass
class Profile:
    name: str = "default"
    user_agent: str = "Mozilla/5.0 (compatible; NetarchiveSuite-py/0.1; +{contact})"
    contact: str = "https://example.org/webcrawler"
    robots: str = "obey"  # obey | ignore
    politeness: Politeness = field(default_factory=Politeness)
    scope: Scope = field(default_factory=Scope)
    fetch: Fetch = field(default_factory=Fetch)
    warc: Warc = field(default_factory=Warc)
    max_workers: int = 50
    max_running_time_s: float = 0.0  # 0 = unlimited
    upstream_proxy: str | None = None
    progress_interval_s: float = 5.0
    statistics_interval_s: float = 20.0
    extract_javascript: bool = True
    disk_reserve_bytes: int = 1024 * 1024  # kept free for the frontier, progress and crawl.log (disk_space.py)
    processes: int = 1  # crawler processes, the job's domains shared out among them (shards.py)
    browser: Browser = field(default_factory=Browser)


@dataclass
class Limit:
    max_bytes: int = -1
    max_objects: int = -1


@dataclass
class Quotas:
    harvest: Limit = field(default_factory=Limit)  # the harvest definition's per-domain limit
    default_config: Limit = field(default_factory=Limit)  # configurations not listed below
    domains: dict[str, Limit] = field(default_factory=dict)  # each domain's configuration limit


@dataclass
class Dedup:
    enabled: bool = False
    index: str | None = None
    mime_exclude: str = r"^text/.*"  # NetarchiveSuite's DeDuplicator: blacklist mode


@dataclass
class Traps:
    job: list[str] = field(default_factory=list)
    global_: list[str] = field(default_factory=list)


@dataclass
class Shard:
    """Set by shards.py in each part of a job run over several processes; never by a user."""

    index: int = 0
    count: int = 1
    warc_dir: str = ""     # where the part writes its WARC files: the job's directory


@dataclass
class JobSpec:
    job_id: str
    harvest_id: str
    harvest_num: int = 0
    seeds: list[str] = field(default_factory=list)
    seeds_file: str | None = None
    profile: Profile = field(default_factory=Profile)
    quotas: Quotas = field(default_factory=Quotas)
    dedup: Dedup = field(default_factory=Dedup)
    crawler_traps: Traps = field(default_factory=Traps)
    # site logins come on standard input (server/crawler/logins.py), never in this file
    logins_stdin: bool = False
    shard: Shard = field(default_factory=Shard)
    spec_path: str = ""

    @property
    def user_agent(self) -> str:
        return self.profile.user_agent.replace("{contact}", self.profile.contact)


#: crawler processes of one job at most (profile.processes)
MAX_PROCESSES = 64

_SECTIONS: dict[type, dict[str, type]] = {}
_REQUIRED = {"job_id", "harvest_id"}
_RENAMES = {"global": "global_"}


def _build(cls: type, data: Any, where: str, problems: list[str]) -> Any:
    """Turn a dict into the dataclass ``cls``, appending every fault to ``problems``."""
    if not isinstance(data, dict):
        problems.append(f"{where or 'spec'}: expected a mapping, got {type(data).__name__}")
        return cls() if cls is not JobSpec else None
    known = {f.name: f for f in fields(cls)}
    values: dict[str, Any] = {}
    for raw_key, value in data.items():
        key = _RENAMES.get(raw_key, raw_key)
        path = f"{where}.{raw_key}" if where else str(raw_key)
        if key not in known or key == "spec_path":
            problems.append(f"{path}: unknown key")
            continue
        values[key] = _convert(known[key].type, value, path, problems)
    if cls is JobSpec:
        for name in sorted(_REQUIRED - values.keys()):
            problems.append(f"{name}: required key missing")
            values[name] = ""  # keep going, so that every other problem is reported too
    return cls(**values)


_DATACLASSES = {c.__name__: c for c in (Politeness, Scope, Fetch, Warc, Profile, Limit, Quotas, Dedup, Traps,
                                            Shard, Browser)}


def _convert(type_name: Any, value: Any, path: str, problems: list[str]) -> Any:
    t = str(type_name)
    if t in _DATACLASSES:
        return _build(_DATACLASSES[t], value, path, problems)
    if t == "dict[str, Limit]":
        if not isinstance(value, dict):
            problems.append(f"{path}: expected a mapping of domain → limits")
            return {}
        return {str(k).lower(): _build(Limit, v, f"{path}.{k}", problems) for k, v in value.items()}
    if t == "list[str]":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            problems.append(f"{path}: expected a list of strings")
            return []
        return value
    if t in ("str", "str | None"):
        if value is None and t == "str | None":
            return None
        if isinstance(value, (int, float)) and not isinstance(value, bool) and path in ("job_id", "harvest_id"):
            return str(value)
        if not isinstance(value, str):
            problems.append(f"{path}: expected a string")
            return None
        return value
    if t == "bool":
        if not isinstance(value, bool):
            problems.append(f"{path}: expected true or false")
        return bool(value)
    if t in ("int", "float"):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            problems.append(f"{path}: expected a number")
            return 0
        return int(value) if t == "int" else float(value)
    problems.append(f"{path}: unsupported type {t}")  # pragma: no cover - a bug in this module
    return value


def _check(spec: JobSpec, problems: list[str]) -> None:
    p = spec.profile
    if p.robots not in ("obey", "ignore"):
        problems.append("profile.robots: must be 'obey' or 'ignore'")
    if p.scope.mode not in ("domain", "host", "prefix"):
        problems.append("profile.scope.mode: must be 'domain', 'host' or 'prefix'")
    if p.politeness.connections_per_host < 1:
        problems.append("profile.politeness.connections_per_host: must be at least 1")
    if p.politeness.min_delay_ms > p.politeness.max_delay_ms:
        problems.append("profile.politeness.min_delay_ms: larger than max_delay_ms")
    if p.disk_reserve_bytes < 0:
        problems.append("profile.disk_reserve_bytes: must be 0 or more")
    if not 1 <= p.processes <= MAX_PROCESSES:
        problems.append(f"profile.processes: must be 1 to {MAX_PROCESSES}")
    if spec.shard.count > 1 and not 0 <= spec.shard.index < spec.shard.count:
        problems.append("shard.index: must be below shard.count")
    if p.max_workers < 1:
        problems.append("profile.max_workers: must be at least 1")
    if p.warc.max_size_bytes < 1024:
        problems.append("profile.warc.max_size_bytes: must be at least 1024")
    for name in ("job_id", "harvest_id"):
        if getattr(spec, name) and not re.fullmatch(r"[A-Za-z0-9_.]+", getattr(spec, name)):
            problems.append(f"{name}: must be letters, digits, '_' or '.' (it goes into file names)")
    if p.upstream_proxy and not re.fullmatch(r"https?://[^/\s:]+(:\d+)?/?", p.upstream_proxy):
        problems.append("profile.upstream_proxy: expected http://host:port")
    b = p.browser
    if b.render not in ("none", "seeds", "hops", "all"):
        problems.append("profile.browser.render: must be 'none', 'seeds', 'hops' or 'all'")
    for name, low in (("max_hops", 0), ("tabs", 1), ("max_scrolls", 0), ("click_budget", 0),
                      ("restart_after_pages", 1)):
        if getattr(b, name) < low:
            problems.append(f"profile.browser.{name}: must be at least {low}")
    if b.page_timeout_s < 1:
        problems.append("profile.browser.page_timeout_s: must be at least 1")
    patterns = [("profile.scope.include", p.scope.include), ("profile.scope.exclude", p.scope.exclude),
                ("profile.browser.url_patterns", b.url_patterns),
                ("crawler_traps.job", spec.crawler_traps.job), ("crawler_traps.global", spec.crawler_traps.global_)]
    for where, items in patterns:
        if items:
            import regex  # here: a job without patterns does not pay for loading it (~15 ms a start)
        for i, pattern in enumerate(items):
            try:   # the engine scope.py matches them with
                regex.compile(pattern, regex.VERSION0)
            except regex.error as exc:
                problems.append(f"{where}[{i}]: bad regular expression: {exc}")
    try:
        re.compile(spec.dedup.mime_exclude)
    except re.error as exc:
        problems.append(f"dedup.mime_exclude: bad regular expression: {exc}")
    if spec.dedup.enabled and not spec.dedup.index:
        problems.append("dedup.index: required when dedup.enabled is true")
    if not spec.seeds and not spec.seeds_file:
        problems.append("seeds: no seeds given (seeds or seeds_file)")


def find_spec(job_dir: str) -> str:
    """The spec file's path in ``job_dir``; raises SpecError when there is none."""
    if not os.path.isdir(job_dir):
        raise SpecError([f"job directory {job_dir!r} does not exist"])
    for name in SPEC_NAMES:
        path = os.path.join(job_dir, name)
        if os.path.isfile(path):
            return path
    raise SpecError([f"no job spec in {job_dir!r} (expected one of {', '.join(SPEC_NAMES)})"])


def load_spec(path: str) -> JobSpec:
    """Read and validate a spec file; raises SpecError listing every problem."""
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        data = json.loads(text) if path.endswith(".json") else _yaml(text)
    except (OSError, ValueError) as exc:
        raise SpecError([f"{os.path.basename(path)}: cannot be read: {exc}"]) from exc
    return parse_spec(data, path)


def _yaml(text: str) -> Any:
    """A hand-written YAML spec. yaml is imported only here: the harvester writes JSON, and the
    import took 11 ms of every crawler's start-up."""
    import yaml

    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ValueError(str(exc)) from exc


def parse_spec(data: Any, path: str = "") -> JobSpec:
    """Validate an already-parsed spec mapping."""
    problems: list[str] = []
    spec = _build(JobSpec, data, "", problems)
    if spec is not None:
        _check(spec, problems)
        if spec.seeds_file and path:
            spec.seeds_file = os.path.join(os.path.dirname(path), spec.seeds_file)
            if not os.path.isfile(spec.seeds_file):
                problems.append(f"seeds_file: {spec.seeds_file!r} does not exist")
        if spec.shard.warc_dir and path and not os.path.isabs(spec.shard.warc_dir):
            spec.shard.warc_dir = os.path.normpath(os.path.join(os.path.dirname(path), spec.shard.warc_dir))
        if spec.dedup.index and path and not os.path.isabs(spec.dedup.index):
            spec.dedup.index = os.path.join(os.path.dirname(path), spec.dedup.index)
    if problems:
        raise SpecError(problems)
    spec.spec_path = path
    return spec
