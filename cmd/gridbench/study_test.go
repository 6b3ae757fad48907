package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/pipeline"
)

// TestOwnStudyKTH is the own-study check: examples/study-kth.toml with
// --reps 3 writes a runs.csv in which the external EASY (easy.py over
// exec:) has exactly the built-in EASY's metrics in every run.
func TestOwnStudyKTH(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("skipping: python3 not found on PATH (examples/study-kth.toml runs examples/schedulers/easy.py)")
	}
	datadir.ForTest(t, "KTH-SP2/KTH-SP2-1996-2.1-cln.swf.gz")
	out := t.TempDir()
	study, err := filepath.Abs("../../examples/study-kth.toml")
	if err != nil {
		t.Fatal(err)
	}
	// From another folder: the exec: command's script is found beside the
	// study file (its failure to start, from anywhere but the repository
	// root, was the example's first impression).
	t.Chdir(t.TempDir())
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"gridbench", "study", "run", study, "--reps", "3", "--out", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "kth: 2 workloads × 3 algorithms") {
		t.Errorf("stdout = %q", stdout.String())
	}
	recs, err := analysis.ReadFile(filepath.Join(out, "results", "kth", "runs.csv"))
	if err != nil {
		t.Fatal(err)
	}
	type key struct {
		workload, metric string
		rep              int
	}
	builtin := map[key]float64{}
	for _, r := range recs {
		if r.Algorithm == "easy" {
			builtin[key{r.Workload, r.Metric, r.Rep}] = r.Value
		}
	}
	pairs := 0
	for _, r := range recs {
		if r.Algorithm != "easy.py" {
			continue
		}
		want, ok := builtin[key{r.Workload, r.Metric, r.Rep}]
		if !ok || r.Value != want {
			t.Errorf("%s rep %d %s: easy.py %g, easy %g (present: %v)", r.Workload, r.Rep, r.Metric, r.Value, want, ok)
		}
		pairs++
	}
	if want := 2 * 3 * 4; pairs != want || len(builtin) != want {
		t.Errorf("%d easy.py values and %d easy values, want %d each (2 workloads × 3 reps × 4 metrics)", pairs, len(builtin), want)
	}
	if _, err := os.Stat(filepath.Join(out, "paper", "kth.md")); err != nil {
		t.Error(err)
	}
}

func TestStudyRunErrors(t *testing.T) {
	dir := t.TempDir()
	p, out := filepath.Join(dir, "bad.toml"), filepath.Join(dir, "out")
	os.WriteFile(p, []byte("name = \"deadline\"\nalgorithms = [\"fcfs\"]\n[[workload]]\nkind = \"deadline\"\nmean_inter_arrival = 1\njobs = 10\n"), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{p, "--out", out}, `key name: "deadline" is a built-in experiment`},
		{[]string{"--out", out}, "needs exactly one FILE.toml"},
		{[]string{p, "--reps", "-1", "--out", out}, "--reps -1"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), append([]string{"gridbench", "study", "run"}, tc.args...), &stdout, &stderr)
		if code == 0 || !strings.Contains(stderr.String(), tc.want) || strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q, want one line containing %q", tc.args, code, stderr.String(), tc.want)
		}
		// A study that does not load makes no output folder (nor a lock file in it).
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("%v: %s exists after the error (stat: %v)", tc.args, out, err)
		}
	}
}

// obs1Trace is two windows of three jobs on 4 CPUs in which EASY
// backfills the third job and FCFS does not, so the two schedulers give
// different waits.
const obs1Trace = `1 0 -1 100 3 -1 -1 3 100 -1 1 1 1 -1 -1 -1 -1 -1
2 1 -1 10 4 -1 -1 4 10 -1 1 1 1 -1 -1 -1 -1 -1
3 2 -1 10 1 -1 -1 1 10 -1 1 1 1 -1 -1 -1 -1 -1
4 1000 -1 RUN 3 -1 -1 3 RUN -1 1 1 1 -1 -1 -1 -1 -1
5 1001 -1 10 4 -1 -1 4 10 -1 1 1 1 -1 -1 -1 -1 -1
6 1002 -1 10 1 -1 -1 1 10 -1 1 1 1 -1 -1 -1 -1 -1
`

