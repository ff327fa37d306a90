"""Crisis (§16): co-operative against the crisis cards; solo plays two characters."""

from __future__ import annotations

from .. import Scenario


class Crisis(Scenario):
    id = "crisis"


SCENARIO = Crisis()
