package schedbased

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gridbench/gridbench/generators/jobstream"
	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/sim"
	"github.com/gridbench/gridbench/internal/sim/simtest"
)

// sameCheck returns a check that fails the test, naming the seed and
// what was just done, when plans a and b differ (sameState).
func sameCheck(t *testing.T, seed uint64, a, b *Plan) func(ctx string) {
	return func(ctx string) {
		t.Helper()
		if err := sameState(a, b); err != nil {
			t.Fatalf("seed %d %s: %v", seed, ctx, err)
		}
	}
}

// sameState returns an error when plan b, run with its memos, differs from
// plan a, run without (Plan.direct), in anything an operation can read:
// the machines' jobs, profiles and counts, the plan's counts, the work
// counter, and the indexes beside the plan (sources, gaps), whose lazy
// updates the work counter depends on.
func sameState(a, b *Plan) error {
	if a.work != b.work {
		return fmt.Errorf("work %d, without memos %d", b.work, a.work)
	}
	if err := samePlan(a, b); err != nil {
		return err
	}
	for m := range a.ms {
		if !slices.Equal(a.gaps.early[m], b.gaps.early[m]) || a.gaps.isDirty[m] != b.gaps.isDirty[m] {
			return fmt.Errorf("machine %d: gap index %v (dirty %v), without memos %v (%v)", m, b.gaps.early[m], b.gaps.isDirty[m], a.gaps.early[m], a.gaps.isDirty[m])
		}
		if a.src.seen[m] != b.src.seen[m] || a.src.isDirty[m] != b.src.isDirty[m] || a.src.excluded[m] != b.src.excluded[m] {
			return fmt.Errorf("machine %d: sources index differs", m)
		}
	}
	if !slices.Equal(a.gaps.dirty, b.gaps.dirty) || !slices.Equal(a.src.dirty, b.src.dirty) {
		return fmt.Errorf("dirty lists gaps %v sources %v, without memos %v %v", b.gaps.dirty, b.src.dirty, a.gaps.dirty, a.src.dirty)
	}
	for c := range a.gaps.trees {
		if !slices.Equal(a.gaps.trees[c], b.gaps.trees[c]) {
			return fmt.Errorf("gap tree %d differs", c)
		}
	}
	if len(a.where) != len(b.where) {
		return fmt.Errorf("%d jobs located, without memos %d", len(b.where), len(a.where))
	}
	for id, m := range a.where {
		if b.where[id] != m {
			return fmt.Errorf("job %d on machine %d, without memos %d", id, b.where[id], m)
		}
	}
	return nil
}

// samePlan returns an error when plan b differs from plan a in what it
// plans: the clock, the counts, the makespans, and each machine's jobs,
// profile and late counts (b is "got", a "want").
func samePlan(a, b *Plan) error {
	if a.now != b.now || a.count != b.count || a.nondelayed != b.nondelayed {
		return fmt.Errorf("now/count/nondelayed %v %d %d, want %v %d %d", b.now, b.count, b.nondelayed, a.now, a.count, a.nondelayed)
	}
	if !slices.Equal(a.mkTree, b.mkTree) {
		return fmt.Errorf("makespan tree %v, want %v", b.mkTree, a.mkTree)
	}
	for m := range a.ms {
		x, y := &a.ms[m], &b.ms[m]
		for _, q := range [2][]Entry{x.queue, y.queue} {
			if err := beforeErr(q); err != nil {
				return fmt.Errorf("machine %d: %v", m, err)
			}
		}
		if !sameEntries(x.running, y.running) || !sameEntries(x.queue, y.queue) ||
			!slices.Equal(x.ts, y.ts) || !slices.Equal(x.free, y.free) ||
			x.makespan != y.makespan || x.late != y.late || x.lateQ != y.lateQ {
			return fmt.Errorf("machine %d:\n got %v | %v %v %v\nwant %v | %v %v %v", m, y.running, y.queue, y.ts, y.free, x.running, x.queue, x.ts, x.free)
		}
	}
	return nil
}

