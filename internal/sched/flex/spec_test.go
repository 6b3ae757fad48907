package flex_test

import (
	"slices"
	"testing"

	"github.com/gridbench/gridbench/generators/jobstream"
	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/sched"
	_ "github.com/gridbench/gridbench/internal/sched/easy"
	_ "github.com/gridbench/gridbench/internal/sched/fcfs"
	"github.com/gridbench/gridbench/internal/sched/flex"
	"github.com/gridbench/gridbench/internal/sim"
)

// TestSpecPlatformMatchesNaive runs the SPEC's platform (150 heterogeneous
// machines) under its heaviest stream, cut to a few hundred jobs so the
// naive twin stays quick, where queues are long and most jobs have
// deadlines: the case the small random workloads reach least.
func TestSpecPlatformMatchesNaive(t *testing.T) {
	spec := jobstream.Default(1)
	spec.Jobs = 1000
	if testing.Short() {
		spec.Jobs = 500
	}
	inst, err := adapt.GenerateDeadline(spec, 1)
	if err != nil {
		t.Fatal(err)
	}
	fast, err := sim.Simulate(inst.Platform, inst.Jobs, flex.New(flex.DefaultParams()))
	if err != nil {
		t.Fatal(err)
	}
	if err := sim.Check(inst.Platform, inst.Jobs, fast); err != nil {
		t.Fatal(err)
	}
	slow, err := sim.Simulate(inst.Platform, inst.Jobs, newNaive(flex.DefaultParams()))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(fast, slow) {
		for i := range fast {
			if fast[i] != slow[i] {
				t.Fatalf("job %d (%+v): flex %+v, naive %+v", i, inst.Jobs[i], fast[i], slow[i])
			}
		}
	}
	// Not vacuous: jobs must have queued, and some must have started
	// ahead of an earlier arrival.
	waited, overtook := 0, 0
	for i, r := range fast {
		if r.Start > inst.Jobs[i].Submit {
			waited++
		}
		if i > 0 && r.Start < fast[i-1].Start {
			overtook++
		}
	}
	t.Logf("%d jobs: %d waited, %d started before their predecessor", spec.Jobs, waited, overtook)
	if waited < spec.Jobs/10 || overtook == 0 {
		t.Errorf("%d jobs waited, %d overtook: the workload does not exercise the queue", waited, overtook)
	}
}

// TestSpecStreams is a sanity run of the full SPEC streams (3000 jobs, mean
// inter-arrival 1..5 s): it checks the invariants and logs the share of
// deadline jobs delayed and the work per decision beside FCFS and EASY.
// The papers' claims are tested over repetitions by the experiment, not here.
func TestSpecStreams(t *testing.T) {
	if testing.Short() {
		t.Skip("full SPEC streams: skipped with -short")
	}
	for _, ia := range []float64{1, 2, 3, 4, 5} {
		inst, err := adapt.GenerateDeadline(jobstream.Default(ia), 1)
		if err != nil {
			t.Fatal(err)
		}
		for _, algo := range []string{"fcfs", "easy", "flex"} {
			s, err := sched.New(algo)
			if err != nil {
				t.Fatal(err)
			}
			run, err := sim.New(inst.Platform, inst.Jobs, s)
			if err != nil {
				t.Fatal(err)
			}
			if err := run.Run(); err != nil {
				t.Fatal(err)
			}
			recs := run.Records()
			if err := sim.Check(inst.Platform, inst.Jobs, recs); err != nil {
				t.Fatalf("ia=%g %s: %v", ia, algo, err)
			}
			late, withDeadline := 0, 0
			for i, r := range recs {
				if inst.Jobs[i].HasDeadline {
					withDeadline++
					if r.Late(&inst.Jobs[i]) {
						late++
					}
				}
			}
			t.Logf("ia=%g algo=%s: %.1f%% of deadline jobs delayed, work %d", ia, algo, 100*float64(late)/float64(withDeadline), run.Work())
		}
	}
}

// TestKTHMatchesNaive runs the first jobs of the KTH SP2 trace on its 100
// CPUs with the users' requested times as estimates (often far off, so
// jobs overrun and the "past its estimate" case occurs) through both twins.
func TestKTHMatchesNaive(t *testing.T) {
	path := datadir.ForTest(t, "KTH-SP2/KTH-SP2-1996-2.1-cln.swf.gz")
	n := 5000
	if testing.Short() {
		n = 500
	}
	jobs, _, err := adapt.LoadSWF(path, n, 100, adapt.Requested)
	if err != nil {
		t.Fatal(err)
	}
	p := sim.SingleMachine(100)
	fast, err := sim.Simulate(p, jobs, flex.New(flex.DefaultParams()))
	if err != nil {
		t.Fatal(err)
	}
	if err := sim.Check(p, jobs, fast); err != nil {
		t.Fatal(err)
	}
	slow, err := sim.Simulate(p, jobs, newNaive(flex.DefaultParams()))
	if err != nil {
		t.Fatal(err)
	}
	for i := range fast {
		if fast[i] != slow[i] {
			t.Fatalf("job %d (ID %d): flex %+v, naive %+v", i, jobs[i].ID, fast[i], slow[i])
		}
	}
}
