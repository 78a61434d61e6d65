"""What `scripts/hostile-clients` and `scripts/connect-burst` share: the
release `streamlab-serve` started under `ulimit -n 1024` on a free loopback
port, one request sent and read to the server's close, and a prober that
POSTs a small run on a new connection every so often, from a process of its
own. Only 127.0.0.1 is ever contacted."""

import multiprocessing
import os
import socket
import subprocess
import time

# The server's default timeouts are 10 s; every read here gives up after 30.
READ_TIMEOUT = 30


def start(serve, state):
    command = f"ulimit -n 1024 && exec {serve} --port 0"
    process = subprocess.Popen(
        ["bash", "-c", command], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env=dict(os.environ, XDG_STATE_HOME=state))
    line = process.stdout.readline()
    if "http://127.0.0.1:" not in line:
        raise SystemExit(f"{serve} did not start: {line}{process.stdout.read()}")
    port = int(line.split("http://127.0.0.1:")[1].split("/")[0])
    return process, port


def exchange(port, data, pause=None, chunks=None):
    """Sends `data` (or `chunks`, `pause` seconds apart) and reads until the
    server closes: (status or None, seconds, closed)."""
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", port)) as connection:
        connection.settimeout(READ_TIMEOUT)
        try:
            if chunks:
                for chunk in chunks:
                    connection.sendall(chunk)
                    time.sleep(pause)
            elif data:
                connection.sendall(data)
        except (BrokenPipeError, ConnectionResetError):
            pass
        received = b""
        closed = False
        try:
            while True:
                chunk = connection.recv(65536)
                if not chunk:
                    closed = True
                    break
                received += chunk
        except ConnectionResetError:
            closed = True
        except socket.timeout:
            pass
    status = int(received[9:12]) if received.startswith(b"HTTP/1.1 ") else None
    return status, time.monotonic() - started, closed


class Prober:
    """POSTs a small run every `interval` seconds, each on a new connection, as the page would.

    It is a process of its own: as a thread it shared the interpreter lock
    with the loop that opens the 2,000 idle connections, and its clock then
    counted that loop's turns as the server's time (runs of 170-198 ms while
    the connections opened, which the server had answered in a few)."""

    def __init__(self, port, interval=0.05):
        self.port = port
        self.interval = interval
        self.runs = []  # (started, seconds), `started` on time.monotonic()
        self.failures = []
        self.stopping = multiprocessing.Event()
        self.results = multiprocessing.Queue()
        body = b'{"program": "just 1, 2, 3 | map x * 2"}'
        self.request = (
            b"POST /api/run HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nOrigin: http://127.0.0.1:%d\r\n"
            b"Content-Type: application/json\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s"
            % (port, port, len(body), body))
        self.process = multiprocessing.Process(target=self._probe, daemon=True)

    def start(self):
        self.process.start()

    def _probe(self):
        runs, failures = [], []
        while not self.stopping.is_set():
            started = time.monotonic()
            try:
                status, seconds, _ = exchange(self.port, self.request)
                runs.append((started, seconds))
                if status != 200:
                    failures.append(f"status {status}")
            except OSError as error:
                failures.append(str(error))
            self.stopping.wait(self.interval)
        self.results.put((runs, failures))

    def stop(self):
        self.stopping.set()
        self.runs, self.failures = self.results.get()
        self.process.join()

    def latencies(self, since=0.0, until=float("inf")):
        return [seconds for started, seconds in self.runs if since <= started < until]
