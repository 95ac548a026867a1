"""Folding long output lines for the notebook page: layout changes, the text does not."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tool_outcomes.workbook.fold import CONTINUATION, WIDTH, fold, show, unfold

LOG_LINE = (
    "00:00:30 INFO    list_items access_failure server_error/transient http=503 attempt=2 "
    "decision=retry sleep_s=30 retry_after_s=30 elapsed_s=30 "
    "target=https://outage.upstream.test/widgets?api_key=[REDACTED] detail='HTTP 503'"
)
JSON_LINE = "Data (JSON): " + json.dumps(
    [{"key": f"K{n}", "name": "support", "open_tickets": n} for n in range(6)],
    separators=(",", ":"),
)

texts = st.text(st.sampled_from("ab ,&x\n-é=:/'\"")).filter(lambda t: CONTINUATION not in t)


@given(texts, st.integers(min_value=20, max_value=200))
def test_folding_keeps_every_character_and_fits_the_width(text: str, width: int) -> None:
    folded = fold(text, width)
    assert unfold(folded) == text
    assert all(len(line) <= width for line in folded.split("\n"))


def test_a_line_that_fits_is_left_alone() -> None:
    line = "x" * WIDTH
    assert fold(line) == line
    assert fold("short\nlines\n") == "short\nlines\n"


def test_a_log_line_folds_between_words() -> None:
    rows = fold(LOG_LINE, 80).split("\n")
    assert len(rows) > 1
    assert all(row.startswith(CONTINUATION) for row in rows[1:])
    words = set(LOG_LINE.split())
    for row in rows:  # every word on a row is a whole word of the line
        assert set(row.removeprefix(CONTINUATION).split()) <= words


def test_compact_json_folds_after_commas() -> None:
    rows = fold(JSON_LINE, 60).split("\n")
    assert len(rows) > 2
    assert all(row.endswith((",", " ")) for row in rows[:-1])
    assert unfold("\n".join(rows)) == JSON_LINE


def test_a_word_wider_than_the_page_is_cut() -> None:
    word = "y" * 50
    assert fold(word, 20) == "\n".join(
        [word[:20], *[CONTINUATION + word[i : i + 14] for i in range(20, 50, 14)]]
    )


def test_a_width_too_small_to_fold_into_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 20"):
        fold("text", 10)


def test_show_prints_like_print_with_lines_folded(capsys: pytest.CaptureFixture[str]) -> None:
    show("a", 1, LOG_LINE)
    out = capsys.readouterr().out
    assert unfold(out) == f"a 1 {LOG_LINE}\n"
    assert max(map(len, out.splitlines())) <= WIDTH
