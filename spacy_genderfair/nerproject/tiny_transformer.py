"""A tiny, randomly initialised RoBERTa built offline, to prove configs/trf.cfg on a CPU.

No transformer weights can be downloaded in CI, yet the transformer path (spacy-transformers,
torch, strided spans, the listener) must run for real. This writes a Hugging Face model folder
that ``paths.transformer`` can name: a byte-level BPE vocabulary trained on the given texts
and a RoBERTa with a few small layers and random weights. It learns little; it runs.
"""

from collections.abc import Iterable
from pathlib import Path

# Room for 128 spaCy tokens of a strided span split into several word pieces each.
MAX_POSITIONS = 514


def write_tiny_transformer(texts: Iterable[str], out_dir: str | Path, *,
                           vocab_size: int = 2000, hidden_size: int = 32, layers: int = 2,
                           heads: int = 2, seed: int = 0) -> Path:
    """Train a tokenizer on ``texts`` and save it with a random tiny RoBERTa.

    texts (Iterable[str]): training text for the vocabulary (e.g. the NER-UK train lines).
    out_dir (str | Path): the model folder written (config.json, model weights, tokenizer).
    vocab_size (int): the BPE vocabulary size. Defaults to 2000.
    hidden_size (int): the hidden width. Defaults to 32.
    layers (int): transformer layers. Defaults to 2.
    heads (int): attention heads. Defaults to 2.
    seed (int): seeds the random weights. Defaults to 0.
    RETURNS (Path): ``out_dir``.
    """
    import torch
    from tokenizers import ByteLevelBPETokenizer
    from transformers import RobertaConfig, RobertaModel, RobertaTokenizerFast

    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    special = ["<s>", "<pad>", "</s>", "<unk>", "<mask>"]
    bpe = ByteLevelBPETokenizer()
    bpe.train_from_iterator(texts, vocab_size=vocab_size, min_frequency=2,
                            special_tokens=special, show_progress=False)
    bpe.save_model(str(out_dir))
    tokenizer = RobertaTokenizerFast(vocab_file=str(out_dir / "vocab.json"),
                                     merges_file=str(out_dir / "merges.txt"),
                                     model_max_length=MAX_POSITIONS - 2)
    tokenizer.save_pretrained(out_dir)
    config = RobertaConfig(vocab_size=tokenizer.vocab_size, hidden_size=hidden_size,
                           num_hidden_layers=layers, num_attention_heads=heads,
                           intermediate_size=2 * hidden_size,
                           max_position_embeddings=MAX_POSITIONS,
                           pad_token_id=tokenizer.pad_token_id,
                           bos_token_id=tokenizer.bos_token_id,
                           eos_token_id=tokenizer.eos_token_id)
    torch.manual_seed(seed)
    RobertaModel(config).save_pretrained(out_dir)
    return out_dir
