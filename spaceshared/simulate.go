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
// its wall-clock duration in seconds, and the CPU time of the scheduler's
// thread in a sample of them and in the whole run. The first two are
// deterministic; the times are not.
//
// The CPU time is what the deadline study's runtime claims are decided
// on: the wall clock also counts the time the thread waited for a core
// another process held. Reading the thread's clock is a system call,
// which costs about a microsecond of the thread's CPU time, as much as
// a whole FCFS decision and more after a decision that filled the caches,
// and slows the decision after it, so a decision's own CPU time is not
// read but estimated (Decisions): its wall-clock duration, times the
// share of the whole run's wall clock in which the thread ran (LoopCPU
// over LoopWall), as a thread kept waiting is as likely to be kept in a
// decision as anywhere else in the run.
//
// CPU holds the thread's CPU time in one decision of every CPUEvery
// (decisions 0, CPUEvery, 2·CPUEvery, …), the clock's own cost included,
// for the slope and correlation of CPU time with the queue. LoopCPU and
// LoopWall are the thread's CPU time and the wall-clock time of the whole
// run (0 where the system has no per-thread clock: only Linux's is read;
// the CPU values are then the wall-clock durations).
type DecisionLog struct {
	Queue             []int
	Work              []int64
	Wall              []float64
	CPU               []float64
	LoopCPU, LoopWall float64
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
	loopCPU, loopOK := threadCPU()
	loopStart := time.Now()
	for sm.Advance() {
		if len(tr.Queue)%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
		}
		q := sm.State().QueueLen()
		// The thread's clock is a system call (no vDSO), two per decision
		// doubled the deadline study's CPU: every CPUEvery-th decision is
		// read, a sample drawn by index.
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
	if c, ok := threadCPU(); loopOK && ok {
		tr.LoopCPU, tr.LoopWall = max(0, c-loopCPU), time.Since(loopStart).Seconds()
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
