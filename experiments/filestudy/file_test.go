package filestudy_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/experiments/filestudy"
	"github.com/gridbench/gridbench/internal/sched/external"
	"github.com/gridbench/gridbench/pipeline"
)

func write(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "s.toml")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

const good = `name = "tiny"
algorithms = ["fcfs", "easy"]

[[workload]]
kind = "deadline"
mean_inter_arrival = 2
jobs = 40
machines = 4
`

func TestLoadErrors(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"unknown key", strings.Replace(good, "jobs = 40", "jbos = 40", 1), `s.toml:7: workload 1: key jbos: unknown; did you mean "jobs"? (its table's keys: kind, name, jobs, `},
		{"unknown key of the file", strings.Replace(good, `algorithms`, `algorithm`, 1), `s.toml:2: key algorithm: unknown; did you mean "algorithms"? (its table's keys: name, title, reps, algorithms, `},
		{"unknown key of a claim", good + "[[claim]]\nalgorithm = \"easy\"\nbaseline = \"fcfs\"\nmetrc = \"wait\"\n", `s.toml:12: claim 1: key metrc: unknown; did you mean "metric"? (its table's keys: algorithm, baseline, metric, direction, workload)`},
		{"unknown key below a table", good + "[x]\ny = 1\n", `s.toml:9: key x: unknown (its table's keys: name, title, reps, `},
		{"wrong type", strings.Replace(good, "jobs = 40", `jobs = "many"`, 1), `s.toml:7: workload 1: key jobs: is the string "many"; want a whole number`},
		{"unknown algorithm", strings.Replace(good, `"easy"]`, `"esay"]`, 1), `s.toml:2: key algorithms: unknown or unavailable algorithm "esay"; did you mean "easy"? (available: cons, easy, `},
		{"unknown kind", strings.Replace(good, `"deadline"`, `"batsim"`, 1), `s.toml:5: workload 1: key kind: "batsim": want one of "trace", "deadline", "lublin", "etc", "timeshare"`},
		{"mistyped kind", strings.Replace(good, `"deadline"`, `"deadlin"`, 1), `s.toml:5: workload 1: key kind: "deadlin": want one of "trace", "deadline", "lublin", "etc", "timeshare"; did you mean "deadline"?`},
		{"mistyped metric", strings.Replace(good, "algorithms", "metrics = [\"wiat\"]\nalgorithms", 1), `s.toml:2: key metrics: unknown metric "wiat" for space-shared workloads; did you mean "wait"? (valid: `},
		{"bad name", strings.Replace(good, `"tiny"`, `"My Study"`, 1), `s.toml:1: key name: "My Study"`},
		// A workload's name is no study's name: its line once stood for the missing key.
		{"no name", strings.Replace(good, "name = \"tiny\"\n", "", 1) + "name = \"w\"\n", `s.toml: key name: missing at the top of the file`},
		{"empty name", strings.Replace(good, `"tiny"`, `""`, 1) + "name = \"w\"\n", `s.toml:1: key name: missing at the top of the file`},
		{"an alias's line in [aliases]", good + "[aliases]\nname = \"flex\"\n", `s.toml:10: key aliases.name: not in algorithms`},
		{"speeds out of order", good + "speed_min = 5\nspeed_max = 1\n", `s.toml:9: workload 1: keys speed_min/speed_max: speeds [5, 1): need 0 < min <= max <= 1e+09`},
		{"slack max below the default min", good + "slack_max = 0.5\n", `s.toml:9: workload 1: keys slack_min/slack_max: slack [1.5, 0.5): need 1 <= min <= max`},
		// A key written 0 read as left out: run times drawn from 500 s.
		{"run_min written 0", good + "run_min = 0\n", `s.toml:9: workload 1: key run_min: 0 here stands for the key left out, the generator's default 500: leave the key out`},
		{"jobs written 0", strings.Replace(good, "jobs = 40", "jobs = 0", 1), `s.toml:7: workload 1: key jobs: 0 here stands for the key left out, the generator's default 3000`},
		{"reps 0", strings.Replace(good, "algorithms", "reps = 0\nalgorithms", 1), `s.toml:2: key reps: 0: need 1 to 10000 (leave the key out for the default, 10)`},
		{"reps negative", strings.Replace(good, "algorithms", "reps = -3\nalgorithms", 1), `s.toml:2: key reps: -3: need 1 to 10000`},
		{"bad claim", good + "[[claim]]\nalgorithm = \"easy\"\nbaseline = \"flex\"\nmetric = \"wait\"\ndirection = \"lower\"\n", `s.toml:11: claim 1: key baseline: "flex" is not in algorithms`},
		{"missing trace", "name = \"x\"\nalgorithms = [\"fcfs\"]\n[[workload]]\nkind = \"deadline\"\nmean_inter_arrival = 1\n[[workload]]\nkind = \"trace\"\ncpus = 4\njobs = 5\n", "s.toml:6: workload 2: key trace: missing"},
		{"no workload", "name = \"x\"\nalgorithms = [\"fcfs\"]\n", "no [[workload]]"},
		{"claim against itself", good + "[[claim]]\nalgorithm = \"easy\"\nbaseline = \"easy\"\nmetric = \"wait\"\ndirection = \"lower\"\n", `s.toml:11: claim 1: key baseline: "easy" is the claim's algorithm too`},
		{"delayed_pct without deadlines", strings.Replace(good, "algorithms", "metrics = [\"wait\", \"delayed_pct\"]\nalgorithms", 1) + "deadline_share = 0\n", `s.toml:2: key metrics: delayed_pct is measured only on deadline workloads`},
		{"algorithm twice in another case", "name = \"x\"\nalgorithms = [\"MCT\", \"mct\"]\n[[workload]]\nkind = \"etc\"\nconsistency = \"c\"\ntask_heterogeneity = \"hi\"\nmachine_heterogeneity = \"hi\"\n",
			`s.toml:2: key algorithms: "MCT" and "mct" are one algorithm, listed twice; keep one`},
		{"algorithm twice through an alias", strings.Replace(good, `"easy"]`, `"easy", "mine"]`+"\n[aliases]\nmine = \"easy\"", 1), `s.toml:2: key algorithms: "easy" and "mine" are one algorithm, listed twice`},
		{"quantum for no algorithm that takes one", "name = \"x\"\nalgorithms = [\"fcfs\", \"spn\"]\n[[workload]]\nkind = \"timeshare\"\ntrace = \"t.swf\"\njobs = 10\nslaves = 2\nquantum = 10\n",
			`s.toml:8: workload 1 (t/10jobs/P=2): key quantum: 10 s, but none of algorithms takes a quantum (rr and plrr do; apdrr computes its own)`},
		{"metric twice", strings.Replace(good, "algorithms", "metrics = [\"wait\", \"wait\"]\nalgorithms", 1), `s.toml:2: key metrics: "wait" listed twice`},
		{"workload name with a newline", strings.Replace(good, "jobs = 40", "jobs = 40\nname = \"a\\nb\"", 1), `s.toml:8: workload 1: key name: "a\nb": a control character`},
		{"workload name beyond ASCII", strings.Replace(good, "jobs = 40", "jobs = 40\nname = \"Fréjus\"", 1), `s.toml:8: workload 1: key name: "Fréjus": a character beyond ASCII, which the figures cannot draw`},
		{"derived name beyond ASCII", "name = \"x\"\nalgorithms = [\"fcfs\"]\n[[workload]]\nkind = \"trace\"\ntrace = \"données.swf\"\ncpus = 4\njobs = 5\n",
			`s.toml: workload 1: its name "données/5jobs/cpus=4": a character beyond ASCII, which the figures cannot draw; give it one in ASCII with the key name`},
		{"exec command beyond ASCII", strings.Replace(good, `"easy"]`, `"exec:python3 /home/josé/s.py"]`, 1), `s.toml:2: key algorithms: "exec:python3 /home/josé/s.py": a character beyond ASCII, which the figures cannot draw (an exec: command can go through an alias`},
		{"algorithm name padded", strings.Replace(good, `"easy"]`, `"mine "]`+"\n[aliases]\n\"mine \" = \"easy\"", 1), `s.toml:2: key algorithms: "mine ": white space at an end`},
		{"alias shadows an algorithm", strings.Replace(good, `"easy"]`, `"easy"]`+"\n[aliases]\neasy = \"fcfs\"", 1), `s.toml:4: key aliases.easy: easy is the name of an algorithm`},
		{"name too long", strings.Replace(good, `"tiny"`, `"`+strings.Repeat("x", 65)+`"`, 1), `s.toml:1: key name: "xxxx`},
		{"window size", "name = \"x\"\nalgorithms = [\"fcfs\"]\n[[workload]]\nkind = \"trace\"\ntrace = \"t.swf\"\ncpus = 4\n", "s.toml:3: workload 1: keys jobs/percent: give exactly one window size"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := write(t, tc.text)
			_, err := filestudy.Load(p)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), p) {
				t.Errorf("err = %v\nwant it to start with the file and contain %q", err, tc.want)
			}
		})
	}
	p := write(t, "name = \"x\"\nalgorithms = [\"fcfs\"]\n[[workload]]\nkind = \"trace\"\ntrace = \"no/such.swf\"\ncpus = 4\njobs = 5\n")
	s, err := filestudy.Load(p)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Plan(experiments.Config{Reps: 1}); err == nil || !strings.Contains(err.Error(), "s.toml:5: workload 1 (such/5jobs/cpus=4): key trace: ") {
		t.Errorf("missing trace file: err = %v", err)
	}
	if _, err := filestudy.Load(filepath.Join(t.TempDir(), "missing.toml")); err == nil || !strings.Contains(err.Error(), "missing.toml") {
		t.Errorf("missing file: err = %v", err)
	}
}

