"""Settings every service shares that belong to the runtime (``nas config settings security``)."""
from shared.config import Setting

SETTINGS = (
    Setting("security.key_file", str, "", "the installation's signing key for capability tokens (transfer "
            "tickets, file tokens, repair tokens), the same file on every host; empty: installation.key "
            "beside this service's configuration file"),
    Setting("security.create_key", bool, False, "create the key file (mode 0600) when it is missing; for "
            "single-host installations, the demo and tests"),
)
