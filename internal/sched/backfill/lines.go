package backfill

import (
	"math"
	"slices"

	"github.com/gridbench/gridbench/internal/radix"
	"github.com/gridbench/gridbench/internal/sim"
)

// lineSet holds the waiting jobs of an order whose key grows with the
// wait (lineKeys: WFP3, UNICEP) in arrival order, each with what its key
// is computed from, summed up in blocks of lineBlock jobs. The jobs are
// not kept in the key's order: from one pass to the next that order
// changes too much (on the first 400,000 RICC-2010-2 jobs, sorting the
// last pass's order again by insertion moved jobs 790 M times, for 2.85 G
// keys computed; it took 28 s of CPU). Nor does a pass compute every
// waiting job's key (that took 55% of EASY-WFP3's CPU): a block's sums
// bound its jobs' keys now, from both sides, and a pass computes the keys
// of the blocks whose bounds do not settle what it asks (the first job,
// the first that can start, how many come before a job; see
// scheduleLines).
//
// The bounds are the key's own formula on a block's extreme values: the
// key is, with w = now − submit, −(w/r)³·n (WFP3) or −w/d (UNICEP, d =
// log2(n)·r), and each operation of it, rounded as it is, never falls
// when w or n grows or r or d shrinks, all of them at least 0. So the
// formula on the earliest submit time, the least divisor and the most
// CPUs of a block is no more than any of its keys (bit for bit, not
// approximately), and on the latest, the most and the least no less.
type lineSet struct {
	kind lineKind
	job  []int32
	cpus []int32   // absentCPUs once started
	sub  []float64 // submit time (in arrival order: never decreasing)
	// div is the divisor of the key: WFP3's max(r, 1), UNICEP's
	// max(log2 n, 1)·max(r, 1), each computed as the key computes it.
	div   []float64
	dur   []float64 // the estimate on machine 0
	key   []uint64  // the keys now (radix.Float64Key), lower first, of the blocks computed at this pass
	alive int       // the jobs not started
	front int       // the slots before it have all started
	now   float64
	pass  uint32
	// Per block of lineBlock slots, over its jobs not started: how many,
	// the fewest and most CPUs, the least and most divisor, the earliest
	// and latest submit time, the shortest estimate, the least key they
	// can have now (lo), and the pass at which their keys were computed.
	bn         []int32
	bcLo, bcHi []int32
	bdLo, bdHi []float64
	bsLo, bsHi []float64
	bdur       []float64
	lo         []uint64
	kpass      []uint32
}

// lineBlock is the number of slots a block of a lineSet sums up.
const lineBlock = 64

type lineKind uint8

const (
	noLine lineKind = iota
	lineWFP3
	lineUNICEP
)

// lineKindOf says which of lineKeys k is.
func lineKindOf(k Key) lineKind {
	switch {
	case sameKey(k, WFP3):
		return lineWFP3
	case sameKey(k, UNICEP):
		return lineUNICEP
	}
	return noLine
}

// lineKey is the key at now of a job submitted at sub, with the divisor
// div and cpus CPUs: bit for bit the Key's (WFP3 −(w/r)³·n, UNICEP
// −w/(log2(n)·r), with w = now − submit and r, log2(n) as at least 1, in
// the divisor).
func lineKey(kind lineKind, now, sub, div float64, cpus int32) uint64 {
	if kind == lineWFP3 {
		return wfp3Key(now, sub, div, cpus)
	}
	return unicepKey(now, sub, div)
}

func wfp3Key(now, sub, div float64, cpus int32) uint64 {
	x := (now - sub) / div
	return radix.Float64Key(-x * x * x * float64(cpus))
}

func unicepKey(now, sub, div float64) uint64 { return radix.Float64Key(-(now - sub) / div) }

