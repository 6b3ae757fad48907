package filestudy

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/internal/sim"
)

// burstKind is a workload kind written as its author would write one: this
// type, in a file of its own, and a row of kinds (addKind). Each
// repetition is jobs jobs that all arrive at 0 and each run run seconds on
// width of the machine's cpus CPUs. jobs and cpus are keys every kind may
// read (fields of Workload); run and width are its own (burstParams).
type burstKind struct{}

type burstParams struct {
	Run   float64 `toml:"run"`
	Width int     `toml:"width"`
}

func (burstKind) family() *family { return spaceShared }

func (burstKind) keys() []string { return []string{"jobs", "cpus", "run", "width"} }

func (burstKind) params() any { return &burstParams{} }

func (burstKind) check(w *Workload) error {
	p := w.Params.(*burstParams)
	switch {
	case w.Jobs < 1:
		return keyErr("jobs", "%d: need at least 1", w.Jobs)
	case w.CPUs < 1:
		return keyErr("cpus", "%d: need at least 1", w.CPUs)
	case p.Width < 1 || p.Width > w.CPUs:
		return keyErr("width", "%d: need 1 to cpus (%d)", p.Width, w.CPUs)
	case !(p.Run > 0 && p.Run <= maxTime):
		return keyErr("run", "%g: need a time in seconds above 0", p.Run)
	}
	if w.Name == "" {
		w.Name = fmt.Sprintf("burst/%dx%d", w.Jobs, p.Width)
	}
	return nil
}

func (burstKind) describe(w *Workload) string {
	p := w.Params.(*burstParams)
	return fmt.Sprintf("%d jobs of %d CPUs and %g s, all at time 0, on %d CPUs", w.Jobs, p.Width, p.Run, w.CPUs)
}

func (burstKind) instances(s *Study, i, reps int, _ string, _ *config) ([]instance, error) {
	w := &s.Workloads[i]
	b := burst{cpus: w.CPUs}
	for j := range w.Jobs {
		p := w.Params.(*burstParams)
		b.jobs = append(b.jobs, sim.Job{ID: int64(j + 1), Run: p.Run, CPUs: p.Width, User: -1})
	}
	specs := make([]instance, reps)
	for r := range specs {
		specs[r] = b
	}
	return specs, nil
}

func (burstKind) files(*Workload, int, config) []string { return nil }

// burst is a burst workload's repetition.
type burst struct {
	cpus int
	jobs []sim.Job
}

func (b burst) execute(ctx context.Context, s *Study, run bench.Run) (bench.Output, error) {
	return s.simulate(ctx, run, sim.SingleMachine(b.cpus), b.jobs)
}

// addKind adds a row to kinds for the test's length.
func addKind(t *testing.T, name string, k kind) {
	t.Helper()
	saved := kinds
	kinds = append(slices.Clip(kinds), struct {
		name string
		kind kind
	}{name, k})
	t.Cleanup(func() { kinds = saved })
}

const burstStudy = `name = "burst-kind"
algorithms = ["fcfs", "easy"]
metrics = ["wait", "makespan"]

[[workload]]
kind = "burst"
jobs = 5
cpus = 4
width = 2
run = 10
`

// TestNewKind adds a kind through the table: its keys of its own are
// read, checked with their line, part of the configuration hash and
// refused in a workload of another kind. (TestNewKindRuns runs a study of
// it.)
func TestNewKind(t *testing.T) {
	addKind(t, "burst", burstKind{})
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}

	// Its own keys are part of the configuration hash.
	hash := func(text string) string {
		t.Helper()
		s, err := Load(write("h.toml", text))
		if err != nil {
			t.Fatal(err)
		}
		pl, err := s.Plan(experiments.Config{Reps: 1})
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(pl.(*plan).runs.Plan.Config)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if a, b := hash(burstStudy), hash(strings.Replace(burstStudy, "run = 10", "run = 20", 1)); a == b || !strings.Contains(a, `"Params":{"Run":10,"Width":2}`) {
		t.Errorf("configuration %s\nwith run = 20: %s\nwant run = 10 in the first and the two different", a, b)
	}

	for _, tc := range []struct{ name, text, want string }{
		{"its key checked", strings.Replace(burstStudy, "width = 2", "width = 8", 1),
			"bad.toml:9: workload 1: key width: 8: need 1 to cpus (4)"},
		{"its key's type", strings.Replace(burstStudy, "width = 2", `width = "two"`, 1),
			"bad.toml:9: workload 1: key width: is the string \"two\"; want a whole number"},
		{"another kind's key", burstStudy + "slaves = 2\n",
			`bad.toml:11: workload 1: key slaves: not read by kind = "burst" workloads (their keys: kind, name, jobs, cpus, run, width)`},
		{"its key in another kind", burstStudy + "[[workload]]\nkind = \"lublin\"\njobs = 5\ncpus = 4\nwidth = 2\n",
			`bad.toml:15: workload 2: key width: unknown (its table's keys: kind, name, jobs, cpus, typeless)`},
		{"its key under a misspelt kind", strings.Replace(burstStudy, `"burst"`, `"bursts"`, 1),
			`bad.toml:6: workload 1: key kind: "bursts": want one of "trace", "deadline", "lublin", "etc", "timeshare", "burst"; did you mean "burst"?`},
		{"the kinds listed", strings.Replace(strings.Replace(burstStudy, `"burst"`, `"bursts"`, 1), "width = 2\nrun = 10\n", "", 1),
			`bad.toml:6: workload 1: key kind: "bursts": want one of "trace", "deadline", "lublin", "etc", "timeshare", "burst"`},
		{"its family's algorithms", strings.Replace(burstStudy, `"easy"]`, `"MCT"]`, 1),
			`bad.toml:2: key algorithms: "MCT" is a mapping algorithm (for kind = etc workloads); trace/deadline/lublin/burst workloads take`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(write("bad.toml", tc.text))
			if err == nil || !strings.HasPrefix(err.Error(), filepath.Join(dir, tc.want)) {
				t.Errorf("err = %v\nwant it to start with %q", err, filepath.Join(dir, tc.want))
			}
		})
	}
}

// TestOverflowsNamesWhatAFieldCannotHold: overflows finds the integer a
// field of a narrower type cannot hold, in an array too, on every build
// (the 32-bit int of TestKeyRanges is one case).
func TestOverflowsNamesWhatAFieldCannotHold(t *testing.T) {
	for _, c := range []struct {
		v    any
		t    reflect.Type
		n    int64
		over bool
	}{
		{int64(1 << 40), reflect.TypeFor[int32](), 1 << 40, true},
		{int64(-1 << 40), reflect.TypeFor[*int32](), -1 << 40, true},
		{int64(1 << 40), reflect.TypeFor[int64](), 0, false},
		{int64(127), reflect.TypeFor[int8](), 0, false},
		{[]any{int64(1), int64(300)}, reflect.TypeFor[[]int8](), 300, true},
		{"300", reflect.TypeFor[int8](), 0, false},
		{float64(1e300), reflect.TypeFor[float32](), 0, false},
	} {
		n, over := overflows(c.v, c.t)
		if over != c.over || over && n != c.n {
			t.Errorf("overflows(%v, %v) = %d, %t; want %d, %t", c.v, c.t, n, over, c.n, c.over)
		}
	}
}
