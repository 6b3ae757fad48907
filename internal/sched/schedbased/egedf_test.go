package schedbased

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestEGEDFTieBreakEarlierStart is the minimal case of the tie-break: three
// 1-CPU machines, m0 busy until 10, m1 busy until 100, m2 idle. A 5 s job
// without a deadline scores the same on m0 and m2 (the plan's makespan
// stays 100, the on-time count rises by one either way); the literal
// reading of Algorithm 2 keeps m0 (start 10), the tie-break takes m2
// (start 0).
func TestEGEDFTieBreakEarlierStart(t *testing.T) {
	noDeadline := math.Inf(1)
	busy := func() *Plan {
		p := NewPlan([]Machine{{1, 1}, {1, 1}, {1, 1}}, 1)
		for m, run := range []float64{10, 100} {
			p.InsertAt(m, 0, 100+m, Job{Run: run, CPUs: 1, Deadline: noDeadline})
			p.Start(100 + m)
		}
		return p
	}
	j := Job{Run: 5, CPUs: 1, Deadline: noDeadline}
	p := busy()
	got := InsertEGEDF(p, 1, j)
	if want := (Placement{Machine: 2, Pos: 0}); got != want {
		t.Fatalf("placement %+v, want %+v", got, want)
	}
	if q := p.Queue(2); len(q) != 1 || q[0].Start != 0 {
		t.Fatalf("machine 2 queue %+v, want the job at 0", q)
	}
	// The literal reading keeps the first candidate of equal score.
	p = busy()
	if got, want := InsertEGEDFLiteral(p, 1, j), (Placement{Machine: 0, Pos: 0}); got != want {
		t.Fatalf("literal reading: placement %+v, want %+v", got, want)
	}
	if q := p.Queue(0); len(q) != 1 || q[0].Start != 10 {
		t.Fatalf("literal reading: machine 0 queue %+v, want the job at 10", q)
	}
	m0 := objective{makespan: 100, nondelayed: 3}
	if accept(m0, m0) || !prefer(m0, m0, 10, 0) || prefer(m0, m0, 0, 0) {
		t.Fatal("prefer must break an acceptance tie by the earlier start only")
	}
}

// TestEGEDFTieBreakKeepsAccepted checks that the tie-break never overrides
// Algorithm 2: a candidate that is worse by the criterion loses even when
// it starts earlier.
func TestEGEDFTieBreakKeepsAccepted(t *testing.T) {
	best := objective{makespan: 100, nondelayed: 3}
	worse := objective{makespan: 120, nondelayed: 3}
	if prefer(best, worse, 50, 0) {
		t.Fatal("an earlier start must not win against a worse objective")
	}
	if !prefer(worse, best, 0, 50) {
		t.Fatal("a better objective must win whatever its start")
	}
}

// TestAcceptFormula checks accept, which skips the makespan term when
// the makespans are equal, against Algorithm 2's sum computed in full, on
// random pairs with equal and unequal makespans and zero denominators.
func TestAcceptFormula(t *testing.T) {
	formula := func(best, cand objective) bool {
		w := rel(best.makespan-cand.makespan, best.makespan) +
			rel(float64(cand.nondelayed-best.nondelayed), float64(best.nondelayed))
		return w > 0
	}
	r := rand.New(rand.NewPCG(1, 2))
	spans := []float64{0, 1, 2.5, 1e4, 1e4 + 1e-9, math.Inf(1)}
	draw := func() objective {
		return objective{makespan: spans[r.IntN(len(spans))], nondelayed: r.IntN(4)}
	}
	equal := 0
	for range 20000 {
		best, cand := draw(), draw()
		if r.IntN(2) == 0 {
			cand.makespan = best.makespan
		}
		if best.makespan == cand.makespan {
			equal++
		}
		if got, want := accept(best, cand), formula(best, cand); got != want {
			t.Fatalf("accept(%+v, %+v) = %v, Algorithm 2's sum says %v", best, cand, got, want)
		}
	}
	if equal == 0 {
		t.Fatal("no pair with equal makespans")
	}
}
