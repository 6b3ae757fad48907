package plots

import (
	"math"
	"strconv"
	"testing"
)

func TestNiceTicks(t *testing.T) {
	for _, r := range [][2]float64{{0, 1}, {0, 20}, {1, 20}, {-0.39, 1}, {0, 14.28}, {120, 1020}, {0.001, 0.0042}, {-5e6, 3e7}, {99.5, 100.5}} {
		ticks := niceTicks{}.Ticks(r[0], r[1])
		var labels []float64
		for _, tk := range ticks {
			if tk.Value < r[0]-1e-9*math.Abs(r[0]) || tk.Value > r[1]+1e-9*math.Abs(r[1]) {
				t.Errorf("%v: tick %v outside the range", r, tk.Value)
			}
			if tk.Label == "" {
				continue
			}
			if tk.Label == "-0" {
				t.Errorf("%v: label -0", r)
			}
			v, err := strconv.ParseFloat(tk.Label, 64)
			if err != nil || math.Abs(v-tk.Value) > 1e-6*math.Max(1, math.Abs(tk.Value)) {
				t.Errorf("%v: label %q does not read as its value %v", r, tk.Label, tk.Value)
			}
			labels = append(labels, tk.Value)
		}
		if len(labels) < 2 || len(labels) > 2*tickTarget {
			t.Errorf("%v: %d labelled ticks %v, want 2..%d", r, len(labels), labels, 2*tickTarget)
			continue
		}
		// The step is 1, 2 or 5 times a power of ten.
		step := labels[1] - labels[0]
		m := step / math.Pow(10, math.Floor(math.Log10(step)+1e-9))
		if math.Abs(m-1) > 1e-6 && math.Abs(m-2) > 1e-6 && math.Abs(m-5) > 1e-6 {
			t.Errorf("%v: step %v is not 1, 2 or 5 times a power of ten", r, step)
		}
	}
}

func TestLogTicks(t *testing.T) {
	for _, c := range []struct {
		lo, hi    float64
		minLabels int
	}{{120, 1020, 3}, {0.5, 300, 3}, {1, 1e12, 3}, {140, 180, 2}, {1e-3, 1, 4}} {
		n := 0
		for _, tk := range (logTicks{}).Ticks(c.lo, c.hi) {
			if tk.Value < c.lo*(1-1e-9) || tk.Value > c.hi*(1+1e-9) {
				t.Errorf("[%v,%v]: tick %v outside the range", c.lo, c.hi, tk.Value)
			}
			if tk.Label != "" {
				n++
			}
		}
		if n < c.minLabels || n > 12 {
			t.Errorf("[%v,%v]: %d labelled ticks, want %d..12", c.lo, c.hi, n, c.minLabels)
		}
	}
}
