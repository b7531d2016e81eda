"""A service that raises whatever error it is asked to: for the typed-error round trip."""
from server.runtime.rpc import rpc
from server.runtime.service import NasService
from shared.errors import ERRORS_BY_CODE


class RaiserService(NasService):
    name = "raiser"

    @rpc
    def raise_code(self, code: str) -> None:
        """Raise the error class registered under ``code`` with a message and details."""
        raise ERRORS_BY_CODE[code](f"raised {code}", {"code_was": code, "n": 1})