// TestMemoLockstep drives two plans through the same random arrivals
// (EG-EDF), Tabu searches, completions (some early) and starts, one with
// its memos and one without, and compares them after every operation. The
// streams are dense and the platforms larger than the naive twin's, so
// that Tabu repeats its moves and the memos are used; the test fails if
// they never are.
func TestMemoLockstep(t *testing.T) {
	seeds := 300
	if testing.Short() {
		seeds = 60
	}
	var hits [4]int64
	for seed := range uint64(seeds) {
		r := rand.New(rand.NewPCG(seed, 11))
		mach, maxCPUs := randomMachines(r, 2, 8, 8)
		a, b := NewPlan(mach, 2), NewPlan(mach, 2)
		a.direct = true
		opt := TabuOptions{Iterations: 1 + r.IntN(60), TabuLen: r.IntN(12), AllSources: seed%2 == 0}
		ta, tb := NewTabu(opt, seed), NewTabu(opt, seed)
		early := 0.0
		if seed%4 == 1 {
			early = 0.05
		}
		check := sameCheck(t, seed, a, b)
		// both applies op to each plan, then compares them.
		both := func(ctx string, op func(p *Plan)) {
			t.Helper()
			op(a)
			op(b)
			check(ctx)
		}
		submit := 0.0
		for id := range 80 {
			submit += float64(r.IntN(3))
			for ev := nextEvent(a); ev < submit; ev = nextEvent(a) {
				both(fmt.Sprintf("advance %v", ev), func(p *Plan) { p.Advance(ev) })
				lockstepEvents(t, a, b, r, early, check)
			}
			both(fmt.Sprintf("advance %v", submit), func(p *Plan) { p.Advance(submit) })
			lockstepEvents(t, a, b, r, early, check)
			j := randomJob(r, submit, maxCPUs)
			if r.IntN(20) == 0 {
				j.Run = 0 // zero-length jobs hold no CPU time (see doc.go)
			}
			var pa, pb Placement
			both(fmt.Sprintf("EG-EDF job %d", id), func(p *Plan) {
				if p == a {
					pa = InsertEGEDF(p, id, j)
				} else {
					pb = InsertEGEDF(p, id, j)
				}
			})
			if pa != pb {
				t.Fatalf("seed %d job %d: placement %+v, without memos %+v", seed, id, pb, pa)
			}
			if ma, mb := ta.Run(a), tb.Run(b); ma != mb {
				t.Fatalf("seed %d job %d: Tabu made %d moves, without memos %d", seed, id, mb, ma)
			}
			check(fmt.Sprintf("Tabu after job %d", id))
		}
		for i := range hits {
			hits[i] += b.memoHits[i]
		}
		if a.memoHits != [4]int64{} {
			t.Fatalf("seed %d: the plan without memos used them: %v", seed, a.memoHits)
		}
	}
	if slices.Contains(hits[:], 0) {
		t.Fatalf("memo hits %v: the lockstep test must exercise every memo", hits)
	}
}

// lockstepEvents completes (some early, drawn once for both plans) and
// starts what is due in both plans, comparing them after each operation.
func lockstepEvents(t *testing.T, a, b *Plan, r *rand.Rand, early float64, check func(string)) {
	t.Helper()
	for m := range a.ms {
		for _, e := range a.Running(m) {
			if e.End <= a.now {
				a.Complete(e.ID, e.End)
				b.Complete(e.ID, e.End)
			} else if r.Float64() < early {
				a.Complete(e.ID, a.now)
				b.Complete(e.ID, b.now)
			} else {
				continue
			}
			check(fmt.Sprintf("complete %d", e.ID))
		}
	}
	for m := range a.ms {
		for _, id := range a.Due(m) {
			a.Start(id)
			b.Start(id)
			check(fmt.Sprintf("start %d", id))
		}
	}
}

// TestSimulateMemoLockstep runs the schedulers with and without their
// memos in the simulator, on random workloads (zero run times, inexact
// estimates, ties) and on small deadline streams, and requires the same
// schedules and the same work.
func TestSimulateMemoLockstep(t *testing.T) {
	seeds := 100
	if testing.Short() {
		seeds = 20
	}
	type instance struct {
		plat sim.Platform
		jobs []sim.Job
	}
	var insts []instance
	for seed := range uint64(seeds) {
		r := rand.New(rand.NewPCG(seed, 12))
		plat := simtest.Platform(r, 6, 8, seed%2 == 0)
		insts = append(insts, instance{plat, simtest.Jobs(r, plat, 60)})
	}
	for seed := range uint64(4) {
		spec := jobstream.Default(1 + 2*float64(seed%2))
		spec.Jobs, spec.Machines = 200, 12
		inst, err := adapt.GenerateDeadline(spec, seed)
		if err != nil {
			t.Fatal(err)
		}
		insts = append(insts, instance{inst.Platform, inst.Jobs})
	}
	mk := map[string]func(seed uint64) *Scheduler{
		"egedf":         func(uint64) *Scheduler { return NewEGEDF() },
		"egedf-literal": func(uint64) *Scheduler { return NewEGEDFLiteral() },
		"tabu":          func(seed uint64) *Scheduler { return NewTabuScheduler(DefaultTabuOptions(), seed) },
		"tabu-alg3":     NewTabuAlg3,
	}
	for i, in := range insts {
		for _, name := range []string{"egedf", "egedf-literal", "tabu", "tabu-alg3"} {
			var recs [2][]sim.Record
			var work [2]int64
			for k, direct := range []bool{true, false} {
				s := mk[name](uint64(i))
				s.direct = direct
				sm, err := sim.New(in.plat, in.jobs, s)
				if err != nil {
					t.Fatal(err)
				}
				if err := sm.Run(); err != nil {
					t.Fatalf("instance %d %s: %v", i, name, err)
				}
				recs[k], work[k] = sm.Records(), sm.Work()
			}
			if work[0] != work[1] || !slices.Equal(recs[0], recs[1]) {
				t.Fatalf("instance %d %s: work %d, without memos %d; schedules equal: %v", i, name, work[1], work[0], slices.Equal(recs[0], recs[1]))
			}
		}
	}
}

