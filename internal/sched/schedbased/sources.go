package schedbased

// sources indexes the machines by their number of late queued jobs, for
// Tabu search's choice of a source machine (the most late queued jobs;
// ties: the lowest index) in O(log machines) instead of a scan of every
// machine at every iteration. It is a tournament tree: node i holds the
// winner of its children, leaf of machine m at leaves+m; an excluded
// machine (Tabu's "used" list) loses to every other.
//
// Updates are lazy: an operation that changes a machine's late count only
// marks it (lateChanged), and source flushes the marks, so the many
// changes of one re-plan cost one leaf update when Tabu next asks.
type sources struct {
	win      []node // node -> winning machine and its key
	leaves   int
	depth    int64  // levels above the leaves
	seen     []int  // late queued count per machine at the last flush
	excluded []bool // Tabu's used machines
	dirty    []int32
	isDirty  []bool
	total    int // Σ seen: late queued jobs in the whole plan
}

func newSources(n int) sources {
	s := sources{leaves: 1, seen: make([]int, n), excluded: make([]bool, n), isDirty: make([]bool, n)}
	for s.leaves < n {
		s.leaves *= 2
	}
	for i := s.leaves; i > 1; i /= 2 {
		s.depth++
	}
	s.win = make([]node, 2*s.leaves)
	for i := range s.win {
		s.win[i] = node{m: -1}
	}
	for m := range n {
		s.win[s.leaves+m] = node{m: int32(m), key: int32(s.key(int32(m)))}
	}
	for i := s.leaves - 1; i >= 1; i-- {
		s.win[i] = better(s.win[2*i], s.win[2*i+1])
	}
	return s
}

// node is a machine of the tournament (m == -1: none) with its key as of
// its last flush.
type node struct {
	m, key int32
}

// better returns the winner of a and b.
func better(a, b node) node {
	switch {
	case a.m < 0:
		return b
	case b.m < 0:
		return a
	}
	if b.key > a.key || (b.key == a.key && b.m < a.m) {
		return b
	}
	return a
}

func (s *sources) key(m int32) int {
	if s.excluded[m] {
		return -1
	}
	return s.seen[m]
}

func (s *sources) mark(m int) {
	if !s.isDirty[m] {
		s.isDirty[m] = true
		s.dirty = append(s.dirty, int32(m))
	}
}

// lateChanged records that machine mp's late queued count may have changed.
func (p *Plan) lateChanged(mp *machPlan) {
	p.lateMarks++
	p.src.mark(mp.idx)
}

// flushSources brings the tree up to date with the marked machines.
func (p *Plan) flushSources() {
	s := &p.src
	for _, m := range s.dirty {
		s.isDirty[m] = false
		lq := p.ms[m].lateQ
		s.total += lq - s.seen[m]
		s.seen[m] = lq
		s.win[s.leaves+int(m)].key = int32(s.key(m))
		// One step per level is counted, as the walk to the root makes;
		// it stops where a winner is unchanged, as nothing above changes.
		p.work += s.depth
		for i := (s.leaves + int(m)) / 2; i >= 1; i /= 2 {
			w := better(s.win[2*i], s.win[2*i+1])
			if w == s.win[i] {
				break
			}
			s.win[i] = w
		}
	}
	s.dirty = s.dirty[:0]
}

// source returns Tabu's source machine: of the machines not excluded, the
// one with the most late queued jobs (ties: the lowest index), or -1 when
// every machine is excluded or, unless all, none of the others has a late
// queued job; and whether any machine, excluded or not, has one.
func (p *Plan) source(all bool) (m int, anyLate bool) {
	p.flushSources()
	s := &p.src
	w := s.win[1].m
	if w < 0 || s.excluded[w] || (!all && s.seen[w] == 0) {
		return -1, s.total > 0
	}
	return int(w), s.total > 0
}

// exclude sets whether machine m may be a source.
func (p *Plan) exclude(m int, on bool) {
	if p.src.excluded[m] != on {
		p.src.excluded[m] = on
		p.src.mark(m)
	}
}
