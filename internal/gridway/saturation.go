package gridway

import "sort"

// Saturation describes the LCG testbed under the background load alone
// (no experiment jobs) at one instant and over the window after it: the
// paper defines its three scenarios by free PEs ("always has free PEs",
// "fewer free PEs", "limited PEs"), not by the queue.
type Saturation struct {
	At     float64 // seconds from the trace start
	Free   int     // free PEs at At
	Queued int     // background jobs waiting at At
	// FreeShare[k] is the share of the cycles At, At+Cycle, … within
	// Windows[k] seconds after At that find at least one free PE.
	FreeShare []float64
}

// BackgroundSaturation measures the background alone at each time of at
// (any order) and over each window after it, sampling every cycle seconds
// (GridWay's scheduling interval). It advances a clone of pre, a
// background-only prefix that ends at or before the earliest time.
func BackgroundSaturation(pre *Sim, at, windows []float64, cycle float64) []Saturation {
	type sample struct {
		t        float64
		idx, win int // win < 0: the instant itself
	}
	out := make([]Saturation, len(at))
	var ss []sample
	for i, t := range at {
		out[i] = Saturation{At: t, FreeShare: make([]float64, len(windows))}
		ss = append(ss, sample{t, i, -1})
		for w, d := range windows {
			for k := 0; float64(k)*cycle < d; k++ {
				ss = append(ss, sample{t + float64(k)*cycle, i, w})
			}
		}
	}
	sort.SliceStable(ss, func(a, b int) bool { return ss[a].t < ss[b].t })
	s := pre.Clone()
	s.used = true // a measuring clone is never run
	n := make([][]int, len(at))
	for i := range n {
		n[i] = make([]int, len(windows))
	}
	for _, x := range ss {
		s.AdvanceTo(x.t)
		if x.win < 0 {
			out[x.idx].Free, out[x.idx].Queued = s.LCGFree(), s.LCGQueued()
			continue
		}
		n[x.idx][x.win]++
		if s.LCGFree() > 0 {
			out[x.idx].FreeShare[x.win]++
		}
	}
	for i := range out {
		for w := range windows {
			if n[i][w] > 0 {
				out[i].FreeShare[w] /= float64(n[i][w])
			}
		}
	}
	return out
}