// TestWhatIfInsertPrefix compares whatIfInsert and EDFPos from the
// machine's prefixes with the direct computations at every queue position
// of random plans, for random jobs: answer and work; EG-EDF's EDF
// candidate (edfCandidate) with and without the prefixes on every machine;
// and EG-EDF's two largest makespans from the tree with the scan's.
func TestWhatIfInsertPrefix(t *testing.T) {
	seeds := 200
	if testing.Short() {
		seeds = 40
	}
	used, appended := 0, 0
	for seed := range uint64(seeds) {
		r := rand.New(rand.NewPCG(seed, 13))
		mach, maxCPUs := randomPlatform(r)
		p := NewPlan(mach, 2)
		submit := 0.0
		for id := range 40 {
			submit += float64(r.IntN(2))
			advanceTo(t, p, r, submit, 0.05)
			InsertEGEDF(p, id, randomJob(r, submit, maxCPUs))
			f1, at1, s1 := p.top2()
			p.direct = true
			f0, at0, s0 := p.top2()
			p.direct = false
			if f1 != f0 || at1 != at0 || s1 != s0 {
				t.Fatalf("seed %d job %d: top2 from the tree (%v %d %v), by a scan (%v %d %v)", seed, id, f1, at1, s1, f0, at0, s0)
			}
			for m := range p.ms {
				// EG-EDF's EDF candidate from the prefixes, and by
				// EDFPos and whatIfInsert without them.
				j := randomJob(r, submit, p.ms[m].cpus)
				if n := len(p.ms[m].queue); n > 0 && r.IntN(3) == 0 {
					j.Deadline = p.ms[m].queue[r.IntN(n)].Job.Deadline // ties, and the end of the queue
				}
				dur := p.Duration(j, m)
				p.direct = true
				w0 := p.work
				wp, wm, wd, ws := p.edfCandidate(m, j, dur)
				p.direct = false
				w1 := p.work
				gp, gm, gd, gs := p.edfCandidate(m, j, dur)
				if gp != wp || gm != wm || gd != wd || gs != ws || p.work-w1 != w1-w0 {
					t.Fatalf("seed %d job %d machine %d: EDF candidate (%d %v %d %v) work %d, direct (%d %v %d %v) work %d",
						seed, id, m, gp, gm, gd, gs, p.work-w1, wp, wm, wd, ws, w1-w0)
				}
				if wp == len(p.ms[m].queue) {
					appended++
				}
				for pos := 0; pos <= len(p.ms[m].queue); pos++ {
					if pos > 0 && p.ms[m].queue[pos-1].Start < p.now {
						continue
					}
					j := randomJob(r, submit, p.ms[m].cpus)
					if r.IntN(10) == 0 {
						j.Deadline = math.Inf(1)
					}
					w0 := p.work
					wk := p.edfPosDirect(m, j.Deadline)
					w1 := p.work
					if gk := p.edfPos(m, j.Deadline); gk != wk || p.work-w1 != w1-w0 {
						t.Fatalf("seed %d job %d machine %d: EDF position %d work %d, by a scan %d work %d", seed, id, m, gk, p.work-w1, wk, w1-w0)
					}
					if pos > 0 && r.IntN(4) == 0 {
						j.Deadline = p.ms[m].queue[pos-1].Job.Deadline // ties
						if gk, wk := p.edfPos(m, j.Deadline), p.edfPosDirect(m, j.Deadline); gk != wk {
							t.Fatalf("seed %d job %d machine %d: EDF position %d for a tie, by a scan %d", seed, id, m, gk, wk)
						}
					}
					w0 = p.work
					wm, wd, ws := p.whatIfInsertDirect(m, pos, j)
					w1 = p.work
					gm, gd, gs := p.whatIfInsertPrefix(m, pos, j, p.Duration(j, m))
					if gm != wm || gd != wd || gs != ws || p.work-w1 != w1-w0 {
						t.Fatalf("seed %d job %d machine %d pos %d: (%v %d %v) work %d, direct (%v %d %v) work %d",
							seed, id, m, pos, gm, gd, gs, p.work-w1, wm, wd, ws, w1-w0)
					}
					used++
				}
			}
			startDue(t, p)
		}
	}
	if used == 0 || appended == 0 {
		t.Fatalf("%d positions evaluated, %d EDF candidates at the end of the queue", used, appended)
	}
}

