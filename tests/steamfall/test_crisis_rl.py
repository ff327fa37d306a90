"""Crisis in Steamfall's RL hooks: every Crisis id offered is in the fixed universe (also in
a fresh process that played a Crisis game first), and the observation's Crisis block
(serenity, pylons, crisis boxes and cubes, Mechanized, support, the Core Shard, the
encounter in progress) is filled from the view, relative to the observer, zero elsewhere."""

from __future__ import annotations

import copy
import hashlib
import json
import subprocess
import sys

import numpy as np
import pytest

import boardwright.titles.steamfall as sf
from boardwright.engine import Rng
from boardwright.titles.steamfall import rl
from boardwright.titles.steamfall.scenarios.crisis import rl as crisis_rl
from boardwright.titles.steamfall.state import SteamfallState

_CHILD = """
import hashlib, json, sys
import boardwright.titles.steamfall as sf
from boardwright.engine import Rng
players, seed = int(sys.argv[1]), int(sys.argv[2])
st = sf.SPEC.new_game(players, seed=seed, options={"scenario": "crisis", "difficulty": "crushing"})
rng = Rng(seed)
for _ in range(300):
    if st.over:
        break
    s = st.to_act[rng.below(len(st.to_act))]
    acts = st.legal_actions(s)
    st.apply(s, acts[rng.below(len(acts))].id)
ids = sf.SPEC.hook("rl_actions")(players, {"scenario": "crisis", "difficulty": "easy"})
print(hashlib.sha256(json.dumps(ids).encode()).hexdigest())
"""


def _digest(ids: list[str]) -> str:
    return hashlib.sha256(json.dumps(ids).encode()).hexdigest()


def _crisis(players: int, seed: int, difficulty: str = "normal", steps: int = 0) -> SteamfallState:
    st = sf.SPEC.new_game(players, seed=seed, options={"scenario": "crisis", "difficulty": difficulty})
    rng = Rng(seed)
    while not st.over and (st.round < 1 or not st.cr["cards"] or steps > 0):
        s = st.to_act[rng.below(len(st.to_act))]
        acts = st.legal_actions(s)
        st.apply(s, acts[rng.below(len(acts))].id)
        if st.round >= 1:
            steps -= 1
    return st


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_crisis_universe_is_the_same_in_a_process_that_played_crisis(players: int) -> None:
    here = rl.action_universe(players, {"scenario": "crisis"})
    assert here == rl.action_universe(players, {})  # options change nothing
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, str(players), str(players + 3)],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    assert out.stdout.strip() == _digest(here)


@pytest.mark.parametrize(
    ("players", "difficulty"), [(1, "easy"), (2, "crushing"), (3, "hard"), (4, "normal")]
)
def test_every_crisis_action_offered_is_in_the_universe(players: int, difficulty: str) -> None:
    universe = set(rl.action_universe(players, {}))
    seen: set[str] = set()
    for seed in range(2):
        st = sf.SPEC.new_game(players, seed=seed, options={"scenario": "crisis", "difficulty": difficulty})
        rng = Rng(seed)
        while not st.over:
            s = st.to_act[rng.below(len(st.to_act))]
            acts = st.legal_actions(s)
            missing = [a.id for a in acts if a.id not in universe]
            assert not missing, missing
            seen.update(a.id.split(":")[0] for a in acts)
            st.apply(s, acts[rng.below(len(acts))].id)
    assert {"enc", "shard", "support"} <= seen  # the Crisis actions were offered


def _block(view: dict[str, object]) -> np.ndarray:
    names = [n for n, _ in rl.fields()]
    start = sum(n for _, n in rl.fields()[: names.index("Crisis (see the Crisis block)")])
    return rl.encode_view(view)[start : start + crisis_rl.size()]


def _offset(name: str) -> int:
    pos = 0
    for n, size in crisis_rl.fields():
        if n.startswith(name):
            return pos
        pos += size
    raise KeyError(name)


