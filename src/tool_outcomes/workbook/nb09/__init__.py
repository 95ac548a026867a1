"""What only notebook 09 uses: The outcome-table builder,
``notebooks/09_outcome_table_builder.ipynb``.

* :mod:`tool_outcomes.workbook.nb09.builder` — the builder widget over ``tool_outcomes.design``.
* :mod:`tool_outcomes.workbook.nb09.exercises` — the 09 exercises.

Shared teaching aids live one level up; ``docs/authoring-notebooks.md`` says what goes where.
"""
