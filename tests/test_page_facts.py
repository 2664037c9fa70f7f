"""The facts the page needs before its engine starts are written once, in Python.

py/cloverleaf/page_facts.py declares the default game, the player's settings
with their defaults and choices, and the fields of the state the API answers;
the build copies their values into js/build-info.js (scripts/package.py) and
their types into scripts/types/page-facts.d.ts (scripts/page_facts.py). These
tests fail when a copy drifts from the source, or the source from the engine.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cloverleaf import page_facts
from cloverleaf.api import METHODS, Api
from cloverleaf.games import DEFAULT_GAME
from cloverleaf.solver.difficulty import Level

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "web" / "js"

# How each declared type looks in the API's JSON.
JSON_KINDS: dict[str, tuple[type | None, ...]] = {
    "string": (str,),
    "string | null": (str, None),
    "number": (int,),
    "boolean": (bool,),
    "Card[][]": (list,),
    "(Card | null)[]": (list,),
    "Card[]": (list,),
    "Foundation[]": (list,),
    "Move[]": (list,),
    "Record<Card, Dest[]>": (dict,),
    "Record<Card, (Card | null)[]>": (dict,),
    "Record<Card, Dest>": (dict,),
    "EngineSettings": (dict,),
    "Change": (str,),
    "Opening": (str,),
    "Level | null": (str, None),
    "number | null": (int, None),
    "Played": (dict,),
    "Help": (dict,),
    '"game" | "redo" | null': (str, None),
}


def dealt_state(game: str = "fan", deal: str = "1") -> dict[str, object]:
    api = Api()
    api.call("new", json.dumps({"game": game, "deal": deal}))
    return api.state()


def test_the_state_has_exactly_the_declared_fields_in_the_declared_order() -> None:
    assert list(dealt_state()) == list(page_facts.STATE)


def test_every_field_of_the_state_has_the_kind_of_value_its_type_declares() -> None:
    api = Api()
    api.call("new", '{"game": "clover-leaf", "deal": "1"}')
    api.call("play", json.dumps(next({"card": card, "to": dests[0]} for card, dests in api.state()["movable"].items())))
    for state in (dealt_state(), api.state()):
        for name, (kind, _) in page_facts.STATE.items():
            value = state[name]
            allowed = JSON_KINDS[kind]
            assert (value is None and None in allowed) or type(value) in allowed, (name, kind, value)


def test_the_default_settings_are_the_engines_then_the_pages_own() -> None:
    defaults = page_facts.default_settings()
    assert dealt_state()["settings"] == {name: defaults[name] for name in page_facts.ENGINE_SETTINGS}
    assert list(METHODS["settings"].params) == list(page_facts.ENGINE_SETTINGS)
    assert set(defaults) == set(page_facts.ENGINE_SETTINGS) | set(page_facts.PAGE_SETTINGS)


def test_a_choice_setting_defaults_to_one_of_its_choices_and_levels_are_the_solvers() -> None:
    assert tuple(level.value for level in Level) == page_facts.LEVELS
    for name, choices in page_facts.SETTING_CHOICES.items():
        assert page_facts.default_settings()[name] in choices


def test_the_default_game_and_its_shape_are_the_catalogues() -> None:
    state = dealt_state(DEFAULT_GAME.id, "1")
    assert state["game"] == page_facts.DEFAULT_GAME_ID
    assert {"fans": len(state["fans"]), "name": state["gameName"]} == page_facts.DEFAULT_GAME_SHAPE  # type: ignore[arg-type]


def test_the_page_type_declarations_are_generated_from_the_python() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "page_facts.py"), "--check"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


def node_import(module: Path) -> dict[str, object]:
    """Every export of an ES module, as Node imports it."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed (build.sh installs it)")
    script = f"import({json.dumps(module.as_uri())}).then((m) => console.log(JSON.stringify(m)))"
    result = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, check=True)
    exported: dict[str, object] = json.loads(result.stdout)
    return exported


def test_build_info_exports_every_fact_as_python_declares_it(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import package
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    module = tmp_path / "build-info.js"
    module.write_text(package.build_info_js(page_facts.page_facts()), encoding="utf-8")
    assert node_import(module) == json.loads(json.dumps(page_facts.page_facts()))
    built = ROOT / "dist" / "js" / "build-info.js"
    if built.is_file():  # the build of this tree, when there is one, holds the same facts
        exported, facts = node_import(built), json.loads(json.dumps(page_facts.page_facts()))
        assert {key: exported[key] for key in facts} == facts


def test_the_settings_dialog_has_a_switch_for_every_flag_and_the_choices_of_every_choice() -> None:
    html = (ROOT / "web" / "index.html").read_text(encoding="utf-8")
    switches = re.findall(r'<input type="checkbox" data-setting="(\w+)"', html)
    flags = [name for name, value in page_facts.default_settings().items() if isinstance(value, bool)]
    assert sorted(switches) == sorted(flags)
    for name, choices in page_facts.SETTING_CHOICES.items():
        select = re.search(rf'<select data-setting-choice="{name}">(.*?)</select>', html)
        assert select, name
        assert re.findall(r'<option value="([\w-]+)"', select.group(1)) == list(choices)


def test_no_page_script_writes_a_fact_of_its_own() -> None:
    """The default game's id, and the settings' defaults, come from build-info.js only."""
    for path in PAGE.rglob("*.js"):
        text = path.read_text(encoding="utf-8")
        assert f'"{page_facts.DEFAULT_GAME_ID}"' not in text, path
        assert not re.search(r"\b(solvableOnly|warnLost|clickToPlay): (true|false)\b", text), path


def test_every_setting_has_its_words_in_every_language() -> None:
    """The settings dialog names each setting (a switch with a note under it) in the player's words."""
    for lang in ("en", "de", "es", "ru"):
        words = json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        for name, value in page_facts.default_settings().items():
            keys = [f"settings.{name}", f"settings.{name}.note"] if isinstance(value, bool) else [f"settings.{name}"]
            assert all(key in words for key in keys), (lang, name)
