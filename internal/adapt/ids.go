package adapt

import "iter"

// IDs tells the job ids seen before from new ones, one id at a time.
// Traces number their jobs in order, so the ids are indexed only once one
// is not above the one before it: until then a repeat is impossible, and
// nothing is kept but the last id.
type IDs struct {
	n    int
	last int64
	seen map[int64]bool
}

// Add notes id and reports whether an id added before was the same.
// earlier yields the ids added before, in any order: it is read once, the
// first time an id is not above the one before it.
func (s *IDs) Add(id int64, earlier iter.Seq[int64]) bool {
	s.n++
	if s.seen == nil {
		if s.n == 1 || id > s.last {
			s.last = id
			return false
		}
		s.seen = make(map[int64]bool, 2*s.n)
		for e := range earlier {
			s.seen[e] = true
		}
	}
	repeat := s.seen[id]
	s.seen[id] = true
	return repeat
}