// TestTraceWindows plans a trace study on the repository's tiny trace:
// consecutive windows per repetition, rebased to start at 0, and a clear
// error when the trace is too short for the repetitions asked.
func TestTraceWindows(t *testing.T) {
	trace, err := filepath.Abs("../../cmd/gridbench/testdata/simulate/tiny.swf")
	if err != nil {
		t.Fatal(err)
	}
	s, plan := runTinyWindow(t, trace, "cpus = 4\n")
	if len(plan.Runs) != 2 || plan.Runs[0].Workload != "tiny/2jobs/cpus=4" {
		t.Fatalf("runs = %+v, want fcfs and easy on tiny/2jobs/cpus=4", plan.Runs)
	}
	if _, err := s.Plan(experiments.Config{Reps: 3}); err == nil || !strings.Contains(err.Error(), "s.toml:8: workload 1 (tiny/2jobs/cpus=4): key jobs: 3 windows of 2 jobs after job 0 need 6 valid jobs") {
		t.Errorf("too many windows: err = %v", err)
	}
}

func TestDeadlineStudyReport(t *testing.T) {
	p := write(t, good+"\n[[claim]]\nalgorithm = \"easy\"\nbaseline = \"fcfs\"\nmetric = \"wait\"\ndirection = \"lower\"\n")
	s, err := filestudy.Load(p)
	if err != nil {
		t.Fatal(err)
	}
	st, err := s.Plan(experiments.Config{Reps: 4})
	if err != nil {
		t.Fatal(err)
	}
	plan := st.Bench()
	if len(plan.Runs) != 8 {
		t.Fatalf("%d runs, want 1 workload × 4 reps × 2 algorithms", len(plan.Runs))
	}
	if plan.Reps != 4 {
		t.Errorf("the plan records %d repetitions, want 4 (its manifest writes them down)", plan.Reps)
	}
	res, err := bench.Execute(context.Background(), plan, st.Execute, bench.Options{Dir: t.TempDir(), Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	base := t.TempDir()
	dir := pipeline.PaperDir(base)
	os.MkdirAll(filepath.Join(dir, "figures"), 0o755)
	out, err := st.Report(context.Background(), experiments.ReportInput{Result: res, PaperDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if err := pipeline.WritePage(base, s.Name(), out); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(dir, out.Page))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## delayed_pct (lower is better)", "![wait](figures/tiny-wait.png)", "| ia=2 | delayed_pct | 4 |", "easy lower than fcfs on wait"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("page lacks %q:\n%s", want, page)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "figures", "tiny-bsld.png")); err != nil {
		t.Error(err)
	}
}

// TestFailedRunsLeaveOthers: an external scheduler that crashes fails its
// runs, each with one line; the other algorithm's runs are all in
// runs.csv, the page lists the failures, and a second call retries them.
func TestFailedRunsLeaveOthers(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("skipping: python3 not found on PATH")
	}
	dir := t.TempDir()
	crash := filepath.Join(dir, "crash.py")
	os.WriteFile(crash, []byte("import sys\nsys.stdin.readline()\nprint('{\"type\": \"ready\", \"protocol\": 1}', flush=True)\nsys.exit('crash.py: gave up')\n"), 0o644)
	p := write(t, strings.Replace(good, `"easy"]`, `"bad"]`, 1)+"[aliases]\nbad = \"exec:"+py+" "+crash+"\"\n")
	out := filepath.Join(dir, "out")
	for attempt := range 2 {
		res, err := pipeline.RunStudy(context.Background(), p, pipeline.Options{Config: experiments.Config{Reps: 2}, Out: out, Report: true, Workers: 2})
		if err == nil || !strings.Contains(err.Error(), "tiny: 2 of 4 runs failed") || !strings.Contains(err.Error(), "crash.py: gave up") || strings.Contains(err.Error(), "\n") {
			t.Fatalf("attempt %d: err = %v, want one line saying 2 of 4 runs failed and why", attempt, err)
		}
		if attempt == 0 {
			if res.Result.Manifest.Executed != 4 {
				t.Errorf("executed %d runs, want 4", res.Result.Manifest.Executed)
			}
		} else if res.Result.Manifest.Reused != 2 || res.Result.Manifest.Executed != 2 {
			t.Errorf("second call: reused %d, executed %d; want the 2 fcfs runs reused and the 2 failed runs retried", res.Result.Manifest.Reused, res.Result.Manifest.Executed)
		}
		algos := map[string]int{}
		for _, r := range res.Result.Records {
			algos[r.Algorithm]++
		}
		if algos["fcfs"] != 2*len(filestudy.Metrics) || algos["bad"] != 0 {
			t.Errorf("records per algorithm = %v, want every fcfs metric and no bad one", algos)
		}
		page, _ := os.ReadFile(filepath.Join(out, "paper", "tiny.md"))
		if !strings.Contains(string(page), "## Failed runs") || !strings.Contains(string(page), "- bad on ia=2 rep 0: exec:") {
			t.Errorf("page does not list the failed runs:\n%s", page)
		}
	}
}

// TestPercentWindows: percent = 50 of tiny.swf's 4 valid jobs on 4 CPUs
// is two windows of 2 jobs; the second starts at job 2, rebased to 0.
func TestPercentWindows(t *testing.T) {
	trace, err := filepath.Abs("../../cmd/gridbench/testdata/simulate/tiny.swf")
	if err != nil {
		t.Fatal(err)
	}
	_, _, res := execStudy(t, "name = \"w\"\nalgorithms = [\"fcfs\"]\nmetrics = [\"makespan\"]\n[[workload]]\nkind = \"trace\"\ntrace = \""+trace+"\"\ncpus = 4\npercent = 50\n", 2)
	// Window 0: jobs 1 (0..10) and 2 (waits to 10, runs 5): makespan 15.
	// Window 1: job 5 (submit 2, 1 CPU, run 8) and job 7 (submit 2.5,
	// 1 CPU, run 20): both start on arrival; rebased, 7 ends at 0.5+20.
	var got []float64
	for _, r := range res.Records {
		got = append(got, r.Value)
	}
	if len(got) != 2 || got[0] != 15 || got[1] != 20.5 {
		t.Errorf("makespans = %v, want [15 20.5]", got)
	}
	if res.Records[0].Workload != "tiny/50%/cpus=4" {
		t.Errorf("workload id %q", res.Records[0].Workload)
	}
}

// TestExecTimeoutKey: a study's exec_timeout is the answer timeout of its
// exec: schedulers; the command line's (external.SetDefaults, set by
// --exec-timeout) wins over it. The scheduler answers hello and then never
// answers, so each run fails naming the timeout it had.
func TestExecTimeoutKey(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("skipping: the scheduler is a POSIX shell script")
	}
	dir := t.TempDir()
	mute := filepath.Join(dir, "mute.sh")
	os.WriteFile(mute, []byte("read line\necho '{\"type\":\"ready\",\"protocol\":1}'\nexec sleep 600\n"), 0o644)
	study := write(t, "exec_timeout = \"150ms\"\n"+strings.NewReplacer(`"tiny"`, `"exectimeout"`, `"easy"]`, `"mute"]`).Replace(good)+
		"[aliases]\nmute = \"exec:sh "+mute+"\"\n")
	for _, tc := range []struct {
		name string
		flag time.Duration // 0: --exec-timeout not given
		want string
	}{
		{"key", 0, "no answer within 150ms"},
		{"flag wins", 250 * time.Millisecond, "no answer within 250ms"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := external.SetDefaults(nil, tc.flag); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { external.SetDefaults(nil, 0) })
			_, err := pipeline.RunStudy(context.Background(), study, pipeline.Options{Config: experiments.Config{Reps: 1}, Out: t.TempDir(), Workers: 1})
			if err == nil || !strings.Contains(err.Error(), "1 of 2 runs failed") || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want the mute run failed with %q", err, tc.want)
			}
		})
	}
}

