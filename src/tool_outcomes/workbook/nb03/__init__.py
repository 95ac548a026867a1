"""What only notebook 03 uses: Yes, no, not applicable,
``notebooks/03_yes_no_not_applicable.ipynb``.

* :mod:`tool_outcomes.workbook.nb03.tickets` — the support ticket's fields, states table and
  actions.
* :mod:`tool_outcomes.workbook.nb03.exercises` — 03.1-03.3.

Shared teaching aids live one level up; ``docs/authoring-notebooks.md`` says what goes where.
"""
