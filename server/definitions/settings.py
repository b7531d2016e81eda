"""Settings of the ``definitions`` service (and of the harvest database it owns)."""
from shared.config import Setting

SETTINGS = (
    Setting("harvest.timezone", str, "Europe/Copenhagen",
            "time zone in which schedules' fixed hours, days and months are read (IANA name)"),
    Setting("harvest.domain.default_max_bytes", int, 1_000_000_000,
            "byte limit of a new domain's default configuration; -1: none", minimum=-1),
    Setting("harvest.domain.default_max_objects", int, -1,
            "object limit of a new domain's default configuration; -1: none", minimum=-1),
    Setting("harvest.domain.default_max_request_rate", int, 60,
            "requests a minute of a new domain's default configuration", minimum=1),
    Setting("harvest.domain.add_www_seed", bool, True,
            "a new domain's seeds are http(s)://www.<domain> (true) or http(s)://<domain> (false)"),
    Setting("harvest.domain.add_https_seed", bool, True, "a new domain gets an https:// seed beside the http:// one"),
    Setting("harvest.domain.default_profile", str, "default", "crawl profile of a new domain's default configuration"),
    Setting("harvest.domain.default_configuration_name", str, "defaultconfig", "name of a new domain's configuration"),
    Setting("harvest.domain.default_seed_list_name", str, "defaultseeds", "name of a new domain's seed list"),
    Setting("harvest.domain.alias_valid_days", int, 365,
            "days after which an alias must be re-confirmed", minimum=1),
    Setting("harvest.credentials.key", str, "",
            "Fernet key (urlsafe base64, 32 bytes) encrypting site passwords; empty: "
            "$NAS_CREDENTIALS_KEY, else harvest.credentials.key_file"),
    Setting("harvest.credentials.key_file", str, "",
            "file of the key (made with mode 0600 on first use; rotate with `nas credentials rotate`); empty: "
            "harvest-credentials.key beside this service's configuration file, outside data_dir"),
    Setting("harvest.ingest.max_chunk_lines", int, 20_000, "largest chunk one ingest call accepts", minimum=1),
    Setting("harvest.ingest.max_reported_errors", int, 1000,
            "invalid lines an ingest run keeps with their reasons (all are counted)", minimum=0),
    Setting("harvest.paging.max_limit", int, 1000, "largest page a listing returns", minimum=1),
    Setting("broker.management_url", str, "http://guest:guest@localhost:15672/api",
            "RabbitMQ's management API with an administrator's user and password, where `nas users` makes and "
            "changes people's broker accounts (on the vhost of this service's AMQP_URI)"),
)
