#!/usr/bin/python3
"""Write scipy_golden.json: expected Wilcoxon and Friedman results from scipy.

Run from the repository root with the system Python (Debian python3-scipy):

    /usr/bin/python3 analysis/testdata/gen_scipy.py

The Go tests only read the JSON; they never call Python. Inputs are written
into the JSON too (Python's float repr round-trips exactly), so Go computes
d = x - y on the very same doubles as numpy.

Wilcoxon method choice: gridbench's Wilcoxon uses the exact distribution only
when n <= 50 and there are no zeros and no ties among |d|. scipy 1.10's
method="auto" ignores ties (it only checks zeros) and truncates half-integer
rank sums, so for tied cases we ask scipy for method="approx" explicitly and
also record what "auto" would have said, under "scipy_auto_pvalue", for the
record. Every case passes zero_method="wilcox", correction=False,
alternative="two-sided" (scipy's defaults) explicitly.
"""
import json
import os
import platform
import sys
import warnings

import numpy as np
import scipy
from scipy import stats


def wilcoxon_case(name, x, y):
    x = [float(v) for v in x]
    y = [float(v) for v in y]
    d = np.asarray(x) - np.asarray(y)
    nz = d[d != 0]
    has_zero = len(nz) < len(d)
    has_ties = len(np.unique(np.abs(nz))) < len(nz)
    exact = len(nz) <= 50 and not has_zero and not has_ties
    method = "exact" if exact else "approx"
    kw = dict(zero_method="wilcox", correction=False, alternative="two-sided")
    case = {"name": name, "x": x, "y": y, "method": method, "exact": exact}
    if len(nz) == 0:
        # scipy raises for all-zero differences; gridbench defines P = 1.
        case.update(statistic=0.0, pvalue=1.0, zstatistic=None, n=0)
        return case
    res = stats.wilcoxon(x, y, method=method, **kw)
    case.update(statistic=float(res.statistic), pvalue=float(res.pvalue), n=int(len(nz)))
    case["zstatistic"] = float(res.zstatistic) if method == "approx" else None
    auto = stats.wilcoxon(x, y, method="auto", **kw)
    if exact or len(d) > 50 or has_zero:
        # Here our rule and scipy's "auto" agree; check it.
        assert abs(auto.pvalue - res.pvalue) <= 1e-12 * max(1.0, res.pvalue), name
    else:
        case["scipy_auto_pvalue"] = float(auto.pvalue)
    return case


def friedman_case(name, blocks):
    blocks = [[float(v) for v in row] for row in blocks]
    cols = list(zip(*blocks))
    res = stats.friedmanchisquare(*cols)
    return {"name": name, "blocks": blocks,
            "statistic": float(res.statistic), "pvalue": float(res.pvalue)}


def main():
    # scipy warns when "auto" meets zeros or small n; the choices are deliberate.
    warnings.simplefilter("ignore")
    rng = np.random.RandomState(20240601)
    w = []
    # scipy's docstring example (Cushny & Peebles via Fisher), n = 15, exact.
    w.append(wilcoxon_case("scipy_doc_n15",
                           [6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75],
                           [0] * 15))
    w.append(wilcoxon_case("n1", [3.5], [1.0]))
    w.append(wilcoxon_case("n2_mixed", [1.0, 2.0], [2.5, 1.0]))
    w.append(wilcoxon_case("n10_all_positive",
                           np.round(rng.uniform(1, 2, 10), 6) + 5, np.round(rng.uniform(1, 2, 10), 6)))
    # Rank sum exactly at the centre: d ranks 1..4 with signs + - - +, W+ = 5 = 10/2.
    w.append(wilcoxon_case("n4_centre", [1, -2, -3, 4], [0, 0, 0, 0]))
    x = np.round(rng.normal(10, 2, 8), 6)
    w.append(wilcoxon_case("n8_exact", x, np.round(x + rng.normal(0.7, 1, 8), 6)))
    x = np.round(rng.normal(100, 10, 50), 6)
    w.append(wilcoxon_case("n50_exact_boundary", x, np.round(x + rng.normal(1.5, 5, 50), 6)))
    x = np.round(rng.normal(100, 10, 51), 6)
    w.append(wilcoxon_case("n51_approx", x, np.round(x + rng.normal(1.5, 5, 51), 6)))
    w.append(wilcoxon_case("n30_all_negative",
                           np.arange(30, dtype=float), np.arange(30, dtype=float) + np.arange(1, 31) * 0.5))
    # Integer data: ties among |d| but no zeros, small n.
    x = rng.randint(0, 10, 12)
    y = x + np.array([1, -1, 2, 2, 3, -2, 1, 4, 2, -3, 5, 1])
    w.append(wilcoxon_case("n12_ties", x, y))
    # Zeros (and ties): three zero differences dropped.
    x = rng.randint(0, 20, 15)
    y = x + np.array([0, 1, 2, -1, 0, 3, 4, 2, 5, 0, 6, -2, 7, 3, 8])
    w.append(wilcoxon_case("n15_zeros", x, y))
    # Large n with ties and zeros.
    x = rng.randint(0, 50, 200)
    w.append(wilcoxon_case("n200_ties_zeros", x, x + rng.randint(-3, 5, 200)))
    x = np.round(rng.exponential(3, 60), 6)
    w.append(wilcoxon_case("n60_approx", x, np.round(x * rng.uniform(0.8, 1.1, 60), 6)))
    w.append(wilcoxon_case("all_zero", [1, 2, 3], [1, 2, 3]))

    f = []
    f.append(friedman_case("k3_n10", np.round(rng.normal(0, 1, (10, 3)) + [0, 0.5, 1], 6)))
    f.append(friedman_case("k3_n8_ties", rng.randint(0, 3, (8, 3))))
    f.append(friedman_case("k5_n12_ties", rng.randint(0, 6, (12, 5)) + np.arange(5)))
    f.append(friedman_case("k4_n6", np.round(rng.exponential(1, (6, 4)) * [1, 1.2, 1.5, 2], 6)))
    f.append(friedman_case("k3_n2", [[1, 2, 3], [3, 1, 2]]))
    f.append(friedman_case("k4_n5_block_all_tied",
                           [[1, 1, 1, 1], [1, 2, 3, 4], [2, 1, 4, 3], [5, 5, 2, 2], [1, 3, 2, 4]]))

    out = {
        "generated_by": "/usr/bin/python3 results/testdata/gen_scipy.py",
        "scipy_version": scipy.__version__,
        "numpy_version": np.__version__,
        "python_version": platform.python_version(),
        "wilcoxon": w,
        "friedman": f,
    }
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scipy_golden.json")
    with open(path, "w") as fh:
        json.dump(out, fh, indent=1)
        fh.write("\n")
    print("wrote", path, file=sys.stderr)


if __name__ == "__main__":
    main()
