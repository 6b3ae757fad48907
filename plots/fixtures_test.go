package plots

import "math"

// The fixtures are small hand-written summaries shaped like gridbench's:
// golden tests, examples and the visual check all draw from them.

func lineFixture() LineSpec {
	x := []float64{1, 2, 5, 10, 20}
	mk := func(name string, base, slope, ci float64) Series {
		s := Series{Name: name, X: x}
		for _, v := range x {
			y := base + slope/v
			s.Y = append(s.Y, y)
			s.Lo = append(s.Lo, y-ci*y)
			s.Hi = append(s.Hi, y+ci*y)
		}
		return s
	}
	return LineSpec{
		Title:  "Mean flow time vs load",
		XLabel: "mean inter-arrival time (s)",
		YLabel: "mean flow time (s)",
		Note:   "trace: LCG-2005 (AuverGrid not available)",
		Series: []Series{
			mk("MCT", 120, 900, 0.06),
			mk("Min-Min", 110, 700, 0.05),
			mk("Sufferage", 100, 650, 0.08),
			{Name: "no CI", X: x, Y: []float64{900, 500, 300, 200, 150}},
		},
	}
}

func curveFixture() LineSpec {
	var lag, acf, acf2 []float64
	for k := range 60 {
		lag = append(lag, float64(k))
		acf = append(acf, math.Pow(0.93, float64(k))*math.Cos(float64(k)/4))
		acf2 = append(acf2, math.Pow(0.85, float64(k)))
	}
	return LineSpec{
		Title:  "Autocorrelation of inter-arrival times",
		XLabel: "lag",
		YLabel: "ACF",
		Series: []Series{{Name: "LCG-2005", X: lag, Y: acf}, {Name: "synthetic", X: lag, Y: acf2}},
	}
}

// etcTypes are the 12 instance types of Braun et al.'s ETC benchmark.
var etcTypes = []string{
	"u_c_hihi", "u_c_hilo", "u_c_lohi", "u_c_lolo",
	"u_i_hihi", "u_i_hilo", "u_i_lohi", "u_i_lolo",
	"u_s_hihi", "u_s_hilo", "u_s_lohi", "u_s_lolo",
}

func barFixture() BarSpec {
	algos := []string{"MCT", "Min-Min", "Max-Min", "Sufferage", "GA"}
	spec := BarSpec{
		Title:      "Makespan normalised to MCT",
		XLabel:     "ETC instance type",
		YLabel:     "makespan / MCT makespan",
		Categories: etcTypes,
		HasRef:     true, Ref: 1, RefLabel: "MCT = 1",
	}
	for a, name := range algos {
		s := BarSeries{Name: name}
		for k := range etcTypes {
			y := 1.0
			if a > 0 {
				y = 0.7 + 0.1*float64(a) + 0.05*math.Sin(float64(k*a))
			}
			ci := 0.02 + 0.005*float64(k%3)
			s.Y = append(s.Y, y)
			s.Lo = append(s.Lo, y-ci)
			s.Hi = append(s.Hi, y+ci)
		}
		spec.Series = append(spec.Series, s)
	}
	return spec
}

func ganttFixture(title string, shift float64) GanttSpec {
	return GanttSpec{
		Title:    title,
		Machines: []string{"m0", "m1", "m2"},
		Ready:    []float64{0, 4, 2},
		Tasks: []GanttTask{
			{Machine: 0, Start: 0, End: 7 + shift, Label: "j0", Color: 0},
			{Machine: 0, Start: 7 + shift, End: 12 + shift, Label: "j3", Color: 3},
			{Machine: 1, Start: 4, End: 9, Label: "j1", Color: 1},
			{Machine: 1, Start: 9, End: 9.6, Label: "j5", Color: 5},
			{Machine: 2, Start: 2, End: 8, Label: "j2", Color: 2},
			{Machine: 2, Start: 8, End: 14 - shift, Label: "j4", Color: 4},
		},
	}
}

func ganttGridFixture() []GanttSpec {
	var specs []GanttSpec
	for i, name := range []string{"MCT", "Min-Min", "Max-Min", "Sufferage", "OLB"} {
		specs = append(specs, ganttFixture(name, float64(i)*0.8))
	}
	return specs
}

func stackFixture() StackSpec {
	spec := StackSpec{
		Title:  "Job states over time",
		XLabel: "time (s)",
		YLabel: "jobs",
		Note:   "trace: synthetic, 40 jobs",
	}
	names := []string{"done", "running", "queued", "pending"}
	ys := make([][]float64, len(names))
	for j := range 21 {
		t := float64(j) * 5
		spec.X = append(spec.X, t)
		done := math.Min(40, math.Max(0, 2*float64(j)-6))
		running := math.Min(8, 40-done)
		left := 40 - done - running
		queued := math.Min(left, float64(j))
		pending := left - queued
		for i, v := range []float64{done, running, queued, pending} {
			ys[i] = append(ys[i], v)
		}
	}
	for i, n := range names {
		spec.Layers = append(spec.Layers, Layer{Name: n, Y: ys[i]})
	}
	return spec
}
