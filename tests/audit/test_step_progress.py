"""The corpus steps' progress bar: their phases on stderr, only where it is a terminal and
the bar is asked for (the CLI's --progress, on by default; off from Python)."""

import io
import sys

import pytest

from spacy_genderfair.audit.balance import BalanceSettings, run_balance
from spacy_genderfair.audit.exclude import run_exclude

from .report_records import record
from .step_audit import write_audit


class Terminal(io.StringIO):
    """stderr as a terminal: tqdm draws its bar only there."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("stream,enabled,shown", [(Terminal, True, True),
                                                  (Terminal, False, False),
                                                  (io.StringIO, True, False)])
def test_the_steps_show_their_phases_on_a_terminal_only(tmp_path, monkeypatch, stream,
                                                        enabled, shown):
    folder = write_audit(tmp_path, [record(id="a", she_actors=1), record(id="b", he_actors=1)])
    stderr = stream()
    monkeypatch.setattr(sys, "stderr", stderr)
    run_exclude(folder, progress=enabled)
    run_balance(folder, BalanceSettings(method="greedy"), progress=enabled)
    if shown:
        assert "exclude: report (4/4)" in stderr.getvalue()
        assert "balance: report (4/4)" in stderr.getvalue()
    else:
        assert stderr.getvalue() == ""
