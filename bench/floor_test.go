package bench_test

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/gridbench/gridbench/internal/datadir"
)

// The floor is what any trace simulator must pay: gunzip and scan the
// trace's lines, and push and pop every arrival and end event through a
// binary heap. The simulator benchmarks report their time as a multiple of
// it ("x-floor"), so the distance left to the floor reads beside each one.

// scanFloor gunzips the trace at path and counts its first n record lines
// (n <= 0: all), parsing nothing.
func scanFloor(path string, n int) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(bufio.NewReaderSize(f, 256<<10))
	if err != nil {
		return 0, err
	}
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	k := 0
	for (n <= 0 || k < n) && sc.Scan() {
		if b := sc.Bytes(); len(b) > 0 && b[0] != ';' {
			k++
		}
	}
	return k, sc.Err()
}

// heapFloor pushes 2n event times into a bare binary min-heap of float64,
// each arrival's end pushed as the arrival is popped, as a simulator does,
// and pops them all. It returns the last time popped.
func heapFloor(times []float64) float64 {
	h := make([]float64, 0, len(times))
	push := func(t float64) {
		h = append(h, t)
		for i := len(h) - 1; i > 0; {
			p := (i - 1) / 2
			if h[p] <= h[i] {
				break
			}
			h[i], h[p] = h[p], h[i]
			i = p
		}
	}
	pop := func() float64 {
		t := h[0]
		n := len(h) - 1
		h[0] = h[n]
		h = h[:n]
		for i := 0; ; {
			c := 2*i + 1
			if c >= n {
				break
			}
			if c+1 < n && h[c+1] < h[c] {
				c++
			}
			if h[i] <= h[c] {
				break
			}
			h[i], h[c] = h[c], h[i]
			i = c
		}
		return t
	}
	for _, t := range times {
		push(t)
	}
	last := 0.0
	for k := 0; len(h) > 0; k++ {
		last = pop()
		if k < len(times) {
			push(last + times[k]) // the popped arrival's end
		}
	}
	return last
}

// eventTimes are n arrival times spread like a busy trace's.
func eventTimes(n int) []float64 {
	r := rand.New(rand.NewPCG(uint64(n), 7))
	ts := make([]float64, n)
	t := 0.0
	for i := range ts {
		t += r.ExpFloat64() * 100
		ts[i] = t
	}
	return ts
}

// floor measures the floor for the first n jobs of the trace at path: the
// minimum of three timings of scan plus heap.
func floor(tb testing.TB, path string, n int) time.Duration {
	tb.Helper()
	ts := eventTimes(n)
	best := time.Duration(1 << 62)
	for range 3 {
		t0 := time.Now()
		if _, err := scanFloor(path, n); err != nil {
			tb.Fatal(err)
		}
		heapFloor(ts)
		best = min(best, time.Since(t0))
	}
	return best
}

// BenchmarkFloor times the two parts of the floor on the RICC prefix the
// simulator benchmarks use.
func BenchmarkFloor(b *testing.B) {
	const n = 100000
	b.Run(fmt.Sprintf("part=scan/trace=RICC/jobs=%d", n), func(b *testing.B) {
		path := datadir.ForTest(b, riccPath)
		for b.Loop() {
			k, err := scanFloor(path, n)
			if err != nil || k != n {
				b.Fatalf("scanned %d lines, %v", k, err)
			}
		}
	})
	b.Run(fmt.Sprintf("part=heap/events=%d", 2*n), func(b *testing.B) {
		ts := eventTimes(n)
		for b.Loop() {
			heapFloor(ts)
		}
	})
}

func TestHeapFloorPopsInOrder(t *testing.T) {
	ts := []float64{5, 1, 3}
	// Pops: 1 (pushes 1+5), 3 (pushes 3+1), 4 (pushes 4+3), 5, 6, 7.
	if got := heapFloor(ts); got != 7 {
		t.Errorf("heapFloor(%v) = %g, want 7", ts, got)
	}
}
