package backfill

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// pieceJob is a job of a piece, as the order of reservations sorts it.
type pieceJob struct {
	t       float64
	rank, j int
}

// randomPieces lays n jobs out in an arena in random order and cuts it
// into pieces of up to 6 jobs, each sorted by arrival, with a start among
// a few and one of two shapes: the arrivals of pieces of one start
// interleave (unless distinct, where every piece has a start of its own).
func randomPieces(r *rand.Rand, n int, distinct bool) (*CONS, []piece) {
	c := &CONS{}
	ranks := r.Perm(n)
	for j := range n {
		c.arena = append(c.arena, rankJob(ranks[j])<<32|rankJob(j))
	}
	var gs []piece
	for off := 0; off < n; {
		k := min(n-off, 1+r.IntN(6))
		js := c.arena[off : off+k]
		slices.Sort(js) // (ordered as the ranks are)
		t := float64(r.IntN(5))
		if distinct {
			t = float64(len(gs))
		}
		gs = append(gs, piece{t: t, s: int32(r.IntN(2)), off: int32(off), n: int32(k)})
		off += k
	}
	return c, gs
}

// expand lists the jobs of the pieces gs in their order, and fails the
// test where a piece is empty, not sorted by arrival, or interleaves its
// arrivals with the next piece of its start.
func expand(t *testing.T, c *CONS, gs []piece) []pieceJob {
	t.Helper()
	var out []pieceJob
	for i, g := range gs {
		js := c.jobs(g)
		if len(js) == 0 || !slices.IsSorted(js) {
			t.Fatalf("piece %d: jobs %v", i, js)
		}
		if i > 0 && gs[i-1].t == g.t && c.last(gs[i-1]) > c.first(g) {
			t.Fatalf("pieces %d and %d of start %g interleave", i-1, i, g.t)
		}
		for _, v := range js {
			out = append(out, pieceJob{g.t, v.rank(), v.job()})
		}
	}
	return out
}

// byStart sorts jobs as the order of reservations does: by (start, arrival).
func byStart(js []pieceJob) []pieceJob {
	js = slices.Clone(js)
	slices.SortFunc(js, func(a, b pieceJob) int {
		return cmp.Or(cmp.Compare(a.t, b.t), cmp.Compare(a.rank, b.rank))
	})
	return js
}

// TestSortPiecesMatchesSort checks sortPieces, which sorts only the pieces
// out of order and merges them in, cutting pieces whose arrivals
// interleave, against a plain sort of their jobs by (start, arrival), on
// pieces nearly sorted (a few brought forward or pushed back, as a
// compression leaves them) and shuffled.
func TestSortPiecesMatchesSort(t *testing.T) {
	for seed := range uint64(200) {
		r := rand.New(rand.NewPCG(seed, 32))
		c, gs := randomPieces(r, 1+r.IntN(200), seed%5 == 0)
		want := byStart(expand(t, c, c.sortPieces(slices.Clone(gs))))
		slices.SortStableFunc(gs, func(a, b piece) int { return cmp.Compare(a.t, b.t) })
		switch seed % 4 {
		case 1: // a few brought forward
			for range 1 + len(gs)/10 {
				gs[r.IntN(len(gs))].t -= float64(r.IntN(3))
			}
			want = nil
		case 2: // a few pushed back
			for range 1 + len(gs)/10 {
				gs[r.IntN(len(gs))].t += float64(r.IntN(3))
			}
			want = nil
		case 3:
			r.Shuffle(len(gs), func(a, b int) { gs[a], gs[b] = gs[b], gs[a] })
		}
		var jobs []pieceJob
		for _, g := range gs {
			for _, v := range c.jobs(g) {
				jobs = append(jobs, pieceJob{g.t, v.rank(), v.job()})
			}
		}
		if want == nil {
			want = byStart(jobs)
		}
		if got := expand(t, c, c.sortPieces(gs)); !slices.Equal(got, want) {
			t.Fatalf("seed %d: sortPieces\n got %v\nwant %v", seed, got, want)
		}
	}
}

// TestMergePiecesMatchesSort checks mergePieces, which merges in place
// from the back unless pieces must be cut (then mergeCut merges them),
// against a plain sort of the two orders' jobs by (start, arrival).
func TestMergePiecesMatchesSort(t *testing.T) {
	cuts := 0
	for seed := range uint64(400) {
		r := rand.New(rand.NewPCG(seed, 33))
		c, gs := randomPieces(r, 2+r.IntN(300), seed%3 == 0)
		var a, b []piece
		for _, g := range gs {
			if r.IntN(5) == 0 {
				b = append(b, g)
			} else {
				a = append(a, g)
			}
		}
		a, b = c.sortPieces(a), c.sortPieces(b)
		want := byStart(append(expand(t, c, a), expand(t, c, b)...))
		c.tail = nil // (mergeCut leaves its pieces there)
		got := expand(t, c, c.mergePieces(a, b))
		if !slices.Equal(got, want) {
			t.Fatalf("seed %d: mergePieces\n got %v\nwant %v", seed, got, want)
		}
		if len(c.tail) > 0 {
			cuts++
		}
	}
	if cuts == 0 || cuts == 400 {
		t.Fatalf("%d of 400 merges cut pieces: both ways are not tested", cuts)
	}
}
