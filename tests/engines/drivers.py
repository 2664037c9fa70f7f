"""The two browsers of the cross-engine smoke suite, behind one small interface.

Neither can be Playwright's: its WebKit and Firefox are builds of its own, fetched
by ``playwright install`` from a CDN, which the suite may not use. These are
Debian's, driven by maintained PyPI libraries that download nothing at run time:

WebKit: Debian's WebKitGTK (``webkit2gtk-driver``) gives ``WebKitWebDriver``, a
W3C WebDriver server that starts WebKitGTK's ``MiniBrowser --automation``. It is
driven by Selenium (PyPI ``selenium``), the WebDriver project's own Python
bindings, which support WebKitGTK. The driver's path is always given, so Selenium
Manager (which could download drivers) never runs. MiniBrowser draws into an X
display: Xvfb (Debian ``xvfb``) gives it one, since its ``--headless`` mode hung.

Firefox: Debian's ``firefox-esr`` speaks its remote protocols itself, so no
geckodriver (Debian does not package it, and it may not be downloaded) is needed;
Selenium's Firefox driver, BiDi included, starts its sessions through geckodriver,
so it cannot be used. Firefox is driven through Marionette, the protocol
geckodriver translates WebDriver into, by ``marionette-driver`` (PyPI), Mozilla's
own client, released with Firefox and used by Mozilla's test harnesses. The npm
``puppeteer-core`` also drives this Firefox (through WebDriver BiDi), but would
put half the suite in another language and process, outside pytest. The commands
used are WebDriver's in both (execute script, perform actions, navigate,
screenshot), so one engine-neutral ``conftest.App`` plays in either.

Both start from a fresh profile, send every request for another host to the
suite's recording proxy (``conftest.Outside``) and never touch the network.
"""

from __future__ import annotations

import abc
import base64
import contextlib
import glob
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

WINDOW = (1280, 800)
START_TIMEOUT_S = 90
# No command to a browser may wait for ever: a browser that stops answering fails
# the command (and its test, by name) instead of holding the whole run. Selenium's
# and Marionette's own defaults wait without limit or for six minutes.
COMMAND_TIMEOUT_S = 120
# Opening a WebKit session takes a few seconds (4 s with the first visit, alone);
# now and then WebKitWebDriver never opens one (see conftest.START_TRIES), and the
# start is tried again once this much has gone by instead of the two minutes above:
# the full suite's run measured 132 s in that start's setup, one of them waiting.
SESSION_TIMEOUT_S = 45

WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER_GLOB = "/usr/lib/*/webkit2gtk-4.1/MiniBrowser"  # libwebkit2gtk-4.1-0, any architecture
FIREFOX_PATHS = ["/usr/bin/firefox-esr", "/usr/bin/firefox"]

# Firefox, fresh profile: a Marionette port of its choosing, the recording proxy
# for every other host (Firefox never proxies 127.0.0.1), and its own background
# services (remote settings, media plugin updates, telemetry) kept quiet, so that
# whatever reaches the proxy came from the app.
FIREFOX_PREFS: dict[str, Any] = {
    "marionette.port": 0,
    "network.proxy.type": 1,
    "network.proxy.no_proxies_on": "",
    "services.settings.server": "data:,#remote-settings-dummy/v1",
    "media.gmp-manager.updateEnabled": False,
    "media.gmp-manager.url": "data:,",
    "app.update.disabledForTesting": True,
    "app.normandy.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "datareporting.healthreport.uploadEnabled": False,
    "toolkit.telemetry.server": "data:,",
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.safebrowsing.update.enabled": False,
    "extensions.update.enabled": False,
    "extensions.getAddons.cache.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "network.dns.disablePrefetch": True,
    "network.prefetch-next": False,
}

# Mozilla's test suites' switch: Firefox treats itself as under test, so its remote
# settings client honours the dummy server above instead of syncing.
FIREFOX_ENV = {"MOZ_DISABLE_NONLOCAL_CONNECTIONS": "1"}


