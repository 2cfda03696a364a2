"""Speed of `genderfair audit --dask`: a LocalCluster of 2 workers vs 1 worker, analysis stage.

The corpus is the package's example news articles (spacy_genderfair/examples/news_en.jsonl),
cycled to --records records. For each cluster size the workers start and load the audit
pipeline (en_core_web_sm + our components) before the clock starts; the time is that of the
analysis stage only: every shard sent to the workers, analysed, and its records back on the
driver (best of --repeats). Start-up, parquet writing and the report are excluded.

    python benchmarks/audit_dask.py [--records 1200] [--shard-size 50] [--repeats 3] [--model M]
Target: 1 worker / 2 workers >= 1.7 (needs two idle cores: the load average is printed).
"""

import argparse
import os
from dataclasses import replace
from importlib.resources import files
from itertools import islice

from _common import best_of

from spacy_genderfair.audit.distributed import (
    PipelineSettings,
    analyse_shards,
    connect,
    warm_up,
)
from spacy_genderfair.audit.inputs import read_inputs
from spacy_genderfair.pipelines import max_length_setting

SPACY_MAX_LENGTH = 1_000_000  # spaCy's default nlp.max_length


def corpus_items(records: int) -> list:
    """--records input items: the example articles, cycled, numbered 0, 1, ..."""
    example = files("spacy_genderfair") / "examples" / "news_en.jsonl"
    articles = list(read_inputs([str(example)], id_field="id", date_field="date"))
    return [replace(articles[seq % len(articles)], seq=seq) for seq in range(records)]


def analysis_seconds(workers: int, items: list, settings: PipelineSettings,
                     shard_size: int, repeats: int) -> tuple[float, int]:
    """Best wall time of the analysis stage on a LocalCluster of ``workers`` workers, and the
    records it returned."""
    with connect(f"local:{workers}") as cluster:
        warm_up(cluster, settings)

        def analyse() -> int:
            return sum(len(records) for _, records in analyse_shards(
                cluster, iter(items), settings, shard_size=shard_size, batch_size=64))

        count = analyse()  # first pass: warm caches (vocab, lexeme tables) on every worker
        return best_of(repeats, analyse), count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--records", type=int, default=1200)
    parser.add_argument("--shard-size", type=int, default=50)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--model", default=None, help="Default: the en profile's pipeline.")
    args = parser.parse_args()
    items = corpus_items(args.records)
    settings = PipelineSettings("en", args.model, blank=False, parsed_input_only=False,
                                max_length=max_length_setting(SPACY_MAX_LENGTH))
    tokens = sum(len(item.text.split()) for item in islice(items, 62))
    print(f"records: {len(items)} (the 62 example articles, ~{tokens // 62} words each, "
          f"cycled), shards of {args.shard_size}; cores: {os.cpu_count()}")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    seconds = {}
    for workers in (1, 2):
        seconds[workers], count = analysis_seconds(workers, items, settings,
                                                   args.shard_size, args.repeats)
        assert count == len(items), (count, len(items))
        print(f"{workers} worker{'s' if workers > 1 else ' '}: {seconds[workers]:7.2f} s  "
              f"{len(items) / seconds[workers]:6.1f} docs/s")
    print(f"load average after : {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"speed ratio 2 workers / 1 worker: {seconds[1] / seconds[2]:.2f}  (target >= 1.7)")


if __name__ == "__main__":
    main()
