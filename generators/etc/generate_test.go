package etc

import (
	"bufio"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/internal/datadir"
)

func gen(t *testing.T, s Spec, seed uint64) *Matrix {
	t.Helper()
	m, err := Generate(s, rand.NewPCG(seed, 7))
	if err != nil {
		t.Fatalf("Generate(%+v): %v", s, err)
	}
	if m.Jobs != s.Jobs || m.Machines != s.Machines || len(m.ETC) != s.Jobs*s.Machines {
		t.Fatalf("Generate(%+v): got %dx%d with %d values", s, m.Jobs, m.Machines, len(m.ETC))
	}
	return m
}

// allSpecs is every method x consistency x heterogeneity, at a small size.
func allSpecs(jobs, machines int) []Spec {
	var specs []Spec
	for _, meth := range []Method{RangeBased, CVB} {
		for _, t := range Types() {
			t.Method, t.Jobs, t.Machines = meth, jobs, machines
			specs = append(specs, t)
		}
	}
	return specs
}

func TestGenerateDeterministic(t *testing.T) {
	for _, s := range allSpecs(64, 8) {
		t.Run(s.Name(), func(t *testing.T) {
			a, b := gen(t, s, 1), gen(t, s, 1)
			if !slices.Equal(a.ETC, b.ETC) {
				t.Fatal("same seed gave different matrices")
			}
			c := gen(t, s, 2)
			same := 0
			for k := range a.ETC {
				if a.ETC[k] == c.ETC[k] {
					same++
				}
			}
			if same > 0 {
				t.Fatalf("seeds 1 and 2 agree on %d of %d values", same, len(a.ETC))
			}
			for k, v := range a.ETC {
				if !(v > 0) || math.IsInf(v, 0) {
					t.Fatalf("value %d is %v, want positive and finite", k, v)
				}
			}
		})
	}
}

// consistentColumns reports whether, for every pair of the given columns,
// one is at least as fast as the other for every job (the definition of a
// consistent matrix, checked pairwise rather than by sortedness).
func consistentColumns(m *Matrix, cols []int) bool {
	for x := 0; x < len(cols); x++ {
		for y := x + 1; y < len(cols); y++ {
			aFirst, bFirst := false, false
			for i := 0; i < m.Jobs; i++ {
				a, b := m.At(i, cols[x]), m.At(i, cols[y])
				if a < b {
					aFirst = true
				}
				if b < a {
					bFirst = true
				}
			}
			if aFirst && bFirst {
				return false
			}
		}
	}
	return true
}

func columns(m *Matrix, start, step int) []int {
	var cs []int
	for j := start; j < m.Machines; j += step {
		cs = append(cs, j)
	}
	return cs
}

func TestConsistency(t *testing.T) {
	for _, s := range allSpecs(200, 9) { // odd machine count: 5 even columns, 4 odd
		t.Run(s.Name(), func(t *testing.T) {
			m := gen(t, s, 3)
			all := consistentColumns(m, columns(m, 0, 1))
			even := consistentColumns(m, columns(m, 0, 2))
			odd := consistentColumns(m, columns(m, 1, 2))
			switch s.Consistency {
			case Consistent:
				if !all {
					t.Fatal("consistent matrix has two machines in different orders")
				}
				for i := 0; i < m.Jobs; i++ {
					if !slices.IsSorted(m.Row(i)) {
						t.Fatalf("row %d not ascending: machine 0 must be fastest", i)
					}
				}
			case SemiConsistent:
				if !even {
					t.Fatal("even columns of a semi-consistent matrix are not consistent")
				}
				if odd || all {
					t.Fatal("odd columns of a semi-consistent matrix are consistent too")
				}
			case Inconsistent:
				if all || even || odd {
					t.Fatalf("inconsistent matrix has consistent columns: all %v even %v odd %v", all, even, odd)
				}
			}
		})
	}
}

