package backfill

import (
	"math"
)

// profile is a machine's free CPUs over time from now on: free[k] CPUs on
// [t[k], t[k+1]), the last step lasting forever. The steps before h have
// ended (see prune); consecutive steps never hold the same free CPUs, so
// a profile holds at most two steps per job running or reserved on it,
// whatever the history.
//
// A flat list: inserting a step moves the ones after it, and removing
// one too (see splice). Blocks of 128 steps with their least and most
// free CPUs and a lazy amount (so a search skips whole blocks) were
// tried and were slower: 11.5 against 8.0 s of CPU on the first 40,000
// RICC-2010-2 jobs. Under CONS, on the first 100,000 jobs the profile
// holds 352 steps on average at an edit, and the 24.4 M edits move 1.7
// G steps (1.18 G after the interval edited, 0.52 G inside it); on the
// first 400,000, 1,334 steps, and 159 M edits move 45.4 G (28.6 G and
// 16.8 G), a quarter of CONS's CPU there: blocks are the way to grow
// less. A gap kept where the last edit was (so an edit moves the steps
// between it and the last one) would move about as much or more: 0.93
// G and 50.2 G steps lie between the ends of consecutive edits (38 and
// 316 on average). Moving the steps before an edit into the room the
// ended ones leave, where they are fewer than those after it, would move
// 1.25 G and 29.7 G steps: built, it took 0.96 of the CPU at 400k (3
// pairs) and 1.01 at 100k (9 pairs), and was not kept. Measured and
// not built: CONS.move's two edits (the window held from the new start,
// the one freed up to the old end) as one, which moves the steps after
// both by their net change alone: on the first 100,000 jobs its 3.94 M
// moves would rewrite the 313 M steps between the two edits and move
// 370 M after them, against at most 962 M and 652 M now, in a memmove
// that is 15% of CONS's CPU there (on an Intel Xeon), half of it
// CONS.move's: 3% at best. Measured and not kept: on an Intel CPU with
// ERMS and FSRM, Go's copy of 2 KiB or more is one REP MOVSQ, which runs
// at less than half its speed when the destination lies fewer than 64
// bytes below the source, as after a merge (30,000 steps down by one:
// 14-19 GB/s; up by one, or down by sixteen: 34-39 GB/s, on an Intel
// Xeon). Moving down in pieces of 1 KiB, which take the vector loop,
// cut memmove from 20.9 to 14.1 s of CONS's CPU on the first 400,000
// jobs there, but the whole run only from 60.4 to 58.6 s (0.97; single
// runs of BenchmarkScale, and 0.94 and 1.00 in two pairs of simulate),
// and 0.96 at 100,000 (0.76-1.14, 5 pairs). Measured and not kept
// (2026-12-01, Intel Xeon): room kept in the list, as a packed-memory
// array keeps it (an entry repeating the one before it is room; a merge
// leaves room rather than moving the tail, an insertion moves the
// entries up to the nearest room within 32, else the room of a window of
// 256 or more entries is spread evenly, else the whole profile is copied
// with room after every eighth step). It matched the schedule job by
// job, and memmove fell from 0.85 to 0.37 s on the first 100,000
// RICC-2010-2 jobs, but CONS took 8.9-10.8 s of CPU against 6.5-7.4 s,
// and 79.3 against 62.2 s on the first 400,000: a full compression
// inserts a step per job placed and merges almost none, so the room ran
// out where the placements went (finding and spreading it took 2.1 s),
// and the searches and holds read 20% more entries (2.00 G against 1.67
// G steps at 100,000).
//
// The free counts are int32 (a machine has at most sim.MaxMachineCPUs
// CPUs), so a step takes 12 bytes: a search and a hold walk about 83
// steps per job placed on RICC-2010-2, and the profile of a queue of
// thousands of jobs then stays in the first-level cache longer. A hold
// and a shift take eight steps to an instruction where the CPU has
// AVX2 (hold8, add32; their pure-Go twins in hold.go run elsewhere).
type profile struct {
	t    []float64
	free []int32
	h    int
}

func (p *profile) reset(now float64, cpus int) {
	p.t = append(p.t[:0], now)
	p.free = append(p.free[:0], int32(cpus))
	p.h = 0
}

