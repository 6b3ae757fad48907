package filestudy_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/pipeline"
)

// A claim tested with too few repetitions reads "inconclusive", with the
// number needed, on the page, in claims.json and in the headline; study run
// warns before running. Two workloads put the claim in a Holm family of 2,
// so it needs 7 pairs (2·2/2^n < 0.05); 8 repetitions decide it.
func TestUnderpoweredClaimIsInconclusive(t *testing.T) {
	text := `name = "power"
algorithms = ["MCT", "OLB"]
metrics = ["makespan"]

[[workload]]
kind = "etc"
name = "a"
jobs = 32
machines = 4
consistency = "i"
task_heterogeneity = "hi"
machine_heterogeneity = "hi"

[[workload]]
kind = "etc"
name = "b"
jobs = 32
machines = 4
consistency = "s"
task_heterogeneity = "hi"
machine_heterogeneity = "lo"

[[claim]]
algorithm = "MCT"
baseline = "OLB"
metric = "makespan"
direction = "lower"
`
	p := write(t, text)
	for _, tc := range []struct {
		reps     int
		verdict  string
		headline string
		warns    bool
	}{
		{5, "inconclusive (too few repetitions: at least 7 needed)", "0 of 1 claim held, 1 inconclusive (too few repetitions)", true},
		{8, "| **held** |", "1 of 1 claim held", false},
	} {
		out := t.TempDir()
		var progress bytes.Buffer
		o, err := pipeline.RunStudy(context.Background(), p, pipeline.Options{Config: experiments.Config{Reps: tc.reps}, Out: out, Report: true, Workers: 1, Progress: &progress})
		if err != nil {
			t.Fatal(err)
		}
		warning := `power: warning: claim "MCT lower than OLB on makespan" needs at least 7 repetitions (Wilcoxon, Holm over 2 workloads), --reps is 5`
		if got := strings.Contains(progress.String(), warning); got != tc.warns {
			t.Errorf("reps %d: warning printed %v, want %v:\n%s", tc.reps, got, tc.warns, progress.String())
		}
		if !strings.Contains(o.Report.Headline, tc.headline) {
			t.Errorf("reps %d: headline %q lacks %q", tc.reps, o.Report.Headline, tc.headline)
		}
		page, err := os.ReadFile(filepath.Join(pipeline.PaperDir(out), "power.md"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(page), tc.verdict) {
			t.Errorf("reps %d: page lacks %q:\n%s", tc.reps, tc.verdict, page)
		}
		// The Friedman table's post-hoc column: at 5 repetitions no pair
		// could differ, which it says instead of a bare "none"; at 8, MCT's
		// makespan is below OLB's in every repetition, which it says with
		// the effect size.
		if none := "none: too few repetitions: at least 6 needed"; strings.Contains(string(page), none) != tc.warns {
			t.Errorf("reps %d: page says %q: %v, want %v", tc.reps, none, !tc.warns, tc.warns)
		}
		if differ := "| MCT < OLB (r=-1.00, p=0.0078) |"; strings.Contains(string(page), differ) == tc.warns {
			t.Errorf("reps %d: page says %q: %v, want %v:\n%s", tc.reps, differ, tc.warns, !tc.warns, page)
		}
		b, err := os.ReadFile(filepath.Join(pipeline.PaperDir(out), "power.claims.json"))
		if err != nil {
			t.Fatal(err)
		}
		var file analysis.LedgerFile
		if err := json.Unmarshal(b, &file); err != nil {
			t.Fatal(err)
		}
		ledger := file.Entries
		want := analysis.VerdictHeld
		if tc.warns {
			want = analysis.VerdictInconclusive
		}
		if len(ledger) != 1 || ledger[0].Verdict != want || ledger[0].N != tc.reps {
			t.Errorf("reps %d: claims.json %+v, want one %q entry over %d pairs", tc.reps, ledger, want, tc.reps)
		}
		// Each workload's row gives the effect size the verdict's
		// direction rests on, the claims file's r.
		for _, r := range ledger[0].Results {
			if r.R == nil {
				t.Fatalf("reps %d: %s: no r in claims.json", tc.reps, r.Scope)
			}
			row := fmt.Sprintf("| MCT lower than OLB on makespan | %s | %d |", r.Scope, r.N)
			i := strings.Index(string(page), row)
			if i < 0 || !strings.Contains(strings.SplitN(string(page[i:]), "\n", 2)[0], fmt.Sprintf(" | %.2f | ", *r.R)) {
				t.Errorf("reps %d: page lacks the row %q with r %.2f:\n%s", tc.reps, row, *r.R, page)
			}
		}
	}
}

// Every interval on a study page lies within the values' range, so a
// non-negative metric never gets a negative bound, even from two
// repetitions far apart (where mean ± t·SD/√n with t = 12.7 goes far below 0).
func TestStudyPageIntervalsNeverNegative(t *testing.T) {
	p := write(t, `name = "ci"
algorithms = ["OLB", "MCT"]
metrics = ["makespan", "flowtime"]

[[workload]]
kind = "etc"
jobs = 16
machines = 4
consistency = "i"
task_heterogeneity = "hi"
machine_heterogeneity = "hi"
`)
	out := t.TempDir()
	if _, err := pipeline.RunStudy(context.Background(), p, pipeline.Options{Config: experiments.Config{Reps: 2}, Out: out, Report: true, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(pipeline.PaperDir(out), "ci.md"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(page)
	if strings.Contains(s, "[-") {
		t.Errorf("a negative interval bound on the page:\n%s", s)
	}
	for _, want := range []string{"percentile bootstrap interval", "| makespan | ETC time units | lower |", "makespan (ETC time units): mean [95% bootstrap CI]"} {
		if !strings.Contains(s, want) {
			t.Errorf("page lacks %q:\n%s", want, s)
		}
	}
}
