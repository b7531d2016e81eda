"""The site-password key lives outside the data directory (mode 0600), and `nas credentials
rotate` puts a new key first and re-encrypts every stored password with it."""
from __future__ import annotations

import os
import subprocess
import sys

from sqlalchemy import text
from sqlalchemy.orm import Session

from server.definitions import domains
from server.definitions.credentials import KEY_FILE, CredentialCipher, cipher_from_settings, read_keys


def _passwords(engine) -> list[str]:
    with engine.connect() as conn:
        return [r[0] for r in conn.execute(text("SELECT password_encrypted FROM site_credentials ORDER BY id"))]


def test_rotate_re_encrypts_every_password_with_a_new_key(engine, defaults, tmp_path):
    config_dir, data_dir = tmp_path / "etc", tmp_path / "data"
    config_dir.mkdir()
    key_file = config_dir / KEY_FILE
    cipher = cipher_from_settings("", str(data_dir), str(key_file))
    assert os.stat(key_file).st_mode & 0o777 == 0o600 and not (data_dir / KEY_FILE).exists()
    with Session(engine) as s:
        for name in ("kb.dk", "dr.dk"):
            domains.create_domain(s, name, defaults)
            domains.set_credentials(s, name, 1, [{"url": f"https://www.{name}/login", "username": "u",
                                                  "password": f"pw-{name}"}], cipher)
        s.commit()
    before = _passwords(engine)
    config = config_dir / "definitions.yaml"
    config.write_text(f"database:\n  url: {engine.url}\ndata_dir: {data_dir}\n")

    r = subprocess.run([sys.executable, "-m", "server.cli.main", "credentials", "rotate", "--config", str(config)],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "2 stored password(s) re-encrypted" in r.stdout
    keys = read_keys(str(key_file))
    assert len(keys) == 2 and keys[1] == read_keys(str(key_file))[1]
    after = _passwords(engine)
    assert all(a != b for a, b in zip(after, before, strict=True))
    only_new = CredentialCipher(keys[0])
    assert sorted(only_new.decrypt(p) for p in after) == ["pw-dr.dk", "pw-kb.dk"]
    assert os.stat(key_file).st_mode & 0o777 == 0o600
    assert [p for p in os.listdir(config_dir) if p.endswith(".bak")]      # the old key, kept for backups

    r = subprocess.run([sys.executable, "-m", "server.cli.main", "credentials", "rotate", "--config", str(config),
                        "--drop-old"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    newest = read_keys(str(key_file))
    assert len(newest) == 1 and newest[0] not in keys
    assert sorted(CredentialCipher(newest).decrypt(p) for p in _passwords(engine)) == ["pw-dr.dk", "pw-kb.dk"]


def test_a_key_file_left_in_the_data_directory_is_still_used(tmp_path, caplog):
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    old = CredentialCipher.generate_key()
    (data_dir / KEY_FILE).write_text(old + "\n")
    token = CredentialCipher(old).encrypt("pw")
    cipher = cipher_from_settings("", str(data_dir), str(tmp_path / "etc" / KEY_FILE))
    assert cipher.decrypt(token) == "pw"
    assert "inside the data directory" in caplog.text
