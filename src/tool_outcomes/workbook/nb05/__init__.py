"""What only notebook 05 uses: Repair before reject, ``notebooks/05_repair_before_reject.ipynb``.

* :mod:`tool_outcomes.workbook.nb05.stock_lookup` — the stock tool's models and mocked service.
* :mod:`tool_outcomes.workbook.nb05.exercises` — 05.1, 05.2.

Shared teaching aids live one level up; ``docs/authoring-notebooks.md`` says what goes where.
"""
