package jobsout

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// A started job whose allocated_resources is empty counts its request,
// as a job of a file with no such column does; it counted 0 CPUs.
func TestUsedFallsBackToTheRequestOfAnEmptyAllocation(t *testing.T) {
	f, err := Read(strings.NewReader("job_id,submission_time,starting_time,finish_time,requested_number_of_resources,allocated_resources\n"+
		"1,0,0,10,2,0-1\n2,0,0,10,3,\n"), "jobs.csv")
	if err != nil {
		t.Fatal(err)
	}
	if f.Rows[0].NoAlloc() || !f.Rows[1].NoAlloc() || f.Rows[1].CPUs() != 3 {
		t.Errorf("rows %+v", f.Rows)
	}
	if s := Used(f.Rows); len(s.Y) == 0 || s.Y[0] != 5 {
		t.Errorf("used %+v, want 5 CPUs from 0", s)
	}
}

// FindOverlap agrees with the pairs compared one by one, on random
// schedules of a few jobs on a few CPUs (times and ids drawn from few
// values, so ties and shared ends are common).
func TestFindOverlapMatchesNaive(t *testing.T) {
	rnd := rand.New(rand.NewPCG(7, 7))
	for trial := range 3000 {
		rows := make([]Row, 1+rnd.IntN(6))
		for i := range rows {
			s := float64(rnd.IntN(5))
			rows[i] = Row{Start: s, End: s + float64(rnd.IntN(3))}
			for c := 0; c < 8; c++ {
				if rnd.IntN(3) == 0 {
					hi := c + rnd.IntN(3)
					rows[i].Alloc = append(rows[i].Alloc, Interval{c, hi})
					c = hi + 1
				}
			}
		}
		got, want := FindOverlap(rows), naiveOverlap(rows)
		if got != want {
			t.Fatalf("trial %d: %+v, want %+v; rows %+v", trial, got, want, rows)
		}
	}
	o := FindOverlap([]Row{{Start: 0, End: 5, Alloc: Set{{0, 3}}}, {Start: 5, End: 6, Alloc: Set{{0, 3}}}, {Start: 2, End: 8, Alloc: Set{{6, 9}, {12, 12}}}, {Start: 4, End: 9, Alloc: Set{{8, 12}}}})
	if o != (Overlap{A: 2, B: 3, CPU: 8, Jobs: 1}) {
		t.Errorf("%+v, want jobs 2 and 3 on CPU 8", o)
	}
}

// naiveOverlap compares every job starting with every job then running.
func naiveOverlap(rows []Row) Overlap {
	var o Overlap
	first := -1
	runs := func(r Row) bool { return r.End > r.Start && len(r.Alloc) > 0 }
	for b, rb := range rows {
		if !runs(rb) {
			continue
		}
		found := false
		for a, ra := range rows {
			// a holds its CPUs when b starts: it started before, or at
			// the same time and earlier in the file, and has not ended
			if a == b || !runs(ra) || !(ra.Start < rb.Start || ra.Start == rb.Start && a < b) || ra.End <= rb.Start {
				continue
			}
			for _, x := range ra.Alloc {
				for _, y := range rb.Alloc {
					if x.Lo > y.Hi || y.Lo > x.Hi {
						continue
					}
					found = true
					c := max(x.Lo, y.Lo)
					earlier := first < 0 || rb.Start < rows[first].Start || rb.Start == rows[first].Start && b < first
					if earlier || b == first && c < o.CPU {
						first, o.A, o.B, o.CPU = b, a, b, c
					}
				}
			}
		}
		if found {
			o.Jobs++
		}
	}
	return o
}