// TestTraceCPUsFromHeader: a trace workload without cpus runs on the
// machine its trace's header gives, as simulate does, and is named so; a
// trace that gives none is an error in the key cpus.
func TestTraceCPUsFromHeader(t *testing.T) {
	tiny, err := os.ReadFile("../../cmd/gridbench/testdata/simulate/tiny.swf")
	if err != nil {
		t.Fatal(err)
	}
	withHeader := filepath.Join(t.TempDir(), "sized.swf")
	if err := os.WriteFile(withHeader, append([]byte("; MaxProcs: 4\n"), tiny...), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, plan := runTinyWindow(t, withHeader, ""); plan.Runs[0].Workload != "sized/2jobs/cpus=trace" {
		t.Fatalf("workload %q, want sized/2jobs/cpus=trace", plan.Runs[0].Workload)
	}

	tinyAbs, err := filepath.Abs("../../cmd/gridbench/testdata/simulate/tiny.swf")
	if err != nil {
		t.Fatal(err)
	}
	s, err := filestudy.Load(write(t, tinyStudy(tinyAbs, "")))
	if err != nil {
		t.Fatal(err)
	}
	want := "s.toml:4: workload 1 (tiny/2jobs/cpus=trace): key cpus: missing, and " + tinyAbs + " gives no machine size (no MaxProcs in its header, or no nb_res): give cpus = N"
	if _, err := s.Plan(experiments.Config{Reps: 1}); err == nil || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("a trace without MaxProcs: err = %v\nwant it to end with %q", err, want)
	}
}

