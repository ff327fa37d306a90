"""The balance lab: a report with plots from any `simulate --out` file.

- `report.load`: read a results file, refusing a bad or mixed one with the line named;
- `report.stats`: the numbers (rates with Wilson intervals, means with t intervals);
- `report.figures`: the plots (matplotlib, Agg backend);
- `report.page`: `write_report(rows, folder)`, the HTML page with its plots beside it;
- `report.panels`: the shape of a game's `balance` hook (imports no plotting library).

This package imports nothing heavy itself, so a title may import `report.panels` cheaply.
See docs/balance-lab.md.
"""
