package analysis

import (
	"math"
	"testing"
)

func TestSpearman(t *testing.T) {
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-12 }
	x := []float64{1, 2, 3, 4, 5}
	if r, _ := Spearman(x, []float64{1, 4, 9, 16, 1000}); !near(r, 1) {
		t.Errorf("monotone: %v", r)
	}
	if r, _ := Spearman(x, []float64{5, 4, 3, 2, 1}); !near(r, -1) {
		t.Errorf("reversed: %v", r)
	}
	// scipy.stats.spearmanr([1,2,3,4,5],[1,1,2,3,4]) = 0.9746794344808963
	if r, _ := Spearman(x, []float64{1, 1, 2, 3, 4}); !near(r, 0.9746794344808963) {
		t.Errorf("ties: %v", r)
	}
	// scipy.stats.spearmanr([1,2,2,3],[4,3,2,1]) = (-0.9486832980505138, 0.05131670194948623)
	r, p := Spearman([]float64{1, 2, 2, 3}, []float64{4, 3, 2, 1})
	if !near(r, -0.9486832980505138) || math.Abs(p-0.05131670194948623) > 1e-9 {
		t.Errorf("tied pair: rho %v p %v", r, p)
	}
	if r, _ := Spearman(x, []float64{7, 7, 7, 7, 7}); !math.IsNaN(r) {
		t.Errorf("constant input: %v", r)
	}
	if _, p := Spearman([]float64{1, 2}, []float64{2, 1}); !math.IsNaN(p) {
		t.Errorf("p with two pairs: %v", p)
	}
}

func TestOrderAlgorithms(t *testing.T) {
	recs := []Record{{Algorithm: "zeta"}, {Algorithm: "easy"}, {Algorithm: "alpha"}, {Algorithm: "fcfs"}, {Algorithm: "easy"}}
	got := OrderAlgorithms(recs, []string{"fcfs", "easy", "flex"})
	want := []string{"fcfs", "easy", "alpha", "zeta"}
	if len(got) != len(want) {
		t.Fatalf("got %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}

func TestSpearmanEachIsSpearmanPerInput(t *testing.T) {
	x := []float64{3, 1, 4, 1, 5, 9, 2, 6}
	ys := [][]float64{{2, 7, 1, 8, 2, 8, 1, 8}, {8, 7, 6, 5, 4, 3, 2, 1}, {1, 2, 3}, {5, 5, 5, 5, 5, 5, 5, 5}}
	rho, p := SpearmanEach(x, ys...)
	for i, y := range ys {
		r, q := Spearman(x, y)
		if !same(rho[i], r) || !same(p[i], q) {
			t.Errorf("y %d: SpearmanEach gives (%v, %v), Spearman (%v, %v)", i, rho[i], p[i], r, q)
		}
	}
	if !math.IsNaN(rho[2]) || !math.IsNaN(rho[3]) {
		t.Errorf("unequal lengths and a constant input must give NaN, got %v and %v", rho[2], rho[3])
	}
}

// same is == with NaN equal to itself.
func same(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) }
