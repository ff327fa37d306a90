"""Beacon's rule references (its whole rulebook, in one table)."""

SECTIONS = {
    "B1": "B1 Setup: one keeper per seat (two for the solo seat), 1 oil each; 6 storm cards (1,1,2,2,3,3)",
    "B2": "B2 Signal: every seat secretly picks 0-2; revealed together; a unique pick gives that much oil",
    "B3": "B3 Keeper turns: from the first seat, each keeper gathers 1 oil, lights N for N oil, or rests",
    "B4": "B4 Storm: the top storm card strikes the least-lit keeper; the first seat breaks ties",
    "B5": "B5 Gust: a d6; on a 6 every keeper loses 1 oil",
    "B6": "B6 End: after 3 rounds; light scores; the goal is 3 light per keeper (6 in solo)",
}
