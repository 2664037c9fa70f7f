"""Write the page's type declarations of the facts in py/cloverleaf/page_facts.py.

    python3 scripts/page_facts.py           # (re)write scripts/types/page-facts.d.ts
    python3 scripts/page_facts.py --check   # exit 1 when that file is not what it would write

The facts' values reach the page at build time, in js/build-info.js
(scripts/package.py); their types, which tsc reads from the source tree without
a build, are this script's output, kept in git beside build-info.d.ts (which
re-exports them). tests/test_page_facts.py runs the check.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from cloverleaf import page_facts  # noqa: E402

OUT = ROOT / "scripts" / "types" / "page-facts.d.ts"


def setting_type(name: str, default: object) -> str:
    choices = page_facts.SETTING_CHOICES.get(name)
    if choices:
        return " | ".join(json.dumps(choice) for choice in choices if choice not in page_facts.LEVELS) + " | Level"
    return "boolean" if isinstance(default, bool) else "string"


def declarations() -> str:
    settings = page_facts.default_settings()
    engine = [name for name in settings if name in page_facts.ENGINE_SETTINGS]
    own = [name for name in settings if name not in page_facts.ENGINE_SETTINGS]
    lines = [
        "// Written by scripts/page_facts.py from py/cloverleaf/page_facts.py: edit that, then run",
        "// python3 scripts/page_facts.py. The values are in js/build-info.js, which the build writes.",
        "import type { Card, Change, Dest, Foundation, Help, Move, Opening, Played }"
        ' from "../../web/js/engine/protocol.js";',
        "",
        "/** A winnable deal's difficulty. */",
        f"export type Level = {' | '.join(json.dumps(level) for level in page_facts.LEVELS)};",
        "",
        "/** The settings the engine keeps. */",
        "export type EngineSettings = {",
        *(f"  {name}: {setting_type(name, settings[name])};" for name in engine),
        "};",
        "",
        "/** Every setting of the player's: the engine's, then the page's own. */",
        "export type Settings = EngineSettings & {",
        *(f"  {name}: {setting_type(name, settings[name])};" for name in own),
        "};",
        "",
        "/** Everything the page draws (api.Api.state). */",
        "export type State = {",
    ]
    for name, (kind, meaning) in page_facts.STATE.items():
        lines += [f"  /** {meaning} */", f"  {name}: {kind};"]
    lines += [
        "};",
        "",
        "export const DEFAULT_GAME: string;",
        "export const DEFAULT_GAME_SHAPE: { fans: number; name: string };",
        "export const DEFAULT_SETTINGS: Readonly<Settings>;",
        "export const ENGINE_SETTINGS: readonly (keyof EngineSettings)[];",
        "export const LEVELS: readonly Level[];",
        "export const SETTING_CHOICES: Readonly<Record<string, readonly string[]>>;",
        "export const STATE_FIELDS: Readonly<Record<keyof State, string>>;",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    text = declarations()
    if argv == ["--check"]:
        if OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT.relative_to(ROOT)} is out of date: run python3 scripts/page_facts.py", file=sys.stderr)
            return 1
        return 0
    if argv:
        sys.exit(__doc__)
    OUT.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