const obs1Study = `name = "obs1"
algorithms = ["fcfs", "mine"]
metrics = ["wait"]
reps = 2

[aliases]
mine = "exec:python3 s.py"

[[workload]]
kind = "trace"
name = "t"
trace = "t.swf"
cpus = 4
jobs = 3
`

// TestStudyRecomputesChangedInputs is observation 1 of the trust issue: a
// study run again after its exec: scheduler was replaced, or after its
// trace was edited, reused every run ("reusing 4 of 4") and kept the old
// values. The study runs from another folder than its own: s.py and
// t.swf are found beside the study file.
func TestStudyRecomputesChangedInputs(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("skipping: python3 not found on PATH")
	}
	dir, out := t.TempDir(), t.TempDir()
	copyFile := func(from, to string) {
		t.Helper()
		b, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	study, prog, trace := filepath.Join(dir, "s.toml"), filepath.Join(dir, "s.py"), filepath.Join(dir, "t.swf")
	os.WriteFile(study, []byte(obs1Study), 0o644)
	os.WriteFile(trace, []byte(strings.ReplaceAll(obs1Trace, "RUN", "100")), 0o644)
	copyFile("../../examples/schedulers/fcfs.py", prog)

	// waits runs the study into o and returns each run's wait by algorithm/rep.
	waits := func(o string, extra ...string) (map[string]string, string) {
		t.Helper()
		code, _, stderr := runCLI(append([]string{"study", "run", study, "--out", o}, extra...)...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		recs, err := analysis.ReadFile(filepath.Join(o, "results", "obs1", "runs.csv"))
		if err != nil {
			t.Fatal(err)
		}
		w := map[string]string{}
		for _, r := range recs {
			w[r.Algorithm+"/"+strconv.Itoa(r.Rep)] = analysis.FormatValue(r.Value)
		}
		return w, stderr
	}
	first, _ := waits(out)
	if first["mine/0"] != first["fcfs/0"] || len(first) != 4 {
		t.Fatalf("fcfs.py should give fcfs's waits: %v", first)
	}

	// Replace the scheduler: its runs are made again, fcfs's are reused.
	copyFile("../../examples/schedulers/easy.py", prog)
	second, stderr := waits(out)
	sum, _ := analysis.FileSHA256(prog)
	if want := "obs1: recomputing 2 runs: input " + prog + " changed (sha256 "; !strings.Contains(stderr, want) ||
		!strings.Contains(stderr, "→ "+sum[:8]+"…)") || !strings.Contains(stderr, "reusing 2 of 4 runs") {
		t.Errorf("stderr does not say that s.py changed and 2 runs are reused:\n%s", stderr)
	}
	fresh, _ := waits(t.TempDir())
	if second["mine/0"] != fresh["mine/0"] || second["mine/1"] != fresh["mine/1"] || second["mine/0"] == first["mine/0"] {
		t.Errorf("after replacing s.py by EASY: waits %v, a fresh run gives %v, before %v", second, fresh, first)
	}

	// Edit the trace: every run reads it.
	os.WriteFile(trace, []byte(strings.ReplaceAll(obs1Trace, "RUN", "50")), 0o644)
	third, stderr := waits(out)
	if want := "obs1: recomputing 4 runs: input " + trace + " changed"; !strings.Contains(stderr, want) {
		t.Errorf("stderr lacks %q:\n%s", want, stderr)
	}
	fresh, _ = waits(t.TempDir())
	for k, v := range fresh {
		if third[k] != v {
			t.Errorf("%s after editing the trace: %s, a fresh run gives %s", k, third[k], v)
		}
	}
	if third["fcfs/1"] == second["fcfs/1"] {
		t.Errorf("fcfs/1's wait did not change with its window (%s): the edit should change it", third["fcfs/1"])
	}

	// A module beside the scheduler (a file it may import): its runs are
	// made again when one appears or changes, the others are reused.
	helper := filepath.Join(dir, "helper.py")
	os.WriteFile(helper, []byte("X = 1\n"), 0o644)
	if _, stderr = waits(out); !strings.Contains(stderr, "obs1: recomputing 2 runs: the files an exec: scheduler reads changed, one gone or added (exec_files.mine.helper.py: unset → true)") || !strings.Contains(stderr, "reusing 2 of 4 runs") {
		t.Errorf("a .py file beside s.py appeared; stderr:\n%s", stderr)
	}
	os.WriteFile(helper, []byte("X = 2\n"), 0o644)
	if _, stderr = waits(out); !strings.Contains(stderr, "obs1: recomputing 2 runs: input "+helper+" changed") {
		t.Errorf("a .py file beside s.py changed; stderr:\n%s", stderr)
	}

	// Edit the study file (a comment only): no run is made again (see
	// TestStudyEditsThatMakeNoRunReuse), and the manifest follows the file.
	os.WriteFile(study, []byte("# edited\n"+obs1Study), 0o644)
	_, stderr = waits(out)
	if want := "obs1: reusing 4 of 4 runs"; !strings.Contains(stderr, want) {
		t.Errorf("stderr lacks %q:\n%s", want, stderr)
	}
	m, err := analysis.ReadManifest(filepath.Join(out, "results", "obs1", "manifest.json"))
	if sum, _ := analysis.FileSHA256(study); err != nil || m.Study == nil || m.Study.Path != study || m.Study.SHA256 != sum {
		t.Errorf("manifest does not name the study file and its hash: %+v (%v)", m.Study, err)
	}
}

// Keys of a study file that make no run (a comment, the title, a claim,
// the repetition count) reuse the runs when edited: adding a claim once
// the results are in recomputed every run, as did raising reps in the
// file, where --reps reused the repetitions made. A key that makes runs
// (a workload's jobs) recomputes them, and verify passes on each.
//
// An algorithm or a workload added recomputed every run (the lists are
// in the configuration): each run is keyed on its own workload and
// algorithm, and the others' are reused; a workload edited recomputes
// its runs alone.
func TestStudyEditsThatMakeNoRunReuse(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	study := filepath.Join(dir, "s.toml")
	os.WriteFile(filepath.Join(dir, "t.swf"), []byte(strings.ReplaceAll(obs1Trace, "RUN", "100")), 0o644)
	text := strings.Replace(strings.Replace(obs1Study, `"mine"`, `"easy"`, 1), "[aliases]\nmine = \"exec:python3 s.py\"\n", "", 1)
	text = strings.Replace(text, "jobs = 3\n", "jobs = 2\n", 1) // (3 windows of 2 jobs in the trace's 6)
	text = strings.Replace(text, "name = \"obs1\"\n", "name = \"s\"\n", 1)
	for _, c := range []struct{ edit, want string }{
		{"", "s: 4/4 runs done"},
		{"# a comment\ntitle = \"Edited\"\n", "reusing 4 of 4 runs"},
		{"[[claim]]\nalgorithm = \"easy\"\nbaseline = \"fcfs\"\nmetric = \"wait\"\ndirection = \"lower\"\n", "reusing 4 of 4 runs"},
		{"reps = 3\n", "reusing 4 of 6 runs"},
		{"algorithms = [\"fcfs\", \"easy\", \"cons\"]\n", "reusing 6 of 9 runs"},
		{"[[workload]]\nkind = \"trace\"\nname = \"u\"\ntrace = \"t.swf\"\ncpus = 4\njobs = 2\n", "reusing 9 of 18 runs"},
		{"jobs = 1\n", "recomputing 9 runs: study file " + study + " changed (workload.t.Jobs: 2 → 1)"},
	} {
		switch {
		case strings.HasPrefix(c.edit, "algorithms"):
			text = strings.Replace(text, "algorithms = [\"fcfs\", \"easy\"]\n", c.edit, 1)
		case strings.HasPrefix(c.edit, "reps"):
			text = strings.Replace(text, "reps = 2\n", c.edit, 1)
		case strings.HasPrefix(c.edit, "jobs"):
			text = strings.Replace(text, "jobs = 2\n", c.edit, 1)
		case strings.HasPrefix(c.edit, "#"):
			text = strings.Replace(text, "name = \"s\"\n", "name = \"s\"\n"+c.edit, 1)
		default:
			text += c.edit
		}
		if !strings.Contains(text, c.edit) {
			t.Fatalf("the edit %q was not made:\n%s", c.edit, text)
		}
		os.WriteFile(study, []byte(text), 0o644)
		code, _, stderr := runCLI("study", "run", study, "--out", out)
		if code != 0 || !strings.Contains(stderr, c.want) {
			t.Fatalf("after %q: exit %d, stderr lacks %q:\n%s", c.edit, code, c.want, stderr)
		}
		if code, stdout, stderr := runCLI("verify", out, "--all"); code != 0 {
			t.Errorf("after %q: verify exit %d:\n%s%s", c.edit, code, stdout, stderr)
		}
	}
}

// Two study files written into one --out: the index listed the study run
// last among the registered experiments and the other as "experiment no
// longer registered", after it, while verify, which registers both,
// rendered them by name, and found the index changed. Both are listed by
// name, as study files, whichever ran last.
func TestTwoStudiesShareAnOut(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	for _, name := range []string{"zeta", "alpha"} {
		study := "name = \"" + name + "\"\nreps = 2\nalgorithms = [\"fcfs\", \"easy\"]\n\n[[workload]]\nkind = \"lublin\"\njobs = 20\ncpus = 16\n"
		p := filepath.Join(dir, name+".toml")
		os.WriteFile(p, []byte(study), 0o644)
		// (A process each, as a researcher runs them: one process
		// registers every study it runs.)
		cmd := exec.Command(os.Args[0], "study", "run", p, "--out", out)
		cmd.Env = append(os.Environ(), "GRIDBENCH_TEST_CLI=1")
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("study run %s: %v:\n%s", name, err, b)
		}
	}
	b, err := os.ReadFile(filepath.Join(out, "paper", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	index := string(b)
	a, z := strings.Index(index, "[alpha]"), strings.Index(index, "[zeta]")
	if a < 0 || z < a || strings.Contains(index, "no longer registered") {
		t.Errorf("the index lists alpha at %d and zeta at %d:\n%s", a, z, index)
	}
	cmd := exec.Command(os.Args[0], "verify", out)
	cmd.Env = append(os.Environ(), "GRIDBENCH_TEST_CLI=1")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("verify: %v:\n%s", err, b)
	}
}

// Run again with every run reused, runs.csv and series.csv are kept as
// they were, not written again: the outputs manifest, which lists what a
// run wrote, listed them no more. It lists them as before.
func TestKeptResultsStayListed(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	study := filepath.Join(dir, "k.toml")
	os.WriteFile(study, []byte("name = \"kept\"\nreps = 2\nalgorithms = [\"fcfs\", \"easy\"]\n\n[[workload]]\nkind = \"lublin\"\njobs = 20\ncpus = 16\n"), 0o644)
	listed := func() []string {
		t.Helper()
		o, err := pipeline.ReadOutputs(pipeline.OutputsPath(out))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range o.Study("kept").Files {
			if f.Path == "results/kept/runs.csv" || f.Path == "results/kept/series.csv" {
				got = append(got, f.Path+" "+f.SHA256)
			}
		}
		return got
	}
	var first []string
	for i := range 2 {
		code, _, stderr := runCLI("study", "run", study, "--out", out)
		if code != 0 {
			t.Fatalf("study run %d: exit %d:\n%s", i, code, stderr)
		}
		if got := listed(); i == 0 {
			if first = got; len(first) != 2 {
				t.Fatalf("a fresh run lists %q, want runs.csv and series.csv", first)
			}
		} else if !strings.Contains(stderr, "reusing 4 of 4 runs") || !slices.Equal(got, first) {
			t.Errorf("run again: lists %q, want %q as before:\n%s", got, first, stderr)
		}
	}
	if code, stdout, stderr := runCLI("verify", out); code != 0 {
		t.Errorf("verify: exit %d:\n%s%s", code, stdout, stderr)
	}
}
