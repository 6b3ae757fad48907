package filestudy_test

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/experiments/filestudy"
)

// Every space-shared run records its utilisation and the page draws the
// first repetition's: on the burst workload two jobs of 2 CPUs run at a
// time on 4 from 0 to 20 s, then one alone until 30 s.
func TestUtilisationSeries(t *testing.T) {
	out, dir := runBurst(t, "burst-util")
	n := map[string]int{}
	for _, x := range out.Result.Series {
		if x.Series != filestudy.SeriesUtilisation {
			continue
		}
		n[x.Algorithm]++
		want := 1.0
		if x.T >= 20 {
			want = 0.5
		}
		if mid := x.T + 0.15; math.Abs(mid-20) > 0.15 && math.Abs(x.Value-want) > 1e-9 {
			t.Errorf("%s at %g s: %g in use, want %g", x.Algorithm, x.T, x.Value, want)
		}
	}
	if n["fcfs"] != 2*filestudy.UtilBins || n["easy"] != 2*filestudy.UtilBins {
		t.Errorf("utilisation samples per algorithm %v, want %d each (2 repetitions)", n, 2*filestudy.UtilBins)
	}
	page, err := os.ReadFile(filepath.Join(dir, "paper", "burst-util.md"))
	if err != nil {
		t.Fatal(err)
	}
	fig := "figures/burst-util-utilisation-1.png"
	if !strings.Contains(string(page), "## Utilisation") || !strings.Contains(string(page), "("+fig+")") {
		t.Errorf("page lacks the utilisation section with %s:\n%s", fig, page)
	}
	if _, err := os.Stat(filepath.Join(dir, "paper", fig)); err != nil {
		t.Error(err)
	}
}
