package mapping

import (
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/generators/etc"
)

// Section 4 of the paper: ready times 70/110/200 and the ETC of Table 2.
func workedExample() (*etc.Matrix, []float64) {
	m := etc.New(3, 3)
	copy(m.ETC, []float64{50, 20, 15, 20, 60, 15, 20, 50, 15})
	return m, []float64{70, 110, 200}
}

func TestWorkedExample(t *testing.T) {
	m, ready := workedExample()
	for _, tc := range []struct {
		h    Heuristic
		want float64
	}{
		{OLB{}, 170},
		{MCT{}, 160},
		{MET{}, 245},
		{SA{Low: 0.4, High: 0.7}, 160},
		{KPB{K: 200.0 / 3, Variant: KPBBestFloor}, 130}, // the paper's k = 2/3
		{KPB{K: 100.0 / 3}, 130},                        // the same 2 candidates, table reading
	} {
		s := tc.h.Assign(m, ready)
		if got := Makespan(s); got != tc.want {
			t.Errorf("%s %+v: makespan %v, want %v (machines %v)", tc.h.Name(), tc.h, got, tc.want, s.Machine)
		}
	}
	// The paper's narrative: OLB puts j0 on m0, j1 on m1, j2 on m0; MET puts
	// everything on m2; kPB puts j0 on m1.
	if got := (OLB{}).Assign(m, ready).Machine; !slices.Equal(got, []int{0, 1, 0}) {
		t.Errorf("OLB machines %v, want [0 1 0]", got)
	}
	if got := (MET{}).Assign(m, ready).Machine; !slices.Equal(got, []int{2, 2, 2}) {
		t.Errorf("MET machines %v, want [2 2 2]", got)
	}
	if got := (KPB{K: 200.0 / 3, Variant: KPBBestFloor}).Assign(m, ready).Machine[0]; got != 1 {
		t.Errorf("kPB put j0 on m%d, want m1", got)
	}
}

func TestRegistry(t *testing.T) {
	want := []string{"OLB", "MCT", "MET", "SA", "kPB", "MinMin", "MaxMin", "Sufferage"}
	if got := Names(); !slices.Equal(got, want) {
		t.Fatalf("Names() = %v, want %v", got, want)
	}
	for _, n := range want {
		h, err := New(strings.ToLower(n), DefaultParams)
		if err != nil || h.Name() != n {
			t.Errorf("Lookup(%q) = %v, %v", strings.ToLower(n), h, err)
		}
	}
	_, err := Lookup("FCFS")
	if err == nil || !strings.Contains(err.Error(), "valid: OLB, MCT, MET, SA, kPB, MinMin, MaxMin, Sufferage") {
		t.Fatalf("Lookup(FCFS) error %v, want the list of valid names", err)
	}
}

func randomMatrix(r *rand.Rand, jobs, machines int, ties bool) *etc.Matrix {
	m := etc.New(jobs, machines)
	for k := range m.ETC {
		if ties {
			m.ETC[k] = float64(1 + r.IntN(4)) // many equal values and equal sums
		} else {
			m.ETC[k] = 1 + 1000*r.Float64()
		}
	}
	return m
}

// Every heuristic yields a consistent schedule: each machine runs its jobs
// back to back in assignment order from its ready time, and Completion is
// Eq. 1.
func TestScheduleInvariants(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 30; trial++ {
		jobs, machines := 1+r.IntN(40), 1+r.IntN(7)
		m := randomMatrix(r, jobs, machines, trial%2 == 0)
		var ready []float64
		if trial%3 == 0 {
			ready = make([]float64, machines)
			for k := range ready {
				ready[k] = float64(r.IntN(50))
			}
		}
		for _, name := range Names() {
			h, _ := New(name, DefaultParams)
			s := h.Assign(m, ready)
			if len(s.Order) != jobs {
				t.Fatalf("%s: %d jobs placed, want %d", name, len(s.Order), jobs)
			}
			next := slices.Clone(s.Ready)
			seen := make([]bool, jobs)
			for _, j := range s.Order {
				k := s.Machine[j]
				if seen[j] || k < 0 || k >= machines {
					t.Fatalf("%s: job %d placed twice or on machine %d", name, j, k)
				}
				seen[j] = true
				if s.Start[j] != next[k] || s.End[j] != s.Start[j]+m.At(j, k) {
					t.Fatalf("%s: job %d on m%d runs [%v,%v], want start %v", name, j, k, s.Start[j], s.End[j], next[k])
				}
				next[k] = s.End[j]
			}
			if !slices.Equal(next, s.Completion) {
				t.Fatalf("%s: completion %v, want %v", name, s.Completion, next)
			}
			x := Evaluate(m, s)
			if x.Proximity <= 0 || x.Proximity > 1+1e-12 || x.Utilization <= 0 || x.Utilization > 1+1e-12 {
				t.Fatalf("%s: metrics out of range: %+v", name, x)
			}
			if x.Flowtime > FlowtimeInOrder(s)*(1+1e-12) {
				t.Fatalf("%s: shortest-first flowtime %v exceeds in-order %v", name, x.Flowtime, FlowtimeInOrder(s))
			}
		}
	}
}

