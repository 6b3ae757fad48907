package backfill

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/sim"
	"github.com/gridbench/gridbench/internal/sim/simtest"
)

// rebuildCONS is CONS as it was before its profile was kept from pass to
// pass (issue 32): the profile rebuilt at every pass from the running jobs
// and every reservation, in a flat list of steps, and every compression
// placing all jobs again. It is the twin the incremental CONS must match
// job by job on workloads too long for naiveCONS.
type rebuildCONS struct {
	order   []int
	rank    []int // job -> arrival rank (set on arrival)
	nextR   int
	resT    []float64        // job -> reserved start (NaN: none)
	resM    []int            // job -> reserved machine
	early   bool             // a job ended before its estimated end this instant
	prof    []rebuildProfile // per machine
	pending []int            // reserved jobs
}

func (c *rebuildCONS) init(s *sim.State) {
	n := s.NumJobs()
	c.order = s.Platform().FastestFirst()
	c.rank = make([]int, n)
	c.resT = make([]float64, n)
	c.resM = make([]int, n)
	for i := range c.resT {
		c.resT[i] = math.NaN()
	}
	c.prof = make([]rebuildProfile, len(s.Platform().Machines))
}

// OnArrival numbers the job in arrival order.
func (c *rebuildCONS) OnArrival(s *sim.State, j int) {
	if c.rank == nil {
		c.init(s)
	}
	c.rank[j] = c.nextR
	c.nextR++
}

// OnCompletion notes an early end, which calls for compression.
func (c *rebuildCONS) OnCompletion(s *sim.State, j int) {
	r := s.Record(j)
	if r.End < r.Start+s.EstDuration(j, r.Machine) {
		c.early = true
	}
}

// Schedule compresses if needed, reserves the new jobs, and starts the
// jobs whose reservation is now.
func (c *rebuildCONS) Schedule(s *sim.State) {
	if c.rank == nil {
		return
	}
	now := s.Now()
	compress := c.early
	c.early = false
	c.pending = c.pending[:0]
	var fresh []int
	for _, j := range s.Queue() {
		if math.IsNaN(c.resT[j]) {
			fresh = append(fresh, j)
			continue
		}
		c.pending = append(c.pending, j)
		if c.resT[j] < now {
			compress = true
		}
	}
	// The profile of the running jobs by estimated end.
	p := s.Platform()
	for m := range p.Machines {
		c.prof[m].reset(now, p.Machines[m].CPUs)
		for _, r := range s.RunningJobs(m) {
			c.prof[m].add(now, max(now, r.EstEnd), r.CPUs)
		}
	}
	if compress {
		slices.SortFunc(c.pending, func(a, b int) int {
			if c.resT[a] != c.resT[b] {
				if c.resT[a] < c.resT[b] {
					return -1
				}
				return 1
			}
			return c.rank[a] - c.rank[b]
		})
		for _, j := range c.pending {
			c.place(s, j)
		}
	} else {
		for _, j := range c.pending {
			m := c.resM[j]
			c.prof[m].add(c.resT[j], c.resT[j]+s.EstDuration(j, m), s.Job(j).CPUs)
		}
	}
	for _, j := range fresh {
		c.place(s, j)
		c.pending = append(c.pending, j)
	}
	// Start the jobs reserved now, in order of (start, arrival).
	var due []int
	for _, j := range c.pending {
		if c.resT[j] <= now {
			due = append(due, j)
		}
	}
	slices.SortFunc(due, func(a, b int) int { return c.rank[a] - c.rank[b] })
	for _, j := range due {
		if s.Fits(j, c.resM[j]) {
			s.Start(j, c.resM[j])
			c.resT[j] = math.NaN()
		}
	}
}

// place reserves job j at its earliest start over the machines.
func (c *rebuildCONS) place(s *sim.State, j int) {
	need := s.Job(j).CPUs
	p := s.Platform()
	bestT, bestM := math.Inf(1), -1
	for _, m := range c.order {
		if p.Machines[m].CPUs < need {
			continue
		}
		t, steps := c.prof[m].earliest(need, s.EstDuration(j, m))
		s.Work().Add(steps)
		if t < bestT {
			bestT, bestM = t, m
		}
	}
	c.resT[j], c.resM[j] = bestT, bestM
	c.prof[bestM].add(bestT, bestT+s.EstDuration(j, bestM), need)
}

// profile is a machine's free CPUs over time from now on: free[k] CPUs on
// [t[k], t[k+1]), the last step lasting forever.
type rebuildProfile struct {
	t    []float64
	free []int
}

func (p *rebuildProfile) reset(now float64, cpus int) {
	p.t = append(p.t[:0], now)
	p.free = append(p.free[:0], cpus)
}

// split makes t a breakpoint and returns its index.
func (p *rebuildProfile) split(t float64) int {
	k, found := slices.BinarySearch(p.t, t)
	if found {
		return k
	}
	// k > 0: t is after the first breakpoint (now) by construction.
	p.t = slices.Insert(p.t, k, t)
	p.free = slices.Insert(p.free, k, p.free[k-1])
	return k
}

// add holds cpus on [from, to).
func (p *rebuildProfile) add(from, to float64, cpus int) {
	if !(to > from) {
		return
	}
	a, b := p.split(from), p.split(to)
	for k := a; k < b; k++ {
		p.free[k] -= cpus
	}
}

