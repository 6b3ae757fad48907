package bench

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func testPlan(reps int) Plan {
	p := Plan{Experiment: "toy", Config: struct{ Jobs int }{10}}
	for _, w := range []string{"w1", "w2", "w3"} {
		for _, a := range []string{"A", "B"} {
			for rep := 0; rep < reps; rep++ {
				p.Runs = append(p.Runs, NewRun("toy", w, a, rep))
			}
		}
	}
	return p
}

// toyExec draws from the run's seeds only, and sleeps a random while so
// that workers finish out of plan order. Algorithm A's runs also record a
// series of three samples.
func toyExec(calls *atomic.Int64) Executor {
	return func(ctx context.Context, r Run) (Output, error) {
		calls.Add(1)
		time.Sleep(time.Duration(rand.IntN(300)) * time.Microsecond)
		g := rand.New(rand.NewPCG(r.Seed, r.RunSeed))
		out := Output{Metrics: []Metric{{Name: "x", Value: g.Float64()}, {Name: "y", Value: float64(r.Rep)}, {Name: "z", Value: -g.Float64()}}}
		if r.Algorithm == "A" {
			for k := range 3 {
				out.Series = append(out.Series, Sample{"s", float64(k) * 0.5, g.Float64()})
			}
		}
		return out, nil
	}
}

func TestOutputIdenticalForAnyWorkerCount(t *testing.T) {
	var outs []string
	for _, j := range []int{1, 2, 7} {
		dir := t.TempDir()
		var calls atomic.Int64
		if _, err := Execute(context.Background(), testPlan(5), toyExec(&calls), Options{Dir: dir, Workers: j}); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(dir, "runs.csv"))
		if err != nil {
			t.Fatal(err)
		}
		s, err := os.ReadFile(filepath.Join(dir, seriesFile))
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, string(b)+string(s))
		if _, err := os.Stat(filepath.Join(dir, journalFile)); !os.IsNotExist(err) {
			t.Errorf("-j %d: journal left behind after a complete run", j)
		}
	}
	for i := 1; i < len(outs); i++ {
		if outs[i] != outs[0] {
			t.Fatalf("runs.csv or series.csv differs between worker counts:\n%s\n---\n%s", outs[0], outs[i])
		}
	}
	if !strings.HasPrefix(outs[0], "experiment,workload,algorithm,rep,seed,metric,value\ntoy,w1,A,0,") {
		t.Errorf("unexpected head of runs.csv: %.80q", outs[0])
	}
}

