"""report.html in a real browser: headless Chromium renders the page of a report that
build_report and write_plots made, and the screenshot shows the embedded figures (their
she/her orange and he/him blue, colours the page's own style never uses). Skipped where
Chromium is not installed (Debian: ``apt install chromium``)."""

import shutil
import subprocess

import pytest

pytest.importorskip("matplotlib", reason="the audit's plots need matplotlib (audit extra)")
pytest.importorskip("pyarrow", reason="the audit's records need pyarrow (audit extra)")

from spacy_genderfair.audit.html import render_html
from spacy_genderfair.audit.plots import GROUP_COLOURS, write_plots
from spacy_genderfair.audit.report import build_report
from spacy_genderfair.extensions import HE, SHE

from .html_builders import records_table

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# Flags for a closed network and a root user (see the machine notes): no background traffic.
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync")
WIDTH, HEIGHT = 1280, 3600


def pixels_near(image, colour: str, tolerance: float = 0.06) -> int:
    rgb = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    return int((abs(image[:, :, :3] - rgb).max(axis=2) < tolerance).sum())


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed")
def test_the_page_renders_with_its_figures_in_headless_chromium(tmp_path):
    from matplotlib.image import imread

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
    page = tmp_path / "report.html"
    page.write_text(render_html(report, write_plots(table, report, tmp_path / "plots")),
                    encoding="utf8")
    shot = tmp_path / "report.png"
    done = subprocess.run(
        [CHROMIUM, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}",
         f"--window-size={WIDTH},{HEIGHT}", f"--screenshot={shot}", page.as_uri()],
        capture_output=True, text=True, timeout=120, check=False)
    assert shot.is_file(), done.stderr[-2000:]
    image = imread(shot)
    assert image.shape[:2] == (HEIGHT, WIDTH)
    # The she/her lines, bands and bars of the figures, and the he/him sentiment line: without
    # the embedded images the page has neither colour.
    assert pixels_near(image, GROUP_COLOURS[SHE]) > 2000
    assert pixels_near(image, GROUP_COLOURS[HE]) > 300
