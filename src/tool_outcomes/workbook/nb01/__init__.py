"""What only notebook 01 uses: The empty-list lie, ``notebooks/01_the_empty_list_lie.ipynb``.

* :mod:`tool_outcomes.workbook.nb01.consumer` — the naive reader, the envelope-aware one and the
  catalogue rows.
* :mod:`tool_outcomes.workbook.nb01.exercises` — 01.1-01.3.

Shared teaching aids live one level up; ``docs/authoring-notebooks.md`` says what goes where.
"""
