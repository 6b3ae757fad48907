package analysis

import (
	"math"
	"strings"
	"testing"
)

func TestHolmTextbook(t *testing.T) {
	cases := []struct {
		name    string
		p, want []float64
	}{
		// Wikipedia's Holm–Bonferroni example, m = 4, in shuffled order:
		// sorted 0.005, 0.01, 0.03, 0.04 → ×4, ×3, ×2, ×1 = 0.02, 0.03, 0.06,
		// 0.04 → monotone 0.02, 0.03, 0.06, 0.06.
		{"wikipedia", []float64{0.01, 0.04, 0.03, 0.005}, []float64{0.03, 0.06, 0.06, 0.02}},
		// R: p.adjust(c(0.01,0.02,0.03,0.04,0.05), "holm") = 0.05 0.08 0.09 0.09 0.09.
		{"R p.adjust", []float64{0.01, 0.02, 0.03, 0.04, 0.05}, []float64{0.05, 0.08, 0.09, 0.09, 0.09}},
		{"capped", []float64{0.3, 0.6, 0.01}, []float64{0.6, 0.6, 0.03}},
		{"single", []float64{0.2}, []float64{0.2}},
		{"empty", nil, nil},
	}
	for _, c := range cases {
		got := Holm(c.p)
		if len(got) != len(c.want) {
			t.Fatalf("%s: len %d, want %d", c.name, len(got), len(c.want))
		}
		for i := range got {
			if math.Abs(got[i]-c.want[i]) > 1e-15 {
				t.Errorf("%s: Holm(%v) = %v, want %v", c.name, c.p, got, c.want)
				break
			}
		}
	}
}

func TestHolmNaN(t *testing.T) {
	got := Holm([]float64{0.01, math.NaN(), 0.04})
	if got[0] != 0.02 || !math.IsNaN(got[1]) || got[2] != 0.04 {
		t.Errorf("Holm with NaN = %v, want [0.02 NaN 0.04]", got)
	}
}

func TestHolmProperties(t *testing.T) {
	p := []float64{0.5, 0.001, 0.2, 0.04, 0.04, 0.9, 0.0001, 0.3}
	adj := Holm(p)
	for i := range p {
		if adj[i] < p[i] || adj[i] > 1 {
			t.Errorf("adj[%d] = %v for p = %v", i, adj[i], p[i])
		}
		for j := range p {
			if p[i] < p[j] && adj[i] > adj[j] {
				t.Errorf("not monotone: p %v < %v but adj %v > %v", p[i], p[j], adj[i], adj[j])
			}
			if p[i] == p[j] && adj[i] != adj[j] {
				t.Errorf("equal p %v adjusted differently: %v, %v", p[i], adj[i], adj[j])
			}
		}
	}
}

// PosthocWilcoxonHolm must agree with running Wilcoxon and Holm by hand.
func TestPosthocWilcoxonHolm(t *testing.T) {
	blocks := [][]float64{
		{10, 12, 15}, {11, 11.5, 16.3}, {9, 13, 14.6}, {10.5, 12.2, 17},
		{12, 11.9, 15.9}, {8, 11, 13.4}, {10, 9.6, 18}, {11.1, 12.9, 14.2},
	}
	got, err := PosthocWilcoxonHolm(blocks)
	if err != nil {
		t.Fatal(err)
	}
	col := func(j int) []float64 {
		var c []float64
		for _, b := range blocks {
			c = append(c, b[j])
		}
		return c
	}
	wantPairs := [][2]int{{0, 1}, {0, 2}, {1, 2}}
	if len(got) != len(wantPairs) {
		t.Fatalf("got %d pairs, want 3", len(got))
	}
	var ps []float64
	for k, ij := range wantPairs {
		w, _ := Wilcoxon(col(ij[0]), col(ij[1]))
		ps = append(ps, w.P)
		g := got[k]
		if g.I != ij[0] || g.J != ij[1] || g.W != w.W || g.P != w.P || g.Effect != w.Effect || g.N != w.N || g.Exact != w.Exact {
			t.Errorf("pair %v: %+v, Wilcoxon gives %+v", ij, g, w)
		}
	}
	for k, a := range Holm(ps) {
		if got[k].PAdj != a {
			t.Errorf("pair %d: PAdj = %v, want %v", k, got[k].PAdj, a)
		}
	}
	// Column 2 exceeds column 0 in all 8 blocks, by distinct amounts: exact P = 2/2^8, three
	// comparisons, smallest p → ×3. Effect is -1 since I=0 is the smaller.
	if got[1].P != 2.0/256 || got[1].PAdj != 3*2.0/256 || got[1].Effect != -1 {
		t.Errorf("pair (0,2): %+v", got[1])
	}

	if _, err := PosthocWilcoxonHolm([][]float64{{1, 2}, {1}}); err == nil || !strings.Contains(err.Error(), "block 1") {
		t.Errorf("ragged blocks: err = %v", err)
	}
}
