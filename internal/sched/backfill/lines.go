package backfill

import (
	"math"

	"github.com/gridbench/gridbench/internal/radix"
	"github.com/gridbench/gridbench/internal/sim"
)

// lineSet holds the waiting jobs of an order whose key grows with the
// wait (lineKeys: WFP3, UNICEP) in arrival order, each with what its key
// is computed from, and their keys at the current pass. The jobs are not
// kept in the key's order: from one pass to the next that order changes
// too much (on the first 400,000 RICC-2010-2 jobs, sorting the last
// pass's order again by insertion moved jobs 790 M times, for 2.85 G keys
// computed; it took 28 s of CPU). A pass computes every waiting job's key
// in one loop over these arrays, finds the heads by their keys, and sorts
// only the jobs the backfill could start (those needing no more CPUs than
// a machine has free), which it tries in the key's order (see
// scheduleLines).
type lineSet struct {
	kind lineKind
	job  []int32
	cpus []int32   // absentCPUs once started
	sub  []float64 // submit time
	// div is the divisor of the key: WFP3's max(r, 1), UNICEP's
	// max(log2 n, 1)·max(r, 1), each computed as the key computes it.
	div   []float64
	dur   []float64 // the estimate on machine 0
	key   []uint64  // the keys now (radix.Float64Key), lower first
	alive int       // the jobs not started
}

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

// arrive enters the jobs arrived since the last pass, in arrival order.
func (o *Order) arriveLines(s *sim.State) {
	l := &o.ln
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
}

// keysNow drops the jobs started and computes the others' keys at now,
// bit for bit the Key's: WFP3 −(w/r)³·n, UNICEP −w/(log2(n)·r), with w =
// now − submit and r, log2(n) as at least 1 (the divisor, computed once).
// It returns the slot of the first job in the key's order.
func (l *lineSet) keysNow(now float64) int {
	if l.alive < len(l.job) {
		w := 0
		for i, c := range l.cpus {
			if c != absentCPUs {
				l.job[w], l.cpus[w], l.sub[w], l.div[w], l.dur[w] = l.job[i], c, l.sub[i], l.div[i], l.dur[i]
				w++
			}
		}
		l.job, l.cpus, l.sub, l.div, l.dur = l.job[:w], l.cpus[:w], l.sub[:w], l.div[:w], l.dur[:w]
	}
	n := len(l.job)
	if cap(l.key) < n {
		l.key = make([]uint64, n, 2*n)
	}
	key, sub, div, cpus := l.key[:n], l.sub[:n], l.div[:n], l.cpus[:n]
	least, lk := 0, uint64(math.MaxUint64)
	switch l.kind {
	case lineWFP3:
		for i := range key {
			x := (now - sub[i]) / div[i]
			k := radix.Float64Key(-x * x * x * float64(cpus[i]))
			key[i] = k
			if k < lk {
				least, lk = i, k
			}
		}
	case lineUNICEP:
		for i := range key {
			k := radix.Float64Key(-(now - sub[i]) / div[i])
			key[i] = k
			if k < lk {
				least, lk = i, k
			}
		}
	}
	l.key = key
	return least
}

// before reports whether the job at slot x comes before the one at y in
// the key's order (ties in arrival order, the slots').
func (l *lineSet) before(x, y int) bool {
	return l.key[x] < l.key[y] || l.key[x] == l.key[y] && x < y
}

// least returns the slot of the first job not started in the key's
// order (-1: none).
func (l *lineSet) least() int {
	best := -1
	for i, c := range l.cpus {
		if c != absentCPUs && (best < 0 || l.key[i] < l.key[best]) {
			best = i
		}
	}
	return best
}

// kill marks the job at slot x started.
func (l *lineSet) kill(x int) {
	l.cpus[x] = absentCPUs
	l.alive--
}

// headsByScan is how many heads a pass finds by a scan of the keys (one
// each) before it sorts the jobs not started: most passes start none.
const headsByScan = 4

// scheduleLines is Schedule for an order whose key grows with the wait
// (the queue's, or the backfill's after arrival order): the same starts
// and the same work as walking the jobs sorted by key.
//
// The heads are found by a scan of the keys each (the first as the keys
// are computed; after headsByScan of them, from the jobs sorted), or in
// arrival order. On one machine, the backfill then scans the keys for
// the first job that can start (backfillMachine's test, on the arrays),
// starts it, and scans again: as free and spare CPUs only shrink, a job
// that cannot start cannot later in the pass, so these are the starts of
// the walk in key order. On several machines it sorts the jobs that need
// no more CPUs than a machine has free (no other can start anywhere) and
// tries them in that order. The work counted is the walk's: the jobs
// after the head, or those up to the start that leaves no CPU free.
func (o *Order) scheduleLines(s *sim.State) {
	o.arriveLines(s)
	l := &o.ln
	if l.alive == 0 {
		return
	}
	x := l.keysNow(s.Now())
	work := s.Work()
	head, sorted, next := -1, false, 0
	for n := 0; ; n++ {
		switch {
		case o.Queue == nil: // arrival order
			for next < len(l.cpus) && l.cpus[next] == absentCPUs {
				next++
			}
			x = next
		case n == 0: // (found by keysNow)
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
	free := 0
	for m := range s.Platform().Machines {
		free += s.Free(m)
	}
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
			l.kill(x)
			started++
			if free -= s.Job(j).CPUs; free == 0 {
				read = l.rank(x, head) + started
				break
			}
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

// firstToStart returns the slot of the first job in the key's order but
// the head that can start on the only machine now (-1: none), as
// backfillMachine tests it: CPUs at most free and, where the head is
// reserved on it (reserved), an estimate ending by the shadow time or
// CPUs at most spare.
func (l *lineSet) firstToStart(head, free, spare int, reserved bool, now, shadow float64) int {
	best, bk := -1, uint64(math.MaxUint64)
	f, sp := int32(free), int32(spare)
	for i, c := range l.cpus {
		if c > f || reserved && c > sp && now+l.dur[i] > shadow || i == head {
			continue
		}
		if k := l.key[i]; k < bk {
			best, bk = i, k
		}
	}
	return best
}

// sortLines appends to items the jobs not started that need at most most
// CPUs, in the key's order (a stable sort of the slots, in arrival order).
func (o *Order) sortLines(items []radix.Item, most int32) []radix.Item {
	l := &o.ln
	for i, c := range l.cpus {
		if c != absentCPUs && c <= most {
			items = append(items, radix.Item{Key: l.key[i], Index: i})
		}
	}
	items, o.spare = radix.SortBuf(items, o.spare)
	return items
}

// rank returns the number of jobs not started before the one at slot x
// in the key's order, but the head: those of the walk's jobs before x
// not started.
func (l *lineSet) rank(x, head int) int {
	n := 0
	for y, c := range l.cpus {
		if c != absentCPUs && y != head && l.before(y, x) {
			n++
		}
	}
	return n
}
