package schedbased

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestSettleLockstep drives two plans through dense arrivals (EG-EDF,
// and Tabu on half the seeds), completions of which many come early, and
// starts, one re-placing whole queues (Plan.direct) and one reading only
// the jobs whose times may change (replanHead), and compares them, work
// counter included, after every operation. The machines are few and wide and the
// arrivals dense, so that queues grow long, as on a busy log; no job has
// zero length (TestSettleZeroLength has them).
func TestSettleLockstep(t *testing.T) {
	seeds := 120
	if testing.Short() {
		seeds = 30
	}
	settled, stopped := settleLockstep(t, seeds, 21, 0, randomJob)
	if stopped < int64(seeds)/2 {
		t.Fatalf("%d of %d seeds settled a re-plan (%d in all): the test must exercise replanHead's stop", stopped, seeds, settled)
	}
}

// TestSettleRounding is TestSettleLockstep 2^40 s into the log, where
// one job in four lasts 2^-14 s, less than half the rounding step of the
// time (2^-12): it ends where it starts. replanHead sums the CPUs of
// jobs that start at the instant reached or later as held there, which
// holds only if every job ends after its start, so it re-places whole
// queues here (endsAfterStart), as the plan without memos does.
func TestSettleRounding(t *testing.T) {
	seeds := 60
	if testing.Short() {
		seeds = 15
	}
	tiny := func(r *rand.Rand, submit float64, maxCPUs int) Job {
		j := randomJob(r, submit, maxCPUs)
		if r.IntN(4) == 0 {
			j.Run = 0x1p-14
		}
		return j
	}
	settleLockstep(t, seeds, 23, 0x1p40, tiny)
}

// TestSettleZeroLength is TestSettleLockstep with one job in ten of
// length 0, the first of each seed among them: a plan that ever held a
// zero-length job still reads only the jobs whose times may change while
// none waits in the queue re-planned (endsAfterStarts), and re-places the
// queue whole while one does.
func TestSettleZeroLength(t *testing.T) {
	seeds := 120
	if testing.Short() {
		seeds = 30
	}
	calls := 0
	zero := func(r *rand.Rand, submit float64, maxCPUs int) Job {
		j := randomJob(r, submit, maxCPUs)
		if calls%150 == 0 || r.IntN(10) == 0 { // (150 jobs a seed)
			j.Run = 0
		}
		calls++
		return j
	}
	settled, stopped := settleLockstep(t, seeds, 29, 0, zero)
	if stopped < int64(seeds)/2 {
		t.Fatalf("%d of %d seeds settled a re-plan (%d in all) after a zero-length job was planned: the test must exercise replanHead's stop", stopped, seeds, settled)
	}
}

// settleLockstep drives a settlePair per seed through dense arrivals
// from time t0 on, with completions of which many come early, and
// starts, checking the two plans after every operation, and returns how
// many re-plans settled and in how many seeds.
func settleLockstep(t *testing.T, seeds int, stream uint64, t0 float64, newJob func(r *rand.Rand, submit float64, maxCPUs int) Job) (settled, stopped int64) {
	t.Helper()
	for seed := range uint64(seeds) {
		r := rand.New(rand.NewPCG(seed, stream))
		sp, maxCPUs := newSettlePair(t, r, seed)
		a, b, check := sp.a, sp.b, sp.check
		early := 0.1 + 0.4*r.Float64()
		submit := t0
		for id := range 150 {
			submit += float64(r.IntN(2))
			for ev := nextEvent(a); ev < submit; ev = nextEvent(a) {
				a.Advance(ev)
				b.Advance(ev)
				check(fmt.Sprintf("advance %v", ev))
				lockstepEvents(t, a, b, r, early, check)
			}
			a.Advance(submit)
			b.Advance(submit)
			check(fmt.Sprintf("advance %v", submit))
			lockstepEvents(t, a, b, r, early, check)
			sp.arrive(id, newJob(r, submit, maxCPUs))
		}
		if a.settled != 0 {
			t.Fatalf("seed %d: the plan without memos settled %d re-plans", seed, a.settled)
		}
		settled += b.settled
		if b.settled > 0 {
			stopped++
		}
	}
	return settled, stopped
}

// TestSettleOffPlan is TestSettleLockstep with the clock moving in steps
// of half a second, so that jobs end off plan every way: before their
// planned end (some), after it (most, by less than a step, and some
// running several steps past it, as jobs outlive a requested time), and
// heads of queues started before their planned start.
func TestSettleOffPlan(t *testing.T) {
	seeds := 80
	if testing.Short() {
		seeds = 20
	}
	var settled int64
	for seed := range uint64(seeds) {
		r := rand.New(rand.NewPCG(seed, 33))
		sp, maxCPUs := newSettlePair(t, r, seed)
		a, b, check := sp.a, sp.b, sp.check
		past := map[int]float64{} // how long a job runs past its planned end
		now := 0.0
		for id := range 150 {
			for range r.IntN(3) {
				now += 0.5
				a.Advance(now)
				b.Advance(now)
				check(fmt.Sprintf("advance %v", now))
				for m := range a.ms {
					for _, e := range a.Running(m) {
						end := e.End + past[e.ID]
						if end > now && r.Float64() < 0.05 {
							end = now // ends early
						}
						if end > now {
							continue
						}
						a.Complete(e.ID, now)
						b.Complete(e.ID, now)
						check(fmt.Sprintf("complete %d at %v (planned %v)", e.ID, now, e.End))
					}
					for _, id := range a.Due(m) {
						a.Start(id)
						b.Start(id)
						check(fmt.Sprintf("start %d", id))
					}
					if q := a.Queue(m); len(q) > 0 && q[0].Start > now && r.Float64() < 0.05 {
						a.Start(q[0].ID)
						b.Start(q[0].ID)
						check(fmt.Sprintf("start %d at %v (planned %v)", q[0].ID, now, q[0].Start))
					}
				}
			}
			j := randomJob(r, now, maxCPUs)
			if r.IntN(4) == 0 {
				past[id] = float64(r.IntN(8))
			}
			sp.arrive(id, j)
		}
		settled += b.settled
	}
	if settled == 0 {
		t.Fatal("no re-plan stopped before the end of its queue: the test must exercise replanHead's stop")
	}
}

// settlePair is two plans on random machines, the first re-placing
// whole queues (Plan.direct), and on odd seeds a Tabu search for each.
type settlePair struct {
	t      *testing.T
	a, b   *Plan
	ta, tb *Tabu
	check  func(ctx string) // fails the test when the plans differ
}

// newSettlePair returns a settlePair and the widest machine's CPUs.
func newSettlePair(t *testing.T, r *rand.Rand, seed uint64) (*settlePair, int) {
	mach, maxCPUs := randomMachines(r, 1, 3, 32)
	sp := &settlePair{t: t, a: NewPlan(mach, 2), b: NewPlan(mach, 2)}
	sp.a.direct = true
	sp.check = sameCheck(t, seed, sp.a, sp.b)
	if seed%2 == 1 {
		opt := TabuOptions{Iterations: 1 + r.IntN(20), TabuLen: r.IntN(12)}
		sp.ta, sp.tb = NewTabu(opt, seed), NewTabu(opt, seed)
	}
	return sp, maxCPUs
}

// arrive inserts job j by EG-EDF into both plans, then runs the Tabu
// searches, checking after each.
func (sp *settlePair) arrive(id int, j Job) {
	sp.t.Helper()
	InsertEGEDF(sp.a, id, j)
	InsertEGEDF(sp.b, id, j)
	sp.check(fmt.Sprintf("EG-EDF job %d", id))
	if sp.ta != nil {
		sp.ta.Run(sp.a)
		sp.tb.Run(sp.b)
		sp.check(fmt.Sprintf("Tabu after job %d", id))
	}
}

// TestStartAfter checks the galloping search against a walk, on queues
// in order of start with runs of one start of every length. (replanHead
// gives the same plans with any index of the run, only slower: the
// lockstep tests cannot tell.)
func TestStartAfter(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 7))
	for range 2000 {
		var q []Entry
		at := 0.0
		for range r.IntN(40) {
			at += float64(r.IntN(2))
			for range 1 + r.IntN(1<<r.IntN(6)) {
				q = append(q, Entry{Start: at})
			}
		}
		for k := 0; k <= len(q); k++ {
			x := float64(r.IntN(int(at) + 2))
			if k < len(q) && r.IntN(2) == 0 {
				x = q[k].Start
			}
			want := k
			for want < len(q) && q[want].Start <= x {
				want++
			}
			if got := startAfter(q, k, x); got != want {
				t.Fatalf("startAfter(%v, %d, %v) = %d, want %d", q, k, x, got, want)
			}
		}
	}
}
