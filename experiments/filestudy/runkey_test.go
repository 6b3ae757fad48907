package filestudy_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/experiments/filestudy"
)

// runKeyStudy has two workloads and three algorithms, one an alias.
const runKeyStudy = `name = "keys"
algorithms = ["fcfs", "easy", "mine"]
metrics = ["wait", "bsld"]

[aliases]
mine = "cons"

[[workload]]
kind = "deadline"
name = "d1"
mean_inter_arrival = 2
jobs = 40
machines = 4

[[workload]]
kind = "deadline"
name = "d2"
mean_inter_arrival = 3
jobs = 40
machines = 4
`

// runKeys plans text with 2 repetitions and returns each run's
// configuration hash by workload/algorithm, checking that the
// repetitions of one share it.
func runKeys(t *testing.T, text string) map[string]string {
	t.Helper()
	s, err := filestudy.Load(write(t, text))
	if err != nil {
		t.Fatal(err)
	}
	pl, err := s.Plan(experiments.Config{Reps: 2})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, r := range pl.Bench().Runs {
		k := r.Workload + "/" + r.Algorithm
		if r.ConfigHash == "" {
			t.Fatalf("run %s has no configuration hash of its own", r.Key())
		}
		if h, ok := out[k]; ok && h != r.ConfigHash {
			t.Fatalf("the repetitions of %s have configurations %s and %s", k, h, r.ConfigHash)
		}
		out[k] = r.ConfigHash
	}
	return out
}

// Each run of a study file is keyed on its own workload and algorithm
// (bench.Run.ConfigHash), so that adding, removing or editing another
// workload or algorithm keeps its runs; every other key that makes runs
// is in every run's key.
func TestRunKeysHoldTheirWorkloadAndAlgorithm(t *testing.T) {
	base := runKeys(t, runKeyStudy)
	if len(base) != 6 {
		t.Fatalf("%d workload/algorithm pairs, want 6", len(base))
	}
	seen := map[string]string{}
	for k, h := range base {
		if o, ok := seen[h]; ok {
			t.Errorf("%s and %s share configuration %s", o, k, h)
		}
		seen[h] = k
	}
	for _, tc := range []struct {
		name      string
		edit      func(string) string
		unchanged []string // the pairs whose key stays; every other changes
	}{
		{"an algorithm added", func(s string) string {
			return strings.Replace(s, `"mine"]`, `"mine", "easy-sjbf"]`, 1)
		}, []string{"d1/fcfs", "d1/easy", "d1/mine", "d2/fcfs", "d2/easy", "d2/mine"}},
		{"the algorithms reordered", func(s string) string {
			return strings.Replace(s, `["fcfs", "easy", "mine"]`, `["mine", "easy", "fcfs"]`, 1)
		}, []string{"d1/fcfs", "d1/easy", "d1/mine", "d2/fcfs", "d2/easy", "d2/mine"}},
		{"a workload removed", func(s string) string {
			return s[:strings.LastIndex(s, "[[workload]]")]
		}, []string{"d1/fcfs", "d1/easy", "d1/mine"}},
		{"a workload edited", func(s string) string {
			return strings.Replace(s, "mean_inter_arrival = 3", "mean_inter_arrival = 4", 1)
		}, []string{"d1/fcfs", "d1/easy", "d1/mine"}},
		{"an alias edited", func(s string) string {
			return strings.Replace(s, `mine = "cons"`, `mine = "flex"`, 1)
		}, []string{"d1/fcfs", "d1/easy", "d2/fcfs", "d2/easy"}},
		{"the metrics", func(s string) string {
			return strings.Replace(s, `["wait", "bsld"]`, `["wait"]`, 1)
		}, nil},
		{"the jobs files", func(s string) string {
			return strings.Replace(s, "metrics", "jobs_out = \"evalys\"\nmetrics", 1)
		}, nil},
		{"the title, a claim and reps", func(s string) string {
			return strings.Replace(s, "metrics", "title = \"T\"\nreps = 4\nmetrics", 1) +
				"[[claim]]\nalgorithm = \"easy\"\nbaseline = \"fcfs\"\nmetric = \"wait\"\ndirection = \"lower\"\n"
		}, []string{"d1/fcfs", "d1/easy", "d1/mine", "d2/fcfs", "d2/easy", "d2/mine"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := tc.edit(runKeyStudy)
			if text == runKeyStudy {
				t.Fatal("the edit was not made")
			}
			now := runKeys(t, text)
			for k, h := range now {
				old, ok := base[k]
				if !ok {
					continue // a new pair
				}
				if keep := slices.Contains(tc.unchanged, k); keep != (h == old) {
					t.Errorf("%s: key %s → %s, want it kept: %v", k, old, h, keep)
				}
			}
		})
	}
}

// The variables env names join the key of the exec: schedulers' runs,
// which read them, and not of the built-in ones', which do not.
func TestRunKeysHoldEnvForExecSchedulersAlone(t *testing.T) {
	text := strings.Replace(runKeyStudy, `mine = "cons"`, `mine = "exec:python3 mine.py"`, 1)
	text = strings.Replace(text, "metrics", "env = [\"GRIDBENCH_TEST_RUNKEY\"]\nmetrics", 1)
	t.Setenv("GRIDBENCH_TEST_RUNKEY", "1")
	before := runKeys(t, text)
	t.Setenv("GRIDBENCH_TEST_RUNKEY", "2")
	for k, h := range runKeys(t, text) {
		if changed, exec := h != before[k], strings.HasSuffix(k, "/mine"); changed != exec {
			t.Errorf("%s: key changed: %v, want %v", k, changed, exec)
		}
	}
}

// The list env itself, not only the values, is the exec: schedulers'
// alone: a name added to it once recomputed fcfs's runs too ("study
// file s.toml changed (file.Env[1]: unset → "OTHER")").
func TestRunKeysHoldTheEnvListForExecSchedulersAlone(t *testing.T) {
	text := strings.Replace(runKeyStudy, `mine = "cons"`, `mine = "exec:python3 mine.py"`, 1)
	one := strings.Replace(text, "metrics", "env = [\"GRIDBENCH_TEST_RUNKEY\"]\nmetrics", 1)
	two := strings.Replace(text, "metrics", "env = [\"GRIDBENCH_TEST_RUNKEY\", \"GRIDBENCH_TEST_OTHER\"]\nmetrics", 1)
	none, before, after := runKeys(t, text), runKeys(t, one), runKeys(t, two)
	for k, h := range after {
		exec := strings.HasSuffix(k, "/mine")
		if changed := h != before[k]; changed != exec {
			t.Errorf("%s: key changed with a name added to env: %v, want %v", k, changed, exec)
		}
		if changed := before[k] != none[k]; changed != exec {
			t.Errorf("%s: key changed with env set: %v, want %v", k, changed, exec)
		}
	}
}
