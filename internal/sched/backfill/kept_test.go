package backfill

import (
	"math"
	"slices"
	"testing"

	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/radix"
	"github.com/gridbench/gridbench/internal/sim"
)

// TestKeptOrderRICC runs the orders whose key does not change while a job
// waits, or grows with the wait as a line (WFP3, UNICEP), which keep the
// waiting jobs in order from pass to pass (Order.keep), beside the same orders sorting every pass (sortEach),
// on the first 20,000 RICC-2010-2 jobs (8,192 CPUs, requested times:
// thousands wait at once): the same schedule and the same work. The
// sorting itself is checked against the naive twin (TestOrdersMatchNaive,
// TestPredictionsMatchNaive, TestKTHMatchesNaive).
func TestKeptOrderRICC(t *testing.T) {
	p, jobs := adapt.RICCForTest(t, 20000, 2000)
	cases := []struct {
		name string
		mk   func() *Order
	}{
		{"easy-sjf", func() *Order { return &Order{Queue: SJF, Backfill: SJF} }},
		{"easy-ljf", func() *Order { return &Order{Queue: LJF, Backfill: LJF} }},
		{"easy-saf", func() *Order { return &Order{Queue: SAF} }},
		{"easy-f1", func() *Order { return &Order{Queue: F1, Backfill: F1} }},
		{"easy-f4", func() *Order { return &Order{Queue: F4, Backfill: F4} }},
		{"easypp-avg2-tsafrir", func() *Order { return NewEASYPP(Tsafrir) }},
		{"easypp-clairvoyant", func() *Order { return NewPredicted(Clairvoyant{}, NoCorrection, true) }},
		{"easy-wfp3", func() *Order { return &Order{Queue: WFP3, Backfill: WFP3} }},
		{"easy-unicep", func() *Order { return &Order{Queue: UNICEP} }},
		{"easypred-avg2-tsafrir", func() *Order { return NewPredicted(&Avg2{}, Tsafrir, false) }},
		{"easypred-double", func() *Order { return NewPredicted(Double{}, NoCorrection, false) }},
		{"easy, fcfs", func() *Order { return &Order{} }},
	}
	for _, c := range cases {
		fast, slow := c.mk(), c.mk()
		slow.sortEach = true
		a, wa := simulateWork(t, p, jobs, newKeptCPUs(t, fast))
		b, wb := simulateWork(t, p, jobs, slow)
		if fast.keep == nil || slow.keep != nil {
			t.Fatalf("%s: keeps the order %v, its twin %v: want the first alone", c.name, fast.keep != nil, slow.keep != nil)
		}
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("%s: job %d: kept %+v, sorted %+v", c.name, i, a[i], b[i])
			}
		}
		if wa != wb {
			t.Fatalf("%s: work %d, sorted %d", c.name, wa, wb)
		}
	}
}

// keptCPUs checks after every pass that the order kept (Order.chunks)
// holds every waiting job but those arrived since the pass, in the key's
// order (ties in arrival order), each with its key, CPUs and estimate on
// machine 0 (which backfillKept reads); that exactly the jobs of it that
// started are marked absent, and counted; and that each chunk's sums are
// its waiting jobs'.
type keptCPUs struct {
	t *testing.T
	*Order
	seen *[]int32 // pass stamps by job (see Schedule)
	pass *int32
}

func newKeptCPUs(t *testing.T, o *Order) keptCPUs {
	return keptCPUs{t, o, new([]int32), new(int32)}
}

