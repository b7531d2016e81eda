from shared.config import Setting

SETTINGS = (
    Setting("monitor.lost_after", float, 30.0, "seconds of silence after which an instance is lost", minimum=1),
    Setting("monitor.forget_after", float, 7 * 86400.0, "seconds after which a stopped or lost instance is dropped"),
    Setting("monitor.log_records", int, 100, "warning-or-worse log records kept per instance", minimum=1),
)
