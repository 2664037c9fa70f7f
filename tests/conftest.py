"""The marks of the two browser suites, given in one place.

Each suite shares its browser among its tests, so pytest-xdist (./build.sh test
runs two workers) must send a suite's tests to one worker, one after another;
the CPython tests run beside them in the other.
"""

from __future__ import annotations

from pathlib import Path

import pytest

# folder under tests/ -> (its mark, its pytest-xdist group)
SUITES = {
    "browser": ("browser", "chromium"),  # Chromium through Playwright
    "engines": ("engines", "engines"),  # WebKit and Firefox (tests/engines/drivers.py)
}


# tryfirst: the group must be marked before pytest-xdist reads the marks, which it
# does in the same hook (a run given only one folder would otherwise spread it).
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        parts = Path(str(item.fspath)).relative_to(here).parts
        suite = SUITES.get(parts[0]) if len(parts) > 1 else None
        if suite:
            mark, group = suite
            item.add_marker(getattr(pytest.mark, mark))
            item.add_marker(pytest.mark.xdist_group(group))
