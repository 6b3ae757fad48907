package easy

import (
	"math"

	"github.com/gridbench/gridbench/internal/sim"
)

// endTree holds the jobs EASY started and that still run, one treap per
// machine ordered by (estimated end, job), each node carrying its subtree's
// CPUs and job count. The shadow time is then one descent — the first
// prefix in end order whose CPUs cover what the head lacks — and the spare
// CPUs another, instead of a walk over the running jobs that, on a busy
// 8,192-CPU trace, read thousands of jobs per blocked decision.
//
// Nodes are jobs (one array slot per job, allocated once), so a job is in
// at most one machine's treap and removal needs no search for the node.
type endTree struct {
	root []int32 // per machine; -1 when empty
	n    []node  // one per job; a node's fields share a cache line
}

type node struct {
	key  float64 // estimated end
	sum  int64   // subtree CPUs
	l, r int32
	cpus int32  // the job's own CPUs
	cnt  int32  // subtree jobs
	pri  uint32 // heap priority, a hash of the job index
}

func newEndTree(machines, jobs int) *endTree {
	t := &endTree{root: make([]int32, machines), n: make([]node, jobs)}
	for m := range t.root {
		t.root[m] = -1
	}
	for j := range t.n {
		// splitmix32-style mixing: deterministic, well spread priorities.
		x := uint32(j)*0x9e3779b9 + 0x7f4a7c15
		x = (x ^ x>>16) * 0x85ebca6b
		x = (x ^ x>>13) * 0xc2b2ae35
		t.n[j].pri = x ^ x>>16
	}
	return t
}

// before orders nodes by estimated end, then job index (any fixed tie order
// would do: only sums over whole end-time prefixes are ever read).
func (t *endTree) before(a, b int32) bool {
	return t.n[a].key < t.n[b].key || t.n[a].key == t.n[b].key && a < b
}

func (t *endTree) pull(x int32) {
	s, c := int64(t.n[x].cpus), int32(1)
	if y := t.n[x].l; y >= 0 {
		s, c = s+t.n[y].sum, c+t.n[y].cnt
	}
	if y := t.n[x].r; y >= 0 {
		s, c = s+t.n[y].sum, c+t.n[y].cnt
	}
	t.n[x].sum, t.n[x].cnt = s, c
}

// add inserts job j, holding cpus CPUs until estEnd, into machine m's treap.
// It descends from the root adding the job to the sums of the subtrees it
// joins, down to the first node it outranks, whose subtree it splits: one
// node read per level, where a recursive insert re-summing each node from
// its children reads three.
func (t *endTree) add(m, j, cpus int, estEnd float64) {
	n := int32(j)
	nd := &t.n[n]
	nd.key, nd.cpus, nd.l, nd.r, nd.sum, nd.cnt = estEnd, int32(cpus), -1, -1, int64(cpus), 1
	link := &t.root[m]
	for x := *link; x >= 0 && t.n[x].pri >= nd.pri; x = *link {
		t.n[x].sum += int64(cpus)
		t.n[x].cnt++
		if t.before(n, x) {
			link = &t.n[x].l
		} else {
			link = &t.n[x].r
		}
	}
	if x := *link; x >= 0 {
		nd.l, nd.r = t.split(x, n)
		t.pull(n)
	}
	*link = n
}

// split divides the treap at x into the nodes before n and those after.
func (t *endTree) split(x, n int32) (int32, int32) {
	if x < 0 {
		return -1, -1
	}
	if t.before(x, n) {
		a, b := t.split(t.n[x].r, n)
		t.n[x].r = a
		t.pull(x)
		return x, b
	}
	a, b := t.split(t.n[x].l, n)
	t.n[x].l = b
	t.pull(x)
	return a, x
}

func (t *endTree) merge(a, b int32) int32 {
	switch {
	case a < 0:
		return b
	case b < 0:
		return a
	case t.n[a].pri > t.n[b].pri:
		t.n[a].r = t.merge(t.n[a].r, b)
		t.pull(a)
		return a
	default:
		t.n[b].l = t.merge(a, t.n[b].l)
		t.pull(b)
		return b
	}
}