func (k keptCPUs) Schedule(s *sim.State) {
	k.Order.Schedule(s)
	if k.lines {
		k.checkLines(s)
		return
	}
	if k.arrivals {
		k.checkArrivals(s)
	}
	if k.keep == nil {
		return
	}
	// A job's stamp is the pass's once it is found in the order kept
	// (twice: an error), or among those arrived since.
	if *k.seen == nil {
		*k.seen = make([]int32, s.NumJobs())
	}
	*k.pass++
	seen, pass := *k.seen, *k.pass
	for _, j := range k.fresh {
		seen[j] = pass
	}
	absent, size := 0, 0
	var last uint64
	for ci, ch := range k.chunks {
		if n := len(ch.j); n == 0 || n >= 2*keptBlock || len(ch.k) != n || len(ch.c) != n || len(ch.d) != n {
			k.t.Fatalf("chunk %d holds %d jobs, %d keys, %d CPUs, %d estimates", ci, n, len(ch.k), len(ch.c), len(ch.d))
		}
		c, d, n := int32(absentCPUs), math.Inf(1), int32(0)
		for i, j := range ch.j {
			size++
			if seen[j] == pass {
				k.t.Fatalf("job %d at %d of chunk %d: held twice, or also among those arrived since", j, i, ci)
			}
			seen[j] = pass
			if ch.k[i] < last {
				k.t.Fatalf("job %d at %d of chunk %d: key %x kept after %x", j, i, ci, ch.k[i], last)
			}
			last = ch.k[i]
			// (A running job's prediction may have been corrected since.)
			if key := radix.Float64Key(k.keep(s, j, k.est(s, j))); key != ch.k[i] && s.Status(j) == sim.Waiting {
				k.t.Fatalf("job %d at %d of chunk %d: key %x kept, its key %x", j, i, ci, ch.k[i], key)
			}
			if waits := s.Status(j) == sim.Waiting; waits != (ch.c[i] != absentCPUs) {
				k.t.Fatalf("job %d at %d of chunk %d: waits %v, marked absent %v", j, i, ci, waits, !waits)
			}
			if ch.c[i] == absentCPUs {
				absent++
				continue
			}
			if ci < k.fc {
				k.t.Fatalf("job %d waits in chunk %d, before the first with a job waiting (%d)", j, ci, k.fc)
			}
			if cpus := s.Job(j).CPUs; int(ch.c[i]) != cpus {
				k.t.Fatalf("job %d at %d of chunk %d: %d CPUs kept, it needs %d", j, i, ci, ch.c[i], cpus)
			}
			if est := s.Platform().Scale(k.est(s, j), 0); ch.d[i] != est {
				k.t.Fatalf("job %d at %d of chunk %d: estimate %g kept, it has %g", j, i, ci, ch.d[i], est)
			}
			c, d, n = min(c, ch.c[i]), min(d, ch.d[i]), n+1
		}
		if c != ch.minC || d != ch.minD || n != ch.n {
			k.t.Fatalf("chunk %d: %d waiting, least %d CPUs, %g s; summed up %d, %d, %g", ci, n, c, d, ch.n, ch.minC, ch.minD)
		}
	}
	if absent != k.absent || size != k.size {
		k.t.Fatalf("%d jobs of %d in the order kept started, counted %d of %d", absent, size, k.absent, k.size)
	}
	for _, j := range s.Queue() {
		if s.Status(j) == sim.Waiting && seen[j] != pass {
			k.t.Fatalf("job %d waits, not in the order kept nor arrived since", j)
		}
	}
}

// checkArrivals checks that the jobs kept in arrival order for the heads
// (Order.arr) hold the waiting ones in the simulator's queue order, none
// of them before the list's head.
func (k keptCPUs) checkArrivals(s *sim.State) {
	var waiting, kept []int
	for _, j := range s.Queue() {
		if s.Status(j) == sim.Waiting {
			waiting = append(waiting, j)
		}
	}
	for i, j := range k.arr.arr {
		if s.Status(int(j)) != sim.Waiting {
			continue
		}
		if i < k.arr.head {
			k.t.Fatalf("job %d at %d of the arrivals waits, before their head (%d)", j, i, k.arr.head)
		}
		kept = append(kept, int(j))
	}
	if !slices.Equal(kept, waiting) {
		k.t.Fatalf("arrivals hold %v waiting, the queue %v", kept, waiting)
	}
}

