"""A record longer than spaCy's max_length: time and peak memory of neutral, swap, sentences.

Each corpus holds three short lines and one line of about 1.2 million characters of real
sentences (UD treebank sentences, cycled: English EWT, Ukrainian IU), paragraphs of five
sentences; the JSONL corpus keeps the paragraphs apart with blank lines inside the record.
Each command runs as a fresh `python -m spacy_genderfair` process; its wall time and peak
resident set size are read from the OS for that process alone (os.wait4).

    python benchmarks/long_records.py [--chars 1200000] [--only sentences]
Before pieces: neutral and swap stopped at the long line (E088); sentences took 4.3 GB.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import ud_sentences

SHORT = {"en": ["The committee met on Tuesday to discuss the budget for the new library.",
                "She said that the committee would meet again on Thursday afternoon.",
                "Mary met John at the station yesterday morning and they talked."],
         "uk": ["Вчителька сказала, що учні прийдуть завтра.", "Лікар оглянув пацієнта вранці.",
                "Студент написав листа своїй сестрі."]}
TREEBANKS = {"en": "en_ewt", "uk": "uk_iu"}


def long_text(lang: str, n_chars: int, separator: str) -> str:
    sentences = ud_sentences(TREEBANKS[lang])
    paragraphs, size, i = [], 0, 0
    while size < n_chars:
        paragraph = " ".join(sentences[(i + k) % len(sentences)] for k in range(5))
        paragraphs.append(paragraph)
        size += len(paragraph) + len(separator)
        i += 5
    return separator.join(paragraphs)


def write_corpus(folder: Path, lang: str, fmt: str, n_chars: int) -> Path:
    first, *rest = SHORT[lang]
    if fmt == "text":
        lines = [first, long_text(lang, n_chars, " "), *rest]
    else:
        lines = [json.dumps({"text": t}, ensure_ascii=False)
                 for t in [first, long_text(lang, n_chars, "\n\n"), *rest]]
    path = folder / f"{lang}.{'txt' if fmt == 'text' else 'jsonl'}"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def run(args: list[str]) -> tuple[int, float, float]:
    """Exit code, wall seconds and peak RSS (MB) of one command."""
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "spacy_genderfair", *args,
                                "--no-progress"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    return process.returncode, time.perf_counter() - start, usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--chars", type=int, default=1_200_000)
    parser.add_argument("--only", choices=["neutral", "swap", "sentences"], default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        out = folder / "out"
        jobs = [
            ("neutral en text", ["neutral", write_corpus(folder, "en", "text", args.chars),
                                 "--lang", "en", "--out", out]),
            ("swap en text", ["swap", folder / "en.txt", "--lang", "en", "--output", out]),
            ("swap uk jsonl", ["swap", write_corpus(folder, "uk", "jsonl", args.chars),
                               "--lang", "uk", "--output", out]),
            ("sentences en text", ["sentences", folder / "en.txt", "--lang", "en", "--model",
                                   "en_core_web_sm", "--out", out]),
        ]
        for label, command in jobs:
            if args.only and not label.startswith(args.only):
                continue
            code, seconds, peak = run([str(part) for part in command])
            lines = len(out.read_text(encoding="utf-8").splitlines()) if out.exists() else 0
            print(f"{label:<18} exit {code}  {lines:>4} lines out  {seconds:7.1f} s  "
                  f"peak RSS {peak:6.0f} MB", flush=True)
            out.unlink(missing_ok=True)

if __name__ == "__main__":
    main()