// TestMemoBounded runs Tabu, with and without its memos in lockstep, on a
// machine whose queue first grows long (a burst) and then drains under
// sparse arrivals, and requires that the memos end bounded by the queue
// the machine holds, not the one it held: at most 2 x (queue + 1) + 16
// removal answers, and no remembered removal of a state more than twice
// the machine's size plus 16.
func TestMemoBounded(t *testing.T) {
	for seed := range uint64(10) {
		r := rand.New(rand.NewPCG(seed, 31))
		mach := []Machine{{CPUs: 4, Speed: 1}, {CPUs: 4, Speed: 2}}
		a, b := NewPlan(mach, 1), NewPlan(mach, 1)
		a.direct = true
		opt := TabuOptions{Iterations: 30, TabuLen: 5, AllSources: true}
		ta, tb := NewTabu(opt, seed), NewTabu(opt, seed)
		check := sameCheck(t, seed, a, b)
		submit := 0.0
		for id := range 200 {
			if id >= 120 {
				submit += 40 // the burst is over: the queues drain
			}
			for ev := nextEvent(a); ev < submit; ev = nextEvent(a) {
				a.Advance(ev)
				b.Advance(ev)
				lockstepEvents(t, a, b, r, 0, check)
			}
			a.Advance(submit)
			b.Advance(submit)
			lockstepEvents(t, a, b, r, 0, check)
			j := randomJob(r, submit, 4)
			InsertEGEDF(a, id, j)
			InsertEGEDF(b, id, j)
			ta.Run(a)
			tb.Run(b)
			check(fmt.Sprintf("Tabu after job %d", id))
		}
		for m := range b.ms {
			mp := &b.ms[m]
			if mp.memo == nil {
				continue
			}
			if n := len(mp.queue) + 1; len(mp.memo.remove) > 2*n+16 {
				t.Fatalf("seed %d machine %d: %d removal answers for a queue of %d", seed, m, len(mp.memo.remove), n-1)
			}
			for _, x := range mp.memo.moves {
				if x.used && len(x.queue)+len(x.ts) > 2*(len(mp.queue)+len(mp.ts))+16 {
					t.Fatalf("seed %d machine %d: a removal of a state of %d entries kept for one of %d", seed, m, len(x.queue)+len(x.ts), len(mp.queue)+len(mp.ts))
				}
			}
		}
		// Run dry, every machine drops its memos, and its prefixes
		// (an empty machine may get new ones, which hold nothing).
		for ev := nextEvent(a); !math.IsInf(ev, 1); ev = nextEvent(a) {
			a.Advance(ev)
			b.Advance(ev)
			lockstepEvents(t, a, b, r, 0, check)
		}
		a.Advance(a.now + 1)
		b.Advance(b.now + 1)
		check("run dry")
		for m := range b.ms {
			if c := b.ms[m].prefix; b.ms[m].memo != nil || c != nil && cap(c.active)+cap(c.dl) > 0 {
				t.Fatalf("seed %d machine %d: memos or prefixes kept by an idle machine", seed, m)
			}
		}
	}
}

// TestMemoEviction checks the memos' eviction rules directly: answers and
// removals remembered of a long queue go once the queue is short and the
// memos are used again.
func TestMemoEviction(t *testing.T) {
	p := NewPlan([]Machine{{CPUs: 1, Speed: 1}}, 1)
	for id := range 40 {
		p.InsertAt(0, id, id, Job{Run: 1, CPUs: 1, Deadline: math.Inf(1)})
	}
	p.whatIfRemoveMemo(0, 39)
	p.save(0)
	p.removeForMove(0, 39)
	p.restore(39)
	mm := p.ms[0].memo
	if len(mm.remove) != 40 || !mm.moves[0].used {
		t.Fatalf("memos not made: %d answers, move used %v", len(mm.remove), mm.moves[0].used)
	}
	for id := 10; id < 40; id++ {
		p.Remove(id)
	}
	p.whatIfRemoveMemo(0, 0)
	if n := len(mm.remove); n != 11 {
		t.Fatalf("%d removal answers kept for a queue of 10, want 11", n)
	}
	p.save(0)
	p.removeForMove(0, 9)
	p.restore(9)
	for i, x := range mm.moves {
		if x.used && len(x.queue) > 10 {
			t.Fatalf("move memo %d of a queue of %d kept for one of 10", i, len(x.queue))
		}
	}
}
