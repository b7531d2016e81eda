"""Entry point of ``nas``: finds the command modules, parses, runs, maps errors to exit codes.

Start-up time matters (``nas --help`` and ``nas config settings`` should answer at once): building
the parser imports every ``*_cmd`` module, so those modules import at the top only what
``register`` needs (argparse, ``server.cli.common``) and import Nameko, SQLAlchemy, the demo and
the rest inside the functions that run the command. ``tests/unit/foundation/test_cli_startup.py``
checks this; ``bench/cli_bench.py`` measures it.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys
import warnings

# Nameko runs on eventlet, which warns on import that it is deprecated; users cannot act on it.
warnings.filterwarnings("ignore", message=r"\s*Eventlet is deprecated")

import server.cli
from server.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_CONFLICT,
    EXIT_FAILED,
    EXIT_INTERNAL,
    EXIT_NOT_FOUND,
    EXIT_PERMISSION,
    EXIT_UNREACHABLE,
    PortInUse,
    RpcTimeout,
    UnknownService,
    Unreachable,
    exit_codes_text,
    fail,
)
from shared.client import InvalidUri, LoginRefused
from shared.credentials import CredentialsError
from shared.errors import Conflict, InvalidInput, NasError, NotFound, PermissionDenied, Unavailable

#: command → the module that registers it. For a command given, only its module is imported and
#: only its parsers are built: building all of them (120 parsers, 800 options) cost more CPU than
#: the call to the services itself. ``nas``, ``nas --help`` and an unknown command build them all.
#: tests/unit/foundation/test_cli_startup.py checks this table against what the modules register.
COMMANDS = {
    "archive": "archive_cmd", "batch": "archive_cmd", "get-file": "archive_cmd", "get-record": "archive_cmd",
    "upload": "archive_cmd", "bitpreservation": "bitpreservation_cmd", "config": "config_cmd",
    "credentials": "credentials_cmd", "channels": "curation_cmd", "traps": "curation_cmd", "db": "db_cmd",
    "domains": "definitions_cmd", "harvests": "definitions_cmd", "profiles": "definitions_cmd",
    "schedules": "definitions_cmd", "demo": "demo_cmd", "deploy": "deploy_cmd", "audit": "users_cmd",
    "login": "users_cmd", "logout": "users_cmd", "users": "users_cmd", "whoami": "users_cmd",
    "index": "index_cmd", "jobs": "jobs_cmd", "scheduler": "jobs_cmd",
    "keys": "keys_cmd", "notify": "notify_cmd", "qa": "qa_cmd", "services": "services_cmd", "status": "status_cmd",
    "viewer": "viewer_cmd", "export": "wacz_cmd", "import": "wacz_cmd", "search": "search_cmd",
}


def command_modules() -> list[str]:
    """Every module of ``server.cli`` that registers commands."""
    import pkgutil  # here: a command given needs no scan of the package (5 ms)

    return [info.name for info in sorted(pkgutil.iter_modules(server.cli.__path__), key=lambda i: i.name)
            if info.name not in ("main", "common", "inputs")]


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The parser of ``nas``: of the command ``argv`` names only, or of every command."""
    parser = NasArgumentParser(
        prog="nas", description="NetarchiveSuite for Python: operator and curator command line.",
        epilog=exit_codes_text(), formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action=_VersionAction)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    command = next((a for a in argv or [] if not a.startswith("-")), None)
    names = [COMMANDS[command]] if command in COMMANDS else command_modules()
    if argv == ["--version"]:
        names = []   # answered before any command is looked at
    for name in names:
        module = importlib.import_module(f"server.cli.{name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(sub)
    return parser


class NasArgumentParser(argparse.ArgumentParser):
    """argparse with the one error line of ``nas`` (``nas: error: ...``, exit 2) after the usage;
    every subcommand's parser is one too (argparse makes subparsers of the parent's class)."""

    def error(self, message: str):
        self.print_usage(sys.stderr)
        self.exit(EXIT_BAD_INPUT, f"nas: error: {message} (see `{self.prog} --help`)\n")


class _VersionAction(argparse.Action):
    """``--version``, looked up only when asked for (the package metadata costs a file scan)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings, dest=dest, default=default, nargs=0,
                         help=help or "show the version and exit")

    def __call__(self, parser, namespace, values, option_string=None):
        # Not server.runtime.instance.project_version: that module imports eventlet and Nameko.
        from importlib import metadata

        try:
            version = metadata.version("netarchivesuite-py")
        except metadata.PackageNotFoundError:
            version = "0+unknown"
        parser.exit(message=f"{version}\n")


def main(argv: list[str] | None = None) -> int:
    import logging

    logging.basicConfig(level=logging.WARNING, format="nas: %(name)s: %(message)s")
    # The AMQP client reports harmless close-handshake races as warnings; users cannot act on them.
    logging.getLogger("amqp").setLevel(logging.ERROR)
    argv = _descending_sorts(sys.argv[1:] if argv is None else list(argv))
    args = build_parser(argv).parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("nas: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return _closed_pipe()
    except Exception as exc:  # noqa: BLE001 - the last line: never a traceback for the user
        code, message = classify(exc)
        if code == EXIT_INTERNAL and os.environ.get("NAS_DEBUG"):
            raise
        return fail(code, message)


def classify(exc: BaseException) -> tuple[int, str]:
    """The exit code of the one table (server/cli/common.py, ``EXIT_CODES``) and the message for
    an error a command raised: the project's typed errors by their family, the client's own
    (unreachable broker, silent service), a file the user named, and anything else is a bug."""
    if isinstance(exc, InvalidUri):
        return EXIT_BAD_INPUT, f"{exc} (--amqp-uri, $NAS_AMQP_URI or AMQP_URI of --config)"
    if isinstance(exc, LoginRefused):
        return EXIT_PERMISSION, f"{exc} (log in with `nas login`, --user, or $NAS_USER and $NAS_PASSWORD)"
    if isinstance(exc, Unreachable):
        # one hint: a message that names its own (the vhost) keeps it
        hint = "broker" in str(exc) and not str(exc).endswith(")")
        return EXIT_UNREACHABLE, f"{exc} (check --amqp-uri, $NAS_AMQP_URI or --config)" if hint else str(exc)
    if isinstance(exc, RpcTimeout):
        return EXIT_UNREACHABLE, f"{exc} (is it running?)"
    if isinstance(exc, UnknownService):
        return EXIT_UNREACHABLE, f"no {exc.service} service is running on this broker"
    if isinstance(exc, NasError):
        for family, code in ((InvalidInput, EXIT_BAD_INPUT), (NotFound, EXIT_NOT_FOUND),
                             (PermissionDenied, EXIT_PERMISSION), (Conflict, EXIT_CONFLICT),
                             (Unavailable, EXIT_UNREACHABLE)):
            if isinstance(exc, family):
                return code, exc.message or exc.code
        # the rest (checksum_mismatch, store_failed...): the operation ran and failed
        return EXIT_FAILED, f"{exc.code}: {exc.message}"
    if isinstance(exc, (PortInUse, CredentialsError)):
        return EXIT_BAD_INPUT, str(exc)
    if isinstance(exc, PermissionError):
        where = f"{exc.filename}: " if exc.filename else ""
        return EXIT_PERMISSION, f"{where}{exc.strerror or exc}"
    if isinstance(exc, OSError):
        # a file the user named (missing, a directory, no space...): bad input, as the commands'
        # own checks of the files they read say it (server/cli/inputs.py); one line
        where = f"{exc.filename}: " if exc.filename else ""
        return EXIT_BAD_INPUT, f"{where}{exc.strerror or exc}"
    if isinstance(exc, UnicodeDecodeError):
        return EXIT_BAD_INPUT, f"the input is not UTF-8 text ({exc.reason} at byte {exc.start})"
    name = getattr(exc, "exc_type", None) or exc.__class__.__name__     # a service's RemoteError
    text = getattr(exc, "value", None) or str(exc)
    return EXIT_INTERNAL, f"{name}: {str(text).splitlines()[0] if text else ''} (NAS_DEBUG=1 shows the traceback)"


def _descending_sorts(argv: list[str]) -> list[str]:
    """``--sort -created_at`` as documented: argparse would take ``-created_at`` for an option,
    so the value is attached (``--sort=-created_at``) before parsing."""
    out: list[str] = []
    i = 0
    while i < len(argv):
        if argv[i] == "--sort" and i + 1 < len(argv) and argv[i + 1].startswith("-") and argv[i + 1] != "--":
            out.append(f"--sort={argv[i + 1]}")
            i += 2
            continue
        out.append(argv[i])
        i += 1
    return out


def _closed_pipe() -> int:
    """The reader went away (``nas jobs list | head``): stop quietly, as other Unix tools do.
    Standard output is pointed at /dev/null so that Python's own flush at exit cannot fail again."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    return 141  # 128 + SIGPIPE, what a shell reports for a writer killed by a closed pipe


if __name__ == "__main__":
    sys.exit(main())
