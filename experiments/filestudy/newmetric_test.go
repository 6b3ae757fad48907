package filestudy_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/experiments/filestudy"
	"github.com/gridbench/gridbench/pipeline"
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

	filestudy.AddBurstKind(t)
	dir := t.TempDir()
	p := filepath.Join(dir, "metric.toml")
	text := strings.Replace(strings.Replace(filestudy.BurstStudy, `"burst-kind"`, `"burst-metric"`, 1),
		`metrics = ["wait", "makespan"]`, `metrics = ["makespan", "makespan_min"]`, 1)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := pipeline.RunStudy(context.Background(), p, pipeline.Options{Config: experiments.Config{Reps: 1}, Out: filepath.Join(dir, "out"), Report: true, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for _, r := range out.Result.Records {
		got[r.Metric] = r.Value
	}
	// The burst's last job ends at 30 s (TestNewKindRuns).
	if got["makespan"] != 30 || got["makespan_min"] != 0.5 {
		t.Errorf("recorded %v, want makespan 30 and makespan_min 0.5", got)
	}
	page, err := os.ReadFile(filepath.Join(dir, "out", "paper", "burst-metric.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), "makespan in minutes") && !strings.Contains(string(page), "makespan / 60") {
		t.Errorf("the page does not describe the new metric:\n%s", page)
	}
}