// prune drops the steps that ended by now, so the first starts at now.
// The dropped prefix is reclaimed once it is the larger part, so the
// profile's memory follows what runs and waits, not the history.
func (p *profile) prune(now float64) {
	k := p.h
	for k+1 < len(p.t) && p.t[k+1] <= now {
		k++
	}
	p.h = k
	p.t[k] = now
	if k > 64 && k > len(p.t)/2 {
		n := copy(p.t, p.t[k:])
		copy(p.free, p.free[k:])
		p.t, p.free, p.h = p.t[:n], p.free[:n], 0
	}
}

// add holds cpus on [from, to) (frees them if cpus < 0); from >= now.
func (p *profile) add(from, to float64, cpus int) {
	if !(to > from) {
		return
	}
	a := p.seek(p.h, from)
	b := p.seek(a, to)
	p.shift(a, b, -int32(cpus))
	p.splice(a, b, from, to, -int32(cpus))
}

// shift adds d free CPUs to steps a to b-1.
func (p *profile) shift(a, b int, d int32) {
	add32(p.free[a:b], d)
}

// splice makes the profile canonical again after d free CPUs were
// added to steps a to b-1, the first steps at or after from and to (or
// the number of steps), for the interval [from, to): it makes from and
// to breakpoints where they lie inside a step and merges them away where
// the free CPUs no longer change there, in one pass: the steps between
// move once, by the net change at from, and those after to once, by the
// net change at both ends, where a split or a merge at each end moved
// all the steps after it (on the first 100,000 RICC-2010-2 jobs, splits
// and merges moved 2.2 G steps in all).
func (p *profile) splice(a, b int, from, to float64, d int32) {
	ts, fr := p.t, p.free
	n := len(ts)
	insA := a == n || ts[a] != from // from lies inside step a-1 (a > h)
	insB := b == n || ts[b] != to   // to lies inside step b-1
	var vA, vB int32                // the steps made at from and to
	if insA {
		vA = fr[a-1] + d
	}
	if insB {
		vB = fr[b-1] // (step b-1 is before a, unchanged, when a == b)
		if b > a {
			vB -= d
		}
	}
	delA := !insA && a > p.h && fr[a] == fr[a-1]
	// The step before to, once edited: the one made at from when the
	// interval lies in one step (a == b), else step b-1 (if delA and b ==
	// a+1, step a-1 holds its value).
	left := vA
	if b > a {
		left = fr[b-1]
	}
	delB := !insB && b < n && left == fr[b]
	// The new steps: ts[:a], the step at from (insA), the steps a..b-1
	// (but a when delA), the step at to (insB), the steps from b on (but
	// b when delB).
	b2i := func(x bool) int {
		if x {
			return 1
		}
		return 0
	}
	mid0, tail0 := a+b2i(delA), b+b2i(delB)
	midTo := a + b2i(insA)
	tailTo := midTo + (b - mid0) + b2i(insB)
	grow := tailTo - tail0
	if grow > 0 {
		ts = append(ts, make([]float64, grow)...)
		fr = append(fr, make([]int32, grow)...)
	}
	move := func(to, from, end int) { // steps from..end-1 to to..
		if to != from {
			copy(ts[to:], ts[from:end])
			copy(fr[to:], fr[from:end])
		}
	}
	if grow >= 0 { // both move right (or stay): the tail first
		move(tailTo, tail0, n)
		move(midTo, mid0, b)
	} else { // both move left: the middle first
		move(midTo, mid0, b)
		move(tailTo, tail0, n)
	}
	if insA {
		ts[a], fr[a] = from, vA
	}
	if insB {
		ts[tailTo-1], fr[tailTo-1] = to, vB
	}
	p.t, p.free = ts[:n+grow], fr[:n+grow]
}

// earliest returns the first breakpoint at which need CPUs stay free for
// dur, and the steps read.
func (p *profile) earliest(need int, dur float64) (float64, int) {
	f := p.fitFrom(need, dur, math.Inf(-1), -1)
	return f.t, f.steps
}

// fit is a start found by a search: time t is step a, the window's end
// lies in step b-1 (b is the first step at or after it, or the number
// of steps), and steps were read to find it.
type fit struct {
	t     float64
	a, b  int
	steps int
}

