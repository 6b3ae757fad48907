package lublin

import (
	"bytes"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/gridbench/gridbench/generators/trace"
)

// The moments below are the model's own (computed from the published
// parameters, never from a generated sample), and the tolerances were set
// before the generator was first run: with 50,000 jobs the sampling
// standard errors are 3–10 times smaller than each tolerance.
//
//   - share of serial jobs per type: SerialProb ± 0.015;
//   - mean log2(size) of parallel jobs per type: the two-stage uniform's
//     mean UProb·(ULow+UMed)/2 + (1−UProb)·(UMed+UHi)/2 ± 0.10 (rounding
//     and round(2^x) move it by a few hundredths);
//   - mean ln(run) of serial batch jobs: p·A1·B1 + (1−p)·A2·B2 with
//     p = PA + PB, ± 0.10; and of batch jobs of 64 nodes ± 0.25 (fewer
//     jobs) — the size–run-time correlation;
//   - the daily cycle: per type, the share of arrivals in the 12 heaviest
//     half-hour buckets is their share of the weights ± 0.03.
const n = 50000

func sample(t *testing.T) []Job {
	t.Helper()
	jobs, err := Generate(Config{Jobs: n, CPUs: 128, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return jobs
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

func TestMoments(t *testing.T) {
	jobs := sample(t)
	for _, c := range []struct {
		name string
		typ  Type
		p    Params
	}{{"interactive", Interactive, InteractiveParams}, {"batch", Batch, BatchParams}} {
		var serial, all int
		var logSize []float64
		for _, j := range jobs {
			if j.Type != c.typ {
				continue
			}
			all++
			if j.CPUs == 1 {
				serial++
			} else {
				logSize = append(logSize, math.Log2(float64(j.CPUs)))
			}
		}
		if all < 2000 { // too few for the tolerances below to mean anything
			t.Fatalf("%s: only %d of %d jobs", c.name, all, n)
		}
		got := float64(serial) / float64(all)
		if math.Abs(got-c.p.SerialProb) > 0.015 {
			t.Errorf("%s: serial share %.4f, model %.4f ± 0.015", c.name, got, c.p.SerialProb)
		}
		want := c.p.UProb*(c.p.ULow+c.p.UMed)/2 + (1-c.p.UProb)*(c.p.UMed+c.p.UHi)/2
		if g := mean(logSize); math.Abs(g-want) > 0.10 {
			t.Errorf("%s: mean log2(size) of parallel jobs %.3f, model %.3f ± 0.10", c.name, g, want)
		}
		t.Logf("%s: %d jobs, serial %.4f (model %.4f), mean log2 size %.3f (model %.3f)", c.name, all, got, c.p.SerialProb, mean(logSize), want)
	}
	b := BatchParams
	for _, c := range []struct {
		cpus int
		tol  float64
	}{{1, 0.10}, {64, 0.25}} {
		var lr []float64
		for _, j := range jobs {
			if j.Type == Batch && j.CPUs == c.cpus {
				lr = append(lr, math.Log(max(j.Run, 1)))
			}
		}
		p := min(max(b.PA*float64(c.cpus)+b.PB, 0), 1)
		want := p*b.A1*b.B1 + (1-p)*b.A2*b.B2
		if g := mean(lr); math.Abs(g-want) > c.tol {
			t.Errorf("batch, %d nodes: mean ln(run) %.3f, model %.3f ± %g", c.cpus, g, want, c.tol)
		} else {
			t.Logf("batch, %d nodes (%d jobs): mean ln(run) %.3f, model %.3f", c.cpus, len(lr), g, want)
		}
	}
}

func TestDailyCycle(t *testing.T) {
	jobs := sample(t)
	for _, c := range []struct {
		name string
		typ  Type
		p    Params
	}{{"interactive", Interactive, InteractiveParams}, {"batch", Batch, BatchParams}} {
		w := Weights(c.p)
		idx := make([]int, buckets)
		for i := range idx {
			idx[i] = i
		}
		sort.Slice(idx, func(a, b int) bool { return w[idx[a]] > w[idx[b]] })
		heavy := idx[:12]
		want := 0.0
		for _, k := range heavy {
			want += w[k] / buckets
		}
		in, all := 0, 0
		for _, j := range jobs {
			if j.Type != c.typ {
				continue
			}
			all++
			if slices.Contains(heavy, int(math.Mod(j.Submit, 86400))/bucketSeconds) {
				in++
			}
		}
		got := float64(in) / float64(all)
		if math.Abs(got-want) > 0.03 {
			t.Errorf("%s: %.3f of arrivals in the 12 heaviest buckets, model %.3f ± 0.03", c.name, got, want)
		}
		t.Logf("%s: %.3f of arrivals in the 12 heaviest half hours (model %.3f; uniform would be 0.25)", c.name, got, want)
	}
}

func TestSeededAndSWF(t *testing.T) {
	c := Config{Jobs: 500, CPUs: 100, Seed: 7}
	a, _ := Generate(c)
	b, _ := Generate(c)
	if !slices.Equal(a, b) {
		t.Fatal("same seed, different jobs")
	}
	c2 := c
	c2.Seed = 8
	if d, _ := Generate(c2); slices.Equal(a, d) {
		t.Fatal("different seeds, same jobs")
	}
	var buf bytes.Buffer
	if err := WriteSWF(&buf, a, c); err != nil {
		t.Fatal(err)
	}
	r := trace.NewReader(&buf, "gen.swf", trace.SWF)
	k := 0
	for r.Next() {
		j := r.Job()
		if j.Submit != a[k].Submit || j.Run != a[k].Run || j.CPUs() != a[k].CPUs || j.CPUs() > 100 {
			t.Fatalf("record %d: %+v, generated %+v", k, j, a[k])
		}
		if k > 0 && a[k].Submit < a[k-1].Submit {
			t.Fatalf("job %d arrives before job %d", k+1, k)
		}
		k++
	}
	if err := r.Err(); err != nil || k != len(a) {
		t.Fatalf("read %d of %d records: %v", k, len(a), err)
	}
}

func TestBadConfig(t *testing.T) {
	for _, c := range []Config{{Jobs: 0, CPUs: 10}, {Jobs: 10, CPUs: 0}, {Jobs: 1e7 + 1, CPUs: 10}, {Jobs: 10, CPUs: 1e6 + 1}} {
		if _, err := Generate(c); err == nil {
			t.Errorf("%+v: want an error", c)
		}
	}
	// Ten million typeless jobs span about 9e9 s: their trace would be
	// one that no SWF reader takes (trace.MaxSeconds).
	_, err := Generate(Config{Jobs: 1e7, CPUs: 128, Seed: 1, Typeless: true})
	if err == nil || !strings.Contains(err.Error(), "beyond the 4e+09 s an SWF trace may span; draw fewer jobs") {
		t.Errorf("10^7 typeless jobs: err = %v", err)
	}
}

// TestSmallMachines: on 1 or 2 CPUs the size range scaled by log2(cpus) − 7
// reaches below log2(1); 78 of 100 jobs on 1 CPU once had 0 CPUs, which the
// simulator refuses. Every job has 1 to cpus CPUs.
func TestSmallMachines(t *testing.T) {
	for _, cpus := range []int{1, 2, 3, 4} {
		for _, typeless := range []bool{false, true} {
			jobs, err := Generate(Config{Jobs: 2000, CPUs: cpus, Seed: 1, Typeless: typeless})
			if err != nil {
				t.Fatal(err)
			}
			for _, j := range jobs {
				if j.CPUs < 1 || j.CPUs > cpus {
					t.Fatalf("cpus %d, typeless %v: job %d has %d CPUs", cpus, typeless, j.ID, j.CPUs)
				}
			}
		}
	}
}

// TestTypelessMoments applies TestMoments' rules and tolerances to the
// typeless parameters (every job from WholeParams).
func TestTypelessMoments(t *testing.T) {
	jobs, err := Generate(Config{Jobs: n, CPUs: 128, Seed: 2, Typeless: true})
	if err != nil {
		t.Fatal(err)
	}
	p := WholeParams
	var serial int
	var logSize, lr []float64
	for _, j := range jobs {
		if j.Type != Interactive {
			t.Fatalf("job %d of type %d in a typeless workload", j.ID, j.Type)
		}
		if j.CPUs == 1 {
			serial++
			lr = append(lr, math.Log(max(j.Run, 1)))
		} else {
			logSize = append(logSize, math.Log2(float64(j.CPUs)))
		}
	}
	if got := float64(serial) / n; math.Abs(got-p.SerialProb) > 0.015 {
		t.Errorf("serial share %.4f, model %.4f ± 0.015", got, p.SerialProb)
	}
	want := p.UProb*(p.ULow+p.UMed)/2 + (1-p.UProb)*(p.UMed+p.UHi)/2
	if g := mean(logSize); math.Abs(g-want) > 0.10 {
		t.Errorf("mean log2(size) of parallel jobs %.3f, model %.3f ± 0.10", g, want)
	}
	q := min(max(p.PA+p.PB, 0), 1)
	if g, w := mean(lr), q*p.A1*p.B1+(1-q)*p.A2*p.B2; math.Abs(g-w) > 0.10 {
		t.Errorf("serial jobs: mean ln(run) %.3f, model %.3f ± 0.10", g, w)
	}
	t.Logf("serial %.4f (model %.4f), mean log2 size %.3f (model %.3f), serial mean ln run %.3f (model %.3f)",
		float64(serial)/n, p.SerialProb, mean(logSize), want, mean(lr), q*p.A1*p.B1+(1-q)*p.A2*p.B2)
}

// The weights kept are those computed, bit for bit, from any goroutine,
// and past the bound on the pairs kept they are computed each time.
func TestWeightsKeptAreComputed(t *testing.T) {
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 100 {
				p := InteractiveParams
				if (g+i)%2 == 1 {
					p = BatchParams
				}
				p.ANum += float64(i % 70) // (past weightsKept pairs)
				if got, want := Weights(p), weights(p); got != want {
					t.Errorf("ANum %v: kept weights %v, computed %v", p.ANum, got, want)
					return
				}
			}
		})
	}
	wg.Wait()
	weightsMu.Lock()
	n := len(weightsMemo)
	weightsMu.Unlock()
	if n > weightsKept {
		t.Errorf("%d pairs kept, the bound is %d", n, weightsKept)
	}
}
