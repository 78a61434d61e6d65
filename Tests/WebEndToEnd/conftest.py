"""Fixtures for the browser playground's end-to-end tests.

The tests drive the real page in Debian's headless Chromium through
Playwright (nothing downloads a browser). The server is the real
`streamlab serve`, started once for the session on a free loopback port, or
the one STREAMLAB_URL names. Every test saves screenshots of its steps into
one temporary folder, removed at the end unless KEEP_SCREENSHOTS=DIR says
where to keep them.
"""

import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

REPOSITORY = Path(__file__).resolve().parents[2]


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_serving(url, process, seconds=60):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"streamlab serve exited with {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer within {seconds}s")


@pytest.fixture(scope="session")
def base_url():
    if os.environ.get("STREAMLAB_URL"):
        url = os.environ["STREAMLAB_URL"].rstrip("/")
        wait_until_serving(url + "/", None)
        yield url
        return
    binary = os.environ.get("STREAMLAB_BIN", str(REPOSITORY / ".build" / "debug" / "streamlab"))
    port = free_port()
    # The lesson progress the checks record goes to a folder of the test's own.
    state = tempfile.mkdtemp(prefix="streamlab-e2e-state-")
    env = dict(os.environ, XDG_STATE_HOME=state)
    process = subprocess.Popen(
        [binary, "serve", "--port", str(port)],
        cwd=REPOSITORY,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        url = f"http://127.0.0.1:{port}"
        wait_until_serving(url + "/", process)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        shutil.rmtree(state, ignore_errors=True)


@pytest.fixture(scope="session")
def browser():
    executable = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
    with sync_playwright() as playwright:
        # --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def screenshot_dir():
    keep = os.environ.get("KEEP_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        yield Path(keep)
        return
    folder = Path(tempfile.mkdtemp(prefix="streamlab-e2e-shots-"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


class Shooter:
    """Saves numbered screenshots of one test's steps."""

    def __init__(self, page, folder, test_name):
        self.page = page
        self.folder = folder
        self.test_name = test_name
        self.count = 0

    def __call__(self, step, element=None):
        """The whole page, or only `element` (a locator) when the page is long."""
        self.count += 1
        path = self.folder / f"{self.test_name}-{self.count:02d}-{step}.png"
        if element is not None:
            element.screenshot(path=str(path))
        else:
            self.page.screenshot(path=str(path), full_page=True)
        return path


@pytest.fixture
def page(browser, base_url, request):
    context = browser.new_context(viewport={"width": 1280, "height": 720}, base_url=base_url)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(15000)
    yield page
    context.close()
    assert errors == [], f"the page threw: {errors}"


@pytest.fixture
def shoot(page, screenshot_dir, request):
    return Shooter(page, screenshot_dir, request.node.name.replace("[", "-").replace("]", ""))