// arriveLines enters the jobs arrived since the last pass, in arrival
// order, and starts the pass at now: the started jobs are dropped once
// they outgrow the others, and the blocks' least keys computed.
func (o *Order) arriveLines(s *sim.State) {
	l := &o.ln
	l.now = s.Now()
	l.pass++
	from := len(l.job) / lineBlock
	if outgrows(len(l.job)-l.alive, l.alive) {
		w := 0
		for i, c := range l.cpus {
			if c != absentCPUs {
				l.job[w], l.cpus[w], l.sub[w], l.div[w], l.dur[w] = l.job[i], c, l.sub[i], l.div[i], l.dur[i]
				w++
			}
		}
		l.job, l.cpus, l.sub, l.div, l.dur = l.job[:w], l.cpus[:w], l.sub[:w], l.div[:w], l.dur[:w]
		l.front, from = 0, 0
	}
	for _, j := range o.fresh {
		c := s.Job(j).CPUs
		div := atLeast1(o.est(s, j))
		if l.kind == lineUNICEP {
			div = max(log2CPUs(c), 1) * div
		}
		l.job = append(l.job, int32(j))
		l.cpus = append(l.cpus, int32(c))
		l.sub = append(l.sub, s.Job(j).Submit)
		l.div = append(l.div, div)
		l.dur = append(l.dur, s.Platform().Scale(o.est(s, j), 0))
	}
	l.alive += len(o.fresh)
	o.fresh = o.fresh[:0]
	n := (len(l.job) + lineBlock - 1) / lineBlock
	if cap(l.key) < len(l.job) {
		l.key = make([]uint64, len(l.job), 2*len(l.job))
	}
	l.key = l.key[:len(l.job)]
	// (The blocks from "from" on are summed up anew.)
	l.bn, l.bcLo, l.bcHi = resize(l.bn, from, n), resize(l.bcLo, from, n), resize(l.bcHi, from, n)
	l.bdLo, l.bdHi = resize(l.bdLo, from, n), resize(l.bdHi, from, n)
	l.bsLo, l.bsHi, l.bdur = resize(l.bsLo, from, n), resize(l.bsHi, from, n), resize(l.bdur, from, n)
	l.lo, l.kpass = resize(l.lo, from, n), resize(l.kpass, from, n)
	for b := from; b < n; b++ {
		l.blockSum(b)
	}
	for b := range from {
		l.lo[b] = l.bound(b, false)
	}
}

// resize returns x with its first from elements and length n.
func resize[T any](x []T, from, n int) []T { return slices.Grow(x[:from], n-from)[:n] }

// blockSum sums up block b's jobs not started, and bounds their keys now.
func (l *lineSet) blockSum(b int) {
	n, cLo, cHi := int32(0), int32(math.MaxInt32), int32(0)
	dLo, dHi, sLo, sHi, dur := math.Inf(1), 0.0, math.Inf(1), math.Inf(-1), math.Inf(1)
	for i := b * lineBlock; i < min((b+1)*lineBlock, len(l.job)); i++ {
		c := l.cpus[i]
		if c == absentCPUs {
			continue
		}
		n++
		cLo, cHi = min(cLo, c), max(cHi, c)
		dLo, dHi = min(dLo, l.div[i]), max(dHi, l.div[i])
		sLo, sHi = min(sLo, l.sub[i]), max(sHi, l.sub[i])
		dur = min(dur, l.dur[i])
	}
	l.bn[b], l.bcLo[b], l.bcHi[b] = n, cLo, cHi
	l.bdLo[b], l.bdHi[b], l.bsLo[b], l.bsHi[b], l.bdur[b] = dLo, dHi, sLo, sHi, dur
	l.lo[b] = l.bound(b, false)
}

// bound returns the least key (hi: the greatest) block b's jobs not
// started can have now (see lineSet).
func (l *lineSet) bound(b int, hi bool) uint64 {
	if l.bn[b] == 0 {
		return math.MaxUint64
	}
	if hi {
		return lineKey(l.kind, l.now, l.bsHi[b], l.bdHi[b], l.bcLo[b])
	}
	return lineKey(l.kind, l.now, l.bsLo[b], l.bdLo[b], l.bcHi[b])
}

