"""Gender swapping: the counterfactual rewriting engine and its evaluation."""
