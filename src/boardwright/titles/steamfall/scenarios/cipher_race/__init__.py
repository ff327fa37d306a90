"""Cipher Race (§12): competitive, always with events."""

from __future__ import annotations

from .. import Scenario


class CipherRace(Scenario):
    id = "cipher-race"


SCENARIO = CipherRace()
