"""Plug a :class:`~tool_outcomes.Tool` into the agent frameworks, one module per framework.

Each module imports its framework when it is itself imported (never ``import tool_outcomes``),
and each framework is an optional extra:

==========================================  ==========================================
``tool_outcomes.integrations.mcp``          ``pip install "tool-outcomes[mcp]"``
``tool_outcomes.integrations.pydantic_ai``  ``pip install "tool-outcomes[pydantic-ai]"``
``tool_outcomes.integrations.langchain``    ``pip install "tool-outcomes[langchain]"``
``tool_outcomes.integrations.openai_agents``  ``pip install "tool-outcomes[openai-agents]"``
==========================================  ==========================================

Every integration hands the framework the tool's own arguments schema and lets the tool judge
the arguments, so arguments the model got wrong come back as an ``invalid_arguments`` envelope
(the fields named) rather than as the framework's own validation error; the model reads
:func:`~tool_outcomes.to_text`, and the application keeps the whole envelope.
"""

from __future__ import annotations

__all__: list[str] = []