// keys computes the keys now of block b's jobs, if not yet at this pass.
func (l *lineSet) keys(b int) {
	if l.kpass[b] == l.pass {
		return
	}
	l.kpass[b] = l.pass
	a, e, now := b*lineBlock, min((b+1)*lineBlock, len(l.job)), l.now
	key, sub, div, cpus := l.key[a:e], l.sub[a:e], l.div[a:e], l.cpus[a:e]
	if l.kind == lineWFP3 { // (lineKey, a loop for each kind)
		for i := range key {
			key[i] = wfp3Key(now, sub[i], div[i], cpus[i])
		}
		return
	}
	for i := range key {
		key[i] = unicepKey(now, sub[i], div[i])
	}
}

// before reports whether the job at slot x comes before the one at y in
// the key's order (ties in arrival order, the slots'); both keys computed.
func (l *lineSet) before(x, y int) bool {
	return l.key[x] < l.key[y] || l.key[x] == l.key[y] && x < y
}

// least returns the slot of the first job not started in the key's
// order (-1: none).
func (l *lineSet) least() int {
	return l.firstToStart(-1, math.MaxInt32-1, 0, false, 0, 0)
}

// firstToStart returns the slot of the first job in the key's order but
// the head that can start on the only machine now (-1: none), as
// backfillMachine tests it: CPUs at most free and, where the head is
// reserved on it (reserved), an estimate ending by the shadow time or
// CPUs at most spare. It reads only the blocks whose least key does not
// come after the best found so far and whose sums (fewest CPUs, shortest
// estimate) may pass the test.
func (l *lineSet) firstToStart(head, free, spare int, reserved bool, now, shadow float64) int {
	best, bk := -1, uint64(math.MaxUint64)
	f, sp := int32(free), int32(spare)
	for b, lo := range l.lo {
		// (A block after the best's wins no tie: it comes later. An
		// empty block's fewest CPUs are MaxInt32.)
		if c := l.bcLo[b]; lo >= bk || c > f || reserved && c > sp && now+l.bdur[b] > shadow {
			continue
		}
		l.keys(b)
		for i := b * lineBlock; i < min((b+1)*lineBlock, len(l.job)); i++ {
			if c, k := l.cpus[i], l.key[i]; k >= bk || c > f || reserved && c > sp && now+l.dur[i] > shadow || i == head {
				continue
			}
			best, bk = i, l.key[i]
		}
	}
	return best
}

// kill marks the job at slot x started.
func (l *lineSet) kill(x int) {
	l.cpus[x] = absentCPUs
	l.alive--
	l.blockSum(x / lineBlock)
	for l.front < len(l.cpus) && l.cpus[l.front] == absentCPUs {
		l.front++
	}
}

// headsByScan is how many heads a pass finds by a search of the keys
// (one each) before it sorts the jobs not started: most passes start
// none.
const headsByScan = 4

