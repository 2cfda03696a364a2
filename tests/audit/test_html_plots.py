"""The audit's figures: each plots the report's numbers (or, per article, the records'), the
PNGs have a fixed size, and degenerate corpora draw what they can and say why not the rest."""

import math
import struct
import subprocess
import sys

import numpy
import pytest

pytest.importorskip("matplotlib", reason="the audit's plots need matplotlib (audit extra)")
pytest.importorskip("pyarrow", reason="the audit's records need pyarrow (audit extra)")

from spacy_genderfair.audit.article_shares import article_share_counts, article_shares
from spacy_genderfair.audit.plots import (
    FIGURES,
    article_shares_figure,
    figure_notes,
    quotes_roles_figure,
    sentiment_figure,
    shares_figure,
    write_plots,
)

from .html_builders import period, records_table, report

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
EXPECTED_PIXELS = {"shares_by_year": (1000, 700), "sentiment_by_year": (1000, 450),
                   "article_shares": (1000, 450), "quotes_roles_by_group": (1000, 450)}


def png_size(path) -> tuple[int, int]:
    """(width, height) from a PNG's IHDR chunk, after checking the signature."""
    data = path.read_bytes()
    assert data[:8] == PNG_SIGNATURE
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def two_year_report(**header) -> dict:
    counts = {"actors": (30, 70), "mentions": (90, 160), "subject": (40, 90), "object": (10, 12),
              "quotes_direct": (20, 50), "quotes_indirect": (8, 12)}
    return report(
        period(2019, texts=40, counts=counts,
               shares={"actors": (0.30, 0.15, 0.45), "quotes_direct": (0.2, 0.1, 0.3)},
               sentiment={"she/her": 0.1, "he/him": -0.2}),
        period(2020, texts=150, counts=counts,
               shares={"actors": (0.45, 0.40, 0.50), "quotes_direct": (0.4, 0.35, 0.45)},
               sentiment={"she/her": 0.3, "he/him": 0.0}),
        period("all", texts=190, counts={"quotes_direct": (6, 10), "quotes_indirect": (2, 4),
                                         "subject": (18, 30), "object": (1, 3)}),
        **header,
    )


# Record by record: she/he mentions and she/he actors point different ways on purpose, so a
# panel that plots the wrong unit gets other numbers.
ARTICLES = records_table(
    dict(year=2019, she_named=1, she_pronoun=2, he_named=1, she_actors=1, he_actors=3),
    dict(year=2019, they_actors=1, they_named=2),  # neither she nor he: no share
    dict(year=2020, she_actors=2),  # actors only (mentions not linked): no mention share
    dict(year=2020, status="bad", reason="empty line"),
    dict(year=2020, actor_level=False, she_pronoun_tokens=3),  # --blank: no actor fields
    dict(year=2020, she_named=1, he_named=1, he_pronoun=2, she_actors=1, he_actors=1),
)


def test_article_shares_are_mention_weighted_or_actor_weighted():
    assert article_shares(ARTICLES, "mentions").tolist() == [0.75, 0.25]
    assert article_shares(ARTICLES, "actors").tolist() == [0.25, 1.0, 0.5]


def test_article_share_counts_bin_the_shares_block_by_block():
    # Bins of width 0.05 centred on 0, 0.05, ..., 1: 0.25 is bin 5, 0.75 bin 15, 1.0 bin 20.
    mentions = article_share_counts(ARTICLES, "mentions")
    assert len(mentions) == 21
    assert {index: count for index, count in enumerate(mentions.tolist()) if count} == {
        5: 1, 15: 1}
    actors = article_share_counts(ARTICLES, "actors")
    assert {index: count for index, count in enumerate(actors.tolist()) if count} == {
        5: 1, 10: 1, 20: 1}


def test_article_shares_name_the_units_they_know():
    for function in (article_shares, article_share_counts):
        with pytest.raises(ValueError, match="unit must be one of mentions, actors, not 'named'"):
            function(ARTICLES, "named")


