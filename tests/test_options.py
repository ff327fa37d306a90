"""Option values: only the words `list` and the web form show are accepted."""

import pytest

from boardwright.engine import Option


def test_booleans_take_true_or_false_only() -> None:
    opt = Option("corporations", False, "a module")
    assert opt.parse("true") is True and opt.parse("False") is False and opt.parse(True) is True
    for word in ("yes", "on", "1", "no", "0", ""):
        with pytest.raises(ValueError, match="option 'corporations' takes true or false"):
            opt.parse(word)