// scheduleLines is Schedule for an order whose key grows with the wait
// (the queue's, or the backfill's after arrival order): the same starts
// and the same work as walking the jobs sorted by key.
//
// The heads are found by a search of the keys each (after headsByScan of
// them, from the jobs sorted), or in arrival order. On one machine, the
// backfill then searches for the first job in key order that can start
// (backfillMachine's test, on the arrays), starts it, and searches again:
// as free and spare CPUs only shrink, a job that cannot start cannot
// later in the pass, so these are the starts of the walk in key order.
// On several machines it sorts the jobs that need no more CPUs than a
// machine has free (no other can start anywhere) and tries them in that
// order. The work counted is the walk's: the jobs after the head, or
// those up to the start that leaves no CPU free (counted by rank).
func (o *Order) scheduleLines(s *sim.State) {
	o.arriveLines(s)
	l := &o.ln
	if l.alive == 0 {
		return
	}
	work := s.Work()
	head, sorted, next := -1, false, 0
	for n := 0; ; n++ {
		var x int
		switch {
		case o.Queue == nil: // arrival order
			x = l.front
		case n < headsByScan:
			x = l.least()
		default:
			if !sorted {
				o.items = o.sortLines(o.items[:0], math.MaxInt32)
				sorted, next = true, 0
			}
			for next < len(o.items) && l.cpus[o.items[next].Index] == absentCPUs {
				next++
			}
			x = len(l.cpus)
			if next < len(o.items) {
				x = o.items[next].Index
			}
		}
		if x < 0 || x == len(l.cpus) {
			return // every job started
		}
		work.Inc()
		j := int(l.job[x])
		m := firstFit(s, o.order, j)
		if m < 0 {
			head = x
			break
		}
		o.start(s, j, m) // cannot fail: firstFit checked the CPUs
		l.kill(x)
	}
	rest := l.alive - 1 // the jobs after the head
	if rest == 0 {
		return
	}
	free := totalFree(s)
	if free == 0 {
		return
	}
	resM, shadow, spare := o.reserve(s, int(l.job[head]))
	read := rest
	if len(s.Platform().Machines) == 1 {
		now, started := s.Now(), 0
		for {
			x := l.firstToStart(head, free, spare, resM == 0, now, shadow)
			if x < 0 {
				break
			}
			j := int(l.job[x])
			var m int
			if m, spare = o.backfillMachine(s, j, resM, shadow, spare); m < 0 {
				panic("backfill: internal error: a job found to start does not")
			}
			o.start(s, j, m)
			started++
			if free -= s.Job(j).CPUs; free == 0 {
				read = l.rank(x, head) + started // (the walk's starts before x are marked)
				l.kill(x)
				break
			}
			l.kill(x)
		}
		work.Add(read)
		return
	}
	cands := o.sortLines(o.items[:0], int32(s.MaxFree()))
	o.items = cands
	started := o.nj[:0] // the slots started, marked once counted
	for _, it := range cands {
		x := it.Index
		if x == head {
			continue
		}
		j := int(l.job[x])
		var m int
		if m, spare = o.backfillMachine(s, j, resM, shadow, spare); m < 0 {
			continue
		}
		o.start(s, j, m)
		started = append(started, x)
		if free -= s.Job(j).CPUs; free == 0 {
			read = l.rank(x, head) + 1
			break
		}
	}
	work.Add(read)
	for _, x := range started {
		l.kill(x)
	}
	o.nj = started
}

// sortLines appends to items the jobs not started that need at most most
// CPUs, in the key's order (a stable sort of the slots, in arrival order).
func (o *Order) sortLines(items []radix.Item, most int32) []radix.Item {
	l := &o.ln
	for b := range l.bn {
		if l.bn[b] == 0 || l.bcLo[b] > most {
			continue
		}
		l.keys(b)
		for i := b * lineBlock; i < min((b+1)*lineBlock, len(l.job)); i++ {
			if c := l.cpus[i]; c != absentCPUs && c <= most {
				items = append(items, radix.Item{Key: l.key[i], Index: i})
			}
		}
	}
	items, o.spare = radix.SortBuf(items, o.spare)
	return items
}

// rank returns the number of jobs not started before the one at slot x
// in the key's order, but the head: those of the walk's jobs before x
// not started. A block whose keys all come after x's, or all before it,
// is counted from its bounds.
func (l *lineSet) rank(x, head int) int {
	l.keys(x / lineBlock)
	kx, n := l.key[x], 0
	for b, lo := range l.lo {
		if lo > kx || l.bn[b] == 0 {
			continue
		}
		if hi := l.bound(b, true); hi < kx {
			n += int(l.bn[b])
			if head/lineBlock == b {
				n--
			}
			continue
		}
		l.keys(b)
		for y := b * lineBlock; y < min((b+1)*lineBlock, len(l.job)); y++ {
			if l.cpus[y] != absentCPUs && y != head && l.before(y, x) {
				n++
			}
		}
	}
	return n
}
