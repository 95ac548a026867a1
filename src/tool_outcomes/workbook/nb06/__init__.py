"""What only notebook 06 uses: Retry in the adapter, ``notebooks/06_retry_in_the_adapter.ipynb``.

* :mod:`tool_outcomes.workbook.nb06.retry_lab` — scripted retries, backoff schedules, the breaker.
* :mod:`tool_outcomes.workbook.nb06.retry_plots` — their plots (matplotlib, imported lazily).
* :mod:`tool_outcomes.workbook.nb06.exercises` — the 06 exercises.

Shared teaching aids live one level up; ``docs/authoring-notebooks.md`` says what goes where.
"""
