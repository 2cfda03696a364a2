"""Person names in a swap: which tokens are a name (``spans``: the Doc's person entities, or
runs of capitalised words around a known first name), what the name tells of its bearer's
gender and case (``reading``, ``cases``, ``context``), the first names to draw from
(``lists``) and the replacement's forms (``forms``: drawn first names, derived patronymics
and surnames). ``swapper.NameSwapper`` puts them together: one document maps one name to one
replacement (Іван … Івана → Марія … Марії).
"""

from .lists import NameList, NameListError, builtin_name_list, read_name_list
from .swapper import NameMention, NameSwapper

__all__ = ["NameList", "NameListError", "NameMention", "NameSwapper", "builtin_name_list",
           "read_name_list"]