// TestConsistencyIsPermutation checks that consistency only reorders each
// row of the raw draw: the consistent row is the sorted raw row, and the
// semi-consistent row keeps odd columns and sorts the even ones.
func TestConsistencyIsPermutation(t *testing.T) {
	for _, meth := range []Method{RangeBased, CVB} {
		base := Spec{Jobs: 50, Machines: 7, Method: meth, TaskHet: Hi, MachHet: Lo}
		raw := base
		raw.Consistency = Inconsistent
		semi := base
		semi.Consistency = SemiConsistent
		r, c, s := gen(t, raw, 9), gen(t, base, 9), gen(t, semi, 9)
		for i := 0; i < r.Jobs; i++ {
			want := slices.Sorted(slices.Values(r.Row(i)))
			if !slices.Equal(c.Row(i), want) {
				t.Fatalf("%v row %d: consistent %v, want sorted raw %v", meth, i, c.Row(i), want)
			}
			var ev, wantEv []float64
			for j := 0; j < r.Machines; j++ {
				if j%2 == 1 {
					if s.At(i, j) != r.At(i, j) {
						t.Fatalf("%v row %d: odd column %d changed", meth, i, j)
					}
					continue
				}
				ev = append(ev, s.At(i, j))
				wantEv = append(wantEv, r.At(i, j))
			}
			slices.Sort(wantEv)
			if !slices.Equal(ev, wantEv) {
				t.Fatalf("%v row %d: even columns %v, want %v", meth, i, ev, wantEv)
			}
		}
	}
}

func TestRangeBasedValueRanges(t *testing.T) {
	for _, s := range Types() {
		t.Run(s.Name(), func(t *testing.T) {
			rt, rm := DefaultRTaskLo, DefaultRMachLo
			if s.TaskHet == Hi {
				rt = DefaultRTaskHi
			}
			if s.MachHet == Hi {
				rm = DefaultRMachHi
			}
			m := gen(t, s, 11)
			lo, hi := math.Inf(1), math.Inf(-1)
			for i := 0; i < m.Jobs; i++ {
				row := m.Row(i)
				rmin, rmax := slices.Min(row), slices.Max(row)
				// Within a row all values share tau_i, so the spread is the
				// machine factor's: below rMach.
				if rmax/rmin >= rm {
					t.Fatalf("row %d spread %g >= R_mach %g", i, rmax/rmin, rm)
				}
				lo, hi = min(lo, rmin), max(hi, rmax)
			}
			if lo < 1 || hi >= rt*rm {
				t.Fatalf("values in [%g, %g], want within [1, %g)", lo, hi, rt*rm)
			}
			// 8192 draws reach well into the top of the range (as the
			// published instances do); a wrong constant would not.
			if hi < 0.5*rt*rm || lo > 0.01*rt*rm {
				t.Fatalf("values in [%g, %g] do not span [1, %g)", lo, hi, rt*rm)
			}
		})
	}
}

// meanCOV returns the mean and the sample coefficient of variation of xs.
func meanCOV(xs []float64) (mean, cov float64) {
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(ss/float64(len(xs)-1)) / mean
}

// TestCVBMoments checks the CVB parameters statistically. Row statistics are
// unaffected by the within-row sorting, so every consistency qualifies.
// With q_i a job's mean: the average of within-row COVs estimates V_mach,
// the grand mean estimates MeanTask, and row means (q_i plus noise of
// variance q_i^2 V_mach^2/m) have COV^2 = V_task^2 + (1+V_task^2) V_mach^2/m.
// The seed is fixed, so the test is deterministic; tolerances are several
// standard errors wide.
func TestCVBMoments(t *testing.T) {
	jobs, machines := 4000, 100
	for _, c := range []struct {
		th, mh Heterogeneity
		vt, vm float64
	}{{Hi, Hi, 0.6, 0.6}, {Hi, Lo, 0.6, 0.1}, {Lo, Hi, 0.1, 0.6}, {Lo, Lo, 0.1, 0.1}} {
		s := Spec{Jobs: jobs, Machines: machines, Method: CVB, TaskHet: c.th, MachHet: c.mh, Consistency: Inconsistent}
		t.Run(s.Name(), func(t *testing.T) {
			m := gen(t, s, 5)
			rowMeans := make([]float64, jobs)
			var covSum float64
			for i := range rowMeans {
				mu, cov := meanCOV(m.Row(i))
				rowMeans[i] = mu
				covSum += cov
			}
			grand, rowCOV := meanCOV(rowMeans)
			wantRowCOV := math.Sqrt(c.vt*c.vt + (1+c.vt*c.vt)*c.vm*c.vm/float64(machines))
			machCOV := covSum / float64(jobs)
			t.Logf("grand mean %.2f (want %g), row-mean COV %.4f (want %.4f), within-row COV %.4f (want %g)",
				grand, DefaultMeanTask, rowCOV, wantRowCOV, machCOV, c.vm)
			if math.Abs(grand-DefaultMeanTask)/DefaultMeanTask > 4*wantRowCOV/math.Sqrt(float64(jobs)) {
				t.Errorf("grand mean %g, want %g", grand, DefaultMeanTask)
			}
			if math.Abs(rowCOV-wantRowCOV)/wantRowCOV > 0.06 {
				t.Errorf("COV of row means %g, want %g", rowCOV, wantRowCOV)
			}
			// The sample COV is slightly biased low (under 1% for samples of 100).
			if math.Abs(machCOV-c.vm)/c.vm > 0.02 {
				t.Errorf("mean within-row COV %g, want %g", machCOV, c.vm)
			}
		})
	}
}