// earliest returns the first breakpoint at which need CPUs stay free for
// dur, and the steps read.
func (p *rebuildProfile) earliest(need int, dur float64) (float64, int) {
	steps := 0
	for a := 0; a < len(p.t); a++ {
		steps++
		if p.free[a] < need {
			continue
		}
		end := p.t[a] + dur
		ok := true
		for b := a + 1; b < len(p.t) && p.t[b] < end; b++ {
			steps++
			if p.free[b] < need {
				ok = false
				a = b // no start before b can work
				break
			}
		}
		if ok {
			return p.t[a], steps
		}
	}
	panic("backfill: internal error: a machine large enough is never free")
}

func TestCONSMatchesRebuild(t *testing.T) {
	agree(t, "cons", 300,
		func() sim.Scheduler { return NewCONS() },
		func() sim.Scheduler { return &rebuildCONS{} })
	agree(t, "cons-replan", 300,
		func() sim.Scheduler { return &CONS{replan: true} },
		func() sim.Scheduler { return &rebuildCONS{} })
}

// TestCONSMatchesRebuildRICC runs the first jobs of RICC-2010-2 (8,192
// CPUs, requested times: long queues, early ends at every instant, jobs
// outliving their request) through CONS and rebuildCONS.
func TestCONSMatchesRebuildRICC(t *testing.T) {
	plat, jobs := adapt.RICCForTest(t, 12000, 3000)
	matchesRebuild(t, plat, jobs, NewCONS())
}

// matchesRebuild runs jobs on p through c and through rebuildCONS, and
// fails the test where a job's record differs.
func matchesRebuild(t *testing.T, p sim.Platform, jobs []sim.Job, c *CONS) {
	t.Helper()
	a, err := sim.Simulate(p, jobs, c)
	if err != nil {
		t.Fatal(err)
	}
	b, err := sim.Simulate(p, jobs, &rebuildCONS{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("job %d (ID %d): fast %+v, rebuilt %+v", i, jobs[i].ID, a[i], b[i])
		}
	}
}

// TestCONSCompactsArena runs 15,000 jobs, in arrays of up to four, on a
// machine that keeps the queue short, through CONS and rebuildCONS: the
// arena that holds the jobs of the order's pieces is compacted many
// times on the way (it would otherwise hold every job), and the
// schedules agree job by job.
func TestCONSCompactsArena(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	var jobs []sim.Job
	for _, j := range simtest.Jobs(r, sim.SingleMachine(4), 6000) {
		for range 1 + r.IntN(4) {
			j.ID = int64(len(jobs) + 1)
			jobs = append(jobs, j)
		}
	}
	c := NewCONS()
	matchesRebuild(t, sim.SingleMachine(64), jobs, c)
	if len(c.arena) > len(jobs)/2 {
		t.Fatalf("the arena holds %d of the %d jobs: it was not compacted", len(c.arena), len(jobs))
	}
}

// TestCONSReinternsShapes runs 12,000 jobs of as many shapes through
// CONS and the rebuild twin, which must agree job by job, and checks
// that CONS gave its shape ids out again (see reintern), so that it
// holds fewer shapes than the jobs brought.
func TestCONSReinternsShapes(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	jobs := simtest.Jobs(r, sim.SingleMachine(4), 12000)
	for i := range jobs {
		jobs[i].Estimate = jobs[i].Run + float64(i)/64 // (no two alike)
	}
	c := NewCONS()
	matchesRebuild(t, sim.SingleMachine(16), jobs, c)
	if len(c.shapes) >= len(jobs) {
		t.Fatalf("CONS holds %d shapes for %d jobs of as many: the ids were never given out again", len(c.shapes), len(jobs))
	}
	t.Logf("%d shapes held at the end", len(c.shapes))
}

// TestReinternKeepsShapesAndFloor gives the shape ids out again by hand
// and checks that the waiting and the new jobs keep their shapes, that
// a shape no job holds is dropped, and that the floor's entries are
// still found by their shapes' new ids.
func TestReinternKeepsShapesAndFloor(t *testing.T) {
	c := NewCONS()
	c.ids = make(map[jobShape]int32)
	c.sid = make([]int32, 8)
	for _, x := range []jobShape{{5, 5}, {60, 1}, {60, 2}, {30, 1}, {90, 4}} {
		c.intern(x)
	}
	c.ord = []piece{{t: 1, s: 4, off: 0, n: 1}, {t: 2, s: 2, off: 1, n: 2}}
	c.fresh = []int{7}
	c.sid[7] = 3
	c.clearFloor()
	c.setFloorID(1, 10, 3, -1) // {60, 1}: in the floor, held by no job
	c.setFloorID(4, 20, 4, -1) // {90, 4}
	c.reintern()
	for _, w := range []struct {
		got  int32
		want jobShape
	}{{c.ord[0].s, jobShape{90, 4}}, {c.ord[1].s, jobShape{60, 2}}, {c.sid[7], jobShape{30, 1}}} {
		if c.shapes[w.got] != w.want {
			t.Errorf("a job of shape %v has id %d, which is %v", w.want, w.got, c.shapes[w.got])
		}
	}
	if _, ok := c.ids[jobShape{5, 5}]; ok || len(c.shapes) != 4 {
		t.Errorf("after reintern: %d shapes %v; want the 4 held by jobs or the floor", len(c.shapes), c.shapes)
	}
	for i, w := range []struct {
		x    jobShape
		t    float64
		near int
	}{{jobShape{60, 1}, 10, 3}, {jobShape{90, 4}, 20, 4}} {
		if from, near, same := c.floorOfID(c.ids[w.x]); from != w.t || near != w.near || same != i {
			t.Errorf("floorOfID(%v) = %g, %d, %d; want %g, %d, %d", w.x, from, near, same, w.t, w.near, i)
		}
	}
}