def find_webkit() -> tuple[str, str] | None:
    """(WebKitWebDriver, MiniBrowser) when both are installed, else None."""
    configured = os.environ.get("CLOVERLEAF_MINIBROWSER")
    browsers = [configured] if configured else sorted(glob.glob(MINIBROWSER_GLOB))
    browser = next((path for path in browsers if os.access(path, os.X_OK)), None)
    driver = WEBKIT_DRIVER if os.access(WEBKIT_DRIVER, os.X_OK) else shutil.which("WebKitWebDriver")
    if browser and driver and shutil.which("Xvfb"):
        return driver, browser
    return None


def find_firefox() -> str | None:
    configured = os.environ.get("CLOVERLEAF_FIREFOX")
    candidates = [configured] if configured else FIREFOX_PATHS
    return next((path for path in candidates if os.access(path, os.X_OK)), None)


@contextlib.contextmanager
def quiet_deprecations() -> Iterator[None]:
    """Both libraries warn about their own internals (Selenium's WebKitGTK class
    about a RemoteConnection argument, mozbase's modules about distro and
    telnetlib): nothing the suite can change, so not shown in its summary."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        yield


class Driver(abc.ABC):
    """What the suite asks of a browser; every method is one WebDriver command."""

    name = ""
    can_go_offline = False  # whether set_offline can take the browser's network away

    @abc.abstractmethod
    def navigate(self, url: str) -> None: ...

    @abc.abstractmethod
    def run(self, script: str, *args: Any) -> Any:
        """Run ``script`` (a function body: ``return`` gives the result, a promise is awaited) in the page."""

    @abc.abstractmethod
    def perform(self, actions: list[dict[str, Any]]) -> None:
        """WebDriver's Perform Actions with these input sources, then Release Actions."""

    @abc.abstractmethod
    def screenshot(self, path: Path) -> None: ...

    @abc.abstractmethod
    def quit(self) -> None: ...

    def set_offline(self, offline: bool) -> None:
        raise NotImplementedError(f"{self.name}: WebDriver has no switch for the browser's network")


class Xvfb:
    """A virtual X display for MiniBrowser, on the first free display number."""

    def __init__(self) -> None:
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1600x1200x24", "-nolisten", "tcp"],
            pass_fds=[write], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as pipe:
            # Xvfb writes its display number once it listens; a server that neither
            # writes nor exits must not hold the suite.
            ready, _, _ = select.select([pipe], [], [], START_TIMEOUT_S)
            number = pipe.readline().strip() if ready else ""
        if not number:
            self.process.kill()
            self.process.wait()
            raise RuntimeError(f"Xvfb did not give a display within {START_TIMEOUT_S} s")
        self.display = f":{number}"

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


