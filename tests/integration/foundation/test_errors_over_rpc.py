"""Every typed error crosses a real Nameko RPC call over RabbitMQ and arrives as its own class."""
from foundation_testdb.errors_service import RaiserService as Raiser
from nameko.containers import ServiceContainer
from nameko.standalone.rpc import ClusterRpcProxy

from shared.errors import ERRORS_BY_CODE, NasError


def test_every_error_class_round_trips_typed(nameko_config):
    container = ServiceContainer(Raiser, {**nameko_config, "runtime": {"heartbeat_interval": 60}})
    container.start()
    try:
        with ClusterRpcProxy(nameko_config, timeout=20) as proxy:
            for code, cls in sorted(ERRORS_BY_CODE.items()):
                try:
                    proxy.raiser.raise_code(code)
                except NasError as exc:
                    assert type(exc) is cls, code
                    assert exc.message == f"raised {code}"
                    assert exc.details == {"code_was": code, "n": 1}
                else:
                    raise AssertionError(f"{code} was not raised")
    finally:
        container.stop()
