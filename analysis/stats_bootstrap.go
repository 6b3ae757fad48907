package analysis

import (
	"context"
	"hash/fnv"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sort"

	"golang.org/x/sync/errgroup"
)

// BootstrapCI returns the 95% percentile bootstrap interval of stat over
// reps resamples (with replacement) of xs.
//
// The generator is seeded from a hash of the values, as benchstat does, so
// the same data always give the same interval and a report can be rebuilt
// byte for byte. The values are sorted before hashing and resampling, so
// the order in which runs finished does not matter either; stat must
// therefore not depend on order (mean, median, quantiles do not).
//
// stat receives a scratch slice that is overwritten by the next resample; it
// must not keep it. Endpoints are the 2.5% and 97.5% quantiles of the reps
// statistics with linear interpolation between order statistics. It returns
// NaN, NaN when xs is empty or reps < 1; stat must not return NaN.
func BootstrapCI(xs []float64, stat func([]float64) float64, reps int) (lo, hi float64) {
	if len(xs) == 0 || reps < 1 {
		return math.NaN(), math.NaN()
	}
	rs := newResampler(xs)
	sample := make([]float64, len(xs))
	stats := make([]float64, reps)
	for r := range stats {
		for i := range sample {
			j, _ := bits.Mul64(rs.src.Uint64(), rs.n)
			sample[i] = rs.sorted[j]
		}
		stats[r] = stat(sample)
	}
	return interval(stats)
}

// resampler draws the values of BootstrapCI's resamples: xs sorted, and a
// generator seeded from them. A draw is sorted[j] for j, _ :=
// bits.Mul64(src.Uint64(), n), written out in each loop (as a method it
// is not inlined): the generator is math/rand/v2's PCG written out here
// (pcg) and draws are mapped to indices by our own multiply-shift, so
// that no library change can move the interval. The bias of
// multiply-shift is below n/2^64.
type resampler struct {
	sorted []float64
	src    pcg // math/rand/v2's PCG, written out (see pcg)
	n      uint64
}

func newResampler(xs []float64) resampler {
	sorted := append([]float64(nil), xs...)
	sort.Float64s(sorted)
	h := fnv.New64a()
	var buf [8]byte
	for _, x := range sorted {
		u := math.Float64bits(x)
		for i := range buf {
			buf[i] = byte(u >> (8 * i))
		}
		h.Write(buf[:])
	}
	seed := h.Sum64()
	return resampler{sorted, pcg{seed, seed ^ 0x9e3779b97f4a7c15}, uint64(len(sorted))} // (rand.NewPCG(seed, seed^…))
}

// interval is the 2.5% and 97.5% quantiles of the resamples' statistics.
func interval(stats []float64) (lo, hi float64) {
	sort.Float64s(stats)
	return quantileSorted(stats, 0.025), quantileSorted(stats, 0.975)
}

// quantileSorted is the q-quantile of sorted values by linear interpolation
// between order statistics (Hyndman & Fan type 7, R's and numpy's default).
func quantileSorted(s []float64, q float64) float64 {
	pos := q * float64(len(s)-1)
	i := int(pos)
	if i >= len(s)-1 {
		return s[len(s)-1]
	}
	f := pos - float64(i)
	return s[i] + f*(s[i+1]-s[i])
}

// MeanBootstrapCI is the 95% percentile bootstrap interval of the mean of
// xs (10,000 resamples, seeded from the values): it lies within [min, max]
// of the values, so the interval of a non-negative metric is never
// negative, as a t-interval of a few skewed repetitions can be. NaN, NaN
// for no values or any NaN value.
func MeanBootstrapCI(xs []float64) (lo, hi float64) {
	if len(xs) == 0 || hasNaN(xs) {
		return math.NaN(), math.NaN()
	}
	// BootstrapCI with mean, each resample summed as its values are drawn
	// rather than stored and summed again: mean's additions in the same
	// order, so the same bits, without the stores and the second pass (a
	// study of 10,000 repetitions spent half its report's CPU in the 10⁸
	// draws of each of its intervals).
	return newResampler(xs).meanInterval()
}