func TestRerunReusesFinishedRuns(t *testing.T) {
	dir := t.TempDir()
	var calls atomic.Int64
	first, err := Execute(context.Background(), testPlan(3), toyExec(&calls), Options{Dir: dir, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if calls.Load() != 18 {
		t.Fatalf("first invocation made %d calls, want 18", calls.Load())
	}
	// More repetitions: only the new ones run.
	second, err := Execute(context.Background(), testPlan(5), toyExec(&calls), Options{Dir: dir, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if got := calls.Load() - 18; got != 12 {
		t.Errorf("second invocation made %d calls, want 12", got)
	}
	if second.Manifest.Reused != 18 || second.Manifest.Executed != 12 {
		t.Errorf("manifest says reused %d executed %d", second.Manifest.Reused, second.Manifest.Executed)
	}
	// The reused values are the same values.
	want := map[string]float64{}
	for _, r := range first.Records {
		want[r.Key().String()+r.Metric] = r.Value
	}
	for _, r := range second.Records {
		if v, ok := want[r.Key().String()+r.Metric]; ok && v != r.Value && !math.IsNaN(v) {
			t.Fatalf("%s %s changed from %v to %v", r.Key(), r.Metric, v, r.Value)
		}
	}
	// Reused runs keep their series.
	if len(first.Series) != 9*3 || len(second.Series) != 15*3 || second.Series[0] != first.Series[0] {
		t.Errorf("series: %d points first, %d after reuse (want 27, 45), first point %v vs %v",
			len(first.Series), len(second.Series), first.Series[0], second.Series[0])
	}
	// A changed configuration recomputes everything.
	p := testPlan(5)
	p.Config = struct{ Jobs int }{11}
	before := calls.Load()
	if _, err := Execute(context.Background(), p, toyExec(&calls), Options{Dir: dir, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	if got := calls.Load() - before; got != 30 {
		t.Errorf("after a configuration change %d calls, want 30", got)
	}
}

func TestInterruptedRunResumes(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	var calls atomic.Int64
	inner := toyExec(&calls)
	exec := func(c context.Context, r Run) (Output, error) {
		if calls.Load() >= 10 {
			cancel()
			return Output{}, c.Err()
		}
		return inner(c, r)
	}
	_, err := Execute(ctx, testPlan(5), exec, Options{Dir: dir, Workers: 1})
	if err == nil || !strings.Contains(err.Error(), "resume") {
		t.Fatalf("want an interruption error that says how to resume, got %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "runs.csv")); !os.IsNotExist(err) {
		t.Fatal("runs.csv written by an interrupted invocation")
	}
	// Simulate a line cut short by the interruption.
	f, err := os.OpenFile(filepath.Join(dir, journalFile), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"key":["toy","w3","B"],"rep":4,"metr`)
	f.Close()

	var calls2 atomic.Int64
	res, err := Execute(context.Background(), testPlan(5), toyExec(&calls2), Options{Dir: dir, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if calls2.Load() != 20 {
		t.Errorf("resume executed %d runs, want the 20 not finished before", calls2.Load())
	}
	if len(res.Records) != 30*3 {
		t.Errorf("got %d records, want 90", len(res.Records))
	}
	// The resumed output equals an uninterrupted one.
	sameAsUninterrupted(t, dir, testPlan(5), 3)
}

// sameAsUninterrupted runs plan without interruption into a fresh folder
// with the given workers and checks that dir's runs.csv and series.csv
// are byte for byte that run's.
func sameAsUninterrupted(t *testing.T, dir string, plan Plan, workers int) {
	t.Helper()
	ref := t.TempDir()
	if _, err := Execute(context.Background(), plan, toyExec(new(atomic.Int64)), Options{Dir: ref, Workers: workers}); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{runsFile, seriesFile} {
		a, _ := os.ReadFile(filepath.Join(dir, f))
		b, _ := os.ReadFile(filepath.Join(ref, f))
		if len(a) == 0 || string(a) != string(b) {
			t.Errorf("resumed %s differs from an uninterrupted one", f)
		}
	}
}

// TestSeriesWithoutMetricRejected: a run must report a metric, since
// runs.csv is what says it was made; and a plan whose runs record no
// series leaves no series.csv behind.
func TestSeriesWithoutMetricRejected(t *testing.T) {
	dir := t.TempDir()
	only := func(ctx context.Context, r Run) (Output, error) { return Output{Series: []Sample{{"s", 0, 1}}}, nil }
	if _, err := Execute(context.Background(), testPlan(1), only, Options{Dir: dir}); err == nil || !strings.Contains(err.Error(), "no metric") {
		t.Errorf("series without a metric: %v", err)
	}
	var calls atomic.Int64
	if _, err := Execute(context.Background(), testPlan(1), toyExec(&calls), Options{Dir: dir, Fresh: true}); err != nil {
		t.Fatal(err)
	}
	plain := func(ctx context.Context, r Run) (Output, error) {
		return Output{Metrics: []Metric{{Name: "x", Value: 1}}}, nil
	}
	if _, err := Execute(context.Background(), testPlan(1), plain, Options{Dir: dir, Fresh: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, seriesFile)); !os.IsNotExist(err) {
		t.Errorf("series.csv left from an earlier plan: %v", err)
	}
}

func TestExecutorErrorNamesTheRun(t *testing.T) {
	dir := t.TempDir()
	exec := func(ctx context.Context, r Run) (Output, error) {
		if r.Workload == "w2" && r.Algorithm == "B" && r.Rep == 1 {
			return Output{}, errors.New("boom")
		}
		return Output{Metrics: []Metric{{Name: "x", Value: 1}}}, nil
	}
	_, err := Execute(context.Background(), testPlan(2), exec, Options{Dir: dir, Workers: 1})
	if err == nil || !strings.Contains(err.Error(), "toy/w2/B/1: boom") {
		t.Fatalf("error should name the failing run, got %v", err)
	}
}

func TestUnwritableDirectory(t *testing.T) {
	// A path below a regular file cannot be created even by root, who
	// ignores permission bits.
	file := filepath.Join(t.TempDir(), "plain")
	os.WriteFile(file, nil, 0o644)
	var calls atomic.Int64
	_, err := Execute(context.Background(), testPlan(1), toyExec(&calls), Options{Dir: filepath.Join(file, "out")})
	if err == nil || !strings.Contains(err.Error(), "cannot create output directory") {
		t.Fatalf("want a clear error, got %v", err)
	}
	if calls.Load() != 0 {
		t.Error("runs executed although results could not be saved")
	}
}

func TestDuplicateRunRejected(t *testing.T) {
	p := testPlan(1)
	p.Runs = append(p.Runs, p.Runs[0])
	_, err := Execute(context.Background(), p, toyExec(new(atomic.Int64)), Options{Dir: t.TempDir()})
	if err == nil || !strings.Contains(err.Error(), "twice") {
		t.Fatalf("got %v", err)
	}
}

func TestSeedsDependOnIdentityOnly(t *testing.T) {
	a := NewRun("e", "w", "alg", 3)
	b := NewRun("e", "w", "other", 3)
	if a.Seed != b.Seed {
		t.Error("algorithms of one repetition must share the workload seed")
	}
	if a.RunSeed == b.RunSeed {
		t.Error("run seeds of different algorithms collide")
	}
	if DeriveSeed("ab", "c") == DeriveSeed("a", "bc") {
		t.Error("parts are not separated")
	}
	// Pinned so that a change of the derivation (which would silently
	// change every published result) is noticed.
	if got, want := fmt.Sprint(DeriveSeed("immediate", "u_c_hihi", "0")), fmt.Sprint(WorkloadSeed("immediate", "u_c_hihi", 0)); got != want {
		t.Errorf("WorkloadSeed disagrees with DeriveSeed: %s vs %s", got, want)
	}
	if got := DeriveSeed("gridbench"); got != 0xc29a690b505354a5 {
		t.Errorf("DeriveSeed(gridbench) = %#x", got)
	}
}

// Results are reused only by the build that made them: a changed scheduler
// or model must not be answered from the old code's results, whether they
// are finished (runs.csv) or in the journal of an interrupted invocation.
func TestAnotherBuildRecomputes(t *testing.T) {
	dir := t.TempDir()
	var calls atomic.Int64
	var log strings.Builder
	run := func(build string) int64 {
		t.Helper()
		before := calls.Load()
		if _, err := Execute(context.Background(), testPlan(2), toyExec(&calls), Options{Dir: dir, Workers: 2, Build: build, Progress: &log}); err != nil {
			t.Fatal(err)
		}
		return calls.Load() - before
	}
	if n := run("sha256:aaaa"); n != 12 {
		t.Fatalf("first invocation made %d calls, want 12", n)
	}
	if n := run("sha256:aaaa"); n != 0 {
		t.Errorf("same build: %d calls, want every run reused", n)
	}
	log.Reset()
	if n := run("sha256:bbbb"); n != 12 {
		t.Errorf("another build: %d calls, want all 12 computed again", n)
	}
	if !strings.Contains(log.String(), "another build of gridbench (sha256:aaaa, this one sha256:bbbb)") {
		t.Errorf("progress does not say why the runs are computed again:\n%s", log.String())
	}
	m, err := os.ReadFile(filepath.Join(dir, manifestFile))
	if err != nil || !strings.Contains(string(m), `"build": "sha256:bbbb"`) {
		t.Errorf("manifest does not record the build (err %v):\n%s", err, m)
	}

	// An interrupted invocation of build b is not resumed by build c.
	ctx, cancel := context.WithCancel(context.Background())
	inner := toyExec(&calls)
	stop := calls.Load() + 5
	exec := func(c context.Context, r Run) (Output, error) {
		if calls.Load() >= stop {
			cancel()
			return Output{}, c.Err()
		}
		return inner(c, r)
	}
	if _, err := Execute(ctx, testPlan(3), exec, Options{Dir: dir, Workers: 1, Build: "sha256:bbbb"}); err == nil {
		t.Fatal("interrupted invocation returned no error")
	}
	before := calls.Load()
	if _, err := Execute(context.Background(), testPlan(3), toyExec(&calls), Options{Dir: dir, Workers: 2, Build: "sha256:cccc"}); err != nil {
		t.Fatal(err)
	}
	if n := calls.Load() - before; n != 18 {
		t.Errorf("build c after build b's interrupted journal: %d calls, want all 18", n)
	}
}

// A run that measures NaN or ±Inf fails, naming the run and the metric;
// nothing non-finite reaches runs.csv or the journal.
func TestNonFiniteMetricFailsTheRun(t *testing.T) {
	for _, v := range []float64{math.NaN(), math.Inf(1)} {
		dir := t.TempDir()
		exec := func(ctx context.Context, r Run) (Output, error) {
			return Output{Metrics: []Metric{{Name: "ok", Value: 1}, {Name: "bad", Value: v}}}, nil
		}
		_, err := Execute(context.Background(), testPlan(1), exec, Options{Dir: dir, Workers: 1})
		if err == nil || !strings.Contains(err.Error(), "metric bad is") {
			t.Errorf("%v: err = %v", v, err)
		}
		if b, _ := os.ReadFile(filepath.Join(dir, "runs.csv")); strings.Contains(string(b), "NaN") || strings.Contains(string(b), "Inf") {
			t.Errorf("%v written: %s", v, b)
		}
		// The same for a point of a series, which once reached series.csv.
		dir = t.TempDir()
		exec = func(ctx context.Context, r Run) (Output, error) {
			return Output{Metrics: []Metric{{Name: "ok", Value: 1}}, Series: []Sample{{"s", 0, 1}, {"s", 1, v}}}, nil
		}
		_, err = Execute(context.Background(), testPlan(1), exec, Options{Dir: dir, Workers: 1})
		if err == nil || !strings.Contains(err.Error(), "series s has the point (1, "+fmt.Sprint(v)+"): not a measurement") {
			t.Errorf("series %v: err = %v", v, err)
		}
		if b, _ := os.ReadFile(filepath.Join(dir, "series.csv")); strings.Contains(string(b), "NaN") || strings.Contains(string(b), "Inf") {
			t.Errorf("series %v written: %s", v, b)
		}
	}
}

// A run stopped by the caller's interruption in words of its own (an
// exec: scheduler's "sent …: interrupted (interrupt signal received)",
// not context.Canceled) is an interruption: the error says the finished
// runs are saved and how to resume, and the next call reuses them.
func TestInterruptedRunInItsOwnWords(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancelCause(context.Background())
	var calls, n atomic.Int64
	exec := func(c context.Context, r Run) (Output, error) {
		if n.Add(1) > 4 {
			cancel(errors.New("interrupt signal received"))
			<-c.Done()
			return Output{}, fmt.Errorf("exec:s.py: sent a message: interrupted (%v)", context.Cause(c))
		}
		return toyExec(&calls)(c, r)
	}
	_, err := Execute(ctx, testPlan(2), exec, Options{Dir: dir, Workers: 1})
	if err == nil || !strings.HasPrefix(err.Error(), "toy: interrupted after 4 of 12 runs; finished runs are saved in ") {
		t.Fatalf("got %v", err)
	}
	before := calls.Load()
	if _, err := Execute(context.Background(), testPlan(2), toyExec(&calls), Options{Dir: dir, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	if ran := calls.Load() - before; ran != 8 {
		t.Errorf("the next call ran %d runs, want the 8 not finished", ran)
	}
}
