package schedbased

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// checkPlan compares every machine of p with a from-scratch recomputation
// of the same queue order, and checks the plan's invariants.
func checkPlan(t *testing.T, p *Plan, ctx string) {
	t.Helper()
	n := naiveOf(p)
	seen := map[int]bool{}
	nd := 0
	for m := range p.ms {
		mp := &p.ms[m]
		w := n.clone()
		w.recompute(m)
		if err := beforeErr(mp.queue); err != nil {
			t.Fatalf("%s: machine %d: %v", ctx, m, err)
		}
		var ends []float64
		for _, e := range mp.running {
			ends = append(ends, e.End)
		}
		if slices.Sort(ends); !slices.Equal(ends, mp.runEnds) {
			t.Fatalf("%s: machine %d: runEnds %v, the running jobs end at %v", ctx, m, mp.runEnds, ends)
		}
		if !sameEntries(mp.queue, w.queue[m]) {
			t.Fatalf("%s: machine %d queue\n got %v\nwant %v", ctx, m, mp.queue, w.queue[m])
		}
		ts, free := w.profile(m)
		if !slices.Equal(mp.ts, ts) || !slices.Equal(mp.free, free) {
			t.Fatalf("%s: machine %d profile\n got %v %v\nwant %v %v\n queue %v running %v now %v", ctx, m, mp.ts, mp.free, ts, free, mp.queue, mp.running, p.now)
		}
		if ms := w.makespan(m); mp.makespan != ms {
			t.Fatalf("%s: machine %d makespan %v, want %v", ctx, m, mp.makespan, ms)
		}
		if lq := w.lateQ(m); mp.lateQ != lq {
			t.Fatalf("%s: machine %d lateQ %d, want %d", ctx, m, mp.lateQ, lq)
		}
		late := 0
		all := w.all(m)
		for _, e := range all {
			if seen[e.ID] {
				t.Fatalf("%s: job %d planned twice", ctx, e.ID)
			}
			seen[e.ID] = true
			if p.where[e.ID] != m {
				t.Fatalf("%s: job %d on machine %d, index says %d", ctx, e.ID, m, p.where[e.ID])
			}
			if e.Start < e.Job.Submit {
				t.Fatalf("%s: job %d planned at %v before its submit %v", ctx, e.ID, e.Start, e.Job.Submit)
			}
			if e.Job.Late(e.End) {
				late++
			} else {
				nd++
			}
			if u := usage(all, e.Start); u > mp.cpus {
				t.Fatalf("%s: machine %d over-committed at %v: %d of %d CPUs", ctx, m, e.Start, u, mp.cpus)
			}
		}
		for _, e := range mp.queue {
			if e.Start < p.now {
				t.Fatalf("%s: queued job %d planned in the past (%v < %v)", ctx, e.ID, e.Start, p.now)
			}
		}
		if late != mp.late {
			t.Fatalf("%s: machine %d late %d, want %d", ctx, m, mp.late, late)
		}
	}
	if mk, _ := p.Objective(); mk != n.objective().makespan {
		t.Fatalf("%s: plan makespan %v, want %v", ctx, mk, n.objective().makespan)
	}
	if len(seen) != len(p.where) || len(seen) != p.count || nd != p.nondelayed {
		t.Fatalf("%s: %d jobs seen, index %d, count %d; nondelayed %d want %d", ctx, len(seen), len(p.where), p.count, p.nondelayed, nd)
	}
	// Tabu's source index, once its marks are flushed, holds every
	// machine's late queued count, and its winner is the scan's.
	p.flushSources()
	total, want := 0, -1
	for m := range p.ms {
		lq := p.ms[m].lateQ
		if p.src.seen[m] != lq {
			t.Fatalf("%s: source index has %d late queued jobs on machine %d, the plan %d", ctx, p.src.seen[m], m, lq)
		}
		total += lq
		if !p.src.excluded[m] && lq > 0 && (want < 0 || lq > p.ms[want].lateQ) {
			want = m
		}
	}
	if got, any := p.source(false); got != want || any != (total > 0) {
		t.Fatalf("%s: source %d (any late %v), want %d (%v)", ctx, got, any, want, total > 0)
	}
	// The gap index never puts a machine's first gap of any width later
	// than it is (a later one would hide a machine from Tabu).
	p.flushGaps()
	for m := range p.ms {
		mp := &p.ms[m]
		for c := 1; c <= mp.cpus; c++ {
			truth := math.Inf(1)
			for i, f := range mp.free {
				if f >= c && mp.ts[i+1] > p.now {
					truth = max(mp.ts[i], p.now)
					break
				}
			}
			if got := p.gaps.early[m][c]; got > truth {
				t.Fatalf("%s: gap index says machine %d's first %d-CPU gap starts at %v, the profile %v", ctx, m, c, got, truth)
			}
			if leaf := p.gaps.trees[c][p.gaps.leaves+m]; leaf != p.gaps.early[m][c] {
				t.Fatalf("%s: gap index leaf %v, early %v", ctx, leaf, p.gaps.early[m][c])
			}
		}
	}
}

