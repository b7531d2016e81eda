"""`nas config check|show` as a user runs them."""
import subprocess
import sys


def nas(*args, **kw):
    return subprocess.run([sys.executable, "-m", "server.cli.main", *args], capture_output=True, text=True,
                          timeout=60, **kw)


def test_check_ok_and_bad_files(tmp_path):
    good = tmp_path / "monitor.yaml"
    good.write_text("instance:\n  service: server.monitor.service:MonitorService\nmonitor:\n  lost_after: 10\n")
    bad = tmp_path / "bad.yaml"
    bad.write_text("monitor:\n  lost_after: soon\n  colour: blue\n")
    r = nas("config", "check", str(good), str(bad))
    assert r.returncode == 2
    assert f"{good}: ok" in r.stdout
    assert f"{bad}: monitor.lost_after: expected float, got str 'soon'" in r.stdout
    assert f"{bad}: monitor.colour: unknown setting" in r.stdout


def test_show_includes_defaults(tmp_path):
    f = tmp_path / "m.yaml"
    f.write_text("monitor:\n  lost_after: 10\n")
    r = nas("config", "show", str(f))
    assert r.returncode == 0, r.stderr
    assert "lost_after: 10.0" in r.stdout
    assert "heartbeat_interval: 5.0" in r.stdout  # a default the file did not give
    assert "AMQP_URI: amqp://guest:********@localhost:5672/" in r.stdout   # the default password, masked


def test_missing_file_is_a_clear_error(tmp_path):
    r = nas("config", "show", str(tmp_path / "absent.yaml"))
    assert r.returncode == 2
    assert r.stderr.strip() == f"nas: error: {tmp_path / 'absent.yaml'}: no such config file"


def test_show_prints_no_secret(tmp_path):
    f = tmp_path / "secret.yaml"
    secrets = {"broker": "Br0ker-S3cret", "db": "Db-S3cret", "fernet": "ZmDfcTF7_60GrrY167zsiPd67pEvs0aGOv2oasOM1Pg="}
    f.write_text(f"AMQP_URI: amqp://nas:{secrets['broker']}@rabbit.example:5672/nas\n"
                 f"database:\n  url: postgresql+psycopg://nas:{secrets['db']}@db.example/nas\n"
                 f"harvest:\n  credentials:\n    key: {secrets['fernet']}\n"
                 "security:\n  key_file: /etc/nas/installation.key\n  create_key: true\n")
    r = nas("config", "show", str(f))
    assert r.returncode == 0, r.stderr
    for value in secrets.values():
        assert value not in r.stdout
    assert "AMQP_URI: amqp://nas:********@rabbit.example:5672/nas" in r.stdout
    assert "url: postgresql+psycopg://nas:********@db.example/nas" in r.stdout
    assert "key_file: /etc/nas/installation.key" in r.stdout and "create_key: true" in r.stdout


def test_a_broker_uri_that_is_none_is_the_callers_mistake(capsys):
    """#33: `--amqp-uri http://...` was an internal error, then an unreachable broker (exit 3):
    it is bad input (exit 2), said once, with where the URI comes from."""
    from server.cli.main import main

    assert main(["jobs", "list", "--amqp-uri", "http://localhost:5672/"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("nas: error: not an AMQP URI: http://localhost:5672/") and "--amqp-uri" in err
    assert "Traceback" not in err


def test_show_masks_every_password_form(tmp_path):
    """#29 item 7: a password given as ``?password=`` in a database URL was printed; one holding
    ``@`` was printed from its ``@`` on."""
    f = tmp_path / "forms.yaml"
    f.write_text("AMQP_URI: amqp://nas:p@ss-Br0ker@rabbit.example:5672/nas\n"
                 "database:\n  url: postgresql+psycopg://nas@db.example/nas?sslmode=require&password=Q-S3cret\n")
    r = nas("config", "show", str(f))
    assert r.returncode == 0, r.stderr
    assert "Br0ker" not in r.stdout and "ss-" not in r.stdout and "Q-S3cret" not in r.stdout, r.stdout
    assert "AMQP_URI: amqp://nas:********@rabbit.example:5672/nas" in r.stdout
    assert "url: postgresql+psycopg://nas@db.example/nas?sslmode=require&password=********" in r.stdout


def test_every_password_form_in_text_and_trees_is_masked():
    from shared.masking import MASK, mask_text, masked

    forms = {
        "postgresql://nas@db/nas?password=S3cret&sslmode=require": f"postgresql://nas@db/nas?password={MASK}&sslmode=require",
        "postgresql://db/nas?sslmode=verify-full&sslpassword=S3cret": f"postgresql://db/nas?sslmode=verify-full&sslpassword={MASK}",
        "host=db user=nas password=S3cret dbname=nas": f"host=db user=nas password={MASK} dbname=nas",
        "host=db password='S3 cret' dbname=nas": f"host=db password={MASK} dbname=nas",
        "AMQP_PASSWORD=S3cret": f"AMQP_PASSWORD={MASK}",
        "https://api.example/x?access_token=S3cret&page=2": f"https://api.example/x?access_token={MASK}&page=2",
        "amqp://nas:S3@cret@rabbit:5672/nas": f"amqp://nas:{MASK}@rabbit:5672/nas",
        "amqp://nas:S3/cret@rabbit:5672/nas": f"amqp://nas:{MASK}@rabbit:5672/nas",
        # not secrets: where one is, a URL without a password, an e-mail address
        "key_file=/etc/nas/installation.key": "key_file=/etc/nas/installation.key",
        "amqp://rabbit:5672/nas": "amqp://rabbit:5672/nas",
        "mailto:curator@kb.dk": "mailto:curator@kb.dk",
    }
    for text, shown in forms.items():
        assert mask_text(text) == shown, text
    tree = {"service_logins": {"password": 1234, "token": 5.5}, "create_key": True, "port": 5672,
            "list": ["amqp://u:S3cret@h/"]}
    assert masked(tree) == {"service_logins": {"password": MASK, "token": MASK}, "create_key": True, "port": 5672,
                            "list": [f"amqp://u:{MASK}@h/"]}
