"""Configuration: defaults, ${VAR:default} substitution, and clear errors naming key and file."""
import pytest

from server.settings_catalog import all_settings
from shared.config import Setting, dump, load, resolve
from shared.errors import ConfigError

SCHEMA = (
    Setting("AMQP_URI", str, "amqp://guest:guest@localhost:5672/"),
    Setting("monitor.lost_after", float, 30.0),
    Setting("harvester.scheduler.jobgen.max_total_size", int, 8_000_000),
    Setting("archive.replica", str),  # required
    Setting("archive.mode", str, "fast", choices=("fast", "safe")),
)


def write(tmp_path, text, name="svc.yaml"):
    p = tmp_path / name
    p.write_text(text)
    return str(p)


def test_defaults_fill_everything_not_given(tmp_path):
    s = load(write(tmp_path, "archive:\n  replica: ONE\n"), SCHEMA)
    assert s["monitor.lost_after"] == 30.0
    assert s["harvester.scheduler.jobgen.max_total_size"] == 8_000_000
    assert s["archive.replica"] == "ONE"
    assert s.tree["harvester"]["scheduler"]["jobgen"]["max_total_size"] == 8_000_000


def test_environment_substitution_with_and_without_default(tmp_path, monkeypatch):
    monkeypatch.setenv("NAS_REPLICA", "TWO")
    monkeypatch.delenv("NAS_LOST", raising=False)
    text = "archive:\n  replica: ${NAS_REPLICA}\nmonitor:\n  lost_after: ${NAS_LOST:12.5}\n"
    s = load(write(tmp_path, text), SCHEMA)
    assert s["archive.replica"] == "TWO"
    # the default is parsed as YAML, so numbers stay numbers, as `nameko run` does it
    assert s["monitor.lost_after"] == 12.5
    monkeypatch.setenv("NAS_LOST", "45")
    assert load(write(tmp_path, text), SCHEMA)["monitor.lost_after"] == 45.0


def test_unknown_key_is_named_with_the_file_and_a_suggestion(tmp_path):
    path = write(tmp_path, "archive:\n  replica: ONE\nmonitor:\n  lost_aftr: 3\n")
    with pytest.raises(ConfigError) as err:
        load(path, SCHEMA)
    assert err.value.message == f"{path}: monitor.lost_aftr: unknown setting (did you mean monitor.lost_after?)"
    assert err.value.details["key"] == "monitor.lost_aftr"


def test_wrong_type_names_key_expected_and_given(tmp_path):
    text = "archive:\n  replica: ONE\nharvester:\n  scheduler:\n    jobgen:\n      max_total_size: lots\n"
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as err:
        load(path, SCHEMA)
    assert err.value.message == (
        f"{path}: harvester.scheduler.jobgen.max_total_size: expected int, got str 'lots'"
    )


def test_bool_is_not_accepted_for_a_number(tmp_path):
    with pytest.raises(ConfigError, match="expected float, got bool True"):
        load(write(tmp_path, "archive: {replica: ONE}\nmonitor: {lost_after: true}\n"), SCHEMA)


def test_missing_required_value_and_empty_value(tmp_path):
    path = write(tmp_path, "monitor:\n  lost_after: 3\n")
    with pytest.raises(ConfigError) as err:
        load(path, SCHEMA)
    assert err.value.message == f"{path}: archive.replica: missing required setting"
    path2 = write(tmp_path, "archive:\n  replica: ''\n", "b.yaml")
    with pytest.raises(ConfigError, match=r"archive.replica: a value is required here"):
        load(path2, SCHEMA)


def test_choices_and_section_shape(tmp_path):
    with pytest.raises(ConfigError, match=r"archive.mode: must be one of fast, safe"):
        load(write(tmp_path, "archive: {replica: A, mode: slow}\n"), SCHEMA)
    with pytest.raises(ConfigError, match=r"monitor: is a section: expected a mapping"):
        load(write(tmp_path, "archive: {replica: A}\nmonitor: 5\n"), SCHEMA)


def test_every_problem_is_reported_at_once(tmp_path):
    path = write(tmp_path, "bogus: 1\nmonitor: {lost_after: x}\n")
    with pytest.raises(ConfigError) as err:
        load(path, SCHEMA)
    lines = err.value.message.splitlines()
    assert len(lines) == 3
    assert {d["key"] for d in err.value.details["problems"]} == {"bogus", "monitor.lost_after", "archive.replica"}


def test_missing_file_and_broken_yaml(tmp_path):
    with pytest.raises(ConfigError) as err:
        load(str(tmp_path / "nope.yaml"), SCHEMA)
    assert err.value.message == f"{tmp_path / 'nope.yaml'}: no such config file"
    path = write(tmp_path, "archive:\n  replica: [unclosed\n")
    with pytest.raises(ConfigError, match=r"line \d+, column \d+: not valid YAML"):
        load(path, SCHEMA)


def test_yaml_tags_that_run_code_are_refused(tmp_path):
    path = write(tmp_path, "archive:\n  replica: !!python/object/apply:os.system ['true']\n")
    with pytest.raises(ConfigError, match="not valid YAML"):
        load(path, SCHEMA)


def test_show_prints_the_resolved_tree_with_defaults(tmp_path):
    s = resolve({"archive": {"replica": "ONE"}}, SCHEMA, "x.yaml")
    text = dump(s)
    assert "max_total_size: 8000000" in text and "replica: ONE" in text


def test_catalog_collects_core_and_package_settings():
    paths = {s.path for s in all_settings()}
    assert {"AMQP_URI", "instance.id", "database.url", "monitor.lost_after"} <= paths


def test_nameko_keys_are_validated_too(tmp_path):
    with pytest.raises(ConfigError, match="max_workers: expected int"):
        load(write(tmp_path, "max_workers: many\n"), all_settings())