def test_each_histogram_panel_plots_its_own_unit_and_says_which():
    figure = article_shares_figure(ARTICLES)
    mention_panel, actor_panel = figure.axes
    assert mention_panel.get_title() == "Mention-weighted (2 articles)"
    assert mention_panel.get_xlabel() == "she/(she+he) of the article's named + pronoun mentions"
    assert actor_panel.get_title() == "Actor-weighted (3 articles)"
    assert actor_panel.get_xlabel() == "she/(she+he) of the article's actors"
    for panel, shares in ((mention_panel, [0.25, 0.75]), (actor_panel, [0.25, 0.5, 1.0])):
        bars = {round(bar.get_x() + bar.get_width() / 2, 3): bar.get_height()
                for bar in panel.patches if bar.get_height()}
        assert bars == {share: 1 for share in shares}


def test_yearly_shares_plot_the_report_with_its_interval_and_parity():
    figure = shares_figure(two_year_report())
    actors, mentions, _, quotes = figure.axes
    assert [ax.get_title() for ax in figure.axes] == [
        "Actors", "Mentions (named + pronoun)", "Subject roles", "Direct quotes"]
    share_line, small_years, parity = actors.lines
    assert share_line.get_xdata().tolist() == [2019, 2020]
    assert share_line.get_ydata() == pytest.approx([30.0, 45.0])
    # 2019 has 40 texts: marked with a hollow point
    assert small_years.get_xdata() == (2019,)
    assert small_years.get_markerfacecolor() == "white"
    assert list(parity.get_ydata()) == [50, 50] and parity.get_linestyle() == "--"
    band = actors.collections[0].get_paths()[0].vertices
    assert {tuple(point) for point in band} >= {(2019, 15.0), (2020, 40.0), (2020, 50.0),
                                                (2019, 45.0)}
    assert quotes.lines[0].get_ydata() == pytest.approx([20.0, 40.0])
    # no mention shares in the report (null): an empty panel that says so
    assert all(math.isnan(y) for y in mentions.lines[0].get_ydata())
    assert [text.get_text() for text in mentions.texts] == ["no she/her or he/him counts"]


def test_sentiment_has_a_line_per_group_with_a_sentiment():
    figure = sentiment_figure(two_year_report())
    ax = figure.axes[0]
    lines = {line.get_label(): line.get_ydata().tolist() for line in ax.lines
             if not line.get_label().startswith("_")}
    assert lines == {"she/her": [0.1, 0.3], "he/him": [-0.2, 0.0]}


def test_quotes_and_roles_are_counted_per_group():
    figure = quotes_roles_figure(two_year_report())
    quotes, roles = figure.axes
    heights = [bar.get_height() for bar in quotes.patches]
    # she/her, he/him, they/them, unknown: direct, then indirect
    assert heights == [6, 10, 0, 0, 2, 4, 0, 0]
    assert [bar.get_height() for bar in roles.patches] == [18, 30, 0, 0, 1, 3, 0, 0]
    labels = [text.get_text() for text in quotes.texts]
    assert labels[:2] == ["6\n38 %", "10\n62 %"]
    assert [tick.get_text() for tick in roles.get_xticklabels()] == [
        "she/her", "he/him", "they/them", "unknown"]


def test_write_plots_writes_every_figure_as_a_png_of_fixed_size(tmp_path):
    plots = write_plots(ARTICLES, two_year_report(), tmp_path / "plots")
    assert list(plots) == [spec.name for spec in FIGURES]
    for name, path in plots.items():
        assert path == tmp_path / "plots" / f"{name}.png"
        assert png_size(path) == EXPECTED_PIXELS[name]
    assert sorted(p.name for p in (tmp_path / "plots").iterdir()) == sorted(
        f"{name}.png" for name in EXPECTED_PIXELS)


def test_blank_mode_draws_no_actor_figure_and_says_why(tmp_path):
    blank = report(period(2020, texts=2, with_actors=0), period("all", texts=2, with_actors=0),
                   actor_level=False)
    table = records_table(dict(year=2020, actor_level=False), dict(year=2020, actor_level=False))
    assert write_plots(table, blank, tmp_path) == {}
    assert list(tmp_path.iterdir()) == []
    notes = figure_notes(blank)
    assert list(notes) == [spec.name for spec in FIGURES]
    assert set(notes.values()) == {
        "not available: the audit ran without NER and parser (--blank), so there are no "
        "actor-level fields"}


