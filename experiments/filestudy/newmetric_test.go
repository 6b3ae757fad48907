package filestudy_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/spaceshared"
)

// A metric is one row of its family's table: a row added to
// spaceshared.Table, as a program of your own may add one, is a metric a
// study file names and runs.csv records, with nothing else changed.
func TestNewMetric(t *testing.T) {
	saved := spaceshared.Table
	t.Cleanup(func() { spaceshared.Table = saved })
	spaceshared.Table = append(slices.Clip(saved), analysis.MetricRow[spaceshared.Metrics]{
		Metric: analysis.Metric{Name: "makespan_min", Unit: "min", Better: analysis.LowerIsBetter, Label: "makespan in minutes",
			Definition: "makespan / 60"},
		Value: func(m spaceshared.Metrics) float64 { return m.Makespan / 60 }})

	out, dir := runBurst(t, "burst-metric", "makespan", "makespan_min")
	got := map[string]float64{}
	for _, r := range out.Result.Records {
		got[r.Metric] = r.Value
	}
	// The burst's last job ends at 30 s (TestNewKindRuns).
	if got["makespan"] != 30 || got["makespan_min"] != 0.5 {
		t.Errorf("recorded %v, want makespan 30 and makespan_min 0.5", got)
	}
	page, err := os.ReadFile(filepath.Join(dir, "paper", "burst-metric.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), "makespan in minutes") && !strings.Contains(string(page), "makespan / 60") {
		t.Errorf("the page does not describe the new metric:\n%s", page)
	}
}