// checkLines checks that the lineSet holds exactly the waiting jobs (but
// those arrived since the pass), in arrival order, with their keys at this
// pass bit for bit the Key's.
func (k keptCPUs) checkLines(s *sim.State) {
	l := &k.ln
	var alive []int
	for i, c := range l.cpus {
		if c == absentCPUs {
			continue
		}
		j := int(l.job[i])
		alive = append(alive, j)
		if int(c) != s.Job(j).CPUs {
			k.t.Fatalf("job %d at slot %d: %d CPUs kept, it needs %d", j, i, c, s.Job(j).CPUs)
		}
		if got, want := lineKey(l.kind, s.Now(), l.sub[i], l.div[i], c), radix.Float64Key(k.keep(s, j, k.est(s, j))); got != want {
			k.t.Fatalf("job %d at slot %d, %g s: key %x, the Key's %x", j, i, s.Now(), got, want)
		}
		if i < l.front {
			k.t.Fatalf("job %d at slot %d waits, before the first not started (%d)", j, i, l.front)
		}
		// The keys kept, and the block's bounds, are the pass's (at l.now).
		b, key := i/lineBlock, lineKey(l.kind, l.now, l.sub[i], l.div[i], c)
		if l.kpass[b] == l.pass && l.key[i] != key {
			k.t.Fatalf("job %d at slot %d, %g s: key kept %x, its key %x", j, i, l.now, l.key[i], key)
		}
		if lo, hi := l.lo[b], l.bound(b, true); key < lo || key > hi || lo != l.bound(b, false) {
			k.t.Fatalf("job %d at slot %d, %g s: key %x outside its block's bounds %x..%x", j, i, l.now, key, lo, hi)
		}
	}
	if len(alive) != l.alive {
		k.t.Fatalf("%d jobs not started in the slots, %d counted", len(alive), l.alive)
	}
	for b := range l.bn {
		n := 0
		for i := b * lineBlock; i < min((b+1)*lineBlock, len(l.job)); i++ {
			if l.cpus[i] != absentCPUs {
				n++
			}
		}
		if int(l.bn[b]) != n {
			k.t.Fatalf("block %d: %d jobs not started, counted %d", b, n, l.bn[b])
		}
	}
	var waiting []int
	for _, j := range s.Queue() {
		if s.Status(j) == sim.Waiting && !slices.Contains(k.fresh, j) {
			waiting = append(waiting, j)
		}
	}
	if !slices.Equal(alive, waiting) {
		k.t.Fatalf("slots hold %v, waiting (in arrival order) %v", alive, waiting)
	}
}

func simulateWork(t *testing.T, p sim.Platform, jobs []sim.Job, s sim.Scheduler) ([]sim.Record, int64) {
	t.Helper()
	sm, err := sim.New(p, jobs, s)
	if err != nil {
		t.Fatal(err)
	}
	if err := sm.Run(); err != nil {
		t.Fatal(err)
	}
	return sm.Records(), sm.Work()
}

// TestKeptOrderBounded: on a machine that is never free when a pass
// comes to backfill, EASY++ never merges the jobs arrived since into its
// kept order at a pass's end; they are merged once they outgrow the jobs
// waiting, so what it holds follows the queue, not the history.
func TestKeptOrderBounded(t *testing.T) {
	jobs := make([]sim.Job, 12000)
	for i := range jobs {
		jobs[i] = sim.Job{ID: int64(i), Run: 1, CPUs: 1}
	}
	o := NewEASYPP(Tsafrir)
	if _, err := sim.Simulate(sim.SingleMachine(1), jobs, o); err != nil {
		t.Fatal(err)
	}
	if o.keep == nil {
		t.Fatal("EASY++ keeps no order")
	}
	if n := len(o.fresh); outgrows(n, 0) {
		t.Fatalf("%d jobs arrived and not merged after every job ended", n)
	}
}

