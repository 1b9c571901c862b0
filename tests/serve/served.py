"""A served table for the tests: `referee serve` started with its console
on a pipe, the links it prints, raw event-stream clients that keep every
byte a page receives, and browsers (Debian's chromium through selenium)."""
import http.client
import json
import os
import re
import socket
import subprocess
import threading
import time

BIN = os.environ["REFEREE_BIN"]
BUILD = os.environ.get("SERVE_SHOTS", "build")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(what, timeout=10.0, step=0.02):
    """What's value once it is true; None after timeout seconds."""
    end = time.time() + timeout
    while time.time() < end:
        value = what()
        if value:
            return value
        time.sleep(step)
    return None


class Table:
    """referee serve ARGS, listening on a port of its own."""

    def __init__(self, args, save, port=None, resume=False, file_blocks=None, ca=None):
        self.port = port or free_port()
        self.save = save
        self.ca = ca  # a CA file: the table serves HTTPS with a certificate it signed
        words = [BIN, "serve"] + (["--resume", save] if resume else list(args) + ["--save", save])
        words += ["--listen", "127.0.0.1:%d" % self.port]
        if file_blocks:  # files it may write held to so many 512-byte blocks: a disk that fills
            words = ["sh", "-c", "trap '' XFSZ; ulimit -f %d; exec \"$@\"" % file_blocks, "sh"] + words
        self.proc = subprocess.Popen(words, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.lines = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        if not wait_for(lambda: any(l.startswith("watchers: ") for l in self.lines)
                        or self.proc.poll() is not None, 10) or self.proc.poll() is not None:
            raise RuntimeError("no links from referee serve: " + "".join(self.lines[-5:]))
        self.links = {}
        for line in self.lines:
            m = re.match(r"seat (\d+)[^:]*: (https?://\S+)", line)
            if m:
                self.links[int(m.group(1))] = m.group(2)
            if line.startswith("watchers: "):
                self.links[0] = line.split()[1]
        # The pages' states are published just after the links are printed:
        # a test reads them as a person opening a link a moment later would.
        wait_for(lambda: "seats" in (self.state(0) or {}), 10)

    def _read(self):
        for line in self.proc.stdout:
            self.lines.append(line)

    def console(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def said(self, text):
        return any(text in l for l in self.lines)

    def path(self, seat):
        return re.search(r"/[sw]/[0-9a-f]+$", self.links[seat]).group(0)

    def connection(self, timeout=15, source=None):
        if self.ca:
            import ssl
            return http.client.HTTPSConnection("127.0.0.1", self.port, timeout=timeout, source_address=source,
                                               context=ssl.create_default_context(cafile=self.ca))
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout, source_address=source)

    def request(self, method, path, body=None):
        c = self.connection()
        c.request(method, path, body=body, headers={"Content-Type": "text/plain"})
        r = c.getresponse()
        data = r.read()
        c.close()
        return r.status, data

    def state(self, seat):
        status, data = self.request("GET", self.path(seat) + "/state")
        return json.loads(data) if status == 200 else None

    def move(self, seat, text):
        status, data = self.request("POST", self.path(seat) + "/move", text.encode())
        return json.loads(data) if status == 200 else {"status": status, "text": data.decode()}

    def quit(self):
        if self.proc.poll() is None:
            try:
                self.console("quit")
                self.proc.stdin.close()
            except (BrokenPipeError, ValueError):
                pass
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def kill(self):
        """As a power cut would: no quit, no last save."""
        for child in children_of(self.proc.pid):
            try:
                os.kill(child, 9)
            except ProcessLookupError:  # gone already
                pass
        self.proc.kill()
        self.proc.wait()


def children_of(pid):
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [int(x) for x in out.split()]


class Stream(threading.Thread):
    """A page's event stream, every byte kept with when it came."""

    def __init__(self, table, seat, source=None):
        super().__init__(daemon=True)
        self.conn = table.connection(60, (source, 0) if source else None)
        self.conn.request("GET", table.path(seat) + "/events")
        self.sock = self.conn.sock  # the response takes it over: kept to close it as a tab would
        self.response = self.conn.getresponse()
        self.bytes = bytearray()
        self.states = []  # (arrival time, state)
        self.stop = False
        self.start()

    def run(self):
        pending = b""
        while not self.stop:
            try:
                chunk = self.response.read1(65536)
            except Exception:
                break
            if not chunk:
                break
            now = time.time()
            self.bytes += chunk
            pending += chunk
            while b"\n\n" in pending:
                event, pending = pending.split(b"\n\n", 1)
                for line in event.split(b"\n"):
                    if line.startswith(b"data: "):
                        self.states.append((now, json.loads(line[6:])))

    def latest(self):
        return self.states[-1][1] if self.states else None

    def close(self):
        self.stop = True
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except Exception:
            pass
        self.conn.close()


def browser(width=1280, height=800, phone=False, trust=None):
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    o = Options()
    o.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=%d,%d" % (width, height)):
        o.add_argument(arg)
    if trust:  # a test certificate's key (base64 SHA-256 of its SPKI), trusted as a CA's would be
        o.add_argument("--ignore-certificate-errors-spki-list=" + trust)
    if phone:
        o.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": width, "height": height, "pixelRatio": 2, "touch": True},
            "userAgent": "Mozilla/5.0 (Linux; Android 14) Mobile"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=o)


def attack(t, stop):
    """A stranger on the Wi-Fi: a thousand connections from one address
    (127.0.0.9), half idle, half trickling a header line every 3 s until
    stop is set, and watchers coming and going from four more. The
    connections held (the trickling ones are the odd ones), and a list
    that grows by one for each watcher that came and went."""
    held, storms = [], []
    for i in range(1000):
        try:
            a = socket.create_connection(("127.0.0.1", t.port), timeout=2, source_address=("127.0.0.9", 0))
            if i % 2:
                a.sendall(b"GET /x HTTP/1.1\r\n")
            held.append(a)
        except OSError:
            pass

    def trickle():
        while not stop.wait(3):
            for a in held[1::2]:
                try:
                    a.sendall(b"X-Slow: 1\r\n")
                except OSError:
                    pass

    def storm(n):
        while not stop.is_set():
            try:
                c = socket.create_connection(("127.0.0.1", t.port), timeout=2,
                                             source_address=("127.0.0.%d" % (20 + n), 0))
                c.sendall(("GET %s/events HTTP/1.1\r\nHost: x\r\n\r\n" % t.path(0)).encode())
                c.recv(100)
                c.close()
                storms.append(1)
            except OSError:
                pass
    for th in [threading.Thread(target=trickle, daemon=True)] + \
            [threading.Thread(target=storm, args=(n,), daemon=True) for n in range(4)]:
        th.start()
    return held, storms
