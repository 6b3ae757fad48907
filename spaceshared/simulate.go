package spaceshared

import (
	"context"
	"runtime"
	"strconv"
	"time"

	"github.com/gridbench/gridbench/internal/sim"
)

// DecisionLog is what the executor saw of each decision of one simulation: the
// queue length when the decision began, the scheduler's work steps in it,
// its wall-clock duration in seconds and the CPU time of the scheduler's
// thread in it. The first two are deterministic; Wall and CPU are not.
// CPU is what the deadline study's runtime claims are decided on: the
// wall clock also counts the time the thread waited for a core another
// process held. Where the system has no per-thread CPU clock (only Linux
// is read), CPU is the wall-clock duration.
//
// CPU holds one value per CPUEvery decisions (decisions 0, CPUEvery,
// 2·CPUEvery, …).
type DecisionLog struct {
	Queue []int
	Work  []int64
	Wall  []float64
	CPU   []float64
}

// SimulateTimed is Simulate timing each decision: it runs s on the
// instance and returns the records (checked with sim.Check) and the
// per-decision trace. The studies run the family through it.
// ctx is polled between decisions, so a cancelled reproduction stops a long
// run promptly.
func SimulateTimed(ctx context.Context, p sim.Platform, jobs []sim.Job, s sim.Scheduler) ([]sim.Record, *DecisionLog, error) {
	sm, err := sim.New(p, jobs, s)
	if err != nil {
		return nil, nil, err
	}
	tr := &DecisionLog{}
	var before int64
	// The thread's CPU clock times this goroutine's decisions only while
	// the goroutine keeps its thread.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for sm.Advance() {
		if len(tr.Queue)%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
		}
		q := sm.State().QueueLen()
		// The thread's clock is a system call (no vDSO), two per decision
		// doubled the deadline study's CPU: every CPUEvery-th decision is
		// timed, a sample drawn by index, so its mean estimates the mean
		// over all decisions without bias.
		sample := len(tr.Queue)%CPUEvery == 0
		var c0 float64
		cok := false
		if sample {
			c0, cok = threadCPU()
		}
		t0 := time.Now()
		sm.Decide()
		wall := time.Since(t0).Seconds()
		if sample {
			cpu := wall
			if c1, ok := threadCPU(); cok && ok {
				cpu = max(0, c1-c0)
			}
			tr.CPU = append(tr.CPU, cpu)
		}
		w := sm.Work()
		tr.Queue = append(tr.Queue, q)
		tr.Work = append(tr.Work, w-before)
		tr.Wall = append(tr.Wall, wall)
		before = w
	}
	if err := sm.Err(); err != nil {
		return nil, nil, err
	}
	recs := sm.Records()
	if err := sim.Check(p, jobs, recs); err != nil {
		return nil, nil, err
	}
	return recs, tr, nil
}

// CPUEvery is how often a decision's CPU time is read: DecisionLog.CPU
// holds decisions 0, CPUEvery, 2·CPUEvery, … (see SimulateTimed).
const CPUEvery = 16

// StreamID names the synthetic deadline stream (generators/jobstream)
// with mean inter-arrival time ia, as runs.csv's workload column does.
func StreamID(ia float64) string { return "ia=" + strconv.FormatFloat(ia, 'g', -1, 64) }