// fitFrom is earliest for a caller who knows that no start before from
// fits (the search begins at the step holding from, sought from step
// near, see stepNear), with the steps of the start and of the window's
// end, for addAt.
func (p *profile) fitFrom(need int, dur, from float64, near int) fit {
	f := p.scan(p.stepNear(near, from), need, dur, math.Inf(1), math.Inf(1))
	if math.IsInf(f.t, 1) {
		panic("backfill: internal error: a machine large enough is never free")
	}
	return f
}

// scan returns the first breakpoint before lim, from step a0 on, at
// which need CPUs stay free for dur or until cut, whichever comes first,
// with its steps and the steps read; +Inf if there is none, with in a
// the step the search stopped at (the first at or after lim). The
// caller knows that no start before step a0 fits.
func (p *profile) scan(a0, need int, dur, lim, cut float64) fit {
	steps := 0
	n := int32(need) // need <= a machine's CPUs <= sim.MaxMachineCPUs
	ts, free := p.t, p.free[:len(p.t)]
	a := a0
	for ; a < len(ts) && ts[a] < lim; a++ {
		steps++
		if free[a] < n {
			continue
		}
		end := min(ts[a]+dur, cut)
		b := a + 1
		for ; b < len(ts) && ts[b] < end; b++ {
			steps++
			if free[b] < n {
				break
			}
		}
		if b == len(ts) || !(ts[b] < end) {
			return fit{ts[a], a, b, steps}
		}
		a = b // no start before b can work
	}
	return fit{t: math.Inf(1), a: a, steps: steps}
}

// fitHold is fitFrom followed by addAt(f, f.t+dur, need) in one walk:
// each window tried is held as its steps are read, and given back if a
// step is too full, so the window found is not walked a second time
// (RICC-2010-2: a window is about 83 steps, and 99% of the steps a
// placement reads are its own window's).
//
// It places up to n jobs of this shape one after another, each from the
// start the one before it found: the first job's start holds k of them,
// as many as its window has room for (k >= 1), and their CPUs are held
// together in a second walk of the window. It returns the start and k.
func (p *profile) fitHold(need int, dur, from float64, near, n int) (fit, int) {
	if !(dur > 0) {
		return p.fitFrom(need, dur, from, near), n // a zero-length job holds nothing
	}
	c := int32(need)
	ts, free := p.t, p.free[:len(p.t)]
	steps := 0
	for a := p.stepNear(near, from); a < len(ts); a++ {
		steps++
		if free[a] < c {
			continue
		}
		t0, end := ts[a], ts[a]+dur
		least := free[a] // the fewest CPUs free in the window, before the hold
		free[a] -= c
		// Eight steps at a time while the window holds them all and each
		// has room, then one at a time: on the first 50,000 RICC-2010-2
		// jobs CONS took 0.74 of the CPU it took one step at a time (four
		// at a time: 0.75). Eight to an instruction (hold8 with AVX2), it
		// takes 0.93 of the CPU of eight at a time in Go on the first
		// 100,000 jobs and 0.80 on the first 400,000, whose windows are
		// longer, on an AMD EPYC; about the same as in Go (1.02) on an
		// Intel Xeon, once it used no legacy SSE instruction (see
		// TestAVX2FormsUseNoLegacySSE).
		b, lo := hold8(ts, free, a+1, end, c)
		least = min(least, lo)
		steps += b - a - 1
		for ; b < len(ts) && ts[b] < end; b++ {
			steps++
			if free[b] < c {
				break
			}
			least = min(least, free[b])
			free[b] -= c
		}
		if b == len(ts) || !(ts[b] < end) {
			// Steps a to b-1 are held; the window ends at end, in
			// step b-1 or at its end. The jobs after the first that fit
			// there too are held in one more walk.
			k := int32(min(n, int(least/c)))
			if more := (k - 1) * c; more > 0 {
				p.shift(a, b, -more)
				steps += b - a
			}
			p.splice(a, b, t0, end, -k*c)
			return fit{t: t0, a: a, steps: steps}, int(k) // (a and b may have moved)
		}
		p.shift(a, b, c) // too full at step b: no start before its end fits
		a = b
	}
	panic("backfill: internal error: a machine large enough is never free")
}

