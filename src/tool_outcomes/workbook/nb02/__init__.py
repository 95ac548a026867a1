"""What only notebook 02 uses: Four outcomes, ``notebooks/02_four_outcomes.ipynb``.

* :mod:`tool_outcomes.workbook.nb02.exercises` — 02.1-02.3 (the sample tickets and tables are
  shared: ``four_outcomes``).

Shared teaching aids live one level up; ``docs/authoring-notebooks.md`` says what goes where.
"""
