"""The package is a proper pure-Python wheel, and micropip installs it into Pyodide.

Why: anyone can then use the engine from a Pyodide console or JupyterLite with
``await micropip.install(<wheel>)``. The page itself loads a zip (micropip costs
start-up time), so without these tests nothing would notice a broken wheel.

The wheel is built from a copy of the project, as from a clean checkout: setuptools
writes ``build/`` and ``*.egg-info`` into the tree it builds, and a stale ``build/``
can carry deleted modules into the next wheel.

micropip: Pyodide's npm package (node_modules/pyodide, the version package.json pins)
lists micropip in its lock file but does not ship it, and PyPI's wheel has another
sha256 than that lock file (Pyodide builds its own), so ``loadPackage("micropip")``
is refused. The test downloads PyPI's wheel of the very version the lock file names
(pip checks it against PyPI's hash) and hands it to ``loadPackage`` by path, which
needs no edit of Pyodide's files and no integrity switch turned off. Needs PyPI (pip)
and ``npm ci`` (``./build.sh`` runs it).
"""

from __future__ import annotations

import email.parser
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import cloverleaf

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "py" / "cloverleaf"
PYODIDE = ROOT / "node_modules" / "pyodide"
RUN_IN_PYODIDE = Path(__file__).with_name("run_in_pyodide.mjs")
NOT_PART_OF_A_CHECKOUT = shutil.ignore_patterns(
    ".git", "node_modules", "dist", "build", "*.egg-info", "__pycache__", "*.pyc",
    ".*_cache", ".hypothesis", ".venv", "test-results",
)

# Every use of the page's API in these tests, in one place (the API changes shape
# now and then): deal a game, play its first legal move, print both replies as JSON.
# It runs twice, on CPython from the sources and in Pyodide from the wheel.
PLAY_A_DEAL = """
import json
import cloverleaf
from cloverleaf import api

def call(method, **params):
    reply = json.loads(api.call(method, json.dumps(params)))
    assert "ok" in reply, f"{method} {params} -> {reply}"
    return reply["ok"]

dealt = call("new", game="clover-leaf", deal="617")["state"]
assert dealt["game"] == "clover-leaf" and dealt["deal"] == "617" and dealt["moves"] == 0, dealt
card, destinations = min(dealt["movable"].items())
played = call("play", card=card, to=destinations[0])["state"]
first = played["lastMoves"][0]
assert played["moves"] == 1 and (first["card"], first["to"]) == (card, destinations[0]), played
print(json.dumps({"module": cloverleaf.__file__, "dealt": dealt, "played": played}))
"""


def run(args: list[str], stdin: str | None = None, env: dict[str, str] | None = None) -> str:
    """Runs a command and returns its stdout; a failure shows all its output."""
    result = subprocess.run(args, input=stdin, env=env, capture_output=True, text=True, check=False, timeout=180)
    assert result.returncode == 0, f"{' '.join(args)}\n{result.stdout}\n{result.stderr}"
    return result.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``pip wheel . --no-deps`` of a copy of the project."""
    source = tmp_path_factory.mktemp("checkout") / "cloverleaf"
    shutil.copytree(ROOT, source, ignore=NOT_PART_OF_A_CHECKOUT)
    out = tmp_path_factory.mktemp("wheel")
    run([sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "--quiet", "-w", str(out)])
    (built,) = out.glob("*.whl")
    return built


def test_wheel_holds_the_package_sources_with_py_typed_and_nothing_else(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    package_files = {
        "cloverleaf/" + path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    }
    dist_info = f"cloverleaf-{cloverleaf.__version__}.dist-info/"
    assert "cloverleaf/py.typed" in names
    assert {name for name in names if name.startswith("cloverleaf/")} == package_files
    assert {name for name in names if not name.startswith(("cloverleaf/", dist_info))} == set()


def test_wheel_is_pure_python_and_its_version_is_the_package_version(wheel: Path) -> None:
    version = cloverleaf.__version__
    assert wheel.name == f"cloverleaf-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:
        metadata = email.parser.Parser().parsestr(archive.read(f"cloverleaf-{version}.dist-info/METADATA").decode())
        wheel_info = email.parser.Parser().parsestr(archive.read(f"cloverleaf-{version}.dist-info/WHEEL").decode())
    assert metadata["Name"] == "cloverleaf" and metadata["Version"] == version
    needs = [requirement for requirement in metadata.get_all("Requires-Dist", []) if "extra ==" not in requirement]
    assert needs == [], "the engine installs with no dependencies"
    assert wheel_info["Root-Is-Purelib"] == "true" and wheel_info["Tag"] == "py3-none-any"


@pytest.fixture(scope="module")
def micropip_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """PyPI's wheel of the micropip that the pinned Pyodide's lock file names."""
    lock_file = PYODIDE / "pyodide-lock.json"
    assert lock_file.exists(), f"{lock_file} is missing: run npm ci (./build.sh build does)"
    lock = json.loads(lock_file.read_text(encoding="utf-8"))
    version = lock["packages"]["micropip"]["version"]
    python = ".".join(lock["info"]["python"].split(".")[:2])
    out = tmp_path_factory.mktemp("micropip")
    run([
        sys.executable, "-m", "pip", "download", f"micropip=={version}", "--no-deps", "--only-binary=:all:",
        "--python-version", python, "--quiet", "-d", str(out),
    ])
    (downloaded,) = out.glob("micropip-*.whl")
    return downloaded


def test_micropip_installs_the_wheel_into_pyodide_and_a_deal_plays_as_on_cpython(
    wheel: Path, micropip_wheel: Path
) -> None:
    in_pyodide = run(["node", str(RUN_IN_PYODIDE), str(PYODIDE), str(micropip_wheel), str(wheel)], stdin=PLAY_A_DEAL)
    on_cpython = run([sys.executable, "-c", PLAY_A_DEAL], env={**os.environ, "PYTHONPATH": str(ROOT / "py")})
    pyodide_result = json.loads(in_pyodide.splitlines()[-1])
    cpython_result = json.loads(on_cpython.splitlines()[-1])
    assert "/site-packages/cloverleaf/" in pyodide_result["module"], "imported from where micropip installed it"
    untimed = [{key: value for key, value in result["played"].items() if key != "time"}
               for result in (pyodide_result, cpython_result)]
    assert pyodide_result["dealt"] == cpython_result["dealt"]
    assert untimed[0] == untimed[1]  # all but the time played since the move, which each clock counts