def test_crisis_block_is_zero_outside_crisis_and_filled_in_crisis() -> None:
    other = sf.SPEC.new_game(2, seed=1, options={})
    assert not _block(other.view(0)).any()
    st = _crisis(3, 1, "hard")
    view = st.view(0)
    blk = _block(view)
    assert blk[_offset("scenario is Crisis")] == 1.0
    assert blk[_offset("difficulty") + 2] == 1.0  # hard
    assert blk[_offset("serenity")] == pytest.approx(st.cr["serenity"] / 20)
    pyl = _offset("pylon standing")
    assert sorted(np.flatnonzero(blk[pyl : pyl + crisis_rl.MAX_DISTRICTS]).tolist()) == sorted(
        st.cr["pylons"]
    )
    per = sum(n for _, n in crisis_rl.district_fields())
    cards = _offset("crisis cards per district")
    crises, _ = crisis_rl._ids()
    for card in st.cr["cards"]:
        base = cards + card["area"] * per
        assert blk[base + crises.index(card["id"])] == 1.0


def test_boxes_mechanized_support_and_encounter_show_in_the_block() -> None:
    st = _crisis(2, 4, "crushing")
    view = st.view(0, log=False)
    cv = view["crisis"]
    card = cv["cards"][0]
    per = sum(n for _, n in crisis_rl.district_fields())
    n_cr = len(crisis_rl._ids()[0])
    covered = _offset("crisis cards per district") + card["area"] * per + n_cr + 2 * crisis_rl.BOXES
    before = _block(view)
    after_view = copy.deepcopy(view)
    after_view["crisis"]["cards"][0]["boxes"][1]["done_by"] = 1
    after = _block(after_view)
    assert before[covered + 1] == 0.0 and after[covered + 1] == 1.0
    # Mechanized and support tokens per area
    v2 = copy.deepcopy(view)
    v2["areas"][4]["tokens"]["mechanized"] = 2
    v2["crisis"]["support"] = [4]
    blk = _block(v2)
    assert blk[_offset("Mechanized per area") + 4] == pytest.approx(0.4)
    assert blk[_offset("support stamina token") + 4] == 1.0
    # an encounter in progress with its drawn cards
    v3 = copy.deepcopy(view)
    encs = crisis_rl._ids()[1]
    v3["crisis"]["encounter"] = {
        "p": 1,
        "kind": "mechanized",
        "cards": [encs[3], encs[5]],
        "used": [1],
        "sup": [encs[7]],
        "succ": 2,
    }
    blk = _block(v3)
    assert blk[_offset("encounter in progress")] == 1.0
    assert blk[_offset("encounter: whose") + 1] == 1.0  # seat 1 seen from seat 0
    assert blk[_offset("encounter: with a civilian") + 1] == 1.0
    assert blk[_offset("encounter: successes")] == pytest.approx(0.5)
    drawn, used, sup = (_offset(f"encounter: {k}") for k in ("cards drawn", "cards already", "support cards"))
    assert np.flatnonzero(blk[drawn : drawn + len(encs)]).tolist() == [3, 5]
    assert np.flatnonzero(blk[used : used + len(encs)]).tolist() == [5]
    assert np.flatnonzero(blk[sup : sup + len(encs)]).tolist() == [7]


def test_core_shard_holder_is_relative_to_the_observer() -> None:
    """Seat swap: the holder moving from one other seat to another changes the observer's
    vector, and whoever observes sees its own holding in slot 0."""
    st = _crisis(3, 2)
    holder = _offset("Core Shard holder")
    views = [st.view(s, log=False) for s in range(3)]
    a, b = copy.deepcopy(views[0]), copy.deepcopy(views[0])
    a["crisis"]["shard"]["holder"], b["crisis"]["shard"]["holder"] = 1, 2
    assert not np.array_equal(_block(a), _block(b))
    for s, v in enumerate(views):
        v["crisis"]["shard"]["holder"] = s
        blk = _block(v)
        assert np.flatnonzero(blk[holder : holder + crisis_rl.MAX_SEATS]).tolist() == [0]
    v = copy.deepcopy(views[0])
    v["crisis"]["shard"]["holder"] = 2
    assert np.flatnonzero(_block(v)[holder : holder + crisis_rl.MAX_SEATS]).tolist() == [2]
    v = copy.deepcopy(views[1])
    v["crisis"]["shard"]["holder"] = 0
    assert np.flatnonzero(_block(v)[holder : holder + crisis_rl.MAX_SEATS]).tolist() == [2]


def test_field_map_documents_the_crisis_block() -> None:
    text = rl.field_map()
    assert "### The Crisis block" in text and "serenity / 20" in text
    assert ("Crisis (see the Crisis block)", crisis_rl.size()) in rl.fields()