// tinyStudy is a study of fcfs and easy on the first two jobs of trace,
// with cpus (a line, or "" for none).
func tinyStudy(trace, cpus string) string {
	return "name = \"w\"\nalgorithms = [\"fcfs\", \"easy\"]\nmetrics = [\"wait\", \"makespan\"]\n[[workload]]\nkind = \"trace\"\ntrace = \"" + trace + "\"\n" + cpus + "jobs = 2\n"
}

// runTinyWindow runs tinyStudy once and checks its values: tiny.swf's
// first two valid jobs are 3 CPUs from 0 to 10, then 4 CPUs at 1 waiting
// until 10 for 5 s (mean wait 4.5, makespan 15) on 4 CPUs.
func runTinyWindow(t *testing.T, trace, cpus string) (*filestudy.Study, bench.Plan) {
	t.Helper()
	s, plan, res := execStudy(t, tinyStudy(trace, cpus), 1)
	for _, r := range res.Records {
		if want := map[string]float64{"wait": 4.5, "makespan": 15}[r.Metric]; r.Value != want {
			t.Errorf("%s %s = %g, want %g", r.Algorithm, r.Metric, r.Value, want)
		}
	}
	return s, plan
}

// execStudy loads the study text, plans it with reps repetitions and runs
// every run.
func execStudy(t *testing.T, text string, reps int) (*filestudy.Study, bench.Plan, *bench.Result) {
	t.Helper()
	s, err := filestudy.Load(write(t, text))
	if err != nil {
		t.Fatal(err)
	}
	st, err := s.Plan(experiments.Config{Reps: reps})
	if err != nil {
		t.Fatal(err)
	}
	plan := st.Bench()
	res, err := bench.Execute(context.Background(), plan, st.Execute, bench.Options{Dir: t.TempDir(), Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	return s, plan, res
}
