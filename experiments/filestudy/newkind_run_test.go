package filestudy_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/experiments/filestudy"
	"github.com/gridbench/gridbench/pipeline"
)

// TestNewKindRuns runs a tiny study of a kind added through the table
// (TestNewKind): its runs give the numbers the workload implies and the
// page describes it.
func TestNewKindRuns(t *testing.T) {
	out, dir := runBurst(t, "burst-kind")
	// Two jobs of 2 CPUs at a time on 4: they start at 0, 0, 10, 10, 20,
	// so the mean wait is 8 s and the last ends at 30 s, for either
	// algorithm.
	if n := len(out.Result.Records); n != 2*2*2 {
		t.Errorf("%d records, want 2 algorithms × 2 repetitions × 2 metrics", n)
	}
	for _, r := range out.Result.Records {
		want := map[string]float64{filestudy.MWait: 8, "makespan": 30}[r.Metric]
		if r.Workload != "burst/5x2" || r.Value != want {
			t.Errorf("%s on %s rep %d: %s = %g, want %g on burst/5x2", r.Algorithm, r.Workload, r.Rep, r.Metric, r.Value, want)
		}
	}
	page, err := os.ReadFile(filepath.Join(dir, "paper", "burst-kind.md"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "| burst/5x2 | burst | 5 jobs of 2 CPUs and 10 s, all at time 0, on 4 CPUs |"; !strings.Contains(string(page), want) {
		t.Errorf("page lacks the workload's row %q:\n%s", want, page)
	}
}

// runBurst runs the burst study (filestudy.BurstStudy) under the name
// name at two repetitions, report included, with its metrics line
// replaced by metrics when given, and returns its outcome and output
// folder.
func runBurst(t *testing.T, name string, metrics ...string) (*pipeline.Outcome, string) {
	t.Helper()
	filestudy.AddBurstKind(t)
	dir := t.TempDir()
	p := filepath.Join(dir, name+".toml")
	text := strings.Replace(filestudy.BurstStudy, `"burst-kind"`, `"`+name+`"`, 1)
	if len(metrics) > 0 {
		text = strings.Replace(text, `metrics = ["wait", "makespan"]`, `metrics = ["`+strings.Join(metrics, `", "`)+`"]`, 1)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := pipeline.RunStudy(context.Background(), p, pipeline.Options{Config: experiments.Config{Reps: 2}, Out: filepath.Join(dir, "out"), Report: true, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	return out, filepath.Join(dir, "out")
}