def test_a_corpus_without_actors_draws_no_actor_figure(tmp_path):
    empty = report(period(2020, texts=2, with_actors=0), period("all", texts=2, with_actors=0))
    assert write_plots(records_table({}, {}), empty, tmp_path) == {}
    assert set(figure_notes(empty).values()) == {"not drawn: no text in the corpus has an actor"}


def test_undated_records_draw_the_figures_that_need_no_year(tmp_path):
    undated = report(period("unknown", texts=2, counts={"actors": (1, 1)}),
                     period("all", texts=2, counts={"actors": (1, 1)}))
    plots = write_plots(records_table(dict(she_actors=1, he_actors=1)), undated, tmp_path)
    assert list(plots) == ["article_shares", "quotes_roles_by_group"]
    assert figure_notes(undated) == dict.fromkeys(
        ["shares_by_year", "sentiment_by_year"],
        "not drawn: no record has a date (all are 'unknown')")


def test_one_year_gets_its_interval_as_a_whisker_and_a_narrow_axis():
    one = report(period(2021, texts=1, counts={"actors": (1, 1)},
                        shares={"actors": (0.5, 0.1, 0.9)}),
                 period("all", texts=1, counts={"actors": (1, 1)}))
    actors = shares_figure(one).axes[0]
    assert actors.get_xlim() == (2020.5, 2021.5)
    assert [tick for tick in actors.get_xticks()] == [2021]
    whisker = actors.collections[-1].get_segments()
    assert [segment.tolist() for segment in whisker] == [[[2021, 10.0], [2021, 90.0]]]


def test_a_year_without_shares_is_a_gap_not_an_error():
    gaps = report(period(2019, texts=5), period(2020, texts=5, shares={"actors": (0.5, 0.2, 0.8)}),
                  period(2021, texts=5), period("all", texts=15, counts={"actors": (1, 1)}))
    actors = shares_figure(gaps).axes[0]
    assert numpy.isnan(actors.lines[0].get_ydata()).tolist() == [True, False, True]
    assert actors.get_xlim() == (2018.5, 2021.5)
    assert sentiment_figure(gaps).axes[0].texts[0].get_text() == "no actor has a sentiment"


def test_importing_the_modules_loads_neither_matplotlib_nor_pyarrow():
    # (jinja2 is loaded anyway: spaCy imports it.)
    probe = ("import sys, spacy_genderfair.audit.plots, spacy_genderfair.audit.html\n"
             "print(sorted(m for m in ('matplotlib', 'pyarrow') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "[]"


def test_a_corpus_without_quotes_or_roles_says_so_on_an_upright_axis():
    quiet = report(period("all", texts=2, counts={"actors": (1, 1)}))
    quotes, roles = quotes_roles_figure(quiet).axes
    assert [text.get_text() for text in quotes.texts if text.get_text().startswith("no")] == [
        "no quotes"]
    assert [text.get_text() for text in roles.texts if text.get_text().startswith("no")] == [
        "no roles"]
    assert quotes.get_ylim() == (0, 1) and roles.get_ylim() == (0, 1)


def test_without_matplotlib_the_error_is_one_line_naming_the_install(monkeypatch, tmp_path):
    import spacy_genderfair.audit.plots as plots

    monkeypatch.setattr(plots, "has_matplotlib", False)
    with pytest.raises(ImportError) as error:
        write_plots(ARTICLES, two_year_report(), tmp_path)
    assert str(error.value).startswith(
        "drawing the audit's figures needs the optional package 'matplotlib': pip install ")
    assert "\n" not in str(error.value)
    assert list(tmp_path.iterdir()) == []


def test_drawing_leaves_pyplot_alone(tmp_path):
    # A notebook keeps its backend and its open figures when it draws the audit's figures.
    import matplotlib
    from matplotlib import pyplot

    backend, figures = matplotlib.get_backend(), pyplot.get_fignums()
    write_plots(ARTICLES, two_year_report(), tmp_path)
    assert matplotlib.get_backend() == backend
    assert pyplot.get_fignums() == figures