// remove takes job j, which must be in it, out of machine m's treap: a
// descent that takes the job out of each subtree sum on the way, then its
// children merged in its place.
func (t *endTree) remove(m, j int) {
	n := int32(j)
	cpus := int64(t.n[n].cpus)
	link := &t.root[m]
	for x := *link; x != n; x = *link {
		if x < 0 {
			panic("easy: internal error: running job not in its machine's end tree")
		}
		t.n[x].sum -= cpus
		t.n[x].cnt--
		if t.before(n, x) {
			link = &t.n[x].l
		} else {
			link = &t.n[x].r
		}
	}
	*link = t.merge(t.n[n].l, t.n[n].r)
}

// covering returns the estimated end of the last job of the shortest prefix,
// in end order, of machine m's jobs whose CPUs add up to at least need > 0,
// and false when all of them together hold fewer.
func (t *endTree) covering(m int, need int64) (float64, bool) {
	x := t.root[m]
	for x >= 0 {
		if y := t.n[x].l; y >= 0 {
			if t.n[y].sum >= need {
				x = y
				continue
			}
			need -= t.n[y].sum
		}
		need -= int64(t.n[x].cpus)
		if need <= 0 {
			return t.n[x].key, true
		}
		x = t.n[x].r
	}
	return 0, false
}

// upTo returns how many of machine m's jobs end by estimate no later than
// end, and their CPUs.
func (t *endTree) upTo(m int, end float64) (jobs int, cpus int64) {
	x := t.root[m]
	for x >= 0 {
		if t.n[x].key > end {
			x = t.n[x].l
			continue
		}
		jobs++
		cpus += int64(t.n[x].cpus)
		if y := t.n[x].l; y >= 0 {
			jobs += int(t.n[y].cnt)
			cpus += t.n[y].sum
		}
		x = t.n[x].r
	}
	return jobs, cpus
}

// Ends is what EASY's reservation needs to know of the running jobs: on each
// machine, the CPUs they free by estimated end. A scheduler that uses
// Reserve starts its jobs through Start and reports each completion to
// Ended; then Reserve costs O(log n) per machine for n running jobs.
type Ends struct {
	t *endTree
}

// NewEnds returns an empty Ends for the platform and jobs of s.
func NewEnds(s *sim.State) *Ends {
	return &Ends{t: newEndTree(len(s.Platform().Machines), s.NumJobs())}
}

// Start starts waiting job j on machine m (see sim.State.Start) and records
// the CPUs it will free at its estimated end.
func (e *Ends) Start(s *sim.State, j, m int) error {
	if err := s.Start(j, m); err != nil {
		return err
	}
	e.t.add(m, j, s.Job(j).CPUs, s.Now()+s.EstDuration(j, m))
	return nil
}

// Ended forgets job j, which has just ended.
func (e *Ends) Ended(s *sim.State, j int) {
	e.t.remove(s.Record(j).Machine, j)
}

// Reserve returns the head's reservation: the machine, the shadow time and
// the spare CPUs there (see the package comment). On each machine large
// enough, the shadow time is the estimated end of the last job of the
// shortest end-ordered prefix of its running jobs that frees the CPUs the
// head lacks (a job past its estimate ends now); the spare CPUs are those
// free once every job ending by then has ended, minus the head's. The work
// counter grows by the number of such jobs, the running jobs an in-order
// walk up to the shadow time would read.
func (e *Ends) Reserve(s *sim.State, order []int, head int) (machine int, shadow float64, spare int) {
	need := s.Job(head).CPUs
	now := s.Now()
	machine, shadow = -1, math.Inf(1)
	work := s.Work()
	for _, m := range order {
		if s.Platform().Machines[m].CPUs < need {
			continue
		}
		free := s.Free(m)
		t := now
		if lack := need - free; lack > 0 {
			end, ok := e.t.covering(m, int64(lack))
			if !ok {
				panic("easy: internal error: running jobs hold fewer CPUs than the machine lacks")
			}
			t = max(end, now)
		}
		k, cpus := e.t.upTo(m, t)
		work.Add(k)
		if t < shadow {
			machine, shadow, spare = m, t, free+int(cpus)-need
		}
	}
	return machine, shadow, spare
}