// Naive twins: the definitions written as directly as possible.

func naiveMCT(m *etc.Matrix, ready []float64) []int {
	c := slices.Clone(ready)
	out := make([]int, m.Jobs)
	for j := range out {
		best := 0
		for k := range c {
			if c[k]+m.At(j, k) < c[best]+m.At(j, best) {
				best = k
			}
		}
		out[j] = best
		c[best] += m.At(j, best)
	}
	return out
}

func naiveKPB(m *etc.Matrix, ready []float64, n int) []int {
	c := slices.Clone(ready)
	out := make([]int, m.Jobs)
	for j := range out {
		idx := make([]int, m.Machines)
		for k := range idx {
			idx[k] = k
		}
		sort.SliceStable(idx, func(a, b int) bool { return m.At(j, idx[a]) < m.At(j, idx[b]) })
		cands := slices.Clone(idx[:n])
		slices.Sort(cands)
		best := cands[0]
		for _, k := range cands {
			if c[k]+m.At(j, k) < c[best]+m.At(j, best) {
				best = k
			}
		}
		out[j] = best
		c[best] += m.At(j, best)
	}
	return out
}

// naiveMinMax recomputes every job's completion times in every round.
func naiveMinMax(m *etc.Matrix, ready []float64, pickMax bool) []int {
	c := slices.Clone(ready)
	out := make([]int, m.Jobs)
	done := make([]bool, m.Jobs)
	for range m.Jobs {
		bj, bk := -1, -1
		for j := range m.Jobs {
			if done[j] {
				continue
			}
			k := 0
			for q := range c {
				if c[q]+m.At(j, q) < c[k]+m.At(j, k) {
					k = q
				}
			}
			ct, bct := c[k]+m.At(j, k), 0.0
			if bj >= 0 {
				bct = c[bk] + m.At(bj, bk)
			}
			if bj < 0 || (!pickMax && ct < bct) || (pickMax && ct > bct) {
				bj, bk = j, k
			}
		}
		done[bj] = true
		out[bj] = bk
		c[bk] += m.At(bj, bk)
	}
	return out
}

func TestAgainstNaiveTwins(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 200; trial++ {
		jobs, machines := 1+r.IntN(60), 1+r.IntN(9)
		m := randomMatrix(r, jobs, machines, trial%2 == 0)
		ready := make([]float64, machines)
		if trial%3 == 0 {
			for k := range ready {
				ready[k] = float64(r.IntN(5))
			}
		}
		check := func(name string, got, want []int) {
			t.Helper()
			if !slices.Equal(got, want) {
				t.Fatalf("trial %d %s (%d×%d): got %v, want %v", trial, name, jobs, machines, got, want)
			}
		}
		check("MCT", MCT{}.Assign(m, ready).Machine, naiveMCT(m, ready))
		check("MinMin", MinMin{}.Assign(m, ready).Machine, naiveMinMax(m, ready, false))
		check("MaxMin", MaxMin{}.Assign(m, ready).Machine, naiveMinMax(m, ready, true))
		check("OLBEarliestFinish", OLB{Variant: OLBEarliestFinish}.Assign(m, ready).Machine, naiveMCT(m, ready))
		for _, k := range []float64{1, 20, 50, 100} {
			h := KPB{K: k, Variant: KPBBestCeil}
			check("kPB", h.Assign(m, ready).Machine, naiveKPB(m, ready, h.Candidates(machines)))
		}
		// kPB with every machine a candidate is MCT; with one it is MET.
		check("kPB=MCT", KPB{K: 100, Variant: KPBBestFloor}.Assign(m, ready).Machine, naiveMCT(m, ready))
		check("kPB=MET", KPB{K: 100, Variant: KPBDropWorst}.Assign(m, ready).Machine, MET{}.Assign(m, ready).Machine)
	}
}

