"""BERTScore of gender swaps with a local model folder (the optional ``bert-score`` package;
nothing is downloaded): the one metric of :mod:`.swap_metrics` that needs a model."""

import json
from collections.abc import Sequence
from pathlib import Path

BERT_SCORE_HINT = "pip install bert-score"


def bert_score_f1(predictions: Sequence[str], references: Sequence[str], model_path,
                  num_layers: int | None = None, batch_size: int = 32,
                  device: str | None = None) -> float:
    """Mean BERTScore F1 with the model in the local folder ``model_path``.

    num_layers (int | None): layer to use; defaults to the model's last
        (``num_hidden_layers`` of its config.json).
    """
    model_path = Path(model_path)
    if not model_path.is_dir():
        raise FileNotFoundError(f"BERTScore model folder not found: {model_path}")
    try:
        import bert_score
    except ImportError as err:
        raise ImportError(f"BERTScore needs the optional package 'bert-score': "
                          f"{BERT_SCORE_HINT}") from err
    if num_layers is None:
        config = model_path / "config.json"
        if not config.is_file():
            raise FileNotFoundError(f"{config} not found: give num_layers explicitly")
        num_layers = int(json.loads(config.read_text(encoding="utf-8"))["num_hidden_layers"])
    _, _, f1 = bert_score.score(list(predictions), list(references), model_type=str(model_path),
                                num_layers=num_layers, batch_size=batch_size, device=device)
    return float(f1.mean())