// meanInterval is MeanBootstrapCI of rs's values.
func (rs resampler) meanInterval() (lo, hi float64) {
	stats := make([]float64, 10000)
	rs.means(stats)
	return interval(stats)
}

// means sets each of stats to the mean of a resample, drawn one after
// another from rs's generator, as BootstrapCI with mean does: each
// value added as it is drawn, in the order drawn (the same additions,
// so the same bits: TestResamplerMeansAreOneByOnes).
//
// Two resamples are drawn side by side, the second from where the
// generator stands after the first (a jump of n draws, pcgJump): a draw
// steps the generator's state, whose next step needs it, and adds to a
// sum, whose next addition needs it, so one resample at a time waits on
// those two chains; two overlap them, until the six multiplications of
// a draw bound it (four side by side were no faster). A study of
// 10,000 repetitions draws 10⁸ values for each of its intervals.
func (rs resampler) means(stats []float64) {
	n, xs := rs.n, rs.sorted
	jump := newPCGJump(n)
	p0 := rs.src
	r := 0
	for ; r+2 <= len(stats); r += 2 {
		p1 := jump.from(p0)
		var s0, s1 float64
		for range n {
			j0, _ := bits.Mul64(p0.Uint64(), n)
			j1, _ := bits.Mul64(p1.Uint64(), n)
			s0 += xs[j0]
			s1 += xs[j1]
		}
		d := float64(n)
		stats[r], stats[r+1] = s0/d, s1/d // (as mean divides)
		p0 = p1
	}
	for ; r < len(stats); r++ {
		s := 0.0
		for range n {
			j, _ := bits.Mul64(p0.Uint64(), n)
			s += xs[j]
		}
		stats[r] = s / float64(n)
	}
}

// MeanBootstrapCIs is MeanBootstrapCI of each of sets, computed side by
// side on up to GOMAXPROCS goroutines: each interval is seeded from its
// own values, so the intervals are the same however the sets are shared
// out. An interval takes 10⁴ draws per value (36 ms at 1,000 values,
// BenchmarkMeanBootstrapCI), so a study of thousands of repetitions
// spends its report in them. It stops starting new ones once ctx is done
// and then returns ctx's error.
func MeanBootstrapCIs(ctx context.Context, sets [][]float64) ([][2]float64, error) {
	out := make([][2]float64, len(sets))
	// Sets of the same values have the same interval, as it is made from
	// the values sorted and seeded from them: each is computed once. A
	// study's algorithms often give the same values on small workloads: a
	// study of 10,000 repetitions of 5-job Lublin workloads had 34
	// distinct sets among its 60. (The values as the interval sorts them
	// are compared, bit for bit: -0 and 0 sort as equal.)
	first := make([]int, len(sets)) // the index of the first set of the same values
	rs := make([]resampler, len(sets))
	seen := map[uint64][]int{} // the distinct sets by their seed
	for i, xs := range sets {
		first[i] = i
		if len(xs) == 0 || hasNaN(xs) {
			out[i] = [2]float64{math.NaN(), math.NaN()}
			continue
		}
		rs[i] = newResampler(xs)
		seed := rs[i].src.hi
		for _, j := range seen[seed] {
			if slices.EqualFunc(rs[i].sorted, rs[j].sorted, func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }) {
				first[i] = j
				break
			}
		}
		if first[i] == i {
			seen[seed] = append(seen[seed], i)
		}
	}
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i := range sets {
		if first[i] != i || rs[i].n == 0 {
			continue
		}
		g.Go(func() error {
			if err := gctx.Err(); err != nil {
				return err
			}
			out[i][0], out[i][1] = rs[i].meanInterval()
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	for i, j := range first {
		out[i] = out[j]
	}
	return out, nil
}
