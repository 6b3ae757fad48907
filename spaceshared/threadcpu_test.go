package spaceshared

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sim"
)

// sleepy is FCFS that waits 20 ms in every decision without using the CPU:
// the wall clock counts the wait, the thread's CPU clock does not.
type sleepy struct{ sim.Scheduler }

func (s sleepy) Schedule(st *sim.State) {
	time.Sleep(20 * time.Millisecond)
	s.Scheduler.Schedule(st)
}

// TestCPUTimeLeavesOutWaiting: the time the deadline study's runtime
// claims are decided on is the scheduler thread's CPU time, not the wall
// clock, which also counts waiting (for a core another process holds, or,
// here, in a sleep). The wall-clock log sees the sleeps; the CPU log does
// not. On a system without a per-thread clock the two are one.
func TestCPUTimeLeavesOutWaiting(t *testing.T) {
	if _, ok := threadCPU(); !ok {
		t.Skipf("no per-thread CPU clock on %s: CPU is the wall clock there", runtime.GOOS)
	}
	p, jobs := handInstance()
	f, err := sched.New("fcfs")
	if err != nil {
		t.Fatal(err)
	}
	_, tr, err := SimulateTimed(context.Background(), p, jobs, sleepy{f})
	if err != nil {
		t.Fatal(err)
	}
	d := Decisions(tr)
	if d.SecPerDec < 0.015 {
		t.Fatalf("wall clock per decision %.4f s, want at least the 20 ms sleep", d.SecPerDec)
	}
	if d.CPUPerDec >= d.SecPerDec/4 {
		t.Errorf("CPU per decision %.4f s of %.4f s wall: the sleep was counted as CPU", d.CPUPerDec, d.SecPerDec)
	}
}