func equalPlans(p *Plan, n *naive) error {
	for m := range p.ms {
		if !sameEntries(p.ms[m].queue, n.queue[m]) || !sameEntries(p.ms[m].running, n.running[m]) {
			return fmt.Errorf("machine %d:\n got %v | %v\nwant %v | %v", m, p.ms[m].running, p.ms[m].queue, n.running[m], n.queue[m])
		}
	}
	return nil
}

// sameEntries says whether a and b plan the same jobs at the same
// times, in the same order (before, the plan's own, aside).
func sameEntries(a, b []Entry) bool {
	return slices.EqualFunc(a, b, func(x, y Entry) bool {
		x.before, y.before = 0, 0
		return x == y
	})
}

// beforeErr checks the CPUs before each job of queue q (see Entry).
func beforeErr(q []Entry) error {
	for i := 1; i < len(q); i++ {
		if q[i].before != q[i-1].before+q[i-1].Job.CPUs {
			return fmt.Errorf("job %d of the queue has %d CPUs before it, the one before %d and %d CPUs", i, q[i].before, q[i-1].before, q[i-1].Job.CPUs)
		}
	}
	return nil
}

// randomPlatform: small, heterogeneous, reference speed 2, integer times
// mostly, so ties between ends, starts and arrivals are frequent.
func randomPlatform(r *rand.Rand) (ms []Machine, maxCPUs int) {
	return randomMachines(r, 1, 4, 6)
}

// randomMachines draws lo to lo+n-1 machines of 1 to cpus CPUs and speeds
// 1 to 4, and returns them with their largest CPU count.
func randomMachines(r *rand.Rand, lo, n, cpus int) (ms []Machine, maxCPUs int) {
	ms = make([]Machine, lo+r.IntN(n))
	for i := range ms {
		ms[i] = Machine{CPUs: 1 + r.IntN(cpus), Speed: float64(1 + r.IntN(4))}
		maxCPUs = max(maxCPUs, ms[i].CPUs)
	}
	return ms, maxCPUs
}

// Run times are >= 1: a zero-length job holds no CPU time in the profile,
// so a gap may cover its instant (see "Interpretations" in doc.go).
func randomJob(r *rand.Rand, submit float64, maxCPUs int) Job {
	run := float64(1 + r.IntN(19))
	j := Job{Submit: submit, Run: run, CPUs: 1 + r.IntN(maxCPUs), Deadline: math.Inf(1)}
	if r.IntN(10) < 7 {
		j.Deadline = submit + run*(1.5+2.5*r.Float64())
	}
	return j
}

// nextEvent is the earliest planned start or end after now, or +Inf.
func nextEvent(p *Plan) float64 {
	t := math.Inf(1)
	for _, mp := range p.ms {
		if len(mp.queue) > 0 {
			t = min(t, mp.queue[0].Start)
		}
		for _, e := range mp.running {
			t = min(t, e.End)
		}
	}
	return t
}

