package analysis

import (
	"math"
	"strings"
	"testing"
)

// Every block ranks the treatments the same way: perfect concordance,
// Kendall's W = 1 and chi2 = n(k-1).
func TestFriedmanPerfectConcordance(t *testing.T) {
	blocks := [][]float64{
		{1, 5, 9, 20},
		{2, 3, 4, 5},
		{10, 11, 30, 31},
		{-3, 0, 0.5, 100},
		{7, 8, 9, 10},
	}
	r, err := Friedman(blocks)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(r.KendallW-1) > 1e-12 || math.Abs(r.Chi2-15) > 1e-12 {
		t.Errorf("W = %v chi2 = %v, want 1 and n(k-1) = 15", r.KendallW, r.Chi2)
	}
	for j, m := range r.MeanRanks {
		if m != float64(j+1) {
			t.Errorf("MeanRanks = %v, want 1..4", r.MeanRanks)
			break
		}
	}
	// Survival of chi-square(3) at 15: 1 - P(χ²₃ ≤ 15) = 0.0018166489665723.
	if math.Abs(r.P-0.0018166489665723) > 1e-12 {
		t.Errorf("P = %.17g", r.P)
	}
}

// Mean ranks always sum to k(k+1)/2, chi2 >= 0, W in [0, 1], and the result
// does not depend on the order of the blocks.
func TestFriedmanProperties(t *testing.T) {
	blocks := [][]float64{
		{3, 1, 2, 2, 5},
		{1, 1, 1, 2, 0},
		{4, 3, 2, 1, 0},
		{9, 9, 9, 9, 9},
		{0.5, 0.25, 0.75, 1, 0.1},
	}
	r, err := Friedman(blocks)
	if err != nil {
		t.Fatal(err)
	}
	var sum float64
	for _, m := range r.MeanRanks {
		sum += m
	}
	if math.Abs(sum-15) > 1e-12 {
		t.Errorf("mean ranks sum to %v, want 15", sum)
	}
	if r.Chi2 < 0 || r.KendallW < 0 || r.KendallW > 1 || r.P < 0 || r.P > 1 {
		t.Errorf("out of range: %+v", r)
	}
	rev := make([][]float64, len(blocks))
	for i := range blocks {
		rev[len(blocks)-1-i] = blocks[i]
	}
	r2, _ := Friedman(rev)
	if math.Abs(r2.Chi2-r.Chi2) > 1e-12 || math.Abs(r2.P-r.P) > 1e-12 {
		t.Errorf("block order changed the result: %v vs %v", r, r2)
	}
}

func TestFriedmanAllTied(t *testing.T) {
	r, err := Friedman([][]float64{{1, 1, 1}, {2, 2, 2}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Chi2 != 0 || r.P != 1 || r.KendallW != 0 {
		t.Errorf("all tied: %+v, want chi2 0, P 1, W 0", r)
	}
}

func TestFriedmanErrors(t *testing.T) {
	cases := []struct {
		name   string
		blocks [][]float64
		want   string
	}{
		{"none", nil, "no blocks"},
		{"one treatment", [][]float64{{1}, {2}}, "need at least 2"},
		{"ragged", [][]float64{{1, 2, 3}, {1, 2}}, "block 1 has 2 treatments, block 0 has 3"},
		{"nan", [][]float64{{1, 2, 3}, {1, math.NaN(), 3}}, "block 1 treatment 1 is NaN"},
	}
	for _, c := range cases {
		_, err := Friedman(c.blocks)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want it to mention %q", c.name, err, c.want)
		}
	}
}

// TestNoPairDiffers: with 5 algorithms (10 pairs) 8 repetitions can never
// show a pair differ after Holm (10·2/2^8 = 0.078): that is said, not
// "none"; 9 can (0.039).
func TestNoPairDiffers(t *testing.T) {
	if got := NoPairDiffers(8, 5); got != "none: too few repetitions: at least 9 needed (Holm over 10 pairs)" {
		t.Errorf("8 reps, 5 algorithms: %q", got)
	}
	if got := NoPairDiffers(9, 5); got != "none" {
		t.Errorf("9 reps, 5 algorithms: %q", got)
	}
}
