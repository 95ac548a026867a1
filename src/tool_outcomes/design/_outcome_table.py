"""``OutcomeTable``: the pure table, with everything generated from it and the way home."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from ._files import write_files
from ._model import model_source
from ._pytest_module import test_source
from ._routing import routing_markdown
from ._schema import envelope_schema, json_schema, model_class
from ._table import Table

__all__ = ["OutcomeTable"]


class OutcomeTable(Table):
    """A tool's result contract: its fields × states × reasons, and the consumer's next actions.

    A table may be a draft: it is built even when it has problems, which :meth:`problems`
    lists. Everything generated from it (:meth:`model_source`, :meth:`model_class`,
    :meth:`json_schema`, :meth:`envelope_schema`, :meth:`test_source`,
    :meth:`routing_markdown`, :meth:`files`) raises :class:`TableError` while it has any.
    """

    def model_source(self) -> str:
        """The pydantic result model, with its ``ROUTES`` table and ``next_action``.

        Returns:
            Python source (ruff-formatted), importing only pydantic and ``tool_outcomes``.

        Raises:
            TableError: The table has problems.
        """
        self.check()
        return model_source(self)

    def model_class(self) -> type[BaseModel]:
        """The generated result model, loaded: the class :meth:`model_source` defines.

        Subclass it to declare what a table does not say (another name a field arrives under,
        the values a plain field may take, a number's bounds): the subclass keeps the
        generated validator, so a state the table does not declare is still refused.

        Returns:
            A pydantic model class, frozen, no field with a default, unknown fields forbidden.

        Raises:
            TableError: The table has problems.
        """
        self.check()
        return model_class(self)

    def json_schema(self) -> dict[str, Any]:
        """The JSON Schema of the generated result model (every field required).

        Each three-state field is a ``oneOf`` of its designed states: present with a value of
        its type, or not applicable with a null value and one of its own reasons.

        Returns:
            The schema pydantic makes of the class in :meth:`model_source`.

        Raises:
            TableError: The table has problems.
        """
        self.check()
        return json_schema(self)

    def envelope_schema(self) -> dict[str, Any]:
        """The JSON Schema of the envelope around a result: an MCP tool's ``outputSchema``.

        Returns:
            :func:`~tool_outcomes.envelope_output_schema` of the generated model: the
            ``outcome`` a required enum, the result (with :meth:`json_schema`'s states) in
            ``$defs``.

        Raises:
            TableError: The table has problems.
        """
        self.check()
        return envelope_schema(self)

    def test_source(self) -> str:
        """The pytest module that pins the design onto the generated model and real tools.

        Returns:
            Python source (ruff-formatted), importing only pytest, pydantic, ``tool_outcomes``
            and the model module (:attr:`module_name`) beside it.

        Raises:
            TableError: The table has problems.
        """
        self.check()
        return test_source(self)

    def routing_markdown(self) -> str:
        """The routing table as Markdown: state or reason → next action, then the outcomes.

        Returns:
            Markdown text ending in a newline.

        Raises:
            TableError: The table has problems.
        """
        self.check()
        return routing_markdown(self)

    def files(self) -> dict[str, str]:
        """Everything to take home, by file name: design, model, schemas, tests, routing.

        Returns:
            File name → text, in a fixed order; the same table gives the same bytes.

        Raises:
            TableError: The table has problems.
        """
        self.check()
        return {
            f"{self.tool}.outcomes.json": self.to_json(),
            f"{self.module_name}.py": model_source(self),
            f"{self.module_name}.schema.json": _json(json_schema(self)),
            f"{self.module_name}.envelope.schema.json": _json(envelope_schema(self)),
            f"test_{self.module_name}.py": test_source(self),
            f"{self.tool}_routing.md": routing_markdown(self),
        }

    def write_files(self, folder: str | os.PathLike[str], *, overwrite: bool = False) -> list[Path]:
        """Write :meth:`files` into ``folder``, creating it if its parent exists.

        Args:
            folder: Where to write. Relative paths are taken from the working directory.
            overwrite: Replace files that exist with other content (unchanged ones are fine).

        Returns:
            The paths written, in :meth:`files` order.

        Raises:
            TableError: The table has problems.
            WriteRefused: No folder named, the folder's parent is missing, the path is a file,
                a file exists with other content (without ``overwrite``), or the system
                refused the folder or a write. Nothing is written in any of these cases but a
                write the system refused midway.
        """
        return write_files(self.files(), folder, overwrite=overwrite)


def _json(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2) + "\n"
