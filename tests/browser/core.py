"""The Chromium tests a default run holds: each thing a browser adds, once.

A browser test costs seconds a test on this machine's two cores (every one
starts the engine in a fresh page), and behaviour that lives in Python is
tested through the API on CPython, so a default run (``./build.sh test``, as
CI runs it) keeps the browser for what only a browser shows: input by click,
drag, tap and keys; drawing and layout on a phone and a desktop; the worker,
its watch and its start (the opening book, the snapshot); storage, damaged or
full; offline, the service worker and its policy; tabs; the words of four
languages on screen; accessibility. The other browser tests, further cases of
the same, are marked ``slow`` by ``tests/conftest.py`` and run with ``--slow``
(``./build.sh test --slow``), as before each release.

Each entry is a test's id under ``tests/browser/`` (``file::test`` or
``file::test[params]``); a test whose id is not here is one of the others.
"""

from __future__ import annotations

CORE = frozenset({
    # input: click, drag, keys and buttons; a phone's taps and touch drags; the thumb's side, larger cards
    "test_play.py::test_click_plays_a_card_to_its_foundation",
    "test_play.py::test_drag_plays_a_card_onto_a_fan",
    "test_play.py::test_undo_and_redo_with_buttons_and_keys",
    "test_phone.py::test_taps_and_touch_drags_play_on_a_phone",
    "test_phone.py::test_the_phone_table_fits_without_scrolling",
    "test_steady_table.py::test_left_handed_the_redeal_button_keeps_off_the_foundations_and_larger_cards_stay_larger",
    # the keyboard and screen readers
    "test_access.py::test_the_keys_move_by_place_go_to_the_hint_and_never_lose_the_focus",
    "test_access.py::test_axe_finds_no_serious_violation_in_any_game[light]",
    # the table drawn for every game
    "test_layout.py::test_every_game_fits_the_window[360-640]",
    "test_new_rules.py::test_free_fan_on_a_phone_a_card_goes_to_a_free_cell_and_back_and_a_run_moves_together",
    "test_new_rules.py::test_three_shuffles_and_a_draw_the_draw_by_a_tap_or_a_drag_leaves_the_top_card",
    # help as drawn: hints followed by clicking the cards they mark, why a game is lost
    "test_guidance.py::test_following_hints_by_clicking_the_marked_cards_wins",
    "test_why_lost.py::test_the_lost_panel_says_why_and_lights_the_cards_the_engine_gave",
    # the worker: its start, the book, the snapshot, its watch, its answers as CPython's
    "test_startup.py::test_a_first_visit_draws_a_proved_winnable_deal_and_plays_a_tap_made_before_the_engine_and_its_book_are_read",
    "test_opening_book.py::test_a_tap_an_undo_and_a_hint_before_the_engine_are_answered_from_the_book_and_the_engine_plays_on_from_them",
    "test_opening_book.py::test_a_newcomer_back_after_a_move_is_answered_from_the_book_with_the_time_played_kept",
    "test_startup_snapshot.py::test_a_returning_player_starts_from_the_snapshot_and_plays",
    "test_watched_engine.py::test_a_tap_made_after_the_worker_is_gone_is_played_on_the_same_deal",
    "test_small_faults.py::test_an_engine_that_cannot_start_is_named_at_once_in_words_before_any_language_file",
    "test_trimmed_stdlib.py::test_the_trimmed_library_is_a_fraction_of_pyodides_and_holds_no_test_suite",
    "test_trimmed_stdlib.py::test_every_api_method_answers_in_chromium_as_on_cpython",
    "test_compressed_downloads.py::test_the_page_ships_frames_not_the_files_themselves",
    # storage: a reload, statistics that cannot be read, files damaged
    "test_persistence.py::test_a_reload_restores_the_game",
    "test_bad_storage.py::test_statistics_too_long_for_the_engine_are_kept_aside_and_the_next_game_counted",
    "test_stored_files.py::test_what_was_found_damaged_offline_is_stored_again_at_the_next_online_start",
    # offline, the origin and the policies, tabs
    "test_offline.py::test_the_app_starts_and_plays_offline_after_one_visit",
    "test_offline.py::test_a_whole_session_stays_in_its_origin_and_within_its_csp",
    "test_offline.py::test_the_engines_worker_runs_within_the_pages_csp_once_the_service_worker_serves_it",
    "test_offline.py::test_the_built_dist_holds_exactly_the_precache_list_and_a_first_visit_fits_the_size_aim",
    "test_offline.py::test_every_address_in_the_page_is_relative",
    "test_tabs.py::test_one_tab_plays_the_other_takes_over_and_no_result_is_lost",
    # words on screen in four languages, on a phone
    "test_dialogs_fit.py::test_every_dialog_fits_a_phone_in_every_language",
})
