"""The solver's search: golden verdicts, replayable solutions, slicing, budgets."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import pytest

from cloverleaf.deals import deal
from cloverleaf.engine import apply_move, is_stuck, legal_moves
from cloverleaf.games import CATALOGUE, find_game
from cloverleaf.notation import parse_position
from cloverleaf.position import FOUNDATION, REDEAL, Position
from cloverleaf.rules import Rules
from cloverleaf.solver import Search, SolveResult, Verdict, check_solution, solve

CASES = Path(__file__).parent / "data" / "solver_cases.txt"


@dataclass(frozen=True)
class Case:
    game: str
    verdict: Verdict
    budget: int
    note: str
    text: str

    @property
    def rules(self) -> Rules:
        return find_game(self.game)

    @property
    def position(self) -> Position:
        return parse_position(self.rules, self.text)


def load_cases() -> list[Case]:
    cases: list[Case] = []
    header: list[str] | None = None
    lines: list[str] = []
    for line in [*CASES.read_text().splitlines(), "== end"]:
        if line.startswith("== "):
            if header is not None:
                game, verdict, budget, *note = header
                cases.append(Case(game, Verdict(verdict), int(budget.removeprefix("budget=")), " ".join(note),
                                  "\n".join(lines)))
            header = line[3:].split()
            lines = []
        elif header is not None:
            lines.append(line)
    return cases


GOLDEN = load_cases()


def case_id(case: Case) -> str:
    return f"{case.game}: {case.note} -> {case.verdict.value}"


def test_golden_file_covers_every_verdict_and_game() -> None:
    assert {case.verdict for case in GOLDEN} == set(Verdict)
    assert {case.game for case in GOLDEN} == {rules.id for rules in CATALOGUE}


@pytest.mark.parametrize("case", GOLDEN, ids=case_id)
def test_golden_position_gets_its_verdict(case: Case) -> None:
    result = solve(case.rules, case.position, case.budget)
    assert result.verdict is case.verdict
    assert result.nodes <= case.budget
    if case.verdict is Verdict.SOLVED:
        assert check_solution(case.rules, case.position, result.solution)
    else:
        assert result.solution == ()


@pytest.mark.parametrize("game,number", [
    ("clover-leaf", 3), ("alexander-the-great", 2), ("trefoil", 4), ("la-belle-lucie", 5), ("fan", 12),
])
def test_slices_give_the_same_answer_as_one_run(game: str, number: int) -> None:
    rules = find_game(game)
    whole = solve(rules, deal(rules, number), 50_000)
    assert whole.verdict is not Verdict.UNKNOWN
    for size in (1, 7, 250):
        search = Search(rules, deal(rules, number))
        while search.run(size) is Verdict.UNKNOWN and search.nodes < 50_000:
            pass
        sliced = search.result()
        assert sliced == whole


def test_a_slice_of_positions_cut_on_expansion_ends_when_its_work_is_done() -> None:
    # Fan deal 12 is lost; at the end the queues are drained of positions proved lost on expansion,
    # which cost no node: a slice bounded in nodes alone would take them all at once.
    rules = find_game("fan")
    whole = Search(rules, deal(rules, 12))
    whole.run(50_000)
    assert whole.verdict is Verdict.LOST and whole.work > whole.nodes + 100
    sliced = Search(rules, deal(rules, 12))
    calls = 0
    while not sliced.done:
        work = sliced.work
        sliced.run(1 << 20, 10)
        calls += 1
        assert sliced.work - work <= 10 + 40  # and the moves of the position whose expansion took it past 10
    assert calls > (whole.work - whole.nodes) // 10
    assert (sliced.verdict, sliced.nodes, sliced.work) == (whole.verdict, whole.nodes, whole.work)


def test_budget_is_never_exceeded_and_slices_add_up() -> None:
    case = next(case for case in GOLDEN if case.verdict is Verdict.UNKNOWN)
    search = Search(case.rules, case.position)
    total = 0
    for size in (1, 2, 500, 0, 997):
        verdict = search.run(size)
        total += size
        assert verdict is Verdict.UNKNOWN
        assert search.nodes == total
    assert solve(case.rules, case.position, total).nodes == total


def test_a_finished_search_keeps_its_verdict() -> None:
    rules = find_game("fan")
    search = Search(rules, deal(rules, 3))
    assert search.run(20_000) is Verdict.SOLVED
    nodes = search.nodes
    assert search.run(1000) is Verdict.SOLVED
    assert search.nodes == nodes


def test_a_won_position_is_solved_at_once_with_no_moves() -> None:
    for rules in CATALOGUE:
        won = Position(tuple(() for _ in rules.fan_sizes), (13, 13, 13, 13), 0, 0)
        result = solve(rules, won, 1)
        assert result == SolveResult(Verdict.SOLVED, (), 1)


def stuck_position(rules: Rules, seed: int) -> Position:
    """Random play from a deal until no move is left (redeals included)."""
    chooser = random.Random(seed)
    number = 1
    while True:
        position = deal(rules, number)
        for _ in range(500):
            moves = legal_moves(rules, position)
            if not moves:
                break
            position = apply_move(rules, position, chooser.choice(moves))
        if is_stuck(rules, position):
            return position
        number += 1


@pytest.mark.parametrize("rules", CATALOGUE, ids=lambda rules: rules.id)
def test_a_stuck_position_is_proved_lost_at_once(rules: Rules) -> None:
    position = stuck_position(rules, 7)
    result = solve(rules, position, 10)
    assert result.verdict is Verdict.LOST
    assert result.nodes == 1


def test_a_position_finished_by_foundation_moves_needs_only_those() -> None:
    rules = find_game("clover-leaf")
    text = "Foundations: QC QS 2H 2D\nKC\nKS\n-\n" + "-\n" * 10 + "AH\nAD\n-\n"
    result = solve(rules, parse_position(rules, text), 10)
    assert result.verdict is Verdict.SOLVED
    assert sorted(str(move) for move in result.solution) == ["AD>F", "AH>F", "KC>F", "KS>F"]


@pytest.mark.parametrize("number", range(1, 9))
def test_clover_leaf_deals_are_decided_and_solutions_replay(number: int) -> None:
    rules = find_game("clover-leaf")
    result = solve(rules, deal(rules, number), 200_000)
    assert result.verdict is not Verdict.UNKNOWN
    if result.verdict is Verdict.SOLVED:
        assert check_solution(rules, deal(rules, number), result.solution)


def test_warfield_solutions_never_take_a_card_back_from_a_foundation() -> None:
    rules = find_game("clover-leaf-warfield")
    position = deal(rules, 2)
    result = solve(rules, position, 20_000)
    assert result.verdict is Verdict.SOLVED
    on_foundation = {rules.foundation_card(suit, 0) for suit in range(4)}
    for move in result.solution:
        assert move.card not in on_foundation
        if move.dest == FOUNDATION:
            on_foundation.add(move.card)


def test_redeal_games_use_the_redeal_as_a_move() -> None:
    rules = find_game("trefoil")
    result = solve(rules, deal(rules, 4), 20_000)
    assert result.verdict is Verdict.SOLVED
    assert REDEAL in result.solution


def test_positions_proved_lost_before_are_not_searched_again() -> None:
    rules = find_game("fan")
    first = Search(rules, deal(rules, 12))
    assert first.run(20_000) is Verdict.LOST
    again = Search(rules, deal(rules, 12), known_lost=set(first.parents))
    assert again.run(20_000) is Verdict.LOST
    assert again.nodes == 1