func TestSpecOverrides(t *testing.T) {
	s := Spec{Jobs: 100, Machines: 4, RTask: 2, RMach: 3, Consistency: Inconsistent}
	m := gen(t, s, 1)
	if lo, hi := slices.Min(m.ETC), slices.Max(m.ETC); lo < 1 || hi >= 6 {
		t.Fatalf("RTask 2, RMach 3: values in [%g, %g], want [1, 6)", lo, hi)
	}
	c := Spec{Jobs: 500, Machines: 50, Method: CVB, VTask: 0.3, VMach: 0.2, MeanTask: 10, Consistency: Inconsistent}
	mc := gen(t, c, 1)
	if mean, _ := meanCOV(mc.ETC); math.Abs(mean-10) > 0.5 {
		t.Fatalf("MeanTask 10: sample mean %g", mean)
	}
}

func TestGenerateRejects(t *testing.T) {
	for _, c := range []struct {
		spec Spec
		want string
	}{
		{Spec{Jobs: 0, Machines: 4}, "0 jobs × 4 machines: need 1 × 1"},
		{Spec{Jobs: 4, Machines: -1}, "4 jobs × -1 machines: need 1 × 1"},
		// 1e5 × 1e5 died of Go's fatal out-of-memory; MaxInt/2 × 4 overflows int.
		{Spec{Jobs: 100_000, Machines: 100_000}, "to 100000000 cells"},
		{Spec{Jobs: math.MaxInt / 2, Machines: 4}, "to 100000000 cells"},
		{Spec{Jobs: 4, Machines: 4, Method: CVB, VTask: 1e308}, "VTask must be between 0.001 and 4"},
		{Spec{Jobs: 4, Machines: 4, Method: CVB, VMach: 1e-9}, "VMach must be between"},
		{Spec{Jobs: 4, Machines: 4, RTask: 1e300}, "RTask must be > 1 and <= 1e+09"},
		{Spec{Jobs: 4, Machines: 4, Method: CVB, MeanTask: math.Inf(1)}, "MeanTask"},
		{Spec{Jobs: 4, Machines: 4, Method: 7}, "unknown method"},
		{Spec{Jobs: 4, Machines: 4, TaskHet: 3}, "task heterogeneity"},
		{Spec{Jobs: 4, Machines: 4, MachHet: -1}, "machine heterogeneity"},
		{Spec{Jobs: 4, Machines: 4, Consistency: 5}, "consistency"},
		{Spec{Jobs: 4, Machines: 4, RTask: 0.5}, "RTask"},
		{Spec{Jobs: 4, Machines: 4, RMach: math.NaN()}, "RMach"},
		{Spec{Jobs: 4, Machines: 4, Method: CVB, VTask: -1}, "VTask"},
		{Spec{Jobs: 4, Machines: 4, Method: CVB, MeanTask: -3}, "MeanTask"},
		// A parameter of the other method used to be accepted and ignored.
		{Spec{Jobs: 4, Machines: 4, VTask: 0.3}, "parameters of the cvb method"},
		{Spec{Jobs: 4, Machines: 4, MeanTask: 5}, "parameters of the cvb method"},
		{Spec{Jobs: 4, Machines: 4, Method: CVB, RTask: 7}, "parameters of the range method"},
		{Spec{Jobs: 4, Machines: 4, Method: CVB, RMach: 7}, "parameters of the range method"},
	} {
		_, err := Generate(c.spec, rand.NewPCG(1, 2))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Generate(%+v) = %v, want error containing %q", c.spec, err, c.want)
		}
	}
	if _, err := Generate(Spec{Jobs: 1, Machines: 1}, nil); err == nil {
		t.Error("Generate with nil source succeeded")
	}
}

