"""What only notebook 10 uses: Capstone, ``notebooks/10_capstone.ipynb``.

* :mod:`tool_outcomes.workbook.nb10.ticket_service` — the messy ticket service (its docs:
  ``ticket_service.md``).
* :mod:`tool_outcomes.workbook.nb10.ticket_scorecard` — the scenario-by-scenario score.
* :mod:`tool_outcomes.workbook.nb10.exercises` — the 10 exercises.

Shared teaching aids live one level up; ``docs/authoring-notebooks.md`` says what goes where.
"""
