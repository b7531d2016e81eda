#!/usr/bin/env bash
# The local demo: installs what is missing, starts RabbitMQ, then `nas demo` runs every service
# on this host (SQLite, two local replicas) and shows what it did.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/dev/bootstrap.sh"
bootstrap
exec "$NAS_VENV/bin/nas" demo "$@"
