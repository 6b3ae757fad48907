package analysis

import (
	"math"
	"testing"
)

// TestComparisonDirection pins the one rule: the sign of the rank-biserial
// r decides, not the means. Here one huge difference makes the mean of
// A − B positive while 9 of 10 pairs (and r) say A is lower.
func TestComparisonDirection(t *testing.T) {
	x := make([]float64, 16)
	y := make([]float64, 16)
	for i := range x {
		x[i], y[i] = float64(i), float64(i)+0.1*float64(i+1)
	}
	y[15] = x[15] - 1000
	lower := &Comparison{Name: "A < B", Want: Lower, X: x, Y: y}
	higher := &Comparison{Name: "A > B", Want: Higher, X: x, Y: y}
	notHigher := &Comparison{Name: "A ≤ B", Want: NotHigher, X: x, Y: y}
	Test(lower)
	Test(higher)
	Test(notHigher)
	if !(lower.MeanA > lower.MeanB) || lower.Res.Effect >= 0 {
		t.Fatalf("test data: means %g vs %g, r=%g; want mean A > B and r < 0", lower.MeanA, lower.MeanB, lower.Res.Effect)
	}
	if !lower.Held() || higher.Held() || !higher.Reversed() || !notHigher.Held() {
		t.Errorf("held: lower %v higher %v (reversed %v) notHigher %v; want true false (true) true (p=%g)",
			lower.Held(), higher.Held(), higher.Reversed(), notHigher.Held(), lower.PAdj)
	}
}

// TestFamilyHolm checks that Test adjusts a family together: a p that
// passes alone fails in a family of many, and a comparison without pairs
// neither counts nor holds.
func TestFamilyHolm(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5, 6}
	y := []float64{2, 4, 6, 8, 10, 12} // differences -1…-6: exact p = 2/64 = 0.03125
	alone := &Comparison{Want: Lower, X: x, Y: y}
	Test(alone, &Comparison{Want: Lower})
	if !alone.Held() || math.Abs(alone.PAdj-0.03125) > 1e-12 {
		t.Errorf("alone (with an empty one): held %v p_Holm %g; want true 0.03125", alone.Held(), alone.PAdj)
	}
	fam := []*Comparison{{Want: Lower, X: x, Y: y}, {Want: Lower, X: x, Y: y}}
	Test(fam...)
	if fam[0].Held() || fam[0].PAdj != 0.0625 {
		t.Errorf("family of 2: held %v p_Holm %g; want false 0.0625", fam[0].Held(), fam[0].PAdj)
	}
	v := Decide(append(fam, alone))
	if v.Held() || v.HeldN != 1 || v.Decisive != fam[0] || v.Status() != "partly held (1/3)" {
		t.Errorf("verdict %+v status %q; want 1 of 3 held, decisive the first failing", v, v.Status())
	}
	if s := Decide(nil).Status(); s != "not checked" {
		t.Errorf("empty verdict %q", s)
	}
}

func TestDifferenceMargins(t *testing.T) {
	x := []float64{10, 11, 12, 13, 14}
	y := []float64{10.1, 10.9, 12.2, 12.8, 14.1} // differences ±0.2 around 0
	d := PairedDifference(x, y)
	if !d.Equivalent(1) || d.Equivalent(0.01) {
		t.Errorf("equivalence: %+v; want within ±1, not within ±0.01", d)
	}
	if !d.NonInferior(1) || d.NonInferior(-1) {
		t.Errorf("non-inferiority: %+v; want below +1, not below -1", d)
	}
	if one := PairedDifference(x[:1], y[:1]); one.Equivalent(100) || one.NonInferior(100) {
		t.Errorf("one pair held: %+v", one)
	}
	// The one-sided p crosses Alpha/2 where the interval's upper limit
	// crosses the margin.
	if p := d.NonInferiorP(d.High); math.Abs(p-Alpha/2) > 1e-9 {
		t.Errorf("p at the upper limit %g, want %g", p, Alpha/2)
	}
	if p1, pm := d.NonInferiorP(1), d.NonInferiorP(-1); !(p1 < Alpha/2) || !(pm > Alpha/2) {
		t.Errorf("one-sided p %g at margin +1, %g at -1; want below and above %g", p1, pm, Alpha/2)
	}
	if p := PairedDifference(x[:1], y[:1]).NonInferiorP(100); !math.IsNaN(p) {
		t.Errorf("one pair: p %g, want NaN", p)
	}
}
