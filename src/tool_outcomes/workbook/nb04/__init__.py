"""What only notebook 04 uses: Classifying upstreams (and its appendix 04a),
``notebooks/04_classifying_upstreams.ipynb``.

* :mod:`tool_outcomes.workbook.nb04.upstreams` — evidence tables, the Acme Search dialect, raw
  views.
* :mod:`tool_outcomes.workbook.nb04.warehouse` — the Warehouse SDK whose exceptions 04.4 declares.
* :mod:`tool_outcomes.workbook.nb04.exercises` — 04.1-04.4.

Shared teaching aids live one level up; ``docs/authoring-notebooks.md`` says what goes where.
"""
