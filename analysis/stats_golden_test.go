package analysis

// Golden values from scipy.
//
// testdata/scipy_golden.json was produced on this repository's dev machine by
//
//	/usr/bin/python3 analysis/testdata/gen_scipy.py
//
// with Debian's python3-scipy (scipy 1.10.1, numpy 1.24.2; the versions are
// recorded in the file). The script calls scipy.stats.wilcoxon with
// zero_method="wilcox", correction=False and method "exact" or "approx" as
// our rule picked before ties and zeros took the exact path (see
// Wilcoxon's doc and the script's docstring), and
// scipy.stats.friedmanchisquare. Where the differences tie or hold a
// zero and are at most WilcoxonExactMaxN, scipy has no exact p-value and
// the file holds its approximation: there W is checked against scipy and
// P against the enumeration of every sign (naiveTiedP). Inputs are stored in the JSON, so these
// tests never run Python. Regenerate after changing the script; do not edit
// the JSON by hand.

import (
	"encoding/json"
	"math"
	"os"
	"testing"
)

type goldenFile struct {
	ScipyVersion string           `json:"scipy_version"`
	Wilcoxon     []goldenWilcoxon `json:"wilcoxon"`
	Friedman     []goldenFriedman `json:"friedman"`
}

type goldenWilcoxon struct {
	Name       string    `json:"name"`
	X          []float64 `json:"x"`
	Y          []float64 `json:"y"`
	Exact      bool      `json:"exact"`
	N          int       `json:"n"`
	Statistic  float64   `json:"statistic"`
	PValue     float64   `json:"pvalue"`
	ZStatistic *float64  `json:"zstatistic"`
}

type goldenFriedman struct {
	Name      string      `json:"name"`
	Blocks    [][]float64 `json:"blocks"`
	Statistic float64     `json:"statistic"`
	PValue    float64     `json:"pvalue"`
}

func loadGolden(t *testing.T) goldenFile {
	t.Helper()
	const path = "testdata/scipy_golden.json"
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var g goldenFile
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if g.ScipyVersion == "" || len(g.Wilcoxon) < 10 || len(g.Friedman) < 5 {
		t.Fatalf("%s: incomplete golden file (scipy %q, %d Wilcoxon, %d Friedman cases)",
			path, g.ScipyVersion, len(g.Wilcoxon), len(g.Friedman))
	}
	return g
}

// goldenClose reports whether got is within rel relative error of want (absolute
// for |want| < 1, where relative error would demand digits a p-value of 1
// or a statistic of 0 cannot have).
func goldenClose(got, want, rel float64) bool {
	if math.IsNaN(got) || math.IsNaN(want) {
		return math.IsNaN(got) && math.IsNaN(want)
	}
	return math.Abs(got-want) <= rel*math.Max(math.Abs(want), 1e-300) || math.Abs(got-want) <= 1e-15
}

const goldenTol = 1e-9

func TestWilcoxonGolden(t *testing.T) {
	g := loadGolden(t)
	for _, c := range g.Wilcoxon {
		t.Run(c.Name, func(t *testing.T) {
			r, err := Wilcoxon(c.X, c.Y)
			if err != nil {
				t.Fatal(err)
			}
			if !goldenClose(r.W, c.Statistic, goldenTol) {
				t.Errorf("W = %v, scipy %v", r.W, c.Statistic)
			}
			if !c.Exact && c.N <= WilcoxonExactMaxN && c.N > 0 {
				// Ties or zeros, where scipy has no exact distribution
				// and the script asked for its normal approximation:
				// the p-value here is the exact one of the ranks as they
				// are (see Wilcoxon), as enumerating every sign gives.
				d := make([]float64, len(c.X))
				for i := range d {
					d[i] = c.X[i] - c.Y[i]
				}
				if want := naiveTiedP(d); r.N != c.N || !r.Exact || math.Abs(r.P-want) > 1e-12 || !math.IsNaN(r.Z) {
					t.Errorf("N=%d Exact=%v P=%v Z=%v; want n=%d, the exact p %v of enumeration (scipy's approximation: %v)", r.N, r.Exact, r.P, r.Z, c.N, want, c.PValue)
				}
				return
			}
			if r.N != c.N || r.Exact != c.Exact {
				t.Errorf("N=%d Exact=%v, scipy case has n=%d exact=%v", r.N, r.Exact, c.N, c.Exact)
			}
			if !goldenClose(r.P, c.PValue, goldenTol) {
				t.Errorf("P = %.17g, scipy %.17g", r.P, c.PValue)
			}
			if c.ZStatistic != nil && !goldenClose(r.Z, *c.ZStatistic, goldenTol) {
				t.Errorf("Z = %.17g, scipy %.17g", r.Z, *c.ZStatistic)
			}
			if c.ZStatistic == nil && !math.IsNaN(r.Z) {
				t.Errorf("Z = %v, want NaN for an exact or empty test", r.Z)
			}
		})
	}
}

func TestFriedmanGolden(t *testing.T) {
	g := loadGolden(t)
	for _, c := range g.Friedman {
		t.Run(c.Name, func(t *testing.T) {
			r, err := Friedman(c.Blocks)
			if err != nil {
				t.Fatal(err)
			}
			if !goldenClose(r.Chi2, c.Statistic, goldenTol) {
				t.Errorf("Chi2 = %.17g, scipy %.17g", r.Chi2, c.Statistic)
			}
			if !goldenClose(r.P, c.PValue, goldenTol) {
				t.Errorf("P = %.17g, scipy %.17g", r.P, c.PValue)
			}
			if r.DF != len(c.Blocks[0])-1 || r.N != len(c.Blocks) {
				t.Errorf("N=%d DF=%d for %dx%d blocks", r.N, r.DF, len(c.Blocks), len(c.Blocks[0]))
			}
		})
	}
}
