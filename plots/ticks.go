package plots

import (
	"math"
	"strconv"

	"gonum.org/v1/plot"
)

// niceTicks labels a linear axis at 1, 2 or 5 times a power of ten, with
// as few decimals as the step needs. gonum's DefaultTicks can pick steps
// such as 4 or 0.6 and pads labels with zeros ("25.00").
type niceTicks struct{}

// tickTarget is roughly how many labelled ticks an axis gets.
const tickTarget = 6

func (niceTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(hi > lo) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return []plot.Tick{{Value: lo, Label: formatTick(lo, 0)}}
	}
	raw := (hi - lo) / tickTarget
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step, minor := mag, mag/5
	switch {
	case raw > 5*mag:
		step, minor = 10*mag, 2*mag
	case raw > 2*mag:
		step, minor = 5*mag, mag
	case raw > mag:
		step, minor = 2*mag, mag/2
	}
	prec := max(0, -int(math.Floor(math.Log10(step)+1e-9)))
	var ticks []plot.Tick
	// Minor ticks are placed by index from a multiple of the step, not by
	// repeated addition, so rounding never drifts a tick off its label.
	first := math.Ceil(lo/minor - 1e-9)
	for k := first; k*minor <= hi+1e-9*minor; k++ {
		v := k * minor
		if r := math.Round(v / step); math.Abs(v/step-r) < 1e-6 {
			v = r * step
			ticks = append(ticks, plot.Tick{Value: v, Label: formatTick(v, prec)})
		} else {
			ticks = append(ticks, plot.Tick{Value: v})
		}
	}
	return ticks
}

func formatTick(v float64, prec int) string {
	if v == 0 {
		return "0" // never "-0"
	}
	if a := math.Abs(v); a >= 1e7 || a < 1e-4 {
		return strconv.FormatFloat(v, 'g', 3, 64)
	}
	return strconv.FormatFloat(v, 'f', prec, 64)
}

// logTicks labels a log axis at 1, 2 and 5 times powers of ten when the
// range spans few decades and at powers of ten otherwise; gonum's
// LogTicks labels only powers of ten, which leaves a plot spanning 120 to
// 1000 with a single label.
type logTicks struct{}

func (logTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(lo > 0) || !(hi > lo) {
		return niceTicks{}.Ticks(lo, hi)
	}
	d0 := int(math.Floor(math.Log10(lo)))
	d1 := int(math.Ceil(math.Log10(hi)))
	labelled := map[int]bool{1: true}
	switch n := d1 - d0; {
	case n <= 2:
		labelled[2], labelled[5] = true, true
	case n > 6:
		// Thin out the minor ticks too: nine per decade over many
		// decades is a solid bar.
		return decadeTicks(lo, hi, d0, d1, (n+5)/6)
	}
	var ticks []plot.Tick
	nLabels := 0
	for d := d0; d <= d1; d++ {
		p := math.Pow(10, float64(d))
		for m := 1; m <= 9; m++ {
			v := float64(m) * p
			if v < lo*(1-1e-9) || v > hi*(1+1e-9) {
				continue
			}
			t := plot.Tick{Value: v}
			if labelled[m] {
				t.Label = formatTick(v, max(0, -d))
				nLabels++
			}
			ticks = append(ticks, t)
		}
	}
	if nLabels < 2 {
		// Less than a factor of 2 or so: linear labels are the readable
		// ones, and they are still placed correctly on the log axis.
		return niceTicks{}.Ticks(lo, hi)
	}
	return ticks
}

func decadeTicks(lo, hi float64, d0, d1, every int) []plot.Tick {
	var ticks []plot.Tick
	for d := d0; d <= d1; d++ {
		v := math.Pow(10, float64(d))
		if v < lo*(1-1e-9) || v > hi*(1+1e-9) {
			continue
		}
		t := plot.Tick{Value: v}
		if (d-d0)%every == 0 {
			t.Label = strconv.FormatFloat(v, 'g', -1, 64)
		}
		ticks = append(ticks, t)
	}
	return ticks
}