// step retires the running jobs ending at now (and, with probability
// early, one more job before its planned end, to exercise re-planning).
func completeAt(t *testing.T, p *Plan, r *rand.Rand, early float64) {
	for m := range p.ms {
		for _, e := range p.Running(m) {
			if e.End <= p.now {
				p.Complete(e.ID, e.End)
				checkPlan(t, p, fmt.Sprintf("complete %d", e.ID))
			} else if r.Float64() < early {
				p.Complete(e.ID, p.now)
				checkPlan(t, p, fmt.Sprintf("early complete %d", e.ID))
			}
		}
	}
}

// advanceTo moves p's clock to submit through every planned event before
// it, retiring the ending jobs (completeAt) and starting the due ones at
// each stop, and retires the jobs ending at submit.
func advanceTo(t *testing.T, p *Plan, r *rand.Rand, submit, early float64) {
	for ev := nextEvent(p); ev < submit; ev = nextEvent(p) {
		p.Advance(ev)
		completeAt(t, p, r, early)
		startDue(t, p)
	}
	p.Advance(submit)
	completeAt(t, p, r, early)
}

func startDue(t *testing.T, p *Plan) {
	for m := range p.ms {
		for _, id := range p.Due(m) {
			p.Start(id)
			checkPlan(t, p, fmt.Sprintf("start %d", id))
		}
	}
}

// TestIncrementalMatchesNaive drives random arrivals, completions (some
// early), starts, EG-EDF insertions and Tabu searches, and after every
// operation compares the incremental plan with the naive twin.
func TestIncrementalMatchesNaive(t *testing.T) {
	seeds := 400
	if testing.Short() {
		seeds = 60
	}
	for seed := range uint64(seeds) {
		r := rand.New(rand.NewPCG(seed, 1))
		mach, maxCPUs := randomPlatform(r)
		p := NewPlan(mach, 2)
		opt := TabuOptions{Iterations: 1 + r.IntN(30), TabuLen: r.IntN(5), AllSources: seed%2 == 0}
		useTabu := seed%3 != 0
		tb := NewTabu(opt, seed)
		runs := 0
		early := 0.0
		if seed%4 == 1 {
			early = 0.05
		}
		submit := 0.0
		for id := range 25 {
			submit += float64(r.IntN(4))
			for ev := nextEvent(p); ev < submit; ev = nextEvent(p) {
				p.Advance(ev)
				checkPlan(t, p, fmt.Sprintf("seed %d advance %v", seed, ev))
				completeAt(t, p, r, early)
				startDue(t, p)
			}
			p.Advance(submit)
			checkPlan(t, p, fmt.Sprintf("seed %d advance %v", seed, submit))
			completeAt(t, p, r, early)
			j := randomJob(r, submit, maxCPUs)
			want, wp := naiveOf(p).egedf(id, j)
			got := InsertEGEDF(p, id, j)
			ctx := fmt.Sprintf("seed %d EG-EDF job %d", seed, id)
			if got != wp {
				t.Fatalf("%s: placement %+v, naive %+v\njob %+v\n%+v", ctx, got, wp, j, p.ms)
			}
			if err := equalPlans(p, want); err != nil {
				t.Fatalf("%s: %v", ctx, err)
			}
			checkPlan(t, p, ctx)
			if useTabu {
				want, wm := naiveOf(p).tabu(opt, seed, runs)
				gm := tb.Run(p)
				runs++
				ctx := fmt.Sprintf("seed %d tabu after job %d", seed, id)
				if gm != wm {
					t.Fatalf("%s: %d moves, naive %d", ctx, gm, wm)
				}
				if err := equalPlans(p, want); err != nil {
					t.Fatalf("%s: %v", ctx, err)
				}
				checkPlan(t, p, ctx)
			}
			startDue(t, p)
		}
		for ev := nextEvent(p); !math.IsInf(ev, 1); ev = nextEvent(p) {
			p.Advance(ev)
			completeAt(t, p, r, 0)
			startDue(t, p)
		}
		if p.Len() != 0 {
			t.Fatalf("seed %d: %d jobs left in the plan", seed, p.Len())
		}
	}
}

