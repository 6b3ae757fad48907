package filestudy_test

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/experiments/filestudy"
	"github.com/gridbench/gridbench/generators/etc"
	"github.com/gridbench/gridbench/internal/sched/mapping"
	"github.com/gridbench/gridbench/pipeline"
)

// braun is one of the Braun instances the repository ships.
func braun(t *testing.T, name string) string {
	t.Helper()
	p, err := filepath.Abs("../../data/braun-hcsp-512x16/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func tinyTrace(t *testing.T) string {
	t.Helper()
	p, err := filepath.Abs("../../cmd/gridbench/testdata/simulate/tiny.swf")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

const goodETC = `name = "etcs"
algorithms = ["MCT", "MinMin", "OLB"]

[[workload]]
kind = "etc"
jobs = 40
machines = 4
consistency = "i"
task_heterogeneity = "hi"
machine_heterogeneity = "lo"
`

const goodTS = `name = "tss"
algorithms = ["fcfs", "rr"]

[[workload]]
kind = "timeshare"
trace = "TRACE"
jobs = 3
slaves = 2
`

func TestLoadErrorsETCAndTimeshare(t *testing.T) {
	ts := strings.Replace(goodTS, "TRACE", tinyTrace(t), 1)
	mixed := ts + "[[workload]]\nkind = \"etc\"\nconsistency = \"c\"\ntask_heterogeneity = \"hi\"\nmachine_heterogeneity = \"hi\"\n"
	for _, tc := range []struct{ name, text, want string }{
		{"heuristic in a timeshare study", strings.Replace(ts, `"rr"]`, `"MCT"]`, 1),
			`s.toml:2: key algorithms: "MCT" is a mapping algorithm (for kind = etc workloads); timeshare workloads take fcfs, spn, ljf, p, rr, plrr, apdrr`},
		{"space-shared in an etc study", strings.Replace(goodETC, `"OLB"]`, `"easy"]`, 1),
			`s.toml:2: key algorithms: "easy" is a space-shared algorithm (for kind = trace/deadline/lublin workloads); etc workloads take OLB, MCT, MET, SA, kPB, MinMin, MaxMin, Sufferage`},
		{"unknown heuristic", strings.Replace(goodETC, `"OLB"]`, `"MinMax"]`, 1),
			`s.toml:2: key algorithms: unknown heuristic "MinMax"; did you mean "MinMin"? (valid: OLB, MCT`},
		{"exec in an etc study", strings.Replace(goodETC, `"OLB"]`, `"exec:python3 x.py"]`, 1),
			`s.toml:2: key algorithms: "exec:python3 x.py" is a space-shared algorithm`},
		{"mixed kinds", mixed, `s.toml:10: workload 2: key kind: "etc" workloads cannot share a study with "timeshare" ones`},
		{"metric of another family", goodETC + "", ""}, // replaced below
		{"bad consistency", strings.Replace(goodETC, `consistency = "i"`, `consistency = "x"`, 1), `s.toml:8: workload 1: key consistency: consistency "x" is not one of c, s, i`},
		{"missing heterogeneity", strings.Replace(goodETC, "task_heterogeneity = \"hi\"\n", "", 1), `s.toml:4: workload 1: key task_heterogeneity: missing: hi or lo`},
		{"bad method", strings.Replace(goodETC, "jobs = 40", "method = \"normal\"", 1), `s.toml:6: workload 1: key method: method "normal"`},
		{"bad r_task", strings.Replace(goodETC, "jobs = 40", "r_task = 0.5", 1), `s.toml:6: workload 1: keys r_task/r_mach/v_task/v_mach/mean_task: etc: RTask must be > 1`},
		{"cvb parameter of a range workload", strings.Replace(goodETC, "jobs = 40", "v_task = 0.3", 1), `s.toml:6: workload 1: key v_task: a parameter of method = "cvb"; this workload draws with "range", which would ignore it`},
		{"range parameter of a cvb workload", strings.Replace(goodETC, "jobs = 40", "method = \"cvb\"\nr_mach = 7", 1), `s.toml:7: workload 1: key r_mach: a parameter of method = "range"; this workload draws with "cvb", which would ignore it`},
		{"files and generator", "name = \"x\"\nalgorithms = [\"MCT\"]\n[[workload]]\nkind = \"etc\"\nfiles = [\"a\"]\nmethod = \"cvb\"\n", `s.toml:6: workload 1: key method: a generator parameter, but the workload reads files`},
		{"wrong type", strings.Replace(ts, "slaves = 2", `slaves = "two"`, 1), `s.toml:8: workload 1: key slaves: is the string "two"; want a whole number`},
		{"missing slaves", strings.Replace(ts, "slaves = 2\n", "", 1), `s.toml:4: workload 1: key slaves: 0: need at least 1`},
		{"key of another kind", strings.Replace(ts, "slaves = 2", "slaves = 2\ncpus = 8", 1), `s.toml:9: workload 1: key cpus: not read by kind = "timeshare" workloads (their keys: kind, name, trace, jobs, percent, start, slaves, quantum)`},
		{"slaves in a trace workload", "name = \"x\"\nalgorithms = [\"fcfs\"]\n[[workload]]\nkind = \"trace\"\ntrace = \"t.swf\"\ncpus = 4\njobs = 5\nslaves = 3\n", `s.toml:8: workload 1: key slaves: not read by kind = "trace" workloads`},
		{"default names that clash", "name = \"x\"\nalgorithms = [\"fcfs\"]\n[[workload]]\nkind = \"trace\"\ntrace = \"t.swf\"\ncpus = 4\njobs = 5\n" +
			"[[workload]]\nkind = \"trace\"\ntrace = \"t.swf\"\ncpus = 4\njobs = 5\nstart = 10\n",
			`s.toml:8: workload 2: key name: "t/5jobs/cpus=4" used twice (a workload without the key name is named from some of its keys, not all: give each workload its own, e.g. name = "t-5jobs-cpus=4-2")`},
		{"negative quantum", strings.Replace(ts, "slaves = 2", "slaves = 2\nquantum = -1", 1), `s.toml:9: workload 1: key quantum: -1`},
		{"jobs_out in a timeshare study", strings.Replace(ts, "algorithms", "jobs_out = \"evalys\"\nalgorithms", 1), `s.toml:2: key jobs_out: time-sharing workloads write no jobs file (trace, deadline and lublin workloads do)`},
		{"jobs_out in an etc study", strings.Replace(goodETC, "algorithms", "jobs_out = \"short\"\nalgorithms", 1), `s.toml:2: key jobs_out: mapping workloads write no jobs file`},
	} {
		if tc.name == "metric of another family" {
			tc.text, tc.want = strings.Replace(goodETC, "algorithms", "metrics = [\"makespan\", \"wait\"]\nalgorithms", 1),
				`s.toml:2: key metrics: unknown metric "wait" for mapping workloads (valid: makespan, flowtime, utilization, proximity)`
		}
		t.Run(tc.name, func(t *testing.T) {
			p := write(t, tc.text)
			_, err := filestudy.Load(p)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), p) || strings.Contains(err.Error(), "\n") {
				t.Errorf("err = %v\nwant one line starting with the file and containing %q", err, tc.want)
			}
		})
	}

	// Errors found when planning: files missing, malformed or too few.
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.etc")
	os.WriteFile(bad, []byte("2 2\n1\n2\n3\nx\n"), 0o644)
	files := "name = \"x\"\nalgorithms = [\"MCT\"]\n[[workload]]\nkind = \"etc\"\nname = \"f\"\nfiles = [\"FILES\"]\n"
	for _, tc := range []struct {
		files string
		reps  int
		want  string
	}{
		{`no/such.0`, 1, `s.toml:6: workload 1 (f): key files: `},
		{bad, 1, `s.toml:6: workload 1 (f): key files: bad.etc:5: `},
		{braun(t, "u_c_hihi.0"), 2, `s.toml:6: workload 1 (f): key files: 2 repetitions need 2 files, one per repetition; 1 given`},
	} {
		s, err := filestudy.Load(write(t, strings.Replace(files, "FILES", tc.files, 1)))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Plan(experiments.Config{Reps: tc.reps}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s, %d reps: err = %v, want it to contain %q", tc.files, tc.reps, err, tc.want)
		}
	}
	s, err := filestudy.Load(write(t, strings.Replace(ts, "jobs = 3", "jobs = 4", 1)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Plan(experiments.Config{Reps: 2}); err == nil || !strings.Contains(err.Error(), "s.toml:7: workload 1 (tiny/4jobs/P=2): key jobs: 2 windows of 4 jobs after job 0 need 8 valid jobs; ") ||
		!strings.Contains(err.Error(), "has 6 (with a run time)") {
		t.Errorf("too many windows: err = %v", err)
	}
}

// runStudy runs the study file at p into out with workers and returns its
// runs.csv.
func runStudy(t *testing.T, p, out string, reps, workers int, shard bench.Shard, merge bool) []byte {
	t.Helper()
	o, err := pipeline.RunStudy(context.Background(), p, pipeline.Options{Config: experiments.Config{Reps: reps}, Out: out,
		Report: shard.N == 0 || merge, Workers: workers, Shard: shard, Merge: merge})
	if err != nil {
		t.Fatal(err)
	}
	if shard.N > 0 && !merge {
		return nil
	}
	b, err := os.ReadFile(filepath.Join(pipeline.ResultsDir(out, o.Name), "runs.csv"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestETCStudy runs a study of generated and read ETC instances end to
// end: the file's values are `etc eval`'s, each generated repetition is the
// instance generators/etc draws from the run's seed, runs.csv does not
// depend on -j, and two shards merged give the same runs.csv byte for byte.
func TestETCStudy(t *testing.T) {
	text := goodETC + "\n[[workload]]\nkind = \"etc\"\nname = \"braun\"\nfiles = [\"" + braun(t, "u_c_hihi.0") + "\", \"" + braun(t, "u_i_lolo.0") + "\"]\n" +
		"\n[[claim]]\nalgorithm = \"MinMin\"\nbaseline = \"OLB\"\nmetric = \"makespan\"\ndirection = \"lower\"\n"
	p := write(t, text)
	dir := t.TempDir()
	one := runStudy(t, p, filepath.Join(dir, "j1"), 2, 1, bench.Shard{}, false)
	if three := runStudy(t, p, filepath.Join(dir, "j3"), 2, 3, bench.Shard{}, false); !bytes.Equal(one, three) {
		t.Errorf("runs.csv differs between -j 1 and -j 3")
	}
	sharded := filepath.Join(dir, "sharded")
	for k := range 2 {
		runStudy(t, p, sharded, 2, 2, bench.Shard{K: k, N: 2}, false)
	}
	if merged := runStudy(t, p, sharded, 2, 1, bench.Shard{N: 2}, true); !bytes.Equal(one, merged) {
		t.Errorf("runs.csv of 2 merged shards differs from one run's")
	}
	if _, err := os.Stat(filepath.Join(sharded, "paper", "etcs.md")); err != nil {
		t.Errorf("merge wrote no report: %v", err)
	}

	recs, err := analysis.ReadFile(filepath.Join(dir, "j1", "results", "etcs", "runs.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2*2*3*4 {
		t.Fatalf("%d records, want 2 workloads × 2 reps × 3 heuristics × 4 metrics", len(recs))
	}
	spec := etc.Spec{Jobs: 40, Machines: 4, Consistency: etc.Inconsistent, TaskHet: etc.Hi, MachHet: etc.Lo}
	hs, err := mapping.Configure([]string{"MCT", "MinMin", "OLB"}, mapping.DefaultParams)
	if err != nil {
		t.Fatal(err)
	}
	makespans := map[float64]bool{}
	for _, r := range recs {
		var m *etc.Matrix
		switch r.Workload {
		case "u_i_hilo/40x4":
			m, err = etc.Generate(spec, etc.NewSource(spec, r.Seed))
		case "braun":
			m, err = etc.ReadFile(braun(t, []string{"u_c_hihi.0", "u_i_lolo.0"}[r.Rep]), etc.ReadOptions{})
		default:
			t.Fatalf("workload %q", r.Workload)
		}
		if err != nil {
			t.Fatal(err)
		}
		var want float64
		for _, res := range mapping.EvaluateAll("", m, hs, nil, 0) {
			if res.Heuristic == r.Algorithm {
				want = map[string]float64{"makespan": res.Makespan, "flowtime": res.Flowtime, "utilization": res.Utilization, "proximity": res.Proximity}[r.Metric]
			}
		}
		if r.Value != want || want == 0 {
			t.Errorf("%s %s rep %d %s = %g, want etc eval's %g", r.Workload, r.Algorithm, r.Rep, r.Metric, r.Value, want)
		}
		if r.Workload == "u_i_hilo/40x4" && r.Algorithm == "MCT" && r.Metric == "makespan" {
			makespans[r.Value] = true
		}
	}
	if len(makespans) != 2 {
		t.Errorf("the two generated repetitions have makespans %v: want two different instances", makespans)
	}
}

// TestTimeshareStudy: tiny.swf's 6 jobs with a run time are two windows
// of 3, each dealt to 2 slaves; FCFS's numbers are worked out by hand.
func TestTimeshareStudy(t *testing.T) {
	p := write(t, strings.Replace(strings.Replace(goodTS, "TRACE", tinyTrace(t), 1), "algorithms", "metrics = [\"avg_waiting\", \"makespan\", \"slices\"]\nalgorithms", 1))
	dir := t.TempDir()
	one := runStudy(t, p, filepath.Join(dir, "j1"), 2, 1, bench.Shard{}, false)
	if two := runStudy(t, p, filepath.Join(dir, "j2"), 2, 2, bench.Shard{}, false); !bytes.Equal(one, two) {
		t.Errorf("runs.csv differs between -j 1 and -j 2")
	}
	recs, err := analysis.ReadFile(filepath.Join(dir, "j1", "results", "tss", "runs.csv"))
	if err != nil {
		t.Fatal(err)
	}
	// Window 0: jobs 1 (0, 10 s) and 4 (2, 5 s) on slave 0, job 2 (1, 5 s)
	// on slave 1: job 4 waits 8 s, the last end is 15. Window 1: jobs 5
	// (2, 8 s) and 7 (2.5, 20 s) on slave 0, job 6 (2, 8 s) on slave 1:
	// job 7 waits 7.5 s, the last end is 30, 28 after the first submit.
	want := map[[2]any]float64{
		{0, "avg_waiting"}: 8.0 / 3, {0, "makespan"}: 15, {0, "slices"}: 3,
		{1, "avg_waiting"}: 2.5, {1, "makespan"}: 28, {1, "slices"}: 3,
	}
	n := 0
	for _, r := range recs {
		if r.Algorithm != "fcfs" {
			continue
		}
		n++
		if w := want[[2]any{r.Rep, r.Metric}]; math.Abs(r.Value-w) > 1e-12 {
			t.Errorf("fcfs rep %d %s = %g, want %g", r.Rep, r.Metric, r.Value, w)
		}
		if r.Workload != "tiny/3jobs/P=2" {
			t.Errorf("workload id %q", r.Workload)
		}
	}
	if n != len(want) {
		t.Errorf("%d fcfs records, want %d", n, len(want))
	}
}

// An etc workload with more files than repetitions runs the first reps of
// them, and the progress says which are left: the workload's name counts
// them all ("3files").
func TestETCFilesBeyondTheRepsAreSaid(t *testing.T) {
	list := `"` + braun(t, "u_c_hihi.0") + `", "` + braun(t, "u_c_hilo.0") + `", "` + braun(t, "u_c_lohi.0") + `"`
	s, err := filestudy.Load(write(t, "name = \"x\"\nalgorithms = [\"MCT\"]\n[[workload]]\nkind = \"etc\"\nname = \"f\"\nfiles = ["+list+"]\n"))
	if err != nil {
		t.Fatal(err)
	}
	var progress strings.Builder
	s.SetProgress(&progress)
	for _, c := range []struct {
		reps int
		want string
	}{
		{2, "x: workload f: 2 repetitions read the first 2 of its 3 files; the other 1 (from " + braun(t, "u_c_lohi.0") + " on) are not run (--reps 3 runs them all)\n"},
		{3, ""},
	} {
		progress.Reset()
		if _, err := s.Plan(experiments.Config{Reps: c.reps}); err != nil {
			t.Fatal(err)
		}
		if progress.String() != c.want {
			t.Errorf("%d reps: progress %q, want %q", c.reps, progress.String(), c.want)
		}
	}
}
