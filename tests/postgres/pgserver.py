"""A throw-away PostgreSQL server for tests and benchmarks: initdb into a temp dir, Unix socket only.

Debian's `postgresql` package (version 15) provides the binaries; PostgreSQL refuses to run as root,
so as root the data directory is handed to the `postgres` user (or `nobody`) and the server runs as
that user through `runuser`. `PgServer.missing()` says in one line what is lacking, so a test can
fail with that reason instead of passing silently.
"""

from __future__ import annotations

import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

PG_BIN_DIRS = [Path(f"/usr/lib/postgresql/{v}/bin") for v in (15, 16, 17, 14, 13)]
PASSWORD_USER = "alice"  # the role that must log in with a password (wrong-credentials tests)
PORT = 54329  # only names the socket file; with listen_addresses='' nothing listens on TCP


def _pg_bin() -> Path | None:
    for d in PG_BIN_DIRS:
        if (d / "initdb").is_file() and (d / "pg_ctl").is_file():
            return d
    found = shutil.which("initdb")
    return Path(found).parent if found else None


def _run_user() -> str | None:
    """Who runs the server: ourselves unless root; as root an unprivileged account."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    return None


class PgServer:
    """One server in its own temp dir; `url(db)` is a SQLAlchemy URL for database `db`."""

    def __init__(self) -> None:
        self.bin = _pg_bin()
        self.user = _run_user()
        self.tmp = Path(tempfile.mkdtemp(prefix="mkdb-pg-"))
        self.data = self.tmp / "data"
        self.sock = self.tmp / "sock"
        self.log = self.tmp / "server.log"

    @staticmethod
    def missing() -> str | None:
        """Why a server cannot be started here, or None."""
        try:
            import psycopg  # noqa: F401
        except ImportError:
            return "the PostgreSQL tests need psycopg 3: pip install -e '.[postgres]' (scripts/setup.sh does)"
        if _pg_bin() is None:
            return "the PostgreSQL tests need the server binaries: apt-get install postgresql (scripts/setup.sh does)"
        if os.geteuid() == 0 and _run_user() is None:
            return "running as root, the PostgreSQL tests need a 'postgres' or 'nobody' user to run the server as"
        return None

    def _cmd(self, *args: str) -> list[str]:
        return ["runuser", "-u", self.user, "--", *args] if self.user else list(args)

    def init(self) -> PgServer:
        reason = self.missing()
        if reason:
            raise RuntimeError(reason)
        self.sock.mkdir()
        if self.user:
            os.chmod(self.tmp, 0o755)
            pw = pwd.getpwnam(self.user)
            for p in (self.tmp, self.sock):
                os.chown(p, pw.pw_uid, pw.pw_gid)
        subprocess.run(self._cmd(str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust",
                                 "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"),
                       check=True, capture_output=True)
        # one role must give a password (to test wrong credentials); everyone else is trusted
        hba = self.data / "pg_hba.conf"
        hba.write_text(f"local all {PASSWORD_USER} scram-sha-256\nlocal all all trust\n")
        if self.user:
            pw = pwd.getpwnam(self.user)
            os.chown(hba, pw.pw_uid, pw.pw_gid)
        return self

    def start(self, durable: bool = False) -> PgServer:
        """Start (or restart) the server; durable=False turns off fsync for fast tests (a killed server
        still recovers its committed transactions, only a killed machine could lose them)."""
        opts = f"-c listen_addresses='' -c unix_socket_directories={self.sock} -p {PORT} -c max_connections=40"
        if not durable:
            opts += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        with open(self.tmp / "pg_ctl.out", "wb") as out:
            subprocess.run(self._cmd(str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", opts, "-l",
                                     str(self.log), "-w", "-t", "60", "start"), check=True, stdout=out,
                           stderr=subprocess.STDOUT)
        return self

    def pid(self) -> int | None:
        pidfile = self.data / "postmaster.pid"
        try:
            return int(pidfile.read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def kill(self) -> None:
        """The server dies at once (SIGKILL to the postmaster): what a crashed machine looks like to a client."""
        pid = self.pid()
        if pid is not None:
            os.kill(pid, signal.SIGKILL)
            for _ in range(100):
                try:
                    os.kill(pid, 0)
                except ProcessLookupError:
                    break
                time.sleep(0.05)
        # children notice the dead postmaster and exit; wait for them to drop shared memory
        time.sleep(0.5)

    def stop(self) -> None:
        if self.pid() is not None and self.data.is_dir():
            subprocess.run(self._cmd(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w",
                                     "stop"), capture_output=True)

    def url(self, db: str = "postgres", user: str = "postgres", password: str | None = None) -> str:
        login = f"{user}:{password}" if password is not None else user
        return f"postgresql+psycopg://{login}@/{db}?host={self.sock}&port={PORT}"

    def sql(self, statement: str, db: str = "postgres") -> list[tuple]:
        """Run one statement as the superuser (autocommit); its rows, if any."""
        import psycopg

        with psycopg.connect(host=str(self.sock), port=PORT, user="postgres", dbname=db, autocommit=True) as conn:
            cur = conn.execute(statement)
            return cur.fetchall() if cur.description else []

    def create_db(self, name: str) -> str:
        """A new empty database; returns its URL."""
        self.sql(f'DROP DATABASE IF EXISTS "{name}"')
        self.sql(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def cleanup(self) -> None:
        self.stop()
        shutil.rmtree(self.tmp, ignore_errors=True)
