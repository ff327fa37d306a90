"""Errors the engine raises at its public surface."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules do not allow now; the state is left exactly as it was."""

    def __init__(self, reason: str, rule: str) -> None:
        super().__init__(f"{reason} (rule {rule})")
        self.reason = reason
        self.rule = rule


class UnknownGame(KeyError):
    """No game is registered under that id."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"
