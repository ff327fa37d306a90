"""Genesis (§17-§18): competitive with journals; solo against a scripted AI opponent."""

from __future__ import annotations

from .. import Scenario


class Genesis(Scenario):
    id = "genesis"


SCENARIO = Genesis()