class WebKit(Driver):
    """WebKitGTK's MiniBrowser through WebKitWebDriver and Selenium."""

    name = "webkit"

    def __init__(self, driver_path: str, browser_path: str, display: str, proxy: str) -> None:
        from selenium import webdriver
        from selenium.webdriver.common.proxy import Proxy, ProxyType
        from selenium.webdriver.remote.client_config import ClientConfig
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        options = Options()
        options.binary_location = browser_path
        options.add_argument("--automation")
        options.proxy = Proxy({
            "proxyType": ProxyType.MANUAL, "httpProxy": proxy, "sslProxy": proxy, "noProxy": ["127.0.0.1"],
        })
        # NO_AT_BRIDGE: no accessibility bus here; GTK would wait for one at start.
        env = {**os.environ, "DISPLAY": display, "NO_AT_BRIDGE": "1"}
        # The service is started here, not by Selenium's WebKitGTK class, so that the
        # session's connection can be given a time limit (that class takes none).
        self.service = Service(executable_path=driver_path, env=env)
        self.service.start()
        try:
            config = ClientConfig(remote_server_addr=self.service.service_url, timeout=SESSION_TIMEOUT_S)
            with quiet_deprecations():
                self.driver = webdriver.Remote(command_executor=self.service.service_url, options=options,
                                               client_config=config)
            config.timeout = COMMAND_TIMEOUT_S  # read by every later command
            self.driver.set_window_size(*WINDOW)
            self.driver.set_script_timeout(30)
        except BaseException:
            self.service.stop()
            raise

    def navigate(self, url: str) -> None:
        self.driver.get(url)

    def run(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script(script, *args)

    def perform(self, actions: list[dict[str, Any]]) -> None:
        from selenium.webdriver.remote.command import Command

        self.driver.execute(Command.W3C_ACTIONS, {"actions": actions})
        self.driver.execute(Command.W3C_CLEAR_ACTIONS)

    def screenshot(self, path: Path) -> None:
        path.write_bytes(self.driver.get_screenshot_as_png())

    def quit(self) -> None:
        try:
            self.driver.quit()
        finally:
            self.service.stop()


class Firefox(Driver):
    """Firefox ESR, started here with a fresh profile, through Marionette."""

    name = "firefox"
    can_go_offline = True

    def __init__(self, binary: str, proxy_port: int) -> None:
        with quiet_deprecations():
            from marionette_driver.marionette import Marionette

        self.profile = Path(tempfile.mkdtemp(prefix="cloverleaf-firefox-"))
        prefs = {
            **FIREFOX_PREFS,
            "network.proxy.http": "127.0.0.1", "network.proxy.http_port": proxy_port,
            "network.proxy.ssl": "127.0.0.1", "network.proxy.ssl_port": proxy_port,
        }
        (self.profile / "user.js").write_text(
            "".join(f"user_pref({json.dumps(key)}, {json.dumps(value)});\n" for key, value in prefs.items())
        )
        # -remote-allow-system-access lets Marionette's chrome context switch the
        # browser's offline mode (set_offline), as a phone losing its network does.
        self.process = subprocess.Popen(
            [binary, "-headless", "-marionette", "-remote-allow-system-access", "-no-remote",
             "-profile", str(self.profile), "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, **FIREFOX_ENV},
        )
        try:
            self.marionette = Marionette(port=self._marionette_port(), socket_timeout=COMMAND_TIMEOUT_S)
            self.marionette.start_session()
            self.marionette.set_window_rect(width=WINDOW[0], height=WINDOW[1])
            self.marionette.timeout.script = 30
        except BaseException:
            self._stop_process()
            raise

    def _marionette_port(self) -> int:
        """Firefox writes the port it chose into the profile once Marionette listens."""
        port_file = self.profile / "MarionetteActivePort"
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"Firefox exited with {self.process.returncode} before Marionette listened")
            text = port_file.read_text().strip() if port_file.exists() else ""
            if text.isdigit():
                return int(text)
            time.sleep(0.05)
        raise RuntimeError(f"Firefox's Marionette did not listen within {START_TIMEOUT_S} s")

    def navigate(self, url: str) -> None:
        self.marionette.navigate(url)

    def run(self, script: str, *args: Any) -> Any:
        return self.marionette.execute_script(script, script_args=list(args), sandbox=None)

    def perform(self, actions: list[dict[str, Any]]) -> None:
        self.marionette.actions.perform(actions)
        self.marionette.actions.release()

    def screenshot(self, path: Path) -> None:
        data = self.marionette.screenshot(format="base64", full=False)
        path.write_bytes(base64.b64decode(data))

    def set_offline(self, offline: bool) -> None:
        with self.marionette.using_context(self.marionette.CONTEXT_CHROME):
            self.marionette.execute_script(
                "Services.io.manageOfflineStatus = false; Services.io.offline = arguments[0];",
                script_args=[offline],
            )

    def quit(self) -> None:
        try:
            self.marionette.delete_session()
        finally:
            self._stop_process()

    def _stop_process(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)
