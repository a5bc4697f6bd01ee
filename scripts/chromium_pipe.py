#!/usr/bin/env python3
"""A small driver for headless Chromium over ``--remote-debugging-pipe`` (no network, no extra package).

Chromium reads DevTools protocol commands on its file descriptor 3 and writes
answers and events on 4, one JSON object each, ended by a NUL byte.  This
module starts it that way, opens one page and offers what the overview's
checks need: load a file and wait for its ``load`` event, evaluate
JavaScript (awaiting a promise), type text, and take a screenshot.

Used by ``scripts/screenshot_overview.py`` and ``tests/test_overview.py``.

    with Chromium() as page:
        page.open(Path("data/index.html").resolve().as_uri())
        print(page.evaluate("document.title"))
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import queue
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path

#: flags for a browser with no display, no network and no first-run chores
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-extensions", "--mute-audio")


def find_chromium() -> str | None:
    """Path of the Chromium binary (``$CHROMIUM`` first), or None when there is none."""
    for candidate in (os.environ.get("CHROMIUM"), shutil.which("chromium"), shutil.which("chromium-browser")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def _above_4(fd: int) -> int:
    """The same pipe end on a descriptor above 4, close-on-exec (so that moving it to 3 or 4 clobbers none)."""
    high = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
    os.close(fd)
    return high


class CdpError(RuntimeError):
    """The browser answered a command with an error, or did not answer in time."""


class Chromium:
    """One headless browser with one page (a context manager: the browser is ended on exit).

    Parameters
    ----------
    binary : str, optional
        Chromium's path (default: :func:`find_chromium`).
    width, height : int
        The page's viewport in CSS pixels.
    """

    def __init__(self, binary: str | None = None, width: int = 1100, height: int = 900):
        self.binary = binary or find_chromium()
        if not self.binary:
            raise FileNotFoundError("Chromium not found (apt-get install chromium, or set CHROMIUM)")
        self.width, self.height = width, height
        self._next_id = 0
        self._answers: dict[int, dict] = {}
        self._events: "queue.Queue[dict]" = queue.Queue()
        self._lock = threading.Condition()

    def __enter__(self) -> "Chromium":
        self._profile = tempfile.TemporaryDirectory(prefix="visolve-chromium-")
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()
        to_browser_r, from_browser_w = _above_4(to_browser_r), _above_4(from_browser_w)
        args = [*FLAGS, "--remote-debugging-pipe", f"--user-data-dir={self._profile.name}",
                f"--window-size={self.width},{self.height}", "about:blank"]

        def onto_3_and_4() -> None:  # in the child: the pipe ends where Chromium looks for them
            os.dup2(to_browser_r, 3)
            os.dup2(from_browser_w, 4)

        # close_fds=False: the parent's descriptors are close-on-exec anyway, dup2's copies are not
        self.proc = subprocess.Popen([self.binary, *args], close_fds=False, preexec_fn=onto_3_and_4,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        threading.Thread(target=self._read, daemon=True).start()
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable")
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": self.width, "height": self.height, "deviceScaleFactor": 1, "mobile": False})
        return self

    def __exit__(self, *exc) -> None:
        try:
            self.send("Browser.close", timeout=5)
        except (CdpError, OSError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._to_browser)
        self._profile.cleanup()

    # -- the protocol -------------------------------------------------------------------------

    def _read(self) -> None:
        buffer = b""
        while True:
            try:
                chunk = os.read(self._from_browser, 1 << 16)
            except OSError:
                chunk = b""
            if not chunk:
                break
            buffer += chunk
            *messages, buffer = buffer.split(b"\0")
            for raw in messages:
                message = json.loads(raw)
                if "id" in message:
                    with self._lock:
                        self._answers[message["id"]] = message
                        self._lock.notify_all()
                else:
                    self._events.put(message)
        os.close(self._from_browser)

    def send(self, method: str, params: dict | None = None, session: str | None = None,
             timeout: float = 60) -> dict:
        """Send one command (to the browser, or to ``session``) and wait for its result."""
        with self._lock:
            self._next_id += 1
            ident = self._next_id
        message = {"id": ident, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        with self._lock:
            while ident not in self._answers:
                left = deadline - time.monotonic()
                if left <= 0 or self.proc.poll() is not None:
                    raise CdpError(f"{method}: no answer")
                self._lock.wait(min(left, 0.5))
            answer = self._answers.pop(ident)
        if "error" in answer:
            raise CdpError(f"{method}: {answer['error']}")
        return answer.get("result", {})

    def call(self, method: str, params: dict | None = None, timeout: float = 60) -> dict:
        """A command to the page."""
        return self.send(method, params, self.session, timeout)

    def wait_event(self, method: str, timeout: float = 60) -> dict:
        """The next event ``method`` of the page (earlier other events are dropped)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise CdpError(f"no {method} event")
            try:
                event = self._events.get(timeout=min(left, 0.5))
            except queue.Empty:
                continue
            if event.get("method") == method and event.get("sessionId") == self.session:
                return event.get("params", {})

    # -- what the checks use --------------------------------------------------------------------

    def open(self, url: str, before: str | None = None, timeout: float = 60) -> None:
        """Load ``url`` and wait for its ``load`` event; ``before`` is JavaScript run at the document's start."""
        if before:
            self.call("Page.addScriptToEvaluateOnNewDocument", {"source": before})
        self.call("Page.navigate", {"url": url})
        self.wait_event("Page.loadEventFired", timeout)

    def evaluate(self, expression: str, timeout: float = 60):
        """The value of a JavaScript expression (a promise is awaited); raises CdpError on an exception."""
        result = self.call("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                                "returnByValue": True}, timeout)
        if "exceptionDetails" in result:
            raise CdpError(f"JavaScript: {result['exceptionDetails'].get('exception', result['exceptionDetails'])}")
        return result["result"].get("value")

    def type_text(self, selector: str, text: str) -> None:
        """Focus the field ``selector``, empty it, and type ``text`` as keyboard input."""
        self.evaluate(f"(function (f) {{ f.focus(); f.select(); }})(document.querySelector({json.dumps(selector)}))")
        self.call("Input.dispatchKeyEvent", {"type": "keyDown", "key": "Backspace", "code": "Backspace",
                                             "windowsVirtualKeyCode": 8})
        self.call("Input.dispatchKeyEvent", {"type": "keyUp", "key": "Backspace", "code": "Backspace",
                                             "windowsVirtualKeyCode": 8})
        for ch in text:
            self.call("Input.insertText", {"text": ch})

    def screenshot(self, path: Path) -> None:
        """A PNG of the viewport."""
        data = self.call("Page.captureScreenshot", {"format": "png"})["data"]
        Path(path).write_bytes(base64.b64decode(data))
