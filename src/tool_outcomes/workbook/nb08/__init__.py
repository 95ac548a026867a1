"""What only notebook 08 uses: The consumer spends it,
``notebooks/08_the_consumer_spends_it.ipynb``.

* :mod:`tool_outcomes.workbook.nb08.claims` — what a consumer claims from each outcome, over a day.
* :mod:`tool_outcomes.workbook.nb08.exercises` — the 08 exercises.

Shared teaching aids live one level up; ``docs/authoring-notebooks.md`` says what goes where.
"""
