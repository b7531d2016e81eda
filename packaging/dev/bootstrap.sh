#!/usr/bin/env bash
# Sourced by packaging/demo.sh and packaging/test.sh: brings a fresh Debian 12 machine (as root)
# to the point where the project runs. Safe to run any number of times: each step checks first.
set -euo pipefail

NAS_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
NAS_VENV="${NAS_VENV:-$NAS_ROOT/.venv}"
export NAS_ROOT NAS_VENV

log() { printf '\033[1m[nas-setup]\033[0m %s\n' "$*" >&2; }

port_open() {  # port_open HOST PORT: true when something accepts TCP connections there
    (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null
}

wait_port() {  # wait_port HOST PORT SECONDS
    local i
    for ((i = 0; i < $3 * 2; i++)); do
        port_open "$1" "$2" && return 0
        sleep 0.5
    done
    return 1
}

# Debian packages: the broker, the database used by the PostgreSQL tests, the system libraries
# Qt needs offscreen (libglib2.0-0 first of all: without it PySide6 and its lrelease do not even
# load) and under a real X server (the libxcb-* of Qt's xcb platform plugin), wget (the crawler
# benchmark's peer) and python3-doc (the real documentation site the crawler benchmark crawls,
# /usr/share/doc/python3.11/html), xvfb (screenshots of the desktop under a real X server);
# bubblewrap confines batch jobs (server/archive/batch/sandbox.py); rsync and ssh carry `nas deploy
# apply` to other hosts (its test runs real rsync over a local stand-in for ssh); chromium renders
# the pages of crawls with a `browser:` profile section (server/crawler/browser/, its tests).
NAS_DEBS=(rabbitmq-server postgresql postgresql-client python3-venv wget python3-doc xvfb bubblewrap rsync chromium
    libglib2.0-0 libnss3 libegl1 libgl1 libxkbcommon0 libxkbcommon-x11-0 libxkbfile1 libxcomposite1
    libxdamage1 libxrandr2 libxtst6 libasound2 libgbm1 libfontconfig1 libdbus-1-3
    libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0 libxcb-shape0
    libxcb-randr0 libxcb-xfixes0 libxcb-xkb1 libxcb-xinerama0)

install_debs() {
    local missing=() pkg
    for pkg in "$@"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" != 0 ]; then
        log "missing Debian packages: ${missing[*]} (run as root, or install them yourself)"
        return 1
    fi
    log "installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    # A fresh machine often runs apt at boot (unattended upgrades) or a second set-up at once:
    # wait for its lock rather than fail.
    local wait=(-o DPkg::Lock::Timeout=600)
    apt-get "${wait[@]}" update -q >/dev/null
    # policy-rc.d keeps apt from starting services through init scripts inside containers;
    # this script starts what it needs itself.
    apt-get "${wait[@]}" install -y -q --no-install-recommends "${missing[@]}" >/dev/null
}

start_rabbitmq() {
    if port_open 127.0.0.1 5672; then return 0; fi
    log "starting RabbitMQ"
    if command -v systemctl >/dev/null && systemctl is-system-running >/dev/null 2>&1; then
        systemctl start rabbitmq-server || true
    fi
    port_open 127.0.0.1 5672 || rabbitmq-server -detached >/dev/null 2>&1 || true
    wait_port 127.0.0.1 5672 90 || { log "RabbitMQ did not start (see /var/log/rabbitmq/)"; return 1; }
    rabbitmqctl await_startup >/dev/null 2>&1 || true
}

enable_rabbitmq_api() {  # the management HTTP API, on loopback only: the definitions service makes
    # people's broker accounts through it (`nas users`), the demo its accounts and vhost, and the
    # tests a vhost each in ~20 ms instead of three rabbitmqctl calls (~2.5 s).
    command -v rabbitmq-plugins >/dev/null || return 0
    [ "$(id -u)" = 0 ] || { port_open 127.0.0.1 15672 || log "RabbitMQ's management API is off (tests use rabbitmqctl)"; return 0; }
    if ! port_open 127.0.0.1 15672; then
        log "enabling RabbitMQ's management API on 127.0.0.1:15672 (broker accounts, test vhosts)"
        # Loopback only and no statistics, for the running node here; for later starts, below.
        rabbitmqctl eval 'application:set_env(rabbitmq_management, tcp_config, [{ip, "127.0.0.1"}, {port, 15672}]),
            application:set_env(rabbitmq_management_agent, disable_metrics_collector, true).' >/dev/null 2>&1 \
            && rabbitmq-plugins enable rabbitmq_management >/dev/null 2>&1 \
            && wait_port 127.0.0.1 15672 30 \
            || { log "the management API did not come up: people's accounts cannot be made"; return 0; }
    fi
    # The same in the config file, read at the broker's next start. Its management keys are valid
    # only while the plugin is enabled (a broker refuses unknown keys), hence after enabling it.
    local conf=/etc/rabbitmq/rabbitmq.conf
    if ! grep -q '^management.tcp.ip' "$conf" 2>/dev/null \
            && rabbitmq-plugins list -e -m 2>/dev/null | grep -qx rabbitmq_management; then
        printf 'management.tcp.ip = 127.0.0.1\nmanagement_agent.disable_metrics_collector = true\n' >>"$conf"
    fi
}

start_postgres() {
    if ! port_open 127.0.0.1 5432; then
        log "starting PostgreSQL"
        local ver
        ver="$(ls /etc/postgresql 2>/dev/null | sort -V | tail -1)"
        if [ -n "$ver" ]; then
            pg_ctlcluster --skip-systemctl-redirect "$ver" main start >/dev/null 2>&1 || true
        fi
        wait_port 127.0.0.1 5432 60 || { log "PostgreSQL did not start; its tests will be skipped"; return 0; }
    fi
    # The tests log in as nas/nas over TCP; a fresh Debian cluster only lets the postgres
    # system user in (peer auth), so create the role through that door once.
    if ! PGPASSWORD=nas psql -h 127.0.0.1 -U nas -d postgres -Atc 'select 1' >/dev/null 2>&1; then
        log "creating PostgreSQL role nas"
        su postgres -c "psql -q -c \"CREATE ROLE nas LOGIN SUPERUSER PASSWORD 'nas'\"" >/dev/null 2>&1 \
            || psql -h 127.0.0.1 -U postgres -d postgres -q \
                -c "CREATE ROLE nas LOGIN SUPERUSER PASSWORD 'nas'" >/dev/null 2>&1 || true
    fi
}

ensure_venv() {
    local stamp="$NAS_VENV/.nas-installed" want
    want="$(sha1sum "$NAS_ROOT/pyproject.toml" | cut -d' ' -f1)"
    if [ ! -x "$NAS_VENV/bin/python" ]; then
        log "creating the virtual environment $NAS_VENV"
        python3 -m venv "$NAS_VENV"
    fi
    if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
        log "installing the project and its pinned packages (log: $NAS_VENV/pip-install.log)"
        if ! { "$NAS_VENV/bin/pip" install --upgrade pip \
               && "$NAS_VENV/bin/pip" install -e "$NAS_ROOT[test]"; } >"$NAS_VENV/pip-install.log" 2>&1; then
            tail -30 "$NAS_VENV/pip-install.log" >&2
            log "pip install failed; see $NAS_VENV/pip-install.log"
            return 1
        fi
        echo "$want" >"$stamp"
    fi
    # Qt translations are built, never committed. A failure here is a broken installation (a
    # missing system library, as on a fresh machine without libglib2.0-0): say so and stop.
    local out
    if ! out="$("$NAS_VENV/bin/python" -m desktop.i18n_build 2>&1)"; then
        printf '%s\n' "$out" | tail -20 >&2
        log "building the desktop translations failed (see above)"
        return 1
    fi
    # The project's modules are compiled to bytecode once here: where PYTHONDONTWRITEBYTECODE is
    # set (some CI and sandboxes), every process (each crawler part, each service, each nas
    # command) would otherwise compile every module it imports again, ~0.1 s a start. Only
    # changed sources are compiled again; Python checks each cache against its source.
    PYTHONDONTWRITEBYTECODE= "$NAS_VENV/bin/python" -m compileall -q -j 0 \
        "$NAS_ROOT/server" "$NAS_ROOT/shared" "$NAS_ROOT/desktop" >/dev/null 2>&1 || true
    # The tests' peer replay tool (pywb, its own environment .venv-pywb) is installed now, while
    # the registries are reachable: a test run may have only loopback (fresh-debian.sh phase 2).
    if [ -f "$NAS_ROOT/tests/support/pywb_replay.py" ] && ! out="$(cd "$NAS_ROOT" && "$NAS_VENV/bin/python" -c \
            'import sys; sys.path.insert(0, "tests/support"); import pywb_replay; pywb_replay.ensure_pywb()' 2>&1)"; then
        printf '%s\n' "$out" | tail -10 >&2
        log "the tests' pywb environment could not be installed; the pywb replay test will fail"
    fi
}

bootstrap() {  # bootstrap [with-postgres]
    install_debs "${NAS_DEBS[@]}"
    ensure_venv
    start_rabbitmq
    enable_rabbitmq_api
    if [ "${1:-}" = with-postgres ]; then start_postgres; fi
}
