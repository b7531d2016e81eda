"""A typed error answered to a caller (a curator's bad input) is an INFO line without traceback
or worker repr, not an operator's warning; a service it depends on not answering stays a warning."""
import logging

from server.runtime.expected_errors import ExpectedErrorFilter
from shared.errors import DomainNotFound, Unavailable


class _Entrypoint:
    method_name = "get_domain"


class _Worker:
    service_name = "definitions"
    entrypoint = _Entrypoint()

    def __repr__(self):
        return "<WorkerContext [definitions.get_domain] at 0x7f00deadbeef>"


def _record(exc):
    try:
        raise exc
    except Exception:
        import sys

        info = sys.exc_info()
    return logging.LogRecord("nameko.containers", logging.WARNING, __file__, 1,
                             "(expected) error handling worker %s: %s", (_Worker(), exc), info)


def test_a_typed_error_for_bad_input_becomes_one_info_line():
    rec = _record(DomainNotFound("no domain 'x.dk'"))
    assert ExpectedErrorFilter().filter(rec) in (True, False)
    assert rec.levelno == logging.INFO and rec.exc_info is None
    assert rec.getMessage() == "definitions.get_domain answered domain_not_found: no domain 'x.dk'"
    assert "WorkerContext" not in rec.getMessage()


def test_an_unavailable_dependency_stays_a_warning_without_traceback():
    rec = _record(Unavailable("the arcrepository does not answer"))
    ExpectedErrorFilter().filter(rec)
    assert rec.levelno == logging.WARNING and rec.exc_info is None


def test_other_records_pass_untouched():
    rec = logging.LogRecord("nameko.containers", logging.WARNING, __file__, 1, "something else %s", ("x",), None)
    assert ExpectedErrorFilter().filter(rec) and rec.getMessage() == "something else x"


def test_through_a_logger_the_monitor_handler_sees_nothing(caplog):
    from server.runtime import expected_errors
    from server.runtime.heartbeat import MonitorLogHandler

    expected_errors.install()
    handler = MonitorLogHandler()
    logger = logging.getLogger("nameko.containers")
    logger.addHandler(handler)
    try:
        caplog.set_level(logging.INFO, logger="nameko.containers")
        logger.warning("(expected) error handling worker %s: %s", _Worker(), DomainNotFound("no domain 'x.dk'"),
                       exc_info=False)
    finally:
        logger.removeHandler(handler)
    assert handler.drain() == []
    assert any(r.levelno == logging.INFO and "domain_not_found" in r.getMessage() for r in caplog.records)