// TestKeptOrderMachines is TestKeptOrderRICC on the naive twins' small
// random workloads, two thirds of them on several machines of different
// speeds, where backfillKept passes over the jobs that fit nowhere rather
// than testing each: the same schedule and the same work as sorting every
// pass, and the arrays kept beside the order its jobs'.
func TestKeptOrderMachines(t *testing.T) {
	mks := []struct {
		name string
		mk   func() *Order
	}{
		{"easy-sjf", func() *Order { return &Order{Queue: SJF, Backfill: SJF} }},
		{"easy-f2", func() *Order { return &Order{Queue: F2, Backfill: F2} }},
		{"easypp-avg2-tsafrir", func() *Order { return NewEASYPP(Tsafrir) }},
		{"easy-wfp3", func() *Order { return &Order{Queue: WFP3, Backfill: WFP3} }},
		{"easy-unicep", func() *Order { return &Order{Queue: UNICEP, Backfill: UNICEP} }},
		{"easy, wfp3 backfill", func() *Order { return &Order{Backfill: WFP3} }},
		{"easypred-avg2-tsafrir", func() *Order { return NewPredicted(&Avg2{}, Tsafrir, false) }},
		{"easy, fcfs", func() *Order { return &Order{} }},
	}
	several := 0
	for _, c := range mks {
		for seed := range uint64(300) {
			p, jobs := randomCase(seed)
			if len(p.Machines) > 1 {
				several++
			}
			fast, slow := c.mk(), c.mk()
			slow.sortEach = true
			a, wa := simulateWork(t, p, jobs, newKeptCPUs(t, fast))
			b, wb := simulateWork(t, p, jobs, slow)
			for i := range a {
				if a[i] != b[i] {
					t.Fatalf("%s seed %d: job %d: kept %+v, sorted %+v", c.name, seed, i, a[i], b[i])
				}
			}
			if wa != wb {
				t.Fatalf("%s seed %d: work %d, sorted %d", c.name, seed, wa, wb)
			}
		}
	}
	if several == 0 {
		t.Fatal("no workload on several machines")
	}
}

// TestEstEndsMatchWalk runs EASY's orders without a predictor on the
// naive twins' random workloads and, before every pass, asks the running
// jobs' estimated ends (Order.runEnds) for the shadow time of a head of
// every size the machine holds: the time, the CPUs free then and the jobs
// read must be what a walk over the simulator's running jobs in order of
// estimated end reads (reserve's walk before runEnds), ties included.
func TestEstEndsMatchWalk(t *testing.T) {
	asked := 0
	for seed := range uint64(200) {
		p, jobs := randomCase(seed)
		o := &Order{Queue: F2, Backfill: F2}
		w := walkCheck{t: t, Order: o, asked: &asked}
		if _, err := sim.Simulate(p, jobs, w); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
	if asked < 1000 {
		t.Fatalf("asked %d times: the test must exercise the ends", asked)
	}
}

type walkCheck struct {
	t     *testing.T
	asked *int
	*Order
}

func (w walkCheck) Schedule(s *sim.State) {
	if w.runEnds != nil {
		for m, mc := range s.Platform().Machines {
			for need := 1; need <= mc.CPUs; need++ {
				t, free, read := w.runEnds.On(s, m, need)
				wt, wfree, wread := walkShadow(s, m, need)
				if t != wt || free != wfree || read != wread {
					w.t.Fatalf("t=%g machine %d, head of %d CPUs: ends give %g, %d free, %d read; the walk %g, %d, %d", s.Now(), m, need, t, free, read, wt, wfree, wread)
				}
				*w.asked++
			}
		}
	}
	w.Order.Schedule(s)
}

// walkShadow walks machine m's running jobs in order of estimated end,
// as many as free need CPUs, and the ties (a job past its estimate ends
// now).
func walkShadow(s *sim.State, m, need int) (t float64, free, read int) {
	now := s.Now()
	free, t = s.Free(m), now
	for r := range s.Running(m) {
		e := max(now, r.EstEnd)
		if free >= need && e > t {
			break
		}
		read++
		free += r.CPUs
		t = e
	}
	return t, free, read
}

// TestLog2CPUs: UNICEP's table of logarithms gives math.Log2's values,
// bit for bit, inside the table and past it.
func TestLog2CPUs(t *testing.T) {
	for n := range 1<<14 + 3 {
		if got, want := log2CPUs(n), math.Log2(float64(n)); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("log2CPUs(%d) = %v, want %v", n, got, want)
		}
	}
}
