"""Settings every service shares that belong to the runtime (``nas config settings security``)."""
from shared.config import Setting

SETTINGS = (
    Setting("security.key_file", str, "", "the installation's signing key for capability tokens (transfer "
            "tickets, file tokens, repair tokens), the same file on every host; empty: installation.key "
            "beside this service's configuration file"),
    Setting("security.create_key", bool, False, "create the key file (mode 0600) when it is missing; for "
            "single-host installations, the demo and tests"),
)

# Roles and audit (docs/security.md).
SETTINGS = SETTINGS + (
    Setting("security.audit_log", str, "", "where this instance appends its audit log (who called what, when); "
            "empty: audit.log in data_dir"),
    Setting("security.service_logins", dict, {}, "broker logins that are services although they do not start "
            "with svc- (login: service kind, e.g. guest: harvester on a development broker); empty: "
            "$NAS_SERVICE_LOGINS (login=kind,...)"),
    Setting("security.roles_cache_seconds", float, 30.0, "how long a service keeps a person's roles before asking "
            "the users table again (a change made with `nas users` applies at once anyway)"),
)
