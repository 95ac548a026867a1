"""What only notebook 00 uses: Start here, ``notebooks/00_start_here.ipynb``.

* :mod:`tool_outcomes.workbook.nb00.exercises` — the demo 00.0 and exercises 00.1, 00.2.

Shared teaching aids live one level up; ``docs/authoring-notebooks.md`` says what goes where.
"""
