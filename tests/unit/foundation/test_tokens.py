"""Capability tokens: genuine ones pass; forged, altered, expired, replayed, wrong-purpose and
wrong-claim ones are refused with the reason; the key file is created once, 0600, race-free."""
import os
import stat
import threading
import time

import pytest

from server.runtime import tokens
from shared.errors import ConfigError, PermissionDenied, TokenRejected

KEY = bytes(range(32))


def test_a_genuine_token_carries_its_claims():
    t = tokens.issue(KEY, "transfer", {"file": "a.warc", "replica": "ONE"}, ttl=60)
    claims = tokens.verify(KEY, t, "transfer", {"file": "a.warc", "replica": "ONE"})
    assert claims["file"] == "a.warc" and claims["pur"] == "transfer" and claims["jti"]


@pytest.mark.parametrize("mutate, reason", [
    (lambda t: t[:-2] + ("AA" if t[-2:] != "AA" else "BB"), "signature"),
    (lambda t: t.replace(t.split(".")[1], tokens._b64(b'{"pur":"transfer","exp":99999999999,"file":"b"}')),
     "signature"),
    (lambda t: "nonsense", "malformed"),
    (lambda t: "v9." + t.split(".", 1)[1], "malformed"),
])
def test_forged_or_altered_tokens_are_refused(mutate, reason):
    t = tokens.issue(KEY, "transfer", {"file": "a"}, ttl=60)
    with pytest.raises(TokenRejected) as err:
        tokens.verify(KEY, mutate(t), "transfer")
    assert err.value.details["reason"] == reason


def test_another_installations_key_purpose_expiry_and_claims_are_checked():
    t = tokens.issue(KEY, "transfer", {"file": "a"}, ttl=60, now=1000.0)
    cases = [
        (lambda: tokens.verify(b"x" * 32, t, "transfer", now=1000.0), "signature"),
        (lambda: tokens.verify(KEY, t, "replace", now=1000.0), "purpose"),
        (lambda: tokens.verify(KEY, t, "transfer", now=1100.0), "expired"),
        (lambda: tokens.verify(KEY, t, "transfer", {"file": "b"}, now=1000.0), "claim"),
    ]
    for check, reason in cases:
        with pytest.raises(TokenRejected) as err:
            check()
        assert err.value.details["reason"] == reason
        assert isinstance(err.value, PermissionDenied)


def test_a_single_use_token_works_once():
    guard = tokens.ReplayGuard()
    t = tokens.issue(KEY, "replace", {"file": "a"}, ttl=60)
    tokens.verify(KEY, t, "replace", replay=guard)
    with pytest.raises(TokenRejected) as err:
        tokens.verify(KEY, t, "replace", replay=guard)
    assert err.value.details["reason"] == "replayed"


def test_a_durable_guard_refuses_a_replay_after_a_restart_and_forgets_expired_ids(tmp_path):
    path = str(tmp_path / "state" / "used.sqlite")
    t = tokens.issue(KEY, "replace", {"file": "a"}, ttl=60)
    tokens.verify(KEY, t, "replace", replay=tokens.DurableReplayGuard(path))
    restarted = tokens.DurableReplayGuard(path)          # a new process, the same file
    with pytest.raises(TokenRejected) as err:
        tokens.verify(KEY, t, "replace", replay=restarted)
    assert err.value.details["reason"] == "replayed"
    restarted.use("old", time.time() - 1)                # already expired: pruned at the next use
    restarted.use("other", time.time() + 60)
    assert restarted.used() == 2                          # the replayed token's id and "other"


def test_a_durable_guard_lets_one_of_two_racing_uses_pass(tmp_path):
    import threading

    path = str(tmp_path / "used.sqlite")
    guards = [tokens.DurableReplayGuard(path), tokens.DurableReplayGuard(path)]   # two processes
    t = tokens.issue(KEY, "replace", {"file": "a"}, ttl=60)
    outcomes: list[str] = []
    start = threading.Barrier(2)

    def present(guard) -> None:
        start.wait(10)
        try:
            tokens.verify(KEY, t, "replace", replay=guard)
            outcomes.append("ok")
        except TokenRejected as exc:
            outcomes.append(exc.details["reason"])

    threads = [threading.Thread(target=present, args=(g,)) for g in guards]
    for th in threads:
        th.start()
    for th in threads:
        th.join(60)
    assert sorted(outcomes) == ["ok", "replayed"]


def test_the_key_file_is_created_once_with_mode_0600_even_by_racing_processes(tmp_path):
    path = str(tmp_path / "conf" / "installation.key")
    results = []
    threads = [threading.Thread(target=lambda: results.append(tokens.create_key_file(path))) for _ in range(8)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert results.count(True) == 1
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert os.listdir(tmp_path / "conf") == ["installation.key"]
    key = tokens.installation_key({"security.key_file": path})
    assert len(key) == tokens.KEY_BYTES


def test_a_missing_key_is_a_config_error_unless_creation_is_allowed(tmp_path):
    path = str(tmp_path / "missing.key")
    with pytest.raises(ConfigError) as err:
        tokens.installation_key({"security.key_file": path})
    assert "nas keys init" in err.value.message
    assert len(tokens.installation_key({"security.key_file": path, "security.create_key": True})) == 32