func TestParseRoundTrip(t *testing.T) {
	for _, c := range []Consistency{Consistent, SemiConsistent, Inconsistent} {
		if got, err := ParseConsistency(c.String()); err != nil || got != c {
			t.Errorf("ParseConsistency(%q) = %v, %v", c.String(), got, err)
		}
	}
	for _, h := range []Heterogeneity{Lo, Hi} {
		if got, err := ParseHeterogeneity(h.String()); err != nil || got != h {
			t.Errorf("ParseHeterogeneity(%q) = %v, %v", h.String(), got, err)
		}
	}
	for _, m := range []Method{RangeBased, CVB} {
		if got, err := ParseMethod(m.String()); err != nil || got != m {
			t.Errorf("ParseMethod(%q) = %v, %v", m.String(), got, err)
		}
	}
	if _, err := ParseConsistency("x"); err == nil || !strings.Contains(err.Error(), "c, s, i") {
		t.Errorf("ParseConsistency(x) = %v, want the valid choices", err)
	}
	if _, err := ParseHeterogeneity("medium"); err == nil || !strings.Contains(err.Error(), "hi, lo") {
		t.Errorf("ParseHeterogeneity(medium) = %v, want the valid choices", err)
	}
	if _, err := ParseMethod("normal"); err == nil || !strings.Contains(err.Error(), "range, cvb") {
		t.Errorf("ParseMethod(normal) = %v, want the valid choices", err)
	}
}

func TestTypes(t *testing.T) {
	var names []string
	for _, s := range Types() {
		if s.Jobs != 512 || s.Machines != 16 || s.Method != RangeBased {
			t.Errorf("%s: %+v, want 512x16 range-based", s.Name(), s)
		}
		names = append(names, s.Name())
	}
	want := "u_c_hihi u_c_hilo u_c_lohi u_c_lolo u_i_hihi u_i_hilo u_i_lohi u_i_lolo u_s_hihi u_s_hilo u_s_lohi u_s_lolo"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("Types names:\n got %s\nwant %s", got, want)
	}
	if n := (Spec{Method: CVB, Consistency: SemiConsistent, TaskHet: Lo, MachHet: Hi}).Name(); n != "g_s_lohi" {
		t.Errorf("CVB name %q, want g_s_lohi", n)
	}
}

func TestNewSourceByIdentity(t *testing.T) {
	ts := Types()
	a := rand.New(NewSource(ts[0], 3)).Uint64()
	if b := rand.New(NewSource(ts[0], 3)).Uint64(); a != b {
		t.Error("NewSource not deterministic")
	}
	if b := rand.New(NewSource(ts[4], 3)).Uint64(); a == b {
		t.Errorf("%s and %s share a stream", ts[0].Name(), ts[4].Name())
	}
	if b := rand.New(NewSource(ts[0], 4)).Uint64(); a == b {
		t.Error("seeds 3 and 4 share a stream")
	}
}

// readBraun parses a Braun instance file (header "n m 0", then n*m values
// job-major). It is the test's own minimal reader so that these checks do not
// depend on the package's reader.
func readBraun(t *testing.T, path string) *Matrix {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Scan()
	var n, m, z int
	if _, err := fmt.Sscan(sc.Text(), &n, &m, &z); err != nil {
		t.Fatalf("%s:1: %v", path, err)
	}
	mat := New(n, m)
	k := 0
	for line := 2; sc.Scan(); line++ {
		if k >= n*m {
			t.Fatalf("%s:%d: more than %d values", path, line, n*m)
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(sc.Text()), 64)
		if err != nil {
			t.Fatalf("%s:%d: %v", path, line, err)
		}
		mat.ETC[k] = v
		k++
	}
	if k != n*m {
		t.Fatalf("%s: %d values, want %d", path, k, n*m)
	}
	return mat
}

