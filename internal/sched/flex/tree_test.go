package flex

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gridbench/gridbench/internal/sim"
)

// TestRankTreeMatchesRecount drives the rank tree through random arrivals
// (in bursts of equal submit times and estimates, as array jobs come) and
// starts, and after each step compares every node with a recount of the
// jobs below it, the search with the best job found by ranking all of
// them with Params.Priority, and the count with a count over all of them.
func TestRankTreeMatchesRecount(t *testing.T) {
	params := []Params{
		DefaultParams(),
		{AgeFactor: 1, K: 1, Max: 0.5, Min: 0, BoostValue: 0.1},
		{AgeFactor: 0, K: 5, Max: 100, Min: 1, BoostValue: 3},
		{AgeFactor: 1e-3, K: 2, Max: 20, Min: 0.1, BoostValue: 2},
	}
	searched, found, counted := 0, 0, 0
	for seed := range uint64(60) {
		r := rand.New(rand.NewPCG(seed, 17))
		n := 1 + r.IntN(100)
		jobs := make([]sim.Job, n)
		f := New(params[seed%uint64(len(params))])
		f.tree = newRankTree(n)
		waiting := []int{}
		sub, next := 0.0, 0
		for step := 0; next < n || len(waiting) > 0; step++ {
			if next < n && (len(waiting) == 0 || r.IntN(3) > 0) {
				j := next
				next++
				if j == 0 || r.IntN(3) > 0 {
					sub += float64(r.IntN(4))
					jobs[j] = sim.Job{Submit: sub, Run: float64(r.IntN(5) * 10), CPUs: 1 + r.IntN(8)}
				} else {
					jobs[j] = jobs[j-1] // a clone
				}
				f.tree.arrive(j, jobs[j].CPUs, jobs[j].Submit, jobs[j].Est())
				waiting = append(waiting, j)
			} else {
				k := r.IntN(len(waiting))
				f.tree.remove(waiting[k])
				waiting = slices.Delete(waiting, k, k+1)
			}
			checkNodes(t, f.tree, jobs, waiting, seed, step)
			if len(waiting) == 0 {
				continue
			}
			f.now = sub + float64(r.IntN(50))
			f.minext = math.Inf(1)
			for _, j := range waiting {
				f.minext = min(f.minext, jobs[j].Est())
			}
			prio := func(j int) float64 { return f.p.Priority(&jobs[j], f.now, 0, f.minext) }
			before := func(a, b int) bool { // ranks are job numbers here
				pa, pb := prio(a), prio(b)
				return pa > pb || pa == pb && a < b
			}
			for _, j := range waiting {
				if got := f.prio(jobs[j].Submit, jobs[j].Est()); got != prio(j) {
					t.Fatalf("seed %d: prio of job %d = %v, Params.Priority %v", seed, j, got, prio(j))
				}
			}
			// Search: every job, or those with at most capA CPUs, some
			// rank skipped.
			skip := -1
			if r.IntN(2) == 0 {
				skip = waiting[r.IntN(len(waiting))]
			}
			all, capA := r.IntN(3) == 0, r.IntN(9)
			f.look = search{all: all, capA: capA, skip: skip}
			ok := f.find()
			want := -1
			for _, j := range waiting {
				if j != skip && (all || jobs[j].CPUs <= capA) && (want < 0 || before(j, want)) {
					want = j
				}
			}
			searched++
			if !ok && want >= 0 || ok && f.look.r != want {
				t.Fatalf("seed %d step %d: search all=%v capA=%d skip=%d found %v (rank %d), want %d", seed, step, all, capA, skip, ok, f.look.r, want)
			}
			if ok {
				found++
				if f.look.prio != prio(want) {
					t.Fatalf("seed %d step %d: search priority %v, want %v", seed, step, f.look.prio, prio(want))
				}
			}
			// Count before a job's priority at its rank, that job being
			// out of the tree as the last one started is.
			it := waiting[r.IntN(len(waiting))]
			p := prio(it)
			leaf := f.tree.v[it+f.tree.size]
			f.tree.remove(it)
			wantN := 0
			for _, j := range waiting {
				if j != it && before(j, it) {
					wantN++
				}
			}
			if got := f.countBefore(1, 0, f.tree.size, p, it); got != wantN {
				t.Fatalf("seed %d step %d: countBefore job %d = %d, want %d", seed, step, it, got, wantN)
			}
			counted++
			f.tree.set(it, 1, leaf) // put it back
		}
	}
	if searched < 1000 || found < searched/2 || counted < 1000 {
		t.Errorf("too few checks: %d searches (%d found), %d counts", searched, found, counted)
	}
}

// checkNodes compares every node of tr with a recount of the waiting
// jobs below it.
func checkNodes(t *testing.T, tr *rankTree, jobs []sim.Job, waiting []int, seed uint64, step int) {
	t.Helper()
	for i := 1; i < 2*tr.size; i++ {
		lo, hi := i, i+1
		for lo < tr.size {
			lo, hi = 2*lo, 2*hi
		}
		want := emptyNode
		for l := lo; l < hi; l++ {
			if r := l - tr.size; r < len(tr.byRank) && slices.Contains(waiting, tr.byRank[r]) {
				j := &jobs[tr.byRank[r]]
				want.n++
				want.cpus = min(want.cpus, int32(j.CPUs))
				want.minEst, want.maxEst = min(want.minEst, j.Est()), max(want.maxEst, j.Est())
				want.minSub, want.maxSub = min(want.minSub, j.Submit), max(want.maxSub, j.Submit)
			}
		}
		if tr.v[i] != want {
			t.Fatalf("seed %d step %d: node %d holds %+v, recount %+v", seed, step, i, tr.v[i], want)
		}
	}
}
