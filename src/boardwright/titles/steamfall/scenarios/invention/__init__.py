"""Incredible Invention (§11-§13): co-operative, the invention card's side and its complications."""

from __future__ import annotations

from .. import Scenario


class IncredibleInvention(Scenario):
    id = "incredible-invention"


SCENARIO = IncredibleInvention()
