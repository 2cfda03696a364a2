"""report.html in a real browser: headless Chromium renders the page of a report that
build_report and write_plots made; the screenshot shows the embedded figures (their she/her
orange and he/him blue, colours the page's own style never uses), and the tables of the DOM
the browser built show report.json's numbers. Skipped where Chromium is not installed
(Debian: ``apt install chromium``), but for ``.ci/run``, which installs it and sets
``GENDERFAIR_REQUIRE_CHROMIUM``: there the check must run."""

import json
import os
import shutil
import subprocess
from html.parser import HTMLParser

import pytest

pytest.importorskip("matplotlib", reason="the audit's plots need matplotlib (audit extra)")
pytest.importorskip("pyarrow", reason="the audit's records need pyarrow (audit extra)")

from spacy_genderfair.audit.html import (
    MEAN_METRICS,
    METRIC_LABELS,
    format_decimal,
    format_number,
    render_html,
)
from spacy_genderfair.audit.plots import GROUP_COLOURS, write_plots
from spacy_genderfair.audit.report import build_report
from spacy_genderfair.extensions import HE, SHE

from .html_builders import records_table

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None and os.environ.get("GENDERFAIR_REQUIRE_CHROMIUM"):
    pytest.fail("Chromium is required here (GENDERFAIR_REQUIRE_CHROMIUM) but not installed",
                pytrace=False)
# Flags for a closed network and a root user (see the machine notes): no background traffic.
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync")
WIDTH, HEIGHT = 1280, 3600


def pixels_near(image, colour: str, tolerance: float = 0.06) -> int:
    rgb = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    return int((abs(image[:, :, :3] - rgb).max(axis=2) < tolerance).sum())


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    """report.html of three years of records, with its report."""
    folder = tmp_path_factory.mktemp("report")
    table = records_table(
        dict(year=2020, date="2020-03-01", she_actors=1, he_actors=3, she_named=2, he_named=3,
             he_pronoun=1, he_subject=2, she_quotes_direct=1, he_quotes_direct=1,
             she_sentiment_sum=0.5, she_sentiment_count=1, he_sentiment_sum=-0.3,
             he_sentiment_count=2),
        dict(year=2021, date="2021", she_actors=1, she_named=1, she_subject=1, he_actors=1,
             he_named=2, she_sentiment_sum=0.1, she_sentiment_count=1, he_sentiment_sum=0.4,
             he_sentiment_count=1),
        dict(year=2022, date="2022", she_actors=2, she_named=2, he_actors=1, he_named=1,
             she_sentiment_sum=-0.2, she_sentiment_count=2, he_sentiment_sum=0.1,
             he_sentiment_count=1),
    )
    report = build_report(table, header={"lang": "en", "actor_level": True, "notes": []})
    path = folder / "report.html"
    path.write_text(render_html(report, write_plots(table, report, folder / "plots")),
                    encoding="utf8")
    # (the report as report.json holds it: what a reader compares the page with)
    return path, json.loads(json.dumps(report))


def chromium(tmp_path, *arguments) -> subprocess.CompletedProcess:
    return subprocess.run(
        [CHROMIUM, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", *arguments],
        capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed")
def test_the_page_renders_with_its_figures_in_headless_chromium(tmp_path, page):
    from matplotlib.image import imread

    shot = tmp_path / "report.png"
    done = chromium(tmp_path, f"--window-size={WIDTH},{HEIGHT}", f"--screenshot={shot}",
                    page[0].as_uri())
    assert shot.is_file(), done.stderr[-2000:]
    image = imread(shot)
    assert image.shape[:2] == (HEIGHT, WIDTH)
    # The she/her lines, bands and bars of the figures, and the he/him sentiment line: without
    # the embedded images the page has neither colour.
    assert pixels_near(image, GROUP_COLOURS[SHE]) > 2000
    assert pixels_near(image, GROUP_COLOURS[HE]) > 300


class MetricTables(HTMLParser):
    """The ``table.metrics`` of a DOM: per table, its column heads and its rows (label,
    cells)."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[dict] = []
        self._cell: list[str] | None = None
        self._row: list[str] | None = None
        self._inside = False

    def handle_starttag(self, tag, attrs):
        if tag == "table" and "metrics" in (dict(attrs).get("class") or "").split():
            self._inside = True
            self.tables.append({"heads": [], "rows": []})
        elif self._inside and tag == "tr":
            self._row = []
        elif self._inside and tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag):
        if tag == "table":
            self._inside = False
        elif self._inside and tag in ("td", "th") and self._cell is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        elif self._inside and tag == "tr" and self._row is not None:
            table = self.tables[-1]
            if not table["heads"]:
                table["heads"] = self._row
            else:
                table["rows"].append(self._row)
            self._row = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed")
def test_the_tables_the_browser_shows_hold_report_json_numbers(tmp_path, page):
    path, report = page
    done = chromium(tmp_path, "--dump-dom", path.as_uri())
    assert done.returncode == 0, done.stderr[-2000:]
    parser = MetricTables()
    parser.feed(done.stdout)
    # the whole corpus first, then the years in order
    years = [period for period in report["periods"] if period["period"] != "all"]
    periods = [*(period for period in report["periods"] if period["period"] == "all"), *years]
    assert len(parser.tables) == len(periods) == 4
    metric_of = {label: name for name, label in METRIC_LABELS.items()}
    for table, period in zip(parser.tables, periods, strict=True):
        groups = table["heads"][1:-2]  # (then the she/her share and its interval)
        shown = {metric_of[row[0]]: row[1:1 + len(groups)] for row in table["rows"]}
        assert set(shown) == set(period["metrics"])
        for metric, values in period["metrics"].items():
            form = format_decimal if metric in MEAN_METRICS else format_number
            assert shown[metric] == [form(values.get(group)) for group in groups], metric
