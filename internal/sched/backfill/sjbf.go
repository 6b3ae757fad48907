package backfill

import (
	"cmp"
	"math"
	"slices"

	"github.com/gridbench/gridbench/internal/sim"
)

// sjbfIndex holds the waiting jobs in SJBF's backfill order — shortest
// estimate first, ties in arrival order — so that a pass finds the next
// job that can start without sorting the queue. Every job of the workload
// has a fixed position in that order, known from the start because the
// key is the job's own estimate; a segment tree over the positions keeps
// the fewest CPUs any waiting job below a node needs, so "the first job
// from position p on that needs at most c CPUs" costs O(log n), and an
// arrival or a start O(log n).
//
// Memory is a few words per job of the workload, like the simulator's own
// per-job arrays, and does not grow during the run.
//
// The index also keeps the jobs in arrival order (arrivalList), and the
// heads are read there.
type sjbfIndex struct {
	job  []int32   // position -> job
	pos  []int32   // job -> position
	est  []float64 // position -> estimate at the reference speed
	leaf int       // first leaf of tree (a power of two)
	tree []int32   // min CPUs of the waiting jobs below each node; absent: maxCPUs
	arrivalList
}

// arrivalList holds the jobs arrived, in arrival order (the simulator's
// queue order), from the first that may still wait (head) on, for a queue
// in arrival order to read its heads there rather than from the
// simulator's queue: State.Queue closes the holes the jobs started since
// the last call left, from the first on, and a backfill that starts jobs
// from anywhere in the queue made each pass move the queue's tail. On the
// first 400,000 RICC-2010-2 jobs (over 17,000 waiting at times) that took
// 44% of EASY-SJBF's CPU, and 27% of EASY++'s (doubled requests,
// doubling correction) with the copy of the queue it sorted. A job
// started by a backfill is passed over when the heads reach it, once.
type arrivalList struct {
	arr  []int32 // the jobs arrived, in arrival order, from head on
	head int     // no job of arr before it waits
}

// arrive appends job j, the latest arrival. The jobs before head are
// dropped once they outgrow the others (as CONS its tables), so that the
// list follows the queue, not the history.
func (a *arrivalList) arrive(j int) {
	if outgrows(len(a.arr), len(a.arr)-a.head) {
		a.arr = a.arr[:copy(a.arr, a.arr[a.head:])]
		a.head = 0
	}
	a.arr = append(a.arr, int32(j))
}

// waiting returns the index of the first job of the list still waiting
// from index i on (len(arr) if none).
func (a *arrivalList) waiting(s *sim.State, i int) int {
	for ; i < len(a.arr) && s.Status(int(a.arr[i])) != sim.Waiting; i++ {
	}
	return i
}

const absentCPUs = math.MaxInt32

func newSJBFIndex(s *sim.State) *sjbfIndex {
	n := s.NumJobs()
	x := &sjbfIndex{job: make([]int32, n), pos: make([]int32, n), est: make([]float64, n)}
	for j := range x.job {
		x.job[j] = int32(j)
	}
	// Arrival order is (submit, input order), as the simulator's queue.
	slices.SortFunc(x.job, func(a, b int32) int {
		ja, jb := s.Job(int(a)), s.Job(int(b))
		if c := cmp.Compare(ja.Est(), jb.Est()); c != 0 {
			return c
		}
		if c := cmp.Compare(ja.Submit, jb.Submit); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	for p, j := range x.job {
		x.pos[j] = int32(p)
		x.est[p] = s.Job(int(j)).Est()
	}
	x.leaf = 1
	for x.leaf < n {
		x.leaf *= 2
	}
	x.tree = make([]int32, 2*x.leaf)
	for i := range x.tree {
		x.tree[i] = absentCPUs
	}
	return x
}

// arrive enters job j, the latest arrival, with cpus CPUs. Arrivals come
// in the simulator's queue order.
func (x *sjbfIndex) arrive(j, cpus int) {
	x.set(j, cpus)
	x.arrivalList.arrive(j)
}

// set makes job j present with cpus CPUs, or absent with absentCPUs.
func (x *sjbfIndex) set(j, cpus int) {
	i := x.leaf + int(x.pos[j])
	x.tree[i] = int32(cpus)
	for i > 1 {
		i /= 2
		x.tree[i] = min(x.tree[2*i], x.tree[2*i+1])
	}
}

// first returns the first position in [from, to) holding a waiting job of
// at most c CPUs, or -1.
func (x *sjbfIndex) first(from, to, c int) int {
	if from >= to {
		return -1
	}
	return x.descend(1, 0, x.leaf, from, to, int32(c))
}

func (x *sjbfIndex) descend(node, lo, hi, from, to int, c int32) int {
	if hi <= from || to <= lo || x.tree[node] > c {
		return -1
	}
	if hi-lo == 1 {
		return lo
	}
	mid := (lo + hi) / 2
	if p := x.descend(2*node, lo, mid, from, to, c); p >= 0 {
		return p
	}
	return x.descend(2*node+1, mid, hi, from, to, c)
}

// scheduleSJBF is Schedule for arrival order and SJBF on the jobs' own
// estimates, with the same starts: the heads are read from the index's
// arrival order, the shadow time comes from package easy's list of
// estimated ends (the same rule as reserve, without walking the running
// jobs), and the backfill pass asks the index for the next job that may
// start instead of examining every waiting job in a sorted copy. A job
// the index passes over fits on no machine at its turn: it needs more
// CPUs than any machine has free, or, once the jobs short enough to end
// by the shadow time are behind, more than any machine but the reserved
// one has free and more than the reserved one's spare CPUs.
func (o *Order) scheduleSJBF(s *sim.State) {
	x := o.sjbf
	work := s.Work()
	i := x.waiting(s, x.head)
	for ; i < len(x.arr); i = x.waiting(s, i+1) {
		j := int(x.arr[i])
		work.Inc()
		m := firstFit(s, o.order, j)
		if m < 0 {
			break
		}
		o.start(s, j, m) // cannot fail: firstFit checked the CPUs
		x.set(j, absentCPUs)
	}
	x.head = i // (every job before it has started)
	if s.QueueLen() <= 1 {
		return // no job, or the head alone, waits
	}
	machines := s.Platform().Machines
	free := totalFree(s)
	if free == 0 {
		return
	}
	head := int(x.arr[i])
	resM, shadow, spare := o.runEnds.Reserve(s, o.order, head)
	x.set(head, absentCPUs)
	defer x.set(head, s.Job(head).CPUs)
	now, p := s.Now(), s.Platform()
	// Positions before bound end by the shadow time on the reserved machine.
	bound, _ := slices.BinarySearchFunc(x.est, shadow, func(e, shadow float64) int {
		if now+p.Scale(e, resM) <= shadow {
			return -1
		}
		return 1
	})
	at := 0
	for free > 0 {
		// The most CPUs a job may need to start somewhere at its turn.
		c := 0
		for m := range machines {
			f := s.Free(m)
			if m == resM && at >= bound {
				f = min(f, spare)
			}
			c = max(c, f)
		}
		end := len(x.job)
		if at < bound {
			end = bound
		}
		k := x.first(at, end, c)
		if k < 0 {
			if at >= bound {
				return
			}
			at = bound
			continue
		}
		at = k + 1
		j := int(x.job[k])
		work.Inc()
		var m int
		if m, spare = o.backfillMachine(s, j, resM, shadow, spare); m >= 0 {
			o.start(s, j, m)
			x.set(j, absentCPUs)
			free -= s.Job(j).CPUs
		}
	}
}
