"""Bandwidth per mode and subfile count from a benchmarks/run.sh CSV, as a
PNG beside it (one panel per kernel and phase, the median of the runs).

    python3 benchmarks/plot_bench.py RESULTS.csv [OUT.png]
"""
import collections
import statistics
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

ORDER = {"shared": 0, "fpp": 1, "pnetcdf-subfiling": 2, "pnc1.15-shared": 3, "pnc1.15-aggr": 4,
         "pnc1.15-subfiling": 5, "subfiling": 6}


def main(csv, png):
    runs = collections.defaultdict(list)
    for line in open(csv):
        f = line.strip().split(",")
        if len(f) < 13 or f[0] != "CSV":
            continue
        kernel, phase, mode, nfiles, bw = f[1], f[2], f[3], f[5], float(f[12])
        label = "%s N=%s" % (mode, nfiles) if "subfiling" in mode else mode
        runs[(kernel, phase)].append((label, mode, int(nfiles), bw))
    if not runs:
        sys.exit("plot_bench: no results in %s" % csv)
    panels = sorted(runs)
    fig, axes = plt.subplots(len(panels), 1, figsize=(9, 2.6 * len(panels)), squeeze=False)
    for ax, key in zip(axes[:, 0], panels):
        by = collections.defaultdict(list)
        order = {}
        for label, mode, n, bw in runs[key]:
            by[label].append(bw)
            order[label] = (ORDER.get(mode, 9), n)
        labels = sorted(by, key=lambda lb: order[lb])
        med = [statistics.median(by[lb]) for lb in labels]
        colors = ["#888888" if lb == "shared" else "#4c72b0" if lb == "fpp" else
                  "#dd8452" if lb.startswith("pnetcdf") else "#c44e52" if lb.startswith("pnc1.15") else
                  "#55a868" for lb in labels]
        ax.bar(range(len(labels)), med, color=colors)
        ax.set_xticks(range(len(labels)))
        ax.set_xticklabels(labels, rotation=20, ha="right", fontsize=8)
        ax.set_ylim(bottom=0)  # bars from zero: heights compare as ratios
        ax.set_ylabel("MiB/s (median)")
        ax.set_title("%s %s" % key, fontsize=10)
        for i, v in enumerate(med):
            ax.text(i, v, "%.0f" % v, ha="center", va="bottom", fontsize=7)
    fig.tight_layout()
    fig.savefig(png, dpi=90)
    print("plot: %s" % png)


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2] if len(sys.argv) == 3 else sys.argv[1].rsplit(".", 1)[0] + ".png")
