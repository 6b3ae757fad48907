package batsim

import (
	"fmt"
	"slices"
)

// Batsim refuses a workload whose job ids repeat ("duplication of job
// id", its Jobs::load_from_json), and its jobs.csv names each job by its
// id: a repeat is refused when a workload is read and when one is written.

// idSet is the job ids seen: a bitset for the ids of traces (whole
// numbers from 0 up, mostly dense), a map for any other.
type idSet struct {
	bits []uint64
	big  map[int]bool
}

// maxBitID bounds the ids the bitset holds (16 MiB of bits at most).
const maxBitID = 1 << 27

// add records id and reports whether it is new.
func (s *idSet) add(id int) bool {
	if id >= 0 && id < maxBitID {
		w, m := id>>6, uint64(1)<<(id&63)
		if w >= len(s.bits) {
			s.bits = append(s.bits, make([]uint64, max(w+1, 2*len(s.bits))-len(s.bits))...)
		}
		if s.bits[w]&m != 0 {
			return false
		}
		s.bits[w] |= m
		return true
	}
	if s.big[id] {
		return false
	}
	if s.big == nil {
		s.big = map[int]bool{}
	}
	s.big[id] = true
	return true
}

// checkIDs refuses a workload whose job ids repeat, naming both lines.
func checkIDs(w *Workload) error {
	var seen idSet
	for i, j := range w.Jobs {
		if seen.add(j.ID) {
			continue
		}
		first := w.Jobs[slices.IndexFunc(w.Jobs[:i], func(x Job) bool { return x.ID == j.ID })]
		return fmt.Errorf("%s:%d: job id %d repeats (first on line %d): Batsim refuses a workload whose job ids repeat, and its jobs.csv names each job by its id",
			w.Name, j.Line, j.ID, first.Line)
	}
	return nil
}
