"""What only notebook 07 uses: Leave a trace, ``notebooks/07_leave_a_trace.ipynb``.

* :mod:`tool_outcomes.workbook.nb07.spans` — spans and alarms over the day's traffic.
* :mod:`tool_outcomes.workbook.nb07.exercises` — the 07 exercises.

Shared teaching aids live one level up; ``docs/authoring-notebooks.md`` says what goes where.
"""