// TestMatchesPublishedInstances checks our reading of Braun's method against
// the published 512x16 instances: the same consistency structure (in
// particular, which sub-matrix is consistent in u_s_*) and values within
// the same bounds, reaching at least half of the maximum as ours do.
func TestMatchesPublishedInstances(t *testing.T) {
	for _, s := range Types() {
		t.Run(s.Name(), func(t *testing.T) {
			path := datadir.ForTest(t, "braun-hcsp-512x16/"+s.Name()+".0")
			pub := readBraun(t, path)
			ours := gen(t, s, 0)
			for _, m := range []*Matrix{pub, ours} {
				all := consistentColumns(m, columns(m, 0, 1))
				even := consistentColumns(m, columns(m, 0, 2))
				got := fmt.Sprintf("all %v even %v", all, even)
				var want string
				switch s.Consistency {
				case Consistent:
					want = "all true even true"
				case SemiConsistent:
					want = "all false even true"
				case Inconsistent:
					want = "all false even false"
				}
				if got != want {
					t.Errorf("%dx%d matrix: %s, want %s", m.Jobs, m.Machines, got, want)
				}
			}
			p := s.params()
			bound := p.RTask * p.RMach
			if hi := slices.Max(pub.ETC); hi >= bound || hi < 0.5*bound {
				t.Errorf("published max %g, our bound %g", hi, bound)
			}
			if lo := slices.Min(pub.ETC); lo < 1 {
				t.Errorf("published min %g < 1", lo)
			}
		})
	}
}

func BenchmarkGenerate(b *testing.B) {
	for _, meth := range []Method{RangeBased, CVB} {
		s := Spec{Jobs: 512, Machines: 16, Method: meth, TaskHet: Hi, MachHet: Hi, Consistency: SemiConsistent}
		b.Run("method="+meth.String()+"/size=512x16", func(b *testing.B) {
			src := rand.NewPCG(1, 2)
			for b.Loop() {
				if _, err := Generate(s, src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// rowMinSum is the makespan lower bound used by MET: each job on its fastest machine.
func rowMinSum(m *Matrix) float64 {
	var s float64
	for i := 0; i < m.Jobs; i++ {
		s += slices.Min(m.Row(i))
	}
	return s
}

// TestPublishedInstancesAreTypical checks the generator against Braun's
// instances statistically: the published sum of row minima (MET's total
// work) must be a typical value among 100 of our instances of the same
// class, within 4 standard deviations of their mean. A wrong range or a
// wrong consistency rule moves the mean by far more (e.g. R_mach 20 instead
// of 10 roughly doubles the lolo sums).
func TestPublishedInstancesAreTypical(t *testing.T) {
	if testing.Short() {
		t.Skip("generates 1200 instances")
	}
	const n = 100
	for _, s := range Types() {
		t.Run(s.Name(), func(t *testing.T) {
			pub := rowMinSum(readBraun(t, datadir.ForTest(t, "braun-hcsp-512x16/"+s.Name()+".0")))
			sums := make([]float64, n)
			for k := range sums {
				m, err := Generate(s, NewSource(s, uint64(k)))
				if err != nil {
					t.Fatal(err)
				}
				sums[k] = rowMinSum(m)
			}
			mean, cov := meanCOV(sums)
			sd := cov * mean
			t.Logf("published %.0f, ours %.0f ± %.0f (z = %.2f)", pub, mean, sd, (pub-mean)/sd)
			if math.Abs(pub-mean) > 4*sd {
				t.Errorf("published sum of row minima %.0f is not typical of ours: %.0f ± %.0f", pub, mean, sd)
			}
		})
	}
}

// At the limits the generator draws finite, positive values only.
func TestGenerateAtLimits(t *testing.T) {
	for _, sp := range []Spec{
		{Jobs: 200, Machines: 8, Method: CVB, VTask: MaxCV, VMach: MaxCV, MeanTask: MaxRange},
		{Jobs: 200, Machines: 8, Method: CVB, VTask: MinCV, VMach: MinCV, MeanTask: 1e-9},
		{Jobs: 200, Machines: 8, RTask: MaxRange, RMach: MaxRange},
	} {
		m, err := Generate(sp, rand.NewPCG(3, 4))
		if err != nil {
			t.Fatal(err)
		}
		for i := range m.Jobs {
			for _, v := range m.Row(i) {
				if !(v > 0) || math.IsInf(v, 0) {
					t.Fatalf("%+v: value %v", sp, v)
				}
			}
		}
	}
}

func TestReadRefusesHugeGivenSize(t *testing.T) {
	_, err := Read(strings.NewReader("1.0\n"), "h.etc", ReadOptions{Jobs: math.MaxInt / 2, Machines: 4, Header: HeaderAbsent})
	if err == nil || !strings.Contains(err.Error(), "h.etc") || !strings.Contains(err.Error(), "100000000 cells") {
		t.Errorf("err = %v", err)
	}
}