// TestInsertGapAfterEqualStarts checks that a job placed in a gap goes
// after the queued jobs that start when it does (list order stays start
// order, ties by insertion), and that the work counted for finding its
// place is the walk back from the queue's end over the jobs starting
// later, as the place is now found by halving.
func TestInsertGapAfterEqualStarts(t *testing.T) {
	p := NewPlan([]Machine{{CPUs: 4, Speed: 1}}, 1)
	inf := math.Inf(1)
	for id, j := range []Job{
		{Run: 10, CPUs: 4, Deadline: inf}, // 0-10
		{Run: 5, CPUs: 2, Deadline: inf},  // 10-15
		{Run: 5, CPUs: 1, Deadline: inf},  // 10-15, beside the one before
		{Run: 3, CPUs: 4, Deadline: inf},  // 15-18
		{Run: 3, CPUs: 4, Deadline: inf},  // 18-21
	} {
		p.InsertAt(0, id, id, j)
	}
	e := Job{Run: 5, CPUs: 1, Deadline: inf} // the last CPU free on [10, 15)
	w0 := p.Work()
	if at, ok := p.EarliestGap(0, e); !ok || at != 10 {
		t.Fatalf("earliest gap at %v (%v), want 10", at, ok)
	}
	w1 := p.Work()
	if !p.InsertGap(0, 9, e) {
		t.Fatal("no gap")
	}
	var ids []int
	for _, x := range p.Queue(0) {
		ids = append(ids, x.ID)
	}
	if want := []int{0, 1, 2, 9, 3, 4}; !slices.Equal(ids, want) {
		t.Fatalf("queue %v, want %v", ids, want)
	}
	if walk := (p.Work() - w1) - (w1 - w0); walk != 2 {
		t.Fatalf("the insertion counted %d steps beyond the gap search, want 2 (the jobs starting at 15 and 18)", walk)
	}
	checkPlan(t, p, "after the insertion")
}

// insert gives the same queue as slices.Insert, whether it moves the
// entries before the new one into the room the started jobs left, those
// after it, or all of them to a new array; and it uses that room only
// while the queue still lies in the array it was made in. insert and
// remove keep the CPUs before each entry, whichever side they adjust.
func TestInsertUsesRoomBeforeQueue(t *testing.T) {
	ids := func(q []Entry) []int {
		var s []int
		for _, e := range q {
			s = append(s, e.ID)
		}
		return s
	}
	var mp machPlan
	var want []Entry
	r := rand.New(rand.NewPCG(5, 5))
	usedRoom := 0
	for i := range 2000 {
		switch {
		case len(want) > 0 && r.IntN(3) == 0: // the head starts
			want, mp.queue = want[1:], mp.queue[1:]
		case i%500 == 499: // the queue is given other storage (restore, own)
			mp.queue = append(make([]Entry, 0, cap(mp.queue)), mp.queue...)
		case len(want) > 0 && r.IntN(5) == 0: // a job is taken out (Tabu)
			pos := r.IntN(len(want))
			want = slices.Delete(want, pos, pos+1)
			mp.remove(pos)
		default:
			pos := r.IntN(len(want) + 1)
			e := Entry{ID: i, Job: Job{CPUs: 1 + r.IntN(8)}}
			before := mp.room()
			want = slices.Insert(want, pos, e)
			mp.insert(pos, e)
			if before > 0 && mp.room() == before-1 {
				usedRoom++
			}
		}
		if !slices.Equal(ids(mp.queue), ids(want)) {
			t.Fatalf("step %d: queue %v, want %v", i, ids(mp.queue), ids(want))
		}
		if err := beforeErr(mp.queue); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
	if usedRoom < 100 {
		t.Errorf("the room before the queue served %d inserts, want 100 or more", usedRoom)
	}
}
