"""The report dict's shape, shared by the report that fills it (``report``) and the layouts
that render it (``text_report``, ``html``): the group columns of a metric and which metrics
form a pair. A leaf of the report modules, so that a layout never imports the report's
aggregation."""

from .schema import KEY_OF_GROUP

# The column of a metric's sum over every group (unknown included).
OVERALL = "overall"
# Record column prefixes of the pronoun groups, and the groups in column order.
GROUP_KEYS = KEY_OF_GROUP
GROUPS = tuple(GROUP_KEYS)
# compat taz2025: the percentage rows of a pair share one denominator, the pair's four cells.
PAIRED_METRICS = {
    "named": ("named", "pronoun"),
    "pronoun": ("named", "pronoun"),
    "subject": ("subject", "object"),
    "object": ("subject", "object"),
    "quotes_direct": ("quotes_direct", "quotes_indirect"),
    "quotes_indirect": ("quotes_direct", "quotes_indirect"),
}
