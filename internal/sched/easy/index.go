package easy

import "github.com/gridbench/gridbench/internal/sim"

// Index is the waiting queue by arrival rank, for backfilling schedulers
// that walk it in another order than EASY's (internal/sched/flex): the
// same segment tree as EASY's, which finds the next waiting job narrow
// enough, or narrow and short enough, in O(log n) instead of a scan.
// Ranks follow arrivals, so rank order is the queue's order.
type Index struct {
	tree   *minTree
	byRank []int // arrival rank -> job
	rank   []int // job -> arrival rank
}

// NewIndex returns an empty index for the jobs of s.
func NewIndex(s *sim.State) *Index {
	return &Index{tree: newMinTree(s.NumJobs()), rank: make([]int, s.NumJobs())}
}

// Arrive gives job j, just arrived, the next rank.
func (x *Index) Arrive(s *sim.State, j int) {
	r := len(x.byRank)
	x.byRank = append(x.byRank, j)
	x.rank[j] = r
	x.tree.set(r, int32(s.Job(j).CPUs), s.Job(j).Est())
}

// Started removes job j, no longer waiting.
func (x *Index) Started(j int) { x.tree.clear(x.rank[j]) }

// Rank returns job j's arrival rank.
func (x *Index) Rank(j int) int { return x.rank[j] }

// Job returns the job of rank r.
func (x *Index) Job(r int) int { return x.byRank[r] }

// Next returns the smallest rank >= r of a waiting job needing at most
// cpus CPUs, or -1.
func (x *Index) Next(r, cpus int) int { return x.tree.first(r, int32(min(cpus, empty-1))) }

// NextShort returns the smallest rank in [r, hi) of a waiting job needing
// at most cpus CPUs whose estimate at the reference speed is at most est,
// or -1.
func (x *Index) NextShort(r, hi, cpus int, est float64) int {
	return x.tree.first2(r, hi, int32(min(cpus, empty-1)), est)
}
