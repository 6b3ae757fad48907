package filestudy_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/experiments/filestudy"
	"github.com/gridbench/gridbench/pipeline"
)

const mixedDeadline = `name = "mixd"
algorithms = ["fcfs", "easy"]

[[workload]]
kind = "deadline"
jobs = 60
machines = 4
mean_inter_arrival = 10

[[workload]]
kind = "deadline"
name = "nodeadline"
jobs = 60
machines = 4
mean_inter_arrival = 10
deadline_share = 0

[[workload]]
kind = "lublin"
jobs = 100
cpus = 16

[[claim]]
algorithm = "easy"
baseline = "fcfs"
metric = "delayed_pct"
direction = "lower"
`

// TestDelayedOnlyWhereDeadlines: delayed_pct, the share of the jobs with a
// deadline that end late, is undefined where no job has one. A study that
// put a Lublin or trace workload beside a deadline workload once failed
// whole ("metric delayed_pct is NaN") after the first runs, and so did a
// deadline workload with deadline_share = 0. Now those runs have no
// delayed_pct, and a claim on it is tested on the workloads that measure
// it only: its Holm family is the one deadline workload with deadlines.
func TestDelayedOnlyWhereDeadlines(t *testing.T) {
	dir := t.TempDir()
	p := write(t, mixedDeadline)
	s, err := filestudy.Load(p)
	if err != nil {
		t.Fatal(err)
	}
	if w := s.PowerWarnings(5); len(w) != 1 || !strings.Contains(w[0], "needs at least 6 repetitions (Wilcoxon, one workload)") {
		t.Errorf("power warnings at 5 reps: %q, want the claim's family to be one workload", w)
	}
	runStudy(t, p, dir, 2, 2, bench.Shard{}, false)
	recs, err := analysis.ReadFile(filepath.Join(dir, "results", "mixd", "runs.csv"))
	if err != nil {
		t.Fatal(err)
	}
	delayed := map[string]int{}
	workloads := map[string]bool{}
	for _, r := range recs {
		workloads[r.Workload] = true
		if r.Metric == "delayed_pct" {
			delayed[r.Workload]++
		}
	}
	if len(workloads) != 3 || len(delayed) != 1 || delayed["ia=10"] != 2*2 {
		t.Errorf("workloads %v; delayed_pct rows per workload %v, want 4 for ia=10 only", workloads, delayed)
	}
	page, err := os.ReadFile(filepath.Join(dir, "paper", "mixd.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(page), "\n") {
		if strings.HasPrefix(line, "| easy lower than fcfs on delayed_pct |") && !strings.HasPrefix(line, "| easy lower than fcfs on delayed_pct | ia=10 |") {
			t.Errorf("claim tested where delayed_pct is undefined: %s", line)
		}
	}
}

// TestDeadlineLoadErrors: keys that made every run fail after the plan
// (jobs larger than every machine, no inter-arrival time) and a claim on
// delayed_pct where nothing measures it are refused when the file loads,
// naming the key.
func TestDeadlineLoadErrors(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"no inter-arrival", strings.Replace(mixedDeadline, "mean_inter_arrival = 10\n\n[[workload]]\nkind = \"deadline\"", "\n[[workload]]\nkind = \"deadline\"", 1),
			`s.toml:4: workload 1: key mean_inter_arrival: missing or 0`},
		{"jobs larger than machines", strings.Replace(mixedDeadline, "machines = 4\nmean_inter_arrival = 10\n\n", "machines = 4\nmean_inter_arrival = 10\nmachine_cpus_max = 2\n\n", 1),
			`workload 1: keys job_cpus_max/machine_cpus_max: jobs of up to 8 CPUs on machines of at most 2`},
		{"claim where nothing has deadlines", strings.Replace(mixedDeadline, `direction = "lower"`, "direction = \"lower\"\nworkload = \"lublin/100jobs/cpus=16\"", 1),
			`claim 1: key metric: delayed_pct is measured only on deadline workloads whose jobs have deadlines`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := write(t, tc.text)
			_, err := filestudy.Load(p)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), p) || strings.Contains(err.Error(), "\n") {
				t.Errorf("err = %v\nwant one line starting with the file and containing %q", err, tc.want)
			}
		})
	}
}

// TestEveryRunFailed: when every run fails there is nothing to report, and
// the error once said only "no results to report". It now also says how
// many runs failed and why the first did.
func TestEveryRunFailed(t *testing.T) {
	text := strings.NewReplacer(`"tiny"`, `"allfail"`, `["fcfs", "easy"]`, `["broken"]`).Replace(good) + "\n[aliases]\nbroken = \"exec:" + os.Args[0] + " -test.run=^$ -no-such-flag\"\n"
	p := write(t, text)
	_, err := pipeline.RunStudy(context.Background(), p, pipeline.Options{Config: experiments.Config{Reps: 1}, Out: t.TempDir(), Report: true, Workers: 1})
	if err == nil || !strings.Contains(err.Error(), "no results to report; 1 runs failed (the next study run retries them); first: broken on ") || !strings.HasPrefix(err.Error(), "allfail: ") {
		t.Errorf("err = %v", err)
	}
}