// addAt is add(f.t, to, cpus) for the fit f of a window ending at to,
// found on the profile as it is: its steps need no search.
func (p *profile) addAt(f fit, to float64, cpus int) {
	if !(to > f.t) {
		return
	}
	p.shift(f.a, f.b, -int32(cpus))
	p.splice(f.a, f.b, f.t, to, -int32(cpus))
}

// stepAt returns the index of the step holding t, or of the first step
// if t is before now.
func (p *profile) stepAt(t float64) int {
	if !(t > p.t[p.h]) {
		return p.h
	}
	k := p.h + firstAtOrAfter(p.t[p.h:], t)
	if k == len(p.t) || p.t[k] != t {
		k--
	}
	return k
}

// stepNear is stepAt for a caller who knows a step k near the one
// holding t (k < 0: none): it gallops from k, back or on, before it
// bisects. A search for a job of a shape begins where the last search
// for that shape stopped, or near it: the steps since inserted or
// removed before it are few.
func (p *profile) stepNear(k int, t float64) int {
	ts := p.t
	if k < 0 || !(t > ts[p.h]) {
		return p.stepAt(t)
	}
	k = min(max(k, p.h), len(ts)-1)
	var i int // the first step at or after t
	if ts[k] <= t {
		i = p.seek(k, t)
	} else { // back to a step before t (step h is)
		lo, hi := k-1, k
		for lo > p.h && ts[lo] > t {
			hi, lo = lo, lo-2*(hi-lo)
		}
		lo = max(lo, p.h)
		i = lo + firstAtOrAfter(ts[lo:hi], t)
	}
	if i == len(ts) || ts[i] != t {
		i--
	}
	return i
}

// seek returns the index of the first step at or after t, for a caller
// who knows that step k0 begins at or before t and expects t a few steps
// on: it gallops from k0 (1, 2, 4, ... steps) before it bisects.
func (p *profile) seek(k0 int, t float64) int {
	ts := p.t
	lo, hi := k0, k0+1
	for hi < len(ts) && ts[hi] < t {
		lo, hi = hi, hi+2*(hi-lo)
	}
	hi = min(hi, len(ts))
	return lo + firstAtOrAfter(ts[lo:hi], t)
}

// firstAtOrAfter returns the index of the first of the sorted times ts
// at or after t (len(ts) if none). It is slices.BinarySearch for times,
// which are never NaN, so it compares with < alone: placing a job looks
// up the step its search begins at, and so does every hold.
func firstAtOrAfter(ts []float64, t float64) int {
	lo, hi := 0, len(ts)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if ts[mid] < t {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// maxFree returns the most CPUs free at any time in [now, to).
func (p *profile) maxFree(to float64) int {
	m := p.free[p.h]
	for k := p.h + 1; k < len(p.t) && p.t[k] < to; k++ {
		m = max(m, p.free[k])
	}
	return int(m)
}

// give frees cpus on [from, to) and returns the most CPUs then free
// there (math.MinInt32 if to is not after from: nothing is freed). Step
// k0 (p.h if the caller knows no better) begins at or before from: the
// steps are sought onward from it (see seek).
func (p *profile) give(k0 int, from, to float64, cpus int) int {
	if !(to > from) {
		return math.MinInt32
	}
	a := p.seek(k0, from)
	b := p.seek(a, to)
	c, most := int32(cpus), int32(math.MinInt32)
	if a == len(p.t) || p.t[a] != from {
		most = p.free[a-1] + c // from lies inside step a-1
	}
	free := p.free[a:b]
	for k := range free {
		free[k] += c
		most = max(most, free[k])
	}
	p.splice(a, b, from, to, c)
	return int(most)
}

// copyFrom makes p a copy of q.
func (p *profile) copyFrom(q *profile) {
	p.t = append(p.t[:0], q.t[q.h:]...)
	p.free = append(p.free[:0], q.free[q.h:]...)
	p.h = 0
}

// minFree returns the fewest CPUs free at any time from step k (the one
// holding the interval's start) up to to, and the steps read.
func (p *profile) minFree(k int, to float64) (int, int) {
	m, steps := p.free[k], 1
	for k++; k < len(p.t) && p.t[k] < to; k++ {
		m = min(m, p.free[k])
		steps++
	}
	return int(m), steps
}