func TestSufferageSmall(t *testing.T) {
	// Both jobs want m0; job 1 suffers more (its alternative is much worse),
	// so it keeps m0 and job 0 moves to m1 in the second pass.
	m := etc.New(2, 2)
	copy(m.ETC, []float64{2, 2.5, 1, 10})
	s := Sufferage{}.Assign(m, nil)
	if !slices.Equal(s.Machine, []int{1, 0}) || !slices.Equal(s.Order, []int{1, 0}) || Makespan(s) != 2.5 {
		t.Fatalf("machines %v order %v makespan %v, want [1 0], [1 0], 2.5", s.Machine, s.Order, Makespan(s))
	}
	// MCT takes job 0 first and gives it m0.
	if got := (MCT{}).Assign(m, nil).Machine; !slices.Equal(got, []int{0, 0}) {
		t.Fatalf("MCT machines %v, want [0 0]", got)
	}
}

func TestMetricsByHand(t *testing.T) {
	m := etc.New(3, 3)
	copy(m.ETC, []float64{4, 2, 9, 3, 0.5, 9, 1, 9, 9})
	s := MCT{}.Assign(m, nil) // j0→m1 (2), j1→m1 (2.5), j2→m0 (1); m2 unused
	if !slices.Equal(s.Machine, []int{1, 1, 0}) {
		t.Fatalf("machines %v", s.Machine)
	}
	x := Evaluate(m, s)
	want := Metrics{Makespan: 2.5, Flowtime: 0.5 + 2.5 + 1, Utilization: (1 + 2.5) / (2.5 * 2), Proximity: 1}
	if x != want {
		t.Fatalf("Evaluate = %+v, want %+v", x, want)
	}
	lit := EvaluateLiteral(m, s)
	wantLit := Metrics{Makespan: 2.5, Flowtime: 2 + 2.5 + 1, Utilization: 3.5 / (2.5 * 3), Proximity: 1}
	if lit != wantLit {
		t.Fatalf("EvaluateLiteral = %+v, want %+v", lit, wantLit)
	}
	// OLB: j0→m0 (4), j1→m1 (0.5), j2→m2 (9); MET total 2+0.5+1.
	o := OLB{}.Assign(m, nil)
	if got := Proximity(m, o); got != 3.5/13.5 {
		t.Fatalf("OLB proximity %v, want 3.5/13.5", got)
	}
	if got := ProximityEq4(m, o); got != 13.5/3.5 {
		t.Fatalf("OLB Eq. 4 %v, want 13.5/3.5", got)
	}
	// Ready time 10, jobs 4 then 3: in order 14+17, shortest first 13+17.
	m2 := etc.New(2, 1)
	copy(m2.ETC, []float64{4, 3})
	s2 := MCT{}.Assign(m2, []float64{10})
	if FlowtimeInOrder(s2) != 31 || Flowtime(m2, s2) != 30 {
		t.Fatalf("flowtimes %v %v, want 31 and 30", FlowtimeInOrder(s2), Flowtime(m2, s2))
	}
	if g := Gap(110, 100); math.Abs(g-0.1) > 1e-15 {
		t.Fatalf("Gap(110, 100) = %v, want 0.1", g)
	}
	if Makespan(MCT{}.Assign(etc.New(1, 2), []float64{0, 50})) != 0 {
		t.Fatal("a machine without jobs must not count towards the makespan")
	}
}

func TestParameterPanics(t *testing.T) {
	m, _ := workedExample()
	for _, h := range []Heuristic{SA{Low: 0.9, High: 0.6}, KPB{K: 150}, KPB{K: -1}} {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.HasPrefix(r.(string), "immediate: ") {
					t.Errorf("%+v: recover() = %v, want an immediate: panic", h, r)
				}
			}()
			h.Assign(m, nil)
		}()
	}
}

// TestInfiniteTimes: every heuristic places every job even when completion
// times are +Inf. etc files are bounded (etc.MaxValue), but a matrix built
// in Go is not, and Sufferage once indexed machine -1 when no completion
// time was below +Inf.
func TestInfiniteTimes(t *testing.T) {
	m := etc.New(4, 3)
	for i := range m.ETC {
		m.ETC[i] = math.Inf(1)
	}
	m.ETC[5] = 1
	for _, name := range Names() {
		h, err := New(name, DefaultParams)
		if err != nil {
			t.Fatal(err)
		}
		s := h.Assign(m, nil)
		if len(s.Order) != m.Jobs {
			t.Errorf("%s: %d of %d jobs placed", name, len(s.Order), m.Jobs)
		}
		for j, k := range s.Machine {
			if k < 0 || k >= m.Machines {
				t.Errorf("%s: job %d on machine %d", name, j, k)
			}
		}
	}
}
