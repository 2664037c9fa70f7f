"""The marks of the two browser suites, given in one place; the ``slow`` mark's switch.

Tests marked ``slow`` (the solver's golden searches with the full solve
budget, the rest of the hint-following deals, the Chromium tests beyond the
default run's: tests/browser/core.py says which and why) are left
out of a run unless ``--slow`` is given (deselected, so a run says how many
and lists none): ``python3 -m pytest -p no:xdist --slow -m slow tests``.

./build.sh test runs two pytest-xdist workers. The Chromium tests go to
either, one at a time each (every worker starts its own Chromium once and
shares it among the tests it runs), so both cores play pages while the CPython
tests fill the gaps. WebKit and Firefox start once for their whole suite
(tests/engines: a virtual display, a WebDriver), so that suite goes to one
worker, its tests one after another.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .browser.core import CORE

# folder under tests/ -> (its mark, its pytest-xdist group: None, the tests spread over the workers)
SUITES: dict[str, tuple[str, str | None]] = {
    "browser": ("browser", None),  # Chromium through Playwright
    "engines": ("engines", "engines"),  # WebKit and Firefox (tests/engines/drivers.py)
}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true", help="run the tests marked slow too")


# tryfirst: the group must be marked before pytest-xdist reads the marks, which it
# does in the same hook (a run given only one folder would otherwise spread it).
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        parts = Path(str(item.fspath)).relative_to(here).parts
        suite = SUITES.get(parts[0]) if len(parts) > 1 else None
        if suite:
            mark, group = suite
            item.add_marker(getattr(pytest.mark, mark))
            if group:
                item.add_marker(pytest.mark.xdist_group(group))
        if parts[0] == "browser" and "/".join(parts[1:]) + "::" + item.name not in CORE:
            item.add_marker(pytest.mark.slow)  # a Chromium test beyond the default run's (tests/browser/core.py)
    if not config.getoption("--slow"):
        slow = [item for item in items if "slow" in item.keywords]
        if slow:
            config.hook.pytest_deselected(items=slow)
            items[:] = [item for item in items if "slow" not in item.keywords]
