"""Teaching aids for the workbook notebooks: exercise checks (and, lazily, widgets and plots).

What only one notebook uses lives in that notebook's package, ``nbNN`` (``nb04.upstreams``,
``nb06.retry_lab``, each notebook's ``exercises``); the modules beside them are shared by several
notebooks. ``docs/authoring-notebooks.md`` says what goes where.

Importing this package is cheap: it pulls in no ipywidgets, matplotlib or respx. Notebook cells
use ``from tool_outcomes.workbook import check`` (and :func:`show`, ``print`` with long lines
folded to fit the page); exercise authors use :func:`exercise` and
:class:`Case` (see :mod:`tool_outcomes.workbook.checks`).
"""

from .checks import AnswerKind, Case, CheckResult, CheckStatus, check, exercise
from .fold import show

__all__ = ["AnswerKind", "Case", "CheckResult", "CheckStatus", "check", "exercise", "show"]
